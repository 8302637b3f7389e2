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
    """A point {x} (``lo is hi``) or an open interval (lo, hi), with the sign of each polynomial.

    Examples
    --------
    >>> cells = sign_cells([(-1, 2)], 0, 1)  # the sign of 2x − 1 on [0, 1]
    >>> cells[2], cells[3]
    (SignCell(lo=Fraction(1, 2), hi=Fraction(1, 2), signs=(0,)), SignCell(lo=Fraction(1, 2), hi=Fraction(1, 1), signs=(1,)))
    """

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
    first, rational), in increasing order, each with its sign vector.

    Parameters
    ----------
    polys : sequence of coefficient sequences
        The polynomials.
    a, b : number
        The closed interval.

    Returns
    -------
    list of SignCell
        Points (the ends and every root inside) and the open intervals between them.

    Examples
    --------
    >>> [(c.lo, c.hi, c.signs) for c in sign_cells([(-1, 2), (1,)], 0, 1)][1:3]
    [(Fraction(0, 1), Fraction(1, 2), (-1, 1)), (Fraction(1, 2), Fraction(1, 2), (0, 1))]
    """
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
