"""All Nash equilibria of additive 2×2ⁿ bimatrix games: Foster's algorithm (Lemma 2), exact.

Ethier & Lee, *Baccara chemin de fer II*, Lemma 2. Player I mixes his two rows as
x = (1−p, p). Against x, player II's gain from move 1 at information set l is the affine

    g_l(p) = (1−p)·G₀(l) + p·G₁(l),   G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)],

and the sets T₀₀ (G₀<0, G₁<0), T₀₁ (G₀≤0≤G₁, not both 0), T₁₀ (G₀≥0≥G₁, not both 0),
T₁₁ (G₀>0, G₁>0) are the paper's. g_l for l ∈ T₀₁ ∪ T₁₀ vanishes at the
*best-response discontinuity*

    p(l) = G₀(l) / (G₀(l) − G₁(l)) ∈ [0, 1]                              (Lemma 2(a)).

Information sets with G₀ = G₁ = 0 (the set Z; the paper assumes it empty) leave player
II indifferent at every p; they are handled exactly (y_l free).

Equilibria (p, y) — y ∈ [0,1]ⁿ player II's behaviour strategy — are found by a sweep over
the sorted distinct breakpoints in [0, 1] (O(n log n)):

* between consecutive breakpoints player II's best responses are the face
  Box_I = {y : y = 1 on T(p) (eq. (1)), 0 off T(p) ∪ Z}; equilibria need player I
  indifferent, D(y) := a₁(y) − a₀(y) = 0. If Box_I ∩ {D = 0} ≠ ∅ the whole closed interval
  times that set is a continuum of equilibria (this is what part (b)'s first hypothesis
  excludes);
* at a breakpoint π ∈ (0,1) the best responses form the face Box(π) in which every l with
  p(l) = π (and every l ∈ Z) is free; equilibria are {π} × (Box(π) ∩ {D = 0}): the
  *equalizing strategies* of parts (c) and (d), for any number of ties;
* at p = 0 (p = 1) player I's condition is D ≤ 0 (D ≥ 0): pure-row equilibria, which
  part (b)'s last two hypotheses exclude.

The equilibrium set is the union of these *cells* (each a product of a p-range and a
polytope), reported with their extreme points; cells contained in a neighbouring cell
are dropped, so every reported cell is the image of a maximal Nash subset of the
materialized game. When player I's payoff is additive D is affine in y and the cells are
box ∩ hyperplane (or half-space); with a general ``a_func`` the cell polytopes live in
the simplex of mixtures over the corners of the face (limited to small faces).

For m ≠ 2 rows: m = 1 is solved directly; m > 2 by Lemma 1, materialization and the
explicit solver (``gamekit.bimatrix.solve.solve_result``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product

from gamekit.additive.behaviour import (
    Mixture,
    behaviour_to_mixture,
    mixed_to_mixture,
    mixture_to_behaviour,
    payoffs,
)
from gamekit.additive.game import AdditiveGame
from gamekit.core.certify import certify_additive_solution
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.numbers import fmt
from gamekit.core.result import ResultSequence

__all__ = [
    "AdditiveEquilibrium",
    "EquilibriumCell",
    "CaseRecord",
    "FosterCertificate",
    "AdditiveSolution",
    "solve_additive",
    "breakpoints",
    "foster_classes",
    "DEFAULT_MAX_VERTICES",
    "DEFAULT_MAX_FACE",
]

#: Largest number of extreme equilibria :func:`solve_additive` writes down.
DEFAULT_MAX_VERTICES = 10_000
#: Largest face dimension enumerated corner by corner when player I's payoff is ``a_func``.
DEFAULT_MAX_FACE = 12

_ZERO = Fraction(0)
_ONE = Fraction(1)


# -- results -------------------------------------------------------------------------------
@dataclass(frozen=True)
class AdditiveEquilibrium:
    """One (extreme) equilibrium in behaviour form.

    ``row``: player I's mixed strategy; ``draw[l]``: player II's probability of move 1
    ("draw") at information set l (full game, all n sets); ``payoffs``: (I, II);
    ``mixture``: a mixed strategy of player II over subsets realizing ``draw`` — the
    threshold mixture (≤ k+1 subsets) when player I's payoff is additive, the actual
    equilibrium mixture when it is a general ``a_func``.
    """

    row: tuple[Fraction, ...]
    draw: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]
    given_mixture: Mixture | None = field(default=None, repr=False, compare=False)

    @property
    def mixture(self) -> Mixture:
        """Player II's mixed strategy over subsets (computed on first use when not given)."""
        if self.given_mixture is None:
            object.__setattr__(self, "given_mixture", behaviour_to_mixture(self.draw))
        return self.given_mixture  # type: ignore[return-value]

    @property
    def p(self) -> Fraction:
        """Player I's probability of row 1 (two-row games)."""
        return self.row[-1]

    def mixed(self, columns: Sequence[frozenset[int]]) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """(row, column mixed strategy) over explicit columns, e.g. of a materialized game.

        ``columns`` are full-game subsets (``reduction.materialized_columns``).
        """
        index = {frozenset(T): j for j, T in enumerate(columns)}
        sigma = [_ZERO] * len(columns)
        for T, q in self.mixture:
            j = index.get(T)
            if j is None:
                raise GameError(f"the subset {sorted(T)} of this equilibrium is not a column")
            sigma[j] += q
        return self.row, tuple(sigma)

    def to_json(self, infosets: Sequence[str] | None = None) -> dict:
        keys = infosets if infosets is not None else [str(l) for l in range(len(self.draw))]
        return {
            "row": [fmt(v) for v in self.row],
            "draw": {k: fmt(v) for k, v in zip(keys, self.draw)},
            "payoffs": [fmt(v) for v in self.payoffs],
        }


