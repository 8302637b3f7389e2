"""Vertex systems whose entries are affine in α, solved exactly in one integer elimination.

Helpers of :mod:`gamekit.doubly_additive.parametric` (step 3, one vertex system):

* :func:`cramer_affine` — for M(α) = A + αB (j × j) and r(α) = a + αb with integer entries,
  the polynomials Δ(α) = det M(α) and N_q(α) = det M_q(α) (column q replaced by r), so that
  x*(α) = N(α)/Δ(α) (Cramer's rule), from **one** fraction-free Gauss–Jordan elimination
  (Edmonds 1967, :func:`gamekit.kernel.pivot.fraction_free_pivot`) run on Python integers by
  *Kronecker substitution*: evaluate every entry at X = 2^K. Every entry of the elimination
  tableau is a minor of [M | r] (Edmonds), i.e. an integer polynomial of degree ≤ s in α for
  an s × s minor, whose coefficients are bounded by s!·(2c)^s (c the largest coefficient of
  the entries: s! permutations, each a product of s affine factors whose coefficients sum to
  at most (2c)^s in absolute value). With 2^(K−1) above that bound, the map P ↦ P(2^K) is
  injective on these polynomials and commutes with +, ·, and exact division, so (i) a
  tableau entry is 0 iff its polynomial is 0 (the pivot choice is the one over ℚ(α)), and
  (ii) the final integers decode uniquely (balanced base-2^K digits) into the coefficients
  of Δ and N_q. Nothing is approximated.
* :func:`const_sign` — a cheap *sufficient* test that an integer polynomial has one constant
  nonzero sign on a closed rational interval [lo, hi]: after the exact substitution
  α = lo + (hi − lo)·t (:func:`to_unit`), c₀ > Σ_{c_i<0} |c_i| proves p > 0 on t ∈ [0, 1]
  (:func:`unit_sign`); :func:`halves` bisects exactly (2ⁿp(t/2), 2ⁿp((1+t)/2)). When it
  answers 0 (undecided) the caller falls back to exact root isolation.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

from gamekit.kernel.pivot import fraction_free_pivot

__all__ = ["cramer_affine", "const_sign", "to_unit", "unit_sign", "halves"]


def _decode(v: int, K: int, deg: int) -> list[int]:
    """Balanced base-2^K digits of v (ascending), i.e. the polynomial P with P(2^K) = v."""
    base, half = 1 << K, 1 << (K - 1)
    out = []
    for _ in range(deg + 1):
        r = v & (base - 1)
        if r >= half:
            r -= base
        out.append(r)
        v = (v - r) >> K
    if v:  # pragma: no cover - the bound of the module doc excludes this
        raise ArithmeticError("Kronecker decoding overflow")
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return out


def cramer_affine(rows: list[tuple[list[tuple[int, int]], tuple[int, int]]]
                  ) -> tuple[list[int], list[list[int]]] | None:
    """(Δ, [N_q]) as ascending integer coefficient lists for the system whose i-th row is
    ``([(A_i0, B_i0), …], (a_i, b_i))`` meaning Σ_q (A_iq + αB_iq) x_q = a_i + αb_i; ``None``
    when Δ ≡ 0. x*_q(α) = N_q(α)/Δ(α) with Δ and N_q sharing one sign convention."""
    j = len(rows)
    c = 1
    for coefs, rhs in rows:
        for u, w in coefs:
            c = max(c, abs(u), abs(w))
        c = max(c, abs(rhs[0]), abs(rhs[1]))
    K = (factorial(j) * (2 * c) ** j).bit_length() + 2
    T = [[u + (w << K) for u, w in coefs] + [rhs[0] + (rhs[1] << K)] for coefs, rhs in rows]
    D, used, prow = 1, [False] * j, [0] * j
    for col in range(j):
        r = next((i for i in range(j) if not used[i] and T[i][col] != 0), None)
        if r is None:
            return None
        used[r], prow[col] = True, r
        D = fraction_free_pivot(T, r, col, D)
    return _decode(D, K, j), [_decode(T[prow[q]][j], K, j) for q in range(j)]


_UNIT: dict = {}


def _unit_matrix(lo: Fraction, hi: Fraction, n: int) -> list[list[tuple[int, int]]]:
    """T with to_unit(c)_k = Σ_i c_i T[i][k] (nonzero entries only), cached per (lo, hi, n)."""
    key = (lo.numerator, lo.denominator, hi.numerator, hi.denominator, n)
    T = _UNIT.get(key)
    if T is None:
        a, b = lo.numerator, lo.denominator
        w = hi - lo
        u, v, s = a * w.denominator, b * w.numerator, b * w.denominator
        T = [[(k, s ** (n - i) * comb(i, k) * u ** (i - k) * v ** k) for k in range(i + 1)
              if u or k == i] for i in range(n + 1)]
        if len(_UNIT) > 10000:
            _UNIT.clear()
        _UNIT[key] = T
    return T


def to_unit(cs: list[int], lo: Fraction, hi: Fraction) -> list[int]:
    """Integer coefficients of k·p(lo + (hi − lo)·t) for some k > 0 (same signs as p on
    [lo, hi] for t ∈ [0, 1]). With lo = a/b, hi − lo = P/Q, lo + (hi − lo)t = (u + vt)/s for
    u = aQ, v = bP, s = bQ: the result is Σ_i c_i (u + v·t)^i s^(n−i)."""
    n = len(cs) - 1
    out = [0] * (n + 1)
    for c, row in zip(cs, _unit_matrix(lo, hi, n)):
        if c:
            for k, f in row:
                out[k] += c * f
    return out


def unit_sign(cs: list[int]) -> int:
    """+1 / −1 when Σ c_i tⁱ is provably > 0 / < 0 for every t ∈ [0, 1]: c₀ > Σ_{c_i<0} |c_i|
    (resp. the mirror), since then p(t) ≥ c₀ + Σ_{c_i<0} c_i tⁱ ≥ c₀ + Σ_{c_i<0} c_i > 0;
    else 0 (undecided)."""
    c0 = cs[0]
    if c0 > 0:
        return 1 if c0 + sum(c for c in cs[1:] if c < 0) > 0 else 0
    if c0 < 0:
        return -1 if c0 + sum(c for c in cs[1:] if c > 0) < 0 else 0
    return 0


def halves(cs: list[int]) -> tuple[list[int], list[int]]:
    """The polynomial on the two halves of [0, 1], each rescaled to [0, 1] (positive factors):
    2ⁿ p(t/2) and 2ⁿ p((1 + t)/2) (a Taylor shift by 1 of the first)."""
    n = len(cs) - 1
    left = [c << (n - i) for i, c in enumerate(cs)]
    right = list(left)
    for i in range(n):  # Taylor shift by 1 (Horner, O(n²))
        for k in range(n - 1, i - 1, -1):
            right[k] += right[k + 1]
    return left, right


def const_sign(cs: list[int], lo: Fraction, hi: Fraction) -> int:
    """+1 / −1 when the polynomial with ascending integer coefficients ``cs`` is provably
    > 0 / < 0 on all of [lo, hi] (:func:`unit_sign` after :func:`to_unit`), else 0.
    Never wrong; 0 only means undecided (module doc)."""
    return unit_sign(to_unit(cs, lo, hi))
