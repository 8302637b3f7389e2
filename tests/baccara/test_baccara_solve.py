"""`baccara solve` and games.baccara.analysis.equilibria: contract JSON, paper values, cross-checks.

Facts checked: the contract's B2 numbers (6 decks, α = 1/20); Theorem 1 of paper I through
the full 2 × 2⁸⁸ game; Model A2's continuum (with the same value as A1); Model B → Model A
as the number of decks grows; Foster's answer on small reduced games against gamekit's
explicit solver and pygambit's enummixed; every reported equilibrium is an equilibrium of
the FULL game; bad input gives one `error:` line and exit status 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F

import numpy as np
import pytest

from gamekit.additive.behaviour import col_best_response, is_additive_equilibrium, row_payoffs
from gamekit.additive.crosscheck import compare_with_explicit
from gamekit.additive.foster import solve_additive
from gamekit.additive.reduction import forced_moves, materialize
from gamekit.bimatrix.solve import solve_result
from gamekit.core.errors import GameError
from gamekit.doubly_additive import DoublyAdditiveGame
from games.baccara.analysis.equilibria import fix_banker_moves, player_forced_moves, solve_model
from games.baccara.cli.main import main
from games.baccara.infosets import banker_infosets, player_infosets
from games.baccara.models.tables import build_game, model_tables

EXACT = r"-?\d+(/\d+)?"


def run_json(capsys, *argv):
    code = main(["solve", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# -- the contract's JSON ---------------------------------------------------------------------
@pytest.mark.parametrize("model", ["A1", "A2", "A3", "B1", "B2", "B3"])
def test_contract_json_shape(capsys, model):
    import re

    data = run_json(capsys, "--model", model)
    assert data["model"] == model and data["decks"] == 6 and data["alpha"] == "1/20"
    info = int(model[1])
    assert set(data["reduced"]) >= {"player_infosets", "banker_infosets"}
    assert isinstance(data["reduced"]["banker_infosets"], int)
    assert isinstance(data["unique"], bool)
    assert isinstance(data["notes"], list) and all(isinstance(s, str) for s in data["notes"])
    assert data["equilibria"], "at least one equilibrium"
    if data["unique"]:
        assert len(data["equilibria"]) == 1
    for e in data["equilibria"]:
        assert list(e["player"]) == list(player_infosets(info))
        assert list(e["banker"]) == list(banker_infosets(info))  # every information set, in order
        assert len(e["banker"]) == (88 if info == 1 else 484)
        for v in list(e["player"].values()) + list(e["banker"].values()):
            assert re.fullmatch(EXACT, v) and 0 <= F(v) <= 1
        assert set(e["payoffs"]) == {"player", "banker"}
        assert all(re.fullmatch(EXACT, v) for v in e["payoffs"].values())
    if model[0] == "A" and model != "A1":
        # with replacement compositions tell nothing: a continuum with Model A1's value
        a1 = solve_model("A1").equilibria[0].payoffs
        assert data["unique"] is False and data["continuum"] is True
        assert {(F(e["payoffs"]["player"]), F(e["payoffs"]["banker"])) for e in data["equilibria"]} == {a1}


def test_contract_b2_values(capsys):
    """CONTRACT.md's example: B2, 6 decks, α = 1/20 (paper II, section 3)."""
    data = run_json(capsys)  # the defaults
    assert (data["model"], data["decks"], data["alpha"]) == ("B2", 6, "1/20")
    assert data["unique"] is True and data["continuum"] is False
    (e,) = data["equilibria"]
    assert e["player"] == {"5": "2372272/2881749"}
    assert e["banker"]["06:-"] == "77143741/121269912"
    assert e["banker"]["00:0"] == "1"
    assert data["reduced"]["player_infosets"] == 1
    # Lemma 1 at α = 1/20 leaves 18 sets; the contract's (and paper II's) 20 is Lemma 1 applied
    # uniformly on 0 ≤ α ≤ 1/10: 15:6 and 24:6 are strategic only above α ≈ 0.069, 22:1 only below ≈ 0.067
    assert data["reduced"]["banker_infosets"] == 20  # CONTRACT.md / paper II: 2 x 2^20
    assert data["reduced"]["banker_infosets_at_alpha"] == 18
    assert data["reduced"]["uniform_alpha_range"] == ["0", "1/10"]
    t = model_tables("B2", 6)
    union = set()
    for a in (F(0), F(1, 40), F(1, 20), F(3, 40), F(1, 10)):
        union |= set(forced_moves(t.game(a)).reduced.infosets)
    assert len(union) == 20
    assert set(data["reduced"]["strategic"]) | {"15:6", "24:6"} == union


