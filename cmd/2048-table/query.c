/*
 * query.c - 2048-table's answers from a table: each board's moves
 * (--table), a board given as cells (--cells), the header's report
 * (--info), every block checked (--check), an older file's header
 * sealed (--upgrade).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "table.h"

static void
print_value(FILE *fp, double v)
{
	fprintf(fp, "%.10g", v);
}

/* --info: the header's report */
void
print_info(const g2048_table *t, int json)
{
	const g2048_table_info *in = g2048_table_info_of(t);
	const g2048_exact_report *b = &in->built;
	int r;

	if (json) {
		printf("{\"rules\":\"%s\",\"pattern\":\"%s\",\"name\":\"%s\","
		    "\"target\":%lu,\"objective\":\"%s\",\"four\":%.17g,"
		    "\"symmetries\":%d,\"states\":%llu,\"states_plain\":%llu,"
		    "\"layers\":%llu,\"pruned_moves\":%llu,"
		    "\"pruned_states\":%llu,\"moves\":%llu,\"start\":%.17g,"
		    "\"format\":%d,\"block\":%llu,\"bytes\":%llu,"
		    "\"checksum\":\"%016llx\"", in->board ? "board" : "pattern",
		    in->pattern, in->name,
		    in->target ? 1ul << in->target : 0ul,
		    in->objective == G2048_EXACT_PROB ? "prob" : "score",
		    in->four, in->symmetries, (unsigned long long)b->states,
		    (unsigned long long)b->states_plain,
		    (unsigned long long)b->layers,
		    (unsigned long long)b->pruned_moves,
		    (unsigned long long)b->pruned_states,
		    (unsigned long long)b->moves, b->start, in->format,
		    (unsigned long long)in->block,
		    (unsigned long long)b->bytes,
		    (unsigned long long)b->checksum);
		if (b->has_reach) {
			printf(",\"reach\":{");
			for (r = 1; r <= b->maxrank; r++)
				printf("%s\"%lu\":[%.17g,%.17g]", r > 1 ? "," : "",
				    1ul << r, b->reach_opt[r], b->reach_pol[r]);
			printf("}");
		}
		printf("}\n");
		return;
	}
	printf("rules %s %s\nname %s\ntarget %lu\nobjective %s\nfour %.17g\n"
	    "symmetries %d\nstates %llu\nstates-plain %llu\nlayers %llu\n"
	    "pruned-moves %llu\npruned-states %llu\nmoves %llu\nstart %.10g\n"
	    "format %d\nblock %llu\nbytes %llu\nchecksum %016llx\n",
	    in->board ? "board" : "pattern",
	    in->pattern, in->name, in->target ? 1ul << in->target : 0ul,
	    in->objective == G2048_EXACT_PROB ? "prob" : "score", in->four,
	    in->symmetries, (unsigned long long)b->states,
	    (unsigned long long)b->states_plain, (unsigned long long)b->layers,
	    (unsigned long long)b->pruned_moves,
	    (unsigned long long)b->pruned_states,
	    (unsigned long long)b->moves, b->start, in->format,
	    (unsigned long long)in->block,
	    (unsigned long long)b->bytes, (unsigned long long)b->checksum);
	if (b->has_reach)
		for (r = 1; r <= b->maxrank; r++)
			printf("reach %lu %.10g %.10g\n", 1ul << r,
			    b->reach_opt[r], b->reach_pol[r]);
}

static void
report(struct run *run, const g2048_table_result *r)
{
	int d, first = 1;

	if (r->dir == G2048_TABLE_UNCOVERED) {
		run->uncovered = 1;
		printf(run->json ? "{\"covered\":false}\n" : "covered no\n");
		return;
	}
	if (run->json) {
		printf("{\"covered\":true,\"won\":%s,\"best\":%s%s%s,"
		    "\"value\":%.10g,\"moves\":{", r->won ? "true" : "false",
		    r->dir >= 0 ? "\"" : "", r->dir >= 0 ?
		    g2048_dir_name(r->dir) : "null", r->dir >= 0 ? "\"" : "",
		    r->board);
		for (d = 0; d < G2048_NDIRS; d++)
			if (r->legal >> d & 1) {
				printf("%s\"%s\":%.10g", first ? "" : ",",
				    g2048_dir_name(d), r->value[d]);
				first = 0;
			}
		printf("},\"pruned\":[");
		for (d = 0, first = 1; d < G2048_NDIRS; d++)
			if (r->pruned >> d & 1) {
				printf("%s\"%s\"", first ? "" : ",",
				    g2048_dir_name(d));
				first = 0;
			}
		printf("]}\n");
		return;
	}
	printf("covered yes\n");
	if (r->won)
		printf("won yes\n");
	printf("best %s\nvalue ", r->dir >= 0 ? g2048_dir_name(r->dir) :
	    "none");
	print_value(stdout, r->board);
	printf("\n");
	for (d = 0; d < G2048_NDIRS; d++)
		if (r->legal >> d & 1) {
			printf("%s ", g2048_dir_name(d));
			print_value(stdout, r->value[d]);
			printf("%s\n", r->pruned >> d & 1 ? " pruned" : "");
		}
}

/* A query that read a block failing its check: nothing of it printed. */
static void
refuse_corrupt(const struct run *run, const g2048_table_result *r)
{
	char err[512];

	if (r->dir == G2048_TABLE_CORRUPT &&
	    g2048_table_check(run->table, err, sizeof err) < 0)
		cli_die(2, "%s", err);
}

/* A board of the table's game: a pattern's on a 4x4 board, a whole
 * board's of its size and odds; any other is not covered. */
