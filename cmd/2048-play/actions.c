/*
 * actions.c - 2048-play's actions: what a key does to the game in play
 * (a move, an undo, a hint, a new game, save and quit, the questions
 * before the last two), what a signal does, and the files they keep: the
 * saved game and the best score.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"

#define WIN_RANK 11              /* 2048 */

/* "path: why" into buf, from errno */
static void
note_error(char *buf, size_t size, const char *path)
{
	snprintf(buf, size, "%s: %s", path, strerror(errno));
}

/* Save the best score if the game beat it; a failure is shown, and said
 * again at exit (the old file stays as it was). */
static void
keep_best(struct play_ui *u)
{
	uint64_t score = play_game_now(&u->game)->score;

	if (score > u->best)
		u->best = score;
	if (!u->best_path[0])
		return;
	if (play_mkdirs(u->best_path) < 0 ||
	    play_best_write(u->best_path, play_game_now(&u->game)->cells.rows,
	    play_game_now(&u->game)->cells.cols, u->game.four, u->best) < 0) {
		note_error(u->best_error, sizeof u->best_error, u->best_path);
		snprintf(u->text, sizeof u->text, "Cannot save the best score: "
		    "%s.", strerror(errno));
		u->message = u->text;
		return;
	}
	u->best_error[0] = '\0';
}

/* Whether the save file holds a game that is not this one's. */
static int
other_game_saved(const struct play_ui *u)
{
	return !u->save_ours && u->save_path[0] &&
	    access(u->save_path, F_OK) == 0;
}

/* The game into its save file; 0, or -1 with u->save_error saying why. */
static int
save_game(struct play_ui *u)
{
	errno = ENOENT;                  /* no path: neither $HOME nor --save */
	if (u->save_path[0] && play_mkdirs(u->save_path) == 0 &&
	    play_game_save(&u->game, u->save_path) == 0) {
		u->save_error[0] = '\0';
		u->save_ours = 1;
		return 0;
	}
	note_error(u->save_error, sizeof u->save_error, u->save_path[0] ?
	    u->save_path : "no place to save it (use --save)");
	return -1;
}

static void
do_move(struct play_ui *u, enum g2048_dir d)
{
	g2048_cells before = play_game_now(&u->game)->cells;
	int spawned, had_won = g2048_cells_max_rank(&before) >= WIN_RANK;
	long gained = play_game_move(&u->game, d, &spawned);

	if (gained == -1) {
		/* a key that moves nothing says so, as 2048-move does */
		snprintf(u->text, sizeof u->text, "No tile moves %s.",
		    g2048_dir_name(d));
		u->message = u->text;
	}
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
		play_animate(u, &before, d, spawned);
	if (!had_won && g2048_cells_max_rank(&play_game_now(&u->game)->cells) >=
	    WIN_RANK)
		u->message = "You win: 2048!  Keep going, or n for a new game.";
	if (play_game_over(&u->game))
		keep_best(u);
}

/* The chain cache's folder, if it is there (2048-solve makes it). */
static const char *
existing_cache(void)
{
	const char *dir = cli_default_cache();
	struct stat st;

	return dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? dir : NULL;
}

/*
 * The hint's player, made at the first hint: 2048-solve's with no option
 * given (libcli's player options of no switch), its default folder's
 * tables (G2048_TABLES, else the tables of make tables and make
 * pattern-tables), the chain tables' files, else the chain cache and the
 * digest, computing nothing, and the heuristic, which at this budget is
 * stronger than a net (README), so no net is loaded.  Tables that cannot
 * be opened are shown, and the hint searches; a table that breaks is
 * dropped by the player.  0, or -1 (out of memory).
 */
