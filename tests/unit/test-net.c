/*
 * test-net.c - n-tuple networks: the value against an independent
 * computation (cells mapped through the eight symmetries by coordinates),
 * the layouts and their errors, the net file and every way it can be
 * damaged, and learning's determinism.
 *
 * One file of over 500 lines: one test program per part of the library,
 * and the net's value, file and learner share its fixtures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048.h"
#include "net.h"
#include "unit.h"

static g2048_rng rng;

/* A random grid: ranks up to max, about a third empty. */
static g2048_grid
random_grid(int max)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		if (g2048_rng_bounded(&rng, 3))
			g = g2048_set_rank(g, i,
			    1 + (int)g2048_rng_bounded(&rng, (uint32_t)max));
	return g;
}

/* Weights that are small integers, so every sum is exact. */
static void
integer_weights(g2048_net *n)
{
	size_t i;

	for (i = 0; i < n->nweights; i++)
		n->w[net_slot(n, i)] = (float)((i * 2654435761u >> 7) % 1999) -
		    999;
}

/* Whether a and b hold the same weights, wherever each holds them. */
static int
same_weights(const g2048_net *a, const g2048_net *b)
{
	size_t i;

	if (a->nweights != b->nweights)
		return 0;
	for (i = 0; i < a->nweights; i++)
		if (memcmp(&a->w[net_slot(a, i)], &b->w[net_slot(b, i)],
		    sizeof(float)) != 0)
			return 0;
	return 1;
}

/* The cell that symmetry k puts at (r, c). */
static int
image_cell(int k, int r, int c)
{
	switch (k) {
	case 0: return r * 4 + c;
	case 1: return r * 4 + 3 - c;
	case 2: return (3 - r) * 4 + c;
	case 3: return (3 - r) * 4 + 3 - c;
	case 4: return c * 4 + r;
	case 5: return c * 4 + 3 - r;
	case 6: return (3 - c) * 4 + r;
	default: return (3 - c) * 4 + 3 - r;
	}
}

/* The value as 2048-net(5) defines it, read cell by cell. */
static double
reference_value(const g2048_net *n, g2048_grid g)
{
	double v = 0;
	int top = g2048_max_rank(g), stage = 0, t, k, j;

	while (stage + 1 < n->nstages && top >= n->stage_rank[stage + 1])
		stage++;
	for (t = 0; t < n->ntuples; t++) {
		const struct net_tuple *tp = &n->tuple[t];

		for (k = 0; k < 8; k++) {
			size_t index = 0;

			for (j = tp->k - 1; j >= 0; j--) {
				int cell = tp->cell[j];
				int rank = g2048_rank(g, image_cell(k, cell / 4,
				    cell % 4));

				index = index * 16 + (size_t)(rank > 15 ? 15 :
				    rank);
			}
			v += n->w[net_slot(n, (size_t)stage *
			    n->stage_size + tp->offset + index)];
		}
	}
	return v;
}

static g2048_net *
net(const char *spec, const char *stages)
{
	char err[256];
	g2048_net *n = g2048_net_new(spec, stages, 0, err, sizeof err);

	if (n == NULL)
		printf("# g2048_net_new(%s): %s\n", spec, err);
	return n;
}

static void
test_value_is_reference(void)
{
	/* small tables, so that all of them can be filled */
	static const char *specs[] = { "012345,5a", "01234,4589a",
	    "0f,5a,0123,048c",
	    "fedcb", "01" };
	char err[256];
	size_t j;
	int s, i;

	for (s = 0; s < 5; s++) {
		g2048_net *n = net(specs[s], s == 2 ? "2048,16384" : NULL);

		if (n == NULL) {
			CHECK(0);
			continue;
		}
		/* and with TC sums held beside the weights, never read */
		if (s % 2) {
			CHECK(g2048_net_enable_tc(n, err, sizeof err) == 0);
			CHECK(n->stride == NET_TC_STRIDE);
			for (j = 0; j < n->nweights; j++)
				n->tc_err[net_slot(n, j)] =
				    n->tc_abs[net_slot(n, j)] = 1e6f;
		}
		integer_weights(n);
		for (i = 0; i < 2000; i++) {
			g2048_grid g = random_grid(i % 4 == 0 ? 17 : 14);

			if (g2048_net_value(n, g) != reference_value(n, g)) {
				CHECK(g2048_net_value(n, g) ==
				    reference_value(n, g));
				break;
			}
		}
		g2048_net_free(n);
	}
}

/* Tiles past 32768 count as 32768: the value of a grid holding 65536 or
 * 131072 is that of the grid with 32768 there. */
static void
test_high_tiles_count_as_32768(void)
{
	g2048_net *n = net("01234,01456", NULL);
	g2048_grid g = { 0, 0 }, h;

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	integer_weights(n);
	g = g2048_set_rank(g, 0, 17);
	g = g2048_set_rank(g, 5, 16);
	g = g2048_set_rank(g, 6, 15);
	h = g2048_set_rank(g2048_set_rank(g, 0, 15), 5, 15);
	CHECK(g2048_net_value(n, g) == g2048_net_value(n, h));
	g2048_net_free(n);
}

