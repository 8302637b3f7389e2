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
def match_pairs(P, Q, m, n):
    """Index pairs (p, q) of completely labeled vertex pairs with x ≠ 0 and y ≠ 0."""
    L = m + n
    nq = Q.shape[0]
    words = (nq + 63) // 64
    bits = np.zeros((L, words), np.uint64)
    valid = np.zeros(words, np.uint64)
    one = np.uint64(1)
    for q in range(nq):
        zero_y = True  # y = 0 carries every column label
        for j in range(m, L):
            if not _getbit(Q[q, 0], Q[q, 1], j):
                zero_y = False
                break
        if zero_y:
            continue
        w = q >> 6
        b = one << np.uint64(q & 63)
        valid[w] |= b
        for lab in range(L):
            if _getbit(Q[q, 0], Q[q, 1], lab):
                bits[lab, w] |= b
    need = np.empty(L, np.int64)
    out = np.empty((16, 2), np.int64)
    cnt = 0
    for p in range(P.shape[0]):
        nn = 0
        for lab in range(L):
            if not _getbit(P[p, 0], P[p, 1], lab):
                need[nn] = lab
                nn += 1
        zero_x = True
        for i in range(m):
            if not _getbit(P[p, 0], P[p, 1], i):
                zero_x = False
                break
        if zero_x:
            continue
        for w in range(words):
            c = valid[w]
            for t in range(nn):
                c &= bits[need[t], w]
                if c == 0:
                    break
            while c != 0:
                low = c & (~c + one)
                q = w * 64
                while low > one:
                    low >>= one
                    q += 1
                if cnt == out.shape[0]:
                    bigger = np.empty((2 * cnt, 2), np.int64)
                    bigger[:cnt] = out
                    out = bigger
                out[cnt, 0] = p
                out[cnt, 1] = q
                cnt += 1
                c &= c - one
    return out[:cnt]
