/* test-search.c - the search against plain reference searches written
 * here cell by cell, and its reproducibility rules. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "2048.h"
#include "tt.h"
#include "unit.h"

static g2048_eval *ev;

static g2048_grid
grid_of(const int tiles[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, tiles[i] ? g2048_rank_of((uint64_t)tiles[i]) : 0);
	return g;
}

/* Reference expectimax: no cutoff, no table, every spawn, moves by
 * g2048_move (the engine's checked path), lost boards 0. */
static double ref_chance(g2048_grid g, int depth, int limit);

static double
ref_max(g2048_grid g, int depth, int limit)
{
	double best = 0, v;
	int d, any = 0;

	for (d = 0; d < 4; d++) {
		g2048_grid n = g;

		if (g2048_move(&n, (enum g2048_dir)d) < 0)
			continue;
		v = ref_chance(n, depth + 1, limit);
		if (!any || v > best)
			best = v;
		any = 1;
	}
	return any ? best : 0.0;
}

static double
ref_chance(g2048_grid g, int depth, int limit)
{
	double sum = 0;
	int cell, n = 0;

	if (depth >= limit)
		return g2048_eval_grid(ev, g);
	for (cell = 0; cell < 16; cell++) {
		if (g2048_rank(g, cell))
			continue;
		n++;
		sum += 0.9 * ref_max(g2048_set_rank(g, cell, 1), depth, limit) +
		    0.1 * ref_max(g2048_set_rank(g, cell, 2), depth, limit);
	}
	return sum / n;
}

/* Reference minimax without pruning: a 2 in the worst cell. */
static double ref_min(g2048_grid g, int depth, int limit);

static double
ref_mmax(g2048_grid g, int depth, int limit)
{
	double best = -HUGE_VAL, v;
	int d;

	for (d = 0; d < 4; d++) {
		g2048_grid n = g;

		if (g2048_move(&n, (enum g2048_dir)d) < 0)
			continue;
		v = depth + 1 >= limit ? g2048_eval_grid(ev, n) :
		    ref_min(n, depth + 1, limit);
		if (v > best)
			best = v;
	}
	return best;
}

static double
ref_min(g2048_grid g, int depth, int limit)
{
	double worst = HUGE_VAL, v;
	int cell;

	for (cell = 0; cell < 16; cell++) {
		if (g2048_rank(g, cell))
			continue;
		v = ref_mmax(g2048_set_rank(g, cell, 1), depth, limit);
		if (v < worst)
			worst = v;
	}
	return worst;
}

static const int mid[16] = {
	2, 4, 8, 16,
	0, 2, 32, 64,
	0, 0, 4, 128,
	0, 0, 2, 512,
};
static const int late[16] = {
	0, 8, 2, 4,
	16, 32, 64, 8,
	256, 128, 32, 4,
	1024, 2048, 512, 2,
};
static const int dead[16] = {
	2, 4, 2, 4,
	4, 2, 4, 2,
	2, 4, 2, 4,
	4, 2, 4, 2,
};

static g2048_search *
make(int algo, int depth, double cutoff, int tt_bits, int threads)
{
	g2048_search_opts o;
	char err[128];

	g2048_search_defaults(&o);
	o.algo = (enum g2048_algo)algo;
	o.depth = depth;
	o.cutoff = cutoff;
	o.tt_bits = tt_bits;
	o.threads = threads;
	o.deepen = 0;
	return g2048_search_new(&o, ev, err, sizeof err);
}

static int
close_to(double a, double b)
{
	return fabs(a - b) <= 1e-6 * fmax(1, fabs(b));
}

static void
test_expectimax_matches_reference(void)
{
	const int *boards[] = { mid, late };
	g2048_search_result r;
	int i, d, depth;

	for (i = 0; i < 2; i++)
		for (depth = 1; depth <= 3; depth++) {
			g2048_search *s = make(G2048_EXPECTIMAX, depth, 0, 0, 1);
			g2048_grid g = grid_of(boards[i]);

			CHECK(g2048_search_run(s, g, NULL, &r) >= 0);
			CHECK_EQ_U64(r.legal, g2048_legal(g));
			CHECK_EQ_U64(r.depth, depth);
			for (d = 0; d < 4; d++) {
				g2048_grid n = g;

				if (g2048_move(&n, (enum g2048_dir)d) < 0)
					continue;
				CHECK(close_to(r.value[d], ref_chance(n, 1, depth)));
			}
			g2048_search_free(s);
		}
}

