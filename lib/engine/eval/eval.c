/*
 * eval.c - heuristic evaluation of grids: the per-line evaluator of the
 * expectimax players ("lines") and the one of Xu (2018) ("xu").
 *
 * Every term but Xu's max tile is a sum over the 8 lines (4 rows read left
 * to right, 4 columns read top to bottom) of a function of the line's four
 * ranks.  Both line functions are unchanged when a line is reversed, so one
 * table of 65536 doubles, indexed by a row of nibbles, serves rows and
 * columns (columns through grid_transpose) and every move direction.
 * Lines holding a tile of 65536 or more (fifth bit set) are computed from
 * their ranks, by the same function that filled the table, so both paths
 * give the same bits.  man/2048-eval.1 states every formula.
 *
 * One file of over 500 lines: both heuristics share the line functions,
 * the tables filled from them and the exact path, which must agree to
 * the bit.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "grid.h"

/* the largest weight and power --weights takes: with them, a value is
 * at most some 1e9 * 64 lines * 64^32, far below DBL_MAX */
#define EVAL_WEIGHT_MAX 1e9
#define EVAL_POWER_MAX 32

#define LINES EVAL_LINES
#define XU    EVAL_XU

struct param {
	const char *name;
	double value;
};

static const struct param lines_params[L_NPARAMS] = {
	{ "fixed", 200000.0 }, { "empty", 270.0 }, { "merges", 700.0 },
	{ "monotonicity", 47.0 }, { "sum", 11.0 },
	{ "monotonicity_power", 4.0 }, { "sum_power", 3.5 },
};

static const struct param xu_params[X_NPARAMS] = {
	{ "smoothness", 0.1 }, { "monotonicity", 1.0 }, { "empty", 2.7 },
	{ "max", 1.0 },
};

static const struct {
	const char *name;
	const struct param *params;
	int nparams, nterms;
} heuristics[] = {
	{ "lines", lines_params, L_NPARAMS, L_NTERMS },
	{ "xu", xu_params, X_NPARAMS, X_NTERMS },
};
#define NHEURISTICS (int)(sizeof(heuristics) / sizeof(heuristics[0]))

/* ---- one line of ranks ------------------------------------------------ */

static double
line_value(const struct eval_heuristic *e, const int l[4], int is_row)
{
	double t[3], v;

	if (e->which == LINES)
		return eval_lines_value(e->w, e->pow_mono, e->pow_sum,
		    e->corner, l);
	eval_xu_terms(l, 4, t);
	v = e->w[X_SMOOTH] * t[0] + e->w[X_MONO] * t[1];
	return is_row ? v + e->w[X_EMPTY] * t[2] : v;
}

static void
row_ranks(uint64_t lo, uint16_t hi, int r, int l[4])
{
	int i;

	for (i = 0; i < 4; i++)
		l[i] = (int)((lo >> (16 * r + 4 * i)) & 0xF) |
		    (((hi >> (4 * r + i)) & 1) << 4);
}

/* ---- construction ----------------------------------------------------- */

/* The heuristic's defaults in w[], overridden by "k=v,..."; 0 or -1. */
static int
set_weights(double *w, int h, const char *weights, char *err,
    size_t errsize)
{
	const char *p = weights, *eq, *end;
	char num[64], *numend;
	int i;

	for (i = 0; i < heuristics[h].nparams; i++)
		w[i] = heuristics[h].params[i].value;
	while (p && *p) {
		end = p + strcspn(p, ",");
		eq = memchr(p, '=', (size_t)(end - p));
		if (!eq || eq == p) {
			snprintf(err, errsize, "expected NAME=VALUE in weights, "
			    "found '%.*s'", (int)(end - p), p);
			return -1;
		}
		for (i = 0; i < heuristics[h].nparams; i++)
			if (strlen(heuristics[h].params[i].name) ==
			    (size_t)(eq - p) && strncmp(p,
			    heuristics[h].params[i].name, (size_t)(eq - p)) == 0)
				break;
		if (i == heuristics[h].nparams) {
			snprintf(err, errsize, "unknown weight '%.*s' for "
			    "heuristic %s (see 2048-eval --list)",
			    (int)(eq - p), p, heuristics[h].name);
			return -1;
		}
		if ((size_t)(end - eq - 1) >= sizeof(num))
			goto bad;
		memcpy(num, eq + 1, (size_t)(end - eq - 1));
		num[end - eq - 1] = '\0';
		errno = 0;
		/* decimal only: strtod would take 0x10, inf and nan too */
		if (num[strspn(num, "0123456789+-.eE")] != '\0')
			goto bad;
		w[i] = strtod(num, &numend);
		if (numend == num || *numend || errno || !isfinite(w[i]))
			goto bad;
		if (i >= heuristics[h].nterms && w[i] < 0) {
			snprintf(err, errsize, "weight %s must not be negative",
			    heuristics[h].params[i].name);
			return -1;
		}
		/* bounds under which no board's value overflows a double */
		if (i >= heuristics[h].nterms && w[i] > EVAL_POWER_MAX) {
			snprintf(err, errsize, "weight %s: expected a power "
			    "from 0 to %d: '%s'", heuristics[h].params[i].name,
			    EVAL_POWER_MAX, num);
			return -1;
		}
		if (fabs(w[i]) > EVAL_WEIGHT_MAX) {
			snprintf(err, errsize, "weight %s: expected a number "
			    "from -%g to %g: '%s'", heuristics[h].params[i].name,
			    EVAL_WEIGHT_MAX, EVAL_WEIGHT_MAX, num);
			return -1;
		}
		p = *end ? end + 1 : end;
		if (*end && !*p) {
			snprintf(err, errsize, "weights end with ','");
			return -1;
		}
		continue;
bad:
		snprintf(err, errsize, "weight %.*s: '%.*s' is not a number",
		    (int)(eq - p), p, (int)(end - eq - 1), eq + 1);
		return -1;
	}
	return 0;
}

