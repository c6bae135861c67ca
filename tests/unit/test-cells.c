/*
 * test-cells.c - the general path (boards of every size, 2x2 to 8x8)
 * against a model written here from the rules alone (tiles as values, a
 * list per line), against the 4x4 grid's table-driven moves, and the
 * board-level functions of any size with the board's own odds.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "2048-private.h"
#include "unit.h"

/* ---- random numbers, independent of the engine's PCG32 --------------- */

static uint64_t rnd_state = 0x2545f4914f6cdd1dULL;

static uint32_t
rnd(void)
{
	uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* ---- the model: one line of tile values, front first ------------------ */

/*
 * Move a line toward its front as the rules say: take its tiles from the
 * front back, gaps dropped; a tile equal to the last one placed, which
 * has not merged in this move, merges into it, unless both are the cap's
 * tile.  Returns the score; the line is rewritten in place.
 */
static uint64_t
model_line(uint64_t *v, int len, uint64_t cap_tile)
{
	uint64_t out[8] = { 0 }, score = 0;
	int placed = 0, merged = 0, i;

	for (i = 0; i < len; i++) {
		if (v[i] == 0)
			continue;
		if (placed && !merged && out[placed - 1] == v[i] &&
		    v[i] < cap_tile) {
			out[placed - 1] *= 2;
			score += out[placed - 1];
			merged = 1;
			continue;
		}
		out[placed++] = v[i];
		merged = 0;
	}
	memcpy(v, out, (size_t)len * sizeof *v);
	return score;
}

/* The model's move of a whole board toward d: -1 if nothing changes;
 * *changed (if not NULL) is set when a move changes the board, even one
 * whose score would pass LONG_MAX (G2048_OVERFLOW, not made). */
static long
model_move(g2048_cells *c, enum g2048_dir d, int *moved)
{
	int rows = c->rows, cols = c->cols, nlines, len, l, k, changed = 0;
	uint64_t cap_tile = (uint64_t)1 << g2048_cells_cap(rows, cols);
	uint64_t score = 0, line;
	g2048_cells out = *c;

	nlines = d == G2048_LEFT || d == G2048_RIGHT ? rows : cols;
	len = d == G2048_LEFT || d == G2048_RIGHT ? cols : rows;
	for (l = 0; l < nlines; l++) {
		uint64_t v[8];
		int cell[8];

		for (k = 0; k < len; k++) {
			cell[k] = d == G2048_LEFT ? l * cols + k :
			    d == G2048_RIGHT ? l * cols + cols - 1 - k :
			    d == G2048_UP ? k * cols + l :
			    (rows - 1 - k) * cols + l;
			v[k] = c->rank[cell[k]] ? (uint64_t)1 << c->rank[cell[k]] :
			    0;
		}
		line = model_line(v, len, cap_tile);
		/* saturate: the sum of 8 lines may pass 2^64 */
		score = score > UINT64_MAX - line ? UINT64_MAX : score + line;
		for (k = 0; k < len; k++) {
			int r = 0;

			while (v[k] >> r > 1)
				r++;
			out.rank[cell[k]] = (uint8_t)r;
			changed |= out.rank[cell[k]] != c->rank[cell[k]];
		}
	}
	if (moved)
		*moved = changed;
	if (!changed)
		return -1;
	if (score > LONG_MAX)
		return G2048_OVERFLOW;
	*c = out;
	return (long)score;
}

/* A random board: ranks from a small palette so that equal tiles meet,
 * from no gaps to mostly gaps, sometimes at the size's cap. */
static void
random_cells(g2048_cells *c, int rows, int cols)
{
	int cap = g2048_cells_cap(rows, cols), palette[4], i;
	int gaps = (int)(rnd() % 4), kind = (int)(rnd() % 3);

	g2048_cells_init(c, rows, cols);
	for (i = 0; i < 4; i++)
		palette[i] = kind == 0 ? 1 + (int)(rnd() % 4) :
		    kind == 1 ? 1 + (int)(rnd() % (unsigned)cap) :
		    cap - (int)(rnd() % 3);
	for (i = 0; i < rows * cols; i++)
		c->rank[i] = (uint8_t)((int)(rnd() % 5) < gaps ? 0 :
		    palette[rnd() % 4]);
}

/* ---- tests ------------------------------------------------------------ */

static void
test_caps(void)
{
	g2048_cells c;

	CHECK_EQ_U64(g2048_cells_cap(2, 2), 5);     /* 32 */
	CHECK_EQ_U64(g2048_cells_cap(2, 3), 7);
	CHECK_EQ_U64(g2048_cells_cap(3, 3), 10);    /* 1024 */
	CHECK_EQ_U64(g2048_cells_cap(4, 4), G2048_MAX_RANK);
	CHECK_EQ_U64(g2048_cells_cap(2, 8), 17);
	CHECK_EQ_U64(g2048_cells_cap(5, 5), 26);
	CHECK_EQ_U64(g2048_cells_cap(6, 8), 49);
	CHECK_EQ_U64(g2048_cells_cap(8, 8), G2048_RANK_LIMIT);
	CHECK_EQ_U64(g2048_cells_init(&c, 1, 4), -1);
	CHECK_EQ_U64(g2048_cells_init(&c, 4, 9), -1);
	CHECK_EQ_U64(g2048_cells_init(&c, 2, 8), 0);
	CHECK(g2048_cells_valid(&c));
	c.rank[3] = 17;
	CHECK(g2048_cells_valid(&c));
	c.rank[3] = 18;
	CHECK(!g2048_cells_valid(&c));
}

/* The rule's named cases on lines of 2 to 8, worked by hand, each as a
 * row moved left and right and a column moved up and down. */
static void
test_line_rules(void)
{
	static const struct {
		int len;
		uint32_t in[8], out[8];
		long score;
	} lines[] = {
		{ 2, { 2, 2 }, { 4, 0 }, 4 },
		{ 2, { 0, 2 }, { 2, 0 }, 0 },
		{ 2, { 2, 4 }, { 2, 4 }, -1 },
		{ 3, { 2, 2, 2 }, { 4, 2, 0 }, 4 },          /* three: front two */
		{ 3, { 2, 0, 2 }, { 4, 0, 0 }, 4 },          /* a gap between */
		{ 3, { 4, 4, 8 }, { 8, 8, 0 }, 8 },          /* no re-merge */
		{ 4, { 2, 2, 2, 2 }, { 4, 4, 0, 0 }, 8 },    /* four: two merges */
		{ 5, { 2, 2, 2, 2, 2 }, { 4, 4, 2, 0, 0 }, 8 },
		{ 5, { 0, 2, 0, 0, 2 }, { 4, 0, 0, 0, 0 }, 4 },
		{ 6, { 8, 8, 8, 0, 8, 16 }, { 16, 16, 16, 0, 0, 0 }, 32 },
		{ 7, { 2, 4, 8, 16, 32, 64, 128 }, { 2, 4, 8, 16, 32, 64, 128 },
		    -1 },
		{ 7, { 2, 2, 2, 2, 2, 2, 2 }, { 4, 4, 4, 2, 0, 0, 0 }, 12 },
		{ 8, { 2, 2, 4, 4, 8, 8, 16, 16 }, { 4, 8, 16, 32, 0, 0, 0, 0 },
		    60 },
		{ 8, { 0, 0, 0, 0, 0, 0, 0, 2 }, { 2, 0, 0, 0, 0, 0, 0, 0 }, 0 },
		{ 8, { 4, 2, 2, 4, 0, 4, 4, 4 }, { 4, 4, 8, 8, 0, 0, 0, 0 }, 20 },
	};
	size_t k;
	int i, other;

	for (k = 0; k < sizeof lines / sizeof lines[0]; k++) {
		int len = lines[k].len;

		for (other = 2; other <= 8; other += 3) {
			g2048_cells c, want;
			int d;

			for (d = 0; d < G2048_NDIRS; d++) {
				int across = d == G2048_UP || d == G2048_DOWN;
				int rows = across ? len : other;
				int cols = across ? other : len;
				long score;

				g2048_cells_init(&c, rows, cols);
				g2048_cells_init(&want, rows, cols);
				/* the line is row (or column) 1, front first */
				for (i = 0; i < len; i++) {
					int pos = d == G2048_LEFT || d == G2048_UP ?
					    i : len - 1 - i;
					int cell = across ? pos * cols + 1 :
					    1 * cols + pos;

					c.rank[cell] = (uint8_t)g2048_rank_of(
					    lines[k].in[i]);
					want.rank[cell] = (uint8_t)g2048_rank_of(
					    lines[k].out[i]);
				}
				score = g2048_cells_move(&c, (enum g2048_dir)d);
				CHECK_EQ_U64(score, lines[k].score);
				CHECK(g2048_cells_eq(&c, &want));
			}
		}
	}
}

/* Two tiles of the cap do not merge, on every size; one below it does. */
static void
test_cap_merge(void)
{
	int rows, cols;

	for (rows = 2; rows <= 8; rows++)
		for (cols = 2; cols <= 8; cols++) {
			int cap = g2048_cells_cap(rows, cols);
			g2048_cells c;

			g2048_cells_init(&c, rows, cols);
			c.rank[0] = c.rank[1] = (uint8_t)cap;
			CHECK_EQ_U64(g2048_cells_move(&c, G2048_LEFT), -1);
			CHECK_EQ_U64(g2048_cells_legal(&c) &
			    (1u << G2048_LEFT), 0);
			c.rank[0] = c.rank[1] = (uint8_t)(cap - 1);
			CHECK_EQ_U64(g2048_cells_move(&c, G2048_LEFT),
			    (uint64_t)1 << cap);
			CHECK_EQ_U64(c.rank[0], cap);
			CHECK_EQ_U64(c.rank[1], 0);
		}
}

/* Random boards of every size against the model: moves, scores,
 * legality and the facts. */
static void
test_cells_vs_model(void)
{
	unsigned long moves = 0, illegal = 0;
	int rows, cols, n, d, i;

	for (rows = 2; rows <= 8; rows++)
		for (cols = 2; cols <= 8; cols++)
			for (n = 0; n < 3000; n++) {
				g2048_cells c;
				unsigned legal = 0;
				int empty = 0, max = 0;

				random_cells(&c, rows, cols);
				for (d = 0; d < G2048_NDIRS; d++) {
					g2048_cells m = c, got = c;
					int moved;
					long want = model_move(&m, (enum g2048_dir)d,
					    &moved);
					long score = g2048_cells_move(&got,
					    (enum g2048_dir)d);

					moves++;
					illegal += want < 0;
					CHECK_EQ_U64(score, want);
					CHECK(g2048_cells_eq(&got, &m));
					if (moved)
						legal |= 1u << d;
				}
				for (i = 0; i < rows * cols; i++) {
					empty += c.rank[i] == 0;
					max = c.rank[i] > max ? c.rank[i] : max;
				}
				CHECK_EQ_U64(g2048_cells_legal(&c), legal);
				CHECK_EQ_U64(g2048_cells_over(&c), legal == 0);
				CHECK_EQ_U64(g2048_cells_empty_count(&c), empty);
				CHECK_EQ_U64(g2048_cells_max_rank(&c), max);
				CHECK_EQ_U64(g2048_cells_nth_empty(&c, empty),
				    -1);
				if (empty > 0)
					CHECK_EQ_U64(c.rank[
					    g2048_cells_nth_empty(&c, empty - 1)], 0);
			}
	printf("# %lu moves on boards 2x2 to 8x8 (%lu illegal)\n", moves,
	    illegal);
	CHECK(illegal > moves / 50);
}

/* On 4x4 the general path makes the table-driven grid's moves. */
static void
test_cells_vs_grid(void)
{
	int n, d, i;

	for (n = 0; n < 300000; n++) {
		g2048_cells c, back;
		g2048_grid g;

		random_cells(&c, 4, 4);
		g = g2048_cells_grid(&c);
		g2048_cells_of_grid(&back, g);
		CHECK(g2048_cells_eq(&back, &c));
		CHECK_EQ_U64(g2048_cells_legal(&c), g2048_legal(g));
		CHECK_EQ_U64(g2048_cells_empty_count(&c), g2048_empty_count(g));
		CHECK_EQ_U64(g2048_cells_max_rank(&c), g2048_max_rank(g));
		for (i = 0; i < 16; i++)
			CHECK_EQ_U64(g2048_cells_nth_empty(&c, i),
			    g2048_nth_empty(g, i));
		for (d = 0; d < G2048_NDIRS; d++) {
			g2048_cells moved = c;
			g2048_grid want = g;
			long a = g2048_cells_move(&moved, (enum g2048_dir)d);
			long b = g2048_move(&want, (enum g2048_dir)d);

			CHECK_EQ_U64(a, b);
			CHECK(g2048_grid_eq(g2048_cells_grid(&moved), want));
		}
	}
}

/* A move whose score would pass LONG_MAX is not made. */
static void
test_move_overflow(void)
{
	g2048_cells c, was;
	int i;

	g2048_cells_init(&c, 8, 8);
	for (i = 0; i < 64; i++)
		c.rank[i] = 60;         /* 32 merges of 2^61 each: 2^66 */
	was = c;
	CHECK_EQ_U64(g2048_cells_move(&c, G2048_LEFT), G2048_OVERFLOW);
	CHECK(g2048_cells_eq(&c, &was));
	for (i = 8; i < 64; i++)
		c.rank[i] = 0;          /* 4 merges: 2^63 > LONG_MAX still */
	was = c;
	if (LONG_MAX == INT64_MAX) {
		CHECK_EQ_U64(g2048_cells_move(&c, G2048_LEFT), G2048_OVERFLOW);
		CHECK(g2048_cells_eq(&c, &was));
		c.rank[7] = c.rank[6] = 0;   /* 3 merges: 3 * 2^61 fits */
		CHECK_EQ_U64(g2048_cells_move(&c, G2048_LEFT),
		    (uint64_t)3 << 61);
	}
}

/* Boards of other sizes: init, cells in and out, moves with state. */
static void
test_board_sizes(void)
{
	g2048_board b, was;
	g2048_cells c;

	g2048_board_init(&b);
	CHECK(g2048_board_is_4x4(&b));
	CHECK(b.four == 0.1);
	CHECK_EQ_U64(g2048_board_init_size(&b, 9, 3), -1);
	CHECK_EQ_U64(g2048_board_init_size(&b, 3, 1), -1);
	CHECK_EQ_U64(g2048_board_init_size(&b, 3, 5), 0);
	CHECK(!g2048_board_is_4x4(&b));
	CHECK_EQ_U64(b.rows, 3);
	CHECK_EQ_U64(b.cols, 5);
	CHECK(b.four == 0.1);
	g2048_board_get_cells(&b, &c);
	CHECK_EQ_U64(c.rows, 3);
	CHECK_EQ_U64(g2048_cells_empty_count(&c), 15);
	c.rank[0] = c.rank[4] = 3;
	g2048_board_set_cells(&b, &c);
	was = b;
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), 16);
	CHECK_EQ_U64(b.score, 16);
	CHECK_EQ_U64(b.moves, 1);
	CHECK_EQ_U64(b.last_move, G2048_LEFT);
	CHECK_EQ_U64(b.cells.rank[0], 4);
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), -1);
	CHECK_EQ_U64(b.moves, 1);
	/* counters never wrap, on any size */
	b = was;
	b.score = UINT64_MAX - 8;
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), G2048_OVERFLOW);
	CHECK_EQ_U64(b.cells.rank[0], 3);
	/* a 4x4 board set from cells keeps them in its grid */
	g2048_cells_init(&c, 4, 4);
	c.rank[5] = 17;
	g2048_board_set_cells(&b, &c);
	CHECK(g2048_board_is_4x4(&b));
	CHECK_EQ_U64(g2048_rank(b.grid, 5), 17);
	g2048_board_get_cells(&b, &c);
	CHECK_EQ_U64(c.rank[5], 17);
}

