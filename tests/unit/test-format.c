/*
 * test-format.c - the text format: hand-written boards in both forms,
 * round trips of random boards with random headers, the canonical form,
 * the errors, and the stream reader over a pipe.  Over 500 lines: a test
 * of each rule of 2048(5), in the order of the page.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "2048.h"
#include "unit.h"

static uint64_t rnd_state = 0x2545f4914f6cdd1dULL;

static uint32_t
rnd(void)
{
	uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static uint64_t
rnd64(void)
{
	uint64_t x = (uint64_t)rnd() << 32 | rnd();

	/* small numbers, huge ones and the extremes */
	switch (rnd() % 4) {
	case 0:
		return x % 1000;
	case 1:
		return rnd() % 2 ? UINT64_MAX : 0;
	default:
		return x;
	}
}

static int
board_eq(const g2048_board *a, const g2048_board *b)
{
	int i;

	if (!g2048_grid_eq(a->grid, b->grid) || a->score != b->score ||
	    a->moves != b->moves || a->last_move != b->last_move ||
	    a->has_rng != b->has_rng || a->has_prob != b->has_prob ||
	    a->nextra != b->nextra)
		return 0;
	if (a->has_rng && (a->seed != b->seed || a->draws != b->draws))
		return 0;
	if (a->has_prob && a->prob != b->prob)
		return 0;
	for (i = 0; i < a->nextra; i++)
		if (strcmp(a->extra[i], b->extra[i]) != 0)
			return 0;
	return 1;
}

/* An unknown key: a letter, then letters, digits, _ and -; not a known
 * key in any letter case (the reader refuses those). */
