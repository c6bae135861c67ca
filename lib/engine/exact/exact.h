/*
 * exact.h - the exact dynamic-programming core (room exact): the rules of
 * a game as keys of 16 nibbles, the forward enumeration of its states by
 * layers of tile sum, the backward induction and the table file.  Only
 * 2048.h and this header are included here, so that the room stays
 * apart from the rest of the engine.
 */
#ifndef EXACT_H
#define EXACT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "2048-private.h"
#include "blocks.h"

#define EXACT_BLOCK   0xF       /* a blocker's nibble in a pattern's key */
#define EXACT_MOVER   0xE       /* a large tile that may move (`X') */
#define EXACT_LINE    8         /* the longest line of a board */
#define EXACT_SYMS    8
#define EXACT_SPEC    64        /* a pattern's spec or a board's size */
#define EXACT_RANKS   16        /* ranks a nibble holds (0 empty) */
#define EXACT_HEADER  4096      /* the table file's text header */
#define EXACT_MAGIC   "2048-table 3\n"  /* the format written and read */
#define EXACT_VERSION 3
#define EXACT_MAGIC2  "2048-table 2\n"  /* no header sum: upgraded only */
#define EXACT_MAGIC1  "2048-table 1\n"  /* one checksum: refused */
#define EXACT_TABLE_BLOCK 65536         /* bytes a block's sum */
#define EXACT_BUILT_MAX 256             /* the header's `built' line */

enum exact_kind { EXACT_BOARD, EXACT_PATTERN };

/*
 * Every line of 2, 3 or 4 cells slid toward its front (nibble p of an
 * index is the cell at position p): the line after, and the merged
 * tiles' sum with EXACT_LINE_PRUNED set if a blocker moves.  The same
 * for every rule set; the owner of a rule set builds it once
 * (exact_lines_init) and points the rules at it.
 */
#define EXACT_LINE_PRUNED 0x80000000u
struct exact_lines {
	uint16_t after4[1 << 16], after3[1 << 12], after2[1 << 8];
	uint32_t info4[1 << 16], info3[1 << 12], info2[1 << 8];
};
void exact_lines_init(struct exact_lines *t);

/*
 * The rules of a game.  A key holds cell i (reading order, i = row *
 * cols + col) in bits 4i..4i+3: 0 empty, a rank, or EXACT_BLOCK for a
 * pattern's blocker, a large tile that never merges and must not move,
 * or EXACT_MOVER for a pattern's large tile that may move: it slides
 * as a tile does and never merges (the lines' slide never merges rank
 * 14, so no table of lines of its own is needed).  A pattern with
 * movers has targets to 8192, so no tile of its free cells is rank 14.
 */
struct exact_rules {
	enum exact_kind kind;
	int rows, cols, ncells;
	int target;             /* the rank that ends a game won; 0: none */
	unsigned target_cells;  /* a pattern's `o' cells: the target must
	                           form in one (elsewhere it is a loss);
	                           0: anywhere */
	int objective;          /* G2048_EXACT_PROB or G2048_EXACT_SCORE */
	double four;            /* probability of a 4 */
	uint64_t blockers;      /* EXACT_BLOCK in every blocker's nibble */
	uint64_t movers;        /* EXACT_MOVER in each mover's first cell */
	int nmovers;
	unsigned freemask;      /* bit i: cell i may hold a tile */
	int nfree;              /* cells empty at the start */
	int nlines[G2048_NDIRS], linelen[G2048_NDIRS];
	int8_t line[G2048_NDIRS][EXACT_LINE][EXACT_LINE];   /* front first */
	int nsyms;
	uint8_t sym[EXACT_SYMS][16];    /* image cell of cell i */
	const struct exact_lines *lines;   /* NULL: slide cell by cell */
	char spec[EXACT_SPEC];  /* "3x3", or a pattern "..../..../.xxx/.xxx" */
	char name[EXACT_SPEC];  /* a named pattern's name, or the spec */
};

/* msg (a format of one %s, arg) into err if there is room: -1. */
int exact_fail(char *err, size_t errsize, const char *msg, const char *arg);
/* Set up the rules; 0, or -1 with a message in err. */
int exact_rules_board(struct exact_rules *r, int rows, int cols, int target,
    int objective, double four, char *err, size_t errsize);
int exact_rules_pattern(struct exact_rules *r, const char *pattern,
    int target, double four, char *err, size_t errsize);
