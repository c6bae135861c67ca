/*
 * 2048-play - the game for a person, in the terminal: the options, the
 * event loop and the game's actions over the parts of play.h.  One file
 * of over 500 lines: every function here works on the one struct ui, the
 * screen and the game in play.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"

#define WIN_RANK 11              /* 2048 */
#define SLIDE_STEPS 6            /* 6 frames 13 ms apart, a 26 ms pop */
#define SLIDE_MS 13
#define POP_MS 26
#define ESC_MS 40                /* the rest of an escape sequence */

struct opts {
	uint64_t seed;
	int have_seed, resume, anim, depth;
	char *load, *save;
};

struct ui {
	struct play_game game;
	struct play_layout layout;
	struct play_canvas screen[2];    /* screen[shown] is what is shown */
	int shown, fresh;                /* fresh: the screen is unknown */
	char *out;
	size_t outsize;
	enum play_depth depth;
	int anim, in_fd, quit, signal;
	enum play_key asked;             /* a question pending: NEW or QUIT */
	uint64_t best, next_seed;
	int seeded;
	g2048_tables *tables;            /* the hint's, opened at the first */
	int tables_tried;
	const char *message;
	char text[256];                  /* a message made up on the spot */
	char save_error[4200];           /* why the game was not saved */
	char best_error[4200];           /* why the best score was not */
	char best_path[4096], save_path[4096];
};

static struct ui ui;                     /* big buffers: not on the stack */

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-Ar] [-s SEED] [-l FILE] [-o FILE] [--colors MODE]\n"
	    "Play 2048 in the terminal.  Arrows, WASD or hjkl move, u undoes,\n"
	    "? or H shows the solver's move, n starts a new game, q saves the\n"
	    "game and quits.  A board stream on stdin is resumed like --load.\n"
	    "\n"
	    "  -s, --seed SEED     the game of seed SEED, as 2048-new --seed SEED\n"
	    "                      (n then plays SEED+1, SEED+2, ...)\n"
	    "  -l, --load FILE     resume the game saved in FILE (its last board)\n"
	    "  -r, --resume        resume the game in the save file (--save's, else\n"
	    "                      the default), if there is one\n"
	    "  -o, --save FILE     where q saves the game (default:\n"
	    "                      $XDG_STATE_HOME/2048-tools/saved-game)\n"
	    "  -A, --no-anim       no sliding tiles\n"
	    "      --colors MODE   none, 8, 256 or truecolor (default: from\n"
	    "                      TERM, COLORTERM and NO_COLOR)\n"
	    "  -h, --help          show this help and exit\n"
	    "      --version       show the version and exit\n"
	    "\n"
	    "Exit status: 0 the game was saved, 2 usage, input or terminal error\n"
	    "or the game could not be saved.  See 2048-play(1).\n",
	    progname);
	exit(status ? 2 : cli_finish(0));
}

/* ---- the screen -------------------------------------------------------- */

/* the message goes to the normal screen, not the game's */
static void
out_of_memory(void)
{
	play_term_restore();
	cli_die(2, "out of memory");
}

static void
resize(struct ui *u)
{
	int cols, rows, i;
	size_t n;

	play_term_size(&cols, &rows);
	play_layout(&u->layout, cols, rows);
	n = (size_t)cols * (size_t)rows;
	for (i = 0; i < 2; i++) {
		free(u->screen[i].cells);
		u->screen[i].w = cols;
		u->screen[i].h = rows;
		u->screen[i].cells = calloc(n, sizeof *u->screen[i].cells);
	}
	free(u->out);
	u->outsize = PLAY_OUT_MAX(cols, rows);
	u->out = malloc(u->outsize);
	if (!u->screen[0].cells || !u->screen[1].cells || !u->out)
		out_of_memory();
	u->fresh = 1;
}

static void
present(struct ui *u, const struct play_scene *s)
{
	struct play_canvas *next = &u->screen[!u->shown];
	size_t n;

	play_draw(next, &u->layout, s);
	n = play_canvas_diff(next, u->fresh ? NULL : &u->screen[u->shown],
	    u->depth, u->out, u->outsize);
	play_term_write(u->out, n);
	u->shown = !u->shown;
	u->fresh = 0;
}

static int
game_over(const struct ui *u)
{
	return g2048_over(play_game_now(&u->game)->grid);
}

