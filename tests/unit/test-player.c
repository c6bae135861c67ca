/*
 * test-player.c - the player (2048.h, "the player"): what it asks in
 * which order, what its result says decided, --algo exact's refusal, the
 * evaluator that values a board's size, and forks sharing the tables.
 * Through the public header only, as a C user would; run from the top of
 * the tree (tests/run), whose tables/ holds the committed digest.
 */
#include <string.h>

#include "2048.h"
#include "unit.h"

static g2048_board
board_of(const char *text)
{
	g2048_board b;
	char err[128];

	g2048_board_init(&b);
	if (g2048_parse(text, &b, err, sizeof err) < 0)
		CHECK(!"a board of the test");
	return b;
}

static void
test_source_names(void)
{
	CHECK(strcmp(g2048_source_name(G2048_BY_SEARCH), "search") == 0);
	CHECK(strcmp(g2048_source_name(G2048_BY_BOARD_TABLE),
	    "board table") == 0);
	CHECK(strcmp(g2048_source_name(G2048_BY_CHAIN), "chain table") == 0);
	CHECK(strcmp(g2048_source_name(G2048_BY_DIGEST), "digest") == 0);
	CHECK(strcmp(g2048_source_name(G2048_BY_PATTERN),
	    "pattern table") == 0);
}

/* Without tables the search decides, and says so. */
static void
test_search_decides(void)
{
	g2048_search_opts o;
	g2048_search_result r;
	g2048_board b;
	g2048_eval *e = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player *p;
	char err[256];

	g2048_search_defaults(&o);
	o.depth = 1;
	o.threads = 1;
	p = g2048_player_new_search(&o, e, err, sizeof err);
	CHECK(p != NULL && !g2048_player_has_tables(p) &&
	    g2048_player_tables(p) == NULL);
	g2048_new_game(&b, 7);
	if (p) {
		CHECK(g2048_best_move(p, &b, &r) >= 0);
		CHECK(r.source == G2048_BY_SEARCH && r.table == -1 &&
		    r.chain == 0 && r.depth == 1);
	}
	g2048_player_free(p);
	g2048_eval_free(e);
}

/* opts.exact: a board no whole board's table holds is refused, the game
 * unchanged. */
static void
test_exact_refuses(void)
{
	g2048_player_opts o;
	g2048_search_result r;
	g2048_board b, before;
	g2048_eval *e = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player *p;
	char err[256];
	int t;

	g2048_player_defaults(&o);
	o.eval = e;
	o.exact = 1;
	o.search.threads = 1;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	g2048_new_game_size(&b, 2, 3, 0.1, 5);
	before = b;
	CHECK(g2048_best_move(p, &b, &r) == G2048_UNCOVERED && r.dir == -1);
	CHECK(g2048_play_step(p, &b, NULL) == G2048_UNCOVERED);
	CHECK(memcmp(&b, &before, sizeof b) == 0);
	CHECK(g2048_player_cover(p, &b, &t) == G2048_COVER_NO_TABLES &&
	    t == -1);
	g2048_player_free(p);
	g2048_eval_free(e);
}

/* The digest of the tables' folder decides the boards it holds; a fork
 * asks the same tables. */
static void
test_digest_and_fork(void)
{
	/* a board of a seeded game the digest holds (digest-board.txt) */
	g2048_board b = board_of("102323453568278b 24980 1299 move=down "
	    "seed=3 draws=2512\n");
	g2048_player_opts o;
	g2048_search_result r;
	g2048_eval *e = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player *p, *f;
	char err[256];

	g2048_player_defaults(&o);
	g2048_search_fast(&o.search);
	o.eval = e;
	o.tables = "tables";
	o.chain = G2048_CHAIN_FOLDER;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p != NULL);
	if (p == NULL) {
		printf("# %s\n", err);
		return;
	}
	CHECK(g2048_player_has_tables(p));
	CHECK(g2048_best_move(p, &b, &r) == G2048_RIGHT);
	CHECK(r.source == G2048_BY_DIGEST && r.chain == 5 &&
	    r.value[G2048_RIGHT] == 1);
	f = g2048_player_fork(p, 1, err, sizeof err);
	CHECK(f != NULL);
	if (f) {
		memset(&r, 0, sizeof r);
		CHECK(g2048_best_move(f, &b, &r) == G2048_RIGHT &&
		    r.source == G2048_BY_DIGEST);
		CHECK(g2048_player_tables(f) == g2048_player_tables(p));
	}
	g2048_player_free(f);
	/* no chain tables asked: the search */
	g2048_player_free(p);
	o.chain = G2048_CHAIN_NONE;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p != NULL && !g2048_player_has_tables(p));
	if (p) {
		g2048_best_move(p, &b, &r);
		CHECK(r.source == G2048_BY_SEARCH);
	}
	g2048_player_free(p);
	g2048_eval_free(e);
}

/* A net values 4x4 boards: another size goes to the other evaluator, or
 * is G2048_UNFIT without one. */
static void
test_fits(void)
{
	char err[256];
	g2048_net *n = g2048_net_new("0123", NULL, 0, err, sizeof err);
	g2048_eval *net = n ? g2048_eval_net(n, err, sizeof err) : NULL;
	g2048_eval *lines = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player_opts o;
	g2048_search_result r;
	g2048_player *p;
	g2048_board four, three;
	int other;

	CHECK(net != NULL);
	if (net == NULL)
		return;
	g2048_new_game(&four, 1);
	g2048_new_game_size(&three, 3, 3, 0.1, 1);
	g2048_player_defaults(&o);
	o.search.depth = 1;
	o.search.threads = 1;
	o.eval = net;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p && g2048_player_fits(p, &four, &other) && !other);
	CHECK(p && !g2048_player_fits(p, &three, &other));
	CHECK(p && g2048_best_move(p, &three, &r) == G2048_UNFIT);
	g2048_player_free(p);
	o.other_search = o.search;
	o.other_eval = lines;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p && g2048_player_fits(p, &three, &other) && other);
	CHECK(p && g2048_best_move(p, &three, &r) >= 0 &&
	    r.source == G2048_BY_SEARCH);
	g2048_player_free(p);
	g2048_eval_free(lines);
	g2048_eval_free(net);
	g2048_net_free(n);
}

int
main(void)
{
	RUN(test_source_names);
	RUN(test_search_decides);
	RUN(test_exact_refuses);
	RUN(test_digest_and_fork);
	RUN(test_fits);
	return UNIT_EXIT();
}