def test_model_a_ignores_decks(capsys):
    d1 = run_json(capsys, "--model", "A1", "--decks", "1")
    d8 = run_json(capsys, "--model", "A1", "--decks", "8")
    assert d1["decks"] == 1 and d8["decks"] == 8
    assert d1["equilibria"] == d8["equilibria"]
    assert any("ignored" in n for n in d1["notes"])


# -- paper I, Theorem 1 through the full game ----------------------------------------------------
@pytest.mark.parametrize("alpha", [F(0), F(1, 20)])
def test_a1_theorem1(alpha):
    s = solve_model("A1", alpha=alpha)
    assert s.unique and not s.continuum and s.method == "foster"
    (e,) = s.equilibria
    assert e.player == {"5": (9 - alpha) / (11 - 6 * alpha)}
    assert e.mixed_banker == {"6:-": F(859, 2288)}
    assert (e.banker_draw("3:9"), e.banker_draw("4:1"), e.banker_draw("5:4")) == (1, 0, 1)
    assert s.strategic == ("3:9", "4:1", "5:4", "6:-") and s.reduced_banker == 4
    assert e.payoffs[0] == F(-679568, 11 * 13**6)  # v_P, paper I (6)
    if alpha == 0:
        assert e.payoffs[1] == -e.payoffs[0]  # the parlor game is zero-sum


# -- Model A2: a continuum with A1's value ----------------------------------------------------------
def test_a2_is_a_continuum_with_the_value_of_a1():
    a1, a2 = solve_model("A1"), solve_model("A2")
    assert a2.unique is False and a2.continuum is True and len(a2.equilibria) > 1
    assert {e.payoffs for e in a2.equilibria} == {a1.equilibria[0].payoffs}
    assert {e.player["5"] for e in a2.equilibria} == {a1.equilibria[0].player["5"]}
    full = build_game("A2")
    for e in a2.equilibria:  # every extreme point is an equilibrium of the full 2 × 2^484 game
        p = e.player["5"]
        assert is_additive_equilibrium(full, (1 - p, p), draw=e.banker)
    # A1's equilibrium read compositionwise (each hand of total j moves as total j does) is in
    # the A2 continuum, strictly inside: it is none of the extreme points
    q = a1.equilibria[0]
    lifted = tuple(q.banker_draw(f"{sum(map(int, s[:2])) % 10}:{s[3:]}") for s in full.infosets)
    p = q.player["5"]
    assert is_additive_equilibrium(full, (1 - p, p), draw=lifted)
    assert lifted not in {e.banker for e in a2.equilibria}
    # where the continuum lives: Banker's six compositions of total 6 when Player stood
    varying = {s for i, s in enumerate(full.infosets) if len({e.banker[i] for e in a2.equilibria}) > 1}
    assert varying == {"06:-", "15:-", "24:-", "33:-", "79:-", "88:-"}


