/*
 * module.c - the module _g2048 (wrapped by the package g2048): its
 * constants and the checks every array passes before the engine sees it.
 */
#define G2048PY_IMPORT_ARRAY
#include "g2048py.h"

#include <stdio.h>
#include <string.h>

PyArrayObject *
py_array(PyObject *o, const char *what, int type, int writable)
{
	PyArrayObject *a;
	PyArray_Descr *want;

	if (!PyArray_Check(o)) {
		PyErr_Format(PyExc_TypeError, "%s: expected a numpy array of "
		    "%s, not %s", what, type == NPY_UINT64 ? "uint64" :
		    type == NPY_UINT8 ? "uint8" : type == NPY_BOOL ? "bool" :
		    type == NPY_INT64 ? "int64" : type == NPY_FLOAT64 ?
		    "float64" : "the right type", Py_TYPE(o)->tp_name);
		return NULL;
	}
	a = (PyArrayObject *)o;
	want = PyArray_DescrFromType(type);
	if (!PyArray_EquivTypes(PyArray_DESCR(a), want)) {
		PyErr_Format(PyExc_TypeError, "%s: expected dtype %S, not %S",
		    what, (PyObject *)want, (PyObject *)PyArray_DESCR(a));
		Py_DECREF(want);
		return NULL;
	}
	Py_DECREF(want);
	if (!PyArray_IS_C_CONTIGUOUS(a) || !PyArray_ISALIGNED(a)) {
		PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous, "
		    "aligned array (numpy.ascontiguousarray makes one)", what);
		return NULL;
	}
	if (writable && !PyArray_ISWRITEABLE(a)) {
		PyErr_Format(PyExc_ValueError, "%s: the array is read-only",
		    what);
		return NULL;
	}
	return a;
}

int
py_size(int rows, int cols)
{
	if (rows < G2048_SIZE_MIN || rows > G2048_SIZE_MAX ||
	    cols < G2048_SIZE_MIN || cols > G2048_SIZE_MAX) {
		PyErr_Format(PyExc_ValueError, "a board of %d x %d: each side "
		    "must be from %d to %d", rows, cols, G2048_SIZE_MIN,
		    G2048_SIZE_MAX);
		return -1;
	}
	return 0;
}

int
py_check_ranks(const uint8_t *ranks, npy_intp n, int rows, int cols,
    const char *what)
{
	int cap = g2048_cells_cap(rows, cols), cells = rows * cols, j;
	npy_intp i;

	for (i = 0; i < n; i++)
		for (j = 0; j < cells; j++)
			if (ranks[i * cells + j] > cap) {
				PyErr_Format(PyExc_ValueError, "%s: board %zd, "
				    "row %d, column %d: rank %d is past %d, the "
				    "largest tile of a %dx%d board (2^%d)", what,
				    (Py_ssize_t)i, j / cols + 1, j % cols + 1,
				    ranks[i * cells + j], cap, rows, cols, cap);
				return -1;
			}
	return 0;
}

/* A packed board whose fifth bits make a rank past 17 is none. */
static int
check_packed(const uint64_t *lo, const uint16_t *hi, npy_intp n)
{
	npy_intp i;
	int cell, rank;

	if (hi == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		g2048_grid g = { lo[i], hi[i] };

		if (hi[i] == 0)
			continue;
		for (cell = 0; cell < G2048_CELLS; cell++)
			if ((rank = g2048_rank(g, cell)) > G2048_MAX_RANK) {
				PyErr_Format(PyExc_ValueError, "boards: board "
				    "%zd, cell %d: rank %d (with its fifth bit) "
				    "is past %d, the largest tile of a 4x4 board",
				    (Py_ssize_t)i, cell, rank, G2048_MAX_RANK);
				return -1;
			}
	}
	return 0;
}

