/*
 * parse.c - reading boards in either form of 2048(5), a line at a time.
 * One file of over 600 lines: one state machine (header, grid rows, the
 * compact line) and the checks of every field, each message in its place.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2048.h"
#include "text.h"

enum {
	SEEN_SCORE = 1, SEEN_MOVES = 2, SEEN_MOVE = 4, SEEN_PROB = 8,
	SEEN_SEED = 16, SEEN_DRAWS = 32, SEEN_FOUR = 64
};

static const char *const known_keys[] = {
	"score", "moves", "move", "prob", "seed", "draws", "four"
};
#define NKNOWN (sizeof known_keys / sizeof known_keys[0])

static int
is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int
is_key_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int
fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return TEXT_FEED_ERROR;
}

/* a token quoted for a message: printable, escaped, at most ~24 bytes */
static const char *
quote(const char *s, size_t n, char *buf, size_t size)
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

/* strict unsigned decimal, at most UINT64_MAX */
static int
parse_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if (n == 0 || n > 20)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

static int
parse_prob(const char *s, size_t n, double *v)
{
	char tmp[64], *end;

	if (n == 0 || n >= sizeof tmp)
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	errno = 0;
	*v = strtod(tmp, &end);
	if (*end || errno || !(*v >= 0 && *v <= 1))
		return -1;
	*v += 0.0;   /* -0 is 0: one board, one text */
	return 0;
}

/* Set a known key; 1 done, 0 not a known key, -1 bad value. */
static int
set_known(g2048_board *b, int *seen, const char *key, size_t klen,
    const char *val, size_t vlen, char *err, size_t errsize)
{
	char q[128], dir[8];
	size_t k;
	int bad = 0, d;

	for (k = 0; k < NKNOWN; k++)
		if (strlen(known_keys[k]) == klen &&
		    memcmp(known_keys[k], key, klen) == 0)
			break;
	if (k == NKNOWN)
		return 0;
	if (*seen & (1 << k)) {
		fail(err, errsize, "duplicate header key '%s'", known_keys[k]);
		return -1;
	}
	*seen |= 1 << k;
	switch (1 << k) {
	case SEEN_SCORE:
		bad = parse_u64(val, vlen, &b->score);
		break;
	case SEEN_MOVES:
		bad = parse_u64(val, vlen, &b->moves);
		break;
	case SEEN_MOVE:
		d = -1;
		if (vlen < sizeof dir) {
			memcpy(dir, val, vlen);
			dir[vlen] = '\0';
			d = g2048_dir_parse(dir);
		}
		b->last_move = d;
		bad = d < 0;
		break;
	case SEEN_PROB:
		bad = parse_prob(val, vlen, &b->prob);
		b->has_prob = 1;
		break;
	case SEEN_SEED:
		bad = parse_u64(val, vlen, &b->seed);
		b->has_rng = 1;
		break;
	case SEEN_FOUR:
		bad = parse_prob(val, vlen, &b->four);
		break;
	default:
		bad = parse_u64(val, vlen, &b->draws);
		break;
	}
	if (bad) {
		fail(err, errsize, "bad value for %s: '%s'%s", known_keys[k],
		    quote(val, vlen, q, sizeof q), (1 << k) == SEEN_FOUR ?
		    " (the probability of a 4, from 0 to 1)" : "");
		return -1;
	}
	return 1;
}

/* the rule every cell-message ends with */
#define CELL_RULE "tiles are powers of two from 2 to the board's largest " \
	"(131072 on 4x4), and . or 0 is an empty cell"

/* the largest tile of any board, 2^61: a cell's digits stop counting
 * past it */
#define TILE_LIMIT ((uint64_t)1 << G2048_RANK_LIMIT)

/* Is s[0..n) a cell of a grid row: '.' or digits? */
static int
looks_like_cell(const char *s, size_t n)
{
	size_t i;

	if (n == 1 && s[0] == '.')
		return 1;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return n > 0;
}

