/*
 * screen.c - 2048-play's screen: the frame of the game in play drawn and
 * sent as the changes from the one shown, the slide of a move, and the
 * wait for a key or a signal that cuts it short.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play.h"

#define SLIDE_STEPS 6            /* 6 frames 13 ms apart, a 26 ms pop */
#define SLIDE_MS 13
#define POP_MS 26

/* the message goes to the normal screen, not the game's */
void
play_out_of_memory(void)
{
	play_term_restore();
	cli_die(2, "out of memory");
}

void
play_resize(struct play_ui *u)
{
	int cols, rows, i;
	size_t n;

	play_term_size(&cols, &rows);
	play_layout(&u->layout, cols, rows, play_game_now(&u->game)->cells.rows,
	    play_game_now(&u->game)->cells.cols);
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
		play_out_of_memory();
	u->fresh = 1;
}

static void
present(struct play_ui *u, const struct play_scene *s)
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

static void
scene_now(const struct play_ui *u, struct play_scene *s)
{
	const struct play_state *now = play_game_now(&u->game);

	memset(s, 0, sizeof *s);
	s->cells = now->cells;
	s->score = now->score;
	s->best = u->best > now->score ? u->best : now->score;
	s->moves = now->moves;
	s->phase = PLAY_REST;
	s->spawned = -1;
	s->message = u->message;
	if (!s->message && play_game_over(&u->game))
		s->message = "Game over!  u undo   v review   n new game   "
		    "q save+quit";
}

void
play_show(struct play_ui *u)
{
	struct play_scene s;

	scene_now(u, &s);
	present(u, &s);
}

int
play_wait_input(const struct play_ui *u, int ms)
{
	struct pollfd p[2] = {
		{ u->in_fd, POLLIN, 0 }, { play_term_signal_fd(), POLLIN, 0 }
	};

	while (poll(p, 2, ms) < 0)
		if (errno != EINTR)
			return 2;
	return (p[0].revents ? 1 : 0) | (p[1].revents ? 2 : 0);
}

void
play_animate(struct play_ui *u, const g2048_cells *before, enum g2048_dir d,
    int spawned)
{
	struct play_motion m[G2048_CELLS_MAX];
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
		if (play_wait_input(u, SLIDE_MS))
			return;
	}
	s.phase = PLAY_POP;
	s.spawned = spawned;
	for (i = 0; i < s.nmotion; i++)
		if (m[i].merge)
			s.merged |= (uint64_t)1 << m[i].to;
	present(u, &s);
	play_wait_input(u, POP_MS);
}
