"""Exact vertex enumeration of small polytopes inside the unit cube.

``box_polytope_vertices`` lists the vertices of

    P = {z ∈ [0,1]^k : E z = e,  A z ≤ b}

in rational arithmetic. The equalities are eliminated first (reduced row echelon form:
z_pivot = e' − E'_free z_free), which leaves a polytope in d = k − rank(E) free
coordinates; then the double description method adds the inequalities one at a time to
the cube [0,1]^d, whose 2^d vertices and tight sets are known. A new vertex is created on
every edge (v⁺, v⁻) that the new halfspace cuts; two vertices are adjacent iff no third
vertex is tight on every constraint tight at both (the combinatorial adjacency test of
Fukuda & Prodon, 1996). Cost grows like 2^d, so it is meant for the small polytopes that
arise in the doubly additive enumeration (d ≤ ~12).

Square systems are solved by :func:`gamekit.kernel.linalg.solve_int`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

from gamekit.core.errors import TooLargeError

__all__ = ["box_polytope_vertices", "MAX_FREE_DIM"]

#: Largest dimension d of the cube the double description starts from.
MAX_FREE_DIM = 16

_ZERO = Fraction(0)
_ONE = Fraction(1)


def _rref(E: list[list[Fraction]], e: list[Fraction], k: int):
    """Row-reduce [E | e]; return (pivot columns, rows) or None if inconsistent."""
    rows = [list(r) + [v] for r, v in zip(E, e)]
    pivots: list[int] = []
    r = 0
    for col in range(k):
        p = next((i for i in range(r, len(rows)) if rows[i][col] != 0), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        pv = rows[r][col]
        rows[r] = [v / pv for v in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[r])]
        pivots.append(col)
        r += 1
        if r == len(rows):
            break
    for i in range(r, len(rows)):
        if rows[i][k] != 0:
            return None
    return pivots, rows[:r]


def box_polytope_vertices(
    k: int,
    E: Sequence[Sequence[Fraction | int]] = (),
    e: Sequence[Fraction | int] = (),
    A: Sequence[Sequence[Fraction | int]] = (),
    b: Sequence[Fraction | int] = (),
) -> list[tuple[Fraction, ...]]:
    """Vertices of {z ∈ [0,1]^k : E z = e, A z ≤ b}, exact, in lexicographic order.

    Parameters
    ----------
    k : int
        The dimension.
    E, e : matrix and vector of numbers
        The equations E z = e (may be empty).
    A, b : matrix and vector of numbers
        The inequalities A z ≤ b (may be empty).

    Returns
    -------
    list of tuple of Fraction
        The vertices (empty when the polytope is).

    Raises
    ------
    TooLargeError
        When too many coordinates stay free after the equations.

    Examples
    --------
    >>> box_polytope_vertices(2, [[1, 1]], [1])  # the diagonal of the unit square
    [(Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1))]
    >>> box_polytope_vertices(2, A=[[1, 1]], b=[1])
    [(Fraction(0, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1))]
    """
    Ef = [[Fraction(v) for v in row] for row in E]
    Af = [[Fraction(v) for v in row] for row in A]
    ef = [Fraction(v) for v in e]
    bf = [Fraction(v) for v in b]
    red = _rref(Ef, ef, k) if Ef else ([], [])
    if red is None:
        return []
    pivots, rows = red
    free = [j for j in range(k) if j not in pivots]
    d = len(free)
    # z_j = const_j + Σ_f coef_jf w_f  (w = free coordinates)
    expr: list[tuple[Fraction, list[Fraction]]] = [(_ZERO, [])] * k
    for fi, j in enumerate(free):
        expr[j] = (_ZERO, [_ONE if t == fi else _ZERO for t in range(d)])
    for pj, row in zip(pivots, rows):
        expr[pj] = (row[k], [-row[j] for j in free])
    # inequalities α·w ≤ β in the free coordinates
    ineqs: list[tuple[list[Fraction], Fraction]] = []
    for pj in pivots:
        c0, co = expr[pj]
        ineqs.append((co, _ONE - c0))                 # z_pj ≤ 1
        ineqs.append(([-v for v in co], c0))          # z_pj ≥ 0
    for arow, bv in zip(Af, bf):
        c0 = sum((arow[j] * expr[j][0] for j in range(k) if arow[j]), _ZERO)
        co = [sum((arow[j] * expr[j][1][t] for j in range(k) if arow[j]), _ZERO) for t in range(d)]
        ineqs.append((co, bv - c0))
    ws = _dd_in_cube(d, ineqs)
    out = set()
    for w in ws:
        z = tuple(c0 + sum((cf * wt for cf, wt in zip(co, w) if cf), _ZERO) for c0, co in expr)
        out.add(z)
    return sorted(out)


def _dd_in_cube(d: int, ineqs: list[tuple[list[Fraction], Fraction]]) -> list[tuple[Fraction, ...]]:
    """Vertices of {w ∈ [0,1]^d : α·w ≤ β for every (α, β)} by double description."""
    # constant constraints first: 0 ≤ β decides feasibility outright
    live = []
    for co, beta in ineqs:
        if any(co):
            live.append((co, beta))
        elif beta < 0:
            return []
    if d == 0:
        return [()]
    if d > MAX_FREE_DIM:
        raise TooLargeError(
            f"vertex enumeration would start from a {d}-dimensional cube "
            f"(limit {MAX_FREE_DIM}); the game is too degenerate for exact enumeration here"
        )
    # cube vertices; constraint ids: 2t = (w_t ≥ 0), 2t+1 = (w_t ≤ 1), 2d + i = live[i]
    verts: list[tuple[tuple[Fraction, ...], frozenset[int]]] = []
    for bits in product((0, 1), repeat=d):
        w = tuple(Fraction(v) for v in bits)
        tight = frozenset(2 * t + bits[t] for t in range(d))
        verts.append((w, tight))
    for i, (co, beta) in enumerate(live):
        cid = 2 * d + i
        plus, zero, minus = [], [], []
        for w, T in verts:
            s = beta - sum((c * wt for c, wt in zip(co, w) if c and wt), _ZERO)
            if s > 0:
                plus.append((w, T, s))
            elif s == 0:
                zero.append((w, T | {cid}))
            else:
                minus.append((w, T, s))
        if not minus:
            verts = [(w, T) for w, T, _ in plus] + zero
            continue
        new = []
        all_tight = [T for _, T in verts]
        for wp, Tp, sp in plus:
            for wm, Tm, sm in minus:
                Z = Tp & Tm
                if len(Z) < d - 1:
                    continue
                if any(Z <= T for T in all_tight if T is not Tp and T is not Tm):
                    continue
                lam = sp / (sp - sm)
                w = tuple(a + lam * (bb - a) for a, bb in zip(wp, wm))
                new.append((w, Z | {cid}))
        merged: dict[tuple[Fraction, ...], frozenset[int]] = {}
        for w, T in [(w, T) for w, T, _ in plus] + zero + new:
            merged[w] = merged.get(w, frozenset()) | T
        verts = list(merged.items())
        if not verts:
            return []
    return [w for w, _ in verts]
