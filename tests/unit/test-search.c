/* test-search.c - the search against plain reference searches written
 * here cell by cell, and its reproducibility rules.  One file of over 500
 * lines: one unit test a part of the library, and the references serve
 * every check. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "search.h"
#include "unit.h"

static g2048_eval *ev;

static g2048_grid
grid_of(const int tiles[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, tiles[i] ? g2048_rank_of((uint64_t)tiles[i]) : 0);
	return g;
}

/* ---- moves, cell by cell ---------------------------------------------- */

/*
 * The references move tiles here from the rules alone, sharing nothing
 * with the engine's row tables or its exact path: a left move row by row,
 * the other directions by mirroring and transposing the grid around it.
 */
static int
mirrored(int cell)
{
	return cell / 4 * 4 + 3 - cell % 4;
}

static int
transposed(int cell)
{
	return cell % 4 * 4 + cell / 4;
}

static g2048_grid
remap(g2048_grid g, int (*to)(int))
{
	g2048_grid out = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		out = g2048_set_rank(out, to(i), g2048_rank(g, i));
	return out;
}

/* Each tile goes as far left as it can, onto the last one placed if equal
 * and that one has not merged; two 131072s stay apart. */
static g2048_grid
ref_left(g2048_grid g)
{
	g2048_grid out = { 0, 0 };
	int row, col, r, placed, last;

	for (row = 0; row < 4; row++) {
		placed = 0;
		last = 0;           /* the last tile placed, if it may merge */
		for (col = 0; col < 4; col++) {
			if ((r = g2048_rank(g, row * 4 + col)) == 0)
				continue;
			if (r == last && r < G2048_MAX_RANK) {
				out = g2048_set_rank(out, row * 4 + placed - 1, r + 1);
				last = 0;
			} else {
				out = g2048_set_rank(out, row * 4 + placed++, r);
				last = r;
			}
		}
	}
	return out;
}

static g2048_grid
ref_slide(g2048_grid g, int d)
{
	switch (d) {
	case G2048_LEFT:
		return ref_left(g);
	case G2048_RIGHT:
		return remap(ref_left(remap(g, mirrored)), mirrored);
	case G2048_UP:
		return remap(ref_left(remap(g, transposed)), transposed);
	default:
		return remap(remap(ref_left(remap(remap(g, transposed),
		    mirrored)), mirrored), transposed);
	}
}

/* ---- the reference searches ------------------------------------------- */

/*
 * Expectimax as 2048-solve(1) and 2048.h define it, by brute force: a
 * chance node is a leaf (its heuristic) when depth moves have been made,
 * or when the probability of the spawns on its path from the root is less
 * than the cutoff; each spawn has the probability 1/empty cells times 0.9
 * (a 2) or 0.1 (a 4), and the path's probability is computed in double
 * precision one spawn at a time, divided by the empty cells, then
 * multiplied by 0.9 or 0.1.  A board that cannot move is lost (0), or
 * with lost unset scored by its heuristic.  The exact fraction is kept
 * too, to count the paths exactly as likely as the cutoff (0.9/6 * 0.1/5
 * is 0.003): for those the rounding decides.
 */
struct prob {
	double p;
	uint64_t num, den;          /* p exactly */
};

struct ref {
	int limit;          /* moves looked ahead */
	double cutoff;      /* 0: none */
	struct prob exact;  /* the cutoff as a fraction */
	int lost;
	uint64_t nodes;     /* moves made, counted as the search counts them */
	int cut;            /* chance nodes made leaves by the cutoff */
	int coarser;        /* ... that ten times the cutoff would add */
	int ties;           /* paths exactly as likely as the cutoff */
	int dead;           /* boards met that cannot move */
	/* with a prune: a chance node below the root's whose board is
	 * valued under this is a leaf (check_search sets it) */
	double prune_below;
	int pruned;         /* chance nodes made leaves by the prune */
};

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* the probability of a path one spawn longer: tenths/10 on one of n */
static struct prob
spawn_prob(struct prob p, int tenths, int n)
{
	uint64_t k;

	p.p = p.p / n * (tenths == 9 ? 0.9 : 0.1);
	p.num *= (uint64_t)tenths;
	p.den *= 10 * (uint64_t)n;
	k = gcd(p.num, p.den);
	p.num /= k;
	p.den /= k;
	return p;
}

/* p exactly against times the cutoff: -1 less, 0 equal, 1 more likely */
static int
cmp_exact(const struct ref *r, struct prob p, uint64_t times)
{
	uint64_t a = p.num * r->exact.den, b = times * r->exact.num * p.den;

	return (a > b) - (a < b);
}

static double ref_chance(struct ref *r, g2048_grid g, struct prob p,
    int depth);

static double
ref_max(struct ref *r, g2048_grid g, struct prob p, int depth)
{
	double best = -HUGE_VAL, v;
	int d;

	for (d = 0; d < 4; d++) {
		g2048_grid n = ref_slide(g, d);

		if (g2048_grid_eq(n, g))
			continue;
		r->nodes++;
		v = ref_chance(r, n, p, depth + 1);
		if (v > best)
			best = v;
	}
	if (best == -HUGE_VAL) {
		r->dead++;
		return r->lost ? 0.0 : g2048_eval_grid(ev, g);
	}
	return best;
}

static double
ref_chance(struct ref *r, g2048_grid g, struct prob p, int depth)
{
	double sum = 0, h;
	int cell, empty[16], i, n = 0;

	if (depth >= r->limit)
		return g2048_eval_grid(ev, g);
	if (r->cutoff > 0) {
		r->ties += cmp_exact(r, p, 1) == 0;
		if (p.p < r->cutoff) {
			r->cut++;
			return g2048_eval_grid(ev, g);
		}
		r->coarser += cmp_exact(r, p, 10) < 0;
	}
	if (depth > 1 && (h = g2048_eval_grid(ev, g)) < r->prune_below) {
		r->pruned++;
		return h;
	}
	for (cell = 0; cell < 16; cell++)
		if (g2048_rank(g, cell) == 0)
			empty[n++] = cell;
	for (i = 0; i < n; i++)
		sum += 0.9 * ref_max(r, g2048_set_rank(g, empty[i], 1),
		    spawn_prob(p, 9, n), depth) +
		    0.1 * ref_max(r, g2048_set_rank(g, empty[i], 2),
		    spawn_prob(p, 1, n), depth);
	return sum / n;
}

