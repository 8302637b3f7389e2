"""Functions a(t) + b(t)·√D(t) on an interval, with every sign decided on all of it.

A *sign interval* I is an interval of the parameter t with exact ends (rationals, quadratic
surds or :class:`~gamekit.exact.algebraic.RealAlgebraic` numbers), each end open or closed.
An :class:`IntervalFunction` is an element a(t) + b(t)·√D(t) of ℚ(t)(√D) — a, b rational
functions, D a polynomial positive on I (b = 0: an element of ℚ(t)) — kept in lowest terms.
Its arithmetic is exact field arithmetic. Its comparisons are decided **for every t ∈ I at
once**:

* a polynomial P has a constant sign on I iff it is ≡ 0 or has no root in I (exact real-root
  isolation, :func:`~gamekit.exact.algebraic.real_roots`, roots compared exactly with I's
  ends); the sign is then the one at a rational sample of I;
* a rational function N/M: sign(N)·sign(M), both constant (M without a root: no pole);
* a + b√D (D > 0 on I): sign(a) when b ≡ 0, sign(b) when a ≡ 0, their common sign when
  both are constant and agree; otherwise, when the norm a² − b²D = (a + b√D)(a − b√D) has no
  root in I and a, b no pole, a + b√D has no zero in I and its sign is the one at the sample.

Each decision is a statement about every t ∈ I; when one sign is not constant on I the
comparison raises :class:`SignUndecided` instead of answering. So a program that only
compares such numbers (and does field arithmetic with them) runs, for the functions, along
the one path it takes at *every* t ∈ I simultaneously — each of its answers holds on all of
I (the results are functions of t, exact). ``x == 0`` means x ≡ 0 on I; x ≠ 0 means x has
no zero in I.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt
from typing import Any

from flint import fmpq, fmpq_poly, fmpz_poly

from gamekit.exact.algebraic import (
    RealAlgebraic,
    compare_numbers,
    descartes_bound,
    rational_inside,
    real_roots,
)
from gamekit.exact.surd import QuadraticSurd, rational_bounds

__all__ = ["SignUndecided", "SignInterval", "IntervalFunction", "identical"]


class SignUndecided(ArithmeticError):
    """A sign is not constant on the interval (or a function has a pole there)."""


def _fq(x) -> fmpq:
    x = Fraction(x)
    return fmpq(x.numerator, x.denominator)


def _bounds(x) -> tuple[Fraction, Fraction]:
    if isinstance(x, RealAlgebraic):
        return x.lo, x.hi
    if isinstance(x, QuadraticSurd):
        return rational_bounds(x, 64)
    return Fraction(x), Fraction(x)


def _key(P: fmpq_poly) -> tuple[int, ...]:
    """The primitive integer polynomial with P's signs (positive scaling), as a tuple."""
    Z = P.numer()
    c = Z.content()
    if c != 1:
        Z = Z / c   # exact division by the (positive) content
    return tuple(int(v) for v in Z.coeffs())


