"""The three-person Nash equilibria of banque on a θ-segment, with exact segment ends.

At a rational θ₀ every extreme equilibrium (p₁, p₂, y) is found exactly
(:func:`games.baccara.banque.nash.banque_nash`). Its structure — which p_i are pure, the
Banker sets K with g_l(p, θ₀) = 0, the mixed sets F ⊆ K, the Players whose gain D_i is
0 — defines it locally as the solution of a square polynomial system in the unknowns
(interior p_i, y_F), over Q[p₁, p₂, θ] (python-flint multivariate polynomials):

* y_F from the active gains D_i = 0 (linear in y, coefficients affine in p; Cramer);
* p from n_int of the equations g_k(p, θ) = 0 (bilinear in p, affine in θ) and, when a
  Player's gain is active without a mixed set to absorb it, the gain itself (θ-free after
  the factor θ or 1 − θ). One interior p: p_i is a ratio of affine functions of θ; two:
  p₂ is a root of the resultant Res_{p₁}(e₁, e₂) (the factor through the point, degree 1
  or 2 in p₂, coefficients polynomial in θ) and p₁ follows from e₁ (linear in p₁).

The other K-equations and active gains must vanish identically on that branch (checked by
resultants; else θ₀ is not generic and is moved). Every strict inequality of the
equilibrium — 0 < p_i < 1, the sign of g_l (l ∉ K), 0 < y_l < 1 (l ∈ F), the sign of an
inactive Player's gain — becomes a polynomial h(p₁, p₂, θ); its θ-eliminant R_h(θ)
(resultants with the branch equations) vanishes wherever h does on the branch. The
segment ends at the nearest root of some R_h at which h vanishes *on this branch* — the
choice among the roots of R_h (the other branch of a quadratic can vanish there) is made
by evaluating h on the branch in ball arithmetic over a ball around the root (python-flint
``arb``, 256 bits; :func:`_accept`). A root is dropped only when the ball excludes 0, which
proves h ≠ 0 on the branch there; an undecided root is kept, which at worst splits a segment
in two identical halves that :func:`merge` joins again. So, with the exact eliminants and the
exact root isolation, **the tracked branch is proved to be an equilibrium of the same
structure on the whole open segment**: every strict inequality h keeps its sign at θ₀ (exact)
up to the ends, the branch formula stays finite and real (its denominators and discriminant
are conditions too), and every end is an exact algebraic number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import flint

from gamekit.exact import (
    QuadraticSurd,
    RealAlgebraic,
    compare_numbers,
    exact_str,
    int_poly,
    rational_bounds,
    real_roots,
)
from games.baccara.banque.model import banque_tables
from games.baccara.banque.theta_poly import theta_tables

__all__ = ["NashPiece", "nash_piece", "merge"]

_CTX = flint.fmpq_mpoly_ctx.get(("p1", "p2", "t"), "lex")
P1, P2, TT = _CTX.gens()
_ZERO, _ONE = Fraction(0), Fraction(1)
_DIGITS = 60
_ARB_BITS = 256     # precision of the certified root decision (:func:`_accept`)


def _q(x: Fraction):
    return flint.fmpq(x.numerator, x.denominator)


def _mp_affine(poly_t) -> object:
    """A θ-polynomial (tuple of Fractions) as an mpoly in t."""
    out = _CTX.constant(0)
    for k, c in enumerate(poly_t):
        if c:
            out += _q(c) * TT ** k
    return out


class _Data:
    """θ-free and θ-affine building blocks (cached per deck model)."""

    _cache: dict = {}

    def __init__(self, decks: int | None) -> None:
        T = theta_tables(decks)
        tb = banque_tables(decks)
        self.labels = T.infosets
        xs = ((1 - P1) * (1 - P2), (1 - P1) * P2, P1 * (1 - P2), P1 * P2)
        n = len(T.infosets)
        self.g = [sum((xs[u] * _mp_affine(T.gain[u][l]) for u in range(4)), _CTX.constant(0)) for l in range(n)]
        self.gain = T.gain
        self.V = (tb.V1, tb.V2)
        self.base = (tb.base1, tb.base2)

    @classmethod
    def get(cls, decks):
        if decks not in cls._cache:
            cls._cache[decks] = cls(decks)
        return cls._cache[decks]

    def player_gain(self, i: int, y: dict, F: list[int]):
        """D_i' (θ factor dropped, same sign as D_i): (constant mpoly, {l: coefficient mpoly})."""
        V, base = self.V[i], self.base[i]
        r, d = [], []
        for u in range(4):
            s = base + sum((w0 for w0, _ in V[u]), _ZERO)
            s += sum(((V[u][l][1] - V[u][l][0]) for l, v in y.items() if v == 1 and l not in F), _ZERO)
            r.append(s)
            d.append({l: V[u][l][1] - V[u][l][0] for l in F})
        if i == 0:   # Player 1 acts on the first letter: DS − SS and DD − SD, mixed by p₂
            a, b, c, e, q = 2, 0, 3, 1, P2
        else:        # Player 2: SD − SS and DD − DS, mixed by p₁
            a, b, c, e, q = 1, 0, 3, 2, P1
        const = -((1 - q) * _q(r[a] - r[b]) + q * _q(r[c] - r[e]))
        coef = {l: -((1 - q) * _q(d[a][l] - d[b][l]) + q * _q(d[c][l] - d[e][l])) for l in F}
        return const, coef


