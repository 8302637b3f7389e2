"""Foster's algorithm at one exact parameter value: the whole equilibrium set, combinatorially.

Setting (Ethier & Lee, *Baccara chemin de fer II*, Lemma 2). A 2×2ⁿ additive bimatrix game;
player I mixes (1 − p, p); player II plays a behaviour strategy y ∈ [0, 1]ⁿ. With

    G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)]          (player II's weighted gain of move 1),
    h_l(p) = (1 − p)G_0(l) + p·G_1(l),
    D(y)   = a_1(y) − a_0(y) = E₀ + Σ_l y_l E_l        (player I's advantage of row 1),

(p, y) is an equilibrium iff y_l = 1 where h_l(p) > 0, y_l = 0 where h_l(p) < 0, and
D(y) ≤ 0 if p = 0, D(y) ≥ 0 if p = 1, D(y) = 0 if 0 < p < 1. The *best-response
discontinuity* of l is p(l) = G_0(l)/(G_0(l) − G_1(l)) (Lemma 2(a)); it lies in [0, 1]
exactly when G_0(l)G_1(l) ≤ 0 (l ∈ T₀₁ ∪ T₁₀); l is *null* when G_0(l) = G_1(l) = 0 (player
II is indifferent at l whatever p is — the case Lemma 2 excludes).

The breakpoints 0, 1 and the distinct values p(l) ∈ (0, 1) cut [0, 1] into open intervals.
On an interval the best response T(p) is fixed (free only on null sets); at a breakpoint β
the best responses form the *box* {y : y fixed off F(β), y free on F(β)}, F(β) = the curves
through β plus the null sets. Hence the equilibrium set is the union of

* breakpoint pieces {β} × (box(β) ∩ {D = 0}) (with D ≤ 0 at β = 0, D ≥ 0 at β = 1), and
* interval pieces [β_k, β_{k+1}] × (box ∩ {D = 0}) — a continuum of p, which only happens
  when Lemma 2(b)'s hypothesis a_{0,T(p)} ≠ a_{1,T(p)} fails.

The extreme equilibria are the vertices of the breakpoint pieces (the interval pieces'
vertices are among them): box vertices satisfying the condition, and the points where D
changes sign strictly along a box edge — the *equalizing strategies* of Lemma 2(c)/(d),
q = D(T)/(D(T) − D(T ∪ {l})).

Everything here is decided by signs of integer affine functions of α (G_u(l), E_l, D(T))
and of the quadratics Q_lk = G_0(l)G_1(k) − G_0(k)G_1(l) (p(l) − p(k) = −Q_lk/(den_l den_k))
at an exact point α — rational or a quadratic surd — so :func:`analyze` is exact and cheap,
and the same combinatorial answer, read as formulas in α, is valid on a whole α-segment
where none of those signs changes (see :mod:`gamekit.parametric.sweep`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cmp_to_key

from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.numbers import primitive_integers
from gamekit.exact.ratfunc import RationalFunction
from gamekit.exact.surd import Number, QuadraticSurd, surd_sign
from gamekit.parametric.affine import AffineAdditiveGame

__all__ = [
    "AlphaPoint",
    "LiveData",
    "Box",
    "IntervalPiece",
    "Structure",
    "live_data",
    "analyze",
    "DEFAULT_MAX_FREE",
]

#: Largest number of free information sets at one breakpoint (the box has 2^k vertices).
DEFAULT_MAX_FREE = 16

IntAffine = tuple[int, int]


def _sgn(x: int) -> int:
    return (x > 0) - (x < 0)


class AlphaPoint:
    """An exact value of α (Fraction or QuadraticSurd) with integer data for fast sign tests.

    Rational α = u/v (v > 0); surd α = (s + t√c)/w (w > 0).

    Examples
    --------
    >>> P = AlphaPoint(Fraction(1, 3))
    >>> P, P.value, P.is_rational
    (AlphaPoint(1/3), Fraction(1, 3), True)
    """

    __slots__ = ("value", "is_rational", "u", "v", "s", "t", "c", "w")
    value: QuadraticSurd | Fraction

    def __init__(self, value: Number | int) -> None:
        if isinstance(value, QuadraticSurd):
            self.value = value
            self.is_rational = False
            self.s, self.t, self.c, self.w = value.integer_form()
        else:
            f = Fraction(value)
            self.value = f
            self.is_rational = True
            self.u, self.v = f.numerator, f.denominator

    def sign1(self, c0: int, c1: int) -> int:
        """Sign of c0 + c1·α."""
        if self.is_rational:
            return _sgn(c0 * self.v + c1 * self.u)
        return surd_sign(c0 * self.w + c1 * self.s, c1 * self.t, self.c)

    def sign2(self, q0: int, q1: int, q2: int) -> int:
        """Sign of q0 + q1·α + q2·α²."""
        if self.is_rational:
            u, v = self.u, self.v
            return _sgn(q0 * v * v + q1 * u * v + q2 * u * u)
        s, t, c, w = self.s, self.t, self.c, self.w
        X = q0 * w * w + q1 * w * s + q2 * (s * s + t * t * c)
        Y = q1 * w * t + 2 * q2 * s * t
        return surd_sign(X, Y, c)

    def val1(self, c0: int, c1: int) -> Number:
        """The exact value c0 + c1·α."""
        if self.is_rational:
            return Fraction(c0 * self.v + c1 * self.u, self.v)
        x = self.value
        return QuadraticSurd._new(c0 + c1 * x.a, c1 * x.b, x.c)  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"AlphaPoint({self.value})"


@dataclass
class LiveData:
    """The 2×2ⁿ affine game in integer form after the parametric Lemma 1.

    ``live[i]`` is the original index of live information set i; ``fixed`` maps the other
    indices to the move (0 or 1) Lemma 1 forces on the whole α-interval. ``g0[i]``, ``g1[i]``
    are G_0, G_1 of live set i scaled by one positive integer; ``e[i]`` and ``e0`` are E_l
    and E₀ (including the forced moves) scaled by one common positive integer.

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> d = live_data(g, 0, 1)
    >>> d.n, d.labels, d.live, d.fixed
    (2, ('s', 't'), (0, 1), {})
    """

    n: int
    labels: tuple[str, ...]
    live: tuple[int, ...]
    fixed: dict[int, int]
    g0: list[IntAffine]
    g1: list[IntAffine]
    e: list[IntAffine]
    e0: IntAffine
    lo: Fraction
    hi: Fraction
    _dcache: dict[int, IntAffine] = field(default_factory=dict, repr=False)
    _qcache: dict[tuple[int, int], tuple[int, int, int]] = field(default_factory=dict, repr=False)
    _fcache: dict[tuple, RationalFunction] = field(default_factory=dict, repr=False)

    def D(self, mask: int) -> IntAffine:
        """D(T) = E₀ + Σ_{i∈T} E_i for the live sets in the bit mask T (cached)."""
        d = self._dcache.get(mask)
        if d is None:
            d0, d1 = self.e0
            m, i = mask, 0
            e = self.e
            while m:
                if m & 1:
                    d0 += e[i][0]
                    d1 += e[i][1]
                m >>= 1
                i += 1
            d = (d0, d1)
            self._dcache[mask] = d
        return d

    def Q(self, i: int, j: int) -> tuple[int, int, int]:
        """Coefficients of Q_ij = G_0(i)G_1(j) − G_0(j)G_1(i) (p_i = p_j ⟺ Q_ij = 0)."""
        key = (i, j)
        q = self._qcache.get(key)
        if q is None:
            a0, a1 = self.g0[i]
            b0, b1 = self.g1[j]
            c0, c1 = self.g0[j]
            d0, d1 = self.g1[i]
            q = (a0 * b0 - c0 * d0, a0 * b1 + a1 * b0 - c0 * d1 - c1 * d0, a1 * b1 - c1 * d1)
            self._qcache[key] = q
        return q

    def curve_function(self, i: int) -> RationalFunction:
        """p(l)(α) = G_0/(G_0 − G_1) of live set i as a rational function of α (cached)."""
        key = ("curve", i)
        r = self._fcache.get(key)
        if r is None:
            a0, a1 = self.g0[i]
            b0, b1 = self.g1[i]
            r = self._fcache[key] = RationalFunction.affine_ratio(a0, a1, a0 - b0, a1 - b1)
        return r

    def edge_function(self, mask: int, f: int) -> RationalFunction:
        """Equalizing probability D(T)/(D(T) − D(T ∪ {f})) = D(T)/(−E_f) as a function of α."""
        key = ("edge", mask, f)
        r = self._fcache.get(key)
        if r is None:
            d0, d1 = self.D(mask)
            e0, e1 = self.e[f]
            r = self._fcache[key] = RationalFunction.affine_ratio(d0, d1, -e0, -e1)
        return r

    def full_behaviour(self, y_live: Sequence) -> tuple:
        """Behaviour strategy over all n information sets from the live part."""
        y: list = [Fraction(0)] * self.n
        for l, v in self.fixed.items():
            if v:
                y[l] = Fraction(1)
        for i, l in enumerate(self.live):
            y[l] = y_live[i]
        return tuple(y)


def _int_affines(pairs: Sequence[tuple[Fraction, Fraction]]) -> list[IntAffine]:
    """Scale rational affine functions by one common positive integer (and divide by the gcd)."""
    ints = primitive_integers([c for pair in pairs for c in pair])
    return [(ints[i], ints[i + 1]) for i in range(0, len(ints), 2)]


def live_data(game: AffineAdditiveGame, lo, hi) -> LiveData:
    """Integer data of a 2-row affine game on [lo, hi] after Lemma 1 over the whole interval.

    An information set where G_0 and G_1 are both > 0 (< 0) for every α in [lo, hi] is in
    T₁₁ (T₀₀) throughout: move 1 (move 0) is forced (Lemma 1). The others are *live*.

    Parameters
    ----------
    game : AffineAdditiveGame
        A 2-row game with additive payoffs for both players.
    lo, hi : number
        The parameter range.

    Returns
    -------
    LiveData
        The live (not fixed) information sets and the affine coefficients of the gains.

    Raises
    ------
    GameError
        Unless the game has 2 rows and additive payoffs for both players.

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> live_data(g, 0, 1).live
    (0, 1)
    """
    if game.m != 2:
        raise GameError(f"Foster's algorithm (Lemma 2) needs exactly 2 rows, the game has {game.m}")
    lo, hi = Fraction(lo), Fraction(hi)
    live: list[int] = []
    fixed: dict[int, int] = {}
    g0s: list[IntAffine] = []
    g1s: list[IntAffine] = []
    for l in range(game.n):
        G = (game.b_gain(0, l), game.b_gain(1, l))
        signs = {_sgn(c0 + c1 * x) for c0, c1 in G for x in (lo, hi)}
        if signs == {1}:
            fixed[l] = 1
        elif signs == {-1}:
            fixed[l] = 0
        else:
            g = _int_affines(list(G))
            live.append(l)
            g0s.append(g[0])
            g1s.append(g[1])
    # player I: D(y) = a_1(y) − a_0(y) = E0 + Σ y_l E_l
    def E_of(l: int) -> tuple[Fraction, Fraction]:
        a1, a0 = game.a_gain(1, l), game.a_gain(0, l)
        return (a1[0] - a0[0], a1[1] - a0[1])

    c1, c0 = game.a_const(1), game.a_const(0)
    E0 = [c1[0] - c0[0], c1[1] - c0[1]]
    for l, v in fixed.items():
        if v:
            e = E_of(l)
            E0[0] += e[0]
            E0[1] += e[1]
    E = {l: E_of(l) for l in live}
    ints = _int_affines([(E0[0], E0[1])] + [E[l] for l in live])
    return LiveData(
        n=game.n,
        labels=game.infosets,
        live=tuple(live),
        fixed=fixed,
        g0=g0s,
        g1=g1s,
        e=ints[1:],
        e0=ints[0],
        lo=lo,
        hi=hi,
    )


@dataclass
class Box:
    """Player II's best-response box at one breakpoint β of [0, 1].

    ``kind`` is ``"0"``, ``"1"`` or ``"curve"``; ``group`` the live sets whose p(l) = β;
    ``free`` = group ∪ null sets; ``mask`` the live sets fixed at move 1; ``cond`` is
    ``"le"`` (β = 0: D ≤ 0), ``"ge"`` (β = 1) or ``"eq"``; ``vertices`` are descriptors
    ``("box", T)`` (a pure best response T, as a bit mask) or ``("edge", T, f)`` (the point
    of the edge T → T ∪ {f} where D = 0). ``signs`` maps each box vertex T to sign D(T).
    """

    kind: str
    group: tuple[int, ...]
    free: tuple[int, ...]
    mask: int
    cond: str
    vertices: tuple[tuple, ...]
    signs: dict[int, int]


@dataclass
class IntervalPiece:
    """A continuum of p: (β_k, β_{k+1}) × (box ∩ {D = 0}); ``left`` is the index of β_k's box."""

    left: int
    mask: int
    vertices: tuple[tuple, ...]


