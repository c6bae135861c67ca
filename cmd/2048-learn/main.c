/* 2048-learn - train an n-tuple network by TD learning from self-play. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "learn.h"

volatile sig_atomic_t interrupted;

/* -h: the common options, a screen of them; --help all of them */
static void
usage_short(void)
{
	printf(
	    "usage: %s --save FILE [--net SPEC | --load FILE] [options]\n"
	    "Train an n-tuple network by afterstate TD learning from self-play,\n"
	    "and write it to FILE (see 2048-net(5)).\n"
	    "\n"
	    "      --net SPEC       4x6 (default), 5x6, 8x6, or tuples of hex cells\n"
	    "      --stages TILES   one set of weights per stage, e.g. 16384,32768\n"
	    "  -l, --load FILE      go on training the net in FILE\n"
	    "  -o, --save FILE      write the net to FILE (atomically)\n"
	    "  -g, --games N        games to play (default 10000)\n"
	    "      --tc             temporal coherence: a step size per weight\n"
	    "      --lambda L       TD(lambda) by the lambda-return (default 0)\n"
	    "  -s, --seed S         seed of the training games (default: random)\n"
	    "  -j, --threads N      threads (default: all cores; 1 is reproducible)\n"
	    "      --every N        also save every N games\n"
	    "  -q, --quiet          no progress on stderr\n"
	    "\n"
	    "SIGINT or SIGTERM saves the net and stops; --load FILE goes on.\n"
	    "%s --help: all the options (the step, restarts, the log);\n"
	    "2048-learn(1): each in full.\n",
	    progname, progname);
	exit(cli_finish(0));
}

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
	    "                       each tile, e.g. 16384,32768 (default: one);\n"
	    "                       with --load, each starts as the loaded net\n"
	    "  -l, --load FILE      go on training the net in FILE\n"
	    "  -o, --save FILE      write the net to FILE (atomically)\n"
	    "      --export FILE    at the end, also write it without what only\n"
	    "                       training needs (the TC sums), for play\n"
	    "  -g, --games N        games to play (default 10000)\n"
	    "      --alpha A        learning rate (default 0.1; 1.0 with --tc)\n"
	    "      --lambda L       TD(lambda) by the lambda-return (default 0)\n"
	    "      --tc             temporal coherence: a step size per weight\n"
	    "      --optimistic V   start every board's value at V\n"
	    "      --restart TILES  of every k+1 games, one new and one from a\n"
	    "                       board where an earlier game first made each\n"
	    "                       of the k TILES, e.g. 8192,16384\n"
	    "      --halves         after a game of more than 10 moves, the next\n"
	    "                       begins from its middle move's board\n"
	    "  -s, --seed S         seed of the training games (default: random)\n"
	    "  -j, --threads N      threads (default: all cores; 1 is\n"
	    "                       reproducible)\n"
	    "      --every N        also save every N games\n"
	    "      --block N        games a progress line (default 1000)\n"
	    "      --log FILE       the learning curve, a TSV line a block\n"
	    "  -q, --quiet          no progress on stderr\n"
	    "  -h, --help           show this help and exit\n"
	    "      --version        show the version and exit\n"
	    "\n"
	    "SIGINT or SIGTERM saves the net and stops; --load FILE goes on.\n"
	    "Exit status: 0 trained, 1 interrupted (saved), 2 usage or input\n"
	    "error.  See 2048-learn(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* ---- setting up ------------------------------------------------------- */

static void
restart_tiles(struct run *run)
{
	int n = g2048_tile_list(run->restart, run->opts.restart_rank,
	    G2048_LEARN_RESTARTS_MAX);

	if (n < 0)
		cli_usage_error("--restart '%s': expected at most %d increasing "
		    "tiles from 4 to 131072, such as 8192,16384", run->restart,
		    G2048_LEARN_RESTARTS_MAX);
	run->opts.nrestarts = n;
}