@dataclass(frozen=True)
class EquilibriumCell:
    """A convex piece of the equilibrium set: rows x(p), p ∈ [p_lo, p_hi], times a polytope.

    Player II's strategies are those of the face ``fixed`` (0/1 outside ``free``) with
    ``free`` coordinates in [0, 1] subject to player I's condition D(y) ``sense`` 0, where
    D = a_{1} − a_{0} and sense is ``"="`` (interior p), ``"<="`` (p = 0) or ``">="`` (p = 1).
    ``vertices`` are its extreme points. ``kind`` is "breakpoint", "interval" or "endpoint".
    """

    kind: str
    p_lo: Fraction
    p_hi: Fraction
    free: tuple[int, ...]
    sense: str
    vertices: tuple[AdditiveEquilibrium, ...]
    fixed: tuple[Fraction, ...] = field(repr=False)

    @property
    def is_point(self) -> bool:
        """True when the cell is a single equilibrium."""
        return len(self.vertices) == 1

    def contains(self, p: Fraction, draw: Sequence[Fraction], game: AdditiveGame) -> bool:
        """Exact membership of (p, y) (additive player I payoff)."""
        if not self.p_lo <= p <= self.p_hi:
            return False
        freeset = set(self.free)
        if any(draw[l] != self.fixed[l] for l in range(len(draw)) if l not in freeset):
            return False
        if any(not 0 <= draw[l] <= 1 for l in self.free):
            return False
        if self.sense == "any":  # one row: player I has no condition
            return True
        d = _d_value(game, draw)
        return d == 0 if self.sense == "=" else (d <= 0 if self.sense == "<=" else d >= 0)

    def contains_mixture(self, p: Fraction, mixture: Mixture, game: AdditiveGame) -> bool:
        """Exact membership of (p, σ) in mixture space (works for ``a_func`` too)."""
        if not self.p_lo <= p <= self.p_hi:
            return False
        freeset = set(self.free)
        ones = frozenset(l for l, v in enumerate(self.fixed) if v == 1 and l not in freeset)
        for T, _ in mixture:
            if not ones <= T or not T <= ones | freeset:
                return False
        if self.sense == "any":  # one row: player I has no condition
            return True
        d = sum((q * (game.a(1, T) - game.a(0, T)) for T, q in mixture), _ZERO)
        return d == 0 if self.sense == "=" else (d <= 0 if self.sense == "<=" else d >= 0)


class CaseRecord(tuple):
    """(kind, p_lo, p_hi, number of free information sets, result) of one checked case."""

    __slots__ = ()

    def __new__(cls, kind: str, p_lo: Fraction, p_hi: Fraction, free: int, result: str):
        return tuple.__new__(cls, (kind, p_lo, p_hi, free, result))

    kind = property(lambda s: s[0])
    p_lo = property(lambda s: s[1])
    p_hi = property(lambda s: s[2])
    free = property(lambda s: s[3])
    result = property(lambda s: s[4])


@dataclass(frozen=True)
class FosterCertificate:
    """What Foster's algorithm checked.

    ``sizes``: the class sizes of :func:`foster_classes` (``always_0`` = the paper's T₀₀,
    ``switch_up`` = T₀₁, ``switch_down`` = T₁₀, ``always_1`` = T₁₁, ``indifferent`` = Z,
    the sets with G₀ = G₁ = 0).
    ``breakpoints``: distinct p(l) in [0,1], ascending, with ``multiplicities``.
    ``cases``: every breakpoint, open interval and endpoint examined and its result
    ("none", "equalizing", "continuum", "pure", …).
    ``hypotheses``: the conditions of Lemma 2 as booleans — ``classes_cover`` (Z = ∅),
    ``positive_probabilities`` (p_u(l) > 0, None when ``prob`` was not given),
    ``no_indifference_on_intervals`` (a_{0,T(p)} ≠ a_{1,T(p)} off the breakpoints),
    ``row0_not_pure_eq`` (a_{0,T(0)} < a_{1,T(0)}), ``row1_not_pure_eq``
    (a_{0,T(1)} > a_{1,T(1)}); ``single_crossing`` is their conjunction (``positive_probabilities``
    counts when known).
    """

    n: int
    sizes: dict[str, int]
    breakpoints: tuple[Fraction, ...]
    multiplicities: tuple[int, ...]
    cases: tuple[CaseRecord, ...]
    hypotheses: dict[str, bool | None]
    single_crossing: bool
    notes: tuple[str, ...] = ()
    cross_check: str = "not run"

    def summary(self) -> str:
        sizes = " ".join(f"{k}={v}" for k, v in self.sizes.items())
        if not self.cases:  # not Foster (e.g. more than two rows): say what was done
            return f"n={self.n} {sizes}; " + "; ".join(self.notes)
        hits = [c for c in self.cases if c.result != "none"]
        held = "held" if self.single_crossing else "failed (" + ", ".join(
            k for k, v in self.hypotheses.items() if v is False) + ")"
        return (
            f"n={self.n} {sizes}; {len(self.breakpoints)} breakpoints, "
            f"{len(self.cases)} cases checked, {len(hits)} with equilibria; Lemma 2(b) hypotheses {held}"
        )


@dataclass(frozen=True, eq=False)
class AdditiveSolution(ResultSequence):
    """All Nash equilibria of an additive game (exact and complete).

    ``equilibria``: the extreme equilibria (all distinct vertices of the cells).
    ``cells``: the maximal convex pieces of the equilibrium set; ``components``: cell
    indices grouped into connected components. ``unique``: the equilibrium is unique (in
    behaviour strategies when player I's payoff is additive, in mixtures otherwise);
    ``unique_mixed``: unique even as a mixed strategy over the 2ⁿ pure strategies (a
    behaviour strategy with ≥ 2 mixed information sets has a continuum of mixed
    representations). ``method``: "foster", "trivial" (m = 1) or "enumeration" (m > 2).
    """

    game: AdditiveGame
    equilibria: tuple[AdditiveEquilibrium, ...]
    cells: tuple[EquilibriumCell, ...]
    components: tuple[tuple[int, ...], ...]
    unique: bool
    unique_mixed: bool
    certificate: FosterCertificate | None
    method: str
    complete: bool = True
    continuum: bool | None = None

    @property
    def is_continuum(self) -> bool:
        """True when the equilibrium set is infinite (some cell is not a single point)."""
        if self.continuum is not None:
            return self.continuum
        return any(not c.is_point for c in self.cells)

    def mixed(self, columns: Sequence[frozenset[int]]) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
        """Every extreme equilibrium as (row, column mixed strategy) over explicit columns."""
        return [e.mixed(columns) for e in self.equilibria]

    def describe(self) -> str:
        """A short human-readable account."""
        if self.unique:
            head = "unique equilibrium"
        elif self.is_continuum:
            head = (f"a continuum of equilibria: {len(self.cells)} maximal convex piece(s) in "
                    f"{len(self.components)} component(s), {len(self.equilibria)} extreme points")
        else:
            head = f"{len(self.equilibria)} isolated equilibria"
        tail = f"; {self.certificate.summary()}" if self.certificate else ""
        return head + tail


