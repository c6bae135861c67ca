/* draw.c - 2048-play's drawing, pure as view.c: a frame into a canvas of
 * character cells, and the escape sequences that change the screen. */
#include <stdio.h>
#include <string.h>

#include "play.h"

/* ---- the canvas ------------------------------------------------------- */

void
play_canvas_fill(struct play_canvas *c, int x, int y, int w, int h, char ch,
    int style)
{
	int i, j;

	for (j = y < 0 ? 0 : y; j < y + h && j < c->h; j++)
		for (i = x < 0 ? 0 : x; i < x + w && i < c->w; i++) {
			c->cells[j * c->w + i].ch = ch;
			c->cells[j * c->w + i].style = (unsigned char)style;
		}
}

void
play_canvas_text(struct play_canvas *c, int x, int y, const char *s,
    int style)
{
	if (y < 0 || y >= c->h)
		return;
	for (; *s && x < c->w; s++, x++) {
		if (x < 0)
			continue;
		c->cells[y * c->w + x].ch = *s;
		c->cells[y * c->w + x].style = (unsigned char)style;
	}
}

size_t
play_canvas_diff(const struct play_canvas *now,
    const struct play_canvas *before, enum play_depth depth, char *out,
    size_t size)
{
	size_t len = 0;
	int x, y, style = -1, cx = -1, cy = -1;

	if (before && (before->w != now->w || before->h != now->h))
		before = NULL;
	for (y = 0; y < now->h; y++) {
		for (x = 0; x < now->w; x++) {
			const struct play_cell *c = &now->cells[y * now->w + x];
			const struct play_cell *b = before ?
			    &before->cells[y * now->w + x] : NULL;

			if (b && b->ch == c->ch && b->style == c->style)
				continue;
			if (size - len < PLAY_SGR_MAX + 32)
				return 0;
			if (x != cx || y != cy)
				len += (size_t)snprintf(out + len, size - len,
				    "\033[%d;%dH", y + 1, x + 1);
			if (c->style != style) {
				style = c->style;
				len += (size_t)play_sgr(style, depth, out + len,
				    size - len);
			}
			out[len++] = c->ch;
			/* after the last column the cursor's place is unsure */
			cx = x + 1 < now->w ? x + 1 : -1;
			cy = y;
		}
	}
	if (style != -1)
		len += (size_t)snprintf(out + len, size - len, "\033[0m");
	return len;
}

/* ---- drawing ---------------------------------------------------------- */

/* s centred in w columns from x; if longer, its start is kept */
static void
centred(struct play_canvas *c, int x, int w, int y, const char *s, int style)
{
	int len = (int)strlen(s);

	play_canvas_text(c, len < w ? x + (w - len) / 2 : x, y, s, style);
}

/* A tile of rank r (0: an empty cell) at x, y, w x h; the digits are kept
 * inside the tile: a value too long for it is written 2^r. */
static void
draw_tile(struct play_canvas *c, int x, int y, int w, int h, int r)
{
	char value[24];
	int len, style = !r ? PLAY_ST_EMPTY : PLAY_ST_TILE +
	    (r < G2048_MAX_RANK ? r : G2048_MAX_RANK);

	play_canvas_fill(c, x, y, w, h, ' ', style);
	len = snprintf(value, sizeof value, "%llu",
	    (unsigned long long)1 << (r & 63));
	if (len > w)
		len = snprintf(value, sizeof value, "2^%d", r);
	if (!r)
		len = snprintf(value, sizeof value, ".");
	if (len > w)
		value[len = w] = '\0';
	play_canvas_text(c, x + (w - len) / 2, y + h / 2, value, style);
}

/* the first of the texts that fits in w, else the last one clipped */
static const char *
fitting(const char *const *texts, int n, int w)
{
	int i;

	for (i = 0; i < n - 1; i++)
		if ((int)strlen(texts[i]) <= w)
			return texts[i];
	return texts[n - 1];
}

static void
draw_status(struct play_canvas *c, const struct play_layout *l,
    const struct play_scene *s)
{
	char text[3][96];
	const char *const texts[3] = { text[0], text[1], text[2] };

	snprintf(text[0], sizeof text[0], "score %llu   best %llu   moves %llu",
	    (unsigned long long)s->score, (unsigned long long)s->best,
	    (unsigned long long)s->moves);
	snprintf(text[1], sizeof text[1], "score %llu best %llu moves %llu",
	    (unsigned long long)s->score, (unsigned long long)s->best,
	    (unsigned long long)s->moves);
	snprintf(text[2], sizeof text[2], "score %llu best %llu",
	    (unsigned long long)s->score, (unsigned long long)s->best);
	centred(c, 0, l->cols, l->status_y, fitting(texts, 3, l->cols),
	    PLAY_ST_TEXT);
}

