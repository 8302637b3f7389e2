"""Exact re-check of candidate bases: multi-modular integer arithmetic with a Hadamard bound.

Every entry of the tableau ``B⁻¹[M | I | 1]`` of a basis ``B`` is ``N / det B`` with ``N`` a
k×k minor of ``[M | I | 1]`` (Cramer's rule), so ``|N| ≤ H``, the product of the k largest
column norms (Hadamard's inequality). With primes ``p_1 … p_P`` whose product exceeds
``2H``, the residues of ``N`` determine ``N`` exactly (Chinese remainder theorem, symmetric
range), and its sign is read off the mixed-radix (Garner) digits — all in 63-bit integer
arithmetic, no floats anywhere (:func:`choose_primes`).

:func:`verify_tree` walks the spanning tree of the candidate bases produced by the float
search (:mod:`gamekit.kernel.float_search`) depth first, reaching each basis from its
parent by one exact pivot modulo every prime (and going back by the inverse pivot, so one
tableau suffices: memory does not grow with the tree), and checks **exactly** that each
basis is lexico-feasible: every row of ``(B⁻¹·1, B⁻¹)`` is lexicographically positive
(:mod:`gamekit.kernel.pivot`). It also returns the exact label set of each basis (the
nonbasic variables and the basic ones at value 0). Any failure — a basis that is singular
or not lexico-feasible, a pivot that vanishes modulo one prime — is reported, and the
caller falls back to the exact search.

This module imports numba: import it lazily.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np
from numba import njit

from gamekit.kernel.float_search import flip, lookup

__all__ = ["choose_primes", "hadamard_bound_sq", "verify_tree", "closure_certificate", "PRIMES"]


def _primes_below_2_31(count: int) -> list[int]:
    """The ``count`` largest primes below 2³¹ (deterministic Miller–Rabin bases for < 3.3·10²⁴)."""

    def is_prime(n: int) -> bool:
        if n % 2 == 0:
            return False
        d, s = n - 1, 0
        while d % 2 == 0:
            d, s = d // 2, s + 1
        for a in (2, 3, 5, 7, 11, 13, 17):
            x = pow(a, d, n)
            if x in (1, n - 1):
                continue
            for _ in range(s - 1):
                x = x * x % n
                if x == n - 1:
                    break
            else:
                return False
        return True

    out, n = [], (1 << 31) - 1
    while len(out) < count:
        if is_prime(n):
            out.append(n)
        n -= 2
    return out


PRIMES = _primes_below_2_31(200)


def hadamard_bound_sq(M: Sequence[Sequence[int]]) -> int:
    """``H²`` for ``[M | I | 1]``: the product of the k largest squared column norms (exact)."""
    k = len(M)
    norms = [sum(row[j] * row[j] for row in M) for j in range(len(M[0]))]
    norms += [1] * k + [k]
    norms.sort(reverse=True)
    return prod(norms[:k])


def choose_primes(M: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Primes with product Π > 2H (checked exactly: Π² > 4H²), the table of inverses
    ``inv[j, i] = p_j⁻¹ mod p_i`` and the mixed-radix digits of (Π − 1)/2; None if more
    than 200 primes would be needed."""
    H2 = hadamard_bound_sq(M)
    chosen: list[int] = []
    Pi = 1
    for p in PRIMES:
        chosen.append(p)
        Pi *= p
        if Pi * Pi > 4 * H2:
            break
    else:
        return None
    P = len(chosen)
    inv = np.zeros((P, P), dtype=np.int64)
    for j in range(P):
        for i in range(P):
            if i != j:
                inv[j, i] = pow(chosen[j], -1, chosen[i])
    half = (Pi - 1) // 2
    digits = []
    for p in chosen:  # mixed radix: half = d0 + d1 p0 + d2 p0 p1 + ...
        digits.append(half % p)
        half //= p
    return np.array(chosen, dtype=np.int64), inv, np.array(digits, dtype=np.int64)


@njit(cache=True, nogil=True, inline="always")
def _mulmod(a, b, p, pinv):
    """a·b mod p for 0 ≤ a, b < p < 2³¹: the float quotient is off by at most one, the
    remainder is computed exactly in integers and corrected (Barrett-style)."""
    q = np.int64(float(a) * float(b) * pinv)
    r = a * b - q * p
    if r < 0:
        r += p
    elif r >= p:
        r -= p
    return r


@njit(cache=True, nogil=True, inline="always")
def _invmod(a, p, pinv):
    """a⁻¹ mod p for a prime p and 0 < a < p: a^(p−2) by square-and-multiply (Fermat)."""
    inv = 1
    base = a
    e = p - 2
    while e > 0:
        if e & 1:
            inv = _mulmod(inv, base, p, pinv)
        base = _mulmod(base, base, p, pinv)
        e >>= 1
    return inv


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
            if x >= p:  # all primes lie in (2³⁰, 2³¹): one subtraction reduces
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
def _children(parent, count):
    """CSR lists of the children of each node (parent[i] < i; node 0 is the root)."""
    start = np.zeros(count + 1, np.int32)
    for i in range(1, count):
        start[parent[i] + 1] += 1
    for i in range(count):
        start[i + 1] += start[i]
    fill = start[:-1].copy()
    kids = np.empty(max(count - 1, 1), np.int32)
    for i in range(1, count):
        kids[fill[parent[i]]] = i
        fill[parent[i]] += 1
    return start, kids


