/*
 * cache.c - the chain cache: the states games asked for, computed once
 * and kept in a folder for every later run (2048-chain(5), CACHE).
 *
 * Its two files are chain files (chainfile.c), sparse: an entry 0 is a
 * state not computed yet.  A file is mapped private and writable, as a
 * chain file is; a block is checked the first time a state in it is
 * read, and one that fails is zeroed in the mapping (its states are
 * computed again) rather than trusted.  Without a file the entries are
 * memory of their own.  A state computed marks its block.
 *
 * A save writes each file again through g2048_file_replace (a file of
 * its own beside it, synced, renamed over it: a crash or a full disk
 * leaves the old file or the new one, whole), under a lock of the folder
 * (fcntl: a killed process holds none), as the union of three sources:
 * the blocks marked, from the mapping; the others as the file mapped at
 * the start holds them; and the blocks that another process saved
 * meanwhile (their sums differ), read from the file there now.  An entry
 * is exact whoever computes it, so the union needs no choice: a nonzero
 * entry wins over a zero.  Every block read from a file is checked
 * against its sum first and left out if it fails.
 */
#define _GNU_SOURCE              /* SEEK_DATA, madvise: where they exist */
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

struct chain_cache {
	char path[4096];
	int fd;                      /* the file mapped (-1: none) */
	struct stat st;              /* its identity */
	const unsigned char *sums;   /* its blocks' sums, in the mapping */
	_Atomic(uint64_t) *seen;     /* a bit a block: checked */
	_Atomic(uint64_t) *marked;   /* a bit a block: a state computed */
	uint64_t nblocks;
	unsigned char *zero_sums;    /* the sum of each block as a hole
	                                (made at the first save) */
	atomic_ullong unsaved;       /* states computed since the last save */
	pthread_mutex_t lock;        /* one block checked at a time */
};

static _Atomic(uint64_t) *
bits_new(uint64_t n)
{
	_Atomic(uint64_t) *b = malloc((size_t)(n / 64 + 1) * sizeof *b);
	uint64_t i;

	if (b != NULL)
		for (i = 0; i < n / 64 + 1; i++)
			atomic_init(&b[i], 0);
	return b;
}

static int
bit(_Atomic(uint64_t) *bits, uint64_t b)
{
	return atomic_load_explicit(&bits[b >> 6], memory_order_acquire) >>
	    (b & 63) & 1;
}

static void
set_bit(_Atomic(uint64_t) *bits, uint64_t b)
{
	if (!bit(bits, b))
		atomic_fetch_or_explicit(&bits[b >> 6], (uint64_t)1 << (b & 63),
		    memory_order_release);
}

/* ---- lookups ---------------------------------------------------------- */

void
chain_cache_touch(struct chain_table *t, uint64_t b)
{
	struct chain_cache *k = t->cache;
	size_t len, i;

	if (k->sums == NULL || bit(k->seen, b))
		return;
	pthread_mutex_lock(&k->lock);
	if (!bit(k->seen, b)) {
		len = blocks_len(t->n * 2, CHAIN_BLOCK, b);
		if (chain_block_sum((const unsigned char *)t->e +
		    b * CHAIN_BLOCK, len, b) != blocks_rd64le(k->sums + 8 * b)) {
			/* a block the disk spoilt: computed again, and
			 * written out whole at the next save */
			for (i = 0; i < len / 2; i++)
				atomic_store_explicit(&t->e[b * CHAIN_BLOCK / 2 +
				    i], 0, memory_order_relaxed);
			set_bit(k->marked, b);
		}
		set_bit(k->seen, b);
	}
	pthread_mutex_unlock(&k->lock);
}

int
chain_cache_block_empty(const struct chain_table *t, uint64_t b)
{
	const struct chain_cache *k = t->cache;
	off_t at = (off_t)(CHAIN_HEADER + b * CHAIN_BLOCK), data = 0;

	if (bit(k->marked, b))
		return 0;
	if (k->fd < 0)                  /* memory of its own, unmarked */
		return 1;
#ifdef SEEK_DATA
	data = lseek(k->fd, at, SEEK_DATA);
	if (data < 0)
		return errno == ENXIO;  /* no data from here on */
#endif
	return data >= at + (off_t)blocks_len(t->n * 2, CHAIN_BLOCK, b);
}

