/* 2048-solve - the best move for every board read; or play games to the end. */
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define CHOICE_STREAM 0x5eedULL  /* random moves: not the spawn stream */
#define TILE_FIRST 9             /* the summary counts 512 ... 131072 */

/* Text of one game's boards or log lines, written out in game order. */
struct out {
	char *buf;
	size_t len, cap;
};

/* What the searches of a game, or of a run, cost. */
struct effort {
	uint64_t nodes;
	uint64_t deepened;           /* moves searched a second time, deeper */
	double seconds, slowest;
};

struct stats {
	uint64_t games, moves;
	struct effort search;
	uint64_t *scores;            /* every game's score, for the median */
	size_t cap;
	uint64_t reach[G2048_MAX_RANK + 1];   /* games reaching each rank */
};

struct run {
	g2048_search_opts opts;
	const char *heuristic, *weights, *netpath;
	g2048_net *net;
	int explain, play, final, summary, tally, quiet, have_seed;
	uint64_t games, seed;
	int workers;                 /* games in parallel */
	g2048_rng run_rng;           /* with --seed: for boards without a stream */
	FILE *log;
	g2048_eval *eval;
	g2048_search *search;        /* for the boards read */
	struct stats st;
	int status;
};

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [options] [FILE ...]\n"
	    "       %s --play [--final] [--summary] [options] [FILE ...]\n"
	    "       %s --games N [--seed S] [--final] [--summary] [options]\n"
	    "       %s --tally [FILE ...]\n"
	    "Write the best move for every board read (up, down, left or right),\n"
	    "or play games to the end.\n"
	    "\n"
	    "  -a, --algo A       expectimax (default), minimax, greedy, random\n"
	    "  -d, --depth N      look N moves ahead (default: from the board)\n"
	    "  -t, --time MS      iterative deepening within MS per move (not\n"
	    "                     reproducible)\n"
	    "      --fast         the fast setting (1000 moves/s or more)\n"
	    "      --adaptive MIN,SUB,MAX  depth: distinct tiles less SUB, from\n"
	    "                     MIN to MAX (default 3,2,15)\n"
	    "  -H, --heuristic H  lines (default) or xu, as in 2048-eval\n"
	    "  -w, --weights W    heuristic weights, k=v,... as in 2048-eval\n"
	    "      --net FILE     evaluate with the n-tuple network in FILE\n"
	    "                     (see 2048-learn); moves add their score\n"
	    "  -j, --threads N    threads (default: all cores)\n"
	    "  -s, --seed N       seed of --games, and of boards without a stream\n"
	    "  -e, --explain      also write each legal move's value and the\n"
	    "                     search's depth, nodes and time\n"
	    "  -p, --play         play every board to the end, writing each board\n"
	    "  -n, --games N      play N new games (those of 2048-new --seed S, S+1...)\n"
	    "  -f, --final        write only the last board of each game\n"
	    "  -S, --summary      write a table of the games at the end (boards\n"
	    "                     only with --final)\n"
	    "  -T, --tally        read finished games and write their table\n"
	    "  -l, --log FILE     write every decision with each move's value\n"
	    "  -c, --compact      write boards in the one-line compact form\n"
	    "  -q, --quiet        no message for a board that cannot move\n"
	    "      --cutoff P     expectimax probability cutoff (default\n"
	    "                     0.000125, 0: off)\n"
	    "      --crowded N,P  cutoff P on boards with at most N empty cells\n"
	    "      --deepen R,SUB,MAX,P  search again, depth distinct tiles less\n"
	    "                     SUB up to MAX, cutoff P, when the best value\n"
	    "                     is below R times the heuristic after the move\n"
	    "                     (default 0.995,1,15,0.0001)\n"
	    "      --no-deepen    never search again\n"
	    "      --tt-bits N    transposition table of 2^N entries (0: off)\n"
	    "      --no-lost      score a board that cannot move by its heuristic\n"
	    "      --no-bitboard  move cell by cell instead of by row tables\n"
	    "      --help         show this help and exit\n"
	    "      --version      show the version and exit\n"
	    "\n"
	    "Exit status: 0 success, 1 some board had no legal move (without\n"
	    "--play), 2 usage or input error.  See 2048-solve(1).\n",
	    progname, progname, progname, progname);
	exit(status ? 2 : cli_finish(0));
}

/* ---- output in game order --------------------------------------------- */

