/* spawn.c - the spawn law: which empty cell, and a 2 or a 4, from a
 * generator's next two draws (2048(7)). */
#include <math.h>

#include "2048.h"

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
	int i;

	for (i = 0; i < G2048_CELLS; i++)
		if (g2048_rank(g, i) == 0 && n-- == 0)
			return i;
	return -1;
}

int
g2048_spawn(g2048_grid *g, g2048_rng *r, uint64_t four_threshold)
{
	int empty = g2048_empty_count(*g), cell;

	if (empty == 0)
		return -1;
	cell = g2048_nth_empty(*g, (int)g2048_rng_bounded(r, (uint32_t)empty));
	*g = g2048_set_rank(*g, cell,
	    (uint64_t)g2048_rng_next(r) < four_threshold ? 2 : 1);
	return cell;
}
