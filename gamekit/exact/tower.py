"""A quadratic extension of a real number field: the numbers a + b·√e, a, b, e ∈ K.

K is ℚ (Fractions), one real quadratic field ℚ(√c) (:class:`~gamekit.exact.surd.QuadraticSurd`)
or one real number field ℚ(α) (:class:`~gamekit.exact.number_field.FieldElement`); e > 0 is
not a square in K. Arithmetic (+, −, ×, ÷) is exact and the order is decided
exactly: the sign of a + b√e is that of a or of b, or — when they differ — that of a² − b²e
(an element of K) times sign(a). This is what the value of a quadratic-surd function of θ at
a quadratic-surd or algebraic θ needs (:mod:`games.baccara.banque.nash_breakpoint`).
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt
from typing import Any

from gamekit.exact.number_field import FieldElement
from gamekit.exact.surd import QuadraticSurd

__all__ = ["QuadraticTower", "sqrt_in_field"]


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _rational_sqrt(q: Fraction) -> Fraction | None:
    if q < 0:
        return None
    n, d = isqrt(q.numerator), isqrt(q.denominator)
    return Fraction(n, d) if n * n == q.numerator and d * d == q.denominator else None


def sqrt_in_field(e) -> Any:
    """√e when it lies in e's field (ℚ, ℚ(√c) or ℚ(α)), else None (e ≥ 0).

    Parameters
    ----------
    e : Fraction, QuadraticSurd or FieldElement
        A number ≥ 0.

    Returns
    -------
    Fraction, QuadraticSurd, FieldElement or None
        The non-negative square root in the same field, or None.

    Examples
    --------
    >>> sqrt_in_field(Fraction(9, 4)), sqrt_in_field(Fraction(2))
    (Fraction(3, 2), None)
    >>> s = QuadraticSurd.make(3, 2, 2)          # 3 + 2√2 = (1 + √2)²
    >>> sqrt_in_field(s)
    QuadraticSurd((1 + sqrt(2)))
    """
    if isinstance(e, FieldElement):
        return e.sqrt()
    if not isinstance(e, QuadraticSurd):
        return _rational_sqrt(Fraction(e))
    u, v, c = e.a, e.b, e.c
    r = _rational_sqrt(u * u - v * v * c)      # (s + t√c)² = e  ⇒  s² = (u ± r)/2
    if r is None:
        return None
    for s2 in ((u + r) / 2, (u - r) / 2):
        s = _rational_sqrt(s2)
        if s:
            out = QuadraticSurd.make(s, v / (2 * s), c)
            if out * out == e:
                return out if out > 0 else -out
        elif s == 0 and s2 == 0:
            t = _rational_sqrt(u / c) if u / c >= 0 else None
            if t is not None:
                out = QuadraticSurd.make(0, t, c)
                if out * out == e:
                    return out
    return None


class QuadraticTower:
    """The real number a + b·√e with a, b, e in K = ℚ, ℚ(√c) or ℚ(α), b ≠ 0, √e ∉ K.

    Build with :meth:`make` (it returns an element of K when √e ∈ K or b = 0). Mixing two
    different e raises :class:`ValueError`.

    Examples
    --------
    >>> r2 = QuadraticSurd.make(0, 1, 2)
    >>> x = QuadraticTower.make(1, 1, r2 + 1)      # 1 + √(1 + √2)
    >>> round(float(x), 6), x > Fraction(5, 2), (x - 1) * (x - 1) == r2 + 1
    (2.553774, True, True)
    >>> y = (x * x - 1) / (x + 1)
    >>> y == x - 1, (x - x) == 0
    (True, True)
    """

    __slots__ = ("a", "b", "e")

    def __init__(self, a, b, e) -> None:
        self.a, self.b, self.e = a, b, e

    @staticmethod
    def make(a, b, e) -> Any:
        """a + b√e, in K when possible."""
        if b == 0 or e == 0:
            return a
        if e < 0:
            raise ValueError("square root of a negative number")
        r = sqrt_in_field(e)
        if r is not None:
            return a + b * r
        return QuadraticTower(a, b, e)

    def _parts(self, other) -> tuple | None:
        if isinstance(other, QuadraticTower):
            if not (other.e - self.e) == 0:
                raise ValueError("cannot mix two different quadratic extensions")
            return other.a, other.b
        if isinstance(other, (int, Fraction, QuadraticSurd, FieldElement)):
            return other, Fraction(0)
        return None

    def _new(self, a, b) -> Any:
        return a if b == 0 else QuadraticTower(a, b, self.e)

    def __add__(self, other):
        o = self._parts(other)
        return NotImplemented if o is None else self._new(self.a + o[0], self.b + o[1])

    __radd__ = __add__

    def __neg__(self):
        return QuadraticTower(-self.a, -self.b, self.e)

    def __sub__(self, other):
        o = self._parts(other)
        return NotImplemented if o is None else self._new(self.a - o[0], self.b - o[1])

    def __rsub__(self, other):
        o = self._parts(other)
        return NotImplemented if o is None else self._new(o[0] - self.a, o[1] - self.b)

    def __mul__(self, other):
        o = self._parts(other)
        if o is None:
            return NotImplemented
        return self._new(self.a * o[0] + self.b * o[1] * self.e, self.a * o[1] + self.b * o[0])

    __rmul__ = __mul__

    def _inverse(self):
        n = self.a * self.a - self.b * self.b * self.e      # ≠ 0: √e ∉ K
        return self._new(self.a / n, -self.b / n)

    def __truediv__(self, other):
        o = self._parts(other)
        if o is None:
            return NotImplemented
        if o[1] == 0:
            return self._new(self.a / o[0], self.b / o[0])
        return self * QuadraticTower(o[0], o[1], self.e)._inverse()

    def __rtruediv__(self, other):
        o = self._parts(other)
        return NotImplemented if o is None else self._inverse() * o[0]

    def sign(self) -> int:
        """−1, 0 or 1, exact (module docstring)."""
        sa, sb = _sign(self.a), _sign(self.b)
        if sb == 0 or sa == sb:
            return sa if sa else sb
        if sa == 0:
            return sb
        d = _sign(self.a * self.a - self.b * self.b * self.e)
        return sa if d > 0 else (sb if d < 0 else 0)

    def _cmp(self, other) -> int | None:
        o = self._parts(other)
        if o is None:
            return None
        return QuadraticTower(self.a - o[0], self.b - o[1], self.e).sign()

    def __eq__(self, other) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c == 0

    def __lt__(self, other) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c < 0

    def __le__(self, other) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c >= 0

    def __hash__(self) -> int:
        return hash((str(self.a), str(self.b), str(self.e)))

    def __float__(self) -> float:
        return float(self.a) + float(self.b) * float(self.e) ** 0.5

    def __str__(self) -> str:
        return f"{self.a} + ({self.b})*sqrt({self.e})"

    __repr__ = __str__
