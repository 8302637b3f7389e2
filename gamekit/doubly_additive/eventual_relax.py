"""Proofs that a polytope of replies is empty for every (n, α) of a piece, for :mod:`.eventual`.

The polytope is Y = {y ∈ [0, 1]^V : r_i(y) ≥ 0 (i ∈ I), r_j(y) = 0 (j ∈ E)} with rows
r(y) = c + Σ_l c_l y_l whose entries are polynomials in (n, α); ``sign`` is the oracle of
:class:`~gamekit.exact.eventual_field.EventualSigns` on the piece (−1, 0, 1: proved for every
n ≥ n₀ and every α of the piece; None: undecided). Both tests below return True only with an
exact proof that Y is empty at every such (n, α); False means "not shown".

* :func:`fourier_motzkin_empty` — eliminate the y_l one by one: for every pair of rows with
  c_l > 0 > c'_l (signs proved) add (−c'_l)·r + c_l·r' (positive multipliers, so the new row is
  implied by the old ones); rows with an undecided coefficient are dropped (that only enlarges
  Y). A row with no variable left and constant < 0 is a contradiction.
* :func:`farkas_empty` — a multiplier vector λ (λ_i ≥ 0 on I, free on E) with
  max_{y ∈ [0,1]^V} Σ λ_i r_i(y) = C + Σ_l max(c_l, 0) < 0 proves Y empty (every y of Y has
  Σ λ_i r_i(y) ≥ 0). λ is *found* by a floating-point linear program at sample points (a
  search step only) and then *recomputed exactly* as polynomials: the rows it uses and the
  variables whose combined coefficient vanishes define a square system whose Cramer solution
  is λ up to a factor; every sign needed (each λ_i, each combined coefficient, the bound) is
  then proved by the oracle on the whole piece.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

__all__ = ["fourier_motzkin_empty", "farkas_empty"]

Row = tuple[Any, dict[int, Any]]
Sign = Callable[[Any], "int | None"]


def _bound_fails(sign: Sign, row: Row) -> bool:
    """True when C + Σ max(c_l, 0) < 0 is proved (the row is < 0 on the whole box)."""
    c, co = row
    hi = c
    for v in co.values():
        s = sign(v)
        if s is None:
            return False
        if s > 0:
            hi = hi + v
    return sign(hi) == -1


def fourier_motzkin_empty(sign: Sign, rows: Sequence[Row], free: Sequence[int], zero: Any, one: Any,
                          max_rows: int = 400) -> bool:
    """True when the rows (each ``(c, {l: c_l})`` meaning c + Σ c_l y_l ≥ 0) have no solution
    y ∈ [0, 1]^free, proved by exact Fourier–Motzkin elimination (module docstring).

    Parameters
    ----------
    sign : callable
        The oracle's sign on the piece.
    rows : sequence of (c, dict)
        The inequalities (an equality is given as two rows).
    free : sequence of int
        The variables.
    zero, one : ring elements
        0 and 1 of the ring.
    max_rows : int
        Rows kept per step (a larger system is truncated: a relaxation).

    Returns
    -------
    bool
        True only when emptiness is proved.

    Examples
    --------
    y ≥ 2/3 and y ≤ 1/3 (as 3y − 2 ≥ 0, 1 − 3y ≥ 0):

    >>> from fractions import Fraction
    >>> from gamekit.exact.eventual_field import EventualSigns, ring
    >>> n, a = ring().gens()
    >>> s = EventualSigns(Fraction(0), Fraction(1)).sign
    >>> z, o = n * 0, n * 0 + 1
    >>> fourier_motzkin_empty(s, [(-2 * o, {0: 3 * o}), (o, {0: -3 * o})], [0], z, o)
    True
    >>> fourier_motzkin_empty(s, [(-o, {0: 3 * o}), (o, {0: -3 * o})], [0], z, o)
    False
    """
    cur: list[Row] = [(c, dict(co)) for c, co in rows]
    for l in free:
        cur.append((zero, {l: one}))
        cur.append((one, {l: -one}))
    todo = list(free)
    while todo:
        best: tuple[int, int, list] | None = None
        for l in todo:
            sg = [sign(r[1].get(l, zero)) for r in cur]
            cost = 10 ** 9 if any(x is None for x in sg) else \
                sum(x == 1 for x in sg) * sum(x == -1 for x in sg)
            if best is None or cost < best[0]:
                best = (cost, l, sg)
        assert best is not None
        _cost, l, sg = best
        todo.remove(l)
        pos = [r for r, x in zip(cur, sg) if x == 1]
        neg = [r for r, x in zip(cur, sg) if x == -1]
        new: list[Row] = [(c, {k: v for k, v in co.items() if k != l}) for (c, co), x in zip(cur, sg) if x == 0]
        for rp in pos:
            for rn in neg:
                if len(new) >= max_rows:
                    break
                a, b = -rn[1][l], rp[1][l]
                co = {k: a * rp[1].get(k, zero) + b * rn[1].get(k, zero) for k in todo}
                new.append(_primitive(sign, a * rp[0] + b * rn[0], co))
        cur = []
        for c, co in new:
            co = {k: v for k, v in co.items() if not v.is_zero()}
            if not co:
                if sign(c) == -1:
                    return True
                continue
            cur.append((c, co))
    return False


def _primitive(sign: Sign, c: Any, co: dict[int, Any]) -> Row:
    """The row divided by the gcd of its entries when that gcd's sign is proved."""
    g = c
    for v in co.values():
        g = g.gcd(v)
    if g.is_zero() or g.is_constant():
        return c, co
    sg = sign(g)
    if sg not in (1, -1):
        return c, co
    g = g * sg
    return c / g, {k: v / g for k, v in co.items()}


