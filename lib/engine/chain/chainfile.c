/*
 * chainfile.c - chain tables saved and mapped.
 * One file of over 500 lines: the header's writer and its parser, the
 * checksum and the upgrade of an old header must agree byte for byte,
 * so they are read together.
 *
 * A file (2048-chain(5)) is a text header of CHAIN_HEADER bytes, the
 * entries as in memory (16 bits each, little-endian), then a 64-bit sum
 * of each block of CHAIN_BLOCK bytes of entries; the header's checksum
 * covers its own text and the sums (format 2; format 1's covered the
 * sums alone: g2048_chain_upgrade seals its header again).  Blocks of
 * zeros (states never computed) are holes of the file.  The entries
 * are mapped private and writable: a block is checked the first time a
 * state in it is read (blocks.h), and a state the file lacks is computed
 * as in memory, into the mapping only.
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

int
chain_open_regular(const char *path, int rw, struct stat *st, char *err,
    size_t errsize)
{
	int fd;

	if ((fd = open(path, (rw ? O_RDWR : O_RDONLY) | O_NONBLOCK)) < 0)
		return chain_fail(err, errsize, path, strerror(errno));
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return chain_fail(err, errsize, path, "not a regular file");
	}
	return fd;
}

int
chain_fail(char *err, size_t errsize, const char *path, const char *what)
{
	if (err && errsize)
		snprintf(err, errsize, "%s: %s", path, what);
	return -1;
}

void
chain_put_le64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

int
chain_little_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

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

int
chain_write_body(int fd, uint64_t len, chain_block_fn *block, void *ctx,
    const unsigned char *zero_sums, unsigned char *sums)
{
	unsigned char *buf = malloc(CHAIN_BLOCK);
	uint64_t b, nblocks = blocks_count(len, CHAIN_BLOCK);
	size_t n, i;
	int rc = 0;

	if (buf == NULL)
		return -1;
	for (b = 0; b < nblocks && rc == 0; b++) {
		n = blocks_len(len, CHAIN_BLOCK, b);
		if ((rc = block(ctx, b, buf, n)) < 0)
			break;
		/* a block as its file had it: its sum as the file had it,
		 * so that a block that was corrupt stays so */
		if (rc == 2) {
			memcpy(sums + 8 * b, zero_sums + 8 * b, 8);
			rc = g2048_write_all(fd, buf, n);
			continue;
		}
		for (i = 0; rc == 0 && i + 8 <= n && blocks_rd64le(buf + i) == 0;
		    i += 8)
			continue;
		for (; rc == 0 && i < n && buf[i] == 0; i++)
			continue;
		/* a block of zeros (nothing computed) is a hole */
		if (rc == 1 || i == n) {
			chain_put_le64(sums + 8 * b, zero_sums ?
			    blocks_rd64le(zero_sums + 8 * b) :
			    chain_zero_sum(n, b));
			rc = lseek(fd, (off_t)n, SEEK_CUR) < 0 ? -1 : 0;
		} else {
			chain_put_le64(sums + 8 * b, chain_block_sum(buf, n, b));
			rc = g2048_write_all(fd, buf, n);
		}
	}
	free(buf);
	return rc;
}

/* what chain_replace_table's fill is handed */
struct table_fill {
	const struct chain_table *t;
	chain_block_fn *block;
	void *ctx;
	const unsigned char *zero_sums;
};

/* the table file: the header last, once the sums are known */
static int
fill_table(int fd, const void *arg)
{
	const struct table_fill *f = arg;
	uint64_t len = f->t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK);
	unsigned char *sums = malloc((size_t)nblocks * 8);
	char *h = malloc(CHAIN_HEADER);
	int rc = -1, saved;

	if (sums != NULL && h != NULL &&
	    lseek(fd, CHAIN_HEADER, SEEK_SET) >= 0 &&
	    chain_write_body(fd, len, f->block, f->ctx, f->zero_sums,
	    sums) == 0 &&
	    g2048_write_all(fd, sums, (size_t)nblocks * 8) == 0 &&
	    lseek(fd, 0, SEEK_SET) == 0) {
		chain_header_text(h, f->t, chain_sums_sum(sums, nblocks));
		rc = g2048_write_all(fd, h, CHAIN_HEADER);
	}
	saved = errno;
	free(sums);
	free(h);
	errno = saved;
	return rc;
}