/* Every image of a board has its value. */
static void
test_symmetric(void)
{
	g2048_net *n = net("01234,1256a,37bf", NULL);
	int i, k, c;

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	integer_weights(n);
	for (i = 0; i < 500; i++) {
		g2048_grid g = random_grid(15);
		double v = g2048_net_value(n, g);

		for (k = 1; k < 8; k++) {
			g2048_grid h = { 0, 0 };

			for (c = 0; c < 16; c++)
				h = g2048_set_rank(h, c, g2048_rank(g,
				    image_cell(k, c / 4, c % 4)));
			CHECK(g2048_net_value(n, h) == v);
		}
	}
	g2048_net_free(n);
}

static void
test_terms_sum_to_value(void)
{
	g2048_net *n = net("0123,4567,0145,1256", NULL);
	double terms[G2048_NET_TUPLES_MAX], sum = 0;
	g2048_grid g;
	int i, count;

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	integer_weights(n);
	g = random_grid(12);
	count = g2048_net_terms(n, g, terms);
	CHECK(count == 4);
	for (i = 0; i < count; i++)
		sum += terms[i];
	CHECK(sum == g2048_net_value(n, g));
	g2048_net_free(n);
}

/* The largest tuple: its last weight is read, its pages made on demand. */
static void
test_seven_cells(void)
{
	g2048_net *n = net("fedcba9", NULL);
	g2048_grid g = { 0, 0 };
	int i;

	if (n == NULL) {
		CHECK(0);
		return;
	}
	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, 15 + i % 3);
	n->w[net_slot(n, n->nweights - 1)] = 1;
	CHECK(g2048_net_value(n, g) == 8);
	g2048_net_free(n);
}

/* A net in memory of its own is mixed (net_slot): each weight has a slot
 * of its own in that memory, in lines of 16 kept whole, and past the
 * first block most are moved. */
static void
test_mixed_slots(void)
{
	static const char *specs[] = { "01,23,456", "4x6" };
	size_t s;

	for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
		g2048_net *n = net(specs[s], NULL);
		unsigned char *seen;
		size_t i, at = 0, moved = 0, end, room = 4 * NET_MIX_BLOCK;

		if (n == NULL) {
			CHECK(0);
			continue;
		}
		CHECK(n->mixed && n->slots % NET_MIX_BLOCK == 0 &&
		    n->slots >= n->nweights && n->slots < n->nweights +
		    NET_MIX_BLOCK);
		/* the first four blocks, which stay among themselves */
		end = n->nweights < room ? n->nweights : room;
		if ((seen = calloc(room, 1)) == NULL) {
			CHECK(0);
			g2048_net_free(n);
			continue;
		}
		for (i = 0; i < end; i++) {
			size_t was = at;

			at = net_slot(n, i);
			CHECK(at < n->slots && at < room && !seen[at]);
			if (at < room)
				seen[at] = 1;
			CHECK(i % 16 == 0 || at == was + 1);
			moved += at != i;
		}
		/* the first block's mask is 0 */
		CHECK(end <= NET_MIX_BLOCK ||
		    moved > (end - NET_MIX_BLOCK) / 2);
		free(seen);
		g2048_net_free(n);
	}
}

static void
test_layouts(void)
{
	static const struct {
		const char *spec, *stages, *tuples, *stagetext;
		uint64_t weights;
	} ok[] = {
		{ "4x6", NULL, "012345 456789 012456 45689a", "1", 4 << 24 },
		{ "543210", "", "012345", "1", 1 << 24 },
		{ "01,FE", "16384, 32768", "01 ef", "3 16384 32768",
		    3 * 2 * 256 },
		{ " 0123 ,, 4567 ", "4", "0123 4567", "2 4", 2 * 2 * 65536 },
	};
	static const struct {
		const char *spec, *stages, *err;
	} bad[] = {
		{ "0", NULL, "2 to 7 cells" },
		{ "01234567", NULL, "2 to 7 cells" },
		{ "012g", NULL, "hex digits" },
		{ "0110", NULL, "named twice" },
		{ "", NULL, "no tuples" },
		{ "9x9", NULL, "hex digits" },
		{ "01", "32768,16384", "larger tile" },
		{ "01", "3000", "larger tile" },
		{ "01", "16384x", "expected tiles" },
		{ "01", "4,8,16,32,64,128,256,512", "at most 8" },
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		g2048_net *n = net(ok[i].spec, ok[i].stages);
		const g2048_net_info *in;

		if (n == NULL) {
			CHECK(0);
			continue;
		}
		in = g2048_net_info_of(n);
		CHECK(strcmp(in->tuples, ok[i].tuples) == 0);
		CHECK(strcmp(in->stages, ok[i].stagetext) == 0);
		CHECK_EQ_U64(in->weights, ok[i].weights);
		g2048_net_free(n);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g2048_net *n = g2048_net_new(bad[i].spec, bad[i].stages, 0, err,
		    sizeof err);

		CHECK(n == NULL);
		if (n == NULL && strstr(err, bad[i].err) == NULL) {
			printf("# %s: %s\n", bad[i].spec, err);
			CHECK(0);
		}
		g2048_net_free(n);
	}
}

