"""``baccara sweep`` and games.baccara.analysis.deck_sweep: the contract's JSON, Table 4 for d = 6, the disk
cache (hit, resume, corruption), parallel == serial, Dask, input errors, and agreement of the
segment formulas with the fixed-α solver (Ethier & Lee II, section 3)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
import sympy

from gamekit.core.errors import GameError
from games.baccara.analysis import deck_sweep as sweep_mod
from games.baccara.analysis.deck_sweep import SweepCache, evaluate_formula, parse_decks, run_sweep
from games.baccara.cli.main import main

CONTRACT_TO = "(16145999279 - sqrt(226436619657206227489))/17712223814"
CONTRACT_P = "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"
CONTRACT_KEYS = {"decks", "curves", "intersections", "boundary_curves", "intervals", "nonunique_points", "segments"}


@pytest.fixture(scope="module")
def d6(tmp_path_factory):
    return run_sweep("B2", "6", cache_dir=tmp_path_factory.mktemp("cache"), jobs=1)[0]


def test_contract_shape_and_table4_row_d6(d6):
    assert CONTRACT_KEYS <= set(d6)
    # Ethier & Lee II, Table 4, d = 6: (a) 20 (b) 23 (c) 3 (d) 66 (e) 1
    assert (d6["decks"], d6["curves"], d6["intersections"], d6["boundary_curves"], d6["intervals"],
            d6["nonunique_points"]) == (6, 20, 23, 3, 66, 1)
    first, second = d6["segments"]
    assert first["from"] == "0" and first["to"].startswith("0.0620017")
    assert first["to_exact"] == CONTRACT_TO == second["from_exact"]
    assert first["player"] == {"5": CONTRACT_P} == second["player"]  # equation (25)
    assert first["banker_mixed"] == {"06:-": "77143741/121269912"}  # (19)
    assert second["banker_mixed"] == {"06:-": "76834069/121269912"}  # (20)
    # the exact string is sympy-parsable and agrees with the decimal to its 10 digits
    assert abs(float(sympy.sympify(first["to_exact"])) - float(first["to"])) < 1e-11
    for seg in d6["segments"]:  # every number is an exact string
        assert all(isinstance(v, str) for v in seg["banker_mixed"].values())
        assert len(seg["banker_moves"]) == 484 and set(seg["banker_moves"]) <= set("SDM")


def test_cli_json_is_the_contract_list(tmp_path, capsys):
    assert main(["sweep", "--model", "B2", "--decks", "6", "--json", "--cache-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and len(out) == 1 and CONTRACT_KEYS <= set(out[0])
    assert out[0]["segments"][0]["to_exact"] == CONTRACT_TO
    assert out[0]["segments"][0]["player"]["5"] == CONTRACT_P


def test_cli_table_by_default(tmp_path, capsys):
    assert main(["sweep", "--decks", "6", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Table 4" in out and "77143741/121269912" in out and "0.06200171" in out


def test_segments_agree_with_fixed_alpha_solver(tmp_path):
    """Evaluating a record's formulas at rational α gives the equilibrium solve_additive finds."""
    from gamekit.additive.foster import solve_additive
    from games.baccara.analysis.commission import affine_game

    for d in (1, 2):
        rec = run_sweep("B2", [d], cache_dir=tmp_path, jobs=1)[0]
        game = affine_game("B2", d)
        live = game.infosets
        for alpha in (F(0), F(1, 50), F(1, 20), F(7, 100), F(1, 10)):
            # these alpha are far from every breakpoint of d = 1, 2 (0.0244, 0.0287, 0.0353)
            seg = next(s for s in rec["segments"] if float(s["from"]) <= alpha <= float(s["to"]))
            sol = solve_additive(game.at(alpha))
            assert len(sol.equilibria) == 1
            eq = sol.equilibria[0]
            assert evaluate_formula(seg["player"]["5"], alpha=alpha) == eq.row[1]
            for lab, q in seg["banker_mixed"].items():
                assert F(q) == eq.draw[live.index(lab)]
            for lab, m in zip(live, seg["banker_moves"]):
                if m != "M":
                    assert eq.draw[live.index(lab)] == (1 if m == "D" else 0)


def test_cache_hit_resume_and_corruption(tmp_path, monkeypatch):
    first = run_sweep("B2", "3-4", cache_dir=tmp_path, jobs=1)
    assert (first.computed, first.cached) == (2, 0)

    def boom(*a, **k):
        raise AssertionError("solve_record called although the result is cached")

    monkeypatch.setattr(sweep_mod, "solve_record", boom)
    again = run_sweep("B2", "3-4", cache_dir=tmp_path, jobs=1)
    assert (again.computed, again.cached) == (0, 2) and list(again) == list(first)
    monkeypatch.undo()
    # a corrupt or foreign file counts as missing and is recomputed
    cache = SweepCache(tmp_path)
    cache.path("B2", 3, F(0), F(1, 10)).write_text("{not json")
    fixed = run_sweep("B2", "3-4", cache_dir=tmp_path, jobs=1)
    assert (fixed.computed, fixed.cached) == (1, 1) and list(fixed) == list(first)
    # another alpha-range is another cache entry
    other = run_sweep("B2", "3", alpha_max="1/20", cache_dir=tmp_path, jobs=1)
    assert other.computed == 1 and other[0]["alpha_max"] == "1/20"


