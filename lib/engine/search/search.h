/*
 * search.h - the search room's internals: the expectimax transposition
 * table (tt.c, and its inline reads and writes here) and what the tests
 * may ask of a search (search.c), expectimax below a root move
 * (expectimax.c), minimax (minimax.c), the players that do not look
 * ahead (players.c).  Its public side (the options, the search) is in
 * 2048.h; the tables asked before it are the player's (room player).
 * Internal to lib/engine/ (and the unit tests of internals).
 */
#ifndef G2048_SEARCH_H
#define G2048_SEARCH_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "2048-private.h"
#include "eval.h"

/* ---- tt.c: the transposition table ------------------------------------- */

/*
 * A chance node's value by its grid, for the root search (generation)
 * that wrote it.  Buckets of four entries, one cache line each.  A new
 * entry takes the bucket's entry of an older generation if there is one,
 * else the one deepest in the tree: a deep node is cheap to search again,
 * a shallow one stands for a large subtree (one entry per slot, always
 * replaced, searches twice the nodes on late-game boards, as the many
 * deep nodes evict the few shallow ones).
 *
 * A table starts at SEARCH_TT_FIRST entries and grows when its search
 * needs, with the contents of a table made at full size.
 */
#define SEARCH_TT_WAYS      4     /* entries per bucket: 64 bytes */
#define SEARCH_TT_GEN_BITS  12    /* tag = generation << 4 | depth */
#define SEARCH_TT_GEN_LIMIT (1u << SEARCH_TT_GEN_BITS)
#define SEARCH_TT_DEPTH_CAP G2048_DEPTH_MAX   /* deepest level a tag records */
#define SEARCH_TT_FIRST     ((size_t)1 << 10) /* a new table: 16 KiB */
_Static_assert(SEARCH_TT_DEPTH_CAP < 16, "a depth fits the tag's four bits");

struct search_tt_entry {
	uint64_t lo;
	float value;
	uint16_t hi;
	uint16_t tag;              /* 0: empty */
};

struct search_tt {
	struct search_tt_entry *e; /* NULL: no table */
	void *mem;                 /* what e is aligned in */
	uint64_t mask;             /* of the first entry of a bucket */
	uint64_t max_mask;         /* the mask at the most entries */
	size_t size;               /* entries */
	unsigned gen;              /* of the root search being made */
};

/* A new generation, allocating the table on first use with up to 2^bits
 * entries (at least a bucket): every entry of an older one reads as
 * empty.  -1: no memory. */
int search_tt_next_generation(struct search_tt *t, int bits);
/* g's bucket is full of this search's entries: 1 if the table grew, as
 * the table at its most would not have all of them in g's bucket; 0 if
 * it would (or memory ran out), and one of them must go. */
int search_tt_make_room(struct search_tt *t, g2048_grid g);
void search_tt_free(struct search_tt *t);
/* g's bucket index in a table of any size, before the size's mask */
static inline uint64_t
search_tt_index(g2048_grid g)
{
	return (g.lo ^ ((uint64_t)g.hi << 47)) * 0x9E3779B97F4A7C15ULL >> 32;
}

static inline struct search_tt_entry *
search_tt_bucket(const struct search_tt *t, g2048_grid g)
{
	return &t->e[search_tt_index(g) & t->mask];
}

/* The value of g if this root search stored it at a depth <= depth, so
 * searched at least as far as we would. */
