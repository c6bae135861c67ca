/*
 * boards.c - boards in bulk: every function takes a batch (g2048py.h),
 * packed 4x4 words or rank arrays of any size, and calls the engine's
 * own move, legality and counts on each board.
 */
#include "g2048py.h"

/* The shape of one value a board with `extra' dimensions after it. */
static int
shape_plus(const struct batch *b, const npy_intp *extra, int nextra,
    npy_intp *shape)
{
	int i;

	for (i = 0; i < b->ndim; i++)
		shape[i] = b->shape[i];
	for (i = 0; i < nextra; i++)
		shape[b->ndim + i] = extra[i];
	return b->ndim + nextra;
}

/* An array of boards like b's with `extra' dimensions between the
 * boards and their cells (afterstates: 4). */
static PyObject *
boards_like(const struct batch *b, const npy_intp *extra, int nextra)
{
	npy_intp shape[NPY_MAXDIMS];
	int nd = shape_plus(b, extra, nextra, shape);

	if (b->packed)
		return py_new_array(nd, shape, NPY_UINT64);
	shape[nd++] = b->rows;
	shape[nd++] = b->cols;
	return py_new_array(nd, shape, NPY_UINT8);
}

static PyObject *
values_like(const struct batch *b, const npy_intp *extra, int nextra,
    int type)
{
	npy_intp shape[NPY_MAXDIMS];

	return py_new_array(shape_plus(b, extra, nextra, shape), shape, type);
}

/* Board j of an output array of b's kind: g or c into it; -1 (a
 * Python error) where a packed board would need the fifth bit that no
 * hi array carries. */
static int
put_board(const struct batch *b, PyObject *out, uint16_t *out_hi,
    npy_intp j, g2048_grid g, const g2048_cells *c)
{
	int cells = b->rows * b->cols;
	uint8_t *r;

	if (b->packed) {
		((uint64_t *)PyArray_DATA((PyArrayObject *)out))[j] = g.lo;
		if (out_hi)
			out_hi[j] = g.hi;
		else if (g.hi) {
			PyErr_Format(PyExc_OverflowError, "board %zd makes a "
			    "tile of 65536 or more, whose fifth rank bit needs "
			    "the hi plane: pass hi= (numpy.uint16, zeros for "
			    "boards below 65536)", (Py_ssize_t)j);
			return -1;
		}
		return 0;
	}
	r = (uint8_t *)PyArray_DATA((PyArrayObject *)out) + j * cells;
	if (c == NULL)
		py_grid_ranks(r, g);
	else
		memcpy(r, c->rank, (size_t)cells);
	return 0;
}

/* Move board i of b toward d into *g (4x4) or *c: the engine's score,
 * -1 when nothing moves. */
static long
move_one(const struct batch *b, npy_intp i, int d, g2048_grid *g,
    g2048_cells *c)
{
	if (py_batch_is_4x4(b)) {
		*g = py_batch_grid(b, i);
		return g2048_move(g, (enum g2048_dir)d);
	}
	py_batch_cells(b, i, c);
	return g2048_cells_move(c, (enum g2048_dir)d);
}

/* The directions of a move: one for all, or an integer array of the
 * boards' shape; into *dirs (an int64 array) or *one. */
static int
get_dirs(PyObject *o, const struct batch *b, PyArrayObject **dirs, int *one)
{
	PyArrayObject *a;
	const int64_t *d;
	npy_intp i;

	*dirs = NULL;
	if (!PyArray_Check(o) || PyArray_NDIM((PyArrayObject *)o) == 0)
		return py_direction(o, one);
	a = (PyArrayObject *)o;
	if (!PyArray_ISINTEGER(a)) {
		PyErr_Format(PyExc_TypeError, "direction: expected integers "
		    "0-3, not dtype %S", (PyObject *)PyArray_DESCR(a));
		return -1;
	}
	if (PyArray_NDIM(a) != b->ndim ||
	    !PyArray_CompareLists(PyArray_DIMS(a), (npy_intp *)b->shape,
	    b->ndim)) {
		PyErr_SetString(PyExc_ValueError, "direction: expected one "
		    "integer, or an array of one a board (the boards' shape)");
		return -1;
	}
	*dirs = (PyArrayObject *)PyArray_FROM_OTF(o, NPY_INT64,
	    NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_FORCECAST);
	if (*dirs == NULL)
		return -1;
	d = PyArray_DATA(*dirs);
	for (i = 0; i < b->n; i++)
		if (d[i] < 0 || d[i] >= G2048_NDIRS) {
			PyErr_Format(PyExc_ValueError, "direction: board %zd: "
			    "expected 0-3 (UP, DOWN, LEFT, RIGHT), not %lld",
			    (Py_ssize_t)i, (long long)d[i]);
			Py_CLEAR(*dirs);
			return -1;
		}
	return 0;
}

