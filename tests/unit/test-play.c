/* test-play.c - 2048-play's pure parts (cmd/2048-play/view.c, draw.c) and
 * its game (cmd/2048-play/game.c): expected values are worked out by hand
 * in the comments, or come from the engine as an independent model.  Over
 * 500 lines: the screen's expected cells are written out in full. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"
#include "unit.h"

static g2048_grid
grid_of(const int ranks[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, ranks[i]);
	return g;
}

/* a board of rows x cols cells, ranks in reading order */
static g2048_cells
cells_of(int rows, int cols, const int *ranks)
{
	g2048_cells c;
	int i;

	memset(&c, 0, sizeof c);
	c.rows = rows;
	c.cols = cols;
	for (i = 0; i < rows * cols; i++)
		c.rank[i] = (uint8_t)ranks[i];
	return c;
}

/* the 4x4 board of g */
static g2048_cells
cells_grid(g2048_grid g)
{
	int ranks[16], i;

	for (i = 0; i < 16; i++)
		ranks[i] = g2048_rank(g, i);
	return cells_of(4, 4, ranks);
}

static void
test_depth(void)
{
	CHECK(play_depth_detect("xterm-256color", NULL, NULL) == PLAY_256);
	CHECK(play_depth_detect("xterm", NULL, NULL) == PLAY_8);
	CHECK(play_depth_detect("linux", NULL, NULL) == PLAY_8);
	CHECK(play_depth_detect("xterm", "truecolor", NULL) == PLAY_RGB);
	CHECK(play_depth_detect("tmux-256color", "24bit", NULL) == PLAY_RGB);
	CHECK(play_depth_detect("xterm-256color", "truecolor", "1") == PLAY_MONO);
	/* no-color.org: an empty NO_COLOR does not count */
	CHECK(play_depth_detect("xterm-256color", NULL, "") == PLAY_256);
	CHECK(play_depth_detect("dumb", NULL, NULL) == PLAY_MONO);
	CHECK(play_depth_detect(NULL, NULL, NULL) == PLAY_MONO);
	CHECK(play_depth_parse("none") == PLAY_MONO);
	CHECK(play_depth_parse("8") == PLAY_8);
	CHECK(play_depth_parse("256") == PLAY_256);
	CHECK(play_depth_parse("truecolor") == PLAY_RGB);
	CHECK(play_depth_parse("16") == -1);
}

/* every value its own colour at every depth, the digits never in the
 * colour of their tile */
static void
test_palette_distinct(void)
{
	int r, s;

	for (r = 1; r <= G2048_MAX_RANK; r++) {
		const struct play_colour *a = play_colour(PLAY_ST_TILE + r);

		CHECK(a->bg_rgb >= 0 && a->bg_256 >= 0 && a->bg_8 >= 0);
		CHECK(a->fg_rgb != a->bg_rgb);
		CHECK(a->fg_256 != a->bg_256);
		CHECK(a->fg_8 != a->bg_8);
		CHECK(a->bg_rgb != play_colour(PLAY_ST_EMPTY)->bg_rgb);
		CHECK(a->bg_256 != play_colour(PLAY_ST_EMPTY)->bg_256);
		for (s = r + 1; s <= G2048_MAX_RANK; s++) {
			const struct play_colour *b = play_colour(PLAY_ST_TILE + s);

			CHECK(a->bg_rgb != b->bg_rgb);
			CHECK(a->bg_256 != b->bg_256);
			CHECK(a->fg_8 != b->fg_8 || a->bg_8 != b->bg_8);
		}
	}
}

