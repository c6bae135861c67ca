/*
 * packed.c - packed chain tables: the states a chain cache holds, and no
 * other, in a file a fourth of the whole tables' size (2048-chain(5),
 * PACKED): of the states a context holds, its own (2048-solve
 * --pack-chain, which make tables runs; 2048-table --pack of a cache).
 * Beneath a cache it answers for its states in the recursion too, and
 * the cache computes the rest, so every answer is the whole tables'.
 *
 * A table's entries are cut into blocks of CHAIN_BLOCK bytes (32768
 * states), as its file's are.  The body holds, for the five, then the
 * six, a directory of a 64-bit offset a block (0: the block holds no
 * state); then each held block's record: a bitmap of its states held
 * (512 words of 64 bits), the states held before each group of 8 words
 * (64 of 16 bits), and its entries held in order (16 bits, as a table's).
 * All little-endian; then a 64-bit sum of each block of CHAIN_BLOCK bytes
 * of the body, checked when a lookup first reads the block, as a
 * digest's (digest.c maps the file; its header says "2048-chain-packed").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"

#define PACKED_MAGIC  "2048-chain-packed 1\n"
#define PACKED_STATES (CHAIN_BLOCK / 2)         /* states a block */
#define PACKED_WORDS  (PACKED_STATES / 64)      /* a bitmap's words */
#define PACKED_GROUPS (PACKED_WORDS / 8)        /* its counts */
#define PACKED_HEAD   (8 * PACKED_WORDS + 2 * PACKED_GROUPS)

/* ---- lookups ---------------------------------------------------------- */

/* n bytes at offset off of d's body, their blocks checked: NULL if they
 * are past its end or a block fails */
static const unsigned char *
span(const struct chain_digest *d, uint64_t off, size_t n)
{
	struct blocks *z = (struct blocks *)&d->blocks;

	if (off > z->len || n > z->len - off ||
	    blocks_touch(z, off / CHAIN_BLOCK) ||
	    blocks_touch(z, (off + n - 1) / CHAIN_BLOCK))
		return NULL;
	return d->map + CHAIN_HEADER + off;
}

