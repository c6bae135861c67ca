/* 2048-new - print new games: an empty board with two random tiles. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-c] [-s SEED] [-n N] [-f P] [--size RxC]\n"
	    "Print N new games: an empty board with two spawned tiles.  Game i\n"
	    "(from 0) is the game of seed SEED+i, so each can be made again alone.\n"
	    "The board keeps its size and its P (a four header when not 0.1): every\n"
	    "tool after it in a pipe plays by them.\n"
	    "\n"
	    "  -s, --seed SEED  seed of the first game (default: from the system)\n"
	    "  -n, --count N    print N games (default 1)\n"
	    "  -f, --four P     probability of a 4, from 0 to 1 (default 0.1)\n"
	    "      --size RxC   R rows of C cells, each from 2 to 8 (default 4x4)\n"
	    "  -c, --compact    write the one-line compact form\n"
	    "  -h, --help       show this help and exit\n"
	    "      --version    show the version and exit\n"
	    "\n"
	    "Exit status: 0 success, 2 usage error.  See 2048-new(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compact", no_argument, NULL, 'c' },
		{ "count", required_argument, NULL, 'n' },
		{ "four", required_argument, NULL, 'f' },
		{ "seed", required_argument, NULL, 's' },
		{ "size", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	uint64_t seed = 0, count = 1, i;
	double four = G2048_FOUR_PROB;
	int c, have_seed = 0, rows = G2048_SIDE, cols = G2048_SIDE;
	g2048_board b;

	argv[0] = cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "cf:n:s:", longopts)) != -1) {
		switch (c) {
		case 'c':
			cli_out.compact = 1;
			break;
		case 'f':
			four = cli_double(optarg, "--four", 0, 1);
			break;
		case 'n':
			count = cli_u64(optarg, "--count");
			break;
		case 's':
			seed = cli_u64(optarg, "--seed");
			have_seed = 1;
			break;
		case 'S':
			cli_size(optarg, "--size", &rows, &cols);
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
	if (optind < argc)
		cli_usage_error("unexpected argument '%s'", argv[optind]);
	if (!have_seed)
		seed = cli_random_seed();
	for (i = 0; i < count; i++) {
		g2048_new_game_size(&b, rows, cols, four, seed + i);
		cli_write_board(&b);
	}
	return cli_finish(0);
}
