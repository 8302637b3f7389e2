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
from fractions import Fraction
from itertools import combinations, product

from gamekit.core.certify import certify_doubly_additive
from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.numbers import integer_row
from gamekit.core.result import SearchMode
from gamekit.doubly_additive.game import DoublyAdditiveGame
from gamekit.doubly_additive.polytope import box_polytope_vertices, int_solve
from gamekit.doubly_additive.result import BehaviourEquilibrium, Certificate, DoublyAdditiveSolution
from gamekit.doubly_additive.subsets import nash_subsets

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


def _search(H0, Hc, R0, Rc, sval, tval, leaf_systems, max_depth, stats, progress):
    """Steps 2–3 of the module doc in the s-space; returns [(s_point, t_point)]."""
    s_dim, t_dim = len(sval), len(tval)
    Sfree = [s for s in range(s_dim) if sval[s] is None]
    Tfree = [t for t in range(t_dim) if tval[t] is None]
    # hyperplanes on the reduced box
    hyp: list[tuple[int, int, list[int]]] = []  # (t, const, coefs over Sfree)
    always: list[int] = []
    for t in Tfree:
        const = H0[t] + sum(Hc[t][s] for s in range(s_dim) if sval[s] == 1)
        co = [Hc[t][s] for s in Sfree]
        if any(co):
            hyp.append((t, const, co))
        else:  # not pruned, so const == 0: indifferent on the whole reduced box
            always.append(t)
    Rbase = {s: R0[s] + sum(Rc[s][t] for t in range(t_dim) if tval[t] == 1) for s in Sfree}
    results: list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]] = []
    nf = len(Sfree)
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
            _face(pi, Sfree, hyp, always, Rbase, Rc, sval, tval, leaf_systems, max_depth,
                  stats, results)
            if bar is not None:
                bar.advance(task)
    finally:
        if bar is not None:
            bar.stop()
    return results