/* Promotion: every stage of the new net values a board as the old net
 * does, its TC sums come along, and a staged net is not split again. */
static void
test_promote_copies_each_stage(void)
{
	g2048_net *n = net("0123,4567", NULL), *p, *q;
	char err[256];
	size_t i;
	int k, ok = 1, seen = 0;

	if (n == NULL) {
		CHECK(0);
		return;
	}
	integer_weights(n);
	CHECK(g2048_net_enable_tc(n, err, sizeof err) == 0);
	for (i = 0; i < n->nweights; i++)
		n->tc_abs[net_slot(n, i)] = (float)(i % 7);
	g2048_net_set_trained(n, 12, 3456, 7, "td alpha=1 tc=1");
	p = g2048_net_promote(n, "64,1024", 0, err, sizeof err);
	if (p == NULL) {
		printf("# %s\n", err);
		CHECK(0);
		g2048_net_free(n);
		return;
	}
	CHECK_EQ_U64(p->nstages, 3);
	CHECK(strcmp(g2048_net_info_of(p)->stages, "3 64 1024") == 0);
	CHECK_EQ_U64(g2048_net_info_of(p)->games, 12);
	CHECK_EQ_U64(g2048_net_info_of(p)->moves, 3456);
	CHECK(p->tc_abs != NULL &&
	    p->tc_abs[net_slot(p, 2 * p->stage_size + 5)] == 5);
	for (k = 0; k < 300; k++) {
		g2048_grid g = random_grid(k % 2 ? 11 : 5);

		if (g2048_net_value(p, g) != g2048_net_value(n, g))
			ok = 0;
		seen |= 1 << g2048_net_stage(p, g);
	}
	CHECK(ok);
	CHECK_EQ_U64(seen, 7);      /* boards of all three stages */
	q = g2048_net_promote(p, "2048", 0, err, sizeof err);
	CHECK(q == NULL && strstr(err, "already has stages") != NULL);
	q = g2048_net_promote(n, "100", 0, err, sizeof err);
	CHECK(q == NULL && strstr(err, "larger tile") != NULL);
	g2048_net_free(p);
	g2048_net_free(n);
}

/* A grid of the ranks in reading order ("e0c1" ...; 0: empty). */
static g2048_grid
grid_of(const char *ranks)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16 && ranks[i]; i++)
		g = g2048_set_rank(g, i, ranks[i] <= '9' ? ranks[i] - '0' :
		    ranks[i] - 'a' + 10);
	return g;
}

/* Tile-downgrading halves the tiles above the largest missing one, only
 * from the given largest tile on. */
static void
test_downgrade(void)
{
	static const struct {
		const char *board, *valued;
		int from;
	} cases[] = {
		{ "ecb3100000000000", "dcb3100000000000", 14 },  /* no 8192 */
		{ "edc2100000000000", "dcb2100000000000", 14 },  /* no 2048 */
		{ "edc2100000000000", "edc2100000000000", 0 },   /* never */
		{ "dc21000000000000", "dc21000000000000", 14 },  /* below */
		{ "dc21000000000000", "cb21000000000000", 13 },
		{ "edcba98765432100", "edcba98765432100", 14 },  /* no gap */
		{ "e000000000000000", "d000000000000000", 14 },  /* one step */
		{ "fe10000000000000", "ed10000000000000", 15 },  /* 32768 */
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint64_t got = net_downgrade(grid_of(cases[i].board).lo,
		    cases[i].from);

		if (got != grid_of(cases[i].valued).lo) {
			printf("# %s from %d: %016llx\n", cases[i].board,
			    cases[i].from, (unsigned long long)got);
			CHECK(0);
		}
	}
}

/* The search values a downgraded board as the net values the board with
 * its tiles halved: each move's value is its score plus that. */
static void
test_search_downgrades(void)
{
	g2048_net *n = net("0123,4567,89ab", NULL);
	g2048_search_opts o;
	g2048_decision r[2];
	g2048_board b;
	g2048_eval *e;
	char err[256];
	int k, d;

	if (n == NULL) {
		CHECK(0);
		return;
	}
	integer_weights(n);
	e = g2048_eval_net(n, err, sizeof err);
	g2048_board_init(&b);
	b.grid = grid_of("e0c1020000000000");
	for (k = 0; k < 2; k++) {
		g2048_player *s;

		g2048_search_net_defaults(&o);
		o.depth = 1;
		o.downgrade = k ? 14 : 0;
		s = g2048_player_new_search(&o, e, err, sizeof err);
		CHECK(s != NULL && g2048_best_move(s, &b, &r[k]) >= 0);
		g2048_player_free(s);
	}
	for (d = 0; d < G2048_NDIRS; d++) {
		g2048_grid after = b.grid, halved;
		long reward = g2048_move(&after, (enum g2048_dir)d);

		if (reward < 0)
			continue;
		halved.lo = net_downgrade(after.lo, 14);
		halved.hi = 0;
		CHECK(halved.lo != after.lo);
		CHECK(r[0].value[d] == reward + g2048_net_value(n, after));
		CHECK(r[1].value[d] == reward + g2048_net_value(n, halved));
	}
	g2048_eval_free(e);
	g2048_net_free(n);
}

