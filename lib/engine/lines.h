/*
 * lines.h - the "lines" heuristic's value of one line of ranks, shared by
 * eval.c and the table generator (mktables.c), which writes the value of
 * every row under the default weights at build time: a tool with the
 * default evaluator then builds no table at start-up (half of a one-board
 * 2048-solve call's time).  One function for both, so the table and the
 * evaluator's own computation give the same bits.  Internal to lib/.
 */
#ifndef G2048_LINES_H
#define G2048_LINES_H

#include <math.h>

/* The parameters of lines, in this order: the five term weights, then
 * the two powers (2048-eval(1)), with their defaults (nneonneo/2048-ai). */
enum { L_FIXED, L_EMPTY, L_MERGES, L_MONO, L_SUM, L_MONO_POW, L_SUM_POW,
    L_NPARAMS };
#define L_NTERMS 5
#define L_DEFAULTS { 200000.0, 270.0, 700.0, 47.0, 11.0, 4.0, 3.5 }
#define L_RANKS 18                  /* ranks 0..17: a fifth bit is exact */

/* The value of every row of nibbles (ranks 0-15) under the default
 * weights, made by mktables.c. */
extern const double g2048_lines_row[65536];

/* rank^power for every rank, the powers' tables */
static inline void
lines_powers(const double *w, double *pow_mono, double *pow_sum)
{
	int i;

	for (i = 0; i < L_RANKS; i++) {
		pow_mono[i] = pow(i, w[L_MONO_POW]);
		pow_sum[i] = pow(i, w[L_SUM_POW]);
	}
}

/* The tiles of l[0..3] in a run of equal tiles, gaps skipped. */
static inline int
lines_merges(const int l[4])
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
lines_line_terms(const double *pow_mono, const double *pow_sum,
    const int l[4], int merges, double t[L_NTERMS])
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

/* The weighted sum of the terms: the line's value. */
static inline double
lines_line_value(const double *w, const double *pow_mono,
    const double *pow_sum, const int l[4])
{
	double t[L_NTERMS], v = 0;
	int i;

	lines_line_terms(pow_mono, pow_sum, l, lines_merges(l), t);
	for (i = 0; i < L_NTERMS; i++)
		v += w[i] * t[i];
	return v;
}

#endif
