/* 2048-eval - game status and heuristic evaluation of every board read. */
#include <ctype.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum kind { NUM, YESNO, WORDS, WORD };

/* One `key value' of a board's report, its value formatted once. */
struct item {
	const char *key;
	enum kind kind;
	size_t len;             /* of val */
	char val[40];
};

/* terms: a heuristic's, or a net's tuples */
#define TERMS_MAX (G2048_NET_TUPLES_MAX > G2048_EVAL_TERMS_MAX ? \
    G2048_NET_TUPLES_MAX : G2048_EVAL_TERMS_MAX)
#define NKEYS (9 + TERMS_MAX)

/* the legal moves for each mask of 1 << G2048_UP ... */
static const char *const legal_words[16] = {
	"none", "up", "down", "up down", "left", "up left", "down left",
	"up down left", "right", "up right", "down right", "up down right",
	"left right", "up left right", "down left right",
	"up down left right",
};

struct run {
	g2048_eval *eval;
	g2048_net *net;         /* --net, or NULL */
	const char *field;      /* --field KEY, or NULL */
	int field_index;
	int json, quiet, target_rank, nboards, nterms;
	char term_keys[TERMS_MAX][40];
	/* "key " of every line, in order: the same for every board */
	char prefix[NKEYS][48];
	size_t prefix_len[NKEYS];
};

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp,
	    "usage: %s [-Jq] [-k KEY] [-t N] [-H NAME] [-w K=V,...] [--net FILE]\n"
	    "       [FILE ...]\n"
	    "       %s --list [-H NAME] [-w K=V,...]\n"
	    "Print for every board read its score, moves, max tile, empty cells,\n"
	    "legal moves, whether it is over or won, each term of a heuristic\n"
	    "and the heuristic's total, as `key value' lines; a blank line\n"
	    "between boards.\n"
	    "\n"
	    "  -J, --json             one JSON object per board per line\n"
	    "  -k, --field KEY        print only the value of KEY, one per board\n"
	    "  -q, --quiet            print nothing; exit 1 if some board is over\n"
	    "  -t, --target N         a tile >= N wins (default 2048)\n"
	    "  -H, --heuristic NAME   lines (the default) or xu\n"
	    "  -w, --weights K=V,...  override weights of the heuristic\n"
	    "      --list             print the heuristic's weights and exit\n"
	    "      --net FILE         the value of the n-tuple network in FILE\n"
	    "                         (see 2048-learn), a term per tuple\n"
	    "  -h, --help             show this help and exit\n"
	    "      --version          show the version and exit\n"
	    "\n"
	    "Exit status: 0 success (with -q: every board can move), 1 with -q:\n"
	    "some board cannot move, 2 usage or input error.  See 2048-eval(1).\n",
	    progname, progname);
	exit(status ? 2 : cli_finish(0));
}

/* digits of n at p, NUL-terminated; returns the end */
static char *
put_u64(char *p, unsigned long long n)
{
	p = g2048_put_u64(p, n);
	*p = '\0';
	return p;
}

/*
 * Integers exactly, other numbers rounded to 6 decimals (half away from
 * zero), trailing zeros dropped: short, fast to make, the same on every
 * machine.  Returns the length.
 */
static size_t
put_num(char *p, double v)
{
	char *start = p;
	unsigned long long a;
	int i;

	if (!isfinite(v) || fabs(v) >= 1e12)
		return (size_t)snprintf(p, 40, "%.15g", v);
	if (v == (double)(long long)v) {
		/* most terms are whole: no rounding needed */
		if (v < 0)
			*p++ = '-';
		return (size_t)(put_u64(p, (unsigned long long)fabs(v)) - start);
	}
	a = (unsigned long long)(fabs(v) * 1e6 + 0.5);
	if (v < 0 && a > 0)
		*p++ = '-';
	p = put_u64(p, a / 1000000);
	if ((a %= 1000000) != 0) {
		*p++ = '.';
		for (i = 5; i >= 0; i--, a /= 10)
			p[i] = (char)('0' + a % 10);
		for (i = 6; p[i - 1] == '0'; i--)
			;
		p[i] = '\0';
		p += i;
	}
	return (size_t)(p - start);
}

static void
set(struct item *it, const char *key, enum kind kind, const char *val)
{
	it->key = key;
	it->kind = kind;
	it->len = strlen(val);
	memcpy(it->val, val, it->len + 1);
}

static void
set_u64(struct item *it, const char *key, unsigned long long n)
{
	it->key = key;
	it->kind = NUM;
	it->len = (size_t)(put_u64(it->val, n) - it->val);
}

static void
set_num(struct item *it, const char *key, double v)
{
	it->key = key;
	it->kind = NUM;
	it->len = put_num(it->val, v);
}

