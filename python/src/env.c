/*
 * env.c - the batched environment, VecEnv: n games stepped in one call
 * into the caller's arrays, with the GIL released.  Game k of slot i (k
 * from 0, counting resets) is the game of seed S + i + k * n of a run
 * reset with seed S: a new game is the engine's (g2048_new_game_size)
 * and every spawn continues that game's own stream, so game i of a run
 * is `2048-new --seed S+i` driven through `2048-move | 2048-spawn`.
 *
 * One file of over 500 lines: the type VecEnv whole, its state, its
 * step and what it tells of its games, read top down.
 */
#include "g2048py.h"

#include <stdio.h>

struct game {
	g2048_grid grid;           /* a 4x4 board's cells */
	g2048_rng rng;             /* its spawns' stream */
	uint64_t score, moves, steps;
	uint64_t seed;             /* of this game */
	uint64_t started;          /* games begun in this slot */
	int last_move;             /* -1: none yet */
	int over;                  /* ended, not reset (autoreset off) */
};

typedef struct {
	PyObject_HEAD
	npy_intp n;
	int rows, cols, ncells, is_4x4;
	double four;
	uint64_t threshold;        /* four * 2^32, as the board's spawn */
	uint64_t seed;             /* S of the last reset */
	uint64_t max_steps;        /* 0: never truncated */
	int autoreset;
	int ready;                 /* reset once */
	int busy;                  /* a call is stepping (GIL released) */
	struct game *games;
	g2048_cells *cells;        /* other sizes: each game's cells */
} EnvObject;

/* The spawn threshold of a board of odds four, as the engine's
 * g2048_board_spawn_rng chooses it. */
static uint64_t
threshold_of(double four)
{
	return four == G2048_FOUR_PROB ? G2048_FOUR_DEFAULT :
	    g2048_four_threshold(four);
}

/* Slot i's next game, from the engine's new game of its seed. */
static void
new_game(EnvObject *e, npy_intp i)
{
	struct game *gm = &e->games[i];
	g2048_board b;
	g2048_cells c;

	gm->seed = e->seed + (uint64_t)i + gm->started * (uint64_t)e->n;
	gm->started++;
	g2048_new_game_size(&b, e->rows, e->cols, e->four, gm->seed);
	g2048_rng_seed(&gm->rng, b.seed, b.draws);
	if (e->is_4x4) {
		gm->grid = b.grid;
	} else {
		g2048_board_get_cells(&b, &c);
		e->cells[i] = c;
	}
	gm->score = gm->moves = gm->steps = 0;
	gm->last_move = -1;
	gm->over = 0;
}

static void
write_board(const EnvObject *e, npy_intp i, uint8_t *r)
{
	if (e->is_4x4)
		py_grid_ranks(r, e->games[i].grid);
	else
		memcpy(r, e->cells[i].rank, (size_t)e->ncells);
}

static unsigned
legal_of(const EnvObject *e, npy_intp i)
{
	return e->is_4x4 ? g2048_legal(e->games[i].grid) :
	    g2048_cells_legal(&e->cells[i]);
}

static void
write_mask(npy_bool *m, unsigned legal)
{
	m[0] = legal & 1;
	m[1] = (legal >> 1) & 1;
	m[2] = (legal >> 2) & 1;
	m[3] = (legal >> 3) & 1;
}

static int
env_init(EnvObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "n", "rows", "cols", "four", "max_steps",
	    "autoreset", NULL };
	Py_ssize_t n;
	int rows = 4, cols = 4, autoreset = 1;
	unsigned long long max_steps = 0;
	PyObject *four = NULL;

	if (e->games) {
		PyErr_SetString(PyExc_RuntimeError, "VecEnv: already made");
		return -1;
	}
	if (!PyArg_ParseTupleAndKeywords(args, kw, "n|iiOKp:VecEnv", kwlist,
	    &n, &rows, &cols, &four, &max_steps, &autoreset))
		return -1;
	if (n < 1 || n > ((Py_ssize_t)1 << 30)) {
		PyErr_Format(PyExc_ValueError, "n: expected from 1 to 2^30 "
		    "games, not %zd", n);
		return -1;
	}
	if (py_size(rows, cols) < 0 || py_four(four, &e->four) < 0)
		return -1;
	e->n = n;
	e->rows = rows;
	e->cols = cols;
	e->ncells = rows * cols;
	e->is_4x4 = rows == G2048_SIDE && cols == G2048_SIDE;
	e->cells = NULL;
	e->threshold = threshold_of(e->four);
	e->max_steps = max_steps;
	e->autoreset = autoreset;
	e->ready = e->busy = 0;
	if ((e->games = PyMem_Calloc((size_t)n, sizeof *e->games)) == NULL ||
	    (!e->is_4x4 && (e->cells = PyMem_Calloc((size_t)n,
	    sizeof *e->cells)) == NULL)) {
		PyErr_NoMemory();
		return -1;
	}
	return 0;
}

