"""The result of the parametric sweep: curves, segments, critical points and their formulas.

:func:`~gamekit.parametric.sweep.solve_parametric` builds a :class:`ParametricSolution`; this
module holds the frozen types it is made of and their exact evaluation at any α of the
solved interval (Ethier & Lee, *Baccara chemin de fer II*, section 3: Tables 2–4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.numbers import fmt, to_fraction
from gamekit.core.result import ResultSequence
from gamekit.exact.ratfunc import RationalFunction
from gamekit.exact.surd import Number, QuadraticSurd, compare, decimal_str, exact_str
from gamekit.parametric.affine import AffineAdditiveGame
from gamekit.parametric.certify import certify_parametric
from gamekit.parametric.structure import AlphaPoint, Box, LiveData, Structure, analyze

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
    "pattern_string",
]

#: Largest number of extreme equalizing mixtures written down at one breakpoint.
MAX_MIXED = 100_000



# -- result types -------------------------------------------------------------------------
@dataclass(frozen=True)
class Curve:
    """A best-response-discontinuity curve p(l)(α) (Lemma 2(a) with α-dependent weights).

    ``domain``: closed α-intervals where p(l)(α) ∈ [0, 1]; ``hits``: (α, 0 or 1) where the
    curve meets p = 0 or p = 1 (``boundary`` is True when there is any); ``kind``: ``"switch_up"``
    (move 1 for p > p(l)) and/or ``"switch_down"``.

    Examples
    --------
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
    >>> from gamekit import parametric, solve
    >>> r = solve(parametric.two_curve_example())  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
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
