/*
 * words.c - a decision in words, the one vocabulary of every tool: the
 * word of what decided (the JSON key `source' of 2048-solve and
 * 2048-review) and the phrase of 2048-solve --explain.  A new kind of
 * table is named here, and the tools say it as they say the others.
 */
#include <stdio.h>

#include "player.h"

static const char *const source_names[] = {
	[G2048_BY_SEARCH] = "search",
	[G2048_BY_BOARD_TABLE] = "board table",
	[G2048_BY_CHAIN] = "chain table",
	[G2048_BY_DIGEST] = "digest",
	[G2048_BY_PATTERN] = "pattern table",
	[G2048_BY_SOLVED] = "board solved",
#ifdef PLAYER_FAKE_TABLE
	[PLAYER_BY_FAKE] = "fake table",
#endif
};

const char *
g2048_source_name(enum g2048_source s)
{
	if ((unsigned)s >= sizeof source_names / sizeof source_names[0] ||
	    source_names[s] == NULL)
		return "search";
	return source_names[s];
}

void
g2048_decision_objective(const g2048_decision *d, char *buf, size_t size)
{
	if (d->values == G2048_VALUES_SCORE)
		snprintf(buf, size, "score");
	else
		snprintf(buf, size, "reach %lu", (unsigned long)
		    g2048_tile(d->target));
}

int
g2048_decision_text(const g2048_decision *d, uint64_t score, char *buf,
    size_t size)
{
	const char *name = g2048_source_name(d->source);
	double v = d->dir >= 0 ? d->value[d->dir] : 0;
	char obj[32];

	if (d->source == G2048_BY_SEARCH)
		return snprintf(buf, size, "search depth %d%s nodes %llu",
		    d->depth, d->deepened ? " (deepened)" : "",
		    (unsigned long long)d->nodes);
	if (d->values == G2048_VALUES_CHAIN)
		return snprintf(buf, size, "chain table of the block of %d%s, "
		    "probability %.6f", d->chain, d->source == G2048_BY_DIGEST ?
		    " (the digest)" : "", v);
	if (d->rows == 0)
		return snprintf(buf, size, "%s %s probability %.6f", name,
		    d->table, v);
	g2048_decision_objective(d, obj, sizeof obj);
	if (d->values == G2048_VALUES_SCORE)
		return snprintf(buf, size, "%s %s (%dx%d, four %g, %s) exact: "
		    "expected score to come %.6f, final %.6f", name,
		    d->table ? d->table : "in memory",
		    d->rows, d->cols, d->four, obj, v, (double)score + v);
	return snprintf(buf, size, "%s %s (%dx%d, four %g, %s) exact: "
	    "probability %.6f", name, d->table, d->rows, d->cols, d->four,
	    obj, v);
}
