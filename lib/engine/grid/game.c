/* game.c - boards as games: an empty board, new games, moves and spawns
 * with their state. */
#include "2048.h"

/* Field by field: the kept lines' buffers need no clearing. */
void
g2048_board_init(g2048_board *b)
{
	b->rows = b->cols = 4;
	b->four = 0.1;
	b->grid.lo = 0;
	b->grid.hi = 0;
	b->score = b->moves = 0;
	b->last_move = -1;
	b->has_rng = 0;
	b->seed = b->draws = 0;
	b->has_prob = 0;
	b->prob = 0;
	b->nextra = 0;
}

int
g2048_board_spawn_rng(g2048_board *b, g2048_rng *r, uint64_t four_threshold)
{
	g2048_rng next = *r;
	g2048_grid g = b->grid;
	int cell = g2048_spawn(&g, &next, four_threshold);

	/* the count of draws wrapped: a position the header cannot name */
	if (next.draws < r->draws)
		return G2048_OVERFLOW;
	*r = next;
	b->grid = g;
	b->has_rng = 1;
	b->seed = r->seed;
	b->draws = r->draws;
	return cell;
}

int
g2048_board_spawn(g2048_board *b, uint64_t four_threshold)
{
	g2048_rng r;

	g2048_rng_seed(&r, b->seed, b->draws);
	return g2048_board_spawn_rng(b, &r, four_threshold);
}

void
g2048_new_game(g2048_board *b, uint64_t seed, uint64_t four_threshold)
{
	g2048_rng r;

	g2048_board_init(b);
	g2048_rng_seed(&r, seed, 0);
	g2048_board_spawn_rng(b, &r, four_threshold);
	g2048_board_spawn_rng(b, &r, four_threshold);
}

long
g2048_board_move(g2048_board *b, enum g2048_dir d)
{
	g2048_grid g = b->grid;
	long gained = g2048_move(&g, d);

	if (gained < 0)
		return gained;
	if (b->moves == UINT64_MAX || b->score > UINT64_MAX - (uint64_t)gained)
		return G2048_OVERFLOW;
	b->grid = g;
	b->score += (uint64_t)gained;
	b->moves++;
	b->last_move = (int)d;
	return gained;
}
