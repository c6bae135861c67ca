/* line.h - one line of ranks moved toward its front: the rule, shared by
 * the table generator and the exact slow path.  Internal to lib/. */
#ifndef G2048_LINE_H
#define G2048_LINE_H

#include <stdint.h>

/*
 * Move a line of four ranks toward line[0]: drop the gaps, then merge
 * successive equal pairs from the front, a merged tile not merging again.
 * Two 131072 (rank 17) tiles do not merge: 2^18 cannot occur in a game.
 * Returns the score gained.
 */
static inline uint32_t
g2048_line_move(int line[4])
{
	int tiles[4] = { 0, 0, 0, 0 }, n = 0, i, out = 0;
	uint32_t score = 0;

	for (i = 0; i < 4; i++)
		if (line[i])
			tiles[n++] = line[i];
	for (i = 0; i < n; out++) {
		if (i + 1 < n && tiles[i] == tiles[i + 1] && tiles[i] < 17) {
			line[out] = tiles[i] + 1;
			score += (uint32_t)1 << line[out];
			i += 2;
		} else {
			line[out] = tiles[i++];
		}
	}
	while (out < 4)
		line[out++] = 0;
	return score;
}

#endif