/* Does the value of a header line hold the last cells of a grid row? */
static int
row_rest(const char *p, const char *e)
{
	int n = 0;

	while (p < e) {
		const char *tok = p;

		while (p < e && !is_blank((unsigned char)*p))
			p++;
		if (!looks_like_cell(tok, (size_t)(p - tok)))
			return 0;
		n++;
		while (p < e && is_blank((unsigned char)*p))
			p++;
	}
	return n == G2048_SIDE - 1;
}

/*
 * An unknown header key that is surely a mistake, with its message: a
 * known key in other letter case (keys are lower case), or, in the grid
 * form, a grid row with a typo in its first cell ('o . . 2'), which reads
 * as a header because it starts with a letter.  0 if none.
 */
static int
mistaken_header(const char *key, size_t klen, const char *val,
    const char *vend, int grid_form, char *err, size_t errsize)
{
	char q[128], q2[128];
	size_t k, i;

	for (k = 0; k < NKNOWN; k++) {
		if (strlen(known_keys[k]) != klen)
			continue;
		for (i = 0; i < klen; i++)
			if ((key[i] | 0x20) != known_keys[k][i])
				break;
		if (i == klen)
			return fail(err, errsize, "unknown header key '%s': keys "
			    "are lower case ('%s')", quote(key, klen, q,
			    sizeof q), known_keys[k]);
	}
	if (grid_form && row_rest(val, vend))
		return fail(err, errsize, "'%s' looks like a grid row, but a "
		    "line starting with a letter is a header: '%s' is not a "
		    "cell (" CELL_RULE ")", quote(key, (size_t)(vend - key), q,
		    sizeof q), quote(key, klen, q2, sizeof q2));
	return 0;
}

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int
too_long(char *err, size_t errsize)
{
	return fail(err, errsize, "header line too long (at most %d bytes)",
	    G2048_EXTRA_LEN - 1);
}

/* Keep an unknown header as "key value" (compact: value %-decoded). */
static int
keep_extra(g2048_board *b, const char *key, size_t klen, const char *val,
    size_t vlen, int decode, char *err, size_t errsize)
{
	char *out;
	size_t i, o, lead;

	if (b->nextra == G2048_EXTRA_MAX)
		return fail(err, errsize,
		    "too many unknown header keys (at most %d)", G2048_EXTRA_MAX);
	/* the length that counts is the decoded one, which both forms keep */
	if (klen + 1 >= G2048_EXTRA_LEN)
		return too_long(err, errsize);
	out = b->extra[b->nextra];
	memcpy(out, key, klen);
	o = klen;
	if (vlen)
		out[o++] = ' ';
	lead = o;
	for (i = 0; i < vlen; i++) {
		unsigned char c = (unsigned char)val[i];

		if (decode && c == '%' && i + 2 < vlen &&
		    hex_digit(val[i + 1]) >= 0 && hex_digit(val[i + 2]) >= 0) {
			c = (unsigned char)(hex_digit(val[i + 1]) * 16 +
			    hex_digit(val[i + 2]));
			i += 2;
		}
		if (c == '\t')
			c = ' ';
		if (c < 0x20 || c == 0x7f)
			return fail(err, errsize, "control byte 0x%02x in header", c);
		if (c == ' ' && o == lead)   /* as the grid form trims */
			continue;
		if (o + 1 >= G2048_EXTRA_LEN)
			return too_long(err, errsize);
		out[o++] = (char)c;
	}
	while (o > klen && out[o - 1] == ' ')   /* as the grid form trims */
		o--;
	out[o] = '\0';
	b->nextra++;
	return TEXT_FEED_MORE;
}

