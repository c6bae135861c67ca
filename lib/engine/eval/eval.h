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
#include <pthread.h>
#include <stdatomic.h>

#include "2048-private.h"

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
	/* A board of any size (the general path), its value and terms;
	 * NULL: the kind values 4x4 grids only (a net). */
	double (*value_cells)(const g2048_eval *e, const g2048_cells *c);
	int (*terms_cells)(const g2048_eval *e, const g2048_cells *c,
	    g2048_eval_term *terms);
	/* A new evaluator of the same kind and weights that values 4x4
	 * grids as falling from their top-left corner only (the search's
	 * --corner turns each board toward its best corner); NULL: the kind
	 * has no such form, or out of memory. */
	g2048_eval *(*one_corner)(const g2048_eval *e);
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

/* The tiles of l[0..n-1] in a run of equal tiles, gaps skipped. */
static inline int
eval_lines_merges(const int *l, int n)
{
	int i, merges = 0, prev = 0, run = 0;

	for (i = 0; i < n; i++) {
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

/* xu: -smoothness, -monotonicity and the empty cells of l[0..n-1]. */
static inline void
eval_xu_terms(const int *l, int n, double t[3])
{
	int i, prev = 0, up = 0, down = 0, empty = 0;

	for (i = 0; i < n; i++) {
		if (l[i] == 0) {
			empty++;
			continue;
		}
		/* steps between successive tiles, gaps skipped */
		if (prev && l[i] > prev)
			up += l[i] - prev;
		else if (prev)
			down += prev - l[i];
		prev = l[i];
	}
	t[0] = -(up + down);
	t[1] = -(up < down ? up : down);
	t[2] = empty;
}

/* fixed, empty, merges, -monotonicity, -sum of the line l[0..3]
 * (branch-free but for the merges, which the caller gives).  The
 * monotonicity is the line's rises or its falls, whichever are less; one
 * corner (corner 1), its rises alone: the line falls from l[0]. */
static inline void
eval_lines_terms(const double *pow_mono, const double *pow_sum,
    const int l[4], int merges, int corner, double t[5])
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
	t[3] = -(corner || right < left ? right : left);
	t[4] = -(pow_sum[l[0]] + pow_sum[l[1]] + pow_sum[l[2]] +
	    pow_sum[l[3]]);
}

/* The weighted sum of the terms: the line's value under weights w. */
static inline double
eval_lines_value(const double *w, const double *pow_mono,
    const double *pow_sum, int corner, const int l[4])
{
	double t[5], v = 0;
	int i;

	eval_lines_terms(pow_mono, pow_sum, l, eval_lines_merges(l, 4), corner,
	    t);
	for (i = 0; i < 5; i++)
		v += w[i] * t[i];
	return v;
}

/* ---- eval.c and general.c: the heuristic evaluator ---- */

enum eval_heuristic_which { EVAL_LINES, EVAL_XU };

/* Parameters: the term weights, in term order, then other settings. */
enum { L_FIXED, L_EMPTY, L_MERGES, L_MONO, L_SUM, L_MONO_POW, L_SUM_POW,
    L_NPARAMS };
#define L_NTERMS 5
enum { X_SMOOTH, X_MONO, X_EMPTY, X_MAX, X_NPARAMS };
#define X_NTERMS 4

/* A heuristic evaluator: its kind (struct eval_kind) first. */
struct eval_heuristic {
	struct g2048_eval base;
	enum eval_heuristic_which which;
	double w[G2048_EVAL_PARAMS_MAX];
	double pow_mono[G2048_MAX_RANK + 1];   /* lines: rank^monotonicity_power */
	double pow_sum[G2048_MAX_RANK + 1];    /* lines: rank^sum_power */
	/* the value of every row: row, or with lines' default weights the
	 * table made at build time (eval_lines_row), row left untouched */
	const double *rows;
	const double *col;                     /* rows, or aux1 for xu */
	int corner;                            /* lines: falling from the
	                                          top-left (eval_lines_terms) */
	/* the tables of g2048_eval_terms alone are filled on its first call:
	 * a search needs only row (xu: and aux1, row_max), and a page of a
	 * table costs its first touch (1.7 MB: 10 ms of a one-board call) */
	atomic_int terms_ready;
	pthread_mutex_t terms_lock;
	double row[65536];
	/* xu: the column table (rows count empties, columns not);
	 * lines: the monotonicity term of a line, for g2048_eval_terms */
	double aux1[65536];
	double aux2[65536];                    /* lines: the sum term */
	unsigned char row_max[65536];          /* xu: the largest rank of a row */
	/* integer terms of a line, for g2048_eval_terms: lines: merges |
	 * empty << 12; xu: -smoothness | -monotonicity << 6 | empty << 12 */
	uint16_t counts[65536];
	/* The general path (general.c): the powers of every rank a board
	 * of any size holds, and the value of every line of two and of
	 * three cells of ranks below 16, as a row and as a column. */
	atomic_int general_ready;              /* filled on first use */
	pthread_mutex_t general_lock;
	double gpow_mono[G2048_RANK_LIMIT + 1];
	double gpow_sum[G2048_RANK_LIMIT + 1];
	double row2[256], col2[256];
	double row3[4096], col3[4096];
};

/* general.c: the general path's tables of e are made on its first use
 * (a 4x4 board's tool never pays for them): set up their lock here, and
 * free it with e. */
void eval_general_init(struct eval_heuristic *e);
void eval_general_free(struct eval_heuristic *e);
/* The value and the terms of a board of any size, line by line (a 4x4
 * board's value is the table path's, to the bit). */
double eval_general_value(const g2048_eval *e, const g2048_cells *c);
int eval_general_terms(const g2048_eval *e, const g2048_cells *c,
    g2048_eval_term *terms);

#endif
