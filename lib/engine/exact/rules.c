/*
 * rules.c - the rules of an exact game over keys of 16 nibbles: a whole
 * small board, or an endgame pattern of the 4x4 board with blockers and
 * movers; the moves, the symmetries the rules allow, and the named
 * patterns.
 */
#include <stdio.h>
#include <string.h>

#include "exact.h"
#include "grid.h"

/*
 * The named patterns: rows top to bottom, `x' a large tile (a blocker),
 * `X' a large tile that may move, `.' a free cell; named as
 * 2048EndgameTablebase names them, by the free cells of each row ("442":
 * 4, 4, 2), the large tiles kept to the bottom right.
 */
static const struct {
	const char *name, *spec, *about;
} named[] = {
	{ "44", "..../..../xxxx/xxxx",
	    "8 free cells, two rows of large tiles" },
	{ "431", "..../...x/.xxx/xxxx",
	    "8 free cells, a staircase of 8 large tiles" },
	{ "432", "..../...x/..xx/xxxx",
	    "9 free cells, 7 large tiles: the 65536 endgame" },
	{ "L3", "..../..../.xxx/.xxx",
	    "10 free cells, 6 large tiles in an L and 3 (4411)" },
	{ "442", "..../..../..xx/xxxx",
	    "10 free cells, 6 large tiles: the snake's 16384 endgame" },
	{ "LL", "..../..../..xx/..xx",
	    "12 free cells, 4 large tiles in two L's (4422)" },
	{ "444", "..../..../..../xxxx",
	    "12 free cells, 4 large tiles in a row: the 32768 endgame" },
	/* the target made beside the least large tile, at the chain's end,
	 * where the games of 2048-solve meet them (bench/EXACT.md) */
	{ "L3o", "..../.o../oxxx/.xxx",
	    "L3, the target beside the inner end of the upper row" },
	{ "442o", "..../..../o.xx/xxxx",
	    "442, the target above the bottom row's end" },
	{ "442i", "..../..o./.oxx/xxxx",
	    "442, the target beside the inner large tile of row 3" },
	{ "441o", "..../..../oxxx/xxxx",
	    "9 free cells, 7 large tiles: the target beside row 3's end" },
	{ "441i", "..../.o../oxxx/xxxx",
	    "441o, the target above row 3's end too" },
	{ "432o", "...o/..ox/..xx/xxxx",
	    "432, the target beside its top large tile" },
	{ "431o", "...o/..ox/.xxx/xxxx",
	    "431, the target beside its top large tile" },
	{ "431i", "..../.o.x/oxxx/xxxx",
	    "431, the target beside row 3's end" },
	{ "44o", "..../...o/xxxx/xxxx",
	    "44, the target above row 3's end" },
};

int
g2048_exact_pattern(int i, const char **name, const char **spec,
    const char **about)
{
	return exact_named(i, name, spec, about);
}

int
exact_named(int i, const char **name, const char **spec, const char **about)
{
	if (i < 0 || (size_t)i >= sizeof named / sizeof named[0])
		return 0;
	*name = named[i].name;
	*spec = named[i].spec;
	*about = named[i].about;
	return 1;
}

int
exact_fail(char *err, size_t errsize, const char *msg, const char *arg)
{
	if (err != NULL && errsize > 0)
		snprintf(err, errsize, msg, arg);
	return -1;
}

/* The lines of a rows x cols board toward each direction, front first. */
static void
set_lines(struct exact_rules *r)
{
	int d, l, p;

	memset(r->line, -1, sizeof r->line);
	for (d = 0; d < G2048_NDIRS; d++) {
		int vertical = d == G2048_UP || d == G2048_DOWN;

		r->nlines[d] = vertical ? r->cols : r->rows;
		r->linelen[d] = vertical ? r->rows : r->cols;
		for (l = 0; l < r->nlines[d]; l++)
			for (p = 0; p < r->linelen[d]; p++) {
				int row, col;

				switch (d) {
				case G2048_UP:
					row = p, col = l;
					break;
				case G2048_DOWN:
					row = r->rows - 1 - p, col = l;
					break;
				case G2048_LEFT:
					row = l, col = p;
					break;
				default:
					row = l, col = r->cols - 1 - p;
					break;
				}
				r->line[d][l][p] = (int8_t)(row * r->cols + col);
			}
	}
}

