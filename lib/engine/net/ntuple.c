/* ntuple.c - n-tuple networks: their layout, stages and memory (the
 * value is netvalue.c's).  One file of over 500 lines: a net's layout is
 * made, promoted and copied by the same tables of tuples and stages. */
#define _DEFAULT_SOURCE          /* MAP_ANONYMOUS, madvise: where they exist */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "net.h"

/* The named structures of the literature. */
static const struct {
	const char *name, *tuples;
} named_nets[] = {
	/* Yeh et al. (2016) */
	{ "4x6", "012345 456789 012456 45689a" },
	{ "5x6", "012345 456789 89abcd 012456 45689a" },
	/* Matsuzaki (2016) */
	{ "8x6", "012456 456789 012345 234569 01259a 345678 134567 01489a" },
};

/* Weights a net may hold in all: 2^32 floats (16 GiB). */
#define NET_WEIGHTS_MAX ((uint64_t)1 << 32)

static int
fail(char *err, size_t errsize, const char *fmt, const char *arg)
{
	if (errsize)
		snprintf(err, errsize, fmt, arg);
	return -1;
}

static int
hex_cell(int c)
{
	static const char digits[] = "0123456789abcdef";
	const char *p = c ? strchr(digits, tolower(c)) : NULL;

	return p ? (int)(p - digits) : -1;
}

static int
cmp_cell(const void *a, const void *b)
{
	return *(const unsigned char *)a - *(const unsigned char *)b;
}

/* The runs of consecutive cells that make the tuple's index. */
static void
tuple_runs(struct net_tuple *t)
{
	int i, start;

	t->nrun = 0;
	for (i = 0; i < t->k; i = start) {
		struct net_run *r = &t->run[t->nrun++];

		for (start = i + 1; start < t->k &&
		    t->cell[start] == t->cell[start - 1] + 1; start++)
			continue;
		r->shift = 4u * t->cell[i];
		r->out = 4u * (unsigned)i;
		r->mask = ((uint64_t)1 << (4 * (start - i))) - 1;
	}
}

/* One tuple's cells from a word of hex digits. */
static int
parse_tuple(struct net_tuple *t, const char *word, size_t len, char *err,
    size_t errsize)
{
	char text[32];
	size_t i;

	snprintf(text, sizeof text, "%.*s", (int)(len < 24 ? len : 24), word);
	if (len < 2 || len > G2048_NET_CELLS_MAX)
		return fail(err, errsize, "tuple '%s': a tuple has 2 to 7 cells",
		    text);
	t->k = (int)len;
	for (i = 0; i < len; i++) {
		int c = hex_cell((unsigned char)word[i]);

		if (c < 0)
			return fail(err, errsize, "tuple '%s': cells are hex "
			    "digits 0-f in reading order", text);
		t->cell[i] = (unsigned char)c;
	}
	qsort(t->cell, len, 1, cmp_cell);
	for (i = 1; i < len; i++)
		if (t->cell[i] == t->cell[i - 1])
			return fail(err, errsize, "tuple '%s': a cell is named "
			    "twice", text);
	tuple_runs(t);
	return 0;
}

static int
parse_tuples(g2048_net *n, const char *spec, char *err, size_t errsize)
{
	const char *p = spec;
	size_t i, len;

	for (i = 0; i < sizeof named_nets / sizeof named_nets[0]; i++)
		if (strcmp(spec, named_nets[i].name) == 0)
			p = named_nets[i].tuples;
	n->ntuples = 0;
	for (;;) {
		p += strspn(p, " ,");
		if (*p == '\0')
			break;
		len = strcspn(p, " ,");
		if (n->ntuples == G2048_NET_TUPLES_MAX)
			return fail(err, errsize, "%s: more than 32 tuples", spec);
		if (parse_tuple(&n->tuple[n->ntuples++], p, len, err,
		    errsize) < 0)
			return -1;
		p += len;
	}
	if (n->ntuples == 0)
		return fail(err, errsize, "net '%s': no tuples (use 4x6, 5x6, "
		    "8x6 or hex cell lists such as 012345,456789)", spec);
	return 0;
}