/* The values of the terms of b (a net's: its tuples), with their names if
 * names is not NULL; returns their count.  A board not 4x4 has the
 * general path's terms (a heuristic's: a net values 4x4 boards only). */
static int
terms_of(const struct run *run, const g2048_board *b, double *values,
    char names[][40])
{
	g2048_eval_term terms[G2048_EVAL_TERMS_MAX];
	g2048_cells c;
	const char *tuple;
	int i, n;

	if (run->net) {
		n = g2048_net_terms(run->net, b->grid, values);
		tuple = g2048_net_info_of(run->net)->tuples;
		for (i = 0; names && i < n; i++, tuple += strcspn(tuple, " "),
		    tuple += *tuple == ' ')
			snprintf(names[i], 40, "term.%.*s",
			    (int)strcspn(tuple, " "), tuple);
		return n;
	}
	if (g2048_board_is_4x4(b)) {
		n = g2048_eval_terms(run->eval, b->grid, terms);
	} else {
		g2048_board_get_cells(b, &c);
		n = g2048_eval_cells_terms(run->eval, &c, terms);
	}
	for (i = 0; i < n; i++) {
		values[i] = terms[i].value;
		if (names)
			snprintf(names[i], 40, "term.%s", terms[i].name);
	}
	return n;
}

/* A net values 4x4 boards only: another size is bad input. */
static void
check_fits(const struct run *run, const g2048_board *b)
{
	if (!g2048_eval_fits(run->eval, b->rows, b->cols))
		cli_die_board("--net: the net values 4x4 boards, not %dx%d",
		    b->rows, b->cols);
}

/* Every key and value of board b, in the order they are printed: the
 * same keys for a board of any size. */
static int
report(struct run *run, const g2048_board *b, struct item *it)
{
	double terms[TERMS_MAX];
	g2048_cells c;
	unsigned legal;
	int n = 0, i, max, empty;
	const char *p;

	if (g2048_board_is_4x4(b)) {
		legal = g2048_legal(b->grid);
		max = g2048_max_rank(b->grid);
		empty = g2048_empty_count(b->grid);
	} else {
		g2048_board_get_cells(b, &c);
		legal = g2048_cells_legal(&c);
		max = g2048_cells_max_rank(&c);
		empty = g2048_cells_empty_count(&c);
	}
	set_u64(&it[n++], "score", b->score);
	set_u64(&it[n++], "moves", b->moves);
	set_u64(&it[n++], "max", max ? 1ULL << max : 0);
	set_u64(&it[n++], "empty", (unsigned)empty);
	p = legal_words[legal & 0xF];
	set(&it[n++], "legal", WORDS, p);
	set(&it[n++], "over", YESNO, legal ? "no" : "yes");
	set(&it[n++], "won", YESNO, max >= run->target_rank ? "yes" : "no");
	set(&it[n++], "heuristic", WORD, g2048_eval_name(run->eval));
	terms_of(run, b, terms, NULL);
	for (i = 0; i < run->nterms; i++)
		set_num(&it[n++], run->term_keys[i], terms[i]);
	set_num(&it[n++], "total", g2048_board_is_4x4(b) ?
	    g2048_eval_grid(run->eval, b->grid) :
	    g2048_eval_cells(run->eval, &c));
	return n;
}

/* {"key":value,...} with term.NAME keys grouped as "term":{"NAME":...} */
static char *
put_json(char *p, const struct item *it, int n)
{
	int i, in_term = 0;
	const char *w, *q;

	*p++ = '{';
	for (i = 0; i < n; i++) {
		int term = strncmp(it[i].key, "term.", 5) == 0;

		if (in_term && !term)
			*p++ = '}';
		if (i > 0)
			*p++ = ',';
		if (term && !in_term)
			p = stpcpy(p, "\"term\":{");
		in_term = term;
		*p++ = '"';
		p = stpcpy(p, it[i].key + (term ? 5 : 0));
		p = stpcpy(p, "\":");
		if (it[i].kind == YESNO) {
			p = stpcpy(p, it[i].val[0] == 'y' ? "true" : "false");
		} else if (it[i].kind == WORD) {
			*p++ = '"', p = stpcpy(p, it[i].val), *p++ = '"';
		} else if (it[i].kind == WORDS) {
			*p++ = '[';
			for (w = it[i].val; strcmp(w, "none") && *w; ) {
				q = w + strcspn(w, " ");
				*p++ = '"';
				memcpy(p, w, (size_t)(q - w));
				p += q - w;
				*p++ = '"';
				if (*q)
					*p++ = ',', q++;
				w = q;
			}
			*p++ = ']';
		} else if (isdigit((unsigned char)it[i].val[it[i].val[0] == '-'])) {
			p = stpcpy(p, it[i].val);
		} else {
			/* inf or nan, from huge weights: JSON has no such number */
			p = stpcpy(p, "null");
		}
	}
	if (in_term)
		*p++ = '}';
	*p++ = '}';
	*p++ = '\n';
	return p;
}

