/*
 * value.c - a chain table state's value, the recursion (memo.c says
 * what a state and its value are): the caps and goals as masks where the
 * block is the prefilled one (struct chain_fast), a spawn's index as its
 * parent's plus its weight, the entries a move's spawns ask for fetched
 * ahead; and the helpers, threads that walk one state's recursion
 * together, each taking the spawns in its own order.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"

static const double spawn_odds[2] = { 0.9, 0.1 };  /* a 2, a 4 */

#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

size_t
chain_state_index(const struct chain_table *t, g2048_grid g)
{
	const struct chain_layout *l = t->l;
	size_t v = 0;
	int i;

	for (i = 0; i < l->nfree; i++)
		v = v * (size_t)l->radix[i] + (size_t)g2048_rank(g, l->free[i]);
	return v;
}

/* chain_state_index of a grid whose hi is 0: each free rank's weight */
static size_t
fast_index(const struct chain_table *t, uint64_t lo)
{
	const struct chain_layout *l = t->l;
	size_t v = 0;
	int i;

	for (i = 0; i < l->nfree; i++)
		v += (size_t)(lo >> (4 * l->free[i]) & 0xF) * t->fast.stride[i];
	return v;
}

/* chain_regular's caps, the block the prefilled one (struct chain_fast):
 * a byte holds a cell's rank, at most 15, plus 15 less its cap: its bit
 * 4 is set where the rank passes the cap, and no byte carries */
static int
fast_over_cap(const struct chain_fast *f, uint64_t lo)
{
	const uint64_t m = 0x0F0F0F0F0F0F0F0FULL;

	return (((lo & m) + f->cap_add[0]) & f->cap_bit[0]) != 0 ||
	    ((((lo >> 4) & m) + f->cap_add[1]) & f->cap_bit[1]) != 0;
}

static int
fast_goal(const struct chain_fast *f, uint64_t lo)
{
	int j;

	for (j = 0; j < f->ngoals; j++)
		if ((lo & f->goal_mask[j]) == f->goal_want[j])
			return 1;
	return 0;
}

/* How a thread walks the recursion: a helper takes the spawns' cells
 * from the rot-th of ways parts of them first, so that helpers part
 * ways (each state's value is then computed in the one order, the same
 * whoever computes it), and halt, a helper's: once set, nothing more is
 * computed. */
struct walk {
	int rot, ways;
	const atomic_int *halt;
};

static const struct walk alone = { 0, 1, NULL };

static double value_at(struct chain_table *, g2048_grid, size_t, int *,
    const struct walk *);

/* the mean over the spawns in the free cells of n (after a move), ni
 * its index: a spawn of rank k in free cell i adds k times its weight;
 * the entries asked are fetched ahead, as each is a cache miss */
static double
spawns_value(struct chain_table *t, g2048_grid n, size_t ni,
    const struct walk *w)
{
	const struct chain_layout *l = t->l;
	const size_t *stride = t->fast.stride;
	double sum[2] = { 0, 0 }, v;
	int cells[CHAIN_FREE_MAX];
	int i, j, k, m = 0, dir;

	for (i = 0; i < l->nfree; i++)
		if (g2048_rank(n, l->free[i]) == 0) {
			cells[m++] = i;
			if (t->e != NULL) {
				PREFETCH(&t->e[ni + stride[i]]);
				PREFETCH(&t->e[ni + 2 * stride[i]]);
			}
		}
	/* a helper: the spawns computed first in its own order */
	for (j = 0; w->rot && j < m; j++) {
		i = cells[(j + w->rot * m / w->ways) % m];
		for (k = 0; k < 2; k++)
			if (value_at(t, g2048_set_rank(n, l->free[i], k + 1),
			    ni + (size_t)(k + 1) * stride[i], &dir, w) < 0)
				return -1;
	}
	for (j = 0; j < m; j++) {
		i = cells[j];
		for (k = 0; k < 2; k++) {
			v = value_at(t, g2048_set_rank(n, l->free[i], k + 1),
			    ni + (size_t)(k + 1) * stride[i], &dir, w);
			if (v < 0)
				return -1;
			sum[k] += v;
		}
	}
	return m ? (spawn_odds[0] * sum[0] + spawn_odds[1] * sum[1]) / m : 0;
}

/* the value of moving g toward d: -2 if the move changes nothing, -1
 * if the build stopped */