static void
out_add(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 4096;
		char *p;

		while (cap < o->len + n + 1)
			cap *= 2;
		if ((p = realloc(o->buf, cap)) == NULL)
			cli_die(2, "out of memory");
		o->buf = p;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

/* A grid board is preceded by a blank line, dropped before the first. */
static void
out_board(struct out *o, const g2048_board *b)
{
	char text[CLI_BOARD_MAX];

	out_add(o, text, (size_t)cli_format_board(b, text));
}

static void
out_flush(struct out *o, FILE *fp)
{
	static int boards_written;
	size_t skip = 0;

	if (fp == stdout && o->len) {
		skip = !cli_compact && !boards_written && o->buf[0] == '\n';
		boards_written = 1;
	}
	if (o->len > skip && fwrite(o->buf + skip, 1, o->len - skip, fp) !=
	    o->len - skip)
		cli_die(2, "write error");
	free(o->buf);
	memset(o, 0, sizeof *o);
}

/* One decision for --log: the board, the move, every value, the search. */
static void
out_decision(struct out *o, const g2048_board *b, const g2048_search_result *r)
{
	char line[G2048_TEXT_MAX + 256];
	int n, d;

	n = g2048_format_compact(b, line, sizeof line) - 1;
	n += snprintf(line + n, sizeof line - (size_t)n, "\t%s\t",
	    r->dir < 0 ? "none" : g2048_dir_name((enum g2048_dir)r->dir));
	for (d = 0; d < G2048_NDIRS; d++)
		n += snprintf(line + n, sizeof line - (size_t)n,
		    r->legal >> d & 1 ? "%s=%.3f " : "%s=- ",
		    g2048_dir_name((enum g2048_dir)d), r->value[d]);
	n += snprintf(line + n, sizeof line - (size_t)n,
	    "depth=%d nodes=%llu\n", r->depth, (unsigned long long)r->nodes);
	out_add(o, line, (size_t)n);
}

/* ---- games ------------------------------------------------------------ */

/* Random moves are drawn from the board's own stream position, on another
 * PCG32 stream: the same in --play as in a shell loop of single moves. */
static g2048_rng *
choice_rng(const g2048_board *b, g2048_rng *r)
{
	g2048_rng_init(r, b->seed, CHOICE_STREAM);
	g2048_rng_advance(r, b->draws);
	return r;
}

/* Give a board without a stream one, as 2048-spawn would. */
static void
ensure_stream(struct run *run, g2048_board *b)
{
	g2048_rng own;

	if (!b->has_rng)
		cli_board_save_rng(b, cli_board_rng(b, &run->run_rng,
		    run->have_seed, &own));
}

struct game {
	g2048_board b;
	struct out trace, log;
	struct effort search;
	int done;
};

static void
effort_add(struct effort *to, const struct effort *e)
{
	to->nodes += e->nodes;
	to->deepened += e->deepened;
	to->seconds += e->seconds;
	if (e->slowest > to->slowest)
		to->slowest = e->slowest;
}

/* Play b to the end: search, move, then spawn from the board's stream,
 * as 2048-solve | 2048-move | 2048-spawn does. */
static void
play_game(const struct run *run, g2048_search *s, struct game *gm)
{
	g2048_search_result r;
	g2048_rng rng;
	int boards = !run->summary || run->final;

	if (boards && !run->final)
		out_board(&gm->trace, &gm->b);
	for (;;) {
		g2048_search_run(s, gm->b.grid, choice_rng(&gm->b, &rng), &r);
		effort_add(&gm->search, &(struct effort){ r.nodes,
		    (uint64_t)r.deepened, r.seconds, r.seconds });
		if (run->log)
			out_decision(&gm->log, &gm->b, &r);
		if (r.dir < 0)
			break;
		g2048_board_move(&gm->b, (enum g2048_dir)r.dir);
		g2048_board_spawn(&gm->b, G2048_FOUR_DEFAULT);
		if (boards && !run->final)
			out_board(&gm->trace, &gm->b);
	}
	if (boards && run->final)
		out_board(&gm->trace, &gm->b);
}

static void
stats_add(struct stats *st, const g2048_board *b, const struct game *gm)
{
	int r;

	if (st->games == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 256;
		if ((st->scores = realloc(st->scores, st->cap *
		    sizeof *st->scores)) == NULL)
			cli_die(2, "out of memory");
	}
	st->scores[st->games++] = b->score;
	st->moves += b->moves;
	if (gm)
		effort_add(&st->search, &gm->search);
	for (r = g2048_max_rank(b->grid); r > 0; r--)
		st->reach[r]++;
}

/* Write a finished game and count it. */
static void
game_done(struct run *run, struct game *gm)
{
	out_flush(&gm->trace, stdout);
	if (run->log)
		out_flush(&gm->log, run->log);
	stats_add(&run->st, &gm->b, gm);
}

/* --games: workers take games in order; the main thread writes them in
 * order, so the output does not depend on the number of workers. */
struct pool {
	struct run *run;
	struct game *games;
	uint64_t next;
	pthread_mutex_t lock;
	pthread_cond_t done;
};

static void *
games_worker(void *arg)
{
	struct pool *p = arg;
	g2048_search_opts o = p->run->opts;
	g2048_search *s;
	char err[256];
	uint64_t i;

	o.threads = 1;
	if ((s = g2048_search_new(&o, p->run->eval, err, sizeof err)) == NULL)
		cli_die(2, "%s", err);
	for (;;) {
		pthread_mutex_lock(&p->lock);
		i = p->next < p->run->games ? p->next++ : UINT64_MAX;
		pthread_mutex_unlock(&p->lock);
		if (i == UINT64_MAX)
			break;
		play_game(p->run, s, &p->games[i]);
		pthread_mutex_lock(&p->lock);
		p->games[i].done = 1;
		pthread_cond_broadcast(&p->done);
		pthread_mutex_unlock(&p->lock);
	}
	g2048_search_free(s);
	return NULL;
}

static void
play_new_games(struct run *run)
{
	struct pool p = { run, NULL, 0, PTHREAD_MUTEX_INITIALIZER,
	    PTHREAD_COND_INITIALIZER };
	pthread_t tid[256];
	uint64_t i;
	int w, n = run->workers;

	if ((uint64_t)n > run->games)
		n = (int)run->games;
	if ((p.games = calloc(run->games ? run->games : 1,
	    sizeof *p.games)) == NULL)
		cli_die(2, "out of memory");
	for (i = 0; i < run->games; i++)
		g2048_new_game(&p.games[i].b, run->seed + i, G2048_FOUR_DEFAULT);
	for (w = 0; w < n; w++)
		if (pthread_create(&tid[w], NULL, games_worker, &p) != 0)
			cli_die(2, "cannot start a thread");
	for (i = 0; i < run->games; i++) {
		pthread_mutex_lock(&p.lock);
		while (!p.games[i].done)
			pthread_cond_wait(&p.done, &p.lock);
		pthread_mutex_unlock(&p.lock);
		game_done(run, &p.games[i]);
	}
	for (w = 0; w < n; w++)
		pthread_join(tid[w], NULL);
	free(p.games);
}

/* ---- the summary table ------------------------------------------------ */

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Wilson score interval, 95%, for k successes in n, in percent. */
static void
wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	double z = 1.959964, p = (double)k / (double)n, z2n = z * z / (double)n;
	double mid = (p + z2n / 2) / (1 + z2n);
	double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) /
	    (1 + z2n);

	*lo = 100 * fmax(0, mid - half);
	*hi = 100 * fmin(1, mid + half);
}

