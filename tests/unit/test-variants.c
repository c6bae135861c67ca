/*
 * test-variants.c - the evaluation and the search on boards of every size
 * and spawn odds: the general heuristics against the 4x4 table path and
 * against hand computations, the chance nodes weighted by a board's odds
 * of a 4 against hand computations on tiny boards (2x2 and 4x4), and
 * every algorithm on every size.
 */
#include <math.h>
#include <string.h>

#include "2048-private.h"
#include "unit.h"

#define CHECK_NEAR(a, b, tol) do { \
	double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= (tol) * (1 + fabs(b_)))) { \
		if (unit_fails++ < 10) \
			printf("# %s:%d: %s == %.17g, expected %.17g\n", \
			    __FILE__, __LINE__, #a, a_, b_); \
	} \
} while (0)

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

/* a board of rows x cols from its ranks in reading order */
static g2048_cells
cells_of(int rows, int cols, const int *rank)
{
	g2048_cells c;
	int i;

	g2048_cells_init(&c, rows, cols);
	for (i = 0; i < rows * cols; i++)
		c.rank[i] = (uint8_t)rank[i];
	return c;
}

/* ---- the heuristics ----------------------------------------------------- */

/* 4x4 boards (one with ranks past 15, on the exact path) through the
 * general path give the table path's value, to the bit, and its terms. */
static void
test_general_equals_table_path(void)
{
	static const int boards[][16] = {
		{ 1, 0, 0, 1, 0, 0, 0, 0, 2, 2, 3, 0, 0, 0, 0, 1 },
		{ 11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 0, 0, 0, 1, 1 },
		{ 17, 16, 15, 1, 2, 0, 3, 0, 0, 2, 0, 1, 0, 0, 0, 0 },
		{ 0 },
	};
	static const char *const heur[][2] = { { "lines", NULL },
	    { "lines", "sum_power=2,merges=5" }, { "xu", NULL },
	    { "xu", "max=3,empty=1" } };
	g2048_eval_term a[G2048_EVAL_TERMS_MAX], b[G2048_EVAL_TERMS_MAX];
	int h, i, k, n;

	for (h = 0; h < 4; h++) {
		g2048_eval *e = eval_new(heur[h][0], heur[h][1]);

		if (!e)
			continue;
		CHECK(g2048_eval_fits(e, 5, 5) && g2048_eval_fits(e, 2, 8));
		for (i = 0; i < 4; i++) {
			g2048_cells c = cells_of(4, 4, boards[i]);
			g2048_grid g = g2048_cells_grid(&c);

			CHECK(g2048_eval_cells(e, &c) == g2048_eval_grid(e, g));
			n = g2048_eval_cells_terms(e, &c, a);
			CHECK(n == g2048_eval_terms(e, g, b));
			for (k = 0; k < n; k++) {
				CHECK(strcmp(a[k].name, b[k].name) == 0);
				CHECK(a[k].weight == b[k].weight);
				CHECK_NEAR(a[k].value, b[k].value, 1e-12);
			}
		}
		g2048_eval_free(e);
	}
}

/*
 *  2 4     xu, by hand: rows (2 4) smoothness -1, (. 8) one tile, an
 *  . 8     empty cell; columns (2 .) nothing, (4 8) smoothness -1; no
 *          line both rises and falls; max rank 3.
 */
static void
test_xu_by_hand(void)
{
	static const int r[4] = { 1, 2, 0, 3 };
	g2048_cells c = cells_of(2, 2, r);
	g2048_eval_term t[G2048_EVAL_TERMS_MAX];
	g2048_eval *e = eval_new("xu", NULL);

	if (!e)
		return;
	CHECK(g2048_eval_cells_terms(e, &c, t) == 4);
	CHECK(t[0].value == -2 && t[1].value == 0 && t[2].value == 1 &&
	    t[3].value == 3);
	CHECK_NEAR(g2048_eval_cells(e, &c), 0.1 * -2 + 2.7 * 1 + 3, 1e-15);
	g2048_eval_free(e);
}

/*
 *  2 2 8 . . 2 4 2     lines, by hand, a row of eight and a column of two
 *  . . . . . . . 2     (2x8): the row's merges (2 2) = 2, its empty cells
 *                      2; its falls and rises of rank^4 ...
 */
