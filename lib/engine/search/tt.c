/*
 * tt.c - the transposition table's memory.  A table starts at
 * SEARCH_TT_FIRST entries and grows to its most when a bucket full of the
 * current search's entries is to take one more, unless the table at its
 * most would have all of them in one bucket too.  It thus evicts only
 * where the full table would, the same entry, and growing keeps each
 * bucket's entries in the order they were put in: its contents, and so
 * every search's values and nodes, are those of a table made at full
 * size.  The full table comes from calloc, untouched: a page costs only
 * once the search stores in it, so a short search (a depth-1 call, a
 * hint) costs a page or two, not the 16 MiB per thread of a table cleared
 * whole.  (Doubling step by step costs more: each step's table is touched
 * anew.)
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* A table of size entries, zero: calloc's fresh pages cost nothing until
 * touched.  The entries start on a cache line of their own. */
static int
tt_alloc(struct search_tt *t, size_t size)
{
	void *mem = calloc(1, size * sizeof(struct search_tt_entry) + 63);

	if (mem == NULL)
		return -1;
	t->mem = mem;
	t->e = (struct search_tt_entry *)(void *)(((uintptr_t)mem + 63) &
	    ~(uintptr_t)63);
	t->size = size;
	t->mask = (size - 1) & ~(uint64_t)(SEARCH_TT_WAYS - 1);
	return 0;
}

int
search_tt_next_generation(struct search_tt *t, int bits)
{
	size_t most = (size_t)1 << bits;

	if (t->e == NULL) {
		if (most < SEARCH_TT_WAYS)
			most = SEARCH_TT_WAYS;
		if (tt_alloc(t, most < SEARCH_TT_FIRST ? most : SEARCH_TT_FIRST) < 0)
			return -1;
		t->max_mask = (most - 1) & ~(uint64_t)(SEARCH_TT_WAYS - 1);
		t->gen = 0;
	}
	if (++t->gen == SEARCH_TT_GEN_LIMIT) {
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
tt_grow(struct search_tt *t)
{
	struct search_tt old = *t;
	struct search_tt_entry *x, *to;
	size_t i;

	if (tt_alloc(t, t->max_mask + SEARCH_TT_WAYS) < 0)
		return -1;
	for (i = 0, x = old.e; i < old.size; i++, x++) {
		if ((unsigned)(x->tag >> 4) != t->gen)
			continue;
		to = search_tt_bucket(t, (g2048_grid){ x->lo, x->hi });
		while ((unsigned)(to->tag >> 4) == t->gen)
			to++;
		*to = *x;
	}
	free(old.mem);
	return 0;
}

int
search_tt_make_room(struct search_tt *t, g2048_grid g)
{
	const struct search_tt_entry *x = search_tt_bucket(t, g);
	uint64_t most = search_tt_index(g) & t->max_mask;
	int i;

	if (t->mask == t->max_mask)
		return 0;
	for (i = 0; i < SEARCH_TT_WAYS; i++, x++)
		if ((search_tt_index((g2048_grid){ x->lo, x->hi }) & t->max_mask) != most)
			return tt_grow(t) == 0;
	return 0;
}

void
search_tt_free(struct search_tt *t)
{
	free(t->mem);
	t->mem = NULL;
	t->e = NULL;
}
