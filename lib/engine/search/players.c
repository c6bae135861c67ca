/*
 * players.c - the 4x4 players that do not look ahead: greedy (the move
 * that scores most now) and random (a legal move, uniformly, from the
 * caller's generator).  Those of a board of another size: general.c.
 */
#include <math.h>

#include "search.h"

/* The move that scores most now; equal scores by the evaluator. */
void
search_greedy(g2048_search *s, g2048_grid g, g2048_search_result *r)
{
	double best = -HUGE_VAL, h;
	int d;

	r->dir = -1;
	for (d = 0; d < G2048_NDIRS; d++) {
		g2048_grid next = g;
		long gained;

		if ((gained = g2048_move(&next, (enum g2048_dir)d)) < 0)
			continue;
		r->value[d] = (double)gained;
		h = search_value(s, next);
		if (r->dir < 0 || r->value[d] > r->value[r->dir] ||
		    (r->value[d] == r->value[r->dir] && h > best)) {
			r->dir = d;
			best = h;
		}
	}
	r->nodes = (uint64_t)__builtin_popcount(r->legal);
	r->depth = 1;
}

void
search_random(g2048_grid g, g2048_rng *rng, g2048_search_result *r)
{
	uint32_t k = g2048_rng_bounded(rng, (uint32_t)__builtin_popcount(r->legal));
	int d;

	(void)g;
	r->depth = 0;
	for (d = 0; d < G2048_NDIRS; d++)
		if ((r->legal >> d & 1) && k-- == 0) {
			r->dir = d;
			r->value[d] = 1;
			return;
		}
}
