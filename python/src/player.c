/*
 * player.c - the player of 2048-solve from Python (Player), the
 * evaluators of 2048-eval (Evaluator) and the exact tables (Table).  The
 * one file of the module that calls the player's and the search's API,
 * so that a change of those is made here alone.
 *
 * A Player is made as 2048-solve makes its own from the same settings
 * (libcli's player.c): the preset of the evaluator and --fast, the
 * search's options over it, a fixed depth without deepening, the
 * folder's tables and its chain tables.  A batch of boards is decided
 * with the GIL released: each board's moves searched on up to four
 * threads, as 2048-solve does; past four threads, several boards at once,
 * each worker with a fork of the player.
 *
 * One file of over 500 lines: every call into the player's and the
 * search's API in one place, so that a change of that API is met here
 * alone.
 */
#include "g2048py.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>

#define ERR_MAX 512

/* ---- Evaluator ---------------------------------------------------------- */

typedef struct {
	PyObject_HEAD
	g2048_eval *eval;
	g2048_net *net;
} EvalObject;

/* The evaluator of heuristic/weights or of the net at netpath. */
static int
make_eval(const char *heuristic, const char *weights, const char *netpath,
    g2048_eval **eval, g2048_net **net)
{
	char err[ERR_MAX];

	*eval = NULL;
	*net = NULL;
	if (netpath && (heuristic || weights)) {
		PyErr_SetString(PyExc_ValueError, "net is the evaluator: no "
		    "heuristic or weights with it");
		return -1;
	}
	if (netpath) {
		if ((*net = g2048_net_open(netpath, err, sizeof err)) == NULL) {
			PyErr_SetString(PyExc_ValueError, err);
			return -1;
		}
		*eval = g2048_eval_net(*net, err, sizeof err);
	} else {
		*eval = g2048_eval_new(heuristic, weights, err, sizeof err);
	}
	if (*eval == NULL) {
		g2048_net_free(*net);
		*net = NULL;
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	return 0;
}

static int
eval_init(EvalObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "heuristic", "weights", "net", NULL };
	const char *heuristic = NULL, *weights = NULL, *net = NULL;

	if (e->eval) {
		PyErr_SetString(PyExc_RuntimeError, "Evaluator: already made");
		return -1;
	}
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzz:Evaluator", kwlist,
	    &heuristic, &weights, &net))
		return -1;
	return make_eval(heuristic, weights, net, &e->eval, &e->net);
}

static void
eval_dealloc(EvalObject *e)
{
	g2048_eval_free(e->eval);
	g2048_net_free(e->net);
	Py_TYPE(e)->tp_free((PyObject *)e);
}

/* A net's blocks are checked as first read: a damaged one is an error. */
static int
net_check(const g2048_net *net)
{
	char err[ERR_MAX];

	if (net && g2048_net_check(net, err, sizeof err) < 0) {
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	return 0;
}

static PyObject *
eval_value(EvalObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	PyObject *boards, *hi = NULL, *out;
	struct batch b;
	g2048_cells c;
	double *v;
	npy_intp i;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:value", kwlist,
	    &boards, &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	if (e->eval == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "Evaluator: not made");
		return NULL;
	}
	if (!g2048_eval_fits(e->eval, b.rows, b.cols)) {
		PyErr_Format(PyExc_ValueError, "the evaluator %s does not value "
		    "%dx%d boards", g2048_eval_name(e->eval), b.rows, b.cols);
		return NULL;
	}
	if ((out = py_new_array(b.ndim, b.shape, NPY_FLOAT64)) == NULL)
		return NULL;
	v = PyArray_DATA((PyArrayObject *)out);
	for (i = 0; i < b.n; i++) {
		if (py_batch_is_4x4(&b)) {
			v[i] = g2048_eval_grid(e->eval, py_batch_grid(&b, i));
		} else {
			py_batch_cells(&b, i, &c);
			v[i] = g2048_eval_cells(e->eval, &c);
		}
	}
	if (net_check(e->net) < 0) {
		Py_DECREF(out);
		return NULL;
	}
	return py_result(out);
}

