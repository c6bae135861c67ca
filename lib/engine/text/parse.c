/*
 * parse.c - reading boards in either form of 2048(5), a line at a time:
 * the state machine (header, grid rows, the compact line), the grid's
 * rows and cells, and the messages' helpers.  A header's lines are
 * header.c's, a compact line is compact.c's.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "2048-private.h"
#include "text.h"

int
text_fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return TEXT_FEED_ERROR;
}

/* a token quoted for a message: printable, escaped, at most ~24 bytes */
const char *
text_quote(const char *s, size_t n, char *buf, size_t size)
{
	size_t i, o = 0;

	for (i = 0; i < n && o + 8 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (i == 24) {
			o += (size_t)snprintf(buf + o, size - o, "...");
			break;
		}
		if (c >= 0x20 && c < 0x7f && c != '\'')
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
	}
	buf[o] = '\0';
	return buf;
}

void
text_feeder_init(struct text_feeder *f)
{
	f->state = TEXT_FEEDER_IDLE;
	f->rows = f->cols = 0;
	f->max_rank = 0;
	f->max_at = 0;
	f->seen = 0;
	f->fed = f->draws_at = f->err_back = 0;
}

/* the largest tile of any board, 2^61: a cell's digits stop counting
 * past it */
#define TILE_LIMIT ((uint64_t)1 << G2048_RANK_LIMIT)

/* log2 of a power of two below 2^32, by de Bruijn multiplication */
static int
log2_pow2(uint32_t v)
{
	static const int pos[32] = {
		0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
		31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9
	};

	return pos[(uint32_t)(v * 0x077CB531u) >> 27];
}

/* The rank of cell text s[0..n) whose digits read as v (capped), or -1
 * with a message. */
static int
cell_rank(const char *s, size_t n, size_t ndigits, uint64_t v, char *err,
    size_t errsize)
{
	char q[128];

	if (n == 1 && s[0] == '.')
		return 0;
	/* "02" or "00": a tile is written as its value */
	if (ndigits != n || n == 0 || (n > 1 && s[0] == '0')) {
		text_fail(err, errsize, "'%s' is not a tile: " TEXT_CELL_RULE,
		    text_quote(s, n, q, sizeof q));
		return -1;
	}
	if (v > TILE_LIMIT) {
		text_fail(err, errsize, "%s is larger than %llu, the largest "
		    "tile of any board", text_quote(s, n, q, sizeof q),
		    (unsigned long long)TILE_LIMIT);
		return -1;
	}
	if (v == 0)
		return 0;
	if ((v & (v - 1)) != 0 || v == 1) {
		text_fail(err, errsize, "%s is not a tile: " TEXT_CELL_RULE,
		    text_quote(s, n, q, sizeof q));
		return -1;
	}
	return v >> 32 ? 32 + log2_pow2((uint32_t)(v >> 32)) :
	    log2_pow2((uint32_t)v);
}

/* The first row gives the width; every other row has as many cells. */
static int
row_width(struct text_feeder *f, int n, char *err, size_t errsize)
{
	if (f->rows == 0 && (n < G2048_SIZE_MIN || n > G2048_SIZE_MAX))
		return text_fail(err, errsize, "expected %d to %d cells in a "
		    "row, found %d", G2048_SIZE_MIN, G2048_SIZE_MAX, n);
	if (f->rows == 0)
		f->cols = n;
	else if (n != f->cols)
		return text_fail(err, errsize, "expected %d cells, found %d "
		    "(every row of a board has as many cells as its first)",
		    f->cols, n);
	return TEXT_FEED_MORE;
}

/*
 * A row: its cells' ranks go to b->cells, and, for the classic board,
 * the first four rows of four to b->grid as well, so that a 4x4 grid is
 * whole when its last row is read.
 */
