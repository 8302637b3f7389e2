"""CLI and JSON of the refinements (issue #24): ``gamekit solve --method perfect|proper``,
``gamekit components``, ``gamekit ess`` (shapes documented in docs/json.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamekit.cli import main

GAMES = Path(__file__).parents[1] / "games"
EXACT = re.compile(r"^-?\d+(/\d+)?$")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == ""
    return json.loads(out)


@pytest.mark.parametrize("method", ["perfect", "proper"])
def test_solve_refinement_json_has_the_solve_shape(capsys, method):
    plain = run_json(capsys, "solve", str(GAMES / "refine" / "perfect2.nfg"))
    doc = run_json(capsys, "solve", str(GAMES / "refine" / "perfect2.nfg"), "--method", method)
    assert set(plain) <= set(doc) and doc["method"] == method and doc["complete"] is True
    assert doc["equilibria"] == [{"row": ["0", "1", "0"], "col": ["0", "1", "0"], "payoffs": ["3", "3"]}]
    assert all(e in plain["equilibria"] for e in doc["equilibria"])
    assert doc["unique"] is True and "certificate" in doc
    for e in doc["equilibria"]:
        assert all(EXACT.match(v) for k in ("row", "col", "payoffs") for v in e[k])


def test_perfect_table(capsys):
    code, out, err = run(capsys, "solve", "example:selten_e02", "--method", "perfect")
    assert code == 0 and err == "" and "2 extreme perfect equilibria" in out and "perfect face" in out


def test_components_json(capsys):
    doc = run_json(capsys, "components", "example:von_stengel_degenerate")
    comps = doc["components"]
    assert [(c["index"], c["essential"], len(c["equilibria"]), len(c["perfect"])) for c in comps] == [
        ("0", False, 2, 2), ("1", True, 1, 1)]
    assert sum(int(c["index"]) for c in comps) == 1
    code, out, _ = run(capsys, "components", str(GAMES / "refine" / "perfect1.nfg"))
    assert code == 0 and "undecided" in out and "index sum: 1" in out


def test_ess_json_and_errors(capsys):
    doc = run_json(capsys, "ess", "example:hawk_dove_outcome")
    assert doc["ess"] == [["2/3", "1/3"]] and doc["complete"] is True and doc["method"] == "ess"
    code, out, err = run(capsys, "ess", "example:von_stengel_3x2")
    assert code == 2 and out == "" and err == "error: ESS needs a symmetric game (square, B = A transposed)\n"
    code, out, err = run(capsys, "ess", "example:rock_paper_scissors")
    assert code == 0 and "0 evolutionarily stable strategies" in out


def test_refinement_rejects_solver_options(capsys):
    code, out, err = run(capsys, "solve", "example:battle_of_sexes", "--method", "perfect", "--max-iter", "3")
    assert code == 2 and out == "" and err.startswith("error: unknown option 'max_iter' for method 'perfect'")


def test_proper_constructed_inside_a_segment(capsys):
    """Every extreme equilibrium refuted: the table and the JSON show the constructed one."""
    path = str(GAMES / "refine" / "proper_inside_segment.nfg")
    code, out, err = run(capsys, "solve", path, "--method", "proper")
    assert code == 0 and err == "" and "0 extreme proper equilibria" in out and "constructed" in out
    doc = run_json(capsys, "solve", path, "--method", "proper")
    assert doc["equilibria"] == [{"row": ["1/2", "1/2", "0"], "col": ["0", "0", "1"], "payoffs": ["0", "3/2"]}]
    assert doc["parameters"]["sources"] == ["constructed"] and doc["unique"] is False
    (c,) = doc["certificate"]["constructed"]
    assert c["row"] == ["1/2", "1/2", "0"] and all(EXACT.match(a) for p in c["row_eps"] + c["col_eps"] for a in p)
