"""All Nash equilibria of the three-person game baccara banque at one θ, exact.

Notation of :mod:`games.baccara.banque.structure`: Banker's gain at strategic set l is the
bilinear g_l(p₁, p₂); Player i's gain from drawing at 5 is D₁(p₂, y) or D₂(p₁, y), affine
in Banker's behaviour y. At a point p of the square, Banker's best responses are the face
with y free on K(p) = {l : g_l(p) = 0}; the equilibria at p are the y in that face with
D₁ ⋚ 0 and D₂ ⋚ 0 (= 0 for an interior p_i, ≤ 0 at p_i = 0, ≥ 0 at p_i = 1). The curves
{g_l = 0} (hyperbolas or pairs of lines) cut the square into cells; the enumeration is
complete by cases:

* **corners** p ∈ {0,1}²;
* **edges** (one p_i ∈ {0,1}): g_l is affine along the edge; its roots (rational) and the
  open intervals between them (y fixed; D of the moving Player does not depend on his
  own p, so an interval is either empty or a continuum whose ends are reported);
* **vertices** of the curve arrangement inside the square: pairs of curves meet where a
  quadratic vanishes — points in Q or in a real quadratic field Q(√c)
  (``gamekit.exact.surd``);
* **arcs**: on curve k between consecutive vertices the rest of y is fixed; eliminating
  y_k from D₁ = D₂ = 0 leaves a second bilinear curve h = 0, met by g_k = 0 at the roots of
  a quadratic;
* **open cells**: y is pure; D₁(p₂, y) = 0 and D₂(p₁, y) = 0 fix p₂ and p₁ (rational). Cells
  are listed by a sweep: between consecutive critical values of p₂ (vertices, asymptotes,
  boundary hits) the curves are disjoint graphs p₁ = φ_l(p₂), so one vertical line per slab
  meets every cell.

Every candidate point is decided exactly by :func:`_equilibria_at` and every reported
equilibrium is certified on the unreduced game by ``certify.is_banque_nash``. Degenerate
configurations outside these cases (several sets on one curve with a surd point, a
Player indifferent on a whole cell) are reported in ``notes`` and make ``complete`` False.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from gamekit.exact import (
    QuadraticSurd,
    box_polytope_vertices,
    quadratic_roots,
    simplest_between,
    sort_numbers,
)
from games.baccara.banque.certify import is_banque_nash, profile_values
from games.baccara.banque.structure import BanqueStructure, structure

__all__ = ["NashProfile", "NashResult", "banque_nash"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class NashProfile:
    """One extreme Nash equilibrium: draw probabilities at 5, Banker's strategy, payoffs."""

    p1: object
    p2: object
    draw: tuple          # Banker's probability of drawing at every information set
    payoffs: dict


@dataclass
class NashResult:
    theta: Fraction
    equilibria: list[NashProfile]
    complete: bool = True
    continuum: bool = False
    notes: list[str] = field(default_factory=list)
    stats: dict = field(default_factory=dict)


# -- deciding one point ------------------------------------------------------------------------
def _is_surd(*xs) -> bool:
    return any(isinstance(x, QuadraticSurd) for x in xs)


def _senses(p1, p2) -> tuple[str, str]:
    s = {0: "<=", 1: ">="}
    return (s.get(p1, "=") if not _is_surd(p1) else "=", s.get(p2, "=") if not _is_surd(p2) else "=")


def _equilibria_at(st: BanqueStructure, p1, p2, res: NashResult) -> list[tuple]:
    """All extreme y (over L) making (p1, p2, y) an equilibrium; surd points need |K| ≤ 2."""
    n = len(st.L)
    g = _signs(st, p1, p2)
    K = [i for i in range(n) if g[i] == 0]
    base = [_ONE if v > 0 else _ZERO for v in g]
    rows = []  # (coefficients over K, constant, sense) for D1 and D2
    for which, (sense, q) in enumerate(zip(_senses(p1, p2), (p2, p1))):
        pair = st.d1 if which == 0 else st.d2
        c = (1 - q) * pair[0].at(base) + q * pair[1].at(base)
        co = [(1 - q) * pair[0].coef(i) + q * pair[1].coef(i) for i in K]
        rows.append((co, c, sense))
    if _is_surd(p1, p2):
        sols = _surd_solve(K, rows, res)
    else:
        E = [co for co, c, s in rows if s == "="]
        e = [-c for co, c, s in rows if s == "="]
        A = [co if s == "<=" else [-v for v in co] for co, c, s in rows if s != "="]
        b = [-c if s == "<=" else c for co, c, s in rows if s != "="]
        sols = box_polytope_vertices(len(K), E, e, A, b)
    out = []
    for yk in sols:
        y = list(base)
        for i, v in zip(K, yk):
            y[i] = v
        out.append(tuple(y))
    return out


