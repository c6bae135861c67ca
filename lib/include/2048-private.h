/*
 * 2048-private.h - the engine's entry points that serve the tools of this
 * tree, not installed: what only 2048-table (building, upgrading and
 * checking tables; the chain tables), 2048-learn (nets made and trained),
 * 2048-eval (a net's parts, boards of any size) and libcli (the stream
 * writer, the reader's hook, the files a tool keeps) need, and what the
 * player asks of the search, the exact tables and the chain tables.  In
 * sections by the room that defines them (HACKING.md), as 2048.h, which
 * holds what a program using the library needs.  The engine's rooms, libcli
 * and the tools include it (and the Python module, built from the
 * engine's sources); a program outside this tree does not.
 *
 * One file of over 500 lines: the one header of the tools' entry points,
 * as 2048.h is the one of a program's.
 */
#ifndef G2048_PRIVATE_H
#define G2048_PRIVATE_H

#include "2048.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- grid: boards of every size, a loop per line ----------------------- */

/* The cap of a rows x cols board: min(rows * cols + 1, G2048_RANK_LIMIT). */
int g2048_cells_cap(int rows, int cols);
/* An empty board of that size; 0, or -1 if a side is outside 2..8. */
int g2048_cells_init(g2048_cells *c, int rows, int cols);
/* As g2048_move, g2048_legal ... for a board of any size.  The move
 * returns the score gained, -1 when nothing moves, or G2048_OVERFLOW
 * (below) when the score of the one move would pass LONG_MAX; c is
 * unchanged in both. */
long g2048_cells_move(g2048_cells *c, enum g2048_dir d);
unsigned g2048_cells_legal(const g2048_cells *c);
int g2048_cells_over(const g2048_cells *c);
int g2048_cells_empty_count(const g2048_cells *c);
int g2048_cells_max_rank(const g2048_cells *c);
/* As g2048_rank_of, for a tile of any board: to 2^G2048_RANK_LIMIT. */
int g2048_cells_rank_of(uint64_t tile);
/* The n'th empty cell (0-based) in reading order, or -1. */
int g2048_cells_nth_empty(const g2048_cells *c, int n);
/* 1 when a and b are of one size and hold the same tiles. */
int g2048_cells_eq(const g2048_cells *a, const g2048_cells *b);
/* 1 when every cell is empty or a tile from 2 to the cap (and the size
 * is from 2 to 8 each way): a board the moves take. */
int g2048_cells_valid(const g2048_cells *c);
/* A 4x4 grid's cells, and back (c must be 4x4). */
void g2048_cells_of_grid(g2048_cells *c, g2048_grid g);
g2048_grid g2048_cells_grid(const g2048_cells *c);

/* Seconds from one reading of CLOCK_MONOTONIC to another, or to now. */
double g2048_seconds_between(const struct timespec *from,
    const struct timespec *to);
double g2048_seconds_since(const struct timespec *from);

/* The same on a board of any size. */
int g2048_cells_spawn(g2048_cells *c, g2048_rng *r, uint64_t four_threshold);
/* The cell'th empty cell (0-based) in reading order, or -1. */
int g2048_nth_empty(g2048_grid g, int n);

/* ---- text: the stream writer ------------------------------------------- */

/* The decimal digits of v at p, without a NUL: the end.  The writers' own,
 * for a tool that writes numbers as fast. */
char *g2048_put_u64(char *p, uint64_t v);

/*
 * A board stream's writer: the grid form with a blank line between boards
 * and none before the first, or the compact form, a line a board.  The
 * rule of every stream: a tool's output, 2048-solve's traces, a saved
 * game.  A zeroed writer starts a stream of grid boards; one that goes on
 * from boards written elsewhere counts them in `boards'.
 */
typedef struct {
	int compact;               /* the compact form */
	uint64_t boards;           /* boards in the stream so far */
} g2048_writer;

#define G2048_STREAM_MAX (G2048_TEXT_MAX + 1)   /* a board, its blank line */
/* b's text as the stream's next board, NUL-terminated in buf: its length,
 * or -1 if size is below G2048_STREAM_MAX. */
int g2048_writer_format(g2048_writer *w, const g2048_board *b, char *buf,
    size_t size);

/* ---- text: the stream reader ------------------------------------------- */

/* fn, if not NULL, is called before every read(2) that may block: a tool
 * flushes its output there, so that it works as a coprocess. */
