"""Tracked Nash equilibria of a θ-segment as *anchors*: exact type, exact point, enclosure.

An anchor is one extreme equilibrium found at the segment's sample θ₀ by the complete
enumeration and continued in θ by :mod:`games.baccara.banque.theta_nash` (certified on the
whole segment: its zero sets K, mixed sets F, pure moves and active Players do not change
there). For a θ-interval Θ of the segment, :func:`enclosure` builds a p-box R with

1. the anchor's point p_b(t₀) (exact: rational or quadratic surd) strictly inside R;
2. a set S of n_int of the anchor's equalities whose interval Jacobian is nonsingular on
   R × Θ (:func:`nash_events.det2_range`) — so for each θ ∈ Θ the system S has **at most
   one** solution in R (mean value theorem row by row);
3. no common zero of the anchor's equalities on the faces of R interior to the square
   (box exclusion) — so the continuous branch p_b(θ), which starts inside R and stays in
   the open square on the segment, never leaves R on Θ. When Θ reaches beyond the anchor's
   own segment (its formula continued across a breakpoint, :mod:`nash_breakpoint`) the
   branch may leave the square there; R may then reach outside [0, 1]² and *every* face of
   R is checked.

Hence on R × Θ the solutions of S are exactly the anchor's branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from games.baccara.banque.nash_events import ML, BanqueForms, Box, det2_range
from games.baccara.banque.nash_types import Type, conditions

__all__ = ["Anchor", "anchors_of", "enclosure", "determining", "tracked_profile"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass
class Anchor:
    """One tracked extreme equilibrium (module docstring)."""

    index: int
    sigma: tuple                 # 0, 1 or None per Player
    A: frozenset
    K: frozenset                 # zero sets (all classes of them)
    Kcls: frozenset
    F: tuple
    ones: np.ndarray             # y = 1 off F
    branch: object               # theta_nash._Branch
    const_point: tuple | None    # (p1, p2) when p does not depend on θ (rational)
    eqs: list = field(default_factory=list)
    cache: dict = field(default_factory=dict, repr=False)
    span: tuple | None = None    # (lo, hi) of the anchor's own segment (exact ends)
    banker: dict = field(default_factory=dict)   # l in F -> Banker's mixed probability (formula in p1, p2, theta)

    @property
    def n_int(self) -> int:
        return sum(1 for s in self.sigma if s is None)

    def type_on(self, U) -> Type:
        """The anchor's type restricted to the undecided sets U of a box."""
        Us = set(int(u) for u in U)
        ys = []
        for l in sorted(Us):
            ys.append((l, "F" if l in self.F else int(self.ones[l])))
        return Type(self.sigma, self.A, frozenset(c for c in self.Kcls), tuple(ys))


def _point_exact(br, t: Fraction):
    """The branch's (p₁, p₂) at a rational θ, exact (Fractions or quadratic surds)."""
    from gamekit.exact import QuadraticSurd
    from games.baccara.banque.theta_nash import _ev

    def quad_root(c0, c1, c2, sigma):
        disc = c1 * c1 - 4 * c2 * c0
        n, dd = disc.numerator, disc.denominator
        return QuadraticSurd.make(-c1 / (2 * c2), Fraction(sigma) / (2 * c2 * dd), n * dd)

    return br.point_with(t, _ev, Fraction, quad_root)


def tracked_profile(an: Anchor, theta: Fraction, p1: Fraction, p2: Fraction) -> list | None:
    """Banker's behaviour of the tracked equilibrium b at θ, evaluated exactly at (p₁, p₂) = p_b(θ).

    Off b's mixed sets F it is b's pure move, constant on b's segment (``ones``); on F the
    tracked formula y_l(p₁, p₂, θ) (:mod:`theta_nash`), evaluated in exact arithmetic. None if
    a formula cannot be evaluated there (a zero denominator).

    Parameters
    ----------
    an : Anchor
        A tracked equilibrium.
    theta, p1, p2 : Fraction
        A point of b's branch.

    Returns
    -------
    list or None
        y_l per Banker set (0, 1 or a Fraction).

    Examples
    --------
    >>> import numpy as np
    >>> an = Anchor(0, (None, None), frozenset(), frozenset(), frozenset(), (1,), np.array([1.0, 0.0, 0.0]),
    ...             None, None, banker={1: "(p1 + theta)/(2*p2)"})
    >>> tracked_profile(an, Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    [1, Fraction(1, 2), 0]
    """
    from games.baccara.banque.chunk_check import RecordRejected, _formula

    y: list = [int(v) for v in an.ones]
    for l in an.F:
        try:
            y[l] = Fraction(_formula(an.banker[l], p1=p1, p2=p2, theta=theta))
        except (RecordRejected, KeyError, TypeError):
            return None
    return y


