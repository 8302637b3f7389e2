"""Cross-solver checks on random games: gamekit vs pygambit (exact) and nashpy.

* ``solve(method="all")`` — and ``vertex_enumeration`` — equal pygambit's
  ``enummixed_solve(rational=True)`` exactly, as sets of rational profiles, on games with
  payoffs in {0,1}, {0..3} and {0..99} (the first two are degenerate most of the time).
* Every method's output passes ``gamekit.is_equilibrium``; Lemke–Howson, support
  enumeration and pure equilibria are subsets of ``all``.
* On nondegenerate games, support enumeration equals ``all`` and agrees with nashpy's
  support enumeration, whose candidate profiles (from ``indifference_strategies``) we
  accept with a 1e-9 best-response tolerance: nashpy's own final test compares float
  maxima with ``==`` and loses equilibria, which we count and report instead of asserting.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.vertex_enumeration import is_nondegenerate

pygambit = pytest.importorskip("pygambit")
nashpy = pytest.importorskip("nashpy")

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


SIZES = st.integers(2, 6)


@st.composite
def games(draw, rows=SIZES, cols=SIZES):
    m = draw(rows)
    n = draw(cols)
    hi = draw(st.sampled_from([1, 3, 99]))
    cell = st.integers(0, hi)
    A = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    B = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    return A, B


def gambit_extreme(A, B) -> set:
    g = pygambit.Game.from_arrays(np.array(A, dtype=object), np.array(B, dtype=object))
    res = pygambit.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    return {
        (
            tuple(Fraction(eq[s]) for s in p1.strategies),
            tuple(Fraction(eq[s]) for s in p2.strategies),
        )
        for eq in res.equilibria
    }


def profiles(result) -> set:
    return {(e.row, e.col) for e in result.equilibria}


def check_all_methods(A, B):
    g = gamekit.BimatrixGame(A, B)
    expected = gambit_extreme(A, B)
    results = {meth: gamekit.solve_result(g, meth) for meth in gamekit.METHODS}
    assert profiles(results["all"]) == expected
    assert profiles(results["vertex_enumeration"]) == expected
    assert len(results["all"].equilibria) == len(expected)  # no duplicates
    for meth, res in results.items():
        assert all(gamekit.is_certified(e) for e in res.equilibria), meth
        for e in res.equilibria:
            assert gamekit.is_equilibrium(g, e.row, e.col), meth
            assert e.payoffs == g.payoffs(e.row, e.col)
        assert profiles(res) <= expected, meth
    # Lemke-Howson: one equilibrium per label, each in `all`; at least one found.
    lh = results["lemke_howson"]
    assert 1 <= len(lh.equilibria) <= g.m + g.n
    assert len(lh.parameters["label_to_equilibrium"]) == g.m + g.n
    return g, results, expected


@SETTINGS
@given(games())
def test_all_equals_gambit_square_ish(game):
    check_all_methods(*game)


@SETTINGS
@given(games(rows=st.just(2), cols=st.integers(1, 12)))
def test_all_equals_gambit_two_by_n(game):
    g, results, _ = check_all_methods(*game)
    if g.n != 2:
        assert results["all"].parameters["algorithm"] == "upper-envelope" or (
            results["all"].parameters["eliminated_rows"] > 0
        )


@SETTINGS
@given(games(rows=st.integers(1, 12), cols=st.just(2)))
def test_all_equals_gambit_n_by_two(game):
    check_all_methods(*game)


def close(eq, x, y) -> bool:
    return np.allclose(eq[0], [float(v) for v in x], atol=1e-9) and np.allclose(
        eq[1], [float(v) for v in y], atol=1e-9
    )


def nashpy_support_enumeration(A, B) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(nashpy.Game(np.array(A), np.array(B)).support_enumeration())


@settings(max_examples=150, deadline=None, derandomize=True)
@given(games(rows=st.integers(2, 5), cols=st.integers(2, 5)))
def test_nondegenerate_agrees_with_nashpy(game):
    """On nondegenerate games: our support enumeration equals `all`, and every profile
    nashpy returns is one of ours, matched one to one (nashpy may *lose* equilibria to
    float tests, see the next test, but must not find one we lack)."""
    A, B = game
    g = gamekit.BimatrixGame(A, B)
    if not is_nondegenerate(integer_game(g)):
        return
    ours = profiles(gamekit.solve_result(g, "all"))
    assert profiles(gamekit.solve_result(g, "support_enumeration")) == ours
    assert profiles(gamekit.solve_result(g, "support_enumeration", use_floats=False)) == ours
    theirs = nashpy_support_enumeration(A, B)
    for t in theirs:
        assert sum(close(t, x, y) for x, y in ours) == 1
    assert len(theirs) <= len(ours)


def test_nashpy_loses_an_equilibrium_we_keep():
    """A nondegenerate 2×5 game where nashpy's float sign/equality tests drop the mixed
    equilibrium ((83/88, 5/88), (0, 33/43, 10/43, 0, 0)); pygambit and gamekit keep it."""
    A = [[67, 78, 56, 78, 73], [28, 68, 89, 14, 90]]
    B = [[8, 92, 87, 75, 11], [5, 8, 91, 58, 38]]
    g = gamekit.BimatrixGame(A, B)
    assert is_nondegenerate(integer_game(g))
    ours = profiles(gamekit.solve_result(g, "all"))
    assert ours == gambit_extreme(A, B)
    F = Fraction
    mixed = ((F(83, 88), F(5, 88)), (F(0), F(33, 43), F(10, 43), F(0), F(0)))
    assert mixed in ours and len(ours) == 3
    theirs = nashpy_support_enumeration(A, B)
    assert len(theirs) == 2 and not any(close(t, *mixed) for t in theirs)
