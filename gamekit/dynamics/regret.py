"""Regret matching (Hart and Mas-Colell 2000), on expected payoffs.

Each player keeps the cumulative regret R_i = Σ_t ((A y_t)_i − x_tᵀ A y_t) of every pure
strategy against the opponent's mixed strategies so far, and plays x_{t+1} ∝ max(R, 0)
(uniform when no regret is positive). The *average* strategies converge to the set of
coarse correlated equilibria, hence to the Nash equilibria in two-player zero-sum games;
the trajectory reports the averages. (nashpy's ``regret_minimization`` is a different
rule — a learning-rate update of the current strategy — and is not compared.)
"""

from __future__ import annotations

import numpy as np

from gamekit.core.game import BimatrixGame
from gamekit.dynamics.trajectory import Trajectory, check_game, check_steps, settle

__all__ = ["regret_matching"]


def _match(R: np.ndarray) -> np.ndarray:
    p = np.maximum(R, 0.0)
    s = p.sum()
    return p / s if s > 0 else np.full(len(R), 1 / len(R))


def regret_matching(game: BimatrixGame, steps: int, *, tol: float = 1e-2) -> Trajectory:
    """Regret matching; the trajectory is the running average of the strategies.

    Parameters
    ----------
    game
        The game.
    steps
        Number of rounds.
    tol
        Limit tolerance for the averages.

    Returns
    -------
    Trajectory
        Average strategies after each round; ``info["regret"]``: the final average regrets.

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[2, -1], [-1, 1]])   # zero-sum; optimal strategies (2/5, 3/5) for both
    >>> t = regret_matching(g, 50000)
    >>> [round(float(v), 2) for v in t.row[-1]], t.limit.row
    ([0.4, 0.6], (Fraction(2, 5), Fraction(3, 5)))
    """
    game = check_game(game, "regret_matching")
    steps = check_steps(steps)
    A = np.array([[float(v) for v in r] for r in game.A])
    B = np.array([[float(v) for v in r] for r in game.B])
    m, n = game.shape
    Rx, Ry = np.zeros(m), np.zeros(n)
    sx, sy = np.zeros(m), np.zeros(n)
    rows, cols = [np.full(m, 1 / m)], [np.full(n, 1 / n)]
    for t in range(1, steps + 1):
        x, y = _match(Rx), _match(Ry)
        ay, xb = A @ y, x @ B
        Rx += ay - x @ ay
        Ry += xb - xb @ y
        sx += x
        sy += y
        rows.append(sx / t)
        cols.append(sy / t)
    X, Y = np.array(rows), np.array(cols)
    limit, dist = settle(game, X, Y, tol)
    info = {"regret": [float(Rx.max() / steps), float(Ry.max() / steps)]}
    return Trajectory("regret-matching", np.arange(steps + 1, dtype=float), X, Y, limit, dist, info)
