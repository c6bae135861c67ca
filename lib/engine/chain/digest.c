/*
 * digest.c - a chain digest: the chain tables' answers for the states
 * seeded games meet, small enough to ship (2048-chain(5), DIGEST).
 *
 * Distilling plays no game: it is handed the boards of games played by
 * the whole tables, counts the state that decided each board's move,
 * and keeps the states most often met.  A digest's tables answer for
 * those states as the whole tables do and give every other state no
 * chance, so where a game leaves them the search decides.
 *
 * The file is a text header of CHAIN_HEADER bytes, then the body: for
 * the five, then the six, its states' indexes (32 bits each, ascending)
 * and their entries (16 bits, as a table's); then a 64-bit sum of each
 * block of CHAIN_BLOCK bytes of the body, checked when a lookup first
 * reads the block, as a chain file's.  The header's checksum covers
 * its text and the sums (format 2; format 1's covered the sums alone:
 * g2048_chain_upgrade seals its header again).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chain.h"

#define DIGEST_MAGIC  "2048-chain-digest 2\n"
#define DIGEST_MAGIC1 "2048-chain-digest 1\n"     /* upgraded only */

/* ---- lookups ---------------------------------------------------------- */

/* the 32-bit word at offset off of the body, its block checked: 0 and
 * *bad if the block fails */
