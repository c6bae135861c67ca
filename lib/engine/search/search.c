/*
 * search.c - choosing a move by searching: the root of every algorithm
 * (its depths, chosen from the board after nneonneo/2048-ai, its
 * threads), and the search object (expectimax is in expectimax.c,
 * alpha-beta minimax in minimax.c, greedy and random in players.c).
 *
 * Reproducibility is a design rule here: unless a time budget is asked
 * for, a search's result is a function of the grid and the options.  Each
 * root move is searched on its own, with a transposition table that is
 * logically empty when it starts (entries carry the generation of the
 * root search that wrote them), so it does not matter which thread
 * searched which root move, nor what was searched before.
 *
 * The recursion below a root move is in expectimax.c (minimax.c,
 * general.c on other boards); the settings and their check are in
 * search-opts.c, what it asks of a grid in grid.h, and the values of its leaves come from the evaluator
 * (eval.h), whatever its kind.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "eval.h"
#include "grid.h"
#include "search.h"

int
search_elapsed_past(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec &&
	    now.tv_nsec >= deadline->tv_nsec);
}

/* ---- the root --------------------------------------------------------- */

/* The value of root move i, by the general path on a board not 4x4. */
static double
search_root_move(struct search_worker *w, int i)
{
	g2048_search *s = (g2048_search *)w->s;
	g2048_grid g = s->root[i];

	if (s->o.algo != G2048_MINIMAX && s->o.tt_bits &&
	    search_tt_next_generation(&w->tt, s->o.tt_bits) < 0)
		search_tt_free(&w->tt);      /* out of memory: search without */
	if (s->general)
		return search_general_root(w, &s->root_cells[i]);
	switch (s->o.algo) {
	case G2048_MINIMAX:
		return search_minimax_root(w, g);
	default:
		return search_expectimax_root(w, g);
	}
}

static void *
root_worker(void *arg)
{
	struct search_worker *w = arg;
	g2048_search *s = (g2048_search *)w->s;
	int i;

	for (;;) {
		pthread_mutex_lock(&s->lock);
		i = s->next_root < s->nroot ? s->next_root++ : -1;
		pthread_mutex_unlock(&s->lock);
		if (i < 0)
			return NULL;
		s->root_value[i] = search_root_move(w, i);
	}
}

/* Search every root move to depth limit with this probability cutoff,
 * over the threads asked for. */
static int
search_depth(g2048_search *s, int limit, double cutoff)
{
	pthread_t tid[G2048_NDIRS];
	int i, n, started = 0;

	s->next_root = 0;
	s->w[0].nodes += (uint64_t)s->nroot;    /* the root moves */
	n = s->nworkers < s->nroot ? s->nworkers : s->nroot;
	/* a shallow search is over before a thread would start */
	if (limit <= 2)
		n = 1;
	for (i = 0; i < s->nworkers; i++) {
		s->w[i].limit = limit;
		s->w[i].cutoff = cutoff;
		s->w[i].aborted = 0;
	}
	for (i = 1; i < n; i++)
		if (pthread_create(&tid[i], NULL, root_worker, &s->w[i]) == 0)
			started = i;
		else
			break;
	root_worker(&s->w[0]);
	for (i = 1; i <= started; i++)
		pthread_join(tid[i], NULL);
	for (i = 0; i < s->nworkers; i++)
		if (s->w[i].aborted)
			return -1;
	return 0;
}

/* distinct tiles - sub, within min..max (max 0: no bound) */
static int
depth_from(g2048_grid g, int min, int sub, int max)
{
	int d = grid_distinct_tiles(g) - sub;

	if (d < min)
		d = min;
	if (max > 0 && d > max)
		d = max;
	return d;
}

static void
pick_best(g2048_search_result *r)
{
	int d;

	r->dir = -1;
	for (d = 0; d < G2048_NDIRS; d++)
		if ((r->legal >> d & 1) &&
		    (r->dir < 0 || r->value[d] > r->value[r->dir]))
			r->dir = d;
}

/* Search every root move to depth limit with this cutoff; r gets the
 * values and the best move.  -1: the time budget ran out. */
static int
search_values(g2048_search *s, const int *dirs, int limit, double cutoff,
    g2048_search_result *r)
{
	int i;

	if (search_depth(s, limit, cutoff) < 0 && limit > 1)
		return -1;
	for (i = 0; i < s->nroot; i++)
		r->value[dirs[i]] = s->root_reward[i] + s->root_value[i];
	r->depth = limit;
	pick_best(r);
	return 0;
}

/*
 * The board searched is a 4x4 grid g, or c (not NULL), a board of another
 * size, by the general path: its adaptive depth, its empty cells.
 */
static int
board_depth(const g2048_search *s, g2048_grid g, const g2048_cells *c,
    int min, int sub, int max)
{
	return c ? search_general_depth(s, c, min, sub, max) :
	    depth_from(g, min, sub, max);
}

/* The best move's value is well below the evaluator's value of the board
 * it leads to: the search sees a real chance of losing within its
 * horizon. */
