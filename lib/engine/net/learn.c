/* learn.c - afterstate TD learning of an n-tuple network by self-play. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "2048-private.h"
#include "grid.h"
#include "net.h"

/* Training games draw from streams of their own: game i is on stream
 * LEARN_STREAM + i, far from G2048_STREAM, the stream of 2048-new. */
#define LEARN_STREAM ((uint64_t)1 << 40)

/* One afterstate of a game, kept for the lambda-return. */
struct step {
	g2048_grid after;
	uint32_t reward;                 /* of the move that made it */
};

/* The boards kept for restarts at one rank: the last POOL_SIZE made. */
#define POOL_SIZE 1024
struct pool {
	g2048_grid board[POOL_SIZE];
	size_t n, next;
};

struct g2048_learner {
	g2048_net *net;
	g2048_learn_opts opts;
	double step;                     /* alpha / features */
	struct step *steps;              /* the lambda-return's game */
	size_t nsteps, cap;
	struct pool *pool;               /* one per restart rank */
	uint64_t played;                 /* games, for the restarts' turn */
	g2048_grid half;                 /* halves: where the next begins */
	int have_half;
};

/* An afterstate with its features and value. */
struct after {
	g2048_grid grid;
	long reward;
	int nfeat;
	double value;
	size_t idx[NET_FEATURES_MAX];
};

void
g2048_learn_defaults(g2048_learn_opts *o)
{
	o->alpha = 0.1;
	o->lambda = 0;
	o->tc = 0;
	o->nrestarts = 0;
	o->halves = 0;
	o->four_threshold = G2048_FOUR_DEFAULT;
}

void
g2048_learn_rng(g2048_rng *r, uint64_t seed, uint64_t game)
{
	g2048_rng_init(r, seed, LEARN_STREAM + game);
	r->seed = seed;
	r->draws = 0;
}

