/*
 * backward.c - the backward pass: every layer valued from the highest
 * down, each state from the values of its children in the two layers
 * above it (kept in memory, indexed for the look-ups), then the start.
 * The threads share a layer's states in a fixed order, so they never
 * change a bit of the values; a layer valued is a work file, so a build
 * that stopped goes on below the last one.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exact.h"

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
slot_index(struct exact_build *b, struct slot *s)
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
	if ((s->index = exact_balloc(b, ((1 << INDEX_BITS) + 1) *
	    sizeof *s->index)) == NULL)
		return exact_berr(b, "valuing", NULL);
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
	struct exact_build *b;
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

	/* bisection without branches, which the processor mispredicts
	 * half the time: the key's place is at or after base */
	if (lo < hi) {
		const uint64_t *base = s->keys + lo;
		size_t n = hi - lo;

		while (n > 1) {
			size_t half = n / 2;

			base = base[half] <= key ? base + half : base;
			n -= half;
		}
		if (*base == key)
			return s->vals + (size_t)(base - s->keys) * (size_t)nv;
	}
	return NULL;
}

/*
 * The children of afterstate a, each spawn in each empty cell in the
 * order the values are summed: their value vectors into cv (NULL after
 * the last) and their probabilities into p; the empty cells.  Each
 * vector is fetched as it is found, so that the misses of the cache
 * overlap before the sum reads them.
 */
static int
children(struct value_job *j, uint64_t a, const double **cv, double *p)
{
	struct exact_build *b = j->b;
	const struct exact_rules *r = &b->r;
	unsigned empty = exact_empty(r, a);
	size_t bytes = (size_t)b->nv * sizeof **cv;
	uint64_t img[EXACT_SYMS];
	int i, s, n = 0, ne = 0;

	exact_images_all(&b->images, a, img);
	for (i = 0; i < r->ncells; i++) {
		if (!(empty >> i & 1))
			continue;
		ne++;
		for (s = 0; s < 2; s++) {
			const double *v;
			size_t off;

			if ((p[n] = s ? b->p4 : b->p2) == 0)
				continue;
			v = find(j->up[s], b->nv, exact_canon_child(&b->images,
			    img, i, s + 1));
			if (v == NULL) {
				j->missing = 1;
				continue;
			}
			for (off = 0; off < bytes; off += 64)
				__builtin_prefetch((const char *)v + off);
			cv[n++] = v;
		}
	}
	cv[n] = NULL;
	return ne;
}

/* The value vector of one state (b->nv doubles at out). */
static void
value_of(struct value_job *j, uint64_t key, double *out)
{
	struct exact_build *b = j->b;
	const struct exact_rules *r = &b->r;
	int nr = b->nreach, nv = b->nv, maxr = exact_max_rank(r, key);
	int d, c, q, moved = 0;
	double best = -1, opt[EXACT_RANKS], pol[EXACT_RANKS];
	double e[1 + 2 * EXACT_RANKS], p[2 * 16 + 1];
	const double *cv[2 * 16 + 1];

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
		int m = exact_move(r, key, d, &a, &gain), ne;
		double v;

		if (m == EXACT_ILLEGAL)
			continue;
		if (m == EXACT_PRUNED) {
			if (best < 0)
				best = 0;   /* a failure */
			continue;
		}
		ne = children(j, a, cv, p);
		memset(e, 0, sizeof e[0] * (size_t)nv);
		for (c = 0; cv[c] != NULL; c++)
			for (q = 0; q < nv; q++)
				e[q] += p[c] * cv[c][q];
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
value_layer(struct exact_build *b, struct slot *cur, struct slot *up1,
    struct slot *up2)
{
	struct value_job job[G2048_THREADS_MAX];
	int t, nt = b->o->threads;
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
	}
	exact_run_jobs(job, sizeof job[0], nt, value_run);
	for (t = 0; t < nt; t++)
		if (job[t].missing) {
			snprintf(b->err, b->errsize, "internal error: a state "
			    "of layer %d is missing its children", cur->layer);
			return -1;
		}
	return 0;
}

static void
slot_free(struct exact_build *b, struct slot *s)
{
	exact_bfree(b, s->keys, s->n * 8);
	exact_bfree(b, s->vals, s->n * sizeof(double) * (size_t)b->nv);
	exact_bfree(b, s->index, ((1 << INDEX_BITS) + 1) * sizeof *s->index);
	memset(s, 0, sizeof *s);
	s->layer = -1;
}

