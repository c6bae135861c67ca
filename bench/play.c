/*
 * bench/play.c - 2048-play's drawing: the time to draw a frame and turn it
 * into escape sequences, and the bytes a move writes to the terminal (only
 * the cells that changed) against redrawing every frame whole.  The median
 * of 5 rounds, each 300 animated moves (2700 frames) on a mid-game board.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "play.h"

#define ROUNDS 5
#define MOVES 300
#define FRAMES 8           /* 6 sliding, the pop, the board at rest */

struct screen {
	struct play_canvas c[2];
	int cur;
	char *out;
	size_t size;
};

/* draw s; the bytes that change the screen (diff) or redraw it (full) */
static void
frame(struct screen *sc, const struct play_layout *l,
    const struct play_scene *s, enum play_depth d, size_t *diff,
    size_t *full)
{
	struct play_canvas *next = &sc->c[!sc->cur];

	play_draw(next, l, s);
	*diff += play_canvas_diff(next, &sc->c[sc->cur], d, sc->out, sc->size);
	if (full)
		*full += play_canvas_diff(next, NULL, d, sc->out, sc->size);
	sc->cur = !sc->cur;
}

/* one animated move from b toward dir, as 2048-play draws it */
static void
animated_move(struct screen *sc, const struct play_layout *l,
    const g2048_board *b, enum g2048_dir dir, enum play_depth d,
    size_t *diff, size_t *full)
{
	struct play_motion m[16];
	struct play_scene s;
	g2048_board after = *b;
	int i;

	g2048_board_move(&after, dir);
	memset(&s, 0, sizeof s);
	s.spawned = g2048_board_spawn(&after);
	s.grid = after.grid;
	s.phase = PLAY_SLIDE;
	s.motion = m;
	s.nmotion = play_motions(b->grid, dir, m);
	s.steps = 6;
	for (s.step = 1; s.step <= 6; s.step++)
		frame(sc, l, &s, d, diff, full);
	s.phase = PLAY_POP;
	for (i = 0; i < s.nmotion; i++)
		if (m[i].merge)
			s.merged |= (uint16_t)(1u << m[i].to);
	frame(sc, l, &s, d, diff, full);
	s.phase = PLAY_REST;
	frame(sc, l, &s, d, diff, full);
	/* back to the board before, for the next round */
	s.grid = b->grid;
	frame(sc, l, &s, d, diff, NULL);
}

static void
bench(int cols, int rows, enum play_depth d, const g2048_board *b,
    enum g2048_dir dir)
{
	static const char *const names[] = { "none", "8", "256", "truecolor" };
	struct screen sc;
	struct play_layout l;
	struct play_scene s;
	double t[ROUNDS], t0;
	size_t diff = 0, full = 0, plain = 0, junk = 0;
	int r, k;

	play_layout(&l, cols, rows);
	for (k = 0; k < 2; k++) {
		sc.c[k].w = cols;
		sc.c[k].h = rows;
		sc.c[k].cells = calloc((size_t)cols * rows, sizeof *sc.c[k].cells);
	}
	sc.size = PLAY_OUT_MAX(cols, rows);
	sc.out = malloc(sc.size);
	sc.cur = 0;
	if (!sc.c[0].cells || !sc.c[1].cells || !sc.out) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	memset(&s, 0, sizeof s);
	s.grid = b->grid;
	s.spawned = -1;
	frame(&sc, &l, &s, d, &junk, NULL);
	animated_move(&sc, &l, b, dir, d, &diff, &full);
	/* the same move without animation: rest to rest */
	{
		g2048_board after = *b;

		g2048_board_move(&after, dir);
		g2048_board_spawn(&after);
		s.grid = after.grid;
		frame(&sc, &l, &s, d, &plain, NULL);
		s.grid = b->grid;
		frame(&sc, &l, &s, d, &junk, NULL);
	}
	for (r = 0; r < ROUNDS; r++) {
		t0 = bench_now();
		for (k = 0; k < MOVES; k++)
			animated_move(&sc, &l, b, dir, d, &junk, NULL);
		t[r] = (bench_now() - t0) / (MOVES * (FRAMES + 1)) * 1e6;
	}
	printf("%3dx%-3d %-9s %6.1f us/frame  animated move %6zu B "
	    "(whole frames %6zu B, %4.1fx)  plain move %5zu B\n", cols, rows,
	    names[d], bench_median(t, ROUNDS), diff, full, (double)full / (double)diff,
	    plain);
	free(sc.c[0].cells);
	free(sc.c[1].cells);
	free(sc.out);
}

int
main(void)
{
	static const int sizes[][2] = { { 80, 30 }, { 200, 60 } };
	g2048_board b;
	int i, d, dir = 0;

	/* a mid-game board: seed 7 after 60 legal moves up, left, down, right */
	g2048_new_game(&b, 7);
	for (i = 0; i < 60; i++) {
		g2048_board t = b;

		if (g2048_board_move(&t, (enum g2048_dir)(i % 4)) >= 0) {
			g2048_board_spawn(&t);
			b = t;
		}
	}
	while (!(g2048_legal(b.grid) >> dir & 1))
		dir++;
	for (i = 0; i < 2; i++)
		for (d = PLAY_RGB; d >= PLAY_MONO; d--)
			bench(sizes[i][0], sizes[i][1], (enum play_depth)d, &b,
			    (enum g2048_dir)dir);
	return 0;
}
