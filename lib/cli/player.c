/*
 * player.c - the switches of the player (2048-solve, 2048-review): each
 * option's value into a struct cli_player, the setting they name, and the
 * player made from them (see cli.h).  Two tools that take the same
 * switches take them here, so that a review values moves as the game's
 * player chose them.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static enum g2048_algo
parse_algo(const char *s)
{
	static const char *names[] = { "expectimax", "minimax", "greedy",
	    "random" };
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return (enum g2048_algo)i;
	cli_usage_error("--algo: expected expectimax, minimax, greedy, "
	    "random or exact: '%s'", s);
	return G2048_EXPECTIMAX;
}

/* Split s, the value of option, at its commas into the n fields that
 * form names (e.g. "MIN,SUB,MAX"), kept in buf. */
static void
split(const char *s, const char *option, const char *form, char *buf,
    size_t size, char **field, int n)
{
	int i;

	if (snprintf(buf, size, "%s", s) >= (int)size)
		n = 0;
	for (i = 0; i < n; i++) {
		field[i] = i ? strchr(field[i - 1], ',') : buf;
		if (field[i] == NULL)
			break;
		if (i)
			*field[i]++ = '\0';
	}
	if (i == 0 || i < n || strchr(field[n - 1], ','))
		cli_usage_error("%s: expected %s: '%s'", option, form, s);
}

/* --adaptive MIN,SUB,MAX: depth = distinct tiles - SUB, within MIN..MAX */
static void
parse_adaptive(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[3];

	split(s, "--adaptive", "MIN,SUB,MAX", buf, sizeof buf, f, 3);
	o->depth = 0;
	o->depth_min = (int)cli_int(f[0], "--adaptive MIN", 1, G2048_DEPTH_MAX);
	o->depth_sub = (int)cli_int(f[1], "--adaptive SUB", -G2048_DEPTH_MAX,
	    G2048_DEPTH_MAX);
	o->depth_max = (int)cli_int(f[2], "--adaptive MAX", o->depth_min,
	    G2048_DEPTH_MAX);
}

/* --crowded N,P: cutoff P on boards with at most N empty cells */
static void
parse_crowded(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[2];

	split(s, "--crowded", "N,P", buf, sizeof buf, f, 2);
	o->crowded = (int)cli_int(f[0], "--crowded N", 0, G2048_CELLS_MAX);
	o->cutoff_crowded = cli_double(f[1], "--crowded P", 0,
	    G2048_CUTOFF_MAX);
}

/* --deepen R,SUB,MAX,P: search again as distinct tiles - SUB (up to MAX)
 * with cutoff P when the best value is below R times the heuristic */
static void
parse_deepen(const char *s, g2048_search_opts *o)
{
	char buf[128], *f[4];

	split(s, "--deepen", "R,SUB,MAX,P", buf, sizeof buf, f, 4);
	/* R = 0 would be --no-deepen */
	if ((o->deepen = cli_double(f[0], "--deepen R", 0,
	    G2048_DEEPEN_MAX)) == 0)
		cli_usage_error("--deepen R: expected a number above 0 (see "
		    "--no-deepen): '%s'", f[0]);
	o->deepen_sub = (int)cli_int(f[1], "--deepen SUB", -G2048_DEPTH_MAX,
	    G2048_DEPTH_MAX);
	o->deepen_max = (int)cli_int(f[2], "--deepen MAX", 1, G2048_DEPTH_MAX);
	o->deepen_cutoff = cli_double(f[3], "--deepen P", 0, G2048_CUTOFF_MAX);
}

int
cli_tile_rank(const char *arg, const char *option, uint64_t min,
    const char *zero)
{
	uint64_t tile = cli_u64(arg, option);
	int rank = tile ? g2048_rank_of(tile) : 0;

	if (tile && rank < g2048_rank_of(min))
		cli_usage_error("%s: expected 0 (%s) or a tile from %llu to "
		    "131072: '%s'", option, zero, (unsigned long long)min, arg);
	return rank;
}

/* An option of the search's setting, its value into o: the bit of
 * CLI_GIVEN_* of the fields it sets, or 0 if c is not one. */
