/* spawn.c - the spawn law: which empty cell, and a 2 or a 4, from a
 * generator's next two draws (2048(7)). */
#include <math.h>

#include "2048-private.h"
#include "grid.h"

uint64_t
g2048_four_threshold(double four)
{
	if (!(four > 0))
		return 0;
	if (four >= 1)
		return (uint64_t)1 << 32;
	return (uint64_t)llround(four * 4294967296.0);
}

int
g2048_nth_empty(g2048_grid g, int n)
{
	return n < 0 ? -1 : grid_nth_nibble(grid_empty_nibbles(g), n);
}

int
g2048_spawn(g2048_grid *g, g2048_rng *r, uint64_t four_threshold)
{
	uint64_t empty = grid_empty_nibbles(*g);
	int cell, rank;

	if (empty == 0)
		return -1;
	cell = grid_spawn_draws(empty, r, four_threshold, &rank);
	*g = g2048_set_rank(*g, cell, rank);
	return cell;
}
