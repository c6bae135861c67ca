/*
 * general.c - the search on a board of any size (2048.h's g2048_cells),
 * for every size but the classic 4x4 board, which expectimax.c searches on
 * its grid by table-driven moves.  The same algorithms with the same
 * rules: expectimax with the probability cutoff, chance nodes weighted by
 * the board's odds of a 4, the transposition table (keyed by the ranks,
 * or a hash of them on a board of more than 16 cells) and the time
 * budget; minimax with alpha-beta; greedy.  search.c's root (its threads,
 * its depth and deepening) calls in here for each root move.  A board
 * of many cells has many spawns: the adaptive depth is lowered until the
 * estimated leaves fit the setting's budget (search_general_depth).
 */
#include <math.h>
#include <string.h>

#include "eval.h"
#include "search.h"

static inline double
leaf(const struct search_worker *w, const g2048_cells *c)
{
	return w->s->cells_e->kind->value_cells(w->s->cells_e, c);
}

static int
cells_of(const g2048_cells *c)
{
	return c->rows * c->cols;
}

g2048_grid
search_general_key(const g2048_cells *c)
{
	g2048_grid k = { 0, 0 };
	uint64_t h1 = 0x9E3779B97F4A7C15ULL, h2 = 0xC2B2AE3D27D4EB4FULL, word;
	int n = cells_of(c), bits, i;

	/* ranks below 2^bits: the cap's, so exact for up to 16 cells */
	bits = g2048_cells_cap(c->rows, c->cols) < 16 ? 4 : 5;
	if (n * bits <= 80) {
		for (i = 0; i < n; i++) {
			int at = i * bits;

			if (at < 64)
				k.lo |= (uint64_t)c->rank[i] << at;
			if (at + bits > 64)
				k.hi |= (uint16_t)(c->rank[i] >> (at < 64 ?
				    64 - at : 0) << (at < 64 ? 0 : at - 64));
		}
		return k;
	}
	for (i = 0; i < n; i += 8) {
		word = 0;
		memcpy(&word, c->rank + i, (size_t)(n - i < 8 ? n - i : 8));
		h1 = (h1 ^ word) * 0xFF51AFD7ED558CCDULL;
		h1 ^= h1 >> 32;
		h2 = (h2 ^ word) * 0xC4CEB9FE1A85EC53ULL;
		h2 ^= h2 >> 29;
	}
	k.lo = h1;
	k.hi = (uint16_t)(h2 >> 48);
	return k;
}

/* ---- expectimax ------------------------------------------------------- */

static double chance_node(struct search_worker *w, g2048_cells *c,
    double cprob, int depth);

static double
no_move(const struct search_worker *w, const g2048_cells *c)
{
	return w->s->o.lost ? 0.0 : leaf(w, c);
}

/* The best move's value; depth moves have been made so far. */
static double
max_node(struct search_worker *w, const g2048_cells *c, double cprob,
    int depth)
{
	g2048_cells next;
	double best = -HUGE_VAL, v;
	long reward;
	int d;

	for (d = 0; d < G2048_NDIRS; d++) {
		next = *c;
		if ((reward = g2048_cells_move(&next, (enum g2048_dir)d)) < 0)
			continue;
		w->nodes++;
		v = chance_node(w, &next, cprob, depth + 1);
		if (w->s->to_come)
			v += (double)reward;
		if (v > best)
			best = v;
	}
	return best == -HUGE_VAL ? no_move(w, c) : best;
}

/* The mean over every spawn: each empty cell, a 2 (p2) or a 4 (p4); a
 * tile that never spawns is not searched.  c is put back as it was. */
static double
chance_node(struct search_worker *w, g2048_cells *c, double cprob, int depth)
{
	const g2048_search *s = w->s;
	const double p2 = s->p2, p4 = s->p4;
	double sum = 0, value;
	g2048_grid key = { 0, 0 };
	int n, i, cells = cells_of(c);

	if (s->o.time_ms && (w->aborted || ((w->nodes & SEARCH_TIME_CHECK) ==
	    0 && search_elapsed_past(&s->deadline)))) {
		w->aborted = 1;
		return 0;
	}
	if (at_horizon(w, depth, cprob))
		return leaf(w, c);
	if (uses_table(w, depth)) {
		key = search_general_key(c);
		if (search_tt_get(&w->tt, key, depth, &value))
			return value;
	}
	if ((n = g2048_cells_empty_count(c)) == 0)
		return leaf(w, c);      /* none: not after a legal move */
	cprob /= n;
	for (i = 0; i < cells; i++) {
		if (c->rank[i])
			continue;
		if (p2 > 0) {
			c->rank[i] = 1;
			sum += p2 * max_node(w, c, cprob * p2, depth);
		}
		if (p4 > 0) {
			c->rank[i] = 2;
			sum += p4 * max_node(w, c, cprob * p4, depth);
		}
		c->rank[i] = 0;
	}
	value = sum / n;
	if (uses_table(w, depth))
		search_tt_put(&w->tt, key, depth, value);
	return value;
}

