/*
 * search.h - the expectimax transposition table: a chance node's value by its
 * grid, for the root search (generation) that wrote it.  Internal to lib/.
 *
 * Buckets of four entries, one cache line each.  A new entry takes the
 * bucket's entry of an older generation if there is one, else the one
 * deepest in the tree: a deep node is cheap to search again, a shallow one
 * stands for a large subtree.  Always replacing one entry per slot (as
 * before) searched twice the nodes on late-game boards, since the many deep
 * nodes kept evicting the few shallow ones.
 *
 * A table starts at TT_FIRST entries and grows when its search needs
 * (tt.c), with the contents of a table made at full size.
 */
#ifndef G2048_SEARCH_H
#define G2048_SEARCH_H

#include <stdint.h>

#include "2048.h"

#define TT_WAYS      4             /* entries per bucket: 64 bytes */
#define TT_GEN_BITS  12            /* tag = generation << 4 | depth */
#define TT_GEN_LIMIT (1u << TT_GEN_BITS)
#define TT_DEPTH_CAP G2048_DEPTH_MAX   /* deepest level a tag records */
#define TT_FIRST     ((size_t)1 << 10)  /* a new table's entries: 16 KiB */
_Static_assert(TT_DEPTH_CAP < 16, "a depth fits the tag's four bits");

struct tt_entry {
	uint64_t lo;
	float value;
	uint16_t hi;
	uint16_t tag;              /* 0: empty */
};

struct tt {
	struct tt_entry *e;        /* NULL: no table */
	void *mem;                 /* what e is aligned in */
	uint64_t mask;             /* of the first entry of a bucket */
	uint64_t max_mask;         /* the mask at the most entries */
	size_t size;               /* entries */
	unsigned gen;              /* of the root search being made */
};

/* A new generation, allocating the table on first use with up to 2^bits
 * entries (at least a bucket): every entry of an older one reads as
 * empty.  -1: no memory. */
int tt_next_generation(struct tt *t, int bits);
/* g's bucket is full of this search's entries: 1 if the table grew, as
 * the table at its most would not have all of them in g's bucket; 0 if
 * it would (or memory ran out), and one of them must go. */
int tt_make_room(struct tt *t, g2048_grid g);
void tt_free(struct tt *t);
/* search.c: the entries of s's largest table (0: none yet), for the tests
 * of what a search allocates */
size_t tt_search_entries(const struct g2048_search *s);

/* g's bucket index in a table of any size, before the size's mask */
static inline uint64_t
tt_index(g2048_grid g)
{
	return (g.lo ^ ((uint64_t)g.hi << 47)) * 0x9E3779B97F4A7C15ULL >> 32;
}

static inline struct tt_entry *
tt_bucket(const struct tt *t, g2048_grid g)
{
	return &t->e[tt_index(g) & t->mask];
}

/* The value of g if this root search stored it at a depth <= depth, so
 * searched at least as far as we would. */
static inline int
tt_get(const struct tt *t, g2048_grid g, int depth, double *value)
{
	const struct tt_entry *x = tt_bucket(t, g);
	int i;

	for (i = 0; i < TT_WAYS; i++, x++)
		if (x->lo == g.lo && x->hi == g.hi && (unsigned)(x->tag >> 4) ==
		    t->gen) {
			if ((x->tag & 0xF) > depth)
				return 0;
			*value = x->value;
			return 1;
		}
	return 0;
}

static inline void
tt_put(struct tt *t, g2048_grid g, int depth, double value)
{
	struct tt_entry *x, *victim;
	int i;

again:
	x = victim = tt_bucket(t, g);
	for (i = 0; i < TT_WAYS; i++, x++) {
		if ((unsigned)(x->tag >> 4) != t->gen ||
		    (x->lo == g.lo && x->hi == g.hi)) {
			victim = x;
			goto store;
		}
		if ((x->tag & 0xF) > (victim->tag & 0xF))
			victim = x;
	}
	if (tt_make_room(t, g))
		goto again;
store:
	victim->lo = g.lo;
	victim->hi = g.hi;
	victim->value = (float)value;
	victim->tag = (uint16_t)(t->gen << 4 | (unsigned)depth);
}

#endif