static void
test_sgr(void)
{
	char buf[PLAY_SGR_MAX];

	/* 2: text 0x776e65 = 119,110,101 on 0xeee4da = 238,228,218 */
	play_sgr(PLAY_ST_TILE + 1, PLAY_RGB, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;1;38;2;119;110;101;48;2;238;228;218m") == 0);
	play_sgr(PLAY_ST_TILE + 1, PLAY_256, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;1;38;5;241;48;5;230m") == 0);
	play_sgr(PLAY_ST_TILE + 1, PLAY_8, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;1;30;47m") == 0);
	play_sgr(PLAY_ST_TILE + 1, PLAY_MONO, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;1;7m") == 0);
	/* 2048 in 8 colours: yellow on blue */
	play_sgr(PLAY_ST_TILE + 11, PLAY_8, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;1;33;44m") == 0);
	play_sgr(PLAY_ST_BOARD, PLAY_256, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0;48;5;145m") == 0);
	play_sgr(PLAY_ST_BOARD, PLAY_MONO, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0m") == 0);
	play_sgr(PLAY_ST_DEFAULT, PLAY_RGB, buf, sizeof buf);
	CHECK(strcmp(buf, "\033[0m") == 0);
	CHECK_EQ_U64(play_sgr(PLAY_ST_TILE + 17, PLAY_RGB, buf, sizeof buf), 35);
	CHECK(strcmp(buf, "\033[0;1;38;2;255;215;0;48;2;26;26;26m") == 0);
}

/*
 * 80x30: tile height 6 needs 4*6+5+3 = 32 rows, so 5: 25 rows of board;
 * width min(2*5+2, (80-10)/4) = 12; board 4*12+5*2 = 58 wide at
 * (80-58)/2 = 11.  30-25-3 = 2 rows spare: a blank line above and below,
 * top line 0: status 0, board 2..26, message 28, help 29.
 */
static void
test_layout_80x30(void)
{
	struct play_layout l;
	int x, y;

	CHECK(play_layout(&l, 80, 30, 4, 4) == 0);
	CHECK(l.ok);
	CHECK_EQ_U64(l.tile_w, 12);
	CHECK_EQ_U64(l.tile_h, 5);
	CHECK_EQ_U64(l.gap_x, 2);
	CHECK_EQ_U64(l.gap_y, 1);
	CHECK_EQ_U64(l.board_w, 58);
	CHECK_EQ_U64(l.board_h, 25);
	CHECK_EQ_U64(l.board_x, 11);
	CHECK_EQ_U64(l.board_y, 2);
	CHECK_EQ_U64(l.status_y, 0);
	CHECK_EQ_U64(l.message_y, 28);
	CHECK_EQ_U64(l.help_y, 29);
	/* cell 5 (row 1, col 1): 11+2+14 = 27, 2+1+6 = 9 */
	play_cell_xy(&l, 5, &x, &y);
	CHECK_EQ_U64(x, 27);
	CHECK_EQ_U64(y, 9);
	play_cell_xy(&l, 15, &x, &y);
	CHECK_EQ_U64(x, 55);
	CHECK_EQ_U64(y, 21);
}

/* the smallest window of the 4x4 board */
#define MIN_COLS 33
#define MIN_ROWS 12

static void
test_layout_limits(void)
{
	struct play_layout l;
	int cols, rows;

	play_min_window(4, 4, &cols, &rows);
	CHECK(cols == MIN_COLS && rows == MIN_ROWS);

	/* the smallest: tiles 7x1, board 4*7+5 = 33 by 4+5 = 9, + 3 lines */
	CHECK(play_layout(&l, MIN_COLS, MIN_ROWS, 4, 4) == 0);
	CHECK_EQ_U64(l.tile_w, 7);
	CHECK_EQ_U64(l.tile_h, 1);
	CHECK_EQ_U64(l.gap_x, 1);
	CHECK_EQ_U64(l.board_w, 33);
	CHECK_EQ_U64(l.board_x, 0);
	CHECK_EQ_U64(l.board_y, 1);
	CHECK_EQ_U64(l.message_y, 10);
	CHECK_EQ_U64(l.help_y, 11);
	CHECK(play_layout(&l, MIN_COLS - 1, MIN_ROWS, 4, 4) < 0 && !l.ok);
	CHECK(play_layout(&l, MIN_COLS, MIN_ROWS - 1, 4, 4) < 0 && !l.ok);
	CHECK(play_layout(&l, 0, 0, 4, 4) < 0);
	/* 200x60: the largest tile, 9 high and 2*9+2 = 20 wide; board 90x41
	 * at x 55; 16 rows spare: blank lines, top (16-2)/2 = 7 */
	CHECK(play_layout(&l, 200, 60, 4, 4) == 0);
	CHECK_EQ_U64(l.tile_h, 9);
	CHECK_EQ_U64(l.tile_w, 20);
	CHECK_EQ_U64(l.board_x, 55);
	CHECK_EQ_U64(l.status_y, 7);
	CHECK_EQ_U64(l.board_y, 9);
	CHECK_EQ_U64(l.message_y, 51);
	CHECK_EQ_U64(l.help_y, 52);
	/* 40x50, narrow: (40-10)/4 = 7 columns; a tile no taller than 2*7/3 */
	CHECK(play_layout(&l, 40, 50, 4, 4) == 0);
	CHECK_EQ_U64(l.tile_w, 7);
	CHECK_EQ_U64(l.tile_h, 4);
}

static void
test_motions_examples(void)
{
	static const int four_twos[16] = { 1, 1, 1, 1 };
	/* column 0 from the top: 2 . 2 4 */
	static const int column[16] = { 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2 };
	struct play_motion m[16];
	g2048_cells c = cells_of(4, 4, four_twos), col = cells_of(4, 4, column);

	CHECK_EQ_U64(play_motions(&c, G2048_LEFT, m), 4);
	CHECK(m[0].from == 0 && m[0].to == 0 && m[0].rank == 1 && !m[0].merge);
	CHECK(m[1].from == 1 && m[1].to == 0 && m[1].merge);
	CHECK(m[2].from == 2 && m[2].to == 1 && !m[2].merge);
	CHECK(m[3].from == 3 && m[3].to == 1 && m[3].merge);
	CHECK_EQ_U64(play_motions(&c, G2048_RIGHT, m), 4);
	CHECK(m[0].from == 3 && m[0].to == 3 && !m[0].merge);
	CHECK(m[1].from == 2 && m[1].to == 3 && m[1].merge);
	CHECK(m[2].from == 1 && m[2].to == 2 && !m[2].merge);
	CHECK(m[3].from == 0 && m[3].to == 2 && m[3].merge);
	CHECK_EQ_U64(play_motions(&col, G2048_UP, m), 3);
	CHECK(m[0].from == 0 && m[0].to == 0 && !m[0].merge);
	CHECK(m[1].from == 8 && m[1].to == 0 && m[1].merge);
	CHECK(m[2].from == 12 && m[2].to == 4 && m[2].rank == 2 && !m[2].merge);
	CHECK_EQ_U64(play_motions(&col, G2048_DOWN, m), 3);
	CHECK(m[0].from == 12 && m[0].to == 12 && m[0].rank == 2);
	CHECK(m[1].from == 8 && m[1].to == 8 && !m[1].merge);
	CHECK(m[2].from == 0 && m[2].to == 8 && m[2].merge);
}

/* the motions land every tile where the engine's move puts it */
static void
test_motions_vs_engine(void)
{
	g2048_rng rng;
	int i, d, k, cell, bad = 0;

	g2048_rng_seed(&rng, 2048, 0);
	for (i = 0; i < 200000; i++) {
		int ranks[16];
		g2048_grid g, want, got = { 0, 0 };
		g2048_cells c;
		struct play_motion m[16];
		long score = 0, gained;
		int n;

		for (cell = 0; cell < 16; cell++) {
			int r = (int)g2048_rng_bounded(&rng, 8);

			/* mostly small ranks, so lines merge often; some big */
			ranks[cell] = r < 3 ? 0 : r < 7 ? r - 2 : 14 +
			    (int)g2048_rng_bounded(&rng, 4);
		}
		g = grid_of(ranks);
		c = cells_grid(g);
		for (d = 0; d < G2048_NDIRS; d++) {
			want = g;
			gained = g2048_move(&want, (enum g2048_dir)d);
			n = play_motions(&c, (enum g2048_dir)d, m);
			got.lo = 0;
			got.hi = 0;
			score = 0;
			for (k = 0; k < n; k++) {
				int r = m[k].rank + m[k].merge;

				got = g2048_set_rank(got, m[k].to, r);
				if (m[k].merge)
					score += 1L << r;
			}
			if (!g2048_grid_eq(got, want) ||
			    score != (gained < 0 ? 0 : gained))
				bad++;
		}
	}
	CHECK_EQ_U64(bad, 0);
}

static void
test_ease(void)
{
	int s, prev = 0, p;

	CHECK_EQ_U64(play_ease(0, 14, 0, 6), 0);
	CHECK_EQ_U64(play_ease(0, 14, 6, 6), 14);
	/* 14 * (1 - (3/6)^2) = 10.5, rounded away from zero */
	CHECK_EQ_U64(play_ease(0, 14, 3, 6), 11);
	/* backwards: 14 - 11 */
	CHECK_EQ_U64(play_ease(14, 0, 3, 6), 3);
	/* 14 * (1 - (5/6)^2) = 3.89 */
	CHECK_EQ_U64(play_ease(0, 14, 1, 6), 4);
	CHECK_EQ_U64(play_ease(5, 5, 2, 6), 5);
	for (s = 0; s <= 6; s++) {
		p = play_ease(0, 42, s, 6);
		CHECK(p >= prev);
		prev = p;
	}
}

static void
test_keys(void)
{
	static const struct {
		const char *in;
		int key;
		size_t used;
	} cases[] = {
		{ "\033[A", PLAY_K_UP, 3 }, { "\033[B", PLAY_K_DOWN, 3 },
		{ "\033[C", PLAY_K_RIGHT, 3 }, { "\033[D", PLAY_K_LEFT, 3 },
		{ "\033OA", PLAY_K_UP, 3 }, { "\033OD", PLAY_K_LEFT, 3 },
		{ "\033[1;5C", PLAY_K_RIGHT, 6 }, { "\033[Dq", PLAY_K_LEFT, 3 },
		{ "\033[5~", PLAY_K_NONE, 4 }, { "\033x", PLAY_K_NONE, 2 },
		{ "\033", PLAY_K_MORE, 0 }, { "\033[", PLAY_K_MORE, 0 },
		{ "\033[1;", PLAY_K_MORE, 0 }, { "\033O", PLAY_K_MORE, 0 },
		{ "w", PLAY_K_UP, 1 }, { "a", PLAY_K_LEFT, 1 },
		{ "s", PLAY_K_DOWN, 1 }, { "d", PLAY_K_RIGHT, 1 },
		{ "W", PLAY_K_UP, 1 }, { "D", PLAY_K_RIGHT, 1 },
		{ "k", PLAY_K_UP, 1 }, { "j", PLAY_K_DOWN, 1 },
		{ "h", PLAY_K_LEFT, 1 }, { "l", PLAY_K_RIGHT, 1 },
		{ "u", PLAY_K_UNDO, 1 }, { "?", PLAY_K_HINT, 1 },
		{ "H", PLAY_K_HINT, 1 }, { "n", PLAY_K_NEW, 1 },
		{ "v", PLAY_K_REVIEW, 1 }, { "V", PLAY_K_REVIEW, 1 },
		{ "q", PLAY_K_QUIT, 1 }, { "y", PLAY_K_YES, 1 },
		{ "\014", PLAY_K_REDRAW, 1 }, { "z", PLAY_K_NONE, 1 },
		{ "\r", PLAY_K_NONE, 1 },
	};
	size_t i, used;

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		int k = play_key_decode((const unsigned char *)cases[i].in,
		    strlen(cases[i].in), &used);

		if (k != cases[i].key || used != cases[i].used)
			printf("# key case %zu: key %d used %zu\n", i, k, used);
		CHECK(k == cases[i].key && used == cases[i].used);
	}
	/* a CSI without a final byte in 40 bytes is dropped, not waited on */
	{
		unsigned char junk[40];

		memset(junk, '1', sizeof junk);
		junk[0] = 0x1b;
		junk[1] = '[';
		CHECK(play_key_decode(junk, sizeof junk, &used) == PLAY_K_NONE);
		CHECK_EQ_U64(used, sizeof junk);
	}
}

static void
test_canvas(void)
{
	struct play_cell cells[10];
	struct play_canvas c = { 5, 2, cells }, before;
	struct play_cell old[3];
	char out[PLAY_OUT_MAX(5, 2)];
	size_t n;

	play_canvas_fill(&c, 0, 0, 5, 2, ' ', PLAY_ST_DEFAULT);
	play_canvas_text(&c, -2, 0, "abcdefgh", PLAY_ST_TEXT);
	play_canvas_text(&c, 0, 2, "zz", PLAY_ST_TEXT);     /* below: dropped */
	play_canvas_fill(&c, 3, 1, 9, 9, '#', PLAY_ST_MSG);
	CHECK(memcmp((char[]){ cells[0].ch, cells[1].ch, cells[2].ch,
	    cells[3].ch, cells[4].ch }, "cdefg", 5) == 0);
	CHECK(cells[5].ch == ' ' && cells[7].ch == ' ' && cells[8].ch == '#' &&
	    cells[9].ch == '#' && cells[9].style == PLAY_ST_MSG);

	/* a 3x1 canvas: whole, then one changed cell, then nothing */
	c.w = 3;
	c.h = 1;
	play_canvas_fill(&c, 0, 0, 3, 1, ' ', PLAY_ST_DEFAULT);
	n = play_canvas_diff(&c, NULL, PLAY_MONO, out, sizeof out);
	CHECK(n == 17 && memcmp(out, "\033[1;1H\033[0m   \033[0m", n) == 0);
	memcpy(old, cells, sizeof old);
	before.w = 3;
	before.h = 1;
	before.cells = old;
	play_canvas_text(&c, 1, 0, "x", PLAY_ST_TEXT);
	n = play_canvas_diff(&c, &before, PLAY_MONO, out, sizeof out);
	CHECK(n == 17 && memcmp(out, "\033[1;2H\033[0;1mx\033[0m", n) == 0);
	n = play_canvas_diff(&c, &c, PLAY_MONO, out, sizeof out);
	CHECK_EQ_U64(n, 0);
	/* too small a buffer: nothing, not half a frame */
	CHECK_EQ_U64(play_canvas_diff(&c, NULL, PLAY_RGB, out, 20), 0);
}

static char
at(const struct play_canvas *c, int x, int y)
{
	return c->cells[y * c->w + x].ch;
}

static int
style_at(const struct play_canvas *c, int x, int y)
{
	return c->cells[y * c->w + x].style;
}

/* the screen of `2048-new --seed 7`: 2s in cells 7 and 13 */
static void
test_draw_board(void)
{
	static struct play_cell cells[80 * 30];
	struct play_canvas c = { 80, 30, cells };
	struct play_layout l;
	struct play_scene s;
	g2048_board b;

	g2048_new_game(&b, 7);
	CHECK(g2048_rank(b.grid, 7) == 1 && g2048_rank(b.grid, 13) == 1);
	memset(&s, 0, sizeof s);
	s.cells = cells_grid(b.grid);
	s.best = 1234;
	s.message = "hello";
	s.spawned = -1;
	play_layout(&l, 80, 30, 4, 4);
	play_draw(&c, &l, &s);
	/* "score 0   best 1234   moves 0" is 29 long: at (80-29)/2 = 25 */
	CHECK(at(&c, 25, 0) == 's' && at(&c, 24, 0) == ' ');
	CHECK(style_at(&c, 25, 0) == PLAY_ST_TEXT);
	/* cell 7: row 1, col 3 at (55, 9), 12x5; its 2 at (55+5, 9+2) */
	CHECK(at(&c, 60, 11) == '2');
	CHECK(style_at(&c, 55, 9) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 66, 13) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 67, 13) == PLAY_ST_BOARD);   /* the gap */
	/* cell 13: row 3, col 1 at (27, 21) */
	CHECK(at(&c, 32, 23) == '2');
	/* empty cell 0 at (13, 3): a dot in the middle */
	CHECK(at(&c, 18, 5) == '.' && style_at(&c, 18, 5) == PLAY_ST_EMPTY);
	CHECK(style_at(&c, 10, 5) == PLAY_ST_DEFAULT);
	CHECK(style_at(&c, 11, 2) == PLAY_ST_BOARD);
	/* "hello" centred on line 28: (80-5)/2 = 37 */
	CHECK(at(&c, 37, 28) == 'h' && style_at(&c, 37, 28) == PLAY_ST_MSG);
	/* the widest key help (72 long, v review in it) at (80-72)/2 = 4 */
	CHECK(at(&c, 4, 29) == 'a' && style_at(&c, 4, 29) == PLAY_ST_DIM);
	CHECK(at(&c, 3, 29) == ' ');
}

/* line y of the canvas, its blanks at both ends trimmed */
static void
line_at(const struct play_canvas *c, int y, char *buf, size_t size)
{
	int x, a = 0, b = c->w;

	while (a < b && at(c, a, y) == ' ')
		a++;
	while (b > a && at(c, b - 1, y) == ' ')
		b--;
	for (x = a; x < b && (size_t)(x - a) + 1 < size; x++)
		buf[x - a] = at(c, x, y);
	buf[x - a] = '\0';
}

/* The review's summary: every window shows a form that fits it, the
 * worst move in every form; the whole where there is room. */
static void
test_review_forms(void)
{
	static struct play_cell cells[130 * 30];
	static const int widths[] = { 130, 100, 80, 60, 40, 33 };
	struct play_review_tally t = { { 10, 1, 0, 1 }, 9, 12, 0.2, 1, 2 };
	struct play_canvas c = { 0, 30, cells };
	struct play_layout l;
	struct play_scene s;
	char text[PLAY_TEXT_MAX], line[128];
	g2048_board b;
	size_t i;

	g2048_new_game(&b, 7);
	play_review_text(text, sizeof text, &t, 1);
	CHECK(strncmp(text, "Game over!  Review of 12 moves: accuracy 83.3% "
	    "(10 best), 1 inaccuracy, 0 mistakes, 1 blunder; worst: move 9, "
	    "down for left\n", 105) == 0);
	memset(&s, 0, sizeof s);
	s.cells = cells_grid(b.grid);
	s.spawned = -1;
	s.message = text;
	for (i = 0; i < sizeof widths / sizeof *widths; i++) {
		c.w = widths[i];
		play_layout(&l, c.w, 30, 4, 4);
		play_draw(&c, &l, &s);
		line_at(&c, l.message_y, line, sizeof line);
		CHECK(strstr(line, "worst: move 9") != NULL);
		CHECK(strlen(line) <= (size_t)c.w);
		if (c.w >= 60)
			CHECK(strstr(line, "Game over!") != NULL &&
			    strstr(line, "83.3%") != NULL);
		if (c.w == 130)
			CHECK(strstr(line, "Review of 12 moves") == line + 12);
	}
	/* no move judged below best: no worst; one move: a move */
	t.count[0] = 1;
	t.count[1] = t.count[3] = 0;
	t.done = 1;
	t.worst_move = 0;
	play_review_text(text, sizeof text, &t, 0);
	CHECK(strncmp(text, "Review of 1 move: accuracy 100.0% (1 best), 0 "
	    "inaccuracies, 0 mistakes, 0 blunders\n", 76) == 0);
	CHECK(strstr(text, "worst") == NULL);
	t.done = 0;
	play_review_text(text, sizeof text, &t, 0);
	CHECK(strcmp(text, "No move reviewed.") == 0);
}

static void
test_draw_frames(void)
{
	static struct play_cell cells[80 * 30];
	static const int ranks[16] = { 1, 1 };     /* 2 2 . . on top */
	struct play_canvas c = { 80, 30, cells };
	struct play_motion m[16];
	struct play_layout l;
	struct play_scene s;

	play_layout(&l, 80, 30, 4, 4);
	memset(&s, 0, sizeof s);
	s.motion = m;
	s.cells = cells_of(4, 4, ranks);
	s.nmotion = play_motions(&s.cells, G2048_RIGHT, m);
	s.phase = PLAY_SLIDE;
	s.steps = 6;
	s.step = 3;
	play_draw(&c, &l, &s);
	/* cell 1 (27) to cell 3 (55): 27 + 28 * 27/36 = 48; cell 0 (13),
	 * which joins it, at 13 + round(42 * 27/36) = 45, on top: 45..59 */
	CHECK(at(&c, 50, 5) == '2' && style_at(&c, 45, 3) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 59, 3) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 44, 3) == PLAY_ST_EMPTY);
	CHECK(style_at(&c, 60, 3) == PLAY_ST_EMPTY);
	/* the pop: the 4 in cell 3 a column wider each side; a new 2 in
	 * cell 12 (13, 21) drawn 12-2*3 = 6 wide, 5-2*1 = 3 high */
	s.phase = PLAY_POP;
	s.cells.rank[0] = s.cells.rank[1] = 0;
	s.cells.rank[3] = 2;
	s.cells.rank[12] = 1;
	s.merged = 1u << 3;
	s.spawned = 12;
	play_draw(&c, &l, &s);
	CHECK(style_at(&c, 54, 3) == PLAY_ST_TILE + 2);
	CHECK(style_at(&c, 67, 3) == PLAY_ST_TILE + 2);
	CHECK(style_at(&c, 13, 21) == PLAY_ST_EMPTY);
	CHECK(style_at(&c, 16, 22) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 21, 23) == PLAY_ST_TILE + 1);
	CHECK(style_at(&c, 22, 23) == PLAY_ST_EMPTY);
	CHECK(at(&c, 18, 23) == '2');
}

static int
canvas_has(const struct play_canvas *c, const char *s)
{
	int y;
	char line[256];

	for (y = 0; y < c->h; y++) {
		int x;

		for (x = 0; x < c->w; x++)
			line[x] = at(c, x, y);
		line[c->w] = '\0';
		if (strstr(line, s))
			return 1;
	}
	return 0;
}

static void
test_draw_small(void)
{
	static struct play_cell cells[33 * 12];
	struct play_canvas c = { 30, 10, cells };
	struct play_layout l;
	struct play_scene s;

	memset(&s, 0, sizeof s);
	s.cells.rows = s.cells.cols = 4;
	play_layout(&l, 30, 10, 4, 4);
	play_draw(&c, &l, &s);
	CHECK(canvas_has(&c, "Window too small"));
	CHECK(canvas_has(&c, "(30x10):"));
	CHECK(canvas_has(&c, "4x4 board"));
	CHECK(canvas_has(&c, "33x12."));
	/* the largest tile in the smallest window: 131072 fits in 7 */
	c.w = 33;
	c.h = 12;
	play_layout(&l, 33, 12, 4, 4);
	s.cells.rank[0] = 17;
	s.score = s.best = 3932100;
	s.moves = 65536;
	play_draw(&c, &l, &s);
	CHECK(canvas_has(&c, "131072"));
	/* the status in its shortest form: the long ones are 42 and 38 */
	CHECK(canvas_has(&c, "score 3932100 best 3932100"));
}

static void
test_history(void)
{
	struct play_game g;
	g2048_board b, want;
	int spawned, cell;
	size_t i;

	play_game_init(&g, G2048_FOUR_PROB);
	g2048_new_game(&b, 7);
	CHECK(play_game_start(&g, &b) == 0);
	CHECK(play_game_undo(&g) == -1);
	/* as 2048-move left | 2048-spawn */
	want = b;
	CHECK(g2048_board_move(&want, G2048_LEFT) == 0);
	cell = g2048_board_spawn(&want);
	CHECK(play_game_move(&g, G2048_LEFT, &spawned) == 0);
	CHECK_EQ_U64(spawned, cell);
	play_game_board(&g, g.n - 1, &b);
	CHECK(g2048_grid_eq(b.grid, want.grid));
	CHECK(b.rows == 4 && b.cols == 4 && b.four == 0.1);
	CHECK(b.moves == 1 && b.draws == want.draws && b.seed == 7);
	CHECK(b.last_move == G2048_LEFT);
	/* . . 2 . / 2 . . . / . . . . / 2 . . .: left again moves the 2 on
	 * top; up then merges the 2s of column 0 */
	CHECK(play_game_move(&g, G2048_LEFT, &spawned) == 0);
	CHECK(play_game_move(&g, G2048_UP, &spawned) == 4);
	CHECK_EQ_U64(g.n, 4);
	CHECK_EQ_U64(play_game_now(&g)->score, 4);
	CHECK(play_game_undo(&g) == 0 && play_game_undo(&g) == 0);
	CHECK(g2048_grid_eq(g2048_cells_grid(&play_game_now(&g)->cells),
	    want.grid));
	CHECK(play_game_undo(&g) == 0);
	CHECK(play_game_undo(&g) == -1);
	CHECK_EQ_U64(play_game_now(&g)->moves, 0);

	/* a move that would wrap a counter is not made */
	b = want;
	b.draws = UINT64_MAX - 1;
	CHECK(play_game_start(&g, &b) == 0);
	CHECK(play_game_move(&g, G2048_RIGHT, &spawned) == -3);
	b.draws = 0;
	b.moves = UINT64_MAX;
	CHECK(play_game_push(&g, &b) == 0);
	CHECK(play_game_move(&g, G2048_RIGHT, &spawned) == -3);
	CHECK_EQ_U64(g.n, 2);
	CHECK(play_game_undo(&g) == 0);

	/* past the cap, the oldest quarter goes */
	for (i = 1; i < PLAY_HISTORY_MAX + 10; i++) {
		b.moves = i;
		CHECK(play_game_push(&g, &b) == 0);
	}
	CHECK_EQ_U64(g.n, PLAY_HISTORY_MAX - PLAY_HISTORY_MAX / 4 + 10);
	CHECK_EQ_U64(g.hist[0].moves, PLAY_HISTORY_MAX / 4);
	CHECK_EQ_U64(play_game_now(&g)->moves, PLAY_HISTORY_MAX + 9);
	play_game_free(&g);
}

/* what 2048-play does with a stream to resume; the boards read */
static int
load(struct play_game *g, const char *path)
{
	g2048_board b;
	g2048_reader *rd;
	int fd = open(path, O_RDONLY), n = 0;

	play_game_clear(g);
	if ((rd = g2048_reader_new(fd, path)) == NULL)
		return -1;
	while (g2048_read(rd, &b) > 0 && play_game_resume(g, &b, 99) == 0)
		n++;
	g2048_reader_free(rd);
	close(fd);
	return n;
}

static void
test_save_load(void)
{
	char dir[] = "/tmp/test-play.XXXXXX", path[64];
	static const char text[] = "score 8\nmoves 3\nnote kept\n"
	    "2 . . .\n. . . .\n. . . .\n. . . 4\n";
	struct play_game g, h;
	g2048_board b;
	int spawned, fd, k;
	size_t i;

	CHECK(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/a/b/game", dir);
	play_game_init(&g, G2048_FOUR_PROB);
	g2048_new_game(&b, 11);
	play_game_start(&g, &b);
	for (k = 0; k < 12; k++)
		play_game_move(&g, (enum g2048_dir)(k % 4), &spawned);
	CHECK(play_mkdirs(path) == 0);
	CHECK(play_game_save(&g, path) == 0);
	CHECK(access(path, F_OK) == 0);
	play_game_init(&h, G2048_FOUR_PROB);
	CHECK_EQ_U64(load(&h, path), 13);
	CHECK_EQ_U64(h.n, g.n);
	for (i = 0; i < g.n && i < h.n; i++) {
		CHECK(g2048_cells_eq(&g.hist[i].cells, &h.hist[i].cells));
		CHECK(g.hist[i].score == h.hist[i].score);
		CHECK(g.hist[i].moves == h.hist[i].moves);
		CHECK(g.hist[i].seed == h.hist[i].seed);
		CHECK(g.hist[i].draws == h.hist[i].draws);
		CHECK(g.hist[i].last_move == h.hist[i].last_move);
	}

	/* a board without a seed gets the one given; unknown keys stay on */
	fd = open(path, O_WRONLY | O_TRUNC);
	CHECK(write(fd, text, sizeof text - 1) == (ssize_t)sizeof text - 1);
	close(fd);
	CHECK_EQ_U64(load(&h, path), 1);
	CHECK_EQ_U64(h.n, 1);
	play_game_board(&h, 0, &b);
	CHECK(b.seed == 99 && b.draws == 0 && b.score == 8 && b.moves == 3);
	CHECK(b.nextra == 1 && strcmp(b.extra[0], "note kept") == 0);
	CHECK(play_game_move(&h, G2048_RIGHT, &spawned) == 0);
	play_game_board(&h, 1, &b);
	CHECK(b.nextra == 1 && b.moves == 4);
	/* a stream of two boards: the first does not take the second's keys
	 * (nor keep its own), the second has its own */
	play_game_clear(&h);
	g2048_board_init(&b);
	b.grid = g2048_set_rank(b.grid, 0, 1);
	CHECK(play_game_resume(&h, &b, 5) == 0);
	b.nextra = 1;
	snprintf(b.extra[0], sizeof b.extra[0], "player ann");
	CHECK(play_game_resume(&h, &b, 5) == 0);
	play_game_board(&h, 0, &b);
	CHECK(b.nextra == 0 && b.seed == 5 && b.draws == 0);
	play_game_board(&h, 1, &b);
	CHECK(b.nextra == 1 && strcmp(b.extra[0], "player ann") == 0);
	/* saving where no file can be made fails */
	snprintf(path, sizeof path, "%s/none/game", dir);
	CHECK(play_game_save(&g, path) == -1);

	snprintf(path, sizeof path, "%s/a/b/game", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/a/b", dir);
	rmdir(path);
	snprintf(path, sizeof path, "%s/a", dir);
	rmdir(path);
	rmdir(dir);
	play_game_free(&g);
	play_game_free(&h);
}

static void
test_state_files(void)
{
	char dir[] = "/tmp/test-play.XXXXXX", path[128];

	CHECK(play_state_path(path, sizeof path, "/x", "/h", "best") == 0);
	CHECK(strcmp(path, "/x/2048-tools/best") == 0);
	CHECK(play_state_path(path, sizeof path, "rel", "/h", "best") == 0);
	CHECK(strcmp(path, "/h/.local/state/2048-tools/best") == 0);
	CHECK(play_state_path(path, sizeof path, NULL, "/h", "best") == 0);
	CHECK(strcmp(path, "/h/.local/state/2048-tools/best") == 0);
	CHECK(play_state_path(path, sizeof path, NULL, NULL, "best") == -1);
	CHECK(play_state_path(path, 8, "/x", NULL, "best") == -1);

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/s/2048-tools/best", dir);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 0);
	CHECK(play_mkdirs(path) == 0);
	CHECK(play_best_write(path, 4, 4, 0.1, 100) == 0);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 100);
	CHECK(play_best_write(path, 4, 4, 0.1, 50) == 0);  /* keeps the higher */
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 100);
	CHECK(play_best_write(path, 4, 4, 0.1, 3932100) == 0);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 3932100);
	/* one best a rule set: size and odds */
	CHECK_EQ_U64(play_best_read(path, 3, 3, 0.1), 0);
	CHECK(play_best_write(path, 3, 3, 0.2, 700) == 0);
	CHECK(play_best_write(path, 3, 4, 0.1, 900) == 0);
	CHECK_EQ_U64(play_best_read(path, 3, 3, 0.2), 700);
	CHECK_EQ_U64(play_best_read(path, 3, 3, 0.1), 0);
	CHECK_EQ_U64(play_best_read(path, 4, 3, 0.1), 0);
	CHECK_EQ_U64(play_best_read(path, 3, 4, 0.1), 900);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 3932100);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 1.0 / 3), 0);
	CHECK(play_best_write(path, 4, 4, 1.0 / 3, 8) == 0);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 1.0 / 3), 8);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 3932100);
	/* the one number of the file before: the classic rules' best */
	{
		FILE *fp = fopen(path, "w");

		CHECK(fp != NULL);
		if (fp != NULL) {
			fputs("1234\n", fp);
			fclose(fp);
		}
	}
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 1234);
	CHECK_EQ_U64(play_best_read(path, 3, 3, 0.1), 0);
	CHECK(play_best_write(path, 3, 3, 0.1, 60) == 0);
	CHECK_EQ_U64(play_best_read(path, 4, 4, 0.1), 1234);
	CHECK_EQ_U64(play_best_read(path, 3, 3, 0.1), 60);
	unlink(path);
	snprintf(path, sizeof path, "%s/s/2048-tools", dir);
	rmdir(path);
	snprintf(path, sizeof path, "%s/s", dir);
	rmdir(path);
	rmdir(dir);
}