def _ev(m, p1, p2, t):
    """Exact value of an mpoly at (p1, p2, t) (Fractions or surds of one field)."""
    out = _ZERO
    for mon, c in zip(m.monoms(), m.coeffs()):
        term = Fraction(int(c.p), int(c.q))
        for v, k in zip((p1, p2, t), mon):
            for _ in range(int(k)):
                term = term * v
        out = out + term
    return out


def _mp(x, dps: int = _DIGITS):
    import mpmath

    mpmath.mp.dps = dps
    if isinstance(x, RealAlgebraic):
        lo, hi = x.bounds(Fraction(1, 1 << (4 * dps)))
        x = (lo + hi) / 2
    elif isinstance(x, QuadraticSurd):
        lo, hi = rational_bounds(x, 4 * dps)
        x = (lo + hi) / 2
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _ev_mp(m, p1, p2, t):
    out = 0
    for mon, c in zip(m.monoms(), m.coeffs()):
        term = _mp(Fraction(int(c.p), int(c.q)))
        for v, k in zip((p1, p2, t), mon):
            if k:
                term = term * v ** int(k)
        out = out + term
    return out


class Degenerate(Exception):
    """θ₀ is not generic for the structure read there (move θ₀)."""


def _tpoly(m) -> tuple:
    """An mpoly in t only as a tuple of Fractions (lowest degree first)."""
    if m.is_zero():
        return ()
    deg = m.degrees()[2]
    cs = [_ZERO] * (deg + 1)
    for mon, c in zip(m.monoms(), m.coeffs()):
        if mon[0] or mon[1]:
            raise ValueError("polynomial still depends on p")
        cs[mon[2]] = Fraction(int(c.p), int(c.q))
    return tuple(cs)


def _subs_fixed(m, fixed: dict):
    args = {("p1", "p2")[i]: _q(Fraction(v)) for i, v in fixed.items()}
    return m.subs(args) if args else m


