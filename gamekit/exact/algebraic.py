"""Exact real roots of integer polynomials, isolated by rational intervals, compared exactly.

The exceptional parameter values of a parametric doubly additive game
(:mod:`gamekit.doubly_additive.parametric`) are roots of polynomials of degree up to
m + 1 in α (m = the searched player's free information sets). This module represents them
exactly, without floating point:

* a rational root is a :class:`~fractions.Fraction`;
* a root of an irreducible quadratic is a :class:`~gamekit.exact.surd.QuadraticSurd`
  (the exact field arithmetic of the Foster layer);
* a root of an irreducible polynomial of degree ≥ 3 is a :class:`RealAlgebraic`: the
  polynomial, the index of the root among its real roots, and a rational isolating interval
  (lo, hi) containing exactly that root, refined by bisection on demand.

Real roots are isolated with Descartes' rule of signs on the Möbius-transformed polynomial
(Vincent–Collins–Akritas bisection): the number of sign variations of
(1+t)ⁿ·p((lo + hi·t)/(1+t)) bounds the number of roots of p in (lo, hi) and has the same
parity; 0 variations prove there is none, 1 proves there is exactly one. Polynomials are
factored into irreducibles over ℤ first (python-flint), so every isolated root is simple,
two roots are equal iff they are the same root of the same irreducible factor, and the sign
of a polynomial q at a root of an irreducible p is 0 iff p divides q — otherwise it is the
sign of q on an isolating interval refined until q has no root in it.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cmp_to_key
from math import gcd

from flint import fmpq, fmpz_poly

from gamekit.exact.surd import QuadraticSurd, quadratic_roots, surd_sign
from gamekit.exact.surd import compare as surd_compare

__all__ = [
    "RealAlgebraic",
    "int_poly",
    "descartes_bound",
    "real_roots",
    "roots_in",
    "divides",
    "sign_at",
    "compare_numbers",
    "sort_unique",
    "number_str",
    "number_decimal",
    "rational_inside",
]


def int_poly(coeffs) -> fmpz_poly:
    """The integer polynomial c₀ + c₁α + … times a *positive* common denominator (same signs
    everywhere as the rational one).

    Parameters
    ----------
    coeffs : sequence of numbers
        c₀, c₁, … (ints, Fractions).

    Returns
    -------
    flint.fmpz_poly
        The integer polynomial.

    Examples
    --------
    >>> [int(c) for c in int_poly([Fraction(1, 2), Fraction(-1, 3)]).coeffs()]
    [3, -2]
    """
    fs = [Fraction(c) for c in coeffs]
    L = 1
    for f in fs:
        L = L * f.denominator // gcd(L, f.denominator)
    return fmpz_poly([int(f.numerator * (L // f.denominator)) for f in fs])


def _eval(p: fmpz_poly, x: Fraction) -> fmpq:
    """p(x) exactly (a flint rational; compare it with 0)."""
    return p(fmpq(x.numerator, x.denominator))


_MOBIUS: dict = {}


def _mobius_basis(lo: Fraction, hi: Fraction, n: int) -> list[fmpz_poly]:
    """(lo·D + hi·D·t)^i (D + D·t)^(n−i), i = 0…n, with D the common denominator (cached)."""
    key = (lo, hi, n)
    basis = _MOBIUS.get(key)
    if basis is None:
        D = lo.denominator * hi.denominator // gcd(lo.denominator, hi.denominator)
        A = fmpz_poly([int(lo * D), int(hi * D)])
        B = fmpz_poly([D, D])
        basis = [A ** i * B ** (n - i) for i in range(n + 1)]
        if len(_MOBIUS) > 50000:
            _MOBIUS.clear()
        _MOBIUS[key] = basis
    return basis


def descartes_bound(p: fmpz_poly, lo: Fraction, hi: Fraction) -> int:
    """Sign variations of (1+t)ⁿ p((lo + hi t)/(1+t)): an upper bound, of the same parity, for
    the number of roots of p in the open interval (lo, hi).

    Parameters
    ----------
    p : flint.fmpz_poly
        The polynomial.
    lo, hi : Fraction
        The interval.

    Returns
    -------
    int
        The bound.

    Examples
    --------
    >>> p = int_poly([-2, 0, 0, 1])  # x³ − 2
    >>> descartes_bound(p, Fraction(0), Fraction(2)), descartes_bound(p, Fraction(-1), Fraction(0))
    (1, 0)
    """
    n = p.degree()
    if n <= 0:
        return 0
    if lo == 0 and hi > 0:  # fast path: a dominant constant term has no root in [0, hi]
        P, Q = hi.numerator, hi.denominator
        cs = [abs(int(c)) for c in p.coeffs()]
        if cs[0] * Q ** n > sum(c * P ** i * Q ** (n - i) for i, c in enumerate(cs) if i and c):
            return 0
    basis = _mobius_basis(lo, hi, n)
    q = fmpz_poly([0])
    for c, b in zip(p.coeffs(), basis):
        if c:
            q += c * b
    var, last = 0, 0
    for c in q.coeffs():
        sg = (c > 0) - (c < 0)
        if sg:
            if last and sg != last:
                var += 1
            last = sg
    return var


def _isolate(p: fmpz_poly, lo: Fraction, hi: Fraction, out: list) -> None:
    """Append (lo, hi) isolating intervals, or exact Fractions, for the roots of the
    squarefree p in (lo, hi), in increasing order."""
    v = descartes_bound(p, lo, hi)
    if v == 0:
        return
    if v == 1:
        out.append((lo, hi))
        return
    mid = (lo + hi) / 2
    _isolate(p, lo, mid, out)
    if _eval(p, mid) == 0:
        out.append(mid)
    _isolate(p, mid, hi, out)


def _root_bound(p: fmpz_poly) -> Fraction:
    cs = [abs(int(c)) for c in p.coeffs()]
    return Fraction(1 + max(cs[:-1], default=0) // cs[-1] + 1)


class RealAlgebraic:
    """The ``index``-th real root (0-based, increasing) of the irreducible integer polynomial
    ``poly`` of degree ≥ 3, isolated in the open rational interval (lo, hi).

    Examples
    --------
    >>> x = real_roots(int_poly([-2, 0, 0, 1]))[0]  # the cube root of 2
    >>> x, float(x), compare_numbers(x.lo, x), compare_numbers(x, x.hi)
    (CRootOf((-2)*x**0 + (1)*x**3, 0), 1.2599210498948732, -1, -1)
    """

    __slots__ = ("poly", "index", "lo", "hi")

    def __init__(self, poly: fmpz_poly, index: int | None, lo: Fraction, hi: Fraction) -> None:
        self.poly, self.index, self.lo, self.hi = poly, index, lo, hi

    def refine(self) -> None:
        """Halve the isolating interval. p has no rational root (irreducible, degree ≥ 3), so
        p(lo) and p(hi) are nonzero of opposite signs and the root follows the sign change."""
        mid = (self.lo + self.hi) / 2
        if (_eval(self.poly, mid) > 0) == (_eval(self.poly, self.lo) > 0):
            self.lo = mid
        else:
            self.hi = mid

    def bounds(self, width: Fraction) -> tuple[Fraction, Fraction]:
        """Halve the isolating interval (as :meth:`refine` does) until it is at most ``width``
        wide; the halving runs on integer numerators over one denominator."""
        width = Fraction(width)
        if self.hi - self.lo <= width:
            return self.lo, self.hi
        lo, hi = self.lo, self.hi
        D = lo.denominator * hi.denominator // gcd(lo.denominator, hi.denominator)
        A, B = lo.numerator * (D // lo.denominator), hi.numerator * (D // hi.denominator)
        cs = [int(c) for c in self.poly.coeffs()]
        n = len(cs) - 1
        lo_pos = _eval(self.poly, lo) > 0
        wn, wd = width.numerator, width.denominator
        while (B - A) * wd > wn * D:
            M, A, B, D = A + B, 2 * A, 2 * B, 2 * D     # the midpoint is M/D
            acc, pw = cs[n], 1                            # D^n·p(M/D) by homogeneous Horner
            for c in reversed(cs[:n]):
                pw *= D
                acc = acc * M + c * pw
            if (acc > 0) == lo_pos:
                A = M
            else:
                B = M
        self.lo, self.hi = Fraction(A, D), Fraction(B, D)
        return self.lo, self.hi

    def __float__(self) -> float:
        lo, hi = self.bounds(Fraction(1, 1 << 60))
        return float((lo + hi) / 2)

    def __str__(self) -> str:
        if self.index is None:  # count the real roots below this one
            below: list = []
            _isolate(self.poly, -_root_bound(self.poly), self.lo, below)
            self.index = len(below)
        cs = [int(c) for c in self.poly.coeffs()]
        terms = " + ".join(f"({c})*x**{i}" for i, c in enumerate(cs) if c)
        return f"CRootOf({terms}, {self.index})"

    __repr__ = __str__

    def to_sympy(self):
        import sympy

        return sympy.sympify(str(self))


def real_roots(p: fmpz_poly, lo: Fraction | None = None, hi: Fraction | None = None) -> list:
    """The distinct real roots of the nonzero integer polynomial p, increasing, exact
    (Fraction, QuadraticSurd or RealAlgebraic) — only those in the open interval (lo, hi)
    when the bounds are given.

    Parameters
    ----------
    p : flint.fmpz_poly
        A nonzero integer polynomial.
    lo, hi : Fraction, optional
        Bounds of an open interval (both or neither).

    Returns
    -------
    list
        The roots, increasing.

    Examples
    --------
    >>> real_roots(int_poly([-2, 0, 1])), real_roots(int_poly([-2, 0, 1]), Fraction(0), Fraction(2))
    ([QuadraticSurd(-sqrt(2)), QuadraticSurd(sqrt(2))], [QuadraticSurd(sqrt(2))])
    >>> real_roots(int_poly([-2, 0, 0, 1]))
    [CRootOf((-2)*x**0 + (1)*x**3, 0)]
    """
    if p.degree() <= 0:
        return []
    # the bounds come as a pair: both given or neither
    assert (lo is None) == (hi is None), "real_roots: give both bounds or neither"
    if lo is not None and hi is not None and descartes_bound(p, lo, hi) == 0:
        return []   # Descartes: no root of p (counted with multiplicity) in (lo, hi)
    _, factors = p.factor()
    roots: list = []
    for f, _mult in factors:
        cs = [int(c) for c in f.coeffs()]
        if f.degree() <= 2:
            rs = quadratic_roots(*(cs + [0] * (3 - len(cs))))
            if lo is not None and hi is not None:
                rs = [r for r in rs if surd_compare(r, lo) > 0 and surd_compare(r, hi) < 0]
            roots.extend(rs)
            continue
        if cs[-1] < 0:
            f = -f
        B = _root_bound(f)
        a, b = (-B, B) if lo is None or hi is None else (lo, hi)
        if descartes_bound(f, a, b) == 0:
            continue
        iv: list = []
        _isolate(f, a, b, iv)
        roots.extend(RealAlgebraic(f, None if lo is not None else k, *r) for k, r in enumerate(iv))
    return sort_unique(roots)


def divides(f: fmpz_poly, q: fmpz_poly) -> bool:
    """True when the irreducible f divides q (then q vanishes at every root of f).

    Parameters
    ----------
    f : flint.fmpz_poly
        An irreducible polynomial.
    q : flint.fmpz_poly
        The polynomial tested.

    Returns
    -------
    bool
        Whether f divides q.

    Examples
    --------
    >>> f = int_poly([-2, 0, 1])
    >>> divides(f, f * int_poly([1, 1])), divides(f, int_poly([1, 1]))
    (True, False)
    """
    if q.degree() < 0:
        return True
    return q.degree() >= f.degree() and q.gcd(f).degree() == f.degree()


_ROOTS_IN: dict = {}


def roots_in(p: fmpz_poly, lo: Fraction, hi: Fraction) -> list[tuple[object, fmpz_poly]]:
    """The distinct roots of p in the open interval (lo, hi), each with its irreducible
    factor (its minimal polynomial up to a constant), unsorted. Cached per factor.

    Parameters
    ----------
    p : flint.fmpz_poly
        The polynomial.
    lo, hi : Fraction
        The open interval.

    Returns
    -------
    list of tuple
        (root, irreducible factor) pairs.

    Examples
    --------
    >>> [(r, [int(c) for c in f.coeffs()]) for r, f in roots_in(int_poly([-2, 0, 1]), Fraction(0), Fraction(2))]
    [(QuadraticSurd(sqrt(2)), [-2, 0, 1])]
    """
    if p.degree() <= 0:
        return []
    out: list[tuple[object, fmpz_poly]] = []
    for f, _ in p.factor()[1]:
        key = (tuple(int(c) for c in f.coeffs()), lo, hi)
        rs = _ROOTS_IN.get(key)
        if rs is None:
            rs = [(r, f) for r in real_roots(f, lo, hi)]
            if len(_ROOTS_IN) > 100000:
                _ROOTS_IN.clear()
            _ROOTS_IN[key] = rs
        out.extend(rs)
    return out


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def sign_at(q: fmpz_poly, x) -> int:
    """Exact sign of the integer polynomial q at the real number x.

    Parameters
    ----------
    q : flint.fmpz_poly
        The polynomial.
    x : Fraction, QuadraticSurd or RealAlgebraic
        The point.

    Returns
    -------
    int
        −1, 0 or 1.

    Examples
    --------
    >>> x = real_roots(int_poly([-2, 0, 0, 1]))[0]  # 2^(1/3) < sqrt(3)
    >>> sign_at(int_poly([-3, 0, 1]), x), sign_at(int_poly([-2, 0, 0, 1]), x)
    (-1, 0)
    """
    if q.degree() < 0:
        return 0
    if not _basic(x):   # a number-field element: evaluate in its field
        acc = Fraction(0)
        for c in reversed(q.coeffs()):
            acc = acc * x + int(c)
        return _sign(acc)
    if isinstance(x, RealAlgebraic):
        if divides(x.poly, q):
            return 0
        while descartes_bound(q, x.lo, x.hi) > 0:
            x.refine()
        return _sign(_eval(q, (x.lo + x.hi) / 2))
    if isinstance(x, QuadraticSurd):
        return _surd_sign_at(q, x)
    return _sign(_eval(q, Fraction(x)))


def _surd_sign_at(q: fmpz_poly, x: QuadraticSurd) -> int:
    """Sign of q(x) for x = (P + Q√c)/D in integers: D^deg·q(x) = A + B√c by Horner's rule
    on integer pairs (no rational normalisation), then the exact sign of A + B√c."""
    a, b = Fraction(x.a), Fraction(x.b)
    D = a.denominator * b.denominator // gcd(a.denominator, b.denominator)
    P, Q, c = a.numerator * (D // a.denominator), b.numerator * (D // b.denominator), x.c
    A, B, scale = 0, 0, 1
    for k in reversed([int(v) for v in q.coeffs()]):
        # (A + B√c)·(P + Q√c) + k·D^i, i = number of factors x taken so far
        A, B = A * P + B * Q * c + k * scale, A * Q + B * P
        scale *= D
    return surd_sign(A, B, c)


_BASIC = (int, Fraction, QuadraticSurd, RealAlgebraic)


def _basic(x) -> bool:
    """x is one of this module's own number types (else: a number-field element)."""
    return isinstance(x, _BASIC)


