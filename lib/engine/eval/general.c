/*
 * general.c - the heuristics on a board of any size (rows and columns of
 * 2 to 8 cells, ranks to G2048_RANK_LIMIT), a line at a time: the same
 * functions of a line as the 4x4 tables hold (eval.h, eval.c), for a line
 * of any length.  Lines of two and three cells of ranks below 16 are
 * looked up in small tables made with the evaluator; longer ones, and a
 * line of four (whose table is the 4x4 path's), are computed.  A 4x4
 * board's value here is the table path's to the bit: the same line values
 * summed in the same order.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>

#include "eval.h"

#define LINE_MAX G2048_SIZE_MAX

/* lines: fixed, empty, merges, -monotonicity, -sum of l[0..n-1], as
 * eval_lines_terms computes them for four cells, in the same order */
static void
lines_terms(const struct eval_heuristic *e, const int *l, int n, double t[5])
{
	const double *p = e->gpow_mono;
	double d, left = 0, right = 0, sum = 0;
	int i, empty = 0;

	for (i = 1; i < n; i++) {
		d = p[l[i]] - p[l[i - 1]];
		left += d < 0 ? -d : 0;
		right += d > 0 ? d : 0;
	}
	for (i = 0; i < n; i++) {
		empty += l[i] == 0;
		sum = i ? sum + e->gpow_sum[l[i]] : e->gpow_sum[l[i]];
	}
	t[0] = 1;
	t[1] = empty;
	t[2] = eval_lines_merges(l, n);
	t[3] = -(left < right ? left : right);
	t[4] = -sum;
}

/* lines: the weighted sum of the terms of l[0..n-1] in one pass, the
 * terms as lines_terms makes them and summed in its order, so that the
 * bits are eval.c's (a step adds to one side only: the other's 0 added
 * there changes nothing). */
static double
lines_value(const struct eval_heuristic *e, const int *l, int n)
{
	const double *pm = e->gpow_mono, *ps = e->gpow_sum, *w = e->w;
	double left = 0, right = 0, sum = ps[l[0]], prev = pm[l[0]], cur, d;
	int i, empty = l[0] == 0;

	for (i = 1; i < n; i++) {
		cur = pm[l[i]];
		d = cur - prev;
		if (d < 0)
			left -= d;
		else if (d > 0)
			right += d;
		prev = cur;
		sum += ps[l[i]];
		empty += l[i] == 0;
	}
	return w[L_FIXED] + w[L_EMPTY] * empty + w[L_MERGES] *
	    eval_lines_merges(l, n) + w[L_MONO] * -(left < right ? left : right) +
	    w[L_SUM] * -sum;
}

/* The value of a line computed from its ranks (as eval.c's line_value). */
static double
line_computed(const struct eval_heuristic *e, const int *l, int n, int is_row)
{
	double t[5], v;

	if (e->which == EVAL_LINES)
		return lines_value(e, l, n);
	eval_xu_terms(l, n, t);
	v = e->w[X_SMOOTH] * t[0] + e->w[X_MONO] * t[1];
	return is_row ? v + e->w[X_EMPTY] * t[2] : v;
}

void
eval_general_init(struct eval_heuristic *e)
{
	atomic_init(&e->general_ready, 0);
	pthread_mutex_init(&e->general_lock, NULL);
}

void
eval_general_free(struct eval_heuristic *e)
{
	pthread_mutex_destroy(&e->general_lock);
}

/* The tables, once, whichever thread asks first: 8704 lines, a quarter of
 * a millisecond that a tool of 4x4 boards alone does not spend. */
static void
fill_general(struct eval_heuristic *e)
{
	int i, l[3];
	unsigned x;

	pthread_mutex_lock(&e->general_lock);
	if (atomic_load_explicit(&e->general_ready, memory_order_relaxed)) {
		pthread_mutex_unlock(&e->general_lock);
		return;
	}

	for (i = 0; i <= G2048_RANK_LIMIT; i++) {
		e->gpow_mono[i] = e->which == EVAL_LINES ?
		    pow(i, e->w[L_MONO_POW]) : 0;
		e->gpow_sum[i] = e->which == EVAL_LINES ?
		    pow(i, e->w[L_SUM_POW]) : 0;
	}
	for (x = 0; x < 4096; x++) {
		for (i = 0; i < 3; i++)
			l[i] = (int)(x >> (4 * i)) & 0xF;
		e->row3[x] = line_computed(e, l, 3, 1);
		e->col3[x] = line_computed(e, l, 3, 0);
		if (x < 256) {
			e->row2[x] = line_computed(e, l, 2, 1);
			e->col2[x] = line_computed(e, l, 2, 0);
		}
	}
	atomic_store_explicit(&e->general_ready, 1, memory_order_release);
	pthread_mutex_unlock(&e->general_lock);
}

