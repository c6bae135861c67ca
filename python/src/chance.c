/*
 * chance.c - the chance node: every board a spawn can make of each board,
 * with its probability, in the order of 2048-spawn --all (each empty
 * cell in reading order, the 2 before the 4; an outcome of probability 0
 * left out).  The probabilities are the spawn law's (2048(7)): a cell
 * uniformly among the empty ones, a 4 with the board's odds.
 */
#include "g2048py.h"

static PyObject *
py_spawns(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "four", "hi", NULL };
	PyObject *boards, *four_o = NULL, *hi = NULL, *out = NULL,
	    *prob = NULL, *parent = NULL, *out_hi = NULL;
	struct batch b;
	g2048_cells c, t;
	g2048_grid g;
	double four, p_rank[3];
	npy_intp i, k = 0, total = 0, shape[3];
	int cell, rank, empty, cells;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO:spawns", kwlist,
	    &boards, &four_o, &hi) || py_batch(boards, hi, &b) < 0 ||
	    py_four(four_o, &four) < 0)
		return NULL;
	p_rank[1] = 1 - four;
	p_rank[2] = four;
	cells = b.rows * b.cols;
	for (i = 0; i < b.n; i++) {
		py_batch_cells(&b, i, &c);
		total += g2048_cells_empty_count(&c) *
		    ((p_rank[1] > 0) + (p_rank[2] > 0));
	}
	shape[0] = total;
	shape[1] = b.rows;
	shape[2] = b.cols;
	out = b.packed ? py_new_array(1, shape, NPY_UINT64) :
	    py_new_array(3, shape, NPY_UINT8);
	prob = py_new_array(1, shape, NPY_FLOAT64);
	parent = py_new_array(1, shape, NPY_INT64);
	if (b.hi)
		out_hi = py_new_array(1, shape, NPY_UINT16);
	if (!out || !prob || !parent || (b.hi && !out_hi))
		goto fail;
	for (i = 0; i < b.n; i++) {
		py_batch_cells(&b, i, &c);
		empty = g2048_cells_empty_count(&c);
		for (cell = 0; cell < cells; cell++) {
			if (c.rank[cell] != 0)
				continue;
			for (rank = 1; rank <= 2; rank++) {
				if (p_rank[rank] == 0)
					continue;
				t = c;
				t.rank[cell] = (uint8_t)rank;
				if (b.packed) {
					g = g2048_cells_grid(&t);
					((uint64_t *)PyArray_DATA((PyArrayObject *)
					    out))[k] = g.lo;
					if (out_hi)
						((uint16_t *)PyArray_DATA(
						    (PyArrayObject *)out_hi))[k] =
						    g.hi;
				} else {
					memcpy((uint8_t *)PyArray_DATA(
					    (PyArrayObject *)out) + k * cells,
					    t.rank, (size_t)cells);
				}
				((double *)PyArray_DATA((PyArrayObject *)
				    prob))[k] = p_rank[rank] / empty;
				((int64_t *)PyArray_DATA((PyArrayObject *)
				    parent))[k] = i;
				k++;
			}
		}
	}
	if (out_hi)
		return Py_BuildValue("NNNN", out, prob, parent, out_hi);
	return Py_BuildValue("NNN", out, prob, parent);
fail:
	Py_XDECREF(out);
	Py_XDECREF(prob);
	Py_XDECREF(parent);
	Py_XDECREF(out_hi);
	return NULL;
}

PyMethodDef g2048py_chance_methods[] = {
	{ "spawns", (PyCFunction)(void (*)(void))py_spawns,
	  METH_VARARGS | METH_KEYWORDS,
	  "spawns(boards, four=0.1, hi=None) -> (boards, prob, parent[, hi])" },
	{ NULL, NULL, 0, NULL }
};
