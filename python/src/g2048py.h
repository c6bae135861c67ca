/*
 * g2048py.h - the Python module's C parts (python/src/): what the files
 * share.  Every board the module takes is checked here before the engine
 * sees it, so a bad array is a Python exception, never a wrong answer.
 *
 * module.c  the module, its constants, the arrays' checks below
 * boards.c  boards in bulk: moves, legal masks, afterstates, counts
 * text.c    boards to and from the pipe format (2048(5))
 * chance.c  the chance node: every spawn and its probability
 * env.c     the batched environment (VecEnv)
 * player.c  the player, the evaluators and the exact tables: the one
 *           file that calls the player's and the search's API
 */
#ifndef G2048PY_H
#define G2048PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL g2048py_ARRAY_API
#ifndef G2048PY_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include "2048-private.h"  /* the cells of any size, the search context */

/* A batch of boards as the functions take them: packed 4x4 words
 * (numpy.uint64, any shape; the fifth rank bit in hi, numpy.uint16 of
 * the same shape, or none) or ranks (numpy.uint8, (rows, cols) or
 * (n, rows, cols)).  shape is that of one value a board. */
struct batch {
	int packed;
	npy_intp n;
	int rows, cols;
	int ndim;
	npy_intp shape[NPY_MAXDIMS];
	const uint64_t *lo;
	const uint16_t *hi;        /* NULL: no fifth bits */
	const uint8_t *ranks;
};

/* module.c */
PyArrayObject *py_array(PyObject *o, const char *what, int type,
    int writable);
int py_batch(PyObject *boards, PyObject *hi, struct batch *b);
g2048_grid py_batch_grid(const struct batch *b, npy_intp i);
void py_batch_cells(const struct batch *b, npy_intp i, g2048_cells *c);
int py_batch_is_4x4(const struct batch *b);
/* g's ranks into r[0..15], a byte a cell (the fifth bit too). */
void py_grid_ranks(uint8_t *r, g2048_grid g);
int py_check_ranks(const uint8_t *ranks, npy_intp n, int rows, int cols,
    const char *what);
int py_direction(PyObject *o, int *dir);
int py_four(PyObject *o, double *four);
int py_size(int rows, int cols);
PyObject *py_new_array(int ndim, const npy_intp *shape, int type);
PyObject *py_result(PyObject *a);

/* boards.c, text.c, chance.c */
extern PyMethodDef g2048py_board_methods[];
extern PyMethodDef g2048py_text_methods[];
extern PyMethodDef g2048py_chance_methods[];

/* env.c, player.c: their types, added to the module */
int g2048py_env_add(PyObject *m);
int g2048py_player_add(PyObject *m);

#endif
