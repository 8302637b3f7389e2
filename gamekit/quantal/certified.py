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
lies on the principal branch (``globally_unique``). Otherwise a chain of Krawczyk boxes over
λ-intervals (λ itself a ball, F(z̃, ·) in mean-value form, the softmax over a box by its
monotonicity) is tried from the contraction range to λ (:func:`_branch_chain`): if it
closes within ``max_boxes`` boxes, the QRE in the box is proved to be the principal
branch's point (``on_principal_branch``). The chain cannot pass a fold or a bifurcation of
the branch (DF is singular there), and it needs many boxes when λ times the payoff range
is large; then ``on_principal_branch`` is False — not proved, which is not disproved — and
the box is proved to hold exactly one QRE, the one the float trace of the branch led to.
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
    on_principal_branch
        True when it is proved that the QRE in the box is the principal branch's point:
        ``globally_unique``, or a chain of ``chain_boxes`` Krawczyk boxes over λ-intervals
        joins it to the contraction range (see :func:`_branch_chain`). False means not
        proved (e.g. past a fold of the branch), not disproved.
    chain_boxes
        Number of boxes of that chain (0 when not needed or not proved).

    Examples
    --------
    >>> import gamekit
    >>> box = gamekit.qre_at(gamekit.BimatrixGame([[1, -1], [-1, 1]]), 2)   # matching pennies
    >>> box.lam, box.contains([1/2, 1/2], [1/2, 1/2])
    (Fraction(2, 1), True)
    """

    lam: Fraction
    row: tuple[tuple[Fraction, Fraction], ...]
    col: tuple[tuple[Fraction, Fraction], ...]
    globally_unique: bool
    on_principal_branch: bool = False
    chain_boxes: int = 0

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
                "on_principal_branch": self.on_principal_branch, "chain_boxes": self.chain_boxes,
                "row": [[str(lo), str(hi)] for lo, hi in self.row],
                "col": [[str(lo), str(hi)] for lo, hi in self.col],
                "width": float(self.width)}


def contraction_bound(game: BimatrixGame) -> Fraction:
    """L with ‖DG‖ ≤ λ·L: max(Σ_j range of column j of A, Σ_i range of row i of B) / 4.

    Parameters
    ----------
    game : BimatrixGame
        The game.

    Returns
    -------
    Fraction
        L: for λ·L < 1 the logit response map is a contraction, so the QRE is unique.

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


def _softmax_box(v: list) -> list:
    """The range of the softmax over the box of balls ``v``: σ_i increases in v_i and
    decreases in every other v_k, so its range has the bounds σ_i(lo_i, hi_-i) and
    σ_i(hi_i, lo_-i) (no dependency overestimation)."""
    top = max(float(t.mid()) for t in v)
    lo = [(t.lower() - top).exp() for t in v]
    hi = [(t.upper() - top).exp() for t in v]
    slo = sum(lo[1:], lo[0])
    shi = sum(hi[1:], hi[0])
    out = []
    for i in range(len(v)):
        a = lo[i] / (lo[i] + (shi - hi[i]))
        b = hi[i] / (hi[i] + (slo - lo[i]))
        out.append(a.union(b))
    return out


def _softmax_arb(v: list) -> list:
    top = max(float(t.mid()) for t in v)
    e = [(t - top).exp() for t in v]
    s = sum(e[1:], e[0])
    return [t / s for t in e]


