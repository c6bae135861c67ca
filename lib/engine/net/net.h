/*
 * net.h - the net room's internals: the n-tuple network's insides, shared
 * by ntuple.c (layout and memory), netvalue.c (the value), neteval.c (the
 * net as an evaluator), netfile.c, netsave.c and netsum.c (the file: read,
 * written, checksummed) and learn.c (TD learning).
 * Its public side (g2048_net_*, g2048_eval_net, g2048_learn*) is in
 * 2048.h.  Internal to lib/engine/ (and the unit tests of internals).
 *
 * A tuple is a set of cells.  Its weight table has 16^k entries, indexed
 * by the ranks of its cells in ascending cell order, the first cell in the
 * lowest four bits.  The table is shared by the tuple's eight symmetric
 * images: a board's value is the sum, over tuples and the eight images of
 * the board (rotations and reflections), of the weight each indexes.
 */
#ifndef G2048_NET_H
#define G2048_NET_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "2048-private.h"
#include "blocks.h"
#include "grid.h"

#define NET_IMAGES 8                /* the symmetries of the square */
#define NET_TC_STRIDE 3             /* a weight and its two TC sums */
#define NET_FEATURES_MAX (G2048_NET_TUPLES_MAX * NET_IMAGES)

/* A run of consecutive cells of a tuple: index |= ((b >> shift) & mask)
 * << out.  Cells in ascending order make the index a few shifts. */
struct net_run {
	unsigned shift, out;
	uint64_t mask;
};

struct net_tuple {
	int k;                          /* cells */
	unsigned char cell[G2048_NET_CELLS_MAX];
	int nrun;
	struct net_run run[G2048_NET_CELLS_MAX];
	size_t offset;                  /* of its table in a stage's weights */
};

/* A layout whose indexes have a path of their own (net_features). */
enum net_shape {
	NET_SHAPE_ANY,
	NET_SHAPE_4X6                   /* 012345 456789 012456 45689a */
};

struct g2048_net {
	int ntuples, nstages;
	enum net_shape shape;
	int stage_rank[G2048_NET_STAGES_MAX];   /* stage s >= 1 from this rank */
	struct net_tuple tuple[G2048_NET_TUPLES_MAX];
	size_t stage_size;              /* weights of one stage */
	size_t nweights;                /* all stages */
	/* weight i is w[i * stride]; the indexes net_features makes are
	 * scaled by stride already, so that weight is w[idx] */
	float *w;
	/* temporal coherence: per weight, the sum of errors and of their
	 * absolute values, tc_err[i * stride] and tc_abs[i * stride] (NULL
	 * unless trained with TC) */
	float *tc_err, *tc_abs;
	/*
	 * Where the arrays live.  A loaded net: in the mapping of its file
	 * (map), one array after the other (stride 1).  Otherwise in one
	 * anonymous map of nweights * stride floats at w: with the TC sums,
	 * each weight's two beside it (stride NET_TC_STRIDE), so that a TC
	 * update finds all three in the cache line the weight's read
	 * brought, where three arrays made it wait for two more lines (TC
	 * training 1.2-1.75 times as fast, bench/AI.md).
	 */
	void *map;
	size_t maplen;
	size_t stride;
	/* whether the weights are mixed (net_slot): those of a net in
	 * memory of its own are; a file's map holds them in file order */
	int mixed;
	size_t slots;                   /* weights the memory has room for */
	g2048_net_info info;
	/* A net opened by g2048_net_open from a file of format 2: each
	 * block of its weights is checked when first read (net_touch,
	 * netfile.c); NULL once every weight has been checked, and for a
	 * net of its own. */
	struct net_lazy *lazy;
};

/* ---- ntuple.c: layout and memory ------------------------------------- */

/* Lay out the tuples of spec and the stages; 0, or -1 with err. */
int net_layout(g2048_net *n, const char *spec, const char *stages,
    char *err, size_t errsize);
/* Weights (with tc, and TC sums) of n's layout, zeroed: 0 or -1. */
int net_alloc(g2048_net *n, int tc);
void net_release(g2048_net *n);

/* The canonical texts of a layout (as 2048-net(5) writes them). */
void net_tuples_text(const g2048_net *n, char *buf, size_t size);
void net_stages_text(const g2048_net *n, char *buf, size_t size);

