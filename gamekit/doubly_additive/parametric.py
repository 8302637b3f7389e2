"""Doubly additive games affine in a parameter α: every equilibrium for every α ∈ [lo, hi].

G(α) = G⁰ + α·G¹ (coefficientwise in both bilinear forms, :class:`AffineDoublyAdditiveGame`).
We assume **player I's payoff does not depend on α** (G¹'s player I form is zero) — the
commission model of Ethier & Lee, *Baccara chemin de fer II*, section 4, where only the
Banker pays 100α % on his wins — and search player I's (small) box, as
:func:`gamekit.doubly_additive.solve_doubly_additive` does at one α. Then:

* player I's gains f_h(y) are α-free; player II's gains g_l(x; α) are affine in α for fixed x
  and affine in x for fixed α.

**Theorem (interval certificate).** Fix a face π of player I's box (π_h ∈ {0, 1, *}, J the
* coordinates) and j = |J| of player II's gain hyperplanes restricted to the face. Their
vertex x*(α) solves a j × j linear system with entries affine in α, so by Cramer's rule
x*_q(α) = N_q(α)/Δ(α) with integer polynomials of degree ≤ j, and
G_l(α) := Δ(α)·g_l(x*(α); α) is a polynomial of degree ≤ j + 1 for every l. On any
subinterval C of [lo, hi] on which none of the nonzero polynomials Δ, N_q, Δ − N_q, G_l has a
root, all their signs are constant, so (a) x*(α) lies in the open face for all α ∈ C or for
none, (b) the sets {l : g_l(x*) > 0}, {< 0}, {= 0} are the same for all α ∈ C, and therefore
(c) the set Y(x*) = {y : (x*(α), y) is an equilibrium} — cut out by player I's α-free gain
conditions given those sign sets (step 3 of :mod:`.enumeration`) — is the *same* polytope for
every α ∈ C. Every extreme equilibrium at every α is (x*, y*) for some face, some vertex
x* of the arrangement and some vertex y* of Y(x*) (the theorem of :mod:`.enumeration`).
Hence, splitting [lo, hi] at the real roots of all these polynomials (for all the vertex
systems that can carry an equilibrium), the equilibrium set on each open cell is a fixed
finite list of formulas (x(α) rational in α, y constant), and at each root it is computed
exactly at that algebraic α. A cell is *certified unique for every α in it* when that list
has one element.

**Which vertex systems.** Solving every j-subset of hyperplanes on every face is too many
(10⁵–10⁶), so the exact dyadic subdivision of :mod:`.enumeration` is run *for all α ∈ [lo, hi]
at once*: a hyperplane is taken as strictly one-sided on a box only if it is so for every
α ∈ [lo, hi] — decided at the two end points, because the minimum over a box of an affine
function of x whose coefficients are affine in α is a minimum of affine functions of α, hence
concave in α (the maximum is convex) — and a box is discarded only when player I's gain
conditions fail for every y still possible on the box for every α. So a box is discarded only
if it contains no equilibrium x* for any α ∈ [lo, hi], and every vertex system that can carry
an equilibrium at some α is one of the j-subsets of hyperplanes meeting an undiscarded leaf
box (its hyperplanes all pass through x*(α) inside that box). A box whose hyperplanes stop
separating (j halvings in a row without a change: they sweep it as α moves) has its α-range
halved instead, ``_ALPHA_DEPTH`` times at most, with the same end-point rule on each α-piece
(the extremes over the box are concave/convex in α on any subinterval); a (box, α-piece) is
discarded only if it holds no equilibrium x* for any α of the piece, and the examined
j-subsets are the union over all kept leaves. Iterated strict dominance (Lemma 1 of the
paper) is applied the same way, for all α ∈ [lo, hi] at once.

**Exact quick rejections** (:mod:`.param_systems`): Δ and every N_q come from one integer
elimination; a system is dropped before any root isolation when on every piece of a
bisection of [lo, hi] some x*_q is provably ≤ 0 or ≥ 1 throughout (:func:`_inside_pieces`),
or when on every remaining piece player I's gain conditions fail even with y_t free wherever
the sign of g_t(x*) is not constant there (:func:`_y_possible`, a relaxation of step 3).
``stats["vertices"]`` counts the systems that pass these tests and lie in the open face for
some α.

Numbers: roots are :class:`~fractions.Fraction`, :class:`~gamekit.exact.surd.QuadraticSurd`
or :class:`~gamekit.exact.algebraic.RealAlgebraic`, compared exactly; polynomials are
python-flint ``fmpz_poly``. Nothing is decided in floating point.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cmp_to_key
from itertools import combinations, product
from typing import Any, cast

from flint import fmpq, fmpz_poly

from gamekit.core.errors import GameError
from gamekit.core.numbers import to_fraction
from gamekit.doubly_additive.enumeration import gain_range, interval_ok
from gamekit.doubly_additive.game import BilinearForm, DoublyAdditiveGame
from gamekit.doubly_additive.param_cells import (
    ParamEquilibrium,
    ParametricDASolution,
    assemble,
)
from gamekit.doubly_additive.param_systems import (
    const_sign,
    cramer_affine,
    halves,
    to_unit,
    unit_sign,
)
from gamekit.exact.algebraic import (
    RealAlgebraic,
    compare_numbers,
    descartes_bound,
    divides,
    rational_inside,
    roots_in,
    sign_at,
)
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.kernel.linalg import solve_int as int_solve

__all__ = ["AffineDoublyAdditiveGame", "solve_parametric_doubly_additive", "MAX_PARAM_DIM"]

#: Largest number of free player I sets after dominance (3^k faces, j-subsets up to k).
MAX_PARAM_DIM = 8
_LEAF = 64  # leaf box: at most this many j-subsets of crossing hyperplanes
_ALPHA_DEPTH = 4  # α-halvings of a stalled box in the subdivision (:func:`_face_combos`)
_PIECES = 5  # bisection depth of the quick in-face rejection (:func:`_maybe_inside`)
_MAX_DEPTH = 30


def _lin(f0: BilinearForm, f1: BilinearForm, t: Fraction) -> BilinearForm:
    return BilinearForm(
        f0.c + t * f1.c,
        tuple(a + t * b for a, b in zip(f0.a, f1.a)),
        tuple(a + t * b for a, b in zip(f0.b, f1.b)),
        tuple(tuple(a + t * b for a, b in zip(r0, r1)) for r0, r1 in zip(f0.C, f1.C)),
    )


class AffineDoublyAdditiveGame:
    """G(α) = G⁰ + α·G¹ for doubly additive games with the same information sets.

    ``G0`` is the game at α = 0 and ``G1`` the slope (a :class:`DoublyAdditiveGame` whose
    forms are the coefficients of α). Player I's slope form must be zero (module doc).

    Examples
    --------
    >>> from gamekit import solve
    >>> G0 = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> G1 = DoublyAdditiveGame(["h"], ["l"], (0, [0], [0], [[0]]), (0, [1], [0], [[0]]))
    >>> r = solve(AffineDoublyAdditiveGame(G0, G1))
    >>> r.method, r.complete, r.unique
    ('parametric_doubly_additive', True, True)
    """

    __slots__ = ("G0", "G1", "title")

    def __init__(self, G0: DoublyAdditiveGame, G1: DoublyAdditiveGame, title: str = "") -> None:
        if (G0.row_sets, G0.col_sets) != (G1.row_sets, G1.col_sets):
            raise GameError("the two games must have the same information sets")
        f = G1.I
        if f.c or any(f.a) or any(f.b) or any(any(r) for r in f.C):
            raise GameError(
                "player I's payoff must not depend on the parameter (transpose the game so "
                "that the searched player's payoff is parameter-free)"
            )
        self.G0, self.G1, self.title = G0, G1, title or G0.title

    @classmethod
    def from_endpoints(cls, g_a: DoublyAdditiveGame, a: object, g_b: DoublyAdditiveGame,
                       b: object, title: str = "") -> AffineDoublyAdditiveGame:
        """The affine family through G(a) = g_a and G(b) = g_b (a ≠ b)."""
        fa, fb = to_fraction(a, "a"), to_fraction(b, "b")
        if fa == fb:
            raise GameError("from_endpoints needs two different parameter values")
        k = 1 / (fb - fa)

        def slope(x: BilinearForm, y: BilinearForm) -> BilinearForm:
            return _lin(BilinearForm(Fraction(0), (Fraction(0),) * len(x.a), (Fraction(0),) * len(x.b),
                                     tuple((Fraction(0),) * len(x.b) for _ in x.a)),
                        _lin(y, x, Fraction(-1)), k)

        sI, sII = slope(g_a.I, g_b.I), slope(g_a.II, g_b.II)
        G1 = DoublyAdditiveGame(g_a.row_sets, g_a.col_sets, sI, sII)
        G0 = DoublyAdditiveGame(g_a.row_sets, g_a.col_sets, _lin(g_a.I, sI, -fa),
                                _lin(g_a.II, sII, -fa), g_a.title)
        return cls(G0, G1, title)

    def at(self, alpha: object) -> DoublyAdditiveGame:
        """The game at one exact α."""
        t = to_fraction(alpha, "alpha")
        return DoublyAdditiveGame(self.G0.row_sets, self.G0.col_sets, _lin(self.G0.I, self.G1.I, t),
                                  _lin(self.G0.II, self.G1.II, t), self.title)


# -- integer data ---------------------------------------------------------------------------------
@dataclass
class _Data:
    m: int
    n: int
    F0: list[int]                 # player I: f_h(y) ∝ F0[h] + Σ_l Fc[h][l] y_l (α-free)
    Fc: list[list[int]]
    G0: list[list[int]]           # player II: g_l ∝ (G0[l] + α·G1[l]) · (1, x_0 … x_{m−1})
    G1: list[list[int]]
    lo: Fraction
    hi: Fraction
    xval: list = field(default_factory=list)
    yval: list = field(default_factory=list)
    pruned: list = field(default_factory=list)

    def g_at(self, l: int, e: Fraction) -> list[int]:
        """Player II's gain row at α = e, times the positive integer e.denominator."""
        p, q = e.numerator, e.denominator
        return [q * a + p * b for a, b in zip(self.G0[l], self.G1[l])]


