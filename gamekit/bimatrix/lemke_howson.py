"""Lemke–Howson with exact integer pivoting and the lexicographic rule.

The algorithm follows a path of almost completely labeled vertex pairs of P × Q
(labels as in :mod:`gamekit.bimatrix.vertex_enumeration`) from the artificial equilibrium
(0, 0), dropping one label k ∈ {0, …, m+n−1}: the variable with label k enters; the
variable that leaves carries a label which is now duplicate, so its complement in the
other polytope enters next, until the leaving variable has label k (Lemke & Howson 1964;
von Stengel, *Computing equilibria for two-person games*, Handbook of Game Theory 3
(2002), the Lemke–Howson algorithm and integer pivoting). Both systems are kept as
fraction-free dictionaries and the minimum-ratio test is lexicographic, so the method
terminates on degenerate games too; the end point is a lexico-feasible completely
labeled basis, whose basic solution is an extreme equilibrium.

Two strategies (:mod:`gamekit.bimatrix.lh_policy`) follow that path. ``exact`` pivots the
integer dictionaries all the way (:func:`lemke_howson`). ``float_path`` follows it in
binary64 (:mod:`gamekit.kernel.float_lemke_howson`, compiled) and trusts nothing of it but
the final pair of bases: :func:`certified_endpoint` solves each basis exactly in integers
(the basic variables from the tight constraints, FLINT), and accepts it only if both
basic solutions are feasible (x ≥ 0, B'ᵀx ≤ 1, y ≥ 0, A'y ≤ 1, checked in integers by
:func:`gamekit.bimatrix.br_check.best_responses`)
and completely labeled (every label i has x_i = 0 or (A'y)_i = 1, every m + j has
y_j = 0 or (B'ᵀx)_j = 1) — then (x/Σx, y/Σy) is an equilibrium, and an extreme one since
x and y are basic solutions (vertices of P and Q). A label whose float path fails (pivot
limit, an unbounded ray, or an endpoint that fails the exact check) is recomputed by the
exact path and reported as a fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from gamekit.bimatrix.br_check import best_responses
from gamekit.bimatrix.intgame import IntGame, Profile, Sparse, SparseId, normalize, sparse_id
from gamekit.bimatrix.lh_policy import LHConcrete, LHStrategy, choose_lh_strategy
from gamekit.core.errors import CertificationError, GameError
from gamekit.kernel.linalg import solve_int
from gamekit.kernel.pivot import Dictionary

__all__ = ["LemkeHowsonLimit", "LHRun", "lemke_howson", "lemke_howson_all", "certified_endpoint",
           "float_matrices"]

DEFAULT_MAX_ITER = 100_000


class LemkeHowsonLimit(GameError):
    """The path from one label did not end within ``max_iter`` pivots (a user-set bound)."""


def lemke_howson(ig: IntGame, label: int, max_iter: int = DEFAULT_MAX_ITER) -> Profile:
    """The equilibrium reached from the artificial equilibrium by dropping ``label``.

    Labels 0..m-1 are the rows, m..m+n-1 the columns. Raises :class:`LemkeHowsonLimit`
    when ``max_iter`` pivots do not reach an equilibrium, :class:`CertificationError` on an
    unbounded ray (impossible for the positive payoffs of :class:`IntGame`).
    """
    m, n = ig.m, ig.n
    if not 0 <= label < m + n:
        raise GameError(f"Lemke-Howson label must be in 0..{m + n - 1}, got {label}")
    # P: variables x_i (label i) and slacks r_j (label m+j); constraints B'^T x <= 1.
    P = Dictionary([list(col) for col in zip(*ig.B)])
    # Q: variables y_j (local j, label m+j) and slacks s_i (local n+i, label i).
    Q = Dictionary([list(row) for row in ig.A])

    def q_label(v: int) -> int:
        return m + v if v < n else v - n

    def q_var(lab: int) -> int:
        return lab - m if lab >= m else n + lab

    in_p = label < m
    # Dropping a row label i lets x_i enter in P; a column label m+j lets y_j enter in Q.
    cur, entering = (P, label) if in_p else (Q, q_var(label))
    for _ in range(max_iter):
        c = cur.nonbasic.index(entering)
        r = cur.leaving_row(c)
        if r < 0:  # pragma: no cover - bounded polytopes
            raise CertificationError("Lemke-Howson: unbounded ray (payoffs not positive)")
        leaving = cur.basic[r]
        cur.pivot(r, c)
        lab = leaving if cur is P else q_label(leaving)
        if lab == label:
            return normalize(P.point()), normalize(Q.point())
        if cur is P:
            cur, entering = Q, q_var(lab)
        else:
            cur, entering = P, lab
    raise LemkeHowsonLimit(f"Lemke-Howson from label {label} exceeded max_iter={max_iter} pivots")


def _basic_solution(
    G: Sequence[Sequence[int]] | None, G64: Any, d: int, rows: int, basic: Sequence[int]
) -> tuple[list[int], list[int], int] | None:
    """The basic solution of the basis ``basic`` of ``{z ≥ 0 : G z ≤ 1}`` (G: ``rows``
    constraints × ``d`` variables, as Python rows or as int64 ``G64``; variables 0..d−1,
    slacks d + t): ``(S, nums, den)`` with ``z_S = nums / den`` (``den > 0``, ``nums ≥ 0``)
    and ``z = 0`` elsewhere, the tight constraints solved exactly
    (:func:`gamekit.kernel.linalg.solve_int`). None when the basis is singular or its
    solution has a negative entry. The other constraints are checked by the caller."""
    b = np.asarray(basic, dtype=np.int64)
    S = np.sort(b[b < d])
    mask = np.ones(rows, dtype=bool)
    mask[b[b >= d] - d] = False
    tight = np.flatnonzero(mask)
    if not len(S) or len(S) != len(tight):
        return None
    if G64 is not None:
        M = G64[np.ix_(tight, S)].tolist()  # Python ints
    else:
        assert G is not None
        M = [[G[t][i] for i in S.tolist()] for t in tight.tolist()]
    sol = solve_int(M, [1] * len(S))
    if sol is None:
        return None
    nums, den = sol
    if any(v < 0 for v in nums):
        return None
    return S.tolist(), list(nums), den


def certified_endpoint(ig: IntGame, basic_p: Sequence[int], basic_q: Sequence[int]) -> Profile | None:
    """The extreme equilibrium whose bases are ``basic_p`` (of P, variables x_i and slacks
    m + j) and ``basic_q`` (of Q, variables y_j and slacks n + i), checked exactly; None if
    a basis is singular or infeasible or the pair is not completely labeled.

    Each basis is solved exactly (x = a/D on its basic variables, y = b/E); then, in
    integers (:func:`gamekit.bimatrix.br_check.best_responses`), max_i (A'b)_i = E attained
    on every row where a > 0, and max_j (B'ᵀa)_j = D attained on every column where b > 0:
    feasibility in P and Q plus complementarity — the exact Nash condition of (a/Σa, b/Σb).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> certified_endpoint(ig, [0, 3], [0, 3])   # x = e_0 with column 0 tight, y = e_0 with row 0 tight
    (((0, Fraction(1, 1)),), ((0, Fraction(1, 1)),))
    >>> certified_endpoint(ig, [0, 1], [0, 3]) is None
    True
    """
    m, n = ig.m, ig.n
    arr = ig.arrays
    if arr is not None:
        A, Bt = None, None
        A64, Bt64, amax, bmax = arr
    else:
        A, Bt = ig.A, ig.columns_of_b
        A64, Bt64, amax, bmax = None, None, 0, 0
    px = _basic_solution(Bt, Bt64, m, n, basic_p)
    qy = None if px is None else _basic_solution(A, A64, n, m, basic_q)
    if px is None or qy is None:
        return None
    Sx, xn, dx = px
    Sy, yn, dy = qy
    # Q: A'y ≤ 1 with equality on x's support (labels i); P: B'ᵀx ≤ 1, equality on y's.
    va, rows = best_responses(A, A64, amax, Sy, yn)
    if va != dy or any(v and i not in rows for i, v in zip(Sx, xn)):
        return None
    vb, cols = best_responses(Bt, Bt64, bmax, Sx, xn)
    if vb != dx or any(v and j not in cols for j, v in zip(Sy, yn)):
        return None
    return _distribution(Sx, xn), _distribution(Sy, yn)


def _distribution(S: Sequence[int], nums: Sequence[int]) -> Sparse:
    """``nums / Σ nums`` on the indices ``S`` (increasing), zeros dropped."""
    s = sum(nums)
    return tuple((i, Fraction(v, s)) for i, v in zip(S, nums) if v)


def float_matrices(ig: IntGame) -> tuple[Any, Any]:
    """``(B'ᵀ, A')`` as C-contiguous float64 arrays, each divided by its largest entry when
    that is 2⁵³ or more (a positive scaling of M in {z ≥ 0, Mz ≤ 1} keeps every basis).

    Computed once per :class:`IntGame` and shared between calls: the kernel only reads
    them, and nothing computed from them is trusted (the end is certified exactly).
    """
    memo = ig.__dict__
    out = memo.get("_lh_float_matrices")
    if out is None:
        arr = ig.arrays

        def conv(M: Sequence[Sequence[int]]) -> Any:
            big = max(map(max, M))
            if big < 1 << 53:
                return np.array(M, dtype=np.float64)
            return np.array([[v / big for v in row] for row in M], dtype=np.float64)

        if arr is not None and max(arr[2], arr[3]) < 1 << 53:
            out = np.array(arr[1], dtype=np.float64), np.array(arr[0], dtype=np.float64)  # writeable copies
        else:
            out = conv(ig.columns_of_b), conv(ig.A)
        memo["_lh_float_matrices"] = out
    return out


@dataclass
class LHRun:
    """What :func:`lemke_howson_all` did: distinct profiles (first found first), the
    profile of each successful label, labels that hit ``max_iter``, the strategy that ran,
    fallbacks (``"label k: float_path -> exact: reason"``) and the pivots of the paths."""

    profiles: list[Profile]
    per_label: dict[int, Profile]
    failed: list[int]
    ran: LHConcrete
    fallbacks: list[str] = field(default_factory=list)
    pivots: int = 0


def lemke_howson_all(
    ig: IntGame,
    max_iter: int = DEFAULT_MAX_ITER,
    strategy: LHStrategy = "auto",
    labels: Sequence[int] | None = None,
) -> LHRun:
    """Run from every label (or from ``labels``) with ``strategy`` (``"auto"``:
    :func:`gamekit.bimatrix.lh_policy.choose_lh_strategy`).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> run = lemke_howson_all(ig, strategy="exact")
    >>> len(run.profiles), sorted(run.per_label), run.ran
    (2, [0, 1, 2, 3], 'exact')
    """
    ran: LHConcrete = choose_lh_strategy(ig.m, ig.n) if strategy == "auto" else strategy
    run = LHRun([], {}, [], ran)
    found: dict[tuple[SparseId, SparseId], Profile] = {}
    mats = None
    if ran == "float_path":
        from gamekit.kernel.compile_notice import notice_if_compiling
        from gamekit.kernel.float_lemke_howson import DONE, KERNELS, lh_float_path

        if not lh_float_path.signatures:  # neither compiled nor loaded in this process yet
            notice_if_compiling(KERNELS)
        mats = float_matrices(ig)
    for label in range(ig.m + ig.n) if labels is None else labels:
        prof: Profile | None = None
        if mats is not None:
            status, bp, bq, piv = lh_float_path(mats[0], mats[1], label, max_iter)
            run.pivots += int(piv)
            if status == DONE:
                prof = certified_endpoint(ig, bp, bq)
                reason = "the final bases fail the exact check"
            else:
                reason = "pivot limit" if piv >= max_iter else "no leaving variable (float trouble)"
            if prof is None:
                run.fallbacks.append(f"label {label}: float_path -> exact: {reason}")
        if prof is None:
            try:
                prof = lemke_howson(ig, label, max_iter)
            except LemkeHowsonLimit:  # only the pivot bound; a failed check must propagate
                run.failed.append(label)
                continue
        run.per_label[label] = prof
        found.setdefault((sparse_id(prof[0]), sparse_id(prof[1])), prof)
    run.profiles = list(found.values())
    return run
