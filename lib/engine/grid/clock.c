/*
 * clock.c - seconds of the monotonic clock between two of its readings:
 * what a decision, a search, a build and a tool's run take.
 */
#include "2048-private.h"

double
g2048_seconds_between(const struct timespec *from, const struct timespec *to)
{
	return (double)(to->tv_sec - from->tv_sec) +
	    (double)(to->tv_nsec - from->tv_nsec) / 1e9;
}

double
g2048_seconds_since(const struct timespec *from)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return g2048_seconds_between(from, &now);
}
