"""Exact enumeration of *all* Nash equilibria of a doubly additive game.

Notation (see :mod:`.game`): f_h(y) is player I's gain from move 1 at h, g_l(x) player
II's gain at l; both affine. (x, y) is a Nash equilibrium iff

    y_l = 1 where g_l(x) > 0,  y_l = 0 where g_l(x) < 0  (y_l free where g_l(x) = 0),
    x_h = 1 where f_h(y) > 0,  x_h = 0 where f_h(y) < 0  (x_h free where f_h(y) = 0).

**Theorem (extreme equilibria are vertex pairs).** Call 𝒜_x the arrangement in [0,1]^m
of the hyperplanes g_l = 0 (g_l not constant) and the facets x_h ∈ {0, 1}, and 𝒜_y the
arrangement of f_h = 0 and y_l ∈ {0, 1} in [0,1]^n. For labels ρ ∈ {0,1,*}^n,
π ∈ {0,1,*}^m let P_x(ρ,π) = {x : x_h = π_h where π_h ≠ *, g_l(x) ≤ 0 / ≥ 0 / = 0 for
ρ_l = 0 / 1 / *} and P_y(ρ,π) symmetrically. Every P_x × P_y consists of equilibria and
every equilibrium lies in one (read ρ off y and π off x), so the equilibrium set is a
finite union of products of polytopes; each P_x lies on one side of every hyperplane of
𝒜_x, so its vertices are vertices of 𝒜_x. Hence (x*, y*) is an extreme point of a maximal
Nash subset iff x* is a vertex of 𝒜_x, y* a vertex of 𝒜_y and (x*, y*) an equilibrium;
and for such x*, the set Y(x*) = {y : (x*, y) is an equilibrium} is a polytope cut out by
𝒜_y constraints whose vertices are exactly the y* (a face of Y(x*) is P_y(ρ, π)).

**Algorithm.**

1. *Iterated strict dominance* (Lemma 1 of Ethier & Lee II, for both players): while some
   gain has a strict constant sign on the current box of possible strategies, fix that
   move (every equilibrium plays it) and shrink the box. Gains that vanish on the whole
   reduced box mark sets that stay free ("always indifferent").
2. Search the arrangement in the smaller of the two reduced boxes (say x). For every face
   B_π of the box (π ∈ {0,1,*} per free coordinate; J = the * coordinates), restrict the
   hyperplanes; those with a strict sign on B_π fix y_l. An exact dyadic subdivision of
   [0,1]^J keeps, for each box R, the hyperplanes meeting R (the others fix y_l on R) and
   the exact interval of every f_h over the y's still possible; R is dismissed when some
   f_h with h ∈ J cannot vanish, some f_h with π_h = 1 cannot be ≥ 0 (π_h = 0: ≤ 0), or
   fewer than |J| hyperplanes meet R. Small boxes are finished by solving every |J|×|J|
   system of hyperplanes meeting them (exact Bareiss); solutions in the open face are the
   arrangement vertices x*.
3. At each x*: y_l is fixed where g_l(x*) ≠ 0; on K = {l : g_l(x*) = 0} (plus the always
   indifferent sets) Y(x*) = {y_K ∈ [0,1]^K : f_h = 0 (0 < x*_h < 1), f_h ≥ 0 (x*_h = 1),
   f_h ≤ 0 (x*_h = 0)}; its vertices (a single linear solve when |K| equals the number
   of equations, double description otherwise) give the extreme equilibria (x*, y*).
4. Maximal Nash subsets and components from the bipartite graph of extreme equilibria
   (:mod:`.subsets`).

Every step is exact (integers and Fractions); nothing is decided in floating point.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product

from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.numbers import integer_row
from gamekit.core.result import SearchMode
from gamekit.doubly_additive.certify import certify_doubly_additive
from gamekit.doubly_additive.game import DoublyAdditiveGame
from gamekit.doubly_additive.result import BehaviourEquilibrium, Certificate, DoublyAdditiveSolution
from gamekit.doubly_additive.subsets import nash_subsets
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.kernel.linalg import solve_int

__all__ = ["solve_doubly_additive", "DEFAULT_LEAF_SYSTEMS", "DEFAULT_MAX_DEPTH", "MAX_SEARCH_DIM"]

#: A subdivision box is finished by brute force once it needs at most this many systems.
DEFAULT_LEAF_SYSTEMS = 32
#: Largest dimension of the searched box (3^d faces are visited).
MAX_SEARCH_DIM = 14
#: Largest number of halvings per coordinate (boxes of side 2^-DEFAULT_MAX_DEPTH).
DEFAULT_MAX_DEPTH = 40

_ZERO = Fraction(0)
_ONE = Fraction(1)


class _Stats:
    __slots__ = ("faces", "faces_pruned", "regions", "regions_pruned", "systems", "vertices",
                 "feasible", "degenerate")
    faces: int
    faces_pruned: int
    regions: int
    regions_pruned: int
    systems: int
    vertices: int
    feasible: int
    degenerate: int

    def __init__(self) -> None:
        for k in self.__slots__:
            setattr(self, k, 0)


def _prune(H0, Hc, R0, Rc, sval, tval, names_s, names_t, cert: Certificate) -> None:
    """Iterated strict dominance on both sides (in place on sval / tval).

    H (rows indexed by t) are the t-player's gains as functions of s; R (rows indexed by s)
    the s-player's gains as functions of t.
    """
    rnd = 0
    changed = True
    while changed:
        changed = False
        rnd += 1
        for gain0, gainc, own, other, names in ((H0, Hc, tval, sval, names_t),
                                                (R0, Rc, sval, tval, names_s)):
            for t, v in enumerate(own):
                if v is not None:
                    continue
                lo = hi = gain0[t]
                for s, c in enumerate(gainc[t]):
                    if not c:
                        continue
                    o = other[s]
                    if o is None:
                        if c > 0:
                            hi += c
                        else:
                            lo += c
                    elif o:
                        lo += c
                        hi += c
                if lo > 0 or hi < 0:
                    own[t] = 1 if lo > 0 else 0
                    cert.pruned.append((names[0], names[1][t], own[t], rnd))
                    changed = True


@dataclass
class _Context:
    """What every face of one arrangement search shares (step 2 of the module doc).

    The search runs in the space of the *s*-player (the player whose box is searched);
    *t* is the other player. ``hyp`` are the t-player's gain hyperplanes on the reduced
    box, ``(t, const, coefficients over free_s)``; ``always`` the t-sets indifferent on the
    whole box; ``r_base[s] + Σ_t r_coef[s][t]·y_t`` is the s-player's gain at s.
    """

    free_s: list[int]
    hyp: list[tuple[int, int, list[int]]]
    always: list[int]
    r_base: dict[int, int]
    r_coef: list[list[int]]
    sval: list[int | None]
    tval: list[int | None]
    leaf_systems: int
    max_depth: int
    stats: _Stats
    results: list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]] = field(default_factory=list)


@dataclass
class _Face:
    """One face B_π of the searched box: π per free coordinate (2 = free), J its free
    coordinates; ``fix`` the t-sets fixed on the whole face, ``zface`` those indifferent on
    it, ``fh`` the remaining hyperplanes grouped up to a positive factor:
    ``(t-sets, const, coefficients on J, [(s, Σr, Σr⁺, Σr⁻)])``; ``kinds[s]`` = π at s."""

    pi: tuple[int, ...]
    J: list[int]
    fix: dict[int, int]
    zface: list[int]
    fh: list[tuple[tuple[int, ...], int, list[int], list[tuple[int, int, int, int]]]]
    kinds: dict[int, int]


@dataclass
class _Region:
    """A box of the dyadic subdivision of [0,1]^J: ``[lo/D, hi/D]`` per coordinate, the
    indices into ``fh`` of the hyperplanes crossing it, the s-gain intervals on it and the
    number of splits in a row that lost no hyperplane."""

    lo: list[int]
    hi: list[int]
    D: int
    cross: list[int]
    fmin: dict[int, int]
    fmax: dict[int, int]
    stall: int = 0


def _search(H0, Hc, R0, Rc, sval, tval, leaf_systems, max_depth, stats, progress):
    """Steps 2–3 of the module doc in the s-space; returns [(s_point, t_point)]."""
    ctx = _context(H0, Hc, R0, Rc, sval, tval, leaf_systems, max_depth, stats)
    nf = len(ctx.free_s)
    if nf > MAX_SEARCH_DIM:
        raise TooLargeError(
            f"both players keep more than {MAX_SEARCH_DIM} strategic information sets after "
            f"iterated dominance ({nf} in the smaller box); the face enumeration needs 3^{nf} faces"
        )
    faces = list(product((0, 1, 2), repeat=nf))  # 2 = free (*)
    bar = None
    if progress and len(faces) > 1:
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(transient=True, console=Console(file=sys.stderr))
        bar.start()
        task = bar.add_task("doubly additive: faces", total=len(faces))
    try:
        for pi in faces:
            stats.faces += 1
            _search_face(ctx, pi)
            if bar is not None:
                bar.advance(task)
    finally:
        if bar is not None:
            bar.stop()
    return ctx.results


def _context(H0, Hc, R0, Rc, sval, tval, leaf_systems, max_depth, stats) -> _Context:
    """The t-player's hyperplanes and the s-player's gain constants on the reduced box."""
    s_dim, t_dim = len(sval), len(tval)
    free_s = [s for s in range(s_dim) if sval[s] is None]
    hyp: list[tuple[int, int, list[int]]] = []
    always: list[int] = []
    for t in range(t_dim):
        if tval[t] is not None:
            continue
        const = H0[t] + sum(Hc[t][s] for s in range(s_dim) if sval[s] == 1)
        co = [Hc[t][s] for s in free_s]
        if any(co):
            hyp.append((t, const, co))
        else:  # not pruned, so const == 0: indifferent on the whole reduced box
            always.append(t)
    r_base = {s: R0[s] + sum(Rc[s][t] for t in range(t_dim) if tval[t] == 1) for s in free_s}
    return _Context(free_s, hyp, always, r_base, Rc, sval, tval, leaf_systems, max_depth, stats)


def _search_face(ctx: _Context, pi: tuple[int, ...]) -> None:
    """All arrangement vertices in the open face B_π and their extreme equilibria."""
    face = _restrict_to_face(ctx, pi)
    fmin, fmax = _face_gain_intervals(ctx, face)
    j = len(face.J)
    if not interval_ok(face.kinds, fmin, fmax):
        ctx.stats.faces_pruned += 1
        return
    if j == 0:
        ctx.stats.vertices += 1
        _vertex(ctx, face, ((), 1))
        return
    if len(face.fh) < j:
        ctx.stats.faces_pruned += 1
        return
    _subdivide(ctx, face, _Region([0] * j, [1] * j, 1, list(range(len(face.fh))), fmin, fmax))


def _restrict_to_face(ctx: _Context, pi: tuple[int, ...]) -> _Face:
    """Classify the hyperplanes on B_π: strict sign (fixes y_t), vanishing on the face, or
    crossing it (grouped when equal up to a positive factor)."""
    J = [i for i, p in enumerate(pi) if p == 2]
    fix: dict[int, int] = {}
    zface: list[int] = list(ctx.always)
    groups: dict[tuple[int, ...], list] = {}
    for t, const, co in ctx.hyp:
        c = const + sum(co[i] for i, p in enumerate(pi) if p == 1)
        cj = [co[i] for i in J]
        lo = c + sum(v for v in cj if v < 0)
        hi = c + sum(v for v in cj if v > 0)
        if lo > 0:
            fix[t] = 1
        elif hi < 0:
            fix[t] = 0
        elif not any(cj):  # c == 0 here
            zface.append(t)
        else:
            g = math.gcd(c, *cj)
            key = (c // g, *(v // g for v in cj))
            if key in groups:
                groups[key][0].append(t)
            else:
                groups[key] = [[t], c // g, [v // g for v in cj]]
    fh = []
    for ts, c, cj in groups.values():
        agg = []
        for s in ctx.free_s:
            rs = [ctx.r_coef[s][t] for t in ts if ctx.r_coef[s][t]]
            if rs:
                agg.append((s, sum(rs), sum(v for v in rs if v > 0), sum(v for v in rs if v < 0)))
        fh.append((tuple(ts), c, cj, agg))
    kinds = {s: pi[i] for i, s in enumerate(ctx.free_s)}
    return _Face(pi, J, fix, zface, fh, kinds)


def _face_gain_intervals(ctx: _Context, face: _Face) -> tuple[dict[int, int], dict[int, int]]:
    """Exact intervals of the s-player's gains over the t's still possible on the face."""
    fmin: dict[int, int] = {}
    fmax: dict[int, int] = {}
    undecided = list(face.zface) + [t for ts, _, _, _ in face.fh for t in ts]
    for s in ctx.free_s:
        fmin[s], fmax[s] = gain_range(ctx.r_base[s], ctx.r_coef[s], face.fix, undecided)
    return fmin, fmax


def gain_range(base, row, fix: dict, undecided) -> tuple:
    """Exact [min, max] of base + Σ_t row[t]·y_t over y with y_t = fix[t] where fixed (0/1) and
    y_t ∈ [0, 1] for t in ``undecided``."""
    lo = hi = base + sum(row[t] for t, v in fix.items() if v)
    for t in undecided:
        v = row[t]
        if v > 0:
            hi += v
        else:
            lo += v
    return lo, hi


def _subdivide(ctx: _Context, face: _Face, root: _Region) -> None:
    """Exact dyadic subdivision of [0,1]^J (step 2): dismiss, finish as a leaf, or halve."""
    j = len(face.J)
    solved: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {}
    seen: set[tuple[tuple[int, ...], int]] = set()
    max_den = 1 << ctx.max_depth
    stack = [root]
    while stack:
        reg = stack.pop()
        ctx.stats.regions += 1
        if len(reg.cross) < j or not interval_ok(face.kinds, reg.fmin, reg.fmax):
            ctx.stats.regions_pruned += 1
            continue
        widths = [reg.hi[i] - reg.lo[i] for i in range(j)]
        # leaf: few systems left, or j halvings in a row without losing a hyperplane (the
        # box sits on a flat shared by several hyperplanes), or the depth limit
        if (math.comb(len(reg.cross), j) <= ctx.leaf_systems or reg.stall >= j
                or (reg.D >= max_den and max(widths) == 1)):
            _leaf(ctx, face, reg, solved, seen)
        else:
            stack.extend(_halve(face, reg, widths))


def _leaf(ctx: _Context, face: _Face, reg: _Region, solved: dict, seen: set) -> None:
    """Solve every |J|-subset of the hyperplanes crossing the leaf box; keep the solutions
    in the open face and in this box (each vertex is handled by one leaf)."""
    j = len(face.J)
    fh = face.fh
    for combo in combinations(reg.cross, j):
        if combo in solved:
            sol = solved[combo]
        else:
            ctx.stats.systems += 1
            sol = solve_int([fh[k][2] for k in combo], [-fh[k][1] for k in combo])
            if sol is not None and any(v <= 0 or v >= sol[1] for v in sol[0]):
                sol = None  # not in the open face
            solved[combo] = sol
        if sol is None or sol in seen:
            continue
        num, den = sol
        if any(num[q] * reg.D < reg.lo[q] * den or num[q] * reg.D > reg.hi[q] * den for q in range(j)):
            continue  # handled by the leaf box that contains it
        seen.add(sol)
        ctx.stats.vertices += 1
        if _vertexinterval_ok(sol, reg.cross, fh, face.kinds, reg.fmin, reg.fmax):
            _vertex(ctx, face, sol)


def _halve(face: _Face, reg: _Region, widths: list[int]) -> list[_Region]:
    """The two halves of ``reg`` along its widest coordinate (refining D when needed), with
    the hyperplanes that stop crossing a half fixing their y_t there."""
    j = len(face.J)
    i = max(range(j), key=lambda q: (widths[q], -q))
    lo, hi, D = reg.lo, reg.hi, reg.D
    if widths[i] == 1:
        D *= 2
        lo = [2 * v for v in lo]
        hi = [2 * v for v in hi]
    mid = (lo[i] + hi[i]) // 2
    children = []
    for clo, chi in ((lo[i], mid), (mid, hi[i])):
        nlo, nhi = list(lo), list(hi)
        nlo[i], nhi[i] = clo, chi
        ncross = []
        nfmn, nfmx = dict(reg.fmin), dict(reg.fmax)
        for k in reg.cross:
            _, c, cj, agg = face.fh[k]
            a = b = c * D
            for q in range(j):
                v = cj[q]
                if v > 0:
                    a += v * nlo[q]
                    b += v * nhi[q]
                elif v < 0:
                    a += v * nhi[q]
                    b += v * nlo[q]
            if a > 0:  # y_t = 1 on the child for every t on this hyperplane
                for s, rs, rp, rn in agg:
                    nfmn[s] += rs - rn
                    nfmx[s] += rs - rp
            elif b < 0:  # y_t = 0
                for s, _rs, rp, rn in agg:
                    nfmn[s] -= rn
                    nfmx[s] -= rp
            else:
                ncross.append(k)
        nstall = reg.stall + 1 if len(ncross) == len(reg.cross) else 0
        children.append(_Region(nlo, nhi, D, ncross, nfmn, nfmx, nstall))
    return children


def _vertexinterval_ok(sol, cross, fh, kinds, fmn, fmx) -> bool:
    """Necessary condition at a vertex x* of a leaf box: the hyperplanes meeting the box are
    now decided (y_t = 1, 0, or free when x* is on them); narrow the box's gain intervals."""
    num, den = sol
    lo = dict(fmn)
    hi = dict(fmx)
    for k in cross:
        _, c, cj, agg = fh[k]
        v = c * den + sum(a * b for a, b in zip(cj, num) if a)
        if v > 0:
            for s, rs, rp, rn in agg:
                lo[s] += rs - rn
                hi[s] += rs - rp
        elif v < 0:
            for s, _rs, rp, rn in agg:
                lo[s] -= rn
                hi[s] -= rp
    return interval_ok(kinds, lo, hi)


