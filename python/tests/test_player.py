"""The player, the evaluators and the exact tables against 2048-solve,
2048-eval and 2048-table on fixed boards."""

import json
import os

import numpy as np
import pytest

import g2048
from conftest import ROOT, run

# 32768 16384 8192 in a corner block, as tests/89-solve-chain.bats: boards
# of the late game, where the chain digest of tables/ may decide
LATE = """\
32768 16384 8192 4
4096 2048 1024 2
512 256 128 .
. . . 128

32768 16384 8192 1024
4096 2048 512 8
256 64 16 4
2 . . 2

16384 8192 4096 2048
64 128 256 1024
32 16 8 4
2 . 2 .

32768 8192 2048 512
16 64 128 256
8 4 2 .
. . . 2
"""


def fixed_boards():
    """Thirty boards of random play from seeded games, and late ones."""
    env = g2048.VecEnv(6, seed=77)
    _, mask = env.reset()
    rng = np.random.default_rng(77)
    boards = []
    for step in range(60):
        mask = env.step((rng.random(mask.shape) * mask).argmax(1)).mask
        if step % 12 == 11:
            boards.append(env.boards)
    return np.concatenate(boards + [g2048.from_text(LATE)["boards"]])


def solve_moves(boards, *args):
    out = run(["2048-solve"] + list(args), g2048.to_text(boards))
    return [g2048.DIRECTIONS.index(m) for m in out.split()]


@pytest.mark.parametrize("settings,options", [
    ({"fast": True}, ["--fast", "--no-tables"]),
    ({"depth": 2}, ["--depth", "2", "--no-tables"]),
    ({"heuristic": "xu", "depth": 1}, ["--heuristic", "xu", "--depth", "1",
                                       "--no-tables"]),
    ({"algo": "greedy"}, ["--algo", "greedy", "--no-tables"]),
    ({"fast": True, "prune": 2e5}, ["--fast", "--prune", "200000",
                                    "--no-tables"]),
    ({"fast": True, "corner": 1}, ["--fast", "--corner", "--no-tables"]),
    ({"corner": 0, "depth": 3}, ["--no-corner", "--depth", "3",
                                 "--no-tables"]),
    ({"fast": True, "tables": os.path.join(ROOT, "tables"), "chain_min": 0.5,
      "table_from": 14},
     ["--fast", "--tables", os.path.join(ROOT, "tables"), "--chain-min",
      "0.5", "--table-from", "16384"]),
    ({"fast": True, "tables": os.path.join(ROOT, "tables")},
     ["--fast", "--tables", os.path.join(ROOT, "tables")]),
])
def test_the_players_moves_are_2048_solves(settings, options):
    boards = fixed_boards()
    player = g2048.Player(threads=2, **settings)
    decision = player.best(boards)
    assert list(decision.move) == solve_moves(boards, *options)
    legal = g2048.legal(boards)
    assert np.array_equal(~np.isnan(decision.values), legal)


def test_the_default_setting_is_2048_solves_on_a_few_boards():
    boards = np.ascontiguousarray(fixed_boards()[::6])
    player = g2048.Player()
    assert list(player.best(boards).move) == solve_moves(boards,
                                                         "--no-tables")


# boards of a game at --fast with tables/ (seed 123) that its chain
# digest decided
DIGEST_BOARDS = os.path.join(os.path.dirname(__file__), "fixtures",
                             "digest-boards.txt")


@pytest.mark.parametrize("which", ["late", "digest"])
def test_values_and_what_decided_are_2048_solves_json(which):
    if which == "late":
        boards = fixed_boards()[-4:]
    else:
        with open(DIGEST_BOARDS) as f:
            boards = g2048.from_text(f)["boards"]
    tables = os.path.join(ROOT, "tables")
    decision = g2048.Player(fast=True, tables=tables).best(boards)
    out = run(["2048-solve", "--fast", "--tables", tables, "--json",
               "--explain"], g2048.to_text(boards))
    for i, line in enumerate(out.splitlines()):
        j = json.loads(line)
        assert g2048.DIRECTIONS[decision.move[i]] == j["move"]
        assert g2048.SOURCES[decision.source[i]] == j["source"]
        for d, name in enumerate(g2048.DIRECTIONS):
            if name in j["values"] and j["values"][name] is not None:
                assert decision.values[i, d] == pytest.approx(
                    j["values"][name], rel=1e-6, abs=1e-6)