static PyObject *
eval_get_name(EvalObject *e, void *closure)
{
	(void)closure;
	return PyUnicode_FromString(e->eval ? g2048_eval_name(e->eval) : "");
}

static PyMethodDef eval_methods[] = {
	{ "value", (PyCFunction)(void (*)(void))eval_value,
	  METH_VARARGS | METH_KEYWORDS, "value(boards, hi=None) -> float64" },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef eval_getset[] = {
	{ "name", (getter)eval_get_name, NULL, "the heuristic's name", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject eval_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "g2048._g2048.Evaluator",
	.tp_basicsize = sizeof(EvalObject),
	.tp_dealloc = (destructor)eval_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = "Evaluator(heuristic=None, weights=None, net=None): "
	    "2048-eval's value of a board",
	.tp_methods = eval_methods,
	.tp_getset = eval_getset,
	.tp_init = (initproc)eval_init,
	.tp_new = PyType_GenericNew,
};

/* ---- Table -------------------------------------------------------------- */

typedef struct {
	PyObject_HEAD
	g2048_table *table;
} TableObject;

static int
table_init(TableObject *t, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "path", NULL };
	char err[ERR_MAX];
	PyObject *path;

	if (t->table) {
		PyErr_SetString(PyExc_RuntimeError, "Table: already opened");
		return -1;
	}
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O&:Table", kwlist,
	    PyUnicode_FSConverter, &path))
		return -1;
	t->table = g2048_table_open(PyBytes_AS_STRING(path), err, sizeof err);
	Py_DECREF(path);
	if (t->table == NULL) {
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	return 0;
}

static void
table_dealloc(TableObject *t)
{
	g2048_table_close(t->table);
	Py_TYPE(t)->tp_free((PyObject *)t);
}

/* The table's answer for board i of b into r: 0, or -1 (an error). */
static int
table_query(const g2048_table *t, const struct batch *b, npy_intp i,
    g2048_table_result *r)
{
	const g2048_table_info *info = g2048_table_info_of(t);
	g2048_cells c;
	int ranks[G2048_CELLS_MAX], j;

	if (info->board) {
		if (b->rows != info->rows || b->cols != info->cols) {
			PyErr_Format(PyExc_ValueError, "the table is of %dx%d "
			    "boards, not %dx%d", info->rows, info->cols,
			    b->rows, b->cols);
			return -1;
		}
		py_batch_cells(b, i, &c);
		for (j = 0; j < b->rows * b->cols; j++)
			ranks[j] = c.rank[j];
		g2048_table_query_cells(t, ranks, b->rows * b->cols, r);
	} else {
		if (!py_batch_is_4x4(b)) {
			PyErr_SetString(PyExc_ValueError, "a pattern's table "
			    "values 4x4 boards");
			return -1;
		}
		g2048_table_query(t, py_batch_grid(b, i), r);
	}
	return 0;
}

static PyObject *
table_value(TableObject *t, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	static const npy_intp four_dims[1] = { G2048_NDIRS };
	PyObject *boards, *hi = NULL, *value = NULL, *moves = NULL,
	    *best = NULL, *covered = NULL;
	npy_intp shape[NPY_MAXDIMS];
	struct batch b;
	g2048_table_result r;
	char err[ERR_MAX];
	npy_intp i;
	int d;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:value", kwlist,
	    &boards, &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	memcpy(shape, b.shape, sizeof(npy_intp) * (size_t)b.ndim);
	shape[b.ndim] = four_dims[0];
	value = py_new_array(b.ndim, shape, NPY_FLOAT64);
	moves = py_new_array(b.ndim + 1, shape, NPY_FLOAT64);
	best = py_new_array(b.ndim, shape, NPY_INT8);
	covered = py_new_array(b.ndim, shape, NPY_BOOL);
	if (!value || !moves || !best || !covered)
		goto fail;
	for (i = 0; i < b.n; i++) {
		if (table_query(t->table, &b, i, &r) < 0)
			goto fail;
		if (r.dir == G2048_TABLE_CORRUPT) {
			g2048_table_check(t->table, err, sizeof err);
			PyErr_SetString(PyExc_ValueError, err);
			goto fail;
		}
		((npy_bool *)PyArray_DATA((PyArrayObject *)covered))[i] =
		    r.dir != G2048_TABLE_UNCOVERED;
		((int8_t *)PyArray_DATA((PyArrayObject *)best))[i] =
		    (int8_t)(r.dir < 0 ? -1 : r.dir);
		((double *)PyArray_DATA((PyArrayObject *)value))[i] =
		    r.dir == G2048_TABLE_UNCOVERED ? Py_NAN : r.board;
		for (d = 0; d < G2048_NDIRS; d++)
			((double *)PyArray_DATA((PyArrayObject *)moves))[i *
			    G2048_NDIRS + d] = r.dir != G2048_TABLE_UNCOVERED &&
			    (r.legal >> d & 1) ? r.value[d] : Py_NAN;
	}
	return Py_BuildValue("NNNN", py_result(value), moves, py_result(best),
	    py_result(covered));
fail:
	Py_XDECREF(value);
	Py_XDECREF(moves);
	Py_XDECREF(best);
	Py_XDECREF(covered);
	return NULL;
}

