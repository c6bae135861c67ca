/*
 * bench/net.c - n-tuple networks: evaluations per second (4x6 and 8x6,
 * every weight paged in, on grids met in TD-trained play) and TD(0)
 * training moves per second on one thread (4x6, after a warm-up: on a new
 * net, and on it saved and loaded), each the median of 5 timed passes;
 * and the machine's bound on both, random reads from a table as large.
 */
#define _DEFAULT_SOURCE          /* madvise: where it exists */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "2048-private.h"
#include "bench.h"

#define NGRIDS (1 << 16)
#define PASSES 5
#define WARMUP_GAMES 2000
#define TIMED_GAMES 500

static double
median(double *v)
{
	return bench_median(v, PASSES);
}

static g2048_net *
net_or_die(const char *spec)
{
	char err[256];
	g2048_net *n = g2048_net_new(spec, NULL, 0, err, sizeof err);

	if (n == NULL) {
		fprintf(stderr, "bench/net: %s\n", err);
		exit(1);
	}
	return n;
}

/* Grids of a greedy player's games: what a search meets. */
static void
grids_of_play(g2048_grid *grids)
{
	g2048_rng r;
	g2048_board b;
	uint64_t game = 0;
	int i, d;

	g2048_rng_seed(&r, 1, 0);
	g2048_new_game(&b, game);
	for (i = 0; i < NGRIDS; i++) {
		unsigned legal = g2048_legal(b.grid);

		if (!legal) {
			g2048_new_game(&b, ++game);
			legal = g2048_legal(b.grid);
		}
		/* left, down, right, up: a corner strategy, long games */
		for (d = 0; !(legal >> "\2\1\3\0"[d] & 1); d++)
			continue;
		g2048_board_move(&b, (enum g2048_dir)"\2\1\3\0"[d]);
		g2048_board_spawn_rng(&b, &r);
		grids[i] = b.grid;
	}
}

static void
bench_value(const char *spec, const g2048_grid *grids)
{
	g2048_net *n = net_or_die(spec);
	double r[PASSES], t, sink = 0;
	int p, i;

	g2048_net_fill(n, 1000);        /* every page mapped, as a loaded net */
	for (p = 0; p < PASSES; p++) {
		t = bench_now();
		for (i = 0; i < NGRIDS; i++)
			sink += g2048_net_value(n, grids[i]);
		r[p] = NGRIDS / (bench_now() - t);
	}
	printf("%-40s %8.2f M evals/s  (sink %g)\n", spec, median(r) / 1e6,
	    sink > 0 ? 1.0 : 0.0);
	g2048_net_free(n);
}

/* Median moves/s of TD(0) on n over passes (at most PASSES) of games
 * games each, from game *game on. */
static double
train_passes(g2048_net *n, uint64_t *game, int passes, int games)
{
	g2048_learn_opts o;
	g2048_learner *l;
	g2048_learn_game g;
	g2048_rng rng;
	double r[PASSES], t;
	uint64_t moves;
	char err[256];
	int p, i;

	g2048_learn_defaults(&o);
	if ((l = g2048_learner_new(n, &o, err, sizeof err)) == NULL) {
		fprintf(stderr, "bench/net: %s\n", err);
		exit(1);
	}
	for (p = 0; p < passes; p++) {
		moves = 0;
		t = bench_now();
		for (i = 0; i < games; i++, (*game)++) {
			g2048_learn_rng(&rng, 1, *game);
			g2048_learner_play(l, &rng, &g);
			moves += g.moves;
		}
		r[p] = (double)moves / (bench_now() - t);
	}
	g2048_learner_free(l);
	return bench_median(r, (size_t)passes);
}

static g2048_net *
load_or_die(const char *path, int unmap)
{
	char err[512];
	g2048_net *n = g2048_net_load(path, err, sizeof err);

	if (n == NULL || (unmap && g2048_net_unmap(n, err, sizeof err) < 0)) {
		fprintf(stderr, "bench/net: %s\n", err);
		exit(1);
	}
	return n;
}