/* ---- the file --------------------------------------------------------- */

static char dir[] = "/tmp/test-net.XXXXXX";

static void
path_of(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
}

static void
write_bytes(const char *path, const void *p, size_t n)
{
	FILE *fp = fopen(path, "wb");

	CHECK(fp && fwrite(p, 1, n, fp) == n && fclose(fp) == 0);
}

static char *
read_bytes(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *p;
	long len;

	if (fp == NULL || fseek(fp, 0, SEEK_END) || (len = ftell(fp)) < 0)
		return NULL;
	rewind(fp);
	p = malloc((size_t)len + 1);
	*n = fread(p, 1, (size_t)len, fp);
	fclose(fp);
	return p;
}

/* Load what path holds after `bytes` replaced it: the error, or "". */
static const char *
load_error(const char *bytes, size_t n)
{
	static char err[512];
	char path[256];
	g2048_net *loaded;

	path_of(path, sizeof path, "bad.net");
	write_bytes(path, bytes, n);
	err[0] = '\0';
	loaded = g2048_net_load(path, err, sizeof err);
	if (loaded)
		err[0] = '\0';
	g2048_net_free(loaded);
	return err;
}

static void
test_file_round_trip(void)
{
	g2048_net *n = net("0123,4567,0145", "16384"), *m;
	char path[256], err[512];
	int i;

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	integer_weights(n);
	CHECK(g2048_net_enable_tc(n, err, sizeof err) == 0);
	n->tc_err[net_slot(n, 7)] = 3.5f;
	n->tc_abs[net_slot(n, 7)] = 4.25f;
	g2048_net_set_trained(n, 1234, 567890, 42, "td alpha=0.1");
	path_of(path, sizeof path, "a.net");
	CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
	if ((m = g2048_net_load(path, err, sizeof err)) == NULL) {
		printf("# load: %s\n", err);
		CHECK(0);
		g2048_net_free(n);
		return;
	}
	CHECK(memcmp(g2048_net_info_of(m), g2048_net_info_of(n),
	    sizeof(g2048_net_info)) == 0);
	CHECK(same_weights(m, n));
	CHECK(m->stride == 1 && m->tc_err[7] == 3.5f && m->tc_abs[7] == 4.25f);
	for (i = 0; i < 200; i++) {
		g2048_grid g = random_grid(16);

		CHECK(g2048_net_value(m, g) == g2048_net_value(n, g));
	}
	/* a loaded net trains on: its pages are its own (copy on write) */
	m->w[0] += 1;
	g2048_net_free(m);
	m = g2048_net_load(path, err, sizeof err);
	CHECK(m && m->w[0] == n->w[net_slot(n, 0)]);
	g2048_net_free(m);
	g2048_net_free(n);
}

/* A loaded net moved into memory of its own is the same net, and the
 * file is not written through it. */
static void
test_unmap_keeps_the_net(void)
{
	g2048_net *n = net("0123,4567", NULL), *m;
	char path[256], err[512];
	float *was;
	int tc;

	integer_weights(n);
	path_of(path, sizeof path, "u.net");
	for (tc = 0; tc < 2; tc++) {
		if (tc) {
			CHECK(g2048_net_enable_tc(n, err, sizeof err) == 0);
			n->tc_err[net_slot(n, 9)] = -2.5f;
			n->tc_abs[net_slot(n, 9)] = 6.0f;
		}
		CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
		m = g2048_net_load(path, err, sizeof err);
		CHECK(m != NULL && m->map != NULL);
		if (m == NULL)
			continue;
		was = m->w;
		CHECK(g2048_net_unmap(m, err, sizeof err) == 0);
		CHECK(m->map == NULL && m->w != was);
		CHECK(same_weights(m, n));
		CHECK(m->stride == (tc ? NET_TC_STRIDE : 1));
		CHECK(!tc || (m->tc_err[net_slot(m, 9)] == -2.5f &&
		    m->tc_abs[net_slot(m, 9)] == 6.0f));
		CHECK(g2048_net_unmap(m, err, sizeof err) == 0 && m->map == NULL);
		m->w[0] += 1;
		g2048_net_free(m);
		m = g2048_net_load(path, err, sizeof err);
		CHECK(m && m->w[0] == n->w[net_slot(n, 0)]);
		/* TC added to a loaded net moves it into memory of its own */
		if (m && !tc) {
			CHECK(g2048_net_enable_tc(m, err, sizeof err) == 0);
			CHECK(m->map == NULL && same_weights(m, n) &&
			    m->tc_err[net_slot(m, 0)] == 0 &&
			    m->tc_abs[net_slot(m, 5)] == 0);
			CHECK(g2048_net_unmap(m, err, sizeof err) == 0);
		}
		g2048_net_free(m);
	}
	g2048_net_free(n);
}