static PyObject *
table_info(TableObject *t, PyObject *unused)
{
	const g2048_table_info *i = g2048_table_info_of(t->table);

	(void)unused;
	return Py_BuildValue("{s:O,s:i,s:i,s:s,s:s,s:i,s:s,s:d,s:K}",
	    "board", i->board ? Py_True : Py_False, "rows", i->rows,
	    "cols", i->cols, "pattern", i->pattern, "name", i->name,
	    "target", i->target, "objective", i->objective ==
	    G2048_EXACT_PROB ? "probability" : "score", "four", i->four,
	    "states", (unsigned long long)i->built.states);
}

static PyObject *
table_verify(TableObject *t, PyObject *unused)
{
	char err[ERR_MAX];
	int r;

	(void)unused;
	Py_BEGIN_ALLOW_THREADS
	r = g2048_table_verify(t->table, err, sizeof err);
	Py_END_ALLOW_THREADS
	if (r < 0) {
		PyErr_SetString(PyExc_ValueError, err);
		return NULL;
	}
	Py_RETURN_NONE;
}

static PyMethodDef table_methods[] = {
	{ "value", (PyCFunction)(void (*)(void))table_value,
	  METH_VARARGS | METH_KEYWORDS,
	  "value(boards, hi=None) -> (value, move_values, best, covered)" },
	{ "info", (PyCFunction)table_info, METH_NOARGS, "the header" },
	{ "verify", (PyCFunction)table_verify, METH_NOARGS,
	  "check every block of the file" },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject table_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "g2048._g2048.Table",
	.tp_basicsize = sizeof(TableObject),
	.tp_dealloc = (destructor)table_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = "Table(path): an exact table of 2048-table",
	.tp_methods = table_methods,
	.tp_init = (initproc)table_init,
	.tp_new = PyType_GenericNew,
};

/* ---- Player ------------------------------------------------------------- */

#define WORKERS_MAX 64

typedef struct {
	PyObject_HEAD
	g2048_player *player;
	g2048_player *fork[WORKERS_MAX];
	int workers, threads;
	g2048_eval *eval, *plain_eval;
	g2048_net *net;
	g2048_player_opts opts;
	int busy;
} PlayerObject;

static int
parse_algo(PyObject *o, enum g2048_algo *a)
{
	static const char *names[] = { "expectimax", "minimax", "greedy",
	    "random" };
	const char *s;
	int i;

	if (o == NULL || o == Py_None)
		return 0;
	if ((s = PyUnicode_AsUTF8(o)) == NULL)
		return -1;
	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0) {
			*a = (enum g2048_algo)i;
			return 0;
		}
	PyErr_Format(PyExc_ValueError, "algo: expected expectimax, minimax, "
	    "greedy or random, not %R", o);
	return -1;
}

/* The search's own settings and the player's thresholds given as
 * keywords, over the preset: a number not given is NOT_GIVEN (an int)
 * or NaN, so that any value given, a negative one too, goes to the
 * check. */
#define NOT_GIVEN INT_MIN
struct search_args {
	PyObject *algo, *adaptive, *crowded, *deepen;
	int depth, tt_bits, lost, downgrade, table_from, corner;
	double cutoff, table_min, chain_min, prune;
};