static void
random_key(char *s, int len)
{
	static const char first[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	static const char rest[] = "abcdefghijklmnopqrstuvwxyz0123456789_-";
	int i;

	do {
		s[0] = first[rnd() % (sizeof first - 1)];
		for (i = 1; i < len; i++)
			s[i] = rest[rnd() % (sizeof rest - 1)];
		s[len] = '\0';
	} while (strcasecmp(s, "score") == 0 || strcasecmp(s, "moves") == 0 ||
	    strcasecmp(s, "move") == 0 || strcasecmp(s, "prob") == 0 ||
	    strcasecmp(s, "seed") == 0 || strcasecmp(s, "draws") == 0);
}

/* Would "key VALUE" read as a grid row with a typo in its first cell:
 * VALUE three cells, each '.' or digits?  (The reader refuses those.) */
static int
row_like(const char *v)
{
	int n = 0;

	while (*v) {
		size_t len = strcspn(v, " ");

		if (len > 0 && !(len == 1 && *v == '.') &&
		    strspn(v, "0123456789") != len)
			return 0;
		n += len > 0;
		v += len + (v[len] == ' ');
	}
	return n == 3;
}

/* An unknown header: key, maybe a value of printable bytes with inner
 * spaces, % and = (no space at either end: lines are trimmed). */
static void
random_extra(char *s)
{
	int klen = 1 + (int)(rnd() % 10), vlen = (int)(rnd() % 40), i;

	random_key(s, klen);
	if (vlen == 0)
		return;
	s[klen] = ' ';
	do {
		for (i = 0; i < vlen; i++) {
			char c = (char)(0x21 + rnd() % 94);

			if (rnd() % 5 == 0)
				c = "  %=%"[rnd() % 5];
			if ((i == 0 || i == vlen - 1) && c == ' ')
				c = '%';
			s[klen + 1 + i] = c;
		}
		s[klen + 1 + vlen] = '\0';
	} while (row_like(s + klen + 1));
}

static void
random_board(g2048_board *b)
{
	int i;

	g2048_board_init(b);
	for (i = 0; i < 16; i++)
		if (rnd() % 3)
			b->grid = g2048_set_rank(b->grid, i, (int)(rnd() % 18));
	b->score = rnd64();
	b->moves = rnd64();
	if (rnd() % 2)
		b->last_move = (int)(rnd() % 4);
	if (rnd() % 3 == 0) {
		b->has_prob = 1;
		switch (rnd() % 3) {
		case 0:
			b->prob = (double)rnd() / 4294967296.0;
			break;
		case 1:
			b->prob = 0.9 / (1 + rnd() % 15);
			break;
		default:
			b->prob = rnd() % 2;
			break;
		}
	}
	if (rnd() % 2) {
		b->has_rng = 1;
		b->seed = rnd64();
		b->draws = rnd64();
	}
	b->nextra = (int)(rnd() % (G2048_EXTRA_MAX + 1));
	for (i = 0; i < b->nextra; i++)
		random_extra(b->extra[i]);
}

static int
parse(const char *text, g2048_board *b)
{
	char err[256];

	err[0] = '\0';
	if (g2048_parse(text, b, err, sizeof err) != 0) {
		printf("# parse failed: %s in:\n# %s\n", err, text);
		return -1;
	}
	return 0;
}

/* parse(print(b)) == b and print(parse(print(b))) == print(b), both forms */
static void
test_round_trips(void)
{
	static char text[G2048_TEXT_MAX], again[G2048_TEXT_MAX];
	int i, form;

	for (i = 0; i < 100000; i++) {
		g2048_board b, p;

		random_board(&b);
		for (form = 0; form < 2; form++) {
			int n = form ? g2048_format_compact(&b, text, sizeof text) :
			    g2048_format(&b, text, sizeof text);

			CHECK(n > 0 && (size_t)n == strlen(text));
			if (parse(text, &p) != 0) {
				CHECK(0);
				continue;
			}
			CHECK(board_eq(&b, &p));
			n = form ? g2048_format_compact(&p, again, sizeof again) :
			    g2048_format(&p, again, sizeof again);
			CHECK(strcmp(text, again) == 0);
		}
	}
}

/* what a board prints as, for comparisons */
static const char *
grid_text(const char *in)
{
	static char out[G2048_TEXT_MAX];
	g2048_board b;

	if (parse(in, &b) != 0)
		return "(error)";
	g2048_format(&b, out, sizeof out);
	return out;
}

static const char *
compact_text(const char *in)
{
	static char out[G2048_TEXT_MAX];
	g2048_board b;

	if (parse(in, &b) != 0)
		return "(error)";
	g2048_format_compact(&b, out, sizeof out);
	return out;
}

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	if (strcmp(g_, w_) != 0) { \
		if (unit_fails++ < 10) \
			printf("# %s:%d: got:\n%s# expected:\n%s", __FILE__, \
			    __LINE__, g_, w_); \
	} \
} while (0)

/* Hand-written input, loose spacing, and the canonical form it prints as. */
static void
test_canonical(void)
{
	CHECK_STR(grid_text("2 . . .\n. 0 . .\n. . . .\n. . . 4\n"),
	    "score 0\nmoves 0\n2 . . .\n. . . .\n. . . .\n. . . 4\n");
	/* padding to the widest cell; tabs, CR and indentation accepted */
	CHECK_STR(grid_text("\n\n  moves  12\t\r\nscore 1024\n"
	    "1024 2 . .\n\t. . . 2048\r\n0 0 0 0\n. . 131072 .\n\n\n"),
	    "score 1024\nmoves 12\n"
	    "  1024      2      .      .\n"
	    "     .      .      .   2048\n"
	    "     .      .      .      .\n"
	    "     .      . 131072      .\n");
	/* the order of the state lines is fixed; unknown keys keep theirs */
	CHECK_STR(grid_text("zeta 1\ndraws 5\nalpha  two  words\nseed 9\n"
	    "prob 0.25\nmove l\nmoves 1\nscore 4\n"
	    "4 . . .\n. . . .\n. . . .\n. . . .\n"),
	    "score 4\nmoves 1\nmove left\nprob 0.25\nseed 9\ndraws 5\n"
	    "zeta 1\nalpha two  words\n"
	    "4 . . .\n. . . .\n. . . .\n. . . .\n");
	/* prob: the shortest text that reads back the same */
	CHECK_STR(grid_text("prob 0.1000\n. . . .\n. . . .\n. . . .\n. . . .\n"),
	    "score 0\nmoves 0\nprob 0.1\n. . . .\n. . . .\n. . . .\n. . . .\n");
	CHECK_STR(grid_text("prob 1e-3\n. . . .\n. . . .\n. . . .\n. . . .\n"),
	    "score 0\nmoves 0\nprob 0.001\n. . . .\n. . . .\n. . . .\n. . . .\n");
	/* a seed without draws is the stream's start */
	CHECK_STR(compact_text("seed 18446744073709551615\n"
	    "2 2 . .\n. . . .\n. . . .\n. . . .\n"),
	    "1100000000000000 0 0 seed=18446744073709551615 draws=0\n");
}

