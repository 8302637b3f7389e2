"""Foster's algorithm followed through a parameter interval α ∈ [lo, hi], exactly.

This automates section 3 of Ethier & Lee, *Baccara chemin de fer II*, for any 2×2ⁿ additive
bimatrix game whose weights are affine in α (:class:`~gamekit.parametric.affine.AffineAdditiveGame`).

1. **Lemma 1 over the interval.** Sets with G_0(l), G_1(l) of one strict sign on all of
   [lo, hi] are T₀₀ or T₁₁ throughout; the rest are live (:func:`~.structure.live_data`).
2. **Best-response-discontinuity curves.** p(l)(α) = G_0(l)/(G_0(l) − G_1(l)), a ratio of
   affine functions, on the α where it lies in [0, 1] (G_0 G_1 ≤ 0); membership of T₀₁/T₁₀
   changes where the curve meets p = 0 (G_0 = 0) or p = 1 (G_1 = 0) — the paper's Table 4,
   column (c). The curves are the sets in T₀₁^α ∪ T₁₀^α for some α (column (a)).
3. **Intersections.** p(l) = p(k) ⟺ Q_lk(α) = G_0(l)G_1(k) − G_0(k)G_1(l) = 0, a quadratic:
   exact rational or surd roots (:func:`~gamekit.exact.surd.quadratic_roots`) behind an exact rational
   filter, kept when both curves are in [0, 1] there (column (b)).
4. **Critical α.** Interval ends, curve/boundary meetings, intersections, and the roots of
   D(T) = a_{1,T} − a_{0,T} for every best response T that occurs on each resulting segment
   (where an equalizing strategy appears or disappears, or Lemma 2(b) fails). Between two
   consecutive critical values no sign that :func:`~.structure.analyze` looks at changes, so
   the combinatorial equilibrium structure is constant: it is computed once at a simple
   rational sample and read as formulas — Player's p(α) is a curve p(l)(α), an equalizing
   probability is q(α) = D(T)(α)/(−E_l(α)); both ratios of affine functions
   (:class:`~gamekit.exact.ratfunc.RationalFunction`). At each critical value (rational or in Q(√c))
   the equilibrium set is computed exactly and compared with the limits from both sides:
   where it differs it is an exceptional point, reported with all its extreme equilibria.
5. **Paper tables.** Table 2's cases (each curve cut at its intersections: r + 2s cases,
   column (d)), Table 3's point cases (each intersection, with the equalizing strategies over
   mixed strategies), and the verification of Lemma 2(b)'s hypotheses on every segment and at
   every critical value.

Use :func:`solve_parametric`; the result :class:`ParametricSolution` evaluates exactly at any
rational α in [lo, hi] (:meth:`ParametricSolution.evaluate`).
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core.errors import CertificationError, GameError
from gamekit.core.numbers import fmt, to_fraction
from gamekit.exact.ratfunc import RationalFunction
from gamekit.exact.surd import (
    Number,
    compare,
    decimal_str,
    exact_str,
    quadratic_roots,
    rational_bounds,
    simplest_between,
    sort_numbers,
)
from gamekit.parametric.affine import AffineAdditiveGame
from gamekit.parametric.solution import (
    CriticalPoint,
    Curve,
    CurveCase,
    EquilibriumFormula,
    Intersection,
    ParametricSolution,
    Piece,
    PointCase,
    Segment,
)
from gamekit.parametric.structure import (
    DEFAULT_MAX_FREE,
    AlphaPoint,
    Box,
    LiveData,
    Structure,
    analyze,
    live_data,
)

__all__ = ["solve_parametric"]

_ONE_RF = RationalFunction.constant(1)
_ZERO_RF = RationalFunction.constant(0)

# -- helpers ---------------------------------------------------------------------------------
def _affine_root(c0: int, c1: int) -> Fraction | None:
    return Fraction(-c0, c1) if c1 else None


def _qsign(q: tuple[int, int, int], x: Fraction) -> int:
    u, v = x.numerator, x.denominator
    t = q[0] * v * v + q[1] * u * v + q[2] * u * u
    return (t > 0) - (t < 0)


def _may_have_root(q: tuple[int, int, int], lo: Fraction, hi: Fraction) -> bool:
    """Exact rational test: can q have a root in [lo, hi]? (False only when it surely has none.)"""
    a, b = _qsign(q, lo), _qsign(q, hi)
    if a == 0 or b == 0 or a != b:
        return True
    q0, q1, q2 = q
    if q2 == 0:
        return False
    v = Fraction(-q1, 2 * q2)
    if not (lo < v < hi):
        return False
    fv = _qsign(q, v)
    return fv == 0 or fv != a


def _in_closed(x: Number, lo: Number, hi: Number) -> bool:
    return compare(x, lo) >= 0 and compare(x, hi) <= 0


def _curve_ok(P: AlphaPoint, g0, g1) -> bool:
    a, b = P.sign1(*g0), P.sign1(*g1)
    return a * b <= 0 and not (a == 0 and b == 0)


def _formulas(st: Structure) -> tuple[tuple[EquilibriumFormula, ...], tuple]:
    data = st.data
    L = len(data.live)
    out = []
    pfun = []
    for box in st.boxes:
        if box.kind == "0":
            p = _ZERO_RF
        elif box.kind == "1":
            p = _ONE_RF
        else:
            p = data.curve_function(box.group[0])
        pfun.append(p)
        for desc in box.vertices:
            out.append(EquilibriumFormula(p, _vertex_formula(data, desc, L)))
    cont = []
    for iv in st.intervals:
        cont.append((pfun[iv.left], pfun[iv.left + 1],
                     frozenset(_vertex_formula(data, d, L) for d in iv.vertices)))
    return tuple(out), tuple(cont)


def _vertex_formula(data: LiveData, desc: tuple, L: int) -> tuple[RationalFunction, ...]:
    T = desc[1]
    y = [_ONE_RF if (T >> i) & 1 else _ZERO_RF for i in range(L)]
    if desc[0] == "edge":
        y[desc[2]] = data.edge_function(T, desc[2])
    return tuple(y)


def _eval_formulas(eqs, cont, x: Number):
    """Canonical equilibrium set given by formulas at α = x, or None where one is undefined."""
    try:
        ex = frozenset((f.p(x), tuple(g(x) for g in f.y)) for f in eqs)
        cs = frozenset((pl(x), pr(x), frozenset(tuple(g(x) for g in v) for v in vs))
                       for pl, pr, vs in cont)
    except GameError:
        return None
    return frozenset([("extreme", ex), ("continua", cs)])


def _inside(a: Number, b: Number) -> Fraction:
    """Some rational strictly between a < b (a midpoint of rational bounds)."""
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return (a + b) / 2
    a_hi = rational_bounds(a, 96)[1]
    b_lo = rational_bounds(b, 96)[0]
    if a_hi < b_lo:
        return (a_hi + b_lo) / 2
    return simplest_between(a, b)


def _where_nonpositive(a: tuple[int, int], b: tuple[int, int], lo: Number, hi: Number) -> tuple[tuple[Number, Number], ...]:
    """Closed sub-intervals of [lo, hi] where a(α)·b(α) ≤ 0 (a, b integer affine)."""
    pts: list[Number] = [lo]
    for c in (a, b):
        r = _affine_root(*c)
        if r is not None and compare(lo, r) < 0 and compare(r, hi) < 0:
            pts.append(r)
    pts.append(hi)
    pts = sort_numbers(pts)
    uniq: list[Number] = []
    for x in pts:
        if not uniq or compare(uniq[-1], x) != 0:
            uniq.append(x)

    def ok(x: Number) -> bool:
        P = AlphaPoint(x)
        return P.sign1(*a) * P.sign1(*b) <= 0

    out: list[list[Number]] = []
    for k, x in enumerate(uniq):
        pieces = [(x, x)]
        if k + 1 < len(uniq):
            pieces.append((x, uniq[k + 1]))
        for s, t in pieces:
            probe = s if s is t else _inside(s, t)
            if ok(probe):
                if out and compare(out[-1][1], s) == 0:
                    out[-1][1] = t
                else:
                    out.append([s, t])
    return tuple((s, t) for s, t in out)


# -- the algorithm ---------------------------------------------------------------------------
def _curves(data: LiveData) -> list[tuple[int, Curve]]:
    lo, hi = data.lo, data.hi
    out = []
    for i, l in enumerate(data.live):
        g0, g1 = data.g0[i], data.g1[i]
        roots = {lo, hi}
        for c in (g0, g1):
            r = _affine_root(*c)
            if r is not None and lo < r < hi:
                roots.add(r)
        pts = sorted(roots)
        elems: list[tuple[Fraction, Fraction]] = []
        for k, x in enumerate(pts):
            elems.append((x, x))
            if k + 1 < len(pts):
                elems.append((x, pts[k + 1]))
        domain: list[list[Fraction]] = []
        kinds = set()
        for s, t in elems:
            probe = s if s == t else (s + t) / 2
            P = AlphaPoint(probe)
            if _curve_ok(P, g0, g1):
                a, b = P.sign1(*g0), P.sign1(*g1)
                kinds.add("switch_up" if (a < 0 or b > 0) else "switch_down")
                if domain and domain[-1][1] == s:
                    domain[-1][1] = t
                else:
                    domain.append([s, t])
        if not domain:
            continue
        hits = []
        for which, c, other in ((0, g0, g1), (1, g1, g0)):
            if c == (0, 0):
                if any(AlphaPoint(x).sign1(*other) != 0 for x in (lo, hi)):
                    hits.append((lo, which))
                continue
            r = _affine_root(*c)
            if r is not None and lo <= r <= hi and AlphaPoint(r).sign1(*other) != 0:
                hits.append((r, which))
        out.append((i, Curve(l, data.labels[l], data.curve_function(i), "/".join(sorted(kinds)),
                             tuple((s, t) for s, t in domain), tuple(sorted(hits)))))
    return out


def solve_parametric(game: AffineAdditiveGame, lo=0, hi=1, *,
                     max_free: int = DEFAULT_MAX_FREE) -> ParametricSolution:
    """All Nash equilibria of the 2×2ⁿ affine additive game for every α ∈ [lo, hi] (module doc).

    Parameters
    ----------
    game : AffineAdditiveGame
        A 2-row game with additive payoffs for both players.
    lo, hi : number
        The parameter range, rationals with lo ≤ hi.
    max_free : int
        Largest number of free information sets at one breakpoint.

    Returns
    -------
    ParametricSolution
        Curves, intersections, critical values with their exact equilibrium sets, and the
        segments and pieces between them with their equilibrium formulas.

    Raises
    ------
    GameError
        Unless the game has 2 rows and additive payoffs for both players.
    TooLargeError
        When more than ``max_free`` information sets are free at one breakpoint (a
        degenerate game whose boxes are too large to enumerate).

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> r = solve_parametric(g, 0, 1)
    >>> [c.alpha for c in r.critical], [c.reasons for c in r.critical][1]
    ([Fraction(0, 1), Fraction(1, 2), Fraction(1, 1)], ['p(s) = p(t)'])
    """
    if not isinstance(game, AffineAdditiveGame):
        raise GameError("solve_parametric needs an AffineAdditiveGame")
    lo, hi = to_fraction(lo, "lo"), to_fraction(hi, "hi")
    if lo > hi:
        raise GameError(f"empty parameter interval: lo = {fmt(lo)} > hi = {fmt(hi)}")
    data = live_data(game, lo, hi)
    curve_list = _curves(data)
    cand = _boundary_points(data, lo, hi)
    intersections, coincident = _intersections(data, curve_list, cand)
    crit_vals, crit_reasons = _merge_points(cand)
    segments, all_vals, all_reasons = _segments(data, crit_vals, crit_reasons, max_free)
    critical = [CriticalPoint(v, all_reasons[k], analyze(data, AlphaPoint(v), max_free), game=game)
                for k, v in enumerate(all_vals)]
    return ParametricSolution(
        game=game, lo=lo, hi=hi, data=data,
        curves=[c for _, c in curve_list], intersections=intersections, coincident=coincident,
        critical=critical, segments=segments, pieces=_pieces(critical, segments),
        cases=_cases(data, curve_list, intersections, segments, critical),
        point_cases=[_point_case(data, x, critical) for x in intersections],
        single_crossing_failures=_condition_failures(segments, critical),
    )


def _boundary_points(data: LiveData, lo: Fraction, hi: Fraction) -> list[tuple[Number, str]]:
    """Candidate critical points: the interval ends and the roots of every G_0, G_1."""
    cand: list[tuple[Number, str]] = [(lo, "interval end"), (hi, "interval end")]
    for i in range(len(data.live)):
        lab = data.labels[data.live[i]]
        for which, c in ((0, data.g0[i]), (1, data.g1[i])):
            r = _affine_root(*c)
            if r is not None and lo < r < hi:
                cand.append((r, f"G_{which}({lab}) = 0"))
    return cand


def _intersections(data: LiveData, curve_list, cand: list[tuple[Number, str]]):
    """Intersections of the discontinuity curves p(i) = p(j) (roots of the quadratic
    Q(i, j) inside both curves' domains; appended to ``cand``) and coincident curve pairs."""
    curve_of = {i: c for i, c in curve_list}
    intersections: list[Intersection] = []
    coincident: list[tuple[int, int]] = []
    cidx = [i for i, _ in curve_list]
    for a_pos, i in enumerate(cidx):
        for j in cidx[a_pos + 1:]:
            q = data.Q(i, j)
            if q == (0, 0, 0):
                coincident.append((data.live[i], data.live[j]))
                continue
            for s1, t1 in curve_of[i].domain:
                for s2, t2 in curve_of[j].domain:
                    s, t = max(s1, s2), min(t1, t2)
                    if s > t or not _may_have_root(q, s, t):
                        continue
                    for r in quadratic_roots(*q):
                        inter = _intersection_at(data, i, j, r, s, t, intersections)
                        if inter is not None:
                            intersections.append(inter)
                            li, lj = data.labels[data.live[i]], data.labels[data.live[j]]
                            cand.append((r, f"p({li}) = p({lj})"))
    return intersections, coincident


def _intersection_at(data: LiveData, i: int, j: int, r: Number, s, t,
                     found: list[Intersection]) -> Intersection | None:
    """The intersection of curves i and j at the root r of Q(i, j), if r is in [s, t], on
    both curves and new."""
    if not _in_closed(r, s, t):
        return None
    P = AlphaPoint(r)
    if not (_curve_ok(P, data.g0[i], data.g1[i]) and _curve_ok(P, data.g0[j], data.g1[j])):
        return None
    if any(x.curves == (data.live[i], data.live[j]) and compare(x.alpha, r) == 0 for x in found):
        return None
    g0 = P.val1(*data.g0[i])
    g1 = P.val1(*data.g1[i])
    return Intersection((data.live[i], data.live[j]), r, g0 / (g0 - g1))


def _segments(data: LiveData, crit_vals: list[Number], crit_reasons: list[list[str]], max_free: int):
    """Open segments between consecutive critical points, refined at the roots of D(T) for
    the best responses T met on a segment; returns (segments, all points, their reasons)."""
    segments: list[Segment] = []
    all_vals: list[Number] = []
    all_reasons: list[list[str]] = []
    for k in range(len(crit_vals)):
        all_vals.append(crit_vals[k])
        all_reasons.append(crit_reasons[k])
        if k + 1 == len(crit_vals):
            break
        a, b = crit_vals[k], crit_vals[k + 1]
        st = analyze(data, AlphaPoint(simplest_between(a, b)), max_free)
        a_lo = rational_bounds(a, 64)[0]
        b_hi = rational_bounds(b, 64)[1]
        roots: set[Fraction] = set()
        for T in st.masks:
            d0, d1 = data.D(T)
            if d1:
                r = Fraction(-d0, d1)
                if a_lo <= r <= b_hi and r not in roots and compare(a, r) < 0 < compare(b, r):
                    roots.add(r)
        if not roots:
            segments.append(_segment(a, b, st))
            continue
        pts = [a, *sorted(roots), b]
        for j in range(len(pts) - 1):
            if j > 0:
                all_vals.append(pts[j])
                all_reasons.append(["a_{0,T} = a_{1,T} for a best response T"])
            st2 = analyze(data, AlphaPoint(simplest_between(pts[j], pts[j + 1])), max_free)
            segments.append(_segment(pts[j], pts[j + 1], st2))
    return segments, all_vals, all_reasons


def _condition_failures(segments: list[Segment], critical: list[CriticalPoint]) -> list[tuple[str, str]]:
    """Where the structure checks failed: (segment or point, message)."""
    failures: list[tuple[str, str]] = []
    for s in segments:
        for msg in s.structure.failures:
            failures.append((f"({decimal_str(s.lo, 8)}, {decimal_str(s.hi, 8)})", msg))
    for c in critical:
        for msg in c.structure.failures:
            failures.append((f"alpha = {exact_str(c.alpha)}", msg))
    return failures


def _segment(a: Number, b: Number, st: Structure) -> Segment:
    eqs, cont = _formulas(st)
    sample = st.point.value
    assert isinstance(sample, Fraction)  # a segment's structure is taken at a rational sample α
    return Segment(a, b, sample, st, eqs, cont)


def _merge_points(cand: list[tuple[Number, str]]) -> tuple[list[Number], list[list[str]]]:
    """Sort candidate α exactly and merge equal ones (keeping every reason)."""
    from functools import cmp_to_key

    def by_value(x: tuple[Number, str], y: tuple[Number, str]) -> int:
        return compare(x[0], y[0])

    cand = sorted(cand, key=cmp_to_key(by_value))
    vals: list[Number] = []
    reasons: list[list[str]] = []
    for v, why in cand:
        if vals and compare(vals[-1], v) == 0:
            if why not in reasons[-1]:
                reasons[-1].append(why)
        else:
            vals.append(v)
            reasons.append([why])
    return vals, reasons


def _pieces(critical: list[CriticalPoint], segments: list[Segment]) -> list[Piece]:
    """Merge segments with equal formulas across critical values that agree with them; mark
    the critical values covered by a piece (the others are exceptional)."""
    sets = [c.structure.equilibrium_set() for c in critical]
    if not segments:  # lo == hi: one point, its own formulas
        c = critical[0]
        c.covered = True
        eqs, cont = _formulas(c.structure)
        return [Piece(c.alpha, c.alpha, True, True, eqs, cont, c.unique)]

    def matches(seg: Segment, k: int) -> bool:
        return _eval_formulas(seg.equilibria, seg.continua, critical[k].alpha) == sets[k]

    pieces: list[Piece] = []
    cur: Piece | None = None
    prev_right = False
    for k, seg in enumerate(segments):
        left = matches(seg, k)
        if (cur is not None and prev_right and left and cur.equilibria == seg.equilibria
                and cur.continua == seg.continua):
            cur.hi = seg.hi
            critical[k].covered = True
        else:
            if cur is not None:
                cur.hi_closed = prev_right
                if prev_right:
                    critical[k].covered = True
                pieces.append(cur)
            lo_closed = left and not critical[k].covered
            if lo_closed:
                critical[k].covered = True
            cur = Piece(seg.lo, seg.hi, lo_closed, False, seg.equilibria, seg.continua, seg.unique)
        prev_right = matches(seg, k + 1)
    if cur is None:
        raise CertificationError("parametric sweep: no segment to build a piece from")
    cur.hi_closed = prev_right
    if prev_right:
        critical[-1].covered = True
    pieces.append(cur)
    return pieces


def _find_segment(segments: list[Segment], x: Fraction) -> Segment:
    his = [s.hi for s in segments]
    lo_i, hi_i = 0, len(his)
    while lo_i < hi_i:
        mid = (lo_i + hi_i) // 2
        if compare(his[mid], x) <= 0:
            lo_i = mid + 1
        else:
            hi_i = mid
    return segments[lo_i]


def _box_of(st: Structure, i: int) -> Box | None:
    for box in st.boxes:
        if i in box.group:
            return box
    return None


def _pattern(data: LiveData, box: Box) -> dict[str, str]:
    out = {}
    for i, l in enumerate(data.live):
        if i in box.free:
            out[data.labels[l]] = "M"
        else:
            out[data.labels[l]] = "1" if (box.mask >> i) & 1 else "0"
    return out


def _cases(data: LiveData, curve_list, intersections, segments, critical) -> list[CurveCase]:
    if not segments:
        return []
    out = []
    for i, curve in curve_list:
        cuts = [x.alpha for x in intersections if data.live[i] in x.curves]
        for s, t in curve.domain:
            inner = [c for c in cuts if compare(s, c) < 0 and compare(c, t) < 0]
            pts = [s] + _uniq(sort_numbers(inner)) + [t]
            spans = [(s, s)] if s == t else [(pts[k], pts[k + 1]) for k in range(len(pts) - 1)]
            for a, b in spans:
                if a == b:  # the curve lies in [0, 1] at this single α only
                    st = next(c.structure for c in critical if compare(c.alpha, a) == 0)
                else:
                    st = _find_segment(segments, _inside(a, b)).structure
                box = _box_of(st, i)
                if box is None:  # pragma: no cover - the curve is inside its domain here
                    continue
                pattern = _pattern(data, box)
                if box.free == (i,) and data.e[i] == (0, 0):
                    # player I does not care about move at i: any q if D(T) ≡ 0, else none
                    every = data.D(box.mask) == (0, 0)
                    out.append(CurveCase(curve.index, a, b, pattern, None, ((a, b),) if every else ()))
                elif box.free == (i,):
                    q = data.edge_function(box.mask, i)
                    T0 = data.D(box.mask)
                    T1 = data.D(box.mask | (1 << i))
                    where = _where_nonpositive(T0, T1, a, b)
                    out.append(CurveCase(curve.index, a, b, pattern, q, where))
                else:
                    out.append(CurveCase(curve.index, a, b, pattern, None, ()))
    return out


def _uniq(xs: list[Number]) -> list[Number]:
    out: list[Number] = []
    for x in xs:
        if not out or compare(out[-1], x) != 0:
            out.append(x)
    return out


def _point_case(data: LiveData, inter: Intersection, critical: list[CriticalPoint]) -> PointCase:
    vals = [c.alpha for c in critical]
    k = next(j for j, v in enumerate(vals) if compare(v, inter.alpha) == 0)
    st = critical[k].structure
    i = data.live.index(inter.curves[0])
    box = _box_of(st, i)
    if box is None:  # both curves pass through this breakpoint
        raise CertificationError("parametric sweep: no box at an intersection of two curves")
    return PointCase(inter, _pattern(data, box), st, box)