@dataclass
class Structure:
    """The equilibrium set of the game at one exact α (see module doc).

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> st = analyze(live_data(g, 0, 1), AlphaPoint(Fraction(1, 3)))
    >>> st.unique, st.equilibria()[2]
    (False, (Fraction(4, 7), (Fraction(1, 1), Fraction(0, 1))))
    """

    data: LiveData
    point: AlphaPoint
    boxes: list[Box]
    intervals: list[IntervalPiece]
    nulls: tuple[int, ...]
    masks: set[int]
    failures: list[str]

    # -- values ---------------------------------------------------------------------------
    def beta(self, box: Box) -> Number:
        """The breakpoint p-value of a box, exactly."""
        if box.kind == "0":
            return Fraction(0)
        if box.kind == "1":
            return Fraction(1)
        i = box.group[0]
        P = self.point
        g0 = P.val1(*self.data.g0[i])
        g1 = P.val1(*self.data.g1[i])
        return g0 / (g0 - g1)

    def vertex_values(self, desc: tuple) -> tuple:
        """Live behaviour vector of a vertex descriptor."""
        L = len(self.data.live)
        T = desc[1]
        y: list = [Fraction((T >> i) & 1) for i in range(L)]
        if desc[0] == "edge":
            f = desc[2]
            P = self.point
            d = P.val1(*self.data.D(T))
            e = P.val1(*self.data.e[f])
            y[f] = d / (-e)
        return tuple(y)

    def equilibria(self) -> list[tuple[Number, tuple]]:
        """Extreme equilibria (p, y_live), ordered by p then by the order of enumeration."""
        out = []
        for box in self.boxes:
            if not box.vertices:
                continue
            b = self.beta(box)
            for desc in box.vertices:
                out.append((b, self.vertex_values(desc)))
        return out

    def equilibrium_set(self) -> frozenset:
        """Canonical form for comparisons: the set of extreme (p, y_live) and the continua."""
        eq = frozenset(self.equilibria())
        cont = frozenset(
            (self.beta(self.boxes[iv.left]), self.beta(self.boxes[iv.left + 1]),
             frozenset(self.vertex_values(d) for d in iv.vertices))
            for iv in self.intervals
        )
        return frozenset([("extreme", eq), ("continua", cont)])

    def contains(self, p: Number, y_full: Sequence) -> bool:
        """Exact membership of (p, y) — y over all n information sets — in the equilibrium set.

        Uses the H-description: y equal to the forced move on Lemma 1's sets, to the box's
        fixed moves off the free sets, in [0, 1] on them, and player I's condition on D(y).
        """
        data = self.data
        if len(y_full) != data.n:
            return False
        if any(y_full[l] != v for l, v in data.fixed.items()):
            return False
        y = [y_full[l] for l in data.live]
        if any(v < 0 or v > 1 for v in y):
            return False
        P = self.point
        D = P.val1(*data.e0)
        for i, v in enumerate(y):
            if v:
                D = D + v * P.val1(*data.e[i])

        def face_ok(mask: int, free: tuple[int, ...]) -> bool:
            fs = set(free)
            return all(i in fs or y[i] == ((mask >> i) & 1) for i in range(len(y)))

        betas = [self.beta(b) for b in self.boxes]
        for b, box in enumerate(self.boxes):
            if betas[b] == p and face_ok(box.mask, box.free):
                if box.cond == "eq" and D == 0:
                    return True
                if box.cond == "le" and D <= 0:
                    return True
                if box.cond == "ge" and D >= 0:
                    return True
        for iv in self.intervals:
            if betas[iv.left] < p < betas[iv.left + 1] and face_ok(iv.mask, self.nulls) and D == 0:
                return True
        return False

    @property
    def unique(self) -> bool:
        """True when there is exactly one equilibrium."""
        return sum(len(b.vertices) for b in self.boxes) == 1 and not self.intervals


