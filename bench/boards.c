/*
 * boards - write N pseudo-random mid-game boards (6 to 16 tiles of 2 to
 * 16384, a score and a move count) for the stream benchmarks:
 * `boards N [compact]`.  The same bytes on every run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "2048.h"

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000, i;
	int compact = argc > 2, c, tiles;
	char buf[G2048_TEXT_MAX];
	g2048_board b;
	g2048_rng r;

	g2048_rng_init(&r, 2048, 2);
	for (i = 0; i < n; i++) {
		g2048_board_init(&b);
		tiles = 6 + (int)g2048_rng_bounded(&r, 11);
		for (c = 0; c < tiles; c++)
			b.grid = g2048_set_rank(b.grid,
			    (int)g2048_rng_bounded(&r, 16),
			    1 + (int)g2048_rng_bounded(&r, 14));
		b.score = g2048_rng_bounded(&r, 100000);
		b.moves = g2048_rng_bounded(&r, 5000);
		if (compact)
			fputs(buf + 0 * g2048_format_compact(&b, buf, sizeof buf), stdout);
		else
			printf("%s%s", i ? "\n" : "", buf + 0 * g2048_format(&b, buf, sizeof buf));
	}
	return fflush(stdout) != 0;
}