static void
env_dealloc(EnvObject *e)
{
	PyMem_Free(e->games);
	PyMem_Free(e->cells);
	Py_TYPE(e)->tp_free((PyObject *)e);
}

/* An output array of the env's: its dtype, its shape (n, ...), writable. */
static void *
out_array(const EnvObject *e, PyObject *o, const char *what, int type,
    int nd, npy_intp d1, npy_intp d2)
{
	PyArrayObject *a;
	npy_intp want[3] = { e->n, d1, d2 };

	if ((a = py_array(o, what, type, 1)) == NULL)
		return NULL;
	if (PyArray_NDIM(a) != nd ||
	    !PyArray_CompareLists(PyArray_DIMS(a), want, nd)) {
		PyErr_Format(PyExc_ValueError, "%s: expected the shape %s with "
		    "n = %zd, rows = %d, cols = %d", what, nd == 1 ? "(n,)" :
		    nd == 2 ? "(n, 4)" : "(n, rows, cols)", (Py_ssize_t)e->n,
		    e->rows, e->cols);
		return NULL;
	}
	return PyArray_DATA(a);
}

/* Rewards are written as the array's type: float32, float64 or int64. */
enum reward_type { REWARD_F32, REWARD_F64, REWARD_I64 };

static void *
reward_array(const EnvObject *e, PyObject *o, enum reward_type *t)
{
	int type;

	if (!PyArray_Check(o)) {
		PyErr_SetString(PyExc_TypeError, "reward: expected a numpy "
		    "array of float32, float64 or int64");
		return NULL;
	}
	type = PyArray_TYPE((PyArrayObject *)o);
	if (type == NPY_FLOAT32)
		*t = REWARD_F32;
	else if (type == NPY_FLOAT64)
		*t = REWARD_F64;
	else if (PyArray_EquivTypenums(type, NPY_INT64))
		*t = REWARD_I64;
	else {
		PyErr_Format(PyExc_TypeError, "reward: expected dtype float32, "
		    "float64 or int64, not %S",
		    (PyObject *)PyArray_DESCR((PyArrayObject *)o));
		return NULL;
	}
	return out_array(e, o, "reward", type == NPY_FLOAT32 ? NPY_FLOAT32 :
	    type == NPY_FLOAT64 ? NPY_FLOAT64 : NPY_INT64, 1, 0, 0);
}

static int
claim(EnvObject *e)
{
	if (e->games == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "VecEnv: not initialised");
		return -1;
	}
	if (e->busy) {
		PyErr_SetString(PyExc_RuntimeError, "VecEnv: another thread is "
		    "stepping these games (one call at a time per VecEnv)");
		return -1;
	}
	e->busy = 1;
	return 0;
}

static PyObject *
env_reset(EnvObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "seed", "obs", "mask", NULL };
	unsigned long long seed;
	PyObject *obs_o, *mask_o;
	uint8_t *obs;
	npy_bool *mask;
	npy_intp i;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "KOO:reset", kwlist, &seed,
	    &obs_o, &mask_o))
		return NULL;
	if ((obs = out_array(e, obs_o, "obs", NPY_UINT8, 3, e->rows,
	    e->cols)) == NULL ||
	    (mask = out_array(e, mask_o, "mask", NPY_BOOL, 2, 4, 0)) == NULL ||
	    claim(e) < 0)
		return NULL;
	e->seed = seed;
	Py_BEGIN_ALLOW_THREADS
	for (i = 0; i < e->n; i++) {
		e->games[i].started = 0;
		new_game(e, i);
		write_board(e, i, obs + i * e->ncells);
		write_mask(mask + i * 4, legal_of(e, i));
	}
	Py_END_ALLOW_THREADS
	e->ready = 1;
	e->busy = 0;
	Py_RETURN_NONE;
}

