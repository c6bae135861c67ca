/*
 * table.c - a table file (2048-table(5)) opened: mapped, its header
 * (tablehead.c), size and index checked, its blocks checked, and the
 * queries of a state: each legal move's exact value, from the values of
 * the states it leads to (a 4x4 grid's orientations: match.c).  A block
 * is checked when a query first reads it, so a query of a
 * 3 GB table reads a few blocks, not 3 GB (checking L3o-256 whole takes
 * about 0.75 s here).  The header's checksum covers its text and the
 * blocks' sums, checked when opened.  Formats 1 and 2 are refused;
 * g2048_table_upgrade gives a file of format 2 format 3's header.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blocks.h"
#include "exact.h"

#define MAX_SUM 65534

struct g2048_table {
	struct exact_header h;
	char *path;                         /* for the message */
	struct blocks *lazy;                /* the blocks, checked as read */
	g2048_table_info info;
	unsigned char *map;
	size_t maplen;
	uint64_t nlayers;
	struct exact_layer *layer;
	int32_t *by_sum;            /* sum / 2 -> layer, -1 none */
	double p2, p4;
};

/* ---- opening --------------------------------------------------------- */

static void *
terr(char *err, size_t errsize, const char *path, const char *msg)
{
	if (err != NULL && errsize > 0)
		snprintf(err, errsize, "%s: %s", path, msg);
	return NULL;
}

/* ---- the blocks' checks (blocks.h) -------------------------------- */

/* Whether the key or value at p (never across two blocks) may be read:
 * its block checked now if it was not; -1 once any block has failed. */
static inline int
table_touch(const g2048_table *t, const unsigned char *p)
{
	struct blocks *z = t->lazy;

	if (z == NULL)
		return 0;
	return blocks_touch(z, (uint64_t)(p - z->data) / z->block) ? -1 : 0;
}

int
g2048_table_check(const g2048_table *t, char *err, size_t errsize)
{
	uint64_t bad = t->lazy ? blocks_bad(t->lazy) : 0;

	if (bad == 0)
		return 0;
	if (err != NULL && errsize > 0)
		snprintf(err, errsize, "%s: corrupt: block %llu does not match "
		    "its checksum", t->path, (unsigned long long)(bad - 1));
	return -1;
}

int
g2048_table_verify(const g2048_table *t, char *err, size_t errsize)
{
	if (t->lazy != NULL)
		blocks_check_all(t->lazy);
	return g2048_table_check(t, err, errsize);
}

/* Format 2: the blocks' sums checked against the header, and the blocks
 * of the layer index now (every query reads it).  0, or -1 with msg. */
static int
lazy_open(g2048_table *t, char *msg, size_t msgsize)
{
	const unsigned char *body = t->map + EXACT_HEADER;
	uint64_t len = exact_body_len(&t->h), b;

	if ((t->lazy = malloc(sizeof *t->lazy)) == NULL ||
	    blocks_init(t->lazy, body, len, t->h.block, body + len,
	    exact_block_sum) < 0) {
		free(t->lazy);
		t->lazy = NULL;
		return exact_fail(msg, msgsize, "%s", "out of memory");
	}
	if (exact_header_sum((const char *)t->map, t->h.sumpos, t->lazy->sums,
	    t->lazy->nblocks) != t->h.checksum)
		return exact_fail(msg, msgsize, "%s", "corrupt: the header's "
		    "checksum does not match (its header or its blocks' sums "
		    "changed)");
	for (b = 0; b * t->lazy->block < 16 * t->h.nlayers; b++)
		blocks_check(t->lazy, b);
	if ((b = blocks_bad(t->lazy)) != 0) {
		snprintf(msg, msgsize, "corrupt: block %llu does not match its "
		    "checksum", (unsigned long long)(b - 1));
		return -1;
	}
	return 0;
}

void
g2048_table_close(g2048_table *t)
{
	if (t == NULL)
		return;
	if (t->lazy != NULL) {
		blocks_free(t->lazy);
		free(t->lazy);
	}
	free(t->path);
	if (t->map != NULL)
		munmap(t->map, t->maplen);
	free(t->layer);
	free(t->by_sum);
	free(t);
}

