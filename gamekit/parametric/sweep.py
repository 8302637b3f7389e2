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

from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.numbers import fmt, to_fraction
from gamekit.core.result import ResultSequence
from gamekit.exact.ratfunc import RationalFunction
from gamekit.exact.surd import (
    Number,
    QuadraticSurd,
    compare,
    decimal_str,
    exact_str,
    quadratic_roots,
    rational_bounds,
    simplest_between,
    sort_numbers,
)
from gamekit.parametric.affine import AffineAdditiveGame
from gamekit.parametric.certify import certify_parametric
from gamekit.parametric.structure import (
    DEFAULT_MAX_FREE,
    AlphaPoint,
    Box,
    LiveData,
    Structure,
    analyze,
    live_data,
)

__all__ = [
    "Curve",
    "Intersection",
    "EquilibriumFormula",
    "ParametricEquilibrium",
    "Segment",
    "CriticalPoint",
    "Piece",
    "CurveCase",
    "PointCase",
    "ParametricSolution",
    "solve_parametric",
]

#: Largest number of extreme equalizing mixtures written down at one breakpoint.
MAX_MIXED = 100_000

_ONE_RF = RationalFunction.constant(1)
_ZERO_RF = RationalFunction.constant(0)


# -- result types -------------------------------------------------------------------------
@dataclass(frozen=True)
class Curve:
    """A best-response-discontinuity curve p(l)(α) (Lemma 2(a) with α-dependent weights).

    ``domain``: closed α-intervals where p(l)(α) ∈ [0, 1]; ``hits``: (α, 0 or 1) where the
    curve meets p = 0 or p = 1 (``boundary`` is True when there is any); ``kind``: ``"switch_up"``
    (move 1 for p > p(l)) and/or ``"switch_down"``.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> c = r.curves[1]
    >>> c.label, c.formula, c.kind, c.hits, c.boundary
    ('t', RationalFunction(2*(1 - alpha)/(3 - 2*alpha)), 'switch_up', ((Fraction(1, 1), 0),), True)
    """

    index: int
    label: str
    formula: RationalFunction
    kind: str
    domain: tuple[tuple[Fraction, Fraction], ...]
    hits: tuple[tuple[Fraction, int], ...]

    @property
    def boundary(self) -> bool:
        """True when the curve meets p = 0 or p = 1 inside [lo, hi] (Table 4, column (c))."""
        return bool(self.hits)


@dataclass(frozen=True)
class Intersection:
    """Two curves meeting at (α, p) inside [lo, hi] × [0, 1] (Table 4, column (b)).

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> r.intersections
    [Intersection(curves=(0, 1), alpha=Fraction(1, 2), p=Fraction(1, 2))]
    """

    curves: tuple[int, int]
    alpha: Number
    p: Number


@dataclass(frozen=True)
class EquilibriumFormula:
    """One extreme equilibrium on an α-segment: p(α) and y_l(α) for every live set l.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> f = r.segments[0].equilibria[2]
    >>> f.p, f.y, f.p(Fraction(1, 3))
    (RationalFunction(2*(1 - alpha)/(3 - 2*alpha)), (RationalFunction(1), RationalFunction(0)), Fraction(4, 7))
    """

    p: RationalFunction
    y: tuple[RationalFunction, ...]


@dataclass(frozen=True)
class ParametricEquilibrium:
    """An equilibrium of the 2×2ⁿ game: player I plays row 1 w.p. p, player II plays move 1
    at information set l w.p. y[l] (all n sets, in the game's order).

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> e = r.critical[1].equilibria()[1]  # at alpha = 1/2
    >>> e, e.row
    (ParametricEquilibrium(p=Fraction(1, 2), y=(Fraction(1, 1), Fraction(0, 1))), (Fraction(1, 2), Fraction(1, 2)))
    """

    p: Number
    y: tuple

    @property
    def row(self) -> tuple:
        """Player I's mixed strategy (1 − p, p)."""
        return (1 - self.p, self.p)


