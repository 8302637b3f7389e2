"""The qre, dynamics and generate subcommands."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.cli import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's errors (one line, exit 2, see gamekit.cli._Parser)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_qre_json_and_lambda(capsys):
    code, out, _ = _run(capsys, "qre", "example:prisoners_dilemma", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["limit"]["row"] == ["0", "1"] and doc["branch"][0]["lambda"] == 0.0
    assert set(doc) == {"rows", "cols", "branch", "limit", "limit_index", "component", "distance", "bifurcations"}
    code, out, _ = _run(capsys, "qre", "example:matching_pennies", "--lambda", "1/2", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["lambda"] == "1/2" and doc["globally_unique"] is True
    lo, hi = (gamekit.to_fraction(v) for v in doc["row"][0])
    assert lo <= gamekit.to_fraction("1/2") <= hi


def test_qre_plot(tmp_path, capsys):
    out = tmp_path / "q.png"
    code, text, _ = _run(capsys, "qre", "example:battle_of_sexes", "--plot", str(out))
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG" and "bifurcation" in text


def test_dynamics_json_and_plot(tmp_path, capsys):
    out = tmp_path / "d.png"
    code, text, _ = _run(capsys, "dynamics", "example:rock_paper_scissors", "--rule", "fictitious-play",
                         "--steps", "50", "--json", "--plot", str(out))
    doc = json.loads(text)
    assert code == 0 and doc["rule"] == "fictitious-play" and len(doc["row"]) == 51
    assert out.read_bytes()[:4] == b"\x89PNG"
    code, text, _ = _run(capsys, "dynamics", "example:prisoners_dilemma", "--rule", "Asymmetric_Replicator",
                         "--steps", "50")
    assert code == 0 and "certified equilibrium" in text


def test_generate_roundtrip(tmp_path, capsys):
    f = tmp_path / "g.nfg"
    for kind, extra in (("covariance", ["--rho", "0.3"]), ("von-stengel-75", []), ("sgc", ["--k", "2"]),
                        ("blotto", ["--hills", "2", "--troops", "2"]), ("random", ["--entries", "rational"]),
                        ("savani-von-stengel", ["-m", "4"])):
        code, _, _ = _run(capsys, "generate", kind, "-m", "3", "-n", "2", "--seed", "4", "-o", str(f), *extra)
        assert code == 0
        g = gamekit.read_nfg(f)
        if kind == "von-stengel-75":
            assert g == gamekit.generators.von_stengel_75()
        if kind == "savani-von-stengel":
            assert g == gamekit.generators.savani_von_stengel(4)
        if kind == "random":
            assert g == gamekit.generators.random_game(3, 2, "rational", seed=4)


@pytest.mark.parametrize("argv", [
    ["qre", "example:matching_pennies", "--lambda", "-1"],
    ["qre", "example:matching_pennies", "--lambda", "abc"],
    ["qre", "example:matching_pennies", "--plot", "x.txt"],
    ["dynamics", "example:matching_pennies", "--rule", "nope", "--steps", "3"],
    ["dynamics", "example:matching_pennies", "--rule", "replicator", "--steps", "3"],  # not symmetric
    ["dynamics", "example:matching_pennies", "--rule", "logit", "--steps", "0"],
    ["generate", "random", "-m", "0", "-o", "x.nfg"],
    ["generate", "nope", "-o", "x.nfg"],
])
def test_bad_input_one_error_line(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error:") and err.count("\n") == 1
