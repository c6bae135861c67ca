"""The chance node against 2048-spawn --all."""

import numpy as np
import pytest

import g2048
from conftest import random_boards, run


@pytest.mark.parametrize("rows,cols,four", [(4, 4, 0.1), (3, 3, 0.5),
                                            (2, 5, 0.0), (4, 4, 1.0)])
def test_spawns_are_2048_spawn_all(rng, rows, cols, four):
    ranks = random_boards(rng, 20, rows, cols)
    ranks[0] = 0
    text = g2048.to_text(ranks, four=four)
    want = g2048.from_text(run(["2048-spawn", "--all", "-q"], text))
    after, prob, parent = g2048.spawns(ranks, four=four)
    full = g2048.empties(ranks) == 0
    # a full board: the tool writes it unchanged, without a prob
    keep = ~np.isnan(want["prob"])
    assert np.array_equal(want["boards"][keep], after)
    assert np.array_equal(want["prob"][keep], prob)
    assert np.array_equal(np.bincount(parent, minlength=len(ranks)) == 0,
                          full)


def test_the_outcomes_of_each_board_sum_to_1(rng):
    ranks = random_boards(rng, 500)
    ranks[g2048.empties(ranks) == 0, 0, 0] = 0
    after, prob, parent = g2048.spawns(g2048.pack(ranks))
    assert np.allclose(np.bincount(parent, weights=prob), 1.0)


def test_packed_spawns_are_the_rank_spawns(rng):
    ranks = random_boards(rng, 30)
    a_p, p_p, i_p = g2048.spawns(g2048.pack(ranks))
    a_r, p_r, i_r = g2048.spawns(ranks)
    assert np.array_equal(g2048.unpack(a_p), a_r)
    assert np.array_equal(p_p, p_r) and np.array_equal(i_p, i_r)


def test_one_packed_board_as_a_numpy_scalar():
    board = g2048.pack(np.zeros((4, 4), np.uint8))
    after, prob, parent = g2048.spawns(np.uint64(board))
    assert len(after) == 32 and np.isclose(prob.sum(), 1)