int
py_batch(PyObject *boards, PyObject *hi, struct batch *b)
{
	PyArrayObject *a, *h;
	int nd, i;

	memset(b, 0, sizeof *b);
	if (!PyArray_Check(boards)) {
		PyErr_Format(PyExc_TypeError, "boards: expected a numpy array "
		    "of uint64 (packed 4x4 boards) or uint8 (ranks, (n, rows, "
		    "cols)), not %s", Py_TYPE(boards)->tp_name);
		return -1;
	}
	a = (PyArrayObject *)boards;
	nd = PyArray_NDIM(a);
	if (PyArray_TYPE(a) == NPY_UINT64 || PyArray_TYPE(a) == NPY_ULONGLONG ||
	    (PyArray_TYPE(a) == NPY_ULONG && sizeof(long) == 8)) {
		if (py_array(boards, "boards", NPY_UINT64, 0) == NULL)
			return -1;
		b->packed = 1;
		b->rows = b->cols = G2048_SIDE;
		b->n = PyArray_SIZE(a);
		b->ndim = nd;
		for (i = 0; i < nd; i++)
			b->shape[i] = PyArray_DIM(a, i);
		b->lo = PyArray_DATA(a);
		if (hi != NULL && hi != Py_None) {
			if ((h = py_array(hi, "hi", NPY_UINT16, 0)) == NULL)
				return -1;
			if (!PyArray_SAMESHAPE(a, h)) {
				PyErr_SetString(PyExc_ValueError, "hi: expected "
				    "the shape of boards (a fifth-bit plane for "
				    "each board)");
				return -1;
			}
			b->hi = PyArray_DATA(h);
		}
		return check_packed(b->lo, b->hi, b->n);
	}
	if (PyArray_TYPE(a) != NPY_UINT8) {
		PyErr_Format(PyExc_TypeError, "boards: expected dtype uint64 "
		    "(packed 4x4 boards) or uint8 (ranks), not %S",
		    (PyObject *)PyArray_DESCR(a));
		return -1;
	}
	if (hi != NULL && hi != Py_None) {
		PyErr_SetString(PyExc_TypeError, "hi: only with packed boards "
		    "(uint64); ranks hold every tile");
		return -1;
	}
	if (py_array(boards, "boards", NPY_UINT8, 0) == NULL)
		return -1;
	if (nd != 2 && nd != 3) {
		PyErr_Format(PyExc_ValueError, "boards: ranks of shape (rows, "
		    "cols) or (n, rows, cols), not of %d dimensions", nd);
		return -1;
	}
	b->rows = (int)PyArray_DIM(a, nd - 2);
	b->cols = (int)PyArray_DIM(a, nd - 1);
	if (PyArray_DIM(a, nd - 2) > G2048_SIZE_MAX ||
	    PyArray_DIM(a, nd - 1) > G2048_SIZE_MAX) {
		PyErr_Format(PyExc_ValueError, "boards: each side must be from "
		    "%d to %d", G2048_SIZE_MIN, G2048_SIZE_MAX);
		return -1;
	}
	if (py_size(b->rows, b->cols) < 0)
		return -1;
	b->n = nd == 3 ? PyArray_DIM(a, 0) : 1;
	b->ndim = nd - 2;
	if (nd == 3)
		b->shape[0] = b->n;
	b->ranks = PyArray_DATA(a);
	return py_check_ranks(b->ranks, b->n, b->rows, b->cols, "boards");
}

/* Eight nibbles (cells 0-7 of a half grid) spread to eight bytes, cell
 * k in byte k (from the least significant). */
static inline uint64_t
spread_nibbles(uint64_t x)
{
	x &= 0xFFFFFFFFULL;
	x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
	x = (x | x << 8) & 0x00FF00FF00FF00FFULL;
	return (x | x << 4) & 0x0F0F0F0F0F0F0F0FULL;
}

/* x's bytes from the least significant: one store on a little-endian
 * machine (the byte loop is not unrolled at -O2). */
static inline void
put_bytes(uint8_t *r, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(r, &x, sizeof x);
#else
	int k;

	for (k = 0; k < 8; k++)
		r[k] = (uint8_t)(x >> (8 * k));
#endif
}

/* A 4x4 grid's ranks, a byte a cell: each half's nibbles spread to
 * bytes in a few word operations (the hot part of VecEnv's step), then
 * each cell's fifth bit where there is one. */
void
py_grid_ranks(uint8_t *r, g2048_grid g)
{
	int cell;

	put_bytes(r, spread_nibbles(g.lo));
	put_bytes(r + 8, spread_nibbles(g.lo >> 32));
	if (g.hi)
		for (cell = 0; cell < G2048_CELLS; cell++)
			r[cell] = (uint8_t)(r[cell] | ((g.hi >> cell) & 1) << 4);
}

int
py_batch_is_4x4(const struct batch *b)
{
	return b->rows == G2048_SIDE && b->cols == G2048_SIDE;
}