def _bits(idx) -> int:
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def _box_vertices(data: LiveData, P: AlphaPoint, fixed: int, free: tuple[int, ...], cond: str,
                  masks: set[int], max_free: int) -> tuple[tuple[tuple, ...], dict[int, int]]:
    k = len(free)
    if k == 0:
        masks.add(fixed)
        sv = P.sign1(*data.D(fixed))
        ok = (cond == "eq" and sv == 0) or (cond == "le" and sv <= 0) or (cond == "ge" and sv >= 0)
        return ((("box", fixed),) if ok else ()), {fixed: sv}
    if k == 1:
        f = free[0]
        T0, T1 = fixed & ~(1 << f), fixed | (1 << f)
        masks.add(T0)
        masks.add(T1)
        s0 = P.sign1(*data.D(T0))
        s1 = P.sign1(*data.D(T1))
        out: list[tuple[str, int] | tuple[str, int, int]] = []
        for T, sv in ((T0, s0), (T1, s1)):
            if (cond == "eq" and sv == 0) or (cond == "le" and sv <= 0) or (cond == "ge" and sv >= 0):
                out.append(("box", T))
        if s0 * s1 < 0:
            out.append(("edge", T0, f))
        return tuple(out), {T0: s0, T1: s1}
    if k > max_free:
        raise TooLargeError(
            f"{k} information sets are free at one breakpoint (limit {max_free}); the box has 2^{k} vertices"
        )
    subs = []
    for s in range(1 << k):
        T = fixed
        for j in range(k):
            if (s >> j) & 1:
                T |= 1 << free[j]
        subs.append(T)
    sg = []
    signs = {}
    for T in subs:
        masks.add(T)
        d0, d1 = data.D(T)
        sv = P.sign1(d0, d1)
        sg.append(sv)
        signs[T] = sv
    verts: list[tuple] = []
    for s, T in enumerate(subs):
        sv = sg[s]
        if (cond == "eq" and sv == 0) or (cond == "le" and sv <= 0) or (cond == "ge" and sv >= 0):
            verts.append(("box", T))
    for s, T in enumerate(subs):
        sv = sg[s]
        if sv == 0:
            continue
        for j in range(k):
            if not (s >> j) & 1:
                s2 = s | (1 << j)
                if sv * sg[s2] < 0:
                    verts.append(("edge", T, free[j]))
    return tuple(verts), signs


