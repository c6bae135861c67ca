/*
 * test-rng.c - PCG32 against its published reference output, bounded draws,
 * jump-ahead, and the spawn law (cell uniform over the empty cells, a 4 with
 * the probability asked for), checked by counting.
 */
#include <stdint.h>
#include <string.h>

#include "2048-private.h"
#include "unit.h"

/*
 * pcg32-global-demo of the PCG reference (pcg-c-basic): seeded with
 * initstate 42 and initseq 54, its first outputs are these.
 */
static void
test_reference_sequence(void)
{
	static const uint32_t expect[] = {
		0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b,
		0xcbed606e
	};
	g2048_rng r;
	size_t i;

	g2048_rng_init(&r, 42, 54);
	CHECK_EQ_U64(r.seed, 42);
	CHECK_EQ_U64(r.draws, 0);
	for (i = 0; i < sizeof expect / sizeof expect[0]; i++)
		CHECK_EQ_U64(g2048_rng_next(&r), expect[i]);
	CHECK_EQ_U64(r.draws, 6);
}

/* The game generator is stream G2048_STREAM, then `draws` outputs on. */
static void
test_seed_is_stream_and_position(void)
{
	g2048_rng a, b;
	int i;

	g2048_rng_init(&a, 7, G2048_STREAM);
	for (i = 0; i < 1000; i++)
		g2048_rng_next(&a);
	g2048_rng_seed(&b, 7, 1000);
	CHECK_EQ_U64(a.state, b.state);
	CHECK_EQ_U64(a.inc, b.inc);
	CHECK_EQ_U64(b.seed, 7);
	CHECK_EQ_U64(b.draws, 1000);
	CHECK_EQ_U64(g2048_rng_next(&a), g2048_rng_next(&b));
	/* another stream gives other numbers from the same seed */
	g2048_rng_init(&a, 7, G2048_STREAM + 1);
	g2048_rng_seed(&b, 7, 0);
	CHECK(g2048_rng_next(&a) != g2048_rng_next(&b));
}

static void
test_advance_equals_steps(void)
{
	static const uint64_t deltas[] = { 0, 1, 2, 3, 7, 64, 1000, 12345,
	    1u << 20 };
	size_t k;

	for (k = 0; k < sizeof deltas / sizeof deltas[0]; k++) {
		g2048_rng a, b;
		uint64_t i;

		g2048_rng_init(&a, 0x123456789abcdefULL + k, 99);
		b = a;
		for (i = 0; i < deltas[k]; i++)
			g2048_rng_next(&a);
		g2048_rng_advance(&b, deltas[k]);
		CHECK_EQ_U64(a.state, b.state);
		CHECK_EQ_U64(a.draws, b.draws);
		CHECK_EQ_U64(g2048_rng_next(&a), g2048_rng_next(&b));
	}
}

/* Large jumps: they compose, and the period is 2^64. */
static void
test_advance_large(void)
{
	g2048_rng a, b, c;
	uint64_t x = 0x9e3779b97f4a7c15ULL, y = 0x0123456789abcdefULL;

	g2048_rng_init(&a, 2048, 4096);
	b = a;
	c = a;
	g2048_rng_advance(&a, x);
	g2048_rng_advance(&a, y);
	g2048_rng_advance(&b, x + y);
	CHECK_EQ_U64(a.state, b.state);
	/* 2^64 - 1 steps and one more come back to the start */
	g2048_rng_advance(&c, UINT64_MAX);
	g2048_rng_next(&c);
	g2048_rng_init(&a, 2048, 4096);
	CHECK_EQ_U64(c.state, a.state);
}

/*
 * The unbiased law, computed here in 64 bits: outputs below 2^32 mod bound
 * are skipped, the rest taken mod bound.  Checked draw by draw on a copy.
 */
static void
check_rejection_law(uint32_t bound, uint64_t seed, int draws)
{
	uint64_t skip = ((uint64_t)1 << 32) % bound;
	g2048_rng r, copy;
	int i;

	g2048_rng_init(&r, seed, 3);
	for (i = 0; i < draws; i++) {
		uint32_t got, x = 0;

		copy = r;
		got = g2048_rng_bounded(&r, bound);
		if (bound > 1) {
			do
				x = g2048_rng_next(&copy);
			while (x < skip);
			x %= bound;
		}
		CHECK_EQ_U64(got, x);
		CHECK_EQ_U64(r.draws, copy.draws);
		CHECK(got < bound || bound == 0);
	}
}

