/*
 * chain.h - the chain room's internals: chain tables, after the lookup
 * tables of macroxue/2048-ai.  A block of large tiles sits fixed in a
 * corner (rows 0-1, columns 0-2, or five of those cells); the free cells
 * beside it must build a chain (the anchor's rank less 1, less 2, less 3
 * twice) that collapses into a tile of the block's smallest rank, the
 * anchor.  A table holds, for every arrangement of the free cells' tiles
 * under caps set by the anchor, the probability of building a chain
 * without moving the block, and its best move, computed when first asked
 * (a memo of the exact recursion).  Its public side (g2048_chain_*) is in
 * 2048.h.  Internal to lib/engine/ (and the unit tests of internals).
 */
#ifndef CHAIN_H
#define CHAIN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "2048-private.h"
#include "blocks.h"

#define CHAIN_BLOCK_MAX 6
#define CHAIN_FREE_MAX  11
#define CHAIN_GOALS_MAX 6
#define CHAIN_GOAL_LEN  4
#define CHAIN_ABS       0x100   /* a cap of this rank, not the anchor's less */
#define CHAIN_HEADER    4096    /* a file's text header */
#define CHAIN_BLOCK     65536   /* bytes of entries a block's sum */
#define CHAIN_THREADS_MAX 64    /* threads of a recursion */

/* ---- layout.c: the two layouts, what is regular, what is a goal ---- */

/* A cell's rank relative to the goal's anchor. */
struct chain_term {
	int cell, off;
};

struct chain_layout {
	const char *name;              /* "six", "five" */
	int nblock, block[CHAIN_BLOCK_MAX];
	int prefill[CHAIN_BLOCK_MAX];  /* the block the table is computed with */
	int nfree, free[CHAIN_FREE_MAX];
	int radix[CHAIN_FREE_MAX];     /* ranks 0..radix-1 in the index */
	int cap[CHAIN_FREE_MAX];       /* at most anchor + cap (cap < 0),
	                                  or rank where cap is CHAIN_ABS +
	                                  rank */
	/* block cells that must differ, and pairs (a, b) with a > b */
	int ndistinct, distinct[6][2];
	int ngreater, greater[3][2];
	/* the anchor: the least rank of these cells, at most anchor_max
	 * (over it: not regular if anchor_over_rejects, else anchor_max),
	 * at least anchor_min; the goal's anchor is that less goal_shift,
	 * at most anchor_max */
	int nanchor, anchor[3];
	int anchor_min, anchor_max, anchor_over_rejects, goal_shift;
	int ngoals;
	struct chain_term goal[CHAIN_GOALS_MAX][CHAIN_GOAL_LEN];
	int goal_len[CHAIN_GOALS_MAX];
};

extern const struct chain_layout chain_six, chain_five;
/* The same with the anchor's cap lowered: tables of megabytes (tests). */
extern const struct chain_layout chain_six_small, chain_five_small;

/* g, in the layout's corner, is regular: the block as the layout wants
 * it, every free tile within its cap. */
int chain_regular(const struct chain_layout *l, g2048_grid g);
/* g's free cells hold a chain that collapses into the anchor. */
int chain_goal(const struct chain_layout *l, g2048_grid g);

/* ---- memo.c: a table, memoised ---- */

struct chain_digest;

/* What the recursion asks of a state whose block is the prefilled one
 * (value.c): the anchor is then fixed, so the caps are a byte-wise sum
 * whose bit 4 is set where a free cell passes its cap, and each goal a
 * mask of the grid's nibbles (ok: 0 if the layout's anchor or caps do
 * not allow it, and the layout's functions are asked instead). */
struct chain_fast {
	int ok;
	uint64_t block;                /* the prefilled block's nibbles */
	uint64_t cap_add[2], cap_bit[2];  /* even cells' bytes, odd ones' */
	int ngoals;
	uint64_t goal_mask[CHAIN_GOALS_MAX], goal_want[CHAIN_GOALS_MAX];
	size_t stride[CHAIN_FREE_MAX]; /* a free rank's weight in the index */
};

