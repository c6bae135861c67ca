/*
 * player.c - a player made from its options (its searches, the folder's
 * tables, the chain tables), forked for a thread of games, freed; what it
 * can say of its tables; its options, their presets and their check.
 * The order of its decision is in decide.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "player.h"

/* The presets of the search: a net's, or the heuristic's. */
static void
preset(g2048_search_opts *o, int net, int fast)
{
	if (net && fast)
		g2048_search_net_fast(o);
	else if (net)
		g2048_search_net_defaults(o);
	else if (fast)
		g2048_search_fast(o);
	else
		g2048_search_defaults(o);
}

void
g2048_player_setting(g2048_player_opts *o, int fast, int net)
{
	preset(&o->search, net, fast);
	preset(&o->other_search, 0, fast);
}

void
g2048_player_defaults(g2048_player_opts *o)
{
	memset(o, 0, sizeof *o);
	g2048_player_setting(o, 0, 0);
	o->chain = G2048_CHAIN_NONE;
	/* where a pattern's target is less sure, the table's one aim
	 * costs the board its shape and the search plays better
	 * (bench/EXACT.md) */
	o->table_min = 0.9;
	/* before a 16384 the large tiles are small and freezing them costs
	 * more than a sure target gains (bench/EXACT.md) */
	o->table_from = 14;
	o->chain_min = 0;
}

int
g2048_player_check(const g2048_player_opts *o, char *err, size_t errsize)
{
	const char *why = NULL;

	if (o->table_from < 0 || o->table_from > G2048_MAX_RANK)
		why = "table-from: expected a tile up to 131072";
	else if (!(o->chain_min >= 0 && o->chain_min <= 1))
		why = "chain-min: expected a probability from 0 to 1";
	else if (!(o->table_min >= 0 && o->table_min <= 1))
		why = "table-min: expected a probability from 0 to 1";
	else if (o->solve_cells < 0 || o->solve_cells > G2048_SOLVE_CELLS)
		why = "solve-cells: expected a number from 0 to 6";
	if (why) {
		if (errsize)
			snprintf(err, errsize, "%s", why);
		return -1;
	}
	return g2048_search_check(&o->search, err, errsize) < 0 ||
	    g2048_search_check(&o->other_search, err, errsize) < 0 ? -1 : 0;
}

/* A net plays without the 4x4 tables unless they are named: make net's
 * net is stronger alone (bench/EXACT.md). */
static int
plays_alone(const g2048_player_opts *o)
{
	return o->eval != NULL && !o->tables_named &&
	    strcmp(g2048_eval_name(o->eval), "net") == 0;
}

/* The chain tables of dir as o->chain asks: its files, else the cache
 * (the digest beneath), else computed in memory or the digest alone: 0,
 * or -1 with a message. */
static int
open_chain(g2048_player *p, const char *dir, enum g2048_chain_use use,
    char *err, size_t errsize)
{
	char digest[4096];

	if (use == G2048_CHAIN_NONE ||
	    (use == G2048_CHAIN_FOLDER && plays_alone(&p->o)))
		return 0;
	if (dir && g2048_chain_present(dir))
		p->chain = g2048_chain_open(dir, err, errsize);
	else if (p->o.chain_cache) {
		if (dir)
			g2048_chain_digest_path(dir, digest, sizeof digest);
		p->chain = g2048_chain_cache_open(p->o.chain_cache, dir ?
		    digest : NULL, err, errsize);
	} else if (use == G2048_CHAIN_COMPUTE) {
		if ((p->chain = g2048_chain_new()) == NULL && errsize)
			snprintf(err, errsize, "no memory for the chain tables");
	} else if (dir && g2048_chain_usable(dir))
		p->chain = g2048_chain_open_dir(dir, err, errsize);
	else
		return 0;
	/* a state no file holds: computed on the search's threads */
	if (p->chain)
		g2048_chain_set_threads(p->chain, p->o.search.threads);
	return p->chain ? 0 : -1;
}

/* p's searches with its options (threads: o's, or this many if > 0). */
static int
make_searches(g2048_player *p, int threads, char *err, size_t errsize)
{
	if (threads > 0)
		p->o.search.threads = p->o.other_search.threads = threads;
	if (p->o.eval == NULL && p->o.search.algo != G2048_RANDOM) {
		if (errsize)
			snprintf(err, errsize, "the player has no evaluator");
		return -1;
	}
	if ((p->search = g2048_search_new(&p->o.search, p->o.eval, err,
	    errsize)) == NULL)
		return -1;
	if (p->o.other_eval && (p->other = g2048_search_new(
	    &p->o.other_search, p->o.other_eval, err, errsize)) == NULL)
		return -1;
	return 0;
}

g2048_player *
g2048_player_new(const g2048_player_opts *o, char *err, size_t errsize)
{
	g2048_player *p;

	if ((p = calloc(1, sizeof *p)) == NULL) {
		if (errsize)
			snprintf(err, errsize, "%s", strerror(ENOMEM));
		return NULL;
	}
	p->o = *o;
	p->o.tables = NULL;
	p->patterns = !plays_alone(o);
	p->owner = 1;
	if (make_searches(p, 0, err, errsize) < 0)
		goto fail;
	if (o->tables) {
		if ((p->tables = g2048_tableset_open_dir(o->tables, err,
		    errsize)) == NULL)
			goto fail;
		if (g2048_tableset_count(p->tables) == 0) {
			g2048_tableset_close(p->tables);
			p->tables = NULL;
		}
	}
	if (open_chain(p, o->tables, o->chain, err, errsize) < 0)
		goto fail;
	return p;
fail:
	g2048_player_free(p);
	return NULL;
}