/* The caller's arrays of a step; the optional ones NULL when not given. */
struct step_out {
	uint8_t *obs;
	void *reward;
	enum reward_type reward_type;
	npy_bool *terminated, *truncated, *mask;
	uint8_t *afterstate, *final_obs;
	npy_bool *illegal;
	uint64_t *final_score;
};

static void
put_reward(struct step_out *o, npy_intp i, long gained)
{
	if (o->reward_type == REWARD_F32)
		((float *)o->reward)[i] = (float)gained;
	else if (o->reward_type == REWARD_F64)
		((double *)o->reward)[i] = (double)gained;
	else
		((int64_t *)o->reward)[i] = gained;
}

/*
 * A 4x4 game's move and spawn in one library call, in place; the
 * afterstate written when asked.  Its score stays far below the counters'
 * limit (a 4x4 game scores under 2^22), so no check.
 */
static long
move_4x4(struct game *gm, uint64_t threshold, int a, uint8_t *after,
    unsigned *legal)
{
	g2048_grid moved;
	long gained;

	gained = g2048_step(&gm->grid, after ? &moved : NULL, &gm->rng,
	    threshold, (enum g2048_dir)a, legal);
	if (after)
		py_grid_ranks(after, gained >= 0 ? moved : gm->grid);
	return gained;
}

/* Another size's move and spawn: G2048_OVERFLOW (the game unchanged)
 * when the score would pass the counters. */
static long
move_cells(g2048_cells *cells, struct game *gm, uint64_t threshold, int a,
    uint8_t *after, unsigned *legal)
{
	g2048_cells c = *cells;
	long gained = g2048_cells_move(&c, (enum g2048_dir)a);

	if (gained == G2048_OVERFLOW ||
	    (gained > 0 && gm->score > UINT64_MAX - (uint64_t)gained))
		return G2048_OVERFLOW;
	if (after)
		memcpy(after, c.rank, (size_t)(c.rows * c.cols));
	/* a move that changed the board left a cell empty */
	if (gained >= 0)
		g2048_cells_spawn(&c, &gm->rng, threshold);
	*cells = c;
	*legal = g2048_cells_legal(&c);
	return gained;
}

/* One game's step: 0, or -1 when its score would pass the counters. */
static int
step_one(EnvObject *e, npy_intp i, int a, struct step_out *o)
{
	struct game *gm = &e->games[i];
	uint8_t *after = o->afterstate ? o->afterstate + i * e->ncells : NULL;
	long gained;
	unsigned legal;
	int done, terminated;

	gained = e->is_4x4 ? move_4x4(gm, e->threshold, a, after, &legal) :
	    move_cells(&e->cells[i], gm, e->threshold, a, after, &legal);
	if (gained == G2048_OVERFLOW)
		return -1;
	gm->steps++;
	if (gained >= 0) {
		gm->score += (uint64_t)gained;
		gm->moves++;
		gm->last_move = a;
	}
	/* after a spawn the game is over just when no move is legal */
	terminated = gained >= 0 && legal == 0;
	put_reward(o, i, gained < 0 ? 0 : gained);
	if (o->illegal)
		o->illegal[i] = gained < 0;
	o->terminated[i] = (npy_bool)terminated;
	o->truncated[i] = !terminated && e->max_steps &&
	    gm->steps >= e->max_steps;
	done = terminated || o->truncated[i];
	if (done) {
		if (o->final_obs)
			write_board(e, i, o->final_obs + i * e->ncells);
		if (o->final_score)
			o->final_score[i] = gm->score;
		if (e->autoreset) {
			new_game(e, i);
			legal = legal_of(e, i);
		} else {
			gm->over = 1;
		}
	}
	write_board(e, i, o->obs + i * e->ncells);
	write_mask(o->mask + i * 4, legal);
	return 0;
}