/* A new game of any size: two spawns of the law from the seed's stream,
 * with the board's odds, kept on the board. */
static void
test_new_game_size(void)
{
	g2048_board b;
	g2048_cells want;
	g2048_rng r;
	uint64_t seed;
	int fours = 0, n = 0;

	CHECK_EQ_U64(g2048_new_game_size(&b, 1, 4, 0.1, 1), -1);
	CHECK_EQ_U64(g2048_new_game_size(&b, 3, 3, 1.5, 1), -1);
	CHECK_EQ_U64(g2048_new_game_size(&b, 3, 3, NAN, 1), -1);
	for (seed = 0; seed < 2000; seed++) {
		CHECK_EQ_U64(g2048_new_game_size(&b, 5, 3, 0.25, seed), 0);
		CHECK_EQ_U64(b.rows, 5);
		CHECK_EQ_U64(b.cols, 3);
		CHECK(b.four == 0.25);
		g2048_cells_init(&want, 5, 3);
		g2048_rng_seed(&r, seed, 0);
		g2048_cells_spawn(&want, &r, g2048_four_threshold(0.25));
		g2048_cells_spawn(&want, &r, g2048_four_threshold(0.25));
		CHECK(g2048_cells_eq(&b.cells, &want));
		CHECK_EQ_U64(b.draws, r.draws);
		CHECK_EQ_U64(b.seed, seed);
		/* the board's own stream goes on with its own odds */
		CHECK(g2048_board_spawn(&b) >= 0);
		g2048_cells_spawn(&want, &r, g2048_four_threshold(0.25));
		CHECK(g2048_cells_eq(&b.cells, &want));
		fours += g2048_cells_max_rank(&b.cells) == 2;
		n++;
	}
	/* P(a 4 among three spawns) = 1 - 0.75^3 = 0.578 */
	CHECK(fours > n * 0.52 && fours < n * 0.64);
	/* the classic game is the 4x4 one with 0.1 */
	g2048_new_game(&b, 7);
	CHECK(g2048_board_is_4x4(&b));
	CHECK(b.four == 0.1);
}

