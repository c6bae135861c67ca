/* format.c - writing boards in the grid and compact forms of 2048(5). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2048-private.h"
#include "text.h"

/* each rank's cell text, so writing a grid is copying */
static const char tile_text[G2048_MAX_RANK + 1][8] = {
	".", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024",
	"2048", "4096", "8192", "16384", "32768", "65536", "131072"
};
static const int tile_len[G2048_MAX_RANK + 1] = {
	1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6
};

char *
g2048_put_u64(char *p, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* the shortest "%.Ng" that reads back as the same double (from 6
 * digits, which %g writes without trailing zeros: 0.2 is "0.2") */
static int
format_double(char *buf, size_t size, double v)
{
	int prec, n = 0;

	for (prec = 6; prec <= 17; prec++) {
		n = snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return n;
}

static char *
put_key_u64(char *p, const char *key, uint64_t v, char sep, char end)
{
	p = stpcpy(p, key);
	*p++ = sep;
	p = g2048_put_u64(p, v);
	if (end)
		*p++ = end;
	return p;
}

/*
 * Everything but score and moves, which both forms always write: `four`,
 * `move`, `prob`, `seed`, `draws`, then the kept lines.  The grid form writes
 * "key value\n"; the compact form " key=value" with spaces and % in values
 * escaped as %20 and %25.
 */
static char *
put_state(const g2048_board *b, char *p, int compact)
{
	char sep = compact ? '=' : ' ', end = compact ? 0 : '\n';
	char num[40];
	int i;

	if (b->four != G2048_FOUR_PROB) {
		format_double(num, sizeof num, b->four);
		p = compact ? stpcpy(p, " four=") : stpcpy(p, "four ");
		p = stpcpy(p, num);
		if (end)
			*p++ = end;
	}
	if (b->last_move >= 0) {
		p = compact ? stpcpy(p, " move=") : stpcpy(p, "move ");
		p = stpcpy(p, g2048_dir_name((enum g2048_dir)b->last_move));
		if (end)
			*p++ = end;
	}
	if (b->has_prob) {
		format_double(num, sizeof num, b->prob);
		p = compact ? stpcpy(p, " prob=") : stpcpy(p, "prob ");
		p = stpcpy(p, num);
		if (end)
			*p++ = end;
	}
	if (b->has_rng) {
		if (compact)
			*p++ = ' ';
		p = put_key_u64(p, "seed", b->seed, sep, end);
		if (compact)
			*p++ = ' ';
		p = put_key_u64(p, "draws", b->draws, sep, end);
	}
	for (i = 0; i < b->nextra; i++) {
		const char *s = b->extra[i];

		if (!compact) {
			p = stpcpy(p, s);
			*p++ = '\n';
			continue;
		}
		*p++ = ' ';
		for (; *s && *s != ' '; s++)
			*p++ = *s;
		*p++ = '=';
		while (*s == ' ')
			s++;
		for (; *s; s++) {
			if (*s == ' ' || *s == '%')
				p = stpcpy(p, *s == ' ' ? "%20" : "%25");
			else
				*p++ = *s;
		}
	}
	return p;
}

/* A cell's text, right-aligned to width, and the separator after it. */
static char *
put_cell(char *p, int rank, int width, char after)
{
	char text[24];
	int len;

	if (rank <= G2048_MAX_RANK) {
		len = tile_len[rank];
		memcpy(text, tile_text[rank], 8);
	} else {
		len = (int)(g2048_put_u64(text, (uint64_t)1 << rank) - text);
	}
	while (width-- > len)
		*p++ = ' ';
	memcpy(p, text, (size_t)len);
	p += len;
	*p++ = after;
	return p;
}

static int
cell_len(int rank)
{
	char text[24];

	return rank <= G2048_MAX_RANK ? tile_len[rank] :
	    (int)(g2048_put_u64(text, (uint64_t)1 << rank) - text);
}

/* The grid form of a board of another size than 4x4. */
static int
format_cells(const g2048_board *b, char *buf)
{
	const g2048_cells *c = &b->cells;
	int n = c->rows * c->cols, width = 1, max = 0, i;
	char *p = buf;

	for (i = 0; i < n; i++)
		if (c->rank[i] > max)
			max = c->rank[i];
	width = cell_len(max);
	p = put_key_u64(p, "score", b->score, ' ', '\n');
	p = put_key_u64(p, "moves", b->moves, ' ', '\n');
	p = put_state(b, p, 0);
	for (i = 0; i < n; i++)
		p = put_cell(p, c->rank[i], width,
		    i % c->cols == c->cols - 1 ? '\n' : ' ');
	*p = '\0';
	return (int)(p - buf);
}

int
g2048_format(const g2048_board *b, char *buf, size_t size)
{
	int rank[G2048_CELLS], width = 1, i;
	char *p = buf;

	if (size < G2048_TEXT_MAX)
		return -1;
	if (!g2048_board_is_4x4(b))
		return format_cells(b, buf);
	for (i = 0; i < G2048_CELLS; i++) {
		rank[i] = g2048_rank(b->grid, i);
		if (tile_len[rank[i]] > width)
			width = tile_len[rank[i]];
	}
	p = put_key_u64(p, "score", b->score, ' ', '\n');
	p = put_key_u64(p, "moves", b->moves, ' ', '\n');
	p = put_state(b, p, 0);
	for (i = 0; i < G2048_CELLS; i++) {
		int pad = width - tile_len[rank[i]];

		while (pad--)
			*p++ = ' ';
		memcpy(p, tile_text[rank[i]], 8);   /* the NULs are overwritten */
		p += tile_len[rank[i]];
		*p++ = i % 4 == 3 ? '\n' : ' ';
	}
	*p = '\0';
	return (int)(p - buf);
}

int
g2048_format_compact(const g2048_board *b, char *buf, size_t size)
{
	char *p = buf;
	int i;

	if (size < G2048_TEXT_MAX)
		return -1;
	if (!g2048_board_is_4x4(b)) {
		for (i = 0; i < b->cells.rows * b->cells.cols; i++) {
			if (i > 0 && i % b->cells.cols == 0)
				*p++ = '/';
			*p++ = TEXT_RANK_DIGITS[b->cells.rank[i]];
		}
	} else if (b->grid.hi == 0) {
		for (i = 0; i < G2048_CELLS; i++)
			*p++ = TEXT_RANK_DIGITS[(b->grid.lo >> (4 * i)) & 0xF];
	} else {
		for (i = 0; i < G2048_CELLS; i++)
			*p++ = TEXT_RANK_DIGITS[g2048_rank(b->grid, i)];
	}
	*p++ = ' ';
	p = g2048_put_u64(p, b->score);
	*p++ = ' ';
	p = g2048_put_u64(p, b->moves);
	p = put_state(b, p, 1);
	*p++ = '\n';
	*p = '\0';
	return (int)(p - buf);
}

int
g2048_writer_format(g2048_writer *w, const g2048_board *b, char *buf,
    size_t size)
{
	int blank = !w->compact && w->boards > 0, n;

	if (size < G2048_STREAM_MAX)
		return -1;
	buf[0] = '\n';
	n = w->compact ? g2048_format_compact(b, buf, size) :
	    g2048_format(b, buf + blank, size - (size_t)blank);
	if (n < 0)
		return -1;
	w->boards++;
	return n + blank;
}