void g2048_reader_before_read(g2048_reader *rd, void (*fn)(void));

/* ---- text: files a tool keeps (a saved game, a net, a table) ----------- */

/*
 * Replace the file path by what fill writes to fd: a new file beside it
 * (path.tmpPID-XXXXXX) is filled, synced and renamed over path, so a full
 * disk, a failing write or a kill leaves the old file or the new one,
 * never part of one.  What a save killed mid-way (SIGKILL) left beside
 * path, a new file whose process is gone, the next save removes.  A
 * symbolic link at path is followed: its target is replaced, the link
 * stays.  Anything else than a regular file at path (a device, a FIFO, a
 * directory) is refused: -1 with errno EINVAL (EISDIR for a directory),
 * nothing written.  fill returns 0, or -1 with errno set.  0, or -1 with
 * errno set, the new file removed and path untouched.
 */
int g2048_file_replace(const char *path,
    int (*fill)(int fd, const void *ctx), const void *ctx);
/* Before the work whose result g2048_file_replace() will write to path:
 * 0 if it can (path is a regular file, a link to one, or nothing yet,
 * and a new file can be made beside it), else -1 with a message in err. */
int g2048_file_check(const char *path, char *err, size_t errsize);
/* Write all n bytes of buf to fd, however many calls it takes; 0, or -1
 * with errno set. */
int g2048_write_all(int fd, const void *buf, size_t n);

/* ---- eval: boards of any size ------------------------------------------ */

double g2048_eval_cells(const g2048_eval *e, const g2048_cells *c);
int g2048_eval_cells_terms(const g2048_eval *e, const g2048_cells *c,
    g2048_eval_term *terms);

/* ---- search: a search context (the player's) --------------------------- */

typedef struct {
	int dir;                     /* the best direction, -1 if none is legal */
	unsigned legal;              /* 1 << d for every legal direction */
	double value[G2048_NDIRS];   /* each legal move's value */
	int depth;                   /* depth searched (the deepest completed) */
	int deepened;                /* searched again, deeper (opts.deepen) */
	uint64_t nodes;              /* moves made in the search */
	double seconds;              /* wall time of the search */
} g2048_search_result;

/* A search context: options, evaluator, transposition tables, threads.
 * e stays owned by the caller and must outlive the context. */
typedef struct g2048_search g2048_search;
g2048_search *g2048_search_new(const g2048_search_opts *o,
    const g2048_eval *e, char *err, size_t errsize);
void g2048_search_free(g2048_search *s);
/*
 * Search g and fill *r; returns r->dir.  rng is drawn from only by
 * G2048_RANDOM (one bounded draw per move) and may be NULL otherwise.
 */
int g2048_search_run(g2048_search *s, g2048_grid g, g2048_rng *rng,
    g2048_search_result *r);
/*
 * The same for a board of any size whose spawns are a 4 with probability
 * four (a 2 otherwise): a 4x4 board by the grid's path, every other size
 * by the general path (a loop per line; the transposition table, the
 * threads, the cutoffs, deepening and the time budget as on the grid;
 * not the exact tables).  g2048_search_board takes the size and the odds
 * from b (b->four).  An evaluator that does not value the board's size
 * (a net, g2048_eval_fits) returns G2048_UNFIT, r->dir -1.
 */
int g2048_search_cells(g2048_search *s, const g2048_cells *c, double four,
    g2048_rng *rng, g2048_search_result *r);
int g2048_search_board(g2048_search *s, const g2048_board *b, g2048_rng *rng,
    g2048_search_result *r);
/* With a time budget (time_ms), count the next run's budget from origin
 * (CLOCK_MONOTONIC), not from the run's start: a tool that makes one move
 * a call so keeps its whole call, start-up included, within the budget. */
void g2048_search_time_from(g2048_search *s, const struct timespec *origin);

/* ---- net: nets made and trained (2048-learn) --------------------------- */

/* Increasing tiles such as "16384,32768" (commas or spaces) into their
 * ranks, at most max: the count, or -1 not tiles, -2 not increasing
 * tiles from 4, -3 more than max. */
int g2048_tile_list(const char *s, int *rank, int max);

/*
 * A net of zero weights.  spec: "4x6", "5x6", "8x6", or tuples of hex
 * cells in reading order separated by commas or spaces ("0123,4567").
 * stages: NULL or "" for one stage, else ascending tiles "16384,32768":
 * a board is in stage s when its largest tile has reached s of them.
 * flags: 0, or G2048_NET_TC for TC accumulators (zero) beside each
 * weight, what g2048_net_enable_tc makes of a new net, without its copy.
 */
