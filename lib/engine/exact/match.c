/*
 * match.c - a 4x4 grid against a pattern's table: whether it fits the
 * pattern in one of its eight orientations, and the table's answer for
 * it in the grid's own directions.
 */
#include <string.h>

#include "exact.h"

/*
 * The image of a 4x4 grid under symmetry s (bit 4: transpose, then bit 1
 * flip rows, bit 2 flip columns), and what a direction becomes.
 */
static int
grid_image_cell(int s, int i)
{
	int row = i / 4, col = i % 4, t;

	if (s & 4)
		t = row, row = col, col = t;
	if (s & 1)
		row = 3 - row;
	if (s & 2)
		col = 3 - col;
	return row * 4 + col;
}

static int
dir_image(int s, int d)
{
	/* up, down, left, right as (drow, dcol) */
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
	int r = dr[d], c = dc[d], t, k;

	if (s & 4)
		t = r, r = c, c = t;
	if (s & 1)
		r = -r;
	if (s & 2)
		c = -c;
	for (k = 0; k < 4; k++)
		if (dr[k] == r && dc[k] == c)
			return k;
	return d;
}

/* Whether cell i has a large tile equal to the target beside it: the
 * tile made in i merges into the formation there. */
static int
beside_target(const struct exact_rules *r, const int *rank, int i)
{
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
	int k;

	for (k = 0; k < 4; k++) {
		int row = i / 4 + dr[k], col = i % 4 + dc[k], j = row * 4 + col;

		if (row >= 0 && row < 4 && col >= 0 && col < 4 &&
		    (r->blockers >> (4 * j) & 0xF) && rank[j] == r->target)
			return 1;
	}
	return 0;
}

/*
 * A pattern with movers: the tiles above the target outside the blocker
 * cells are its movers, as many as the pattern has, masked in rank[];
 * no two large tiles may be equal, as the table merges none of them.
 */
static int
mask_movers(const struct exact_rules *r, int *rank)
{
	unsigned seen = 0;
	int i, n = 0;

	for (i = 0; i < 16; i++) {
		int big = (r->blockers >> (4 * i) & 0xF) != 0;

		if (!big && rank[i] <= r->target)
			continue;
		if (seen >> rank[i] & 1)
			return 0;
		seen |= 1u << rank[i];
		if (!big) {
			rank[i] = EXACT_MOVER;
			n++;
		}
	}
	return n == r->nmovers;
}

int
exact_match(const struct exact_rules *r, g2048_grid g, int s, int *rank)
{
	int i;

	if (r->kind != EXACT_PATTERN)
		return 0;
	for (i = 0; i < 16; i++)
		rank[grid_image_cell(s, i)] = g2048_rank(g, i);
	if (r->nmovers > 0 && !mask_movers(r, rank))
		return 0;
	for (i = 0; i < 16; i++) {
		int big = (r->blockers >> (4 * i) & 0xF) != 0;

		if (big && rank[i] < r->target)
			return 0;
		if (!big && rank[i] > r->target && !exact_is_mover(r, rank[i]))
			return 0;
		/* two equal large tiles side by side could merge */
		if (big && i % 4 < 3 && (r->blockers >> (4 * i + 4) & 0xF) &&
		    rank[i + 1] == rank[i])
			return 0;
		if (big && i < 12 && (r->blockers >> (4 * i + 16) & 0xF) &&
		    rank[i + 4] == rank[i])
			return 0;
		if ((r->target_cells >> i & 1) && !beside_target(r, rank, i))
			return 0;
	}
	return 1;
}

int
g2048_table_query(const g2048_table *t, g2048_grid g, g2048_table_result *res)
{
	int s, d, rank[16];

	memset(res, 0, sizeof *res);
	res->dir = G2048_TABLE_UNCOVERED;
	/* the board in each orientation, until one fits the pattern */
	for (s = 0; s < EXACT_SYMS; s++) {
		g2048_table_result q;

		if (!exact_match(exact_table_rules(t), g, s, rank))
			continue;
		if (g2048_table_query_cells(t, rank, 16, &q) ==
		    G2048_TABLE_UNCOVERED)
			continue;
		if (q.dir == G2048_TABLE_CORRUPT)
			return res->dir = G2048_TABLE_CORRUPT;
		/* back to the board's own directions */
		*res = q;
		res->legal = res->pruned = 0;
		res->dir = q.dir < 0 ? q.dir : -1;
		for (d = 0; d < G2048_NDIRS; d++) {
			int e = dir_image(s, d);

			res->value[d] = q.value[e];
			res->legal |= (q.legal >> e & 1u) << d;
			res->pruned |= (q.pruned >> e & 1u) << d;
			if (q.dir == e)
				res->dir = d;
		}
		return res->dir;
	}
	return res->dir;
}

int
g2048_table_covers(const g2048_table *t, g2048_grid g)
{
	g2048_table_result r;

	return g2048_table_query(t, g, &r) >= -1;
}
