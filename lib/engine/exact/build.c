/*
 * build.c - a table built (g2048_exact_build): the states reachable from
 * the start, enumerated forward by layers of tile sum (forward.c), then
 * valued backward from the highest layer (backward.c), on all threads,
 * and written as the table file (tablewrite.c).  Every layer finished is
 * a file of the work directory (work.c), so a build that stopped goes on
 * from there.  Here: the driver; the services its passes share are in
 * services.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exact.h"

void
g2048_exact_defaults(g2048_exact_opts *o)
{
	memset(o, 0, sizeof *o);
	o->rows = o->cols = 3;
	o->objective = G2048_EXACT_SCORE;
	o->four = 0.1;
	o->threads = 1;
}

/* The states of every image, counted from each canonical key. */
static uint64_t
images(const struct exact_images *im, const uint64_t *keys, size_t n)
{
	uint64_t total = 0, img[EXACT_SYMS];
	size_t i;
	int s, t, m;

	for (i = 0; i < n; i++) {
		exact_images_all(im, keys[i], img);
		/* each image counted where it first comes */
		for (s = m = 0; s < im->nsyms; s++) {
			for (t = 0; t < s && img[t] != img[s]; t++)
				;
			m += t == s;
		}
		total += (uint64_t)m;
	}
	return total;
}

/* Counts over every layer: the states of all images, the pruned moves. */
static int
totals(struct exact_build *b)
{
	int L;

	for (L = 2; L <= b->top; L++) {
		uint64_t pm[3], *keys;

		if (!b->have[L])
			continue;
		if ((keys = exact_load(b, 'p', L, sizeof pm)) == NULL)
			return -1;
		memcpy(pm, keys, sizeof pm);
		exact_bfree(b, keys, sizeof pm);
		b->rep.pruned_moves += pm[0];
		b->rep.pruned_states += pm[1];
		b->rep.moves += pm[2];
		if ((keys = exact_load(b, 'k', L, b->count[L] * 8)) == NULL)
			return -1;
		b->rep.states_plain += images(&b->images, keys, b->count[L]);
		exact_bfree(b, keys, b->count[L] * 8);
	}
	return 0;
}

int
g2048_exact_build(const g2048_exact_opts *o, const char *path,
    g2048_exact_report *rep, char *err, size_t errsize)
{
	struct exact_build *b;
	int rc = -1, q;
	char dummy[1];

	if (err == NULL || errsize == 0) {
		err = dummy;
		errsize = sizeof dummy;
	}
	if (o->threads < 1 || o->threads > G2048_THREADS_MAX) {
		snprintf(err, errsize, "threads: 1 to %d", G2048_THREADS_MAX);
		return -1;
	}
	/* aligned as its tables of images are, a cache line a byte */
	if ((b = aligned_alloc(_Alignof(struct exact_build),
	    sizeof *b)) == NULL) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	memset(b, 0, sizeof *b);
	pthread_mutex_init(&b->mlock, NULL);
	b->o = o;
	b->lock = -1;
	b->err = err;
	b->errsize = errsize;
	clock_gettime(CLOCK_MONOTONIC, &b->t0);
	if ((o->pattern != NULL ? exact_rules_pattern(&b->r, o->pattern,
	    o->target, o->four, err, errsize) : exact_rules_board(&b->r,
	    o->rows, o->cols, o->target, o->objective, o->four, err,
	    errsize)) < 0)
		goto out;
	exact_lines_init(&b->lines);
	b->r.lines = &b->lines;
	exact_images_init(&b->images, &b->r);
	b->p4 = o->four;
	b->p2 = 1 - o->four;
	if (b->r.kind == EXACT_BOARD && b->r.objective == G2048_EXACT_SCORE) {
		b->nreach = b->r.ncells + 2;
		if (b->nreach > EXACT_RANKS - 1)
			b->nreach = EXACT_RANKS - 1;
	}
	b->nv = 1 + 2 * b->nreach;
	if (o->workdir != NULL) {
		snprintf(b->dir, sizeof b->dir, "%s", o->workdir);
		if (mkdir(b->dir, 0755) < 0 && errno != EEXIST) {
			exact_berr(b, "cannot make", b->dir);
			goto out;
		}
	} else {
		const char *tmp = getenv("TMPDIR");

		snprintf(b->dir, sizeof b->dir, "%s/2048-table.XXXXXX",
		    tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(b->dir) == NULL) {
			exact_berr(b, "cannot make", b->dir);
			goto out;
		}
		b->own_dir = 1;
	}
	if (exact_check_dir(b) < 0 || exact_forward(b) < 0 ||
	    exact_backward(b) < 0 || totals(b) < 0)
		goto out;
	for (q = G2048_EXACT_RANKS - 1; q > 0; q--)
		if (b->rep.reach_opt[q] > 0)
			break;
	b->rep.maxrank = b->rep.has_reach ? q : b->r.target;
	if (exact_progress(b, 2, 0, (uint64_t)b->top, (uint64_t)b->top,
	    b->rep.states, b->rep.states) < 0 || exact_write_table(b, path) < 0)
		goto out;
	rc = 0;
	exact_remove_work(b);
out:
	if (rc < 0 && b->own_dir)
		exact_remove_work(b);
	b->rep.memory_peak = b->mem_peak;
	b->rep.seconds = exact_elapsed(b);
	if (rep != NULL)
		*rep = b->rep;
	pthread_mutex_destroy(&b->mlock);
	if (b->lock >= 0)
		close(b->lock);
	free(b);
	return rc;
}