@dataclass(eq=False)
class Segment:
    """An open α-interval between consecutive critical values, with its fixed structure.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> s = r.segments[0]
    >>> s.lo, s.hi, s.sample, len(s.equilibria), s.unique
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 3), 4, False)
    """

    lo: Number
    hi: Number
    sample: Fraction
    structure: Structure
    equilibria: tuple[EquilibriumFormula, ...]
    continua: tuple

    @property
    def unique(self) -> bool:
        """True when the equilibrium is unique for every α in the segment."""
        return self.structure.unique

    @property
    def single_crossing(self) -> bool:
        """True when player I's payoff difference crosses zero exactly once in p for every α
        in the segment (the hypotheses of Lemma 2(b) of Ethier–Lee II)."""
        return not self.structure.failures


@dataclass(eq=False)
class CriticalPoint:
    """A critical α, with the reasons it is critical and the exact equilibrium set there.

    ``covered`` is True when a piece's formulas give the equilibria here too.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> c = r.critical[1]
    >>> c.alpha, c.reasons, len(c.equilibria()), c.unique
    (Fraction(1, 2), ['p(s) = p(t)'], 4, False)
    """

    alpha: Number
    reasons: list[str]
    structure: Structure
    covered: bool = False
    game: AffineAdditiveGame | None = field(default=None, repr=False)

    @property
    def unique(self) -> bool:
        """True when the equilibrium is unique at this α."""
        return self.structure.unique

    def equilibria(self) -> list[ParametricEquilibrium]:
        """All extreme equilibria at this α (values exact, in Q or Q(√c))."""
        d = self.structure.data
        eqs = [ParametricEquilibrium(p, d.full_behaviour(y)) for p, y in self.structure.equilibria()]
        return eqs if self.game is None else certify_parametric(self.game, self.alpha, eqs)

    def mixed_extremes(self) -> list[tuple]:
        """Extreme equilibria with player II's strategy as a *mixed* strategy over pure ones.

        ``(p, T, T2, q)``: player I plays row 1 w.p. p, player II mixes the pure strategies
        T (w.p. 1 − q) and T2 (w.p. q), given as dicts label → move on the free sets of the
        breakpoint (moves elsewhere are the box's fixed ones) — the paper's equalizing
        strategies (21)–(24) at α₀. Pure ones have T2 = T and q = 0.
        """
        st = self.structure
        out: list[tuple] = []
        for box in st.boxes:
            if box.vertices:
                b = st.beta(box)
                out.extend((b, T, T2, q) for T, T2, q in _mixed_extremes(st.data, st, box))
        return out


@dataclass(eq=False)
class Piece:
    """A maximal α-interval on which the equilibria are given by the same formulas.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> [(p.lo, p.hi, p.lo_closed, p.hi_closed) for p in r.pieces]
    [(Fraction(0, 1), Fraction(1, 2), True, False), (Fraction(1, 2), Fraction(1, 1), False, True)]
    """

    lo: Number
    hi: Number
    lo_closed: bool
    hi_closed: bool
    equilibria: tuple[EquilibriumFormula, ...]
    continua: tuple
    unique: bool


@dataclass
class CurveCase:
    """Table 2: curve l on an α-subinterval between its intersections.

    ``pattern`` gives every live set's move at p = p(l)(α): ``"0"``, ``"1"`` or ``"M"`` (the
    curve's own set(s)). ``equalizing`` is q(α) of Lemma 2(c) (None if the box at the curve is
    not one-dimensional) and ``equalizing_on`` the closed sub-intervals where 0 ≤ q(α) ≤ 1,
    i.e. where (p(l)(α), q) is an equilibrium.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> case = r.cases[0]
    >>> case.curve, case.pattern, case.equalizing, case.equalizing_on
    (0, {'s': 'M', 't': '0'}, RationalFunction(1), ((Fraction(0, 1), Fraction(1, 2)),))
    """

    curve: int
    lo: Number
    hi: Number
    pattern: dict[str, str]
    equalizing: RationalFunction | None
    equalizing_on: tuple[tuple[Number, Number], ...]