static unsigned
set_search_option(int c, const char *arg, g2048_search_opts *o)
{
	switch (c) {
	case 'a':
		o->algo = parse_algo(arg);
		return CLI_GIVEN_ALGO;
	case 'A':
		parse_adaptive(arg, o);
		return CLI_GIVEN_ADAPTIVE | CLI_GIVEN_DEPTH;
	case 'b':
		o->tt_bits = (int)cli_int(arg, "--tt-bits", 0, G2048_TT_BITS_MAX);
		return CLI_GIVEN_TT_BITS;
	case 'B':
		o->bitboard = 0;
		return CLI_GIVEN_BITBOARD;
	case 'C':
		o->cutoff = cli_double(arg, "--cutoff", 0, G2048_CUTOFF_MAX);
		return CLI_GIVEN_CUTOFF;
	case 'R':
		parse_crowded(arg, o);
		return CLI_GIVEN_CROWDED;
	case 'u':
		o->prune = cli_double(arg, "--prune", 0, G2048_PRUNE_MAX);
		return CLI_GIVEN_PRUNE;
	case CLI_OPT_CORNER:
	case CLI_OPT_NO_CORNER:
		o->corner = c == CLI_OPT_CORNER;
		return CLI_GIVEN_CORNER;
	case 'D':
		parse_deepen(arg, o);
		return CLI_GIVEN_DEEPEN | CLI_GIVEN_DEEPEN_BY;
	case 'd':
		o->depth = (int)cli_int(arg, "--depth", 1, G2048_DEPTH_MAX);
		return CLI_GIVEN_DEPTH;
	case 'G':
		o->downgrade = cli_tile_rank(arg, "--downgrade", 4, "never");
		return CLI_GIVEN_DOWNGRADE;
	case 'L':
		o->lost = 0;
		return CLI_GIVEN_LOST;
	case 'N':
		o->deepen = 0;
		return CLI_GIVEN_DEEPEN;
	case 't':
		o->time_ms = (unsigned)cli_int(arg, "--time", 1, 3600000);
		return CLI_GIVEN_TIME;
	}
	return 0;
}

/* The player's thresholds: as set_search_option. */
static unsigned
set_threshold(int c, const char *arg, g2048_player_opts *o)
{
	switch (c) {
	case 'm':
		o->chain_min = cli_double(arg, "--chain-min", 0, 1);
		return CLI_GIVEN_CHAIN_MIN;
	case 'K':
		o->table_min = cli_double(arg, "--table-min", 0, 1);
		return CLI_GIVEN_TABLE_MIN;
	case 'k':
		o->table_from = cli_tile_rank(arg, "--table-from", 2,
		    "every board");
		return CLI_GIVEN_TABLE_FROM;
	}
	return 0;
}

int
cli_player_option(struct cli_player *p, int c, const char *arg)
{
	struct cli_switches *sw = &p->sw;
	unsigned given;

	/* --algo exact: the tables of whole boards, required; the search
	 * behind them (past a table's target) is the default */
	if (c == 'a' && (sw->exact = strcmp(arg, "exact") == 0))
		return 1;
	if ((given = set_search_option(c, arg, &sw->set.search)) != 0 ||
	    (given = set_threshold(c, arg, &sw->set)) != 0) {
		sw->given |= given;
		if (c == 'd')
			sw->one_ply = sw->set.search.depth == 1;
		return 1;
	}
	switch (c) {
	case 'F':
		sw->fast = 1;
		break;
	case 'E':
		sw->net = arg;
		break;
	case 'H':
		sw->heuristic = arg;
		break;
	case 'w':
		sw->weights = arg;
		break;
	case 'j':
		sw->threads = (int)cli_int(arg, "--threads", 1,
		    G2048_THREADS_MAX);
		break;
	case 'Y':
	case 'y':
		sw->chain = c == 'Y';
		sw->no_chain = c == 'y';
		break;
	case 'Q':
		if (*arg == '\0')
			cli_usage_error("--cache: expected a folder: ''");
		/* FALLTHROUGH */
	case 'W':
		sw->cache = c == 'Q' ? arg : NULL;
		sw->cache_given = 1;
		break;
	case 'O':
	case 'X':
		sw->tables = c == 'X' ? arg : NULL;
		sw->no_tables = c == 'O';
		break;
	default:
		return 0;
	}
	return 1;
}