/* The actions, any integer dtype, each 0-3, as int64 (a new reference). */
static PyArrayObject *
get_actions(const EnvObject *e, PyObject *o)
{
	PyArrayObject *a;
	const int64_t *v;
	npy_intp i;

	if (!PyArray_Check(o) || !PyArray_ISINTEGER((PyArrayObject *)o)) {
		PyErr_Format(PyExc_TypeError, "actions: expected a numpy "
		    "array of integers 0-3, not %s", PyArray_Check(o) ?
		    "an array of another dtype" : Py_TYPE(o)->tp_name);
		return NULL;
	}
	if (PyArray_NDIM((PyArrayObject *)o) != 1 ||
	    PyArray_DIM((PyArrayObject *)o, 0) != e->n) {
		PyErr_Format(PyExc_ValueError, "actions: expected the shape "
		    "(%zd,), one a game", (Py_ssize_t)e->n);
		return NULL;
	}
	if ((a = (PyArrayObject *)PyArray_FROM_OTF(o, NPY_INT64,
	    NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED |
	    NPY_ARRAY_FORCECAST)) == NULL)
		return NULL;
	v = PyArray_DATA(a);
	for (i = 0; i < e->n; i++)
		if (v[i] < 0 || v[i] >= G2048_NDIRS) {
			PyErr_Format(PyExc_ValueError, "actions: game %zd: "
			    "expected 0-3 (UP, DOWN, LEFT, RIGHT), not %lld",
			    (Py_ssize_t)i, (long long)v[i]);
			Py_DECREF(a);
			return NULL;
		}
	return a;
}

static int
optional_out(const EnvObject *e, PyObject *o, const char *what, int type,
    int nd, npy_intp d1, npy_intp d2, void **p)
{
	*p = NULL;
	if (o == NULL || o == Py_None)
		return 0;
	return (*p = out_array(e, o, what, type, nd, d1, d2)) ? 0 : -1;
}

static PyObject *
env_step(EnvObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "actions", "obs", "reward", "terminated",
	    "truncated", "mask", "afterstate", "illegal", "final_obs",
	    "final_score", NULL };
	PyObject *actions_o, *obs_o, *reward_o, *term_o, *trunc_o, *mask_o,
	    *after_o = NULL, *illegal_o = NULL, *final_o = NULL,
	    *score_o = NULL;
	PyArrayObject *actions;
	struct step_out o;
	const int64_t *a;
	npy_intp i, failed = -1, over = -1;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOO|OOOO:step", kwlist,
	    &actions_o, &obs_o, &reward_o, &term_o, &trunc_o, &mask_o,
	    &after_o, &illegal_o, &final_o, &score_o))
		return NULL;
	if (!e->ready) {
		PyErr_SetString(PyExc_RuntimeError, "VecEnv: reset before the "
		    "first step");
		return NULL;
	}
	if ((o.obs = out_array(e, obs_o, "obs", NPY_UINT8, 3, e->rows,
	    e->cols)) == NULL ||
	    (o.reward = reward_array(e, reward_o, &o.reward_type)) == NULL ||
	    (o.terminated = out_array(e, term_o, "terminated", NPY_BOOL, 1, 0,
	    0)) == NULL ||
	    (o.truncated = out_array(e, trunc_o, "truncated", NPY_BOOL, 1, 0,
	    0)) == NULL ||
	    (o.mask = out_array(e, mask_o, "mask", NPY_BOOL, 2, 4, 0)) == NULL ||
	    optional_out(e, after_o, "afterstate", NPY_UINT8, 3, e->rows,
	    e->cols, (void **)&o.afterstate) < 0 ||
	    optional_out(e, illegal_o, "illegal", NPY_BOOL, 1, 0, 0,
	    (void **)&o.illegal) < 0 ||
	    optional_out(e, final_o, "final_obs", NPY_UINT8, 3, e->rows,
	    e->cols, (void **)&o.final_obs) < 0 ||
	    optional_out(e, score_o, "final_score", NPY_UINT64, 1, 0, 0,
	    (void **)&o.final_score) < 0)
		return NULL;
	if ((actions = get_actions(e, actions_o)) == NULL)
		return NULL;
	for (i = 0; i < e->n && over < 0; i++)
		if (e->games[i].over)
			over = i;
	if (over >= 0) {
		Py_DECREF(actions);
		PyErr_Format(PyExc_RuntimeError, "VecEnv: game %zd is over "
		    "(autoreset is off): reset first", (Py_ssize_t)over);
		return NULL;
	}
	if (claim(e) < 0) {
		Py_DECREF(actions);
		return NULL;
	}
	a = PyArray_DATA(actions);
	Py_BEGIN_ALLOW_THREADS
	for (i = 0; i < e->n; i++)
		if (step_one(e, i, (int)a[i], &o) < 0) {
			failed = i;
			break;
		}
	Py_END_ALLOW_THREADS
	e->busy = 0;
	Py_DECREF(actions);
	if (failed >= 0) {
		PyErr_Format(PyExc_OverflowError, "VecEnv: game %zd: the "
		    "move's score passes 2^64 - 1 (the game stays as it was; "
		    "the games after it were not stepped)", (Py_ssize_t)failed);
		return NULL;
	}
	Py_RETURN_NONE;
}

