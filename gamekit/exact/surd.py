"""Exact real quadratic irrationals and exact comparison of algebraic numbers of degree ≤ 2.

The breakpoints of the parametric Foster analysis (Ethier & Lee, *Baccara chemin de fer
II*, section 3) are roots of quadratic equations in α: two best-response-discontinuity
curves p(l)(α) = N_l(α)/D_l(α) meet where N_l D_k − N_k D_l = 0. Such a root is either
rational or a *quadratic surd*

    x = a + b·√c,    a, b ∈ Q,  b ≠ 0,  c > 1 an integer that is not a perfect square,

written for output as ``(A + B*sqrt(c))/D`` with integers (the paper's
α₀ = (16145999279 − √226436619657206227489)/17712223814).

* :class:`QuadraticSurd` — arithmetic in the field Q(√c) (+ − × ÷ with Fractions, ints and
  surds of the same field), exact sign, comparisons, ``float``, decimal strings,
  a sympy-parsable ``str`` and :meth:`QuadraticSurd.to_sympy`.
* :func:`compare` — exact order of two numbers from *different* fields Q(√c₁), Q(√c₂)
  (squaring twice; never floating point).
* :func:`quadratic_roots` — the real roots of an integer quadratic, exact and sorted.
* :func:`surd_sign` — sign of x + y√c for integers or Fractions x, y (the kernel of all the
  above: compare x² with y²c when the signs differ).

``Number`` is ``Fraction | QuadraticSurd``; operations that cancel the irrational part
return a plain :class:`~fractions.Fraction`.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cmp_to_key
from math import gcd, isqrt

from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt, primitive_integers

__all__ = [
    "Number",
    "QuadraticSurd",
    "surd_sign",
    "sign",
    "compare",
    "sort_numbers",
    "quadratic_roots",
    "is_square",
    "exact_str",
    "decimal_str",
    "to_sympy",
    "rational_bounds",
    "simplest_between",
    "simplest_in_closed",
]


def is_square(n: int) -> bool:
    """True when the integer n ≥ 0 is a perfect square.

    Parameters
    ----------
    n : int
        A non-negative integer.

    Returns
    -------
    bool
        Whether n = k² for an integer k.

    Examples
    --------
    >>> is_square(49), is_square(50), is_square(10**40)
    (True, False, True)
    """
    return n >= 0 and isqrt(n) ** 2 == n


def _sgn(x) -> int:
    return (x > 0) - (x < 0)


def surd_sign(x, y, c: int) -> int:
    """Sign of x + y·√c (x, y integers or Fractions, c > 0 not a perfect square).

    Parameters
    ----------
    x, y : int or Fraction
        The rational and irrational parts.
    c : int
        The radicand, positive and not a perfect square.

    Returns
    -------
    int
        −1, 0 or 1 (0 only when x = y = 0).

    Examples
    --------
    >>> surd_sign(3, -2, 2), surd_sign(-3, 2, 2)  # 3 − 2√2 > 0
    (1, -1)
    """
    sx, sy = _sgn(x), _sgn(y)
    if sy == 0:
        return sx
    if sx == 0 or sx == sy:
        return sy
    # opposite signs: the larger square wins (they cannot be equal: c is not a square)
    return sx if x * x > y * y * c else sy


_SMALL_PRIMES: list[int] = []


def _small_primes(bound: int = 2000) -> list[int]:
    if not _SMALL_PRIMES:
        sieve = bytearray([1]) * (bound + 1)
        sieve[0:2] = b"\x00\x00"
        for i in range(2, isqrt(bound) + 1):
            if sieve[i]:
                sieve[i * i :: i] = bytearray(len(sieve[i * i :: i]))
        _SMALL_PRIMES.extend(i for i in range(bound + 1) if sieve[i])
    return _SMALL_PRIMES


def _extract_square(c: int) -> tuple[int, int]:
    """c = k²·c' with the square factors of primes < 2000 pulled out (c' not fully square-free)."""
    k = 1
    for p in _small_primes():
        pp = p * p
        if pp > c:
            break
        while c % pp == 0:
            c //= pp
            k *= p
    return k, c


class QuadraticSurd:
    """The real number a + b·√c (a, b Fractions, b ≠ 0, c > 1 an integer, not a square).

    Build with :meth:`make`, which returns a plain :class:`Fraction` when the irrational part
    vanishes. Arithmetic with ints, Fractions and surds of the same field Q(√c) is exact;
    mixing two different fields raises :class:`ValueError` (use :func:`compare` to order
    numbers from different fields). Hashing assumes one representation of the radicand per
    field (all numbers computed from one breakpoint share it).

    Examples
    --------
    >>> s = quadratic_roots(-2, 0, 1)[1]  # the positive root of x² − 2
    >>> s, (s.a, s.b, s.c), float(s)
    (QuadraticSurd(sqrt(2)), (Fraction(0, 1), Fraction(1, 1), 2), 1.4142135623730951)
    >>> s * s == 2, s > Fraction(7, 5)
    (True, True)
    """

    __slots__ = ("a", "b", "c", "_approx")

    def __init__(self, a: Fraction, b: Fraction, c: int) -> None:
        self.a = a
        self.b = b
        self.c = c
        self._approx: float | None = None

    def approx(self) -> float:
        """A float within |b|·2⁻¹²⁰ + 2⁻⁵² relative of the value (cached)."""
        f = self._approx
        if f is None:
            lo, hi = rational_bounds(self, 128)
            f = self._approx = float((lo + hi) / 2)
        return f

    # -- construction ---------------------------------------------------------------------
    @staticmethod
    def make(a, b, c: int) -> Number:
        """a + b√c as a QuadraticSurd, or as a Fraction when b = 0 or c is a perfect square."""
        a, b, c = Fraction(a), Fraction(b), int(c)
        if c < 0:
            raise GameError(f"square root of a negative number {c}")
        if b == 0 or c == 0:
            return a
        r = isqrt(c)
        if r * r == c:
            return a + b * r
        k, c2 = _extract_square(c)
        if c2 == 1:
            return a + b * k
        return QuadraticSurd(a, b * k, c2)

    @staticmethod
    def _new(a: Fraction, b: Fraction, c: int) -> Number:
        """Result of field arithmetic: c is already a valid radicand."""
        if b == 0:
            return a
        return QuadraticSurd(a, b, c)

    # -- field helpers --------------------------------------------------------------------
    def _coerce(self, other) -> tuple[Fraction, Fraction] | None:
        """(a, b) of ``other`` in this field, or None if ``other`` is not a number we know."""
        if isinstance(other, QuadraticSurd):
            if other.c == self.c:
                return other.a, other.b
            prod = self.c * other.c
            r = isqrt(prod)
            if r * r != prod:
                raise ValueError(f"cannot mix Q(sqrt({self.c})) and Q(sqrt({other.c}))")
            # √c₂ = √(c₁c₂)/√c₁ = (r / c₁)·√c₁
            return other.a, other.b * Fraction(r, self.c)
        if isinstance(other, (int, Fraction)):
            return Fraction(other), Fraction(0)
        return None

    def conjugate(self) -> QuadraticSurd:
        """a − b√c."""
        return QuadraticSurd(self.a, -self.b, self.c)

    def norm(self) -> Fraction:
        """(a + b√c)(a − b√c) = a² − b²c (never 0)."""
        return self.a * self.a - self.b * self.b * self.c

    # -- arithmetic -----------------------------------------------------------------------
    def __add__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return QuadraticSurd._new(self.a + o[0], self.b + o[1], self.c)

    __radd__ = __add__

    def __sub__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return QuadraticSurd._new(self.a - o[0], self.b - o[1], self.c)

    def __rsub__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return QuadraticSurd._new(o[0] - self.a, o[1] - self.b, self.c)

    def __mul__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        a2, b2 = o
        return QuadraticSurd._new(
            self.a * a2 + self.b * b2 * self.c, self.a * b2 + self.b * a2, self.c
        )

    __rmul__ = __mul__

    def _inverse(self) -> QuadraticSurd:
        n = self.norm()
        return QuadraticSurd(self.a / n, -self.b / n, self.c)

    def __truediv__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        a2, b2 = o
        if b2 == 0:
            if a2 == 0:
                raise ZeroDivisionError("division of a quadratic surd by zero")
            return QuadraticSurd._new(self.a / a2, self.b / a2, self.c)
        return self * QuadraticSurd(a2, b2, self.c)._inverse()

    def __rtruediv__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return QuadraticSurd._new(o[0], o[1], self.c) * self._inverse()

    def __neg__(self) -> QuadraticSurd:
        return QuadraticSurd(-self.a, -self.b, self.c)

    def __pos__(self) -> QuadraticSurd:
        return self

    def __abs__(self) -> QuadraticSurd:
        return -self if self.sign() < 0 else self

    # -- order ----------------------------------------------------------------------------
    def sign(self) -> int:
        """Exact sign (−1 or 1; a surd is never 0)."""
        return surd_sign(self.a, self.b, self.c)

    def _cmp(self, other) -> int:
        if isinstance(other, (int, Fraction, QuadraticSurd)):
            return compare(self, other)
        return NotImplemented

    def __eq__(self, other) -> bool:
        if isinstance(other, QuadraticSurd):
            if other.c == self.c:
                return self.a == other.a and self.b == other.b
            return compare(self, other) == 0
        if isinstance(other, (int, Fraction)):
            return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.a, self.b, self.c))

    def __lt__(self, other) -> bool:
        r = self._cmp(other)
        return r if r is NotImplemented else r < 0

    def __le__(self, other) -> bool:
        r = self._cmp(other)
        return r if r is NotImplemented else r <= 0

    def __gt__(self, other) -> bool:
        r = self._cmp(other)
        return r if r is NotImplemented else r > 0

    def __ge__(self, other) -> bool:
        r = self._cmp(other)
        return r if r is NotImplemented else r >= 0

    # -- conversions ----------------------------------------------------------------------
    def integer_form(self) -> tuple[int, int, int, int]:
        """(A, B, c, D) with self = (A + B√c)/D, D > 0, gcd(A, B, D) = 1."""
        D = math.lcm(self.a.denominator, self.b.denominator)
        A = int(self.a * D)
        B = int(self.b * D)
        g = gcd(gcd(A, B), D)
        return A // g, B // g, self.c, D // g

    def __float__(self) -> float:
        return self.approx()

    def __str__(self) -> str:
        A, B, c, D = self.integer_form()
        if B == 1:
            rad = f"sqrt({c})"
        elif B == -1:
            rad = f"-sqrt({c})"
        else:
            rad = f"{B}*sqrt({c})"
        if A == 0:
            body = rad
            return body if D == 1 else f"{body}/{D}"
        if rad.startswith("-"):
            body = f"{A} - {rad[1:]}"
        else:
            body = f"{A} + {rad}"
        return f"({body})" if D == 1 else f"({body})/{D}"

    def __repr__(self) -> str:
        return f"QuadraticSurd({self})"

    def to_sympy(self):
        """The same number as an exact sympy expression."""
        import sympy

        return sympy.Rational(self.a.numerator, self.a.denominator) + sympy.Rational(
            self.b.numerator, self.b.denominator
        ) * sympy.sqrt(self.c)


Number = Fraction | QuadraticSurd


def sign(x: Number | int) -> int:
    """Exact sign of a Fraction, int or QuadraticSurd.

    Parameters
    ----------
    x : Fraction, int or QuadraticSurd
        The number.

    Returns
    -------
    int
        −1, 0 or 1.

    Examples
    --------
    >>> sign(quadratic_roots(-2, 0, 1)[0]), sign(Fraction(0))
    (-1, 0)
    """
    if isinstance(x, QuadraticSurd):
        return x.sign()
    return _sgn(x)


def _parts(x) -> tuple[Fraction, Fraction, int]:
    if isinstance(x, QuadraticSurd):
        return x.a, x.b, x.c
    return Fraction(x), Fraction(0), 1


def compare(x: Number | int, y: Number | int) -> int:
    """Exact comparison (−1, 0, 1) of two numbers, possibly from different fields Q(√c).

    Parameters
    ----------
    x, y : Fraction, int or QuadraticSurd
        The numbers.

    Returns
    -------
    int
        −1 if x < y, 0 if x = y, 1 if x > y.

    Examples
    --------
    >>> r2, r3 = quadratic_roots(-2, 0, 1)[1], quadratic_roots(-3, 0, 1)[1]
    >>> compare(r2, Fraction(3, 2)), compare(r3, r2), compare(r2, r2)
    (-1, 1, 0)
    """
    if isinstance(x, QuadraticSurd) or isinstance(y, QuadraticSurd):
        # float filter: decide when the approximations are far apart
        try:
            fx = x.approx() if isinstance(x, QuadraticSurd) else float(x)
            fy = y.approx() if isinstance(y, QuadraticSurd) else float(y)
        except OverflowError:  # astronomically large numbers: go straight to the exact test
            fx = fy = math.nan
        if math.isfinite(fx) and math.isfinite(fy) and abs(fx - fy) > 1e-9 * (1.0 + abs(fx) + abs(fy)):
            bx = abs(float(x.b)) if isinstance(x, QuadraticSurd) else 0.0
            by = abs(float(y.b)) if isinstance(y, QuadraticSurd) else 0.0
            if abs(fx - fy) > (bx + by) * 2.0**-100:
                return 1 if fx > fy else -1
    a1, b1, c1 = _parts(x)
    a2, b2, c2 = _parts(y)
    if b1 == 0 and b2 == 0:
        return _sgn(a1 - a2)
    if b2 == 0:
        return surd_sign(a1 - a2, b1, c1)
    if b1 == 0:
        return surd_sign(a1 - a2, -b2, c2)
    if c1 == c2:
        return surd_sign(a1 - a2, b1 - b2, c1)
    prod = c1 * c2
    r = isqrt(prod)
    if r * r == prod:  # same field: √c₂ = (r/c₁)√c₁
        return surd_sign(a1 - a2, b1 - b2 * Fraction(r, c1), c1)
    X, U, V = a1 - a2, b1, -b2
    su, sv = _sgn(U), _sgn(V)
    if su == sv:
        sS = su
    else:
        sS = su if U * U * c1 > V * V * c2 else sv
    sX = _sgn(X)
    if sX == 0:
        return sS
    if sX == sS:
        return sX
    # X and S have opposite signs: compare X² with S² = U²c₁ + V²c₂ + 2UV√(c₁c₂)
    d = surd_sign(X * X - U * U * c1 - V * V * c2, -2 * U * V, prod)
    return sX if d > 0 else sS


def sort_numbers(xs) -> list:
    """Sort Fractions and QuadraticSurds (any fields) exactly, ascending.

    Parameters
    ----------
    xs : iterable of Fraction, int or QuadraticSurd
        The numbers.

    Returns
    -------
    list
        The numbers in increasing order.

    Examples
    --------
    >>> sort_numbers([Fraction(3, 2), quadratic_roots(-2, 0, 1)[1], 1])
    [1, QuadraticSurd(sqrt(2)), Fraction(3, 2)]
    """
    return sorted(xs, key=cmp_to_key(compare))


def quadratic_roots(q0, q1, q2) -> list[Number]:
    """Sorted real roots of q0 + q1·x + q2·x² (rational coefficients), exact.

    Returns [] for a nonzero constant; raises :class:`ValueError` for the zero polynomial.
    The quadratic is first made primitive with integer coefficients (A x² + B x + C), so an
    irrational root reads (−B ± √(B² − 4AC))/(2A) as in the paper.

    Parameters
    ----------
    q0, q1, q2 : int or Fraction
        The coefficients (q2 = 0: the linear equation).

    Returns
    -------
    list of Fraction or QuadraticSurd
        The distinct real roots, increasing.

    Raises
    ------
    ValueError
        For the zero polynomial.

    Examples
    --------
    >>> quadratic_roots(-2, 0, 1)
    [QuadraticSurd(-sqrt(2)), QuadraticSurd(sqrt(2))]
    >>> quadratic_roots(-1, 1, 0), quadratic_roots(1, 0, 1)
    ([Fraction(1, 1)], [])
    """
    C, B, A = primitive_integers((q0, q1, q2))
    if A == 0:
        if B == 0:
            if C == 0:
                raise ValueError("the zero polynomial has every number as a root")
            return []
        return [Fraction(-C, B)]
    if A < 0:
        A, B, C = -A, -B, -C
    disc = B * B - 4 * A * C
    if disc < 0:
        return []
    if disc == 0:
        return [Fraction(-B, 2 * A)]
    r = isqrt(disc)
    if r * r == disc:
        return [Fraction(-B - r, 2 * A), Fraction(-B + r, 2 * A)]
    den = Fraction(1, 2 * A)
    lo = QuadraticSurd.make(-B * den, -den, disc)
    hi = QuadraticSurd.make(-B * den, den, disc)
    return [lo, hi]


def rational_bounds(x: Number | int, bits: int = 64) -> tuple[Fraction, Fraction]:
    """Fractions lo ≤ x ≤ hi with hi − lo ≤ |b|·2^(1−bits) (lo = hi = x for rationals).

    Parameters
    ----------
    x : Fraction, int or QuadraticSurd
        The number.
    bits : int
        Precision of the bounds.

    Returns
    -------
    tuple of Fraction
        (lo, hi).

    Examples
    --------
    >>> rational_bounds(quadratic_roots(-2, 0, 1)[1], 8)
    (Fraction(181, 128), Fraction(363, 256))
    """
    if not isinstance(x, QuadraticSurd):
        f = Fraction(x)
        return f, f
    scale = 1 << bits
    r = isqrt(x.c * scale * scale)  # r ≤ √c·2^bits < r + 1
    s_lo, s_hi = Fraction(r, scale), Fraction(r + 1, scale)
    if x.b > 0:
        return x.a + x.b * s_lo, x.a + x.b * s_hi
    return x.a + x.b * s_hi, x.a + x.b * s_lo


def simplest_in_closed(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction with the smallest denominator (then numerator) in [lo, hi], lo ≤ hi.

    Parameters
    ----------
    lo, hi : Fraction
        The closed interval's ends, ``lo <= hi``.

    Returns
    -------
    Fraction
        The simplest rational in ``[lo, hi]`` (continued fractions).

    Examples
    --------
    >>> from fractions import Fraction
    >>> simplest_in_closed(Fraction(3, 10), Fraction(2, 5))
    Fraction(1, 3)
    """
    lo, hi = Fraction(lo), Fraction(hi)
    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        return -simplest_in_closed(-hi, -lo)
    n, d = _simplest_pos(lo.numerator, lo.denominator, hi.numerator, hi.denominator)
    return Fraction(n, d)


