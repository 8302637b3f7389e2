"""The logit response map and the homotopy equations in floating point (a search step only).

A logit QRE at precision λ ≥ 0 is a profile (x, y) with x = σ(λ A y) and y = σ(λ Bᵀ x),
σ the softmax. The branch is traced in (log x, log y, λ): m + n equations in m + n + 1
unknowns,

    log x_i − log x_0 − λ((Ay)_i − (Ay)_0) = 0  (i ≥ 1),   Σ x − 1 = 0,
    log y_j − log y_0 − λ((xᵀB)_j − (xᵀB)_0) = 0  (j ≥ 1),   Σ y − 1 = 0.
"""

from __future__ import annotations

import numpy as np

from gamekit.core.game import BimatrixGame

__all__ = ["float_matrices", "softmax", "homotopy", "homotopy_jacobian", "regret", "newton_at"]


def float_matrices(game: BimatrixGame) -> tuple[np.ndarray, np.ndarray]:
    """(A, B) as float arrays.

    Parameters
    ----------
    game : BimatrixGame
        The game.

    Returns
    -------
    tuple of numpy.ndarray
        (A, B), each m×n of float64.

    Examples
    --------
    >>> A, B = float_matrices(BimatrixGame([[1, "1/2"]], [[0, 2]]))
    >>> A.tolist(), B.tolist()
    ([[1.0, 0.5]], [[0.0, 2.0]])
    """
    return (np.array([[float(v) for v in r] for r in game.A]),
            np.array([[float(v) for v in r] for r in game.B]))


def softmax(v: np.ndarray) -> np.ndarray:
    """σ(v) computed stably.

    Parameters
    ----------
    v : numpy.ndarray
        A vector of floats.

    Returns
    -------
    numpy.ndarray
        exp(v) / Σ exp(v), shifted by max(v) so that no exponential overflows.

    Examples
    --------
    >>> softmax(np.array([0.0, np.log(3.0)])).tolist()
    [0.25, 0.75]
    >>> softmax(np.array([1000.0, 1000.0])).tolist()
    [0.5, 0.5]
    """
    e = np.exp(v - v.max())
    return e / e.sum()


def homotopy(u: np.ndarray, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """H(u), u = (log x, log y, λ).

    Parameters
    ----------
    u : numpy.ndarray
        The point (log x, log y, λ), of length m + n + 1.
    A, B : numpy.ndarray
        The m×n payoff matrices (floats).

    Returns
    -------
    numpy.ndarray
        The m + n equations of the module doc, zero exactly at a logit QRE at λ.

    Examples
    --------
    >>> A, B = float_matrices(BimatrixGame([[1, -1], [-1, 1]]))
    >>> homotopy(np.array([np.log(0.5)] * 4 + [2.0]), A, B).tolist()  # uniform: the QRE
    [0.0, 0.0, 0.0, 0.0]
    """
    m, n = A.shape
    lx, ly, lam = u[:m], u[m:m + n], u[-1]
    x, y = np.exp(lx), np.exp(ly)
    ay, xb = A @ y, x @ B
    return np.concatenate([lx[1:] - lx[0] - lam * (ay[1:] - ay[0]), [x.sum() - 1],
                           ly[1:] - ly[0] - lam * (xb[1:] - xb[0]), [y.sum() - 1]])


def homotopy_jacobian(u: np.ndarray, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """DH(u), an (m + n) × (m + n + 1) matrix.

    Parameters
    ----------
    u : numpy.ndarray
        The point (log x, log y, λ).
    A, B : numpy.ndarray
        The m×n payoff matrices (floats).

    Returns
    -------
    numpy.ndarray
        The Jacobian of :func:`homotopy` at ``u`` (the last column is ∂H/∂λ).

    Examples
    --------
    >>> A, B = float_matrices(BimatrixGame([[1, -1], [-1, 1]]))
    >>> homotopy_jacobian(np.array([np.log(0.5)] * 4 + [2.0]), A, B).shape
    (4, 5)
    """
    m, n = A.shape
    lx, ly, lam = u[:m], u[m:m + n], u[-1]
    x, y = np.exp(lx), np.exp(ly)
    ay, xb = A @ y, x @ B
    J = np.zeros((m + n, m + n + 1))
    for i in range(1, m):
        J[i - 1, i] = 1.0
        J[i - 1, 0] = -1.0
        J[i - 1, m:m + n] = -lam * (A[i] - A[0]) * y
        J[i - 1, -1] = -(ay[i] - ay[0])
    J[m - 1, :m] = x
    for j in range(1, n):
        r = m + j - 1
        J[r, m + j] = 1.0
        J[r, m] = -1.0
        J[r, :m] = -lam * (B[:, j] - B[:, 0]) * x
        J[r, -1] = -(xb[j] - xb[0])
    J[m + n - 1, m:m + n] = y
    return J


def regret(x: np.ndarray, y: np.ndarray, A: np.ndarray, B: np.ndarray) -> float:
    """max of the two players' regrets at (x, y).

    Parameters
    ----------
    x, y : numpy.ndarray
        Mixed strategies of players I and II (floats).
    A, B : numpy.ndarray
        The m×n payoff matrices (floats).

    Returns
    -------
    float
        max(max_i (Ay)_i − xᵀAy, max_j (xᵀB)_j − xᵀBy); 0 at a Nash equilibrium.

    Examples
    --------
    >>> A, B = float_matrices(BimatrixGame([[1, -1], [-1, 1]]))
    >>> regret(np.array([1.0, 0.0]), np.array([1.0, 0.0]), A, B)
    2.0
    """
    ay, xb = A @ y, x @ B
    return float(max(ay.max() - x @ ay, xb.max() - xb @ y))


def newton_at(u: np.ndarray, lam: float, A: np.ndarray, B: np.ndarray, iters: int = 50,
              tol: float = 1e-14) -> np.ndarray | None:
    """Newton's method at fixed λ from u (λ entry replaced); None if it does not converge.

    Parameters
    ----------
    u : numpy.ndarray
        The starting point (log x, log y, λ).
    lam : float
        The precision λ to solve at.
    A, B : numpy.ndarray
        The m×n payoff matrices (floats).
    iters : int
        Maximum number of Newton steps.
    tol : float
        Max-norm of H at which to stop.

    Returns
    -------
    numpy.ndarray or None
        The QRE at ``lam`` as (log x, log y, λ), or None.

    Examples
    --------
    >>> A, B = float_matrices(BimatrixGame([[1, -1], [-1, 1]]))
    >>> v = newton_at(np.log(np.array([0.9, 0.1, 0.5, 0.5, 1.0])), 2.0, A, B)
    >>> np.round(np.exp(v[:4]), 12).tolist()
    [0.5, 0.5, 0.5, 0.5]
    """
    v = u.copy()
    v[-1] = lam
    for _ in range(iters):
        h = homotopy(v, A, B)
        if not np.all(np.isfinite(h)):
            return None
        if np.abs(h).max() < tol:
            return v
        J = homotopy_jacobian(v, A, B)[:, :-1]
        try:
            step = np.linalg.solve(J, -h)
        except np.linalg.LinAlgError:
            return None
        v[:-1] += step
    return v if np.abs(homotopy(v, A, B)).max() < 1e3 * tol else None
