"""g2048: the 2048-tools engine (lib2048) for Python, over numpy arrays.

The same rules, spawns and player as the pipe tools, from one C library:
a board printed by ``2048-new`` parses here, a board written here pipes
into ``2048-move``, game ``i`` of a ``VecEnv`` seeded ``S`` is the game of
``2048-new --seed S+i``, and ``Player`` chooses the move of ``2048-solve``.

Boards come in two forms, and every function of boards takes either:

* packed 4x4 boards, ``numpy.uint64`` of any shape: cell ``i`` (``row * 4
  + col``) holds its rank (tile ``2**rank``, 0 empty) in bits ``4i`` to
  ``4i+3``, the engine's grid word.  A rank of 16 or 17 (65536, 131072)
  has a fifth bit, kept in a plane beside the word: ``hi``, a
  ``numpy.uint16`` array of the same shape whose bit ``i`` is cell ``i``'s
  fifth bit.  Functions take ``hi=`` and then return the new plane last;
  without it, a result that needs a fifth bit raises ``OverflowError``.
* ranks, ``numpy.uint8`` of shape ``(rows, cols)`` or ``(n, rows, cols)``,
  any size from 2x2 to 8x8; a rank may be up to the board's cap
  (``rows * cols + 1``, 17 on 4x4).

Directions (actions) are ``UP = 0, DOWN = 1, LEFT = 2, RIGHT = 3``, the
engine's order.  Every array must be C-contiguous and of the exact dtype
named; a wrong one raises ``TypeError`` or ``ValueError`` naming it.
See g2048(3) (``man 3 g2048``) for the whole manual.
"""

import collections
import os

import numpy as np

from . import _g2048

__all__ = [
    "UP", "DOWN", "LEFT", "RIGHT", "DIRECTIONS", "SOURCES",
    "move", "afterstates", "legal", "over", "max_rank", "max_tile",
    "empties", "pack", "unpack", "tiles", "spawns", "to_text", "from_text",
    "cap", "VecEnv", "StepBuffers", "Env", "Player", "Decision",
    "Evaluator", "Table",
]

UP, DOWN, LEFT, RIGHT = _g2048.UP, _g2048.DOWN, _g2048.LEFT, _g2048.RIGHT
#: The directions' names, by their number: what 2048-move and 2048-solve say.
DIRECTIONS = ("up", "down", "left", "right")
#: What decided a player's move, by the number in ``Decision.source``.
SOURCES = tuple(_g2048.Player.sources())
#: The version of lib2048 the module is built from.
__version__ = _g2048.LIB_VERSION


def cap(rows=4, cols=4):
    """The largest rank a rows x cols board holds: rows * cols + 1."""
    return min(rows * cols + 1, 61)


def move(boards, direction, hi=None):
    """Slide and merge every board toward direction (one for all, or an
    integer array of one a board).

    Returns ``(boards, score, changed)``: the new boards, in the form
    given; the score each move gained (int64, the sum of the merged
    tiles); whether it changed the board (a move that changes nothing is
    not legal: the board is returned as it was, score 0).  With ``hi``
    (packed boards), the new fifth-bit plane comes last.
    """
    return _g2048.move(boards, direction, hi)


def afterstates(boards, hi=None):
    """Every board after each of the four moves, before the spawn.

    Returns ``(after, score, legal)``, each with a new axis of 4 after the
    boards' own: ``after[..., d]`` is the board moved toward d (the board
    itself where d is not legal), ``score[..., d]`` its gain and
    ``legal[..., d]`` whether d is legal.  For ranks the shape is
    ``(n, 4, rows, cols)``.  With ``hi``, the planes come last.
    """
    return _g2048.afterstates(boards, hi)


def legal(boards, hi=None):
    """The legal-move mask of every board: bool, shape ``(..., 4)``, in
    the order UP, DOWN, LEFT, RIGHT."""
    return _g2048.legal(boards, hi)


def over(boards, hi=None):
    """Whether each board has no legal move (the game is over)."""
    return _g2048.over(boards, hi)


def max_rank(boards, hi=None):
    """The largest rank on each board (uint8; 0 for an empty board)."""
    return _g2048.max_rank(boards, hi)


