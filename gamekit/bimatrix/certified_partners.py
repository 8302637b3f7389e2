"""Every extreme equilibrium from the certified vertices of ONE best-response polytope.

lrsnash's method (Avis, Rosenberg, Savani & von Stengel, Economic Theory 42 (2010), §4):
enumerate the vertices z of one polytope ``{z ≥ 0, M z ≤ 1}`` (here certified by
:func:`gamekit.kernel.certified_polytope.search_bases`), and for each find its partners in
the other polytope ``Q = {w ≥ 0, N w ≤ 1}`` (N = the other player's payoffs, d×k): the
vertices w of Q carrying every label z lacks, i.e. the vertices of the face

    F_z = {w ∈ Q : (N w)_i = 1 for i ∈ S, w_j = 0 for j ∉ J}

(S = support of z, J = rows of M tight at z). They are exactly the completely labeled
pairs, so this is every extreme equilibrium, degenerate games included.

* Nondegenerate z (|S| = |J|): F_z is at most one point. A compiled float step
  (:func:`gamekit.kernel.partner_filter.partner_status`) *proves* for almost every z that
  the point lies outside Q (rigorous enclosure); the others are solved and checked
  exactly in integers (:func:`gamekit.kernel.linalg.solve_int`).
* Degenerate z (|J| > |S|) or ``N[S, J]`` singular: let r = rank N[S, J] (exact); if
  ``N[S, J]·w = 1`` is inconsistent F_z is empty, otherwise r independent equalities
  imply the others, and with e = |J| − r ≤ ``MAX_EXCESS`` every vertex of F_z is the
  solution of those r equalities plus e tight inequalities (``w_j = 0`` or
  ``(N w)_i = 1``, i ∉ S) forming a nonsingular system — a vertex has |J| linearly
  independent tight constraints, and a basis of them can be chosen to contain the r
  independent equalities — so the feasible solutions of all such systems are exactly its
  vertices.
* Larger excess (e.g. a pure strategy with several tied best responses, common in
  rectangular games): F_z is the face of Q_J = {w_J ≥ 0 : N[:, J]·w_J ≤ 1} (itself the
  face w_j = 0, j ∉ J, of Q) on which the rows S are tight, and the vertices of a face of
  a polytope are its vertices lying in it; Q_J has |J| variables and d rows, and its
  vertices are enumerated exactly (:func:`gamekit.kernel.polytope.enumerate_vertices`,
  once per J) when its vertex bound C(d + |J|, d) is at most ``MAX_FACE_BOUND``.
* Otherwise (a larger face, or entries of N of 2⁸⁹⁹ or more): None — the caller searches
  the second polytope too and matches labels.

The float filter reads N as binary64 numbers: exactly when every entry is below 2⁵³, else
N·2⁻ᵉ correctly rounded (:func:`partner_floats`; e.g. the column-reduced payoffs of a game
with rational payoffs, hundreds of bits long), which the filter's bounds account for.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from gamekit.bimatrix.policy import PARTNER_FILTER_PAYOFF
from gamekit.kernel.linalg import solve_int

__all__ = ["partners", "partner_floats", "MAX_EXCESS", "MAX_FILTER_BITS"]

MAX_EXCESS = 2
"""Degenerate vertices with more excess tight rows send the game to the two-polytope path."""

_MAX_SYSTEMS = 5000


def _support(lab_lo: int, lab_hi: int, d: int, k: int) -> tuple[list[int], list[int]]:
    labels = int(lab_lo) | (int(lab_hi) << 64)
    S = [i for i in range(d) if not labels >> i & 1]
    J = [j for j in range(k) if labels >> (d + j) & 1]
    return S, J


def _feasible(N, S: list[int], J: list[int], nums, den: int) -> bool:
    """w_J = nums/den (den > 0) lies in Q: w ≥ 0 and N w ≤ 1, exactly."""
    if min(nums) < 0:
        return False
    return all(sum(N[i][j] * x for j, x in zip(J, nums)) <= den for i in range(len(N)) if i not in S)


def _point(N, S, J) -> tuple[int, ...] | None | bool:
    """The unique point of F_z for nondegenerate z, as an integer k-vector (a positive
    multiple of w); None if it lies outside Q; False if N[S, J] is singular."""
    sol = solve_int([[N[i][j] for j in J] for i in S], [1] * len(S))
    if sol is None:
        return False
    nums, den = sol
    if not _feasible(N, S, J, nums, den):
        return None
    w = [0] * len(N[0])
    for j, x in zip(J, nums):
        w[j] = x
    return tuple(w)


def _independent(eq: list[list[int]]) -> list[int] | None:
    """Indices of a maximal independent subset of the rows of ``eq`` (all-ones right-hand
    side); None if the system ``eq·w = 1`` is inconsistent (exact ranks, python-flint)."""
    import flint

    keep: list[int] = []
    for t in range(len(eq)):
        if flint.fmpz_mat([eq[i] for i in keep + [t]]).rank() == len(keep) + 1:
            keep.append(t)
    if len(keep) < len(eq):
        aug = [row + [1] for row in eq]
        if flint.fmpz_mat(aug).rank() > len(keep):
            return None
    return keep


def _face(N, S: list[int], J: list[int]) -> list[tuple[int, ...]] | None:
    """The vertices of F_z when it may be more than one point (module docstring): r
    independent equalities (r = rank N[S, J]; the others follow from them, or F_z is
    empty) plus |J| − r tight inequalities; None if too many systems."""
    eq = [[N[i][j] for j in J] for i in S]
    keep = _independent(eq) if eq else []
    if keep is None:
        return []
    e = len(J) - len(keep)
    free = [i for i in range(len(N)) if i not in S]
    ineq = [("w", j) for j in J] + [("row", i) for i in free]
    if e < 0 or e > MAX_EXCESS or comb(len(ineq), e) > _MAX_SYSTEMS:
        return None
    eq = [eq[t] for t in keep]
    out: set[tuple[int, ...]] = set()
    for T in combinations(ineq, e):
        rows = eq + [[int(j == t) for j in J] if kind == "w" else [N[t][j] for j in J] for kind, t in T]
        rhs = [1] * len(eq) + [0 if kind == "w" else 1 for kind, _ in T]
        sol = solve_int(rows, rhs)
        if sol is None or not _feasible(N, S, J, *sol) or not any(sol[0]):
            continue
        w = [0] * len(N[0])
        for j, x in zip(J, sol[0]):
            w[j] = x
        out.add(tuple(w))
    return sorted(out)


MAX_FACE_BOUND = 200_000
"""Faces Q_J with a larger vertex bound C(d + |J|, d) send the game to the two-polytope path."""


_SMALL_FACE = 2000
"""Faces with a vertex bound up to this are enumerated in exact Python pivoting; larger ones
by the certified float search (:func:`gamekit.kernel.certified_polytope.search_bases`)."""


def _certified_vertices(M: list[list[int]]) -> list[tuple[int, tuple[int, ...]]]:
    """(label mask, integer vector) of every vertex of {z ≥ 0, Mz ≤ 1}: certified float
    search, or the exact search if its certificate fails."""
    from gamekit.kernel.certified_polytope import basis_vectors, search_bases
    from gamekit.kernel.polytope import enumerate_vertices

    cb = search_bases(M)
    if cb is None or not cb.complete:
        return [(v.labels, v.nums) for v in enumerate_vertices(M)]
    lab, rep = cb.vertices()
    vecs = basis_vectors(M, cb, rep.tolist())
    return [(int(lo) | (int(hi) << 64), v) for (lo, hi), v in zip(lab.tolist(), vecs)]


def _face_by_enumeration(N, S: list[int], J: list[int], cache: dict) -> list[tuple[int, ...]] | None:
    """The vertices of F_z from the exact vertices of Q_J (module docstring); None if
    Q_J's vertex bound exceeds ``MAX_FACE_BOUND``."""
    from gamekit.kernel.polytope import enumerate_vertices

    key = tuple(J)
    verts = cache.get(key)
    if verts is None:
        bound = comb(len(N) + len(J), len(N))
        if bound > MAX_FACE_BOUND:
            return None
        sub = [[row[j] for j in J] for row in N]
        if bound <= _SMALL_FACE:
            verts = [(v.labels, v.nums) for v in enumerate_vertices(sub)]
        else:
            verts = _certified_vertices(sub)
        cache[key] = verts
    need = 0
    for i in S:
        need |= 1 << (len(J) + i)  # label of row i tight
    out = []
    for labels, vnums in verts:
        if labels & need != need or not any(vnums):
            continue
        nums = vnums if sum(vnums) > 0 else tuple(-a for a in vnums)
        w = [0] * len(N[0])
        for j, x in zip(J, nums):
            w[j] = x
        out.append(tuple(w))
    return out


