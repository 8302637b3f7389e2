"""Solver tests, table-driven over fixture and classic games (pygambit's EquilibriumTestCase style).

One :class:`EquilibriumCase` per (game, method): the game factory, the method, the expected
number of equilibria and their exact probabilities, in the solver's canonical order. Every
returned profile is also checked to have zero regret for both players (exact arithmetic).

Where the expected answers come from:

* ``all`` / ``vertex_enumeration``: every extreme equilibrium. For the fixtures these are
  justified in ``tests/test_fixture_games.py`` (textbook values, hand computations); here
  they are also compared with pygambit's ``enummixed_solve(rational=True)``. Classic games:
  Shapley's 3×3 cyclic game has only the uniform equilibrium (payoff 1/3 each); the zero-sum
  2×4 game is the one of ``test_zerosum.py`` (value 17/7 at x = (5/7, 2/7)); in
  ``fractional_negative_2x2`` row 2 strictly dominates row 1 (2 > 1/2, −5/3 > −3) and column 2
  is then II's unique best response (7/2 > 0).
* ``pure``: the pure profiles among them.
* ``support_enumeration``: all of them on nondegenerate games, and on these degenerate ones too.
* ``lemke_howson``: the distinct equilibria reached from the m + n missing labels in order
  (a subset of ``all``; for the degenerate games it reaches only some vertices).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.io.interop import to_pygambit

F = Fraction
GAMES = Path(__file__).parents[1] / "games"

CLASSIC: dict[str, Callable[[], gamekit.BimatrixGame]] = {
    "shapley_3x3": lambda: gamekit.BimatrixGame(
        [[0, 1, 0], [0, 0, 1], [1, 0, 0]], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]),
    "zero_sum_2x4": lambda: gamekit.BimatrixGame(
        [[2, 3, 1, 5], [4, 1, 6, 0]], [[-2, -3, -1, -5], [-4, -1, -6, 0]]),
    "fractional_negative_2x2": lambda: gamekit.BimatrixGame(
        [[F(1, 2), -3], [2, F(-5, 3)]], [[1, 0], [0, F(7, 2)]]),
}


def factory(name: str) -> Callable[[], gamekit.BimatrixGame]:
    if name in CLASSIC:
        return CLASSIC[name]
    return lambda: gamekit.read_nfg(GAMES / name)


@dataclass(frozen=True)
class EquilibriumCase:
    """One solver run: ``game`` (fixture file or classic name), ``method``, the expected
    ``count`` and the exact expected profiles ``(row, col)`` as space-separated fractions."""

    game: str
    method: str
    count: int
    expected: list[tuple[str, str]]

    def make(self) -> gamekit.BimatrixGame:
        return factory(self.game)()

    def profiles(self) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
        return [(tuple(F(t) for t in r.split()), tuple(F(t) for t in c.split())) for r, c in self.expected]


CASES = [
    EquilibriumCase("battle_of_sexes.nfg", "pure", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("battle_of_sexes.nfg", "support_enumeration", 3, [("1 0", "1 0"), ("3/5 2/5", "2/5 3/5"), ("0 1", "0 1")]),
    EquilibriumCase("battle_of_sexes.nfg", "lemke_howson", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("battle_of_sexes.nfg", "vertex_enumeration", 3, [("1 0", "1 0"), ("3/5 2/5", "2/5 3/5"), ("0 1", "0 1")]),
    EquilibriumCase("battle_of_sexes.nfg", "all", 3, [("1 0", "1 0"), ("3/5 2/5", "2/5 3/5"), ("0 1", "0 1")]),
    EquilibriumCase("coordination_null_outcome.nfg", "pure", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("coordination_null_outcome.nfg", "support_enumeration", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("coordination_null_outcome.nfg", "lemke_howson", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("coordination_null_outcome.nfg", "vertex_enumeration", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("coordination_null_outcome.nfg", "all", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("degenerate_3x3.nfg", "pure", 5, [("1 0 0", "1 0 0"), ("1 0 0", "0 1 0"), ("0 1 0", "1 0 0"), ("0 1 0", "0 1 0"), ("0 0 1", "0 0 1")]),
    EquilibriumCase("degenerate_3x3.nfg", "support_enumeration", 9, [("1 0 0", "1 0 0"), ("1 0 0", "0 1 0"), ("1/3 0 2/3", "1/3 0 2/3"), ("1/3 0 2/3", "0 1/3 2/3"), ("0 1 0", "1 0 0"), ("0 1 0", "0 1 0"), ("0 1/3 2/3", "1/3 0 2/3"), ("0 1/3 2/3", "0 1/3 2/3"), ("0 0 1", "0 0 1")]),
    EquilibriumCase("degenerate_3x3.nfg", "lemke_howson", 2, [("0 1 0", "0 1 0"), ("0 0 1", "0 0 1")]),
    EquilibriumCase("degenerate_3x3.nfg", "vertex_enumeration", 9, [("1 0 0", "1 0 0"), ("1 0 0", "0 1 0"), ("1/3 0 2/3", "1/3 0 2/3"), ("1/3 0 2/3", "0 1/3 2/3"), ("0 1 0", "1 0 0"), ("0 1 0", "0 1 0"), ("0 1/3 2/3", "1/3 0 2/3"), ("0 1/3 2/3", "0 1/3 2/3"), ("0 0 1", "0 0 1")]),
    EquilibriumCase("degenerate_3x3.nfg", "all", 9, [("1 0 0", "1 0 0"), ("1 0 0", "0 1 0"), ("1/3 0 2/3", "1/3 0 2/3"), ("1/3 0 2/3", "0 1/3 2/3"), ("0 1 0", "1 0 0"), ("0 1 0", "0 1 0"), ("0 1/3 2/3", "1/3 0 2/3"), ("0 1/3 2/3", "0 1/3 2/3"), ("0 0 1", "0 0 1")]),
    EquilibriumCase("dominant_row_continuum.nfg", "pure", 2, [("1 0", "1 0"), ("1 0", "0 1")]),
    EquilibriumCase("dominant_row_continuum.nfg", "support_enumeration", 2, [("1 0", "1 0"), ("1 0", "0 1")]),
    EquilibriumCase("dominant_row_continuum.nfg", "lemke_howson", 1, [("1 0", "0 1")]),
    EquilibriumCase("dominant_row_continuum.nfg", "vertex_enumeration", 2, [("1 0", "1 0"), ("1 0", "0 1")]),
    EquilibriumCase("dominant_row_continuum.nfg", "all", 2, [("1 0", "1 0"), ("1 0", "0 1")]),
    EquilibriumCase("exact_numbers.nfg", "pure", 1, [("0 1", "1 0")]),
    EquilibriumCase("exact_numbers.nfg", "support_enumeration", 1, [("0 1", "1 0")]),
    EquilibriumCase("exact_numbers.nfg", "lemke_howson", 1, [("0 1", "1 0")]),
    EquilibriumCase("exact_numbers.nfg", "vertex_enumeration", 1, [("0 1", "1 0")]),
    EquilibriumCase("exact_numbers.nfg", "all", 1, [("0 1", "1 0")]),
    EquilibriumCase("hawk_dove_outcome.nfg", "pure", 2, [("1 0", "0 1"), ("0 1", "1 0")]),
    EquilibriumCase("hawk_dove_outcome.nfg", "support_enumeration", 3, [("1 0", "0 1"), ("2/3 1/3", "2/3 1/3"), ("0 1", "1 0")]),
    EquilibriumCase("hawk_dove_outcome.nfg", "lemke_howson", 2, [("1 0", "0 1"), ("0 1", "1 0")]),
    EquilibriumCase("hawk_dove_outcome.nfg", "vertex_enumeration", 3, [("1 0", "0 1"), ("2/3 1/3", "2/3 1/3"), ("0 1", "1 0")]),
    EquilibriumCase("hawk_dove_outcome.nfg", "all", 3, [("1 0", "0 1"), ("2/3 1/3", "2/3 1/3"), ("0 1", "1 0")]),
    EquilibriumCase("matching_pennies.nfg", "pure", 0, []),
    EquilibriumCase("matching_pennies.nfg", "support_enumeration", 1, [("1/2 1/2", "1/2 1/2")]),
    EquilibriumCase("matching_pennies.nfg", "lemke_howson", 1, [("1/2 1/2", "1/2 1/2")]),
    EquilibriumCase("matching_pennies.nfg", "vertex_enumeration", 1, [("1/2 1/2", "1/2 1/2")]),
    EquilibriumCase("matching_pennies.nfg", "all", 1, [("1/2 1/2", "1/2 1/2")]),
    EquilibriumCase("prisoners_dilemma.nfg", "pure", 1, [("0 1", "0 1")]),
    EquilibriumCase("prisoners_dilemma.nfg", "support_enumeration", 1, [("0 1", "0 1")]),
    EquilibriumCase("prisoners_dilemma.nfg", "lemke_howson", 1, [("0 1", "0 1")]),
    EquilibriumCase("prisoners_dilemma.nfg", "vertex_enumeration", 1, [("0 1", "0 1")]),
    EquilibriumCase("prisoners_dilemma.nfg", "all", 1, [("0 1", "0 1")]),
    EquilibriumCase("quoted_labels.nfg", "pure", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("quoted_labels.nfg", "support_enumeration", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("quoted_labels.nfg", "lemke_howson", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("quoted_labels.nfg", "vertex_enumeration", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("quoted_labels.nfg", "all", 3, [("1 0", "1 0"), ("1/2 1/2", "1/2 1/2"), ("0 1", "0 1")]),
    EquilibriumCase("rock_paper_scissors.nfg", "pure", 0, []),
    EquilibriumCase("rock_paper_scissors.nfg", "support_enumeration", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("rock_paper_scissors.nfg", "lemke_howson", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("rock_paper_scissors.nfg", "vertex_enumeration", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("rock_paper_scissors.nfg", "all", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("selten_e02.nfg", "pure", 1, [("1 0 0", "1 0")]),
    EquilibriumCase("selten_e02.nfg", "support_enumeration", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02.nfg", "lemke_howson", 1, [("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02.nfg", "vertex_enumeration", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02.nfg", "all", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02_outcome.nfg", "pure", 1, [("1 0 0", "1 0")]),
    EquilibriumCase("selten_e02_outcome.nfg", "support_enumeration", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02_outcome.nfg", "lemke_howson", 1, [("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02_outcome.nfg", "vertex_enumeration", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("selten_e02_outcome.nfg", "all", 2, [("1 0 0", "1 0"), ("1 0 0", "1/2 1/2")]),
    EquilibriumCase("stag_hunt_outcome.nfg", "pure", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("stag_hunt_outcome.nfg", "support_enumeration", 3, [("1 0", "1 0"), ("3/4 1/4", "3/4 1/4"), ("0 1", "0 1")]),
    EquilibriumCase("stag_hunt_outcome.nfg", "lemke_howson", 2, [("1 0", "1 0"), ("0 1", "0 1")]),
    EquilibriumCase("stag_hunt_outcome.nfg", "vertex_enumeration", 3, [("1 0", "1 0"), ("3/4 1/4", "3/4 1/4"), ("0 1", "0 1")]),
    EquilibriumCase("stag_hunt_outcome.nfg", "all", 3, [("1 0", "1 0"), ("3/4 1/4", "3/4 1/4"), ("0 1", "0 1")]),
    EquilibriumCase("von_stengel_3x2.nfg", "pure", 1, [("1 0 0", "1 0")]),
    EquilibriumCase("von_stengel_3x2.nfg", "support_enumeration", 3, [("1 0 0", "1 0"), ("4/5 1/5 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_3x2.nfg", "lemke_howson", 2, [("1 0 0", "1 0"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_3x2.nfg", "vertex_enumeration", 3, [("1 0 0", "1 0"), ("4/5 1/5 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_3x2.nfg", "all", 3, [("1 0 0", "1 0"), ("4/5 1/5 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_degenerate.nfg", "pure", 1, [("1 0 0", "1 0")]),
    EquilibriumCase("von_stengel_degenerate.nfg", "support_enumeration", 3, [("1 0 0", "1 0"), ("1 0 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_degenerate.nfg", "lemke_howson", 1, [("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_degenerate.nfg", "vertex_enumeration", 3, [("1 0 0", "1 0"), ("1 0 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("von_stengel_degenerate.nfg", "all", 3, [("1 0 0", "1 0"), ("1 0 0", "2/3 1/3"), ("0 1/3 2/3", "1/3 2/3")]),
    EquilibriumCase("fractional_negative_2x2", "pure", 1, [("0 1", "0 1")]),
    EquilibriumCase("fractional_negative_2x2", "support_enumeration", 1, [("0 1", "0 1")]),
    EquilibriumCase("fractional_negative_2x2", "lemke_howson", 1, [("0 1", "0 1")]),
    EquilibriumCase("fractional_negative_2x2", "vertex_enumeration", 1, [("0 1", "0 1")]),
    EquilibriumCase("fractional_negative_2x2", "all", 1, [("0 1", "0 1")]),
    EquilibriumCase("shapley_3x3", "pure", 0, []),
    EquilibriumCase("shapley_3x3", "support_enumeration", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("shapley_3x3", "lemke_howson", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("shapley_3x3", "vertex_enumeration", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("shapley_3x3", "all", 1, [("1/3 1/3 1/3", "1/3 1/3 1/3")]),
    EquilibriumCase("zero_sum_2x4", "pure", 0, []),
    EquilibriumCase("zero_sum_2x4", "support_enumeration", 1, [("5/7 2/7", "0 5/7 2/7 0")]),
    EquilibriumCase("zero_sum_2x4", "lemke_howson", 1, [("5/7 2/7", "0 5/7 2/7 0")]),
    EquilibriumCase("zero_sum_2x4", "vertex_enumeration", 1, [("5/7 2/7", "0 5/7 2/7 0")]),
    EquilibriumCase("zero_sum_2x4", "all", 1, [("5/7 2/7", "0 5/7 2/7 0")]),
]


def test_cases_cover_every_fixture_and_method():
    names = {c.game for c in CASES}
    assert {p.name for p in GAMES.glob("*.nfg")} | set(CLASSIC) == names
    for name in names:
        assert sorted(c.method for c in CASES if c.game == name) == sorted(gamekit.bimatrix.METHODS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.method}")
def test_solver_case(case: EquilibriumCase):
    game = case.make()
    got = gamekit.solve(game, method=case.method)
    assert len(got) == case.count == len(case.expected)
    assert [(e.row, e.col) for e in got] == case.profiles()  # exact probabilities, in order
    for e in got:
        assert gamekit.core.regret(game, e.row, e.col) == (0, 0)
        assert e.payoffs == game.payoffs(e.row, e.col)


@pytest.mark.parametrize("case", [c for c in CASES if c.method == "all"], ids=lambda c: c.game)
def test_all_equals_pygambit(case: EquilibriumCase):
    game = case.make()
    g = to_pygambit(game)
    res = gbt.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    theirs = sorted((tuple(F(eq[s]) for s in p1.strategies), tuple(F(eq[s]) for s in p2.strategies))
                    for eq in res.equilibria)
    assert theirs == sorted(case.profiles())