def compare_numbers(x, y) -> int:
    """Exact order (−1, 0, 1) of two reals, each a Fraction, QuadraticSurd, RealAlgebraic or
    number-field element (:class:`~gamekit.exact.number_field.FieldElement`).

    Parameters
    ----------
    x, y : Fraction, QuadraticSurd, RealAlgebraic or FieldElement
        The numbers.

    Returns
    -------
    int
        −1 if x < y, 0 if x = y, 1 if x > y.

    Examples
    --------
    >>> x = real_roots(int_poly([-2, 0, 0, 1]))[0]
    >>> compare_numbers(x, real_roots(int_poly([-2, 0, 1]))[1]), compare_numbers(x, Fraction(5, 4))
    (-1, 1)
    """
    if not _basic(x) or not _basic(y):
        return _compare_field(x, y)
    xa, ya = isinstance(x, RealAlgebraic), isinstance(y, RealAlgebraic)
    if not xa and not ya:
        return surd_compare(x, y)
    if xa and ya and x.poly == y.poly:
        if x.hi <= y.lo:
            return -1
        if y.hi <= x.lo:
            return 1
        while True:  # overlapping intervals of the same squarefree polynomial
            if descartes_bound(x.poly, min(x.lo, y.lo), max(x.hi, y.hi)) == 1:
                return 0
            x.refine()
            y.refine()
            if x.hi <= y.lo:
                return -1
            if y.hi <= x.lo:
                return 1
    if not xa:
        return -compare_numbers(y, x)
    # x (degree ≥ 3) differs from y: x lies strictly inside (x.lo, x.hi), y in its closed
    # bounds; refine both until the intervals separate
    bits = 64
    for _ in range(100000):
        if ya:
            ylo, yhi = y.lo, y.hi
        elif isinstance(y, QuadraticSurd):
            from gamekit.exact.surd import rational_bounds

            ylo, yhi = rational_bounds(y, bits)
        else:
            ylo = yhi = Fraction(y)
        if x.hi <= ylo:
            return -1
        if x.lo >= yhi:
            return 1
        x.refine()
        if ya:
            y.refine()
        bits += 2
    raise ArithmeticError("could not separate two distinct algebraic numbers")  # pragma: no cover