static PyObject *
overflow(npy_intp i)
{
	PyErr_Format(PyExc_OverflowError, "board %zd: the move's score "
	    "passes the largest long", (Py_ssize_t)i);
	return NULL;
}

static PyObject *
py_move(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "direction", "hi", NULL };
	PyObject *boards, *dir, *hi = NULL, *out = NULL, *score = NULL,
	    *changed = NULL, *out_hi = NULL;
	PyArrayObject *dirs = NULL;
	struct batch b;
	g2048_grid g;
	g2048_cells c;
	npy_intp i;
	long gained;
	int one = 0, d;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O:move", kwlist,
	    &boards, &dir, &hi) || py_batch(boards, hi, &b) < 0 ||
	    get_dirs(dir, &b, &dirs, &one) < 0)
		return NULL;
	out = boards_like(&b, NULL, 0);
	score = values_like(&b, NULL, 0, NPY_INT64);
	changed = values_like(&b, NULL, 0, NPY_BOOL);
	if (b.hi)
		out_hi = values_like(&b, NULL, 0, NPY_UINT16);
	if (!out || !score || !changed || (b.hi && !out_hi))
		goto fail;
	for (i = 0; i < b.n; i++) {
		d = dirs ? (int)((int64_t *)PyArray_DATA(dirs))[i] : one;
		gained = move_one(&b, i, d, &g, &c);
		if (gained == G2048_OVERFLOW) {
			overflow(i);
			goto fail;
		}
		if (put_board(&b, out, out_hi ? PyArray_DATA((PyArrayObject *)
		    out_hi) : NULL, i, g, py_batch_is_4x4(&b) ? NULL : &c) < 0)
			goto fail;
		((int64_t *)PyArray_DATA((PyArrayObject *)score))[i] =
		    gained < 0 ? 0 : gained;
		((npy_bool *)PyArray_DATA((PyArrayObject *)changed))[i] =
		    gained >= 0;
	}
	Py_XDECREF(dirs);
	if (out_hi)
		return Py_BuildValue("NNNN", py_result(out), py_result(score),
		    py_result(changed), py_result(out_hi));
	return Py_BuildValue("NNN", py_result(out), py_result(score),
	    py_result(changed));
fail:
	Py_XDECREF(dirs);
	Py_XDECREF(out);
	Py_XDECREF(score);
	Py_XDECREF(changed);
	Py_XDECREF(out_hi);
	return NULL;
}

static PyObject *
py_afterstates(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	static const npy_intp four[1] = { G2048_NDIRS };
	PyObject *boards, *hi = NULL, *out = NULL, *score = NULL,
	    *legal = NULL, *out_hi = NULL;
	struct batch b;
	g2048_grid g;
	g2048_cells c;
	npy_intp i, j;
	long gained;
	int d;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:afterstates", kwlist,
	    &boards, &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	out = boards_like(&b, four, 1);
	score = values_like(&b, four, 1, NPY_INT64);
	legal = values_like(&b, four, 1, NPY_BOOL);
	if (b.hi)
		out_hi = values_like(&b, four, 1, NPY_UINT16);
	if (!out || !score || !legal || (b.hi && !out_hi))
		goto fail;
	for (i = 0; i < b.n; i++)
		for (d = 0; d < G2048_NDIRS; d++) {
			j = i * G2048_NDIRS + d;
			gained = move_one(&b, i, d, &g, &c);
			if (gained == G2048_OVERFLOW) {
				overflow(i);
				goto fail;
			}
			if (put_board(&b, out, out_hi ? PyArray_DATA(
			    (PyArrayObject *)out_hi) : NULL, j, g,
			    py_batch_is_4x4(&b) ? NULL : &c) < 0)
				goto fail;
			((int64_t *)PyArray_DATA((PyArrayObject *)score))[j] =
			    gained < 0 ? 0 : gained;
			((npy_bool *)PyArray_DATA((PyArrayObject *)legal))[j] =
			    gained >= 0;
		}
	if (out_hi)
		return Py_BuildValue("NNNN", out, score, legal, out_hi);
	return Py_BuildValue("NNN", out, score, legal);
fail:
	Py_XDECREF(out);
	Py_XDECREF(score);
	Py_XDECREF(legal);
	Py_XDECREF(out_hi);
	return NULL;
}

