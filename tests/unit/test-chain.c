/* test-chain.c - the chain tables (lib/engine/chain): the layouts, the
 * memoised values against a brute-force recursion written here (no memo,
 * no rounding), symmetric boards, a board one move from a chain, and the
 * player's moves being legal.  What needs whole tables (their files, a
 * build) runs on the small layouts, the real ones with the anchor's cap
 * lowered (chain_six_small): the same code on tables of megabytes, so
 * the test stays within some 100 MB. */
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chain.h"
#include "unit.h"

static const struct chain_layout *const layouts[2] = { &chain_five, &chain_six };
static const struct chain_layout *const small_layouts[2] = {
	&chain_five_small, &chain_six_small };

static g2048_grid
grid_of(const int ranks[16])
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		g = g2048_set_rank(g, i, ranks[i]);
	return g;
}

static g2048_grid
prefilled(const struct chain_layout *l)
{
	g2048_grid g = { 0, 0 };
	int i;

	for (i = 0; i < l->nblock; i++)
		g = g2048_set_rank(g, l->block[i], l->prefill[i]);
	return g;
}

/* The prefilled block is regular with every free cell at its radix's
 * top, and one more in any free cell is not: the index holds exactly
 * the regular states (of the real layouts and the small ones). */
static void
test_layouts_index_the_regular_states(void)
{
	int k, i;

	for (k = 0; k < 4; k++) {
		const struct chain_layout *l = k < 2 ? layouts[k] :
		    small_layouts[k - 2];
		g2048_grid g = prefilled(l), top = g;

		CHECK(chain_regular(l, g));
		CHECK(!chain_goal(l, g));
		for (i = 0; i < l->nfree; i++)
			top = g2048_set_rank(top, l->free[i], l->radix[i] - 1);
		CHECK(chain_regular(l, top));
		for (i = 0; i < l->nfree; i++)
			CHECK(!chain_regular(l, g2048_set_rank(g, l->free[i],
			    l->radix[i])));
	}
}

/* A small layout is its real one with the anchor's cap lowered by some
 * ranks, and its block and every cap with it: the same cells, rules and
 * goals, so what the tests show on it holds of the real tables. */
static void
test_small_layouts_are_the_real_ones_lowered(void)
{
	int k, i, shift;

	for (k = 0; k < 2; k++) {
		const struct chain_layout *l = layouts[k], *s = small_layouts[k];

		shift = l->anchor_max - s->anchor_max;
		CHECK(shift > 0 && s->anchor_max >= s->anchor_min);
		CHECK(s->anchor_min == l->anchor_min &&
		    s->anchor_over_rejects == l->anchor_over_rejects &&
		    s->goal_shift == l->goal_shift);
		CHECK(s->nblock == l->nblock && s->nfree == l->nfree &&
		    s->nanchor == l->nanchor && s->ngoals == l->ngoals);
		CHECK(memcmp(s->block, l->block, sizeof l->block) == 0 &&
		    memcmp(s->free, l->free, sizeof l->free) == 0 &&
		    memcmp(s->anchor, l->anchor, sizeof l->anchor) == 0);
		CHECK(s->ndistinct == l->ndistinct && memcmp(s->distinct,
		    l->distinct, sizeof l->distinct) == 0);
		CHECK(s->ngreater == l->ngreater && memcmp(s->greater,
		    l->greater, sizeof l->greater) == 0);
		CHECK(memcmp(s->goal, l->goal, sizeof l->goal) == 0 &&
		    memcmp(s->goal_len, l->goal_len, sizeof l->goal_len) == 0);
		for (i = 0; i < l->nblock; i++)
			CHECK(s->prefill[i] == l->prefill[i] - shift);
		for (i = 0; i < l->nfree; i++) {
			CHECK(s->radix[i] == l->radix[i] - shift);
			CHECK(s->cap[i] == (l->cap[i] >= CHAIN_ABS ?
			    l->cap[i] - shift : l->cap[i]));
		}
		CHECK(strncmp(s->name, l->name, strlen(l->name)) == 0);
	}
}

/* the exact value, no memo and no rounding; *budget counts nodes down,
 * -1 once it runs out */
