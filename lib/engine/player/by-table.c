/*
 * by-table.c - the tables a player asks before the search.  A whole
 * board's table of a small board gives the optimal move of the whole
 * game.  A chain table's move (where the large tiles stand in its corner
 * block) plays for the chain that merges into them, and measured over
 * whole games that is far stronger than the search (bench/EXACT.md).  A
 * pattern's table maximises the probability of building its target
 * without moving a large tile, exactly; where that is unsure (below the
 * search's table_min) the search plays the rest of the board better.
 */
#include <string.h>
#include <time.h>

#include "player.h"

static double
seconds_since(const struct timespec *start)
{
	struct timespec end;

	clock_gettime(CLOCK_MONOTONIC, &end);
	return (double)(end.tv_sec - start->tv_sec) +
	    (double)(end.tv_nsec - start->tv_nsec) / 1e9;
}

static enum g2048_cover
cover_of(g2048_tables *ts, const g2048_board *b, g2048_table_result *t,
    int *table)
{
	g2048_table_info info;
	int i;

	*table = -1;
	if (ts == NULL)
		return G2048_COVER_NO_TABLES;
	if ((*table = g2048_tables_find_board(ts, b->rows, b->cols,
	    b->four)) < 0)
		return G2048_COVER_NO_TABLE;
	if ((i = g2048_tables_query_board(ts, b, t)) < 0)
		return G2048_COVER_NOT_HELD;
	*table = i;
	if (t->won)
		return G2048_COVER_MADE;
	if (t->legal == 0)
		return G2048_COVER_OVER;
	/* a table of probabilities where nothing has a chance: the search */
	g2048_tables_info(ts, i, &info);
	if (t->dir < 0 || (info.objective == G2048_EXACT_PROB &&
	    t->board <= 0))
		return G2048_COVER_NO_CHANCE;
	return G2048_COVER_DECIDES;
}

enum g2048_cover
player_by_board_table(g2048_player *p, const g2048_board *b,
    g2048_search_result *r, int *table)
{
	g2048_table_result t;
	struct timespec start;
	enum g2048_cover c;
	int d;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if ((c = cover_of(p->tables, b, &t, table)) != G2048_COVER_DECIDES)
		return c;
	memset(r, 0, sizeof *r);
	r->legal = t.legal;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = t.legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = *table;
	r->source = G2048_BY_BOARD_TABLE;
	r->seconds = seconds_since(&start);
	return c;
}

enum g2048_cover
g2048_player_cover(g2048_player *p, const g2048_board *b, int *table)
{
	g2048_table_result t;

	return cover_of(p->tables, b, &t, table);
}

int
player_by_chain(g2048_chain *c, g2048_grid g, double min,
    int lookup_only, g2048_search_result *r, int *missing)
{
	g2048_chain_result t;

	if ((lookup_only ? g2048_chain_lookup(c, g, &t) :
	    g2048_chain_move(c, g, &t)) < 0 || t.prob < min) {
		*missing = t.missing;
		return -1;
	}
	r->chain_computed = t.computed;
	r->dir = t.dir;
	r->value[t.dir] = t.prob;
	r->chain = t.block;
	r->source = g2048_chain_is_digest(c) ? G2048_BY_DIGEST :
	    G2048_BY_CHAIN;
	return t.dir;
}

int
player_by_pattern(g2048_tables *ts, g2048_grid g, double min,
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
	r->source = G2048_BY_PATTERN;
	return i;
}
