"""Exact modular arithmetic in float64 lanes, for primes 2²⁶ < p < 2²⁷ − 16.

A residue modulo p is stored as a float64 holding an *integer* x ≡ N (mod p) in the
*balanced* range |x| ≤ ρ_p := (p + 7)/2 (not necessarily canonical). Every operation of the
kernels is one of

* a product ``x·y`` or a difference of two products ``x·y − x′·y′`` of balanced residues,
  an integer of magnitude ≤ 2ρ_p² < 2⁵³ − 2²⁷ (since ρ_p < 2²⁶ − 4), hence computed
  **exactly** in float64 (every integer of magnitude ≤ 2⁵³ is a double, and IEEE operations
  round correctly, so an exact result is returned exactly);
* the reduction :func:`reduce` of such an integer h: ``r = h − p·rint(fl(h·fl(1/p)))``.

**Lemma (reduction).** Let 2²⁶ < p < 2²⁷ − 16 and h an integer with |h| ≤ 2⁵³ − 2²⁷. Then
the computed r is exact, r ≡ h (mod p) and |r| ≤ ρ_p.

*Proof.* With u = 2⁻⁵³, fl(1/p) = (1/p)(1 + δ₁) and fl(h·fl(1/p)) = (h/p)(1 + δ₁)(1 + δ₂),
|δᵢ| ≤ u, so the computed quotient t′ is within |h/p|·2.0001u < 2²⁷·2.0001·2⁻⁵³ < 2⁻²⁵·1.0001
of t = h/p (|h/p| < 2⁵³/2²⁶). q = rint(t′) is an integer with |t′ − q| ≤ 1/2, so
|t − q| < 1/2 + 2⁻²⁵·1.0001 and |h − q·p| < p/2 + 4.0004; being an integer, ``h − q·p`` has
magnitude ≤ (p − 1)/2 + 4 = ρ_p. Its two float operations are exact: |q·p| ≤ |h| + ρ_p ≤ 2⁵³
is an integer, hence a double, and so is the final difference (magnitude ≤ ρ_p). ∎

The kernels are compiled with ``fastmath={"contract"}`` and nothing else: the compiler may
fuse a product and a sum into one FMA. Every fusable pair above has an exact result (a
product or difference of products, ``h − q·p``), which the FMA returns exactly too; fusing
``h·fl(1/p) + 1.5·2⁵²`` (the rounding of :func:`reduce`) only makes the quotient estimate
more accurate. So the lemma holds fused or not (the tests run both compilations).

So the invariant |x| ≤ ρ_p holds after every reduction, and all products stay exact: no
float rounding reaches a residue, the only inexact step (the quotient estimate) is corrected
by the exact remainder. Against the 63-bit integer Barrett reduction with p < 2³¹ this
loses 4 bits per prime (Hadamard bound ⇒ about one more prime every 7), and gains
branch-free code that numba/LLVM vectorizes (AVX2: ``vmulpd``, ``vfmsub``/``vfnmadd``,
``vaddpd``) and no integer multiplies. A residue is zero modulo p iff its balanced
representative is 0 (ρ_p < p). :func:`canon` gives the canonical representative in [0, p).

The exact sign of an integer N with |N| < Π/2 (Π = ∏ pᵢ) from its residues is read off
Garner's mixed-radix digits (:func:`garner_signs`, vectorized over many integers at once);
each Garner step is a difference (< 2²⁷) times a balanced inverse (< 2²⁶), so it obeys the
lemma too.

This module imports numba: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["PRIME_BOUND", "reduce", "mulmod", "canon", "invmod", "invmod_row", "garner_signs", "sign_one"]

_ROUND = 6755399441055744.0  # 1.5·2⁵²: x + _ROUND − _ROUND = rint(x) for |x| < 2⁵¹

PRIME_BOUND = (1 << 27) - 16
"""Every prime used with this module lies in (2²⁶, PRIME_BOUND)."""


@njit(cache=True, nogil=True, inline="always")
def reduce(h, p, pinv):
    """Balanced representative of the integer h (|h| ≤ 2⁵³ − 2²⁷) modulo p (module lemma):
    q = rint(h·pinv) by the round-to-nearest of adding and subtracting 1.5·2⁵² (|h·pinv| < 2⁵¹)."""
    q = (h * pinv + _ROUND) - _ROUND
    return h - q * p


@njit(cache=True, nogil=True, inline="always")
def mulmod(a, b, p, pinv):
    """Balanced a·b mod p for balanced a, b (|a·b| ≤ ρ_p² is exact)."""
    return reduce(a * b, p, pinv)


@njit(cache=True, nogil=True, inline="always")
def canon(x, p):
    """Canonical representative in [0, p) of a balanced residue (|x| ≤ ρ_p < p)."""
    return x + p if x < 0 else x


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def invmod_row(D, Dinv, row, m, primes, pinv, base):
    """``Dinv[row, s] = D[row, s]⁻¹ mod primes[s]`` (balanced) for s < m and nonzero balanced
    residues, by Fermat: D^(p−2) by square-and-multiply, the m chains interleaved
    (independent, so they overlap in the pipeline); ``base`` is scratch of length ≥ m."""
    for s in range(m):
        base[s] = D[row, s]
        Dinv[row, s] = 1.0
    for bit in range(27):
        for s in range(m):
            e = np.int64(primes[s]) - 2
            if (e >> bit) & 1:
                Dinv[row, s] = mulmod(Dinv[row, s], base[s], primes[s], pinv[s])
            base[s] = mulmod(base[s], base[s], primes[s], pinv[s])


@njit(cache=True, nogil=True)
def invmod(D, primes, pinv, out):
    """``out[s] = D[s]⁻¹ mod primes[s]`` for every prime (:func:`invmod_row` on one row)."""
    P = primes.shape[0]
    D2 = np.empty((1, P))
    O2 = np.empty((1, P))
    D2[0] = D
    invmod_row(D2, O2, 0, P, primes, pinv, np.empty(P))
    out[:] = O2[0]


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def garner_signs(res, n, m, primes, pinv, inv, half, digits, signs):
    """Signs of n integers N_i (|N_i| < Π_m/2, Π_m = p_0⋯p_{m−1}) from balanced residues
    ``res[s, i]`` (s < m): ``signs[i] ∈ {−1, 0, 1}``. Garner: N = Σ_s a_s ∏_{t<s} p_t with
    canonical digits a_s ∈ [0, p_s), ``a_s = (…((r_s − a_0)·p_0⁻¹ − a_1)·p_1⁻¹ … − a_{s−1})·p_{s−1}⁻¹ mod p_s``
    (``inv[t, s]`` = p_t⁻¹ mod p_s, balanced); N ≥ 0 iff its canonical representative
    modulo Π_m is ≤ (Π_m − 1)/2, whose mixed-radix digits are ``half[s]`` = (p_s − 1)/2 for
    every m (the digits of Π_m − 1 are all p_s − 1, all even), compared from the top. The
    inner loops run over the n integers (contiguous): they vectorize."""
    for i in range(n):
        signs[i] = 0
    for s in range(m):
        p = primes[s]
        pi = pinv[s]
        for i in range(n):
            digits[s, i] = canon(res[s, i], p)
        for t in range(s):
            f = inv[t, s]
            for i in range(n):
                digits[s, i] = canon(reduce((digits[s, i] - digits[t, i]) * f, p, pi), p)
    for i in range(n):
        nz = 0.0
        for s in range(m):
            nz += abs(digits[s, i])
        if nz == 0.0:
            continue
        sg = 1
        for s in range(m - 1, -1, -1):
            if digits[s, i] > half[s]:
                sg = -1
                break
            if digits[s, i] < half[s]:
                break
        signs[i] = sg


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def sign_one(col, m, primes, pinv, inv, half, digits):
    """Sign of one integer (|N| < Π_m/2) from its balanced residues ``col[s]``, s < m
    (scalar Garner, as :func:`garner_signs`); ``digits`` is scratch of length ≥ m."""
    zero = True
    for s in range(m):
        if col[s] != 0.0:
            zero = False
    if zero:
        return 0
    for s in range(m):
        p = primes[s]
        t = canon(col[s], p)
        for u in range(s):
            t = canon(reduce((t - digits[u]) * inv[u, s], p, pinv[s]), p)
        digits[s] = t
    for s in range(m - 1, -1, -1):
        if digits[s] > half[s]:
            return -1
        if digits[s] < half[s]:
            return 1
    return 1
