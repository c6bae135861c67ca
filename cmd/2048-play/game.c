/* game.c - 2048-play's game: the undo history, saving and loading it
 * as a board stream, the best score. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play.h"

void
play_game_init(struct play_game *g, double four)
{
	memset(g, 0, sizeof *g);
	g->four = four;
	g2048_board_init(&g->extra);
}

void
play_game_free(struct play_game *g)
{
	free(g->hist);
	g->hist = NULL;
	g->n = g->cap = 0;
}

static void
state_of(struct play_state *s, const g2048_board *b, int keeps_extra)
{
	g2048_board_get_cells(b, &s->cells);
	s->score = b->score;
	s->moves = b->moves;
	s->seed = b->seed;
	s->draws = b->draws;
	s->last_move = (int8_t)b->last_move;
	s->keeps_extra = (uint8_t)keeps_extra;
}

int
play_game_push(struct play_game *g, const g2048_board *b)
{
	if (g->n == PLAY_HISTORY_MAX) {
		size_t drop = PLAY_HISTORY_MAX / 4;

		memmove(g->hist, g->hist + drop, (g->n - drop) * sizeof *g->hist);
		g->n -= drop;
	}
	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 256;
		struct play_state *h = realloc(g->hist, cap * sizeof *h);

		if (!h)
			return -1;
		g->hist = h;
		g->cap = cap;
	}
	state_of(&g->hist[g->n], b, g->n ? g->hist[g->n - 1].keeps_extra : 0);
	g->n++;
	return 0;
}

void
play_game_clear(struct play_game *g)
{
	g->n = 0;
	g2048_board_init(&g->extra);
}

int
play_game_start(struct play_game *g, const g2048_board *b)
{
	play_game_clear(g);
	g->four = b->four;
	return play_game_push(g, b);
}

const struct play_state *
play_game_now(const struct play_game *g)
{
	return &g->hist[g->n - 1];
}

int
play_game_over(const struct play_game *g)
{
	return g2048_cells_over(&play_game_now(g)->cells);
}

void
play_game_board(const struct play_game *g, size_t i, g2048_board *b)
{
	const struct play_state *s = &g->hist[i];

	g2048_board_init(b);
	if (s->keeps_extra) {
		b->nextra = g->extra.nextra;
		memcpy(b->extra, g->extra.extra, sizeof b->extra);
	}
	g2048_board_set_cells(b, &s->cells);
	b->four = g->four;
	b->score = s->score;
	b->moves = s->moves;
	b->last_move = s->last_move;
	b->has_rng = 1;
	b->seed = s->seed;
	b->draws = s->draws;
}

long
play_game_move(struct play_game *g, enum g2048_dir d, int *spawned)
{
	g2048_board b;
	long gained;

	play_game_board(g, g->n - 1, &b);
	if ((gained = g2048_board_move(&b, d)) == -1)
		return -1;
	/* the spawn law of `2048-move DIR | 2048-spawn` */
	if (gained == G2048_OVERFLOW ||
	    (*spawned = g2048_board_spawn(&b)) == G2048_OVERFLOW)
		return -3;
	if (play_game_push(g, &b) < 0)
		return -2;
	return gained;
}

int
play_game_undo(struct play_game *g)
{
	if (g->n <= 1)
		return -1;
	g->n--;
	return 0;
}

static int
write_boards(const struct play_game *g, int fd)
{
	char buf[G2048_STREAM_MAX];
	g2048_writer w = { 0, 0 };
	g2048_board b;
	size_t i;
	int n;

	for (i = 0; i < g->n; i++) {
		play_game_board(g, i, &b);
		if ((n = g2048_writer_format(&w, &b, buf, sizeof buf)) < 0) {
			errno = EOVERFLOW;
			return -1;
		}
		if (g2048_write_all(fd, buf, (size_t)n) < 0)
			return -1;
	}
	return 0;
}

static int
fill_boards(int fd, const void *game)
{
	return write_boards(game, fd);
}

int
play_game_save(const struct play_game *g, const char *path)
{
	return g2048_file_replace(path, fill_boards, g);
}

