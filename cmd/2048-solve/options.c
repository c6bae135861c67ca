/* options.c - 2048-solve's options: --help, and each option's value into
 * the run (the search's setting first, the net's and the heuristic's). */
#include <errno.h>
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
	    "       %s --play [--final] [--summary] [options] [FILE ...]\n"
	    "       %s --games N [--size RxC] [--four P] [--seed S] [--final]\n"
	    "                [--summary] [options]\n"
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
	    "%s --help: all the options (the algorithms, the search's own,\n"
	    "the tables', --tally, --log); 2048-solve(1): each in full.\n",
	    progname, progname, progname, progname);
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
	    "                     larger (0: play to the end, the default)\n"
	    "  -S, --summary      write a table of the games at the end (boards\n"
	    "                     only with --final)\n"
	    "  -T, --tally        read finished games and write their table\n"
	    "  -J, --json         write the moves (with --explain) or the table\n"
	    "                     (--summary, --tally) as JSON Lines\n"
	    "      --log FILE     write every decision with each move's value\n",
	    progname, progname, progname, progname);
	fprintf(fp,
	    "  -c, --compact      write boards in the one-line compact form\n"
	    "  -q, --quiet        no message for a board that cannot move, no\n"
	    "                     status line on a terminal\n"
	    "      --cutoff P     expectimax probability cutoff (default\n"
	    "                     0.000125, 0: off)\n"
	    "      --crowded N,P  cutoff P on boards with at most N empty cells\n"
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
	    "                     building a chain into it): the tables'\n"
	    "                     folder's (2048-table --chain), used by default\n"
	    "                     where they are, else computed as the games\n"
	    "                     need them (minutes and some GB at the first\n"
	    "                     late boards, then microseconds); without\n"
	    "                     it, where the files are not, their digest\n"
	    "                     (chain.digest, in a checkout's tables/)\n"
	    "      --chain-min P  the chain tables' move decides where it\n"
	    "                     builds the chain with probability P or\n"
	    "                     more; the search elsewhere (default 0)\n"
	    "      --no-chain     not the chain tables, nor their digest\n"
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

static enum g2048_algo
parse_algo(const char *s)
{
	static const char *names[] = { "expectimax", "minimax", "greedy",
	    "random" };
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return (enum g2048_algo)i;
	cli_usage_error("--algo: expected expectimax, minimax, greedy, "
	    "random or exact: '%s'", s);
	return G2048_EXPECTIMAX;
}

/* Split s, the value of option, at its commas into the n fields that
 * form names (e.g. "MIN,SUB,MAX"), kept in buf. */
static void
split(const char *s, const char *option, const char *form, char *buf,
    size_t size, char **field, int n)
{
	int i;

	if (snprintf(buf, size, "%s", s) >= (int)size)
		n = 0;
	for (i = 0; i < n; i++) {
		field[i] = i ? strchr(field[i - 1], ',') : buf;
		if (field[i] == NULL)
			break;
		if (i)
			*field[i]++ = '\0';
	}
	if (i == 0 || i < n || strchr(field[n - 1], ','))
		cli_usage_error("%s: expected %s: '%s'", option, form, s);
}

/* --adaptive MIN,SUB,MAX: depth = distinct tiles - SUB, within MIN..MAX */
static void
parse_adaptive(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[3];

	split(s, "--adaptive", "MIN,SUB,MAX", buf, sizeof buf, f, 3);
	o->depth = 0;
	o->depth_min = (int)cli_int(f[0], "--adaptive MIN", 1, G2048_DEPTH_MAX);
	o->depth_sub = (int)cli_int(f[1], "--adaptive SUB", -G2048_DEPTH_MAX,
	    G2048_DEPTH_MAX);
	o->depth_max = (int)cli_int(f[2], "--adaptive MAX", o->depth_min,
	    G2048_DEPTH_MAX);
}

/* --crowded N,P: cutoff P on boards with at most N empty cells */
static void
parse_crowded(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[2];

	split(s, "--crowded", "N,P", buf, sizeof buf, f, 2);
	o->crowded = (int)cli_int(f[0], "--crowded N", 0, G2048_CELLS_MAX);
	o->cutoff_crowded = cli_double(f[1], "--crowded P", 0,
	    G2048_CUTOFF_MAX);
}

/* --deepen R,SUB,MAX,P: search again as distinct tiles - SUB (up to MAX)
 * with cutoff P when the best value is below R times the heuristic */
static void
parse_deepen(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[4];

	split(s, "--deepen", "R,SUB,MAX,P", buf, sizeof buf, f, 4);
	/* R = 0 would be --no-deepen */
	if ((o->deepen = cli_double(f[0], "--deepen R", 0,
	    G2048_DEEPEN_MAX)) == 0)
		cli_usage_error("--deepen R: expected a number above 0 (see "
		    "--no-deepen): '%s'", f[0]);
	o->deepen_sub = (int)cli_int(f[1], "--deepen SUB", -G2048_DEPTH_MAX,
	    G2048_DEPTH_MAX);
	o->deepen_max = (int)cli_int(f[2], "--deepen MAX", 1, G2048_DEPTH_MAX);
	o->deepen_cutoff = cli_double(f[3], "--deepen P", 0, G2048_CUTOFF_MAX);
}

/* OPTION TILE (--downgrade, --table-from): the rank of a tile of min or
 * more, or 0 for 0 (what 0 means, zero, is for the message). */
static int
parse_tile_rank(const char *arg, const char *option, uint64_t min,
    const char *zero)
{
	uint64_t tile = cli_u64(arg, option);
	int rank = tile ? g2048_rank_of(tile) : 0;

	if (tile && rank < g2048_rank_of(min))
		cli_usage_error("%s: expected 0 (%s) or a tile from %llu to "
		    "131072: '%s'", option, zero, (unsigned long long)min, arg);
	return rank;
}

/* An option of the search's setting: applied to o (both settings: the
 * net's and the heuristic's, for the sizes a net does not value); 0 if
 * c is not one. */
static int
search_option(int c, const char *arg, g2048_search_opts *o, int *deepen_given)
{
	switch (c) {
	case 'a':
		o->algo = parse_algo(arg);
		break;
	case 'A':
		parse_adaptive(arg, o);
		break;
	case 'b':
		o->tt_bits = (int)cli_int(arg, "--tt-bits", 0, G2048_TT_BITS_MAX);
		break;
	case 'B':
		o->bitboard = 0;
		break;
	case 'C':
		o->cutoff = cli_double(arg, "--cutoff", 0, G2048_CUTOFF_MAX);
		break;
	case 'R':
		parse_crowded(arg, o);
		break;
	case 'D':
		parse_deepen(arg, o);
		*deepen_given = 1;
		break;
	case 'd':
		o->depth = (int)cli_int(arg, "--depth", 1, G2048_DEPTH_MAX);
		break;
	case 'G':
		o->downgrade = parse_tile_rank(arg, "--downgrade", 4, "never");
		break;
	case 'L':
		o->lost = 0;
		break;
	case 'N':
		o->deepen = 0;
		break;
	case 't':
		o->time_ms = (unsigned)cli_int(arg, "--time", 1, 3600000);
		break;
	case 'm':
		o->chain_min = cli_double(arg, "--chain-min", 0, 1);
		break;
	case 'K':
		o->table_min = cli_double(arg, "--table-min", 0, 1);
		break;
	case 'k':
		o->table_from = parse_tile_rank(arg, "--table-from", 2,
		    "every board");
		break;
	default:
		return 0;
	}
	return 1;
}

/* The preset of the evaluator and --fast: a net's, or the heuristic's. */
static void
preset(g2048_search_opts *o, int net, int fast)
{
	if (net && fast)
		g2048_search_net_fast(o);
	else if (net)
		g2048_search_net_defaults(o);
	else if (fast)
		g2048_search_fast(o);
	else
		g2048_search_defaults(o);
}

/* Options that name a setting go first, so the others refine it. */
void
parse_options(int argc, char **argv, struct run *run)
{
	static const struct option longopts[] = {
		{ "adaptive", required_argument, NULL, 'A' },
		{ "algo", required_argument, NULL, 'a' },
		{ "chain", no_argument, NULL, 'Y' },
		{ "chain-min", required_argument, NULL, 'm' },
		{ "no-chain", no_argument, NULL, 'y' },
		{ "compact", no_argument, NULL, 'c' },
		{ "crowded", required_argument, NULL, 'R' },
		{ "cutoff", required_argument, NULL, 'C' },
		{ "deepen", required_argument, NULL, 'D' },
		{ "depth", required_argument, NULL, 'd' },
		{ "downgrade", required_argument, NULL, 'G' },
		{ "explain", no_argument, NULL, 'e' },
		{ "fast", no_argument, NULL, 'F' },
		{ "final", no_argument, NULL, 'P' },
		{ "four", required_argument, NULL, 'f' },
		{ "games", required_argument, NULL, 'g' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "json", no_argument, NULL, 'J' },
		{ "log", required_argument, NULL, 'l' },
		{ "moves", required_argument, NULL, 'M' },
		{ "until", required_argument, NULL, 'U' },
		{ "net", required_argument, NULL, 'E' },
		{ "no-bitboard", no_argument, NULL, 'B' },
		{ "no-deepen", no_argument, NULL, 'N' },
		{ "no-lost", no_argument, NULL, 'L' },
		{ "no-tables", no_argument, NULL, 'O' },
		{ "play", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "size", required_argument, NULL, 'Z' },
		{ "summary", no_argument, NULL, 'S' },
		{ "table-from", required_argument, NULL, 'k' },
		{ "table-min", required_argument, NULL, 'K' },
		{ "tables", required_argument, NULL, 'X' },
		{ "tally", no_argument, NULL, 'T' },
		{ "threads", required_argument, NULL, 'j' },
		{ "time", required_argument, NULL, 't' },
		{ "tt-bits", required_argument, NULL, 'b' },
		{ "weights", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP_FULL },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	/* the letters of 2048(7)'s table; the other options are long only */
	static const char *shortopts = "cd:ef:g:H:Jj:pqSs:Tw:";
	int c, threads = 0, deepen_given = 0, fast = 0, heuristic = 0,
	    one_ply = 0, games = 0, chain = 0, no_chain = 0, no_tables = 0;
	const char *tables = NULL;
	int fast_chain = 0;

	/* The evaluator, --fast and the new games' size first: they name
	 * the setting that the other options, after or before them,
	 * refine.  The second pass alone reports bad options. */
	opterr = 0;
	while ((c = cli_getopt(argc, argv, shortopts, longopts)) != -1)
		if (c == 'F')
			fast = 1;
		else if (c == 'E')
			run->netpath = optarg;
		else if (c == 'H' || c == 'w')
			heuristic = 1;
		else if (c == 'd')
			one_ply = strcmp(optarg, "1") == 0;
		else if (c == 'g')
			games = 1;
		else if (c == 'X' || c == 'O') {
			tables = c == 'X' ? optarg : NULL;
			no_tables = c == 'O';
		} else if (c == 'Y' || c == 'y') {
			chain = c == 'Y';
			no_chain = c == 'y';
		} else if (c == 'Z' && (optarg[0] != '4' || (optarg[1] != '\0' &&
		    strcmp(optarg + 1, "x4") != 0)))
			run->other_size = 1;
	run->net_given = run->netpath != NULL;
	run->tablesdir = cli_default_tables();
	if (tables == NULL && !no_tables)
		tables = run->tablesdir;
	/* Each setting's evaluator is the one measured strongest at its
	 * time (README, bench/AI.md): the default net, where there is one,
	 * at --fast and at 1-ply, but at --fast the heuristic where it
	 * plays by the chain tables; the heuristic at the default setting,
	 * where the net is not stronger, which so loads no net.  A net
	 * values 4x4 boards: new games of another size need none. */
	if (!no_chain && (chain || (tables && g2048_chain_present(tables))))
		fast_chain = fast && !one_ply;
	if (run->netpath == NULL && !heuristic && (fast || one_ply) &&
	    !fast_chain && !(games && run->other_size))
		run->netpath = cli_default_net();
	preset(&run->opts, run->netpath != NULL, fast);
	preset(&run->plain_opts, 0, fast);
	opterr = 1;
	optind = 1;
	while ((c = cli_getopt(argc, argv, shortopts, longopts)) != -1) {
		/* --algo exact: the tables of whole boards, required; the
		 * search behind them (past a table's target) is the default */
		if (c == 'a' && (run->exact = strcmp(optarg, "exact") == 0))
			continue;
		if (c == 'G')
			run->downgrade_given = 1;
		if (search_option(c, optarg, &run->opts, &deepen_given)) {
			search_option(c, optarg, &run->plain_opts,
			    &deepen_given);
			continue;
		}
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
		case 'F':
		case 'E':
			break;
		case 'H':
			run->heuristic = optarg;
			break;
		case 'J':
			run->json = 1;
			break;
		case 'j':
			threads = (int)cli_int(optarg, "--threads", 1,
			    G2048_THREADS_MAX);
			break;
		case 'l':
			if ((run->log = fopen(optarg, "w")) == NULL)
				cli_die(2, "--log %s: cannot write: %s", optarg,
				    strerror(errno));
			break;
		case 'Y':
			run->use_chain = 1;
			run->no_chain = 0;
			break;
		case 'y':
			run->no_chain = 1;
			run->use_chain = 0;
			break;
		case 'O':
			run->tablesdir = NULL;
			run->no_tables = 1;
			run->tables_given = 0;
			break;
		case 'X':
			run->tablesdir = optarg;
			run->no_tables = 0;
			run->tables_given = 1;
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
			run->until_rank = parse_tile_rank(optarg, "--until", 4,
			    "play to the end");
			break;
		case 'q':
			run->quiet = 1;
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
		case 'w':
			run->weights = optarg;
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
	/* a fixed depth means that depth, unless --deepen says otherwise */
	if (run->opts.depth > 0 && !deepen_given)
		run->opts.deepen = run->plain_opts.deepen = 0;
	run->workers = threads ? threads : cli_cores(G2048_THREADS_MAX);
	run->opts.threads = run->workers < G2048_NDIRS ? run->workers :
	    G2048_NDIRS;
	run->plain_opts.threads = run->opts.threads;
}

