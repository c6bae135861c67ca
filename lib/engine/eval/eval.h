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

#endif
