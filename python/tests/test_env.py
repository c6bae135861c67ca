"""The batched environment and the single game against the tools: game i
of a run seeded S is 2048-new --seed S+i driven through 2048-move |
2048-spawn, byte for byte."""

import threading

import numpy as np
import pytest

import g2048
from conftest import run


def random_legal(rng, mask):
    """One legal action a game (a game's mask has one: it is not over)."""
    noise = rng.random(mask.shape) * mask
    return noise.argmax(axis=1)


def tools_game(seed, actions, size=None, four=None):
    """The text of the game of seed after actions, by the tools."""
    args = ["2048-new", "--seed", str(seed)]
    if size:
        args += ["--size", size]
    if four is not None:
        args += ["--four", str(four)]
    text = run(args)
    for a in actions:
        text = run(["2048-spawn"], run(["2048-move", g2048.DIRECTIONS[a]],
                                       text))
    return text


@pytest.mark.parametrize("rows,cols,four", [(4, 4, 0.1), (3, 3, 0.5),
                                            (2, 6, 0.0)])
def test_game_i_is_the_tools_game_of_seed_s_plus_i(rng, rows, cols, four):
    seed, n, steps = 1000, 3, 12
    env = g2048.VecEnv(n, seed=seed, rows=rows, cols=cols, four=four,
                       autoreset=False)
    obs, mask = env.reset()
    played = [[] for _ in range(n)]
    for _ in range(steps):
        if g2048.over(obs).any():
            break
        actions = random_legal(rng, mask)
        env.step(actions)
        for i in range(n):
            played[i].append(int(actions[i]))
    size = None if (rows, cols) == (4, 4) else "%dx%d" % (rows, cols)
    for i in range(n):
        want = tools_game(seed + i, played[i], size,
                          None if four == 0.1 else four)
        assert env.text(i) == want
        assert np.array_equal(g2048.from_text(want)["boards"][0],
                              env.boards[i])


def test_obs_mask_afterstate_reward_of_a_step():
    env = g2048.VecEnv(64, seed=7)
    obs, mask = env.reset()
    before = obs.copy()
    rng = np.random.default_rng(1)
    actions = random_legal(rng, mask)
    b = env.step(actions)
    after, score, _ = g2048.move(before, actions)
    assert np.array_equal(b.afterstate, after)
    assert np.array_equal(b.reward, score.astype(np.float32))
    assert np.array_equal(b.mask, g2048.legal(b.obs))
    # the spawn: one more tile than the afterstate
    assert np.all(g2048.empties(b.afterstate) - g2048.empties(b.obs) == 1)
    assert not b.illegal.any()


def test_an_illegal_action_changes_nothing_and_is_flagged():
    for seed in range(100):
        env = g2048.VecEnv(1, seed=seed)
        obs, mask = env.reset()
        if not mask[0].all():
            break
    bad = int(np.flatnonzero(~mask[0])[0])
    board, draws = obs.copy(), env.draws.copy()
    b = env.step(np.array([bad]))
    assert b.illegal[0] and b.reward[0] == 0
    assert not b.terminated[0] and not b.truncated[0]
    assert np.array_equal(b.obs, board) and np.array_equal(env.draws, draws)
    assert env.moves[0] == 0
    assert env.text(0) == run(["2048-new", "--seed", str(seed)])


def test_games_end_terminated_with_their_score_and_the_next_game_follows():
    n, seed = 8, 500
    env = g2048.VecEnv(n, seed=seed)
    obs, mask = env.reset()
    rng = np.random.default_rng(3)
    total = np.zeros(n)
    ended = 0
    while ended < 12:
        b = env.step(random_legal(rng, mask))
        total += b.reward
        for i in np.flatnonzero(b.terminated):
            assert g2048.over(b.final_obs[i])
            assert b.final_score[i] == total[i]
            total[i] = 0
            ended += 1
            # the slot's next game: seed S + i + k n, as 2048-new makes it
            assert env.seeds[i] % n == (seed + i) % n
            assert env.text(i) == run(["2048-new", "--seed",
                                       str(env.seeds[i])])
        mask = b.mask


def test_max_steps_truncates_and_counts_illegal_actions():
    env = g2048.VecEnv(2, seed=11, max_steps=3)
    obs, mask = env.reset()
    for step in range(3):
        b = env.step(np.argmax(mask, axis=1))
        mask = b.mask
    assert b.truncated.all() and not b.terminated.any()
    assert list(env.seeds) == [13, 14]


def test_two_envs_step_on_two_threads_as_alone():
    def play(seed, out):
        env = g2048.VecEnv(256, seed=seed)
        _, mask = env.reset()
        rng = np.random.default_rng(seed)
        for _ in range(200):
            mask = env.step(random_legal(rng, mask)).mask
        out[seed] = env.boards
    alone, both = {}, {}
    play(1, alone)
    play(2, alone)
    threads = [threading.Thread(target=play, args=(s, both)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(alone[s], both[s]) for s in (1, 2))


def test_the_single_game_has_the_gymnasium_shape():
    env = g2048.Env(render_mode="ansi")
    obs, info = env.reset(seed=21)
    assert obs.shape == (4, 4) and obs.dtype == np.uint8
    assert info["mask"].dtype == bool and info["seed"] == 21
    assert env.render() == run(["2048-new", "--seed", "21"])
    played = []
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(np.flatnonzero(info["mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        played.append(action)
        assert isinstance(reward, float)
        if len(played) == 10:
            assert env.render() == tools_game(21, played)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    obs, info = env.reset()
    assert info["seed"] == 22


def test_the_single_game_refuses_a_bad_action():
    env = g2048.Env()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="0-3"):
        env.step(4)
    with pytest.raises(TypeError, match="integer"):
        env.step(1.5)