@dataclass
class _Branch:
    """The local solution branch: ``fixed`` pure p's; ``kind`` const | lin | quad."""

    fixed: dict
    kind: str
    e: object = None          # lin: e = e0 + e1·p_i ; quad: e1 (linear in p1)
    var: int = -1             # lin: index of the interior p
    Q: object = None          # quad: the factor through the point, in (p2, t)
    sigma: int = 0            # quad (degree 2): sign of the square root

    def eliminant(self, h) -> tuple:
        """R_h(θ): vanishes wherever h does on the branch (Fractions, lowest degree first)."""
        h = _subs_fixed(h, self.fixed)
        if self.kind == "const":
            return _tpoly(h)
        if self.kind == "lin":
            name = ("p1", "p2")[self.var]
            return _tpoly(h.resultant(self.e, name) if h.degrees()[self.var] else h)
        r1 = h.resultant(self.e, "p1") if h.degrees()[0] else h
        return _tpoly(r1.resultant(self.Q, "p2") if r1.degrees()[1] else r1)

    def point_with(self, t, ev, const, quad_root) -> tuple:
        """(p₁, p₂) on the branch at θ = t in one kind of numbers: ``ev(m, p1, p2, t)`` evaluates
        an mpoly, ``const(Fraction)`` converts a fixed p, ``quad_root(c0, c1, c2, sigma)`` is the
        root (−c1 + σ√(c1² − 4c2c0))/(2c2) of the p2-equation. The one formula behind
        :meth:`point_mp`, :meth:`point_arb` and the exact ``nash_anchor._point_exact``."""
        p = {i: const(Fraction(v)) for i, v in self.fixed.items()}
        if self.kind == "lin":
            name = ("p1", "p2")[self.var]
            p[self.var] = -ev(self.e.subs({name: 0}), 0, 0, t) / ev(self.e.derivative(name), 0, 0, t)
        elif self.kind == "quad":
            cs = [ev(c, 0, 0, t) for c in _coeffs_in(self.Q, 1)]
            p2 = -cs[0] / cs[1] if len(cs) == 2 else quad_root(*cs, self.sigma)
            A = ev(self.e.subs({"p1": 0}), 0, p2, t)
            B = ev(self.e.derivative("p1"), 0, p2, t)
            p[0], p[1] = -A / B, p2
        return p[0], p[1]

    def point_arb(self, t: flint.arb) -> tuple | None:
        """(p₁, p₂) on the branch over the ball t, as balls; None where the formula is not
        finite and real over the whole ball (a denominator or the discriminant not of one sign)."""
        p = self.point_with(t, _ev_arb, lambda v: flint.arb(_q(v)),
                            lambda c0, c1, c2, sg: (-c1 + sg * (c1 * c1 - 4 * c2 * c0).sqrt()) / (2 * c2))
        return p if all(v.is_finite() for v in p) else None

    def point_mp(self, t):
        """(p₁, p₂) on the branch at θ = t (mpmath numbers)."""
        import mpmath

        return self.point_with(t, _ev_mp, _mp,
                               lambda c0, c1, c2, sg: (-c1 + sg * mpmath.sqrt(c1 * c1 - 4 * c2 * c0)) / (2 * c2))


def _arb_ball(x) -> flint.arb:
    """A ball containing x (Fraction, quadratic surd or real algebraic number), at the working
    precision."""
    if isinstance(x, RealAlgebraic):
        lo, hi = x.bounds(Fraction(1, 1 << (_ARB_BITS + 16)))
    elif isinstance(x, QuadraticSurd):
        lo, hi = rational_bounds(x, _ARB_BITS + 16)
    else:
        lo = hi = Fraction(x)
    return flint.arb(_q(lo)).union(flint.arb(_q(hi)))


def _ev_arb(m, p1, p2, t) -> flint.arb:
    """An mpoly at balls (p1, p2, t): a ball containing every value over them."""
    out = flint.arb(0)
    for mon, c in zip(m.monoms(), m.coeffs()):
        term = flint.arb(c)
        for v, k in zip((p1, p2, t), mon):
            if k:
                term = term * v ** int(k)
        out = out + term
    return out


def _coeffs_in(m, var: int) -> list:
    """Coefficients of m as a polynomial in p1 (var 0) or p2 (var 1), mpolys in the rest."""
    deg = m.degrees()[var]
    out = [_CTX.constant(0) for _ in range(deg + 1)]
    gens = (P1, P2, TT)
    for mon, c in zip(m.monoms(), m.coeffs()):
        term = _CTX.constant(c)
        for k, (g, e) in enumerate(zip(gens, mon)):
            if k != var and e:
                term = term * g ** e
        out[mon[var]] += term
    return out


def _ev_at(m, p, t0):
    return _ev(m, p[0], p[1], t0)


def _linear_branch(eqs, fixed, var, p, t0) -> _Branch:
    name = ("p1", "p2")[var]
    for e in eqs:
        e = _subs_fixed(e, fixed)
        if e.degrees()[var] == 1 and _ev_at(e.derivative(name), p, t0) != 0:
            return _Branch(fixed, "lin", e=e, var=var)
    raise Degenerate("no equation fixes the interior draw probability")


def _quad_branch(eqs, p, t0) -> _Branch:
    for i, e1 in enumerate(eqs):
        if e1.degrees()[0] != 1 or _ev_at(e1.derivative("p1"), p, t0) == 0:
            continue
        for j, e2 in enumerate(eqs):
            if j == i:
                continue
            jac = (_ev_at(e1.derivative("p1"), p, t0) * _ev_at(e2.derivative("p2"), p, t0)
                   - _ev_at(e1.derivative("p2"), p, t0) * _ev_at(e2.derivative("p1"), p, t0))
            if jac == 0:
                continue
            Q = e1.resultant(e2, "p1")
            for f, _m in Q.factor()[1]:
                if f.degrees()[1] >= 1 and _ev(f, 0, p[1], t0) == 0:
                    br = _Branch({}, "quad", e=e1, Q=f)
                    if f.degrees()[1] == 2:
                        c0, c1, c2 = (_ev(c, 0, 0, t0) for c in _coeffs_in(f, 1))
                        br.sigma = 1 if (2 * c2 * p[1] + c1) > 0 else -1
                    elif f.degrees()[1] > 2:
                        continue
                    return br
    raise Degenerate("no independent pair of equations fixes the point")