static void
parse_options(int argc, char **argv, struct run *run)
{
	enum { O_NET = CLI_HELP_FULL + 1, O_STAGES, O_ALPHA, O_LAMBDA, O_TC, O_OPT,
	    O_EVERY, O_BLOCK, O_LOG, O_EXPORT, O_RESTART, O_HALVES };
	static const struct option longopts[] = {
		{ "net", required_argument, NULL, O_NET },
		{ "stages", required_argument, NULL, O_STAGES },
		{ "load", required_argument, NULL, 'l' },
		{ "save", required_argument, NULL, 'o' },
		{ "export", required_argument, NULL, O_EXPORT },
		{ "games", required_argument, NULL, 'g' },
		{ "alpha", required_argument, NULL, O_ALPHA },
		{ "lambda", required_argument, NULL, O_LAMBDA },
		{ "tc", no_argument, NULL, O_TC },
		{ "optimistic", required_argument, NULL, O_OPT },
		{ "restart", required_argument, NULL, O_RESTART },
		{ "halves", no_argument, NULL, O_HALVES },
		{ "seed", required_argument, NULL, 's' },
		{ "threads", required_argument, NULL, 'j' },
		{ "every", required_argument, NULL, O_EVERY },
		{ "block", required_argument, NULL, O_BLOCK },
		{ "log", required_argument, NULL, O_LOG },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, CLI_HELP_FULL },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = cli_getopt(argc, argv, "g:j:l:o:qs:", longopts)) != -1) {
		switch (c) {
		case O_NET:
			run->spec = optarg;
			break;
		case O_STAGES:
			run->stages = optarg;
			break;
		case 'l':
			run->load = optarg;
			break;
		case 'o':
			run->save = optarg;
			break;
		case O_EXPORT:
			run->export = optarg;
			break;
		case 'g':
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
		case O_RESTART:
			run->restart = optarg;
			restart_tiles(run);
			break;
		case O_HALVES:
			run->opts.halves = run->halves_set = 1;
			break;
		case 's':
			run->seed = cli_u64(optarg, "--seed");
			run->have_seed = 1;
			break;
		case 'j':
			run->threads = (int)cli_int(optarg, "--threads", 1,
			    G2048_LEARN_THREADS_MAX);
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
	if (optind < argc)
		cli_usage_error("unexpected argument '%s'", argv[optind]);
	if (run->save == NULL && run->export == NULL)
		cli_usage_error("no --save FILE: the trained net would be lost");
	if (run->save == NULL)
		run->save = run->export;
	if (run->load && run->spec)
		cli_usage_error("--load takes the net's tuples from its file: "
		    "no --net with it");
}

/* The restart tiles, canonical: "8192,16384". */
static const char *
restart_text(const struct run *run)
{
	static char buf[96];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < run->opts.nrestarts && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lu",
		    i ? "," : "", (unsigned long)g2048_tile(run->opts.restart_rank[i]));
	return buf;
}

/* Go on as the loaded net was trained, unless told otherwise. */
static void
resume_training(struct run *run, const char *train)
{
	const g2048_net *n = run->net;
	double v;

	if (!run->tc_set && g2048_net_train_value(n, "tc=", &v))
		run->opts.tc = v != 0;
	if (!run->alpha_set && g2048_net_train_value(n, "alpha=", &v) &&
	    v > 0 && v <= 1)
		run->opts.alpha = v;
	if (!run->lambda_set && g2048_net_train_value(n, "lambda=", &v) &&
	    v >= 0 && v <= 1)
		run->opts.lambda = v;
	if (g2048_net_train_value(n, "optimistic=", &v) && v >= 0)
		run->optimistic = v;
	if (!run->halves_set && g2048_net_train_value(n, "halves=", &v))
		run->opts.halves = v != 0;
	if (run->restart == NULL && (run->restart = strstr(train,
	    "restart=")) != NULL) {
		static char tiles[64];

		snprintf(tiles, sizeof tiles, "%.*s", (int)strcspn(run->restart +
		    8, " "), run->restart + 8);
		run->restart = tiles;
		restart_tiles(run);
	}
}