static int
find_heuristic(const char *heuristic, char *err, size_t errsize)
{
	int h;

	for (h = 0; h < NHEURISTICS; h++)
		if (!heuristic || strcmp(heuristic, heuristics[h].name) == 0)
			return h;
	snprintf(err, errsize, "unknown heuristic '%s': use lines or xu",
	    heuristic);
	return -1;
}

int
g2048_eval_check(const char *heuristic, const char *weights, char *err,
    size_t errsize)
{
	double w[G2048_EVAL_PARAMS_MAX] = { 0 };
	int h = find_heuristic(heuristic, err, errsize);

	return h < 0 ? -1 : set_weights(w, h, weights, err, errsize);
}

/* The tables of the value of every row of nibbles (ranks 0-15). */
static void
fill_tables(struct eval_heuristic *e)
{
	static const double defaults[L_NPARAMS] = EVAL_LINES_DEFAULTS;
	unsigned r;
	int i, l[4];

	e->rows = e->row;
	if (e->which == LINES && !e->corner &&
	    memcmp(e->w, defaults, sizeof defaults) == 0)
		e->rows = eval_lines_row;
	for (r = 0; r < 65536 && e->rows == e->row; r++) {
		row_ranks(r, 0, 0, l);
		e->row[r] = line_value(e, l, 1);
		if (e->which == LINES)
			continue;
		e->aux1[r] = line_value(e, l, 0);
		e->row_max[r] = 0;
		for (i = 0; i < 4; i++)
			if (l[i] > e->row_max[r])
				e->row_max[r] = (unsigned char)l[i];
	}
	e->col = e->which == XU ? e->aux1 : e->rows;
}

/* The tables of the terms of every row, once, whichever thread asks. */
static void
fill_terms(struct eval_heuristic *e)
{
	double t[L_NTERMS];
	unsigned r;
	int l[4];

	pthread_mutex_lock(&e->terms_lock);
	for (r = atomic_load_explicit(&e->terms_ready, memory_order_relaxed) ?
	    65536 : 0; r < 65536; r++) {
		row_ranks(r, 0, 0, l);
		if (e->which == LINES) {
			eval_lines_terms(e->pow_mono, e->pow_sum, l,
			    eval_lines_merges(l, 4), e->corner, t);
			e->counts[r] = (uint16_t)((int)t[2] | (int)t[1] << 12);
			e->aux1[r] = t[3];
			e->aux2[r] = t[4];
		} else {
			eval_xu_terms(l, 4, t);
			e->counts[r] = (uint16_t)((int)-t[0] |
			    (int)-t[1] << 6 | (int)t[2] << 12);
		}
	}
	atomic_store_explicit(&e->terms_ready, 1, memory_order_release);
	pthread_mutex_unlock(&e->terms_lock);
}

/* each heuristic's functions, at the end of this file, after them */
static const struct eval_kind kinds[NHEURISTICS];

/* Heuristic h with weights w, falling from the top-left corner if
 * corner: NULL if out of memory. */
