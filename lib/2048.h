/*
 * 2048.h - the 2048-tools engine: boards, moves, spawns, the text format.
 *
 * The library does no I/O of its own, never exits and never prints; every
 * function returns its errors.  The lookup tables are built at compile time
 * (lib/mktables.c), so nothing is initialised at start-up and there is no
 * mutable global state.
 */
#ifndef G2048_H
#define G2048_H

#include <stddef.h>
#include <stdint.h>

#define G2048_VERSION "0.1.0"

#define G2048_SIDE     4        /* only 4x4 for now; the format names the size */
#define G2048_CELLS    16
#define G2048_MAX_RANK 17       /* 2^17 = 131072, the largest reachable tile */

/*
 * A grid holds each cell's rank r (tile 2^r, 0 = empty) in five bits split
 * over two words: the low four bits in nibbles of `lo` (cell i = row*4+col
 * at bits 4i..4i+3, so row r is the 16-bit word at bit 16r) and the fifth
 * bit in bit i of `hi`.  hi is zero until a tile reaches 65536, so the hot
 * path is nibble arithmetic on one word, yet every tile up to 131072 is exact.
 */
typedef struct {
	uint64_t lo;
	uint16_t hi;
} g2048_grid;

enum g2048_dir { G2048_UP, G2048_DOWN, G2048_LEFT, G2048_RIGHT };
#define G2048_NDIRS 4

/* ---- cells ---------------------------------------------------------- */

static inline int
g2048_rank(g2048_grid g, int cell)
{
	return (int)((g.lo >> (4 * cell)) & 0xF) | (((g.hi >> cell) & 1) << 4);
}

static inline g2048_grid
g2048_set_rank(g2048_grid g, int cell, int rank)
{
	g.lo = (g.lo & ~((uint64_t)0xF << (4 * cell))) |
	    ((uint64_t)(rank & 0xF) << (4 * cell));
	g.hi = (uint16_t)((g.hi & ~(1u << cell)) | ((unsigned)(rank >> 4) << cell));
	return g;
}

static inline int
g2048_grid_eq(g2048_grid a, g2048_grid b)
{
	return a.lo == b.lo && a.hi == b.hi;
}

/* tile value of a rank: 0 for empty, else 2^rank */
static inline uint32_t
g2048_tile(int rank)
{
	return rank ? (uint32_t)1 << rank : 0;
}

/* rank of a tile value, or -1 if it is not 0 or a power of two in 2..131072 */
int g2048_rank_of(uint64_t tile);

/* ---- moves ------------------------------------------------------------ */

/*
 * Move tables, generated at build time (lib/mktables.c), indexed by a
 * 16-bit row of nibbles (ranks 0..15).  row_left/row_right give the moved
 * row; col_up/col_down give the moved line with cell i at bits 16i, so a
 * column is moved from the transposed grid without transposing back.
 * Exposed only so that g2048_slide() inlines into search loops.
 */
extern const uint16_t g2048_row_left[65536];
extern const uint16_t g2048_row_right[65536];
extern const uint64_t g2048_col_up[65536];
extern const uint64_t g2048_col_down[65536];
extern const uint32_t g2048_row_score[65536];   /* merge score of a row */

/* The exact path, for any grid: five-bit ranks, a loop per line. */
g2048_grid g2048_slide_exact(g2048_grid g, enum g2048_dir d);

static inline uint64_t
g2048_transpose_lo(uint64_t x)
{
	uint64_t a = (x & 0xF0F00F0FF0F00F0FULL) |
	    ((x & 0x0000F0F00000F0F0ULL) << 12) |
	    ((x & 0x0F0F00000F0F0000ULL) >> 12);
	return (a & 0xFF00FF0000FF00FFULL) |
	    ((a & 0x00FF00FF00000000ULL) >> 24) |
	    ((a & 0x00000000FF00FF00ULL) << 24);
}

static inline uint16_t
g2048_transpose_hi(uint16_t x)
{
	unsigned t;

	t = (x ^ (x >> 3)) & 0x0A0Au;
	x = (uint16_t)(x ^ t ^ (t << 3));
	t = (x ^ (x >> 6)) & 0x00CCu;
	x = (uint16_t)(x ^ t ^ (t << 6));
	return x;
}

static inline g2048_grid
g2048_transpose(g2048_grid g)
{
	g2048_grid t = { g2048_transpose_lo(g.lo), g2048_transpose_hi(g.hi) };
	return t;
}