/* Minimax without pruning: the opponent puts a 2 in the worst cell; a
 * board that cannot move is the worst of all. */
static double ref_min(struct ref *r, g2048_grid g, int depth);

static double
ref_mmax(struct ref *r, g2048_grid g, int depth)
{
	double best = -HUGE_VAL, v;
	int d, any = 0;

	for (d = 0; d < 4; d++) {
		g2048_grid n = ref_slide(g, d);

		if (g2048_grid_eq(n, g))
			continue;
		any = 1;
		v = depth + 1 >= r->limit ? g2048_eval_grid(ev, n) :
		    ref_min(r, n, depth + 1);
		if (v > best)
			best = v;
	}
	if (!any) {
		r->dead++;
		return r->lost ? -HUGE_VAL : g2048_eval_grid(ev, g);
	}
	return best;
}

static double
ref_min(struct ref *r, g2048_grid g, int depth)
{
	double worst = HUGE_VAL, v;
	int cell;

	for (cell = 0; cell < 16; cell++) {
		if (g2048_rank(g, cell))
			continue;
		v = ref_mmax(r, g2048_set_rank(g, cell, 1), depth);
		if (v < worst)
			worst = v;
	}
	return worst;
}

/* The value of the root move to n. */
static double
ref_root(struct ref *r, int algo, g2048_grid n)
{
	r->nodes++;
	if (algo == G2048_MINIMAX)
		return r->limit <= 1 ? g2048_eval_grid(ev, n) : ref_min(r, n, 1);
	return ref_chance(r, n, (struct prob){ 1.0, 1, 1 }, 1);
}

static int
same_value(double a, double b, double tolerance)
{
	return a == b || fabs(a - b) <= tolerance * fmax(1, fabs(b));
}

/*
 * Search g with s and check every legal move's value against the
 * reference r, the move against the best of them, and with exact_nodes
 * the nodes: then the two trees have the same shape.  The table stores
 * floats, so with it values agree only to a tolerance.
 */
static void
check_search(g2048_search *s, const g2048_search_opts *o, g2048_grid g,
    struct ref *r, double tolerance, int exact_nodes)
{
	g2048_search_result res;
	double v[4] = { -HUGE_VAL, -HUGE_VAL, -HUGE_VAL, -HUGE_VAL };
	double best = -HUGE_VAL;
	unsigned legal = 0;
	int d, fails = unit_fails;

	r->nodes = 0;
	r->pruned = 0;
	r->prune_below = o->prune > 0 ? g2048_eval_grid(ev, g) - o->prune :
	    -HUGE_VAL;
	CHECK(g2048_search_run(s, g, NULL, &res) >= 0);
	for (d = 0; d < 4; d++) {
		g2048_grid n = ref_slide(g, d);

		if (g2048_grid_eq(n, g))
			continue;
		legal |= 1u << d;
		v[d] = ref_root(r, o->algo, n);
		CHECK(same_value(res.value[d], v[d], tolerance));
		if (v[d] > best)
			best = v[d];
	}
	CHECK_EQ_U64(res.legal, legal);
	CHECK_EQ_U64(res.depth, r->limit);
	CHECK(res.dir >= 0 && same_value(v[res.dir], best, tolerance));
	if (exact_nodes)
		CHECK_EQ_U64(res.nodes, r->nodes);
	if (unit_fails != fails)
		printf("# grid %016llx/%04x, algo %d, depth %d, cutoff %g, "
		    "tt_bits %d, bitboard %d\n", (unsigned long long)g.lo,
		    (unsigned)g.hi, o->algo, r->limit, o->cutoff, o->tt_bits,
		    o->bitboard);
}

/* ---- boards ----------------------------------------------------------- */

static const int mid[16] = {
	2, 4, 8, 16,
	0, 2, 32, 64,
	0, 0, 4, 128,
	0, 0, 2, 512,
};
static const int late[16] = {
	0, 8, 2, 4,
	16, 32, 64, 8,
	256, 128, 32, 4,
	1024, 2048, 512, 2,
};
static const int dead[16] = {
	2, 4, 2, 4,
	4, 2, 4, 2,
	2, 4, 2, 4,
	4, 2, 4, 2,
};
/* The tiles past the nibbles: a 65536 is an empty nibble with its fifth
 * bit set, a 131072 a 2's nibble with it; two 32768s (or two 65536s) can
 * merge into one.  The row tables are wrong on each of these. */
static const int with65536[16] = {
	65536, 32768, 16384, 4,
	2, 0, 8, 0,
	0, 4, 0, 2,
	0, 0, 0, 0,
};
static const int with131072[16] = {
	131072, 2, 0, 0,
	4, 8, 0, 0,
	2, 0, 0, 0,
	0, 0, 0, 2,
};
static const int two32768[16] = {
	32768, 32768, 16, 2,
	8, 0, 4, 0,
	0, 2, 0, 0,
	4, 0, 0, 0,
};
static const int two65536[16] = {
	65536, 4, 0, 0,
	65536, 2, 0, 0,
	8, 0, 0, 0,
	2, 0, 0, 4,
};
static const int toward131072[16] = {
	65536, 32768, 32768, 2,
	4, 0, 0, 0,
	0, 0, 2, 0,
	0, 0, 0, 0,
};
/* Crowded late-game boards, from game 2 of --fast (moves 20479, 20599 and
 * 20659): the default searches them 5 and 6 moves deep, and the last one
 * a second time. */
static const int crowded4[16] = {
	32768, 4096, 8, 4,
	8192, 32, 2, 4,
	8, 4, 0, 0,
	4, 2, 0, 2,
};
static const int crowded0[16] = {
	32768, 4096, 128, 16,
	8192, 128, 16, 8,
	2, 4, 16, 4,
	2, 4, 4, 8,
};
static const int crowded2[16] = {
	32768, 4096, 128, 2,
	8192, 128, 128, 2,
	32, 4, 32, 0,
	2, 4, 4, 0,
};

