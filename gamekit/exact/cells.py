"""Exact sign cells of finitely many polynomials on a closed interval [a, b].

The real roots of polynomials P₁ … P_k in (a, b) (isolated exactly:
:func:`gamekit.exact.algebraic.real_roots`) cut [a, b] into *cells*: the points a, b and
each root, and the open intervals between consecutive points. Every Pᵢ has a constant sign on
each cell (no root inside an open cell; at a point the sign is decided exactly by
:func:`~gamekit.exact.algebraic.sign_at`). So any statement that is a Boolean combination
of sign conditions on the Pᵢ is true for *every* α ∈ [a, b] iff it is true on every cell — a
finite, exact check (a one-dimensional cylindrical decomposition). Rational functions enter
through numerator·denominator.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gamekit.exact.algebraic import (
    compare_numbers,
    int_poly,
    number_str,
    rational_inside,
    real_roots,
    sign_at,
    sort_unique,
)

__all__ = ["SignCell", "sign_cells"]


@dataclass(frozen=True)
class SignCell:
    """A point {x} (``lo is hi``) or an open interval (lo, hi), with the sign of each polynomial."""

    lo: object
    hi: object
    signs: tuple[int, ...]

    @property
    def is_point(self) -> bool:
        return self.lo is self.hi

    def __str__(self) -> str:
        if self.is_point:
            return f"{{{number_str(self.lo)}}}"
        return f"({number_str(self.lo)}, {number_str(self.hi)})"


def sign_cells(polys, a, b) -> list[SignCell]:
    """The cells of [a, b] for the polynomials ``polys`` (coefficient lists, lowest degree
    first, rational), in increasing order, each with its sign vector."""
    a, b = Fraction(a), Fraction(b)
    ps = [int_poly(p) for p in polys]
    roots = []
    for p in ps:
        if p.degree() > 0:
            roots.extend(real_roots(p, a, b))
    pts = sort_unique([a, b, *roots])
    pts = [x for x in pts if compare_numbers(x, a) >= 0 and compare_numbers(x, b) <= 0]
    cells = []
    for i, x in enumerate(pts):
        cells.append(SignCell(x, x, tuple(sign_at(p, x) for p in ps)))
        if i + 1 < len(pts):
            mid = rational_inside(x, pts[i + 1])
            cells.append(SignCell(x, pts[i + 1], tuple(sign_at(p, mid) for p in ps)))
    return cells
