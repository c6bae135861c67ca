/*
 * test-cli.c - libcli's status line: a line fitted to the terminal by
 * whole fields, and the time left of --games, which must not swing as
 * games end in bursts; a review's judgement: the search's noise is best,
 * a table's loss is not; counts in words; the player's options of the
 * switches.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "unit.h"

static void
test_fit(void)
{
	const char *t = "games 3/10  0:07 elapsed, 0:03 left  mean 6124  "
	    "2048:50%";

	CHECK_EQ_U64(cli_status_fit(t, 200), strlen(t));
	CHECK_EQ_U64(cli_status_fit(t, strlen(t)), strlen(t));
	/* "mean 6" never: the field goes whole */
	CHECK_EQ_U64(cli_status_fit(t, 44), strlen("games 3/10  0:07 "
	    "elapsed, 0:03 left"));
	CHECK_EQ_U64(cli_status_fit(t, 48), strlen("games 3/10  0:07 "
	    "elapsed, 0:03 left  mean 6124"));
	CHECK_EQ_U64(cli_status_fit(t, 12), strlen("games 3/10"));
	/* a first field wider than the terminal is cut */
	CHECK_EQ_U64(cli_status_fit(t, 5), 5);
}

/*
 * 40 games on 2 workers at 100 moves a second each, of 2000 to 20000
 * moves (a pseudo-random sequence, short ones first): the run's time left
 * every quarter second, as --games draws it, against the truth.  From the
 * third game finished to the last fifth of the run (what is left then
 * hangs on a few games), the estimate must stay within 60% of the truth
 * and never swing by 1.4 times within 30 s; the estimate from the games
 * finished (the time so far per game) swings by almost 2.
 */
#define GAMES 40
#define WORKERS 2
#define RATE 100.0

static double
simulate(int by_games, double *worst_error, double *worst_swing)
{
	double len[GAMES], start[GAMES], end = 0, est[40000], t;
	double at[WORKERS] = { 0 };
	struct cli_eta eta;
	uint64_t seed = 12345;
	int g, w, n = 0, i, j;

	/* each game to the worker free first, in order */
	for (g = 0; g < GAMES; g++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		len[g] = 2000 + (double)(seed >> 33) / (double)(1ULL << 31) *
		    18000;
		w = at[0] <= at[1] ? 0 : 1;
		start[g] = at[w];
		at[w] += len[g] / RATE;
		if (at[w] > end)
			end = at[w];
	}
	memset(&eta, 0, sizeof eta);
	*worst_error = *worst_swing = 0;
	for (t = 0.25; t < end && n < 40000; t += 0.25, n++) {
		uint64_t finished = 0, moves = 0, moves_finished = 0;
		int playing = 0;

		for (g = 0; g < GAMES; g++) {
			double played = (t - start[g]) * RATE;

			if (played >= len[g]) {
				finished++;
				moves += (uint64_t)len[g];
				moves_finished += (uint64_t)len[g];
			} else if (played > 0) {
				playing++;
				moves += (uint64_t)played;
			}
		}
		est[n] = by_games ? (finished ? t / (double)finished *
		    (double)(GAMES - finished) : -1) :
		    cli_games_left(&eta, t, finished, GAMES, moves,
		    moves_finished, playing);
		if (finished < 3 || end - t < end / 5)
			continue;
		if (fabs(est[n] - (end - t)) / (end - t) > *worst_error)
			*worst_error = fabs(est[n] - (end - t)) / (end - t);
		for (i = n - 1, j = 0; i >= 0 && j < 120; i--, j++)
			if (est[i] > 0 && (est[n] / est[i] > *worst_swing ||
			    est[i] / est[n] > *worst_swing))
				*worst_swing = est[n] > est[i] ?
				    est[n] / est[i] : est[i] / est[n];
	}
	return end;
}

static void
test_games_left(void)
{
	double error, swing;

	simulate(0, &error, &swing);
	printf("# moves: worst error %.0f%%, worst swing in 30 s %.2fx\n",
	    100 * error, swing);
	CHECK(error < 0.6);
	CHECK(swing < 1.4);
	/* the scenario is one where counting games swings */
	simulate(1, &error, &swing);
	printf("# games: worst error %.0f%%, worst swing in 30 s %.2fx\n",
	    100 * error, swing);
	CHECK(swing >= 1.8);
}

/* A move losing share of the best's figure, of kind k, judged by j. */
static enum cli_judgement
judged(const struct cli_judge *j, enum g2048_values k, double share)
{
	struct cli_reviewed m;

	memset(&m, 0, sizeof m);
	m.kind = k;
	m.loss = share * 1000;
	m.share = share;
	return cli_judge(j, &m);
}

