/*
 * chainfile.c - chain tables' files: written from memory, mapped, their
 * format 1 sealed again.
 *
 * A file (2048-chain(5)) is a text header of CHAIN_HEADER bytes, the
 * entries as in memory (16 bits each, little-endian), then a 64-bit sum
 * of each block of CHAIN_BLOCK bytes of entries; the header's checksum
 * covers its own text and the sums (format 2; format 1's covered the
 * sums alone: g2048_chain_upgrade seals its header again).  Blocks of
 * zeros (states never computed) are holes of the file.  The entries
 * are mapped private and writable: a block is checked the first time a
 * state in it is read (blocks.h), and a state the file lacks is computed
 * as in memory, into the mapping only.  The I/O below (chainio.c) is
 * the digest's and the cache's too.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chain.h"

#define CHAIN_MAGIC  "2048-chain 2\n"
#define CHAIN_MAGIC1 "2048-chain 1\n"   /* upgraded only */

/* The header's lines before the checksum's value (of format 1 or 2),
 * into h: its length. */
static int
header_prefix(char *h, size_t size, const struct chain_table *t,
    int version)
{
	return snprintf(h, size, "%s" "layout %s\nentries %llu\n"
	    "block %d\nchecksum ", version == 1 ? CHAIN_MAGIC1 : CHAIN_MAGIC,
	    t->l->name, (unsigned long long)t->n, CHAIN_BLOCK);
}

void
chain_header_text(char *h, const struct chain_table *t, uint64_t sums_sum)
{
	int n = header_prefix(h, CHAIN_HEADER, t, 2);

	chain_header_finish(h, (size_t)n, chain_head_sum(h, (size_t)n,
	    sums_sum));
}

/* chain_header_fn of a table's file: ctx the table */
static void
table_header(char *h, uint64_t sums_sum, const void *ctx)
{
	chain_header_text(h, ctx, sums_sum);
}

int
chain_replace_table(const char *path, const struct chain_table *t,
    chain_block_fn *block, void *ctx, const unsigned char *zero_sums,
    char *err, size_t errsize)
{
	struct chain_file f = { t->n * 2, block, ctx, zero_sums,
	    table_header, t };

	return chain_write_file(path, &f, err, errsize);
}

/* what memory_block is handed: the table, its blocks' sums of zeros */
struct memory_save {
	const struct chain_table *t;
	const unsigned char *zero_sums;
};

/* block b of t's entries in memory, as a file holds it */
static int
memory_block(void *ctx, uint64_t b, unsigned char *buf, size_t n)
{
	const struct memory_save *m = ctx;
	const struct chain_table *t = m->t;
	int written = chain_block_written(t, b);

	/* a whole block no state was stored in is zeros not worth reading
	 * (most of a stopped build's) */
	if (!written && t->blocks == NULL && n == CHAIN_BLOCK)
		return 1;
	/* a file's block no state was stored in is the file's, with its
	 * sum: a hole if the file's was, else copied (not checked: a
	 * corrupt one keeps the sum it fails) */
	if (!written && t->blocks != NULL) {
		if (memcmp(t->blocks->sums + 8 * b, m->zero_sums + 8 * b,
		    8) == 0)
			return 1;
		memcpy(buf, (const unsigned char *)t->e + b * CHAIN_BLOCK, n);
		return 2;
	}
	memcpy(buf, (const unsigned char *)t->e + b * CHAIN_BLOCK, n);
	return 0;
}

/* Whether the file at path holds t's header and sums, which a table
 * opened from it still has when no state was computed since: nothing
 * to write. */
static int
file_holds(const struct chain_table *t, const char *path)
{
	uint64_t len = t->n * 2;
	size_t n = CHAIN_HEADER + (size_t)blocks_count(len, CHAIN_BLOCK) * 8;
	unsigned char *buf = malloc(n);
	int fd = open(path, O_RDONLY | O_NONBLOCK), same = 0;

	if (buf != NULL && fd >= 0 &&
	    pread(fd, buf, CHAIN_HEADER, 0) == CHAIN_HEADER &&
	    pread(fd, buf + CHAIN_HEADER, n - CHAIN_HEADER,
	    (off_t)(CHAIN_HEADER + len)) == (ssize_t)(n - CHAIN_HEADER))
		same = memcmp(buf, t->map, CHAIN_HEADER) == 0 &&
		    memcmp(buf + CHAIN_HEADER, t->blocks->sums,
		    n - CHAIN_HEADER) == 0;
	if (fd >= 0)
		close(fd);
	free(buf);
	return same;
}

/* t into path; zeros: the sums of zeros of every whole block of the
 * longer table (a block's is the same in both) */