/*
 * A layer's values as work files: the objective in its v-file, for the
 * table; the reach probabilities (board, score) in its a-file, needed
 * only by the two layers below it, so removed after them, and read
 * back only by a build that goes on from them or by the start (layers 2
 * to 4): a build in a directory removed when it stops (its own, or one
 * the caller says is temporary) writes none above layer 4 (on 3x3, 8.6
 * GB of writes spared).
 */
static int
save_vals(struct exact_build *b, int layer, const double *vals, size_t n)
{
	size_t nv = (size_t)b->nv, na = nv - 1, i;
	double *col;
	int rc;

	if ((col = exact_balloc(b, n * (na > 1 ? na : 1) * sizeof *col + 8)) ==
	    NULL)
		return exact_berr(b, "valuing", NULL);
	for (i = 0; i < n; i++)
		col[i] = vals[i * nv];
	rc = exact_save(b, 'v', layer, col, n * sizeof *col);
	if (rc == 0 && na > 0 && (!(b->own_dir || b->o->temporary) ||
	    layer <= 4)) {
		for (i = 0; i < n; i++)
			memcpy(col + i * na, vals + i * nv + 1, na * sizeof *col);
		rc = exact_save(b, 'a', layer, col, n * na * sizeof *col);
	}
	exact_bfree(b, col, n * (na > 1 ? na : 1) * sizeof *col + 8);
	return rc;
}

static double *
load_vals(struct exact_build *b, int layer, size_t n)
{
	size_t nv = (size_t)b->nv, na = nv - 1, i;
	double *vals, *col, *aux;

	if ((col = exact_load(b, 'v', layer, n * sizeof *col)) == NULL)
		return NULL;
	if (na == 0)
		return col;
	if ((aux = exact_load(b, 'a', layer, n * na * sizeof *aux)) == NULL ||
	    (vals = exact_balloc(b, n * nv * sizeof *vals)) == NULL) {
		exact_bfree(b, col, n * sizeof *col);
		if (aux != NULL)
			exact_bfree(b, aux, n * na * sizeof *aux);
		exact_berr(b, "valuing", NULL);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		vals[i * nv] = col[i];
		memcpy(vals + i * nv + 1, aux + i * na, na * sizeof *aux);
	}
	exact_bfree(b, col, n * sizeof *col);
	exact_bfree(b, aux, n * na * sizeof *aux);
	return vals;
}

static int
slot_load(struct exact_build *b, struct slot *s, int layer, int with_vals)
{
	size_t vbytes = b->count[layer] * sizeof(double) * (size_t)b->nv;

	s->layer = layer;
	s->n = b->count[layer];
	s->keys = NULL;
	s->vals = NULL;
	s->index = NULL;
	if ((s->keys = exact_load(b, 'k', layer, s->n * 8)) == NULL ||
	    slot_index(b, s) < 0)
		return -1;
	if (with_vals)
		s->vals = load_vals(b, layer, s->n);
	else if ((s->vals = exact_balloc(b, vbytes)) == NULL)
		exact_berr(b, "valuing", NULL);
	return s->vals == NULL ? -1 : 0;
}

struct start_ctx {
	struct slot *slot[3];       /* layers 2, 3, 4 */
	double sum[1 + 2 * EXACT_RANKS];
	int missing;
};

static int
start_value(struct exact_build *b, uint64_t k, double p, void *ctx)
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

int
exact_backward(struct exact_build *b)
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
		if (!exact_exists(b, 'v', low - 1, b->count[low - 1] *
		    sizeof(double)))
			break;
	/* the reach of the two layers above the next must be there too */
	for (L = low; L <= low + 1 && L <= b->top && b->nv > 1; L++)
		if (!exact_exists(b, 'a', L, b->count[L] * sizeof(double) *
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

			exact_path_of(b, ap, sizeof ap, 'a', L + 2);
			unlink(ap);
		}
		done += cur.n;
		slot_free(b, &sl[2]);
		sl[2] = sl[1];
		sl[1] = cur;
		if (exact_progress(b, 1, (uint64_t)L * 2, (uint64_t)b->top,
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
		exact_starts(b, start_value, &c);
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