#define G2048_NET_TC 1
g2048_net *g2048_net_new(const char *spec, const char *stages, int flags,
    char *err, size_t errsize);

/* Move a loaded net's arrays from its file's mapping into memory of its
 * own (huge pages where the system has them; TC sums beside their
 * weights), as a net to be trained needs to train fast; nothing for a
 * net not mapped.  0, or -1 with err (the net unchanged). */
int g2048_net_unmap(g2048_net *n, char *err, size_t errsize);
/* Write n to path with g2048_file_replace(); 0, or -1 with err (path
 * untouched). */
int g2048_net_save(const g2048_net *n, const char *path, char *err,
    size_t errsize);
/* The same tuples in stages (as for g2048_net_new), each stage's weights
 * (and TC sums) a copy of n's, which must have one stage: weight
 * promotion.  With G2048_NET_TC in flags it has TC sums whether n has
 * or not (zero then).  NULL with err on error. */
g2048_net *g2048_net_promote(const g2048_net *n, const char *stages,
    int flags, char *err, size_t errsize);

/* The number after key (such as "alpha=") in n's train line, where key
 * begins a word: 1 with it in *v, else 0. */
int g2048_net_train_value(const g2048_net *n, const char *key, double *v);

/* Record the training so far in n's header. */
void g2048_net_set_trained(g2048_net *n, uint64_t games, uint64_t moves,
    uint64_t seed, const char *train);
/* Set every weight so that every board is valued v (optimistic
 * initialisation); with TC, reset its accumulators. */
void g2048_net_fill(g2048_net *n, double v);

/* Give n the TC accumulators (zero) if it has none, beside each weight
 * in memory of its own (a loaded net leaves its file, as by
 * g2048_net_unmap): 0, or -1 with err (the net unchanged). */
int g2048_net_enable_tc(g2048_net *n, char *err, size_t errsize);
/* Drop them: play does not need them, and they are twice the weights in
 * a file (in memory they stay until the net is freed). */
void g2048_net_drop_tc(g2048_net *n);

/* ---- net: learning (2048-learn) ---------------------------------------- */

#define G2048_LEARN_RESTARTS_MAX 4
#define G2048_LEARN_THREADS_MAX  64   /* learners training one net at once */
#define G2048_LEARN_HALF_MIN     10   /* halves: the shortest game halved */

/*
 * Afterstate TD learning by self-play (Szubert & Jaskowski 2014): each
 * move is the one of the largest reward plus value of its afterstate, and
 * the value of the afterstate before it moves toward that.  Every feature
 * weight moves by alpha * error / features, so the value moves by about
 * alpha * error.
 */
typedef struct {
	double alpha;
	double lambda;      /* 0: TD(0), online; >0: the lambda-return,
	                       computed backward at the end of each game */
	int tc;             /* temporal coherence (Jaskowski 2018): each
	                       weight's step scaled by |sum err| / sum |err| */
	/* Restarts (after Jaskowski's carousel shaping): the learner keeps
	 * the boards at which its games first made each of these ranks, and
	 * of every nrestarts + 1 games it plays, one starts new and one
	 * from a kept board of each rank in turn, so late boards, rare in
	 * whole games, are learned as often as early ones. */
	int restart_rank[G2048_LEARN_RESTARTS_MAX];
	int nrestarts;
	/* Halves (ziap/2048-tdl's restarts): a game of more than
	 * G2048_LEARN_HALF_MIN moves is followed by one that begins at the
	 * afterstate of its middle move, with a new tile, so the last
	 * stretch of every game is learned again and again. */
	int halves;
	uint64_t four_threshold;
} g2048_learn_opts;

void g2048_learn_defaults(g2048_learn_opts *o);

typedef struct {
	uint64_t score, moves;   /* of this game only, from where it began */
	int max_rank;
	int fresh;               /* began new, not at a kept board or a half */
} g2048_learn_game;

typedef struct g2048_learner g2048_learner;
/* A learner for one thread; several may train one net at once (their
 * updates race without locks, as in the literature).  With tc the net
 * must hold TC accumulators (G2048_NET_TC, or g2048_net_enable_tc). */
g2048_learner *g2048_learner_new(g2048_net *n, const g2048_learn_opts *o,
    char *err, size_t errsize);
