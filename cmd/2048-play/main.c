/*
 * 2048-play - the game for a person, in the terminal: the options, the
 * set-up and the loop of keys and signals; what they do is actions.c's,
 * what the screen shows screen.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"

#define ESC_MS 40                /* the rest of an escape sequence */

struct opts {
	uint64_t seed;
	int have_seed, resume, anim, depth;
	int rows, cols;                  /* --size: a new game's */
	double four;                     /* --four: a new game's */
	char *load, *save;
};

static struct play_ui ui;                /* big buffers: not on the stack */

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-Ar] [-s SEED] [--size RxC] [-f P] [-l FILE] [-o FILE]\n"
	    "       [--colors MODE]\n"
	    "Play 2048 in the terminal.  Arrows, WASD or hjkl move, u undoes,\n"
	    "? or H shows the solver's move, v reviews the game, n starts a new\n"
	    "one, q saves it and quits.  A stream on stdin is resumed like -l.\n"
	    "\n"
	    "  -s, --seed SEED     the game of seed SEED, as 2048-new --seed SEED\n"
	    "      --size RxC      a new game of R rows and C columns (default 4x4)\n"
	    "  -f, --four P        a new game's probability of a 4 (default 0.1);\n"
	    "                      a resumed game keeps its own size and odds\n"
	    "  -l, --load FILE     resume the game saved in FILE (its last board)\n"
	    "  -r, --resume        resume the game in the save file, if any\n"
	    "  -o, --save FILE     where q saves the game (default:\n"
	    "                      $XDG_STATE_HOME/2048-tools/saved-game)\n"
	    "  -A, --no-anim       no sliding tiles\n"
	    "      --colors MODE   none, 8, 256 or truecolor (default: from TERM)\n"
	    "  -h, --help          show this help and exit\n"
	    "      --version       show the version and exit\n"
	    "\n"
	    "Exit status: 0 saved, 1 quit without saving (another game kept),\n"
	    "2 usage, input or terminal error, or not saved.  See 2048-play(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

/* ---- the loop --------------------------------------------------------- */

/* Keys from the terminal until q or a signal that ends the game. */
static void
run(struct play_ui *u)
{
	unsigned char in[64];
	size_t len = 0, used;
	enum play_key k;
	ssize_t n;
	int ready, sig;

	play_resize(u);
	play_show(u);
	while (!u->quit) {
		ready = play_wait_input(u, len ? ESC_MS : -1);
		while ((sig = play_term_next_signal()) != 0 && !u->quit)
			play_handle_signal(u, sig);
		if (u->quit)
			break;
		if (!ready && len) {
			memmove(in, in + 1, --len);   /* a lone ESC */
		} else if (ready & 1) {
			n = read(u->in_fd, in + len, sizeof in - len);
			if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
				/* the terminal is gone */
				play_handle_signal(u, SIGHUP);
				break;
			}
			len += n > 0 ? (size_t)n : 0;
		}
		while (len > 0 && !u->quit &&
		    (k = play_key_decode(in, len, &used)) != PLAY_K_MORE) {
			memmove(in, in + used, len -= used);
			play_handle_key(u, k);
		}
	}
}

/* ---- setting up -------------------------------------------------------- */

static int
resume_board(g2048_board *b, void *ctx)
{
	struct play_ui *u = ctx;

	if (play_game_resume(&u->game, b, u->next_seed) < 0)
		play_out_of_memory();
	return 0;
}

/* The game to play: resumed from a file or stdin, or a new one. */
/* whether a and b name one file */
static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return strcmp(a, "-") != 0 && b[0] && stat(a, &sa) == 0 &&
	    stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	    sa.st_ino == sb.st_ino;
}

static void
start_game(struct play_ui *u, const struct opts *o)
{
	char *path = o->load;

	u->seeded = o->have_seed;
	u->next_seed = o->have_seed ? o->seed : cli_random_seed();
	if (o->resume && !path && access(u->save_path, F_OK) == 0)
		path = u->save_path;
	if (!path && !isatty(0))
		path = "-";
	/* --save names where the game goes; the default file is this
	 * game's only when it is resumed from it */
	u->save_ours = o->save != NULL || (path && same_file(path,
	    u->save_path));
	if (!path) {
		play_new_game(u);
		u->message = NULL;
		return;
	}
	play_game_clear(&u->game);
	cli_boards(&path, 1, resume_board, u);
	if (u->game.n == 0)
		cli_die(2, "%s: no board to resume", strcmp(path, "-") ? path :
		    "<stdin>");
	if (o->have_seed) {
		/* --seed: the run's stream, as 2048-spawn --seed */
		u->game.hist[u->game.n - 1].seed = u->next_seed++;
		u->game.hist[u->game.n - 1].draws = 0;
	}
}

