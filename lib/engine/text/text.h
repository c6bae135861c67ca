/* text.h - internals shared by the writer, the parser and the reader. */
#ifndef G2048_TEXT_H
#define G2048_TEXT_H

#include <stddef.h>

#include "2048.h"

/* the compact form's rank digits: 0-9 then a (1024) to h (131072) */
#define G2048_RANK_DIGITS "0123456789abcdefgh"

int g2048_format_double(char *buf, size_t size, double v);

enum { FEEDER_IDLE = 0, FEEDER_HEADER, FEEDER_GRID };

/* What a line did to the board being parsed. */
enum { FEED_MORE, FEED_BOARD, FEED_ERROR };

struct g2048_feeder {
	int state;     /* FEEDER_IDLE, FEEDER_HEADER or FEEDER_GRID */
	int rows;      /* grid rows read */
	int seen;      /* known header keys read, a bit each */
};

void g2048_feeder_init(struct g2048_feeder *f);
/* Feed one line (without its newline; may hold NULs); *b collects the
 * board.  A FEED_BOARD means *b is complete. */
int g2048_feed_line(struct g2048_feeder *f, const char *line, size_t len,
    g2048_board *b, char *err, size_t errsize);
/* End of input: FEED_MORE if nothing was pending. */
int g2048_feed_end(struct g2048_feeder *f, g2048_board *b, char *err,
    size_t errsize);

#endif
