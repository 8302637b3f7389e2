"""Logit dynamics (Blume 1993; QuantEcon's ``LogitDynamics`` for two players).

At each step one player, chosen uniformly at random, revises: he draws a pure strategy
from the logit choice σ(β · payoffs against the opponent's current pure strategy). The
process is a Markov chain on pure profiles; the trajectory reports the empirical
frequencies of play. Its stationary distribution concentrates on the potential
maximizers of potential games as β → ∞ (stochastic stability).
"""

from __future__ import annotations

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.dynamics.trajectory import Trajectory, check_game, check_steps, settle
from gamekit.generators import rng

__all__ = ["logit_dynamics"]


def logit_dynamics(game: BimatrixGame, steps: int, *, beta: float = 1.0, start: tuple[int, int] = (0, 0),
                   seed: int | None = None, tol: float = 1e-2) -> Trajectory:
    """Logit (log-linear) revision dynamics.

    Parameters
    ----------
    game
        The game.
    steps
        Number of revisions.
    beta
        Precision β ≥ 0 of the logit choice.
    start
        Initial pure profile.
    seed
        Seed or None.
    tol
        Limit tolerance for the empirical frequencies.

    Returns
    -------
    Trajectory
        Empirical frequencies of the row and column strategies after each step;
        ``info["profiles"]``: the last profile.

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> coordination = BimatrixGame([[4, 0], [0, 1]], [[4, 0], [0, 1]])
    >>> t = logit_dynamics(coordination, 2000, beta=4.0, seed=0)
    >>> bool(t.row[-1][0] > 0.95)
    True
    """
    game = check_game(game, "logit_dynamics")
    steps = check_steps(steps)
    if not beta >= 0:
        raise GameError(f"beta must be >= 0, got {beta}")
    i, j = start
    if not (0 <= i < game.m and 0 <= j < game.n):
        raise GameError(f"start {start} is not a profile of the {game.m}x{game.n} game")
    A = np.array([[float(v) for v in r] for r in game.A])
    B = np.array([[float(v) for v in r] for r in game.B])
    gen = rng(seed)
    cr, cc = np.zeros(game.m), np.zeros(game.n)
    cr[i] += 1
    cc[j] += 1
    rows, cols = [cr.copy()], [cc.copy()]
    for _ in range(steps):
        if gen.random() < 0.5:
            v = beta * A[:, j]
            p = np.exp(v - v.max())
            i = int(gen.choice(game.m, p=p / p.sum()))
        else:
            v = beta * B[i, :]
            p = np.exp(v - v.max())
            j = int(gen.choice(game.n, p=p / p.sum()))
        cr[i] += 1
        cc[j] += 1
        rows.append(cr / cr.sum())
        cols.append(cc / cc.sum())
    rows[0] = rows[0] / rows[0].sum()
    cols[0] = cols[0] / cols[0].sum()
    X, Y = np.array(rows), np.array(cols)
    limit, dist = settle(game, X, Y, tol)
    return Trajectory("logit", np.arange(steps + 1, dtype=float), X, Y, limit, dist,
                      {"beta": beta, "profile": [i, j]})