static double
brute(const struct chain_layout *l, g2048_grid g, long *budget)
{
	uint64_t mask = 0;
	double best = 0;
	int d, i, n, k;

	for (i = 0; i < l->nblock; i++)
		mask |= (uint64_t)0xF << (4 * l->block[i]);
	if (--*budget < 0)
		return -1;
	for (d = 0; d < 4; d++) {
		g2048_grid m = g;
		double sum = 0, v;

		if (g2048_move(&m, (enum g2048_dir)d) < 0)
			continue;
		if ((m.lo & mask) != (g.lo & mask) || !chain_regular(l, m))
			continue;
		if (chain_goal(l, m))
			return 1;
		for (i = n = 0; i < l->nfree; i++) {
			if (g2048_rank(m, l->free[i]))
				continue;
			n++;
			for (k = 1; k <= 2; k++) {
				v = brute(l, g2048_set_rank(m, l->free[i], k),
				    budget);
				if (v < 0)
					return -1;
				sum += (k == 1 ? 0.9 : 0.1) * v;
			}
		}
		if (n && sum / n > best)
			best = sum / n;
	}
	return best;
}

/* the transpose of g */
static g2048_grid
transposed(g2048_grid g)
{
	g2048_grid t = { 0, 0 };
	int i;

	for (i = 0; i < 16; i++)
		t = g2048_set_rank(t, (i % 4) * 4 + i / 4, g2048_rank(g, i));
	return t;
}

/* g and its mirror image across the diagonal get the same probability
 * and mirrored moves, and the move is legal */
static void
check_mirror(g2048_chain *c, g2048_grid g)
{
	static const int across[4] = { G2048_LEFT, G2048_RIGHT, G2048_UP,
		G2048_DOWN };
	g2048_chain_result a, b;

	g2048_chain_move(c, g, &a);
	g2048_chain_move(c, transposed(g), &b);
	CHECK(a.prob == b.prob && a.block == b.block);
	CHECK((a.dir < 0 && b.dir < 0) ||
	    (a.dir >= 0 && b.dir == across[a.dir]));
	CHECK(a.dir < 0 || (g2048_legal(g) >> a.dir & 1));
}

/* A chain of the layout's goals one merge short: one of its tiles
 * halved, its other half in another free cell; small tiles or gaps
 * elsewhere. */
static g2048_grid
near_goal(const struct chain_layout *l, g2048_grid g, g2048_rng *rng)
{
	int j = (int)g2048_rng_bounded(rng, (uint32_t)l->ngoals), i, a, m;
	const struct chain_term *t = l->goal[j];

	a = g2048_rank(g, l->anchor[0]);
	for (i = 1; i < l->nanchor; i++)
		if (g2048_rank(g, l->anchor[i]) < a)
			a = g2048_rank(g, l->anchor[i]);
	a = a - l->goal_shift < l->anchor_max ? a - l->goal_shift :
	    l->anchor_max;
	for (i = 0; i < l->nfree; i++)
		if (g2048_rng_bounded(rng, 2))
			g = g2048_set_rank(g, l->free[i], 1 +
			    (int)g2048_rng_bounded(rng, 2));
	for (i = 0; i < l->goal_len[j]; i++)
		g = g2048_set_rank(g, t[i].cell, a + t[i].off);
	m = (int)g2048_rng_bounded(rng, (uint32_t)l->goal_len[j]);
	g = g2048_set_rank(g, t[m].cell, a + t[m].off - 1);
	i = (int)g2048_rng_bounded(rng, (uint32_t)l->nfree);
	return g2048_set_rank(g, l->free[i], a + t[m].off - 1);
}

/* the block with the least anchor the layout takes, a table of its
 * own: of the real layouts, and of the small ones */
static const int low_block[4][CHAIN_BLOCK_MAX] = {
	{ 15, 14, 13, 12, 5 },
	{ 15, 14, 13, 7, 6, 5 },
	{ 12, 11, 10, 9, 4 },
	{ 11, 10, 9, 7, 6, 5 },
};

/* States a merge short of a chain, with the least anchor (where the
 * spawns decide) and with the prefilled block: the table's value is the
 * brute force's within the rounding of 14 bits a level.  The prefilled
 * ones are also played by g2048_chain_move, mirrored.  On the small
 * layouts (small) or the real ones; at least min compared, and some of
 * them strictly between 0 and 1. */
