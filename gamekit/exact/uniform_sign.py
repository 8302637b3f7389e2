"""Signs of polynomials in an integer parameter n, proved for *every* integer n ≥ n₀.

A family of games indexed by an integer n (e.g. a number of decks) whose payoffs are
polynomials in n has best-response and equilibrium conditions that are signs of polynomials
P(n), or of polynomials P(n, α) in n and a second, real parameter α ∈ [a, b]. A check at
sample n proves nothing about the others; this module proves such signs for all integers
n ≥ n₀ by exact algebra, and says exactly what it showed.

Univariate (:func:`integer_sign`). Let P ≠ 0 have integer (or rational) coefficients and
largest real root r (isolated exactly with :func:`gamekit.exact.algebraic.real_roots`).
For real x > r, P(x) has the sign of its leading coefficient (no root beyond r, P(x) → ±∞).
So for all integers n ≥ N := max(n₀, ⌊r⌋ + 1) the sign is that of the leading coefficient,
and the finitely many integers n₀ ≤ n < N are evaluated exactly.

Bivariate (:func:`box_sign`). Write P(n, α) = Σ_k c_k(n) α^k and substitute α = a + (b − a)t.
On t ∈ [0, 1], P = Σ_i B_i(n) · C(m, i) tⁱ (1 − t)^{m−i} (the Bernstein form of degree m in t):
the Bernstein coefficients B_i(n) are polynomials in n, and the basis functions are ≥ 0 and
sum to 1. If s·B_i(n) > 0 for every i then s·P(n, α) > 0 on all of [a, b] (Bernstein's
convex-hull property). Each B_i is univariate, so the previous paragraph gives an N_i beyond
which s·B_i(n) > 0; for n ≥ U = max_i N_i the sign is proved uniformly. When some B_i has the
wrong sign for large n, [a, b] is halved (the coefficients on the halves are again
polynomials in n) up to a depth limit. The finitely many integers n₀ ≤ n < U are then
decided one by one: P(n, ·) is a univariate polynomial in α with rational coefficients, whose
roots in [a, b] are isolated exactly; no root and the right sign at one point prove the sign
on [a, b] for that n. When P is affine in α the Bernstein coefficients are P(n, a) and
P(n, b): the two-ends check.

Rational functions are handled by the caller as sign(numerator)·sign(denominator).

Certificates (:class:`IntegerSignCertificate`, :class:`BoxSignCertificate`) record the
polynomials, the root bounds, the uniform bound and the integers decided one by one, and
``describe()`` prints the statement that was proved ("s·P(n) > 0 for every integer n ≥ n₀").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, floor

from flint import fmpq, fmpq_poly, fmpz_poly

from gamekit.core.errors import GameError
from gamekit.exact.algebraic import RealAlgebraic, compare_numbers, number_decimal, real_roots

__all__ = [
    "IntegerSignCertificate",
    "BoxSignCertificate",
    "to_poly",
    "integer_sign",
    "eventual_sign",
    "box_sign",
    "bernstein_in_n",
    "MAX_SINGLE_CHECKS",
]

#: At most this many integers are decided one by one below a uniform bound.
MAX_SINGLE_CHECKS = 5000


def to_poly(coeffs) -> fmpq_poly:
    """A rational polynomial from coefficients c₀, c₁, … (ints, Fractions, strings).

    Parameters
    ----------
    coeffs : sequence of numbers
        The coefficients, lowest degree first.

    Returns
    -------
    flint.fmpq_poly
        The polynomial.

    Examples
    --------
    >>> [str(c) for c in to_poly([1, Fraction(1, 2), "3"]).coeffs()]
    ['1', '1/2', '3']
    """
    if isinstance(coeffs, fmpq_poly):
        return coeffs
    if isinstance(coeffs, fmpz_poly):
        return fmpq_poly(coeffs)
    cs = []
    for c in coeffs:
        f = Fraction(c) if not isinstance(c, Fraction) else c
        cs.append(fmpq(f.numerator, f.denominator))
    return fmpq_poly(cs)


def _sgn(x) -> int:
    return (x > 0) - (x < 0)


def _poly_str(p: fmpq_poly, var: str) -> str:
    return str(p).replace("x", var) if p.degree() >= 0 else "0"


def _floor_number(r) -> int:
    """⌊r⌋ for an exact real (Fraction, QuadraticSurd or RealAlgebraic)."""
    if isinstance(r, RealAlgebraic):  # irrational: refine until (lo, hi) holds no integer
        while not (floor(r.lo) == floor(r.hi) or (r.hi == floor(r.hi) and r.hi - r.lo <= 1)):
            r.refine()
        return floor(r.lo)
    k = floor(float(r))
    while compare_numbers(r, Fraction(k)) < 0:
        k -= 1
    while compare_numbers(r, Fraction(k + 1)) >= 0:
        k += 1
    return k


@dataclass(frozen=True)
class IntegerSignCertificate:
    """What :func:`integer_sign` showed about P(n) for the integers n ≥ ``n0``.

    ``holds`` is True when ``sign``·P(n) > 0 for every integer n ≥ n0 was proved: for n ≥
    ``uniform_from`` because P has no real root there (``largest_root``) and its leading
    coefficient has that sign; each integer in ``checked`` by exact evaluation. When it does
    not hold, ``counterexample`` is an integer n ≥ n0 with sign·P(n) ≤ 0 (or None when the
    leading coefficient has the wrong sign: then it fails for all large n).

    Examples
    --------
    >>> c = integer_sign([-10, 1], 1)  # n − 10 > 0 fails at n = 1, holds from n = 11
    >>> c.holds, c.uniform_from, c.counterexample, c.largest_root
    (False, 11, 1, '10')
    """

    poly: str
    n0: int
    sign: int
    holds: bool
    uniform_from: int
    checked: tuple[int, int] | None  # the closed range of integers evaluated one by one
    largest_root: str | None
    counterexample: int | None = None

    def describe(self, var: str = "n") -> str:
        """One line: what was proved (and how), or why not."""
        rel = ">" if self.sign > 0 else "<"
        if not self.holds:
            at = f" (fails at {var} = {self.counterexample})" if self.counterexample is not None else \
                " (wrong sign for all large " + var + ")"
            return f"NOT proved: P({var}) {rel} 0 for all {var} >= {self.n0}{at}"
        how = f"no real root >= {self.uniform_from}" if self.largest_root is None else \
            f"largest real root {self.largest_root} < {self.uniform_from}"
        if self.checked:
            how += f"; {var} = {self.checked[0]}..{self.checked[1]} evaluated exactly"
        return f"proved: P({var}) {rel} 0 for every integer {var} >= {self.n0} ({how})"


def _no_root_beyond(p: fmpq_poly, n0: int) -> bool:
    """Descartes' rule of signs on q(x) = p(x + n0 − 1) / x^k (k = the order of q at 0): no sign
    variation ⇒ no real root > n0 − 1 (a cheap exact test that saves the root isolation)."""
    q = p.numer()
    if n0 != 1:
        q = q(fmpz_poly([n0 - 1, 1]))
    signs = [_sgn(c) for c in q.coeffs() if c != 0]
    return all(s == signs[0] for s in signs)


def _largest_root(p: fmpq_poly, n0: int = 1):
    if _no_root_beyond(p, n0):
        return None
    rs = real_roots(p.numer())
    return rs[-1] if rs else None


def eventual_sign(coeffs, n0: int = 1) -> tuple[int, int]:
    """(s, N): s = the sign of P(n) for all large n (0 for the zero polynomial) and N ≥ n0 the
    least integer with sign P(n) = s for every integer n ≥ N (exact: roots isolated, the
    integers below the largest root evaluated).

    Parameters
    ----------
    coeffs : sequence of numbers
        P's coefficients in n, lowest degree first.
    n0 : int
        Smallest n.

    Returns
    -------
    tuple of int
        (s, N).

    Examples
    --------
    >>> eventual_sign([-10, 1]), eventual_sign([0])
    ((1, 11), (0, 1))
    """
    p = to_poly(coeffs)
    if p.degree() < 0:
        return 0, n0
    s = _sgn(p.coeffs()[-1])
    r = _largest_root(p, n0) if p.degree() > 0 else None
    N = n0 if r is None else max(n0, _floor_number(r) + 1)
    while N > n0 and _sgn(p(fmpq(N - 1))) == s:
        N -= 1
    return s, N


def integer_sign(coeffs, n0: int = 1, sign: int | None = None) -> IntegerSignCertificate:
    """Prove that P(n) has the strict sign ``sign`` (default: the sign of its leading
    coefficient) for every integer n ≥ n0, or say where it fails.

    Parameters
    ----------
    coeffs : sequence of numbers
        P's coefficients in n, lowest degree first.
    n0 : int
        Smallest n.
    sign : {1, -1}, optional
        The sign to prove.

    Returns
    -------
    IntegerSignCertificate
        ``holds`` and the evidence (the largest real root, the integers checked, a counterexample).

    Examples
    --------
    >>> integer_sign([1, 1], 1).holds, integer_sign([-10, 1], 1).holds, integer_sign([-10, 1], 11).holds
    (True, False, True)
    """
    p = to_poly(coeffs)
    text = _poly_str(p, "n")
    if p.degree() < 0:
        return IntegerSignCertificate(text, n0, sign or 1, False, n0, None, None, n0)
    lead = _sgn(p.coeffs()[-1])
    s = lead if sign is None else sign
    r = _largest_root(p, n0) if p.degree() > 0 else None
    uniform = n0 if r is None else max(n0, _floor_number(r) + 1)
    root = None if r is None else number_decimal(r, 8)
    if lead != s:
        return IntegerSignCertificate(text, n0, s, False, uniform, None, root, None)
    for n in range(n0, uniform):
        if _sgn(p(fmpq(n))) != s:
            return IntegerSignCertificate(text, n0, s, False, uniform, None, root, n)
    checked = (n0, uniform - 1) if uniform > n0 else None
    return IntegerSignCertificate(text, n0, s, True, uniform, checked, root)


# -- bivariate -------------------------------------------------------------------------------
def _frac(x) -> fmpq:
    f = Fraction(x)
    return fmpq(f.numerator, f.denominator)


def bernstein_in_n(coeffs_in_alpha, a, b) -> list[fmpq_poly]:
    """Bernstein coefficients B_0(n) … B_m(n) on α ∈ [a, b] of P(n, α) = Σ_k c_k(n) α^k, where
    ``coeffs_in_alpha[k]`` is c_k (a polynomial in n). B_0 = P(n, a), B_m = P(n, b).

    Parameters
    ----------
    coeffs_in_alpha : sequence
        c_0, c_1, …: each a coefficient list in n (or a python-flint polynomial).
    a, b : number
        The α-interval.

    Returns
    -------
    list of flint.fmpq_poly
        B_0 … B_m, polynomials in n.

    Examples
    --------
    >>> [[int(c) for c in B.coeffs()] for B in bernstein_in_n([[0, 1], [1]], 0, 1)]  # n + α
    [[0, 1], [1, 1]]
    """
    cs = [to_poly(c) for c in coeffs_in_alpha]
    m = len(cs) - 1
    fa, w = _frac(a), _frac(b) - _frac(a)
    shifted = []  # coefficients in t of P(n, a + w t)
    for j in range(m + 1):
        acc = fmpq_poly([0])
        for k in range(j, m + 1):
            acc += cs[k] * (comb(k, j) * fa ** (k - j) * w ** j)
        shifted.append(acc)
    out = []
    for i in range(m + 1):
        acc = fmpq_poly([0])
        for j in range(i + 1):
            acc += shifted[j] * fmpq(comb(i, j), comb(m, j))
        out.append(acc)
    return out


@dataclass(frozen=True)
class BoxSignCertificate:
    """What :func:`box_sign` showed about P(n, α) for integers n ≥ ``n0`` and α ∈ [a, b].

    ``holds``: ``sign``·P(n, α) > 0 was proved for every integer n ≥ n0 and every real
    α ∈ [a, b] — for n ≥ ``uniform_from`` by the Bernstein coefficients in n on ``pieces``
    subintervals of [a, b], and for each integer in ``checked`` by exact root isolation in α.
    Otherwise ``reason`` says why not (a counterexample (n, α) or an undecided case).

    Examples
    --------
    >>> c = box_sign([[1], [-1]], 1, 0, Fraction(1, 2))  # 1 − α > 0 on [0, 1/2]
    >>> c.holds, c.sign, c.pieces
    (True, 1, 1)
    """

    n0: int
    a: Fraction
    b: Fraction
    sign: int
    holds: bool
    uniform_from: int = 0
    pieces: int = 0
    checked: tuple[int, int] | None = None
    degrees: tuple[int, int] = (0, 0)
    reason: str = ""
    bernstein: tuple[str, ...] = field(default=(), repr=False)

    def describe(self, var: str = "d", par: str = "alpha") -> str:
        """One line: what was proved (and how), or why not."""
        rel = ">" if self.sign > 0 else "<"
        box = f"every integer {var} >= {self.n0} and every {par} in [{self.a}, {self.b}]"
        if not self.holds:
            return f"NOT proved: P({var}, {par}) {rel} 0 for {box}: {self.reason}"
        how = f"Bernstein coefficients in {var} on {self.pieces} piece(s) for {var} >= {self.uniform_from}"
        if self.checked:
            how += f"; {var} = {self.checked[0]}..{self.checked[1]} by exact roots in {par}"
        return f"proved: P({var}, {par}) {rel} 0 for {box} ({how})"


def _uniform_bound(bern: list[fmpq_poly], s: int, n0: int) -> int | None:
    """Least N ≥ n0 with s·B_i(n) > 0 for all i and integers n ≥ N, or None if some B_i does
    not end up with sign s."""
    N = n0
    for B in bern:
        es, Ni = eventual_sign(B, n0)
        if es != s:
            return None
        N = max(N, Ni)
    return N


def _pieces_bound(cs, a: Fraction, b: Fraction, s: int, n0: int, depth: int) -> tuple[int, int] | None:
    """(uniform bound, number of pieces) over [a, b], halving where needed."""
    N = _uniform_bound(bernstein_in_n(cs, a, b), s, n0)
    if N is not None:
        return N, 1
    if depth == 0:
        return None
    mid = (a + b) / 2
    left = _pieces_bound(cs, a, mid, s, n0, depth - 1)
    right = _pieces_bound(cs, mid, b, s, n0, depth - 1) if left is not None else None
    if left is None or right is None:  # right is None whenever left is
        return None
    return max(left[0], right[0]), left[1] + right[1]


def _at_n(cs: list[fmpq_poly], n: int) -> fmpq_poly:
    x = fmpq(n)
    return fmpq_poly([c(x) for c in cs])


def _single_n(cs: list[fmpq_poly], n: int, a: Fraction, b: Fraction, s: int) -> str | None:
    """None if s·P(n, α) > 0 on [a, b] (exact), else the reason it fails."""
    q = _at_n(cs, n)
    if q.degree() < 0:
        return f"P({n}, alpha) is identically 0"
    for x in (a, b):
        if _sgn(q(_frac(x))) != s:
            return f"wrong sign at ({n}, {x})"
    if q.degree() > 0 and real_roots(q.numer(), a, b):
        return f"P({n}, alpha) has a root in ({a}, {b})"
    return None


def box_sign(coeffs_in_alpha, n0: int, a, b, sign: int | None = None, depth: int = 6) -> BoxSignCertificate:
    """Prove that P(n, α) = Σ_k c_k(n) α^k has the strict sign ``sign`` for every integer
    n ≥ n0 and every α ∈ [a, b] (default sign: that of P(n0, a)); see the module doc.

    Parameters
    ----------
    coeffs_in_alpha : sequence
        c_0, c_1, …: each a coefficient list in n (or a python-flint polynomial).
    n0 : int
        Smallest n.
    a, b : number
        The α-interval.
    sign : {1, -1}, optional
        The sign to prove.
    depth : int
        How many times [a, b] may be halved.

    Returns
    -------
    BoxSignCertificate
        ``holds`` and the evidence.

    Examples
    --------
    >>> box_sign([[1], [-1]], 1, 0, Fraction(1, 2)).holds  # 1 − α > 0 on [0, 1/2]
    True
    >>> box_sign([[0, 1], [-3]], 1, 0, 1).holds  # n − 3α fails at n = 1, α = 1
    False
    """
    cs = [to_poly(c) for c in coeffs_in_alpha]
    while len(cs) > 1 and cs[-1].degree() < 0:
        cs.pop()
    a, b = Fraction(a), Fraction(b)
    if a > b:
        raise GameError(f"empty interval [{a}, {b}]")
    degs = (max(c.degree() for c in cs), len(cs) - 1)
    s = sign if sign is not None else _sgn(_at_n(cs, n0)(_frac(a)))
    base = dict(n0=n0, a=a, b=b, sign=s or 1, degrees=degs)
    if s == 0:
        return BoxSignCertificate(**base, holds=False, reason=f"P({n0}, {a}) = 0")
    found = _pieces_bound(cs, a, b, s, n0, depth)
    if found is None:
        return BoxSignCertificate(**base, holds=False,
                                  reason="the sign is not eventually constant in n on the interval "
                                         f"(Bernstein coefficients, {depth} halvings)")
    U, pieces = found
    if U - n0 > MAX_SINGLE_CHECKS:
        return BoxSignCertificate(**base, holds=False, uniform_from=U, pieces=pieces,
                                  reason=f"uniform only from n = {U}; too many integers below")
    for n in range(n0, U):
        why = _single_n(cs, n, a, b, s)
        if why is not None:
            return BoxSignCertificate(**base, holds=False, uniform_from=U, pieces=pieces, reason=why)
    checked = (n0, U - 1) if U > n0 else None
    bern = tuple(_poly_str(B, "d") for B in bernstein_in_n(cs, a, b))
    return BoxSignCertificate(**base, holds=True, uniform_from=U, pieces=pieces, checked=checked,
                              bernstein=bern)
