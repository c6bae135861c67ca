/*
 * build.c - a table built: the states reachable from the start,
 * enumerated forward by layers of tile sum (a spawn adds 2 or 4), then
 * valued backward from the highest layer, on all threads.  Every layer
 * finished is a file of the work directory, so a build that stopped goes
 * on from there.  The values are computed state by state in a fixed
 * order, so the threads never change a bit of them.
 *
 * One file past 500 lines: the two passes, the work files they share,
 * and the table written from those files (with the checksum the reader
 * also uses) all work on one struct build.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exact.h"

#define MAX_LAYERS 32768        /* sums up to 65534 */

struct vec {
	uint64_t *a;
	size_t n, cap;
};

struct build {
	struct exact_rules r;
	struct exact_lines lines;
	const g2048_exact_opts *o;
	char dir[1024];
	int own_dir;                /* made here: removed at the end */
	int lock;                   /* the work directory's lock file */
	int nv;                     /* doubles a state: value, then reach */
	int nreach;                 /* reach ranks 1..nreach (board, score) */
	double p2, p4;
	struct timespec t0;
	pthread_mutex_t mlock;      /* of mem and mem_peak */
	uint64_t mem, mem_peak;
	/* the layers found: sum/2 -> count (0: none) */
	uint64_t count[MAX_LAYERS];
	int have[MAX_LAYERS];
	int top;                    /* the highest layer index */
	g2048_exact_report rep;
	char *err;
	size_t errsize;
};

static double
elapsed(const struct build *b)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - b->t0.tv_sec) +
	    (double)(t.tv_nsec - b->t0.tv_nsec) / 1e9;
}

static int
berr(struct build *b, const char *what, const char *path)
{
	if (b->err != NULL && b->errsize > 0)
		snprintf(b->err, b->errsize, "%s%s%s: %s", what,
		    path ? " " : "", path ? path : "", strerror(errno));
	return -1;
}

static void *
balloc(struct build *b, size_t n)
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

static void
bfree(struct build *b, void *p, size_t n)
{
	if (p != NULL) {
		pthread_mutex_lock(&b->mlock);
		b->mem -= n;
		pthread_mutex_unlock(&b->mlock);
		free(p);
	}
}

static int
progress(struct build *b, int phase, uint64_t sum, uint64_t layers,
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
	p.seconds = elapsed(b);
	p.memory = b->mem;
	if (b->o->progress(&p, b->o->ctx) == 0)
		return 0;
	snprintf(b->err, b->errsize, "stopped");
	return -1;
}

/* ---- sorting: LSD radix on bytes, passes over constant bytes skipped --- */

static void
radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
	size_t cnt[8][256], i;
	int pass;

	memset(cnt, 0, sizeof cnt);
	for (i = 0; i < n; i++)
		for (pass = 0; pass < 8; pass++)
			cnt[pass][a[i] >> (8 * pass) & 0xFF]++;
	for (pass = 0; pass < 8; pass++) {
		size_t sum = 0, c, j;

		for (j = 0; j < 256; j++)
			if (cnt[pass][j] == n)
				break;
		if (j < 256)
			continue;   /* every key has this byte */
		for (j = 0; j < 256; j++) {
			c = cnt[pass][j];
			cnt[pass][j] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			tmp[cnt[pass][a[i] >> (8 * pass) & 0xFF]++] = a[i];
		memcpy(a, tmp, n * sizeof *a);
	}
}

static size_t
uniq(uint64_t *a, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (m == 0 || a[m - 1] != a[i])
			a[m++] = a[i];
	return m;
}

static int
vec_push(struct build *b, struct vec *v, uint64_t k)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 4096;
		uint64_t *a = balloc(b, cap * sizeof *a);

		if (a == NULL)
			return -1;
		if (v->n)
			memcpy(a, v->a, v->n * sizeof *a);
		bfree(b, v->a, v->cap * sizeof *a);
		v->a = a;
		v->cap = cap;
	}
	v->a[v->n++] = k;
	return 0;
}

static void
vec_free(struct build *b, struct vec *v)
{
	bfree(b, v->a, v->cap * sizeof *v->a);
	memset(v, 0, sizeof *v);
}

/* Sort v and drop its duplicates (a scratch array as large). */
static int
vec_sort(struct build *b, struct vec *v)
{
	uint64_t *tmp;

	if (v->n < 2)
		return 0;
	if ((tmp = balloc(b, v->n * sizeof *tmp)) == NULL)
		return -1;
	radix_sort(v->a, tmp, v->n);
	bfree(b, tmp, v->n * sizeof *tmp);
	v->n = uniq(v->a, v->n);
	return 0;
}

/* Merge sorted, unique x into sorted, unique *into (x freed). */
static int
vec_merge(struct build *b, struct vec *into, struct vec *x)
{
	struct vec m = { NULL, 0, 0 };
	size_t i = 0, j = 0;

	if (x->n == 0) {
		vec_free(b, x);
		return 0;
	}
	if (into->n == 0) {
		vec_free(b, into);
		*into = *x;
		memset(x, 0, sizeof *x);
		return 0;
	}
	m.cap = into->n + x->n;
	if ((m.a = balloc(b, m.cap * sizeof *m.a)) == NULL)
		return -1;
	while (i < into->n || j < x->n) {
		uint64_t k;

		if (j == x->n || (i < into->n && into->a[i] < x->a[j]))
			k = into->a[i++];
		else if (i == into->n || x->a[j] < into->a[i])
			k = x->a[j++];
		else
			k = into->a[i++], j++;
		m.a[m.n++] = k;
	}
	vec_free(b, into);
	vec_free(b, x);
	*into = m;
	return 0;
}

