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
    """(A, B) as float arrays."""
    return (np.array([[float(v) for v in r] for r in game.A]),
            np.array([[float(v) for v in r] for r in game.B]))


def softmax(v: np.ndarray) -> np.ndarray:
    """σ(v) computed stably."""
    e = np.exp(v - v.max())
    return e / e.sum()


def homotopy(u: np.ndarray, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """H(u), u = (log x, log y, λ)."""
    m, n = A.shape
    lx, ly, lam = u[:m], u[m:m + n], u[-1]
    x, y = np.exp(lx), np.exp(ly)
    ay, xb = A @ y, x @ B
    return np.concatenate([lx[1:] - lx[0] - lam * (ay[1:] - ay[0]), [x.sum() - 1],
                           ly[1:] - ly[0] - lam * (xb[1:] - xb[0]), [y.sum() - 1]])


def homotopy_jacobian(u: np.ndarray, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """DH(u), an (m + n) × (m + n + 1) matrix."""
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
    """max of the two players' regrets at (x, y)."""
    ay, xb = A @ y, x @ B
    return float(max(ay.max() - x @ ay, xb.max() - xb @ y))


def newton_at(u: np.ndarray, lam: float, A: np.ndarray, B: np.ndarray, iters: int = 50,
              tol: float = 1e-14) -> np.ndarray | None:
    """Newton's method at fixed λ from u (λ entry replaced); None if it does not converge."""
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
