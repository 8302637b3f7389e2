"""Support enumeration with a float filter and exact certification.

For supports I ⊆ rows, J ⊆ columns of equal size k, an equilibrium with these supports
solves the indifference systems

    Σ_{j∈J} A_ij y_j = u  (i ∈ I),  Σ_{j∈J} y_j = 1;      Σ_{i∈I} B_ij x_i = v  (j ∈ J),  Σ_{i∈I} x_i = 1,

and must satisfy x, y ≥ 0 and (Ay)_i ≤ u, (xᵀB)_j ≤ v for all i, j (Nash 1951; von
Stengel 2002). In a nondegenerate game every equilibrium arises this way
with a unique solution; in a degenerate game equilibria may need supports of unequal
size or lie in continua, so the list is *not* claimed complete.

Speed: for each row support I the systems of all column supports J are solved at once
in floating point (numpy) and enclosed rigorously: :func:`gamekit.kernel.verified_float.
verified_solve` returns x̂ and r with ‖x − x̂‖∞ ≤ r for the exact solution x (a-posteriori
bound of Rump type using only IEEE-754 round-to-nearest; r = ∞ when it cannot prove the
system non-singular). The payoffs are integers below 2⁵³ scaled by a power of two, so the
float data are the exact data. A support pair is discarded only when the enclosure
*proves* a violation: some y_j < 0 (ŷ_j + r < 0), or some row's payoff exceeds u — the
computed (A_J ŷ)_i − û exceeds twice a rigorous bound of its error, γ_k (|A_J||ŷ|)_i
(Higham Lemma 3.1) plus r (Σ_j |a_ij| + 1) for the uncertainty of ŷ and û; the same for
x and the columns. Everything else is re-solved in rational arithmetic and certified
exactly, so floats can only cost time, never produce or drop an equilibrium. Payoffs of
2⁵³ or more use the exact loop only.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from gamekit.bimatrix.intgame import IntGame, Profile
from gamekit.kernel.linalg import solve_exact

__all__ = ["support_enumeration"]

#: Integer payoffs must be exact in binary64 for the float data to be the exact data.
_EXACT_FLOAT_INTS = 2 ** 53


def _batched_solutions(Mats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Enclose the solutions of the batch ``M z = e_last`` (exact float data): returns
    (ẑ, r) with ‖z − ẑ‖∞ ≤ r, r = ∞ where the bound fails (the caller decides exactly)."""
    from gamekit.kernel.verified_float import verified_solve

    nb, size, _ = Mats.shape
    rhs = np.zeros((nb, size))
    rhs[:, -1] = 1.0
    return verified_solve(Mats, rhs)


def _keep(sol: np.ndarray, rad: np.ndarray, rows: np.ndarray, k: int) -> np.ndarray:
    """Support pairs that the enclosure cannot rule out (module docstring).

    ``sol``: (N, k+1) = (ŷ, û); ``rad``: (N,); ``rows``: (N, m, k) — the exact float
    coefficients whose products with y are compared with u."""
    from gamekit.kernel.verified_float import ETA, gamma, inflate

    undecided = ~np.isfinite(rad)
    r = np.where(undecided, 0.0, rad)
    with np.errstate(all="ignore"):
        y, u = sol[:, :k], sol[:, k]
        negative = (y + r[:, None] < 0).any(axis=1)
        pay = np.einsum("bik,bk->bi", rows, y)
        absrows = np.abs(rows)
        err = gamma(k + 1) * np.einsum("bik,bk->bi", absrows, np.abs(y)) \
            + r[:, None] * (absrows.sum(axis=2) + 1.0)
        bound = inflate(err, 2 * k + 8) + ETA
        better = ((pay - u[:, None]) > 2.0 * bound).any(axis=1)
    return undecided | ~(negative | better)


def _exact_profile(ig: IntGame, I: tuple[int, ...], J: tuple[int, ...]) -> Profile | None:
    """Exact solution of the indifference systems for supports (I, J), or None."""
    k = len(I)
    My = [[ig.A[i][j] for j in J] + [-1] for i in I] + [[1] * k + [0]]
    My_sol = solve_exact(My, [0] * k + [1])
    if My_sol is None:
        return None
    Mx = [[ig.B[i][j] for i in I] + [-1] for j in J] + [[1] * k + [0]]
    Mx_sol = solve_exact(Mx, [0] * k + [1])
    if Mx_sol is None:
        return None
    ys, xs = My_sol[:k], Mx_sol[:k]
    if min(ys) < 0 or min(xs) < 0:
        return None
    u, v = My_sol[k], Mx_sol[k]
    A, B = ig.A, ig.B
    for row in A:
        if sum(row[j] * yj for j, yj in zip(J, ys)) > u:
            return None
    for j in range(ig.n):
        if sum(xi * B[i][j] for i, xi in zip(I, xs)) > v:
            return None
    x = tuple((i, xi) for i, xi in zip(I, xs) if xi)
    y = tuple((j, yj) for j, yj in zip(J, ys) if yj)
    return x, y


def support_enumeration(ig: IntGame, use_floats: bool = True) -> list[Profile]:
    """Equilibria found by equal-size support enumeration (complete for nondegenerate games)."""
    m, n = ig.m, ig.n
    found: dict[Profile, None] = {}
    if not use_floats:
        for k in range(1, min(m, n) + 1):
            for I in combinations(range(m), k):
                for J in combinations(range(n), k):
                    prof = _exact_profile(ig, I, J)
                    if prof is not None:
                        found.setdefault(prof, None)
        return list(found)
    big = max(max(abs(v) for r in M for v in r) for M in (ig.A, ig.B))
    if big >= _EXACT_FLOAT_INTS:
        return support_enumeration(ig, use_floats=False)
    scale = 2.0 ** max(0, int(big).bit_length())   # a power of two: the scaling is exact
    Af = np.array(ig.A, dtype=float) / scale
    Bf = np.array(ig.B, dtype=float) / scale
    for k in range(1, min(m, n) + 1):
        Js = np.array(list(combinations(range(n), k)), dtype=np.intp)
        nJ = len(Js)
        AJ = Af[:, Js].transpose(1, 0, 2)  # (nJ, m, k): A[:, J]
        for I in combinations(range(m), k):
            Iarr = np.array(I, dtype=np.intp)
            # y-systems: A[I, J] y - u 1 = 0, sum(y) = 1; then (A y)_i <= u for all rows.
            My = np.zeros((nJ, k + 1, k + 1))
            My[:, :k, :k] = AJ[:, Iarr, :]
            My[:, :k, k] = -1.0
            My[:, k, :k] = 1.0
            ysol, yerr = _batched_solutions(My)
            cand = np.flatnonzero(_keep(ysol, yerr, AJ, k))
            if cand.size == 0:
                continue
            Jc = Js[cand]
            # x-systems: B[I, J]^T x - v 1 = 0, sum(x) = 1; then (x^T B)_j <= v for all columns.
            Mx = np.zeros((len(cand), k + 1, k + 1))
            Mx[:, :k, :k] = Bf[Iarr][:, Jc].transpose(1, 2, 0)
            Mx[:, :k, k] = -1.0
            Mx[:, k, :k] = 1.0
            xsol, xerr = _batched_solutions(Mx)
            BI = np.broadcast_to(Bf[Iarr].T, (len(cand), n, k))   # rows: columns j of B[I, :]ᵀ
            for idx in np.flatnonzero(_keep(xsol, xerr, BI, k)):
                J = tuple(int(j) for j in Jc[idx])
                prof = _exact_profile(ig, I, J)
                if prof is not None:
                    found.setdefault(prof, None)
    return list(found)