/* boards of other sizes: the same rules of layout, tiles 7x1 at least */
static void
test_layout_sizes(void)
{
	struct play_layout l;
	int cols, rows, x, y;

	/* 8x8: 8*8+1 = 65 columns, 2*8+1+3 = 20 rows */
	play_min_window(8, 8, &cols, &rows);
	CHECK(cols == 65 && rows == 20);
	CHECK(play_layout(&l, 65, 20, 8, 8) == 0);
	CHECK(l.tile_w == 7 && l.tile_h == 1 && l.board_w == 65);
	CHECK(play_layout(&l, 64, 20, 8, 8) < 0 && !l.ok);
	CHECK(play_layout(&l, 65, 19, 8, 8) < 0 && !l.ok);
	/* 3x3 in 80x24: h = 5 is 3*5+4+3 = 22 rows, w = 2*5+2 = 12; board
	 * 3*12+4*2 = 44 wide at (80-44)/2 = 18 */
	CHECK(play_layout(&l, 80, 24, 3, 3) == 0);
	CHECK(l.tile_h == 5 && l.tile_w == 12 && l.board_w == 44);
	CHECK(l.board_x == 18 && l.board_h == 19);
	/* cell 8, the last: row 2, col 2 */
	play_cell_xy(&l, 8, &x, &y);
	CHECK(x == 18 + 2 + 2 * 14 && y == l.board_y + 1 + 2 * 6);
	/* 2x4, not square: cell 5 is row 1, col 1 */
	CHECK(play_layout(&l, 80, 24, 2, 4) == 0);
	play_cell_xy(&l, 5, &x, &y);
	CHECK(x == l.board_x + l.gap_x + l.tile_w + l.gap_x);
	CHECK(y == l.board_y + 1 + l.tile_h + 1);
	CHECK(l.board_h == 2 * l.tile_h + 3);
	/* 5x5 in 80x24: 5h+6+3 <= 24: h = 3, w = 8 */
	CHECK(play_layout(&l, 80, 24, 5, 5) == 0);
	CHECK(l.tile_h == 3 && l.tile_w == 8);
}