def test_b3_doubly_additive():
    b3 = solve_model("B3")
    assert b3.unique is True and b3.method == "doubly additive enumeration"
    (e,) = b3.equilibria
    # paper II, section 4: Player mixes only at (1,4) (draws at 05, 69, 78, stands at 23)
    assert [e.player[h] for h in ("05", "23", "69", "78")] == [1, 0, 1, 1]
    assert 0 < e.player["14"] < 1
    full = DoublyAdditiveGame.from_additive(build_game("B3"), player_infosets(3))
    x = [e.player[h] for h in player_infosets(3)]
    assert full.is_equilibrium(x, e.banker)
    assert full.payoffs(x, e.banker) == e.payoffs


# -- Model B approaches Model A ------------------------------------------------------------------
def _regret(game, p, draw):
    """(Player's, Banker's) gain from deviating in the full additive game."""
    row = (1 - p, p)
    a = row_payoffs(game, draw=draw)
    pay_a = (1 - p) * a[0] + p * a[1]
    br = col_best_response(game, row)
    pay_b = sum((r * game.b_behaviour(u, draw) for u, r in enumerate(row)), F(0))
    return max(a) - pay_a, br.value - pay_b


def test_b_models_approach_a_models():
    a1 = solve_model("A1").equilibria[0]
    ga2 = build_game("A2")
    prev = None
    for d in (1, 6, 50, 1000):
        b1, b2 = solve_model("B1", d), solve_model("B2", d)
        assert b1.unique and b2.unique
        e1, e2 = b1.equilibria[0], b2.equilibria[0]
        gaps = (abs(e1.player["5"] - a1.player["5"]), abs(e1.banker_draw("6:-") - a1.banker_draw("6:-")),
                abs(e2.player["5"] - a1.player["5"]),
                max(abs(x - y) for x, y in zip(e2.payoffs, a1.payoffs)),
                max(_regret(ga2, e2.player["5"], e2.banker)))  # B2's equilibrium is almost one of A2
        if prev is not None:
            assert all(g < h for g, h in zip(gaps, prev)), (d, gaps, prev)
        prev = gaps
    assert max(prev) < F(1, 10**4)


# -- Foster against the explicit solvers on small reduced games --------------------------------
def _pygambit_extreme(game):
    import pygambit

    g = pygambit.Game.from_arrays(np.array(game.A, dtype=object), np.array(game.B, dtype=object))
    res = pygambit.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    return [(tuple(F(eq[s]) for s in p1.strategies), tuple(F(eq[s]) for s in p2.strategies))
            for eq in res.equilibria]


CROSS = [("A1", 6, F(0)), ("A1", 6, F(1, 20)), ("A1", 6, F(1, 15)), ("A1", 6, F(1, 10)),
         ("A1", 6, F(1, 6)), ("A1", 6, F(6, 35)), ("A1", 6, F(3, 10)), ("B1", 1, F(1, 20)),
         ("B1", 6, F(0)), ("B1", 6, F(1, 12))]


@pytest.mark.parametrize("model,d,alpha", CROSS, ids=[f"{m}-d{d}-{a}" for m, d, a in CROSS])
def test_foster_agrees_with_explicit_solvers(model, d, alpha):
    sol = solve_model(model, d, alpha)
    red = sol.lemma1.reduced
    explicit = materialize(red, reduce=False)
    assert explicit.n <= 64
    foster = sol.raw
    ours = solve_result(explicit, method="all")
    assert compare_with_explicit(foster, [(e.row, e.col) for e in ours.equilibria], reduce=False) == []
    assert compare_with_explicit(foster, _pygambit_extreme(explicit), reduce=False) == []
    assert sol.unique == ours.unique


def test_every_equilibrium_is_one_of_the_full_game():
    for model in ("A1", "B1", "B2"):
        for alpha in (F(0), F(1, 15), F(1, 5)):
            s = solve_model(model, 6, alpha)
            full = build_game(model, 6, alpha)
            for e in s.equilibria:
                p = e.player["5"]
                assert is_additive_equilibrium(full, (1 - p, p), draw=e.banker)
                assert (full.a_behaviour(0, e.banker) * (1 - p) + full.a_behaviour(1, e.banker) * p,
                        full.b_behaviour(0, e.banker) * (1 - p) + full.b_behaviour(1, e.banker) * p) == e.payoffs