g2048_player *
g2048_player_new_search(const g2048_search_opts *o, const g2048_eval *e,
    char *err, size_t errsize)
{
	g2048_player_opts po;

	g2048_player_defaults(&po);
	po.search = *o;
	po.eval = e;
	return g2048_player_new(&po, err, errsize);
}

g2048_player *
g2048_player_fork(const g2048_player *p, int threads, char *err,
    size_t errsize)
{
	g2048_player *f;

	if ((f = calloc(1, sizeof *f)) == NULL) {
		if (errsize)
			snprintf(err, errsize, "%s", strerror(ENOMEM));
		return NULL;
	}
	f->o = p->o;
	f->patterns = p->patterns;
	f->tables = p->tables;
	f->chain = p->chain;
	if (make_searches(f, threads, err, errsize) < 0) {
		g2048_player_free(f);
		return NULL;
	}
	return f;
}

void
g2048_player_free(g2048_player *p)
{
	if (p == NULL)
		return;
	g2048_search_free(p->search);
	g2048_search_free(p->other);
	free(p->solved.value);
	if (p->owner) {
		g2048_tableset_close(p->tables);
		g2048_chain_free(p->chain);
	}
	free(p);
}

void
g2048_player_time_from(g2048_player *p, const struct timespec *origin)
{
	g2048_search_time_from(p->search, origin);
	if (p->other)
		g2048_search_time_from(p->other, origin);
}

enum player_eval
player_eval_of(const g2048_player *p, const g2048_board *b)
{
	if (p->o.eval == NULL || g2048_eval_fits(p->o.eval, b->rows, b->cols))
		return PLAYER_OWN;
	if (p->other != NULL &&
	    g2048_eval_fits(p->o.other_eval, b->rows, b->cols))
		return PLAYER_OTHER;
	return PLAYER_NONE;
}

const g2048_eval *
g2048_player_eval_for(const g2048_player *p, const g2048_board *b)
{
	switch (player_eval_of(p, b)) {
	case PLAYER_OWN:
		return p->o.eval;
	case PLAYER_OTHER:
		return p->o.other_eval;
	default:
		return NULL;
	}
}

int
g2048_player_has_tables(const g2048_player *p)
{
	return p->chain != NULL ||
	    (p->tables != NULL && (p->patterns || p->other != NULL));
}

int
g2048_player_error(const g2048_player *p, char *err, size_t errsize)
{
	return g2048_tableset_error(p->tables, err, errsize) ||
	    (p->chain && g2048_chain_error(p->chain, err, errsize));
}

uint64_t
g2048_player_computed(const g2048_player *p)
{
	return p->chain ? g2048_chain_states(p->chain) : 0;
}

uint64_t
g2048_player_unsaved(const g2048_player *p)
{
	return p->chain ? g2048_chain_unsaved(p->chain) : 0;
}

uint64_t
g2048_player_cache_held(const g2048_player *p)
{
	return p->chain ? g2048_chain_cache_held(p->chain) : 0;
}

int
g2048_player_save(g2048_player *p, char *err, size_t errsize)
{
	return p->chain ? g2048_chain_cache_save(p->chain, err, errsize) : 0;
}

int
g2048_player_pack_chain(g2048_player *p, const char *path, uint64_t *held,
    char *err, size_t errsize)
{
	if (p->chain == NULL) {
		if (errsize)
			snprintf(err, errsize, "%s: the player has no chain "
			    "tables to pack", path);
		return -1;
	}
	return g2048_chain_pack(p->chain, path, held, err, errsize);
}

int
g2048_player_has_board_table(const g2048_player *p, int rows, int cols,
    double four)
{
	return p->tables != NULL &&
	    g2048_tableset_find_board(p->tables, rows, cols, four) >= 0;
}

int
g2048_player_add_table(g2048_player *p, const char *path, char *err,
    size_t errsize)
{
	if (!p->owner) {
		if (errsize)
			snprintf(err, errsize, "a table added to a fork");
		return -1;
	}
	if (p->tables == NULL &&
	    (p->tables = g2048_tableset_open(NULL, 0, err, errsize)) == NULL)
		return -1;
	return g2048_tableset_add(p->tables, path, err, errsize);
}

void
g2048_player_set_stop(g2048_player *p, const volatile sig_atomic_t *stop)
{
	if (p->chain)
		g2048_chain_set_stop(p->chain, stop);
}

int
player_drop_broken(g2048_player *p)
{
	int dropped = 0;

	if (!p->owner)
		return 0;
	if (g2048_tableset_error(p->tables, NULL, 0)) {
		g2048_tableset_close(p->tables);
		p->tables = NULL;
		dropped = 1;
	}
	if (p->chain && g2048_chain_error(p->chain, NULL, 0)) {
		g2048_chain_free(p->chain);
		p->chain = NULL;
		dropped = 1;
	}
	return dropped;
}
