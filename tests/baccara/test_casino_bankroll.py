"""Bankroll sessions: systems, limits, ruin, and agreement with exact expectations (issue #13, item 5)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from games.baccara.casino.bankroll import SYSTEMS, _next_units, coup_stream, run_sessions
from games.baccara.casino.odds import STATES
from games.baccara.cli.main import main


def _run_system(system, outcomes):
    idx = np.zeros((1, 1), dtype=np.int64)
    units = np.ones((1, 1))
    seen = [1.0]
    for o in outcomes:
        idx, units = _next_units(system, idx, units, np.array([[o > 0]]), np.array([[o < 0]]))
        seen.append(float(units[0, 0]))
    return seen


def test_system_rules():
    L, W, P = -1, 1, 0
    assert _run_system("martingale", [L, L, P, L, W, L]) == [1, 2, 4, 4, 8, 1, 2]
    assert _run_system("paroli", [W, W, W, W, L]) == [1, 2, 4, 1, 2, 1]
    assert _run_system("1-3-2-6", [W, W, W, W, W, L]) == [1, 3, 2, 6, 1, 3, 1]
    assert _run_system("fibonacci", [L, L, L, L, W, W]) == [1, 1, 2, 3, 5, 2, 1]
    assert _run_system("flat", [L, W]) == [1, 1, 1]


def test_coup_stream_frequencies_match_exact_distribution():
    from games.baccara.casino.odds import coup_distribution

    codes = coup_stream(8, 200_000, seed=3)
    dist = coup_distribution(8)
    p_b = float(dist.probabilities["banker"])
    sim = np.mean([STATES[c].winner == "banker" for c in codes[:50_000]])
    assert abs(sim - p_b) < 4 * np.sqrt(p_b * (1 - p_b) / 50_000) * 1.5  # coups in a shoe are nearly independent


def test_flat_sessions_agree_with_exact_final_balance():
    r = run_sessions(["banker=10", "tie_8_to_1=1", "player_pair_11_to_1=1"], "flat", 10_000, 100, 4000, seed=5)
    s = r.summary()
    assert s["risk_of_ruin"] == 0 and "exact_mean_final" in s
    assert abs(s["mean_final"] - s["exact_mean_final_float"]) < 3.3 * s["stderr_mean_final"]
    assert s["exact_profit_given_stakes"] == pytest.approx(s["exact_mean_final_float"] - 10_000)


@pytest.mark.parametrize("system", SYSTEMS)
def test_systems_profit_matches_linearity(system):
    r = run_sessions(["banker=5"], system, 300, 150, 3000, table_max=200, seed=9)
    s = r.summary()
    lo, hi = s["mean_profit_ci95"]
    margin = (hi - lo) * 0.35  # a 99.9% interval
    assert lo - margin <= s["exact_profit_given_stakes"] <= hi + margin
    assert (r.final >= 0).all() and 0 <= s["risk_of_ruin"] <= 1
    assert float(r.staked.max()) <= 200 * 150


def test_cli_bankroll(tmp_path, capsys):
    png = tmp_path / "b.png"
    assert main(["bankroll", "--bet", "banker=2", "--system", "paroli", "--sessions", "300",
                 "--rounds", "50", "--json", "--plot", str(png)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "paroli" and out["sessions"] == 300 and png.stat().st_size > 0
    assert main(["bankroll", "--bet", "banker=-1"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err.startswith("error: ")
