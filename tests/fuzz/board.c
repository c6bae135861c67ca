/*
 * board.c - libFuzzer target for what the tools do to a board stream
 * (`make fuzz`): every board read is moved in every direction (2048-move),
 * spawned on (2048-spawn) and spread over every outcome (2048-spawn --all),
 * and the first few are searched at depth 1 and 2 with a tiny table by
 * every algorithm and played a step (2048-solve).  Checked on the way: a
 * move keeps the sum of the tiles and adds its merges to the score; the
 * table-driven and the cell-by-cell moves agree; a refused move or spawn
 * changes nothing; a spawn fills one empty cell with a 2 or a 4; the
 * outcomes' probabilities sum to the board's and read back exactly; the
 * search picks a legal move, or none exactly when none is legal.  A board
 * of another size than 4x4 (2x2 to 8x8) takes the same checks on the
 * general path, with the board's own four, and is searched as well (the
 * search's general path).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "grid.h"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SEARCHED_BOARDS 4      /* a search per algorithm: keep inputs fast */

static g2048_eval *eval;
static g2048_search *search[4][2];     /* algorithm, depth 1 or 2 */
static g2048_player *player[4][2];     /* the same, as players */

static void
init(void)
{
	g2048_search_opts o;
	char err[256];
	int a, d;

	if (eval)
		return;
	if ((eval = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL)
		abort();
	for (a = 0; a < 4; a++)
		for (d = 0; d < 2; d++) {
			g2048_search_defaults(&o);
			o.algo = (enum g2048_algo)a;
			o.depth = d + 1;
			o.deepen = 0;
			o.tt_bits = 4;
			o.tt_depth = 2;
			o.threads = 1;
			if ((search[a][d] = g2048_search_new(&o, eval, err,
			    sizeof err)) == NULL ||
			    (player[a][d] = g2048_player_new_search(&o, eval,
			    err, sizeof err)) == NULL)
				abort();
		}
}

static uint64_t
tile_sum(g2048_grid g)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < G2048_CELLS; i++)
		sum += g2048_tile(g2048_rank(g, i));
	return sum;
}