def _krawczyk(Aq: list[list[Fraction]], Bq: list[list[Fraction]], lam, zt: np.ndarray, C: np.ndarray,
              rad: float | np.ndarray, inside: list | None = None, lam_mid=None) -> tuple[bool, list]:
    """Krawczyk's test on X = zt ± rad for λ in the ball ``lam``; with ``inside``, X must
    also contain those balls. With ``lam_mid`` (a point of ``lam``), F(z̃, λ) is enclosed by
    the mean-value form F(z̃, λ_mid) + ∂F/∂λ(z̃, lam)(lam − λ_mid), much tighter than
    evaluating the softmax on the λ-ball."""
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

    radii = np.broadcast_to(np.asarray(rad, dtype=float), zt.shape)
    X = [arb(float(v), float(r)) for v, r in zip(zt, radii)]
    if inside is not None and not all(X[k].contains_interior(inside[k]) for k in range(N)):
        return False, []
    # F(z̃) at the point, DF over the box
    dF: list | None = None
    if lam_mid is None:
        Fz = [z0[k] - g for k, g in enumerate(G(z0))]
    else:
        lam_ball = lam
        lam = lam_mid
        Fz = [z0[k] - g for k, g in enumerate(G(z0))]
        lam = lam_ball
        v = [sum((A[i][j] * z0[m + j] for j in range(1, n)), A[i][0] * z0[m]) for i in range(m)]
        w = [sum((B[i][j] * z0[i] for i in range(1, m)), B[0][j] * z0[0]) for j in range(n)]
        dF = []
        for vec in (v, w):
            sg = _softmax_box([lam * t for t in vec])
            avg = sum((sg[k] * vec[k] for k in range(1, len(vec))), sg[0] * vec[0])
            dF += [-sg[k] * (vec[k] - avg) for k in range(len(vec))]
    gx = _softmax_box([lam * sum((A[i][j] * X[m + j] for j in range(1, n)), A[i][0] * X[m]) for i in range(m)])
    gy = _softmax_box([lam * sum((B[i][j] * X[i] for i in range(1, m)), B[0][j] * X[0]) for j in range(n)])
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
    if dF is not None:  # + (C ∂F/∂λ)(λ − λ_mid): the scalar λ − λ_mid multiplied last (no dependency loss)
        CdF = Cm * arb_mat([[f] for f in dF])
        delta = lam - lam_mid
        K0 = arb_mat([[K0[k, 0] + CdF[k, 0] * delta] for k in range(N)])
    Md = M * d
    K = [z0[k] - K0[k, 0] + Md[k, 0] for k in range(N)]
    return all(X[k].contains_interior(K[k]) for k in range(N)), K


def qre_at(game: BimatrixGame, lam: object, *, max_regret: float = 1e-8, prove_branch: bool = True,
           max_boxes: int = 200) -> QREBox:
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
    prove_branch
        Also try to prove that the box holds the principal branch's point (a chain of
        Krawczyk boxes over λ-intervals from the contraction range; see
        ``on_principal_branch``).
    max_boxes
        Give up that proof after this many boxes.

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

    if not isinstance(game, BimatrixGame):
        raise GameError(f"qre_at expects a BimatrixGame, got {type(game).__name__}")
    lq = to_fraction(lam, "lambda")
    if lq < 0:
        raise GameError(f"lambda must be >= 0, got {lam}")
    m, n = game.shape
    A, B = float_matrices(game)
    z = _probabilities(_float_point(game, lq, max_regret, A, B), m)
    C = _preconditioner(z, float(lq), A, B)
    if C is None:
        raise CertificationError(f"QRE: singular Jacobian at lambda = {lam} (a bifurcation point?)")
    lam_arb = arb(fmpq(lq.numerator, lq.denominator))
    Aq, Bq = [list(r) for r in game.A], [list(r) for r in game.B]
    rad = 1e-12
    for _ in range(8):
        ok, K = _krawczyk(Aq, Bq, lam_arb, z, C, rad)
        if ok:
            bounds = [_bounds(k) for k in K]
            L = contraction_bound(game)
            principal = lq * L < 1
            boxes = 0
            if not principal and prove_branch:
                chain = _branch_chain(Aq, Bq, lq, L, A, B, K, max_boxes)
                principal, boxes = chain is not None, chain or 0
            return QREBox(lq, tuple(bounds[:m]), tuple(bounds[m:]), lq * L < 1, principal, boxes)
        rad *= 100
    raise CertificationError(f"QRE: the Krawczyk test failed at lambda = {lam}")


def _float_point(game: BimatrixGame, lq: Fraction, max_regret: float, A: np.ndarray,
                 B: np.ndarray) -> np.ndarray:
    """:func:`qre_at`'s search step: the principal branch's point at λ = ``lq`` in floats
    (log-probabilities and λ), traced from the centroid and polished by Newton."""
    from gamekit.quantal.trace import trace_branch

    m, n = game.shape
    if lq == 0:
        return np.concatenate([np.full(m, -np.log(m)), np.full(n, -np.log(n)), [0.0]])
    pts, _ = trace_branch(game, max_regret=max_regret, stop_lambda=float(lq))
    v = newton_at(pts[-1], float(lq), A, B)
    if v is None:
        raise CertificationError(f"QRE: Newton's method failed at lambda = {lq}")
    return v


