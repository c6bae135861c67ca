/* status.c - the status line of a long run (see cli.h): one line on
 * stderr, redrawn in place, only on a terminal. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define REDRAW_SECONDS 0.25

double
cli_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
cli_hms(char *buf, size_t size, double seconds)
{
	unsigned long t = seconds > 0 && seconds < 1e9 ?
	    (unsigned long)seconds : 0;

	if (t >= 3600)
		snprintf(buf, size, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60,
		    t % 60);
	else
		snprintf(buf, size, "%lu:%02lu", t / 60, t % 60);
}

void
cli_status_start(struct cli_status *s, int quiet)
{
	memset(s, 0, sizeof *s);
	s->on = !quiet && isatty(STDERR_FILENO);
	s->start = cli_now();
	s->last = s->start - REDRAW_SECONDS;
}

int
cli_status_due(struct cli_status *s)
{
	double t;

	if (!s->on)
		return 0;
	t = cli_now();
	if (t - s->last < REDRAW_SECONDS)
		return 0;
	s->last = t;
	return 1;
}

double
cli_status_elapsed(const struct cli_status *s)
{
	return cli_now() - s->start;
}

/* The terminal's width, less one column: a line that fills it would wrap
 * on some terminals, and "\r" would then redraw only its second half. */
static size_t
columns(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) < 0 || ws.ws_col < 2)
		return 79;
	return (size_t)ws.ws_col - 1;
}

void
cli_status_draw(struct cli_status *s, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int head, body;
	size_t len, width;

	if (!s->on)
		return;
	head = snprintf(line, sizeof line, "\r%s: ", progname);
	if (head < 0 || head >= (int)sizeof line)
		return;
	va_start(ap, fmt);
	body = vsnprintf(line + head, sizeof line - (size_t)head, fmt, ap);
	va_end(ap);
	if (body < 0)
		return;
	len = strlen(line);
	width = columns() + 1;      /* the "\r" takes no column */
	if (len > width)
		len = width;
	/* erase what a longer line left, in the same write */
	if (len + 3 < sizeof line)
		memcpy(line + len, "\033[K", 3);
	fwrite(line, 1, len + 3, stderr);
	fflush(stderr);
	s->drawn = 1;
}

void
cli_status_end(struct cli_status *s, int keep)
{
	if (s->on && s->drawn) {
		fputs(keep ? "\n" : "\r\033[K", stderr);
		fflush(stderr);
	}
	s->drawn = 0;
}
