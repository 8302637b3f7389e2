"""Results of the parametric doubly additive analysis: cells, critical points, segments.

An equilibrium *formula* is a :class:`ParamEquilibrium`: player I's coordinates as quotients
of integer polynomials in α (constant where he plays a pure move) and player II's behaviour
strategy y as constants — on one cell of the parameter range y does not move, because the
set Y(x*) is cut out by player I's α-free gain conditions (:mod:`.parametric`).
:func:`assemble` merges the per-vertex-system records into the global cell decomposition:
the critical α (every cell boundary of every record), the open cells between them with their
lists of distinct formulas, the complete equilibrium set at each critical α, and
:meth:`ParametricDASolution.segments` — maximal runs of cells and points on which the
equilibrium is one and the same formula.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cmp_to_key

from flint import fmpz_poly

from gamekit.core.result import ResultSequence
from gamekit.exact.algebraic import (
    RealAlgebraic,
    compare_numbers,
    number_decimal,
    number_str,
    sign_at,
    sort_unique,
)
from gamekit.exact.ratfunc import RationalFunction

__all__ = ["ParamEquilibrium", "CellEquilibria", "PointEquilibria", "Segment",
           "ParametricDASolution", "assemble"]

Quot = tuple[fmpz_poly, fmpz_poly]


def _fr(p: fmpz_poly) -> tuple[Fraction, ...]:
    return tuple(Fraction(int(c)) for c in p.coeffs()) or (Fraction(0),)


@dataclass(frozen=True)
class ParamEquilibrium:
    """x_h(α) = num/den (integer polynomials) for every player I set; y constant.

    Examples
    --------
    >>> from gamekit import AffineDoublyAdditiveGame, DoublyAdditiveGame, solve
    >>> G0 = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> G1 = DoublyAdditiveGame(["h"], ["l"], (0, [0], [0], [[0]]), (0, [0], [0], [[1]]))
    >>> e = solve(AffineDoublyAdditiveGame(G0, G1))[0]  # x(alpha) = 1/(2 + alpha)
    >>> e.x_functions(), e.x_at(1), e.y
    ((RationalFunction(1/(2 + alpha)),), (Fraction(1, 3),), (Fraction(1, 2),))
    """

    x: tuple[Quot, ...]
    y: tuple[Fraction, ...]

    def x_functions(self) -> tuple[RationalFunction, ...]:
        """Player I's coordinates as reduced :class:`RationalFunction` s of α."""
        return tuple(RationalFunction(_fr(n), _fr(d)) for n, d in self.x)

    def same_as(self, other: ParamEquilibrium) -> bool:
        """Identical as functions of α."""
        return self.y == other.y and all(
            (n1 * d2 - n2 * d1).degree() < 0 for (n1, d1), (n2, d2) in zip(self.x, other.x))

    def same_at(self, other: ParamEquilibrium, alpha) -> bool:
        """Equal at the point α (both defined there)."""
        return self.y == other.y and self.defined_at(alpha) and other.defined_at(alpha) and all(
            sign_at(n1 * d2 - n2 * d1, alpha) == 0 for (n1, d1), (n2, d2) in zip(self.x, other.x))

    def defined_at(self, alpha) -> bool:
        return all(sign_at(d, alpha) != 0 for _, d in self.x)

    def to_json(self) -> dict:
        """Exact strings: ``x`` player I's coordinates as functions of α, ``y`` player II's."""
        return {"x": [f.to_str() for f in self.x_functions()], "y": [number_str(v) for v in self.y]}

    def x_at(self, alpha) -> tuple:
        """Player I's coordinates at α: Fractions or QuadraticSurds; for α of degree ≥ 3 the
        exact string ``"(num)/(den)"`` in ``x = CRootOf(…)``."""
        if isinstance(alpha, RealAlgebraic):
            out: list[Fraction | str] = []
            for n, d in self.x:
                if n.degree() <= 0 and d.degree() <= 0:
                    out.append(Fraction(int(n[0]) if n.degree() == 0 else 0, int(d[0])))
                else:
                    r = str(alpha)
                    out.append(f"({_pstr(n, r)})/({_pstr(d, r)})")
            return tuple(out)
        return tuple(f(alpha) for f in self.x_functions())