/*
 * TD(0) on a new net, then on that net saved and loaded (2048-learn
 * --load): as mapped from its file, and moved into memory of its own
 * (g2048_net_unmap, what 2048-learn does).  The same games each time.
 */
static void
bench_training(const char *tmpdir)
{
	g2048_net *n = net_or_die("4x6");
	char path[4096], err[512];
	uint64_t game = 0, from;
	int unmap;

	train_passes(n, &game, 1, WARMUP_GAMES);
	from = game;
	printf("%-40s %8.2f M moves/s\n", "TD(0) 4x6, one thread, new net",
	    train_passes(n, &game, PASSES, TIMED_GAMES) / 1e6);
	if (tmpdir == NULL)
		tmpdir = "/tmp";
	snprintf(path, sizeof path, "%s/bench-net.%ld.net", tmpdir,
	    (long)getpid());
	if (g2048_net_save(n, path, err, sizeof err) < 0) {
		fprintf(stderr, "bench/net: %s\n", err);
		exit(1);
	}
	g2048_net_free(n);
	for (unmap = 0; unmap < 2; unmap++) {
		n = load_or_die(path, unmap);
		game = from;
		printf("%-40s %8.2f M moves/s\n", unmap ?
		    "  the same, loaded, g2048_net_unmap" :
		    "  the same, loaded, as mapped",
		    train_passes(n, &game, PASSES, TIMED_GAMES) / 1e6);
		g2048_net_free(n);
	}
	remove(path);
}

#define TABLE_FLOATS ((size_t)1 << 26)     /* 256 MiB, a 4x6 net's */
#define READ_GROUPS 1000000

/* A table of TABLE_FLOATS floats on huge pages where there are any, as
 * the library's new nets are; all of it written. */
static float *
table(void)
{
	void *t;

	if (posix_memalign(&t, (size_t)2 << 20, TABLE_FLOATS * sizeof(float))) {
		fprintf(stderr, "bench/net: out of memory\n");
		exit(1);
	}
#ifdef MADV_HUGEPAGE
	madvise(t, TABLE_FLOATS * sizeof(float), MADV_HUGEPAGE);
#endif
	memset(t, 0, TABLE_FLOATS * sizeof(float));
	return t;
}

/* Median ns a read, reading t at random in groups of `group`
 * independent reads (as the learner asks for an afterstate's, or a
 * move's, weights at once), then summing them. */
static double
ns_a_read(const float *t, int group, double *sink)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t idx[128];
	double r[PASSES], t0;
	float sum;
	int p, g, i;

	for (p = 0; p < PASSES; p++) {
		t0 = bench_now();
		for (g = 0; g < READ_GROUPS; g++) {
			for (i = 0; i < group; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				idx[i] = (size_t)x & (TABLE_FLOATS - 1);
			}
			sum = 0;
			for (i = 0; i < group; i++)
				sum += t[idx[i]];
			*sink += sum;
		}
		r[p] = (bench_now() - t0) * 1e9 / ((double)READ_GROUPS * group);
	}
	return median(r);
}

/*
 * A 4x6 net reads 32 weights an afterstate and training up to four
 * afterstates a move, at random over 256 MiB: these reads, not the
 * arithmetic, bound its moves a second on a machine.
 */
static void
bench_memory(void)
{
	float *t = table();
	double sink = 0, ns32 = ns_a_read(t, 32, &sink),
	    ns128 = ns_a_read(t, 128, &sink);

	printf("random reads of a 256 MiB table       %5.1f ns each (32 at once),"
	    " %.1f (128)  (sink %g)\n", ns32, ns128, sink != 0 ? 1.0 : 0.0);
	printf("  so at most %.2f M afterstates/s, %.2f M moves/s of 3\n",
	    1e3 / (32 * ns32), 1e3 / (96 * ns128));
	free(t);
}

int
main(void)
{
	static g2048_grid grids[NGRIDS];

	grids_of_play(grids);
	bench_value("4x6", grids);
	bench_value("8x6", grids);
	bench_training(getenv("TMPDIR"));
	bench_memory();
	return 0;
}