def _surd_solve(K: list[int], rows, res: NashResult) -> list[tuple]:
    """Both p's interior, irrational: vertices of {y_K ∈ [0,1]^K : D₁ = D₂ = 0} over Q(√c).

    A vertex has at most rank(E) ≤ 2 coordinates off {0, 1}; try every such choice with a
    non-singular system (2^{|K|−r}·C(|K|, r) of them) and keep the solutions in the box.
    """
    (a, c1, _), (b, c2, _) = rows
    k = len(K)
    if k > 12:
        res.complete = False
        res.notes.append(f"an irrational point with {k} indifferent Banker sets was not resolved")
        return []
    out = set()
    for bits in product((0, 1), repeat=k):
        r1 = c1 + sum((a[i] for i in range(k) if bits[i]), _ZERO)
        r2 = c2 + sum((b[i] for i in range(k) if bits[i]), _ZERO)
        if r1 == 0 and r2 == 0:
            out.add(tuple(Fraction(v) for v in bits))
        for i in range(k):
            if bits[i]:
                continue  # choose the fractional coordinate(s) among those set to 0 first
            ri1, ri2 = r1, r2
            for coef_a, coef_b, rr1, rr2 in ((a[i], b[i], ri1, ri2), (b[i], a[i], ri2, ri1)):
                if coef_a != 0:
                    v = -rr1 / coef_a
                    if rr2 + coef_b * v == 0 and 0 < v < 1:
                        y = list(bits)
                        y[i] = v
                        out.add(tuple(y))
                    break
            for j in range(i + 1, k):
                if bits[j]:
                    continue
                det = a[i] * b[j] - a[j] * b[i]
                if det == 0:
                    continue
                yi = (-r1 * b[j] + r2 * a[j]) / det
                yj = (-a[i] * r2 + b[i] * r1) / det
                if 0 <= yi <= 1 and 0 <= yj <= 1:
                    y = list(bits)
                    y[i], y[j] = yi, yj
                    out.add(tuple(y))
    return list(out)


# -- candidate points ----------------------------------------------------------------------------
def _roots_in_unit(q0, q1, q2) -> list:
    if _no_root_in_unit(q0, q1, q2):
        return []
    try:
        rs = quadratic_roots(q0, q1, q2)
    except ValueError:
        return []
    return [r for r in rs if 0 < r < 1]


def _no_root_in_unit(q0, q1, q2) -> bool:
    """True when q₀ + q₁t + q₂t² provably has no root in (0, 1) (exact, rational): q(0) and
    q(1) have one strict sign and q has no critical point in (0, 1), or no real root at all.
    False means "maybe" (the roots are then computed)."""
    f0, f1 = q0, q0 + q1 + q2
    if q2 == 0:
        return f0 * f1 > 0 or (q1 == 0 and q0 != 0)
    if q1 * q1 - 4 * q0 * q2 < 0:
        return True
    return f0 * f1 > 0 and not 0 < -q1 / (2 * q2) < 1


def _meet(c: tuple, h: tuple) -> list[tuple]:
    """Points of (0,1)² where two bilinear forms c = (α, β, γ, δ), h vanish (finitely many)."""
    a1, b1, g1, d1 = c
    a2, b2, g2, d2 = h
    # p1 = −(a + g p2)/(b + d p2) from c; substitute in h: quadratic in p2
    q0 = a2 * b1 - b2 * a1
    q1 = a2 * d1 + g2 * b1 - b2 * g1 - d2 * a1
    q2 = g2 * d1 - d2 * g1
    out = []
    if q0 == 0 and q1 == 0 and q2 == 0:
        return out  # the forms share a component: not a finite intersection
    for p2 in _roots_in_unit(q0, q1, q2):
        den = b1 + d1 * p2
        if den != 0:
            p1 = -(a1 + g1 * p2) / den
        else:
            den2 = b2 + d2 * p2
            if den2 == 0:
                continue
            p1 = -(a2 + g2 * p2) / den2
        if 0 < p1 < 1 and a1 + b1 * p1 + g1 * p2 + d1 * p1 * p2 == 0:
            out.append((p1, p2))
    return out