/* The symmetries that keep the blockers and target cells in place: all of
 * the rectangle's for a board.  Movers are part of a state, moved by
 * the symmetry with it, so their first cells do not restrict these. */
static void
set_syms(struct exact_rules *r)
{
	int s, i;

	r->nsyms = 0;
	for (s = 0; s < EXACT_SYMS; s++) {
		uint8_t img[16] = { 0 };
		int ok = 1;

		for (i = 0; i < r->ncells && ok; i++) {
			int j = grid_sym_cell(r->rows, r->cols, s, i / r->cols,
			    i % r->cols);

			if (j < 0)
				ok = 0;
			else {
				img[i] = (uint8_t)j;
				if (exact_cell(r->blockers, i) !=
				    exact_cell(r->blockers, j))
					ok = 0;
			}
		}
		for (i = 0; i < r->ncells && ok; i++)
			if ((r->target_cells >> i & 1) !=
			    (r->target_cells >> img[i] & 1))
				ok = 0;
		if (ok)
			memcpy(r->sym[r->nsyms++], img, sizeof img);
	}
}

int
exact_rules_board(struct exact_rules *r, int rows, int cols, int target,
    int objective, double four, char *err, size_t errsize)
{
	memset(r, 0, sizeof *r);
	if (rows < 2 || cols < 2 || rows > EXACT_LINE || cols > EXACT_LINE ||
	    rows * cols > 16)
		return exact_fail(err, errsize, "%s", "a board: rows and columns "
		    "from 2 to 8, at most 16 cells");
	if (target < 0 || target >= EXACT_BLOCK)
		return exact_fail(err, errsize, "target out of range (4 to %s)",
		    "16384");
	if (objective == G2048_EXACT_PROB && target == 0)
		return exact_fail(err, errsize, "%s", "the probability objective "
		    "needs a target");
	if (!(four >= 0 && four <= 1))
		return exact_fail(err, errsize, "%s", "four: a probability from 0 to 1");
	r->kind = EXACT_BOARD;
	r->rows = rows;
	r->cols = cols;
	r->ncells = rows * cols;
	r->target = target;
	r->objective = objective;
	r->four = four;
	r->freemask = (1u << r->ncells) - 1;
	r->nfree = r->ncells;
	snprintf(r->spec, sizeof r->spec, "%dx%d", rows, cols);
	snprintf(r->name, sizeof r->name, "%s", r->spec);
	set_lines(r);
	set_syms(r);
	return 0;
}