def _ints(xs: list[Fraction]) -> list[int]:
    L = 1
    for x in xs:
        L = L * x.denominator // math.gcd(L, x.denominator)
    return [int(x * L) for x in xs]


def _data(game: AffineDoublyAdditiveGame, lo: Fraction, hi: Fraction) -> _Data:
    g0, g1 = game.G0, game.G1
    m, n = g0.m, g0.n
    F = [_ints([g0.I.a[h], *g0.I.C[h]]) for h in range(m)]
    G0, G1 = [], []
    for l in range(n):
        r0 = [g0.II.b[l], *(g0.II.C[h][l] for h in range(m))]
        r1 = [g1.II.b[l], *(g1.II.C[h][l] for h in range(m))]
        both = _ints(r0 + r1)
        G0.append(both[: m + 1])
        G1.append(both[m + 1:])
    return _Data(m, n, [r[0] for r in F], [r[1:] for r in F], G0, G1, lo, hi,
                 [None] * m, [None] * n)


def _box_range(const: int, coefs, vals) -> tuple[int, int]:
    lo = hi = const
    for c, v in zip(coefs, vals):
        if not c:
            continue
        if v is None:
            if c > 0:
                hi += c
            else:
                lo += c
        elif v:
            lo += c
            hi += c
    return lo, hi


