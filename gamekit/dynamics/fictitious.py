"""Fictitious play (exact) and stochastic fictitious play.

Fictitious play (Brown 1951; Fudenberg and Levine 1998, ch. 2), simultaneous version as
nashpy's ``Game.fictitious_play``: each player keeps the counts of the opponent's past
plays and plays a pure best response to them; both update at once. Payoffs are scaled to
integers, so every comparison is exact and the beliefs are exact rationals.

Tie rule (``tie``): ``"lowest"`` plays the best response of lowest index (deterministic,
the default); ``"random"`` draws uniformly among the best responses with the seeded
generator; ``"nashpy"`` is nashpy's rule draw for draw: ``RandomState(seed).choice`` among
the best responses, called for the row and then the column player at every step (tie or
not), so that after ``numpy.random.seed(seed)`` nashpy's ``Game.fictitious_play`` gives the
same trajectory, ties included. With no tie along the way all rules give the same
trajectory; ``info["ties"]`` counts the steps that had one.

Stochastic fictitious play (Hofbauer and Sandholm 2002, as nashpy's
``stochastic_fictitious_play``): the expected payoffs against the empirical belief are
perturbed by ``epsilon_bar`` × uniform[0, 1) noise and the play is drawn from the logit
choice with noise parameter ``etha``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import common_denominator, fmt
from gamekit.dynamics.trajectory import Trajectory, check_game, check_steps, settle
from gamekit.generators import rng

__all__ = ["fictitious_play", "stochastic_fictitious_play"]

Tie = Literal["lowest", "random", "nashpy"]


def _integer_payoffs(game: BimatrixGame) -> tuple[list[list[int]], list[list[int]]]:
    """A and Bᵀ scaled by positive integers (best responses unchanged)."""
    da = common_denominator(v for r in game.A for v in r)
    db = common_denominator(v for r in game.B for v in r)
    A = [[int(v * da) for v in r] for r in game.A]
    Bt = [[int(game.B[i][j] * db) for i in range(game.m)] for j in range(game.n)]
    return A, Bt


def _counts(v: Sequence[int] | None, size: int, who: str) -> list[int]:
    if v is None:
        return [0] * size
    out = list(v)
    if len(out) != size or any(isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0 for c in out):
        raise GameError(f"the {who} play counts must be {size} non-negative integers")
    return [int(c) for c in out]


def _best(M: list[list[int]], counts: list[int], tie: str, gen: np.random.Generator,
          legacy: np.random.RandomState | None) -> tuple[int, bool]:
    u = [sum(a * c for a, c in zip(row, counts)) for row in M]
    top = max(u)
    best = [i for i, v in enumerate(u) if v == top]
    if legacy is not None:
        return int(legacy.choice(np.array(best))), len(best) > 1
    if len(best) == 1 or tie == "lowest":
        return best[0], len(best) > 1
    return int(best[int(gen.integers(len(best)))]), True


def _freq(counts: list[int]) -> list[float]:
    s = sum(counts)
    return [c / s for c in counts] if s else [1 / len(counts)] * len(counts)


def fictitious_play(game: BimatrixGame, steps: int, *, play_counts: tuple[Sequence[int], Sequence[int]] | None = None,
                    tie: Tie = "lowest", seed: int | None = None, tol: float = 1e-2) -> Trajectory:
    """Simultaneous fictitious play with exact beliefs.

    Parameters
    ----------
    game
        The game.
    steps
        Number of rounds.
    play_counts
        Initial counts ``(row_counts, col_counts)`` (default zeros: the first round is a
        tie everywhere).
    tie
        ``"lowest"``, ``"random"`` or ``"nashpy"`` (see the module docstring).
    seed
        Seed for ``tie="random"`` / ``"nashpy"``.
    tol
        The limit is reported when the beliefs settled within ``tol`` of a certified
        equilibrium.

    Returns
    -------
    Trajectory
        ``row``/``col``: the empirical frequencies (the beliefs about each player) after
        each round (row 0: the initial counts). ``info``: ``row_plays``, ``col_plays``,
        ``ties``, and the exact final frequencies ``row_exact``/``col_exact``.

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> t = fictitious_play(BimatrixGame([[1, -1], [-1, 1]]), 4)   # matching pennies
    >>> t.info["row_plays"], t.info["col_plays"], t.info["row_exact"]
    ([0, 0, 0, 1], [0, 1, 1, 1], ['3/4', '1/4'])
    """
    game = check_game(game, "fictitious_play")
    steps = check_steps(steps)
    if tie not in ("lowest", "random", "nashpy"):
        raise GameError(f"tie must be 'lowest', 'random' or 'nashpy', got {tie!r}")
    start = play_counts if play_counts is not None else (None, None)
    cr, cc = _counts(start[0], game.m, "row"), _counts(start[1], game.n, "column")
    A, Bt = _integer_payoffs(game)
    gen = rng(seed)
    legacy = np.random.RandomState(seed) if tie == "nashpy" else None
    rows, cols = [_freq(cr)], [_freq(cc)]
    rp, cp = [], []
    ties = 0
    for _ in range(steps):
        i, t1 = _best(A, cc, tie, gen, legacy)
        j, t2 = _best(Bt, cr, tie, gen, legacy)
        ties += t1 or t2
        cr[i] += 1
        cc[j] += 1
        rp.append(i)
        cp.append(j)
        rows.append(_freq(cr))
        cols.append(_freq(cc))
    R, C = np.array(rows), np.array(cols)
    limit, dist = settle(game, R, C, tol)
    sr, sc = sum(cr), sum(cc)
    info = {"row_plays": rp, "col_plays": cp, "ties": ties, "tie": tie,
            "row_exact": [fmt(Fraction(c, sr)) for c in cr], "col_exact": [fmt(Fraction(c, sc)) for c in cc]}
    return Trajectory("fictitious-play", np.arange(steps + 1, dtype=float), R, C, limit, dist, info)


def _logit(u: np.ndarray, etha: float) -> np.ndarray:
    v = u / etha
    e = np.exp(v - v.max())
    return e / e.sum()


def stochastic_fictitious_play(game: BimatrixGame, steps: int, *, etha: float = 0.1, epsilon_bar: float = 0.01,
                               play_counts: tuple[Sequence[int], Sequence[int]] | None = None,
                               seed: int | None = None, draws: Literal["generator", "nashpy"] = "generator",
                               tol: float = 2e-2) -> Trajectory:
    """Stochastic fictitious play (nashpy's definition, with a seeded generator).

    Parameters
    ----------
    game
        The game.
    steps
        Number of rounds.
    etha
        Logit noise parameter (> 0; smaller is closer to best response).
    epsilon_bar
        Size of the uniform payoff perturbation.
    play_counts
        Initial counts.
    seed
        Seed or None.
    draws
        ``"generator"`` (numpy's ``Generator``) or ``"nashpy"``: a legacy
        ``RandomState(seed)`` drawn in nashpy's order (row noise, column noise, row play,
        column play), so that after ``numpy.random.seed(seed)`` nashpy's
        ``stochastic_fictitious_play`` gives the same trajectory.
    tol
        Limit tolerance (see :func:`fictitious_play`).

    Returns
    -------
    Trajectory
        Empirical frequencies after each round; ``info``: the plays and the final choice
        distributions.

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> t = stochastic_fictitious_play(BimatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]]), 200, seed=1)
    >>> t.limit.row
    (Fraction(0, 1), Fraction(1, 1))
    """
    game = check_game(game, "stochastic_fictitious_play")
    steps = check_steps(steps)
    if not (etha > 0 and epsilon_bar >= 0):
        raise GameError("need etha > 0 and epsilon_bar >= 0")
    if draws not in ("generator", "nashpy"):
        raise GameError(f"draws must be 'generator' or 'nashpy', got {draws!r}")
    start = play_counts if play_counts is not None else (None, None)
    cr = np.array(_counts(start[0], game.m, "row"), dtype=float)
    cc = np.array(_counts(start[1], game.n, "column"), dtype=float)
    A = np.array([[float(v) for v in r] for r in game.A])
    Bt = np.array([[float(v) for v in r] for r in game.B]).T
    gen: np.random.Generator | np.random.RandomState = rng(seed) if draws == "generator" else np.random.RandomState(seed)
    rows, cols = [np.array(_freq(list(cr)))], [np.array(_freq(list(cc)))]
    rp, cp = [], []
    dr = dc = np.zeros(0)
    for _ in range(steps):
        br = cc / cc.sum() if cc.sum() else np.full(game.n, 1 / game.n)
        bc = cr / cr.sum() if cr.sum() else np.full(game.m, 1 / game.m)
        dr = _logit(A @ br + gen.random(game.m) * epsilon_bar, etha)
        dc = _logit(Bt @ bc + gen.random(game.n) * epsilon_bar, etha)
        i, j = int(gen.choice(range(game.m), p=dr)), int(gen.choice(range(game.n), p=dc))
        cr[i] += 1
        cc[j] += 1
        rp.append(i)
        cp.append(j)
        rows.append(cr / cr.sum())
        cols.append(cc / cc.sum())
    R, C = np.array(rows), np.array(cols)
    limit, dist = settle(game, R, C, tol)
    info = {"row_plays": rp, "col_plays": cp, "row_distribution": [float(v) for v in dr],
            "col_distribution": [float(v) for v in dc]}
    return Trajectory("stochastic-fictitious-play", np.arange(steps + 1, dtype=float), R, C, limit, dist, info)