def interval_ok(kinds: dict[int, int], fmin: dict[int, int], fmax: dict[int, int]) -> bool:
    """Can every gain s take its required sign (kind 2: zero, 1: ≥ 0, 0: ≤ 0) somewhere in
    [fmin[s], fmax[s]]? (Interval pruning of the face search.)"""
    for s, kind in kinds.items():
        if kind == 2:
            if fmin[s] > 0 or fmax[s] < 0:
                return False
        elif kind == 1:
            if fmax[s] < 0:
                return False
        elif fmin[s] > 0:
            return False
    return True


def _vertex(ctx: _Context, face: _Face, sol: tuple[tuple[int, ...], int]) -> None:
    """Step 3: all extreme equilibria (x*, y*) at the arrangement vertex x* = num/den."""
    num, den = sol
    point: list[Fraction | None] = [Fraction(v) if v is not None else None for v in ctx.sval]
    for i, s in enumerate(ctx.free_s):
        point[s] = Fraction(face.pi[i]) if face.pi[i] != 2 else None
    for q, i in enumerate(face.J):
        point[ctx.free_s[i]] = Fraction(num[q], den)
    yfix = dict(face.fix)
    K = list(face.zface)
    for ts, c, cj, _ in face.fh:
        v = c * den + sum(cj[q] * num[q] for q in range(len(face.J)) if cj[q])
        if v > 0:
            yfix.update((t, 1) for t in ts)
        elif v < 0:
            yfix.update((t, 0) for t in ts)
        else:
            K.extend(ts)
    K.sort()
    answers = _answers(ctx, face, yfix, K)
    if answers:
        ctx.stats.feasible += 1
    spoint = tuple(point)
    for ans in answers:
        tp: list[Fraction | None] = [Fraction(v) if v is not None else None for v in ctx.tval]
        for t, v in yfix.items():
            tp[t] = Fraction(v)
        for t, w in zip(K, ans):
            tp[t] = w
        ctx.results.append((spoint, tuple(tp)))  # type: ignore[arg-type]


