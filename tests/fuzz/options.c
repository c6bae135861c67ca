/*
 * options.c - libFuzzer target for the tools' option values (`make
 * fuzz`): libcli's cli_int, cli_u64 and cli_double; the player's --algo,
 * --adaptive, --crowded and --deepen (libcli's cli_player_option; the
 * files of cmd/2048-solve/ included, its main renamed); the heuristics' --weights; the tuples and
 * stages of 2048-learn --net and --stages; a direction of 2048-move.  The
 * first byte picks the parser, the rest up to a NUL is the value.  A
 * usage error is the tools' exit(2): linked with --wrap=exit, it comes
 * back here by longjmp.  Checked: an integer accepted is in its range and
 * is what the text says; a list accepted is one g2048_search_check
 * accepts; --weights is refused by g2048_eval_check exactly when by
 * g2048_eval_new, with the same message; a net accepted values a board 0.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define main solve_main
#include "../../cmd/2048-solve/main.c"
#include "../../cmd/2048-solve/options.c"
#undef main
#include "../../cmd/2048-solve/games.c"
#include "../../cmd/2048-solve/tally.c"
#include "../../cmd/2048-solve/cover.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void __wrap_exit(int status);
void __real_exit(int status);
int __wrap_fclose(FILE *fp);
int __real_fclose(FILE *fp);

static jmp_buf usage_error;
static int parsing;

/* the tools' exit while a value is parsed: a usage error, back to us */
void
__wrap_exit(int status)
{
	if (parsing && status == 2)
		longjmp(usage_error, 1);
	if (parsing)
		abort();          /* a value's parser exits only with 2 */
	__real_exit(status);
}

/* cli_finish's fclose of stdout would leave nothing to print to */
int
__wrap_fclose(FILE *fp)
{
	return fp == stdout ? fflush(fp) : __real_fclose(fp);
}

static void
check_int(const char *s, long long min, long long max)
{
	char *end;
	long long v = cli_int(s, "--fuzz", min, max);

	errno = 0;
	if (v < min || v > max || strtoll(s, &end, 10) != v || *end || errno)
		abort();
}

static void
check_u64(const char *s)
{
	char *end;
	uint64_t v = cli_u64(s, "--fuzz");

	errno = 0;
	if (strtoull(s, &end, 10) != v || *end || errno || s[0] == '-')
		abort();
}

static void
check_double(const char *s, double min, double max)
{
	double v = cli_double(s, "--fuzz", min, max);

	if (!(v >= min && v <= max))
		abort();
}

/* a list accepted gives options the library accepts */
static void
check_list(const char *s, int which)
{
	static const char letter[] = "ARDa";
	struct cli_player p;
	g2048_player_opts o;
	char err[256];

	memset(&p, 0, sizeof p);
	p.workers = 1;
	cli_player_option(&p, letter[which], s);
	cli_player_opts(&p, 1, &o);
	if (g2048_search_check(&o.search, err, sizeof err) != 0)
		abort();
}

/* --weights for heuristic h: the check (2048-eval -q's) and the real
 * thing agree, with the same message */
static void
check_weights(const char *s, int h)
{
	const char *name = g2048_eval_heuristic(h);
	char err1[256] = "", err2[256] = "";
	g2048_eval *e;

	if (name == NULL)
		return;
	e = g2048_eval_new(name, s, err1, sizeof err1);
	if ((g2048_eval_check(name, s, err2, sizeof err2) == 0) != (e != NULL) ||
	    strcmp(err1, err2) != 0 || (e == NULL && err1[0] == '\0') ||
	    (e != NULL && strcmp(g2048_eval_name(e), name) != 0))
		abort();
	g2048_eval_free(e);
}

/* --net and --stages of 2048-learn: SPEC|STAGES; only small nets (hex
 * runs of up to 3 cells, no preset), as the tables are 16^cells each */
static void
check_net(const char *s)
{
	char spec[256], err[256] = "", *bar;
	const char *p;
	g2048_net *n;
	g2048_grid g = { 0xfedcba9876543210ULL, 0x0100 };
	int run = 0;

	if (strlen(s) >= sizeof spec)
		return;
	for (p = s; *p; p++)
		if (*p == 'x' || *p == 'X' || (run = isxdigit((unsigned char)*p) ?
		    run + 1 : 0) > 3)
			return;
	strcpy(spec, s);
	if ((bar = strchr(spec, '|')) != NULL)
		*bar++ = '\0';
	if ((n = g2048_net_new(spec, bar, 0, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
		return;
	}
	if (g2048_net_value(n, g) != 0 ||
	    g2048_net_info_of(n)->ntuples > G2048_NET_TUPLES_MAX ||
	    g2048_net_stage(n, g) >= g2048_net_info_of(n)->nstages)
		abort();
	g2048_net_free(n);
}

static void
parse(int which, const char *s)
{
	switch (which) {
	case 0:
		check_int(s, 0, G2048_DEPTH_MAX);
		break;
	case 1:
		check_int(s, LLONG_MIN, LLONG_MAX);
		break;
	case 2:
		check_int(s, -G2048_DEPTH_MAX, G2048_DEPTH_MAX);
		break;
	case 3:
		check_u64(s);
		break;
	case 4:
		check_double(s, 0, 1);
		break;
	case 5:
		check_double(s, 0, G2048_CUTOFF_MAX);
		break;
	case 6: case 7: case 8: case 9:
		check_list(s, which - 6);
		break;
	case 10: case 11:
		check_weights(s, which - 10);
		break;
	case 12:
		check_net(s);
		break;
	case 13:
		if (g2048_dir_parse(s) >= G2048_NDIRS)
			abort();
		break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size < 1 || (s = malloc(size)) == NULL)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	progname = "fuzz-options";
	parsing = 1;
	if (setjmp(usage_error) == 0)
		parse(data[0] % 14, s);
	parsing = 0;
	free(s);
	return 0;
}
