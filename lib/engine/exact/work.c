/*
 * work.c - a build's work directory: a file a layer for its keys, its
 * pruned moves, its values and its reach, each written whole or not at
 * all and ended by its length and checksum, so that a build that
 * stopped goes on from the files it finds and never from one damaged
 * since (a file that fails its check is not there: its layer is made
 * again); the directory's lock and its description of the build, so
 * that two builds never share one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exact.h"

void
exact_path_of(const struct exact_build *b, char *p, size_t n, char kind,
    int layer)
{
	snprintf(p, n, "%s/%c-%05d", b->dir, kind, layer);
}

struct blob {
	const void *p;
	size_t n;
};

static int
fill_blob(int fd, const void *ctx)
{
	const struct blob *bl = ctx;

	return g2048_write_all(fd, bl->p, bl->n);
}

int
exact_write_file(struct exact_build *b, const char *path, const char *text)
{
	struct blob bl;

	bl.p = text;
	bl.n = strlen(text);
	if (g2048_file_replace(path, fill_blob, &bl) < 0)
		return exact_berr(b, "cannot write", path);
	return 0;
}

/* A work file's trailer: its length, and the sum of its bytes from a
 * start of its kind and layer, so that a file renamed to another layer
 * fails too. */
#define TRAILER 16

static void
trailer_of(char kind, int layer, const void *p, size_t n,
    unsigned char *t)
{
	exact_wr64(t, (uint64_t)n);
	exact_wr64(t + 8, exact_block_sum(p, n, (uint64_t)(unsigned char)kind
	    << 32 ^ (uint64_t)layer ^ 0x776f726bULL << 40));     /* "work" */
}

/* A work file, written beside and renamed, so that a killed build
 * leaves it whole or not at all.  Not synced: a work file lost in a
 * crash of the system is built again. */
int
exact_save(struct exact_build *b, char kind, int layer, const void *p,
    size_t n)
{
	char path[1100], tmp[1200];
	unsigned char t[TRAILER];
	int fd;

	exact_path_of(b, path, sizeof path, kind, layer);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	trailer_of(kind, layer, p, n, t);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return exact_berr(b, "cannot write", tmp);
	if (g2048_write_all(fd, p, n) < 0 ||
	    g2048_write_all(fd, t, sizeof t) < 0) {
		close(fd);
		unlink(tmp);
		return exact_berr(b, "cannot write", tmp);
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return exact_berr(b, "cannot write", path);
	}
	return 0;
}

/* n bytes from fd into p: 0, or -1 (errno; EIO at the end of the file) */
static int
read_all(int fd, unsigned char *p, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = read(fd, p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			return -1;
		}
		got += (size_t)r;
	}
	return 0;
}

/* Read a work file of n bytes, its length and checksum checked; NULL
 * with err if it is not there whole and sound. */
void *
exact_load(struct exact_build *b, char kind, int layer, size_t n)
{
	char path[1100];
	unsigned char *p, t[TRAILER], want[TRAILER];
	struct stat st;
	int fd;

	exact_path_of(b, path, sizeof path, kind, layer);
	if ((fd = open(path, O_RDONLY)) < 0) {
		exact_berr(b, "cannot open", path);
		return NULL;
	}
	if (fstat(fd, &st) < 0 || (uint64_t)st.st_size != (uint64_t)n +
	    TRAILER) {
		close(fd);
		snprintf(b->err, b->errsize, "%s: a damaged work file (%lld "
		    "bytes, not %llu): remove it, and the build makes it "
		    "again", path, (long long)st.st_size,
		    (unsigned long long)n + TRAILER);
		return NULL;
	}
	if ((p = exact_balloc(b, n)) == NULL) {
		close(fd);
		exact_berr(b, "out of memory reading", path);
		return NULL;
	}
	if (read_all(fd, p, n) < 0 || read_all(fd, t, sizeof t) < 0) {
		close(fd);
		exact_bfree(b, p, n);
		exact_berr(b, "cannot read", path);
		return NULL;
	}
	close(fd);
	trailer_of(kind, layer, p, n, want);
	if (memcmp(t, want, sizeof t) != 0) {
		exact_bfree(b, p, n);
		snprintf(b->err, b->errsize, "%s: a damaged work file (its "
		    "checksum does not match): remove it, and the build makes "
		    "it again", path);
		return NULL;
	}
	return p;
}

int
exact_exists(struct exact_build *b, char kind, int layer, size_t n)
{
	void *p = exact_load(b, kind, layer, n);

	exact_bfree(b, p, n);
	return p != NULL;
}

int
exact_work_size(const struct exact_build *b, char kind, int layer,
    size_t *n)
{
	char path[1100];
	struct stat st;

	exact_path_of(b, path, sizeof path, kind, layer);
	if (stat(path, &st) != 0 || (uint64_t)st.st_size < TRAILER)
		return -1;
	*n = (size_t)st.st_size - TRAILER;
	return 0;
}

/* The work directory's description of the build: a resumed build must be
 * the same one. */
int
exact_check_dir(struct exact_build *b)
{
	char path[1100], want[512], have[512];
	int fd;
	ssize_t n;

	snprintf(want, sizeof want, "2048-table work 2\nrules %s %s\n"
	    "target %d\nobjective %d\nfour %.17g\n",
	    b->r.kind == EXACT_BOARD ? "board" : "pattern", b->r.spec,
	    b->r.target, b->r.objective, b->r.four);
	/* one build a directory: a lock the system drops when we end */
	snprintf(path, sizeof path, "%s/lock", b->dir);
	if ((b->lock = open(path, O_RDWR | O_CREAT, 0644)) < 0)
		return exact_berr(b, "cannot open", path);
	{
		struct flock fl;

		memset(&fl, 0, sizeof fl);
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(b->lock, F_SETLK, &fl) < 0) {
			snprintf(b->err, b->errsize, "%s is in use by another "
			    "build", b->dir);
			return -1;
		}
	}
	snprintf(path, sizeof path, "%s/build", b->dir);
	if ((fd = open(path, O_RDONLY)) >= 0) {
		n = read(fd, have, sizeof have - 1);
		close(fd);
		have[n > 0 ? n : 0] = '\0';
		if (strncmp(have, "2048-table work 1\n", 18) == 0) {
			/* its files have no checksums */
			snprintf(b->err, b->errsize, "%s holds the work of an "
			    "older 2048-table: remove it or name another",
			    b->dir);
			return -1;
		}
		if (strcmp(have, want) != 0) {
			snprintf(b->err, b->errsize, "%s holds the work of "
			    "another build: remove it or name another", b->dir);
			return -1;
		}
		return 0;
	}
	return exact_write_file(b, path, want);
}

void
exact_remove_work(struct exact_build *b)
{
	char path[1100];
	int i;

	for (i = 0; i <= b->top; i++) {
		exact_path_of(b, path, sizeof path, 'k', i);
		unlink(path);
		exact_path_of(b, path, sizeof path, 'v', i);
		unlink(path);
		exact_path_of(b, path, sizeof path, 'p', i);
		unlink(path);
		exact_path_of(b, path, sizeof path, 'a', i);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/forward", b->dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/build", b->dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/lock", b->dir);
	unlink(path);
	if (b->own_dir)
		rmdir(b->dir);
}