int
query_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	const g2048_table_info *in = g2048_table_info_of(run->table);
	g2048_table_result r;
	g2048_cells c;
	int ranks[G2048_CELLS_MAX], i;

	memset(&r, 0, sizeof r);
	r.dir = G2048_TABLE_UNCOVERED;
	if (!in->board && g2048_board_is_4x4(b)) {
		g2048_table_query(run->table, b->grid, &r);
	} else if (in->board && b->rows == in->rows && b->cols == in->cols &&
	    fabs(b->four - in->four) <= 1e-12) {
		g2048_board_get_cells(b, &c);
		for (i = 0; i < c.rows * c.cols; i++)
			ranks[i] = c.rank[i];
		g2048_table_query_cells(run->table, ranks, c.rows * c.cols, &r);
	}
	refuse_corrupt(run, &r);
	if (cli_out.boards++ > 0 && !run->json)
		printf("\n");
	report(run, &r);
	return 0;
}

/* --cells: "2,4,.,8" or with spaces */
void
query_cells(struct run *run, const char *tablepath, const char *s)
{
	const g2048_table_info *info = g2048_table_info_of(run->table);
	int ranks[16], n = 0;
	char *copy = strdup(s), *tok, *save = NULL;
	g2048_table_result r;

	if (copy == NULL)
		cli_die(2, "out of memory");
	for (tok = strtok_r(copy, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		uint64_t tile = 0;
		int rank = strcmp(tok, ".") == 0 ? 0 :
		    cli_parse_u64(tok, &tile) < 0 ? -1 : g2048_rank_of(tile);

		if (n == 16)
			cli_usage_error("--cells: expected at most 16 cells, "
			    "found more: '%s'", s);
		if (rank < 0 || (rank == 0 && strcmp(tok, ".") &&
		    strcmp(tok, "0")))
			cli_usage_error("--cells: expected a tile (2, 4, 8 ...) "
			    "or '.' for an empty cell: '%s'", tok);
		ranks[n++] = rank;
	}
	free(copy);
	if (!info->board)
		cli_usage_error("--cells: expected the table of a whole board "
		    "(2048-table --size): %s is of the pattern %s; give it "
		    "boards instead", tablepath, info->pattern);
	if (n != info->rows * info->cols)
		cli_usage_error("--cells: expected %d cells, the table's %dx%d "
		    "board's, found %d: '%s'", info->rows * info->cols,
		    info->rows, info->cols, n, s);
	g2048_table_query_cells(run->table, ranks, n, &r);
	refuse_corrupt(run, &r);
	report(run, &r);
}

/* The first bytes of path's file (NUL-terminated), or a usage error. */
static void
read_magic(const char *path, char *magic, size_t size)
{
	ssize_t n;
	int fd;

	/* O_NONBLOCK: a FIFO is refused by the library, not waited on */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		cli_die(2, "%s: %s", path, strerror(errno));
	n = read(fd, magic, size - 1);
	close(fd);
	magic[n > 0 ? n : 0] = '\0';
}

/* Whether s is text: no control character but blanks. */
static int
is_text(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < ' ' && *s != '\n' && *s != '\t' &&
		    *s != '\r')
			return 0;
	return 1;
}

/* --check: every block of a file the project writes read and checked,
 * as its readers check the blocks they read: a table, a chain file or
 * digest, a net (by its first line); of any other file, which command
 * reads it. */
int
check_table(struct run *run, const char *path)
{
	char err[512], magic[24];
	g2048_net *net;

	read_magic(path, magic, sizeof magic);
	/* an empty file, or a short one, is the table reader's to refuse */
	if (strncmp(magic, "2048-chain", 10) == 0) {
		if (g2048_chain_verify(path, err, sizeof err) < 0)
			cli_die(2, "%s", err);
	} else if (strncmp(magic, "2048-net ", 9) == 0) {
		if ((net = g2048_net_load(path, err, sizeof err)) == NULL)
			cli_die(2, "%s", err);
		g2048_net_free(net);
	} else if (strncmp(magic, "2048-", 5) == 0 || !is_text(magic) ||
	    magic[0] == '\0') {
		if ((run->table = g2048_table_open(path, err,
		    sizeof err)) == NULL ||
		    g2048_table_verify(run->table, err, sizeof err) < 0)
			cli_die(2, "%s", err);
		g2048_table_close(run->table);
	} else
		cli_die(2, "%s: not a table, chain file, chain digest or net "
		    "(their first line names them): boards, a game or a save "
		    "are checked by reading them, as 2048-eval FILE does "
		    "(2048-review FILE, a game)", path);
	if (!run->quiet)
		printf("%s: ok\n", path);
	return cli_finish(0);
}

/* --upgrade: a table, chain file or digest of the format before this
 * one, its every block checked, given this format's header in place. */
void
upgrade_file(const struct run *run, const char *path)
{
	char err[512], magic[11];
	int fd, chain, rc;

	/* O_NONBLOCK: a FIFO is refused by the library, not waited on */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		cli_die(2, "%s: %s", path, strerror(errno));
	chain = read(fd, magic, sizeof magic) == (ssize_t)sizeof magic &&
	    memcmp(magic, "2048-chain", 10) == 0;
	close(fd);
	rc = chain ? g2048_chain_upgrade(path, err, sizeof err) :
	    g2048_table_upgrade(path, err, sizeof err);
	if (rc < 0)
		cli_die(2, "%s", err);
	if (!run->quiet)
		printf("%s: %s\n", path, rc ? "upgraded" :
		    "of this format already");
}