/* What a function of one board gives: legal, over, max_rank, empties. */
enum board_stat { STAT_OVER, STAT_MAX_RANK, STAT_EMPTIES };

static int
stat_one(const struct batch *b, npy_intp i, enum board_stat s)
{
	g2048_cells c;
	g2048_grid g;

	if (py_batch_is_4x4(b)) {
		g = py_batch_grid(b, i);
		return s == STAT_OVER ? g2048_over(g) : s == STAT_MAX_RANK ?
		    g2048_max_rank(g) : g2048_empty_count(g);
	}
	py_batch_cells(b, i, &c);
	return s == STAT_OVER ? g2048_cells_over(&c) : s == STAT_MAX_RANK ?
	    g2048_cells_max_rank(&c) : g2048_cells_empty_count(&c);
}

static PyObject *
stat_of(PyObject *args, PyObject *kw, const char *format, enum board_stat s)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	PyObject *boards, *hi = NULL, *out;
	struct batch b;
	npy_intp i;

	if (!PyArg_ParseTupleAndKeywords(args, kw, format, kwlist, &boards,
	    &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	if ((out = values_like(&b, NULL, 0, s == STAT_OVER ? NPY_BOOL :
	    NPY_UINT8)) == NULL)
		return NULL;
	for (i = 0; i < b.n; i++)
		((uint8_t *)PyArray_DATA((PyArrayObject *)out))[i] =
		    (uint8_t)stat_one(&b, i, s);
	return py_result(out);
}

static PyObject *
py_over(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	return stat_of(args, kw, "O|O:over", STAT_OVER);
}

static PyObject *
py_max_rank(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	return stat_of(args, kw, "O|O:max_rank", STAT_MAX_RANK);
}

static PyObject *
py_empties(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	return stat_of(args, kw, "O|O:empties", STAT_EMPTIES);
}

static PyObject *
py_legal(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	static const npy_intp four[1] = { G2048_NDIRS };
	PyObject *boards, *hi = NULL, *out;
	struct batch b;
	g2048_cells c;
	npy_bool *m;
	npy_intp i;
	unsigned legal;
	int d;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:legal", kwlist,
	    &boards, &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	if ((out = values_like(&b, four, 1, NPY_BOOL)) == NULL)
		return NULL;
	m = PyArray_DATA((PyArrayObject *)out);
	for (i = 0; i < b.n; i++) {
		if (py_batch_is_4x4(&b)) {
			legal = g2048_legal(py_batch_grid(&b, i));
		} else {
			py_batch_cells(&b, i, &c);
			legal = g2048_cells_legal(&c);
		}
		for (d = 0; d < G2048_NDIRS; d++)
			m[i * G2048_NDIRS + d] = (legal >> d) & 1;
	}
	return out;
}

static PyObject *
py_pack(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "ranks", "hi", NULL };
	PyObject *ranks, *out = NULL, *out_hi = NULL;
	PyArrayObject *a;
	npy_intp shape[NPY_MAXDIMS], i;
	g2048_grid g;
	int with_hi = 0, nd, cell;
	const uint8_t *r;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|p:pack", kwlist, &ranks,
	    &with_hi) || (a = py_array(ranks, "ranks", NPY_UINT8, 0)) == NULL)
		return NULL;
	nd = PyArray_NDIM(a);
	if (nd < 2 || PyArray_DIM(a, nd - 2) != 4 || PyArray_DIM(a, nd - 1) != 4) {
		PyErr_SetString(PyExc_ValueError, "ranks: packed boards are "
		    "4x4: expected a shape (..., 4, 4)");
		return NULL;
	}
	for (i = 0; i < nd - 2; i++)
		shape[i] = PyArray_DIM(a, (int)i);
	if (py_check_ranks(PyArray_DATA(a), PyArray_SIZE(a) / G2048_CELLS, 4,
	    4, "ranks") < 0 ||
	    (out = py_new_array(nd - 2, shape, NPY_UINT64)) == NULL ||
	    (with_hi && (out_hi = py_new_array(nd - 2, shape,
	    NPY_UINT16)) == NULL))
		goto fail;
	r = PyArray_DATA(a);
	for (i = 0; i < PyArray_SIZE(a) / G2048_CELLS; i++) {
		g.lo = 0;
		g.hi = 0;
		for (cell = 0; cell < G2048_CELLS; cell++)
			g = g2048_set_rank(g, cell, r[i * G2048_CELLS + cell]);
		((uint64_t *)PyArray_DATA((PyArrayObject *)out))[i] = g.lo;
		if (out_hi)
			((uint16_t *)PyArray_DATA((PyArrayObject *)out_hi))[i] =
			    g.hi;
		else if (g.hi) {
			PyErr_Format(PyExc_OverflowError, "ranks: board %zd "
			    "holds a tile of 65536 or more, whose fifth rank "
			    "bit needs the hi plane: pack(ranks, hi=True)",
			    (Py_ssize_t)i);
			goto fail;
		}
	}
	if (out_hi)
		return Py_BuildValue("NN", py_result(out), py_result(out_hi));
	return py_result(out);