static g2048_eval *
heuristic_new(int h, const double *w, int corner)
{
	struct eval_heuristic *e;
	int i;

	if ((e = malloc(sizeof(*e))) == NULL)
		return NULL;
	e->base.kind = &kinds[h];
	e->which = (enum eval_heuristic_which)h;
	e->corner = corner;
	atomic_init(&e->terms_ready, 0);
	pthread_mutex_init(&e->terms_lock, NULL);
	memcpy(e->w, w, sizeof(e->w));
	if (e->which == LINES)
		eval_lines_powers(e->w, e->pow_mono, e->pow_sum);
	else
		for (i = 0; i <= G2048_MAX_RANK; i++)
			e->pow_mono[i] = e->pow_sum[i] = 0;
	fill_tables(e);
	eval_general_init(e);
	return &e->base;
}

g2048_eval *
g2048_eval_new(const char *heuristic, const char *weights, char *err,
    size_t errsize)
{
	double w[G2048_EVAL_PARAMS_MAX] = { 0 };
	g2048_eval *e;
	int h;

	if ((h = find_heuristic(heuristic, err, errsize)) < 0 ||
	    set_weights(w, h, weights, err, errsize) < 0)
		return NULL;
	if ((e = heuristic_new(h, w, 0)) == NULL)
		snprintf(err, errsize, "out of memory");
	return e;
}

/* lines falling from the top-left corner only (eval_kind.one_corner) */
static g2048_eval *
lines_one_corner(const g2048_eval *base)
{
	const struct eval_heuristic *e = (const struct eval_heuristic *)base;

	return heuristic_new(LINES, e->w, 1);
}

static void
heuristic_free(g2048_eval *base)
{
	struct eval_heuristic *e = (struct eval_heuristic *)base;

	pthread_mutex_destroy(&e->terms_lock);
	eval_general_free(e);
	free(e);
}

void
g2048_eval_free(g2048_eval *e)
{
	if (e)
		e->kind->free(e);
}

/* ---- evaluation ------------------------------------------------------- */

/* A line with a fifth bit set is computed; the others are looked up. */
static double
lines_exact(const struct eval_heuristic *e, uint64_t lo, uint16_t hi,
    const double *table, int is_row)
{
	double v = 0;
	int r, l[4];

	for (r = 0; r < 4; r++) {
		if ((hi >> (4 * r)) & 0xF) {
			row_ranks(lo, hi, r, l);
			v += line_value(e, l, is_row);
		} else {
			v += table[(lo >> (16 * r)) & 0xFFFF];
		}
	}
	return v;
}

static double
eval_exact(const struct eval_heuristic *e, g2048_grid g)
{
	g2048_grid t = grid_transpose(g);
	double v;

	v = lines_exact(e, g.lo, g.hi, e->rows, 1);
	v += lines_exact(e, t.lo, t.hi, e->col, 0);
	if (e->which == XU)
		v += e->w[X_MAX] * g2048_max_rank(g);
	return v;
}

static double
heuristic_value(const g2048_eval *base, g2048_grid g, int downgrade)
{
	const struct eval_heuristic *e = (const struct eval_heuristic *)base;
	uint64_t t;
	double v;
	int m, m2;

	(void)downgrade;
	if (g.hi)
		return eval_exact(e, g);
	t = grid_transpose_lo(g.lo);
	v = e->rows[g.lo & 0xFFFF] + e->rows[(g.lo >> 16) & 0xFFFF] +
	    e->rows[(g.lo >> 32) & 0xFFFF] + e->rows[g.lo >> 48];
	v += e->col[t & 0xFFFF] + e->col[(t >> 16) & 0xFFFF] +
	    e->col[(t >> 32) & 0xFFFF] + e->col[t >> 48];
	if (e->which == XU) {
		m = e->row_max[g.lo & 0xFFFF];
		m2 = e->row_max[(g.lo >> 16) & 0xFFFF];
		m = m > m2 ? m : m2;
		m2 = e->row_max[(g.lo >> 32) & 0xFFFF];
		m = m > m2 ? m : m2;
		m2 = e->row_max[g.lo >> 48];
		m = m > m2 ? m : m2;
		v += e->w[X_MAX] * m;
	}
	return v;
}

double
g2048_eval_grid(const g2048_eval *e, g2048_grid g)
{
	return eval_value(e, g, 0);
}

int
g2048_eval_fits(const g2048_eval *e, int rows, int cols)
{
	return e->kind->value_cells != NULL || (rows == 4 && cols == 4);
}