/* a header key: a letter, then letters, digits, _ and - */
static int
valid_key(const char *p, const char *e)
{
	if (p == e || !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return 0;
	while (p < e && is_key_char((unsigned char)*p))
		p++;
	return p == e;
}

static int
header_line(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize)
{
	const char *key = p, *val;
	char q[128];
	int r, seen;

	while (p < e && is_key_char((unsigned char)*p))
		p++;
	if (p < e && !is_blank((unsigned char)*p))
		return fail(err, errsize, "bad header line '%s'",
		    quote(key, (size_t)(e - key), q, sizeof q));
	val = p;
	while (val < e && is_blank((unsigned char)*val))
		val++;
	seen = f->seen;
	r = set_known(b, &f->seen, key, (size_t)(p - key), val,
	    (size_t)(e - val), err, errsize);
	if (r < 0)
		return TEXT_FEED_ERROR;
	if ((f->seen & ~seen) & SEEN_DRAWS)
		f->draws_at = f->fed;
	if (r > 0)
		return TEXT_FEED_MORE;
	if (mistaken_header(key, (size_t)(p - key), val, e, 1, err, errsize))
		return TEXT_FEED_ERROR;
	return keep_extra(b, key, (size_t)(p - key), val, (size_t)(e - val), 0,
	    err, errsize);
}

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
		fail(err, errsize, "'%s' is not a tile: " CELL_RULE,
		    quote(s, n, q, sizeof q));
		return -1;
	}
	if (v > TILE_LIMIT) {
		fail(err, errsize, "%s is larger than %llu, the largest tile of "
		    "any board", quote(s, n, q, sizeof q),
		    (unsigned long long)TILE_LIMIT);
		return -1;
	}
	if (v == 0)
		return 0;
	if ((v & (v - 1)) != 0 || v == 1) {
		fail(err, errsize, "%s is not a tile: " CELL_RULE,
		    quote(s, n, q, sizeof q));
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
		return fail(err, errsize, "expected %d to %d cells in a row, "
		    "found %d", G2048_SIZE_MIN, G2048_SIZE_MAX, n);
	if (f->rows == 0)
		f->cols = n;
	else if (n != f->cols)
		return fail(err, errsize, "expected %d cells, found %d "
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
		while (p < e && !is_blank((unsigned char)*p))
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
		while (p < e && is_blank((unsigned char)*p))
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

	if (e - p < G2048_CELLS ||
	    (e - p > G2048_CELLS && !is_blank((unsigned char)p[G2048_CELLS])))
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
static size_t
compact_other_size(const char *p, const char *e)
{
	size_t digits = 0;
	int ntokens = 0, letters = 0;

	for (; p + digits < e && digit_4x4[(unsigned char)p[digits]]; digits++)
		letters |= p[digits] >= 'a';
	if (digits < 7 || (p + digits < e && !is_blank((unsigned char)
	    p[digits])))
		return 0;
	if (letters)
		return digits;
	while (p < e) {
		while (p < e && !is_blank((unsigned char)*p))
			p++;
		ntokens++;
		while (p < e && is_blank((unsigned char)*p))
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

	while (t < e && !is_blank((unsigned char)*t))
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
			fail(err, errsize, "'%s' is not a rank digit of a compact "
			    "board: 0 (empty), 1 (2) to 9 (512), a (1024) to z, "
			    "A to Z (2^61)", quote(p, 1, q, sizeof q));
			return -1;
		}
		if (n < G2048_SIZE_MAX && rows < G2048_SIZE_MAX)
			c->rank[rows * G2048_SIZE_MAX + n] = (uint8_t)d;
		n++;
	}
	if (p <= t || rows < G2048_SIZE_MIN) {
		fail(err, errsize, "'%s' is not a compact board: %d to %d rows "
		    "of %d to %d rank digits each, all of one length, "
		    "separated by '/'", quote(t - *len, *len, q, sizeof q),
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
			fail(err, errsize, "rank digit '%c' (%llu) is larger than "
			    "%c (%llu), the largest tile of a %dx%d board",
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

		while (p < e && is_blank((unsigned char)*p))
			p++;
		if (p == e)
			break;
		tok = p;
		while (p < e && !is_blank((unsigned char)*p))
			p++;
		eq = memchr(tok, '=', (size_t)(p - tok));
		if (!eq && npos < 2) {
			if (parse_u64(tok, (size_t)(p - tok),
			    npos == 0 ? &b->score : &b->moves) < 0)
				return fail(err, errsize, "bad %s: '%s'",
				    npos == 0 ? "score" : "moves",
				    quote(tok, (size_t)(p - tok), q, sizeof q));
			f->seen |= npos == 0 ? SEEN_SCORE : SEEN_MOVES;
			npos++;
			continue;
		}
		if (!eq || !valid_key(tok, eq))
			return fail(err, errsize, "expected key=value, found '%s'",
			    quote(tok, (size_t)(p - tok), q, sizeof q));
		r = set_known(b, &f->seen, tok, (size_t)(eq - tok), eq + 1,
		    (size_t)(p - eq - 1), err, errsize);
		if (r < 0)
			return TEXT_FEED_ERROR;
		if (r == 0 && mistaken_header(tok, (size_t)(eq - tok), eq + 1,
		    p, 0, err, errsize))
			return TEXT_FEED_ERROR;
		if (r == 0 && keep_extra(b, tok, (size_t)(eq - tok), eq + 1,
		    (size_t)(p - eq - 1), 1, err, errsize) == TEXT_FEED_ERROR)
			return TEXT_FEED_ERROR;
	}
	if ((f->seen & SEEN_DRAWS) && !(f->seen & SEEN_SEED))
		return fail(err, errsize, "draws without seed");
	f->seen = 0;
	return TEXT_FEED_BOARD;
}

/* A compact line, if the line is one: TEXT_FEED_BOARD or _ERROR; else
 * TEXT_FEED_MORE. */
static int
compact_board(struct text_feeder *f, const char *p, const char *e,
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

/* A grid is whole (a blank line or the end after its rows): its size
 * checked, its tiles against the size's cap, its cells put in place. */
static int
grid_done(struct text_feeder *f, g2048_board *b, char *err, size_t errsize)
{
	int rows = f->rows, cols = f->cols, cap;

	if (rows < G2048_SIZE_MIN)
		return fail(err, errsize, "expected %d to %d rows, found %d",
		    G2048_SIZE_MIN, G2048_SIZE_MAX, rows);
	cap = g2048_cells_cap(rows, cols);
	if (f->max_rank > cap) {
		/* the error is the line of the tile, not the grid's end */
		f->err_back = f->fed - f->max_at;
		return fail(err, errsize, "%llu is larger than %llu, the largest "
		    "tile of a %dx%d board", (unsigned long long)1 << f->max_rank,
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
	if ((seen & SEEN_DRAWS) && !(seen & SEEN_SEED)) {
		/* the error is the draws line's, not the grid's */
		f->err_back = back;
		return fail(err, errsize, "draws without seed");
	}
	return TEXT_FEED_BOARD;
}

/* a grid row cannot start here: a size error */
static int
rows_error(const struct text_feeder *f, char *err, size_t errsize)
{
	if (f->rows == G2048_SIZE_MAX)
		return fail(err, errsize, "expected %d to %d rows, found more",
		    G2048_SIZE_MIN, G2048_SIZE_MAX);
	return fail(err, errsize, "expected %d to %d rows, found %d",
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
	while (e > p && is_blank((unsigned char)e[-1]))
		e--;
	while (p < e && is_blank((unsigned char)*p))
		p++;
	if (p == e) {
		if (f->state == TEXT_FEEDER_IDLE)
			return TEXT_FEED_MORE;
		if (f->state == TEXT_FEEDER_HEADER)
			return fail(err, errsize, "header without a grid");
		return finish(f, b, err, errsize);
	}
	if (f->state == TEXT_FEEDER_IDLE &&
	    (r = compact_board(f, p, e, b, err, errsize)) != TEXT_FEED_MORE)
		return r;
	if (f->state == TEXT_FEEDER_IDLE && (n = compact_other_size(p, e)) > 0)
		return fail(err, errsize, "expected 16 rank digits in a compact "
		    "line, found %zu (a board of another size has its rows "
		    "separated by '/', as 012/000/100)", n);
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
			    errsize) : fail(err, errsize,
			    "expected a blank line after the grid");
		return header_line(f, p, e, b, err, errsize);
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
		return fail(err, errsize, "unexpected end of input after a header");
	if (f->rows < G2048_SIZE_MIN)
		return fail(err, errsize, "unexpected end of input: expected %d "
		    "to %d rows, found %d", G2048_SIZE_MIN, G2048_SIZE_MAX,
		    f->rows);
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
		fail(err, errsize, "no board");
		return -1;
	}
	p += strspn(p, " \t\r\n\v\f");
	if (*p) {
		fail(err, errsize, "more than one board");
		return -1;
	}
	return 0;
}