void g2048_learner_free(g2048_learner *l);
/* Play one game from r, learning as it goes; 0, or -1 if out of memory. */
int g2048_learner_play(g2048_learner *l, g2048_rng *r, g2048_learn_game *out);
/* Game i of a training run with seed s: PCG32 seeded with s on a stream
 * of its own, never that of 2048-new's games. */
void g2048_learn_rng(g2048_rng *r, uint64_t seed, uint64_t game);

/* ---- net: a net's parts (2048-eval) ------------------------------------ */

int g2048_net_stage(const g2048_net *n, g2048_grid g);
/* Each tuple's part of the value (its eight images summed), in the
 * order of info.tuples; returns ntuples. */
int g2048_net_terms(const g2048_net *n, g2048_grid g, double *terms);

/* ---- exact: tables built (2048-table) ---------------------------------- */

typedef struct {
	int phase;              /* 0 enumerating, 1 valuing, 2 writing */
	uint64_t sum;           /* the layer's tile sum */
	uint64_t layers;        /* layers so far (valuing: of all) */
	uint64_t layers_done;
	uint64_t states;        /* states so far (valuing: valued so far) */
	uint64_t total;         /* valuing: all states; else 0 */
	double seconds;         /* since the build began */
	uint64_t memory;        /* bytes the build holds now (between layers:
	                           little) */
	uint64_t memory_peak;   /* the most it has held so far */
} g2048_exact_progress;

typedef struct {
	int rows, cols;         /* a whole board, when pattern is NULL */
	const char *pattern;    /* a named pattern or a spec (2048-table(1)) */
	int target;             /* rank that wins (0: none, play to the end) */
	int objective;          /* G2048_EXACT_PROB or G2048_EXACT_SCORE */
	double four;            /* probability of a 4 (0.1) */
	int threads;            /* 1 to G2048_THREADS_MAX */
	const char *workdir;    /* finished layers are kept here and a build
	                           that stopped goes on from them; NULL: none */
	int temporary;          /* workdir goes when the build stops (never
	                           resumed): no file only a resumed build
	                           would read is written there */
	/* called from the building thread after every layer; may be NULL.
	 * A nonzero return stops the build (-1, "stopped"): the layers
	 * finished stay in workdir. */
	int (*progress)(const g2048_exact_progress *p, void *ctx);
	void *ctx;
} g2048_exact_opts;

void g2048_exact_defaults(g2048_exact_opts *o);
/* The i'th named pattern (0, 1, ...): its name, spec and what it is
 * for; 0 past the last. */
int g2048_exact_pattern(int i, const char **name, const char **spec,
    const char **about);
/*
 * Build the table o describes into path (through g2048_file_replace);
 * the work files in o->workdir are removed when it is written.  0, or -1
 * with a message in err.  rep may be NULL.
 */
int g2048_exact_build(const g2048_exact_opts *o, const char *path,
    g2048_exact_report *rep, char *err, size_t errsize);

/* ---- exact: tables upgraded and checked whole (2048-table) ------------- */

/*
 * A table file of format 2 given format 3's header in place, once its
 * every block checks: 1, 0 if it is of format 3 already, or -1 with a
 * message in err (format 1, a corrupt file: build it again).
 */
int g2048_table_upgrade(const char *path, char *err, size_t errsize);

/* Check every block not yet checked, then as g2048_table_check. */
int g2048_table_verify(const g2048_table *t, char *err, size_t errsize);

/* ---- exact: the set of tables a player consults ------------------------ */

/*
 * The tables a player consults (2048-solve --tables): pattern tables,
 * highest target first, and tables of whole small boards.  Opening reads
 * each header; a table's file is opened (g2048_table_open) the first time
 * a board fits its pattern or its size and odds.  Queries may come from
 * any number of threads at once.
 */
typedef struct g2048_tableset g2048_tableset;
#define G2048_TABLESET_MAX    64
#define G2048_TABLESET_BROKEN (-2)
g2048_tableset *g2048_tableset_open(const char *const *paths, int n, char *err,
    size_t errsize);
/* Every table NAME.tbl in dir, by name. */
g2048_tableset *g2048_tableset_open_dir(const char *dir, char *err,
    size_t errsize);
/* The table at path added to ts, not while ts is asked: 0, or -1 with
 * why in err, ts as it was. */
int g2048_tableset_add(g2048_tableset *ts, const char *path, char *err,
    size_t errsize);
