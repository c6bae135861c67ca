/*
 * decide.c - the order of a player's decision (2048.h, "the player"):
 * a whole board's table, then the chain tables or the pattern tables of
 * the 4x4 board, then the search; and a game's step made with it.
 */
#include <string.h>
#include <time.h>

#include "player.h"

/* The search that values b's size: the player's, else the other
 * evaluator's; the player's where neither does (it says G2048_UNFIT). */
static g2048_search *
search_of(const g2048_player *p, const g2048_board *b)
{
	int other;

	if (g2048_player_fits(p, b, &other) && other)
		return p->other;
	return p->search;
}

/* The chain tables (with the expectimax search) or else the pattern
 * tables, on the 4x4 board of the classic odds: the direction, or -1
 * (the search decides) with r cleared for it. */
static int
by_4x4_tables(const g2048_player *p, const g2048_board *b, int other,
    g2048_search_result *r, int *missing)
{
	const g2048_search_opts *o = other ? &p->o.other_search :
	    &p->o.search;
	struct timespec start, end;
	int patterns = other || p->o.patterns;

	if (!g2048_board_is_4x4(b) || b->four != G2048_FOUR_PROB ||
	    (p->chain == NULL && (p->tables == NULL || !patterns)))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	memset(r, 0, sizeof *r);
	r->dir = -1;
	r->table = -1;
	if ((r->legal = g2048_legal(b->grid)) == 0)
		return -1;
	/* the chain tables in place of the pattern tables, before the
	 * expectimax search only: the baselines stay what they are */
	if (p->chain) {
		if (o->algo != G2048_EXPECTIMAX || player_by_chain(p->chain,
		    b->grid, o->chain_min, p->o.chain_lookup_only, r,
		    missing) < 0)
			return -1;
	} else if (g2048_max_rank(b->grid) < o->table_from ||
	    player_by_pattern(p->tables, b->grid, o->table_min, r) < 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &end);
	r->seconds = (double)(end.tv_sec - start.tv_sec) +
	    (double)(end.tv_nsec - start.tv_nsec) / 1e9;
	return r->dir;
}

int
g2048_best_move(g2048_player *p, const g2048_board *b,
    g2048_search_result *r)
{
	g2048_search *s = search_of(p, b);
	g2048_rng choice;
	enum g2048_cover c;
	int table, missing = 0, d;

	c = player_by_board_table(p, b, r, &table);
	if (c == G2048_COVER_DECIDES)
		return r->dir;
	if (p->o.exact && (c == G2048_COVER_NO_TABLES ||
	    c == G2048_COVER_NO_TABLE || c == G2048_COVER_NOT_HELD)) {
		memset(r, 0, sizeof *r);
		r->dir = -1;
		r->table = -1;
		return G2048_UNCOVERED;
	}
	if (by_4x4_tables(p, b, s == p->other && s != NULL, r, &missing) >= 0)
		return r->dir;
	g2048_choice_rng(b, &choice);
	d = g2048_search_board(s, b, &choice, r);
	r->chain_missing = missing;
	return d;
}

int
g2048_play_step(g2048_player *p, g2048_board *b, g2048_search_result *r)
{
	g2048_search_result own;
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