static void
values_match_brute_force(int small, int min, int min_between)
{
	const struct chain_layout *const *ls = small ? small_layouts : layouts;
	g2048_chain *low = small ? g2048_chain_new_small() : g2048_chain_new();
	g2048_chain *c = small ? g2048_chain_new_small() : g2048_chain_new();
	g2048_rng rng;
	int k, i, tries, compared = 0, between = 0, dir;

	if (low == NULL || c == NULL) {
		CHECK(low != NULL && c != NULL);
		g2048_chain_free(low);
		g2048_chain_free(c);
		return;
	}
	g2048_rng_seed(&rng, 2048, 0);
	for (k = 0; k < 4; k++)
		for (tries = 0; tries < 300; tries++) {
			const struct chain_layout *l = ls[k % 2];
			g2048_chain *ctx = k < 2 ? low : c;
			struct chain_table *t = k % 2 ? &ctx->six : &ctx->five;
			g2048_grid g = prefilled(l);
			long budget = 50000;
			double want, got;

			for (i = 0; k < 2 && i < l->nblock; i++)
				g = g2048_set_rank(g, l->block[i],
				    low_block[2 * small + k][i]);
			g = near_goal(l, g, &rng);
			if (!chain_regular(l, g) || chain_goal(l, g) ||
			    (want = brute(l, g, &budget)) < 0)
				continue;
			got = chain_value(t, g, &dir);
			CHECK(got >= 0 && got <= 1);
			CHECK(fabs(got - want) < 1e-3);
			if (k >= 2)
				check_mirror(c, g);
			compared++;
			between += want > 0.01 && want < 0.99;
		}
	printf("# %s layouts: %d states compared, %d of them strictly "
	    "between 0 and 1\n", small ? "small" : "real", compared, between);
	CHECK(compared >= min);
	CHECK(between >= min_between);
	g2048_chain_free(low);
	g2048_chain_free(c);
}

static void
test_values_match_brute_force(void)
{
	values_match_brute_force(1, 150, 20);
}

/* row 0: 32768 16384 8192 4, row 1: 4096 2048 1024 2, row 2: 512 256
 * 128 ., row 3: . . . 128: up puts the 128 beside the 128 under the
 * 256, a chain into the 1024 */
static const int near_chain[16] = { 15, 14, 13, 2, 12, 11, 10, 1,
	9, 8, 7, 0, 0, 0, 0, 7 };

/* the same on the small layouts: 2048 1024 512 4, 256 128 64 2, 32 16
 * 8 ., . . . 8 */
static const int near_chain_small[16] = { 11, 10, 9, 2, 8, 7, 6, 1,
	5, 4, 3, 0, 0, 0, 0, 3 };

static void
one_move_from_a_chain(g2048_chain *c, const int ranks[16])
{
	g2048_chain_result r;

	if (c == NULL) {
		CHECK(c != NULL);
		return;
	}
	CHECK(g2048_chain_move(c, grid_of(ranks), &r) == G2048_UP);
	CHECK(r.block == 6);
	CHECK(r.prob == 1);
	g2048_chain_free(c);
}

static void
test_one_move_from_a_chain(void)
{
	one_move_from_a_chain(g2048_chain_new(), near_chain);
	one_move_from_a_chain(g2048_chain_new_small(), near_chain_small);
}

/* the first 4096 bytes of path hold text */
static int
header_has(const char *path, const char *text)
{
	char h[4097];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? pread(fd, h, 4096, 0) : -1;

	if (fd >= 0)
		close(fd);
	if (n != 4096)
		return 0;
	h[4096] = '\0';
	return strstr(h, text) != NULL;
}

/* flip one byte at offset off of path */
static void
flip_byte(const char *path, off_t off)
{
	unsigned char b = 0;
	int fd = open(path, O_RDWR);

	CHECK(fd >= 0 && pread(fd, &b, 1, off) == 1);
	b ^= 0x40;
	CHECK(fd >= 0 && pwrite(fd, &b, 1, off) == 1);
	if (fd >= 0)
		close(fd);
}

/* A chain file's header at path made format 1's (magic; the checksum
 * of the sums alone) */
