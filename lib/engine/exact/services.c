/*
 * services.c - what the passes of a build share (forward.c, backward.c,
 * keyvec.c, tablewrite.c, under the driver, build.c): its memory
 * counted, its errors, its progress and time, its jobs on threads.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exact.h"

double
exact_elapsed(const struct exact_build *b)
{
	return g2048_seconds_since(&b->t0);
}

int
exact_berr(struct exact_build *b, const char *what, const char *path)
{
	if (b->err != NULL && b->errsize > 0)
		snprintf(b->err, b->errsize, "%s%s%s: %s", what,
		    path ? " " : "", path ? path : "", strerror(errno));
	return -1;
}

void *
exact_balloc(struct exact_build *b, size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&b->mlock);
	b->mem += n;
	if (b->mem > b->mem_peak)
		b->mem_peak = b->mem;
	pthread_mutex_unlock(&b->mlock);
	return p;
}

void
exact_bfree(struct exact_build *b, void *p, size_t n)
{
	if (p != NULL) {
		pthread_mutex_lock(&b->mlock);
		b->mem -= n;
		pthread_mutex_unlock(&b->mlock);
		free(p);
	}
}

int
exact_progress(struct exact_build *b, int phase, uint64_t sum, uint64_t layers,
    uint64_t done, uint64_t states, uint64_t total)
{
	g2048_exact_progress p;

	if (b->o->progress == NULL)
		return 0;
	p.phase = phase;
	p.sum = sum;
	p.layers = layers;
	p.layers_done = done;
	p.states = states;
	p.total = total;
	p.seconds = exact_elapsed(b);
	pthread_mutex_lock(&b->mlock);
	p.memory = b->mem;
	p.memory_peak = b->mem_peak;
	pthread_mutex_unlock(&b->mlock);
	if (b->o->progress(&p, b->o->ctx) == 0)
		return 0;
	snprintf(b->err, b->errsize, "stopped");
	return -1;
}

void
exact_run_jobs(void *jobs, size_t size, int nt, void *(*fn)(void *))
{
	pthread_t th[G2048_THREADS_MAX];
	int t, started[G2048_THREADS_MAX];
	char *job = jobs;

	for (t = 1; t < nt; t++) {
		started[t] = pthread_create(&th[t], NULL, fn,
		    job + (size_t)t * size) == 0;
		if (!started[t])
			fn(job + (size_t)t * size);
	}
	fn(job);
	for (t = 1; t < nt; t++)
		if (started[t])
			pthread_join(th[t], NULL);
}
