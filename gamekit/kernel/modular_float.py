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

The exact sign of an integer N with |N| < Π/2 (Π = ∏ pᵢ) from its residues can be read off
Garner's mixed-radix digits (:func:`sign_one`); each Garner step is a difference (< 2²⁷)
times a balanced inverse (< 2²⁶), so it obeys the lemma too. Garner costs m²/2 dependent
steps per integer for m primes; :func:`crt_signs` and :func:`crt_sign_one` use one pass of
m steps, the floating-point Chinese remainder theorem, and Garner only where it cannot decide:

**Lemma (CRT sign).** Let N be an integer with |N| < Π/2, Π = p_0⋯p_{m−1} (m ≤ 200 primes of
the range above), c_s = (Π/p_s)⁻¹ mod p_s and x_s ∈ [0, p_s) the canonical residue of
N·c_s. Then F := Σ_s x_s/p_s ≡ N/Π (mod 1) (the Chinese remainder theorem:
N ≡ Σ_s x_s·Π/p_s mod Π). Accumulate f ← f + fl(x_s·fl(1/p_s)), subtracting 1 whenever
f ≥ 1, from f = 0. Each term is within 2.0001u of x_s/p_s (two roundings of a number
below 1; u = 2⁻⁵³), each sum (below 2) within 2u, and the subtraction of 1 is exact
(Sterbenz), so the final f ∈ [0, 1] is within ε = 4.01·m·u of F modulo 1 (also when the
compiler fuses the product and the sum into one FMA: one rounding fewer). Hence: if
ε < f < 1/2 − ε then F mod 1 ∈ (0, 1/2), N's canonical residue lies in (0, Π/2) and N > 0;
if 1/2 + ε < f < 1 − ε then N < 0. Otherwise (|N| ≤ 2εΠ, N = 0 among them, or |N| within
2εΠ of Π/2) the lemma does not decide. In the first case |N| ≤ 2εΠ < Π/(2p_{m−1}) (since
ε·p_{m−1} < 2⁻¹⁶), so the first m − 1 primes determine N and the lemma is applied to them
(:func:`_crt_small`; a zero, whose residues are all 0, is recognized first); in the
second, Garner decides. The primes are chosen for a Hadamard bound H ≥ |N| with Π > 2H,
and the actual values are usually within a few dozen bits of it: one pass, or two.

This module imports numba: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["PRIME_BOUND", "reduce", "mulmod", "canon", "invmod", "invmod_row", "sign_one",
           "crt_table", "crt_signs", "crt_sign_one"]

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


@njit(cache=True, nogil=True, inline="always")
def _all_zero(col, m):
    """Whether the residues ``col[s]``, s < m, are all 0 (then N = 0)."""
    for s in range(m):
        if col[s] != 0.0:
            return False
    return True


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def sign_one(col, m, primes, pinv, inv, half, digits):
    """Sign of one integer N (|N| < Π_m/2, Π_m = p_0⋯p_{m−1}) from its balanced residues
    ``col[s]``, s < m; ``digits`` is scratch of length ≥ m. Garner: N = Σ_s a_s ∏_{t<s} p_t
    with canonical digits a_s ∈ [0, p_s),
    ``a_s = (…((r_s − a_0)·p_0⁻¹ − a_1)·p_1⁻¹ … − a_{s−1})·p_{s−1}⁻¹ mod p_s``
    (``inv[t, s]`` = p_t⁻¹ mod p_s, balanced); N ≥ 0 iff its canonical representative
    modulo Π_m is ≤ (Π_m − 1)/2, whose mixed-radix digits are ``half[s]`` = (p_s − 1)/2 for
    every m (the digits of Π_m − 1 are all p_s − 1, all even), compared from the top."""
    if _all_zero(col, m):
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


_CRT_EPS_PER_PRIME = 4.01 * 2.0**-53
"""ε / m of the CRT sign lemma (module docstring)."""