int
exact_rules_pattern(struct exact_rules *r, const char *pattern, int target,
    double four, char *err, size_t errsize)
{
	const char *spec = pattern, *name, *sp, *about;
	int i, cell = 0, row = 0, col = 0;

	memset(r, 0, sizeof *r);
	for (i = 0; exact_named(i, &name, &sp, &about); i++)
		if (strcmp(name, pattern) == 0)
			spec = sp;
	if (strlen(spec) >= EXACT_SPEC)
		return exact_fail(err, errsize, "%s", "pattern: too long");
	for (const char *p = spec; *p != '\0'; p++) {
		if (*p == '/') {
			if (col != 4)
				return exact_fail(err, errsize, "pattern '%s': "
				    "expected 4 cells a row, then '/'", pattern);
			row++, col = 0;
			continue;
		}
		if (strchr("x.oX", *p) == NULL || col == 4 || row == 4)
			return exact_fail(err, errsize, "pattern '%s': expected "
			    "a name (2048-table --list) or 4 rows of 4 cells "
			    "split by '/': 'x' a large tile, 'X' one that may "
			    "move, '.' a free cell, 'o' a free cell where the "
			    "target must form (e.g. ..../..../.xxx/.xxx)",
			    pattern);
		if (*p == 'o')
			r->target_cells |= 1u << cell;
		if (*p == 'X') {
			r->movers |= (uint64_t)EXACT_MOVER << (4 * cell);
			r->nmovers++;
		}
		if (*p == 'x')
			r->blockers |= (uint64_t)EXACT_BLOCK << (4 * cell);
		else
			r->freemask |= 1u << cell;
		cell++, col++;
	}
	if (row != 3 || col != 4)
		return exact_fail(err, errsize, "pattern '%s': expected 4 rows "
		    "of 4 cells split by '/'", pattern);
	for (i = 0; i < 16; i++)
		r->nfree += r->freemask >> i & 1;
	r->nfree -= r->nmovers;
	if (r->nfree < 2)
		return exact_fail(err, errsize, "pattern '%s': expected 2 free "
		    "cells or more", pattern);
	if (target < 2 || target >= EXACT_BLOCK)
		return exact_fail(err, errsize, "target out of range (%s)",
		    "4 to 16384");
	/* a free tile of rank 14 would be taken for a mover */
	if (r->nmovers > 0 && target >= EXACT_MOVER)
		return exact_fail(err, errsize, "target out of range (%s)",
		    "4 to 8192 where large tiles may move");
	if (!(four >= 0 && four <= 1))
		return exact_fail(err, errsize, "%s", "four: a probability from 0 to 1");
	r->kind = EXACT_PATTERN;
	r->rows = r->cols = 4;
	r->ncells = 16;
	r->target = target;
	r->objective = G2048_EXACT_PROB;
	r->four = four;
	snprintf(r->spec, sizeof r->spec, "%s", spec);
	snprintf(r->name, sizeof r->name, "%s", pattern);
	set_lines(r);
	set_syms(r);
	return 0;
}

/* Slide the n cells of t (front first) in place: the merged tiles' sum,
 * or -1 if a blocker moves. */
static long
slide(int *t, int n)
{
	int out[EXACT_LINE], merged[EXACT_LINE], m = 0, p;
	long gain = 0;

	for (p = 0; p < n; p++) {
		int v = t[p];

		if (v == 0)
			continue;
		if (v != EXACT_BLOCK && m > 0 && out[m - 1] == v &&
		    !merged[m - 1] && v + 1 < EXACT_BLOCK) {
			out[m - 1] = v + 1;
			merged[m - 1] = 1;
			gain += 1L << (v + 1);
		} else {
			out[m] = v;
			merged[m++] = 0;
		}
	}
	for (p = 0; p < n; p++) {
		int v = p < m ? out[p] : 0;

		if (t[p] == EXACT_BLOCK && v != EXACT_BLOCK)
			return -1;
		t[p] = v;
	}
	return gain;
}

void
exact_lines_init(struct exact_lines *t)
{
	uint16_t *after[3] = { t->after2, t->after3, t->after4 };
	uint32_t *info[3] = { t->info2, t->info3, t->info4 };
	int n, p;
	unsigned i;

	for (n = 2; n <= 4; n++)
		for (i = 0; i < 1u << (4 * n); i++) {
			int c[EXACT_LINE];
			long gain;
			unsigned a = 0;

			for (p = 0; p < n; p++)
				c[p] = (int)(i >> (4 * p) & 0xF);
			gain = slide(c, n);
			for (p = 0; p < n; p++)
				a |= (unsigned)c[p] << (4 * p);
			after[n - 2][i] = (uint16_t)(gain < 0 ? i : a);
			info[n - 2][i] = gain < 0 ? EXACT_LINE_PRUNED :
			    (uint32_t)gain;
		}
}

