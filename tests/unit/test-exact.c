/*
 * test-exact.c - the exact tables (lib/engine/exact/) against an
 * independent brute-force expectimax written here: a board as an array
 * of ranks, moved cell by cell, valued by plain recursion with a memo.
 * Small boards from the start of a game (both objectives, two spawn
 * odds), small endgame patterns (with large tiles that stay or move),
 * queries, symmetric images, a board one
 * move from the target, a pinned checksum, a resumed build, files that
 * are truncated, corrupt or of another version, and blocks checked when
 * a query first reads them.  One file past 500
 * lines: every test compares with the one brute force above them.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048-private.h"
#include "unit.h"

/* ---- the brute force ----------------------------------------------------- */

struct game {
	int rows, cols, n;
	int block[16];          /* a pattern's large tiles */
	int target;             /* rank, 0 none */
	int score;              /* objective: expected score (else prob) */
	double four;
	unsigned at;            /* the target's cells, a mask; 0: anywhere */
};

#define MEMO_BITS 22
struct memo {
	unsigned long long key[1 << MEMO_BITS];
	double val[1 << MEMO_BITS];
	char used[1 << MEMO_BITS];
};

static struct memo *memo;

/* board as a base-18 number: ranks 0-15, 16 a large tile that stays,
 * 17 one that may move (it slides, never merges) */
#define BIG   16
#define MOVER 17

static unsigned long long
pack(const struct game *g, const int *c)
{
	unsigned long long k = 0;
	int i;

	for (i = 0; i < g->n; i++)
		k = k * 18 + (unsigned long long)c[i];
	return k;
}

/*
 * One move of c toward dir into out: -1 nothing moves, -2 a large tile
 * that stays (BIG) would move, else the merged tiles' sum.  dir: 0 up,
 * 1 down, 2 left, 3 right.
 */
static int
bf_move(const struct game *g, const int *c, int dir, int *out)
{
	int nl = dir < 2 ? g->cols : g->rows, len = dir < 2 ? g->rows : g->cols;
	int l, p, gain = 0, changed = 0;

	memcpy(out, c, sizeof(int) * (size_t)g->n);
	for (l = 0; l < nl; l++) {
		int idx[8], t[8], merged[8], m = 0;

		for (p = 0; p < len; p++) {
			int row, col;

			if (dir == 0)
				row = p, col = l;
			else if (dir == 1)
				row = g->rows - 1 - p, col = l;
			else if (dir == 2)
				row = l, col = p;
			else
				row = l, col = g->cols - 1 - p;
			idx[p] = row * g->cols + col;
		}
		for (p = 0; p < len; p++) {
			int v = c[idx[p]];

			if (v == 0)
				continue;
			if (v < BIG && m > 0 && t[m - 1] == v && !merged[m - 1]) {
				t[m - 1]++;
				merged[m - 1] = 1;
				gain += 1 << (v + 1);
			} else {
				t[m] = v;
				merged[m++] = 0;
			}
		}
		for (p = 0; p < len; p++) {
			int v = p < m ? t[p] : 0;

			if (c[idx[p]] == BIG && v != BIG)
				return -2;
			if (out[idx[p]] != v)
				changed = 1;
			out[idx[p]] = v;
		}
	}
	return changed ? gain : -1;
}

static double value(const struct game *g, const int *c);

/* the value of a move's outcome: the mean over each spawn */
static double
after(const struct game *g, const int *a)
{
	double sum = 0;
	int i, s, ne = 0, c[16];

	for (i = 0; i < g->n; i++) {
		if (a[i] != 0)
			continue;
		ne++;
		for (s = 1; s <= 2; s++) {
			double p = s == 1 ? 1 - g->four : g->four;

			if (p == 0)
				continue;
			memcpy(c, a, sizeof c);
			c[i] = s;
			sum += p * value(g, c);
		}
	}
	return sum / ne;
}

static double
move_value(const struct game *g, const int *c, int dir, int *legal)
{
	int a[16], r = bf_move(g, c, dir, a);

	*legal = r != -1;
	if (r < 0)
		return 0;
	return (g->score ? r : 0) + after(g, a);
}

static double
value(const struct game *g, const int *c)
{
	unsigned long long k = pack(g, c), h = k * 0x9E3779B97F4A7C15ULL >>
	    (64 - MEMO_BITS);
	double best = 0;
	int d, i, legal, any = 0;

	for (i = 0; i < g->n; i++)
		if ((g->at >> i & 1) && c[i] >= g->target && c[i] < BIG)
			return 1;
	for (i = 0; i < g->n; i++)
		if (g->target && c[i] < BIG && c[i] >= g->target)
			return g->score || g->at ? 0 : 1;
	while (memo->used[h]) {
		if (memo->key[h] == k)
			return memo->val[h];
		h = (h + 1) & ((1 << MEMO_BITS) - 1);
	}
	for (d = 0; d < 4; d++) {
		double v = move_value(g, c, d, &legal);

		if (legal && (!any || v > best))
			best = v;
		any |= legal;
	}
	h = k * 0x9E3779B97F4A7C15ULL >> (64 - MEMO_BITS);
	while (memo->used[h])
		h = (h + 1) & ((1 << MEMO_BITS) - 1);
	memo->used[h] = 1;
	memo->key[h] = k;
	memo->val[h] = best;
	return best;
}

