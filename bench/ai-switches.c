/*
 * ai-switches.c - the cost of each search switch, side by side: every
 * setting searches the same positions (boards on stdin, e.g. sampled from
 * games), one thread unless the setting says otherwise, and we print its
 * time per move (mean and median), nodes per move, nodes per second and
 * how often it picks the default setting's move.
 *   usage: ai-switches [fast] < positions
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2048-private.h"
#include "bench.h"

#define MAX_POSITIONS 4096

struct setting {
	const char *name;
	void (*tweak)(g2048_search_opts *o);
};

static void same(g2048_search_opts *o) { (void)o; }
static void two_threads(g2048_search_opts *o) { o->threads = 2; }
static void no_tt(g2048_search_opts *o) { o->tt_bits = 0; }
static void small_tt(g2048_search_opts *o) { o->tt_bits = 16; }
static void no_cutoff_depth5(g2048_search_opts *o) { o->cutoff = 0; o->depth = 5; }
static void cutoff_depth5(g2048_search_opts *o) { o->depth = 5; }
static void fixed_depth3(g2048_search_opts *o) { o->depth = 3; }
static void fixed_depth4(g2048_search_opts *o) { o->depth = 4; }
static void no_lost(g2048_search_opts *o) { o->lost = 0; }
static void no_deepen(g2048_search_opts *o) { o->deepen = 0; }
static void no_bitboard(g2048_search_opts *o) { o->bitboard = 0; }
static void deeper(g2048_search_opts *o) { o->depth_sub--; }
static void shallower(g2048_search_opts *o) { o->depth_sub++; }

static const struct setting settings[] = {
	{ "the setting", same },
	{ "2 threads", two_threads },
	{ "no table", no_tt },
	{ "table 2^16", small_tt },
	{ "depth 5, no cutoff", no_cutoff_depth5 },
	{ "depth 5, cutoff", cutoff_depth5 },
	{ "fixed depth 3", fixed_depth3 },
	{ "fixed depth 4", fixed_depth4 },
	{ "adaptive +1", deeper },
	{ "adaptive -1", shallower },
	{ "no lost scoring", no_lost },
	{ "no second search", no_deepen },
	{ "no bitboard", no_bitboard },
};

int
main(int argc, char **argv)
{
	g2048_reader *rd;
	static g2048_grid pos[MAX_POSITIONS];
	static double ms[MAX_POSITIONS];
	static int ref[MAX_POSITIONS];
	g2048_board b;
	g2048_search_opts o;
	g2048_search_result r;
	g2048_search *s;
	g2048_eval *e;
	char err[256];
	int n = 0, i, k, same_move, fast = argc > 1 && strcmp(argv[1], "fast") == 0;
	double secs;
	uint64_t nodes;

	if ((rd = g2048_reader_new(0, "<stdin>")) == NULL)
		return 2;
	while (n < MAX_POSITIONS && g2048_read(rd, &b) > 0)
		if (!g2048_over(b.grid))
			pos[n++] = b.grid;
	g2048_reader_free(rd);
	if (n == 0 || (e = g2048_eval_new(NULL, NULL, err, sizeof err)) == NULL) {
		fprintf(stderr, "ai-switches: no positions on stdin\n");
		return 2;
	}
	printf("%d positions, %s setting as the base\n", n, fast ? "fast" :
	    "default");
	printf("%-22s %9s %9s %12s %12s %7s\n", "setting", "ms mean",
	    "ms median", "nodes/move", "nodes/s", "same %");
	for (k = 0; k < (int)(sizeof settings / sizeof settings[0]); k++) {
		if (fast)
			g2048_search_fast(&o);
		else
			g2048_search_defaults(&o);
		settings[k].tweak(&o);
		if ((s = g2048_search_new(&o, e, err, sizeof err)) == NULL)
			return 2;
		secs = 0;
		nodes = 0;
		same_move = 0;
		for (i = 0; i < n; i++) {
			g2048_search_run(s, pos[i], NULL, &r);
			if (k == 0)
				ref[i] = r.dir;
			same_move += r.dir == ref[i];
			ms[i] = r.seconds * 1000;
			secs += r.seconds;
			nodes += r.nodes;
		}
		g2048_search_free(s);
		printf("%-22s %9.3f %9.3f %12.0f %12.0f %7.1f\n", settings[k].name,
		    1000 * secs / n, bench_median(ms, (size_t)n), (double)nodes / n,
		    secs > 0 ? (double)nodes / secs : 0, 100.0 * same_move / n);
		fflush(stdout);
	}
	g2048_eval_free(e);
	return 0;
}