static void
test_judge(void)
{
	struct cli_judge j;
	char buf[64];

	cli_judge_defaults(&j);
	/* the search's noise is best, a table's figures exact */
	CHECK(judged(&j, G2048_VALUES_SEARCH, 2.4e-7) == CLI_BEST);
	CHECK(judged(&j, G2048_VALUES_SEARCH, CLI_SEARCH_NOISE_SHARE) == CLI_BEST);
	CHECK(judged(&j, G2048_VALUES_SEARCH, 0.005) == CLI_INACCURACY);
	CHECK(judged(&j, G2048_VALUES_SCORE, 2.4e-7) == CLI_INACCURACY);
	CHECK(judged(&j, G2048_VALUES_PROB, 0.002) == CLI_INACCURACY);
	CHECK(judged(&j, G2048_VALUES_SCORE, 0) == CLI_BEST);
	CHECK(judged(&j, G2048_VALUES_SEARCH, 0.02) == CLI_MISTAKE);
	CHECK(judged(&j, G2048_VALUES_PROB, 0.1) == CLI_BLUNDER);
	CHECK(strcmp(cli_count(buf, sizeof buf, 1, "mistake", "mistakes"),
	    "1 mistake") == 0);
	CHECK(strcmp(cli_count(buf, sizeof buf, 0, "mistake", "mistakes"),
	    "0 mistakes") == 0);
	CHECK(strcmp(cli_count(buf, sizeof buf, 2, "inaccuracy",
	    "inaccuracies"), "2 inaccuracies") == 0);
}

/* The player's options of the switches: one pure function, what
 * 2048-solve, 2048-review and 2048-play's hint make their player of. */
static void
test_player_opts(void)
{
	struct cli_player pl;
	g2048_player_opts o, want;

	/* no switch: 2048-solve's default, the folder's tables and chain */
	memset(&pl, 0, sizeof pl);
	pl.tablesdir = "t";
	pl.workers = 2;
	cli_player_opts(&pl, 0, &o);
	g2048_player_defaults(&want);
	want.search.threads = want.other_search.threads = 2;
	CHECK(memcmp(&o.search, &want.search, sizeof want.search) == 0);
	CHECK(memcmp(&o.other_search, &want.other_search,
	    sizeof want.other_search) == 0);
	CHECK(o.tables != NULL && strcmp(o.tables, "t") == 0);
	CHECK(o.chain == G2048_CHAIN_FOLDER && !o.tables_named && !o.exact);
	CHECK(o.table_min == want.table_min && o.table_from == want.table_from &&
	    o.chain_min == want.chain_min);
	/* --tables DIR --chain --algo exact --table-min 0.5 */
	CHECK(cli_player_option(&pl, 'X', "t") && cli_player_option(&pl, 'Y',
	    NULL) && cli_player_option(&pl, 'a', "exact") &&
	    cli_player_option(&pl, 'K', "0.5"));
	CHECK(!cli_player_option(&pl, 'q', NULL));
	cli_player_opts(&pl, 0, &o);
	CHECK(o.tables_named && o.chain == G2048_CHAIN_COMPUTE && o.exact &&
	    o.table_min == 0.5 && o.table_from == want.table_from);
	/* --no-chain; and a run that consults no table (--tally) */
	cli_player_option(&pl, 'y', NULL);
	cli_player_opts(&pl, 0, &o);
	CHECK(o.chain == G2048_CHAIN_NONE && o.tables != NULL);
	pl.sw.no_chain = 0;
	cli_player_opts(&pl, 1, &o);
	CHECK(o.chain == G2048_CHAIN_NONE && o.tables == NULL);
	/* the setting named (--fast), wherever it stands, under the
	 * switches given, each the last of its fields: --depth 5 --cutoff
	 * 0.01 --fast --adaptive 2,1,9 */
	memset(&pl, 0, sizeof pl);
	pl.workers = 8;
	cli_player_option(&pl, 'd', "5");
	cli_player_option(&pl, 'C', "0.01");
	cli_player_option(&pl, 'F', NULL);
	cli_player_option(&pl, 'A', "2,1,9");
	cli_player_opts(&pl, 0, &o);
	g2048_player_defaults(&want);
	g2048_player_setting(&want, 1, 0);
	CHECK(o.search.tt_bits == want.search.tt_bits);
	CHECK(o.search.cutoff == 0.01 && o.other_search.cutoff == 0.01);
	CHECK(o.search.depth == 0 && o.search.depth_min == 2 &&
	    o.search.depth_sub == 1 && o.search.depth_max == 9);
	CHECK(o.search.deepen == want.search.deepen);
	CHECK(o.search.threads == G2048_NDIRS);
	/* a fixed depth means that depth, unless --deepen is given */
	cli_player_option(&pl, 'd', "3");
	cli_player_opts(&pl, 0, &o);
	CHECK(o.search.depth == 3 && o.search.deepen == 0 &&
	    o.other_search.deepen == 0);
	cli_player_option(&pl, 'D', "0.9,1,12,0.001");
	cli_player_opts(&pl, 0, &o);
	CHECK(o.search.depth == 3 && o.search.deepen == 0.9 &&
	    o.search.deepen_max == 12);
	CHECK(pl.sw.fast && !pl.sw.one_ply);
	cli_player_option(&pl, 'd', "1");
	CHECK(pl.sw.one_ply);
}

int
main(void)
{
	RUN(test_player_opts);
	RUN(test_fit);
	RUN(test_games_left);
	RUN(test_judge);
	return UNIT_EXIT();
}