def test_the_threads_do_not_change_the_moves():
    boards = fixed_boards()
    one = g2048.Player(fast=True, threads=1).best(boards)
    two = g2048.Player(fast=True, threads=2).best(boards)
    assert np.array_equal(one.move, two.move)
    assert np.array_equal(one.values, two.values, equal_nan=True)


def test_a_board_with_no_move_is_minus_1():
    full = g2048.from_text("2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 2\n")["boards"]
    d = g2048.Player(depth=1).best(full)
    assert d.move[0] == -1 and np.isnan(d.values).all()


def test_the_evaluator_is_2048_evals_value():
    boards = fixed_boards()
    for heuristic in ("lines", "xu"):
        out = run(["2048-eval", "--heuristic", heuristic, "--json"],
                  g2048.to_text(boards))
        want = [json.loads(line)["total"] for line in out.splitlines()]
        got = g2048.Evaluator(heuristic=heuristic).value(boards)
        # 2048-eval writes the total to 6 significant digits or more
        assert got == pytest.approx(want, rel=1e-6)


@pytest.fixture(scope="module")
def table_2x2(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "2x2.tbl"
    run(["2048-table", "-o", str(path), "--size", "2x2", "-q", "-j", "1"])
    return path


def test_a_tables_value_is_2048_tables(table_2x2):
    text = run(["2048-new", "--seed", "5", "-n", "6", "--size", "2x2"])
    boards = g2048.from_text(text)["boards"]
    value, moves, best, covered = g2048.Table(str(table_2x2)).value(boards)
    out = run(["2048-table", "--table", str(table_2x2), "-J"], text)
    for i, line in enumerate(out.splitlines()):
        j = json.loads(line)
        assert covered[i] == j["covered"]
        assert value[i] == pytest.approx(j["value"], abs=1e-8)
        assert g2048.DIRECTIONS[best[i]] == j["best"]


def test_the_player_plays_a_small_board_by_its_table(table_2x2):
    text = run(["2048-new", "--seed", "5", "-n", "6", "--size", "2x2"])
    boards = g2048.from_text(text)["boards"]
    d = g2048.Player(tables=str(table_2x2.parent)).best(boards)
    assert list(d.move) == solve_moves(boards, "--tables",
                                       str(table_2x2.parent))
    assert all(g2048.SOURCES[s] == "board table" for s in d.source)


def test_a_damaged_table_is_a_value_error(table_2x2, tmp_path):
    data = bytearray(table_2x2.read_bytes())
    (tmp_path / "head").mkdir()
    head = tmp_path / "head" / "2x2.tbl"
    head.write_bytes(data[:20] + bytes([data[20] ^ 1]) + data[21:])
    with pytest.raises(ValueError, match="head/2x2.tbl"):
        g2048.Table(str(head))
    with pytest.raises(ValueError, match="head/2x2.tbl"):
        g2048.Player(tables=str(head.parent))
    (tmp_path / "body").mkdir()
    body = tmp_path / "body" / "2x2.tbl"
    body.write_bytes(data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:])
    with pytest.raises(ValueError, match="body/2x2.tbl"):
        g2048.Table(str(body)).verify()
    boards = g2048.from_text(run(["2048-new", "--seed", "5", "-n", "6",
                                  "--size", "2x2"]))["boards"]
    with pytest.raises(ValueError, match="body/2x2.tbl"):
        g2048.Table(str(body)).value(boards)
    with pytest.raises(ValueError, match="body/2x2.tbl"):
        g2048.Player(tables=str(body.parent)).best(boards)
    short = tmp_path / "short.tbl"
    short.write_bytes(data[:100])
    with pytest.raises(ValueError, match="short.tbl"):
        g2048.Table(str(short))