static int
apply_search_args(const struct search_args *a, g2048_player_opts *po)
{
	g2048_search_opts *o = &po->search;
	int deepen_given = a->deepen && a->deepen != Py_None;

	if (parse_algo(a->algo, &o->algo) < 0)
		return -1;
	if (a->depth != NOT_GIVEN) {
		o->depth = a->depth;
		/* a fixed depth means that depth, unless deepen says so */
		if (!deepen_given)
			o->deepen = 0;
	}
	if (a->adaptive && a->adaptive != Py_None) {
		o->depth = 0;
		if (!PyArg_ParseTuple(a->adaptive, "iii;adaptive: expected "
		    "(MIN, SUB, MAX)", &o->depth_min, &o->depth_sub,
		    &o->depth_max))
			return -1;
	}
	if (a->crowded && a->crowded != Py_None &&
	    !PyArg_ParseTuple(a->crowded, "id;crowded: expected (N, P)",
	    &o->crowded, &o->cutoff_crowded))
		return -1;
	if (deepen_given) {
		if (PyObject_IsTrue(a->deepen) == 0)
			o->deepen = 0;
		else if (!PyArg_ParseTuple(a->deepen, "diid;deepen: expected "
		    "(R, SUB, MAX, P) or False", &o->deepen, &o->deepen_sub,
		    &o->deepen_max, &o->deepen_cutoff))
			return -1;
	}
	if (!isnan(a->cutoff))
		o->cutoff = a->cutoff;
	if (!isnan(a->prune))
		o->prune = a->prune;
	if (a->tt_bits != NOT_GIVEN)
		o->tt_bits = a->tt_bits;
	if (a->lost != NOT_GIVEN)
		o->lost = a->lost;
	if (a->corner != NOT_GIVEN)
		o->corner = a->corner;
	if (a->downgrade != NOT_GIVEN)
		o->downgrade = a->downgrade;
	if (!isnan(a->table_min))
		po->table_min = a->table_min;
	if (a->table_from != NOT_GIVEN)
		po->table_from = a->table_from;
	if (!isnan(a->chain_min))
		po->chain_min = a->chain_min;
	return 0;
}

