/*
 * play.h - the parts of 2048-play.
 *
 * view.c and draw.c are pure (no I/O, no globals): colour depth and
 * palette, layout, the motion of tiles in a move, animation steps, key
 * decoding; drawing into a canvas of character cells that is then turned
 * into the escape sequences that change the screen.  game.c is the game:
 * the undo history, saving and loading it as a board stream, the best
 * score.  term.c is the terminal: raw mode, its restoration on every way
 * out, signals, the window size.  The tool over them works on one struct
 * play_ui, the screen and the game in play: screen.c shows it, actions.c
 * is what a key or a signal does to it, main.c the options, the set-up
 * and the loop of keys and signals.  They are built with -Icmd/2048-play;
 * tests/unit/test-play.c tests view, draw and game, and bench/play.c
 * times the drawing (neither links the tool's three files, which need
 * libcli).
 */
#ifndef PLAY_H
#define PLAY_H

#include <stddef.h>
#include <stdint.h>

#include "2048-private.h"

/* ---- colours ---------------------------------------------------------- */

enum play_depth { PLAY_MONO, PLAY_8, PLAY_256, PLAY_RGB };

/* The depth a terminal offers, from $TERM, $COLORTERM and $NO_COLOR
 * (each may be NULL): NO_COLOR non-empty gives PLAY_MONO. */
enum play_depth play_depth_detect(const char *term, const char *colorterm,
    const char *no_color);
/* "none", "8", "256", "truecolor"; -1 if unknown. */
int play_depth_parse(const char *s);

/* Styles of the screen's cells; a tile of rank r has PLAY_ST_TILE + r
 * (a tile past 131072, on a board larger than 4x4, 131072's). */
enum {
	PLAY_ST_DEFAULT,       /* the terminal's own colours */
	PLAY_ST_TEXT,          /* score and numbers: bold */
	PLAY_ST_DIM,           /* key help */
	PLAY_ST_MSG,           /* game over, win, hint */
	PLAY_ST_BOARD,         /* the board's background */
	PLAY_ST_EMPTY,         /* an empty cell */
	PLAY_ST_TILE           /* + rank 1 .. G2048_MAX_RANK */
};
#define PLAY_NSTYLES (PLAY_ST_TILE + G2048_MAX_RANK + 1)

/* A style's colours at each depth; -1 is the terminal's default. */
struct play_colour {
	int32_t fg_rgb, bg_rgb;     /* 0xRRGGBB */
	int16_t fg_256, bg_256;     /* xterm 256-colour indices */
	int8_t fg_8, bg_8;          /* ANSI 0-7 */
	uint8_t bold;
};
const struct play_colour *play_colour(int style);

/* The SGR sequence that selects style at depth, NUL-terminated in buf
 * (PLAY_SGR_MAX bytes suffice); returns its length. */
#define PLAY_SGR_MAX 48
/* A message's forms, all together. */
#define PLAY_TEXT_MAX 1536
int play_sgr(int style, enum play_depth depth, char *buf, size_t size);

/* ---- layout ----------------------------------------------------------- */

#define PLAY_MAX_TILE_H 9

/* The smallest window a board of brows x bcols tiles fits in (tiles 7x1,
 * one status line, one message line, one line of key help): 33x12 for
 * the 4x4 board. */
void play_min_window(int brows, int bcols, int *cols, int *rows);

struct play_layout {
	int cols, rows;              /* the window */
	int brows, bcols;            /* the board's size, in tiles */
	int ok;                      /* 0: the window is too small */
	int tile_w, tile_h;          /* a tile, in character cells */
	int gap_x, gap_y;            /* between tiles and round them */
	int board_x, board_y;        /* top left of the board, 0-based */
	int board_w, board_h;
	int status_y, message_y, help_y;
};

/* The largest drawing of a board of brows x bcols tiles that fits in a
 * window of cols x rows, centred; 0, or -1 (and l->ok = 0) if the window
 * is too small. */
int play_layout(struct play_layout *l, int cols, int rows, int brows,
    int bcols);
/* Top left of cell (reading order) on the screen. */
void play_cell_xy(const struct play_layout *l, int cell, int *x, int *y);

/* ---- motion and animation ---------------------------------------------- */

/* One tile of a move: it slides from cell `from` to cell `to`; `merge` is
 * set on the second tile of a merge (the one that joins the other). */
struct play_motion {
	int8_t from, to, rank, merge;
};

/* The tiles of c moving toward d, in cell order of each line from the
 * front, the lines in order; returns how many (0 to the cells).
 * Independent of the engine's moves. */
int play_motions(const g2048_cells *c, enum g2048_dir d,
    struct play_motion *m);

/* Position step of steps between a and b, eased out (fast, then slow). */
int play_ease(int a, int b, int step, int steps);

/* ---- keys ------------------------------------------------------------- */