static int
report_board(g2048_board *b, void *ctx)
{
	struct run *run = ctx;
	struct item it[NKEYS];
	char out[NKEYS * 90], *p = out;
	int n, i;

	if (run->quiet) {
		g2048_cells c;

		if (g2048_board_is_4x4(b))
			return g2048_over(b->grid);
		g2048_board_get_cells(b, &c);
		return g2048_cells_over(&c);
	}
	check_fits(run, b);
	n = report(run, b, it);
	cli_net_check(run->net);
	if (run->field) {
		memcpy(p, it[run->field_index].val, it[run->field_index].len);
		p += it[run->field_index].len;
		*p++ = '\n';
	} else if (run->json) {
		p = put_json(p, it, n);
	} else {
		if (run->nboards++ > 0)
			*p++ = '\n';
		for (i = 0; i < n; i++) {
			memcpy(p, run->prefix[i], run->prefix_len[i]);
			p += run->prefix_len[i];
			memcpy(p, it[i].val, it[i].len);
			p += it[i].len;
			*p++ = '\n';
		}
	}
	cli_write(out, (size_t)(p - out));
	return 0;
}

/* Check --field against the keys of an empty board; list the weights. */
static void
setup(struct run *run, int list)
{
	double terms[TERMS_MAX];
	g2048_board b;
	struct item it[NKEYS];
	const char *names[G2048_EVAL_PARAMS_MAX];
	double values[G2048_EVAL_PARAMS_MAX];
	char num[40];
	int i, n;

	g2048_board_init(&b);
	run->nterms = terms_of(run, &b, terms, run->term_keys);
	cli_net_check(run->net);
	if (list) {
		n = g2048_eval_params(run->eval, names, values);
		for (i = 0; i < n; i++) {
			put_num(num, values[i]);
			printf("%s %s\n", names[i], num);
		}
		exit(cli_finish(0));
	}
	n = report(run, &b, it);
	for (i = 0; i < n; i++)
		run->prefix_len[i] = (size_t)snprintf(run->prefix[i],
		    sizeof(run->prefix[i]), "%s ", it[i].key);
	for (run->field_index = 0; run->field &&
	    strcmp(it[run->field_index].key, run->field) != 0; )
		if (++run->field_index == n)
			cli_usage_error("--field: expected a key of the "
			    "report (see 2048-eval(1)): '%s'", run->field);
}

/* --target N: the rank of tile N, a power of two from 2 to the largest
 * tile of the largest board (2^G2048_RANK_LIMIT) */
static int
target_rank(const char *arg)
{
	int rank = g2048_cells_rank_of(cli_u64(arg, "--target"));

	if (rank < 1)
		cli_usage_error("--target: expected a tile from 2 to 2^%d: '%s'",
		    G2048_RANK_LIMIT, arg);
	return rank;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'J' },
		{ "field", required_argument, NULL, 'k' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "target", required_argument, NULL, 't' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "weights", required_argument, NULL, 'w' },
		{ "list", no_argument, NULL, 'L' },
		{ "net", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct run run = { .target_rank = 11 };   /* 2048 */
	const char *heuristic = NULL, *weights = NULL, *netpath = NULL;
	char err[256];
	int c, list = 0;

	argv[0] = cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "H:Jk:qt:w:", longopts)) != -1) {
		switch (c) {
		case 'J':
			run.json = 1;
			break;
		case 'k':
			run.field = optarg;
			break;
		case 'q':
			run.quiet = 1;
			break;
		case 't':
			run.target_rank = target_rank(optarg);
			break;
		case 'H':
			heuristic = optarg;
			break;
		case 'w':
			weights = optarg;
			break;
		case 'L':
			list = 1;
			break;
		case 'N':
			netpath = optarg;
			break;
		case 'h':
			usage(0);
			break;
		case 'V':
			cli_version();
			break;
		default:
			cli_usage_error(NULL);
		}
	}
	/* -q needs no tables: only check the options, so loops start fast */
	if (run.quiet && !list && !netpath) {
		if (g2048_eval_check(heuristic, weights, err, sizeof(err)) < 0)
			cli_usage_error("%s", err);
	} else {
		run.eval = cli_evaluator(heuristic, weights, netpath, &run.net);
		setup(&run, list);
	}
	c = cli_boards(argv + optind, argc - optind, report_board, &run);
	g2048_eval_free(run.eval);
	g2048_net_free(run.net);
	return cli_finish(c);
}