/* The value of a new game: two tiles spawned as 2048-new spawns them. */
static double
start_value(const struct game *g)
{
	double sum = 0, nfree = 0;
	int i, j, u, v, c[16];

	for (i = 0; i < g->n; i++)
		nfree += g->block[i] == 0;
	for (i = 0; i < g->n; i++)
		for (j = 0; j < g->n; j++) {
			if (i == j || g->block[i] || g->block[j])
				continue;
			for (u = 1; u <= 2; u++)
				for (v = 1; v <= 2; v++) {
					double p = (u == 2 ? g->four : 1 - g->four) *
					    (v == 2 ? g->four : 1 - g->four) /
					    nfree / (nfree - 1);

					if (p == 0)
						continue;
					memcpy(c, g->block, sizeof c);
					c[i] = u;
					c[j] = v;
					sum += p * value(g, c);
				}
		}
	return sum;
}

static void
memo_reset(void)
{
	memset(memo->used, 0, sizeof memo->used);
}

/* ---- helpers ----------------------------------------------------------- */

static char dir[] = "/tmp/test-exact.XXXXXX";

static g2048_table *
build_board(int rows, int cols, int target, int objective, double four,
    const char *name, g2048_exact_report *rep)
{
	g2048_exact_opts o;
	char path[128], err[256];
	g2048_table *t;

	g2048_exact_defaults(&o);
	o.rows = rows;
	o.cols = cols;
	o.target = target;
	o.objective = objective;
	o.four = four;
	o.threads = 2;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (g2048_exact_build(&o, path, rep, err, sizeof err) < 0) {
		printf("# build: %s\n", err);
		return NULL;
	}
	if ((t = g2048_table_open(path, err, sizeof err)) == NULL)
		printf("# open: %s\n", err);
	return t;
}

/* Build pattern spec at target rank 5 (32) into dir/name: its table. */
static g2048_table *
build_pattern(const char *spec, const char *name, g2048_exact_report *rep)
{
	g2048_exact_opts o;
	char path[128], err[256];
	g2048_table *t;

	g2048_exact_defaults(&o);
	o.pattern = spec;
	o.target = 5;
	o.objective = G2048_EXACT_PROB;
	o.threads = 2;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (g2048_exact_build(&o, path, rep, err, sizeof err) < 0) {
		printf("# build %s: %s\n", spec, err);
		return NULL;
	}
	if ((t = g2048_table_open(path, err, sizeof err)) == NULL)
		printf("# open: %s\n", err);
	return t;
}

static int
close_to(double a, double b, double rel)
{
	return fabs(a - b) <= rel * (fabs(b) > 1 ? fabs(b) : 1);
}

static int
has_value(const int *a, int v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (a[i] == v)
			return 1;
	return 0;
}

/* The table's answer for brute-force board c: a mover as rank 14. */
static int
query_game(const g2048_table *t, const struct game *g, const int *c,
    g2048_table_result *r)
{
	int q[16], i;

	for (i = 0; i < g->n; i++)
		q[i] = c[i] == MOVER ? 14 : c[i];
	return g2048_table_query_cells(t, q, g->n, r);
}

/* Random boards met in play from a start (by the table's best move and
 * the brute force's own spawns), each checked move by move. */