static void
test_compact(void)
{
	static const char digits[] = "0123456789abcdefgh";
	char line[64];
	g2048_board b;
	int r;

	/* every rank digit, in every place */
	for (r = 0; r <= 17; r++) {
		snprintf(line, sizeof line, "%c000000000000%c%c%c 1 2\n",
		    digits[r], digits[r], digits[17 - r], digits[r]);
		if (parse(line, &b) != 0) {
			CHECK(0);
			continue;
		}
		CHECK_EQ_U64(g2048_rank(b.grid, 0), r);
		CHECK_EQ_U64(g2048_rank(b.grid, 13), r);
		CHECK_EQ_U64(g2048_rank(b.grid, 14), 17 - r);
		CHECK_EQ_U64(g2048_rank(b.grid, 15), r);
		CHECK_EQ_U64(g2048_empty_count(b.grid), 12 + 3 * (r == 0) +
		    (r == 17));
		CHECK_EQ_U64(b.score, 1);
		CHECK_EQ_U64(b.moves, 2);
	}
	CHECK_STR(grid_text("0123456789abcdef 20 3 move=u prob=0.5 seed=1 "
	    "draws=2 note=a%20b%25c%zz k=\n"),
	    "score 20\nmoves 3\nmove up\nprob 0.5\nseed 1\ndraws 2\n"
	    "note a b%c%zz\nk\n"
	    "    .     2     4     8\n"
	    "   16    32    64   128\n"
	    "  256   512  1024  2048\n"
	    " 4096  8192 16384 32768\n");
	/* score and moves by name; blanks decoded at a value's ends go, as
	 * the grid form trims them, so both forms read back alike */
	CHECK_STR(compact_text("0000000000000000 score=5 moves=3 a=%20x%20%20y%09 "
	    "b=%20 c=%25%2\n"),
	    "0000000000000000 5 3 a=x%20%20y b= c=%25%252\n");
	/* the limit is on the decoded line: 120 '%' print as 360 bytes */
	{
		char in[200], want[400];
		int i, n;

		n = snprintf(in, sizeof in, "0000000000000000 1 2 k=");
		for (i = 0; i < 120; i++)
			in[n++] = '%';
		in[n] = '\0';
		n = snprintf(want, sizeof want, "0000000000000000 1 2 k=");
		for (i = 0; i < 120; i++)
			n += snprintf(want + n, sizeof want - (size_t)n, "%%25");
		snprintf(want + n, sizeof want - (size_t)n, "\n");
		CHECK_STR(compact_text(in), want);
		CHECK_STR(compact_text(want), want);
	}
	/* score and moves may be left out; they are then 0 */
	CHECK_STR(compact_text("00000000000000h1\n"),
	    "00000000000000h1 0 0\n");
	CHECK_STR(compact_text("  00000000000000h1\t7  9  \n\n"),
	    "00000000000000h1 7 9\n");
}

