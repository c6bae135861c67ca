/*
 * chain.c - libFuzzer target for chain table files (`make fuzz`): the
 * input is the five's 4096-byte header, the six's, then bytes written
 * over the start of the five's block sums.  The two files are sparse,
 * of the sizes 2048-chain(5) gives, made once in a temporary folder; all
 * else in them is zeros.  g2048_chain_open must refuse them with a
 * message, or open them and then answer two boards the tables cover
 * (whose blocks fail their sums, or hold states decided in one step:
 * no legal move) and report any corrupt block with a message.  A crash,
 * a hang, a sanitizer report or an abort here is a bug.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048.h"

#define HEADER 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* entries of the five and the six (2048-chain(5)) */
static const uint64_t entries[2] = { 1219784832ULL, 2123366400ULL };
static char dir[] = "/tmp/fuzz-chain.XXXXXX";
static char paths[2][4096];

static uint64_t
sums_offset(int k)
{
	return HEADER + entries[k] * 2;
}

static void
remove_files(void)
{
	unlink(paths[0]);
	unlink(paths[1]);
	rmdir(dir);
}

static void
make_files(void)
{
	uint64_t len, nblocks;
	int k, fd;

	if (mkdtemp(dir) == NULL)
		abort();
	g2048_chain_paths(dir, paths[0], paths[1], sizeof paths[0]);
	for (k = 0; k < 2; k++) {
		len = entries[k] * 2;
		nblocks = (len + 65535) / 65536;
		if ((fd = open(paths[k], O_RDWR | O_CREAT | O_TRUNC, 0600)) < 0 ||
		    ftruncate(fd, (off_t)(sums_offset(k) + nblocks * 8)) != 0)
			abort();
		close(fd);
	}
	atexit(remove_files);
}

/* n bytes of p (zeros past size) written at off of file k */
static void
put(int k, uint64_t off, const uint8_t *p, size_t size, size_t n)
{
	static const uint8_t zero[HEADER];
	int fd = open(paths[k], O_WRONLY);

	if (fd < 0 ||
	    (size > 0 && pwrite(fd, p, size, (off_t)off) != (ssize_t)size) ||
	    (n > size && pwrite(fd, zero, n - size, (off_t)(off + size)) !=
	    (ssize_t)(n - size)))
		abort();
	close(fd);
}

/* boards with no legal move, each regular for one layout (cell i is
 * nibble i):  15 14 13 1 / 12 11 10 2 / 2 1 2 1 / 1 2 1 2 for the six,
 * the same with a 1 in the six's last block cell for the five */
static const g2048_grid dead_six = { 0x212112122abc1defULL, 0 };
static const g2048_grid dead_five = { 0x2121121221bc1defULL, 0 };

static void
query(g2048_chain *c)
{
	g2048_chain_result r;
	char err[512];

	if (g2048_chain_move(c, dead_six, &r) != -1 ||
	    g2048_chain_move(c, dead_five, &r) != -1)
		abort();
	err[0] = '\0';
	if (g2048_chain_error(c, err, sizeof err) != 0 && err[0] == '\0')
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t five = size < HEADER ? size : HEADER;
	size_t six = size < 2 * HEADER ? size - five : HEADER;
	size_t tail = size - five - six < HEADER ? size - five - six : HEADER;
	char err[512];
	g2048_chain *c;

	if (paths[0][0] == '\0')
		make_files();
	put(0, 0, data, five, HEADER);
	put(1, 0, data + five, six, HEADER);
	put(0, sums_offset(0), data + five + six, tail, tail);
	err[0] = '\0';
	if ((c = g2048_chain_open(dir, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
	} else {
		query(c);
		g2048_chain_free(c);
	}
	put(0, sums_offset(0), NULL, 0, tail);
	return 0;
}