static unsigned
rd16le(const unsigned char *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

unsigned
chain_packed_entry(const struct chain_table *t, size_t i)
{
	const struct chain_digest *d = t->dg;
	const unsigned char *p, *g;
	uint64_t rec, word, rank;
	size_t j = i % PACKED_STATES, w = j / 64, k;
	unsigned e;

	if (i >= t->n ||
	    (p = span(d, t->dg_off + 8 * (i / PACKED_STATES), 8)) == NULL ||
	    (rec = blocks_rd64le(p)) == 0 ||
	    (p = span(d, rec, PACKED_HEAD)) == NULL)
		return 0;
	word = blocks_rd64le(p + 8 * w);
	if (!(word >> (j % 64) & 1))
		return 0;
	/* the rank of state j among the block's held: its group's count,
	 * then the group's words before its own, then its own word's bits
	 * below it */
	g = p + 8 * PACKED_WORDS;
	rank = rd16le(g + 2 * (w / 8));
	for (k = w & ~(size_t)7; k < w; k++)
		rank += (uint64_t)__builtin_popcountll(blocks_rd64le(p + 8 * k));
	rank += (uint64_t)__builtin_popcountll(word &
	    ((UINT64_C(1) << (j % 64)) - 1));
	if ((p = span(d, rec + PACKED_HEAD + 2 * rank, 2)) == NULL)
		return 0;
	e = rd16le(p);
	/* a probability over 1 is no entry of a table's */
	return e != 0 && (e - 1) >> 2 <= CHAIN_Q ? e : 0;
}

/* ---- the header ------------------------------------------------------- */

static int
header_prefix(char *h, size_t size, const uint64_t *n)
{
	return snprintf(h, size, "%s" "five %llu\nsix %llu\nbytes %llu\n"
	    "block %d\nchecksum ", PACKED_MAGIC, (unsigned long long)n[0],
	    (unsigned long long)n[1], (unsigned long long)n[2], CHAIN_BLOCK);
}

int
chain_packed_is(const char *h)
{
	return memcmp(h, PACKED_MAGIC, strlen(PACKED_MAGIC)) == 0;
}

/* the directories' bytes of c's tables */
static uint64_t
dirs_len(const g2048_chain *c)
{
	return 8 * (blocks_count(c->five.n, PACKED_STATES) +
	    blocks_count(c->six.n, PACKED_STATES));
}

int
chain_packed_header(const char *h, const g2048_chain *c, uint64_t *n,
    uint64_t *checksum, size_t *textlen, const char **why)
{
	char want[256], text[256];
	unsigned long long v[3];
	int len;

	memcpy(text, h, sizeof text - 1);
	text[sizeof text - 1] = '\0';
	if (!chain_packed_is(text)) {
		*why = "not packed chain tables of this version";
		return -1;
	}
	if (sscanf(text + strlen(PACKED_MAGIC), "five %llu six %llu bytes "
	    "%llu", &v[0], &v[1], &v[2]) != 3 || v[0] > c->five.n ||
	    v[1] > c->six.n || v[2] < dirs_len(c) ||
	    v[2] > dirs_len(c) + (v[0] + v[1]) * 2 + PACKED_HEAD *
	    (dirs_len(c) / 8)) {
		*why = "bad header: the states of the five and the six, and "
		    "the body's bytes";
		return -1;
	}
	n[0] = v[0];
	n[1] = v[1];
	n[2] = v[2];
	len = header_prefix(want, sizeof want, n);
	if (strncmp(text, want, (size_t)len) != 0 ||
	    chain_header_tail(h, (size_t)len, checksum) < 0) {
		*why = "bad header: not the counts, bytes, block and checksum "
		    "expected";
		return -1;
	}
	*textlen = (size_t)len;
	return 0;
}

void
chain_packed_place(g2048_chain *c, const uint64_t *n)
{
	c->five.dg_off = 0;
	c->five.dg_n = n[0];
	c->six.dg_off = 8 * blocks_count(c->five.n, PACKED_STATES);
	c->six.dg_n = n[1];
	c->five.dg_packed = c->six.dg_packed = 1;
}

/* ---- the writer ------------------------------------------------------- */

/* What a pack reads and where its records go: of both tables, each
 * block's states held and its record's offset in the body (0: none). */
struct pack {
	struct chain_table *t[2];
	uint64_t nb[2];                 /* blocks of each table */
	uint32_t *held;                 /* nb[0] + nb[1] counts */
	uint64_t *off;                  /* and offsets */
	uint64_t *rec_list, nrec;       /* the blocks held, in order */
	uint64_t n[3];                  /* held in five, six; body bytes */
	unsigned char *rec;             /* one record, made */
	uint64_t rec_of;                /* whose (1 + its block), or 0 */
	size_t rec_len;
	int bad;                        /* a block of the tables failed */
};

/* the entries of block b of table t, its block checked (a cache's
 * spoilt block reads as nothing held; a file's sets p->bad); NULL: a
 * cache's hole, no state held */
static const _Atomic uint16_t *
block_entries(struct pack *p, struct chain_table *t, uint64_t b)
{
	if (t->cache && chain_cache_block_empty(t, b))
		return NULL;
	/* memory of its own: a block no state was stored in holds none */
	if (t->map == NULL && t->cache == NULL && !chain_block_written(t, b))
		return NULL;
	if (t->cache)
		chain_cache_touch(t, b);
	else if (t->blocks && chain_check_block(t, b))
		p->bad = 1;
	return t->e + b * PACKED_STATES;
}

static size_t
states_of(const struct chain_table *t, uint64_t b)
{
	return (size_t)(t->n - b * PACKED_STATES < PACKED_STATES ?
	    t->n - b * PACKED_STATES : PACKED_STATES);
}

/* the states held in each block, and where each record goes */
static void
pack_plan(struct pack *p)
{
	uint64_t b, k = 0, at;
	size_t j, ns;
	int ti;

	at = 8 * (p->nb[0] + p->nb[1]);
	for (ti = 0; ti < 2; ti++) {
		p->n[ti] = 0;
		for (b = 0; b < p->nb[ti]; b++, k++) {
			const _Atomic uint16_t *e = block_entries(p, p->t[ti],
			    b);
			uint32_t h = 0;

			ns = e ? states_of(p->t[ti], b) : 0;
			for (j = 0; j < ns; j++)
				h += atomic_load_explicit(&e[j],
				    memory_order_relaxed) != 0;
			if (p->t[ti]->cache)
				chain_cache_release(p->t[ti], b);
			p->held[k] = h;
			p->off[k] = h ? at : 0;
			if (h)
				p->rec_list[p->nrec++] = k;
			at += h ? PACKED_HEAD + 2 * (uint64_t)h : 0;
			p->n[ti] += h;
		}
	}
	p->n[2] = at;
}

/* the record of block k (of both tables' blocks) into p->rec */
static void
make_record(struct pack *p, uint64_t k)
{
	int ti = k >= p->nb[0];
	uint64_t b = ti ? k - p->nb[0] : k, word = 0;
	const _Atomic uint16_t *e = block_entries(p, p->t[ti], b);
	size_t ns = e ? states_of(p->t[ti], b) : 0, j, r = 0;
	unsigned char *bits = p->rec, *groups = bits + 8 * PACKED_WORDS;
	unsigned char *out = bits + PACKED_HEAD;
	unsigned v;

	memset(bits, 0, PACKED_HEAD);
	for (j = 0; j < PACKED_STATES; j++) {
		if (j % 512 == 0) {
			groups[2 * (j / 512)] = (unsigned char)(r & 0xff);
			groups[2 * (j / 512) + 1] = (unsigned char)(r >> 8);
		}
		v = j < ns ? atomic_load_explicit(&e[j],
		    memory_order_relaxed) : 0;
		if (v != 0) {
			word |= UINT64_C(1) << (j % 64);
			out[2 * r] = (unsigned char)(v & 0xff);
			out[2 * r + 1] = (unsigned char)(v >> 8);
			r++;
		}
		if (j % 64 == 63) {
			chain_put_le64(bits + 8 * (j / 64), word);
			word = 0;
		}
	}
	/* a count the plan made: a table that changed since is a bad
	 * pack, never a torn record */
	if (r != p->held[k])
		p->bad = 1;
	if (p->t[ti]->cache)
		chain_cache_release(p->t[ti], b);
	p->rec_of = k + 1;
	p->rec_len = PACKED_HEAD + 2 * r;
}

/* the record that holds body offset at (past the directories): the
 * last held block whose record begins at or before it */
static uint64_t
record_at(const struct pack *p, uint64_t at)
{
	uint64_t lo = 0, hi = p->nrec, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (p->off[p->rec_list[mid]] <= at)
			lo = mid;
		else
			hi = mid;
	}
	return p->rec_list[lo];
}