class SignInterval:
    """The interval I of t between ``lo`` < ``hi`` (each end open unless ``closed`` says).

    Parameters
    ----------
    lo, hi : Fraction, QuadraticSurd or RealAlgebraic
        The ends, lo < hi.
    closed : (bool, bool)
        Whether lo and hi belong to I.

    Examples
    --------
    >>> I = SignInterval(Fraction(0), Fraction(1))
    >>> I.poly_sign(fmpq_poly([1, -3])), I.poly_sign(fmpq_poly([2, -1]))   # 1 − 3t has a root in I
    Traceback (most recent call last):
    ...
    gamekit.exact.interval_field.SignUndecided: a polynomial has a root in the interval
    >>> I.poly_sign(fmpq_poly([2, -1]))   # 2 − t > 0 on (0, 1)
    1
    """

    def __init__(self, lo, hi, closed: tuple[bool, bool] = (False, False)) -> None:
        if compare_numbers(lo, hi) >= 0:
            raise ValueError("SignInterval needs lo < hi")
        self.lo, self.hi, self.closed = lo, hi, closed
        self.sample = rational_inside(lo, hi)
        self.outer = (_bounds(lo)[0], _bounds(hi)[1])
        self._signs: dict[tuple[int, ...], int] = {}

    def __repr__(self) -> str:
        return (f"SignInterval({'[' if self.closed[0] else '('}{float(self.lo)!r}, "
                f"{float(self.hi)!r}{']' if self.closed[1] else ')'})")

    def contains(self, x) -> bool:
        """Whether the real number x lies in I (exact).

        Examples
        --------
        >>> I = SignInterval(Fraction(0), Fraction(1), (True, False))
        >>> I.contains(Fraction(0)), I.contains(Fraction(1))
        (True, False)
        """
        a, b = compare_numbers(x, self.lo), compare_numbers(x, self.hi)
        return (a > 0 or (a == 0 and self.closed[0])) and (b < 0 or (b == 0 and self.closed[1]))

    def poly_sign(self, P: fmpq_poly) -> int:
        """The sign of the polynomial P on I: 0 when P ≡ 0, else ±1 when P has no root in I.

        Parameters
        ----------
        P : flint.fmpq_poly
            The polynomial.

        Returns
        -------
        int
            −1, 0 or 1, the same at every t ∈ I.

        Raises
        ------
        SignUndecided
            P ≢ 0 has a root in I.

        Examples
        --------
        >>> SignInterval(Fraction(1), Fraction(2)).poly_sign(fmpq_poly([-1, 0, 1]))   # t² − 1 on (1, 2)
        1
        """
        if P.is_zero():
            return 0
        key = _key(P)
        s = self._signs.get(key)
        if s is None:
            s = self._decide(fmpz_poly(list(key)))
            self._signs[key] = s
        if s == 2:
            raise SignUndecided("a polynomial has a root in the interval")
        return s

    def _decide(self, Z: fmpz_poly) -> int:
        """±1, or 2 when Z has a root in I."""
        val = Z(_fq(self.sample))
        sg = (val > 0) - (val < 0)
        if Z.degree() == 0:
            return sg
        if sg == 0:
            return 2
        u, v = self.outer
        ends = [x for x in (u, v) if Z(_fq(x)) == 0]
        if not ends and descartes_bound(Z, u, v) == 0:
            return sg
        for r in ends + real_roots(Z, u, v):
            if self.contains(r):
                return 2
        return sg

    def t(self) -> IntervalFunction:
        """The parameter t itself, as a function on I.

        Examples
        --------
        >>> SignInterval(Fraction(1), Fraction(2)).t() > 1
        True
        """
        return IntervalFunction(self, fmpq_poly([0, 1]))

    def const(self, c) -> IntervalFunction:
        """The constant c (a rational).

        Examples
        --------
        >>> SignInterval(Fraction(1), Fraction(2)).const(Fraction(1, 3)) < 1
        True
        """
        return IntervalFunction(self, fmpq_poly([_fq(c)]))


def _reduce(n: fmpq_poly, d: fmpq_poly) -> tuple[fmpq_poly, fmpq_poly]:
    if d.is_zero():
        raise ZeroDivisionError("rational function with zero denominator")
    if n.is_zero():
        return n, fmpq_poly([1])
    g = n.gcd(d)
    if g.degree() > 0:
        n, d = n // g, d // g
    lc = d.coeffs()[-1]
    if lc != 1:
        n, d = n / lc, d / lc
    return n, d