@njit(cache=True, nogil=True, fastmath={"contract"})
def crt_table(primes, pinv, inv, out):
    """``out[m − 1, s]`` = (Π_m / p_s)⁻¹ mod p_s, balanced, for s < m ≤ P (Π_m = p_0⋯p_{m−1};
    ``inv[t, s]`` = p_t⁻¹ mod p_s, balanced; entries with s ≥ m are set to 0): the factors
    c_s of the CRT sign lemma for every prefix of the primes, by
    ``out[m − 1, s] = out[m − 2, s]·inv[m − 1, s]`` (s < m − 1) and ``out[m − 1, m − 1] = ∏_{t<m−1} inv[t, m − 1]``."""
    P = primes.shape[0]
    for m in range(P):
        for s in range(P):
            out[m, s] = 0.0
        c = 1.0
        for t in range(m):
            c = mulmod(c, inv[t, m], primes[m], pinv[m])
        out[m, m] = c
        if m > 0:
            for s in range(m):
                out[m, s] = mulmod(out[m - 1, s], inv[m, s], primes[s], pinv[s])


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def _crt_decide(f, m):
    """What the CRT sign lemma proves from the accumulated fraction f of an integer read
    modulo m primes (module docstring): 1 or −1 (its sign), 2 (|N| ≤ 2εΠ_m: small, maybe
    0) or 3 (|N| near Π_m/2)."""
    eps = _CRT_EPS_PER_PRIME * m
    if eps < f < 0.5 - eps:
        return 1
    if 0.5 + eps < f < 1.0 - eps:
        return -1
    if f <= eps or f >= 1.0 - eps:
        return 2
    return 3


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def _crt_fraction(col, m, primes, pinv, crt):
    """The accumulated fraction f of the CRT sign lemma for the residues ``col[s]``, s < m."""
    f = 0.0
    for s in range(m):
        p = primes[s]
        x = canon(reduce(col[s] * crt[m - 1, s], p, pinv[s]), p)
        f += x * pinv[s]
        if f >= 1.0:
            f -= 1.0
    return f


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def _crt_small(col, m, primes, pinv, crt):
    """Sign of an integer N with balanced residues ``col[s]`` (s < m) that the CRT sign
    lemma found small, |N| ≤ 2εΠ_m: then |N| < Π_{m−1}/2 (ε·p < 2⁻¹⁶), so the first m − 1
    primes determine N and the lemma is applied to them, down to one prime, where N is its
    symmetric residue. Each step costs one pass over the primes left; a value far below
    its Hadamard bound takes one or two."""
    if _all_zero(col, m):
        return 0
    while m > 1:
        m -= 1
        sg = _crt_decide(_crt_fraction(col, m, primes, pinv, crt), m)
        if sg == 1 or sg == -1:
            return sg
    x = canon(col[0], primes[0])
    if x == 0.0:
        return 0
    return 1 if 2.0 * x < primes[0] else -1


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def crt_signs(res, n, ms, primes, pinv, inv, half, crt, col, digits, signs):
    """Signs of n integers N_i from balanced residues ``res[s, i]``, each modulo its own
    first ``ms[i]`` primes (|N_i| < Π_{ms[i]}/2): ``signs[i] ∈ {−1, 0, 1}``, by the CRT sign
    lemma (module docstring) — one pass of ms[i] steps per integer, the fraction kept in a
    register — then, for an integer it finds small, the same with fewer primes
    (:func:`_crt_small`), and Garner (:func:`sign_one`) for one near ±Π/2. ``inv``,
    ``half``: as for :func:`sign_one`; ``crt`` = :func:`crt_table`; scratch ``col`` and
    ``digits`` of length ≥ max ms."""
    for i in range(n):
        m = ms[i]
        f = 0.0
        for s in range(m):
            p = primes[s]
            x = canon(reduce(res[s, i] * crt[m - 1, s], p, pinv[s]), p)
            f += x * pinv[s]
            if f >= 1.0:
                f -= 1.0
        sg = _crt_decide(f, m)
        if sg >= 2:
            for s in range(m):
                col[s] = res[s, i]
            if sg == 2:
                sg = _crt_small(col, m, primes, pinv, crt)
            else:
                sg = sign_one(col, m, primes, pinv, inv, half, digits)
        signs[i] = sg


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def crt_sign_one(col, m, primes, pinv, inv, half, crt, digits):
    """:func:`sign_one` (same arguments, plus ``crt`` = :func:`crt_table`) as
    :func:`crt_signs` decides it."""
    sg = _crt_decide(_crt_fraction(col, m, primes, pinv, crt), m)
    if sg == 2:
        return _crt_small(col, m, primes, pinv, crt)
    if sg == 3:
        return sign_one(col, m, primes, pinv, inv, half, digits)
    return sg
