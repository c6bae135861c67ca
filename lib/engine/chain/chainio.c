/*
 * chainio.c - the chain files' I/O, below every reader and writer of
 * them (the tables' files, the cache's, digests): a file opened if it is
 * a regular one, a message, a file written whole through
 * g2048_file_replace (its body a block at a time, a block of zeros a
 * hole, then its sums, then its header, which covers them), and an old
 * header sealed again once the body it covers checks.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chain.h"

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

int
chain_little_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

/* A body of len bytes written to fd at its offset, each block as block
 * gives it (a block of zeros a hole, the sum of one block said to be
 * zeros from zero_sums if not NULL), its sums into sums: 0, or -1 with
 * errno set. */
static int
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
			chain_put_le64(sums + 8 * b, rc == 1 && zero_sums ?
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

/* the file: the header last, once the sums are known */
static int
fill_file(int fd, const void *arg)
{
	const struct chain_file *f = arg;
	uint64_t nblocks = blocks_count(f->len, CHAIN_BLOCK);
	unsigned char *sums = malloc((size_t)nblocks * 8 + 1);
	char *h = malloc(CHAIN_HEADER);
	int rc = -1, saved;

	if (sums != NULL && h != NULL &&
	    lseek(fd, CHAIN_HEADER, SEEK_SET) >= 0 &&
	    chain_write_body(fd, f->len, f->block, f->ctx, f->zero_sums,
	    sums) == 0 &&
	    g2048_write_all(fd, sums, (size_t)nblocks * 8) == 0 &&
	    lseek(fd, 0, SEEK_SET) == 0) {
		f->header(h, chain_sums_sum(sums, nblocks), f->header_ctx);
		rc = g2048_write_all(fd, h, CHAIN_HEADER);
	}
	saved = errno;
	free(sums);
	free(h);
	errno = saved;
	return rc;
}

int
chain_write_file(const char *path, const struct chain_file *f, char *err,
    size_t errsize)
{
	if (g2048_file_replace(path, fill_file, f) < 0)
		return chain_fail(err, errsize, path, strerror(errno));
	return 0;
}

int
chain_seal(int fd, const struct chain_file *f, uint64_t checksum,
    const char *again, const char *path, char *err, size_t errsize)
{
	uint64_t nblocks = blocks_count(f->len, CHAIN_BLOCK), sums;
	size_t size = (size_t)(CHAIN_HEADER + f->len + nblocks * 8);
	char h[CHAIN_HEADER], why[128];
	unsigned char *map;
	struct blocks z;
	int rc = -1;

	map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return chain_fail(err, errsize, path, strerror(errno));
	memset(&z, 0, sizeof z);
	sums = chain_sums_sum(map + CHAIN_HEADER + f->len, nblocks);
	if (sums != checksum) {
		snprintf(why, sizeof why, "corrupt: the checksum does not "
		    "match: %s", again);
		chain_fail(err, errsize, path, why);
	} else if (blocks_init(&z, map + CHAIN_HEADER, f->len, CHAIN_BLOCK,
	    map + CHAIN_HEADER + f->len, chain_block_sum) < 0)
		chain_fail(err, errsize, path, "out of memory");
	else if (blocks_check_all(&z) != 0) {
		snprintf(why, sizeof why, "corrupt: a block fails its check: "
		    "%s", again);
		chain_fail(err, errsize, path, why);
	} else {
		f->header(h, sums, f->header_ctx);
		if (pwrite(fd, h, CHAIN_HEADER, 0) != CHAIN_HEADER ||
		    fsync(fd) < 0)
			chain_fail(err, errsize, path, strerror(errno));
		else
			rc = 0;
	}
	if (z.seen != NULL)
		blocks_free(&z);
	munmap(map, size);
	return rc;
}