void g2048_tableset_close(g2048_tableset *ts);
int g2048_tableset_count(const g2048_tableset *ts);
const char *g2048_tableset_name(const g2048_tableset *ts, int i);  /* file */
/*
 * The first table that covers g, its least large tile the target (what
 * the free cells make merges into them), fills r (as g2048_table_query): its
 * index, or -1 when none covers g, or G2048_TABLESET_BROKEN when none does
 * and one that might have failed its check (g2048_tableset_error).
 */
int g2048_tableset_query(g2048_tableset *ts, g2048_grid g, g2048_table_result *r);
/*
 * The first table of a whole board of b's size and odds (b->four) that
 * covers b, a table of the expected score before one of a probability:
 * fills r as g2048_table_query_cells (the values of a score's table are
 * the expected score to come, each move's gain in it) and returns its
 * index; -1 when none covers b, G2048_TABLESET_BROKEN as above.
 */
int g2048_tableset_query_board(g2048_tableset *ts, const g2048_board *b,
    g2048_table_result *r);
/* The first whole board's table of rows x cols and odds four: its index,
 * or -1 (whether it covers a board or not). */
int g2048_tableset_find_board(const g2048_tableset *ts, int rows, int cols,
    double four);
/* Table i's description from its header (built's time and memory 0):
 * 0, or -1 if there is no table i. */
int g2048_tableset_info(const g2048_tableset *ts, int i, g2048_table_info *info);
/* 1 and the first table's failure in err once one failed its check
 * (err may be NULL); cheap enough to ask after every move. */
int g2048_tableset_error(g2048_tableset *ts, char *err, size_t errsize);

/* ---- chain: chain tables (2048-solve --chain, 2048-table --chain) ------ */

/*
 * Chain tables, after macroxue/2048-ai: a block of large tiles fixed in
 * a corner, two rows of three (the six) or that less its inner end (the
 * five), and the free cells beside it building a chain that collapses
 * into a tile of the block's least rank.  For each arrangement of the
 * free tiles, the exact probability of building such a chain without
 * moving the block, and its best move, computed the first time a board
 * asks for it (a table's first late-game boards take minutes and some
 * GB; later ones a few microseconds), kept while the context lives and
 * shared by threads.  The values are the same on every run and machine.
 */
typedef struct g2048_chain g2048_chain;

/* The five's move is played where it is this sure, else the six's
 * where it has any chance (macroxue's rule). */
#define G2048_CHAIN_FIVE_MIN 0.9

typedef struct {
	int dir;           /* the move, -1: no chain table decides */
	double prob;       /* its probability of a chain */
	int block;         /* 5 or 6: the table's block (0: none) */
	int computed;      /* its state was computed for this board */
	int missing;       /* g2048_chain_lookup: a state it would ask is
	                      not held (computing it would take time) */
} g2048_chain_result;

/* A context of both tables, computing nothing yet; NULL: no memory. */
g2048_chain *g2048_chain_new(void);
/* The same of the small layouts, for tests: the same rules with the
 * anchor's cap lowered (the six's to 64, the five's to 16), tables of
 * megabytes; their files say so, and g2048_chain_open opens them as
 * such.  They decide only boards of such small blocks. */
g2048_chain *g2048_chain_new_small(void);
/* 1 if c's tables are of the small layouts, else 0. */
int g2048_chain_is_small(const g2048_chain *c);
void g2048_chain_free(g2048_chain *c);
/* The chain tables' move for g, by the rule above, into *r: r->dir. */
int g2048_chain_move(g2048_chain *c, g2048_grid g, g2048_chain_result *r);
/* The move as g2048_chain_move would choose it among the states the
 * tables hold (their files, the cache, the digest), computing none: at
 * once, with r->missing set where a state was not held. */
int g2048_chain_lookup(g2048_chain *c, g2048_grid g, g2048_chain_result *r);
/* The states computed so far. */
uint64_t g2048_chain_states(const g2048_chain *c);
/* The threads that may compute one board's states together, where a
 * board asks for states no file holds (1, the default: the asking thread
 * alone; at most 64); the values are the same. */
void g2048_chain_set_threads(g2048_chain *c, int threads);
/* Once *stop is nonzero (NULL: never), no state is computed any more:
 * one being computed is dropped unfinished, its board given no chance. */