static void
scene_now(const struct ui *u, struct play_scene *s)
{
	const struct play_state *now = play_game_now(&u->game);

	memset(s, 0, sizeof *s);
	s->grid = now->grid;
	s->score = now->score;
	s->best = u->best > now->score ? u->best : now->score;
	s->moves = now->moves;
	s->phase = PLAY_REST;
	s->spawned = -1;
	s->message = u->message;
	if (!s->message && game_over(u))
		s->message = "Game over!  u undo   n new game   q save+quit";
}

static void
show(struct ui *u)
{
	struct play_scene s;

	scene_now(u, &s);
	present(u, &s);
}

/* Wait up to ms (-1: for ever) for a key or a signal: bit 1 a key, bit 2
 * a signal, 0 the time is up. */
static int
wait_input(const struct ui *u, int ms)
{
	struct pollfd p[2] = {
		{ u->in_fd, POLLIN, 0 }, { play_term_signal_fd(), POLLIN, 0 }
	};

	while (poll(p, 2, ms) < 0)
		if (errno != EINTR)
			return 2;
	return (p[0].revents ? 1 : 0) | (p[1].revents ? 2 : 0);
}

/* The tiles slide, merged ones pop, the new one grows in; a key or a
 * signal cuts it short. */
static void
animate(struct ui *u, g2048_grid before, enum g2048_dir d, int spawned)
{
	struct play_motion m[G2048_CELLS];
	struct play_scene s;
	int i;

	scene_now(u, &s);
	s.message = NULL;
	s.phase = PLAY_SLIDE;
	s.motion = m;
	s.nmotion = play_motions(before, d, m);
	s.steps = SLIDE_STEPS;
	for (s.step = 1; s.step <= SLIDE_STEPS; s.step++) {
		present(u, &s);
		if (wait_input(u, SLIDE_MS))
			return;
	}
	s.phase = PLAY_POP;
	s.spawned = spawned;
	for (i = 0; i < s.nmotion; i++)
		if (m[i].merge)
			s.merged |= (uint16_t)(1u << m[i].to);
	present(u, &s);
	wait_input(u, POP_MS);
}

/* ---- the game's actions ----------------------------------------------- */

/* "path: why" into buf, from errno */
static void
note_error(char *buf, size_t size, const char *path)
{
	snprintf(buf, size, "%s: %s", path, strerror(errno));
}

/* Save the best score if the game beat it; a failure is shown, and said
 * again at exit (the old file stays as it was). */
static void
keep_best(struct ui *u)
{
	uint64_t score = play_game_now(&u->game)->score;

	if (score > u->best)
		u->best = score;
	if (!u->best_path[0])
		return;
	if (play_mkdirs(u->best_path) < 0 ||
	    play_best_write(u->best_path, u->best) < 0) {
		note_error(u->best_error, sizeof u->best_error, u->best_path);
		snprintf(u->text, sizeof u->text, "Cannot save the best score: "
		    "%s.", strerror(errno));
		u->message = u->text;
		return;
	}
	u->best_error[0] = '\0';
}

/* The game into its save file; 0, or -1 with u->save_error saying why. */
static int
save_game(struct ui *u)
{
	errno = ENOENT;                  /* no path: neither $HOME nor --save */
	if (u->save_path[0] && play_mkdirs(u->save_path) == 0 &&
	    play_game_save(&u->game, u->save_path) == 0) {
		u->save_error[0] = '\0';
		return 0;
	}
	note_error(u->save_error, sizeof u->save_error, u->save_path[0] ?
	    u->save_path : "no place to save it (use --save)");
	return -1;
}

static void
do_move(struct ui *u, enum g2048_dir d)
{
	g2048_grid before = play_game_now(&u->game)->grid;
	int spawned, had_won = g2048_max_rank(before) >= WIN_RANK;
	long gained = play_game_move(&u->game, d, &spawned);

	if (gained == -2)
		u->message = "Out of memory: the move was not made.";
	if (gained == -3)
		u->message = "Score, moves or draws would wrap: no move made.";
	if (gained < 0)
		return;
	/* the best is the best reached: an undo does not lower it */
	if (play_game_now(&u->game)->score > u->best)
		u->best = play_game_now(&u->game)->score;
	if (u->anim && u->layout.ok)
		animate(u, before, d, spawned);
	if (!had_won && g2048_max_rank(play_game_now(&u->game)->grid) >=
	    WIN_RANK)
		u->message = "You win: 2048!  Keep going, or n for a new game.";
	if (game_over(u))
		keep_best(u);
}

