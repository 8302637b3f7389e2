"""The ``gamekit`` command line, checked against CONTRACT.md.

`gamekit solve FILE.nfg [--method M] [--json]` → {"rows", "cols", "method", "complete",
"equilibria": [{"row", "col", "payoffs"}]} with exact strings; errors: one line
``error: ...`` on stderr, exit 2, nothing on stdout.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.cli import main
from gamekit.io.interop import profile_from_pygambit, to_pygambit

GAMES = Path(__file__).parents[1] / "games"
EXACT = re.compile(r"^-?\d+(/\d+)?$")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def solve_json(capsys, path, *extra):
    code, out, err = run(capsys, "solve", str(path), "--json", *extra)
    assert code == 0 and err == ""
    return json.loads(out)


def test_contract_shape_and_exact_strings(capsys):
    data = solve_json(capsys, GAMES / "von_stengel_3x2.nfg")
    assert {"rows", "cols", "method", "complete", "equilibria"} <= data.keys()
    assert (data["rows"], data["cols"], data["method"], data["complete"]) == (3, 2, "all", True)
    assert data["equilibria"] == [
        {"row": ["1", "0", "0"], "col": ["1", "0"], "payoffs": ["3", "3"]},
        {"row": ["4/5", "1/5", "0"], "col": ["2/3", "1/3"], "payoffs": ["3", "14/5"]},
        {"row": ["0", "1/3", "2/3"], "col": ["1/3", "2/3"], "payoffs": ["4", "8/3"]},
    ]
    assert data["unique"] is False
    for e in data["equilibria"]:
        assert set(e) == {"row", "col", "payoffs"}
        assert all(isinstance(v, str) and EXACT.match(v) for v in e["row"] + e["col"] + e["payoffs"])


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.nfg")), ids=lambda p: p.name)
def test_json_equilibria_match_pygambit_enummixed(capsys, path):
    data = solve_json(capsys, path)
    game = gamekit.read_nfg(path)
    res = gbt.nash.enummixed_solve(to_pygambit(game), rational=True)
    theirs = sorted(
        (tuple(map(gamekit.fmt, e.row)), tuple(map(gamekit.fmt, e.col)))
        for e in (profile_from_pygambit(game, p) for p in res.equilibria)
    )
    ours = sorted((tuple(e["row"]), tuple(e["col"])) for e in data["equilibria"])
    assert ours == theirs
    assert data["complete"] is True
    assert data["unique"] == (len(theirs) == 1)
    # payoffs are the exact expected payoffs of the profile
    for e in data["equilibria"]:
        x = [Fraction(v) for v in e["row"]]
        y = [Fraction(v) for v in e["col"]]
        assert [gamekit.fmt(p) for p in game.payoffs(x, y)] == e["payoffs"]


@pytest.mark.parametrize(
    "method, complete", [("pure", False), ("support_enumeration", False),
                         ("lemke_howson", False), ("vertex_enumeration", True), ("all", True)]
)
def test_methods_and_complete_flag(capsys, method, complete):
    data = solve_json(capsys, GAMES / "battle_of_sexes.nfg", "--method", method)
    assert data["method"] == method and data["complete"] is complete
    found = {(tuple(e["row"]), tuple(e["col"])) for e in data["equilibria"]}
    everything = {(("1", "0"), ("1", "0")), (("3/5", "2/5"), ("2/5", "3/5")), (("0", "1"), ("0", "1"))}
    assert found <= everything
    if method in ("pure", "lemke_howson"):
        # Lemke-Howson started at the artificial equilibrium only reaches equilibria of
        # index +1; the mixed equilibrium of the battle of the sexes has index -1.
        assert found == everything - {(("3/5", "2/5"), ("2/5", "3/5"))}
    else:
        assert found == everything
    assert data["unique"] is (False if complete else None)


def test_components_report_the_continuum(capsys):
    data = solve_json(capsys, GAMES / "von_stengel_degenerate.nfg")
    assert data["row_vertices"] == [["1", "0", "0"], ["0", "1/3", "2/3"]]
    assert data["col_vertices"] == [["1", "0"], ["2/3", "1/3"], ["1/3", "2/3"]]
    assert [(c["rows"], c["cols"]) for c in data["components"]] == [([0], [0, 1]), ([1], [2])]
    assert data["unique"] is False


def test_unique_game(capsys):
    data = solve_json(capsys, GAMES / "prisoners_dilemma.nfg")
    assert data["unique"] is True
    assert data["equilibria"] == [{"row": ["0", "1"], "col": ["0", "1"], "payoffs": ["1", "1"]}]


def test_readable_table(capsys):
    code, out, err = run(capsys, "solve", str(GAMES / "battle_of_sexes.nfg"))
    assert code == 0 and err == ""
    assert "Opera: 3/5, Football: 2/5" in out and "Opera: 2/5, Football: 3/5" in out
    assert "6/5, 6/5" in out
    assert "3 extreme equilibria: every extreme equilibrium (complete)" in out
    code, out, _ = run(capsys, "solve", str(GAMES / "dominant_row_continuum.nfg"))
    assert "Maximal Nash subsets" in out and "equilibria 1, 2" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "tests/games/does_not_exist.nfg"],
         "error: cannot read tests/games/does_not_exist.nfg: No such file or directory"),
        (["solve", str(GAMES / "bad" / "too_few_payoffs.nfg")],
         f"error: {GAMES / 'bad' / 'too_few_payoffs.nfg'}:4: too few payoffs: found 6, a 2x2 "
         "two-player game needs 8"),
        (["solve", str(GAMES / "bad" / "three_players.nfg"), "--json"],
         f"error: {GAMES / 'bad' / 'three_players.nfg'}:2: gamekit reads two-player games only; "
         "this file has 3 players"),
        (["solve", str(GAMES / "battle_of_sexes.nfg"), "--method", "magic"],
         "error: argument --method: invalid choice: 'magic' (choose from 'all', "
         "'vertex_enumeration', 'lemke_howson', 'support_enumeration', 'pure', 'lemke', 'zerosum', "
         "'backward_induction', 'perfect', 'proper')"),
        (["solve", str(GAMES / "battle_of_sexes.nfg"), "--max-iter", "0"],
         "error: --max-iter must be a positive integer"),
        (["solve"], "error: the following arguments are required: FILE"),
        (["value", str(GAMES / "bad" / "empty.nfg")],
         f"error: {GAMES / 'bad' / 'empty.nfg'}:1: empty file (a strategic game file starts with 'NFG 1 R')"),
        (["solve", "example:nope", "--json"], "error: no example game named 'nope'; examples: "),
        (["frobnicate"], "error: argument command: invalid choice: 'frobnicate'"),
        ([], "error: a command is required: solve, components, ess, value, show, convert, examples, serve or compile"),
    ],
)
def test_errors_exit_2_with_one_line_and_no_stdout(capsys, argv, message):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    assert code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_subprocess_contract():
    """The real process: exit codes, streams, no traceback."""
    ok = subprocess.run([sys.executable, "-m", "gamekit.cli", "solve", str(GAMES / "matching_pennies.nfg"),
                         "--json"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stderr == ""
    data = json.loads(ok.stdout)
    assert data["equilibria"] == [{"row": ["1/2", "1/2"], "col": ["1/2", "1/2"], "payoffs": ["0", "0"]}]
    bad = subprocess.run([sys.executable, "-m", "gamekit.cli", "solve", str(GAMES / "bad" / "bad_number.nfg")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == f"error: {GAMES / 'bad' / 'bad_number.nfg'}:4: invalid number '3.5.1'\n"
    usage = subprocess.run([sys.executable, "-m", "gamekit.cli", "solve", "x.nfg", "--method", "nope"],
                           capture_output=True, text=True)
    assert usage.returncode == 2 and usage.stdout == "" and usage.stderr.count("\n") == 1


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "gamekit"
    assert script.exists(), "pip install -e . should install the gamekit console script"
    r = subprocess.run([str(script), "solve", "example:battle_of_sexes", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and len(json.loads(r.stdout)["equilibria"]) == 3


def test_stdin(monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO((GAMES / "prisoners_dilemma.nfg").read_text()))
    data = solve_json(capsys, "-")
    assert data["rows"] == 2 and data["unique"] is True


def test_value_command(capsys):
    code, out, err = run(capsys, "value", str(GAMES / "rock_paper_scissors.nfg"), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["zero_sum"] is True and data["value"] == "0"
    assert data["row_strategy"] == ["1/3", "1/3", "1/3"] == data["col_strategy"]
    assert data["safety_levels"] == {"row": "0", "col": "0"}
    code, out, _ = run(capsys, "value", str(GAMES / "battle_of_sexes.nfg"), "--json")
    data = json.loads(out)
    assert data["zero_sum"] is False and data["value"] is None
    assert data["safety_levels"] == {"row": "6/5", "col": "6/5"}
    code, out, _ = run(capsys, "value", str(GAMES / "matching_pennies.nfg"))
    assert code == 0 and "zero-sum game, value 0" in out


def test_show_and_convert(capsys, tmp_path):
    code, out, _ = run(capsys, "show", str(GAMES / "hawk_dove_outcome.nfg"), "--json")
    data = json.loads(out)
    assert data["A"] == [["-1/2", "2"], ["0", "1"]] and data["B"] == [["-1/2", "0"], ["2", "1"]]
    assert data["row_labels"] == ["Hawk", "Dove"]
    target = tmp_path / "hd.nfg"
    code, out, err = run(capsys, "convert", str(GAMES / "hawk_dove_outcome.nfg"), str(target))
    assert code == 0 and err == f"wrote {target} (2x2, payoff version)\n" and out == ""
    assert gamekit.read_nfg(target) == gamekit.read_nfg(GAMES / "hawk_dove_outcome.nfg")
    code, out, _ = run(capsys, "convert", str(target), "-", "--outcome-format")
    assert out.startswith("NFG 1 R") and "{ \"\" -1/2, -1/2 }" in out
    code, out, _ = run(capsys, "show", str(GAMES / "hawk_dove_outcome.nfg"))
    assert "-1/2, -1/2" in out
    code, out, _ = run(capsys, "convert", str(target), str(target), "--json", "--outcome-format")
    assert json.loads(out) == {"output": str(target), "rows": 2, "cols": 2, "format": "outcome"}
    code, out, err = run(capsys, "convert", str(target), "-", "--json")
    assert code == 2 and out == "" and err.startswith("error: --json cannot be combined")


def test_examples_command(capsys):
    code, out, _ = run(capsys, "examples", "--json")
    names = [e["name"] for e in json.loads(out)]
    assert names == gamekit.io.nfg.example_names() and "battle_of_sexes" in names
