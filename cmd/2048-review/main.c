/* 2048-review - a played game, move by move, against the best play. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "review.h"

/* -h: the common options, a screen of them; --help all of them */
static void
usage_short(void)
{
	printf(
	    "usage: %s [options] [FILE ...]\n"
	    "Review a game, a stream of boards each following the one before\n"
	    "by a move and a spawn: for every move, the move played, the best\n"
	    "move, each legal move's value and the loss, judged best,\n"
	    "inaccuracy, mistake or blunder; then a summary.  The values are\n"
	    "2048-solve's player's, with the same options.\n"
	    "\n"
	    "  -J, --json         one JSON object a move, then the summary's\n"
	    "  -c, --compact      draw boards in the one-line compact form\n"
	    "  -q, --quiet        no status line on a terminal\n"
	    "      --only-mistakes  write only the mistakes and blunders\n"
	    "      --threshold R  write only the moves losing a share R or more\n"
	    "      --every N      value one move in N, for long games\n"
	    "      --fast         the player's fast setting\n"
	    "  -d, --depth N      the player looks N moves ahead\n"
	    "      --tables DIR   the exact tables in DIR (default as 2048-solve)\n"
	    "  -j, --threads N    positions valued in parallel (default: the cores)\n"
	    "\n"
	    "%s --help: all the options (the judgements' thresholds, the\n"
	    "player's as 2048-solve's); 2048-review(1): each in full.\n",
	    progname, progname);
	exit(cli_finish(0));
}

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [options] [FILE ...]\n"
	    "Review a game, a stream of boards each following the one before\n"
	    "by a move and a spawn (a trace of 2048-solve, a 2048-play save,\n"
	    "typed boards): for every move, the move played, the best move, each\n"
	    "legal move's value and the loss, judged best, inaccuracy, mistake\n"
	    "or blunder; then a summary.  The values are 2048-solve's player's,\n"
	    "with the same options: a table's exact figures where one decides\n"
	    "(a board of 2x3 or less with no table: solved in memory; 2x4 or\n"
	    "3x3: its table built once into the cache), else the search's.\n"
	    "\n"
	    "  -J, --json         one JSON object a move, then the summary's\n"
	    "  -c, --compact      draw boards in the one-line compact form\n"
	    "  -q, --quiet        no status line on a terminal\n"
	    "      --only-mistakes  write only the mistakes and blunders\n"
	    "      --threshold R  write only the moves losing a share R or more\n"
	    "                     of the best move's value\n"
	    "      --inaccuracy R a loss of a share up to R is still best\n"
	    "                     (default: the search's noise, 0.003; 1e-12\n"
	    "                     for exact figures)\n"
	    "      --mistake R    a mistake loses a share R or more of the best\n"
	    "                     move's value (default 0.02)\n"
	    "      --blunder R    a blunder, R or more (default 0.1)\n"
	    "      --largest N    the summary's largest losses (default 3)\n"
	    "      --every N      value one move in N (the first, then every\n"
	    "                     Nth), for long games; all are checked\n"
	    "\n"
	    "The player's options, as 2048-solve(1)'s:\n"
	    "      --algo A       expectimax (default), minimax, greedy, random,\n"
	    "                     exact (a whole board's table must hold every\n"
	    "                     board)\n"
	    "  -d, --depth N      look N moves ahead (default: from the board)\n"
	    "      --adaptive MIN,SUB,MAX  depth = distinct tiles - SUB\n"
	    "      --time MS      iterative deepening within MS per move\n"
	    "      --fast         the fast setting (and its evaluator)\n"
	    "  -H, --heuristic NAME  the heuristic that values boards\n"
	    "  -w, --weights W    the heuristic's weights\n"
	    "      --net FILE     value 4x4 boards by the n-tuple net in FILE\n"
	    "  -j, --threads N    positions valued in parallel (default: the\n"
	    "                     cores)\n"
	    "      --cutoff P     expectimax probability cutoff\n"
	    "      --crowded N,P  cutoff P on boards with at most N empty cells\n"
	    "      --prune M      a board valued M under the one searched is a leaf\n"
	    "      --corner       value boards as falling from one corner, each\n"
	    "                     searched turned toward its best one (default)\n"
	    "      --no-corner    value lines falling either way\n"
	    "      --deepen R,SUB,MAX,P  search again, deeper\n"
	    "      --no-deepen    never search again\n"
	    "      --tt-bits N    transposition table of up to 2^N entries\n"
	    "      --no-lost      score a board that cannot move by its heuristic\n"
	    "      --tables DIR   the exact tables in DIR (default as 2048-solve)\n"
	    "      --table-min P  an endgame table decides from P\n"
	    "      --table-from T the endgame tables from a tile T\n"
	    "      --no-tables    consult no table\n"
	    "      --chain        the chain tables, computed where not in files\n"
	    "      --chain-min P  the chain tables decide from P\n"
	    "      --no-chain     not the chain tables, nor their digest\n"
	    "      --cache DIR    the chain cache (default as 2048-solve)\n"
	    "      --no-cache     no chain cache: nothing computed is kept\n"
	    "      --downgrade T  with a net, halve the tiles above a gap from T\n"
	    "      --no-bitboard  move cell by cell instead of by row tables\n"
	    "  -h, --help         show this help and exit\n"
	    "      --version      show the version and exit\n"
	    "\n"
	    "Exit status: 0 success, 2 usage or input error (a stream that is\n"
	    "not a game).  See 2048-review(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