int
cli_player_options_done(struct cli_player *p, int no_net)
{
	const struct cli_switches *sw = &p->sw;
	int fast_chain = 0;

	p->tablesdir = sw->no_tables ? NULL : sw->tables ? sw->tables :
	    cli_default_tables();
	p->cache = p->cache_folder = sw->cache_given ? sw->cache :
	    cli_default_cache();
	p->netpath = sw->net;
	/* Each setting's evaluator is the one measured strongest at its
	 * time (README, bench/AI.md): the default net, where there is one,
	 * at --fast and at 1-ply, but at --fast the heuristic where it
	 * plays by the chain tables; the heuristic at the default setting,
	 * where the net is not stronger, which so loads no net.  A net
	 * values 4x4 boards: new games of another size need none. */
	/* the chain cache counts as the chain tables: it computes them */
	if (!sw->no_chain && (sw->chain || (p->tablesdir &&
	    g2048_chain_present(p->tablesdir)) || p->cache != NULL))
		fast_chain = sw->fast && !sw->one_ply;
	if (p->netpath == NULL && sw->heuristic == NULL &&
	    sw->weights == NULL && (sw->fast || sw->one_ply) &&
	    !fast_chain && !no_net)
		p->netpath = cli_default_net();
	p->workers = sw->threads ? sw->threads :
	    cli_cores(G2048_THREADS_MAX);
	cli_player_opts(p, 0, &p->player_opts);
	return p->workers;
}

void
cli_player_check_ranges(const struct cli_player *p)
{
	char err[512];

	/* the ranges of options together, as any user of the library */
	if (g2048_player_check(&p->player_opts, err, sizeof err) < 0)
		cli_usage_error("%s", err);
}

void
cli_player_check_exact(const struct cli_player *p)
{
	if (p->sw.exact && p->tablesdir == NULL)
		cli_usage_error("--algo exact plays by the tables of whole "
		    "boards: not with --no-tables, and no tables were found "
		    "(make pattern-tables, --tables DIR or G2048_TABLES)");
}

/* Which chain tables the player consults: none with --no-chain or the
 * caller's no tables; with --chain, the folder's or tables computed as
 * games ask (--no-tables too); else the folder's (the player knows which
 * evaluator plays by them), none with --no-tables: not the cache either. */
static enum g2048_chain_use
which_chain(const struct cli_switches *sw, int no_tables)
{
	if (sw->no_chain || no_tables)
		return G2048_CHAIN_NONE;
	if (sw->chain)
		return G2048_CHAIN_COMPUTE;
	return sw->no_tables ? G2048_CHAIN_NONE : G2048_CHAIN_FOLDER;
}

/* The search's options given (sw->given) over o's. */
static void
apply_search(const struct cli_switches *sw, g2048_search_opts *o)
{
	const g2048_search_opts *s = &sw->set.search;
	unsigned given = sw->given;

	if (given & CLI_GIVEN_ALGO)
		o->algo = s->algo;
	if (given & CLI_GIVEN_DEPTH)
		o->depth = s->depth;
	if (given & CLI_GIVEN_ADAPTIVE) {
		o->depth_min = s->depth_min;
		o->depth_sub = s->depth_sub;
		o->depth_max = s->depth_max;
	}
	if (given & CLI_GIVEN_TT_BITS)
		o->tt_bits = s->tt_bits;
	if (given & CLI_GIVEN_BITBOARD)
		o->bitboard = s->bitboard;
	if (given & CLI_GIVEN_CUTOFF)
		o->cutoff = s->cutoff;
	if (given & CLI_GIVEN_PRUNE)
		o->prune = s->prune;
	if (given & CLI_GIVEN_CORNER)
		o->corner = s->corner;
	if (given & CLI_GIVEN_CROWDED) {
		o->crowded = s->crowded;
		o->cutoff_crowded = s->cutoff_crowded;
	}
	if (given & CLI_GIVEN_DEEPEN)
		o->deepen = s->deepen;
	if (given & CLI_GIVEN_DEEPEN_BY) {
		o->deepen_sub = s->deepen_sub;
		o->deepen_max = s->deepen_max;
		o->deepen_cutoff = s->deepen_cutoff;
	}
	if (given & CLI_GIVEN_DOWNGRADE)
		o->downgrade = s->downgrade;
	if (given & CLI_GIVEN_LOST)
		o->lost = s->lost;
	if (given & CLI_GIVEN_TIME)
		o->time_ms = s->time_ms;
}