MAX_FILTER_BITS = PARTNER_FILTER_PAYOFF.bit_length()
"""Entries of N of this many bits or more send the game to the two-polytope path: scaled by
a power of 2 they would leave the normal range of binary64
(:data:`gamekit.bimatrix.policy.PARTNER_FILTER_PAYOFF`)."""


def partner_floats(N) -> tuple[np.ndarray, bool] | None:
    """The matrix N (positive integers) as the filter reads it: ``(N̂, rounded)`` with
    N̂ = N exactly when every entry is below 2⁵³ (``rounded`` False), else N̂ = N·2⁻ᵉ
    correctly rounded, e = (bits of the largest entry) − 53 (``rounded`` True: every
    |N·2⁻ᵉ − N̂| ≤ 2⁻⁵³·N̂, all entries in the normal range); None when an entry has
    :data:`MAX_FILTER_BITS` (900) bits or more. Scaling N scales every partner w by 2ᵉ and
    changes nothing else (:mod:`gamekit.kernel.partner_filter`).

    Parameters
    ----------
    N : sequence of sequences of int
        A d×k matrix of positive integers.

    Returns
    -------
    tuple of (numpy.ndarray, bool), or None

    Examples
    --------
    >>> Nf, rounded = partner_floats([[3, 5], [7, 1]])
    >>> Nf.tolist(), rounded
    ([[3.0, 5.0], [7.0, 1.0]], False)
    >>> Nf, rounded = partner_floats([[2**60 + 1, 3], [2**59, 2**7]])  # scaled by 2⁻⁸
    >>> rounded, float(Nf[0, 0]) == 2**52, float(Nf[0, 1]), float(Nf[1, 1])  # (2⁶⁰ + 1)/2⁸ rounded
    (True, True, 0.01171875, 0.5)
    """
    bits = max(max(x.bit_length() for x in row) for row in N)
    if bits >= MAX_FILTER_BITS:
        return None
    if bits <= 53:
        return np.array(N, dtype=np.float64), False
    scale = 1 << (bits - 53)
    return np.array([[x / scale for x in row] for row in N], dtype=np.float64), True