def _prune(D: _Data) -> None:
    """Iterated strict dominance valid for every α ∈ [lo, hi] (module doc: the extremes over
    the box are concave/convex in α, so the two end points decide)."""
    rnd, changed = 0, True
    while changed:
        changed, rnd = False, rnd + 1
        for l in range(D.n):
            if D.yval[l] is not None:
                continue
            rs = [_box_range(r[0], r[1:], D.xval) for r in (D.g_at(l, D.lo), D.g_at(l, D.hi))]
            if all(a > 0 for a, _ in rs) or all(b < 0 for _, b in rs):
                D.yval[l] = 1 if rs[0][0] > 0 else 0
                D.pruned.append(("II", l, D.yval[l], rnd))
                changed = True
        for h in range(D.m):
            if D.xval[h] is not None:
                continue
            a, b = _box_range(D.F0[h], D.Fc[h], D.yval)
            if a > 0 or b < 0:
                D.xval[h] = 1 if a > 0 else 0
                D.pruned.append(("I", h, D.xval[h], rnd))
                changed = True


# -- step 2: the vertex systems that can carry an equilibrium -------------------------------------
def _face_setup(D: _Data, pi, Sfree, Tfree, Rbase):
    """Restrict player II's hyperplanes to the face π at both end points."""
    J = [i for i, p in enumerate(pi) if p == 2]
    fix: dict[int, int] = {}
    hyps = []   # (t, [(c, cj) at lo, (c, cj) at hi])
    loose = []  # sets whose gain is undecided but has no x-coefficient on the face
    for t in Tfree:
        ends = []
        for e in (D.lo, D.hi):
            r = D.g_at(t, e)
            c = r[0] + sum(r[1 + h] for h in range(D.m) if D.xval[h] == 1)
            c += sum(r[1 + Sfree[i]] for i, p in enumerate(pi) if p == 1)
            ends.append((c, [r[1 + Sfree[i]] for i in J]))
        rng = [(c + sum(v for v in cj if v < 0), c + sum(v for v in cj if v > 0)) for c, cj in ends]
        if all(a > 0 for a, _ in rng):
            fix[t] = 1
        elif all(b < 0 for _, b in rng):
            fix[t] = 0
        elif not any(any(cj) for _, cj in ends):
            loose.append(t)
        else:
            hyps.append((t, ends))
    fmin, fmax = {}, {}
    undecided = loose + [h[0] for h in hyps]
    for s in Sfree:
        fmin[s], fmax[s] = gain_range(Rbase[s], D.Fc[s], fix, undecided)
    return J, fix, hyps, loose, fmin, fmax


