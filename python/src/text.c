/*
 * text.c - boards to and from the pipe format (2048(5)) by the engine's
 * own writer and stream reader: a board Python writes pipes into
 * 2048-move, a board 2048-new prints parses.
 */
#include "g2048py.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* None, an integer for every board, or one a board: into v[n]. */
static int
u64_values(PyObject *o, npy_intp n, const char *what, uint64_t *v,
    int *given)
{
	PyArrayObject *a;
	unsigned long long one;
	npy_intp i;

	*given = o != NULL && o != Py_None;
	if (!*given) {
		for (i = 0; i < n; i++)
			v[i] = 0;
		return 0;
	}
	if (PyLong_Check(o) || PyArray_IsScalar(o, Integer)) {
		one = PyLong_AsUnsignedLongLong(o);
		if (one == (unsigned long long)-1 && PyErr_Occurred()) {
			PyErr_Format(PyExc_ValueError, "%s: expected an integer "
			    "from 0 to 2^64-1", what);
			return -1;
		}
		for (i = 0; i < n; i++)
			v[i] = one;
		return 0;
	}
	if (!PyArray_Check(o) || !PyArray_ISINTEGER((PyArrayObject *)o) ||
	    PyArray_SIZE((PyArrayObject *)o) != n) {
		PyErr_Format(PyExc_TypeError, "%s: expected an integer, or an "
		    "integer array of one a board (%zd)", what, (Py_ssize_t)n);
		return -1;
	}
	if ((a = (PyArrayObject *)PyArray_FROM_OTF(o, NPY_UINT64,
	    NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED |
	    NPY_ARRAY_FORCECAST)) == NULL)
		return -1;
	if (PyArray_ISSIGNED((PyArrayObject *)o)) {
		PyArrayObject *s = (PyArrayObject *)PyArray_FROM_OTF(o,
		    NPY_INT64, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED |
		    NPY_ARRAY_FORCECAST);
		int negative = 0;

		if (s == NULL) {
			Py_DECREF(a);
			return -1;
		}
		for (i = 0; i < n; i++)
			negative |= ((int64_t *)PyArray_DATA(s))[i] < 0;
		Py_DECREF(s);
		if (negative) {
			Py_DECREF(a);
			PyErr_Format(PyExc_ValueError, "%s: expected integers "
			    "from 0, not a negative one", what);
			return -1;
		}
	}
	memcpy(v, PyArray_DATA(a), sizeof *v * (size_t)n);
	Py_DECREF(a);
	return 0;
}

struct header {
	uint64_t *score, *moves, *seed, *draws;
	int has_rng, has_draws;
	double four;
};

static PyObject *
format_boards(const struct batch *b, const struct header *h, int compact)
{
	g2048_writer w = { compact, 0 };
	g2048_board board;
	g2048_cells c;
	char buf[G2048_STREAM_MAX];
	PyObject *out = NULL;
	char *text = NULL, *grown;
	size_t len = 0, cap = 0;
	npy_intp i;
	int n;

	for (i = 0; i < b->n; i++) {
		g2048_board_init(&board);
		if (b->packed) {
			board.grid = py_batch_grid(b, i);
		} else {
			py_batch_cells(b, i, &c);
			g2048_board_set_cells(&board, &c);
		}
		board.four = h->four;
		board.score = h->score[i];
		board.moves = h->moves[i];
		if ((board.has_rng = h->has_rng)) {
			board.seed = h->seed[i];
			board.draws = h->draws[i];
		}
		if ((n = g2048_writer_format(&w, &board, buf, sizeof buf)) < 0)
			goto done;
		if (len + (size_t)n + 1 > cap) {
			cap = 2 * (len + (size_t)n + 1);
			if ((grown = realloc(text, cap)) == NULL) {
				PyErr_NoMemory();
				goto done;
			}
			text = grown;
		}
		memcpy(text + len, buf, (size_t)n);
		len += (size_t)n;
	}
	out = PyUnicode_DecodeASCII(text ? text : "", (Py_ssize_t)len, NULL);
done:
	free(text);
	return out;
}

