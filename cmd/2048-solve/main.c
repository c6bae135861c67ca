/* 2048-solve - the best move for every board read; or play games to the end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "solve.h"

const char *
run_evaluator(const struct run *run, char *buf, size_t size)
{
	if (run->pl.used_plain && !run->pl.used_run)
		return run->pl.plain_evaluator;
	if (run->pl.used_plain)
		snprintf(buf, size, "%s (4x4), %s (other sizes)",
		    run->pl.evaluator, run->pl.plain_evaluator);
	else
		snprintf(buf, size, "%s", run->pl.evaluator);
	return buf;
}

/* ---- one board at a time ---------------------------------------------- */

/* How far the best move leads the next best legal one: values that differ
 * only in their last digits are read at a glance.  A chain table values
 * its move alone: no margin. */
static void
explain_margin(const g2048_decision *r)
{
	int next;

	if (r->dir < 0 || r->source == G2048_BY_CHAIN ||
	    r->source == G2048_BY_DIGEST)
		return;
	next = cli_next_best(r);
	if (next >= 0)
		printf(r->source != G2048_BY_SEARCH ? "  margin %.6f over %s\n" :
		    "  margin %.3f over %s\n", r->value[r->dir] - r->value[next],
		    g2048_dir_name((enum g2048_dir)next));
}

static void
explain(const struct run *run, const g2048_board *b,
    const g2048_decision *r)
{
	int d;

	/* a table's values are exact: more digits */
	for (d = 0; d < G2048_NDIRS; d++)
		if (r->legal >> d & 1)
			printf(r->source != G2048_BY_SEARCH ? "  %-5s %.6f\n" :
			    "  %-5s %.3f\n",
			    g2048_dir_name((enum g2048_dir)d), r->value[d]);
		else
			printf("  %-5s -\n", g2048_dir_name((enum g2048_dir)d));
	explain_source(run, b, r);
	explain_margin(r);
}

/* --json: {"move":"left"}, with --explain each direction's value (null:
 * not legal) and the search's cost */
static void
explain_json(const struct run *run, const g2048_board *b,
    const g2048_decision *r, const char *evaluator)
{
	int d;

	fputs("{\"move\":", stdout);
	if (r->dir >= 0)
		cli_json_string(g2048_dir_name((enum g2048_dir)r->dir));
	else
		fputs("null", stdout);
	if (run->explain) {
		fputs(",\"values\":{", stdout);
		for (d = 0; d < G2048_NDIRS; d++) {
			printf("%s\"%s\":", d ? "," : "",
			    g2048_dir_name((enum g2048_dir)d));
			if (r->legal >> d & 1)
				cli_json_number(r->value[d],
				    r->source != G2048_BY_SEARCH ? 6 : 3);
			else
				fputs("null", stdout);
		}
		printf("},\"depth\":%d,\"deepened\":%s,\"nodes\":%llu,"
		    "\"ms\":%.3f,\"evaluator\":", r->depth,
		    r->deepened ? "true" : "false",
		    (unsigned long long)r->nodes, r->seconds * 1000);
		cli_json_string(evaluator);
		fputs(",\"table\":", stdout);
		if (r->table != NULL)
			cli_json_string(r->table);
		else
			fputs("null", stdout);
		if (r->chain)
			printf(",\"chain\":%d", r->chain);
		else
			fputs(",\"chain\":null", stdout);
		fputs(",\"source\":", stdout);
		cli_json_string(g2048_source_name(r->source));
		json_cover(run, b, r);
	}
	fputs("}\n", stdout);
}

/* The run's end, the games played or a signal's: the status line
 * cleared, the table (--summary) of the games finished, the log closed,
 * the player freed (the cache saved). */
static void
finish(struct run *run)
{
	struct timespec t1;
	char err[600];

	progress_end(run);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (run->summary) {
		if (run->st.games && run->final && !run->tally)
			printf("\n");
		(run->json ? print_summary_json : print_summary)(&run->st,
		    run->tally ? 0 : g2048_seconds_between(&run->t0, &t1),
		    run->tally ? NULL : run_evaluator(run, err, sizeof err));
	}
	if (run->log)
		cli_close_or_die(run->log, "--log");
	run->log = NULL;
	cli_player_free(&run->pl);
	free(run->st.scores);
	run->st.scores = NULL;
}

/* --pack-chain FILE: the chain states the player holds, packed */
static void
pack_chain(struct run *run)
{
	char err[600];
	uint64_t held = 0;

	if (g2048_player_pack_chain(run->pl.player, run->pack_chain, &held,
	    err, sizeof err) < 0)
		cli_die(2, "--pack-chain: %s", err);
	if (!run->quiet)
		cli_warn("%s: %llu chain table states packed", run->pack_chain,
		    (unsigned long long)held);
}

