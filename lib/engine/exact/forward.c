/*
 * forward.c - the forward pass: the states reachable from the start,
 * enumerated by layers of tile sum (a spawn adds 2 or 4, so a layer's
 * children are in the next two), each layer's keys expanded on the
 * threads and saved as a work file once its children are found.  A
 * build that stopped goes on after the last layer saved.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exact.h"

struct expand_job {
	struct exact_build *b;
	const uint64_t *keys;
	size_t from, to;
	int layer;                  /* children must be above it */
	struct exact_vec out[2];    /* children of +2 and +4 */
	uint64_t *seen;             /* of each, the last pushed by hash */
	uint64_t pruned_moves, pruned_states, moves;
	int failed;
};

/*
 * A child is met from some 20 parents, many of them near in the order
 * of the keys: one pushed again a little after it costs its place in
 * the vector and in the radix sort that drops it.  A small table of the
 * last child pushed at each hash (2^SEEN_BITS of them, in the cache)
 * drops many of those first (3x3 to 256: a peak of 13 MB, not 21); the
 * sort drops the rest.
 */
#define SEEN_BITS 12

static int
push_child(struct expand_job *j, int s, uint64_t k)
{
	uint64_t *seen = j->seen + ((size_t)s << SEEN_BITS) +
	    (size_t)((k * 0x9E3779B97F4A7C15ULL) >> (64 - SEEN_BITS));

	if (*seen == k)
		return 0;
	*seen = k;
	return exact_vec_push(j->b, &j->out[s], k);
}

/* Every child of key (after each legal move, each spawn) into out. */
static int
expand(struct expand_job *j, uint64_t key)
{
	struct exact_build *b = j->b;
	const struct exact_rules *r = &b->r;
	int d, legal = 0, pruned = 0, i, s;
	uint64_t img[EXACT_SYMS];

	if (exact_won(r, key) || exact_lost(r, key))
		return 0;
	for (d = 0; d < G2048_NDIRS; d++) {
		uint64_t a;
		uint32_t gain;
		unsigned empty;
		int m = exact_move(r, key, d, &a, &gain);

		if (m == EXACT_ILLEGAL)
			continue;
		if (m == EXACT_PRUNED) {
			pruned++;
			continue;
		}
		legal++;
		empty = exact_empty(r, a);
		exact_images_all(&b->images, a, img);
		for (i = 0; i < r->ncells; i++) {
			if (!(empty >> i & 1))
				continue;
			for (s = 0; s < 2; s++) {
				if ((s ? b->p4 : b->p2) == 0)
					continue;
				if (push_child(j, s, exact_canon_child(
				    &b->images, img, i, s + 1)) < 0)
					return -1;
			}
		}
	}
	j->pruned_moves += (uint64_t)pruned;
	j->moves += (uint64_t)(legal + pruned);
	if (pruned && !legal)
		j->pruned_states++;
	return 0;
}

static void *
expand_run(void *arg)
{
	struct expand_job *j = arg;
	size_t i, nseen = (size_t)2 << SEEN_BITS;
	int s;

	/* no key is all ones: a board of 16 blockers has no free cell */
	if ((j->seen = exact_balloc(j->b, nseen * sizeof *j->seen)) == NULL) {
		j->failed = 1;
		return NULL;
	}
	memset(j->seen, 0xFF, nseen * sizeof *j->seen);
	for (i = j->from; i < j->to; i++)
		if (expand(j, j->keys[i]) < 0) {
			exact_bfree(j->b, j->seen, nseen * sizeof *j->seen);
			j->failed = 1;
			return NULL;
		}
	exact_bfree(j->b, j->seen, nseen * sizeof *j->seen);
	for (s = 0; s < 2; s++)
		if (exact_vec_sort(j->b, &j->out[s]) < 0) {
			j->failed = 1;
			return NULL;
		}
	return NULL;
}

/* Expand n keys of a layer on the threads, children into pend[+1], [+2]
 * (layer indexes: sum / 2). */
static int
expand_layer(struct exact_build *b, const uint64_t *keys, size_t n,
    struct exact_vec pend[3], uint64_t *pm)
{
	struct expand_job job[G2048_THREADS_MAX];
	int t, nt = b->o->threads, s;

