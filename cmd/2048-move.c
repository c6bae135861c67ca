/* 2048-move - slide and merge every board read, in one direction. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

struct run {
	enum g2048_dir dir;
	int quiet;
};

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-cq] DIR [FILE ...]\n"
	    "Slide and merge every board read toward DIR (up, down, left, right,\n"
	    "or u, d, l, r), add the merges to its score and count the move.\n"
	    "\n"
	    "  -c, --compact  write the one-line compact form\n"
	    "  -q, --quiet    no message for a board that cannot move, nor for\n"
	    "                 a board of another size than the first's\n"
	    "      --strict   a board of another size than the first's is an\n"
	    "                 error (a row too many?), not a warning\n"
	    "  -h, --help     show this help and exit\n"
	    "      --version  show the version and exit\n"
	    "\n"
	    "Exit status: 0 every board moved, 1 some board could not move (it is\n"
	    "written unchanged), 2 usage or input error.  See 2048-move(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

static int
move_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	long gained = g2048_board_move(b, run->dir);

	if (gained == G2048_OVERFLOW)
		cli_die_overflow(b, (int)run->dir);
	if (gained < 0 && !run->quiet)
		cli_warn_board("cannot move %s", g2048_dir_name(run->dir));
	cli_write_board(b);
	return gained < 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compact", no_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strict", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct run run = { G2048_LEFT, 0 };
	int c, d, i, strict = 0;

	argv[0] = cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "cq", longopts)) != -1) {
		switch (c) {
		case 'c':
			cli_out.compact = 1;
			break;
		case 'q':
			run.quiet = 1;
			break;
		case 'S':
			strict = 1;
			break;
		case 'h':
			usage(0);
			break;
		case 'V':
			cli_version();
			break;
		default:
			cli_usage_error(NULL);
		}
	}
	if (optind >= argc)
		cli_usage_error("missing direction");
	if ((d = g2048_dir_parse(argv[optind])) < 0)
		cli_usage_error("expected a direction, up, down, left or right: "
		    "'%s'", argv[optind]);
	run.dir = (enum g2048_dir)d;
	/* "2048-move left up" means two moves, not a file named up */
	for (i = ++optind; i < argc; i++)
		if (g2048_dir_parse(argv[i]) >= 0 && access(argv[i], F_OK) != 0)
			cli_usage_error("'%s' is a second direction: one direction "
			    "per call; pipe into another 2048-move, as in "
			    "'2048-move %s | 2048-move %s'", argv[i],
			    argv[optind - 1], argv[i]);
	cli_shapes(strict ? CLI_SHAPES_STRICT : run.quiet ? CLI_SHAPES_ANY :
	    CLI_SHAPES_WARN);
	return cli_finish(cli_boards(argv + optind, argc - optind, move_board,
	    &run));
}