static int
solve_one(g2048_board *b, struct run *run)
{
	g2048_decision r;
	const char *evaluator;

	if (run->tally) {
		if (stats_add(&run->st, b, NULL) < 0)
			cli_die_board(TOTAL_OVERFLOW);
		return 0;
	}
	if (run->play) {
		play_board(run, b);
		return 0;
	}
	if (!b->has_rng) {
		give_stream(run, b);
		if (run->have_seed)
			g2048_rng_next(&run->run_rng);
	}
	if (g2048_best_move(run->pl.player, b, &r) == G2048_UNCOVERED)
		die_uncovered(run, b, &r);
	evaluator = cli_player_evaluator_for(&run->pl, b);
	cli_net_check(run->pl.net);
	cli_player_check(&run->pl);
	if (r.dir < 0 && !run->quiet)
		cli_warn_board("no legal move");
	if (run->json)
		explain_json(run, b, &r, evaluator);
	else if (r.dir >= 0)
		printf("%s\n", g2048_dir_name((enum g2048_dir)r.dir));
	if (run->explain && !run->json) {
		explain(run, b, &r);
		if (run->pl.net && evaluator == run->pl.evaluator)
			printf("  downgrade %lu\n", run->pl.player_opts.search.downgrade ?
			    (unsigned long)g2048_tile(run->pl.player_opts.search.downgrade) : 0UL);
		printf("  evaluator %s%s\n", evaluator, r.source !=
		    G2048_BY_SEARCH ? " (not asked: a table decided)" : "");
	}
	if (run->log)
		log_decision(run, b, &r, evaluator);
	return r.dir < 0;
}

/*
 * A board read, decided or played while the chain cache may fill: a
 * signal then lets the chain tables drop what they compute, the search
 * finishes the move, the board (or its game so far) is written, the cache
 * saved, and the tool ends as the signal would end it.  Between boards,
 * reading, a signal ends the tool at once, as before.
 */
static int
solve_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	int status, sig;

	if (run->pl.keeper == NULL)
		return solve_one(b, run);
	games_catch_signals();
	status = solve_one(b, run);
	games_release_signals();
	if ((sig = games_stop_signal()) != 0) {
		finish(run);                     /* saves the cache */
		cli_warn("interrupted (%s): the cache kept what was computed",
		    strsignal(sig));
		exit(cli_finish(128 + sig));
	}
	return status;
}

/* The player of the run (libcli's, as 2048-review's); the checks of the
 * options together. */
static void
make_player(struct run *run, const struct timespec *started)
{
	if (run->pl.sw.net != NULL && run->new_games && run->other_size)
		cli_usage_error("--net: the net values 4x4 boards, not the "
		    "%dx%d of --size", run->rows, run->cols);
	cli_player_make(&run->pl, run->new_games, run->tally, started);
	cli_keeper_start(&run->pl, run->quiet, &games_stop);
	run->st.tables = g2048_player_has_tables(run->pl.player);
	run->st.until_rank = run->until_rank;
}

int
main(int argc, char **argv)
{
	static struct run run;
	struct timespec started;

	clock_gettime(CLOCK_MONOTONIC, &started);
	argv[0] = cli_init(argv[0]);
	cli_catch_sigbus();      /* it maps table files */
	run.rows = run.cols = G2048_SIDE;
	run.four = G2048_FOUR_PROB;
	parse_options(argc, argv, &run);
	/* the ranges of options together, as any user of the library */
	cli_player_check_ranges(&run.pl);
	/* the trace is a board stream: no lines between its boards */
	if (run.explain && (run.play || run.tally))
		cli_usage_error("--explain is for single moves, not with --play, "
		    "--games or --tally: --log FILE records every decision of "
		    "a game");
	/* JSON Lines: the objects alone, no boards between them */
	if (run.json && run.play && !run.summary)
		cli_usage_error("--json writes the moves of single boards or the "
		    "table (--summary): not the boards of --play or --games");
	if (run.json && run.final)
		cli_usage_error("--json writes the table alone: not with --final");
	cli_player_check_exact(&run.pl);
	if (run.new_games && optind < argc)
		cli_usage_error("--games reads no boards: '%s'", argv[optind]);
	/* a board read keeps its size and odds */
	if (run.max_moves && !run.play)
		cli_usage_error("--moves is for the games of --play and --games");
	/* --tally --until T: the files' games were stopped at T */
	if (run.until_rank && !run.play && !run.tally)
		cli_usage_error("--until is for the games of --play and --games, "
		    "and --tally's of them");
	if ((run.size_given || run.odds_given) && !run.new_games)
		cli_usage_error("--size and --four are the new games' of "
		    "--games: a board read keeps its own");
	if (run.pack_chain)
		cli_check_writable(run.pack_chain, "--pack-chain");
	/* every option read and checked: only now is --log truncated */
	if (run.logname && (run.log = fopen(run.logname, "w")) == NULL)
		cli_die(2, "--log %s: cannot write: %s", run.logname,
		    strerror(errno));
	if (run.have_seed)
		g2048_rng_seed(&run.run_rng, run.seed, 0);
	else if (run.new_games)
		run.seed = cli_random_seed();
	if (run.new_games)
		games_catch_signals();
	make_player(&run, &started);
	clock_gettime(CLOCK_MONOTONIC, &run.t0);
	if (run.play)
		progress_start(&run);
	if (run.new_games)     /* --games 0 too: no game, nothing read */
		play_new_games(&run);
	else {
		cli_shapes(run.strict ? CLI_SHAPES_STRICT : run.quiet ?
		    CLI_SHAPES_ANY : CLI_SHAPES_WARN);
		run.status = cli_boards(argv + optind, argc - optind, solve_board,
		    &run);
	}
	/* a run a signal stopped packs nothing: a file there is whole */
	if (run.pack_chain && games_stop_signal() == 0)
		pack_chain(&run);
	finish(&run);
	return cli_finish(run.status);
}