def _compare_field(x, y) -> int:
    """compare_numbers when x or y is a number-field element
    (:class:`~gamekit.exact.number_field.FieldElement`): exactly in the field when both lie in
    it, else through the canonical forms."""
    from gamekit.exact.number_field import FieldElement

    for a, b, s in ((x, y, 1), (y, x, -1)):
        if isinstance(a, FieldElement) and (isinstance(b, (int, Fraction))
                                            or (isinstance(b, FieldElement) and b.field == a.field)):
            c = a._cmp(b)
            assert c is not None
            return s * c
    xs = x.to_algebraic() if isinstance(x, FieldElement) else x
    ys = y.to_algebraic() if isinstance(y, FieldElement) else y
    if not _basic(xs) or not _basic(ys):
        raise TypeError(f"cannot compare {type(x).__name__} and {type(y).__name__}")
    return compare_numbers(xs, ys)


def sort_unique(xs) -> list:
    """Sort exactly and drop duplicates.

    Parameters
    ----------
    xs : iterable of Fraction, QuadraticSurd or RealAlgebraic
        The numbers.

    Returns
    -------
    list
        The distinct numbers, increasing.

    Examples
    --------
    >>> sort_unique([Fraction(2), real_roots(int_poly([-2, 0, 1]))[1], Fraction(2)])
    [QuadraticSurd(sqrt(2)), Fraction(2, 1)]
    """
    out: list = []
    for x in sorted(xs, key=cmp_to_key(compare_numbers)):
        if not out or compare_numbers(out[-1], x) != 0:
            out.append(x)
    return out