g2048_grid
py_batch_grid(const struct batch *b, npy_intp i)
{
	g2048_grid g = { 0, 0 };
	const uint8_t *r;
	int cell;

	if (b->packed) {
		g.lo = b->lo[i];
		g.hi = b->hi ? b->hi[i] : 0;
		return g;
	}
	r = b->ranks + i * G2048_CELLS;
	for (cell = 0; cell < G2048_CELLS; cell++)
		g = g2048_set_rank(g, cell, r[cell]);
	return g;
}

void
py_batch_cells(const struct batch *b, npy_intp i, g2048_cells *c)
{
	int cells = b->rows * b->cols;

	if (b->packed) {
		g2048_cells_of_grid(c, py_batch_grid(b, i));
		return;
	}
	g2048_cells_init(c, b->rows, b->cols);
	memcpy(c->rank, b->ranks + i * cells, (size_t)cells);
}

int
py_direction(PyObject *o, int *dir)
{
	long v;

	if (!PyLong_Check(o) && !PyArray_IsScalar(o, Integer)) {
		PyErr_Format(PyExc_TypeError, "direction: expected an integer "
		    "0-3 (UP, DOWN, LEFT, RIGHT), not %s", Py_TYPE(o)->tp_name);
		return -1;
	}
	v = PyLong_AsLong(o);
	if (v == -1 && PyErr_Occurred())
		return -1;
	if (v < 0 || v >= G2048_NDIRS) {
		PyErr_Format(PyExc_ValueError, "direction: expected 0-3 (UP, "
		    "DOWN, LEFT, RIGHT), not %ld", v);
		return -1;
	}
	*dir = (int)v;
	return 0;
}

int
py_four(PyObject *o, double *four)
{
	double v;

	if (o == NULL || o == Py_None) {
		*four = G2048_FOUR_PROB;
		return 0;
	}
	v = PyFloat_AsDouble(o);
	if (v == -1 && PyErr_Occurred())
		return -1;
	if (!(v >= 0 && v <= 1)) {
		PyErr_Format(PyExc_ValueError, "four: expected the probability "
		    "of a 4, from 0 to 1, not %R", o);
		return -1;
	}
	*four = v;
	return 0;
}

PyObject *
py_new_array(int ndim, const npy_intp *shape, int type)
{
	return PyArray_ZEROS(ndim, (npy_intp *)shape, type, 0);
}

/* A 0-d array as a numpy scalar, other arrays as they are. */
PyObject *
py_result(PyObject *a)
{
	return a ? PyArray_Return((PyArrayObject *)a) : NULL;
}

static PyMethodDef no_methods[] = { { NULL, NULL, 0, NULL } };

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "_g2048",
	"The C part of g2048: lib2048 over numpy arrays.  Use the package "
	"g2048, which documents it.", -1, no_methods,
	NULL, NULL, NULL, NULL
};

static int
add_methods(PyObject *m, PyMethodDef *defs)
{
	PyObject *name = PyModule_GetNameObject(m), *f;

	if (name == NULL)
		return -1;
	for (; defs->ml_name; defs++) {
		if ((f = PyCFunction_NewEx(defs, NULL, name)) == NULL ||
		    PyModule_AddObject(m, defs->ml_name, f) < 0) {
			Py_XDECREF(f);
			Py_DECREF(name);
			return -1;
		}
	}
	Py_DECREF(name);
	return 0;
}

PyMODINIT_FUNC
PyInit__g2048(void)
{
	PyObject *m;

	import_array();
	if ((m = PyModule_Create(&module)) == NULL)
		return NULL;
	if (PyModule_AddIntConstant(m, "UP", G2048_UP) < 0 ||
	    PyModule_AddIntConstant(m, "DOWN", G2048_DOWN) < 0 ||
	    PyModule_AddIntConstant(m, "LEFT", G2048_LEFT) < 0 ||
	    PyModule_AddIntConstant(m, "RIGHT", G2048_RIGHT) < 0 ||
	    PyModule_AddIntConstant(m, "SIZE_MIN", G2048_SIZE_MIN) < 0 ||
	    PyModule_AddIntConstant(m, "SIZE_MAX", G2048_SIZE_MAX) < 0 ||
	    PyModule_AddIntConstant(m, "MAX_RANK", G2048_MAX_RANK) < 0 ||
	    PyModule_AddStringConstant(m, "LIB_VERSION", G2048_VERSION) < 0 ||
	    add_methods(m, g2048py_board_methods) < 0 ||
	    add_methods(m, g2048py_text_methods) < 0 ||
	    add_methods(m, g2048py_chance_methods) < 0 ||
	    g2048py_env_add(m) < 0 || g2048py_player_add(m) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
