/*
 * test-engine.c - moves and grid facts against a naive model written here
 * from the rules alone (tile values in a 4x4 array, cell by cell), over a
 * million random grids that include 32768 pairs and 65536/131072 tiles;
 * and the blocks room's checks of a body a block at a time.
 */
#include <stdint.h>
#include <string.h>

#include "blocks.h"
#include "eval.h"
#include "grid.h"
#include "unit.h"

/* ---- the model: tiles as values, v[row][col] ------------------------- */

typedef struct {
	uint32_t v[4][4];
} model;

static model
to_model(g2048_grid g)
{
	model m;
	int i;

	for (i = 0; i < 16; i++)
		m.v[i / 4][i % 4] = g2048_tile(g2048_rank(g, i));
	return m;
}

/*
 * Move toward d the way a person plays it: take the tiles from the front
 * cell backwards; each goes as far forward as it can, and onto the last
 * placed tile if equal and that one has not merged this move.  131072 is
 * the largest tile: two of them stay apart.
 */
static long
model_move(model *m, enum g2048_dir d)
{
	int dr = d == G2048_UP ? -1 : d == G2048_DOWN ? 1 : 0;
	int dc = d == G2048_LEFT ? -1 : d == G2048_RIGHT ? 1 : 0;
	int line, k, changed = 0;
	long score = 0;
	model out;

	memset(&out, 0, sizeof out);
	for (line = 0; line < 4; line++) {
		int merged = 0, placed = 0, last_r = -1, last_c = -1;

		for (k = 0; k < 4; k++) {
			/* k-th cell from the front of this line */
			int r = dr ? (dr < 0 ? k : 3 - k) : line;
			int c = dc ? (dc < 0 ? k : 3 - k) : line;
			int tr, tc;
			uint32_t t = m->v[r][c];

			if (t == 0)
				continue;
			if (placed && !merged && out.v[last_r][last_c] == t &&
			    t < 131072) {
				out.v[last_r][last_c] = 2 * t;
				score += 2 * t;
				merged = 1;
				continue;
			}
			tr = dr ? (dr < 0 ? placed : 3 - placed) : line;
			tc = dc ? (dc < 0 ? placed : 3 - placed) : line;
			out.v[tr][tc] = t;
			last_r = tr;
			last_c = tc;
			placed++;
			merged = 0;
		}
	}
	changed = memcmp(&out, m, sizeof out) != 0;
	if (!changed)
		return -1;
	*m = out;
	return score;
}

static int
model_eq(const model *m, g2048_grid g)
{
	model n = to_model(g);

	return memcmp(&n, m, sizeof n) == 0;
}

/* ---- random grids that make merges likely ---------------------------- */

static uint64_t rnd_state = 0x853c49e6748fea9bULL;

static uint32_t
rnd(void)
{
	/* splitmix64: independent of the engine's PCG32 */
	uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* ranks from a small random palette, so equal tiles meet often, and
 * from no gaps (many illegal moves) to mostly gaps */
static g2048_grid
random_grid(void)
{
	int palette[4], i, kind = (int)(rnd() % 4), gaps = (int)(rnd() % 4);
	g2048_grid g = { 0, 0 };

	for (i = 0; i < 4; i++) {
		switch (kind) {
		case 0:         /* any rank */
			palette[i] = (int)(rnd() % 18);
			break;
		case 1:         /* low tiles, table path */
			palette[i] = (int)(rnd() % 5);
			break;
		case 2:         /* around the top: 32768, 65536, 131072 */
			palette[i] = 14 + (int)(rnd() % 4);
			break;
		default:        /* nibble boundary: 15 (32768) and 16 */
			palette[i] = i == 0 ? 0 : 15 + (int)(rnd() % 2);
			break;
		}
	}
	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, (int)(rnd() % 5) < gaps ? 0 :
		    palette[rnd() % 4]);
	return g;
}

/* ---- tests ------------------------------------------------------------ */

