"""Every bad input is a Python exception with a clear message, and
changes nothing."""

import numpy as np
import pytest

import g2048


def boards4(n=3):
    b = np.zeros((n, 4, 4), np.uint8)
    b[:, 0, 0] = 1
    return b


@pytest.mark.parametrize("fn", [g2048.legal, g2048.over, g2048.max_rank,
                                g2048.empties, g2048.afterstates,
                                lambda b: g2048.move(b, 0),
                                lambda b: g2048.spawns(b),
                                lambda b: g2048.to_text(b)])
class TestEveryBoardFunction:
    def test_a_wrong_dtype(self, fn):
        with pytest.raises(TypeError, match="dtype uint64.*or uint8"):
            fn(boards4().astype(np.int16))

    def test_not_an_array(self, fn):
        with pytest.raises(TypeError, match="numpy array"):
            fn([[1, 2], [3, 4]])

    def test_a_wrong_shape(self, fn):
        with pytest.raises(ValueError, match="shape"):
            fn(np.zeros(16, np.uint8))
        with pytest.raises(ValueError, match="from 2 to 8"):
            fn(np.zeros((2, 9, 4), np.uint8))
        with pytest.raises(ValueError, match="from 2 to 8"):
            fn(np.zeros((2, 1, 4), np.uint8))

    def test_an_impossible_rank(self, fn):
        b = boards4()
        b[1, 2, 3] = 18
        with pytest.raises(ValueError, match=r"board 1, row 3, column 4: "
                                             r"rank 18 is past 17"):
            fn(b)
        small = np.zeros((2, 2), np.uint8)
        small[0, 0] = 6
        with pytest.raises(ValueError, match="past 5"):
            fn(small)

    def test_a_non_contiguous_array(self, fn):
        with pytest.raises(ValueError, match="C-contiguous"):
            fn(boards4(6)[::2])
        with pytest.raises(ValueError, match="C-contiguous"):
            fn(np.asfortranarray(boards4(1)[0]))


@pytest.mark.parametrize("fn", [g2048.legal, g2048.over, g2048.max_rank,
                                g2048.empties, g2048.afterstates,
                                g2048.unpack, g2048.spawns,
                                lambda b, hi: g2048.move(b, 0, hi=hi),
                                lambda b, hi: g2048.to_text(b, hi=hi)])
def test_a_packed_rank_past_17(fn):
    # cell 1: nibble 15 and its fifth bit, rank 31
    lo = np.array([0, 0xF0], np.uint64)
    hi = np.array([0, 2], np.uint16)
    with pytest.raises(ValueError, match="board 1, cell 1: rank 31"):
        fn(lo, hi=hi)


def test_hi_must_match_the_boards():
    with pytest.raises(ValueError, match="shape of boards"):
        g2048.legal(np.zeros(3, np.uint64), hi=np.zeros(2, np.uint16))
    with pytest.raises(TypeError, match="dtype"):
        g2048.legal(np.zeros(3, np.uint64), hi=np.zeros(3, np.uint32))
    with pytest.raises(TypeError, match="packed"):
        g2048.legal(boards4(), hi=np.zeros(3, np.uint16))


def test_a_direction_outside_0_3():
    for d in (-1, 4, 2 ** 70):
        with pytest.raises((ValueError, OverflowError)):
            g2048.move(boards4(), d)
    with pytest.raises(ValueError, match="board 2: expected 0-3"):
        g2048.move(boards4(), np.array([0, 1, 7]))
    with pytest.raises(TypeError, match="integer"):
        g2048.move(boards4(), 1.0)
    with pytest.raises(TypeError, match="integers"):
        g2048.move(boards4(), np.array([0.0, 1.0, 2.0]))
    with pytest.raises(ValueError, match="one a board"):
        g2048.move(boards4(), np.array([0, 1]))


def test_pack_needs_4x4_and_the_plane_for_65536():
    with pytest.raises(ValueError, match="4x4"):
        g2048.pack(np.zeros((3, 3), np.uint8))
    b = np.zeros((4, 4), np.uint8)
    b[0, 0] = 16
    with pytest.raises(OverflowError, match="hi=True"):
        g2048.pack(b)


def test_a_bad_probability_of_a_4():
    for four in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="four"):
            g2048.spawns(boards4(), four=four)
        with pytest.raises(ValueError, match="four"):
            g2048.VecEnv(2, four=four)


def test_bad_header_values_for_text():
    with pytest.raises(ValueError, match="score"):
        g2048.to_text(boards4(), score=-1)
    with pytest.raises(ValueError, match="score"):
        g2048.to_text(boards4(), score=np.array([1, -2, 3]))
    with pytest.raises(TypeError, match="one a board"):
        g2048.to_text(boards4(), moves=np.array([1, 2]))
    with pytest.raises(ValueError, match="draws: only with a seed"):
        g2048.to_text(boards4(), draws=4)


