/*
 * game.c - a stream of boards checked to be a game, and its positions
 * valued: each board follows the one before by the move its `move` key
 * names (or, without one, by some legal move) and one spawn of a 2 or a
 * 4; the positions are valued a batch at a time, in parallel on the
 * workers' forks of the player, and reported in the game's order.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "review.h"

/* ---- the stream is a game ---------------------------------------------- */

/* 1 if next is m with one spawn allowed by the odds (four) in an empty
 * cell of m. */
static int
one_spawn(const g2048_cells *m, const g2048_cells *next, double four)
{
	int i, n = m->rows * m->cols, spawned = 0;

	for (i = 0; i < n; i++) {
		if (m->rank[i] == next->rank[i])
			continue;
		if (m->rank[i] != 0 || spawned++ ||
		    (next->rank[i] == 1 && four >= 1) ||
		    (next->rank[i] == 2 && four <= 0) ||
		    next->rank[i] > 2)
			return 0;
	}
	return spawned == 1;
}

/* The move that makes next from prev (and a spawn), or -1 with why in
 * err. */
static int
move_played(const g2048_board *prev, const g2048_board *next, char *err,
    size_t size)
{
	g2048_cells pc, nc, mc;
	g2048_board m;
	unsigned legal;
	int d, found = -1, scored = -1;

	if (prev->rows != next->rows || prev->cols != next->cols) {
		snprintf(err, size, "a %dx%d board cannot follow a %dx%d one: "
		    "not a game", next->rows, next->cols, prev->rows,
		    prev->cols);
		return -1;
	}
	if (prev->four != next->four) {
		snprintf(err, size, "four %g cannot follow four %g: not a game",
		    next->four, prev->four);
		return -1;
	}
	g2048_board_get_cells(prev, &pc);
	g2048_board_get_cells(next, &nc);
	if ((legal = g2048_cells_legal(&pc)) == 0) {
		snprintf(err, size, "the board before cannot move: the game "
		    "was over");
		return -1;
	}
	if (next->last_move >= 0 && !(legal >> next->last_move & 1)) {
		snprintf(err, size, "move %s is not legal on the board before",
		    g2048_dir_name((enum g2048_dir)next->last_move));
		return -1;
	}
	for (d = 0; d < G2048_NDIRS; d++) {
		if (!(legal >> d & 1) || (next->last_move >= 0 &&
		    d != next->last_move))
			continue;
		m = *prev;
		if (g2048_board_move(&m, (enum g2048_dir)d) < 0)
			continue;
		g2048_board_get_cells(&m, &mc);
		if (!one_spawn(&mc, &nc, prev->four))
			continue;
		if (found < 0)
			found = d;
		if (scored < 0 && m.score == next->score)
			scored = d;
	}
	if (found < 0) {
		if (next->last_move >= 0)
			snprintf(err, size, "the board does not follow the one "
			    "before by move %s and a spawn",
			    g2048_dir_name((enum g2048_dir)next->last_move));
		else
			snprintf(err, size, "the board does not follow the one "
			    "before by a move and a spawn");
		return -1;
	}
	d = scored >= 0 ? scored : found;
	m = *prev;
	g2048_board_move(&m, (enum g2048_dir)d);
	/* a stream that counts (a game's trace, a save) counts right; typed
	 * boards count nothing */
	if (m.score != next->score && !(prev->score == 0 && next->score == 0)) {
		snprintf(err, size, "score %llu does not follow: the move "
		    "makes %llu", (unsigned long long)next->score,
		    (unsigned long long)m.score);
		return -1;
	}
	if (next->moves != prev->moves + 1 &&
	    !(prev->moves == 0 && next->moves == 0)) {
		snprintf(err, size, "moves %llu does not follow moves %llu",
		    (unsigned long long)next->moves,
		    (unsigned long long)prev->moves);
		return -1;
	}
	return d;
}