static void
test_lines_long_line_by_hand(void)
{
	static const int r[16] = { 1, 1, 3, 0, 0, 1, 2, 1,
	    0, 0, 0, 0, 0, 0, 0, 1 };
	g2048_cells c = cells_of(2, 8, r);
	g2048_eval_term t[G2048_EVAL_TERMS_MAX];
	g2048_eval *e = eval_new("lines", NULL);
	double mono, sum, rises, falls, p4[4], p35[4];
	int i;

	if (!e)
		return;
	for (i = 0; i < 4; i++) {
		p4[i] = pow(i, 4);
		p35[i] = pow(i, 3.5);
	}
	/* row 0: 1 1 3 0 0 1 2 1: steps (of rank^4, gaps included) */
	rises = (p4[3] - p4[1]) + (p4[1] - p4[0]) + (p4[2] - p4[1]);
	falls = (p4[3] - p4[0]) + (p4[2] - p4[1]);
	mono = -(rises < falls ? rises : falls);
	/* row 1: 0 ... 0 1: a rise of 1; columns (r0, r1): (1,0) (1,0)
	 * (3,0) (0,0) (0,0) (1,0) (2,0) (1,1): falls only, but the last
	 * which is flat */
	sum = 4 * p35[1] + p35[3] + p35[2];              /* row 0 */
	sum += p35[1];                                   /* row 1 */
	sum += 2 * p35[1] + p35[3] + p35[1] + p35[2] + 2 * p35[1];  /* cols */
	CHECK(g2048_eval_cells_terms(e, &c, t) == 5);
	CHECK(t[0].value == 10);                      /* 2 rows, 8 columns */
	CHECK(t[1].value == 2 + 7 + 9);               /* empty cells */
	CHECK(t[2].value == 2 + 2);                   /* row 0, column 7 */
	CHECK_NEAR(t[3].value, mono, 1e-12);
	CHECK_NEAR(t[4].value, -sum, 1e-12);
	CHECK_NEAR(g2048_eval_cells(e, &c), 200000.0 * 10 + 270.0 * 18 +
	    700.0 * 4 + 47.0 * mono - 11.0 * sum, 1e-12);
	g2048_eval_free(e);
}

/* A net values 4x4 boards only: NaN and -1 on others, a search G2048_UNFIT. */
static void
test_net_unfit(void)
{
	char err[256];
	g2048_net *n = g2048_net_new("0123", NULL, 0, err, sizeof err);
	g2048_eval *e = n ? g2048_eval_net(n, err, sizeof err) : NULL;
	g2048_eval_term t[G2048_EVAL_TERMS_MAX];
	g2048_search_opts o;
	g2048_search_result r;
	g2048_search *s;
	g2048_player *p;
	g2048_board b;
	static const int r5[25] = { 1, 1 };
	g2048_cells c = cells_of(5, 5, r5);

	CHECK(e != NULL);
	if (!e)
		return;
	CHECK(!g2048_eval_fits(e, 5, 5) && g2048_eval_fits(e, 4, 4));
	CHECK(isnan(g2048_eval_cells(e, &c)));
	CHECK(g2048_eval_cells_terms(e, &c, t) == -1);
	g2048_search_defaults(&o);
	s = g2048_search_new(&o, e, err, sizeof err);
	p = g2048_player_new_search(&o, e, err, sizeof err);
	CHECK(g2048_search_cells(s, &c, 0.1, NULL, &r) == G2048_UNFIT);
	CHECK(r.dir == -1);
	g2048_board_init_size(&b, 5, 5);
	g2048_board_set_cells(&b, &c);
	b.has_rng = 1;
	CHECK(g2048_play_step(p, &b, NULL) == G2048_UNFIT);
	CHECK(g2048_cells_eq(&b.cells, &c) && b.moves == 0);
	g2048_search_free(s);
	g2048_player_free(p);
	g2048_eval_free(e);
	g2048_net_free(n);
}

/* ---- chance nodes weighted by the odds of a 4 --------------------------- */

