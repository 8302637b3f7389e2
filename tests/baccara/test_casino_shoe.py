"""Chemin de fer through casino shoes agrees with the exact values (issue #13, item 3)."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np

from games.baccara.casino.odds import Shoe
from games.baccara.casino.shoe_play import batch_rng, deal_batch, play_shoes, shuffled_ranks
from games.baccara.casino.simulation import deal_shoe_python
from games.baccara.rules.drawing import (
    PUNTO_BANCO_BANKER,
    PUNTO_BANCO_PLAYER,
    banker_draw_table,
    player_draw_table,
)


def test_dealer_matches_the_plain_python_dealer():
    shoe = Shoe.decks(6)
    rng = batch_rng(3, 0)
    ranks = shuffled_ranks(rng, shoe, 5)
    pdraw = player_draw_table(PUNTO_BANCO_PLAYER).astype(float)
    bdraw = banker_draw_table(PUNTO_BANCO_BANKER).astype(float)
    db = deal_batch(ranks, shoe.size, 7, True, pdraw, bdraw)
    for s in range(5):
        ref = deal_shoe_python([int(x) for x in ranks[s, : shoe.size]], 7, True)
        assert int(db.active[:, s].sum()) == len(ref)
        for t, (code, P, B) in enumerate(ref):
            assert (int(db.pt[t, s]), int(db.bt[t, s])) == (code // 80 % 10, code // 4 % 10)
            assert (bool(db.pdrew[t, s]), bool(db.bdrew[t, s])) == (len(P) == 3, len(B) == 3)
    # every shoe is a permutation of the full shoe
    assert all(np.bincount(ranks[s, : shoe.size], minlength=13).tolist() == list(shoe.counts) for s in range(5))


def test_mixed_strategies_through_shoes_agree_with_exact_values():
    banker = dict(PUNTO_BANCO_BANKER, **{"6:-": F(2, 5), "3:9": F(1, 2)})
    r = play_shoes({"5": F(1, 3)}, banker, decks=6, shoes=6000, seed=11)
    for st in (r.player, r.banker):
        assert st.exact is not None and st.within(float(st.exact), z=3.29)  # 99.9% interval
    assert r.counts["banker"] + r.counts["player"] + r.counts["tie"] == r.coups
    assert r.by_position["n"][0] == 6000  # every shoe deals a first coup


def test_seed_reproducible():
    a = play_shoes({"5": F(1, 2)}, PUNTO_BANCO_BANKER, 6, shoes=50, seed=5, exact=False)
    b = play_shoes({"5": F(1, 2)}, PUNTO_BANCO_BANKER, 6, shoes=50, seed=5, exact=False)
    assert a.counts == b.counts and a.banker.mean == b.banker.mean