/* Game i's board as the engine's board, with its header. */
static int
board_of(const EnvObject *e, Py_ssize_t i, g2048_board *b)
{
	const struct game *gm;

	if (!e->ready) {
		PyErr_SetString(PyExc_RuntimeError, "VecEnv: reset first");
		return -1;
	}
	if (i < 0 || i >= e->n) {
		PyErr_Format(PyExc_IndexError, "game %zd: expected 0 to %zd",
		    i, (Py_ssize_t)e->n - 1);
		return -1;
	}
	gm = &e->games[i];
	g2048_board_init_size(b, e->rows, e->cols);
	if (e->is_4x4)
		b->grid = gm->grid;
	else
		g2048_board_set_cells(b, &e->cells[i]);
	b->four = e->four;
	b->score = gm->score;
	b->moves = gm->moves;
	b->last_move = gm->last_move;
	b->has_rng = 1;
	b->seed = gm->rng.seed;
	b->draws = gm->rng.draws;
	return 0;
}

static PyObject *
env_text(EnvObject *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "game", "compact", NULL };
	Py_ssize_t i;
	int compact = 0;
	g2048_board b;
	char buf[G2048_TEXT_MAX];
	int n;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "n|p:text", kwlist, &i,
	    &compact) || board_of(e, i, &b) < 0)
		return NULL;
	n = compact ? g2048_format_compact(&b, buf, sizeof buf) :
	    g2048_format(&b, buf, sizeof buf);
	return PyUnicode_DecodeASCII(buf, n, NULL);
}

/* Each game's counter (score, moves, steps, seed, draws) as uint64. */
static PyObject *
env_counter(EnvObject *e, int which)
{
	PyObject *out;
	uint64_t *v;
	npy_intp i;

	if ((out = py_new_array(1, &e->n, NPY_UINT64)) == NULL)
		return NULL;
	v = PyArray_DATA((PyArrayObject *)out);
	for (i = 0; i < e->n; i++) {
		const struct game *gm = &e->games[i];

		v[i] = which == 0 ? gm->score : which == 1 ? gm->moves :
		    which == 2 ? gm->steps : which == 3 ? gm->seed :
		    gm->rng.draws;
	}
	return out;
}

static PyObject *
env_get_score(EnvObject *e, void *closure)
{
	(void)closure;
	return env_counter(e, 0);
}

static PyObject *
env_get_moves(EnvObject *e, void *closure)
{
	(void)closure;
	return env_counter(e, 1);
}

static PyObject *
env_get_steps(EnvObject *e, void *closure)
{
	(void)closure;
	return env_counter(e, 2);
}

static PyObject *
env_get_seeds(EnvObject *e, void *closure)
{
	(void)closure;
	return env_counter(e, 3);
}

static PyObject *
env_get_draws(EnvObject *e, void *closure)
{
	(void)closure;
	return env_counter(e, 4);
}

