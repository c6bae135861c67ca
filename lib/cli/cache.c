/* cache.c - the chain cache's keeper (cli.h): a thread that says on
 * stderr when the chain tables start computing what no file holds (the
 * first games wait, once) and how far they are, and saves the cache now
 * and then; the last save when the tool ends. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define KEEPER_TICK_MS  250
#define KEEPER_SHOW_S   15.0      /* a line of progress, not on a terminal */
#define KEEPER_SAVE_S   600.0     /* a save while states are computed */
/* a save when the process holds this much memory: the saved files are
 * mapped in place of the tables, the run staying under 4 GB */
#define KEEPER_SAVE_BYTES ((uint64_t)3 << 30)
/* A save writes the cache's files again whole: it is made for states of
 * a thousandth or more of the entries they hold.  Fewer cost a later run
 * less to compute again than the save costs: at 5.4 GB on disk (2.7 G
 * entries) that is 2.7 M states, some 2.5 s of CPU, where the save
 * writes 5.7 GB. */
#define KEEPER_SAVE_SHARE 1000

struct cli_keeper {
	struct cli_player *p;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int quiet, ending, announced, tty;
	uint64_t at_start;            /* states computed before (none) */
	double started, shown, saved;
};

/* "computing the chain tables: N states (T s)": a line, or the line
 * redrawn on a terminal */
static void
show(struct cli_keeper *k, uint64_t states, int last)
{
	char el[32];

	cli_hms(el, sizeof el, cli_now() - k->started);
	fprintf(stderr, "%s%s: chain tables: %llu states computed (%s)%s",
	    k->tty ? "\r\033[K" : "", progname,
	    (unsigned long long)states, el, k->tty && !last ? "" : "\n");
	fflush(stderr);
	k->shown = cli_now();
}

static void
save(struct cli_keeper *k)
{
	char err[600];

	if (g2048_player_save(k->p->player, err, sizeof err) < 0)
		cli_warn("the chain cache: not saved (the states computed "
		    "will be again): %s", err);
	k->saved = cli_now();
}

/* the process's resident memory (Linux; elsewhere 0: no save for it) */
static uint64_t
resident(void)
{
	unsigned long long size = 0, pages = 0;
	FILE *fp = fopen("/proc/self/statm", "r");

	if (fp == NULL)
		return 0;
	if (fscanf(fp, "%llu %llu", &size, &pages) != 2)
		pages = 0;
	fclose(fp);
	return (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* the states computed and not saved are worth a save */
static int
worth_saving(const struct cli_keeper *k)
{
	uint64_t unsaved = g2048_player_unsaved(k->p->player);

	return unsaved > 0 && unsaved >=
	    g2048_player_cache_held(k->p->player) / KEEPER_SAVE_SHARE;
}

/* a tick: the announcement, the progress, the periodic save */
static void
tick(struct cli_keeper *k)
{
	uint64_t states = g2048_player_computed(k->p->player) - k->at_start;

	if (states == 0)
		return;
	if (!k->announced) {
		k->announced = 1;
		k->started = k->saved = cli_now();
		if (!k->quiet) {
			cli_warn("computing the chain table states that no file "
			    "holds, kept in %s for later runs (the first games "
			    "wait minutes, once; --no-cache: the digest alone)",
			    k->p->cache);
			show(k, states, 0);
		}
		return;
	}
	if (!k->quiet && (k->tty || cli_now() - k->shown >= KEEPER_SHOW_S))
		show(k, states, 0);
	if ((cli_now() - k->saved >= KEEPER_SAVE_S && worth_saving(k)) ||
	    resident() >= KEEPER_SAVE_BYTES)
		save(k);
}

static void *
keeper(void *arg)
{
	struct cli_keeper *k = arg;
	struct timespec ts;

	pthread_mutex_lock(&k->lock);
	while (!k->ending) {
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += KEEPER_TICK_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&k->wake, &k->lock, &ts);
		if (!k->ending)
			tick(k);
	}
	pthread_mutex_unlock(&k->lock);
	return NULL;
}

void
cli_keeper_start(struct cli_player *p, int quiet,
    const volatile sig_atomic_t *stop)
{
	struct cli_keeper *k;

	if (p->cache == NULL || p->player == NULL ||
	    (k = calloc(1, sizeof *k)) == NULL)
		return;
	k->p = p;
	k->quiet = quiet;
	k->tty = isatty(STDERR_FILENO);
	k->at_start = g2048_player_computed(p->player);
	g2048_player_set_stop(p->player, stop);
	pthread_mutex_init(&k->lock, NULL);
	pthread_cond_init(&k->wake, NULL);
	if (pthread_create(&k->thread, NULL, keeper, k) != 0) {
		free(k);
		return;
	}
	p->keeper = k;
}

void
cli_keeper_end(struct cli_player *p)
{
	struct cli_keeper *k = p->keeper;
	uint64_t states;

	if (k == NULL)
		return;
	pthread_mutex_lock(&k->lock);
	k->ending = 1;
	pthread_cond_signal(&k->wake);
	pthread_mutex_unlock(&k->lock);
	pthread_join(k->thread, NULL);
	states = g2048_player_computed(p->player) - k->at_start;
	if (k->announced && !k->quiet)
		show(k, states, 1);
	if (worth_saving(k)) {
		save(k);
		if (k->announced && !k->quiet)
			cli_warn("chain tables: kept in %s", p->cache);
	} else if (g2048_player_unsaved(p->player) > 0 && k->announced &&
	    !k->quiet)
		cli_warn("chain tables: %llu states not kept: fewer than a "
		    "thousandth of what %s holds, which a save writes again "
		    "whole (a later run computes them again)",
		    (unsigned long long)g2048_player_unsaved(p->player),
		    p->cache);
	pthread_mutex_destroy(&k->lock);
	pthread_cond_destroy(&k->wake);
	free(k);
	p->keeper = NULL;
}
