/*
 * rng.c - PCG32 (XSH-RR, 64-bit state, 32-bit output), after O'Neill,
 * "PCG: A Family of Simple Fast Space-Efficient Statistically Good
 * Algorithms for Random Number Generation" (2014).
 */
#include "2048-private.h"
#include "grid.h"

#define PCG_MULT 6364136223846793005ULL

static uint32_t
step(g2048_rng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted, rot;

	r->state = old * PCG_MULT + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

void
g2048_rng_init(g2048_rng *r, uint64_t initstate, uint64_t initseq)
{
	r->state = 0;
	r->inc = (initseq << 1) | 1;
	step(r);
	r->state += initstate;
	step(r);
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
	r->draws++;
	return step(r);
}

/*
 * x mod b from grid_bounded_magic[b]: the high word of (M * x mod 2^64)
 * * b, the 64-by-32-bit product taken in two halves (portable C; b < 2^32
 * keeps each half from overflowing).
 */
static inline uint32_t
mod_by_magic(uint32_t x, uint32_t b)
{
	uint64_t low = grid_bounded_magic[b] * x;

	return (uint32_t)(((low >> 32) * b + (((low & 0xFFFFFFFFu) * b) >> 32))
	    >> 32);
}

/* Rejection of the low 2^32 mod bound outputs keeps every residue equally
 * likely; at most half the draws are rejected, usually none.  A board's
 * bounds (its empty cells, at most 64) take no division. */
uint32_t
g2048_rng_bounded(g2048_rng *r, uint32_t bound)
{
	uint32_t threshold, x;

	if (bound < 2)
		return 0;
	threshold = bound <= GRID_BOUNDED_MAX ? grid_bounded_threshold[bound] :
	    (uint32_t)(-bound) % bound;
	do
		x = g2048_rng_next(r);
	while (x < threshold);
	return bound <= GRID_BOUNDED_MAX ? mod_by_magic(x, bound) : x % bound;
}

/* Jump ahead by delta steps in O(log delta): compose the LCG with itself
 * by repeated squaring (Brown, "Random Number Generation with Arbitrary
 * Stride", 1994). */
void
g2048_rng_advance(g2048_rng *r, uint64_t delta)
{
	uint64_t mult = PCG_MULT, plus = r->inc;
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
