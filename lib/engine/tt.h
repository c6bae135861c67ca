/*
 * tt.h - the expectimax transposition table: a chance node's value by its
 * grid, for the root search (generation) that wrote it.  Internal to lib/.
 *
 * Buckets of four entries, one cache line each.  A new entry takes the
 * bucket's entry of an older generation if there is one, else the one
 * deepest in the tree: a deep node is cheap to search again, a shallow one
 * stands for a large subtree.  Always replacing one entry per slot (as
 * before) searched twice the nodes on late-game boards, since the many deep
 * nodes kept evicting the few shallow ones.
 */
#ifndef G2048_TT_H
#define G2048_TT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "2048.h"

#define TT_WAYS      4             /* entries per bucket: 64 bytes */
#define TT_GEN_BITS  12            /* tag = generation << 4 | depth */
#define TT_GEN_LIMIT (1u << TT_GEN_BITS)
#define TT_DEPTH_CAP G2048_DEPTH_MAX   /* deepest level a tag records */
_Static_assert(TT_DEPTH_CAP < 16, "a depth fits the tag's four bits");

struct tt_entry {
	uint64_t lo;
	float value;
	uint16_t hi;
	uint16_t tag;              /* 0: empty */
};

struct tt {
	struct tt_entry *e;        /* NULL: no table */
	uint64_t mask;             /* of the first entry of a bucket */
	size_t size;               /* entries */
	unsigned gen;              /* of the root search being made */
};

static inline struct tt_entry *
tt_bucket(const struct tt *t, g2048_grid g)
{
	uint64_t h = (g.lo ^ ((uint64_t)g.hi << 47)) * 0x9E3779B97F4A7C15ULL;

	return &t->e[(h >> 32) & t->mask];
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
	struct tt_entry *x = tt_bucket(t, g), *victim = x;
	int i;

	for (i = 0; i < TT_WAYS; i++, x++) {
		if ((unsigned)(x->tag >> 4) != t->gen ||
		    (x->lo == g.lo && x->hi == g.hi)) {
			victim = x;
			break;
		}
		if ((x->tag & 0xF) > (victim->tag & 0xF))
			victim = x;
	}
	victim->lo = g.lo;
	victim->hi = g.hi;
	victim->value = (float)value;
	victim->tag = (uint16_t)(t->gen << 4 | (unsigned)depth);
}

/* A new generation, allocating the 2^bits entries (at least a bucket) on
 * first use: every entry of an older one reads as empty.  -1: no memory. */
static inline int
tt_next_generation(struct tt *t, int bits)
{
	if (t->e == NULL) {
		t->size = (size_t)1 << bits;
		if (t->size < TT_WAYS)
			t->size = TT_WAYS;
		if ((t->e = aligned_alloc(64, t->size * sizeof *t->e)) == NULL)
			return -1;
		memset(t->e, 0, t->size * sizeof *t->e);
		t->mask = (t->size - 1) & ~(uint64_t)(TT_WAYS - 1);
		t->gen = 0;
	}
	if (++t->gen == TT_GEN_LIMIT) {
		memset(t->e, 0, t->size * sizeof *t->e);
		t->gen = 1;
	}
	return 0;
}

static inline void
tt_free(struct tt *t)
{
	free(t->e);
	t->e = NULL;
}

#endif
