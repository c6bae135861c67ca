/*
 * cli.h - what every tool's main needs: messages, option values, the board
 * loop and a clean exit.  Built into lib/libcli.a for the tools; it prints
 * and exits, so it is not part of lib2048.a.
 */
#ifndef G2048_CLI_H
#define G2048_CLI_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "2048-private.h"

extern const char *progname;

/* Set up a tool; returns the name it was called by, for argv[0], so that
 * getopt's messages name the tool as ours do: argv[0] = cli_init(argv[0]). */
char *cli_init(char *argv0);
/* A tool that maps table files (the library reads them by mmap): a file
 * that shrinks under it raises SIGBUS, which this makes one message
 * ("progname: a table file shrank while being read ...") and exit 2. */
void cli_catch_sigbus(void);
void cli_warn(const char *fmt, ...);
/* a message about the board being handled: "progname: FILE:LINE: ..." */
void cli_warn_board(const char *fmt, ...);
/* the same, then exit 2: the board is bad input */
void cli_die_board(const char *fmt, ...);
/* b's move toward dir, or its spawn (dir -1), returned G2048_OVERFLOW:
 * name the counter that would wrap and exit 2 */
void cli_die_overflow(const g2048_board *b, int dir);
/* print "progname: message" and exit with status */
void cli_die(int status, const char *fmt, ...);
/* Fail now (exit 2), not after minutes of work, if path cannot be
 * written as a save writes it (g2048_file_check): "progname: OPTION
 * path: why", or without OPTION if it is NULL. */
void cli_check_writable(const char *path, const char *option);
/* a usage error: the message (none after getopt's own), then
 * "Try 'progname --help'." and exit 2 */
void cli_usage_error(const char *fmt, ...);
/*
 * getopt_long(3) for every tool: -h is help in all of them, so it is
 * added here to shortopts (without it); longopts maps "help" to 'h', or,
 * in a tool whose -h is a summary of the common options and --help the
 * whole list (2048-solve), to CLI_HELP_FULL.
 */
#define CLI_HELP_FULL 0x100
int cli_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts);
void cli_version(void);

/* An option's value, or a usage error (exit 2) naming the option
 * and the range: an integer (no fraction, no exponent) from min to max, a
 * whole number of 64 bits, a number from min to max. */
long long cli_int(const char *s, const char *option, long long min,
    long long max);
uint64_t cli_u64(const char *s, const char *option);
/* The same checks without the exit, for a part of an option's value
 * (as each number of "ROW,COL"): 0, or -1 if s is not such a number. */
int cli_parse_int(const char *s, long long min, long long max, long long *v);
int cli_parse_u64(const char *s, uint64_t *v);
/* The cores online, from 1 to max (a tool's most threads): the default
 * of --threads. */
int cli_cores(int max);
double cli_double(const char *s, const char *option, double min, double max);
/* A board's size "RxC" (also "R" for R x R), each from 2 to 8. */
void cli_size(const char *s, const char *option, int *rows, int *cols);
uint64_t cli_random_seed(void);

/* The board stream on stdout (--compact sets cli_out.compact). */
extern g2048_writer cli_out;
/* Write b whole to it; a write error ends the tool (exit 2). */
void cli_write_board(const g2048_board *b);
void cli_write(const char *s, size_t n);
/* Exit 2 with one message if a write to stdout has failed (what a flush
 * of printf's output found).  cli_boards() checks after every board, and
 * flushes output that comes slowly; every message (cli_warn, cli_die...)
 * flushes stdout first and checks it too. */
void cli_check_stdout(void);
/* A write to stdout failed with errno err: that one message, exit 2. */
void cli_write_failed(int err);

/*
 * Read every board from the files named (none or "-": stdin) and call fn
 * on each; a bad board ends the run with exit 2.  Returns the largest
 * value fn returned.
 */
typedef int cli_board_fn(g2048_board *b, void *ctx);
int cli_boards(char **files, int nfiles, cli_board_fn *fn, void *ctx);
/*
 * What cli_boards() does with a board whose size is not the first
 * board's (of all files): the format allows it, but in a stream of one
 * size it is most likely a typo (a row ". . . ." too many makes a 5x4
 * board of a 4x4 one).  CLI_SHAPES_ANY, the default: nothing;
 * CLI_SHAPES_WARN: one warning, at the first such board; CLI_SHAPES_STRICT
 * (--strict): that board is an input error (exit 2).
 */
