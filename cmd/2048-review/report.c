/*
 * report.c - what a review says: a move's line (the move played, the
 * best, each legal move's figure and what kind of figure it is, the
 * loss and its judgement), the board of a mistake, and the summary; as
 * text for a person or as JSON Lines.
 */
#include <stdlib.h>
#include <string.h>

#include "review.h"

static const char *
dir_name(int d)
{
	return g2048_dir_name((enum g2048_dir)d);
}

static int
kind_is_exact(enum g2048_values k)
{
	return k != G2048_VALUES_SEARCH;
}

/* A figure as text: exact ones as 2048-table prints them (%.10g),
 * the search's with 3 decimals (as 2048-solve --explain). */
static void
figure(char *buf, size_t size, enum g2048_values k, double v)
{
	snprintf(buf, size, kind_is_exact(k) ? "%.10g" : "%.3f", v);
}

static const char *
kind_name(enum g2048_values k)
{
	static const char *names[] = { [G2048_VALUES_SEARCH] = "search",
	    [G2048_VALUES_PROB] = "probability",
	    [G2048_VALUES_SCORE] = "score", [G2048_VALUES_CHAIN] = "chain" };

	return names[k];
}

/* What the figures of p are, in words: by what they are, the table
 * named as the player names it. */
static void
describe(const struct review *rv, const struct position *p, char *buf,
    size_t size)
{
	const g2048_decision *r = &p->m.r;
	const char *by = g2048_source_name(r->source);
	const char *ev;

	switch (p->m.kind) {
	case G2048_VALUES_PROB:
		if (r->target)
			snprintf(buf, size, "exact probability of %lu (%s)",
			    (unsigned long)g2048_tile(r->target), r->table);
		else
			snprintf(buf, size, "exact probability of the %s's "
			    "target (%s)", by, r->table);
		break;
	case G2048_VALUES_SCORE:
		snprintf(buf, size, "exact expected score to come (%s)",
		    r->table ? r->table : "solved in memory");
		break;
	case G2048_VALUES_CHAIN:
		snprintf(buf, size, "chain probability, its move's alone (%s, "
		    "block of %d)", by, r->chain);
		break;
	default:
		ev = g2048_player_eval_for(rv->pl.player, &p->b) ==
		    rv->pl.eval ? rv->pl.evaluator : rv->pl.plain_evaluator;
		if (p->m.searched)
			snprintf(buf, size, "search value (%s); the %s chose "
			    "%s, probability %.10g", ev, by,
			    dir_name(p->m.best), p->m.chain_prob);
		else
			snprintf(buf, size, "search value (%s)", ev);
	}
}

/* The position of a move as the tools write boards, then a blank line
 * (text form): without its `move` key, the move before it, so that the
 * only move beside it is the one judged; whether the blank line was
 * written. */
static int
draw_position(const g2048_board *position)
{
	char buf[G2048_TEXT_MAX] = "";
	g2048_board b = *position;

	b.last_move = -1;
	if ((cli_out.compact ? g2048_format_compact : g2048_format)(&b, buf,
	    sizeof buf) < 0)
		return 0;
	fputs(buf, stdout);
	if (!cli_out.compact)
		putchar('\n');
	return !cli_out.compact;
}

/* A position's lines; whether they end with a blank line. */
static int
write_position(const struct review *rv, const struct position *p)
{
	char v[64], what[600];
	int d;

	printf("move %llu: %s", (unsigned long long)p->number,
	    dir_name(p->played));
	if (p->judged == CLI_BEST)
		printf(", best\n");
	else {
		figure(v, sizeof v, p->m.kind, p->m.loss);
		printf(", %s: loses %s (%.3g%%) to %s\n",
		    cli_judgement_name(p->judged), v, 100 * p->m.share,
		    dir_name(p->m.best));
	}
	printf(" ");
	for (d = 0; d < G2048_NDIRS; d++) {
		if (!(p->m.r.legal >> d & 1))
			snprintf(v, sizeof v, "-");
		else if (!(p->m.valued >> d & 1))
			snprintf(v, sizeof v, "?");
		else
			figure(v, sizeof v, p->m.kind, p->m.value[d]);
		printf(" %s %s", dir_name(d), v);
	}
	describe(rv, p, what, sizeof what);
	printf("  [%s]\n", what);
	return p->judged >= CLI_MISTAKE && draw_position(&p->b);
}

