/*
 * layout.c - the chain tables' two layouts, as data: the block of large
 * tiles in the top left corner, the free cells with their caps, and the
 * chains that collapse into the anchor.  The caps and goals are
 * macroxue/2048-ai's (its tuple.h); the anchor's floor (32 for the six,
 * 16 for the five) is ours: below it a cap leaves no tile to build.
 *
 *   six:  B B B f      five:  B B B f
 *         B B B f             B B f f
 *         f f f f             f f f f
 *         f f f f             f f f f
 */
#include "chain.h"

#define C(r, c) ((r) * 4 + (c))

/*
 * Each layout once, its ranks lowered by k (the block prefilled, the
 * free cells' radices, a cap of a fixed rank, the anchor's largest): k
 * 0, the real layout; the small ones below, the same rules, caps and
 * goals with the anchor's cap lowered (the six's to 64, the five's to
 * 16), over tables of 3.7 M and 1.7 M states (7 and 3 MB) instead of
 * 2.1 G and 1.2 G, so that the tests run the builder, the memo and the
 * files on small tables (g2048_chain_new_small).  Their files name them
 * ("six-small") and are opened as such.
 */
#define SIX_LOWERED(name, k) { \
	name, \
	6, { C(0, 0), C(0, 1), C(0, 2), C(1, 0), C(1, 1), C(1, 2) }, \
	{ 15 - (k), 14 - (k), 13 - (k), 12 - (k), 11 - (k), 10 - (k) }, \
	10, { C(0, 3), C(1, 3), C(2, 0), C(2, 1), C(2, 2), C(2, 3), \
	    C(3, 0), C(3, 1), C(3, 2), C(3, 3) }, \
	{ 10 - (k), 9 - (k), 10 - (k), 9 - (k), 8 - (k), 8 - (k), 8 - (k), \
	    8 - (k), 8 - (k), 8 - (k) }, \
	{ -1, -2, -1, -2, -3, -3, -3, -3, -3, -3 }, \
	6, { { C(0, 0), C(0, 1) }, { C(0, 1), C(0, 2) }, { C(1, 0), C(1, 1) }, \
	    { C(1, 1), C(1, 2) }, { C(0, 0), C(1, 0) }, { C(0, 1), C(1, 1) } }, \
	1, { { C(0, 2), C(1, 2) } }, \
	3, { C(1, 0), C(1, 1), C(1, 2) }, \
	5, 10 - (k), 1, 0, \
	6, { \
		{ { C(2, 0), -1 }, { C(2, 1), -2 }, { C(2, 2), -3 }, { C(3, 2), -3 } }, \
		{ { C(2, 0), -1 }, { C(2, 1), -2 }, { C(2, 2), -3 }, { C(2, 3), -3 } }, \
		{ { C(2, 0), -1 }, { C(2, 1), -2 }, { C(3, 1), -3 }, { C(3, 0), -3 } }, \
		{ { C(2, 0), -1 }, { C(2, 1), -2 }, { C(3, 1), -3 }, { C(3, 2), -3 } }, \
		{ { C(0, 3), -1 }, { C(1, 3), -2 }, { C(2, 3), -3 }, { C(2, 2), -3 } }, \
		{ { C(0, 3), -1 }, { C(1, 3), -2 }, { C(2, 3), -3 }, { C(3, 3), -3 } }, \
	}, \
	{ 4, 4, 4, 4, 4, 4 }, \
}

