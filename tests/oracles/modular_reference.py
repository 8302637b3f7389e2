"""The previous exact basis check, kept as an oracle for tests and benchmarks.

:func:`verify_tree_reference` is the kernel that :func:`gamekit.kernel.modular_verify.verify_tree`
replaced: the rational tableau ``B⁻¹[A_N | 1]`` modulo primes p < 2³¹ in 63-bit integers
(Barrett :func:`~gamekit.kernel.modular_verify._mulmod`), one in-place pivot per basis with
a Fermat inverse of the pivot, the tableau copied per tree level, and the sign of each
entry ``N / det B`` by a scalar Garner reconstruction of ``N = T·det B``. Same interface,
same labels and same first failing node as the new kernel; the tests compare them, and
``benchmarks/bench_search_phases.py`` times them against each other.
:func:`choose_primes_reference` is the old prime choice (the largest primes below 2³¹),
for which this kernel was written (it is valid for any primes in (2²⁶, 2³¹)).

Not used by any solver. Imports numba: import it lazily.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from gamekit.kernel.modular_verify import (
    _children,
    _choose_from,
    _invmod,
    _largest_primes_below,
    _mulmod,
    _same_basis,
    _tree_depth,
)

__all__ = ["verify_tree_reference", "choose_primes_reference", "REFERENCE_PRIMES"]

REFERENCE_PRIMES = _largest_primes_below(1 << 31, 200)


def choose_primes_reference(M: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`gamekit.kernel.modular_verify.choose_primes` with the largest primes below 2³¹."""
    return _choose_from(M, REFERENCE_PRIMES)


@njit(cache=True, nogil=True)
def _sign(res, primes, inv, half, digits):
    """Sign of the integer N (|N| < Π/2) with residues ``res`` (Garner's mixed radix)."""
    P = primes.shape[0]
    zero = True
    for i in range(P):
        if res[i] != 0:
            zero = False
            break
    if zero:
        return 0
    for i in range(P):
        p = primes[i]
        pi = 1.0 / p
        t = res[i]
        for j in range(i):
            x = digits[j]
            if x >= p:  # all primes lie in (2²⁶, 2³¹) and p_j < 2 p_i: one subtraction reduces
                x -= p
            t -= x
            if t < 0:
                t += p
            t = _mulmod(t, inv[j, i], p, pi)
        digits[i] = t
    for i in range(P - 1, -1, -1):
        if digits[i] > half[i]:
            return -1
        if digits[i] < half[i]:
            return 1
    return 1


@njit(cache=True, nogil=True)
def _entry_sign(T, D, Dsign, i, j, primes, inv, half, res, digits):
    """Exact sign of tableau entry (i, j) = N / det B."""
    for s in range(primes.shape[0]):
        res[s] = _mulmod(T[s, i, j], D[s], primes[s], 1.0 / primes[s])
    return _sign(res, primes, inv, half, digits) * Dsign


@njit(cache=True, nogil=True)
def _pivot(T, D, r, c, primes, pinv):
    """Exchange pivot on (r, c) modulo every prime (rational tableau B⁻¹A_N | B⁻¹1).
    Returns False if the pivot entry vanishes modulo some prime."""
    P, k, w = T.shape
    for s in range(P):
        p = primes[s]
        pi = pinv[s]
        a = T[s, r, c]
        if a == 0:
            return False
        ia = _invmod(a, p, pi)
        for j in range(w):
            if j != c:
                T[s, r, j] = _mulmod(T[s, r, j], ia, p, pi)
        T[s, r, c] = ia
        for i in range(k):
            if i == r:
                continue
            f = T[s, i, c]
            if f == 0:
                continue
            for j in range(w):
                if j != c:
                    x = T[s, i, j] - _mulmod(f, T[s, r, j], p, pi)
                    T[s, i, j] = x + p if x < 0 else x
            x = _mulmod(f, ia, p, pi)
            T[s, i, c] = p - x if x else 0
        D[s] = _mulmod(D[s], a, p, pi)
    return True


