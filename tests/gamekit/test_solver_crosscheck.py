"""Cross-solver checks on random games: gamekit vs pygambit (exact) and nashpy.

* ``solve(method="all")`` — and ``vertex_enumeration`` — equal pygambit's
  ``enummixed_solve(rational=True)`` exactly, as sets of rational profiles, on games with
  payoffs in {0,1}, {0..3}, {0..99} (the first two are degenerate most of the time), in
  {−99..99}, and fractions p/q with |p/q| ≤ 9, q ≤ 7.
* Every method's output passes ``gamekit.is_equilibrium``; Lemke–Howson, support
  enumeration and pure equilibria are subsets of ``all``.
* On nondegenerate games, support enumeration equals ``all`` and agrees with nashpy's
  support enumeration, whose candidate profiles (from ``indifference_strategies``) we
  accept with a 1e-9 best-response tolerance: nashpy's own final test compares float
  maxima with ``==`` and loses equilibria, which we count and report (a hypothesis
  ``event``, shown by ``--hypothesis-show-statistics``) instead of asserting. Degenerate
  draws are rejected with ``assume`` (never a silent pass).
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import nashpy
import numpy as np
import pygambit
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.vertex_enumeration import is_nondegenerate

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


SIZES = st.integers(2, 6)


@st.composite
def games(draw, rows=SIZES, cols=SIZES):
    m = draw(rows)
    n = draw(cols)
    kind = draw(st.sampled_from(["0..1", "0..3", "0..99", "-99..99", "fractions"]))
    if kind == "fractions":
        cell = st.fractions(-9, 9, max_denominator=7)
    elif kind == "-99..99":
        cell = st.integers(-99, 99)
    else:
        cell = st.integers(0, int(kind.split("..")[1]))
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
    results = {meth: gamekit.bimatrix.solve_result(g, meth) for meth in gamekit.bimatrix.METHODS}
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
        assert results["all"].parameters["strategy"] == "envelope_2xn" or (
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
        return list(nashpy.Game(np.array(A, dtype=float), np.array(B, dtype=float)).support_enumeration())


def lost_by_nashpy(ours: set, theirs: list) -> list:
    """Our equilibria that nashpy did not return; raises if nashpy returned a profile that is
    not exactly one of ours (nashpy may lose equilibria, never invent or duplicate one)."""
    matched = []
    for t in theirs:
        hits = [(x, y) for x, y in ours if close(t, x, y)]
        assert len(hits) == 1, f"nashpy profile {t} matches {len(hits)} of our equilibria"
        matched.append(hits[0])
    assert len(set(matched)) == len(matched), "nashpy returned an equilibrium twice"
    return sorted(ours - set(matched))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(rows=st.integers(2, 5), cols=st.integers(2, 5)))
def test_nondegenerate_agrees_with_nashpy(game):
    """On nondegenerate games: our support enumeration equals `all`, and every profile
    nashpy returns is one of ours, matched one to one; the equilibria nashpy loses to its
    float tests (see the next test) are counted and reported as hypothesis events."""
    A, B = game
    g = gamekit.BimatrixGame(A, B)
    assume(is_nondegenerate(integer_game(g)))
    ours = profiles(gamekit.bimatrix.solve_result(g, "all"))
    assert profiles(gamekit.bimatrix.solve_result(g, "support_enumeration")) == ours
    assert profiles(gamekit.bimatrix.solve_result(g, "support_enumeration", use_floats=False)) == ours
    lost = lost_by_nashpy(ours, nashpy_support_enumeration(A, B))
    event(f"nashpy lost {len(lost)} of {len(ours)} equilibria")


def test_nashpy_loses_an_equilibrium_we_keep():
    """A nondegenerate 2×5 game where nashpy's float sign/equality tests drop the mixed
    equilibrium ((83/88, 5/88), (0, 33/43, 10/43, 0, 0)); pygambit and gamekit keep it."""
    A = [[67, 78, 56, 78, 73], [28, 68, 89, 14, 90]]
    B = [[8, 92, 87, 75, 11], [5, 8, 91, 58, 38]]
    g = gamekit.BimatrixGame(A, B)
    assert is_nondegenerate(integer_game(g))
    ours = profiles(gamekit.bimatrix.solve_result(g, "all"))
    assert ours == gambit_extreme(A, B)
    F = Fraction
    mixed = ((F(83, 88), F(5, 88)), (F(0), F(33, 43), F(10, 43), F(0), F(0)))
    assert mixed in ours and len(ours) == 3
    assert lost_by_nashpy(ours, nashpy_support_enumeration(A, B)) == [mixed]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(2, 4), st.integers(2, 4), st.integers(0, 2 ** 32), st.sampled_from([10 ** 12, 10 ** 15, 2 ** 52]))
def test_support_float_filter_is_exact_on_huge_near_tied_payoffs(m, n, seed, big):
    """Payoffs big·{0, 1} + {0, …, 3}: the small differences sit at the last bits of the
    large ones, where an error-bound heuristic can drop an equilibrium. The certified float step (verified enclosures) must return
    exactly what the exact-only loop returns."""
    rng = np.random.default_rng(seed)
    A = (big * rng.integers(0, 2, size=(m, n)) + rng.integers(0, 4, size=(m, n))).tolist()
    B = (big * rng.integers(0, 2, size=(m, n)) + rng.integers(0, 4, size=(m, n))).tolist()
    g = gamekit.BimatrixGame(A, B)
    exact = profiles(gamekit.bimatrix.solve_result(g, "support_enumeration", use_floats=False))
    assert profiles(gamekit.bimatrix.solve_result(g, "support_enumeration")) == exact


def test_support_payoffs_beyond_2_53_use_the_exact_loop():
    """Integers that binary64 cannot hold exactly: the float step is skipped, the answer
    is the exact loop's (a battle of the sexes with payoffs near 2⁶¹)."""
    s = 2 ** 60
    g = gamekit.BimatrixGame([[3 * s + 1, 0], [0, 2 * s]], [[2 * s, 0], [0, 3 * s + 1]])
    assert max(max(r) for r in integer_game(g).A) >= 2 ** 53
    res = profiles(gamekit.bimatrix.solve_result(g, "support_enumeration"))
    assert res == profiles(gamekit.bimatrix.solve_result(g, "support_enumeration", use_floats=False))
    assert len(res) == 3