/* The default search's move, as 2048-solve would play it (up to a second
 * on a crowded board: "Thinking..." shows meanwhile).  With the heuristic,
 * as 2048-solve's default: at this budget it is stronger than a net
 * (README), so no net is loaded. */
/* The exact tables' move where one covers the board, as 2048-solve's:
 * 1 with the hint made, else 0 (the search hints). */
static int
hint_by_table(struct ui *u)
{
	g2048_grid g = play_game_now(&u->game)->grid;
	g2048_table_result r;
	const char *dir;
	char err[512];
	int i;

	if (!u->tables_tried) {
		u->tables_tried = 1;
		if ((dir = cli_default_tables()) != NULL &&
		    (u->tables = g2048_tables_open_dir(dir, err,
		    sizeof err)) == NULL) {
			snprintf(u->text, sizeof u->text, "No tables: %.60s",
			    err);
			u->message = u->text;
			show(u);
		}
	}
	i = g2048_tables_query(u->tables, g, &r);
	if (i < 0 || r.dir < 0 || r.board <= 0) {
		if (g2048_tables_error(u->tables, err, sizeof err)) {
			/* a broken table hints no more */
			g2048_tables_close(u->tables);
			u->tables = NULL;
		}
		return 0;
	}
	snprintf(u->text, sizeof u->text, "Hint: %s (table %.40s: %.1f%%)",
	    g2048_dir_name((enum g2048_dir)r.dir),
	    g2048_tables_name(u->tables, i), 100 * r.board);
	u->message = u->text;
	return 1;
}

static void
do_hint(struct ui *u)
{
	int d;

	if (game_over(u)) {
		u->message = "No move left.";
		return;
	}
	u->message = "Thinking...";
	show(u);
	if (hint_by_table(u))
		return;
	if ((d = g2048_hint(play_game_now(&u->game)->grid)) < 0) {
		u->message = "Hint unavailable: out of memory.";
		return;
	}
	snprintf(u->text, sizeof u->text, "Hint: %s",
	    g2048_dir_name((enum g2048_dir)d));
	u->message = u->text;
}

static void
new_game(struct ui *u)
{
	g2048_board b;

	if (u->game.n > 0)
		keep_best(u);
	g2048_new_game_size(&b, G2048_SIDE, G2048_SIDE, u->game.four,
	    u->seeded ? u->next_seed++ : cli_random_seed());
	if (play_game_start(&u->game, &b) < 0)
		out_of_memory();
	u->message = "New game.";
}

/* q: save and quit; when saving failed, a second q quits all the same */
static void
do_quit(struct ui *u, int again)
{
	keep_best(u);
	if (again) {
		u->quit = 2;
		return;
	}
	if (save_game(u) == 0) {
		u->quit = 1;
		return;
	}
	snprintf(u->text, sizeof u->text, "Cannot save: %s.  q again quits "
	    "without saving.", strerror(errno));
	u->message = u->text;
	u->asked = PLAY_K_QUIT;
}

static void
do_new(struct ui *u)
{
	if (play_game_now(&u->game)->moves == 0 || game_over(u)) {
		new_game(u);
	} else {
		u->message = "Start a new game?  y: yes, any other key: no";
		u->asked = PLAY_K_NEW;
	}
}

static void
handle_key(struct ui *u, enum play_key k)
{
	enum play_key asked = u->asked;

	if (k == PLAY_K_NONE && asked == PLAY_K_NONE)
		return;
	u->message = NULL;
	u->asked = PLAY_K_NONE;
	if (k == PLAY_K_QUIT)
		do_quit(u, asked == PLAY_K_QUIT);
	else if (k == PLAY_K_REDRAW)
		u->fresh = 1;
	else if (!u->layout.ok)
		;                       /* only q works in a window too small */
	else if (asked == PLAY_K_NEW && k == PLAY_K_YES)
		new_game(u);
	else if (asked == PLAY_K_NEW)
		;                       /* no new game after all */
	else if (k >= PLAY_K_UP && k <= PLAY_K_RIGHT)
		do_move(u, (enum g2048_dir)(k - PLAY_K_UP));
	else if (k == PLAY_K_UNDO && play_game_undo(&u->game) < 0)
		u->message = "Nothing to undo.";
	else if (k == PLAY_K_HINT)
		do_hint(u);
	else if (k == PLAY_K_NEW)
		do_new(u);
	if (!u->quit)
		show(u);
}

