/*
 * netfile.c - reading a net file (2048-net(5)): a text header of 4096
 * bytes, then the weights (and TC accumulators) as little-endian floats,
 * then (format 2) a checksum for each block of 4096 bytes of them
 * (netsum.c; netsave.c writes the file).  It loads by mmap.
 * g2048_net_load checks every block at once; g2048_net_open checks a
 * block when the net first reads a weight in it (net_touch), so a search
 * that reads a few thousand weights of a 256 MiB net does not read the
 * other 256 MiB (a whole check is 50 ms or more: bound by the memory's
 * speed, not the hash's).  Format 1 (one checksum) is read and checked
 * whole.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048-private.h"
#include "blocks.h"
#include "net.h"

/* A net of g2048_net_open: which blocks have been checked (blocks.h). */
struct net_lazy {
	struct blocks blocks;
	char path[];                     /* for the message */
};

void
net_touch(const g2048_net *n, const size_t *idx, int count)
{
	struct blocks *z = &n->lazy->blocks;
	int i;

	for (i = 0; i < count; i++)
		blocks_touch(z, (uint64_t)idx[i] * sizeof(float) / z->block);
}

int
g2048_net_check(const g2048_net *n, char *err, size_t errsize)
{
	uint64_t bad = n->lazy ? blocks_bad(&n->lazy->blocks) : 0;

	if (bad == 0)
		return 0;
	snprintf(err, errsize, "%s: corrupt: block %llu of its weights does "
	    "not match its checksum", n->lazy->path,
	    (unsigned long long)(bad - 1));
	return -1;
}

int
net_check_all(const g2048_net *n, char *err, size_t errsize)
{
	if (n->lazy == NULL)
		return 0;
	blocks_check_all(&n->lazy->blocks);
	return g2048_net_check(n, err, errsize);
}

void
net_lazy_drop(g2048_net *n)
{
	if (n->lazy) {
		blocks_free(&n->lazy->blocks);
		free(n->lazy);
		n->lazy = NULL;
	}
}

/* ---- the header -------------------------------------------------------- */

/* Line `key value` at *p: the value, NUL-terminated in place; NULL if
 * the line does not start with key. */
static char *
header_line(char **p, const char *key)
{
	size_t klen = strlen(key);
	char *line = *p, *nl;

	if (strncmp(line, key, klen) != 0 || line[klen] != ' ')
		return NULL;
	if ((nl = strchr(line, '\n')) == NULL)
		return NULL;
	*nl = '\0';
	*p = nl + 1;
	return line + klen + 1;
}

/* `key N` or, with a unit, `key N unit` */
static int
header_u64(char **p, const char *key, const char *unit, uint64_t *v)
{
	char *s = header_line(p, key), *end;
	unsigned long long x;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno || (unit ? *end != ' ' || strcmp(end + 1, unit) != 0 :
	    *end != '\0'))
		return -1;
	*v = x;
	return 0;
}

int
net_fail(char *err, size_t errsize, const char *path, const char *what)
{
	snprintf(err, errsize, "%s: %s", path, what);
	return -1;
}

/*
 * Parse the header in hdr (NET_HEADER bytes, writable) into n's layout;
 * *version is 1 or 2, *block the bytes of a block (format 2), *sumpos
 * where the checksum line starts.  0 or -1 with err.
 */
static int
parse_header(g2048_net *n, char *hdr, const char *path, int *version,
    uint64_t *block, size_t *sumpos, uint64_t *sum, char *err,
    size_t errsize)
{
	char stages[G2048_NET_TEXT_MAX], lerr[192], *p = hdr, *s, *t;
	uint64_t weights, tc;
	g2048_net_info *in = &n->info;

	if (memchr(hdr, '\0', NET_HEADER) == NULL)
		return net_fail(err, errsize, path,
		    "not a net file (header not ended)");
	if (strncmp(hdr, NET_MAGIC, strlen(NET_MAGIC)) == 0)
		*version = 2;
	else if (strncmp(hdr, NET_MAGIC_1, strlen(NET_MAGIC_1)) == 0)
		*version = 1;
	else
		return net_fail(err, errsize, path,
		    strncmp(hdr, "2048-net ", 9) == 0 ?
		    "net file of another version (this reads versions 1 "
		    "and 2)" : "not a net file (no '2048-net 2' line)");
	p += strlen(NET_MAGIC);
	if ((t = header_line(&p, "tuples")) == NULL ||
	    (s = header_line(&p, "stages")) == NULL)
		return net_fail(err, errsize, path, "bad header: no tuples or "
		    "stages line");
	/* "3 16384 32768": the count, then the tiles */
	snprintf(stages, sizeof stages, "%s", s + strspn(s, "0123456789"));
	if (net_layout(n, t, stages, lerr, sizeof lerr) < 0)
		return net_fail(err, errsize, path, lerr);
	if (strcmp(s, n->info.stages) != 0 || strcmp(t, n->info.tuples) != 0)
		return net_fail(err, errsize, path,
		    "bad header: tuples or stages not in canonical form");
	if (header_u64(&p, "weights", "f32le", &weights) < 0 ||
	    header_u64(&p, "tc", NULL, &tc) < 0 || tc > 1 ||
	    header_u64(&p, "games", NULL, &in->games) < 0 ||
	    header_u64(&p, "moves", NULL, &in->moves) < 0 ||
	    header_u64(&p, "seed", NULL, &in->seed) < 0 ||
	    (s = header_line(&p, "train")) == NULL)
		return net_fail(err, errsize, path,
		    "bad header: expected the lines "
		    "weights, tc, games, moves, seed and train");
	if (weights != n->nweights)
		return net_fail(err, errsize, path,
		    "bad header: the weights do not "
		    "match the tuples and stages");
	in->tc = (int)tc;
	snprintf(in->train, sizeof in->train, "%s", s);
	*block = 0;
	if (*version == 2 && (header_u64(&p, "blocks", NULL, block) < 0 ||
	    *block < sizeof(float) || *block % sizeof(float) != 0 ||
	    *block > NET_BLOCK_MAX))
		return net_fail(err, errsize, path,
		    "bad header: no blocks line "
		    "of a size in bytes, a multiple of 4");
	*sumpos = (size_t)(p - hdr);
	if (header_u64(&p, "checksum", NULL, sum) < 0 || *p != '\0')
		return net_fail(err, errsize, path,
		    "bad header: no checksum line at its end");
	return 0;
}