static void
test_file_damage(void)
{
	g2048_net *n = net("0123", NULL);
	char path[256], err[512], *good, *copy;
	size_t len, cut;

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	integer_weights(n);
	path_of(path, sizeof path, "good.net");
	CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
	g2048_net_free(n);
	if ((good = read_bytes(path, &len)) == NULL)
		{
		CHECK(0);
		return;
	}
	copy = malloc(len + 16);
	CHECK(strcmp(load_error(good, len), "") == 0);
	/* every truncation, at a few lengths, and an empty file */
	for (cut = 0; cut < len; cut += cut < 4200 ? 1000 : 60000)
		CHECK(strstr(load_error(good, cut), "truncated") != NULL);
	CHECK(strstr(load_error(good, len - 1), "truncated") != NULL);
	memcpy(copy, good, len);
	memset(copy + len, 0, 4);
	CHECK(strstr(load_error(copy, len + 4), "past the weights") != NULL);
	/* a flipped bit anywhere: weights, header value, checksum */
	memcpy(copy, good, len);
	copy[len - 3] ^= 4;
	CHECK(strstr(load_error(copy, len), "checksum") != NULL);
	memcpy(copy, good, len);
	*strstr(copy, "games 0") = 'G';
	CHECK(strstr(load_error(copy, len), "bad header") != NULL);
	memcpy(copy, good, len);
	strstr(copy, "seed 0")[5] = '1';
	CHECK(strstr(load_error(copy, len), "checksum") != NULL);
	/* another version, another file, another structure */
	memcpy(copy, good, len);
	copy[9] = '3';
	CHECK(strstr(load_error(copy, len), "another version") != NULL);
	memcpy(copy, good, len);
	copy[0] = 'X';
	CHECK(strstr(load_error(copy, len), "not a net file") != NULL);
	memcpy(copy, good, len);
	memcpy(strstr(copy, "weights 65536"), "weights 65535", 13);
	CHECK(strstr(load_error(copy, len), "do not match") != NULL);
	memcpy(copy, good, len);
	memcpy(strstr(copy, "tuples 0123"), "tuples 0124", 11);
	CHECK(strstr(load_error(copy, len), "checksum") != NULL);
	memcpy(copy, good, len);
	memcpy(strstr(copy, "tuples 0123"), "tuples 3210", 11);
	CHECK(strstr(load_error(copy, len), "canonical") != NULL);
	/* a header that never ends */
	memcpy(copy, good, len);
	memset(copy, 'a', 4096);
	CHECK(strstr(load_error(copy, len), "not a net file") != NULL);
	path_of(path, sizeof path, "missing.net");
	CHECK(g2048_net_load(path, err, sizeof err) == NULL &&
	    strstr(err, "No such file") != NULL);
	CHECK(g2048_net_load(dir, err, sizeof err) == NULL &&
	    strstr(err, "not a regular file") != NULL);
	free(copy);
	free(good);
}

/*
 * Format 2: g2048_net_open checks a block of 4096 bytes when a weight in
 * it is first read; g2048_net_load, training and saving check them all.
 */
static void
test_blocks_checked_as_read(void)
{
	g2048_net *n = net("0123", NULL), *m;
	char path[256], err[512], *good;
	size_t len;
	/* top row 0 0 16 2: index 4 * 256 + 1 * 4096 = 5120, in block 5 */
	g2048_grid empty = { 0, 0 }, in5 = { 0x1400, 0 };
	g2048_learn_opts o;

	if (n == NULL) {
		CHECK(0);
		return;
	}
	integer_weights(n);
	path_of(path, sizeof path, "blocks.net");
	CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
	if ((good = read_bytes(path, &len)) == NULL) {
		CHECK(0);
		g2048_net_free(n);
		return;
	}
	/* the header, 64 blocks of weights, a checksum of 8 bytes each */
	CHECK_EQ_U64(len, 4096 + 65536 * 4 + 64 * 8);
	CHECK(strncmp(good, "2048-net 2\n", 11) == 0);
	CHECK(strstr(good, "\nblocks 4096\nchecksum ") != NULL);
	m = g2048_net_open(path, err, sizeof err);
	CHECK(m != NULL && g2048_net_value(m, in5) == g2048_net_value(n, in5));
	CHECK(m && g2048_net_check(m, err, sizeof err) == 0);
	g2048_net_free(m);
	/* a weight of block 5 damaged */
	good[4096 + 5 * 4096 + 7] ^= 1;
	write_bytes(path, good, len);
	CHECK(g2048_net_load(path, err, sizeof err) == NULL &&
	    strstr(err, "corrupt: block 5 ") != NULL);
	m = g2048_net_open(path, err, sizeof err);
	CHECK(m != NULL);
	if (m) {
		(void)g2048_net_value(m, empty);        /* block 0 only */
		CHECK(g2048_net_check(m, err, sizeof err) == 0);
		(void)g2048_net_value(m, in5);
		CHECK(g2048_net_check(m, err, sizeof err) == -1 &&
		    strstr(err, "blocks.net: corrupt: block 5 of its weights "
		    "does not match its checksum") != NULL);
		g2048_net_free(m);
	}
	/* what reads every weight checks every block first */
	m = g2048_net_open(path, err, sizeof err);
	g2048_learn_defaults(&o);
	CHECK(m && g2048_learner_new(m, &o, err, sizeof err) == NULL &&
	    strstr(err, "corrupt: block 5 ") != NULL);
	g2048_net_free(m);
	m = g2048_net_open(path, err, sizeof err);
	CHECK(m && g2048_net_save(m, path, err, sizeof err) == -1 &&
	    strstr(err, "corrupt: block 5 ") != NULL);
	g2048_net_free(m);
	m = g2048_net_open(path, err, sizeof err);
	CHECK(m && g2048_net_unmap(m, err, sizeof err) == -1);
	g2048_net_free(m);
	/* a block's checksum damaged: the header's checksum covers them */
	good[4096 + 5 * 4096 + 7] ^= 1;
	good[len - 8] ^= 1;
	write_bytes(path, good, len);
	CHECK(g2048_net_open(path, err, sizeof err) == NULL &&
	    strstr(err, "corrupt: the checksum does not match") != NULL);
	free(good);
	g2048_net_free(n);
}