def _const_point(br, t0: Fraction) -> tuple | None:
    """The branch's point when it does not depend on θ: the rational point at θ₀ solves the
    branch's defining polynomials identically in θ (then, by continuity and the nonzero
    coefficient / discriminant on the segment, the branch is that point throughout)."""
    import flint

    pt = _point_exact(br, t0)
    if not all(isinstance(v, Fraction) for v in pt):
        return None
    if br.kind == "const":
        return pt
    q = {n: flint.fmpq(v.numerator, v.denominator) for n, v in zip(("p1", "p2"), pt)}
    if br.kind == "lin":
        name = ("p1", "p2")[br.var]
        return pt if br.e.subs({name: q[name]}).is_zero() else None
    if br.Q.subs({"p2": q["p2"]}).is_zero() and br.e.subs(q).is_zero():
        return pt
    return None


def anchors_of(fm: BanqueForms, piece) -> list[Anchor]:
    """Anchors of a :class:`theta_nash.NashPiece` (needs ``samples[k]['draw']``)."""
    idx = {lab: i for i, lab in enumerate(fm.labels)}
    out = []
    for k, (tr, s) in enumerate(zip(piece.tracked, piece.samples)):
        fixed, Klab, Flab, _ = tr.signature
        fixed = dict(fixed)
        sigma = tuple(int(fixed[i]) if i in fixed else None for i in (0, 1))
        K = frozenset(idx[x] for x in Klab)
        F = tuple(sorted(idx[x] for x in Flab))
        draw = s["draw"]
        ones = np.array([1.0 if (v == 1 and l not in F) else 0.0 for l, v in enumerate(draw)])
        A = _active(fm, sigma, ones, F, draw, s["p1"], s["p2"])
        cp = _const_point(tr.branch, Fraction(piece.sample))
        banker = {l: tr.formulas[f"y {fm.labels[l]}"] for l in F}
        out.append(Anchor(k, sigma, frozenset(A), K, frozenset(fm.cls[l] for l in K), F, ones, tr.branch, cp,
                          span=(piece.lo, piece.hi), banker=banker))
    return out


def _active(fm, sigma, ones, F, draw, p1, p2) -> set:
    """Interior Players and the pure Players whose gain D_i is 0 at the sample (exact)."""
    A = {i for i in (0, 1) if sigma[i] is None}
    for i in (0, 1):
        if i in A:
            continue
        q = p2 if i == 0 else p1
        val = fm.c[i].at_exact(q if i == 1 else 0, q if i == 0 else 0)[0]
        for l, v in enumerate(draw):
            if v:
                val += v * fm.d[i][l].at_exact(q if i == 1 else 0, q if i == 0 else 0)[0]
        if val == 0:
            A.add(i)
    return A


def _anchor_eqs(fm: BanqueForms, an: Anchor, box: Box) -> list[ML]:
    """The anchor's equalities: g over its zero classes and the Players' extra rows."""
    U = sorted(an.K | set(an.F))
    t = an.type_on(U)
    conds = conditions(fm, t, an.ones, box)
    if conds.skip or conds.unsure:
        return []
    return conds.eqs


def determining(eqs: list[ML], sigma: tuple, box: Box) -> list[ML] | None:
    """n_int equations with a nonsingular interval Jacobian on the box (None if none)."""
    interior = [i for i in (0, 1) if sigma[i] is None]
    if not interior:
        return []
    if len(interior) == 1:
        (v,) = interior
        for e in eqs:
            if e.partial(v).range(box).nonzero:
                return [e]
        return None
    parts = [(e, e.partial(0).range(box), e.partial(1).range(box)) for e in eqs]
    for i in range(len(parts)):
        for j in range(i + 1, len(parts)):
            e1, a1, b1 = parts[i]
            e2, a2, b2 = parts[j]
            if det2_range(a1, b1, a2, b2).nonzero:
                return [e1, e2]
    return None