def _curve_groups(st: BanqueStructure) -> list[tuple[tuple, list[int]]]:
    """Distinct curves {g = 0} (coefficients up to a factor) with their sets."""
    groups: dict[tuple, list[int]] = {}
    forms: dict[tuple, tuple] = {}
    for i, co in enumerate(st.coef):
        first = next((v for v in co if v), None)
        if first is None:
            continue  # g ≡ 0: always indifferent (free everywhere)
        key = tuple(Fraction(v, first) for v in co)
        groups.setdefault(key, []).append(i)
        forms.setdefault(key, tuple(Fraction(v) for v in co))
    return [(forms[k], v) for k, v in groups.items()]


def _vertical_lines(co: tuple) -> list[Fraction]:
    """p₂-values of components {p₂ = c} of the curve (when the bilinear form factorizes)."""
    a, b, g, d = co
    out = []
    if b == 0 and d == 0 and g != 0:
        out.append(-a / g)
    elif a * d == b * g and d != 0:
        out.append(-b / d)
    return [c for c in out if 0 < c < 1]


def _critical_p2(co: tuple) -> list:
    """Asymptote, boundary hits and vertical components of one curve (rational p₂'s)."""
    a, b, g, d = co
    out = list(_vertical_lines(co))
    if d != 0:
        out.append(-b / d)
    for p1 in (_ZERO, _ONE):  # g(p1, p2) = 0 on the edges p1 = 0, 1
        lin, const = g + d * p1, a + b * p1
        if lin != 0:
            out.append(-const / lin)
    return [c for c in out if 0 < c < 1]


def _vertices(st: BanqueStructure, groups) -> tuple[list[tuple], dict[int, list]]:
    """Vertices of the curve arrangement in the open square, and their p₂ per curve."""
    pts: list[tuple] = []
    on_curve: dict[int, list] = {k: [] for k in range(len(groups))}
    for k, (co, _) in enumerate(groups):
        for c0 in _vertical_lines(co):   # points on a vertical component p₂ = c0
            for j, (co2, _) in enumerate(groups):
                lin, const = co2[1] + co2[3] * c0, co2[0] + co2[2] * c0
                if j != k and lin != 0 and 0 < -const / lin < 1:
                    pts.append((-const / lin, c0))
                    on_curve[k].append(c0)
                    on_curve[j].append(c0)
        a, b, g, d = co
        if b != 0 and d != 0 and a * d == b * g:  # two lines crossing
            p = (-a / b, -b / d)
            if 0 < p[0] < 1 and 0 < p[1] < 1:
                pts.append(p)
                on_curve[k].append(p[1])
        for j in range(k + 1, len(groups)):
            for p in _meet(co, groups[j][0]) + _meet(groups[j][0], co):
                pts.append(p)
                on_curve[k].append(p[1])
                on_curve[j].append(p[1])
    return pts, on_curve


def _uniq_sorted(xs) -> list:
    out = []
    for x in sort_numbers(xs):
        if not out or out[-1] != x:
            out.append(x)
    return out


def _signs(st: BanqueStructure, p1, p2) -> list[int]:
    """Exact signs of every g_l at (p1, p2): a float evaluation decides where it is far from 0
    (relative 1e-9 of the coefficients' size), exact arithmetic elsewhere."""
    import numpy as np

    C = st.__dict__.get("_coef_np")
    if C is None:
        C = np.array([[float(v) for v in co] for co in st.coef]).reshape(-1, 4)
        object.__setattr__(st, "_coef_np", C)
    f1 = float(p1) if not _is_surd(p1) else p1.approx()
    f2 = float(p2) if not _is_surd(p2) else p2.approx()
    g = C[:, 0] + C[:, 1] * f1 + C[:, 2] * f2 + C[:, 3] * f1 * f2
    tol = 1e-9 * np.abs(C).sum(axis=1)
    out = []
    for i, v in enumerate(g):
        if abs(v) > tol[i]:
            out.append(1 if v > 0 else -1)
        else:
            e = st.gain(i, p1, p2)
            out.append((e > 0) - (e < 0))
    return out


def _pattern(st: BanqueStructure, p1, p2) -> list[Fraction]:
    return [_ONE if s > 0 else _ZERO for s in _signs(st, p1, p2)]


