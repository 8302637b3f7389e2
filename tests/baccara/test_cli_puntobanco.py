"""``baccara house-edge`` and ``baccara simulate``: contract JSON shapes, exact strings, errors."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from games.baccara.casino.odds import house_edge
from games.baccara.cli.main import main

CONTRACT_BETS = [
    "banker", "player", "tie_8_to_1", "tie_9_to_1", "player_pair_11_to_1", "banker_pair_11_to_1",
    "either_pair_5_to_1", "banker_no_commission_super6", "ez_banker", "ez_dragon7_40_to_1", "ez_panda8_25_to_1",
]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys, *argv: str) -> dict:
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def test_house_edge_contract_json(capsys) -> None:
    data = _json(capsys, "house-edge", "--json")
    assert data["decks"] == 8
    assert list(data["probabilities"]) == ["banker", "player", "tie"]
    assert sum(Fraction(v) for v in data["probabilities"].values()) == 1
    assert Fraction(data["probabilities"]["banker"]) == Fraction(2292252566437888, 4998398275503360)
    assert data["denominator"] == "4998398275503360"
    assert list(data["bets"])[: len(CONTRACT_BETS)] == CONTRACT_BETS
    exact = house_edge(8)
    for name in CONTRACT_BETS:
        entry = data["bets"][name]
        assert isinstance(entry["return"], str) and isinstance(entry["float"], float)
        assert Fraction(entry["return"]) == exact.bets[name].expected
        assert entry["float"] == float(Fraction(entry["return"]))
    assert round(data["bets"]["banker"]["float"], 6) == -0.010579


def test_house_edge_decks_and_table(capsys) -> None:
    data = _json(capsys, "house-edge", "--decks", "6", "--json")
    assert data["decks"] == 6 and round(data["bets"]["player"]["float"], 6) == -0.012374
    code, out, err = _run(capsys, "house-edge", "--decks", "1")
    assert code == 0 and err == ""
    assert "banker" in out and "1-deck" in out


def test_house_edge_payout_overrides_and_partial_shoe(capsys) -> None:
    data = _json(capsys, "house-edge", "--json", "--tie-pays", "10", "--pair-pays", "12", "--commission", "0",
                 "--dragon-pays", "45")
    p_tie = Fraction(data["probabilities"]["tie"])
    assert Fraction(data["bets"]["tie_10_to_1"]["return"]) == 11 * p_tie - 1
    assert "player_pair_12_to_1" in data["bets"] and "banker_pair_12_to_1" in data["bets"]
    p = {k: Fraction(v) for k, v in data["probabilities"].items()}
    assert Fraction(data["bets"]["banker_commission_0"]["return"]) == p["banker"] - p["player"]
    assert "ez_dragon7_45_to_1" in data["bets"]
    part = _json(capsys, "house-edge", "--json", "--decks", "1", "--removed", "5=4")
    assert part["remaining"]["5"] == 0 and part["cards"] == 48
    rem = _json(capsys, "house-edge", "--json", "--remaining", ",".join(["4"] * 13))
    assert rem["decks"] is None and rem["cards"] == 52
    one = _json(capsys, "house-edge", "--json", "--decks", "1")
    assert rem["bets"]["banker"] == one["bets"]["banker"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["house-edge", "--decks", "0"], "at least 1"),
        (["house-edge", "--decks", "x"], "number of decks must be a positive integer"),
        (["house-edge", "--remaining", "1,2,3"], "13 rank counts"),
        (["house-edge", "--remaining", "A=1"], "only 1"),
        (["house-edge", "--tie-pays", "-1"], "positive"),
        (["house-edge", "--commission", "2"], "commission"),
        (["house-edge", "--decks", "1", "--removed", "5=5"], "cannot remove"),
        (["simulate", "--rounds", "0"], "--rounds must be"),
        (["simulate", "--rounds", "-5"], "--rounds must be"),
        (["simulate", "--decks", "0", "--rounds", "10"], "decks must be"),
        (["simulate", "--rounds", "10", "--decks", "1", "--cut", "60"], "beyond the shoe"),
        (["simulate", "--rounds", "10", "--cut", "2"], "at least 6"),
        (["simulate", "--rounds", "10", "--plot", "x.png"], "needs --sessions"),
        (["simulate", "--sessions", "4", "--session-rounds", "5", "--rounds", "7"], "conflicts"),
        (["simulate", "--sessions", "2", "--bet", "nope"], "unknown bet"),
        (["simulate", "--rounds", "10", "--seed", "-3"], "seed"),
    ],
)
def test_errors_are_one_line_exit_2(capsys, argv: list[str], message: str) -> None:
    code = None
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse errors
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1 and message in err


def test_simulate_json(capsys) -> None:
    data = _json(capsys, "simulate", "--rounds", "200000", "--seed", "1", "--json")
    assert data["decks"] == 8 and data["rounds"] == 200000 and data["seed"] == 1
    assert sum(data["counts"][k] for k in ("banker", "player", "tie")) == 200000
    assert data["rounds_per_second"] > 0 and data["shoes"] > 0
    for name in CONTRACT_BETS:
        b = data["bets"][name]
        lo, hi = b["ci95"]
        assert lo < b["mean"] < hi
        assert isinstance(b["exact"], str) and b["exact_float"] == float(Fraction(b["exact"]))
    again = _json(capsys, "simulate", "--rounds", "200000", "--seed", "1", "--json")
    assert again["counts"] == data["counts"]


def test_simulate_sessions_plot_and_outcomes(capsys, tmp_path) -> None:
    png, table = tmp_path / "s.png", tmp_path / "o.csv"
    data = _json(capsys, "simulate", "--sessions", "40", "--session-rounds", "50", "--bet", "tie_8_to_1",
                 "--stake", "5", "--seed", "2", "--plot", str(png), "--outcomes", str(table), "--outcomes-rounds",
                 "30", "--json")
    assert data["rounds"] == 2000
    s = data["sessions"]
    assert s["bet"] == "tie_8_to_1" and s["sessions"] == 40 and s["stake"] == 5.0
    assert s["exact_mean"] == pytest.approx(5 * 50 * data["bets"]["tie_8_to_1"]["exact_float"])
    assert png.read_bytes()[:4] == b"\x89PNG"
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == 30 and rows[0]["round"] == "1"
    assert {r["outcome"] for r in rows} <= {"banker", "player", "tie"}
    code, out, _ = _run(capsys, "simulate", "--sessions", "10", "--session-rounds", "10", "--seed", "2")
    assert code == 0 and "sessions of 10 rounds" in out


def test_simulate_readable(capsys) -> None:
    code, out, err = _run(capsys, "simulate", "--rounds", "20000", "--seed", "3", "--cut", "6", "--no-burn")
    assert code == 0 and err == ""
    assert "rounds/s" in out and "banker" in out


def test_console_script_no_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "games.baccara.cli.main", "simulate", "--rounds", "-1"],
        capture_output=True, text=True,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error:") and "Traceback" not in proc.stderr
