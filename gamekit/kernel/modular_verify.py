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
from gamekit.kernel.modular_float import PRIME_BOUND, garner_signs, invmod, mulmod, reduce, sign_one

__all__ = ["choose_primes", "hadamard_bound_sq", "verify_tree", "closure_certificate", "PRIMES"]


def _largest_primes_below(bound: int, count: int) -> list[int]:
    """The ``count`` largest primes below ``bound`` (deterministic Miller–Rabin: the bases
    2…17 decide primality below 3.4·10¹⁴)."""

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

    out, n = [], bound - 1 if bound % 2 == 0 else bound - 2
    while len(out) < count:
        if is_prime(n):
            out.append(n)
        n -= 2
    return out


PRIMES = _largest_primes_below(PRIME_BOUND, 200)
"""The verification primes: the 200 largest primes below 2²⁷ − 16 (all above 2²⁶), the
range of the exact float64 arithmetic of :mod:`gamekit.kernel.modular_float`."""

def hadamard_bound_sq(M: Sequence[Sequence[int]]) -> int:
    """``H²`` for ``[M | I | 1]``: the product of the k largest squared column norms (exact)."""
    k = len(M)
    norms = [sum(row[j] * row[j] for row in M) for j in range(len(M[0]))]
    norms += [1] * k + [k]
    norms.sort(reverse=True)
    return prod(norms[:k])