static PyObject *
py_format(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "boards", "score", "moves", "seed", "draws",
	    "four", "compact", "hi", NULL };
	PyObject *boards, *score = NULL, *moves = NULL, *seed = NULL,
	    *draws = NULL, *four = NULL, *hi = NULL, *out = NULL;
	struct batch b;
	struct header h = { NULL, NULL, NULL, NULL, 0, 0, 0 };
	int compact = 0, given;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOOpO:format", kwlist,
	    &boards, &score, &moves, &seed, &draws, &four, &compact, &hi) ||
	    py_batch(boards, hi, &b) < 0 || py_four(four, &h.four) < 0)
		return NULL;
	h.score = PyMem_Calloc((size_t)b.n + 1, sizeof(uint64_t));
	h.moves = PyMem_Calloc((size_t)b.n + 1, sizeof(uint64_t));
	h.seed = PyMem_Calloc((size_t)b.n + 1, sizeof(uint64_t));
	h.draws = PyMem_Calloc((size_t)b.n + 1, sizeof(uint64_t));
	if (!h.score || !h.moves || !h.seed || !h.draws) {
		PyErr_NoMemory();
		goto done;
	}
	if (u64_values(score, b.n, "score", h.score, &given) < 0 ||
	    u64_values(moves, b.n, "moves", h.moves, &given) < 0 ||
	    u64_values(seed, b.n, "seed", h.seed, &h.has_rng) < 0 ||
	    u64_values(draws, b.n, "draws", h.draws, &h.has_draws) < 0)
		goto done;
	if (h.has_draws && !h.has_rng) {
		PyErr_SetString(PyExc_ValueError, "draws: only with a seed");
		goto done;
	}
	out = format_boards(&b, &h, compact);
done:
	PyMem_Free(h.score);
	PyMem_Free(h.moves);
	PyMem_Free(h.seed);
	PyMem_Free(h.draws);
	return out;
}

/* The boards read, grown as they come. */
struct parsed {
	npy_intp n, cap;
	int rows, cols;
	uint8_t *ranks;
	uint64_t *score, *moves, *seed, *draws;
	double *four, *prob;
	npy_bool *has_rng;
};

static int
grow(void **p, size_t size, npy_intp cap)
{
	void *q = realloc(*p, size * (size_t)cap);

	if (q == NULL)
		return -1;
	*p = q;
	return 0;
}

/* Board b into the set: 0, -1 out of memory, -2 another size. */
static int
keep(struct parsed *s, const g2048_board *b)
{
	g2048_cells c;
	npy_intp cap;
	int cells;

	if (s->n == 0) {
		s->rows = b->rows;
		s->cols = b->cols;
	} else if (b->rows != s->rows || b->cols != s->cols) {
		return -2;
	}
	cells = s->rows * s->cols;
	if (s->n == s->cap) {
		cap = s->cap ? 2 * s->cap : 64;
		if (grow((void **)&s->ranks, (size_t)cells, cap) < 0 ||
		    grow((void **)&s->score, 8, cap) < 0 ||
		    grow((void **)&s->moves, 8, cap) < 0 ||
		    grow((void **)&s->seed, 8, cap) < 0 ||
		    grow((void **)&s->draws, 8, cap) < 0 ||
		    grow((void **)&s->four, 8, cap) < 0 ||
		    grow((void **)&s->prob, 8, cap) < 0 ||
		    grow((void **)&s->has_rng, 1, cap) < 0)
			return -1;
		s->cap = cap;
	}
	g2048_board_get_cells(b, &c);
	memcpy(s->ranks + s->n * cells, c.rank, (size_t)cells);
	s->score[s->n] = b->score;
	s->moves[s->n] = b->moves;
	s->seed[s->n] = b->seed;
	s->draws[s->n] = b->draws;
	s->four[s->n] = b->four;
	s->prob[s->n] = b->has_prob ? b->prob : Py_NAN;
	s->has_rng[s->n] = b->has_rng != 0;
	s->n++;
	return 0;
}

static void
parsed_free(struct parsed *s)
{
	free(s->ranks);
	free(s->score);
	free(s->moves);
	free(s->seed);
	free(s->draws);
	free(s->four);
	free(s->prob);
	free(s->has_rng);
}

static PyObject *
array_of(const void *data, npy_intp n, int type, size_t size)
{
	PyObject *a = py_new_array(1, &n, type);

	if (a && n)
		memcpy(PyArray_DATA((PyArrayObject *)a), data, size * (size_t)n);
	return a;
}

