/* 2048-spawn - add one random tile to every board read. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

struct run {
	uint64_t four;            /* threshold of a 4, out of 2^32 */
	double four_p;
	g2048_rng rng;            /* the run's generator, with --seed */
	int have_seed;
	int all, quiet;
	int at_cell, at_rank;     /* --at/--value, or -1 */
};

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-acq] [-s SEED] [-f P] [--at ROW,COL [--value V]] [FILE ...]\n"
	    "Add one tile to every board read: a uniformly chosen empty cell gets\n"
	    "a 4 with probability P, else a 2.  Without --seed each board\n"
	    "continues its own random stream (its seed and draws header).\n"
	    "\n"
	    "  -s, --seed SEED   one generator for the whole run, seeded with SEED\n"
	    "  -f, --four P      probability of a 4 (default 0.1)\n"
	    "      --at ROW,COL  place the tile at ROW,COL (1-4, from the top left)\n"
	    "      --value V     with --at: the tile to place (default 2)\n"
	    "  -a, --all         write every possible outcome, each with its\n"
	    "                    probability in a prob header\n"
	    "  -c, --compact     write the one-line compact form\n"
	    "  -q, --quiet       no message for a full board or a taken cell\n"
	    "  -h, --help        show this help and exit\n"
	    "      --version     show the version and exit\n"
	    "\n"
	    "Exit status: 0 every board got a tile, 1 some board was full (it is\n"
	    "written unchanged) or the --at cell was taken, 2 usage or input\n"
	    "error.  See 2048-spawn(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

/* Every outcome of the chance node, in reading order, 2 before 4. */
static void
spawn_all(const g2048_board *b, const struct run *run)
{
	int n = g2048_empty_count(b->grid), cell, rank;
	double p_rank[3] = { 0, 1 - run->four_p, run->four_p };
	g2048_board out;

	for (cell = 0; cell < G2048_CELLS; cell++) {
		if (g2048_rank(b->grid, cell) != 0)
			continue;
		for (rank = 1; rank <= 2; rank++) {
			if (p_rank[rank] == 0)
				continue;
			out = *b;
			out.grid = g2048_set_rank(b->grid, cell, rank);
			out.prob = (b->has_prob ? b->prob : 1) * p_rank[rank] / n;
			out.has_prob = 1;
			cli_write_board(&out);
		}
	}
}

static int
spawn_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	g2048_rng own;
	int full = g2048_empty_count(b->grid) == 0;

	if (run->all) {
		spawn_all(b, run);
	} else if (run->at_cell >= 0) {
		if (g2048_rank(b->grid, run->at_cell) != 0) {
			if (!run->quiet)
				cli_warn_board("cell %d,%d is not empty",
				    run->at_cell / 4 + 1, run->at_cell % 4 + 1);
			full = 1;
		} else {
			b->grid = g2048_set_rank(b->grid, run->at_cell, run->at_rank);
		}
	} else if (!full && g2048_board_spawn_rng(b, cli_board_rng(b,
	    &run->rng, run->have_seed, &own), run->four) == G2048_OVERFLOW) {
		cli_die_overflow(b, -1);
	}
	if (full && !run->quiet && run->at_cell < 0)
		cli_warn_board("board is full");
	if (full || !run->all)
		cli_write_board(b);
	return full;
}

static void
parse_at(const char *s, struct run *run)
{
	int row, col;
	char end;

	if (sscanf(s, "%d,%d%c", &row, &col, &end) != 2 || row < 1 ||
	    row > 4 || col < 1 || col > 4)
		cli_usage_error("--at: expected ROW,COL from 1,1 to 4,4: '%s'", s);
	run->at_cell = (row - 1) * 4 + (col - 1);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "at", required_argument, NULL, 'A' },
		{ "compact", no_argument, NULL, 'c' },
		{ "four", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "value", required_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct run run = { G2048_FOUR_DEFAULT, 0.1, { 0, 0, 0, 0 }, 0, 0, 0,
	    -1, 1 };
	int c, have_value = 0;

	argv[0] = cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "acf:qs:", longopts)) != -1) {
		switch (c) {
		case 'a':
			run.all = 1;
			break;
		case 'A':
			parse_at(optarg, &run);
			break;
		case 'c':
			cli_out.compact = 1;
			break;
		case 'f':
			run.four_p = cli_double(optarg, "--four", 0, 1);
			run.four = g2048_four_threshold(run.four_p);
			break;
		case 'q':
			run.quiet = 1;
			break;
		case 's':
			g2048_rng_seed(&run.rng, cli_u64(optarg, "--seed"), 0);
			run.have_seed = 1;
			break;
		case 'v':
			run.at_rank = g2048_rank_of(cli_u64(optarg, "--value"));
			if (run.at_rank < 1)
				cli_usage_error("--value: not a tile from 2 to 131072: "
				    "'%s'", optarg);
			have_value = 1;
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
	if (have_value && run.at_cell < 0)
		cli_usage_error("--value needs --at");
	if (run.all && run.at_cell >= 0)
		cli_usage_error("--all and --at exclude each other");
	return cli_finish(cli_boards(argv + optind, argc - optind, spawn_board,
	    &run));
}