int
exact_open_regular(const char *path, int rw, struct stat *st, char *msg,
    size_t msgsize)
{
	char magic[11];
	int fd;

	if ((fd = open(path, (rw ? O_RDWR : O_RDONLY) | O_NONBLOCK)) < 0)
		return exact_fail(msg, msgsize, "%s", strerror(errno));
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return exact_fail(msg, msgsize, "%s", "not a regular file, so "
		    "not a table file");
	}
	if ((uint64_t)st->st_size < EXACT_HEADER) {
		/* short: a table cut short, or no table at all */
		int table = pread(fd, magic, sizeof magic, 0) ==
		    (ssize_t)sizeof magic &&
		    memcmp(magic, "2048-table ", sizeof magic) == 0;

		close(fd);
		return exact_fail(msg, msgsize, "%s", table ?
		    "truncated: shorter than its header" : "not a table file");
	}
	return fd;
}

int
exact_old_format(const struct exact_header *h, const char *path, char *msg,
    size_t msgsize)
{
	if (h->version == 1)
		snprintf(msg, msgsize, "a table file of format 1, which this "
		    "2048-table no longer reads: build it again");
	else
		snprintf(msg, msgsize, "a table file of format 2, whose header "
		    "no checksum covers: run '2048-table --upgrade %s' to "
		    "check it and give it format 3's header (or build it "
		    "again)", path);
	return -1;
}

static g2048_table *
fail_open(g2048_table *t, char *err, size_t errsize, const char *path,
    const char *msg)
{
	g2048_table_close(t);
	return terr(err, errsize, path, msg);
}