def max_tile(boards, hi=None):
    """The largest tile on each board (uint64: 2**rank, 0 when empty)."""
    return tiles(np.asarray(max_rank(boards, hi)))


def empties(boards, hi=None):
    """The number of empty cells of each board (uint8)."""
    return _g2048.empties(boards, hi)


def pack(ranks, hi=False):
    """Ranks of shape ``(..., 4, 4)`` into packed uint64 boards.  With
    ``hi=True`` returns ``(boards, planes)``; without it a rank past 15
    raises ``OverflowError``."""
    return _g2048.pack(ranks, hi)


def unpack(boards, hi=None):
    """Packed boards (and their fifth-bit planes) into ranks
    ``(..., 4, 4)``, uint8."""
    return _g2048.unpack(boards, hi)


def tiles(ranks):
    """Tiles of ranks: ``2**rank``, and 0 for an empty cell (uint64)."""
    r = np.asarray(ranks).astype(np.uint64)
    return np.where(r > 0, np.left_shift(np.uint64(1), r), np.uint64(0))


def spawns(boards, four=0.1, hi=None):
    """The chance node: every board a spawn can make, with its probability.

    For each board, each empty cell in reading order gets a 2 (probability
    ``(1 - four) / empties``) and then a 4 (``four / empties``); an
    outcome of probability 0 is left out: the boards and the order of
    ``2048-spawn --all``.  A full board has none.  Returns ``(after,
    prob, parent)``: the boards (in the form given), float64 probabilities
    and, for each, the index of its board in the batch (the probabilities
    of one board sum to 1).  With ``hi``, the planes come last.
    """
    if isinstance(boards, np.generic):
        boards = np.asarray(boards)
    return _g2048.spawns(boards, four, hi)


def to_text(boards, score=None, moves=None, seed=None, draws=None,
            four=None, compact=False, hi=None):
    """Boards in the pipe format (2048(5)), as one stream: the grid form
    with a blank line between boards, or with ``compact=True`` a line a
    board.  score, moves, seed and draws: none, one integer for every
    board or an array of one a board (seed and draws: the random stream's
    position, the header 2048-spawn continues from); four: the board's
    probability of a 4 (written when not 0.1).  The text pipes into
    2048-move and every other tool."""
    return _g2048.format(boards, score, moves, seed, draws, four, compact,
                         hi)


def from_text(text):
    """Parse boards in the pipe format (either form, any number, as the
    tools read them) from a str, bytes or a file with a descriptor.

    Returns a dict of arrays, one entry a board: ``boards`` (ranks,
    uint8, ``(n, rows, cols)``; every board of one size), ``score``,
    ``moves``, ``seed``, ``draws`` (uint64), ``has_rng`` (bool: the seed
    and draws headers were there), ``four`` and ``prob`` (float64; prob is
    NaN without its header).  A malformed board raises ``ValueError``
    with the tools' message, ``<text>:LINE: ...``.
    """
    return _g2048.parse(text)


def _random_seed():
    return int.from_bytes(os.urandom(8), "little")


class StepBuffers:
    """The arrays a ``VecEnv`` step writes, one row a game (caller-owned:
    make your own of the same dtypes and shapes, or let ``allocate`` make
    them).

    ``obs`` uint8 ``(n, rows, cols)``: each game's board after the step
    (the next game's first board where a game ended); ``reward`` float32,
    float64 or int64 ``(n,)``: the score the move gained; ``terminated``
    bool: the move ended the game (no legal move after its spawn);
    ``truncated`` bool: the game reached ``max_steps``; ``mask`` bool ``(n,
    4)``: the legal moves of ``obs``; ``afterstate`` uint8: the board after
    the move, before the spawn; ``illegal`` bool: the action moved nothing
    (no spawn, no reward, the game unchanged); ``final_obs`` uint8 and
    ``final_score`` uint64: where a game ended, its last board and score.
    """

    __slots__ = ("obs", "reward", "terminated", "truncated", "mask",
                 "afterstate", "illegal", "final_obs", "final_score")

    def __init__(self, **arrays):
        for name in self.__slots__:
            setattr(self, name, arrays.get(name))

    @classmethod
    def allocate(cls, n, rows=4, cols=4, reward_dtype=np.float32):
        """Zeroed arrays for n games of rows x cols."""
        return cls(obs=np.zeros((n, rows, cols), np.uint8),
                   reward=np.zeros(n, reward_dtype),
                   terminated=np.zeros(n, bool),
                   truncated=np.zeros(n, bool),
                   mask=np.zeros((n, 4), bool),
                   afterstate=np.zeros((n, rows, cols), np.uint8),
                   illegal=np.zeros(n, bool),
                   final_obs=np.zeros((n, rows, cols), np.uint8),
                   final_score=np.zeros(n, np.uint64))

    def __iter__(self):
        return iter(getattr(self, name) for name in self.__slots__)