#define FIVE_LOWERED(name, k) { \
	name, \
	5, { C(0, 0), C(0, 1), C(0, 2), C(1, 0), C(1, 1) }, \
	{ 15 - (k), 14 - (k), 13 - (k), 12 - (k), 11 - (k) }, \
	11, { C(0, 3), C(1, 2), C(1, 3), C(2, 0), C(2, 1), C(2, 2), C(2, 3), \
	    C(3, 0), C(3, 1), C(3, 2), C(3, 3) }, \
	{ 7 - (k), 8 - (k), 7 - (k), 7 - (k), 7 - (k), 7 - (k), 7 - (k), \
	    6 - (k), 6 - (k), 6 - (k), 6 - (k) }, \
	{ -1, CHAIN_ABS + 7 - (k), -1, -1, -1, -1, -1, -2, -2, -2, -2 }, \
	5, { { C(0, 0), C(0, 1) }, { C(0, 1), C(0, 2) }, { C(0, 0), C(1, 0) }, \
	    { C(0, 1), C(1, 1) }, { C(1, 1), C(0, 2) } }, \
	3, { { C(1, 0), C(1, 1) }, { C(1, 1), C(1, 2) }, { C(0, 2), C(1, 2) } }, \
	2, { C(1, 1), C(0, 2) }, \
	4, 7 - (k), 0, 1, \
	6, { \
		{ { C(1, 2), 0 }, { C(1, 3), -1 }, { C(0, 3), -1 } }, \
		{ { C(1, 2), 0 }, { C(1, 3), -1 }, { C(2, 3), -1 } }, \
		{ { C(1, 2), 0 }, { C(0, 3), -1 }, { C(1, 3), -2 }, { C(2, 3), -2 } }, \
		{ { C(1, 2), 0 }, { C(2, 2), -1 }, { C(2, 1), -1 } }, \
		{ { C(1, 2), 0 }, { C(2, 2), -1 }, { C(3, 2), -1 } }, \
		{ { C(1, 2), 0 }, { C(2, 2), -1 }, { C(2, 3), -1 } }, \
	}, \
	{ 3, 3, 4, 3, 3, 3 }, \
}

const struct chain_layout chain_six = SIX_LOWERED("six", 0);
const struct chain_layout chain_five = FIVE_LOWERED("five", 0);
const struct chain_layout chain_six_small = SIX_LOWERED("six-small", 4);
const struct chain_layout chain_five_small = FIVE_LOWERED("five-small", 3);

/* the least rank of the anchor's cells */
static int
anchor_cells_min(const struct chain_layout *l, g2048_grid g)
{
	int i, r, m = g2048_rank(g, l->anchor[0]);

	for (i = 1; i < l->nanchor; i++)
		if ((r = g2048_rank(g, l->anchor[i])) < m)
			m = r;
	return m;
}

static int
block_regular(const struct chain_layout *l, g2048_grid g)
{
	int i;

	for (i = 0; i < l->nblock; i++)
		if (g2048_rank(g, l->block[i]) == 0)
			return 0;
	for (i = 0; i < l->ndistinct; i++)
		if (g2048_rank(g, l->distinct[i][0]) ==
		    g2048_rank(g, l->distinct[i][1]))
			return 0;
	for (i = 0; i < l->ngreater; i++)
		if (g2048_rank(g, l->greater[i][0]) <=
		    g2048_rank(g, l->greater[i][1]))
			return 0;
	return 1;
}

int
chain_regular(const struct chain_layout *l, g2048_grid g)
{
	int a, i, cap;

	if (!block_regular(l, g))
		return 0;
	a = anchor_cells_min(l, g);
	if (a > l->anchor_max) {
		if (l->anchor_over_rejects)
			return 0;
		a = l->anchor_max;
	}
	if (a < l->anchor_min)
		return 0;
	for (i = 0; i < l->nfree; i++) {
		cap = l->cap[i] >= CHAIN_ABS ? l->cap[i] - CHAIN_ABS :
		    a + l->cap[i];
		if (g2048_rank(g, l->free[i]) > cap)
			return 0;
	}
	return 1;
}

int
chain_goal(const struct chain_layout *l, g2048_grid g)
{
	int a = anchor_cells_min(l, g) - l->goal_shift, i, j;

	if (a > l->anchor_max)
		a = l->anchor_max;
	for (i = 0; i < l->ngoals; i++) {
		for (j = 0; j < l->goal_len[i]; j++)
			if (g2048_rank(g, l->goal[i][j].cell) !=
			    a + l->goal[i][j].off)
				break;
		if (j == l->goal_len[i])
			return 1;
	}
	return 0;
}