static void
check_queries(const g2048_table *t, const struct game *g, double rel,
    unsigned seed)
{
	int c[16], k, d, games;

	for (games = 0; games < 30; games++) {
		int free[16] = { 0 }, nf = 0;

		memcpy(c, g->block, sizeof c);
		for (k = 0; k < g->n; k++)
			if (!g->block[k])
				free[nf++] = k;
		seed = seed * 1103515245 + 12345;
		k = (int)((seed >> 16) % (unsigned)nf);
		c[free[k]] = 1;
		/* where a mover moves from its first cell, a table holds the
		 * states that follow a start of two tiles, not of one */
		if (has_value(g->block, MOVER, g->n)) {
			seed = seed * 1103515245 + 12345;
			c[free[(k + 1 + (int)((seed >> 16) % (unsigned)(nf - 1))) %
			    nf]] = 1;
		}
		for (k = 0; k < 200; k++) {
			g2048_table_result r;
			int legal, best = -1, a[16], e, ne = 0;

			query_game(t, g, c, &r);
			CHECK(r.dir != G2048_TABLE_UNCOVERED);
			if (r.dir == G2048_TABLE_UNCOVERED) {
				for (e = 0; e < g->n; e++)
					printf("%s%d", e ? "," : "# uncovered: ",
					    c[e]);
				printf("\n");
				return;
			}
			if (r.won)
				break;
			if (r.dir < 0) {
				/* over, or the target in the wrong cell */
				CHECK(r.board == 0 && value(g, c) == 0);
				break;
			}
			for (d = 0; d < 4; d++) {
				double v = move_value(g, c, d, &legal);

				CHECK(legal == (int)(r.legal >> d & 1));
				if (legal) {
					CHECK(close_to(r.value[d], v, rel));
					if (!g->score)
						CHECK(r.value[d] >= 0 &&
						    r.value[d] <= 1);
					if (best < 0 || v > move_value(g, c,
					    best, &legal))
						best = d;
				}
			}
			if (r.dir < 0 || (r.pruned >> r.dir & 1))
				break;      /* over, or lost in the pattern */
			bf_move(g, c, r.dir, a);
			for (e = 0; e < g->n; e++)
				ne += a[e] == 0;
			seed = seed * 1103515245 + 12345;
			e = (int)((seed >> 16) % (unsigned)ne);
			for (d = 0; d < g->n; d++)
				if (a[d] == 0 && e-- == 0)
					a[d] = (seed >> 8 & 0xFF) < g->four * 256 ?
					    2 : 1;
			memcpy(c, a, sizeof c);
		}
	}
}

/* ---- tests ---------------------------------------------------------------- */

static void
check_board(int rows, int cols, int target, int objective, double four)
{
	struct game g = { rows, cols, rows * cols, { 0 }, target,
	    objective == G2048_EXACT_SCORE, four, 0 };
	g2048_exact_report rep;
	g2048_table *t;
	double want;
	char name[64];

	snprintf(name, sizeof name, "%dx%d-%d-%d-%g.tbl", rows, cols, target,
	    objective, four);
	memo_reset();
	want = start_value(&g);
	if ((t = build_board(rows, cols, target, objective, four, name,
	    &rep)) == NULL) {
		CHECK(0);
		return;
	}
	if (!close_to(rep.start, want, 1e-9))
		printf("# %s: start %.12g, brute force %.12g\n", name,
		    rep.start, want);
	CHECK(close_to(rep.start, want, 1e-9));
	CHECK(close_to(g2048_table_info_of(t)->built.start, want, 1e-9));
	/* the file keeps a float score, a 32-bit probability */
	check_queries(t, &g, objective == G2048_EXACT_SCORE ? 1e-6 : 1e-8,
	    (unsigned)(rows * 7 + cols));
	g2048_table_close(t);
}

static void
test_2x2_score(void)
{
	check_board(2, 2, 0, G2048_EXACT_SCORE, 0.1);
	check_board(2, 2, 0, G2048_EXACT_SCORE, 0.25);
}

static void
test_2x3_score(void)
{
	check_board(2, 3, 0, G2048_EXACT_SCORE, 0.1);
	check_board(3, 2, 0, G2048_EXACT_SCORE, 0.5);
}

static void
test_2x2_prob(void)
{
	check_board(2, 2, 5, G2048_EXACT_PROB, 0.1);      /* 32 */
	check_board(2, 2, 4, G2048_EXACT_PROB, 0.3);
}

static void
test_2x3_prob(void)
{
	check_board(2, 3, 6, G2048_EXACT_PROB, 0.1);      /* 64 */
	check_board(2, 3, 7, G2048_EXACT_PROB, 0.2);
	check_board(2, 3, 6, G2048_EXACT_PROB, 0);
}

/* A small endgame pattern: 6 free cells, the rest large tiles. */
static void
test_pattern(void)
{
	struct game g = { 4, 4, 16, { 0 }, 5, 0, 0.1, 0 };
	g2048_exact_report rep;
	g2048_table *t;
	int i;

	for (i = 0; i < 10; i++)
		g.block[i] = BIG;
	t = build_pattern("xxxx/xxxx/xx../....", "pattern.tbl", &rep);
	if (t == NULL) {
		CHECK(0);
		return;
	}
	memo_reset();
	CHECK(close_to(rep.start, start_value(&g), 1e-9));
	CHECK(rep.pruned_moves > 0);
	CHECK(!g2048_table_info_of(t)->board);
	check_queries(t, &g, 1e-8, 5);
	g2048_table_close(t);
}

/*
 * A 4x4 board fits xxxx/xxxx/xxoo/.... (target 32) only where each `o'
 * has a large tile of 32 beside it: cells 7 and 9 (and 6 or 9 for cell
 * 10, 7 for cell 11).
 */