class VecEnv:
    """n games of 2048 stepped in one call, in C, the GIL released.

    ``VecEnv(n, seed=None, rows=4, cols=4, four=0.1, max_steps=0,
    autoreset=True, reward_dtype=numpy.float32)``.

    Seeds: ``reset(seed=S)`` starts game ``i`` as ``2048-new --seed S+i``
    (with ``--size`` and ``--four`` where not 4x4 and 0.1), and every
    spawn continues that game's own random stream, so the game is,
    move for move and spawn for spawn, the one the tools play through
    ``2048-move DIR | 2048-spawn``; ``text(i)`` prints it with the tools'
    header, the same bytes.  With autoreset, the game that follows in slot
    ``i`` after k resets is the game of seed ``S + i + k * n``: game ``j``
    of the run is ``2048-new --seed S+j``.

    An action is 0-3 (UP, DOWN, LEFT, RIGHT).  An illegal action (one that
    moves nothing) changes nothing: no spawn, reward 0, not terminated; its
    ``illegal`` flag is set and it counts as a step toward ``max_steps``.
    An action outside 0-3 raises ``ValueError`` before any game moves.

    ``step`` writes into ``self.buffers`` (a ``StepBuffers``) and returns
    it, or into the caller's own with ``step(actions, out=buffers)``; the
    arrays are overwritten by the next step.  One call at a time per
    VecEnv; several VecEnvs step on several threads at once.
    """

    def __init__(self, n, seed=None, rows=4, cols=4, four=0.1, max_steps=0,
                 autoreset=True, reward_dtype=np.float32):
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
            raise TypeError("n: expected an integer number of games")
        self._env = _g2048.VecEnv(int(n), rows, cols, four, max_steps,
                                  autoreset)
        self.n, self.rows, self.cols = int(n), rows, cols
        self.four = self._env.four
        self.buffers = StepBuffers.allocate(self.n, rows, cols, reward_dtype)
        self._seed = seed

    def reset(self, seed=None):
        """Start every slot's first game (game i: seed S+i, S the seed
        given, else the constructor's, else a random one).  Returns
        ``(obs, mask)``: ``self.buffers.obs`` and ``.mask``."""
        if seed is None:
            seed = self._seed if self._seed is not None else _random_seed()
        self.seed = int(seed) % (1 << 64)
        b = self.buffers
        self._env.reset(self.seed, b.obs, b.mask)
        return b.obs, b.mask

    def step(self, actions, out=None):
        """Step every game by its action (an integer array of shape
        ``(n,)``); returns the ``StepBuffers`` written."""
        b = self.buffers if out is None else out
        self._env.step(actions, b.obs, b.reward, b.terminated, b.truncated,
                       b.mask, b.afterstate, b.illegal, b.final_obs,
                       b.final_score)
        return b

    def step_into(self, actions, obs, reward, terminated, truncated, mask,
                  afterstate=None, illegal=None, final_obs=None,
                  final_score=None):
        """``step`` into arrays given one by one (the optional ones may be
        None: not written)."""
        self._env.step(actions, obs, reward, terminated, truncated, mask,
                       afterstate, illegal, final_obs, final_score)

    def text(self, i, compact=False):
        """Game i's board in the pipe format, with its score, moves, last
        move, seed and draws: what the tools print for the same game."""
        return self._env.text(i, compact)

    @property
    def boards(self):
        """Each game's board now, ranks ``(n, rows, cols)`` (a copy)."""
        return self._env.boards

    @property
    def score(self):
        """Each game's score so far (uint64)."""
        return self._env.score

    @property
    def moves(self):
        """Each game's moves made (uint64)."""
        return self._env.moves

    @property
    def seeds(self):
        """Each game's seed (uint64): 2048-new --seed SEED is its start."""
        return self._env.seeds

    @property
    def draws(self):
        """Each game's draws so far from its random stream (uint64)."""
        return self._env.draws