static int
same_board(const g2048_board *a, const g2048_board *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* b, written and read back, is b: the tools' output is their input */
static void
check_text(const g2048_board *b)
{
	static char text[G2048_TEXT_MAX];
	char err[256];
	g2048_board p;

	g2048_cells cb, cp;

	if (g2048_format_compact(b, text, sizeof text) < 0 ||
	    g2048_parse(text, &p, err, sizeof err) != 0)
		abort();
	g2048_board_get_cells(b, &cb);
	g2048_board_get_cells(&p, &cp);
	if (!g2048_cells_eq(&cb, &cp) || p.four != b->four ||
	    !g2048_grid_eq(p.grid, b->grid) || p.score != b->score ||
	    p.moves != b->moves || p.last_move != b->last_move ||
	    p.has_rng != b->has_rng || (b->has_rng && (p.seed != b->seed ||
	    p.draws != b->draws)) || p.has_prob != b->has_prob ||
	    (b->has_prob && p.prob != b->prob))
		abort();
}

/* 2048-move DIR on every direction */
static void
check_moves(const g2048_board *b)
{
	unsigned legal = g2048_legal(b->grid);
	g2048_board t;
	g2048_grid g;
	long r, gained;
	int d;

	if (g2048_over(b->grid) != (legal == 0))
		abort();
	for (d = 0; d < G2048_NDIRS; d++) {
		t = *b;
		g = b->grid;
		gained = g2048_move(&g, (enum g2048_dir)d);
		r = g2048_board_move(&t, (enum g2048_dir)d);
		if ((gained >= 0) != (legal >> d & 1))
			abort();
		if (gained >= 0 && !g2048_grid_eq(g,
		    grid_slide_exact(b->grid, (enum g2048_dir)d)))
			abort();
		if (r == -1 || r == G2048_OVERFLOW) {
			if (!same_board(&t, b) || (r == -1) != (gained == -1))
				abort();
			if (r == G2048_OVERFLOW && b->moves != UINT64_MAX &&
			    b->score <= UINT64_MAX - (uint64_t)gained)
				abort();
			continue;
		}
		if (r != gained || r % 2 != 0 || !g2048_grid_eq(t.grid, g) ||
		    tile_sum(g) != tile_sum(b->grid) ||
		    t.score != b->score + (uint64_t)r || t.score < b->score ||
		    t.moves != b->moves + 1 || t.last_move != d ||
		    g2048_empty_count(g) < g2048_empty_count(b->grid) ||
		    g2048_max_rank(g) < g2048_max_rank(b->grid))
			abort();
		check_text(&t);
	}
}

/* 2048-spawn, with the four probabilities 0, 0.1 and 1 */
static void
check_spawn(const g2048_board *b)
{
	static const double fours[3] = { 0, 0.1, 1 };
	g2048_board t = *b;
	double four = fours[b->moves % 3];
	int cell, i, empty = g2048_empty_count(b->grid);

	if (!t.has_rng) {
		t.has_rng = 1;
		t.seed = b->score;
		t.draws = b->moves;
	}
	t.four = four;
	cell = g2048_board_spawn(&t);
	if (cell == G2048_OVERFLOW) {
		if (t.draws < UINT64_MAX - 64)
			abort();
		return;
	}
	if ((cell < 0) != (empty == 0))
		abort();
	if (cell < 0)
		return;
	if (g2048_rank(b->grid, cell) != 0 ||
	    g2048_empty_count(t.grid) != empty - 1 ||
	    (four == 0 && g2048_rank(t.grid, cell) != 1) ||
	    (four == 1 && g2048_rank(t.grid, cell) != 2) ||
	    tile_sum(t.grid) != tile_sum(b->grid) +
	    g2048_tile(g2048_rank(t.grid, cell)))
		abort();
	for (i = 0; i < G2048_CELLS; i++)
		if (i != cell && g2048_rank(t.grid, i) != g2048_rank(b->grid, i))
			abort();
	check_text(&t);
}

/* 2048-spawn --all: every outcome with its probability */
static void
check_outcomes(const g2048_board *b)
{
	double p_rank[3] = { 0, 1 - b->four, b->four }, total = 0, in;
	int n = g2048_empty_count(b->grid), cell, rank;
	g2048_board out;

	if (n == 0)
		return;
	in = b->has_prob ? b->prob : 1;
	for (cell = 0; cell < G2048_CELLS; cell++) {
		if (g2048_rank(b->grid, cell) != 0)
			continue;
		for (rank = 1; rank <= 2; rank++) {
			out = *b;
			out.grid = g2048_set_rank(b->grid, cell, rank);
			out.prob = in * p_rank[rank] / n;
			out.has_prob = 1;
			total += out.prob;
			check_text(&out);
		}
	}
	if (fabs(total - in) > 1e-9 * in)
		abort();
}

/* ---- boards of other sizes: the general path ------------------------- */

static uint64_t
cells_sum(const g2048_cells *c)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < c->rows * c->cols; i++)
		sum += c->rank[i] ? (uint64_t)1 << c->rank[i] : 0;
	return sum;
}

/* 2048-move DIR on every direction, any size */
static void
check_moves_cells(const g2048_board *b)
{
	const g2048_cells *c = &b->cells;
	unsigned legal = g2048_cells_legal(c);
	g2048_board t;
	g2048_cells m;
	long r, gained;
	int d;

	if (g2048_cells_over(c) != (legal == 0) || !g2048_cells_valid(c))
		abort();
	for (d = 0; d < G2048_NDIRS; d++) {
		t = *b;
		m = *c;
		gained = g2048_cells_move(&m, (enum g2048_dir)d);
		r = g2048_board_move(&t, (enum g2048_dir)d);
		if ((gained != -1) != (legal >> d & 1))
			abort();
		if (r < 0) {
			if (!same_board(&t, b) || (r == -1) != (gained == -1))
				abort();
			if (r == G2048_OVERFLOW && gained != G2048_OVERFLOW &&
			    b->moves != UINT64_MAX &&
			    b->score <= UINT64_MAX - (uint64_t)gained)
				abort();
			continue;
		}
		if (r != gained || r % 2 != 0 || !g2048_cells_eq(&t.cells, &m) ||
		    cells_sum(&m) != cells_sum(c) ||
		    t.score != b->score + (uint64_t)r ||
		    t.moves != b->moves + 1 || t.last_move != d ||
		    g2048_cells_empty_count(&m) < g2048_cells_empty_count(c) ||
		    g2048_cells_max_rank(&m) < g2048_cells_max_rank(c) ||
		    !g2048_cells_valid(&m))
			abort();
		check_text(&t);
	}
}