@dataclass
class _Classes:
    """The live sets at α = P by the signs of (G_0, G_1): ``nulls`` (both 0), ``ones`` (move 1
    for every p, bit mask), ``t01``/``t10`` (switching up/down at p(i), bit masks), and the
    switching sets by where p(i) lies: ``at0`` (p = 0), ``at1`` (p = 1), ``interior``."""

    nulls: tuple[int, ...]
    ones: int
    t01: int
    t10: int
    at0: list[int]
    at1: list[int]
    interior: list[int]


def _classify(data: LiveData, P: AlphaPoint) -> _Classes:
    L = len(data.live)
    s0 = [P.sign1(*data.g0[i]) for i in range(L)]
    s1 = [P.sign1(*data.g1[i]) for i in range(L)]
    cls = _Classes(tuple(i for i in range(L) if s0[i] == 0 and s1[i] == 0), 0, 0, 0, [], [], [])
    for i in range(L):
        a, b = s0[i], s1[i]
        if a == 0 and b == 0:
            continue
        if a * b > 0:
            if a > 0:
                cls.ones |= 1 << i
            continue
        if a < 0 or b > 0:
            cls.t01 |= 1 << i
        else:
            cls.t10 |= 1 << i
        if a == 0:
            cls.at0.append(i)
        elif b == 0:
            cls.at1.append(i)
        else:
            cls.interior.append(i)
    return cls