int
g2048_tile_list(const char *s, int *rank, int max)
{
	const char *p = s ? s : "";
	int n = 0;

	for (;;) {
		char *end;
		unsigned long long tile;
		int r;

		p += strspn(p, " ,");
		if (*p == '\0')
			return n;
		errno = 0;
		tile = strtoull(p, &end, 10);
		if (end == p || (*end && !strchr(" ,", *end)) || errno)
			return -1;
		r = g2048_rank_of(tile);
		if (r < 2 || (n > 0 && r <= rank[n - 1]))
			return -2;
		if (n == max)
			return -3;
		rank[n++] = r;
		p = end;
	}
}

/* "16384,32768" (or spaces): the tiles at which stages 1, 2 ... start. */
static int
parse_stages(g2048_net *n, const char *stages, char *err, size_t errsize)
{
	int count = g2048_tile_list(stages, n->stage_rank + 1,
	    G2048_NET_STAGES_MAX - 1);

	if (count == -1)
		return fail(err, errsize, "stages '%s': expected tiles "
		    "such as 16384,32768", stages);
	if (count == -2)
		return fail(err, errsize, "stages '%s': each stage starts "
		    "at a larger tile, from 4 to 131072", stages);
	if (count == -3)
		return fail(err, errsize, "stages '%s': at most 8 stages",
		    stages);
	n->nstages = 1 + count;
	return 0;
}

int
net_layout(g2048_net *n, const char *spec, const char *stages, char *err,
    size_t errsize)
{
	uint64_t size = 0;
	int t;

	if (parse_tuples(n, spec, err, errsize) < 0 ||
	    parse_stages(n, stages, err, errsize) < 0)
		return -1;
	for (t = 0; t < n->ntuples; t++) {
		n->tuple[t].offset = (size_t)size;
		size += (uint64_t)1 << (4 * n->tuple[t].k);
	}
	if (size * (uint64_t)n->nstages > NET_WEIGHTS_MAX)
		return fail(err, errsize, "net '%s': more than 2^32 weights",
		    spec);
	n->stage_size = (size_t)size;
	n->nweights = (size_t)(size * (uint64_t)n->nstages);
	n->stride = 1;
	n->mixed = 0;
	n->slots = n->nweights;
	net_tuples_text(n, n->info.tuples, sizeof n->info.tuples);
	n->shape = strcmp(n->info.tuples, named_nets[0].tuples) == 0 ?
	    NET_SHAPE_4X6 : NET_SHAPE_ANY;
	net_stages_text(n, n->info.stages, sizeof n->info.stages);
	n->info.ntuples = n->ntuples;
	n->info.nstages = n->nstages;
	n->info.weights = n->nweights;
	return 0;
}

void
net_tuples_text(const g2048_net *n, char *buf, size_t size)
{
	size_t len = 0;
	int t, i;

	buf[0] = '\0';
	for (t = 0; t < n->ntuples && len < size; t++) {
		if (t)
			buf[len++] = ' ';
		for (i = 0; i < n->tuple[t].k && len + 1 < size; i++)
			buf[len++] = "0123456789abcdef"[n->tuple[t].cell[i]];
		buf[len] = '\0';
	}
}

void
net_stages_text(const g2048_net *n, char *buf, size_t size)
{
	size_t len;
	int s;

	len = (size_t)snprintf(buf, size, "%d", n->nstages);
	for (s = 1; s < n->nstages && len < size; s++)
		len += (size_t)snprintf(buf + len, size - len, " %lu",
		    (unsigned long)g2048_tile(n->stage_rank[s]));
}

/*
 * Weights are read at random all over a table of up to gigabytes: on
 * 4 KiB pages nearly every read misses the TLB too, so ask for huge pages
 * where the system has them (Linux: about twice the speed of training;
 * net_slot, net.h, keeps them from crowding the cache sets).  Anonymous
 * maps also come as zero pages on demand.
 */
