/* options.c - 2048-solve's options: --help, and each option's value into
 * the run (the search's setting first, the net's and the heuristic's). */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

/* -h: the common options, a screen of them; --help all of them */
static void
usage_short(void)
{
	printf(
	    "usage: %s [options] [FILE ...]\n"
	    "       %s --games N [--size RxC] [--four P] [--seed S] [options]\n"
	    "Write the best move for every board read, or play games to the end.\n"
	    "\n"
	    "  -d, --depth N      look N moves ahead (default: from the board)\n"
	    "      --fast         the fast setting (1000 moves/s or more)\n"
	    "  -e, --explain      also write each legal move's value\n"
	    "  -p, --play         play every board to the end, writing each board\n"
	    "  -g, --games N      play N new games (those of 2048-new --seed S...)\n"
	    "      --size RxC     the new games' size (default 4x4)\n"
	    "  -f, --four P       the new games' probability of a 4 (default 0.1)\n"
	    "  -s, --seed N       seed of --games\n"
	    "      --final        write only the last board of each game\n"
	    "  -S, --summary      write a table of the games at the end\n"
	    "  -J, --json         the moves or the table as JSON Lines\n"
	    "  -c, --compact      write boards in the one-line compact form\n"
	    "  -q, --quiet        no message, no status line on a terminal\n"
	    "  -j, --threads N    threads (default: all cores)\n"
	    "      --net FILE     evaluate with an n-tuple network (2048-learn)\n"
	    "      --tables DIR   play by the exact tables in DIR (2048-table)\n"
	    "      --no-chain     not the chain tables, nor their digest\n"
	    "\n"
	    "%s --help: all the options; 2048-solve(1): each in full.\n",
	    progname, progname, progname);
	exit(cli_finish(0));
}

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [options] [FILE ...]\n"
	    "       %s --play [--final] [--summary] [options] [FILE ...]\n"
	    "       %s --games N [--size RxC] [--four P] [--seed S] [--final]\n"
	    "                [--summary] [options]\n"
	    "       %s --tally [FILE ...]\n"
	    "Write the best move for every board read (up, down, left or right),\n"
	    "or play games to the end, on boards of any size and spawn odds.\n"
	    "\n"
	    "      --algo A       expectimax (default), minimax, greedy, random,\n"
	    "                     exact (a whole board's exact table must cover\n"
	    "                     every board: else exit 2)\n"
	    "  -d, --depth N      look N moves ahead (default: from the board)\n"
	    "      --time MS      iterative deepening within MS per move (not\n"
	    "                     reproducible)\n"
	    "      --fast         the fast setting (1000 moves/s or more)\n"
	    "      --adaptive MIN,SUB,MAX  depth: distinct tiles less SUB, from\n"
	    "                     MIN to MAX (default 3,2,15)\n"
	    "  -H, --heuristic H  the heuristic of 2048-eval --heuristic: lines\n"
	    "                     (default) or xu\n"
	    "  -w, --weights W    its weights, k=v,..., as 2048-eval --weights\n"
	    "      --net FILE     evaluate with the n-tuple network in FILE (see\n"
	    "                     2048-learn); moves add their score; depth 7,\n"
	    "                     cutoff 0.003 (--fast: depth 5, cutoff 0.03).\n"
	    "                     Default with --fast and --depth 1, where it\n"
	    "                     is stronger: the file $G2048_NET names\n"
	    "                     (empty: none), else share/2048-tools/2048.net\n"
	    "                     installed beside bin/, else the net make net\n"
	    "                     built, if any; else the heuristic.  A net\n"
	    "                     values 4x4 boards: the default one leaves\n"
	    "                     other sizes to the heuristic\n"
	    "  -j, --threads N    threads (default: all cores)\n"
	    "  -s, --seed N       seed of --games, and of boards without a stream\n"
	    "  -e, --explain      also write each legal move's value and the\n"
	    "                     search's depth, nodes and time (not with\n"
	    "                     --play, --games or --tally: see --log)\n"
	    "  -p, --play         play every board to the end, writing each board\n"
	    "  -g, --games N      play N new games (those of 2048-new --seed S, S+1...);\n"
	    "                     ^C writes the table of those finished, partial\n"
	    "      --size RxC     the new games' size, each side from 2 to 8\n"
	    "                     (default 4x4); a board read keeps its own\n"
	    "  -f, --four P       the new games' probability of a 4, from 0 to 1\n"
	    "                     (default 0.1); a board read keeps its own\n"
	    "      --final        write only the last board of each game\n"
	    "      --moves N      stop each game after N moves (a board of many\n"
	    "                     cells plays long)\n"
	    "      --until T      stop each game once it holds a tile T or\n"
	    "                     larger (0: play to the end, the default);\n"
	    "                     with --tally: the games read were stopped so\n"
	    "  -S, --summary      write a table of the games at the end (boards\n"
	    "                     only with --final)\n"
	    "  -T, --tally        read finished games and write their table\n"
	    "  -J, --json         write the moves (with --explain) or the table\n"
	    "                     (--summary, --tally) as JSON Lines\n"
	    "      --log FILE     write every decision with each move's value\n",
	    progname, progname, progname, progname);
	fprintf(fp,
	    "  -c, --compact      write boards in the one-line compact form\n"
	    "  -q, --quiet        no message for a board that cannot move, nor\n"
	    "                     for a board of another size than the first's;\n"
	    "                     no status line on a terminal\n"
	    "      --strict       a board read of another size than the first's\n"
	    "                     is an error (a row too many?), not a warning\n"
	    "      --cutoff P     expectimax probability cutoff (default\n"
	    "                     0.000125, 0: off)\n"
	    "      --crowded N,P  cutoff P on boards with at most N empty cells\n"
	    "      --prune M      a board the heuristic values more than M under\n"
	    "                     the board searched is a leaf (default 0: off;\n"
	    "                     --fast 500000)\n");
	fprintf(fp,
	    "      --corner       value lines as falling from one corner only,\n"
	    "                     each board searched turned toward the corner\n"
	    "                     the heuristic values most (lines, 4x4;\n"
	    "                     the default)\n"
	    "      --no-corner    value lines falling either way\n"
	    "      --deepen R,SUB,MAX,P  search again, depth distinct tiles less\n"
	    "                     SUB up to MAX, cutoff P, when the best value\n"
	    "                     is below R times the heuristic after the move\n"
	    "                     (default 0.995,1,15,0.0001)\n"
	    "      --no-deepen    never search again\n"
	    "      --tt-bits N    transposition table of up to 2^N entries, grown\n"
	    "                     as the search needs (default 20, --fast 16;\n"
	    "                     0: off)\n"
	    "      --no-lost      score a board that cannot move by its heuristic\n"
	    "      --tables DIR   play by the exact tables in DIR (2048-table)\n"
	    "                     on the boards they cover (small boards of\n"
	    "                     their size and odds, 4x4 endgames).  Default:\n"
	    "                     $G2048_TABLES, else the tables make tables\n"
	    "                     built, if any; a net plays by the 4x4\n"
	    "                     endgames' only if --tables names them\n"
	    "      --table-min P  an endgame table decides where its best\n"
	    "                     move makes the target with probability P\n"
	    "                     or more; the search elsewhere (default 0.9)\n"
	    "      --table-from T the endgame tables only on boards with a\n"
	    "                     tile T or larger (default 16384; 0: all)\n"
	    "      --no-tables    consult no table\n"
	    "      --chain        play by the chain tables first (a block of\n"
	    "                     large tiles in a corner, the free cells\n"
	    "                     building a chain into it), also with a net:\n"
	    "                     by default (the heuristic) the tables'\n"
	    "                     folder's files (make chain-tables), else\n"
	    "                     the states computed as the games need\n"
	    "                     them, kept in the chain cache (minutes and\n"
	    "                     some GB at the first late boards, once),\n"
	    "                     the folder's packed tables (make tables)\n"
	    "                     or digest beneath it\n"
	    "      --chain-min P  the chain tables' move decides where it\n"
	    "                     builds the chain with probability P or\n"
	    "                     more; the search elsewhere (default 0)\n"
	    "      --no-chain     not the chain tables, nor their digest\n"
	    "      --cache DIR    the chain cache: the states computed, kept\n"
	    "                     for later runs (default: $G2048_CACHE, empty\n"
	    "                     for none, else $XDG_CACHE_HOME/2048-tools,\n"
	    "                     else ~/.cache/2048-tools)\n"
	    "      --no-cache     no chain cache: the digest alone (with\n"
	    "                     --chain: computed in memory, not kept)\n"
	    "      --pack-chain FILE  after a run that ends, the chain states\n"
	    "                     it holds written to FILE as packed tables\n"
	    "                     (2048-chain(5); make tables: --chain\n"
	    "                     --no-cache, computed in memory)\n"
	    "      --downgrade T  with a net, value a board whose largest tile\n"
	    "                     is T or more with the tiles above its largest\n"
	    "                     missing tile halved (default 16384, 0: never;\n"
	    "                     0 for a net 2048-learn trained with halves)\n"
	    "      --no-bitboard  move cell by cell instead of by row tables\n"
	    "  -h, --help         show the common options (-h) or all of them\n"
	    "                     (--help), and exit\n"
	    "      --version      show the version and exit\n"
	    "\n"
	    "Exit status: 0 success, 1 some board had no legal move (without\n"
	    "--play), 2 usage or input error.  See 2048-solve(1).\n");
	exit(status ? 2 : cli_finish(0));
}

