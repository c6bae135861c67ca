#!/usr/bin/python3
"""bench/python-player.py [THREADS] - g2048.Player.best on a batch against
2048-solve on the same boards (bench/PYTHON.md): 400 boards of seeded
random play (150 moves into the games of seed 5), --fast without tables,
THREADS threads (2 by default); the two timed in turn, 7 times, the
medians printed.  Each time includes making the player (2048-solve's: its
start-up, reading and writing the boards).

    make python
    PYTHONPATH=obj/python PATH=$PWD/bin:$PATH nice bench/python-player.py 2
"""
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import g2048

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 2
env = g2048.VecEnv(400, seed=5)
_, mask = env.reset()
rng = np.random.default_rng(5)
for _ in range(150):
    mask = env.step((rng.random(mask.shape) * mask).argmax(1)).mask
boards = env.boards
text = g2048.to_text(boards)
tool_env = dict(os.environ, G2048_NET="", G2048_TABLES="")
ours, tool = [], []
for _ in range(7):
    t = time.monotonic()
    moves = g2048.Player(fast=True, threads=threads).best(boards).move
    ours.append(time.monotonic() - t)
    t = time.monotonic()
    out = subprocess.run(["2048-solve", "--fast", "--no-tables", "-j",
                          str(threads)], input=text, capture_output=True,
                         text=True, env=tool_env, check=True).stdout
    tool.append(time.monotonic() - t)
    assert [g2048.DIRECTIONS[d] for d in moves] == out.split()
print("400 boards, %d threads, medians of 7: Player.best %.3f s, "
      "2048-solve %.3f s, the same moves" % (threads, statistics.median(ours),
                                             statistics.median(tool)))