static void
test_cells(void)
{
	g2048_grid g = { 0, 0 };
	int i, r;

	for (i = 0; i < 16; i++)
		for (r = 0; r <= 17; r++) {
			g = g2048_set_rank(g, i, r);
			CHECK_EQ_U64(g2048_rank(g, i), r);
			CHECK_EQ_U64(g2048_tile(r), r ? 1u << r : 0);
		}
	g = g2048_set_rank(g, 15, 0);
	CHECK_EQ_U64(g.hi & 0x8000, 0);
	CHECK_EQ_U64(g2048_rank_of(0), 0);
	CHECK_EQ_U64(g2048_rank_of(1), -1);
	CHECK_EQ_U64(g2048_rank_of(2), 1);
	CHECK_EQ_U64(g2048_rank_of(3), -1);
	CHECK_EQ_U64(g2048_rank_of(6), -1);
	CHECK_EQ_U64(g2048_rank_of(2048), 11);
	CHECK_EQ_U64(g2048_rank_of(65536), 16);
	CHECK_EQ_U64(g2048_rank_of(131072), 17);
	CHECK_EQ_U64(g2048_rank_of(262144), -1);
	CHECK_EQ_U64(g2048_rank_of(UINT64_MAX), -1);
	CHECK_EQ_U64(g2048_rank_of((uint64_t)1 << 63), -1);
}

static void
test_dir_names(void)
{
	static const char *const names[] = { "up", "down", "left", "right" };
	static const char *const bad[] = { "", "x", "Up", "LEFT", "upp", "lef",
	    "uu", " up", "none", "l " };
	char one[2] = { 0, 0 };
	size_t k;
	int d;

	CHECK_EQ_U64(G2048_UP, 0);
	for (d = 0; d < 4; d++) {
		CHECK(strcmp(g2048_dir_name((enum g2048_dir)d), names[d]) == 0);
		CHECK_EQ_U64(g2048_dir_parse(names[d]), d);
		one[0] = names[d][0];
		CHECK_EQ_U64(g2048_dir_parse(one), d);
	}
	for (k = 0; k < sizeof bad / sizeof bad[0]; k++)
		CHECK_EQ_U64(g2048_dir_parse(bad[k]), -1);
}

static g2048_grid
naive_transpose(g2048_grid g)
{
	g2048_grid t = { 0, 0 };
	int r, c;

	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++)
			t = g2048_set_rank(t, c * 4 + r, g2048_rank(g, r * 4 + c));
	return t;
}

static void
test_transpose(void)
{
	int i;

	for (i = 0; i < 200000; i++) {
		g2048_grid g = { (uint64_t)rnd() << 32 | rnd(),
		    (uint16_t)rnd() };
		g2048_grid t = grid_transpose(g), n = naive_transpose(g);

		CHECK_EQ_U64(t.lo, n.lo);
		CHECK_EQ_U64(t.hi, n.hi);
		CHECK_EQ_U64(grid_transpose_lo(t.lo), g.lo);
		CHECK_EQ_U64(grid_transpose_hi(t.hi), g.hi);
	}
}

/*
 * The engine's moves against the model in all four directions: the slide
 * (table path and exact path), the move's score and its illegality.
 */
static void
test_moves_vs_model(void)
{
	enum { N = 1000000 };
	unsigned long hi_grids = 0, illegal = 0, moves = 0;
	int i, d;

	for (i = 0; i < N; i++) {
		g2048_grid g = random_grid();

		hi_grids += g.hi != 0;
		for (d = 0; d < 4; d++) {
			model m = to_model(g);
			long want = model_move(&m, (enum g2048_dir)d);
			g2048_grid moved = g;
			long got = g2048_move(&moved, (enum g2048_dir)d);
			g2048_grid slid = grid_slide(g, (enum g2048_dir)d);
			g2048_grid exact = grid_slide_exact(g, (enum g2048_dir)d);

			moves++;
			CHECK_EQ_U64(got, want);
			if (want < 0) {
				illegal++;
				CHECK(g2048_grid_eq(moved, g));
				CHECK(g2048_grid_eq(slid, g));
			} else {
				CHECK(model_eq(&m, moved));
			}
			CHECK(g2048_grid_eq(slid, moved));
			CHECK(g2048_grid_eq(exact, moved));
		}
	}
	printf("# %lu moves (%lu on grids with 65536+, %lu illegal)\n", moves,
	    hi_grids * 4, illegal);
	CHECK(hi_grids > N / 10);
	CHECK(illegal > N / 100);
}

static int
naive_empty(g2048_grid g)
{
	int i, n = 0;

	for (i = 0; i < 16; i++)
		n += g2048_rank(g, i) == 0;
	return n;
}

