/*
 * players.c - the 4x4 players that do not look ahead: greedy (the move
 * that scores most now) and random (a legal move, uniformly, from the
 * caller's generator).  A board of another size's greedy player
 * (general.c) picks its move here too.
 */
#include "search.h"

void
search_greedy_pick(g2048_search_result *r, unsigned moved, const double *h)
{
	int d;

	r->dir = -1;
	for (d = 0; d < G2048_NDIRS; d++)
		if ((moved >> d & 1) && (r->dir < 0 ||
		    r->value[d] > r->value[r->dir] ||
		    (r->value[d] == r->value[r->dir] && h[d] > h[r->dir])))
			r->dir = d;
	r->nodes = (uint64_t)__builtin_popcount(r->legal);
	r->depth = 1;
}

/* The move that scores most now; equal scores by the evaluator. */
void
search_greedy(g2048_search *s, g2048_grid g, g2048_search_result *r)
{
	double h[G2048_NDIRS] = { 0 };
	unsigned moved = 0;
	int d;

	for (d = 0; d < G2048_NDIRS; d++) {
		g2048_grid next = g;
		long gained;

		if ((gained = g2048_move(&next, (enum g2048_dir)d)) < 0)
			continue;
		moved |= 1u << d;
		r->value[d] = (double)gained;
		h[d] = search_value(s, next);
	}
	search_greedy_pick(r, moved, h);
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