@njit(cache=True, nogil=True)
def _tree_depth(parent, count):
    """Depth of the breadth-first tree (parent[i] < i)."""
    depth = np.zeros(count, np.int32)
    for i in range(1, count):
        depth[i] = depth[parent[i]] + 1
    return depth.max() if count > 0 else 0


@njit(cache=True, nogil=True)
def verify_tree(Mres, primes, inv, half, parent, enter, leave, count, lo, hi, labels):
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


@njit(cache=True, nogil=True)
def _same_basis(nlo, nhi, blo, bhi, nv):
    """The nonbasic mask (nlo, nhi) is the complement of the basic mask (blo, bhi) on nv variables."""
    full_lo = ~np.uint64(0)
    full_hi = ~np.uint64(0)
    if nv < 64:
        full_lo = (np.uint64(1) << np.uint64(nv)) - np.uint64(1)
    if nv <= 64:
        full_hi = np.uint64(0)
    elif nv < 128:
        full_hi = (np.uint64(1) << np.uint64(nv - 64)) - np.uint64(1)
    return nlo == (full_lo & ~blo) and nhi == (full_hi & ~bhi)


@njit(cache=True, nogil=True)
def closure_certificate(lo, hi, nbr, table, count, d, nv):
    """The combinatorial completeness check on exactly verified bases (basic masks
    ``lo``/``hi``, looked up in the search's hash ``table``): for every basis i and its
    t-th nonbasic variable c, the variable u = nbr[i, t] that the search saw leave is basic
    in i, and the basis ``B(i) − u + c`` is one of the verified bases 0..count-1 — the
    other endpoint of the edge ``N(i) \\ {c}`` of the perturbed simple polytope. Returns
    True when this holds for all (i, c); see :mod:`gamekit.kernel.certified_polytope` for
    why this proves that the bases are all the lexico-feasible ones."""
    one = np.uint64(1)
    for i in range(count):
        blo = lo[i]
        bhi = hi[i]
        t = 0
        for c in range(nv):
            if (c < 64 and (blo >> np.uint64(c)) & one) or (c >= 64 and (bhi >> np.uint64(c - 64)) & one):
                continue
            if t >= d:
                return False
            u = np.int64(nbr[i, t])
            t += 1
            if u >= nv:
                return False
            if not ((u < 64 and (blo >> np.uint64(u)) & one) or (u >= 64 and (bhi >> np.uint64(u - 64)) & one)):
                return False
            klo, khi = flip(blo, bhi, u)
            klo, khi = flip(klo, khi, c)
            j = lookup(table, lo, hi, klo, khi)
            if j < 0 or j >= count:
                return False
        if t != d:
            return False
    return True


@njit(cache=True, nogil=True)
def basis_numerators(Mres, primes, bases, out):
    """Residues of the exact vertex numerators of some bases (Cramer's rule, modulo each prime).

    For basis ``bases[b]`` (basic variable per row) with basic structural variables Z and
    rows R whose slack is nonbasic, the vertex is ``z_Z = M[R, Z]⁻¹·1``; ``det M[R, Z] · z``
    is an integer vector N (Cramer: each entry is a minor of ``[M | 1]``, so ``|N_j| ≤ H`` of
    :func:`choose_primes`). Writes ``out[b, s, j] = N_j mod p_s`` (0 for nonbasic j) by
    Gauss–Jordan elimination modulo ``p_s``. Returns -1, or the first b whose matrix is
    singular modulo some prime (the caller then solves that one in integers)."""
    P, k, d = Mres.shape
    G = np.empty((k, k + 1), np.int64)
    Z = np.empty(k, np.int64)
    Rw = np.empty(k, np.int64)
    for b in range(bases.shape[0]):
        nz = 0
        for r in range(k):
            v = bases[b, r]
            if v < d:
                Z[nz] = v
                nz += 1
        Z[:nz].sort()
        nr = 0
        for i in range(k):
            slack_basic = False
            for r in range(k):
                if bases[b, r] == d + i:
                    slack_basic = True
                    break
            if not slack_basic:
                Rw[nr] = i
                nr += 1
        if nr != nz:
            return b
        for s in range(P):
            p = primes[s]
            pi = 1.0 / p
            for a in range(nz):
                for c in range(nz):
                    G[a, c] = Mres[s, Rw[a], Z[c]]
                G[a, nz] = 1
            det = 1
            for c in range(nz):
                piv = -1
                for a in range(c, nz):
                    if G[a, c] != 0:
                        piv = a
                        break
                if piv < 0:
                    return b
                if piv != c:
                    for t in range(nz + 1):
                        G[c, t], G[piv, t] = G[piv, t], G[c, t]
                    det = p - det if det else 0
                g = G[c, c]
                det = _mulmod(det, g, p, pi)
                ig = _invmod(g, p, pi)
                for t in range(c, nz + 1):
                    G[c, t] = _mulmod(G[c, t], ig, p, pi)
                for a in range(nz):
                    f = G[a, c]
                    if a == c or f == 0:
                        continue
                    for t in range(c, nz + 1):
                        x = G[a, t] - _mulmod(f, G[c, t], p, pi)
                        G[a, t] = x + p if x < 0 else x
            for j in range(d):
                out[b, s, j] = 0
            for c in range(nz):
                out[b, s, Z[c]] = _mulmod(G[c, nz], det, p, pi)
    return -1
