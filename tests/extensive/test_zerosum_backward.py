"""Zero-sum trees by one exact LP (Kuhn poker -1/18, pygambit's lp_solve) and backward induction."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.core.errors import GameError
from gamekit.extensive.game import Chance, ExtensiveGame, Leaf, Move
from tests.extensive.test_efg import PERFECT
from tests.extensive.trees import kuhn_poker, random_tree

F = Fraction
ZERO_SUM = [p for p in PERFECT if gamekit.read_efg(p).is_constant_sum()]
PERFECT_INFO = [p for p in PERFECT if gamekit.read_efg(p).is_perfect_information()]


def test_kuhn_poker_value_by_one_lp():
    r = gamekit.solve(kuhn_poker(), method="zerosum")
    assert r.certificate["value"] == F(-1, 18) and r[0].payoffs == (F(-1, 18), F(1, 18))
    assert gamekit.is_certified(r[0])


@pytest.mark.parametrize("path", ZERO_SUM, ids=lambda p: p.stem)
def test_catalog_zero_sum_value_equals_pygambit_lp(path: Path):
    r = gamekit.solve(gamekit.read_efg(path), method="zerosum")
    pg = gbt.read_efg(str(path))
    pe = gbt.nash.lp_solve(pg, rational=True).equilibria[0]
    assert r.certificate["value"] == F(str(pe.payoff(list(pg.players)[0])))


@pytest.mark.parametrize("seed", range(20))
def test_random_zero_sum_trees_lp_value_equals_lemke_payoff(seed):
    g0 = random_tree(seed)
    zs = ExtensiveGame(g0.nodes, g0.infosets, g0.chance_infosets,
                       tuple(type(o)(o.name, (o.payoffs[0], -o.payoffs[0])) for o in g0.outcomes))
    assert gamekit.solve(zs, "zerosum").certificate["value"] == gamekit.solve(zs, "lemke")[0].payoffs[0]


def test_zerosum_refuses_a_general_sum_game():
    with pytest.raises(GameError, match="constant-sum"):
        gamekit.solve(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})), "zerosum")


def test_backward_induction_lists_every_pure_spe():
    # player 2 indifferent after R: two pure SPE (L if 2 plays l, R if 2 plays r)
    g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(1, 1), "R": Move(2, "c", {"l": Leaf(0, 0), "r": Leaf(2, 0)})}))
    r = gamekit.solve(g, "backward_induction")
    assert r.certificate["all_pure_spe"] and len(r) == 2
    assert sorted((e.row[0], e.col[0]) for e in r) == [((0, 1), (0, 1)), ((1, 0), (1, 0))]
    # the threat is credible only in the subgame-perfect sense: off-path moves are reported
    assert all(gamekit.is_certified(e) for e in r)


def test_backward_induction_with_chance_and_the_centipede():
    g = ExtensiveGame.from_tree(Chance({"a": ("1/3", Move(1, "x", {"u": Leaf(3, 0), "d": Leaf(0, 3)})),
                                        "b": ("2/3", Move(2, "y", {"u": Leaf(1, 1), "d": Leaf(5, 0)}))}))
    r = gamekit.solve(g, "backward_induction")
    assert len(r) == 1 and r[0].payoffs == (F(1) + F(2, 3), F(2, 3))
    cent = gamekit.solve(gamekit.read_efg(Path(__file__).parents[1] / "games" / "efg"
                                          / "books_shohamleytonbrown2008_fig5_9.efg"), "backward_induction")
    assert len(cent) == 1 and cent[0].payoffs == (1, 0)  # the first mover stops at once


@pytest.mark.parametrize("path", PERFECT_INFO, ids=lambda p: p.stem)
def test_catalog_perfect_information_spe_is_a_nash_equilibrium_pygambit_agrees_on(path):
    g = gamekit.read_efg(path)
    r = gamekit.solve(g, "backward_induction")
    assert len(r) >= 1 and all(gamekit.is_equilibrium(g, e.row, e.col) for e in r)


def test_backward_induction_needs_perfect_information():
    with pytest.raises(GameError, match="perfect information"):
        gamekit.solve(kuhn_poker(), "backward_induction")
