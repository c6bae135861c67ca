/*
 * open.c - chain files opened: a folder's tables (their files, else its
 * digest), a digest, the cache; any of them checked whole or upgraded.
 * Above every kind of file (chainfile.c, digest.c, cache.c): the one
 * place that makes a context of them and frees it on a failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chain.h"

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
	return n == (ssize_t)sizeof h && chain_header_small(h);
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
	if (chain_table_map(&c->five, five, err, errsize) < 0 ||
	    chain_table_map(&c->six, six, err, errsize) < 0) {
		g2048_chain_free(c);
		return NULL;
	}
	return c;
}

g2048_chain *
g2048_chain_open_digest(const char *path, char *err, size_t errsize)
{
	g2048_chain *c;

	if (!chain_little_endian()) {
		chain_fail(err, errsize, path, "chain digests are "
		    "little-endian");
		return NULL;
	}
	if ((c = chain_alloc()) == NULL) {
		chain_fail(err, errsize, path, "out of memory");
		return NULL;
	}
	if (chain_digest_map(c, path, err, errsize) < 0) {
		g2048_chain_free(c);
		return NULL;
	}
	return c;
}

void
g2048_chain_digest_path(const char *dir, char *path, size_t size)
{
	/* make tables' packed tables where they are, else the digest */
	snprintf(path, size, "%s/chain.packed", dir);
	if (access(path, F_OK) != 0)
		snprintf(path, size, "%s/chain.digest", dir);
}

g2048_chain *
g2048_chain_open_dir(const char *dir, char *err, size_t errsize)
{
	char path[4096];

	if (g2048_chain_present(dir))
		return g2048_chain_open(dir, err, errsize);
	g2048_chain_digest_path(dir, path, sizeof path);
	return g2048_chain_open_digest(path, err, errsize);
}

int
g2048_chain_usable(const char *dir)
{
	char path[4096];

	g2048_chain_digest_path(dir, path, sizeof path);
	return g2048_chain_present(dir) || access(path, F_OK) == 0;
}

g2048_chain *
g2048_chain_cache_open(const char *dir, const char *digest, char *err,
    size_t errsize)
{
	g2048_chain *c;
	char why[512];

	if (!chain_little_endian()) {
		chain_fail(err, errsize, dir, "chain files are little-endian");
		return NULL;
	}
	if ((c = chain_alloc()) == NULL) {
		chain_fail(err, errsize, dir, "out of memory");
		return NULL;
	}
	if (chain_cache_attach(&c->five, dir, "chain-five.chain", err,
	    errsize) < 0 || chain_cache_attach(&c->six, dir,
	    "chain-six.chain", err, errsize) < 0) {
		g2048_chain_free(c);
		return NULL;
	}
	/* the digest beneath: the states it holds are not computed (a
	 * digest that fails to open is left out: the cache computes) */
	if (digest && access(digest, F_OK) == 0 &&
	    (c->beneath = g2048_chain_open_digest(digest, why,
	    sizeof why)) != NULL) {
		c->five.under = &c->beneath->five;
		c->six.under = &c->beneath->six;
	}
	return c;
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
	char h[CHAIN_HEADER];
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
	if (strncmp(h, "2048-chain-digest ", 18) == 0 || chain_packed_is(h)) {
		if ((c = g2048_chain_open_digest(path, err, errsize)) == NULL)
			return -1;
	} else {
		if (!chain_little_endian())
			return chain_fail(err, errsize, path, "chain files "
			    "are little-endian");
		if ((c = chain_alloc()) == NULL)
			return chain_fail(err, errsize, path, "out of memory");
		t = chain_table_named(c, h);
		if (t == NULL || chain_table_map(t, path, err, errsize) < 0) {
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

int
g2048_chain_upgrade(const char *path, char *err, size_t errsize)
{
	char h[CHAIN_HEADER];
	g2048_chain *c;
	struct stat st;
	const struct chain_table *t;
	int fd, rc = -1;

	if (!chain_little_endian())
		return chain_fail(err, errsize, path, "chain files are "
		    "little-endian");
	if ((fd = chain_open_regular(path, 1, &st, err, errsize)) < 0)
		return -1;
	if (st.st_size < CHAIN_HEADER ||
	    pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h)
		memset(h, 0, sizeof h);
	if ((c = chain_header_small(h) ? chain_alloc_layouts(&chain_five_small,
	    &chain_six_small) : chain_alloc()) == NULL) {
		close(fd);
		return chain_fail(err, errsize, path, "out of memory");
	}
	if (h[0] == '\0')
		chain_fail(err, errsize, path, "truncated or not a chain file");
	else if (chain_table_version(h) == 2 || chain_digest_is_current(h) ||
	    chain_packed_is(h))
		rc = 0;
	else if (chain_table_version(h) == 1) {
		if ((t = chain_table_named(c, h)) == NULL)
			chain_fail(err, errsize, path, "bad header: layout");
		else if (chain_table_upgrade(fd, &st, h, t, path, err,
		    errsize) == 0)
			rc = 1;
	} else
		rc = chain_digest_upgrade(fd, &st, h, c, path, err, errsize);
	g2048_chain_free(c);
	if (close(fd) < 0 && rc > 0)
		rc = chain_fail(err, errsize, path, strerror(errno));
	return rc;
}