/* Keys come from stdin, or from the terminal when stdin holds a game. */
static int
key_fd(void)
{
	int fd;

	if (isatty(0))
		return 0;
	if ((fd = open("/dev/tty", O_RDWR | O_NOCTTY)) < 0 || !isatty(fd))
		cli_die(2, "no terminal to read keys from: for pipes, use "
		    "2048-new, 2048-move, 2048-spawn and 2048-solve");
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

static int
play(const struct opts *o)
{
	struct play_ui *u = &ui;
	const char *term = getenv("TERM");

	if (!isatty(1))
		cli_die(2, "standard output is not a terminal: 2048-play is the "
		    "game for a person; for pipes, use 2048-new, 2048-move, "
		    "2048-spawn and 2048-solve");
	if (!term || !*term || strcmp(term, "dumb") == 0)
		cli_die(2, "TERM=%s cannot draw the board", term ? term : "");
	play_game_init(&u->game, o->four);
	u->rows = o->rows;
	u->cols = o->cols;
	u->anim = o->anim;
	u->depth = o->depth >= 0 ? (enum play_depth)o->depth :
	    play_depth_detect(term, getenv("COLORTERM"), getenv("NO_COLOR"));
	if (o->save)
		snprintf(u->save_path, sizeof u->save_path, "%s", o->save);
	else if (play_state_path(u->save_path, sizeof u->save_path,
	    getenv("XDG_STATE_HOME"), getenv("HOME"), "saved-game") < 0)
		u->save_path[0] = '\0';
	if (play_state_path(u->best_path, sizeof u->best_path,
	    getenv("XDG_STATE_HOME"), getenv("HOME"), "best-score") < 0)
		u->best_path[0] = '\0';
	start_game(u, o);
	/* the best of the game's rules: its size and odds */
	u->best = u->best_path[0] ? play_best_read(u->best_path,
	    play_game_now(&u->game)->cells.rows,
	    play_game_now(&u->game)->cells.cols, u->game.four) : 0;
	u->in_fd = key_fd();
	if (play_term_start(u->in_fd, 1) < 0)
		cli_die(2, "cannot set up the terminal: %s", strerror(errno));
	run(u);
	play_term_restore();
	g2048_player_free(u->review_search);
	g2048_player_free(u->player);
	g2048_eval_free(u->eval);
	play_game_free(&u->game);
	if (u->kept_other)
		cli_warn("the game was not saved: %s holds another game, kept "
		    "(--save FILE saves elsewhere)", u->save_path);
	else if (u->save_error[0])
		cli_warn("the game was not saved: %s (the previous file is "
		    "kept)", u->save_error);
	else if (u->signal)
		cli_warn("%s: game saved in %s%s", strsignal(u->signal),
		    u->save_path, u->saved_aside ? " (beside another game "
		    "saved)" : "");
	else
		cli_warn("game saved in %s", u->save_path);
	if (u->best_error[0])
		cli_warn("the best score was not saved: %s (the previous file "
		    "is kept)", u->best_error);
	if (u->signal) {
		signal(u->signal, SIG_DFL);
		raise(u->signal);
	}
	if ((u->save_error[0] && !u->kept_other) || u->best_error[0])
		return 2;
	return u->kept_other ? 1 : 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "load", required_argument, NULL, 'l' },
		{ "resume", no_argument, NULL, 'r' },
		{ "save", required_argument, NULL, 'o' },
		{ "no-anim", no_argument, NULL, 'A' },
		{ "colors", required_argument, NULL, 'C' },
		{ "size", required_argument, NULL, 'z' },
		{ "four", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = { 0, 0, 0, 1, -1, 4, 4, G2048_FOUR_PROB, NULL, NULL };
	int c;

	argv[0] = cli_init(argv[0]);
	cli_catch_sigbus();      /* it maps table files */
	while ((c = cli_getopt(argc, argv, "Af:l:o:rs:", longopts)) != -1) {
		switch (c) {
		case 's':
			o.seed = cli_u64(optarg, "--seed");
			o.have_seed = 1;
			break;
		case 'l':
			o.load = optarg;
			break;
		case 'r':
			o.resume = 1;
			break;
		case 'o':
			o.save = optarg;
			break;
		case 'A':
			o.anim = 0;
			break;
		case 'z':
			cli_size(optarg, "--size", &o.rows, &o.cols);
			break;
		case 'f':
			o.four = cli_double(optarg, "--four", 0, 1);
			break;
		case 'C':
			if ((o.depth = play_depth_parse(optarg)) < 0)
				cli_usage_error("--colors: expected none, 8, 256 or "
				    "truecolor: '%s'", optarg);
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
	return cli_finish(play(&o));
}
