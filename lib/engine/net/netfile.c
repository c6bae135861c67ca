/*
 * netfile.c - the net file (2048-net(5)): a text header of 4096 bytes,
 * then the weights (and TC accumulators) as little-endian floats.  It
 * loads by mmap, so a large net is ready as soon as its checksum is read.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048.h"
#include "net.h"

#define NET_MAGIC   "2048-net 1\n"
#define NET_HEADER  4096             /* the weights start here */

/* ---- checksum: four lanes of multiply-rotate over 64-bit words -------- */

struct hash {
	uint64_t lane[4];
	unsigned char part[32];
	size_t npart;
	uint64_t len;
};

#define HASH_MUL 0x9E3779B97F4A7C15ULL

/* Written out byte by byte, which compilers turn into one load (a loop
 * they do not: it made the checksum of a 256 MiB net take 200 ms). */
static uint64_t
rd64le(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static uint64_t
rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

/* Blocks of 32 bytes.  The lanes are kept in locals: bytes read through
 * an unsigned char pointer may alias *h, which would make the compiler
 * store and reload every lane for every word (6x slower). */
static void
hash_blocks(struct hash *h, const unsigned char *p, size_t nblocks)
{
	uint64_t l0 = h->lane[0], l1 = h->lane[1], l2 = h->lane[2],
	    l3 = h->lane[3];

	for (; nblocks > 0; nblocks--, p += 32) {
		l0 = rotl((l0 ^ rd64le(p)) * HASH_MUL, 31);
		l1 = rotl((l1 ^ rd64le(p + 8)) * HASH_MUL, 31);
		l2 = rotl((l2 ^ rd64le(p + 16)) * HASH_MUL, 31);
		l3 = rotl((l3 ^ rd64le(p + 24)) * HASH_MUL, 31);
	}
	h->lane[0] = l0;
	h->lane[1] = l1;
	h->lane[2] = l2;
	h->lane[3] = l3;
}

static void
hash_init(struct hash *h)
{
	memset(h, 0, sizeof *h);
	h->lane[0] = 0x2048;
	h->lane[1] = 0x6e6574;       /* "net" */
	h->lane[2] = HASH_MUL;
	h->lane[3] = ~HASH_MUL;
}

static void
hash_add(struct hash *h, const void *data, size_t n)
{
	const unsigned char *p = data;

	h->len += n;
	if (h->npart) {
		size_t take = 32 - h->npart < n ? 32 - h->npart : n;

		memcpy(h->part + h->npart, p, take);
		h->npart += take;
		p += take;
		n -= take;
		if (h->npart < 32)
			return;
		hash_blocks(h, h->part, 1);
		h->npart = 0;
	}
	hash_blocks(h, p, n / 32);
	p += n / 32 * 32;
	n %= 32;
	memcpy(h->part, p, n);
	h->npart = n;
}

static uint64_t
hash_end(struct hash *h)
{
	uint64_t x;
	int i;

	memset(h->part + h->npart, 0, 32 - h->npart);
	hash_blocks(h, h->part, 1);
	x = h->len;
	for (i = 0; i < 4; i++)
		x = rotl((x ^ h->lane[i]) * HASH_MUL, 27);
	return x ^ x >> 29;
}

/* ---- byte order ------------------------------------------------------- */

static int
host_is_le(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

static void
swap_floats(float *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char *b = (unsigned char *)&f[i], t;

		t = b[0], b[0] = b[3], b[3] = t;
		t = b[1], b[1] = b[2], b[2] = t;
	}
}

/* ---- the header -------------------------------------------------------- */

static int
header_text(const g2048_net *n, char *buf, size_t size)
{
	const g2048_net_info *in = &n->info;

	return snprintf(buf, size, NET_MAGIC
	    "tuples %s\nstages %s\nweights %llu f32le\ntc %d\n"
	    "games %llu\nmoves %llu\nseed %llu\ntrain %s\n",
	    in->tuples, in->stages, (unsigned long long)n->nweights, in->tc,
	    (unsigned long long)in->games, (unsigned long long)in->moves,
	    (unsigned long long)in->seed, in->train);
}

/* The arrays in file order (element i of each at [i * n->stride]), and
 * how many there are. */
static int
net_arrays(const g2048_net *n, float *a[3])
{
	a[0] = n->w;
	a[1] = n->tc_err;
	a[2] = n->tc_abs;
	return n->info.tc ? 3 : 1;
}

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

static int
bad(char *err, size_t errsize, const char *path, const char *what)
{
	snprintf(err, errsize, "%s: %s", path, what);
	return -1;
}

/*
 * Parse the header in hdr (NET_HEADER bytes, writable) into n's layout;
 * *sumpos is where the checksum line starts.  0 or -1 with err.
 */
static int
parse_header(g2048_net *n, char *hdr, const char *path, size_t *sumpos,
    uint64_t *sum, char *err, size_t errsize)
{
	char stages[G2048_NET_TEXT_MAX], lerr[192], *p = hdr, *s, *t;
	uint64_t weights, tc;
	g2048_net_info *in = &n->info;

	if (memchr(hdr, '\0', NET_HEADER) == NULL)
		return bad(err, errsize, path, "not a net file (header not "
		    "ended)");
	if (strncmp(hdr, NET_MAGIC, strlen(NET_MAGIC)) != 0)
		return bad(err, errsize, path, strncmp(hdr, "2048-net ", 9) == 0 ?
		    "net file of another version (this is version 1)" :
		    "not a net file (no '2048-net 1' line)");
	p += strlen(NET_MAGIC);
	if ((t = header_line(&p, "tuples")) == NULL ||
	    (s = header_line(&p, "stages")) == NULL)
		return bad(err, errsize, path, "bad header: no tuples or "
		    "stages line");
	/* "3 16384 32768": the count, then the tiles */
	snprintf(stages, sizeof stages, "%s", s + strspn(s, "0123456789"));
	if (net_layout(n, t, stages, lerr, sizeof lerr) < 0)
		return bad(err, errsize, path, lerr);
	if (strcmp(s, n->info.stages) != 0 || strcmp(t, n->info.tuples) != 0)
		return bad(err, errsize, path, "bad header: tuples or stages "
		    "not in canonical form");
	if (header_u64(&p, "weights", "f32le", &weights) < 0 ||
	    header_u64(&p, "tc", NULL, &tc) < 0 || tc > 1 ||
	    header_u64(&p, "games", NULL, &in->games) < 0 ||
	    header_u64(&p, "moves", NULL, &in->moves) < 0 ||
	    header_u64(&p, "seed", NULL, &in->seed) < 0 ||
	    (s = header_line(&p, "train")) == NULL)
		return bad(err, errsize, path, "bad header: expected the lines "
		    "weights, tc, games, moves, seed and train");
	if (weights != n->nweights)
		return bad(err, errsize, path, "bad header: the weights do not "
		    "match the tuples and stages");
	in->tc = (int)tc;
	snprintf(in->train, sizeof in->train, "%s", s);
	*sumpos = (size_t)(p - hdr);
	if (header_u64(&p, "checksum", NULL, sum) < 0 || *p != '\0')
		return bad(err, errsize, path, "bad header: no checksum line "
		    "at its end");
	return 0;
}

static uint64_t
checksum(const char *hdr, size_t hlen, float *const a[3], int count,
    size_t each)
{
	struct hash h;
	int i;

	hash_init(&h);
	hash_add(&h, hdr, hlen);
	for (i = 0; i < count; i++)
		hash_add(&h, a[i], each * sizeof(float));
	return hash_end(&h);
}

g2048_net *
g2048_net_load(const char *path, char *err, size_t errsize)
{
	g2048_net *n = calloc(1, sizeof *n);
	char hdr[NET_HEADER];
	float *a[3];
	struct stat st;
	size_t sumpos = 0;
	uint64_t sum = 0, want;
	int fd = -1, count, i;

	if (n == NULL) {
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &st) < 0) {
		bad(err, errsize, path, strerror(errno));
		goto fail;
	}
	if (!S_ISREG(st.st_mode) || st.st_size < NET_HEADER) {
		bad(err, errsize, path, S_ISREG(st.st_mode) ?
		    "truncated: shorter than a net file's header" :
		    "not a regular file");
		goto fail;
	}
	n->maplen = (size_t)st.st_size;
	n->map = mmap(NULL, n->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE,
	    fd, 0);
	if (n->map == MAP_FAILED) {
		n->map = NULL;
		bad(err, errsize, path, strerror(errno));
		goto fail;
	}
	close(fd);
	fd = -1;
	memcpy(hdr, n->map, NET_HEADER);
	if (parse_header(n, hdr, path, &sumpos, &sum, err, errsize) < 0)
		goto fail;
	want = (uint64_t)NET_HEADER + (uint64_t)n->nweights * sizeof(float) *
	    (n->info.tc ? 3 : 1);
	if ((uint64_t)st.st_size != want) {
		bad(err, errsize, path, (uint64_t)st.st_size < want ?
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
	if (checksum(n->map, sumpos, a, count, n->nweights) != sum) {
		bad(err, errsize, path, "corrupt: the checksum does not match");
		goto fail;
	}
	if (!host_is_le())
		for (i = 0; i < count; i++)
			swap_floats(a[i], n->nweights);
	return n;
fail:
	if (fd >= 0)
		close(fd);
	n->w = n->tc_err = n->tc_abs = NULL;
	g2048_net_free(n);
	return NULL;
}

/* ---- saving ------------------------------------------------------------ */

#define CHUNK 4096

/* Elements from..from+count-1 of array f (one every stride floats), as
 * they are in the file, into chunk. */
static void
file_chunk(float *chunk, const float *f, size_t stride, size_t from,
    size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		chunk[i] = f[(from + i) * stride];
	if (!host_is_le())
		swap_floats(chunk, count);
}

/* Whether an array is already in file order where it lies. */
static int
as_in_file(const g2048_net *n)
{
	return n->stride == 1 && host_is_le();
}

static int
write_floats(int fd, const g2048_net *n, const float *f)
{
	float chunk[CHUNK];
	size_t i, c;

	if (as_in_file(n))
		return g2048_write_all(fd, f, n->nweights * sizeof *f);
	for (i = 0; i < n->nweights; i += c) {
		c = n->nweights - i < CHUNK ? n->nweights - i : CHUNK;
		file_chunk(chunk, f, n->stride, i, c);
		if (g2048_write_all(fd, chunk, c * sizeof *f) < 0)
			return -1;
	}
	return 0;
}

/* The checksum of the arrays as they are in the file. */
static uint64_t
file_checksum(const g2048_net *n, const char *hdr, size_t hlen)
{
	float *a[3], chunk[CHUNK];
	struct hash h;
	size_t i, c;
	int j, count = net_arrays(n, a);

	if (as_in_file(n))
		return checksum(hdr, hlen, a, count, n->nweights);
	hash_init(&h);
	hash_add(&h, hdr, hlen);
	for (j = 0; j < count; j++)
		for (i = 0; i < n->nweights; i += c) {
			c = n->nweights - i < CHUNK ? n->nweights - i : CHUNK;
			file_chunk(chunk, a[j], n->stride, i, c);
			hash_add(&h, chunk, c * sizeof *chunk);
		}
	return hash_end(&h);
}

/* What a net file holds: its header, then its arrays. */
struct net_image {
	const g2048_net *net;
	const char *hdr;
};

static int
fill_net(int fd, const void *ctx)
{
	const struct net_image *im = ctx;
	float *a[3];
	int i, count = net_arrays(im->net, a);

	if (g2048_write_all(fd, im->hdr, NET_HEADER) < 0)
		return -1;
	for (i = 0; i < count; i++)
		if (write_floats(fd, im->net, a[i]) < 0)
			return -1;
	return 0;
}

int
g2048_net_save(const g2048_net *n, const char *path, char *err,
    size_t errsize)
{
	char hdr[NET_HEADER];
	struct net_image im = { n, hdr };
	int hlen;

	memset(hdr, 0, sizeof hdr);
	hlen = header_text(n, hdr, sizeof hdr);
	if (hlen < 0 || hlen + 40 >= NET_HEADER)
		return bad(err, errsize, path, "header too long");
	snprintf(hdr + hlen, sizeof hdr - (size_t)hlen, "checksum %llu\n",
	    (unsigned long long)file_checksum(n, hdr, (size_t)hlen));
	if (g2048_file_replace(path, fill_net, &im) < 0)
		return bad(err, errsize, path, strerror(errno));
	return 0;
}