# -- helpers ---------------------------------------------------------------------------------
def test_fix_banker_moves_folds_payoffs_exactly():
    g = build_game("A1", alpha="1/20")
    fixed = {"3:9": 1, "4:1": 0, "6:-": 1}
    r = fix_banker_moves(g, fixed)
    assert r.n == g.n - 3 and "3:9" not in r.infosets
    rng = np.random.default_rng(7)
    for _ in range(20):
        T = {l for l in range(r.n) if rng.random() < 0.5}
        full = {g.index(r.infosets[l]) for l in T} | {g.index(s) for s, v in fixed.items() if v}
        for u in (0, 1):
            assert r.b(u, T) == g.b(u, full) and r.a(u, T) == g.a(u, full)
    with pytest.raises(GameError, match="move at"):
        fix_banker_moves(g, {"3:9": 2})
    with pytest.raises(GameError, match="unknown information set"):
        fix_banker_moves(g, {"9:9": 1})


def test_player_forced_moves():
    red = forced_moves(build_game("A1")).reduced
    assert player_forced_moves(red) == {}  # Player mixes: his choice on 5 is strategic
    # make drawing on 5 worth one unit more whatever Banker does: strictly dominant
    from gamekit.additive.game import AdditiveGame

    bumped = AdditiveGame(red.rows, red.infosets, red.b_base, red.b_move,
                          a_base=[red.a_base[0], red.a_base[1] + 1], a_move=red.a_move)
    assert player_forced_moves(bumped) == {0: 1}
    s = solve_additive(bumped)
    assert s.unique and s.equilibria[0].p == 1


def test_solve_model_rejects_bad_input():
    with pytest.raises(GameError, match="unknown model"):
        solve_model("C9")
    with pytest.raises(GameError, match="alpha"):
        solve_model("B2", 6, 0.05)  # floats are not exact
    with pytest.raises(GameError, match="decks"):
        solve_model("A1", 0)  # validated even though Model A ignores it


# -- the command line ------------------------------------------------------------------------
@pytest.mark.parametrize("argv,words", [
    (["--alpha", "1"], "alpha"),
    (["--alpha", "-1/10"], "alpha"),
    (["--alpha", "abc"], "alpha"),
    (["--decks", "0"], "decks"),
    (["--decks", "two"], "decks"),
    (["--model", "C9"], "model"),
])
def test_cli_errors(capsys, argv, words):
    try:
        code = main(["solve", *argv])
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("error:") and err.count("\n") == 1 and words in err


def test_readable_summary(capsys):
    assert main(["solve", "--model", "A1", "--alpha", "0"]) == 0
    out, _ = capsys.readouterr()
    assert "Unique Nash equilibrium" in out
    assert "9/11" in out and "859/2288" in out
    assert "2 × 2^4" in out
    # Table 1 of paper I, row 4: S on cards 0, 1, 8, 9 (Banker stands on (4,1) at equilibrium)
    row4 = next(line for line in out.splitlines() if line.strip().startswith("4 "))
    assert row4.split()[1:] == list("SSDDDDDDSSD")


def test_baccara_without_arguments_is_the_main_job():
    """`baccara` alone solves Model B2 (6 decks, α = 1/20) and prints the readable summary."""
    r = subprocess.run([sys.executable, "-m", "games.baccara.cli.main"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Model B2, 6 decks" in r.stdout and "2372272/2881749" in r.stdout
    assert "77143741/121269912" in r.stdout and "Unique Nash equilibrium" in r.stdout
    cells = [line.split()[-11:] for line in r.stdout.splitlines() if len(line.split()) >= 12]
    grid = [c for c in cells if all(x in ("D", "S") or x.startswith(".") for x in c)]
    assert len(grid) == 44  # one row per non-natural Banker composition