/* ---- minimax with alpha-beta ------------------------------------------ */

static double ab_min(struct search_worker *w, g2048_cells *c, int depth,
    double alpha, double beta);

static double
ab_max(struct search_worker *w, const g2048_cells *c, int depth, double alpha,
    double beta)
{
	g2048_cells next;
	double v;
	long reward;
	int d, any = 0;

	for (d = 0; d < G2048_NDIRS && alpha < beta; d++) {
		next = *c;
		if ((reward = g2048_cells_move(&next, (enum g2048_dir)d)) < 0)
			continue;
		if (!w->s->to_come)
			reward = 0;
		any = 1;
		w->nodes++;
		v = (double)reward + (depth + 1 >= w->limit ? leaf(w, &next) :
		    ab_min(w, &next, depth + 1, alpha - (double)reward,
		    beta - (double)reward));
		if (v > alpha)
			alpha = v;
	}
	if (!any)
		return w->s->o.lost ? -HUGE_VAL : leaf(w, c);
	return alpha;
}

/* The computer puts a 2 (a 4 where fours are likelier) where it hurts
 * most.  c is put back as it was. */
static double
ab_min(struct search_worker *w, g2048_cells *c, int depth, double alpha,
    double beta)
{
	double v;
	int i, cells = cells_of(c);

	for (i = 0; i < cells && alpha < beta; i++) {
		if (c->rank[i])
			continue;
		c->rank[i] = (uint8_t)w->s->min_rank;
		v = ab_max(w, c, depth, alpha, beta);
		c->rank[i] = 0;
		if (v < beta)
			beta = v;
	}
	return beta;
}

/* ---- the root and the depth ------------------------------------------- */

double
search_general_root(struct search_worker *w, g2048_cells *c)
{
	if (w->s->o.algo == G2048_MINIMAX)
		return w->limit <= 1 ? leaf(w, c) :
		    ab_min(w, c, 1, -HUGE_VAL, HUGE_VAL);
	return chance_node(w, c, 1.0, 1);
}

void
search_general_greedy(g2048_search *s, const g2048_cells *c,
    g2048_search_result *r)
{
	double h[G2048_NDIRS] = { 0 };
	g2048_cells next;
	long gained;
	unsigned moved = 0;
	int d;

	for (d = 0; d < G2048_NDIRS; d++) {
		next = *c;
		if ((gained = g2048_cells_move(&next, (enum g2048_dir)d)) < 0)
			continue;
		moved |= 1u << d;
		r->value[d] = (double)gained;
		h[d] = g2048_eval_cells(s->cells_e, &next);
	}
	search_greedy_pick(r, moved, h);
}

/*
 * The leaves of a search to depth d, estimated: the root's legal moves,
 * then each level a spawn (each empty cell, a 2 and a 4 where both can
 * come) and a move (at most four).  The empty cells stay as many, at
 * least 3, level after level: merges free cells as fast as spawns fill
 * them, and a crowded board's few cells, counted as fewer and fewer,
 * let the depth run away.  As a power of two, so that it never
 * overflows.
 */
static double
leaves_log2(const g2048_search *s, const g2048_cells *c, int d)
{
	int empty = g2048_cells_empty_count(c), tiles =
	    s->p2 > 0 && s->p4 > 0 ? 2 : 1;

	if (empty < 3)
		empty = 3;
	return log2((double)(s->nroot > 0 ? s->nroot : 1)) +
	    (d - 1) * (2 + log2((double)(tiles * empty)));
}

int
search_general_depth(const g2048_search *s, const g2048_cells *c, int min,
    int sub, int max)
{
	unsigned seen[2] = { 0, 0 };
	int i, d = -sub, n = cells_of(c);

	for (i = 0; i < n; i++)
		if (c->rank[i] && !(seen[c->rank[i] >> 5] >> (c->rank[i] & 31)
		    & 1)) {
			seen[c->rank[i] >> 5] |= 1u << (c->rank[i] & 31);
			d++;
		}
	if (d < min)
		d = min;
	if (max > 0 && d > max)
		d = max;
	while (s->o.leaves_bits && d > 1 &&
	    leaves_log2(s, c, d) > s->o.leaves_bits)
		d--;
	return d;
}