static int
check_player(const g2048_player_opts *o)
{
	char err[ERR_MAX];

	if (g2048_player_check(o, err, sizeof err) < 0) {
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	return 0;
}

static int
parse_chain(PyObject *o, const char *tables, enum g2048_chain_use *use)
{
	const char *s;

	if (o == NULL || o == Py_None) {
		*use = tables ? G2048_CHAIN_FOLDER : G2048_CHAIN_NONE;
		return 0;
	}
	if (o == Py_False) {
		*use = G2048_CHAIN_NONE;
		return 0;
	}
	if ((s = PyUnicode_AsUTF8(o)) != NULL) {
		if (strcmp(s, "none") == 0) {
			*use = G2048_CHAIN_NONE;
			return 0;
		}
		if (strcmp(s, "folder") == 0) {
			*use = G2048_CHAIN_FOLDER;
			return 0;
		}
		if (strcmp(s, "compute") == 0) {
			*use = G2048_CHAIN_COMPUTE;
			return 0;
		}
	}
	PyErr_Clear();
	PyErr_Format(PyExc_ValueError, "chain: expected 'folder' (the "
	    "tables folder's chain files or digest), 'compute', 'none' or "
	    "False, not %R", o);
	return -1;
}

static int
player_init(PlayerObject *p, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "tables", "net", "heuristic", "weights",
	    "fast", "threads", "chain", "patterns", "exact", "algo", "depth",
	    "adaptive", "cutoff", "crowded", "deepen", "tt_bits", "lost",
	    "downgrade", "table_min", "table_from", "chain_min", "prune",
	    "corner", NULL };
	const char *heuristic = NULL, *weights = NULL;
	PyObject *tables_o = NULL, *net_o = NULL, *chain = NULL,
	    *tables = NULL, *netpath = NULL;
	struct search_args sa = { NULL, NULL, NULL, NULL, NOT_GIVEN, NOT_GIVEN,
	    NOT_GIVEN, NOT_GIVEN, NOT_GIVEN, NOT_GIVEN, NAN, NAN, NAN, NAN };
	int fast = 0, threads = 1, patterns = 1, exact = 0, i, per, ok = -1;
	char err[ERR_MAX];

	if (p->player) {
		PyErr_SetString(PyExc_RuntimeError, "Player: already made");
		return -1;
	}
	if (!PyArg_ParseTupleAndKeywords(args, kw,
	    "|$OOzzpiOppOiOdOOiiididdi:Player", kwlist, &tables_o, &net_o,
	    &heuristic, &weights, &fast, &threads, &chain, &patterns, &exact,
	    &sa.algo, &sa.depth, &sa.adaptive, &sa.cutoff, &sa.crowded,
	    &sa.deepen, &sa.tt_bits, &sa.lost, &sa.downgrade, &sa.table_min,
	    &sa.table_from, &sa.chain_min, &sa.prune, &sa.corner))
		return -1;
	if (threads < 1 || threads > WORKERS_MAX) {
		PyErr_Format(PyExc_ValueError, "threads: expected 1 to %d, not "
		    "%d", WORKERS_MAX, threads);
		return -1;
	}
	if ((tables_o && tables_o != Py_None &&
	    !PyUnicode_FSConverter(tables_o, &tables)) ||
	    (net_o && net_o != Py_None &&
	    !PyUnicode_FSConverter(net_o, &netpath)))
		goto done;
	if (make_eval(heuristic, weights, netpath ? PyBytes_AS_STRING(netpath) :
	    NULL, &p->eval, &p->net) < 0)
		goto done;
	g2048_player_defaults(&p->opts);
	g2048_player_setting(&p->opts, fast, p->net != NULL);
	if (p->net)
		p->opts.search.downgrade = g2048_net_downgrade(p->net);
	if (apply_search_args(&sa, &p->opts) < 0 ||
	    check_player(&p->opts) < 0)
		goto done;
	p->opts.search.threads = 1;
	p->opts.eval = p->eval;
	p->opts.tables = tables ? PyBytes_AS_STRING(tables) : NULL;
	/* the folder is the user's, as 2048-solve --tables DIR: a net
	 * plays by its 4x4 tables too, unless patterns is False */
	p->opts.tables_named = patterns;
	p->opts.exact = exact;
	if (parse_chain(chain, p->opts.tables, &p->opts.chain) < 0)
		goto done;
	if (exact && p->opts.tables == NULL) {
		PyErr_SetString(PyExc_ValueError, "exact: plays by the tables "
		    "of whole boards: name their folder (tables=)");
		goto done;
	}
	Py_BEGIN_ALLOW_THREADS
	p->player = g2048_player_new(&p->opts, err, sizeof err);
	Py_END_ALLOW_THREADS
	if (p->player == NULL) {
		PyErr_SetString(PyExc_ValueError, err);
		goto done;
	}
	p->opts.tables = NULL;          /* only read while the player is made */
	/* as 2048-solve: a board's moves searched on up to four threads
	 * (measured faster here than two boards at once a thread each);
	 * past four, boards at once, a fork of the player each */
	per = threads < G2048_NDIRS ? threads : G2048_NDIRS;
	p->workers = (threads + per - 1) / per;
	for (i = 0; i < p->workers; i++)
		if ((p->fork[i] = g2048_player_fork(p->player, per, err,
		    sizeof err)) == NULL) {
			PyErr_SetString(PyExc_MemoryError, err);
			goto done;
		}
	p->threads = threads;
	ok = 0;
done:
	Py_XDECREF(tables);
	Py_XDECREF(netpath);
	return ok;
}

static void
player_dealloc(PlayerObject *p)
{
	int i;

	for (i = 0; i < WORKERS_MAX; i++)
		g2048_player_free(p->fork[i]);
	g2048_player_free(p->player);
	g2048_eval_free(p->eval);
	g2048_eval_free(p->plain_eval);
	g2048_net_free(p->net);
	Py_TYPE(p)->tp_free((PyObject *)p);
}