/* expectimax two moves deep, no cutoff, valued by the largest rank only */
static g2048_search *
max_rank_search(g2048_eval **e, int algo, int depth)
{
	g2048_search_opts o;
	char err[256];

	*e = eval_new("xu", "smoothness=0,monotonicity=0,empty=0,max=1");
	g2048_search_defaults(&o);
	o.algo = (enum g2048_algo)algo;
	o.depth = depth;
	o.cutoff = 0;
	o.deepen = 0;
	return *e ? g2048_search_new(&o, *e, err, sizeof err) : NULL;
}

/*
 *  2 2     Left (and right) make a 4 (rank 2) in a corner; of the three
 *  . .     empty cells, a 4 next to it (two of them) merges into an 8
 *          on the best next move: rank 3; a 2, or the diagonal cell,
 *          leaves rank 2.  So left is worth (2 (q3 + (1-q)2) + 2) / 3
 *          with q the odds of a 4: 8/3 at q = 1, 2 at q = 0, 6.2/3 at
 *          0.1.  Down keeps the 2s apart from any 4: 2 at every q.
 */
static void
test_chance_2x2_by_hand(void)
{
	static const int r[4] = { 1, 1, 0, 0 };
	static const double q[] = { 1.0, 0.0, 0.1, 0.5 };
	g2048_cells c = cells_of(2, 2, r);
	g2048_search_result res;
	g2048_eval *e;
	g2048_search *s = max_rank_search(&e, G2048_EXPECTIMAX, 2);
	uint64_t nodes[4] = { 0 };
	int i;

	CHECK(s != NULL);
	if (s == NULL)
		return;
	for (i = 0; i < 4; i++) {
		double left = (2 * (q[i] * 3 + (1 - q[i]) * 2) + 2) / 3;

		CHECK(g2048_search_cells(s, &c, q[i], NULL, &res) >= 0);
		CHECK(res.legal == (1u << G2048_DOWN | 1u << G2048_LEFT |
		    1u << G2048_RIGHT));
		CHECK_NEAR(res.value[G2048_LEFT], left, 1e-12);
		CHECK_NEAR(res.value[G2048_RIGHT], left, 1e-12);
		CHECK_NEAR(res.value[G2048_DOWN], 2, 1e-12);
		CHECK(res.dir == (q[i] > 0 ? G2048_LEFT : G2048_DOWN));
		nodes[i] = res.nodes;
	}
	/* no spawn of a tile that never comes is searched: the tree of
	 * both tiles is the two trees' moves below the three root moves */
	CHECK_EQ_U64(nodes[3], nodes[0] + nodes[1] - 3);
	CHECK_EQ_U64(nodes[2], nodes[3]);
	g2048_search_free(s);
	g2048_eval_free(e);
}

/*
 *  2 2 . .    The 4x4 grid's path, the same way: left makes a 4 in the
 *  . . . .    corner; of the 15 empty cells the 6 in its row and column
 *  . . . .    let a spawned 4 merge into it, rank 3.  Left is worth
 *  . . . .    (6 (3q + 2(1-q)) + 9 * 2) / 15.
 */
static void
test_chance_4x4_by_hand(void)
{
	static const int r[16] = { 1, 1 };
	static const double q[] = { 1.0, 0.0, 0.1, 0.25 };
	g2048_cells c = cells_of(4, 4, r);
	g2048_search_result res;
	g2048_board b;
	g2048_eval *e;
	g2048_search *s = max_rank_search(&e, G2048_EXPECTIMAX, 2);
	int i;

	CHECK(s != NULL);
	if (s == NULL)
		return;
	for (i = 0; i < 4; i++) {
		double left = (6 * (3 * q[i] + 2 * (1 - q[i])) + 9 * 2) / 15;

		CHECK(g2048_search_cells(s, &c, q[i], NULL, &res) >= 0);
		CHECK_NEAR(res.value[G2048_LEFT], left, 1e-12);
		/* the board's own odds */
		g2048_board_init(&b);
		b.grid = g2048_cells_grid(&c);
		b.four = q[i];
		CHECK(g2048_search_board(s, &b, NULL, &res) >= 0);
		CHECK_NEAR(res.value[G2048_LEFT], left, 1e-12);
	}
	/* g2048_search_run is the odds of 0.1 */
	CHECK(g2048_search_run(s, g2048_cells_grid(&c), NULL, &res) >= 0);
	CHECK_NEAR(res.value[G2048_LEFT], (6 * 2.1 + 18) / 15, 1e-12);
	g2048_search_free(s);
	g2048_eval_free(e);
}

