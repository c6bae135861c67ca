/*
 * engine - library moves per second, single thread, on a fixed
 * pseudo-random set of grids: independent moves (throughput), moves that
 * feed each other (latency), and a naive cell-loop move for comparison;
 * then the general path (g2048_cells_move, boards of any size) on 3x3,
 * 4x4, 5x5 and 8x8 boards, timed by the thread's CPU time.  Each figure
 * is the median of several runs measured side by side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "grid.h"

#define NGRIDS (1 << 12)
#define RUNS 7

static g2048_grid grids[NGRIDS];

/* grids with 6 to 16 tiles of ranks 1..14 (2 to 16384), like mid-game boards */
static void
make_grids(void)
{
	g2048_rng r;
	int i, c;

	g2048_rng_init(&r, 2048, 1);
	for (i = 0; i < NGRIDS; i++) {
		g2048_grid g = { 0, 0 };
		int tiles = 6 + (int)g2048_rng_bounded(&r, 11);

		for (c = 0; c < tiles; c++)
			g = g2048_set_rank(g, (int)g2048_rng_bounded(&r, 16),
			    1 + (int)g2048_rng_bounded(&r, 14));
		grids[i] = g;
	}
}

static uint64_t sink;

static double
independent(int passes)
{
	uint64_t acc = 0;
	double t = bench_now();
	int p, i, d;

	for (p = 0; p < passes; p++)
		for (i = 0; i < NGRIDS; i++)
			for (d = 0; d < G2048_NDIRS; d++)
				acc += grid_slide(grids[i], (enum g2048_dir)d).lo;
	t = bench_now() - t;
	sink += acc;
	return (double)passes * NGRIDS * G2048_NDIRS / t;
}

static double
chained(int passes)
{
	g2048_grid g = grids[0];
	double t = bench_now();
	int p, i;

	for (p = 0; p < passes; p++)
		for (i = 0; i < NGRIDS; i++) {
			g = grid_slide(g, (enum g2048_dir)(i & 3));
			g.lo ^= grids[i].lo;    /* keep the chain alive */
			g.hi = 0;
		}
	t = bench_now() - t;
	sink += g.lo;
	return (double)passes * NGRIDS / t;
}

/* The textbook move: cells in an array, a loop per line. */
static int
naive_move(int cells[16], int d)
{
	int l, p, q, changed = 0;

	for (l = 0; l < 4; l++) {
		int idx[4], line[4], out[4] = { 0, 0, 0, 0 }, n = 0;

		for (p = 0; p < 4; p++) {
			idx[p] = d == 0 ? p * 4 + l : d == 1 ? (3 - p) * 4 + l :
			    d == 2 ? l * 4 + p : l * 4 + 3 - p;
			line[p] = cells[idx[p]];
		}
		for (p = 0; p < 4; p++) {
			if (!line[p])
				continue;
			for (q = p + 1; q < 4 && !line[q]; q++)
				;
			if (q < 4 && line[q] == line[p]) {
				out[n++] = line[p] + 1;
				line[q] = 0;
			} else {
				out[n++] = line[p];
			}
		}
		for (p = 0; p < 4; p++) {
			changed |= cells[idx[p]] != out[p];
			cells[idx[p]] = out[p];
		}
	}
	return changed;
}

static double
naive(int passes)
{
	static int cells[NGRIDS][16];
	int p, i, c, d, work[16];
	uint64_t acc = 0;
	double t;

	for (i = 0; i < NGRIDS; i++)
		for (c = 0; c < 16; c++)
			cells[i][c] = g2048_rank(grids[i], c);
	t = bench_now();
	for (p = 0; p < passes; p++)
		for (i = 0; i < NGRIDS; i++)
			for (d = 0; d < 4; d++) {
				memcpy(work, cells[i], sizeof work);
				acc += (uint64_t)naive_move(work, d) + (uint64_t)work[5];
			}
	t = bench_now() - t;
	sink += acc;
	return (double)passes * NGRIDS * 4 / t;
}

/* ---- the general path ------------------------------------------------ */

#define NBOARDS (1 << 10)
#define NSIZES 4

static const int sizes[NSIZES] = { 3, 4, 5, 8 };
static g2048_cells boards[NSIZES][NBOARDS];

/* boards as the grids above: a third to all of the cells hold tiles of
 * ranks 1 to 14 (at most the size's cap) */
static void
make_boards(void)
{
	g2048_rng r;
	int k, i, c;

	g2048_rng_init(&r, 2048, 2);
	for (k = 0; k < NSIZES; k++) {
		int n = sizes[k] * sizes[k], cap = g2048_cells_cap(sizes[k],
		    sizes[k]), top = cap < 14 ? cap : 14;

		for (i = 0; i < NBOARDS; i++) {
			int tiles = n / 3 + (int)g2048_rng_bounded(&r,
			    (uint32_t)(n - n / 3 + 1));
			g2048_cells *b = &boards[k][i];

			g2048_cells_init(b, sizes[k], sizes[k]);
			for (c = 0; c < tiles; c++)
				b->rank[g2048_rng_bounded(&r, (uint32_t)n)] =
				    (uint8_t)(1 + g2048_rng_bounded(&r,
				    (uint32_t)top));
		}
	}
}

/* independent moves of size k's boards, each on a copy, per second of
 * the thread's CPU time */
static double
general(int k, int passes)
{
	uint64_t acc = 0;
	double t = bench_thread_now();
	int p, i, d;

	for (p = 0; p < passes; p++)
		for (i = 0; i < NBOARDS; i++)
			for (d = 0; d < G2048_NDIRS; d++) {
				g2048_cells c = boards[k][i];

				acc += (uint64_t)g2048_cells_move(&c,
				    (enum g2048_dir)d) + c.rank[4];
			}
	t = bench_thread_now() - t;
	sink += acc;
	return (double)passes * NBOARDS * G2048_NDIRS / t;
}

/* "engine 4x4": the grid's figures only, to time against a build that
 * has no general path */
int
main(int argc, char **argv)
{
	int grid_only = argc > 1 && strcmp(argv[1], "4x4") == 0;

	double ind[RUNS], cha[RUNS], nai[RUNS], m_ind, m_cha, m_nai;
	double gen[NSIZES][RUNS];
	int r, k;

	make_grids();
	make_boards();
	for (r = 0; r < RUNS; r++) {
		ind[r] = independent(640);
		cha[r] = chained(640);
		nai[r] = naive(64);
		for (k = 0; k < NSIZES && !grid_only; k++)
			gen[k][r] = general(k, 256 / sizes[k]);
	}
	m_ind = bench_median(ind, RUNS);
	m_cha = bench_median(cha, RUNS);
	m_nai = bench_median(nai, RUNS);
	printf("engine: independent moves  %8.1f M/s (median of %d)\n",
	    m_ind / 1e6, RUNS);
	printf("engine: chained moves      %8.1f M/s\n", m_cha / 1e6);
	printf("engine: naive cell loop    %8.1f M/s\n", m_nai / 1e6);
	printf("engine: table/naive ratio  %8.1fx\n", m_ind / m_nai);
	for (k = 0; k < NSIZES && !grid_only; k++)
		printf("engine: general path %dx%d  %8.1f M/s (thread CPU "
		    "time)\n", sizes[k], sizes[k],
		    bench_median(gen[k], RUNS) / 1e6);
	return sink == 42;   /* keep the work observable */
}