/*
 * The nibble tables are exact unless a merge can make 65536: that needs a
 * tile of 65536 or more already (hi != 0) or two 32768 tiles (two nibbles
 * of 15).  Both are rare, and then the exact path runs.
 */
static inline int
g2048_fast_ok(g2048_grid g)
{
	uint64_t m = g.lo & (g.lo >> 1) & (g.lo >> 2) & (g.lo >> 3) &
	    0x1111111111111111ULL;

	return g.hi == 0 && (m & (m - 1)) == 0;
}

static inline uint64_t
g2048_rows_by(uint64_t x, const uint16_t *t)
{
	return (uint64_t)t[x & 0xFFFF] |
	    (uint64_t)t[(x >> 16) & 0xFFFF] << 16 |
	    (uint64_t)t[(x >> 32) & 0xFFFF] << 32 |
	    (uint64_t)t[x >> 48] << 48;
}

static inline uint64_t
g2048_cols_by(uint64_t x, const uint64_t *t)
{
	uint64_t c = g2048_transpose_lo(x);

	return t[c & 0xFFFF] |
	    t[(c >> 16) & 0xFFFF] << 4 |
	    t[(c >> 32) & 0xFFFF] << 8 |
	    t[c >> 48] << 12;
}

/* The grid after sliding toward d; equal to g when d is not legal. */
static inline g2048_grid
g2048_slide(g2048_grid g, enum g2048_dir d)
{
	g2048_grid r = { 0, 0 };

	if (!g2048_fast_ok(g))
		return g2048_slide_exact(g, d);
	switch (d) {
	case G2048_LEFT:
		r.lo = g2048_rows_by(g.lo, g2048_row_left);
		break;
	case G2048_RIGHT:
		r.lo = g2048_rows_by(g.lo, g2048_row_right);
		break;
	case G2048_UP:
		r.lo = g2048_cols_by(g.lo, g2048_col_up);
		break;
	default:
		r.lo = g2048_cols_by(g.lo, g2048_col_down);
		break;
	}
	return r;
}

/*
 * Slide *g toward d and return the score gained (the sum of the merged
 * tiles), or -1 when the move changes nothing (*g is then unchanged).
 */
long g2048_move(g2048_grid *g, enum g2048_dir d);

/* Bit d (1 << G2048_LEFT ...) set for every legal direction. */
unsigned g2048_legal(g2048_grid g);
int g2048_over(g2048_grid g);            /* no legal move */
int g2048_empty_count(g2048_grid g);
int g2048_max_rank(g2048_grid g);

/* "up", "down", "left", "right"; parse also takes u/d/l/r. -1 if unknown. */
const char *g2048_dir_name(enum g2048_dir d);
int g2048_dir_parse(const char *s);

/* ---- randomness: PCG32 (O'Neill 2014, XSH-RR 64/32) --------------------- */

typedef struct {
	uint64_t state;
	uint64_t inc;      /* stream selector, always odd */
	uint64_t seed;     /* what g2048_rng_seed() was given, for the header */
	uint64_t draws;    /* 32-bit outputs taken since seeding */
} g2048_rng;

#define G2048_STREAM 0x2048   /* the stream every game uses */

void g2048_rng_init(g2048_rng *r, uint64_t initstate, uint64_t initseq);
/* A game's generator: seed on stream G2048_STREAM, then `draws` outputs on. */
void g2048_rng_seed(g2048_rng *r, uint64_t seed, uint64_t draws);
uint32_t g2048_rng_next(g2048_rng *r);
uint32_t g2048_rng_bounded(g2048_rng *r, uint32_t bound);   /* unbiased */
void g2048_rng_advance(g2048_rng *r, uint64_t delta);        /* O(log delta) */

/*
 * Spawn: a uniformly chosen empty cell (one bounded draw over the empty
 * cells in reading order) gets a 4 if the next draw is below
 * four * 2^32, else a 2.  Returns the cell, or -1 if the grid is full.
 * G2048_FOUR_DEFAULT is four = 0.1.
 */
#define G2048_FOUR_DEFAULT 429496730u   /* round(0.1 * 2^32) */
uint64_t g2048_four_threshold(double four);  /* four in [0, 1] */
int g2048_spawn(g2048_grid *g, g2048_rng *r, uint64_t four_threshold);
/* The cell'th empty cell (0-based) in reading order, or -1. */
int g2048_nth_empty(g2048_grid g, int n);

/* ---- a board: a grid with its game state (the text format, 2048(5)) ---- */

#define G2048_EXTRA_MAX 8      /* unknown header lines kept per board */
#define G2048_EXTRA_LEN 128    /* longest kept header line, with its NUL */