def _face_combos(D: _Data, pi, Sfree, Tfree, Rbase, stats) -> tuple[list, set]:
    """Every j-subset of hyperplanes (indices into the face's list) meeting an undiscarded
    leaf of the subdivision of (player I's face box) × [lo, hi] (module doc): boxes are
    halved in x, and when j halvings in a row separate no hyperplane, the α-interval is
    halved instead (at most ``_ALPHA_DEPTH`` times)."""
    J, fix, hyps, loose, fmin, fmax = _face_setup(D, pi, Sfree, Tfree, Rbase)
    kinds = {s: pi[i] for i, s in enumerate(Sfree)}
    j = len(J)
    combos: set[tuple[int, ...]] = set()
    if not interval_ok(kinds, fmin, fmax):
        return hyps, combos
    if j == 0:
        combos.add(())
        return hyps, combos
    agg = [[(s, D.Fc[s][t]) for s in Sfree if D.Fc[s][t]] for t, _ in hyps]
    # both ends scaled by lo.den·hi.den: the value at lo + (k/2^r)(hi − lo) is ∝ (2^r−k)F0 + kF1
    F = [([c0 * D.hi.denominator for c0 in _flat(e0)], [c1 * D.lo.denominator for c1 in _flat(e1)])
         for _, (e0, e1) in hyps]
    ends0 = [h[1] for h in hyps]
    stack = [([0] * j, [1] * j, 1, list(range(len(hyps))), fmin, fmax, 0, ends0, (0, 1, 0))]
    max_den = 1 << _MAX_DEPTH
    while stack:
        lo, hi, Dn, cross, fmn, fmx, stall, ends, apiece = stack.pop()
        stats["regions"] += 1
        if len(cross) < j or not interval_ok(kinds, fmn, fmx):
            continue
        widths = [hi[i] - lo[i] for i in range(j)]
        small = math.comb(len(cross), j) <= _LEAF
        if stall >= j and not small and apiece[2] < _ALPHA_DEPTH:
            stack.extend(_alpha_halves(F, agg, cross, lo, hi, Dn, fmn, fmx, apiece))
            continue
        if small or stall >= j or (Dn >= max_den and max(widths) == 1):
            combos.update(combinations(cross, j))
            continue
        i = max(range(j), key=lambda q: (widths[q], -q))
        if widths[i] == 1:
            Dn *= 2
            lo, hi = [2 * v for v in lo], [2 * v for v in hi]
        mid = (lo[i] + hi[i]) // 2
        for clo, chi in ((lo[i], mid), (mid, hi[i])):
            nlo, nhi = list(lo), list(hi)
            nlo[i], nhi[i] = clo, chi
            ncross, nfmn, nfmx = _narrow(ends, agg, cross, Dn, nlo, nhi, fmn, fmx)
            nstall = stall + 1 if len(ncross) == len(cross) else 0
            stack.append((nlo, nhi, Dn, ncross, nfmn, nfmx, nstall, ends, apiece))
    return hyps, combos


def _flat(e) -> list[int]:
    return [e[0], *e[1]]


def _narrow(ends, agg, cross, Dn, nlo, nhi, fmn, fmx):
    """The hyperplanes still crossing the box (nlo, nhi)/Dn for some α of the piece, and
    player I's gain intervals narrowed by the ones that became one-sided."""
    ncross, nfmn, nfmx = [], dict(fmn), dict(fmx)
    for k in cross:
        side = _side(ends[k], Dn, nlo, nhi)
        if side == 0:
            ncross.append(k)
        else:
            _apply(agg[k], side, nfmn, nfmx)
    return ncross, nfmn, nfmx


