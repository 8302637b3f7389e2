"""All Nash equilibria of additive 2×2ⁿ bimatrix games: Foster's algorithm (Lemma 2), exact.

Ethier & Lee, *Baccara chemin de fer II*, Lemma 2. Player I mixes his two rows as
x = (1−p, p). Against x, player II's gain from move 1 at information set l is the affine

    g_l(p) = (1−p)·G₀(l) + p·G₁(l),   G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)],

and the sets T₀₀ (G₀<0, G₁<0), T₀₁ (G₀≤0≤G₁, not both 0), T₁₀ (G₀≥0≥G₁, not both 0),
T₁₁ (G₀>0, G₁>0) are the paper's. g_l for l ∈ T₀₁ ∪ T₁₀ vanishes at the
*best-response discontinuity*

    p(l) = G₀(l) / (G₀(l) − G₁(l)) ∈ [0, 1]                              (Lemma 2(a)).

Information sets with G₀ = G₁ = 0 (the set Z; the paper assumes it empty) leave player
II indifferent at every p; they are handled exactly (y_l free).

Equilibria (p, y) — y ∈ [0,1]ⁿ player II's behaviour strategy — are found by a sweep over
the sorted distinct breakpoints in [0, 1] (O(n log n)):

* between consecutive breakpoints player II's best responses are the face
  Box_I = {y : y = 1 on T(p) (eq. (1)), 0 off T(p) ∪ Z}; equilibria need player I
  indifferent, D(y) := a₁(y) − a₀(y) = 0. If Box_I ∩ {D = 0} ≠ ∅ the whole closed interval
  times that set is a continuum of equilibria (this is what part (b)'s first hypothesis
  excludes);
* at a breakpoint π ∈ (0,1) the best responses form the face Box(π) in which every l with
  p(l) = π (and every l ∈ Z) is free; equilibria are {π} × (Box(π) ∩ {D = 0}): the
  *equalizing strategies* of parts (c) and (d), for any number of ties;
* at p = 0 (p = 1) player I's condition is D ≤ 0 (D ≥ 0): pure-row equilibria, which
  part (b)'s last two hypotheses exclude.

The equilibrium set is the union of these *cells* (each a product of a p-range and a
polytope), reported with their extreme points; cells contained in a neighbouring cell
are dropped, so every reported cell is the image of a maximal Nash subset of the
materialized game. When player I's payoff is additive D is affine in y and the cells are
box ∩ hyperplane (or half-space); with a general ``a_func`` the cell polytopes live in
the simplex of mixtures over the corners of the face (limited to small faces).

For m ≠ 2 rows: m = 1 is solved directly; m > 2 by the hyperplane arrangement in player I's
simplex (:mod:`gamekit.additive.many_rows`), or — when player I's payoff is a general
``a_func`` — by Lemma 1, materialization and the explicit solver
(:mod:`gamekit.additive.materialized`).

This module is the dispatch; the work is done in :mod:`gamekit.additive.two_rows`
(the sweep as named steps), :mod:`gamekit.additive.one_row`,
:mod:`gamekit.additive.many_rows`, :mod:`gamekit.additive.materialized`, with result types in
:mod:`gamekit.additive.solution` and polytope vertices in :mod:`gamekit.additive.slices`.
Every public name is re-exported here. (The tests' oracle, which re-solves the materialized
game with the explicit solver and compares, is ``tests/oracles/additive_oracle.py``.)
"""

from __future__ import annotations

from gamekit.additive.certify import certify_additive_solution
from gamekit.additive.game import AdditiveGame
from gamekit.additive.materialized import solve_by_enumeration
from gamekit.additive.one_row import solve_one_row
from gamekit.additive.solution import (
    AdditiveEquilibrium,
    AdditiveSolution,
    CaseRecord,
    EquilibriumCell,
    FosterCertificate,
)
from gamekit.additive.two_rows import breakpoints, foster_classes, solve_two_rows
from gamekit.core.errors import GameError

__all__ = [
    "AdditiveEquilibrium",
    "EquilibriumCell",
    "CaseRecord",
    "FosterCertificate",
    "AdditiveSolution",
    "solve_additive",
    "breakpoints",
    "foster_classes",
    "DEFAULT_MAX_VERTICES",
    "DEFAULT_MAX_FACE",
]

#: Largest number of extreme equilibria :func:`solve_additive` writes down.
DEFAULT_MAX_VERTICES = 10_000
#: Largest face dimension enumerated corner by corner when player I's payoff is ``a_func``.
DEFAULT_MAX_FACE = 12


def solve_additive(game: AdditiveGame, *, max_vertices: int = DEFAULT_MAX_VERTICES,
                   max_face: int = DEFAULT_MAX_FACE, column_limit: int = 1 << 12) -> AdditiveSolution:
    """All Nash equilibria of an additive game, exact and complete.

    Two rows: Foster's algorithm (Lemma 2) generalized to every degenerate case, time
    O(n log n) after the payoff tables (plus the size of the output). One row: player II's
    best-response face. More rows: the hyperplane arrangement in player I's simplex
    (:func:`gamekit.additive.many_rows.solve_many_rows`, no 2ⁿ anywhere); with a general
    ``a_func``, Lemma 1 + the explicit solver on the m×2^{n_*} game (at most ``column_limit``
    columns). Every extreme equilibrium is certified exactly before it is returned
    (:func:`gamekit.additive.certify.certify_additive_solution`).

    Parameters
    ----------
    game : AdditiveGame
        The game.
    max_vertices : int
        Bound on the number of extreme equilibria written down.
    max_face : int
        Bound on the face dimension enumerated when player I's payoff is a general ``a_func``.
    column_limit : int
        Bound on the columns of the explicit game (general ``a_func`` with m > 2).

    Returns
    -------
    AdditiveSolution
        The extreme equilibria, the cells of the equilibrium set and the certificate.

    Raises
    ------
    GameError
        When ``game`` is not an :class:`AdditiveGame`.
    TooLargeError
        When a bound is exceeded.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve_additive(g)
    >>> r.method, len(r), r[0].row, r[0].draw, r[1].draw
    ('foster', 2, (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(0, 1)))
    """
    if not isinstance(game, AdditiveGame):
        raise GameError(f"expected an AdditiveGame, got {type(game).__name__}")
    if game.m == 1:
        return certify_additive_solution(solve_one_row(game, max_vertices))
    if game.m > 2:
        if game.a_move is not None:  # the arrangement solver (no 2ⁿ); oracle: solve_by_enumeration
            from gamekit.additive.many_rows import solve_many_rows

            return certify_additive_solution(solve_many_rows(game, max_vertices=max_vertices))
        return certify_additive_solution(solve_by_enumeration(game, column_limit))
    return certify_additive_solution(solve_two_rows(game, max_vertices, max_face))

