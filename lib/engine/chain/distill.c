/*
 * distill.c - making a chain digest (digest.c): the state that decided
 * each board handed in, counted, and the states most often met written.
 * The counts live in an open-addressed table that doubles as it fills;
 * what is written depends on the boards' multiset alone, not on their
 * order, so the same games give the same bytes on any number of threads.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chain.h"

struct distill_slot {
	uint64_t key;           /* 0: empty; else 1 + (six << 40 | index) */
	uint32_t count;
	uint16_t entry;
};

struct g2048_chain_distill {
	g2048_chain *tables;
	struct distill_slot *slot;
	size_t size, used;      /* size a power of two, used at most half */
	uint64_t boards, decided;
};

g2048_chain_distill *
g2048_chain_distill_new(g2048_chain *tables)
{
	g2048_chain_distill *d;

	/* a digest's states are the ones it kept: distil whole tables;
	 * a digest is of the real layouts */
	if (tables == NULL || tables->digest || tables->six.l != &chain_six ||
	    (d = calloc(1, sizeof *d)) == NULL)
		return NULL;
	d->tables = tables;
	d->size = 1 << 16;
	if ((d->slot = calloc(d->size, sizeof *d->slot)) == NULL) {
		free(d);
		return NULL;
	}
	return d;
}

void
g2048_chain_distill_free(g2048_chain_distill *d)
{
	if (d == NULL)
		return;
	free(d->slot);
	free(d);
}

static size_t
slot_of(uint64_t key, size_t size)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (size - 1);
}

static int
grow(g2048_chain_distill *d)
{
	struct distill_slot *old = d->slot, *s;
	size_t i, j, oldsize = d->size;

	if ((s = calloc(oldsize * 2, sizeof *s)) == NULL)
		return -1;
	d->slot = s;
	d->size = oldsize * 2;
	for (i = 0; i < oldsize; i++)
		if (old[i].key) {
			for (j = slot_of(old[i].key, d->size); s[j].key;
			    j = (j + 1) & (d->size - 1))
				;
			s[j] = old[i];
		}
	free(old);
	return 0;
}

int
g2048_chain_distill_add(g2048_chain_distill *d, g2048_grid g)
{
	struct chain_ask ask = { 0, 0, 0 };
	g2048_chain_result r;
	struct chain_table *t;
	size_t index, j;
	uint64_t key;

	d->boards++;
	if (chain_decide(d->tables, g, &r, &t, &index, &ask) < 0 || t == NULL)
		return g2048_chain_error(d->tables, NULL, 0) ? -1 : 0;
	d->decided++;
	if (2 * (d->used + 1) > d->size && grow(d) < 0)
		return -1;
	key = 1 + ((uint64_t)(t == &d->tables->six) << 40 | index);
	for (j = slot_of(key, d->size); d->slot[j].key && d->slot[j].key != key;
	    j = (j + 1) & (d->size - 1))
		;
	if (d->slot[j].key == 0) {
		d->slot[j].key = key;
		/* the state's own entry: its move in the table's corner */
		d->slot[j].entry = atomic_load_explicit(&t->e[index],
		    memory_order_relaxed);
		d->used++;
	}
	if (d->slot[j].count < UINT32_MAX)
		d->slot[j].count++;
	return 1;
}

void
g2048_chain_distill_counts(const g2048_chain_distill *d, uint64_t *boards,
    uint64_t *decided, uint64_t *states)
{
	*boards = d->boards;
	*decided = d->decided;
	*states = d->used;
}

/* the most met first, then by key: an order of the states alone */
static int
by_count(const void *a, const void *b)
{
	const struct distill_slot *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

static int
by_key(const void *a, const void *b)
{
	const struct distill_slot *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* the body: each table's indexes, then its entries, little-endian */
static unsigned char *
body_of(const struct distill_slot *s, size_t n, uint64_t n5)
{
	unsigned char *body = malloc(6 * n + 1), *p;
	uint64_t off, k, i;
	size_t j;

	if (body == NULL)
		return NULL;
	for (j = 0; j < n; j++) {
		k = j < n5 ? j : j - n5;
		off = j < n5 ? 0 : 6 * n5;
		p = body + off + 4 * k;
		i = (s[j].key - 1) & (((uint64_t)1 << 40) - 1);
		p[0] = (unsigned char)i;
		p[1] = (unsigned char)(i >> 8);
		p[2] = (unsigned char)(i >> 16);
		p[3] = (unsigned char)(i >> 24);
		p = body + off + 4 * (j < n5 ? n5 : n - n5) + 2 * k;
		p[0] = (unsigned char)s[j].entry;
		p[1] = (unsigned char)(s[j].entry >> 8);
	}
	return body;
}

int
g2048_chain_distill_save(g2048_chain_distill *d, uint64_t max_states,
    const char *path, char *err, size_t errsize)
{
	struct distill_slot *s;
	unsigned char *body;
	size_t n = 0, i;
	uint64_t n5 = 0;
	int rc;

	if ((s = malloc((d->used + 1) * sizeof *s)) == NULL)
		return chain_fail(err, errsize, path, "out of memory");
	for (i = 0; i < d->size; i++)
		if (d->slot[i].key)
			s[n++] = d->slot[i];
	qsort(s, n, sizeof *s, by_count);
	if (n > max_states)
		n = (size_t)max_states;
	qsort(s, n, sizeof *s, by_key);
	while (n5 < n && (s[n5].key - 1) >> 40 == 0)
		n5++;
	if ((body = body_of(s, n, n5)) == NULL) {
		free(s);
		return chain_fail(err, errsize, path, "out of memory");
	}
	rc = chain_digest_write(path, body, n5, n - n5, err, errsize);
	free(body);
	free(s);
	return rc;
}