class IntervalFunction:
    """a(t) + b(t)·√D(t) on a :class:`SignInterval` (module docstring).

    Parameters
    ----------
    iv : SignInterval
        The interval.
    an, ad : flint.fmpq_poly
        a = an/ad.
    bn, bd : flint.fmpq_poly, optional
        b = bn/bd (default 0).
    D : flint.fmpq_poly, optional
        The radicand (positive on I: checked when b ≢ 0).

    Raises
    ------
    ValueError
        D is negative on I (the function is not real there).
    SignUndecided
        D changes sign on I.

    Examples
    --------
    >>> I = SignInterval(Fraction(1, 10), Fraction(1, 2))
    >>> t = I.t()
    >>> x = (t * 3 - 1) / (t + 1)              # (3t − 1)/(t + 1): a root at t = 1/3 ∈ I
    >>> x > 0
    Traceback (most recent call last):
    ...
    gamekit.exact.interval_field.SignUndecided: a polynomial has a root in the interval
    >>> r = IntervalFunction.sqrt(I, fmpq_poly([1, 0, 1]))    # √(1 + t²) > t on I
    >>> r > t, (r * r - t * t == 1), float(r) > 1
    (True, True, True)
    """

    __slots__ = ("iv", "an", "ad", "bn", "bd", "D")

    def __init__(self, iv: SignInterval, an: fmpq_poly, ad: fmpq_poly | None = None,
                 bn: fmpq_poly | None = None, bd: fmpq_poly | None = None, D: fmpq_poly | None = None,
                 _checked: bool = False) -> None:
        self.iv = iv
        self.an, self.ad = _reduce(an, ad if ad is not None else fmpq_poly([1]))
        if bn is None or bn.is_zero() or D is None:
            self.bn, self.bd, self.D = fmpq_poly([]), fmpq_poly([1]), None
        else:
            self.bn, self.bd = _reduce(bn, bd if bd is not None else fmpq_poly([1]))
            self.D = D
            if not _checked:
                s = iv.poly_sign(D)
                if s < 0:
                    raise ValueError("the radicand is negative on the interval")
                if s == 0:
                    self.bn, self.bd, self.D = fmpq_poly([]), fmpq_poly([1]), None

    @classmethod
    def sqrt(cls, iv: SignInterval, D: fmpq_poly) -> IntervalFunction:
        """√D on I (D > 0 on I).

        Examples
        --------
        >>> I = SignInterval(Fraction(1), Fraction(2))
        >>> IntervalFunction.sqrt(I, fmpq_poly([0, 2])).value_at(Fraction(1))   # √(2t) at t = 1
        QuadraticSurd(sqrt(2))
        """
        return cls(iv, fmpq_poly([]), None, fmpq_poly([1]), None, D)

    @classmethod
    def rational(cls, iv: SignInterval, num, den=(1,)) -> IntervalFunction:
        """num(t)/den(t), coefficients (rationals) lowest degree first.

        Examples
        --------
        >>> I = SignInterval(Fraction(1), Fraction(2))
        >>> IntervalFunction.rational(I, (1,), (0, 1)) * I.t() == 1       # (1/t)·t ≡ 1
        True
        """
        return cls(iv, fmpq_poly([_fq(c) for c in num]), fmpq_poly([_fq(c) for c in den]))

    # -- arithmetic ------------------------------------------------------------------------
    def _lift(self, other) -> IntervalFunction | None:
        if isinstance(other, IntervalFunction):
            if other.iv is not self.iv:
                raise ValueError("functions on two different intervals")
            if self.D is not None and other.D is not None and self.D != other.D:
                raise ValueError("functions in two different quadratic extensions")
            return other
        if isinstance(other, (int, Fraction)):
            return IntervalFunction(self.iv, fmpq_poly([_fq(other)]))
        return None

    def _new(self, an, ad, bn, bd, D) -> IntervalFunction:
        return IntervalFunction(self.iv, an, ad, bn, bd, D, _checked=True)

    def _radicand(self, o: IntervalFunction) -> fmpq_poly | None:
        return self.D if self.D is not None else o.D

    def __add__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self._new(self.an * o.ad + o.an * self.ad, self.ad * o.ad,
                         self.bn * o.bd + o.bn * self.bd, self.bd * o.bd, self._radicand(o))

    __radd__ = __add__

    def __neg__(self) -> IntervalFunction:
        return self._new(-self.an, self.ad, -self.bn, self.bd, self.D)

    def __sub__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return o + (-self)

    def __mul__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        D = self._radicand(o)
        # (a + b√D)(c + e√D) = ac + beD + (ae + bc)√D
        an = self.an * o.an * self.bd * o.bd + (self.bn * o.bn * D * self.ad * o.ad if D is not None else 0)
        ad = self.ad * o.ad * self.bd * o.bd
        bn = self.an * o.bn * self.bd * o.ad + self.bn * o.an * self.ad * o.bd
        return self._new(an, ad, bn, ad, D)

    __rmul__ = __mul__

    def _inverse(self) -> IntervalFunction:
        if self.D is None:
            if self.an.is_zero():
                raise ZeroDivisionError("division by the zero function")
            return self._new(self.ad, self.an, None, None, None)
        # 1/(a + b√D) = (a − b√D)/(a² − b²D)
        nrm_n = self.an * self.an * self.bd * self.bd - self.bn * self.bn * self.D * self.ad * self.ad
        if nrm_n.is_zero():
            raise SignUndecided("a² − b²D vanishes identically")
        nrm_d = self.ad * self.ad * self.bd * self.bd
        return self._new(self.an * nrm_d, self.ad * nrm_n, -self.bn * nrm_d, self.bd * nrm_n, self.D)

    def __truediv__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self * o._inverse()

    def __rtruediv__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return o * self._inverse()

    # -- signs -----------------------------------------------------------------------------
    def _rsign(self, n: fmpq_poly, d: fmpq_poly) -> int:
        sn = self.iv.poly_sign(n)
        if sn == 0:
            return 0
        return sn * self.iv.poly_sign(d)

    def sign(self) -> int:
        """The sign on I: 0 iff ≡ 0 there, else ±1 at every t ∈ I.

        Raises
        ------
        SignUndecided
            The sign is not (proved) constant on I.

        Examples
        --------
        >>> I = SignInterval(Fraction(1), Fraction(2))
        >>> (1 - IntervalFunction.sqrt(I, fmpq_poly([0, 1]))).sign()      # 1 − √t < 0 on (1, 2)
        -1
        """
        if self.D is None:
            return self._rsign(self.an, self.ad)
        if self.an.is_zero():
            return self._rsign(self.bn, self.bd)
        # both parts ≢ 0: first the common sign of a and b, when there is one
        common: int | None = None
        try:
            sa, sb = self._rsign(self.an, self.ad), self._rsign(self.bn, self.bd)
            common = sa if sa == sb else None
        except SignUndecided:
            pass
        if common is not None:
            return common
        # else through the norm a² − b²D = (a + b√D)(a − b√D): without a root in I (and
        # without poles: a, b continuous, D > 0) a + b√D has no zero in I, so its sign is the
        # one at the sample
        self.iv.poly_sign(self.ad)
        self.iv.poly_sign(self.bd)
        w = self.an * self.an * self.bd * self.bd - self.bn * self.bn * self.D * self.ad * self.ad
        at = self.value_at(self.iv.sample)
        if w.is_zero():
            # (a + b√D)(a − b√D) ≡ 0: one factor vanishes identically on I (both are analytic
            # there); the sample tells which, unless both vanish at it
            conj = self._new(self.an, self.ad, -self.bn, self.bd, self.D).value_at(self.iv.sample)
            if at == 0 and conj != 0:
                return 0
            if at != 0 and conj == 0:     # a + b√D = 2a on I
                return self._rsign(self.an, self.ad)
            raise SignUndecided("a² − b²D ≡ 0 and both conjugates vanish at the sample")
        self.iv.poly_sign(w)              # raises when the norm has a root in I
        return 1 if at > 0 else -1

    def _cmp(self, other) -> int:
        o = self._lift(other)
        if o is None:
            raise TypeError(f"cannot compare an IntervalFunction with {type(other).__name__}")
        return (self - o).sign()

    def __eq__(self, other) -> bool:
        if self._lift(other) is None:
            return NotImplemented
        return self._cmp(other) == 0

    def __ne__(self, other) -> bool:
        if self._lift(other) is None:
            return NotImplemented
        return self._cmp(other) != 0

    def __lt__(self, other) -> bool:
        return self._cmp(other) < 0

    def __le__(self, other) -> bool:
        return self._cmp(other) <= 0

    def __gt__(self, other) -> bool:
        return self._cmp(other) > 0

    def __ge__(self, other) -> bool:
        return self._cmp(other) >= 0

    def __bool__(self) -> bool:
        return self.sign() != 0

    def __hash__(self) -> int:
        if self.D is None and self.ad.degree() == 0 and self.an.degree() <= 0:
            return hash(self.value_at(Fraction(0)))   # a constant: hash as the rational
        return hash((_key_full(self.an), _key_full(self.ad), _key_full(self.bn), _key_full(self.bd),
                     None if self.D is None else _key_full(self.D)))

    # -- values ----------------------------------------------------------------------------
    def is_rational_function(self) -> bool:
        """Whether b ≡ 0 (an element of ℚ(t)).

        Examples
        --------
        >>> I = SignInterval(Fraction(1), Fraction(2))
        >>> r = IntervalFunction.sqrt(I, fmpq_poly([0, 1]))
        >>> r.is_rational_function(), (r * r).is_rational_function()
        (False, True)
        """
        return self.D is None

    def value_at(self, x) -> Any:
        """The exact value at a rational x (Fraction, or QuadraticSurd when b(x) ≠ 0).

        Examples
        --------
        >>> I = SignInterval(Fraction(0), Fraction(1))
        >>> (I.t() * I.t() + 1).value_at(Fraction(1, 2))
        Fraction(5, 4)
        """
        q = _fq(x)
        ad = self.ad(q)
        if ad == 0:
            raise ZeroDivisionError("pole at the point")
        a = _frac(self.an(q) / ad)
        if self.D is None:
            return a
        bd = self.bd(q)
        if bd == 0:
            raise ZeroDivisionError("pole at the point")
        b = _frac(self.bn(q) / bd)
        d = _frac(self.D(q))
        # √(n/m) = √(n·m)/m
        return QuadraticSurd.make(a, b / d.denominator, d.numerator * d.denominator)

    def __float__(self) -> float:
        return float(self.value_at(self.iv.sample))

    def __repr__(self) -> str:
        s = f"({self.an})/({self.ad})"
        if self.D is not None:
            s += f" + ({self.bn})/({self.bd})*sqrt({self.D})"
        return f"IntervalFunction({s})"


