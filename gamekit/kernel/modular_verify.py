"""Exact re-check of candidate bases: multi-modular integer arithmetic with a Hadamard bound.

Every entry of the tableau ``B⁻¹[M | I | 1]`` of a basis ``B`` is ``N / det B`` with ``N`` a
k×k minor of ``[M | I | 1]`` (Cramer's rule), so ``|N| ≤ H``, the product of the k largest
column norms (Hadamard's inequality). With primes ``p_1 … p_P`` whose product exceeds
``2H``, the residues of ``N`` determine ``N`` exactly (Chinese remainder theorem, symmetric
range), and its sign is read off one floating-point Chinese-remainder pass with a proved
error bound (:func:`gamekit.kernel.modular_float.crt_signs`; primes: :func:`choose_primes`).
The residues are integers held in float64 lanes, modulo primes 2²⁶ < p < 2²⁷ − 16, where
every operation is exact (:mod:`gamekit.kernel.modular_float`, lemma there): no rounding
ever reaches a residue, and the row loops vectorize.

:func:`verify_tree` walks the spanning tree of the candidate bases produced by the float
search (:mod:`gamekit.kernel.float_search`) depth first, reaching each basis from its
parent by one exact fraction-free pivot modulo the primes it needs (the integer tableau
``det B · B⁻¹[A_N | 1]`` of lrs; one tableau per level of the current path), and checks
**exactly** that each basis is lexico-feasible: every row of ``(B⁻¹·1, B⁻¹)`` is
lexicographically positive (:mod:`gamekit.kernel.pivot`). A basis with structural columns Z
reads only integers bounded by ``H_B = √k·∏_{j∈Z} ‖M_j‖`` (Hadamard again), so its check uses
only as many primes as ``2H_B`` needs (:func:`_prime_counts`; the column norms from
:func:`column_logs`, exact for entries of any size), and each integer it reads only as many
as its own bound needs (:func:`_check_node`). It also returns the exact
label set of each basis (the nonbasic variables and the basic ones at value 0). Any failure
— a basis that is singular or not lexico-feasible, a pivot that vanishes modulo one of the
primes used — is reported, and the caller falls back to the exact search. The method and
its bounds: docs/modular-verify.md.

This module imports numba: import it lazily.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from numba import njit
from numba.core.cpu import CPUTargetOptions

from gamekit.kernel.float_search import flip, lookup, slot
from gamekit.kernel.linalg import hadamard_bound_sq
from gamekit.kernel.modular_float import (
    PRIME_BOUND,
    crt_sign_one,
    crt_signs,
    crt_table,
    invmod_row,
    mulmod,
    reduce,
)

__all__ = ["choose_primes", "column_logs", "hadamard_bound_sq", "verify_tree", "closure_certificate", "closure_misses",
           "all_present", "PRIMES"]

# numba's (private, long-standing) switch that compiles a function without reference counting
_NO_REFCOUNT: dict[str, Any] = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}  # numba-private option


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

    out: list[int] = []
    n = bound - 1 if bound % 2 == 0 else bound - 2
    while len(out) < count:
        if is_prime(n):
            out.append(n)
        n -= 2
    return out


PRIMES = _largest_primes_below(PRIME_BOUND, 200)
"""The verification primes: the 200 largest primes below 2²⁷ − 16 (all above 2²⁶), the
range of the exact float64 arithmetic of :mod:`gamekit.kernel.modular_float`."""

def _inverse_table(pool: Sequence[int]) -> np.ndarray:
    """``inv[j, i] = pool[j]⁻¹ mod pool[i]`` (0 on the diagonal) for distinct primes below
    2³¹, by Fermat — p_j^(p_i − 2) mod p_i — square-and-multiply over the whole table at
    once in int64 numpy (every product of two residues is below 2⁶²)."""
    p = np.array(pool, dtype=np.int64)
    base = p[:, None] % p[None, :]
    e = np.broadcast_to(p[None, :] - 2, base.shape)
    out = np.ones_like(base)
    for bit in range(int(p.max()).bit_length()):
        use = (e >> bit) & 1 == 1
        out = np.where(use, out * base % p[None, :], out)
        base = base * base % p[None, :]
    np.fill_diagonal(out, 0)
    return out


_INVERSES: list[np.ndarray] = []
"""The :func:`_inverse_table` of a prefix of :data:`PRIMES`, computed on first use and
widened when a larger one is needed (a constant: the table of a shorter prefix is its
leading block)."""


def _primes_inverse(P: int) -> np.ndarray:
    """The leading P×P block of the inverse table of :data:`PRIMES` (a copy)."""
    if not _INVERSES or len(_INVERSES[-1]) < P:
        _INVERSES.append(_inverse_table(PRIMES[: min(len(PRIMES), max(32, 2 * P))]))
    return _INVERSES[-1][:P, :P].copy()


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
    inv = _primes_inverse(P) if pool is PRIMES else _inverse_table(chosen)
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


class Path(NamedTuple):
    """Per level of the current tree path: the residues of the integer tableau ``Ts`` (level,
    prime, row, column), of its determinant ``Ds`` and of the inverse ``Dinvs``, the basic
    variable of each row ``bases``, the column of each nonbasic variable ``poss`` (−1 if
    basic) and the nonbasic mask ``nmask`` (two words)."""

    Ts: np.ndarray
    Ds: np.ndarray
    Dinvs: np.ndarray
    bases: np.ndarray
    poss: np.ndarray
    nmask: np.ndarray


class PrimeTables(NamedTuple):
    """float64 copies of the prime data (:func:`_float_tables`): the primes ``pf``, their
    inverses ``pinv``, the balanced table ``invf[t, s]`` = p_t⁻¹ mod p_s, the mixed-radix
    digits ``halff`` and the CRT factors ``crt[m − 1, s]`` = (Π_m/p_s)⁻¹ mod p_s
    (:func:`gamekit.kernel.modular_float.crt_table`)."""

    pf: np.ndarray
    pinv: np.ndarray
    invf: np.ndarray
    halff: np.ndarray
    crt: np.ndarray


class Tree(NamedTuple):
    """The candidate tree: node i > 0 is its parent with ``enter[i]`` entering and
    ``leave[i]`` leaving; ``mnode``/``msub``: primes for the node / its subtree
    (:func:`_prime_counts`); ``kids[start[i]:start[i+1]]``: its children; ``lo``/``hi``:
    the basic masks the search recorded; ``E``, ``e``, ``e1``, ``level``: the bounds of
    :func:`_prime_counts` (per node, per column, of the column 1, per prime count)."""

    enter: np.ndarray
    leave: np.ndarray
    mnode: np.ndarray
    msub: np.ndarray
    start: np.ndarray
    kids: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    E: np.ndarray
    e: np.ndarray
    e1: np.int64
    level: np.ndarray


class Scratch(NamedTuple):
    """Work arrays: a right-hand column and determinant (``res``), their signs (``signs``),
    one entry over the primes and its Garner digits (``col``, ``dig1``), the walk's stack
    of nodes and next child per level (``stack``, ``nxt``) and the number of primes each
    entry of the right-hand column is read modulo (``ms``)."""

    res: np.ndarray
    signs: np.ndarray
    col: np.ndarray
    dig1: np.ndarray
    stack: np.ndarray
    nxt: np.ndarray
    ms: np.ndarray


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def _pivot(path, top, r, c, pt, m):
    """Fraction-free exchange pivot on (r, c), out of place: level ``top + 1`` of the path
    arrays gets the child's tableau from level ``top`` (residues of the integer tableau
    ``N = det B · B⁻¹[A_N | 1]`` and of det B).

    With A = N_rc (the new determinant, Cramer), D = det B and D⁻¹ modulo each prime:
    ``N′_ij = (A·N_ij − N_ic·N_rj) / D`` (i ≠ r, j ≠ c; the division is exact in ℤ — Edmonds
    / the lrs dictionary — so modulo p it is the product by D⁻¹), ``N′_rj = N_rj``,
    ``N′_ic = −N_ic``, ``N′_rc = D``. Each entry is one difference of two balanced products,
    ``α·N_ij − β_i·N_rj`` with α = A·D⁻¹ and β_i = N_ic·D⁻¹, and one reduction
    (:mod:`gamekit.kernel.modular_float`); the inner loop runs over a contiguous row.
    Modulo the first m primes; the caller has checked that A does not vanish modulo them
    (:func:`_pivot_ok`)."""
    Ts, Ds, Dinvs = path.Ts, path.Ds, path.Dinvs
    primes, pinv = pt.pf, pt.pinv
    L, P, k, W = Ts.shape
    u = top
    v = top + 1
    for s in range(m):
        p = primes[s]
        pi = pinv[s]
        A = Ts[u, s, r, c]
        alpha = mulmod(A, Dinvs[u, s], p, pi)
        for i in range(k):
            if i == r:
                for j in range(W):
                    Ts[v, s, i, j] = Ts[u, s, i, j]
                Ts[v, s, i, c] = Ds[u, s]
                continue
            beta = mulmod(Ts[u, s, i, c], Dinvs[u, s], p, pi)
            for j in range(W):
                Ts[v, s, i, j] = reduce(alpha * Ts[u, s, i, j] - beta * Ts[u, s, r, j], p, pi)
            Ts[v, s, i, c] = -Ts[u, s, i, c]
        Ds[v, s] = A


@njit(cache=True, nogil=True, inline="always")
def _pivot_ok(Ts, top, r, c, m):
    """The pivot entry N_rc is nonzero modulo each of the first m primes (else the check
    fails: the child basis is singular, or its determinant is divisible by one of them)."""
    for s in range(m):
        if Ts[top, s, r, c] == 0.0:
            return False
    return True


@njit(cache=True, nogil=True, fastmath={"contract"}, inline="always")
def _child_rhs(path, top, r, c, d, pt, res, m):
    """The right-hand column and the determinant of the child's tableau (as :func:`_pivot`
    would compute them) into ``res[:m, :k]`` and ``res[:m, k]``, without the full pivot: a
    leaf of the tree needs nothing else unless one of its rows is at value 0."""
    Ts, Dinvs = path.Ts, path.Dinvs
    primes, pinv = pt.pf, pt.pinv
    k = Ts.shape[2]
    for s in range(m):
        p = primes[s]
        pi = pinv[s]
        A = Ts[top, s, r, c]
        alpha = mulmod(A, Dinvs[top, s], p, pi)
        x = Ts[top, s, r, d]
        for i in range(k):
            beta = mulmod(Ts[top, s, i, c], Dinvs[top, s], p, pi)
            res[s, i] = reduce(alpha * Ts[top, s, i, d] - beta * x, p, pi)
        res[s, r] = x
        res[s, k] = A


@njit(cache=True, nogil=True, inline="always")
def _tableau_rhs(path, lvl, d, res, m):
    """``res[:m, :k]`` = the right-hand column of the tableau at level ``lvl``, ``res[:m, k]`` = D."""
    Ts, Ds = path.Ts, path.Ds
    k = Ts.shape[2]
    for s in range(m):
        for i in range(k):
            res[s, i] = Ts[lvl, s, i, d]
        res[s, k] = Ds[lvl, s]


@njit(cache=True, nogil=True, inline="always")
def _lexico_lead(path, lvl, Dsign, i, d, m, pt, col, digits):
    """Sign of the first nonzero entry of row i of B⁻¹ (the slack columns in order): a
    basic slack's column of B⁻¹ is a unit vector, a nonbasic one's is a tableau column."""
    Ts, bases, poss = path.Ts, path.bases, path.poss
    k = Ts.shape[2]
    for t in range(k):
        q = poss[lvl, d + t]
        if q < 0:
            lead = 1 if bases[lvl, i] == d + t else 0
        else:
            for s in range(m):
                col[s] = Ts[lvl, s, i, q]
            lead = crt_sign_one(col, m, pt.pf, pt.pinv, pt.invf, pt.halff, pt.crt, digits) * Dsign
        if lead != 0:
            return lead
    return 0


@njit(cache=True, nogil=True, inline="always")
def _primes_for(level, E, m):
    """The fewest primes, at most m, whose product Π satisfies Π² > 4·H² for a Hadamard
    bound with 8·log₂ H² ≤ E (:func:`_prime_counts`): binary search in ``level``."""
    lo = 1
    hi = m
    while lo < hi:
        mid = (lo + hi) // 2
        if level[mid] >= np.int64(E) + 17:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True, nogil=True, inline="always")
def _check_node(path, lvl, have_T, nlo, nhi, d, m, pt, sc, tree, v):
    """Exact lexico-feasibility of the basis at level ``lvl`` (node v of the tree), whose
    right-hand column and determinant (residues of the integers ``N_i,rhs`` and D modulo the
    first m primes, enough for this basis: :func:`_prime_counts`) are in ``sc.res``; its
    tableau is at level ``lvl`` if ``have_T``. Returns (code, tight_lo, tight_hi): code 1
    (lexico-feasible), 0 (not), −1 (a row at value 0 needs the tableau, which the caller
    must compute); the masks are the labels, nonbasic variables and basic ones at 0.

    The signs of all ``N_i,rhs`` and of D come from one vectorized pass of the
    floating-point Chinese remainder theorem, Garner's mixed radix for the few it leaves
    open (:func:`gamekit.kernel.modular_float.crt_signs`); ``(B⁻¹·1)_i = N_i,rhs / D``.
    Each integer is read modulo the primes its own Hadamard bound needs (the CRT pass
    decides a sign when the integer is not far below the product of its primes): with
    E_B = e1 + Σ_{j∈Z} e[j] the bound of the node, ``N_i,rhs`` is det B with the column of
    the basic variable b_i replaced by 1, so 8·log₂ N_i² ≤ E_B − e[b_i] (e = 0 for a
    slack), and 8·log₂ D² ≤ E_B − e1. Rows at value 0 need the lexicographic tie-break
    (:func:`_lexico_lead`)."""
    bases = path.bases
    signs = sc.signs
    k = bases.shape[1]
    E = tree.E[v]
    for i in range(k):
        sc.ms[i] = _primes_for(tree.level, E - tree.e[bases[lvl, i]], m)
    sc.ms[k] = _primes_for(tree.level, E - tree.e1, m)
    crt_signs(sc.res, k + 1, sc.ms, pt.pf, pt.pinv, pt.invf, pt.halff, pt.crt, sc.col, sc.dig1, signs)
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
        v = bases[lvl, i]
        if v < 64:
            tlo |= np.uint64(1) << np.uint64(v)
        else:
            thi |= np.uint64(1) << np.uint64(v - 64)
        if _lexico_lead(path, lvl, Dsign, i, d, m, pt, sc.col, sc.dig1) <= 0:
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
    fill = np.empty(count, np.int32)
    for i in range(count):
        fill[i] = start[i]
    kids = np.empty(max(count - 1, 1), np.int32)
    for i in range(1, count):
        kids[fill[parent[i]]] = i
        fill[parent[i]] += 1
    return start, kids


@njit(cache=True, nogil=True)
def _tree_depth(parent, count):
    """Depth of the breadth-first tree (parent[i] < i)."""
    depth = np.zeros(count, np.int32)
    deepest = 0
    for i in range(1, count):
        depth[i] = depth[parent[i]] + 1
        deepest = max(deepest, depth[i])
    return deepest


def _log_tables() -> tuple[np.ndarray, np.ndarray]:
    """``CEIL8[x] = ⌈8·log₂ x⌉`` and ``FLOOR8[x] = ⌊8·log₂ x⌋`` for 1 ≤ x ≤ 256, exactly (from
    the bit lengths of x⁸)."""
    ceil8 = [0] + [(x**8 - 1).bit_length() for x in range(1, 257)]
    floor8 = [0] + [(x**8).bit_length() - 1 for x in range(1, 257)]
    return np.array(ceil8, np.int64), np.array(floor8, np.int64)


CEIL8, FLOOR8 = _log_tables()
_UNBOUNDED = 1 << 20  # a column with an entry ≥ 2²⁶: no per-basis bound (> the 2·200·216 of 200 primes)


@njit(cache=True, nogil=True)
def _log8(n, up):
    """An integer bound on 8·log₂ n (n ≥ 1): upper if ``up`` else lower, from the top 8 bits
    of n and the exact tables (n < (t+1)·2^sh and n ≥ t·2^sh with t = n >> sh)."""
    if n <= 256:
        return CEIL8[n] if up else FLOOR8[n]
    sh = 0
    while (n >> sh) >= 256:
        sh += 1
    t = n >> sh
    return 8 * sh + (CEIL8[t + 1] if up else FLOOR8[t])


@njit(cache=True, nogil=True)
def _column_logs(Mres, primes):
    """``e[v] ≥ 8·log₂ ‖column v of [M | I]‖²`` (0 for slacks) and ``e1 ≥ 8·log₂ k`` (the
    column 1). An entry is recovered exactly when its residues agree and are < 2²⁶ (then
    it *is* that value: 0 < M_ij ≤ H < Π/2); a column with another entry gets no bound."""
    P, k, d = Mres.shape
    e = np.zeros(d + k, np.int64)
    for j in range(d):
        n2 = 0
        for i in range(k):
            x = Mres[0, i, j]
            small = x < (1 << 26)
            for s in range(1, P):
                small = small and Mres[s, i, j] == x
            if not small:
                n2 = -1
                break
            n2 += x * x
        e[j] = _UNBOUNDED if n2 < 0 else _log8(max(n2, 1), True)
    return e, _log8(k, True)


@njit(cache=True, nogil=True)
def _prime_counts(Mres, primes, parent, enter, leave, count, e, e1):
    """For every node: ``mnode`` = how many primes its own check needs, ``msub`` = the most
    any node of its subtree needs (its tableau is computed modulo that many), ``E`` = the
    bound E_B below; and ``level[m]`` = 2·Σ_{s<m} ⌊8·log₂ p_s⌋.

    Per basis B with basic structural columns Z, every integer the check reads — det B,
    the numerators of B⁻¹·1 and of B⁻¹ — is a k×k minor of B with one column replaced by 1
    (norm √k) or a unit vector, so by Hadamard its square is ≤ k·∏_{j∈Z} ‖M_j‖² (all norms
    ≥ 1), i.e. 8·log₂(H_B²) ≤ E_B = e1 + Σ_{j∈Z} e[j]. The first m primes suffice when
    Π_m² > 4·H_B², which holds when 2·Σ_{s<m} ⌊8·log₂ p_s⌋ ≥ E_B + 17; never more than
    all P (chosen for the global bound). E along the tree follows the entering and leaving
    variables (a node whose pivot is not valid fails before its count is used). ``e`` and
    ``e1``: :func:`column_logs` or :func:`_column_logs`."""
    P, k, d = Mres.shape
    level = np.zeros(P + 1, np.int64)
    for s in range(P):
        level[s + 1] = level[s] + 2 * _log8(np.int64(primes[s]), False)
    E = np.empty(count, np.int32)  # |E| ≤ e1 + 128·2²⁰ < 2³¹; 6 bytes per basis in all
    mnode = np.empty(count, np.uint8)  # P ≤ 200
    E[0] = e1
    for i in range(count):
        if i > 0:
            E[i] = E[parent[i]]
            if enter[i] < d:
                E[i] += e[enter[i]]
            if leave[i] < d:
                E[i] -= e[leave[i]]
        m = 1
        while m < P and level[m] < np.int64(E[i]) + 17:
            m += 1
        mnode[i] = m
    msub = np.empty(count, np.uint8)
    for i in range(count):
        msub[i] = mnode[i]
    for i in range(count - 1, 0, -1):
        msub[parent[i]] = max(msub[parent[i]], msub[i])
    return mnode, msub, E, level


def _log8_up(n: int) -> int:
    """``⌈8·log₂ n⌉`` for an integer n ≥ 1, exactly (the upper branch of :func:`_log8`, for
    Python integers of any size)."""
    if n <= 256:
        return int(CEIL8[n])
    sh = n.bit_length() - 8
    return 8 * sh + int(CEIL8[(n >> sh) + 1])


def column_logs(M: Sequence[Sequence[int]]) -> tuple[np.ndarray, int]:
    """``(e, e1)``: ``e[j] ≥ 8·log₂ ‖column j of M‖²`` for j < d (0 for the k slack columns)
    (at most ``_UNBOUNDED``, which exceeds what all the primes cover) and
    ``e1 ≥ 8·log₂ k`` — the column bounds of :func:`_prime_counts`, exact in Python
    integers for entries of any size (the compiled :func:`_column_logs` reads them off the
    residues and gives no bound for a column with an entry of 2²⁶ or more, so that every
    basis using it is checked modulo all the primes).

    Examples
    --------
    >>> e, e1 = column_logs([[3, 10**30], [4, 1]])  # column norms² 25 and 10⁶⁰ + 1
    >>> [int(x) for x in e], e1
    ([38, 1595, 0, 0], 8)
    """
    k, d = len(M), len(M[0])
    e = np.zeros(d + k, np.int64)
    for j in range(d):
        e[j] = min(_UNBOUNDED, _log8_up(max(1, sum(row[j] * row[j] for row in M))))
    return e, _log8_up(k)


def _float_tables(primes: np.ndarray, inv: np.ndarray, half: np.ndarray) -> PrimeTables:
    """float64 copies of the prime data (:class:`PrimeTables`): primes, 1/p, balanced
    ``inv``, the mixed-radix digits (p_s − 1)/2 of (Π_m − 1)/2, the same for every
    m ≤ P (they are ``half``), and the CRT factors of every prefix of the primes."""
    pf = primes.astype(np.float64)
    pinv = 1.0 / pf
    invf = np.where(2 * inv > primes[None, :], inv - primes[None, :], inv).astype(np.float64)
    crt = np.empty((len(pf), len(pf)))
    crt_table(pf, pinv, invf, crt)
    return PrimeTables(pf, pinv, invf, (pf - 1.0) / 2.0, crt)


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


def _path_state(Mres: np.ndarray, primes: np.ndarray, L: int) -> Path:
    """The :class:`Path` arrays for L levels; level 0 = the slack basis. (numpy around
    the compiled :func:`_root`: no allocation compiled.)"""
    P, k, d = Mres.shape
    Ts = np.zeros((L, P, k, (d + 4) // 4 * 4))  # rows padded with zero columns to whole vectors
    path = Path(Ts, np.ones((L, P)), np.ones((L, P)), np.empty((L, k), np.int64), np.empty((L, d + k), np.int64),
                np.zeros((L, 2), np.uint64))
    _root(Mres, primes, Ts[0], path.Ds[0])
    path.bases[0] = np.arange(d, d + k)
    path.poss[0, :d] = np.arange(d)
    path.poss[0, d:] = -1
    full = (1 << d) - 1  # the structural variables 0..d-1 are nonbasic
    path.nmask[0] = (full & ((1 << 64) - 1), full >> 64)
    return path


@njit(cache=True, nogil=True, inline="always")
def _visit(v, top, path, tree, pt, sc, m_own, m_tab, inner, d):
    """Reach node v from its parent (level ``top``; ``top`` = −1 for the root, whose
    tableau is at level 0 already) and check it: (code, labels lo, hi), code 1 ok, 0 not
    lexico-feasible, −2 not a valid pivot (labels not computed). Internal nodes get their
    tableau modulo ``m_tab`` primes (their subtree's need), leaves only their right-hand
    column modulo ``m_own`` (unless a row is at value 0)."""
    bases, poss, nmask = path.bases, path.poss, path.nmask
    k = bases.shape[1]
    z = np.uint64(0)
    w = top + 1
    r = -1
    c = -1
    m = m_tab if inner else m_own
    full = inner or top < 0
    if top >= 0:
        ev = np.int64(tree.enter[v])
        lv = np.int64(tree.leave[v])
        if ev >= d + k or lv >= d + k:
            return -2, z, z
        for i in range(k):
            bases[w, i] = bases[top, i]
            if bases[w, i] == lv:
                r = i
        for j in range(d + k):
            poss[w, j] = poss[top, j]
        c = poss[w, ev]
        if r < 0 or c < 0 or not _pivot_ok(path.Ts, top, r, c, m):
            return -2, z, z
        poss[w, lv] = c
        bases[w, r] = ev
        poss[w, ev] = -1
        nmask[w, 0], nmask[w, 1] = flip(nmask[top, 0], nmask[top, 1], lv)
        nmask[w, 0], nmask[w, 1] = flip(nmask[w, 0], nmask[w, 1], ev)
    while True:  # twice at most: a leaf with a row at value 0 needs its tableau (tie-break)
        if full:
            if top >= 0:
                _pivot(path, top, r, c, pt, m)
            _tableau_rhs(path, w, d, sc.res, m_own)
        else:
            _child_rhs(path, top, r, c, d, pt, sc.res, m_own)
        ok, e, f = _check_node(path, w, full, nmask[w, 0], nmask[w, 1], d, m_own, pt, sc, tree, v)
        if ok >= 0:
            return ok, e, f
        full = True


@njit(cache=True, nogil=True, fastmath={"contract"}, **_NO_REFCOUNT)
def _walk(path, tree, pt, sc, d, labels):
    """The depth-first walk of :func:`verify_tree`, the root first; compiled without
    reference counting (it allocates nothing), so handing arrays to the inlined helpers
    costs nothing. One call site of the inlined :func:`_visit` (the root is its first
    iteration): every inlined copy is compiled again."""
    Ds, Dinvs, nmask = path.Ds, path.Dinvs, path.nmask
    start, kids, msub, mnode = tree.start, tree.kids, tree.msub, tree.mnode
    stack, nxt = sc.stack, sc.nxt
    k = path.bases.shape[1]
    top = -1
    v = 0
    inner = start[1] > start[0]
    while True:
        ok, e, f = _visit(v, top, path, tree, pt, sc, mnode[v], msub[v], inner, d)
        if ok == -2:
            return v
        labels[v, 0], labels[v, 1] = e, f
        if ok != 1 or not _same_basis(nmask[top + 1, 0], nmask[top + 1, 1], tree.lo[v], tree.hi[v], d + k):
            return v
        top += 1
        stack[top] = v
        nxt[top] = start[v]
        if inner:
            invmod_row(Ds, Dinvs, top, msub[v], pt.pf, pt.pinv, sc.col)
        while top >= 0 and nxt[top] >= start[stack[top] + 1]:  # up to the next unvisited child
            top -= 1
        if top < 0:
            return -1
        v = kids[nxt[top]]
        nxt[top] += 1
        inner = start[v + 1] > start[v]


def verify_tree(Mres, primes, inv, half, parent, enter, leave, count, lo, hi, labels, logs=None) -> int:
    """Check nodes 0..count-1 exactly (see the module docstring): node i > 0 is its parent
    with variable ``enter[i]`` entering and ``leave[i]`` leaving; its basic set must be the
    mask (``lo[i]``, ``hi[i]``) the search recorded. Fills ``labels[i]`` with the exact
    label mask (two words) of node i. Returns -1 if every node is lexico-feasible, else
    the index of the first failure (in depth-first order, children in index order).

    Depth-first over the tree; the integer tableaux along the current path are kept (one
    per level of the breadth-first tree, whose depth is small), so each node costs one
    out-of-place pivot (:func:`_pivot`) from its parent's tableau — only its right-hand
    column for a leaf — modulo the primes its subtree needs (:func:`_prime_counts`), and
    each node with children one modular inverse of its determinant
    (:func:`gamekit.kernel.modular_float.invmod`). ``logs``: the column bounds
    :func:`column_logs` of the matrix, which bound the primes of each basis for entries of
    any size; without them they are read off the residues (:func:`_column_logs`: a basis
    with a column holding an entry of 2²⁶ or more is checked modulo all the primes).
    (Plain Python: the arrays are allocated by numpy, the compiled kernels release the GIL.)"""
    P, k, d = Mres.shape
    pt = _float_tables(primes, inv, half)
    e, e1 = _column_logs(Mres, primes) if logs is None else logs
    mnode, msub, E, level = _prime_counts(Mres, primes, parent, enter, leave, count, e, np.int64(e1))
    L = int(_tree_depth(parent, count)) + 2
    path = _path_state(Mres, pt.pf, L)
    start, kids = _children(parent, count)
    tree = Tree(enter, leave, mnode, msub, start, kids, lo, hi, E, e, np.int64(e1), level)
    sc = Scratch(np.empty((P, k + 1)), np.empty(k + 1, np.int64), np.empty(P), np.empty(P),
                 np.empty(L, np.int64), np.empty(L, np.int64), np.empty(k + 1, np.int64))
    return int(_walk(path, tree, pt, sc, d, labels))


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
def closure_misses(lo, hi, nbr, table, count, d, nv, qlo, qhi, qtable):
    """The closure check of :func:`closure_certificate` on bases 0..count-1 (basic masks
    ``lo``/``hi``, looked up in ``table``), keeping its misses instead of failing on the
    first: for every basis i and its t-th nonbasic variable c, the variable u = nbr[i, t]
    the search saw leave must be basic in i (else the check fails), and the mask of
    ``B(i) − u + c`` that is not one of the bases 0..count-1 is written to
    ``(qlo[n], qhi[n])`` — a neighbour still to find elsewhere — unless ``qtable`` (a
    direct-mapped cache of the misses written: indices into ``qlo``, −1 when empty, a power
    of 2 long; of length 0: none) shows that the same key was just written (an exact
    comparison: only true repeats are skipped). Returns the number n of misses written;
    −1 when a structural check fails, −2 when there are more than ``len(qlo)`` misses
    (``len(qlo) = 0``: the plain certificate)."""
    one = np.uint64(1)
    cap = qlo.shape[0]
    dedupe = qtable.shape[0] > 0
    n = 0
    for i in range(count):
        blo = lo[i]
        bhi = hi[i]
        t = 0
        for c in range(nv):
            if (c < 64 and (blo >> np.uint64(c)) & one) or (c >= 64 and (bhi >> np.uint64(c - 64)) & one):
                continue
            if t >= d:
                return -1
            u = np.int64(nbr[i, t])
            t += 1
            if u >= nv:
                return -1
            if not ((u < 64 and (blo >> np.uint64(u)) & one) or (u >= 64 and (bhi >> np.uint64(u - 64)) & one)):
                return -1
            klo, khi = flip(blo, bhi, u)
            klo, khi = flip(klo, khi, c)
            if not _present(table, lo, hi, count, klo, khi):
                if dedupe:  # skip a key written recently
                    h = slot(klo, khi, qtable.shape[0] - 1)
                    j = qtable[h]
                    if j >= 0 and qlo[j] == klo and qhi[j] == khi:
                        continue
                    qtable[h] = n
                if n >= cap:
                    return -2
                qlo[n] = klo
                qhi[n] = khi
                n += 1
        if t != d:
            return -1
    return n


@njit(cache=True, nogil=True, inline="always")
def _present(table, lo, hi, count, klo, khi):
    """The mask (klo, khi) is one of the bases 0..count-1 of ``table``."""
    j = lookup(table, lo, hi, klo, khi)
    return 0 <= j < count


@njit(cache=True, nogil=True)
def all_present(table, lo, hi, count, qlo, qhi):
    """Every mask (qlo[q], qhi[q]) is one of the bases 0..count-1 of ``table``: the
    neighbours :func:`closure_misses` left to find, looked up in the union."""
    for q in range(qlo.shape[0]):
        if not _present(table, lo, hi, count, qlo[q], qhi[q]):
            return False
    return True


_NO_MISSES = np.zeros(0, np.uint64)
_NO_TABLE = np.zeros(0, np.int32)


def closure_certificate(lo, hi, nbr, table, count, d, nv) -> bool:
    """The combinatorial completeness check on exactly verified bases (basic masks
    ``lo``/``hi``, looked up in the search's hash ``table``): for every basis i and its
    t-th nonbasic variable c, the variable u = nbr[i, t] that the search saw leave is basic
    in i, and the basis ``B(i) − u + c`` is one of the verified bases 0..count-1 — the
    other endpoint of the edge ``N(i) \\ {c}`` of the perturbed simple polytope. Returns
    True when this holds for all (i, c); see :mod:`gamekit.kernel.certified_polytope` for
    why this proves that the bases are all the lexico-feasible ones.
    (:func:`closure_misses` with no room for a miss.)"""
    return bool(closure_misses(lo, hi, nbr, table, count, d, nv, _NO_MISSES, _NO_MISSES, _NO_TABLE) == 0)


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
        for r in range(k):  # the basic structural variables, increasing (insertion sort: rows are
            v = bases[b, r]  # usually in order already, and no sort routine to compile)
            if v < d:
                t = nz
                while t > 0 and Z[t - 1] > v:
                    Z[t] = Z[t - 1]
                    t -= 1
                Z[t] = v
                nz += 1
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