fail:
	Py_XDECREF(out);
	Py_XDECREF(out_hi);
	return NULL;
}

static PyObject *
py_unpack(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "hi", NULL };
	PyObject *boards, *hi = NULL, *out;
	struct batch b, ranks;
	npy_intp i;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:unpack", kwlist,
	    &boards, &hi) || py_batch(boards, hi, &b) < 0)
		return NULL;
	if (!b.packed) {
		PyErr_SetString(PyExc_TypeError, "boards: unpack takes packed "
		    "boards (uint64)");
		return NULL;
	}
	ranks = b;
	ranks.packed = 0;
	if ((out = boards_like(&ranks, NULL, 0)) == NULL)
		return NULL;
	for (i = 0; i < b.n; i++)
		put_board(&ranks, out, NULL, i, py_batch_grid(&b, i), NULL);
	return out;
}

PyMethodDef g2048py_board_methods[] = {
	{ "move", (PyCFunction)(void (*)(void))py_move,
	  METH_VARARGS | METH_KEYWORDS,
	  "move(boards, direction, hi=None) -> (boards, score, changed[, hi])" },
	{ "afterstates", (PyCFunction)(void (*)(void))py_afterstates,
	  METH_VARARGS | METH_KEYWORDS,
	  "afterstates(boards, hi=None) -> (boards, score, legal[, hi])" },
	{ "legal", (PyCFunction)(void (*)(void))py_legal,
	  METH_VARARGS | METH_KEYWORDS, "legal(boards, hi=None) -> mask" },
	{ "over", (PyCFunction)(void (*)(void))py_over,
	  METH_VARARGS | METH_KEYWORDS, "over(boards, hi=None) -> bool" },
	{ "max_rank", (PyCFunction)(void (*)(void))py_max_rank,
	  METH_VARARGS | METH_KEYWORDS, "max_rank(boards, hi=None) -> uint8" },
	{ "empties", (PyCFunction)(void (*)(void))py_empties,
	  METH_VARARGS | METH_KEYWORDS, "empties(boards, hi=None) -> uint8" },
	{ "pack", (PyCFunction)(void (*)(void))py_pack,
	  METH_VARARGS | METH_KEYWORDS, "pack(ranks, hi=False) -> uint64[, hi]" },
	{ "unpack", (PyCFunction)(void (*)(void))py_unpack,
	  METH_VARARGS | METH_KEYWORDS, "unpack(boards, hi=None) -> ranks" },
	{ NULL, NULL, 0, NULL }
};
