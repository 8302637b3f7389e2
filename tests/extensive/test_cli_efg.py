"""``gamekit solve FILE.efg`` and ``gamekit convert FILE.efg OUT.nfg`` (docs/json.md, "Extensive games")."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import gamekit
from gamekit.cli import main
from gamekit.extensive.efg import write_efg
from gamekit.extensive.sequence_form import reduced_normal_form
from tests.extensive.trees import kuhn_poker

EFG = Path(__file__).parents[1] / "games" / "efg"
POKER = EFG / "journals_other_reiley2008_fig1.efg"
F = Fraction


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_behaviour_per_information_set(capsys):
    code, out, err = run(capsys, "solve", POKER)
    assert code == 0 and err == ""
    assert "Bet: 1/3, Fold: 2/3" in out and "Call: 2/3, Fold: 1/3" in out
    assert "payoffs: Professor 1/3, Student -1/3" in out


@pytest.mark.parametrize("method", ["lemke", "zerosum"])
def test_solve_json_shape(capsys, method, tmp_path):
    path = tmp_path / "kuhn.efg"
    write_efg(kuhn_poker(), path)
    code, out, err = run(capsys, "solve", path, "--method", method, "--json")
    assert code == 0 and err == ""
    js = json.loads(out)
    assert js["kind"] == "extensive" and js["method"] == method and js["players"] == ["Player 1", "Player 2"]
    (e,) = js["equilibria"]
    assert e["payoffs"] == ["-1/18", "1/18"]
    assert set(e["behaviour"]) == {"Player 1", "Player 2"} and set(e["plans"]) == {"Player 1", "Player 2"}
    for moves in e["behaviour"]["Player 2"].values():
        assert sum(F(v) for v in moves.values()) == 1
    if method == "zerosum":
        assert js["certificate"]["value"] == "-1/18"


def test_solve_backward_induction_and_detection_by_content(capsys, tmp_path):
    renamed = tmp_path / "centipede.txt"  # the header, not the name, decides
    renamed.write_text((EFG / "books_shohamleytonbrown2008_fig5_9.efg").read_text())
    code, out, err = run(capsys, "solve", renamed, "--method", "backward-induction")
    assert code == 0 and "every 1 pure subgame-perfect equilibrium" in out


@pytest.mark.parametrize("argv, message", [
    (["solve", POKER, "--method", "pure"], "is for strategic-form games"),
    (["solve", POKER, "--strategy", "exact"], "--strategy is for strategic-form games"),
    (["solve", POKER, "--method", "backward_induction"], "perfect information"),
    (["solve", EFG / "journals_geb_wichardt2008.efg"], "imperfect recall"),
    (["solve", Path(__file__).parents[1] / "games" / "battle_of_sexes.nfg", "--method", "lemke"],
     "is for extensive games"),
])
def test_errors_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ") and message in err and err.count("\n") == 1


def test_convert_to_the_reduced_normal_form_and_back(capsys, tmp_path):
    out_nfg = tmp_path / "poker.nfg"
    code, out, _ = run(capsys, "convert", POKER, out_nfg)
    assert code == 0 and "4x2, reduced normal form" in out
    nf = gamekit.read_nfg(out_nfg)
    expected, _, _ = reduced_normal_form(gamekit.read_efg(POKER))
    assert nf.A == expected.A and nf.B == expected.B and nf.row_labels == expected.row_labels
    # every extreme equilibrium of the reduced form, and Lemke's payoffs are among them
    lemke = gamekit.solve(gamekit.read_efg(POKER))[0]
    assert lemke.payoffs in {e.payoffs for e in gamekit.solve(nf, "all")}
    # .efg -> .efg rewrites the tree
    out_efg = tmp_path / "again.efg"
    assert run(capsys, "convert", POKER, out_efg)[0] == 0
    assert gamekit.read_efg(out_efg).leaf_payoffs == gamekit.read_efg(POKER).leaf_payoffs
