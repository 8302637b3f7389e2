"""The Lemke–Howson path in floating point: compact dictionaries, lexicographic ratio test.

A search step only: :func:`lh_float_path` follows the complementary pivoting path of
:mod:`gamekit.bimatrix.lemke_howson` (same variable numbering, same lexicographic rule,
same order of the tie-breaking columns) in binary64 and returns the final pair of bases.
Nothing it computes is trusted: the caller solves the final bases exactly in integers and
certifies the equilibrium (:mod:`gamekit.bimatrix.lemke_howson`).

Each polytope ``{z ≥ 0, M z ≤ 1}`` (M k×d, positive) is kept as a compact dictionary
``β_r = T[r, 0] − Σ_c T[r, c+1] ν_c`` — the k × (d + 1) form of :mod:`gamekit.kernel.pivot`
divided by the determinant — so a pivot costs k·(d + 1) multiply-adds, about half of a
full tableau ``B⁻¹[M | I | 1]`` (k × (d + k + 1)). The lexicographic test compares the
ratios first with a relative tolerance, and only among (near-)ties the entries of B⁻¹
(the slack columns: a nonbasic slack's column of T, or the unit vector of a basic one),
in the order of the slacks.

This module imports numba: import it lazily. The kernels are compiled once per install
(``cache=True``; ≈ 5–6 CPU-s) and loaded from numba's disk cache afterwards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["lh_float_path", "KERNELS", "DONE", "LIMIT", "UNBOUNDED"]

DONE, LIMIT, UNBOUNDED = 0, 1, 2
_RTOL = 1e-9
_PTOL = 1e-12


@njit(cache=True, nogil=True)
def _leaving_row(T, c, nbpos, brow, d, ties):
    """Lexicographic minimum-ratio row for the nonbasic column ``c`` entering; −1 if none.

    ``nbpos[v]`` is the column of nonbasic variable v (−1 if basic), ``brow[v]`` the row
    of basic variable v (−1 if nonbasic); slacks are the variables d..d+k−1. ``ties`` is
    scratch (length ≥ k)."""
    k = T.shape[0]
    col = c + 1
    scale = 0.0
    for r in range(k):
        a = abs(T[r, col])
        if a > scale:
            scale = a
    tol = _PTOL * scale
    best = -1
    bnum = 0.0
    bden = 1.0
    for r in range(k):  # ratios compared by cross-multiplication (a, bden > 0): no division
        a = T[r, col]
        if a > tol:
            num = T[r, 0]
            if best < 0 or num * bden < bnum * a:
                best, bnum, bden = r, num, a
    if best < 0:
        return -1
    bratio = bnum / bden
    # Rows whose ratio is within a relative tolerance of the minimum: break the tie
    # lexicographically with the columns of B⁻¹ (slack d + t, t = 0..k−1).
    nt = 0
    lim = bratio + _RTOL * max(abs(bratio), 1.0)
    for r in range(k):
        a = T[r, col]
        if a > tol and T[r, 0] <= lim * a:
            ties[nt] = r
            nt += 1
    if nt == 1:
        return ties[0]
    for t in range(k):
        v = d + t
        cv = nbpos[v]
        bmin = 0.0
        first = True
        for s in range(nt):
            r = ties[s]
            if cv >= 0:
                e = T[r, cv + 1]
            else:
                e = 1.0 if brow[v] == r else 0.0
            q = e / T[r, col]
            if first or q < bmin:
                bmin, first = q, False
        keep = 0
        lim = bmin + _RTOL * max(abs(bmin), 1.0)
        for s in range(nt):
            r = ties[s]
            e = T[r, cv + 1] if cv >= 0 else (1.0 if brow[v] == r else 0.0)
            if e / T[r, col] <= lim:
                ties[keep] = r
                keep += 1
        nt = keep
        if nt == 1:
            break
    return ties[0]


@njit(cache=True, nogil=True)
def _pivot(T, r, c, basic, nonbasic, nbpos, brow, buf):
    """Exchange basic ``basic[r]`` and nonbasic ``nonbasic[c]`` (compact dictionary).
    ``buf`` (length d + 1) holds the pivot row, so that the row updates do not alias it
    and vectorize."""
    k, w = T.shape
    col = c + 1
    p = T[r, col]
    for j in range(w):
        v = T[r, j] / p
        buf[j] = v
        T[r, j] = v
    buf[col] = 0.0
    T[r, col] = 1.0 / p
    for i in range(k):
        if i != r:
            a = T[i, col]
            if a != 0.0:
                for j in range(w):
                    T[i, j] -= a * buf[j]
                T[i, col] = -a / p
    u = basic[r]
    v = nonbasic[c]
    basic[r] = v
    nonbasic[c] = u
    nbpos[u] = c
    nbpos[v] = -1
    brow[v] = r
    brow[u] = -1


@njit(cache=True, nogil=True)
def _init(M):
    k, d = M.shape
    T = np.empty((k, d + 1))
    T[:, 0] = 1.0
    T[:, 1:] = M
    basic = np.arange(d, d + k)
    nonbasic = np.arange(d)
    nbpos = np.full(d + k, -1, np.int64)
    brow = np.full(d + k, -1, np.int64)
    for v in range(d):
        nbpos[v] = v
    for r in range(k):
        brow[d + r] = r
    return T, basic, nonbasic, nbpos, brow


@njit(cache=True, nogil=True)
def lh_float_path(MP, MQ, label, max_iter):
    """Follow the Lemke–Howson path from ``label`` in floats.

    Parameters
    ----------
    MP : ndarray, n×m
        ``B'ᵀ`` (P: variables x_i = labels 0..m−1, slacks m+j = labels m+j).
    MQ : ndarray, m×n
        ``A'`` (Q: variables y_j, label m+j; slacks n+i, label i).
    label : int
        The dropped label, 0..m+n−1.
    max_iter : int
        Pivot limit.

    Returns
    -------
    status : int
        :data:`DONE`, :data:`LIMIT` or :data:`UNBOUNDED` (float trouble).
    basic_p, basic_q : ndarray of int64
        The basic variables of P (n) and Q (m) at the end.
    pivots : int
    """
    n, m = MP.shape
    TP, bP, nP, posP, rowP = _init(MP)
    TQ, bQ, nQ, posQ, rowQ = _init(MQ)
    buf = np.empty(max(m, n) + 1)
    ties = np.empty(max(m, n), np.int64)
    in_p = label < m
    entering = label if in_p else label - m
    for it in range(max_iter):
        if in_p:
            c = posP[entering]
            r = _leaving_row(TP, c, posP, rowP, m, ties)
            if r < 0:
                return UNBOUNDED, bP, bQ, it
            leaving = bP[r]
            _pivot(TP, r, c, bP, nP, posP, rowP, buf)
            lab = leaving
        else:
            c = posQ[entering]
            r = _leaving_row(TQ, c, posQ, rowQ, n, ties)
            if r < 0:
                return UNBOUNDED, bP, bQ, it
            leaving = bQ[r]
            _pivot(TQ, r, c, bQ, nQ, posQ, rowQ, buf)
            lab = m + leaving if leaving < n else leaving - n
        if lab == label:
            return DONE, bP, bQ, it + 1
        if in_p:  # the duplicate label enters in Q
            in_p = False
            entering = lab - m if lab >= m else n + lab
        else:
            in_p = True
            entering = lab
    return LIMIT, bP, bQ, max_iter


#: The compiled kernels (for :func:`gamekit.kernel.compile_notice.notice_if_compiling`).
KERNELS = (lh_float_path, _leaving_row, _pivot, _init)