def _simplest_pos(p: int, q: int, r: int, s: int) -> tuple[int, int]:
    """The simplest rational in [p/q, r/s], 0 < p/q ≤ r/s, as (numerator, denominator):
    the continued-fraction recursion on integers — with fl = ⌊p/q⌋, fl itself, else fl + 1,
    else fl + 1/x for the simplest x in [s/(r − fl·s), q/(p − fl·q)]."""
    fl = p // q
    if fl * q == p:
        return fl, 1
    if (fl + 1) * s <= r:
        return fl + 1, 1
    xn, xd = _simplest_pos(s, r - fl * s, q, p - fl * q)
    return fl * xn + xd, xn


def simplest_between(a: Number | int, b: Number | int) -> Fraction:
    """A simple rational strictly between a < b (small denominator keeps later arithmetic cheap).

    Parameters
    ----------
    a, b : Fraction, int or QuadraticSurd
        The bounds, a < b.

    Returns
    -------
    Fraction
        A rational r with a < r < b.

    Examples
    --------
    >>> simplest_between(Fraction(1, 3), Fraction(1, 2)), simplest_between(quadratic_roots(-2, 0, 1)[1], Fraction(3, 2))
    (Fraction(2, 5), Fraction(13, 9))
    """
    if compare(a, b) >= 0:
        raise ValueError("simplest_between needs a < b")
    bits = 32
    while True:
        _, a_hi = rational_bounds(a, bits)
        b_lo, _ = rational_bounds(b, bits)
        if a_hi < b_lo:
            # shrink by a margin so that the result is strictly inside (a, b)
            gap = (b_lo - a_hi) / 4
            return simplest_in_closed(a_hi + gap, b_lo - gap)
        bits *= 2
        if bits > 1 << 16:  # pragma: no cover - cannot happen for a < b
            raise ValueError("could not separate the two numbers")


