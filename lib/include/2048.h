/*
 * 2048.h - the interface of lib2048, the 2048-tools engine, in sections
 * by the room that defines them (HACKING.md): grid (cells, moves, boards,
 * games), text, eval, search (its options), net, exact (table queries),
 * and the player over them all.  man 3 lib2048 is its manual.  The tools'
 * own entry points (building tables, training nets, the stream writer,
 * the kept files) are in 2048-private.h, not installed.
 *
 * The library does no I/O of its own, never exits and never prints; every
 * function returns its errors.  The lookup tables are built at compile
 * time: nothing is initialised at start-up, no mutable global state.
 *
 * One file of over 500 lines: the one header installed, read top down.
 */
#ifndef G2048_H
#define G2048_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

#define G2048_VERSION "0.1.0"

#define G2048_SIDE     4        /* the classic board, 4x4: the grid below */
#define G2048_CELLS    16
#define G2048_MAX_RANK 17       /* 2^17 = 131072, the 4x4 board's largest tile */

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

/* ---- room grid: cells -------------------------------------------------- */

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

/* ---- room grid: boards of every size, the general path ----------------- */

/*
 * A board of any size, rows x cols with each from 2 to 8: each cell's
 * rank in reading order (cell i = row * cols + col).  The 4x4 grid above
 * is the classic board's fast path; these work for every size, 4x4
 * included, a loop per line.  A cell holds a rank up to the board's cap,
 * the largest tile a game of that size can make, 2^(cells + 1), and never
 * past 2^G2048_RANK_LIMIT (what the compact form's digits 0-9 a-z A-Z
 * spell); two tiles of the cap's rank side by side do not merge.
 */
#define G2048_SIZE_MIN   2
#define G2048_SIZE_MAX   8
#define G2048_CELLS_MAX  64
#define G2048_RANK_LIMIT 61

typedef struct {
	int rows, cols;
	uint8_t rank[G2048_CELLS_MAX];
} g2048_cells;

/* ---- room grid: moves -------------------------------------------------- */

/*
 * Slide *g toward d and return the score gained (the sum of the merged
 * tiles), or -1 when the move changes nothing (*g is then unchanged).
 */
long g2048_move(g2048_grid *g, enum g2048_dir d);
/*
 * The lean move, for a search's inner loop: the grid slid toward d (equal
 * to g when d is not legal), without the score or the legality check of
 * g2048_move.  The same grid as g2048_move gives, for every grid.
 */
g2048_grid g2048_slide(g2048_grid g, enum g2048_dir d);

/* Bit d (1 << G2048_LEFT ...) set for every legal direction. */
unsigned g2048_legal(g2048_grid g);
int g2048_over(g2048_grid g);            /* no legal move */
int g2048_empty_count(g2048_grid g);
int g2048_max_rank(g2048_grid g);

/* The cell (0-15) at position pos of line `line' (0-3) in a move toward
 * d; position 0 is the front, where the tiles go. */
int g2048_line_cell(enum g2048_dir d, int line, int pos);

/* "up", "down", "left", "right"; parse also takes u/d/l/r. -1 if unknown. */
const char *g2048_dir_name(enum g2048_dir d);
int g2048_dir_parse(const char *s);

/* ---- room grid: boards, a grid with its game state --------------------- */

#define G2048_EXTRA_MAX 8      /* unknown header lines kept per board */
#define G2048_EXTRA_LEN 128    /* longest kept header line, with its NUL */

/*
 * A board carries its rules: its size (4x4, the classic board, keeps its
 * cells in grid; any other size in cells, whose rows and cols are the
 * board's) and the probability of a 4 in its spawns (the `four` key,
 * written only when it is not 0.1).
 */