/* 2048-spawn, with the board's own four or 0, 0.1, 1 set on it */
static void
check_spawn_cells(const g2048_board *b)
{
	static const double fours[4] = { -1, 0, 0.1, 1 };
	g2048_board t = *b;
	const g2048_cells *c = &b->cells;
	int cell, i, empty = g2048_cells_empty_count(c);

	if (fours[b->moves % 4] >= 0)
		t.four = fours[b->moves % 4];
	if (!t.has_rng) {
		t.has_rng = 1;
		t.seed = b->score;
		t.draws = b->moves;
	}
	cell = g2048_board_spawn(&t);
	if (cell == G2048_OVERFLOW) {
		if (t.draws < UINT64_MAX - 64)
			abort();
		return;
	}
	if ((cell < 0) != (empty == 0))
		abort();
	if (cell < 0)
		return;
	if (c->rank[cell] != 0 || t.cells.rank[cell] < 1 ||
	    t.cells.rank[cell] > 2 ||
	    g2048_cells_empty_count(&t.cells) != empty - 1 ||
	    (t.four == 0 && t.cells.rank[cell] != 1) ||
	    (t.four == 1 && t.cells.rank[cell] != 2))
		abort();
	for (i = 0; i < c->rows * c->cols; i++)
		if (i != cell && t.cells.rank[i] != c->rank[i])
			abort();
	check_text(&t);
}

/* 2048-spawn --all with the board's four */
static void
check_outcomes_cells(const g2048_board *b)
{
	double p_rank[3] = { 0, 1 - b->four, b->four }, total = 0, in;
	int n = g2048_cells_empty_count(&b->cells), cell, rank;
	g2048_board out;
	g2048_cells c;

	if (n == 0)
		return;
	in = b->has_prob ? b->prob : 1;
	for (cell = 0; cell < b->rows * b->cols; cell++) {
		if (b->cells.rank[cell] != 0)
			continue;
		for (rank = 1; rank <= 2; rank++) {
			out = *b;
			c = b->cells;
			c.rank[cell] = (uint8_t)rank;
			g2048_board_set_cells(&out, &c);
			out.prob = in * p_rank[rank] / n;
			out.has_prob = 1;
			total += out.prob;
			check_text(&out);
		}
	}
	if (fabs(total - in) > 1e-9 * in)
		abort();
}

/* 2048-solve at depth 1 and 2, every algorithm; 2048-solve --play's step */
static void
check_search(const g2048_board *b)
{
	g2048_decision r;
	g2048_board t;
	g2048_cells c;
	unsigned legal;
	int a, d, dir;

	g2048_board_get_cells(b, &c);
	legal = g2048_board_is_4x4(b) ? g2048_legal(b->grid) :
	    g2048_cells_legal(&c);

	for (a = 0; a < 4; a++)
		for (d = 0; d < 2; d++) {
			dir = g2048_best_move(player[a][d], b, &r);
			if (dir != r.dir || r.legal != legal ||
			    (dir < 0) != (legal == 0) ||
			    (dir >= 0 && !(legal >> dir & 1)))
				abort();
		}
	t = *b;
	if (!t.has_rng) {
		t.has_rng = 1;
		t.seed = b->score;
		t.draws = 0;
	}
	dir = g2048_play_step(player[0][0], &t, &r);
	if ((dir < 0 && dir != -1 && dir != G2048_OVERFLOW) ||
	    (dir == -1) != (legal == 0) ||
	    (dir >= 0 && t.moves != b->moves + 1))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g2048_reader *rd;
	g2048_board b;
	int fd, n = 0;

	init();
	if ((fd = fuzz_input(data, size, 8192)) < 0)
		return 0;
	if ((rd = g2048_reader_new(fd, "<fuzz>")) == NULL)
		abort();
	while (g2048_read(rd, &b) > 0) {
		if (!g2048_board_is_4x4(&b)) {
			check_moves_cells(&b);
			check_spawn_cells(&b);
			check_outcomes_cells(&b);
			if (n++ < SEARCHED_BOARDS)
				check_search(&b);
			continue;
		}
		check_moves(&b);
		check_spawn(&b);
		check_outcomes(&b);
		if (n++ < SEARCHED_BOARDS)
			check_search(&b);
	}
	g2048_reader_free(rd);
	close(fd);
	return 0;
}