static void
draw_help(struct play_canvas *c, const struct play_layout *l)
{
	static const char *const help[] = {
		"arrows/wasd/hjkl move   u undo   ? hint   v review   n new   q save+quit",
		"arrows/wasd/hjkl move  u undo  ? hint  v review  n new  q save+quit",
		"arrows move u undo ? hint v review n new q save+quit",
		"arrows u undo ? hint v review n new q save+quit",
		"arrows u ? hint v review n q save+quit",
		"arrows u ? v n q",
	};

	centred(c, 0, l->cols, l->help_y, fitting(help, 6, l->cols),
	    PLAY_ST_DIM);
}

static void
draw_tiles(struct play_canvas *c, const struct play_layout *l,
    const struct play_scene *s)
{
	int cell, i, x, y, tx, ty, w = l->tile_w, h = l->tile_h;
	int ncells = l->brows * l->bcols;

	for (cell = 0; cell < ncells; cell++) {
		play_cell_xy(l, cell, &x, &y);
		draw_tile(c, x, y, w, h, 0);
	}
	if (s->phase == PLAY_SLIDE) {
		for (i = 0; i < s->nmotion; i++) {
			play_cell_xy(l, s->motion[i].from, &x, &y);
			play_cell_xy(l, s->motion[i].to, &tx, &ty);
			draw_tile(c, play_ease(x, tx, s->step, s->steps),
			    play_ease(y, ty, s->step, s->steps), w, h,
			    s->motion[i].rank);
		}
		return;
	}
	for (cell = 0; cell < ncells; cell++) {
		int r = s->cells.rank[cell];

		if (!r)
			continue;
		play_cell_xy(l, cell, &x, &y);
		if (s->phase == PLAY_POP && cell == s->spawned)
			/* the new tile grows in */
			draw_tile(c, x + w / 4, y + h / 3, w - w / 4 * 2,
			    h - h / 3 * 2, r);
		else if (s->phase == PLAY_POP && (s->merged >> cell & 1))
			/* a merged tile pops out by a column each side */
			draw_tile(c, x - 1, y, w + 2, h, r);
		else
			draw_tile(c, x, y, w, h, r);
	}
}

/* The first of the message's forms (lines, the longest first) that
 * fits the window, else the last one clipped. */
static void
draw_message(struct play_canvas *c, const struct play_layout *l,
    const char *s)
{
	char line[PLAY_TEXT_MAX];
	size_t n;

	while ((n = strcspn(s, "\n")) > (size_t)l->cols && s[n] == '\n')
		s += n + 1;
	snprintf(line, sizeof line, "%.*s", (int)n, s);
	centred(c, 0, l->cols, l->message_y, line, PLAY_ST_MSG);
}

/* the words of s in lines of at most w columns, centred on the canvas */
static void
draw_wrapped(struct play_canvas *c, const char *s)
{
	char lines[16][128];
	int n = 0, i, len;

	lines[0][0] = '\0';
	while (*s && n < 16) {
		int word = (int)strcspn(s, " ");

		len = (int)strlen(lines[n]);
		if (len > 0 && len + 1 + word > c->w) {
			if (++n == 16)
				break;
			lines[n][0] = '\0';
			len = 0;
		}
		snprintf(lines[n] + len, sizeof lines[n] - (size_t)len, "%s%.*s",
		    len ? " " : "", word, s);
		s += word;
		s += strspn(s, " ");
	}
	if (n < 16 && lines[n][0])
		n++;
	for (i = 0; i < n; i++)
		centred(c, 0, c->w, (c->h - n) / 2 + i, lines[i], PLAY_ST_TEXT);
}

void
play_draw(struct play_canvas *c, const struct play_layout *l,
    const struct play_scene *s)
{
	char text[200];
	int cols, rows;

	play_canvas_fill(c, 0, 0, c->w, c->h, ' ', PLAY_ST_DEFAULT);
	if (!l->ok) {
		play_min_window(l->brows, l->bcols, &cols, &rows);
		snprintf(text, sizeof text, "Window too small (%dx%d): the %dx%d "
		    "board needs at least %dx%d. Enlarge it, or press q.",
		    l->cols, l->rows, l->brows, l->bcols, cols, rows);
		draw_wrapped(c, text);
		return;
	}
	draw_status(c, l, s);
	play_canvas_fill(c, l->board_x, l->board_y, l->board_w, l->board_h,
	    ' ', PLAY_ST_BOARD);
	draw_tiles(c, l, s);
	if (s->message)
		draw_message(c, l, s->message);
	draw_help(c, l);
}