# -- classification ----------------------------------------------------------------------------
def foster_classes(game: AdditiveGame) -> dict[str, tuple[int, ...]]:
    """Player II's information sets by the signs of their gains G₀ (against row 0) and G₁
    (two-row games): ``always_0`` (G₀, G₁ < 0; the paper's T₀₀), ``switch_up`` (G₀ ≤ 0 ≤ G₁,
    move 0 → 1 as p grows; T₀₁), ``switch_down`` (G₀ ≥ 0 ≥ G₁; T₁₀), ``always_1``
    (G₀, G₁ > 0; T₁₁) and ``indifferent`` (G₀ = G₁ = 0; Z) — Ethier–Lee II, §2."""
    _need_two_rows(game)
    G0, G1 = game.b_gains(0), game.b_gains(1)
    out: dict[str, list[int]] = {
        "always_0": [], "switch_up": [], "switch_down": [], "always_1": [], "indifferent": []
    }
    for l in range(game.n):
        out[_class_of(G0[l], G1[l])].append(l)
    return {k: tuple(v) for k, v in out.items()}


def _class_of(g0: Fraction, g1: Fraction) -> str:
    if g0 < 0 and g1 < 0:
        return "always_0"
    if g0 > 0 and g1 > 0:
        return "always_1"
    if g0 == 0 and g1 == 0:
        return "indifferent"
    return "switch_up" if g0 <= 0 <= g1 else "switch_down"


def breakpoints(game: AdditiveGame) -> dict[int, Fraction]:
    """p(l) = G₀(l)/(G₀(l) − G₁(l)) for every l ∈ T₀₁ ∪ T₁₀ (Lemma 2(a))."""
    _need_two_rows(game)
    G0, G1 = game.b_gains(0), game.b_gains(1)
    out = {}
    for l in range(game.n):
        c = _class_of(G0[l], G1[l])
        if c in ("switch_up", "switch_down"):
            out[l] = G0[l] / (G0[l] - G1[l])
    return out


def _need_two_rows(game: AdditiveGame) -> None:
    if not isinstance(game, AdditiveGame):
        raise GameError(f"expected an AdditiveGame, got {type(game).__name__}")
    if game.m != 2:
        raise GameError(f"Foster's algorithm needs exactly 2 rows, the game has {game.m}")


def _d_value(game: AdditiveGame, draw: Sequence[Fraction]) -> Fraction:
    """D(y) = a₁(y) − a₀(y) for additive player I payoffs."""
    H0, H1 = game.a_gains(0), game.a_gains(1)
    return game.a_const(1) - game.a_const(0) + sum(
        ((H1[l] - H0[l]) * v for l, v in enumerate(draw) if v), _ZERO)


# -- polytope vertices -------------------------------------------------------------------------
def _slice_vertices(c: Fraction, coeffs: Sequence[Fraction], sense: str, limit: int) -> list[tuple[Fraction, ...]]:
    """Vertices of P = {y ∈ [0,1]^k : c + Σ coeffs_i y_i (sense) 0}, sense in "=", "<=", ">=".

    Coordinates with a zero coefficient give a product with {0, 1}. For the others a vertex
    of P is a 0/1 point satisfying the condition or a point of the hyperplane with every
    coordinate at a bound but one. They are enumerated by a breadth-first search over the
    edges of P — along box edges, and along the segments in which the hyperplane cuts the
    2-faces of the box — which visits only vertices (output-sensitive: O(k) work per
    non-degenerate vertex, O(k²) per degenerate one), never a subset-sum search.
    Raises :class:`TooLargeError` beyond ``limit`` vertices.
    """
    if sense == ">=":
        return _slice_vertices(-c, [-a for a in coeffs], "<=", limit)
    k = len(coeffs)
    nz = [i for i in range(k) if coeffs[i] != 0]
    zr = [i for i in range(k) if coeffs[i] == 0]
    a = [coeffs[i] for i in nz]
    m = len(a)
    low = [_ZERO if ai > 0 else _ONE for ai in a]  # corner minimizing the sum
    mn = c + sum((ai for ai in a if ai < 0), _ZERO)
    mx = c + sum((ai for ai in a if ai > 0), _ZERO)
    if mn > 0 or (sense == "=" and mx < 0):
        return []
    if sense == "<=":
        start = tuple(low)
    else:  # walk from the min corner towards the max corner until the sum reaches 0
        y = list(low)
        s = mn
        for i in range(m):
            step = abs(a[i])
            if s + step >= 0:
                y[i] = low[i] + (-s) / a[i]
                break
            y[i] = _ONE - low[i]
            s += step
        start = tuple(y)

    def value(v: tuple[Fraction, ...]) -> Fraction:
        return c + sum((ai * vi for ai, vi in zip(a, v) if vi), _ZERO)

    def neighbours(v: tuple[Fraction, ...]) -> list[tuple[Fraction, ...]]:
        out = []
        frac = [i for i in range(m) if 0 < v[i] < 1]
        s = value(v)
        if frac:  # on the hyperplane with one fractional coordinate j
            j = frac[0]
            for i in range(m):
                if i == j:
                    continue
                d = _ONE - 2 * v[i]  # move y_i towards its other bound
                r = -a[i] * d / a[j]  # rate of y_j keeping the sum at 0
                t = _ONE
                if r > 0:
                    t = min(t, (_ONE - v[j]) / r)
                elif r < 0:
                    t = min(t, v[j] / (-r))
                w = list(v)
                w[i] = v[i] + d * t
                w[j] = v[j] + r * t
                out.append(tuple(w))
            if sense == "<=":  # leave the hyperplane along box edge j, decreasing the sum
                w = list(v)
                w[j] = low[j]
                out.append(tuple(w))
            return out
        # a 0/1 point
        dirs = [(_ONE - 2 * v[i]) * a[i] for i in range(m)]  # change of the sum when flipping i
        if s < 0:  # strictly inside the half-space ("<=" only)
            for i in range(m):
                w = list(v)
                if s + dirs[i] <= 0:
                    w[i] = _ONE - v[i]
                else:
                    w[i] = v[i] + (_ONE - 2 * v[i]) * (-s / dirs[i])
                out.append(tuple(w))
            return out
        # s == 0: a degenerate vertex on the hyperplane
        if sense == "<=":
            for i in range(m):
                if dirs[i] < 0:
                    w = list(v)
                    w[i] = _ONE - v[i]
                    out.append(tuple(w))
        ups = [i for i in range(m) if dirs[i] > 0]
        downs = [i for i in range(m) if dirs[i] < 0]
        for i in ups:
            for j in downs:
                ratio = dirs[i] / (-dirs[j])  # move of j per unit move of i
                t = min(_ONE, 1 / ratio)
                w = list(v)
                w[i] = v[i] + (_ONE - 2 * v[i]) * t
                w[j] = v[j] + (_ONE - 2 * v[j]) * t * ratio
                out.append(tuple(w))
        return out

    seen = {start}
    queue = [start]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for w in neighbours(v):
            if w not in seen:
                seen.add(w)
                queue.append(w)
                if len(seen) > limit:
                    raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    total = len(queue) << len(zr)
    if total > limit:
        raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    result = []
    for v in queue:
        e = [_ZERO] * k
        for idx, val in zip(nz, v):
            e[idx] = val
        if zr:
            for bits in product((_ZERO, _ONE), repeat=len(zr)):
                f = list(e)
                for idx, b in zip(zr, bits):
                    f[idx] = b
                result.append(tuple(f))
        else:
            result.append(tuple(e))
    return result