static void
check_target_beside(const g2048_table *t)
{
	static const int big[10] = { 13, 12, 11, 10, 6, 7, 8, 5, 9, 5 };
	g2048_table_result r;
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 10; i++)
		g = g2048_set_rank(g, i, big[i]);
	g = g2048_set_rank(g2048_set_rank(g, 12, 1), 13, 1);
	CHECK(g2048_table_query(t, g, &r) != G2048_TABLE_UNCOVERED);
	CHECK(r.board > 0 && r.board < 1);
	/* cell 11's neighbour 7 no longer the target: not covered */
	g = g2048_set_rank(g, 7, 14);
	CHECK(g2048_table_query(t, g, &r) == G2048_TABLE_UNCOVERED);
}

/* A pattern whose target must form in its cells (`o'): elsewhere it
 * is a loss. */
static void
test_pattern_target_cell(void)
{
	struct game g = { 4, 4, 16, { 0 }, 5, 0, 0.1, 1u << 11 };
	g2048_exact_report rep, any, two;
	g2048_table *t, *a;
	int i;

	for (i = 0; i < 10; i++)
		g.block[i] = BIG;
	t = build_pattern("xxxx/xxxx/xx.o/....", "at.tbl", &rep);
	a = build_pattern("xxxx/xxxx/xx../....", "any.tbl", &any);
	g2048_table_close(a);
	if (t == NULL || a == NULL) {
		CHECK(0);
		g2048_table_close(t);
		return;
	}
	memo_reset();
	CHECK(close_to(rep.start, start_value(&g), 1e-9));
	CHECK(rep.start < any.start);
	check_queries(t, &g, 1e-8, 9);
	g2048_table_close(t);
	/* two target cells: made in either is a win */
	g.at = 1u << 10 | 1u << 11;
	if ((t = build_pattern("xxxx/xxxx/xxoo/....", "at2.tbl", &two)) ==
	    NULL) {
		CHECK(0);
		return;
	}
	memo_reset();
	CHECK(close_to(two.start, start_value(&g), 1e-9));
	CHECK(rep.start < two.start && two.start < any.start);
	check_queries(t, &g, 1e-8, 11);
	check_target_beside(t);
	g2048_table_close(t);
}

/* A 4x4 grid with its columns flipped, and what a direction becomes. */
static g2048_grid
mirror(g2048_grid g)
{
	g2048_grid h = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		h = g2048_set_rank(h, (i / 4) * 4 + 3 - i % 4, g2048_rank(g, i));
	return h;
}

static int
mirror_dir(int d)
{
	return d == G2048_LEFT ? G2048_RIGHT : d == G2048_RIGHT ? G2048_LEFT : d;
}

/* A grid of the pattern xxxx/xxxx/..X./....: 8 large tiles that stay,
 * mover m at cell at (0: none), two 2s in cells 12 and 13: a start of
 * the table where at is 10 (or 9, its mirror image). */
static g2048_grid
mover_grid(int m, int at)
{
	static const int big[8] = { 17, 16, 15, 14, 10, 11, 12, 13 };
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 8; i++)
		g = g2048_set_rank(g, i, big[i]);
	if (m)
		g = g2048_set_rank(g, at, m);
	return g2048_set_rank(g2048_set_rank(g, 12, 1), 13, 1);
}

/* A 4x4 grid against a table with a mover: masked, in any orientation,
 * and only where its large tiles are the pattern's, none equal. */
static void
check_mover_grid(const g2048_table *t)
{
	static const int ranks[16] = { 0, 0, 0, 0, 0, 0, 0, 0,
	    0, 0, 14, 0, 1, 1, 0, 0 };
	g2048_table_result r, q, m;
	g2048_grid g = mover_grid(9, 10);
	int d;

	CHECK(g2048_table_query(t, g, &r) >= 0);
	CHECK(g2048_table_query_cells(t, ranks, 16, &q) >= 0);
	for (d = 0; d < 4; d++)
		CHECK(r.value[d] == q.value[d]);
	CHECK(r.board > 0 && r.board < 1);
	/* any large tile above the target may be the mover */
	CHECK(g2048_table_covers(t, mover_grid(6, 10)));
	CHECK(g2048_table_covers(t, mover_grid(9, 9)));
	/* no mover, two, one equal to a large tile, one not above the
	 * target: not covered */
	CHECK(!g2048_table_covers(t, mover_grid(0, 0)));
	CHECK(!g2048_table_covers(t, g2048_set_rank(g, 15, 7)));
	CHECK(!g2048_table_covers(t, mover_grid(10, 10)));
	CHECK(!g2048_table_covers(t, mover_grid(4, 10)));
	/* the mirror image: left and right swap */
	CHECK(g2048_table_query(t, mirror(g), &m) >= 0);
	for (d = 0; d < 4; d++)         /* spawns summed in another order */
		CHECK(close_to(m.value[mirror_dir(d)], r.value[d], 1e-12));
}

/*
 * Large tiles that may move (`X'): they slide and never merge.  Against
 * the brute force, with the target anywhere, and in a target cell that
 * a mover may also enter (a mover there is no win).
 */