static PyObject *
parsed_dict(const struct parsed *s)
{
	npy_intp shape[3] = { s->n, s->n ? s->rows : 4, s->n ? s->cols : 4 };
	PyObject *ranks = py_new_array(3, shape, NPY_UINT8);

	if (ranks && s->n)
		memcpy(PyArray_DATA((PyArrayObject *)ranks), s->ranks,
		    (size_t)(s->n * s->rows * s->cols));
	return Py_BuildValue("{s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}",
	    "boards", ranks,
	    "score", array_of(s->score, s->n, NPY_UINT64, 8),
	    "moves", array_of(s->moves, s->n, NPY_UINT64, 8),
	    "seed", array_of(s->seed, s->n, NPY_UINT64, 8),
	    "draws", array_of(s->draws, s->n, NPY_UINT64, 8),
	    "has_rng", array_of(s->has_rng, s->n, NPY_BOOL, 1),
	    "four", array_of(s->four, s->n, NPY_FLOAT64, 8),
	    "prob", array_of(s->prob, s->n, NPY_FLOAT64, 8));
}

/* Read every board of fd; a dict, or NULL with ValueError at the line. */
static PyObject *
read_fd(int fd, const char *name)
{
	g2048_reader *rd;
	g2048_board b;
	struct parsed s;
	PyObject *out = NULL;
	int r = 0, kept = 0, saved;

	memset(&s, 0, sizeof s);
	if ((rd = g2048_reader_new(fd, name)) == NULL)
		return PyErr_NoMemory();
	Py_BEGIN_ALLOW_THREADS
	while ((r = g2048_read(rd, &b)) == 1)
		if ((kept = keep(&s, &b)) < 0)
			break;
	saved = errno;
	Py_END_ALLOW_THREADS
	if (kept == -1)
		PyErr_NoMemory();
	else if (kept == -2)
		PyErr_Format(PyExc_ValueError, "%s:%lu: a board of %dx%d after "
		    "boards of %dx%d: one size a call", name,
		    g2048_reader_board_line(rd), b.rows, b.cols, s.rows, s.cols);
	else if (r < 0 && g2048_reader_line(rd) == 0)
		PyErr_Format(PyExc_OSError, "%s: %s", name, strerror(saved));
	else if (r < 0)
		PyErr_Format(PyExc_ValueError, "%s:%lu: %s", name,
		    g2048_reader_line(rd), g2048_reader_error(rd));
	else
		out = parsed_dict(&s);
	g2048_reader_free(rd);
	parsed_free(&s);
	return out;
}

/* Text into a temporary file for the reader, which reads descriptors. */
static PyObject *
read_text(const char *text, Py_ssize_t len)
{
	FILE *fp = tmpfile();
	PyObject *out;

	if (fp == NULL)
		return PyErr_SetFromErrno(PyExc_OSError);
	if ((len && fwrite(text, 1, (size_t)len, fp) != (size_t)len) ||
	    fflush(fp) != 0 || lseek(fileno(fp), 0, SEEK_SET) != 0) {
		PyErr_SetFromErrno(PyExc_OSError);
		fclose(fp);
		return NULL;
	}
	out = read_fd(fileno(fp), "<text>");
	fclose(fp);
	return out;
}

static PyObject *
py_parse(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "text", NULL };
	PyObject *o, *fd;
	const char *text;
	Py_ssize_t len;
	long n;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O:parse", kwlist, &o))
		return NULL;
	if (PyUnicode_Check(o)) {
		if ((text = PyUnicode_AsUTF8AndSize(o, &len)) == NULL)
			return NULL;
		return read_text(text, len);
	}
	if (PyBytes_Check(o))
		return read_text(PyBytes_AS_STRING(o), PyBytes_GET_SIZE(o));
	if ((fd = PyObject_CallMethod(o, "fileno", NULL)) == NULL) {
		PyErr_Clear();
		PyErr_Format(PyExc_TypeError, "text: expected a str, bytes or "
		    "a file with a descriptor, not %s", Py_TYPE(o)->tp_name);
		return NULL;
	}
	n = PyLong_AsLong(fd);
	Py_DECREF(fd);
	if (n == -1 && PyErr_Occurred())
		return NULL;
	return read_fd((int)n, "<file>");
}

PyMethodDef g2048py_text_methods[] = {
	{ "format", (PyCFunction)(void (*)(void))py_format,
	  METH_VARARGS | METH_KEYWORDS,
	  "format(boards, score=, moves=, seed=, draws=, four=, compact=, hi=)"
	  " -> str" },
	{ "parse", (PyCFunction)(void (*)(void))py_parse,
	  METH_VARARGS | METH_KEYWORDS, "parse(text) -> dict of arrays" },
	{ NULL, NULL, 0, NULL }
};