def _statuses(labels: np.ndarray, Nf: np.ndarray, d: int, k: int, threads: int = 1, rounded: bool = False) -> np.ndarray:
    """:func:`gamekit.kernel.partner_filter.partner_status` of every vertex; with
    ``threads`` ≥ 2, in two threads on halves of the vertices (the kernel releases the GIL)."""
    from gamekit.kernel.partner_filter import partner_status

    out = np.empty(len(labels), np.int8)
    if threads < 2 or len(labels) < 2:
        return partner_status(labels, Nf, d, k, out, rounded)
    from concurrent.futures import ThreadPoolExecutor

    half = len(labels) // 2
    with ThreadPoolExecutor(1) as pool:
        other = pool.submit(partner_status, labels[half:], Nf, d, k, out[half:], rounded)
        partner_status(labels[:half], Nf, d, k, out[:half], rounded)
        other.result()
    return out


def partners(N, labels: np.ndarray, d: int, k: int, threads: int = 1,
             status: np.ndarray | None = None) -> list[tuple[int, tuple[int, ...]]] | None:
    """(vertex index, partner vector) for every completely labeled pair, the vertices
    given by their exact tight-label masks ``labels`` (V×2 words) of ``{z ≥ 0, Mz ≤ 1}``
    (z ∈ R^d, M k×d) and N the d×k matrix of the other polytope; None when the one-sided
    method does not apply (module docstring). ``threads``: of the float filter;
    ``status``: its result per vertex when computed already (by the workers of a cluster,
    :func:`gamekit.kernel.distributed_search.partner_statuses`)."""
    from gamekit.kernel.partner_filter import CANDIDATE, DEGENERATE, UNDECIDED

    if status is None:
        floats = partner_floats(N)
        if floats is None:
            return None
        status = _statuses(np.ascontiguousarray(labels), floats[0], d, k, threads, floats[1])
    out: list[tuple[int, tuple[int, ...]]] = []
    faces: dict = {}
    for v in np.nonzero((status == CANDIDATE) | (status == UNDECIDED) | (status == DEGENERATE))[0].tolist():
        S, J = _support(labels[v, 0], labels[v, 1], d, k)
        w = False if status[v] == DEGENERATE else _point(N, S, J)
        if w is False:  # degenerate vertex or singular system: F_z may have several vertices
            face = _face(N, S, J)
            if face is None:
                face = _face_by_enumeration(N, S, J, faces)
            if face is None:
                return None
            out += [(v, w) for w in face]
        elif isinstance(w, tuple):  # the partner vector (None: no partner)
            out.append((v, w))
    return out