double
g2048_eval_cells(const g2048_eval *e, const g2048_cells *c)
{
	if (e->kind->value_cells)
		return e->kind->value_cells(e, c);
	if (c->rows == 4 && c->cols == 4)
		return eval_value(e, g2048_cells_grid(c), 0);
	return NAN;
}

int
g2048_eval_cells_terms(const g2048_eval *e, const g2048_cells *c,
    g2048_eval_term *terms)
{
	if (e->kind->terms_cells)
		return e->kind->terms_cells(e, c, terms);
	if (c->rows == 4 && c->cols == 4)
		return e->kind->terms(e, g2048_cells_grid(c), terms);
	return -1;
}

/* ---- description ------------------------------------------------------ */

const char *
g2048_eval_heuristic(int i)
{
	return i >= 0 && i < NHEURISTICS ? heuristics[i].name : NULL;
}

const char *
g2048_eval_name(const g2048_eval *e)
{
	return e->kind->name;
}

int
g2048_eval_params(const g2048_eval *e, const char **names, double *values)
{
	return e->kind->params(e, names, values);
}

static int
heuristic_params(const g2048_eval *base, const char **names, double *values)
{
	const struct eval_heuristic *e = (const struct eval_heuristic *)base;
	int i;

	for (i = 0; i < heuristics[e->which].nparams; i++) {
		names[i] = heuristics[e->which].params[i].name;
		values[i] = e->w[i];
	}
	return i;
}

/*
 * The terms of row r of (lo, hi), from the tables unless it holds a fifth
 * bit: lines: fixed, empty, merges, monotonicity, sum; xu: smoothness,
 * monotonicity, empty.
 */
static void
line_terms(const struct eval_heuristic *e, uint64_t lo, uint16_t hi, int r, double *lt)
{
	unsigned row = (lo >> (16 * r)) & 0xFFFF, c = e->counts[row];
	int l[4];

	if ((hi >> (4 * r)) & 0xF) {
		row_ranks(lo, hi, r, l);
		if (e->which == LINES)
			eval_lines_terms(e->pow_mono, e->pow_sum, l,
			    eval_lines_merges(l, 4), e->corner, lt);
		else
			eval_xu_terms(l, 4, lt);
	} else if (e->which == LINES) {
		lt[0] = 1;
		lt[1] = c >> 12;
		lt[2] = c & 0x3F;
		lt[3] = e->aux1[row];
		lt[4] = e->aux2[row];
	} else {
		lt[0] = -(double)(c & 0x3F);
		lt[1] = -(double)((c >> 6) & 0x3F);
		lt[2] = c >> 12;
	}
}

int
g2048_eval_terms(const g2048_eval *e, g2048_grid g, g2048_eval_term *terms)
{
	return e->kind->terms(e, g, terms);
}

static int
heuristic_terms(const g2048_eval *base, g2048_grid g, g2048_eval_term *terms)
{
	const struct eval_heuristic *e = (const struct eval_heuristic *)base;
	g2048_grid t = grid_transpose(g);
	double lt[L_NTERMS];
	int n = heuristics[e->which].nterms, i, r;

	if (!atomic_load_explicit(&e->terms_ready, memory_order_acquire))
		fill_terms((struct eval_heuristic *)e);
	for (i = 0; i < n; i++) {
		terms[i].name = heuristics[e->which].params[i].name;
		terms[i].weight = e->w[i];
		terms[i].value = 0;
	}
	for (r = 0; r < 8; r++) {
		/* rows, then columns: the rows of the transpose */
		if (r < 4)
			line_terms(e, g.lo, g.hi, r, lt);
		else
			line_terms(e, t.lo, t.hi, r - 4, lt);
		if (e->which == LINES) {
			for (i = 0; i < L_NTERMS; i++)
				terms[i].value += lt[i];
		} else {
			terms[X_SMOOTH].value += lt[0];
			terms[X_MONO].value += lt[1];
			if (r < 4)
				terms[X_EMPTY].value += lt[2];
		}
	}
	if (e->which == XU)
		terms[X_MAX].value = g2048_max_rank(g);
	return n;
}

static const struct eval_kind kinds[NHEURISTICS] = {
	{ "lines", 0, heuristic_value, NULL, heuristic_params,
	    heuristic_terms, heuristic_free, eval_general_value,
	    eval_general_terms, lines_one_corner },
	{ "xu", 0, heuristic_value, NULL, heuristic_params,
	    heuristic_terms, heuristic_free, eval_general_value,
	    eval_general_terms, NULL },
};
