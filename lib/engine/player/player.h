/*
 * player.h - the player room's internals: the object that decides a
 * board's move (player.c: its options and presets, made, forked, freed,
 * its tables' state), the order of the decision (decide.c), the tables
 * asked before the search (by-table.c), a decision in words (words.c)
 * and the hint (hint.c).  Its public side is 2048.h's section "the
 * player".  The player uses the search, the exact tables and the chain
 * tables only through 2048.h.  Internal to lib/engine/ (and the unit
 * tests of internals).
 */
#ifndef G2048_PLAYER_H
#define G2048_PLAYER_H

#include "2048-private.h"

/* The evaluators of a player, and which values a board. */
enum player_eval { PLAYER_OWN, PLAYER_OTHER, PLAYER_NONE };

struct g2048_player {
	g2048_player_opts o;       /* o.tables: NULL once opened */
	g2048_search *search;      /* with o.eval */
	g2048_search *other;       /* with o.other_eval, or NULL */
	g2048_tableset *tables;      /* the folder's (NULL: none) */
	g2048_chain *chain;        /* the chain tables (NULL: none) */
	int patterns;              /* the 4x4 pattern tables decide for o.eval
	                              (o.other_eval's boards are not 4x4) */
	int owner;                 /* tables and chain are this player's to
	                              free (not a fork's) */
	/* the values of the small board last solved (solve.c): each
	 * state's, -1 not yet; every player its own */
	struct player_solved {
		int rows, cols, cap;
		double four;
		double *value;
	} solved;
};

/* ---- player.c -------------------------------------------------------- */

/* Which evaluator of p values b. */
enum player_eval player_eval_of(const g2048_player *p, const g2048_board *b);
/* Stop consulting what failed its check (the rest go on): 1 if
 * something was dropped, else 0.  Not with forks of p alive. */
int player_drop_broken(g2048_player *p);

/* ---- by-table.c ------------------------------------------------------ */

/* A decision cleared for b: no move, nothing decided yet, r->legal. */
void player_clear(g2048_decision *r, unsigned legal);
/* The cover of b by p's whole board tables, in r->cover and
 * r->cover_table; where one decides, r filled (no depth, no nodes; its
 * time).  The cover. */
enum g2048_cover player_by_board_table(g2048_player *p,
    const g2048_board *b, g2048_decision *r);
/* The chain tables' move for g where it is min or more sure (computing
 * no state if lookup_only): r's dir, value[dir] (the probability),
 * chain, chain_computed, source and values set; the direction, or -1
 * with r untouched but r->chain_missing set if a state was not held. */
int player_by_chain(g2048_chain *c, g2048_grid g, double min,
    int lookup_only, g2048_decision *r);
/* The move of the first pattern table of ts that covers g and gives its
 * best move a chance of at least min (and more than 0): r's dir,
 * value[] (probabilities), table, source and values set, the table's
 * index returned; else -1 and r untouched. */
int player_by_pattern(g2048_tableset *ts, g2048_grid g, double min,
    g2048_decision *r);

/* ---- solve.c --------------------------------------------------------- */

/* Where b has at most o.solve_cells cells and the search is expectimax:
 * b solved exactly in memory, its expected score to come (r's dir,
 * value[], size, odds, source and values set; r's cover kept); the
 * direction, or -1 (r untouched) where it is not solved. */
int player_by_solve(g2048_player *p, const g2048_board *b,
    g2048_decision *r);

#ifdef PLAYER_FAKE_TABLE
/* A test hook (make FAKE=1): a kind of table no tool has heard of, in
 * this room alone.  It decides every 4x4 board of the classic odds: the
 * first legal move, 0.75 sure, the others 0.5, by the table fake.tbl. */
#define PLAYER_BY_FAKE ((enum g2048_source)(G2048_BY_SOLVED + 1))
int player_by_fake(const g2048_board *b, g2048_decision *r);
#endif

#endif