def rational_inside(a, b) -> Fraction:
    """A rational strictly between the reals a < b: the midpoint of separated bounds (small
    denominators when a and b are rational).

    Parameters
    ----------
    a, b : Fraction, QuadraticSurd or RealAlgebraic
        The bounds, a < b.

    Returns
    -------
    Fraction
        A rational r with a < r < b.

    Examples
    --------
    >>> rational_inside(Fraction(1, 3), Fraction(1, 2))
    Fraction(2, 5)
    >>> r = rational_inside(real_roots(int_poly([-2, 0, 1]))[1], Fraction(3, 2))
    >>> r * r > 2 and r < Fraction(3, 2)
    True
    """
    if isinstance(a, (int, Fraction)) and isinstance(b, (int, Fraction)):
        from gamekit.exact.surd import simplest_in_closed

        fa, fb = Fraction(a), Fraction(b)
        gap = (fb - fa) / 4
        return simplest_in_closed(fa + gap, fb - gap)
    bits = 64
    for _ in range(100000):
        _, ahi = _bounds(a, bits)
        blo, _ = _bounds(b, bits)
        if ahi < blo:
            return (ahi + blo) / 2
        for x in (a, b):
            if isinstance(x, RealAlgebraic):
                x.refine()
        bits += 4
    raise ArithmeticError("rational_inside needs a < b")  # pragma: no cover


