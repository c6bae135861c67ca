/*
 * review.c - the words of 2048-play's review (v, and a game's end): its
 * summary in forms from the whole to the shortest, so that the message
 * line shows the most it can in the window, the accuracy and the worst
 * move first, the worst move to the last (and that the game is over to
 * the last but one).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "play.h"

enum { BEST, INACCURACY, MISTAKE, BLUNDER };

/* Another form of a message after those in buf (a line each). */
static void
add_form(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len > 0 && len + 1 < size)
		buf[len++] = '\n';
	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* "N word", the word for n: one's or many's */
static const char *
count(char *buf, size_t size, uint64_t n, const char *one, const char *many)
{
	snprintf(buf, size, "%llu %s", (unsigned long long)n,
	    n == 1 ? one : many);
	return buf;
}

void
play_review_text(char *buf, size_t size, const struct play_review_tally *t,
    int over)
{
	const char *game_over = over ? "Game over!  " : "";
	char moves[32], acc[16], in[40], mi[40], bl[40];
	char worst[64] = "", worst_move[32] = "";

	buf[0] = '\0';
	if (t->done == 0) {
		add_form(buf, size, "%sNo move reviewed.", game_over);
		return;
	}
	count(moves, sizeof moves, t->done, "move", "moves");
	snprintf(acc, sizeof acc, "%.1f%%", 100.0 * (double)t->count[BEST] /
	    (double)t->done);
	count(in, sizeof in, t->count[INACCURACY], "inaccuracy",
	    "inaccuracies");
	count(mi, sizeof mi, t->count[MISTAKE], "mistake", "mistakes");
	count(bl, sizeof bl, t->count[BLUNDER], "blunder", "blunders");
	if (t->worst_move) {
		snprintf(worst, sizeof worst, "; worst: move %llu, %s for %s",
		    (unsigned long long)t->worst_move,
		    g2048_dir_name((enum g2048_dir)t->worst_played),
		    g2048_dir_name((enum g2048_dir)t->worst_best));
		snprintf(worst_move, sizeof worst_move, "worst: move %llu",
		    (unsigned long long)t->worst_move);
	}
	add_form(buf, size, "%sReview of %s: accuracy %s (%llu best), %s, "
	    "%s, %s%s", game_over, moves, acc,
	    (unsigned long long)t->count[BEST], in, mi, bl, worst);
	add_form(buf, size, "%sAccuracy %s of %s%s; %s, %s, %s", game_over,
	    acc, moves, worst, bl, mi, in);
	add_form(buf, size, "%sAccuracy %s of %s%s; %s, %s", game_over, acc,
	    moves, worst, bl, mi);
	add_form(buf, size, "%sAccuracy %s%s", game_over, acc, worst);
	if (t->worst_move) {
		add_form(buf, size, "%s%s; %s", over ? "Game over! " : "", acc,
		    worst_move);
		add_form(buf, size, "%s", worst_move);
	} else
		add_form(buf, size, "%sAccuracy %s", over ? "Game over! " : "",
		    acc);
}
