/* symmetry.c - a 4x4 grid's image under a symmetry, and a direction taken
 * back from it (grid.h): the chain tables' corners, the search's
 * --corner. */
#include "grid.h"

/* Symmetry s (grid_sym_cell) of the 4x4 grid g. */
g2048_grid
grid_sym(int s, g2048_grid g)
{
	g2048_grid h = { 0, 0 };
	int i;

	for (i = 0; i < G2048_CELLS; i++)
		h = g2048_set_rank(h, grid_sym_cell(G2048_SIDE, G2048_SIDE, s,
		    i / G2048_SIDE, i % G2048_SIDE), g2048_rank(g, i));
	return h;
}

/* The direction of g that is d in symmetry s of g. */
int
grid_sym_dir_back(int s, int d)
{
	static const int dr[G2048_NDIRS] = { -1, 1, 0, 0 };
	static const int dc[G2048_NDIRS] = { 0, 0, -1, 1 };
	int r = dr[d], c = dc[d], t, k;

	if (s & 1)
		r = -r;
	if (s & 2)
		c = -c;
	if (s & 4) {
		t = r;
		r = c;
		c = t;
	}
	for (k = 0; k < G2048_NDIRS; k++)
		if (dr[k] == r && dc[k] == c)
			break;
	return k;
}