def _answers(ctx: _Context, face: _Face, yfix: dict[int, int], K: list[int]) -> list[tuple[Fraction, ...]]:
    """Vertices of Y(x*) = {y_K ∈ [0,1]^K : f_s = 0 (π_s = *), f_s ≥ 0 (π_s = 1), f_s ≤ 0
    (π_s = 0)}: one linear solve when the equations are square and regular, else double
    description (:func:`box_polytope_vertices`)."""
    eq_rows: list[list[int]] = []
    eq_rhs: list[int] = []
    le_rows: list[list[int]] = []
    le_rhs: list[int] = []
    for i, s in enumerate(ctx.free_s):
        row = ctx.r_coef[s]
        const = ctx.r_base[s] + sum(row[t] for t, v in yfix.items() if v)
        coefs = [row[t] for t in K]
        kind = face.pi[i]
        if kind == 2:
            eq_rows.append(coefs)
            eq_rhs.append(-const)
        elif kind == 1:  # gain ≥ 0  ⇔  −coefs·y ≤ const
            le_rows.append([-v for v in coefs])
            le_rhs.append(const)
        else:  # gain ≤ 0  ⇔  coefs·y ≤ −const
            le_rows.append(coefs)
            le_rhs.append(-const)
    if not K:
        ok = all(r == 0 for r in eq_rhs) and all(r >= 0 for r in le_rhs)
        return [()] if ok else []
    sol_y = solve_int(eq_rows, eq_rhs) if len(eq_rows) == len(K) else None
    if sol_y is not None:
        ny, dy = sol_y
        ok = all(0 <= v <= dy for v in ny) and all(
            sum(a * v for a, v in zip(r, ny) if a) <= rhs * dy for r, rhs in zip(le_rows, le_rhs)
        )
        return [tuple(Fraction(v, dy) for v in ny)] if ok else []
    ctx.stats.degenerate += 1
    return box_polytope_vertices(
        len(K),
        [[Fraction(v) for v in r] for r in eq_rows], [Fraction(v) for v in eq_rhs],
        [[Fraction(v) for v in r] for r in le_rows], [Fraction(v) for v in le_rhs],
    )


