/*
 * review.c - a move of a game valued against the player's best
 * (2048-review; 2048-play's review, which so agrees with its hint): the
 * player's figures for each legal move and what kind they are, the loss
 * of the move played and its judgement (see cli.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *judgements[CLI_NJUDGEMENTS] = { "best", "inaccuracy",
    "mistake", "blunder" };

const char *
cli_judgement_name(enum cli_judgement j)
{
	return judgements[j];
}

/* The search alone, with the player's setting: the figures of a position
 * where a chain table chose a move that was not played. */
static g2048_player *
searching_player(g2048_player **search, const g2048_player_opts *po)
{
	g2048_player_opts o = *po;
	char err[512];

	if (*search == NULL) {
		o.tables = NULL;
		o.chain = G2048_CHAIN_NONE;
		o.exact = 0;
		o.search.threads = o.other_search.threads = 1;
		if ((*search = g2048_player_new(&o, err, sizeof err)) == NULL)
			cli_die(2, "%s", err);
	}
	return *search;
}

void
cli_review_move(g2048_player *p, g2048_player **search,
    const g2048_player_opts *o, const g2048_board *b, int played,
    struct cli_reviewed *m)
{
	g2048_decision s;
	int d;

	memset(m, 0, sizeof *m);
	m->played = played;
	if (g2048_best_move(p, b, &m->r) == G2048_UNCOVERED) {
		m->uncovered = 1;
		return;
	}
	m->best = m->r.dir;
	m->valued = m->r.legal;
	m->kind = m->r.values;
	memcpy(m->value, m->r.value, sizeof m->value);
	if (m->kind == G2048_VALUES_CHAIN) {
		m->chain_prob = m->r.value[m->r.dir];
		m->valued = 1u << m->r.dir;
		/* the table values its own move alone: every other move
		 * played is valued by the search, the table's move still
		 * the best */
		if (played != m->r.dir) {
			g2048_best_move(searching_player(search, o), b, &s);
			memcpy(m->value, s.value, sizeof m->value);
			m->valued = s.legal;
			m->kind = G2048_VALUES_SEARCH;
			m->searched = 1;
		}
	}
	if ((d = m->best) < 0 || played == d)
		return;
	if ((m->loss = m->value[d] - m->value[played]) <= 0)
		m->loss = 0;
	else
		m->share = m->value[d] > 0 ? m->loss / m->value[d] : 1;
}

void
cli_judge_defaults(struct cli_judge *j)
{
	j->inaccuracy = CLI_SEARCH_NOISE_SHARE;
	j->exact_inaccuracy = CLI_EXACT_ROUNDING_SHARE;
	j->mistake = CLI_MISTAKE_SHARE;
	j->blunder = CLI_BLUNDER_SHARE;
}

enum cli_judgement
cli_judge(const struct cli_judge *j, const struct cli_reviewed *m)
{
	double equal = m->kind == G2048_VALUES_SEARCH ? j->inaccuracy :
	    j->exact_inaccuracy;

	if (m->loss <= 0 || m->share <= equal)
		return CLI_BEST;
	if (m->share >= j->blunder)
		return CLI_BLUNDER;
	if (m->share >= j->mistake)
		return CLI_MISTAKE;
	return CLI_INACCURACY;
}

int
cli_next_best(const g2048_decision *r)
{
	int d, next = -1;

	for (d = 0; d < G2048_NDIRS; d++)
		if ((r->legal >> d & 1) && d != r->dir &&
		    (next < 0 || r->value[d] > r->value[next]))
			next = d;
	return next;
}

const char *
cli_count(char *buf, size_t size, uint64_t n, const char *one,
    const char *many)
{
	snprintf(buf, size, "%llu %s", (unsigned long long)n,
	    n == 1 ? one : many);
	return buf;
}
