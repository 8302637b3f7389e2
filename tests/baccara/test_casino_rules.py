"""Rules as data, constrained games (paper I §4) and exact strategy pricing (issue #13)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from games.baccara.analysis.constrained import solve_constrained
from games.baccara.analysis.equilibria import solve_model
from games.baccara.analysis.strategies import evaluate
from games.baccara.casino.odds import chemin_de_fer_expectation
from games.baccara.cli.main import main
from games.baccara.rules.drawing import OPTIONAL, PUNTO_BANCO_BANKER, TABLE1
from games.baccara.rules.ruleset import BUILTIN_RULES, RuleFileError, builtin_rules, load_rules

U6 = 13**6


# -- the shipped rule files state paper I's rules ---------------------------------------------
def test_builtin_rules_match_table1_and_punto_banco():
    pb = builtin_rules("punto-banco")
    assert {k: int(v) for k, v in pb.banker.items()} == PUNTO_BANCO_BANKER
    for name, free in (("crockford", {"3:9", "5:4", "6:-"}), ("modern", {"3:9", "5:4"})):
        rs = builtin_rules(name)
        assert {k for k, v in rs.banker.items() if v is None} == free
        for lab, mv in TABLE1.items():  # the 84 fixed cells of Table 1
            if mv != "*":
                assert rs.banker[lab] == (mv == "D")
        assert rs.banker["4:1"] == 0
    assert builtin_rules("modern").banker["6:-"] == 0
    assert set(OPTIONAL) == {"3:9", "4:1", "5:4", "6:-"}
    assert set(BUILTIN_RULES) >= {"free", "crockford", "modern", "punto-banco"}


# -- paper I, section 4 (Model A1) ----------------------------------------------------------------
def test_modern_rules_reproduce_paper1_section4():
    s = solve_constrained("A1", alpha="1/20", rules="modern")
    (e,) = s.equilibria
    assert s.unique and e.player == {"5": 1}  # pure: draw on 5, DSDS
    assert [e.banker_draw(l) for l in OPTIONAL] == [1, 0, 1, 0]
    assert e.payoffs == (F(-3705 * 16, U6), F(-256786, 5 * U6))  # v_P and v_B at alpha = 1/20
    g = s.gains[0]["banker"]["infosets"]
    # "about 0.0025641" on (4,1) and "about 0.0673077" on (6,-) when Player draws on 5
    assert f"{float(F(g['4:1']['draw_gain_conditional'])):.7f}" == "0.0025641"
    assert f"{float(F(g['6:-']['draw_gain_conditional'])):.7f}" == "0.0673077"
    # they are b_{1,1} - b_{1,0} of (3) and (5) exactly
    a = F(1, 20)
    assert F(g["4:1"]["draw_gain_conditional"]) == (110 - 257 * a) / 455 - (25 - 57 * a) / 105
    assert F(g["6:-"]["draw_gain_conditional"]) == -(11 + 5 * a) / 26 + F(1, 2)


@pytest.mark.parametrize("alpha", ["0", "1/40", "1/20"])
def test_crockford_is_theorem1(alpha):
    free = solve_model("A1", 6, alpha)
    s = solve_constrained("A1", 6, alpha, "crockford")
    assert s.unique and free.unique
    assert s.equilibria[0].player == free.equilibria[0].player
    assert s.equilibria[0].banker == free.equilibria[0].banker
    assert s.gains[0]["banker"]["full_freedom"]["gain"] == "0"


@pytest.mark.parametrize("model", ["A1", "B1", "B2"])
def test_free_rules_equal_the_parlor_game(model):
    a = solve_model(model, 6, "1/20")
    b = solve_constrained(model, 6, "1/20", "free")
    assert [(e.player, e.banker, e.payoffs) for e in a.equilibria] == [
        (e.player, e.banker, e.payoffs) for e in b.equilibria]


@pytest.mark.parametrize("model,decks", [("B1", 6), ("B1", 8), ("B2", 6), ("B2", 8)])
def test_modern_rules_models_b(model, decks):
    s = solve_constrained(model, decks, "1/20", "modern")
    (e,) = s.equilibria
    assert e.player == {"5": 1}  # as in Model A1, Player draws on 5
    r = evaluate("equilibrium:modern", "equilibrium:modern", model, decks)
    assert [F(r["payoffs"][k]) for k in ("player", "banker")] == list(e.payoffs)
    # Player is at a best response; Banker gains only by leaving the rules, as the report says
    assert r["best_response"]["player"]["gain"] == "0"
    assert r["best_response"]["banker"]["gain"] == s.gains[0]["banker"]["full_freedom"]["gain"]
    assert F(s.gains[0]["banker"]["full_freedom"]["gain"]) > 0
    if model == "B1":  # Banker's free cells follow the tableau: the equilibrium is punto banco
        pb = evaluate("punto-banco", "punto-banco", model, decks)
        assert r["payoffs"] == pb["payoffs"]


def test_punto_banco_rules_nobody_free():
    s = solve_constrained("B1", 8, "1/20", "punto-banco")
    (e,) = s.equilibria
    assert s.gains[0]["banker"]["no_freedom"]["gain"] == "0"
    assert e.payoffs[1] == chemin_de_fer_expectation({"5": 1}, PUNTO_BANCO_BANKER, 8)["banker"]


@pytest.mark.slow
@pytest.mark.parametrize("decks", [6, 8])
def test_b3_modern(decks):
    s = solve_constrained("B3", decks, "1/20", "modern")
    (e,) = s.equilibria
    assert set(e.player.values()) == {1}


# -- rule files ----------------------------------------------------------------------------------
def test_rule_file_toml_and_errors(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text('base = "punto-banco"\n[player]\n"5" = "free"\n[banker]\n"6:-" = "free"\n')
    rs = load_rules(str(good))
    assert rs.name == "mine" and rs.player["5"] is None and rs.banker["6:-"] is None
    bad = tmp_path / "bad.toml"
    bad.write_text('[player]\n"5" = "free"\n[banker]\n"4:1" = "maybe"\n')
    with pytest.raises(RuleFileError, match=r"bad.toml:4: "):
        load_rules(str(bad))
    syn = tmp_path / "syn.toml"
    syn.write_text('[player]\n"5" = \n')
    with pytest.raises(RuleFileError, match=r"syn.toml:2: invalid TOML"):
        load_rules(str(syn))
    grid = tmp_path / "grid.toml"
    grid.write_text('[banker]\ngrid = """\n0 D D D D D D D D D D D\n1 D D D\n"""\n')
    with pytest.raises(RuleFileError, match=r"grid.toml:4: grid row 1 needs 11 cells"):
        load_rules(str(grid))
    pl = tmp_path / "pl.json"
    pl.write_text('{"player": {\n "4": "stand"}}')
    with pytest.raises(RuleFileError, match=r"pl.json:2: Player draws on 4"):
        load_rules(str(pl))


def test_cli_rules_json_and_error(tmp_path, capsys):
    assert main(["solve", "--model", "A1", "--rules", "modern", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"]["name"] == "modern" and out["unique"] is True
    assert out["equilibria"][0]["payoffs"]["banker"] == "-256786/24134045"
    bad = tmp_path / "x.toml"
    bad.write_text("[banker]\n\"9:9\" = \"free\"\n")
    assert main(["solve", "--rules", str(bad)]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err.startswith(f"error: {bad}:2: ")


# -- evaluate -----------------------------------------------------------------------------------
@pytest.mark.parametrize("model,decks", [("B1", 6), ("B2", 8), ("B3", 6)])
def test_evaluate_agrees_with_the_independent_enumerator(model, decks):
    player = {"5": F(1, 3)} if model != "B3" else {"05": 1, "14": F(1, 2), "23": 0, "69": 1, "78": F(2, 7)}
    banker = dict(PUNTO_BANCO_BANKER, **{"6:-": F(2, 5)})
    f = tmp = None  # noqa: F841
    from games.baccara.analysis.strategies import Strategy
    from games.baccara.rules.ruleset import RuleSet

    ps = Strategy("p", RuleSet("p", player={k: F(v) for k, v in player.items()}))
    bs = Strategy("b", RuleSet("b", banker={k: F(v) for k, v in banker.items()}))
    r = evaluate(ps, bs, model, decks)
    ex = chemin_de_fer_expectation(player, banker, decks)
    assert F(r["payoffs"]["player"]) == ex["player"] and F(r["payoffs"]["banker"]) == ex["banker"]


def test_evaluate_equilibrium_has_no_gain_and_contract_shape(capsys):
    assert main(["evaluate", "--player", "equilibrium", "--banker", "equilibrium", "--model", "B2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["best_response"]["player"]["gain"] == "0" and r["best_response"]["banker"]["gain"] == "0"
    assert set(r["payoffs"]) == {"player", "banker"}
    for side in ("player", "banker"):
        assert {"payoff", "gain"} <= set(r["best_response"][side])


def test_evaluate_gains_are_best_response_differences():
    r = evaluate("punto-banco", "punto-banco", "A1")
    # Banker's best response to drawing on 5 is Table 1 with DDDD (paper I, section 5)
    assert set(r["best_response"]["banker"]["changes"]) == {"4:1", "6:-"}
    dddd = evaluate("punto-banco", "dddd", "A1")
    assert dddd["payoffs"]["banker"] == r["best_response"]["banker"]["payoff"]
    assert F(r["best_response"]["banker"]["gain"]) > 0


def test_evaluate_strategy_files(tmp_path, capsys):
    assert main(["solve", "--model", "B1", "--json"]) == 0
    sol = tmp_path / "sol.json"
    sol.write_text(capsys.readouterr().out)
    a = evaluate(str(sol), str(sol), "B1")
    b = evaluate("equilibrium", "equilibrium", "B1")
    assert a["payoffs"] == b["payoffs"]
    mixed = tmp_path / "mixed.toml"
    mixed.write_text('base = "punto-banco"\n[player]\n"5" = "1/2"\n')
    r = evaluate(str(mixed), "punto-banco", "B2")
    x = chemin_de_fer_expectation({"5": F(1, 2)}, PUNTO_BANCO_BANKER, 6)
    assert F(r["payoffs"]["banker"]) == x["banker"]
    free = tmp_path / "free.toml"
    free.write_text('[player]\n"5" = "free"\n')
    assert main(["evaluate", "--player", str(free)]) == 2
    assert capsys.readouterr().err.startswith("error: ")


# -- properties ------------------------------------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_prob = st.fractions(min_value=0, max_value=1, max_denominator=12)


@settings(max_examples=8, deadline=None)
@given(p=_prob, q=st.lists(_prob, min_size=4, max_size=4), decks=st.integers(1, 3))
def test_evaluate_properties(p, q, decks):
    from games.baccara.analysis.strategies import Strategy
    from games.baccara.rules.ruleset import RuleSet

    banker = dict(PUNTO_BANCO_BANKER, **dict(zip(OPTIONAL, q)))
    ps = Strategy("p", RuleSet("p", player={"5": p}))
    bs = Strategy("b", RuleSet("b", banker={k: F(v) for k, v in banker.items()}))
    r = evaluate(ps, bs, "B1", decks, alpha=0)
    up, ub = F(r["payoffs"]["player"]), F(r["payoffs"]["banker"])
    assert up == -ub  # alpha = 0: the parlor game is zero-sum
    for side in ("player", "banker"):
        assert F(r["best_response"][side]["gain"]) >= 0
    ex = chemin_de_fer_expectation({"5": p}, banker, decks, 0)
    assert (up, ub) == (ex["player"], ex["banker"])


def test_composition_rules(tmp_path):
    f = tmp_path / "comp.toml"
    f.write_text('base = "modern"\n[player]\n"14" = "stand"\n')
    s = solve_constrained("B3", 6, "1/20", str(f))
    assert all(e.player["14"] == 0 for e in s.equilibria)
    assert s.cg.player_free == ("05", "23", "69", "78")
    # Model 1's Player sees only his total: a composition rule that splits total 5 is refused
    with pytest.raises(Exception, match="compositions of Player's total 5"):
        solve_constrained("B1", 6, "1/20", str(f))
    g = tmp_path / "bcomp.toml"
    g.write_text('base = "modern"\n[banker]\n"06:-" = "draw"\n')
    s2 = solve_constrained("B2", 6, "1/20", str(g))
    assert s2.equilibria[0].banker_draw("06:-") == 1 and s2.equilibria[0].banker_draw("15:-") == 0
    with pytest.raises(Exception, match="Model 1's Banker sees only his total"):
        solve_constrained("B1", 6, "1/20", str(g))


def test_fixed_mixed_rule_folds_exactly():
    from games.baccara.rules.ruleset import RuleSet

    base = builtin_rules("modern")
    rs = RuleSet("half", banker={**base.banker, "6:-": F(1, 2)}, player={"5": None})
    s = solve_constrained("A1", 6, "1/20", rs)
    e = s.equilibria[0]
    assert e.banker_draw("6:-") == F(1, 2)
    r = evaluate("punto-banco", "punto-banco", "A1")  # exact re-evaluation of the same pair
    from games.baccara.analysis.strategies import Strategy

    ps = Strategy("p", RuleSet("p", player=dict(e.player)))
    bs = Strategy("b", RuleSet("b", banker=dict(zip(e.infosets, e.banker))))
    r = evaluate(ps, bs, "A1")
    assert (F(r["payoffs"]["player"]), F(r["payoffs"]["banker"])) == e.payoffs


def test_readable_outputs(capsys):
    assert main(["solve", "--model", "A1", "--rules", "modern"]) == 0
    out = capsys.readouterr().out
    assert "0.0025641" in out and "0.0673077" in out
    assert main(["evaluate", "--player", "kemeny-snell", "--banker", "punto-banco", "--model", "A1"]) == 0
    assert "Exact expectations" in capsys.readouterr().out
