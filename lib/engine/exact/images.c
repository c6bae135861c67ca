/*
 * images.c - a key's images under the rules' symmetries, by a table of
 * each byte's image (a lookup a byte, not a shift a cell), and the
 * canonical key of each child of an afterstate from the afterstate's
 * images: a spawn in an empty cell adds the same nibble to every image,
 * so the images are made once per move, not once per spawn.  The passes
 * of a build canonicalise every child they meet; this is most of their
 * work.
 */
#include <string.h>

#include "exact.h"

void
exact_images_init(struct exact_images *im, const struct exact_rules *r)
{
	int s, j, v, c;

	memset(im, 0, sizeof *im);
	im->nsyms = r->nsyms;
	im->nbytes = (r->ncells + 1) / 2;
	for (s = 0; s < r->nsyms; s++) {
		for (j = 0; j < im->nbytes; j++)
			for (v = 0; v < 256; v++)
				for (c = 0; c < 2 && 2 * j + c < r->ncells;
				    c++)
					im->byte[j][v][s] |= (uint64_t)(v >> (4 *
					    c) & 0xF) << (4 * r->sym[s][2 * j + c]);
		for (c = 0; c < r->ncells; c++)
			im->shift[s][c] = (uint8_t)(4 * r->sym[s][c]);
	}
}

void
exact_images_all(const struct exact_images *im, uint64_t key, uint64_t *img)
{
	uint64_t acc[EXACT_SYMS] = { 0 };   /* in registers, not img */
	int j, s;

	for (j = 0; j < im->nbytes; j++) {
		const uint64_t *b = im->byte[j][key >> (8 * j) & 0xFF];

		for (s = 0; s < EXACT_SYMS; s++)
			acc[s] |= b[s];
	}
	for (s = 0; s < EXACT_SYMS; s++)
		img[s] = acc[s];
}