def _alpha_halves(F, agg, cross, lo, hi, Dn, fmn, fmx, apiece) -> list:
    """The same x-box on the two halves of the α-piece (ka/2^r, kb/2^r) of [lo, hi]: each
    hyperplane's ends at the new piece ends (positive multiples of the true values; the
    extremes over the box are concave/convex in α, so the piece's two ends decide)."""
    ka, kb, r = apiece
    ka, kb, r = 2 * ka, 2 * kb, r + 1
    km, top = (ka + kb) // 2, 1 << r
    out = []
    for a, b in ((ka, km), (km, kb)):
        ends = {}
        for k in cross:
            f0, f1 = F[k]
            e = []
            for pos in (a, b):
                v = [(top - pos) * x + pos * y for x, y in zip(f0, f1)]
                e.append((v[0], v[1:]))
            ends[k] = e
        ncross, nfmn, nfmx = _narrow(ends, agg, cross, Dn, lo, hi, fmn, fmx)
        # x-subdivision resumes on each α-half (stall reset); keeping the stall instead makes
        # d ≥ 20 examine ≈ 20× more vertex systems (benchmarks/results/b3_sweep.md)
        out.append((list(lo), list(hi), Dn, ncross, nfmn, nfmx, 0, ends, (a, b, r)))
    return out


def _side(ends, Dn: int, lo, hi) -> int:
    """+1 (−1) when the hyperplane is > 0 (< 0) on the box for every α, else 0 (the two
    α-ends decide, module doc); stops at the first end where it crosses the box."""
    (c, cj), (c1, cj1) = ends
    a = b = c * Dn
    for v, x, y in zip(cj, lo, hi):
        if v > 0:
            a += v * x
            b += v * y
        elif v < 0:
            a += v * y
            b += v * x
    if a > 0:
        a = c1 * Dn + sum(v * (x if v > 0 else y) for v, x, y in zip(cj1, lo, hi) if v)
        return 1 if a > 0 else 0
    if b < 0:
        b = c1 * Dn + sum(v * (y if v > 0 else x) for v, x, y in zip(cj1, lo, hi) if v)
        return -1 if b < 0 else 0
    return 0


def _apply(agg, side: int, fmn: dict, fmx: dict) -> None:
    """Narrow player I's gain intervals once y_t is fixed to 1 (side > 0) or 0 (side < 0)."""
    for s, v in agg:
        if side > 0:
            fmn[s] += max(v, 0)
            fmx[s] += min(v, 0)
        else:
            fmn[s] -= min(v, 0)
            fmx[s] -= max(v, 0)


# -- step 3: one vertex system, exactly in α ------------------------------------------------------
def _p(a: int, b: int) -> fmpz_poly:
    return fmpz_poly([a, b])


