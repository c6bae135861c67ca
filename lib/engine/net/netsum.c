/*
 * netsum.c - the net file's checksums (2048-net(5)): a hash of four
 * lanes of multiply-rotate over 64-bit words, a checksum of each block of
 * the weights as the writer makes them and the reader checks them, and
 * the file's byte order.
 */
#include <string.h>

#include "2048-private.h"
#include "net.h"

#define HASH_MUL 0x9E3779B97F4A7C15ULL

static uint64_t
rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

/* Blocks of 32 bytes.  The lanes are kept in locals: bytes read through
 * an unsigned char pointer may alias *h, which would make the compiler
 * store and reload every lane for every word (6x slower). */
static void
hash_blocks(struct net_hash *h, const unsigned char *p, size_t nblocks)
{
	uint64_t l0 = h->lane[0], l1 = h->lane[1], l2 = h->lane[2],
	    l3 = h->lane[3];

	for (; nblocks > 0; nblocks--, p += 32) {
		l0 = rotl((l0 ^ blocks_rd64le(p)) * HASH_MUL, 31);
		l1 = rotl((l1 ^ blocks_rd64le(p + 8)) * HASH_MUL, 31);
		l2 = rotl((l2 ^ blocks_rd64le(p + 16)) * HASH_MUL, 31);
		l3 = rotl((l3 ^ blocks_rd64le(p + 24)) * HASH_MUL, 31);
	}
	h->lane[0] = l0;
	h->lane[1] = l1;
	h->lane[2] = l2;
	h->lane[3] = l3;
}

void
net_hash_init(struct net_hash *h)
{
	memset(h, 0, sizeof *h);
	h->lane[0] = 0x2048;
	h->lane[1] = 0x6e6574;       /* "net" */
	h->lane[2] = HASH_MUL;
	h->lane[3] = ~HASH_MUL;
}

void
net_hash_add(struct net_hash *h, const void *data, size_t n)
{
	const unsigned char *p = data;

	h->len += n;
	if (h->npart) {
		size_t take = 32 - h->npart < n ? 32 - h->npart : n;

		memcpy(h->part + h->npart, p, take);
		h->npart += take;
		p += take;
		n -= take;
		if (h->npart < 32)
			return;
		hash_blocks(h, h->part, 1);
		h->npart = 0;
	}
	hash_blocks(h, p, n / 32);
	p += n / 32 * 32;
	n %= 32;
	memcpy(h->part, p, n);
	h->npart = n;
}

uint64_t
net_hash_end(struct net_hash *h)
{
	uint64_t x;
	int i;

	memset(h->part + h->npart, 0, 32 - h->npart);
	hash_blocks(h, h->part, 1);
	x = h->len;
	for (i = 0; i < 4; i++)
		x = rotl((x ^ h->lane[i]) * HASH_MUL, 27);
	return x ^ x >> 29;
}

/* ---- format 2: a checksum a block -------------------------------------- */

/* A block's checksum: its bytes, and its index, so that a block moved
 * elsewhere does not match. */
static void
block_init(struct net_hash *h, uint64_t index)
{
	net_hash_init(h);
	h->lane[1] ^= index;
}

uint64_t
net_block_sum(const unsigned char *p, size_t len, uint64_t index)
{
	struct net_hash h;

	block_init(&h, index);
	net_hash_add(&h, p, len);
	return net_hash_end(&h);
}

static void
put64le(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

void
net_blocks_add(struct net_blocks *b, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t take;

	while (n > 0) {
		if (b->fill == 0)
			block_init(&b->h, b->index);
		take = b->block - b->fill < n ? (size_t)(b->block - b->fill) : n;
		net_hash_add(&b->h, p, take);
		b->fill += take;
		p += take;
		n -= take;
		if (b->fill == b->block) {
			put64le(b->sums + 8 * b->index++, net_hash_end(&b->h));
			b->fill = 0;
		}
	}
}

void
net_blocks_end(struct net_blocks *b)
{
	if (b->fill > 0)
		put64le(b->sums + 8 * b->index++, net_hash_end(&b->h));
	b->fill = 0;
}

/* Format 2's header checksum: the header's text up to its checksum line,
 * then the blocks' checksums. */
uint64_t
net_header_sum(const void *hdr, size_t hlen, const unsigned char *sums,
    uint64_t nblocks)
{
	struct net_hash h;

	net_hash_init(&h);
	net_hash_add(&h, hdr, hlen);
	net_hash_add(&h, sums, (size_t)nblocks * 8);
	return net_hash_end(&h);
}

/* ---- byte order ------------------------------------------------------- */

int
net_host_is_le(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

void
net_swap_floats(float *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char *b = (unsigned char *)&f[i], t;

		t = b[0], b[0] = b[3], b[3] = t;
		t = b[1], b[1] = b[2], b[2] = t;
	}
}