def _pstr(p: fmpz_poly, var: str) -> str:
    return " + ".join(f"({int(c)})*{var}**{i}" for i, c in enumerate(p.coeffs()) if c) or "0"


@dataclass
class CellEquilibria:
    """The open cell (lo, hi) of α and its distinct equilibrium formulas."""

    lo: object
    hi: object
    equilibria: list[ParamEquilibrium]
    sample: Fraction

    @property
    def unique(self) -> bool:
        return len(self.equilibria) == 1


@dataclass
class PointEquilibria:
    """A critical α and every extreme equilibrium there (formulas valid at that α)."""

    alpha: object
    equilibria: list[ParamEquilibrium]

    @property
    def unique(self) -> bool:
        return len(self.equilibria) == 1


@dataclass
class Segment:
    """A maximal part of [lo, hi] with one equilibrium formula (or a non-unique cell)."""

    lo: object
    hi: object
    lo_closed: bool
    hi_closed: bool
    equilibria: list[ParamEquilibrium]
    unique: bool
    cells: int


@dataclass(frozen=True, eq=False)
class ParametricDASolution(ResultSequence):
    """The complete answer for every α ∈ [lo, hi] (module doc).

    As a :class:`~gamekit.core.result.SolverResult`: ``equilibria`` are the distinct
    equilibrium formulas (functions of α, :meth:`formulas`), ``components`` the open cells
    between consecutive critical α, ``unique`` is True when the equilibrium is unique for
    every α in [lo, hi], ``certificate`` the counts of what was checked (``stats``).

    Examples
    --------
    >>> from gamekit import AffineDoublyAdditiveGame, DoublyAdditiveGame, solve
    >>> G0 = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> G1 = DoublyAdditiveGame(["h"], ["l"], (0, [0], [0], [[0]]), (0, [1], [0], [[0]]))
    >>> r = solve(AffineDoublyAdditiveGame(G0, G1))
    >>> isinstance(r, ParametricDASolution), r.lo, r.hi, r[0].y
    (True, Fraction(0, 1), Fraction(1, 1), (Fraction(1, 2),))
    """

    game: object
    lo: Fraction
    hi: Fraction
    cells: list[CellEquilibria]
    points: list[PointEquilibria]
    stats: dict = field(default_factory=dict)

    # -- result protocol ---------------------------------------------------------------------
    @property
    def method(self) -> str:
        return "parametric_doubly_additive"

    @property
    def complete(self) -> bool:
        return True

    @property
    def equilibria(self) -> tuple[ParamEquilibrium, ...]:
        return tuple(self.formulas())

    @property
    def components(self) -> tuple[CellEquilibria, ...]:
        return tuple(self.cells)

    @property
    def unique(self) -> bool:
        return all(c.unique for c in self.cells) and all(p.unique for p in self.points)

    @property
    def certificate(self) -> dict:
        """What the analysis examined (every cell's formulas are certified on the whole cell)."""
        return dict(self.stats)

    def to_json(self) -> dict:
        """Exact-string JSON: the formulas, and per cell and critical α the indices of theirs."""
        forms = self.formulas()

        def index(e: ParamEquilibrium) -> int:
            return next(k for k, f in enumerate(forms) if f.same_as(e))

        return {"method": self.method, "complete": True, "unique": self.unique,
                "lo": number_str(self.lo), "hi": number_str(self.hi),
                "equilibria": [e.to_json() for e in forms],
                "cells": [{"lo": number_str(c.lo), "hi": number_str(c.hi),
                           "equilibria": [index(e) for e in c.equilibria]} for c in self.cells],
                "points": [{"alpha": number_str(p.alpha), "equilibria": [e.to_json() for e in p.equilibria]}
                           for p in self.points]}

    def segments(self) -> list[Segment]:
        """Maximal runs of open cells joined through critical points that keep the same,
        unique equilibrium formula."""
        segs: list[Segment] = []
        pts = self.points
        for k, cell in enumerate(self.cells):
            left, right = pts[k], pts[k + 1]
            joined = (segs and segs[-1].unique and cell.unique and segs[-1].hi is left.alpha
                      and _absorbs(cell.equilibria[0], left)
                      and segs[-1].equilibria[0].same_as(cell.equilibria[0]))
            if joined:
                seg = segs[-1]
                seg.hi, seg.cells = cell.hi, seg.cells + 1
            else:
                seg = Segment(cell.lo, cell.hi, cell.unique and _absorbs(cell.equilibria[0], left),
                              False, list(cell.equilibria), cell.unique, 1)
                segs.append(seg)
            seg.hi_closed = cell.unique and _absorbs(cell.equilibria[0], right)
        return segs

    def exceptional(self) -> list[PointEquilibria]:
        """Critical α not inside a segment or at one of its closed ends: the values where
        the equilibrium set changes."""
        segs = self.segments()
        out = []
        for p in self.points:
            inside = any(_between(s, p.alpha) for s in segs)
            if not inside:
                out.append(p)
        return out

    def formulas(self) -> list[ParamEquilibrium]:
        """Every distinct formula of every cell."""
        out: list[ParamEquilibrium] = []
        for c in self.cells:
            for e in c.equilibria:
                if not any(e.same_as(f) for f in out):
                    out.append(e)
        return out


