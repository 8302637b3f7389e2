"""Core exact types: conversion, BimatrixGame validation, exact equilibrium check."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import AdditiveGame, BimatrixGame, GameError, is_equilibrium
from gamekit.core.equilibrium import regret
from gamekit.core.numbers import fmt, to_fraction

F = Fraction


@pytest.mark.parametrize(
    "value, expected",
    [
        (3, F(3)),
        ("859/2288", F(859, 2288)),
        (" -1/3 ", F(-1, 3)),
        ("0.25", F(1, 4)),
        (0.1, F(3602879701896397, 36028797018963968)),  # floats convert exactly
        (np.int64(7), F(7)),
        (np.float64(0.5), F(1, 2)),
        (F(2, 6), F(1, 3)),
    ],
)
def test_to_fraction_is_exact(value, expected):
    assert to_fraction(value) == expected


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "abc", "1/0", None, [1], ""])
def test_to_fraction_rejects_with_one_line(bad):
    with pytest.raises(GameError) as exc:
        to_fraction(bad, "payoff")
    assert "\n" not in str(exc.value) and "payoff" in str(exc.value)


@given(st.fractions(max_denominator=10**6))
@settings(max_examples=200, derandomize=True)
def test_fmt_roundtrip(x):
    assert to_fraction(fmt(x)) == x
    assert fmt(F(5)) == "5" and fmt(F(-679568, 53094899)) == "-679568/53094899"


def test_bimatrix_accepts_mixed_numeric_types():
    g = BimatrixGame([[1, "1/2"], [0.25, F(3, 4)]], np.array([[0, 1], [2, 3]]))
    assert g.shape == (2, 2)
    assert g.A[0][1] == F(1, 2) and g.A[1][0] == F(1, 4)
    assert g.B[1][1] == 3
    assert g.row_labels == ("1", "2")


@pytest.mark.parametrize(
    "A, B, fragment",
    [
        ([[1, 2], [3]], [[1, 2], [3, 4]], "ragged"),
        ([[1, 2]], [[1, 2], [3, 4]], "differ in shape"),
        ([], [], "empty"),
        ([[]], [[]], "empty row"),
        ([[1, float("inf")]], [[1, 2]], "not finite"),
        ([[1, "x"]], [[1, 2]], "not a number"),
        ("12", [[1]], "list of rows"),
    ],
)
def test_bimatrix_validation_messages(A, B, fragment):
    with pytest.raises(GameError) as exc:
        BimatrixGame(A, B)
    msg = str(exc.value)
    assert fragment in msg and "\n" not in msg


def test_label_count_checked():
    with pytest.raises(GameError, match="row labels"):
        BimatrixGame([[1]], [[1]], row_labels=["a", "b"])


def test_matching_pennies_equilibrium_is_exact():
    g = BimatrixGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    half = F(1, 2)
    assert is_equilibrium(g, [half, half], [half, half])
    assert not is_equilibrium(g, [1, 0], [half, half])
    # an off-by-epsilon float mixture is not even a distribution in exact arithmetic
    with pytest.raises(GameError, match="not a probability distribution"):
        is_equilibrium(g, [0.5000001, 0.4999999], [half, half])
    assert regret(g, [1, 0], [1, 0]) == (F(0), F(2))


def test_is_equilibrium_rejects_non_distributions():
    g = BimatrixGame([[0, 0], [0, 0]], [[0, 0], [0, 0]])
    assert is_equilibrium(g, [F(1, 2), F(1, 2)], [1, 0])
    for bad in ([1, 1], [2, -1]):
        with pytest.raises(GameError, match="row strategy is not a probability distribution"):
            is_equilibrium(g, bad, [1, 0])
    with pytest.raises(GameError):
        is_equilibrium(g, [1, 0, 0], [1, 0])


@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.data(),
)
@settings(max_examples=100, derandomize=True, deadline=None)
def test_payoffs_are_bilinear(m, n, data):
    ints = st.integers(-5, 5)
    A = [[data.draw(ints) for _ in range(n)] for _ in range(m)]
    B = [[data.draw(ints) for _ in range(n)] for _ in range(m)]
    g = BimatrixGame(A, B)
    i, j = data.draw(st.integers(0, m - 1)), data.draw(st.integers(0, n - 1))
    x = [F(int(k == i)) for k in range(m)]
    y = [F(int(k == j)) for k in range(n)]
    assert g.payoffs(x, y) == (A[i][j], B[i][j])
    t = g.transpose()
    assert t.payoffs(y, x) == (B[i][j], A[i][j])


def test_additive_game_payoff_matches_lemma1_formula():
    # b_{u,T} = p_u(0)b_u(0) + sum_{l not in T} p_u(l)b_{u,0}(l) + sum_{l in T} p_u(l)b_{u,1}(l)
    g = AdditiveGame(
        rows=["stand", "draw"],
        infosets=["x", "y"],
        b_base=[F(1, 10), F(-1, 10)],
        b_move=[[(1, 2), (3, -1)], [(0, 5), (-2, 2)]],
        a_base=[0, 0],
        a_move=[[(-1, -2), (-3, 1)], [(0, -5), (2, -2)]],
    )
    assert g.b(0, set()) == F(1, 10) + 1 + 3
    assert g.b(0, {0, 1}) == F(1, 10) + 2 - 1
    assert g.b(1, {1}) == F(-1, 10) + 0 + 2
    assert g.a(1, {1}) == 0 + 0 + (-2)  # a_base + move 0 at x + move 1 at y
    y = [F(1, 2), F(1, 4)]
    assert g.b_behaviour(0, y) == F(1, 10) + (1 + F(1, 2) * 1) + (3 + F(1, 4) * (-4))
    assert g.gain_b(1, 0) == 5


def test_additive_game_validation():
    with pytest.raises(GameError, match="player I's payoff is missing"):
        AdditiveGame(["r"], ["l"], [0], [[(0, 1)]])
    with pytest.raises(GameError, match="expected 2"):
        AdditiveGame(["r", "s"], ["l"], [0], [[(0, 1)]], a_base=[0], a_move=[[(0, 1)]])


def test_public_api_names():
    for name in ["BimatrixGame", "Equilibrium", "is_equilibrium", "AdditiveGame", "GameError"]:
        assert hasattr(gamekit, name)
