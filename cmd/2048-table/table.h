/*
 * table.h - the parts of 2048-table.  main.c: the options, the exact
 * tables' builds.  query.c: queries, --info, --check, --upgrade.  chain.c: the chain
 * tables' build (--chain), digest (--distill) and packing (--pack).  work.c: the temporary
 * work folder of a build without --work.
 */
#ifndef TABLE_H
#define TABLE_H

#include <stdint.h>
#include <time.h>

#include "cli.h"

struct run {
	g2048_table *table;
	int json, quiet, uncovered;
	int tty;
	double value_t0;        /* when valuing began, and the states */
	uint64_t value_s0;      /* valued before (a resumed build) */
	int valuing;
	struct timespec chain_t0;   /* --chain: the build's start */
	double chain_shown;         /* and when progress last showed */
	g2048_chain_distill *distill;   /* --distill, from these tables */
	g2048_chain *distill_tables;
};

/* query.c */
/* --info: the header's report, as text or JSON. */
void print_info(const g2048_table *t, int json);
/* --table: each legal move's exact value of board b (a cli_boards
 * callback; ctx the run). */
int query_board(g2048_board *b, void *ctx);
/* --cells: the board given as cells, of tablepath's table. */
void query_cells(struct run *run, const char *tablepath, const char *s);
/* --check: every block of path read and checked: 0, or 2 with a message. */
int check_table(struct run *run, const char *path);
/* --upgrade: path's header sealed in place after every block is checked
 * (exit 2 with a message if it fails). */
void upgrade_file(const struct run *run, const char *path);

/* chain.c */
/* --chain DIR: both chain tables computed whole, then written (small:
 * the small layouts' of the tests). */
int build_chain_tables(struct run *run, const char *dir, int threads,
    int small);
/* --distill FILE: the boards of files (stdin if none), each counted by
 * the chain tables' state of dir that decided it, then the states most
 * met written. */
int distill_digest(struct run *run, const char *path, const char *dir,
    uint64_t states, char **files, int nfiles);
/* --pack FILE: every state the chain cache in dir holds, packed. */
int pack_tables(struct run *run, const char *path, const char *dir);
/* The process's peak resident memory so far, in KB (main.c). */
long peak_rss_kb(void);

#endif