def _choose_from(M: Sequence[Sequence[int]], pool: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`choose_primes` with the primes taken in order from ``pool``."""
    H2 = hadamard_bound_sq(M)
    chosen: list[int] = []
    Pi = 1
    for p in pool:
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


def choose_primes(M: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Primes from :data:`PRIMES` with product Π > 2H (checked exactly: Π² > 4H²), the
    table of inverses ``inv[j, i] = p_j⁻¹ mod p_i`` and the mixed-radix digits of
    (Π − 1)/2; None if more than 200 primes would be needed."""
    return _choose_from(M, PRIMES)

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


@njit(cache=True, nogil=True, fastmath={"contract"})
def _pivot(S, C, Dold, Dinv, Dnew, r, c, primes, pinv):
    """Fraction-free exchange pivot on (r, c), out of place: ``C`` = the tableau of the
    child basis from ``S`` (residues of the integer tableau ``N = det B · B⁻¹[A_N | 1]``).

    With A = N_rc (the new determinant, Cramer), D = det B and D⁻¹ modulo each prime:
    ``N′_ij = (A·N_ij − N_ic·N_rj) / D`` (i ≠ r, j ≠ c; the division is exact in ℤ — Edmonds
    / the lrs dictionary — so modulo p it is the product by D⁻¹), ``N′_rj = N_rj``,
    ``N′_ic = −N_ic``, ``N′_rc = D``. Each entry is one difference of two balanced products,
    ``α·N_ij − β_i·N_rj`` with α = A·D⁻¹ and β_i = N_ic·D⁻¹, and one reduction
    (:mod:`gamekit.kernel.modular_float`); the inner loop runs over a contiguous row.
    The caller has checked that A does not vanish modulo any prime (:func:`_pivot_ok`)."""
    P, k, W = S.shape
    for s in range(P):
        p = primes[s]
        pi = pinv[s]
        A = S[s, r, c]
        alpha = mulmod(A, Dinv[s], p, pi)
        for i in range(k):
            if i == r:
                for j in range(W):
                    C[s, i, j] = S[s, i, j]
                C[s, i, c] = Dold[s]
                continue
            beta = mulmod(S[s, i, c], Dinv[s], p, pi)
            for j in range(W):
                C[s, i, j] = reduce(alpha * S[s, i, j] - beta * S[s, r, j], p, pi)
            C[s, i, c] = -S[s, i, c]
        Dnew[s] = A


@njit(cache=True, nogil=True)
def _pivot_ok(S, r, c):
    """The pivot entry N_rc is nonzero modulo every prime (else the check fails: the child
    basis is singular, or its determinant is divisible by a prime)."""
    for s in range(S.shape[0]):
        if S[s, r, c] == 0.0:
            return False
    return True


@njit(cache=True, nogil=True, fastmath={"contract"})
def _child_rhs(S, r, c, d, Dinv, primes, pinv, res):
    """The right-hand column and the determinant of the child's tableau (as :func:`_pivot`
    would compute them) into ``res[:, :k]`` and ``res[:, k]``, without the full pivot: a
    leaf of the tree needs nothing else unless one of its rows is at value 0."""
    P, k, W = S.shape
    for s in range(P):
        p = primes[s]
        pi = pinv[s]
        A = S[s, r, c]
        alpha = mulmod(A, Dinv[s], p, pi)
        x = S[s, r, d]
        for i in range(k):
            beta = mulmod(S[s, i, c], Dinv[s], p, pi)
            res[s, i] = reduce(alpha * S[s, i, d] - beta * x, p, pi)
        res[s, r] = x
        res[s, k] = A


@njit(cache=True, nogil=True)
def _tableau_rhs(T, D, d, res):
    """``res[:, :k]`` = the right-hand column of T, ``res[:, k]`` = D."""
    P, k, W = T.shape
    for s in range(P):
        for i in range(k):
            res[s, i] = T[s, i, d]
        res[s, k] = D[s]


@njit(cache=True, nogil=True)
def _lexico_lead(T, Dsign, basic, pos, i, d, primes, pinv, inv, half, col, digits):
    """Sign of the first nonzero entry of row i of B⁻¹ (the slack columns in order): a
    basic slack's column of B⁻¹ is a unit vector, a nonbasic one's is a tableau column."""
    P, k, W = T.shape
    for t in range(k):
        q = pos[d + t]
        if q < 0:
            lead = 1 if basic[i] == d + t else 0
        else:
            for s in range(P):
                col[s] = T[s, i, q]
            lead = sign_one(col, primes, pinv, inv, half, digits) * Dsign
        if lead != 0:
            return lead
    return 0


@njit(cache=True, nogil=True)
def _check_node(T, have_T, basic, pos, nlo, nhi, d, primes, pinv, inv, half, work):
    """Exact lexico-feasibility of the current basis, whose right-hand column and
    determinant (residues of the integers ``N_i,rhs`` and D) are in ``work[0]``; T is its
    tableau if ``have_T``. Returns (code, tight_lo, tight_hi): code 1 (lexico-feasible),
    0 (not), −1 (a row at value 0 needs the tableau, which the caller must compute); the
    masks are the labels, nonbasic variables and basic ones at 0.

    The signs of all ``N_i,rhs`` and of D come from one vectorized Garner pass
    (:func:`gamekit.kernel.modular_float.garner_signs`); ``(B⁻¹·1)_i = N_i,rhs / D``. Rows at
    value 0 need the lexicographic tie-break (:func:`_lexico_lead`)."""
    res, digits, signs, col, dig1 = work
    k = basic.shape[0]
    garner_signs(res, k + 1, primes, pinv, inv, half, digits, signs)
    Dsign = signs[k]
    z = np.uint64(0)
    if Dsign == 0:
        return 0, z, z
    tlo = nlo
    thi = nhi
    for i in range(k):
        sg = signs[i] * Dsign
        if sg < 0:
            return 0, tlo, thi
        if sg > 0:
            continue
        if not have_T:
            return -1, z, z
        v = basic[i]
        if v < 64:
            tlo |= np.uint64(1) << np.uint64(v)
        else:
            thi |= np.uint64(1) << np.uint64(v - 64)
        if _lexico_lead(T, Dsign, basic, pos, i, d, primes, pinv, inv, half, col, dig1) <= 0:
            return 0, tlo, thi
    return 1, tlo, thi

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
def _float_tables(primes, inv, half):
    """float64 copies of the prime data: primes, 1/p, balanced ``inv``, digits of (Π−1)/2."""
    pf = primes.astype(np.float64)
    pinv = 1.0 / pf
    P = primes.shape[0]
    invf = np.zeros((P, P))
    for t in range(P):
        for s in range(P):
            x = inv[t, s]
            invf[t, s] = x - primes[s] if 2 * x > primes[s] else x
    return pf, pinv, invf, half.astype(np.float64)


@njit(cache=True, nogil=True)
def _root(Mres, primes, T, D):
    """The slack basis: N = [M | 1] (balanced residues), det 1."""
    P, k, d = Mres.shape
    for s in range(P):
        p = primes[s]
        for i in range(k):
            for j in range(d):
                x = np.float64(Mres[s, i, j])
                T[s, i, j] = x - p if 2.0 * x > p else x
            T[s, i, d] = 1.0
        D[s] = 1.0


@njit(cache=True, nogil=True)
def verify_tree(Mres, primes, inv, half, parent, enter, leave, count, lo, hi, labels):
    """Check nodes 0..count-1 exactly (see the module docstring): node i > 0 is its parent
    with variable ``enter[i]`` entering and ``leave[i]`` leaving; its basic set must be the
    mask (``lo[i]``, ``hi[i]``) the search recorded. Fills ``labels[i]`` with the exact
    label mask (two words) of node i. Returns -1 if every node is lexico-feasible, else
    the index of the first failure (in depth-first order, children in index order).

    Depth-first over the tree; the integer tableaux along the current path are kept (one
    per level of the breadth-first tree, whose depth is small), so each node costs one
    out-of-place pivot (:func:`_pivot`) from its parent's tableau, and each node with
    children one modular inverse of its determinant (:func:`gamekit.kernel.modular_float.invmod`)."""
    P, k, d = Mres.shape
    pf, pinv, invf, halff = _float_tables(primes, inv, half)
    L = _tree_depth(parent, count) + 2
    Ts = np.zeros((L, P, k, d + 1))
    Ds = np.ones((L, P))
    Dinvs = np.ones((L, P))
    bases = np.empty((L, k), np.int64)
    poss = np.empty((L, d + k), np.int64)
    nmask = np.zeros((L, 2), np.uint64)
    _root(Mres, pf, Ts[0], Ds[0])
    bases[0] = np.arange(d, d + k)
    poss[0, :d] = np.arange(d)
    poss[0, d:] = -1
    for v in range(d):
        nmask[0, 0], nmask[0, 1] = flip(nmask[0, 0], nmask[0, 1], v)
    work = (np.empty((P, k + 1)), np.empty((P, k + 1)), np.empty(k + 1, np.int64), np.empty(P), np.empty(P))
    start, kids = _children(parent, count)
    stack = np.empty(L, np.int64)
    nxt = np.empty(L, np.int64)
    _tableau_rhs(Ts[0], Ds[0], d, work[0])
    ok, e, f = _check_node(Ts[0], True, bases[0], poss[0], nmask[0, 0], nmask[0, 1], d, pf, pinv, invf, halff, work)
    labels[0, 0], labels[0, 1] = e, f
    if ok != 1 or not _same_basis(nmask[0, 0], nmask[0, 1], lo[0], hi[0], d + k):
        return 0
    top = 0
    stack[0] = 0
    nxt[0] = start[0]
    if start[1] > start[0]:
        invmod(Ds[0], pf, pinv, Dinvs[0])
    while top >= 0:
        u = stack[top]
        if nxt[top] >= start[u + 1]:
            top -= 1
            continue
        v = kids[nxt[top]]
        nxt[top] += 1
        basic = bases[top + 1]
        basic[:] = bases[top]
        pos = poss[top + 1]
        pos[:] = poss[top]
        r = -1
        for i in range(k):
            if basic[i] == leave[v]:
                r = i
        c = pos[enter[v]]
        if r < 0 or c < 0 or not _pivot_ok(Ts[top], r, c):
            return v
        inner = start[v + 1] > start[v]
        if inner:
            _pivot(Ts[top], Ts[top + 1], Ds[top], Dinvs[top], Ds[top + 1], r, c, pf, pinv)
            _tableau_rhs(Ts[top + 1], Ds[top + 1], d, work[0])
        else:  # a leaf: its right-hand column is enough, unless a row is at value 0
            _child_rhs(Ts[top], r, c, d, Dinvs[top], pf, pinv, work[0])
        pos[basic[r]] = c
        basic[r] = enter[v]
        pos[enter[v]] = -1
        a, b = flip(nmask[top, 0], nmask[top, 1], leave[v])
        a, b = flip(a, b, enter[v])
        nmask[top + 1, 0], nmask[top + 1, 1] = a, b
        ok, e, f = _check_node(Ts[top + 1], inner, basic, pos, a, b, d, pf, pinv, invf, halff, work)
        if ok < 0:
            _pivot(Ts[top], Ts[top + 1], Ds[top], Dinvs[top], Ds[top + 1], r, c, pf, pinv)
            _tableau_rhs(Ts[top + 1], Ds[top + 1], d, work[0])
            ok, e, f = _check_node(Ts[top + 1], True, basic, pos, a, b, d, pf, pinv, invf, halff, work)
        labels[v, 0], labels[v, 1] = e, f
        if ok != 1 or not _same_basis(a, b, lo[v], hi[v], d + k):
            return v
        top += 1
        stack[top] = v
        nxt[top] = start[v]
        if start[v + 1] > start[v]:
            invmod(Ds[top], pf, pinv, Dinvs[top])
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