def _frac(q: fmpq) -> Fraction:
    return Fraction(int(q.p), int(q.q))


def _key_full(P: fmpq_poly) -> tuple:
    return tuple((int(c.p), int(c.q)) for c in P.coeffs())


def _square_root(P: fmpq_poly) -> fmpq_poly | None:
    """A polynomial S with S² = P, or None when P is not a square in ℚ[t]."""
    lc, facs = P.factor()
    c = Fraction(int(lc.p), int(lc.q))
    if c < 0 or any(m % 2 for _, m in facs):
        return None
    n, d = c.numerator, c.denominator
    rn, rd = isqrt(n), isqrt(d)
    if rn * rn != n or rd * rd != d:
        return None
    out = fmpq_poly([fmpq(rn, rd)])
    for f, m in facs:
        out = out * f ** (m // 2)
    return out


def identical(x, y) -> bool:
    """Whether x ≡ y on the interval (True) or x ≠ y at every point of it (False), for x, y
    possibly in two different quadratic extensions ℚ(t)(√D₁), ℚ(t)(√D₂).

    When D₂/D₁ is a square s² of ℚ(t), √D₂ = |s|·√D₁ (s has no zero on I: D₁, D₂ > 0) and y is
    compared in x's field. Otherwise x = y at a point t forces (x − a_y)² = b_y²·D₂ there, an
    equation in ℚ(t)(√D₁) whose left minus right side is proved to have no zero in I.

    Parameters
    ----------
    x, y : IntervalFunction or rational
        The two functions (on the same interval).

    Returns
    -------
    bool
        True: identical on I; False: different at every point of I.

    Raises
    ------
    SignUndecided
        Neither is proved (they may meet inside I).

    Examples
    --------
    >>> I = SignInterval(Fraction(1), Fraction(2))
    >>> r2, r8 = IntervalFunction.sqrt(I, fmpq_poly([0, 2])), IntervalFunction.sqrt(I, fmpq_poly([0, 8]))
    >>> identical(2 * r2, r8), identical(r2, IntervalFunction.sqrt(I, fmpq_poly([0, 3])))
    (True, False)
    """
    if not isinstance(x, IntervalFunction):
        if not isinstance(y, IntervalFunction):
            return Fraction(x) == Fraction(y)
        x, y = y, x
    try:
        return (x - y).sign() == 0
    except ValueError:            # two different radicands
        pass
    assert isinstance(y, IntervalFunction) and x.D is not None and y.D is not None
    iv = x.iv
    S = _square_root(x.D * y.D)
    ay = IntervalFunction(iv, y.an, y.ad)
    by = IntervalFunction(iv, y.bn, y.bd)
    if S is not None:
        s = IntervalFunction(iv, S, x.D)
        if s.sign() < 0:
            s = -s
        # √D₂ = √(D₁D₂)/√D₁ = (S/D₁)·√D₁ with S/D₁ > 0
        return (x - (ay + by * s * IntervalFunction.sqrt(iv, x.D))).sign() == 0
    u = x - ay
    w = u * u - by * by * IntervalFunction(iv, y.D)
    if w.sign() == 0:
        raise SignUndecided("two functions in different quadratic extensions not separated")
    return False
