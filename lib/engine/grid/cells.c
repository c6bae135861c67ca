/*
 * cells.c - the general path: boards of any size from 2x2 to 8x8, a rank
 * a byte, a loop per line.  The 4x4 board keeps its table-driven grid
 * (move.c); these give the same moves on it (tests/unit/test-engine.c).
 */
#include <limits.h>
#include <string.h>

#include "grid.h"

int
g2048_cells_cap(int rows, int cols)
{
	int cap = rows * cols + 1;

	return cap < G2048_RANK_LIMIT ? cap : G2048_RANK_LIMIT;
}

static int
size_ok(int rows, int cols)
{
	return rows >= G2048_SIZE_MIN && rows <= G2048_SIZE_MAX &&
	    cols >= G2048_SIZE_MIN && cols <= G2048_SIZE_MAX;
}

int
g2048_cells_init(g2048_cells *c, int rows, int cols)
{
	if (!size_ok(rows, cols))
		return -1;
	c->rows = rows;
	c->cols = cols;
	memset(c->rank, 0, sizeof c->rank);
	return 0;
}

/*
 * Move one line of len cells, from cell `first' (the front) by `step',
 * from src into dst (src itself, or a copy): drop the gaps, merge
 * successive equal pairs from the front (a merged tile does not merge
 * again; two tiles of the cap do not merge).  Its score; *diff gets a
 * nonzero bit if a cell changed.  No branch depends on the tiles (a
 * random board's gaps and pairs are what a branch predictor misses):
 * the tiles are gathered to the front, then each of the len cells out
 * takes one tile, or two equal ones merged.  At most 4 merges of at most
 * 2^61 each: the score fits 64 bits.
 */
static inline uint64_t
line_move(const uint8_t *src, uint8_t *dst, int first, int step, int len,
    int cap, unsigned *diff)
{
	unsigned changed = 0, below = (unsigned)cap - 1;
	uint64_t tiles = 0, score = 0;
	int i, k = 0, pos;

	/* the tiles gathered to the front, a byte each, in a register */
#pragma GCC unroll 8
	for (i = 0, pos = first; i < len; i++, pos += step) {
		tiles |= (uint64_t)src[pos] << (8 * k);
		k += src[pos] != 0;
	}
#pragma GCC unroll 8
	for (i = 0, pos = first; i < len; i++, pos += step) {
		unsigned r = (unsigned)tiles & 0xFF;
		/* r - 1 < cap - 1: a tile below the cap, not a gap */
		unsigned merge = (r == ((unsigned)(tiles >> 8) & 0xFF)) &
		    (r - 1 < below);
		unsigned out = r + merge;

		score += (uint64_t)merge << out;
		tiles >>= 8 << merge;
		changed |= out ^ src[pos];
		dst[pos] = (uint8_t)out;
	}
	*diff |= changed;
	return score;
}

/*
 * Every line of a move, each line's length a constant in its own copy of
 * the loop, so that the compiler unrolls a line whole: the sum of their
 * scores, or G2048_OVERFLOW past LONG_MAX.
 */
#define LINES_OF(LEN) \
	for (l = 0; l < nlines; l++, first += across) { \
		line = line_move(src, dst, first, step, LEN, cap, diff); \
		if (line > (uint64_t)LONG_MAX - score) \
			return G2048_OVERFLOW; \
		score += line; \
	} \
	break

static long
lines_move(const uint8_t *src, uint8_t *dst, int nlines, int len,
    int first, int step, int across, int cap, unsigned *diff)
{
	uint64_t score = 0, line;
	int l;

	switch (len) {
	case 2: LINES_OF(2);
	case 3: LINES_OF(3);
	case 4: LINES_OF(4);
	case 5: LINES_OF(5);
	case 6: LINES_OF(6);
	case 7: LINES_OF(7);
	default: LINES_OF(8);
	}
	return (long)score;
}

/*
 * A board whose cap is below this cannot make a score past LONG_MAX in
 * one move (at most 32 merges, 2^5, of at most 2^cap each): it moves in
 * place.  A larger one (8x8 and 7x8 on 64-bit) moves into a copy, written
 * back only when the score fits, so that c is unchanged otherwise.
 */
#define CAP_IN_PLACE ((int)(sizeof(long) * CHAR_BIT) - 7)