typedef struct {
	int rows, cols;            /* 4 and 4 unless a variant */
	g2048_grid grid;           /* the cells of a 4x4 board */
	g2048_cells cells;         /* the cells of a board of any other size */
	double four;               /* probability of a 4: 0.1 unless `four` */
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

void g2048_board_init(g2048_board *b);   /* empty 4x4 grid, four 0.1, no state */
/* An empty board of any size (0, or -1 if a side is outside 2..8). */
int g2048_board_init_size(g2048_board *b, int rows, int cols);
/* 1 for the classic 4x4 board, whose cells are in b->grid. */
int g2048_board_is_4x4(const g2048_board *b);
/* The board's cells, whatever its size (a 4x4 grid converted), and the
 * other way: b takes c's size and cells. */
void g2048_board_get_cells(const g2048_board *b, g2048_cells *c);
void g2048_board_set_cells(g2048_board *b, const g2048_cells *c);

/* ---- room grid: games (randomness, spawns, a game's step) -------------- */

/* Randomness: PCG32 (O'Neill 2014, XSH-RR 64/32). */

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
#define G2048_FOUR_PROB    0.1          /* a board's four unless told */
uint64_t g2048_four_threshold(double four);  /* four in [0, 1] */
int g2048_spawn(g2048_grid *g, g2048_rng *r, uint64_t four_threshold);
/*
 * A game's step in one call, for environments that step many games: move
 * *g toward d and, when it moved, spawn from r; *after (unless NULL) gets
 * the grid between the move and the spawn, *legal the legal moves of the
 * grid after the step.  Returns the move's score, or -1 when d is not
 * legal (*g and r unchanged, *after not written).
 */
long g2048_step(g2048_grid *g, g2048_grid *after, g2048_rng *r,
    uint64_t four_threshold, enum g2048_dir d, unsigned *legal);

/*
 * Games and their random streams.  A board's `seed` and `draws` name its
 * generator's position, so a game goes on across processes: a spawn on a
 * board continues that board's stream.  This is the one spawn law of every
 * tool: 2048-new, 2048-spawn, 2048-solve --play and 2048-play.
 */
/* A classic game (4x4, four 0.1): an empty board, two spawns from the
 * generator of `seed`; score and moves 0. */
void g2048_new_game(g2048_board *b, uint64_t seed);
/* The same on a rows x cols board whose spawns give a 4 with probability
 * four (the board keeps it): 0, or -1 (b unchanged) if a side is outside
 * 2..8 or four outside [0, 1]. */
int g2048_new_game_size(g2048_board *b, int rows, int cols, double four,
    uint64_t seed);
/*
 * A board's counters (score, moves, draws) never wrap: a move or a spawn
 * that would take one past 2^64 - 1 is not made and returns
 * G2048_OVERFLOW, with b (and r) unchanged.
 */
#define G2048_OVERFLOW (-2)
/*
 * The board-level functions work on a board of any size and spawn with
 * the board's own odds (b->four).
 */
/* Spawn with r and record r's position in b; the cell, -1 when full. */
int g2048_board_spawn_rng(g2048_board *b, g2048_rng *r);
/* Spawn from b's own stream (b->has_rng must be set); cell or -1. */
int g2048_board_spawn(g2048_board *b);
/* Apply a move to a board: cells, score, moves and `move`; as g2048_move
 * (G2048_OVERFLOW also when the move's own score passes LONG_MAX). */
long g2048_board_move(g2048_board *b, enum g2048_dir d);

/* ---- room text: boards as text (2048(5)), their streams ---------------- */

/* Text form.  Both return the length written (excluding the NUL) or -1 if
 * buf is too small; G2048_TEXT_MAX always suffices. */
#define G2048_TEXT_MAX 4096
int g2048_format(const g2048_board *b, char *buf, size_t size);
int g2048_format_compact(const g2048_board *b, char *buf, size_t size);

/* Parse one board from text (either form); 0, or -1 with a message in err. */
int g2048_parse(const char *text, g2048_board *b, char *err, size_t errsize);

/*
 * A stream reader over a caller-owned file descriptor, in constant memory
 * (about 64 KiB): boards separated by blank lines, in either form.  It
 * reads with read(2), so it never waits for more input than the board it
 * is reading.  name is kept (not copied) for the caller's messages.
 */
#define G2048_LINE_MAX 4096        /* longest line accepted */
typedef struct g2048_reader g2048_reader;

g2048_reader *g2048_reader_new(int fd, const char *name);  /* NULL: no memory */
void g2048_reader_free(g2048_reader *rd);
/* 1 board read, 0 end of input, -1 error (g2048_reader_error at
 * g2048_reader_line; for a read error errno is set and the line is 0). */
int g2048_read(g2048_reader *rd, g2048_board *b);
const char *g2048_reader_name(const g2048_reader *rd);
const char *g2048_reader_error(const g2048_reader *rd);   /* without name, line */
unsigned long g2048_reader_line(const g2048_reader *rd);        /* lines read */
unsigned long g2048_reader_board_line(const g2048_reader *rd);  /* the last board's first */

/* ---- room eval: evaluation (2048-eval) --------------------------------- */

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
 * (rows, and columns of the transposed grid), exact also for grids with tiles
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

/*
 * Boards of any size.  Both heuristics value every size, a line of 2 to 8
 * cells as a line of four (man/2048-eval.1); a net values 4x4 boards only.
 * g2048_eval_fits: 1 if e values a board of rows x cols.
 */
int g2048_eval_fits(const g2048_eval *e, int rows, int cols);

/* ---- room search: the search (2048-solve) ------------------------------ */

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
	int tt_bits;        /* transposition table of up to 2^tt_bits entries,
	                       grown as the search needs; 0: off */
	int tt_depth;       /* cache only nodes fewer moves than this from the root */
	int threads;        /* root moves searched in parallel (1: none) */
	int lost;           /* a board that cannot move is lost (else: heuristic) */
	int bitboard;       /* table-driven moves (else: the cell-by-cell path) */
#define G2048_DOWNGRADE_DEFAULT 14   /* 16384 */
	int downgrade;      /* with a net: boards whose largest tile has this
	                       rank or more are valued tile-downgraded
	                       (2048-solve(1) --downgrade); 0: never */
	unsigned time_ms;   /* >0: iterative deepening in this budget, per move;
	                       depends on timing, so not reproducible */
	int leaves_bits;    /* a board other than 4x4: the adaptive depth is
	                       lowered while the search's estimated leaves
	                       (2048-solve(1)) pass 2^leaves_bits; 0: never */
	double prune;       /* >0, expectimax on a 4x4 board: a chance node
	                       below the root's whose board the evaluator
	                       values more than prune under the board
	                       searched is a leaf; 0: off */
	int corner;         /* expectimax on a 4x4 board, with an evaluator
	                       that has the form (lines): each board searched
	                       turned toward its corner that the evaluator
	                       values most, lines valued as falling from it
	                       alone (the default); 0: off */
} g2048_search_opts;

