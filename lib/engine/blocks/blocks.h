/*
 * blocks.h - the blocks room: a file's body checked a block at a time.
 * A file (a net of format 2, 2048-net(5); a table, 2048-table(5)) holds
 * a 64-bit little-endian checksum for each block of its body; a reader
 * checks a block the first time it reads from it, so a query that reads
 * a few kilobytes of a file of gigabytes checks those, not the file.
 * Readers share one struct blocks across threads: a bit a block says it
 * was checked, and the first block that failed is kept.  Each file kind
 * gives its own sum of a block.  Internal to lib/engine/.
 */
#ifndef G2048_BLOCKS_H
#define G2048_BLOCKS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The checksum of block number index, len bytes at p. */
typedef uint64_t blocks_sum_fn(const unsigned char *p, size_t len,
    uint64_t index);

struct blocks {
	const unsigned char *data;      /* the body, len bytes */
	const unsigned char *sums;      /* nblocks sums, 8 bytes each */
	uint64_t len, block, nblocks;
	blocks_sum_fn *sum;
	_Atomic(uint64_t) *seen;        /* a bit a block: checked */
	_Atomic(uint64_t) bad;          /* 1 + the first block that failed */
};

/* The little-endian 64-bit word at p (a block's sum; the files' other
 * words too). */
static inline uint64_t
blocks_rd64le(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* The blocks of block bytes that len bytes make. */
static inline uint64_t
blocks_count(uint64_t len, uint64_t block)
{
	return (len + block - 1) / block;
}

/* The bytes of block b of len bytes in blocks of block bytes: block,
 * or fewer for the last. */
static inline size_t
blocks_len(uint64_t len, uint64_t block, uint64_t b)
{
	return (size_t)(len - b * block < block ? len - b * block : block);
}

/* Set z up for len bytes at data in blocks of block bytes, their sums at
 * sums, none checked yet: 0, or -1 out of memory. */
int blocks_init(struct blocks *z, const unsigned char *data, uint64_t len,
    uint64_t block, const unsigned char *sums, blocks_sum_fn *sum);
void blocks_free(struct blocks *z);
/* Check block b now (whether or not it was). */
void blocks_check(struct blocks *z, uint64_t b);
/* Check every block not checked yet: 0, or 1 + the first that failed. */
uint64_t blocks_check_all(struct blocks *z);

/* 0, or 1 + the first block that failed its check. */
static inline uint64_t
blocks_bad(const struct blocks *z)
{
	return atomic_load_explicit(&z->bad, memory_order_acquire);
}

/* Block b checked if it was not: 0, or 1 + the first block that failed
 * (b or another).  The fast path is one load. */
static inline uint64_t
blocks_touch(struct blocks *z, uint64_t b)
{
	if (!(atomic_load_explicit(&z->seen[b >> 6], memory_order_acquire) >>
	    (b & 63) & 1))
		blocks_check(z, b);
	return atomic_load_explicit(&z->bad, memory_order_relaxed);
}

#endif