/* A board's spawns use its four: 0 gives only 2s, 1 only 4s, 0.2 about
 * a fifth of 4s, on the grid and on the general path. */
static void
test_board_odds(void)
{
	static const double fours[] = { 0, 0.2, 1 };
	int k, size, n;

	for (k = 0; k < 3; k++)
		for (size = 3; size <= 4; size++) {
			int count4 = 0, total = 20000;

			for (n = 0; n < total; n++) {
				g2048_board b;
				g2048_cells c;
				int cell;

				g2048_board_init_size(&b, size, size);
				b.four = fours[k];
				b.has_rng = 1;
				b.seed = (uint64_t)n;
				cell = g2048_board_spawn(&b);
				g2048_board_get_cells(&b, &c);
				CHECK(cell >= 0);
				count4 += cell >= 0 && c.rank[cell] == 2;
			}
			if (fours[k] == 0)
				CHECK_EQ_U64(count4, 0);
			else if (fours[k] == 1)
				CHECK_EQ_U64(count4, total);
			else
				CHECK(fabs((double)count4 / total - 0.2) < 0.02);
		}
}

int
main(void)
{
	RUN(test_caps);
	RUN(test_line_rules);
	RUN(test_cap_merge);
	RUN(test_cells_vs_model);
	RUN(test_cells_vs_grid);
	RUN(test_move_overflow);
	RUN(test_board_sizes);
	RUN(test_new_game_size);
	RUN(test_board_odds);
	return UNIT_EXIT();
}