static void
parse_options(int argc, char **argv, struct review *rv)
{
	static const struct option longopts[] = {
		CLI_PLAYER_LONGOPTS,
		{ "blunder", required_argument, NULL, 'U' },
		{ "compact", no_argument, NULL, 'c' },
		{ "every", required_argument, NULL, 'v' },
		{ "inaccuracy", required_argument, NULL, 'I' },
		{ "json", no_argument, NULL, 'J' },
		{ "largest", required_argument, NULL, 'n' },
		{ "mistake", required_argument, NULL, 'M' },
		{ "only-mistakes", no_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "threshold", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, CLI_HELP_FULL },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	/* the letters of 2048(7)'s table; the other options are long only */
	static const char *shortopts = "cJq" CLI_PLAYER_SHORTOPTS;
	int c, inaccuracy_given = 0;

	while ((c = cli_getopt(argc, argv, shortopts, longopts)) != -1) {
		if (cli_player_option(&rv->pl, c, optarg))
			continue;
		switch (c) {
		case 'c':
			cli_out.compact = 1;
			break;
		case 'J':
			rv->json = 1;
			break;
		case 'q':
			rv->quiet = 1;
			break;
		case 'o':
			rv->only_mistakes = 1;
			break;
		case 'T':
			rv->threshold = cli_double(optarg, "--threshold", 0, 1);
			break;
		case 'I':
			rv->judge.inaccuracy = rv->judge.exact_inaccuracy =
			    cli_double(optarg, "--inaccuracy", 0, 1);
			inaccuracy_given = 1;
			break;
		case 'M':
			rv->judge.mistake = cli_double(optarg, "--mistake", 0, 1);
			break;
		case 'U':
			rv->judge.blunder = cli_double(optarg, "--blunder", 0, 1);
			break;
		case 'v':
			rv->every = (uint64_t)cli_int(optarg, "--every", 1,
			    1000000000);
			break;
		case 'n':
			rv->largest = (int)cli_int(optarg, "--largest", 0, 100);
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
	rv->workers = cli_player_options_done(&rv->pl, 0);
	cli_player_check_ranges(&rv->pl);
	cli_player_check_exact(&rv->pl);
	/* the search's noise, below a --mistake of less */
	if (!inaccuracy_given && rv->judge.inaccuracy >= rv->judge.mistake)
		rv->judge.inaccuracy = rv->judge.exact_inaccuracy;
	if (rv->judge.inaccuracy >= rv->judge.mistake ||
	    rv->judge.mistake > rv->judge.blunder)
		cli_usage_error("the thresholds must rise: --inaccuracy %g below "
		    "--mistake %g, at most --blunder %g", rv->judge.inaccuracy,
		    rv->judge.mistake, rv->judge.blunder);
}

/* The workers' places and the batch; their forks of the player are made
 * at the first board (review_fork_workers). */
static void
make_workers(struct review *rv)
{
	if ((rv->w = calloc((size_t)rv->workers, sizeof *rv->w)) == NULL ||
	    (rv->batch = calloc((size_t)rv->workers * BATCH_PER_WORKER,
	    sizeof *rv->batch)) == NULL ||
	    (rv->top = calloc((size_t)rv->largest + 1,
	    sizeof *rv->top)) == NULL)
		cli_die(2, "no memory");
	rv->cap = (size_t)rv->workers * BATCH_PER_WORKER;
}

void
review_fork_workers(struct review *rv)
{
	char err[512];
	int i;

	for (i = 0; i < rv->workers; i++)
		if ((rv->w[i].player = g2048_player_fork(rv->pl.player, 1, err,
		    sizeof err)) == NULL)
			cli_die(2, "%s", err);
}

int
main(int argc, char **argv)
{
	static struct review rv;
	unsigned legal;
	g2048_cells c;
	int i, status;

	argv[0] = cli_init(argv[0]);
	cli_judge_defaults(&rv.judge);
	rv.largest = 3;
	rv.every = 1;
	parse_options(argc, argv, &rv);
	/* a small board no table holds is judged exactly all the same */
	rv.pl.solve_cells = G2048_SOLVE_CELLS;
	cli_player_make(&rv.pl, 0, 0, NULL);
	make_workers(&rv);
	cli_status_start(&rv.status, rv.quiet);
	status = cli_boards(argv + optind, argc - optind, review_board, &rv);
	review_flush(&rv);
	cli_status_end(&rv.status, 0);
	if (rv.have_prev) {
		g2048_board_get_cells(&rv.prev, &c);
		legal = g2048_cells_legal(&c);
		rv.over = legal == 0;
	}
	report_summary(&rv);
	for (i = 0; i < rv.workers; i++) {
		g2048_player_free(rv.w[i].player);
		g2048_player_free(rv.w[i].search);
	}
	free(rv.w);
	free(rv.batch);
	free(rv.top);
	cli_player_free(&rv.pl);
	return cli_finish(status);
}
