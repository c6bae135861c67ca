/*
 * 2048-table - exact tables: build one (a small board, or an endgame
 * pattern of the 4x4 board), describe one, and answer for every board
 * read each legal move's exact value and the best move.  The answers
 * from a table are in query.c, the chain tables' builds and digests
 * (--chain, --distill) in chain.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "table.h"


/* -h: the common options, a screen of them; --help all of them */
static void
usage_short(void)
{
	printf(
	    "usage: %s -o FILE (--size RxC | --pattern P) [-t N] [-f P]\n"
	    "       %s --table FILE [--cells R,R,...] [FILE ...]\n"
	    "       %s --info FILE | --check FILE | --list\n"
	    "Build an exact table, or answer for every board read each legal\n"
	    "move's exact value.\n"
	    "\n"
	    "  -o, --save FILE        build the table into FILE\n"
	    "      --size RxC         a whole small board (2x2 ... at most 16 cells)\n"
	    "      --pattern P        an endgame pattern of the 4x4 board (--list)\n"
	    "  -t, --target N         the tile to make\n"
	    "  -f, --four P           probability of a 4 (default 0.1)\n"
	    "  -j, --threads N        threads (default: the cores)\n"
	    "  -q, --quiet            no progress or summary on stderr\n"
	    "      --table FILE       query FILE with the boards read\n"
	    "      --cells R,R,...    query a small board: its tiles in reading order\n"
	    "  -J, --json             one JSON object a board (or for --info)\n"
	    "      --info FILE        describe the table in FILE\n"
	    "      --list             list the named patterns\n"
	    "\n"
	    "%s --help: all the options (--objective, --work, --check, the chain\n"
	    "tables' --chain, --distill and --pack); 2048-table(1): each in full.\n",
	    progname, progname, progname, progname);
	exit(cli_finish(0));
}

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s -o FILE (--size RxC | --pattern P) [-t N] [-f P]\n"
	    "       [--objective prob|score] [-j N] [--work DIR] [-q]\n"
	    "       %s --table FILE [-J] [--cells R,R,...] [FILE ...]\n"
	    "       %s --info FILE [-J]\n"
	    "       %s --check FILE [-q]\n"
	    "       %s --upgrade FILE [-q] [FILE ...]\n"
	    "       %s --list\n"
	    "       %s --chain DIR [-j N] [-q]\n"
	    "       %s --distill FILE [--tables DIR] [--states N] [-q] [FILE ...]\n"
	    "       %s --pack FILE [--cache DIR] [-q]\n"
	    "Build an exact table by dynamic programming: every state reachable\n"
	    "from the start, valued under optimal play; or answer for every\n"
	    "board read whether the table covers it and each legal move's exact\n"
	    "value.\n"
	    "\n"
	    "  -o, --save FILE        build the table into FILE (a regular file or\n"
	    "                         a link to one; its folder checked first)\n"
	    "      --size RxC         a whole small board (2x2 ... at most 16 cells)\n"
	    "      --pattern P        an endgame pattern of the 4x4 board: a name\n"
	    "                         (--list) or rows like ..../..../.xxx/.xxx\n"
	    "                         (x a large tile, X one that may move,\n"
	    "                         o where the target must form)\n"
	    "  -t, --target N         the tile to make (a pattern's: the free cells')\n"
	    "      --objective OBJ    prob (reach the target) or score (expected\n"
	    "                         final score; small boards)\n"
	    "  -f, --four P           probability of a 4 (default 0.1)\n"
	    "  -j, --threads N        threads (default: the cores)\n"
	    "      --work DIR         keep finished layers in DIR; a build that\n"
	    "                         stopped goes on from them (without it:\n"
	    "                         $TMPDIR/2048-table.XXXXXX, removed at the\n"
	    "                         end and on a signal)\n"
	    "  -q, --quiet            no progress or summary on stderr\n"
	    "      --table FILE       query FILE with the boards read\n"
	    "      --cells R,R,...    query a small board: its tiles in reading\n"
	    "                         order (. or 0 for empty)\n"
	    "  -J, --json             one JSON object a board (or for --info)\n"
	    "      --info FILE        describe the table in FILE\n"
	    "      --check FILE       check every block of the table, chain file,\n"
	    "                         chain digest, packed tables or net in FILE\n"
	    "      --upgrade FILE     give a table (format 2), chain file or\n"
	    "                         digest (format 1) this format's header,\n"
	    "                         once every block of it checks\n"
	    "      --list             list the named patterns\n"
	    "      --chain DIR        build the chain tables of 2048-solve --chain\n"
	    "                         whole into DIR (3.3 G states, 6.7 GB);\n"
	    "                         SIGINT keeps what is done, a rerun goes on\n"
	    "      --distill FILE     write a chain digest to FILE: the states of\n"
	    "                         the chain tables that decided the boards\n"
	    "                         read\n"
	    "      --tables DIR       the chain tables of --distill (default: the\n"
	    "                         tables' folder, as 2048-solve's)\n"
	    "      --states N         the digest's most met states kept (default\n"
	    "                         1300000: 7.8 MB)\n"
	    "      --pack FILE        write packed chain tables to FILE: every\n"
	    "                         state the chain cache holds\n"
	    "      --cache DIR        the chain cache of --pack (default: the\n"
	    "                         one of 2048-solve, $G2048_CACHE)\n"
	    "  -h, --help             show the common options (-h) or all of\n"
	    "                         them (--help), and exit\n"
	    "      --version          show the version and exit\n"
	    "\n"
	    "Exit status: 0 success, 1 some board is not covered by the table,\n"
	    "2 usage or input error (a bad table file).  See 2048-table(1).\n",
	    progname, progname, progname, progname, progname, progname,
	    progname, progname, progname);
	exit(status ? 2 : cli_finish(0));
}

