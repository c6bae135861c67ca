/* search-opts.c - the search's settings and the one check of their ranges. */
#include <stdio.h>
#include <string.h>

#include "2048-private.h"
#include "search.h"

void
g2048_search_defaults(g2048_search_opts *o)
{
	memset(o, 0, sizeof *o);
	o->algo = G2048_EXPECTIMAX;
	o->depth = 0;
	o->depth_min = 3;
	o->depth_sub = 2;
	/* nneonneo's depth with a slightly coarser cutoff: about 20 ms a
	 * move on two cores (bench/AI.md) */
	o->depth_max = 15;
	o->cutoff = 1.25e-4;
	/* on about 2% of a game's moves: one move deeper where it counts */
	o->deepen = 0.995;
	o->deepen_sub = 1;
	o->deepen_max = 15;
	o->deepen_cutoff = 1e-4;
	/* each board turned toward its best corner, lines valued falling
	 * from it (after macroxue/2048-ai): in the fast setting, 32768 in
	 * 65.3% of 300 reserved games against 53.7% (bench/AI.md) */
	o->corner = 1;
	o->tt_bits = 20;
	o->tt_depth = SEARCH_TT_DEPTH_CAP;
	o->threads = 1;
	o->lost = 1;
	o->bitboard = 1;
	/* a net's value past 16384, which its training hardly reaches:
	 * downgraded (bench/AI.md) */
	o->downgrade = G2048_DOWNGRADE_DEFAULT;
	o->time_ms = 0;
	/* an 8x8 board's move in about 50 ms on one core (bench/VARIANTS.md) */
	o->leaves_bits = 20;
}

/*
 * The default's one corner (--corner) with a board that falls 5 x 10^5
 * under the one searched a leaf (--prune):
 * with the chain tables whole, over 200 tuning games, 32768 in 62.0% at
 * about 2,000 moves per CPU second, where the search as it was before
 * (both lines' directions, the margin 10^6) made 59.5% at the same speed
 * (bench/AI.md).
 */
void
g2048_search_fast(g2048_search_opts *o)
{
	g2048_search_defaults(o);
	o->depth_min = 3;
	o->depth_sub = 3;
	o->depth_max = 7;
	o->cutoff = 1e-3;
	o->prune = 5e5;
	o->deepen = 0;
	o->tt_bits = 16;
	o->leaves_bits = 14;
}

/*
 * With a net at the leaves a leaf costs some 30 reads from a table far
 * larger than cache, against 8 from a small one for a heuristic, and
 * the net's value already looks far ahead: a fixed, shallower search.
 * Depth 7 takes about 13 ms a move on two cores, within the default's
 * 20; over 50 games it made 32768 in 38% against depth 5's 24%
 * (bench/AI.md).
 */
void
g2048_search_net_defaults(g2048_search_opts *o)
{
	g2048_search_defaults(o);
	o->depth = 7;
	o->cutoff = 3e-3;
	o->deepen = 0;
}

/* Five moves deep, a spawn path below 3% a leaf: over the same 300
 * games, 32768 in 41.7% against 33.0% three moves deep (sign test
 * p = 0.03), the mean score 456,702 against 396,264, at 2,231 moves/s
 * with two games at once, over the 1000 of --fast (bench/AI.md). */
void
g2048_search_net_fast(g2048_search_opts *o)
{
	g2048_search_net_defaults(o);
	o->depth = 5;
	o->cutoff = 3e-2;
}

static int
in(int v, int min, int max)
{
	return v >= min && v <= max;
}

static int
cutoff_ok(double p)
{
	return p >= 0 && p <= G2048_CUTOFF_MAX;
}

int
g2048_search_check(const g2048_search_opts *o, char *err, size_t errsize)
{
	const int dmax = G2048_DEPTH_MAX;
	char why[160] = "";

	if (!in((int)o->algo, G2048_EXPECTIMAX, G2048_RANDOM))
		snprintf(why, sizeof why, "unknown algorithm");
	else if (!in(o->depth, 0, dmax))
		snprintf(why, sizeof why, "depth: expected 0 (from the board) "
		    "to %d", dmax);
	else if (!in(o->depth_min, 1, dmax) || !in(o->depth_sub, -dmax, dmax) ||
	    !in(o->depth_max, 0, dmax) ||
	    (o->depth_max > 0 && o->depth_max < o->depth_min))
		snprintf(why, sizeof why, "adaptive depth: expected 1 <= MIN <= "
		    "MAX <= %d and -%d <= SUB <= %d", dmax, dmax, dmax);
	else if (!cutoff_ok(o->cutoff) || !cutoff_ok(o->cutoff_crowded) ||
	    !cutoff_ok(o->deepen_cutoff))
		snprintf(why, sizeof why, "cutoff: expected 0 to %g",
		    G2048_CUTOFF_MAX);
	else if (!in(o->crowded, 0, G2048_CELLS_MAX))
		snprintf(why, sizeof why, "crowded: expected 0 to %d empty "
		    "cells", G2048_CELLS_MAX);
	else if (!(o->deepen >= 0 && o->deepen <= G2048_DEEPEN_MAX) ||
	    (o->deepen > 0 && (!in(o->deepen_max, 1, dmax) ||
	    !in(o->deepen_sub, -dmax, dmax))))
		snprintf(why, sizeof why, "deepen: expected a ratio from 0 to "
		    "%g, a depth from 1 to %d and -%d <= SUB <= %d",
		    G2048_DEEPEN_MAX, dmax, dmax, dmax);
	else if (!in(o->tt_bits, 0, G2048_TT_BITS_MAX))
		snprintf(why, sizeof why, "transposition table bits: expected 0 "
		    "to %d", G2048_TT_BITS_MAX);
	else if (o->downgrade != 0 && !in(o->downgrade, 2, G2048_MAX_RANK))
		snprintf(why, sizeof why, "downgrade: expected 0 (never) or a "
		    "tile from 4 to 131072");
	else if (!in(o->leaves_bits, 0, G2048_LEAVES_BITS_MAX))
		snprintf(why, sizeof why, "leaves: expected 0 (no bound) to 2^%d",
		    G2048_LEAVES_BITS_MAX);
	else if (!(o->prune >= 0 && o->prune <= G2048_PRUNE_MAX))
		snprintf(why, sizeof why, "prune: expected 0 (off) to %g",
		    G2048_PRUNE_MAX);
	else if (!in(o->corner, 0, 1))
		snprintf(why, sizeof why, "corner: expected 0 (off) or 1");
	else if (!in(o->threads, 1, G2048_THREADS_MAX))
		snprintf(why, sizeof why, "threads: expected 1 to %d",
		    G2048_THREADS_MAX);
	if (why[0] && errsize)
		snprintf(err, errsize, "%s", why);
	return why[0] ? -1 : 0;
}