def _mixture_vertices(D: Sequence[Fraction], sense: str) -> list[tuple[tuple[int, Fraction], ...]]:
    """Vertices of {σ ∈ simplex : Σ σ_i D_i (sense) 0}: admissible corners and equalizing pairs."""
    ok = (lambda d: d == 0) if sense == "=" else ((lambda d: d <= 0) if sense == "<=" else (lambda d: d >= 0))
    out: list[tuple[tuple[int, Fraction], ...]] = [((i, _ONE),) for i, d in enumerate(D) if ok(d)]
    pos = [i for i, d in enumerate(D) if d > 0]
    neg = [i for i, d in enumerate(D) if d < 0]
    for i in pos:
        for j in neg:
            w = D[i] / (D[i] - D[j])  # weight on j so that (1-w) D_i + w D_j = 0
            out.append(tuple(sorted(((i, _ONE - w), (j, w)))))
    return out


# -- the solver ----------------------------------------------------------------------------------
class _Sweep:
    """Shared state of the two-row solver."""

    def __init__(self, game: AdditiveGame, max_vertices: int, max_face: int) -> None:
        self.game = game
        self.n = game.n
        self.max_vertices = max_vertices
        self.max_face = max_face
        self.additive = game.a_move is not None
        if self.additive:
            H0, H1 = game.a_gains(0), game.a_gains(1)
            self.H0, self.H1 = H0, H1  # δ_l = H1[l] − H0[l]: player I's gain in D = a_1 − a_0
            self.d_const = game.a_const(1) - game.a_const(0)
        self.vertex_count = 0

    def row(self, p: Fraction) -> tuple[Fraction, Fraction]:
        return (_ONE - p, p)

    # additive player I: cell = box ∩ {c + δ·y_free sense 0}
    def additive_cell(self, kind: str, lo: Fraction, hi: Fraction, ones: list[int], free: list[int],
                      c: Fraction, sense: str, a_base: list[Fraction], b_base: list[Fraction],
                      ) -> EquilibriumCell | None:
        """The cell {p ∈ [lo, hi]} × (face ∩ {c + δ·y_free sense 0}); ``a_base``/``b_base``:
        the rows' payoffs at the face's base point (free sets at move 0)."""
        coeffs = [self.H1[l] - self.H0[l] for l in free]
        mn = c + sum((min(a, _ZERO) for a in coeffs), _ZERO)
        mx = c + sum((max(a, _ZERO) for a in coeffs), _ZERO)
        if (sense == "=" and not mn <= 0 <= mx) or (sense == "<=" and mn > 0) or (sense == ">=" and mx < 0):
            return None
        base = [_ZERO] * self.n
        for l in ones:
            base[l] = _ONE
        for l in free:
            base[l] = _ZERO
        try:
            pts = _slice_vertices(c, coeffs, sense, self.max_vertices - self.vertex_count)
        except TooLargeError:
            where = f"p = {fmt(lo)}" if lo == hi else f"p in [{fmt(lo)}, {fmt(hi)}]"
            shape = "hyperplane" if sense == "=" else "half-space"
            raise TooLargeError(
                f"the equilibria at {where} form a face of dimension up to {len(free)} cut by a "
                f"{shape}, with more than {self.max_vertices} extreme points in total; "
                "raise max_vertices") from None
        # payoffs: the base point's come from the sweep, then O(|free|) per vertex
        g = self.game
        ga = [[g.a_gains(u)[l] for l in free] for u in range(2)]
        gb = [[g.b_gains(u)[l] for l in free] for u in range(2)]
        verts = []
        for vals in pts:
            y = list(base)
            for l, v in zip(free, vals):
                y[l] = v
            yt = tuple(y)
            au = [a_base[u] + sum((w * v for w, v in zip(ga[u], vals) if v), _ZERO) for u in range(2)]
            bu = [b_base[u] + sum((w * v for w, v in zip(gb[u], vals) if v), _ZERO) for u in range(2)]
            for p in sorted({lo, hi}):
                pay = ((1 - p) * au[0] + p * au[1], (1 - p) * bu[0] + p * bu[1])
                verts.append(AdditiveEquilibrium(self.row(p), yt, pay))
        self.vertex_count += len(verts)
        return EquilibriumCell(kind, lo, hi, tuple(free), sense, tuple(verts), tuple(base))

    # general player I payoff: mixtures over the corners of the face
    def corner_cell(self, kind: str, lo: Fraction, hi: Fraction, ones: list[int], free: list[int],
                    sense: str) -> EquilibriumCell | None:
        if len(free) > self.max_face:
            raise TooLargeError(
                f"player I's payoff is not additive and player II is indifferent at {len(free)} "
                f"information sets at p in [{fmt(lo)}, {fmt(hi)}]: the face has 2^{len(free)} corners, "
                f"above the limit 2^{self.max_face}; materialize the reduced game instead"
            )
        g = self.game
        oneset = frozenset(ones)
        corners = [oneset.union(S) for S in _subsets(free)]
        D = [g.a(1, T) - g.a(0, T) for T in corners]
        verts_idx = _mixture_vertices(D, sense)
        if not verts_idx:
            return None
        base = [_ZERO] * self.n
        for l in ones:
            base[l] = _ONE
        verts = []
        for p in sorted({lo, hi}):
            for v in verts_idx:
                mix = tuple((corners[i], w) for i, w in v)
                verts.append(self.equilibrium(p, None, mix))
        self.vertex_count += len(verts)
        if self.vertex_count > self.max_vertices:
            raise TooLargeError(f"more than {self.max_vertices} extreme equilibria; raise max_vertices")
        return EquilibriumCell(kind, lo, hi, tuple(free), sense, tuple(verts), tuple(base))

    def equilibrium(self, p: Fraction, draw: tuple[Fraction, ...] | None, mixture: Mixture | None) -> AdditiveEquilibrium:
        row = self.row(p)
        if mixture is None:
            pay = payoffs(self.game, row, draw=draw)
        else:
            draw = mixture_to_behaviour(mixture, self.n)
            pay = payoffs(self.game, row, mixture=mixture)
        return AdditiveEquilibrium(row, draw, pay, mixture)  # type: ignore[arg-type]

    def d_of_set(self, ones: Iterable[int]) -> Fraction:
        T = frozenset(ones)
        return self.game.a(1, T) - self.game.a(0, T)