/* The default setting searching the board as it is (--no-corner), as the
 * references value lines either way; --corner has tests of its own. */
static void
plain_defaults(g2048_search_opts *o)
{
	g2048_search_defaults(o);
	o->corner = 0;
}

static g2048_search *
make(int algo, int depth, double cutoff, int tt_bits, int threads)
{
	g2048_search_opts o;
	char err[128];

	plain_defaults(&o);
	o.algo = (enum g2048_algo)algo;
	o.depth = depth;
	o.cutoff = cutoff;
	o.tt_bits = tt_bits;
	o.threads = threads;
	o.deepen = 0;
	return g2048_search_new(&o, ev, err, sizeof err);
}

/* ---- the search against the references -------------------------------- */

/* The grid as the row tables alone would move it. */
static g2048_grid
table_slide(g2048_grid g, int d)
{
	g2048_grid t = { 0, 0 };

	t.lo = d == G2048_LEFT ? grid_rows_by(g.lo, grid_row_left) :
	    d == G2048_RIGHT ? grid_rows_by(g.lo, grid_row_right) :
	    d == G2048_UP ? grid_cols_by(g.lo, grid_col_up) :
	    grid_cols_by(g.lo, grid_col_down);
	return t;
}

/* Every board, depths 1-3, both tree searches, with and without the row
 * tables, expectimax also with the transposition table. */
static void
test_tree_searches_match_reference(void)
{
	static const int *const boards[] = { mid, late, with65536, with131072,
	    two32768, two65536, toward131072 };
	g2048_search_opts o;
	g2048_search *s;
	char err[128];
	int i, d, wrong, depth, algo, variant;

	for (i = 0; i < 7; i++) {
		g2048_grid g = grid_of(boards[i]);

		/* the big boards need the exact path: the tables get a move
		 * wrong on each */
		for (d = wrong = 0; i >= 2 && d < 4; d++)
			wrong += !g2048_grid_eq(table_slide(g, d), ref_slide(g, d));
		CHECK(i < 2 || (!grid_fast_ok(g) && wrong > 0));
		for (depth = 1; depth <= 3; depth++)
			for (algo = G2048_EXPECTIMAX; algo <= G2048_MINIMAX; algo++)
				for (variant = 0; variant < 3; variant++) {
					struct ref r = { depth, 0, { 0, 0, 1 }, 1,
					    0, 0, 0, 0, 0, 0, 0 };

					if (algo == G2048_MINIMAX && variant == 2)
						continue;
					plain_defaults(&o);
					o.algo = (enum g2048_algo)algo;
					o.depth = depth;
					o.cutoff = 0;
					o.deepen = 0;
					o.bitboard = variant != 1;
					o.tt_bits = variant == 2 ? 16 : 0;
					if ((s = g2048_search_new(&o, ev, err,
					    sizeof err)) == NULL) {
						CHECK(!"g2048_search_new");
						continue;
					}
					check_search(s, &o, g, &r, variant == 2 ?
					    1e-6 : 1e-12, algo == G2048_EXPECTIMAX &&
					    variant != 2);
					g2048_search_free(s);
				}
	}
}

/* A board that cannot move scores 0 (lost) or, with lost unset, its
 * heuristic: on the crowded boards some spawns leave no move. */
static void
test_lost_matches_reference(void)
{
	static const int *const boards[] = { crowded0, crowded2 };
	g2048_search_opts o;
	g2048_search *s;
	char err[128];
	int i, lost, algo, dead = 0;

	for (i = 0; i < 2; i++)
		for (lost = 0; lost <= 1; lost++)
			for (algo = G2048_EXPECTIMAX; algo <= G2048_MINIMAX; algo++) {
				struct ref r = { 3, 0, { 0, 0, 1 }, lost, 0, 0, 0, 0, 0, 0,
				    0 };

				plain_defaults(&o);
				o.algo = (enum g2048_algo)algo;
				o.depth = 3;
				o.cutoff = 0;
				o.deepen = 0;
				o.tt_bits = 0;
				o.lost = lost;
				if ((s = g2048_search_new(&o, ev, err,
				    sizeof err)) == NULL) {
					CHECK(!"g2048_search_new");
					continue;
				}
				check_search(s, &o, grid_of(boards[i]), &r, 1e-12,
				    algo == G2048_EXPECTIMAX);
				g2048_search_free(s);
				dead += r.dead;
			}
	CHECK(dead > 0);
}

/*
 * The probability cutoff as documented, at the second search's, the
 * default's and the fast setting's, on boards and depths where each makes
 * leaves and ten times it would make more, and where some paths are
 * exactly as likely as the cutoff.
 */
static void
test_cutoff_matches_reference(void)
{
	static const int *const boards[] = { mid, crowded4, crowded2,
	    with65536 };
	static const int depths[] = { 4, 4, 5, 4 };
	static const struct prob cutoffs[] = { { 1e-4, 1, 10000 },
	    { 1.25e-4, 1, 8000 }, { 1e-3, 1, 1000 } };
	g2048_search_opts def, fast, o;
	g2048_search *s;
	char err[128];
	int i, c, cut, coarser, ties;

	g2048_search_defaults(&def);
	g2048_search_fast(&fast);
	CHECK(def.deepen_cutoff == cutoffs[0].p && def.cutoff == cutoffs[1].p &&
	    fast.cutoff == cutoffs[2].p);
	for (c = 0; c < 3; c++) {
		cut = coarser = ties = 0;
		for (i = 0; i < 4; i++) {
			struct ref r = { depths[i], cutoffs[c].p, cutoffs[c], 1,
			    0, 0, 0, 0, 0, 0, 0 };

			o = def;
			o.depth = depths[i];
			o.cutoff = cutoffs[c].p;
			o.prune = 0;
			o.corner = 0;     /* the reference's lines */
			o.deepen = 0;
			o.tt_bits = 0;
			if ((s = g2048_search_new(&o, ev, err, sizeof err)) ==
			    NULL) {
				CHECK(!"g2048_search_new");
				continue;
			}
			check_search(s, &o, grid_of(boards[i]), &r, 1e-12, 1);
			g2048_search_free(s);
			cut += r.cut > 0;
			coarser += r.coarser > 0;
			ties += r.ties;
		}
		printf("# cutoff %g: leaves on %d boards, more at 10x on %d, "
		    "%d ties\n", o.cutoff, cut, coarser, ties);
		CHECK(cut > 0 && coarser > 0);
	}
}