@dataclass(eq=False)
class PointCase:
    """Table 3: an intersection α with its Banker pattern and equalizing mixed strategies.

    ``mixed`` (computed on first use) lists the extreme equalizing strategies over player
    II's pure strategies in the box at the intersection: ``(T, T', q)`` mixes T
    (w.p. 1 − q) and T' (w.p. q); pure ones have T' = T and q = 0. T, T' are dicts
    label → move over the box's free sets. Raises TooLargeError when the box is so large
    that there would be more than 100 000 of them.

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
    >>> r = solve(g)
    >>> pc = r.point_cases[0]
    >>> pc.intersection.alpha, pc.pattern
    (Fraction(1, 2), {'s': 'M', 't': 'M'})
    """

    intersection: Intersection
    pattern: dict[str, str]
    structure: Structure
    box: Box
    _mixed: tuple | None = None

    @property
    def mixed(self) -> tuple:
        if self._mixed is None:
            self._mixed = _mixed_extremes(self.structure.data, self.structure, self.box)
        return self._mixed


@dataclass(frozen=True, eq=False)
class ParametricSolution(ResultSequence):
    """Everything :func:`solve_parametric` finds (see module doc).

    As a :class:`~gamekit.core.result.SolverResult`: ``equilibria`` are the equilibrium
    formulas (functions of α) of every piece, ``components`` the pieces (maximal α-intervals
    with one set of formulas), ``unique`` is True when the equilibrium is unique for every α
    in [lo, hi]; concrete equilibria at an α come from :meth:`evaluate` (certified).

    Examples
    --------
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, -1)], [(0, -1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0)], [(0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, 2)], [(0, 2)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0)], [(0, 0)]])
    >>> r = solve(AffineAdditiveGame(G0, G1))
    >>> isinstance(r, ParametricSolution), r.complete, len(r.pieces)
    (True, True, 2)
    """

    game: AffineAdditiveGame
    lo: Fraction
    hi: Fraction
    data: LiveData
    curves: list[Curve]
    intersections: list[Intersection]
    coincident: list[tuple[int, int]]
    critical: list[CriticalPoint]
    segments: list[Segment]
    pieces: list[Piece]
    cases: list[CurveCase]
    point_cases: list[PointCase]
    single_crossing_failures: list[tuple[str, str]] = field(default_factory=list)

    # -- result protocol ---------------------------------------------------------------------
    @property
    def method(self) -> str:
        return "parametric"

    @property
    def complete(self) -> bool:
        return True

    @property
    def equilibria(self) -> tuple[EquilibriumFormula, ...]:
        return tuple(f for pc in self.pieces for f in pc.equilibria)

    @property
    def components(self) -> tuple[Piece, ...]:
        return tuple(self.pieces)

    @property
    def unique(self) -> bool:
        return all(pc.unique for pc in self.pieces) and all(c.unique for c in self.critical)

    @property
    def certificate(self) -> dict:
        """Counts of what the sweep examined; every evaluated equilibrium is certified exactly."""
        return {"curves": len(self.curves), "intersections": len(self.intersections),
                "segments": len(self.segments), "critical": len(self.critical),
                "single_crossing_failures": len(self.single_crossing_failures)}

    def to_json(self) -> dict:
        return {"method": self.method, **self.to_dict()}

    # -- counts (Table 4 of Ethier–Lee II) ----------------------------------------------------------------------------
    @property
    def n_curves(self) -> int:
        """Number of best-response-discontinuity curves (the paper's r, Table 4 column (a))."""
        return len(self.curves)

    @property
    def n_intersections(self) -> int:
        """Number of intersections of curves, counted per pair and α (the paper's s,
        Table 4 column (b))."""
        return len(self.intersections)

    @property
    def boundary_curves(self) -> int:
        """Number of curves meeting p = 0 or p = 1 (column (c))."""
        return sum(1 for c in self.curves if c.boundary)

    @property
    def intervals(self) -> int:
        """Number of α-intervals checked for equalizing strategies (column (d)); r + 2s when
        every intersection is interior and no two curves coincide."""
        return len(self.cases)

    @property
    def predicted_intervals(self) -> int:
        """``n_curves + 2·n_intersections`` α-intervals (the paper's r + 2s; equals
        ``intervals`` unless an intersection sits at an end of a curve's domain or two
        curves coincide)."""
        return self.n_curves + 2 * self.n_intersections

    @property
    def nonunique_points(self) -> list[CriticalPoint]:
        """Critical α with more than one equilibrium (column (e) counts them)."""
        return [c for c in self.critical if not c.unique]

    @property
    def nonunique_segments(self) -> list[Segment]:
        """Whole α-segments with more than one equilibrium (degenerate games only)."""
        return [s for s in self.segments if not s.unique]

    @property
    def exceptional(self) -> list[CriticalPoint]:
        """Critical α not covered by a piece's formulas (where the answer jumps)."""
        return [c for c in self.critical if not c.covered]

    @property
    def single_crossing_holds(self) -> bool:
        """True when player I's payoff difference crosses zero exactly once in p for every α
        in [lo, hi] (the hypotheses of Lemma 2(b) of Ethier–Lee II)."""
        return not self.single_crossing_failures

    def pattern(self, f: EquilibriumFormula) -> dict[str, str]:
        """Moves of an equilibrium formula at the live sets: ``"0"``, ``"1"`` or ``"M"``."""
        return pattern_string(self.data, f)

    # -- evaluation -------------------------------------------------------------------------
    def _locate(self, alpha: Fraction) -> tuple[str, int]:
        vals = [c.alpha for c in self.critical]
        lo_i, hi_i = 0, len(vals)
        while lo_i < hi_i:  # first index with vals[i] > alpha
            mid = (lo_i + hi_i) // 2
            if compare(vals[mid], alpha) <= 0:
                lo_i = mid + 1
            else:
                hi_i = mid
        k = lo_i - 1
        if k >= 0 and compare(vals[k], alpha) == 0:
            return "point", k
        return "segment", k

    def evaluate(self, alpha) -> list[ParametricEquilibrium]:
        """All extreme equilibria of ``game.at(alpha)`` for a rational α ∈ [lo, hi], exactly."""
        a = to_fraction(alpha, "alpha")
        if a < self.lo or a > self.hi:
            raise GameError(f"alpha = {fmt(a)} is outside the solved interval [{fmt(self.lo)}, {fmt(self.hi)}]")
        kind, k = self._locate(a)
        if kind == "point":
            return certify_parametric(self.game, a, self.critical[k].equilibria())
        seg = self.segments[k]
        d = self.data
        return certify_parametric(self.game, a, [
            ParametricEquilibrium(f.p(a), d.full_behaviour(tuple(g(a) for g in f.y))) for f in seg.equilibria])

    def structure_at(self, alpha: Number) -> Structure:
        """The equilibrium set at α (rational or surd) computed directly by
        :func:`~.structure.analyze` — independent of the segment formulas."""
        a = alpha if isinstance(alpha, QuadraticSurd) else to_fraction(alpha, "alpha")
        if compare(a, self.lo) < 0 or compare(a, self.hi) > 0:
            raise GameError(f"alpha = {exact_str(a)} is outside the solved interval [{fmt(self.lo)}, {fmt(self.hi)}]")
        return analyze(self.data, AlphaPoint(a))

    def contains(self, alpha, p, y) -> bool:
        """True when (p, y) — y over all n information sets — is an equilibrium at α."""
        return self.structure_at(alpha).contains(p, y)

    # -- output -----------------------------------------------------------------------------
    def to_dict(self, digits: int = 10, row_name: str = "p", row_label: str | None = None,
                col_name: str = "mixed") -> dict:
        """JSON-ready summary: Table 4's counts, the pieces and the exceptional points.

        Each piece: ``from``/``to`` (decimals with ``digits`` significant digits),
        ``from_exact``/``to_exact`` (sympy-parsable), closedness, ``unique``, and for a unique
        piece ``row_name`` (player I's p(α), as ``{row_label: formula}`` when ``row_label`` is
        given) and ``col_name`` (player II's mixed sets → q(α)); a non-unique piece lists
        ``equilibria`` in that form. ``points``: critical α where the formulas do not apply or
        the equilibrium is not unique, with every extreme equilibrium exactly. With
        ``row_name="player", row_label="5", col_name="banker_mixed"`` the segments are the
        contract's ``baccara sweep`` segments.
        """
        labels = self.data.labels
        live = self.data.live

        def row(p: str):
            return p if row_label is None else {row_label: p}

        def eq_formula(f: EquilibriumFormula) -> dict:
            return {
                row_name: row(str(f.p)),
                col_name: {labels[live[i]]: str(g) for i, g in enumerate(f.y)
                           if not (g.is_constant and g.value in (0, 1))},
            }

        pieces = []
        for pc in self.pieces:
            d = {
                "from": decimal_str(pc.lo, digits), "to": decimal_str(pc.hi, digits),
                "from_exact": exact_str(pc.lo), "to_exact": exact_str(pc.hi),
                "from_closed": pc.lo_closed, "to_closed": pc.hi_closed,
                "unique": pc.unique,
            }
            if pc.unique:
                d.update(eq_formula(pc.equilibria[0]))
                d["pattern"] = pattern_string(self.data, pc.equilibria[0])
            else:
                d["equilibria"] = [eq_formula(f) for f in pc.equilibria]
            pieces.append(d)
        def mixed_json(c: CriticalPoint) -> list | None:
            try:
                return [{row_name: row(exact_str(p)), "support": [T, T2], "q": exact_str(q)}
                        for p, T, T2, q in c.mixed_extremes()]
            except TooLargeError:
                return None

        points = []
        for c in self.critical:
            if c.covered and c.unique:
                continue
            eqs = c.equilibria()
            # show the mixed sets and the sets whose move differs between extreme equilibria
            show = sorted({l for e in eqs for l, v in enumerate(e.y)
                           if not (isinstance(v, Fraction) and v in (0, 1))}
                          | {l for l in range(self.data.n) if len({e.y[l] for e in eqs}) > 1})
            points.append({
                "alpha": decimal_str(c.alpha, digits), "alpha_exact": exact_str(c.alpha),
                "unique": c.unique,
                "equilibria": [
                    {row_name: row(exact_str(e.p)),
                     col_name: {labels[l]: exact_str(e.y[l]) for l in show}}
                    for e in eqs
                ],
                "mixed_strategies": mixed_json(c),
            })
        return {
            "interval": [fmt(self.lo), fmt(self.hi)],
            "curves": self.n_curves,
            "intersections": self.n_intersections,
            "boundary_curves": self.boundary_curves,
            "intervals": self.intervals,
            "nonunique_points": len(self.nonunique_points),
            "single_crossing_holds": self.single_crossing_holds,
            "segments": pieces,
            "points": points,
        }


