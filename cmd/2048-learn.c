/* 2048-learn - train an n-tuple network by TD learning from self-play. */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define BLOCKS_IN_FLIGHT 64          /* blocks whose games may be running */
#define TILE_FIRST 11                /* progress counts 2048 ... 32768 */
#define TILE_LAST 15

/* The games of one block of the progress report. */
struct block {
	uint64_t games, moves, score_sum, score_max;
	uint64_t reach[TILE_LAST + 1];
};

struct run {
	const char *spec, *stages, *load, *save, *export, *logname;
	g2048_learn_opts opts;
	double optimistic;
	uint64_t games, seed, every, blocksize;
	int have_seed, threads, quiet, tty;
	int alpha_set, lambda_set, tc_set;   /* given, not from --load */
	g2048_net *net;
	FILE *log;
	char train[G2048_NET_TEXT_MAX];

	/* shared by the workers, under lock */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	uint64_t first, end, next;   /* games: this run's first, end, next */
	uint64_t done_to;            /* blocks reported */
	uint64_t moves;              /* all moves, for the header */
	int busy;                    /* workers inside a game */
	int pause, stop, failed;
	struct block block[BLOCKS_IN_FLIGHT];
	double start, last_draw;
};

static volatile sig_atomic_t interrupted;

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s --save FILE [--net SPEC | --load FILE] [options]\n"
	    "Train an n-tuple network by afterstate TD learning from self-play,\n"
	    "and write it to FILE (see 2048-net(5)).\n"
	    "\n"
	    "      --net SPEC       4x6 (default), 5x6, 8x6, or tuples of hex cells\n"
	    "                       such as 012345,456789\n"
	    "      --stages TILES   one set of weights per stage, the next from\n"
	    "                       each tile, e.g. 16384,32768 (default: one)\n"
	    "      --load FILE      go on training the net in FILE\n"
	    "      --save FILE      write the net to FILE (atomically)\n"
	    "      --export FILE    at the end, also write it without what only\n"
	    "                       training needs (the TC sums), for play\n"
	    "      --games N        games to play (default 10000)\n"
	    "      --alpha A        learning rate (default 0.1; 1.0 with --tc)\n"
	    "      --lambda L       TD(lambda) by the lambda-return (default 0)\n"
	    "      --tc             temporal coherence: a step size per weight\n"
	    "      --optimistic V   start every board's value at V\n"
	    "  -s, --seed S         seed of the training games (default: random)\n"
	    "      --threads N      threads (default: all cores; 1 is\n"
	    "                       reproducible)\n"
	    "      --every N        also save every N games\n"
	    "      --block N        games a progress line (default 1000)\n"
	    "      --log FILE       the learning curve, a TSV line a block\n"
	    "  -q, --quiet          no progress on stderr\n"
	    "      --help           show this help and exit\n"
	    "      --version        show the version and exit\n"
	    "\n"
	    "SIGINT or SIGTERM saves the net and stops; --load FILE goes on.\n"
	    "Exit status: 0 trained, 1 interrupted (saved), 2 usage or input\n"
	    "error.  See 2048-learn(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* ---- progress ------------------------------------------------------- */

static void
hms(char *buf, size_t size, double s)
{
	unsigned long t = s > 0 && s < 1e9 ? (unsigned long)s : 0;

	if (t >= 3600)
		snprintf(buf, size, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60,
		    t % 60);
	else
		snprintf(buf, size, "%lu:%02lu", t / 60, t % 60);
}

/* A block's line: on a terminal redrawn in place, else one a block. */
static void
report(struct run *run, const struct block *b, uint64_t games, double dt)
{
	double elapsed = now() - run->start;
	double left = elapsed / (double)(games - run->first) *
	    (double)(run->end - games);
	char el[32], rem[32];
	int t;

	if (run->log) {
		fprintf(run->log, "%llu\t%llu\t%.0f\t%.1f\t%llu",
		    (unsigned long long)games, (unsigned long long)b->moves,
		    dt > 0 ? (double)b->moves / dt : 0,
		    (double)b->score_sum / (double)b->games,
		    (unsigned long long)b->score_max);
		for (t = TILE_FIRST; t <= TILE_LAST; t++)
			fprintf(run->log, "\t%.2f", 100.0 * (double)b->reach[t] /
			    (double)b->games);
		fprintf(run->log, "\t%.1f\n", elapsed);
		fflush(run->log);     /* the curve can be watched as it grows */
	}
	if (run->quiet)
		return;
	hms(el, sizeof el, elapsed);
	hms(rem, sizeof rem, left);
	fprintf(stderr, "%s%s: games %llu/%llu  %.2fM moves/s  mean %.0f  "
	    "max %llu ", run->tty ? "\r" : "", progname,
	    (unsigned long long)games, (unsigned long long)run->end,
	    dt > 0 ? (double)b->moves / dt / 1e6 : 0,
	    (double)b->score_sum / (double)b->games,
	    (unsigned long long)b->score_max);
	for (t = TILE_FIRST; t <= TILE_LAST; t++)
		fprintf(stderr, " %lu:%.1f%%", (unsigned long)g2048_tile(t),
		    100.0 * (double)b->reach[t] / (double)b->games);
	fprintf(stderr, "  %s elapsed, %s left%s", el, rem,
	    run->tty ? "\033[K" : "\n");
}

