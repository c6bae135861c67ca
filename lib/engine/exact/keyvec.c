/*
 * keyvec.c - the growing vectors of keys the forward pass collects a
 * layer's children in, sorted by an LSD radix sort on bytes (passes over
 * a byte every key shares skipped) and merged, unique, so that a layer's
 * keys are written in order and looked up by bisection.
 */
#include <string.h>

#include "exact.h"

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

int
exact_vec_push(struct exact_build *b, struct exact_vec *v, uint64_t k)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 4096;
		uint64_t *a = exact_balloc(b, cap * sizeof *a);

		if (a == NULL)
			return -1;
		if (v->n)
			memcpy(a, v->a, v->n * sizeof *a);
		exact_bfree(b, v->a, v->cap * sizeof *a);
		v->a = a;
		v->cap = cap;
	}
	v->a[v->n++] = k;
	return 0;
}

void
exact_vec_free(struct exact_build *b, struct exact_vec *v)
{
	exact_bfree(b, v->a, v->cap * sizeof *v->a);
	memset(v, 0, sizeof *v);
}

/* Sort v and drop its duplicates (a scratch array as large). */
int
exact_vec_sort(struct exact_build *b, struct exact_vec *v)
{
	uint64_t *tmp;

	if (v->n < 2)
		return 0;
	if ((tmp = exact_balloc(b, v->n * sizeof *tmp)) == NULL)
		return -1;
	radix_sort(v->a, tmp, v->n);
	exact_bfree(b, tmp, v->n * sizeof *tmp);
	v->n = uniq(v->a, v->n);
	return 0;
}

/* Merge sorted, unique x into sorted, unique *into (x freed). */
int
exact_vec_merge(struct exact_build *b, struct exact_vec *into,
    struct exact_vec *x)
{
	struct exact_vec m = { NULL, 0, 0 };
	size_t i = 0, j = 0;

	if (x->n == 0) {
		exact_vec_free(b, x);
		return 0;
	}
	if (into->n == 0) {
		exact_vec_free(b, into);
		*into = *x;
		memset(x, 0, sizeof *x);
		return 0;
	}
	m.cap = into->n + x->n;
	if ((m.a = exact_balloc(b, m.cap * sizeof *m.a)) == NULL)
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
	exact_vec_free(b, into);
	exact_vec_free(b, x);
	*into = m;
	return 0;
}