class Env:
    """One game with the Gymnasium API's shape, without Gymnasium.

    ``Env(rows=4, cols=4, four=0.1, max_steps=0, render_mode=None)``.
    ``reset(seed=None)`` returns ``(obs, info)``: seed S is the game of
    ``2048-new --seed S``; without a seed, the game after the last one
    (seed + 1), or a random seed the first time.  ``step(action)``
    returns ``(obs, reward, terminated, truncated, info)``.  ``obs`` is
    the board's ranks, uint8 ``(rows, cols)``; ``reward`` the score the
    move gained (float); ``info`` holds ``mask`` (the legal moves of obs,
    bool ``(4,)``), ``score``, ``moves``, ``seed``, ``illegal`` (the action
    moved nothing: no spawn, reward 0) and ``afterstate``.  A step after
    the game ended raises ``RuntimeError``: reset.  ``render()`` returns
    the board in the pipe format (``render_mode="ansi"``).

    With Gymnasium installed (Debian does not package it), wrap it::

        import gymnasium as gym
        class G2048(gym.Env):
            metadata = {"render_modes": ["ansi"]}
            def __init__(self, **kw):
                self.game = g2048.Env(**kw)
                self.action_space = gym.spaces.Discrete(4)
                self.observation_space = gym.spaces.Box(
                    0, self.game.cap, self.game.observation_shape, np.uint8)
            def reset(self, *, seed=None, options=None):
                super().reset(seed=seed)
                return self.game.reset(seed=seed)
            def step(self, action):
                return self.game.step(action)
            def render(self):
                return self.game.render()
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rows=4, cols=4, four=0.1, max_steps=0,
                 render_mode=None):
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode: expected None or 'ansi', not %r"
                             % (render_mode,))
        self.render_mode = render_mode
        self._env = _g2048.VecEnv(1, rows, cols, four, max_steps, False)
        self._b = StepBuffers.allocate(1, rows, cols, np.float64)
        self._actions = np.zeros(1, np.int64)
        self._seed = None
        self.rows, self.cols = rows, cols
        #: the actions: 0-3, UP, DOWN, LEFT, RIGHT
        self.n_actions = 4
        self.observation_shape = (rows, cols)
        #: the largest rank of an observation
        self.cap = cap(rows, cols)

    def _info(self, illegal=False):
        return {"mask": self._b.mask[0].copy(),
                "score": int(self._env.score[0]),
                "moves": int(self._env.moves[0]),
                "seed": self._seed,
                "illegal": bool(illegal),
                "afterstate": self._b.afterstate[0].copy()}

    def reset(self, seed=None, options=None):
        """Start a game: ``(obs, info)``."""
        del options
        if seed is None:
            seed = _random_seed() if self._seed is None else self._seed + 1
        self._seed = int(seed) % (1 << 64)
        b = self._b
        self._env.reset(self._seed, b.obs, b.mask)
        b.afterstate[0] = b.obs[0]
        return b.obs[0].copy(), self._info()

    def step(self, action):
        """Play action (0-3): ``(obs, reward, terminated, truncated,
        info)``."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(
                action, (int, np.integer)):
            raise TypeError("action: expected an integer 0-3 (UP, DOWN, "
                            "LEFT, RIGHT), not %r" % (action,))
        if not 0 <= action <= 3:
            raise ValueError("action: expected 0-3 (UP, DOWN, LEFT, RIGHT),"
                             " not %d" % action)
        if self._seed is None:
            raise RuntimeError("Env: reset before the first step")
        self._actions[0] = action
        b = self._b
        self._env.step(self._actions, b.obs, b.reward, b.terminated,
                       b.truncated, b.mask, b.afterstate, b.illegal)
        return (b.obs[0].copy(), float(b.reward[0]), bool(b.terminated[0]),
                bool(b.truncated[0]), self._info(b.illegal[0]))

    def render(self):
        """The board in the pipe format, with its header."""
        return self._env.text(0)

    def close(self):
        """Nothing to release (for the Gymnasium API's shape)."""