/* The table stores floats: values move by rounding only, the move not. */
static void
test_table_changes_no_move(void)
{
	g2048_search *plain = make(G2048_EXPECTIMAX, 3, 0, 0, 1);
	g2048_search *tt = make(G2048_EXPECTIMAX, 3, 0, 16, 1);
	g2048_search_result a, b;
	g2048_grid g = grid_of(mid);
	int d;

	g2048_search_run(plain, g, NULL, &a);
	g2048_search_run(tt, g, NULL, &b);
	CHECK_EQ_U64(a.dir, b.dir);
	CHECK(b.nodes < a.nodes);
	for (d = 0; d < 4; d++)
		CHECK(fabs(a.value[d] - b.value[d]) <= 1e-5 * fabs(a.value[d]));
	g2048_search_free(plain);
	g2048_search_free(tt);
}

/* Same grid, same options: the same bits, whatever the threads and
 * whatever was searched before (the table's generations). */
static void
test_reproducible(void)
{
	g2048_search *four = make(G2048_EXPECTIMAX, 3, 1e-4, 12, 4);
	g2048_search *one = make(G2048_EXPECTIMAX, 3, 1e-4, 12, 1);
	g2048_search_result a, b;
	g2048_grid g = grid_of(late), other = grid_of(mid);
	int i;

	g2048_search_run(four, g, NULL, &a);
	/* 2100 searches of mid's 2 root moves: the 12-bit generation wraps */
	CHECK(g2048_legal(other) == (1u << G2048_DOWN | 1u << G2048_LEFT));
	for (i = 0; i < 2100; i++)
		g2048_search_run(one, other, NULL, &b);
	g2048_search_run(one, g, NULL, &b);
	CHECK_EQ_U64(a.dir, b.dir);
	CHECK_EQ_U64(a.nodes, b.nodes);
	CHECK(memcmp(a.value, b.value, sizeof a.value) == 0);
	g2048_search_free(one);
	g2048_search_free(four);
}

static void
test_cutoff_prunes(void)
{
	g2048_search *full = make(G2048_EXPECTIMAX, 3, 0, 0, 1);
	g2048_search *cut = make(G2048_EXPECTIMAX, 3, 0.05, 0, 1);
	g2048_search_result a, b;

	g2048_search_run(full, grid_of(mid), NULL, &a);
	g2048_search_run(cut, grid_of(mid), NULL, &b);
	CHECK(b.nodes < a.nodes);
	g2048_search_free(full);
	g2048_search_free(cut);
}

/* A crowded board (here: at most 5 empty cells; mid has 5) takes the
 * crowded cutoff; a board with more empty cells (6) the plain one. */
static void
test_crowded_cutoff(void)
{
	g2048_search_opts o;
	g2048_search_result plain, crowded, roomy;
	g2048_search *s;
	char err[128];
	g2048_grid few = grid_of(mid), many = g2048_set_rank(grid_of(mid), 0, 0);

	g2048_search_defaults(&o);
	o.depth = 3;
	o.cutoff = 0;
	o.tt_bits = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, few, NULL, &plain);
	g2048_search_free(s);
	o.cutoff = 0.05;
	CHECK(g2048_empty_count(few) == 5 && g2048_empty_count(many) == 6);
	o.crowded = 5;
	o.cutoff_crowded = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, few, NULL, &crowded);
	CHECK_EQ_U64(crowded.nodes, plain.nodes);
	CHECK(memcmp(crowded.value, plain.value, sizeof plain.value) == 0);
	g2048_search_run(s, many, NULL, &roomy);
	g2048_search_free(s);
	o.crowded = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, many, NULL, &plain);
	g2048_search_free(s);
	CHECK_EQ_U64(roomy.nodes, plain.nodes);
}

static void
test_minimax_matches_reference(void)
{
	g2048_search_result r;
	g2048_grid g = grid_of(mid);
	int d, depth;

	for (depth = 1; depth <= 3; depth++) {
		g2048_search *s = make(G2048_MINIMAX, depth, 0, 0, 1);

		g2048_search_run(s, g, NULL, &r);
		for (d = 0; d < 4; d++) {
			g2048_grid n = g;

			if (g2048_move(&n, (enum g2048_dir)d) < 0)
				continue;
			CHECK(close_to(r.value[d], depth == 1 ?
			    g2048_eval_grid(ev, n) : ref_min(n, 1, depth)));
		}
		g2048_search_free(s);
	}
}

