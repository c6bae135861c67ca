/*
 * step.c - a game's step in one call (g2048_step): the move, the spawn and
 * the next legal moves of a grid, for environments that step many games
 * (the Python module's VecEnv).  A grid without a 65536 and without two
 * 32768s is stepped as one word in registers; any other by the public
 * functions, the same rules.
 */
#include "2048-private.h"
#include "grid.h"

/* g2048_spawn on a grid's lo (hi 0), which has an empty cell, kept in a
 * register. */
static uint64_t
spawn_lo(uint64_t lo, g2048_rng *r, uint64_t four_threshold)
{
	g2048_grid g = { lo, 0 };
	int rank, cell = grid_spawn_draws(grid_empty_nibbles(g), r,
	    four_threshold, &rank);

	return lo | (uint64_t)rank << (4 * cell);
}

static long
step_exact(g2048_grid *g, g2048_grid *after, g2048_rng *r,
    uint64_t four_threshold, enum g2048_dir d, unsigned *legal)
{
	g2048_grid x = *g;
	long gained = g2048_move(&x, d);

	if (gained >= 0) {
		if (after)
			*after = x;
		g2048_spawn(&x, r, four_threshold);
		*g = x;
	}
	*legal = g2048_legal(*g);
	return gained;
}

long
g2048_step(g2048_grid *g, g2048_grid *after, g2048_rng *r,
    uint64_t four_threshold, enum g2048_dir d, unsigned *legal)
{
	uint64_t lo = g->lo;
	long gained;

	if ((unsigned)d >= G2048_NDIRS) {
		*legal = g2048_legal(*g);
		return -1;
	}
	if (!grid_fast_ok(*g))
		return step_exact(g, after, r, four_threshold, d, legal);
	gained = grid_move_fast(&lo, d);
	if (gained >= 0) {
		if (after) {
			after->lo = lo;
			after->hi = 0;
		}
		/* a move that changed the grid left a cell empty */
		lo = spawn_lo(lo, r, four_threshold);
		g->lo = lo;
	}
	*legal = grid_legal_fast(lo);
	return gained;
}
