/*
 * test-game.c - the library's pieces that the tools share: the writer of
 * board streams, a game's step and its random-move stream, the check of
 * the search's options, the cells of a line.  Through the public header
 * only, as a C user would.
 */
#include <stdint.h>
#include <string.h>

#include "2048-private.h"
#include "unit.h"

/* Blank lines between grid boards, none before the first; none in the
 * compact form; a writer that goes on a stream starts with one. */
static void
test_writer(void)
{
	char buf[G2048_STREAM_MAX], one[G2048_TEXT_MAX];
	g2048_writer w = { 0, 0 };
	g2048_board b;
	int n;

	g2048_new_game(&b, 7);
	g2048_format(&b, one, sizeof one);
	n = g2048_writer_format(&w, &b, buf, sizeof buf);
	CHECK(strcmp(buf, one) == 0);
	CHECK_EQ_U64(n, strlen(one));
	n = g2048_writer_format(&w, &b, buf, sizeof buf);
	CHECK(buf[0] == '\n' && strcmp(buf + 1, one) == 0);
	CHECK_EQ_U64(n, strlen(one) + 1);
	CHECK_EQ_U64(w.boards, 2);
	w.compact = 1;
	g2048_format_compact(&b, one, sizeof one);
	n = g2048_writer_format(&w, &b, buf, sizeof buf);
	CHECK(strcmp(buf, one) == 0);
	CHECK_EQ_U64(g2048_writer_format(&w, &b, buf, G2048_TEXT_MAX), -1);
	CHECK_EQ_U64(w.boards, 3);
}

/* A step is the search's move, the move and a spawn from the board's
 * stream: what 2048-solve | 2048-move | 2048-spawn does. */