def _group_rational(data: LiveData, P: AlphaPoint, interior: list[int]) -> list[list[int]]:
    """Interior discontinuities p(i) at a rational α, sorted exactly; equal ones grouped."""
    u, v = P.u, P.v
    keyed = []
    for i in interior:
        n0 = data.g0[i][0] * v + data.g0[i][1] * u
        n1 = data.g1[i][0] * v + data.g1[i][1] * u
        keyed.append((Fraction(n0, n0 - n1), i))
    keyed.sort()
    groups: list[list[int]] = []
    prev = None
    for val, i in keyed:
        if prev is not None and val == prev:
            groups[-1].append(i)
        else:
            groups.append([i])
        prev = val
    return groups


def _group_surd(data: LiveData, P: AlphaPoint, interior: list[int], t01: int) -> list[list[int]]:
    """Interior discontinuities at an irrational α: float order first, verified exactly on
    adjacent pairs by the sign of the quadratic Q(i, j) at α (exact sort if it was wrong)."""
    dsign = {i: (-1 if (t01 >> i) & 1 else 1) for i in interior}

    def cmp(i: int, j: int) -> int:
        return -P.sign2(*data.Q(i, j)) * dsign[i] * dsign[j]

    af = float(P.value)
    try:
        approx = []
        for i in interior:
            a0, a1 = data.g0[i]
            b0, b1 = data.g1[i]
            n0 = a0 + a1 * af
            approx.append((n0 / (n0 - (b0 + b1 * af)), i))
        approx.sort()
        order = [i for _, i in approx]
    except (ZeroDivisionError, OverflowError):
        order = list(interior)
    cmps = [cmp(order[k], order[k + 1]) for k in range(len(order) - 1)]
    if any(c > 0 for c in cmps):
        order = sorted(interior, key=cmp_to_key(cmp))
        cmps = [cmp(order[k], order[k + 1]) for k in range(len(order) - 1)]
    groups: list[list[int]] = []
    for k, i in enumerate(order):
        if k and cmps[k - 1] == 0:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def analyze(data: LiveData, P: AlphaPoint, max_free: int = DEFAULT_MAX_FREE) -> Structure:
    """The complete equilibrium set at α = P (module doc), with the checks of the
    unique-switch condition (Lemma 2(b) of Ethier–Lee II).

    Parameters
    ----------
    data : LiveData
        The game's data on the interval (:func:`live_data`).
    P : AlphaPoint
        The parameter value (rational or a quadratic surd).
    max_free : int
        Largest number of free information sets in one box.

    Returns
    -------
    Structure
        The boxes of player II's best responses along p ∈ [0, 1], their equilibria, and the
        hypotheses of Lemma 2(b) that fail.

    Raises
    ------
    TooLargeError
        When a box has more than ``max_free`` free information sets.

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> st = analyze(live_data(g, 0, 1), AlphaPoint(Fraction(1, 3)))
    >>> [p for p, y in st.equilibria()]
    [Fraction(0, 1), Fraction(1, 2), Fraction(4, 7), Fraction(1, 1)]
    """
    cls = _classify(data, P)
    nulls = cls.nulls
    if P.is_rational:
        groups = _group_rational(data, P, cls.interior)
    else:
        groups = _group_surd(data, P, cls.interior, cls.t01)
    bps: list[tuple[str, list[int]]] = [("0", cls.at0)] + [("curve", g) for g in groups] + [("1", cls.at1)]
    masks: set[int] = set()
    boxes: list[Box] = []
    intervals: list[IntervalPiece] = []
    failures: list[str] = []
    if nulls:
        names = ", ".join(data.labels[data.live[i]] for i in nulls)
        failures.append(f"player II is indifferent at {names} against both rows (the sign classes do not cover every set)")
    left = cls.ones | cls.t10  # best response for p below every discontinuity
    last = len(bps) - 1
    for b, (kind, grp) in enumerate(bps):
        gm = _bits(grp)
        fixed = left & ~gm
        free = tuple(grp) + nulls
        cond = "le" if kind == "0" else ("ge" if kind == "1" else "eq")
        verts, signs = _box_vertices(data, P, fixed, free, cond, masks, max_free)
        boxes.append(Box(kind, tuple(grp), free, fixed, cond, verts, signs))
        if kind == "0" and any(sv <= 0 for sv in signs.values()):
            failures.append("a_{0,T(0)} < a_{1,T(0)} fails (p = 0 can be a best response)")
        if kind == "1" and any(sv >= 0 for sv in signs.values()):
            failures.append("a_{0,T(1)} > a_{1,T(1)} fails (p = 1 can be a best response)")
        right = (left | (gm & cls.t01)) & ~(gm & cls.t10)
        if b < last:
            iverts, isigns = _box_vertices(data, P, right, nulls, "eq", masks, max_free)
            if iverts:
                intervals.append(IntervalPiece(b, right, iverts))
            if not nulls and isigns[right] == 0:
                failures.append("a_{0,T(p)} = a_{1,T(p)} on an open p-interval (Lemma 2(b))")
        left = right
    return Structure(data, P, boxes, intervals, nulls, masks, failures)