static int
in_danger(const g2048_search *s, g2048_grid g, const g2048_cells *c,
    const g2048_search_result *r)
{
	g2048_grid next = g;
	g2048_cells cnext;
	long reward;
	double h;

	if (c) {
		cnext = *c;
		reward = g2048_cells_move(&cnext, (enum g2048_dir)r->dir);
		h = g2048_eval_cells(s->cells_e, &cnext);
	} else {
		reward = g2048_move(&next, (enum g2048_dir)r->dir);
		h = g2048_eval_grid(s->e, next);
	}
	/* a value of the score to come leaves out the move's own score */
	return h > 0 && r->value[r->dir] - (s->to_come ? (double)reward : 0) <
	    s->o.deepen * h;
}

/* The legal moves of r->legal as the root's moves: s->root (s->root_cells
 * for c), their rewards, and their directions in dirs. */
static void
set_roots(g2048_search *s, g2048_grid g, const g2048_cells *c,
    const g2048_search_result *r, int *dirs)
{
	long reward;
	int d;

	s->nroot = 0;
	for (d = 0; d < G2048_NDIRS; d++)
		if (r->legal >> d & 1) {
			g2048_grid next = g;

			if (c) {
				s->root_cells[s->nroot] = *c;
				reward = g2048_cells_move(&s->root_cells[s->nroot],
				    (enum g2048_dir)d);
			} else {
				reward = g2048_move(&next, (enum g2048_dir)d);
			}
			dirs[s->nroot] = d;
			s->root_reward[s->nroot] = s->to_come ? (double)reward : 0;
			s->root[s->nroot++] = next;
		}
}

/* Expectimax or minimax over the legal moves in r->legal. */
static void
search_tree(g2048_search *s, g2048_grid g, const g2048_cells *c,
    g2048_search_result *r)
{
	const g2048_search_opts *o = &s->o;
	int dirs[G2048_NDIRS], limit, deeper, last;
	int empty = c ? g2048_cells_empty_count(c) : g2048_empty_count(g);
	/* a crowded board is where games are lost: look further there */
	double cutoff = o->crowded && empty <= o->crowded ?
	    o->cutoff_crowded : o->cutoff;

	set_roots(s, g, c, r, dirs);
	/* measured on the 4x4 board only: other sizes search without it */
	s->prune_below = o->prune > 0 && !c ? search_value(s, g) - o->prune :
	    -HUGE_VAL;
	if (o->time_ms == 0) {
		limit = o->depth > 0 ? o->depth : board_depth(s, g, c,
		    o->depth_min, o->depth_sub, o->depth_max);
		search_values(s, dirs, limit, cutoff, r);
		if (o->deepen > 0 && o->algo == G2048_EXPECTIMAX &&
		    in_danger(s, g, c, r)) {
			r->deepened = 1;
			deeper = board_depth(s, g, c, limit, o->deepen_sub,
			    o->deepen_max);
			search_values(s, dirs, deeper > limit ? deeper : limit,
			    o->deepen_cutoff, r);
		}
		return;
	}
	/* iterative deepening: keep the deepest search that finished */
	last = o->depth_max > 0 ? o->depth_max : G2048_DEPTH_MAX;
	for (limit = 1; limit <= last; limit++)
		if (search_values(s, dirs, limit, cutoff, r) < 0 ||
		    search_elapsed_past(&s->deadline))
			break;
}

/* The spawns' odds of the board searched: four, the probability of a 4
 * (outside 0..1, the nearer end). */
static void
set_odds(g2048_search *s, double four)
{
	if (!(four > 0))
		four = 0;
	if (four > 1)
		four = 1;
	s->p4 = four;
	s->p2 = 1 - four;
	s->min_rank = four > 0.5 ? 2 : 1;
}

/* Search the 4x4 grid g, or c (not NULL), a board of another size, whose
 * spawns are a 4 with probability four, as they stand. */
static int
search_as_is(g2048_search *s, g2048_grid g, const g2048_cells *c, double four,
    g2048_rng *rng, g2048_search_result *r)
{
	struct timespec start;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &start);
	memset(r, 0, sizeof *r);
	r->dir = -1;
	r->legal = c ? g2048_cells_legal(c) : g2048_legal(g);
	for (i = 0; i < s->nworkers; i++)
		s->w[i].nodes = 0;
	set_odds(s, four);
	s->general = c != NULL;
	if (c && s->e && s->o.algo != G2048_RANDOM &&
	    !g2048_eval_fits(s->cells_e, c->rows, c->cols))
		return G2048_UNFIT;
	if (s->o.time_ms) {
		s->deadline = s->has_origin ? s->origin : start;
		s->has_origin = 0;
		s->deadline.tv_sec += s->o.time_ms / 1000;
		s->deadline.tv_nsec += (long)(s->o.time_ms % 1000) * 1000000L;
		if (s->deadline.tv_nsec >= 1000000000L) {
			s->deadline.tv_sec++;
			s->deadline.tv_nsec -= 1000000000L;
		}
	}
	if (r->legal == 0)
		return -1;
	switch (s->o.algo) {
	case G2048_GREEDY:
		if (c)
			search_general_greedy(s, c, r);
		else
			search_greedy(s, g, r);
		break;
	case G2048_RANDOM:
		search_random(g, rng, r);
		break;
	default:
		search_tree(s, g, c, r);
		for (i = 0; i < s->nworkers; i++)
			r->nodes += s->w[i].nodes;
	}
	r->seconds = g2048_seconds_since(&start);
	return r->dir;
}