/* --load with --stages: each new stage starts from the loaded weights. */
static void
promote(struct run *run)
{
	char err[512];
	g2048_net *p = g2048_net_promote(run->net, run->stages,
	    run->opts.tc ? G2048_NET_TC : 0, err, sizeof err);

	if (p == NULL)
		cli_die(2, "%s: %s", run->load, err);
	g2048_net_free(run->net);
	run->net = p;
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
		    run->stages, run->opts.tc ? G2048_NET_TC : 0, err,
		    sizeof err);
	if (run->net == NULL)
		cli_die(2, "%s", err);
	if (run->load && run->stages)
		promote(run);
	if (run->load)
		resume_training(run, g2048_net_info_of(run->net)->train);
	if (run->opts.tc && !run->alpha_set && !run->load)
		run->opts.alpha = 1.0;
	/* TC before unmap: a net leaves its file once, sums and all */
	if (run->opts.tc && g2048_net_enable_tc(run->net, err, sizeof err) < 0)
		cli_die(2, "%s", err);
	if (g2048_net_unmap(run->net, err, sizeof err) < 0)
		cli_die(2, "%s", err);
	if (run->load) {
		const g2048_net_info *in = g2048_net_info_of(run->net);

		/* a game makes at most 2^20 moves: each adds 2 or more to
		 * the sum of the tiles, which is at most 16 * 131072 */
		if (run->games > UINT64_MAX - in->games ||
		    run->games > (UINT64_MAX - in->moves) >> 20)
			cli_die(2, "%s: games %llu and moves %llu would pass "
			    "%llu with --games %llu", run->load,
			    (unsigned long long)in->games,
			    (unsigned long long)in->moves,
			    (unsigned long long)UINT64_MAX,
			    (unsigned long long)run->games);
		run->first = in->games;
		run->moves = in->moves;
		if (!run->have_seed)
			run->seed = in->seed;
	} else if (run->optimistic > 0) {
		g2048_net_fill(run->net, run->optimistic);
	}
	snprintf(run->train, sizeof run->train,
	    "td alpha=%g lambda=%g tc=%d optimistic=%g threads=%d%s%s%s",
	    run->opts.alpha, run->opts.lambda, run->opts.tc, run->optimistic,
	    run->threads, run->opts.nrestarts > 0 ? " restart=" : "",
	    run->opts.nrestarts > 0 ? restart_text(run) : "",
	    run->opts.halves ? " halves=1" : "");
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
	run.threads = cli_cores(G2048_LEARN_THREADS_MAX);
	parse_options(argc, argv, &run);
	if (!run.have_seed)
		run.seed = cli_random_seed();
	cli_check_writable(run.save, "--save");
	if (run.export && run.export != run.save)
		cli_check_writable(run.export, "--export");
	make_net(&run);
	run.next = run.first;
	run.end = run.first + run.games;
	if (run.logname && (run.log = fopen(run.logname, "w")) == NULL)
		cli_die(2, "--log %s: cannot write: %s", run.logname,
		    strerror(errno));
	if (run.log)
		fprintf(run.log, "games\tmoves\tmoves_per_s\tmean\tmax\t"
		    "2048\t4096\t8192\t16384\t32768\tseconds\tnew\n");
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a file too large for its limit is a write error, not a kill */
	signal(SIGXFSZ, SIG_IGN);
	/* a reader of the progress that went away (2>&1 | head -1) costs
	 * its lines, not the training: the net is still saved */
	signal(SIGPIPE, SIG_IGN);
	status = train(&run);
	if (run.log_errno)
		cli_die(2, "%s: write error: %s", run.logname,
		    strerror(run.log_errno));
	if (run.log)
		cli_close_or_die(run.log, run.logname);
	g2048_net_free(run.net);
	return cli_finish(status);
}