static int
grid_row(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize)
{
	uint8_t row[G2048_SIZE_MAX] = { 0 };
	uint64_t lo = 0;
	unsigned hi = 0;
	int n = 0, max = 0;

	while (p < e) {
		const char *tok = p, *digits_end;
		uint64_t v = 0;
		int r;

		/* one pass: read the digits, then make sure the token ended */
		for (; p < e; p++) {
			unsigned d = (unsigned)(unsigned char)*p - '0';

			if (d > 9)
				break;
			v = v <= TILE_LIMIT / 2 ? v * 10 + d : UINT64_MAX;
		}
		digits_end = p;
		while (p < e && !text_is_blank((unsigned char)*p))
			p++;
		if (n < G2048_SIZE_MAX) {
			if ((r = cell_rank(tok, (size_t)(p - tok),
			    (size_t)(digits_end - tok), v, err, errsize)) < 0)
				return TEXT_FEED_ERROR;
			row[n] = (uint8_t)r;
			max = r > max ? r : max;
			/* the 4x4 grid's nibbles; right unless a rank
			 * passes 15, mended below */
			lo |= (uint64_t)r << (4 * n);
		}
		n++;
		while (p < e && text_is_blank((unsigned char)*p))
			p++;
	}
	if (row_width(f, n, err, errsize) == TEXT_FEED_ERROR)
		return TEXT_FEED_ERROR;
	if (max > f->max_rank) {
		f->max_rank = max;
		f->max_at = f->fed;
	}
	/* all 8 bytes: what passes the row is the next row's, or unused */
	memcpy(b->cells.rank + f->rows * n, row, sizeof row);
	if (f->rows < G2048_SIDE && n == G2048_SIDE) {
		if (max > 15) {
			int i;

			for (lo = 0, i = 0; i < G2048_SIDE; i++) {
				lo |= (uint64_t)(row[i] & 0xF) << (4 * i);
				hi |= (unsigned)(row[i] >> 4) << i;
			}
		}
		b->grid.lo |= (lo & 0xFFFF) << (16 * f->rows);
		b->grid.hi = (uint16_t)(b->grid.hi | hi << (4 * f->rows));
	}
	f->rows++;
	return TEXT_FEED_MORE;
}

/* A grid is whole (a blank line or the end after its rows): its size
 * checked, its tiles against the size's cap, its cells put in place. */
static int
grid_done(struct text_feeder *f, g2048_board *b, char *err, size_t errsize)
{
	int rows = f->rows, cols = f->cols, cap;

	if (rows < G2048_SIZE_MIN)
		return text_fail(err, errsize,
		    "expected %d to %d rows, found %d", G2048_SIZE_MIN,
		    G2048_SIZE_MAX, rows);
	cap = g2048_cells_cap(rows, cols);
	if (f->max_rank > cap) {
		/* the error is the line of the tile, not the grid's end */
		f->err_back = f->fed - f->max_at;
		return text_fail(err, errsize, "%llu is larger than %llu, the "
		    "largest tile of a %dx%d board",
		    (unsigned long long)1 << f->max_rank,
		    (unsigned long long)1 << cap, rows, cols);
	}
	b->rows = rows;
	b->cols = cols;
	if (rows == G2048_SIDE && cols == G2048_SIDE) {
		/* the grid is whole already (grid_row) */
		b->cells.rows = b->cells.cols = 0;
	} else {
		b->grid.lo = 0;
		b->grid.hi = 0;
		b->cells.rows = rows;
		b->cells.cols = cols;
	}
	return TEXT_FEED_BOARD;
}

static int
finish(struct text_feeder *f, g2048_board *b, char *err, size_t errsize)
{
	int seen = f->seen, r;
	unsigned long back = f->fed - f->draws_at, tile_back;

	r = grid_done(f, b, err, errsize);
	tile_back = f->err_back;
	text_feeder_init(f);
	if (r == TEXT_FEED_ERROR) {
		f->err_back = tile_back;
		return r;
	}
	if ((seen & TEXT_SEEN_DRAWS) && !(seen & TEXT_SEEN_SEED)) {
		/* the error is the draws line's, not the grid's */
		f->err_back = back;
		return text_fail(err, errsize, "draws without seed");
	}
	return TEXT_FEED_BOARD;
}

