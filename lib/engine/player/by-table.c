/*
 * by-table.c - the tables a player asks before the search.  A whole
 * board's table of a small board gives the optimal move of the whole
 * game.  A chain table's move (where the large tiles stand in its corner
 * block) plays for the chain that merges into them, and measured over
 * whole games that is far stronger than the search (bench/EXACT.md).  A
 * pattern's table maximises the probability of building its target
 * without moving a large tile, exactly; where that is unsure (below the
 * player's table_min) the search plays the rest of the board better.
 */
#include <string.h>
#include <time.h>

#include "player.h"

void
player_clear(g2048_decision *r, unsigned legal)
{
	memset(r, 0, sizeof *r);
	r->dir = -1;
	r->legal = legal;
}

/* The cover of b by ts, in r->cover and r->cover_table; t and the
 * table's index where one holds b. */
static enum g2048_cover
cover_of(g2048_tableset *ts, const g2048_board *b, g2048_table_result *t,
    int *table, g2048_decision *r)
{
	g2048_table_info info;
	int i;

	*table = -1;
	if (ts == NULL)
		return r->cover = G2048_COVER_NO_TABLES;
	if ((*table = g2048_tableset_find_board(ts, b->rows, b->cols,
	    b->four)) < 0)
		return r->cover = G2048_COVER_NO_TABLE;
	r->cover_table = g2048_tableset_name(ts, *table);
	if ((i = g2048_tableset_query_board(ts, b, t)) < 0)
		return r->cover = G2048_COVER_NOT_HELD;
	*table = i;
	r->cover_table = g2048_tableset_name(ts, i);
	if (t->won)
		return r->cover = G2048_COVER_MADE;
	if (t->legal == 0)
		return r->cover = G2048_COVER_OVER;
	/* a table of probabilities where nothing has a chance: the search */
	g2048_tableset_info(ts, i, &info);
	if (t->dir < 0 || (info.objective == G2048_EXACT_PROB &&
	    t->board <= 0))
		return r->cover = G2048_COVER_NO_CHANCE;
	return r->cover = G2048_COVER_DECIDES;
}

enum g2048_cover
player_by_board_table(g2048_player *p, const g2048_board *b,
    g2048_decision *r)
{
	g2048_table_result t;
	g2048_table_info info;
	struct timespec start;
	enum g2048_cover c;
	int d, table;

	clock_gettime(CLOCK_MONOTONIC, &start);
	player_clear(r, 0);
	if ((c = cover_of(p->tables, b, &t, &table, r)) !=
	    G2048_COVER_DECIDES)
		return c;
	g2048_tableset_info(p->tables, table, &info);
	r->legal = t.legal;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = t.legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = r->cover_table;
	r->rows = info.rows;
	r->cols = info.cols;
	r->four = info.four;
	r->source = G2048_BY_BOARD_TABLE;
	if (info.objective == G2048_EXACT_SCORE)
		r->values = G2048_VALUES_SCORE;
	else {
		r->values = G2048_VALUES_PROB;
		r->target = info.target;
	}
	r->seconds = g2048_seconds_since(&start);
	return c;
}

int
player_by_chain(g2048_chain *c, g2048_grid g, double min,
    int lookup_only, g2048_decision *r)
{
	g2048_chain_result t;

	if ((lookup_only ? g2048_chain_lookup(c, g, &t) :
	    g2048_chain_move(c, g, &t)) < 0 || t.prob < min) {
		r->chain_missing = t.missing;
		return -1;
	}
	r->chain_computed = t.computed;
	r->dir = t.dir;
	r->value[t.dir] = t.prob;
	r->chain = t.block;
	r->source = g2048_chain_is_digest(c) ? G2048_BY_DIGEST :
	    G2048_BY_CHAIN;
	r->values = G2048_VALUES_CHAIN;
	return t.dir;
}

#ifdef PLAYER_FAKE_TABLE
int
player_by_fake(const g2048_board *b, g2048_decision *r)
{
	int d;

	if (!g2048_board_is_4x4(b) || b->four != G2048_FOUR_PROB ||
	    (r->legal = g2048_legal(b->grid)) == 0)
		return -1;
	for (d = G2048_NDIRS - 1; d >= 0; d--)
		if (r->legal >> d & 1) {
			r->value[d] = 0.5;
			r->dir = d;
		}
	r->value[r->dir] = 0.75;
	r->table = "fake.tbl";
	r->source = PLAYER_BY_FAKE;
	r->values = G2048_VALUES_PROB;
	return r->dir;
}
#endif

int
player_by_pattern(g2048_tableset *ts, g2048_grid g, double min,
    g2048_decision *r)
{
	g2048_table_result t;
	int i, d;

	if ((i = g2048_tableset_query(ts, g, &t)) < 0 || t.dir < 0 ||
	    t.board <= 0 || t.board < min)
		return -1;
	for (d = 0; d < G2048_NDIRS; d++)
		r->value[d] = r->legal >> d & 1 ? t.value[d] : 0;
	r->dir = t.dir;
	r->table = g2048_tableset_name(ts, i);
	r->source = G2048_BY_PATTERN;
	r->values = G2048_VALUES_PROB;
	return i;
}