enum play_key {
	PLAY_K_MORE = -1,       /* an incomplete escape sequence */
	PLAY_K_NONE = 0,        /* a key that does nothing */
	PLAY_K_UP, PLAY_K_DOWN, PLAY_K_LEFT, PLAY_K_RIGHT,   /* as enum g2048_dir + 1 */
	PLAY_K_UNDO, PLAY_K_HINT, PLAY_K_NEW, PLAY_K_QUIT, PLAY_K_YES,
	PLAY_K_REDRAW,          /* Ctrl-L */
	PLAY_K_REVIEW           /* v: the review of the game so far */
};
/* The last key of the enum: a key added after it moves this too. */
#define PLAY_K_LAST PLAY_K_REVIEW

/* The key at the start of the n bytes at s, and how many bytes it used
 * (*used is 0 with PLAY_K_MORE). */
enum play_key play_key_decode(const unsigned char *s, size_t n, size_t *used);

/* ---- drawing ---------------------------------------------------------- */

struct play_cell {
	char ch;
	unsigned char style;
};

struct play_canvas {
	int w, h;
	struct play_cell *cells;     /* w * h, owned by the caller */
};

void play_canvas_fill(struct play_canvas *c, int x, int y, int w, int h,
    char ch, int style);
/* Text at x, y, clipped to the canvas. */
void play_canvas_text(struct play_canvas *c, int x, int y, const char *s,
    int style);

/*
 * The escape sequences that turn a screen showing `before` (NULL: unknown)
 * into `now`, written to out; returns the length, or 0 if out is too small.
 * PLAY_OUT_MAX(w, h) always suffices.
 */
#define PLAY_OUT_MAX(w, h) ((size_t)(w) * (size_t)(h) * (PLAY_SGR_MAX + 17) + 64)
size_t play_canvas_diff(const struct play_canvas *now,
    const struct play_canvas *before, enum play_depth depth, char *out,
    size_t size);

enum play_phase { PLAY_REST, PLAY_SLIDE, PLAY_POP };

/* What a frame shows. */
struct play_scene {
	g2048_cells cells;              /* tiles at rest (REST and POP) */
	uint64_t score, best, moves;
	const char *message;            /* under the board, or NULL; its
					 * forms a line each, the longest
					 * first: the first that fits */
	enum play_phase phase;
	const struct play_motion *motion;   /* SLIDE: tiles on their way */
	int nmotion, step, steps;
	uint64_t merged;                /* POP: cells of merged tiles, a bit each */
	int spawned;                    /* POP: the new tile's cell, or -1 */
};

/* Draw a frame; a layout that is not ok draws the too-small message. */
void play_draw(struct play_canvas *c, const struct play_layout *l,
    const struct play_scene *s);

/* ---- the game (game.c) -------------------------------------------- */

/* A position of the game: what the board format says of it (the odds
 * are the game's). */
struct play_state {
	g2048_cells cells;
	uint64_t score, moves, seed, draws;
	int8_t last_move;
	uint8_t keeps_extra;     /* carries the loaded board's unknown keys */
};

/*
 * The boards kept for undo; beyond PLAY_HISTORY_MAX the oldest quarter is
 * dropped: at most 7 MB (112 bytes a board), and a game to 131072 takes
 * about 60000 moves (131072 / 2.2, the mean spawn).
 */
#define PLAY_HISTORY_MAX 65536

struct play_game {
	struct play_state *hist;
	size_t n, cap;            /* hist[n - 1] is the current position */
	double four;              /* the probability of a 4, its boards' four */
	g2048_board extra;        /* the unknown header keys of the board loaded */
};

void play_game_init(struct play_game *g, double four);
void play_game_free(struct play_game *g);
/* No position at all. */
void play_game_clear(struct play_game *g);
/* Start over at board b (it must have its seed and draws), the game
 * taking its odds; 0 or -1 (memory). */
int play_game_start(struct play_game *g, const g2048_board *b);
/* Append b as the newest position; 0 or -1 (memory). */
int play_game_push(struct play_game *g, const g2048_board *b);
/* The current position, or position i, as a board. */
void play_game_board(const struct play_game *g, size_t i, g2048_board *b);
const struct play_state *play_game_now(const struct play_game *g);
/* 1 if the current position has no move left. */
int play_game_over(const struct play_game *g);
/* Move toward d and spawn: the score gained, -1 if d is not legal, -2 if
 * out of memory, -3 if score, moves or draws would pass 2^64 - 1 (the
 * game is unchanged but for -1); *spawned is the new tile's cell. */
long play_game_move(struct play_game *g, enum g2048_dir d, int *spawned);
/* Back one position: 0, or -1 at the oldest kept. */
int play_game_undo(struct play_game *g);

/* Write every kept position to path through g2048_file_replace() (the
 * old file or the new, never part of one), the grid form, blank lines
 * between: 0 or -1 with errno set. */
int play_game_save(const struct play_game *g, const char *path);
/*
 * Append b, a board of a game being resumed, as the newest position: a
 * board without its seed and draws gets seed (draws 0); its unknown header
 * keys are kept on the positions played from it and the game takes its
 * odds.  0 or -1 (memory).
 */
int play_game_resume(struct play_game *g, const g2048_board *b,
    uint64_t seed);

/* $XDG_STATE_HOME/2048-tools/NAME, or $HOME/.local/state/2048-tools/NAME
 * when XDG_STATE_HOME is unset or not absolute; -1 if neither works. */
