/*
 * tablewrite.c - the table file (2048-table(5)) written from a build's
 * work files: the text header, the layer index, the keys, the values and
 * a checksum for each block of them.  The header holds the checksum of
 * its own text and of the blocks' sums, so the body is made twice from
 * the work files, hashed and then written (the sums: sums.c); the reader
 * checks a block with the same exact_block_sum when a query first reads
 * it (table.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* The body of the file after its header (the layer index, the keys, the
 * values), to a file or, block by block, to the hasher. */
struct emit {
	struct exact_build *b;
	struct exact_hasher hs;           /* the block being hashed */
	uint64_t block, inblock, blockno, nblocks;
	unsigned char *sums;        /* 8 bytes a block */
	int fd;                     /* -1: hash only */
	char header[EXACT_HEADER];
};

static void
block_done(struct emit *e)
{
	if (e->blockno < e->nblocks)
		exact_wr64(e->sums + 8 * e->blockno, exact_hash_end(&e->hs));
	e->blockno++;
	e->inblock = 0;
	exact_hash_start(&e->hs, 0x2048 + e->blockno);
}

static int
emit_bytes(struct emit *e, const unsigned char *p, size_t n)
{
	if (e->fd >= 0)
		return g2048_write_all(e->fd, p, n);
	while (n > 0) {
		size_t take = (size_t)(e->block - e->inblock) < n ?
		    (size_t)(e->block - e->inblock) : n;

		exact_hash_add(&e->hs, p, take);
		e->inblock += take;
		p += take;
		n -= take;
		if (e->inblock == e->block)
			block_done(e);
	}
	return 0;
}

static int
emit_body(struct emit *e)
{
	struct exact_build *b = e->b;
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
		if ((keys = exact_load(b, 'k', L, b->count[L] * 8)) == NULL)
			return -1;
		for (i = 0; i < b->count[L]; i += k) {
			for (k = 0; k < sizeof buf / 8 && i + k < b->count[L]; k++)
				exact_wr64(buf + 8 * k, keys[i + k]);
			if (emit_bytes(e, buf, 8 * k) < 0) {
				exact_bfree(b, keys, b->count[L] * 8);
				return -1;
			}
		}
		exact_bfree(b, keys, b->count[L] * 8);
	}
	for (L = 2; L <= b->top; L++) {
		double *v;
		size_t nv = 1, vb = b->count[L] * sizeof *v;

		if (!b->have[L])
			continue;
		if ((v = exact_load(b, 'v', L, vb)) == NULL)
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
				exact_bfree(b, v, vb);
				return -1;
			}
		}
		exact_bfree(b, v, vb);
	}
	return 0;
}

static int
fill_table(int fd, const void *ctx)
{
	struct emit *e = (struct emit *)(uintptr_t)ctx;

	e->fd = fd;
	if (g2048_write_all(fd, e->header, EXACT_HEADER) < 0 ||
	    emit_body(e) < 0)
		return -1;
	return g2048_write_all(fd, e->sums, (size_t)(8 * e->nblocks));
}

/* The blocks' sums of the body into e->sums: 0, or -1 with b's err. */
static int
hash_blocks(struct emit *e)
{
	e->fd = -1;
	e->blockno = e->inblock = 0;
	exact_hash_start(&e->hs, 0x2048);
	if (emit_body(e) < 0)
		return -1;
	if (e->inblock > 0)
		block_done(e);
	if (e->blockno != e->nblocks) {
		snprintf(e->b->err, e->b->errsize, "internal error: %llu "
		    "blocks hashed, %llu expected",
		    (unsigned long long)e->blockno,
		    (unsigned long long)e->nblocks);
		return -1;
	}
	return 0;
}

int
exact_write_table(struct exact_build *b, const char *path)
{
	struct exact_header h;
	struct emit *e;
	int L, q, rc;

	memset(&h, 0, sizeof h);
	h.version = EXACT_VERSION;
	h.block = EXACT_TABLE_BLOCK;
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
	h.bytes = EXACT_HEADER + exact_body_len(&h) + 8 * exact_nblocks(&h);
	if ((e = calloc(1, sizeof *e)) == NULL || (e->sums =
	    malloc((size_t)(8 * exact_nblocks(&h)) + 1)) == NULL) {
		free(e);
		return exact_berr(b, "writing", path);
	}
	e->b = b;
	e->block = h.block;
	e->nblocks = exact_nblocks(&h);
	if (hash_blocks(e) < 0) {
		free(e->sums);
		free(e);
		return -1;
	}
	if (exact_header_seal(&h, e->header, e->sums) < 0) {
		free(e->sums);
		free(e);
		snprintf(b->err, b->errsize, "internal error: header too long");
		return -1;
	}
	rc = g2048_file_replace(path, fill_table, e);
	free(e->sums);
	free(e);
	if (rc < 0)
		return exact_berr(b, "cannot write", path);
	b->rep.layers = h.nlayers;
	b->rep.bytes = h.bytes;
	b->rep.checksum = h.checksum;
	return 0;
}
