/*
 * tableset.c - the exact tables a player consults: endgame tables of
 * 4x4 patterns and tables of whole small boards, whose headers are read
 * when the set is opened, and whose files are opened only when a board
 * first fits their pattern or size, so a one-board call on an early
 * board costs a header read.  A table whose block fails its check is
 * dropped from the set and its message kept; a player asks after every
 * move (g2048_tableset_error), so the fast paths take no lock.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exact.h"

struct tableset_entry {
	char *path;
	const char *name;           /* the file's name within path */
	struct exact_header h;
	_Atomic(g2048_table *) t;   /* NULL until a board fits */
	atomic_int broken;          /* it failed its check */
};

struct g2048_tableset {
	pthread_mutex_t lock;       /* opening a table, the error */
	atomic_int failed;          /* error holds a message */
	int n;
	struct tableset_entry e[G2048_TABLESET_MAX];
	char error[512];
};

/* Read and parse path's header into h: 0, or -1 with msg. */
static int
tableset_header(const char *path, struct exact_header *h, char *msg,
    size_t msgsize)
{
	char buf[EXACT_HEADER];
	struct stat st;
	int fd;

	if ((fd = exact_open_regular(path, 0, &st, msg, msgsize)) < 0)
		return -1;
	unsigned char *sums = NULL;
	size_t n;
	int rc = -1;

	if (pread(fd, buf, sizeof buf, 0) != (ssize_t)sizeof buf) {
		snprintf(msg, msgsize, "%s", strerror(errno));
		goto out;
	}
	if (exact_header_parse(buf, sizeof buf, h, msg, msgsize) < 0)
		goto out;
	if (h->version != EXACT_VERSION) {
		exact_old_format(h, path, msg, msgsize);
		goto out;
	}
	if (h->bytes != (uint64_t)st.st_size) {
		snprintf(msg, msgsize, "%s", h->bytes > (uint64_t)st.st_size ?
		    "truncated: shorter than its header says" :
		    "longer than its header says");
		goto out;
	}
	/* the header's sum (of its text and the blocks' sums) now, so that
	 * no board is judged by a header that changed */
	n = (size_t)(8 * exact_nblocks(h));
	if ((sums = malloc(n + 1)) == NULL) {
		snprintf(msg, msgsize, "out of memory");
		goto out;
	}
	if (pread(fd, sums, n, (off_t)(EXACT_HEADER + exact_body_len(h))) !=
	    (ssize_t)n) {
		snprintf(msg, msgsize, "%s", strerror(errno));
		goto out;
	}
	if (exact_header_sum(buf, h->sumpos, sums, exact_nblocks(h)) !=
	    h->checksum) {
		snprintf(msg, msgsize, "corrupt: the header's checksum does "
		    "not match (its header or its blocks' sums changed)");
		goto out;
	}
	rc = 0;
out:
	free(sums);
	close(fd);
	return rc;
}

/* Higher targets first: a board two tables cover is an endgame of the
 * larger tile; then the order given. */
static void
tableset_sort(g2048_tableset *ts)
{
	int i, j;

	for (i = 1; i < ts->n; i++)
		for (j = i; j > 0 && ts->e[j].h.rules.target >
		    ts->e[j - 1].h.rules.target; j--) {
			struct tableset_entry x = ts->e[j];

			ts->e[j] = ts->e[j - 1];
			ts->e[j - 1] = x;
		}
}

static g2048_tableset *
tableset_new(char *err, size_t errsize)
{
	g2048_tableset *ts;

	if ((ts = calloc(1, sizeof *ts)) == NULL) {
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&ts->lock, NULL);
	return ts;
}

/*
 * Add the table at path to ts (its header read and checked): 0, or -1
 * with err set, ts as it was.  A pattern's table must be of
 * probabilities; a whole board's may be of either objective.
 */
static int
tableset_add(g2048_tableset *ts, const char *path, char *err, size_t errsize)
{
	struct tableset_entry *e = &ts->e[ts->n];
	struct exact_header h;
	const char *slash, *msg = NULL;
	char why[256];

	if (tableset_header(path, &h, why, sizeof why) < 0)
		msg = why;
	else if (h.rules.kind == EXACT_PATTERN && h.value_kind != 0)
		msg = "not a table of probabilities";
	else if (ts->n == G2048_TABLESET_MAX) {
		snprintf(why, sizeof why, "more than %d tables",
		    G2048_TABLESET_MAX);
		msg = why;
	} else if ((e->path = strdup(path)) == NULL)
		msg = "out of memory";
	if (msg) {
		if (errsize)
			snprintf(err, errsize, "%s: %s", path, msg);
		return -1;
	}
	e->h = h;
	slash = strrchr(e->path, '/');
	e->name = slash ? slash + 1 : e->path;
	ts->n++;
	return 0;
}

