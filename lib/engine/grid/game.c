/* game.c - boards as games, of any size: an empty board, new games, moves
 * and spawns with their state and the board's own odds. */

#include "2048-private.h"

/* Field by field: the kept lines' buffers need no clearing, and the
 * cells of another size are not the 4x4 board's. */
void
g2048_board_init(g2048_board *b)
{
	b->rows = b->cols = G2048_SIDE;
	b->grid.lo = 0;
	b->grid.hi = 0;
	b->cells.rows = b->cells.cols = 0;
	b->four = G2048_FOUR_PROB;
	b->score = b->moves = 0;
	b->last_move = -1;
	b->has_rng = 0;
	b->seed = b->draws = 0;
	b->has_prob = 0;
	b->prob = 0;
	b->nextra = 0;
}

int
g2048_board_init_size(g2048_board *b, int rows, int cols)
{
	g2048_cells c;

	if (g2048_cells_init(&c, rows, cols) < 0)
		return -1;
	g2048_board_init(b);
	g2048_board_set_cells(b, &c);
	return 0;
}

int
g2048_board_is_4x4(const g2048_board *b)
{
	return b->rows == G2048_SIDE && b->cols == G2048_SIDE;
}

void
g2048_board_get_cells(const g2048_board *b, g2048_cells *c)
{
	if (g2048_board_is_4x4(b))
		g2048_cells_of_grid(c, b->grid);
	else
		*c = b->cells;
}

void
g2048_board_set_cells(g2048_board *b, const g2048_cells *c)
{
	b->rows = c->rows;
	b->cols = c->cols;
	if (g2048_board_is_4x4(b)) {
		b->grid = g2048_cells_grid(c);
		b->cells.rows = b->cells.cols = 0;
	} else {
		b->grid.lo = 0;
		b->grid.hi = 0;
		b->cells = *c;
	}
}

int
g2048_board_spawn_rng(g2048_board *b, g2048_rng *r)
{
	g2048_rng next = *r;
	uint64_t four = b->four == G2048_FOUR_PROB ? G2048_FOUR_DEFAULT :
	    g2048_four_threshold(b->four);
	g2048_grid g = b->grid;
	g2048_cells c;
	int cell;

	if (g2048_board_is_4x4(b)) {
		cell = g2048_spawn(&g, &next, four);
	} else {
		c = b->cells;
		cell = g2048_cells_spawn(&c, &next, four);
	}
	/* the count of draws wrapped: a position the header cannot name */
	if (next.draws < r->draws)
		return G2048_OVERFLOW;
	*r = next;
	if (g2048_board_is_4x4(b))
		b->grid = g;
	else if (cell >= 0)
		b->cells = c;
	b->has_rng = 1;
	b->seed = r->seed;
	b->draws = r->draws;
	return cell;
}

int
g2048_board_spawn(g2048_board *b)
{
	g2048_rng r;

	g2048_rng_seed(&r, b->seed, b->draws);
	return g2048_board_spawn_rng(b, &r);
}

int
g2048_new_game_size(g2048_board *b, int rows, int cols, double four,
    uint64_t seed)
{
	g2048_board n;
	g2048_rng r;

	if (!(four >= 0 && four <= 1) || g2048_board_init_size(&n, rows, cols) < 0)
		return -1;
	n.four = four;
	g2048_rng_seed(&r, seed, 0);
	g2048_board_spawn_rng(&n, &r);
	g2048_board_spawn_rng(&n, &r);
	*b = n;
	return 0;
}

void
g2048_new_game(g2048_board *b, uint64_t seed)
{
	g2048_new_game_size(b, G2048_SIDE, G2048_SIDE, G2048_FOUR_PROB, seed);
}

long
g2048_board_move(g2048_board *b, enum g2048_dir d)
{
	g2048_grid g = b->grid;
	g2048_cells c;
	long gained;

	if (g2048_board_is_4x4(b)) {
		gained = g2048_move(&g, d);
	} else {
		c = b->cells;
		gained = g2048_cells_move(&c, d);
	}
	if (gained < 0)
		return gained;
	if (b->moves == UINT64_MAX || b->score > UINT64_MAX - (uint64_t)gained)
		return G2048_OVERFLOW;
	if (g2048_board_is_4x4(b))
		b->grid = g;
	else
		b->cells = c;
	b->score += (uint64_t)gained;
	b->moves++;
	b->last_move = (int)d;
	return gained;
}