static void
handle_signal(struct ui *u, int sig)
{
	if (sig == SIGWINCH || sig == SIGCONT) {
		resize(u);
		show(u);
	} else if (sig == SIGTSTP) {
		play_term_suspend();
		resize(u);
		show(u);
	} else {
		/* killed or hung up: save what can be saved, then die of it
		 * (a failure is said once the terminal is restored) */
		keep_best(u);
		save_game(u);
		u->signal = sig;
		u->quit = 1;
	}
}

/* Keys from the terminal until q or a signal that ends the game. */
static void
run(struct ui *u)
{
	unsigned char in[64];
	size_t len = 0, used;
	enum play_key k;
	ssize_t n;
	int ready, sig;

	resize(u);
	show(u);
	while (!u->quit) {
		ready = wait_input(u, len ? ESC_MS : -1);
		while ((sig = play_term_next_signal()) != 0 && !u->quit)
			handle_signal(u, sig);
		if (u->quit)
			break;
		if (!ready && len) {
			memmove(in, in + 1, --len);   /* a lone ESC */
		} else if (ready & 1) {
			n = read(u->in_fd, in + len, sizeof in - len);
			if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
				handle_signal(u, SIGHUP);   /* the terminal is gone */
				break;
			}
			len += n > 0 ? (size_t)n : 0;
		}
		while (len > 0 && !u->quit &&
		    (k = play_key_decode(in, len, &used)) != PLAY_K_MORE) {
			memmove(in, in + used, len -= used);
			handle_key(u, k);
		}
	}
}

/* ---- setting up -------------------------------------------------------- */

static int
resume_board(g2048_board *b, void *ctx)
{
	struct ui *u = ctx;

	if (play_game_resume(&u->game, b, u->next_seed) < 0)
		out_of_memory();
	return 0;
}

/* The game to play: resumed from a file or stdin, or a new one. */
static void
start_game(struct ui *u, const struct opts *o)
{
	char *path = o->load;

	u->seeded = o->have_seed;
	u->next_seed = o->have_seed ? o->seed : cli_random_seed();
	if (o->resume && !path && access(u->save_path, F_OK) == 0)
		path = u->save_path;
	if (!path && !isatty(0))
		path = "-";
	if (!path) {
		new_game(u);
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
	struct ui *u = &ui;
	const char *term = getenv("TERM");

	if (!isatty(1))
		cli_die(2, "standard output is not a terminal: 2048-play is the "
		    "game for a person; for pipes, use 2048-new, 2048-move, "
		    "2048-spawn and 2048-solve");
	if (!term || !*term || strcmp(term, "dumb") == 0)
		cli_die(2, "TERM=%s cannot draw the board", term ? term : "");
	play_game_init(&u->game, G2048_FOUR_PROB);
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
	u->best = u->best_path[0] ? play_best_read(u->best_path) : 0;
	start_game(u, o);
	u->in_fd = key_fd();
	if (play_term_start(u->in_fd, 1) < 0)
		cli_die(2, "cannot set up the terminal: %s", strerror(errno));
	run(u);
	play_term_restore();
	if (u->save_error[0])
		cli_warn("the game was not saved: %s (the previous file is "
		    "kept)", u->save_error);
	else if (u->signal)
		cli_warn("%s: game saved in %s", strsignal(u->signal),
		    u->save_path);
	else
		cli_warn("game saved in %s", u->save_path);
	if (u->best_error[0])
		cli_warn("the best score was not saved: %s (the previous file "
		    "is kept)", u->best_error);
	if (u->signal) {
		signal(u->signal, SIG_DFL);
		raise(u->signal);
	}
	return u->save_error[0] || u->best_error[0] ? 2 : 0;
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
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = { 0, 0, 0, 1, -1, NULL, NULL };
	int c;

	argv[0] = cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "Al:o:rs:", longopts)) != -1) {
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
