"""Polynomials in a symbolic ε > 0 ("sufficiently small"), for lexicographic perturbations.

A polynomial is a tuple of exact coefficients, lowest degree first. Its *sign* is the sign
of its lowest nonzero coefficient: the sign of p(ε) for every sufficiently small ε > 0.
Determinants of matrices whose entries are polynomials of degree ≤ 1 in ε are computed
exactly by evaluation at integer points (Bareiss) and interpolation.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["Poly", "sign", "order", "add", "sub", "mul", "scale", "det_int", "det_linear", "leading",
           "det_linear_nonzero"]

Poly = tuple[Fraction, ...]


def _trim(c: Sequence[Fraction]) -> Poly:
    c = list(c)
    while c and c[-1] == 0:
        c.pop()
    return tuple(c)


def order(p: Poly) -> int:
    """Index of the lowest nonzero coefficient (-1 for the zero polynomial)."""
    for i, c in enumerate(p):
        if c:
            return i
    return -1


def sign(p: Poly) -> int:
    """Sign of p(ε) for all sufficiently small ε > 0 (0 only for the zero polynomial).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> sign((F(0), F(-1), F(5))), sign(()), sign((F(2),))
    (-1, 0, 1)
    """
    k = order(p)
    return 0 if k < 0 else (1 if p[k] > 0 else -1)


def leading(p: Poly, k: int) -> Fraction:
    """Coefficient of ε^k (0 beyond the length)."""
    return p[k] if k < len(p) else Fraction(0)


def add(p: Poly, q: Poly) -> Poly:
    n = max(len(p), len(q))
    return _trim([leading(p, i) + leading(q, i) for i in range(n)])


def sub(p: Poly, q: Poly) -> Poly:
    n = max(len(p), len(q))
    return _trim([leading(p, i) - leading(q, i) for i in range(n)])


def mul(p: Poly, q: Poly) -> Poly:
    if not p or not q:
        return ()
    out = [Fraction(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return _trim(out)


def scale(p: Poly, c: Fraction) -> Poly:
    return _trim([c * a for a in p])


def det_int(M: list[list[int]]) -> int:
    """Exact determinant of an integer matrix (Bareiss fraction-free elimination)."""
    n = len(M)
    if n == 0:
        return 1
    a = [row[:] for row in M]
    s, prev = 1, 1
    for k in range(n - 1):
        if a[k][k] == 0:
            for r in range(k + 1, n):
                if a[r][k]:
                    a[k], a[r] = a[r], a[k]
                    s = -s
                    break
            else:
                return 0
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) // prev
        prev = a[k][k]
    return s * a[n - 1][n - 1]


def det_linear(M0: list[list[int]], M1: list[list[int]]) -> Poly:
    """det(M0 + ε M1) as a polynomial in ε (integer matrices, entries of degree ≤ 1).

    Examples
    --------
    >>> det_linear([[1, 0], [0, 0]], [[0, 0], [0, 1]])   # det diag(1, ε) = ε
    (Fraction(0, 1), Fraction(1, 1))
    """
    n = len(M0)
    pts = list(range(n + 1))
    vals = [Fraction(det_int([[a + t * b for a, b in zip(r0, r1)] for r0, r1 in zip(M0, M1)])) for t in pts]
    # Newton divided differences, then expand to monomial coefficients
    coef = vals[:]
    for j in range(1, n + 1):
        for i in range(n, j - 1, -1):
            coef[i] = (coef[i] - coef[i - 1]) / (pts[i] - pts[i - j])
    poly: Poly = (coef[n],) if coef[n] else ()
    for i in range(n - 1, -1, -1):
        poly = add(mul(poly, (Fraction(-pts[i]), Fraction(1))), (coef[i],) if coef[i] else ())
    return poly


def det_linear_nonzero(M0: list[list[int]], M1: list[list[int]]) -> bool:
    """True iff det(M0 + ε M1) is not the zero polynomial (a polynomial of degree ≤ n is
    zero iff it vanishes at n + 1 points; usually the first point decides).

    Examples
    --------
    >>> det_linear_nonzero([[1, 1], [1, 1]], [[0, 0], [0, 0]]), det_linear_nonzero([[1, 1], [1, 1]], [[1, 0], [0, 0]])
    (False, True)
    """
    n = len(M0)
    return any(det_int([[a + t * b for a, b in zip(r0, r1)] for r0, r1 in zip(M0, M1)]) for t in range(1, n + 2))