void g2048_search_defaults(g2048_search_opts *o);   /* the default setting */
void g2048_search_fast(g2048_search_opts *o);       /* >= 1000 moves/s */
/* The same two with a net as the evaluator: see man 1 2048-solve. */
void g2048_search_net_defaults(g2048_search_opts *o);
void g2048_search_net_fast(g2048_search_opts *o);

/* The options' ranges, which g2048_search_check enforces. */
#define G2048_DEPTH_MAX    15     /* depth, depth_max, deepen_max; and the
                                     most depth_sub, deepen_sub take off */
#define G2048_CUTOFF_MAX   0.5    /* the cutoffs (0.45 already prunes all) */
#define G2048_DEEPEN_MAX   2.0    /* deepen */
#define G2048_PRUNE_MAX    1e12   /* prune: past any evaluator's range */
#define G2048_TT_BITS_MAX  28
#define G2048_THREADS_MAX  256
#define G2048_LEAVES_BITS_MAX 40
/* 0, or -1 with a one-line message naming the option and its range. */
int g2048_search_check(const g2048_search_opts *o, char *err, size_t errsize);

/* ---- room net: n-tuple networks (2048-learn, --net) -------------------- */

/*
 * An n-tuple network: tuples of cells, each with one weight table of 16^k
 * entries shared by its eight symmetric images, in one or more stages
 * (a set of weights per stage, chosen by the board's largest tile).
 * Tiles past 32768 are valued as 32768.  man 5 2048-net gives the file.
 * A loaded or trained net is read by any number of threads at once.
 */