static void
test_grid_facts_vs_model(void)
{
	int i, d;

	for (i = 0; i < 300000; i++) {
		g2048_grid g = random_grid();
		unsigned legal = 0;
		int max = 0, k;

		for (k = 0; k < 16; k++)
			if (g2048_rank(g, k) > max)
				max = g2048_rank(g, k);
		for (d = 0; d < 4; d++) {
			model m = to_model(g);

			if (model_move(&m, (enum g2048_dir)d) >= 0)
				legal |= 1u << d;
		}
		CHECK_EQ_U64(g2048_legal(g), legal);
		CHECK_EQ_U64(g2048_over(g), legal == 0);
		CHECK_EQ_U64(g2048_empty_count(g), naive_empty(g));
		CHECK_EQ_U64(g2048_max_rank(g), max);
	}
}

/* A grid from 16 tile values in reading order. */
static g2048_grid
grid_of(const uint32_t v[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, g2048_rank_of(v[i]));
	return g;
}

/* The rule's named cases, each as a row moved left, worked by hand. */
static void
test_rule_examples(void)
{
	static const struct {
		uint32_t in[4], out[4];
		long score;
	} rows[] = {
		{ { 2, 2, 2, 0 }, { 4, 2, 0, 0 }, 4 },          /* 3 equal: front two */
		{ { 2, 2, 2, 2 }, { 4, 4, 0, 0 }, 8 },          /* 4 equal: two merges */
		{ { 2, 0, 0, 2 }, { 4, 0, 0, 0 }, 4 },          /* gaps don't matter */
		{ { 4, 4, 8, 0 }, { 8, 8, 0, 0 }, 8 },          /* no re-merge */
		{ { 2, 2, 4, 8 }, { 4, 4, 8, 0 }, 4 },
		{ { 4, 2, 2, 4 }, { 4, 4, 4, 0 }, 4 },
		{ { 0, 2, 2, 2 }, { 4, 2, 0, 0 }, 4 },
		{ { 8, 0, 8, 8 }, { 16, 8, 0, 0 }, 16 },
		{ { 32768, 32768, 0, 0 }, { 65536, 0, 0, 0 }, 65536 },
		{ { 65536, 65536, 2, 2 }, { 131072, 4, 0, 0 }, 131076 },
		{ { 65536, 65536, 65536, 65536 }, { 131072, 131072, 0, 0 }, 262144 },
		{ { 0, 131072, 0, 131072 }, { 131072, 131072, 0, 0 }, 0 },
		{ { 32768, 65536, 131072, 2 }, { 32768, 65536, 131072, 2 }, -1 },
	};
	size_t k;
	int i;

	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		uint32_t in[16] = { 0 }, out[16] = { 0 };
		g2048_grid g, want;
		long score;

		/* the row in row 2, moving left; as a column moving up; mirrored */
		for (i = 0; i < 4; i++) {
			in[8 + i] = rows[k].in[i];
			out[8 + i] = rows[k].out[i];
		}
		g = grid_of(in);
		want = grid_of(out);
		score = g2048_move(&g, G2048_LEFT);
		CHECK_EQ_U64(score, rows[k].score);
		CHECK(g2048_grid_eq(g, want));

		g = grid_transpose(grid_of(in));
		score = g2048_move(&g, G2048_UP);
		CHECK_EQ_U64(score, rows[k].score);
		CHECK(g2048_grid_eq(g, grid_transpose(want)));

		for (i = 0; i < 4; i++) {
			in[8 + i] = rows[k].in[3 - i];
			out[8 + i] = rows[k].out[3 - i];
		}
		g = grid_of(in);
		score = g2048_move(&g, G2048_RIGHT);
		CHECK_EQ_U64(score, rows[k].score);
		CHECK(g2048_grid_eq(g, grid_of(out)));

		g = grid_transpose(grid_of(in));
		score = g2048_move(&g, G2048_DOWN);
		CHECK_EQ_U64(score, rows[k].score);
		CHECK(g2048_grid_eq(g, grid_transpose(grid_of(out))));
	}
}

static void
test_move_bad_direction(void)
{
	g2048_grid g = { 0x1200, 0 }, before = g;

	CHECK_EQ_U64(g2048_move(&g, (enum g2048_dir)4), -1);
	CHECK(g2048_grid_eq(g, before));
	CHECK(strcmp(g2048_dir_name((enum g2048_dir)7), "none") == 0);
}

