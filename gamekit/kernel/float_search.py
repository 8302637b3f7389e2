"""Float search step: the lexico-feasible bases of ``{z ≥ 0, M z ≤ 1}`` in compiled code.

Breadth-first search over bases exactly as :mod:`gamekit.kernel.polytope`, but every
tableau ``B⁻¹[M | I | 1]`` is recomputed in floating point from its basis (no drift) and
the lexicographic ratio test (:mod:`gamekit.kernel.pivot`) is done with a relative
tolerance. **Nothing found here is trusted**: the bases are only a *candidate* set, which
:mod:`gamekit.kernel.modular_verify` re-checks exactly and
:func:`gamekit.kernel.modular_verify.closure_certificate` proves complete (see :mod:`gamekit.kernel.certified_polytope`).

Variables are numbered ``0..d-1`` (structural) and ``d..d+k-1`` (slacks); a set of variables
is a two-word bitmask ``(lo, hi)`` (bit v of ``lo`` for v < 64, of ``hi`` for 64 ≤ v < 128), so
the fast path covers ``d + k ≤ 128``.

The breadth-first search itself (``bfs_chunk``) is the tests' reference and lives in
``tests/oracles/bfs_kernel.py``; this module keeps the pieces the reverse search shares with it:
the tableau of a basis, the lexicographic ratio test and the bitmask hash table.
This module imports numba: import it lazily (as :mod:`gamekit.kernel.certified_polytope` does).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamekit.kernel.search_state import Status

__all__ = ["MAX_VARS", "lookup", "lookup_insert", "rehash", "tableau", "lex_leave", "flip", "slot"]

MAX_VARS = 128

_H1 = 0x9E3779B97F4A7C15
_H2 = 0xC2B2AE3D27D4EB4F


_ONE = np.uint64(1)
_DONE, _ARRAYS_FULL, _FLOAT_TROUBLE = int(Status.DONE), int(Status.ARRAYS_FULL), int(Status.FLOAT_TROUBLE)
_M1 = np.uint64(_H1)
_M2 = np.uint64(_H2)


@njit(cache=True, nogil=True, inline="always")
def flip(lo, hi, v):
    """Toggle bit v of the two-word mask."""
    if v < 64:
        return lo ^ (_ONE << np.uint64(v)), hi
    return lo, hi ^ (_ONE << np.uint64(v - 64))


@njit(cache=True, nogil=True, inline="always")
def slot(lo, hi, hmask):
    h = (lo * _M1) ^ (hi * _M2)
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(hmask))


@njit(cache=True, nogil=True)
def lookup_insert(table, lo, hi, klo, khi, idx):
    """Index of mask (klo, khi) in the open-addressing table; inserts ``idx`` if absent
    (returns -1 then)."""
    hmask = table.shape[0] - 1
    s = slot(klo, khi, hmask)
    while True:
        j = table[s]
        if j < 0:
            table[s] = idx
            return -1
        if lo[j] == klo and hi[j] == khi:
            return j
        s = (s + 1) & hmask


@njit(cache=True, nogil=True)
def lex_leave(T, c, k, d, tol, ties):
    """Row leaving when column c enters: lexicographic minimum ratio of the rows of
    (B⁻¹·1, B⁻¹) over the positive entries of column c, with relative tolerance."""
    rhs = T.shape[1] - 1
    nt = 0
    best = 0.0
    for r in range(k):
        a = T[r, c]
        if a > tol:
            q = T[r, rhs] / a
            band = tol * (1.0 + abs(best))
            if nt == 0 or q < best - band:
                best = q
                ties[0] = r
                nt = 1
            elif q <= best + band:
                ties[nt] = r
                nt += 1
    if nt == 0:
        return -1
    t = 0
    while nt > 1 and t < k:
        col = d + t
        nn = 0
        for i in range(nt):
            r = ties[i]
            q = T[r, col] / T[r, c]
            band = tol * (1.0 + abs(best))
            if nn == 0 or q < best - band:
                best = q
                ties[0] = r
                nn = 1
            elif q <= best + band:
                ties[nn] = r
                nn += 1
        nt = nn
        t += 1
    return ties[0]


@njit(cache=True, nogil=True)
def _invert(G, n, piv):
    """In-place Gauss–Jordan inverse of the leading n×n block of G (partial pivoting; the
    row swaps go to the work array ``piv``, so nothing is allocated). Returns False if it
    is numerically singular."""
    for j in range(n):
        p = j
        big = abs(G[j, j])
        for i in range(j + 1, n):
            if abs(G[i, j]) > big:
                big = abs(G[i, j])
                p = i
        if big < 1e-12:
            return False
        piv[j] = p
        if p != j:
            for t in range(n):
                G[j, t], G[p, t] = G[p, t], G[j, t]
        inv = 1.0 / G[j, j]
        G[j, j] = 1.0
        for t in range(n):
            G[j, t] *= inv
        for i in range(n):
            if i != j:
                f = G[i, j]
                if f != 0.0:
                    G[i, j] = 0.0
                    for t in range(n):
                        G[i, t] -= f * G[j, t]
    for j in range(n - 1, -1, -1):  # undo the row swaps as column swaps
        p = piv[j]
        if p != j:
            for i in range(n):
                G[i, j], G[i, p] = G[i, p], G[i, j]
    return True


@njit(cache=True, nogil=True)
def tableau(R, basic, d, T, work):
    """Float tableau columns ``B⁻¹a`` for every nonbasic variable and the right-hand side
    (``R`` = [M | I | 1]; ``work.rowof[v]`` = row of basic variable v, else -1), into ``T``.

    With Z the basic structural variables, R the rows whose slack is nonbasic (|R| = |Z|)
    and S the others, ``B⁻¹a`` has ``x_Z = M[R, Z]⁻¹ a_R`` and slack rows
    ``a_i − M[i, Z] x_Z`` (i ∈ S): only an |Z|×|Z| inverse. Returns False if singular.
    The other arrays of ``work`` (:class:`gamekit.kernel.search_state.Work`) are work
    space: nothing is allocated, so this also runs in code compiled without reference
    counting (:mod:`gamekit.kernel.reverse_search`)."""
    k = R.shape[0]
    rowof, G, Zv, Zr, Rr, Sr, xz, piv = work.rowof, work.G, work.Zv, work.Zr, work.Rr, work.Sr, work.xz, work.piv
    W = R.shape[1]
    nz = 0
    for r in range(k):
        if basic[r] < d:
            Zv[nz] = basic[r]
            Zr[nz] = r
            nz += 1
    nr = 0
    ns = 0
    for i in range(k):
        if rowof[d + i] < 0:
            Rr[nr] = i
            nr += 1
        else:
            Sr[ns] = i
            ns += 1
    if nr != nz:
        return False
    for a in range(nz):
        for b in range(nz):
            G[a, b] = R[Rr[a], Zv[b]]
    if not _invert(G, nz, piv):
        return False
    for col in range(W):
        if col < W - 1 and rowof[col] >= 0:
            if col >= d:  # basic slack: unit column
                for i in range(k):
                    T[i, col] = 0.0
                T[rowof[col], col] = 1.0
            continue
        for q in range(nz):
            acc = 0.0
            for b in range(nz):
                acc += G[q, b] * R[Rr[b], col]
            xz[q] = acc
            T[Zr[q], col] = acc
        for t in range(ns):
            i = Sr[t]
            acc = R[i, col]
            for q in range(nz):
                acc -= R[i, Zv[q]] * xz[q]
            T[rowof[d + i], col] = acc
    return True


@njit(cache=True, nogil=True)
def lookup(table, lo, hi, klo, khi):
    """Index of mask (klo, khi) in the table, or -1 (read only)."""
    hmask = table.shape[0] - 1
    s = slot(klo, khi, hmask)
    while True:
        j = table[s]
        if j < 0:
            return -1
        if lo[j] == klo and hi[j] == khi:
            return j
        s = (s + 1) & hmask


@njit(cache=True, nogil=True)
def rehash(table, lo, hi, count):
    """Insert masks 0..count-1 into an empty table."""
    for i in range(count):
        lookup_insert(table, lo, hi, lo[i], hi[i], i)

