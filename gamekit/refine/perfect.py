"""Perfect (trembling-hand, normal-form) equilibria of bimatrix games, exactly.

Theorem used (van Damme 1991, *Stability and Perfection of Nash Equilibria*, Thm 3.2.2):
in a two-player game a Nash equilibrium (x, y) is perfect iff neither x nor y is weakly
dominated by a mixed strategy.

Characterization of the undominated strategies (what is computed). For player I with
payoffs A and a set S of pure strategies call S *good* when some completely mixed y' has
S ⊆ argmax_i (Ay')_i. Then

    x is undominated  ⇔  supp(x) is good.

Proof sketch. (⇐) if x' weakly dominated x, then x'Ay' > xAy' for the strictly positive
y', contradicting that x (all of whose pure strategies are best responses to y') is a
best response to y'. (⇒) if x is undominated, the LP max Σ_j (x'A − xA)_j s.t.
x'A ≥ xA, x' ∈ Δ has value 0; an optimal dual solution gives weights 1 + μ_j > 0 on the
columns (normalized: a completely mixed y') and a value v with (Ay')_i ≤ v for all i and
xAy' = v, so every i ∈ supp(x) is a best response to y' (van Damme, Lemma 3.2.1).

Goodness is inherited by subsets, so the undominated strategies form the union of the
faces Δ(S) of the simplex over the maximal good S. Within a maximal Nash subset
conv(X) × conv(Y) (X, Y its extreme strategies) the set {x ∈ conv(X): supp(x) ⊆ S} is a
face of conv(X) (cut out by the valid inequalities x_i ≥ 0, i ∉ S), the hull of the
vertices it contains. Hence the perfect equilibria in that Nash subset are

    ∪ conv(F) × conv(G),   F ⊆ X maximal with ∪_{x∈F} supp(x) good, G ⊆ Y likewise,

and the extreme perfect equilibria are the extreme equilibria (x, y) with x and y
undominated. Every answer carries its witness (a completely mixed strategy of the
opponent, checked exactly); every extreme equilibrium rejected carries the mixed strategy
that weakly dominates its x or y (:mod:`gamekit.refine.dominance`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from gamekit.bimatrix.solve import Component, SolveResult, solve_result
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt
from gamekit.refine.dominance import (
    Matrix,
    Player,
    Verdict,
    dominator,
    payoff_matrix,
    support_witness,
)
from gamekit.refine.result import RefinementResult

__all__ = ["perfect_equilibria", "is_perfect", "undominated_faces"]

THEOREM = ("van Damme (1991) Thm 3.2.2: in a two-player game a Nash equilibrium is perfect iff "
           "neither strategy is weakly dominated by a mixed strategy; x is undominated iff every "
           "pure strategy in supp(x) is a best response to one completely mixed opponent strategy")


class _Goodness:
    """Cached decision 'is this support good?' for one player, with its witness."""

    def __init__(self, M: Matrix) -> None:
        self.M = M
        self.cache: dict[frozenset[int], tuple[Fraction, ...] | None] = {}

    def witness(self, S: frozenset[int]) -> tuple[Fraction, ...] | None:
        if S not in self.cache:
            self.cache[S] = support_witness(self.M, S)
        return self.cache[S]


def _support(v: Sequence[Fraction]) -> frozenset[int]:
    return frozenset(i for i, p in enumerate(v) if p)


def undominated_faces(indices: Sequence[int], supports: Sequence[frozenset[int]],
                      good: Callable[[frozenset[int]], bool]) -> list[tuple[int, ...]]:
    """The maximal subsets F of ``indices`` whose union of supports is good.

    Parameters
    ----------
    indices : sequence of int
        Vertex numbers (into ``supports``).
    supports : sequence of frozenset
        Support of every vertex.
    good : callable
        Decides a support (must be inherited by subsets).

    Returns
    -------
    list of tuple of int
        The maximal good subsets, each sorted, in lexicographic order (empty if no vertex is good).

    Examples
    --------
    >>> S = [frozenset({0}), frozenset({1}), frozenset({0, 1})]
    >>> undominated_faces([0, 1, 2], S, lambda s: s != frozenset({0, 1}))
    [(0,), (1,)]
    """
    idx = sorted(indices)
    if not idx:
        return []
    distinct = sorted(set(supports[i] for i in idx), key=sorted)
    full = frozenset().union(*distinct)
    if good(full):
        return [tuple(idx)]
    # search over unions of supports (not vertex subsets: many vertices share a support)
    seen: set[frozenset[int]] = set()
    maximal_unions: list[frozenset[int]] = []

    def grow(union: frozenset[int]) -> None:
        extended = False
        for s in distinct:
            if s <= union:
                continue
            u = union | s
            if good(u):
                extended = True
                if u not in seen:
                    seen.add(u)
                    grow(u)
        if union and not extended:
            maximal_unions.append(union)

    grow(frozenset())
    faces = {frozenset(i for i in idx if supports[i] <= u) for u in maximal_unions}
    maximal = {f for f in faces if f and not any(f < g for g in faces)}
    return sorted(tuple(sorted(f)) for f in maximal)


def _verdicts(M: Matrix, player: Player, vertices: Sequence[tuple[Fraction, ...]],
              goodness: _Goodness) -> list[Verdict]:
    out = []
    for x in vertices:
        q = goodness.witness(_support(x))
        if q is not None:
            out.append(Verdict(player, x, True, q))
            continue
        xd = dominator(M, x)
        if xd is None:
            raise CertificationError("a strategy is neither dominated nor a best response to a "
                                     "completely mixed strategy (LP duality violated)")
        out.append(Verdict(player, x, False, xd))
    return out


def perfect_equilibria(game: BimatrixGame, nash: SolveResult | None = None) -> RefinementResult:
    """Every extreme perfect equilibrium of ``game`` and the perfect part of every Nash subset.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    nash : SolveResult, optional
        ``solve_result(game, "all")`` if already computed (its components are refined).

    Returns
    -------
    RefinementResult
        ``method="perfect"``, ``complete=True``; ``equilibria`` the extreme perfect
        equilibria; ``components`` the maximal perfect faces conv(F) × conv(G) of the
        maximal Nash subsets; ``certificate`` a verdict with its witness for every extreme
        strategy (see :mod:`gamekit.refine.perfect`).

    Raises
    ------
    GameError
        If ``game`` is not a BimatrixGame or ``nash`` is not a complete result for it.
    CertificationError
        If an exact check fails (a bug), e.g. no perfect equilibrium is found.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])   # (2, 2) is Nash, not perfect
    >>> r = perfect_equilibria(g)
    >>> [(e.row, e.col) for e in r] == [((1, 0), (1, 0))]
    True
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"perfect equilibria need a BimatrixGame, got {type(game).__name__}")
    if nash is None:
        nash = solve_result(game, "all")
    if not nash.complete or nash.components is None or (nash.game is not None and nash.game != game):
        raise GameError("perfect_equilibria needs the complete 'all' result of the same game")
    MA, MB = payoff_matrix(game, "row"), payoff_matrix(game, "column")
    gA, gB = _Goodness(MA), _Goodness(MB)
    rv, cv = nash.row_vertices, nash.col_vertices
    row_v = _verdicts(MA, "row", rv, gA)
    col_v = _verdicts(MB, "column", cv, gB)
    rs = [_support(v) for v in rv]
    cs = [_support(v) for v in cv]
    faces: set[Component] = set()
    face_cert = []
    for comp in nash.components:
        Fs = undominated_faces(comp.rows, rs, lambda s: gA.witness(s) is not None)
        Gs = undominated_faces(comp.cols, cs, lambda s: gB.witness(s) is not None)
        for F in Fs:
            for G in Gs:
                faces.add(Component(F, G, comp.connected))
    maximal = sorted((f for f in faces if not any(
        f != g and set(f.rows) <= set(g.rows) and set(f.cols) <= set(g.cols) for g in faces)),
        key=lambda c: (c.connected, c.rows, c.cols))
    for f in maximal:
        qa = gA.witness(frozenset().union(*(rs[i] for i in f.rows)))
        qb = gB.witness(frozenset().union(*(cs[j] for j in f.cols)))
        assert qa is not None and qb is not None
        face_cert.append({"rows": list(f.rows), "cols": list(f.cols),
                          "row_best_response_to": [fmt(v) for v in qa],
                          "col_best_response_to": [fmt(v) for v in qb]})
    rix = {v: i for i, v in enumerate(rv)}
    cix = {v: i for i, v in enumerate(cv)}
    eqs = tuple(e for e in nash.equilibria if row_v[rix[e.row]].undominated and col_v[cix[e.col]].undominated)
    if not eqs or not maximal:
        raise CertificationError("no perfect equilibrium found; every finite game has one")
    cert = {"theorem": THEOREM,
            "row_vertices": [v.to_json() for v in row_v],
            "col_vertices": [v.to_json() for v in col_v],
            "faces": face_cert}
    return RefinementResult("perfect", True, eqs, tuple(maximal), rv, cv, cert, game)


def is_perfect(game: BimatrixGame, row: Sequence, col: Sequence) -> bool:
    """Exact test that (row, col) is a perfect equilibrium of the bimatrix ``game``.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    row, col : sequence
        Mixed strategies (exact numbers).

    Returns
    -------
    bool
        True iff (row, col) is a Nash equilibrium and neither strategy is weakly dominated.

    Raises
    ------
    GameError
        If the strategies are malformed.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])
    >>> is_perfect(g, [1, 0], [1, 0]), is_perfect(g, [0, 1], [0, 1])
    (True, False)
    """
    from gamekit.core.equilibrium import is_equilibrium
    from gamekit.refine.dominance import verdict

    if not is_equilibrium(game, row, col):
        return False
    return verdict(game, "row", row).undominated and verdict(game, "column", col).undominated
