/*
 * sums.c - the sums of a table file (man 5 2048-table): a hash of 64-bit
 * words, each block's sum, the header's (of its text and the blocks'
 * sums), and the checksum of formats 1 and 2; below the header's code
 * (tablehead.c), the writer (tablewrite.c) and the reader (table.c).
 */
#include <string.h>

#include "exact.h"

#define HASH_MUL 0x9E3779B97F4A7C15ULL

static void
hash_word(struct exact_hasher *hs, uint64_t w)
{
	hs->h = (hs->h ^ w) * HASH_MUL;
	hs->h = hs->h << 31 | hs->h >> 33;
}

void
exact_hash_add(struct exact_hasher *hs, const unsigned char *p, size_t n)
{
	hs->len += n;
	while (n > 0 && hs->npart > 0 && hs->npart < 8) {
		hs->part[hs->npart++] = *p++;
		n--;
		if (hs->npart == 8) {
			hash_word(hs, blocks_rd64le(hs->part));
			hs->npart = 0;
		}
	}
	for (; n >= 8; n -= 8, p += 8)
		hash_word(hs, blocks_rd64le(p));
	while (n-- > 0)
		hs->part[hs->npart++] = *p++;
}

uint64_t
exact_hash_end(struct exact_hasher *hs)
{
	unsigned char last[8] = { 0 };
	uint64_t h;

	memcpy(last, hs->part, (size_t)hs->npart);
	hash_word(hs, blocks_rd64le(last));
	h = hs->h ^ hs->len;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

void
exact_hash_start(struct exact_hasher *hs, uint64_t h)
{
	hs->h = h;
	hs->len = 0;
	hs->npart = 0;
}

uint64_t
exact_checksum(const unsigned char *p, size_t n)
{
	struct exact_hasher hs;

	exact_hash_start(&hs, 0x2048);
	exact_hash_add(&hs, p, n);
	return exact_hash_end(&hs);
}

uint64_t
exact_header_sum(const char *hdr, size_t hlen, const unsigned char *sums,
    uint64_t nblocks)
{
	struct exact_hasher hs;

	exact_hash_start(&hs, 0x2048 ^ 0x68656164);   /* "head" */
	exact_hash_add(&hs, (const unsigned char *)hdr, hlen);
	exact_hash_add(&hs, sums, (size_t)(8 * nblocks));
	return exact_hash_end(&hs);
}

uint64_t
exact_block_sum(const unsigned char *p, size_t n, uint64_t b)
{
	struct exact_hasher hs;

	exact_hash_start(&hs, 0x2048 + b);
	exact_hash_add(&hs, p, n);
	return exact_hash_end(&hs);
}