typedef struct g2048_net g2048_net;

#define G2048_NET_TUPLES_MAX 32
#define G2048_NET_CELLS_MAX  7     /* cells of a tuple: 2 to 7 */
#define G2048_NET_STAGES_MAX 8

#define G2048_NET_TEXT_MAX   256

/* How a net is built and how it was trained (the file's header). */
typedef struct {
	char tuples[G2048_NET_TEXT_MAX];   /* "012345 456789 ..." */
	char stages[G2048_NET_TEXT_MAX];   /* "1", or "3 16384 32768" */
	int ntuples, nstages;
	uint64_t weights;                  /* all stages */
	int tc;                            /* holds TC accumulators */
	uint64_t games, moves;             /* trained so far */
	uint64_t seed;                     /* of the training games */
	char train[G2048_NET_TEXT_MAX];    /* the training's parameters */
} g2048_net_info;

/* Map a net file (man 5 2048-net), checking it whole; NULL on error. */
g2048_net *g2048_net_load(const char *path, char *err, size_t errsize);
/*
 * Map a net file to evaluate with: a file of format 2 is checked block by
 * block as its weights are first read (its header and the blocks'
 * checksums now), so that opening a large net costs what is read of it;
 * format 1 is checked whole now.  A block read that does not match makes
 * g2048_net_check fail: ask it before using what the net valued.
 * Training, saving and promotion check the rest first.  NULL on error.
 */
g2048_net *g2048_net_open(const char *path, char *err, size_t errsize);
/* 0 if every weight n has read was as in its file, else -1 with err
 * ("FILE: corrupt: ..."). */
int g2048_net_check(const g2048_net *n, char *err, size_t errsize);
void g2048_net_free(g2048_net *n);
const g2048_net_info *g2048_net_info_of(const g2048_net *n);
/* The rank from which n best values boards tile-downgraded (the search
 * option downgrade): 0 (never) for a net trained with halves (halves=1),
 * which learns the late boards as they are; G2048_DOWNGRADE_DEFAULT for
 * any other. */
int g2048_net_downgrade(const g2048_net *n);
/* The net's value of g: the sum of the weights its images index. */
double g2048_net_value(const g2048_net *n, g2048_grid g);
/* An evaluator that is the net's value (g2048_net_value), for the search
 * and 2048-eval: n stays the caller's and must outlive it.  The search
 * adds each move's score to a net's values, as the net was trained. */
g2048_eval *g2048_eval_net(const g2048_net *n, char *err,
    size_t errsize);

/* ---- room exact: exact tables (2048-table) ----------------------------- */
/*
 * Exact tables (man 5 2048-table), built by 2048-table: every state of a
 * whole small board's game, or of a 4x4 endgame pattern's (its large
 * tiles fixed), valued under optimal play: the probability of reaching
 * the target, or (small boards) the expected final score.
 */
enum { G2048_EXACT_PROB, G2048_EXACT_SCORE };
#define G2048_EXACT_RANKS 16    /* reach[] below: by rank, 2^rank */

/* What a build made (also in the table's header). */
typedef struct {
	uint64_t states;        /* symmetric states merged */
	uint64_t states_plain;  /* every state, images counted apart */
	uint64_t layers;
	uint64_t pruned_moves;  /* (state, move) pairs pruned: a blocker moved */
	uint64_t pruned_states; /* states whose every legal move was pruned */
	uint64_t moves;         /* (state, legal move) pairs, pruned ones too */
	double start;           /* the value of a new game (of the free cells) */
	int maxrank;            /* the largest tile reached, a rank */
	int has_reach;          /* board, score objective: the reach[] below */
	/* the probability of reaching tile 2^r: under play that maximises
	 * it, and under play that maximises the score */
	double reach_opt[G2048_EXACT_RANKS], reach_pol[G2048_EXACT_RANKS];
	uint64_t bytes;         /* of the table file */
	uint64_t checksum;
	uint64_t memory_peak;   /* bytes the build held at most */
	uint64_t layers_resumed;    /* layers found done in workdir */
	double seconds;
} g2048_exact_report;