/*
 * The prune as documented: a chance node below the root's whose board
 * falls more than the margin under the board searched is a leaf valued
 * as it stands; the same values and nodes as the reference, at margins
 * that cut much, little and nothing, with the fast setting's cutoff and
 * without one.
 */
static void
test_prune_matches_reference(void)
{
	static const int *const boards[] = { mid, crowded4, crowded2,
	    with65536 };
	static const double margins[] = { 1e3, 1e5, 1e6, 1e12 };
	g2048_search_opts o;
	g2048_search *s;
	char err[128];
	int i, m, c, pruned[4] = { 0 };

	for (m = 0; m < 4; m++)
		for (c = 0; c < 2; c++)
			for (i = 0; i < 4; i++) {
				struct ref r = { 4, c ? 1e-3 : 0, { 1e-3, 1,
				    1000 }, 1, 0, 0, 0, 0, 0, 0, 0 };

				g2048_search_fast(&o);
				o.depth = 4;
				o.cutoff = r.cutoff;
				o.prune = margins[m];
				o.corner = 0;     /* the reference's lines */
				o.tt_bits = 0;
				if ((s = g2048_search_new(&o, ev, err,
				    sizeof err)) == NULL) {
					CHECK(!"g2048_search_new");
					continue;
				}
				check_search(s, &o, grid_of(boards[i]), &r, 1e-12,
				    1);
				g2048_search_free(s);
				pruned[m] += r.pruned;
			}
	printf("# pruned at margins 1e3, 1e5, 1e6, 1e12: %d, %d, %d, %d\n",
	    pruned[0], pruned[1], pruned[2], pruned[3]);
	CHECK(pruned[0] > pruned[1] && pruned[1] > 0 && pruned[3] == 0);
}

/*
 * --corner: a board is searched as the flip of it that the one-corner
 * evaluator values most, with that evaluator, and the result is given in
 * the board's own directions; so every flip of a board gets the same
 * move, flipped, and the same values.  In the default setting (its second
 * search's rule too) and the fast one.
 */
static void
corner_searches_the_best_flip(g2048_search_opts o)
{
	static const int *const boards[] = { mid, crowded4, crowded2 };
	g2048_eval *one = ev->kind->one_corner(ev);
	g2048_search_result r[4], plain;
	g2048_search *s, *ref;
	char err[128];
	double best, v;
	int i, k, d, flip, moved = 0;

	o.corner = 1;
	s = g2048_search_new(&o, ev, err, sizeof err);
	o.corner = 0;
	ref = one ? g2048_search_new(&o, one, err, sizeof err) : NULL;
	if (s == NULL || ref == NULL) {
		CHECK(!"the searches");
		goto done;
	}
	for (i = 0; i < 3; i++) {
		g2048_grid g = grid_of(boards[i]);

		for (k = 0, flip = 0, best = -HUGE_VAL; k < 4; k++)
			if ((v = g2048_eval_grid(one, grid_sym(k, g))) > best) {
				best = v;
				flip = k;
			}
		g2048_search_run(ref, grid_sym(flip, g), NULL, &plain);
		for (k = 0; k < 4; k++) {
			g2048_grid f = grid_sym(k, g);

			g2048_search_run(s, f, NULL, &r[k]);
			CHECK_EQ_U64(r[k].legal, g2048_legal(f));
			CHECK_EQ_U64(r[k].nodes, plain.nodes);
			/* g's move d is flip's grid_sym_dir_back(flip, d)... */
			for (d = 0; d < G2048_NDIRS; d++)
				CHECK(r[k].value[grid_sym_dir_back(k, d)] ==
				    r[0].value[d]);
			CHECK_EQ_U64(grid_sym_dir_back(k, r[k].dir), r[0].dir);
		}
		for (d = 0; d < G2048_NDIRS; d++)
			CHECK(r[0].value[grid_sym_dir_back(flip, d)] ==
			    plain.value[d]);
		moved += flip != 0;
	}
	CHECK(moved > 0);        /* some board was turned */
done:
	g2048_search_free(s);
	g2048_search_free(ref);
	g2048_eval_free(one);
}

static void
test_corner_searches_the_best_flip(void)
{
	g2048_search_opts o;

	g2048_search_defaults(&o);
	corner_searches_the_best_flip(o);
	g2048_search_fast(&o);
	corner_searches_the_best_flip(o);
}

/* The one-corner form of lines: a line's rises cost, its falls not. */
static void
test_corner_lines_fall_from_the_left(void)
{
	static const int falling[16] = { 8, 4, 2, 0 }, rising[16] = {
	    0, 2, 4, 8 };
	g2048_eval *one = ev->kind->one_corner(ev);

	if (one == NULL) {
		CHECK(!"one_corner");
		return;
	}
	/* the plain heuristic is blind to the direction */
	CHECK(fabs(g2048_eval_grid(ev, grid_of(falling)) -
	    g2048_eval_grid(ev, grid_of(rising))) < 1e-6);
	CHECK(g2048_eval_grid(one, grid_of(falling)) ==
	    g2048_eval_grid(ev, grid_of(falling)));
	CHECK(g2048_eval_grid(one, grid_of(rising)) <
	    g2048_eval_grid(ev, grid_of(rising)));
	g2048_eval_free(one);
}

/* A search of g with the options o changed as the arguments say. */
static void
run_with(g2048_search_opts o, g2048_grid g, int depth, double cutoff,
    int tt_bits, int threads, g2048_search_result *r)
{
	g2048_search *s;
	char err[128];

	o.tt_bits = tt_bits;
	o.threads = threads;
	if (depth) {
		o.depth = depth;
		o.cutoff = cutoff;
		o.deepen = 0;
	}
	if ((s = g2048_search_new(&o, ev, err, sizeof err)) == NULL) {
		CHECK(!"g2048_search_new");
		memset(r, 0, sizeof *r);
		return;
	}
	g2048_search_run(s, g, NULL, r);
	g2048_search_free(s);
}

