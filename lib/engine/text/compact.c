/*
 * compact.c - the compact form of 2048(5), a board on one line: the 4x4
 * board's 16 rank digits or another size's rows separated by '/', then
 * score, moves and key=value fields (header.c).
 */
#include <stdint.h>
#include <string.h>

#include "2048-private.h"
#include "text.h"

/* rank_digit[c]: the rank of a compact-form digit, or -1 */
static const signed char rank_digit[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15,
	['f'] = 16, ['g'] = 17, ['h'] = 18, ['i'] = 19, ['j'] = 20,
	['k'] = 21, ['l'] = 22, ['m'] = 23, ['n'] = 24, ['o'] = 25,
	['p'] = 26, ['q'] = 27, ['r'] = 28, ['s'] = 29, ['t'] = 30,
	['u'] = 31, ['v'] = 32, ['w'] = 33, ['x'] = 34, ['y'] = 35,
	['z'] = 36,
	['A'] = 37, ['B'] = 38, ['C'] = 39, ['D'] = 40, ['E'] = 41,
	['F'] = 42, ['G'] = 43, ['H'] = 44, ['I'] = 45, ['J'] = 46,
	['K'] = 47, ['L'] = 48, ['M'] = 49, ['N'] = 50, ['O'] = 51,
	['P'] = 52, ['Q'] = 53, ['R'] = 54, ['S'] = 55, ['T'] = 56,
	['U'] = 57, ['V'] = 58, ['W'] = 59, ['X'] = 60, ['Y'] = 61,
	['Z'] = 62
};   /* stored plus one, so that 0 means "not a digit" */

/* The rank digits of the 4x4 board's compact form, 0-9 and a-h, stored
 * plus one: only these make a 16-digit compact line, so that a header
 * line of 16 letters stays a header. */
static const signed char digit_4x4[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['g'] = 17, ['h'] = 18
};

static int
compact_grid(const char *p, const char *e, g2048_grid *g)
{
	g2048_grid r = { 0, 0 };
	int i;

	if (e - p < G2048_CELLS || (e - p > G2048_CELLS &&
	    !text_is_blank((unsigned char)p[G2048_CELLS])))
		return 0;
	for (i = 0; i < G2048_CELLS; i++) {
		int d = digit_4x4[(unsigned char)p[i]] - 1;

		if (d < 0)
			return 0;
		r.lo |= (uint64_t)(d & 0xF) << (4 * i);
		r.hi = (uint16_t)(r.hi | (unsigned)(d >> 4) << i);
	}
	*g = r;
	return 1;
}

/* The rank digits of a first line that is a compact line of another size
 * without its '/' (3x3: 9, 5x5: 25), else 0: its first token is 7 or
 * more rank digits, longer than any 4x4 tile, and it is not a row of 4
 * cells (or it has a rank letter, which no cell has). */
size_t
text_compact_other_size(const char *p, const char *e)
{
	size_t digits = 0;
	int ntokens = 0, letters = 0;

	for (; p + digits < e && digit_4x4[(unsigned char)p[digits]]; digits++)
		letters |= p[digits] >= 'a';
	if (digits < 7 || (p + digits < e && !text_is_blank((unsigned char)
	    p[digits])))
		return 0;
	if (letters)
		return digits;
	while (p < e) {
		while (p < e && !text_is_blank((unsigned char)*p))
			p++;
		ntokens++;
		while (p < e && text_is_blank((unsigned char)*p))
			p++;
	}
	return ntokens == G2048_SIDE ? 0 : digits;
}

/*
 * The compact form of a board of any size: rows of rank digits separated
 * by '/' (012/000/100).  No header key holds a '/' and no grid cell does,
 * so a first token with one that starts with a rank digit is this form.
 * 0 not this form, 1 read into *c (its length in *len), -1 an error.
 */