/* what every message about a cell ends with */
#define RULE "tiles are powers of two from 2 to the board's largest " \
	"(131072 on 4x4), and . or 0 is an empty cell"
#define ROWS "every row of a board has as many cells as its first"
#define SLASHES "(a board of another size has its rows separated by " \
	"'/', as 012/000/100)"
#define COMPACT "is not a compact board: 2 to 8 rows of 2 to 8 rank " \
	"digits each, all of one length, separated by '/'"

/* Each bad text and the message it gives. */
static void
test_errors(void)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
		{ "", "no board" },
		{ "\n\n \n", "no board" },
		{ "2 . .\n", "unexpected end of input: expected 2 to 8 rows, "
		    "found 1" },
		{ "2 . .\n. . . .\n", "expected 3 cells, found 4 (" ROWS ")" },
		{ "2 . . .\n. . .\n. . . .\n", "expected 4 cells, found 3 (" ROWS
		    ")" },
		{ "2 . . . .\n. . . .\n", "expected 5 cells, found 4 (" ROWS ")" },
		{ "2\n2\n", "expected 2 to 8 cells in a row, found 1" },
		{ "2 . . . . . . . .\n", "expected 2 to 8 cells in a row, "
		    "found 9" },
		{ ". .\n. .\n. .\n. .\n. .\n. .\n. .\n. .\n. .\n",
		    "expected 2 to 8 rows, found more" },
		{ ". . . .\n\n", "expected 2 to 8 rows, found 1" },
		{ ". . . .\nscore 1\n", "expected 2 to 8 rows, found 1" },
		{ "64 .\n. .\n", "64 is larger than 32, the largest tile of a "
		    "2x2 board" },
		{ ". . .\n. 2048 .\n. . .\n\n", "2048 is larger than 1024, the "
		    "largest tile of a 3x3 board" },
		{ "four 1.5\n", "bad value for four: '1.5' (the probability of "
		    "a 4, from 0 to 1)" },
		{ "four -0.1\n", "bad value for four: '-0.1' (the probability of "
		    "a 4, from 0 to 1)" },
		{ "four nan\n", "bad value for four: 'nan' (the probability of "
		    "a 4, from 0 to 1)" },
		{ "four 0.2\nfour 0.2\n", "duplicate header key 'four'" },
		{ "Four 0.2\n", "unknown header key 'Four': keys are lower case "
		    "('four')" },
		{ "000/00a 0 0\n", "rank digit 'a' (1024) is larger than 7 "
		    "(128), the largest tile of a 2x3 board" },
		{ "00/00/001 0 0\n", "'00/00/001' " COMPACT },
		{ "0/0 0 0\n", "'0/0' " COMPACT },
		{ "00/ 0 0\n", "'00/' " COMPACT },
		{ "00/00/00/00/00/00/00/00/00 0 0\n",
		    "'00/00/00/00/00/00/00/00/...' " COMPACT },
		{ "000000000/000000000 0 0\n", "'000000000/000000000' " COMPACT },
		{ "00/0.\n", "'.' is not a rank digit of a compact board: 0 "
		    "(empty), 1 (2) to 9 (512), a (1024) to z, A to Z (2^61)" },
		{ "00/00 0 0 four=2\n", "bad value for four: '2' (the probability "
		    "of a 4, from 0 to 1)" },
		{ "3 . . .\n", "3 is not a tile: " RULE },
		{ "1 . . .\n", "1 is not a tile: " RULE },
		{ "6 . . .\n", "6 is not a tile: " RULE },
		{ "-2 . . .\n", "'-2' is not a tile: " RULE },
		{ "x . .\n", "expected the rows of a board after its header, found the end of input (a line that starts with a letter is a header line)" },
		{ "x . . .\n", "'x . . .' looks like a grid row, but a line "
		    "starting with a letter is a header: 'x' is not a cell ("
		    RULE ")" },
		{ "o . . 2\n2 . . .\n. . . .\n. . . .\n. . . .\n", "'o . . 2' "
		    "looks like a grid row, but a line starting with a letter "
		    "is a header: 'o' is not a cell (" RULE ")" },
		{ "Score 8\n", "unknown header key 'Score': keys are lower case "
		    "('score')" },
		{ "DRAWS 8\n", "unknown header key 'DRAWS': keys are lower case "
		    "('draws')" },
		{ "0000000000000000 1 2 Seed=3\n", "unknown header key 'Seed': "
		    "keys are lower case ('seed')" },
		{ "100000000\n", "expected 16 rank digits in a compact line, "
		    "found 9 " SLASHES },
		{ "0000000000000000000000000 0 0\n", "expected 16 rank digits in "
		    "a compact line, found 25 " SLASHES },
		{ "0000a0000 5 1 x=1\n", "expected 16 rank digits in a compact "
		    "line, found 9 " SLASHES },
		{ "1000000 . . .\n", "1000000 is not a tile: " RULE },
		{ ". x . .\n", "'x' is not a tile: " RULE },
		{ "262144 . . .\n. . . .\n. . . .\n. . . .\n", "262144 is larger "
		    "than 131072, the largest tile of a 4x4 board" },
		{ "4611686018427387904 . . .\n", "4611686018427387904 is larger "
		    "than 2305843009213693952, the largest tile of any board" },
		{ "99999999999999999999999 . . .\n", "9999999999999999999999"
		    "9 is larger than 2305843009213693952, the largest tile of "
		    "any board" },
		{ "score x\n", "bad value for score: 'x'" },
		{ "score -1\n", "bad value for score: '-1'" },
		{ "score 18446744073709551616\n",
		    "bad value for score: '18446744073709551616'" },
		{ "moves\n", "bad value for moves: ''" },
		{ "move sideways\n", "bad value for move: 'sideways'" },
		{ "prob 1.5\n", "bad value for prob: '1.5'" },
		{ "prob nan\n", "bad value for prob: 'nan'" },
		{ "seed 1 2\n", "bad value for seed: '1 2'" },
		{ "score 1\nscore 2\n", "duplicate header key 'score'" },
		{ "draws 3\n. . . .\n. . . .\n. . . .\n. . . .\n",
		    "draws without seed" },
		{ "score 1\n", "expected the rows of a board after its header, found the end of input (a line that starts with a letter is a header line)" },
		{ "score 1\n\n", "expected the rows of a board after its header, found a blank line" },
		{ "a.b 1\n", "bad header line 'a.b 1'" },
		{ ". . . .\n. . . .\nscore 1\n", "expected a blank line after "
		    "the grid" },
		{ ". . . .\n. . . .\n. . . .\n. . . .\nscore 1\n",
		    "expected a blank line after the grid" },
		{ "2 . . .\n. . . .\n. . . .\n. . . .\n\n2 . . .\n. . . .\n"
		    ". . . .\n. . . .\n", "more than one board" },
		{ "0000000000000000 x\n", "bad score: 'x'" },
		{ "0000000000000000 1 y\n", "bad moves: 'y'" },
		{ "0000000000000000 1 2 3\n", "expected key=value, found '3'" },
		{ "0000000000000000 1 2 =3\n", "expected key=value, found '=3'" },
		{ "0000000000000000 1 2 draws=3\n", "draws without seed" },
		{ "0000000000000000 1 2 prob=2\n", "bad value for prob: '2'" },
		{ "0000000000000000 1 2 k=%01\n", "control byte 0x01 in header" },
		{ "0000000000000000 1 2 k.y=3\n",
		    "expected key=value, found 'k.y=3'" },
		{ "0000000000000000 1 2 1k=3\n",
		    "expected key=value, found '1k=3'" },
		{ "0000000000000000 1 2 score=3\n",
		    "duplicate header key 'score'" },
		{ "0000000000000000 1 2 moves=3\n",
		    "duplicate header key 'moves'" },
		{ "0000000000000000 1 2 seed=1 seed=1\n",
		    "duplicate header key 'seed'" },
		{ "a 1\nb 1\nc 1\nd 1\ne 1\nf 1\ng 1\nh 1\ni 1\n",
		    "too many unknown header keys (at most 8)" },
		{ "k 1234567890123456789012345678901234567890123456789012345678901"
		    "234567890123456789012345678901234567890123456789012345678901"
		    "23456\n", "header line too long (at most 127 bytes)" },
	};
	size_t k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char err[256] = "";
		g2048_board b;

		if (g2048_parse(cases[k].text, &b, err, sizeof err) != -1) {
			printf("# accepted: %s", cases[k].text);
			CHECK(0);
		} else if (strcmp(err, cases[k].err) != 0) {
			printf("# '%s' gave '%s', expected '%s'\n", cases[k].text,
			    err, cases[k].err);
			CHECK(0);
		}
	}
}