void
chain_cache_release(struct chain_table *t, uint64_t b)
{
#ifdef MADV_DONTNEED
	/* a block of the file's that no state computed here changed:
	 * its pages are the file's again when next read */
	if (t->map && !bit(t->cache->marked, b))
		madvise((unsigned char *)t->map + CHAIN_HEADER + b *
		    CHAIN_BLOCK, blocks_len(t->n * 2, CHAIN_BLOCK, b),
		    MADV_DONTNEED);
#else
	(void)t;
	(void)b;
#endif
}

void
chain_cache_computed(struct chain_table *t, size_t i)
{
	set_bit(t->cache->marked, i * 2 / CHAIN_BLOCK);
	atomic_fetch_add_explicit(&t->cache->unsaved, 1, memory_order_relaxed);
}

/* ---- a file's header and sums ------------------------------------------ */

/* The file at path, if it is a chain file of t's layout whose header's
 * checksum holds: its descriptor, *st and its sums (malloc'd, or in
 * map if map is not NULL), else -1 (none, or not one: replaced at the
 * next save). */
static int
open_valid(const struct chain_table *t, const char *path, struct stat *st,
    unsigned char **sums)
{
	uint64_t len = t->n * 2, nblocks = blocks_count(len, CHAIN_BLOCK);
	char h[CHAIN_HEADER], want[CHAIN_HEADER];
	int fd;

	*sums = NULL;
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		return -1;
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode) ||
	    (uint64_t)st->st_size != CHAIN_HEADER + len + nblocks * 8 ||
	    pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h ||
	    (*sums = malloc((size_t)nblocks * 8)) == NULL ||
	    pread(fd, *sums, (size_t)nblocks * 8, (off_t)(CHAIN_HEADER +
	    len)) != (ssize_t)(nblocks * 8))
		goto fail;
	chain_header_text(want, t, chain_sums_sum(*sums, nblocks));
	if (memcmp(h, want, CHAIN_HEADER) == 0)
		return fd;
fail:
	free(*sums);
	*sums = NULL;
	close(fd);
	return -1;
}

/* ---- opened ----------------------------------------------------------- */

/* t's entries (len bytes) as zeros where a file's would be mapped: 0,
 * or -1 */
static int
map_zeros(struct chain_table *t, uint64_t len)
{
	size_t size = (size_t)(CHAIN_HEADER + len +
	    blocks_count(len, CHAIN_BLOCK) * 8);
	unsigned char *map;
	int fd;

	if ((fd = open("/dev/zero", O_RDWR)) < 0)
		return -1;
	map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -1;
	t->map = map;
	t->map_size = size;
	t->e = (_Atomic uint16_t *)(void *)(map + CHAIN_HEADER);
	return 0;
}

int
chain_cache_attach(struct chain_table *t, const char *dir,
    const char *name, char *err, size_t errsize)
{
	struct chain_cache *k;
	unsigned char *sums, *map;
	uint64_t len = t->n * 2;

	if ((k = calloc(1, sizeof *k)) == NULL)
		return chain_fail(err, errsize, dir, "out of memory");
	t->cache = k;
	k->fd = -1;
	k->nblocks = blocks_count(len, CHAIN_BLOCK);
	atomic_init(&k->unsaved, 0);
	pthread_mutex_init(&k->lock, NULL);
	snprintf(k->path, sizeof k->path, "%s/%s", dir, name);
	if ((k->seen = bits_new(k->nblocks)) == NULL ||
	    (k->marked = bits_new(k->nblocks)) == NULL)
		return chain_fail(err, errsize, dir, "out of memory");
	if ((k->fd = open_valid(t, k->path, &k->st, &sums)) >= 0) {
		free(sums);
		map = mmap(NULL, (size_t)k->st.st_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE, k->fd, 0);
		if (map != MAP_FAILED) {
			t->map = map;
			t->map_size = (size_t)k->st.st_size;
			t->e = (_Atomic uint16_t *)(void *)(map + CHAIN_HEADER);
			k->sums = map + CHAIN_HEADER + len;
			return 0;
		}
		close(k->fd);
		k->fd = -1;
	}
	/* no file yet (or one to replace): zeros, the pages a game touches
	 * the memory it costs, laid out as a file's mapping (a save maps
	 * its file over them) */
	if (map_zeros(t, len) < 0)
		return chain_fail(err, errsize, dir, "no memory for the chain "
		    "tables");
	return 0;
}