/* A batch shared by the workers, the next board taken under a lock. */
struct work {
	const struct batch *b;
	double four;
	pthread_mutex_t lock;
	npy_intp next;
	int8_t *move, *source;
	double *value;
	int8_t *depth;
	int unfit;                 /* the first board no evaluator values */
	npy_intp unfit_at;
};

struct worker {
	struct work *w;
	g2048_player *player;
};

static void
decide(struct work *w, g2048_player *p, npy_intp i)
{
	g2048_board b;
	g2048_cells c;
	g2048_decision r;
	int dir, d;

	g2048_board_init(&b);
	if (py_batch_is_4x4(w->b)) {
		b.grid = py_batch_grid(w->b, i);
	} else {
		py_batch_cells(w->b, i, &c);
		g2048_board_set_cells(&b, &c);
	}
	b.four = w->four;
	dir = g2048_best_move(p, &b, &r);
	if (dir == G2048_UNFIT || dir == G2048_UNCOVERED) {
		pthread_mutex_lock(&w->lock);
		if (!w->unfit || i < w->unfit_at) {
			w->unfit = dir;
			w->unfit_at = i;
		}
		pthread_mutex_unlock(&w->lock);
		r.legal = 0;
	}
	w->move[i] = (int8_t)(dir < 0 ? -1 : dir);
	w->source[i] = (int8_t)r.source;
	w->depth[i] = (int8_t)(dir < 0 ? 0 : r.depth);
	for (d = 0; d < G2048_NDIRS; d++)
		w->value[i * G2048_NDIRS + d] = dir >= 0 && (r.legal >> d & 1) ?
		    r.value[d] : Py_NAN;
}

static void *
work_loop(void *arg)
{
	struct worker *k = arg;
	struct work *w = k->w;
	npy_intp i;

	for (;;) {
		pthread_mutex_lock(&w->lock);
		i = w->next++;
		pthread_mutex_unlock(&w->lock);
		if (i >= w->b->n)
			return NULL;
		decide(w, k->player, i);
	}
}

static void
run_workers(PlayerObject *p, struct work *w)
{
	struct worker k[WORKERS_MAX];
	pthread_t t[WORKERS_MAX];
	int i, started[WORKERS_MAX], workers = p->workers;

	if (w->b->n < workers)
		workers = (int)w->b->n;
	for (i = 0; i < workers; i++) {
		k[i].w = w;
		k[i].player = p->fork[i];
		started[i] = i > 0 && pthread_create(&t[i], NULL, work_loop,
		    &k[i]) == 0;
	}
	if (workers > 0)
		work_loop(&k[0]);
	for (i = 1; i < workers; i++)
		if (started[i])
			pthread_join(t[i], NULL);
}

static PyObject *
player_best(PlayerObject *p, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "four", "hi", NULL };
	static const npy_intp four_dims[1] = { G2048_NDIRS };
	PyObject *boards, *four_o = NULL, *hi = NULL, *move = NULL,
	    *value = NULL, *source = NULL, *depth = NULL;
	npy_intp shape[NPY_MAXDIMS];
	struct batch b;
	struct work w;
	char err[ERR_MAX];
	int broken;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO:best", kwlist,
	    &boards, &four_o, &hi) || py_batch(boards, hi, &b) < 0 ||
	    py_four(four_o, &w.four) < 0)
		return NULL;
	if (p->player == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "Player: not made");
		return NULL;
	}
	memcpy(shape, b.shape, sizeof(npy_intp) * (size_t)b.ndim);
	shape[b.ndim] = four_dims[0];
	move = py_new_array(b.ndim, shape, NPY_INT8);
	value = py_new_array(b.ndim + 1, shape, NPY_FLOAT64);
	source = py_new_array(b.ndim, shape, NPY_INT8);
	depth = py_new_array(b.ndim, shape, NPY_INT8);
	if (!move || !value || !source || !depth)
		goto fail;
	if (p->busy) {
		PyErr_SetString(PyExc_RuntimeError, "Player: another thread "
		    "is deciding with this player (one call at a time per "
		    "Player; it uses its threads itself)");
		goto fail;
	}
	p->busy = 1;
	w.b = &b;
	w.next = 0;
	w.move = PyArray_DATA((PyArrayObject *)move);
	w.value = PyArray_DATA((PyArrayObject *)value);
	w.source = PyArray_DATA((PyArrayObject *)source);
	w.depth = PyArray_DATA((PyArrayObject *)depth);
	w.unfit = 0;
	w.unfit_at = 0;
	pthread_mutex_init(&w.lock, NULL);
	Py_BEGIN_ALLOW_THREADS
	run_workers(p, &w);
	Py_END_ALLOW_THREADS
	pthread_mutex_destroy(&w.lock);
	p->busy = 0;
	broken = g2048_player_error(p->player, err, sizeof err);
	if (broken || net_check(p->net) < 0) {
		if (broken)
			PyErr_SetString(PyExc_ValueError, err);
		goto fail;
	}
	if (w.unfit) {
		PyErr_Format(PyExc_ValueError, "board %zd: %s", (Py_ssize_t)
		    w.unfit_at, w.unfit == G2048_UNFIT ? "no evaluator of the "
		    "player values a board of its size (a net values 4x4 "
		    "boards)" : "exact: no table of whole boards holds it");
		goto fail;
	}
	return Py_BuildValue("NNNN", py_result(move), value,
	    py_result(source), py_result(depth));