def pattern_string(data: LiveData, f: EquilibriumFormula) -> dict[str, str]:
    """Live sets' moves in an equilibrium formula: ``"0"``, ``"1"`` or ``"M"`` (mixed)."""
    out = {}
    for i, g in enumerate(f.y):
        lab = data.labels[data.live[i]]
        if g.is_constant and g.value in (0, 1):
            out[lab] = str(g.value)
        else:
            out[lab] = "M"
    return out


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
    >>> from gamekit import AdditiveGame, AffineAdditiveGame, solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # two curves: p(s) = 1/2 and p(t) = 2(1 - alpha)/(3 - 2 alpha)
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


def _mixed_extremes(data: LiveData, st: Structure, box: Box) -> tuple:
    """Extreme equalizing strategies over the pure strategies of a box (support ≤ 2)."""
    P = st.point
    free = box.free
    items = sorted(box.signs.items())
    neg = sum(1 for _, v in items if v < 0)
    pos = sum(1 for _, v in items if v > 0)
    if neg * pos + len(items) > MAX_MIXED:
        raise TooLargeError(f"{neg * pos} equalizing mixtures at one breakpoint (limit {MAX_MIXED})")

    def moves(T: int) -> dict[str, str]:
        return {data.labels[data.live[f]]: str((T >> f) & 1) for f in free}

    out = []
    cond = box.cond
    for T, sv in items:
        if (cond == "eq" and sv == 0) or (cond == "le" and sv <= 0) or (cond == "ge" and sv >= 0):
            out.append((moves(T), moves(T), Fraction(0)))
    for a_pos, (T, sv) in enumerate(items):
        for T2, sv2 in items[a_pos + 1:]:
            if sv * sv2 < 0:
                d = P.val1(*data.D(T))
                d2 = P.val1(*data.D(T2))
                out.append((moves(T), moves(T2), d / (d - d2)))
    return tuple(out)
