/* games.c - 2048-solve's games: played to the end with the library's
 * steps, their boards and decisions written in game order.
 * One file of over 500 lines: the pool of workers, its window of games,
 * the signal that stops it and the status line share the pool's lock. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "solve.h"

/* Text of one game's boards or log lines, written out in game order. */
struct out {
	char *buf;
	size_t len, cap;
};

struct game {
	g2048_board b;
	g2048_writer w;              /* the game's part of the board stream */
	struct out trace, log;
	struct effort search;
	int overflow;                /* the move toward it would wrap a
	                                counter (-1: none) */
	int uncovered;               /* --algo exact: it ended on a board no
	                                whole board's table holds, */
	g2048_decision why;          /* by this decision */
	int done;
	int stopped;                 /* --games stopped by a signal first */
};

static int stopping(void);

/* ---- the status line ------------------------------------------------ */

void
progress_start(struct run *run)
{
	static struct progress progress;

	cli_status_start(&progress.line, run->quiet);
	atomic_init(&progress.moves, 0);
	progress.until_rank = run->until_rank;
	run->progress = &progress;
}

void
progress_end(struct run *run)
{
	if (run->progress)
		cli_status_end(&run->progress->line, 0);
}

/* A game finished: count it for the line (under the pool's lock). */
static void
progress_count(struct progress *p, const g2048_board *b)
{
	int r;

	p->games++;
	p->score_sum += b->score;
	p->moves_finished += b->moves;
	if (g2048_cells_cap(b->rows, b->cols) > p->rank_cap)
		p->rank_cap = g2048_cells_cap(b->rows, b->cols);
	if (p->until_rank && p->rank_cap > p->until_rank)
		p->rank_cap = p->until_rank;
	for (r = board_max_rank(b); r > 0; r--)
		p->reach[r]++;
}

/* Redraw the line if due: games done (of N with --games), the time gone
 * and, with --games, the time left at the rate so far, moves/s, the
 * finished games' mean score and how many reached 2048 ... 32768 (last,
 * as a narrow terminal drops the last fields). */
static void
progress_draw(struct progress *p, uint64_t of)
{
	char text[256], el[32], left[32];
	double t, rest;
	size_t n;
	int r;

	if (!cli_status_due(&p->line))
		return;
	t = cli_status_elapsed(&p->line);
	cli_hms(el, sizeof el, t);
	n = (size_t)snprintf(text, sizeof text, "games %llu",
	    (unsigned long long)p->games);
	if (of)
		n += (size_t)snprintf(text + n, sizeof text - n, "/%llu",
		    (unsigned long long)of);
	n += (size_t)snprintf(text + n, sizeof text - n, "  %s elapsed", el);
	/* the time left from the moves played against the moves expected
	 * (the finished games' mean a game), not from the games finished,
	 * which end in bursts */
	if (of && (rest = cli_games_left(&p->eta, t, p->games, of,
	    atomic_load(&p->moves), p->moves_finished, (uint64_t)p->workers <
	    of - p->games ? p->workers : (int)(of - p->games))) >= 0) {
		cli_hms(left, sizeof left, rest);
		n += (size_t)snprintf(text + n, sizeof text - n, ", %s left",
		    left);
	}
	n += (size_t)snprintf(text + n, sizeof text - n, "  %.0f moves/s",
	    t > 0 ? (double)atomic_load(&p->moves) / t : 0);
	if (p->games) {
		n += (size_t)snprintf(text + n, sizeof text - n, "  mean %.0f",
		    (double)p->score_sum / (double)p->games);
		/* 2048 ... 32768, or a small board's five largest */
		for (r = p->rank_cap < 17 ? p->rank_cap - 4 : 11; r <= (p->rank_cap < 17 ?
		    p->rank_cap : 15) && n < sizeof text; r++)
			n += (size_t)snprintf(text + n, sizeof text - n,
			    "  %llu:%.0f%%", 1ULL << r,
			    100.0 * (double)p->reach[r] / (double)p->games);
	}
	cli_status_draw(&p->line, "%s", text);
}

/* ---- a game's text ---------------------------------------------------- */

