/*
 * play.c - one move of a game, as every player makes it: the search's
 * move, the move, the spawn from the board's stream, and the stream that
 * random moves are drawn from (part of the reproducibility contract: a
 * game in one process equals the shell loop of single moves).
 */
#include <unistd.h>

#include "search.h"

void
g2048_choice_rng(const g2048_board *b, g2048_rng *r)
{
	g2048_rng_init(r, b->seed, G2048_CHOICE_STREAM);
	g2048_rng_advance(r, b->draws);
}

int
g2048_best_move(g2048_search *s, const g2048_board *b,
    g2048_search_result *r)
{
	g2048_rng choice;

	/* a whole board's exact table decides where it covers the board */
	if (search_by_board_table(s, b, r) >= 0)
		return r->dir;
	g2048_choice_rng(b, &choice);
	return g2048_search_board(s, b, &choice, r);
}

int
g2048_play_step(g2048_search *s, g2048_board *b, g2048_search_result *r)
{
	g2048_search_result own;
	g2048_board next = *b;
	int d;

	if ((d = g2048_best_move(s, b, r ? r : &own)) < 0)
		return d == G2048_UNFIT ? d : -1;
	if (g2048_board_move(&next, (enum g2048_dir)d) == G2048_OVERFLOW ||
	    g2048_board_spawn(&next) == G2048_OVERFLOW)
		return G2048_OVERFLOW;
	*b = next;
	return d;
}

int
g2048_hint(g2048_grid g)
{
	return g2048_hint_net(g, NULL);
}

int
g2048_hint_net(g2048_grid g, const g2048_net *n)
{
	g2048_search_opts o;
	g2048_search_result r;
	g2048_board b;
	g2048_eval *e;
	g2048_search *s;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	char err[128];
	int dir = -1;

	if (n) {
		g2048_search_net_defaults(&o);
		o.downgrade = g2048_net_downgrade(n);
	} else
		g2048_search_defaults(&o);
	o.threads = ncpu < 1 ? 1 : ncpu > G2048_NDIRS ? G2048_NDIRS : (int)ncpu;
	g2048_board_init(&b);
	b.grid = g;
	e = n ? g2048_eval_net(n, err, sizeof err) :
	    g2048_eval_new(NULL, NULL, err, sizeof err);
	if (e == NULL)
		return -1;
	if ((s = g2048_search_new(&o, e, err, sizeof err)) != NULL)
		dir = g2048_best_move(s, &b, &r);
	g2048_search_free(s);
	g2048_eval_free(e);
	return dir;
}
