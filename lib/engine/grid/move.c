/* move.c - moves, legality and grid facts. */
#include <string.h>

#include "grid.h"

int
g2048_line_cell(enum g2048_dir d, int line, int pos)
{
	switch (d) {
	case G2048_UP:
		return pos * 4 + line;
	case G2048_DOWN:
		return (3 - pos) * 4 + line;
	case G2048_LEFT:
		return line * 4 + pos;
	default:
		return line * 4 + 3 - pos;
	}
}

static g2048_grid
slide_scored(g2048_grid g, enum g2048_dir d, uint32_t *score)
{
	int line[4], l, p;

	*score = 0;
	for (l = 0; l < 4; l++) {
		for (p = 0; p < 4; p++)
			line[p] = g2048_rank(g, g2048_line_cell(d, l, p));
		*score += grid_line_move(line);
		for (p = 0; p < 4; p++)
			g = g2048_set_rank(g, g2048_line_cell(d, l, p), line[p]);
	}
	return g;
}

/* The slow path, for grids holding a tile of 65536 or more. */
g2048_grid
grid_slide_exact(g2048_grid g, enum g2048_dir d)
{
	uint32_t score;

	return slide_scored(g, d, &score);
}

/* The exact path, for grids the tables do not cover; never inlined, so
 * that the fast path stays a leaf that saves no registers. */
__attribute__((noinline)) long
grid_move_exact(g2048_grid *g, enum g2048_dir d)
{
	g2048_grid next;
	uint32_t score;

	next = slide_scored(*g, d, &score);
	if (g2048_grid_eq(next, *g))
		return -1;
	*g = next;
	return (long)score;
}

long
g2048_move(g2048_grid *g, enum g2048_dir d)
{
	if ((unsigned)d >= G2048_NDIRS)
		return -1;
	if (grid_fast_ok(*g))
		return grid_move_fast(&g->lo, d);
	return grid_move_exact(g, d);
}

/*
 * The lean move takes the rows' tables (128 KiB each) for all four
 * directions, up and down transposed there and back, where the search's
 * inline slide (grid_slide) takes the columns' (512 KiB each): a caller's
 * grids come in any order, and the smaller tables stay in a core's cache.
 * On random grids it takes three quarters of the time of execute_move,
 * which goes the columns' way (bench/move-peer.sh, bench/PYTHON.md).
 */
g2048_grid
g2048_slide(g2048_grid g, enum g2048_dir d)
{
	g2048_grid r = { 0, 0 };

	if ((unsigned)d >= G2048_NDIRS)
		return g;
	if (d == G2048_LEFT || d == G2048_RIGHT || !grid_fast_ok(g))
		return grid_slide(g, d);
	r.lo = grid_transpose_lo(grid_rows_by(grid_transpose_lo(g.lo),
	    d == G2048_UP ? grid_row_left : grid_row_right));
	return r;
}

unsigned
g2048_legal(g2048_grid g)
{
	unsigned mask = 0;
	int d;

	if (g.hi == 0)
		return grid_legal_fast(g.lo);
	for (d = 0; d < G2048_NDIRS; d++)
		if (!g2048_grid_eq(grid_slide_exact(g, (enum g2048_dir)d), g))
			mask |= 1u << d;
	return mask;
}

int
g2048_over(g2048_grid g)
{
	int empty = g2048_empty_count(g);

	/* a tile and a gap always leave some move; the empty grid has none */
	if (empty > 0 && empty < G2048_CELLS)
		return 0;
	return g2048_legal(g) == 0;
}

int
g2048_empty_count(g2048_grid g)
{
	return grid_nibble_count(grid_empty_nibbles(g));
}

int
g2048_max_rank(g2048_grid g)
{
	int i, r, max = 0;

	for (i = 0; i < G2048_CELLS; i++)
		if ((r = g2048_rank(g, i)) > max)
			max = r;
	return max;
}

int
g2048_rank_of(uint64_t tile)
{
	return tile > g2048_tile(G2048_MAX_RANK) ? -1 :
	    g2048_cells_rank_of(tile);
}

int
g2048_cells_rank_of(uint64_t tile)
{
	int r = 0;

	if (tile & (tile - 1) || tile == 1 ||
	    tile > (uint64_t)1 << G2048_RANK_LIMIT)
		return -1;
	while (tile > 1) {
		tile >>= 1;
		r++;
	}
	return r;
}

static const char *const dir_names[G2048_NDIRS] = {
	"up", "down", "left", "right"
};

const char *
g2048_dir_name(enum g2048_dir d)
{
	return (unsigned)d < G2048_NDIRS ? dir_names[d] : "none";
}

int
g2048_dir_parse(const char *s)
{
	int d;

	for (d = 0; d < G2048_NDIRS; d++)
		if (strcmp(s, dir_names[d]) == 0 ||
		    (s[0] == dir_names[d][0] && s[1] == '\0'))
			return d;
	return -1;
}
