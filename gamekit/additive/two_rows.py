"""Foster's algorithm for additive 2×2ⁿ games (Lemma 2 of Ethier–Lee II), as named steps.

Player I mixes his two rows as x = (1−p, p); player II's gain from move 1 at set l is
g_l(p) = (1−p)·G₀(l) + p·G₁(l) (weighted gains of :class:`AdditiveGame`). The steps:

1. :func:`classify` — the classes T₀₀, T₀₁, T₁₀, T₁₁, Z and, for l ∈ T₀₁ ∪ T₁₀, the
   best-response discontinuity p(l) = G₀/(G₀ − G₁) as an integer pair (num, den) after
   one common scaling of the gains (Lemma 2(a));
2. :func:`sweep_points` — one sort of the breakpoints (float key, exact integer repair),
   grouped by equal value, with 0 and 1 added: the points of the sweep;
3. :func:`run_sweep` — at each point and on each open interval between points, the
   cell {p-range} × (best-response face ∩ {D sense 0}) with running integer sums of
   D and of both rows' payoffs (O(1) amortized per crossed set);
4. :func:`maximal_cells` — drop cells contained in a neighbour, group touching cells
   into components;
5. :func:`extreme_equilibria` — distinct vertices of the maximal cells;
6. :func:`certificate` — the hypotheses of Lemma 2(b) and the cases checked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import groupby

import numpy as np

from gamekit.additive.behaviour import Mixture, mixture_to_behaviour, payoffs
from gamekit.additive.game import AdditiveGame
from gamekit.additive.int_forms import _ONE as _ONE_SHARED
from gamekit.additive.int_forms import _ZERO as _ZERO_SHARED
from gamekit.additive.int_forms import SplitBehaviour
from gamekit.additive.slices import mixture_vertices, slice_vertices, subsets
from gamekit.additive.solution import (
    AdditiveEquilibrium,
    AdditiveSolution,
    CaseRecord,
    EquilibriumCell,
    FosterCertificate,
    split_of,
)
from gamekit.additive.sweep_int import LazyTuple, SweepArrays, base_payoffs, sweep_arrays
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.numbers import fmt

__all__ = [
    "foster_classes",
    "breakpoints",
    "classify",
    "sweep_points",
    "run_sweep",
    "maximal_cells",
    "extreme_equilibria",
    "certificate",
    "solve_two_rows",
]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def foster_classes(game: AdditiveGame) -> dict[str, tuple[int, ...]]:
    """The paper's T₀₀, T₀₁, T₁₀, T₁₁ and the always-indifferent set Z (two-row games).

    Parameters
    ----------
    game : AdditiveGame
        A two-row game.

    Returns
    -------
    dict of str to tuple of int
        ``always_0``, ``switch_up``, ``switch_down``, ``always_1``, ``indifferent``:
        the information sets in each class.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> foster_classes(g)
    {'always_0': (), 'switch_up': (1,), 'switch_down': (0,), 'always_1': (), 'indifferent': ()}
    """
    _need_two_rows(game)
    G0, G1 = game.b_gains(0), game.b_gains(1)
    out: dict[str, list[int]] = {"always_0": [], "switch_up": [], "switch_down": [], "always_1": [], "indifferent": []}
    for l in range(game.n):
        out[_class_of(G0[l], G1[l])].append(l)
    return {k: tuple(v) for k, v in out.items()}


def _class_of(g0: Fraction, g1: Fraction) -> str:
    if g0 < 0 and g1 < 0:
        return "always_0"
    if g0 > 0 and g1 > 0:
        return "always_1"
    if g0 == 0 and g1 == 0:
        return "indifferent"
    return "switch_up" if g0 <= 0 <= g1 else "switch_down"


def breakpoints(game: AdditiveGame) -> dict[int, Fraction]:
    """p(l) = G₀(l)/(G₀(l) − G₁(l)) for every l ∈ T₀₁ ∪ T₁₀ (Lemma 2(a)).

    Parameters
    ----------
    game : AdditiveGame
        A two-row game.

    Returns
    -------
    dict of int to Fraction
        Information set index → the probability p of row 1 at which player II's gain
        there changes sign.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> breakpoints(g)
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    _need_two_rows(game)
    G0, G1 = game.b_gains(0), game.b_gains(1)
    out = {}
    for l in range(game.n):
        c = _class_of(G0[l], G1[l])
        if c in ("switch_up", "switch_down"):
            out[l] = G0[l] / (G0[l] - G1[l])
    return out


