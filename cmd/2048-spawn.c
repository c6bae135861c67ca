/* 2048-spawn - add one random tile to every board read. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct run {
	double four;              /* --four: every board's odds, or -1 */
	g2048_rng rng;            /* the run's generator, with --seed */
	int have_seed;
	int all, quiet;
	int at_row, at_col;       /* --at (0-based), or -1 */
	int at_rank;              /* --value */
};

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-acq] [-s SEED] [-f P] [--at ROW,COL [--value V]] [FILE ...]\n"
	    "Add one tile to every board read: a uniformly chosen empty cell gets\n"
	    "a 4 with the board's probability (its four header, else 0.1), else\n"
	    "a 2.  Without --seed each board continues its own random stream (its\n"
	    "seed and draws header).  Boards of every size, 2x2 to 8x8.\n"
	    "\n"
	    "  -s, --seed SEED   one generator for the whole run, seeded with SEED\n"
	    "  -f, --four P      probability of a 4, from 0 to 1: set on every board\n"
	    "                    (its four header) and spawned with\n"
	    "      --at ROW,COL  place the tile at ROW,COL (from 1,1, the top left)\n"
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

/* Every outcome of the chance node, in reading order, 2 before 4, with
 * the board's odds; an outcome of probability 0 is left out. */
static void
spawn_all(const g2048_board *b)
{
	double p_rank[3] = { 0, 1 - b->four, b->four };
	g2048_cells c, t;
	g2048_board out;
	int n, cell, rank;

	g2048_board_get_cells(b, &c);
	n = g2048_cells_empty_count(&c);
	for (cell = 0; cell < c.rows * c.cols; cell++) {
		if (c.rank[cell] != 0)
			continue;
		for (rank = 1; rank <= 2; rank++) {
			if (p_rank[rank] == 0)
				continue;
			out = *b;
			t = c;
			t.rank[cell] = (uint8_t)rank;
			g2048_board_set_cells(&out, &t);
			out.prob = (b->has_prob ? b->prob : 1) * p_rank[rank] / n;
			out.has_prob = 1;
			cli_write_board(&out);
		}
	}
}

/* --at ROW,COL --value V on b: 1 if the cell is taken */
static int
spawn_at(g2048_board *b, const struct run *run)
{
	g2048_cells c;
	int cell;

	g2048_board_get_cells(b, &c);
	if (run->at_row >= c.rows || run->at_col >= c.cols)
		cli_die_board("--at %d,%d is outside this %dx%d board",
		    run->at_row + 1, run->at_col + 1, c.rows, c.cols);
	if (run->at_rank > g2048_cells_cap(c.rows, c.cols))
		cli_die_board("--value %llu is larger than %llu, the largest tile "
		    "of a %dx%d board", (unsigned long long)1 << run->at_rank,
		    (unsigned long long)1 << g2048_cells_cap(c.rows, c.cols),
		    c.rows, c.cols);
	cell = run->at_row * c.cols + run->at_col;
	if (c.rank[cell] != 0) {
		if (!run->quiet)
			cli_warn_board("cell %d,%d is not empty",
			    run->at_row + 1, run->at_col + 1);
		return 1;
	}
	c.rank[cell] = (uint8_t)run->at_rank;
	g2048_board_set_cells(b, &c);
	return 0;
}

static int
spawn_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	g2048_rng own;
	int full;

	if (run->four >= 0)
		b->four = run->four;
	full = g2048_board_is_4x4(b) ? g2048_empty_count(b->grid) == 0 :
	    g2048_cells_empty_count(&b->cells) == 0;
	if (run->all) {
		spawn_all(b);
	} else if (run->at_row >= 0) {
		full = spawn_at(b, run);
	} else if (!full && g2048_board_spawn_rng(b, cli_board_rng(b,
	    &run->rng, run->have_seed, &own)) == G2048_OVERFLOW) {
		cli_die_overflow(b, -1);
	}
	if (full && !run->quiet && run->at_row < 0)
		cli_warn_board("board is full");
	if (full || !run->all)
		cli_write_board(b);
	return full;
}

static void
parse_at(const char *s, struct run *run)
{
	char row[32];
	const char *comma = strchr(s, ',');
	long long r = 0, c = 0;
	int ok = comma != NULL && (size_t)(comma - s) < sizeof row;

	/* each number checked whole: 4294967297 is not 1 */
	if (ok) {
		memcpy(row, s, (size_t)(comma - s));
		row[comma - s] = '\0';
		ok = cli_parse_int(row, 1, G2048_SIZE_MAX, &r) == 0 &&
		    cli_parse_int(comma + 1, 1, G2048_SIZE_MAX, &c) == 0;
	}
	if (!ok)
		cli_usage_error("--at: expected ROW,COL from 1,1 to %d,%d: '%s'",
		    G2048_SIZE_MAX, G2048_SIZE_MAX, s);
	run->at_row = (int)r - 1;
	run->at_col = (int)c - 1;
}

/* a tile from 2 to 2^G2048_RANK_LIMIT: its rank */
static int
parse_value(const char *s)
{
	int rank = g2048_cells_rank_of(cli_u64(s, "--value"));

	if (rank < 1)
		cli_usage_error("--value: expected a tile from 2 to %llu: '%s'",
		    (unsigned long long)1 << G2048_RANK_LIMIT, s);
	return rank;
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
	struct run run = { -1, { 0, 0, 0, 0 }, 0, 0, 0, -1, -1, 1 };
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
			run.four = cli_double(optarg, "--four", 0, 1);
			break;
		case 'q':
			run.quiet = 1;
			break;
		case 's':
			g2048_rng_seed(&run.rng, cli_u64(optarg, "--seed"), 0);
			run.have_seed = 1;
			break;
		case 'v':
			run.at_rank = parse_value(optarg);
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
	if (have_value && run.at_row < 0)
		cli_usage_error("--value needs --at");
	if (run.all && run.at_row >= 0)
		cli_usage_error("--all and --at exclude each other");
	return cli_finish(cli_boards(argv + optind, argc - optind, spawn_board,
	    &run));
}
