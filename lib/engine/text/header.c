/*
 * header.c - a board's header in 2048(5): the grid form's "key value"
 * lines and the compact line's key=value fields (compact.c), each known
 * key's value checked, an unknown key kept as the board's extra.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "2048-private.h"
#include "text.h"

/* bit k of text_feeder.seen, TEXT_SEEN_*, is known_keys[k] */
static const char *const known_keys[] = {
	"score", "moves", "move", "prob", "seed", "draws", "four"
};
#define NKNOWN (sizeof known_keys / sizeof known_keys[0])

static int
is_key_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* strict unsigned decimal, at most UINT64_MAX */
int
text_parse_u64(const char *s, size_t n, uint64_t *v)
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
int
text_set_known(g2048_board *b, int *seen, const char *key, size_t klen,
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
		text_fail(err, errsize, "duplicate header key '%s'",
		    known_keys[k]);
		return -1;
	}
	*seen |= 1 << k;
	switch (1 << k) {
	case TEXT_SEEN_SCORE:
		bad = text_parse_u64(val, vlen, &b->score);
		break;
	case TEXT_SEEN_MOVES:
		bad = text_parse_u64(val, vlen, &b->moves);
		break;
	case TEXT_SEEN_MOVE:
		d = -1;
		if (vlen < sizeof dir) {
			memcpy(dir, val, vlen);
			dir[vlen] = '\0';
			d = g2048_dir_parse(dir);
		}
		b->last_move = d;
		bad = d < 0;
		break;
	case TEXT_SEEN_PROB:
		bad = parse_prob(val, vlen, &b->prob);
		b->has_prob = 1;
		break;
	case TEXT_SEEN_SEED:
		bad = text_parse_u64(val, vlen, &b->seed);
		b->has_rng = 1;
		break;
	case TEXT_SEEN_FOUR:
		bad = parse_prob(val, vlen, &b->four);
		break;
	default:
		bad = text_parse_u64(val, vlen, &b->draws);
		break;
	}
	if (bad) {
		text_fail(err, errsize, "bad value for %s: '%s'%s",
		    known_keys[k], text_quote(val, vlen, q, sizeof q),
		    (1 << k) == TEXT_SEEN_FOUR ?
		    " (the probability of a 4, from 0 to 1)" : "");
		return -1;
	}
	return 1;
}

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

		while (p < e && !text_is_blank((unsigned char)*p))
			p++;
		if (!looks_like_cell(tok, (size_t)(p - tok)))
			return 0;
		n++;
		while (p < e && text_is_blank((unsigned char)*p))
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
int
text_mistaken_header(const char *key, size_t klen, const char *val,
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
			return text_fail(err, errsize, "unknown header key "
			    "'%s': keys are lower case ('%s')",
			    text_quote(key, klen, q, sizeof q), known_keys[k]);
	}
	if (grid_form && row_rest(val, vend))
		return text_fail(err, errsize, "'%s' looks like a grid row, "
		    "but a line starting with a letter is a header: '%s' is "
		    "not a cell (" TEXT_CELL_RULE ")",
		    text_quote(key, (size_t)(vend - key), q, sizeof q),
		    text_quote(key, klen, q2, sizeof q2));
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
	return text_fail(err, errsize,
	    "header line too long (at most %d bytes)", G2048_EXTRA_LEN - 1);
}

/* Keep an unknown header as "key value" (compact: value %-decoded). */
int
text_keep_extra(g2048_board *b, const char *key, size_t klen,
    const char *val, size_t vlen, int decode, char *err, size_t errsize)
{
	char *out;
	size_t i, o, lead;

	if (b->nextra == G2048_EXTRA_MAX)
		return text_fail(err, errsize,
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
			return text_fail(err, errsize,
			    "control byte 0x%02x in header", c);
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
int
text_valid_key(const char *p, const char *e)
{
	if (p == e || !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return 0;
	while (p < e && is_key_char((unsigned char)*p))
		p++;
	return p == e;
}

int
text_header_line(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize)
{
	const char *key = p, *val;
	char q[128];
	int r, seen;

	while (p < e && is_key_char((unsigned char)*p))
		p++;
	if (p < e && !text_is_blank((unsigned char)*p))
		return text_fail(err, errsize, "bad header line '%s'",
		    text_quote(key, (size_t)(e - key), q, sizeof q));
	val = p;
	while (val < e && text_is_blank((unsigned char)*val))
		val++;
	seen = f->seen;
	r = text_set_known(b, &f->seen, key, (size_t)(p - key), val,
	    (size_t)(e - val), err, errsize);
	if (r < 0)
		return TEXT_FEED_ERROR;
	if ((f->seen & ~seen) & TEXT_SEEN_DRAWS)
		f->draws_at = f->fed;
	if (r > 0)
		return TEXT_FEED_MORE;
	if (text_mistaken_header(key, (size_t)(p - key), val, e, 1, err,
	    errsize))
		return TEXT_FEED_ERROR;
	return text_keep_extra(b, key, (size_t)(p - key), val,
	    (size_t)(e - val), 0, err, errsize);
}