@njit(cache=True, nogil=True)
def _check_node(T, D, basic, pos, d, primes, inv, half, res, digits):
    """Exact lexico-feasibility of the current basis. Returns (ok, nonbasic_lo,
    nonbasic_hi, tight_lo, tight_hi): the masks of the nonbasic variables and of the labels."""
    P, k, w = T.shape
    for s in range(P):
        res[s] = D[s]
    Dsign = _sign(res, primes, inv, half, digits)
    z = np.uint64(0)
    if Dsign == 0:
        return False, z, z, z, z
    nv = d + k
    tlo = np.uint64(0)
    thi = np.uint64(0)
    for v in range(nv):  # nonbasic variables are tight
        if pos[v] >= 0:
            if v < 64:
                tlo |= np.uint64(1) << np.uint64(v)
            else:
                thi |= np.uint64(1) << np.uint64(v - 64)
    nlo = tlo
    nhi = thi
    for i in range(k):
        sg = _entry_sign(T, D, Dsign, i, w - 1, primes, inv, half, res, digits)
        if sg < 0:
            return False, nlo, nhi, tlo, thi
        if sg > 0:
            continue
        v = basic[i]
        if v < 64:
            tlo |= np.uint64(1) << np.uint64(v)
        else:
            thi |= np.uint64(1) << np.uint64(v - 64)
        lead = 0
        for t in range(k):  # row i of B⁻¹: slack columns in order
            q = pos[d + t]
            if q < 0:
                lead = 1 if basic[i] == d + t else 0
            else:
                lead = _entry_sign(T, D, Dsign, i, q, primes, inv, half, res, digits)
            if lead != 0:
                break
        if lead <= 0:
            return False, nlo, nhi, tlo, thi
    return True, nlo, nhi, tlo, thi


@njit(cache=True, nogil=True)
def verify_tree_reference(Mres, primes, inv, half, parent, enter, leave, count, lo, hi, labels):
    """Check nodes 0..count-1 exactly (see the module docstring): node i > 0 is its parent
    with variable ``enter[i]`` entering and ``leave[i]`` leaving; its basic set must be the
    mask (``lo[i]``, ``hi[i]``) the search recorded. Fills ``labels[i]`` with the exact
    label mask (two words) of node i. Returns -1 if every node is lexico-feasible, else
    the index of the first failure.

    Depth-first over the tree; the tableaux along the current path are kept (one per
    level of the breadth-first tree, whose depth is small), so each node costs one pivot."""
    P, k, d = Mres.shape
    L = _tree_depth(parent, count) + 2
    Ts = np.empty((L, P, k, d + 1), np.int64)
    Ds = np.ones((L, P), np.int64)
    Ts[0, :, :, :d] = Mres
    Ts[0, :, :, d] = 1
    pinv = 1.0 / primes.astype(np.float64)
    bases = np.empty((L, k), np.int64)
    poss = np.empty((L, d + k), np.int64)
    bases[0] = np.arange(d, d + k)
    poss[0, :d] = np.arange(d)
    poss[0, d:] = -1
    res = np.empty(P, np.int64)
    digits = np.empty(P, np.int64)
    start, kids = _children(parent, count)
    stack = np.empty(L, np.int64)
    nxt = np.empty(L, np.int64)
    ok, a, b, e, f = _check_node(Ts[0], Ds[0], bases[0], poss[0], d, primes, inv, half, res, digits)
    labels[0, 0], labels[0, 1] = e, f
    if not ok or not _same_basis(a, b, lo[0], hi[0], d + k):
        return 0
    top = 0
    stack[0] = 0
    nxt[0] = start[0]
    while top >= 0:
        u = stack[top]
        if nxt[top] >= start[u + 1]:
            top -= 1
            continue
        v = kids[nxt[top]]
        nxt[top] += 1
        T = Ts[top + 1]
        T[:] = Ts[top]
        Ds[top + 1] = Ds[top]
        basic = bases[top + 1]
        basic[:] = bases[top]
        pos = poss[top + 1]
        pos[:] = poss[top]
        r = -1
        for i in range(k):
            if basic[i] == leave[v]:
                r = i
        c = pos[enter[v]]
        if r < 0 or c < 0 or not _pivot(T, Ds[top + 1], r, c, primes, pinv):
            return v
        pos[basic[r]] = c
        basic[r] = enter[v]
        pos[enter[v]] = -1
        ok, a, b, e, f = _check_node(T, Ds[top + 1], basic, pos, d, primes, inv, half, res, digits)
        labels[v, 0], labels[v, 1] = e, f
        if not ok or not _same_basis(a, b, lo[v], hi[v], d + k):
            return v
        top += 1
        stack[top] = v
        nxt[top] = start[v]
    return -1