/*
 * A table file, mapped read-only: its size, its header (against the
 * header's checksum, of its text and the blocks' sums) and index are
 * checked when it is opened, and each block of its states when a query
 * first reads it.  Files of formats 1 and 2 are refused.  Any number of
 * threads may query one at once.  A file that shrinks while mapped makes
 * a read of it raise SIGBUS.
 */
typedef struct g2048_table g2048_table;

typedef struct {
	int board;              /* 1: a whole rows x cols board; 0: a pattern */
	int rows, cols;
	char pattern[64];       /* the spec: "3x3" or "..../..../.xxx/.xxx" */
	char name[64];          /* a named pattern's name, or the spec */
	int target;             /* rank, 0 none */
	int objective;
	double four;
	int symmetries;
	int format;             /* of the file: 3 (2048-table(5)) */
	uint64_t block;         /* bytes a checked block */
	g2048_exact_report built;   /* seconds, memory_peak, layers_resumed 0 */
} g2048_table_info;

g2048_table *g2048_table_open(const char *path, char *err, size_t errsize);
void g2048_table_close(g2048_table *t);
const g2048_table_info *g2048_table_info_of(const g2048_table *t);
/* 0, or -1 and the message in err once a block a query read failed its
 * check (every query of t since then: G2048_TABLE_CORRUPT). */
int g2048_table_check(const g2048_table *t, char *err, size_t errsize);
#define G2048_TABLE_UNCOVERED (-2)
#define G2048_TABLE_CORRUPT   (-3)
typedef struct {
	int dir;                /* the best move; -1 none (a game won or over);
	                           G2048_TABLE_UNCOVERED, G2048_TABLE_CORRUPT
	                           (g2048_table_check) */
	unsigned legal;         /* 1 << d: legal in the game */
	unsigned pruned;        /* legal, but a blocker would move: value 0 */
	double value[G2048_NDIRS];  /* each legal move's exact value */
	double board;           /* the board's: the best move's, 1 won, 0 over */
	int won;                /* the target is on the board */
} g2048_table_result;

/*
 * A 4x4 grid under a pattern's table: covered when every blocker cell
 * holds a tile of at least the target (no two equal side by side), every
 * free cell a tile below it, and the table holds every state a legal
 * move can lead to.  The large tiles are masked to blockers.  A pattern
 * whose large tiles may move (`X') takes as many tiles above the target
 * outside its blocker cells, no two large tiles equal.  Fills r and
 * returns r->dir.
 */
int g2048_table_query(const g2048_table *t, g2048_grid g,
    g2048_table_result *r);
int g2048_table_covers(const g2048_table *t, g2048_grid g);
/* The same for a small board's table: ranks[] of its n = rows * cols
 * cells in reading order (n must match). */
int g2048_table_query_cells(const g2048_table *t, const int *ranks, int n,
    g2048_table_result *r);

/* ---- room player: the tables, then the search -------------------------- */

/*
 * A player decides a board's move the one way 2048-solve, 2048-play's hint
 * and 2048-review do, taking the first answer of: 1. a whole board's exact
 * table of the board's size and odds that covers it (else, solve_cells, a
 * small board solved exactly in memory); 2. on a 4x4 board of
 * the classic odds, with expectimax, the chain tables (files, cache,
 * computed or their digest) where their move is chain_min sure, else the
 * search; 3. else, from a tile of table_from, a 4x4 pattern's table where
 * its move is table_min sure; 4. the search, with the evaluator that values
 * the board.  Its decision says what decided, which table, and the values.
 */