/* the motions land every tile where the engine's general move puts it,
 * on every size */
static void
test_motions_sizes(void)
{
	g2048_rng rng;
	int i, d, k, cell, bad = 0;

	g2048_rng_seed(&rng, 77, 0);
	for (i = 0; i < 50000; i++) {
		int rows = 2 + (int)g2048_rng_bounded(&rng, 7);
		int cols = 2 + (int)g2048_rng_bounded(&rng, 7);
		int cap = g2048_cells_cap(rows, cols);
		g2048_cells c, want, got;
		struct play_motion m[G2048_CELLS_MAX];
		long score, gained;
		int n;

		g2048_cells_init(&c, rows, cols);
		for (cell = 0; cell < rows * cols; cell++) {
			int r = (int)g2048_rng_bounded(&rng, 8);

			/* the cap, where the score of a move stays in a long */
			c.rank[cell] = (uint8_t)(r < 3 ? 0 : r < 7 ? r - 2 :
			    cap <= 40 ? cap - (int)g2048_rng_bounded(&rng, 2) :
			    14 + (int)g2048_rng_bounded(&rng, 4));
		}
		for (d = 0; d < G2048_NDIRS; d++) {
			want = c;
			gained = g2048_cells_move(&want, (enum g2048_dir)d);
			n = play_motions(&c, (enum g2048_dir)d, m);
			g2048_cells_init(&got, rows, cols);
			score = 0;
			for (k = 0; k < n; k++) {
				int r = m[k].rank + m[k].merge;

				got.rank[m[k].to] = (uint8_t)r;
				if (m[k].merge)
					score += 1L << r;
			}
			if (!g2048_cells_eq(&got, &want) ||
			    score != (gained < 0 ? 0 : gained))
				bad++;
		}
	}
	CHECK_EQ_U64(bad, 0);
}