def _fill_certificate(cert: Certificate, game: DoublyAdditiveGame, xval: list[int | None],
                      yval: list[int | None], F: list[list[int]], G: list[list[int]],
                      rows: bool, stats: _Stats) -> None:
    """Always-indifferent sets, searched dimension, hyperplane count and search counters."""
    m, n = game.m, game.n
    Fc, Gc = [r[1:] for r in F], [r[1:] for r in G]
    for l in range(n):
        if yval[l] is None and not any(Gc[l][h] for h in range(m) if xval[h] is None):
            cert.always_indifferent.append(("II", game.col_sets[l]))
    for h in range(m):
        if xval[h] is None and not any(Fc[h][l] for l in range(n) if yval[l] is None):
            cert.always_indifferent.append(("I", game.row_sets[h]))
    Hc, sv, tv = (Gc, xval, yval) if rows else (Fc, yval, xval)
    cert.free_dims = sum(v is None for v in sv)
    cert.hyperplanes = sum(
        1 for t in range(len(Hc))
        if tv[t] is None and any(Hc[t][s] for s in range(len(sv)) if sv[s] is None)
    )
    for k in _Stats.__slots__:
        setattr(cert, k, getattr(stats, k))


def solve_doubly_additive(
    game: DoublyAdditiveGame,
    *,
    subdivide: bool = True,
    leaf_systems: int = DEFAULT_LEAF_SYSTEMS,
    max_depth: int = DEFAULT_MAX_DEPTH,
    search: SearchMode = "auto",
    progress: bool = False,
) -> DoublyAdditiveSolution:
    """Every Nash equilibrium of ``game`` in behaviour strategies, exactly.

    Returns the extreme equilibria, the maximal Nash subsets, the connected components and
    a :class:`Certificate` (module doc).

    Parameters
    ----------
    game : DoublyAdditiveGame
        The game.
    subdivide : bool
        False solves every |J|-subset of hyperplanes meeting a face (no subdivision; a
        reference for tests and benchmarks).
    leaf_systems, max_depth : int
        Tune the subdivision.
    search : {"auto", "rows", "columns"}
        The space searched ("auto": the smaller reduced box).
    progress : bool
        Show a bar on stderr.

    Returns
    -------
    DoublyAdditiveSolution
        The certified equilibria, subsets, components and certificate.

    Raises
    ------
    GameError
        When ``game`` is not a :class:`DoublyAdditiveGame` or an option is invalid.

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> r = solve_doubly_additive(g)
    >>> r.unique, r[0].x, r[0].y, r.certificate.searched
    (True, (Fraction(1, 2),), (Fraction(1, 2),), 'rows')
    """
    _check_options(game, search, leaf_systems, max_depth)
    start = time.perf_counter()
    F, G = _gain_rows(game)
    F0, Fc = [r[0] for r in F], [r[1:] for r in F]
    G0, Gc = [r[0] for r in G], [r[1:] for r in G]
    xval: list[int | None] = [None] * game.m
    yval: list[int | None] = [None] * game.n
    cert = Certificate()
    _prune(G0, Gc, F0, Fc, xval, yval, ("I", game.row_sets), ("II", game.col_sets), cert)
    free_x = sum(v is None for v in xval)
    free_y = sum(v is None for v in yval)
    rows = search == "rows" or (search == "auto" and free_x <= free_y)
    cert.searched = "rows" if rows else "columns"
    stats = _Stats()
    leaf = leaf_systems if subdivide else 1 << 62
    if rows:
        pairs = list(_search(G0, Gc, F0, Fc, xval, yval, leaf, max_depth, stats, progress))
    else:
        pairs = [(t, s) for s, t in _search(F0, Fc, G0, Gc, yval, xval, leaf, max_depth, stats, progress)]
    _fill_certificate(cert, game, xval, yval, F, G, rows, stats)
    pairs = sorted(set(pairs))
    eqs = certify_doubly_additive(game, (
        BehaviourEquilibrium(x, y, (game.I.value(x, y), game.II.value(x, y))) for x, y in pairs))
    subsets, comps = nash_subsets(game, pairs)
    cert.seconds = time.perf_counter() - start
    return DoublyAdditiveSolution(game, eqs, subsets, comps, cert)


