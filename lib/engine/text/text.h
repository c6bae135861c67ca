/*
 * text.h - the text room's internals: the compact form's digits, which
 * the writer and the parser share, and the parser's line by line feeder,
 * which the reader drives.  Its public side (boards in text, streams of
 * boards, the safe file writer) is in 2048.h.  Internal to lib/engine/.
 */
#ifndef G2048_TEXT_H
#define G2048_TEXT_H

#include <stddef.h>

#include "2048.h"

/* the compact form's rank digits: 0-9, then a (1024) to z (2^35), then A
 * (2^36) to Z (2^61); a 4x4 board's reach h (131072) */
#define TEXT_RANK_DIGITS \
	"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* ---- parse.c ----------------------------------------------------------- */

/* Where the parser is in a board. */
enum { TEXT_FEEDER_IDLE = 0, TEXT_FEEDER_HEADER, TEXT_FEEDER_GRID };

/* What a line did to the board being parsed. */
enum { TEXT_FEED_MORE, TEXT_FEED_BOARD, TEXT_FEED_ERROR };

struct text_feeder {
	int state;     /* TEXT_FEEDER_IDLE, _HEADER or _GRID */
	int rows;      /* grid rows read */
	int cols;      /* cells in each, from the first */
	int max_rank;  /* the largest tile's, checked against the size's cap
	                  once the grid is whole */
	unsigned long max_at;    /* fed at the first row holding it */
	int seen;      /* known header keys read, a bit each */
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

#endif