static void
test_pattern_movers(void)
{
	struct game g = { 4, 4, 16, { 0 }, 5, 0, 0.1, 0 };
	g2048_exact_opts o;
	g2048_exact_report rep, fixed;
	g2048_table *t;
	char path[128], err[256];
	int i;

	for (i = 0; i < 8; i++)
		g.block[i] = BIG;
	g.block[10] = MOVER;
	memo_reset();
	if ((t = build_pattern("xxxx/xxxx/..X./....", "mover.tbl", &rep)) ==
	    NULL) {
		CHECK(0);
		return;
	}
	CHECK(close_to(rep.start, start_value(&g), 1e-9));
	check_queries(t, &g, 1e-8, 13);
	check_mover_grid(t);
	g2048_table_close(t);
	/* the mover held in place by blockers: as if it were one */
	t = build_pattern("xxxx/xxxx/xX../....", "held.tbl", &rep);
	CHECK(t != NULL);
	g2048_table_close(t);
	t = build_pattern("xxxx/xxxx/xx../....", "fixed.tbl", &fixed);
	CHECK(t != NULL);
	g2048_table_close(t);
	CHECK(rep.states == fixed.states && rep.start == fixed.start);
	/* a target cell */
	g.block[10] = 0;
	g.block[8] = MOVER;
	g.at = 1u << 10;
	memo_reset();
	if ((t = build_pattern("xxxx/xxxx/X.o./....", "mover-at.tbl",
	    &rep)) == NULL) {
		CHECK(0);
		return;
	}
	CHECK(close_to(rep.start, start_value(&g), 1e-9));
	check_queries(t, &g, 1e-8, 17);
	g2048_table_close(t);
	/* a free tile of 16384 would be taken for a mover */
	g2048_exact_defaults(&o);
	o.pattern = "xxxx/xxxx/X.../....";
	o.target = 14;
	snprintf(path, sizeof path, "%s/big.tbl", dir);
	CHECK(g2048_exact_build(&o, path, &rep, err, sizeof err) < 0);
	CHECK(strstr(err, "8192") != NULL);
}

/* A board of the pattern met in play (from blockers and two tiles, by
 * the table's moves) from which a move makes the target: *dir. */
static int
one_move_from_target(const g2048_table *t, const struct game *g, int *c,
    int *dir)
{
	unsigned seed = 7;
	int games, k, d, e, a[16];

	for (games = 0; games < 200; games++) {
		memcpy(c, g->block, sizeof a);
		c[10 + games % 6] = 1;
		c[10 + (games / 6) % 6 == 10 + games % 6 ? 11 : 10 +
		    (games / 6) % 6] = 1;
		for (k = 0; k < 300; k++) {
			g2048_table_result r;
			int ne = 0;

			if (g2048_table_query_cells(t, c, 16, &r) < 0 ||
			    (r.pruned >> r.dir & 1))
				break;
			for (d = 0; d < 4; d++)
				if ((r.legal >> d & 1) && bf_move(g, c, d, a) >= 0)
					for (e = 0; e < 16; e++)
						if (a[e] == g->target) {
							*dir = d;
							return 1;
						}
			bf_move(g, c, r.dir, a);
			for (e = 0; e < 16; e++)
				ne += a[e] == 0;
			seed = seed * 1103515245 + 12345;
			e = (int)((seed >> 16) % (unsigned)ne);
			for (d = 0; d < 16; d++)
				if (a[d] == 0 && e-- == 0)
					a[d] = (seed >> 8 & 0xFF) < 26 ? 2 : 1;
			memcpy(c, a, sizeof a);
		}
	}
	return 0;
}

/* A 4x4 grid under the pattern: large tiles masked, every orientation,
 * a board one move from the target. */
