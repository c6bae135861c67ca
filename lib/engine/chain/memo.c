/*
 * memo.c - a chain table, memoised, and the pair a player consults.
 *
 * A state is the free cells' tiles just after a spawn, the block
 * prefilled with the layout's ranks (the anchor at its cap), so one
 * entry serves every block: its index is the free ranks in mixed radix.
 * Its value is the best over the moves that keep the block in place and
 * the board regular of 1 (the move makes a chain) or the mean over the
 * spawns in the free cells of their states' values; a move that breaks
 * the block or a cap is worth 0.  Sums of tiles only grow, so the
 * recursion ends; each state is computed once, its probability rounded
 * to 14 bits before any parent reads it, so a value is the same whoever
 * computes it first and in whatever order: threads share a table with
 * relaxed atomic entries and at worst compute a state twice.
 *
 * The entries are one calloc of the whole index (4.2 GB for the six, 2.4
 * for the five, of address space): the pages a game touches are the
 * memory it costs; or a file's private mapping (chainfile.c), its blocks
 * checked as states are read.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "grid.h"

/* Whether state i of t is held (by its entries or the digest beneath),
 * its block checked first. */
static int
held(struct chain_table *t, size_t i)
{
	if (t->dg)
		return 1;
	if (t->cache)
		chain_cache_touch(t, i * 2 / CHAIN_BLOCK);
	else if (t->blocks && chain_check_block(t, i * 2 / CHAIN_BLOCK))
		return 1;
	return atomic_load_explicit(&t->e[i], memory_order_relaxed) != 0 ||
	    (t->under && chain_digest_entry(t->under, i) != 0);
}

/* chain_value of a board's own state: what the digest beneath a cache
 * holds is not computed (asked here only, not in the recursion, where
 * the digest's few states would cost a search at every state) */
static double
top_value(struct chain_table *t, g2048_grid g, int *dir)
{
	size_t i = chain_state_index(t, g);
	unsigned e;

	if (t->under && atomic_load_explicit(&t->e[i],
	    memory_order_relaxed) == 0 &&
	    (e = chain_digest_entry(t->under, i)) != 0) {
		*dir = (int)((e - 1) & 3);
		return (double)((e - 1) >> 2) / CHAIN_Q;
	}
	if (t->threads > 1 && t->dg == NULL &&
	    atomic_load_explicit(&t->e[i], memory_order_relaxed) == 0)
		return chain_value_helped(t, g, i, dir);
	return chain_value(t, g, dir);
}

double
chain_suggest(struct chain_table *t, g2048_grid g, int *dir, size_t *index,
    struct chain_ask *ask)
{
	const struct chain_layout *l = t->l;
	double best = 0, v;
	int s, i, d, was;

	*dir = -1;
	for (s = 0; s < 8; s++) {
		g2048_grid h = grid_sym(s, g);

		if (!chain_regular(l, h) || chain_goal(l, h))
			continue;
		for (i = 0; i < l->nblock; i++)
			h = g2048_set_rank(h, l->block[i], l->prefill[i]);
		was = held(t, chain_state_index(t, h));
		if (!was && ask->lookup_only) {
			ask->missing = 1;
			continue;
		}
		if ((v = top_value(t, h, &d)) > best) {
			best = v;
			*dir = grid_sym_dir_back(s, d);
			ask->computed = !was;
			if (index)
				*index = chain_state_index(t, h);
		}
	}
	return best;
}


static void
table_init(struct chain_table *t, const struct chain_layout *l)
{
	int i;

	t->l = l;
	t->n = 1;
	for (i = 0; i < l->nfree; i++)
		t->n *= (size_t)l->radix[i];
	t->block_mask = 0;
	for (i = 0; i < l->nblock; i++)
		t->block_mask |= (uint64_t)0xF << (4 * l->block[i]);
	chain_fast_init(t);
	t->threads = 1;
	atomic_init(&t->walkers, 0);
	atomic_init(&t->helped, 0);
	atomic_init(&t->computed, 0);
}

g2048_chain *
chain_alloc_layouts(const struct chain_layout *five,
    const struct chain_layout *six)
{
	g2048_chain *c = calloc(1, sizeof *c);

	if (c != NULL) {
		table_init(&c->five, five);
		table_init(&c->six, six);
	}
	return c;
}

g2048_chain *
chain_alloc(void)
{
	return chain_alloc_layouts(&chain_five, &chain_six);
}