/* Every bound a board gives (2-64, computed without a division) and the
 * general path's, past it. */
static void
test_bounded_rejection_law(void)
{
	static const uint32_t bounds[] = { 1, 1000, 0x40000001u, 0x80000001u,
	    0xC0000000u, 0xFFFFFFFFu };
	size_t k;
	uint32_t b;

	for (k = 0; k < sizeof bounds / sizeof bounds[0]; k++)
		check_rejection_law(bounds[k], 1 + k, 2000);
	for (b = 2; b <= 65; b++)
		check_rejection_law(b, 100 + b, 20000);
}

/*
 * Statistically: bound 3 (chi-square, 2 degrees of freedom, threshold
 * 13.82 = the 0.999 quantile) and bound 3 * 2^30, where plain x % bound
 * would give a result below 2^30 half of the time instead of a third.
 */
static void
test_bounded_unbiased(void)
{
	enum { N = 300000 };
	unsigned long count[3] = { 0, 0, 0 }, low = 0;
	double chi2 = 0, e = N / 3.0;
	g2048_rng r;
	int i;

	g2048_rng_init(&r, 42, 1);
	for (i = 0; i < N; i++)
		count[g2048_rng_bounded(&r, 3)]++;
	for (i = 0; i < 3; i++)
		chi2 += (count[i] - e) * (count[i] - e) / e;
	printf("# bound 3: %lu %lu %lu, chi2 = %.3f (< 13.82)\n", count[0],
	    count[1], count[2], chi2);
	CHECK(chi2 < 13.82);

	for (i = 0; i < N; i++)
		low += g2048_rng_bounded(&r, 0xC0000000u) < 0x40000000u;
	printf("# bound 3*2^30: %.4f below 2^30 (1/3 +- 0.005)\n",
	    (double)low / N);
	CHECK((double)low / N > 1.0 / 3 - 0.005);
	CHECK((double)low / N < 1.0 / 3 + 0.005);
}

static void
test_four_threshold(void)
{
	CHECK_EQ_U64(g2048_four_threshold(0.1), G2048_FOUR_DEFAULT);
	CHECK_EQ_U64(G2048_FOUR_DEFAULT, 429496730u);
	CHECK_EQ_U64(g2048_four_threshold(0), 0);
	CHECK_EQ_U64(g2048_four_threshold(1), (uint64_t)1 << 32);
	CHECK_EQ_U64(g2048_four_threshold(0.5), (uint64_t)1 << 31);
}

static void
test_nth_empty(void)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		CHECK_EQ_U64(g2048_nth_empty(g, i), i);
	CHECK_EQ_U64(g2048_nth_empty(g, 16), -1);
	g = g2048_set_rank(g, 0, 1);
	g = g2048_set_rank(g, 5, 17);        /* a hi tile is not empty */
	g = g2048_set_rank(g, 6, 16);
	CHECK_EQ_U64(g2048_nth_empty(g, 0), 1);
	CHECK_EQ_U64(g2048_nth_empty(g, 3), 4);
	CHECK_EQ_U64(g2048_nth_empty(g, 4), 7);
	CHECK_EQ_U64(g2048_nth_empty(g, 12), 15);
	CHECK_EQ_U64(g2048_nth_empty(g, 13), -1);
}

/*
 * The spawn law over 100,000 spawns on a grid with 7 empty cells, one
 * generator at a fixed seed: 4s at 0.1 +- 0.005, and the cells' counts
 * against uniform by chi-square with 6 degrees of freedom, threshold 22.46
 * (the 0.999 quantile).  Each spawn draws one bounded number (the cell)
 * then one output (the value).
 */