#ifdef MAP_ANONYMOUS
static float *
zeroed(size_t count)
{
	void *p = mmap(NULL, count * sizeof(float), PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, count * sizeof(float), MADV_HUGEPAGE);
#endif
	return p;
}

static void
unzeroed(float *p, size_t count)
{
	if (p)
		munmap(p, count * sizeof(float));
}
#else
static float *
zeroed(size_t count)
{
	return calloc(count, sizeof(float));
}

static void
unzeroed(float *p, size_t count)
{
	(void)count;
	free(p);
}
#endif

int
net_alloc(g2048_net *n, int tc)
{
	n->stride = tc ? NET_TC_STRIDE : 1;
	n->mixed = 1;
	n->slots = (n->nweights + NET_MIX_BLOCK - 1) / NET_MIX_BLOCK *
	    NET_MIX_BLOCK;               /* a last block mixed whole */
	if ((n->w = zeroed(n->slots * n->stride)) == NULL)
		return -1;
	n->tc_err = tc ? n->w + 1 : NULL;
	n->tc_abs = tc ? n->w + 2 : NULL;
	n->info.tc = tc;
	return 0;
}

void
net_release(g2048_net *n)
{
	if (n->map)
		munmap(n->map, n->maplen);
	else
		unzeroed(n->w, n->slots * n->stride);
}

static int
positive_zero(float f)
{
	uint32_t bits;

	memcpy(&bits, &f, sizeof bits);
	return bits == 0;
}

/* *to = v, unless v is +0: a zeroed map's pages stay unmapped until
 * something else is written to them. */
static void
put(float *to, float v)
{
	if (!positive_zero(v))
		*to = v;
}

/* Weights first..first+count-1 of to (and their TC sums, if both have
 * them) from weights 0..count-1 of from; to's map is zeroed.  first is
 * a multiple of 16: lines of 16 weights stay whole in either's slots
 * (net_slot), so a slot is reckoned once a line. */
static void
copy_weights(g2048_net *to, size_t first, const g2048_net *from,
    size_t count)
{
	size_t i, t = 0, f = 0;

	for (i = 0; i < count; i++) {
		if (i % 16 == 0) {
			t = net_slot(to, first + i);
			f = net_slot(from, i);
		}
		put(&to->w[t], from->w[f]);
		if (to->tc_err && from->tc_err) {
			put(&to->tc_err[t], from->tc_err[f]);
			put(&to->tc_abs[t], from->tc_abs[f]);
		}
		t += to->stride;
		f += from->stride;
	}
}

/* n's weights (and TC sums, zero where n has none, if tc) moved into a
 * map of their own in net_alloc's layout: 0, or -1 with n unchanged. */
static int
rehome(g2048_net *n, int tc, char *err, size_t errsize)
{
	g2048_net old = *n;

	if (net_alloc(n, tc) < 0) {
		*n = old;
		return fail(err, errsize, "%s", "out of memory for the net");
	}
	n->map = NULL;
	copy_weights(n, 0, &old, n->nweights);
	net_release(&old);
	return 0;
}

/*
 * Training writes weights at random all over the net.  The written pages
 * of a file's private mapping are copies of 4 KiB each, never huge pages,
 * and training on them is 1.4 times slower (bench/AI.md), so a net to
 * be trained leaves its file first.
 */
int
g2048_net_unmap(g2048_net *n, char *err, size_t errsize)
{
	if (net_check_all(n, err, errsize) < 0)
		return -1;
	net_lazy_drop(n);
	return n->map ? rehome(n, n->tc_err != NULL, err, errsize) : 0;
}

/* With G2048_NET_TC the zero TC sums are laid out at once, not moved
 * there later by g2048_net_enable_tc, whose copy reads every weight, zero
 * or not, and so faults the whole net in. */
