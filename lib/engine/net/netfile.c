/*
 * netfile.c - the net file (2048-net(5)): a text header of 4096 bytes,
 * then the weights (and TC accumulators) as little-endian floats, then
 * (format 2) a checksum for each block of 4096 bytes of them.  It loads
 * by mmap.  g2048_net_load checks every block at once; g2048_net_open
 * checks a block when the net first reads a weight in it (net_touch), so
 * a search that reads a few thousand weights of a 256 MiB net does not
 * read the other 256 MiB (a whole check is 50 ms or more: bound by the
 * memory's speed, not the hash's).  Format 1 (one checksum) is read and
 * checked whole.
 *
 * One file of over 500 lines: the writer, the reader and the check of a
 * block as it is read share the checksum and the layout, which must agree
 * to the byte.
 */
#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048.h"
#include "net.h"

#define NET_MAGIC_1 "2048-net 1\n"    /* one checksum of everything */
#define NET_MAGIC   "2048-net 2\n"    /* a checksum a block */
#define NET_HEADER  4096             /* the weights start here */
#define NET_BLOCK   4096             /* the bytes a block's checksum covers */
#define NET_BLOCK_MAX ((uint64_t)1 << 30)

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

/* ---- format 2: a checksum a block -------------------------------------- */

/* A block's checksum: its bytes, and its index, so that a block moved
 * elsewhere does not match. */
static void
block_init(struct hash *h, uint64_t index)
{
	hash_init(h);
	h->lane[1] ^= index;
}

static uint64_t
block_sum(const unsigned char *p, size_t len, uint64_t index)
{
	struct hash h;

	block_init(&h, index);
	hash_add(&h, p, len);
	return hash_end(&h);
}

static void
put64le(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* The checksums of a stream of bytes cut into blocks, as it is written. */
struct blocks {
	struct hash h;
	uint64_t block, index, fill;     /* block size; this block; its bytes */
	unsigned char *sums;             /* 8 bytes a block, little-endian */
};

static void
blocks_add(struct blocks *b, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t take;

	while (n > 0) {
		if (b->fill == 0)
			block_init(&b->h, b->index);
		take = b->block - b->fill < n ? (size_t)(b->block - b->fill) : n;
		hash_add(&b->h, p, take);
		b->fill += take;
		p += take;
		n -= take;
		if (b->fill == b->block) {
			put64le(b->sums + 8 * b->index++, hash_end(&b->h));
			b->fill = 0;
		}
	}
}

static void
blocks_end(struct blocks *b)
{
	if (b->fill > 0)
		put64le(b->sums + 8 * b->index++, hash_end(&b->h));
	b->fill = 0;
}

/* A net of g2048_net_open: which blocks have been checked. */
struct net_lazy {
	const unsigned char *data;       /* the arrays, as in the file */
	uint64_t datalen, block, nblocks;
	const unsigned char *sums;       /* each block's checksum */
	_Atomic(uint64_t) *seen;         /* a bit a block: checked */
	_Atomic(uint64_t) bad;           /* 1 + the first block that failed */
	char path[];                     /* for the message */
};

static void
check_block(struct net_lazy *z, uint64_t b)
{
	uint64_t off = b * z->block, want = 0;
	size_t len = (size_t)(z->datalen - off < z->block ?
	    z->datalen - off : z->block);

	if (block_sum(z->data + off, len, b) != rd64le(z->sums + 8 * b))
		atomic_compare_exchange_strong(&z->bad, &want, b + 1);
	atomic_fetch_or(&z->seen[b >> 6], (uint64_t)1 << (b & 63));
}

void
net_touch(const g2048_net *n, const size_t *idx, int count)
{
	struct net_lazy *z = n->lazy;
	uint64_t b;
	int i;

	for (i = 0; i < count; i++) {
		b = (uint64_t)idx[i] * sizeof(float) / z->block;
		if (!(atomic_load_explicit(&z->seen[b >> 6],
		    memory_order_relaxed) >> (b & 63) & 1))
			check_block(z, b);
	}
}

int
g2048_net_check(const g2048_net *n, char *err, size_t errsize)
{
	uint64_t bad = n->lazy ? atomic_load(&n->lazy->bad) : 0;

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
	struct net_lazy *z = n->lazy;
	uint64_t b;

	if (z == NULL)
		return 0;
	for (b = 0; b < z->nblocks; b++)
		if (!(atomic_load(&z->seen[b >> 6]) >> (b & 63) & 1))
			check_block(z, b);
	return g2048_net_check(n, err, errsize);
}

void
net_lazy_drop(g2048_net *n)
{
	if (n->lazy) {
		free((void *)n->lazy->seen);
		free(n->lazy);
		n->lazy = NULL;
	}
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
	    "games %llu\nmoves %llu\nseed %llu\ntrain %s\nblocks %d\n",
	    in->tuples, in->stages, (unsigned long long)n->nweights, in->tc,
	    (unsigned long long)in->games, (unsigned long long)in->moves,
	    (unsigned long long)in->seed, in->train, NET_BLOCK);
}