/* The i'th named pattern (name, spec, what it is for), 0 past the last. */
int exact_named(int i, const char **name, const char **spec,
    const char **about);

enum { EXACT_ILLEGAL = 0, EXACT_MOVED = 1, EXACT_PRUNED = -1 };
/*
 * Slide key toward dir: EXACT_MOVED with the new key in *out and the
 * merged tiles' sum in *reward, EXACT_ILLEGAL if nothing moves, or
 * EXACT_PRUNED if a blocker would move (a failure in a pattern).
 */
int exact_move(const struct exact_rules *r, uint64_t key, int dir,
    uint64_t *out, uint32_t *reward);
uint64_t exact_canon(const struct exact_rules *r, uint64_t key);
uint64_t exact_image(const struct exact_rules *r, uint64_t key, int s);
/* Whether nibble v of a key is a mover under r. */
static inline int
exact_is_mover(const struct exact_rules *r, int v)
{
	return v == EXACT_MOVER && r->nmovers > 0;
}

/*
 * images.c: a key's image under each symmetry by a table of each byte's
 * image, and the canonical key of an afterstate's child from the
 * afterstate's images (the images made once a move, not once a spawn).
 * The same keys as exact_image and exact_canon.
 */
struct exact_images {
	int nsyms, nbytes;
	/* byte[j][v][s]: byte j of value v's image under s, the images
	 * under every symmetry side by side: a cache line a byte */
	_Alignas(64) uint64_t byte[8][256][EXACT_SYMS];
	uint8_t shift[EXACT_SYMS][16];      /* 4 x cell i's image cell */
};
void exact_images_init(struct exact_images *im, const struct exact_rules *r);

static inline uint64_t
exact_image_of(const struct exact_images *im, uint64_t key, int s)
{
	uint64_t k = 0;
	int j;

	for (j = 0; j < im->nbytes; j++)
		k |= im->byte[j][key >> (8 * j) & 0xFF][s];
	return k;
}

/* Every image of key into img[EXACT_SYMS] (img[0]: key itself; 0
 * past the rules' nsyms). */
void exact_images_all(const struct exact_images *im, uint64_t key,
    uint64_t *img);

/* The canonical key of the afterstate of images img with rank spawned
 * in its empty cell i. */
static inline uint64_t
exact_canon_child(const struct exact_images *im, const uint64_t *img, int i,
    int rank)
{
	uint64_t best = img[0] | (uint64_t)rank << im->shift[0][i], k;
	int s;

	for (s = 1; s < im->nsyms; s++)
		if ((k = img[s] | (uint64_t)rank << im->shift[s][i]) < best)
			best = k;
	return best;
}

/* The sum of the tiles (blockers and movers not counted). */
uint64_t exact_sum(const struct exact_rules *r, uint64_t key);
int exact_max_rank(const struct exact_rules *r, uint64_t key);
/* The target is on the board (a win); a target tile off the pattern's
 * target cells (a loss). */
int exact_won(const struct exact_rules *r, uint64_t key);
int exact_lost(const struct exact_rules *r, uint64_t key);
/* Empty cells that may take a spawn, as a mask. */
unsigned exact_empty(const struct exact_rules *r, uint64_t key);

static inline int
exact_cell(uint64_t key, int i)
{
	return (int)(key >> (4 * i) & 0xF);
}

static inline uint64_t
exact_put(uint64_t key, int i, int rank)
{
	return (key & ~((uint64_t)0xF << (4 * i))) | (uint64_t)rank << (4 * i);
}

/* ---- the table in memory (opened from its file) ---------------------- */

struct exact_layer {
	uint64_t sum, count;
	const unsigned char *keys;      /* count little-endian u64 */
	const unsigned char *values;    /* count little-endian u32 */
};

/* The header's fields (man 5 2048-table). */
struct exact_header {
	int version;
	struct exact_rules rules;
	int value_kind;                 /* 0: u32 probability, 1: f32 score */
	uint64_t states, nlayers, bytes, checksum;
	uint64_t block;                 /* bytes a block (format 1: 0) */
	uint64_t pruned_moves, pruned_states, moves;
	double start;
	int maxrank;
	double reach_opt[EXACT_RANKS], reach_pol[EXACT_RANKS];
	int has_reach;
	uint64_t states_plain;          /* states without symmetry merged */
	char built[EXACT_BUILT_MAX];    /* the `built' line's text, kept so
	                                   that a header formats back whole */
	size_t sumpos;                  /* parsed: where the checksum line
	                                   starts (format 3: the text the
	                                   checksum covers ends there) */
};

