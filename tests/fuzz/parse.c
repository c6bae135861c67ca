/*
 * parse.c - libFuzzer target for the text format (`make fuzz`).  Any input
 * either fails to parse or parses to a board (of any size, 2x2 to 8x8,
 * its tiles within its cap, its four in [0, 1]) whose printed forms both
 * read back as the same board and print again byte for byte; the stream
 * reader over a pipe holds the same for every board it returns.  A crash, a
 * sanitizer report or an abort here is a bug.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
same_board(const g2048_board *a, const g2048_board *b)
{
	g2048_cells ca, cb;
	int i;

	g2048_board_get_cells(a, &ca);
	g2048_board_get_cells(b, &cb);
	if (a->rows != b->rows || a->cols != b->cols ||
	    g2048_board_is_4x4(a) != (a->rows == 4 && a->cols == 4) ||
	    !g2048_cells_eq(&ca, &cb) || !g2048_cells_valid(&ca) ||
	    a->four != b->four || !(a->four >= 0 && a->four <= 1) ||
	    (g2048_board_is_4x4(a) && !g2048_grid_eq(a->grid, b->grid)) ||
	    a->score != b->score ||
	    a->moves != b->moves || a->last_move != b->last_move ||
	    a->has_rng != b->has_rng || a->has_prob != b->has_prob ||
	    a->nextra != b->nextra ||
	    (a->has_rng && (a->seed != b->seed || a->draws != b->draws)) ||
	    (a->has_prob && a->prob != b->prob))
		return 0;
	for (i = 0; i < a->nextra; i++)
		if (strcmp(a->extra[i], b->extra[i]) != 0)
			return 0;
	return 1;
}

/* both forms of b read back as b and print again the same */
static void
check_round_trip(const g2048_board *b)
{
	static char text[G2048_TEXT_MAX], again[G2048_TEXT_MAX];
	char err[256];
	g2048_board p;
	int form, n;

	for (form = 0; form < 2; form++) {
		n = form ? g2048_format_compact(b, text, sizeof text) :
		    g2048_format(b, text, sizeof text);
		if (n <= 0 || (size_t)n != strlen(text))
			abort();
		if (g2048_parse(text, &p, err, sizeof err) != 0 ||
		    !same_board(b, &p))
			abort();
		n = form ? g2048_format_compact(&p, again, sizeof again) :
		    g2048_format(&p, again, sizeof again);
		if (strcmp(text, again) != 0)
			abort();
	}
}

static void
check_reader(const uint8_t *data, size_t size)
{
	g2048_reader *rd;
	g2048_board b;
	int fd, r;

	if ((fd = fuzz_input(data, size, 4096)) < 0)
		return;
	if ((rd = g2048_reader_new(fd, "<fuzz>")) == NULL)
		abort();
	while ((r = g2048_read(rd, &b)) > 0)
		check_round_trip(&b);
	if (r < 0 && (g2048_reader_error(rd)[0] == '\0' ||
	    g2048_reader_line(rd) == 0))
		abort();
	g2048_reader_free(rd);
	close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[256];
	g2048_board b;

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	err[0] = '\0';
	if (g2048_parse(text, &b, err, sizeof err) == 0)
		check_round_trip(&b);
	else if (err[0] == '\0')
		abort();
	free(text);
	check_reader(data, size);
	return 0;
}