def _lp_pattern(values: list[tuple[float, list[float]]], eq: list[bool]) -> tuple[list[int], list[int]] | None:
    """Floating-point search: a vertex of {(λ, u) : C(λ) + Σ_l u_l = −1, u_l ≥ c_l(λ), u_l ≥ 0,
    λ_i ≥ 0 unless ``eq[i]``}; returns (rows with λ_i ≠ 0, variables with c_l(λ) = 0), or None
    when the program is infeasible (no multiplier at this point)."""
    import numpy as np
    from scipy.optimize import linprog

    r = len(values)
    nv = len(values[0][1]) if r else 0
    A = np.zeros((nv, r + nv))
    for l in range(nv):
        for i in range(r):
            A[l, i] = values[i][1][l]
        A[l, r + l] = -1.0                      # Σ λ_i c_il − u_l ≤ 0
    A_eq = np.array([[v[0] for v in values] + [1.0] * nv])
    bounds = [((None if e else 0.0), None) for e in eq] + [(0.0, None)] * nv
    res = linprog(np.array([0.0] * r + [1.0] * nv), A_ub=A if nv else None, b_ub=np.zeros(nv) if nv else None,
                  A_eq=A_eq, b_eq=np.array([-1.0]), bounds=bounds, method="highs-ds")
    if res.status != 0:
        return None
    lam = res.x[:r]
    scale = max(abs(x) for x in lam)
    used = [i for i in range(r) if abs(lam[i]) > 1e-9 * scale]
    comb = [sum(lam[i] * values[i][1][l] for i in range(r)) for l in range(nv)]
    mag = [max(abs(lam[i] * values[i][1][l]) for i in range(r)) for l in range(nv)]
    zero = [l for l in range(nv) if abs(comb[l]) <= 1e-9 * max(mag[l], 1e-300)]
    return used, zero


def farkas_empty(sign: Sign, rows: Sequence[Row], eq: Sequence[bool], free: Sequence[int],
                 samples: Sequence[Callable[[Any], float]], solve: Callable) -> bool:
    """True when a multiplier vector proves the polytope of the rows empty (module docstring).

    Parameters
    ----------
    sign : callable
        The oracle's sign on the piece.
    rows : sequence of (c, dict)
        r_i(y) = c + Σ c_l y_l, with r_i ≥ 0, or r_i = 0 where ``eq[i]``.
    eq : sequence of bool
        Which rows are equalities (free multiplier).
    free : sequence of int
        The variables, each in [0, 1].
    samples : sequence of callables
        Each evaluates a ring element to a float at one sample point (n, α) of the piece: where
        the search for λ runs.
    solve : callable
        ``solve(A, rhs)`` → (Δ, N) or None: Cramer's rule over the ring
        (:func:`~gamekit.doubly_additive.eventual.bareiss_solve`).

    Returns
    -------
    bool
        True only when emptiness is proved exactly.

    Examples
    --------
    y₁ + y₂ = 3/2 with y₁ ≤ 1/4 and y₂ ≤ 1/8 (times 8), y ∈ [0, 1]²: no row alone is
    contradictory on the box, their sum is.

    >>> from fractions import Fraction
    >>> from gamekit.exact.eventual_field import EventualSigns, ring
    >>> from gamekit.doubly_additive.eventual import bareiss_solve
    >>> n, a = ring().gens()
    >>> s = EventualSigns(Fraction(0), Fraction(1)).sign
    >>> o = n * 0 + 1
    >>> rows = [(-12 * o, {0: 8 * o, 1: 8 * o}), (2 * o, {0: -8 * o}), (o, {1: -8 * o})]
    >>> at = lambda q: float(sum(int(c) * 100 ** i * 0 ** k for (i, k), c in q.to_dict().items()))
    >>> farkas_empty(s, rows, [True, False, False], [0, 1], [at], bareiss_solve)
    True
    """
    for ev in samples:
        try:
            values = [(ev(c), [ev(co.get(l, c * 0)) for l in free]) for c, co in rows]
        except (OverflowError, ValueError):
            continue
        scale = [max([abs(v[0])] + [abs(x) for x in v[1]]) or 1.0 for v in values]
        values = [(v[0] / s, [x / s for x in v[1]]) for v, s in zip(values, scale)]
        pat = _lp_pattern(values, list(eq))
        if pat is None:
            continue
        used, zero_vars = pat
        if _certify(sign, rows, eq, free, used, zero_vars, solve):
            return True
    return False


def _certify(sign: Sign, rows, eq, free, used: list[int], zero_vars: list[int], solve) -> bool:
    """Recompute λ exactly on the rows ``used`` from c_l(λ) = 0 (l ∈ ``zero_vars``) and prove
    every sign (module docstring)."""
    k = len(used)
    if k == 0:
        return False
    z = rows[0][0] * 0
    coef = [[rows[i][1].get(free[l], z) for i in used] for l in zero_vars]
    if k == 1:
        lams = [[z + 1]]
    else:
        lams = []
        for sub in combinations(range(len(coef)), k - 1):
            A = [[coef[j][t] for t in range(1, k)] for j in sub]
            b = [-coef[j][0] for j in sub]
            sol = solve(A, b)
            if sol is not None:
                D, N = sol
                lams.append([D] + list(N))
                break
    for lam in lams:
        for flip in (1, -1):
            lam_s = [v * flip for v in lam]
            ok = True
            for i, v in zip(used, lam_s):
                if not eq[i] and sign(v) not in (0, 1):
                    ok = False
                    break
            if not ok:
                continue
            C = z
            co: dict[int, Any] = {}
            for i, v in zip(used, lam_s):
                C = C + v * rows[i][0]
                for l, c in rows[i][1].items():
                    co[l] = co.get(l, z) + v * c
            if _bound_fails(sign, (C, co)):
                return True
    return False