/* Count a game into its block; report the blocks now complete, in order.
 * Called with the lock held. */
static void
count_game(struct run *run, uint64_t game, const g2048_learn_game *g)
{
	struct block *b;
	int t;

	b = &run->block[(game - run->first) / run->blocksize %
	    BLOCKS_IN_FLIGHT];
	b->games++;
	b->moves += g->moves;
	b->score_sum += g->score;
	if (g->score > b->score_max)
		b->score_max = g->score;
	for (t = TILE_FIRST; t <= TILE_LAST && t <= g->max_rank; t++)
		b->reach[t]++;
	run->moves += g->moves;
	for (;;) {
		uint64_t lo = run->first + run->done_to * run->blocksize;
		uint64_t hi = lo + run->blocksize < run->end ?
		    lo + run->blocksize : run->end;
		double t_now;

		b = &run->block[run->done_to % BLOCKS_IN_FLIGHT];
		if (lo >= run->end || b->games < hi - lo)
			break;
		t_now = now();
		report(run, b, hi, t_now - run->last_draw);
		run->last_draw = t_now;
		memset(b, 0, sizeof *b);
		run->done_to++;
	}
}

/* ---- the workers ----------------------------------------------------- */

/* The next game to play, or UINT64_MAX to stop; waits while paused. */
static uint64_t
take_game(struct run *run)
{
	uint64_t game = UINT64_MAX;

	pthread_mutex_lock(&run->lock);
	while (run->pause && !run->stop)
		pthread_cond_wait(&run->wake, &run->lock);
	/* a block far ahead of the report waits for the slow game */
	while (!run->stop && run->next < run->end &&
	    (run->next - run->first) / run->blocksize >=
	    run->done_to + BLOCKS_IN_FLIGHT)
		pthread_cond_wait(&run->wake, &run->lock);
	if (!run->stop && run->next < run->end) {
		game = run->next++;
		run->busy++;
	}
	pthread_mutex_unlock(&run->lock);
	return game;
}

static void *
worker(void *arg)
{
	struct run *run = arg;
	char err[256];
	g2048_learner *l = g2048_learner_new(run->net, &run->opts, err,
	    sizeof err);
	uint64_t game;

	while (l && (game = take_game(run)) != UINT64_MAX) {
		g2048_learn_game g;
		g2048_rng r;
		int rc;

		g2048_learn_rng(&r, run->seed, game);
		rc = g2048_learner_play(l, &r, &g);
		pthread_mutex_lock(&run->lock);
		if (rc < 0)
			run->failed = run->stop = 1;
		else
			count_game(run, game, &g);
		run->busy--;
		pthread_cond_broadcast(&run->wake);
		pthread_mutex_unlock(&run->lock);
	}
	if (l == NULL) {
		pthread_mutex_lock(&run->lock);
		run->failed = run->stop = 1;
		pthread_cond_broadcast(&run->wake);
		pthread_mutex_unlock(&run->lock);
	}
	g2048_learner_free(l);
	return NULL;
}

/* Save with every game taken finished and none running.  Lock held. */
static void
save(struct run *run)
{
	char err[512];

	run->pause = 1;
	while (run->busy > 0)
		pthread_cond_wait(&run->wake, &run->lock);
	g2048_net_set_trained(run->net, run->next, run->moves, run->seed,
	    run->train);
	if (g2048_net_save(run->net, run->save, err, sizeof err) < 0)
		cli_die(2, "%s (the previous file is kept)", err);
	run->pause = 0;
	pthread_cond_broadcast(&run->wake);
}

