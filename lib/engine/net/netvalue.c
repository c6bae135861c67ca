/* netvalue.c - an n-tuple network's value of a board: its stage, the
 * weight indexes of the board's eight images, their sum. */
#include "grid.h"
#include "net.h"

int
net_stage(const g2048_net *n, g2048_grid g)
{
	int s, top;

	if (n->nstages == 1)
		return 0;
	top = g2048_max_rank(g);
	for (s = 1; s < n->nstages && top >= n->stage_rank[s]; s++)
		continue;
	return s - 1;
}

int
net_features_any(const g2048_net *n, uint64_t b, int stage, size_t *idx)
{
	uint64_t img[NET_IMAGES];
	size_t base = (size_t)stage * n->stage_size;
	int i, j, r, count = 0;

	net_images(b, img);
	for (j = 0; j < n->ntuples; j++) {
		const struct net_tuple *tp = &n->tuple[j];
		size_t at = base + tp->offset;

		/* one or two runs (4x6, 8x6): their shifts held in registers
		 * for the eight images (one run: a second of no cells): the
		 * loop over images per run costs training a fifth of its time */
		if (tp->nrun <= 2) {
			const struct net_run *r0 = &tp->run[0],
			    *r1 = &tp->run[tp->nrun - 1];
			uint64_t m1 = tp->nrun == 2 ? r1->mask : 0;

			for (i = 0; i < NET_IMAGES; i++)
				idx[count++] = at + (size_t)(
				    (img[i] >> r0->shift & r0->mask) |
				    (img[i] >> r1->shift & m1) << r1->out);
			continue;
		}
		for (i = 0; i < NET_IMAGES; i++) {
			uint64_t x = 0;

			for (r = 0; r < tp->nrun; r++)
				x |= (img[i] >> tp->run[r].shift &
				    tp->run[r].mask) << tp->run[r].out;
			idx[count++] = at + (size_t)x;
		}
	}
	if (n->stride != 1 || n->mixed)
		for (i = 0; i < count; i++)
			idx[i] = net_slot(n, idx[i]);
	return count;
}

double
g2048_net_value(const g2048_net *n, g2048_grid g)
{
	size_t idx[NET_FEATURES_MAX];
	int count = net_grid_features(n, g, 0, idx);

	return net_sum(n, idx, count);
}

int
g2048_net_stage(const g2048_net *n, g2048_grid g)
{
	return net_stage(n, g);
}

int
g2048_net_terms(const g2048_net *n, g2048_grid g, double *terms)
{
	size_t idx[NET_FEATURES_MAX];
	int j;

	net_grid_features(n, g, 0, idx);
	for (j = 0; j < n->ntuples; j++)
		terms[j] = net_sum(n, idx + j * NET_IMAGES, NET_IMAGES);
	return n->ntuples;
}