/*
 * Whether 4x4 grid g, seen under symmetry s (0 to EXACT_SYMS - 1), fits
 * pattern r: every blocker cell a tile of at least the target, no two
 * equal side by side, every free cell at most the target, and each target
 * cell (`o') beside a large tile equal to the target, which the target
 * made there merges into.  Of a pattern with movers, the tiles above the
 * target outside the blocker cells are the movers, as many as it has,
 * and no two large tiles are equal.  rank[16] gets the image's ranks,
 * a mover's EXACT_MOVER.
 */
int exact_match(const struct exact_rules *r, g2048_grid g, int s, int *rank);

/* path opened to read (or, with rw, to write too) if it is a regular
 * file of at least a header's bytes: the descriptor, its size in *st; or
 * -1 with msg.  O_NONBLOCK: a FIFO is refused, not waited on. */
struct stat;
int exact_open_regular(const char *path, int rw, struct stat *st,
    char *msg, size_t msgsize);
/* A header of format 1 or 2 (no sum covers it) refused: -1, and msg says
 * how to make a file of format 3 of path. */
int exact_old_format(const struct exact_header *h, const char *path,
    char *msg, size_t msgsize);

/* The rules of table t. */
const struct exact_rules *exact_table_rules(const g2048_table *t);

/* Parse the text header in buf (EXACT_HEADER bytes): 0, or -1 with err.
 * Formats 1 to 3 parse (the older to be refused or upgraded by the
 * caller); in format 3 the checksum line is the last and only NULs
 * follow it. */
int exact_header_parse(const char *buf, size_t len, struct exact_header *h,
    char *err, size_t errsize);
/* Write h as the text header into buf (EXACT_HEADER bytes, NUL padded):
 * 0, or -1 if it does not fit. */
int exact_header_format(const struct exact_header *h, char *buf);
/* Format 3: h->checksum set to the sum of h's text before its checksum
 * line and of the blocks' sums (man 5 2048-table), and h written into
 * buf as exact_header_format: 0, or -1 if it does not fit. */
int exact_header_seal(struct exact_header *h, char *buf,
    const unsigned char *sums);

/* The bytes after the header that hold the states (the layer index,
 * the keys, the values), and (formats 2, 3) the blocks they are cut into. */
static inline uint64_t
exact_body_len(const struct exact_header *h)
{
	return 16 * h->nlayers + 12 * h->states;
}

static inline uint64_t
exact_nblocks(const struct exact_header *h)
{
	return h->block ? blocks_count(exact_body_len(h), h->block) : 0;
}

/* The public description of the table of header h, as
 * g2048_table_info_of gives it (a build's time and memory: 0). */
void exact_info_of(const struct exact_header *h, g2048_table_info *info);

