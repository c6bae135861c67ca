#!/usr/bin/python3
"""bench/python-env.py - the Python module's speed (bench/PYTHON.md).

    make python
    PYTHONPATH=obj/python nice bench/python-env.py [--games 4096] [--steps 200]

1. Batched random-legal stepping, 4x4, one thread, three ways side by side
   in one run, each a median of 5 rounds: g2048.VecEnv (the actions drawn
   by numpy from the mask, the moves, spawns, rewards, masks, observations
   and afterstates written in C); the same environment written in numpy
   for this benchmark (row tables, as a numpy user would write it); and
   one game at a time through g2048.Env (--single games of it).
2. Player.best on a batch of boards, two threads, against 2048-solve -j 2
   --fast on the same boards (--solve boards).
3. Leaks: the RSS before and after a million calls of each of move,
   legal, spawns, to_text/from_text and VecEnv.step (--leak-calls).
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

import g2048


def clock():
    return time.thread_time()


# ---- a straightforward numpy environment, for the comparison ----------

def line_tables():
    """Row tables of 16^4 rows: the row moved left, its score."""
    left = np.zeros(65536, np.uint16)
    score = np.zeros(65536, np.int64)
    for row in range(65536):
        line = [(row >> (4 * i)) & 15 for i in range(4)]
        tiles = [t for t in line if t]
        out, s, i = [], 0, 0
        while i < len(tiles):
            if i + 1 < len(tiles) and tiles[i] == tiles[i + 1] and tiles[i] < 15:
                out.append(tiles[i] + 1)
                s += 1 << (tiles[i] + 1)
                i += 2
            else:
                out.append(tiles[i])
                i += 1
        out += [0] * (4 - len(out))
        left[row] = out[0] | out[1] << 4 | out[2] << 8 | out[3] << 12
        score[row] = s
    return left, score


class NumpyEnv:
    """n games as uint8 ranks (n, 4, 4); every move through row tables."""

    def __init__(self, n, seed):
        self.n = n
        self.rng = np.random.default_rng(seed)
        self.left, self.score_of = line_tables()
        self.weights = (16 ** np.arange(4)).astype(np.int64)
        self.obs = np.zeros((n, 4, 4), np.uint8)
        for _ in range(2):
            self.spawn(np.ones(n, bool))

    def rows_left(self, boards):
        """Every row of boards (m, 4, 4) moved left: (boards, score)."""
        idx = (boards.astype(np.int64) * self.weights).sum(axis=2)
        moved = self.left[idx]
        out = ((moved[..., None] >> (4 * np.arange(4))) & 15).astype(np.uint8)
        return out, self.score_of[idx].sum(axis=1)

    def all_moves(self, boards):
        """The four afterstates (n, 4, 4, 4) and scores (n, 4)."""
        views = [np.swapaxes(boards, 1, 2),
                 np.swapaxes(boards, 1, 2)[:, :, ::-1],
                 boards, boards[:, :, ::-1]]
        after = np.empty((len(boards), 4, 4, 4), np.uint8)
        score = np.empty((len(boards), 4), np.int64)
        for d, v in enumerate(views):
            moved, s = self.rows_left(np.ascontiguousarray(v))
            back = [np.swapaxes(moved, 1, 2),
                    np.swapaxes(moved[:, :, ::-1], 1, 2),
                    moved, moved[:, :, ::-1]][d]
            after[:, d] = back
            score[:, d] = s
        return after, score

    def spawn(self, which):
        empty = (self.obs == 0).reshape(self.n, 16) & which[:, None]
        pick = (self.rng.random((self.n, 16)) * empty).argmax(axis=1)
        has = empty.any(axis=1)
        rank = np.where(self.rng.random(self.n) < 0.1, 2, 1).astype(np.uint8)
        flat = self.obs.reshape(self.n, 16)
        rows = np.flatnonzero(has)
        flat[rows, pick[has]] = rank[has]

    def mask(self):
        after, _ = self.all_moves(self.obs)
        return (after != self.obs[:, None]).reshape(self.n, 4, 16).any(axis=2)

    def step(self, actions, mask):
        after, score = self.all_moves(self.obs)
        pick = np.arange(self.n)
        chosen = after[pick, actions]
        reward = score[pick, actions].astype(np.float32)
        legal = mask[pick, actions]
        self.obs[legal] = chosen[legal]
        self.spawn(legal)
        next_mask = self.mask()
        over = ~next_mask.any(axis=1)
        if over.any():
            self.obs[over] = 0
            for _ in range(2):
                self.spawn(over)
            next_mask[over] = self.mask()[over]
        return self.obs, reward, over, chosen, next_mask


# ---- the three ways -----------------------------------------------------

def random_legal(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def bench_vecenv(n, steps):
    env = g2048.VecEnv(n, seed=1)
    _, mask = env.reset()
    rng = np.random.default_rng(1)
    t = clock()
    for _ in range(steps):
        mask = env.step(random_legal(rng, mask)).mask
    return n * steps / (clock() - t)


def bench_vecenv_steps_only(n, steps):
    """The C step alone, on random legal actions: a first run draws them
    from each step's mask (numpy) and keeps them; a second VecEnv of the
    same seed replays the same games, so every action is legal again,
    and only the replay is timed."""
    env = g2048.VecEnv(n, seed=1)
    _, mask = env.reset()
    rng = np.random.default_rng(1)
    actions = []
    for _ in range(steps):
        actions.append(random_legal(rng, mask))
        mask = env.step(actions[-1]).mask
    replay = g2048.VecEnv(n, seed=1)
    replay.reset()
    t = clock()
    for a in actions:
        replay.step(a)
    rate = n * steps / (clock() - t)
    if not np.array_equal(replay.boards, env.boards):
        raise AssertionError("the replay left other boards")
    return rate


def bench_numpy(n, steps):
    env = NumpyEnv(n, 1)
    mask = env.mask()
    rng = np.random.default_rng(1)
    t = clock()
    for _ in range(steps):
        _, _, _, _, mask = env.step(random_legal(rng, mask), mask)
    return n * steps / (clock() - t)


def bench_single(steps):
    env = g2048.Env()
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    t = clock()
    for _ in range(steps):
        legal = np.flatnonzero(info["mask"])
        _, _, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        if term or trunc:
            _, info = env.reset()
    return steps / (clock() - t)


def median_of(rounds, fn, *args):
    return statistics.median(fn(*args) for _ in range(rounds))


# ---- the player against 2048-solve --------------------------------------

def bench_player(boards_n):
    env = g2048.VecEnv(boards_n, seed=5)
    _, mask = env.reset()
    rng = np.random.default_rng(5)
    for _ in range(150):
        mask = env.step(random_legal(rng, mask)).mask
    boards = env.boards
    text = g2048.to_text(boards)
    player = g2048.Player(fast=True, threads=2)
    t = time.monotonic()
    ours = player.best(boards).move
    py = time.monotonic() - t
    solve = shutil.which("2048-solve")
    if solve is None:
        return py, None, None
    t = time.monotonic()
    out = subprocess.run([solve, "--fast", "--no-tables", "-j", "2"],
                         input=text, capture_output=True, text=True,
                         env=dict(os.environ, G2048_NET="", G2048_TABLES=""),
                         check=True).stdout
    tool = time.monotonic() - t
    same = [g2048.DIRECTIONS[d] for d in ours] == out.split()
    return py, tool, same


# ---- leaks ----------------------------------------------------------------

def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def leak_check(calls):
    ranks = np.zeros((4, 4, 4), np.uint8)
    ranks[:, 0, :2] = 1
    packed = g2048.pack(ranks)
    env = g2048.VecEnv(4, seed=1)
    _, mask = env.reset()
    actions = np.zeros(4, np.int64)
    text = g2048.to_text(ranks[:1])
    bad = np.zeros((2, 2), np.float32)
    cases = [
        ("move", lambda: g2048.move(packed, 2)),
        ("legal", lambda: g2048.legal(ranks)),
        ("spawns", lambda: g2048.spawns(packed[:1])),
        ("to_text", lambda: g2048.to_text(ranks[:1])),
        ("from_text", lambda: g2048.from_text(text)),
        ("VecEnv.step", lambda: env.step(np.argmax(env.buffers.mask, 1))),
        ("a bad dtype", lambda: _raises(g2048.legal, bad)),
    ]
    del actions, mask
    rows = []
    for name, fn in cases:
        n = calls if name not in ("from_text", "spawns") else calls // 10
        for _ in range(1000):
            fn()
        before = rss_kib()
        for _ in range(n):
            fn()
        rows.append((name, n, before, rss_kib()))
    return rows


def _raises(fn, arg):
    try:
        fn(arg)
    except TypeError:
        return
    raise AssertionError("no error")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4096)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--single", type=int, default=200000)
    ap.add_argument("--solve", type=int, default=400)
    ap.add_argument("--leak-calls", type=int, default=1000000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    n, steps = args.games, args.steps

    print("batched random-legal stepping, 4x4, n = %d, one thread "
          "(median of %d rounds of %d steps)" % (n, args.rounds, steps))
    vec = median_of(args.rounds, bench_vecenv, n, steps)
    only = median_of(args.rounds, bench_vecenv_steps_only, n, steps)
    nump = median_of(args.rounds, bench_numpy, n, max(steps // 10, 5))
    single = median_of(args.rounds, bench_single, args.single)
    print("  g2048.VecEnv, numpy's action choice  %12.0f steps/s" % vec)
    print("  g2048.VecEnv.step alone              %12.0f steps/s" % only)
    print("  the same env in numpy                %12.0f steps/s" % nump)
    print("  g2048.Env, one game at a time        %12.0f steps/s" % single)

    py, tool, same = bench_player(args.solve)
    print("Player(fast=True, threads=2).best on %d boards: %.2f s; "
          "2048-solve --fast --no-tables -j 2: %s; the same moves: %s"
          % (args.solve, py, "%.2f s" % tool if tool else "-", same))

    print("RSS over calls (KiB)")
    for name, calls, before, after in leak_check(args.leak_calls):
        print("  %-12s %8d calls  %7d -> %7d" % (name, calls, before, after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