def exact_str(x: Number | int) -> str:
    """Exact sympy-parsable string: ``"3/7"`` or ``"(16145999279 - sqrt(226...))/17712223814"``.

    Parameters
    ----------
    x : Fraction, int or QuadraticSurd
        The number.

    Returns
    -------
    str
        Its exact text.

    Examples
    --------
    >>> exact_str(Fraction(3, 7)), exact_str(quadratic_roots(-1, -1, 1)[1])
    ('3/7', '(1 + sqrt(5))/2')
    """
    if isinstance(x, QuadraticSurd):
        return str(x)
    return fmt(Fraction(x))


def decimal_str(x: Number | int, digits: int = 10) -> str:
    """Decimal approximation with ``digits`` significant digits (correctly rounded for
    rationals, within one unit of the last place for surds).

    Parameters
    ----------
    x : Fraction, int or QuadraticSurd
        The number.
    digits : int
        Significant digits.

    Returns
    -------
    str
        The decimal text.

    Examples
    --------
    >>> decimal_str(quadratic_roots(-2, 0, 1)[1]), decimal_str(Fraction(1, 3), 5)
    ('1.414213562', '0.33333')
    """
    bits = 4 * digits + 64
    lo, hi = rational_bounds(x, bits)
    mid = (lo + hi) / 2
    with localcontext() as ctx:
        ctx.prec = digits
        v = Decimal(mid.numerator) / Decimal(mid.denominator)
    s = format(v, "f") if abs(v) >= Decimal("1e-6") or v == 0 else format(v, "e")
    return s


def to_sympy(x: Number | int):
    """An exact sympy number.

    Parameters
    ----------
    x : Fraction, int or QuadraticSurd
        The number.

    Returns
    -------
    sympy.Expr
        The same number in sympy (``Rational`` or an expression in ``sqrt``).

    Examples
    --------
    >>> to_sympy(quadratic_roots(-2, 0, 1)[1]) ** 2
    2
    """
    if isinstance(x, QuadraticSurd):
        return x.to_sympy()
    import sympy

    f = Fraction(x)
    return sympy.Rational(f.numerator, f.denominator)
