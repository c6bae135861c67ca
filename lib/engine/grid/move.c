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

long
g2048_move(g2048_grid *g, enum g2048_dir d)
{
	g2048_grid next;
	uint32_t score;

	if ((unsigned)d >= G2048_NDIRS)
		return -1;
	if (!grid_fast_ok(*g)) {
		next = slide_scored(*g, d, &score);
	} else {
		next = grid_slide(*g, d);
		/* merges score alike in either direction along a line */
		score = grid_rows_score(d == G2048_LEFT || d == G2048_RIGHT ?
		    g->lo : grid_transpose_lo(g->lo));
	}
	if (g2048_grid_eq(next, *g))
		return -1;
	*g = next;
	return (long)score;
}

unsigned
g2048_legal(g2048_grid g)
{
	unsigned mask = 0;
	int d;

	for (d = 0; d < G2048_NDIRS; d++)
		if (!g2048_grid_eq(grid_slide(g, (enum g2048_dir)d), g))
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
	return __builtin_popcountll(grid_empty_nibbles(g));
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
	int r = 0;

	if (tile & (tile - 1) || tile == 1 || tile > g2048_tile(G2048_MAX_RANK))
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
