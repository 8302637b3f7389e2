"""Tests for gamekit.lp.zerosum: exact values, maxmin/minmax strategies and safety levels."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import nashpy
import numpy as np
import pygambit as gbt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame
from gamekit.core.errors import GameError
from gamekit.io.interop import to_pygambit
from gamekit.lp.zerosum import (
    maxmin,
    minmax,
    safety_levels,
    safety_strategies,
    solve_matrix_game,
    value,
)

F = Fraction
GAMES = Path(__file__).parents[1] / "games"


def check_optimal(M, val, x, y):
    """x guarantees val against every column, y holds every row to val (exact)."""
    m, n = len(M), len(M[0])
    assert all(isinstance(p, Fraction) and p >= 0 for p in x + y)
    assert sum(x) == 1 and sum(y) == 1
    assert min(sum(x[i] * M[i][j] for i in range(m)) for j in range(n)) == val
    assert max(sum(M[i][j] * y[j] for j in range(n)) for i in range(m)) == val


@pytest.mark.parametrize(
    "M, val, x, y",
    [
        ([[1, -1], [-1, 1]], F(0), (F(1, 2), F(1, 2)), (F(1, 2), F(1, 2))),  # matching pennies
        ([[3, -1], [-2, 1]], F(1, 7), (F(3, 7), F(4, 7)), (F(2, 7), F(5, 7))),
        ([[1, 2], [0, 3]], F(1), (1, 0), (1, 0)),  # saddle point at (1, 1)
        ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], F(0), (F(1, 3),) * 3, (F(1, 3),) * 3),  # RPS
        ([[F(1, 2)]], F(1, 2), (1,), (1,)),
        ([[2, 3, 1, 5], [4, 1, 6, 0]], F(17, 7), (F(5, 7), F(2, 7)), (0, F(5, 7), F(2, 7), 0)),
    ],
)
def test_known_values(M, val, x, y):
    s = solve_matrix_game(M)
    assert s.value == val == value(M)
    check_optimal(M, s.value, s.row, s.col)
    assert s.row == tuple(x) and s.col == tuple(y)  # these games have unique optimal strategies
    assert maxmin(M) == (val, tuple(x)) and minmax(M) == (val, tuple(y))


def test_2x4_value_by_hand():
    """The library's value of a 2×n game equals the peak of the lower envelope of the n lines
    x ↦ x·M[0][j] + (1 − x)·M[1][j], found independently: the envelope is concave and
    piecewise linear, so its maximum over [0, 1] is at an end or where two lines cross."""
    M = [[2, 3, 1, 5], [4, 1, 6, 0]]
    lines = [(F(M[0][j] - M[1][j]), F(M[1][j])) for j in range(4)]  # slope, intercept

    def envelope(x):
        return min(a * x + b for a, b in lines)

    candidates = {F(0), F(1)}
    for i, (a1, b1) in enumerate(lines):
        for a2, b2 in lines[i + 1:]:
            if a1 != a2 and 0 <= (b2 - b1) / (a1 - a2) <= 1:
                candidates.add((b2 - b1) / (a1 - a2))
    best_x = max(candidates, key=envelope)
    assert value(M) == envelope(best_x) == solve_matrix_game(M).value
    v, x = maxmin(M)
    assert v == envelope(best_x) and x == (best_x, 1 - best_x)


def test_safety_levels_of_battle_of_the_sexes():
    g = gamekit.read_nfg(GAMES / "battle_of_sexes.nfg")
    # A = [[3,0],[0,2]]: val = 6/5 with x = (2/5, 3/5); B^T = [[2,0],[0,3]]: val 6/5, y = (3/5, 2/5)
    assert safety_levels(g) == (F(6, 5), F(6, 5))
    (v1, x), (v2, y) = safety_strategies(g)
    assert x == (F(2, 5), F(3, 5)) and y == (F(3, 5), F(2, 5))


def test_input_errors():
    with pytest.raises(GameError, match="payoff matrix A is empty"):
        value([])
    with pytest.raises(GameError, match="ragged"):
        value([[1, 2], [3]])
    with pytest.raises(GameError, match="use safety_levels"):
        value(BimatrixGame([[1]], [[1]]))
    with pytest.raises(GameError, match="expects a BimatrixGame"):
        safety_levels([[1]])
    with pytest.raises(GameError, match="not finite"):
        value([[float("inf")]])


matrices = st.integers(1, 6).flatmap(
    lambda m: st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=m, max_size=m
        )
    )
)


@settings(max_examples=120, deadline=None, derandomize=True)
@given(matrices)
def test_random_values_are_certified_and_match_identities(M):
    s = solve_matrix_game(M)
    check_optimal(M, s.value, s.row, s.col)
    MT_neg = [[-M[i][j] for i in range(len(M))] for j in range(len(M[0]))]
    assert value(MT_neg) == -s.value  # the column player's game
    shifted = [[F(1, 3) + 2 * a for a in r] for r in M]
    assert value(shifted) == F(1, 3) + 2 * s.value  # val(cM + d) = c val(M) + d, c > 0


@settings(max_examples=40, deadline=None, derandomize=True)
@given(matrices)
def test_value_equals_pygambit_equilibrium_payoff(M):
    game = BimatrixGame(M, [[-a for a in r] for r in M])
    v = value(M)
    eqs = gbt.nash.enummixed_solve(to_pygambit(game), rational=True).equilibria
    p1 = list(eqs[0].game.players)[0]
    assert eqs and all(F(e.payoff(p1)) == v for e in eqs)
    # every equilibrium of a zero-sum game pairs optimal strategies
    for e in gamekit.solve(game, method="all"):
        assert e.payoffs == (v, -v)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(matrices)
def test_value_agrees_with_nashpy_linear_program(M):
    x, y = nashpy.Game(np.array(M, dtype=float)).linear_program()
    A = np.array(M, dtype=float)
    assert abs(float(x @ A @ y) - float(value(M))) < 1e-6


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(1, 4), st.integers(1, 4), st.randoms(use_true_random=False))
def test_safety_levels_bound_every_equilibrium_payoff(m, n, rnd):
    A = [[rnd.randint(0, 5) for _ in range(n)] for _ in range(m)]
    B = [[rnd.randint(0, 5) for _ in range(n)] for _ in range(m)]
    g = BimatrixGame(A, B)
    v1, v2 = safety_levels(g)
    (w1, x), (w2, y) = safety_strategies(g)
    assert (w1, w2) == (v1, v2)
    # x guarantees v1 whatever II does; y guarantees v2 whatever I does
    assert min(sum(x[i] * A[i][j] for i in range(m)) for j in range(n)) == v1
    assert min(sum(B[i][j] * y[j] for j in range(n)) for i in range(m)) == v2
    for e in gamekit.solve(g, method="all"):
        assert e.payoffs[0] >= v1 and e.payoffs[1] >= v2


def test_zero_sum_safety_levels_are_the_value_and_its_negative():
    g = gamekit.read_nfg(GAMES / "rock_paper_scissors.nfg")
    assert g.is_zero_sum()
    assert safety_levels(g) == (0, 0)
    M = [[3, -1], [-2, 1]]
    g = BimatrixGame(M, [[-a for a in r] for r in M])
    assert safety_levels(g) == (F(1, 7), F(-1, 7))


def test_large_game_uses_the_float_basis_and_stays_exact():
    rnd = np.random.default_rng(7)
    M = rnd.integers(0, 100, size=(30, 30)).tolist()
    s = solve_matrix_game(M)
    check_optimal(M, s.value, s.row, s.col)
