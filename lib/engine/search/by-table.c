/*
 * by-table.c - exact tables before the search.  On a board a table
 * covers, the table's move maximises the probability of building its
 * target without moving a large tile, exactly; a search of the
 * heuristic can only guess at that.  Where every move's probability is
 * zero the table has nothing to say, and the search decides.
 */
#include "search.h"

int
search_by_table(g2048_tables *ts, g2048_grid g, g2048_search_result *r)
{
	g2048_table_result t;
	int i, d;

	if ((i = g2048_tables_query(ts, g, &t)) < 0 || t.dir < 0 ||
	    t.board <= 0)
		return -1;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = r->legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = i;
	return i;
}