@dataclass
class _Tracked:
    """One extreme equilibrium continued in θ: its branch, y formulas, conditions."""

    branch: _Branch
    signature: tuple
    formulas: dict
    conds: list            # (tag, mpoly h) strict inequalities
    tconds: list           # (tag, θ-polynomial) conditions in θ only (branch validity)


def _y_solve(D: dict, F: list[int]):
    """y_F = N_l/Dy from the active gains; leftover active gains as p-equations."""
    act = list(D)
    if not F:
        return {}, _CTX.constant(1), [D[i][0] for i in act]
    for i in act:   # |F| = 1: first active gain with a nonzero coefficient
        if len(F) == 1 and not D[i][1][F[0]].is_zero():
            l = F[0]
            ys = {l: -D[i][0]}
            Dy = D[i][1][l]
            rest = [D[k][0] * D[i][1][l] - D[i][0] * D[k][1][l] for k in act if k != i]
            return ys, Dy, rest
    if len(F) == 2 and len(act) == 2:
        (c1, a), (c2, b) = D[act[0]], D[act[1]]
        la, lb = F
        det = a[la] * b[lb] - a[lb] * b[la]
        if not det.is_zero():
            return {la: -(c1 * b[lb] - c2 * a[lb]), lb: -(a[la] * c2 - b[la] * c1)}, det, []
    raise Degenerate("Banker's mixed sets are not fixed by the Players' indifference")


def _zero_sets(data: _Data, p1, p2, t0: Fraction) -> list[int]:
    """{l : g_l(p, θ₀) = 0}, exact; floats only rule out the sets far from 0."""
    import numpy as np

    f1 = p1.approx() if isinstance(p1, QuadraticSurd) else float(p1)
    f2 = p2.approx() if isinstance(p2, QuadraticSurd) else float(p2)
    xs = np.array([(1 - f1) * (1 - f2), (1 - f1) * f2, f1 * (1 - f2), f1 * f2])
    t = float(t0)
    G = np.array([[sum(float(c) * t ** k for k, c in enumerate(data.gain[u][l])) for l in range(len(data.labels))]
                  for u in range(4)])
    g = xs @ G
    tol = 1e-9 * (np.abs(G).sum(axis=0) + 1e-300)
    return [l for l in range(len(data.labels)) if abs(g[l]) <= tol[l] and _ev(data.g[l], p1, p2, t0) == 0]


def _track(data: _Data, t0: Fraction, p1, p2, draw) -> _Tracked:
    n = len(data.labels)
    p = (p1, p2)
    K = _zero_sets(data, p1, p2, t0)
    F = [l for l in K if 0 < draw[l] < 1]
    y = dict(enumerate(draw))
    fixed = {i: p[i] for i in (0, 1) if p[i] in (0, 1)}
    gains = {i: data.player_gain(i, y, F) for i in (0, 1)}
    gval = {i: _ev(gains[i][0], p1, p2, t0) + sum((draw[l] * _ev(gains[i][1][l], p1, p2, t0) for l in F), _ZERO)
            for i in (0, 1)}
    active = {i: gains[i] for i in (0, 1) if i not in fixed or gval[i] == 0}
    ys, Dy, extra = _y_solve(active, F)
    eqs = [data.g[l] for l in K] + extra
    interior = [i for i in (0, 1) if i not in fixed]
    if not interior:
        br = _Branch(fixed, "const")
    elif len(interior) == 1:
        br = _linear_branch(eqs, fixed, interior[0], p, t0)
    else:
        br = _quad_branch(eqs, p, t0)
    for e in eqs:   # every active equation must hold on the whole branch
        if any(br.eliminant(e)):
            raise Degenerate("an equation holds at theta0 only")
    conds = []
    for i in interior:
        g = (P1, P2)[i]
        conds += [(f"p{i + 1} > 0", g), (f"p{i + 1} < 1", 1 - g)]
    Kset = set(K)
    conds += [(f"Banker's gain at {data.labels[l]}", data.g[l]) for l in range(n) if l not in Kset]
    for l in F:
        conds += [(f"y at {data.labels[l]} > 0", ys[l]), (f"y at {data.labels[l]} < 1", Dy - ys[l])]
    if F:
        conds.append(("denominator of y", Dy))
    for i in (0, 1):
        if i not in active:
            h = gains[i][0] * Dy + sum((gains[i][1][l] * ys[l] for l in F), _CTX.constant(0))
            conds.append((f"Player {i + 1}'s gain from drawing", h))
    tconds = []
    if br.kind == "lin":
        conds.append(("coefficient of the interior p", br.e.derivative(("p1", "p2")[br.var])))
    if br.kind == "quad":
        conds.append(("coefficient of p1", br.e.derivative("p1")))
        cs = _coeffs_in(br.Q, 1)
        tconds.append(("leading coefficient of the p2-equation", _tpoly(cs[-1])))
        if len(cs) == 3:
            tconds.append(("discriminant of the p2-equation", _tpoly(cs[1] * cs[1] - 4 * cs[0] * cs[2])))
    formulas = _formulas(br, ys, Dy, data, fixed)
    sig = (tuple(sorted(fixed.items())), tuple(data.labels[l] for l in K), tuple(data.labels[l] for l in F),
           tuple(sorted(formulas.items())))
    return _Tracked(br, sig, formulas, conds, tconds)