/* chain_block_fn of a pack's body: ctx the pack */
static int
pack_block(void *ctx, uint64_t b, unsigned char *buf, size_t n)
{
	struct pack *p = ctx;
	uint64_t at = b * CHAIN_BLOCK, dirs = 8 * (p->nb[0] + p->nb[1]), k;
	size_t done = 0, take;
	unsigned char w[8];

	while (done < n) {
		if (at + done < dirs) {         /* the directories */
			k = (at + done) / 8;
			take = 8 - (size_t)((at + done) % 8);
			chain_put_le64(w, p->off[k]);
			take = take < n - done ? take : n - done;
			memcpy(buf + done, w + (at + done) % 8, take);
		} else {
			k = record_at(p, at + done);
			if (p->rec_of != k + 1)
				make_record(p, k);
			take = (size_t)(p->off[k] + p->rec_len - (at + done));
			take = take < n - done ? take : n - done;
			memcpy(buf + done, p->rec + (at + done - p->off[k]),
			    take);
		}
		done += take;
	}
	if (p->bad)
		errno = EIO;
	return p->bad ? -1 : 0;
}

void
chain_packed_header_text(char *h, const uint64_t *n, uint64_t sums_sum)
{
	int len = header_prefix(h, CHAIN_HEADER, n);

	chain_header_finish(h, (size_t)len, chain_head_sum(h, (size_t)len,
	    sums_sum));
}

/* chain_header_fn of a pack: ctx its counts */
static void
pack_header(char *h, uint64_t sums_sum, const void *ctx)
{
	chain_packed_header_text(h, ctx, sums_sum);
}

int
g2048_chain_pack(g2048_chain *c, const char *path, uint64_t *held,
    char *err, size_t errsize)
{
	struct pack p;
	struct chain_file f;
	int rc = -1;

	if (c->digest || g2048_chain_is_small(c))
		return chain_fail(err, errsize, path, c->digest ? "a digest's "
		    "tables are packed already" : "the small (test) layouts "
		    "are not packed");
	memset(&p, 0, sizeof p);
	p.t[0] = &c->five;
	p.t[1] = &c->six;
	p.nb[0] = blocks_count(c->five.n, PACKED_STATES);
	p.nb[1] = blocks_count(c->six.n, PACKED_STATES);
	p.held = malloc((size_t)(p.nb[0] + p.nb[1]) * sizeof *p.held);
	p.off = malloc((size_t)(p.nb[0] + p.nb[1]) * sizeof *p.off);
	p.rec_list = malloc((size_t)(p.nb[0] + p.nb[1]) * sizeof *p.rec_list);
	p.rec = malloc(PACKED_HEAD + CHAIN_BLOCK);
	if (p.held == NULL || p.off == NULL || p.rec_list == NULL ||
	    p.rec == NULL) {
		chain_fail(err, errsize, path, "out of memory");
		goto out;
	}
	pack_plan(&p);
	if (p.bad) {
		chain_fail(err, errsize, path, "the chain tables read: a block "
		    "fails its check");
		goto out;
	}
	memset(&f, 0, sizeof f);
	f.len = p.n[2];
	f.block = pack_block;
	f.ctx = &p;
	f.header = pack_header;
	f.header_ctx = p.n;
	rc = chain_write_file(path, &f, err, errsize);
	if (rc < 0 && p.bad)
		chain_fail(err, errsize, path, "the chain tables changed or "
		    "failed a check while they were packed");
	if (rc == 0 && held)
		*held = p.n[0] + p.n[1];
out:
	free(p.held);
	free(p.off);
	free(p.rec_list);
	free(p.rec);
	return rc;
}
