/*
 * hint.c - the hint of a C program: the default player, without tables,
 * made and freed each call.
 */
#include <unistd.h>

#include "player.h"

int
g2048_hint(g2048_grid g)
{
	g2048_player_opts o;
	g2048_decision r;
	g2048_board b;
	g2048_eval *e;
	g2048_player *p;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	char err[128];
	int dir = -1;

	g2048_player_defaults(&o);
	o.search.threads = ncpu < 1 ? 1 : ncpu > G2048_NDIRS ? G2048_NDIRS :
	    (int)ncpu;
	g2048_board_init(&b);
	b.grid = g;
	if ((e = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL)
		return -1;
	o.eval = e;
	if ((p = g2048_player_new(&o, err, sizeof err)) != NULL)
		dir = g2048_best_move(p, &b, &r);
	g2048_player_free(p);
	g2048_eval_free(e);
	return dir;
}