static double
move_value(struct chain_table *t, g2048_grid g, int d, const struct walk *w)
{
	const struct chain_fast *f = &t->fast;
	g2048_grid n = g;

	if (g2048_move(&n, (enum g2048_dir)d) < 0)
		return -2;
	if ((n.lo & t->block_mask) != (g.lo & t->block_mask))
		return 0;
	if (f->ok && n.hi == 0 && (n.lo & t->block_mask) == f->block) {
		if (fast_over_cap(f, n.lo))
			return 0;
		return fast_goal(f, n.lo) ? 1 :
		    spawns_value(t, n, fast_index(t, n.lo), w);
	}
	if (!chain_regular(t->l, n))
		return 0;
	return chain_goal(t->l, n) ? 1 :
	    spawns_value(t, n, chain_state_index(t, n), w);
}

/* block b of a file's table checked (under the table's lock, so never
 * while a thread writes into it): 0, or nonzero if a block failed */
uint64_t
chain_check_block(struct chain_table *t, uint64_t b)
{
	if (atomic_load_explicit(&t->blocks->seen[b >> 6],
	    memory_order_acquire) >> (b & 63) & 1)
		return blocks_bad(t->blocks);
	pthread_mutex_lock(&t->check_lock);
	blocks_touch(t->blocks, b);
	pthread_mutex_unlock(&t->check_lock);
	return blocks_bad(t->blocks);
}

/* state i's block marked written (in memory) */
static void
mark_written(struct chain_table *t, size_t i)
{
	uint64_t b = (uint64_t)i * 2 / CHAIN_BLOCK, bit = (uint64_t)1 << (b & 63);

	if (t->written && !(atomic_load_explicit(&t->written[b >> 6],
	    memory_order_relaxed) & bit))
		atomic_fetch_or_explicit(&t->written[b >> 6], bit,
		    memory_order_relaxed);
}

int
chain_block_written(const struct chain_table *t, uint64_t b)
{
	return t->written == NULL || atomic_load_explicit(&t->written[b >> 6],
	    memory_order_relaxed) >> (b & 63) & 1;
}

/* chain_value of g, i its index */
static double
value_at(struct chain_table *t, g2048_grid g, size_t i, int *dir,
    const struct walk *w)
{
	unsigned e;
	double best = 0, v;
	unsigned q;
	int d, bestdir = 0;

	/* a digest's state it lacks has no chance here: nothing computed */
	if (t->dg) {
		e = chain_digest_entry(t, i);
		*dir = e ? (int)((e - 1) & 3) : 0;
		return e ? (double)((e - 1) >> 2) / CHAIN_Q : 0;
	}
	/* a file's block is checked before its first read or write; a
	 * corrupt one decides nothing (g2048_chain_error says so); a
	 * cache's is computed again */
	if (t->cache)
		chain_cache_touch(t, i * 2 / CHAIN_BLOCK);
	else if (t->blocks && chain_check_block(t, i * 2 / CHAIN_BLOCK)) {
		*dir = 0;
		return 0;
	}
	e = atomic_load_explicit(&t->e[i], memory_order_relaxed);
	/* packed tables beneath a cache hold most states a game's
	 * recursion meets: what they hold is not computed */
	if (e == 0 && t->under && t->under->dg_packed)
		e = chain_digest_entry(t->under, i);
	if (e == 0) {
		if ((t->stop && *t->stop) || (w->halt &&
		    atomic_load_explicit(w->halt, memory_order_relaxed)))
			return -1;
		/* a sure move ends the search: no later move beats 1 */
		for (d = 0; d < G2048_NDIRS && best < 1; d++) {
			if ((v = move_value(t, g, d, w)) == -1)
				return -1;
			if (v > best) {
				best = v;
				bestdir = d;
			}
		}
		q = (unsigned)lround(best * CHAIN_Q);
		e = 1 + (q << 2 | (unsigned)bestdir);
		atomic_store_explicit(&t->e[i], (uint16_t)e,
		    memory_order_relaxed);
		mark_written(t, i);
		atomic_fetch_add_explicit(&t->computed, 1,
		    memory_order_relaxed);
		if (w->rot)
			atomic_fetch_add_explicit(&t->helped, 1,
			    memory_order_relaxed);
		if (t->cache)
			chain_cache_computed(t, i);
	}
	*dir = (int)((e - 1) & 3);
	return (double)((e - 1) >> 2) / CHAIN_Q;
}

double
chain_value(struct chain_table *t, g2048_grid g, int *dir)
{
	return value_at(t, g, chain_state_index(t, g), dir, &alone);
}

