"""Certified enclosure of the logit QRE at one λ (Krawczyk's interval Newton test).

With z = (x, y) and G(z) = (σ(λAy), σ(λBᵀx)), a QRE is a zero of F(z) = z − G(z). For a
box X around the float solution z̃ and C ≈ DF(z̃)⁻¹, the Krawczyk operator

    K(X) = z̃ − C F(z̃) + (I − C DF(X)) (X − z̃)

is evaluated in python-flint ``arb`` ball arithmetic (every rounding enclosed). If
K(X) lies in the interior of X, then X holds exactly one zero of F, i.e. exactly one
QRE, and that QRE lies in K(X) (Krawczyk 1969; Neumaier, *Interval Methods for Systems
of Equations*, Thm 5.1.8). The reported box is K(X).

What is proved beyond that: when λ · max(Σ_j range_j(A), Σ_i range_i(B)) / 4 < 1, G is a
contraction of the product of simplices (each softmax has ∞-norm derivative ≤ 1/2, and a
column shift of A does not change σ(λAy)), so the QRE at this λ is unique and therefore
lies on the principal branch (``globally_unique``). Otherwise the box is proved to hold
exactly one QRE — the one the float trace of the principal branch led to, which is not
itself proved.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import to_fraction
from gamekit.quantal.logit import float_matrices, newton_at

__all__ = ["QREBox", "qre_at", "contraction_bound"]


@dataclass(frozen=True)
class QREBox:
    """A box proved to contain exactly one logit QRE at ``lam``.

    Attributes
    ----------
    lam
        The precision λ (exact).
    row, col
        Per strategy, the exact bounds ``(lo, hi)`` of the box.
    globally_unique
        True when the contraction bound proves the QRE at ``lam`` is unique (so this is
        the principal branch's point).
    """

    lam: Fraction
    row: tuple[tuple[Fraction, Fraction], ...]
    col: tuple[tuple[Fraction, Fraction], ...]
    globally_unique: bool

    def contains(self, row: object, col: object) -> bool:
        """Whether the profile (row, col) (exact or float entries) lies in the box."""
        pairs = list(zip(self.row, list(row))) + list(zip(self.col, list(col)))  # type: ignore[call-overload]
        if len(pairs) != len(self.row) + len(self.col):
            return False
        return all(lo <= to_fraction(v) <= hi for (lo, hi), v in pairs)

    @property
    def width(self) -> Fraction:
        """The largest side of the box."""
        return max(hi - lo for lo, hi in self.row + self.col)

    def midpoint(self) -> tuple[list[float], list[float]]:
        """The box centre as floats."""
        return ([float((lo + hi) / 2) for lo, hi in self.row], [float((lo + hi) / 2) for lo, hi in self.col])

    def to_json(self) -> dict:
        return {"lambda": str(self.lam), "globally_unique": self.globally_unique,
                "row": [[str(lo), str(hi)] for lo, hi in self.row],
                "col": [[str(lo), str(hi)] for lo, hi in self.col],
                "width": float(self.width)}


def contraction_bound(game: BimatrixGame) -> Fraction:
    """L with ‖DG‖ ≤ λ·L: max(Σ_j range of column j of A, Σ_i range of row i of B) / 4.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> contraction_bound(BimatrixGame([[1, -1], [-1, 1]]))
    Fraction(1, 1)
    """
    ra = sum((max(c) - min(c) for c in zip(*game.A)), Fraction(0))
    rb = sum((max(r) - min(r) for r in game.B), Fraction(0))
    return max(ra, rb) / 4


def _bounds(ball) -> tuple[Fraction, Fraction]:
    m, e = ball.mid().man_exp()
    r, f = ball.rad().man_exp()
    mid = Fraction(int(m)) * Fraction(2) ** int(e)
    rad = Fraction(int(r)) * Fraction(2) ** int(f)
    return mid - rad, mid + rad


def _softmax_arb(v: list) -> list:
    top = max(float(t.mid()) for t in v)
    e = [(t - top).exp() for t in v]
    s = sum(e[1:], e[0])
    return [t / s for t in e]


def _krawczyk(Aq: list[list[Fraction]], Bq: list[list[Fraction]], lam, zt: np.ndarray, C: np.ndarray,
              rad: float) -> tuple[bool, list]:
    from flint import arb, arb_mat, fmpq

    m, n = len(Aq), len(Aq[0])
    N = m + n
    A = [[arb(fmpq(a.numerator, a.denominator)) for a in r] for r in Aq]
    B = [[arb(fmpq(b.numerator, b.denominator)) for b in r] for r in Bq]
    z0 = [arb(float(v)) for v in zt]

    def G(z: list) -> list:
        x, y = z[:m], z[m:]
        ay = [lam * sum((A[i][j] * y[j] for j in range(1, n)), A[i][0] * y[0]) for i in range(m)]
        xb = [lam * sum((B[i][j] * x[i] for i in range(1, m)), B[0][j] * x[0]) for j in range(n)]
        return _softmax_arb(ay) + _softmax_arb(xb)

    X = [arb(float(v), rad) for v in zt]
    # F(z̃) at the point, DF over the box
    Fz = [z0[k] - g for k, g in enumerate(G(z0))]
    gx = _softmax_arb([lam * sum((A[i][j] * X[m + j] for j in range(1, n)), A[i][0] * X[m]) for i in range(m)])
    gy = _softmax_arb([lam * sum((B[i][j] * X[i] for i in range(1, m)), B[0][j] * X[0]) for j in range(n)])
    DF = [[arb(1 if r == c else 0) for c in range(N)] for r in range(N)]
    for i in range(m):  # ∂x_i/∂y_l = λ σ_i (A_il − Σ_k σ_k A_kl)
        for l in range(n):
            avg = sum((gx[k] * A[k][l] for k in range(1, m)), gx[0] * A[0][l])
            DF[i][m + l] = DF[i][m + l] - lam * gx[i] * (A[i][l] - avg)
    for j in range(n):
        for k in range(m):
            avg = sum((gy[t] * B[k][t] for t in range(1, n)), gy[0] * B[k][0])
            DF[m + j][k] = DF[m + j][k] - lam * gy[j] * (B[k][j] - avg)
    Cm = arb_mat([[arb(float(c)) for c in row] for row in C])
    M = arb_mat([[arb(1 if r == c else 0) for c in range(N)] for r in range(N)]) - Cm * arb_mat(DF)
    d = arb_mat([[X[k] - z0[k]] for k in range(N)])
    K0 = Cm * arb_mat([[f] for f in Fz])
    Md = M * d
    K = [z0[k] - K0[k, 0] + Md[k, 0] for k in range(N)]
    return all(X[k].contains_interior(K[k]) for k in range(N)), K


def qre_at(game: BimatrixGame, lam: object, *, max_regret: float = 1e-8) -> QREBox:
    """The logit QRE of the principal branch at ``lam``, enclosed in a certified box.

    The branch is traced in floating point from λ = 0 to ``lam`` (as Gambit's
    ``logit_solve_lambda``), then Krawczyk's test proves in ball arithmetic that a box
    around the point contains exactly one QRE (see the module docstring for what is and
    is not proved about the branch).

    Parameters
    ----------
    game
        A :class:`~gamekit.core.game.BimatrixGame`.
    lam
        λ ≥ 0 (int, Fraction, "p/q" string or float, taken exactly).
    max_regret
        Passed to the trace (unused once λ is reached).

    Returns
    -------
    QREBox

    Raises
    ------
    GameError
        When λ is negative or not a number.
    CertificationError
        When the Krawczyk test fails (e.g. at a bifurcation point of the correspondence).

    Examples
    --------
    >>> import gamekit
    >>> box = gamekit.qre_at(gamekit.BimatrixGame([[1, -1], [-1, 1]]), 2)   # matching pennies
    >>> box.contains([1/2, 1/2], [1/2, 1/2]), box.globally_unique, box.width < 1e-12
    (True, False, True)
    """
    from flint import arb, fmpq

    from gamekit.quantal.trace import trace_branch

    if not isinstance(game, BimatrixGame):
        raise GameError(f"qre_at expects a BimatrixGame, got {type(game).__name__}")
    lq = to_fraction(lam, "lambda")
    if lq < 0:
        raise GameError(f"lambda must be >= 0, got {lam}")
    m, n = game.shape
    A, B = float_matrices(game)
    if lq == 0:
        u = np.concatenate([np.full(m, -np.log(m)), np.full(n, -np.log(n)), [0.0]])
    else:
        pts, _ = trace_branch(game, max_regret=max_regret, stop_lambda=float(lq))
        v = newton_at(pts[-1], float(lq), A, B)
        if v is None:
            raise CertificationError(f"QRE: Newton's method failed at lambda = {lam}")
        u = v
    z = np.exp(u[:-1])
    z[:m] /= z[:m].sum()
    z[m:] /= z[m:].sum()
    x, y = z[:m], z[m:]
    # float Jacobian DF at z̃ for the preconditioner C
    DF = np.eye(m + n)
    lf = float(lq)
    DF[:m, m:] -= lf * x[:, None] * (A - x @ A)
    DF[m:, :m] -= lf * y[:, None] * (B.T - (B @ y)[None, :])
    try:
        C = np.linalg.inv(DF)
    except np.linalg.LinAlgError as exc:
        raise CertificationError(f"QRE: singular Jacobian at lambda = {lam} (a bifurcation point?)") from exc
    lam_arb = arb(fmpq(lq.numerator, lq.denominator))
    rad = 1e-12
    for _ in range(8):
        ok, K = _krawczyk([list(r) for r in game.A], [list(r) for r in game.B], lam_arb, z, C, rad)
        if ok:
            bounds = [_bounds(k) for k in K]
            L = contraction_bound(game)
            return QREBox(lq, tuple(bounds[:m]), tuple(bounds[m:]), lq * L < 1)
        rad *= 100
    raise CertificationError(f"QRE: the Krawczyk test failed at lambda = {lam}")