typedef struct {
	g2048_grid grid;
	uint64_t score;
	uint64_t moves;
	int last_move;             /* the `move` key: a direction, or -1 */
	int has_rng;               /* `seed` and `draws` present */
	uint64_t seed, draws;
	int has_prob;              /* `prob`, set by 2048-spawn --all */
	double prob;
	int nextra;                /* unknown `key value` lines, verbatim */
	char extra[G2048_EXTRA_MAX][G2048_EXTRA_LEN];
} g2048_board;

void g2048_board_init(g2048_board *b);   /* empty grid, no state */

/* Text form.  Both return the length written (excluding the NUL) or -1 if
 * buf is too small; G2048_TEXT_MAX always suffices. */
#define G2048_TEXT_MAX 4096
int g2048_format(const g2048_board *b, char *buf, size_t size);
int g2048_format_compact(const g2048_board *b, char *buf, size_t size);

/* Parse one board from text (either form); 0, or -1 with a message in err. */
int g2048_parse(const char *text, g2048_board *b, char *err, size_t errsize);

/*
 * A stream reader over a caller-owned file descriptor, in constant memory:
 * boards separated by blank lines, in either form.  It reads with read(2),
 * so it never waits for more input than the board it is reading.
 */
#define G2048_LINE_MAX 4096        /* longest line accepted */
#define G2048_READ_BUF 65536
typedef struct {
	int fd;
	const char *name;          /* for messages, e.g. "<stdin>" */
	unsigned long lineno;      /* lines read so far; an error's line */
	unsigned long board_line;  /* first line of the last board read */
	char err[256];             /* last error, without name and line */
	/* called, if set, before every read(2) that may block: a tool flushes
	 * its output there, so it works as a coprocess */
	void (*before_read)(void);
	/* internal */
	int pstate, prows, pseen, eof;
	size_t pos, end;
	char buf[G2048_READ_BUF];
} g2048_reader;

void g2048_reader_init(g2048_reader *rd, int fd, const char *name);
/* 1 board read, 0 end of input, -1 error (rd->err at rd->lineno; for a
 * read error errno is set and rd->lineno is 0). */
int g2048_read(g2048_reader *rd, g2048_board *b);

/*
 * Games and their random streams.  A board's `seed` and `draws` name its
 * generator's position, so a game goes on across processes: a spawn on a
 * board continues that board's stream.  This is the one spawn law of every
 * tool: 2048-new, 2048-spawn, 2048-solve --play and 2048-play.
 */
/* Empty grid, two spawns from the generator of `seed`; score and moves 0. */
void g2048_new_game(g2048_board *b, uint64_t seed, uint64_t four_threshold);
/* Spawn with r and record r's position in b; the cell, or -1 when full. */
int g2048_board_spawn_rng(g2048_board *b, g2048_rng *r,
    uint64_t four_threshold);
/* Spawn from b's own stream (b->has_rng must be set); cell or -1. */
int g2048_board_spawn(g2048_board *b, uint64_t four_threshold);
/* Apply a move to a board: grid, score, moves and `move`; as g2048_move. */
long g2048_board_move(g2048_board *b, enum g2048_dir d);

/* --- evaluation (2048-eval) ------------------------------------------- */

/*
 * A heuristic, its weights and its row tables (opaque).  Heuristics:
 * "lines", the per-line evaluator of the expectimax players (the default
 * when NULL), and "xu", Xu (2018).  weights: NULL or "k=v,k=v" overriding
 * that heuristic's named parameters (g2048_eval_params).  NULL on error
 * with a one-line message in err.  Builds its 65536-entry row tables here
 * (this is the only allocation, about 1.8 MB; only 0.5 MB of it, the
 * lines table, is read by g2048_eval_grid for "lines").  It is never
 * changed afterwards, so threads may share one.  man/2048-eval.1 gives
 * every formula.
 */
typedef struct g2048_eval g2048_eval;

g2048_eval *g2048_eval_new(const char *heuristic, const char *weights,
    char *err, size_t errsize);
void g2048_eval_free(g2048_eval *e);
/* Check heuristic and weights as g2048_eval_new does, without building
 * anything: 0, or -1 with the same message. */
int g2048_eval_check(const char *heuristic, const char *weights,
    char *err, size_t errsize);

/*
 * The heuristic value of a grid: higher is better; a few table lookups
 * (rows, and columns via g2048_transpose), exact also for grids with tiles
 * >= 65536 (hi != 0: a slower path that gives the same bits).
 */
