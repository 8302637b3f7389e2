"""Float search step by reverse search: the lexico-feasible bases of ``{z ≥ 0, M z ≤ 1}``.

Avis & Fukuda's reverse search (*A pivoting algorithm for convex hulls and vertex
enumeration of arrangements and polyhedra*, Discrete Comput. Geom. 8 (1992); the method
of lrs), in floating point and compiled code. Variables are numbered as in
:mod:`gamekit.kernel.float_search` (``0..d-1`` structural, ``d..d+k-1`` slacks; a basis is
a two-word bitmask of its basic variables).

**The tree.** The objective ``min Σ_{j<d} z_j`` has the slack basis (z = 0) as its unique
optimal lexico-feasible basis: the perturbed polytope ``{z ≥ 0, Mz ≤ 1 + (ε, …, ε^k)}`` is
simple, z = 0 is its only point with Σz = 0, and its only basis there has every z_j
nonbasic. Every other basis B′ is not optimal, so some nonbasic variable has a negative
reduced cost; the *parent* of B′ is the basis reached by one simplex pivot with Bland's
rule (the smallest-index nonbasic variable with negative reduced cost enters) and the
lexicographic minimum-ratio test (:mod:`gamekit.kernel.pivot`). The perturbed pivot is
nondegenerate, so the objective decreases strictly (lexicographically) and the parent
pointers form a tree rooted at the slack basis that spans all lexico-feasible bases.
Reverse search walks it depth first from the root, without a visited set in principle.

**The child test (Lemma).** Let B′ = B − u + c, where c enters B and u = basic[r] leaves
by the lexicographic ratio test (row r of B's tableau T). Then at B′ the lexicographic
ratio test for u entering returns the row of c. *Proof.* B and B′ are adjacent vertices of
the simple perturbed polytope through the edge E = N(B) \\ {c} = N(B′) \\ {u}
(N = nonbasic set). Entering u at B′ moves along the one edge of B′ that leaves the facet
of u, i.e. E, and the lexicographic minimum ratio is attained by a unique row; the basis it
yields is lexico-feasible and contains E in its nonbasic set, so it is the other endpoint
of E, which is B = B′ − c + u: the leaving variable is c. ∎ So B is the parent of B′ iff
u is the smallest-index variable with negative reduced cost at B′. The reduced costs at
B′ are one pivot of B's objective row: ``obj′_j = obj_j − obj_c·T[r, j]/T[r, c]``
(j ∈ N(B) \\ {c}) and ``obj′_u = −obj_c/T[r, c]``; since ``T[r, c] > 0`` the test is
``obj_c > 0`` and ``obj′_j ≥ 0`` for every j < u in N(B) \\ {c} — O(u) per candidate.

**The tableaux.** One float tableau ``B⁻¹[M | I | 1]`` and objective row per depth level
of the tree: a child's tableau is its parent's pivoted once (O(k·(d+k)), against an
O(k³) inverse per basis for :func:`gamekit.kernel.float_search.bfs_chunk`). The depth is
the length of a simplex path to the root, small in practice; every ``refresh`` levels the
tableau is recomputed from the basis (:func:`gamekit.kernel.float_search.tableau`), so the
rounding error never accumulates over more than ``refresh`` pivots.

**Nothing found here is trusted.** Floats may misjudge a tie (in the ratio test or in the
sign of a reduced cost): then a basis may be reached twice — the hash insert detects it and
the search does not descend twice — or a subtree may be missed; a missed basis makes the
exact closure certificate fail and the caller falls back to the exact search. The
correctness rests only on the exact steps that follow
(:func:`gamekit.kernel.modular_verify.verify_tree` and
:func:`gamekit.kernel.modular_verify.closure_certificate`, see
:mod:`gamekit.kernel.certified_polytope`), which need what is recorded here for every
basis: its mask in the hash ``table``, the tree (``parent`` < own index, ``enter``,
``leave``) and ``nbr[i, t]``, the variable that leaves when the t-th nonbasic variable
enters. This module imports numba: import it lazily.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit
from numba.core.cpu import CPUTargetOptions

from gamekit.kernel.float_search import flip, lex_leave, lookup_insert, tableau
from gamekit.kernel.search_state import (
    FloatSearchFailed,
    Frontier,
    SearchArrays,
    Stack,
    Status,
    new_work,
)

__all__ = ["Params", "rs_init", "rs_chunk", "rs_start", "REFRESH"]

REFRESH = 32
"""A tableau is recomputed from its basis at every depth that is a multiple of this (was 8:
32 gave the same trees on the benchmark polytopes, n = 14…20, payoffs 0..99 and {0,1,2},
and ≈ 10–20 % less search time; a drifted float decision is caught by the exact checks)."""

# numba's (private, long-standing) switch that compiles a function without reference
# counting (as in gamekit.kernel.modular_verify): the views Ts[s], T[r], … handed from one
# kernel to the next cost two atomic operations each otherwise (≈ 1/3 of the search time).
# Such a kernel must not allocate: the work arrays come from its caller.
_NO_REFCOUNT: dict[str, Any] = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}  # numba-private option


@njit(cache=True, nogil=True, error_model="numpy", **_NO_REFCOUNT)
def _pivot(S, So, D, Do, r, c):
    """Out of place float pivot on (r, c): ``D, Do`` = the tableau S (k × (d+k+1)) and
    objective row So pivoted (row r divided by S[r, c], then eliminated from every other
    row). The same floating-point operations as a copy followed by an in-place pivot, in
    one pass over contiguous rows (the inner loops vectorize)."""
    k, W = S.shape
    inv = 1.0 / S[r, c]
    src = S[r]
    pr = D[r]
    for j in range(W):
        pr[j] = src[j] * inv
    pr[c] = 1.0
    for i in range(k):
        if i == r:
            continue
        si = S[i]
        di = D[i]
        f = si[c]
        if f != 0.0:
            for j in range(W):
                di[j] = si[j] - f * pr[j]
            di[c] = 0.0
        else:
            for j in range(W):
                di[j] = si[j]
    f = So[c]
    for j in range(W):
        Do[j] = So[j] - f * pr[j]
    Do[c] = 0.0


@njit(cache=True, nogil=True, error_model="numpy", **_NO_REFCOUNT)
def _min_ratios(T, tol, Q, lim, cnt, arg):
    """The ratio test of every column at once (rows outer, columns inner: the loops are
    branch-free and vectorize). With ``q_rc = T[r, rhs] / T[r, c]`` over ``T[r, c] > tol``
    and ``m_c = min_r q_rc``: ``cnt[c]`` rows have ``q_rc ≤ m_c + 2·tol·(1 + |m_c|)``, the
    last of them ``arg[c]``; ``lim[c] = +∞`` iff column c has no positive entry.

    When every right-hand side is > 0 (a nondegenerate basis) the ratios are compared
    through ``p_rc = T[r, c]·(1/T[r, rhs])`` (one division per row instead of one per
    entry; ``q ≤ L ⇔ p ≥ 1/L``): the rounding differs from ``lex_leave``'s divisions by a
    few ulps only, far inside the factor 2 of the band, so a count of 1 still proves that
    ``lex_leave`` returns ``arg[c]`` (see :func:`_leave_row`). Otherwise (a zero or
    drifted right-hand side) the same divisions as ``lex_leave``."""
    k, W = T.shape
    rhs = W - 1
    nondeg = True
    for r in range(k):
        nondeg &= T[r, rhs] > 0.0
    if nondeg:
        _count_inverse_ratios(T, tol, Q, lim, cnt, arg)
        return
    for c in range(rhs):
        lim[c] = np.inf
        cnt[c] = 0
        arg[c] = -1
    for r in range(k):
        row = T[r]
        q = Q[r]
        b = row[rhs]
        for c in range(rhs):
            a = row[c]
            v = b / a if a > tol else np.inf
            q[c] = v
            lim[c] = min(lim[c], v)
    for c in range(rhs):
        lim[c] += 2.0 * tol * (1.0 + abs(lim[c]))
    for r in range(k):
        q = Q[r]
        for c in range(rhs):
            h = q[c] <= lim[c]
            cnt[c] += h
            arg[c] = r if h else arg[c]


@njit(cache=True, nogil=True, error_model="numpy", **_NO_REFCOUNT)
def _count_inverse_ratios(T, tol, Q, lim, cnt, arg):
    """:func:`_min_ratios` when every right-hand side is > 0, by ``p = T[r, c]/T[r, rhs]``:
    ``lim[c]`` = 1/(m_c + 2·tol·(1 + m_c)) (the smallest p counted), +∞ without a
    positive entry."""
    k, W = T.shape
    rhs = W - 1
    for c in range(rhs):
        lim[c] = 0.0
        cnt[c] = 0
        arg[c] = -1
    for r in range(k):
        row = T[r]
        q = Q[r]
        ib = 1.0 / row[rhs]
        for c in range(rhs):
            a = row[c]
            v = a * ib if a > tol else 0.0
            q[c] = v
            lim[c] = max(lim[c], v)
    for c in range(rhs):
        if lim[c] > 0.0:
            m = 1.0 / lim[c]
            lim[c] = 1.0 / (m + 2.0 * tol * (1.0 + m))
        else:
            lim[c] = np.inf
    for r in range(k):
        q = Q[r]
        for c in range(rhs):
            h = q[c] >= lim[c]
            cnt[c] += h
            arg[c] = r if h else arg[c]


@njit(cache=True, nogil=True, inline="always")
def _leave_row(T, c, k, d, tol, ties, lim, cnt, arg):
    """:func:`gamekit.kernel.float_search.lex_leave` for column c, read from
    :func:`_min_ratios` when one row alone has a ratio ≤ m + 2·tol·(1 + |m|) (m the
    smallest ratio): then every other ratio exceeds the tie band of the sequential test
    whatever the order of the rows, so ``lex_leave`` would return that row too; by
    ``lex_leave`` itself otherwise (ties, degenerate rows)."""
    if lim[c] == np.inf:  # no positive entry (every ratio +∞)
        return -1
    if cnt[c] == 1:
        return arg[c]
    return lex_leave(T, c, k, d, tol, ties)


@njit(cache=True, nogil=True, inline="always")
def _is_child(T, obj, isb, r, c, u, tol):
    """B − u + c has B as its parent (the Lemma of the module docstring): obj_c > 0 and
    no j < u in N(B) \\ {c} has a negative reduced cost after the pivot."""
    oc = obj[c]
    if not oc > tol:
        return False
    inv = 1.0 / T[r, c]
    for j in range(u):
        if isb[j] or j == c:
            continue
        step = oc * (T[r, j] * inv)
        q = obj[j] - step
        if q < 0.0 and q < -tol * (1.0 + abs(obj[j]) + abs(step)):
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _expand(T, obj, basic, d, tol, nbr_row, kidc, kidr, work):
    """For every nonbasic c (increasing): the leaving row (lexicographic ratio test), the
    leaving variable into ``nbr_row``, and the children (c, r) into ``kidc``/``kidr``
    (``work.isb`` marks the basic variables). Returns the number of children, or -1 if a
    column has no positive entry."""
    k, W = T.shape
    isb, lim, cnt, arg = work.isb, work.lim, work.cnt, work.arg
    _min_ratios(T, tol, work.Q, lim, cnt, arg)
    t = 0
    nk = 0
    for c in range(W - 1):
        if isb[c]:
            continue
        r = _leave_row(T, c, k, d, tol, work.ties, lim, cnt, arg)
        if r < 0:
            return -1
        u = basic[r]
        nbr_row[t] = u
        t += 1
        if _is_child(T, obj, isb, r, c, u, tol):
            kidc[nk] = c
            kidr[nk] = r
            nk += 1
    return nk


@njit(cache=True, nogil=True, **_NO_REFCOUNT)
def _expand_level(stack, s, d, tol, nbr_row, work):
    """:func:`_expand` at stack level s (marks the basic variables in ``work.isb`` meanwhile)."""
    basics = stack.basics
    k = basics.shape[1]
    for q in range(k):
        work.isb[basics[s, q]] = True
    nk = _expand(stack.Ts[s], stack.objs[s], basics[s], d, tol, nbr_row, stack.kidc[s], stack.kidr[s], work)
    for q in range(k):
        work.isb[basics[s, q]] = False
    return nk


def _ratio_work(k: int, W: int) -> tuple[np.ndarray, ...]:
    """Work arrays of :func:`_min_ratios`: ratios, limits, counts, rows."""
    w = new_work(k, W)
    return w.Q, w.lim, w.cnt, w.arg


@njit(cache=True, nogil=True, **_NO_REFCOUNT)
def _refresh(R, d, basic, T, obj, work):
    """Recompute the tableau and objective row of ``basic`` from scratch. False if singular."""
    k, W = T.shape
    rowof = work.rowof
    for q in range(k):
        rowof[basic[q]] = q
    ok = tableau(R, basic, d, T, work)
    for q in range(k):
        rowof[basic[q]] = -1
        v = basic[q]
        if v < d:  # tableau() leaves the basic structural columns alone: unit columns
            for i in range(k):
                T[i, v] = 0.0
            T[q, v] = 1.0
    for j in range(W):
        acc = 1.0 if j < d else 0.0
        for q in range(k):
            if basic[q] < d:
                acc -= T[q, j]
        obj[j] = acc
    return ok


# the status codes as the compiled loop returns them (plain ints)
_DONE, _ARRAYS_FULL, _FLOAT_TROUBLE = int(Status.DONE), int(Status.ARRAYS_FULL), int(Status.FLOAT_TROUBLE)
_STACK_FULL, _FRONTIER_FULL = int(Status.STACK_FULL), int(Status.FRONTIER_FULL)


class Params(NamedTuple):
    """The scalars of a reverse search: ``d`` structural variables, the float tolerance
    ``tol``, the tableau ``refresh`` period (:data:`REFRESH`) and the frontier depth
    ``maxdepth`` (−1: none)."""

    d: int
    tol: float
    refresh: int = REFRESH
    maxdepth: int = -1


def _expand_root(R, p: Params, arrays: SearchArrays, stack: Stack, i: int) -> None:
    """Expand stack level 0, basis i, into its children; FloatSearchFailed on float trouble."""
    k, W = R.shape
    stack.node[0] = i
    stack.nxt[0] = 0
    nk = _expand_level(stack, 0, p.d, p.tol, arrays.nbr[i], new_work(k, W))
    if nk < 0:
        raise FloatSearchFailed("an entering column has no positive entry")
    stack.nkid[0] = nk


def rs_init(R, p: Params, arrays: SearchArrays, stack: Stack) -> None:
    """Level 0 = the slack basis (basis 0, tableau [M | I | 1], reduced costs 1 for the
    structural variables), expanded. Raises :class:`FloatSearchFailed` on float trouble.
    (Plain Python around the compiled :func:`_expand_level`: one compiled entry point fewer.)"""
    k = R.shape[0]
    stack.Ts[0] = R
    stack.objs[0, :] = 0.0
    stack.objs[0, : p.d] = 1.0
    stack.basics[0] = np.arange(p.d, p.d + k)
    _expand_root(R, p, arrays, stack, 0)


@njit(cache=True, nogil=True, **_NO_REFCOUNT)
def _rs_loop(R, p, arrays, stack, front, work, count, top, steps):
    """The loop of :func:`rs_chunk`, compiled without reference counting (no allocation:
    the work arrays come from :func:`rs_chunk`)."""
    lo, hi, table = arrays.lo, arrays.hi, arrays.table
    Ts, objs, basics, node, kidc, kidr, nkid, nxt = stack
    d, maxdepth, refresh = p.d, p.maxdepth, p.refresh
    cap = lo.shape[0]
    done = 0
    while top >= 0 and done < steps:
        if nxt[top] >= nkid[top]:
            top -= 1
            continue
        if count + 1 > cap or 2 * (count + 1) > table.shape[0]:
            return top, count, _ARRAYS_FULL
        if top + 1 >= Ts.shape[0]:
            return top, count, _STACK_FULL
        if top + 1 == maxdepth and front.size[0] >= front.nodes.shape[0]:
            return top, count, _FRONTIER_FULL
        c = kidc[top, nxt[top]]
        r = kidr[top, nxt[top]]
        nxt[top] += 1
        u = basics[top, r]
        klo, khi = flip(lo[node[top]], hi[node[top]], u)
        klo, khi = flip(klo, khi, c)
        lo[count] = klo
        hi[count] = khi
        if lookup_insert(table, lo, hi, klo, khi, count) >= 0:
            continue  # reached twice (a float tie misjudged): do not descend again
        arrays.parent[count] = node[top]
        arrays.enter[count] = c
        arrays.leave[count] = u
        s = top + 1
        if s == maxdepth:
            front.nodes[front.size[0]] = count
            front.size[0] += 1
            count += 1
            continue
        for q in range(basics.shape[1]):
            basics[s, q] = basics[top, q]
        basics[s, r] = c
        if refresh > 0 and s % refresh == 0:
            if not _refresh(R, d, basics[s], Ts[s], objs[s], work):
                return top, count + 1, _FLOAT_TROUBLE
        else:
            _pivot(Ts[top], objs[top], Ts[s], objs[s], r, c)
        node[s] = count
        count += 1
        nk = _expand_level(stack, s, d, p.tol, arrays.nbr[node[s]], work)
        if nk < 0:
            return top, count, _FLOAT_TROUBLE
        nkid[s] = nk
        nxt[s] = 0
        top = s
        done += 1
    return top, count, _DONE


def rs_chunk(R, p: Params, arrays: SearchArrays, stack: Stack, front: Frontier, count: int, top: int,
             steps: int) -> tuple[int, int, Status]:
    """Depth-first reverse search from the explicit ``stack`` (levels 0..top): visit at
    most ``steps`` new bases. A new basis gets index ``count`` (so ``parent[i] < i``) and
    its entries of ``arrays``. With ``p.maxdepth`` > 0 a new basis at that depth is not
    expanded but appended to ``front`` (its subtree is searched later from
    :func:`rs_start`, e.g. by another thread). Returns (top, count, status); top < 0 with
    :attr:`Status.DONE`: the search is over. (Plain Python: allocates the work arrays and
    calls the compiled loop :func:`_rs_loop`, which releases the GIL.)"""
    k, W = R.shape
    top, count, status = _rs_loop(R, p, arrays, stack, front, new_work(k, W), count, top, steps)
    return top, count, Status(status)


def rs_start(R, p: Params, arrays: SearchArrays, i: int, stack: Stack) -> None:
    """Level 0 = basis i (mask ``arrays.lo[i]``, ``arrays.hi[i]``; rows in increasing
    variable order), its tableau recomputed from the basis, expanded (``nbr[i]``, its
    children): the start of the subtree of a frontier basis. Raises
    :class:`FloatSearchFailed` on float trouble. (Plain Python around the compiled
    :func:`_refresh` and :func:`_expand_level`.)"""
    k, W = R.shape
    words = np.array([arrays.lo[i], arrays.hi[i]], np.uint64).view(np.uint8)
    basic = np.nonzero(np.unpackbits(words, bitorder="little")[: W - 1])[0]
    if len(basic) != k:
        raise FloatSearchFailed("a frontier basis has the wrong size")
    stack.basics[0] = basic
    if not _refresh(R, p.d, stack.basics[0], stack.Ts[0], stack.objs[0], new_work(k, W)):
        raise FloatSearchFailed("a frontier basis is singular in floats")
    _expand_root(R, p, arrays, stack, i)
