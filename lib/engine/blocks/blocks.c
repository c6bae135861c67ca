/*
 * blocks.c - a body checked a block at a time (blocks.h).  Two threads
 * may check one block at once: both get the same answer, and the first
 * failure is kept by a compare-and-swap.
 */
#include <stdlib.h>

#include "blocks.h"

int
blocks_init(struct blocks *z, const unsigned char *data, uint64_t len,
    uint64_t block, const unsigned char *sums, blocks_sum_fn *sum)
{
	uint64_t i, words;

	z->data = data;
	z->len = len;
	z->block = block;
	z->nblocks = blocks_count(len, block);
	z->sums = sums;
	z->sum = sum;
	atomic_init(&z->bad, 0);
	words = z->nblocks / 64 + 1;
	if ((z->seen = malloc((size_t)words * sizeof *z->seen)) == NULL)
		return -1;
	for (i = 0; i < words; i++)
		atomic_init(&z->seen[i], 0);
	return 0;
}

void
blocks_free(struct blocks *z)
{
	free((void *)z->seen);
	z->seen = NULL;
}

void
blocks_check(struct blocks *z, uint64_t b)
{
	uint64_t off = b * z->block, want = 0;
	size_t len = blocks_len(z->len, z->block, b);

	if (z->sum(z->data + off, len, b) != blocks_rd64le(z->sums + 8 * b))
		atomic_compare_exchange_strong(&z->bad, &want, b + 1);
	atomic_fetch_or(&z->seen[b >> 6], (uint64_t)1 << (b & 63));
}

uint64_t
blocks_check_all(struct blocks *z)
{
	uint64_t b;

	for (b = 0; b < z->nblocks; b++)
		blocks_touch(z, b);
	return blocks_bad(z);
}
