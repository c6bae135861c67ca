/*
 * cover.c - 2048-solve and the tables of whole small boards: what
 * --explain and --json say of the table or the search that decided a
 * move, or of why no table covers a small board, and --algo exact, which
 * insists on one.  What decides, and its words, are the player's
 * (g2048_best_move, g2048_decision_text); this file prints them.
 */
#include <stdlib.h>
#include <string.h>

#include "solve.h"

int
small_board(const g2048_board *b)
{
	/* what 2048-table builds: at most 16 cells, the 4x4 board too
	 * large for a whole game's table */
	return b->rows * b->cols <= 16 && !g2048_board_is_4x4(b);
}

/* "3x3, four 0.2": a board's rules as 2048-new --size --four names them */
static void
rules_text(char *buf, size_t size, int rows, int cols, double four)
{
	snprintf(buf, size, "%dx%d, four %g", rows, cols, four);
}

/* The command that builds the whole board's table of b's size and odds
 * into dir, as a user can run it: "2048-table -o DIR/3x3.tbl --size 3x3"
 * (and "--four 0.2" where the odds are not the classic). */
static void
build_command(char *buf, size_t size, const char *dir, const g2048_board *b)
{
	if (b->four == G2048_FOUR_PROB)
		snprintf(buf, size, "2048-table -o %s/%dx%d.tbl --size %dx%d",
		    dir, b->rows, b->cols, b->rows, b->cols);
	else
		snprintf(buf, size, "2048-table -o %s/%dx%d-four%g.tbl --size "
		    "%dx%d --four %g", dir, b->rows, b->cols, b->four, b->rows,
		    b->cols, b->four);
}

/* Why no table decided b (r, the player's decision on it): 1 and the
 * reason in buf, or 0 when there is nothing to say (a covered board that
 * cannot move: the game is over). */
static int
why_not(const struct run *run, const g2048_board *b, const g2048_decision *r,
    char *buf, size_t size)
{
	char rules[64], cmd[512];

	rules_text(rules, sizeof rules, b->rows, b->cols, b->four);
	if (run->pl.sw.no_tables) {
		snprintf(buf, size, "no exact table of %s consulted "
		    "(--no-tables)", rules);
		return 1;
	}
	if (run->pl.tablesdir == NULL) {
		snprintf(buf, size, "no exact table of %s: no tables (make "
		    "pattern-tables, or --tables DIR)", rules);
		return 1;
	}
	switch (r->cover) {
	case G2048_COVER_NO_TABLES:
	case G2048_COVER_NO_TABLE:
		build_command(cmd, sizeof cmd, run->pl.tablesdir, b);
		snprintf(buf, size, "no exact table of %s in %s (%s builds "
		    "one)", rules, run->pl.tablesdir, cmd);
		break;
	case G2048_COVER_NOT_HELD:
		snprintf(buf, size, "the exact table %s (%s) does not cover "
		    "this board: not one of a game from two spawned tiles",
		    r->cover_table, rules);
		break;
	case G2048_COVER_MADE:
		snprintf(buf, size, "the target of the exact table %s is made",
		    r->cover_table);
		break;
	case G2048_COVER_OVER:
		return 0;
	default:
		snprintf(buf, size, "no move has a chance under the exact "
		    "table %s", r->cover_table);
	}
	return 1;
}

static void
why_not_covered(const struct run *run, const g2048_board *b,
    const g2048_decision *r, char *buf, size_t size)
{
	if (!why_not(run, b, r, buf, size))
		snprintf(buf, size, "the game is over");
}

void
die_uncovered(struct run *run, const g2048_board *b, const g2048_decision *r)
{
	char why[1024];

	cli_player_check(&run->pl);
	why_not_covered(run, b, r, why, sizeof why);
	/* a board read is named by its line; a new game of --games by
	 * its seed */
	if (run->new_games)
		cli_die(2, "--algo exact: the game of seed %llu: %s",
		    (unsigned long long)b->seed, why);
	cli_die_board("--algo exact: %s", why);
}

void
explain_source(const struct run *run, const g2048_board *b,
    const g2048_decision *r)
{
	char what[1024], why[1024];

	g2048_decision_text(r, b->score, what, sizeof what);
	printf("  %s time %.3f ms%s\n", what, r->seconds * 1000,
	    r->chain_computed ? " (computed now: no file, cache or digest "
	    "held it)" : "");
	if (r->source == G2048_BY_SEARCH && small_board(b) &&
	    why_not(run, b, r, why, sizeof why))
		printf("  exact: %s; searched\n", why);
}

void
json_cover(const struct run *run, const g2048_board *b,
    const g2048_decision *r)
{
	char size[16], why[1024], obj[32];

	fputs(",\"exact\":", stdout);
	if (r->table != NULL && r->rows > 0) {
		snprintf(size, sizeof size, "%dx%d", r->rows, r->cols);
		g2048_decision_objective(r, obj, sizeof obj);
		fputs("{\"covered\":true,\"table\":", stdout);
		cli_json_string(r->table);
		fputs(",\"size\":", stdout);
		cli_json_string(size);
		printf(",\"four\":%g", r->four);
		fputs(",\"objective\":", stdout);
		cli_json_string(obj);
		fputs(",\"value\":", stdout);
		cli_json_number(r->value[r->dir], 6);
		if (r->values == G2048_VALUES_SCORE) {
			fputs(",\"final\":", stdout);
			cli_json_number((double)b->score + r->value[r->dir], 6);
		}
		fputs("}", stdout);
	} else if (small_board(b)) {
		snprintf(size, sizeof size, "%dx%d", b->rows, b->cols);
		why_not_covered(run, b, r, why, sizeof why);
		fputs("{\"covered\":false,\"size\":", stdout);
		cli_json_string(size);
		printf(",\"four\":%g", b->four);
		fputs(",\"why\":", stdout);
		cli_json_string(why);
		fputs("}", stdout);
	} else {
		fputs("null", stdout);
	}
}