def test_interrupted_sweep_resumes(tmp_path):
    calls = []

    def stop_after_first(done, total, d, cached):
        calls.append(d)
        if len(calls) == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep("B2", "5-6", cache_dir=tmp_path, jobs=1, progress=stop_after_first)
    resumed = run_sweep("B2", "5-6", cache_dir=tmp_path, jobs=1)
    assert (resumed.computed, resumed.cached) == (1, 1)


def test_no_cache_writes_nothing(tmp_path):
    run_sweep("B2", "3", cache_dir=tmp_path, use_cache=False, jobs=1)
    assert not any(tmp_path.rglob("*.json"))


def test_parallel_equals_serial():
    serial = run_sweep("B2", "1-4", use_cache=False, executor="serial")
    parallel = run_sweep("B2", "1-4", use_cache=False, jobs=2)
    assert list(serial) == list(parallel)
    assert [r["decks"] for r in parallel] == [1, 2, 3, 4]
    # Table 4 rows d = 1 … 4
    assert [(r["curves"], r["intersections"], r["boundary_curves"], r["intervals"], r["nonunique_points"])
            for r in parallel] == [(26, 13, 4, 52, 2), (23, 30, 3, 83, 1), (22, 9, 4, 40, 0), (21, 19, 4, 59, 1)]


def test_dask_local_cluster_equals_serial():
    """The Dask executor on a real local cluster (dask[distributed] is in the test extra)."""
    serial = run_sweep("B2", "3", use_cache=False, executor="serial")
    remote = run_sweep("B2", "3", use_cache=False, executor="dask", jobs=1)
    assert list(serial) == list(remote)


def test_model_a1_ignores_decks(tmp_path):
    recs = run_sweep("A1", "1-5", cache_dir=tmp_path, jobs=1)
    assert len(recs) == 1 and recs[0]["decks"] is None
    (seg,) = recs[0]["segments"]  # paper I, Theorem 1: unique for all 0 <= alpha <= 1/10
    assert seg["player"] == {"5": "(9 - alpha)/(11 - 6*alpha)"} and seg["banker_mixed"] == {"6:-": "859/2288"}


def test_model_b1_works(tmp_path):
    (rec,) = run_sweep("B1", "6", cache_dir=tmp_path, jobs=1)
    assert rec["lemma2b_holds"] and rec["segments"] and all(len(s["banker_moves"]) == 88 for s in rec["segments"])


def test_parse_decks():
    assert parse_decks("6") == [6]
    assert parse_decks("1-3,10, 2") == [1, 2, 3, 10]
    assert parse_decks([3, 1]) == [1, 3]
    for bad in ("", "0", "1-x", "5-2", "-3", "1,,2", "a"):
        with pytest.raises(GameError) as exc:
            parse_decks(bad)
        assert "deck" in str(exc.value)


def test_evaluate_formula_exact():
    assert evaluate_formula(CONTRACT_P, alpha=F(1, 20)) == F(477191 * 20 - 54732, 12 * (49377 * 20 - 26957))
    assert evaluate_formula("77143741/121269912") == F(77143741, 121269912)
    with pytest.raises(GameError):
        evaluate_formula("__import__('os')")
    with pytest.raises(GameError):
        evaluate_formula("1/(alpha - 1)", alpha=1)


@pytest.mark.parametrize("argv", [
    ["--decks", "0"], ["--decks", "1-x"], ["--decks", "5-2"], ["--alpha-max", "1"], ["--alpha-max", "0"],
    ["--alpha-max", "-1/10"], ["--alpha-max", "abc"], ["--model", "C9"], ["--model", "A3"], ["--jobs", "0"],
    ["--executor", "spark"],
])
def test_cli_errors_are_one_line(argv, tmp_path, capsys):
    try:
        rc = main(["sweep", *argv, "--cache-dir", str(tmp_path), "--json"])
    except SystemExit as exc:  # argparse's own checks (choices) exit through the parser
        rc = exc.code
    assert rc == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:")


def test_from_slope_equals_from_endpoints():
    """AffineAdditiveGame.from_slope (G0 + player II's slope) is the game through the model's
    evaluations at two commissions, and matches it at a third."""
    from gamekit.parametric import AffineAdditiveGame
    from games.baccara.analysis.commission import affine_game
    from games.baccara.models.tables import model_tables

    t = model_tables("B2", 3)
    game = affine_game("B2", 3)
    ref = AffineAdditiveGame.from_endpoints(t.game(0), t.game(F(1, 2)), 0, F(1, 2))
    for a in (F(0), F(1, 7), F(1, 10)):
        assert game.same_weights(t.game(a), a) and ref.same_weights(game.at(a), a)
    with pytest.raises(GameError):
        affine_game("B3", 6)
