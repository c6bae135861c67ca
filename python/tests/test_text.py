"""The pipe format both ways, against the tools' own bytes."""

import numpy as np
import pytest

import g2048
from conftest import random_boards, run


def test_boards_of_2048_new_parse_with_their_header():
    text = run(["2048-new", "--seed", "42", "-n", "5"])
    d = g2048.from_text(text)
    assert d["boards"].shape == (5, 4, 4)
    assert list(d["seed"]) == [42, 43, 44, 45, 46]
    assert d["has_rng"].all()
    # written back with the same header: the same bytes
    again = g2048.to_text(d["boards"], score=d["score"], moves=d["moves"],
                          seed=d["seed"], draws=d["draws"])
    assert again == text


@pytest.mark.parametrize("size,four", [("3x5", "0.5"), ("8x8", "0"),
                                       ("2x2", "1")])
def test_boards_of_other_sizes_and_odds_parse_and_write_back(size, four):
    text = run(["2048-new", "--seed", "9", "-n", "3", "--size", size,
                "--four", four])
    d = g2048.from_text(text)
    rows, cols = map(int, size.split("x"))
    assert d["boards"].shape == (3, rows, cols)
    assert np.all(d["four"] == float(four))
    assert g2048.to_text(d["boards"], seed=d["seed"], draws=d["draws"],
                         four=float(four), score=0, moves=0) == text


@pytest.mark.parametrize("compact", [False, True])
def test_python_boards_pipe_into_2048_move(rng, compact):
    ranks = random_boards(rng, 200)
    text = g2048.to_text(ranks, compact=compact)
    for d, name in enumerate(g2048.DIRECTIONS):
        moved = run(["2048-move", "-q", "-c" if compact else "-q", name],
                    text)
        new, score, changed = g2048.move(ranks, d)
        parsed = g2048.from_text(moved)
        assert np.array_equal(parsed["boards"], new)
        assert np.array_equal(parsed["score"], score)


def test_packed_and_rank_boards_write_the_same_text(rng):
    ranks = random_boards(rng, 50)
    assert g2048.to_text(g2048.pack(ranks)) == g2048.to_text(ranks)


def test_a_malformed_board_is_a_value_error_at_its_line():
    with pytest.raises(ValueError, match=r"<text>:3: .*cells"):
        g2048.from_text(". . . .\n. . . .\n. . .\n. . . .\n")


def test_boards_of_two_sizes_are_refused_in_one_call():
    text = run(["2048-new", "--seed", "1"]) + "\n" + \
        run(["2048-new", "--seed", "1", "--size", "3x3"])
    with pytest.raises(ValueError, match="one size"):
        g2048.from_text(text)


def test_a_file_parses_as_its_text(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text(run(["2048-new", "--seed", "3", "-n", "4", "-c"]))
    with open(path) as f:
        d = g2048.from_text(f)
    assert list(d["seed"]) == [3, 4, 5, 6]
