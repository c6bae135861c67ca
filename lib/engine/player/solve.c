/*
 * solve.c - a small board solved exactly in memory: the expected score
 * to come under optimal play, by expectimax over every state the board
 * can reach, each state's value kept.  A board of at most
 * PLAYER_SOLVE_CELLS cells has at most (cells + 2)^cells states (a tile
 * up to the board's cap, 2^(cells + 1)): 262,144 values for 2x3, a
 * tenth of a second; a 3x3 board would need the 600 MB of its table
 * (2048-table --size 3x3: minutes), so it is not solved here.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "player.h"

/* a state's index: its ranks in base cap + 1, in reading order */
static size_t
state_index(const struct player_solved *s, const g2048_cells *c)
{
	size_t i = 0;
	int k;

	for (k = 0; k < c->rows * c->cols; k++)
		i = i * (size_t)(s->cap + 1) + c->rank[k];
	return i;
}

static double state_value(struct player_solved *s, const g2048_cells *c);

/* the mean over the spawns in the empty cells of c (after a move) */
static double
spawns_value(struct player_solved *s, const g2048_cells *c)
{
	g2048_cells n;
	double sum = 0;
	int k, empty = 0;

	for (k = 0; k < c->rows * c->cols; k++) {
		if (c->rank[k])
			continue;
		empty++;
		n = *c;
		n.rank[k] = 1;
		sum += (1 - s->four) * state_value(s, &n);
		n.rank[k] = 2;
		sum += s->four * state_value(s, &n);
	}
	return empty ? sum / empty : 0;
}

/* the value of moving c toward d: its score and the spawns' mean, or
 * -1 if the move changes nothing */
static double
move_value(struct player_solved *s, const g2048_cells *c, int d)
{
	g2048_cells n = *c;
	long score = g2048_cells_move(&n, (enum g2048_dir)d);

	return score < 0 ? -1 : (double)score + spawns_value(s, &n);
}

/* the value of state c (a spawn just made): its best move's, 0 at the
 * end of the game */
static double
state_value(struct player_solved *s, const g2048_cells *c)
{
	size_t i = state_index(s, c);
	double best = 0, v;
	int d;

	if (s->value[i] >= 0)
		return s->value[i];
	for (d = 0; d < G2048_NDIRS; d++)
		if ((v = move_value(s, c, d)) > best)
			best = v;
	return s->value[i] = best;
}

/* The values of p's solved board of c's size and odds, made if they
 * are another's: 0, or -1 out of memory. */
static int
solved_for(g2048_player *p, const g2048_cells *c, double four)
{
	struct player_solved *s = &p->solved;
	size_t n = 1, k;
	int cells = c->rows * c->cols;

	if (s->value && s->rows == c->rows && s->cols == c->cols &&
	    s->four == four)
		return 0;
	free(s->value);
	s->value = NULL;
	s->rows = c->rows;
	s->cols = c->cols;
	s->four = four;
	s->cap = g2048_cells_cap(c->rows, c->cols);
	for (k = 0; k < (size_t)cells; k++)
		n *= (size_t)(s->cap + 1);
	if ((s->value = malloc(n * sizeof *s->value)) == NULL)
		return -1;
	for (k = 0; k < n; k++)
		s->value[k] = -1;
	return 0;
}

int
player_by_solve(g2048_player *p, const g2048_board *b, g2048_decision *r)
{
	struct timespec start;
	enum g2048_cover cover;
	const char *cover_table;
	g2048_cells c;
	double v;
	int d, k;

	if (b->rows * b->cols > p->o.solve_cells ||
	    p->o.search.algo != G2048_EXPECTIMAX)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	g2048_board_get_cells(b, &c);
	/* a tile past the cap (a board no game makes) is not solved */
	for (k = 0; k < c.rows * c.cols; k++)
		if (c.rank[k] > g2048_cells_cap(c.rows, c.cols))
			return -1;
	if (solved_for(p, &c, b->four) < 0)
		return -1;
	cover = r->cover;            /* the board tables' say, kept */
	cover_table = r->cover_table;
	player_clear(r, g2048_cells_legal(&c));
	r->cover = cover;
	r->cover_table = cover_table;
	for (d = 0; d < G2048_NDIRS; d++) {
		if (!(r->legal >> d & 1))
			continue;
		r->value[d] = v = move_value(&p->solved, &c, d);
		if (r->dir < 0 || v > r->value[r->dir])
			r->dir = d;
	}
	r->rows = c.rows;
	r->cols = c.cols;
	r->four = b->four;
	r->source = G2048_BY_SOLVED;
	r->values = G2048_VALUES_SCORE;
	r->seconds = g2048_seconds_since(&start);
	return r->dir;
}