static void
check_same_result(const g2048_search_result *a, const g2048_search_result *b)
{
	CHECK_EQ_U64(a->dir, b->dir);
	CHECK_EQ_U64(a->legal, b->legal);
	CHECK_EQ_U64(a->depth, b->depth);
	CHECK_EQ_U64(a->deepened, b->deepened);
	CHECK_EQ_U64(a->nodes, b->nodes);
	CHECK(memcmp(a->value, b->value, sizeof a->value) == 0);
}

/* --corner turns the board of expectimax alone: minimax and greedy
 * search as without it. */
static void
test_corner_is_expectimax_only(void)
{
	static const enum g2048_algo algos[] = { G2048_MINIMAX, G2048_GREEDY };
	g2048_search_opts o;
	g2048_search_result with, without;
	g2048_grid g = grid_of(crowded4);
	int i;

	for (i = 0; i < 2; i++) {
		g2048_search_defaults(&o);
		o.algo = algos[i];
		o.depth = 3;
		o.corner = 1;
		run_with(o, g, 0, 0, o.tt_bits, 1, &with);
		o.corner = 0;
		run_with(o, g, 0, 0, o.tt_bits, 1, &without);
		check_same_result(&with, &without);
	}
}

static const int *const crowded[] = { crowded4, crowded0, crowded2 };

/*
 * The default setting (adaptive depth, cutoff, table, second search)
 * gives the same move, values and nodes on 1, 2 and 4 threads, also with
 * a table so small that entries are evicted (then it makes more nodes).
 */
static void
test_default_whatever_the_threads(void)
{
	g2048_search_opts o;
	g2048_search_result one, r, big;
	int i, bits, t;

	g2048_search_defaults(&o);
	for (i = 0; i < 3; i++) {
		g2048_grid g = grid_of(crowded[i]);

		run_with(o, g, 0, 0, 20, 1, &big);
		for (bits = 20; bits >= 8; bits -= 12) {
			run_with(o, g, 0, 0, bits, 1, &one);
			for (t = 2; t <= 4; t += 2) {
				run_with(o, g, 0, 0, bits, t, &r);
				check_same_result(&r, &one);
			}
		}
		CHECK(one.nodes > big.nodes);
		CHECK_EQ_U64(one.depth, big.depth);
		CHECK_EQ_U64(one.dir, big.dir);
	}
}

/* distinct tiles less sub, from min to max: the adaptive depth, counted
 * here by hand */
static int
adaptive_depth(g2048_grid g, int min, int sub, int max)
{
	int seen[G2048_MAX_RANK + 1] = { 0 }, i, n = 0;

	for (i = 0; i < 16; i++)
		if (g2048_rank(g, i) && !seen[g2048_rank(g, i)]++)
			n++;
	n -= sub;
	return n < min ? min : n > max ? max : n;
}

/*
 * The default is a search as deep as the distinct tiles less 2, with the
 * default cutoff; when its best value is below 0.995 times the heuristic
 * after the best move, the result is that of a second search as deep as
 * the distinct tiles less 1, with the second cutoff, and the nodes are
 * those of both.
 */
static void
test_default_is_the_documented_searches(void)
{
	g2048_search_opts o;
	g2048_search_result def, first, second;
	int i, depth, deepened = 0;
	double h;

	/* the board as it is: test_corner_searches_the_best_flip shows the
	 * default's --corner is this search of the best flip */
	plain_defaults(&o);
	for (i = 0; i < 3; i++) {
		g2048_grid g = grid_of(crowded[i]);

		run_with(o, g, 0, 0, o.tt_bits, 1, &def);
		depth = adaptive_depth(g, 3, 2, 15);
		run_with(o, g, depth, o.cutoff, o.tt_bits, 1, &first);
		CHECK_EQ_U64(first.depth, depth);
		h = g2048_eval_grid(ev, ref_slide(g, first.dir));
		if (first.value[first.dir] >= 0.995 * h) {
			check_same_result(&def, &first);
			continue;
		}
		deepened++;
		depth = adaptive_depth(g, depth, 1, 15);
		run_with(o, g, depth, o.deepen_cutoff, o.tt_bits, 1, &second);
		CHECK(def.deepened && def.depth == depth);
		CHECK_EQ_U64(def.nodes, first.nodes + second.nodes);
		CHECK_EQ_U64(def.dir, second.dir);
		CHECK(memcmp(def.value, second.value, sizeof def.value) == 0);
	}
	CHECK(deepened > 0);
}

/* The settings are those 2048-solve(1) states. */
static void
test_settings_documented(void)
{
	g2048_search_opts o;

	g2048_search_defaults(&o);
	CHECK(o.algo == G2048_EXPECTIMAX && o.depth == 0);
	CHECK(o.depth_min == 3 && o.depth_sub == 2 && o.depth_max == 15);
	CHECK(o.cutoff == 0.000125 && o.crowded == 0);
	CHECK(o.deepen == 0.995 && o.deepen_sub == 1 && o.deepen_max == 15 &&
	    o.deepen_cutoff == 0.0001);
	CHECK(o.tt_bits == 20 && o.lost && o.bitboard && o.time_ms == 0);
	CHECK(o.prune == 0 && o.corner == 1);
	g2048_search_fast(&o);
	CHECK(o.depth == 0 && o.depth_min == 3 && o.depth_sub == 3 &&
	    o.depth_max == 7);
	CHECK(o.cutoff == 0.001 && o.prune == 5e5 && o.corner == 1 &&
	    o.deepen == 0 && o.tt_bits == 16);
}