int
play_game_resume(struct play_game *g, const g2048_board *b, uint64_t seed)
{
	g2048_board c = *b;

	if (!c.has_rng) {
		c.seed = seed;
		c.draws = 0;
		c.has_rng = 1;
	}
	/* only the newest board's unknown keys are kept */
	if (g->n > 0)
		g->hist[g->n - 1].keeps_extra = 0;
	if (play_game_push(g, &c) < 0)
		return -1;
	g->four = c.four;
	g->extra = c;
	g->hist[g->n - 1].keeps_extra = 1;
	return 0;
}

/* ---- files under $XDG_STATE_HOME ------------------------------------- */

int
play_state_path(char *buf, size_t size, const char *xdg_state_home,
    const char *home, const char *name)
{
	int n;

	/* the XDG base directory spec: a relative path is to be ignored */
	if (xdg_state_home && xdg_state_home[0] == '/')
		n = snprintf(buf, size, "%s/2048-tools/%s", xdg_state_home, name);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.local/state/2048-tools/%s", home,
		    name);
	else
		return -1;
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int
play_mkdirs(const char *path)
{
	char dir[4096];
	char *p;

	if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!(p = strrchr(dir, '/')) || p == dir)
		return 0;
	*p = '\0';
	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/*
 * The best scores, one a rule set: a line "RxC FOUR BEST" each (4x4 0.1
 * 20).  A file of the one number that 2048-play kept before is the
 * classic rules' best (4x4, a 4 in one spawn of ten), the game it was
 * most likely made in; it is rewritten in lines at the next best.
 */
#define BEST_FILE_MAX 16384

/* the file's text, "" when missing or unreadable */
static void
best_file(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd;

	buf[0] = '\0';
	if ((fd = open(path, O_RDONLY)) < 0)
		return;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
}

/* line's rule set and best: 1, or 0 for a line that is none */
static int
best_line(const char *line, int *rows, int *cols, double *four,
    unsigned long long *best)
{
	char more;

	if (sscanf(line, "%dx%d %lf %llu %c", rows, cols, four, best,
	    &more) == 4)
		return 1;
	*rows = *cols = 4;
	*four = G2048_FOUR_PROB;
	return sscanf(line, "%llu %c", best, &more) == 1;
}

/* the shortest of %.1g ... %.17g that reads back as four */
static void
format_four(char *buf, size_t size, double four)
{
	int p;

	for (p = 1; p <= 17; p++) {
		snprintf(buf, size, "%.*g", p, four);
		if (strtod(buf, NULL) == four)
			return;
	}
}

uint64_t
play_best_read(const char *path, int rows, int cols, double four)
{
	char buf[BEST_FILE_MAX], *line, *next;
	unsigned long long b, best = 0;
	int r, c;
	double f;

	best_file(path, buf, sizeof buf);
	for (line = buf; *line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (best_line(line, &r, &c, &f, &b) && r == rows &&
		    c == cols && f == four && b > best)
			best = b;
	}
	return best;
}

static int
fill_best(int fd, const void *text)
{
	return g2048_write_all(fd, text, strlen(text));
}

int
play_best_write(const char *path, int rows, int cols, double four,
    uint64_t best)
{
	char buf[BEST_FILE_MAX], out[BEST_FILE_MAX + 64], f4[32];
	char *line, *next;
	unsigned long long b;
	size_t len = 0;
	int r, c, n;
	double f;

	if (play_best_read(path, rows, cols, four) >= best)
		return 0;
	/* the other rule sets' lines as they were (an old bare number as
	 * the classic rules' line), then this one's */
	best_file(path, buf, sizeof buf);
	for (line = buf; *line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!best_line(line, &r, &c, &f, &b) ||
		    (r == rows && c == cols && f == four))
			continue;
		format_four(f4, sizeof f4, f);
		n = snprintf(out + len, sizeof out - len, "%dx%d %s %llu\n",
		    r, c, f4, b);
		if (n < 0 || (size_t)n >= sizeof out - len - 64)
			break;
		len += (size_t)n;
	}
	format_four(f4, sizeof f4, four);
	snprintf(out + len, sizeof out - len, "%dx%d %s %llu\n", rows, cols,
	    f4, (unsigned long long)best);
	return g2048_file_replace(path, fill_best, out);
}
