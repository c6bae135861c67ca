/*
 * test-player.c - the player (2048.h, "the player"): what it asks in
 * which order, what its result says decided, --algo exact's refusal, the
 * evaluator that values a board's size, and forks sharing the tables.
 * Through the public header only, as a C user would; run from the top of
 * the tree (tests/run), whose tables/ holds the committed digest.
 */
#include <string.h>

#include "2048-private.h"
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
	g2048_decision r;
	g2048_board b;
	g2048_eval *e = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player *p;
	char err[256];

	g2048_search_defaults(&o);
	o.depth = 1;
	o.threads = 1;
	p = g2048_player_new_search(&o, e, err, sizeof err);
	CHECK(p != NULL && !g2048_player_has_tables(p));
	g2048_new_game(&b, 7);
	if (p) {
		CHECK(g2048_best_move(p, &b, &r) >= 0);
		CHECK(r.source == G2048_BY_SEARCH && r.table == NULL &&
		    r.chain == 0 && r.depth == 1 &&
		    r.values == G2048_VALUES_SEARCH);
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
	g2048_decision r;
	g2048_board b, before;
	g2048_eval *e = g2048_eval_new(NULL, NULL, NULL, 0);
	g2048_player *p;
	char err[256];

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
	CHECK(r.cover == G2048_COVER_NO_TABLES && r.cover_table == NULL);
	CHECK(g2048_play_step(p, &b, NULL) == G2048_UNCOVERED);
	CHECK(memcmp(&b, &before, sizeof b) == 0);
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
	g2048_decision r;
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
	    r.value[G2048_RIGHT] == 1 && r.values == G2048_VALUES_CHAIN);
	f = g2048_player_fork(p, 1, err, sizeof err);
	CHECK(f != NULL);
	if (f) {
		memset(&r, 0, sizeof r);
		CHECK(g2048_best_move(f, &b, &r) == G2048_RIGHT &&
		    r.source == G2048_BY_DIGEST);
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
	g2048_decision r;
	g2048_player *p;
	g2048_board four, three;

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
	CHECK(p && g2048_player_eval_for(p, &four) == net);
	CHECK(p && g2048_player_eval_for(p, &three) == NULL);
	CHECK(p && g2048_best_move(p, &three, &r) == G2048_UNFIT);
	g2048_player_free(p);
	o.other_search = o.search;
	o.other_eval = lines;
	p = g2048_player_new(&o, err, sizeof err);
	CHECK(p && g2048_player_eval_for(p, &three) == lines);
	CHECK(p && g2048_best_move(p, &three, &r) >= 0 &&
	    r.source == G2048_BY_SEARCH);
	g2048_player_free(p);
	g2048_eval_free(lines);
	g2048_eval_free(net);
	g2048_net_free(n);
}

/* A net plays by the folder's chain tables only where the tables were
 * named (tables_named); the heuristic always. */
static void
test_net_plays_alone(void)
{
	g2048_board b = board_of("102323453568278b 24980 1299 move=down "
	    "seed=3 draws=2512\n");
	char err[256];
	g2048_net *n = g2048_net_new("0123", NULL, 0, err, sizeof err);
	g2048_eval *net = n ? g2048_eval_net(n, err, sizeof err) : NULL;
	g2048_player_opts o;
	g2048_decision r;
	g2048_player *p;
	int named;

	CHECK(net != NULL);
	if (net == NULL)
		return;
	for (named = 0; named < 2; named++) {
		g2048_player_defaults(&o);
		g2048_player_setting(&o, 1, 1);
		o.search.threads = 1;
		o.eval = net;
		o.tables = "tables";
		o.tables_named = named;
		o.chain = G2048_CHAIN_FOLDER;
		p = g2048_player_new(&o, err, sizeof err);
		CHECK(p != NULL);
		if (p == NULL)
			continue;
		CHECK(g2048_player_has_tables(p) == named);
		g2048_best_move(p, &b, &r);
		CHECK(r.source == (named ? G2048_BY_DIGEST : G2048_BY_SEARCH));
		g2048_player_free(p);
	}
	g2048_eval_free(net);
	g2048_net_free(n);
}

/* The presets: a net's and the heuristic's, the heuristic's other; the
 * thresholds are the player's and checked with both searches. */
static void
test_setting_and_check(void)
{
	g2048_player_opts o;
	g2048_search_opts want;
	char err[256];

	g2048_player_defaults(&o);
	g2048_search_defaults(&want);
	CHECK(memcmp(&o.search, &want, sizeof want) == 0);
	CHECK(o.table_min == 0.9 && o.table_from == 14 && o.chain_min == 0);
	g2048_player_setting(&o, 1, 1);
	g2048_search_net_fast(&want);
	CHECK(memcmp(&o.search, &want, sizeof want) == 0);
	g2048_search_fast(&want);
	CHECK(memcmp(&o.other_search, &want, sizeof want) == 0);
	CHECK(g2048_player_check(&o, err, sizeof err) == 0);
	o.table_min = 1.5;
	CHECK(g2048_player_check(&o, err, sizeof err) < 0 &&
	    strstr(err, "table-min") != NULL);
	o.table_min = 0.5;
	o.other_search.depth = G2048_DEPTH_MAX + 1;
	CHECK(g2048_player_check(&o, err, sizeof err) < 0 &&
	    strstr(err, "depth") != NULL);
}

/* A decision in words, by what its values are. */
static void
test_decision_text(void)
{
	g2048_decision d;
	char buf[256];

	memset(&d, 0, sizeof d);
	d.dir = G2048_LEFT;
	d.depth = 3;
	d.nodes = 1200;
	g2048_decision_text(&d, 0, buf, sizeof buf);
	CHECK(strcmp(buf, "search depth 3 nodes 1200") == 0);
	d.source = G2048_BY_PATTERN;
	d.values = G2048_VALUES_PROB;
	d.table = "p.tbl";
	d.value[G2048_LEFT] = 0.5;
	g2048_decision_text(&d, 0, buf, sizeof buf);
	CHECK(strcmp(buf, "pattern table p.tbl probability 0.500000") == 0);
	d.source = G2048_BY_BOARD_TABLE;
	d.values = G2048_VALUES_SCORE;
	d.table = "2x3.tbl";
	d.rows = 2;
	d.cols = 3;
	d.four = 0.1;
	g2048_decision_text(&d, 10, buf, sizeof buf);
	CHECK(strcmp(buf, "board table 2x3.tbl (2x3, four 0.1, score) exact: "
	    "expected score to come 0.500000, final 10.500000") == 0);
	d.source = G2048_BY_DIGEST;
	d.values = G2048_VALUES_CHAIN;
	d.chain = 5;
	g2048_decision_text(&d, 0, buf, sizeof buf);
	CHECK(strcmp(buf, "chain table of the block of 5 (the digest), "
	    "probability 0.500000") == 0);
}

int
main(void)
{
	RUN(test_net_plays_alone);
	RUN(test_setting_and_check);
	RUN(test_decision_text);
	RUN(test_source_names);
	RUN(test_search_decides);
	RUN(test_exact_refuses);
	RUN(test_digest_and_fork);
	RUN(test_fits);
	return UNIT_EXIT();
}
