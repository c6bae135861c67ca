/* bench.h - what every benchmark times with: the clock and the median. */
#ifndef BENCH_H
#define BENCH_H

#include <stdlib.h>
#include <time.h>

/* seconds on the monotonic clock */
static inline double
bench_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* seconds of CPU time this thread has run: a figure for one thread that
 * a shared machine's other work does not lower (much) */
static inline double
bench_thread_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int
bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the median of v[0..n-1] (the upper one for even n); v is sorted */
static inline double
bench_median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, bench_cmp_double);
	return v[n / 2];
}

#endif