static int
max_tile_rank(const g2048_board *b)
{
	g2048_cells c;

	g2048_board_get_cells(b, &c);
	return g2048_cells_max_rank(&c);
}

static void
json_position(const struct review *rv, const struct position *p)
{
	const char *t = p->m.r.table;
	char what[600];
	int d, first = 1;
	int dec = kind_is_exact(p->m.kind) ? 10 : 3;

	printf("{\"move\":%llu,\"played\":\"%s\",\"best\":\"%s\","
	    "\"judgement\":\"%s\",\"loss\":", (unsigned long long)p->number,
	    dir_name(p->played), dir_name(p->m.best), cli_judgement_name(p->judged));
	cli_json_number(p->m.loss, dec);
	fputs(",\"share\":", stdout);
	cli_json_number(p->m.share, 6);
	fputs(",\"values\":{", stdout);
	for (d = 0; d < G2048_NDIRS; d++) {
		if (!(p->m.r.legal >> d & 1))
			continue;
		printf("%s\"%s\":", first ? "" : ",", dir_name(d));
		first = 0;
		if (p->m.valued >> d & 1)
			cli_json_number(p->m.value[d], dec);
		else
			fputs("null", stdout);
	}
	printf("},\"kind\":\"%s\",\"source\":\"%s\",\"table\":",
	    kind_name(p->m.kind), g2048_source_name(p->m.r.source));
	if (t)
		cli_json_string(t);
	else
		fputs("null", stdout);
	if (p->m.r.chain) {
		printf(",\"chain\":%d,\"chain_prob\":", p->m.r.chain);
		cli_json_number(p->m.chain_prob, 10);
	} else
		fputs(",\"chain\":null,\"chain_prob\":null", stdout);
	describe(rv, p, what, sizeof what);
	fputs(",\"what\":", stdout);
	cli_json_string(what);
	printf(",\"tile\":%lu}\n", (unsigned long)g2048_tile(
	    max_tile_rank(&p->b)));
}

/* Keep p among the largest losses: by share, the earlier first; a move
 * judged best loses nothing that counts. */
static void
keep_top(struct review *rv, const struct position *p)
{
	int i;

	if (rv->largest == 0 || p->judged == CLI_BEST)
		return;
	for (i = rv->ntop; i > 0 && rv->top[i - 1].m.share < p->m.share; i--)
		;
	if (i >= rv->largest)
		return;
	if (rv->ntop < rv->largest)
		rv->ntop++;
	memmove(&rv->top[i + 1], &rv->top[i],
	    (size_t)(rv->ntop - 1 - i) * sizeof *rv->top);
	rv->top[i] = *p;
}

void
report_position(struct review *rv, struct position *p)
{
	p->judged = cli_judge(&rv->judge, &p->m);
	rv->reviewed++;
	rv->count[p->judged]++;
	if (p->judged >= CLI_MISTAKE)
		rv->last_mistake = p->number;
	keep_top(rv, p);
	if (rv->only_mistakes && p->judged < CLI_MISTAKE)
		return;
	if (rv->threshold > 0 && p->m.share < rv->threshold)
		return;
	rv->written++;
	if (rv->json)
		json_position(rv, p);
	else
		rv->blank_last = write_position(rv, p);
}

static double
accuracy(const struct review *rv)
{
	return (double)rv->count[CLI_BEST] / (double)rv->reviewed;
}