	if ((size_t)nt > n / 256 + 1)
		nt = (int)(n / 256 + 1);
	memset(job, 0, sizeof job[0] * (size_t)nt);
	for (t = 0; t < nt; t++) {
		job[t].b = b;
		job[t].keys = keys;
		job[t].from = n * (size_t)t / (size_t)nt;
		job[t].to = n * (size_t)(t + 1) / (size_t)nt;
	}
	exact_run_jobs(job, sizeof job[0], nt, expand_run);
	for (t = 0; t < nt; t++) {
		if (job[t].failed) {
			errno = ENOMEM;
			return -1;
		}
		pm[0] += job[t].pruned_moves;
		pm[1] += job[t].pruned_states;
		pm[2] += job[t].moves;
		for (s = 0; s < 2; s++)
			if (exact_vec_merge(b, &pend[s + 1],
			    &job[t].out[s]) < 0)
				return -1;
	}
	return 0;
}

int
exact_starts(struct exact_build *b,
    int (*fn)(struct exact_build *, uint64_t, double, void *), void *ctx)
{
	const struct exact_rules *r = &b->r;
	double pv[2] = { b->p2, b->p4 };
	int i, j, u, v;
	double n = r->nfree;

	for (i = 0; i < r->ncells; i++)
		for (j = 0; j < r->ncells; j++) {
			if (i == j || !(r->freemask >> i & 1) ||
			    !(r->freemask >> j & 1) ||
			    exact_cell(r->movers, i) ||
			    exact_cell(r->movers, j))
				continue;
			for (u = 0; u < 2; u++)
				for (v = 0; v < 2; v++) {
					double p = pv[u] * pv[v] / n / (n - 1);
					uint64_t k = r->blockers | r->movers;

					if (p == 0)
						continue;
					k = exact_put(k, i, u + 1);
					k = exact_put(k, j, v + 1);
					if (fn(b, exact_canon(r, k), p, ctx) < 0)
						return -1;
				}
		}
	return 0;
}

static int
start_push(struct exact_build *b, uint64_t k, double p, void *ctx)
{
	struct exact_vec *v = ctx;

	(void)p;
	return exact_vec_push(b, &v[exact_sum(&b->r, k) / 2], k);
}

/* Whether the forward pass's file at path says it ended at layer top
 * with states in all. */
static int
forward_done(const char *path, int top, uint64_t states)
{
	char text[128], want[128];
	FILE *fp;
	size_t n;

	if ((fp = fopen(path, "r")) == NULL)
		return 0;
	n = fread(text, 1, sizeof text - 1, fp);
	fclose(fp);
	text[n] = '\0';
	snprintf(want, sizeof want, "done\ntop %d\nstates %llu\n", top,
	    (unsigned long long)states);
	return strcmp(text, want) == 0;
}

