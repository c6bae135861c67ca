/*
 * decide.c - the order of a player's decision (2048.h, "the player"):
 * a whole board's table (or a small board solved in memory), then the
 * chain tables or the pattern tables of
 * the 4x4 board, then the search; and a game's step made with it.
 */
#include <string.h>
#include <time.h>

#include "player.h"

/* The chain tables (with the expectimax search) or else the pattern
 * tables, on the 4x4 board of the classic odds, with the evaluator e of
 * p: the direction, or -1 (the search decides) with r's legal set. */
static int
by_4x4_tables(const g2048_player *p, const g2048_board *b,
    enum player_eval e, g2048_decision *r)
{
	const g2048_search_opts *o = e == PLAYER_OTHER ? &p->o.other_search :
	    &p->o.search;
	struct timespec start;
	int patterns = e == PLAYER_OTHER || p->patterns;

	if (!g2048_board_is_4x4(b) || b->four != G2048_FOUR_PROB ||
	    (p->chain == NULL && (p->tables == NULL || !patterns)))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	if ((r->legal = g2048_legal(b->grid)) == 0)
		return -1;
	/* the chain tables in place of the pattern tables, before the
	 * expectimax search only: the baselines stay what they are */
	if (p->chain) {
		if (o->algo != G2048_EXPECTIMAX || player_by_chain(p->chain,
		    b->grid, p->o.chain_min, p->o.chain_lookup_only, r) < 0)
			return -1;
	} else if (g2048_max_rank(b->grid) < p->o.table_from ||
	    player_by_pattern(p->tables, b->grid, p->o.table_min, r) < 0)
		return -1;
	r->seconds = g2048_seconds_since(&start);
	return r->dir;
}

/* The search of p with evaluator e on b, into r (what decided: the
 * search). */
static int
by_search(g2048_player *p, enum player_eval e, const g2048_board *b,
    g2048_decision *r)
{
	g2048_search_result s;
	g2048_rng choice;
	int d;

	g2048_choice_rng(b, &choice);
	d = g2048_search_board(e == PLAYER_OTHER ? p->other : p->search, b,
	    &choice, &s);
	r->dir = s.dir;
	r->legal = s.legal;
	memcpy(r->value, s.value, sizeof r->value);
	r->depth = s.depth;
	r->deepened = s.deepened;
	r->nodes = s.nodes;
	r->seconds = s.seconds;
	return d;
}

static int
decide(g2048_player *p, const g2048_board *b, g2048_decision *r)
{
	enum player_eval e = player_eval_of(p, b);
	enum g2048_cover c;

	c = player_by_board_table(p, b, r);
	if (c == G2048_COVER_DECIDES)
		return r->dir;
	/* a small board of a size and odds no table is there for: solved
	 * in memory, as exactly (a table's own cases stay its own) */
	if ((c == G2048_COVER_NO_TABLES || c == G2048_COVER_NO_TABLE) &&
	    player_by_solve(p, b, r) >= 0)
		return r->dir;
	if (p->o.exact && (c == G2048_COVER_NO_TABLES ||
	    c == G2048_COVER_NO_TABLE || c == G2048_COVER_NOT_HELD))
		return G2048_UNCOVERED;
#ifdef PLAYER_FAKE_TABLE
	if (player_by_fake(b, r) >= 0)
		return r->dir;
#endif
	if (by_4x4_tables(p, b, e, r) >= 0)
		return r->dir;
	return by_search(p, e, b, r);
}

int
g2048_best_move(g2048_player *p, const g2048_board *b, g2048_decision *r)
{
	int d = decide(p, b, r);

	/* a table that broke in this decision decided nothing: without it */
	if (p->o.drop_broken && player_drop_broken(p))
		d = decide(p, b, r);
	return d;
}

int
g2048_play_step(g2048_player *p, g2048_board *b, g2048_decision *r)
{
	g2048_decision own;
	g2048_board next = *b;
	int d;

	if ((d = g2048_best_move(p, b, r ? r : &own)) < 0)
		return d == G2048_UNFIT || d == G2048_UNCOVERED ? d : -1;
	if (g2048_board_move(&next, (enum g2048_dir)d) == G2048_OVERFLOW ||
	    g2048_board_spawn(&next) == G2048_OVERFLOW)
		return G2048_OVERFLOW;
	*b = next;
	return d;
}

void
g2048_choice_rng(const g2048_board *b, g2048_rng *r)
{
	g2048_rng_init(r, b->seed, G2048_CHOICE_STREAM);
	g2048_rng_advance(r, b->draws);
}