static void
print_summary(struct stats *st, double wall)
{
	double sum = 0, median, lo, hi;
	uint64_t n = st->games, i;
	int r;

	if (n == 0) {
		printf("games 0\n");
		return;
	}
	qsort(st->scores, n, sizeof *st->scores, cmp_u64);
	for (i = 0; i < n; i++)
		sum += (double)st->scores[i];
	median = n % 2 ? (double)st->scores[n / 2] :
	    ((double)st->scores[n / 2 - 1] + (double)st->scores[n / 2]) / 2;
	printf("games         %llu\n", (unsigned long long)n);
	printf("score mean    %.1f\n", sum / (double)n);
	printf("score median  %.1f\n", median);
	printf("score max     %llu\n", (unsigned long long)st->scores[n - 1]);
	printf("moves         %llu\n", (unsigned long long)st->moves);
	if (wall > 0) {
		printf("moves/s       %.1f\n", (double)st->moves / wall);
		printf("ms/move       %.3f\n", st->moves ? 1000 *
		    st->search.seconds / (double)st->moves : 0.0);
		printf("ms/move max   %.3f\n", 1000 * st->search.slowest);
		printf("nodes/s       %.0f\n", st->search.seconds > 0 ?
		    (double)st->search.nodes / st->search.seconds : 0.0);
		printf("deepened      %llu moves, %.2f%%\n",
		    (unsigned long long)st->search.deepened, st->moves ? 100.0 *
		    (double)st->search.deepened / (double)st->moves : 0.0);
	}
	printf("tile      games       %%  95%% CI\n");
	for (r = TILE_FIRST; r <= G2048_MAX_RANK; r++) {
		wilson(st->reach[r], n, &lo, &hi);
		printf("%-8u %6llu  %6.1f  %.1f-%.1f\n", g2048_tile(r),
		    (unsigned long long)st->reach[r],
		    100.0 * (double)st->reach[r] / (double)n, lo, hi);
	}
}