/* The greedy move is the one that scores most, counted by hand. */
static void
test_greedy(void)
{
	static const int b[16] = {
		2, 2, 0, 0,
		8, 0, 0, 0,
		8, 0, 0, 0,
		0, 0, 0, 0,
	};
	g2048_search *s = make(G2048_GREEDY, 0, 0, 0, 1);
	g2048_search_result r;

	/* up/down merge 8+8 (16), left/right 2+2 (4) */
	g2048_search_run(s, grid_of(b), NULL, &r);
	CHECK(r.dir == G2048_UP || r.dir == G2048_DOWN);
	CHECK(r.value[G2048_UP] == 16 && r.value[G2048_LEFT] == 4);
	g2048_search_free(s);
}

static void
test_random_is_legal_and_uniform(void)
{
	static const int b[16] = {
		2, 4, 2, 4,
		4, 2, 4, 2,
		2, 4, 2, 4,
		4, 2, 4, 0,
	};
	g2048_search *s = make(G2048_RANDOM, 0, 0, 0, 1);
	g2048_search_result r;
	g2048_rng rng;
	int count[4] = { 0 }, i;

	/* only down and right can move */
	g2048_rng_seed(&rng, 42, 0);
	for (i = 0; i < 2000; i++)
		count[g2048_search_run(s, grid_of(b), &rng, &r)]++;
	CHECK(count[G2048_UP] == 0 && count[G2048_LEFT] == 0);
	CHECK(count[G2048_DOWN] > 900 && count[G2048_RIGHT] > 900);
	g2048_search_free(s);
}

static void
test_no_move(void)
{
	g2048_search *s = make(G2048_EXPECTIMAX, 0, 1e-4, 16, 2);
	g2048_search_result r;

	CHECK(g2048_search_run(s, grid_of(dead), NULL, &r) == -1);
	CHECK(r.dir == -1 && r.legal == 0);
	CHECK(g2048_hint(grid_of(dead)) == -1);
	g2048_search_free(s);
}

/* Only up is legal: the hint must take it. */
static void
test_hint(void)
{
	static const int b[16] = {
		0, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0,
		2, 4, 8, 16,
	};

	CHECK(g2048_legal(grid_of(b)) == 1u << G2048_UP);
	CHECK(g2048_hint(grid_of(b)) == G2048_UP);
	CHECK(g2048_hint(grid_of(mid)) >= 0);
}

static void
test_bad_options(void)
{
	g2048_search_opts o;
	char err[128] = "";

	g2048_search_defaults(&o);
	o.depth = 99;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	CHECK(err[0] != '\0');
	g2048_search_defaults(&o);
	o.threads = 0;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	g2048_search_defaults(&o);
	o.deepen = 2.5;
	o.deepen_max = 8;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	o.deepen = 0.99;
	o.deepen_max = 0;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
}

/* Depth 2, then (ratio r) depth 3: the second search is a plain depth-3
 * search, and the first one's nodes count too. */
static void
deepen_search(double ratio, g2048_grid g, g2048_search_result *r)
{
	g2048_search_opts o;
	g2048_search *s;
	char err[128];

	g2048_search_defaults(&o);
	o.depth = 2;
	o.cutoff = 0;
	o.deepen = ratio;
	o.deepen_sub = -15;         /* as deep as deepen_max */
	o.deepen_max = 3;
	o.deepen_cutoff = 0;
	if ((s = g2048_search_new(&o, ev, err, sizeof err)) == NULL) {
		CHECK(!"g2048_search_new");
		return;
	}
	g2048_search_run(s, g, NULL, r);
	g2048_search_free(s);
}