static uint32_t
body_u32(const struct chain_digest *d, uint64_t off, int *bad)
{
	const unsigned char *p = d->map + CHAIN_HEADER + off;

	if (blocks_touch((struct blocks *)&d->blocks, off / CHAIN_BLOCK) ||
	    blocks_touch((struct blocks *)&d->blocks,
	    (off + 3) / CHAIN_BLOCK)) {
		*bad = 1;
		return 0;
	}
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

unsigned
chain_digest_entry(const struct chain_table *t, size_t i)
{
	const struct chain_digest *d = t->dg;
	uint64_t lo = 0, hi = t->dg_n, mid, off;
	uint32_t v;
	unsigned e;
	int bad = 0;

	if (t->dg_packed)
		return chain_packed_entry(t, i);
	while (lo < hi) {               /* the first index >= i */
		mid = lo + (hi - lo) / 2;
		v = body_u32(d, t->dg_off + 4 * mid, &bad);
		if (bad)
			return 0;
		if (v < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == t->dg_n || body_u32(d, t->dg_off + 4 * lo, &bad) != i || bad)
		return 0;
	off = t->dg_off + 4 * t->dg_n + 2 * lo;
	if (blocks_touch((struct blocks *)&d->blocks, off / CHAIN_BLOCK) ||
	    blocks_touch((struct blocks *)&d->blocks, (off + 1) / CHAIN_BLOCK))
		return 0;
	e = (unsigned)d->map[CHAIN_HEADER + off] |
	    (unsigned)d->map[CHAIN_HEADER + off + 1] << 8;
	/* a probability over 1 is no entry of a table's */
	return e != 0 && (e - 1) >> 2 <= CHAIN_Q ? e : 0;
}

uint64_t
chain_digest_bad(const struct chain_digest *d)
{
	return blocks_bad(&d->blocks);
}

uint64_t
chain_digest_check_all(struct chain_digest *d)
{
	return blocks_check_all(&d->blocks);
}

void
chain_digest_free(struct chain_digest *d)
{
	if (d == NULL)
		return;
	if (d->blocks.seen)
		blocks_free(&d->blocks);
	if (d->map)
		munmap(d->map, d->map_size);
	free(d);
}

/* ---- the file --------------------------------------------------------- */

/* chain_block_fn of a body in memory: ctx the body */
static int
memory_block(void *ctx, uint64_t b, unsigned char *buf, size_t n)
{
	memcpy(buf, (const unsigned char *)ctx + b * CHAIN_BLOCK, n);
	return 0;
}

static int
header_prefix(char *h, size_t size, uint64_t five, uint64_t six, int version)
{
	return snprintf(h, size, "%s" "five %llu\nsix %llu\nblock %d\n"
	    "checksum ", version == 1 ? DIGEST_MAGIC1 : DIGEST_MAGIC,
	    (unsigned long long)five, (unsigned long long)six, CHAIN_BLOCK);
}

void
chain_digest_header_text(char *h, uint64_t five, uint64_t six,
    uint64_t sums_sum)
{
	int n = header_prefix(h, CHAIN_HEADER, five, six, 2);

	chain_header_finish(h, (size_t)n, chain_head_sum(h, (size_t)n,
	    sums_sum));
}

int
chain_digest_is_current(const char *h)
{
	return memcmp(h, DIGEST_MAGIC, strlen(DIGEST_MAGIC)) == 0;
}

/* the counts and checksum of the header at h (CHAIN_HEADER bytes) of
 * format version, for c's tables, and the length of the text before the
 * checksum: 0, or -1 and *why */
static int
parse_header(const char *h, const g2048_chain *c, int version,
    uint64_t *five, uint64_t *six, uint64_t *checksum, size_t *textlen,
    const char **why)
{
	const char *magic = version == 1 ? DIGEST_MAGIC1 : DIGEST_MAGIC;
	char want[256], text[256];
	unsigned long long n5, n6;
	int n;

	memcpy(text, h, sizeof text - 1);
	text[sizeof text - 1] = '\0';
	if (version == 2 && strncmp(text, DIGEST_MAGIC1,
	    strlen(DIGEST_MAGIC1)) == 0) {
		*why = "a chain digest of format 1, whose header no checksum "
		    "covers: run 2048-table --upgrade on it to check it and "
		    "give it format 2's header";
		return -1;
	}
	if (strncmp(text, magic, strlen(magic)) != 0) {
		*why = "not a chain digest of this version";
		return -1;
	}
	if (sscanf(text + strlen(magic), "five %llu six %llu", &n5,
	    &n6) != 2 || n5 > c->five.n || n6 > c->six.n) {
		*why = "bad header: the states of the five and the six";
		return -1;
	}
	n = header_prefix(want, sizeof want, n5, n6, version);
	if (strncmp(text, want, (size_t)n) != 0 ||
	    chain_header_tail(h, (size_t)n, checksum) < 0) {
		*why = "bad header: not the counts, block and checksum "
		    "expected";
		return -1;
	}
	*five = n5;
	*six = n6;
	*textlen = (size_t)n;
	return 0;
}

int
chain_digest_map(g2048_chain *c, const char *path, char *err,
    size_t errsize)
{
	struct chain_digest *d;
	uint64_t n[3], len, nblocks, sum;
	const char *why;
	struct stat st;
	size_t textlen;
	int fd, packed;

	if ((d = c->digest = calloc(1, sizeof *d)) == NULL)
		return chain_fail(err, errsize, path, "out of memory");
	if ((fd = chain_open_regular(path, 0, &st, err, errsize)) < 0)
		return -1;
	if (st.st_size < CHAIN_HEADER) {
		close(fd);
		return chain_fail(err, errsize, path, "truncated or not a "
		    "chain digest");
	}
	d->map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (d->map == MAP_FAILED) {
		d->map = NULL;
		return chain_fail(err, errsize, path, strerror(errno));
	}
	d->map_size = (size_t)st.st_size;
	packed = chain_packed_is((const char *)d->map);
	if (packed) {
		if (chain_packed_header((const char *)d->map, c, n, &sum,
		    &textlen, &why) < 0)
			return chain_fail(err, errsize, path, why);
		len = n[2];
	} else {
		if (parse_header((const char *)d->map, c, 2, &n[0], &n[1],
		    &sum, &textlen, &why) < 0)
			return chain_fail(err, errsize, path, why);
		len = 6 * (n[0] + n[1]);
	}
	nblocks = blocks_count(len, CHAIN_BLOCK);
	if ((uint64_t)st.st_size != CHAIN_HEADER + len + 8 * nblocks)
		return chain_fail(err, errsize, path, "truncated or not a "
		    "chain digest: wrong size");
	if (chain_head_sum((const char *)d->map, textlen,
	    chain_sums_sum(d->map + CHAIN_HEADER + len, nblocks)) != sum)
		return chain_fail(err, errsize, path, "corrupt: the header's "
		    "checksum does not match (its header or its blocks' sums "
		    "changed)");
	if (blocks_init(&d->blocks, d->map + CHAIN_HEADER, len, CHAIN_BLOCK,
	    d->map + CHAIN_HEADER + len, chain_block_sum) < 0)
		return chain_fail(err, errsize, path, "out of memory");
	c->five.dg = c->six.dg = d;
	if (packed) {
		chain_packed_place(c, n);
		return 0;
	}
	c->five.dg_off = 0;
	c->five.dg_n = n[0];
	c->six.dg_off = 6 * n[0];
	c->six.dg_n = n[1];
	return 0;
}

/* chain_header_fn of a digest: ctx its counts */
static void
digest_header(char *h, uint64_t sums_sum, const void *ctx)
{
	const uint64_t *n = ctx;

	chain_digest_header_text(h, n[0], n[1], sums_sum);
}

int
chain_digest_upgrade(int fd, const struct stat *st, const char *h,
    g2048_chain *c, const char *path, char *err, size_t errsize)
{
	uint64_t n[2], len, nblocks, sum;
	struct chain_file f = { 0, NULL, NULL, NULL, digest_header, n };
	const char *why;
	size_t textlen;

	if (parse_header(h, c, 1, &n[0], &n[1], &sum, &textlen, &why) < 0)
		return chain_fail(err, errsize, path, why);
	f.len = len = 6 * (n[0] + n[1]);
	nblocks = blocks_count(len, CHAIN_BLOCK);
	if ((uint64_t)st->st_size != CHAIN_HEADER + len + 8 * nblocks)
		return chain_fail(err, errsize, path, "truncated or not a "
		    "chain digest: wrong size");
	return chain_seal(fd, &f, sum, "distil it again", path, err,
	    errsize) < 0 ? -1 : 1;
}

int
chain_digest_write(const char *path, const unsigned char *body,
    uint64_t five, uint64_t six, char *err, size_t errsize)
{
	uint64_t n[2] = { five, six };
	struct chain_file f = { 6 * (five + six), memory_block, (void *)body,
	    NULL, digest_header, n };

	return chain_write_file(path, &f, err, errsize);
}

int
g2048_chain_is_digest(const g2048_chain *c)
{
	return c->digest != NULL;
}
