"""Replicator dynamics (symmetric, one population) and asymmetric replicator dynamics.

Integrated with scipy's ``solve_ivp`` (``method``, default ``"LSODA"``, tolerances
1e-10/1e-12), as nashpy's ``replicator_dynamics`` / ``asymmetric_replicator_dynamics``
(which use ``odeint``):

    ẋ_i = x_i ((Ax)_i − xᵀAx)                                  (symmetric, game (A, Aᵀ))
    ẋ_i = x_i ((Ay)_i − xᵀAy),   ẏ_j = y_j ((xᵀB)_j − xᵀBy)     (asymmetric)
"""

from __future__ import annotations

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.dynamics.trajectory import Trajectory, check_game, check_start, check_steps, settle

__all__ = ["replicator", "asymmetric_replicator"]


def _floats(M) -> np.ndarray:
    return np.array([[float(v) for v in r] for r in M])


def _solve(f, z0: np.ndarray, t_end: float, steps: int, method: str) -> tuple[np.ndarray, np.ndarray]:
    from scipy.integrate import solve_ivp

    if not t_end > 0:
        raise GameError(f"t_end must be positive, got {t_end}")
    ts = np.linspace(0.0, t_end, steps + 1)
    sol = solve_ivp(lambda t, z: f(z), (0.0, t_end), z0, t_eval=ts, method=method, rtol=1e-10, atol=1e-12)
    if not sol.success:
        from gamekit.core.errors import CertificationError

        raise CertificationError(f"replicator ODE solver failed: {sol.message}")
    return ts, sol.y.T


def replicator(game: BimatrixGame, steps: int = 1000, *, t_end: float = 10.0, x0: object = None,
               method: str = "LSODA", tol: float = 1e-4) -> Trajectory:
    """One-population replicator dynamics of a symmetric game (A, Aᵀ).

    Parameters
    ----------
    game
        A symmetric game (B = Aᵀ).
    steps
        Number of output intervals on [0, ``t_end``].
    t_end
        Final time.
    x0
        Initial population (default uniform).
    method
        ``solve_ivp`` method.
    tol
        Limit tolerance: the symmetric profile (x, x) must be within ``tol`` of a certified
        equilibrium.

    Returns
    -------
    Trajectory
        ``row`` = ``col`` = the population shares over time.

    Raises
    ------
    GameError
        When the game is not symmetric or a parameter is bad.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> hawk_dove = BimatrixGame([[0, 3], [1, 2]], [[0, 1], [3, 2]])
    >>> t = replicator(hawk_dove, 200, t_end=40, x0=[0.1, 0.9])
    >>> t.limit.row
    (Fraction(1, 2), Fraction(1, 2))
    """
    game = check_game(game, "replicator")
    steps = check_steps(steps)
    if game.m != game.n or any(game.B[i][j] != game.A[j][i] for i in range(game.m) for j in range(game.n)):
        raise GameError("the replicator dynamics needs a symmetric game (B = A transposed); "
                        "use asymmetric-replicator")
    A = _floats(game.A)
    start = check_start(x0, game.m, "population")
    z0 = np.full(game.m, 1 / game.m) if start is None else start

    def f(x: np.ndarray) -> np.ndarray:
        ax = A @ x
        return x * (ax - x @ ax)

    ts, X = _solve(f, z0, t_end, steps, method)
    limit, dist = settle(game, X, X, tol)
    return Trajectory("replicator", ts, X, X.copy(), limit, dist, {"t_end": t_end, "method": method})


def asymmetric_replicator(game: BimatrixGame, steps: int = 1000, *, t_end: float = 10.0, x0: object = None,
                          y0: object = None, method: str = "LSODA", tol: float = 1e-4) -> Trajectory:
    """Two-population (asymmetric) replicator dynamics.

    Parameters
    ----------
    game
        The game.
    steps
        Number of output intervals on [0, ``t_end``].
    t_end
        Final time.
    x0, y0
        Initial populations (default uniform).
    method
        ``solve_ivp`` method.
    tol
        Limit tolerance.

    Returns
    -------
    Trajectory

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> t = asymmetric_replicator(BimatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]]), 100, t_end=30)
    >>> t.limit.row, t.limit.col
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)))
    """
    game = check_game(game, "asymmetric_replicator")
    steps = check_steps(steps)
    A, B = _floats(game.A), _floats(game.B)
    m, n = game.shape
    sx, sy = check_start(x0, m, "row"), check_start(y0, n, "column")
    z0 = np.concatenate([np.full(m, 1 / m) if sx is None else sx, np.full(n, 1 / n) if sy is None else sy])

    def f(z: np.ndarray) -> np.ndarray:
        x, y = z[:m], z[m:]
        ay, xb = A @ y, x @ B
        return np.concatenate([x * (ay - x @ ay), y * (xb - xb @ y)])

    ts, Z = _solve(f, z0, t_end, steps, method)
    X, Y = Z[:, :m], Z[:, m:]
    limit, dist = settle(game, X, Y, tol)
    return Trajectory("asymmetric-replicator", ts, X, Y, limit, dist, {"t_end": t_end, "method": method})