static void
test_deepen(void)
{
	g2048_search *two = make(G2048_EXPECTIMAX, 2, 0, 20, 1);
	g2048_search *three = make(G2048_EXPECTIMAX, 3, 0, 20, 1);
	g2048_search_result a, b, always, never;
	g2048_grid g = grid_of(late);

	g2048_search_run(two, g, NULL, &a);
	g2048_search_run(three, g, NULL, &b);
	/* any value is below twice the heuristic: always deeper */
	deepen_search(2, g, &always);
	CHECK(always.deepened && always.depth == 3);
	CHECK(memcmp(always.value, b.value, sizeof b.value) == 0);
	CHECK_EQ_U64(always.dir, b.dir);
	CHECK_EQ_U64(always.nodes, a.nodes + b.nodes);
	/* none is below a millionth of it: the first search stands */
	deepen_search(1e-6, g, &never);
	CHECK(!never.deepened && never.depth == 2);
	CHECK(memcmp(never.value, a.value, sizeof a.value) == 0);
	CHECK_EQ_U64(never.nodes, a.nodes);
	g2048_search_free(two);
	g2048_search_free(three);
}

/* ---- the transposition table (lib/tt.h) ------------------------------- */

static g2048_grid
grid_n(uint64_t n)
{
	g2048_grid g = { n * 0x0101010101010101ULL + 1, 0 };

	return g;
}

/* One bucket of four (2 bits): when full, a new entry takes the deepest
 * one's place, so the shallow entries (large subtrees) stay. */
static void
test_tt_evicts_the_deepest(void)
{
	struct tt t = { 0 };
	double v;
	int i;

	CHECK(tt_next_generation(&t, 2) == 0);
	for (i = 0; i < 4; i++)
		tt_put(&t, grid_n((uint64_t)i), (int[]){ 2, 5, 1, 3 }[i], i);
	tt_put(&t, grid_n(9), 4, 9);
	CHECK(tt_get(&t, grid_n(9), 4, &v) && v == 9);
	CHECK(!tt_get(&t, grid_n(1), 15, &v));        /* depth 5: gone */
	CHECK(tt_get(&t, grid_n(0), 2, &v) && v == 0);
	CHECK(tt_get(&t, grid_n(2), 15, &v) && v == 2);
	CHECK(tt_get(&t, grid_n(3), 3, &v) && v == 3);
	/* the same grid again replaces its own entry, however deep */
	tt_put(&t, grid_n(2), 6, 22);
	CHECK(tt_get(&t, grid_n(2), 6, &v) && v == 22);
	CHECK(tt_get(&t, grid_n(0), 2, &v) && tt_get(&t, grid_n(3), 3, &v));
	tt_free(&t);
}

/* A value serves a node at its depth or deeper (searched at least as far),
 * only in its own generation, and an old entry is the first to go. */
static void
test_tt_depth_and_generations(void)
{
	struct tt t = { 0 };
	double v;
	int i;

	CHECK(tt_next_generation(&t, 2) == 0);
	tt_put(&t, grid_n(1), 3, 1.5);
	CHECK(tt_get(&t, grid_n(1), 3, &v) && v == 1.5);
	CHECK(tt_get(&t, grid_n(1), 7, &v));
	CHECK(!tt_get(&t, grid_n(1), 2, &v));
	for (i = 2; i <= 4; i++)
		tt_put(&t, grid_n((uint64_t)i), 1, i);
	CHECK(tt_next_generation(&t, 2) == 0);
	CHECK(!tt_get(&t, grid_n(1), 7, &v));
	for (i = 5; i <= 8; i++)                 /* four new ones fit */
		tt_put(&t, grid_n((uint64_t)i), 1, i);
	for (i = 5; i <= 8; i++)
		CHECK(tt_get(&t, grid_n((uint64_t)i), 1, &v) && v == i);
	for (i = 0; i < (int)TT_GEN_LIMIT; i++)  /* the generations wrap */
		CHECK(tt_next_generation(&t, 2) == 0);
	for (i = 5; i <= 8; i++)
		CHECK(!tt_get(&t, grid_n((uint64_t)i), 1, &v));
	tt_free(&t);
}

int
main(void)
{
	char err[128];

	if ((ev = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL)
		return 1;
	RUN(test_expectimax_matches_reference);
	RUN(test_table_changes_no_move);
	RUN(test_tt_evicts_the_deepest);
	RUN(test_tt_depth_and_generations);
	RUN(test_reproducible);
	RUN(test_cutoff_prunes);
	RUN(test_crowded_cutoff);
	RUN(test_minimax_matches_reference);
	RUN(test_greedy);
	RUN(test_random_is_legal_and_uniform);
	RUN(test_no_move);
	RUN(test_hint);
	RUN(test_bad_options);
	RUN(test_deepen);
	g2048_eval_free(ev);
	return UNIT_EXIT();
}