/* ---- options ---------------------------------------------------------- */

/* Each option's value into the run, in one pass; then the player's
 * options: the setting named (--fast, the evaluator, the new games'
 * size) under the switches given, wherever they stand. */
void
parse_options(int argc, char **argv, struct run *run)
{
	static const struct option longopts[] = {
		CLI_PLAYER_LONGOPTS,
		{ "compact", no_argument, NULL, 'c' },
		{ "explain", no_argument, NULL, 'e' },
		{ "final", no_argument, NULL, 'P' },
		{ "four", required_argument, NULL, 'f' },
		{ "games", required_argument, NULL, 'g' },
		{ "json", no_argument, NULL, 'J' },
		{ "log", required_argument, NULL, 'l' },
		{ "pack-chain", required_argument, NULL, 'z' },
		{ "moves", required_argument, NULL, 'M' },
		{ "until", required_argument, NULL, 'U' },
		{ "play", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strict", no_argument, NULL, 'x' },
		{ "seed", required_argument, NULL, 's' },
		{ "size", required_argument, NULL, 'Z' },
		{ "summary", no_argument, NULL, 'S' },
		{ "tally", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, CLI_HELP_FULL },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	/* the letters of 2048(7)'s table; the other options are long only */
	static const char *shortopts = "cd:ef:g:H:Jj:pqSs:Tw:";
	int c;

	while ((c = cli_getopt(argc, argv, shortopts, longopts)) != -1) {
		if (cli_player_option(&run->pl, c, optarg))
			continue;
		switch (c) {
		case 'c':
			cli_out.compact = 1;
			break;
		case 'e':
			run->explain = 1;
			break;
		case 'f':
			run->four = cli_double(optarg, "--four", 0, 1);
			run->odds_given = 1;
			break;
		case 'P':
			run->final = 1;
			break;
		case 'J':
			run->json = 1;
			break;
		case 'l':
			run->logname = optarg;      /* opened once all are read */
			break;
		case 'z':
			run->pack_chain = optarg;   /* checked once all are read */
			break;
		case 'g':
			/* the bound of 2048-learn --games */
			run->games = (uint64_t)cli_int(optarg, "--games", 0,
			    LLONG_MAX / 2);
			run->play = run->new_games = 1;
			break;
		case 'p':
			run->play = 1;
			break;
		case 'M':
			run->max_moves = (uint64_t)cli_int(optarg, "--moves", 1,
			    LLONG_MAX);
			break;
		case 'U':
			run->until_rank = cli_tile_rank(optarg, "--until", 4,
			    "play to the end");
			break;
		case 'q':
			run->quiet = 1;
			break;
		case 'x':
			run->strict = 1;
			break;
		case 's':
			run->seed = cli_u64(optarg, "--seed");
			run->have_seed = 1;
			break;
		case 'S':
			run->summary = 1;
			break;
		case 'T':
			run->tally = run->summary = 1;
			break;
		case 'Z':
			cli_size(optarg, "--size", &run->rows, &run->cols);
			run->size_given = 1;
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
	/* new games of a size a net does not value need no net */
	run->other_size = run->size_given && (run->rows != G2048_SIDE ||
	    run->cols != G2048_SIDE);
	run->workers = cli_player_options_done(&run->pl,
	    run->new_games && run->other_size);
}