static const struct eval_heuristic *
ready(const g2048_eval *base)
{
	struct eval_heuristic *e = (struct eval_heuristic *)base;

	if (!atomic_load_explicit(&e->general_ready, memory_order_acquire))
		fill_general(e);
	return e;
}

/* The value of line l[0..n-1], a row or a column: a table's for short
 * lines of ranks below 16 (the 4x4 path's for four cells). */
static double
line_value(const struct eval_heuristic *e, const int *l, int n, int is_row)
{
	unsigned x = 0;
	int i;

	if (n > 4)
		return line_computed(e, l, n, is_row);
	for (i = 0; i < n; i++) {
		if (l[i] > 15)
			return line_computed(e, l, n, is_row);
		x |= (unsigned)l[i] << (4 * i);
	}
	switch (n) {
	case 2:
		return (is_row ? e->row2 : e->col2)[x];
	case 3:
		return (is_row ? e->row3 : e->col3)[x];
	default:
		return (is_row ? e->rows : e->col)[x];
	}
}

/* Row r (or column r) of c, read from its first cell. */
static int
line_of(const g2048_cells *c, int r, int is_row, int *l)
{
	int i, n = is_row ? c->cols : c->rows;

	for (i = 0; i < n; i++)
		l[i] = is_row ? c->rank[r * c->cols + i] :
		    c->rank[i * c->cols + r];
	return n;
}

double
eval_general_value(const g2048_eval *base, const g2048_cells *c)
{
	const struct eval_heuristic *e = ready(base);
	double rows = 0, cols = 0;
	int l[LINE_MAX], r, n;

	/* rows then columns, each summed from its first line: the order of
	 * the 4x4 path's sums */
	for (r = 0; r < c->rows; r++) {
		n = line_of(c, r, 1, l);
		rows = r ? rows + line_value(e, l, n, 1) : line_value(e, l, n, 1);
	}
	for (r = 0; r < c->cols; r++) {
		n = line_of(c, r, 0, l);
		cols = r ? cols + line_value(e, l, n, 0) : line_value(e, l, n, 0);
	}
	rows += cols;
	if (e->which == EVAL_XU)
		rows += e->w[X_MAX] * g2048_cells_max_rank(c);
	return rows;
}

int
eval_general_terms(const g2048_eval *base, const g2048_cells *c,
    g2048_eval_term *terms)
{
	const struct eval_heuristic *e = ready(base);
	const char *names[G2048_EVAL_PARAMS_MAX];
	double values[G2048_EVAL_PARAMS_MAX], t[5];
	int nterms = e->which == EVAL_LINES ? L_NTERMS : X_NTERMS;
	int l[LINE_MAX], i, r, n, is_row;

	base->kind->params(base, names, values);
	for (i = 0; i < nterms; i++) {
		terms[i].name = names[i];
		terms[i].weight = values[i];
		terms[i].value = 0;
	}
	for (is_row = 1; is_row >= 0; is_row--)
		for (r = 0; r < (is_row ? c->rows : c->cols); r++) {
			n = line_of(c, r, is_row, l);
			if (e->which == EVAL_LINES) {
				lines_terms(e, l, n, t);
				for (i = 0; i < L_NTERMS; i++)
					terms[i].value += t[i];
				continue;
			}
			eval_xu_terms(l, n, t);
			terms[X_SMOOTH].value += t[0];
			terms[X_MONO].value += t[1];
			if (is_row)
				terms[X_EMPTY].value += t[2];
		}
	if (e->which == EVAL_XU)
		terms[X_MAX].value = g2048_cells_max_rank(c);
	return nterms;
}