def _absorbs(e: ParamEquilibrium, p: PointEquilibria) -> bool:
    return len(p.equilibria) == 1 and e.same_at(p.equilibria[0], p.alpha)


def _between(s: Segment, a) -> bool:
    lo, hi = compare_numbers(a, s.lo), compare_numbers(a, s.hi)
    return (lo > 0 or (lo == 0 and s.lo_closed)) and (hi < 0 or (hi == 0 and s.hi_closed))


def _dedup(eqs: list[ParamEquilibrium], same) -> list[ParamEquilibrium]:
    out: list[ParamEquilibrium] = []
    for e in eqs:
        if not any(same(e, f) for f in out):
            out.append(e)
    return out


def assemble(game, lo: Fraction, hi: Fraction, records: list, stats: dict) -> ParametricDASolution:
    """Merge records (cell, formulas) of all vertex systems into the global decomposition."""
    from gamekit.exact.algebraic import rational_inside

    pts = [lo, hi]
    for cell, _ in records:
        pts.extend(cell[1:3] if cell[0] == "open" else cell[1:2])
    pts = sort_unique(pts)
    key = cmp_to_key(compare_numbers)
    keys = [key(p) for p in pts]

    def index(x) -> int:
        i = bisect_left(keys, key(x))
        assert compare_numbers(pts[i], x) == 0
        return i

    at_cell: list[list] = [[] for _ in range(len(pts) - 1)]
    at_point: list[list] = [[] for _ in pts]
    for cell, eqs in records:
        if cell[0] == "point":
            at_point[index(cell[1])].extend(eqs)
            continue
        ia, ib = index(cell[1]), index(cell[2])
        for k in range(ia, ib):
            at_cell[k].extend(eqs)
        for k in range(ia + 1, ib):
            at_point[k].extend(eqs)
    cells = [CellEquilibria(pts[k], pts[k + 1], _dedup(at_cell[k], ParamEquilibrium.same_as),
                            rational_inside(pts[k], pts[k + 1])) for k in range(len(pts) - 1)]
    points = [PointEquilibria(p, _dedup(at_point[k], lambda e, f, p=p: e.same_at(f, p)))
              for k, p in enumerate(pts)]
    return ParametricDASolution(game, lo, hi, cells, points, dict(stats))


def point_str(x) -> tuple[str, str]:
    """(exact sympy-parsable string, 10-digit decimal) of a critical α."""
    return number_str(x), number_decimal(x, 10)