/* A failed save keeps the file it would have replaced. */
static void
test_save_failure_keeps_old(void)
{
	g2048_net *n = net("0123", NULL);
	char path[256], err[512];

	if (n == NULL)
		{
		CHECK(0);
		return;
	}
	CHECK(g2048_net_save(n, "/nonexistent-dir/x.net", err, sizeof err)
	    == -1 && strstr(err, "x.net") != NULL);
	path_of(path, sizeof path, "keep.net");
	CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
	CHECK(chmod(dir, 0500) == 0);
	if (geteuid() != 0)   /* root writes anyway */
		CHECK(g2048_net_save(n, path, err, sizeof err) == -1);
	CHECK(chmod(dir, 0700) == 0);
	g2048_net_free(n);
	n = g2048_net_load(path, err, sizeof err);
	CHECK(n != NULL);
	g2048_net_free(n);
}

/* ---- learning ---------------------------------------------------------- */

/* games games of training of n (seeds 7, 0...): their scores' sum. */
static uint64_t
play_games(g2048_net *n, const g2048_learn_opts *o, int games)
{
	char err[256];
	g2048_learner *l = g2048_learner_new(n, o, err, sizeof err);
	uint64_t sum = 0;
	int i;

	CHECK(l != NULL);
	for (i = 0; l && i < games; i++) {
		g2048_learn_game g;
		g2048_rng r;

		g2048_learn_rng(&r, 7, (uint64_t)i);
		CHECK(g2048_learner_play(l, &r, &g) == 0);
		sum += g.score;
	}
	g2048_learner_free(l);
	return sum;
}

static uint64_t
train(const char *spec, const g2048_learn_opts *o, int games,
    g2048_net **out)
{
	char err[256];
	g2048_net *n = net(spec, NULL);

	if (o->tc)
		g2048_net_enable_tc(n, err, sizeof err);
	*out = n;
	return play_games(n, o, games);
}

static void
test_learning_is_reproducible(void)
{
	g2048_learn_opts o;
	g2048_net *a, *b;
	int variant;

	for (variant = 0; variant < 4; variant++) {
		g2048_learn_defaults(&o);
		o.tc = variant == 1;
		o.lambda = variant == 2 ? 0.5 : 0;
		o.nrestarts = variant == 3;
		o.restart_rank[0] = 7;
		CHECK(train("0123,4567", &o, 50, &a) ==
		    train("0123,4567", &o, 50, &b));
		CHECK(memcmp(a->w, b->w, a->nweights * sizeof(float)) == 0);
		g2048_net_free(a);
		g2048_net_free(b);
	}
}

/* a, given TC sums by g2048_net_enable_tc, is b: weights and sums,
 * before and after the same TC training. */
static void
check_tc_alike(g2048_net *a, g2048_net *b)
{
	char err[256];
	g2048_learn_opts o;
	size_t bytes = a->nweights * a->stride * sizeof(float);

	CHECK(g2048_net_enable_tc(a, err, sizeof err) == 0);
	CHECK(a->nweights == b->nweights && a->stride == b->stride &&
	    memcmp(a->w, b->w, bytes) == 0);
	g2048_learn_defaults(&o);
	o.tc = 1;
	CHECK(play_games(a, &o, 30) == play_games(b, &o, 30));
	CHECK(memcmp(a->w, b->w, bytes) == 0);
}

/* A net made with its TC sums (G2048_NET_TC) is the net that
 * g2048_net_enable_tc makes of a new one: trained alike, alike after. */
