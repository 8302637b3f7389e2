"""Player II's equilibrium polytope Y(x) of an additive m×2ⁿ game, split into a product.

At a row mixture x with support S, player II's equilibrium strategies are

    Y(x) = {y ∈ F(x) : a_u(y) = a_{u₀}(y) (u ∈ S),  a_w(y) ≤ a_{u₀}(y) (w ∉ S)},

F(x) the face of the cube with y_l = 1 on {g_l(x) > 0}, 0 on {g_l(x) < 0} and y_l free
on K(x) = {g_l(x) = 0} (:mod:`gamekit.additive.many_rows`). In tied games K(x) can be
large while few of its coordinates matter to player I. **Product lemma**: drop every
inequality α·y ≤ β that holds on the whole box, i.e. Σ_l max(0, α_l) ≤ β (it changes
nothing); a coordinate l ∈ K that then occurs in no equality and no remaining inequality
is *free*, and

    Y(x) = P_C × [0,1]^F,    P_C = {y_C ∈ [0,1]^C : the remaining constraints},

with C = K \\ F. The vertices of a product are the products of vertices, so
vert Y(x) = vert P_C × {0,1}^F: the double description runs on |C| coordinates only and
the 2^|F| corners are written down directly (or counted, before anything is built).

**Face certificate** (exact, for every point of the face at once): player II is
indifferent on K (g_l(x) = 0, recomputed) and plays the strict best response elsewhere;
for player I, a_u(y) − a_{u₀}(y) is affine in y_F, so it vanishes on the whole face iff it
vanishes at the core vertex and A_u(l) = A_{u₀}(l) for l ∈ F (u ∈ S), and
a_w(y) ≤ a_{u₀}(y) on the whole face iff its maximum over the box of y_F,
(a_w − a_{u₀})(y⁰) + Σ_{l∈F} max(0, A_w(l) − A_{u₀}(l)), is ≤ 0 (w ∉ S), y⁰ = core
vertex with y_F = 0.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.additive.behaviour import column_gains
from gamekit.additive.game import AdditiveGame
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.kernel.linalg import solve_int

__all__ = ["YFace", "IntTables", "int_tables", "y_face", "certify_face", "corners", "certified_payoffs"]

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class YFace:
    """Y(x) = conv(core vertices) × [0,1]^free, in the game's (reduced) coordinates.

    ``base``: y on every set (0/1 off K, 0 on K); ``core``: the constrained sets of K;
    ``free``: the unconstrained ones; ``core_vertices``: vertices of P_C (entries in
    ``core`` order).
    """

    x: tuple[Fraction, ...]
    base: tuple[Fraction, ...]
    indifferent: tuple[int, ...]
    core: tuple[int, ...]
    free: tuple[int, ...]
    core_vertices: tuple[tuple[Fraction, ...], ...]

    @property
    def count(self) -> int:
        """Number of vertices of Y(x): |vert P_C| · 2^|F|."""
        return len(self.core_vertices) << len(self.free)

    def start(self, core_vertex: Sequence[Fraction]) -> list[Fraction]:
        """y⁰: the core vertex on C, 0 on F, ``base`` elsewhere."""
        y = list(self.base)
        for l, v in zip(self.core, core_vertex):
            y[l] = v
        return y

    def vertices(self) -> Iterator[tuple[Fraction, ...]]:
        """Every vertex of Y(x) (product of core vertices and 0/1 corners on ``free``)."""
        for cv in self.core_vertices:
            yield from corners(self.start(cv), self.free)


def corners(y0: Sequence[Fraction], free: Sequence[int]) -> Iterator[tuple[Fraction, ...]]:
    """The 2^|free| vectors equal to y0 off ``free`` and 0/1 on it (y0 is 0 on ``free``),
    in doubling order: bit t of the index is the value at ``free[t]``."""
    base = list(y0)
    for idx in range(1 << len(free)):
        z = list(base)
        for t, l in enumerate(free):
            if idx >> t & 1:
                z[l] = _ONE
        yield tuple(z)


def _split(K: list[int], E: list[list[int]], A: list[list[int]], b: list[int]) -> tuple[list[int], list[list[int]], list[int]]:
    """Drop box-redundant inequalities; return (core positions in K, kept A, kept b)."""
    keep = [i for i, (row, bv) in enumerate(zip(A, b)) if sum((v for v in row if v > 0), _ZERO) > bv]
    A, b = [A[i] for i in keep], [b[i] for i in keep]
    used = [j for j in range(len(K)) if any(r[j] for r in E) or any(r[j] for r in A)]
    return used, A, b


@dataclass(frozen=True)
class IntTables:
    """The payoff tables over common denominators, as Python integers (exact, fast):
    ``G[l][u]`` = D_G·G_u(l), ``A[u][l]`` = D_A·A_u(l), ``a0[u]`` = D_A·a_const(u);
    ``dg`` = D_G, ``da`` = D_A."""

    G: tuple[tuple[int, ...], ...]
    A: tuple[tuple[int, ...], ...]
    a0: tuple[int, ...]
    dg: int = 1
    da: int = 1


def int_tables(game: AdditiveGame) -> IntTables:
    """:class:`IntTables` of ``game`` (scaling by a positive constant keeps every sign,
    zero and the solution set of every (in)equality system below)."""
    Gf = [[Fraction(v) for v in game.b_gains(u)] for u in range(game.m)]
    Af = [[Fraction(v) for v in game.a_gains(u)] for u in range(game.m)]
    a0 = [Fraction(game.a_const(u)) for u in range(game.m)]
    dg = math.lcm(1, *(v.denominator for row in Gf for v in row))
    da = math.lcm(1, *(v.denominator for row in Af for v in row), *(v.denominator for v in a0))
    G = tuple(tuple(int(Gf[u][l] * dg) for u in range(game.m)) for l in range(game.n))
    A = tuple(tuple(int(v * da) for v in row) for row in Af)
    return IntTables(G, A, tuple(int(v * da) for v in a0), dg, da)


def y_face(game: AdditiveGame, x: Sequence[Fraction], tables: IntTables | None = None) -> YFace | None:
    """Y(x) as a product (see the module docstring), or None when Y(x) = ∅.

    Integer arithmetic: with x = p/D (p integer), sign g_l(x) = sign Σ_u p_u G[l][u], and
    player I's (in)equalities are scaled by D_A.
    """
    t = tables if tables is not None else int_tables(game)
    n, m = game.n, game.m
    S = [u for u in range(m) if x[u]]
    D = math.lcm(*(Fraction(v).denominator for v in x))
    p = [(int(x[u] * D), u) for u in S]
    g = [sum(pu * row[u] for pu, u in p) for row in t.G]
    K = [l for l in range(n) if g[l] == 0]
    ones = [l for l in range(n) if g[l] > 0]
    A = t.A
    c = [t.a0[u] + sum(A[u][l] for l in ones) for u in range(m)]
    u0 = S[0]
    E = [[A[u][l] - A[u0][l] for l in K] for u in S[1:]]
    e = [c[u0] - c[u] for u in S[1:]]
    Ai = [[A[w][l] - A[u0][l] for l in K] for w in range(m) if w not in S]
    bi = [c[u0] - c[w] for w in range(m) if w not in S]
    base = [_ZERO] * n
    for l in ones:
        base[l] = _ONE
    if not _box_feasible(E, e, Ai, bi):
        return None
    if E and len(E) == len(K):
        point = _unique_point(E, e, Ai, bi)
        if point is not False:
            return None if point is None else YFace(tuple(x), tuple(base), tuple(K), tuple(K), (), (point,))
    used, Ai, bi = _split(K, E, Ai, bi)
    sub = [[row[j] for j in used] for row in E]
    verts = box_polytope_vertices(len(used), sub, e, [[row[j] for j in used] for row in Ai], bi)
    if not verts:
        return None
    core = tuple(K[j] for j in used)
    free = tuple(l for l in K if l not in set(core))
    return YFace(tuple(x), tuple(base), tuple(K), core, free, tuple(verts))


def _box_feasible(E: list[list[int]], e: list[int], A: list[list[int]], b: list[int]) -> bool:
    """Necessary conditions for {y ∈ [0,1]^K : E y = e, A y ≤ b} ≠ ∅, one row at a time:
    min over the box of E_i·y ≤ e_i ≤ max, and min over the box of A_i·y ≤ b_i (exact)."""
    for row, v in zip(E, e):
        if sum(a for a in row if a < 0) > v or sum(a for a in row if a > 0) < v:
            return False
    return all(sum(a for a in row if a < 0) <= v for row, v in zip(A, b))


def _unique_point(E: list[list[int]], e: list[int], A: list[list[int]], b: list[int]):
    """Square E: False when singular (undecided here), else the unique solution y of
    E y = e as a tuple of Fractions when y ∈ [0,1]^K and A y ≤ b, or None (Y(x) = ∅).
    Fraction-free (``kernel.linalg.solve_int``): y = nums / den, den > 0."""
    sol = solve_int(E, e)
    if sol is None:
        return False
    nums, den = sol
    if any(v < 0 or v > den for v in nums):
        return None
    if any(sum(a * v for a, v in zip(row, nums)) > bv * den for row, bv in zip(A, b)):
        return None
    return tuple(Fraction(v, den) for v in nums)


def certify_face(game: AdditiveGame, face: YFace, core_vertex: Sequence[Fraction]) -> bool:
    """Exact check that (x, y) is a Nash equilibrium for every y in {core vertex} × [0,1]^F."""
    x = face.x
    if any(v < 0 for v in x) or sum(x) != 1:
        return False
    g = column_gains(game, x)
    y0 = face.start(core_vertex)
    free = set(face.free)
    for l, (gl, yl) in enumerate(zip(g, y0)):
        if (gl > 0 and yl != 1) or (gl < 0 and yl != 0) or (l in free and gl != 0):
            return False
        if not 0 <= yl <= 1:
            return False
    A = [game.a_gains(u) for u in range(game.m)]
    a0 = [game.a_const(u) + sum((A[u][l] * v for l, v in enumerate(y0) if v and A[u][l]), _ZERO)
          for u in range(game.m)]
    S = [u for u in range(game.m) if x[u]]
    u0 = S[0]
    for u in S[1:]:
        if a0[u] != a0[u0] or any(A[u][l] != A[u0][l] for l in free):
            return False
    for w in range(game.m):
        if w not in S:
            slack = sum((max(_ZERO, A[w][l] - A[u0][l]) for l in free), _ZERO)
            if a0[w] - a0[u0] + slack > 0:
                return False
    return True


def certified_payoffs(game: AdditiveGame, t: IntTables, x: Sequence[Fraction], y: Sequence[Fraction]
                      ) -> tuple[Fraction, Fraction] | None:
    """Exact Nash test of (x, y) in integer arithmetic, O(mn) integer operations; the payoffs
    (player I, player II) when it is an equilibrium, else None.

    With x = p/D and y = q/E (common denominators) and the tables of ``t`` (positive
    multiples of the game's, so every comparison is unchanged): player II plays a best
    response iff y_l = 1 where Σ_u p_u G[l][u] > 0 and y_l = 0 where it is < 0 (Lemma 2(a)
    of the additive game: g_l(x) = that sum / (D·D_G)); player I iff every row of supp x
    maximizes a_u(y)·E·D_A = a0[u]·E + Σ_l A[u][l] q_l. Then player I gets a_{u₀}(y) and
    player II Σ_u x_u b_const(u) + Σ_{g_l > 0} g_l(x) (g = 0 where y is not 0/1).
    """
    x, y = [Fraction(v) for v in x], [v if type(v) is Fraction else Fraction(v) for v in y]
    if any(v < 0 for v in x) or sum(x) != 1 or any(not 0 <= v <= 1 for v in y):
        return None
    S = [u for u in range(game.m) if x[u]]
    D = math.lcm(*(v.denominator for v in x))
    p = [(x[u].numerator * (D // x[u].denominator), u) for u in S]
    E = math.lcm(*{v.denominator for v in y}) if y else 1
    q = [v.numerator * (E // v.denominator) for v in y]
    pos = 0
    for l, row in enumerate(t.G):
        g = sum(pu * row[u] for pu, u in p)
        if (g > 0 and q[l] != E) or (g < 0 and q[l] != 0):
            return None
        if g > 0:
            pos += g
    support = [(l, ql) for l, ql in enumerate(q) if ql]
    a = [t.a0[u] * E + sum(t.A[u][l] * ql for l, ql in support) for u in range(game.m)]
    best = max(a)
    if any(a[u] != best for u in S):
        return None
    v2 = sum((x[u] * game.b_const(u) for u in S), _ZERO) + Fraction(pos, D * t.dg)
    return Fraction(best, E * t.da), v2
