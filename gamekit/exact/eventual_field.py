"""Signs in the ordered ring ℤ[n, α] "at n → +∞, for every α of an interval", with a record.

An algorithm that only adds, subtracts, multiplies, divides exactly and compares with 0 can be
run once on polynomials in an integer parameter n (and a real parameter α) instead of on
numbers: every comparison asks for the sign of a polynomial P(n, α). :class:`EventualSigns`
answers with the sign P has for **every** large integer n and every α ∈ [a, b] — or says that
there is no such constant sign — and records every polynomial it was asked about. Afterwards
:meth:`EventualSigns.threshold` returns an exact n₀ such that each recorded answer holds for
every integer n ≥ n₀ and every α ∈ [a, b]. For each such (n, α) the evaluation map
ℤ[n, α] → ℝ is a ring homomorphism that preserves every sign the run used, so the run at
(n, α) with exact numbers would take exactly the same branches and return the evaluation of
the symbolic result: one symbolic run proves the outcome for all n ≥ n₀ at once.

How a sign is decided. Write P = Σ_k c_k(n) α^k. With a = b (a fixed α) P(n, a) is a
polynomial in n: its sign for large n is that of its leading coefficient, and the least n₀ from
which it holds is found by exact root isolation (:func:`gamekit.exact.uniform_sign.eventual_sign`).
With a < b the Bernstein coefficients B_i(n) of P on [a, b] are polynomials in n
(:func:`gamekit.exact.uniform_sign.bernstein_in_n`); if all have the same eventual sign s, then
s·P(n, α) > 0 for all α ∈ [a, b] once every B_i has reached that sign (the convex hull
property); otherwise [a, b] is halved, up to ``depth`` times, and the sign must be the same on
every piece. The zero polynomial has sign 0 everywhere. Anything else is *undecided* (None):
P(n, ·) then has a root in [a, b] for arbitrarily large n, or vanishes at an end point.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flint import fmpq, fmpq_poly, fmpz_mpoly, fmpz_mpoly_ctx

from gamekit.exact.uniform_sign import bernstein_in_n, eventual_sign

__all__ = ["ring", "EventualSigns", "coefficients_in_alpha"]


def ring() -> Any:
    """The ring ℤ[n, α] (python-flint ``fmpz_mpoly``, generators ``n``, ``a``).

    Returns
    -------
    flint.fmpz_mpoly_ctx
        The context; ``ring().gens()`` are n and α.

    Examples
    --------
    >>> n, a = ring().gens()
    >>> str((n + a) ** 2)
    'n^2 + 2*n*a + a^2'
    """
    return fmpz_mpoly_ctx.get(("n", "a"), "lex")


def coefficients_in_alpha(p: fmpz_mpoly) -> list[fmpq_poly]:
    """P = Σ_k c_k(n) α^k as the list c_0, c_1, … of polynomials in n.

    Parameters
    ----------
    p : flint.fmpz_mpoly
        An element of :func:`ring`.

    Returns
    -------
    list of flint.fmpq_poly
        The coefficients (``[0]`` for the zero polynomial).

    Examples
    --------
    >>> n, a = ring().gens()
    >>> [str(c) for c in coefficients_in_alpha(3 * n * a + n ** 2)]
    ['x^2', '3*x']
    """
    terms = p.to_dict()
    if not terms:
        return [fmpq_poly([0])]
    dn = max(e[0] for e in terms)
    da = max(e[1] for e in terms)
    rows = [[0] * (dn + 1) for _ in range(da + 1)]
    for (i, k), c in terms.items():
        rows[k][i] = int(c)
    return [fmpq_poly(r) for r in rows]


def _sgn(x: Any) -> int:
    return (x > 0) - (x < 0)


class EventualSigns:
    """Sign oracle on {every large integer n} × [a, b] with a record of what it used.

    Parameters
    ----------
    a, b : Fraction
        The α-interval (a = b: one fixed α).
    n0 : int, optional
        If given, a sign is accepted only when it is proved for every integer n ≥ n0 (exact
        threshold equal to n0); otherwise the answer is None. Without it, any threshold is
        accepted and :meth:`threshold` reports the largest.
    depth : int
        How many times [a, b] may be halved to decide one sign.

    Examples
    --------
    >>> n, a = ring().gens()
    >>> s = EventualSigns(Fraction(0), Fraction(1, 10))
    >>> s.sign(n - 7), s.sign(n * a - 1), s.sign(a - 1)
    (1, None, -1)
    >>> s.sign(n * a + 1), s.sign(n * (20 * a - 1))   # the second changes sign at α = 1/20
    (1, None)
    >>> s.threshold(1)                    # n − 7 > 0 from n = 8 on
    8
    """

    def __init__(self, a: Fraction, b: Fraction, n0: int | None = None, depth: int = 4) -> None:
        self.a, self.b, self.depth, self.n0 = Fraction(a), Fraction(b), depth, n0
        self._cache: dict[tuple[str, Fraction, Fraction], int | None] = {}
        #: univariate polynomials in n and the sign each must have for all large n
        self.used: dict[str, tuple[fmpq_poly, int]] = {}
        self.undecided = 0

    def _note(self, p: fmpq_poly, s: int) -> None:
        self.used.setdefault(str(p), (p, s))

    def _univariate(self, p: fmpq_poly) -> int | None:
        if p.degree() < 0:
            return 0
        s = _sgn(p.coeffs()[-1])
        if p.degree() > 0:
            if self.n0 is not None and eventual_sign(p, self.n0)[1] != self.n0:
                return None
            self._note(p, s)
        return s

    def _on(self, cs: list[fmpq_poly], a: Fraction, b: Fraction, depth: int) -> int | None:
        bern = bernstein_in_n(cs, a, b)
        signs = {(_sgn(B.coeffs()[-1]) if B.degree() >= 0 else 0) for B in bern}
        if len(signs) == 1 and 0 not in signs and (self.n0 is None or all(
                B.degree() <= 0 or eventual_sign(B, self.n0)[1] == self.n0 for B in bern)):
            s = signs.pop()
            for B in bern:
                if B.degree() > 0:
                    self._note(B, s)
            return s
        if depth == 0:
            return None
        mid = (a + b) / 2
        left = self._on(cs, a, mid, depth - 1)
        if left is None:
            return None
        right = self._on(cs, mid, b, depth - 1)
        return left if right == left else None

    def sign(self, p: fmpz_mpoly, interval: tuple[Fraction, Fraction] | None = None) -> int | None:
        """The sign of P(n, α) for every large integer n and every α ∈ [a, b], or None.

        Parameters
        ----------
        p : flint.fmpz_mpoly
            An element of :func:`ring`.
        interval : (Fraction, Fraction), optional
            A sub-interval of [a, b] to use instead of [a, b].

        Returns
        -------
        int or None
            −1, 0 or 1, or None when undecided.
        """
        if p.is_zero():
            return 0
        a, b = interval if interval is not None else (self.a, self.b)
        key = (str(p), a, b)
        if key in self._cache:
            return self._cache[key]
        cs = coefficients_in_alpha(p)
        if len(cs) == 1:
            s: int | None = self._univariate(cs[0])
        elif a == b:
            x = fmpq(a.numerator, a.denominator)
            acc = fmpq_poly([0])
            for k, c in enumerate(cs):
                acc += c * x ** k
            s = self._univariate(acc)
        else:
            s = self._on(cs, a, b, self.depth)
        if s is None:
            self.undecided += 1
        self._cache[key] = s
        return s

    def threshold(self, n0: int = 1) -> int:
        """An n₀' ≥ n0 such that every recorded polynomial has its recorded sign for every
        integer n ≥ n₀' (exact: :func:`~gamekit.exact.uniform_sign.eventual_sign`; the least
        such n₀' unless the oracle has a cap, see Returns).

        Parameters
        ----------
        n0 : int
            Smallest n of interest.

        Returns
        -------
        int
            The threshold. With the cap ``n0`` of the constructor (every recorded sign was
            accepted only when proved from it on) and ``n0`` ≤ that cap, the cap itself is
            returned without recomputation: a valid threshold, not necessarily the least.
        """
        if self.n0 is not None and n0 <= self.n0:
            return self.n0
        N = n0
        for p, s in self.used.values():
            es, Ni = eventual_sign(p, n0)
            assert es == s
            N = max(N, Ni)
        return N