def _need_two_rows(game: AdditiveGame) -> None:
    if not isinstance(game, AdditiveGame):
        raise GameError(f"expected an AdditiveGame, got {type(game).__name__}")
    if game.m != 2:
        raise GameError(f"Foster's algorithm needs exactly 2 rows, the game has {game.m}")


class _Sweep:
    """Shared state of the two-row solver."""

    def __init__(self, game: AdditiveGame, max_vertices: int, max_face: int) -> None:
        self.game = game
        self.n = game.n
        self.max_vertices = max_vertices
        self.max_face = max_face
        self.additive = game.a_move is not None
        if self.additive:
            H0, H1 = game.a_gains(0), game.a_gains(1)
            self.H0, self.H1 = H0, H1  # δ_l = H1[l] − H0[l]: player I's gain in D = a_1 − a_0
            self.d_const = game.a_const(1) - game.a_const(0)
        else:
            self.d_const = _ZERO
        self.vertex_count = 0

    def row(self, p: Fraction) -> tuple[Fraction, Fraction]:
        return (_ONE - p, p)

    # additive player I: cell = box ∩ {c + δ·y_free sense 0}
    def additive_cell(self, kind: str, lo: Fraction, hi: Fraction, ones: list[int] | np.ndarray,
                      free: list[int], c: Fraction, sense: str, a_base: list[Fraction],
                      b_base: list[Fraction]) -> EquilibriumCell | None:
        """The cell {p ∈ [lo, hi]} × (face ∩ {c + δ·y_free sense 0}); ``ones``: the face's
        1-entries outside ``free`` (indices or a boolean mask); ``a_base``/``b_base``: the rows'
        payoffs at the face's base point (free sets at move 0). Every vertex is built from its
        split form (:meth:`AdditiveEquilibrium.from_split`): no Python loop over the n sets."""
        coeffs = [self.H1[l] - self.H0[l] for l in free]
        mn = c + sum((min(a, _ZERO) for a in coeffs), _ZERO)
        mx = c + sum((max(a, _ZERO) for a in coeffs), _ZERO)
        if (sense == "=" and not mn <= 0 <= mx) or (sense == "<=" and mn > 0) or (sense == ">=" and mx < 0):
            return None
        base = ones if isinstance(ones, np.ndarray) else _mask(self.n, ones)
        try:
            pts = slice_vertices(c, coeffs, sense, self.max_vertices - self.vertex_count)
        except TooLargeError:
            where = f"p = {fmt(lo)}" if lo == hi else f"p in [{fmt(lo)}, {fmt(hi)}]"
            shape = "hyperplane" if sense == "=" else "half-space"
            raise TooLargeError(
                f"the equilibria at {where} form a face of dimension up to {len(free)} cut by a "
                f"{shape}, with more than {self.max_vertices} extreme points in total; "
                "raise max_vertices") from None
        # payoffs: the base point's come from the sweep, then O(|free|) per vertex
        g = self.game
        ga = [[g.a_gains(u)[l] for l in free] for u in range(2)]
        gb = [[g.b_gains(u)[l] for l in free] for u in range(2)]
        verts = []
        base_list = SplitBehaviour.from_parts(base).render_list()
        fixed = tuple(base_list)
        for vals in pts:
            split = _vertex_split(base, free, vals)
            draw = _patched(base_list, free, vals)
            au = [a_base[u] + sum((w * v for w, v in zip(ga[u], vals) if v), _ZERO) for u in range(2)]
            bu = [b_base[u] + sum((w * v for w, v in zip(gb[u], vals) if v), _ZERO) for u in range(2)]
            for p in sorted({lo, hi}):
                pay = ((1 - p) * au[0] + p * au[1], (1 - p) * bu[0] + p * bu[1])
                verts.append(AdditiveEquilibrium.from_split(self.row(p), split, pay, draw))
        self.vertex_count += len(verts)
        return EquilibriumCell(kind, lo, hi, tuple(free), sense, tuple(verts), fixed)

    # general player I payoff: mixtures over the corners of the face
    def corner_cell(self, kind: str, lo: Fraction, hi: Fraction, ones: list[int], free: list[int],
                    sense: str) -> EquilibriumCell | None:
        if len(free) > self.max_face:
            raise TooLargeError(
                f"player I's payoff is not additive and player II is indifferent at {len(free)} "
                f"information sets at p in [{fmt(lo)}, {fmt(hi)}]: the face has 2^{len(free)} corners, "
                f"above the limit 2^{self.max_face}; materialize the reduced game instead"
            )
        g = self.game
        oneset = frozenset(ones)
        corners = [oneset.union(S) for S in subsets(free)]
        D = [g.a(1, T) - g.a(0, T) for T in corners]
        verts_idx = mixture_vertices(D, sense)
        if not verts_idx:
            return None
        base = [_ZERO] * self.n
        for l in ones:
            base[l] = _ONE
        verts = []
        for p in sorted({lo, hi}):
            for v in verts_idx:
                mix = tuple((corners[i], w) for i, w in v)
                verts.append(self.equilibrium(p, None, mix))
        self.vertex_count += len(verts)
        if self.vertex_count > self.max_vertices:
            raise TooLargeError(f"more than {self.max_vertices} extreme equilibria; raise max_vertices")
        return EquilibriumCell(kind, lo, hi, tuple(free), sense, tuple(verts), tuple(base))

    def equilibrium(self, p: Fraction, draw: tuple[Fraction, ...] | None, mixture: Mixture | None) -> AdditiveEquilibrium:
        row = self.row(p)
        if mixture is None:
            pay = payoffs(self.game, row, draw=draw)
        else:
            draw = mixture_to_behaviour(mixture, self.n)
            pay = payoffs(self.game, row, mixture=mixture)
        return AdditiveEquilibrium(row, draw, pay, mixture)  # type: ignore[arg-type]

    def d_of_set(self, ones: Iterable[int]) -> Fraction:
        T = frozenset(ones)
        return self.game.a(1, T) - self.game.a(0, T)