def _face_polys(D: _Data, pi, Sfree, t: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """Player II's gain at set t on the face π: c(α) + Σ_{q∈J} c_q(α) x_q, each affine
    polynomial as its integer pair (constant, slope)."""
    g0, g1 = D.G0[t], D.G1[t]
    ones = [h for h in range(D.m) if D.xval[h] == 1] + [Sfree[i] for i, p in enumerate(pi) if p == 1]
    c = (g0[0] + sum(g0[1 + h] for h in ones), g1[0] + sum(g1[1 + h] for h in ones))
    return c, [(g0[1 + Sfree[i]], g1[1 + Sfree[i]]) for i, p in enumerate(pi) if p == 2]


def _inside_pieces(dc: list[int], Nc: list[list[int]], lo: Fraction, hi: Fraction,
                   depth: int) -> list[tuple[Fraction, Fraction]]:
    """Closed pieces of [lo, hi] outside which x* = N/Δ is in the open face for no α (exact):
    empty when some x_q ≡ 0 or ≡ 1; else the pieces of a bisection into at most 2^depth
    pieces on which no x_q is provably ≤ 0 throughout or ≥ 1 throughout
    (:func:`_never_inside`)."""
    n = max([len(dc), *(len(v) for v in Nc)])
    dc = dc + [0] * (n - len(dc))
    Nc = [v + [0] * (n - len(v)) for v in Nc]
    Mc = [[a - b for a, b in zip(dc, v)] for v in Nc]
    if any(not any(v) for v in Nc + Mc):
        return []
    out: list[tuple[Fraction, Fraction]] = []
    stack = [([to_unit(v, lo, hi) for v in [dc, *Nc, *Mc]], lo, hi, depth)]
    while stack:
        us, a, b, k = stack.pop()
        if _never_inside(us):
            continue
        if k == 0 or all(unit_sign(u) for u in us):
            out.append((a, b))
            continue
        left, right = zip(*(halves(u) for u in us))
        mid = (a + b) / 2
        stack += [(list(right), mid, b, k - 1), (list(left), a, mid, k - 1)]
    return out


def _y_possible(D: _Data, pi, Sfree, Rbase, hsign: dict) -> bool:
    """Necessary condition for Y(x*(α)) ≠ ∅ at some α: with y_t fixed to 1 (0) where g_t(x*)
    is > 0 (< 0) on all of [lo, hi] (``hsign[t]`` = ±1, the constant sign of Δ·G_t) and
    y_t ∈ [0, 1] otherwise, every player I gain f_s can still take its required sign
    (:func:`~gamekit.doubly_additive.enumeration.interval_ok`). At every α the exact set of
    step 3 is contained in this relaxation, so False proves Y(x*(α)) = ∅ for every α."""
    kinds, fmin, fmax = {}, {}, {}
    for i, s in enumerate(Sfree):
        row = D.Fc[s]
        lo = hi = Rbase[s] + sum(row[t] for t, v in hsign.items() if v > 0)
        for t, v in hsign.items():
            if not v:
                c = row[t]
                if c > 0:
                    hi += c
                else:
                    lo += c
        kinds[s], fmin[s], fmax[s] = pi[i], lo, hi
    return interval_ok(kinds, fmin, fmax)


def _never_inside(us: list[list[int]]) -> bool:
    """``us`` = [Δ, N_1…N_j, Δ − N_1…Δ − N_j] on a piece rescaled to t ∈ [0, 1]
    (:func:`~gamekit.doubly_additive.param_systems.to_unit`): True when Δ has a constant
    sign there and some N_q (or Δ − N_q) the opposite constant sign, i.e. x_q ≤ 0 (≥ 1) on
    the whole piece."""
    sd = unit_sign(us[0])
    return bool(sd) and any(unit_sign(u) == -sd for u in us[1:])


def _cells(D: _Data, polys: list[fmpz_poly]) -> list[tuple]:
    """The cells of [lo, hi] cut by the real roots of ``polys``, increasing:
    ("point", r, minimal polynomial of r or None at lo/hi) and ("open", a, b, rational sample)."""
    found: dict[Any, tuple[object, Any]] = {}
    for q in polys:
        for r, f in roots_in(q, D.lo, D.hi):
            found.setdefault((tuple(int(c) for c in f.coeffs()), _root_key(r)), (r, f))
    def by_root(u: tuple[object, Any], v: tuple[object, Any]) -> int:
        return compare_numbers(u[0], v[0])

    ordered = sorted(found.values(), key=cmp_to_key(by_root))
    pts = [(D.lo, None), *ordered, (D.hi, None)]
    out: list[tuple] = [("point", D.lo, None)]
    for (a, _), (b, fb) in zip(pts, pts[1:]):
        r = rational_inside(a, b)
        out.append(("open", a, b, r, fmpq(r.numerator, r.denominator)))
        out.append(("point", b, fb))
    return out


def _root_key(r) -> object:
    """Distinguishes the roots of one irreducible factor inside (lo, hi)."""
    if isinstance(r, RealAlgebraic):
        return (r.lo, r.hi)
    return r


def _signs(cells: list[tuple], q: fmpz_poly) -> list[int]:
    """Sign of q on every cell. At an interior critical point r with minimal polynomial f:
    0 if f | q, else the sign on the open cell to its left (q has no root in that cell nor
    at r, and the cells are cut by *all* roots of the polynomials considered)."""
    out: list[int] = []
    for c in cells:
        if c[0] == "open":
            v = q(c[4])
            out.append((v > 0) - (v < 0))
        elif c[2] is None:
            out.append(sign_at(q, c[1]))
        else:
            out.append(0 if divides(c[2], q) else out[-1])
    return out


def _combo(D: _Data, pi, Sfree, Tfree, Rbase, hyps, combo, memo, stats, polys) -> list:
    """Records (cell, [ParamEquilibrium]) of one vertex system on the face π (module doc);
    ``polys``: every free player II gain on the face (:func:`_face_polys`)."""
    rows = []
    for k in combo:
        c, cs = polys[hyps[k][0]]
        rows.append((cs, (-c[0], -c[1])))
    res = cramer_affine(rows)
    if res is None:
        return []
    stats["systems"] += 1
    pieces = _inside_pieces(res[0], res[1], D.lo, D.hi, _PIECES)
    if not pieces:
        return []
    delta, N = fmpz_poly(res[0]), [fmpz_poly(n) for n in res[1]]
    G = {t: _p(*c) * delta + sum((_p(*cq) * n for cq, n in zip(cs, N)), fmpz_poly([0]))
         for t, (c, cs) in polys.items()}
    GD = {t: [int(c) for c in (g * delta).coeffs()] or [0] for t, g in G.items()}
    if not any(_y_possible(D, pi, Sfree, Rbase, {t: const_sign(v, a, b) for t, v in GD.items()})
               for a, b in pieces):
        return []
    face = [delta, *N, *(delta - n for n in N)]

    def in_face(sd, sn, sm) -> bool:
        return all(a * sd > 0 and b * sd > 0 for a, b in zip(sn, sm))

    live = [q for q in face if q.degree() >= 1 and descartes_bound(q, D.lo, D.hi) > 0]
    if not live:  # all signs constant on (lo, hi); at lo and hi the same or 0
        mid = (D.lo + D.hi) / 2
        if not in_face(sign_at(delta, mid), [sign_at(n, mid) for n in N],
                       [sign_at(delta - n, mid) for n in N]):
            return []
    cells = _cells(D, live)
    sd = _signs(cells, delta)
    sn = [_signs(cells, n) for n in N]
    sm = [_signs(cells, delta - n) for n in N]
    inside = [in_face(sd[i], [v[i] for v in sn], [v[i] for v in sm]) for i in range(len(cells))]
    if not any(inside):
        return []
    stats["vertices"] += 1
    cells = _cells(D, live + [g for g in G.values()
                              if g.degree() >= 1 and descartes_bound(g, D.lo, D.hi) > 0])
    sd = _signs(cells, delta)
    sn = [_signs(cells, n) for n in N]
    sm = [_signs(cells, delta - n) for n in N]
    sg = [_signs(cells, G[t]) for t in Tfree]
    J = [Sfree[i] for i, p in enumerate(pi) if p == 2]
    out = []
    for i, cell in enumerate(cells):
        if not in_face(sd[i], [v[i] for v in sn], [v[i] for v in sm]):
            continue
        gs = tuple(v[i] * sd[i] for v in sg)
        key = (pi, gs)
        if key not in memo:
            memo[key] = _y_answers(D, pi, Sfree, Tfree, Rbase, dict(zip(Tfree, gs)))
        answers = memo[key]
        if not answers:
            continue
        xs = []
        for h in range(D.m):
            if h in J:
                xs.append((N[J.index(h)], delta))
            else:
                v = D.xval[h] if D.xval[h] is not None else pi[Sfree.index(h)]
                xs.append((fmpz_poly([v]), fmpz_poly([1])))
        out.append((cell[:3] if cell[0] == "open" else cell[:2], [ParamEquilibrium(tuple(xs), y) for y in answers]))
    return out


def _y_answers(D: _Data, pi, Sfree, Tfree, Rbase, gs: dict) -> list[tuple[Fraction, ...]]:
    """The vertices y* of Y(x*) given the signs of player II's gains at x* (α-free)."""
    yfix = {t: (1 if s > 0 else 0) for t, s in gs.items() if s}
    K = [t for t in Tfree if gs[t] == 0]
    eq, eq_rhs, le, le_rhs = [], [], [], []
    for i, s in enumerate(Sfree):
        row = D.Fc[s]
        const = Rbase[s] + sum(row[t] for t, v in yfix.items() if v)
        coefs = [row[t] for t in K]
        if pi[i] == 2:
            eq.append(coefs)
            eq_rhs.append(-const)
        elif pi[i] == 1:
            le.append([-v for v in coefs])
            le_rhs.append(const)
        else:
            le.append(coefs)
            le_rhs.append(-const)
    if not K:
        answers: list[tuple[Fraction, ...]] = [()] if all(r == 0 for r in eq_rhs) and all(r >= 0 for r in le_rhs) else []
    else:
        sol = int_solve(eq, eq_rhs) if len(eq) == len(K) else None
        if sol is not None:
            ny, dy = sol
            ok = all(0 <= v <= dy for v in ny) and all(
                sum(a * v for a, v in zip(r, ny) if a) <= rhs * dy for r, rhs in zip(le, le_rhs))
            answers = [tuple(Fraction(v, dy) for v in ny)] if ok else []
        else:
            F = Fraction
            answers = box_polytope_vertices(len(K), [[F(v) for v in r] for r in eq], [F(v) for v in eq_rhs],
                                            [[F(v) for v in r] for r in le], [F(v) for v in le_rhs])
    out: list[tuple[Fraction, ...]] = []
    for ans in answers:
        y: list[Fraction | None] = [Fraction(v) if v is not None else None for v in D.yval]
        for t, v in yfix.items():
            y[t] = Fraction(v)
        for t, w in zip(K, ans):
            y[t] = Fraction(w)
        # every None of D.yval is a free coordinate in K, filled from ans above
        out.append(cast("tuple[Fraction, ...]", tuple(y)))
    return out


def solve_parametric_doubly_additive(game: AffineDoublyAdditiveGame, lo: object = 0, hi: object = 1,
                                     *, progress: bool = False) -> ParametricDASolution:
    """Every Nash equilibrium of G(α) for every α ∈ [lo, hi], with whole-cell certificates.

    Parameters
    ----------
    game : AffineDoublyAdditiveGame
        The family G(α) = G⁰ + α·G¹.
    lo, hi : number
        The parameter range, lo < hi.
    progress : bool
        Show a bar on stderr.

    Returns
    -------
    ParametricDASolution
        The open cells between consecutive critical α (each with its finite list of
        equilibrium formulas, unique ⇔ one), the complete equilibrium set at every critical
        α, and the merged segments.

    Raises
    ------
    GameError
        When ``game`` is not an :class:`AffineDoublyAdditiveGame`, lo ≥ hi, or too many
        player I sets stay free after dominance.

    Examples
    --------
    >>> G0 = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> G1 = DoublyAdditiveGame(["h"], ["l"], (0, [0], [0], [[0]]), (0, [1], [0], [[0]]))
    >>> r = solve_parametric_doubly_additive(AffineDoublyAdditiveGame(G0, G1), 0, 1)
    >>> r.complete, r.unique, r[0].y
    (True, True, (Fraction(1, 2),))
    """
    if not isinstance(game, AffineDoublyAdditiveGame):
        raise GameError("solve_parametric_doubly_additive expects an AffineDoublyAdditiveGame")
    a, b = to_fraction(lo, "lo"), to_fraction(hi, "hi")
    if not a < b:
        raise GameError("the parameter range needs lo < hi")
    start = time.perf_counter()
    D = _data(game, a, b)
    _prune(D)
    Sfree = [h for h in range(D.m) if D.xval[h] is None]
    Tfree = [t for t in range(D.n) if D.yval[t] is None]
    if len(Sfree) > MAX_PARAM_DIM:
        raise GameError(f"{len(Sfree)} free player I sets after dominance; at most {MAX_PARAM_DIM} supported")
    Rbase = {s: D.F0[s] + sum(D.Fc[s][t] for t in range(D.n) if D.yval[t] == 1) for s in Sfree}
    stats = {"faces": 0, "regions": 0, "combos": 0, "systems": 0, "vertices": 0}
    memo: dict = {}
    records = []
    faces = list(product((0, 1, 2), repeat=len(Sfree)))
    bar = _bar(progress, len(faces))
    try:
        for pi in faces:
            stats["faces"] += 1
            hyps, combos = _face_combos(D, pi, Sfree, Tfree, Rbase, stats)
            stats["combos"] += len(combos)
            polys = {t: _face_polys(D, pi, Sfree, t) for t in Tfree} if combos else {}
            for combo in sorted(combos):
                records.extend(_combo(D, pi, Sfree, Tfree, Rbase, hyps, combo, memo, stats, polys))
            if bar is not None:
                bar[0].advance(bar[1])
    finally:
        if bar is not None:
            bar[0].stop()
    stats["free_I"], stats["free_II"] = len(Sfree), len(Tfree)
    stats["fixed_by_dominance"] = len(D.pruned)
    sol = assemble(game, a, b, records, stats)
    sol.stats["seconds"] = round(time.perf_counter() - start, 3)
    return sol


def _bar(progress: bool, total: int):
    if not progress:
        return None
    import sys

    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(transient=True, console=Console(file=sys.stderr))
    bar.start()
    return bar, bar.add_task("parametric doubly additive: faces", total=total)

