/* train.c - 2048-learn's training run: workers, progress, saves. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "learn.h"

/* ---- progress ------------------------------------------------------- */

/* A block's line: on a terminal redrawn in place, else one a block. */
static void
report(struct run *run, const struct block *b, uint64_t games, double dt)
{
	double elapsed = cli_now() - run->start;
	double left = elapsed / (double)(games - run->first) *
	    (double)(run->end - games);
	double fresh = b->fresh > 0 ? (double)b->fresh : 1;
	char el[32], rem[32], text[256];
	size_t n;
	int t;

	if (run->log) {
		fprintf(run->log, "%llu\t%llu\t%.0f\t%.1f\t%llu",
		    (unsigned long long)games, (unsigned long long)b->moves,
		    dt > 0 ? (double)b->moves / dt : 0,
		    (double)b->score_sum / fresh,
		    (unsigned long long)b->score_max);
		for (t = TILE_FIRST; t <= TILE_LAST; t++)
			fprintf(run->log, "\t%.2f", 100.0 * (double)b->reach[t] /
			    fresh);
		fprintf(run->log, "\t%.1f\t%llu\n", elapsed,
		    (unsigned long long)b->fresh);
		/* the curve can be watched as it grows; a full disk is told
		 * at the end, the training goes on */
		if (fflush(run->log) != 0 && !run->log_errno)
			run->log_errno = errno;
	}
	if (run->quiet)
		return;
	cli_hms(el, sizeof el, elapsed);
	cli_hms(rem, sizeof rem, left);
	n = (size_t)snprintf(text, sizeof text, "games %llu/%llu  %s elapsed, "
	    "%s left  %.2fM moves/s  mean %.0f  max %llu",
	    (unsigned long long)games, (unsigned long long)run->end, el, rem,
	    dt > 0 ? (double)b->moves / dt / 1e6 : 0,
	    (double)b->score_sum / fresh,
	    (unsigned long long)b->score_max);
	for (t = TILE_FIRST; t <= TILE_LAST && n < sizeof text; t++)
		n += (size_t)snprintf(text + n, sizeof text - n, "  %lu:%.1f%%",
		    (unsigned long)g2048_tile(t),
		    100.0 * (double)b->reach[t] / fresh);
	if (run->line.on)
		cli_status_draw(&run->line, "%s", text);
	else
		fprintf(stderr, "%s: %s\n", progname, text);
}

/* a + n, or UINT64_MAX past it: a loaded net's count of games may be
 * close to the top */
static uint64_t
after(uint64_t a, uint64_t n)
{
	return n > UINT64_MAX - a ? UINT64_MAX : a + n;
}

/* Count a game into its block; report the blocks now complete, in order.
 * Called with the lock held. */
static void
count_game(struct run *run, uint64_t game, const g2048_learn_game *g)
{
	struct block *b;
	int t;

	b = &run->block[(game - run->first) / run->blocksize %
	    BLOCKS_IN_FLIGHT];
	b->games++;
	b->moves += g->moves;
	run->moves += g->moves;
	if (g->fresh) {
		b->fresh++;
		b->score_sum += g->score;
		if (g->score > b->score_max)
			b->score_max = g->score;
		for (t = TILE_FIRST; t <= TILE_LAST && t <= g->max_rank; t++)
			b->reach[t]++;
	}
	for (;;) {
		uint64_t lo = after(run->first, run->done_to * run->blocksize);
		uint64_t hi = after(lo, run->blocksize) < run->end ?
		    lo + run->blocksize : run->end;
		double t_now;

		b = &run->block[run->done_to % BLOCKS_IN_FLIGHT];
		if (lo >= run->end || b->games < hi - lo)
			break;
		t_now = cli_now();
		report(run, b, hi, t_now - run->last_draw);
		run->last_draw = t_now;
		memset(b, 0, sizeof *b);
		run->done_to++;
	}
}

/* ---- the workers ----------------------------------------------------- */

/* The next game to play, or UINT64_MAX to stop; waits while paused. */
static uint64_t
take_game(struct run *run)
{
	uint64_t game = UINT64_MAX;

	pthread_mutex_lock(&run->lock);
	while (run->pause && !run->stop)
		pthread_cond_wait(&run->wake, &run->lock);
	/* a block far ahead of the report waits for the slow game */
	while (!run->stop && run->next < run->end &&
	    (run->next - run->first) / run->blocksize >=
	    run->done_to + BLOCKS_IN_FLIGHT)
		pthread_cond_wait(&run->wake, &run->lock);
	if (!run->stop && run->next < run->end) {
		game = run->next++;
		run->busy++;
	}
	pthread_mutex_unlock(&run->lock);
	return game;
}