static void
test_pattern_grid(void)
{
	static const int big[10] = { 16, 15, 14, 13, 9, 10, 11, 12, 8, 7 };
	struct game pg = { 4, 4, 16, { 0 }, 5, 0, 0.1, 0 };
	g2048_table_result r, m;
	g2048_grid g = { 0, 0 }, h = { 0, 0 };
	g2048_table *t;
	char path[128], err[256];
	int i, d, c[16], win = -1;

	for (i = 0; i < 10; i++)
		pg.block[i] = BIG;
	snprintf(path, sizeof path, "%s/pattern.tbl", dir);
	if ((t = g2048_table_open(path, err, sizeof err)) == NULL) {
		CHECK(0);
		return;
	}
	CHECK(one_move_from_target(t, &pg, c, &win));
	if (win < 0) {
		g2048_table_close(t);
		return;
	}
	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, i < 10 ? big[i] : c[i]);
	CHECK(g2048_table_query(t, g, &r) >= 0);
	CHECK(r.value[win] == 1);
	CHECK(r.board == 1);
	CHECK(r.pruned >> G2048_RIGHT & 1);     /* row 2's blockers slide */
	CHECK(r.value[G2048_RIGHT] == 0);
	/* the mirror image (columns flipped): left and right swap */
	CHECK(g2048_table_query(t, mirror(g), &m) >= 0);
	for (d = 0; d < 4; d++) {
		int e = mirror_dir(d);

		CHECK(m.value[e] == r.value[d]);
		CHECK((m.legal >> e & 1) == (r.legal >> d & 1));
		CHECK((m.pruned >> e & 1) == (r.pruned >> d & 1));
	}
	/* transposed too */
	for (i = 0; i < 16; i++)
		h = g2048_set_rank(h, (i % 4) * 4 + i / 4, g2048_rank(g, i));
	CHECK(g2048_table_query(t, h, &m) >= 0);
	CHECK(m.value[G2048_UP] == r.value[G2048_LEFT]);
	CHECK(m.value[G2048_DOWN] == r.value[G2048_RIGHT]);
	/* a large tile below the target, or two equal ones side by side:
	 * not covered */
	CHECK(g2048_table_covers(t, g));
	h = g2048_set_rank(g, 9, 4);
	CHECK(!g2048_table_covers(t, h));
	h = g2048_set_rank(g, 1, 16);
	CHECK(!g2048_table_covers(t, h));
	g2048_table_close(t);
}

/* symmetric images of a small board agree */
static void
test_images(void)
{
	g2048_table *t = build_board(3, 2, 0, G2048_EXACT_SCORE, 0.1,
	    "img.tbl", NULL);
	int c[6] = { 1, 2, 0, 3, 1, 0 }, f[6], d;
	g2048_table_result r, q;

	if (t == NULL) {
		CHECK(0);
		return;
	}
	/* rows flipped: up and down swap */
	for (d = 0; d < 6; d++)
		f[(2 - d / 2) * 2 + d % 2] = c[d];
	g2048_table_query_cells(t, c, 6, &r);
	g2048_table_query_cells(t, f, 6, &q);
	CHECK(r.dir != G2048_TABLE_UNCOVERED);
	CHECK(r.board == q.board);
	CHECK(r.value[G2048_UP] == q.value[G2048_DOWN]);
	CHECK(r.value[G2048_LEFT] == q.value[G2048_LEFT]);
	g2048_table_close(t);
}

static int
stop_at(const g2048_exact_progress *p, void *ctx)
{
	int *layers = ctx;

	return p->phase == 1 && --*layers <= 0;
}

/* The 2x3 table built whole on one thread into dir/sum1.tbl: o and a
 * as the stopped builds of the tests below go on from. */
static void
build_2x3_reference(g2048_exact_opts *o, char *path, size_t size,
    g2048_exact_report *a)
{
	char err[256];

	g2048_exact_defaults(o);
	o->rows = 2;
	o->cols = 3;
	o->threads = 1;
	snprintf(path, size, "%s/sum1.tbl", dir);
	CHECK(g2048_exact_build(o, path, a, err, sizeof err) == 0);
}

/* The same bytes with one thread or two, and after a resumed build; the
 * checksum of the 2x3 score table is pinned. */
static void
test_checksum_resume(void)
{
	g2048_exact_opts o;
	g2048_exact_report a, b, c;
	char path[128], work[128], err[256];
	int stop = 40;

	build_2x3_reference(&o, path, sizeof path, &a);
	o.threads = 2;
	snprintf(work, sizeof work, "%s/work", dir);
	o.workdir = work;
	o.progress = stop_at;
	o.ctx = &stop;
	snprintf(path, sizeof path, "%s/sum2.tbl", dir);
	CHECK(g2048_exact_build(&o, path, &b, err, sizeof err) < 0);
	CHECK(strcmp(err, "stopped") == 0);
	CHECK(access(path, F_OK) < 0);
	o.progress = NULL;
	CHECK(g2048_exact_build(&o, path, &c, err, sizeof err) == 0);
	CHECK(c.layers_resumed > 40);
	CHECK_EQ_U64(c.checksum, a.checksum);
	CHECK_EQ_U64(a.checksum, 0x14b8bb0dbe64513dULL);
	CHECK_EQ_U64(a.states, 21752);
	CHECK_EQ_U64(a.states_plain, 85844);
}

/* The highest layer with a work file of kind in dir, or -1. */
static int
top_work(const char *work, char kind)
{
	char p[256];
	int L;

	for (L = 32767; L >= 0; L--) {
		snprintf(p, sizeof p, "%s/%c-%05d", work, kind, L);
		if (access(p, F_OK) == 0)
			return L;
	}
	return -1;
}

/*
 * A build whose work directory is temporary (removed when it stops,
 * never resumed) keeps no reach file above layer 4, which only a
 * resumed build reads; one that may go on keeps them.  The table is the
 * same bytes either way.
 */