/* ---- work files ------------------------------------------------------- */

static void
path_of(const struct build *b, char *p, size_t n, char kind, int layer)
{
	snprintf(p, n, "%s/%c-%05d", b->dir, kind, layer);
}

struct blob {
	const void *p;
	size_t n;
};

static int
fill_blob(int fd, const void *ctx)
{
	const struct blob *bl = ctx;

	return g2048_write_all(fd, bl->p, bl->n);
}

/* A work file, written beside and renamed, so that a killed build
 * leaves it whole or not at all.  Not synced: a work file lost in a
 * crash of the system is built again. */
static int
save(struct build *b, char kind, int layer, const void *p, size_t n)
{
	char path[1100], tmp[1200];
	int fd;

	path_of(b, path, sizeof path, kind, layer);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return berr(b, "cannot write", tmp);
	if (g2048_write_all(fd, p, n) < 0) {
		close(fd);
		unlink(tmp);
		return berr(b, "cannot write", tmp);
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return berr(b, "cannot write", path);
	}
	return 0;
}

/* Read a work file of n bytes; NULL with err if it is not there whole. */
static void *
load(struct build *b, char kind, int layer, size_t n)
{
	char path[1100];
	unsigned char *p;
	size_t got = 0;
	int fd;

	path_of(b, path, sizeof path, kind, layer);
	if ((fd = open(path, O_RDONLY)) < 0) {
		berr(b, "cannot open", path);
		return NULL;
	}
	if ((p = balloc(b, n)) == NULL) {
		close(fd);
		berr(b, "out of memory reading", path);
		return NULL;
	}
	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			close(fd);
			bfree(b, p, n);
			berr(b, "cannot read", path);
			return NULL;
		}
		got += (size_t)r;
	}
	close(fd);
	return p;
}

static int
exists(const struct build *b, char kind, int layer, size_t n)
{
	char path[1100];
	struct stat st;

	path_of(b, path, sizeof path, kind, layer);
	return stat(path, &st) == 0 && (size_t)st.st_size == n;
}

/* The work directory's description of the build: a resumed build must be
 * the same one. */
static int
check_dir(struct build *b)
{
	char path[1100], want[512], have[512];
	struct blob bl;
	int fd;
	ssize_t n;

	snprintf(want, sizeof want, "2048-table work 1\nrules %s %s\n"
	    "target %d\nobjective %d\nfour %.17g\n",
	    b->r.kind == EXACT_BOARD ? "board" : "pattern", b->r.spec,
	    b->r.target, b->r.objective, b->r.four);
	/* one build a directory: a lock the system drops when we end */
	snprintf(path, sizeof path, "%s/lock", b->dir);
	if ((b->lock = open(path, O_RDWR | O_CREAT, 0644)) < 0)
		return berr(b, "cannot open", path);
	{
		struct flock fl;

		memset(&fl, 0, sizeof fl);
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(b->lock, F_SETLK, &fl) < 0) {
			snprintf(b->err, b->errsize, "%s is in use by another "
			    "build", b->dir);
			return -1;
		}
	}
	snprintf(path, sizeof path, "%s/build", b->dir);
	if ((fd = open(path, O_RDONLY)) >= 0) {
		n = read(fd, have, sizeof have - 1);
		close(fd);
		have[n > 0 ? n : 0] = '\0';
		if (strcmp(have, want) != 0) {
			snprintf(b->err, b->errsize, "%s holds the work of "
			    "another build: remove it or name another", b->dir);
			return -1;
		}
		return 0;
	}
	bl.p = want;
	bl.n = strlen(want);
	if (g2048_file_replace(path, fill_blob, &bl) < 0)
		return berr(b, "cannot write", path);
	return 0;
}

