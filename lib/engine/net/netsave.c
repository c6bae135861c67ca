/*
 * netsave.c - writing a net file (2048-net(5)), atomically, in one pass
 * over the arrays: a mixed net's weights are put back in the file's
 * order a block at a time, and runs of zeros are left holes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "blocks.h"
#include "net.h"

static int
header_text(const g2048_net *n, char *buf, size_t size)
{
	const g2048_net_info *in = &n->info;

	return snprintf(buf, size, NET_MAGIC
	    "tuples %s\nstages %s\nweights %llu f32le\ntc %d\n"
	    "games %llu\nmoves %llu\nseed %llu\ntrain %s\nblocks %d\n",
	    in->tuples, in->stages, (unsigned long long)n->nweights, in->tc,
	    (unsigned long long)in->games, (unsigned long long)in->moves,
	    (unsigned long long)in->seed, in->train, NET_BLOCK);
}

/* What a save copies at a time: one block of a mixed net's weights. */
#define CHUNK NET_MIX_BLOCK

/* Weights from..from+count-1 of array f of n, as they are in the file,
 * into chunk; from is a multiple of CHUNK and count at most CHUNK. */
static void
file_chunk(float *chunk, const g2048_net *n, const float *f, size_t from,
    size_t count)
{
	size_t i, k, at, mask;

	if (!n->mixed) {
		for (i = 0; i < count; i++)
			chunk[i] = f[(from + i) * n->stride];
	} else {
		/* the block's lines of 16 lie permuted by one mask: read
		 * them in the order they lie, not at random */
		mask = net_slot(n, from) / n->stride ^ from;
		for (at = 0; at < CHUNK; at += 16) {
			if ((i = at ^ mask) >= count)
				continue;
			for (k = 0; k < 16; k++)
				chunk[i + k] = f[(from + at + k) * n->stride];
		}
	}
	if (!net_host_is_le())
		net_swap_floats(chunk, count);
}

/* Whether an array is already in file order where it lies. */
static int
as_in_file(const g2048_net *n)
{
	return n->stride == 1 && !n->mixed && net_host_is_le();
}

#define HOLE 16384

/* Whether the run of HOLE bytes (fewer at the end) at p is all zeros. */
static int
zero_run(const unsigned char *p, size_t count)
{
	size_t len = count < HOLE ? count : HOLE;

	return p[0] == 0 && memcmp(p, p + 1, len - 1) == 0;
}

/*
 * count bytes at p, where each run of HOLE zero bytes is left a hole
 * that reads back as zeros: the weights no game has reached cost
 * neither the write nor the disk (half of a 10,000-game net).  The
 * block sums written after the arrays give the file its length.
 */
static int
write_holes(int fd, const unsigned char *p, size_t count)
{
	size_t run;

	while (count > 0) {
		if (zero_run(p, count)) {
			run = count < HOLE ? count : HOLE;
			if (lseek(fd, (off_t)run, SEEK_CUR) < 0)
				return -1;
			p += run;
			count -= run;
			continue;
		}
		/* the data up to the next hole, in one write */
		for (run = HOLE; run < count && !zero_run(p + run, count - run);
		    run += HOLE)
			continue;
		if (run > count)
			run = count;
		if (g2048_write_all(fd, p, run) < 0)
			return -1;
		p += run;
		count -= run;
	}
	return 0;
}

/* Array f of n into the file at its offset, and into the blocks'
 * checksums. */
static int
write_floats(int fd, const g2048_net *n, const float *f, float *chunk,
    struct net_blocks *b)
{
	size_t i, c;

	for (i = 0; i < n->nweights; i += c) {
		const float *from = f + i;

		c = n->nweights - i < CHUNK ? n->nweights - i : CHUNK;
		if (!as_in_file(n)) {
			file_chunk(chunk, n, f, i, c);
			from = chunk;
		}
		net_blocks_add(b, from, c * sizeof *f);
		if (write_holes(fd, (const unsigned char *)from,
		    c * sizeof *f) < 0)
			return -1;
	}
	return 0;
}

/* A net file being written: its header, the checksums of its blocks. */
struct net_image {
	const g2048_net *net;
	char *hdr;                      /* NET_HEADER bytes, text then NULs */
	size_t hlen;                    /* the text's length */
	unsigned char *sums;            /* 8 bytes a block */
	float *chunk;                   /* CHUNK floats to copy through */
};

/*
 * In one pass over the arrays: the header's checksum covers the blocks'
 * checksums, which are made as the arrays are written, so the header is
 * written last, into the room left for it.
 */
static int
fill_net(int fd, const void *ctx)
{
	const struct net_image *im = ctx;
	struct net_blocks b;
	float *a[3];
	int i, count = net_arrays(im->net, a);

	memset(&b, 0, sizeof b);
	b.block = NET_BLOCK;
	b.sums = im->sums;
	if (lseek(fd, NET_HEADER, SEEK_SET) < 0)
		return -1;
	for (i = 0; i < count; i++)
		if (write_floats(fd, im->net, a[i], im->chunk, &b) < 0)
			return -1;
	net_blocks_end(&b);
	if (g2048_write_all(fd, b.sums, (size_t)b.index * 8) < 0)
		return -1;
	snprintf(im->hdr + im->hlen, NET_HEADER - im->hlen, "checksum %llu\n",
	    (unsigned long long)net_header_sum(im->hdr, im->hlen, b.sums,
	    b.index));
	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	return g2048_write_all(fd, im->hdr, NET_HEADER);
}

int
g2048_net_save(const g2048_net *n, const char *path, char *err,
    size_t errsize)
{
	char hdr[NET_HEADER];
	struct net_image im = { n, hdr, 0, NULL, NULL };
	uint64_t nblocks = blocks_count(net_data_len(n), NET_BLOCK);
	int hlen, r;

	/* a net opened lazily is written whole: check it whole first */
	if (net_check_all(n, err, errsize) < 0)
		return -1;
	memset(hdr, 0, sizeof hdr);
	hlen = header_text(n, hdr, sizeof hdr);
	if (hlen < 0 || hlen + 40 >= NET_HEADER)
		return net_fail(err, errsize, path, "header too long");
	im.hlen = (size_t)hlen;
	if ((im.chunk = malloc(CHUNK * sizeof *im.chunk)) == NULL ||
	    (im.sums = malloc((size_t)nblocks * 8 + 1)) == NULL) {
		free(im.chunk);
		return net_fail(err, errsize, path, "out of memory");
	}
	r = g2048_file_replace(path, fill_net, &im);
	free(im.chunk);
	free(im.sums);
	if (r < 0)
		return net_fail(err, errsize, path, strerror(errno));
	return 0;
}