#define G2048_SOLVE_CELLS 6     /* solve_cells' most (2x3: 0.1 s; 3x3: minutes) */
/* Which chain tables a player consults. */
enum g2048_chain_use {
	G2048_CHAIN_NONE,       /* none */
	G2048_CHAIN_FOLDER,     /* the folder's two files, else its digest */
	G2048_CHAIN_COMPUTE     /* the folder's two files, else tables
	                           computed as boards ask (minutes, GB) */
};

typedef struct {
	/* the search, its evaluator (the caller's, outliving the player) */
	g2048_search_opts search;
	const g2048_eval *eval;
	/* for boards eval does not value (NULL: G2048_UNFIT) */
	g2048_search_opts other_search;
	const g2048_eval *other_eval;
	const char *tables;     /* a folder of tables (2048-table), or NULL;
	                           only read while g2048_player_new runs */
	int tables_named;       /* the user's folder: a net plays by its 4x4
	                           tables too (else not: bench/EXACT.md) */
	enum g2048_chain_use chain;
	const char *chain_cache;  /* the chain cache's folder, or NULL */
	int chain_lookup_only;  /* the chain tables compute nothing (a hint) */
	double table_min;       /* a pattern table decides where this sure, */
	int table_from;         /* from a tile of this rank on */
	double chain_min;       /* a chain table decides where this sure */
	int exact;              /* a board that no whole board's table holds
	                           is not searched: G2048_UNCOVERED */
	int solve_cells;        /* with expectimax, a board of at most this many
	                           cells no table holds is solved in memory */
	int drop_broken;        /* a table that fails its check is dropped,
	                           the move decided again without it */
} g2048_player_opts;

/* Defaults: the default setting, no tables, no chain tables. */
void g2048_player_defaults(g2048_player_opts *o);
/* The search options of a setting: the default (fast 0) or --fast, of a
 * net (net 1; other_search the heuristic's) or of the heuristic (both);
 * the rest of o as it is.  The one place the presets live. */
void g2048_player_setting(g2048_player_opts *o, int fast, int net);
/* The ranges of o's options (both searches' too): 0, or -1 with a
 * one-line message naming the option. */
int g2048_player_check(const g2048_player_opts *o, char *err,
    size_t errsize);

typedef struct g2048_player g2048_player;

/* A player: its searches made, its tables opened; NULL and why in err. */
g2048_player *g2048_player_new(const g2048_player_opts *o, char *err,
    size_t errsize);
/* A player of no tables: the search with options o and evaluator e. */
g2048_player *g2048_player_new_search(const g2048_search_opts *o,
    const g2048_eval *e, char *err, size_t errsize);
/* A player with p's tables (shared, thread-safe; p must outlive it) and
 * searches of its own on threads threads: one a thread of games. */
g2048_player *g2048_player_fork(const g2048_player *p, int threads,
    char *err, size_t errsize);
void g2048_player_free(g2048_player *p);
/* With a time budget (time_ms), count the next search's budget from
 * origin: as g2048_search_time_from, for each search of p. */
void g2048_player_time_from(g2048_player *p, const struct timespec *origin);

/* What decided a move, in the order a player asks them. */
enum g2048_source {
	G2048_BY_SEARCH,        /* the search (or greedy, random, minimax) */
	G2048_BY_BOARD_TABLE,   /* a whole board's exact table (small boards) */
	G2048_BY_CHAIN,         /* a chain table, from its files or computed */
	G2048_BY_DIGEST,        /* a chain table's answer kept in the digest */
	G2048_BY_PATTERN,       /* a 4x4 endgame pattern's exact table */
	G2048_BY_SOLVED         /* a small board solved in memory, exactly */
};
/* What a decision's values are. */
enum g2048_values {
	G2048_VALUES_SEARCH,    /* the search's, on its evaluator's scale */
	G2048_VALUES_PROB,      /* exact probabilities of making a target */
	G2048_VALUES_SCORE,     /* the exact expected score to come */
	G2048_VALUES_CHAIN      /* the chain's probability, of its move alone */
};
/* Why a whole board's table does or does not decide a board. */
enum g2048_cover {
	G2048_COVER_DECIDES,     /* it does */
	G2048_COVER_NO_TABLES,   /* the player has no tables */
	G2048_COVER_NO_TABLE,    /* none of the board's size and odds */
	G2048_COVER_NOT_HELD,    /* its table does not hold the board: not
	                            a board of a game from two spawned tiles */
	G2048_COVER_MADE,        /* the target of its table is made */
	G2048_COVER_NO_CHANCE,   /* no move has a chance under it */
	G2048_COVER_OVER         /* its table holds it, and it cannot move */
};