static int
compact_slashed(const char *p, const char *e, g2048_cells *c, size_t *len,
    char *err, size_t errsize)
{
	const char *t = p;
	char q[128];
	int rows = 0, cols = 0, n = 0, d, cap, i;

	while (t < e && !text_is_blank((unsigned char)*t))
		t++;
	if (!rank_digit[(unsigned char)*p] || !memchr(p, '/', (size_t)(t - p)))
		return 0;
	*len = (size_t)(t - p);
	for (; p <= t; p++) {
		if (p == t || *p == '/') {
			if (rows == 0)
				cols = n;
			if (n != cols || n < G2048_SIZE_MIN ||
			    n > G2048_SIZE_MAX || ++rows > G2048_SIZE_MAX)
				break;
			n = 0;
			continue;
		}
		if ((d = rank_digit[(unsigned char)*p] - 1) < 0) {
			text_fail(err, errsize, "'%s' is not a rank digit of a "
			    "compact board: 0 (empty), 1 (2) to 9 (512), a "
			    "(1024) to z, A to Z (2^61)",
			    text_quote(p, 1, q, sizeof q));
			return -1;
		}
		if (n < G2048_SIZE_MAX && rows < G2048_SIZE_MAX)
			c->rank[rows * G2048_SIZE_MAX + n] = (uint8_t)d;
		n++;
	}
	if (p <= t || rows < G2048_SIZE_MIN) {
		text_fail(err, errsize, "'%s' is not a compact board: %d to %d "
		    "rows of %d to %d rank digits each, all of one length, "
		    "separated by '/'", text_quote(t - *len, *len, q, sizeof q),
		    G2048_SIZE_MIN, G2048_SIZE_MAX, G2048_SIZE_MIN,
		    G2048_SIZE_MAX);
		return -1;
	}
	/* the digits were kept 8 a row: close them up */
	for (i = 0; i < rows * cols; i++)
		c->rank[i] = c->rank[i / cols * G2048_SIZE_MAX + i % cols];
	c->rows = rows;
	c->cols = cols;
	cap = g2048_cells_cap(rows, cols);
	for (i = 0; i < rows * cols; i++)
		if (c->rank[i] > cap) {
			text_fail(err, errsize, "rank digit '%c' (%llu) is "
			    "larger than %c (%llu), the largest tile of a "
			    "%dx%d board",
			    TEXT_RANK_DIGITS[c->rank[i]],
			    (unsigned long long)1 << c->rank[i],
			    TEXT_RANK_DIGITS[cap], (unsigned long long)1 << cap,
			    rows, cols);
			return -1;
		}
	return 1;
}

/* The rest of a compact line, after its len rank digits, into b (whose
 * cells are set). */
static int
compact_line(struct text_feeder *f, size_t len, const char *p,
    const char *e, g2048_board *b, char *err, size_t errsize)
{
	char q[128];
	int npos = 0;

	p += len;
	for (;;) {
		const char *tok, *eq;
		int r;

		while (p < e && text_is_blank((unsigned char)*p))
			p++;
		if (p == e)
			break;
		tok = p;
		while (p < e && !text_is_blank((unsigned char)*p))
			p++;
		eq = memchr(tok, '=', (size_t)(p - tok));
		if (!eq && npos < 2) {
			if (text_parse_u64(tok, (size_t)(p - tok),
			    npos == 0 ? &b->score : &b->moves) < 0)
				return text_fail(err, errsize, "bad %s: '%s'",
				    npos == 0 ? "score" : "moves",
				    text_quote(tok, (size_t)(p - tok), q,
				    sizeof q));
			f->seen |= npos == 0 ? TEXT_SEEN_SCORE :
			    TEXT_SEEN_MOVES;
			npos++;
			continue;
		}
		if (!eq || !text_valid_key(tok, eq))
			return text_fail(err, errsize,
			    "expected key=value, found '%s'",
			    text_quote(tok, (size_t)(p - tok), q, sizeof q));
		r = text_set_known(b, &f->seen, tok, (size_t)(eq - tok), eq + 1,
		    (size_t)(p - eq - 1), err, errsize);
		if (r < 0)
			return TEXT_FEED_ERROR;
		if (r == 0 && text_mistaken_header(tok, (size_t)(eq - tok),
		    eq + 1, p, 0, err, errsize))
			return TEXT_FEED_ERROR;
		if (r == 0 && text_keep_extra(b, tok, (size_t)(eq - tok),
		    eq + 1, (size_t)(p - eq - 1), 1, err, errsize) ==
		    TEXT_FEED_ERROR)
			return TEXT_FEED_ERROR;
	}
	if ((f->seen & TEXT_SEEN_DRAWS) && !(f->seen & TEXT_SEEN_SEED))
		return text_fail(err, errsize, "draws without seed");
	f->seen = 0;
	return TEXT_FEED_BOARD;
}

/* A compact line, if the line is one: TEXT_FEED_BOARD or _ERROR; else
 * TEXT_FEED_MORE. */
int
text_compact_board(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize)
{
	g2048_grid grid;
	g2048_cells c;
	size_t len;
	int r;

	if (compact_grid(p, e, &grid)) {
		g2048_board_init(b);
		b->grid = grid;
		return compact_line(f, G2048_CELLS, p, e, b, err, errsize);
	}
	if ((r = compact_slashed(p, e, &c, &len, err, errsize)) < 0)
		return TEXT_FEED_ERROR;
	if (r == 0)
		return TEXT_FEED_MORE;
	g2048_board_init(b);
	g2048_board_set_cells(b, &c);
	return compact_line(f, len, p, e, b, err, errsize);
}
