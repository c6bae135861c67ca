/* tally.c - 2048-solve's table of finished games: scores, speed, and how
 * many games reach each tile with its 95% interval. */
#include <math.h>
#include <stdlib.h>

#include "solve.h"

/* The table counts nine tiles: 512 ... 131072 on the 4x4 board, up to
 * the largest tile (the cap) of a smaller board, and past 131072 on a
 * larger one as far as its games went. */
#define TILE_ROWS 9

int
board_max_rank(const g2048_board *b)
{
	g2048_cells c;

	if (g2048_board_is_4x4(b))
		return g2048_max_rank(b->grid);
	g2048_board_get_cells(b, &c);
	return g2048_cells_max_rank(&c);
}

/* The ranks of the table's rows, first and last. */
static void
tile_rows(const struct stats *st, int *first, int *last)
{
	int r, reached = 0;

	for (r = 1; r <= G2048_RANK_LIMIT; r++)
		if (st->reach[r])
			reached = r;
	*last = reached > G2048_MAX_RANK ? reached : G2048_MAX_RANK;
	if (*last > st->rank_cap)
		*last = st->rank_cap;
	/* no game of --until went past its tile */
	if (st->until_rank && *last > st->until_rank)
		*last = st->until_rank;
	*first = *last - TILE_ROWS + 1 > 1 ? *last - TILE_ROWS + 1 : 1;
}

void
effort_add(struct effort *to, const struct effort *e)
{
	to->nodes += e->nodes;
	to->deepened += e->deepened;
	to->by_table += e->by_table;
	to->seconds += e->seconds;
	if (e->slowest > to->slowest)
		to->slowest = e->slowest;
}

/* The slot of score in a table of slots (a power of 2): its own, or the
 * empty one where it goes. */
static struct score_count *
score_slot(struct score_count *t, size_t slots, uint64_t score)
{
	size_t i = (size_t)((score * 0x9e3779b97f4a7c15ULL) >> 17) &
	    (slots - 1);

	while (t[i].count && t[i].score != score)
		i = (i + 1) & (slots - 1);
	return &t[i];
}

static void
score_add(struct stats *st, uint64_t score)
{
	struct score_count *slot;
	size_t i;

	/* at most half full */
	if (2 * (st->distinct + 1) > st->slots) {
		size_t slots = st->slots ? 2 * st->slots : 1024;
		struct score_count *t = calloc(slots, sizeof *t);

		if (t == NULL)
			cli_die(2, "out of memory");
		for (i = 0; i < st->slots; i++)
			if (st->scores[i].count)
				*score_slot(t, slots, st->scores[i].score) =
				    st->scores[i];
		free(st->scores);
		st->scores = t;
		st->slots = slots;
	}
	slot = score_slot(st->scores, st->slots, score);
	if (slot->count++ == 0) {
		slot->score = score;
		st->distinct++;
	}
}

static int
cmp_score(const void *a, const void *b)
{
	uint64_t x = ((const struct score_count *)a)->score;
	uint64_t y = ((const struct score_count *)b)->score;

	return (x > y) - (x < y);
}

/* The scores seen, each with its games, from the lowest: a new array
 * of st->distinct, to free. */
static struct score_count *
scores_sorted(const struct stats *st)
{
	struct score_count *s = malloc((st->distinct ? st->distinct : 1) *
	    sizeof *s);
	size_t i, n = 0;

	if (s == NULL)
		cli_die(2, "out of memory");
	for (i = 0; i < st->slots; i++)
		if (st->scores[i].count)
			s[n++] = st->scores[i];
	qsort(s, n, sizeof *s, cmp_score);
	return s;
}

/* The k'th score (from 0) of the games in order of score. */
static uint64_t
score_at(const struct score_count *s, uint64_t k)
{
	for (; k >= s->count; s++)
		k -= s->count;
	return s->score;
}

int
stats_add(struct stats *st, const g2048_board *b, const struct effort *e)
{
	int r;

	if (st->moves > UINT64_MAX - b->moves)
		return -1;
	score_add(st, b->score);
	st->games++;
	st->moves += b->moves;
	if (e)
		effort_add(&st->search, e);
	for (r = board_max_rank(b); r > 0; r--)
		st->reach[r]++;
	if (g2048_cells_cap(b->rows, b->cols) > st->rank_cap)
		st->rank_cap = g2048_cells_cap(b->rows, b->cols);
	return 0;
}

/* Wilson score interval, 95%, for k successes in n, in percent. */
static void
wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	double z = 1.959964, p = (double)k / (double)n, z2n = z * z / (double)n;
	double mid = (p + z2n / 2) / (1 + z2n);
	double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) /
	    (1 + z2n);

	*lo = 100 * fmax(0, mid - half);
	*hi = 100 * fmin(1, mid + half);
}