int
exact_forward(struct exact_build *b)
{
	struct exact_vec st[5] = { { NULL, 0, 0 } }, pend[3];
	char path[1100], mark[128];
	int L, s, last = -1;
	uint64_t states = 0;
	struct stat sb;

	snprintf(path, sizeof path, "%s/forward", b->dir);
	memset(pend, 0, sizeof pend);
	if (exact_starts(b, start_push, st) < 0)
		return exact_berr(b, "enumerating", NULL);
	for (s = 0; s < 5; s++)
		if (exact_vec_sort(b, &st[s]) < 0)
			return exact_berr(b, "enumerating", NULL);
	/* layers found finished and sound (their keys and pruned moves
	 * check): go on after the last of them */
	for (L = 2; L < EXACT_MAX_LAYERS - 2; L++) {
		size_t n;

		if (exact_work_size(b, 'k', L, &n) < 0 || n % 8 != 0 ||
		    !exact_exists(b, 'k', L, n) ||
		    !exact_exists(b, 'p', L, 3 * sizeof(uint64_t)))
			break;
		b->count[L] = (uint64_t)n / 8;
		b->have[L] = b->count[L] > 0;
		last = L;
	}
	for (L = 2; L <= last; L++)
		states += b->count[L];
	/* the pass was done if it says so, and of the layers and states
	 * found: else (a layer's file gone or damaged) it goes on from the
	 * last sound one, and makes the rest again */
	if (stat(path, &sb) == 0 && last >= 0 &&
	    forward_done(path, last, states)) {
		b->top = last;
		b->rep.layers_resumed = (uint64_t)last;
		for (s = 0; s < 5; s++)
			exact_vec_free(b, &st[s]);
		goto done;
	}
	unlink(path);
	if (last >= 0) {
		/* the two layers below the next one give its children */
		b->rep.layers_resumed = (uint64_t)last;
		for (L = last - 1; L <= last; L++) {
			uint64_t *keys;
			uint64_t pm[3] = { 0, 0, 0 };
			size_t n;
			struct exact_vec tmp[3];

			if (L < 2 || (n = b->count[L]) == 0)
				continue;
			if ((keys = exact_load(b, 'k', L, n * 8)) == NULL)
				return -1;
			memset(tmp, 0, sizeof tmp);
			if (expand_layer(b, keys, n, tmp, pm) < 0)
				return exact_berr(b, "enumerating", NULL);
			exact_bfree(b, keys, n * 8);
			exact_vec_free(b, &tmp[0]);
			/* children of L-1 to L+1 (+2 spawns: layer L, done) */
			if (L == last - 1) {
				exact_vec_free(b, &tmp[1]);
				if (exact_vec_merge(b, &pend[0], &tmp[2]) < 0)
					return exact_berr(b, "enumerating",
					    NULL);
			} else {
				if (exact_vec_merge(b, &pend[0], &tmp[1]) < 0 ||
				    exact_vec_merge(b, &pend[1], &tmp[2]) < 0)
					return exact_berr(b, "enumerating",
					    NULL);
			}
		}
		L = last + 1;
		for (s = L; s < 5; s++)
			if (exact_vec_merge(b, &pend[s - L], &st[s]) < 0)
				return exact_berr(b, "enumerating", NULL);
	} else {
		L = 2;
		for (s = 0; s < 3; s++)
			pend[s] = st[s + 2];
		memset(st, 0, sizeof st);
	}
	/* pend[0] is layer L, pend[1] L+1, pend[2] L+2 */
	for (; L < EXACT_MAX_LAYERS - 2; L++) {
		struct exact_vec cur = pend[0];
		uint64_t pm[3] = { 0, 0, 0 };

		memset(&pend[0], 0, sizeof pend[0]);
		if (cur.n == 0 && pend[1].n == 0 && pend[2].n == 0) {
			exact_vec_free(b, &cur);
			break;
		}
		if (cur.n > 0 && expand_layer(b, cur.a, cur.n, pend, pm) < 0)
			return exact_berr(b, "enumerating", NULL);
		if (exact_save(b, 'p', L, pm, sizeof pm) < 0 ||
		    exact_save(b, 'k', L, cur.a, cur.n * 8) < 0)
			return -1;
		b->count[L] = cur.n;
		b->have[L] = cur.n > 0;
		b->top = L;
		states += cur.n;
		exact_vec_free(b, &cur);
		pend[0] = pend[1];
		pend[1] = pend[2];
		memset(&pend[2], 0, sizeof pend[2]);
		if (exact_progress(b, 0, (uint64_t)L * 2, (uint64_t)L,
		    (uint64_t)L, states, 0) < 0) {
			for (s = 0; s < 3; s++)
				exact_vec_free(b, &pend[s]);
			for (s = 0; s < 5; s++)
				exact_vec_free(b, &st[s]);
			return -1;
		}
	}
	for (s = 0; s < 3; s++)
		exact_vec_free(b, &pend[s]);
	for (s = 0; s < 5; s++)
		exact_vec_free(b, &st[s]);
	snprintf(mark, sizeof mark, "done\ntop %d\nstates %llu\n", b->top,
	    (unsigned long long)states);
	if (exact_write_file(b, path, mark) < 0)
		return -1;
done:
	b->rep.states = states;
	return 0;
}
