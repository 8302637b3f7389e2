"""Faces of an arrangement of curves p = N(α)/D(α) in the rectangle [lo, hi] × [0, 1], exactly.

The best-response-discontinuity curves of a parametric 2×2ⁿ game cut the (α, p) rectangle into
open regions on each of which player II's best response is constant (Ethier–Lee II §3: "the
union of 43 disjoint connected open regions" for Model B2, d = 6). :func:`count_faces` counts
them with Euler's formula. Each curve is the graph of a rational function over the closed
α-pieces where 0 ≤ p ≤ 1 (found by :func:`gamekit.exact.cells.sign_cells`), so every
piece ends on the rectangle's boundary and the plane graph G formed by the pieces and the
boundary is connected. Its vertices are the four corners, the pieces' end points and the
exact intersection points of pairs of pieces (roots of N₁D₂ − N₂D₁, quadratic surds for
affine ratios; a point where several curves meet counts once); its edges are the arcs between
consecutive vertices along each piece and along each side. For a connected plane graph
V − E + F = 2, so the number of bounded faces — the open regions — is E − V + 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.errors import GameError
from gamekit.exact.algebraic import int_poly, real_roots
from gamekit.exact.cells import sign_cells
from gamekit.exact.ratfunc import peval, pmul, poly, psub
from gamekit.exact.surd import compare

__all__ = ["FaceCount", "curve_pieces", "count_faces"]


@dataclass(frozen=True)
class FaceCount:
    """V, E and the number of open regions F = E − V + 1; ``intersections`` counts the distinct
    crossing points of pieces, ``pieces`` the curve pieces, ``boundary_hits`` the piece ends on
    p = 0 or p = 1 (not at a corner)."""

    vertices: int
    edges: int
    faces: int
    intersections: int
    pieces: int
    boundary_hits: int


def curve_pieces(num, den, lo, hi) -> list[tuple]:
    """Closed α-intervals (s, t), s < t, of [lo, hi] on which 0 ≤ N/D ≤ 1 (D has no root there).

    Parameters
    ----------
    num, den : sequence of numbers
        Coefficients of N and D in α, lowest degree first.
    lo, hi : number
        The interval.

    Returns
    -------
    list of tuple
        The maximal closed intervals, in increasing order.

    Raises
    ------
    GameError
        When D has a root inside the interval.

    Examples
    --------
    >>> curve_pieces([0, 2], [1], 0, 1)  # p = 2 alpha leaves through p = 1 at alpha = 1/2
    [(Fraction(0, 1), Fraction(1, 2))]
    """
    N, D = poly(*num), poly(*den)
    if any(c.signs[0] == 0 for c in sign_cells([D], lo, hi)):
        raise GameError("a curve has a pole inside the interval")
    cells = sign_cells([pmul(N, D), pmul(psub(D, N), D)], lo, hi)
    # cell ends are exact numbers (Fraction / QuadraticSurd), typed `object` by sign_cells
    pieces: list[tuple[Any, Any]] = []
    run = []
    for c in cells + [None]:  # maximal runs of consecutive cells where 0 <= p <= 1
        if c is not None and c.signs[0] >= 0 and c.signs[1] >= 0:
            run.append(c)
            continue
        if run:
            pieces.append((run[0].lo, run[-1].hi))
        run = []
    return [(s, t) for s, t in pieces if compare(s, t) < 0]


def _inside(x, piece) -> bool:
    return compare(piece[0], x) <= 0 and compare(x, piece[1]) <= 0


def _value(c, x):
    N, D = c
    return peval(N, x) / peval(D, x)


def _crossings(c1, c2, lo, hi) -> list:
    (N1, D1), (N2, D2) = c1, c2
    diff = psub(pmul(N1, D2), pmul(N2, D1))
    if not diff:
        raise GameError("two curves coincide")
    xs = [x for x in (Fraction(lo), Fraction(hi)) if peval(diff, x) == 0]
    if len(diff) > 1:
        xs += real_roots(int_poly(diff), Fraction(lo), Fraction(hi))
    return xs


def count_faces(curves, lo, hi) -> FaceCount:
    """Open regions of ([lo, hi] × [0, 1]) minus the curves p = N/D (``curves``: (num, den)
    coefficient lists in α, lowest degree first) — see the module doc.

    Parameters
    ----------
    curves : sequence of (num, den)
        The curves.
    lo, hi : number
        The α-interval.

    Returns
    -------
    FaceCount
        Vertices, edges and faces of the arrangement (Euler's formula), intersections, curve
        pieces and boundary hits.

    Raises
    ------
    GameError
        When a curve has a pole inside the interval.

    Examples
    --------
    >>> fc = count_faces([([0, 1], [1]), ([1, -1], [1])], 0, 1)  # p = alpha and p = 1 - alpha
    >>> fc.faces, fc.pieces, fc.intersections
    (4, 2, 1)
    """
    lo, hi = Fraction(lo), Fraction(hi)
    cs = [(poly(*n), poly(*d)) for n, d in curves]
    pieces = [(i, pc) for i, c in enumerate(cs) for pc in curve_pieces(*c, lo, hi)]
    on_piece: list[list] = [[pc[0], pc[1]] for _, pc in pieces]
    points: list[tuple] = [(lo, Fraction(0)), (lo, Fraction(1)), (hi, Fraction(0)), (hi, Fraction(1))]

    def add_point(x, p) -> None:
        if not any(compare(x, a) == 0 and compare(p, b) == 0 for a, b in points):
            points.append((x, p))

    crossing_pts: list[tuple] = []
    for a in range(len(pieces)):
        for b in range(a + 1, len(pieces)):
            (i, pa), (j, pb) = pieces[a], pieces[b]
            if i == j:
                continue
            for x in _crossings(cs[i], cs[j], lo, hi):
                if _inside(x, pa) and _inside(x, pb):
                    on_piece[a].append(x)
                    on_piece[b].append(x)
                    p = _value(cs[i], x)
                    if not any(compare(x, u) == 0 and compare(p, v) == 0 for u, v in crossing_pts):
                        crossing_pts.append((x, p))
    for k, (i, _piece) in enumerate(pieces):
        for x in on_piece[k]:
            add_point(x, _value(cs[i], x))
    edges = sum(_distinct(xs) - 1 for xs in on_piece)
    edges += _side_edges(points, lo, hi)
    hits = sum(1 for x, p in points if (p == 0 or p == 1) and compare(x, lo) != 0 and compare(x, hi) != 0)
    V = len(points)
    return FaceCount(V, edges, edges - V + 1, len(crossing_pts), len(pieces), hits)


def _distinct(xs) -> int:
    out: list = []
    for x in xs:
        if not any(compare(x, y) == 0 for y in out):
            out.append(x)
    return len(out)


def _side_edges(points, lo, hi) -> int:
    """Edges along the four sides: distinct vertices on each side, minus one."""
    left = [p for x, p in points if compare(x, lo) == 0]
    right = [p for x, p in points if compare(x, hi) == 0]
    bottom = [x for x, p in points if compare(p, 0) == 0]
    top = [x for x, p in points if compare(p, 1) == 0]
    return sum(_distinct(side) - 1 for side in (left, right, bottom, top))