void
chain_cache_free(struct chain_table *t)
{
	struct chain_cache *k = t->cache;

	if (t->map)
		munmap(t->map, t->map_size);
	if (k->fd >= 0)
		close(k->fd);
	free((void *)k->seen);
	free((void *)k->marked);
	free(k->zero_sums);
	pthread_mutex_destroy(&k->lock);
	free(k);
}

int
g2048_chain_is_cache(const g2048_chain *c)
{
	return c->five.cache != NULL;
}

uint64_t
g2048_chain_unsaved(const g2048_chain *c)
{
	if (c->five.cache == NULL)
		return 0;
	return atomic_load(&c->five.cache->unsaved) +
	    atomic_load(&c->six.cache->unsaved);
}

static uint64_t
held(const struct chain_table *t)
{
	const struct chain_cache *k = t->cache;

	/* st_blocks: units of 512 bytes, two bytes an entry */
	return k->fd >= 0 && k->st.st_blocks > 0 ?
	    (uint64_t)k->st.st_blocks * 256 : 0;
}

uint64_t
g2048_chain_cache_held(const g2048_chain *c)
{
	return c->five.cache == NULL ? 0 : held(&c->five) + held(&c->six);
}

/* ---- saved ------------------------------------------------------------ */

/* A save's sources of table t's blocks (the file comment). */
struct merge {
	struct chain_table *t;
	int fd;                      /* the file there now (-1: none, or
	                                the one mapped) */
	unsigned char *sums;         /* its sums */
	unsigned char *buf;          /* a block */
};

/* block b of fd, into buf if it holds its sum (else zeros): 0, 1 if it
 * is a hole (buf untouched), or -1 with errno */
static int
read_block(int fd, const unsigned char *sums, const unsigned char *zero_sums,
    uint64_t b, unsigned char *buf, size_t n)
{
	ssize_t r;

	/* a hole is not read */
	if (memcmp(sums + 8 * b, zero_sums + 8 * b, 8) == 0)
		return 1;
	if ((r = pread(fd, buf, n, (off_t)(CHAIN_HEADER + b * CHAIN_BLOCK))) < 0)
		return -1;
	if ((size_t)r != n || chain_block_sum(buf, n, b) !=
	    blocks_rd64le(sums + 8 * b))
		memset(buf, 0, n);
	return 0;
}

static int
merge_block(void *ctx, uint64_t b, unsigned char *out, size_t n)
{
	struct merge *m = ctx;
	struct chain_table *t = m->t;
	struct chain_cache *k = t->cache;
	uint16_t e;
	size_t i, first = b * CHAIN_BLOCK / 2;
	int rc = 1;

	/* ours: the mapping where a state was computed, else the file
	 * mapped (read, not mapped: its pages stay out of memory) */
	if (bit(k->marked, b)) {
		for (i = 0; i < n / 2; i++) {
			e = atomic_load_explicit(&t->e[first + i],
			    memory_order_relaxed);
			out[2 * i] = (unsigned char)e;
			out[2 * i + 1] = (unsigned char)(e >> 8);
		}
		rc = 0;
	} else if (k->fd >= 0 &&
	    (rc = read_block(k->fd, k->sums, k->zero_sums, b, out, n)) < 0)
		return -1;
	/* theirs: a block another process changed since */
	if (m->fd < 0 || (k->sums != NULL &&
	    memcmp(m->sums + 8 * b, k->sums + 8 * b, 8) == 0))
		return rc;
	switch (read_block(m->fd, m->sums, k->zero_sums, b, m->buf, n)) {
	case -1:
		return -1;
	case 1:
		return rc;
	}
	if (rc == 1) {
		memcpy(out, m->buf, n);
		return 0;
	}
	for (i = 0; i + 1 < n; i += 2)
		if (out[i] == 0 && out[i + 1] == 0) {
			out[i] = m->buf[i];
			out[i + 1] = m->buf[i + 1];
		}
	return 0;
}

