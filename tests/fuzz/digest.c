/*
 * digest.c - libFuzzer target for chain digests (`make fuzz`): the input
 * is a whole digest file, or packed tables', written to a temporary file.
 * g2048_chain_open_digest must refuse it with a message, or open it and
 * then answer boards both tables cover, each lookup reading what the
 * header's counts place in the body, and report any corrupt block with
 * a message.  A header it accepts must be the one the writer makes for
 * its counts and sums, byte for byte: a mutated header accepted aborts.
 * A crash, a hang, a sanitizer report or an abort here is a bug.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/fuzz-digest.XXXXXX";
static int fd = -1;

static void
remove_file(void)
{
	unlink(path);
}

/* boards regular for the six and for the five (fuzz/chain.c's), and
 * one near a chain */
static const g2048_grid boards[] = {
	{ 0x212112122abc1defULL, 0 },
	{ 0x2121121221bc1defULL, 0 },
	{ 0x000000001119adefULL, 0 },
	{ 0x0000000000bc2defULL, 0 },
};

/* 1 if data (size bytes) begins with the header the writer makes for
 * its counts and its blocks' sums, a digest's or packed tables' */
static int
writers_header(const uint8_t *data, size_t size)
{
	char want[CHAIN_HEADER];
	unsigned long long n5, n6, bytes;
	uint64_t len, n[3], nblocks;
	int packed;

	if (size < CHAIN_HEADER)
		return 0;
	packed = sscanf((const char *)data, "2048-chain-packed 1\nfive %llu\n"
	    "six %llu\nbytes %llu\n", &n5, &n6, &bytes) == 3;
	if (!packed && sscanf((const char *)data, "2048-chain-digest 2\n"
	    "five %llu\nsix %llu\n", &n5, &n6) != 2)
		return 0;
	len = packed ? bytes : 6 * ((uint64_t)n5 + n6);
	nblocks = blocks_count(len, CHAIN_BLOCK);
	if (size != CHAIN_HEADER + len + 8 * nblocks)
		return 0;
	n[0] = n5;
	n[1] = n6;
	n[2] = len;
	if (packed)
		chain_packed_header_text(want, n, chain_sums_sum(data +
		    CHAIN_HEADER + len, nblocks));
	else
		chain_digest_header_text(want, n5, n6, chain_sums_sum(data +
		    CHAIN_HEADER + len, nblocks));
	return memcmp(want, data, CHAIN_HEADER) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g2048_chain_result r;
	char err[512];
	g2048_chain *c;
	size_t i;

	if (fd < 0) {
		if ((fd = mkstemp(path)) < 0)
			abort();
		atexit(remove_file);
	}
	if (ftruncate(fd, 0) != 0 || (size > 0 &&
	    pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	err[0] = '\0';
	if ((c = g2048_chain_open_digest(path, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
		return 0;
	}
	/* accepted: the header is the writer's for the body, unchanged */
	if (!writers_header(data, size))
		abort();
	for (i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (g2048_chain_move(c, boards[i], &r) >= 0 &&
		    (r.prob <= 0 || r.prob > 1))
			abort();
	err[0] = '\0';
	if (g2048_chain_error(c, err, sizeof err) != 0 && err[0] == '\0')
		abort();
	g2048_chain_free(c);
	return 0;
}
