/*
 * player.h - the player room's internals: the object that decides a
 * board's move (player.c: made, forked, freed, its tables' state), the
 * order of the decision (decide.c), the tables asked before the search
 * (by-table.c) and the hint (hint.c).  Its public side is 2048.h's
 * section "the player".  The player uses the search, the exact tables
 * and the chain tables only through 2048.h.  Internal to lib/engine/
 * (and the unit tests of internals).
 */
#ifndef G2048_PLAYER_H
#define G2048_PLAYER_H

#include "2048.h"

struct g2048_player {
	g2048_player_opts o;       /* o.tables: NULL once opened */
	g2048_search *search;      /* with o.eval */
	g2048_search *other;       /* with o.other_eval, or NULL */
	g2048_tables *tables;      /* the folder's (NULL: none) */
	g2048_chain *chain;        /* the chain tables (NULL: none) */
	int owner;                 /* tables and chain are this player's to
	                              free (not a fork's) */
};

/* ---- by-table.c ------------------------------------------------------ */

/* The cover of b by p's whole board tables; where one decides, r filled
 * as the search fills it (no depth, no nodes; its time) and *table its
 * index. */
enum g2048_cover player_by_board_table(g2048_player *p,
    const g2048_board *b, g2048_search_result *r, int *table);
/* The chain tables' move for g where it is min or more sure (computing
 * no state if lookup_only): r's dir, value[dir] (the probability),
 * chain, chain_computed and source set; the direction, or -1 with r
 * untouched and *missing set if a state was not held. */
int player_by_chain(g2048_chain *c, g2048_grid g, double min,
    int lookup_only, g2048_search_result *r, int *missing);
/* The move of the first pattern table of ts that covers g and gives its
 * best move a chance of at least min (and more than 0): r's dir,
 * value[] (probabilities), table and source set, the table's index
 * returned; else -1 and r untouched. */
int player_by_pattern(g2048_tables *ts, g2048_grid g, double min,
    g2048_search_result *r);

#endif
