/*
 * review.h - the parts of 2048-review.  main.c: the options and the run.
 * game.c: the stream checked to be a game (each board from the one
 * before by a move and a spawn), its positions valued in batches by the
 * workers' forks of the player.  report.c: each move's line, its
 * judgement and the summary, in text or JSON.
 */
#ifndef REVIEW_H
#define REVIEW_H

#include <stdatomic.h>

#include "cli.h"

/* The positions of a batch, a worker's share of them. */
#define BATCH_PER_WORKER 32

struct position {
	g2048_board b;               /* the board before the move */
	uint64_t number;             /* the move's number in the game */
	int played;
	struct cli_reviewed m;       /* a worker's */
	enum cli_judgement judged;
};

struct worker {
	g2048_player *player;        /* a fork of the run's */
	g2048_player *search;        /* the search alone (made when needed) */
};

struct review {
	struct cli_player pl;
	int workers;
	struct worker *w;
	/* the options of the report */
	int json, quiet, only_mistakes, largest;
	uint64_t every;              /* --every: one move in every */
	struct cli_judge judge;
	double threshold;
	/* the stream */
	g2048_board prev;
	int have_prev;
	uint64_t boards;
	/* the positions of a batch, valued together */
	struct position *batch;
	size_t n, cap;
	atomic_size_t next, done;
	struct cli_status status;
	/* the summary */
	uint64_t reviewed, count[CLI_NJUDGEMENTS];
	uint64_t written;            /* moves reported */
	int blank_last;              /* their lines end with a blank line */
	uint64_t last_mistake;       /* the move, 0: none */
	struct position *top;        /* the largest losses, largest first */
	int ntop;
	int over;                    /* the last board cannot move */
};

/* main.c */
/* The workers' forks of the run's player, each searching on one thread:
 * positions in parallel rather than a position's moves (at the first
 * board, once a table of its size may have been added). */
void review_fork_workers(struct review *rv);

/* game.c */
/* cli_boards' callback: check b follows the board before, queue it. */
int review_board(g2048_board *b, void *ctx);
/* Value the queued positions on the workers and report them in order. */
void review_flush(struct review *rv);

/* report.c */
/* A valued position's judgement, counted; its lines written. */
void report_position(struct review *rv, struct position *p);
void report_summary(struct review *rv);

#endif