/* The trained net without its training state, for play. */
static void
export(struct run *run)
{
	char err[512];

	g2048_net_drop_tc(run->net);
	if (g2048_net_save(run->net, run->export, err, sizeof err) < 0)
		cli_die(2, "%s (the previous file is kept)", err);
}

/* Run the workers; save every run->every games, on a signal, and at the
 * end.  Returns 1 if interrupted. */
static int
train(struct run *run)
{
	pthread_t tid[64];
	uint64_t next_save = run->every ? run->first + run->every : UINT64_MAX;
	int i, status;

	pthread_mutex_init(&run->lock, NULL);
	pthread_cond_init(&run->wake, NULL);
	run->start = run->last_draw = now();
	for (i = 0; i < run->threads; i++)
		if (pthread_create(&tid[i], NULL, worker, run) != 0)
			cli_die(2, "cannot start a thread");
	pthread_mutex_lock(&run->lock);
	while (!run->stop && (run->next < run->end || run->busy > 0)) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&run->wake, &run->lock, &ts);
		if (interrupted)
			run->stop = 1;
		else if (run->next >= next_save && run->next < run->end) {
			save(run);
			next_save = run->next + run->every;
		}
	}
	run->stop = 1;
	pthread_cond_broadcast(&run->wake);
	while (run->busy > 0)
		pthread_cond_wait(&run->wake, &run->lock);
	pthread_mutex_unlock(&run->lock);
	for (i = 0; i < run->threads; i++)
		pthread_join(tid[i], NULL);
	if (run->failed)
		cli_die(2, "out of memory");
	if (run->tty && !run->quiet)
		fputc('\n', stderr);
	status = interrupted || run->next < run->end;
	pthread_mutex_lock(&run->lock);
	save(run);
	pthread_mutex_unlock(&run->lock);
	if (status)
		cli_warn("interrupted after %llu games; saved to %s: go on with "
		    "--load %s", (unsigned long long)run->next, run->save,
		    run->save);
	else if (run->export)
		export(run);
	return status;
}

/* ---- setting up ------------------------------------------------------- */