static void
rewrite_header(const char *path, const char *magic, const char *layout,
    uint64_t n)
{
	char h[4096];
	unsigned char *sums;
	uint64_t nb = (n * 2 + 65535) / 65536;
	int fd = open(path, O_RDWR), k;

	sums = malloc((size_t)nb * 8);
	CHECK(fd >= 0 && sums != NULL && pread(fd, sums, (size_t)nb * 8,
	    (off_t)(4096 + n * 2)) == (ssize_t)(nb * 8));
	memset(h, '\n', sizeof h);
	k = snprintf(h, sizeof h, "%slayout %s\nentries %llu\nblock 65536\n"
	    "checksum %016llx\n", magic, layout, (unsigned long long)n,
	    (unsigned long long)chain_sums_sum(sums, nb));
	h[k] = '\n';
	CHECK(fd >= 0 && pwrite(fd, h, sizeof h, 0) == (ssize_t)sizeof h);
	if (fd >= 0)
		close(fd);
	free(sums);
}

/* Saved and mapped again (the small layouts: the same code on tables
 * of megabytes): the same moves and values, states never computed as
 * holes, a flipped byte of a block found when the block is read, a
 * truncated file or a bad header refused when opened. */
static void
test_files(void)
{
	char dir[] = "/tmp/test-chain-XXXXXX", five[4096], six[4096];
	char err[512];
	g2048_chain *c = g2048_chain_new_small(), *m;
	g2048_chain_result a, b;
	g2048_grid g = grid_of(near_chain_small);
	struct stat st;

	if (c == NULL || mkdtemp(dir) == NULL) {
		CHECK(0);
		g2048_chain_free(c);
		return;
	}
	g2048_chain_paths(dir, five, six, sizeof five);
	g2048_chain_move(c, g, &a);
	CHECK(g2048_chain_save(c, dir, err, sizeof err) == 0);
	/* the same bytes on every machine: the header's checksum pinned */
	CHECK(header_has(six, "2048-chain 2\nlayout six-small\nentries 3686400\n"
	    "block 65536\nchecksum e0c128131ab5eebb\n"));
	CHECK(header_has(five, "2048-chain 2\nlayout five-small\nentries 1658880\n"
	    "block 65536\nchecksum bef75976904df54c\n"));
	CHECK(stat(six, &st) == 0 && st.st_size == 4096 +
	    (off_t)c->six.n * 2 + (off_t)((c->six.n * 2 + 65535) / 65536) * 8);
	CHECK((uint64_t)st.st_blocks * 512 < (uint64_t)st.st_size / 100);
	CHECK((m = g2048_chain_open(dir, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == a.dir && b.prob == a.prob &&
		    b.block == a.block && g2048_chain_states(m) == 0);
		CHECK(g2048_chain_error(m, err, sizeof err) == 0);
		g2048_chain_free(m);
	}
	/* the entry near_chain read: flipped, the six's table is corrupt */
	flip_byte(six, 4096 + (off_t)(chain_state_index(&c->six, g) * 2));
	CHECK((m = g2048_chain_open(dir, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == -1);
		CHECK(g2048_chain_error(m, err, sizeof err) == 1);
		CHECK(strstr(err, "the chain table six-small: corrupt") != NULL);
		g2048_chain_free(m);
	}
	CHECK(g2048_chain_save(c, dir, err, sizeof err) == 0);
	/* a changed byte of a header, wherever: refused when opened */
	{
		off_t off;
		int accepted = 0;

		for (off = 0; off < 4096; off += 13) {
			flip_byte(six, off);
			if ((m = g2048_chain_open(dir, err, sizeof err)) !=
			    NULL) {
				accepted++;
				g2048_chain_free(m);
			}
			flip_byte(six, off);
		}
		CHECK(accepted == 0);
	}
	/* format 1 (no sum of the header): refused, then upgraded */
	rewrite_header(six, "2048-chain 1\n", c->six.l->name, c->six.n);
	CHECK(g2048_chain_open(dir, err, sizeof err) == NULL);
	CHECK(strstr(err, "--upgrade") != NULL);
	CHECK(g2048_chain_upgrade(six, err, sizeof err) == 1);
	CHECK(header_has(six, "checksum e0c128131ab5eebb\n"));
	CHECK(g2048_chain_upgrade(six, err, sizeof err) == 0);
	CHECK((m = g2048_chain_open(dir, err, sizeof err)) != NULL);
	g2048_chain_free(m);
	CHECK(truncate(five, 4096) == 0);
	CHECK(g2048_chain_open(dir, err, sizeof err) == NULL);
	CHECK(strstr(err, "truncated") != NULL);
	CHECK(g2048_chain_save(c, dir, err, sizeof err) == 0);
	flip_byte(five, 3);
	CHECK(g2048_chain_open(dir, err, sizeof err) == NULL);
	CHECK(strstr(err, "not a chain table") != NULL);
	unlink(five);
	unlink(six);
	rmdir(dir);
	g2048_chain_free(c);
}

/* A save of tables that computed next to nothing reads none of the
 * memory no state was stored in (a stopped build's tables are nearly
 * all such, 6.6 GB of the real ones, and a stop saves them): it faults
 * in fewer than a tenth of the tables' pages.  The bytes it writes are
 * test_files' (its pinned checksums). */
static void
test_save_reads_only_blocks_written(void)
{
	char dir[] = "/tmp/test-chain-XXXXXX", five[4096], six[4096];
	char err[512];
	g2048_chain *c = g2048_chain_new_small();
	g2048_chain_result r;
	struct rusage before, after;
	long faults, pages;

	if (c == NULL || mkdtemp(dir) == NULL) {
		CHECK(0);
		g2048_chain_free(c);
		return;
	}
	g2048_chain_paths(dir, five, six, sizeof five);
	CHECK(g2048_chain_move(c, grid_of(near_chain_small), &r) == G2048_UP);
	pages = (long)((c->five.n + c->six.n) * 2 / 4096);
	getrusage(RUSAGE_SELF, &before);
	CHECK(g2048_chain_save(c, dir, err, sizeof err) == 0);
	getrusage(RUSAGE_SELF, &after);
	faults = after.ru_minflt - before.ru_minflt;
	printf("# the save: %ld page faults, the tables %ld pages\n", faults,
	    pages);
	CHECK(faults < pages / 10);
	unlink(five);
	unlink(six);
	rmdir(dir);
	g2048_chain_free(c);
}

/* A digest of one board: that board's move and probability as the
 * whole tables give them, nothing for a board it never met, the same
 * bytes every time; a flipped byte of its body found when read, a
 * truncated file or a bad header refused when opened. */
static void
test_digest(void)
{
	char path[] = "/tmp/test-digest-XXXXXX", err[512];
	g2048_chain *c = g2048_chain_new(), *m;
	g2048_chain_distill *d = NULL;
	g2048_chain_result a, b;
	g2048_grid g = grid_of(near_chain), other = g;
	int fd = mkstemp(path);
	uint64_t boards, decided, states;

	/* near_chain's six with a 4 for the 2 beside the block */
	other = g2048_set_rank(other, 3, 1);
	if (c == NULL || fd < 0 || (d = g2048_chain_distill_new(c)) == NULL) {
		CHECK(0);
		g2048_chain_free(c);
		return;
	}
	close(fd);
	CHECK(g2048_chain_move(c, g, &a) >= 0);
	CHECK(g2048_chain_distill_add(d, g) == 1);
	CHECK(g2048_chain_distill_add(d, g) == 1);
	CHECK(g2048_chain_distill_add(d, grid_of((const int[16]){ 0 })) == 0);
	g2048_chain_distill_counts(d, &boards, &decided, &states);
	CHECK(boards == 3 && decided == 2 && states == 1);
	CHECK(g2048_chain_distill_save(d, 10, path, err, sizeof err) == 0);
	CHECK(header_has(path, "2048-chain-digest 2\nfive 0\nsix 1\n"
	    "block 65536\nchecksum 6ebf4952114ff37f\n"));
	/* a changed byte of its header, wherever: refused when opened */
	{
		off_t off;
		int accepted = 0;

		for (off = 0; off < 4096; off += 5) {
			flip_byte(path, off);
			if ((m = g2048_chain_open_digest(path, err,
			    sizeof err)) != NULL) {
				accepted++;
				g2048_chain_free(m);
			}
			flip_byte(path, off);
		}
		CHECK(accepted == 0);
	}
	CHECK((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_is_digest(m));
		CHECK(g2048_chain_move(m, g, &b) == a.dir && b.prob == a.prob &&
		    b.block == a.block);
		CHECK(g2048_chain_move(c, other, &a) >= 0);
		CHECK(g2048_chain_move(m, other, &b) == -1);
		CHECK(g2048_chain_error(m, err, sizeof err) == 0);
		g2048_chain_free(m);
	}
	/* the state's index, its first byte flipped */
	flip_byte(path, 4096);
	CHECK((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == -1);
		CHECK(g2048_chain_error(m, err, sizeof err) == 1);
		CHECK(strstr(err, "the chain digest: corrupt") != NULL);
		g2048_chain_free(m);
	}
	CHECK(truncate(path, 4100) == 0);
	CHECK(g2048_chain_open_digest(path, err, sizeof err) == NULL);
	CHECK(strstr(err, "truncated") != NULL);
	CHECK(g2048_chain_distill_save(d, 10, path, err, sizeof err) == 0);
	flip_byte(path, 3);
	CHECK(g2048_chain_open_digest(path, err, sizeof err) == NULL);
	CHECK(strstr(err, "not a chain digest") != NULL);
	/* no state kept: a digest that decides nothing */
	CHECK(g2048_chain_distill_save(d, 0, path, err, sizeof err) == 0);
	CHECK((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == -1);
		g2048_chain_free(m);
	}
	/* a digest is not distilled again */
	if ((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL) {
		CHECK(g2048_chain_distill_new(m) == NULL);
		g2048_chain_free(m);
	}
	unlink(path);
	g2048_chain_distill_free(d);
	g2048_chain_free(c);
}

/* The chain cache: a state computed is kept by a save, answered after
 * it (the saved file mapped in place of the memory), read by the next
 * context without computing; a block of the file that fails its sum is
 * computed again, the same. */
static void
test_cache(void)
{
	char dir[] = "/tmp/test-chain-XXXXXX", five[4096], six[4096];
	char err[512];
	g2048_chain *c = g2048_chain_new(), *k = NULL, *m;
	g2048_chain_result a, b;
	g2048_grid g = grid_of(near_chain);

	if (c == NULL || mkdtemp(dir) == NULL ||
	    (k = g2048_chain_cache_open(dir, NULL, err, sizeof err)) == NULL) {
		CHECK(0);
		g2048_chain_free(c);
		return;
	}
	g2048_chain_paths(dir, five, six, sizeof five);
	CHECK(g2048_chain_is_cache(k) && !g2048_chain_is_cache(c));
	CHECK(g2048_chain_lookup(k, g, &b) == -1 && b.missing);
	g2048_chain_move(c, g, &a);
	CHECK(g2048_chain_move(k, g, &b) == a.dir && b.prob == a.prob &&
	    b.computed);
	CHECK(g2048_chain_unsaved(k) > 0);
	CHECK(g2048_chain_cache_save(k, err, sizeof err) == 0);
	CHECK(g2048_chain_unsaved(k) == 0);
	/* nothing new: no save, the file mapped again all the same */
	CHECK(g2048_chain_cache_save(k, err, sizeof err) == 0);
	/* the same header as the whole tables' save of the same state */
	CHECK(header_has(six, "checksum 7887de02b2f76a88\n"));
	CHECK(g2048_chain_move(k, g, &b) == a.dir && b.prob == a.prob &&
	    !b.computed);
	CHECK(g2048_chain_lookup(k, g, &b) == a.dir && !b.missing);
	g2048_chain_free(k);
	CHECK((m = g2048_chain_cache_open(dir, NULL, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == a.dir && b.prob == a.prob &&
		    g2048_chain_states(m) == 0);
		g2048_chain_free(m);
	}
	flip_byte(six, 4096 + (off_t)(chain_state_index(&c->six, g) * 2));
	CHECK((m = g2048_chain_cache_open(dir, NULL, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == a.dir && b.prob == a.prob &&
		    g2048_chain_states(m) > 0);
		CHECK(g2048_chain_error(m, err, sizeof err) == 0);
		g2048_chain_free(m);
	}
	g2048_chain_free(c);
	unlink(five);
	unlink(six);
	snprintf(five, sizeof five, "%s/chain.lock", dir);
	unlink(five);
	rmdir(dir);
}

/* 1 if the files at a and b hold the same bytes. */
static int
same_bytes(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	int ca = 0, cb = 0, same = fa != NULL && fb != NULL;

	while (same && ca != EOF) {
		ca = getc(fa);
		cb = getc(fb);
		same = ca == cb;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* Packed tables of a context's states: every state it computed read
 * back as it holds it and no other, whose move is the context's, the
 * same bytes whatever the threads that computed them; a
 * changed byte of the body found when read; beneath a cache, what they
 * hold is not computed, in a state's recursion neither. */
static void
test_packed(void)
{
	/* the block of 6 and a 64 either side of the free cells */
	static const int unsure[16] = { 15, 14, 13, 2, 12, 11, 10, 1,
		9, 8, 6, 0, 0, 0, 0, 6 };
	char path[] = "/tmp/test-packed-XXXXXX", dir[] = "/tmp/test-pk-XXXXXX";
	char err[512], name[4096];
	g2048_chain *c = g2048_chain_new(), *fresh = g2048_chain_new(), *m, *k;
	g2048_chain_result a, b;
	g2048_grid g = grid_of(unsure), beside = g2048_set_rank(g, 14, 1);
	struct chain_table *ct, *mt;
	uint64_t held = 0, blk, compared = 0, differ = 0;
	size_t i, end;
	int fd = mkstemp(path), t;

	if (c == NULL || fresh == NULL || fd < 0 || mkdtemp(dir) == NULL) {
		CHECK(0);
		g2048_chain_free(c);
		g2048_chain_free(fresh);
		return;
	}
	close(fd);
	CHECK(g2048_chain_move(c, g, &a) >= 0 && a.computed);
	CHECK(g2048_chain_pack(c, path, &held, err, sizeof err) == 0);
	printf("# %llu states packed\n", (unsigned long long)held);
	CHECK(held == g2048_chain_states(c) && held > 100000);
	/* the same bytes from four threads computing it */
	{
		char path4[] = "/tmp/test-packed4-XXXXXX";
		g2048_chain *c4 = g2048_chain_new();
		int fd4 = mkstemp(path4);

		CHECK(c4 != NULL && fd4 >= 0);
		if (c4 != NULL && fd4 >= 0) {
			close(fd4);
			g2048_chain_set_threads(c4, 4);
			CHECK(g2048_chain_move(c4, g, &b) == a.dir);
			CHECK(g2048_chain_pack(c4, path4, NULL, err,
			    sizeof err) == 0);
			CHECK(same_bytes(path, path4));
			unlink(path4);
		}
		g2048_chain_free(c4);
	}
	CHECK(header_has(path, "2048-chain-packed 1\nfive 0\nsix "));
	CHECK((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL);
	if (m != NULL) {
		for (t = 0; t < 2; t++) {
			ct = t ? &c->six : &c->five;
			mt = t ? &m->six : &m->five;
			/* every state of a block computed into, and the
			 * first of every other (none held) */
			for (blk = 0; blk * 32768 < ct->n; blk++) {
				end = ct->written[blk >> 6] >> (blk & 63) & 1 ?
				    (size_t)(blk + 1) * 32768 : blk * 32768 + 1;
				for (i = blk * 32768; i < end && i < ct->n; i++) {
					compared++;
					differ += chain_digest_entry(mt, i) !=
					    ct->e[i];
				}
			}
		}
		CHECK(compared > 100000 && differ == 0);
		CHECK(g2048_chain_move(m, g, &b) == a.dir && b.prob == a.prob);
		g2048_chain_free(m);
	}
	/* a cache over them: the board held, and beside it a state of its
	 * own computed from many of theirs */
	CHECK((k = g2048_chain_cache_open(dir, path, err, sizeof err)) != NULL);
	if (k != NULL) {
		CHECK(g2048_chain_move(k, g, &b) == a.dir && b.prob == a.prob &&
		    !b.computed && g2048_chain_states(k) == 0);
		CHECK(g2048_chain_move(fresh, beside, &a) >= 0 && a.computed);
		CHECK(g2048_chain_move(k, beside, &b) == a.dir &&
		    b.prob == a.prob && b.computed);
		printf("# beside it: %llu states computed over them, %llu "
		    "alone\n", (unsigned long long)g2048_chain_states(k),
		    (unsigned long long)g2048_chain_states(fresh));
		CHECK(g2048_chain_states(k) * 4 < g2048_chain_states(fresh));
		g2048_chain_free(k);
	}
	/* a byte of the record of the board's block changed (its record's
	 * offset in the six's directory, past the five's): found, nothing
	 * answered */
	{
		struct chain_ask ask = { 0, 0, 0 };
		unsigned char w[8] = { 0 };
		size_t idx = 0;
		int d;

		chain_suggest(&c->six, g, &d, &idx, &ask);
		fd = open(path, O_RDONLY);
		CHECK(fd >= 0 && pread(fd, w, 8, (off_t)(4096 + 8 * 37226 +
		    8 * (idx / 32768))) == 8);
		if (fd >= 0)
			close(fd);
		CHECK(blocks_rd64le(w) != 0);
		flip_byte(path, 4096 + (off_t)blocks_rd64le(w) + 4096 + 128 +
		    2 * 7);
	}
	CHECK((m = g2048_chain_open_digest(path, err, sizeof err)) != NULL);
	if (m != NULL) {
		CHECK(g2048_chain_move(m, g, &b) == -1);
		CHECK(g2048_chain_error(m, err, sizeof err) == 1);
		g2048_chain_free(m);
	}
	CHECK(g2048_chain_verify(path, err, sizeof err) == -1);
	unlink(path);
	snprintf(name, sizeof name, "%s/chain.lock", dir);
	unlink(name);
	rmdir(dir);
	g2048_chain_free(c);
	g2048_chain_free(fresh);
}

/* A board's states computed by several threads at once (the helpers,
 * each taking the spawns in its own order) are those one thread
 * computes, entry for entry: the small tables built whole on one thread
 * against a context of four threads asked for the prefilled block and a
 * 2, a recursion over much of the six's table. */
static void
test_helpers_compute_the_same_entries(void)
{
	g2048_chain *whole = g2048_chain_new_small(), *c = g2048_chain_new_small();
	g2048_chain_result r;
	struct chain_table *a, *b;
	size_t i, held = 0, differ = 0;
	int k;

	if (whole == NULL || c == NULL) {
		CHECK(whole != NULL && c != NULL);
		g2048_chain_free(whole);
		g2048_chain_free(c);
		return;
	}
	CHECK(g2048_chain_build(whole, 1, NULL, NULL, NULL) == 0);
	g2048_chain_set_threads(c, 4);
	g2048_chain_move(c, g2048_set_rank(prefilled(&chain_six_small), 15, 1),
	    &r);
	CHECK(r.block == 6 && r.computed);
	for (k = 0; k < 2; k++) {
		a = k ? &whole->six : &whole->five;
		b = k ? &c->six : &c->five;
		for (i = 0; i < b->n; i++)
			if (b->e[i] != 0) {
				held++;
				differ += b->e[i] != a->e[i];
			}
	}
	printf("# %zu states computed, %llu by the helpers, %zu differ\n",
	    held, (unsigned long long)atomic_load(&c->six.helped), differ);
	CHECK(held > 100000);
	CHECK(atomic_load(&c->six.helped) > 0);
	CHECK(differ == 0);
	g2048_chain_free(whole);
	g2048_chain_free(c);
}

int
main(void)
{
	/* first: once a table is freed, malloc may serve the next from
	 * memory it zeroes itself, every page touched before the save */
	RUN(test_save_reads_only_blocks_written);
	RUN(test_layouts_index_the_regular_states);
	RUN(test_small_layouts_are_the_real_ones_lowered);
	RUN(test_values_match_brute_force);
	RUN(test_one_move_from_a_chain);
	RUN(test_files);
	RUN(test_digest);
	RUN(test_cache);
	RUN(test_packed);
	RUN(test_helpers_compute_the_same_entries);
	return UNIT_EXIT();
}