static uint64_t
checksum(const char *hdr, size_t hlen, float *const a[3], int count,
    size_t each)
{
	struct net_hash h;
	int i;

	net_hash_init(&h);
	net_hash_add(&h, hdr, hlen);
	for (i = 0; i < count; i++)
		net_hash_add(&h, a[i], each * sizeof(float));
	return net_hash_end(&h);
}

/* Format 2: the header's checksum covers the blocks' checksums; the
 * blocks are checked now (whole) or as they are read.  0 or -1. */
static int
open_blocks(g2048_net *n, const char *path, size_t sumpos, uint64_t sum,
    uint64_t block, uint64_t datalen, int whole, char *err, size_t errsize)
{
	struct net_lazy *z;
	uint64_t nblocks = blocks_count(datalen, block);
	const unsigned char *data = (unsigned char *)n->map + NET_HEADER;

	if (net_header_sum(n->map, sumpos, data + datalen, nblocks) != sum)
		return net_fail(err, errsize, path,
		    "corrupt: the checksum does not match");
	if ((z = malloc(sizeof *z + strlen(path) + 1)) == NULL ||
	    blocks_init(&z->blocks, data, datalen, block, data + datalen,
	    net_block_sum) < 0) {
		free(z);
		return net_fail(err, errsize, path, "out of memory");
	}
	strcpy(z->path, path);
	n->lazy = z;
	if (!whole)
		return 0;
	if (net_check_all(n, err, errsize) < 0)
		return -1;
	net_lazy_drop(n);
	return 0;
}

static g2048_net *
net_open(const char *path, int whole, char *err, size_t errsize)
{
	g2048_net *n = calloc(1, sizeof *n);
	char hdr[NET_HEADER];
	float *a[3];
	struct stat st;
	size_t sumpos = 0;
	uint64_t sum = 0, want, datalen, block = 0;
	int fd = -1, count, i, version = 0;

	if (n == NULL) {
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	/* O_NONBLOCK: a FIFO is refused below, not waited on */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0 ||
	    fstat(fd, &st) < 0) {
		net_fail(err, errsize, path, strerror(errno));
		goto fail;
	}
	if (!S_ISREG(st.st_mode) || st.st_size < NET_HEADER) {
		net_fail(err, errsize, path, S_ISREG(st.st_mode) ?
		    "truncated: shorter than a net file's header" :
		    "not a regular file");
		goto fail;
	}
	n->maplen = (size_t)st.st_size;
	n->map = mmap(NULL, n->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE,
	    fd, 0);
	if (n->map == MAP_FAILED) {
		n->map = NULL;
		net_fail(err, errsize, path, strerror(errno));
		goto fail;
	}
	close(fd);
	fd = -1;
	memcpy(hdr, n->map, NET_HEADER);
	if (parse_header(n, hdr, path, &version, &block, &sumpos, &sum, err,
	    errsize) < 0)
		goto fail;
	datalen = net_data_len(n);
	want = (uint64_t)NET_HEADER + datalen;
	if (version == 2)
		want += blocks_count(datalen, block) * 8;
	if ((uint64_t)st.st_size != want) {
		net_fail(err, errsize, path, (uint64_t)st.st_size < want ?
		    "truncated: fewer weights than its header says" :
		    "bytes past the weights its header says");
		goto fail;
	}
	/* the weights start on a page boundary of the mapping */
	n->w = (float *)(void *)((unsigned char *)n->map + NET_HEADER);
	if (n->info.tc) {
		n->tc_err = n->w + n->nweights;
		n->tc_abs = n->tc_err + n->nweights;
	}
	count = net_arrays(n, a);
	/* a big-endian host swaps every weight now: it checks them first */
	if (version == 2 ? open_blocks(n, path, sumpos, sum, block, datalen,
	    whole || !net_host_is_le(), err, errsize) < 0 :
	    checksum(n->map, sumpos, a, count, n->nweights) != sum) {
		if (version == 1)
			net_fail(err, errsize, path,
			    "corrupt: the checksum does not match");
		goto fail;
	}
	if (!net_host_is_le())
		for (i = 0; i < count; i++)
			net_swap_floats(a[i], n->nweights);
	return n;
fail:
	if (fd >= 0)
		close(fd);
	n->w = n->tc_err = n->tc_abs = NULL;
	g2048_net_free(n);
	return NULL;
}

g2048_net *
g2048_net_load(const char *path, char *err, size_t errsize)
{
	return net_open(path, 1, err, errsize);
}

g2048_net *
g2048_net_open(const char *path, char *err, size_t errsize)
{
	return net_open(path, 0, err, errsize);
}