/* A pipe holding text, for the reader. */
static int
pipe_of(const char *text, size_t len)
{
	int fd[2];

	if (pipe(fd) != 0)
		return -1;
	if (write(fd[1], text, len) != (ssize_t)len) {
		close(fd[0]);
		fd[0] = -1;
	}
	close(fd[1]);
	return fd[0];
}

/* Bytes no text should hold: NUL, control and high bytes, in messages
 * quoted as \xNN. */
static void
test_binary_bytes(void)
{
	static const char row[] = "2 \x01\xff . .";
	static const char nul[] = ". . . .\n. \0 . .\n";
	g2048_reader *rd;
	g2048_board b;
	char err[256];
	int fd = pipe_of(nul, sizeof nul - 1);

	if ((rd = g2048_reader_new(fd, "x")) == NULL) {
		CHECK(rd != NULL);
		return;
	}
	CHECK_EQ_U64(g2048_read(rd, &b), -1);
	CHECK_EQ_U64(g2048_reader_line(rd), 2);
	CHECK(strcmp(g2048_reader_error(rd), "'\\x00' is not a tile: " RULE) ==
	    0);
	g2048_reader_free(rd);
	close(fd);
	CHECK_EQ_U64(g2048_parse(row, &b, err, sizeof err), -1);
	CHECK(strcmp(err, "'\\x01\\xff' is not a tile: " RULE) == 0);
}