/* The table stores floats: values move by rounding only, the move not. */
static void
test_table_changes_no_move(void)
{
	g2048_search *plain = make(G2048_EXPECTIMAX, 3, 0, 0, 1);
	g2048_search *tt = make(G2048_EXPECTIMAX, 3, 0, 16, 1);
	g2048_search_result a, b;
	g2048_grid g = grid_of(mid);
	int d;

	g2048_search_run(plain, g, NULL, &a);
	g2048_search_run(tt, g, NULL, &b);
	CHECK_EQ_U64(a.dir, b.dir);
	CHECK(b.nodes < a.nodes);
	for (d = 0; d < 4; d++)
		CHECK(fabs(a.value[d] - b.value[d]) <= 1e-5 * fabs(a.value[d]));
	g2048_search_free(plain);
	g2048_search_free(tt);
}

/* Same grid, same options: the same bits, whatever the threads and
 * whatever was searched before (the table's generations). */
static void
test_reproducible(void)
{
	g2048_search *four = make(G2048_EXPECTIMAX, 3, 1e-4, 12, 4);
	g2048_search *one = make(G2048_EXPECTIMAX, 3, 1e-4, 12, 1);
	g2048_search_result a, b;
	g2048_grid g = grid_of(late), other = grid_of(mid);
	int i;

	g2048_search_run(four, g, NULL, &a);
	/* 2100 searches of mid's 2 root moves: the 12-bit generation wraps */
	CHECK(g2048_legal(other) == (1u << G2048_DOWN | 1u << G2048_LEFT));
	for (i = 0; i < 2100; i++)
		g2048_search_run(one, other, NULL, &b);
	g2048_search_run(one, g, NULL, &b);
	CHECK_EQ_U64(a.dir, b.dir);
	CHECK_EQ_U64(a.nodes, b.nodes);
	CHECK(memcmp(a.value, b.value, sizeof a.value) == 0);
	g2048_search_free(one);
	g2048_search_free(four);
}

static void
test_cutoff_prunes(void)
{
	g2048_search *full = make(G2048_EXPECTIMAX, 3, 0, 0, 1);
	g2048_search *cut = make(G2048_EXPECTIMAX, 3, 0.05, 0, 1);
	g2048_search_result a, b;

	g2048_search_run(full, grid_of(mid), NULL, &a);
	g2048_search_run(cut, grid_of(mid), NULL, &b);
	CHECK(b.nodes < a.nodes);
	g2048_search_free(full);
	g2048_search_free(cut);
}

/* A crowded board (here: at most 5 empty cells; mid has 5) takes the
 * crowded cutoff; a board with more empty cells (6) the plain one. */
static void
test_crowded_cutoff(void)
{
	g2048_search_opts o;
	g2048_search_result plain, crowded, roomy;
	g2048_search *s;
	char err[128];
	g2048_grid few = grid_of(mid), many = g2048_set_rank(grid_of(mid), 0, 0);

	g2048_search_defaults(&o);
	o.depth = 3;
	o.cutoff = 0;
	o.tt_bits = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, few, NULL, &plain);
	g2048_search_free(s);
	o.cutoff = 0.05;
	CHECK(g2048_empty_count(few) == 5 && g2048_empty_count(many) == 6);
	o.crowded = 5;
	o.cutoff_crowded = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, few, NULL, &crowded);
	CHECK_EQ_U64(crowded.nodes, plain.nodes);
	CHECK(memcmp(crowded.value, plain.value, sizeof plain.value) == 0);
	g2048_search_run(s, many, NULL, &roomy);
	g2048_search_free(s);
	o.crowded = 0;
	s = g2048_search_new(&o, ev, err, sizeof err);
	g2048_search_run(s, many, NULL, &plain);
	g2048_search_free(s);
	CHECK_EQ_U64(roomy.nodes, plain.nodes);
}

/* The greedy move is the one that scores most, counted by hand. */
static void
test_greedy(void)
{
	static const int b[16] = {
		2, 2, 0, 0,
		8, 0, 0, 0,
		8, 0, 0, 0,
		0, 0, 0, 0,
	};
	g2048_search *s = make(G2048_GREEDY, 0, 0, 0, 1);
	g2048_search_result r;

	/* up/down merge 8+8 (16), left/right 2+2 (4) */
	g2048_search_run(s, grid_of(b), NULL, &r);
	CHECK(r.dir == G2048_UP || r.dir == G2048_DOWN);
	CHECK(r.value[G2048_UP] == 16 && r.value[G2048_LEFT] == 4);
	g2048_search_free(s);
}

static void
test_random_is_legal_and_uniform(void)
{
	static const int b[16] = {
		2, 4, 2, 4,
		4, 2, 4, 2,
		2, 4, 2, 4,
		4, 2, 4, 0,
	};
	g2048_search *s = make(G2048_RANDOM, 0, 0, 0, 1);
	g2048_search_result r;
	g2048_rng rng;
	int count[4] = { 0 }, i;

	/* only down and right can move */
	g2048_rng_seed(&rng, 42, 0);
	for (i = 0; i < 2000; i++)
		count[g2048_search_run(s, grid_of(b), &rng, &r)]++;
	CHECK(count[G2048_UP] == 0 && count[G2048_LEFT] == 0);
	CHECK(count[G2048_DOWN] > 900 && count[G2048_RIGHT] > 900);
	g2048_search_free(s);
}

static void
test_no_move(void)
{
	g2048_search *s = make(G2048_EXPECTIMAX, 0, 1e-4, 16, 2);
	g2048_search_result r;

	CHECK(g2048_search_run(s, grid_of(dead), NULL, &r) == -1);
	CHECK(r.dir == -1 && r.legal == 0);
	CHECK(g2048_hint(grid_of(dead)) == -1);
	g2048_search_free(s);
}

/* Only up is legal: the hint must take it. */
static void
test_hint(void)
{
	static const int b[16] = {
		0, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0,
		2, 4, 8, 16,
	};

	CHECK(g2048_legal(grid_of(b)) == 1u << G2048_UP);
	CHECK(g2048_hint(grid_of(b)) == G2048_UP);
	CHECK(g2048_hint(grid_of(mid)) >= 0);
}

static void
test_bad_options(void)
{
	g2048_search_opts o;
	char err[128] = "";

	g2048_search_defaults(&o);
	o.depth = 99;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	CHECK(err[0] != '\0');
	g2048_search_defaults(&o);
	o.threads = 0;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	g2048_search_defaults(&o);
	o.deepen = 2.5;
	o.deepen_max = 8;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	o.deepen = 0.99;
	o.deepen_max = 0;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	g2048_search_defaults(&o);
	o.corner = 2;
	CHECK(g2048_search_new(&o, ev, err, sizeof err) == NULL);
	CHECK(strstr(err, "corner") != NULL);
}