static void
test_spawn_law(void)
{
	enum { N = 100000 };
	static const int taken[] = { 0, 2, 3, 5, 9, 10, 12, 13, 15 };
	unsigned long cells[16] = { 0 }, fours = 0;
	double chi2 = 0, e;
	g2048_grid base = { 0, 0 };
	g2048_rng r, copy;
	size_t k;
	int i, empty;

	for (k = 0; k < sizeof taken / sizeof taken[0]; k++)
		base = g2048_set_rank(base, taken[k], (int)k + 9);
	empty = g2048_empty_count(base);
	CHECK_EQ_U64(empty, 7);
	g2048_rng_seed(&r, 12345, 0);
	for (i = 0; i < N; i++) {
		g2048_grid g = base;
		int cell, rank;
		uint32_t x;

		copy = r;
		cell = g2048_spawn(&g, &r, G2048_FOUR_DEFAULT);
		if (cell < 0) {
			CHECK(cell >= 0);
			continue;
		}
		CHECK_EQ_U64(g2048_rank(base, cell), 0);
		rank = g2048_rank(g, cell);
		CHECK(rank == 1 || rank == 2);
		fours += rank == 2;
		cells[cell]++;
		/* only that cell changed */
		CHECK(g2048_grid_eq(g2048_set_rank(g, cell, 0), base));
		/* the documented draws */
		CHECK_EQ_U64(cell, g2048_nth_empty(base,
		    (int)g2048_rng_bounded(&copy, (uint32_t)empty)));
		x = g2048_rng_next(&copy);
		CHECK_EQ_U64(rank, x < G2048_FOUR_DEFAULT ? 2 : 1);
		CHECK_EQ_U64(copy.draws, r.draws);
	}
	e = (double)N / empty;
	for (i = 0; i < 16; i++) {
		if (g2048_rank(base, i) != 0) {
			CHECK_EQ_U64(cells[i], 0);
			continue;
		}
		chi2 += (cells[i] - e) * (cells[i] - e) / e;
	}
	printf("# spawn: %.4f fours (0.1 +- 0.005), cells chi2 = %.3f "
	    "(< 22.46)\n", (double)fours / N, chi2);
	CHECK((double)fours / N > 0.095 && (double)fours / N < 0.105);
	CHECK(chi2 < 22.46);
}

static void
test_spawn_four_extremes(void)
{
	g2048_rng r;
	int i, cell;

	g2048_rng_seed(&r, 5, 0);
	for (i = 0; i < 1000; i++) {
		g2048_grid g = { 0, 0 };

		cell = g2048_spawn(&g, &r, g2048_four_threshold(0));
		CHECK_EQ_U64(g2048_max_rank(g), 1);
		CHECK(cell >= 0 && cell < 16);
		g.lo = 0;
		cell = g2048_spawn(&g, &r, g2048_four_threshold(1));
		CHECK_EQ_U64(g2048_max_rank(g), 2);
		CHECK(cell >= 0 && cell < 16);
	}
}

static void
test_spawn_full_and_last_cell(void)
{
	g2048_grid g = { 0x1111111111111111ULL, 0 }, before;
	g2048_rng r, copy;

	g2048_rng_seed(&r, 9, 0);
	copy = r;
	CHECK_EQ_U64(g2048_spawn(&g, &r, G2048_FOUR_DEFAULT), -1);
	CHECK_EQ_U64(g.lo, 0x1111111111111111ULL);
	CHECK_EQ_U64(r.draws, copy.draws);           /* a full grid draws nothing */
	/* one empty cell (a hi tile's cell is not empty): it is chosen */
	g = g2048_set_rank(g, 7, 0);
	g = g2048_set_rank(g, 3, 16);
	before = g;
	CHECK_EQ_U64(g2048_spawn(&g, &r, G2048_FOUR_DEFAULT), 7);
	CHECK(g2048_grid_eq(g2048_set_rank(g, 7, 0), before));
}

int
main(void)
{
	RUN(test_reference_sequence);
	RUN(test_seed_is_stream_and_position);
	RUN(test_advance_equals_steps);
	RUN(test_advance_large);
	RUN(test_bounded_rejection_law);
	RUN(test_bounded_unbiased);
	RUN(test_four_threshold);
	RUN(test_nth_empty);
	RUN(test_spawn_law);
	RUN(test_spawn_four_extremes);
	RUN(test_spawn_full_and_last_cell);
	return UNIT_EXIT();
}