/* Many boards in both forms, mixed, then an error with its line. */
static void
test_reader_stream(void)
{
	static char text[60000];
	static g2048_board want[200];
	g2048_reader *rd;
	size_t len = 0;
	g2048_board b;
	int i, n = 0, fd, r;
	unsigned long bad_line = 1;

	for (i = 0; i < 40; i++) {
		int form = (int)(rnd() % 2);
		char one[G2048_TEXT_MAX];
		int m;

		random_board(&want[i]);
		want[i].nextra = want[i].nextra > 2 ? 2 : want[i].nextra;
		m = form ? g2048_format_compact(&want[i], one, sizeof one) :
		    g2048_format(&want[i], one, sizeof one);
		/* boards separated by blank lines, or none after compact */
		memcpy(text + len, one, (size_t)m);
		len += (size_t)m;
		for (r = 0; r < m; r++)
			bad_line += one[r] == '\n';
		if (!form || rnd() % 2) {
			text[len++] = '\n';
			bad_line++;
		}
	}
	memcpy(text + len, "2 2 2\n", 6);
	len += 6;
	fd = pipe_of(text, len);
	rd = g2048_reader_new(fd, "<pipe>");
	while ((r = g2048_read(rd, &b)) > 0) {
		CHECK(board_eq(&b, &want[n]));
		n++;
	}
	CHECK_EQ_U64(n, 40);
	CHECK_EQ_U64(r, -1);
	CHECK_EQ_U64(g2048_reader_line(rd), bad_line);
	CHECK(strcmp(g2048_reader_error(rd), "unexpected end of input: "
	    "expected 2 to 8 rows, found 1") == 0);
	g2048_reader_free(rd);
	close(fd);
}