static void *
worker(void *arg)
{
	struct run *run = arg;
	char err[256];
	g2048_learner *l = g2048_learner_new(run->net, &run->opts, err,
	    sizeof err);
	uint64_t game;

	while (l && (game = take_game(run)) != UINT64_MAX) {
		g2048_learn_game g;
		g2048_rng r;
		uint64_t reported;
		int rc;

		g2048_learn_rng(&r, run->seed, game);
		rc = g2048_learner_play(l, &r, &g);
		pthread_mutex_lock(&run->lock);
		reported = run->done_to;
		if (rc < 0)
			run->failed = run->stop = 1;
		else
			count_game(run, game, &g);
		run->busy--;
		/* wake only a wait this can end: a taker's (a block
		 * reported), a save's or the end's (no game running); a wake
		 * a game costs 4% of training's time in short early games */
		if (run->done_to != reported || rc < 0 || (run->busy == 0 &&
		    (run->pause || run->stop || run->next >= run->end)))
			pthread_cond_broadcast(&run->wake);
		pthread_mutex_unlock(&run->lock);
	}
	if (l == NULL) {
		pthread_mutex_lock(&run->lock);
		run->failed = run->stop = 1;
		pthread_cond_broadcast(&run->wake);
		pthread_mutex_unlock(&run->lock);
	}
	g2048_learner_free(l);
	return NULL;
}

/* Write the net to path; a failure ends the run, saying whether an
 * earlier file there is kept. */
static void
save_to(g2048_net *net, const char *path)
{
	char err[512];
	int existed = access(path, F_OK) == 0;

	if (g2048_net_save(net, path, err, sizeof err) < 0)
		cli_die(2, "%s%s", err, existed ? " (the previous file is kept)" :
		    "");
}

/* Save with every game taken finished and none running.  Lock held. */
static void
save(struct run *run)
{
	run->pause = 1;
	while (run->busy > 0)
		pthread_cond_wait(&run->wake, &run->lock);
	g2048_net_set_trained(run->net, run->next, run->moves, run->seed,
	    run->train);
	save_to(run->net, run->save);
	run->pause = 0;
	pthread_cond_broadcast(&run->wake);
}

/* The trained net without its training state, for play. */
static void
export(struct run *run)
{
	g2048_net_drop_tc(run->net);
	save_to(run->net, run->export);
}

/* Run the workers; save every run->every games, on a signal, and at the
 * end.  Returns 1 if interrupted. */
int
train(struct run *run)
{
	pthread_t tid[G2048_LEARN_THREADS_MAX];
	uint64_t next_save = run->every ? after(run->first, run->every) :
	    UINT64_MAX;
	int i, status;

	pthread_mutex_init(&run->lock, NULL);
	pthread_cond_init(&run->wake, NULL);
	cli_status_start(&run->line, run->quiet);
	run->start = run->last_draw = cli_now();
	for (i = 0; i < run->threads; i++)
		if (pthread_create(&tid[i], NULL, worker, run) != 0)
			cli_die(2, "cannot start a thread");
	pthread_mutex_lock(&run->lock);
	while (!run->stop && (run->next < run->end || run->busy > 0)) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&run->wake, &run->lock, &ts);
		if (interrupted)
			run->stop = 1;
		else if (run->next >= next_save && run->next < run->end) {
			save(run);
			next_save = after(run->next, run->every);
		}
	}
	run->stop = 1;
	pthread_cond_broadcast(&run->wake);
	while (run->busy > 0)
		pthread_cond_wait(&run->wake, &run->lock);
	pthread_mutex_unlock(&run->lock);
	for (i = 0; i < run->threads; i++)
		pthread_join(tid[i], NULL);
	if (run->failed)
		cli_die(2, "out of memory");
	cli_status_end(&run->line, 1);
	status = interrupted || run->next < run->end;
	pthread_mutex_lock(&run->lock);
	save(run);
	pthread_mutex_unlock(&run->lock);
	if (status)
		cli_warn("interrupted after %llu games, %llu left; saved to %s: "
		    "go on with --load %s --games %llu",
		    (unsigned long long)run->next,
		    (unsigned long long)(run->end - run->next), run->save,
		    run->save, (unsigned long long)(run->end - run->next));
	else if (run->export)
		export(run);
	return status;
}