enum cli_shapes { CLI_SHAPES_ANY, CLI_SHAPES_WARN, CLI_SHAPES_STRICT };
void cli_shapes(enum cli_shapes how);

/* The generator a board continues from: the run's seed if one was given
 * (*run, shared by the boards in order), else the board's own state, else
 * a fresh seed from the system. */
g2048_rng *cli_board_rng(const g2048_board *b, g2048_rng *run,
    int have_run_seed, g2048_rng *own);
/* Record a generator's position in the board's header. */
void cli_board_save_rng(g2048_board *b, const g2048_rng *r);

/*
 * The evaluator the options name: the net in file netpath if given, else
 * the heuristic (NULL: the default) with its weights.  *net gets the net,
 * or NULL, to free after the evaluator.  An error is exit 2.  The net is
 * opened to be checked as it is read (g2048_net_open): see
 * cli_net_check.
 */
g2048_eval *cli_evaluator(const char *heuristic, const char *weights,
    const char *netpath, g2048_net **net);
/* Exit 2 with its message if net (NULL: none) has read a weight that is
 * not as in its file (g2048_net_check): call it before writing anything
 * the net valued. */
void cli_net_check(const g2048_net *net);
/*
 * The net a tool uses when not told: the file $G2048_NET if set (set but
 * empty: none), else 2048.net installed beside the tools
 * (PREFIX/share/2048-tools/, as make install puts it), else the one
 * `make net` built in the checkout (net/2048.net beside bin/); NULL if
 * none is there.  cli_evaluator()'s message about a net from $G2048_NET
 * names the variable.
 */
const char *cli_default_net(void);
/* The exact tables' directory when none is named: $G2048_TABLES (empty:
 * none), else the one installed beside the tool, else the one make
 * tables built; NULL if none. */
const char *cli_default_tables(void);
/* The chain cache's folder when none is named: $G2048_CACHE (empty:
 * none), else $XDG_CACHE_HOME/2048-tools, else ~/.cache/2048-tools;
 * NULL if none.  cli_make_dirs makes a folder and those above it: 0, or
 * -1 with "dir: why" in err. */
const char *cli_default_cache(void);
int cli_make_dirs(const char *path, char *err, size_t errsize);

/* An exact table's build folder in $TMPDIR (o->workdir names it, and
 * o->temporary is set), removed by cli_work_remove() or by any signal
 * that ends the tool; its name is shown unless quiet.  0, or -1 with
 * why in err. */
int cli_work_make(g2048_exact_opts *o, int quiet, char *err, size_t errsize);
void cli_work_remove(void);

/* Close fp, a file the tool wrote (name says which); any write to it that
 * failed, now or before, ends the tool (exit 2, the error). */
void cli_close_or_die(FILE *fp, const char *name);

/* Flush and close stdout; exit status 2 and a message on a write error. */
int cli_finish(int status);

/* JSON on stdout (--json): a string, quoted and escaped; a number with
 * that many decimals, or null if it is not finite. */
void cli_json_string(const char *s);
void cli_json_number(double v, int decimals);

/*
 * The status line of a long run (2048-solve --games, --play; 2048-learn):
 * one line on stderr redrawn in place ("\r", the text, erase to the end
 * of the line), fitted to the terminal's width field by field.  Drawn only when stderr is a
 * terminal and not quiet; nothing at all otherwise.
 */
struct cli_status {
	int on, drawn;
	double start, last;          /* cli_now() at the start, last draw */
};
/* seconds on the monotonic clock */
double cli_now(void);
/* "M:SS" or "H:MM:SS" */
void cli_hms(char *buf, size_t size, double seconds);
void cli_status_start(struct cli_status *s, int quiet);
/* 1 when the line is on and a quarter of a second has passed since the
 * last draw (which it then counts as drawn) */
int cli_status_due(struct cli_status *s);
double cli_status_elapsed(const struct cli_status *s);
/* "\rprogname: TEXT" on stderr, if on, fitted to the terminal's width by
 * dropping whole fields from the end: fields are separated by two spaces
 * (cli_status_fit) */
void cli_status_draw(struct cli_status *s, const char *fmt, ...);
/* How much of text fits in width columns, cut between two fields. */
size_t cli_status_fit(const char *text, size_t width);
/* end the line, so what follows starts a clean one: erase it, or keep
 * it (a newline) */
