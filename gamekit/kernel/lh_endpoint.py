"""Integer kernels of the Lemke–Howson end check: the square systems of a pair of bases,
and the exact comparison ``G·z ≤ den`` of a rational point with many-word numerators.

A search step's end (:mod:`gamekit.kernel.float_lemke_howson`) is a pair of bases; the
end check (:func:`gamekit.bimatrix.lemke_howson.certified_endpoint`) solves each basis
exactly and then compares, for every constraint row ``i`` of the other polytope,
``(G·nums)_i`` with the common denominator ``den`` — integers of any length. These
kernels do the int64 parts of that check in one compiled call each:

* :func:`basis_system` — the basic variables ``S`` of a basis of ``{z ≥ 0 : G z ≤ 1}``, the
  tight rows (those whose slack is nonbasic) and the square matrix ``G[tight][:, S]``;
* :func:`compare_rows` / :func:`rows_certified` — ``sign((G·nums)_i − den)`` for every
  row, exactly, with ``nums`` and ``den`` cut into ``w``-bit words ("limbs");
* :func:`modular_solve` — the exact solution of a square system by multi-modular
  elimination (primes between 2²⁵ and 2²⁶, Hadamard bound, Chinese remaindering), as limbs;
* :func:`end_check` — all of the above for a pair of bases in one call;
* :func:`float_path_end` — the float path of :mod:`gamekit.kernel.float_lemke_howson` and
  :func:`end_check` of its final bases in one call (one dispatch per label).

**The limb arithmetic and its bound.** Let ``0 ≤ G_ij ≤ g`` (int64), ``k = |S|`` and
``w = 8·wb`` with ``bitlen(g·k) + w ≤ 62``. Each number ``v ≥ 0`` is written
``v = Σ_l v_l 2^{wl}``, ``0 ≤ v_l < 2^w`` (``L`` limbs, little-endian bytes in ``buf``).
For a row ``i`` the limb sums ``c_l = Σ_{j∈S} G_ij·(nums_j)_l`` satisfy
``0 ≤ c_l ≤ g·k·(2^w − 1) < 2^{bitlen(g·k)}·2^w ≤ 2^62``: every partial sum is exact in
int64. Then ``(G·nums)_i − den = Σ_l (c_l − den_l) 2^{wl}`` is normalised from the
lowest limb up: ``r ← carry + c_l − den_l``, digit ``r mod 2^w``, ``carry ← ⌊r / 2^w⌋``
(an arithmetic shift). By induction ``|carry| ≤ 2^{63−w}``: with it,
``−2^{63−w} − 2^w < r < 2^62 + 2^{63−w} ≤ 2^63``, so r fits int64 (1 ≤ w ≤ 61), and
``⌊r/2^w⌋`` lies between ``−2^{63−2w} − 1`` and ``2^{62−w} + 2^{63−2w}``, both within
``2^{63−w}`` again (w ≥ 1). Finally ``(G·nums)_i − den = Σ_l digit_l 2^{wl} + r·2^{wL}``
with ``0 ≤ Σ_l digit_l 2^{wl} < 2^{wL}``: the difference is negative iff ``r < 0``, zero iff
``r = 0`` and every digit is 0, positive otherwise. The result is exact, not a bound.

This module imports numba: import it lazily. Compiled once per install
(``gamekit compile``) and loaded from numba's disk cache afterwards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamekit.kernel.float_lemke_howson import DONE, lh_float_path

__all__ = ["basis_system", "compare_rows", "rows_certified", "modular_solve", "end_check", "float_path_end", "HEADER", "PRIMES",
           "MODULAR_MAX_K", "CERTIFIED", "REJECTED", "TOO_LARGE", "KERNELS"]


@njit(cache=True, nogil=True)
def basis_system(G, basic, d):
    """The square system of the basis ``basic`` of ``{z ≥ 0 : G z ≤ 1}``.

    Parameters
    ----------
    G : ndarray of int64, rows × d
        The constraint matrix (one row per constraint).
    basic : ndarray of int64
        The basic variables: ``0..d−1`` the variables z, ``d + t`` the slack of row t.
    d : int
        The number of variables.

    Returns
    -------
    ok : bool
        False when ``basic`` is not a basis's index set (length ≠ rows, an index out of
        range or repeated).
    S : ndarray of int64
        The basic variables below ``d``, increasing.
    tight : ndarray of int64
        The rows whose slack is nonbasic, increasing (as many as ``S`` when ``ok``).
    M : ndarray of int64, |S| × |S|
        ``G[tight][:, S]``.
    """
    rows = G.shape[0]
    mark = np.zeros(d + rows, np.bool_)
    ok = basic.shape[0] == rows
    k = 0
    for v in basic:
        if v < 0 or v >= d + rows or mark[v]:
            ok = False
            break
        mark[v] = True
        if v < d:
            k += 1
    S = np.empty(k, np.int64)
    tight = np.empty(k, np.int64)
    M = np.empty((k, k), np.int64)
    if not ok:
        return False, S, tight, M
    s = 0
    for v in range(d):
        if mark[v]:
            S[s] = v
            s += 1
    t = 0
    for r in range(rows):
        if not mark[d + r]:
            if t == k:
                return False, S, tight, M
            tight[t] = r
            t += 1
    if t != k:
        return False, S, tight, M
    for a in range(k):
        for b in range(k):
            M[a, b] = G[tight[a], S[b]]
    return True, S, tight, M


@njit(cache=True, nogil=True)
def _limbs_from_bytes(buf, k1, wb, L):
    """The ``k1`` numbers of ``buf`` (``L·wb`` little-endian bytes each) as ``L`` limbs of
    ``8·wb`` bits."""
    limbs = np.empty((k1, L), np.int64)
    nb = wb * L
    for j in range(k1):
        for l in range(L):
            v = np.int64(0)
            base = j * nb + l * wb
            for b in range(wb - 1, -1, -1):
                v = (v << 8) | np.int64(buf[base + b])
            limbs[j, l] = v
    return limbs


@njit(cache=True, nogil=True)
def _compare_limbs(G, S, limbs, w):
    """``sign((G[:, S]·nums)_i − den)`` per row; ``limbs[j]`` = ``nums_j`` (j < k) and
    ``limbs[k]`` = ``den`` in ``w``-bit limbs, ``bitlen(max G·k) + w ≤ 62``."""
    rows = G.shape[0]
    k = S.shape[0]
    L = limbs.shape[1]
    mask = (np.int64(1) << w) - 1
    out = np.empty(rows, np.int8)
    acc = np.empty(L, np.int64)
    for i in range(rows):
        acc[:] = 0
        for jj in range(k):
            g = G[i, S[jj]]
            if g != 0:
                for l in range(L):
                    acc[l] += g * limbs[jj, l]
        r = np.int64(0)
        nonzero = False
        for l in range(L):
            r += acc[l] - limbs[k, l]
            if r & mask:
                nonzero = True
            r >>= w
        out[i] = -1 if r < 0 else (1 if r > 0 or nonzero else 0)
    return out


@njit(cache=True, nogil=True)
def compare_rows(G, S, buf, wb, L):
    """``sign((G[:, S]·nums)_i − den)`` for every row ``i``, exactly (module docstring).

    Parameters
    ----------
    G : ndarray of int64, rows × d
        Entries in ``0..g``.
    S : ndarray of int64
        The columns of the support (k of them).
    buf : ndarray of uint8
        ``nums_0, …, nums_{k−1}, den`` (all ≥ 0), each as ``L·wb`` little-endian bytes.
    wb : int
        Bytes per limb, with ``bitlen(g·k) + 8·wb ≤ 62`` (the caller's bound).
    L : int
        Limbs per number.

    Returns
    -------
    ndarray of int8
        −1, 0 or 1 per row.
    """
    return _compare_limbs(G, S, _limbs_from_bytes(buf, S.shape[0] + 1, wb, L), 8 * wb)


@njit(cache=True, nogil=True)
def _certified(sign, S_other, limbs_other):
    """Every sign ≤ 0, and 0 on the rows ``S_other[j]`` whose numerator (``limbs_other[j]``)
    is positive."""
    for i in range(sign.shape[0]):
        if sign[i] > 0:
            return False
    for j in range(S_other.shape[0]):
        positive = False
        for l in range(limbs_other.shape[1]):
            if limbs_other[j, l] != 0:
                positive = True
        if positive and sign[S_other[j]] != 0:
            return False
    return True


@njit(cache=True, nogil=True)
def rows_certified(G, S, buf, wb, L, must):
    """True iff ``(G[:, S]·nums)_i ≤ den`` for every row and ``= den`` on the rows ``must``
    (arguments as in :func:`compare_rows`; ``must``: int64 row indices)."""
    sign = compare_rows(G, S, buf, wb, L)
    for i in range(sign.shape[0]):
        if sign[i] > 0:
            return False
    for i in must:
        if sign[i] != 0:
            return False
    return True


# -- the exact solve: multi-modular, in int64 ---------------------------------------------

SOLVED, SINGULAR, OUT_OF_PRIMES = 0, 1, 2
MODULAR_MAX_K = 24
"""Largest support solved by :func:`modular_solve` inside :func:`end_check`: its cost
grows as k⁴ (k³ per prime, k primes), FLINT's more slowly; measured on random 3-digit
matrices, modular/FLINT = 0.4 at k = 2, 0.5 at 9, 0.65 at 13, 0.9 at 20, 1.3 at 30."""
PRIME_BITS = 25
"""Every prime of :data:`PRIMES` exceeds ``2**PRIME_BITS`` and is below ``2**26``."""


def _primes(count: int) -> np.ndarray:
    """The ``count`` largest primes below 2²⁶ (a segmented sieve; all above 2²⁵)."""
    hi = 1 << 26
    lo = hi - 40 * count - 1000
    small = np.ones(1 << 13, dtype=bool)
    small[:2] = False
    for i in range(2, 91):
        if small[i]:
            small[i * i::i] = False
    seg = np.ones(hi - lo, dtype=bool)
    for q in np.flatnonzero(small).tolist():
        seg[(-lo) % q::q] = False
    found = (np.flatnonzero(seg) + lo)[::-1][:count]
    assert len(found) == count and found[-1] > 1 << PRIME_BITS
    return found.astype(np.int64)


PRIMES = _primes(256)
"""The moduli of :func:`modular_solve`, largest first."""


@njit(cache=True, nogil=True)
def _inverse(a, p):
    """``a⁻¹ mod p`` (``0 < a < p``, p prime), extended Euclid."""
    t, nt, r, nr = 0, 1, p, a
    while nr != 0:
        q = r // nr
        t, nt = nt, t - q * nt
        r, nr = nr, r - q * nr
    return t % p


@njit(cache=True, nogil=True)
def _mod(x, p, pinv):
    """``x mod p`` for ``|x| < 2⁶²`` and a prime ``2²⁵ < p < 2²⁶`` (``pinv = 1/p``), without
    an integer division: ``q = trunc(x·pinv)`` is within 1 of ``x/p`` (its float error is
    below ``2⁶²/2²⁵·2⁻⁵¹ = 2⁻¹⁴``), so ``x − q·p`` (exact in int64) lies in ``[−p, 2p)``
    and one correction makes it the residue."""
    r = x - np.int64(x * pinv) * p
    if r < 0:
        r += p
    elif r >= p:
        r -= p
    return r


@njit(cache=True, nogil=True)
def _solve_mod(M, p, T, out):
    """Gauss–Jordan on ``[M | 1]`` modulo the prime ``p`` < 2²⁶; ``out[i] = det M · z_i``
    (Cramer's numerators) and ``out[k] = det M``, mod p. False when det ≡ 0 mod p.

    Lazy reduction: every multiplier and pivot row is reduced mod p (< 2²⁶), so each
    update subtracts less than 2⁵²; a row is updated at most k ≤ 2⁹ times before it is
    reduced again, so every entry stays above −2⁶¹ (exact int64, and within the range
    of :func:`_mod`)."""
    k = M.shape[0]
    pinv = 1.0 / p
    for i in range(k):
        for j in range(k):
            T[i, j] = _mod(M[i, j], p, pinv)
        T[i, k] = 1
    det = np.int64(1)
    for c in range(k):
        piv = -1
        for r in range(c, k):
            T[r, c] = _mod(T[r, c], p, pinv)
            if T[r, c] != 0:
                piv = r
                break
        if piv < 0:
            return False
        if piv != c:
            for j in range(c, k + 1):
                T[c, j], T[piv, j] = T[piv, j], T[c, j]
            det = p - det
        a = T[c, c]
        det = _mod(det * a, p, pinv)
        inv = _inverse(a, p)
        for j in range(c, k + 1):
            T[c, j] = _mod(_mod(T[c, j], p, pinv) * inv, p, pinv)
        for r in range(k):
            if r != c:
                f = _mod(T[r, c], p, pinv)
                if f != 0:
                    for j in range(c, k + 1):
                        T[r, j] -= f * T[c, j]
    for i in range(k):
        out[i] = _mod(det * _mod(T[i, k], p, pinv), p, pinv)
    out[k] = det
    return True


@njit(cache=True, nogil=True)
def modular_solve(M, primes):
    """``M z = 1`` exactly (M k×k, entries in ``1..2⁶²``): ``det M`` and Cramer's numerators
    ``det M · z`` as nonnegative integers in 32-bit limbs, the sign fixed so that the
    determinant is positive.

    Hadamard: every k×k minor of ``[M | 1]`` is below ``H = k^{k/2}·Π_j 2^{b_j}``
    (``b_j`` the bit length of column j's largest entry, ≥ 1, so the column of ones
    is covered too). The values are reconstructed from their residues modulo primes
    (each > 2²⁵) whose product exceeds ``2H`` (Chinese remaindering, Garner's mixed radix,
    then Horner in base 2³²), as symmetric residues.

    Returns
    -------
    status : int
        :data:`SOLVED`; :data:`SINGULAR` (det = 0, or a numerator is negative: the basic
        solution is infeasible — the caller needs neither); :data:`OUT_OF_PRIMES`.
    limbs : ndarray of int64, (k + 1) × L
        Row j < k: numerator j; row k: the determinant (each limb < 2³²).
    """
    k = M.shape[0]
    hbits = (k * (64 - _nlz(k)) + 1) // 2
    for j in range(k):
        big = np.int64(0)
        for i in range(k):
            if M[i, j] > big:
                big = M[i, j]
        hbits += 64 - _nlz(big)
    need = hbits // PRIME_BITS + 1  # Π p > 2^{25·need} ≥ 2^{hbits+1} > 2H
    L = (need * 26) // 32 + 1  # every value is below Π p < 2^{26·need} ≤ 2^{32·L}
    res = np.empty((need, k + 1), np.int64)
    used = np.empty(need, np.int64)
    T = np.empty((k, k + 1), np.int64)
    out = np.empty(k + 1, np.int64)
    got = 0
    failed = 0
    for p in primes:
        if got == need:
            break
        if _solve_mod(M, p, T, out):
            res[got, :] = out
            used[got] = p
            got += 1
        else:
            failed += 1
            if failed >= need:  # det ≡ 0 modulo a product > 2H ≥ |det|: singular
                return SINGULAR, np.zeros((k + 1, L), np.int64)
    if got < need:
        return OUT_OF_PRIMES, np.zeros((k + 1, L), np.int64)
    limbs, modulus = _reconstruct(res, used, L)
    if _at_least_half(limbs[k], modulus):  # det < 0: negate every residue, det > 0 then
        for t in range(need):
            for v in range(k + 1):
                res[t, v] = (used[t] - res[t, v]) % used[t]
        limbs, modulus = _reconstruct(res, used, L)
    for v in range(k + 1):
        if _at_least_half(limbs[v], modulus):  # a negative numerator: infeasible basis
            return SINGULAR, limbs
    if _is_zero(limbs[k]):  # pragma: no cover - excluded by the singularity test above
        return SINGULAR, limbs
    return SOLVED, limbs


@njit(cache=True, nogil=True)
def _mul_add(x, m, a):
    """``x ← x·m + a`` in place (x in 32-bit limbs, 0 ≤ m, a < 2²⁶: every step < 2⁵⁹)."""
    carry = a
    for l in range(x.shape[0]):
        y = x[l] * m + carry
        x[l] = y & 0xFFFFFFFF
        carry = y >> 32


@njit(cache=True, nogil=True)
def _reconstruct(res, used, L):
    """The values ``0 ≤ U_v < Π p_t`` with ``U_v ≡ res[t, v] (mod used[t])`` and ``Π p_t``,
    in 32-bit limbs (Garner's mixed radix ``U = c_0 + p_0(c_1 + p_1(c_2 + …))``, Horner)."""
    need, k1 = res.shape
    inv = np.empty(need, np.int64)  # (p_0 ⋯ p_{t−1})⁻¹ mod p_t
    for t in range(need):
        pr = np.int64(1)
        for s in range(t):
            pr = pr * (used[s] % used[t]) % used[t]
        inv[t] = _inverse(pr, used[t])
    limbs = np.zeros((k1, L), np.int64)
    digits = np.empty(need, np.int64)
    for v in range(k1):
        for t in range(need):
            p = used[t]
            acc = np.int64(0)  # (c_0 + c_1 p_0 + … + c_{t−1} p_0⋯p_{t−2}) mod p
            for s in range(t - 1, -1, -1):
                acc = (acc * (used[s] % p) + digits[s]) % p
            digits[t] = (res[t, v] - acc) % p * inv[t] % p
        limbs[v, 0] = digits[need - 1]
        for t in range(need - 2, -1, -1):
            _mul_add(limbs[v], used[t], digits[t])
    modulus = np.zeros(L, np.int64)
    modulus[0] = 1
    for t in range(need):
        _mul_add(modulus, used[t], 0)
    return limbs, modulus


@njit(cache=True, nogil=True)
def _at_least_half(x, modulus):
    """``2x ≥ modulus`` (limbs): x is then the residue of the negative value x − modulus."""
    carry = np.int64(0)
    L = x.shape[0]
    twice = np.empty(L, np.int64)
    for l in range(L):
        y = 2 * x[l] + carry
        twice[l] = y & 0xFFFFFFFF
        carry = y >> 32
    if carry:
        return True
    for l in range(L - 1, -1, -1):
        if twice[l] != modulus[l]:
            return twice[l] > modulus[l]
    return True


@njit(cache=True, nogil=True)
def _is_zero(x):
    for l in range(x.shape[0]):
        if x[l] != 0:
            return False
    return True


@njit(cache=True, nogil=True)
def _nlz(x):
    """Leading zero bits of the 64-bit ``x`` ≥ 0."""
    n = 0
    for b in range(63, -1, -1):
        if (x >> b) & 1:
            return n
        n += 1
    return 64


CERTIFIED, REJECTED, TOO_LARGE = 0, 1, 2


@njit(cache=True, nogil=True)
def end_check(Bt, A, bmax, amax, basic_p, basic_q, primes, kmax):
    """The whole exact end check of a pair of bases in int64, when its sizes allow.

    P = {x ≥ 0 : Bt x ≤ 1} (``Bt`` = B'ᵀ, n×m) with basis ``basic_p`` and Q = {y ≥ 0 :
    A y ≤ 1} (``A`` = A', m×n) with ``basic_q``: each basis's system is cut out
    (:func:`basis_system`) and solved exactly (:func:`modular_solve`: ``x = xn/dx``,
    ``y = yn/dy``, ``dx, dy > 0``, numerators ≥ 0); then, exactly in 32-bit limbs
    (:func:`_compare_limbs`, which needs ``bitlen(max·k) ≤ 30``), ``(A yn)_i ≤ dy`` on every
    row with equality where ``xn_i > 0``, and ``(Bt xn)_j ≤ dx`` with equality where
    ``yn_j > 0`` — the exact Nash condition of ``(xn/Σxn, yn/Σyn)``.

    Returns
    -------
    status : int
        :data:`CERTIFIED`; :data:`REJECTED` (not a pair of bases, singular, infeasible or
        not complementary); :data:`TOO_LARGE` (a support above ``kmax``, entries too
        large for the limb bound, or out of primes: the caller checks another way).
    Sx, Xl, Sy, Yl : ndarray of int64
        The supports and, in 32-bit limbs, ``(xn, dx)`` and ``(yn, dy)`` (rows 0..k−1
        the numerators, row k the denominator; not in lowest terms).
    """
    m, n = A.shape
    empty = np.zeros((0, 1), np.int64)
    okx, Sx, _, Mx = basis_system(Bt, basic_p, m)
    oky, Sy, _, My = basis_system(A, basic_q, n)
    if not okx or not oky or Sx.shape[0] == 0 or Sy.shape[0] == 0:
        return REJECTED, Sx, empty, Sy, empty
    kx, ky = Sx.shape[0], Sy.shape[0]
    if kx > kmax or ky > kmax or bmax > ((1 << 30) - 1) // kx or amax > ((1 << 30) - 1) // ky:
        return TOO_LARGE, Sx, empty, Sy, empty
    stx, Xl = modular_solve(Mx, primes)
    sty, Yl = modular_solve(My, primes)
    if stx == OUT_OF_PRIMES or sty == OUT_OF_PRIMES:
        return TOO_LARGE, Sx, empty, Sy, empty
    if stx != SOLVED or sty != SOLVED:
        return REJECTED, Sx, empty, Sy, empty
    if not _certified(_compare_limbs(A, Sy, Yl, 32), Sx, Xl):
        return REJECTED, Sx, empty, Sy, empty
    if not _certified(_compare_limbs(Bt, Sx, Xl, 32), Sy, Yl):
        return REJECTED, Sx, empty, Sy, empty
    return CERTIFIED, Sx, Xl, Sy, Yl


HEADER = 7
"""Length of the header of :func:`float_path_end`'s answer."""


@njit(cache=True, nogil=True)
def float_path_end(MP, MQ, label, max_iter, Bt, A, bmax, amax, primes, kmax):
    """:func:`gamekit.kernel.float_lemke_howson.lh_float_path` from ``label``, then, when it
    ends, :func:`end_check` of its final pair of bases — one compiled call per label, whose
    answer is one int64 array (one array to hand back to Python instead of six).

    The path is a search step (nothing it computes is trusted); the check is the exact one
    of :func:`end_check`, defined in this module (numba's cache of this function is
    refreshed with this file, so the check it runs is always the current one).

    Returns
    -------
    ndarray of int64
        ``[path_status, pivots, check_status, kx, ky, Lx, Ly]`` (:data:`HEADER` entries),
        then the final bases ``basic_p`` (n entries) and ``basic_q`` (m), then, when the
        check certified the pair, the supports ``Sx`` (kx) and ``Sy`` (ky) and the limbs of
        ``(xn, dx)`` ((kx + 1)·Lx, row by row) and ``(yn, dy)`` ((ky + 1)·Ly) as
        :func:`end_check` returns them. ``path_status`` is
        :data:`gamekit.kernel.float_lemke_howson.DONE`, ``LIMIT`` or ``UNBOUNDED``;
        ``check_status`` :data:`CERTIFIED`, :data:`REJECTED` (also when the path did not
        end) or :data:`TOO_LARGE`.
    """
    status, bp, bq, piv = lh_float_path(MP, MQ, label, max_iter)
    n, m = bp.shape[0], bq.shape[0]
    check = REJECTED
    kx = ky = Lx = Ly = 0
    Sx = Sy = np.zeros(0, np.int64)
    Xl = Yl = np.zeros((0, 0), np.int64)
    if status == DONE:
        check, Sx, Xl, Sy, Yl = end_check(Bt, A, bmax, amax, bp, bq, primes, kmax)
        if check == CERTIFIED:
            kx, ky, Lx, Ly = Sx.shape[0], Sy.shape[0], Xl.shape[1], Yl.shape[1]
    out = np.empty(HEADER + n + m + kx + ky + (kx + 1) * Lx + (ky + 1) * Ly, np.int64)
    out[0], out[1], out[2], out[3], out[4], out[5], out[6] = status, piv, check, kx, ky, Lx, Ly
    o = HEADER
    out[o:o + n] = bp
    o += n
    out[o:o + m] = bq
    o += m
    if check == CERTIFIED:
        out[o:o + kx] = Sx
        o += kx
        out[o:o + ky] = Sy
        o += ky
        out[o:o + (kx + 1) * Lx] = Xl.ravel()
        o += (kx + 1) * Lx
        out[o:] = Yl.ravel()
    return out


#: The compiled kernels (for :func:`gamekit.kernel.compile_notice.notice_if_compiling`).
KERNELS = (basis_system, compare_rows, rows_certified, modular_solve, end_check, float_path_end)