/* ---- the file (2048-net(5)): its layout, shared by reader and writer -- */

#define NET_MAGIC_1 "2048-net 1\n"    /* one checksum of everything */
#define NET_MAGIC   "2048-net 2\n"    /* a checksum a block */
#define NET_HEADER  4096             /* the weights start here */
#define NET_BLOCK   4096             /* the bytes a block's checksum covers */
#define NET_BLOCK_MAX ((uint64_t)1 << 30)

/* The arrays (element i of each at [net_slot(n, i)]), and how many
 * there are. */
static inline int
net_arrays(const g2048_net *n, float *a[3])
{
	a[0] = n->w;
	a[1] = n->tc_err;
	a[2] = n->tc_abs;
	return n->info.tc ? 3 : 1;
}

/* The bytes of the arrays in a file, after its header. */
static inline uint64_t
net_data_len(const g2048_net *n)
{
	float *a[3];

	return (uint64_t)n->nweights * sizeof(float) *
	    (uint64_t)net_arrays(n, a);
}

/* ---- netsum.c: checksums and byte order ------------------------------- */

/* A hash being made: four lanes of multiply-rotate over 64-bit words. */
struct net_hash {
	uint64_t lane[4];
	unsigned char part[32];
	size_t npart;
	uint64_t len;
};

/* The checksums of a stream of bytes cut into blocks, as it is written. */
struct net_blocks {
	struct net_hash h;
	uint64_t block, index, fill;     /* block size; this block; its bytes */
	unsigned char *sums;             /* 8 bytes a block, little-endian */
};

/* The little-endian 64-bit word at p, written out byte by byte, which
 * compilers turn into one load (a loop they do not: it made the checksum
 * of a 256 MiB net take 200 ms); inline, as the hash's loop needs it. */
void net_hash_init(struct net_hash *h);
void net_hash_add(struct net_hash *h, const void *data, size_t n);
uint64_t net_hash_end(struct net_hash *h);
/* The checksum of block number index, len bytes at p. */
uint64_t net_block_sum(const unsigned char *p, size_t len, uint64_t index);
/* Add n bytes to the stream; at its end, the last block's checksum. */
void net_blocks_add(struct net_blocks *b, const void *data, size_t n);
void net_blocks_end(struct net_blocks *b);
/* Format 2's header checksum: the hlen bytes of its text before the
 * checksum line, then the nblocks checksums at sums. */
uint64_t net_header_sum(const void *hdr, size_t hlen,
    const unsigned char *sums, uint64_t nblocks);
int net_host_is_le(void);
/* Reverse the bytes of each of n floats. */
void net_swap_floats(float *f, size_t n);

/* ---- netfile.c: reading, and blocks checked as read ------------------- */

/* "path: what" into err: -1. */
int net_fail(char *err, size_t errsize, const char *path,
    const char *what);

/* Check the blocks that weights idx[0..count) lie in, each the first
 * time it is read (netfile.c). */
void net_touch(const g2048_net *n, const size_t *idx, int count);
/* Check every block not checked yet and stop checking: 0, or -1 with
 * err if one does not match.  What reads or writes every weight (saving,
 * training, promotion) calls it first. */
int net_check_all(const g2048_net *n, char *err, size_t errsize);
/* Stop checking n's blocks (its weights are to be written, or checked). */
void net_lazy_drop(g2048_net *n);

/* ---- netvalue.c: the value of a grid ---------------------------------- */

/* The grid's nibbles with tiles past 32768 counted as 32768. */
static inline uint64_t
net_ranks(g2048_grid g)
{
	uint64_t lo = g.lo;
	unsigned hi = g.hi;
	int i;

	for (i = 0; hi; i++, hi >>= 1)
		if (hi & 1)
			lo |= (uint64_t)0xF << (4 * i);
	return lo;
}

/*
 * Tile-downgrading (Guei et al. 2022): when the largest rank of nibbles b
 * is at least from (0: never), every tile above the largest rank missing
 * below it is halved, so that a board past what the net has learnt is
 * valued as the like board one tile smaller, which it knows better.
 */