def _faces_clear(eqs: list[ML], R: Box, interior: list[int], budget: list[int], all_faces: bool = False) -> bool:
    """No common zero of ``eqs`` on the faces of R inside the open square (subdivision);
    ``all_faces``: on every face, including those on the square's sides."""
    for v in interior:
        side = (R.x, R.y)[v]
        for val in side:
            if val in (_ZERO, _ONE) and not all_faces:
                continue
            face = R.with_(**{"xy"[v]: (val, val)})
            if not _clear(eqs, face, budget, 0):
                return False
    return True


def _clear(eqs, box: Box, budget: list[int], depth: int) -> bool:
    budget[0] -= 1
    if budget[0] < 0 or depth > 40:
        return False
    if any(e.range(box).nonzero for e in eqs):
        return True
    k = max(range(3), key=lambda j: box.width(j) * (1 if j < 2 else 8))
    s = (box.x, box.y, box.t)[k]
    mid = (s[0] + s[1]) / 2
    name = "xyt"[k]
    return (_clear(eqs, box.with_(**{name: (s[0], mid)}), budget, depth + 1)
            and _clear(eqs, box.with_(**{name: (mid, s[1])}), budget, depth + 1))


def _dyadic_out(lo: float, hi: float, clamp: bool = True) -> tuple[Fraction, Fraction]:
    a = Fraction(lo).limit_denominator(1 << 40)
    b = Fraction(hi).limit_denominator(1 << 40)
    a, b = min(a, Fraction(lo)), max(b, Fraction(hi))
    return (max(_ZERO, a), min(_ONE, b)) if clamp else (a, b)


def _within(span: tuple | None, T: tuple) -> bool:
    """T lies in the anchor's own (closed) segment, where its branch stays in the open square."""
    from gamekit.exact import compare_numbers

    return span is not None and compare_numbers(span[0], T[0]) <= 0 and compare_numbers(T[1], span[1]) <= 0


def enclosure(fm: BanqueForms, an: Anchor, T: tuple[Fraction, Fraction]) -> tuple[Box, list] | None:
    """(R × Θ, S) as in the module docstring, or None when the checks fail (cached)."""
    if T in an.cache:
        return an.cache[T]
    out = None
    interior = [i for i in (0, 1) if an.sigma[i] is None]
    if not interior:
        R = Box((Fraction(an.sigma[0]),) * 2, (Fraction(an.sigma[1]),) * 2, T)
        out = (R, [])
    else:
        out = _build(fm, an, T, interior)
    an.cache[T] = out
    return out


def _build(fm, an: Anchor, T, interior) -> tuple[Box, list] | None:
    """On the anchor's own segment the branch stays in the open square, so R is clipped to
    [0, 1]² and the square's sides need no check. Continued beyond it (a breakpoint proof),
    the branch may leave the square (p_i → 0 at the breakpoint): R may then reach outside
    [0, 1]² and every face of R is checked."""
    own = _within(an.span, T)
    ts = [T[0], (T[0] + T[1]) / 2, T[1]]
    pts = [an.branch.point_mp(_mpf(t)) for t in ts]
    p0 = _point_exact(an.branch, T[0])
    for margin in (1e-2, 1e-3, 1e-4, 1e-6, 1e-8):
        sides = []
        for v in (0, 1):
            if an.sigma[v] is not None:
                sides.append((Fraction(an.sigma[v]),) * 2)
                continue
            vals = [float(pt[v]) for pt in pts]
            spread = max(vals) - min(vals)
            sides.append(_dyadic_out(min(vals) - spread - margin, max(vals) + spread + margin, clamp=own))
        R = Box(sides[0], sides[1], T)
        if not all(sides[v][0] < p0[v] < sides[v][1] or sides[v][0] == p0[v] == sides[v][1] for v in (0, 1)):
            continue
        eqs = _anchor_eqs(fm, an, R)
        S = determining(eqs, an.sigma, R)
        if S is None:
            continue
        if _faces_clear(eqs, R, interior, [4000], all_faces=not own):
            return R, S
    return None


def _mpf(t: Fraction):
    from games.baccara.banque.theta_nash import _mp

    return _mp(t)
