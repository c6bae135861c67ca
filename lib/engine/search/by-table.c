/*
 * by-table.c - chain tables, then exact tables, before the search.  A
 * chain table's move (--chain) comes first: where the large tiles stand
 * in its corner block it plays for the chain that merges into them, and
 * measured over whole games that is far stronger than the search
 * (bench/EXACT.md).  On a board a pattern's
 * table covers, the table's move maximises the probability of building
 * its target without moving a large tile, exactly; a search of the
 * heuristic can only guess at that.  Where the best move's probability
 * is below the search's table_min the search decides: the table has
 * one aim, and where that aim is unsure it plays the rest of the board
 * worse than the search (bench/EXACT.md).  On a
 * small board a whole board's table covers, its move is the optimal
 * one of the whole game.
 */
#include <string.h>
#include <time.h>

#include "search.h"

int
search_by_table(g2048_tables *ts, g2048_grid g, double min,
    g2048_search_result *r)
{
	g2048_table_result t;
	int i, d;

	if ((i = g2048_tables_query(ts, g, &t)) < 0 || t.dir < 0 ||
	    t.board <= 0 || t.board < min)
		return -1;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = r->legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = i;
	return i;
}

int
search_by_board_table(const g2048_search *s, const g2048_board *b,
    g2048_search_result *r)
{
	g2048_tables *ts = search_tables_of(s);
	g2048_table_info info;
	g2048_table_result t;
	struct timespec start, end;
	int i, d;

	if (ts == NULL || g2048_tables_find_board(ts, b->rows, b->cols,
	    b->four) < 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	if ((i = g2048_tables_query_board(ts, b, &t)) < 0 || t.dir < 0)
		return -1;
	/* a table of probabilities where nothing has a chance: the search */
	g2048_tables_info(ts, i, &info);
	if (info.objective == G2048_EXACT_PROB && t.board <= 0)
		return -1;
	memset(r, 0, sizeof *r);
	r->legal = t.legal;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = t.legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = i;
	clock_gettime(CLOCK_MONOTONIC, &end);
	r->seconds = (double)(end.tv_sec - start.tv_sec) +
	    (double)(end.tv_nsec - start.tv_nsec) / 1e9;
	return i;
}

int
search_by_chain(g2048_chain *c, g2048_grid g, double min,
    g2048_search_result *r)
{
	g2048_chain_result t;

	if (g2048_chain_move(c, g, &t) < 0 || t.prob < min)
		return -1;
	r->dir = t.dir;
	r->value[t.dir] = t.prob;
	r->chain = t.block;
	return t.dir;
}
