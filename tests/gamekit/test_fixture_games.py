"""Every fixture game in tests/games/ solved, with documented expected answers.

In the style of pygambit's table-driven tests: one row per game with the expected
extreme equilibria (exact), the maximal Nash subsets, and whether the game is
nondegenerate. Each answer is justified next to it (textbook value, or hand
computation) and is also checked against pygambit's ``enummixed_solve(rational=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.io.interop import profile_from_pygambit, to_pygambit

GAMES = Path(__file__).parents[1] / "games"


@dataclass
class Expected:
    equilibria: list[tuple[str, str, str]]  # "row" / "col" / "payoffs", space-separated
    subsets: list[tuple[tuple[int, ...], tuple[int, ...]]]  # maximal Nash subsets (vertex indices)
    nondegenerate: bool


TABLE: dict[str, Expected] = {
    # x = (3/5, 2/5) makes II indifferent: 2x1 = 3x2; y = (2/5, 3/5): 3y1 = 2y2.
    "battle_of_sexes.nfg": Expected(
        [("1 0", "1 0", "3 2"), ("3/5 2/5", "2/5 3/5", "6/5 6/5"), ("0 1", "0 1", "2 3")],
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))], True),
    # A = B = identity: pure coordination and the uniform mix.
    "coordination_null_outcome.nfg": Expected(
        [("1 0", "1 0", "1 1"), ("1/2 1/2", "1/2 1/2", "1/2 1/2"), ("0 1", "0 1", "1 1")],
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))], True),
    # A and A' are duplicates: conv{A, A'}^2 (payoff 2), the mixes with B where
    # 2(y_A + y_A') = y_B, i.e. y_B = 2/3 (payoff 2/3), and (B, B) (payoff 1).
    "degenerate_3x3.nfg": Expected(
        [("1 0 0", "1 0 0", "2 2"), ("1 0 0", "0 1 0", "2 2"),
         ("1/3 0 2/3", "1/3 0 2/3", "2/3 2/3"), ("1/3 0 2/3", "0 1/3 2/3", "2/3 2/3"),
         ("0 1 0", "1 0 0", "2 2"), ("0 1 0", "0 1 0", "2 2"),
         ("0 1/3 2/3", "1/3 0 2/3", "2/3 2/3"), ("0 1/3 2/3", "0 1/3 2/3", "2/3 2/3"),
         ("0 0 1", "0 0 1", "1 1")],
        [((0, 2), (0, 2)), ((1, 3), (1, 3)), ((4,), (4,))], False),
    # Up strictly dominant; II indifferent after Up: (Up, any y) — one segment.
    "dominant_row_continuum.nfg": Expected(
        [("1 0", "1 0", "1 1"), ("1 0", "0 1", "1 1")], [((0,), (0, 1))], False),
    # Row 2 dominates row 1 (2 > 1/10, 5 > 3/20); II then prefers column 1 (1/2 > -1/4).
    "exact_numbers.nfg": Expected([("0 1", "1 0", "2 1/2")], [((0,), (0,))], True),
    # Hawk-dove with V = 2, C = 3: two asymmetric pure equilibria and Hawk w.p. V/C = 2/3.
    "hawk_dove_outcome.nfg": Expected(
        [("1 0", "0 1", "2 0"), ("2/3 1/3", "2/3 1/3", "1/3 1/3"), ("0 1", "1 0", "0 2")],
        [((0,), (2,)), ((1,), (1,)), ((2,), (0,))], True),
    "matching_pennies.nfg": Expected([("1/2 1/2", "1/2 1/2", "0 0")], [((0,), (0,))], True),
    "prisoners_dilemma.nfg": Expected([("0 1", "0 1", "1 1")], [((0,), (0,))], True),
    "quoted_labels.nfg": Expected(
        [("1 0", "1 0", "1 1"), ("1/2 1/2", "1/2 1/2", "1/2 1/2"), ("0 1", "0 1", "1 1")],
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))], True),
    "rock_paper_scissors.nfg": Expected(
        [("1/3 1/3 1/3", "1/3 1/3 1/3", "0 0")], [((0,), (0,))], True),
    # Selten's game: player 1's first strategy with any y = (p, 1 - p), p >= 1/2.
    "selten_e02.nfg": Expected(
        [("1 0 0", "1 0", "1 1"), ("1 0 0", "1/2 1/2", "1 1")], [((0,), (0, 1))], False),
    "selten_e02_outcome.nfg": Expected(
        [("1 0 0", "1 0", "1 1"), ("1 0 0", "1/2 1/2", "1 1")], [((0,), (0, 1))], False),
    # Stag hunt: mixed equilibrium where 4q = 3 (q = 3/4 on Stag), payoff 3.
    "stag_hunt_outcome.nfg": Expected(
        [("1 0", "1 0", "4 4"), ("3/4 1/4", "3/4 1/4", "3 3"), ("0 1", "0 1", "3 3")],
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))], True),
    # von Stengel (2002), "Computing equilibria for two-person games", Section 2.
    "von_stengel_3x2.nfg": Expected(
        [("1 0 0", "1 0", "3 3"), ("4/5 1/5 0", "2/3 1/3", "3 14/5"),
         ("0 1/3 2/3", "1/3 2/3", "4 8/3")],
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))], True),
    # ... and its degenerate variant: T with y = (p, 1 - p), 2/3 <= p <= 1.
    "von_stengel_degenerate.nfg": Expected(
        [("1 0 0", "1 0", "3 3"), ("1 0 0", "2/3 1/3", "3 3"), ("0 1/3 2/3", "1/3 2/3", "4 8/3")],
        [((0,), (0, 1)), ((1,), (2,))], False),
}


def vec(s: str) -> tuple[Fraction, ...]:
    return tuple(Fraction(t) for t in s.split())


def key(e):
    return (e.row, e.col)


def test_table_covers_every_fixture():
    assert sorted(p.name for p in GAMES.glob("*.nfg")) == sorted(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_fixture_game(name):
    exp = TABLE[name]
    game = gamekit.read_nfg(GAMES / name)
    result = gamekit.bimatrix.solve_result(game, method="all")
    got = sorted(result.equilibria, key=key)
    want = sorted(
        (gamekit.Equilibrium(vec(r), vec(c), vec(p)) for r, c, p in exp.equilibria), key=key
    )
    assert len(got) == len(exp.equilibria)
    assert got == want  # probabilities and payoffs, exactly
    for e in got:
        assert sum(e.row) == 1 and sum(e.col) == 1 and min(e.row + e.col) >= 0
        assert gamekit.core.regret(game, e.row, e.col) == (0, 0)
        assert game.payoffs(e.row, e.col) == e.payoffs
    assert result.unique == (len(want) == 1)
    assert sorted((c.rows, c.cols) for c in result.components) == sorted(exp.subsets)
    # pygambit's exact enumeration finds the same extreme equilibria
    res = gbt.nash.enummixed_solve(to_pygambit(game), rational=True)
    assert sorted((profile_from_pygambit(game, p).certify(game) for p in res.equilibria), key=key) == want


@pytest.mark.parametrize("name", sorted(TABLE))
def test_other_methods_on_fixture(name):
    exp = TABLE[name]
    game = gamekit.read_nfg(GAMES / name)
    allq = {key(e) for e in gamekit.solve(game, method="all")}
    assert {key(e) for e in gamekit.solve(game, method="vertex_enumeration")} == allq
    lh = {key(e) for e in gamekit.solve(game, method="lemke_howson")}
    assert lh and lh <= allq
    se = {key(e) for e in gamekit.solve(game, method="support_enumeration")}
    assert se <= allq
    if exp.nondegenerate:
        assert se == allq  # support enumeration is complete for nondegenerate games
    pure = {key(e) for e in gamekit.solve(game, method="pure")}
    assert pure == {k for k in allq if all(p in (0, 1) for p in k[0] + k[1])}