def _subsets(free: Sequence[int]) -> list[frozenset[int]]:
    out = [frozenset()]
    for l in free:
        out += [s | {l} for s in out]
    return out


def _cell_inside(inner: EquilibriumCell, outer: EquilibriumCell, game: AdditiveGame, additive: bool) -> bool:
    for v in inner.vertices:
        ok = outer.contains(v.p, v.draw, game) if additive else outer.contains_mixture(v.p, v.mixture, game)
        if not ok:
            return False
    return True


def _scaled_ints(*vectors: Sequence[Fraction]) -> tuple[int, list[list[int]]]:
    """A common denominator L and the vectors times L as Python ints (fast exact sums)."""
    L = 1
    for vec in vectors:
        for x in vec:
            d = x.denominator
            if d != 1 and L % d:
                L = L * d // math.gcd(L, d)
    return L, [[x.numerator * (L // x.denominator) for x in vec] for vec in vectors]


def _sorted_breakpoints(items: list[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    """Group (num, den, l) with den > 0 by the exact value num/den, in ascending order.

    Sorted by the correctly rounded float num/den (C speed), then repaired exactly: floats
    can only misorder values that round to the same double, so an insertion pass with
    integer cross-multiplication fixes the order in O(n + inversions).
    """
    items.sort(key=lambda t: t[0] / t[1])
    for i in range(1, len(items)):
        j = i
        cur = items[i]
        while j > 0 and cur[0] * items[j - 1][1] < items[j - 1][0] * cur[1]:
            items[j] = items[j - 1]
            j -= 1
        items[j] = cur
    out: list[list[tuple[int, int, int]]] = []
    for t in items:
        if out and out[-1][0][0] * t[1] == t[0] * out[-1][0][1]:
            out[-1].append(t)
        else:
            out.append([t])
    return out


def _solve_two_rows(game: AdditiveGame, max_vertices: int, max_face: int) -> AdditiveSolution:
    n = game.n
    G0, G1 = game.b_gains(0), game.b_gains(1)
    LB, (g0, g1) = _scaled_ints(G0, G1)  # G_u · LB as integers: same classes, same p(l)
    sizes = {"always_0": 0, "switch_up": 0, "switch_down": 0, "always_1": 0, "indifferent": 0}
    Z: list[int] = []
    ones_state = [False] * n  # T(p) just left of the current point (starts "left of 0")
    items: list[tuple[int, int, int]] = []  # p(l) = num/den with den > 0, and l
    for l in range(n):
        a, b = g0[l], g1[l]
        if a < 0 and b < 0:
            sizes["always_0"] += 1
        elif a > 0 and b > 0:
            sizes["always_1"] += 1
            ones_state[l] = True
        elif a == 0 and b == 0:
            sizes["indifferent"] += 1
            Z.append(l)
        else:
            if a <= 0 <= b:
                sizes["switch_up"] += 1
                items.append((-a, b - a, l))  # p(l) = G0/(G0 − G1) = (−a)/(b − a)
            else:
                sizes["switch_down"] += 1
                ones_state[l] = True
                items.append((a, a - b, l))
    grouped = _sorted_breakpoints(items)  # O(n log n)
    T01flag = [False] * n
    for item in items:
        T01flag[item[2]] = g0[item[2]] <= 0 <= g1[item[2]]
    # the points of the sweep: 0, the breakpoints in (0,1), 1 — each with (L01, L10)
    pts: list[tuple[Fraction, list[int], list[int]]] = []
    bps: list[Fraction] = []
    mult: list[int] = []
    for grp in grouped:
        val = Fraction(grp[0][0], grp[0][1])
        bps.append(val)
        mult.append(len(grp))
        pts.append((val, [l for _, _, l in grp if T01flag[l]], [l for _, _, l in grp if not T01flag[l]]))
    if not pts or pts[0][0] != 0:
        pts.insert(0, (_ZERO, [], []))
    if pts[-1][0] != 1:
        pts.append((_ONE, [], []))
    bpset = set(bps)
    sw = _Sweep(game, max_vertices, max_face)
    additive = sw.additive
    if additive:
        H0, H1 = game.a_gains(0), game.a_gains(1)
        LA, (h0, h1) = _scaled_ints(H0, H1)
        dl = [b - a for a, b in zip(h0, h1)]
        ac0, ac1, dc = (game.a_const(0) * LA, game.a_const(1) * LA, sw.d_const * LA)
        # D(y)·LA = dc + Σ dl_l y_l;  S = D·LA at T(p) for p just left of the point
        S = dc + sum(dl[l] for l in range(n) if ones_state[l])
        zlo = sum(min(dl[l], 0) for l in Z)
        zhi = sum(max(dl[l], 0) for l in Z)
        # both players' payoffs of each row at T(p) just left of the point, scaled
        PA = [ac0 + sum(h0[l] for l in range(n) if ones_state[l]),
              ac1 + sum(h1[l] for l in range(n) if ones_state[l])]
        PB = [game.b_const(0) * LB + sum(g0[l] for l in range(n) if ones_state[l]),
              game.b_const(1) * LB + sum(g1[l] for l in range(n) if ones_state[l])]
        HA, HB = (h0, h1), (g0, g1)

        def minus(P: list, H: tuple, L: list[int]) -> list:
            return [P[u] - sum(H[u][l] for l in L) for u in range(2)]

        def unscale(P: list, scale: int) -> list[Fraction]:
            return [Fraction(v, 1) / scale for v in P]

    def current_ones(exclude: Iterable[int] = ()) -> list[int]:
        ex = set(exclude)
        return [l for l in range(n) if ones_state[l] and l not in ex]

    cases: list[CaseRecord] = []
    seq: list[EquilibriumCell | None] = []  # alternating point, interval, point, ...
    hyp_interval = True
    d_T0 = d_T1 = None
    for idx, (pi, L01, L10) in enumerate(pts):
        free = sorted(L01 + L10 + Z)
        sense = "<=" if pi == 0 else (">=" if pi == 1 else "=")
        kind = "endpoint" if pi in (0, 1) else "breakpoint"
        if additive:
            c_point = S - sum(dl[l] for l in L10)
            lo_pt = c_point + zlo + sum(min(dl[l], 0) for l in L01 + L10)
            hi_pt = c_point + zhi + sum(max(dl[l], 0) for l in L01 + L10)
            cell = (sw.additive_cell(kind, pi, pi, current_ones(L10), free, Fraction(c_point, LA), sense,
                                     unscale(minus(PA, HA, L10), LA), unscale(minus(PB, HB, L10), LB))
                    if _meets(lo_pt, hi_pt, sense) else None)
            d_pure = c_point  # D at T(π) of eq. (1) (the free sets at move 0), scaled
        else:
            ones_pt = current_ones(L10)
            cell = sw.corner_cell(kind, pi, pi, ones_pt, free, sense)
            d_pure = sw.d_of_set(ones_pt)
        if pi == 0:
            d_T0 = d_pure
        if pi == 1:
            d_T1 = d_pure
        cases.append(CaseRecord(kind, pi, pi, len(free), _result(cell, kind)))
        seq.append(cell)
        # cross the point
        for l in L10:
            ones_state[l] = False
        for l in L01:
            ones_state[l] = True
        if additive:
            S = S - sum(dl[l] for l in L10) + sum(dl[l] for l in L01)
            PA = [v + sum(HA[u][l] for l in L01) for u, v in enumerate(minus(PA, HA, L10))]
            PB = [v + sum(HB[u][l] for l in L01) for u, v in enumerate(minus(PB, HB, L10))]
        if idx + 1 < len(pts):
            lo, hi = pi, pts[idx + 1][0]
            if additive:
                icell = (sw.additive_cell("interval", lo, hi, current_ones(), list(Z), Fraction(S, LA), "=",
                                          unscale(PA, LA), unscale(PB, LB))
                         if _meets(S + zlo, S + zhi, "=") else None)
                d_int = S
            else:
                ones_i = current_ones()
                icell = sw.corner_cell("interval", lo, hi, ones_i, list(Z), "=")
                d_int = sw.d_of_set(ones_i)
            if d_int == 0:
                hyp_interval = False
            cases.append(CaseRecord("interval", lo, hi, len(Z), _result(icell, "interval")))
            seq.append(icell)

    # maximal cells and components along the p-axis
    keep = [c is not None for c in seq]
    for i in range(0, len(seq), 2):  # point cells sit at even positions
        pc = seq[i]
        if pc is None:
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(seq) and seq[j] is not None and _cell_inside(pc, seq[j], game, additive):  # type: ignore[arg-type]
                keep[i] = False
                break
    cells: list[EquilibriumCell] = []
    comp_of_seq: list[int | None] = [None] * len(seq)
    comps: list[list[int]] = []
    for i, c in enumerate(seq):
        if c is None:
            continue
        linked = i > 0 and seq[i - 1] is not None  # neighbouring nonempty cells along p touch
        if not linked:
            comps.append([])
        comp_of_seq[i] = len(comps) - 1
        if keep[i]:
            comps[-1].append(len(cells))
            cells.append(c)
    components = tuple(tuple(cmp) for cmp in comps if cmp)

    # extreme equilibria: distinct vertices of the maximal cells, ordered by p. Two cells
    # can share a vertex only at a common p (a breakpoint and an adjacent interval), so
    # the O(n) comparison of strategies is needed only there.
    by_p: dict[Fraction, list[list[AdditiveEquilibrium]]] = {}
    for c in cells:
        at: dict[Fraction, list[AdditiveEquilibrium]] = {}
        for v in c.vertices:
            at.setdefault(v.p, []).append(v)
        for pv, vs in at.items():
            by_p.setdefault(pv, []).append(vs)
    out: list[AdditiveEquilibrium] = []
    for pv in sorted(by_p):
        lists = by_p[pv]
        if len(lists) == 1:
            out.extend(lists[0])
            continue
        seen: dict[object, AdditiveEquilibrium] = {}
        for vs in lists:
            for v in vs:
                seen.setdefault(v.draw if additive else frozenset(v.mixture), v)
        out.extend(seen.values())
    eqs = tuple(out)
    unique = len(eqs) == 1
    # with additive payoffs a behaviour strategy with k ≥ 2 mixed sets has a (k−1)-dim or
    # larger family of mixed representations; in mixture space (a_func) unique is unique
    unique_mixed = unique and (not additive or sum(1 for v in eqs[0].draw if 0 < v < 1) <= 1)

    positive = None
    if game.prob is not None:
        positive = all(game.prob[u][l] > 0 for u in range(2) for l in range(n))
    hyps: dict[str, bool | None] = {
        "classes_cover": not Z,
        "positive_probabilities": positive,
        "no_indifference_on_intervals": hyp_interval,
        "row0_not_pure_eq": d_T0 is not None and d_T0 > 0,
        "row1_not_pure_eq": d_T1 is not None and d_T1 < 0,
    }
    # positivity of p_u(l) is informational: the weighted gains make the rest exact anyway
    single_crossing = all(v for k, v in hyps.items() if k != "positive_probabilities")
    notes = []
    if single_crossing:
        # Lemma 2(b): every equilibrium has p = p(l) for some l — check our sweep agrees.
        bad = [c for c in cells if c.kind == "interval" or (c.p_lo not in bpset)]
        if bad:
            raise CertificationError("Lemma 2(b) holds but an equilibrium is off the breakpoints")
        notes.append("Lemma 2(b) hypotheses hold: every equilibrium sits at a best-response discontinuity")
    else:
        notes.append("Lemma 2(b) hypotheses fail: the sweep over all breakpoints, intervals and "
                     "endpoints gives the complete equilibrium set")
    if Z:
        notes.append(f"{len(Z)} information set(s) leave player II indifferent for every p (G0 = G1 = 0)")
    cert = FosterCertificate(
        n=n,
        sizes=sizes,
        breakpoints=tuple(bps),
        multiplicities=tuple(mult),
        cases=tuple(cases),
        hypotheses=hyps,
        single_crossing=single_crossing,
        notes=tuple(notes),
    )
    return AdditiveSolution(game, eqs, tuple(cells), components, unique, unique_mixed, cert, "foster")


def _meets(mn: Fraction, mx: Fraction, sense: str) -> bool:
    """Does the range [mn, mx] of D over a face meet {D sense 0}?"""
    if sense == "=":
        return mn <= 0 <= mx
    return mn <= 0 if sense == "<=" else mx >= 0


def _result(cell: EquilibriumCell | None, kind: str) -> str:
    if cell is None:
        return "none"
    if kind == "interval":
        return "continuum"
    if kind == "endpoint":
        return "pure row" if cell.is_point else "pure row, continuum"
    return "equalizing" if cell.is_point else "equalizing, continuum"


def _solve_one_row(game: AdditiveGame, max_vertices: int) -> AdditiveSolution:
    """m = 1: player II best-responds; equilibria are the vertices of his best-response face."""
    G = game.b_gains(0)
    ones = [l for l in range(game.n) if G[l] > 0]
    free = [l for l in range(game.n) if G[l] == 0]
    if len(free) > 62 or (1 << len(free)) > max_vertices:
        raise TooLargeError(f"player II is indifferent at {len(free)} information sets: 2^{len(free)} extreme equilibria")
    base = [_ZERO] * game.n
    for l in ones:
        base[l] = _ONE
    verts = []
    for bits in product((_ZERO, _ONE), repeat=len(free)):
        y = list(base)
        for l, v in zip(free, bits):
            y[l] = v
        yt = tuple(y)
        mix = behaviour_to_mixture(yt)
        verts.append(AdditiveEquilibrium((_ONE,), yt, payoffs(game, (_ONE,), mixture=mix), mix))
    cell = EquilibriumCell("face", _ONE, _ONE, tuple(free), "any", tuple(verts), tuple(base))
    unique = len(verts) == 1
    return AdditiveSolution(game, tuple(verts), (cell,), ((0,),), unique, unique, None, "trivial")


def _solve_enumeration(game: AdditiveGame, limit: int) -> AdditiveSolution:
    """m > 2: Lemma 1, materialize the reduced game, enumerate its extreme equilibria."""
    from gamekit.additive.reduction import forced_moves, materialize, materialized_columns

    try:
        from gamekit.bimatrix.solve import solve_result  # type: ignore[attr-defined]
    except ImportError as exc:  # pragma: no cover - depends on the explicit solver
        raise GameError("solving additive games with more than 2 rows needs gamekit.bimatrix.solve") from exc
    red = forced_moves(game)
    explicit = materialize(game, limit=limit, reduce=True)
    columns = materialized_columns(game, limit=limit, reduce=True)
    res = solve_result(explicit, method="all")
    seen: dict[tuple, AdditiveEquilibrium] = {}
    additive = game.a_move is not None
    for e in res.equilibria:
        mix = mixed_to_mixture(e.col, columns)
        y = mixture_to_behaviour(mix, game.n)
        if additive:
            mix = behaviour_to_mixture(y)
        eq = AdditiveEquilibrium(tuple(e.row), y, payoffs(game, e.row, mixture=mix), mix)
        key = (eq.row, eq.draw) if additive else (eq.row, frozenset(eq.mixture))
        seen.setdefault(key, eq)
    eqs = tuple(sorted(seen.values(), key=lambda e: (e.row, e.draw)))
    unique = len(eqs) == 1 and bool(res.complete)
    unique_mixed = unique and len(res.equilibria) == 1
    # a continuum in behaviour strategies: a maximal Nash subset with two distinct images
    continuum = False
    for comp in res.components or []:
        images = set()
        for i in comp.rows:
            for j in comp.cols:
                col = mixed_to_mixture(res.col_vertices[j], columns)
                img = mixture_to_behaviour(col, game.n) if additive else frozenset(col)
                images.add((res.row_vertices[i], img))
        continuum = continuum or len(images) > 1
    notes = (f"Lemma 1 kept {red.n_free} of {game.n} information sets; "
             f"solved the explicit {game.m}x{1 << red.n_free} game by vertex enumeration",)
    cert = FosterCertificate(game.n, {"forced_0": len(red.forced_0), "forced_1": len(red.forced_1), "free": red.n_free},
                             (), (), (), {}, False, notes)
    return AdditiveSolution(game, eqs, (), (), unique, unique_mixed, cert, "enumeration",
                            complete=bool(res.complete), continuum=continuum)


def solve_additive(game: AdditiveGame, *, max_vertices: int = DEFAULT_MAX_VERTICES,
                   max_face: int = DEFAULT_MAX_FACE, column_limit: int = 1 << 12,
                   cross_check: bool = False) -> AdditiveSolution:
    """All Nash equilibria of an additive game, exact and complete.

    Two rows: Foster's algorithm (Lemma 2) generalized to every degenerate case, time
    O(n log n) after the payoff tables (plus the size of the output). One row: player II's
    best-response face. More rows: Lemma 1 + the explicit solver on the m×2^{n_*} game
    (at most ``column_limit`` columns).

    ``max_vertices`` bounds the number of extreme equilibria written down (TooLargeError
    above it); ``max_face`` bounds the face dimension enumerated when player I's payoff is
    a general ``a_func``. ``cross_check=True`` (two rows only; GameError otherwise) re-solves the materialized reduced game
    with the explicit solver and raises CertificationError on any disagreement (small n_* only).
    """
    if not isinstance(game, AdditiveGame):
        raise GameError(f"expected an AdditiveGame, got {type(game).__name__}")
    if cross_check and game.m != 2:
        raise GameError(f"cross_check=True compares the two-row sweep with the explicit solver; "
                        f"this game has {game.m} row(s)")
    if game.m == 1:
        return certify_additive_solution(_solve_one_row(game, max_vertices))
    if game.m > 2:
        if game.a_move is not None:  # m-row arrangement solver (no 2ⁿ); oracle: _solve_enumeration
            from gamekit.additive.many_rows import solve_many_rows
            return certify_additive_solution(solve_many_rows(game, max_vertices=max_vertices))
        return certify_additive_solution(_solve_enumeration(game, column_limit))
    sol = _solve_two_rows(game, max_vertices, max_face)
    if cross_check:
        verdict = crosscheck_solution(sol, limit=column_limit)
        sol = replace(sol, certificate=replace(sol.certificate, cross_check=verdict))  # type: ignore[type-var]
    return certify_additive_solution(sol)


# -- cross-check against the explicit game --------------------------------------------------------
def compare_with_explicit(sol: AdditiveSolution, explicit_equilibria: Iterable[tuple[Sequence, Sequence]],
                          limit: int = 1 << 12, reduce: bool = True) -> list[str]:
    """Compare a two-row solution with the extreme equilibria of the materialized game.

    ``explicit_equilibria`` are (row, column) mixed strategies of
    ``materialize(sol.game, reduce=reduce)`` (e.g. from pygambit's enummixed or
    ``gamekit.bimatrix.solve``), assumed to be *all* its extreme equilibria. Checked, exactly:

    1. every extreme equilibrium we report, written over the explicit columns, is a Nash
       equilibrium of the explicit game;
    2. every explicit extreme equilibrium, mapped to behaviour form (marginals; the mixture
       itself when player I's payoff is not additive), lies in one of our cells;
    3. every extreme equilibrium we report is the image of an explicit one;
    4. for every maximal Nash subset of the explicit game (maximal biclique of extreme
       equilibria), all its images lie in one common cell.

    Together: our cells are exactly the images of the maximal Nash subsets. Returns the
    list of disagreements (empty when they agree).
    """
    from gamekit.additive.reduction import materialize, materialized_columns
    from gamekit.core.equilibrium import is_equilibrium
    from gamekit.kernel.graphs import maximal_bicliques

    game = sol.game
    if game.m != 2:
        raise GameError("compare_with_explicit handles two-row solutions")
    explicit = materialize(game, limit=limit, reduce=reduce)
    columns = materialized_columns(game, limit=limit, reduce=reduce)
    additive = game.a_move is not None
    problems: list[str] = []

    cache: dict[tuple, object] = {}

    def strat(col: Sequence) -> object:
        key = tuple(col)
        if key not in cache:
            mix = mixed_to_mixture(col, columns)
            cache[key] = mixture_to_behaviour(mix, game.n) if additive else frozenset(mix)
        return cache[key]

    def image(row: Sequence, col: Sequence) -> tuple:
        return (Fraction(row[1]), strat(col))

    def in_some_cell(ps: Sequence[Fraction], ys: Sequence) -> bool:
        # cells are products (p-range × polytope): check the two sides separately
        for c in sol.cells:
            if all(c.p_lo <= p <= c.p_hi for p in ps) and all(
                    _member(c, (c.p_lo, y), game, additive) for y in ys):
                return True
        return False

    for e in sol.equilibria:
        row, col = e.mixed(columns)
        if not is_equilibrium(explicit, row, col):
            problems.append(f"reported equilibrium p={fmt(e.p)} is not an equilibrium of the explicit game")
    exp = [(tuple(Fraction(v) for v in r), tuple(Fraction(v) for v in c)) for r, c in explicit_equilibria]
    images = [image(r, c) for r, c in exp]
    for (r, _c), im in zip(exp, images):
        if not in_some_cell([im[0]], [im[1]]):
            problems.append(f"explicit equilibrium with p={fmt(r[1])} lies in none of our cells")
    ours = {((e.p, e.draw) if additive else (e.p, frozenset(e.mixture))) for e in sol.equilibria}
    missing = ours - set(images)
    if missing:
        problems.append(f"{len(missing)} reported extreme equilibria are not images of explicit ones")
    rows = sorted({r for r, _ in exp})
    cols = sorted({c for _, c in exp})
    ri = {r: i for i, r in enumerate(rows)}
    ci = {c: j for j, c in enumerate(cols)}
    edges = [(ri[r], ci[c]) for r, c in exp]
    for R, C in maximal_bicliques(edges):
        if not in_some_cell([Fraction(rows[i][1]) for i in R], [strat(cols[j]) for j in C]):
            problems.append(f"a maximal Nash subset ({len(R)}x{len(C)} extreme strategies) is not inside one cell")
    return problems


def _member(cell: EquilibriumCell, pt: tuple, game: AdditiveGame, additive: bool) -> bool:
    p, y = pt
    if additive:
        return cell.contains(p, y, game)
    return cell.contains_mixture(p, tuple(y), game)


def crosscheck_solution(sol: AdditiveSolution, limit: int = 1 << 12) -> str:
    """Re-solve the materialized reduced game with ``gamekit.bimatrix.solve`` and compare.

    Returns "agree (...)" and raises CertificationError on a disagreement (which would be a bug).
    """
    from gamekit.additive.reduction import materialize

    try:
        from gamekit.bimatrix.solve import solve_result  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover
        return "skipped: gamekit.bimatrix.solve is not available"
    try:
        explicit = materialize(sol.game, limit=limit, reduce=True)
    except TooLargeError as exc:
        return f"skipped: {exc}"
    res = solve_result(explicit, method="all")
    problems = compare_with_explicit(sol, [(e.row, e.col) for e in res.equilibria], limit=limit)
    if problems:
        raise CertificationError("cross-check against the explicit solver failed: " + "; ".join(problems))
    return f"agree ({len(res.equilibria)} explicit extreme equilibria, {explicit.m}x{explicit.n} game)"