long
peak_rss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

static int
show_progress(const g2048_exact_progress *p, void *ctx)
{
	struct run *run = ctx;
	static const char *phase[] = { "enumerating", "valuing", "writing" };

	if (!run->tty)
		return 0;
	if (p->phase == 1 && !run->valuing) {
		/* the rate of this pass alone, resumed states left out */
		run->valuing = 1;
		run->value_t0 = p->seconds;
		run->value_s0 = p->states;
		return 0;
	}
	if (p->phase == 1 && p->states > run->value_s0 &&
	    p->seconds > run->value_t0) {
		double rate = (double)(p->states - run->value_s0) /
		    (p->seconds - run->value_t0);

		fprintf(stderr, "\r%s: valuing layer %llu: %llu of %llu states,"
		    " %.0f/s, %.0f s left, peak %llu MB   ", progname,
		    (unsigned long long)p->sum, (unsigned long long)p->states,
		    (unsigned long long)p->total, rate,
		    (double)(p->total - p->states) / rate,
		    (unsigned long long)(p->memory_peak >> 20));
	} else if (p->phase != 1)
		fprintf(stderr, "\r%s: %s layer %llu: %llu states, %.0f/s, "
		    "%.0f s, peak %llu MB   ", progname, phase[p->phase],
		    (unsigned long long)p->sum, (unsigned long long)p->states,
		    p->seconds > 0 ? p->states / p->seconds : 0, p->seconds,
		    (unsigned long long)(p->memory_peak >> 20));
	return 0;
}

/* --pattern: a name of --list, or 4 rows of 4 cells of x, X, . and o
 * split by '/'; else a usage error, before any work */
static void
check_pattern(const char *p)
{
	const char *name, *spec, *about, *s;
	int i, row = 0, col = 0;

	for (i = 0; g2048_exact_pattern(i, &name, &spec, &about); i++)
		if (strcmp(name, p) == 0)
			return;
	for (s = p; *s != '\0'; s++) {
		if (*s == '/' && col == 4 && row < 3)
			row++, col = 0;
		else if (*s != '/' && strchr("xX.o", *s) != NULL && col < 4)
			col++;
		else
			break;
	}
	if (*s != '\0' || row != 3 || col != 4)
		cli_usage_error("--pattern: expected a name (2048-table --list) "
		    "or 4 rows of 4 cells split by '/': 'x' a large tile, 'X' "
		    "one that may move, '.' a free cell, 'o' a free cell where "
		    "the target must form (e.g. ..../..../.xxx/.xxx): '%s'", p);
}

/* --list: the named patterns */
static int
list_patterns(void)
{
	const char *name, *spec, *about;
	int i;

	for (i = 0; g2048_exact_pattern(i, &name, &spec, &about); i++)
		printf("%-4s %s  %s\n", name, spec, about);
	return cli_finish(0);
}

static int
build(struct run *run, g2048_exact_opts *o, const char *path)
{
	g2048_exact_report rep;
	char err[PATH_MAX + 512];
	int rc;

	cli_check_writable(path, NULL);
	if (o->workdir == NULL && cli_work_make(o, run->quiet, err,
	    sizeof err) < 0)
		cli_die(2, "%s", err);
	o->progress = run->quiet ? NULL : show_progress;
	o->ctx = run;
	rc = g2048_exact_build(o, path, &rep, err, sizeof err);
	cli_work_remove();
	if (rc < 0) {
		if (run->tty && !run->quiet)
			fprintf(stderr, "\n");
		cli_die(2, "%s", err);
	}
	if (!run->quiet)
		fprintf(stderr, "%s%s: %s: %llu states (%llu without symmetry), "
		    "%llu layers, start value %.10g, %llu bytes, %.1f s, "
		    "peak %ld MB (tables %llu MB)%s\n", run->tty ? "\r" : "",
		    progname, path, (unsigned long long)rep.states,
		    (unsigned long long)rep.states_plain,
		    (unsigned long long)rep.layers, rep.start,
		    (unsigned long long)rep.bytes, rep.seconds,
		    peak_rss_kb() / 1024,
		    (unsigned long long)(rep.memory_peak >> 20),
		    rep.layers_resumed ? ", resumed" : "");
	return 0;
}

