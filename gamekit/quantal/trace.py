"""Tracing the principal branch of the logit QRE correspondence (Turocy's method).

From the centroid at λ = 0 the branch is followed in arc length on
(log x, log y, λ): Euler predictor along the tangent (the null vector of the Jacobian),
Moore–Penrose Newton corrector, step length grown by ``max_accel`` after an easy
correction and halved after a failed one. The trace stops when the profile's regret is at
most ``max_regret`` times the payoff range (Gambit's criterion) and the limit is then
identified with an exact equilibrium from ``gamekit.solve(g, "all")`` (also when the trace
ends because the unused strategies' probabilities underflow, as on branches converging to
a mixed equilibrium, where the regret falls only like 1/λ): the nearest
extreme equilibrium, or, inside a component of equilibria, an exact rational point of
that component; either way certified by the exact best-response test before it is
returned.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.nearest import nearest_equilibrium
from gamekit.quantal.logit import float_matrices, homotopy, homotopy_jacobian, newton_at, regret

__all__ = ["QREBranch", "qre", "trace_branch"]


@dataclass(frozen=True, eq=False)
class QREBranch:
    """The traced principal branch and its limit.

    Attributes
    ----------
    lam, row, col
        Arrays of the branch points: λ (k,), row strategies (k, m), column strategies (k, n).
    limit
        The certified Nash equilibrium the branch converges to (None if the trace stopped
        at ``lam_max`` before the regret criterion held).
    limit_index
        Index of ``limit`` in ``gamekit.solve(g, "all").equilibria`` when it is an extreme
        equilibrium, else None (a point inside a component).
    component
        Index of the maximal Nash subset (``components``) containing the limit, or None.
    distance
        Max-norm distance of the last branch point to ``limit``.
    bifurcations
        λ of the bifurcation points the trace passed (sign change of det [DH; tangentᵀ]);
        there the branch is not unique — e.g. the symmetric battle of the sexes, whose
        symmetric branch (followed here) ends at the mixed equilibrium while Gambit's
        trace leaves on an asymmetric one towards a pure equilibrium.

    Examples
    --------
    >>> import gamekit
    >>> b = gamekit.qre(gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]]))
    >>> b.limit.row, b.row.shape[1], float(b.lam[0])
    ((Fraction(1, 1), Fraction(0, 1)), 2, 0.0)
    """

    game: BimatrixGame
    lam: np.ndarray
    row: np.ndarray
    col: np.ndarray
    limit: Equilibrium | None
    limit_index: int | None
    component: int | None
    distance: float
    bifurcations: tuple[float, ...] = ()

    def __len__(self) -> int:
        return len(self.lam)

    def to_json(self) -> dict:
        """``gamekit qre --json``'s object (see docs/json.md)."""
        return {
            "rows": self.game.m, "cols": self.game.n,
            "branch": [{"lambda": float(lam), "row": [float(v) for v in x], "col": [float(v) for v in y]}
                       for lam, x, y in zip(self.lam, self.row, self.col)],
            "limit": None if self.limit is None else self.limit.to_json(),
            "limit_index": self.limit_index, "component": self.component, "distance": self.distance,
            "bifurcations": list(self.bifurcations),
        }


