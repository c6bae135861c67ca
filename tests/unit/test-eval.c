/*
 * test-eval.c - the heuristics: terms computed by hand for small boards
 * (empty rows, gaps between tiles, tiles >= 65536), weight parsing, and
 * the table path against an independent cell-by-cell computation.
 */
#include <math.h>
#include <string.h>

#include "2048.h"
#include "unit.h"

#define CHECK_NEAR(a, b) do { \
	double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= 1e-9 * (1 + fabs(b_)))) { \
		if (unit_fails++ < 10) \
			printf("# %s:%d: %s == %.17g, expected %.17g\n", \
			    __FILE__, __LINE__, #a, a_, b_); \
	} \
} while (0)

/* rows of tile values, 0 = empty */
static g2048_grid
grid_of(const unsigned tiles[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, g2048_rank_of(tiles[i]));
	return g;
}

static g2048_eval *
eval_new(const char *h, const char *w)
{
	char err[256];
	g2048_eval *e = g2048_eval_new(h, w, err, sizeof(err));

	if (!e)
		printf("# g2048_eval_new(%s, %s): %s\n", h ? h : "NULL",
		    w ? w : "NULL", err);
	return e;
}

/* the value of term `name` of g, NAN if there is none */
static double
term(const g2048_eval *e, g2048_grid g, const char *name)
{
	g2048_eval_term t[G2048_EVAL_TERMS_MAX];
	int i, n = g2048_eval_terms(e, g, t);

	for (i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return t[i].value;
	return NAN;
}

/* sum of weight * value: must equal the table path */
static double
terms_total(const g2048_eval *e, g2048_grid g)
{
	g2048_eval_term t[G2048_EVAL_TERMS_MAX];
	int i, n = g2048_eval_terms(e, g, t);
	double v = 0;

	for (i = 0; i < n; i++)
		v += t[i].weight * t[i].value;
	return v;
}

/*
 *  2 . . 2     rows  1 0 0 1 | 0 0 0 0 | 2 2 3 0 | 0 0 0 1
 *  . . . .     cols  1 0 2 0 | 0 0 2 0 | 0 0 3 0 | 1 0 0 1
 *  4 4 8 .
 *  . . . 2
 */
static const unsigned board_a[16] = {
	2, 0, 0, 2, 0, 0, 0, 0, 4, 4, 8, 0, 0, 0, 0, 2 };

/*
 *  8 4 2 2     rows  3 2 1 1 | 0 1 0 0 | 0 0 0 0 | 4 0 4 0
 *  . 2 . .     cols  3 0 0 4 | 2 1 0 0 | 1 0 0 4 | 1 0 0 0
 *  . . . .
 * 16 . 16 .
 */
static const unsigned board_b[16] = {
	8, 4, 2, 2, 0, 2, 0, 0, 0, 0, 0, 0, 16, 0, 16, 0 };

/* ranks 16 17 0 0 in the top row, the rest empty */
static const unsigned board_hi[16] = {
	65536, 131072, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

static const unsigned board_empty[16];

static void
test_lines_board_a(void)
{
	g2048_eval *e = eval_new(NULL, NULL);
	g2048_grid g = grid_of(board_a);
	/* each tile counts in its row and its column */
	double sum = 2 * (3 + 2 * pow(2, 3.5) + pow(3, 3.5));

	CHECK_NEAR(term(e, g, "fixed"), 8);
	CHECK_NEAR(term(e, g, "empty"), 20);
	/* 2..2 (gap), 4 4, column 2..2 (gap): two tiles each */
	CHECK_NEAR(term(e, g, "merges"), 6);
	/* rows min(1,1) + 0 + min(81,65) + min(0,1); columns min(17,16)
	 * + min(16,16) + min(81,81) + min(1,1) */
	CHECK_NEAR(term(e, g, "monotonicity"), -180);
	CHECK_NEAR(term(e, g, "sum"), -sum);
	CHECK_NEAR(g2048_eval_grid(e, g),
	    8 * 200000.0 + 270 * 20 + 700 * 6 - 47 * 180 - 11 * sum);
	g2048_eval_free(e);
}

static void
test_lines_board_b(void)
{
	g2048_eval *e = eval_new("lines", NULL);
	g2048_grid g = grid_of(board_b);
	double sum = 2 * (pow(3, 3.5) + pow(2, 3.5) + 3 + 2 * 128);

	CHECK_NEAR(term(e, g, "fixed"), 8);
	CHECK_NEAR(term(e, g, "empty"), 18);
	CHECK_NEAR(term(e, g, "merges"), 4);
	/* rows 0 + min(1,1) + 0 + min(512,256); columns min(81,256)
	 * + min(16,0) + min(1,256) + min(1,0) */
	CHECK_NEAR(term(e, g, "monotonicity"), -339);
	CHECK_NEAR(term(e, g, "sum"), -sum);
	CHECK_NEAR(g2048_eval_grid(e, g),
	    1600000.0 + 270 * 18 + 700 * 4 - 47 * 339 - 11 * sum);
	g2048_eval_free(e);
}

static void
test_lines_empty_and_hi(void)
{
	g2048_eval *e = eval_new("lines", NULL);
	g2048_grid g = grid_of(board_empty);
	double sum;

	CHECK_NEAR(term(e, g, "empty"), 32);
	CHECK_NEAR(term(e, g, "monotonicity"), 0);
	CHECK_NEAR(term(e, g, "merges"), 0);
	CHECK_NEAR(term(e, g, "sum"), 0);
	CHECK_NEAR(g2048_eval_grid(e, g), 1600000.0 + 270 * 32);

	g = grid_of(board_hi);
	CHECK(g.hi != 0);
	sum = 2 * (pow(16, 3.5) + pow(17, 3.5));
	CHECK_NEAR(term(e, g, "empty"), 28);
	/* top row: right 17^4 - 16^4, left 17^4; columns fall only */
	CHECK_NEAR(term(e, g, "monotonicity"), -(83521 - 65536));
	CHECK_NEAR(term(e, g, "sum"), -sum);
	CHECK_NEAR(g2048_eval_grid(e, g),
	    1600000.0 + 270 * 28 - 47 * (83521 - 65536) - 11 * sum);
	g2048_eval_free(e);
}

static void
test_lines_weights(void)
{
	g2048_eval *e = eval_new("lines",
	    "fixed=0,empty=1,merges=10,monotonicity=100,sum=1000,"
	    "monotonicity_power=1,sum_power=1");
	g2048_grid g = grid_of(board_a);
	const char *names[G2048_EVAL_PARAMS_MAX];
	double values[G2048_EVAL_PARAMS_MAX];

	/* powers 1: monotonicity in plain ranks, sum = 2 * (1+1+2+2+3+1) */
	CHECK_NEAR(term(e, g, "monotonicity"), -(1 + 0 + 1 + 0 + 2 + 2 + 3 + 1));
	CHECK_NEAR(term(e, g, "sum"), -20);
	CHECK_NEAR(g2048_eval_grid(e, g), 20 + 60 - 1000 - 20000);
	CHECK_EQ_U64(g2048_eval_params(e, names, values), 7);
	CHECK(strcmp(names[5], "monotonicity_power") == 0);
	CHECK_NEAR(values[5], 1);
	g2048_eval_free(e);
}

static void
test_xu_boards(void)
{
	g2048_eval *e = eval_new("xu", NULL);
	g2048_grid g = grid_of(board_a);

	/* board a: 4 4 8 -> |0|+|1|, column 2 . 4 . -> 1 */
	CHECK_NEAR(term(e, g, "smoothness"), -2);
	CHECK_NEAR(term(e, g, "monotonicity"), 0);
	CHECK_NEAR(term(e, g, "empty"), 10);
	CHECK_NEAR(term(e, g, "max"), 3);
	CHECK_NEAR(g2048_eval_grid(e, g), 0.1 * -2 + 2.7 * 10 + 3);

	g = grid_of(board_b);
	/* rows 8 4 2 2 -> 1+1+0 falling; . 2 . . -> 0; 16 . 16 . -> 0;
	 * columns 8 . . 16 -> 1; 4 2 -> 1; 2 . . 16 -> 3; 2 -> 0 */
	CHECK_NEAR(term(e, g, "smoothness"), -7);
	CHECK_NEAR(term(e, g, "monotonicity"), 0);
	CHECK_NEAR(term(e, g, "empty"), 9);
	CHECK_NEAR(term(e, g, "max"), 4);

	g = grid_of(board_empty);
	CHECK_NEAR(term(e, g, "smoothness"), 0);
	CHECK_NEAR(term(e, g, "empty"), 16);
	CHECK_NEAR(term(e, g, "max"), 0);
	CHECK_NEAR(g2048_eval_grid(e, g), 2.7 * 16);
	g2048_eval_free(e);
}

/*
 *  2  8  4  .    rows 1 3 2 . | . . . . | 4 . 1 3 | 2 . . 2
 *  .  .  .  .    cols 1 . 4 2 | 3 . . . | 2 . 1 . | . . 3 2
 * 16  .  2  8
 *  4  .  .  4
 */
static void
test_xu_zigzag(void)
{
	static const unsigned zig[16] = {
		2, 8, 4, 0, 0, 0, 0, 0, 16, 0, 2, 8, 4, 0, 0, 4 };
	g2048_eval *e = eval_new("xu", NULL);
	g2048_grid g = grid_of(zig);

	/* 1 3 2: up 2 down 1; 4 1 3: down 3 up 2; 1 4 2: up 3 down 2;
	 * 2 1 and 3 2: down 1 */
	CHECK_NEAR(term(e, g, "smoothness"), -(3 + 5 + 0 + 5 + 0 + 1 + 1));
	CHECK_NEAR(term(e, g, "monotonicity"), -(1 + 2 + 2));
	CHECK_NEAR(term(e, g, "empty"), 8);
	CHECK_NEAR(term(e, g, "max"), 4);
	CHECK_NEAR(g2048_eval_grid(e, g), -1.5 - 5 + 21.6 + 4);
	g2048_eval_free(e);
}

/* a full snake up to 65536: every line monotone */
static void
test_xu_snake_hi(void)
{
	static const unsigned snake[16] = {
		2, 4, 8, 16, 256, 128, 64, 32,
		512, 1024, 2048, 4096, 65536, 32768, 16384, 8192 };
	g2048_eval *e = eval_new("xu", "smoothness=1,max=10");
	g2048_grid g = grid_of(snake);

	CHECK(g.hi != 0);
	/* rows 3 each; columns 1 8 9 16, 2 7 10 15, 3 6 11 14, 4 5 12 13 */
	CHECK_NEAR(term(e, g, "smoothness"), -(12 + 15 + 13 + 11 + 9));
	CHECK_NEAR(term(e, g, "monotonicity"), 0);
	CHECK_NEAR(term(e, g, "empty"), 0);
	CHECK_NEAR(term(e, g, "max"), 16);
	CHECK_NEAR(g2048_eval_grid(e, g), -60 + 160);
	g2048_eval_free(e);
}

static void
test_errors(void)
{
	static const char *bad[][2] = {
		{ "nosuch", NULL }, { "lines", "foo=1" }, { "lines", "sum" },
		{ "lines", "sum=x" }, { "lines", "sum=1," }, { "lines", ",sum=1" },
		{ "lines", "sum_power=-1" }, { "xu", "fixed=1" },
		{ "lines", "sum=1e999" }, { "lines", "=3" },
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK(g2048_eval_new(bad[i][0], bad[i][1], err,
		    sizeof(err)) == NULL);
		CHECK(err[0] != '\0' && strchr(err, '\n') == NULL);
		CHECK(g2048_eval_check(bad[i][0], bad[i][1], err,
		    sizeof(err)) == -1);
	}
	CHECK(g2048_eval_check(NULL, NULL, err, sizeof(err)) == 0);
	CHECK(g2048_eval_check("xu", "max=2,empty=0", err, sizeof(err)) == 0);
	CHECK(g2048_eval_check("lines", "", err, sizeof(err)) == 0);
	CHECK(strcmp(g2048_eval_heuristic(0), "lines") == 0);
	CHECK(strcmp(g2048_eval_heuristic(1), "xu") == 0);
	CHECK(g2048_eval_heuristic(2) == NULL);
}

/* ---- an independent computation, straight from the man page ---------- */

static int
cell(const int r[16], int line, int pos)
{
	return line < 4 ? r[line * 4 + pos] : r[pos * 4 + line - 4];
}

static double
lines_by_hand(const int r[16])
{
	double v = 0;
	int line, i;

	for (line = 0; line < 8; line++) {
		double fall = 0, rise = 0;
		int ranks[4] = { 0 }, n = 0;

		v += 200000;
		for (i = 0; i < 4; i++) {
			int a = cell(r, line, i);

			v -= 11 * pow(a, 3.5);
			if (a == 0)
				v += 270;
			else
				ranks[n++] = a;
			if (i > 0) {
				int b = cell(r, line, i - 1);

				if (b > a)
					fall += pow(b, 4) - pow(a, 4);
				else
					rise += pow(a, 4) - pow(b, 4);
			}
		}
		v -= 47 * (fall < rise ? fall : rise);
		/* tiles with an equal neighbour among the tiles */
		for (i = 0; i < n; i++)
			if ((i > 0 && ranks[i - 1] == ranks[i]) ||
			    (i + 1 < n && ranks[i + 1] == ranks[i]))
				v += 700;
	}
	return v;
}

static double
xu_by_hand(const int r[16])
{
	double v = 0;
	int line, i, max = 0;

	for (i = 0; i < 16; i++) {
		max = r[i] > max ? r[i] : max;
		v += 2.7 * (r[i] == 0);
	}
	v += max;
	for (line = 0; line < 8; line++) {
		int prev = 0, up = 0, down = 0;

		for (i = 0; i < 4; i++) {
			int a = cell(r, line, i);

			if (!a)
				continue;
			if (prev && a > prev)
				up += a - prev;
			else if (prev)
				down += prev - a;
			prev = a;
		}
		v -= 0.1 * (up + down) + (up < down ? up : down);
	}
	return v;
}

static void
test_tables_agree(void)
{
	g2048_eval *lines = eval_new("lines", NULL), *xu = eval_new("xu", NULL);
	g2048_rng rng;
	int n, i, r[16];

	g2048_rng_seed(&rng, 42, 0);
	for (n = 0; n < 20000; n++) {
		g2048_grid g = { 0, 0 };
		/* a third of the grids reach 65536 and 131072 */
		uint32_t top = n % 3 == 0 ? 18 : 16;

		for (i = 0; i < 16; i++) {
			r[i] = (int)g2048_rng_bounded(&rng, top);
			if (g2048_rng_bounded(&rng, 3) == 0)
				r[i] = 0;
			g = g2048_set_rank(g, i, r[i]);
		}
		CHECK_NEAR(g2048_eval_grid(lines, g), lines_by_hand(r));
		CHECK_NEAR(terms_total(lines, g), lines_by_hand(r));
		CHECK_NEAR(g2048_eval_grid(xu, g), xu_by_hand(r));
		CHECK_NEAR(terms_total(xu, g), xu_by_hand(r));
	}
	g2048_eval_free(lines);
	g2048_eval_free(xu);
}

int
main(void)
{
	RUN(test_lines_board_a);
	RUN(test_lines_board_b);
	RUN(test_lines_empty_and_hi);
	RUN(test_lines_weights);
	RUN(test_xu_boards);
	RUN(test_xu_zigzag);
	RUN(test_xu_snake_hi);
	RUN(test_errors);
	RUN(test_tables_agree);
	return UNIT_EXIT();
}