static inline uint32_t
exact_rd32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static inline void
exact_wr64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static inline void
exact_wr32(unsigned char *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* A probability as the file keeps it, and back. */
uint32_t exact_prob_u32(double p);
double exact_u32_prob(uint32_t v);

/* ---- build.c: a build (g2048_exact_build), the state its passes share - */

#define EXACT_MAX_LAYERS 32768  /* sums up to 65534 */

/* A build's state, shared by its passes and the table written. */
struct exact_build {
	struct exact_rules r;
	struct exact_lines lines;
	struct exact_images images; /* of r's symmetries */
	const g2048_exact_opts *o;
	char dir[1024];
	int own_dir;                /* made here: removed at the end */
	int lock;                   /* the work directory's lock file */
	int nv;                     /* doubles a state: value, then reach */
	int nreach;                 /* reach ranks 1..nreach (board, score) */
	double p2, p4;
	struct timespec t0;
	pthread_mutex_t mlock;      /* of mem and mem_peak */
	uint64_t mem, mem_peak;
	/* the layers found: sum/2 -> count (0: none) */
	uint64_t count[EXACT_MAX_LAYERS];
	int have[EXACT_MAX_LAYERS];
	int top;                    /* the highest layer index */
	g2048_exact_report rep;
	char *err;
	size_t errsize;
};

/* ---- services.c: a build's memory, errors, progress and jobs -------- */

/* Seconds since the build began. */
double exact_elapsed(const struct exact_build *b);
/* "what path: strerror(errno)" into the build's err: -1. */
int exact_berr(struct exact_build *b, const char *what, const char *path);
/* malloc and free, counted in the build's memory and its peak. */
void *exact_balloc(struct exact_build *b, size_t n);
void exact_bfree(struct exact_build *b, void *p, size_t n);
/* Report progress to the caller: 0, or -1 with err if it asks to stop. */
int exact_progress(struct exact_build *b, int phase, uint64_t sum,
    uint64_t layers, uint64_t done, uint64_t states, uint64_t total);
/* fn on each of nt jobs of size bytes at jobs: job 0 on this thread,
 * the others each on a thread of its own (on this one where a thread
 * cannot be made). */
void exact_run_jobs(void *jobs, size_t size, int nt, void *(*fn)(void *));

/* ---- keyvec.c: growing vectors of keys, sorted and merged ------------ */

struct exact_vec {
	uint64_t *a;
	size_t n, cap;
};

/* 0, or -1 out of memory. */
int exact_vec_push(struct exact_build *b, struct exact_vec *v, uint64_t k);
void exact_vec_free(struct exact_build *b, struct exact_vec *v);
/* Sort v and drop its duplicates. */
int exact_vec_sort(struct exact_build *b, struct exact_vec *v);
/* Merge sorted, unique x into sorted, unique *into (x freed). */
int exact_vec_merge(struct exact_build *b, struct exact_vec *into,
    struct exact_vec *x);

/* ---- work.c: the work directory's files ------------------------------ */

/*
 * A layer's work file of kind 'k' (its keys), 'p' (its pruned moves),
 * 'v' (its values), 'a' (its reach): its path, the file written whole
 * or not at all with its length and checksum after it, read whole (NULL
 * with err if it is not there whole and sound), whether it is there with
 * n bytes that check (read whole), and (0, or -1 if it is not there) the
 * bytes it says it holds.
 */
void exact_path_of(const struct exact_build *b, char *p, size_t n,
    char kind, int layer);
int exact_save(struct exact_build *b, char kind, int layer, const void *p,
    size_t n);
void *exact_load(struct exact_build *b, char kind, int layer, size_t n);
int exact_exists(struct exact_build *b, char kind, int layer, size_t n);
int exact_work_size(const struct exact_build *b, char kind, int layer,
    size_t *n);
/* Write text as the whole file path: 0, or -1 with err. */
int exact_write_file(struct exact_build *b, const char *path,
    const char *text);
/* Lock the work directory and check it holds this build's work, if
 * any: 0, or -1 with err. */
int exact_check_dir(struct exact_build *b);
/* Remove the work files, and the directory if the build made it. */
void exact_remove_work(struct exact_build *b);

/* ---- forward.c: the forward pass ------------------------------------- */

/* The start: two tiles spawned in the free cells, weighted as a new game.
 * fn gets each (canonical) state with its probability. */
int exact_starts(struct exact_build *b,
    int (*fn)(struct exact_build *, uint64_t, double, void *), void *ctx);
/* Enumerate the layers into the work directory: 0, or -1 with err. */
int exact_forward(struct exact_build *b);

/* ---- backward.c: the backward pass ----------------------------------- */

/* Value the layers from the top down, then the start: 0, or -1 with err. */
int exact_backward(struct exact_build *b);

/* ---- sums.c: the sums of a table file -------------------------------- */

/* A hash of 64-bit words over bytes given in any pieces. */
struct exact_hasher {
	uint64_t h, len;
	unsigned char part[8];
	int npart;
};
void exact_hash_start(struct exact_hasher *hs, uint64_t h);
void exact_hash_add(struct exact_hasher *hs, const unsigned char *p,
    size_t n);
uint64_t exact_hash_end(struct exact_hasher *hs);
/* The checksum of n bytes at p (man 5 2048-table): of the blocks' sums
 * (format 2) or of the whole body (format 1). */
uint64_t exact_checksum(const unsigned char *p, size_t n);
/* Block b's sum: the same hash from a start that depends on b. */
uint64_t exact_block_sum(const unsigned char *p, size_t n, uint64_t b);
/* The checksum format 3 keeps: of hlen bytes of header text, then the
 * nblocks sums. */
uint64_t exact_header_sum(const char *hdr, size_t hlen,
    const unsigned char *sums, uint64_t nblocks);

/* ---- tablewrite.c: the table file written ---------------------------- */

/* Write the table file from the work files: 0, or -1 with err. */
int exact_write_table(struct exact_build *b, const char *path);

#endif
