/*
 * tablehead.c - the text header of a table file (2048-table(5)): written,
 * parsed (every field checked, so that a bad header is one message, never
 * a wrong table), and described as g2048_table_info.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

#define MAX_SUM 65534

/* ---- the header ------------------------------------------------------ */

int
exact_header_format(const struct exact_header *h, char *buf)
{
	const struct exact_rules *r = &h->rules;
	size_t len = 0;
	int q, n;

#define PUT(...) do { \
	n = snprintf(buf + len, EXACT_HEADER - len, __VA_ARGS__); \
	if (n < 0 || (size_t)n >= EXACT_HEADER - len) \
		return -1; \
	len += (size_t)n; \
} while (0)
	memset(buf, 0, EXACT_HEADER);
	PUT("%s", h->version == 1 ? EXACT_MAGIC1 : h->version == 2 ?
	    EXACT_MAGIC2 : EXACT_MAGIC);
	PUT("rules %s %s\n", r->kind == EXACT_BOARD ? "board" : "pattern",
	    r->spec);
	PUT("name %s\n", r->name);
	PUT("target %lu\n", r->target ? 1ul << r->target : 0ul);
	PUT("objective %s\n", r->objective == G2048_EXACT_PROB ? "prob" :
	    "score");
	PUT("four %.17g\n", r->four);
	PUT("symmetries %d\n", r->nsyms);
	PUT("values %s\n", h->value_kind == 0 ? "u32-probability" :
	    "f32-score");
	PUT("states %llu\n", (unsigned long long)h->states);
	PUT("states-plain %llu\n", (unsigned long long)h->states_plain);
	PUT("layers %llu\n", (unsigned long long)h->nlayers);
	PUT("pruned-moves %llu\n", (unsigned long long)h->pruned_moves);
	PUT("pruned-states %llu\n", (unsigned long long)h->pruned_states);
	PUT("moves %llu\n", (unsigned long long)h->moves);
	PUT("start %.17g\n", h->start);
	PUT("maxrank %d\n", h->maxrank);
	if (h->has_reach)
		for (q = 1; q < EXACT_RANKS && q <= h->maxrank; q++)
			PUT("reach %lu %.17g %.17g\n", 1ul << q, h->reach_opt[q],
			    h->reach_pol[q]);
	if (h->built[0] != '\0')
		PUT("built %s\n", h->built);
	else
		PUT("built forward by layers of tile sum, backward induction; "
		    "2048-tools %s\n", G2048_VERSION);
	if (h->version != 1)
		PUT("block %llu\n", (unsigned long long)h->block);
	PUT("bytes %llu\n", (unsigned long long)h->bytes);
	PUT("checksum %016llx\n", (unsigned long long)h->checksum);
#undef PUT
	return 0;
}

int
exact_header_seal(struct exact_header *h, char *buf,
    const unsigned char *sums)
{
	size_t len;

	h->checksum = 0;
	if (exact_header_format(h, buf) < 0)
		return -1;
	/* the checksum line is the last: "checksum " 16 digits "\n" */
	len = strlen(buf) - (sizeof "checksum " - 1 + 16 + 1);
	h->checksum = exact_header_sum(buf, len, sums, exact_nblocks(h));
	h->sumpos = len;
	return exact_header_format(h, buf);
}

static int
parse_u64(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*v = x;
	return 0;
}

static int
parse_double(const char *s, double *v)
{
	char *end;

	if (*s == '\0')
		return -1;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v) ? 0 : -1;
}

/* A header's tile: its rank (0 for 0), below a blocker's; else -1. */
static int
tile_rank(uint64_t tile)
{
	int r = g2048_rank_of(tile);

	return r < EXACT_BLOCK ? r : -1;
}