long
g2048_cells_move(g2048_cells *c, enum g2048_dir d)
{
	uint8_t copy[G2048_CELLS_MAX], *dst = c->rank;
	int rows = c->rows, cols = c->cols, cap = g2048_cells_cap(rows, cols);
	int nlines, len, first, step, across;
	unsigned diff = 0;
	long score;

	switch (d) {
	case G2048_LEFT:
		nlines = rows, len = cols, first = 0, step = 1, across = cols;
		break;
	case G2048_RIGHT:
		nlines = rows, len = cols, first = cols - 1, step = -1;
		across = cols;
		break;
	case G2048_UP:
		nlines = cols, len = rows, first = 0, step = cols, across = 1;
		break;
	case G2048_DOWN:
		nlines = cols, len = rows, first = (rows - 1) * cols;
		step = -cols, across = 1;
		break;
	default:
		return -1;
	}
	if (cap >= CAP_IN_PLACE)
		dst = copy;
	score = lines_move(c->rank, dst, nlines, len, first, step, across, cap,
	    &diff);
	if (score == G2048_OVERFLOW || !diff)
		return diff ? G2048_OVERFLOW : -1;
	if (dst == copy)
		memcpy(c->rank, copy, (size_t)(rows * cols));
	return score;
}

unsigned
g2048_cells_legal(const g2048_cells *c)
{
	const uint8_t *k = c->rank;
	int rows = c->rows, cols = c->cols, cap = g2048_cells_cap(rows, cols);
	int i, j;
	unsigned mask = 0;

	/* a pair of neighbours: a tile behind a gap moves toward the gap,
	 * two equal tiles below the cap merge either way */
	for (i = 0; i < rows; i++)
		for (j = 0; j + 1 < cols; j++) {
			int a = k[i * cols + j], b = k[i * cols + j + 1];

			if (a == 0 && b != 0)
				mask |= 1u << G2048_LEFT;
			else if (a != 0 && b == 0)
				mask |= 1u << G2048_RIGHT;
			else if (a != 0 && a == b && a < cap)
				mask |= 1u << G2048_LEFT | 1u << G2048_RIGHT;
		}
	for (i = 0; i + 1 < rows; i++)
		for (j = 0; j < cols; j++) {
			int a = k[i * cols + j], b = k[(i + 1) * cols + j];

			if (a == 0 && b != 0)
				mask |= 1u << G2048_UP;
			else if (a != 0 && b == 0)
				mask |= 1u << G2048_DOWN;
			else if (a != 0 && a == b && a < cap)
				mask |= 1u << G2048_UP | 1u << G2048_DOWN;
		}
	return mask;
}

int
g2048_cells_over(const g2048_cells *c)
{
	int empty = g2048_cells_empty_count(c);

	/* a tile and a gap always leave some move; the empty board has none */
	if (empty > 0 && empty < c->rows * c->cols)
		return 0;
	return g2048_cells_legal(c) == 0;
}

int
g2048_cells_empty_count(const g2048_cells *c)
{
	int i, n = c->rows * c->cols, empty = 0;

	for (i = 0; i < n; i++)
		empty += c->rank[i] == 0;
	return empty;
}

int
g2048_cells_max_rank(const g2048_cells *c)
{
	int i, n = c->rows * c->cols, max = 0;

	for (i = 0; i < n; i++)
		if (c->rank[i] > max)
			max = c->rank[i];
	return max;
}

int
g2048_cells_nth_empty(const g2048_cells *c, int n)
{
	int i, cells = c->rows * c->cols;

	for (i = 0; i < cells; i++)
		if (c->rank[i] == 0 && n-- == 0)
			return i;
	return -1;
}

int
g2048_cells_eq(const g2048_cells *a, const g2048_cells *b)
{
	return a->rows == b->rows && a->cols == b->cols &&
	    memcmp(a->rank, b->rank, (size_t)(a->rows * a->cols)) == 0;
}

int
g2048_cells_valid(const g2048_cells *c)
{
	int i, cap;

	if (!size_ok(c->rows, c->cols))
		return 0;
	cap = g2048_cells_cap(c->rows, c->cols);
	for (i = 0; i < c->rows * c->cols; i++)
		if (c->rank[i] > cap)
			return 0;
	return 1;
}

void
g2048_cells_of_grid(g2048_cells *c, g2048_grid g)
{
	int i;

	c->rows = c->cols = G2048_SIDE;
	for (i = 0; i < G2048_CELLS; i++)
		c->rank[i] = (uint8_t)g2048_rank(g, i);
	memset(c->rank + G2048_CELLS, 0, sizeof c->rank - G2048_CELLS);
}

g2048_grid
g2048_cells_grid(const g2048_cells *c)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < G2048_CELLS; i++)
		g = g2048_set_rank(g, i, c->rank[i]);
	return g;
}

int
g2048_cells_spawn(g2048_cells *c, g2048_rng *r, uint64_t four_threshold)
{
	int empty = g2048_cells_empty_count(c), cell;

	if (empty == 0)
		return -1;
	cell = g2048_cells_nth_empty(c,
	    (int)g2048_rng_bounded(r, (uint32_t)empty));
	c->rank[cell] = (uint64_t)g2048_rng_next(r) < four_threshold ? 2 : 1;
	return cell;
}