g2048_table *
g2048_table_open(const char *path, char *err, size_t errsize)
{
	g2048_table *t;
	struct stat st;
	char msg[256];
	const unsigned char *p;
	uint64_t i, total = 0, prev = 0;
	int fd;

	if ((t = calloc(1, sizeof *t)) == NULL ||
	    (t->path = strdup(path)) == NULL) {
		free(t);
		return terr(err, errsize, path, "out of memory");
	}
	if ((fd = exact_open_regular(path, 0, &st, msg, sizeof msg)) < 0)
		return fail_open(t, err, errsize, path, msg);
	t->maplen = (size_t)st.st_size;
	t->map = mmap(NULL, t->maplen, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (t->map == MAP_FAILED) {
		t->map = NULL;
		return fail_open(t, err, errsize, path, strerror(errno));
	}
	if (exact_header_parse((const char *)t->map, EXACT_HEADER, &t->h, msg,
	    sizeof msg) < 0)
		return fail_open(t, err, errsize, path, msg);
	if (t->h.version != EXACT_VERSION) {
		exact_old_format(&t->h, path, msg, sizeof msg);
		return fail_open(t, err, errsize, path, msg);
	}
	if (t->h.bytes != (uint64_t)st.st_size)
		return fail_open(t, err, errsize, path, t->h.bytes >
		    (uint64_t)st.st_size ? "truncated: shorter than its "
		    "header says" : "longer than its header says");
	if (lazy_open(t, msg, sizeof msg) < 0)
		return fail_open(t, err, errsize, path, msg);
	t->nlayers = t->h.nlayers;
	if ((t->layer = calloc(t->nlayers + 1, sizeof *t->layer)) == NULL ||
	    (t->by_sum = malloc((MAX_SUM / 2 + 1) * sizeof *t->by_sum)) == NULL)
		return fail_open(t, err, errsize, path, "out of memory");
	for (i = 0; i <= MAX_SUM / 2; i++)
		t->by_sum[i] = -1;
	p = t->map + EXACT_HEADER;
	for (i = 0; i < t->nlayers; i++) {
		uint64_t sum = blocks_rd64le(p + 16 * i),
		    n = blocks_rd64le(p + 16 * i + 8);

		if (sum % 2 || sum > MAX_SUM || sum <= prev || n == 0 ||
		    n > t->h.states - total)
			return fail_open(t, err, errsize, path,
			    "corrupt: a bad layer index");
		t->layer[i].sum = sum;
		t->layer[i].count = n;
		t->by_sum[sum / 2] = (int32_t)i;
		prev = sum;
		total += n;
	}
	if (total != t->h.states)
		return fail_open(t, err, errsize, path,
		    "corrupt: the layers do not add up to the states");
	p += 16 * t->nlayers;
	for (i = 0; i < t->nlayers; i++) {
		t->layer[i].keys = p;
		p += 8 * t->layer[i].count;
	}
	for (i = 0; i < t->nlayers; i++) {
		t->layer[i].values = p;
		p += 4 * t->layer[i].count;
	}
	/* a query moves one state four ways: cell by cell costs nothing
	 * beside building the lines' table (65536 lines, 1.4 ms a call) */
	t->h.rules.lines = NULL;
	t->p4 = t->h.rules.four;
	t->p2 = 1 - t->p4;
	exact_info_of(&t->h, &t->info);
	return t;
}

const g2048_table_info *
g2048_table_info_of(const g2048_table *t)
{
	return &t->info;
}

/* ---- queries --------------------------------------------------------- */

/* The value of a state in the table: 0 and *v, -1 if it is not there,
 * -2 if a block it read failed its check. */
static int
lookup(const g2048_table *t, uint64_t key, double *v)
{
	const struct exact_rules *r = &t->h.rules;
	uint64_t c = exact_canon(r, key), sum = exact_sum(r, key);
	const struct exact_layer *l;
	uint64_t lo = 0, hi;
	uint32_t u;

	if (sum > MAX_SUM || t->by_sum[sum / 2] < 0)
		return -1;
	l = &t->layer[t->by_sum[sum / 2]];
	hi = l->count;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (table_touch(t, l->keys + 8 * mid) < 0)
			return -2;
		if (blocks_rd64le(l->keys + 8 * mid) < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= l->count)
		return -1;
	if (table_touch(t, l->keys + 8 * lo) < 0 ||
	    table_touch(t, l->values + 4 * lo) < 0)
		return -2;
	if (blocks_rd64le(l->keys + 8 * lo) != c)
		return -1;
	u = exact_rd32(l->values + 4 * lo);
	if (t->h.value_kind == 0)
		*v = exact_u32_prob(u);
	else {
		float f;

		memcpy(&f, &u, 4);
		*v = f;
	}
	return 0;
}

/* Fill r for a key of the table's rules. */
static int
query_key(const g2048_table *t, uint64_t key, g2048_table_result *res)
{
	const struct exact_rules *r = &t->h.rules;
	int d, i, s;

	memset(res, 0, sizeof *res);
	res->dir = -1;
	if (exact_won(r, key)) {
		res->won = 1;
		res->board = r->objective == G2048_EXACT_PROB ? 1 : 0;
		return res->dir;
	}
	if (exact_lost(r, key))
		return res->dir;        /* the target, in the wrong cell */
	for (d = 0; d < G2048_NDIRS; d++) {
		uint64_t a;
		uint32_t gain;
		unsigned empty;
		int m = exact_move(r, key, d, &a, &gain), ne = 0;
		double e = 0, v;

		if (m == EXACT_ILLEGAL)
			continue;
		res->legal |= 1u << d;
		if (m == EXACT_PRUNED) {
			res->pruned |= 1u << d;
			res->value[d] = 0;
			continue;
		}
		empty = exact_empty(r, a);
		for (i = 0; i < r->ncells; i++) {
			if (!(empty >> i & 1))
				continue;
			ne++;
			for (s = 0; s < 2; s++) {
				double p = s ? t->p4 : t->p2;

				if (p == 0)
					continue;
				int got = lookup(t, exact_put(a, i, s + 1), &v);

				if (got < 0) {
					memset(res, 0, sizeof *res);
					return res->dir = got == -2 ?
					    G2048_TABLE_CORRUPT :
					    G2048_TABLE_UNCOVERED;
				}
				e += p * v;
			}
		}
		res->value[d] = e / ne + (r->objective == G2048_EXACT_SCORE ?
		    gain : 0);
	}
	/* the best move; of equal values, one that keeps the blockers */
	for (d = 0; d < G2048_NDIRS; d++)
		if ((res->legal >> d & 1) && (res->dir < 0 ||
		    res->value[d] > res->value[res->dir] ||
		    (res->value[d] == res->value[res->dir] &&
		    (res->pruned >> res->dir & 1) && !(res->pruned >> d & 1))))
			res->dir = d;
	res->board = res->dir >= 0 ? res->value[res->dir] : 0;
	return res->dir;
}

int
g2048_table_query_cells(const g2048_table *t, const int *ranks, int n,
    g2048_table_result *res)
{
	const struct exact_rules *r = &t->h.rules;
	uint64_t key = r->blockers;
	int i, movers = 0;

	memset(res, 0, sizeof *res);
	res->dir = G2048_TABLE_UNCOVERED;
	if (n != r->ncells)
		return res->dir;
	for (i = 0; i < n; i++) {
		if (r->blockers >> (4 * i) & 0xF)
			continue;
		if (exact_is_mover(r, ranks[i]))
			movers++;
		else if (ranks[i] < 0 || ranks[i] >= EXACT_BLOCK ||
		    (r->target && ranks[i] > r->target))
			return res->dir;
		key = exact_put(key, i, ranks[i]);
	}
	if (movers != r->nmovers)
		return res->dir;
	return query_key(t, key, res);
}

const struct exact_rules *
exact_table_rules(const g2048_table *t)
{
	return &t->h.rules;
}

/* ---- format 2 upgraded ---------------------------------------------- */

int
g2048_table_upgrade(const char *path, char *err, size_t errsize)
{
	struct exact_header h;
	struct blocks z;
	struct stat st;
	char hdr[EXACT_HEADER], msg[512];
	unsigned char *map = NULL;
	uint64_t len, bad;
	int fd, rc = -1;

	if ((fd = exact_open_regular(path, 1, &st, msg, sizeof msg)) < 0) {
		terr(err, errsize, path, msg);
		return -1;
	}
	memset(&z, 0, sizeof z);
	if (pread(fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr) {
		terr(err, errsize, path, strerror(errno));
		goto out;
	}
	if (exact_header_parse(hdr, sizeof hdr, &h, msg, sizeof msg) < 0) {
		terr(err, errsize, path, msg);
		goto out;
	}
	if (h.version == EXACT_VERSION) {
		rc = 0;
		goto out;
	}
	if (h.version != 2) {
		exact_old_format(&h, path, msg, sizeof msg);
		terr(err, errsize, path, msg);
		goto out;
	}
	if (h.bytes != (uint64_t)st.st_size) {
		terr(err, errsize, path, h.bytes > (uint64_t)st.st_size ?
		    "truncated: shorter than its header says" :
		    "longer than its header says");
		goto out;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		map = NULL;
		terr(err, errsize, path, strerror(errno));
		goto out;
	}
	/* format 2's checks, every block: only a sound body is sealed */
	len = exact_body_len(&h);
	if (blocks_init(&z, map + EXACT_HEADER, len, h.block, map +
	    EXACT_HEADER + len, exact_block_sum) < 0) {
		terr(err, errsize, path, "out of memory");
		goto out;
	}
	if (exact_checksum(z.sums, (size_t)(8 * z.nblocks)) != h.checksum) {
		terr(err, errsize, path, "corrupt: the checksum does not "
		    "match: build it again");
		goto out;
	}
	if ((bad = blocks_check_all(&z)) != 0) {
		snprintf(msg, sizeof msg, "corrupt: block %llu does not match "
		    "its checksum: build it again",
		    (unsigned long long)(bad - 1));
		terr(err, errsize, path, msg);
		goto out;
	}
	h.version = EXACT_VERSION;
	if (exact_header_seal(&h, hdr, z.sums) < 0) {
		terr(err, errsize, path, "its header does not fit format 3");
		goto out;
	}
	/* one page, at the file's start: the body is format 3's already */
	if (pwrite(fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr ||
	    fsync(fd) < 0) {
		terr(err, errsize, path, strerror(errno));
		goto out;
	}
	rc = 1;
out:
	if (z.seen != NULL)
		blocks_free(&z);
	if (map != NULL)
		munmap(map, (size_t)st.st_size);
	if (close(fd) < 0 && rc > 0) {
		terr(err, errsize, path, strerror(errno));
		rc = -1;
	}
	return rc;
}
