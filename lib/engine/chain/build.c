/*
 * build.c - every state of both chain tables computed, on threads that
 * take the index in chunks; a stop (a signal's flag) that the recursion
 * reads, so a stopped build keeps only finished states.
 */
#define _DEFAULT_SOURCE          /* madvise, where it exists */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "chain.h"

struct build {
	struct chain_table *t;
	atomic_ullong next, done;
	uint64_t total;
	void (*progress)(void *, uint64_t, uint64_t);
	void *arg;
	pthread_mutex_t lock;
};

#define BUILD_CHUNK ((uint64_t)1 << 16)

/* the state of index i: the block prefilled, the free ranks in radix */
static g2048_grid
state_of(const struct chain_table *t, uint64_t i)
{
	const struct chain_layout *l = t->l;
	g2048_grid g = { 0, 0 };
	int k;

	for (k = 0; k < l->nblock; k++)
		g = g2048_set_rank(g, l->block[k], l->prefill[k]);
	for (k = l->nfree - 1; k >= 0; k--) {
		g = g2048_set_rank(g, l->free[k], (int)(i % (uint64_t)l->radix[k]));
		i /= (uint64_t)l->radix[k];
	}
	return g;
}

static void *
build_worker(void *arg)
{
	struct build *b = arg;
	uint64_t i, start, end, done;
	int dir;

	for (;;) {
		start = atomic_fetch_add(&b->next, BUILD_CHUNK);
		if (start >= b->t->n || (b->t->stop && *b->t->stop))
			return NULL;
		end = start + BUILD_CHUNK < b->t->n ? start + BUILD_CHUNK :
		    b->t->n;
		for (i = start; i < end; i++)
			if (chain_value(b->t, state_of(b->t, i), &dir) < 0)
				return NULL;
		done = atomic_fetch_add(&b->done, end - start) + end - start;
		if (b->progress) {
			pthread_mutex_lock(&b->lock);
			b->progress(b->arg, done < b->total ? done : b->total,
			    b->total);
			pthread_mutex_unlock(&b->lock);
		}
	}
}

/* A table's entries in memory, to be computed whole, in huge pages
 * where the system has them: they are read at random over gigabytes,
 * each read a miss of the TLB with pages of 4 KiB (a file's or a
 * cache's mapping is left as it is). */
static void
huge_pages(const struct chain_table *t)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE),
	    a = ((uintptr_t)t->e + page - 1) / page * page,
	    b = ((uintptr_t)(t->e + t->n)) / page * page;

	if (t->map == NULL && t->cache == NULL && b > a)
		madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
	(void)t;
#endif
}

int
g2048_chain_build(g2048_chain *c, int threads,
    void (*progress)(void *arg, uint64_t done, uint64_t total), void *arg,
    const volatile sig_atomic_t *stop)
{
	struct chain_table *tables[2] = { &c->five, &c->six };
	pthread_t th[64];
	struct build b;
	int k, i, started;

	if (threads < 1)
		threads = 1;
	if (threads > 64)
		threads = 64;
	for (k = 0; k < 2; k++) {
		memset(&b, 0, sizeof b);
		b.t = tables[k];
		huge_pages(b.t);
		b.total = c->five.n + c->six.n;
		atomic_init(&b.next, 0);
		atomic_init(&b.done, k ? c->five.n : 0);
		b.t->stop = stop;
		b.progress = progress;
		b.arg = arg;
		pthread_mutex_init(&b.lock, NULL);
		for (started = 0; started < threads; started++)
			if (pthread_create(&th[started], NULL, build_worker,
			    &b) != 0)
				break;
		if (started == 0)
			build_worker(&b);
		for (i = 0; i < started; i++)
			pthread_join(th[i], NULL);
		pthread_mutex_destroy(&b.lock);
		b.t->stop = NULL;
		if (stop && *stop)
			return g2048_chain_error(c, NULL, 0) ? -1 : 1;
	}
	return g2048_chain_error(c, NULL, 0) ? -1 : 0;
}