def _tstr(m) -> str:
    return str(m).replace("t", "theta")


def _formulas(br: _Branch, ys: dict, Dy, data: _Data, fixed: dict) -> dict:
    """Readable formulas of p₁, p₂ (in θ) and of Banker's mixed probabilities (in p₁, p₂)."""
    from gamekit.exact import RationalFunction

    out = {f"p{i + 1}": exact_str(v) for i, v in fixed.items()}
    if br.kind == "lin":
        name = ("p1", "p2")[br.var]
        rf = RationalFunction(_tpoly(-br.e.subs({name: 0})), _tpoly(br.e.derivative(name)))
        out[f"p{br.var + 1}"] = rf.to_str("theta")
    elif br.kind == "quad":
        cs = _coeffs_in(br.Q, 1)
        if len(cs) == 2:
            p2 = RationalFunction(_tpoly(-cs[0]), _tpoly(cs[1]))
            out["p2"] = p2.to_str("theta")
            acs = [RationalFunction(_tpoly(c)) for c in _coeffs_in(br.e.subs({"p1": 0}), 1)]
            bcs = [RationalFunction(_tpoly(c)) for c in _coeffs_in(br.e.derivative("p1"), 1)]
            A = sum((c * _rpow(p2, k) for k, c in enumerate(acs)), RationalFunction.constant(0))
            B = sum((c * _rpow(p2, k) for k, c in enumerate(bcs)), RationalFunction.constant(0))
            out["p1"] = (-A / B).to_str("theta")
        else:
            c0, c1, c2 = (f"({_tstr(c)})" for c in cs)
            sg = "+" if br.sigma > 0 else "-"
            out["p2"] = f"(-{c1} {sg} sqrt({c1}**2 - 4*{c2}*{c0}))/(2*{c2})"
            out["p1"] = f"-({_tstr(br.e.subs({'p1': 0}))})/({_tstr(br.e.derivative('p1'))})"
    for l, nl in ys.items():
        out[f"y {data.labels[l]}"] = f"({_tstr(nl)})/({_tstr(Dy)})"
    return out


def _rpow(f, k: int):
    from gamekit.exact import RationalFunction

    out = RationalFunction.constant(1)
    for _ in range(k):
        out = out * f
    return out


