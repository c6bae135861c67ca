/* neteval.c - a net as an evaluator (eval.h's struct eval_kind): the
 * search's leaves valued by the net, tile-downgraded as it asks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "eval.h"
#include "net.h"

struct net_eval {
	struct g2048_eval base;
	const g2048_net *net;
};

static const g2048_net *
net_of(const g2048_eval *e)
{
	return ((const struct net_eval *)e)->net;
}

static double
net_eval_value(const g2048_eval *e, g2048_grid g, int downgrade)
{
	const g2048_net *n = net_of(e);
	size_t idx[NET_FEATURES_MAX];
	int count = net_grid_features(n, g, downgrade, idx);

	return net_sum(n, idx, count);
}

/* The weights each leaf reads are asked for before any is summed, so
 * that their cache misses overlap (a net's tables are far larger than
 * cache). */
static double
net_eval_best_leaf(const g2048_eval *e, g2048_grid g,
    const g2048_grid next[G2048_NDIRS], const double reward[G2048_NDIRS],
    int downgrade, int *moves)
{
	const g2048_net *n = net_of(e);
	size_t idx[G2048_NDIRS][NET_FEATURES_MAX];
	int count[G2048_NDIRS] = { 0 }, d, i;
	double best = -HUGE_VAL, v;

	*moves = 0;
	for (d = 0; d < G2048_NDIRS; d++) {
		if (g2048_grid_eq(next[d], g))
			continue;
		count[d] = net_grid_features(n, next[d], downgrade, idx[d]);
		for (i = 0; i < count[d]; i++)
			__builtin_prefetch(&n->w[idx[d][i]]);
	}
	for (d = 0; d < G2048_NDIRS; d++) {
		if (count[d] == 0)
			continue;
		++*moves;
		v = reward[d] + net_sum(n, idx[d], count[d]);
		if (v > best)
			best = v;
	}
	return best;
}

/* A net has no named parameters, and its parts are g2048_net_terms(). */
static int
net_eval_params(const g2048_eval *e, const char **names, double *values)
{
	(void)e;
	(void)names;
	(void)values;
	return 0;
}

static int
net_eval_terms(const g2048_eval *e, g2048_grid g, g2048_eval_term *terms)
{
	(void)e;
	(void)g;
	(void)terms;
	return 0;
}

static void
net_eval_free(g2048_eval *e)
{
	free(e);
}

static const struct eval_kind net_kind = {
	"net", 1, net_eval_value, net_eval_best_leaf, net_eval_params,
	net_eval_terms, net_eval_free, NULL, NULL, NULL
};

g2048_eval *
g2048_eval_net(const g2048_net *n, char *err, size_t errsize)
{
	struct net_eval *e;

	if ((e = malloc(sizeof(*e))) == NULL) {
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	e->base.kind = &net_kind;
	e->net = n;
	return &e->base;
}