static void
test_play_step(void)
{
	g2048_search_opts o;
	g2048_decision r;
	g2048_player *s;
	g2048_eval *e;
	g2048_board b, by_hand;
	char err[256];
	int i, d;

	g2048_search_fast(&o);
	o.depth = 2;
	if ((e = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL ||
	    (s = g2048_player_new_search(&o, e, err, sizeof err)) == NULL) {
		CHECK(!"a search");
		g2048_eval_free(e);
		return;
	}
	g2048_new_game(&b, 3);
	for (i = 0; i < 50; i++) {
		by_hand = b;
		d = g2048_best_move(s, &by_hand, &r);
		CHECK(d >= 0 && d == r.dir);
		g2048_board_move(&by_hand, (enum g2048_dir)d);
		g2048_board_spawn(&by_hand);
		CHECK_EQ_U64(g2048_play_step(s, &b, NULL), d);
		CHECK(g2048_grid_eq(b.grid, by_hand.grid));
		CHECK_EQ_U64(b.draws, by_hand.draws);
		CHECK_EQ_U64(b.score, by_hand.score);
	}
	/* a game over: no step, the board unchanged */
	g2048_board_init(&b);
	for (i = 0; i < G2048_CELLS; i++)
		b.grid = g2048_set_rank(b.grid, i, 1 + (i + i / 4) % 2);
	b.has_rng = 1;
	by_hand = b;
	CHECK_EQ_U64(g2048_play_step(s, &b, &r), -1);
	CHECK_EQ_U64(r.dir, -1);
	CHECK(memcmp(&b.grid, &by_hand.grid, sizeof b.grid) == 0);
	g2048_player_free(s);
	g2048_eval_free(e);
}

/* Random moves come from the board's position on the choice stream. */
static void
test_random_moves(void)
{
	g2048_search_opts o;
	g2048_decision r;
	g2048_player *s;
	g2048_rng rng;
	g2048_board b;
	unsigned legal;
	uint32_t k;
	char err[256];
	int i, d;

	g2048_search_defaults(&o);
	o.algo = G2048_RANDOM;
	if ((s = g2048_player_new_search(&o, NULL, err, sizeof err)) == NULL) {
		CHECK(!"a search");
		return;
	}
	g2048_new_game(&b, 11);
	for (i = 0; i < 30; i++) {
		g2048_choice_rng(&b, &rng);
		CHECK_EQ_U64(rng.draws, b.draws);
		legal = g2048_legal(b.grid);
		k = g2048_rng_bounded(&rng, (uint32_t)__builtin_popcount(legal));
		for (d = 0; d < G2048_NDIRS; d++)
			if ((legal >> d & 1) && k-- == 0)
				break;
		CHECK_EQ_U64(g2048_best_move(s, &b, &r), d);
		if (g2048_play_step(s, &b, NULL) < 0)
			break;
	}
	g2048_player_free(s);
}

/* One check of the ranges, with G2048_*_MAX as its bounds. */
/* A random grid for the step's test: ranks 0-15 with gaps, and now and
 * then a 65536 or more (hi), so both paths run. */
static g2048_grid
random_grid(g2048_rng *r)
{
	g2048_grid g = { 0, 0 };
	int c, empty = (int)g2048_rng_bounded(r, 17);

	for (c = 0; c < G2048_CELLS; c++)
		if ((int)g2048_rng_bounded(r, 16) >= empty)
			g = g2048_set_rank(g, c, 1 + (int)g2048_rng_bounded(r,
			    g2048_rng_bounded(r, 8) ? 15 : 17));
	return g;
}

/* g2048_step is g2048_move, then g2048_spawn when it moved, then
 * g2048_legal: the same grids, draws, scores and masks, on grids of the
 * fast path and the exact one, for every direction and a bad one. */
static void
test_step_is_move_spawn_legal(void)
{
	g2048_rng grids, r1, r2;
	int i, d, exact = 0;

	g2048_rng_seed(&grids, 4, 0);
	g2048_rng_seed(&r1, 5, 0);
	r2 = r1;
	for (i = 0; i < 200000; i++) {
		g2048_grid g = random_grid(&grids), by_step = g, by_parts = g,
		    after = { 99, 99 };
		unsigned legal = 99;
		long gained, parts;

		d = (int)g2048_rng_bounded(&grids, 5);
		exact += g.hi != 0;
		gained = g2048_step(&by_step, i % 2 ? &after : NULL, &r1,
		    i % 3 ? G2048_FOUR_DEFAULT : (uint64_t)1 << 31,
		    (enum g2048_dir)d, &legal);
		parts = d < G2048_NDIRS ?
		    g2048_move(&by_parts, (enum g2048_dir)d) : -1;
		CHECK_EQ_U64(gained, parts);
		if (parts >= 0 && i % 2)
			CHECK(g2048_grid_eq(after, by_parts));
		else
			CHECK(after.lo == 99 && after.hi == 99);
		if (parts >= 0)
			g2048_spawn(&by_parts, &r2, i % 3 ?
			    G2048_FOUR_DEFAULT : (uint64_t)1 << 31);
		CHECK(g2048_grid_eq(by_step, by_parts));
		CHECK_EQ_U64(legal, g2048_legal(by_parts));
		CHECK_EQ_U64(r1.state, r2.state);
		CHECK_EQ_U64(r1.draws, r2.draws);
	}
	CHECK(exact > 1000);
}

/* g2048_slide gives g2048_move's grid, on both paths; a bad direction
 * leaves the grid as it is. */
static void
test_slide_is_the_move_unscored(void)
{
	g2048_rng grids;
	int i, d, exact = 0;

	g2048_rng_seed(&grids, 6, 0);
	for (i = 0; i < 200000; i++) {
		g2048_grid g = random_grid(&grids), moved = g;

		d = (int)g2048_rng_bounded(&grids, 5);
		exact += g.hi != 0;
		if (d < G2048_NDIRS)
			g2048_move(&moved, (enum g2048_dir)d);
		CHECK(g2048_grid_eq(g2048_slide(g, (enum g2048_dir)d), moved));
	}
	CHECK(exact > 1000);
}

static void
test_search_check(void)
{
	g2048_search_opts o;
	char err[256];

	g2048_search_defaults(&o);
	CHECK(g2048_search_check(&o, err, sizeof err) == 0);
	o.cutoff = G2048_CUTOFF_MAX;
	CHECK(g2048_search_check(&o, err, sizeof err) == 0);
	o.cutoff = 0.6;
	CHECK(g2048_search_check(&o, err, sizeof err) == -1);
	CHECK(strcmp(err, "cutoff: expected 0 to 0.5") == 0);
	g2048_search_defaults(&o);
	o.depth = G2048_DEPTH_MAX + 1;
	CHECK(g2048_search_check(&o, err, sizeof err) == -1);
	CHECK(g2048_search_new(&o, NULL, err, sizeof err) == NULL);
	g2048_search_defaults(&o);
	o.depth_min = 5;
	o.depth_max = 4;
	CHECK(g2048_search_check(&o, err, sizeof err) == -1);
	g2048_search_defaults(&o);
	o.threads = G2048_THREADS_MAX + 1;
	CHECK(g2048_search_check(&o, err, sizeof err) == -1);
	g2048_search_defaults(&o);
	o.tt_bits = G2048_TT_BITS_MAX + 1;
	CHECK(g2048_search_check(&o, NULL, 0) == -1);
}

/* Position 0 is the front, where the tiles go. */
/* A board on "2 2 . ." at the top, with the counters given. */
static void
full_board(g2048_board *b, uint64_t score, uint64_t moves, uint64_t draws)
{
	g2048_board_init(b);
	b->grid = g2048_set_rank(g2048_set_rank(b->grid, 0, 1), 1, 1);
	b->score = score;
	b->moves = moves;
	b->has_rng = 1;
	b->seed = 5;
	b->draws = draws;
}

/* Score, moves and draws never wrap: the move or spawn that would take
 * one past 2^64 - 1 is refused, the board unchanged; up to it, counted. */
static void
test_counters(void)
{
	g2048_search_opts o;
	g2048_player *s;
	g2048_eval *e;
	g2048_board b, was;
	g2048_rng r;
	char err[256];

	full_board(&b, UINT64_MAX - 3, 0, 0);
	was = b;
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), G2048_OVERFLOW);
	CHECK(memcmp(&b, &was, sizeof b) == 0);
	full_board(&b, UINT64_MAX - 4, UINT64_MAX - 1, 0);
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), 4);
	CHECK_EQ_U64(b.score, UINT64_MAX);
	CHECK_EQ_U64(b.moves, UINT64_MAX);
	full_board(&b, 0, UINT64_MAX, 0);
	was = b;
	CHECK_EQ_U64(g2048_board_move(&b, G2048_LEFT), G2048_OVERFLOW);
	CHECK(memcmp(&b, &was, sizeof b) == 0);
	/* an illegal move stays -1 whatever the counters */
	CHECK_EQ_U64(g2048_board_move(&b, G2048_UP), -1);

	full_board(&b, 0, 0, UINT64_MAX - 1);
	was = b;
	CHECK_EQ_U64(g2048_board_spawn(&b), G2048_OVERFLOW);
	CHECK(memcmp(&b, &was, sizeof b) == 0);
	g2048_rng_seed(&r, 5, UINT64_MAX);
	CHECK_EQ_U64(g2048_board_spawn_rng(&b, &r), G2048_OVERFLOW);
	CHECK_EQ_U64(r.draws, UINT64_MAX);
	CHECK(memcmp(&b, &was, sizeof b) == 0);
	full_board(&b, 0, 0, UINT64_MAX - 2);
	CHECK(g2048_board_spawn(&b) >= 2);
	CHECK_EQ_U64(b.draws, UINT64_MAX);

	/* a step is both or neither */
	g2048_search_fast(&o);
	o.depth = 1;
	if ((e = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL ||
	    (s = g2048_player_new_search(&o, e, err, sizeof err)) == NULL) {
		CHECK(!"a search");
		g2048_eval_free(e);
		return;
	}
	full_board(&b, 0, 0, UINT64_MAX - 1);
	was = b;
	CHECK_EQ_U64(g2048_play_step(s, &b, NULL), G2048_OVERFLOW);
	CHECK(memcmp(&b, &was, sizeof b) == 0);
	full_board(&b, 0, UINT64_MAX, 0);
	CHECK_EQ_U64(g2048_play_step(s, &b, NULL), G2048_OVERFLOW);
	CHECK_EQ_U64(b.moves, UINT64_MAX);
	g2048_player_free(s);
	g2048_eval_free(e);
}

static void
test_line_cell(void)
{
	CHECK_EQ_U64(g2048_line_cell(G2048_LEFT, 1, 0), 4);
	CHECK_EQ_U64(g2048_line_cell(G2048_RIGHT, 1, 0), 7);
	CHECK_EQ_U64(g2048_line_cell(G2048_UP, 2, 3), 14);
	CHECK_EQ_U64(g2048_line_cell(G2048_DOWN, 2, 0), 14);
	CHECK_EQ_U64(g2048_line_cell(G2048_DOWN, 2, 3), 2);
}

int
main(void)
{
	RUN(test_writer);
	RUN(test_play_step);
	RUN(test_random_moves);
	RUN(test_step_is_move_spawn_legal);
	RUN(test_slide_is_the_move_unscored);
	RUN(test_search_check);
	RUN(test_line_cell);
	RUN(test_counters);
	return UNIT_EXIT();
}