void cli_status_end(struct cli_status *s, int keep);

/*
 * The time left of a long run, an estimate to plan with: from the work
 * done (any unit: moves) against all the work expected, at the rate so
 * far, smoothed so that it does not swing as work is counted in bursts.
 * Start with a zeroed struct; -1 while nothing is known.
 */
struct cli_eta {
	double total;                /* the smoothed total time */
	double at;                   /* the elapsed time of the last call */
	int have;
};
double cli_eta_left(struct cli_eta *e, double elapsed, double done,
    double all);
/* For N games (of) played on workers: finished of them so far, moves of
 * every game (finished or in play), moves_finished of the finished ones,
 * playing games in play.  The work is moves: a game is expected to take
 * the mean of the finished games and of those in play (each counted
 * twice what it has played: half way on average), so the estimate moves
 * with every move, not in steps as games end.  -1 until a game is
 * finished. */
double cli_games_left(struct cli_eta *e, double elapsed, uint64_t finished,
    uint64_t of, uint64_t moves, uint64_t moves_finished, int playing);

/* the player's options without a letter (above CLI_HELP_FULL) */
#define CLI_OPT_CORNER    0x110
#define CLI_OPT_NO_CORNER 0x111

/*
 * The switches of the player (player.c): 2048-solve and 2048-review take
 * them alike, so that a review values moves by the player that chose
 * them.  A tool puts CLI_PLAYER_LONGOPTS in its longopts and
 * CLI_PLAYER_SHORTOPTS in its shortopts; its one pass over the options
 * gives each to cli_player_option (1: it was the player's), which keeps
 * its value, checked, in the switches (struct cli_switches); then
 * cli_player_options_done finds what the switches leave to the
 * environment (the default tables, cache and net) and makes the player's
 * options of both by cli_player_opts; cli_player_check_ranges and
 * cli_player_check_exact check them together; cli_player_make makes the
 * evaluators and the player.
 */
#define CLI_PLAYER_LONGOPTS \
	{ "adaptive", required_argument, NULL, 'A' }, \
	{ "algo", required_argument, NULL, 'a' }, \
	{ "cache", required_argument, NULL, 'Q' }, \
	{ "no-cache", no_argument, NULL, 'W' }, \
	{ "chain", no_argument, NULL, 'Y' }, \
	{ "chain-min", required_argument, NULL, 'm' }, \
	{ "no-chain", no_argument, NULL, 'y' }, \
	{ "corner", no_argument, NULL, CLI_OPT_CORNER }, \
	{ "no-corner", no_argument, NULL, CLI_OPT_NO_CORNER }, \
	{ "crowded", required_argument, NULL, 'R' }, \
	{ "cutoff", required_argument, NULL, 'C' }, \
	{ "deepen", required_argument, NULL, 'D' }, \
	{ "depth", required_argument, NULL, 'd' }, \
	{ "downgrade", required_argument, NULL, 'G' }, \
	{ "fast", no_argument, NULL, 'F' }, \
	{ "heuristic", required_argument, NULL, 'H' }, \
	{ "net", required_argument, NULL, 'E' }, \
	{ "no-bitboard", no_argument, NULL, 'B' }, \
	{ "no-deepen", no_argument, NULL, 'N' }, \
	{ "no-lost", no_argument, NULL, 'L' }, \
	{ "no-tables", no_argument, NULL, 'O' }, \
	{ "prune", required_argument, NULL, 'u' }, \
	{ "table-from", required_argument, NULL, 'k' }, \
	{ "table-min", required_argument, NULL, 'K' }, \
	{ "tables", required_argument, NULL, 'X' }, \
	{ "threads", required_argument, NULL, 'j' }, \
	{ "time", required_argument, NULL, 't' }, \
	{ "tt-bits", required_argument, NULL, 'b' }, \
	{ "weights", required_argument, NULL, 'w' }
#define CLI_PLAYER_SHORTOPTS "d:H:j:w:"

/* Which of the player's options a switch gave (struct cli_switches'
 * given): each bit a group of fields that one option sets. */
