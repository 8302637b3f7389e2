"""Exact univariate polynomials and rational functions over Q, in the parameter α.

On each α-segment of the parametric Foster analysis the equilibrium is given by rational
functions of α: Player's p(α) = p(l)(α) = N_l(α)/D_l(α) is a ratio of affine functions
(Lemma 2's p(l) with α-dependent weights), and an equalizing probability q(α) solves an
equation whose coefficients are affine in α (Lemma 2(c), equation (2)), so it is a ratio of
affine functions too.

:class:`RationalFunction` keeps num/den in lowest terms with a monic denominator, so two
equal functions compare equal and hash alike. ``str`` prints the paper's form, e.g.
``(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))`` (equation (25)) or
``17*(4903 - 621*alpha)/(144*(691 - 377*alpha))`` — sympy parses both
(:meth:`RationalFunction.to_sympy`). Evaluation accepts Fractions and
:class:`~gamekit.exact.surd.QuadraticSurd` values of α.

Polynomials are tuples of Fractions, lowest degree first, without trailing zeros
(the zero polynomial is ``()``).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import gcd

from gamekit.core.errors import GameError
from gamekit.core.numbers import common_denominator, integer_row
from gamekit.exact.surd import Number, QuadraticSurd

__all__ = ["Poly", "poly", "padd", "psub", "pmul", "pdot", "pscale", "pdivmod", "pgcd", "peval", "pstr",
           "RationalFunction"]

Poly = tuple[Fraction, ...]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def poly(*coeffs) -> Poly:
    """Polynomial c₀ + c₁α + … from its coefficients (trailing zeros dropped).

    Parameters
    ----------
    *coeffs : numbers
        c₀, c₁, … (ints, Fractions, strings).

    Returns
    -------
    Poly
        The tuple of Fraction coefficients (``()`` for zero).

    Examples
    --------
    >>> poly(1, "1/2", 0), poly(0)
    ((Fraction(1, 1), Fraction(1, 2)), ())
    """
    cs = [Fraction(c) for c in coeffs]
    while cs and cs[-1] == 0:
        cs.pop()
    return tuple(cs)


def _trim(cs: list[Fraction]) -> Poly:
    while cs and cs[-1] == 0:
        cs.pop()
    return tuple(cs)


def padd(p: Poly, q: Poly) -> Poly:
    """p + q.

    Parameters
    ----------
    p, q : Poly
        The polynomials.

    Returns
    -------
    Poly
        The sum.

    Examples
    --------
    >>> padd(poly(1, 2), poly(0, -2))
    (Fraction(1, 1),)
    """
    n = max(len(p), len(q))
    return _trim([(p[i] if i < len(p) else _ZERO) + (q[i] if i < len(q) else _ZERO) for i in range(n)])


def psub(p: Poly, q: Poly) -> Poly:
    """p − q.

    Parameters
    ----------
    p, q : Poly
        The polynomials.

    Returns
    -------
    Poly
        The difference.

    Examples
    --------
    >>> psub(poly(1, 1), poly(1))
    (Fraction(0, 1), Fraction(1, 1))
    """
    n = max(len(p), len(q))
    return _trim([(p[i] if i < len(p) else _ZERO) - (q[i] if i < len(q) else _ZERO) for i in range(n)])


def _scaled_ints(p: Poly) -> tuple[list[int], int]:
    """(P, L): p = P/L with integers P and L the lcm of p's denominators."""
    L = 1
    for c in p:
        d = c.denominator
        if L % d:
            L = L // gcd(L, d) * d
    return [c.numerator * (L // c.denominator) for c in p], L


def _convolve_into(acc: list[int], P: list[int], Q: list[int]) -> None:
    for i, a in enumerate(P):
        if a:
            for j, b in enumerate(Q):
                acc[i + j] += a * b


def _from_ints(acc: list[int], L: int) -> Poly:
    while acc and acc[-1] == 0:
        acc.pop()
    return tuple(Fraction(c, L) for c in acc)


def pmul(p: Poly, q: Poly) -> Poly:
    """p·q (integer convolution over a common denominator: one normalisation per coefficient).

    Parameters
    ----------
    p, q : Poly
        The polynomials.

    Returns
    -------
    Poly
        The product.

    Examples
    --------
    >>> pmul(poly(1, 1), poly(-1, 1))  # (1 + α)(α − 1) = α² − 1
    (Fraction(-1, 1), Fraction(0, 1), Fraction(1, 1))
    """
    if not p or not q:
        return ()
    P, Lp = _scaled_ints(p)
    Q, Lq = _scaled_ints(q)
    acc = [0] * (len(p) + len(q) - 1)
    _convolve_into(acc, P, Q)
    return _from_ints(acc, Lp * Lq)


def pdot(pairs: Iterable[tuple[Poly, Poly]]) -> Poly:
    """Σ pᵢ·qᵢ over the pairs (pᵢ, qᵢ), exactly, with one normalisation per coefficient.

    Parameters
    ----------
    pairs : iterable of (Poly, Poly)
        The factors of each product.

    Returns
    -------
    Poly
        The sum of the products (``()`` for the zero polynomial).

    Examples
    --------
    >>> pdot([(poly(1, 1), poly(1, -1)), (poly(0, 1), poly(0, 1))])
    (Fraction(1, 1),)
    """
    terms = [(_scaled_ints(p), _scaled_ints(q)) for p, q in pairs if p and q]
    if not terms:
        return ()
    L = 1
    for (_P, Lp), (_Q, Lq) in terms:
        m = Lp * Lq
        L = L // gcd(L, m) * m
    acc = [0] * max(len(P) + len(Q) - 1 for (P, _), (Q, _) in terms)
    for (P, Lp), (Q, Lq) in terms:
        k = L // (Lp * Lq)
        _convolve_into(acc, [a * k for a in P] if k != 1 else P, Q)
    return _from_ints(acc, L)


def pscale(p: Poly, k) -> Poly:
    """k·p.

    Parameters
    ----------
    p : Poly
        The polynomial.
    k : number
        The factor.

    Returns
    -------
    Poly
        The scaled polynomial.

    Examples
    --------
    >>> pscale(poly(1, 2), Fraction(1, 2))
    (Fraction(1, 2), Fraction(1, 1))
    """
    k = Fraction(k)
    return _trim([k * a for a in p]) if k else ()


def pdivmod(p: Poly, q: Poly) -> tuple[Poly, Poly]:
    """Quotient and remainder of p by q ≠ 0.

    Parameters
    ----------
    p, q : Poly
        Dividend and (nonzero) divisor.

    Returns
    -------
    tuple of Poly
        (quotient, remainder), deg remainder < deg q.

    Examples
    --------
    >>> pdivmod(poly(-1, 0, 1), poly(-1, 1))  # α² − 1 = (α + 1)(α − 1)
    ((Fraction(1, 1), Fraction(1, 1)), ())
    """
    if not q:
        raise ZeroDivisionError("polynomial division by zero")
    r = list(p)
    quot = [_ZERO] * max(len(p) - len(q) + 1, 0)
    lead = q[-1]
    while len(r) >= len(q) and r:
        k = r[-1] / lead
        shift = len(r) - len(q)
        quot[shift] = k
        for i, b in enumerate(q):
            r[shift + i] -= k * b
        r.pop()  # leading term is now zero
        while r and r[-1] == 0:
            r.pop()
    return _trim(quot), tuple(r)


def pgcd(p: Poly, q: Poly) -> Poly:
    """Monic greatest common divisor (``(1,)`` for coprime, ``()`` only if both are zero).

    Parameters
    ----------
    p, q : Poly
        The polynomials.

    Returns
    -------
    Poly
        The monic gcd.

    Examples
    --------
    >>> pgcd(poly(-1, 0, 1), poly(2, 2))
    (Fraction(1, 1), Fraction(1, 1))
    """
    while q:
        p, q = q, pdivmod(p, q)[1]
    if not p:
        return ()
    return pscale(p, 1 / p[-1])


def peval(p: Poly, x: Number | int):
    """p(x) by Horner's rule (x a Fraction, int or QuadraticSurd).

    Parameters
    ----------
    p : Poly
        The polynomial.
    x : Fraction, int or QuadraticSurd
        The point.

    Returns
    -------
    Fraction or QuadraticSurd
        The value, exact.

    Examples
    --------
    >>> from gamekit.exact.surd import quadratic_roots
    >>> peval(poly(1, 2), Fraction(1, 2)), peval(poly(-2, 0, 1), quadratic_roots(-2, 0, 1)[1])
    (Fraction(2, 1), Fraction(0, 1))
    """
    n = len(p)
    if n <= 1:
        return p[0] if n else _ZERO
    if n == 2 and isinstance(x, QuadraticSurd):  # c0 + c1·(a + b√c) directly
        c1 = p[1]
        return QuadraticSurd._new(p[0] + c1 * x.a, c1 * x.b, x.c)
    acc: Number = _ZERO
    for c in reversed(p):
        acc = acc * x + c
    return acc


def _primitive(p: Poly) -> tuple[Fraction, tuple[int, ...]]:
    """p = k·P with P a primitive integer polynomial whose lowest nonzero coefficient is > 0."""
    L = common_denominator(p)
    ints = integer_row(p)
    g = 0
    for v in ints:
        g = gcd(g, v)
    P = [v // g for v in ints]
    k = Fraction(g, L)
    first = next(v for v in P if v)
    if first < 0:
        P = [-v for v in P]
        k = -k
    return k, tuple(P)


def pstr(P, var: str = "alpha") -> str:
    """Integer or rational polynomial as ``477191 - 54732*alpha`` (lowest degree first).

    Parameters
    ----------
    P : Poly or sequence of numbers
        The coefficients.
    var : str
        The variable's name.

    Returns
    -------
    str
        The polynomial's text (sympy-parsable).

    Examples
    --------
    >>> pstr(poly(477191, -54732)), pstr(poly(0, "1/2", 1), "x")
    ('477191 - 54732*alpha', '1*x/2 + x**2')
    """
    terms = []
    for i, c in enumerate(P):
        if c == 0:
            continue
        c = Fraction(c)
        mag = abs(c)
        mono = "" if i == 0 else (var if i == 1 else f"{var}**{i}")
        if mono == "":
            t = str(mag.numerator) if mag.denominator == 1 else f"{mag.numerator}/{mag.denominator}"
        elif mag == 1:
            t = mono
        elif mag.denominator == 1:
            t = f"{mag.numerator}*{mono}"
        else:
            t = f"{mag.numerator}*{mono}/{mag.denominator}"
        terms.append(("-" if c < 0 else "+", t))
    if not terms:
        return "0"
    s0, t0 = terms[0]
    out = ("-" if s0 == "-" else "") + t0
    for s, t in terms[1:]:
        out += f" {s} {t}"
    return out


class RationalFunction:
    """num(α)/den(α) over Q in lowest terms, den monic (see module doc).

    Examples
    --------
    >>> f = RationalFunction((1,), (2, 1))
    >>> f, f(Fraction(1)), RationalFunction((2, 2), (4, 4)) == RationalFunction((1,), (2,))
    (RationalFunction(1/(2 + alpha)), Fraction(1, 3), True)
    """

    __slots__ = ("num", "den", "_hash")
    num: tuple[Fraction, ...]
    den: tuple[Fraction, ...]

    def __init__(self, num, den=(_ONE,)) -> None:
        n = poly(*num)
        d = poly(*den)
        if not d:
            raise GameError("rational function with a zero denominator")
        if not n:
            self.num, self.den = (), (_ONE,)
        elif len(n) <= 2 and len(d) <= 2:
            # affine/affine: the only possible common factor is a shared root
            if len(n) == 2 and len(d) == 2 and n[0] * d[1] == n[1] * d[0]:
                n, d = (n[1] / d[1],), (_ONE,)
            lead = d[-1]
            self.num = tuple(c / lead for c in n)
            self.den = tuple(c / lead for c in d)
        else:
            g = pgcd(n, d)
            if len(g) > 1:
                n = pdivmod(n, g)[0]
                d = pdivmod(d, g)[0]
            lead = d[-1]
            self.num = pscale(n, 1 / lead)
            self.den = pscale(d, 1 / lead)
        self._hash = hash((self.num, self.den))

    @classmethod
    def constant(cls, c) -> RationalFunction:
        """The constant function c."""
        return cls(poly(c))

    @classmethod
    def affine_ratio(cls, n0, n1, d0, d1) -> RationalFunction:
        """(n0 + n1·α)/(d0 + d1·α)."""
        return cls(poly(n0, n1), poly(d0, d1))

    # -- queries --------------------------------------------------------------------------
    @property
    def is_constant(self) -> bool:
        """True when the function does not depend on α."""
        return len(self.num) <= 1 and len(self.den) == 1

    @property
    def value(self) -> Fraction:
        """The value of a constant function."""
        if not self.is_constant:
            raise GameError(f"{self} depends on alpha")
        return self.num[0] if self.num else _ZERO

    def defined_at(self, x: Number | int) -> bool:
        """False exactly at the poles."""
        return peval(self.den, x) != 0

    def __call__(self, x: Number | int) -> Number:
        if len(self.den) == 1:  # den is monic: the constant 1
            return peval(self.num, x)
        d = peval(self.den, x)
        if d == 0:
            raise GameError(f"{self} is undefined at alpha = {x}")
        return peval(self.num, x) / d

    # -- comparisons ----------------------------------------------------------------------
    def __eq__(self, other) -> bool:
        if isinstance(other, RationalFunction):
            return self.num == other.num and self.den == other.den
        if isinstance(other, (int, Fraction)):
            return self.is_constant and self.value == other
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    # -- arithmetic (small, for identities in tests and callers) ---------------------------
    def _lift(self, other) -> RationalFunction:
        if isinstance(other, RationalFunction):
            return other
        if isinstance(other, (int, Fraction)):
            return RationalFunction.constant(other)
        raise TypeError(f"cannot combine RationalFunction with {type(other).__name__}")

    def __add__(self, other) -> RationalFunction:
        o = self._lift(other)
        return RationalFunction(padd(pmul(self.num, o.den), pmul(o.num, self.den)), pmul(self.den, o.den))

    __radd__ = __add__

    def __sub__(self, other) -> RationalFunction:
        o = self._lift(other)
        return RationalFunction(psub(pmul(self.num, o.den), pmul(o.num, self.den)), pmul(self.den, o.den))

    def __rsub__(self, other) -> RationalFunction:
        return self._lift(other) - self

    def __mul__(self, other) -> RationalFunction:
        o = self._lift(other)
        return RationalFunction(pmul(self.num, o.num), pmul(self.den, o.den))

    __rmul__ = __mul__

    def __truediv__(self, other) -> RationalFunction:
        o = self._lift(other)
        if not o.num:
            raise ZeroDivisionError("division by the zero function")
        return RationalFunction(pmul(self.num, o.den), pmul(self.den, o.num))

    def __neg__(self) -> RationalFunction:
        return RationalFunction(pscale(self.num, -1), self.den)

    # -- output ---------------------------------------------------------------------------
    def to_str(self, var: str = "alpha") -> str:
        """The paper's form: content pulled out, primitive integer polynomials."""
        if not self.num:
            return "0"
        kn, Pn = _primitive(self.num)
        kd, Pd = _primitive(self.den)
        k = kn / kd
        neg = k < 0
        k = abs(k)
        cn, cd = k.numerator, k.denominator
        # numerator
        if len(Pn) == 1:  # Pn == (1,)
            num_s = str(cn)
        else:
            body = pstr(Pn, var)
            multi = sum(1 for c in Pn if c) > 1
            if cn == 1:
                num_s = f"({body})" if multi else body
            else:
                num_s = f"{cn}*({body})" if multi else f"{cn}*{body}"
        # denominator
        if len(Pd) == 1:
            den_s = "" if cd == 1 else str(cd)
        else:
            body = pstr(Pd, var)
            multi = sum(1 for c in Pd if c) > 1
            if cd == 1:
                den_s = f"({body})" if multi else body
            else:
                den_s = f"({cd}*({body}))" if multi else f"({cd}*{body})"
        s = num_s if not den_s else f"{num_s}/{den_s}"
        return f"-{s}" if neg else s

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"RationalFunction({self})"

    def to_sympy(self, var: str = "alpha"):
        """The same function as a sympy expression in the symbol ``var``."""
        import sympy

        x = sympy.Symbol(var)

        def sp(p: Poly):
            return sum((sympy.Rational(c.numerator, c.denominator) * x**i for i, c in enumerate(p)),
                       sympy.Integer(0))

        return sp(self.num) / sp(self.den)