static void
test_temporary_work(void)
{
	g2048_exact_opts o;
	g2048_exact_report a, c;
	char path[128], work[128], err[256];
	int stop, temporary;

	build_2x3_reference(&o, path, sizeof path, &a);
	for (temporary = 0; temporary < 2; temporary++) {
		snprintf(work, sizeof work, "%s/work-%d", dir, temporary);
		o.workdir = work;
		o.temporary = temporary;
		o.progress = stop_at;
		o.ctx = &stop;
		stop = 40;
		snprintf(path, sizeof path, "%s/temporary-%d.tbl", dir,
		    temporary);
		CHECK(g2048_exact_build(&o, path, &c, err, sizeof err) < 0);
		CHECK(top_work(work, 'v') > 60);
		if (temporary)
			CHECK(top_work(work, 'a') <= 4);
		else
			CHECK(top_work(work, 'a') > 60);
		o.progress = NULL;
		CHECK(g2048_exact_build(&o, path, &c, err, sizeof err) == 0);
		CHECK_EQ_U64(c.checksum, a.checksum);
	}
}

/* n bytes at off of path made zeros, or (flip) a bit of one changed */
static void
damage(const char *path, long off, size_t n, int flip)
{
	FILE *fp = fopen(path, "r+b");
	int c;

	if (fp == NULL) {
		CHECK(0);
		return;
	}
	if (flip) {
		fseek(fp, off, SEEK_SET);
		c = fgetc(fp);
		fseek(fp, off, SEEK_SET);
		fputc(c ^ 1, fp);
	} else {
		fseek(fp, off, SEEK_SET);
		while (n-- > 0)
			fputc(0, fp);
	}
	fclose(fp);
}

/*
 * A build resumed from a damaged work directory: a layer's keys gone, a
 * key flipped, a layer's values zeroed (the same size).  Each file a
 * resume reads is checked; the damaged layers are made again, and the
 * table is the same bytes as a build's that never stopped.
 */
static void
test_damaged_work(void)
{
	g2048_exact_opts o;
	g2048_exact_report a, c;
	char path[128], work[128], f[256], err[256];
	int how, stop, top;

	build_2x3_reference(&o, path, sizeof path, &a);
	snprintf(work, sizeof work, "%s/damaged", dir);
	o.workdir = work;
	o.ctx = &stop;
	for (how = 0; how < 3; how++) {
		stop = 40;
		o.progress = stop_at;
		snprintf(path, sizeof path, "%s/damaged-%d.tbl", dir, how);
		CHECK(g2048_exact_build(&o, path, &c, err, sizeof err) < 0);
		top = top_work(work, 'k');
		CHECK(top > 60 && top_work(work, 'v') == top);
		if (how == 0) {         /* a middle layer's keys removed */
			snprintf(f, sizeof f, "%s/k-%05d", work, top / 2);
			CHECK(unlink(f) == 0);
		} else if (how == 1) {  /* a key flipped */
			snprintf(f, sizeof f, "%s/k-%05d", work, top / 2);
			damage(f, 12, 1, 1);
		} else {                /* the top's values zeroed */
			snprintf(f, sizeof f, "%s/v-%05d", work, top - 3);
			damage(f, 0, 8, 0);
		}
		o.progress = NULL;
		CHECK(g2048_exact_build(&o, path, &c, err, sizeof err) == 0);
		CHECK(c.layers_resumed > 0);
		CHECK_EQ_U64(c.states, a.states);
		CHECK_EQ_U64(c.layers, a.layers);
		CHECK_EQ_U64(c.checksum, a.checksum);
	}
}

static void
write_file(const char *path, const unsigned char *p, size_t n)
{
	FILE *fp = fopen(path, "wb");

	if (fp == NULL)
		return;
	fwrite(p, 1, n, fp);
	fclose(fp);
}

/* The whole file at path, malloc'd, and its size in *n; NULL if it does
 * not read. */
