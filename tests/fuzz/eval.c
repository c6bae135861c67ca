/*
 * eval.c - libFuzzer target for 2048-eval (`make fuzz`): every board read
 * is reported by every heuristic and by a small net, in the key-value form
 * and with --json, through the tool's own code (cmd/2048-eval.c, included
 * with its main renamed; what it prints goes to the closed stdout).
 * Checked: the JSON is one well-formed object on a line; a heuristic's
 * total is the sum of its weighted terms, up to rounding.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define main eval_main
#include "../../cmd/2048-eval.c"
#include "input.h"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NRUNS 3                 /* lines, xu and a net */

static struct run runs[NRUNS];
static int nruns;

static void
init(void)
{
	char err[256];
	const char *h;
	g2048_net *net;

	if (nruns)
		return;
	progname = "fuzz-eval";
	for (; (h = g2048_eval_heuristic(nruns)) != NULL; nruns++) {
		if (nruns == NRUNS - 1 ||
		    (runs[nruns].eval = g2048_eval_new(h, NULL, err,
		    sizeof err)) == NULL)
			abort();
		runs[nruns].target_rank = 11;
		setup(&runs[nruns], 0);
	}
	/* tuples of 2 and 3 cells in two stages: small tables */
	if ((net = g2048_net_new("01,456,cd", "2048", 0, err, sizeof err)) ==
	    NULL || (runs[nruns].eval = g2048_eval_net(net, err,
	    sizeof err)) == NULL)
		abort();
	g2048_net_fill(net, 1.25);
	runs[nruns].net = net;
	runs[nruns].target_rank = 17;
	setup(&runs[nruns], 0);
	nruns++;
}

/* JSON, just what put_json may write: an object of numbers, true,
 * false, null, strings, arrays of strings and objects of numbers */
static const char *
json_value(const char *p, int depth);

static const char *
json_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p && *p != '"')
		if ((unsigned char)*p++ < 0x20 || p[-1] == '\\')
			return NULL;
	return *p == '"' ? p + 1 : NULL;
}

static const char *
json_number(const char *p)
{
	char *end;

	if (*p != '-' && !isdigit((unsigned char)*p))
		return NULL;
	strtod(p, &end);
	if (end == p || (p[*p == '-'] == '0' && isdigit((unsigned char)
	    p[(*p == '-') + 1])))
		return NULL;
	for (; p < end; p++)       /* no inf, nan or hex */
		if (!strchr("0123456789-+.eE", *p))
			return NULL;
	return end;
}

static const char *
json_list(const char *p, char open, char close, int keys, int depth)
{
	if (*p++ != open)
		return NULL;
	if (*p == close)
		return p + 1;
	for (;;) {
		if (keys && ((p = json_string(p)) == NULL || *p++ != ':'))
			return NULL;
		if ((p = json_value(p, depth + 1)) == NULL)
			return NULL;
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
	}
}

static const char *
json_value(const char *p, int depth)
{
	if (depth > 2)
		return NULL;
	if (*p == '{')
		return json_list(p, '{', '}', 1, depth);
	if (*p == '[')
		return json_list(p, '[', ']', 0, depth);
	if (*p == '"')
		return json_string(p);
	if (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)
		return p + 4;
	if (strncmp(p, "false", 5) == 0)
		return p + 5;
	return json_number(p);
}

static void
check_json(struct run *run, const g2048_board *b)
{
	struct item it[NKEYS];
	char out[NKEYS * 90], *end;
	const char *p;
	int n = report(run, b, it);

	end = put_json(out, it, n);
	if ((size_t)(end - out) >= sizeof out)
		abort();
	*end = '\0';
	if (strchr(out, '\n') != end - 1 || out[0] != '{')
		abort();
	end[-1] = '\0';
	if ((p = json_value(out, 0)) == NULL || *p != '\0')
		abort();
}

/* the total is the terms' weighted sum, as 2048-eval(1) says, on a
 * board of any size (the general path's terms, computed cell by cell,
 * against its value, read from its tables) */
static void
check_total(const struct run *run, const g2048_board *b)
{
	g2048_eval_term terms[G2048_EVAL_TERMS_MAX];
	g2048_cells c;
	double sum = 0, size = 1, total;
	int i, n;

	if (run->net)
		return;
	g2048_board_get_cells(b, &c);
	if (g2048_board_is_4x4(b))
		n = g2048_eval_terms(run->eval, b->grid, terms);
	else
		n = g2048_eval_cells_terms(run->eval, &c, terms);
	for (i = 0; i < n; i++) {
		sum += terms[i].weight * terms[i].value;
		size += fabs(terms[i].weight * terms[i].value);
	}
	total = g2048_board_is_4x4(b) ? g2048_eval_grid(run->eval, b->grid) :
	    g2048_eval_cells(run->eval, &c);
	if (!(fabs(total - sum) <= 1e-9 * size))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g2048_reader *rd;
	g2048_board b;
	int fd, i;

	init();
	if ((fd = fuzz_input(data, size, 8192)) < 0)
		return 0;
	if ((rd = g2048_reader_new(fd, "<fuzz>")) == NULL)
		abort();
	while (g2048_read(rd, &b) > 0)
		for (i = 0; i < nruns; i++) {
			/* a net values 4x4 boards: 2048-eval stops at another
			 * size (exit 2, tests/50-eval.bats) */
			if (!g2048_eval_fits(runs[i].eval, b.rows, b.cols))
				continue;
			runs[i].json = 0;
			report_board(&b, &runs[i]);
			runs[i].json = 1;
			report_board(&b, &runs[i]);
			check_json(&runs[i], &b);
			check_total(&runs[i], &b);
		}
	g2048_reader_free(rd);
	close(fd);
	return 0;
}