def _probabilities(u: np.ndarray, m: int) -> np.ndarray:
    z = np.exp(u[:-1])
    z[:m] /= z[:m].sum()
    z[m:] /= z[m:].sum()
    return z


def _preconditioner(z: np.ndarray, lam: float, A: np.ndarray, B: np.ndarray) -> np.ndarray | None:
    """The float inverse of DF = I − DG at (z, λ), or None if singular."""
    m, n = A.shape
    x, y = z[:m], z[m:]
    DF = np.eye(m + n)
    DF[:m, m:] -= lam * x[:, None] * (A - x @ A)
    DF[m:, :m] -= lam * y[:, None] * (B.T - (B @ y)[None, :])
    try:
        return np.linalg.inv(DF)
    except np.linalg.LinAlgError:
        return None


def _branch_chain(Aq: list, Bq: list, lq: Fraction, L: Fraction, A: np.ndarray, B: np.ndarray, target: list,
                  max_boxes: int) -> int | None:
    """Prove that ``target`` (a box holding exactly one QRE at λ = lq) holds the principal
    branch's point; the number of boxes of the chain, or None when the proof fails.

    For λ < 1/L the QRE is unique (contraction), so the branch starts as the unique
    solution at a₀ = 1/(2L). Over consecutive intervals [a, b] a box X is proved by
    Krawczyk's test, with λ a ball covering [a, b], to hold exactly one solution for every
    such λ; then DF is nonsingular on X × [a, b], and the solution is a continuous curve
    z(λ) inside X (implicit function theorem). The box for [a, b] must contain the
    enclosure of z(a) from the previous box (point test at λ = a), so the curves join:
    z is continuous on [a₀, lq], starts on the principal branch, and so lies on it. At
    the end ``target`` (which holds exactly one QRE at lq) must lie inside the last box, so
    its QRE is z(lq). A fold of the branch in λ makes DF singular and the proof fail.
    """
    from flint import arb, fmpq

    from gamekit.quantal.logit import newton_at

    def ball(q: Fraction):
        return arb(fmpq(q.numerator, q.denominator))

    m, n = A.shape
    a = Fraction(1, 2) / L
    u = np.concatenate([np.full(m, -np.log(m)), np.full(n, -np.log(n)), [0.0]])
    ua = newton_at(u, float(a), A, B)
    if ua is None:
        return None
    h = (lq - a) / 16
    prev_end: list | None = None  # enclosure of z(a) from the previous box
    boxes = 0
    last: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    while a < lq:
        if boxes >= max_boxes or h < (lq - a) * Fraction(1, 10**9):
            return None
        b = min(a + h, lq)
        c = (a + b) / 2
        uc = newton_at(ua, float(c), A, B)
        ub = newton_at(ua, float(b), A, B)
        if uc is None or ub is None:
            h /= 2
            continue
        za, zb, zc = _probabilities(ua, m), _probabilities(ub, m), _probabilities(uc, m)
        C = _preconditioner(zc, float(c), A, B)
        if C is None:
            return None
        rad = 3.0 * np.maximum(np.abs(za - zc), np.abs(zb - zc)) + 1e-10
        ok, _ = _krawczyk(Aq, Bq, ball(a).union(ball(b)), zc, C, rad, inside=prev_end, lam_mid=ball(c))
        if not ok:
            h /= 2
            continue
        boxes += 1
        # z(b), the unique solution in X at λ = b, enclosed tightly: a small Krawczyk box
        # around the float z(b) inside X holds exactly one solution at b, which is z(b)
        Cb = _preconditioner(zb, float(b), A, B)
        if Cb is None:
            return None
        ok_end, K_end = _krawczyk(Aq, Bq, ball(b), zb, Cb, 1e-12)
        radii = np.broadcast_to(rad, zc.shape)
        X = [arb(float(v), float(r)) for v, r in zip(zc, radii)]
        if not ok_end or not all(X[k].contains_interior(K_end[k]) for k in range(len(X))):
            return None
        prev_end, last = K_end, (zc, C, rad)
        a, ua = b, ub
        h *= 2
    assert last is not None
    zc, C, rad = last
    radii = np.broadcast_to(rad, zc.shape)
    X = [arb(float(v), float(r)) for v, r in zip(zc, radii)]
    return boxes if all(X[k].contains_interior(target[k]) for k in range(len(X))) else None
