/*
 * grid.h - the grid room's internals: the rule of a line, the row tables,
 * transposes, the test for the fast path and the inline slide the search
 * is built on.  Internal to lib/engine/ (and the unit tests and benchmark
 * of internals); a tool moves a grid with g2048_move() of 2048.h.
 */
#ifndef G2048_GRID_H
#define G2048_GRID_H

#include <stdint.h>

#include "2048.h"

/*
 * Move a line of four ranks toward line[0]: drop the gaps, then merge
 * successive equal pairs from the front, a merged tile not merging again.
 * Two 131072 (rank 17) tiles do not merge: 2^18 cannot occur in a game.
 * Returns the score gained.
 */
static inline uint32_t
g2048_line_move(int line[4])
{
	int tiles[4] = { 0, 0, 0, 0 }, n = 0, i, out = 0;
	uint32_t score = 0;

	for (i = 0; i < 4; i++)
		if (line[i])
			tiles[n++] = line[i];
	for (i = 0; i < n; out++) {
		if (i + 1 < n && tiles[i] == tiles[i + 1] && tiles[i] < 17) {
			line[out] = tiles[i] + 1;
			score += (uint32_t)1 << line[out];
			i += 2;
		} else {
			line[out] = tiles[i++];
		}
	}
	while (out < 4)
		line[out++] = 0;
	return score;
}

/*
 * Move tables, generated at build time (mktables.c), indexed by a 16-bit
 * row of nibbles (ranks 0..15).  row_left/row_right give the moved row;
 * col_up/col_down give the moved line with cell i at bits 16i, so a column
 * is moved from the transposed grid without transposing back.
 */
extern const uint16_t g2048_row_left[65536];
extern const uint16_t g2048_row_right[65536];
extern const uint64_t g2048_col_up[65536];
extern const uint64_t g2048_col_down[65536];
extern const uint32_t g2048_row_score[65536];   /* merge score of a row */

/* The exact path, for any grid: five-bit ranks, a loop per line. */
g2048_grid g2048_slide_exact(g2048_grid g, enum g2048_dir d);

static inline uint64_t
g2048_transpose_lo(uint64_t x)
{
	uint64_t a = (x & 0xF0F00F0FF0F00F0FULL) |
	    ((x & 0x0000F0F00000F0F0ULL) << 12) |
	    ((x & 0x0F0F00000F0F0000ULL) >> 12);
	return (a & 0xFF00FF0000FF00FFULL) |
	    ((a & 0x00FF00FF00000000ULL) >> 24) |
	    ((a & 0x00000000FF00FF00ULL) << 24);
}

static inline uint16_t
g2048_transpose_hi(uint16_t x)
{
	unsigned t;

	t = (x ^ (x >> 3)) & 0x0A0Au;
	x = (uint16_t)(x ^ t ^ (t << 3));
	t = (x ^ (x >> 6)) & 0x00CCu;
	x = (uint16_t)(x ^ t ^ (t << 6));
	return x;
}

static inline g2048_grid
g2048_transpose(g2048_grid g)
{
	g2048_grid t = { g2048_transpose_lo(g.lo), g2048_transpose_hi(g.hi) };
	return t;
}

/*
 * The nibble tables are exact unless a merge can make 65536: that needs a
 * tile of 65536 or more already (hi != 0) or two 32768 tiles (two nibbles
 * of 15).  Both are rare, and then the exact path runs.
 */
static inline int
g2048_fast_ok(g2048_grid g)
{
	uint64_t m = g.lo & (g.lo >> 1) & (g.lo >> 2) & (g.lo >> 3) &
	    0x1111111111111111ULL;

	return g.hi == 0 && (m & (m - 1)) == 0;
}

static inline uint64_t
g2048_rows_by(uint64_t x, const uint16_t *t)
{
	return (uint64_t)t[x & 0xFFFF] |
	    (uint64_t)t[(x >> 16) & 0xFFFF] << 16 |
	    (uint64_t)t[(x >> 32) & 0xFFFF] << 32 |
	    (uint64_t)t[x >> 48] << 48;
}

/* The merge score of the four rows of x (of the columns if x is a
 * transposed grid): a move scores alike in either direction of a line. */
static inline uint32_t
g2048_rows_score(uint64_t x)
{
	return g2048_row_score[x & 0xFFFF] +
	    g2048_row_score[(x >> 16) & 0xFFFF] +
	    g2048_row_score[(x >> 32) & 0xFFFF] +
	    g2048_row_score[x >> 48];
}

/* A column table applied to c, a grid already transposed. */
static inline uint64_t
g2048_cols_from(uint64_t c, const uint64_t *t)
{
	return t[c & 0xFFFF] |
	    t[(c >> 16) & 0xFFFF] << 4 |
	    t[(c >> 32) & 0xFFFF] << 8 |
	    t[c >> 48] << 12;
}

static inline uint64_t
g2048_cols_by(uint64_t x, const uint64_t *t)
{
	return g2048_cols_from(g2048_transpose_lo(x), t);
}

/* The grid after sliding toward d; equal to g when d is not legal. */
static inline g2048_grid
g2048_slide(g2048_grid g, enum g2048_dir d)
{
	g2048_grid r = { 0, 0 };

	if (!g2048_fast_ok(g))
		return g2048_slide_exact(g, d);
	switch (d) {
	case G2048_LEFT:
		r.lo = g2048_rows_by(g.lo, g2048_row_left);
		break;
	case G2048_RIGHT:
		r.lo = g2048_rows_by(g.lo, g2048_row_right);
		break;
	case G2048_UP:
		r.lo = g2048_cols_by(g.lo, g2048_col_up);
		break;
	default:
		r.lo = g2048_cols_by(g.lo, g2048_col_down);
		break;
	}
	return r;
}

#endif