def _cell_candidates(st: BanqueStructure, groups, crit: list, res: NashResult) -> set[tuple]:
    """Open cells: one vertical line p₂ = r per slab; each cell's pure y gives one point."""
    out: set[tuple] = set()
    seen: set[tuple] = set()
    bounds = _uniq_sorted([_ZERO, _ONE] + [c for c in crit if 0 < c < 1])
    iforms = _int_forms(groups)
    for lo, hi in zip(bounds, bounds[1:]):
        r = simplest_between(lo, hi)
        cross = []
        rn, rd = r.numerator, r.denominator
        for sets, ic in zip((g[1] for g in groups), iforms):
            # p1 = −(a + g r)/(b + d r) with integer forms: compare as integers first
            den = ic[1] * rd + ic[3] * rn
            if den == 0:
                continue
            num = -(ic[0] * rd + ic[2] * rn)
            if (0 < num < den) if den > 0 else (den < num < 0):
                cross.append((Fraction(num, den), sets))
        cross.sort(key=lambda t: t[0])
        cuts = [_ZERO] + [c for c, _ in cross] + [_ONE]
        for a, b in zip(cuts, cuts[1:]):
            if a == b:
                continue
            y = tuple(_pattern(st, simplest_between(a, b), r))
            if y in seen:
                continue
            seen.add(y)
            p = _cell_point(st, y, res)
            if p is not None:
                out.add(p)
    res.stats["cells"] = len(seen)
    return out


def _int_forms(groups) -> list[tuple[int, int, int, int]]:
    """The curves' coefficients (α, β, γ, δ) as one integer form each (same zero set)."""
    from gamekit.core import common_denominator

    out = []
    for co, _ in groups:
        L = common_denominator(list(co))
        out.append(tuple(int(c * L) for c in co))
    return out


def _root01(c0, c1):
    """The root of (1−q)·c0 + q·c1 in (0,1), None if none; 'all' when identically zero."""
    if c0 == c1:
        return "all" if c0 == 0 else None
    q = c0 / (c0 - c1)
    return q if 0 < q < 1 else None


def _cell_point(st: BanqueStructure, y, res: NashResult):
    p2 = _root01(st.d1[0].at(y), st.d1[1].at(y))
    p1 = _root01(st.d2[0].at(y), st.d2[1].at(y))
    if p1 == "all" or p2 == "all":
        res.complete = False
        res.notes.append("a Player is indifferent on a whole cell (continuum not enumerated)")
        return None
    if p1 is None or p2 is None:
        return None
    return (p1, p2)


def _eliminated(st: BanqueStructure, y0: list, k: int) -> tuple:
    """h(p₁, p₂) = P(p₂)S(p₁) − R(p₁)Q(p₂): D₁ = P + y_k Q and D₂ = R + y_k S with y_k eliminated."""
    A0, A1 = st.d1[0].at(y0), st.d1[1].at(y0)
    a0, a1 = st.d1[0].coef(k), st.d1[1].coef(k)
    C0, C1 = st.d2[0].at(y0), st.d2[1].at(y0)
    c0, c1 = st.d2[0].coef(k), st.d2[1].coef(k)
    P0, P1, Q0, Q1 = A0, A1 - A0, a0, a1 - a0
    R0, R1, S0, S1 = C0, C1 - C0, c0, c1 - c0
    return (P0 * S0 - R0 * Q0, P0 * S1 - R1 * Q0, P1 * S0 - R0 * Q1, P1 * S1 - R1 * Q1)


def _arc_candidates(st: BanqueStructure, groups, on_curve, res: NashResult) -> set[tuple]:
    """Points on single curves (one indifferent Banker set) where both Players are indifferent."""
    out: set[tuple] = set()
    for k, (co, sets) in enumerate(groups):
        crit = _uniq_sorted([_ZERO, _ONE] + [c for c in on_curve[k] + _critical_p2(co) if 0 < c < 1])
        for lo, hi in zip(crit, crit[1:]):
            r = simplest_between(lo, hi)
            den = co[1] + co[3] * r
            if den == 0:
                continue
            p1 = -(co[0] + co[2] * r) / den
            if not 0 < p1 < 1:
                continue
            out |= _arc_points(st, co, sets, _pattern(st, p1, r), res, (p1, r))
        for c0 in _vertical_lines(co):
            out |= _vertical_arc_points(st, groups, co, sets, c0, res)
    return out


def _arc_points(st, co, sets, y0, res, sample=None) -> set[tuple]:
    """Candidates on one arc of curve ``co``: for each free set i (the sets whose g vanishes
    along the arc) and 0/1 values of the other free sets, eliminate y_i from D₁ = D₂ = 0
    and meet the resulting curve h = 0 with the arc's curve."""
    K = [i for i in range(len(st.L)) if sample is not None and st.gain(i, *sample) == 0] or list(sets)
    if len(K) > 8:
        res.complete = False
        res.notes.append(f"{len(K)} Banker sets indifferent along one arc: checked at its vertices only")
        return set()
    out: set[tuple] = set()
    for i in K:
        others = [j for j in K if j != i]
        for bits in product((_ZERO, _ONE), repeat=len(others)):
            y = list(y0)
            for j, v in zip(others, bits):
                y[j] = v
            y[i] = _ZERO
            h = _eliminated(st, y, i)
            if not any(h):
                res.complete = False
                res.notes.append("both Players indifferent along a whole arc (continuum not enumerated)")
                continue
            out |= set(_meet(co, h))
    if len(K) >= 2 and sample is not None:
        res.continuum = res.continuum or bool(_equilibria_at(st, sample[0], sample[1], res))
    return out


