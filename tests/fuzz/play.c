/*
 * play.c - libFuzzer target for 2048-play's input (`make fuzz`): the keys
 * and escape sequences from the terminal, and the saved game it resumes.
 * The input is the keys, a NUL, then the saved game (without a NUL, it is
 * both).  The keys go through play_key_decode as main.c's loop feeds it;
 * the game is read as main.c resumes it (the reader, play_game_resume),
 * then the decoded keys play on it (play_game_move, play_game_undo) and
 * its history is written as a board stream and resumed again.  view.c,
 * game.c and term.c (for play_write_all) are compiled in.  Checked: the
 * decoder uses 1 to n bytes or asks for more only of an escape sequence
 * under 32 bytes; the game resumed is the last board read; a move is
 * 2048-move | 2048-spawn's, or refused with the game unchanged; the
 * written history reads back as the same history.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../cmd/2048-play/view.c"
#include "../../cmd/2048-play/game.c"
#include "../../cmd/2048-play/term.c"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ACTIONS_MAX 256
#define SEED 99                 /* a resumed board without a stream's */

/* main.c's loop: decode what has come; a lone ESC times out and goes */
static size_t
decode_keys(const unsigned char *in, size_t n, enum play_key *keys)
{
	size_t used, nkeys = 0;
	enum play_key k;

	while (n > 0 && nkeys < ACTIONS_MAX) {
		k = play_key_decode(in, n, &used);
		if (k == PLAY_K_MORE) {
			if (used != 0 || in[0] != 0x1b || n >= 32)
				abort();
			in++, n--;
			continue;
		}
		if (used < 1 || used > n || k < PLAY_K_NONE ||
		    k > PLAY_K_LAST)
			abort();
		keys[nkeys++] = k;
		in += used;
		n -= used;
	}
	return nkeys;
}

static int
same_state(const struct play_state *a, const struct play_state *b)
{
	return g2048_cells_eq(&a->cells, &b->cells) && a->score == b->score &&
	    a->moves == b->moves && a->seed == b->seed &&
	    a->draws == b->draws && a->last_move == b->last_move;
}

/* main.c's resume: every board of the stream on fd, in order; the number
 * read, or -1 on a bad one (the tool's exit 2) */
static long
resume(struct play_game *g, int fd, g2048_board *last)
{
	g2048_reader *rd;
	long n = 0;
	int r;

	if ((rd = g2048_reader_new(fd, "<fuzz>")) == NULL)
		abort();
	play_game_clear(g);
	while ((r = g2048_read(rd, last)) > 0) {
		if (play_game_resume(g, last, SEED) < 0)
			abort();
		n++;
	}
	g2048_reader_free(rd);
	return r < 0 ? -1 : n;
}

static void
check_resumed(const struct play_game *g, const g2048_board *last)
{
	g2048_board now;
	g2048_cells a, b;

	play_game_board(g, g->n - 1, &now);
	g2048_board_get_cells(&now, &a);
	g2048_board_get_cells(last, &b);
	if (!g2048_cells_eq(&a, &b) || now.four != last->four ||
	    now.score != last->score ||
	    now.moves != last->moves || now.last_move != last->last_move ||
	    now.seed != (last->has_rng ? last->seed : SEED) ||
	    now.draws != (last->has_rng ? last->draws : 0) ||
	    now.nextra != last->nextra ||
	    memcmp(now.extra, last->extra, sizeof now.extra) != 0)
		abort();
}

/* one key's action, as play_handle_key does it, checked against the library */
static void
act(struct play_game *g, enum play_key k)
{
	g2048_board before, want;
	g2048_cells c;
	size_t n = g->n;
	int spawned;
	long gained;

	if (k == PLAY_K_UNDO) {
		if ((play_game_undo(g) < 0) != (n == 1))
			abort();
		return;
	}
	if (k < PLAY_K_UP || k > PLAY_K_RIGHT)
		return;
	play_game_board(g, g->n - 1, &before);
	want = before;
	gained = play_game_move(g, (enum g2048_dir)(k - PLAY_K_UP), &spawned);
	if (gained == -1 || gained == -3) {
		if (g->n != n)
			abort();
		return;
	}
	if (gained < 0 || g2048_board_move(&want, (enum g2048_dir)(k -
	    PLAY_K_UP)) != gained ||
	    g2048_board_spawn(&want) != spawned)
		abort();
	g2048_board_get_cells(&want, &c);
	if (!g2048_cells_eq(&play_game_now(g)->cells, &c) ||
	    play_game_now(g)->score != want.score ||
	    play_game_now(g)->draws != want.draws)
		abort();
}

/* the history as a board stream, as the save writes it, resumed again */
static void
check_reload(const struct play_game *g, FILE *tmp)
{
	char buf[G2048_STREAM_MAX];
	g2048_writer w = { 0, 0 };
	struct play_game again;
	g2048_board b, last;
	size_t i;
	int n;

	rewind(tmp);
	if (ftruncate(fileno(tmp), 0) != 0)
		abort();
	for (i = 0; i < g->n; i++) {
		play_game_board(g, i, &b);
		if ((n = g2048_writer_format(&w, &b, buf, sizeof buf)) < 0 ||
		    play_write_all(fileno(tmp), buf, (size_t)n) < 0)
			abort();
	}
	if (lseek(fileno(tmp), 0, SEEK_SET) != 0)
		abort();
	play_game_init(&again, g->four);
	if (resume(&again, fileno(tmp), &last) != (long)g->n)
		abort();
	for (i = 0; i < g->n; i++)
		if (!same_state(&again.hist[i], &g->hist[i]))
			abort();
	play_game_free(&again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *tmp;
	enum play_key keys[ACTIONS_MAX];
	const uint8_t *nul = memchr(data, 0, size);
	const uint8_t *game = nul ? nul + 1 : data;
	size_t nkeys, i;
	size_t game_size = nul ? size - (size_t)(game - data) : size;
	struct play_game g;
	g2048_board last;
	int fd;
	long n;

	if (tmp == NULL && (tmp = tmpfile()) == NULL)
		abort();
	nkeys = decode_keys(data, nul ? (size_t)(nul - data) : size, keys);
	if ((fd = fuzz_input(game, game_size, 8192)) < 0)
		return 0;
	play_game_init(&g, G2048_FOUR_PROB);
	n = resume(&g, fd, &last);
	close(fd);
	if (n > 0) {
		check_resumed(&g, &last);
		for (i = 0; i < nkeys; i++)
			act(&g, keys[i]);
		check_reload(&g, tmp);
	}
	play_game_free(&g);
	return 0;
}
