"""Maximum-likelihood estimation of the logit precision λ from observed play.

As Gambit's ``logit_estimate`` (fixed-point method): the log-likelihood
ℓ(λ) = Σ_i c_i log x_i(λ) + Σ_j d_j log y_j(λ) is evaluated along the principal branch,
the best traced point is taken and refined on the bracket of its neighbours (bounded
scalar search, Newton's method at each λ from the branch).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.quantal.logit import float_matrices, newton_at

__all__ = ["QREFit", "qre_fit"]


@dataclass(frozen=True)
class QREFit:
    """The maximum-likelihood λ, its QRE (floats) and the log-likelihood there.

    Examples
    --------
    >>> import gamekit
    >>> f = gamekit.qre_fit(gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]]), ([30, 10], [20, 20]))
    >>> isinstance(f, QREFit), round(f.lam, 2), sorted(f.to_json())
    (True, 0.85, ['col', 'lambda', 'log_like', 'row'])
    """

    lam: float
    row: tuple[float, ...]
    col: tuple[float, ...]
    log_like: float

    def to_json(self) -> dict:
        return {"lambda": self.lam, "row": list(self.row), "col": list(self.col), "log_like": self.log_like}


def _counts(v: Sequence, size: int, who: str) -> np.ndarray:
    try:
        a = np.array([float(c) for c in v])
    except (TypeError, ValueError):
        raise GameError(f"{who} counts must be numbers") from None
    if a.shape != (size,) or (a < 0).any() or not np.isfinite(a).all():
        raise GameError(f"{who} counts must be {size} non-negative numbers")
    return a


def qre_fit(game: BimatrixGame, counts: tuple[Sequence, Sequence]) -> QREFit:
    """The λ maximizing the likelihood of observed strategy counts on the principal branch.

    Parameters
    ----------
    game
        A :class:`~gamekit.core.game.BimatrixGame`.
    counts
        ``(row_counts, col_counts)``: how often each strategy was observed.

    Returns
    -------
    QREFit

    Raises
    ------
    GameError
        On counts of the wrong length, negative or all zero.

    Examples
    --------
    >>> import gamekit
    >>> g = gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]])
    >>> f = gamekit.qre_fit(g, ([30, 10], [20, 20]))
    >>> round(f.lam, 2), round(f.row[0], 3)
    (0.85, 0.727)
    """
    from scipy.optimize import minimize_scalar

    from gamekit.quantal.trace import trace_branch

    if not isinstance(game, BimatrixGame):
        raise GameError(f"qre_fit expects a BimatrixGame, got {type(game).__name__}")
    if not isinstance(counts, (tuple, list)) or len(counts) != 2:
        raise GameError("counts must be a pair (row_counts, col_counts)")
    m, n = game.shape
    c, d = _counts(counts[0], m, "row"), _counts(counts[1], n, "column")
    if c.sum() + d.sum() == 0:
        raise GameError("counts are all zero")
    A, B = float_matrices(game)
    pts, _ = trace_branch(game)

    def ll(u: np.ndarray) -> float:
        with np.errstate(divide="ignore"):
            lx = u[:m] - np.log(np.exp(u[:m]).sum())
            ly = u[m:m + n] - np.log(np.exp(u[m:m + n]).sum())
        return float(np.dot(c, lx) + np.dot(d, ly))

    values = [ll(u) for u in pts]
    k = int(np.argmax(values))
    best, best_u = values[k], pts[k]
    lo, hi = pts[max(k - 1, 0), -1], pts[min(k + 1, len(pts) - 1), -1]
    if hi > lo:
        def neg(lam: float) -> float:
            v = newton_at(pts[k], lam, A, B)
            return np.inf if v is None else -ll(v)

        res = minimize_scalar(neg, bounds=(lo, hi), method="bounded", options={"xatol": 1e-10})
        v = newton_at(pts[k], float(res.x), A, B)
        if v is not None and ll(v) >= best:
            best, best_u = ll(v), v
    x = np.exp(best_u[:m])
    y = np.exp(best_u[m:m + n])
    return QREFit(float(best_u[-1]), tuple(float(v) for v in x / x.sum()),
                  tuple(float(v) for v in y / y.sum()), best)
