"""Support enumeration with a float filter and exact certification.

For supports I ⊆ rows, J ⊆ columns of equal size k, an equilibrium with these supports
solves the indifference systems

    Σ_{j∈J} A_ij y_j = u  (i ∈ I),  Σ_{j∈J} y_j = 1;      Σ_{i∈I} B_ij x_i = v  (j ∈ J),  Σ_{i∈I} x_i = 1,

and must satisfy x, y ≥ 0 and (Ay)_i ≤ u, (xᵀB)_j ≤ v for all i, j (Nash 1951; von
Stengel 2002). In a nondegenerate game every equilibrium arises this way
with a unique solution; in a degenerate game equilibria may need supports of unequal
size or lie in continua, so the list is *not* claimed complete.

Speed: for each row support I the systems of all column supports J are solved at once
in floating point (numpy, batched LU). A support pair is discarded only when the float
solution violates a condition by more than an error bound derived from the 1-norm
condition number (forward error ≤ κ₁ · 1e-13 relative, far above LU's backward error
for these sizes); ill-conditioned or singular systems (κ₁ > 1e9) always go to the exact
path. Every survivor is re-solved in rational arithmetic and certified exactly, so
floats can only cost time, never produce or (up to the stated error bound) drop an
equilibrium.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from gamekit.bimatrix.intgame import IntGame, Profile
from gamekit.kernel.linalg import solve_exact

__all__ = ["support_enumeration"]

_COND_MAX = 1e9
_REL_ERR = 1e-13


def _batched_solutions(Mats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Solve a batch of (k+1)×(k+1) systems ``M z = e_last`` in floating point.

    Returns (solutions, error bounds); the bound is ``inf`` for (near-)singular or
    ill-conditioned systems (κ₁ > 1e9), which the caller must decide exactly.
    """
    nb, size, _ = Mats.shape
    sols = np.zeros((nb, size))
    err = np.full(nb, np.inf)
    with np.errstate(all="ignore"):
        det = np.linalg.det(Mats)
        scale = np.abs(Mats).max(axis=(1, 2)) ** size
        ok = np.abs(det) > 1e-12 * scale
        if ok.any():
            idx = np.flatnonzero(ok)
            inv = np.linalg.inv(Mats[idx])
            cond = np.abs(Mats[idx]).sum(axis=1).max(axis=1) * np.abs(inv).sum(axis=1).max(axis=1)
            sol = inv[:, :, -1]
            sols[idx] = sol
            good = np.isfinite(cond) & (cond < _COND_MAX)
            bound = _REL_ERR * cond * (1.0 + np.abs(sol).max(axis=1))
            err[idx] = np.where(good, bound, np.inf)
    return sols, err


def _keep(sol: np.ndarray, err: np.ndarray, payoff_vs: np.ndarray, k: int) -> np.ndarray:
    """Support pairs that the float solution cannot rule out (see the module docstring)."""
    exact = ~np.isfinite(err)
    e = np.where(exact, 0.0, err)
    nonneg = (sol[:, :k] >= -e[:, None]).all(axis=1)
    best = (payoff_vs <= sol[:, k][:, None] + e[:, None] * (1.0 + k)).all(axis=1)
    return exact | (nonneg & best)


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
    big = max(max(max(r) for r in ig.A), max(max(r) for r in ig.B))
    Af = np.array(ig.A, dtype=float) / big
    Bf = np.array(ig.B, dtype=float) / big
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
            Ay = np.einsum("bik,bk->bi", AJ, ysol[:, :k])
            cand = np.flatnonzero(_keep(ysol, yerr, Ay, k))
            if cand.size == 0:
                continue
            Jc = Js[cand]
            # x-systems: B[I, J]^T x - v 1 = 0, sum(x) = 1; then (x^T B)_j <= v for all columns.
            Mx = np.zeros((len(cand), k + 1, k + 1))
            Mx[:, :k, :k] = Bf[Iarr][:, Jc].transpose(1, 2, 0)
            Mx[:, :k, k] = -1.0
            Mx[:, k, :k] = 1.0
            xsol, xerr = _batched_solutions(Mx)
            xB = xsol[:, :k] @ Bf[Iarr]
            for idx in np.flatnonzero(_keep(xsol, xerr, xB, k)):
                J = tuple(int(j) for j in Jc[idx])
                prof = _exact_profile(ig, I, J)
                if prof is not None:
                    found.setdefault(prof, None)
    return list(found)