static int
hint_player(struct play_ui *u)
{
	struct cli_player pl;
	g2048_player_opts o;
	char err[512];

	if (u->player)
		return 0;
	memset(&pl, 0, sizeof pl);
	cli_player_options_done(&pl, 1);
	if ((u->eval = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL)
		return -1;
	pl.eval = u->eval;
	cli_player_opts(&pl, 0, &o);
	o.drop_broken = 1;
	/* the chain cache 2048-solve keeps, read only: a hint never waits
	 * for states to be computed */
	o.chain_cache = existing_cache();
	o.chain_lookup_only = 1;
	if (o.tables && (u->player = g2048_player_new(&o, err,
	    sizeof err)) == NULL) {
		const char *file = strrchr(err, '/');

		/* kept for every hint: the file's name and why, short */
		snprintf(u->tables_error, sizeof u->tables_error, "%.63s",
		    file ? file + 1 : err);
		snprintf(u->text, sizeof u->text, "No tables: %.60s", err);
		u->message = u->text;
		play_show(u);
	}
	o.tables = NULL;
	if (u->player == NULL && (u->player = g2048_player_new(&o, err,
	    sizeof err)) == NULL)
		return -1;
	u->player_opts = o;
	return 0;
}

/* "(search, depth 7: 0.12% ahead of up)": what the search saw, and how
 * sure, as the share of the best move's value by which it leads the next
 * best legal move. */
static void
hint_search_reason(char *buf, size_t size, const g2048_decision *r)
{
	int next = cli_next_best(r);

	if (next < 0)
		snprintf(buf, size, "search: the only move");
	else if (r->value[r->dir] > 0)
		snprintf(buf, size, "search, depth %d: %.2f%% ahead of %s",
		    r->depth, 100 * (r->value[r->dir] - r->value[next]) /
		    r->value[r->dir], g2048_dir_name((enum g2048_dir)next));
	else
		snprintf(buf, size, "search, depth %d: every move loses",
		    r->depth);
}

/* "Hint: left" and what decided it: the search, how sure, or a table,
 * named as the player names it, and what it promises. */
static void
hint_text(struct play_ui *u, const g2048_board *b, const g2048_decision *r)
{
	const char *dir = g2048_dir_name((enum g2048_dir)r->dir);
	const char *by = g2048_source_name(r->source);
	char why[96];

	if (r->values == G2048_VALUES_CHAIN)
		snprintf(u->text, sizeof u->text, "Hint: %s (%s of %d: "
		    "%.1f%%)", dir, by, r->chain, 100 * r->value[r->dir]);
	else if (u->tables_error[0] != '\0')
		snprintf(u->text, sizeof u->text, "Hint: %s (no tables: %s)",
		    dir, u->tables_error);
	else if (r->values == G2048_VALUES_SEARCH) {
		hint_search_reason(why, sizeof why, r);
		snprintf(u->text, sizeof u->text, "Hint: %s (%s%s)", dir, why,
		    r->chain_missing ? "; chain tables not computed yet" :
		    "");
	} else if (r->values == G2048_VALUES_SCORE)
		snprintf(u->text, sizeof u->text, "Hint: %s (%s %.40s: final "
		    "score %.0f expected)", dir, by, r->table,
		    (double)b->score + r->value[r->dir]);
	else
		snprintf(u->text, sizeof u->text, "Hint: %s (%s %.40s: "
		    "%.1f%%)", dir, by, r->table, 100 * r->value[r->dir]);
	u->message = u->text;
}

static void
do_hint(struct play_ui *u)
{
	g2048_decision r;
	g2048_board b;

	if (play_game_over(&u->game)) {
		u->message = "No move left.";
		return;
	}
	u->message = "Thinking...";
	play_show(u);
	if (hint_player(u) < 0) {
		u->message = "Hint unavailable: out of memory.";
		return;
	}
	play_game_board(&u->game, u->game.n - 1, &b);
	if (g2048_best_move(u->player, &b, &r) < 0) {
		u->message = "Hint unavailable: out of memory.";
		return;
	}
	hint_text(u, &b, &r);
}

/*
 * v, and the end of a game: the review of the game so far (the kept
 * positions), each move against the hint's player (libcli's review, as
 * 2048-review's with its default options: so the hint and the review
 * agree), in the message line; a key stops it at the moves reviewed.
 */
static void
do_review(struct play_ui *u)
{
	struct cli_judge j;
	struct cli_reviewed m;
	struct play_review_tally t = { { 0 }, 0, 0, 0, -1, -1 };
	double last = cli_now();
	enum cli_judgement judged;
	char of[40];
	size_t i;
	g2048_board b;

	if (u->game.n < 2) {
		u->message = "No move to review.";
		return;
	}
	u->message = "Reviewing...";
	play_show(u);
	if (hint_player(u) < 0) {
		u->message = "Review unavailable: out of memory.";
		return;
	}
	cli_judge_defaults(&j);
	for (i = 0; i + 1 < u->game.n; i++) {
		if (play_wait_input(u, 0))
			break;
		play_game_board(&u->game, i, &b);
		if (u->game.hist[i + 1].last_move < 0)
			continue;
		cli_review_move(u->player, &u->review_search, &u->player_opts,
		    &b, u->game.hist[i + 1].last_move, &m);
		t.count[judged = cli_judge(&j, &m)]++;
		t.done++;
		if (judged != CLI_BEST && m.share > t.worst) {
			t.worst = m.share;
			t.worst_move = b.moves + 1;
			t.worst_played = m.played;
			t.worst_best = m.best;
		}
		if (cli_now() - last >= 0.25) {
			last = cli_now();
			snprintf(u->text, sizeof u->text, "Reviewing: %zu of %s "
			    "(a key stops)", i + 1, cli_count(of, sizeof of,
			    u->game.n - 1, "move", "moves"));
			u->message = u->text;
			play_show(u);
		}
	}
	play_review_text(u->text, sizeof u->text, &t,
	    play_game_over(&u->game));
	u->message = u->text;
}

void
play_new_game(struct play_ui *u)
{
	g2048_board b;

	int rows = u->rows, cols = u->cols;

	if (u->game.n > 0) {
		keep_best(u);
		/* the size and odds of the game in play */
		rows = play_game_now(&u->game)->cells.rows;
		cols = play_game_now(&u->game)->cells.cols;
	}
	g2048_new_game_size(&b, rows, cols, u->game.four,
	    u->seeded ? u->next_seed++ : cli_random_seed());
	if (play_game_start(&u->game, &b) < 0)
		play_out_of_memory();
	u->message = "New game.";
}

/* Ask whether to replace the other game in the save file, naming it: in
 * forms for the window, the file's whole path first, then its name. */
static void
ask_replace(struct play_ui *u)
{
	const char *path = u->save_path, *slash = strrchr(path, '/');
	const char *name = slash && slash[1] ? slash + 1 : path;

	snprintf(u->text, sizeof u->text, "Another game is saved in %.200s: "
	    "y replaces it, q quits keeping it, any other key plays on.\n"
	    "Another game is saved in %.200s: y replaces it, q quits keeping "
	    "it\n"
	    "Another game is in %.200s: y replaces it, q keeps it\n"
	    "Another game is in %.100s: y replaces it, q keeps it\n"
	    "%.100s holds a game: y replace, q keep", path, path, path, name,
	    name);
	u->message = u->text;
	u->replace_asked = 1;
}

/* q: save and quit; when saving failed, a second q quits all the same;
 * another game in the save file is replaced only after a yes */
static void
do_quit(struct play_ui *u, int again)
{
	keep_best(u);
	if (again) {
		u->quit = 2;
		return;
	}
	if (other_game_saved(u)) {
		ask_replace(u);
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

/* A signal cannot ask: the game goes beside another one saved, to the
 * save file's name with the first free .1 ... .99 after it. */
static void
save_aside(struct play_ui *u)
{
	char path[sizeof u->save_path];
	int i, n;

	for (i = 1; i < 100; i++) {
		n = snprintf(path, sizeof path, "%s.%d", u->save_path, i);
		if (n < 0 || (size_t)n >= sizeof path)
			return;
		if (access(path, F_OK) != 0) {
			memcpy(u->save_path, path, (size_t)n + 1);
			u->save_ours = u->saved_aside = 1;
			return;
		}
	}
}

static void
do_new(struct play_ui *u)
{
	if (play_game_now(&u->game)->moves == 0 || play_game_over(&u->game)) {
		play_new_game(u);
	} else {
		u->message = "Start a new game?  y: yes, any other key: no";
		u->asked = PLAY_K_NEW;
	}
}

void
play_handle_key(struct play_ui *u, enum play_key k)
{
	enum play_key asked = u->asked;

	if (k == PLAY_K_NONE && asked == PLAY_K_NONE && !u->replace_asked)
		return;
	u->message = NULL;
	u->asked = PLAY_K_NONE;
	if (u->replace_asked) {
		u->replace_asked = 0;
		if (k == PLAY_K_YES) {
			u->save_ours = 1;
			do_quit(u, 0);
		} else if (k == PLAY_K_QUIT) {
			u->kept_other = 1;
			u->quit = 2;
		}
	} else if (k == PLAY_K_QUIT)
		do_quit(u, asked == PLAY_K_QUIT);
	else if (k == PLAY_K_REDRAW)
		u->fresh = 1;
	else if (!u->layout.ok)
		;                       /* only q works in a window too small */
	else if (asked == PLAY_K_NEW && k == PLAY_K_YES)
		play_new_game(u);
	else if (asked == PLAY_K_NEW)
		;                       /* no new game after all */
	else if (k >= PLAY_K_UP && k <= PLAY_K_RIGHT) {
		do_move(u, (enum g2048_dir)(k - PLAY_K_UP));
		/* the game ended: its review */
		if (u->message == NULL && play_game_over(&u->game))
			do_review(u);
	}
	else if (k == PLAY_K_UNDO && play_game_undo(&u->game) < 0)
		u->message = "Nothing to undo.";
	else if (k == PLAY_K_HINT)
		do_hint(u);
	else if (k == PLAY_K_REVIEW)
		do_review(u);
	else if (k == PLAY_K_NEW)
		do_new(u);
	if (!u->quit)
		play_show(u);
}

void
play_handle_signal(struct play_ui *u, int sig)
{
	if (sig == SIGWINCH || sig == SIGCONT) {
		play_resize(u);
		play_show(u);
	} else if (sig == SIGTSTP) {
		play_term_suspend();
		play_resize(u);
		play_show(u);
	} else {
		/* killed or hung up: save what can be saved, then die of it
		 * (a failure is said once the terminal is restored) */
		keep_best(u);
		if (other_game_saved(u))
			save_aside(u);
		save_game(u);
		u->signal = sig;
		u->quit = 1;
	}
}