int
exact_header_parse(const char *buf, size_t len, struct exact_header *h,
    char *err, size_t errsize)
{
	char line[256], kind[16], spec[EXACT_SPEC + 8], objective[16] = "";
	size_t pos, ml = strlen(EXACT_MAGIC);
	uint64_t target = 0, v;
	double four = -1;
	int seen = 0, rows, cols;
	char rerr[200];

	memset(h, 0, sizeof *h);
	spec[0] = kind[0] = '\0';
	if (len < ml || memcmp(buf, "2048-table ", 11) != 0)
		return exact_fail(err, errsize, "%s", "not a table file");
	if (memcmp(buf, EXACT_MAGIC, ml) == 0)
		h->version = 3;
	else if (memcmp(buf, EXACT_MAGIC2, ml) == 0)
		h->version = 2;
	else if (memcmp(buf, EXACT_MAGIC1, ml) == 0)
		h->version = 1;
	else
		return exact_fail(err, errsize, "%s", "a table file of another "
		    "version (this reads version 3): build it again");
	for (pos = ml; pos < len && buf[pos] != '\0';) {
		size_t n = 0, start = pos;
		char *val;

		if (seen & 128)
			/* the checksum line ends the text */
			return exact_fail(err, errsize, "%s", "bad header: "
			    "a line after the checksum");

		while (pos < len && buf[pos] != '\n' && buf[pos] != '\0') {
			if (n + 1 >= sizeof line)
				return exact_fail(err, errsize, "%s",
				    "bad header: a line too long");
			line[n++] = buf[pos++];
		}
		if (pos >= len || buf[pos] != '\n')
			return exact_fail(err, errsize, "%s", "bad header: "
			    "unterminated line");
		pos++;
		line[n] = '\0';
		if ((val = strchr(line, ' ')) == NULL)
			return exact_fail(err, errsize, "bad header line: %s", line);
		*val++ = '\0';
#define IS(k) (strcmp(line, k) == 0)
#define U64(k, f, bit) else if (IS(k)) { \
	if (parse_u64(val, &(f)) < 0) \
		return exact_fail(err, errsize, "bad header: %s", k); \
	seen |= bit; \
}
		if (IS("rules")) {
			if (sscanf(val, "%15s %71s", kind, spec) != 2)
				return exact_fail(err, errsize, "%s",
				    "bad header: rules");
			seen |= 1;
		} else if (IS("target")) {
			if (parse_u64(val, &target) < 0 ||
			    tile_rank(target) < 0)
				return exact_fail(err, errsize, "%s",
				    "bad header: target");
			seen |= 2;
		} else if (IS("objective")) {
			snprintf(objective, sizeof objective, "%s", val);
			seen |= 4;
		} else if (IS("four")) {
			if (parse_double(val, &four) < 0 || four < 0 ||
			    four > 1)
				return exact_fail(err, errsize, "%s",
				    "bad header: four");
			seen |= 8;
		}
		U64("states", h->states, 16)
		U64("layers", h->nlayers, 32)
		U64("bytes", h->bytes, 64)
		U64("block", h->block, 256)
		U64("states-plain", h->states_plain, 0)
		U64("pruned-moves", h->pruned_moves, 0)
		U64("pruned-states", h->pruned_states, 0)
		U64("moves", h->moves, 0)
		else if (IS("checksum")) {
			char *end;

			errno = 0;
			h->checksum = strtoull(val, &end, 16);
			/* as written: 16 digits, lower case */
			if (errno || *end != '\0' || strlen(val) != 16 ||
			    strspn(val, "0123456789abcdef") != 16)
				return exact_fail(err, errsize, "%s",
				    "bad header: checksum");
			seen |= 128;
			h->sumpos = start;
		} else if (IS("built")) {
			snprintf(h->built, sizeof h->built, "%s", val);
		} else if (IS("start")) {
			if (parse_double(val, &h->start) < 0)
				return exact_fail(err, errsize, "%s",
				    "bad header: start");
		} else if (IS("maxrank")) {
			if (parse_u64(val, &v) < 0 || v >= EXACT_RANKS)
				return exact_fail(err, errsize, "%s",
				    "bad header: maxrank");
			h->maxrank = (int)v;
		} else if (IS("reach")) {
			unsigned long tile;
			double a, c;
			int r;

			if (sscanf(val, "%lu %lf %lf", &tile, &a, &c) != 3 ||
			    (r = tile_rank(tile)) <= 0)
				return exact_fail(err, errsize, "%s",
				    "bad header: reach");
			h->reach_opt[r] = a;
			h->reach_pol[r] = c;
			h->has_reach = 1;
		}
		/* name, symmetries, values: derived */
#undef U64
#undef IS
	}
	if ((seen & 255) != 255 || (h->version >= 2) != !!(seen & 256))
		return exact_fail(err, errsize, "%s", "bad header: a required line "
		    "is missing (rules, target, objective, four, states, "
		    "layers, bytes, checksum; block from version 2)");
	/* format 3: nothing but NULs after the text, so that a header read
	 * is the header written, byte for byte */
	if (h->version == 3)
		for (; pos < len; pos++)
			if (buf[pos] != '\0')
				return exact_fail(err, errsize, "%s", "bad "
				    "header: bytes after its end");
	/* a key or a value never straddles two blocks */
	if (h->version >= 2 && (h->block < 16 || h->block > ((uint64_t)1 << 30)
	    || h->block % 16 != 0))
		return exact_fail(err, errsize, "%s", "bad header: block");
	if (strcmp(objective, "prob") != 0 && strcmp(objective, "score") != 0)
		return exact_fail(err, errsize, "%s", "bad header: objective");
	h->value_kind = strcmp(objective, "score") == 0;
	if (strcmp(kind, "board") == 0) {
		char x;

		if (sscanf(spec, "%d%c%d", &rows, &x, &cols) != 3 || x != 'x' ||
		    exact_rules_board(&h->rules, rows, cols, tile_rank(target),
		    h->value_kind ? G2048_EXACT_SCORE : G2048_EXACT_PROB, four,
		    rerr, sizeof rerr) < 0)
			return exact_fail(err, errsize, "%s", "bad header: rules");
	} else if (strcmp(kind, "pattern") == 0) {
		if (h->value_kind != 0 || exact_rules_pattern(&h->rules, spec,
		    tile_rank(target), four, rerr, sizeof rerr) < 0)
			return exact_fail(err, errsize, "%s", "bad header: rules");
	} else
		return exact_fail(err, errsize, "%s", "bad header: rules");
	if (h->nlayers > MAX_SUM / 2 || h->states > ((uint64_t)1 << 40))
		return exact_fail(err, errsize, "%s", "bad header: too many states");
	if (h->bytes != EXACT_HEADER + exact_body_len(h) + 8 * exact_nblocks(h))
		return exact_fail(err, errsize, "%s", "bad header: the size does not "
		    "match the states");
	return 0;
}