void
cli_player_opts(const struct cli_player *p, int no_tables,
    g2048_player_opts *o)
{
	const struct cli_switches *sw = &p->sw;
	int threads = p->workers < G2048_NDIRS ? p->workers : G2048_NDIRS;

	g2048_player_defaults(o);
	g2048_player_setting(o, sw->fast, p->netpath != NULL);
	apply_search(sw, &o->search);
	apply_search(sw, &o->other_search);
	/* a fixed depth means that depth, unless --deepen says otherwise */
	if (o->search.depth > 0 && !(sw->given & CLI_GIVEN_DEEPEN_BY))
		o->search.deepen = o->other_search.deepen = 0;
	/* a net's own downgrade, unless --downgrade says otherwise */
	if (p->net && !(sw->given & CLI_GIVEN_DOWNGRADE))
		o->search.downgrade = g2048_net_downgrade(p->net);
	o->search.threads = o->other_search.threads = threads;
	if (sw->given & CLI_GIVEN_TABLE_MIN)
		o->table_min = sw->set.table_min;
	if (sw->given & CLI_GIVEN_TABLE_FROM)
		o->table_from = sw->set.table_from;
	if (sw->given & CLI_GIVEN_CHAIN_MIN)
		o->chain_min = sw->set.chain_min;
	o->eval = p->eval;
	o->other_eval = p->plain_eval;
	o->tables_named = sw->tables != NULL;
	o->tables = no_tables ? NULL : p->tablesdir;
	o->chain = which_chain(sw, no_tables);
	o->chain_cache = p->cache;
	o->exact = sw->exact;
	o->solve_cells = p->solve_cells;
}

void
cli_player_make(struct cli_player *p, int one_size, int no_tables,
    const struct timespec *started)
{
	char err[512];

	p->eval = cli_evaluator(p->sw.heuristic, p->sw.weights, p->netpath,
	    &p->net);
	snprintf(p->evaluator, sizeof p->evaluator, "%s%s%s",
	    g2048_eval_name(p->eval), p->net ? " " : "",
	    p->net ? p->netpath : "");
	if (p->net && p->sw.net == NULL && !one_size) {
		if ((p->plain_eval = g2048_eval_new(NULL, NULL, err,
		    sizeof err)) == NULL)
			cli_die(2, "%s", err);
		snprintf(p->plain_evaluator, sizeof p->plain_evaluator,
		    "%s", g2048_eval_name(p->plain_eval));
	}
	cli_player_opts(p, no_tables, &p->player_opts);
	/* the cache where the player consults chain tables and the folder
	 * has no chain files; a cache that cannot be made: the digest */
	if (p->player_opts.chain == G2048_CHAIN_NONE ||
	    (p->player_opts.tables &&
	    g2048_chain_present(p->player_opts.tables)))
		p->cache = NULL;
	if (p->cache && cli_make_dirs(p->cache, err, sizeof err) < 0) {
		cli_warn("the chain cache: %s: without it", err);
		p->cache = NULL;
	}
	p->player_opts.chain_cache = p->cache;
	if ((p->player = g2048_player_new(&p->player_opts, err,
	    sizeof err)) == NULL)
		cli_die(2, "%s%s", p->player_opts.chain == G2048_CHAIN_COMPUTE &&
		    strncmp(err, "no memory", 9) == 0 ? "--chain: " : "", err);
	/* --time MS: the first move's budget holds the start-up too */
	if (started)
		g2048_player_time_from(p->player, started);
}

void
cli_player_check(const struct cli_player *p)
{
	char err[512];

	cli_net_check(p->net);
	if (g2048_player_error(p->player, err, sizeof err))
		cli_die(2, "%s", err);
}

const char *
cli_player_evaluator_for(struct cli_player *p, const g2048_board *b)
{
	const g2048_eval *e = g2048_player_eval_for(p->player, b);

	if (e == NULL)
		cli_die_board("--net: the net values 4x4 boards, not %dx%d",
		    b->rows, b->cols);
	if (e != p->eval) {
		p->used_plain = 1;
		return p->plain_evaluator;
	}
	p->used_run = 1;
	return p->evaluator;
}

void
cli_player_free(struct cli_player *p)
{
	cli_keeper_end(p);
	g2048_player_free(p->player);
	g2048_eval_free(p->eval);
	g2048_eval_free(p->plain_eval);
	g2048_net_free(p->net);
	p->player = NULL;
	p->eval = p->plain_eval = NULL;
	p->net = NULL;
}
