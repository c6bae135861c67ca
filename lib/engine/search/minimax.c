/*
 * minimax.c - alpha-beta minimax on the 4x4 grid (Xu 2018): the player
 * moves, the computer puts a 2 (a 4 where fours are likelier) in the cell
 * that hurts most.  Below a root move to the worker's limit; its leaves
 * are the evaluator's.
 */
#include <math.h>

#include "grid.h"
#include "search.h"

static double ab_min(struct search_worker *w, g2048_grid g, int depth,
    double alpha, double beta);

static double
ab_max(struct search_worker *w, g2048_grid g, int depth, double alpha,
    double beta)
{
	g2048_grid next[G2048_NDIRS];
	double v, reward[G2048_NDIRS] = { 0 };
	int d, any = 0;

	grid_slides(g, w->s->o.bitboard, next);
	if (w->s->to_come)
		grid_rewards(g, next, reward);
	for (d = 0; d < G2048_NDIRS && alpha < beta; d++) {
		if (g2048_grid_eq(next[d], g))
			continue;
		any = 1;
		w->nodes++;
		v = reward[d] + (depth + 1 >= w->limit ? search_value(w->s, next[d]) :
		    ab_min(w, next[d], depth + 1, alpha - reward[d],
		    beta - reward[d]));
		if (v > alpha)
			alpha = v;
	}
	if (!any)        /* lost is the worst: the min node will find it */
		return w->s->o.lost ? -HUGE_VAL : search_value(w->s, g);
	return alpha;
}

/* The computer puts a 2 (a 4 where fours are likelier) where it hurts
 * most. */
static double
ab_min(struct search_worker *w, g2048_grid g, int depth, double alpha,
    double beta)
{
	uint64_t empty = grid_empty_nibbles(g);
	double v;
	g2048_grid two;

	while (empty && alpha < beta) {
		two = g;
		two.lo |= (uint64_t)w->s->min_rank << __builtin_ctzll(empty);
		empty &= empty - 1;
		v = ab_max(w, two, depth, alpha, beta);
		if (v < beta)
			beta = v;
	}
	return beta;
}

double
search_minimax_root(struct search_worker *w, g2048_grid g)
{
	return w->limit <= 1 ? search_value(w->s, g) :
	    ab_min(w, g, 1, -HUGE_VAL, HUGE_VAL);
}