static void
remove_work(struct build *b)
{
	char path[1100];
	int i;

	for (i = 0; i <= b->top; i++) {
		path_of(b, path, sizeof path, 'k', i);
		unlink(path);
		path_of(b, path, sizeof path, 'v', i);
		unlink(path);
		path_of(b, path, sizeof path, 'p', i);
		unlink(path);
		path_of(b, path, sizeof path, 'a', i);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/forward", b->dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/build", b->dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/lock", b->dir);
	unlink(path);
	if (b->own_dir)
		rmdir(b->dir);
}

/* ---- the forward pass ---------------------------------------------------- */

struct expand_job {
	struct build *b;
	const uint64_t *keys;
	size_t from, to;
	int layer;                  /* children must be above it */
	struct vec out[2];          /* children of +2 and +4 */
	uint64_t pruned_moves, pruned_states, moves;
	int failed;
};

/* Every child of key (after each legal move, each spawn) into out. */
static int
expand(struct expand_job *j, uint64_t key)
{
	struct build *b = j->b;
	const struct exact_rules *r = &b->r;
	int d, legal = 0, pruned = 0, i, s;

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
		for (i = 0; i < r->ncells; i++) {
			if (!(empty >> i & 1))
				continue;
			for (s = 0; s < 2; s++) {
				if ((s ? b->p4 : b->p2) == 0)
					continue;
				if (vec_push(b, &j->out[s], exact_canon(r,
				    exact_put(a, i, s + 1))) < 0)
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
	size_t i;
	int s;

	for (i = j->from; i < j->to; i++)
		if (expand(j, j->keys[i]) < 0) {
			j->failed = 1;
			return NULL;
		}
	for (s = 0; s < 2; s++)
		if (vec_sort(j->b, &j->out[s]) < 0) {
			j->failed = 1;
			return NULL;
		}
	return NULL;
}

/* Expand n keys of a layer on the threads, children into pend[+1], [+2]
 * (layer indexes: sum / 2). */
static int
expand_layer(struct build *b, const uint64_t *keys, size_t n,
    struct vec pend[3], uint64_t *pm)
{
	struct expand_job job[G2048_THREADS_MAX];
	pthread_t th[G2048_THREADS_MAX];
	int t, nt = b->o->threads, s, started[G2048_THREADS_MAX];

	if ((size_t)nt > n / 256 + 1)
		nt = (int)(n / 256 + 1);
	memset(job, 0, sizeof job[0] * (size_t)nt);
	for (t = 0; t < nt; t++) {
		job[t].b = b;
		job[t].keys = keys;
		job[t].from = n * (size_t)t / (size_t)nt;
		job[t].to = n * (size_t)(t + 1) / (size_t)nt;
		started[t] = t > 0 && pthread_create(&th[t], NULL, expand_run,
		    &job[t]) == 0;
		if (t > 0 && !started[t])
			expand_run(&job[t]);
	}
	expand_run(&job[0]);
	for (t = 1; t < nt; t++)
		if (started[t])
			pthread_join(th[t], NULL);
	for (t = 0; t < nt; t++) {
		if (job[t].failed) {
			errno = ENOMEM;
			return -1;
		}
		pm[0] += job[t].pruned_moves;
		pm[1] += job[t].pruned_states;
		pm[2] += job[t].moves;
		for (s = 0; s < 2; s++)
			if (vec_merge(b, &pend[s + 1], &job[t].out[s]) < 0)
				return -1;
	}
	return 0;
}

/* The start: two tiles spawned in the free cells, weighted as a new game.
 * fn gets each (canonical) state with its probability. */
static int
starts(struct build *b, int (*fn)(struct build *, uint64_t, double, void *),
    void *ctx)
{
	const struct exact_rules *r = &b->r;
	double pv[2] = { b->p2, b->p4 };
	int i, j, u, v;
	double n = r->nfree;

	for (i = 0; i < r->ncells; i++)
		for (j = 0; j < r->ncells; j++) {
			if (i == j || !(r->freemask >> i & 1) ||
			    !(r->freemask >> j & 1))
				continue;
			for (u = 0; u < 2; u++)
				for (v = 0; v < 2; v++) {
					double p = pv[u] * pv[v] / n / (n - 1);
					uint64_t k = r->blockers;

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
start_push(struct build *b, uint64_t k, double p, void *ctx)
{
	struct vec *v = ctx;

	(void)p;
	return vec_push(b, &v[exact_sum(&b->r, k) / 2], k);
}

/* The states of every image, counted from each canonical key. */
static uint64_t
images(const struct exact_rules *r, const uint64_t *keys, size_t n)
{
	uint64_t total = 0, img[EXACT_SYMS];
	size_t i;
	int s, t, m;

	for (i = 0; i < n; i++) {
		for (s = m = 0; s < r->nsyms; s++) {
			uint64_t k = exact_image(r, keys[i], s);

			for (t = 0; t < m && img[t] != k; t++)
				;
			if (t == m)
				img[m++] = k;
		}
		total += (uint64_t)m;
	}
	return total;
}

static int
forward(struct build *b)
{
	struct vec st[5] = { { NULL, 0, 0 } }, pend[3];
	char path[1100];
	int L, s, last = -1;
	uint64_t states = 0;
	struct stat sb;

	snprintf(path, sizeof path, "%s/forward", b->dir);
	memset(pend, 0, sizeof pend);
	if (starts(b, start_push, st) < 0)
		return berr(b, "enumerating", NULL);
	for (s = 0; s < 5; s++)
		if (vec_sort(b, &st[s]) < 0)
			return berr(b, "enumerating", NULL);
	/* layers found finished: go on after the last of them */
	for (L = 2; L < MAX_LAYERS; L++) {
		char kp[1100];

		path_of(b, kp, sizeof kp, 'k', L);
		if (stat(kp, &sb) != 0)
			break;
		b->count[L] = (uint64_t)sb.st_size / 8;
		b->have[L] = b->count[L] > 0;
		last = L;
	}
	if (stat(path, &sb) == 0 && last >= 0) {
		b->top = last;
		b->rep.layers_resumed = (uint64_t)last;
		for (L = 0; L <= last; L++)
			states += b->count[L];
		for (s = 0; s < 5; s++)
			vec_free(b, &st[s]);
		goto done;
	}
	if (last >= 0) {
		/* the two layers below the next one give its children */
		b->rep.layers_resumed = (uint64_t)last;
		for (L = last - 1; L <= last; L++) {
			uint64_t *keys;
			uint64_t pm[3] = { 0, 0, 0 };
			size_t n;
			struct vec tmp[3];

			if (L < 2 || (n = b->count[L]) == 0)
				continue;
			if ((keys = load(b, 'k', L, n * 8)) == NULL)
				return -1;
			memset(tmp, 0, sizeof tmp);
			if (expand_layer(b, keys, n, tmp, pm) < 0)
				return berr(b, "enumerating", NULL);
			bfree(b, keys, n * 8);
			vec_free(b, &tmp[0]);
			/* children of L-1 to L+1 (+2 spawns: layer L, done) */
			if (L == last - 1) {
				vec_free(b, &tmp[1]);
				if (vec_merge(b, &pend[0], &tmp[2]) < 0)
					return berr(b, "enumerating", NULL);
			} else {
				if (vec_merge(b, &pend[0], &tmp[1]) < 0 ||
				    vec_merge(b, &pend[1], &tmp[2]) < 0)
					return berr(b, "enumerating", NULL);
			}
		}
		for (L = 0; L <= last; L++)
			states += b->count[L];
		L = last + 1;
		for (s = L; s < 5; s++)
			if (vec_merge(b, &pend[s - L], &st[s]) < 0)
				return berr(b, "enumerating", NULL);
	} else {
		L = 2;
		for (s = 0; s < 3; s++)
			pend[s] = st[s + 2];
		memset(st, 0, sizeof st);
	}
	/* pend[0] is layer L, pend[1] L+1, pend[2] L+2 */
	for (; L < MAX_LAYERS - 2; L++) {
		struct vec cur = pend[0];
		uint64_t pm[3] = { 0, 0, 0 };

		memset(&pend[0], 0, sizeof pend[0]);
		if (cur.n == 0 && pend[1].n == 0 && pend[2].n == 0) {
			vec_free(b, &cur);
			break;
		}
		if (cur.n > 0 && expand_layer(b, cur.a, cur.n, pend, pm) < 0)
			return berr(b, "enumerating", NULL);
		if (save(b, 'p', L, pm, sizeof pm) < 0 ||
		    save(b, 'k', L, cur.a, cur.n * 8) < 0)
			return -1;
		b->count[L] = cur.n;
		b->have[L] = cur.n > 0;
		b->top = L;
		states += cur.n;
		vec_free(b, &cur);
		pend[0] = pend[1];
		pend[1] = pend[2];
		memset(&pend[2], 0, sizeof pend[2]);
		if (progress(b, 0, (uint64_t)L * 2, (uint64_t)L, (uint64_t)L,
		    states, 0) < 0) {
			for (s = 0; s < 3; s++)
				vec_free(b, &pend[s]);
			for (s = 0; s < 5; s++)
				vec_free(b, &st[s]);
			return -1;
		}
	}
	for (s = 0; s < 3; s++)
		vec_free(b, &pend[s]);
	for (s = 0; s < 5; s++)
		vec_free(b, &st[s]);
	{
		struct blob bl = { "done\n", 5 };

		if (g2048_file_replace(path, fill_blob, &bl) < 0)
			return berr(b, "cannot write", path);
	}
done:
	b->rep.states = states;
	return 0;
}

/* ---- the backward pass --------------------------------------------------- */

struct slot {
	uint64_t *keys;
	double *vals;
	size_t n;
	int layer;
	/* the keys by their 16 highest bits that differ: index[h] is the
	 * first key of bucket h (large layers only) */
	uint32_t *index;
	int shift;
};

#define INDEX_BITS 16
#define INDEX_MIN  4096

static int
slot_index(struct build *b, struct slot *s)
{
	uint64_t x;
	size_t i;
	uint32_t h;
	int top = 0;

	s->index = NULL;
	if (s->n < INDEX_MIN)
		return 0;
	x = s->keys[0] ^ s->keys[s->n - 1];
	while (top < 63 && x >> (top + 1) != 0)
		top++;
	s->shift = top + 1 > INDEX_BITS ? top + 1 - INDEX_BITS : 0;
	if ((s->index = balloc(b, ((1 << INDEX_BITS) + 1) * sizeof *s->index))
	    == NULL)
		return berr(b, "valuing", NULL);
	for (i = 0, h = 0; i < s->n; i++) {
		uint32_t k = (uint32_t)(s->keys[i] >> s->shift) &
		    ((1 << INDEX_BITS) - 1);

		while (h <= k)
			s->index[h++] = (uint32_t)i;
	}
	while (h <= 1 << INDEX_BITS)
		s->index[h++] = (uint32_t)s->n;
	return 0;
}

struct value_job {
	struct build *b;
	const struct slot *cur, *up[2];     /* layers +1 (a 2), +2 (a 4) */
	size_t from, to;
	int missing;
};

static const double *
find(const struct slot *s, int nv, uint64_t key)
{
	size_t lo = 0, hi = s->n;

	if (s->index != NULL) {
		uint32_t h;

		if ((key ^ s->keys[0]) >> s->shift >> INDEX_BITS != 0)
			return NULL;
		h = (uint32_t)(key >> s->shift) & ((1 << INDEX_BITS) - 1);
		lo = s->index[h];
		hi = s->index[h + 1];
	}

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < s->n && s->keys[lo] == key)
		return s->vals + lo * (size_t)nv;
	return NULL;
}

/* The value vector of one state (b->nv doubles at out). */
static void
value_of(struct value_job *j, uint64_t key, double *out)
{
	struct build *b = j->b;
	const struct exact_rules *r = &b->r;
	int nr = b->nreach, nv = b->nv, maxr = exact_max_rank(r, key);
	int d, i, s, q, moved = 0;
	double best = -1, opt[EXACT_RANKS], pol[EXACT_RANKS];
	double e[1 + 2 * EXACT_RANKS];

	for (q = 0; q < nr; q++)
		opt[q] = pol[q] = q + 1 <= maxr;
	if (exact_won(r, key)) {
		out[0] = r->objective == G2048_EXACT_PROB ? 1 : 0;
		goto reach;
	}
	if (exact_lost(r, key)) {
		out[0] = 0;
		goto reach;
	}
	for (d = 0; d < G2048_NDIRS; d++) {
		uint64_t a;
		uint32_t gain;
		unsigned empty;
		int m = exact_move(r, key, d, &a, &gain), ne = 0;
		double v;

		if (m == EXACT_ILLEGAL)
			continue;
		if (m == EXACT_PRUNED) {
			if (best < 0)
				best = 0;   /* a failure */
			continue;
		}
		empty = exact_empty(r, a);
		memset(e, 0, sizeof e[0] * (size_t)nv);
		for (i = 0; i < r->ncells; i++) {
			if (!(empty >> i & 1))
				continue;
			ne++;
			for (s = 0; s < 2; s++) {
				double p = s ? b->p4 : b->p2;
				const double *cv;

				if (p == 0)
					continue;
				cv = find(j->up[s], nv, exact_canon(r,
				    exact_put(a, i, s + 1)));
				if (cv == NULL) {
					j->missing = 1;
					continue;
				}
				for (q = 0; q < nv; q++)
					e[q] += p * cv[q];
			}
		}
		for (q = 0; q < nv; q++)
			e[q] /= ne;
		v = e[0];
		if (r->objective == G2048_EXACT_SCORE)
			v += gain;
		for (q = 0; q < nr; q++)
			if (e[1 + q] > opt[q])
				opt[q] = e[1 + q];
		if (!moved || v > best) {
			best = v;
			for (q = 0; q < nr; q++)
				pol[q] = q + 1 <= maxr ? 1 : e[1 + nr + q];
		}
		moved = 1;
	}
	out[0] = best > 0 ? best : 0;
reach:
	for (q = 0; q < nr; q++) {
		out[1 + q] = opt[q];
		out[1 + nr + q] = pol[q];
	}
}

static void *
value_run(void *arg)
{
	struct value_job *j = arg;
	size_t i;

	for (i = j->from; i < j->to; i++)
		value_of(j, j->cur->keys[i], j->cur->vals + i * (size_t)j->b->nv);
	return NULL;
}

static int
value_layer(struct build *b, struct slot *cur, struct slot *up1,
    struct slot *up2)
{
	struct value_job job[G2048_THREADS_MAX];
	pthread_t th[G2048_THREADS_MAX];
	int t, nt = b->o->threads, started[G2048_THREADS_MAX];
	size_t n = cur->n;

	if ((size_t)nt > n / 64 + 1)
		nt = (int)(n / 64 + 1);
	memset(job, 0, sizeof job);
	for (t = 0; t < nt; t++) {
		job[t].b = b;
		job[t].cur = cur;
		job[t].up[0] = up1;
		job[t].up[1] = up2;
		job[t].from = n * (size_t)t / (size_t)nt;
		job[t].to = n * (size_t)(t + 1) / (size_t)nt;
		started[t] = t > 0 && pthread_create(&th[t], NULL, value_run,
		    &job[t]) == 0;
		if (t > 0 && !started[t])
			value_run(&job[t]);
	}
	value_run(&job[0]);
	for (t = 1; t < nt; t++)
		if (started[t])
			pthread_join(th[t], NULL);
	for (t = 0; t < nt; t++)
		if (job[t].missing) {
			snprintf(b->err, b->errsize, "internal error: a state "
			    "of layer %d is missing its children", cur->layer);
			return -1;
		}
	return 0;
}

static void
slot_free(struct build *b, struct slot *s)
{
	bfree(b, s->keys, s->n * 8);
	bfree(b, s->vals, s->n * sizeof(double) * (size_t)b->nv);
	bfree(b, s->index, ((1 << INDEX_BITS) + 1) * sizeof *s->index);
	memset(s, 0, sizeof *s);
	s->layer = -1;
}

/*
 * A layer's values as work files: the objective in its v-file, for the
 * table; the reach probabilities (board, score) in its a-file, needed
 * only by the two layers below it, so removed after them.
 */
static int
save_vals(struct build *b, int layer, const double *vals, size_t n)
{
	size_t nv = (size_t)b->nv, na = nv - 1, i;
	double *col;
	int rc;

	if ((col = balloc(b, n * (na > 1 ? na : 1) * sizeof *col + 8)) == NULL)
		return berr(b, "valuing", NULL);
	for (i = 0; i < n; i++)
		col[i] = vals[i * nv];
	rc = save(b, 'v', layer, col, n * sizeof *col);
	if (rc == 0 && na > 0) {
		for (i = 0; i < n; i++)
			memcpy(col + i * na, vals + i * nv + 1, na * sizeof *col);
		rc = save(b, 'a', layer, col, n * na * sizeof *col);
	}
	bfree(b, col, n * (na > 1 ? na : 1) * sizeof *col + 8);
	return rc;
}

static double *
load_vals(struct build *b, int layer, size_t n)
{
	size_t nv = (size_t)b->nv, na = nv - 1, i;
	double *vals, *col, *aux;

	if ((col = load(b, 'v', layer, n * sizeof *col)) == NULL)
		return NULL;
	if (na == 0)
		return col;
	if ((aux = load(b, 'a', layer, n * na * sizeof *aux)) == NULL ||
	    (vals = balloc(b, n * nv * sizeof *vals)) == NULL) {
		bfree(b, col, n * sizeof *col);
		if (aux != NULL)
			bfree(b, aux, n * na * sizeof *aux);
		berr(b, "valuing", NULL);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		vals[i * nv] = col[i];
		memcpy(vals + i * nv + 1, aux + i * na, na * sizeof *aux);
	}
	bfree(b, col, n * sizeof *col);
	bfree(b, aux, n * na * sizeof *aux);
	return vals;
}

static int
slot_load(struct build *b, struct slot *s, int layer, int with_vals)
{
	size_t vbytes = b->count[layer] * sizeof(double) * (size_t)b->nv;

	s->layer = layer;
	s->n = b->count[layer];
	s->keys = NULL;
	s->vals = NULL;
	s->index = NULL;
	if ((s->keys = load(b, 'k', layer, s->n * 8)) == NULL ||
	    slot_index(b, s) < 0)
		return -1;
	if (with_vals)
		s->vals = load_vals(b, layer, s->n);
	else if ((s->vals = balloc(b, vbytes)) == NULL)
		berr(b, "valuing", NULL);
	return s->vals == NULL ? -1 : 0;
}

struct start_ctx {
	struct slot *slot[3];       /* layers 2, 3, 4 */
	double sum[1 + 2 * EXACT_RANKS];
	int missing;
};

static int
start_value(struct build *b, uint64_t k, double p, void *ctx)
{
	struct start_ctx *c = ctx;
	int L = (int)(exact_sum(&b->r, k) / 2), q;
	const double *v = find(c->slot[L - 2], b->nv, k);

	if (v == NULL) {
		c->missing = 1;
		return 0;
	}
	for (q = 0; q < b->nv; q++)
		c->sum[q] += p * v[q];
	return 0;
}

static int
backward(struct build *b)
{
	struct slot sl[3];
	int L, low, q, i;
	uint64_t done = 0;

	for (i = 0; i < 3; i++) {
		memset(&sl[i], 0, sizeof sl[i]);
		sl[i].layer = -1;
	}
	/* the layers valued already, from the top down */
	for (low = b->top + 1; low > 2; low--)
		if (!exists(b, 'v', low - 1, b->count[low - 1] * sizeof(double)))
			break;
	/* the reach of the two layers above the next must be there too */
	for (L = low; L <= low + 1 && L <= b->top && b->nv > 1; L++)
		if (!exists(b, 'a', L, b->count[L] * sizeof(double) *
		    (size_t)(b->nv - 1)))
			low = b->top + 1;
	if (low <= b->top)
		b->rep.layers_resumed += (uint64_t)(b->top + 1 - low);
	for (L = low; L <= b->top; L++)
		done += b->count[L];
	for (L = low; L <= low + 1 && L <= b->top; L++)
		if (slot_load(b, &sl[L - low + 1], L, 1) < 0)
			return -1;
	if (low > b->top)
		for (i = 1; i < 3; i++)
			sl[i].layer = low + i - 1;
	for (L = low - 1; L >= 2; L--) {
		struct slot cur;

		if (slot_load(b, &cur, L, 0) < 0)
			return -1;
		if (value_layer(b, &cur, &sl[1], &sl[2]) < 0)
			return -1;
		if (save_vals(b, L, cur.vals, cur.n) < 0)
			return -1;
		if (L + 2 > 4) {
			char ap[1100];

			path_of(b, ap, sizeof ap, 'a', L + 2);
			unlink(ap);
		}
		done += cur.n;
		slot_free(b, &sl[2]);
		sl[2] = sl[1];
		sl[1] = cur;
		if (progress(b, 1, (uint64_t)L * 2, (uint64_t)b->top,
		    (uint64_t)(b->top - L + 1), done, b->rep.states) < 0) {
			for (i = 0; i < 3; i++)
				slot_free(b, &sl[i]);
			return -1;
		}
	}
	/* the start: layers 2, 3, 4 */
	{
		struct start_ctx c;
		struct slot s4;

		memset(&c, 0, sizeof c);
		memset(&s4, 0, sizeof s4);
		if (low == 2) {
			/* every layer was valued before: load 2 to 4 */
			slot_free(b, &sl[1]);
			slot_free(b, &sl[2]);
			if (slot_load(b, &sl[1], 2, 1) < 0 ||
			    slot_load(b, &sl[2], 3, 1) < 0)
				return -1;
		}
		if (b->top >= 4 && slot_load(b, &s4, 4, 1) < 0)
			return -1;
		if (b->top < 4)
			s4.layer = 4;
		c.slot[0] = &sl[1];
		c.slot[1] = &sl[2];
		c.slot[2] = &s4;
		starts(b, start_value, &c);
		if (c.missing) {
			snprintf(b->err, b->errsize, "internal error: a start "
			    "state is missing");
			return -1;
		}
		b->rep.start = c.sum[0];
		b->rep.has_reach = b->nreach > 0;
		for (q = 0; q < b->nreach && q + 1 < G2048_EXACT_RANKS; q++) {
			/* (a sum of probabilities may pass 1 by rounding) */
			b->rep.reach_opt[q + 1] = c.sum[1 + q] < 1 ?
			    c.sum[1 + q] : 1;
			b->rep.reach_pol[q + 1] = c.sum[1 + b->nreach + q] < 1 ?
			    c.sum[1 + b->nreach + q] : 1;
		}
		slot_free(b, &s4);
	}
	for (i = 0; i < 3; i++)
		slot_free(b, &sl[i]);
	return 0;
}

/* ---- the table file ------------------------------------------------------ */

struct hasher {
	uint64_t h, len;
	unsigned char part[8];
	int npart;
};

#define HASH_MUL 0x9E3779B97F4A7C15ULL

static void
hash_word(struct hasher *hs, uint64_t w)
{
	hs->h = (hs->h ^ w) * HASH_MUL;
	hs->h = hs->h << 31 | hs->h >> 33;
}

static void
hash_add(struct hasher *hs, const unsigned char *p, size_t n)
{
	hs->len += n;
	while (n > 0 && hs->npart > 0 && hs->npart < 8) {
		hs->part[hs->npart++] = *p++;
		n--;
		if (hs->npart == 8) {
			hash_word(hs, exact_rd64(hs->part));
			hs->npart = 0;
		}
	}
	for (; n >= 8; n -= 8, p += 8)
		hash_word(hs, exact_rd64(p));
	while (n-- > 0)
		hs->part[hs->npart++] = *p++;
}

static uint64_t
hash_end(struct hasher *hs)
{
	unsigned char last[8] = { 0 };
	uint64_t h;

	memcpy(last, hs->part, (size_t)hs->npart);
	hash_word(hs, exact_rd64(last));
	h = hs->h ^ hs->len;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

uint64_t
exact_checksum(const unsigned char *p, size_t n)
{
	struct hasher hs = { 0x2048, 0, { 0 }, 0 };

	hash_add(&hs, p, n);
	return hash_end(&hs);
}

/* The body of the file after its header (the layer index, the keys, the
 * values), to a file or to the hasher. */
struct emit {
	struct build *b;
	struct hasher hs;
	int fd;                     /* -1: hash only */
	char header[EXACT_HEADER];
};

static int
emit_bytes(struct emit *e, const unsigned char *p, size_t n)
{
	if (e->fd < 0) {
		hash_add(&e->hs, p, n);
		return 0;
	}
	return g2048_write_all(e->fd, p, n);
}

static int
emit_body(struct emit *e)
{
	struct build *b = e->b;
	unsigned char buf[1 << 16];
	size_t i, k;
	int L;

	for (L = 2; L <= b->top; L++) {
		if (!b->have[L])
			continue;
		exact_wr64(buf, (uint64_t)L * 2);
		exact_wr64(buf + 8, b->count[L]);
		if (emit_bytes(e, buf, 16) < 0)
			return -1;
	}
	for (L = 2; L <= b->top; L++) {
		uint64_t *keys;

		if (!b->have[L])
			continue;
		if ((keys = load(b, 'k', L, b->count[L] * 8)) == NULL)
			return -1;
		for (i = 0; i < b->count[L]; i += k) {
			for (k = 0; k < sizeof buf / 8 && i + k < b->count[L]; k++)
				exact_wr64(buf + 8 * k, keys[i + k]);
			if (emit_bytes(e, buf, 8 * k) < 0) {
				bfree(b, keys, b->count[L] * 8);
				return -1;
			}
		}
		bfree(b, keys, b->count[L] * 8);
	}
	for (L = 2; L <= b->top; L++) {
		double *v;
		size_t nv = 1, vb = b->count[L] * sizeof *v;

		if (!b->have[L])
			continue;
		if ((v = load(b, 'v', L, vb)) == NULL)
			return -1;
		for (i = 0; i < b->count[L]; i += k) {
			for (k = 0; k < sizeof buf / 4 && i + k < b->count[L];
			    k++) {
				double x = v[(i + k) * nv];
				uint32_t u;

				if (b->r.objective == G2048_EXACT_PROB)
					u = exact_prob_u32(x);
				else {
					float f = (float)x;

					memcpy(&u, &f, 4);
				}
				exact_wr32(buf + 4 * k, u);
			}
			if (emit_bytes(e, buf, 4 * k) < 0) {
				bfree(b, v, vb);
				return -1;
			}
		}
		bfree(b, v, vb);
	}
	return 0;
}

static int
fill_table(int fd, const void *ctx)
{
	struct emit *e = (struct emit *)(uintptr_t)ctx;

	e->fd = fd;
	if (g2048_write_all(fd, e->header, EXACT_HEADER) < 0)
		return -1;
	return emit_body(e);
}

static int
write_table(struct build *b, const char *path)
{
	static const struct hasher h0 = { 0x2048, 0, { 0 }, 0 };
	struct exact_header h;
	struct emit *e;
	int L, q, rc;

	if ((e = malloc(sizeof *e)) == NULL)
		return berr(b, "writing", path);
	memset(&h, 0, sizeof h);
	h.version = 1;
	h.rules = b->r;
	h.value_kind = b->r.objective == G2048_EXACT_PROB ? 0 : 1;
	h.states = b->rep.states;
	for (L = 2; L <= b->top; L++)
		h.nlayers += b->have[L] != 0;
	h.states_plain = b->rep.states_plain;
	h.pruned_moves = b->rep.pruned_moves;
	h.pruned_states = b->rep.pruned_states;
	h.moves = b->rep.moves;
	h.start = b->rep.start;
	h.has_reach = b->rep.has_reach;
	h.maxrank = b->rep.maxrank;
	for (q = 0; q < EXACT_RANKS; q++) {
		h.reach_opt[q] = b->rep.reach_opt[q];
		h.reach_pol[q] = b->rep.reach_pol[q];
	}
	h.bytes = EXACT_HEADER + 16 * h.nlayers + 12 * h.states;
	e->b = b;
	e->hs = h0;
	e->fd = -1;
	if (emit_body(e) < 0) {
		free(e);
		return -1;
	}
	h.checksum = hash_end(&e->hs);
	if (exact_header_format(&h, e->header) < 0) {
		free(e);
		snprintf(b->err, b->errsize, "internal error: header too long");
		return -1;
	}
	rc = g2048_file_replace(path, fill_table, e);
	free(e);
	if (rc < 0)
		return berr(b, "cannot write", path);
	b->rep.layers = h.nlayers;
	b->rep.bytes = h.bytes;
	b->rep.checksum = h.checksum;
	return 0;
}

/* ---- the build ------------------------------------------------------------ */

void
g2048_exact_defaults(g2048_exact_opts *o)
{
	memset(o, 0, sizeof *o);
	o->rows = o->cols = 3;
	o->objective = G2048_EXACT_SCORE;
	o->four = 0.1;
	o->threads = 1;
}

/* Counts over every layer: the states of all images, the pruned moves. */
static int
totals(struct build *b)
{
	int L;

	for (L = 2; L <= b->top; L++) {
		uint64_t pm[3], *keys;

		if (!b->have[L])
			continue;
		if ((keys = load(b, 'p', L, sizeof pm)) == NULL)
			return -1;
		memcpy(pm, keys, sizeof pm);
		bfree(b, keys, sizeof pm);
		b->rep.pruned_moves += pm[0];
		b->rep.pruned_states += pm[1];
		b->rep.moves += pm[2];
		if ((keys = load(b, 'k', L, b->count[L] * 8)) == NULL)
			return -1;
		b->rep.states_plain += images(&b->r, keys, b->count[L]);
		bfree(b, keys, b->count[L] * 8);
	}
	return 0;
}

int
g2048_exact_build(const g2048_exact_opts *o, const char *path,
    g2048_exact_report *rep, char *err, size_t errsize)
{
	struct build *b;
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
	if ((b = calloc(1, sizeof *b)) == NULL) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
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
			berr(b, "cannot make", b->dir);
			goto out;
		}
	} else {
		const char *tmp = getenv("TMPDIR");

		snprintf(b->dir, sizeof b->dir, "%s/2048-table.XXXXXX",
		    tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(b->dir) == NULL) {
			berr(b, "cannot make", b->dir);
			goto out;
		}
		b->own_dir = 1;
	}
	if (check_dir(b) < 0 || forward(b) < 0 || backward(b) < 0 ||
	    totals(b) < 0)
		goto out;
	for (q = G2048_EXACT_RANKS - 1; q > 0; q--)
		if (b->rep.reach_opt[q] > 0)
			break;
	b->rep.maxrank = b->rep.has_reach ? q : b->r.target;
	if (progress(b, 2, 0, (uint64_t)b->top, (uint64_t)b->top,
	    b->rep.states, b->rep.states) < 0 || write_table(b, path) < 0)
		goto out;
	rc = 0;
	remove_work(b);
out:
	if (rc < 0 && b->own_dir)
		remove_work(b);
	b->rep.memory_peak = b->mem_peak;
	b->rep.seconds = elapsed(b);
	if (rep != NULL)
		*rep = b->rep;
	pthread_mutex_destroy(&b->mlock);
	if (b->lock >= 0)
		close(b->lock);
	free(b);
	return rc;
}
