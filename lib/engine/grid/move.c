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

/*
 * A move on the fast path: one table entry a line gives the moved line
 * and its score (grid_row_*_scored), up and down as left and right of the
 * transposed grid; 4 lookups in a table of 256 KiB, as fast as a move
 * without its score (bench/PYTHON.md).
 */
static inline long
rows_scored(uint64_t *x, const uint32_t *t)
{
	uint32_t e0 = t[*x & 0xFFFF], e1 = t[(*x >> 16) & 0xFFFF],
	    e2 = t[(*x >> 32) & 0xFFFF], e3 = t[*x >> 48];
	uint64_t y = (uint64_t)(e0 & 0xFFFF) | (uint64_t)(e1 & 0xFFFF) << 16 |
	    (uint64_t)(e2 & 0xFFFF) << 32 | (uint64_t)(e3 & 0xFFFF) << 48;

	long score = 4 * ((long)(e0 >> 16) + (e1 >> 16) + (e2 >> 16) +
	    (e3 >> 16));
	int moved = y != *x;

	/* no branch: whether a random board moves is not predictable */
	*x = y;
	return moved ? score : -1;
}

static long
move_fast(g2048_grid *g, enum g2048_dir d)
{
	uint64_t t;
	long score;

	switch (d) {
	case G2048_LEFT:
		return rows_scored(&g->lo, grid_row_left_scored);
	case G2048_RIGHT:
		return rows_scored(&g->lo, grid_row_right_scored);
	default:
		t = grid_transpose_lo(g->lo);
		score = rows_scored(&t, d == G2048_UP ? grid_row_left_scored :
		    grid_row_right_scored);
		g->lo = grid_transpose_lo(t);      /* the same when not moved */
		return score;
	}
}

/* The exact path, for grids the tables do not cover; apart, so that the
 * fast path stays a leaf that saves no registers. */
static __attribute__((noinline)) long
move_exact(g2048_grid *g, enum g2048_dir d)
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
		return move_fast(g, d);
	return move_exact(g, d);
}

/*
 * The legal moves of a grid of four-bit ranks (hi 0), from its bits: a
 * move is legal where some neighbours along it hold a tile behind a gap
 * or two equal tiles (which merge: 32768 and 32768 too).  Bit 4i of each
 * mask stands for cell i and its neighbour to the right (i + 1) or below
 * (i + 4).
 */
static unsigned
legal_fast(uint64_t x)
{
	const uint64_t ones = 0x1111111111111111ULL,
	    right = 0x0111011101110111ULL,     /* cells with one to the right */
	    below = 0x0000111111111111ULL;     /* cells with one below */
	uint64_t tile = (x | x >> 1 | x >> 2 | x >> 3) & ones, gap = ~tile & ones,
	    eh = ~(x ^ x >> 4), ev = ~(x ^ x >> 16), same_h, same_v;
	unsigned mask = 0;

	same_h = eh & eh >> 1 & eh >> 2 & eh >> 3 & tile & right;
	same_v = ev & ev >> 1 & ev >> 2 & ev >> 3 & tile & below;
	if (same_h || (gap & tile >> 4 & right))
		mask |= 1u << G2048_LEFT;
	if (same_h || (tile & gap >> 4 & right))
		mask |= 1u << G2048_RIGHT;
	if (same_v || (gap & tile >> 16 & below))
		mask |= 1u << G2048_UP;
	if (same_v || (tile & gap >> 16 & below))
		mask |= 1u << G2048_DOWN;
	return mask;
}

unsigned
g2048_legal(g2048_grid g)
{
	unsigned mask = 0;
	int d;

	if (g.hi == 0)
		return legal_fast(g.lo);
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