static inline int
search_tt_get(const struct search_tt *t, g2048_grid g, int depth, double *value)
{
	const struct search_tt_entry *x = search_tt_bucket(t, g);
	int i;

	for (i = 0; i < SEARCH_TT_WAYS; i++, x++)
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
search_tt_put(struct search_tt *t, g2048_grid g, int depth, double value)
{
	struct search_tt_entry *x, *victim;
	int i;

again:
	x = victim = search_tt_bucket(t, g);
	for (i = 0; i < SEARCH_TT_WAYS; i++, x++) {
		if ((unsigned)(x->tag >> 4) != t->gen ||
		    (x->lo == g.lo && x->hi == g.hi)) {
			victim = x;
			goto store;
		}
		if ((x->tag & 0xF) > (victim->tag & 0xF))
			victim = x;
	}
	if (search_tt_make_room(t, g))
		goto again;
store:
	victim->lo = g.lo;
	victim->hi = g.hi;
	victim->value = (float)value;
	victim->tag = (uint16_t)(t->gen << 4 | (unsigned)depth);
}

/* ---- search.c ---------------------------------------------------------- */

#define SEARCH_TIME_CHECK 1023  /* nodes between looks at the clock */

/* What one thread needs to search one root move.  Each worker has cache
 * lines of its own: the node counters of two threads in one line made two
 * threads slower than one. */
struct search_worker {
	_Alignas(64) const g2048_search *s;
	struct search_tt tt;       /* tt.e NULL: none */
	int limit;                 /* moves to look ahead */
	double cutoff;             /* the probability cutoff for this board */
	uint64_t nodes;
	int aborted;               /* the time budget ran out */
};

struct g2048_search {
	g2048_search_opts o;
	/* the evaluator of 4x4 grids (corner: one_corner's, owned), NULL
	 * for random moves; and of boards of other sizes, the caller's */
	const g2048_eval *e;
	const g2048_eval *cells_e;
	g2048_eval *corner_e;
	/* the evaluator's values are of the score still to come, so a
	 * move's value adds its score (eval.h) */
	int to_come;
	/* the evaluator's leaves of a max node at once, or NULL */
	double (*best_leaf)(const g2048_eval *, g2048_grid,
	    const g2048_grid *, const double *, int, int *);
	int nworkers;
	struct search_worker *w;
	struct timespec deadline;  /* with o.time_ms */
	struct timespec origin;    /* the next run's budget counts from here
	                              (g2048_search_time_from), if set */
	int has_origin;
	/* one root search: the moves to search and where the next one is */
	pthread_mutex_t lock;
	int nroot, next_root;
	g2048_grid root[G2048_NDIRS];
	double root_reward[G2048_NDIRS];
	double root_value[G2048_NDIRS];
	/* the spawns of the board searched: a 2 with probability p2, a 4
	 * with p4 (its `four'); the tile minimax's adversary puts, a rank:
	 * the likelier (a 2 at even odds) */
	double p2, p4;
	int min_rank;
	/* with o.prune: a chance node below the root whose board is valued
	 * below this is a leaf (-HUGE_VAL: none is) */
	double prune_below;
	/* a board of another size than 4x4: its root moves, searched by
	 * the general path (general.c) */
	int general;
	g2048_cells root_cells[G2048_NDIRS];
};

/* A chance node this deep and this likely is valued by the evaluator
 * (expectimax.c, general.c). */
static inline int
at_horizon(const struct search_worker *w, int depth, double cprob)
{
	return depth >= w->limit || cprob < w->cutoff;
}

/* A chance node this deep is looked up in, and stored to, the table. */
static inline int
uses_table(const struct search_worker *w, int depth)
{
	return w->tt.e && depth < w->s->o.tt_depth;
}

/* 1 once the monotonic clock has passed deadline */
int search_elapsed_past(const struct timespec *deadline);

/* The entries of s's largest table (0: none yet), for the tests of what a
 * search allocates. */
size_t search_tt_entries(const g2048_search *s);
/* The evaluator's value of g: the leaves of expectimax.c, minimax.c and
 * players.c, inline on their hot paths. */
static inline double
search_value(const g2048_search *s, g2048_grid g)
{
	return eval_value(s->e, g, s->o.downgrade);
}

/* The chance node g, depth moves from the root, is a leaf, *value its
 * board's value: it has fallen so far below the root's board that the
 * search does not look past it (after macroxue/2048-ai's pass score).
 * The root's own chance nodes are always searched; without a prune
 * (prune_below -HUGE_VAL) nothing is valued here. */
static inline int
is_pruned(const struct search_worker *w, g2048_grid g, int depth,
    double *value)
{
	if (depth <= 1 || w->s->prune_below == -HUGE_VAL)
		return 0;
	*value = search_value(w->s, g);
	return *value < w->s->prune_below;
}

/* ---- expectimax.c ---------------------------------------------------- */

/* The value of the root move that made g: a chance node, expectimax to
 * the worker's limit and cutoff. */
double search_expectimax_root(struct search_worker *w, g2048_grid g);

/* ---- minimax.c ------------------------------------------------------- */

/* The value of the root move that made g: the computer's turn, alpha-beta
 * to the worker's limit. */
double search_minimax_root(struct search_worker *w, g2048_grid g);

/* ---- players.c ------------------------------------------------------- */

/* r's dir: of the moves in moved, the one of most score (r's value[]),
 * equal scores by the evaluator's h[]; nodes and depth of a look one
 * move ahead.  The greedy player of either path (and general.c's). */
void search_greedy_pick(g2048_search_result *r, unsigned moved,
    const double *h);
/* r's dir and values by the greedy player, and by the random one (r's
 * legal set). */
void search_greedy(g2048_search *s, g2048_grid g, g2048_search_result *r);
void search_random(g2048_grid g, g2048_rng *rng, g2048_search_result *r);

/* ---- general.c: the search on a board of any size ------------------- */

/* The value of the root move that made c (a chance node, or minimax's
 * min node), to the worker's limit. */
double search_general_root(struct search_worker *w, g2048_cells *c);
/* The moves of c by greedy and random, as search.c's for a grid. */
void search_general_greedy(g2048_search *s, const g2048_cells *c,
    g2048_search_result *r);
/* The adaptive depth of c: distinct tiles - sub within min..max, then
 * less while the estimated leaves pass 2^leaves_bits. */
int search_general_depth(const g2048_search *s, const g2048_cells *c,
    int min, int sub, int max);
/* The key of c in the transposition table: its ranks themselves when
 * they fit 80 bits, else a hash of them. */
g2048_grid search_general_key(const g2048_cells *c);

#endif
