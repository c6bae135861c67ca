#!/usr/bin/python3
"""td-ntuple.py - TD(0) on afterstates (Szubert & Jaskowski 2014) with a
small n-tuple net in numpy, over g2048's batched environment: the net's
eight lines (four rows, four columns), a table of 16^4 weights each, learn
the score to come from 1024 games played at once until --games of them
ended (13 s of CPU for 1000 here); then the greedy player
of the net and a player of random legal moves each play the same
--eval-games seeded games (1000), their scores and largest tiles side by side.

    make python
    PYTHONPATH=obj/python examples/td-ntuple.py --games 1000 --eval-games 300

Measured so here (1001 games trained, 13 s of CPU, 44 s at a load of 6,
2026-11-28, with --eval-games 300): the net's 300 games
averaged 8,943 points, 91.3% reaching 512, 22.7% 1024 and 0.3% 2048;
random play's 1,071, none reaching 512.  The same numbers every run: the
games, the order of the updates and the
evaluation's seeds are fixed (training from --seed, 1 by default; the
evaluation games from 700000, away from the player's reserved seeds
900001-901000).
"""

import argparse
import sys
import time

import numpy as np

import g2048

LINES = 8                    # four rows, then four columns
WEIGHTS = 16 ** 4            # a line of four ranks, each capped at 15


def line_index(boards):
    """The weight index of each line of each board: (..., 8) int64."""
    b = np.minimum(boards, 15).astype(np.int64)
    rows = ((b[..., 0] * 16 + b[..., 1]) * 16 + b[..., 2]) * 16 + b[..., 3]
    cols = ((b[..., 0, :] * 16 + b[..., 1, :]) * 16 + b[..., 2, :]) * 16 + \
        b[..., 3, :]
    return np.concatenate([rows, cols], axis=-1)


class Net:
    def __init__(self):
        self.w = np.zeros((LINES, WEIGHTS), np.float32)
        self.line = np.arange(LINES)

    def value(self, boards):
        return self.w[self.line, line_index(boards)].sum(axis=-1)

    def update(self, boards, delta, alpha):
        """Move each board's value by alpha * delta, a share a line.  The
        games of a batch that meet one weight move it by their mean, as
        many games one after another would about do, not by their sum,
        which with a thousand games at once would diverge."""
        flat = (self.line * WEIGHTS + line_index(boards)).ravel()
        step = np.repeat((alpha / LINES) * delta, LINES)
        total = np.bincount(flat, weights=step, minlength=LINES * WEIGHTS)
        hits = np.bincount(flat, minlength=LINES * WEIGHTS)
        self.w.ravel()[:] += (total / np.maximum(hits, 1)).astype(np.float32)


def greedy(net, obs):
    """The move of the most reward plus afterstate value: (action, its
    afterstate, its reward)."""
    after, score, legal = g2048.afterstates(obs)
    q = score + net.value(after)
    q[~legal] = -np.inf
    action = q.argmax(axis=1)
    pick = np.arange(len(obs))
    return action, after[pick, action], score[pick, action]


def train(net, games, games_at_once, seed, alpha):
    env = g2048.VecEnv(games_at_once, seed=seed)
    obs, _ = env.reset()
    prev = np.zeros_like(obs)
    has_prev = np.zeros(games_at_once, bool)
    scores, started, report = [], time.monotonic(), 0
    while len(scores) < games:
        action, after, reward = greedy(net, obs)
        # TD(0): the afterstate before moves toward this move's reward plus
        # the value of its afterstate
        if has_prev.any():
            p = prev[has_prev]
            target = reward[has_prev] + net.value(after[has_prev])
            net.update(p, target - net.value(p), alpha)
        step = env.step(action)
        done = step.terminated | step.truncated
        # an afterstate that led to the end is worth nothing more
        if step.terminated.any():
            a = after[step.terminated]
            net.update(a, -net.value(a), alpha)
        prev[:] = after
        has_prev = ~done
        scores.extend(step.final_score[done].tolist())
        obs = step.obs
        if time.monotonic() - started >= report + 30 and scores:
            report += 30
            print("%6d games  %4.1f min  mean score of the last 500: %6.0f"
                  % (len(scores), (time.monotonic() - started) / 60,
                     np.mean(scores[-500:])), file=sys.stderr, flush=True)
    return len(scores)


def evaluate(choose, games, seed):
    """Scores and largest tiles of games seeded seed, seed+1, ...: each
    slot's first game, the slots stepped until every first game ended."""
    env = g2048.VecEnv(games, seed=seed)
    obs, mask = env.reset()
    rng = np.random.default_rng(seed)
    finished = np.zeros(games, bool)
    final = np.zeros(games)
    best = np.zeros(games, np.uint64)
    while not finished.all():
        step = env.step(choose(obs, mask, rng))
        ended = step.terminated & ~finished
        final[ended] = step.final_score[ended]
        best[ended] = g2048.max_tile(step.final_obs[ended])
        finished |= ended
        obs, mask = step.obs, step.mask
    return final, best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000,
                    help="train until this many games ended (default 1000)")
    ap.add_argument("--games-at-once", type=int, default=1024)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eval-games", type=int, default=1000)
    args = ap.parse_args()

    net = Net()
    started = time.monotonic()
    trained = train(net, args.games, args.games_at_once, args.seed,
                    args.alpha)
    print("trained on %d games" % trained)
    print("(%.1f min)" % ((time.monotonic() - started) / 60), file=sys.stderr)

    def net_move(obs, mask, rng):
        return greedy(net, obs)[0]

    def random_move(obs, mask, rng):
        return (rng.random(mask.shape) * mask).argmax(axis=1)

    print("%-8s %10s %10s %8s %8s %8s" % ("player", "mean score",
                                         "max score", "512", "1024", "2048"))
    for name, choose in (("net", net_move), ("random", random_move)):
        score, tile = evaluate(choose, args.eval_games, 700000)
        print("%-8s %10.0f %10.0f %7.1f%% %7.1f%% %7.1f%%" % (
            name, score.mean(), score.max(), 100 * (tile >= 512).mean(),
            100 * (tile >= 1024).mean(), 100 * (tile >= 2048).mean()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
