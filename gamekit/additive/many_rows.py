"""All Nash equilibria of additive m×2ⁿ games for any m, without writing down 2ⁿ columns.

Setting (Ethier & Lee, *Baccara chemin de fer II*, Lemma 1, generalized from m = 2 rows).
Player I mixes x ∈ Δ = {x ≥ 0, Σ x_u = 1}. Against x, player II's gain from move 1 at
information set l is the *linear* form

    g_l(x) = Σ_u x_u G_u(l),     G_u(l) = ``AdditiveGame.b_gains(u)[l]``,

so his best responses are the behaviour strategies with y_l = 1 on {g > 0}, y_l = 0 on
{g < 0} and y_l free on K(x) = {g = 0}: the face F(x) of the cube, constant on every
cell of the arrangement of the (at most n) hyperplanes {g_l = 0} in Δ. Player I's payoff
of row u is affine in y (``a_const(u) + Σ_l a_gains(u)[l] y_l``), so for fixed x the
equilibrium strategies of player II are the polytope

    Y(x) = {y ∈ F(x) : a_u(y) = a_{u₀}(y) for u ∈ supp x,  a_w(y) ≤ a_{u₀}(y) for w ∉ supp x}.

**Theorem (extreme equilibria).** Every extreme equilibrium is (x, y) with x a *vertex
of the arrangement* — for S = supp x, x is the unique point of the S-face with
g_l(x) = 0 for |S| − 1 independent restricted forms — and y a vertex of Y(x). Proof
sketch: for a fixed sign pattern the set of x with Y(x) ⊇ Y' is a polytope cut out by
arrangement hyperplanes and facets x_u = 0, so its vertices are arrangement vertices;
Y(x) is a face of Q = {(y, v) : y ∈ [0,1]ⁿ, a_w(y) ≤ v ∀w}, so vertices of intersections
of such sets are vertices of Q. The equilibrium conditions are bilinear in labels, so the
maximal Nash subsets are the maximal bicliques of the graph of extreme pairs (as for
bimatrix games; ``gamekit.kernel.graphs``).

**Algorithm** (:func:`solve_many_rows`; details and the completeness argument in
``docs/many-rows.md``):

1. Lemma 1 (``reduction.forced_moves``) fixes the forced moves (T₀, T₁); only the n_*
   remaining sets are strategic.
2. For every support S (2^m − 1 of them), only the forms whose restriction G_S(l) takes
   both signs cut the relative interior of the S-face; forms vanishing on the face are
   always free there, the others are constant (*forced within the face*). Proportional
   forms are merged (one hyperplane, several sets).
3. Candidate vertices = (|S|−1)-subsets of the distinct cutting hyperplanes. With
   ``candidate_filter="auto"`` (:func:`choose_filter`) from ``EXACT_ONLY_BELOW``
   candidates per face on, a vectorized *certified* float step
   (:mod:`gamekit.additive.vertex_filter`) drops the candidates it proves to lie outside
   the face or to have Y(x) = ∅ (rigorous float64 error bounds, never a heuristic margin);
   the rest are solved exactly (fraction-free integer elimination).
4. Y(x) in integer arithmetic, split as a product P_C × [0,1]^F
   (:mod:`gamekit.additive.y_faces`): exact box-range tests, square systems solved
   directly, the core's vertices by ``doubly_additive.polytope.box_polytope_vertices``.
5. Every core vertex is certified with its free cube (``y_faces.certify_face`` plus
   the exact integer Nash test ``y_faces.certified_payoffs`` at the corners y_F = 0, 1;
   pairwise when F = ∅),
   and the forced moves are re-checked exactly (strict signs on T₀, T₁), which together
   certify the full-game equilibria; Nash subsets from bicliques, components from them.

Cost: Σ_S C(H_S, |S|−1) candidates, H_S ≤ n_* the cutting hyperplanes of the S-face —
O(n_*²) for m = 3, O(n_*³) for m = 4 in the worst case (an arrangement of H planes in a
tetrahedron really has Θ(H³) vertices); above ``max_candidates`` a TooLargeError says so;
plus the output, Σ_x |vert P_C|·2^|F| extreme equilibria (bounded by ``max_vertices``,
checked on the count before they are built).
Player I's payoff must be additive (``a_move``); ``a_func`` games use the explicit path.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Literal, get_args

from gamekit.additive.game import AdditiveGame
from gamekit.additive.reduction import ForcedMoves, forced_moves
from gamekit.additive.solution import AdditiveEquilibrium, AdditiveSolution, FosterCertificate
from gamekit.additive.y_faces import (
    IntTables,
    YFace,
    certified_payoffs,
    certify_face,
    corners,
    int_tables,
    y_face,
)
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.numbers import primitive_integers
from gamekit.kernel.graphs import maximal_bicliques
from gamekit.kernel.linalg import solve_int

__all__ = [
    "NashSubset",
    "ManyRowSolution",
    "solve_many_rows",
    "arrangement_vertices",
    "DEFAULT_MAX_CANDIDATES",
    "EXACT_ONLY_BELOW",
    "CandidateFilter",
    "choose_filter",
]

#: Largest number of candidate vertices (hyperplane subsets) examined.
DEFAULT_MAX_CANDIDATES = 20_000_000
#: Below this many candidates of a support, ``"auto"`` checks every candidate exactly (no floats).
EXACT_ONLY_BELOW = 8

#: How candidate vertices are screened before the exact solve: ``"exact"`` (no float step:
#: every candidate solved exactly), ``"numpy"`` / ``"compiled"`` (the certified float step
#: with numpy or numba loops), or ``"auto"`` (:func:`choose_filter`, per support).
CandidateFilter = Literal["auto", "exact", "numpy", "compiled"]


def choose_filter(candidate_filter: CandidateFilter, total: int, hyperplanes: int) -> str:
    """The screening of one support's ``total`` candidates among ``hyperplanes`` cutting
    hyperplanes: the requested one, or with ``"auto"`` exact below :data:`EXACT_ONLY_BELOW`
    candidates, compiled loops from ``COMPILED_WORK`` (candidates × cutting sets) on, numpy
    between. A function of the sizes only.

    Examples
    --------
    >>> choose_filter("auto", 5, 6), choose_filter("auto", 100, 6), choose_filter("exact", 10**9, 60)
    ('exact', 'numpy', 'exact')
    """
    if candidate_filter != "auto":
        return candidate_filter
    if total < EXACT_ONLY_BELOW:
        return "exact"
    from gamekit.additive.vertex_filter import use_compiled

    return "compiled" if use_compiled(total * hyperplanes) else "numpy"

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class NashSubset:
    """A maximal Nash subset conv(rows) × conv(draws): indices into the extreme x's / y's."""

    rows: tuple[int, ...]
    draws: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class ManyRowSolution(AdditiveSolution):
    """:class:`AdditiveSolution` of the m-row solver (method ``"arrangement"``).

    ``row_vertices`` / ``draw_vertices``: the distinct extreme x's and (full-game) y's;
    ``subsets``: the maximal Nash subsets; ``components`` (inherited): groups of indices
    into ``equilibria`` forming the connected components of the equilibrium set;
    ``stats``: counts (candidates, exact checks, vertices) for the benchmark.

    Examples
    --------
    >>> g = AdditiveGame(["a", "b", "c"], ["s"], [0, 0, 0], [[(0, 1)], [(0, -1)], [(0, 0)]],
    ...                  a_base=[0, 0, 0], a_move=[[(1, 0)], [(0, 1)], [(0, 0)]])
    >>> r = solve_many_rows(g)
    >>> isinstance(r, ManyRowSolution), r.complete, r.unique
    (True, True, True)
    """

    row_vertices: tuple[tuple[Fraction, ...], ...] = ()
    draw_vertices: tuple[tuple[Fraction, ...], ...] = ()
    subsets: tuple[NashSubset, ...] = ()
    stats: dict = field(default_factory=dict, compare=False)


# -- the arrangement -------------------------------------------------------------------------
def _cutting_hyperplanes(G: Sequence[Sequence[int]], S: Sequence[int]) -> list[tuple[tuple[int, ...], list[int]]]:
    """Distinct hyperplanes {Σ_{u∈S} x_u G_u(l) = 0} meeting the relative interior of the S-face.

    ``G`` is integer (each set's row may be scaled by its own positive factor: same
    hyperplanes). A form restricted to S cuts the open face iff it takes both strict signs
    on S. Returns (primitive integer form with first entry > 0, sets l carrying it) per
    distinct hyperplane, in first-seen order; proportional forms (any non-zero factor) are
    one hyperplane, identified exactly by that normal form.
    """
    groups: dict[tuple[int, ...], list[int]] = {}
    for l, col in enumerate(G):
        r = [col[u] for u in S]
        if max(r) > 0 > min(r):
            g = math.gcd(*r)
            if r[next(i for i, v in enumerate(r) if v)] < 0:
                g = -g
            groups.setdefault(tuple(v // g for v in r), []).append(l)
    return list(groups.items())


def arrangement_vertices(G: Sequence[Sequence[Fraction]], S: Sequence[int],
                         limit: int = DEFAULT_MAX_CANDIDATES,
                         candidate_filter: CandidateFilter = "auto") -> list[tuple[Fraction, ...]]:
    """Exact vertices x (full length m) of the arrangement with supp x = S.

    ``G[l][u]`` = G_u(l) (rationals). x is the unique point of the S-face with Σ x_u = 1
    and |S|−1 independent cutting forms zero; every entry on S strictly positive.
    ``candidate_filter``: see :data:`CandidateFilter` (the answer is the same).
    """
    _check_filter(candidate_filter)
    m = len(G[0]) if G else max(S) + 1
    return sorted(_vertices([primitive_integers(row) for row in G], S, limit, m, None, candidate_filter))


def _check_filter(candidate_filter: object) -> None:
    if candidate_filter not in get_args(CandidateFilter):
        raise GameError(f"unknown candidate_filter {candidate_filter!r}; valid: "
                        f"{', '.join(get_args(CandidateFilter))}")


def _vertices(G, S, limit, m, tables, candidate_filter: CandidateFilter = "auto"):
    """Exact arrangement vertices with support S (``G`` integer). From ``EXACT_ONLY_BELOW`` candidates on,
    the certified float step (:mod:`gamekit.additive.vertex_filter`) discards the ones it
    proves empty (outside the open face; with ``tables()`` → float tables, also Y(x) = ∅); every
    other candidate is solved exactly (fraction-free integer elimination)."""
    s = len(S)
    if s == 1:
        x = [_ZERO] * m
        x[S[0]] = _ONE
        return {tuple(x)}
    hyper = _cutting_hyperplanes(G, S)
    if len(hyper) < s - 1:
        return set()
    ints = [list(f) for f, _ in hyper]
    total = math.comb(len(ints), s - 1)
    if total > limit:
        raise TooLargeError(
            f"{total} candidate vertices ({len(ints)} hyperplanes cut a face of dimension {s - 1}); "
            f"above the limit {limit}"
        )
    found: set[tuple[tuple[int, ...], int]] = set()
    for combo in _surviving_candidates(ints, hyper, S, tables, choose_filter(candidate_filter, total, len(ints))):
        sol = solve_int([ints[h] for h in combo] + [[1] * s], [0] * (s - 1) + [1])
        if sol is not None and all(v > 0 for v in sol[0]):  # den > 0: x > 0 on S
            found.add(sol)
    seen: set[tuple[Fraction, ...]] = set()
    for nums, den in found:
        x = [_ZERO] * m
        for u, v in zip(S, nums):
            x[u] = Fraction(v, den)
        seen.add(tuple(x))
    return seen


def _surviving_candidates(ints, hyper, S, tables, screening: str):
    """The (|S|−1)-subsets of the hyperplanes not discarded by the certified float step
    (``screening``: ``"exact"`` — none discarded — ``"numpy"`` or ``"compiled"``)."""
    if screening == "exact":  # exact solves decide every candidate
        yield from combinations(range(len(ints)), len(S) - 1)
        return
    import numpy as np

    from gamekit.additive.vertex_filter import (
        candidate_blocks,
        face_tables,
        y_filter,
        y_filter_exact,
    )

    compiled = screening == "compiled"
    carrier = np.array([ls[0] if len(ls) == 1 else -1 for _, ls in hyper], dtype=np.int64)
    face: list = []
    for idx, X, rad, C in candidate_blocks(ints, len(S), compiled):
        t = tables() if (X is not None or C is not None) and tables is not None else None
        if t is not None and C is not None and t.exact is not None and not face:
            face.append(face_tables(t.exact, list(S)))
        if t is not None and C is not None and t.exact is not None and face[0] is not None:
            keep, tried = y_filter_exact(t.exact, face[0], list(S), C, carrier[idx], compiled)
            if not tried.all():
                rest = ~tried
                keep[rest] = y_filter(t, list(S), carrier[idx[rest]], X[rest], rad[rest])
            idx = idx[keep]
        elif t is not None and X is not None:
            idx = idx[y_filter(t, list(S), carrier[idx], X, rad)]
        yield from map(tuple, idx.tolist())


# -- the solver ------------------------------------------------------------------------------------
def _faces(red: ForcedMoves, max_candidates: int, stats: dict, itables: IntTables,
           candidate_filter: CandidateFilter = "auto") -> list[YFace]:
    """Y(x) for every arrangement vertex x with Y(x) ≠ ∅ (see the module theorem):
    the extreme equilibria of the reduced game are the pairs (x, vertex of Y(x))."""
    game = red.reduced
    m = game.m
    G = itables.G  # D_G · G_u(l): integers, same hyperplanes
    tables: list = []

    def lazy_tables():
        if not tables:
            from gamekit.additive.vertex_filter import float_tables
            tables.append(float_tables(game, itables))
        return tables[0]

    faces = []
    for size in range(1, m + 1):
        for S in combinations(range(m), size):
            for x in sorted(_vertices(G, S, max_candidates, m, lazy_tables, candidate_filter)):
                stats["exact_checks"] = stats.get("exact_checks", 0) + 1
                face = y_face(game, x, itables)
                if face is not None:
                    faces.append(face)
    return faces


def _rank_maps(faces: list[YFace], n: int) -> list[dict[Fraction, int]]:
    """Per reduced set l, the rank of every value y_l takes at an extreme equilibrium: the
    integer tuples of ranks sort like the Fraction vectors and identify them exactly."""
    vals: list[set[Fraction]] = [{_ZERO, _ONE} for _ in range(n)]
    for f in faces:
        for cv in f.core_vertices:
            for l, v in zip(f.core, cv):
                vals[l].add(v)
    return [{v: r for r, v in enumerate(sorted(vs))} for vs in vals]


def _certify_core(game: AdditiveGame, it: IntTables, face: YFace, cv: Sequence[Fraction]
                  ) -> tuple[list[Fraction], tuple[Fraction, Fraction]]:
    """Certify {cv} × [0,1]^F exactly (see :func:`_face_equilibria`); returns y⁰ and the
    payoffs at y⁰."""
    x, y0 = face.x, face.start(cv)
    p0 = certified_payoffs(game, it, x, y0)
    ok = p0 is not None
    if ok and face.free:
        y1 = list(y0)
        for l in face.free:
            y1[l] = _ONE
        ok = certify_face(game, face, cv) and certified_payoffs(game, it, x, y1) is not None
    if not ok:
        raise CertificationError(f"m-row solver: x={x} failed the exact equilibrium check")
    assert p0 is not None  # ok implies p0 is not None
    return y0, p0


def _face_equilibria(red: ForcedMoves, it: IntTables, face: YFace, ranks: list[dict[Fraction, int]]
                     ) -> list[tuple[AdditiveEquilibrium, tuple[int, ...]]]:
    """The certified extreme equilibria (x, lift(y)), y a vertex of Y(x), sorted by y, each
    with its exact rank key (:func:`_rank_maps`).

    Lemma 1: (x, lift(y)) is an equilibrium of the full game iff (x, y) is one of the
    reduced game (forced moves are strict best responses against every row, and the
    reduced payoffs fold them in exactly). Without free sets every pair passes the exact
    integer Nash test ``y_faces.certified_payoffs``; with free sets F the whole product
    {v} × [0,1]^F is certified at once (``y_faces.certify_face``), and its two extreme
    corners are also re-checked with ``certified_payoffs``. Player I's payoff is affine in
    y_F (slope Σ_u x_u A_u(l)); player II's is constant on the face (g_l(x) = 0 on F).
    """
    game, x = red.reduced, face.x
    full_free = [red.free[l] for l in face.free]
    step = [sum((x[u] * game.a_gains(u)[l] for u in range(game.m) if x[u]), _ZERO) for l in face.free]
    out = []
    for cv in face.core_vertices:
        y0, p0 = _certify_core(game, it, face, cv)
        key0 = [ranks[l][v] for l, v in enumerate(y0)]
        den = math.lcm(p0[0].denominator, *(s.denominator for s in step))
        vals, keys = [p0[0].numerator * (den // p0[0].denominator)], [key0]
        for s, l in zip(step, face.free):  # integer numerators over den: exact and cheap
            d = s.numerator * (den // s.denominator)
            vals = vals + [v + d for v in vals]
            keys = keys + [k[:l] + [ranks[l][_ONE]] + k[l + 1:] for k in keys]
        for y, v, k in zip(corners(red.lift_behaviour(y0), full_free), vals, keys):
            out.append((AdditiveEquilibrium(x, y, (Fraction(v, den), p0[1])), tuple(k)))
    out.sort(key=lambda t: t[1])
    return out


def solve_many_rows(game: AdditiveGame, *, max_candidates: int = DEFAULT_MAX_CANDIDATES,
                    max_vertices: int = 100_000, candidate_filter: CandidateFilter = "auto") -> ManyRowSolution:
    """Every extreme equilibrium and every maximal Nash subset of an additive m×2ⁿ game.

    Exact and complete for any m ≥ 1 with player I's payoff additive; no 2ⁿ anywhere
    (see the module docstring for the theorem and the cost). Every extreme equilibrium is
    certified exactly (reduced-game Nash test + exact re-check of the forced moves).

    Parameters
    ----------
    game : AdditiveGame
        The game; player I's payoff must be additive (``a_base``/``a_move``).
    max_candidates : int
        Bound on the candidate row vertices examined.
    max_vertices : int
        Bound on the number of extreme equilibria; it is checked on their exact count
        (Σ_x |vert P_C| · 2^|F|) before any of them is written down.
    candidate_filter : CandidateFilter
        How candidate vertices are screened; every choice gives the same answer
        (``stats["candidate_filter"]``).

    Returns
    -------
    ManyRowSolution
        The extreme equilibria and the maximal Nash subsets.

    Raises
    ------
    GameError
        When ``game`` is not an additive game with additive player-I payoffs.
    TooLargeError
        When a bound is exceeded.

    Examples
    --------
    >>> g = AdditiveGame(["a", "b", "c"], ["s"], [0, 0, 0], [[(0, 1)], [(0, -1)], [(0, 0)]],
    ...                  a_base=[0, 0, 0], a_move=[[(1, 0)], [(0, 1)], [(0, 0)]])
    >>> r = solve_many_rows(g)
    >>> r.method, len(r), r[0].row, r[0].draw
    ('arrangement', 1, (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1)), (Fraction(1, 2),))
    """
    _check_filter(candidate_filter)
    if not isinstance(game, AdditiveGame):
        raise GameError(f"expected an AdditiveGame, got {type(game).__name__}")
    if game.a_move is None:
        raise GameError("the m-row solver needs player I's payoff in additive form (a_base/a_move)")
    red = forced_moves(game)
    stats: dict = {"n": game.n, "n_star": red.n_free, "candidate_filter": candidate_filter}
    it = int_tables(red.reduced)
    faces = _faces(red, max_candidates, stats, it, candidate_filter)
    total = sum(f.count for f in faces)
    stats["free_sets_max"] = max((len(f.free) for f in faces), default=0)
    if total > max_vertices:
        raise TooLargeError(f"{total} extreme equilibria, above the limit {max_vertices}")
    _check_lemma1(red)
    faces.sort(key=lambda f: f.x)  # one face per x: sorting faces sorts the pairs by (x, y)
    ranks = _rank_maps(faces, red.n_free)
    gc_was_on = gc.isenabled()
    gc.disable()  # the output is many acyclic tuples: cyclic GC passes over them cost seconds
    try:
        items = [(e, fi, key) for fi, f in enumerate(faces) for e, key in _face_equilibria(red, it, f, ranks)]
        return _assemble(game, red, items, stats)
    finally:
        if gc_was_on:
            gc.enable()


def _check_lemma1(red: ForcedMoves) -> None:
    """Re-verify the forced moves exactly: G_u(l) < 0 for all u on T₀, > 0 on T₁ (full game)."""
    game = red.full
    for u in range(game.m):
        G = game.b_gains(u)
        if any(G[l] >= 0 for l in red.forced_0) or any(G[l] <= 0 for l in red.forced_1):
            raise CertificationError("Lemma 1 reduction failed its exact re-check")


def _components(subsets: Sequence[NashSubset], edges: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Connected components of the equilibrium graph, as sorted groups of edge indices.

    For every column c, the closure of {c} is a maximal biclique whose rows are all of
    N(c); so two rows share a column iff they lie in a common maximal biclique, and the
    row classes of the components are the unions of overlapping biclique row sets
    (union–find over the few x's); every edge goes with its row.
    """
    parent = list(range(1 + max((r for r, _ in edges), default=0)))

    def find(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    for sub in subsets:
        for r in sub.rows[1:]:
            parent[find(r)] = find(sub.rows[0])
    groups: dict[int, list[int]] = {}
    for k, (r, _) in enumerate(edges):
        groups.setdefault(find(r), []).append(k)
    return tuple(sorted(tuple(g) for g in groups.values()))


def _assemble(game: AdditiveGame, red: ForcedMoves, items: list[tuple[AdditiveEquilibrium, int, tuple]],
              stats: dict) -> ManyRowSolution:
    """Solution object from the sorted (equilibrium, face index, y key) triples: vertex
    lists, maximal Nash subsets (bicliques) and components, indexed without hashing the
    (long) Fraction vectors."""
    eqs = tuple(e for e, _, _ in items)
    xi: dict[int, int] = {}
    ydraw: dict[tuple[int, ...], tuple[Fraction, ...]] = {}
    for e, fi, key in items:
        xi.setdefault(fi, len(xi))
        ydraw.setdefault(key, e.draw)
    xs: list = [None] * len(xi)  # items are sorted by x, so first-seen order is sorted order
    for e, fi, _ in items:
        xs[xi[fi]] = e.row
    ykeys = sorted(ydraw)  # rank keys sort like the vectors
    yi = {k: j for j, k in enumerate(ykeys)}
    ys = [ydraw[k] for k in ykeys]
    edges = [(xi[fi], yi[key]) for _, fi, key in items]
    subsets = tuple(NashSubset(r, c) for r, c in maximal_bicliques(edges))
    comps = _components(subsets, edges)
    continuum = any(len(s.rows) * len(s.draws) > 1 for s in subsets)
    unique = len(eqs) == 1
    unique_mixed = unique and sum(1 for v in eqs[0].draw if 0 < v < 1) <= 1 if unique else False
    stats.update({"row_vertices": len(xs), "draw_vertices": len(ys), "extreme": len(eqs)})
    notes = (f"Lemma 1 kept {red.n_free} of {game.n} information sets; arrangement of "
             f"hyperplanes in the {game.m - 1}-simplex, "
             f"{stats.get('exact_checks', 0)} vertices checked exactly",)
    cert = FosterCertificate(game.n, {"T0": len(red.forced_0), "T1": len(red.forced_1), "T*": red.n_free},
                             (), (), (), {}, False, notes)
    return ManyRowSolution(game, eqs, (), tuple(comps), unique, unique_mixed, cert, "arrangement",
                           complete=True, continuum=continuum, row_vertices=tuple(xs),
                           draw_vertices=tuple(ys), subsets=subsets, stats=stats)