static void
test_over(void)
{
	static const uint32_t stuck[16] = {
		2, 4, 2, 4,
		4, 2, 4, 2,
		2, 4, 2, 4,
		4, 2, 4, 131072
	};
	static const uint32_t pair[16] = {
		2, 4, 2, 4,
		4, 2, 4, 2,
		2, 4, 2, 4,
		4, 2, 4, 4
	};
	static const uint32_t top[16] = {
		2, 4, 2, 4,
		4, 2, 4, 2,
		2, 4, 2, 131072,
		4, 2, 4, 131072
	};
	g2048_grid empty = { 0, 0 };

	CHECK(g2048_over(grid_of(stuck)));
	CHECK_EQ_U64(g2048_legal(grid_of(stuck)), 0);
	CHECK(!g2048_over(grid_of(pair)));
	CHECK_EQ_U64(g2048_legal(grid_of(pair)), 1u << G2048_LEFT |
	    1u << G2048_RIGHT | 1u << G2048_UP | 1u << G2048_DOWN);
	/* two 131072 never merge: a full board with them is over */
	CHECK(g2048_over(grid_of(top)));
	CHECK(g2048_over(empty));
}

static void
test_board_move(void)
{
	g2048_board b;
	long gained;

	g2048_board_init(&b);
	CHECK_EQ_U64(b.last_move, -1);
	b.grid = g2048_set_rank(b.grid, 0, 1);
	b.grid = g2048_set_rank(b.grid, 1, 1);
	b.score = 10;
	b.moves = 3;
	gained = g2048_board_move(&b, G2048_RIGHT);
	CHECK_EQ_U64(gained, 4);
	CHECK_EQ_U64(b.score, 14);
	CHECK_EQ_U64(b.moves, 4);
	CHECK_EQ_U64(b.last_move, G2048_RIGHT);
	CHECK_EQ_U64(g2048_rank(b.grid, 3), 2);
	/* illegal: nothing changes */
	gained = g2048_board_move(&b, G2048_RIGHT);
	CHECK_EQ_U64(gained, -1);
	CHECK_EQ_U64(b.score, 14);
	CHECK_EQ_U64(b.moves, 4);
	CHECK_EQ_U64(b.last_move, G2048_RIGHT);
	gained = g2048_board_move(&b, G2048_UP);
	CHECK_EQ_U64(gained, -1);
	CHECK_EQ_U64(b.last_move, G2048_RIGHT);
	gained = g2048_board_move(&b, G2048_DOWN);
	CHECK_EQ_U64(gained, 0);
	CHECK_EQ_U64(b.moves, 5);
	CHECK_EQ_U64(b.last_move, G2048_DOWN);
}

/* A new game: two tiles from the seed's stream, state recorded. */
static void
test_new_game(void)
{
	g2048_board b, again;
	g2048_rng r;
	g2048_grid g = { 0, 0 };
	uint64_t seed;

	for (seed = 0; seed < 2000; seed++) {
		g2048_new_game(&b, seed);
		g2048_rng_seed(&r, seed, 0);
		g.lo = 0;
		g2048_spawn(&g, &r, G2048_FOUR_DEFAULT);
		g2048_spawn(&g, &r, G2048_FOUR_DEFAULT);
		CHECK(g2048_grid_eq(b.grid, g));
		CHECK_EQ_U64(g2048_empty_count(b.grid), 14);
		CHECK_EQ_U64(b.score, 0);
		CHECK_EQ_U64(b.moves, 0);
		CHECK_EQ_U64(b.has_rng, 1);
		CHECK_EQ_U64(b.seed, seed);
		CHECK_EQ_U64(b.draws, r.draws);
		CHECK(b.draws >= 4);
		/* the board's own stream continues where the game left it */
		again = b;
		g2048_board_spawn(&b);
		g2048_spawn(&g, &r, G2048_FOUR_DEFAULT);
		CHECK(g2048_grid_eq(b.grid, g));
		CHECK_EQ_U64(b.draws, r.draws);
		CHECK(!g2048_grid_eq(b.grid, again.grid));
	}
}

/* The default heuristic's row values made at build time are the bits the
 * evaluator computes at run time (its path for custom weights and for
 * lines holding a fifth bit). */
static void
test_lines_table(void)
{
	static const double w[] = EVAL_LINES_DEFAULTS;
	double pow_mono[EVAL_LINES_RANKS], pow_sum[EVAL_LINES_RANKS], v;
	unsigned row;
	int l[4], i, differ = 0;

	eval_lines_powers(w, pow_mono, pow_sum);
	for (row = 0; row < 65536; row++) {
		for (i = 0; i < 4; i++)
			l[i] = (int)((row >> (4 * i)) & 0xF);
		v = eval_lines_value(w, pow_mono, pow_sum, 0, l);
		differ += memcmp(&v, &eval_lines_row[row], sizeof v) != 0;
	}
	CHECK_EQ_U64(differ, 0);
}

