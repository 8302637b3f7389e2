"""Completely labeled vertex pairs by bitsets over the vertices of Q (compiled).

Labels are global (rows 0..m-1, columns m..m+n-1) and at most 128, held in two words.
A pair (x, y) of vertices is completely labeled when labels(x) ∪ labels(y) is every label
(Avis, Rosenberg, Savani & von Stengel 2010); for each label ℓ the set of Q-vertices
carrying ℓ is a bitset over Q, and the partners of x are the intersection of the bitsets
of the labels x lacks. This module imports numba: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["q_to_global", "match_pairs"]


@njit(cache=True)
def _getbit(lo, hi, v):
    if v < 64:
        return (lo >> np.uint64(v)) & np.uint64(1)
    return (hi >> np.uint64(v - 64)) & np.uint64(1)


@njit(cache=True)
def q_to_global(labels, m, n):
    """Q's local labels (y_j → j, slack of row i → n + i) to global (y_j → m + j, row i → i)."""
    out = np.zeros_like(labels)
    one = np.uint64(1)
    for t in range(labels.shape[0]):
        lo = labels[t, 0]
        hi = labels[t, 1]
        for v in range(m + n):
            if _getbit(lo, hi, v):
                g = m + v if v < n else v - n
                if g < 64:
                    out[t, 0] |= one << np.uint64(g)
                else:
                    out[t, 1] |= one << np.uint64(g - 64)
    return out


@njit(cache=True)
def _popcount(x):
    c = 0
    while x != np.uint64(0):
        x &= x - np.uint64(1)
        c += 1
    return c


@njit(cache=True)
def _is_zero(lo, hi, a, b):
    """The vertex carries every label in a..b-1: it is the origin of its polytope."""
    for v in range(a, b):
        if not _getbit(lo, hi, v):
            return False
    return True


@njit(cache=True)
def _hash_slot(lo, hi, hmask):
    h = lo * np.uint64(0x9E3779B97F4A7C15) ^ hi * np.uint64(0xC2B2AE3D27D4EB4F)
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(hmask))


@njit(cache=True)
def _q_index(Q, m, n):
    """Q's non-origin vertices reordered: degenerate ones (more than n labels) first.
    Returns (order, number degenerate, hash table of the others' label masks → position)."""
    nq = Q.shape[0]
    order = np.empty(nq, np.int64)
    nd = 0
    for q in range(nq):  # degenerate first
        if not _is_zero(Q[q, 0], Q[q, 1], m, m + n) and _popcount(Q[q, 0]) + _popcount(Q[q, 1]) > n:
            order[nd] = q
            nd += 1
    cnt = nd
    for q in range(nq):
        if not _is_zero(Q[q, 0], Q[q, 1], m, m + n) and _popcount(Q[q, 0]) + _popcount(Q[q, 1]) <= n:
            order[cnt] = q
            cnt += 1
    size = 4
    while size < 2 * (cnt - nd) + 2:
        size *= 2
    table = np.full(size, -1, np.int64)
    for t in range(nd, cnt):
        q = order[t]
        s = _hash_slot(Q[q, 0], Q[q, 1], size - 1)
        while table[s] >= 0:
            s = (s + 1) & (size - 1)
        table[s] = t
    return order[:cnt], nd, table


@njit(cache=True)
def _emit(out, cnt, p, q):
    if cnt == out.shape[0]:
        bigger = np.empty((2 * cnt, 2), np.int64)
        bigger[:cnt] = out
        out = bigger
    out[cnt, 0] = p
    out[cnt, 1] = q
    return out, cnt + 1


@njit(cache=True)
def match_pairs(P, Q, m, n):
    """Index pairs (p, q) of completely labeled vertex pairs with x ≠ 0 and y ≠ 0.

    A vertex x of P has at least m labels, so the labels it lacks, C, number at most n;
    y must carry all of C. A y with exactly n labels (nondegenerate) qualifies iff its
    label set *is* C when |C| = n — one hash lookup; degenerate y (more than n labels),
    and every y when x is degenerate (|C| < n), are found by intersecting the bitsets of
    the labels in C over Q (degenerate y first, so a nondegenerate x scans only those)."""
    L = m + n
    order, nd, table = _q_index(Q, m, n)
    nq = order.shape[0]
    words = (nq + 63) // 64
    bits = np.zeros((L, words), np.uint64)
    one = np.uint64(1)
    for t in range(nq):
        q = order[t]
        w = t >> 6
        b = one << np.uint64(t & 63)
        for lab in range(L):
            if _getbit(Q[q, 0], Q[q, 1], lab):
                bits[lab, w] |= b
    full_lo = np.uint64(0)
    full_hi = np.uint64(0)
    for v in range(L):
        if v < 64:
            full_lo |= one << np.uint64(v)
        else:
            full_hi |= one << np.uint64(v - 64)
    hmask = table.shape[0] - 1
    need = np.empty(L, np.int64)
    out = np.empty((16, 2), np.int64)
    cnt = 0
    for p in range(P.shape[0]):
        if _is_zero(P[p, 0], P[p, 1], 0, m):
            continue
        clo = full_lo & ~P[p, 0]
        chi = full_hi & ~P[p, 1]
        nn = 0
        for lab in range(L):
            if _getbit(clo, chi, lab):
                need[nn] = lab
                nn += 1
        if nn == n:  # nondegenerate x: exact lookup among the nondegenerate y
            s = _hash_slot(clo, chi, hmask)
            while table[s] >= 0:
                q = order[table[s]]
                if Q[q, 0] == clo and Q[q, 1] == chi:
                    out, cnt = _emit(out, cnt, p, q)
                    break
                s = (s + 1) & hmask
            upto = nd
        else:
            upto = nq
        for w in range((upto + 63) // 64):
            c = ~np.uint64(0)
            if (w + 1) * 64 > upto:
                c = (one << np.uint64(upto - 64 * w)) - one
            for t in range(nn):
                c &= bits[need[t], w]
                if c == 0:
                    break
            while c != 0:
                low = c & (~c + one)
                t = w * 64
                while low > one:
                    low >>= one
                    t += 1
                out, cnt = _emit(out, cnt, p, order[t])
                c &= c - one
    return out[:cnt]
