/*
 * chain.c - libFuzzer target for chain table files (`make fuzz`): the
 * input is the five's 4096-byte header, the six's, then bytes written
 * over the start of the five's block sums.  The two files are sparse,
 * of the sizes their layouts give, made once in a temporary folder; all
 * else in them is zeros.  g2048_chain_open must refuse them with a
 * message, or open them and then answer two boards the tables cover
 * (whose blocks fail their sums, or hold states decided in one step:
 * no legal move) and report any corrupt block with a message.  Headers
 * it accepts must be the ones the writer makes for the files' sums, byte
 * for byte: a mutated header accepted aborts.  A crash, a hang, a
 * sanitizer report or an abort here is a bug.
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

static char dir[] = "/tmp/fuzz-chain.XXXXXX";
static char paths[2][4096];
static int fds[2] = { -1, -1 };
/* where the five's block sums begin */
static uint64_t five_sums;

static void
remove_files(void)
{
	unlink(paths[0]);
	unlink(paths[1]);
	rmdir(dir);
}

/* the files of the five (k 0) and the six, of the sizes their layouts
 * give (chainfile.c's chain_table_map), all zeros */
static void
make_files(void)
{
	g2048_chain *c = chain_alloc();
	const struct chain_table *t[2];
	uint64_t len;
	int k;

	if (c == NULL || mkdtemp(dir) == NULL)
		abort();
	t[0] = &c->five;
	t[1] = &c->six;
	g2048_chain_paths(dir, paths[0], paths[1], sizeof paths[0]);
	atexit(remove_files);
	for (k = 0; k < 2; k++) {
		len = (uint64_t)t[k]->n * 2;
		if ((fds[k] = open(paths[k], O_RDWR | O_CREAT | O_TRUNC,
		    0600)) < 0 ||
		    ftruncate(fds[k], (off_t)(CHAIN_HEADER + len +
		    blocks_count(len, CHAIN_BLOCK) * 8)) != 0)
			abort();
	}
	five_sums = CHAIN_HEADER + (uint64_t)t[0]->n * 2;
	g2048_chain_free(c);
}

/* n bytes of p (zeros past size) written at off of file k */
static void
put(int k, uint64_t off, const uint8_t *p, size_t size, size_t n)
{
	static const uint8_t zero[CHAIN_HEADER];

	if ((size > 0 &&
	    pwrite(fds[k], p, size, (off_t)off) != (ssize_t)size) ||
	    (n > size && pwrite(fds[k], zero, n - size, (off_t)(off + size)) !=
	    (ssize_t)(n - size)))
		abort();
}

/* boards with no legal move, each regular for one layout (cell i is
 * nibble i):  15 14 13 1 / 12 11 10 2 / 2 1 2 1 / 1 2 1 2 for the six,
 * the same with a 1 in the six's last block cell for the five */
static const g2048_grid dead_six = { 0x212112122abc1defULL, 0 };
static const g2048_grid dead_five = { 0x2121121221bc1defULL, 0 };

/* file k's header, which opened: the writer's for its sums */
static void
check_header(int k)
{
	g2048_chain *c = chain_alloc();
	const struct chain_table *t;
	char have[CHAIN_HEADER], want[CHAIN_HEADER];
	unsigned char *sums;
	uint64_t nb;

	if (c == NULL)
		abort();
	t = k == 0 ? &c->five : &c->six;
	nb = blocks_count((uint64_t)t->n * 2, CHAIN_BLOCK);
	if ((sums = malloc((size_t)nb * 8)) == NULL ||
	    pread(fds[k], sums, (size_t)nb * 8, (off_t)(CHAIN_HEADER +
	    (uint64_t)t->n * 2)) != (ssize_t)(nb * 8) ||
	    pread(fds[k], have, sizeof have, 0) != (ssize_t)sizeof have)
		abort();
	chain_header_text(want, t, chain_sums_sum(sums, nb));
	if (memcmp(have, want, sizeof have) != 0)
		abort();
	free(sums);
	g2048_chain_free(c);
}

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
	size_t five = size < CHAIN_HEADER ? size : CHAIN_HEADER;
	size_t six = size < 2 * CHAIN_HEADER ? size - five : CHAIN_HEADER;
	size_t rest = size - five - six;
	size_t tail = rest < CHAIN_HEADER ? rest : CHAIN_HEADER;
	char err[512];
	g2048_chain *c;

	if (fds[0] < 0)
		make_files();
	put(0, 0, data, five, CHAIN_HEADER);
	put(1, 0, data + five, six, CHAIN_HEADER);
	put(0, five_sums, data + five + six, tail, tail);
	err[0] = '\0';
	if ((c = g2048_chain_open(dir, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
	} else {
		check_header(0);
		check_header(1);
		query(c);
		g2048_chain_free(c);
	}
	put(0, five_sums, NULL, 0, tail);
	return 0;
}