/* The public description of a table of header h (what a build reports
 * of its time, memory and resumption is not in the header: 0). */
void
exact_info_of(const struct exact_header *h, g2048_table_info *info)
{
	const char *name, *spec, *about;
	int q;

	memset(info, 0, sizeof *info);
	info->board = h->rules.kind == EXACT_BOARD;
	info->rows = h->rules.rows;
	info->cols = h->rules.cols;
	snprintf(info->pattern, sizeof info->pattern, "%s", h->rules.spec);
	snprintf(info->name, sizeof info->name, "%s", h->rules.spec);
	for (q = 0; !info->board && exact_named(q, &name, &spec, &about); q++)
		if (strcmp(spec, h->rules.spec) == 0)
			snprintf(info->name, sizeof info->name, "%s", name);
	info->target = h->rules.target;
	info->objective = h->rules.objective;
	info->four = h->rules.four;
	info->symmetries = h->rules.nsyms;
	info->format = h->version;
	info->block = h->block;
	info->built.states = h->states;
	info->built.states_plain = h->states_plain;
	info->built.layers = h->nlayers;
	info->built.pruned_moves = h->pruned_moves;
	info->built.pruned_states = h->pruned_states;
	info->built.moves = h->moves;
	info->built.start = h->start;
	info->built.maxrank = h->maxrank;
	info->built.has_reach = h->has_reach;
	for (q = 0; q < EXACT_RANKS; q++) {
		info->built.reach_opt[q] = h->reach_opt[q];
		info->built.reach_pol[q] = h->reach_pol[q];
	}
	info->built.bytes = h->bytes;
	info->built.checksum = h->checksum;
}

