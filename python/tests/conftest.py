"""Shared by the module's tests: the tools to compare with (the tree's,
from PATH as tests/python-run sets it) and a pure-Python model of the
rules, written from 2048(7), not from the engine."""

import os
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import settings

# the same examples every run, and no example database in the tree
settings.register_profile("g2048", database=None, derandomize=True)
settings.load_profile("g2048")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def tool_path(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail("%s is not in PATH (make check puts the tree's bin/ "
                    "first)" % name)
    return path


def run(args, text=None, check=True):
    """A tool's stdout for args and stdin text."""
    env = dict(os.environ, G2048_NET="", G2048_TABLES="")
    p = subprocess.run([tool_path(args[0])] + list(args[1:]), input=text,
                       capture_output=True, text=True, env=env)
    if check and p.returncode not in (0, 1):
        raise AssertionError("%s: status %d: %s" % (" ".join(args),
                                                     p.returncode, p.stderr))
    return p.stdout


def model_cap(rows, cols):
    return min(rows * cols + 1, 61)


def model_line(line, cap):
    """One line toward its front (index 0): (new line, score)."""
    tiles = [t for t in line if t]
    out, score, i = [], 0, 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1] and tiles[i] < cap:
            out.append(tiles[i] + 1)
            score += 2 ** (tiles[i] + 1)
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (len(line) - len(out)), score


def model_move(board, d):
    """A rank board (rows, cols) moved toward d (0 up, 1 down, 2 left,
    3 right): (new board, score, changed)."""
    b = np.array(board, dtype=np.int64)
    rows, cols = b.shape
    cap = model_cap(rows, cols)
    # turn the board so that the move is toward the left
    view = {0: b.T, 1: b.T[:, ::-1], 2: b, 3: b[:, ::-1]}[d]
    out = view.copy()
    score = 0
    for i in range(view.shape[0]):
        out[i], s = model_line([int(t) for t in view[i]], cap)
        score += s
    new = {0: out.T, 1: out[:, ::-1].T, 2: out, 3: out[:, ::-1]}[d]
    return new.astype(np.uint8), score, not np.array_equal(new, b)


@pytest.fixture
def rng():
    return np.random.default_rng(2048)


def random_boards(rng, n, rows=4, cols=4, top=None):
    """n rank boards of rows x cols, about a third empty, ranks up to top."""
    top = top or min(model_cap(rows, cols), 11)
    b = rng.integers(1, top + 1, size=(n, rows, cols)).astype(np.uint8)
    b[rng.random((n, rows, cols)) < 0.35] = 0
    return b