/* The counts of the judgements below best, in words. */
static void
write_counts(const struct review *rv)
{
	char w[3][64];

	printf("%s, %s, %s", cli_count(w[0], sizeof w[0],
	    rv->count[CLI_INACCURACY], "inaccuracy", "inaccuracies"),
	    cli_count(w[1], sizeof w[1], rv->count[CLI_MISTAKE], "mistake",
	    "mistakes"), cli_count(w[2], sizeof w[2],
	    rv->count[CLI_BLUNDER], "blunder", "blunders"));
}

static void
write_summary(struct review *rv)
{
	char v[64];
	int i;

	if (rv->reviewed == 0) {
		printf("no move reviewed: %s\n", rv->boards == 0 ? "no board" :
		    rv->boards == 1 ? "a game of one board has no move" :
		    "no move valued");
		return;
	}
	printf("%sreviewed %s: accuracy %.1f%% (%llu best), ",
	    rv->written && !rv->blank_last ? "\n" : "", cli_count(v, sizeof v, rv->reviewed,
	    "move", "moves"), 100 * accuracy(rv),
	    (unsigned long long)rv->count[CLI_BEST]);
	write_counts(rv);
	putchar('\n');
	if (rv->over && rv->last_mistake)
		printf("decided at move %llu, the last mistake before the "
		    "game was lost\n", (unsigned long long)rv->last_mistake);
	else if (rv->over)
		printf("lost without a mistake: the spawns decided\n");
	if (rv->ntop)
		printf("largest loss%s:\n", rv->ntop > 1 ? "es" : "");
	for (i = 0; i < rv->ntop; i++) {
		figure(v, sizeof v, rv->top[i].m.kind, rv->top[i].m.loss);
		printf("move %llu: %s for %s loses %s (%.3g%%, %s), largest "
		    "tile %lu\n", (unsigned long long)rv->top[i].number,
		    dir_name(rv->top[i].played), dir_name(rv->top[i].m.best), v,
		    100 * rv->top[i].m.share, kind_name(rv->top[i].m.kind),
		    (unsigned long)g2048_tile(max_tile_rank(&rv->top[i].b)));
		draw_position(&rv->top[i].b);
	}
}

static void
json_summary(struct review *rv)
{
	int i;

	printf("{\"summary\":true,\"moves\":%llu,\"accuracy\":",
	    (unsigned long long)rv->reviewed);
	if (rv->reviewed)
		cli_json_number(accuracy(rv), 6);
	else
		fputs("null", stdout);
	printf(",\"best\":%llu,\"inaccuracies\":%llu,\"mistakes\":%llu,"
	    "\"blunders\":%llu,\"over\":%s,\"decided\":",
	    (unsigned long long)rv->count[CLI_BEST],
	    (unsigned long long)rv->count[CLI_INACCURACY],
	    (unsigned long long)rv->count[CLI_MISTAKE],
	    (unsigned long long)rv->count[CLI_BLUNDER],
	    rv->over ? "true" : "false");
	if (rv->over && rv->last_mistake)
		printf("%llu", (unsigned long long)rv->last_mistake);
	else
		fputs("null", stdout);
	fputs(",\"largest\":[", stdout);
	for (i = 0; i < rv->ntop; i++) {
		printf("%s{\"move\":%llu,\"played\":\"%s\",\"best\":\"%s\","
		    "\"loss\":", i ? "," : "", (unsigned long long)
		    rv->top[i].number, dir_name(rv->top[i].played),
		    dir_name(rv->top[i].m.best));
		cli_json_number(rv->top[i].m.loss, kind_is_exact(rv->top[i].m.kind) ?
		    10 : 3);
		fputs(",\"share\":", stdout);
		cli_json_number(rv->top[i].m.share, 6);
		printf(",\"kind\":\"%s\",\"tile\":%lu}",
		    kind_name(rv->top[i].m.kind), (unsigned long)g2048_tile(
		    max_tile_rank(&rv->top[i].b)));
	}
	fputs("]}\n", stdout);
}

void
report_summary(struct review *rv)
{
	if (rv->json)
		json_summary(rv);
	else
		write_summary(rv);
}
