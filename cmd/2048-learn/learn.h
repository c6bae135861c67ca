/*
 * learn.h - the parts of 2048-learn.  main.c: the options and the net to
 * train.  train.c: the training run: the workers, the progress report,
 * the saves (every N games, on a signal, at the end).  The learning itself
 * is the library's (g2048_learner_play).
 */
#ifndef LEARN_H
#define LEARN_H

#include <pthread.h>
#include <signal.h>
#include <stdio.h>

#include "cli.h"

#define BLOCKS_IN_FLIGHT 64          /* blocks whose games may be running */
#define TILE_FIRST 11                /* progress counts 2048 ... 32768 */
#define TILE_LAST 15

/* The games of one block of the progress report: all count for its
 * moves, those begun new (not restarted) for its scores and tiles. */
struct block {
	uint64_t games, moves, fresh, score_sum, score_max;
	uint64_t reach[TILE_LAST + 1];
};

struct run {
	const char *spec, *stages, *restart, *load, *save, *export, *logname;
	g2048_learn_opts opts;
	double optimistic;
	uint64_t games, seed, every, blocksize;
	int have_seed, threads, quiet;
	struct cli_status line;      /* on a terminal, redrawn in place */
	int alpha_set, lambda_set, tc_set, halves_set;   /* given, not from --load */
	g2048_net *net;
	FILE *log;
	int log_errno;              /* the first write to it that failed */
	char train[G2048_NET_TEXT_MAX];

	/* shared by the workers, under lock */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	uint64_t first, end, next;   /* games: this run's first, end, next */
	uint64_t done_to;            /* blocks reported */
	uint64_t moves;              /* all moves, for the header */
	int busy;                    /* workers inside a game */
	int pause, stop, failed;
	struct block block[BLOCKS_IN_FLIGHT];
	double start, last_draw;
};

/* Set by SIGINT and SIGTERM: save and stop. */
extern volatile sig_atomic_t interrupted;

/* Play the run's games on its threads, saving as asked; 1 if
 * interrupted (the net was saved), else 0. */
int train(struct run *run);

#endif