/* ---- blocks: a body checked a block at a time ------------------------ */

/* A toy block sum: every byte and the block's number count. */
static uint64_t
toy_sum(const unsigned char *p, size_t len, uint64_t index)
{
	uint64_t h = 1469598103934665603ull ^ index;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static void
toy_body(unsigned char *data, unsigned char *sums, size_t len, size_t block)
{
	size_t i, b;

	for (i = 0; i < len; i++)
		data[i] = (unsigned char)(i * 7 + 3);
	for (b = 0; b * block < len; b++) {
		uint64_t h = toy_sum(data + b * block, len - b * block < block ?
		    len - b * block : block, b);

		for (i = 0; i < 8; i++)
			sums[8 * b + i] = (unsigned char)(h >> (8 * i));
	}
}

static void
test_blocks(void)
{
	unsigned char data[1000], sums[8 * 16];
	struct blocks z;

	toy_body(data, sums, sizeof data, 64);
	CHECK(blocks_init(&z, data, sizeof data, 64, sums, toy_sum) == 0);
	CHECK_EQ_U64(z.nblocks, 16);
	CHECK_EQ_U64(blocks_check_all(&z), 0);
	blocks_free(&z);

	/* blocks 9, 12 and the short last one changed after their sums */
	data[9 * 64 + 5] ^= 1;
	data[12 * 64] ^= 0x80;
	data[999] ^= 2;
	CHECK(blocks_init(&z, data, sizeof data, 64, sums, toy_sum) == 0);
	CHECK_EQ_U64(blocks_touch(&z, 3), 0);
	CHECK_EQ_U64(blocks_touch(&z, 12), 13);
	CHECK_EQ_U64(blocks_touch(&z, 9), 13);     /* the first failure kept */
	CHECK_EQ_U64(blocks_bad(&z), 13);
	CHECK_EQ_U64(blocks_check_all(&z), 13);
	blocks_free(&z);

	CHECK(blocks_init(&z, data, sizeof data, 64, sums, toy_sum) == 0);
	CHECK_EQ_U64(blocks_touch(&z, 15), 16);    /* the last, 40 bytes */
	blocks_free(&z);

	/* a block is checked once: a change after its check is not seen */
	CHECK(blocks_init(&z, data, sizeof data, 64, sums, toy_sum) == 0);
	CHECK_EQ_U64(blocks_touch(&z, 0), 0);
	data[0] ^= 1;
	CHECK_EQ_U64(blocks_touch(&z, 0), 0);
	CHECK_EQ_U64(blocks_check_all(&z), 10);    /* block 9, in order */
	blocks_free(&z);
}

/* grid_nibble_count against a bit count, on every mask of bits 4i */
static void
test_nibble_count(void)
{
	uint32_t cells;

	for (cells = 0; cells < 0x10000; cells++) {
		uint64_t m = 0;
		int i;

		for (i = 0; i < 16; i++)
			if (cells >> i & 1)
				m |= (uint64_t)1 << (4 * i);
		CHECK_EQ_U64(grid_nibble_count(m), __builtin_popcount(cells));
	}
}

/* The spawn's cell by the byte tables is the nth empty cell counted in
 * reading order, for every set of empty cells and every n below its
 * count. */
static void
test_nth_nibble_below(void)
{
	uint32_t cells;

	for (cells = 1; cells < 0x10000; cells++) {
		uint64_t m = 0;
		int i, n = 0;

		for (i = 0; i < 16; i++)
			if (cells >> i & 1)
				m |= (uint64_t)1 << (4 * i);
		for (i = 0; i < 16; i++)
			if (cells >> i & 1)
				CHECK_EQ_U64(grid_nth_nibble_below(m, n++), i);
	}
}

int
main(void)
{
	RUN(test_cells);
	RUN(test_lines_table);
	RUN(test_dir_names);
	RUN(test_transpose);
	RUN(test_rule_examples);
	RUN(test_moves_vs_model);
	RUN(test_grid_facts_vs_model);
	RUN(test_move_bad_direction);
	RUN(test_over);
	RUN(test_board_move);
	RUN(test_new_game);
	RUN(test_blocks);
	RUN(test_nibble_count);
	RUN(test_nth_nibble_below);
	return UNIT_EXIT();
}