g2048_learner *
g2048_learner_new(g2048_net *n, const g2048_learn_opts *o, char *err,
    size_t errsize)
{
	g2048_learner *l;
	int i;

	if (!(o->alpha > 0 && o->alpha <= 1) ||
	    !(o->lambda >= 0 && o->lambda <= 1)) {
		snprintf(err, errsize, "alpha must be in (0, 1] and lambda in "
		    "[0, 1]");
		return NULL;
	}
	if (o->nrestarts < 0 || o->nrestarts > G2048_LEARN_RESTARTS_MAX) {
		snprintf(err, errsize, "at most %d restart tiles",
		    G2048_LEARN_RESTARTS_MAX);
		return NULL;
	}
	for (i = 0; i < o->nrestarts; i++)
		if (o->restart_rank[i] < 2 || o->restart_rank[i] > 17 ||
		    (i > 0 && o->restart_rank[i] <= o->restart_rank[i - 1])) {
			snprintf(err, errsize, "restart tiles must be "
			    "increasing tiles from 4 to 131072");
			return NULL;
		}
	/* learning reads and writes every weight: a net opened to be
	 * checked as read is checked whole now */
	if (net_check_all(n, err, errsize) < 0)
		return NULL;
	net_lazy_drop(n);
	if (o->tc && n->tc_err == NULL) {
		snprintf(err, errsize, "TC learning needs the net's TC "
		    "accumulators");
		return NULL;
	}
	if ((l = calloc(1, sizeof *l)) == NULL || (o->nrestarts > 0 &&
	    (l->pool = calloc((size_t)o->nrestarts, sizeof *l->pool)) ==
	    NULL)) {
		free(l);
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	l->net = n;
	l->opts = *o;
	l->step = o->alpha / (n->ntuples * NET_IMAGES);
	return l;
}

void
g2048_learner_free(g2048_learner *l)
{
	if (l == NULL)
		return;
	free(l->steps);
	free(l->pool);
	free(l);
}

static void
features_of(const g2048_net *n, struct after *a)
{
	a->nfeat = net_grid_features(n, a->grid, 0, a->idx);
	a->value = net_sum(n, a->idx, a->nfeat);
}

/* Move every feature weight of a toward error. */
static void
update(g2048_learner *l, const size_t *idx, int nfeat, double error)
{
	g2048_net *n = l->net;
	float delta = (float)(l->step * error);
	int i;

	if (!l->opts.tc) {
		for (i = 0; i < nfeat; i++)
			n->w[idx[i]] += delta;
		return;
	}
	for (i = 0; i < nfeat; i++) {
		size_t j = idx[i];
		float a = n->tc_abs[j];
		float rate = a > 0 ? fabsf(n->tc_err[j]) / a : 1;

		n->w[j] += delta * rate;
		n->tc_err[j] += (float)error;
		n->tc_abs[j] += (float)fabs(error);
	}
}

/* The four afterstates of g and their rewards (-1: not a move), the
 * grid transposed once for up and down, as g2048_move makes them. */
static void
slides(g2048_grid g, struct after *cand)
{
	uint64_t c;
	long rows, cols;
	int d;

	if (!grid_fast_ok(g)) {
		for (d = 0; d < G2048_NDIRS; d++) {
			cand[d].grid = g;
			cand[d].reward = g2048_move(&cand[d].grid,
			    (enum g2048_dir)d);
		}
		return;
	}
	c = grid_transpose_lo(g.lo);
	rows = grid_rows_score(g.lo);
	cols = grid_rows_score(c);
	cand[G2048_UP].grid.lo = grid_cols_from(c, grid_col_up);
	cand[G2048_DOWN].grid.lo = grid_cols_from(c, grid_col_down);
	cand[G2048_LEFT].grid.lo = grid_rows_by(g.lo, grid_row_left);
	cand[G2048_RIGHT].grid.lo = grid_rows_by(g.lo, grid_row_right);
	for (d = 0; d < G2048_NDIRS; d++) {
		cand[d].grid.hi = 0;
		cand[d].reward = cand[d].grid.lo == g.lo ? -1 :
		    d == G2048_LEFT || d == G2048_RIGHT ? rows : cols;
	}
}

/*
 * The move of the largest reward plus afterstate value, into *best; the
 * first such in the order up, down, left, right.  0, or -1: no move.
 * The weights are read at random from a large table: every afterstate's
 * reads are asked for before any is summed, so their misses overlap.
 */
static int
choose(const g2048_net *n, g2048_grid g, struct after *cand, int *best)
{
	int d, i, found = 0;

	slides(g, cand);
	for (d = 0; d < G2048_NDIRS; d++) {
		struct after *t = &cand[d];

		if (t->reward < 0)
			continue;
		t->nfeat = net_grid_features(n, t->grid, 0, t->idx);
		for (i = 0; i < t->nfeat; i++)
			__builtin_prefetch(&n->w[t->idx[i]]);
	}
	for (d = 0; d < G2048_NDIRS; d++) {
		struct after *t = &cand[d];

		if (t->reward < 0)
			continue;
		t->value = net_sum(n, t->idx, t->nfeat);
		if (found && t->reward + t->value <=
		    cand[*best].reward + cand[*best].value)
			continue;
		*best = d;
		found = 1;
	}
	return found ? 0 : -1;
}

static int
keep_step(g2048_learner *l, g2048_grid after, long reward)
{
	if (l->nsteps == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 4096;
		struct step *s = realloc(l->steps, cap * sizeof *s);

		if (s == NULL)
			return -1;
		l->steps = s;
		l->cap = cap;
	}
	l->steps[l->nsteps].after = after;
	l->steps[l->nsteps].reward = (uint32_t)reward;
	l->nsteps++;
	return 0;
}

/* The lambda-return, backward over the game just played. */
static void
learn_backward(g2048_learner *l)
{
	double lambda = l->opts.lambda, ret = 0, next_value = 0;
	uint32_t next_reward = 0;
	struct after a;
	size_t t;

	for (t = l->nsteps; t-- > 0;) {
		double target = next_reward + (1 - lambda) * next_value +
		    lambda * ret;

		a.grid = l->steps[t].after;
		features_of(l->net, &a);
		update(l, a.idx, a.nfeat, target - a.value);
		next_value = net_sum(l->net, a.idx, a.nfeat);
		next_reward = l->steps[t].reward;
		ret = target;
	}
}

/* Where the learner's next game begins: at the half of the last game
 * with a new tile, if halves kept one; new; or, in its turn, at a kept
 * board of one restart rank (new while that rank has none). */
static int
begin(g2048_learner *l, g2048_rng *r, g2048_grid *g)
{
	static const g2048_grid empty = { 0, 0 };
	int turn = l->opts.nrestarts > 0 ?
	    (int)(l->played % (uint64_t)(l->opts.nrestarts + 1)) : 0;
	struct pool *p;

	if (l->have_half) {
		l->have_half = 0;
		*g = l->half;
		g2048_spawn(g, r, l->opts.four_threshold);
		return 0;
	}
	l->played++;
	if (turn > 0 && (p = &l->pool[turn - 1])->n > 0) {
		*g = p->board[g2048_rng_bounded(r, (uint32_t)p->n)];
		return 0;
	}
	*g = empty;
	g2048_spawn(g, r, l->opts.four_threshold);
	g2048_spawn(g, r, l->opts.four_threshold);
	return 1;
}

/* Keep g for restarts if its move, of this reward, made a restart rank
 * for the first time in the game (top: the game's largest rank). */
static void
keep_restart(g2048_learner *l, g2048_grid g, long reward, int *top)
{
	int rank, i;

	/* only a merge as large as the first restart tile can make one */
	if (reward < (long)g2048_tile(l->opts.restart_rank[0]) ||
	    (rank = g2048_max_rank(g)) <= *top)
		return;
	for (i = 0; i < l->opts.nrestarts; i++) {
		struct pool *p = &l->pool[i];

		if (l->opts.restart_rank[i] <= *top ||
		    l->opts.restart_rank[i] > rank)
			continue;
		p->board[p->next] = g;
		p->next = (p->next + 1) % POOL_SIZE;
		if (p->n < POOL_SIZE)
			p->n++;
	}
	*top = rank;
}

/* The afterstates of a move's choice, in two sets: the chosen one's set
 * is kept until the next move has been chosen from the other. */
struct choice {
	struct after cand[G2048_NDIRS];
	int best;
};

int
g2048_learner_play(g2048_learner *l, g2048_rng *r, g2048_learn_game *out)
{
	struct choice sets[2];
	struct after *prev = NULL, *a;
	g2048_grid g;
	int cur = 0, top;

	out->score = out->moves = 0;
	l->nsteps = 0;
	out->fresh = begin(l, r, &g);
	top = g2048_max_rank(g);
	while (choose(l->net, g, sets[cur].cand, &sets[cur].best) == 0) {
		a = &sets[cur].cand[sets[cur].best];
		if ((l->opts.lambda > 0 || l->opts.halves) &&
		    keep_step(l, a->grid, a->reward) < 0)
			return -1;
		if (l->opts.lambda == 0 && prev) {
			/* V(prev) again: the last update may have moved it */
			update(l, prev->idx, prev->nfeat, a->reward + a->value -
			    net_sum(l->net, prev->idx, prev->nfeat));
		}
		out->score += (uint64_t)a->reward;
		out->moves++;
		g = a->grid;
		g2048_spawn(&g, r, l->opts.four_threshold);
		if (l->opts.nrestarts > 0)
			keep_restart(l, g, a->reward, &top);
		prev = a;
		cur ^= 1;
	}
	if (l->opts.halves && l->nsteps > G2048_LEARN_HALF_MIN) {
		l->half = l->steps[l->nsteps / 2].after;
		l->have_half = 1;
	}
	if (l->opts.lambda > 0)
		learn_backward(l);
	else if (prev)
		update(l, prev->idx, prev->nfeat,
		    -net_sum(l->net, prev->idx, prev->nfeat));
	out->max_rank = g2048_max_rank(g);
	return 0;
}
