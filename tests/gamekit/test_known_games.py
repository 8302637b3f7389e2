"""Classic games with documented equilibria and component structure.

Each answer below is derived by hand in the docstring (best-response conditions), so the
tests check the solvers against mathematics, not against themselves.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import gamekit
from gamekit import BimatrixGame, is_equilibrium
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.vertex_enumeration import is_nondegenerate


def profiles(res) -> list:
    return [(e.row, e.col) for e in res.equilibria]


def components(res) -> set:
    """Components as sets of (row strategy, column strategy) extreme points."""
    return {
        (
            frozenset(res.row_vertices[i] for i in c.rows),
            frozenset(res.col_vertices[j] for j in c.cols),
        )
        for c in res.components
    }


def test_matching_pennies():
    """A = [[1,-1],[-1,1]], B = -A: no pure equilibrium; indifference forces x = y =
    (1/2, 1/2), value 0. Unique, every method finds it."""
    A = [[1, -1], [-1, 1]]
    g = BimatrixGame(A, [[-a for a in r] for r in A])
    half = (F(1, 2), F(1, 2))
    for method in ("all", "vertex_enumeration", "support_enumeration", "lemke_howson"):
        res = gamekit.bimatrix.solve_result(g, method)
        assert profiles(res) == [(half, half)]
        assert res.equilibria[0].payoffs == (0, 0)
    res = gamekit.bimatrix.solve_result(g, "all")
    assert res.unique
    assert gamekit.solve(g, "pure") == []
    assert [(c.rows, c.cols) for c in res.components] == [((0,), (0,))]


def test_battle_of_the_sexes():
    """A = [[3,0],[0,2]], B = [[2,0],[0,3]]: two pure equilibria (top, left) and
    (bottom, right), and a mixed one: x = (3/5, 2/5) makes II indifferent (2·3/5 = 3·2/5) and y = (2/5, 3/5) makes I indifferent
    (3·2/5 = 2·3/5); payoffs (6/5, 6/5). Three isolated components, listed in the
    canonical order (more weight on earlier strategies first)."""
    g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    res = gamekit.bimatrix.solve_result(g, "all")
    assert profiles(res) == [
        ((1, 0), (1, 0)),
        ((F(3, 5), F(2, 5)), (F(2, 5), F(3, 5))),
        ((0, 1), (0, 1)),
    ]
    assert [e.payoffs for e in res.equilibria] == [(3, 2), (F(6, 5), F(6, 5)), (2, 3)]
    assert not res.unique
    assert len(res.components) == 3 and res.connected_components == 3
    assert is_nondegenerate(integer_game(g))
    assert len(gamekit.solve(g, "pure")) == 2
    # Lemke-Howson from labels: each run ends at a pure equilibrium here.
    lh = gamekit.bimatrix.solve_result(g, "lemke_howson")
    assert set(profiles(lh)) <= set(profiles(res))


def test_game_with_a_continuum():
    """The degenerate variant of the 3×2 example game of von Stengel (Handbook of Game
    Theory 3, 2002):
    A = [[3,3],[2,5],[0,6]], B = [[3,3],[2,6],[3,1]].

    Against x = (1,0,0) both columns pay II 3, so any y = (q, 1-q) is a best response;
    row 0 is a best response to y iff 3 ≥ 5 − 3q and 3 ≥ 6 − 6q, i.e. q ≥ 2/3. So
    {(1,0,0)} × conv{(1,0), (2/3,1/3)} is a continuum of equilibria. The other
    equilibrium: x = (0,1/3,2/3) pays II 8/3 on both columns, y = (1/3,2/3) pays I
    3, 4, 4 — rows 1 and 2 best. Hence 3 extreme equilibria in 2 components."""
    g = BimatrixGame([[3, 3], [2, 5], [0, 6]], [[3, 3], [2, 6], [3, 1]])
    res = gamekit.bimatrix.solve_result(g, "all")
    e1, e2 = (1, 0, 0), (0, F(1, 3), F(2, 3))
    assert profiles(res) == [
        (e1, (1, 0)),
        (e1, (F(2, 3), F(1, 3))),
        (e2, (F(1, 3), F(2, 3))),
    ]
    assert components(res) == {
        (frozenset({e1}), frozenset({(1, 0), (F(2, 3), F(1, 3))})),
        (frozenset({e2}), frozenset({(F(1, 3), F(2, 3))})),
    }
    assert not res.unique
    assert not is_nondegenerate(integer_game(g))
    # every point of the continuum is an equilibrium, just beyond it is not
    for q in (F(2, 3), F(3, 4), F(1)):
        assert is_equilibrium(g, e1, (q, 1 - q))
    assert not is_equilibrium(g, e1, (F(2, 3) - F(1, 100), F(1, 3) + F(1, 100)))
    # same answer through the polytope method (no 2×N shortcut is used for 3×2 anyway)
    assert profiles(gamekit.bimatrix.solve_result(g, "vertex_enumeration")) == profiles(res)


def test_nondegenerate_variant_of_the_continuum_game():
    """Changing B[0][1] from 3 to 2 breaks the tie against (1,0,0): II strictly prefers
    column 0, and the continuum collapses to its endpoint ((1,0,0),(1,0)); the mixed
    equilibrium ((4/5,1/5,0),(2/3,1/3)) appears (II: 3·4/5+2/5 = 14/5 = 2·4/5+6/5;
    I: rows 0 and 1 pay 3 against (2/3,1/3), row 2 pays 2) — the textbook's 3
    equilibria of the nondegenerate game."""
    g = BimatrixGame([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]])
    res = gamekit.bimatrix.solve_result(g, "all")
    assert profiles(res) == [
        ((1, 0, 0), (1, 0)),
        ((F(4, 5), F(1, 5), 0), (F(2, 3), F(1, 3))),
        ((0, F(1, 3), F(2, 3)), (F(1, 3), F(2, 3))),
    ]
    assert is_nondegenerate(integer_game(g))
    assert set(profiles(gamekit.bimatrix.solve_result(g, "support_enumeration"))) == set(profiles(res))


def test_three_by_three_degenerate():
    """A = [[1,1,0],[0,0,1],[0,0,0]], B = [[1,1,0],[0,0,1],[1,0,0]] (payoffs in {0,1}).

    * x = (1,0,0): II gets (1,1,0), so y ∈ Δ{0,1}; row 0 then pays 1, rows 1, 2 pay 0:
      the segment {(1,0,0)} × conv{(1,0,0),(0,1,0)}.
    * x = (1/2,1/2,0): II gets (1/2,1/2,1/2) — indifferent among all columns; I is
      indifferent between rows 0, 1 iff y₀ + y₁ = y₂ = 1/2 (row 2 pays 0 ≤ 1/2): the
      segment {(1/2,1/2,0)} × conv{(1/2,0,1/2),(0,1/2,1/2)}.
    * x = (0,1,0), y = (0,0,1): a strict pure equilibrium.
    Row 2 is weakly dominated but not strictly, and is never played.
    Five extreme equilibria, three components, all with a single row vertex."""
    A = [[1, 1, 0], [0, 0, 1], [0, 0, 0]]
    B = [[1, 1, 0], [0, 0, 1], [1, 0, 0]]
    g = BimatrixGame(A, B)
    res = gamekit.bimatrix.solve_result(g, "all")
    h = F(1, 2)
    assert profiles(res) == [
        ((1, 0, 0), (1, 0, 0)),
        ((1, 0, 0), (0, 1, 0)),
        ((h, h, 0), (h, 0, h)),
        ((h, h, 0), (0, h, h)),
        ((0, 1, 0), (0, 0, 1)),
    ]
    assert components(res) == {
        (frozenset({(1, 0, 0)}), frozenset({(1, 0, 0), (0, 1, 0)})),
        (frozenset({(h, h, 0)}), frozenset({(h, 0, h), (0, h, h)})),
        (frozenset({(0, 1, 0)}), frozenset({(0, 0, 1)})),
    }
    assert res.connected_components == 3
    assert not is_nondegenerate(integer_game(g))
    assert set(profiles(gamekit.bimatrix.solve_result(g, "lemke_howson"))) <= set(profiles(res))


def test_constant_game_every_profile_is_an_equilibrium():
    """A = B = 0 (3×3): every profile is an equilibrium; the extreme equilibria are the
    9 pure pairs, forming one maximal Nash subset Δ₃ × Δ₃."""
    g = BimatrixGame([[0] * 3] * 3, [[0] * 3] * 3)
    res = gamekit.bimatrix.solve_result(g, "all")
    assert len(res.equilibria) == 9
    assert [(c.rows, c.cols) for c in res.components] == [((0, 1, 2), (0, 1, 2))]
    assert not res.unique


def test_rock_paper_scissors_and_shapley():
    """Zero-sum RPS and Shapley's game (A = [[0,1,0],[0,0,1],[1,0,0]], B = Aᵀ-like
    cyclic) each have the unique equilibrium (1/3,1/3,1/3)², found by every complete
    method and by Lemke–Howson from every label."""
    third = (F(1, 3),) * 3
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    shapley_a = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
    shapley_b = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    for A, B in ((rps, [[-a for a in r] for r in rps]), (shapley_a, shapley_b)):
        g = BimatrixGame(A, B)
        res = gamekit.bimatrix.solve_result(g, "all")
        assert profiles(res) == [(third, third)] and res.unique
        lh = gamekit.bimatrix.solve_result(g, "lemke_howson")
        assert profiles(lh) == [(third, third)]
        assert set(lh.parameters["label_to_equilibrium"].values()) == {0}


def test_prisoners_dilemma_and_iterated_dominance():
    """Prisoner's dilemma: defection strictly dominates, so the unique equilibrium is
    (defect, defect). Add a third row that pays player I −1 against everything and a third
    column that pays player II −1: both are strictly dominated, `all` removes them (and
    then the cooperative strategies, dominated in turn) and finds only that equilibrium."""
    A = [[3, 0], [5, 1]]
    g = BimatrixGame(A, [list(col) for col in zip(*A)])
    res = gamekit.bimatrix.solve_result(g, "all")
    assert profiles(res) == [((0, 1), (0, 1))] and res.unique
    A3 = [[3, 0, 9], [5, 1, 9], [-1, -1, -1]]
    B3 = [[3, 5, -1], [0, 1, -1], [9, 9, -1]]
    g3 = BimatrixGame(A3, B3)
    res3 = gamekit.bimatrix.solve_result(g3, "all")
    assert profiles(res3) == [((0, 1, 0), (0, 1, 0))] and res3.unique
    assert res3.parameters["eliminated_rows"] == 2 and res3.parameters["eliminated_cols"] == 2


@pytest.mark.parametrize("method", gamekit.bimatrix.METHODS)
def test_one_by_n(method):
    """Player I has one strategy: II's extreme equilibria are the pure best replies."""
    g = BimatrixGame([[1, 2, 3]], [[5, 1, 5]])
    got = set(profiles(gamekit.bimatrix.solve_result(g, method)))
    assert got <= {((1,), (1, 0, 0)), ((1,), (0, 0, 1))}
    if method in ("all", "vertex_enumeration", "pure", "support_enumeration"):
        assert got == {((1,), (1, 0, 0)), ((1,), (0, 0, 1))}