/* what the searches cost, when the games were played in this run */
static void
print_speed(const struct stats *st, double wall)
{
	printf("moves/s       %.1f\n", (double)st->moves / wall);
	printf("ms/move       %.3f\n", st->moves ? 1000 *
	    st->search.seconds / (double)st->moves : 0.0);
	printf("ms/move max   %.3f\n", 1000 * st->search.slowest);
	printf("nodes/s       %.0f\n", st->search.seconds > 0 ?
	    (double)st->search.nodes / st->search.seconds : 0.0);
	printf("deepened      %llu moves, %.2f%%\n",
	    (unsigned long long)st->search.deepened, st->moves ? 100.0 *
	    (double)st->search.deepened / (double)st->moves : 0.0);
	if (st->tables)
		printf("by tables     %llu moves, %.2f%%\n",
		    (unsigned long long)st->search.by_table, st->moves ?
		    100.0 * (double)st->search.by_table / (double)st->moves :
		    0.0);
}

/* The scores in order (to free), their mean and median, as from every
 * game's score sorted: the same sum, in the same order. */
static struct score_count *
scores(const struct stats *st, double *mean, double *median)
{
	struct score_count *s = scores_sorted(st);
	double sum = 0;
	uint64_t n = st->games, c;
	size_t i;

	for (i = 0; i < st->distinct; i++)
		for (c = 0; c < s[i].count; c++)
			sum += (double)s[i].score;
	*mean = sum / (double)n;
	*median = n % 2 ? (double)score_at(s, n / 2) :
	    ((double)score_at(s, n / 2 - 1) + (double)score_at(s, n / 2)) / 2;
	return s;
}

/* --games stopped by a signal: the table is of the games finished */
static void
print_partial(const struct stats *st)
{
	if (st->interrupted_of)
		printf("partial: interrupted after %llu of %llu games\n",
		    (unsigned long long)st->games,
		    (unsigned long long)st->interrupted_of);
}

void
print_summary_json(struct stats *st, double wall, const char *evaluator)
{
	double mean = 0, median = 0, lo, hi, ms;
	struct score_count *s = NULL;
	uint64_t n = st->games, c;
	size_t i;
	int r, first, last, comma = 0;

	printf("{\"games\":%llu", (unsigned long long)n);
	if (st->interrupted_of)
		printf(",\"partial\":true,\"of\":%llu",
		    (unsigned long long)st->interrupted_of);
	if (evaluator) {
		fputs(",\"evaluator\":", stdout);
		cli_json_string(evaluator);
	}
	if (n) {
		s = scores(st, &mean, &median);
		printf(",\"score_mean\":%.1f,\"score_median\":%.1f,"
		    "\"score_max\":%llu", mean, median,
		    (unsigned long long)s[st->distinct - 1].score);
	}
	printf(",\"moves\":%llu", (unsigned long long)st->moves);
	if (wall > 0) {
		ms = st->moves ? 1000 * st->search.seconds /
		    (double)st->moves : 0.0;
		printf(",\"moves_per_s\":%.1f,\"ms_per_move\":%.3f,"
		    "\"ms_per_move_max\":%.3f,\"nodes_per_s\":%.0f,"
		    "\"deepened\":%llu", (double)st->moves / wall, ms,
		    1000 * st->search.slowest, st->search.seconds > 0 ?
		    (double)st->search.nodes / st->search.seconds : 0.0,
		    (unsigned long long)st->search.deepened);
		if (st->tables)
			printf(",\"by_tables\":%llu",
			    (unsigned long long)st->search.by_table);
	}
	fputs(",\"tiles\":[", stdout);
	tile_rows(st, &first, &last);
	for (r = first; n && r <= last; r++) {
		wilson(st->reach[r], n, &lo, &hi);
		printf("%s{\"tile\":%llu,\"games\":%llu,\"percent\":%.2f,"
		    "\"ci_low\":%.2f,\"ci_high\":%.2f}", r > first ?
		    "," : "", 1ULL << r,
		    (unsigned long long)st->reach[r],
		    100.0 * (double)st->reach[r] / (double)n, lo, hi);
	}
	fputs("],\"scores\":[", stdout);
	for (i = 0; n && i < st->distinct; i++)
		for (c = 0; c < s[i].count; c++, comma = 1)
			printf("%s%llu", comma ? "," : "",
			    (unsigned long long)s[i].score);
	fputs("]}\n", stdout);
	free(s);
}

void
print_summary(struct stats *st, double wall, const char *evaluator)
{
	double median, mean, lo, hi;
	struct score_count *s;
	uint64_t n = st->games;
	int r, first, last;

	print_partial(st);
	if (n == 0) {
		printf("games 0\n");
		return;
	}
	s = scores(st, &mean, &median);
	printf("games         %llu\n", (unsigned long long)n);
	if (evaluator)
		printf("evaluator     %s\n", evaluator);
	printf("score mean    %.1f\n", mean);
	printf("score median  %.1f\n", median);
	printf("score max     %llu\n",
	    (unsigned long long)s[st->distinct - 1].score);
	free(s);
	printf("moves         %llu\n", (unsigned long long)st->moves);
	if (wall > 0)
		print_speed(st, wall);
	printf("tile      games       %%  95%% CI\n");
	tile_rows(st, &first, &last);
	for (r = first; r <= last; r++) {
		wilson(st->reach[r], n, &lo, &hi);
		printf("%-8llu %6llu  %6.1f  %.1f-%.1f\n", 1ULL << r,
		    (unsigned long long)st->reach[r],
		    100.0 * (double)st->reach[r] / (double)n, lo, hi);
	}
}