struct chain_table {
	const struct chain_layout *l;
	struct chain_fast fast;
	/* 0: not computed; else 1 + (q << 2 | dir), the probability
	 * q / CHAIN_Q */
	_Atomic uint16_t *e;
	size_t n;
	uint64_t block_mask;           /* the block's nibbles */
	atomic_ullong computed;        /* states computed */
	/* a file's: its mapping, and its blocks checked as read (NULL:
	 * the entries are memory of their own) */
	unsigned char *map;
	size_t map_size;
	struct blocks *blocks;
	/* one block checked at a time: a state computed into a block must
	 * not change it under another thread's check of it */
	pthread_mutex_t check_lock;
	/* in memory: a bit per block of entries that a state was stored
	 * in, so that a save reads and sums no other (NULL: a file's) */
	_Atomic uint64_t *written;
	/* the threads that may walk one state's recursion (helpers), and
	 * those walking this table now */
	int threads;
	atomic_int walkers;
	atomic_ullong helped;          /* states the helpers computed */
	/* a build's stop: once nonzero no state is finished any more */
	const volatile sig_atomic_t *stop;
	/* a digest's (digest.c): its states, sorted, at this offset of
	 * the digest's body; no other state decides anything */
	const struct chain_digest *dg;
	uint64_t dg_off, dg_n;
	int dg_packed;                 /* packed tables' (packed.c): its
	                                  states are asked in the recursion
	                                  too, dg_off its directory's */
	/* a cache's (cache.c): its file and the blocks computed into;
	 * beneath it, the digest's table whose states it need not compute
	 * (NULL: none) */
	struct chain_cache *cache;
	const struct chain_table *under;
};
#define CHAIN_Q 16382

struct g2048_chain {
	struct chain_table five, six;
	struct chain_digest *digest;   /* NULL: the tables are whole */
	g2048_chain *beneath;          /* a cache's digest (NULL: none) */
};

/* A context whose tables know their layouts (the real ones; or these)
 * and have no entries yet. */
g2048_chain *chain_alloc(void);
g2048_chain *chain_alloc_layouts(const struct chain_layout *five,
    const struct chain_layout *six);

/* How a table is asked: states computed where none holds them, or only
 * what a file, the cache or the digest holds (*missing set where a state
 * is not held). */
struct chain_ask {
	int lookup_only;
	int missing;                   /* a state asked was not held */
	int computed;                  /* the best state was computed now */
};
/* The table's best probability for g over the eight symmetries in which
 * g is regular and not yet a goal, *dir its move in g (-1: none), and
 * *index (if not NULL) that state's index. */
double chain_suggest(struct chain_table *t, g2048_grid g, int *dir,
    size_t *index, struct chain_ask *ask);
/* The tables' move for g by the rule of g2048_chain_move; *t the table
 * that decides (NULL: none) and *index (if index is not NULL) its
 * state. */
int chain_decide(g2048_chain *c, g2048_grid g, g2048_chain_result *r,
    struct chain_table **t, size_t *index, struct chain_ask *ask);

/* ---- value.c: a state's value, the recursion ---- */

/* The index of g's state in t: its free ranks in mixed radix. */
size_t chain_state_index(const struct chain_table *t, g2048_grid g);
/* t's struct chain_fast, from its layout. */
void chain_fast_init(struct chain_table *t);
/* The probability of a chain from g (the free tiles after a spawn, the
 * block prefilled), computed once; *dir its best move.  -1 once the
 * table's stop is set: nothing unfinished is kept. */
double chain_value(struct chain_table *t, g2048_grid g, int *dir);
/* The same of a state not computed yet, i its index, with the table's
 * threads that no other recursion holds as helpers. */
double chain_value_helped(struct chain_table *t, g2048_grid g, size_t i,
    int *dir);
/* Whether a state was stored in block b of t (1 where t keeps no such
 * marks: a file's table). */
int chain_block_written(const struct chain_table *t, uint64_t b);
/* Block b of a file's table checked (under the table's lock, so never
 * while a thread writes into it): 0, or nonzero if a block failed. */
uint64_t chain_check_block(struct chain_table *t, uint64_t b);

/* ---- sums.c: the files' sums ---- */

/* A block's sum, the sum of the sums. */
uint64_t chain_block_sum(const unsigned char *p, size_t len,
    uint64_t index);
uint64_t chain_sums_sum(const unsigned char *sums, uint64_t nblocks);
/* chain_block_sum of len zeros (a hole), without reading them. */
uint64_t chain_zero_sum(size_t len, uint64_t index);
/* That of every block of a body of len bytes, into sums, on every core
 * (a second of one for the real tables, which a stopped build waits on). */
