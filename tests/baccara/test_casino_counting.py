"""Counting: exact effects of removal, the true-count simulation, sixes per shoe (issue #13, item 4)."""

from __future__ import annotations

import json

import numpy as np

from games.baccara.cards import RANKS
from games.baccara.casino.counting import (
    COUNT_BETS,
    banker_six_wins,
    eor_table,
    linear_tags,
    true_count_simulation,
)
from games.baccara.casino.odds import Shoe, house_edge
from games.baccara.cli.main import main


def test_eor_identity_and_symmetry():
    e = eor_table(2, COUNT_BETS)
    for b in COUNT_BETS:
        # burning one random card does not change the next coup's expectation: sum_r c_r EOR(r) = 0
        assert sum(8 * e.eor[b][r] for r in RANKS) == 0
        # ten-valued ranks are interchangeable for these bets
        assert e.eor[b]["10"] == e.eor[b]["J"] == e.eor[b]["Q"] == e.eor[b]["K"]
    # the definition, recomputed for one rank
    full = house_edge(2).bets["banker"].expected
    five = house_edge(2, shoe=Shoe.decks(2).remove({"5": 1})).bets["banker"].expected
    assert e.eor["banker"]["5"] == five - full
    assert abs(linear_tags(e, "player").sum()) < 1e-12


def test_sixes_per_shoe_agree_with_exact_rate():
    s = banker_six_wins(8, shoes=3000, seed=2)
    # exact per-coup probability, checked against the Super 6 bet: E = P(B) - P(P) - P(B wins with 6)/2
    he = house_edge(8)
    pr = he.probabilities
    assert he.bets["banker_no_commission_super6"].expected == pr["banker"] - pr["player"] - s.p_six / 2
    # mean sixes per shoe = p6 x mean coups per shoe, up to simulation error (the cut-card effect is far smaller)
    assert abs(s.mean_sixes[0] - s.exact_times_coups) < 4 * s.mean_sixes[1]
    assert sum(s.histogram.values()) == 3000


def test_true_count_simulation_runs_and_flat_banker_matches_exact():
    r = true_count_simulation(8, shoes=1500, seed=4, exact_sample=5)
    m, se = r.stats["flat_banker"]
    assert abs(m - float(r.exact_banker)) < 3.3 * se
    assert 0 < r.switch_fraction < 1
    assert r.exact_sample["switch_gain_given_switch"][2] == 5
    json.dumps(r.to_json())


def test_cli_counting_sixes_json(capsys, tmp_path):
    png = tmp_path / "six.png"
    assert main(["counting", "sixes", "--shoes", "200", "--json", "--plot", str(png)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["shoes"] == 200 and png.stat().st_size > 0
    assert main(["counting", "sixes", "--shoes", "0"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert np.isfinite(out["sixes_per_shoe"]["mean"])