/* ---- one board at a time ---------------------------------------------- */

static void
explain(const g2048_search_result *r)
{
	int d;

	for (d = 0; d < G2048_NDIRS; d++)
		if (r->legal >> d & 1)
			printf("  %-5s %.3f\n", g2048_dir_name((enum g2048_dir)d),
			    r->value[d]);
		else
			printf("  %-5s -\n", g2048_dir_name((enum g2048_dir)d));
	printf("  depth %d%s nodes %llu time %.3f ms\n", r->depth,
	    r->deepened ? " (deepened)" : "", (unsigned long long)r->nodes,
	    r->seconds * 1000);
}

static int
solve_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	struct game gm;
	g2048_search_result r;
	g2048_rng rng;
	struct out log = { NULL, 0, 0 };

	if (run->tally) {
		stats_add(&run->st, b, NULL);
		return 0;
	}
	if (run->play) {
		int adopt = !b->has_rng && run->have_seed;

		memset(&gm, 0, sizeof gm);
		ensure_stream(run, b);
		gm.b = *b;
		play_game(run, run->search, &gm);
		if (adopt)      /* the run's generator goes on where the game ended */
			g2048_rng_seed(&run->run_rng, gm.b.seed, gm.b.draws);
		game_done(run, &gm);
		return 0;
	}
	if (!b->has_rng) {
		ensure_stream(run, b);
		if (run->have_seed)
			g2048_rng_next(&run->run_rng);
	}
	g2048_search_run(run->search, b->grid, choice_rng(b, &rng), &r);
	if (r.dir >= 0)
		printf("%s\n", g2048_dir_name((enum g2048_dir)r.dir));
	else if (!run->quiet)
		cli_warn_board("no legal move");
	if (run->explain)
		explain(&r);
	if (run->log) {
		out_decision(&log, b, &r);
		out_flush(&log, run->log);
	}
	return r.dir < 0;
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
	cli_usage_error("--algo: unknown algorithm '%s': use expectimax, "
	    "minimax, greedy or random", s);
	return G2048_EXPECTIMAX;
}

/* --adaptive MIN,SUB,MAX: depth = distinct tiles - SUB, within MIN..MAX */
static void
parse_adaptive(const char *s, g2048_search_opts *o)
{
	int min, sub, max;
	char end;

	if (sscanf(s, "%d,%d,%d%c", &min, &sub, &max, &end) != 3 || min < 1 ||
	    max < min || max > 15 || sub < -15 || sub > 15)
		cli_usage_error("--adaptive: expected MIN,SUB,MAX with 1 <= MIN "
		    "<= MAX <= 15: '%s'", s);
	o->depth = 0;
	o->depth_min = min;
	o->depth_sub = sub;
	o->depth_max = max;
}

/* --crowded N,P: cutoff P on boards with at most N empty cells */
static void
parse_crowded(const char *s, g2048_search_opts *o)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (end == s || *end != ',' || n < 0 || n > 16)
		cli_usage_error("--crowded: expected N,P: '%s'", s);
	o->crowded = (int)n;
	o->cutoff_crowded = cli_double(end + 1, "--crowded", 0, 0.5);
}

/* --deepen R,SUB,MAX,P: search again as distinct tiles - SUB (up to MAX)
 * with cutoff P when the best value is below R times the heuristic */
static void
parse_deepen(const char *s, g2048_search_opts *o)
{
	double ratio, p;
	int sub, max;
	char end;

	if (sscanf(s, "%lf,%d,%d,%lf%c", &ratio, &sub, &max, &p, &end) != 4 ||
	    !(ratio > 0 && ratio <= 2) || sub < -15 || sub > 15 || max < 1 ||
	    max > 15 || !(p >= 0 && p <= 0.5))
		cli_usage_error("--deepen: expected R,SUB,MAX,P with 0 < R <= 2, "
		    "1 <= MAX <= 15 and 0 <= P <= 0.5: '%s'", s);
	o->deepen = ratio;
	o->deepen_sub = sub;
	o->deepen_max = max;
	o->deepen_cutoff = p;
}

