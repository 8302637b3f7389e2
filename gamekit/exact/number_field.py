"""Real algebraic number fields ℚ(α): exact arithmetic and exact order.

α is a real root of an irreducible integer polynomial m of degree n ≥ 2, isolated by an open
rational interval (lo, hi) that is refined (bisection on the sign change of m) on demand.
An element of ℚ(α) is a rational polynomial r of degree < n, read as the real number r(α):

* arithmetic is polynomial arithmetic modulo m (python-flint ``fmpq_poly``); division
  multiplies by the inverse s of r, from the extended Euclid algorithm (r·s ≡ 1 mod m:
  gcd(r, m) = 1 because m is irreducible and r ≢ 0);
* r(α) = 0 exactly when r is the zero polynomial (the representation is unique), so
  equality is exact;
* the sign of r(α) ≠ 0 is read from an interval enclosure of r over α's isolating interval
  (Horner's rule in rational interval arithmetic), α's interval halved until the enclosure
  excludes 0 — this terminates because the enclosure shrinks to the nonzero r(α);
* √e of an element e ≥ 0 is found in the field, when it lies there, by factoring x² − e over
  ℚ(α) (Trager's algorithm: the norm Res_y(m(y), (x − k·y)² − e(y)) is factored over ℤ for
  the first shift k that makes it squarefree; the gcds with its factors are the factors of
  x² − e over ℚ(α)). When √e is not in the field, :class:`~gamekit.exact.tower.QuadraticTower`
  adjoins it (a + b√e with a, b, e in ℚ(α)).

An element that turns out rational is returned as a :class:`~fractions.Fraction` (as
:class:`~gamekit.exact.surd.QuadraticSurd` does), so elements mix freely with Fractions and
ints. :meth:`FieldElement.to_algebraic` gives the same number in the canonical form of
:mod:`gamekit.exact.algebraic` (Fraction, QuadraticSurd or a ``CRootOf`` of its own minimal
polynomial), which :func:`~gamekit.exact.algebraic.compare_numbers`,
:func:`~gamekit.exact.algebraic.number_str` and :func:`~gamekit.exact.algebraic.number_decimal`
use for numbers of different fields.

Examples
--------
>>> from fractions import Fraction
>>> from gamekit.exact import int_poly
>>> K = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2))     # ℚ(∛2)
>>> a = K.gen
>>> x = (a * a + 1) / (a - 1)
>>> x * (a - 1) == a * a + 1, x > 7, round(float(x), 6)
(True, True, 9.954565)
>>> a * a * a                                                                # rational: a Fraction
Fraction(2, 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt
from typing import Any

from flint import fmpq, fmpq_mat, fmpq_mpoly_ctx, fmpq_poly, fmpz_poly

from gamekit.exact.algebraic import RealAlgebraic, descartes_bound, real_roots
from gamekit.exact.surd import QuadraticSurd, rational_bounds

__all__ = ["NumberField", "FieldElement", "field_element"]

_Rational = (int, Fraction)


def _fq(x) -> fmpq:
    f = Fraction(x)
    return fmpq(f.numerator, f.denominator)


def _frac(c) -> Fraction:
    return Fraction(int(c.p), int(c.q))


def _interval_horner(coeffs: list[Fraction], lo: Fraction, hi: Fraction) -> tuple[Fraction, Fraction]:
    """An enclosure of {Σ c_i x^i : x ∈ [lo, hi]} (rational interval arithmetic)."""
    a = b = Fraction(0)
    for c in reversed(coeffs):
        prods = (a * lo, a * hi, b * lo, b * hi)
        a, b = min(prods) + c, max(prods) + c
    return a, b


def _cauchy_bound(p: fmpz_poly) -> Fraction:
    cs = [abs(int(c)) for c in p.coeffs()]
    return Fraction(1 + max(cs[:-1], default=0), cs[-1]) + 1


class NumberField:
    """The real field ℚ(α), α the root in (lo, hi) of the irreducible integer polynomial m.

    Parameters
    ----------
    poly : flint.fmpz_poly
        m, irreducible over ℚ, degree ≥ 2 (checked: factored with python-flint).
    lo, hi : Fraction
        An open interval containing exactly one real root of m (checked: Descartes' rule).

    Raises
    ------
    ValueError
        m is reducible or of degree < 2, or (lo, hi) does not isolate one root.

    Examples
    --------
    >>> from gamekit.exact import int_poly
    >>> K = NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(3), Fraction(4))   # √2 + √3
    >>> K.degree, K.index, round(float(K.gen), 9)
    (4, 3, 3.14626437)
    >>> K == NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(31, 10), Fraction(32, 10))
    True
    """

    __slots__ = ("poly", "degree", "root", "index", "_modulus", "_key")

    def __init__(self, poly: fmpz_poly, lo: Fraction, hi: Fraction) -> None:
        poly = fmpz_poly(poly)
        if poly.degree() < 2:
            raise ValueError("a number field needs a minimal polynomial of degree >= 2")
        _, factors = poly.factor()
        if len(factors) != 1 or factors[0][1] != 1:
            raise ValueError(f"the polynomial {poly} is not irreducible")
        if int(poly.coeffs()[-1]) < 0:
            poly = -poly
        lo, hi = Fraction(lo), Fraction(hi)
        if not lo < hi or descartes_bound(poly, lo, hi) != 1:
            raise ValueError(f"({lo}, {hi}) does not isolate one root of {poly}")
        self.poly = poly
        self.degree = poly.degree()
        self.root = RealAlgebraic(poly, None, lo, hi)
        self.index = len(real_roots(poly, -_cauchy_bound(poly), lo))
        self.root.index = self.index
        self._modulus = fmpq_poly(poly)
        self._key = (tuple(int(c) for c in poly.coeffs()), self.index)

    @classmethod
    def of(cls, x: RealAlgebraic | QuadraticSurd) -> NumberField:
        """The field ℚ(x) of an irrational algebraic number (x is its generator).

        Parameters
        ----------
        x : RealAlgebraic or QuadraticSurd
            The generator.

        Returns
        -------
        NumberField
            ℚ(x), with ``gen`` equal to x.

        Examples
        --------
        >>> from gamekit.exact import real_roots, int_poly
        >>> x = real_roots(int_poly([-2, 0, 0, 1]))[0]
        >>> NumberField.of(x).gen == NumberField.of(x).gen
        True
        """
        if isinstance(x, RealAlgebraic):
            return cls(x.poly, x.lo, x.hi)
        if isinstance(x, QuadraticSurd):
            A, B, c, D = x.integer_form()        # x = (A + B√c)/D: (Dx − A)² = B²c
            poly = fmpz_poly([A * A - B * B * c, -2 * A * D, D * D])
            bits = 64
            while True:
                lo, hi = rational_bounds(x, bits)
                if lo < hi and descartes_bound(poly, lo, hi) == 1:
                    return cls(poly, lo, hi)
                bits *= 2
        raise TypeError(f"not an irrational algebraic number: {x!r}")

    # -- elements -------------------------------------------------------------------------
    @property
    def gen(self) -> FieldElement:
        """α itself."""
        return FieldElement(self, fmpq_poly([0, 1]))

    def __call__(self, value) -> Any:
        """An element from a number (int, Fraction) or its coefficients in α (a list or an
        ``fmpq_poly``), reduced modulo m; a Fraction when it is rational.

        Parameters
        ----------
        value : int, Fraction, sequence of numbers or flint.fmpq_poly
            The number, or c₀, c₁, … with value Σ c_i α^i.

        Returns
        -------
        FieldElement or Fraction
            The element.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> K = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2))
        >>> K([0, 0, 0, 1]), K(Fraction(1, 2))
        (Fraction(2, 1), Fraction(1, 2))
        """
        if isinstance(value, _Rational):
            return Fraction(value)
        if isinstance(value, FieldElement):
            if value.field != self:
                raise ValueError("an element of another field")
            return value
        poly = value if isinstance(value, fmpq_poly) else fmpq_poly([_fq(c) for c in value])
        return self._element(poly % self._modulus)

    def _element(self, poly: fmpq_poly) -> Any:
        """A reduced polynomial as a number (a Fraction when constant)."""
        if poly.degree() <= 0:
            return _frac(poly.coeffs()[0]) if poly.degree() == 0 else Fraction(0)
        return FieldElement(self, poly)

    # -- identity -------------------------------------------------------------------------
    def __eq__(self, other) -> bool:
        return isinstance(other, NumberField) and (self is other or self._key == other._key)

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"NumberField(Q({self.root}))"

    # -- enclosures -----------------------------------------------------------------------
    def enclose(self, poly: fmpq_poly, width: Fraction | None = None) -> tuple[Fraction, Fraction]:
        """Rational bounds of poly(α), α's interval refined until they are narrower than
        ``width`` (or, without ``width``, until they exclude 0 — poly(α) must be nonzero)."""
        cs = [_frac(c) for c in poly.coeffs()]
        for _ in range(200_000):
            lo, hi = _interval_horner(cs, self.root.lo, self.root.hi)
            if (width is None and (lo > 0 or hi < 0)) or (width is not None and hi - lo <= width):
                return lo, hi
            self.root.refine()
        raise ArithmeticError("could not separate a field element from 0")  # pragma: no cover


def field_element(x) -> Any:
    """x as an element of its own field ℚ(x): a Fraction stays a Fraction.

    Parameters
    ----------
    x : int, Fraction, QuadraticSurd, RealAlgebraic or FieldElement
        The number.

    Returns
    -------
    Fraction or FieldElement
        The same number.

    Examples
    --------
    >>> from gamekit.exact import real_roots, int_poly
    >>> t = field_element(real_roots(int_poly([-2, 0, 0, 1]))[0])
    >>> t * t * t, field_element(Fraction(1, 3))
    (Fraction(2, 1), Fraction(1, 3))
    """
    if isinstance(x, FieldElement):
        return x
    if isinstance(x, (RealAlgebraic, QuadraticSurd)):
        return NumberField.of(x).gen
    return Fraction(x)


def _rational_sqrt(q: Fraction) -> Fraction | None:
    if q < 0:
        return None
    n, d = isqrt(q.numerator), isqrt(q.denominator)
    return Fraction(n, d) if n * n == q.numerator and d * d == q.denominator else None


class FieldElement:
    """The irrational number r(α) of a :class:`NumberField` ℚ(α) (module docstring).

    Build with the field (``K(coeffs)``, ``K.gen``) or :func:`field_element`; results that
    are rational come back as Fractions. Mixing two different fields raises
    :class:`ValueError`; compare numbers of different fields with
    :func:`~gamekit.exact.algebraic.compare_numbers`.

    Examples
    --------
    >>> from gamekit.exact import int_poly
    >>> K = NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(3), Fraction(4))  # α = √2 + √3
    >>> a = K.gen
    >>> r2 = (a ** 3 - 9 * a) / 2                 # √2
    >>> r2 * r2, 1 / r2 == r2 / 2, r2 < Fraction(1415, 1000)
    (Fraction(2, 1), True, True)
    >>> (a - Fraction(314626436, 10 ** 8)).sign(), (a - Fraction(314626437, 10 ** 8)).sign()
    (1, -1)
    """

    __slots__ = ("field", "poly", "_canon")

    def __init__(self, field: NumberField, poly: fmpq_poly) -> None:
        self.field, self.poly = field, poly
        self._canon: Any = None

    # -- coercion -------------------------------------------------------------------------
    def _coerce(self, other) -> fmpq_poly | None:
        if isinstance(other, FieldElement):
            if other.field is not self.field and other.field != self.field:
                raise ValueError("cannot mix elements of two different number fields")
            return other.poly
        if isinstance(other, _Rational):
            return fmpq_poly([_fq(other)])
        return None

    def _new(self, poly: fmpq_poly) -> Any:
        return self.field._element(poly)

    # -- arithmetic -----------------------------------------------------------------------
    def __add__(self, other):
        o = self._coerce(other)
        return NotImplemented if o is None else self._new(self.poly + o)

    __radd__ = __add__

    def __sub__(self, other):
        o = self._coerce(other)
        return NotImplemented if o is None else self._new(self.poly - o)

    def __rsub__(self, other):
        o = self._coerce(other)
        return NotImplemented if o is None else self._new(o - self.poly)

    def __mul__(self, other):
        o = self._coerce(other)
        return NotImplemented if o is None else self._new((self.poly * o) % self.field._modulus)

    __rmul__ = __mul__

    def __neg__(self):
        return FieldElement(self.field, -self.poly)

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self.sign() < 0 else self

    def inverse(self) -> FieldElement:
        """1/self, by the extended Euclid algorithm modulo the minimal polynomial.

        Returns
        -------
        FieldElement
            s with self·s = 1.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2)).gen
        >>> (a + 1).inverse() * (a + 1)
        Fraction(1, 1)
        """
        g, s, _ = self.poly.xgcd(self.field._modulus)     # g = s·r + t·m, a nonzero constant
        if g.degree() != 0:
            raise ArithmeticError("not invertible: the minimal polynomial is not irreducible")  # pragma: no cover
        return FieldElement(self.field, s / g.coeffs()[0])

    def __truediv__(self, other):
        if isinstance(other, FieldElement):
            self._coerce(other)
            return self * other.inverse()
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        if o.is_zero():
            raise ZeroDivisionError("division of a field element by zero")
        return self._new(self.poly / o.coeffs()[0])

    def __rtruediv__(self, other):
        if not isinstance(other, _Rational):
            return NotImplemented
        return self.inverse() * Fraction(other)

    def __pow__(self, k: int):
        if not isinstance(k, int):
            return NotImplemented
        base: Any = self if k >= 0 else self.inverse()
        out: Any = Fraction(1)
        for _ in range(abs(k)):
            out = out * base
        return out

    # -- order ----------------------------------------------------------------------------
    def sign(self) -> int:
        """Exact sign, −1 or 1 (an element is never 0: zero is the Fraction 0).

        Returns
        -------
        int
            −1 or 1.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2)).gen
        >>> (a - Fraction(126, 100)).sign(), (a - Fraction(125, 100)).sign()
        (-1, 1)
        """
        if self.poly.degree() <= 0:
            c = self.poly.coeffs()[0] if self.poly.degree() == 0 else 0
            return (c > 0) - (c < 0)
        lo, _ = self.field.enclose(self.poly)
        return 1 if lo > 0 else -1

    def _cmp(self, other) -> int | None:
        o = self._coerce(other)
        if o is None:
            return None
        d = self.poly - o
        if d.is_zero():
            return 0
        return FieldElement(self.field, d).sign()

    def __eq__(self, other):
        if isinstance(other, FieldElement) and other.field != self.field:
            from gamekit.exact.algebraic import compare_numbers

            return compare_numbers(self, other) == 0
        c = self._cmp(other)
        return NotImplemented if c is None else c == 0

    def __lt__(self, other):
        c = self._cmp(other)
        return NotImplemented if c is None else c < 0

    def __le__(self, other):
        c = self._cmp(other)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other):
        c = self._cmp(other)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other):
        c = self._cmp(other)
        return NotImplemented if c is None else c >= 0

    def __hash__(self) -> int:
        return hash((self.field, tuple(str(c) for c in self.poly.coeffs())))

    # -- approximations -------------------------------------------------------------------
    def bounds(self, width: Fraction) -> tuple[Fraction, Fraction]:
        """Rationals lo ≤ self ≤ hi with hi − lo ≤ width.

        Parameters
        ----------
        width : Fraction
            The largest width (> 0).

        Returns
        -------
        tuple of Fraction
            (lo, hi).

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2)).gen
        >>> lo, hi = a.bounds(Fraction(1, 1000)); lo ** 3 < 2 < hi ** 3
        True
        """
        return self.field.enclose(self.poly, Fraction(width))

    def __float__(self) -> float:
        lo, hi = self.field.enclose(self.poly)
        lo, hi = self.bounds(min(abs(lo), abs(hi)) / (1 << 60))
        return float((lo + hi) / 2)

    def coefficients(self) -> list[Fraction]:
        """c₀, c₁, … with self = Σ c_i α^i (length = the field's degree).

        Returns
        -------
        list of Fraction
            The coefficients.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([-2, 0, 0, 1]), Fraction(1), Fraction(2)).gen
        >>> (a * a + 3).coefficients()
        [Fraction(3, 1), Fraction(0, 1), Fraction(1, 1)]
        """
        cs = [_frac(c) for c in self.poly.coeffs()]
        return cs + [Fraction(0)] * (self.field.degree - len(cs))

    # -- the canonical form -----------------------------------------------------------------
    def minimal_polynomial(self) -> fmpz_poly:
        """The minimal polynomial over ℚ (primitive, positive leading coefficient): the
        irreducible factor of the characteristic polynomial of multiplication by self.

        Returns
        -------
        flint.fmpz_poly
            The polynomial.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(3), Fraction(4)).gen
        >>> [int(c) for c in ((a ** 3 - 9 * a) / 2).minimal_polynomial().coeffs()]   # √2
        [-2, 0, 1]
        """
        n = self.field.degree
        cols = []
        for j in range(n):
            prod = (self.poly * fmpq_poly([0] * j + [1])) % self.field._modulus
            cs = list(prod.coeffs())
            cols.append(cs + [fmpq(0)] * (n - len(cs)))
        M = fmpq_mat(n, n, [cols[j][i] for i in range(n) for j in range(n)])
        cp = M.charpoly()
        _, factors = cp.factor()
        (f, _mult), = factors
        num = f.numer()
        return num if int(num.coeffs()[-1]) > 0 else -num

    def to_algebraic(self) -> Any:
        """The same number as a Fraction, QuadraticSurd or RealAlgebraic (a root of its own
        minimal polynomial, :mod:`gamekit.exact.algebraic`); cached.

        Returns
        -------
        QuadraticSurd or RealAlgebraic
            The canonical form (an element is never rational).

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(3), Fraction(4)).gen
        >>> ((a * a - 5) / 2).to_algebraic()          # √6
        QuadraticSurd(sqrt(6))
        """
        if self._canon is not None:
            return self._canon
        from gamekit.exact.algebraic import _upper

        roots = real_roots(self.minimal_polynomial())
        width = Fraction(1, 1 << 20)
        while len(roots) > 1:
            lo, hi = self.bounds(width)
            roots = [r for r in roots if not (lambda b: b[1] < lo or b[0] > hi)(_upper(r, width))]
            width /= 1 << 8
        if not roots:
            raise ArithmeticError("no root of the minimal polynomial matches the element")  # pragma: no cover
        self._canon = roots[0]
        return self._canon

    # -- square roots ---------------------------------------------------------------------
    def sqrt(self) -> Any:
        """√self when it lies in the field (self > 0), else None (Trager factorization of
        x² − self over the field, module docstring).

        Returns
        -------
        FieldElement, Fraction or None
            The non-negative square root, or None.

        Raises
        ------
        ValueError
            self < 0.

        Examples
        --------
        >>> from gamekit.exact import int_poly
        >>> a = NumberField(int_poly([1, 0, -10, 0, 1]), Fraction(3), Fraction(4)).gen   # √2 + √3
        >>> (a * a).sqrt() == a, (2 * a * a).sqrt() is None, (a - 3).sqrt() is None
        (True, False, True)
        """
        if self.sign() < 0:
            raise ValueError("square root of a negative number")
        K = self.field
        n = K.degree
        if _rational_sqrt(self._norm()) is None:    # N(r²) = N(r)²: a quick necessary test
            return None
        ctx = fmpq_mpoly_ctx.get(("x", "y"), "lex")
        x, y = ctx.gens()
        m: Any = ctx.constant(0)
        for i, ci in enumerate(K.poly.coeffs()):
            m += int(ci) * y ** i
        e: Any = ctx.constant(0)
        for i, cq in enumerate(self.poly.coeffs()):
            e += cq * y ** i
        alpha = K.gen
        for k in range(0, 4 * n * n + 4):
            N = m.resultant((x - k * y) ** 2 - e, "y")
            Nx = fmpq_poly([0] * (N.degrees()[0] + 1))
            for mon, cn in zip(N.monoms(), N.coeffs()):
                Nx += fmpq_poly([0] * mon[0] + [cn])
            if Nx.gcd(Nx.derivative()).degree() > 0:
                continue                                   # not squarefree: shift again
            ka = k * alpha
            for f, _ in Nx.factor()[1]:
                # f(x) mod g(x) = (x − kα)² − e, i.e. x² ≡ 2kα·x + e − k²α²
                A: Any = Fraction(0)
                B: Any = Fraction(0)
                pa: Any = Fraction(1)
                pb: Any = Fraction(0)
                for cx in f.coeffs():
                    cf = _frac(cx)
                    if cf:
                        A, B = A + cf * pa, B + cf * pb
                    pa, pb = pb * (self - ka * ka), pa + 2 * ka * pb
                if B == 0:
                    continue
                x0 = -A / B
                r = x0 - ka
                if r * r == self:
                    return abs(r)
            return None
        raise ArithmeticError("no squarefree shift of the norm was found")  # pragma: no cover

    def _norm(self) -> Fraction:
        """N(self) = the determinant of multiplication by self."""
        n = self.field.degree
        rows = [[fmpq(0)] * n for _ in range(n)]
        for j in range(n):
            prod = (self.poly * fmpq_poly([0] * j + [1])) % self.field._modulus
            for i, c in enumerate(prod.coeffs()):
                rows[i][j] = c
        return _frac(fmpq_mat(n, n, [c for row in rows for c in row]).det())

    # -- text -----------------------------------------------------------------------------
    def __str__(self) -> str:
        """Sympy-parsable: a polynomial in the field's generator, written as a CRootOf."""
        a = str(self.field.root)
        terms = []
        for i, c in enumerate(self.poly.coeffs()):
            f = _frac(c)
            if f:
                cs = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
                terms.append(f"({cs})" + (f"*{a}**{i}" if i else ""))
        return " + ".join(terms) or "0"

    def __repr__(self) -> str:
        cs = ", ".join(str(c) for c in self.coefficients())
        return f"FieldElement([{cs}] in {self.field!r})"

    def to_sympy(self):
        """The same number as an exact sympy expression."""
        import sympy

        return sympy.sympify(str(self))