/* a 6x6 board drawn; a tile too long for its cell is written 2^r; a
 * window too small names the board's own least */
static void
test_draw_sizes(void)
{
	static struct play_cell cells[80 * 24];
	struct play_canvas c = { 80, 24, cells };
	struct play_layout l;
	struct play_scene s;
	int x, y;

	memset(&s, 0, sizeof s);
	s.cells.rows = s.cells.cols = 6;
	s.cells.rank[24] = 24;          /* 16777216: 8 digits */
	s.cells.rank[0] = 20;           /* 1048576: 7 */
	s.spawned = -1;
	/* 6x6 in 80x24: 6h+7+3 <= 24, h = 2: w = 2*2+2, at least 7 */
	play_layout(&l, 80, 24, 6, 6);
	CHECK(l.tile_w == 7);
	play_draw(&c, &l, &s);
	CHECK(canvas_has(&c, "1048576"));
	CHECK(canvas_has(&c, "2^24"));
	play_cell_xy(&l, 24, &x, &y);
	CHECK(style_at(&c, x, y) == PLAY_ST_TILE + G2048_MAX_RANK);
	play_cell_xy(&l, 35, &x, &y);
	CHECK(style_at(&c, x, y) == PLAY_ST_EMPTY);
	s.cells.rows = s.cells.cols = 8;
	play_layout(&l, 80, 19, 8, 8);
	c.h = 19;
	play_draw(&c, &l, &s);
	CHECK(canvas_has(&c, "(80x19): the 8x8 board needs at least 65x20."));
}