static void
test_reader_board_line_and_eof(void)
{
	static const char text[] = "\n\nscore 3\n2 . . .\n. . . .\n. . . .\n"
	    ". . . 2\n\n\n0000000000000011 1 1\n. . . .\n. . . .\n"
	    ". . . .\n. . . .";                 /* no final newline */
	g2048_reader *rd;
	g2048_board b;
	int fd = pipe_of(text, sizeof text - 1);

	rd = g2048_reader_new(fd, "<pipe>");
	CHECK_EQ_U64(g2048_read(rd, &b), 1);
	CHECK_EQ_U64(g2048_reader_board_line(rd), 3);
	CHECK_EQ_U64(b.score, 3);
	CHECK_EQ_U64(g2048_read(rd, &b), 1);
	CHECK_EQ_U64(g2048_reader_board_line(rd), 10);
	CHECK_EQ_U64(g2048_rank(b.grid, 15), 1);
	CHECK_EQ_U64(g2048_read(rd, &b), 1);
	CHECK_EQ_U64(g2048_reader_board_line(rd), 11);
	CHECK_EQ_U64(g2048_empty_count(b.grid), 16);
	CHECK_EQ_U64(g2048_read(rd, &b), 0);
	CHECK_EQ_U64(g2048_read(rd, &b), 0);
	g2048_reader_free(rd);
	close(fd);
}

/* A line over G2048_LINE_MAX is an error at its line, whatever follows. */
static void
test_reader_long_line(void)
{
	static char text[G2048_LINE_MAX + 100];
	g2048_reader *rd;
	g2048_board b;
	int fd;

	memset(text, '2', sizeof text);
	memcpy(text, "score 1\n", 8);
	fd = pipe_of(text, sizeof text);
	rd = g2048_reader_new(fd, "<pipe>");
	CHECK_EQ_U64(g2048_read(rd, &b), -1);
	CHECK_EQ_U64(g2048_reader_line(rd), 2);
	CHECK(strcmp(g2048_reader_error(rd), "line longer than 4096 bytes") == 0);
	g2048_reader_free(rd);
	close(fd);
	/* exactly G2048_LINE_MAX bytes is fine as a line (here a bad cell) */
	memset(text, ' ', G2048_LINE_MAX);
	memcpy(text, "2 . . .", 7);
	text[G2048_LINE_MAX] = '\n';
	fd = pipe_of(text, G2048_LINE_MAX + 1);
	rd = g2048_reader_new(fd, "<pipe>");
	CHECK_EQ_U64(g2048_read(rd, &b), -1);
	CHECK(strcmp(g2048_reader_error(rd), "unexpected end of input: "
	    "expected 2 to 8 rows, found 1") == 0);
	g2048_reader_free(rd);
	close(fd);
}

static void
test_format_small_buffer(void)
{
	char buf[G2048_TEXT_MAX];
	g2048_board b;

	g2048_board_init(&b);
	CHECK_EQ_U64(g2048_format(&b, buf, 10), -1);
	CHECK_EQ_U64(g2048_format_compact(&b, buf, 10), -1);
	CHECK_EQ_U64(g2048_format_compact(&b, buf, sizeof buf), 21);
	CHECK(strcmp(buf, "0000000000000000 0 0\n") == 0);
}

int
main(void)
{
	RUN(test_round_trips);
	RUN(test_canonical);
	RUN(test_compact);
	RUN(test_errors);
	RUN(test_binary_bytes);
	RUN(test_reader_stream);
	RUN(test_reader_board_line_and_eof);
	RUN(test_reader_long_line);
	RUN(test_format_small_buffer);
	return UNIT_EXIT();
}