int play_state_path(char *buf, size_t size, const char *xdg_state_home,
    const char *home, const char *name);
/* Make the directories leading to path; 0 or -1 with errno set. */
int play_mkdirs(const char *path);
/* The best score of the rules of a rows x cols board with four, the
 * probability of a 4, in path (0 when missing or unreadable); a file of
 * one number (2048-play's before) holds the best of 4x4 with 0.1. */
uint64_t play_best_read(const char *path, int rows, int cols, double four);
/* Write best as those rules', unless path already holds more for them,
 * keeping the other rules' lines; 0 or -1 with errno set. */
int play_best_write(const char *path, int rows, int cols, double four,
    uint64_t best);

/* ---- the terminal (term.c) ---------------------------------------- */

/* Raw mode on in_fd, the alternate screen on out_fd, signal handlers;
 * restored at exit, on a signal or a crash.  0 or -1 with errno set. */
int play_term_start(int in_fd, int out_fd);
void play_term_restore(void);
/* Raw mode and screen again (after a suspension). */
int play_term_resume(void);
/* Stop the process as ^Z would (the terminal restored meanwhile). */
void play_term_suspend(void);
int play_term_size(int *cols, int *rows);
/* A file descriptor that becomes readable when a signal came in. */
int play_term_signal_fd(void);
/* The next signal that came in, or 0. */
int play_term_next_signal(void);
/* Write all of buf to the terminal; 0 or -1. */
int play_term_write(const char *buf, size_t n);
/* Write all of buf to fd with write(2) only (safe in a signal handler);
 * 0 or -1 with errno set. */
int play_write_all(int fd, const char *buf, size_t n);

/* ---- the game in play (main.c, screen.c, actions.c) ------------------- */

/* The screen and the game in play: the one state of the tool's files. */
struct play_ui {
	struct play_game game;
	struct play_layout layout;
	struct play_canvas screen[2];    /* screen[shown] is what is shown */
	int shown, fresh;                /* fresh: the screen is unknown */
	char *out;
	size_t outsize;
	enum play_depth depth;
	int anim, in_fd, quit, signal;
	enum play_key asked;             /* a question pending: NEW or QUIT */
	int replace_asked;               /* q asked: replace another game? */
	/* the save file is this game's: named by --save, resumed from, or
	 * saved to; else a game found there is another, not replaced
	 * without a yes */
	int save_ours;
	int kept_other;                  /* quit keeping the other game */
	int saved_aside;                 /* saved beside it (a signal) */
	uint64_t best, next_seed;
	int seeded;
	g2048_eval *eval;                /* the hint's evaluator and player, */
	g2048_player *player;            /* made at the first hint or review */
	g2048_player_opts player_opts;   /* what player was made of */
	g2048_player *review_search;     /* the review's search alone */
	char tables_error[64];           /* why the tables did not open */
	int rows, cols;                  /* the first new game's size */
	const char *message;             /* as play_scene's */
	char text[PLAY_TEXT_MAX];        /* a message made up on the spot */
	char save_error[4200];           /* why the game was not saved */
	char best_error[4200];           /* why the best score was not */
	char best_path[4096], save_path[4096];
};

/* ---- the screen (screen.c) -------------------------------------------- */

/* Restore the terminal and exit 2 saying so. */
void play_out_of_memory(void);
/* The layout and the screens for the window's size now; the next frame
 * is drawn whole. */
void play_resize(struct play_ui *u);
/* Draw the game at rest. */
void play_show(struct play_ui *u);
/* Wait up to ms (-1: for ever) for a key or a signal: bit 1 a key, bit 2
 * a signal, 0 the time is up. */
int play_wait_input(const struct play_ui *u, int ms);
/* The tiles slide, merged ones pop, the new one grows in; a key or a
 * signal cuts it short. */
void play_animate(struct play_ui *u, const g2048_cells *before,
    enum g2048_dir d, int spawned);

/* ---- the game's actions (actions.c) ----------------------------------- */

/* A new game: of u->rows x u->cols at first, then of the size and odds
 * of the game in play, whose best score is kept first. */
void play_new_game(struct play_ui *u);

/* review.c: the review's summary (v, and a game's end). */
struct play_review_tally {
	/* by judgement: best, inaccuracy, mistake, blunder (the order of
	 * cli.h's enum cli_judgement) */
	uint64_t count[4];
	uint64_t worst_move;         /* the worst below best, 0: none */
	size_t done;                 /* moves reviewed */
	double worst;                /* the worst move's share lost */
	int worst_played, worst_best;
};
/* The summary of t into buf as a message's forms, from the whole to the
 * shortest; over: the game is over. */
void play_review_text(char *buf, size_t size,
    const struct play_review_tally *t, int over);
/* What key k does, the answer to a question pending included; the screen
 * is redrawn unless it quits. */
void play_handle_key(struct play_ui *u, enum play_key k);
/* SIGWINCH and SIGCONT redraw, SIGTSTP suspends; any other signal saves
 * the game and quits, u->signal set to be raised again at the end. */
void play_handle_signal(struct play_ui *u, int sig);

#endif
