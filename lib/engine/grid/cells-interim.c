/*
 * cells-interim.c - a plain implementation of the declared g2048_cells
 * contract (2048.h), so that the general search and evaluation build and
 * are tested before the engine's own general path (branch variants-core)
 * is merged; that merge removes this file.
 */
#include <string.h>

#include "2048.h"

int
g2048_cells_cap(int rows, int cols)
{
	int n = rows * cols + 1;

	return n < G2048_RANK_LIMIT ? n : G2048_RANK_LIMIT;
}

int
g2048_cells_init(g2048_cells *c, int rows, int cols)
{
	if (rows < G2048_SIZE_MIN || rows > G2048_SIZE_MAX ||
	    cols < G2048_SIZE_MIN || cols > G2048_SIZE_MAX)
		return -1;
	memset(c, 0, sizeof *c);
	c->rows = rows;
	c->cols = cols;
	return 0;
}

static int
line_cell(const g2048_cells *c, enum g2048_dir d, int line, int pos)
{
	switch (d) {
	case G2048_UP:
		return pos * c->cols + line;
	case G2048_DOWN:
		return (c->rows - 1 - pos) * c->cols + line;
	case G2048_LEFT:
		return line * c->cols + pos;
	default:
		return line * c->cols + c->cols - 1 - pos;
	}
}

long
g2048_cells_move(g2048_cells *c, enum g2048_dir d)
{
	int lines = d == G2048_UP || d == G2048_DOWN ? c->cols : c->rows;
	int len = d == G2048_UP || d == G2048_DOWN ? c->rows : c->cols;
	int cap = g2048_cells_cap(c->rows, c->cols), l, p, n, out, moved = 0;
	uint8_t t[G2048_SIZE_MAX];
	long score = 0;

	for (l = 0; l < lines; l++) {
		for (p = n = 0; p < len; p++)
			if (c->rank[line_cell(c, d, l, p)])
				t[n++] = c->rank[line_cell(c, d, l, p)];
		for (p = out = 0; p < n; out++) {
			int r = t[p];

			if (p + 1 < n && t[p + 1] == r && r < cap) {
				r++;
				score += (long)1 << r;
				p += 2;
			} else {
				p++;
			}
			if (c->rank[line_cell(c, d, l, out)] != r)
				moved = 1;
			c->rank[line_cell(c, d, l, out)] = (uint8_t)r;
		}
		for (; out < len; out++) {
			if (c->rank[line_cell(c, d, l, out)])
				moved = 1;
			c->rank[line_cell(c, d, l, out)] = 0;
		}
	}
	return moved ? score : -1;
}

unsigned
g2048_cells_legal(const g2048_cells *c)
{
	unsigned m = 0;
	int d;

	for (d = 0; d < G2048_NDIRS; d++) {
		g2048_cells t = *c;

		if (g2048_cells_move(&t, (enum g2048_dir)d) >= 0)
			m |= 1u << d;
	}
	return m;
}

int
g2048_cells_over(const g2048_cells *c)
{
	return g2048_cells_legal(c) == 0;
}

int
g2048_cells_empty_count(const g2048_cells *c)
{
	int i, n = 0;

	for (i = 0; i < c->rows * c->cols; i++)
		n += c->rank[i] == 0;
	return n;
}

int
g2048_cells_max_rank(const g2048_cells *c)
{
	int i, m = 0;

	for (i = 0; i < c->rows * c->cols; i++)
		if (c->rank[i] > m)
			m = c->rank[i];
	return m;
}

int
g2048_cells_nth_empty(const g2048_cells *c, int n)
{
	int i;

	for (i = 0; i < c->rows * c->cols; i++)
		if (c->rank[i] == 0 && n-- == 0)
			return i;
	return -1;
}

int
g2048_cells_eq(const g2048_cells *a, const g2048_cells *b)
{
	return a->rows == b->rows && a->cols == b->cols &&
	    memcmp(a->rank, b->rank, (size_t)(a->rows * a->cols)) == 0;
}

void
g2048_cells_of_grid(g2048_cells *c, g2048_grid g)
{
	int i;

	g2048_cells_init(c, 4, 4);
	for (i = 0; i < 16; i++)
		c->rank[i] = (uint8_t)g2048_rank(g, i);
}

g2048_grid
g2048_cells_grid(const g2048_cells *c)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, c->rank[i]);
	return g;
}

int
g2048_board_init_size(g2048_board *b, int rows, int cols)
{
	g2048_board_init(b);
	if (g2048_cells_init(&b->cells, rows, cols) < 0)
		return -1;
	b->rows = rows;
	b->cols = cols;
	return 0;
}

int
g2048_board_is_4x4(const g2048_board *b)
{
	return b->rows == 4 && b->cols == 4;
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
	if (g2048_board_is_4x4(b))
		b->grid = g2048_cells_grid(c);
	else
		b->cells = *c;
}