enum {
	CLI_GIVEN_ALGO = 1 << 0, CLI_GIVEN_DEPTH = 1 << 1,
	CLI_GIVEN_ADAPTIVE = 1 << 2, CLI_GIVEN_TT_BITS = 1 << 3,
	CLI_GIVEN_BITBOARD = 1 << 4, CLI_GIVEN_CUTOFF = 1 << 5,
	CLI_GIVEN_CROWDED = 1 << 6, CLI_GIVEN_DEEPEN = 1 << 7,
	CLI_GIVEN_DEEPEN_BY = 1 << 8, CLI_GIVEN_DOWNGRADE = 1 << 9,
	CLI_GIVEN_LOST = 1 << 10, CLI_GIVEN_TIME = 1 << 11,
	CLI_GIVEN_TABLE_MIN = 1 << 12, CLI_GIVEN_TABLE_FROM = 1 << 13,
	CLI_GIVEN_CHAIN_MIN = 1 << 14, CLI_GIVEN_PRUNE = 1 << 15,
	CLI_GIVEN_CORNER = 1 << 16
};

/* The player's switches as given, each value checked; of two switches
 * that contradict (--tables, --no-tables), the last. */
struct cli_switches {
	int fast;                    /* --fast */
	int one_ply;                 /* --depth 1 */
	const char *heuristic, *weights; /* --heuristic, --weights */
	const char *net;             /* --net FILE, or NULL */
	const char *tables;          /* --tables DIR, or NULL */
	int no_tables;               /* --no-tables */
	int chain, no_chain;         /* --chain, --no-chain */
	int cache_given;             /* --cache DIR (cache), --no-cache (NULL) */
	const char *cache;
	int exact;                   /* --algo exact: a table must cover */
	int threads;                 /* --threads, 0: not given */
	g2048_player_opts set;       /* the values of the options given */
	unsigned given;              /* CLI_GIVEN_*: which of set's fields */
};

struct cli_player {
	struct cli_switches sw;
	/* What the switches leave to the environment (found by
	 * cli_player_options_done): */
	const char *netpath;         /* the net evaluating, or NULL */
	const char *tablesdir;       /* the exact tables consulted, or NULL */
	const char *cache;           /* the chain cache's folder, or NULL
	                                (--no-cache, or none) */
	const char *cache_folder;    /* the cache's folder as set, where the
	                                chain tables use it or not */
	int workers;                 /* --threads, else the cores */
	/* Made by cli_player_make.  A net values 4x4 boards: the default
	 * net (not --net) leaves the other sizes to the heuristic with the
	 * heuristic's setting (the same options applied), its own
	 * evaluator (the player's other). */
	g2048_eval *eval;
	g2048_eval *plain_eval;      /* NULL: the evaluator fits all */
	g2048_net *net;
	char evaluator[512];         /* what evaluates: "lines", "net FILE" */
	char plain_evaluator[64];
	struct cli_keeper *keeper;   /* what keeps the cache (cache.c) */
	int solve_cells;             /* the player's (2048-review: boards
	                                to 2x3 solved in memory) */
	int used_run, used_plain;    /* which evaluated (cli_player_evaluator_for) */
	g2048_player_opts player_opts; /* what the player is made of */
	g2048_player *player;
};
int cli_player_option(struct cli_player *p, int c, const char *arg);
/* After the options: the default tables, cache and net where no switch
 * names them (no_net: no default net, for new games of a size a net does
 * not value), the workers, and p->player_opts; returns the workers. */
int cli_player_options_done(struct cli_player *p, int no_net);
void cli_player_check_ranges(const struct cli_player *p);
void cli_player_check_exact(const struct cli_player *p);
/* OPTION TILE (--downgrade, --table-from, --until): the rank of a tile of
 * min or more, or 0 for 0 (what 0 means, zero, is for the message). */
int cli_tile_rank(const char *arg, const char *option, uint64_t min,
    const char *zero);
/* The player's options of p's switches, what they left to the
 * environment and the evaluators (p->eval, p->plain_eval, p->net as
 * made, or NULL; no_tables: consult none): the setting (--fast, a net),
 * the switches given over it, the tables, chain and cache.  What
 * cli_player_make makes, and 2048-play's hint with no switch given,
 * 2048-solve's default. */
void cli_player_opts(const struct cli_player *p, int no_tables,
    g2048_player_opts *o);
/* The evaluators and the player (exit 2 on an error); one_size: the
 * boards are of the net's size (no heuristic beside a default net);
 * no_tables: consult none; started: --time's origin (NULL: none). */
void cli_player_make(struct cli_player *p, int one_size, int no_tables,
    const struct timespec *started);