static void
out_add(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 4096;
		char *p;

		while (cap < o->len + n + 1)
			cap *= 2;
		if ((p = realloc(o->buf, cap)) == NULL)
			cli_die(2, "out of memory");
		o->buf = p;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static void
out_board(struct game *gm)
{
	char text[G2048_STREAM_MAX];
	int n = g2048_writer_format(&gm->w, &gm->b, text, sizeof text);

	out_add(&gm->trace, text, (size_t)n);
}

static void
out_flush(struct out *o, FILE *fp)
{
	if (o->len && fwrite(o->buf, 1, o->len, fp) != o->len) {
		if (fp == stdout)
			cli_write_failed(errno);
		cli_die(2, "--log: write error: %s", strerror(errno));
	}
	free(o->buf);
	memset(o, 0, sizeof *o);
}

/* One decision for --log: the board, the move, every value, the search. */
static void
out_decision(struct out *o, const g2048_board *b, const g2048_decision *r,
    const char *evaluator)
{
	char line[G2048_TEXT_MAX + 256];
	int n, d;

	n = g2048_format_compact(b, line, sizeof line) - 1;
	n += snprintf(line + n, sizeof line - (size_t)n, "\t%s\t",
	    r->dir < 0 ? "none" : g2048_dir_name((enum g2048_dir)r->dir));
	for (d = 0; d < G2048_NDIRS; d++)
		n += snprintf(line + n, sizeof line - (size_t)n,
		    r->legal >> d & 1 ? "%s=%.3f " : "%s=- ",
		    g2048_dir_name((enum g2048_dir)d), r->value[d]);
	n += snprintf(line + n, sizeof line - (size_t)n,
	    "depth=%d nodes=%llu eval=%.*s\n", r->depth,
	    (unsigned long long)r->nodes, (int)strcspn(evaluator, " "),
	    evaluator);
	out_add(o, line, (size_t)n);
}

void
log_decision(struct run *run, const g2048_board *b,
    const g2048_decision *r, const char *evaluator)
{
	struct out log = { NULL, 0, 0 };

	out_decision(&log, b, r, evaluator);
	out_flush(&log, run->log);
}

void
give_stream(struct run *run, g2048_board *b)
{
	g2048_rng own;

	if (!b->has_rng)
		cli_board_save_rng(b, cli_board_rng(b, &run->run_rng,
		    run->have_seed, &own));
}

/* Play gm->b to the end, step by step as 2048-solve | 2048-move |
 * 2048-spawn does; keep its boards (all, or the last with --final). */
static void
play_game(const struct run *run, g2048_player *p, const char *evaluator,
    struct game *gm)
{
	g2048_decision r;
	g2048_board before;
	int boards = !run->summary || run->final, d;
	uint64_t moves = 0;

	if (boards && !run->final)
		out_board(gm);
	do {
		if ((run->max_moves && moves++ == run->max_moves) ||
		    (run->until_rank &&
		    board_max_rank(&gm->b) >= run->until_rank)) {
			d = -1;
			r.dir = -1;
			break;
		}
		if (run->log)
			before = gm->b;
		d = g2048_play_step(p, &gm->b, &r);
		effort_add(&gm->search, &(struct effort){ r.nodes,
		    (uint64_t)r.deepened, r.seconds, r.seconds,
		    r.source != G2048_BY_SEARCH });
		if (run->log)
			out_decision(&gm->log, &before, &r, evaluator);
		if (d >= 0 && boards && !run->final)
			out_board(gm);
		if (d >= 0 && run->progress) {
			atomic_fetch_add_explicit(&run->progress->moves, 1,
			    memory_order_relaxed);
			/* --play draws from its own thread; --games from main */
			if (!run->new_games)
				progress_draw(run->progress, 0);
		}
		/* a net's or a table's block that failed its check ends the
		 * game at once: game_done refuses it with the message */
		if (d >= 0 && stopping()) {
			gm->stopped = 1;
			if (run->new_games)
				return;
			break;          /* a board's game: written as it stands */
		}
	} while (d >= 0 && !(run->pl.net != NULL &&
	    g2048_net_check(run->pl.net, NULL, 0) < 0) &&
	    !g2048_player_error(p, NULL, 0));
	gm->overflow = d == G2048_OVERFLOW ? r.dir : -1;
	if ((gm->uncovered = d == G2048_UNCOVERED))
		gm->why = r;
	if (boards && run->final)
		out_board(gm);
}

/* Write a finished game and count it: 0, or -1 if the total of moves
 * would wrap (nothing written). */
static int
game_done(struct run *run, struct game *gm)
{
	/* a net block that failed its check: none of its moves is written */
	cli_net_check(run->pl.net);
	/* nor of a table that failed its check */
	cli_player_check(&run->pl);
	/* --algo exact: a board past the tables' cover ends the run */
	if (gm->uncovered)
		die_uncovered(run, &gm->b, &gm->why);
	if (stats_add(&run->st, &gm->b, &gm->search) < 0)
		return -1;
	/* boards on the terminal start a clean line */
	if (gm->trace.len && isatty(STDOUT_FILENO))
		progress_end(run);
	out_flush(&gm->trace, stdout);
	if (run->log)
		out_flush(&gm->log, run->log);
	/* a finished game is written out at once: a run of hours stopped
	 * by a signal keeps every game it finished */
	if (fflush(stdout) == EOF)
		cli_write_failed(errno);
	if (run->log && fflush(run->log) == EOF)
		cli_die(2, "--log: write error: %s", strerror(errno));
	return 0;
}
void
play_board(struct run *run, g2048_board *b)
{
	struct game gm;
	int adopt = !b->has_rng && run->have_seed;
	const char *evaluator = cli_player_evaluator_for(&run->pl, b);

	memset(&gm, 0, sizeof gm);
	give_stream(run, b);
	gm.b = *b;
	gm.w = cli_out;
	play_game(run, run->pl.player, evaluator, &gm);
	if (gm.overflow >= 0)
		cli_die_overflow(&gm.b, gm.overflow);
	if (game_done(run, &gm) < 0)
		cli_die_board(TOTAL_OVERFLOW);
	if (run->progress)
		progress_count(run->progress, &gm.b);
	cli_out = gm.w;
	if (adopt)      /* the run's generator goes on where the game ended */
		g2048_rng_seed(&run->run_rng, gm.b.seed, gm.b.draws);
}

/*
 * --games: workers take games in order; the main thread writes them in
 * order, so the output does not depend on the number of workers.  The
 * games in play or waiting to be written are a window of slots, game i in
 * games[i % window], so memory is bounded by the workers, not by N: a
 * worker takes a game only once the main thread has made it (ready), and
 * the main thread makes game i + window once game i is written.
 */
struct pool {
	struct run *run;
	struct game *games;
	uint64_t window;
	uint64_t next;               /* the next game a worker takes */
	uint64_t ready;              /* games made so far */
	g2048_writer out;            /* the board stream where --games began */
	pthread_mutex_t lock;
	pthread_cond_t done;         /* a game ended (or a worker did) */
	pthread_cond_t room;         /* a game was made, or the run stops */
};

/* SIGINT or SIGTERM during --games: no new game starts, the games in play
 * end where they are (not counted), the finished ones are written and
 * counted, marked partial.  While a board read is decided or played with
 * the chain cache (main.c): the board's game ends where it is, written,
 * and the tool ends after saving the cache. */
static atomic_int stop_signal;
volatile sig_atomic_t games_stop;
static struct timespec stop_time;   /* when the first came */
static struct sigaction old_int, old_term;

/* The first signal stops the run; one within a second of it is the same
 * stop (timeout(1) and a process group's kill send it twice); a later
 * one ends the tool at once. */
static void
on_stop(int sig)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (atomic_load(&stop_signal) == 0) {
		stop_time = now;
		atomic_store(&stop_signal, sig);
		games_stop = 1;
	} else if (g2048_seconds_between(&stop_time, &now) > 1) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

void
games_release_signals(void)
{
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
}

int
games_stop_signal(void)
{
	return atomic_load(&stop_signal);
}

void
games_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	/* a signal ignored when we started (a job in the background of a
	 * shell without job control) stays ignored */
	if (old_int.sa_handler == SIG_IGN)
		sigaction(SIGINT, &old_int, NULL);
	if (old_term.sa_handler == SIG_IGN)
		sigaction(SIGTERM, &old_term, NULL);
}

