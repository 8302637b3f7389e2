"""The numba functions of :mod:`games.baccara.casino.shoe_kernel` (imported only when numba is).

They live at module level, with their constants as module globals, so that numba's
on-disk cache (``cache=True``) can find them again in a new process: a kernel defined
inside a function closes over other dispatchers, and its cache key then differs in every
process, so it was compiled anew (20–30 s) on each run. The mathematics (SplitMix64,
Lemire's rejection, the forward Fisher–Yates shuffle, the table dealer, the Gram matrix)
is described in :mod:`games.baccara.casino.shoe_kernel`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange, uint64

from games.baccara.casino.sim_core import GAMMA, MIX_M1, MIX_M2

__all__ = ["deal"]

G = np.uint64(GAMMA)
M1 = np.uint64(MIX_M1)
M2 = np.uint64(MIX_M2)
LO = np.uint64(0xFFFFFFFF)
S30, S27, S31, S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)


@njit(cache=True, inline="always", error_model="numpy")
def mix(z):
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@njit(cache=True, inline="always", error_model="numpy")
def word(state, buf, have):
    """Next 32-bit word: the buffered low half, else the high half of a fresh output."""
    if have:
        return buf, state, buf, False
    state += G
    x = mix(state)
    return x >> S32, state, x & LO, True


@njit(cache=True, inline="always", error_model="numpy")
def swap(cards, i, m):
    j = i + np.int64(m >> S32)
    c = cards[j]
    cards[j] = cards[i]
    cards[i] = c


@njit(cache=True, inline="always", error_model="numpy")
def shuffle_from(cards, i, steps, state):
    """Forward Fisher–Yates steps i … steps−1 (i even; exact: Lemire's rejection).

    Fast path: steps i, i + 1 take the high and low words of one output, as long as
    neither draw could need rejecting; from the first such draw on, the general
    word-by-word loop (the same stream: nothing of that output was used yet).
    """
    n = cards.size
    while i + 1 < steps:
        x = mix(state + G)
        r0 = uint64(n - i)
        r1 = uint64(n - i - 1)
        m0 = (x >> S32) * r0
        m1 = (x & LO) * r1
        if ((m0 & LO) < r0) | ((m1 & LO) < r1):
            break
        state += G
        swap(cards, i, m0)
        swap(cards, i + 1, m1)
        i += 2
    buf = uint64(0)
    have = False
    while i < steps:
        r = uint64(n - i)
        w, state, buf, have = word(state, buf, have)
        m = w * r
        if (m & LO) < r:  # only then can the draw need rejecting (Lemire)
            thresh = uint64((4294967296 - (n - i)) % (n - i))
            while (m & LO) < thresh:
                w, state, buf, have = word(state, buf, have)
                m = w * r
        swap(cards, i, m)
        i += 1


@njit(cache=True, inline="always", error_model="numpy")
def shuffle(cards, steps, state):
    """Forward Fisher–Yates steps 0 … steps−1 of one shoe (:func:`shuffle_from`)."""
    shuffle_from(cards, 0, steps, state)


@njit(cache=True, error_model="numpy")
def shuffle_two(a, b, steps, sa, sb):
    """Two shoes' shuffles: their fast paths in lockstep (independent memory chains), then
    each goes on alone from the first step where either could need a rejection. Each
    shoe's stream is consumed exactly as by :func:`shuffle` (same cards)."""
    n = a.size
    i = 0
    while i + 1 < steps:
        x = mix(sa + G)
        y = mix(sb + G)
        r0 = uint64(n - i)
        r1 = uint64(n - i - 1)
        m0 = (x >> S32) * r0
        m1 = (x & LO) * r1
        k0 = (y >> S32) * r0
        k1 = (y & LO) * r1
        if ((m0 & LO) < r0) | ((m1 & LO) < r1) | ((k0 & LO) < r0) | ((k1 & LO) < r1):
            break
        sa += G
        sb += G
        swap(a, i, m0)
        swap(b, i, k0)
        swap(a, i + 1, m1)
        swap(b, i + 1, k1)
        i += 2
    shuffle_from(a, i, steps, sa)
    shuffle_from(b, i, steps, sb)


@njit(cache=True, inline="always", error_model="numpy")
def gram_add(g, h, nz):
    """g += the upper triangle (c ≤ d) of h·hᵀ over the non-zero entries of h (integers:
    exact, in any order); the caller mirrors it."""
    k = 0
    for c in range(h.size):
        if h[c] != 0:
            nz[k] = c
            k += 1
    for a in range(k):
        ha = np.int64(h[nz[a]])
        for e in range(a, k):
            g[nz[a], nz[e]] += ha * h[nz[e]]


@njit(cache=True, inline="always", error_model="numpy")
def coup_index(cards, p, px, bx, v10, v1):
    """Index of the coup starting at position p in the coup table (four look-ups)."""
    return (px[cards[p] * 16 + cards[p + 2]] + bx[cards[p + 1] * 16 + cards[p + 3]]
            + v10[cards[p + 4]] + v1[cards[p + 5]])


@njit(cache=True, error_model="numpy")
def deal_rest(cards, p, nc, last, cap, px, bx, v10, v1, ct, code_t, h, codes, s, want):
    """Deal one shoe on from position p (nc coups dealt so far); returns its number of coups."""
    while p <= last and nc < cap:
        i = coup_index(cards, p, px, bx, v10, v1)
        t = ct[i]
        h[t >> 2] += 1
        if want:
            codes[s, nc] = code_t[i]
        p += 4 + (t & 3)
        nc += 1
    return nc


@njit(cache=True, error_model="numpy")
def deal_two(a, b, p, q, last, capa, capb, px, bx, v10, v1, ct, code_t, ha, hb, codes, sa, want):
    """Deal shoes sa (cards a, from p) and sa + 1 (cards b, from q) in lockstep, then finish
    the longer one alone: two independent chains of loads keep the core busy while one waits.
    Returns both numbers of coups."""
    na = nb = 0
    while p <= last and na < capa and q <= last and nb < capb:
        i = coup_index(a, p, px, bx, v10, v1)
        j = coup_index(b, q, px, bx, v10, v1)
        t = ct[i]
        u = ct[j]
        ha[t >> 2] += 1
        hb[u >> 2] += 1
        if want:
            codes[sa, na] = code_t[i]
            codes[sa + 1, nb] = code_t[j]
        p += 4 + (t & 3)
        q += 4 + (u & 3)
        na += 1
        nb += 1
    na = deal_rest(a, p, na, last, capa, px, bx, v10, v1, ct, code_t, ha, codes, sa, want)
    nb = deal_rest(b, q, nb, last, capb, px, bx, v10, v1, ct, code_t, hb, codes, sa + 1, want)
    return na, nb


@njit(cache=True, parallel=True, error_model="numpy")
def deal(base, key, first, count, blocks, px, bx, v10, v1, ct, code_t, burn_len, cut, burn,
         hist, gram, codes, ncoups, cap_last):
    """Shoes first … first+count−1 in ``blocks`` blocks (prange), two shoes at a time."""
    n = base.size
    last = n - cut
    steps = min(n - 1, last + 6)  # the prefix the dealer can read
    want = codes.shape[1] > 0
    for b in prange(blocks):
        ca = np.empty(n, dtype=np.uint8)
        cb = np.empty(n, dtype=np.uint8)
        ha = np.zeros(hist.shape[1], dtype=np.int32)
        hb = np.zeros(hist.shape[1], dtype=np.int32)
        nz = np.empty(hist.shape[1], dtype=np.int64)
        g = gram[b]
        s, hi = b * count // blocks, (b + 1) * count // blocks
        while s < hi:
            ca[:] = base
            sa = mix(mix(uint64(first + s + 1)) ^ key)
            if s + 1 < hi:
                cb[:] = base
                shuffle_two(ca, cb, steps, sa, mix(mix(uint64(first + s + 2)) ^ key))
            else:
                shuffle(ca, steps, sa)
            p = 1 + burn_len[ca[0]] if burn else 0
            capa = cap_last if s == count - 1 else n
            ha[:] = 0
            if s + 1 < hi:
                q = 1 + burn_len[cb[0]] if burn else 0
                capb = cap_last if s + 1 == count - 1 else n
                hb[:] = 0
                na, nb = deal_two(ca, cb, p, q, last, capa, capb, px, bx, v10, v1, ct, code_t, ha, hb,
                                  codes, s, want)
                hist[s + 1, :] = hb
                ncoups[s + 1] = nb
                gram_add(g, hb, nz)
            else:
                na = deal_rest(ca, p, 0, last, capa, px, bx, v10, v1, ct, code_t, ha, codes, s, want)
            hist[s, :] = ha
            ncoups[s] = na
            gram_add(g, ha, nz)
            s += 2 if s + 1 < hi else 1
    return 0
