/*
 * rng.c - the generator's public side: seeding, draws and the jump ahead.
 * The step and the bounded draw themselves are inline in grid.h, where
 * a game's step (step.c) takes them too.
 */
#include "2048-private.h"
#include "grid.h"

void
g2048_rng_init(g2048_rng *r, uint64_t initstate, uint64_t initseq)
{
	r->state = 0;
	r->inc = (initseq << 1) | 1;
	grid_pcg_step(r);
	r->state += initstate;
	grid_pcg_step(r);
	r->seed = initstate;
	r->draws = 0;
}

void
g2048_rng_seed(g2048_rng *r, uint64_t seed, uint64_t draws)
{
	g2048_rng_init(r, seed, G2048_STREAM);
	g2048_rng_advance(r, draws);
}

uint32_t
g2048_rng_next(g2048_rng *r)
{
	return grid_rng_next(r);
}

uint32_t
g2048_rng_bounded(g2048_rng *r, uint32_t bound)
{
	return grid_rng_bounded(r, bound);
}

/* Jump ahead by delta steps in O(log delta): compose the LCG with itself
 * by repeated squaring (Brown, "Random Number Generation with Arbitrary
 * Stride", 1994). */
void
g2048_rng_advance(g2048_rng *r, uint64_t delta)
{
	uint64_t mult = GRID_PCG_MULT, plus = r->inc;
	uint64_t acc_mult = 1, acc_plus = 0;

	r->draws += delta;
	while (delta) {
		if (delta & 1) {
			acc_mult *= mult;
			acc_plus = acc_plus * mult + plus;
		}
		plus = (mult + 1) * plus;
		mult *= mult;
		delta >>= 1;
	}
	r->state = acc_mult * r->state + acc_plus;
}
