"""Independent check of Model B3 (d = 1) with Gambit's sequence-form Lemke algorithm.

``tests/baccara/gambit_b3_tree.py`` builds Model B3 as a game tree from its own card counts (not from
``games.baccara.models.tables``/``counts``); ``pygambit.nash.lcp_solve(rational=True)`` finds an
equilibrium of it. Our equilibrium is unique for d = 1 (``docs/model-b3-uniqueness.md``), so
Gambit's must equal it exactly at every information set reached with positive probability,
and the payoffs must agree. The paper's d = 1 value p(1,4) = 283/1478 at α = 1/20 (Ethier &
Lee II, eq. (55)) is checked too.
"""

from __future__ import annotations

from fractions import Fraction as F

import pygambit
import pytest

from gamekit.core.errors import GameError
from games.baccara.analysis.equilibria import solve_model
from games.baccara.infosets import banker_infosets, player_infosets
from tests.baccara.gambit_b3_tree import (
    BANKER,
    PLAYER,
    behaviour_labels,
    build_b3_efg,
    lemma1_forced,
    tree_size,
)


@pytest.mark.parametrize("bad", [0, "x", 1.5])
def test_bad_decks_is_a_game_error(bad):
    with pytest.raises(GameError, match="decks"):
        build_b3_efg(bad, 0)


@pytest.mark.parametrize("bad", [0.05, "-1/20", 1, "abc"])
def test_bad_alpha_is_a_game_error(bad):
    with pytest.raises(GameError, match="alpha"):
        lemma1_forced(1, bad)


@pytest.mark.slow
@pytest.mark.parametrize("alpha", [F(0), F(1, 20)])
def test_gambit_lcp_equals_our_unique_equilibrium(alpha):
    ours = solve_model("B3", 1, alpha)
    assert ours.unique
    eq = ours.equilibria[0]

    forced = lemma1_forced(1, alpha)
    game = build_b3_efg(1, alpha, reduce=True)
    size = tree_size(game)
    assert size["player_infosets"] == 5
    assert size["banker_infosets"] + len(forced) == 484
    # our independent Lemma 1 leaves as many Banker sets strategic as solve_model's
    assert size["banker_infosets"] == ours.reduced_banker

    result = pygambit.nash.lcp_solve(game, rational=True)
    assert len(result.equilibria) >= 1
    profile = result.equilibria[0]
    assert profile.agent_max_regret() == 0
    player, banker, reach = behaviour_labels(game, profile)

    # every information set is reached: Player stands on 6-7 and draws on 0-4
    assert all(r > 0 for r in reach.values())
    assert set(player) == set(player_infosets(3))
    for label in player_infosets(3):
        assert player[label] == eq.player[label], label
    banker = {**{k: F(v) for k, v in forced.items()}, **banker}
    assert set(banker) == set(banker_infosets(3))
    for label in banker_infosets(3):
        assert banker[label] == eq.banker_draw(label), label

    payoff = (F(str(profile.payoff(PLAYER))), F(str(profile.payoff(BANKER))))
    assert payoff == eq.payoffs
    if alpha == F(1, 20):
        assert player["14"] == F(283, 1478)  # Ethier & Lee II, eq. (55)


@pytest.mark.slow
def test_full_tree_gives_our_payoffs():
    """The unreduced tree (all 484 Banker sets): our equilibrium is one, with our payoffs."""
    alpha = F(1, 20)
    game = build_b3_efg(1, alpha)
    size = tree_size(game)
    assert size["player_infosets"] == 5
    assert size["banker_infosets"] == 484
    assert {i.label for i in game.players[BANKER].infosets} == set(banker_infosets(3))
    assert game.is_perfect_recall

    eq = solve_model("B3", 1, alpha).equilibria[0]
    profile = game.mixed_behavior_profile(rational=True)
    for name, draw in ((PLAYER, eq.player.__getitem__), (BANKER, eq.banker_draw)):
        for infoset in game.players[name].infosets:
            x = draw(infoset.label)
            profile[infoset.actions["D"]] = x
            profile[infoset.actions["S"]] = 1 - x
    payoff = (F(str(profile.payoff(PLAYER))), F(str(profile.payoff(BANKER))))
    assert payoff == eq.payoffs
    # no information set's move can be improved on: an equilibrium of the full tree (each
    # player moves at most once on every play, so agent equilibria are Nash equilibria)
    assert profile.agent_max_regret() == 0
    # control: Banker's one mixed set made pure breaks Player's indifference at (1,4)
    mixed = game.players[BANKER].infosets["88:-"]
    profile[mixed.actions["D"]], profile[mixed.actions["S"]] = 1, 0
    assert profile.agent_max_regret() > 0
