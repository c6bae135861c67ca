/*
 * boardtable.c - a small board's whole table kept in the cache folder
 * (cli.h): a 2x4 or 3x3 board is too large to solve in memory at every
 * run (3x3: minutes of CPU and hundreds of MB), so the first run that
 * values one builds the table 2048-table --size builds of it, once,
 * and every later run reads it there.  Written whole or not at all (a
 * build's file is renamed into place), and checked as every table is.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

struct build_view {
	int tty;
	double shown;
};

/* a terminal's line: the layer and the states so far, redrawn */
static int
show_build(const g2048_exact_progress *p, void *ctx)
{
	static const char *phase[] = { "enumerating", "valuing", "writing" };
	struct build_view *v = ctx;

	if (!v->tty || cli_now() - v->shown < 0.25)
		return 0;
	v->shown = cli_now();
	fprintf(stderr, "\r\033[K%s: the table: %s layer %llu, %llu states "
	    "(%.0f s)", progname, phase[p->phase > 2 ? 2 : p->phase],
	    (unsigned long long)p->sum, (unsigned long long)p->states,
	    p->seconds);
	return 0;
}

/* Build b's size and odds' table of the expected score into path. */
static int
build(const char *path, const g2048_board *b, int threads, int quiet,
    char *err, size_t errsize)
{
	struct build_view view = { 0, 0 };
	g2048_exact_report rep;
	g2048_exact_opts o;
	int rc;

	g2048_exact_defaults(&o);
	o.rows = b->rows;
	o.cols = b->cols;
	o.four = b->four;
	o.objective = G2048_EXACT_SCORE;
	o.threads = threads;
	if (!quiet) {
		fprintf(stderr, "%s: no table of the %dx%d board: building it "
		    "once into %s for this run and every later one (3x3: "
		    "minutes)\n", progname, b->rows, b->cols, path);
		view.tty = isatty(STDERR_FILENO);
		o.progress = show_build;
		o.ctx = &view;
	}
	if (cli_work_make(&o, 1, err, errsize) < 0)
		return -1;
	rc = g2048_exact_build(&o, path, &rep, err, errsize);
	cli_work_remove();
	if (view.tty)
		fprintf(stderr, "\r\033[K");
	if (rc == 0 && !quiet)
		fprintf(stderr, "%s: %s: %llu states, %.1f s\n", progname,
		    path, (unsigned long long)rep.states, rep.seconds);
	return rc;
}

/* Every block of the table at path checked (a cache is written by
 * whoever ran before): 0, or -1 with why in err. */
static int
verify(const char *path, char *err, size_t errsize)
{
	g2048_table *t;
	int rc;

	if ((t = g2048_table_open(path, err, errsize)) == NULL)
		return -1;
	rc = g2048_table_verify(t, err, errsize);
	g2048_table_close(t);
	return rc;
}

/* The table's path in the cache folder: RxC.tbl of the classic odds,
 * else RxC-fourP.tbl, P as printed back to the same number */
static int
table_path(char *path, size_t size, const char *dir, const g2048_board *b)
{
	char four[48] = "";

	if (b->four != G2048_FOUR_PROB) {
		snprintf(four, sizeof four, "-four%g", b->four);
		if (strtod(four + 5, NULL) != b->four)
			snprintf(four, sizeof four, "-four%.17g", b->four);
	}
	return snprintf(path, size, "%s/%dx%d%s.tbl", dir, b->rows, b->cols,
	    four) < (int)size ? 0 : -1;
}

void
cli_player_board_table(struct cli_player *p, const g2048_board *b,
    int threads, int quiet)
{
	char dir[PATH_MAX], path[PATH_MAX], err[PATH_MAX + 512];
	int cells = b->rows * b->cols;

	if (cells <= p->solve_cells || cells > CLI_BOARD_TABLE_CELLS ||
	    p->sw.no_tables || p->cache_folder == NULL ||
	    g2048_player_has_board_table(p->player, b->rows, b->cols, b->four))
		return;
	if (snprintf(dir, sizeof dir, "%s/boards", p->cache_folder) >=
	    (int)sizeof dir || table_path(path, sizeof path, dir, b) < 0) {
		cli_warn("the cache folder: a name too long: the search "
		    "values the %dx%d board", b->rows, b->cols);
		return;
	}
	if (cli_make_dirs(dir, err, sizeof err) < 0)
		goto fail;
	/* a file there that fails its check, or is no table of this
	 * board, is built again */
	if (access(path, F_OK) == 0) {
		if (verify(path, err, sizeof err) < 0 ||
		    g2048_player_add_table(p->player, path, err,
		    sizeof err) < 0)
			cli_warn("%s: built again", err);
		else if (g2048_player_has_board_table(p->player, b->rows,
		    b->cols, b->four))
			return;
	}
	if (build(path, b, threads, quiet, err, sizeof err) < 0 ||
	    g2048_player_add_table(p->player, path, err, sizeof err) < 0)
		goto fail;
	return;
fail:
	cli_warn("%s: the search values the %dx%d board", err, b->rows,
	    b->cols);
}
