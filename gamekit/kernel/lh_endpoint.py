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
  row, exactly, with ``nums`` and ``den`` cut into ``w``-bit words ("limbs").

**The limb arithmetic and its bound.** Let ``0 ≤ G_ij ≤ g`` (int64), ``k = |S|`` and
``w = 8·wb`` with ``bitlen(g·k) + w ≤ 62``. Each number ``v ≥ 0`` is written
``v = Σ_l v_l 2^{wl}``, ``0 ≤ v_l < 2^w`` (``L`` limbs, little-endian bytes in ``buf``).
For a row ``i`` the limb sums ``c_l = Σ_{j∈S} G_ij·(nums_j)_l`` satisfy
``0 ≤ c_l ≤ g·k·(2^w − 1) < 2^{bitlen(g·k)}·2^w ≤ 2^62``: every partial sum is exact in
int64. Then ``(G·nums)_i − den = Σ_l (c_l − den_l) 2^{wl}`` is normalised from the
lowest limb up: ``r ← carry + c_l − den_l``, digit ``r mod 2^w``, ``carry ← ⌊r / 2^w⌋``
(an arithmetic shift). By induction ``|carry| ≤ 2^{62−w}``: with it,
``−2^{62−w} − 2^w ≤ r < 2^62 + 2^{62−w}``, so ``|r| < 2^63`` (no overflow, 1 ≤ w ≤ 61) and
``|⌊r/2^w⌋| ≤ 2^{62−w}`` again. Finally ``(G·nums)_i − den = Σ_l digit_l 2^{wl} + r·2^{wL}``
with ``0 ≤ Σ_l digit_l 2^{wl} < 2^{wL}``: the difference is negative iff ``r < 0``, zero iff
``r = 0`` and every digit is 0, positive otherwise. The result is exact, not a bound.

This module imports numba: import it lazily. Compiled once per install
(``gamekit compile``) and loaded from numba's disk cache afterwards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["basis_system", "compare_rows", "rows_certified", "KERNELS"]


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
    rows = G.shape[0]
    k = S.shape[0]
    w = 8 * wb
    mask = (np.int64(1) << w) - 1
    limbs = np.empty((k + 1, L), np.int64)
    nb = wb * L
    for j in range(k + 1):
        for l in range(L):
            v = np.int64(0)
            base = j * nb + l * wb
            for b in range(wb - 1, -1, -1):
                v = (v << 8) | np.int64(buf[base + b])
            limbs[j, l] = v
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


#: The compiled kernels (for :func:`gamekit.kernel.compile_notice.notice_if_compiling`).
KERNELS = (basis_system, compare_rows, rows_certified)
