"""``baccara plot``: Figure 1 of Ethier & Lee II (curves, d = 6) and the mixing picture — files
written, and the data behind them checked against the paper and the exact formulas."""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction as F

import pytest

from games.baccara.analysis.deck_sweep import evaluate_formula, run_sweep
from games.baccara.cli.main import main
from games.baccara.plots import figures

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def curves6():
    return figures.curves_data("B2", 6)


def test_figure1_data(curves6):
    # 20 curves, 23 intersections, colours of the paper's Figure 1:
    # 5 red (3,9), 3 green (4,1), 3 blue (5,4), 6 black (6,∅), 3 orange (6,6)
    assert len(curves6["curves"]) == 20 and len(curves6["intersections"]) == 23
    assert Counter(c["colour"] for c in curves6["curves"]) == {"red": 5, "green": 3, "blue": 3, "black": 6,
                                                               "orange": 3}
    # "No two curves of the same color intersect each other."
    colour = {c["label"]: c["colour"] for c in curves6["curves"]}
    assert all(colour[a] != colour[b] for a, b in (x["curves"] for x in curves6["intersections"]))
    # samples are the exact formula, restricted to [0, 1]
    for c in curves6["curves"]:
        for x, y in zip(c["alpha"][::40], c["p"][::40]):
            exact = evaluate_formula(c["formula"], alpha=F(x).limit_denominator(10**6))
            if 0 <= exact <= 1:
                assert abs(y - float(exact)) < 1e-9
            else:
                assert math.isnan(y)
    # each intersection lies on both of its curves
    by_label = {c["label"]: c["formula"] for c in curves6["curves"]}
    for x in curves6["intersections"]:
        for lab in x["curves"]:
            a = F(x["alpha"])
            assert abs(float(evaluate_formula(by_label[lab], alpha=a)) - x["p"]) < 1e-9
    assert len(curves6["nonunique"]) == 1 and abs(curves6["nonunique"][0] - 0.0620017) < 1e-7


def test_draw_curves_writes_png(curves6, tmp_path):
    out = figures.draw_curves(curves6, tmp_path / "fig1.png")
    data = out.read_bytes()
    assert data.startswith(PNG) and len(data) > 20_000


def test_mixing_data_and_png(tmp_path):
    recs = list(run_sweep("B2", "1-3,6", cache_dir=tmp_path, jobs=1))
    data = figures.mixing_data(recs)
    assert [d["decks"] for d in data["decks"]] == [1, 2, 3, 6]
    by_d = {d["decks"]: d for d in data["decks"]}
    # Table 6: q is a step function with 3, 2, 1, 2 steps for d = 1, 2, 3, 6
    assert [len(by_d[d]["steps"]) for d in (1, 2, 3, 6)] == [3, 2, 1, 2]
    assert by_d[1]["steps"][0][2] == float(F(290383, 450072))  # (27)
    assert by_d[6]["mixed_set"] == "06:-"
    assert [len(by_d[d]["nonunique"]) for d in (1, 2, 3, 6)] == [2, 1, 0, 1]  # Theorem 1
    # p(alpha) is equation (25) for d = 6
    for x, y in zip(by_d[6]["alpha"][::50], by_d[6]["p"][::50]):
        a = F(x).limit_denominator(10**6)
        assert abs(y - float((477191 - 54732 * a) / (12 * (49377 - 26957 * a)))) < 1e-9
    # d → ∞ limits computed from the counting polynomials and Model A1: paper II, (37)-(38)
    lim = data["limit"]
    assert lim["q_exact"] == "179/286"
    assert lim["p_latex"] == r"\frac{9 - \alpha}{11 - 6 \alpha}"   # the paper's (37), as mathtext
    for x, y in zip(by_d[6]["alpha"][::50], lim["p"][::50]):
        assert abs(y - (9 - x) / (11 - 6 * x)) < 1e-12
    out = figures.draw_mixing(data, tmp_path / "mixing.png")
    assert out.read_bytes().startswith(PNG)


def test_cli_plot(tmp_path, capsys):
    f1 = tmp_path / "c.png"
    assert main(["plot", "curves", "--model", "B2", "--decks", "6", "-o", str(f1), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == {"figure": "curves", "model": "B2", "decks": 6, "file": str(f1), "curves": 20,
                       "intersections": 23, "nonunique_points": 1}
    assert f1.read_bytes().startswith(PNG)
    f2 = tmp_path / "m.svg"
    assert main(["plot", "mixing", "--decks", "2-3", "-o", str(f2), "--cache-dir", str(tmp_path)]) == 0
    assert f2.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("argv", [
    ["curves", "--decks", "1-3"], ["curves", "--decks", "0"], ["curves", "--model", "C9"],
    ["curves", "--model", "B3", "--decks", "5"],
    ["mixing", "--decks", "x"], ["curves", "--alpha-max", "2"],
])
def test_cli_plot_errors(argv, tmp_path, capsys):
    assert main(["plot", *argv, "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err.startswith("error:") and len(err.err.strip().splitlines()) == 1


def test_cli_plot_bad_directory(tmp_path, capsys):
    assert main(["plot", "curves", "-o", str(tmp_path / "missing" / "x.png")]) == 2
    assert capsys.readouterr().err.startswith("error: cannot write")