void g2048_chain_set_stop(g2048_chain *c, const volatile sig_atomic_t *stop);
/*
 * Compute every state of both tables (3.3 G states less those already
 * computed), on threads threads; progress, if not NULL, is called now and
 * then with the states done of all (from one thread at a time).  Once
 * *stop (if stop is not NULL; a signal handler may set it) is nonzero the
 * build stops within moments, every state finished so far kept
 * (g2048_chain_save them; a build of the opened files goes on).  0, 1
 * when stopped, or -1 if a file's table proved corrupt.
 */
int g2048_chain_build(g2048_chain *c, int threads,
    void (*progress)(void *arg, uint64_t done, uint64_t total), void *arg,
    const volatile sig_atomic_t *stop);
/* The two files of DIR (2048-chain(5)): chain-five.chain, chain-six.chain. */
void g2048_chain_paths(const char *dir, char *five, char *six, size_t size);
/* 1 if both are in DIR, else 0. */
int g2048_chain_present(const char *dir);
/* Write c's tables to those files in DIR, each whole or not at all
 * (states never computed are holes): 0, or -1 with a message. */
int g2048_chain_save(const g2048_chain *c, const char *dir, char *err,
    size_t errsize);
/* Map the two files of DIR, their headers and sums checked (the
 * header's checksum covers its text and the blocks' sums), each block
 * of entries when first read; a state the files lack is computed as by
 * g2048_chain_new's tables.  NULL with a message (a missing, truncated
 * or corrupt file, or one of format 1). */
g2048_chain *g2048_chain_open(const char *dir, char *err, size_t errsize);
/* A chain file or digest of format 1 given format 2's header in place,
 * once its every block checks: 1, 0 if it is of format 2 already, or -1
 * with a message in err. */
int g2048_chain_upgrade(const char *path, char *err, size_t errsize);
/* A chain file or a digest (told by its first line), its header and
 * every block checked: 0, or -1 with a message in err (a file of format
 * 1 is to be upgraded, which checks it). */
int g2048_chain_verify(const char *path, char *err, size_t errsize);
/* 1 and a message if a block of a file's table failed its check (the
 * tables then decide nothing), else 0. */
int g2048_chain_error(const g2048_chain *c, char *err, size_t errsize);
/*
 * A chain digest (2048-chain(5), DIGEST): the tables' answers for the
 * states seeded games met, a few MB where the tables are 6.7 GB.  Its
 * tables answer as the whole tables for those states and give every
 * other state no chance (the search decides there); nothing is
 * computed.  Packed tables (PACKED, make tables) are opened as a digest
 * is and answer so alone; beneath a cache they answer in the recursion
 * too.  DIR's digest is DIR/chain.packed where it is, else
 * DIR/chain.digest.
 */
void g2048_chain_digest_path(const char *dir, char *path, size_t size);
/* Map a digest, its header, size and sums checked, each block when a
 * lookup first reads it.  NULL with a message. */
g2048_chain *g2048_chain_open_digest(const char *path, char *err,
    size_t errsize);
/* DIR's chain tables: the two files where both are there, else its
 * digest.  NULL with a message. */
g2048_chain *g2048_chain_open_dir(const char *dir, char *err, size_t errsize);
/* 1 if DIR has the two files or a digest, else 0. */
int g2048_chain_usable(const char *dir);
/* 1 if c is a digest's, else 0. */
int g2048_chain_is_digest(const g2048_chain *c);
/*
 * The chain cache (2048-chain(5), CACHE): the two files of a folder,
 * holding the states computed so far (the rest are holes), mapped as
 * chain files are, where every state a game asks for that they lack is
 * computed and kept for g2048_chain_cache_save; beneath them the digest
 * at digest (if not NULL and it opens), whose states are not computed.
 * A missing or damaged file is a cache empty so far (replaced at the
 * next save); a block that fails its check is computed again.  NULL with
 * a message only for want of memory.
 */
g2048_chain *g2048_chain_cache_open(const char *dir, const char *digest,
    char *err, size_t errsize);
/* Write the cache's files again, each whole or not at all: what they
 * hold now, what this context computed, and what another process saved
 * meanwhile (under a lock of the folder's, one save at a time); nothing
 * if nothing was computed since the last save.  The files are then
 * mapped in place of the tables' memory, which goes back to the system.
 * 0, or -1 with a message (the files as they were). */
int g2048_chain_cache_save(g2048_chain *c, char *err, size_t errsize);
/* 1 if c is a cache's, else 0; the states it computed and has not
 * saved yet. */