int
chain_replace_table(const char *path, const struct chain_table *t,
    chain_block_fn *block, void *ctx, const unsigned char *zero_sums,
    char *err, size_t errsize)
{
	struct table_fill f = { t, block, ctx, zero_sums };

	if (g2048_file_replace(path, fill_table, &f) < 0)
		return chain_fail(err, errsize, path, strerror(errno));
	return 0;
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
	int written = t->written == NULL || atomic_load_explicit(
	    &t->written[b >> 6], memory_order_relaxed) >> (b & 63) & 1;

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

static int
open_table(struct chain_table *t, const char *path, char *err,
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

/* 1 if the header at h (of either format; CHAIN_HEADER bytes) names a
 * small layout, the tests' (it is checked whole when opened), else 0 */
static int
header_small(const char *h)
{
	static const char six[] = "layout six-small\n";
	static const char five[] = "layout five-small\n";
	const char *line = h + strlen(CHAIN_MAGIC);

	return memcmp(line, six, strlen(six)) == 0 ||
	    memcmp(line, five, strlen(five)) == 0;
}

/* 1 if the six's file at path names the small layout (five's must then
 * be small too), else 0 */
static int
files_small(const char *path)
{
	char h[CHAIN_HEADER];
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	ssize_t n = fd >= 0 ? pread(fd, h, sizeof h, 0) : -1;

	if (fd >= 0)
		close(fd);
	return n == (ssize_t)sizeof h && header_small(h);
}

g2048_chain *
g2048_chain_open(const char *dir, char *err, size_t errsize)
{
	char five[4096], six[4096];
	g2048_chain *c;

	if (!chain_little_endian()) {
		chain_fail(err, errsize, dir, "chain files are little-endian");
		return NULL;
	}
	g2048_chain_paths(dir, five, six, sizeof five);
	if ((c = files_small(six) ? chain_alloc_layouts(&chain_five_small,
	    &chain_six_small) : chain_alloc()) == NULL) {
		chain_fail(err, errsize, dir, "out of memory");
		return NULL;
	}
	if (open_table(&c->five, five, err, errsize) < 0 ||
	    open_table(&c->six, six, err, errsize) < 0) {
		g2048_chain_free(c);
		return NULL;
	}
	return c;
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

/* ---- a file checked whole --------------------------------------------- */

/* The first failing block of c's tables or digest, into err: -1, or 0 if
 * every block checks. */
static int
verify_blocks(g2048_chain *c, const char *path, char *err, size_t errsize)
{
	struct chain_table *t[2] = { &c->five, &c->six };
	char what[96];
	uint64_t bad = 0;
	int i;

	if (c->digest)
		bad = chain_digest_check_all(c->digest);
	for (i = 0; i < 2 && bad == 0; i++)
		if (t[i]->blocks)
			bad = blocks_check_all(t[i]->blocks);
	if (bad == 0)
		return 0;
	snprintf(what, sizeof what, "corrupt: block %llu does not match its "
	    "checksum", (unsigned long long)(bad - 1));
	return chain_fail(err, errsize, path, what);
}

int
g2048_chain_verify(const char *path, char *err, size_t errsize)
{
	char h[CHAIN_HEADER], name[64];
	struct chain_table *t = NULL;
	g2048_chain *c;
	struct stat st;
	int fd, rc = -1;
	ssize_t n;

	if ((fd = chain_open_regular(path, 0, &st, err, errsize)) < 0)
		return -1;
	memset(h, 0, sizeof h);
	n = pread(fd, h, sizeof h - 1, 0);
	close(fd);
	if (n < 0)
		return chain_fail(err, errsize, path, strerror(errno));
	if (strncmp(h, "2048-chain-digest ", 18) == 0) {
		if ((c = g2048_chain_open_digest(path, err, errsize)) == NULL)
			return -1;
	} else {
		if (!chain_little_endian())
			return chain_fail(err, errsize, path, "chain files "
			    "are little-endian");
		if ((c = chain_alloc()) == NULL)
			return chain_fail(err, errsize, path, "out of memory");
		if (strncmp(h, "2048-chain ", 11) == 0 &&
		    sscanf(h + strlen(CHAIN_MAGIC), "layout %63s", name) == 1)
			t = strcmp(name, c->five.l->name) == 0 ? &c->five :
			    strcmp(name, c->six.l->name) == 0 ? &c->six : NULL;
		if (t == NULL || open_table(t, path, err, errsize) < 0) {
			if (t == NULL)
				chain_fail(err, errsize, path, "bad header: "
				    "layout");
			g2048_chain_free(c);
			return -1;
		}
	}
	rc = verify_blocks(c, path, err, errsize);
	g2048_chain_free(c);
	return rc;
}

/* ---- format 1 upgraded ------------------------------------------------ */

/* The file of fd (st), of chain table t's layout and format 1: its every
 * block checked, then format 2's header written over its own: 0, or -1
 * with err. */
static int
upgrade_table(int fd, const struct stat *st, const struct chain_table *t,
    const char *path, char *err, size_t errsize)
{
	uint64_t len = t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK), sum;
	uint64_t size = CHAIN_HEADER + len + nblocks * 8, bad, sums;
	struct blocks z;
	const char *why;
	unsigned char *map;
	char h[CHAIN_HEADER];
	size_t textlen;
	int rc = -1;

	if ((uint64_t)st->st_size != size)
		return chain_fail(err, errsize, path, "truncated or not a chain "
		    "table: wrong size");
	map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return chain_fail(err, errsize, path, strerror(errno));
	memset(&z, 0, sizeof z);
	sums = chain_sums_sum(map + CHAIN_HEADER + len, nblocks);
	if (check_header((const char *)map, t, 1, &sum, &textlen, &why) < 0)
		chain_fail(err, errsize, path, why);
	else if (sums != sum)
		chain_fail(err, errsize, path, "corrupt: the checksum does not "
		    "match: build it again");
	else if (blocks_init(&z, map + CHAIN_HEADER, len, CHAIN_BLOCK,
	    map + CHAIN_HEADER + len, chain_block_sum) < 0)
		chain_fail(err, errsize, path, "out of memory");
	else if ((bad = blocks_check_all(&z)) != 0)
		chain_fail(err, errsize, path, "corrupt: a block fails its "
		    "check: build it again");
	else {
		chain_header_text(h, t, sums);
		if (pwrite(fd, h, CHAIN_HEADER, 0) != CHAIN_HEADER ||
		    fsync(fd) < 0)
			chain_fail(err, errsize, path, strerror(errno));
		else
			rc = 0;
	}
	if (z.seen != NULL)
		blocks_free(&z);
	munmap(map, (size_t)size);
	return rc;
}

int
g2048_chain_upgrade(const char *path, char *err, size_t errsize)
{
	char h[CHAIN_HEADER], name[64];
	g2048_chain *c;
	struct stat st;
	const struct chain_table *t = NULL;
	int fd, rc = -1;

	if (!chain_little_endian())
		return chain_fail(err, errsize, path, "chain files are "
		    "little-endian");
	if ((fd = chain_open_regular(path, 1, &st, err, errsize)) < 0)
		return -1;
	if (st.st_size < CHAIN_HEADER ||
	    pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h)
		memset(h, 0, sizeof h);
	if ((c = header_small(h) ? chain_alloc_layouts(&chain_five_small,
	    &chain_six_small) : chain_alloc()) == NULL) {
		close(fd);
		return chain_fail(err, errsize, path, "out of memory");
	}
	if (h[0] == '\0')
		chain_fail(err, errsize, path, "truncated or not a chain file");
	else if (memcmp(h, CHAIN_MAGIC, strlen(CHAIN_MAGIC)) == 0 ||
	    chain_digest_is_current(h))
		rc = 0;
	else if (memcmp(h, CHAIN_MAGIC1, strlen(CHAIN_MAGIC1)) == 0) {
		if (sscanf(h + strlen(CHAIN_MAGIC1), "layout %63s", name) == 1)
			t = strcmp(name, c->five.l->name) == 0 ? &c->five :
			    strcmp(name, c->six.l->name) == 0 ? &c->six : NULL;
		if (t == NULL)
			chain_fail(err, errsize, path, "bad header: layout");
		else if (upgrade_table(fd, &st, t, path, err, errsize) == 0)
			rc = 1;
	} else
		rc = chain_digest_upgrade(fd, &st, h, c, path, err, errsize);
	g2048_chain_free(c);
	if (close(fd) < 0 && rc > 0)
		rc = chain_fail(err, errsize, path, strerror(errno));
	return rc;
}