/* Exit 2 once the net or a table has failed its check. */
void cli_player_check(const struct cli_player *p);
/*
 * A whole board's table of b's size and odds, for a player of p that has
 * none and would not solve b in memory (boards of up to
 * CLI_BOARD_TABLE_CELLS cells: 2x4, 4x2, 3x3): built once, on threads
 * threads, into the cache folder (boards/RxC.tbl) and read there by
 * every later run, then added to p's player (before it is forked).  The
 * build is announced, with progress on a terminal, unless quiet.  None
 * with --no-tables, --no-cache or another size; a failure is a warning,
 * and the search values the board.
 */
#define CLI_BOARD_TABLE_CELLS 9
void cli_player_board_table(struct cli_player *p, const g2048_board *b,
    int threads, int quiet);
/*
 * The chain cache's keeper (cache.c), started by cli_player_make where
 * the player computes into a cache: a thread that announces the first
 * states computed on stderr (unless quiet) with their progress, and
 * saves the cache every few minutes while they are computed; stopped
 * (the cache saved, a failure a warning) by cli_player_free.  stop, if
 * not NULL, is set by a tool's signal handler: the states being computed
 * are dropped at once and the move left to the search.
 */
void cli_keeper_start(struct cli_player *p, int quiet,
    const volatile sig_atomic_t *stop);
void cli_keeper_end(struct cli_player *p);
/* The name of what evaluates b: the evaluator, or for a board its net
 * does not value, the heuristic's; --net FILE on such a board is an
 * error (exit 2). */
const char *cli_player_evaluator_for(struct cli_player *p,
    const g2048_board *b);
void cli_player_free(struct cli_player *p);

/* The best legal move of r but r->dir, by value (review.c): the move the
 * chosen one leads, for --explain's margin and the hint; -1 if none. */
int cli_next_best(const g2048_decision *r);

/*
 * A move of a game reviewed (review.c: 2048-review, and 2048-play's
 * review, which so agrees with its hint): the player's decision on the
 * board before it, each legal move's figure and its kind, the loss of the
 * move played (the best's figure less its own, never below 0) and its
 * share of the best's figure.  A chain table values its own move alone:
 * where another was played, every move is valued by the search alone
 * (*search, made at the first need from the player's options o) and the
 * figures are the search's.
 */
enum cli_judgement { CLI_BEST, CLI_INACCURACY, CLI_MISTAKE, CLI_BLUNDER,
	CLI_NJUDGEMENTS };
struct cli_reviewed {
	g2048_decision r;            /* the player's decision */
	int played, best;            /* best: the player's move */
	enum g2048_values kind;      /* what value[] are */
	unsigned valued;             /* 1 << d: value[d] is known */
	double value[G2048_NDIRS];
	double chain_prob;           /* a chain table's move: its chance */
	int searched;                /* valued by the search alone */
	int uncovered;               /* the player answered G2048_UNCOVERED
	                                (opts.exact): nothing valued */
	double loss, share;
};
/* The judgement's thresholds, shares of the best move's figure: best up
 * to inaccuracy (the search's figures) or exact_inaccuracy (a table's),
 * blunder from blunder, mistake from mistake. */
struct cli_judge {
	double inaccuracy, exact_inaccuracy, mistake, blunder;
};
/* The search's noise: a loss it values below this share is within the
 * spread of its own values (one move deeper moves a judgement that much:
 * bench/REVIEW.md), so the moves are equal.  Exact figures (a table's, a
 * board solved in memory) differ only by the rounding of their sums of
 * doubles (5.7e-14 of 481 between two mirror moves of a 2x3 board): any
 * loss past that counts. */
#define CLI_SEARCH_NOISE_SHARE 0.003
#define CLI_EXACT_ROUNDING_SHARE 1e-12
#define CLI_MISTAKE_SHARE 0.02
#define CLI_BLUNDER_SHARE 0.1
/* The default thresholds. */
void cli_judge_defaults(struct cli_judge *j);
void cli_review_move(g2048_player *p, g2048_player **search,
    const g2048_player_opts *o, const g2048_board *b, int played,
    struct cli_reviewed *m);
enum cli_judgement cli_judge(const struct cli_judge *j,
    const struct cli_reviewed *m);
const char *cli_judgement_name(enum cli_judgement j);
/* "N word" with the word for n: one ("1 mistake") or many ("0 mistakes"),
 * in buf. */
const char *cli_count(char *buf, size_t size, uint64_t n, const char *one,
    const char *many);

#endif
