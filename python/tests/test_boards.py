"""Boards in bulk against the pure-Python model of the rules."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra.numpy import arrays

import g2048
from conftest import model_cap, model_move, random_boards

LONG_MAX = 2 ** 63 - 1


@st.composite
def rank_boards(draw):
    rows = draw(st.integers(2, 8))
    cols = draw(st.integers(2, 8))
    n = draw(st.integers(1, 6))
    cap = model_cap(rows, cols)
    small = st.integers(0, 4)
    return draw(arrays(np.uint8, (n, rows, cols),
                       elements=st.one_of(small, small, st.integers(0, cap))))


@settings(max_examples=200, deadline=None)
@given(rank_boards(), st.integers(0, 3))
def test_move_of_every_size_is_the_models(boards, d):
    if max(model_move(b, d)[1] for b in boards) > LONG_MAX:
        with pytest.raises(OverflowError, match="score"):
            g2048.move(boards, d)
        return
    new, score, changed = g2048.move(boards, d)
    for i, b in enumerate(boards):
        want, want_score, want_changed = model_move(b, d)
        assert np.array_equal(new[i], want)
        assert score[i] == want_score
        assert changed[i] == want_changed


@settings(max_examples=200, deadline=None)
@given(rank_boards())
def test_legal_over_max_empties_afterstates_are_the_models(boards):
    mask = g2048.legal(boards)
    if max(model_move(b, d)[1] for b in boards for d in range(4)) > LONG_MAX:
        with pytest.raises(OverflowError, match="score"):
            g2048.afterstates(boards)
        return
    after, score, legal = g2048.afterstates(boards)
    assert np.array_equal(mask, legal)
    for i, b in enumerate(boards):
        for d in range(4):
            want, want_score, want_changed = model_move(b, d)
            assert mask[i, d] == want_changed
            assert np.array_equal(after[i, d], want)
            assert score[i, d] == want_score
        assert g2048.over(boards)[i] == (not mask[i].any())
        assert g2048.max_rank(boards)[i] == b.max()
        assert g2048.empties(boards)[i] == (b == 0).sum()


def test_packed_boards_move_as_their_ranks(rng):
    ranks = random_boards(rng, 2000)
    packed = g2048.pack(ranks)
    assert np.array_equal(g2048.unpack(packed), ranks)
    for d in range(4):
        new_p, score_p, changed_p = g2048.move(packed, d)
        new_r, score_r, changed_r = g2048.move(ranks, d)
        assert np.array_equal(g2048.unpack(new_p), new_r)
        assert np.array_equal(score_p, score_r)
        assert np.array_equal(changed_p, changed_r)
    assert np.array_equal(g2048.legal(packed), g2048.legal(ranks))


def test_packed_cell_i_is_the_nibble_at_bit_4i():
    ranks = np.zeros((4, 4), np.uint8)
    ranks[1, 2] = 5          # cell 6
    assert int(g2048.pack(ranks)) == 5 << 24


def test_per_board_directions():
    ranks = np.array([[[1, 1, 0, 0]] + [[0] * 4] * 3] * 2, np.uint8)
    new, score, _ = g2048.move(ranks, np.array([g2048.LEFT, g2048.RIGHT]))
    assert list(new[0, 0]) == [2, 0, 0, 0]
    assert list(new[1, 0]) == [0, 0, 0, 2]
    assert list(score) == [4, 4]


def test_65536_needs_the_fifth_bit_plane_and_is_exact_with_it():
    ranks = np.zeros((1, 4, 4), np.uint8)
    ranks[0, 0, :2] = 15      # two 32768
    packed = g2048.pack(ranks)
    with pytest.raises(OverflowError, match="hi"):
        g2048.move(packed, g2048.LEFT)
    hi = np.zeros_like(packed, dtype=np.uint16)
    new, score, changed, new_hi = g2048.move(packed, g2048.LEFT, hi=hi)
    assert score[0] == 65536 and changed[0]
    assert new_hi[0] == 1 and int(new[0]) & 0xF == 0
    assert g2048.unpack(new, new_hi)[0, 0, 0] == 16
    assert g2048.max_tile(new, hi=new_hi)[0] == 65536
    lo, planes = g2048.pack(g2048.unpack(new, new_hi), hi=True)
    assert lo[0] == new[0] and planes[0] == new_hi[0]


def test_tiles_of_the_cap_do_not_merge():
    b = np.zeros((2, 2), np.uint8)
    b[0] = [5, 5]             # 2x2: the cap is 2^5 = 32
    new, score, changed = g2048.move(b, g2048.LEFT)
    assert not changed and score == 0


def test_legal_is_whether_each_move_changes_the_board(rng):
    # ranks to 15, two 32768 side by side among them: the engine's fast
    # legality against its moves
    ranks = rng.integers(0, 16, size=(200000, 4, 4)).astype(np.uint8)
    ranks[rng.random(ranks.shape) < 0.5] = 0
    ranks[:1000, 0, :2] = 15
    packed = g2048.pack(ranks)
    hi = np.zeros(packed.shape, np.uint16)
    mask = g2048.legal(packed)
    for d in range(4):
        assert np.array_equal(mask[:, d], g2048.move(packed, d, hi=hi)[2])
    for b in ranks[:3000]:
        assert [model_move(b, d)[2] for d in range(4)] == list(
            g2048.legal(b))