static int
save_table(const struct chain_table *t, const char *path,
    const unsigned char *zeros, char *err, size_t errsize)
{
	uint64_t len = t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK);
	struct memory_save m = { t, NULL };
	unsigned char *zero_sums;
	int rc;

	/* a file's table is written again only if no block it read
	 * failed; the blocks it never read keep their sums */
	if (t->blocks && blocks_bad(t->blocks) != 0)
		return chain_fail(err, errsize, path, "corrupt: a block fails "
		    "its check");
	if ((zero_sums = malloc((size_t)nblocks * 8)) == NULL)
		return chain_fail(err, errsize, path, "out of memory");
	memcpy(zero_sums, zeros, (size_t)(nblocks - 1) * 8);
	chain_put_le64(zero_sums + 8 * (nblocks - 1), chain_zero_sum(
	    blocks_len(len, CHAIN_BLOCK, nblocks - 1), nblocks - 1));
	m.zero_sums = zero_sums;
	/* a block not read is written with its sum of zeros, or a file's
	 * with the file's sum */
	rc = chain_replace_table(path, t, memory_block, &m, t->blocks ?
	    t->blocks->sums : zero_sums, err, errsize);
	free(zero_sums);
	return rc;
}

void
g2048_chain_paths(const char *dir, char *five, char *six, size_t size)
{
	snprintf(five, size, "%s/chain-five.chain", dir);
	snprintf(six, size, "%s/chain-six.chain", dir);
}

int
g2048_chain_present(const char *dir)
{
	char five[4096], six[4096];

	g2048_chain_paths(dir, five, six, sizeof five);
	return access(five, F_OK) == 0 && access(six, F_OK) == 0;
}

int
g2048_chain_save(const g2048_chain *c, const char *dir, char *err,
    size_t errsize)
{
	char five[4096], six[4096];
	unsigned char *zeros;
	uint64_t len;
	int rc, kept[2];

	if (!chain_little_endian())
		return chain_fail(err, errsize, dir, "chain files are "
		    "little-endian");
	g2048_chain_paths(dir, five, six, sizeof five);
	/* a file's table nothing was computed into is there already */
	kept[0] = c->five.blocks && atomic_load(&c->five.computed) == 0 &&
	    file_holds(&c->five, five);
	kept[1] = c->six.blocks && atomic_load(&c->six.computed) == 0 &&
	    file_holds(&c->six, six);
	if (kept[0] && kept[1])
		return 0;
	/* the sums of zeros (a second of a core for the real tables: what
	 * a stopped build's save waits on most) once for both */
	len = (c->five.n > c->six.n ? c->five.n : c->six.n) * 2;
	if ((zeros = malloc((size_t)blocks_count(len, CHAIN_BLOCK) * 8)) ==
	    NULL)
		return chain_fail(err, errsize, dir, "out of memory");
	chain_zero_sums(zeros, len);
	rc = (!kept[0] && save_table(&c->five, five, zeros, err,
	    errsize) < 0) || (!kept[1] && save_table(&c->six, six, zeros,
	    err, errsize) < 0) ? -1 : 0;
	free(zeros);
	return rc;
}

/* the header of t's layout at h, of format version: 0 and its
 * checksum and the length of the text before it, or -1 and *why */
static int
check_header(const char *h, const struct chain_table *t, int version,
    uint64_t *checksum, size_t *textlen, const char **why)
{
	char want[256];
	int n;

	if (version == 2 && memcmp(h, CHAIN_MAGIC1, strlen(CHAIN_MAGIC1)) ==
	    0) {
		*why = "a chain table of format 1, whose header no checksum "
		    "covers: run 2048-table --upgrade on it to check it and "
		    "give it format 2's header";
		return -1;
	}
	if (memcmp(h, version == 1 ? CHAIN_MAGIC1 : CHAIN_MAGIC,
	    strlen(CHAIN_MAGIC)) != 0) {
		*why = "not a chain table of this version";
		return -1;
	}
	n = header_prefix(want, sizeof want, t, version);
	if (memcmp(h, want, (size_t)n) != 0) {
		*why = "bad header: not the layout, entries and block expected";
		return -1;
	}
	if (chain_header_tail(h, (size_t)n, checksum) < 0) {
		*why = "bad header: checksum";
		return -1;
	}
	*textlen = (size_t)n;
	return 0;
}