def _check_options(game: object, search: object, leaf_systems: object, max_depth: object) -> None:
    """The options of :func:`solve_doubly_additive`, one clear :class:`GameError` each."""
    if not isinstance(game, DoublyAdditiveGame):
        raise GameError(f"solve_doubly_additive expects a DoublyAdditiveGame, got {type(game).__name__}")
    if search not in ("auto", "rows", "columns"):
        raise GameError(f"search must be 'auto', 'rows' or 'columns', got {search!r}")
    if not isinstance(leaf_systems, int) or leaf_systems < 1:
        raise GameError("leaf_systems must be a positive integer")
    if not isinstance(max_depth, int) or not 0 <= max_depth <= 200:
        raise GameError("max_depth must be an integer in 0..200")


def _gain_rows(game: DoublyAdditiveGame) -> tuple[list, list]:
    """The gains as integer rows: f_h(y) = a_I[h] + Σ_l C_I[h][l] y_l (row h of F) and
    g_l(x) = b_II[l] + Σ_h C_II[h][l] x_h (row l of G), each scaled by a positive integer."""
    m, n = game.m, game.n
    F = [integer_row([game.I.a[h], *game.I.C[h]]) for h in range(m)]
    G = [integer_row([game.II.b[l], *(game.II.C[h][l] for h in range(m))]) for l in range(n)]
    return F, G