static void
test_new_tc_is_enable_tc(void)
{
	char err[256];
	g2048_net *a = net("0123,4567", "256"),
	    *b = g2048_net_new("0123,4567", "256", G2048_NET_TC, err,
	    sizeof err);

	CHECK(a != NULL && b != NULL);
	if (a == NULL || b == NULL) {
		g2048_net_free(a);
		g2048_net_free(b);
		return;
	}
	CHECK(b->tc_err != NULL && b->info.tc == 1 &&
	    b->stride == NET_TC_STRIDE);
	check_tc_alike(a, b);
	g2048_net_free(a);
	g2048_net_free(b);
}

/* Promoting a net without TC sums with them: the net that promotion
 * and then g2048_net_enable_tc make, weights and sums, trained alike. */
static void
test_promote_tc_is_enable_tc(void)
{
	char err[256];
	g2048_net *n = net("0123,4567", NULL), *a = NULL, *b = NULL;

	if (n != NULL) {
		integer_weights(n);
		a = g2048_net_promote(n, "256", 0, err, sizeof err);
		b = g2048_net_promote(n, "256", G2048_NET_TC, err, sizeof err);
	}
	CHECK(a != NULL && b != NULL);
	if (a == NULL || b == NULL) {
		g2048_net_free(a);
		g2048_net_free(b);
		g2048_net_free(n);
		return;
	}
	CHECK(a->tc_err == NULL && b->tc_err != NULL && b->info.tc == 1);
	check_tc_alike(a, b);
	g2048_net_free(a);
	g2048_net_free(b);
	g2048_net_free(n);
}

/* Each switch changes what is learnt. */
static void
test_switches_change_learning(void)
{
	g2048_learn_opts o;
	g2048_net *base, *other;
	int variant;

	g2048_learn_defaults(&o);
	train("0123,4567", &o, 30, &base);
	for (variant = 0; variant < 4; variant++) {
		g2048_learn_defaults(&o);
		if (variant == 0)
			o.tc = 1;
		else if (variant == 1)
			o.lambda = 0.5;
		else if (variant == 2)
			o.alpha = 0.05;
		else {
			o.nrestarts = 1;
			o.restart_rank[0] = 6;
		}
		train("0123,4567", &o, 30, &other);
		CHECK(memcmp(base->w, other->w, base->nweights *
		    sizeof(float)) != 0);
		g2048_net_free(other);
	}
	g2048_net_free(base);
}

/* TD(0) on a game: the last afterstate's value moves toward 0. */
static void
test_td_moves_toward_target(void)
{
	g2048_learn_opts o;
	g2048_net *n;

	g2048_learn_defaults(&o);
	o.alpha = 1;
	train("0123", &o, 1, &n);
	/* values learnt are finite and not all zero */
	CHECK(n->w[0] == n->w[0]);
	g2048_net_fill(n, 1000);
	CHECK(g2048_net_value(n, random_grid(10)) > 999.9 &&
	    g2048_net_value(n, random_grid(10)) < 1000.1);
	g2048_net_free(n);
}

static void
test_learner_checks_options(void)
{
	g2048_net *n = net("01", NULL);
	g2048_learn_opts o;
	char err[256];

	g2048_learn_defaults(&o);
	o.alpha = 0;
	CHECK(g2048_learner_new(n, &o, err, sizeof err) == NULL);
	g2048_learn_defaults(&o);
	o.lambda = 1.5;
	CHECK(g2048_learner_new(n, &o, err, sizeof err) == NULL);
	g2048_learn_defaults(&o);
	o.tc = 1;
	CHECK(g2048_learner_new(n, &o, err, sizeof err) == NULL &&
	    strstr(err, "TC") != NULL);
	g2048_net_free(n);
}

/* With restarts, games take turns: new, then from a kept board of each
 * restart tile (once one was made); only new games are fresh. */
static void
test_restarts_take_turns(void)
{
	g2048_net *n = net("0123,4567", NULL);
	g2048_learn_opts o;
	g2048_learner *l;
	char err[256];
	int i, restarted = 0;

	g2048_learn_defaults(&o);
	CHECK(g2048_tile_list("64,128", o.restart_rank,
	    G2048_LEARN_RESTARTS_MAX) == 2);
	o.nrestarts = 2;
	l = g2048_learner_new(n, &o, err, sizeof err);
	CHECK(l != NULL);
	for (i = 0; l && i < 60; i++) {
		g2048_learn_game g;
		g2048_rng r;

		g2048_learn_rng(&r, 7, (uint64_t)i);
		CHECK(g2048_learner_play(l, &r, &g) == 0);
		if (i % 3 == 0)
			CHECK(g.fresh);
		if (!g.fresh) {
			restarted++;
			/* begun where 64 (or 128) was first made */
			CHECK(g.max_rank >= (i % 3 == 1 ? 6 : 7));
		}
	}
	/* after the first games every turn has a board to begin at */
	CHECK(restarted >= 30);
	g2048_learner_free(l);
	o.restart_rank[1] = 6;
	CHECK(g2048_learner_new(n, &o, err, sizeof err) == NULL);
	CHECK(g2048_tile_list("64 32", o.restart_rank, 4) == -2);
	CHECK(g2048_tile_list("2", o.restart_rank, 4) == -2);
	CHECK(g2048_tile_list("64x", o.restart_rank, 4) == -1);
	CHECK(g2048_tile_list("4,8,16,32,64", o.restart_rank, 4) == -3);
	CHECK(g2048_tile_list("", o.restart_rank, 4) == 0);
	g2048_net_free(n);
}