def _bounds(x, bits: int) -> tuple[Fraction, Fraction]:
    if not _basic(x):   # a number-field element
        return x.bounds(Fraction(1, 1 << bits))
    if isinstance(x, RealAlgebraic):
        return x.lo, x.hi
    if isinstance(x, QuadraticSurd):
        from gamekit.exact.surd import rational_bounds

        return rational_bounds(x, bits)
    f = Fraction(x)
    return f, f


def _upper(x, w: Fraction) -> tuple[Fraction, Fraction]:
    if not _basic(x):   # a number-field element
        return x.bounds(w)
    if isinstance(x, RealAlgebraic):
        return x.bounds(w)
    if isinstance(x, QuadraticSurd):
        from gamekit.exact.surd import rational_bounds

        bits = max(64, w.denominator.bit_length() + 8)
        return rational_bounds(x, bits)
    f = Fraction(x)
    return f, f


def number_str(x) -> str:
    """Exact sympy-parsable string (``"3/7"``, ``"(a - sqrt(c))/d"``, ``"CRootOf(…, k)"``).

    Parameters
    ----------
    x : Fraction, QuadraticSurd or RealAlgebraic
        The number.

    Returns
    -------
    str
        Its exact text.

    Examples
    --------
    >>> number_str(Fraction(3, 7)), number_str(real_roots(int_poly([-2, 0, 0, 1]))[0])
    ('3/7', 'CRootOf((-2)*x**0 + (1)*x**3, 0)')
    """
    if isinstance(x, (RealAlgebraic, QuadraticSurd)):
        return str(x)
    if not _basic(x):   # a number-field element: its canonical form
        return str(x.to_algebraic())
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def number_decimal(x, digits: int = 10) -> str:
    """Decimal approximation with ``digits`` significant digits.

    Parameters
    ----------
    x : Fraction, QuadraticSurd or RealAlgebraic
        The number.
    digits : int
        Significant digits.

    Returns
    -------
    str
        The decimal text.

    Examples
    --------
    >>> number_decimal(real_roots(int_poly([-2, 0, 0, 1]))[0]), number_decimal(Fraction(1, 3), 3)
    ('1.259921050', '0.333')
    """
    lo, hi = _upper(x, Fraction(1, 10 ** (digits + 12)))
    mid = (lo + hi) / 2
    with localcontext() as ctx:
        ctx.prec = digits
        v = Decimal(mid.numerator) / Decimal(mid.denominator)
    return format(v, "f") if abs(v) >= Decimal("1e-6") or v == 0 else format(v, "e")