fail:
	Py_XDECREF(move);
	Py_XDECREF(value);
	Py_XDECREF(source);
	Py_XDECREF(depth);
	return NULL;
}

static PyObject *
player_has_tables(PlayerObject *p, PyObject *unused)
{
	(void)unused;
	return PyBool_FromLong(p->player && g2048_player_has_tables(p->player));
}

static PyObject *
player_sources(PyObject *cls, PyObject *unused)
{
	PyObject *l = PyList_New(0), *s;
	int i;

	(void)cls;
	(void)unused;
	for (i = G2048_BY_SEARCH; l && i <= G2048_BY_PATTERN; i++) {
		s = PyUnicode_FromString(g2048_source_name((enum g2048_source)i));
		if (s == NULL || PyList_Append(l, s) < 0) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

static PyObject *
player_get_depth(PlayerObject *p, void *closure)
{
	const g2048_search_opts *o = &p->opts.search;

	(void)closure;
	return Py_BuildValue("{s:i,s:i,s:i,s:i,s:d,s:d,s:i}", "depth",
	    o->depth, "depth_min", o->depth_min, "depth_sub", o->depth_sub,
	    "depth_max", o->depth_max, "cutoff", o->cutoff, "deepen",
	    o->deepen, "threads", p->threads);
}

static PyMethodDef player_methods[] = {
	{ "best", (PyCFunction)(void (*)(void))player_best,
	  METH_VARARGS | METH_KEYWORDS,
	  "best(boards, four=0.1, hi=None) -> (move, values, source, depth)" },
	{ "has_tables", (PyCFunction)player_has_tables, METH_NOARGS,
	  "1 if a table may decide some move" },
	{ "sources", (PyCFunction)player_sources, METH_NOARGS | METH_STATIC,
	  "the names of the sources, by their number" },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef player_getset[] = {
	{ "settings", (getter)player_get_depth, NULL,
	  "the search's depth settings", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject player_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "g2048._g2048.Player",
	.tp_basicsize = sizeof(PlayerObject),
	.tp_dealloc = (destructor)player_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = "Player(...): the player of 2048-solve",
	.tp_methods = player_methods,
	.tp_getset = player_getset,
	.tp_init = (initproc)player_init,
	.tp_new = PyType_GenericNew,
};

static int
add_type(PyObject *m, PyTypeObject *t, const char *name)
{
	if (PyType_Ready(t) < 0)
		return -1;
	Py_INCREF(t);
	if (PyModule_AddObject(m, name, (PyObject *)t) < 0) {
		Py_DECREF(t);
		return -1;
	}
	return 0;
}

int
g2048py_player_add(PyObject *m)
{
	return add_type(m, &eval_type, "Evaluator") < 0 ||
	    add_type(m, &table_type, "Table") < 0 ||
	    add_type(m, &player_type, "Player") < 0 ? -1 : 0;
}
