"""Iterated strict dominance (pure and mixed, exact LP) — issue 3."""

from fractions import Fraction

import pytest
from additive_gen import A1_LABELS, a1_matrices, gambit_extreme, gamekit_extreme
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import BimatrixGame, GameError
from gamekit.bimatrix.dominance import dominance_margin, dominating_mixture, iterated_dominance

F = Fraction


def a1_game(alpha):
    A, B = a1_matrices(alpha)
    return BimatrixGame(A, B, row_labels=["S on 5", "D on 5"], col_labels=A1_LABELS)


@pytest.mark.parametrize("alpha", [F(0), F(1, 20), F(1, 15)])
def test_model_a1_reduces_to_the_papers_2x5(alpha):
    """First paper, Section 2: columns 0, 2, 10, 11, 15 remain (SSSS, SSDS, DSDS, DSDD, DDDD)."""
    g = a1_game(alpha)
    r = iterated_dominance(g)
    assert r.cols == (0, 2, 10, 11, 15) and r.rows == (0, 1) and r.rounds == 1
    assert r.game.col_labels == ("SSSS", "SSDS", "DSDS", "DSDD", "DDDD")
    A, B = a1_matrices(alpha)
    assert r.game.A == tuple(tuple(A[u][j] for j in r.cols) for u in range(2))
    # the pure dominations are the paper's: 4, 6, 12 by 10 and 5, 7, 13 by 11
    pure = {s.dominated: s.by[0][0] for s in r.steps if s.kind == "pure"}
    assert pure == {4: 10, 6: 10, 12: 10, 5: 11, 7: 11, 13: 11}
    assert {s.dominated for s in r.steps if s.kind == "mixed"} == {1, 3, 8, 9, 14}
    # every recorded step is true, with the recorded margin, in its round's game
    for s in r.steps:
        assert s.margin > 0 and s.player == "column" and s.round == 1
        assert dominance_margin(g, "column", s.dominated, s.by) == s.margin
        assert all(k in r.cols for k, _ in s.by)  # dominators survive


@pytest.mark.parametrize("alpha", [F(0), F(1, 20), F(1, 15)])
def test_model_a1_papers_mixed_dominations_hold(alpha):
    """Columns 1, 3, 8, 9, 14 are dominated by mixtures of 0&11, 0&11, 0&10, 10&11, 10&11."""
    g = a1_game(alpha)
    for j, support in [(1, (0, 11)), (3, (0, 11)), (8, (0, 10)), (9, (10, 11)), (14, (10, 11))]:
        mix = dominating_mixture(g, "column", j, support=support)
        assert mix is not None and {k for k, _ in mix} == set(support)  # neither pure one suffices
        assert dominance_margin(g, "column", j, mix) > 0
        for k in support:
            assert dominating_mixture(g, "column", j, support=[k]) is None
    # a surviving column is not dominated by anything
    for j in (0, 2, 10, 11, 15):
        assert dominating_mixture(g, "column", j) is None


def test_mixed_but_not_pure_dominance_of_a_row():
    # row 2 is beaten by ½row0 + ½row1 (payoff 2 > 1 in both columns) but by neither row alone
    g = BimatrixGame([[4, 0], [0, 4], [1, 1]], [[0, 1], [1, 0], [0, 0]])
    assert iterated_dominance(g, mixed=False).rows == (0, 1, 2)
    r = iterated_dominance(g)
    assert r.rows == (0, 1)
    (s,) = r.steps
    assert s.player == "row" and s.kind == "mixed" and s.by == ((0, F(1, 2)), (1, F(1, 2)))
    assert s.margin == 1


def test_several_rounds():
    # column 1 is dominated only after row 1 goes; row 1 is dominated by row 0 at once
    A = [[3, 3], [1, 2]]
    B = [[2, 1], [0, 5]]
    r = iterated_dominance(BimatrixGame(A, B))
    assert r.rows == (0,) and r.cols == (0,) and r.rounds == 2
    assert [(s.round, s.player, s.dominated) for s in r.steps] == [(1, "row", 1), (2, "column", 1)]
    assert "round 2: column 2 is strictly dominated by 1" in r.explain()


def test_players_option_and_errors():
    g = BimatrixGame([[3, 3], [1, 2]], [[2, 1], [0, 5]])
    r = iterated_dominance(g, players=("column",))
    assert r.rows == (0, 1) and r.cols == (0, 1)
    with pytest.raises(GameError, match="'row' or 'column'"):
        iterated_dominance(g, players=("banker",))
    with pytest.raises(GameError, match="out of range"):
        dominating_mixture(g, "row", 5)
    with pytest.raises(GameError, match="summing to 1"):
        dominance_margin(g, "row", 1, [(0, F(1, 2))])


cell = st.integers(-4, 4)


@st.composite
def small_games(draw):
    m = draw(st.integers(1, 4))
    n = draw(st.integers(1, 4))
    A = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    B = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    return BimatrixGame(A, B)


@given(small_games())
@settings(max_examples=80, deadline=None, derandomize=True)
def test_dominance_keeps_exactly_the_equilibria(g):
    """Strictly dominated strategies are never played: the extreme equilibria of the
    reduced game, lifted, are exactly those of the original (pygambit and gamekit)."""
    r = iterated_dominance(g)
    reduced = {(r.lift_row(x), r.lift_col(y)) for x, y in gambit_extreme(r.game)}
    assert reduced == set(gambit_extreme(g)) == set(gamekit_extreme(g))
    for s in r.steps:
        # each step is a true strict dominance, with the recorded margin, in its round's game
        opp = {"rows": s.against} if s.player == "column" else {"cols": s.against}
        assert s.margin > 0 and dominance_margin(g, s.player, s.dominated, s.by, **opp) == s.margin