static unsigned char *
read_file(const char *path, size_t *n)
{
	unsigned char *buf;
	struct stat st;
	FILE *fp;

	if (stat(path, &st) < 0 || (buf = malloc((size_t)st.st_size)) == NULL)
		return NULL;
	if ((fp = fopen(path, "rb")) == NULL) {
		free(buf);
		return NULL;
	}
	*n = fread(buf, 1, (size_t)st.st_size, fp);
	fclose(fp);
	if (*n != (size_t)st.st_size) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Truncated, corrupt or of another version: refused with a message. */
static void
test_bad_files(void)
{
	char path[128], bad[128], err[256];
	unsigned char *buf;
	size_t n;
	g2048_table *t;

	snprintf(path, sizeof path, "%s/sum1.tbl", dir);
	snprintf(bad, sizeof bad, "%s/bad.tbl", dir);
	if ((buf = read_file(path, &n)) == NULL) {
		CHECK(0);
		return;
	}
	write_file(bad, buf, n - 1);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "truncated") != NULL);
	write_file(bad, buf, 100);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "truncated") != NULL);
	buf[n - 3] ^= 1;
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "checksum") != NULL);
	buf[n - 3] ^= 1;
	buf[11] = '4';      /* "2048-table 4" */
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "version") != NULL);
	buf[11] = '1';      /* format 1 has no blocks */
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "block") != NULL);
	buf[11] = '2';      /* format 2: no sum covers its header */
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "--upgrade") != NULL);
	buf[11] = '3';
	write_file(bad, buf, n);
	CHECK((t = g2048_table_open(bad, err, sizeof err)) != NULL);
	g2048_table_close(t);
	/* a changed byte of the header, wherever: its checksum fails, or
	 * it does not parse */
	{
		size_t i;
		int accepted = 0;

		for (i = 0; i < 4096; i += 11) {
			buf[i] ^= 0x08;
			write_file(bad, buf, n);
			if ((t = g2048_table_open(bad, err, sizeof err)) !=
			    NULL) {
				accepted++;
				g2048_table_close(t);
			}
			buf[i] ^= 0x08;
		}
		CHECK(accepted == 0);
	}
	/* "target 0" made "target 8" (the flip of byte 45) */
	CHECK(memcmp(buf + 38, "target 0\n", 9) == 0);
	buf[45] ^= 0x08;
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "header's checksum does not match") != NULL);
	buf[45] ^= 0x08;
	memcpy(buf, "2049", 4);
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "not a table") != NULL);
	free(buf);
}

/*
 * A block of the states is checked when a query first reads it: a byte
 * changed in a block a query reads makes that query (and every later
 * one) G2048_TABLE_CORRUPT, with the block named; a byte changed where
 * no query reads is found by g2048_table_verify; one in the layer index
 * is refused when the file is opened.  The 2x3 table: blocks 0 to 4,
 * the values from 176016 bytes after the header.
 */
static void
test_lazy_blocks(void)
{
	static const int start[6] = { 1, 0, 0, 0, 0, 1 };
	char path[128], bad[128], err[256];
	unsigned char *buf;
	g2048_table_result r;
	g2048_table *t;
	size_t n;

	snprintf(path, sizeof path, "%s/sum1.tbl", dir);
	snprintf(bad, sizeof bad, "%s/lazy.tbl", dir);
	if ((buf = read_file(path, &n)) == NULL) {
		CHECK(0);
		return;
	}
	CHECK(n == 267160);
	/* the last block: an early query does not read it */
	buf[4096 + 4 * 65536 + 100] ^= 1;
	write_file(bad, buf, n);
	CHECK((t = g2048_table_open(bad, err, sizeof err)) != NULL);
	if (t != NULL) {
		CHECK(g2048_table_query_cells(t, start, 6, &r) >= 0);
		CHECK(g2048_table_check(t, err, sizeof err) == 0);
		CHECK(g2048_table_verify(t, err, sizeof err) < 0);
		CHECK(strstr(err, "corrupt: block 4 ") != NULL);
		g2048_table_close(t);
	}
	buf[4096 + 4 * 65536 + 100] ^= 1;
	/* the start's values, in block 2 */
	buf[4096 + 176016 + 40] ^= 1;
	write_file(bad, buf, n);
	CHECK((t = g2048_table_open(bad, err, sizeof err)) != NULL);
	if (t != NULL) {
		CHECK(g2048_table_query_cells(t, start, 6, &r) ==
		    G2048_TABLE_CORRUPT);
		CHECK(g2048_table_check(t, err, sizeof err) < 0);
		CHECK(strstr(err, "corrupt: block 2 ") != NULL);
		g2048_table_close(t);
	}
	buf[4096 + 176016 + 40] ^= 1;
	/* the layer index */
	buf[4096 + 24] ^= 1;
	write_file(bad, buf, n);
	CHECK(g2048_table_open(bad, err, sizeof err) == NULL);
	CHECK(strstr(err, "corrupt: block 0 ") != NULL);
	free(buf);
}

static void
cleanup(void)
{
	char cmd[200];

	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

int
main(void)
{
	if (mkdtemp(dir) == NULL || (memo = malloc(sizeof *memo)) == NULL)
		return 2;
	RUN(test_2x2_score);
	RUN(test_2x3_score);
	RUN(test_2x2_prob);
	RUN(test_2x3_prob);
	RUN(test_pattern);
	RUN(test_pattern_grid);
	RUN(test_pattern_target_cell);
	RUN(test_pattern_movers);
	RUN(test_images);
	RUN(test_checksum_resume);
	RUN(test_damaged_work);
	RUN(test_temporary_work);
	RUN(test_bad_files);
	RUN(test_lazy_blocks);
	free(memo);
	cleanup();
	return UNIT_EXIT();
}
