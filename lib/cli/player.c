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

/* An option of the search's setting: applied to o (both settings: the
 * net's and the heuristic's, for the sizes a net does not value); 0 if
 * c is not one. */
static int
set_search_option(int c, const char *arg, g2048_search_opts *o,
    int *deepen_given)
{
	switch (c) {
	case 'a':
		o->algo = parse_algo(arg);
		break;
	case 'A':
		parse_adaptive(arg, o);
		break;
	case 'b':
		o->tt_bits = (int)cli_int(arg, "--tt-bits", 0, G2048_TT_BITS_MAX);
		break;
	case 'B':
		o->bitboard = 0;
		break;
	case 'C':
		o->cutoff = cli_double(arg, "--cutoff", 0, G2048_CUTOFF_MAX);
		break;
	case 'R':
		parse_crowded(arg, o);
		break;
	case 'D':
		parse_deepen(arg, o);
		*deepen_given = 1;
		break;
	case 'd':
		o->depth = (int)cli_int(arg, "--depth", 1, G2048_DEPTH_MAX);
		break;
	case 'G':
		o->downgrade = cli_tile_rank(arg, "--downgrade", 4, "never");
		break;
	case 'L':
		o->lost = 0;
		break;
	case 'N':
		o->deepen = 0;
		break;
	case 't':
		o->time_ms = (unsigned)cli_int(arg, "--time", 1, 3600000);
		break;
	default:
		return 0;
	}
	return 1;
}

void
cli_player_scan(struct cli_player *p, int c, const char *arg)
{
	if (c == 'F')
		p->fast = 1;
	else if (c == 'E')
		p->netpath = arg;
	else if (c == 'H' || c == 'w')
		p->heuristic_given = 1;
	else if (c == 'd')
		p->one_ply = strcmp(arg, "1") == 0;
	else if (c == 'X' || c == 'O') {
		p->scan_tables = c == 'X' ? arg : NULL;
		p->scan_no_tables = c == 'O';
	} else if (c == 'Y' || c == 'y') {
		p->scan_chain = c == 'Y';
		p->scan_no_chain = c == 'y';
	} else if (c == 'Q' || c == 'W')
		p->scan_no_cache = c == 'W';
}

void
cli_player_preset(struct cli_player *p, int no_net)
{
	const char *tables = p->scan_tables;
	int fast_chain = 0;

	p->net_given = p->netpath != NULL;
	p->tablesdir = cli_default_tables();
	p->cache = cli_default_cache();
	if (tables == NULL && !p->scan_no_tables)
		tables = p->tablesdir;
	/* Each setting's evaluator is the one measured strongest at its
	 * time (README, bench/AI.md): the default net, where there is one,
	 * at --fast and at 1-ply, but at --fast the heuristic where it
	 * plays by the chain tables; the heuristic at the default setting,
	 * where the net is not stronger, which so loads no net.  A net
	 * values 4x4 boards: new games of another size need none. */
	/* the chain cache counts as the chain tables: it computes them */
	if (!p->scan_no_chain && (p->scan_chain || (tables &&
	    g2048_chain_present(tables)) || (!p->scan_no_cache &&
	    cli_default_cache() != NULL)))
		fast_chain = p->fast && !p->one_ply;
	if (p->netpath == NULL && !p->heuristic_given &&
	    (p->fast || p->one_ply) && !fast_chain && !no_net)
		p->netpath = cli_default_net();
	g2048_player_defaults(&p->player_opts);
	g2048_player_setting(&p->player_opts, p->fast, p->netpath != NULL);
	p->opts = p->player_opts.search;
	p->plain_opts = p->player_opts.other_search;
}

