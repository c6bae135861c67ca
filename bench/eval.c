/*
 * bench/eval.c - library heuristic evaluations per second, one line per
 * figure (the median of 5 timed passes): on grids met in random games,
 * on uniformly random grids (rows all different: the tables from memory,
 * not cache), and with a tile of 65536 (the exact path).
 */
#include <stdio.h>
#include <stdlib.h>

#include "2048.h"
#include "bench.h"

#define NGRIDS (1 << 16)
#define PASSES 5

/* The next position of a random game; a new game when it is over. */
static void
step(g2048_board *b, g2048_rng *rng, uint64_t *games)
{
	unsigned legal = g2048_legal(b->grid);
	int d;

	if (!legal) {
		g2048_new_game(b, ++*games);
		return;
	}
	do
		d = (int)g2048_rng_bounded(rng, G2048_NDIRS);
	while (!(legal & (1u << d)));
	g2048_board_move(b, (enum g2048_dir)d);
	g2048_board_spawn_rng(b, rng);
}

/* evaluations per second over grids[], median of PASSES passes */
static double
rate(const g2048_eval *e, const g2048_grid *grids, int reps, double *sink)
{
	double r[PASSES], t;
	int p, k, i;

	for (p = 0; p < PASSES; p++) {
		t = bench_now();
		for (k = 0; k < reps; k++)
			for (i = 0; i < NGRIDS; i++)
				*sink += g2048_eval_grid(e, grids[i]);
		r[p] = (double)reps * NGRIDS / (bench_now() - t);
	}
	return bench_median(r, PASSES);
}

int
main(void)
{
	static g2048_grid grids[NGRIDS], hi[NGRIDS], uniform[NGRIDS];
	const char *names[] = { "lines", "xu" };
	g2048_board b;
	g2048_rng rng;
	uint64_t games = 1;
	double sink = 0;
	char err[256];
	int i, h, c;

	g2048_rng_seed(&rng, 2048, 0);
	g2048_new_game(&b, games);
	for (i = 0; i < NGRIDS; i++) {
		step(&b, &rng, &games);
		grids[i] = b.grid;
		/* the same grid with one tile made 65536 */
		hi[i] = g2048_set_rank(b.grid, i % 16, 16);
		for (c = 0; c < 16; c++)
			uniform[i] = g2048_set_rank(uniform[i], c,
			    (int)g2048_rng_bounded(&rng, 12));
	}
	for (h = 0; h < 2; h++) {
		g2048_eval *e = g2048_eval_new(names[h], NULL, err, sizeof(err));

		if (!e) {
			fprintf(stderr, "eval: %s\n", err);
			return 1;
		}
		printf("eval %s: %.1f million evaluations/s (grids of random "
		    "games)\n", names[h], rate(e, grids, 100, &sink) / 1e6);
		printf("eval %s: %.1f million evaluations/s (uniformly random "
		    "grids)\n", names[h], rate(e, uniform, 20, &sink) / 1e6);
		printf("eval %s: %.1f million evaluations/s (one tile 65536, "
		    "exact path)\n", names[h], rate(e, hi, 10, &sink) / 1e6);
		g2048_eval_free(e);
	}
	return sink == 42.0;   /* keep the sums alive */
}
