/*
 * grid.h - the grid room's internals: the rule of a line, the row tables
 * (tables.c, which mktables.c writes at build time), the generator's step
 * and bounded draw, the exact slide (move.c), transposes, the test for the
 * fast path, the inline slide, the fast scored move, legal mask and spawn
 * cell (g2048_move's and g2048_step's), and what a search asks of a grid
 * (its empty cells, its distinct tiles, the four slides and their scores
 * at once).  Its public side (moves,
 * randomness, spawns, a game's step) is in 2048.h.  Internal to
 * lib/engine/ (and the unit tests and benchmark of internals).
 */
#ifndef G2048_GRID_H
#define G2048_GRID_H

#include <stdint.h>
#include <string.h>

#include "2048-private.h"

/*
 * Move a line of four ranks toward line[0]: drop the gaps, then merge
 * successive equal pairs from the front, a merged tile not merging again.
 * Two 131072 (rank 17) tiles do not merge: 2^18 cannot occur in a game.
 * Returns the score gained.
 */
static inline uint32_t
grid_line_move(int line[4])
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
extern const uint16_t grid_row_left[65536];
extern const uint16_t grid_row_right[65536];
extern const uint64_t grid_col_up[65536];
extern const uint64_t grid_col_down[65536];
extern const uint32_t grid_row_score[65536];   /* merge score of a row */
/* The moved row in the low 16 bits and its score / 4 in the high 16 (a
 * merge makes 4 or more; the most a row scores, 131072, is 32768 * 4):
 * g2048_move's one lookup a row for both. */
extern const uint32_t grid_row_left_scored[65536];
extern const uint32_t grid_row_right_scored[65536];

/* For g2048_rng_bounded, bounds 2-64 (mktables.c): 2^32 mod b, and the
 * multiplier that gives x mod b without a division. */
#define GRID_BOUNDED_MAX 64
extern const uint32_t grid_bounded_threshold[GRID_BOUNDED_MAX + 1];
extern const uint64_t grid_bounded_magic[GRID_BOUNDED_MAX + 1];

/*
 * The generator's step and draws, inline for the step of a game (step.c);
 * rng.c's public functions are these.  PCG32 (XSH-RR, 64-bit state,
 * 32-bit output), after O'Neill, "PCG: A Family of Simple Fast
 * Space-Efficient Statistically Good Algorithms for Random Number
 * Generation" (2014).
 */
#define GRID_PCG_MULT 6364136223846793005ULL