def _vertical_arc_points(st, groups, co, sets, c0, res) -> set[tuple]:
    """The component p₂ = c0 of a factorizing curve: p₁ moves, y_k solves D₁ = 0."""
    if len(sets) > 1:
        res.complete = False
        res.notes.append("several Banker sets share a vertical line: checked at its vertices only")
        return set()
    k = sets[0]
    cuts = [_ZERO, _ONE]
    for co2, _ in groups:
        lin, const = co2[1] + co2[3] * c0, co2[0] + co2[2] * c0
        if lin != 0 and 0 < -const / lin < 1:
            cuts.append(-const / lin)
    cuts = _uniq_sorted(cuts)
    out = set()
    for a, b in zip(cuts, cuts[1:]):
        y0 = _pattern(st, simplest_between(a, b), c0)
        y0[k] = _ZERO
        h = _eliminated(st, y0, k)
        lin, const = h[1] + h[3] * c0, h[0] + h[2] * c0   # h(p1, c0) = const + lin·p1
        if lin != 0 and a < -const / lin < b:
            out.add((-const / lin, c0))
    return out


def _edge_candidates(st: BanqueStructure, res: NashResult) -> set[tuple]:
    """Points on the four edges (one Player pure): breakpoints, and ends of continua."""
    out: set[tuple] = set()
    for fixed in (0, 1):           # index of the Player whose p is 0 or 1
        for q in (_ZERO, _ONE):
            def point(t, fixed=fixed, q=q):
                return (q, t) if fixed == 0 else (t, q)
            roots = []
            for co in st.coef:
                a, b, g, d = (Fraction(v) for v in co)
                const, lin = (a + b * q, g + d * q) if fixed == 0 else (a + g * q, b + d * q)
                if lin != 0 and 0 < -const / lin < 1:
                    roots.append(-const / lin)
            cuts = _uniq_sorted([_ZERO, _ONE] + roots)
            out |= {point(t) for t in cuts[1:-1]}
            for lo, hi in zip(cuts, cuts[1:]):
                mid = point(simplest_between(lo, hi))
                for y in _equilibria_at(st, mid[0], mid[1], res):
                    res.continuum = True
                    # the moving Player's D does not depend on his own p; the fixed Player's
                    # D is affine in the moving p: its root ends the continuum
                    pair = st.d1 if fixed == 0 else st.d2
                    t = _root01(pair[0].at(y), pair[1].at(y))
                    if t not in (None, "all") and lo < t < hi:
                        out.add(point(t))
    return out


def banque_nash(theta: object, decks: int | None = None) -> NashResult:
    """Every extreme Nash equilibrium of three-person banque at θ (see the module docstring)."""
    st = structure(theta, decks)
    res = NashResult(st.theta, [])
    groups = _curve_groups(st)
    verts, on_curve = _vertices(st, groups)
    crit = [p2 for _, p2 in verts]
    for co, _ in groups:
        crit += _critical_p2(co)
    cands = {(p1, p2) for p1 in (_ZERO, _ONE) for p2 in (_ZERO, _ONE)}
    cands |= _edge_candidates(st, res)
    cands |= set(verts)
    cands |= _arc_candidates(st, groups, on_curve, res)
    cands |= _cell_candidates(st, groups, crit, res)
    res.stats.update(strategic_sets=len(st.L), curves=len(groups), vertices=len(verts), candidates=len(cands))
    found = {}
    for p1, p2 in cands:
        for y in _equilibria_at(st, p1, p2, res):
            draw = st.full_draw(y)
            if not is_banque_nash(st.theta, p1, p2, draw, decks):
                raise RuntimeError(f"internal error: banque Nash candidate p=({p1}, {p2}) failed the exact check")
            vals = profile_values(st.theta, p1, p2, draw, decks)
            pay = {k: vals[k] for k in ("player1", "player2", "banker")}
            found[(p1, p2, draw)] = NashProfile(p1, p2, draw, pay)
    res.equilibria = [found[k] for k in sorted(found, key=lambda k: (float(k[0]), float(k[1])))]
    res.notes = sorted(set(res.notes))
    return res