/* the words of t's bits of blocks written */
static size_t
written_words(const struct chain_table *t)
{
	return (size_t)(blocks_count(t->n * 2, CHAIN_BLOCK) + 63) / 64;
}

/* a context of these layouts' tables, their entries in memory */
static g2048_chain *
chain_new_layouts(const struct chain_layout *five,
    const struct chain_layout *six)
{
	g2048_chain *c = chain_alloc_layouts(five, six);

	if (c == NULL ||
	    (c->five.e = calloc(c->five.n, sizeof *c->five.e)) == NULL ||
	    (c->six.e = calloc(c->six.n, sizeof *c->six.e)) == NULL ||
	    (c->five.written = calloc(written_words(&c->five),
	    sizeof *c->five.written)) == NULL ||
	    (c->six.written = calloc(written_words(&c->six),
	    sizeof *c->six.written)) == NULL) {
		g2048_chain_free(c);
		return NULL;
	}
	return c;
}

g2048_chain *
g2048_chain_new(void)
{
	return chain_new_layouts(&chain_five, &chain_six);
}

g2048_chain *
g2048_chain_new_small(void)
{
	return chain_new_layouts(&chain_five_small, &chain_six_small);
}

int
g2048_chain_is_small(const g2048_chain *c)
{
	return c != NULL && c->six.l == &chain_six_small;
}

static void
table_free(struct chain_table *t)
{
	if (t->cache)
		chain_cache_free(t);
	else if (t->map)
		chain_table_unmap(t);
	else
		free((void *)t->e);
	free((void *)t->written);
}

void
g2048_chain_free(g2048_chain *c)
{
	if (c == NULL)
		return;
	if (c->digest) {            /* the tables' entries are the digest's */
		chain_digest_free(c->digest);
		free(c);
		return;
	}
	table_free(&c->five);
	table_free(&c->six);
	g2048_chain_free(c->beneath);
	free(c);
}

/* Table tab's move for g, if its probability is above min (and above 0)
 * and the move legal: the move, with r and *t set; else -1. */
static int
table_decides(g2048_chain *c, struct chain_table *tab, double min,
    g2048_grid g, g2048_chain_result *r, struct chain_table **t,
    size_t *index, struct chain_ask *ask)
{
	int d;

	ask->computed = 0;
	r->prob = chain_suggest(tab, g, &d, index, ask);
	if (r->prob < min || r->prob <= 0 || d < 0 ||
	    !(g2048_legal(g) >> d & 1) || g2048_chain_error(c, NULL, 0))
		return -1;
	r->computed = ask->computed;
	r->dir = d;
	r->block = tab == &c->five ? 5 : 6;
	*t = tab;
	return d;
}

int
chain_decide(g2048_chain *c, g2048_grid g, g2048_chain_result *r,
    struct chain_table **t, size_t *index, struct chain_ask *ask)
{
	memset(r, 0, sizeof *r);
	r->dir = -1;
	*t = NULL;
	if (g2048_chain_error(c, NULL, 0))
		return -1;
	if (table_decides(c, &c->five, G2048_CHAIN_FIVE_MIN, g, r, t, index,
	    ask) >= 0 ||
	    table_decides(c, &c->six, 0, g, r, t, index, ask) >= 0)
		return r->dir;
	r->prob = 0;
	return -1;
}

int
g2048_chain_move(g2048_chain *c, g2048_grid g, g2048_chain_result *r)
{
	struct chain_ask ask = { 0, 0, 0 };
	struct chain_table *t;

	return chain_decide(c, g, r, &t, NULL, &ask);
}

int
g2048_chain_lookup(g2048_chain *c, g2048_grid g, g2048_chain_result *r)
{
	struct chain_ask ask = { 1, 0, 0 };
	struct chain_table *t;
	int d = chain_decide(c, g, r, &t, NULL, &ask);

	r->missing = ask.missing;
	return d;
}

uint64_t
g2048_chain_states(const g2048_chain *c)
{
	return atomic_load(&((g2048_chain *)c)->five.computed) +
	    atomic_load(&((g2048_chain *)c)->six.computed);
}

void
g2048_chain_set_threads(g2048_chain *c, int threads)
{
	if (threads < 1)
		threads = 1;
	if (threads > CHAIN_THREADS_MAX)
		threads = CHAIN_THREADS_MAX;
	c->five.threads = c->six.threads = threads;
}

void
g2048_chain_set_stop(g2048_chain *c, const volatile sig_atomic_t *stop)
{
	c->five.stop = c->six.stop = stop;
}