/* Depth 2, then (ratio r) depth 3: the second search is a plain depth-3
 * search, and the first one's nodes count too. */
static void
deepen_search(double ratio, g2048_grid g, g2048_search_result *r)
{
	g2048_search_opts o;
	g2048_search *s;
	char err[128];

	plain_defaults(&o);
	o.depth = 2;
	o.cutoff = 0;
	o.deepen = ratio;
	o.deepen_sub = -15;         /* as deep as deepen_max */
	o.deepen_max = 3;
	o.deepen_cutoff = 0;
	if ((s = g2048_search_new(&o, ev, err, sizeof err)) == NULL) {
		CHECK(!"g2048_search_new");
		return;
	}
	g2048_search_run(s, g, NULL, r);
	g2048_search_free(s);
}

static void
test_deepen(void)
{
	g2048_search *two = make(G2048_EXPECTIMAX, 2, 0, 20, 1);
	g2048_search *three = make(G2048_EXPECTIMAX, 3, 0, 20, 1);
	g2048_search_result a, b, always, never;
	g2048_grid g = grid_of(late);

	g2048_search_run(two, g, NULL, &a);
	g2048_search_run(three, g, NULL, &b);
	/* any value is below twice the heuristic: always deeper */
	deepen_search(2, g, &always);
	CHECK(always.deepened && always.depth == 3);
	CHECK(memcmp(always.value, b.value, sizeof b.value) == 0);
	CHECK_EQ_U64(always.dir, b.dir);
	CHECK_EQ_U64(always.nodes, a.nodes + b.nodes);
	/* none is below a millionth of it: the first search stands */
	deepen_search(1e-6, g, &never);
	CHECK(!never.deepened && never.depth == 2);
	CHECK(memcmp(never.value, a.value, sizeof a.value) == 0);
	CHECK_EQ_U64(never.nodes, a.nodes);
	g2048_search_free(two);
	g2048_search_free(three);
}

/* ---- the transposition table (search.h) ------------------------------- */

static g2048_grid
grid_n(uint64_t n)
{
	g2048_grid g = { n * 0x0101010101010101ULL + 1, 0 };

	return g;
}

/* One bucket of four (2 bits): when full, a new entry takes the deepest
 * one's place, so the shallow entries (large subtrees) stay. */
static void
test_tt_evicts_the_deepest(void)
{
	struct search_tt t = { 0 };
	double v;
	int i;

	CHECK(search_tt_next_generation(&t, 2) == 0);
	for (i = 0; i < 4; i++)
		search_tt_put(&t, grid_n((uint64_t)i), (int[]){ 2, 5, 1, 3 }[i], i);
	search_tt_put(&t, grid_n(9), 4, 9);
	CHECK(search_tt_get(&t, grid_n(9), 4, &v) && v == 9);
	CHECK(!search_tt_get(&t, grid_n(1), 15, &v));        /* depth 5: gone */
	CHECK(search_tt_get(&t, grid_n(0), 2, &v) && v == 0);
	CHECK(search_tt_get(&t, grid_n(2), 15, &v) && v == 2);
	CHECK(search_tt_get(&t, grid_n(3), 3, &v) && v == 3);
	/* the same grid again replaces its own entry, however deep */
	search_tt_put(&t, grid_n(2), 6, 22);
	CHECK(search_tt_get(&t, grid_n(2), 6, &v) && v == 22);
	CHECK(search_tt_get(&t, grid_n(0), 2, &v) && search_tt_get(&t, grid_n(3), 3, &v));
	search_tt_free(&t);
}

/* A value serves a node at its depth or deeper (searched at least as far),
 * only in its own generation, and an old entry is the first to go. */
static void
test_tt_depth_and_generations(void)
{
	struct search_tt t = { 0 };
	double v;
	int i;

	CHECK(search_tt_next_generation(&t, 2) == 0);
	search_tt_put(&t, grid_n(1), 3, 1.5);
	CHECK(search_tt_get(&t, grid_n(1), 3, &v) && v == 1.5);
	CHECK(search_tt_get(&t, grid_n(1), 7, &v));
	CHECK(!search_tt_get(&t, grid_n(1), 2, &v));
	for (i = 2; i <= 4; i++)
		search_tt_put(&t, grid_n((uint64_t)i), 1, i);
	CHECK(search_tt_next_generation(&t, 2) == 0);
	CHECK(!search_tt_get(&t, grid_n(1), 7, &v));
	for (i = 5; i <= 8; i++)                 /* four new ones fit */
		search_tt_put(&t, grid_n((uint64_t)i), 1, i);
	for (i = 5; i <= 8; i++)
		CHECK(search_tt_get(&t, grid_n((uint64_t)i), 1, &v) && v == i);
	for (i = 0; i < (int)SEARCH_TT_GEN_LIMIT; i++)  /* the generations wrap */
		CHECK(search_tt_next_generation(&t, 2) == 0);
	for (i = 5; i <= 8; i++)
		CHECK(!search_tt_get(&t, grid_n((uint64_t)i), 1, &v));
	search_tt_free(&t);
}

/*
 * The table as it was, made at full size: the reference for a table that
 * starts small and grows.  One generation; victims as search.h chooses them.
 */
struct full {
	struct search_tt_entry e[1 << 14];
	unsigned gen;
};

static struct search_tt_entry *
full_bucket(struct full *f, g2048_grid g)
{
	return &f->e[search_tt_index(g) & (((1u << 14) - 1) & ~(SEARCH_TT_WAYS - 1u))];
}

static void
full_put(struct full *f, g2048_grid g, int depth, double value)
{
	struct search_tt_entry *x = full_bucket(f, g), *victim = x;
	int i;

	for (i = 0; i < SEARCH_TT_WAYS; i++, x++) {
		if (x->tag >> 4 != f->gen || (x->lo == g.lo && x->hi == g.hi)) {
			victim = x;
			break;
		}
		if ((x->tag & 0xF) > (victim->tag & 0xF))
			victim = x;
	}
	*victim = (struct search_tt_entry){ g.lo, (float)value, g.hi,
	    (uint16_t)(f->gen << 4 | (unsigned)depth) };
}