def _face(pi, Sfree, hyp, always, Rbase, Rc, sval, tval, leaf_systems, max_depth, stats, results):
    J = [i for i, p in enumerate(pi) if p == 2]
    j = len(J)
    fix: dict[int, int] = {}
    zface: list[int] = list(always)
    groups: dict[tuple[int, ...], list] = {}  # hyperplanes equal up to a positive factor
    for t, const, co in hyp:
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
            g = abs(c)
            for v in cj:
                g = math.gcd(g, v)
            key = (c // g, *(v // g for v in cj))
            if key in groups:
                groups[key][0].append(t)
            else:
                groups[key] = [[t], c // g, [v // g for v in cj]]
    # fh[k] = (sets t on hyperplane k, const, coefs on J, [(s, Σr, Σr⁺, Σr⁻)] over its sets)
    fh = []
    for ts, c, cj in groups.values():
        agg = []
        for s in Sfree:
            row = Rc[s]
            rs = [row[t] for t in ts if row[t]]
            if rs:
                agg.append((s, sum(rs), sum(v for v in rs if v > 0), sum(v for v in rs if v < 0)))
        fh.append((tuple(ts), c, cj, agg))
    # exact intervals of the s-player's gains over the still-possible t's
    fmin: dict[int, int] = {}
    fmax: dict[int, int] = {}
    for s in Sfree:
        row = Rc[s]
        base = Rbase[s] + sum(row[t] for t, v in fix.items() if v)
        lo = hi = base
        for t in zface:
            v = row[t]
            if v > 0:
                hi += v
            else:
                lo += v
        for ts, _, _, _ in fh:
            for t in ts:
                v = row[t]
                if v > 0:
                    hi += v
                else:
                    lo += v
        fmin[s], fmax[s] = lo, hi
    kinds = {s: pi[i] for i, s in enumerate(Sfree)}
    if not _interval_ok(kinds, fmin, fmax):
        stats.faces_pruned += 1
        return
    if j == 0:
        stats.vertices += 1
        _vertex(pi, Sfree, J, ((), 1), fix, zface, fh, Rbase, Rc, sval, tval, stats, results)
        return
    if len(fh) < j:
        stats.faces_pruned += 1
        return
    solved: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {}
    seen: set[tuple[tuple[int, ...], int]] = set()
    # region: (lo list, hi list, D, crossing indices into fh, fmin, fmax, stalled splits)
    stack = [([0] * j, [1] * j, 1, list(range(len(fh))), fmin, fmax, 0)]
    max_den = 1 << max_depth
    while stack:
        lo, hi, D, cross, fmn, fmx, stall = stack.pop()
        stats.regions += 1
        if len(cross) < j or not _interval_ok(kinds, fmn, fmx):
            stats.regions_pruned += 1
            continue
        widths = [hi[i] - lo[i] for i in range(j)]
        # leaf: few systems left, or j halvings in a row without losing a hyperplane (the
        # box sits on a flat shared by several hyperplanes), or the depth limit
        if (math.comb(len(cross), j) <= leaf_systems or stall >= j
                or (D >= max_den and max(widths) == 1)):
            for combo in combinations(cross, j):
                if combo in solved:
                    sol = solved[combo]
                else:
                    stats.systems += 1
                    sol = int_solve([fh[k][2] for k in combo], [-fh[k][1] for k in combo])
                    if sol is not None and any(v <= 0 or v >= sol[1] for v in sol[0]):
                        sol = None  # not in the open face
                    solved[combo] = sol
                if sol is None or sol in seen:
                    continue
                num, den = sol
                if any(num[q] * D < lo[q] * den or num[q] * D > hi[q] * den for q in range(j)):
                    continue  # handled by the leaf box that contains it
                seen.add(sol)
                stats.vertices += 1
                if _vertex_interval_ok(sol, cross, fh, kinds, fmn, fmx):
                    _vertex(pi, Sfree, J, sol, fix, zface, fh, Rbase, Rc, sval, tval, stats,
                            results)
            continue
        i = max(range(j), key=lambda q: (widths[q], -q))
        if widths[i] == 1:
            D *= 2
            lo = [2 * v for v in lo]
            hi = [2 * v for v in hi]
        mid = (lo[i] + hi[i]) // 2
        for clo, chi in ((lo[i], mid), (mid, hi[i])):
            nlo = list(lo)
            nhi = list(hi)
            nlo[i], nhi[i] = clo, chi
            ncross = []
            nfmn = dict(fmn)
            nfmx = dict(fmx)
            for k in cross:
                _, c, cj, agg = fh[k]
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
            nstall = stall + 1 if len(ncross) == len(cross) else 0
            stack.append((nlo, nhi, D, ncross, nfmn, nfmx, nstall))


def _vertex_interval_ok(sol, cross, fh, kinds, fmn, fmx) -> bool:
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
    return _interval_ok(kinds, lo, hi)


def _interval_ok(kinds: dict[int, int], fmin: dict[int, int], fmax: dict[int, int]) -> bool:
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


def _vertex(pi, Sfree, J, sol, fix, zface, fh, Rbase, Rc, sval, tval, stats, results):
    """Step 3: all extreme equilibria (x*, y*) at the arrangement vertex x*."""
    num, den = sol
    point = [Fraction(v) if v is not None else None for v in sval]
    for i, s in enumerate(Sfree):
        point[s] = Fraction(pi[i]) if pi[i] != 2 else None
    for q, i in enumerate(J):
        point[Sfree[i]] = Fraction(num[q], den)
    yfix = dict(fix)
    K = list(zface)
    for ts, c, cj, _ in fh:
        v = c * den + sum(cj[q] * num[q] for q in range(len(J)) if cj[q])
        if v > 0:
            yfix.update((t, 1) for t in ts)
        elif v < 0:
            yfix.update((t, 0) for t in ts)
        else:
            K.extend(ts)
    K.sort()
    eq_rows, eq_rhs, le_rows, le_rhs = [], [], [], []
    ints_eq: list[list[int]] = []
    ints_rhs: list[int] = []
    for i, s in enumerate(Sfree):
        row = Rc[s]
        const = Rbase[s] + sum(row[t] for t, v in yfix.items() if v)
        coefs = [row[t] for t in K]
        kind = pi[i]
        if kind == 2:
            ints_eq.append(coefs)
            ints_rhs.append(-const)
        elif kind == 1:  # gain ≥ 0  ⇔  −coefs·y ≤ const
            le_rows.append([-v for v in coefs])
            le_rhs.append(const)
        else:  # gain ≤ 0  ⇔  coefs·y ≤ −const
            le_rows.append(coefs)
            le_rhs.append(-const)
    answers: list[tuple[Fraction, ...]]
    if not K:
        ok = all(r == 0 for r in ints_rhs) and all(r >= 0 for r in le_rhs)
        answers = [()] if ok else []
    else:
        sol_y = int_solve(ints_eq, ints_rhs) if len(ints_eq) == len(K) else None
        if sol_y is not None:
            ny, dy = sol_y
            ok = all(0 <= v <= dy for v in ny) and all(
                sum(a * v for a, v in zip(r, ny) if a) <= rhs * dy
                for r, rhs in zip(le_rows, le_rhs)
            )
            answers = [tuple(Fraction(v, dy) for v in ny)] if ok else []
        else:
            stats.degenerate += 1
            eq_rows = [[Fraction(v) for v in r] for r in ints_eq]
            eq_rhs = [Fraction(v) for v in ints_rhs]
            answers = box_polytope_vertices(
                len(K), eq_rows, eq_rhs,
                [[Fraction(v) for v in r] for r in le_rows], [Fraction(v) for v in le_rhs],
            )
    if answers:
        stats.feasible += 1
    spoint = tuple(point)  # type: ignore[arg-type]
    for ans in answers:
        tp = [Fraction(v) if v is not None else None for v in tval]
        for t, v in yfix.items():
            tp[t] = Fraction(v)
        for t, v in zip(K, ans):
            tp[t] = v
        results.append((spoint, tuple(tp)))  # type: ignore[arg-type]


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
    a :class:`Certificate` (module doc). Options: ``subdivide=False`` solves every
    |J|-subset of hyperplanes meeting a face (no subdivision; a reference for tests and
    benchmarks); ``leaf_systems`` and ``max_depth`` tune the subdivision; ``search`` =
    "rows", "columns" or "auto" (the smaller reduced box) picks the space searched;
    ``progress`` shows a bar on stderr.
    """
    if not isinstance(game, DoublyAdditiveGame):
        raise GameError(f"solve_doubly_additive expects a DoublyAdditiveGame, got {type(game).__name__}")
    if search not in ("auto", "rows", "columns"):
        raise GameError(f"search must be 'auto', 'rows' or 'columns', got {search!r}")
    if not isinstance(leaf_systems, int) or leaf_systems < 1:
        raise GameError("leaf_systems must be a positive integer")
    if not isinstance(max_depth, int) or not 0 <= max_depth <= 200:
        raise GameError("max_depth must be an integer in 0..200")
    start = time.perf_counter()
    m, n = game.m, game.n
    # f_h(y) = a_I[h] + Σ_l C_I[h][l] y_l ;  g_l(x) = b_II[l] + Σ_h C_II[h][l] x_h
    F = [integer_row([game.I.a[h], *game.I.C[h]]) for h in range(m)]
    G = [integer_row([game.II.b[l], *(game.II.C[h][l] for h in range(m))]) for l in range(n)]
    F0, Fc = [r[0] for r in F], [r[1:] for r in F]
    G0, Gc = [r[0] for r in G], [r[1:] for r in G]
    xval: list[int | None] = [None] * m
    yval: list[int | None] = [None] * n
    cert = Certificate()
    _prune(G0, Gc, F0, Fc, xval, yval, ("I", game.row_sets), ("II", game.col_sets), cert)
    free_x = sum(v is None for v in xval)
    free_y = sum(v is None for v in yval)
    rows = search == "rows" or (search == "auto" and free_x <= free_y)
    cert.searched = "rows" if rows else "columns"
    stats = _Stats()
    leaf = leaf_systems if subdivide else 1 << 62
    if rows:
        raw = _search(G0, Gc, F0, Fc, xval, yval, leaf, max_depth, stats, progress)
        pairs = [(s, t) for s, t in raw]
        hyper_src, sv = (G0, Gc), xval
    else:
        raw = _search(F0, Fc, G0, Gc, yval, xval, leaf, max_depth, stats, progress)
        pairs = [(t, s) for s, t in raw]
        hyper_src, sv = (F0, Fc), yval
    # always-indifferent sets and the number of hyperplanes (for the certificate)
    for l in range(n):
        if yval[l] is None and not any(Gc[l][h] for h in range(m) if xval[h] is None):
            cert.always_indifferent.append(("II", game.col_sets[l]))
    for h in range(m):
        if xval[h] is None and not any(Fc[h][l] for l in range(n) if yval[l] is None):
            cert.always_indifferent.append(("I", game.row_sets[h]))
    H0, Hc = hyper_src
    cert.free_dims = sum(v is None for v in sv)
    cert.hyperplanes = sum(
        1 for t in range(len(H0))
        if (yval if rows else xval)[t] is None
        and any(Hc[t][s] for s in range(len(sv)) if sv[s] is None)
    )
    for k in _Stats.__slots__:
        setattr(cert, k, getattr(stats, k))
    pairs = sorted(set(pairs))
    eqs = certify_doubly_additive(game, (
        BehaviourEquilibrium(x, y, (game.I.value(x, y), game.II.value(x, y))) for x, y in pairs))
    subsets, comps = nash_subsets(game, pairs)
    cert.seconds = time.perf_counter() - start
    return DoublyAdditiveSolution(game, eqs, subsets, comps, cert)
