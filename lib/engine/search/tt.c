/*
 * tt.c - the transposition table's memory.  A table starts at TT_FIRST
 * entries and grows to its most when a bucket full of the current
 * search's entries is to take one more, unless the table at its most
 * would have all of them in one bucket too.  It thus evicts only where
 * the full table would, the same entry, and growing keeps each bucket's
 * entries in the order they were put in: its contents, and so every
 * search's values and nodes, are those of a table made at full size.
 * The full table comes from calloc, untouched: a page costs only once
 * the search stores in it.  A short search (a depth-1 call, a hint) thus
 * costs a page or two, not the 16 MiB per thread it used to clear.
 * (Doubling step by step cost more: each step's table is touched anew.)
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* A table of size entries, zero: calloc's fresh pages cost nothing until
 * touched.  The entries start on a cache line of their own. */
static int
tt_alloc(struct tt *t, size_t size)
{
	void *mem = calloc(1, size * sizeof(struct tt_entry) + 63);

	if (mem == NULL)
		return -1;
	t->mem = mem;
	t->e = (struct tt_entry *)(void *)(((uintptr_t)mem + 63) &
	    ~(uintptr_t)63);
	t->size = size;
	t->mask = (size - 1) & ~(uint64_t)(TT_WAYS - 1);
	return 0;
}

int
tt_next_generation(struct tt *t, int bits)
{
	size_t most = (size_t)1 << bits;

	if (t->e == NULL) {
		if (most < TT_WAYS)
			most = TT_WAYS;
		if (tt_alloc(t, most < TT_FIRST ? most : TT_FIRST) < 0)
			return -1;
		t->max_mask = (most - 1) & ~(uint64_t)(TT_WAYS - 1);
		t->gen = 0;
	}
	if (++t->gen == TT_GEN_LIMIT) {
		memset(t->e, 0, t->size * sizeof *t->e);
		t->gen = 1;
	}
	return 0;
}

/*
 * The table at its most, with this generation's entries only.  A bucket
 * of the new table draws from one bucket of the old (its index has more
 * bits), in way order, so its entries keep the order they were put in.
 */
static int
tt_grow(struct tt *t)
{
	struct tt old = *t;
	struct tt_entry *x, *to;
	size_t i;

	if (tt_alloc(t, t->max_mask + TT_WAYS) < 0)
		return -1;
	for (i = 0, x = old.e; i < old.size; i++, x++) {
		if ((unsigned)(x->tag >> 4) != t->gen)
			continue;
		to = tt_bucket(t, (g2048_grid){ x->lo, x->hi });
		while ((unsigned)(to->tag >> 4) == t->gen)
			to++;
		*to = *x;
	}
	free(old.mem);
	return 0;
}

int
tt_make_room(struct tt *t, g2048_grid g)
{
	const struct tt_entry *x = tt_bucket(t, g);
	uint64_t most = tt_index(g) & t->max_mask;
	int i;

	if (t->mask == t->max_mask)
		return 0;
	for (i = 0; i < TT_WAYS; i++, x++)
		if ((tt_index((g2048_grid){ x->lo, x->hi }) & t->max_mask) != most)
			return tt_grow(t) == 0;
	return 0;
}

void
tt_free(struct tt *t)
{
	free(t->mem);
	t->mem = NULL;
	t->e = NULL;
}