int
chain_table_map(struct chain_table *t, const char *path, char *err,
    size_t errsize)
{
	uint64_t len = t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK), sum;
	uint64_t size = CHAIN_HEADER + len + nblocks * 8;
	const char *why;
	struct stat st;
	unsigned char *map;
	size_t textlen;
	int fd;

	if ((fd = chain_open_regular(path, 0, &st, err, errsize)) < 0)
		return -1;
	if ((uint64_t)st.st_size != size) {
		close(fd);
		return chain_fail(err, errsize, path, "truncated or not a "
		    "chain table: wrong size");
	}
	map = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
	    fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return chain_fail(err, errsize, path, strerror(errno));
	t->map = map;
	t->map_size = (size_t)size;
	if (check_header((const char *)map, t, 2, &sum, &textlen, &why) < 0)
		return chain_fail(err, errsize, path, why);
	if (chain_head_sum((const char *)map, textlen,
	    chain_sums_sum(map + CHAIN_HEADER + len, nblocks)) != sum)
		return chain_fail(err, errsize, path, "corrupt: the header's "
		    "checksum does not match (its header or its blocks' sums "
		    "changed)");
	if ((t->blocks = malloc(sizeof *t->blocks)) == NULL ||
	    blocks_init(t->blocks, map + CHAIN_HEADER, len, CHAIN_BLOCK,
	    map + CHAIN_HEADER + len, chain_block_sum) < 0) {
		free(t->blocks);
		t->blocks = NULL;
		return chain_fail(err, errsize, path, "out of memory");
	}
	pthread_mutex_init(&t->check_lock, NULL);
	t->e = (_Atomic uint16_t *)(void *)(map + CHAIN_HEADER);
	/* the blocks a state is computed into, which a save writes anew */
	if ((t->written = calloc((size_t)(nblocks + 63) / 64,
	    sizeof *t->written)) == NULL)
		return chain_fail(err, errsize, path, "out of memory");
	return 0;
}

int
chain_table_version(const char *h)
{
	if (memcmp(h, CHAIN_MAGIC, strlen(CHAIN_MAGIC)) == 0)
		return 2;
	return memcmp(h, CHAIN_MAGIC1, strlen(CHAIN_MAGIC1)) == 0 ? 1 : 0;
}

struct chain_table *
chain_table_named(g2048_chain *c, const char *h)
{
	char name[64];

	/* both formats' magic lines are of one length */
	if (strncmp(h, "2048-chain ", 11) != 0 ||
	    sscanf(h + strlen(CHAIN_MAGIC), "layout %63s", name) != 1)
		return NULL;
	return strcmp(name, c->five.l->name) == 0 ? &c->five :
	    strcmp(name, c->six.l->name) == 0 ? &c->six : NULL;
}

int
chain_header_small(const char *h)
{
	static const char six[] = "layout six-small\n";
	static const char five[] = "layout five-small\n";
	const char *line = h + strlen(CHAIN_MAGIC);

	return memcmp(line, six, strlen(six)) == 0 ||
	    memcmp(line, five, strlen(five)) == 0;
}

void
chain_table_unmap(struct chain_table *t)
{
	if (t->blocks) {
		blocks_free(t->blocks);
		free(t->blocks);
		pthread_mutex_destroy(&t->check_lock);
	}
	if (t->map)
		munmap(t->map, t->map_size);
}

int
g2048_chain_error(const g2048_chain *c, char *err, size_t errsize)
{
	const struct chain_table *t[2] = { &c->five, &c->six };
	uint64_t bad;
	int i;

	if (c->digest && (bad = chain_digest_bad(c->digest)) != 0) {
		if (err && errsize)
			snprintf(err, errsize, "the chain digest: corrupt: "
			    "block %llu fails its check",
			    (unsigned long long)(bad - 1));
		return 1;
	}
	for (i = 0; i < 2; i++)
		if (t[i]->blocks && (bad = blocks_bad(t[i]->blocks)) != 0) {
			if (err && errsize)
				snprintf(err, errsize, "the chain table %s: "
				    "corrupt: block %llu fails its check",
				    t[i]->l->name,
				    (unsigned long long)(bad - 1));
			return 1;
		}
	return 0;
}

int
chain_table_upgrade(int fd, const struct stat *st, const char *h,
    const struct chain_table *t, const char *path, char *err,
    size_t errsize)
{
	uint64_t len = t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK), sum;
	struct chain_file f = { len, NULL, NULL, NULL, table_header, t };
	const char *why;
	size_t textlen;

	if ((uint64_t)st->st_size != CHAIN_HEADER + len + nblocks * 8)
		return chain_fail(err, errsize, path, "truncated or not a chain "
		    "table: wrong size");
	if (check_header(h, t, 1, &sum, &textlen, &why) < 0)
		return chain_fail(err, errsize, path, why);
	return chain_seal(fd, &f, sum, "build it again", path, err, errsize);
}