static inline uint64_t
net_downgrade(uint64_t b, int from)
{
	unsigned present = 0;
	int i, top, gap;

	if (from == 0)
		return b;
	for (i = 0; i < G2048_CELLS; i++)
		present |= 1u << ((b >> (4 * i)) & 0xF);
	top = 31 - __builtin_clz(present);
	if (top < from)
		return b;
	for (gap = top - 1; gap >= 1 && (present >> gap & 1); gap--)
		continue;
	if (gap < 1)
		return b;
	for (i = 0; i < G2048_CELLS; i++)
		if ((int)((b >> (4 * i)) & 0xF) > gap)
			b -= (uint64_t)1 << (4 * i);
	return b;
}

int net_stage(const g2048_net *n, g2048_grid g);

/* Each row's cells in reverse order: the mirror image left to right; of
 * a board, or of each of a vector's (b: a variable). */
#define NET_MIRROR(b) (((b) & 0x000F000F000F000FULL) << 12 | \
	((b) & 0x00F000F000F000F0ULL) << 4 | \
	((b) & 0x0F000F000F000F00ULL) >> 4 | \
	((b) & 0xF000F000F000F000ULL) >> 12)
/* The rows in reverse order: the mirror image top to bottom. */
#define NET_FLIP(b) ((b) << 48 | ((b) << 16 & 0x0000FFFF00000000ULL) | \
	((b) >> 16 & 0x00000000FFFF0000ULL) | (b) >> 48)

static inline uint64_t
net_mirror(uint64_t b)
{
	return NET_MIRROR(b);
}

static inline uint64_t
net_flip(uint64_t b)
{
	return NET_FLIP(b);
}

/*
 * Where weight i lies in a net's memory: at net_slot(n, i), in the
 * weight's own stride.  A net in memory of its own is on huge pages
 * (net_alloc), whose addresses' low 21 bits are those of the index: a
 * weight's cache set would be chosen by a few of its tuple's cells,
 * whose ranks are few and alike, and a game's weights would crowd into a
 * fraction of the sets.  So the index's bits 4-15, which choose the set,
 * are mixed with a hash of the bits above: each block of 65,536 weights
 * is permuted within itself, lines of 16 staying whole (training 1.15
 * times as fast, bench/AI.md).  A file's map has pages of 4 KiB at
 * random addresses, and keeps the file's order.
 */
#define NET_MIX_BLOCK ((size_t)1 << 16)
#define NET_MIX(i) ((i) ^ ((i) >> 16) * 0x9E3779B97F4A7C15ULL >> 52 << 4)

static inline size_t
net_place(uint64_t i, int mixed, size_t stride)
{
	return (size_t)(mixed ? NET_MIX(i) : i) * stride;
}

static inline size_t
net_slot(const g2048_net *n, size_t i)
{
	return net_place(i, n->mixed, n->stride);
}

/* The eight images of board b: the rotations and reflections. */
static inline void
net_images(uint64_t b, uint64_t img[NET_IMAGES])
{
	uint64_t t = grid_transpose_lo(b);

	img[0] = b;
	img[1] = net_mirror(b);
	img[2] = net_flip(b);
	img[3] = net_mirror(img[2]);
	img[4] = t;
	img[5] = net_mirror(t);
	img[6] = net_flip(t);
	img[7] = net_mirror(img[6]);
}

/*
 * The 32 indexes of 4x6, in net_features' order, from the tuples' cells
 * as constants: each index is one or two masks of an image, a few dozen
 * instructions the compiler schedules at will, where the loop over any
 * layout reads each tuple's runs from memory.  With GNU C's vectors, two
 * images at a time (an image and its mirror, then both flipped): making
 * indexes is a sixth of training's time, and this halves it.
 */
#define NET_4X6_TABLE ((size_t)1 << 24)
#if defined(__GNUC__) && SIZE_MAX == UINT64_MAX
typedef uint64_t net_v2 __attribute__((vector_size(16)));

/* The indexes of a pair of images v at idx[0] and idx[1]. */
static inline void
net_v2_put(size_t *idx, net_v2 v, size_t base, int mixed, size_t stride)
{
	v += base;
	if (mixed)
		v = NET_MIX(v);
	if (stride != 1)
		v *= stride;
	memcpy(idx, &v, sizeof v);
}

