/*
 * text.h - the text room's internals: the compact form's digits, which
 * the writer and the parser share, the parser's line by line feeder,
 * which the reader drives, and what the parser's files (parse.c,
 * header.c, compact.c) share.  Its public side (boards in text, streams
 * of boards, the safe file writer) is in 2048.h.  Internal to lib/engine/.
 */
#ifndef G2048_TEXT_H
#define G2048_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "2048-private.h"

/* the compact form's rank digits: 0-9, then a (1024) to z (2^35), then A
 * (2^36) to Z (2^61); a 4x4 board's reach h (131072) */
#define TEXT_RANK_DIGITS \
	"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* ---- parse.c: the feeder, and what the parser's files share ------------ */

/* Where the parser is in a board. */
enum { TEXT_FEEDER_IDLE = 0, TEXT_FEEDER_HEADER, TEXT_FEEDER_GRID };

/* What a line did to the board being parsed. */
enum { TEXT_FEED_MORE, TEXT_FEED_BOARD, TEXT_FEED_ERROR };

/* The known header keys, a bit each in text_feeder.seen (in the order of
 * header.c's known_keys). */
enum {
	TEXT_SEEN_SCORE = 1, TEXT_SEEN_MOVES = 2, TEXT_SEEN_MOVE = 4,
	TEXT_SEEN_PROB = 8, TEXT_SEEN_SEED = 16, TEXT_SEEN_DRAWS = 32,
	TEXT_SEEN_FOUR = 64
};

struct text_feeder {
	int state;     /* TEXT_FEEDER_IDLE, _HEADER or _GRID */
	int rows;      /* grid rows read */
	int cols;      /* cells in each, from the first */
	int max_rank;  /* the largest tile's, checked against the size's cap
	                  once the grid is whole */
	unsigned long max_at;    /* fed at the first row holding it */
	int seen;      /* known header keys read, TEXT_SEEN_* */
	unsigned long fed;       /* lines fed since the last board */
	unsigned long draws_at;  /* fed at the board's draws line */
	unsigned long err_back;  /* an error is this many lines before the
	                            last fed (draws without seed: at draws) */
};

void text_feeder_init(struct text_feeder *f);
/* Feed one line (without its newline; may hold NULs); *b collects the
 * board.  A TEXT_FEED_BOARD means *b is complete. */
int text_feed_line(struct text_feeder *f, const char *line, size_t len,
    g2048_board *b, char *err, size_t errsize);
/* End of input: TEXT_FEED_MORE if nothing was pending. */
int text_feed_end(struct text_feeder *f, g2048_board *b, char *err,
    size_t errsize);

/* A message into err; TEXT_FEED_ERROR, to return. */
int text_fail(char *err, size_t errsize, const char *fmt, ...);
/* s[0..n) quoted for a message, in buf. */
const char *text_quote(const char *s, size_t n, char *buf, size_t size);

/* the rule every cell-message ends with */
#define TEXT_CELL_RULE "tiles are powers of two from 2 to the board's " \
	"largest (131072 on 4x4), and . or 0 is an empty cell"

/* a blank of a line; inline, as the parser asks it of every byte */
static inline int
text_is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* ---- header.c: a board's header, in either form ------------------------ */

/* Strict unsigned decimal, at most UINT64_MAX: 0, or -1. */
int text_parse_u64(const char *s, size_t n, uint64_t *v);
/* Is p[0..e) a header key? */
int text_valid_key(const char *p, const char *e);
/* Set a known key; 1 done, 0 not a known key, -1 bad value. */
int text_set_known(g2048_board *b, int *seen, const char *key, size_t klen,
    const char *val, size_t vlen, char *err, size_t errsize);
/* An unknown key that is surely a mistake: TEXT_FEED_ERROR with its
 * message, else 0.  grid_form: a grid form's line, val..vend its value. */
int text_mistaken_header(const char *key, size_t klen, const char *val,
    const char *vend, int grid_form, char *err, size_t errsize);
/* Keep an unknown key in b->extra (decode: its value %-encoded, as in the
 * compact form): TEXT_FEED_MORE or TEXT_FEED_ERROR. */
int text_keep_extra(g2048_board *b, const char *key, size_t klen,
    const char *val, size_t vlen, int decode, char *err, size_t errsize);
/* A grid form's header line, p[0..e) trimmed and starting with a
 * letter. */
int text_header_line(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize);

/* ---- compact.c: the compact line --------------------------------------- */

/* A compact line, if p[0..e) is one: TEXT_FEED_BOARD or TEXT_FEED_ERROR;
 * else TEXT_FEED_MORE. */
int text_compact_board(struct text_feeder *f, const char *p, const char *e,
    g2048_board *b, char *err, size_t errsize);
/* A first line that is a compact line of another size without its '/':
 * its rank digits, else 0. */
size_t text_compact_other_size(const char *p, const char *e);

#endif