g2048_net *
g2048_net_new(const char *spec, const char *stages, int flags, char *err,
    size_t errsize)
{
	g2048_net *n = calloc(1, sizeof *n);

	if (n == NULL) {
		fail(err, errsize, "%s", "out of memory");
		return NULL;
	}
	if (net_layout(n, spec, stages, err, errsize) < 0) {
		free(n);
		return NULL;
	}
	if (net_alloc(n, (flags & G2048_NET_TC) != 0) < 0) {
		fail(err, errsize, "net '%s': out of memory", spec);
		g2048_net_free(n);
		return NULL;
	}
	return n;
}

/*
 * Weight promotion (Jaskowski 2018): a net of the same tuples in the
 * given stages whose every stage starts as a copy of n's one stage, so
 * that training goes on from what n knows and each stage then learns
 * its own part of the game.  TC accumulators are copied with the weights;
 * asked for a net without them, they are laid out with the copy, not by
 * g2048_net_enable_tc's second one.
 */
g2048_net *
g2048_net_promote(const g2048_net *n, const char *stages, int flags,
    char *err, size_t errsize)
{
	char tuples[G2048_NET_TEXT_MAX];
	g2048_net *p;
	int s;

	if (n->nstages != 1) {
		fail(err, errsize, "stages: the net already has stages (%s); "
		    "only a net of one stage is split into stages",
		    n->info.stages);
		return NULL;
	}
	if (net_check_all(n, err, errsize) < 0)
		return NULL;
	net_tuples_text(n, tuples, sizeof tuples);
	if (n->tc_err)
		flags |= G2048_NET_TC;
	if ((p = g2048_net_new(tuples, stages, flags, err, errsize)) == NULL)
		return NULL;
	for (s = 0; s < p->nstages; s++)
		copy_weights(p, (size_t)s * p->stage_size, n, n->stage_size);
	g2048_net_set_trained(p, n->info.games, n->info.moves, n->info.seed,
	    n->info.train);
	return p;
}

void
g2048_net_free(g2048_net *n)
{
	if (n == NULL)
		return;
	net_lazy_drop(n);
	net_release(n);
	free(n);
}

int
g2048_net_enable_tc(g2048_net *n, char *err, size_t errsize)
{
	if (net_check_all(n, err, errsize) < 0)
		return -1;
	net_lazy_drop(n);
	return n->tc_err ? 0 : rehome(n, 1, err, errsize);
}

/* The sums' memory stays, beside the weights, until the net is freed. */
void
g2048_net_drop_tc(g2048_net *n)
{
	n->tc_err = n->tc_abs = NULL;
	n->info.tc = 0;
}

const g2048_net_info *
g2048_net_info_of(const g2048_net *n)
{
	return &n->info;
}

int
g2048_net_train_value(const g2048_net *n, const char *key, double *v)
{
	const char *t = n->info.train, *p = strstr(t, key);
	char *end;

	if (p == NULL || (p != t && p[-1] != ' '))
		return 0;
	*v = strtod(p + strlen(key), &end);
	return end != p + strlen(key);
}

int
g2048_net_downgrade(const g2048_net *n)
{
	double v;

	return g2048_net_train_value(n, "halves=", &v) && v == 1 ? 0 :
	    G2048_DOWNGRADE_DEFAULT;
}

void
g2048_net_set_trained(g2048_net *n, uint64_t games, uint64_t moves,
    uint64_t seed, const char *train)
{
	n->info.games = games;
	n->info.moves = moves;
	n->info.seed = seed;
	snprintf(n->info.train, sizeof n->info.train, "%s", train ? train : "");
}

void
g2048_net_fill(g2048_net *n, double v)
{
	float each = (float)(v / (n->ntuples * NET_IMAGES));
	size_t i;

	net_lazy_drop(n);            /* what the file held no longer counts */
	for (i = 0; i < n->nweights; i++) {
		size_t at = net_slot(n, i);

		n->w[at] = each;
		if (n->tc_err)
			n->tc_err[at] = n->tc_abs[at] = 0;
	}
}