/* The flip of g (grid_sym, 0-3) that puts the corner the evaluator
 * values most top left (a transpose changes no value of one corner's). */
static int
best_corner(const g2048_search *s, g2048_grid g)
{
	double best = search_value(s, g), v;
	int k, sym = 0;

	for (k = 1; k < 4; k++)
		if ((v = search_value(s, grid_sym(k, g))) > best) {
			best = v;
			sym = k;
		}
	return sym;
}

/* As search_as_is, but with --corner a 4x4 grid is searched turned
 * toward its best corner, and r given in g's own directions. */
static int
search_run(g2048_search *s, g2048_grid g, const g2048_cells *c, double four,
    g2048_rng *rng, g2048_search_result *r)
{
	g2048_search_result f;
	int sym, d, back;

	if (c || s->corner_e == NULL || (sym = best_corner(s, g)) == 0)
		return search_as_is(s, g, c, four, rng, r);
	search_as_is(s, grid_sym(sym, g), c, four, rng, &f);
	*r = f;
	r->legal = 0;
	for (d = 0; d < G2048_NDIRS; d++) {
		back = grid_sym_dir_back(sym, d);
		r->value[back] = f.value[d];
		r->legal |= (f.legal >> d & 1u) << back;
	}
	r->dir = f.dir < 0 ? -1 : grid_sym_dir_back(sym, f.dir);
	return r->dir;
}

int
g2048_search_run(g2048_search *s, g2048_grid g, g2048_rng *rng,
    g2048_search_result *r)
{
	return search_run(s, g, NULL, 0.1, rng, r);
}

int
g2048_search_cells(g2048_search *s, const g2048_cells *c, double four,
    g2048_rng *rng, g2048_search_result *r)
{
	g2048_grid none = { 0, 0 };

	if (c->rows == 4 && c->cols == 4)
		return search_run(s, g2048_cells_grid(c), NULL, four, rng, r);
	return search_run(s, none, c, four, rng, r);
}

int
g2048_search_board(g2048_search *s, const g2048_board *b, g2048_rng *rng,
    g2048_search_result *r)
{
	g2048_grid none = { 0, 0 };

	if (g2048_board_is_4x4(b))
		return search_run(s, b->grid, NULL, b->four, rng, r);
	return search_run(s, none, &b->cells, b->four, rng, r);
}

void
g2048_search_time_from(g2048_search *s, const struct timespec *origin)
{
	s->origin = *origin;
	s->has_origin = 1;
}

/* ---- contexts --------------------------------------------------------- */

g2048_search *
g2048_search_new(const g2048_search_opts *o, const g2048_eval *e,
    char *err, size_t errsize)
{
	g2048_search *s;
	int i;

	if (g2048_search_check(o, err, errsize) < 0)
		return NULL;
	if ((s = calloc(1, sizeof *s)) == NULL ||
	    (s->w = aligned_alloc(64, (size_t)o->threads * sizeof *s->w)) ==
	    NULL) {
		free(s);
		if (errsize)
			snprintf(err, errsize, "%s", strerror(ENOMEM));
		return NULL;
	}
	memset(s->w, 0, (size_t)o->threads * sizeof *s->w);
	s->o = *o;
	s->e = s->cells_e = e;
	if (e) {            /* random moves need none */
		s->to_come = e->kind->to_come;
		s->best_leaf = e->kind->best_leaf;
	}
	s->nworkers = o->threads;
	for (i = 0; i < s->nworkers; i++)
		s->w[i].s = s;
	pthread_mutex_init(&s->lock, NULL);
	/* an evaluator without the form, or another algorithm, searches
	 * as it is */
	if (o->corner && o->algo == G2048_EXPECTIMAX && e &&
	    e->kind->one_corner) {
		if ((s->corner_e = e->kind->one_corner(e)) == NULL) {
			g2048_search_free(s);
			if (errsize)
				snprintf(err, errsize, "%s", strerror(ENOMEM));
			return NULL;
		}
		s->e = s->corner_e;
	}
	return s;
}

size_t
search_tt_entries(const g2048_search *s)
{
	size_t most = 0;
	int i;

	for (i = 0; i < s->nworkers; i++)
		if (s->w[i].tt.e && s->w[i].tt.size > most)
			most = s->w[i].tt.size;
	return most;
}

void
g2048_search_free(g2048_search *s)
{
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nworkers; i++)
		search_tt_free(&s->w[i].tt);
	g2048_eval_free(s->corner_e);
	free(s->w);
	pthread_mutex_destroy(&s->lock);
	free(s);
}
