/*
 * table.c - libFuzzer target for table files (`make fuzz`): the header
 * parser on any bytes, then the whole file opened (checked by size,
 * header, checksum and, in format 2, the index's blocks) and, if it
 * opens, queried (a block that fails its check must be named), checked
 * whole and described.  A header it accepts must be the one the writer
 * makes for that body, byte for byte (the header's checksum covers its
 * text): a mutated header accepted, which could answer otherwise, aborts.
 * A crash, a hang, a sanitizer report or an abort here is a bug.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "2048-private.h"
#include "exact.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char hdr[EXACT_HEADER], err[512];
	struct exact_header h;
	g2048_table *t;
	FILE *fp;
	int fd;

	/* the header alone, as the first 4096 bytes */
	memset(hdr, 0, sizeof hdr);
	memcpy(hdr, data, size < sizeof hdr ? size : sizeof hdr);
	if (exact_header_parse(hdr, sizeof hdr, &h, err, sizeof err) == 0) {
		char again[EXACT_HEADER];

		/* what parses formats and parses back the same */
		if (exact_header_format(&h, again) == 0 &&
		    exact_header_parse(again, sizeof again, &h, err,
		    sizeof err) != 0)
			abort();
	} else if (err[0] == '\0')
		abort();
	if (path[0] == '\0') {
		snprintf(path, sizeof path, "/tmp/fuzz-table.XXXXXX");
		if ((fd = mkstemp(path)) < 0)
			abort();
		close(fd);
	}
	if ((fp = fopen(path, "wb")) == NULL)
		abort();
	if (size > 0 && fwrite(data, 1, size, fp) != size)
		abort();
	fclose(fp);
	if ((t = g2048_table_open(path, err, sizeof err)) == NULL) {
		if (err[0] == '\0')
			abort();
		return 0;
	}
	/* accepted: the header is the writer's for this body, unchanged */
	{
		char again[EXACT_HEADER];

		if (size < EXACT_HEADER || exact_header_parse((const char *)data,
		    EXACT_HEADER, &h, err, sizeof err) != 0 ||
		    h.bytes != size || exact_header_seal(&h, again, data +
		    EXACT_HEADER + exact_body_len(&h)) != 0 ||
		    memcmp(again, data, EXACT_HEADER) != 0)
			abort();
	}
	{
		const g2048_table_info *in = g2048_table_info_of(t);
		g2048_table_result r;
		int ranks[16] = { 1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
		g2048_grid g = { 0x1000000000000021ULL, 0 };

		if (in->board)
			g2048_table_query_cells(t, ranks, in->rows * in->cols,
			    &r);
		else
			g2048_table_query(t, g, &r);
		if (r.dir >= -1 && r.board < 0 &&
		    in->objective == G2048_EXACT_PROB)
			abort();
		/* a block that failed its check is named */
		err[0] = '\0';
		if ((r.dir == G2048_TABLE_CORRUPT) !=
		    (g2048_table_check(t, err, sizeof err) < 0) ||
		    (r.dir == G2048_TABLE_CORRUPT && err[0] == '\0'))
			abort();
		err[0] = '\0';
		if (g2048_table_verify(t, err, sizeof err) < 0 && err[0] == '\0')
			abort();
	}
	g2048_table_close(t);
	return 0;
}