/*
 * The file just saved mapped over t's entries, where they were: the
 * memory of the states computed goes back to the system (the file holds
 * them), so a long first run stays within its memory.  A state a thread
 * computes meanwhile may be lost (computed again), never changed: an
 * entry is 0 or its one value.  Every block of the file was checked or
 * written by this process: none is checked again.
 */
static void
remap(struct chain_table *t)
{
	struct chain_cache *k = t->cache;
	unsigned char *sums;
	struct stat st;
	uint64_t w;
	int fd;

	if ((fd = open_valid(t, k->path, &st, &sums)) < 0)
		return;
	free(sums);
	/* the file mapped already, with states not saved: kept */
	if (k->fd >= 0 && st.st_dev == k->st.st_dev &&
	    st.st_ino == k->st.st_ino && atomic_load(&k->unsaved) > 0) {
		close(fd);
		return;
	}
	if ((size_t)st.st_size != t->map_size ||
	    mmap(t->map, t->map_size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
		close(fd);
		return;
	}
	if (k->fd >= 0)
		close(k->fd);
	k->fd = fd;
	k->st = st;
	k->sums = t->map + CHAIN_HEADER + t->n * 2;
	for (w = 0; w < k->nblocks / 64 + 1; w++) {
		atomic_store(&k->seen[w], ~(uint64_t)0);
		atomic_store(&k->marked[w], 0);
	}
}

static int
save_table(struct chain_table *t, char *err, size_t errsize)
{
	struct chain_cache *k = t->cache;
	struct merge m = { t, -1, NULL, NULL };
	unsigned long long unsaved = atomic_load(&k->unsaved);
	struct stat st;
	int rc;

	if (unsaved == 0) {
		remap(t);              /* the memory back all the same */
		return 0;
	}
	if (k->zero_sums == NULL) {
		if ((k->zero_sums = malloc((size_t)k->nblocks * 8)) == NULL)
			return chain_fail(err, errsize, k->path,
			    "out of memory");
		chain_zero_sums(k->zero_sums, t->n * 2);
	}
	if ((m.buf = malloc(CHAIN_BLOCK)) == NULL)
		return chain_fail(err, errsize, k->path, "out of memory");
	if ((m.fd = open_valid(t, k->path, &st, &m.sums)) >= 0 && k->fd >= 0 &&
	    st.st_dev == k->st.st_dev && st.st_ino == k->st.st_ino) {
		close(m.fd);             /* the file mapped: nothing new */
		m.fd = -1;
	}
	rc = chain_replace_table(k->path, t, merge_block, &m, k->zero_sums,
	    err, errsize);
	if (m.fd >= 0)
		close(m.fd);
	free(m.sums);
	free(m.buf);
	if (rc == 0) {
		atomic_fetch_sub(&k->unsaved, unsaved);
		remap(t);
	}
	return rc;
}

int
g2048_chain_cache_save(g2048_chain *c, char *err, size_t errsize)
{
	char lock[4200];
	struct flock fl;
	int fd, rc;

	if (c->five.cache == NULL)
		return 0;
	if (g2048_chain_unsaved(c) == 0) {
		remap(&c->five);
		remap(&c->six);
		return 0;
	}
	/* one save at a time in the folder: each merges what the last
	 * one wrote */
	snprintf(lock, sizeof lock, "%.*s/chain.lock",
	    (int)(strrchr(c->five.cache->path, '/') - c->five.cache->path),
	    c->five.cache->path);
	if ((fd = open(lock, O_RDWR | O_CREAT, 0644)) < 0)
		return chain_fail(err, errsize, lock, strerror(errno));
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	while ((rc = fcntl(fd, F_SETLKW, &fl)) < 0 && errno == EINTR)
		continue;
	if (rc < 0) {
		rc = chain_fail(err, errsize, lock, strerror(errno));
		close(fd);
		return rc;
	}
	rc = save_table(&c->five, err, errsize) < 0 ||
	    save_table(&c->six, err, errsize) < 0 ? -1 : 0;
	close(fd);                   /* the lock goes with it */
	return rc;
}