int g2048_chain_is_cache(const g2048_chain *c);
uint64_t g2048_chain_unsaved(const g2048_chain *c);
/* The entries of the cache's files as last opened or saved, counted by
 * the space they take (a hole none): what a save writes again. */
uint64_t g2048_chain_cache_held(const g2048_chain *c);
/* Packed tables (2048-chain(5), PACKED) of every state c's own entries
 * hold (a cache's: those computed; files': all), not those beneath,
 * written at path whole or not at all; *held (if not NULL) the states.
 * 0, or -1 with a message (a block of c's that fails its check fails
 * the pack). */
int g2048_chain_pack(g2048_chain *c, const char *path, uint64_t *held,
    char *err, size_t errsize);
/* Distilling a digest from whole tables (not a digest's): each board
 * added counts the state whose table decides its move (none: nothing);
 * save writes the max_states most counted, ties by state, whatever the
 * boards' order.  add: 1 counted, 0 no table decides, -1 out of memory
 * or a corrupt table (g2048_chain_error). */
typedef struct g2048_chain_distill g2048_chain_distill;
g2048_chain_distill *g2048_chain_distill_new(g2048_chain *tables);
void g2048_chain_distill_free(g2048_chain_distill *d);
int g2048_chain_distill_add(g2048_chain_distill *d, g2048_grid g);
/* The boards added, those a table decided, the states counted. */
void g2048_chain_distill_counts(const g2048_chain_distill *d,
    uint64_t *boards, uint64_t *decided, uint64_t *states);
/* Write the digest to path whole or not at all: 0, or -1 with a message. */
int g2048_chain_distill_save(g2048_chain_distill *d, uint64_t max_states,
    const char *path, char *err, size_t errsize);

/* ---- player: the chain cache a player computes into (2048-solve) ------- */

/* The chain states p's tables computed so far (its forks' too), and
 * those not kept yet. */
uint64_t g2048_player_computed(const g2048_player *p);
uint64_t g2048_player_unsaved(const g2048_player *p);
/* The entries the chain cache's files hold (g2048_chain_cache_held), or
 * 0: what a save of p writes again. */
uint64_t g2048_player_cache_held(const g2048_player *p);
/* Keep what p computed: the chain cache's files written again
 * (g2048_chain_cache_save), or nothing without a cache or anything
 * new.  0, or -1 with a message. */
int g2048_player_save(g2048_player *p, char *err, size_t errsize);
/* The chain states p's tables hold, computed or kept, written at path
 * as packed tables (g2048_chain_pack; 2048-solve --pack-chain), *held
 * (if not NULL) their count.  0, or -1 with a message (no chain
 * tables: a message too). */
int g2048_player_pack_chain(g2048_player *p, const char *path,
    uint64_t *held, char *err, size_t errsize);
/* Once *stop (a signal handler's flag; NULL: never) is nonzero, p's
 * chain tables compute nothing more: a state being computed is dropped
 * unfinished, and the search decides the move. */
void g2048_player_set_stop(g2048_player *p, const volatile sig_atomic_t *stop);

/* ---- player: a whole board's table added (2048-review) ----------------- */

/* 1 if p holds a whole board's table of rows x cols and odds four. */
int g2048_player_has_board_table(const g2048_player *p, int rows, int cols,
    double four);
/* The table at path added to p's (a player made by g2048_player_new, not
 * a fork; before it is forked or asked): 0, or -1 with why in err. */
int g2048_player_add_table(g2048_player *p, const char *path, char *err,
    size_t errsize);

/* ---- player: a random move's generator -------------------------------- */

/* Random moves (G2048_RANDOM) are drawn from the board's own stream
 * position on the stream G2048_CHOICE_STREAM, not the spawns', so a game
 * played in one process makes the moves of a shell loop of
 * `2048-solve | 2048-move | 2048-spawn`. */
#define G2048_CHOICE_STREAM 0x5eed
/* The generator of b's random move: b's seed and draws (0 without). */
void g2048_choice_rng(const g2048_board *b, g2048_rng *r);

/* ---- player: a decision's words (2048-solve --json) ------------------- */

/* What the whole board's table that decided d plays for, as
 * g2048_decision_text words it: "reach 256" or "score", into buf. */
void g2048_decision_objective(const g2048_decision *d, char *buf,
    size_t size);

#ifdef __cplusplus
}
#endif

#endif