/* Halves: a game of more than G2048_LEARN_HALF_MIN moves is followed by
 * one begun at its middle (not new); a shorter one by a new game. */
static void
test_halves_follow_long_games(void)
{
	g2048_net *n = net("0123,4567", NULL);
	g2048_learn_opts o;
	g2048_learner *l;
	char err[256];
	uint64_t last_moves = 0;
	int i, halves = 0, fresh = 0;

	g2048_learn_defaults(&o);
	o.halves = 1;
	l = g2048_learner_new(n, &o, err, sizeof err);
	CHECK(l != NULL);
	for (i = 0; l && i < 200; i++) {
		g2048_learn_game g;
		g2048_rng r;

		g2048_learn_rng(&r, 11, (uint64_t)i);
		CHECK(g2048_learner_play(l, &r, &g) == 0);
		if (i > 0)
			CHECK(g.fresh == (last_moves <= G2048_LEARN_HALF_MIN));
		else
			CHECK(g.fresh);
		halves += !g.fresh;
		fresh += g.fresh;
		last_moves = g.moves;
	}
	/* a game of n moves is followed by about log2(n / 10) halves */
	CHECK(fresh > 0 && halves > 2 * fresh);
	g2048_learner_free(l);
	g2048_net_free(n);
}

/* The default downgrade of a net: never for a net trained with halves
 * (its train line's key halves=1), from 16384 for any other. */
static void
test_downgrade_of_halves_nets(void)
{
	static const struct {
		const char *train;
		int rank;
	} cases[] = {
		{ "td alpha=1 lambda=0.5 tc=1 optimistic=0 threads=2 halves=1", 0 },
		{ "td alpha=1 halves=1 restart=8192", 0 },
		{ "td alpha=1 tc=1 restart=8192,16384", 14 },
		{ "td alpha=1 xhalves=1", 14 },
		{ "td alpha=1 halves=10", 14 },
		{ "", 14 },
	};
	g2048_net *n = net("0123,4567", NULL);
	size_t i;

	for (i = 0; n && i < sizeof cases / sizeof cases[0]; i++) {
		g2048_net_set_trained(n, 1, 1, 1, cases[i].train);
		CHECK(g2048_net_downgrade(n) == cases[i].rank);
	}
	g2048_net_free(n);
}

/* The weights no game has reached are holes in the file, not written. */
static void
test_untrained_weights_are_holes(void)
{
	g2048_net *n = net("0123,4567", NULL), *m;
	char path[256], err[512];
	struct stat st;

	if (n == NULL) {
		CHECK(0);
		return;
	}
	n->w[net_slot(n, 70000)] = 1.5f;
	path_of(path, sizeof path, "zero.net");
	CHECK(g2048_net_save(n, path, err, sizeof err) == 0);
	/* 512 KiB of weights, of which one run of 16 KiB is written */
	CHECK(stat(path, &st) == 0 && st.st_size > 512 * 1024 &&
	    (long long)st.st_blocks * 512 < 128 * 1024);
	m = g2048_net_load(path, err, sizeof err);
	CHECK(m != NULL && same_weights(m, n) && m->w[70000] == 1.5f);
	g2048_net_free(m);
	g2048_net_free(n);
}

static void
remove_files(void)
{
	static const char *names[] = { "a.net", "bad.net", "good.net",
	    "keep.net", "zero.net" };
	char path[256];
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		path_of(path, sizeof path, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

int
main(void)
{
	g2048_rng_seed(&rng, 2048, 0);
	if (mkdtemp(dir) == NULL)
		return 2;
	RUN(test_value_is_reference);
	RUN(test_high_tiles_count_as_32768);
	RUN(test_symmetric);
	RUN(test_terms_sum_to_value);
	RUN(test_seven_cells);
	RUN(test_layouts);
	RUN(test_mixed_slots);
	RUN(test_promote_copies_each_stage);
	RUN(test_downgrade);
	RUN(test_search_downgrades);
	RUN(test_file_round_trip);
	RUN(test_untrained_weights_are_holes);
	RUN(test_unmap_keeps_the_net);
	RUN(test_file_damage);
	RUN(test_save_failure_keeps_old);
	RUN(test_blocks_checked_as_read);
	RUN(test_learning_is_reproducible);
	RUN(test_new_tc_is_enable_tc);
	RUN(test_promote_tc_is_enable_tc);
	RUN(test_switches_change_learning);
	RUN(test_td_moves_toward_target);
	RUN(test_learner_checks_options);
	RUN(test_restarts_take_turns);
	RUN(test_halves_follow_long_games);
	RUN(test_downgrade_of_halves_nets);
	remove_files();
	return UNIT_EXIT();
}
