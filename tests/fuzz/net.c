/*
 * net.c - libFuzzer target for the net file loader (`make fuzz`): any
 * bytes either are refused with a message or load as a net that evaluates
 * grids, saves and loads back with the same header; opened to be checked
 * as read (g2048_net_open), a net that loads whole never fails its check.  A net with TC sums
 * (`tc 1`) is 2048-learn's checkpoint: it goes on learning one game, as
 * 2048-learn --load does.  A crash, a hang, a sanitizer report or an
 * abort here is a bug.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char in_path[64], out_path[64];

static void
make_paths(void)
{
	int fd;

	if (in_path[0])
		return;
	snprintf(in_path, sizeof in_path, "/tmp/fuzz-net.XXXXXX");
	if ((fd = mkstemp(in_path)) < 0)
		abort();
	close(fd);
	snprintf(out_path, sizeof out_path, "%s.out", in_path);
}

/* a game of TD learning with TC from the checkpoint's sums */
static void
learn_game(g2048_net *n)
{
	g2048_learn_opts o;
	g2048_learner *l;
	g2048_learn_game game;
	g2048_rng r;
	char err[256];

	g2048_learn_defaults(&o);
	o.tc = 1;
	o.alpha = 1;
	if ((l = g2048_learner_new(n, &o, err, sizeof err)) == NULL)
		abort();
	g2048_learn_rng(&r, g2048_net_info_of(n)->seed,
	    g2048_net_info_of(n)->games);
	if (g2048_learner_play(l, &r, &game) != 0 || game.moves == 0)
		abort();
	g2048_learner_free(l);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	g2048_net *n, *m;
	g2048_grid g = { 0x123456789abcdef0ULL, 0x8001 };
	FILE *fp;

	make_paths();
	if ((fp = fopen(in_path, "wb")) == NULL)
		abort();
	if (size && fwrite(data, 1, size, fp) != size)
		abort();
	fclose(fp);
	/* opened to be checked as read: refused, or it values g, and its
	 * check agrees with a whole load's */
	err[0] = '\0';
	if ((n = g2048_net_open(in_path, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
	} else {
		(void)g2048_net_value(n, g);
		m = g2048_net_load(in_path, err, sizeof err);
		if (g2048_net_check(n, err, sizeof err) < 0 && m != NULL)
			abort();
		g2048_net_free(m);
		g2048_net_free(n);
	}
	err[0] = '\0';
	if ((n = g2048_net_load(in_path, err, sizeof err)) == NULL) {
		if (err[0] == '\0')      /* refused without a word */
			abort();
		return 0;
	}
	(void)g2048_net_value(n, g);
	if (g2048_net_save(n, out_path, err, sizeof err) < 0 ||
	    (m = g2048_net_load(out_path, err, sizeof err)) == NULL)
		abort();
	if (memcmp(g2048_net_info_of(n), g2048_net_info_of(m),
	    sizeof(g2048_net_info)) != 0 ||
	    g2048_net_value(n, g) != g2048_net_value(m, g))
		abort();
	g2048_net_free(m);
	if (g2048_net_info_of(n)->tc)
		learn_game(n);
	g2048_net_free(n);
	unlink(out_path);
	return 0;
}