/* a game of 3x3 with fours at 0.2: the moves of 2048-move | 2048-spawn
 * on that board, its size and odds kept in the save */
static void
test_game_sizes(void)
{
	char dir[] = "/tmp/test-play.XXXXXX", path[64];
	struct play_game g, h;
	g2048_board b, want;
	int spawned, k, cell, tiles = 0;

	CHECK(g2048_new_game_size(&b, 3, 3, 0.2, 5) == 0);
	CHECK(b.rows == 3 && b.cols == 3 && b.four == 0.2);
	CHECK(b.has_rng && b.seed == 5);
	for (cell = 0; cell < 9; cell++)
		tiles += b.cells.rank[cell] != 0;
	CHECK_EQ_U64(tiles, 2);
	play_game_init(&g, G2048_FOUR_PROB);
	CHECK(play_game_start(&g, &b) == 0);
	CHECK(g.four == 0.2);
	want = b;
	for (k = 0; k < 20; k++) {
		enum g2048_dir d = (enum g2048_dir)(k % 4);
		long gained;

		if ((gained = g2048_board_move(&want, d)) < 0) {
			CHECK(play_game_move(&g, d, &spawned) == -1);
			continue;
		}
		cell = g2048_board_spawn(&want);
		CHECK(play_game_move(&g, d, &spawned) == gained);
		CHECK_EQ_U64(spawned, cell);
	}
	play_game_board(&g, g.n - 1, &b);
	CHECK(b.rows == 3 && b.cols == 3 && b.four == 0.2);
	CHECK(g2048_cells_eq(&b.cells, &want.cells));
	CHECK(b.score == want.score && b.draws == want.draws);
	CHECK(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/game", dir);
	CHECK(play_game_save(&g, path) == 0);
	play_game_init(&h, G2048_FOUR_PROB);
	CHECK_EQ_U64(load(&h, path), g.n);
	CHECK(h.four == 0.2);
	play_game_board(&h, h.n - 1, &b);
	CHECK(b.rows == 3 && b.cols == 3 && b.four == 0.2);
	CHECK(g2048_cells_eq(&b.cells, &want.cells));
	unlink(path);
	rmdir(dir);
	play_game_free(&g);
	play_game_free(&h);
}

int
main(void)
{
	RUN(test_depth);
	RUN(test_palette_distinct);
	RUN(test_sgr);
	RUN(test_layout_80x30);
	RUN(test_layout_limits);
	RUN(test_motions_examples);
	RUN(test_motions_vs_engine);
	RUN(test_ease);
	RUN(test_keys);
	RUN(test_canvas);
	RUN(test_draw_board);
	RUN(test_draw_frames);
	RUN(test_draw_small);
	RUN(test_history);
	RUN(test_save_load);
	RUN(test_state_files);
	RUN(test_layout_sizes);
	RUN(test_motions_sizes);
	RUN(test_draw_sizes);
	RUN(test_game_sizes);
	RUN(test_review_forms);
	return UNIT_EXIT();
}