/* A helper of a state's recursion: the same state, its own walk. */
struct helper {
	struct chain_table *t;
	g2048_grid g;
	size_t i;
	struct walk w;
	pthread_t thread;
};

static void *
help(void *arg)
{
	struct helper *h = arg;
	int dir;

	value_at(h->t, h->g, h->i, &dir, &h->w);
	return NULL;
}

/*
 * chain_value of g, i its index, a state not computed yet: the threads
 * the table may use (g2048_chain_set_threads) that no other recursion
 * holds walk it together, each in its own order, till this thread has
 * it.  A helper's states are exact as any; those it has begun are
 * dropped when it halts.
 */
double
chain_value_helped(struct chain_table *t, g2048_grid g, size_t i, int *dir)
{
	struct helper h[CHAIN_THREADS_MAX];
	atomic_int halt;
	double v;
	int n = 0, k, ways;

	ways = t->threads - atomic_fetch_add(&t->walkers, 1);
	if (ways > CHAIN_THREADS_MAX)
		ways = CHAIN_THREADS_MAX;
	atomic_init(&halt, 0);
	for (k = 1; k < ways; k++) {
		h[n].t = t;
		h[n].g = g;
		h[n].i = i;
		h[n].w.rot = k;
		h[n].w.ways = ways;
		h[n].w.halt = &halt;
		if (pthread_create(&h[n].thread, NULL, help, &h[n]) != 0)
			break;
		atomic_fetch_add(&t->walkers, 1);
		n++;
	}
	v = value_at(t, g, i, dir, &alone);
	atomic_store(&halt, 1);
	for (k = 0; k < n; k++) {
		pthread_join(h[k].thread, NULL);
		atomic_fetch_sub(&t->walkers, 1);
	}
	atomic_fetch_sub(&t->walkers, 1);
	return v;
}

void
chain_fast_init(struct chain_table *t)
{
	const struct chain_layout *l = t->l;
	struct chain_fast *f = &t->fast;
	g2048_grid g = { 0, 0 };
	uint64_t mask, want;
	int i, j, a, ag, cap, cell, r, ok;

	memset(f, 0, sizeof *f);
	f->stride[l->nfree - 1] = 1;
	for (i = l->nfree - 2; i >= 0; i--)
		f->stride[i] = f->stride[i + 1] * (size_t)l->radix[i + 1];
	for (i = 0; i < l->nblock; i++)
		g = g2048_set_rank(g, l->block[i], l->prefill[i]);
	f->block = g.lo;
	/* the anchor in the block: the prefilled one's, fixed */
	ok = g.hi == 0 && chain_regular(l, g);
	a = 16;
	for (i = 0; i < l->nanchor; i++) {
		for (j = 0; j < l->nblock && l->block[j] != l->anchor[i]; j++)
			continue;
		ok = ok && j < l->nblock;
		if ((r = g2048_rank(g, l->anchor[i])) < a)
			a = r;
	}
	ag = a - l->goal_shift < l->anchor_max ? a - l->goal_shift :
	    l->anchor_max;
	if (a > l->anchor_max)
		a = l->anchor_max;
	for (i = 0; i < l->nfree; i++) {
		cap = l->cap[i] >= CHAIN_ABS ? l->cap[i] - CHAIN_ABS :
		    a + l->cap[i];
		cell = l->free[i];
		ok = ok && cap >= 0 && cap <= 15;
		f->cap_add[cell & 1] |= (uint64_t)((15 - cap) & 0xF) <<
		    (8 * (cell / 2));
		f->cap_bit[cell & 1] |= (uint64_t)0x10 << (8 * (cell / 2));
	}
	/* a goal of a rank no cell of hi 0 holds is never met */
	for (i = 0; i < l->ngoals; i++) {
		mask = want = 0;
		for (j = 0; j < l->goal_len[i]; j++) {
			cell = l->goal[i][j].cell;
			r = ag + l->goal[i][j].off;
			if (r < 0 || r > 15 || ((mask >> (4 * cell) & 0xF) != 0 &&
			    (want >> (4 * cell) & 0xF) != (uint64_t)r))
				break;
			mask |= (uint64_t)0xF << (4 * cell);
			want |= (uint64_t)r << (4 * cell);
		}
		if (j == l->goal_len[i]) {
			f->goal_mask[f->ngoals] = mask;
			f->goal_want[f->ngoals++] = want;
		}
	}
	f->ok = ok;
}
