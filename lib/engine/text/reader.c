/* reader.c - boards from a file descriptor, in constant memory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "text.h"

#define READ_BUF 65536

struct g2048_reader {
	int fd;
	const char *name;          /* for the caller's messages */
	unsigned long lineno;      /* lines read so far; an error's line */
	unsigned long board_line;  /* first line of the last board read */
	char err[256];             /* last error, without name and line */
	void (*before_read)(void);
	struct text_feeder f;     /* the parser's state between boards */
	int eof;
	size_t pos, end;
	char buf[READ_BUF];
};

g2048_reader *
g2048_reader_new(int fd, const char *name)
{
	g2048_reader *rd;

	/* the buffer is not cleared: only bytes read are looked at */
	if ((rd = malloc(sizeof *rd)) == NULL)
		return NULL;
	text_feeder_init(&rd->f);
	rd->fd = fd;
	rd->name = name;
	rd->before_read = NULL;
	rd->lineno = 0;
	rd->board_line = 0;
	rd->err[0] = '\0';
	rd->eof = 0;
	rd->pos = rd->end = 0;
	return rd;
}

void
g2048_reader_free(g2048_reader *rd)
{
	free(rd);
}

void
g2048_reader_before_read(g2048_reader *rd, void (*fn)(void))
{
	rd->before_read = fn;
}

const char *
g2048_reader_name(const g2048_reader *rd)
{
	return rd->name;
}

const char *
g2048_reader_error(const g2048_reader *rd)
{
	return rd->err;
}

unsigned long
g2048_reader_line(const g2048_reader *rd)
{
	/* an error about an earlier line of the board names that line */
	return rd->lineno - rd->f.err_back;
}

unsigned long
g2048_reader_board_line(const g2048_reader *rd)
{
	return rd->board_line;
}

/* The next line in *line (not NUL-terminated); 1, 0 at end, -1 error. */
static int
next_line(g2048_reader *rd, const char **line, size_t *len)
{
	for (;;) {
		char *start = rd->buf + rd->pos;
		char *nl = memchr(start, '\n', rd->end - rd->pos);
		ssize_t n;

		if (nl || (rd->eof && rd->pos < rd->end)) {
			*line = start;
			*len = nl ? (size_t)(nl - start) : rd->end - rd->pos;
			rd->pos += *len + (nl != NULL);
			rd->lineno++;
			if (*len > G2048_LINE_MAX)
				goto too_long;
			return 1;
		}
		if (rd->eof)
			return 0;
		if (rd->pos > 0) {
			memmove(rd->buf, start, rd->end - rd->pos);
			rd->end -= rd->pos;
			rd->pos = 0;
		}
		if (rd->end > G2048_LINE_MAX) {
			rd->lineno++;
			goto too_long;
		}
		if (rd->before_read)
			rd->before_read();
		n = read(rd->fd, rd->buf + rd->end, sizeof rd->buf - rd->end);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(rd->err, sizeof rd->err, "%s", strerror(errno));
			rd->lineno = 0;
			return -1;
		}
		if (n == 0)
			rd->eof = 1;
		rd->end += (size_t)n;
	}
too_long:
	snprintf(rd->err, sizeof rd->err, "line longer than %d bytes",
	    G2048_LINE_MAX);
	return -1;
}

int
g2048_read(g2048_reader *rd, g2048_board *b)
{
	struct text_feeder f = rd->f;
	const char *line;
	size_t len;
	int r, more;

	do {
		int idle = f.state == TEXT_FEEDER_IDLE;

		more = next_line(rd, &line, &len);
		if (more < 0)
			return -1;
		if (more)
			r = text_feed_line(&f, line, len, b, rd->err, sizeof rd->err);
		else
			r = text_feed_end(&f, b, rd->err, sizeof rd->err);
		if (idle && (f.state != TEXT_FEEDER_IDLE || r == TEXT_FEED_BOARD))
			rd->board_line = rd->lineno;
	} while (more && r == TEXT_FEED_MORE);
	rd->f = f;
	if (r == TEXT_FEED_ERROR)
		return -1;
	return r == TEXT_FEED_BOARD;
}