/* What a run does: one mode, named by its option. */
enum mode { MODE_QUERY, MODE_LIST, MODE_INFO, MODE_CHECK, MODE_UPGRADE,
	MODE_CHAIN, MODE_DISTILL, MODE_PACK, MODE_SAVE };

/* What the options ask for: the mode, named by its option, and what the
 * modes read. */
struct table_args {
	enum mode mode;
	const char *mode_option;     /* the option that named the mode */
	g2048_exact_opts o;          /* -o's build */
	int size;                    /* --size given */
	const char *save, *objective;
	const char *tablepath, *cells, *infopath, *checkpath, *upgradepath;
	const char *chaindir, *distillpath, *tablesdir;
	const char *packpath, *cachedir;
	uint64_t states;             /* --distill's */
	int small;                   /* --chain's test layouts */
};

/* The mode of option (one of the modes' options), refused with the mode
 * given before it when they differ. */
static void
set_mode(struct table_args *a, enum mode mode, const char *option)
{
	if (a->mode_option != NULL && a->mode != mode)
		cli_usage_error("%s and %s: give one of -o, --table, --info, "
		    "--check, --upgrade, --list, --chain, --distill and --pack",
		    a->mode_option, option);
	a->mode = mode;
	a->mode_option = option;
}

/* The options into a and run's switches; a usage error exits. */
static void
parse_args(int argc, char **argv, struct run *run, struct table_args *a)
{
	static const struct option longopts[] = {
		{ "save", required_argument, NULL, 'o' },
		{ "size", required_argument, NULL, 'S' },
		{ "pattern", required_argument, NULL, 'P' },
		{ "target", required_argument, NULL, 't' },
		{ "objective", required_argument, NULL, 'O' },
		{ "four", required_argument, NULL, 'f' },
		{ "threads", required_argument, NULL, 'j' },
		{ "work", required_argument, NULL, 'W' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "table", required_argument, NULL, 'T' },
		{ "cells", required_argument, NULL, 'C' },
		{ "json", no_argument, NULL, 'J' },
		{ "info", required_argument, NULL, 'I' },
		{ "check", required_argument, NULL, 'K' },
		{ "upgrade", required_argument, NULL, 'U' },
		{ "list", no_argument, NULL, 'L' },
		{ "chain", required_argument, NULL, 'N' },
		{ "distill", required_argument, NULL, 'D' },
		{ "tables", required_argument, NULL, 'B' },
		{ "states", required_argument, NULL, 'M' },
		{ "pack", required_argument, NULL, 'A' },
		{ "cache", required_argument, NULL, 'E' },
		{ "help", no_argument, NULL, CLI_HELP_FULL },
		{ "version", no_argument, NULL, 'V' },
		/* not in --help: the tests' chain tables of megabytes */
		{ "small-layouts", no_argument, NULL, 'Y' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(a, 0, sizeof *a);
	a->mode = MODE_QUERY;
	a->states = 1300000;
	g2048_exact_defaults(&a->o);
	a->o.threads = cli_cores(G2048_THREADS_MAX);
	while ((c = cli_getopt(argc, argv, "f:Jj:o:qt:", longopts)) != -1) {
		switch (c) {
		case 'o':
			set_mode(a, MODE_SAVE, "-o");
			a->save = optarg;
			break;
		case 'S':
			cli_size(optarg, "--size", &a->o.rows, &a->o.cols);
			if (a->o.rows * a->o.cols > 16)
				cli_usage_error("--size: expected RxC, 2 to 8 "
				    "each, at most 16 cells: '%s'", optarg);
			a->size = 1;
			break;
		case 'P':
			a->o.pattern = optarg;
			break;
		case 't':
			if ((a->o.target = g2048_rank_of(cli_u64(optarg,
			    "--target"))) < 2 || a->o.target > 14)
				cli_usage_error("--target: expected a tile "
				    "from 4 to 16384: '%s'", optarg);
			break;
		case 'O':
			a->objective = optarg;
			if (strcmp(optarg, "prob") && strcmp(optarg, "score"))
				cli_usage_error("--objective: expected prob or "
				    "score: '%s'", optarg);
			break;
		case 'f':
			a->o.four = cli_double(optarg, "--four", 0, 1);
			break;
		case 'j':
			a->o.threads = (int)cli_int(optarg, "--threads", 1,
			    G2048_THREADS_MAX);
			break;
		case 'W':
			a->o.workdir = optarg;
			break;
		case 'q':
			run->quiet = 1;
			break;
		case 'T':
			set_mode(a, MODE_QUERY, "--table");
			a->tablepath = optarg;
			break;
		case 'C':
			a->cells = optarg;
			break;
		case 'J':
			run->json = 1;
			break;
		case 'I':
			set_mode(a, MODE_INFO, "--info");
			a->infopath = optarg;
			break;
		case 'K':
			set_mode(a, MODE_CHECK, "--check");
			a->checkpath = optarg;
			break;
		case 'U':
			set_mode(a, MODE_UPGRADE, "--upgrade");
			a->upgradepath = optarg;
			break;
		case 'L':
			set_mode(a, MODE_LIST, "--list");
			break;
		case 'N':
			set_mode(a, MODE_CHAIN, "--chain");
			a->chaindir = optarg;
			break;
		case 'D':
			set_mode(a, MODE_DISTILL, "--distill");
			a->distillpath = optarg;
			break;
		case 'B':
			a->tablesdir = optarg;
			break;
		case 'M':
			a->states = cli_u64(optarg, "--states");
			break;
		case 'A':
			set_mode(a, MODE_PACK, "--pack");
			a->packpath = optarg;
			break;
		case 'E':
			a->cachedir = optarg;
			break;
		case 'Y':
			a->small = 1;
			break;
		case 'h':
			usage_short();
			break;
		case CLI_HELP_FULL:
			usage(0);
			break;
		case 'V':
			cli_version();
			break;
		default:
			cli_usage_error(NULL);
		}
	}
}

/* -o: the table of a size or a pattern, built and saved */
static int
save_mode(struct run *run, struct table_args *a)
{
	g2048_exact_opts *o = &a->o;

	if (a->size == (o->pattern != NULL))
		cli_usage_error("-o: give one of --size and --pattern");
	if (o->pattern != NULL)
		check_pattern(o->pattern);
	if (o->pattern != NULL && o->target == 0)
		cli_usage_error("--pattern needs --target");
	o->objective = a->objective != NULL ? (strcmp(a->objective, "prob") ?
	    G2048_EXACT_SCORE : G2048_EXACT_PROB) : o->target ?
	    G2048_EXACT_PROB : G2048_EXACT_SCORE;
	if (o->objective == G2048_EXACT_PROB && o->target == 0)
		cli_usage_error("--objective prob needs --target");
	if (o->pattern != NULL && o->objective == G2048_EXACT_SCORE)
		cli_usage_error("a pattern's objective is prob");
	build(run, o, a->save);
	return cli_finish(0);
}

int
main(int argc, char **argv)
{
	struct run run;
	struct table_args a;
	char err[512];
	int status;

	argv[0] = cli_init(argv[0]);
	cli_catch_sigbus();      /* it maps table files */
	memset(&run, 0, sizeof run);
	parse_args(argc, argv, &run, &a);
	run.tty = isatty(2);
	switch (a.mode) {
	case MODE_LIST:
		return list_patterns();
	case MODE_INFO:
		run.table = g2048_table_open(a.infopath, err, sizeof err);
		if (run.table == NULL)
			cli_die(2, "%s", err);
		print_info(run.table, run.json);
		g2048_table_close(run.table);
		return cli_finish(0);
	case MODE_CHECK:
		return check_table(&run, a.checkpath);
	case MODE_UPGRADE:
		upgrade_file(&run, a.upgradepath);   /* the option's, then more */
		for (; optind < argc; optind++)
			upgrade_file(&run, argv[optind]);
		return cli_finish(0);
	case MODE_CHAIN:
		return build_chain_tables(&run, a.chaindir, a.o.threads, a.small);
	case MODE_DISTILL:
		return distill_digest(&run, a.distillpath, a.tablesdir ?
		    a.tablesdir : cli_default_tables(), a.states, argv + optind,
		    argc - optind);
	case MODE_PACK:
		return pack_tables(&run, a.packpath, a.cachedir ? a.cachedir :
		    cli_default_cache());
	case MODE_SAVE:
		return save_mode(&run, &a);
	case MODE_QUERY:
		break;
	}
	if (a.tablepath == NULL)
		cli_usage_error("nothing to do: -o, --table, --info or --list");
	if ((run.table = g2048_table_open(a.tablepath, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	if (a.cells != NULL)
		query_cells(&run, a.tablepath, a.cells);
	else
		cli_boards(argv + optind, argc - optind, query_board, &run);
	status = run.uncovered ? 1 : 0;
	g2048_table_close(run.table);
	return cli_finish(status);
}