#: What ``Player.best`` returns, one entry a board: ``move`` (int8, the
#: direction, -1 when no move is legal), ``values`` (float64 ``(..., 4)``:
#: each legal move's value, NaN for the others), ``source`` (int8: what
#: decided, an index of ``SOURCES``), ``depth`` (int8: the search's depth,
#: 0 where a table decided).
Decision = collections.namedtuple("Decision", "move values source depth")


class Player(_g2048.Player):
    """The player of 2048-solve: ``best`` decides a batch of boards.

    Keywords, each as 2048-solve's option of that name (2048-solve(1)):
    ``tables`` (a folder of tables: its whole boards' and patterns'
    tables and its chain tables or digest; None: none, as
    ``--no-tables``), ``net`` (a net file: the evaluator, as ``--net``),
    ``heuristic``, ``weights``, ``fast`` (``--fast``), ``algo``
    ('expectimax', 'minimax', 'greedy', 'random'), ``depth`` (a fixed
    depth, no deepening unless ``deepen`` is given), ``adaptive`` ((MIN,
    SUB, MAX)), ``cutoff``, ``crowded`` ((N, P)), ``prune``, ``deepen`` ((R, SUB, MAX,
    P) or False, ``--no-deepen``), ``corner`` (1 as ``--corner``, the default; 0 as
    ``--no-corner``), ``tt_bits``, ``lost`` (0 as ``--no-lost``), ``downgrade`` (a rank), ``table_min``, ``table_from``
    (a rank), ``chain_min``, ``chain`` ('folder': the folder's chain files
    or digest, the default with tables; 'compute', as ``--chain``; 'none'
    or False, as ``--no-chain``), ``patterns`` (True, the default: the
    folder is named, as ``--tables DIR``, so a net plays by its 4x4
    pattern and chain tables too; False: a net plays without them, as
    2048-solve's net with the default folder; the heuristic always plays
    by them), ``exact`` (as ``--algo exact``).
    Unlike 2048-solve, nothing is taken from the environment
    (G2048_TABLES, G2048_NET, G2048_CACHE: no chain cache) or from beside
    the tools: say what to use.

    ``threads``: the threads a batch is decided on, the GIL released:
    each board's moves searched on up to four of them, as 2048-solve
    does; past four, several boards at once, each on a fork of the
    player.  The moves do not depend on it.  One call at a time per
    Player.
    """

    def best(self, boards, four=0.1, hi=None):
        """The player's move for every board (of the odds four): a
        ``Decision``.  A board no evaluator values (a net and a 3x3) or,
        with ``exact``, no table holds raises ``ValueError``; so does a
        table or net whose file fails its check."""
        return Decision(*_g2048.Player.best(self, boards, four, hi))


class Evaluator(_g2048.Evaluator):
    """A board's heuristic value, as 2048-eval's ``value``:
    ``Evaluator(heuristic=None, weights=None, net=None)`` ('lines', the
    default, or 'xu'; weights "k=v,k=v"; or a net file).
    ``value(boards, hi=None)`` returns float64, one a board."""


class Table(_g2048.Table):
    """An exact table of 2048-table: ``Table(path)``.

    ``value(boards, hi=None)`` returns ``(value, move_values, best,
    covered)``: the board's exact value (a probability of the target, or
    the expected score to come), each legal move's (NaN for the others),
    the best move (-1: none) and whether the table holds the board (value
    NaN where not).  ``info()`` is its header; ``verify()`` checks every
    block.  A damaged file raises ``ValueError`` when opened or when a
    value reads the damaged block.
    """
