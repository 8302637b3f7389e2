"""What a new user types: versions, the main job with --json, forgiving spellings, and
readable output that states facts correctly (issue #15)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from gamekit.cli import main as gamekit_main
from games.baccara.cli.argtypes import exact_int
from games.baccara.cli.main import main as baccara_main
from games.baccara.reproduce import registry
from games.baccara.reproduce.errata import ERRATA


def run(capsys, main, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's --version / usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("main,name", [(baccara_main, "baccara"), (gamekit_main, "gamekit")])
def test_version(capsys, main, name):
    import gamekit

    code, out, err = run(capsys, main, "--version")
    assert code == 0 and err == "" and name in out and gamekit.__version__ in out


def test_baccara_json_alone_is_the_main_job(capsys):
    code, out, err = run(capsys, baccara_main, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["model"], data["decks"], data["alpha"]) == ("B2", 6, "1/20")
    assert data["unique"] is True


@pytest.mark.parametrize("main,typo,hint", [(baccara_main, "slove", "solve"), (baccara_main, "reprodcue", "reproduce"),
                                            (gamekit_main, "slove", "solve"), (gamekit_main, "valeu", "value")])
def test_did_you_mean(capsys, main, typo, hint):
    code, out, err = run(capsys, main, typo)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("error:") and f"did you mean '{hint}'?" in err


def test_method_is_case_insensitive(capsys):
    a = run(capsys, gamekit_main, "solve", "example:battle_of_sexes", "--method", "ALL", "--json")
    b = run(capsys, gamekit_main, "solve", "example:battle_of_sexes", "--method", "all", "--json")
    assert a[0] == b[0] == 0 and json.loads(a[1]) == json.loads(b[1])


def test_components_numbered_from_one_like_equilibria(capsys):
    code, out, _ = run(capsys, gamekit_main, "solve", "example:von_stengel_degenerate")
    assert code == 0
    assert "subset 1: spanned by equilibria 1, 2 (connected component 1 of 2)" in out


@pytest.mark.parametrize("text,value", [("1000000", 10**6), ("1e6", 10**6), ("2.5e3", 2500), ("1_000", 1000)])
def test_exact_int_accepts_exact_integers(text, value):
    assert exact_int(text) == value


@pytest.mark.parametrize("text", ["1.5", "1e-3", "abc", "1e99", ""])
def test_exact_int_refuses_the_rest(text):
    import argparse

    with pytest.raises(argparse.ArgumentTypeError):
        exact_int(text)


def test_rounds_in_scientific_notation(capsys):
    code, out, err = run(capsys, baccara_main, "simulate", "--rounds", "2e4", "--seed", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["rounds"] == 20000


def test_solve_header_states_the_actual_uniform_range(capsys):
    code, out, _ = run(capsys, baccara_main, "solve", "--alpha", "1/2")
    assert code == 0
    data = json.loads(run(capsys, baccara_main, "solve", "--alpha", "1/2", "--json")[1])
    assert data["reduced"]["uniform_alpha_range"] == ["0", "1/2"]
    assert f"2^{data['reduced']['banker_infosets']} uniformly for 0 ≤ α ≤ 1/2" in out
    assert "leaves 0 Player" not in out and "decides Player's move" in out
    assert "commission takes the rest" not in out


def test_no_commission_note_at_alpha_zero_and_singular_deck(capsys):
    code, out, _ = run(capsys, baccara_main, "solve", "--model", "b1", "--decks", "1", "--alpha", "0")
    assert code == 0
    assert "Model B1, 1 deck," in out and "1 decks" not in out
    assert "takes the rest" not in out and "exactly opposite" in out
    payoffs = json.loads(run(capsys, baccara_main, "solve", "--model", "B1", "--decks", "1", "--alpha", "0",
                             "--json")[1])["equilibria"][0]["payoffs"]
    assert Fraction(payoffs["player"]) == -Fraction(payoffs["banker"])  # zero-sum at α = 0


def test_piped_output_has_no_underline_legend_and_no_split_lines(capsys):
    code, out, _ = run(capsys, baccara_main, "solve")
    assert code == 0
    assert "underlined" not in out  # capsys is not a terminal: nothing is underlined
    assert any(len(line) > 80 for line in out.splitlines())  # long lines kept whole
    assert "Player's third card (∅: Player stood)." in out


def test_errata_name_registered_claims():
    ids = {c.id for c in registry()}
    assert set(ERRATA) <= ids


def test_reproduce_list_and_errata(capsys):
    code, out, err = run(capsys, baccara_main, "reproduce", "--list", "--only", "I.thm2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines and all(line.startswith("I.thm2") for line in lines)
    code, out, _ = run(capsys, baccara_main, "reproduce", "--only", "I.thm2.31", "--json")
    rec = json.loads(out)["claims"][0]
    assert rec["erratum"]["printed"] and rec["erratum"]["why"] and rec["pass"] is True
    code, out, _ = run(capsys, baccara_main, "reproduce", "--only", "I.thm2.31")
    assert "Errata and findings" in out and "paper prints" in out and " s;" in out


def test_commands_run_without_pygambit_and_nashpy():
    """Only the test extra needs pygambit (which compiles C++) and nashpy."""
    import subprocess
    import sys

    code = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in ('pygambit', 'nashpy'):
            raise ImportError('blocked ' + name)
sys.meta_path.insert(0, Block())
from games.baccara.cli.main import main
from gamekit.cli import main as gk
codes = [main(['solve', '--model', 'A1']), main(['reproduce', '--list']),
         gk(['solve', 'example:battle_of_sexes'])]
sys.exit(max(codes))
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
