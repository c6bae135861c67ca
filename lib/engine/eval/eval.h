/*
 * eval.h - the evaluation room's internals: what an evaluator is to the
 * rest of the engine.  The search asks an evaluator for values through
 * struct eval_kind and never looks inside it, so a new kind of evaluator
 * (heuristics here, the n-tuple net in net/) brings its own functions and
 * leaves the search as it is.  Its public side (g2048_eval_*) is in
 * 2048.h.  Internal to lib/engine/.
 */
#ifndef G2048_EVAL_H
#define G2048_EVAL_H

#include <math.h>

#include "2048.h"

/*
 * The functions of one kind of evaluator.  downgrade is the search's
 * option of that name: a kind that has no use for it ignores it.
 */
struct eval_kind {
	const char *name;               /* g2048_eval_name() */
	/* Its values are of the score still to come, not of the board
	 * alone: a move's value adds the move's score (a net, trained so). */
	int to_come;
	double (*value)(const g2048_eval *e, g2048_grid g, int downgrade);
	/*
	 * The best of reward[d] + value(next[d]) over the moves d with
	 * next[d] != g, or -HUGE_VAL when there is none, *moves set to
	 * their count: the leaves below one max node at once, so that a
	 * kind whose values miss the cache can overlap the misses.  NULL:
	 * the search asks value() leaf by leaf.
	 */
	double (*best_leaf)(const g2048_eval *e, g2048_grid g,
	    const g2048_grid next[G2048_NDIRS],
	    const double reward[G2048_NDIRS], int downgrade, int *moves);
	int (*params)(const g2048_eval *e, const char **names,
	    double *values);
	int (*terms)(const g2048_eval *e, g2048_grid g,
	    g2048_eval_term *terms);
	void (*free)(g2048_eval *e);
};

/* An evaluator: the first member of each kind's own structure. */
struct g2048_eval {
	const struct eval_kind *kind;
};

static inline double
eval_value(const g2048_eval *e, g2048_grid g, int downgrade)
{
	return e->kind->value(e, g, downgrade);
}

/* ---- eval.c and mkrows.c: the lines heuristic's value of a line ---- */
/*
 * Shared by eval.c and the generator mkrows.c, which writes the value of
 * every row under the default weights at build time (eval_lines_row): a
 * tool with the default evaluator then builds no table at start-up (half
 * of a one-board 2048-solve call).  One function for both, so the table
 * and the evaluator's own computation give the same bits.
 */
/* The parameters of lines, in order: fixed, empty, merges, monotonicity,
 * sum (the five terms' weights), monotonicity_power, sum_power. */
#define EVAL_LINES_DEFAULTS { 200000.0, 270.0, 700.0, 47.0, 11.0, 4.0, 3.5 }
#define EVAL_LINES_RANKS 18             /* ranks 0..17: a fifth bit is exact */

/* The value of every row of nibbles (ranks 0-15) under the defaults. */
extern const double eval_lines_row[65536];

/* rank^power for every rank: the powers' tables of weights w */
static inline void
eval_lines_powers(const double *w, double *pow_mono, double *pow_sum)
{
	int i;

	for (i = 0; i < EVAL_LINES_RANKS; i++) {
		pow_mono[i] = pow(i, w[5]);
		pow_sum[i] = pow(i, w[6]);
	}
}

/* The tiles of l[0..3] in a run of equal tiles, gaps skipped. */
static inline int
eval_lines_merges(const int l[4])
{
	int i, merges = 0, prev = 0, run = 0;

	for (i = 0; i < 4; i++) {
		if (l[i] == 0)
			continue;
		if (l[i] == prev) {
			run++;
		} else if (run > 0) {
			merges += run + 1;
			run = 0;
		}
		prev = l[i];
	}
	return run > 0 ? merges + run + 1 : merges;
}

/* fixed, empty, merges, -monotonicity, -sum of the line l[0..3]
 * (branch-free but for the merges, which the caller gives). */
static inline void
eval_lines_terms(const double *pow_mono, const double *pow_sum,
    const int l[4], int merges, double t[5])
{
	const double *p = pow_mono;
	double d, left = 0, right = 0;
	int i;

	/* falls (toward the end) and rises, in order, an equal pair adding
	 * 0 to the rises */
	for (i = 1; i < 4; i++) {
		d = p[l[i]] - p[l[i - 1]];
		left += d < 0 ? -d : 0;
		right += d > 0 ? d : 0;
	}
	t[0] = 1;
	t[1] = (l[0] == 0) + (l[1] == 0) + (l[2] == 0) + (l[3] == 0);
	t[2] = merges;
	t[3] = -(left < right ? left : right);
	t[4] = -(pow_sum[l[0]] + pow_sum[l[1]] + pow_sum[l[2]] +
	    pow_sum[l[3]]);
}

/* The weighted sum of the terms: the line's value under weights w. */
static inline double
eval_lines_value(const double *w, const double *pow_mono,
    const double *pow_sum, const int l[4])
{
	double t[5], v = 0;
	int i;

	eval_lines_terms(pow_mono, pow_sum, l, eval_lines_merges(l), t);
	for (i = 0; i < 5; i++)
		v += w[i] * t[i];
	return v;
}

#endif