double g2048_eval_grid(const g2048_eval *e, g2048_grid g);

#define G2048_EVAL_TERMS_MAX  8
#define G2048_EVAL_PARAMS_MAX 8

/* The i'th heuristic's name (0, 1, ...), NULL past the last. */
const char *g2048_eval_heuristic(int i);
const char *g2048_eval_name(const g2048_eval *e);

/* The parameters in order, each term's weight first; returns their count
 * (<= G2048_EVAL_PARAMS_MAX).  names[] point to static strings. */
int g2048_eval_params(const g2048_eval *e, const char **names,
    double *values);

/*
 * The terms of g, computed cell by cell (for display, not for search):
 * name (the name of its weight), weight and value.  The heuristic value is
 * the sum of weight * value over the terms, up to rounding.  Penalties
 * have negative values.  Returns the count (<= G2048_EVAL_TERMS_MAX).
 */
typedef struct {
	const char *name;
	double weight;
	double value;
} g2048_eval_term;

int g2048_eval_terms(const g2048_eval *e, g2048_grid g,
    g2048_eval_term *terms);

/* --- search (2048-solve) ---------------------------------------------- */

struct g2048_eval;

enum g2048_algo {
	G2048_EXPECTIMAX,   /* max over moves, mean over every spawn */
	G2048_MINIMAX,      /* alpha-beta; the min node puts a 2 in the worst cell */
	G2048_GREEDY,       /* the move that scores most now; ties by heuristic */
	G2048_RANDOM        /* a uniformly random legal move */
};

/*
 * How to search.  Every field is a switch of its own, so the benchmark can
 * measure each one.  Unless time_ms is set, the result is a function of the
 * grid and these options only: neither timing nor the thread count
 * changes it.
 */
typedef struct {
	enum g2048_algo algo;
	int depth;          /* moves looked ahead (1: the move only); 0: adaptive */
	int depth_min;      /* adaptive: max(depth_min, distinct tiles - depth_sub) */
	int depth_sub;
	int depth_max;
	double cutoff;      /* a spawn path less likely than this is a leaf
	                       (as doubles, rounded: 2048-solve(1)); 0: off */
	double cutoff_crowded;  /* the cutoff when the board has at most */
	int crowded;            /* this many empty cells (0: never) */
	double deepen;      /* >0: when the best move's value is below deepen
	                       times the heuristic of the board it leads to,
	                       search again: */
	int deepen_sub;     /* depth distinct tiles - deepen_sub, at least the
	                       first search's and at most deepen_max, */
	int deepen_max;
	double deepen_cutoff;   /* with this cutoff (expectimax only) */
	int tt_bits;        /* transposition table of 2^tt_bits entries; 0: off */
	int tt_depth;       /* cache only nodes fewer moves than this from the root */
	int threads;        /* root moves searched in parallel (1: none) */
	int lost;           /* a board that cannot move is lost (else: heuristic) */
	int bitboard;       /* table-driven moves (else: the cell-by-cell path) */
	unsigned time_ms;   /* >0: iterative deepening in this budget, per move;
	                       depends on timing, so not reproducible */
} g2048_search_opts;

void g2048_search_defaults(g2048_search_opts *o);   /* the default setting */
void g2048_search_fast(g2048_search_opts *o);       /* >= 1000 moves/s */

typedef struct {
	int dir;                     /* the best direction, -1 if none is legal */
	unsigned legal;              /* 1 << d for every legal direction */
	double value[G2048_NDIRS];   /* each legal move's value */
	int depth;                   /* depth searched (the deepest completed) */
	int deepened;                /* searched again, deeper (opts.deepen) */
	uint64_t nodes;              /* moves made in the search */
	double seconds;              /* wall time of the search */
} g2048_search_result;

/* A search context: options, heuristic, transposition tables, threads.
 * e stays owned by the caller and must outlive the context. */
typedef struct g2048_search g2048_search;
g2048_search *g2048_search_new(const g2048_search_opts *o,
    const struct g2048_eval *e, char *err, size_t errsize);
void g2048_search_free(g2048_search *s);
/*
 * Search g and fill *r; returns r->dir.  rng is drawn from only by
 * G2048_RANDOM (one bounded draw per move) and may be NULL otherwise.
 */
int g2048_search_run(g2048_search *s, g2048_grid g, g2048_rng *rng,
    g2048_search_result *r);

/* The default search's best direction for g, or -1 when no move is legal
 * (or memory ran out).  It builds and frees its own context each call. */
int g2048_hint(g2048_grid g);

#endif