int
exact_move(const struct exact_rules *r, uint64_t key, int dir, uint64_t *out,
    uint32_t *reward)
{
	uint64_t k = key;
	uint32_t gain = 0;
	int l, p, len = r->linelen[dir];
	const uint16_t *after = NULL;
	const uint32_t *info = NULL;

	if (r->lines != NULL && len <= 4) {
		after = len == 4 ? r->lines->after4 : len == 3 ?
		    r->lines->after3 : r->lines->after2;
		info = len == 4 ? r->lines->info4 : len == 3 ?
		    r->lines->info3 : r->lines->info2;
	}
	for (l = 0; l < r->nlines[dir]; l++) {
		const int8_t *cells = r->line[dir][l];

		if (after != NULL) {
			unsigned i = 0, a;

			for (p = 0; p < len; p++)
				i |= (unsigned)exact_cell(key, cells[p]) << (4 * p);
			if (info[i] & EXACT_LINE_PRUNED)
				return EXACT_PRUNED;
			if ((a = after[i]) == i)
				continue;
			gain += info[i];
			for (p = 0; p < len; p++)
				k = exact_put(k, cells[p], (int)(a >> (4 * p) & 0xF));
		} else {
			int t[EXACT_LINE];
			long g;

			for (p = 0; p < len; p++)
				t[p] = exact_cell(key, cells[p]);
			if ((g = slide(t, len)) < 0)
				return EXACT_PRUNED;
			gain += (uint32_t)g;
			for (p = 0; p < len; p++)
				k = exact_put(k, cells[p], t[p]);
		}
	}
	if (k == key)
		return EXACT_ILLEGAL;
	*out = k;
	*reward = gain;
	return EXACT_MOVED;
}

uint64_t
exact_image(const struct exact_rules *r, uint64_t key, int s)
{
	uint64_t k = 0;
	int i;

	for (i = 0; i < r->ncells; i++)
		k |= (key >> (4 * i) & 0xF) << (4 * r->sym[s][i]);
	return k;
}

uint64_t
exact_canon(const struct exact_rules *r, uint64_t key)
{
	uint64_t best = key, k;
	int s;

	for (s = 1; s < r->nsyms; s++)
		if ((k = exact_image(r, key, s)) < best)
			best = k;
	return best;
}

uint64_t
exact_sum(const struct exact_rules *r, uint64_t key)
{
	uint64_t sum = 0;
	int i, v;

	for (i = 0; i < r->ncells; i++)
		if ((v = exact_cell(key, i)) != 0 && v != EXACT_BLOCK &&
		    !exact_is_mover(r, v))
			sum += (uint64_t)1 << v;
	return sum;
}

int
exact_max_rank(const struct exact_rules *r, uint64_t key)
{
	int i, v, m = 0;

	for (i = 0; i < r->ncells; i++)
		if ((v = exact_cell(key, i)) != EXACT_BLOCK &&
		    !exact_is_mover(r, v) && v > m)
			m = v;
	return m;
}

int
exact_won(const struct exact_rules *r, uint64_t key)
{
	int i;

	if (r->target_cells != 0) {
		for (i = 0; i < r->ncells; i++)
			if ((r->target_cells >> i & 1) &&
			    exact_cell(key, i) >= r->target &&
			    !exact_is_mover(r, exact_cell(key, i)))
				return 1;
		return 0;
	}
	return r->target > 0 && exact_max_rank(r, key) >= r->target;
}

int
exact_lost(const struct exact_rules *r, uint64_t key)
{
	return r->target_cells != 0 && exact_max_rank(r, key) >= r->target &&
	    !exact_won(r, key);
}

unsigned
exact_empty(const struct exact_rules *r, uint64_t key)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < r->ncells; i++)
		if ((r->freemask >> i & 1) && exact_cell(key, i) == 0)
			m |= 1u << i;
	return m;
}

uint32_t
exact_prob_u32(double p)
{
	if (!(p > 0))
		return 0;
	if (p >= 1)
		return UINT32_MAX;
	return (uint32_t)(p * 4294967295.0 + 0.5);
}

double
exact_u32_prob(uint32_t v)
{
	return v / 4294967295.0;
}