def _tangent(J: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
    q, _ = np.linalg.qr(J.T, mode="complete")
    t = q[:, -1]
    if previous is None:
        return t if t[-1] > 0 else -t
    return t if t @ previous > 0 else -t


def _corrector(v: np.ndarray, h: float, A: np.ndarray, B: np.ndarray) -> tuple[np.ndarray, bool, int]:
    """Newton's corrector from the predicted point ``v`` of a step of length ``h``: the
    point, whether it converged (|H| < 10⁻¹¹), and the iterations used (at most 12; it
    stops when H is not finite or a step diverges or leaves the branch)."""
    last = np.inf
    for it in range(12):
        H = homotopy(v, A, B)
        if not np.all(np.isfinite(H)):
            return v, False, it
        if np.abs(H).max() < 1e-11:
            return v, True, it
        du = np.linalg.lstsq(homotopy_jacobian(v, A, B), -H, rcond=None)[0]
        size = float(np.abs(du).max())
        if size > 0.3 * h + 1e-9 or size > 0.5 * last:  # diverging or leaving the branch
            return v, False, it
        last = size
        v = v + du
    return v, False, 11


def _accepted_step(u: np.ndarray, t: np.ndarray, h: float, sign_prev: float | None, A: np.ndarray,
                   B: np.ndarray) -> tuple[np.ndarray, float, float, int] | None:
    """One predictor–corrector step of :func:`trace_branch` from ``u`` along the tangent ``t``,
    halving the step ``h`` until it is accepted: (the new point, its step, the orientation sign,
    Newton's iterations), or None when the step underflows."""
    while h > 1e-12:
        v, ok, it = _corrector(u + h * t, h, A, B)
        if ok:
            Jv = homotopy_jacobian(v, A, B)
            t_new = _tangent(Jv, t)
            sign = np.sign(np.linalg.det(np.vstack([Jv, t_new])))
            flipped = sign_prev is not None and sign != sign_prev and sign != 0
            # no sharp turn, and no change of orientation unless the step is already tiny:
            # a flip at a long step is a jump to a nearby branch, one that persists as
            # the step shrinks is a bifurcation point being passed
            if t_new @ t > 0.99 and (not flipped or h < 1e-6 * (1.0 + abs(u[-1]))):
                return v, h, sign, it
        h /= 2
    return None


def trace_branch(game: BimatrixGame, *, max_regret: float = 1e-8, first_step: float = 0.03,
                 max_accel: float = 1.1, lam_max: float = 1e7, max_steps: int = 20_000,
                 max_step: float = 1.0,
                 stop_lambda: float | None = None) -> tuple[np.ndarray, list[float]]:
    """The branch points (k × (m + n + 1) array of (log x, log y, λ)) and the λ of the
    bifurcation points passed (sign changes of det [DH; tangentᵀ]).

    Stops at the regret criterion, at ``lam_max``, or exactly at ``stop_lambda`` if given.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    max_regret : float
        Stop when both regrets are at most this times the payoff range.
    first_step, max_accel, max_step : float
        Initial arc-length step, its largest growth factor per step, its largest size.
    lam_max : float
        Stop at this λ.
    max_steps : int
        Stop after this many predictor–corrector steps.
    stop_lambda : float, optional
        Stop exactly at this λ instead of at the regret criterion.

    Returns
    -------
    tuple
        (points, bifurcations): the k × (m + n + 1) array and the list of λ.

    Examples
    --------
    >>> import gamekit
    >>> points, bifurcations = trace_branch(gamekit.BimatrixGame([[1, -1], [-1, 1]]), stop_lambda=2.0)
    >>> float(points[-1][-1]), np.round(np.exp(points[-1][:4]), 9).tolist(), bifurcations
    (2.0, [0.5, 0.5, 0.5, 0.5], [])
    """
    A, B = float_matrices(game)
    m, n = A.shape
    scale = max(float(np.ptp(A)), float(np.ptp(B)), 1e-300)
    u = np.concatenate([np.full(m, -np.log(m)), np.full(n, -np.log(n)), [0.0]])
    points = [u.copy()]
    h = first_step
    t_prev = None
    sign_prev: float | None = None
    bifurcations: list[float] = []
    for _ in range(max_steps):
        lam = u[-1]
        x, y = np.exp(u[:m]), np.exp(u[m:m + n])
        if stop_lambda is None and lam > 0 and regret(x, y, A, B) <= max_regret * scale:
            break
        if lam >= lam_max or (stop_lambda is not None and lam >= stop_lambda):
            break
        t = _tangent(homotopy_jacobian(u, A, B), t_prev)
        step = _accepted_step(u, t, h, sign_prev, A, B)
        if step is None:  # underflow of the unused strategies' probabilities far out: stop here
            if u[-1] < 1.0:
                raise CertificationError("QRE trace: the corrector failed (step length underflow)")
            break
        v, h, sign, it = step
        if stop_lambda is not None and v[-1] >= stop_lambda:
            w = newton_at(u + (stop_lambda - u[-1]) / max(v[-1] - u[-1], 1e-300) * (v - u), stop_lambda, A, B)
            if w is None:
                raise CertificationError(f"QRE trace: Newton's method failed at lambda = {stop_lambda}")
            points.append(w)
            u = w
            break
        if len(points) > 50 and abs(v[-1] - points[-50][-1]) <= 1e-9 * max(1.0, v[-1]):
            break  # λ has not moved in 50 steps: exp(log x) underflows, the branch is numerically at its end
        if sign_prev is not None and sign != sign_prev and sign != 0:  # a simple bifurcation point passed
            bifurcations.append(float((u[-1] + v[-1]) / 2))
        sign_prev = sign
        points.append(v)
        t_prev = t
        u = v
        if it <= 3:
            h = min(h * max_accel, max_step * (1.0 + abs(u[-1])))  # geometric in λ far out
    return np.array(points), bifurcations


def qre(game: BimatrixGame, *, max_regret: float = 1e-8, first_step: float = 0.03,
        max_accel: float = 1.1, lam_max: float = 1e7) -> QREBranch:
    """Trace the principal branch of the logit QRE correspondence to its Nash limit.

    Parameters
    ----------
    game
        A :class:`~gamekit.core.game.BimatrixGame`.
    max_regret
        Stop when both regrets are at most ``max_regret`` × the payoff range (as Gambit's
        ``logit_solve``).
    first_step, max_accel
        Initial arc length and maximal growth factor of the step (Gambit's defaults).
    lam_max
        Give up the limit at this λ (``limit`` is then None).

    Returns
    -------
    QREBranch
        Branch points (λ, row, col) and the certified limiting equilibrium.

    Raises
    ------
    GameError
        When ``game`` is not a BimatrixGame or a parameter is out of range.
    CertificationError
        When the numerical trace fails or its end is not near any certified equilibrium.

    Examples
    --------
    >>> import gamekit
    >>> g = gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]])   # battle of the sexes
    >>> b = gamekit.qre(g)
    >>> b.limit.row, b.limit.col
    ((Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(0, 1)))
    >>> float(b.lam[0]), len(b) > 10
    (0.0, True)
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"qre expects a BimatrixGame, got {type(game).__name__}")
    if not (max_regret > 0 and first_step > 0 and max_accel >= 1 and lam_max > 0):
        raise GameError("need max_regret > 0, first_step > 0, max_accel >= 1 and lam_max > 0")
    pts, bif = trace_branch(game, max_regret=max_regret, first_step=first_step, max_accel=max_accel,
                            lam_max=lam_max)
    m, n = game.shape
    xs, ys = np.exp(pts[:, :m]), np.exp(pts[:, m:m + n])
    xs /= xs.sum(axis=1, keepdims=True)
    ys /= ys.sum(axis=1, keepdims=True)
    limit: Equilibrium | None = None
    index = component = None
    distance = float("nan")
    if pts[-1, -1] < lam_max:  # stopped by the regret criterion or at the numerical end
        limit, index, component, distance = nearest_equilibrium(game, xs[-1], ys[-1])
        if distance > 1e-3:
            raise CertificationError(
                f"QRE trace ended {distance:.2g} from the nearest certified equilibrium")
    return QREBranch(game, pts[:, -1].copy(), xs, ys, limit, index, component, distance, tuple(bif))