static inline uint32_t
grid_pcg_step(g2048_rng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted, rot;

	r->state = old * GRID_PCG_MULT + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

static inline uint32_t
grid_rng_next(g2048_rng *r)
{
	r->draws++;
	return grid_pcg_step(r);
}

/*
 * x mod b from grid_bounded_magic[b]: the high word of (M * x mod 2^64)
 * * b, the 64-by-32-bit product taken in two halves (portable C; b < 2^32
 * keeps each half from overflowing).
 */
static inline uint32_t
grid_mod_by_magic(uint32_t x, uint32_t b)
{
	uint64_t low = grid_bounded_magic[b] * x;

	return (uint32_t)(((low >> 32) * b + (((low & 0xFFFFFFFFu) * b) >> 32))
	    >> 32);
}

/* Rejection of the low 2^32 mod bound outputs keeps every residue equally
 * likely; at most half the draws are rejected, usually none.  A board's
 * bounds (its empty cells, at most 64) take no division. */
static inline uint32_t
grid_rng_bounded(g2048_rng *r, uint32_t bound)
{
	uint32_t threshold, x;

	if (bound < 2)
		return 0;
	threshold = bound <= GRID_BOUNDED_MAX ? grid_bounded_threshold[bound] :
	    (uint32_t)(-bound) % bound;
	do
		x = grid_rng_next(r);
	while (x < threshold);
	return bound <= GRID_BOUNDED_MAX ? grid_mod_by_magic(x, bound) :
	    x % bound;
}

/* The exact path, for any grid: five-bit ranks, a loop per line. */
g2048_grid grid_slide_exact(g2048_grid g, enum g2048_dir d);
/* g2048_move's exact path: the score, or -1 (*g unchanged) */
long grid_move_exact(g2048_grid *g, enum g2048_dir d);

static inline uint64_t
grid_transpose_lo(uint64_t x)
{
	uint64_t a = (x & 0xF0F00F0FF0F00F0FULL) |
	    ((x & 0x0000F0F00000F0F0ULL) << 12) |
	    ((x & 0x0F0F00000F0F0000ULL) >> 12);
	return (a & 0xFF00FF0000FF00FFULL) |
	    ((a & 0x00FF00FF00000000ULL) >> 24) |
	    ((a & 0x00000000FF00FF00ULL) << 24);
}

static inline uint16_t
grid_transpose_hi(uint16_t x)
{
	unsigned t;

	t = (x ^ (x >> 3)) & 0x0A0Au;
	x = (uint16_t)(x ^ t ^ (t << 3));
	t = (x ^ (x >> 6)) & 0x00CCu;
	x = (uint16_t)(x ^ t ^ (t << 6));
	return x;
}

static inline g2048_grid
grid_transpose(g2048_grid g)
{
	g2048_grid t = { grid_transpose_lo(g.lo), grid_transpose_hi(g.hi) };
	return t;
}

/*
 * The nibble tables are exact unless a merge can make 65536: that needs a
 * tile of 65536 or more already (hi != 0) or two 32768 tiles (two nibbles
 * of 15).  Both are rare, and then the exact path runs.
 */
static inline int
grid_fast_ok(g2048_grid g)
{
	uint64_t m;

	/* most grids have no 32768 at all (no nibble of 15: no zero nibble
	 * in ~lo, the borrow test) and no 65536: one test for both */
	if ((((~g.lo - 0x1111111111111111ULL) & g.lo & 0x8888888888888888ULL) |
	    g.hi) == 0)
		return 1;
	m = g.lo & (g.lo >> 1) & (g.lo >> 2) & (g.lo >> 3) &
	    0x1111111111111111ULL;
	return g.hi == 0 && (m & (m - 1)) == 0;
}

static inline uint64_t
grid_rows_by(uint64_t x, const uint16_t *t)
{
	return (uint64_t)t[x & 0xFFFF] |
	    (uint64_t)t[(x >> 16) & 0xFFFF] << 16 |
	    (uint64_t)t[(x >> 32) & 0xFFFF] << 32 |
	    (uint64_t)t[x >> 48] << 48;
}

/* The merge score of the four rows of x (of the columns if x is a
 * transposed grid): a move scores alike in either direction of a line. */
static inline uint32_t
grid_rows_score(uint64_t x)
{
	return grid_row_score[x & 0xFFFF] +
	    grid_row_score[(x >> 16) & 0xFFFF] +
	    grid_row_score[(x >> 32) & 0xFFFF] +
	    grid_row_score[x >> 48];
}

/* A column table applied to c, a grid already transposed. */
static inline uint64_t
grid_cols_from(uint64_t c, const uint64_t *t)
{
	return t[c & 0xFFFF] |
	    t[(c >> 16) & 0xFFFF] << 4 |
	    t[(c >> 32) & 0xFFFF] << 8 |
	    t[c >> 48] << 12;
}

static inline uint64_t
grid_cols_by(uint64_t x, const uint64_t *t)
{
	return grid_cols_from(grid_transpose_lo(x), t);
}

/* The grid after sliding toward d; equal to g when d is not legal. */
static inline g2048_grid
grid_slide(g2048_grid g, enum g2048_dir d)
{
	g2048_grid r = { 0, 0 };

	if (!grid_fast_ok(g))
		return grid_slide_exact(g, d);
	switch (d) {
	case G2048_LEFT:
		r.lo = grid_rows_by(g.lo, grid_row_left);
		break;
	case G2048_RIGHT:
		r.lo = grid_rows_by(g.lo, grid_row_right);
		break;
	case G2048_UP:
		r.lo = grid_cols_by(g.lo, grid_col_up);
		break;
	default:
		r.lo = grid_cols_by(g.lo, grid_col_down);
		break;
	}
	return r;
}

/* ---- g2048_move and g2048_step's fast path ---------------------------- */

/*
 * Four rows moved by one table entry each, which gives the moved row and
 * its score (grid_row_*_scored): 4 lookups in a table of 256 KiB.  The
 * score, or -1 when no row moved (*x is then unchanged).
 */
static inline long
grid_rows_scored(uint64_t *x, const uint32_t *t)
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

/* A move of a grid that grid_fast_ok passes (x its lo): up and down as
 * left and right of the transposed grid. */
static inline long
grid_move_fast(uint64_t *x, enum g2048_dir d)
{
	uint64_t t;
	long score;

	switch (d) {
	case G2048_LEFT:
		return grid_rows_scored(x, grid_row_left_scored);
	case G2048_RIGHT:
		return grid_rows_scored(x, grid_row_right_scored);
	default:
		t = grid_transpose_lo(*x);
		score = grid_rows_scored(&t, d == G2048_UP ?
		    grid_row_left_scored : grid_row_right_scored);
		*x = grid_transpose_lo(t);      /* the same when not moved */
		return score;
	}
}

/*
 * The legal moves of a grid of four-bit ranks (hi 0), from its bits: a
 * move is legal where some neighbours along it hold a tile behind a gap
 * or two equal tiles (which merge: 32768 and 32768 too).  Bit 4i of each
 * mask stands for cell i and its neighbour to the right (i + 1) or below
 * (i + 4).  No branch: a random grid's moves are not predictable.
 */
static inline unsigned
grid_legal_fast(uint64_t x)
{
	const uint64_t ones = 0x1111111111111111ULL,
	    right = 0x0111011101110111ULL,     /* cells with one to the right */
	    below = 0x0000111111111111ULL;     /* cells with one below */
	uint64_t tile = (x | x >> 1 | x >> 2 | x >> 3) & ones, gap = ~tile & ones,
	    eh = ~(x ^ x >> 4), ev = ~(x ^ x >> 16), same_h, same_v;

	same_h = eh & eh >> 1 & eh >> 2 & eh >> 3 & tile & right;
	same_v = ev & ev >> 1 & ev >> 2 & ev >> 3 & tile & below;
	return (unsigned)((same_h | (gap & tile >> 4 & right)) != 0) <<
	    G2048_LEFT |
	    (unsigned)((same_h | (tile & gap >> 4 & right)) != 0) <<
	    G2048_RIGHT |
	    (unsigned)((same_v | (gap & tile >> 16 & below)) != 0) << G2048_UP |
	    (unsigned)((same_v | (tile & gap >> 16 & below)) != 0) <<
	    G2048_DOWN;
}

/* The empty cells of a grid's lo as a mask of 16 bits (cell i, bit i),
 * and the cell of its nth (from 0) bit, n below its count (mktables.c's
 * byte tables): the spawn's cell without a loop, whose length a random
 * draw sets. */
extern const uint8_t grid_byte_count[256];
extern const uint8_t grid_byte_select[256][8];

static inline int
grid_nth_nibble_below(uint64_t mask, int n)
{
	uint64_t x = mask;
	unsigned low, count, upper;

	x = (x | x >> 3) & 0x0303030303030303ULL;
	x = (x | x >> 6) & 0x000F000F000F000FULL;
	x = (x | x >> 12) & 0x000000FF000000FFULL;
	x = (x | x >> 24) & 0xFFFF;
	low = (unsigned)x & 0xFF;
	count = grid_byte_count[low];
	upper = (unsigned)n >= count;
	return (int)(8 * upper + grid_byte_select[upper ? x >> 8 : low]
	    [(unsigned)n - (upper ? count : 0)]);
}

/* The cell of the nth (from 0) bit of a mask of bits 4i, or -1. */
static inline int
grid_nth_nibble(uint64_t mask, int n)
{
	for (; n > 0 && mask; n--)
		mask &= mask - 1;
	return mask ? __builtin_ctzll(mask) / 4 : -1;
}

/* ---- what a search asks of a grid ------------------------------------ */

/* bit 4i set for every empty cell i */
static inline uint64_t
grid_empty_nibbles(g2048_grid g)
{
	uint64_t x = g.lo, hi = g.hi, spread = 0;

	x |= x >> 2;
	x |= x >> 1;
	x = ~x & 0x1111111111111111ULL;
	/* hi is nonzero only with a 65536: rare, so a plain loop */
	while (hi) {
		int c = __builtin_ctz((unsigned)hi);

		spread |= (uint64_t)1 << (4 * c);
		hi &= hi - 1;
	}
	return x & ~spread;
}

/*
 * The number of bits of a mask that has them only at bits 4i (as
 * grid_empty_nibbles gives): the product sums every nibble into the top
 * one, which holds 0-15; the one count that does not fit is 16, the
 * full mask.  Inline word arithmetic, where __builtin_popcountll is a
 * call into libgcc without -mpopcnt.
 */
static inline int
grid_nibble_count(uint64_t m)
{
	if (m == 0x1111111111111111ULL)
		return 16;
	return (int)((m * 0x1111111111111111ULL) >> 60);
}

/* The spawn law's two draws on a grid whose empty cells (bits 4i) are
 * not none: a uniform empty cell, returned, and its rank in *rank (a 4,
 * rank 2, when the second draw is below four_threshold, else a 2).  One
 * law for g2048_spawn and g2048_step. */
static inline int
grid_spawn_draws(uint64_t empty, g2048_rng *r, uint64_t four_threshold,
    int *rank)
{
	int cell = grid_nth_nibble_below(empty, (int)grid_rng_bounded(r,
	    (uint32_t)grid_nibble_count(empty)));

	*rank = (uint64_t)grid_rng_next(r) < four_threshold ? 2 : 1;
	return cell;
}

static inline int
grid_distinct_tiles(g2048_grid g)
{
	unsigned seen = 0;
	int i;

	for (i = 0; i < G2048_CELLS; i++)
		seen |= 1u << g2048_rank(g, i);
	return __builtin_popcount(seen & ~1u);
}

/* The four slides at once, transposing once for up and down; by the row
 * tables when bitboard is set and they are exact, else cell by cell. */
static inline void
grid_slides(g2048_grid g, int bitboard, g2048_grid out[G2048_NDIRS])
{
	uint64_t c;
	int d;

	if (!bitboard || !grid_fast_ok(g)) {
		for (d = 0; d < G2048_NDIRS; d++)
			out[d] = grid_slide_exact(g, (enum g2048_dir)d);
		return;
	}
	c = grid_transpose_lo(g.lo);
	memset(out, 0, G2048_NDIRS * sizeof out[0]);
	out[G2048_LEFT].lo = grid_rows_by(g.lo, grid_row_left);
	out[G2048_RIGHT].lo = grid_rows_by(g.lo, grid_row_right);
	out[G2048_UP].lo = grid_cols_from(c, grid_col_up);
	out[G2048_DOWN].lo = grid_cols_from(c, grid_col_down);
}

/* The score of each slide of g (into next, as grid_slides makes them);
 * 0 for an illegal one. */
static inline void
grid_rewards(g2048_grid g, const g2048_grid next[G2048_NDIRS],
    double out[G2048_NDIRS])
{
	uint32_t rows, cols;
	int d;

	if (!grid_fast_ok(g)) {
		for (d = 0; d < G2048_NDIRS; d++) {
			g2048_grid m = g;
			long r = g2048_move(&m, (enum g2048_dir)d);

			out[d] = r > 0 ? (double)r : 0;
		}
		return;
	}
	rows = grid_rows_score(g.lo);
	cols = grid_rows_score(grid_transpose_lo(g.lo));
	for (d = 0; d < G2048_NDIRS; d++)
		out[d] = g2048_grid_eq(next[d], g) ? 0 :
		    d == G2048_LEFT || d == G2048_RIGHT ? rows : cols;
}

/* ---- a board's symmetries ------------------------------------------- */

/* Cell (row, col) of a rows x cols board under symmetry s (0-7):
 * transposed if s & 4, then its rows flipped if s & 1 and its columns
 * if s & 2.  The image's cell, or -1 if the board lacks the symmetry (a
 * transpose of a board not square). */
static inline int
grid_sym_cell(int rows, int cols, int s, int row, int col)
{
	int t;

	if (s & 4) {
		if (rows != cols)
			return -1;
		t = row;
		row = col;
		col = t;
	}
	if (s & 1)
		row = rows - 1 - row;
	if (s & 2)
		col = cols - 1 - col;
	return row * cols + col;
}

/* Symmetry s (grid_sym_cell) of the 4x4 grid g, and the direction of g
 * that is d in that symmetry of g (symmetry.c). */
g2048_grid grid_sym(int s, g2048_grid g);
int grid_sym_dir_back(int s, int d);

#endif