/*
 *  2 4     Minimax's adversary puts a 2, or a 4 where fours are likelier.
 *  8 .     Right leaves one empty cell, bottom left: a 2 there merges up
 *          (an empty cell after), a 4 locks the board (lost, -inf).
 *          Down leaves the top right empty: either tile merges.
 */
static void
test_minimax_puts_the_likelier_tile(void)
{
	static const int r[4] = { 1, 2, 3, 0 };
	g2048_cells c = cells_of(2, 2, r);
	g2048_search_opts o;
	g2048_search_result res;
	g2048_eval *e = eval_new("xu", "smoothness=0,monotonicity=0,empty=1,"
	    "max=0");
	g2048_search *s;
	char err[256];

	if (!e)
		return;
	g2048_search_defaults(&o);
	o.algo = G2048_MINIMAX;
	o.depth = 2;
	if ((s = g2048_search_new(&o, e, err, sizeof err)) == NULL) {
		CHECK(!"g2048_search_new");
		g2048_eval_free(e);
		return;
	}
	CHECK(g2048_search_cells(s, &c, 0.1, NULL, &res) >= 0);
	CHECK(res.legal == (1u << G2048_RIGHT | 1u << G2048_DOWN));
	CHECK(res.value[G2048_RIGHT] == 1 && res.value[G2048_DOWN] == 1);
	CHECK(g2048_search_cells(s, &c, 0.9, NULL, &res) == G2048_DOWN);
	CHECK(res.value[G2048_RIGHT] == -HUGE_VAL &&
	    res.value[G2048_DOWN] == 1);
	g2048_search_free(s);
	g2048_eval_free(e);
}

/* ---- every algorithm on every size -------------------------------------- */

static void
test_every_algorithm_every_size(void)
{
	static const int sizes[][2] = { { 2, 2 }, { 2, 3 }, { 3, 3 }, { 2, 4 },
	    { 4, 2 }, { 5, 5 }, { 3, 7 }, { 8, 8 } };
	static const double fours[] = { 0.1, 0.0, 1.0, 0.2 };
	g2048_search_opts o;
	g2048_decision r;
	g2048_player *s;
	g2048_eval *e = eval_new(NULL, NULL);
	g2048_board b;
	char err[256];
	int z, algo, f, steps, d;

	for (algo = G2048_EXPECTIMAX; e && algo <= G2048_RANDOM; algo++) {
		g2048_search_fast(&o);
		o.algo = (enum g2048_algo)algo;
		o.threads = 2;
		if ((s = g2048_player_new_search(&o, e, err, sizeof err)) == NULL) {
			CHECK(!"g2048_player_new_search");
			continue;
		}
		for (z = 0; z < 8; z++)
			for (f = 0; f < 4; f++) {
				g2048_rng rng;

				g2048_board_init_size(&b, sizes[z][0], sizes[z][1]);
				b.four = fours[f];
				g2048_rng_seed(&rng, (uint64_t)(z * 4 + f), 0);
				g2048_board_spawn_rng(&b, &rng);
				g2048_board_spawn_rng(&b, &rng);
				for (steps = 0; steps < 30; steps++) {
					g2048_cells before;

					g2048_board_get_cells(&b, &before);
					if ((d = g2048_best_move(s, &b, &r)) < 0)
						break;
					CHECK(r.legal >> d & 1);
					CHECK(r.legal == g2048_cells_legal(&before));
					CHECK(g2048_play_step(s, &b, &r) == d);
				}
				CHECK(b.rows == sizes[z][0] &&
				    b.cols == sizes[z][1]);
				CHECK(steps == 30 || d == -1);
			}
		g2048_player_free(s);
	}
	g2048_eval_free(e);
}

int
main(void)
{
	RUN(test_general_equals_table_path);
	RUN(test_xu_by_hand);
	RUN(test_lines_long_line_by_hand);
	RUN(test_net_unfit);
	RUN(test_chance_2x2_by_hand);
	RUN(test_chance_4x4_by_hand);
	RUN(test_minimax_puts_the_likelier_tile);
	RUN(test_every_algorithm_every_size);
	return UNIT_EXIT();
}
