/* status.c - the status line of a long run (see cli.h): one line on
 * stderr, redrawn in place, only on a terminal. */
#include <math.h>
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

/*
 * The length of text cut to fit width columns: whole fields only, the
 * fields being what two spaces or more separate ("games 3/10  0:07
 * elapsed"), so that no number is cut; a first field wider than the
 * terminal is cut where it must be.
 */
size_t
cli_status_fit(const char *text, size_t width)
{
	size_t len = strlen(text), i, fit = 0;

	if (len <= width)
		return len;
	for (i = 1; i + 1 < len && i <= width; i++)
		if (text[i] == ' ' && text[i + 1] == ' ' && text[i - 1] != ' ')
			fit = i;
	return fit ? fit : width;
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
	width = columns() + 1;      /* the "\r" takes no column */
	len = width > (size_t)head ? (size_t)head +
	    cli_status_fit(line + head, width - (size_t)head) : width;
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

double
cli_eta_left(struct cli_eta *e, double elapsed, double done, double all)
{
	double total, tau;

	if (!(done > 0) || !(all > 0) || !(elapsed > 0))
		return -1;
	/* the total time at the rate so far */
	total = done >= all ? elapsed : elapsed * all / done;
	if (!e->have) {
		e->total = total;
		e->have = 1;
	} else if (elapsed > e->at) {
		/* smoothed over a quarter of the time gone (1 s to a
		 * minute): quick at first, steady in a long run */
		tau = elapsed / 4;
		tau = tau < 1 ? 1 : tau > 60 ? 60 : tau;
		e->total += (1 - exp(-(elapsed - e->at) / tau)) *
		    (total - e->total);
	}
	e->at = elapsed;
	return e->total > elapsed ? e->total - elapsed : 0;
}

double
cli_games_left(struct cli_eta *e, double elapsed, uint64_t finished,
    uint64_t of, uint64_t moves, uint64_t moves_finished, int playing)
{
	double in_play = (double)(moves - moves_finished), mean, left;

	if (finished >= of)
		return 0;
	/* none finished: a guess that grows with every move, not shown */
	if (finished == 0 || moves == 0)
		return -1;
	/* a game's expected moves: a game in play is on average half way
	 * (the finished games alone are the short ones, early in a run) */
	mean = ((double)moves_finished + 2 * in_play) /
	    (double)(finished + (uint64_t)playing);
	left = (double)of * mean - (double)moves;
	return cli_eta_left(e, elapsed, (double)moves,
	    (double)moves + (left > 0 ? left : 0));
}