int
cli_player_option(struct cli_player *p, int c, const char *arg)
{
	/* --algo exact: the tables of whole boards, required; the search
	 * behind them (past a table's target) is the default */
	if (c == 'a' && (p->exact = strcmp(arg, "exact") == 0))
		return 1;
	if (c == 'G')
		p->downgrade_given = 1;
	if (set_search_option(c, arg, &p->opts, &p->deepen_given)) {
		set_search_option(c, arg, &p->plain_opts, &p->deepen_given);
		return 1;
	}
	switch (c) {
	case 'F':
	case 'E':
		break;
	case 'm':
		p->player_opts.chain_min = cli_double(arg, "--chain-min", 0, 1);
		break;
	case 'K':
		p->player_opts.table_min = cli_double(arg, "--table-min", 0, 1);
		break;
	case 'k':
		p->player_opts.table_from = cli_tile_rank(arg, "--table-from", 2,
		    "every board");
		break;
	case 'H':
		p->heuristic = arg;
		break;
	case 'w':
		p->weights = arg;
		break;
	case 'j':
		p->threads = (int)cli_int(arg, "--threads", 1,
		    G2048_THREADS_MAX);
		break;
	case 'Y':
		p->use_chain = 1;
		p->no_chain = 0;
		break;
	case 'y':
		p->no_chain = 1;
		p->use_chain = 0;
		break;
	case 'Q':
		if (*arg == '\0')
			cli_usage_error("--cache: expected a folder: ''");
		p->cache = arg;
		break;
	case 'W':
		p->cache = NULL;
		break;
	case 'O':
		p->tablesdir = NULL;
		p->no_tables = 1;
		p->tables_given = 0;
		break;
	case 'X':
		p->tablesdir = arg;
		p->no_tables = 0;
		p->tables_given = 1;
		break;
	default:
		return 0;
	}
	return 1;
}

int
cli_player_options_done(struct cli_player *p)
{
	int workers;

	/* a fixed depth means that depth, unless --deepen says otherwise */
	if (p->opts.depth > 0 && !p->deepen_given)
		p->opts.deepen = p->plain_opts.deepen = 0;
	workers = p->threads ? p->threads : cli_cores(G2048_THREADS_MAX);
	p->opts.threads = workers < G2048_NDIRS ? workers : G2048_NDIRS;
	p->plain_opts.threads = p->opts.threads;
	return workers;
}

void
cli_player_check_ranges(const struct cli_player *p)
{
	char err[512];

	g2048_player_opts o = p->player_opts;

	/* the ranges of options together, as any user of the library */
	o.search = p->opts;
	o.other_search = p->plain_opts;
	if (g2048_player_check(&o, err, sizeof err) < 0)
		cli_usage_error("%s", err);
}

void
cli_player_check_exact(const struct cli_player *p)
{
	if (p->exact && p->tablesdir == NULL)
		cli_usage_error("--algo exact plays by the tables of whole "
		    "boards: not with --no-tables, and no tables were found "
		    "(make pattern-tables, --tables DIR or G2048_TABLES)");
}

/* Which chain tables the player consults: none with --no-chain or no
 * tables; with --chain, the folder's or tables computed as games ask;
 * else the folder's (the player knows which evaluator plays by them). */
static enum g2048_chain_use
which_chain(const struct cli_player *p, int no_tables)
{
	if (p->no_chain || no_tables)
		return G2048_CHAIN_NONE;
	return p->use_chain ? G2048_CHAIN_COMPUTE : G2048_CHAIN_FOLDER;
}

void
cli_player_opts(const struct cli_player *p, int no_tables,
    g2048_player_opts *o)
{
	*o = p->player_opts;
	o->search = p->opts;
	o->eval = p->eval;
	o->other_search = p->plain_opts;
	o->other_eval = p->plain_eval;
	o->tables_named = p->tables_given;
	o->tables = no_tables ? NULL : p->tablesdir;
	o->chain = which_chain(p, no_tables);
	o->chain_cache = p->cache;
	o->exact = p->exact;
	o->solve_cells = p->solve_cells;
}

void
cli_player_make(struct cli_player *p, int one_size, int no_tables,
    const struct timespec *started)
{
	char err[512];

	p->eval = cli_evaluator(p->heuristic, p->weights, p->netpath,
	    &p->net);
	if (p->net && !p->downgrade_given)
		p->opts.downgrade = g2048_net_downgrade(p->net);
	snprintf(p->evaluator, sizeof p->evaluator, "%s%s%s",
	    g2048_eval_name(p->eval), p->net ? " " : "",
	    p->net ? p->netpath : "");
	if (p->net && !p->net_given && !one_size) {
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
