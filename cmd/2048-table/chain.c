/*
 * chain.c - 2048-table's chain tables: --chain builds them whole into a
 * folder (a signal keeps what is done), --distill writes a digest of the
 * states that decided the boards read, --pack packs what the chain cache
 * holds (2048-chain(5)).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "table.h"

static volatile sig_atomic_t chain_stop;   /* SIGINT or SIGTERM came */

static void
on_stop_signal(int sig)
{
	(void)sig;
	chain_stop = 1;
}

/* --chain's progress: at most once a second, on a terminal */
static void
build_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct run *run = ctx;
	double s = g2048_seconds_since(&run->chain_t0);

	if (!run->tty || s < run->chain_shown + 1 || done == 0)
		return;
	run->chain_shown = s;
	fprintf(stderr, "\r%s: chain tables: %llu of %llu states, %.0f/s, "
	    "%.0f s left   ", progname, (unsigned long long)done,
	    (unsigned long long)total, (double)done / s,
	    (double)(total - done) * s / (double)done);
}

/* --chain DIR: both tables computed whole, then written; the files of
 * a build stopped by a signal hold what it computed, and the next goes
 * on from them.  small: the small layouts' tables (--small-layouts, for
 * the tests: g2048_chain_new_small). */
int
build_chain_tables(struct run *run, const char *dir, int threads, int small)
{
	struct sigaction sa;
	char err[512], five[4096], six[4096];
	g2048_chain *c;
	int stopped;

	/* first of all: a signal that comes while the files are opened
	 * stops the build before it begins, as cleanly as one during it */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		cli_die(2, "--chain %s: %s", dir, strerror(errno));
	if (g2048_chain_present(dir)) {
		if ((c = g2048_chain_open(dir, err, sizeof err)) == NULL)
			cli_die(2, "%s", err);
		if (g2048_chain_is_small(c) != small)
			cli_die(2, "--chain %s: its files are of the %s layouts",
			    dir, small ? "real" : "small (test)");
	} else if ((c = small ? g2048_chain_new_small() :
	    g2048_chain_new()) == NULL) {
		cli_die(2, "--chain: out of memory");
	}
	/* the sign that a signal from now on keeps what is done */
	if (!run->quiet)
		fprintf(stderr, "%s: building the chain tables in %s (a signal "
		    "stops it, keeping what is done)\n", progname, dir);
	clock_gettime(CLOCK_MONOTONIC, &run->chain_t0);
	if ((stopped = g2048_chain_build(c, threads, run->quiet ? NULL :
	    build_progress, run, &chain_stop)) < 0 || g2048_chain_save(c, dir, err, sizeof err) < 0) {
		if (run->tty && !run->quiet)
			fprintf(stderr, "\n");
		cli_die(2, "%s", stopped < 0 ? "a chain file of the folder is "
		    "corrupt" : err);
	}
	g2048_chain_paths(dir, five, six, sizeof five);
	if (!run->quiet)
		fprintf(stderr, "%s%s: %s, %s: %llu states computed%s, %.1f s, "
		    "peak %ld MB\n", run->tty ? "\r" : "", progname, five, six,
		    (unsigned long long)g2048_chain_states(c),
		    stopped ? " (stopped: run again to go on)" : "",
		    g2048_seconds_since(&run->chain_t0), peak_rss_kb() / 1024);
	g2048_chain_free(c);
	return cli_finish(stopped ? 1 : 0);
}

/* --distill: a board counted; one the tables cannot read is an error */
static int
distill_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	char err[512];

	if (!g2048_board_is_4x4(b) || b->four != 0.1)
		return 0;
	if (g2048_chain_distill_add(run->distill, b->grid) < 0) {
		if (g2048_chain_error(run->distill_tables, err, sizeof err))
			cli_die(2, "%s", err);
		cli_die(2, "--distill: out of memory");
	}
	return 0;
}

/* --distill FILE: the boards read, each counted by the state that
 * decided it, then the most met states written */
int
distill_digest(struct run *run, const char *path, const char *dir,
    uint64_t states, char **files, int nfiles)
{
	uint64_t boards, decided, met;
	g2048_chain *c;
	char err[512];

	if (dir == NULL || !g2048_chain_present(dir))
		cli_die(2, "--distill: no chain tables in %s (make chain-tables, or "
		    "--tables DIR)", dir ? dir : "the tables' folder");
	if ((c = g2048_chain_open(dir, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	run->distill_tables = c;
	if (g2048_chain_is_small(c))
		cli_die(2, "--distill: the chain tables of %s are of the small "
		    "(test) layouts: a digest is of the real ones", dir);
	if ((run->distill = g2048_chain_distill_new(c)) == NULL)
		cli_die(2, "--distill: out of memory");
	cli_boards(files, nfiles, distill_board, run);
	if (g2048_chain_error(c, err, sizeof err))
		cli_die(2, "%s", err);
	if (g2048_chain_distill_save(run->distill, states, path, err,
	    sizeof err) < 0)
		cli_die(2, "%s", err);
	g2048_chain_distill_counts(run->distill, &boards, &decided, &met);
	if (!run->quiet)
		fprintf(stderr, "%s: %s: %llu boards, %llu decided by the "
		    "tables, %llu states met, %llu kept\n", progname, path,
		    (unsigned long long)boards, (unsigned long long)decided,
		    (unsigned long long)met,
		    (unsigned long long)(met < states ? met : states));
	g2048_chain_distill_free(run->distill);
	g2048_chain_free(c);
	return cli_finish(0);
}

/* --pack FILE: every state the chain cache in dir holds, packed */
int
pack_tables(struct run *run, const char *path, const char *dir)
{
	struct timespec t0;
	uint64_t held;
	g2048_chain *c;
	char err[512];

	if (dir == NULL)
		cli_die(2, "--pack: no chain cache (--cache DIR, or "
		    "$G2048_CACHE)");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((c = g2048_chain_cache_open(dir, NULL, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	else if (g2048_chain_cache_held(c) == 0)
		cli_die(2, "--pack: the chain cache in %s holds no states", dir);
	else if (g2048_chain_pack(c, path, &held, err, sizeof err) < 0)
		cli_die(2, "%s", err);
	if (!run->quiet)
		fprintf(stderr, "%s: %s: %llu states of the chain cache in %s, "
		    "%.1f s\n", progname, path, (unsigned long long)held, dir,
		    g2048_seconds_since(&t0));
	g2048_chain_free(c);
	return cli_finish(0);
}
