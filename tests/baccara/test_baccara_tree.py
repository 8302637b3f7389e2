"""The six models as game trees (games.baccara.models.tree): the same game as the additive tables.

The tree is built from the dealing rules alone; the additive m × 2ⁿ game of
``games.baccara.models.tables`` from precomputed count polynomials. Two models are the same
game when every pure Player strategy meets every Banker behaviour strategy with the same
expected payoffs — checked exactly here through the tree's sequence form (xᵀAy, xᵀBy) and the
additive game's weights. The Gambit-built B3 tree (tests/baccara/gambit_b3_tree.py, one chance
move per composition pair, nothing shared) must have the same sequence form entry by entry.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from gamekit.core.errors import GameError
from gamekit.extensive import parse_efg
from gamekit.extensive.sequence_form import plan_from_behaviour, sequence_form
from games.baccara.infosets import banker_infosets, player_infosets
from games.baccara.models.tables import build_game
from games.baccara.models.tree import build_tree, tree_sizes


def _additive_payoffs(game, u: int, draw: dict[str, F]) -> tuple[F, F]:
    """(Player, Banker) payoff of pure row u against Banker's behaviour ``draw`` (additive form)."""
    a = game.a_base[u]
    b = game.b_base[u]
    for l, label in enumerate(game.infosets):
        y = draw[label]
        a += (1 - y) * game.a_move[u][l][0] + y * game.a_move[u][l][1]
        b += (1 - y) * game.b_move[u][l][0] + y * game.b_move[u][l][1]
    return a, b


def _tree_payoffs(tree, sf, player_draw: dict[str, F], banker_draw: dict[str, F]) -> tuple[F, F]:
    beh = [[(1 - d[h.label], d[h.label]) for h in tree.infosets[s]] for s, d in ((0, player_draw), (1, banker_draw))]
    x = plan_from_behaviour(sf, 1, beh[0])
    y = plan_from_behaviour(sf, 2, beh[1])
    return sf.payoffs(x, y)


@pytest.mark.parametrize(("model", "decks", "alpha"), [
    ("A1", 1, F(1, 20)), ("B1", 1, F(0)), ("B1", 6, F(1, 10)), ("A2", 1, F(0)), ("B2", 1, F(1, 20)),
    ("A3", 1, F(1, 20)), ("B3", 1, F(1, 20)), ("B3", 8, F(3, 100)),
])
def test_tree_is_the_additive_game(model, decks, alpha):
    tree = build_tree(model, decks, alpha)
    game = build_game(model, decks, alpha)
    sf = sequence_form(tree)
    info = int(model[1])
    assert {h.label for h in tree.infosets[0]} == set(player_infosets(info))
    assert {h.label for h in tree.infosets[1]} == set(banker_infosets(info)) == set(game.infosets)
    rng = random.Random(f"{model}{decks}{alpha}")
    banker_profiles = [{lab: F(0) for lab in game.infosets}, {lab: F(1) for lab in game.infosets},
                       {lab: F(rng.randint(0, 7), 7) for lab in game.infosets}]
    fives = player_infosets(info)
    rows = range(game.m) if game.m == 2 else rng.sample(range(game.m), 6)
    for u in rows:
        player = {h: F(game.rows[u][i] == "D") for i, h in enumerate(fives)}
        for banker in banker_profiles:
            assert _tree_payoffs(tree, sf, player, banker) == _additive_payoffs(game, u, banker), (u, banker)


def test_sizes_and_labels():
    sizes = {m: tree_sizes(build_tree(m, 1, 0)) for m in ("A1", "B2", "B3")}
    assert sizes["A1"] == {"nodes": 2988, "leaves": 1923, "player_infosets": 1, "banker_infosets": 88,
                           "player_sequences": 3, "banker_sequences": 177}
    assert (sizes["B2"]["player_sequences"], sizes["B2"]["banker_sequences"]) == (3, 969)
    assert (sizes["B3"]["player_sequences"], sizes["B3"]["banker_sequences"]) == (11, 969)
    g = build_tree("B3", 6, "1/20")
    assert g.players == ("Player", "Banker")
    assert all(h.actions == ("S", "D") for side in g.infosets for h in side)
    # the natural leaves: Player +1 / Banker -1, and Banker's win pays 1 - alpha
    assert set(g.leaf_payoffs.values()) == {(F(1), F(-1)), (F(-1), F(19, 20)), (F(0), F(0))}


@pytest.mark.parametrize(("args", "match"), [
    (("C1", 6, 0), "unknown model"), (("B2", 0, 0), "decks"), (("B2", 6, 0.05), "alpha"),
    (("B2", 6, 1), "alpha"), (("B2", "x", 0), "decks"),
])
def test_bad_input_is_a_game_error(args, match):
    with pytest.raises(GameError, match=match):
        build_tree(*args)


def _sequence_entries(game) -> dict[tuple[str, str], tuple[F, F]]:
    """The sequence form's nonzero entries keyed by readable sequence labels."""
    sf = sequence_form(game)
    out: dict[tuple[str, str], tuple[F, F]] = {}
    for key in set(sf.A) | set(sf.B):
        a, b = sf.A.get(key, F(0)), sf.B.get(key, F(0))
        if a or b:
            out[(sf.sequence_label(1, key[0]), sf.sequence_label(2, key[1]))] = (a, b)
    return out


@pytest.mark.slow
def test_gambit_built_b3_tree_has_the_same_sequence_form():
    """The pygambit tree (one chance move per composition pair, ≈ 90,000 nodes, ≈ 10 s to build)
    and gamekit's aggregated tree (≈ 28,000 nodes) have the same sequence form, entry by entry."""
    from tests.baccara.gambit_b3_tree import build_b3_efg

    pg = build_b3_efg(1, F(1, 20))
    theirs = parse_efg(pg.to_efg())
    ours = build_tree("B3", 1, F(1, 20))
    assert len(theirs.nodes) > 3 * len(ours.nodes)
    assert _sequence_entries(theirs) == _sequence_entries(ours)


def test_compare_tree_sees_a_difference():
    """The comparison is not vacuous: the tree's equilibrium of A1 equals the additive one, and
    one Banker draw probability changed (or a payoff) is reported as the first difference."""
    import dataclasses

    from games.baccara.analysis.equilibria import solve_model
    from games.baccara.analysis.tree_check import _difference, solve_tree

    tree = solve_tree("A1", 1, 0)
    eq = solve_model("A1", 1, 0).equilibria[0]
    assert _difference(tree, eq) == ""
    banker = list(eq.banker)
    k = eq.infosets.index("6:6")
    banker[k] = 1 - banker[k]
    assert _difference(tree, dataclasses.replace(eq, banker=tuple(banker))).startswith("Banker at 6:6")
    assert _difference(tree, dataclasses.replace(eq, payoffs=(F(0), F(0)))).startswith("payoffs")
    assert tree.sizes["banker_sequences"] == 177 and tree.pivots == 191