void chain_zero_sums(unsigned char *sums, uint64_t len);
/* The header's checksum (format 2, of a file or a digest): of its n
 * bytes of text before the checksum, and of the sums' sum. */
uint64_t chain_head_sum(const char *text, size_t n, uint64_t sums_sum);
/* A header of CHAIN_HEADER bytes at h, its n bytes of text before the
 * checksum there: the checksum's 16 digits and newlines to the end
 * written; or checked as written (0 and *checksum, or -1). */
void chain_header_finish(char *h, size_t n, uint64_t checksum);
int chain_header_tail(const char *h, size_t n, uint64_t *checksum);
void chain_put_le64(unsigned char *p, uint64_t v);

/* ---- chainio.c: the files' I/O, below every reader and writer ---- */

/* path opened (rw: to write too) if it is a regular file: its
 * descriptor and *st, or -1 with "path: why" in err (a FIFO is refused,
 * not waited on). */
struct stat;
int chain_open_regular(const char *path, int rw, struct stat *st,
    char *err, size_t errsize);
/* "path: what" into err: -1. */
int chain_fail(char *err, size_t errsize, const char *path,
    const char *what);
/* 1 if this machine is little-endian, as the files are. */
int chain_little_endian(void);
/* Block b (n bytes) of a file's body into buf: 0, 1 if they are all
 * zeros (buf as it was), 2 if buf holds them as a file had them (their
 * sum then zero_sums', which holds that file's sums), or -1 with errno
 * set. */
typedef int chain_block_fn(void *ctx, uint64_t b, unsigned char *buf,
    size_t n);
/* A file's header of CHAIN_HEADER bytes into h, its blocks' sums summing
 * to sums_sum. */
typedef void chain_header_fn(char *h, uint64_t sums_sum, const void *ctx);
/* A file: a body of len bytes, each block as block gives it (with ctx;
 * the sum of a block it says are zeros, or are a file's, from zero_sums
 * if not NULL), then its blocks' sums, under the header that header
 * makes. */
struct chain_file {
	uint64_t len;
	chain_block_fn *block;
	void *ctx;
	const unsigned char *zero_sums;
	chain_header_fn *header;
	const void *header_ctx;
};
/* f written at path whole or not at all (g2048_file_replace; a block of
 * zeros a hole): 0, or -1 with "path: why" in err. */
int chain_write_file(const char *path, const struct chain_file *f,
    char *err, size_t errsize);
/* The file of fd, f's length, of an old format whose header's checksum
 * (of the sums alone) is checksum: its sums' sum and its every block
 * checked, then the header f's header makes written over its own and
 * synced: 0, or -1 with "path: why" in err (again: how it is made
 * again, where it is corrupt). */
int chain_seal(int fd, const struct chain_file *f, uint64_t checksum,
    const char *again, const char *path, char *err, size_t errsize);

/* ---- chainfile.c: a table's file; build.c: every state ---- */

/* Table t's header, its blocks' sums summing to sums_sum, into h
 * (CHAIN_HEADER bytes), as its reader wants it. */
void chain_header_text(char *h, const struct chain_table *t,
    uint64_t sums_sum);
/* The file at path of table t's layout, its entries as block gives
 * them, written whole or not at all (g2048_file_replace): 0, or -1 with
 * "path: why" in err. */
int chain_replace_table(const char *path, const struct chain_table *t,
    chain_block_fn *block, void *ctx, const unsigned char *zero_sums,
    char *err, size_t errsize);
/* The file at path mapped as t's entries, its header and checksum
 * checked (its blocks as read): 0, or -1 with "path: why" in err (what
 * is mapped is left to chain_table_unmap). */
int chain_table_map(struct chain_table *t, const char *path, char *err,
    size_t errsize);
/* Unmap a file's table. */
void chain_table_unmap(struct chain_table *t);
/* Of a header at h (CHAIN_HEADER bytes): its format as a table's (2, 1,
 * or 0: not a table's); the table of c whose layout it names (NULL:
 * none); whether the layout is a small one (the tests'). */
int chain_table_version(const char *h);
struct chain_table *chain_table_named(g2048_chain *c, const char *h);
int chain_header_small(const char *h);
/* The file of fd (st, its header h), of table t's layout and format 1:
 * its every block checked, then format 2's header written over its
 * own: 0, or -1 with err. */