static void
parse_options(int argc, char **argv, struct run *run)
{
	enum { O_NET = 256, O_STAGES, O_LOAD, O_SAVE, O_GAMES, O_ALPHA,
	    O_LAMBDA, O_TC, O_OPT, O_THREADS, O_EVERY, O_BLOCK, O_LOG,
	    O_EXPORT };
	static const struct option longopts[] = {
		{ "net", required_argument, NULL, O_NET },
		{ "stages", required_argument, NULL, O_STAGES },
		{ "load", required_argument, NULL, O_LOAD },
		{ "save", required_argument, NULL, O_SAVE },
		{ "export", required_argument, NULL, O_EXPORT },
		{ "games", required_argument, NULL, O_GAMES },
		{ "alpha", required_argument, NULL, O_ALPHA },
		{ "lambda", required_argument, NULL, O_LAMBDA },
		{ "tc", no_argument, NULL, O_TC },
		{ "optimistic", required_argument, NULL, O_OPT },
		{ "seed", required_argument, NULL, 's' },
		{ "threads", required_argument, NULL, O_THREADS },
		{ "every", required_argument, NULL, O_EVERY },
		{ "block", required_argument, NULL, O_BLOCK },
		{ "log", required_argument, NULL, O_LOG },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "hqs:", longopts, NULL)) != -1) {
		switch (c) {
		case O_NET:
			run->spec = optarg;
			break;
		case O_STAGES:
			run->stages = optarg;
			break;
		case O_LOAD:
			run->load = optarg;
			break;
		case O_SAVE:
			run->save = optarg;
			break;
		case O_EXPORT:
			run->export = optarg;
			break;
		case O_GAMES:
			run->games = (uint64_t)cli_int(optarg, "--games", 0,
			    LLONG_MAX / 2);
			break;
		case O_ALPHA:
			run->opts.alpha = cli_double(optarg, "--alpha", 1e-9, 1);
			run->alpha_set = 1;
			break;
		case O_LAMBDA:
			run->opts.lambda = cli_double(optarg, "--lambda", 0, 1);
			run->lambda_set = 1;
			break;
		case O_TC:
			run->opts.tc = run->tc_set = 1;
			break;
		case O_OPT:
			run->optimistic = cli_double(optarg, "--optimistic", 0,
			    1e7);
			break;
		case 's':
			run->seed = cli_u64(optarg, "--seed");
			run->have_seed = 1;
			break;
		case O_THREADS:
			run->threads = (int)cli_int(optarg, "--threads", 1, 64);
			break;
		case O_EVERY:
			run->every = (uint64_t)cli_int(optarg, "--every", 1,
			    LLONG_MAX / 2);
			break;
		case O_BLOCK:
			run->blocksize = (uint64_t)cli_int(optarg, "--block", 1,
			    LLONG_MAX / 2);
			break;
		case O_LOG:
			run->logname = optarg;
			break;
		case 'q':
			run->quiet = 1;
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
	if (run->save == NULL && run->export == NULL)
		cli_usage_error("no --save FILE: the trained net would be lost");
	if (run->save == NULL)
		run->save = run->export;
	if (run->load && (run->spec || run->stages))
		cli_usage_error("--load takes the net's structure from its file: "
		    "no --net or --stages with it");
}

/* The value of `key=` in a train line, if there. */
static int
train_value(const char *train, const char *key, double *v)
{
	const char *p = strstr(train, key);
	char *end;

	if (p == NULL || (p != train && p[-1] != ' '))
		return 0;
	*v = strtod(p + strlen(key), &end);
	return end != p + strlen(key);
}

/* Go on as the loaded net was trained, unless told otherwise. */
static void
resume_training(struct run *run, const char *train)
{
	double v;

	if (!run->tc_set && train_value(train, "tc=", &v))
		run->opts.tc = v != 0;
	if (!run->alpha_set && train_value(train, "alpha=", &v) && v > 0 &&
	    v <= 1)
		run->opts.alpha = v;
	if (!run->lambda_set && train_value(train, "lambda=", &v) && v >= 0 &&
	    v <= 1)
		run->opts.lambda = v;
	if (train_value(train, "optimistic=", &v) && v >= 0)
		run->optimistic = v;
}

/* The net to train: loaded or new, with what the options ask of it. */
static void
make_net(struct run *run)
{
	char err[512];

	if (run->load)
		run->net = g2048_net_load(run->load, err, sizeof err);
	else
		run->net = g2048_net_new(run->spec ? run->spec : "4x6",
		    run->stages, err, sizeof err);
	if (run->net == NULL)
		cli_die(2, "%s", err);
	if (run->load)
		resume_training(run, g2048_net_info_of(run->net)->train);
	if (run->opts.tc && !run->alpha_set && !run->load)
		run->opts.alpha = 1.0;
	if (run->opts.tc && g2048_net_enable_tc(run->net, err, sizeof err) < 0)
		cli_die(2, "%s", err);
	if (run->load) {
		const g2048_net_info *in = g2048_net_info_of(run->net);

		run->first = in->games;
		run->moves = in->moves;
		if (!run->have_seed)
			run->seed = in->seed;
	} else if (run->optimistic > 0) {
		g2048_net_fill(run->net, run->optimistic);
	}
	snprintf(run->train, sizeof run->train,
	    "td alpha=%g lambda=%g tc=%d optimistic=%g threads=%d",
	    run->opts.alpha, run->opts.lambda, run->opts.tc, run->optimistic,
	    run->threads);
}

int
main(int argc, char **argv)
{
	struct run run;
	struct sigaction sa;
	int status;

	argv[0] = cli_init(argv[0]);
	memset(&run, 0, sizeof run);
	g2048_learn_defaults(&run.opts);
	run.games = 10000;
	run.blocksize = 1000;
	run.threads = cli_cores();
	parse_options(argc, argv, &run);
	if (!run.have_seed)
		run.seed = cli_random_seed();
	make_net(&run);
	run.next = run.first;
	run.end = run.first + run.games;
	run.tty = isatty(STDERR_FILENO);
	if (run.logname && (run.log = fopen(run.logname, "w")) == NULL)
		cli_die(2, "%s: cannot write", run.logname);
	if (run.log)
		fprintf(run.log, "games\tmoves\tmoves_per_s\tmean\tmax\t"
		    "2048\t4096\t8192\t16384\t32768\tseconds\n");
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a file too large for its limit is a write error, not a kill */
	signal(SIGXFSZ, SIG_IGN);
	status = train(&run);
	if (run.log && fclose(run.log) != 0)
		cli_die(2, "%s: write error", run.logname);
	g2048_net_free(run.net);
	return cli_finish(status);
}