static int
stopping(void)
{
	return atomic_load_explicit(&stop_signal, memory_order_relaxed) != 0;
}

/* Make game i in its slot (the main thread, under the lock or before the
 * workers start). */
static void
make_game(struct pool *p, uint64_t i)
{
	struct run *run = p->run;
	struct game *gm = &p->games[i % p->window];

	free(gm->trace.buf);
	free(gm->log.buf);
	memset(gm, 0, sizeof *gm);
	if (run->size_given || run->odds_given)
		g2048_new_game_size(&gm->b, run->rows, run->cols, run->four,
		    run->seed + i);
	else
		g2048_new_game(&gm->b, run->seed + i);
	/* every game writes a board or none: after the first, a game's
	 * boards go on a stream that holds some already */
	gm->w = p->out;
	gm->w.boards += i;
}

static void *
games_worker(void *arg)
{
	struct pool *p = arg;
	g2048_player *s;
	struct game *gm;
	char err[256];
	uint64_t i;

	if ((s = g2048_player_fork(p->run->pl.player, 1, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	for (;;) {
		pthread_mutex_lock(&p->lock);
		while (!stopping() && p->next < p->run->games &&
		    p->next >= p->ready)
			pthread_cond_wait(&p->room, &p->lock);
		i = !stopping() && p->next < p->run->games ? p->next++ :
		    UINT64_MAX;
		pthread_mutex_unlock(&p->lock);
		if (i == UINT64_MAX)
			break;
		gm = &p->games[i % p->window];
		play_game(p->run, s, p->run->pl.evaluator, gm);
		pthread_mutex_lock(&p->lock);
		if (!gm->stopped)
			progress_count(p->run->progress, &gm->b);
		gm->done = 1;
		pthread_cond_broadcast(&p->done);
		pthread_mutex_unlock(&p->lock);
	}
	g2048_player_free(s);
	pthread_mutex_lock(&p->lock);
	pthread_cond_broadcast(&p->done);
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Wait (under the lock) until game i is done: 1, or 0 if the run stops
 * before a worker took it. */
static int
wait_game(struct pool *p, uint64_t i)
{
	struct run *run = p->run;
	struct game *gm = &p->games[i % p->window];

	while (!gm->done) {
		if (stopping() && i >= p->next)
			return 0;
		if (run->progress->line.on || stopping()) {
			/* wake to redraw the line, or to see the stop */
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += 250000000;
			if (ts.tv_nsec >= 1000000000) {
				ts.tv_sec++;
				ts.tv_nsec -= 1000000000;
			}
			pthread_cond_timedwait(&p->done, &p->lock, &ts);
		} else {
			pthread_cond_wait(&p->done, &p->lock);
		}
		progress_draw(run->progress, run->games);
	}
	/* games quicker than a wait are drawn too */
	progress_draw(run->progress, run->games);
	return !gm->stopped;
}

void
play_new_games(struct run *run)
{
	struct pool p;
	pthread_t tid[G2048_THREADS_MAX];
	uint64_t i;
	int w, n = run->workers, played;

	memset(&p, 0, sizeof p);
	p.run = run;
	p.out = cli_out;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.done, NULL);
	pthread_cond_init(&p.room, NULL);
	if ((uint64_t)n > run->games)
		n = (int)run->games;
	run->progress->workers = n;
	/* room for each worker to run some games ahead of a long one */
	p.window = 8 * (uint64_t)(n > 2 ? n : 2);
	if (p.window > run->games)
		p.window = run->games ? run->games : 1;
	if ((p.games = calloc(p.window, sizeof *p.games)) == NULL)
		cli_die(2, "out of memory");
	for (p.ready = 0; p.ready < p.window && p.ready < run->games; p.ready++)
		make_game(&p, p.ready);
	/* ^C keeps the games finished (the handlers were set before the
	 * player was made: games_catch_signals) */
	for (w = 0; w < n; w++)
		if (pthread_create(&tid[w], NULL, games_worker, &p) != 0)
			cli_die(2, "cannot start a thread");
	for (i = 0; i < run->games; i++) {
		pthread_mutex_lock(&p.lock);
		played = wait_game(&p, i);
		pthread_mutex_unlock(&p.lock);
		if (!played)
			break;
		if (game_done(run, &p.games[i % p.window]) < 0)
			cli_die(2, TOTAL_OVERFLOW);
		pthread_mutex_lock(&p.lock);
		if (p.ready < run->games)
			make_game(&p, p.ready++);
		pthread_cond_broadcast(&p.room);
		pthread_mutex_unlock(&p.lock);
	}
	pthread_mutex_lock(&p.lock);
	pthread_cond_broadcast(&p.room);
	pthread_mutex_unlock(&p.lock);
	for (w = 0; w < n; w++)
		pthread_join(tid[w], NULL);
	if (stopping()) {
		run->st.interrupted_of = run->games;
		/* the shell's status of a tool the signal ended */
		run->status = 128 + atomic_load(&stop_signal);
		progress_end(run);
		cli_warn("interrupted (%s) after %llu of %llu games",
		    strsignal(atomic_load(&stop_signal)),
		    (unsigned long long)run->st.games,
		    (unsigned long long)run->games);
	}
	games_release_signals();
	for (i = 0; i < p.window; i++) {
		free(p.games[i].trace.buf);
		free(p.games[i].log.buf);
	}
	free(p.games);
}
