"""Small things a newcomer tripped over (issue #30): options that were silently ignored, deck
counts in scientific notation, reprs that showed ``Fraction(3, 5)``, "wrote FILE" on stdout, and
the simulator's "in CI" column."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import gamekit
from gamekit.additive.solution import AdditiveEquilibrium
from games.baccara.analysis.deck_sweep import parse_decks
from games.baccara.cli.main import main as baccara_main


def run(capsys, *argv):
    try:
        code = baccara_main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("option", [["--theta", "1/3"], ["--concept", "correlated"], ["--banker-sees", "totals"]])
def test_banque_options_without_banque_are_refused(capsys, option):
    code, out, err = run(capsys, "solve", *option)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {option[0]} applies to --game banque only")


def test_banque_defaults_still_apply(capsys):
    code, out, err = run(capsys, "solve", "--game", "banque", "--concept", "correlated", "--json")
    assert code == 0, err
    assert json.loads(out)["theta"] == "1/2"


@pytest.mark.parametrize("argv", [["house-edge"], ["counting", "eor"]])
def test_decks_in_scientific_notation(capsys, argv):
    """docs/json.md: integers may be written in scientific notation; 8e0 is 8."""
    code, plain, _ = run(capsys, *argv, "--decks", "8", "--json")
    assert code == 0
    code, sci, err = run(capsys, *argv, "--decks", "8e0", "--json")
    assert code == 0, err
    assert json.loads(sci) == json.loads(plain)


def test_solve_decks_1e1_is_ten_and_fractions_are_refused(capsys):
    code, out, err = run(capsys, "solve", "--decks", "1e1", "--json")
    assert code == 0, err
    assert json.loads(out)["decks"] == 10
    code, out, err = run(capsys, "solve", "--decks", "1.5")
    assert code == 2 and out == "" and "number of decks must be a positive integer" in err


def test_deck_ranges_in_scientific_notation():
    assert parse_decks("1e0-3,1e1") == [1, 2, 3, 10]


def test_reprs_print_exact_numbers():
    g = gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    r = gamekit.bimatrix.solve_result(g)
    assert repr(r) == "SolveResult(method='all', 2x2, 3 equilibria, complete=True)"
    assert repr(r.row_vertices) == "((1, 0), (3/5, 2/5), (0, 1))"
    assert r.row_vertices[1] == (Fraction(3, 5), Fraction(2, 5))  # still a tuple of Fractions
    html = r._repr_html_()
    assert html.count("<tr>") == 4 and "3/5" in html and "Fraction" not in html
    e = AdditiveEquilibrium((Fraction(3, 5), Fraction(2, 5)), (Fraction(1), Fraction(1, 3)),
                            (Fraction(1, 2), Fraction(-1, 2)))
    assert repr(e) == "AdditiveEquilibrium(row=(3/5, 2/5), draw=(1, 1/3), payoffs=(1/2, -1/2))"
    long = AdditiveEquilibrium((Fraction(1), Fraction(0)), (Fraction(0),) * 20 + (Fraction(1, 3),),
                               (Fraction(0), Fraction(0)))
    assert "<21 sets: 20 × 0, 0 × 1, 1 mixed>" in repr(long)


def test_plot_says_wrote_on_stderr(capsys, tmp_path):
    target = tmp_path / "fig.png"
    code, out, err = run(capsys, "plot", "curves", "--model", "B2", "--decks", "1", "-o", str(target))
    assert code == 0 and out == "" and err.strip().endswith(f"wrote {target}")
    assert target.stat().st_size > 0


def test_simulate_explains_in_ci(capsys):
    code, out, err = run(capsys, "simulate", "--rounds", "1e4", "--seed", "1")
    assert code == 0, err
    assert "in CI" in out and "nearly the same event" in out


def test_eor_plot_styles_and_panels():
    """11 bets: 11 distinct (colour, marker) pairs; Banker and Dragon 7 in different panels."""
    from games.baccara.casino.counting import eor_table
    from games.baccara.cli.cmd_counting import _STYLES, _eor_panels

    res = eor_table(8)
    assert len(res.eor) == 11 and len(set(_STYLES[: len(res.eor)])) == len(res.eor)
    assert len({c for c, _ in _STYLES[: len(res.eor)]}) == len(res.eor)
    mag = {b: max(abs(float(v)) for v in e.values()) for b, e in res.eor.items()}
    panels = _eor_panels(mag)
    where = {b: i for i, group in enumerate(panels) for b in group}
    assert where["banker"] == where["player"] != where["ez_dragon7_40_to_1"]
    for group in panels:  # within a panel the largest effect is at most 3× the next one
        sizes = sorted(mag[b] for b in group if mag[b] > 0)
        assert all(b <= 3 * a for a, b in zip(sizes, sizes[1:]))


def test_histogram_edges_resolve_the_bulk():
    """97% of the sessions in a narrow bulk and 3% ruined: the bulk spans many bins."""
    import numpy as np

    from games.baccara.casino.bankroll import histogram_edges

    rng = np.random.default_rng(0)
    values = np.concatenate([1000 + rng.normal(60, 20, 970), rng.uniform(0, 50, 30)])
    edges = histogram_edges(values)
    counts, _ = np.histogram(values, edges)
    assert edges[0] <= values.min() and edges[-1] >= values.max()
    assert counts.max() < 0.25 * len(values)


def test_banque_curves_break_only_at_jumps():
    from games.baccara.banque.theta_sweep import _join

    a = [(0.0, 0.1, 0.2, 1.0), (0.5, 0.3, 0.4, 1.0)]
    b = [(0.5, 0.3, 0.4, 1.0), (1.0, 0.5, 0.6, 1.0)]
    c = [(1.0, 0.9, 0.6, 1.0), (1.5, 0.9, 0.6, 1.0)]
    joined = _join([a, b, c])
    breaks = [i for i, p in enumerate(joined) if p[0] != p[0]]
    assert breaks == [4]   # a meets b (no break); b → c jumps in p1 (one break)