int
review_board(g2048_board *b, void *ctx)
{
	struct review *rv = ctx;
	struct position *p;
	char err[256];
	int d;

	rv->boards++;
	if (!rv->have_prev) {
		/* a 2x4 or 3x3 game judged exactly too: its table built
		 * once into the cache, then the workers' forks made */
		cli_player_board_table(&rv->pl, b, rv->workers, rv->quiet);
		review_fork_workers(rv);
		/* after the build, whose signals' thread the keeper's
		 * thread leaves them to */
		cli_keeper_start(&rv->pl, rv->quiet, NULL);
		rv->prev = *b;
		rv->have_prev = 1;
		return 0;
	}
	if ((d = move_played(&rv->prev, b, err, sizeof err)) < 0) {
		/* the moves before it, written whole */
		review_flush(rv);
		cli_die_board("%s", err);
	}
	cli_player_evaluator_for(&rv->pl, &rv->prev);
	/* --every N: the stream checked whole, one move in N valued */
	if ((rv->boards - 2) % rv->every != 0) {
		rv->prev = *b;
		return 0;
	}
	p = &rv->batch[rv->n++];
	memset(p, 0, sizeof *p);
	p->b = rv->prev;
	p->number = rv->prev.moves ? rv->prev.moves + 1 : rv->boards - 1;
	p->played = d;
	rv->prev = *b;
	if (rv->n == rv->cap)
		review_flush(rv);
	return 0;
}

/* ---- valuing ---------------------------------------------------------- */

static void
value_position(struct review *rv, struct worker *w, struct position *p)
{
	cli_review_move(w->player, &w->search, &rv->pl.player_opts, &p->b,
	    p->played, &p->m);
}

struct job {
	struct review *rv;
	struct worker *w;
};

static void
draw_status(struct review *rv)
{
	char w[3][64];

	cli_status_draw(&rv->status, "%s reviewed, %llu best, %s, %s",
	    cli_count(w[0], sizeof w[0], rv->reviewed +
	    atomic_load(&rv->done), "move", "moves"),
	    (unsigned long long)rv->count[CLI_BEST], cli_count(w[1],
	    sizeof w[1], rv->count[CLI_MISTAKE], "mistake", "mistakes"),
	    cli_count(w[2], sizeof w[2], rv->count[CLI_BLUNDER], "blunder",
	    "blunders"));
}

static void
work(struct review *rv, struct worker *w, int draws)
{
	size_t i;

	while ((i = atomic_fetch_add(&rv->next, 1)) < rv->n) {
		value_position(rv, w, &rv->batch[i]);
		atomic_fetch_add(&rv->done, 1);
		if (draws && cli_status_due(&rv->status))
			draw_status(rv);
	}
}

static void *
work_thread(void *arg)
{
	struct job *j = arg;

	work(j->rv, j->w, 0);
	return NULL;
}

void
review_flush(struct review *rv)
{
	pthread_t t[G2048_THREADS_MAX];
	struct job jobs[G2048_THREADS_MAX];
	int i, started = 0;
	size_t k;

	if (rv->n == 0)
		return;
	atomic_store(&rv->next, 0);
	atomic_store(&rv->done, 0);
	for (i = 1; i < rv->workers && (size_t)i < rv->n; i++) {
		jobs[i].rv = rv;
		jobs[i].w = &rv->w[i];
		if (pthread_create(&t[i], NULL, work_thread, &jobs[i]) != 0)
			break;
		started = i;
	}
	work(rv, &rv->w[0], 1);
	for (i = 1; i <= started; i++)
		pthread_join(t[i], NULL);
	cli_player_check(&rv->pl);
	for (k = 0; k < rv->n; k++) {
		/* --algo exact: the moves before it written whole */
		if (rv->batch[k].m.uncovered) {
			fflush(stdout);
			cli_die(2, "--algo exact: move %llu: no whole board's "
			    "table holds the board before",
			    (unsigned long long)rv->batch[k].number);
		}
		report_position(rv, &rv->batch[k]);
	}
	rv->n = 0;
}
