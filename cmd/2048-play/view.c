/* view.c - 2048-play's pure parts: palette, layout, motion, keys (the
 * drawing is in draw.c). */
#include <stdio.h>
#include <string.h>

#include "play.h"

/* ---- colours ---------------------------------------------------------- */

enum play_depth
play_depth_detect(const char *term, const char *colorterm,
    const char *no_color)
{
	/* https://no-color.org: present and not empty */
	if (no_color && *no_color)
		return PLAY_MONO;
	if (!term || !*term || strcmp(term, "dumb") == 0)
		return PLAY_MONO;
	if (colorterm && (strcmp(colorterm, "truecolor") == 0 ||
	    strcmp(colorterm, "24bit") == 0))
		return PLAY_RGB;
	if (strstr(term, "256color") || strstr(term, "truecolor") ||
	    strstr(term, "direct"))
		return PLAY_256;
	return PLAY_8;
}

int
play_depth_parse(const char *s)
{
	static const char *const names[] = { "none", "8", "256", "truecolor" };
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

/*
 * The classic palette (cream 2 and 4, oranges 8-64, yellows 128-2048) with
 * a dark colour of its own for each larger tile.  The 256-colour indices
 * are picked by hand near the true colours, distinct for every value; the
 * 8-colour pairs are distinct too and keep the digits readable.
 */
static const struct play_colour palette[PLAY_NSTYLES] = {
	/* fg_rgb    bg_rgb     fg256 bg256 fg8 bg8 bold */
	{ -1,        -1,        -1,  -1,  -1, -1, 0 },   /* default */
	{ -1,        -1,        -1,  -1,  -1, -1, 1 },   /* text */
	{ 0x8a8a8a,  -1,        245, -1,  -1, -1, 0 },   /* dim */
	{ 0xf65e3b,  -1,        202, -1,   1, -1, 1 },   /* message */
	{ -1,        0xbbada0,  -1,  145, -1, -1, 0 },   /* board */
	{ 0xbbada0,  0xcdc1b4,  145, 187, -1, -1, 0 },   /* empty cell */
	{ -1,        -1,        -1,  -1,  -1, -1, 0 },   /* rank 0: unused */
	{ 0x776e65,  0xeee4da,  241, 230,  0,  7, 1 },   /* 2 */
	{ 0x776e65,  0xede0c8,  241, 223,  0,  6, 1 },   /* 4 */
	{ 0xf9f6f2,  0xf2b179,  231, 216,  0,  3, 1 },   /* 8 */
	{ 0xf9f6f2,  0xf59563,  231, 209,  7,  1, 1 },   /* 16 */
	{ 0xf9f6f2,  0xf67c5f,  231, 203,  7,  5, 1 },   /* 32 */
	{ 0xf9f6f2,  0xf65e3b,  231, 202,  3,  1, 1 },   /* 64 */
	{ 0xf9f6f2,  0xedcf72,  231, 222,  1,  3, 1 },   /* 128 */
	{ 0xf9f6f2,  0xedcc61,  231, 221,  0,  2, 1 },   /* 256 */
	{ 0xf9f6f2,  0xedc850,  231, 220,  7,  2, 1 },   /* 512 */
	{ 0xf9f6f2,  0xedc53f,  231, 178,  7,  4, 1 },   /* 1024 */
	{ 0xf9f6f2,  0xedc22e,  231, 226,  3,  4, 1 },   /* 2048 */
	{ 0xf9f6f2,  0x3c3a32,  231, 236,  7,  0, 1 },   /* 4096 */
	{ 0xf9f6f2,  0x4b3a5a,  231,  53,  1,  0, 1 },   /* 8192 */
	{ 0xf9f6f2,  0x2e4a5c,  231,  24,  2,  0, 1 },   /* 16384 */
	{ 0xf9f6f2,  0x5c2e3a,  231,  52,  3,  0, 1 },   /* 32768 */
	{ 0xf9f6f2,  0x2e5c46,  231,  22,  6,  0, 1 },   /* 65536 */
	{ 0xffd700,  0x1a1a1a,  220, 232,  5,  0, 1 },   /* 131072 */
};

const struct play_colour *
play_colour(int style)
{
	if (style < 0 || style >= PLAY_NSTYLES)
		style = PLAY_ST_DEFAULT;
	return &palette[style];
}

/* ";38;..." or ";48;..." for one colour at depth, appended at p */
static int
put_colour(char *p, size_t size, int layer, int32_t rgb, int idx256,
    int idx8, enum play_depth depth)
{
	switch (depth) {
	case PLAY_RGB:
		if (rgb < 0)
			return 0;
		return snprintf(p, size, ";%d;2;%d;%d;%d", layer,
		    (int)(rgb >> 16) & 0xff, (int)(rgb >> 8) & 0xff,
		    (int)rgb & 0xff);
	case PLAY_256:
		return idx256 < 0 ? 0 : snprintf(p, size, ";%d;5;%d", layer,
		    idx256);
	case PLAY_8:
		return idx8 < 0 ? 0 : snprintf(p, size, ";%d", layer - 8 + idx8);
	default:
		return 0;
	}
}

int
play_sgr(int style, enum play_depth depth, char *buf, size_t size)
{
	const struct play_colour *c = play_colour(style);
	char tmp[PLAY_SGR_MAX];
	int n;

	n = snprintf(tmp, sizeof tmp, "\033[0%s", c->bold ? ";1" : "");
	if (depth == PLAY_MONO && style > PLAY_ST_TILE) {
		n += snprintf(tmp + n, sizeof tmp - (size_t)n, ";7");
	} else {
		n += put_colour(tmp + n, sizeof tmp - (size_t)n, 38, c->fg_rgb,
		    c->fg_256, c->fg_8, depth);
		n += put_colour(tmp + n, sizeof tmp - (size_t)n, 48, c->bg_rgb,
		    c->bg_256, c->bg_8, depth);
	}
	n += snprintf(tmp + n, sizeof tmp - (size_t)n, "m");
	return snprintf(buf, size, "%s", tmp);
}

/* ---- layout ----------------------------------------------------------- */

void
play_min_window(int brows, int bcols, int *cols, int *rows)
{
	/* tiles 7 wide and 1 high, gaps of 1; three lines of text */
	*cols = 8 * bcols + 1;
	*rows = 2 * brows + 1 + 3;
}

int
play_layout(struct play_layout *l, int cols, int rows, int brows, int bcols)
{
	int h, w, gx, wmax, extra, space, top;

	memset(l, 0, sizeof *l);
	l->cols = cols;
	l->rows = rows;
	l->brows = brows;
	l->bcols = bcols;
	if (brows < 1 || bcols < 1)
		return -1;
	for (h = PLAY_MAX_TILE_H; h >= 1; h--) {
		gx = h >= 3 ? 2 : 1;
		/* a status line above, a message and the key help below */
		if (brows * h + brows + 1 + 3 > rows)
			continue;
		wmax = (cols - (bcols + 1) * gx) / bcols;
		/* about square: a character cell is twice as tall as wide */
		w = 2 * h + 2 < wmax ? 2 * h + 2 : wmax;
		if (w < 7)
			w = 7;
		if (w > wmax || 2 * w < 3 * h)
			continue;
		l->ok = 1;
		break;
	}
	if (!l->ok)
		return -1;
	l->tile_w = w;
	l->tile_h = h;
	l->gap_x = gx;
	l->gap_y = 1;
	l->board_w = bcols * w + (bcols + 1) * gx;
	l->board_h = brows * h + brows + 1;
	extra = rows - l->board_h - 3;
	space = extra >= 2;                /* a blank line above and below */
	top = (extra - 2 * space) / 2;
	l->board_x = (cols - l->board_w) / 2;
	l->status_y = top;
	l->board_y = top + 1 + space;
	l->message_y = l->board_y + l->board_h + space;
	l->help_y = l->message_y + 1;
	return 0;
}

void
play_cell_xy(const struct play_layout *l, int cell, int *x, int *y)
{
	*x = l->board_x + l->gap_x + (cell % l->bcols) * (l->tile_w + l->gap_x);
	*y = l->board_y + l->gap_y + (cell / l->bcols) * (l->tile_h + l->gap_y);
}

/* ---- motion ----------------------------------------------------------- */

/* The cell at position pos (0: the front) of line `line' of c toward d. */
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

int
play_motions(const g2048_cells *c, enum g2048_dir d, struct play_motion *m)
{
	int vertical = d == G2048_UP || d == G2048_DOWN;
	int nlines = vertical ? c->cols : c->rows;
	int len = vertical ? c->rows : c->cols;
	int cap = g2048_cells_cap(c->rows, c->cols);
	int k, i, n = 0;

	for (k = 0; k < nlines; k++) {
		int dst = -1, last = 0, open = 0;   /* open: last may merge */

		for (i = 0; i < len; i++) {
			int cell = line_cell(c, d, k, i);
			int r = c->rank[cell];

			if (!r)
				continue;
			m[n].from = (int8_t)cell;
			m[n].rank = (int8_t)r;
			/* two tiles of the board's cap stay apart */
			if (open && r == last && r < cap) {
				m[n].merge = 1;
				open = 0;
			} else {
				dst++;
				m[n].merge = 0;
				last = r;
				open = 1;
			}
			m[n].to = (int8_t)line_cell(c, d, k, dst);
			n++;
		}
	}
	return n;
}

int
play_ease(int a, int b, int step, int steps)
{
	long s2, num, v;

	if (steps <= 0 || step >= steps)
		return b;
	if (step <= 0)
		return a;
	/* ease out: 1 - (1 - t)^2, rounded half away from zero */
	s2 = (long)steps * steps;
	num = s2 - (long)(steps - step) * (steps - step);
	v = (long)(b - a) * num;
	return a + (int)((v >= 0 ? v + s2 / 2 : v - s2 / 2) / s2);
}

/* ---- keys ------------------------------------------------------------- */

static enum play_key
arrow(unsigned char c)
{
	switch (c) {
	case 'A':
		return PLAY_K_UP;
	case 'B':
		return PLAY_K_DOWN;
	case 'C':
		return PLAY_K_RIGHT;
	case 'D':
		return PLAY_K_LEFT;
	default:
		return PLAY_K_NONE;
	}
}

/* ESC [ params final, ESC O final, or ESC and one more byte (Alt-key) */
static enum play_key
escape(const unsigned char *s, size_t n, size_t *used)
{
	size_t i;

	*used = 0;
	if (n < 2)
		return PLAY_K_MORE;
	if (s[1] == 'O') {
		if (n < 3)
			return PLAY_K_MORE;
		*used = 3;
		return arrow(s[2]);
	}
	if (s[1] != '[') {
		*used = 2;
		return PLAY_K_NONE;
	}
	for (i = 2; i < n && s[i] >= 0x20 && s[i] <= 0x3f; i++)
		;
	if (i == n) {
		if (n < 32)
			return PLAY_K_MORE;
		*used = n;          /* no final byte in sight: drop it */
		return PLAY_K_NONE;
	}
	*used = i + 1;
	return arrow(s[i]);
}

enum play_key
play_key_decode(const unsigned char *s, size_t n, size_t *used)
{
	*used = 0;
	if (n == 0)
		return PLAY_K_MORE;
	if (s[0] == 0x1b)
		return escape(s, n, used);
	*used = 1;
	switch (s[0]) {
	case 'w': case 'W': case 'k':
		return PLAY_K_UP;
	case 's': case 'S': case 'j':
		return PLAY_K_DOWN;
	case 'a': case 'A': case 'h':
		return PLAY_K_LEFT;
	case 'd': case 'D': case 'l':
		return PLAY_K_RIGHT;
	case 'u': case 'U':
		return PLAY_K_UNDO;
	case '?': case 'H':
		return PLAY_K_HINT;
	case 'n': case 'N':
		return PLAY_K_NEW;
	case 'q': case 'Q':
		return PLAY_K_QUIT;
	case 'y': case 'Y':
		return PLAY_K_YES;
	case 'v': case 'V':
		return PLAY_K_REVIEW;
	case 0x0c:
		return PLAY_K_REDRAW;
	default:
		return PLAY_K_NONE;
	}
}