g2048_tableset *
g2048_tableset_open(const char *const *paths, int n, char *err, size_t errsize)
{
	g2048_tableset *ts;
	int i;

	if (n < 0 || n > G2048_TABLESET_MAX) {
		snprintf(err, errsize, "at most %d tables", G2048_TABLESET_MAX);
		return NULL;
	}
	if ((ts = tableset_new(err, errsize)) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (tableset_add(ts, paths[i], err, errsize) < 0) {
			g2048_tableset_close(ts);
			return NULL;
		}
	tableset_sort(ts);
	return ts;
}

int
g2048_tableset_add(g2048_tableset *ts, const char *path, char *err,
    size_t errsize)
{
	if (tableset_add(ts, path, err, errsize) < 0)
		return -1;
	tableset_sort(ts);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files NAME.tbl in dir, by name, into *paths (the caller frees
 * each and the array): their count, or -1 with err. */
static int
tableset_list(const char *dir, char ***paths, char *err, size_t errsize)
{
	DIR *d;
	struct dirent *de;
	char **path = NULL, **more;
	size_t n = 0, cap = 0, i;

	if ((d = opendir(dir)) == NULL) {
		snprintf(err, errsize, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".tbl") != 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			if (cap > INT_MAX || (more = realloc(path,
			    cap * sizeof *path)) == NULL)
				goto fail;
			path = more;
		}
		if ((path[n] = malloc(strlen(dir) + len + 2)) == NULL)
			goto fail;
		sprintf(path[n++], "%s/%s", dir, de->d_name);
	}
	closedir(d);
	if (n)
		qsort(path, n, sizeof *path, by_name);
	*paths = path;
	return (int)n;
fail:
	snprintf(err, errsize, "out of memory");
	closedir(d);
	for (i = 0; i < n; i++)
		free(path[i]);
	free(path);
	return -1;
}

g2048_tableset *
g2048_tableset_open_dir(const char *dir, char *err, size_t errsize)
{
	char **path = NULL;
	g2048_tableset *ts;
	int n, i;

	if ((n = tableset_list(dir, &path, err, errsize)) < 0)
		return NULL;
	if ((ts = tableset_new(err, errsize)) != NULL)
		for (i = 0; i < n; i++)
			if (tableset_add(ts, path[i], err, errsize) < 0) {
				g2048_tableset_close(ts);
				ts = NULL;
				break;
			}
	for (i = 0; i < n; i++)
		free(path[i]);
	free(path);
	if (ts)
		tableset_sort(ts);
	return ts;
}

void
g2048_tableset_close(g2048_tableset *ts)
{
	int i;

	if (ts == NULL)
		return;
	for (i = 0; i < ts->n; i++) {
		g2048_table_close(atomic_load(&ts->e[i].t));
		free(ts->e[i].path);
	}
	pthread_mutex_destroy(&ts->lock);
	free(ts);
}

int
g2048_tableset_count(const g2048_tableset *ts)
{
	return ts ? ts->n : 0;
}

const char *
g2048_tableset_name(const g2048_tableset *ts, int i)
{
	return i >= 0 && i < ts->n ? ts->e[i].name : NULL;
}

/* Entry e is broken: msg kept if it is the first. */
static void
tableset_broke(g2048_tableset *ts, struct tableset_entry *e, const char *msg)
{
	pthread_mutex_lock(&ts->lock);
	atomic_store(&e->broken, 1);
	if (ts->error[0] == '\0')
		snprintf(ts->error, sizeof ts->error, "%s", msg);
	atomic_store(&ts->failed, 1);
	pthread_mutex_unlock(&ts->lock);
}

/* Entry i's table, opened on first need; NULL if broken. */
static g2048_table *
tableset_get(g2048_tableset *ts, int i)
{
	struct tableset_entry *e = &ts->e[i];
	g2048_table *t;
	char msg[sizeof ts->error];

	if (atomic_load(&e->broken))
		return NULL;
	if ((t = atomic_load(&e->t)) != NULL)
		return t;
	pthread_mutex_lock(&ts->lock);
	if ((t = atomic_load(&e->t)) == NULL && !atomic_load(&e->broken) &&
	    (t = g2048_table_open(e->path, msg, sizeof msg)) != NULL)
		atomic_store(&e->t, t);
	pthread_mutex_unlock(&ts->lock);
	if (t == NULL && !atomic_load(&e->broken))
		tableset_broke(ts, e, msg);
	return t;
}

/* Entry i's table t failed a block's check in a query. */
static void
tableset_corrupt(g2048_tableset *ts, int i, const g2048_table *t)
{
	char msg[sizeof ts->error];

	g2048_table_check(t, msg, sizeof msg);
	tableset_broke(ts, &ts->e[i], msg);
}

/*
 * Whether g fits r's pattern in some orientation with its smallest large
 * tile the target: then the tile the free cells make merges into the
 * large ones.  A table of a smaller target than that plays for a tile
 * that leads nowhere, and measured, it loses games (bench/EXACT.md).
 */
static int
tableset_fits(const struct exact_rules *r, g2048_grid g)
{
	int s, i, least, rank[16];

	for (s = 0; s < EXACT_SYMS; s++) {
		if (!exact_match(r, g, s, rank))
			continue;
		least = G2048_MAX_RANK + 1;
		for (i = 0; i < 16; i++)
			if ((r->blockers >> (4 * i) & 0xF) && rank[i] < least)
				least = rank[i];
		if (least == r->target)
			return 1;
	}
	return 0;
}

/* A board as a table is asked it: a 4x4 grid (rank NULL), or the ranks
 * of a board's n cells. */
struct asked {
	g2048_grid g;
	const int *rank;
	int n;
};

/* Entry i's table asked q, its answer in r: 1 if it holds the board,
 * else 0 (*broken set where the table fails to open, or a block of it
 * its check: it answers nothing). */
static int
ask(g2048_tableset *ts, int i, const struct asked *q, g2048_table_result *r,
    int *broken)
{
	g2048_table *t;
	int rc;

	if ((t = tableset_get(ts, i)) == NULL) {
		*broken = 1;
		return 0;
	}
	rc = q->rank ? g2048_table_query_cells(t, q->rank, q->n, r) :
	    g2048_table_query(t, q->g, r);
	if (rc == G2048_TABLE_CORRUPT) {
		tableset_corrupt(ts, i, t);
		*broken = 1;
		return 0;
	}
	return r->dir != G2048_TABLE_UNCOVERED;
}

/* No table answered: r uncovered, and whether one broke. */
static int
unanswered(g2048_table_result *r, int broken)
{
	r->dir = G2048_TABLE_UNCOVERED;
	return broken ? G2048_TABLESET_BROKEN : -1;
}

int
g2048_tableset_query(g2048_tableset *ts, g2048_grid g, g2048_table_result *r)
{
	struct asked q = { g, NULL, 0 };
	int i, broken = 0;

	memset(r, 0, sizeof *r);
	r->dir = G2048_TABLE_UNCOVERED;
	for (i = 0; ts && i < ts->n; i++)
		if (ts->e[i].h.rules.kind == EXACT_PATTERN &&
		    tableset_fits(&ts->e[i].h.rules, g) &&
		    ask(ts, i, &q, r, &broken))
			return i;
	return unanswered(r, broken);
}

int
g2048_tableset_info(const g2048_tableset *ts, int i, g2048_table_info *info)
{
	if (ts == NULL || i < 0 || i >= ts->n)
		return -1;
	exact_info_of(&ts->e[i].h, info);
	return 0;
}

/* The odds of a table and of a board are the same number, each parsed
 * from its text ("0.2" both); a margin for one written by hand. */
static int
same_odds(double a, double b)
{
	return fabs(a - b) <= 1e-12;
}

/* Whether entry e is a whole board's table of those rules. */
static int
tableset_board(const struct tableset_entry *e, int rows, int cols,
    double four)
{
	const struct exact_rules *r = &e->h.rules;

	return r->kind == EXACT_BOARD && r->rows == rows && r->cols == cols &&
	    same_odds(r->four, four);
}

int
g2048_tableset_find_board(const g2048_tableset *ts, int rows, int cols,
    double four)
{
	int i;

	for (i = 0; ts && i < ts->n; i++)
		if (tableset_board(&ts->e[i], rows, cols, four))
			return i;
	return -1;
}

int
g2048_tableset_query_board(g2048_tableset *ts, const g2048_board *b,
    g2048_table_result *r)
{
	static const int objective[2] = { G2048_EXACT_SCORE, G2048_EXACT_PROB };
	g2048_cells c;
	int rank[G2048_CELLS_MAX];
	struct asked q = { { 0, 0 }, rank, 0 };
	int i, k, broken = 0;

	memset(r, 0, sizeof *r);
	r->dir = G2048_TABLE_UNCOVERED;
	if (g2048_tableset_find_board(ts, b->rows, b->cols, b->four) < 0)
		return -1;
	g2048_board_get_cells(b, &c);
	q.n = c.rows * c.cols;
	for (i = 0; i < q.n; i++)
		rank[i] = c.rank[i];
	/* the score's table first: a player's own objective */
	for (k = 0; k < 2; k++)
		for (i = 0; i < ts->n; i++)
			if (tableset_board(&ts->e[i], b->rows, b->cols,
			    b->four) && ts->e[i].h.rules.objective ==
			    objective[k] && ask(ts, i, &q, r, &broken))
				return i;
	return unanswered(r, broken);
}

int
g2048_tableset_error(g2048_tableset *ts, char *err, size_t errsize)
{
	int bad;

	if (ts == NULL || !atomic_load(&ts->failed))
		return 0;
	pthread_mutex_lock(&ts->lock);
	bad = ts->error[0] != '\0';
	if (bad && err != NULL && errsize)
		snprintf(err, errsize, "%s", ts->error);
	pthread_mutex_unlock(&ts->lock);
	return bad;
}
