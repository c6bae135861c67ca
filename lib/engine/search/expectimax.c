/*
 * expectimax.c - expectimax on the 4x4 grid below a root move: a
 * cumulative probability cutoff and a transposition table (after
 * nneonneo/2048-ai), chance nodes at the board's odds of a 4, leaves
 * valued by the evaluator, several at once where it can (best_leaf).
 * The recursion is one file so that its nodes inline into each other.
 */
#include <math.h>

#include "eval.h"
#include "grid.h"
#include "search.h"

static double chance_node(struct search_worker *w, g2048_grid g, double cprob,
    int depth);

/* A board that cannot move: lost (0, the least a value can be), or as
 * the evaluator sees it. */
static double
no_move(const struct search_worker *w, g2048_grid g)
{
	return w->s->o.lost ? 0.0 : search_value(w->s, g);
}

/* The best of the moves next[] when all of them are leaves, valued by
 * the evaluator at once. */
static double
leaves(struct search_worker *w, g2048_grid g, const g2048_grid *next,
    const double *reward)
{
	int moves;
	double best = w->s->best_leaf(w->s->e, g, next, reward,
	    w->s->o.downgrade, &moves);

	w->nodes += (uint64_t)moves;
	return best == -HUGE_VAL ? no_move(w, g) : best;
}

/* The best move's value; depth moves have been made so far. */
static double
max_node(struct search_worker *w, g2048_grid g, double cprob, int depth)
{
	g2048_grid next[G2048_NDIRS];
	double best = -HUGE_VAL, v, reward[G2048_NDIRS] = { 0 };
	int d;

	grid_slides(g, w->s->o.bitboard, next);
	if (w->s->to_come)
		grid_rewards(g, next, reward);
	if (w->s->best_leaf && !w->s->o.time_ms &&
	    at_horizon(w, depth + 1, cprob))
		return leaves(w, g, next, reward);
	/* A chance node begins with a table read that mostly misses the
	 * cache: ask for the children's buckets now, so the misses overlap. */
	if (!at_horizon(w, depth + 1, cprob) && uses_table(w, depth + 1))
		for (d = 0; d < G2048_NDIRS; d++)
			__builtin_prefetch(search_tt_bucket(&w->tt, next[d]));
	for (d = 0; d < G2048_NDIRS; d++) {
		if (g2048_grid_eq(next[d], g))
			continue;
		w->nodes++;
		v = reward[d] + chance_node(w, next[d], cprob, depth + 1);
		if (v > best)
			best = v;
	}
	return best == -HUGE_VAL ? no_move(w, g) : best;
}

/* g with a 2 and with a 4 in the lowest cell of empty, which loses it. */
static inline void
spawns_next(g2048_grid g, uint64_t *empty, g2048_grid *two, g2048_grid *four)
{
	int cell = __builtin_ctzll(*empty);

	*empty &= *empty - 1;
	*two = *four = g;
	two->lo |= (uint64_t)1 << cell;
	four->lo |= (uint64_t)2 << cell;
}

/* The sum over the spawns in the cells of empty at odds other than the
 * default: a 2 with p2, a 4 with p4; a tile that never spawns is not
 * searched.  Apart, so that the default's chance node stays as lean as
 * ever on the hot path (most of its calls are leaves). */
static double __attribute__((noinline))
odds_spawns(struct search_worker *w, g2048_grid g, uint64_t empty,
    double cprob, int depth)
{
	const double p2 = w->s->p2, p4 = w->s->p4;
	double sum = 0;

	while (empty) {
		g2048_grid two, four;

		spawns_next(g, &empty, &two, &four);
		if (p2 > 0 && p4 > 0)
			sum += p2 * max_node(w, two, cprob * p2, depth) +
			    p4 * max_node(w, four, cprob * p4, depth);
		else if (p4 > 0)
			sum += max_node(w, four, cprob, depth);
		else
			sum += max_node(w, two, cprob, depth);
	}
	return sum;
}

/* The mean over every spawn: each empty cell, a 2 (0.9) or a 4 (0.1), or
 * at the board's own odds (odds_spawns). */
static double
chance_node(struct search_worker *w, g2048_grid g, double cprob, int depth)
{
	const g2048_search_opts *o = &w->s->o;
	uint64_t empty;
	double sum = 0, value;
	int n;

	if (o->time_ms && (w->aborted || ((w->nodes & SEARCH_TIME_CHECK) == 0 &&
	    search_elapsed_past(&w->s->deadline)))) {
		w->aborted = 1;
		return 0;
	}
	if (at_horizon(w, depth, cprob))
		return search_value(w->s, g);
	if (uses_table(w, depth) && search_tt_get(&w->tt, g, depth, &value))
		return value;
	if (is_pruned(w, g, depth, &value))
		return value;
	empty = grid_empty_nibbles(g);
	n = grid_nibble_count(empty);
	cprob /= n;
	if (w->s->p4 != 0.1)
		sum = odds_spawns(w, g, empty, cprob, depth);
	else
		while (empty) {
			g2048_grid two, four;

			spawns_next(g, &empty, &two, &four);
			sum += 0.9 * max_node(w, two, cprob * 0.9, depth) +
			    0.1 * max_node(w, four, cprob * 0.1, depth);
		}
	value = sum / n;
	if (uses_table(w, depth))
		search_tt_put(&w->tt, g, depth, value);
	return value;
}

double
search_expectimax_root(struct search_worker *w, g2048_grid g)
{
	return chance_node(w, g, 1.0, 1);
}
