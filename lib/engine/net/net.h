/*
 * net.h - the net room's internals: the n-tuple network's insides, shared
 * by ntuple.c (layout and memory), netvalue.c (the value), neteval.c (the
 * net as an evaluator), netfile.c (the file) and learn.c (TD learning).
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

#include "2048.h"

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

struct g2048_net {
	int ntuples, nstages;
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

/* ---- netfile.c: blocks checked as read -------------------------------- */

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
/* The weight indexes of board b (nibbles, see net_ranks) in its stage,
 * scaled by n->stride; returns their count, ntuples * 8. */
int net_features(const g2048_net *n, uint64_t b, int stage, size_t *idx);

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
	double v = 0;
	int i;

	if (n->lazy)
		net_touch(n, idx, count);
	for (i = 0; i < count; i++)
		v += n->w[idx[i]];
	return v;
}

#endif