/* a grid row cannot start here: a size error */
static int
rows_error(const struct text_feeder *f, char *err, size_t errsize)
{
	if (f->rows == G2048_SIZE_MAX)
		return text_fail(err, errsize,
		    "expected %d to %d rows, found more", G2048_SIZE_MIN,
		    G2048_SIZE_MAX);
	return text_fail(err, errsize, "expected %d to %d rows, found %d",
	    G2048_SIZE_MIN, G2048_SIZE_MAX, f->rows);
}

int
text_feed_line(struct text_feeder *f, const char *line, size_t len,
    g2048_board *b, char *err, size_t errsize)
{
	const char *p = line, *e = line + len;
	size_t n;
	int c, r;

	f->fed++;
	f->err_back = 0;
	while (e > p && text_is_blank((unsigned char)e[-1]))
		e--;
	while (p < e && text_is_blank((unsigned char)*p))
		p++;
	if (p == e) {
		if (f->state == TEXT_FEEDER_IDLE)
			return TEXT_FEED_MORE;
		if (f->state == TEXT_FEEDER_HEADER)
			return text_fail(err, errsize, "expected the rows of a "
			    "board after its header, found a blank line");
		return finish(f, b, err, errsize);
	}
	if (f->state == TEXT_FEEDER_IDLE && (r = text_compact_board(f, p, e,
	    b, err, errsize)) != TEXT_FEED_MORE)
		return r;
	if (f->state == TEXT_FEEDER_IDLE &&
	    (n = text_compact_other_size(p, e)) > 0)
		return text_fail(err, errsize, "expected 16 rank digits in a "
		    "compact line, found %zu (a board of another size has its "
		    "rows separated by '/', as 012/000/100)", n);
	if (f->state == TEXT_FEEDER_IDLE) {
		g2048_board_init(b);
		f->seen = 0;
		f->rows = 0;
		f->state = TEXT_FEEDER_HEADER;
	}
	c = (unsigned char)*p;
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
		if (f->state == TEXT_FEEDER_GRID)
			return f->rows < G2048_SIZE_MIN ? rows_error(f, err,
			    errsize) : text_fail(err, errsize,
			    "expected a blank line after the grid");
		return text_header_line(f, p, e, b, err, errsize);
	}
	if (f->rows == G2048_SIZE_MAX)
		return rows_error(f, err, errsize);
	f->state = TEXT_FEEDER_GRID;
	return grid_row(f, p, e, b, err, errsize);
}

int
text_feed_end(struct text_feeder *f, g2048_board *b, char *err,
    size_t errsize)
{
	f->err_back = 0;
	if (f->state == TEXT_FEEDER_IDLE)
		return TEXT_FEED_MORE;
	if (f->state == TEXT_FEEDER_HEADER)
		return text_fail(err, errsize, "expected the rows of a board "
		    "after its header, found the end of input (a line that "
		    "starts with a letter is a header line)");
	if (f->rows < G2048_SIZE_MIN)
		return text_fail(err, errsize, "unexpected end of input: "
		    "expected %d to %d rows, found %d", G2048_SIZE_MIN,
		    G2048_SIZE_MAX, f->rows);
	return finish(f, b, err, errsize);
}

int
g2048_parse(const char *text, g2048_board *b, char *err, size_t errsize)
{
	struct text_feeder f;
	const char *p = text;
	int r = TEXT_FEED_MORE;

	text_feeder_init(&f);
	g2048_board_init(b);
	while (*p && r != TEXT_FEED_BOARD) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		r = text_feed_line(&f, p, len, b, err, errsize);
		if (r == TEXT_FEED_ERROR)
			return -1;
		p += len + (nl != NULL);
	}
	if (r != TEXT_FEED_BOARD)
		r = text_feed_end(&f, b, err, errsize);
	if (r == TEXT_FEED_ERROR)
		return -1;
	if (r == TEXT_FEED_MORE) {
		text_fail(err, errsize, "no board");
		return -1;
	}
	p += strspn(p, " \t\r\n\v\f");
	if (*p) {
		text_fail(err, errsize, "more than one board");
		return -1;
	}
	return 0;
}