/* A player's decision: the search's figures, and what decided. */
typedef struct {
	int dir;                     /* the move, -1 if none is legal */
	unsigned legal;              /* 1 << d for every legal direction */
	double value[G2048_NDIRS];   /* each legal move's value (values) */
	int depth, deepened; uint64_t nodes;    /* the search's (else 0) */
	double seconds;              /* wall time of the decision */
	enum g2048_source source;    /* what decided, */
	enum g2048_values values;    /* what value[] is */
	const char *table;           /* the exact table that decided: its file's
	                                name (while p lives); NULL (solved) */
	int rows, cols;              /* a whole board's table (or solved): */
	double four;                 /* its size, odds (rows 0: not one) */
	int target;                  /* G2048_VALUES_PROB: the target rank;
	                                0: the least large tile (a pattern) */
	int chain;                   /* the chain table's block: 5 or 6; 0 */
	int chain_computed;          /* its state computed now, not held */
	int chain_missing;           /* chain_lookup_only: a state not held */
	enum g2048_cover cover;      /* whether a whole board's table covers */
	const char *cover_table;     /* the board, which (NULL: none) */
} g2048_decision;

/* The one word of a source, as every tool writes it (2048-solve(1)): "search",
 * "board table", "chain table", "digest", "pattern table", "board solved". */
const char *g2048_source_name(enum g2048_source s);
/* What decided d in words, as 2048-solve --explain writes it ("search depth
 * 3 nodes 1200"; score: the board's, for a final).  As snprintf returns. */
int g2048_decision_text(const g2048_decision *d, uint64_t score, char *buf,
    size_t size);

/* The move for b (any size, its odds), with d filled: the direction, or -1
 * when no move is legal, or G2048_UNFIT (no evaluator values b's size), or
 * G2048_UNCOVERED (opts.exact: no table holds b; d->cover says why); d->dir
 * -1 in all those. */
#define G2048_UNFIT     (-3)
#define G2048_UNCOVERED (-4)
int g2048_best_move(g2048_player *p, const g2048_board *b,
    g2048_decision *d);
/* A step of a game: the player's move on b, then a spawn from b's stream
 * with b's odds (b->has_rng must be set).  The direction, or -1 when the game
 * is over, or G2048_OVERFLOW, G2048_UNFIT, G2048_UNCOVERED (b unchanged); d
 * may be NULL. */
int g2048_play_step(g2048_player *p, g2048_board *b, g2048_decision *d);

/* The evaluator of p that values b's size (else g2048_best_move returns
 * G2048_UNFIT): opts.eval, opts.other_eval, or NULL. */
const g2048_eval *g2048_player_eval_for(const g2048_player *p,
    const g2048_board *b);
/* 1 if a table may decide some move of p (the folder had one it consults,
 * or chain tables), else 0. */
int g2048_player_has_tables(const g2048_player *p);
/* 1 and the first failure in err once a table or a chain table failed
 * its check (its answers then decide nothing), else 0. */
int g2048_player_error(const g2048_player *p, char *err, size_t errsize);

/* The default search's best move for g, -1 if none is legal or no memory
 * (it builds and frees its own player each call). */
int g2048_hint(g2048_grid g);

#ifdef __cplusplus
}
#endif

#endif
