/*
 * sums.c - the sums of the chain files (chain tables, the cache's,
 * digests): a block's, a hole's (a block of zeros, without reading it),
 * the sums' sum, and the header's checksum that covers its text and the
 * sums, written and read as its line of 16 digits.  Below every reader
 * and writer of the files.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chain.h"

void
chain_put_le64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* a block's sum: its 64-bit words mixed in order, after its index */
uint64_t
chain_block_sum(const unsigned char *p, size_t len, uint64_t index)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ index, w;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		w = blocks_rd64le(p + i);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h ^ len;
}

uint64_t
chain_zero_sum(size_t len, uint64_t index)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ index;
	size_t i;

	/* chain_block_sum of len zeros, without reading them */
	for (i = 0; i + 8 <= len; i += 8) {
		h *= 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (; i < len; i++)
		h *= 0x100000001b3ULL;
	return h ^ len;
}

/* what a thread of chain_zero_sums is handed: its groups of eight */
struct zero_part {
	unsigned char *sums;
	uint64_t from, to;
};

static void *
zero_sums_part(void *arg)
{
	const struct zero_part *p = arg;
	uint64_t b, h[8];
	size_t i;
	int k;

	/* eight blocks at once: each one's chain of multiplies is serial,
	 * eight side by side keep the multiplier busy */
	for (b = p->from; b < p->to; b += 8) {
		for (k = 0; k < 8; k++)
			h[k] = 0x9E3779B97F4A7C15ULL ^ (b + (uint64_t)k);
		for (i = 0; i < CHAIN_BLOCK / 8; i++)
			for (k = 0; k < 8; k++) {
				h[k] *= 0xff51afd7ed558ccdULL;
				h[k] ^= h[k] >> 32;
			}
		for (k = 0; k < 8; k++)
			chain_put_le64(p->sums + 8 * (b + (uint64_t)k),
			    h[k] ^ CHAIN_BLOCK);
	}
	return NULL;
}

void
chain_zero_sums(unsigned char *sums, uint64_t len)
{
	uint64_t nblocks = blocks_count(len, CHAIN_BLOCK), b, whole;
	struct zero_part part[8];
	pthread_t th[8];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int k, n = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus, started;

	/* a second of one core for the real tables: on every core, since
	 * a stopped build waits for it (the build's threads are done) */
	whole = len / CHAIN_BLOCK / 8 * 8;
	for (k = 0; k < n; k++) {
		part[k].sums = sums;
		part[k].from = whole / 8 * (uint64_t)k / (uint64_t)n * 8;
		part[k].to = whole / 8 * (uint64_t)(k + 1) / (uint64_t)n * 8;
	}
	for (started = 1; started < n; started++)
		if (pthread_create(&th[started], NULL, zero_sums_part,
		    &part[started]) != 0)
			break;
	for (k = started; k < n; k++)       /* threads not had: here */
		zero_sums_part(&part[k]);
	zero_sums_part(&part[0]);
	for (k = 1; k < started; k++)
		pthread_join(th[k], NULL);
	for (b = whole; b < nblocks; b++)
		chain_put_le64(sums + 8 * b, chain_zero_sum(
		    blocks_len(len, CHAIN_BLOCK, b), b));
}

/* the header's checksum: of the sums */
uint64_t
chain_sums_sum(const unsigned char *sums, uint64_t nblocks)
{
	return chain_block_sum(sums, (size_t)(nblocks * 8), UINT64_MAX);
}

uint64_t
chain_head_sum(const char *text, size_t n, uint64_t sums_sum)
{
	unsigned char buf[CHAIN_HEADER + 8];

	if (n > CHAIN_HEADER)
		n = CHAIN_HEADER;
	memcpy(buf, text, n);
	chain_put_le64(buf + n, sums_sum);
	return chain_block_sum(buf, n + 8, UINT64_MAX - 1);
}

void
chain_header_finish(char *h, size_t n, uint64_t checksum)
{
	memset(h + n, '\n', CHAIN_HEADER - n);
	/* 16 digits and a newline: snprintf's NUL lands on a newline */
	snprintf(h + n, 18, "%016llx\n", (unsigned long long)checksum);
	h[n + 17] = '\n';
}

int
chain_header_tail(const char *h, size_t n, uint64_t *checksum)
{
	unsigned long long sum;
	size_t i;

	/* exactly as written: lower case digits, then newlines */
	if (n + 17 > CHAIN_HEADER ||
	    strspn(h + n, "0123456789abcdef") < 16 || h[n + 16] != '\n' ||
	    sscanf(h + n, "%16llx", &sum) != 1)
		return -1;
	for (i = n + 17; i < CHAIN_HEADER; i++)
		if (h[i] != '\n')
			return -1;
	*checksum = sum;
	return 0;
}
