"""The m-row additive solver (gamekit.additive.many_rows) against the materialized game.

Checked facts, on random small games with many ties (m = 3…5, n ≤ 6; weights in
{−1, 0, 1} or {0, 1} give fully degenerate games):

* the extreme row strategies are exactly those of the explicit game's extreme equilibria
  (gamekit's vertex enumeration and pygambit's enummixed, rational);
* every extreme equilibrium we report is the behaviour image of an explicit extreme one;
* every explicit extreme equilibrium's image lies in the convex hull of our extreme
  equilibria with the same row strategy (exact LP);
* each reported equilibrium passes the exact compact Nash test; components partition them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamekit.additive.behaviour import is_additive_equilibrium, mixed_to_behaviour
from gamekit.additive.foster import solve_additive
from gamekit.additive.game import AdditiveGame
from gamekit.additive.many_rows import arrangement_vertices, solve_many_rows
from gamekit.additive.reduction import materialize, materialized_columns
from gamekit.core.errors import GameError
from gamekit.lp.simplex import solve_lp
from tests.additive_gen import gambit_extreme, gamekit_extreme

F = Fraction


@st.composite
def many_row_games(draw, m_min: int = 3, m_max: int = 5, n_max: int = 5):
    m = draw(st.integers(m_min, m_max))
    n = draw(st.integers(1, n_max))
    vals = draw(st.sampled_from([(-1, 0, 1), (0, 1), tuple(range(-5, 6))]))
    v = st.sampled_from(vals)
    b_base = [draw(v) for _ in range(m)]
    b_move = [[(draw(v), draw(v)) for _ in range(n)] for _ in range(m)]
    a_base = [draw(v) for _ in range(m)]
    a_move = [[(draw(v), draw(v)) for _ in range(n)] for _ in range(m)]
    return AdditiveGame([f"r{u}" for u in range(m)], [f"i{l}" for l in range(n)],
                        b_base, b_move, a_base=a_base, a_move=a_move)


def in_hull(point: tuple[Fraction, ...], pts: list[tuple[Fraction, ...]]) -> bool:
    """Exact LP: is point a convex combination of pts?"""
    k = len(pts)
    A_eq = [[p[i] for p in pts] for i in range(len(point))] + [[1] * k]
    b_eq = list(point) + [1]
    return solve_lp([0] * k, A_eq=A_eq, b_eq=b_eq).status == "optimal"


def images(g: AdditiveGame, explicit) -> set:
    cols = materialized_columns(g, reduce=False)
    return {(tuple(r), mixed_to_behaviour(c, cols, g.n)) for r, c in explicit}


def check_against(g: AdditiveGame, explicit) -> None:
    sol = solve_many_rows(g)
    ours = {(e.row, e.draw) for e in sol.equilibria}
    imgs = images(g, explicit)
    assert {x for x, _ in ours} == {x for x, _ in imgs}
    assert ours <= imgs
    for x, y in imgs:
        assert in_hull(y, [yy for xx, yy in ours if xx == x])
    for e in sol.equilibria:
        assert is_additive_equilibrium(g, e.row, e.draw)
    assert sorted(i for c in sol.components for i in c) == list(range(len(sol.equilibria)))
    assert sol.unique == (len(imgs) == 1)


@given(many_row_games())
@settings(max_examples=60, deadline=None, derandomize=True)
def test_matches_gamekit_vertex_enumeration(g):
    check_against(g, gamekit_extreme(materialize(g, reduce=False)))


@given(many_row_games(m_max=4, n_max=3))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_matches_pygambit_enummixed(g):
    explicit = gambit_extreme(materialize(g, reduce=False))
    assume(explicit)
    check_against(g, explicit)


@given(many_row_games(m_min=3, m_max=3, n_max=6))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_solve_additive_dispatches_to_the_arrangement(g):
    sol = solve_additive(g)
    assert sol.method == "arrangement"
    assert {(e.row, e.draw) for e in sol.equilibria} == {(e.row, e.draw) for e in solve_many_rows(g).equilibria}


def test_fully_degenerate_game_is_one_component():
    """All payoffs zero: every (x, y) is an equilibrium; the extreme ones are the
    m pure rows times the 2ⁿ corners of the cube, one maximal Nash subset."""
    m, n = 3, 2
    zero = [[(0, 0)] * n for _ in range(m)]
    g = AdditiveGame(["a", "b", "c"], ["i", "j"], [0] * m, zero, a_base=[0] * m, a_move=zero)
    sol = solve_many_rows(g)
    assert len(sol.equilibria) == m * 2**n
    assert len(sol.subsets) == 1 and len(sol.components) == 1
    assert sol.is_continuum and not sol.unique


def test_rock_paper_scissors_as_an_additive_game():
    """RPS with player II's three columns encoded by two information sets is not
    additive; instead: a 3×2 game (n = 1) with a unique mixed equilibrium, checked by hand.
    Rows u = 0, 1, 2; II's move 1 gains (1, −1, 0)·weights; I's payoffs make II mix ½."""
    g = AdditiveGame(["a", "b", "c"], ["i"], [0, 0, 0], [[(0, 1)], [(0, -1)], [(0, -1)]],
                     a_base=[0, 0, 0], a_move=[[(1, 0)], [(0, 1)], [(0, 0)]])
    sol = solve_many_rows(g)
    assert [(e.row, e.draw) for e in sol.equilibria] == [((F(1, 2), F(1, 2), F(0)), (F(1, 2),))]
    assert sol.unique


def test_arrangement_vertices_of_three_lines():
    """Lines x0 = x1, x1 = x2, x0 = x2 meet at the barycentre only."""
    G = [(F(1), F(-1), F(0)), (F(0), F(1), F(-1)), (F(1), F(0), F(-1))]
    assert arrangement_vertices(G, (0, 1, 2)) == [(F(1, 3), F(1, 3), F(1, 3))]
    assert arrangement_vertices(G, (0, 1)) == [(F(1, 2), F(1, 2), F(0))]


def test_needs_additive_player_one():
    g = AdditiveGame(["a", "b", "c"], ["i"], [0, 0, 0], [[(0, 1)]] * 3, a_func=lambda u, T: F(u))
    with pytest.raises(GameError):
        solve_many_rows(g)
    assert solve_additive(g).method == "enumeration"  # the explicit path still serves a_func


@given(many_row_games(m_min=8, m_max=8, n_max=3))
@settings(max_examples=8, deadline=None, derandomize=True)
def test_eight_rows_match_vertex_enumeration(g):
    check_against(g, gamekit_extreme(materialize(g, reduce=False)))