static int
all_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Options that name a setting go first, so the others refine it. */
static void
parse_options(int argc, char **argv, struct run *run)
{
	static const struct option longopts[] = {
		{ "adaptive", required_argument, NULL, 'A' },
		{ "algo", required_argument, NULL, 'a' },
		{ "compact", no_argument, NULL, 'c' },
		{ "crowded", required_argument, NULL, 'R' },
		{ "cutoff", required_argument, NULL, 'C' },
		{ "deepen", required_argument, NULL, 'D' },
		{ "depth", required_argument, NULL, 'd' },
		{ "explain", no_argument, NULL, 'e' },
		{ "fast", no_argument, NULL, 'F' },
		{ "final", no_argument, NULL, 'f' },
		{ "games", required_argument, NULL, 'n' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "log", required_argument, NULL, 'l' },
		{ "net", required_argument, NULL, 'E' },
		{ "no-bitboard", no_argument, NULL, 'B' },
		{ "no-deepen", no_argument, NULL, 'N' },
		{ "no-lost", no_argument, NULL, 'L' },
		{ "play", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "summary", no_argument, NULL, 'S' },
		{ "tally", no_argument, NULL, 'T' },
		{ "threads", required_argument, NULL, 'j' },
		{ "time", required_argument, NULL, 't' },
		{ "tt-bits", required_argument, NULL, 'b' },
		{ "weights", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *shortopts = "a:cd:efH:j:l:n:pqSs:Tt:w:";
	int c, threads = 0, deepen_given = 0;

	/* --fast first, so that options after or before it refine it; the
	 * second pass alone reports bad options */
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		if (c == 'F')
			g2048_search_fast(&run->opts);
	opterr = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			run->opts.algo = parse_algo(optarg);
			break;
		case 'A':
			parse_adaptive(optarg, &run->opts);
			break;
		case 'b':
			run->opts.tt_bits = (int)cli_double(optarg, "--tt-bits", 0, 28);
			break;
		case 'B':
			run->opts.bitboard = 0;
			break;
		case 'c':
			cli_compact = 1;
			break;
		case 'C':
			run->opts.cutoff = cli_double(optarg, "--cutoff", 0, 0.5);
			break;
		case 'R':
			parse_crowded(optarg, &run->opts);
			break;
		case 'D':
			parse_deepen(optarg, &run->opts);
			deepen_given = 1;
			break;
		case 'd':
			run->opts.depth = (int)cli_double(optarg, "--depth", 1, 15);
			break;
		case 'e':
			run->explain = 1;
			break;
		case 'f':
			run->final = 1;
			break;
		case 'F':
			break;
		case 'H':
			run->heuristic = optarg;
			break;
		case 'E':
			run->netpath = optarg;
			break;
		case 'j':
			threads = (int)cli_double(optarg, "--threads", 1, 256);
			break;
		case 'l':
			if ((run->log = fopen(optarg, "w")) == NULL)
				cli_die(2, "%s: cannot open for writing", optarg);
			break;
		case 'L':
			run->opts.lost = 0;
			break;
		case 'N':
			run->opts.deepen = 0;
			break;
		case 'n':
			run->games = cli_u64(optarg, "--games");
			run->play = 1;
			break;
		case 'p':
			run->play = 1;
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
		case 't':
			run->opts.time_ms = (unsigned)cli_double(optarg, "--time", 1,
			    3600000);
			break;
		case 'w':
			run->weights = optarg;
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
	/* a fixed depth means that depth, unless --deepen says otherwise */
	if (run->opts.depth > 0 && !deepen_given)
		run->opts.deepen = 0;
	run->workers = threads ? threads : all_cores();
	run->opts.threads = run->workers < G2048_NDIRS ? run->workers :
	    G2048_NDIRS;
}

int
main(int argc, char **argv)
{
	static struct run run;
	struct timespec t0, t1;
	char err[256];

	argv[0] = cli_init(argv[0]);
	g2048_search_defaults(&run.opts);
	parse_options(argc, argv, &run);
	if (run.games && optind < argc)
		cli_usage_error("--games reads no boards: '%s'", argv[optind]);
	if (run.have_seed)
		g2048_rng_seed(&run.run_rng, run.seed, 0);
	else if (run.games)
		run.seed = cli_random_seed();
	run.eval = cli_evaluator(run.heuristic, run.weights, run.netpath, 1,
	    &run.net);
	if ((run.search = g2048_search_new(&run.opts, run.eval, err,
	    sizeof err)) == NULL)
		cli_usage_error("%s", err);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (run.games)
		play_new_games(&run);
	else
		run.status = cli_boards(argv + optind, argc - optind, solve_board,
		    &run);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (run.summary) {
		if (run.st.games && run.final && !run.tally)
			printf("\n");
		print_summary(&run.st, run.tally ? 0 : (double)(t1.tv_sec -
		    t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	if (run.log && fclose(run.log) != 0)
		cli_die(2, "--log: write error");
	g2048_search_free(run.search);
	g2048_eval_free(run.eval);
	g2048_net_free(run.net);
	free(run.st.scores);
	return cli_finish(run.status);
}
