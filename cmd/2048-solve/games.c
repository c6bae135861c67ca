/* games.c - 2048-solve's games: played to the end with the library's
 * steps, their boards and decisions written in game order. */
#include <errno.h>
#include <pthread.h>
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
	                                whole board's table holds */
	int done;
};

/* ---- the status line ------------------------------------------------ */

void
progress_start(struct run *run)
{
	static struct progress progress;

	cli_status_start(&progress.line, run->quiet);
	atomic_init(&progress.moves, 0);
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
	if (g2048_cells_cap(b->rows, b->cols) > p->rank_cap)
		p->rank_cap = g2048_cells_cap(b->rows, b->cols);
	for (r = board_max_rank(b); r > 0; r--)
		p->reach[r]++;
}

/* Redraw the line if due: games done (of N with --games), the time gone
 * and, with --games, the time left at the rate so far, moves/s, the
 * finished games' mean score and how many reached 2048 ... 32768 (last,
 * as a narrow terminal cuts the line). */
static void
progress_draw(struct progress *p, uint64_t of)
{
	char text[256], el[32], left[32];
	double t;
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
	if (of && p->games) {
		cli_hms(left, sizeof left, t / (double)p->games *
		    (double)(of - p->games));
		n += (size_t)snprintf(text + n, sizeof text - n, ", %s left",
		    left);
	}
	n += (size_t)snprintf(text + n, sizeof text - n, "  %.0f moves/s",
	    t > 0 ? (double)atomic_load(&p->moves) / t : 0);
	if (p->games) {
		n += (size_t)snprintf(text + n, sizeof text - n, "  mean %.0f ",
		    (double)p->score_sum / (double)p->games);
		/* 2048 ... 32768, or a small board's five largest */
		for (r = p->rank_cap < 17 ? p->rank_cap - 4 : 11; r <= (p->rank_cap < 17 ?
		    p->rank_cap : 15) && n < sizeof text; r++)
			n += (size_t)snprintf(text + n, sizeof text - n,
			    " %llu:%.0f%%", 1ULL << r,
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
	if (o->len && fwrite(o->buf, 1, o->len, fp) != o->len)
		cli_die(2, "%swrite error: %s", fp == stdout ? "" : "--log: ",
		    strerror(errno));
	free(o->buf);
	memset(o, 0, sizeof *o);
}

/* One decision for --log: the board, the move, every value, the search. */
static void
out_decision(struct out *o, const g2048_board *b, const g2048_search_result *r,
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
    const g2048_search_result *r, const char *evaluator)
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
	g2048_search_result r;
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
	} while (d >= 0 && !(run->pl.net != NULL &&
	    g2048_net_check(run->pl.net, NULL, 0) < 0) &&
	    !g2048_player_error(p, NULL, 0));
	gm->overflow = d == G2048_OVERFLOW ? r.dir : -1;
	gm->uncovered = d == G2048_UNCOVERED;
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
	check_tables(run);
	/* --algo exact: a board past the tables' cover ends the run */
	if (gm->uncovered)
		require_cover(run, &gm->b);
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
	if (fflush(stdout) == EOF || (run->log && fflush(run->log) == EOF))
		cli_die(2, "write error: %s", strerror(errno));
	return 0;
}
void
play_board(struct run *run, g2048_board *b)
{
	struct game gm;
	int adopt = !b->has_rng && run->have_seed;
	const char *evaluator = evaluator_for(run, b);

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

/* --games: workers take games in order; the main thread writes them in
 * order, so the output does not depend on the number of workers. */
struct pool {
	struct run *run;
	struct game *games;
	uint64_t next;
	pthread_mutex_t lock;
	pthread_cond_t done;
};

static void *
games_worker(void *arg)
{
	struct pool *p = arg;
	g2048_player *s;
	char err[256];
	uint64_t i;

	if ((s = g2048_player_fork(p->run->pl.player, 1, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	for (;;) {
		pthread_mutex_lock(&p->lock);
		i = p->next < p->run->games ? p->next++ : UINT64_MAX;
		pthread_mutex_unlock(&p->lock);
		if (i == UINT64_MAX)
			break;
		play_game(p->run, s, p->run->pl.evaluator, &p->games[i]);
		pthread_mutex_lock(&p->lock);
		progress_count(p->run->progress, &p->games[i].b);
		p->games[i].done = 1;
		pthread_cond_broadcast(&p->done);
		pthread_mutex_unlock(&p->lock);
	}
	g2048_player_free(s);
	return NULL;
}

void
play_new_games(struct run *run)
{
	struct pool p = { run, NULL, 0, PTHREAD_MUTEX_INITIALIZER,
	    PTHREAD_COND_INITIALIZER };
	pthread_t tid[G2048_THREADS_MAX];
	uint64_t i;
	int w, n = run->workers;

	if ((uint64_t)n > run->games)
		n = (int)run->games;
	if ((p.games = calloc(run->games ? run->games : 1,
	    sizeof *p.games)) == NULL)
		cli_die(2, "out of memory");
	for (i = 0; i < run->games; i++) {
		if (run->size_given || run->odds_given)
			g2048_new_game_size(&p.games[i].b, run->rows,
			    run->cols, run->four, run->seed + i);
		else
			g2048_new_game(&p.games[i].b, run->seed + i);
		if (run->pl.exact)
			require_cover(run, &p.games[i].b);
		/* every game writes a board or none: after the first, a
		 * game's boards go on a stream that holds some already */
		p.games[i].w = cli_out;
		p.games[i].w.boards += i;
	}
	for (w = 0; w < n; w++)
		if (pthread_create(&tid[w], NULL, games_worker, &p) != 0)
			cli_die(2, "cannot start a thread");
	for (i = 0; i < run->games; i++) {
		pthread_mutex_lock(&p.lock);
		while (!p.games[i].done) {
			if (run->progress->line.on) {
				/* wake to redraw the line */
				struct timespec ts;

				clock_gettime(CLOCK_REALTIME, &ts);
				ts.tv_nsec += 250000000;
				if (ts.tv_nsec >= 1000000000) {
					ts.tv_sec++;
					ts.tv_nsec -= 1000000000;
				}
				pthread_cond_timedwait(&p.done, &p.lock, &ts);
			} else {
				pthread_cond_wait(&p.done, &p.lock);
			}
			progress_draw(run->progress, run->games);
		}
		/* games quicker than a wait are drawn too */
		progress_draw(run->progress, run->games);
		pthread_mutex_unlock(&p.lock);
		if (game_done(run, &p.games[i]) < 0)
			cli_die(2, TOTAL_OVERFLOW);
	}
	for (w = 0; w < n; w++)
		pthread_join(tid[w], NULL);
	free(p.games);
}