/* The games' boards as ranks (n, rows, cols). */
static PyObject *
env_get_boards(EnvObject *e, void *closure)
{
	npy_intp shape[3] = { e->n, e->rows, e->cols }, i;
	PyObject *out = py_new_array(3, shape, NPY_UINT8);

	(void)closure;
	if (out == NULL)
		return NULL;
	for (i = 0; i < e->n; i++)
		write_board(e, i, (uint8_t *)PyArray_DATA((PyArrayObject *)out) +
		    i * e->ncells);
	return out;
}

static PyObject *
env_get_int(EnvObject *e, void *closure)
{
	const char *name = closure;

	if (strcmp(name, "n") == 0)
		return PyLong_FromSsize_t((Py_ssize_t)e->n);
	if (strcmp(name, "rows") == 0)
		return PyLong_FromLong(e->rows);
	if (strcmp(name, "cols") == 0)
		return PyLong_FromLong(e->cols);
	if (strcmp(name, "max_steps") == 0)
		return PyLong_FromUnsignedLongLong(e->max_steps);
	if (strcmp(name, "autoreset") == 0)
		return PyBool_FromLong(e->autoreset);
	return PyFloat_FromDouble(e->four);
}

static PyGetSetDef env_getset[] = {
	{ "n", (getter)env_get_int, NULL, "games stepped at once", "n" },
	{ "rows", (getter)env_get_int, NULL, "rows of a board", "rows" },
	{ "cols", (getter)env_get_int, NULL, "columns of a board", "cols" },
	{ "four", (getter)env_get_int, NULL, "probability of a 4", "four" },
	{ "max_steps", (getter)env_get_int, NULL,
	  "steps after which a game is truncated (0: never)", "max_steps" },
	{ "autoreset", (getter)env_get_int, NULL,
	  "a game that ends is followed by the slot's next", "autoreset" },
	{ "score", (getter)env_get_score, NULL,
	  "each game's score so far (uint64)", NULL },
	{ "moves", (getter)env_get_moves, NULL,
	  "each game's moves made (uint64)", NULL },
	{ "steps", (getter)env_get_steps, NULL,
	  "each game's steps, illegal actions counted (uint64)", NULL },
	{ "seeds", (getter)env_get_seeds, NULL,
	  "each game's seed: 2048-new --seed SEED is its start", NULL },
	{ "draws", (getter)env_get_draws, NULL,
	  "each game's draws from its stream (the draws header)", NULL },
	{ "boards", (getter)env_get_boards, NULL,
	  "each game's board as ranks (n, rows, cols)", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyMethodDef env_methods[] = {
	{ "reset", (PyCFunction)(void (*)(void))env_reset,
	  METH_VARARGS | METH_KEYWORDS,
	  "reset(seed, obs, mask): every slot's first game, game i of seed "
	  "seed + i" },
	{ "step", (PyCFunction)(void (*)(void))env_step,
	  METH_VARARGS | METH_KEYWORDS,
	  "step(actions, obs, reward, terminated, truncated, mask, "
	  "afterstate=None, illegal=None, final_obs=None, final_score=None)" },
	{ "text", (PyCFunction)(void (*)(void))env_text,
	  METH_VARARGS | METH_KEYWORDS,
	  "text(game, compact=False): game's board in the pipe format" },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject env_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "g2048._g2048.VecEnv",
	.tp_basicsize = sizeof(EnvObject),
	.tp_dealloc = (destructor)env_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_doc = "VecEnv(n, rows=4, cols=4, four=0.1, max_steps=0, "
	    "autoreset=True): n games stepped at once (the C part of "
	    "g2048.VecEnv)",
	.tp_methods = env_methods,
	.tp_getset = env_getset,
	.tp_init = (initproc)env_init,
	.tp_new = PyType_GenericNew,
};

int
g2048py_env_add(PyObject *m)
{
	if (PyType_Ready(&env_type) < 0)
		return -1;
	Py_INCREF(&env_type);
	if (PyModule_AddObject(m, "VecEnv", (PyObject *)&env_type) < 0) {
		Py_DECREF(&env_type);
		return -1;
	}
	return 0;
}