/* The arrays (element i of each at [net_slot(n, i)]), and how many
 * there are. */
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
		return bad(err, errsize, path, "not a net file (header not "
		    "ended)");
	if (strncmp(hdr, NET_MAGIC, strlen(NET_MAGIC)) == 0)
		*version = 2;
	else if (strncmp(hdr, NET_MAGIC_1, strlen(NET_MAGIC_1)) == 0)
		*version = 1;
	else
		return bad(err, errsize, path, strncmp(hdr, "2048-net ", 9) == 0 ?
		    "net file of another version (this reads versions 1 "
		    "and 2)" : "not a net file (no '2048-net 2' line)");
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
	*block = 0;
	if (*version == 2 && (header_u64(&p, "blocks", NULL, block) < 0 ||
	    *block < sizeof(float) || *block % sizeof(float) != 0 ||
	    *block > NET_BLOCK_MAX))
		return bad(err, errsize, path, "bad header: no blocks line "
		    "of a size in bytes, a multiple of 4");
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

/* Format 2: the header's checksum covers the blocks' checksums; the
 * blocks are checked now (whole) or as they are read.  0 or -1. */
static int
open_blocks(g2048_net *n, const char *path, size_t sumpos, uint64_t sum,
    uint64_t block, uint64_t datalen, int whole, char *err, size_t errsize)
{
	struct net_lazy *z;
	struct hash h;
	uint64_t nblocks = (datalen + block - 1) / block;
	const unsigned char *data = (unsigned char *)n->map + NET_HEADER;

	hash_init(&h);
	hash_add(&h, n->map, sumpos);
	hash_add(&h, data + datalen, (size_t)nblocks * 8);
	if (hash_end(&h) != sum)
		return bad(err, errsize, path, "corrupt: the checksum does not "
		    "match");
	if ((z = calloc(1, sizeof *z + strlen(path) + 1)) == NULL ||
	    (z->seen = calloc((size_t)(nblocks + 63) / 64,
	    sizeof *z->seen)) == NULL) {
		free(z);
		return bad(err, errsize, path, "out of memory");
	}
	z->data = data;
	z->datalen = datalen;
	z->block = block;
	z->nblocks = nblocks;
	z->sums = data + datalen;
	atomic_init(&z->bad, 0);
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
	if (parse_header(n, hdr, path, &version, &block, &sumpos, &sum, err,
	    errsize) < 0)
		goto fail;
	datalen = (uint64_t)n->nweights * sizeof(float) * (n->info.tc ? 3 : 1);
	want = (uint64_t)NET_HEADER + datalen;
	if (version == 2)
		want += (datalen + block - 1) / block * 8;
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
	/* a big-endian host swaps every weight now: it checks them first */
	if (version == 2 ? open_blocks(n, path, sumpos, sum, block, datalen,
	    whole || !host_is_le(), err, errsize) < 0 :
	    checksum(n->map, sumpos, a, count, n->nweights) != sum) {
		if (version == 1)
			bad(err, errsize, path, "corrupt: the checksum does not "
			    "match");
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

/* ---- saving ------------------------------------------------------------ */

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
	if (!host_is_le())
		swap_floats(chunk, count);
}

/* Whether an array is already in file order where it lies. */
static int
as_in_file(const g2048_net *n)
{
	return n->stride == 1 && !n->mixed && host_is_le();
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
    struct blocks *b)
{
	size_t i, c;

	for (i = 0; i < n->nweights; i += c) {
		const float *from = f + i;

		c = n->nweights - i < CHUNK ? n->nweights - i : CHUNK;
		if (!as_in_file(n)) {
			file_chunk(chunk, n, f, i, c);
			from = chunk;
		}
		blocks_add(b, from, c * sizeof *f);
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
	struct blocks b;
	struct hash h;
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
	blocks_end(&b);
	if (g2048_write_all(fd, b.sums, (size_t)b.index * 8) < 0)
		return -1;
	hash_init(&h);
	hash_add(&h, im->hdr, im->hlen);
	hash_add(&h, b.sums, (size_t)b.index * 8);
	snprintf(im->hdr + im->hlen, NET_HEADER - im->hlen, "checksum %llu\n",
	    (unsigned long long)hash_end(&h));
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
	float *a[3];
	uint64_t datalen = (uint64_t)n->nweights * sizeof(float) *
	    (uint64_t)net_arrays(n, a);
	int hlen, r;

	/* a net opened lazily is written whole: check it whole first */
	if (net_check_all(n, err, errsize) < 0)
		return -1;
	memset(hdr, 0, sizeof hdr);
	hlen = header_text(n, hdr, sizeof hdr);
	if (hlen < 0 || hlen + 40 >= NET_HEADER)
		return bad(err, errsize, path, "header too long");
	im.hlen = (size_t)hlen;
	if ((im.chunk = malloc(CHUNK * sizeof *im.chunk)) == NULL ||
	    (im.sums = malloc((size_t)((datalen + NET_BLOCK - 1) /
	    NET_BLOCK) * 8 + 1)) == NULL) {
		free(im.chunk);
		return bad(err, errsize, path, "out of memory");
	}
	r = g2048_file_replace(path, fill_net, &im);
	free(im.chunk);
	free(im.sums);
	if (r < 0)
		return bad(err, errsize, path, strerror(errno));
	return 0;
}
