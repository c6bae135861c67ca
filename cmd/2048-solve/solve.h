/*
 * solve.h - the parts of 2048-solve.  options.c: the options.  main.c:
 * the searches of the run, and the best move for every board read.
 * games.c: games played to the end, each board read (--play) or N new
 * games on a pool of workers (--games), written in game order.  tally.c: the table of finished games (--summary, --tally).
 * cover.c: what decided a move, in --explain and --json, and --algo
 * exact.  Every move is the library's player's (g2048_best_move,
 * g2048_play_step); what prints is here.
 */
#ifndef SOLVE_H
#define SOLVE_H

#include <stdatomic.h>
#include <stdio.h>

#include "cli.h"

/* What the searches of a game, or of a run, cost. */
struct effort {
	uint64_t nodes;
	uint64_t deepened;           /* moves searched a second time, deeper */
	double seconds, slowest;
	uint64_t by_table;           /* moves an exact table chose */
};

/* How many games ended with one score. */
struct score_count {
	uint64_t score, count;       /* count 0: an empty slot */
};

struct stats {
	uint64_t games, moves;
	struct effort search;
	/* the scores for the median and --json's list: a hash table of
	 * each score seen and its games, so memory grows with the distinct
	 * scores (4x4 games' are multiples of 4 below 4 million), not with
	 * the games */
	struct score_count *scores;
	size_t slots, distinct;      /* slots: a power of 2, or 0 */
	uint64_t interrupted_of;     /* --games stopped by a signal: of how
	                                many games (0: not stopped) */
	uint64_t reach[G2048_RANK_LIMIT + 1]; /* games reaching each rank */
	int rank_cap;                /* the largest cap of the games' sizes */
	int until_rank;              /* --until: the last row (0: none) */
	int tables;                  /* exact tables were consulted */
};

/* The status line of --games and --play (games.c): the games finished so
 * far (under the pool's lock with --games) and the moves of all games,
 * finished or not (from every worker, hence atomic). */
struct progress {
	struct cli_status line;
	atomic_ullong moves;
	uint64_t games, score_sum;
	uint64_t moves_finished;     /* of the games finished */
	int workers;                 /* --games: the games in play at once */
	struct cli_eta eta;          /* --games: the time left */
	uint64_t reach[G2048_RANK_LIMIT + 1];
	int rank_cap;                /* the largest cap of the games' sizes,
	                                or --until's tile if less */
	int until_rank;              /* --until (0: none) */
};

struct run {
	/* the player's switches, its evaluators and the player (libcli):
	 * every move of the run (a fork a worker) */
	struct cli_player pl;
	/* --games: the new games' size and odds */
	int rows, cols, size_given, other_size, odds_given;
	double four;
	int explain, play, final, summary, tally, quiet, have_seed, json;
	int strict;                  /* --strict: boards of one size */
	uint64_t games, seed;
	uint64_t max_moves;          /* --moves: a game's most (0: no bound) */
	int until_rank;              /* --until: a game ends at a tile of this
	                                rank (0: none) */
	int new_games;               /* --games N given, N = games (even 0) */
	int workers;                 /* games in parallel */
	g2048_rng run_rng;           /* with --seed: for boards without a stream */
	const char *logname;         /* --log FILE */
	const char *pack_chain;      /* --pack-chain FILE */
	FILE *log;
	struct stats st;
	struct progress *progress;   /* the status line */
	struct timespec t0;          /* the games' start */
	int status;
};

/* options.c */
/* Every option into run (--help, --version and usage errors exit). */
void parse_options(int argc, char **argv, struct run *run);

/* main.c */
/* What evaluated the games of the run, for the table. */
const char *run_evaluator(const struct run *run, char *buf, size_t size);

/* cover.c */
/* 1 for a board of a size 2048-table solves whole (at most 16 cells,
 * but for 4x4). */
int small_board(const g2048_board *b);
/* --algo exact: exit 2, naming why no whole board's table holds b (r:
 * the player's decision, G2048_UNCOVERED). */
void die_uncovered(struct run *run, const g2048_board *b,
    const g2048_decision *r);
/* --explain's last lines but the evaluator's: what decided (a table and
 * its exact values, or the search's cost and, on a small board, why no
 * table). */
void explain_source(const struct run *run, const g2048_board *b,
    const g2048_decision *r);
/* --json --explain's "exact" key and its value. */
void json_cover(const struct run *run, const g2048_board *b,
    const g2048_decision *r);

/* games.c */
/* Give b a stream if it has none, as 2048-spawn would. */
void give_stream(struct run *run, g2048_board *b);
/* Write one decision to --log: the board, the move, every value. */
void log_decision(struct run *run, const g2048_board *b,
    const g2048_decision *r, const char *evaluator);
/* --play: play b to the end and write it. */
void play_board(struct run *run, g2048_board *b);
/* --games: play the run's new games on its workers, written in order. */
void play_new_games(struct run *run);
/* Set by --games' handler of SIGINT and SIGTERM: the chain tables stop
 * computing (cli_keeper_start). */
extern volatile sig_atomic_t games_stop;
/* --games: SIGINT and SIGTERM stop the run from now on (before its
 * tables are opened, which may take long), keeping the games finished;
 * while a board read is decided or played (main.c), they end the board's
 * game where it stands.  Released, the handlers of before are back. */
void games_catch_signals(void);
void games_release_signals(void);    /* the handlers of before */
int games_stop_signal(void);         /* the signal that stopped, or 0 */
/* Start the status line of --games or --play (none with -q or when
 * stderr is not a terminal); erase it at the end. */
void progress_start(struct run *run);
void progress_end(struct run *run);

/* tally.c */
/* The largest tile of b, whatever its size: a rank. */
int board_max_rank(const g2048_board *b);
#define TOTAL_OVERFLOW "the moves of all games would pass 18446744073709551615"

void effort_add(struct effort *to, const struct effort *e);
/* Count a finished game; e (NULL for --tally) is what its searches cost.
 * 0, or -1 (nothing counted) when the total of moves would wrap. */
int stats_add(struct stats *st, const g2048_board *b, const struct effort *e);
/* The table; wall is the run's time (0: --tally, no speeds); evaluator
 * what played (NULL: unknown, --tally). */
void print_summary(struct stats *st, double wall, const char *evaluator);
/* The same as one JSON object on a line (--json; keys in 2048-solve(1)). */
void print_summary_json(struct stats *st, double wall, const char *evaluator);

#endif