def _mask(n: int, ones: Iterable[int]) -> np.ndarray:
    """The boolean mask of the indices ``ones`` in range(n)."""
    m = np.zeros(n, dtype=bool)
    m[np.fromiter(ones, dtype=np.intp)] = True
    return m


def _vertex_split(base: np.ndarray, free: Sequence[int], vals: Sequence[Fraction]) -> SplitBehaviour:
    """The face's base mask with the free coordinates set to ``vals`` (1s into the mask)."""
    one = base.copy()
    frac = []
    for l, v in zip(free, vals):
        if v == 1:
            one[l] = True
        elif v:
            frac.append((l, v))
    return SplitBehaviour.from_parts(one, frac)


def _patched(base: list[Fraction], free: Sequence[int], vals: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """The rendered base point with the free coordinates set to ``vals`` (shared 0 and 1
    objects, as :meth:`SplitBehaviour.render` writes them)."""
    y = list(base)
    for l, v in zip(free, vals):
        y[l] = _ONE_SHARED if v == 1 else (_ZERO_SHARED if v == 0 else v)
    return tuple(y)


def _cell_inside(inner: EquilibriumCell, outer: EquilibriumCell, game: AdditiveGame, additive: bool) -> bool:
    for v in inner.vertices:
        ok = outer.contains(v.p, v.draw, game, split_of(v)) if additive else outer.contains_mixture(v.p, v.mixture, game)
        if not ok:
            return False
    return True


def _scaled_ints(*vectors: Sequence[Fraction]) -> tuple[int, list[list[int]]]:
    """A common denominator L and the vectors times L as Python ints (fast exact sums)."""
    L = 1
    for vec in vectors:
        for x in vec:
            d = x.denominator
            if d != 1 and L % d:
                L = L * d // math.gcd(L, d)
    return L, [[x.numerator * (L // x.denominator) for x in vec] for vec in vectors]


def _sorted_breakpoints(items: list[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    """Group (num, den, l) with den > 0 by the exact value num/den, in ascending order.

    One sort by the float num/den (CPython's int/int division is correctly rounded, and
    rounding is monotone: values whose floats differ are in the right order and
    distinct); only runs of equal floats are re-sorted and grouped exactly by Fraction.
    """
    items.sort(key=_ratio)
    out: list[list[tuple[int, int, int]]] = []
    for _, run in groupby(items, key=_ratio):
        grp = list(run)
        if len(grp) == 1:
            out.append(grp)
            continue
        grp.sort(key=_exact)
        out.extend(list(g) for _, g in groupby(grp, key=_exact))
    return out


def _ratio(t: tuple[int, int, int]) -> float:
    return t[0] / t[1]


def _exact(t: tuple[int, int, int]) -> Fraction:
    return Fraction(t[0], t[1])


@dataclass
class Classes:
    """Step 1's output: scaled integer gains, class sizes, Z, T(0⁻) and the breakpoint items."""

    LB: int
    g0: list[int]
    g1: list[int]
    sizes: dict[str, int]
    Z: list[int]
    ones_state: list[bool]  # T(p) just left of the current point (starts "left of 0")
    items: list[tuple[int, int, int]]  # p(l) = num/den with den > 0, and l


def classify(game: AdditiveGame) -> Classes:
    """Lemma 2(a): classes of every information set and p(l) as integer pairs, O(n)."""
    n = game.n
    # one scale for gains and constants: same classes, same p(l), integer running sums
    LB, (g0, g1, _) = _scaled_ints(game.b_gains(0), game.b_gains(1), [game.b_const(0), game.b_const(1)])
    sizes = {"always_0": 0, "switch_up": 0, "switch_down": 0, "always_1": 0, "indifferent": 0}
    Z: list[int] = []
    ones_state = [False] * n
    items: list[tuple[int, int, int]] = []
    for l in range(n):
        a, b = g0[l], g1[l]
        if a < 0 and b < 0:
            sizes["always_0"] += 1
        elif a > 0 and b > 0:
            sizes["always_1"] += 1
            ones_state[l] = True
        elif a == 0 and b == 0:
            sizes["indifferent"] += 1
            Z.append(l)
        elif a <= 0 <= b:
            sizes["switch_up"] += 1
            items.append((-a, b - a, l))  # p(l) = G0/(G0 − G1) = (−a)/(b − a)
        else:
            sizes["switch_down"] += 1
            ones_state[l] = True
            items.append((a, a - b, l))
    return Classes(LB, g0, g1, sizes, Z, ones_state, items)


def sweep_points(cl: Classes) -> tuple[list[tuple[Fraction, list[int], list[int]]], list[Fraction], list[int]]:
    """Step 2: the sweep's points 0, the distinct breakpoints, 1 — each with (L01, L10).

    Returns ``(points, breakpoints, multiplicities)``; one O(n log n) sort.
    """
    grouped = _sorted_breakpoints(cl.items)
    g0, g1 = cl.g0, cl.g1
    pts: list[tuple[Fraction, list[int], list[int]]] = []
    bps: list[Fraction] = []
    mult: list[int] = []
    for grp in grouped:
        val = Fraction(grp[0][0], grp[0][1])
        bps.append(val)
        mult.append(len(grp))
        L01 = [l for _, _, l in grp if g0[l] <= 0 <= g1[l]]
        L10 = [l for _, _, l in grp if not g0[l] <= 0 <= g1[l]]
        pts.append((val, L01, L10))
    if not pts or pts[0][0] != 0:
        pts.insert(0, (_ZERO, [], []))
    if pts[-1][0] != 1:
        pts.append((_ONE, [], []))
    return pts, bps, mult


class _Running:
    """Running integer sums at T(p) just left of the sweep's point (additive player I).

    ``S`` = D·LA with D = a₁ − a₀; ``PA``/``PB``: both rows' payoffs to players I and II
    scaled by LA/LB. Crossing a point moves L10 out of T and L01 in: O(|L01| + |L10|).
    """

    def __init__(self, game: AdditiveGame, cl: Classes, d_const: Fraction) -> None:
        n = game.n
        LA, (h0, h1, consts) = _scaled_ints(game.a_gains(0), game.a_gains(1),
                                            [game.a_const(0), game.a_const(1), d_const])
        self.LA, self.LB = LA, cl.LB
        self.dl = [b - a for a, b in zip(h0, h1)]
        on = [l for l in range(n) if cl.ones_state[l]]
        self.S = consts[2] + sum(self.dl[l] for l in on)
        self.zlo = sum(min(self.dl[l], 0) for l in cl.Z)
        self.zhi = sum(max(self.dl[l], 0) for l in cl.Z)
        self.HA, self.HB = (h0, h1), (cl.g0, cl.g1)
        self.PA = [consts[u] + sum(self.HA[u][l] for l in on) for u in range(2)]
        self.PB = [int(game.b_const(u) * cl.LB) + sum(self.HB[u][l] for l in on) for u in range(2)]

    def minus(self, P: list[int], H: tuple, L: list[int]) -> list[int]:
        return [P[u] - sum(H[u][l] for l in L) for u in range(2)]

    def point_cell(self, sw: _Sweep, kind: str, pi: Fraction, ones: Callable[[], list[int]], free: list[int],
                   L01: list[int], L10: list[int], sense: str) -> tuple[EquilibriumCell | None, int]:
        """The cell at a point and D·LA at T(π) with the free sets at move 0."""
        dl = self.dl
        c_point = self.S - sum(dl[l] for l in L10)
        lo_pt = c_point + self.zlo + sum(min(dl[l], 0) for l in L01 + L10)
        hi_pt = c_point + self.zhi + sum(max(dl[l], 0) for l in L01 + L10)
        if not _meets(lo_pt, hi_pt, sense):
            return None, c_point
        cell = sw.additive_cell(kind, pi, pi, ones(), free, Fraction(c_point, self.LA), sense,
                                _unscale(self.minus(self.PA, self.HA, L10), self.LA),
                                _unscale(self.minus(self.PB, self.HB, L10), self.LB))
        return cell, c_point

    def cross(self, L01: list[int], L10: list[int]) -> None:
        dl = self.dl
        self.S = self.S - sum(dl[l] for l in L10) + sum(dl[l] for l in L01)
        self.PA = [v + sum(self.HA[u][l] for l in L01) for u, v in enumerate(self.minus(self.PA, self.HA, L10))]
        self.PB = [v + sum(self.HB[u][l] for l in L01) for u, v in enumerate(self.minus(self.PB, self.HB, L10))]

    def interval_cell(self, sw: _Sweep, lo: Fraction, hi: Fraction, ones: Callable[[], list[int]],
                      Z: list[int]) -> tuple[EquilibriumCell | None, int]:
        if not _meets(self.S + self.zlo, self.S + self.zhi, "="):
            return None, self.S
        cell = sw.additive_cell("interval", lo, hi, ones(), list(Z), Fraction(self.S, self.LA), "=",
                                _unscale(self.PA, self.LA), _unscale(self.PB, self.LB))
        return cell, self.S


def _unscale(P: list[int], scale: int) -> list[Fraction]:
    return [Fraction(v, scale) for v in P]


@dataclass
class SweepOutcome:
    """Step 3's output: cells in p-order (point, interval, point, …) and what was checked."""

    seq: list[EquilibriumCell | None]
    cases: list[CaseRecord]
    hyp_interval: bool
    d_T0: object
    d_T1: object


def run_sweep(game: AdditiveGame, cl: Classes, pts: list[tuple[Fraction, list[int], list[int]]],
              sw: _Sweep) -> SweepOutcome:
    """Step 3: the cell at every point and on every open interval between points."""
    n, Z, ones_state = game.n, cl.Z, list(cl.ones_state)
    run = _Running(game, cl, sw.d_const) if sw.additive else None

    def current_ones(exclude: Iterable[int] = ()) -> list[int]:
        ex = set(exclude)
        return [l for l in range(n) if ones_state[l] and l not in ex]

    out = SweepOutcome([], [], True, None, None)
    d_pure: Fraction | int
    d_int: Fraction | int
    for idx, (pi, L01, L10) in enumerate(pts):
        free = sorted(L01 + L10 + Z)
        sense = "<=" if pi == 0 else (">=" if pi == 1 else "=")
        kind = "endpoint" if pi in (0, 1) else "breakpoint"
        if run is not None:
            cell, d_pure = run.point_cell(sw, kind, pi, partial(current_ones, L10), free, L01, L10, sense)
        else:
            ones_pt = current_ones(L10)
            cell = sw.corner_cell(kind, pi, pi, ones_pt, free, sense)
            d_pure = sw.d_of_set(ones_pt)
        if pi == 0:
            out.d_T0 = d_pure
        if pi == 1:
            out.d_T1 = d_pure
        out.cases.append(CaseRecord(kind, pi, pi, len(free), _result(cell, kind)))
        out.seq.append(cell)
        for l in L10:  # cross the point
            ones_state[l] = False
        for l in L01:
            ones_state[l] = True
        if run is not None:
            run.cross(L01, L10)
        if idx + 1 < len(pts):
            lo, hi = pi, pts[idx + 1][0]
            if run is not None:
                icell, d_int = run.interval_cell(sw, lo, hi, current_ones, Z)
            else:
                ones_i = current_ones()
                icell = sw.corner_cell("interval", lo, hi, ones_i, list(Z), "=")
                d_int = sw.d_of_set(ones_i)
            if d_int == 0:
                out.hyp_interval = False
            out.cases.append(CaseRecord("interval", lo, hi, len(Z), _result(icell, "interval")))
            out.seq.append(icell)
    return out


def maximal_cells(seq: list[EquilibriumCell | None], game: AdditiveGame,
                  additive: bool) -> tuple[list[EquilibriumCell], tuple[tuple[int, ...], ...]]:
    """Step 4: drop point cells inside a neighbouring interval cell; components along p."""
    return maximal_cells_at({i: c for i, c in enumerate(seq) if c is not None}, game, additive)


def maximal_cells_at(at: dict[int, EquilibriumCell], game: AdditiveGame,
                     additive: bool) -> tuple[list[EquilibriumCell], tuple[tuple[int, ...], ...]]:
    """Step 4 on the non-empty cells only: ``at[2j]`` is point j's cell, ``at[2j+1]`` the open
    interval's after it. Cells at consecutive positions touch (one component)."""
    cells: list[EquilibriumCell] = []
    comps: list[list[int]] = []
    for i in sorted(at):
        c = at[i]
        if i - 1 not in at:
            comps.append([])
        inside = i % 2 == 0 and any(j in at and _cell_inside(c, at[j], game, additive) for j in (i - 1, i + 1))
        if not inside:
            comps[-1].append(len(cells))
            cells.append(c)
    return cells, tuple(tuple(cmp) for cmp in comps if cmp)


def extreme_equilibria(cells: list[EquilibriumCell], additive: bool) -> tuple[AdditiveEquilibrium, ...]:
    """Step 5: distinct vertices of the maximal cells, ordered by p.

    Two cells can share a vertex only at a common p (a breakpoint and an adjacent
    interval), so the O(n) comparison of strategies is needed only there.
    """
    by_p: dict[Fraction, list[list[AdditiveEquilibrium]]] = {}
    for c in cells:
        at: dict[Fraction, list[AdditiveEquilibrium]] = {}
        for v in c.vertices:
            at.setdefault(v.p, []).append(v)
        for pv, vs in at.items():
            by_p.setdefault(pv, []).append(vs)
    out: list[AdditiveEquilibrium] = []
    for pv in sorted(by_p):
        lists = by_p[pv]
        if len(lists) == 1:
            out.extend(lists[0])
            continue
        seen: dict[object, AdditiveEquilibrium] = {}
        for vs in lists:
            for v in vs:
                seen.setdefault(_draw_key(v) if additive else frozenset(v.mixture), v)
        out.extend(seen.values())
    return tuple(out)


def certificate(game: AdditiveGame, cl: Classes, sw_out: SweepOutcome, cells: list[EquilibriumCell],
                bps: Sequence[Fraction], mult: Sequence[int]) -> FosterCertificate:
    """Step 6: the hypotheses of Lemma 2(b), checked against the sweep's result."""

    def off_breakpoints() -> bool:
        bpset = set(bps)
        return any(c.kind == "interval" or (c.p_lo not in bpset) for c in cells)

    return lemma2_certificate(game, cl.sizes, len(cl.Z), sw_out, off_breakpoints, bps, mult)


def lemma2_certificate(game: AdditiveGame, sizes: dict[str, int], nz: int, sw_out: SweepOutcome,
                       off_breakpoints: Callable[[], bool], bps: Sequence[Fraction],
                       mult: Sequence[int]) -> FosterCertificate:
    """The :class:`FosterCertificate`: Lemma 2(b)'s hypotheses (``nz`` = |Z|) and, when they
    hold, the check that no reported cell is off the breakpoints (``off_breakpoints()``)."""
    n = game.n
    positive = None
    if game.prob is not None:
        positive = all(game.prob[u][l] > 0 for u in range(2) for l in range(n))
    hyps: dict[str, bool | None] = {
        "classes_cover": not nz,
        "positive_probabilities": positive,
        "no_indifference_on_intervals": sw_out.hyp_interval,
        "row0_not_pure_eq": sw_out.d_T0 is not None and sw_out.d_T0 > 0,  # type: ignore[operator]
        "row1_not_pure_eq": sw_out.d_T1 is not None and sw_out.d_T1 < 0,  # type: ignore[operator]
    }
    # positivity of p_u(l) is informational: the weighted gains make the rest exact anyway
    single_crossing = all(v for k, v in hyps.items() if k != "positive_probabilities")
    notes = []
    if single_crossing:
        # Lemma 2(b): every equilibrium has p = p(l) for some l — check our sweep agrees.
        if off_breakpoints():
            raise CertificationError("Lemma 2(b) holds but an equilibrium is off the breakpoints")
        notes.append("Lemma 2(b) hypotheses hold: every equilibrium sits at a best-response discontinuity")
    else:
        notes.append("Lemma 2(b) hypotheses fail: the sweep over all breakpoints, intervals and "
                     "endpoints gives the complete equilibrium set")
    if nz:
        notes.append(f"{nz} information set(s) leave player II indifferent for every p (G0 = G1 = 0)")
    return FosterCertificate(n=n, sizes=sizes, breakpoints=bps if isinstance(bps, LazyTuple) else tuple(bps),
                             multiplicities=tuple(mult), cases=sw_out.cases if isinstance(sw_out.cases, LazyTuple)
                             else tuple(sw_out.cases), hypotheses=hyps, single_crossing=single_crossing,
                             notes=tuple(notes))


def solve_two_rows(game: AdditiveGame, max_vertices: int, max_face: int,
                   vectorized: bool = True) -> AdditiveSolution:
    """All equilibria of a 2×2ⁿ additive game: steps 1–6, O(n log n) plus the output.

    With additive player I payoffs and gains within the int64 bounds of
    :mod:`gamekit.additive.sweep_int`, steps 1–3 run vectorized on integer keys
    (``vectorized=False`` forces the step-by-step Python sweep: same result, the tests' oracle).
    """
    sw = _Sweep(game, max_vertices, max_face)
    arr = sweep_arrays(game) if vectorized and sw.additive else None
    bps: Sequence[Fraction]
    mult: Sequence[int]
    if arr is not None:
        at, sw_out, bps, mult = run_sweep_int(game, arr, sw)
        cells, components = maximal_cells_at(at, game, True)
        kept = {id(c) for c in cells}
        cert = lemma2_certificate(game, arr.sizes, len(arr.Z), sw_out, lambda: any(
            i % 2 or not arr.real[i // 2] for i, c in at.items() if id(c) in kept), bps, mult)
    else:
        cl = classify(game)
        pts, bps, mult = sweep_points(cl)
        sw_out = run_sweep(game, cl, pts, sw)
        cells, components = maximal_cells(sw_out.seq, game, sw.additive)
        cert = certificate(game, cl, sw_out, cells, bps, mult)
    eqs = extreme_equilibria(cells, sw.additive)
    unique = len(eqs) == 1
    # with additive payoffs a behaviour strategy with k ≥ 2 mixed sets has a (k−1)-dim or
    # larger family of mixed representations; in mixture space (a_func) unique is unique
    unique_mixed = unique and (not sw.additive or _n_fractional(eqs[0]) <= 1)
    return AdditiveSolution(game, eqs, tuple(cells), components, unique, unique_mixed, cert, "foster")


def run_sweep_int(game: AdditiveGame, arr: SweepArrays, sw: _Sweep) -> tuple[
        dict[int, EquilibriumCell], SweepOutcome, LazyTuple, tuple[int, ...]]:
    """Step 3 from :func:`~gamekit.additive.sweep_int.sweep_arrays`: cells only where D's range
    meets {D sense 0}, in p-order (``at[2j]`` point j, ``at[2j+1]`` the interval after it);
    the per-point case records and the breakpoints are materialized on first read."""
    npts, Zl = len(arr.pa), arr.Z.tolist()
    at: dict[int, EquilibriumCell] = {}
    spots = sorted([2 * int(j) for j in np.flatnonzero(arr.meets_point)]
                   + [2 * int(j) + 1 for j in np.flatnonzero(arr.meets_interval)])
    for i in spots:
        j = i // 2
        if i % 2 == 0:
            a, b = int(arr.pa[j]), int(arr.pb[j])
            lo = hi = arr.value(j)
            kind = "endpoint" if j in (0, npts - 1) else "breakpoint"
            sense = "<=" if j == 0 else (">=" if j == npts - 1 else "=")
            free, c = sorted(arr.sidx[a:b].tolist() + Zl), int(arr.c_point[j])
        else:
            a = b = int(arr.pb[j])
            lo, hi, kind, sense, free, c = arr.value(j), arr.value(j + 1), "interval", "=", Zl, int(arr.s_after[j])
        ones = arr.ones_mask(a, b)
        cell = sw.additive_cell(kind, lo, hi, ones, free, Fraction(c, arr.LA), sense, *base_payoffs(game, ones))
        if cell is not None:
            at[i] = cell
    d_int = arr.s_after[:-1]
    cases = LazyTuple(2 * npts - 1, lambda: _int_cases(arr, at))
    out = SweepOutcome([], cases, not (d_int == 0).any(), int(arr.c_point[0]), int(arr.c_point[-1]))  # type: ignore[arg-type]
    real = np.flatnonzero(arr.real)
    bps = LazyTuple(len(real), lambda: tuple(arr.value(int(j)) for j in real))
    return at, out, bps, tuple((arr.pb - arr.pa)[real].tolist())


def _int_cases(arr: SweepArrays, at: dict[int, EquilibriumCell]) -> list[CaseRecord]:
    """The case records of :func:`run_sweep`, from the arrays (read on demand)."""
    npts, nz = len(arr.pa), len(arr.Z)
    vals = [arr.value(j) for j in range(npts)]
    nfree = ((arr.pb - arr.pa) + nz).tolist()
    out = []
    for j in range(npts):
        kind = "endpoint" if j in (0, npts - 1) else "breakpoint"
        out.append(CaseRecord(kind, vals[j], vals[j], nfree[j], _result(at.get(2 * j), kind)))
        if j + 1 < npts:
            out.append(CaseRecord("interval", vals[j], vals[j + 1], nz, _result(at.get(2 * j + 1), "interval")))
    return out


def _n_fractional(e: AdditiveEquilibrium) -> int:
    """Number of mixed information sets of an equilibrium's behaviour strategy."""
    split = split_of(e)
    return len(split.fractional) if split is not None else sum(1 for v in e.draw if 0 < v < 1)


def _draw_key(v: AdditiveEquilibrium) -> object:
    """A hashable key equal for equal behaviour strategies (the split's when attached)."""
    split = split_of(v)
    return split.key() if split is not None else v.draw


def _meets(mn: Fraction | int, mx: Fraction | int, sense: str) -> bool:
    """Does the range [mn, mx] of D over a face meet {D sense 0}?"""
    if sense == "=":
        return mn <= 0 <= mx
    return mn <= 0 if sense == "<=" else mx >= 0


def _result(cell: EquilibriumCell | None, kind: str) -> str:
    if cell is None:
        return "none"
    if kind == "interval":
        return "continuum"
    if kind == "endpoint":
        return "pure row" if cell.is_point else "pure row, continuum"
    return "equalizing" if cell.is_point else "equalizing, continuum"