@dataclass
class NashPiece:
    """A θ-segment (lo, hi) on which the Nash equilibria keep one structure.

    ``equilibria``: per extreme equilibrium, its formulas (p₁, p₂ in θ; Banker's mixed
    probabilities in p₁, p₂) and its exact values at ``sample``; ``ends_by``: the
    inequalities that fail at lo and at hi. ``decks``: the dealing (None with replacement,
    d from a d-deck shoe). ``cut``: per end, True when it is not a breakpoint but a rational
    cut of a parallel sweep (:mod:`theta_chunks`) — the structure continues beyond it, so the
    completeness proof covers the segment up to that end itself.
    """

    lo: object
    hi: object
    sample: Fraction
    equilibria: list
    signature: tuple
    ends_by: list = field(default_factory=list)
    samples: list = field(default_factory=list)
    tracked: list = field(default_factory=list, repr=False)

    mirror_of: object = field(default=None, repr=False)
    decks: int | None = field(default=None, repr=False)
    cut: tuple = field(default=(False, False), repr=False)

    def points_at(self, theta) -> list[tuple]:
        """(p₁, p₂) of every tracked equilibrium at θ inside the segment (60-digit floats);
        a mirrored segment evaluates its original at 1 − θ with the Players swapped."""
        if self.mirror_of is not None:
            return [(b, a) for a, b in self.mirror_of.points_at(1 - Fraction(theta))]
        t = _mp(theta)
        return [tr.branch.point_mp(t) for tr in self.tracked]


def _accept(tr: _Tracked, h, root) -> bool:
    """May h vanish on this branch at θ = root? False only when *certified*: h evaluated on
    the branch in ball arithmetic (python-flint ``arb``, 256 bits) over a ball containing the
    root excludes 0. A ball that contains 0, or a branch not finite and real over the ball,
    keeps the root (at worst a segment split in two identical halves, which :func:`merge`
    joins); so no root where h vanishes on the branch is ever dropped."""
    with flint.ctx.workprec(_ARB_BITS):
        t = _arb_ball(root)
        pt = tr.branch.point_arb(t)
        if pt is None:
            return True
        return bool(_ev_arb(h, pt[0], pt[1], t).contains(0))


def _candidates(tracked: list[_Tracked]) -> list:
    out = []
    for tr in tracked:
        for tag, h in tr.conds:
            R = tr.branch.eliminant(h)
            if not any(R):
                raise Degenerate(f"{tag}: eliminant vanishes identically")
            for r in real_roots(int_poly(R), _ZERO, _ONE) if len(R) > 1 else []:
                out.append((float(_mp(r, 30)), r, tag, tr, h))
        for tag, P in tr.tconds:
            for r in real_roots(int_poly(P), _ZERO, _ONE) if len(P) > 1 else []:
                out.append((float(_mp(r, 30)), r, tag, tr, None))
    return out


def _end(cands, t0: Fraction, side: int):
    """Nearest accepted candidate on one side (side = +1 above θ₀, −1 below)."""
    pool = [c for c in cands if compare_numbers(c[1], t0) == side]
    pool.sort(key=lambda c: side * c[0])
    for k, (f, r, _tag, tr, h) in enumerate(pool):
        if h is None or _accept(tr, h, r):
            near = [c for c in pool[k:] if abs(c[0] - f) < 1e-12 and compare_numbers(c[1], r) == 0]
            tags = [c[2] for c in near if c[4] is None or _accept(c[3], c[4], r)]
            return r, tags
    return (_ONE if side > 0 else _ZERO), []


def nash_piece(theta0: Fraction, decks: int | None = None) -> NashPiece:
    """The θ-segment through θ₀ of the Nash equilibria (raises :class:`Degenerate`)."""
    from games.baccara.banque.nash import banque_nash

    res = banque_nash(theta0, decks)
    if not res.complete or not res.equilibria:
        raise Degenerate("Nash enumeration incomplete at theta0")
    data = _Data.get(decks)
    tracked = [_track(data, theta0, e.p1, e.p2, e.draw) for e in res.equilibria]
    cands = _candidates(tracked)
    hi, hi_by = _end(cands, theta0, 1)
    lo, lo_by = _end(cands, theta0, -1)
    samples = [{"p1": e.p1, "p2": e.p2, "payoffs": e.payoffs, "draw": e.draw,
                "mixed": {data.labels[l]: v for l, v in enumerate(e.draw) if 0 < v < 1}} for e in res.equilibria]
    sig = tuple(sorted(tr.signature for tr in tracked))
    return NashPiece(lo, hi, theta0, [tr.formulas for tr in tracked], sig, [lo_by, hi_by], samples, tracked,
                     decks=decks)


def merge(pieces: list) -> list:
    """Join adjacent segments with the same structure (a root kept by the search step that
    is not a change of structure)."""
    out: list = []
    for pc in pieces:
        if out and out[-1].signature == pc.signature and compare_numbers(out[-1].hi, pc.lo) == 0:
            out[-1].hi = pc.hi
            out[-1].ends_by[1] = pc.ends_by[1]
            continue
        out.append(pc)
    return out