int chain_table_upgrade(int fd, const struct stat *st, const char *h,
    const struct chain_table *t, const char *path, char *err,
    size_t errsize);

/* ---- cache.c: the states computed, kept in a folder ---- */

/* Table t of a cache in dir, its file name: the file mapped if it is
 * valid, else zeros laid out as one: 0, or -1 with err. */
int chain_cache_attach(struct chain_table *t, const char *dir,
    const char *name, char *err, size_t errsize);
/* Block b of a cache's table checked before its first read (zeroed if
 * it fails: computed again); state i computed into it. */
void chain_cache_touch(struct chain_table *t, uint64_t b);
void chain_cache_computed(struct chain_table *t, size_t i);
/* Whether block b is a hole of the cache's file and no state computed
 * here is in it (0 where that is not known: it is read); block b's
 * pages of the file given back, unless a state computed is in it. */
int chain_cache_block_empty(const struct chain_table *t, uint64_t b);
void chain_cache_release(struct chain_table *t, uint64_t b);
void chain_cache_free(struct chain_table *t);

/* ---- digest.c: the states games meet, without the rest ---- */

/* A digest's file, or packed tables' (packed.c), mapped. */
struct chain_digest {
	unsigned char *map;
	size_t map_size;
	struct blocks blocks;
};

/* The entry of state i of t, a digest's table: 0 if the digest lacks
 * it (or a block of it fails its check), else as a table's entry. */
unsigned chain_digest_entry(const struct chain_table *t, size_t i);
void chain_digest_free(struct chain_digest *d);
/* The digest at path mapped into c (c->digest), its header, size and
 * checksum checked for c's tables: 0, or -1 with err. */
int chain_digest_map(g2048_chain *c, const char *path, char *err,
    size_t errsize);
/* The digest of five's and six's states, the body in memory (2048-
 * chain(5)), written at path whole or not at all: 0, or -1 with err. */
int chain_digest_write(const char *path, const unsigned char *body,
    uint64_t five, uint64_t six, char *err, size_t errsize);
/* A digest's header of five's and six's states, its blocks' sums
 * summing to sums_sum, into h (CHAIN_HEADER bytes), as its reader wants
 * it. */
void chain_digest_header_text(char *h, uint64_t five, uint64_t six,
    uint64_t sums_sum);
/* Whether the header at h (CHAIN_HEADER bytes) is a digest's of the
 * format written. */
int chain_digest_is_current(const char *h);
/* The digest of fd (st, its header h) of format 1, for c's tables: its
 * every block checked, then format 2's header written over its own: 1,
 * or -1 with err. */
int chain_digest_upgrade(int fd, const struct stat *st, const char *h,
    g2048_chain *c, const char *path, char *err, size_t errsize);
/* 1 + the first block of the digest's that failed its check, or 0. */
uint64_t chain_digest_bad(const struct chain_digest *d);
/* Check every block of d not yet checked: its first failing block + 1,
 * or 0. */
uint64_t chain_digest_check_all(struct chain_digest *d);

/* ---- packed.c: the states a cache holds, packed ---- */

/* The entry of state i of t, a packed file's table: 0 if it lacks it
 * (or a block of it fails its check), else as a table's entry.
 * chain_digest_entry asks it of packed tables. */
unsigned chain_packed_entry(const struct chain_table *t, size_t i);
/* Whether the header at h (CHAIN_HEADER bytes) is packed tables' of the
 * format written. */
int chain_packed_is(const char *h);
/* Of packed tables' header at h, for c's tables: n[0], n[1] the states
 * held of the five and the six, n[2] the body's bytes, *checksum, and
 * the length of the text before the checksum: 0, or -1 and *why. */
int chain_packed_header(const char *h, const g2048_chain *c, uint64_t *n,
    uint64_t *checksum, size_t *textlen, const char **why);
/* Packed tables' header of n (as chain_packed_header's), their blocks'
 * sums summing to sums_sum, into h (CHAIN_HEADER bytes). */
void chain_packed_header_text(char *h, const uint64_t *n,
    uint64_t sums_sum);
/* c's tables told where their states are in packed tables' body. */
void chain_packed_place(g2048_chain *c, const uint64_t *n);

/* ---- open.c: files opened, checked whole, upgraded (the public
 * g2048_chain_open*, g2048_chain_verify, g2048_chain_upgrade) ---- */

#endif