def test_text_that_is_no_board():
    for text in ("hello\n", "2 2 2 2\n3 . . .\n. . . .\n. . . .\n",
                 "score x\n. . . .\n. . . .\n. . . .\n. . . .\n"):
        with pytest.raises(ValueError, match=r"^<text>:\d+: "):
            g2048.from_text(text)
    with pytest.raises(TypeError, match="str, bytes or a file"):
        g2048.from_text(42)


class TestVecEnv:
    def test_a_bad_number_of_games(self):
        for n in (0, -1, 2 ** 31):
            with pytest.raises(ValueError, match="n: expected from 1"):
                g2048.VecEnv(n)
        with pytest.raises(OverflowError):
            g2048.VecEnv(2 ** 70)
        with pytest.raises(TypeError, match="integer"):
            g2048.VecEnv(2.0)

    def test_a_bad_size(self):
        with pytest.raises(ValueError, match="from 2 to 8"):
            g2048.VecEnv(2, rows=9)
        with pytest.raises(ValueError, match="from 2 to 8"):
            g2048.VecEnv(2, cols=1)

    def test_actions_outside_0_3_move_no_game(self):
        env = g2048.VecEnv(3, seed=1)
        env.reset()
        before = env.boards
        for actions in (np.array([0, 1, 4]), np.array([-1, 0, 0])):
            with pytest.raises(ValueError, match="expected 0-3"):
                env.step(actions)
        assert np.array_equal(env.boards, before)
        with pytest.raises(TypeError, match="integers"):
            env.step(np.array([0.0, 1.0, 2.0]))
        with pytest.raises(ValueError, match=r"shape \(3,\)"):
            env.step(np.array([0, 1]))
        with pytest.raises(TypeError, match="numpy array"):
            env.step([0, 1, 2])
        assert np.array_equal(env.boards, before)

    def test_bad_buffers(self):
        env = g2048.VecEnv(3, seed=1)
        env.reset()
        b = g2048.StepBuffers.allocate(3)
        actions = np.zeros(3, np.int64)
        ro = np.zeros((3, 4, 4), np.uint8)
        ro.setflags(write=False)
        for name, value, err, msg in [
                ("obs", ro, ValueError, "read-only"),
                ("obs", np.zeros((3, 3, 3), np.uint8), ValueError, "shape"),
                ("obs", np.zeros((3, 4, 4), np.int8), TypeError, "dtype"),
                ("obs", np.zeros((3, 4, 8), np.uint8)[:, :, ::2],
                 ValueError, "C-contiguous"),
                ("reward", np.zeros(3, np.int32), TypeError, "reward"),
                ("mask", np.zeros((3, 3), bool), ValueError, "mask"),
                ("terminated", np.zeros(3, np.uint8), TypeError, "bool"),
                ("final_score", np.zeros(3, np.int64), TypeError, "uint64")]:
            bad = g2048.StepBuffers(**{s: getattr(b, s) for s in b.__slots__})
            setattr(bad, name, value)
            with pytest.raises(err, match=msg):
                env.step(actions, out=bad)

    def test_step_before_reset(self):
        with pytest.raises(RuntimeError, match="reset"):
            g2048.VecEnv(2).step(np.zeros(2, np.int64))


class TestPlayer:
    def test_bad_settings(self):
        for kw, msg in [({"depth": 99}, "depth"), ({"threads": 0}, "threads"),
                        ({"algo": "best"}, "algo"),
                        ({"chain": "yes"}, "chain"),
                        ({"cutoff": 0.9}, "cutoff"),
                        ({"cutoff": -0.5}, "cutoff"),
                        ({"prune": -1.0}, "prune"),
                        ({"corner": 2}, "corner"),
                        ({"depth": -1}, "depth"),
                        ({"tt_bits": -1}, "bits"),
                        ({"chain_min": -0.5}, "chain-min"),
                        ({"table_min": 1.5}, "table-min"),
                        ({"net": "/nonexistent.net"}, "nonexistent"),
                        ({"heuristic": "nope"}, "nope"),
                        ({"tables": "/nonexistent-dir"}, "nonexistent"),
                        ({"exact": True}, "tables")]:
            with pytest.raises(ValueError, match=msg):
                g2048.Player(**kw)
        with pytest.raises(TypeError):
            g2048.Player(depth="two")

    def test_bad_boards(self):
        p = g2048.Player(depth=1)
        with pytest.raises(TypeError, match="dtype"):
            p.best(np.zeros((1, 4, 4), np.float32))
        b = boards4()
        b[0, 0, 0] = 30
        with pytest.raises(ValueError, match="past 17"):
            p.best(b)


def test_bad_evaluators():
    with pytest.raises(ValueError, match="nope"):
        g2048.Evaluator(heuristic="nope")
    with pytest.raises(ValueError):
        g2048.Evaluator(weights="nonsense=1")
    with pytest.raises(ValueError, match="missing.net"):
        g2048.Evaluator(net="/nonexistent/missing.net")


def test_a_missing_table():
    with pytest.raises(ValueError, match="missing.tbl"):
        g2048.Table("/nonexistent/missing.tbl")