static inline void
net_features_4x6(uint64_t b, size_t base, int mixed, size_t stride,
    size_t *idx)
{
	uint64_t t = grid_transpose_lo(b);
	net_v2 bt = { b, t }, m = NET_MIRROR(bt), img[4];
	int i;

	img[0] = (net_v2){ b, m[0] };           /* images 0 and 1 */
	img[1] = NET_FLIP(img[0]);           /* 2 and 3 */
	img[2] = (net_v2){ t, m[1] };           /* 4 and 5 */
	img[3] = NET_FLIP(img[2]);           /* 6 and 7 */
	for (i = 0; i < 4; i++) {
		net_v2 x = img[i];

		net_v2_put(idx + 2 * i, x & 0xFFFFFF, base, mixed, stride);
		net_v2_put(idx + NET_IMAGES + 2 * i, x >> 16 & 0xFFFFFF,
		    base + NET_4X6_TABLE, mixed, stride);
		net_v2_put(idx + 2 * NET_IMAGES + 2 * i,
		    (x & 0xFFF) | (x >> 4 & 0xFFF000), base + 2 * NET_4X6_TABLE,
		    mixed, stride);
		net_v2_put(idx + 3 * NET_IMAGES + 2 * i,
		    (x >> 16 & 0xFFF) | (x >> 20 & 0xFFF000),
		    base + 3 * NET_4X6_TABLE, mixed, stride);
	}
}
#else
static inline void
net_features_4x6(uint64_t b, size_t base, int mixed, size_t stride,
    size_t *idx)
{
	const uint64_t table = NET_4X6_TABLE;
	uint64_t img[NET_IMAGES];
	int i;

	net_images(b, img);
	for (i = 0; i < NET_IMAGES; i++) {
		uint64_t x = img[i];

		idx[i] = net_place(base + (x & 0xFFFFFF), mixed, stride);
		idx[NET_IMAGES + i] = net_place(base + table +
		    (x >> 16 & 0xFFFFFF), mixed, stride);
		idx[2 * NET_IMAGES + i] = net_place(base + 2 * table +
		    ((x & 0xFFF) | (x >> 4 & 0xFFF000)), mixed, stride);
		idx[3 * NET_IMAGES + i] = net_place(base + 3 * table +
		    ((x >> 16 & 0xFFF) | (x >> 20 & 0xFFF000)), mixed, stride);
	}
}
#endif

int net_features_any(const g2048_net *n, uint64_t b, int stage, size_t *idx);

/* The weight indexes of board b (nibbles, see net_ranks) in its stage,
 * scaled by n->stride; returns their count, ntuples * 8:
 * idx[tuple * 8 + image]. */
static inline int
net_features(const g2048_net *n, uint64_t b, int stage, size_t *idx)
{
	if (n->shape == NET_SHAPE_4X6) {
		net_features_4x6(b, (size_t)stage * n->stage_size, n->mixed,
		    n->stride, idx);
		return 4 * NET_IMAGES;
	}
	return net_features_any(n, b, stage, idx);
}

/* The weight indexes of grid g, valued tile-downgraded from rank from
 * (0: never) and in the stage of the board so valued; their count.  The
 * one way from a grid to its weights: the value, the learner, the search. */
static inline int
net_grid_features(const g2048_net *n, g2048_grid g, int from, size_t *idx)
{
	uint64_t ranks = net_ranks(g), valued = net_downgrade(ranks, from);
	g2048_grid as = { valued, 0 };

	/* a grid's own stage counts tiles past 32768, which ranks clamp */
	return net_features(n, valued, net_stage(n, valued == ranks ? g : as),
	    idx);
}

static inline double
net_sum(const g2048_net *n, const size_t *idx, int count)
{
	double v[4] = { 0, 0, 0, 0 };
	int i;

	if (n->lazy)
		net_touch(n, idx, count);
	/* four sums, not one chain of adds: each waits for its weight's
	 * read, and one chain's latency was a fifth of training's time
	 * (count is a multiple of 8, NET_IMAGES) */
	for (i = 0; i < count; i += 4) {
		v[0] += n->w[idx[i]];
		v[1] += n->w[idx[i + 1]];
		v[2] += n->w[idx[i + 2]];
		v[3] += n->w[idx[i + 3]];
	}
	return (v[0] + v[1]) + (v[2] + v[3]);
}

#endif