static int
full_get(struct full *f, g2048_grid g, int depth, double *value)
{
	const struct search_tt_entry *x = full_bucket(f, g);
	int i;

	for (i = 0; i < SEARCH_TT_WAYS; i++, x++)
		if (x->lo == g.lo && x->hi == g.hi && x->tag >> 4 == f->gen) {
			if ((x->tag & 0xF) > depth)
				return 0;
			*value = x->value;
			return 1;
		}
	return 0;
}

/* Grids that differ in a few cells, many of them only in the top row (the
 * same bucket at every size), as a search's are. */
static g2048_grid
grid_k(g2048_rng *r)
{
	g2048_grid g = { 0, 0 };
	int c, n = g2048_rng_bounded(r, 2) ? 3 : 8;

	for (c = 0; c < n; c++)
		g.lo |= (uint64_t)g2048_rng_bounded(r, 3) <<
		    (4 * (n == 3 ? 13 + c : c));
	return g;
}

/* A table that starts small holds what the full table holds, entry for
 * entry, through evictions and generations; it grows only when it must. */
static void
test_tt_grows_as_the_full_table(void)
{
	static struct full f;
	struct search_tt t = { 0 };
	g2048_rng r;
	double a = 0, b = 0;
	int gen, i, n, ga, gb;

	g2048_rng_seed(&r, 14, 0);
	CHECK(search_tt_next_generation(&t, 14) == 0 && t.size == SEARCH_TT_FIRST);
	for (i = 0; i < 200; i++)
		search_tt_put(&t, grid_k(&r), 3, i);
	CHECK(t.size == SEARCH_TT_FIRST);               /* a few entries: no growth */
	for (gen = 0; gen < 3; gen++) {
		if (gen)
			CHECK(search_tt_next_generation(&t, 14) == 0);
		memset(&f, 0, sizeof f);
		f.gen = t.gen;
		for (n = 100; n <= 30000; n *= 3) {
			g2048_rng_seed(&r, 7 + (uint64_t)gen, 0);
			for (i = 0; i < n; i++) {
				g2048_grid g = grid_k(&r);
				int depth = (int)g2048_rng_bounded(&r, 15);

				search_tt_put(&t, g, depth, n + i);
				full_put(&f, g, depth, n + i);
			}
			g2048_rng_seed(&r, 7 + (uint64_t)gen, 0);
			for (i = 0; i < n; i++) {
				g2048_grid g = grid_k(&r);
				int depth = (int)g2048_rng_bounded(&r, 15);

				ga = search_tt_get(&t, g, depth, &a);
				gb = full_get(&f, g, depth, &b);
				CHECK(ga == gb && (!ga || a == b));
			}
		}
	}
	CHECK(t.size == (size_t)1 << 14);
	search_tt_free(&t);
}

/* A search allocates as it stores: a depth-1 search nothing past the
 * first 16 KiB, a deeper one more (a 2^20 table cleared whole costs
 * 16 MiB). */
static void
test_tt_follows_the_search(void)
{
	g2048_search *one = make(G2048_EXPECTIMAX, 1, 0, 20, 1);
	g2048_search *four = make(G2048_EXPECTIMAX, 4, 0, 20, 1);
	g2048_search_result r;

	g2048_search_run(one, grid_of(mid), NULL, &r);
	CHECK(search_tt_entries(one) == SEARCH_TT_FIRST);
	g2048_search_run(four, grid_of(mid), NULL, &r);
	CHECK(search_tt_entries(four) == (size_t)1 << 20);
	g2048_search_free(one);
	g2048_search_free(four);
}

/* g2048_search_time_from: the budget counts from the origin given, once.
 * An origin 10 s back leaves a 1 s budget spent: only depth 1, which
 * always finishes, is searched; the next run has its whole second. */
static void
test_time_from_origin(void)
{
	g2048_search_opts o;
	g2048_search *s;
	g2048_search_result r;
	struct timespec origin;
	char err[128];

	g2048_search_defaults(&o);
	o.time_ms = 1000;
	o.threads = 1;
	s = g2048_search_new(&o, ev, err, sizeof err);
	CHECK(s != NULL);
	if (s == NULL)
		return;
	clock_gettime(CLOCK_MONOTONIC, &origin);
	origin.tv_sec -= 10;
	g2048_search_time_from(s, &origin);
	CHECK(g2048_search_run(s, grid_of(mid), NULL, &r) >= 0);
	CHECK(r.depth == 1);
	CHECK(g2048_search_run(s, grid_of(mid), NULL, &r) >= 0);
	CHECK(r.depth >= 2);
	g2048_search_free(s);
}

int
main(void)
{
	char err[128];

	if ((ev = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL)
		return 1;
	RUN(test_settings_documented);
	RUN(test_tree_searches_match_reference);
	RUN(test_lost_matches_reference);
	RUN(test_cutoff_matches_reference);
	RUN(test_default_whatever_the_threads);
	RUN(test_default_is_the_documented_searches);
	RUN(test_table_changes_no_move);
	RUN(test_tt_evicts_the_deepest);
	RUN(test_tt_depth_and_generations);
	RUN(test_tt_grows_as_the_full_table);
	RUN(test_tt_follows_the_search);
	RUN(test_time_from_origin);
	RUN(test_reproducible);
	RUN(test_cutoff_prunes);
	RUN(test_crowded_cutoff);
	RUN(test_prune_matches_reference);
	RUN(test_corner_searches_the_best_flip);
	RUN(test_corner_lines_fall_from_the_left);
	RUN(test_corner_is_expectimax_only);
	RUN(test_greedy);
	RUN(test_random_is_legal_and_uniform);
	RUN(test_no_move);
	RUN(test_hint);
	RUN(test_bad_options);
	RUN(test_deepen);
	g2048_eval_free(ev);
	return UNIT_EXIT();
}
