"""Certification failures are internal errors, never bad input (issue #10, section 1).

A failed exact check raises :class:`gamekit.CertificationError`, which is not a
``GameError``/``ValueError``; both command-line tools report it as
``internal error: … please report`` with exit status 3, while bad input keeps status 2.
The failures are provoked by injecting a wrong profile into the search step of a solver
(monkeypatch), so the exact certifier at the end of the path is what must catch it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import gamekit
from gamekit.core.errors import CertificationError, GameError

GAMES = Path(__file__).parents[1] / "games"
F = Fraction


def _wrong_profiles(ig, *args, **kwargs):
    """A profile that is not an equilibrium of the 2x2 coordination-type games used here:
    both players play their first strategy with probability 1/2 (rows) and 1 (columns)."""
    return [(((0, F(1, 2)), (1, F(1, 2))), ((0, F(1)),))], {}


def test_certification_error_is_not_bad_input():
    assert issubclass(CertificationError, Exception)
    assert not issubclass(CertificationError, GameError)
    assert not issubclass(CertificationError, ValueError)
    assert gamekit.CertificationError is CertificationError


def test_wrong_profile_in_bimatrix_search_is_caught(monkeypatch):
    import gamekit.bimatrix.solve as bsolve

    monkeypatch.setattr(bsolve, "all_extreme_equilibria", _wrong_profiles)
    g = gamekit.read_nfg(GAMES / "prisoners_dilemma.nfg")
    with pytest.raises(CertificationError):
        gamekit.solve(g, method="all")


def test_gamekit_cli_exit_3_on_failed_certificate(monkeypatch, capsys):
    import gamekit.bimatrix.solve as bsolve
    from gamekit.cli import main

    monkeypatch.setattr(bsolve, "all_extreme_equilibria", _wrong_profiles)
    code = main(["solve", str(GAMES / "prisoners_dilemma.nfg"), "--json"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.startswith("internal error: ") and err.rstrip().endswith("please report")
    assert err.count("\n") == 1


def test_gamekit_cli_exit_2_on_bad_input(capsys, tmp_path):
    from gamekit.cli import main

    bad = tmp_path / "bad.nfg"
    bad.write_text("NFG 1 R \"x\" { \"1\" \"2\" } { 2 2 }\n1 2 3\n")
    code = main(["solve", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ")


def test_baccara_cli_exit_3_on_failed_certificate(monkeypatch, capsys):
    from games.baccara.cli.main import main

    def broken(*args, **kwargs):
        raise CertificationError("injected: a computed profile is not an equilibrium")

    import games.baccara.analysis.equilibria as eqmod

    monkeypatch.setattr(eqmod, "solve_model", broken)
    code = main(["solve", "--model", "A1", "--json"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.startswith("internal error: injected") and "please report" in err


def test_baccara_cli_exit_2_on_bad_input(capsys):
    from games.baccara.cli.main import main

    code = main(["solve", "--model", "Z9", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ")


# -- every solver path certifies: inject a wrong profile into its search step ----------------
def _additive(rows: int):
    """Player II strictly prefers move 1 everywhere (b gain 1 > 0 against every row), so his
    only best response is 'move 1 at both sets'; player I prefers his last row."""
    from gamekit.additive.game import AdditiveGame

    return AdditiveGame(
        [f"r{u}" for u in range(rows)], ["s0", "s1"],
        [0] * rows, [[(0, 1), (0, 1)] for _ in range(rows)],
        a_base=list(range(rows)), a_move=[[(0, 0), (0, 0)] for _ in range(rows)],
    )


def _wrong_additive(game):
    """(row 0 for sure, move 0 everywhere): move 1 is strictly better, so not an equilibrium."""
    from gamekit.additive.foster import AdditiveEquilibrium

    row = tuple(F(1) if u == 0 else F(0) for u in range(game.m))
    draw = (F(0), F(0))
    assert not gamekit.is_equilibrium(game, row, draw)
    return AdditiveEquilibrium(row, draw, (F(0), F(0)))


@pytest.mark.parametrize("rows, module, step", [(1, "gamekit.additive.foster", "solve_one_row"),
                                                (2, "gamekit.additive.foster", "solve_two_rows"),
                                                (3, "gamekit.additive.many_rows", "solve_many_rows")])
def test_wrong_profile_in_additive_search_is_caught(monkeypatch, rows, module, step):
    import importlib
    from dataclasses import replace

    import gamekit.additive.foster as foster

    search = importlib.import_module(module)

    game = _additive(rows)
    true = foster.solve_additive(game)
    assert [e.draw for e in true.equilibria] == [(1, 1)]  # move 1 everywhere, as designed
    original = getattr(search, step)

    def wrong(*args, **kwargs):
        return replace(original(*args, **kwargs), equilibria=(_wrong_additive(game),))

    monkeypatch.setattr(search, step, wrong)
    with pytest.raises(CertificationError):
        foster.solve_additive(game)
    with pytest.raises(CertificationError):
        gamekit.solve(game)


def test_one_row_cell_contains_its_vertex():
    from gamekit.additive.foster import solve_additive

    game = _additive(1)
    sol = solve_additive(game)
    (cell,) = sol.cells
    (e,) = sol.equilibria
    assert e.p == 1 and cell.p_lo <= e.p <= cell.p_hi
    assert cell.contains(e.p, e.draw, game)


def test_wrong_profile_in_doubly_additive_search_is_caught(monkeypatch):
    import gamekit.doubly_additive.enumeration as enum
    from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive

    # matching pennies in behaviour form: the unique equilibrium is x = y = 1/2
    g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    assert [(e.x, e.y) for e in solve_doubly_additive(g).equilibria] == [((F(1, 2),), (F(1, 2),))]
    assert not gamekit.is_equilibrium(g, (F(0),), (F(0),))
    monkeypatch.setattr(enum, "_search", lambda *a, **k: [((F(0),), (F(0),))])
    with pytest.raises(CertificationError):
        solve_doubly_additive(g)


def _affine_game():
    """Player II's gain of move 1 at the single set is α − 1/2 against both rows; player I
    prefers row 1 when II plays move 1 and row 0 otherwise."""
    from gamekit.additive.game import AdditiveGame
    from gamekit.parametric import AffineAdditiveGame

    G0 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, F(-1, 2))], [(0, F(-1, 2))]],
                      a_base=[0, 0], a_move=[[(1, 0)], [(0, 1)]])
    G1 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, 1)], [(0, 1)]],
                      a_base=[0, 0], a_move=[[(0, 0)], [(0, 0)]])
    return AffineAdditiveGame(G0, G1)


def test_parametric_evaluate_and_critical_points_certify(monkeypatch):
    from gamekit.exact import RationalFunction
    from gamekit.parametric import EquilibriumFormula, solve_parametric

    game = _affine_game()
    sol = solve_parametric(game, 0, 1)
    for a in (F(1, 4), F(1, 2), F(3, 4)):
        for e in sol.evaluate(a):
            assert gamekit.is_equilibrium(game, e.row, e.y, alpha=a)
    # a wrong formula on the segment containing alpha = 1/4: player I on row 1, II on move 1
    seg = next(s for s in sol.segments if s.lo <= F(1, 4) <= s.hi)
    one = RationalFunction.constant(1)
    monkeypatch.setattr(seg, "equilibria", (EquilibriumFormula(one, (one,) * len(seg.equilibria[0].y)),))
    with pytest.raises(CertificationError):
        sol.evaluate(F(1, 4))
    # a wrong extreme point at a critical value
    cp = next(c for c in sol.critical if c.alpha == F(1, 2))
    monkeypatch.setattr(type(cp.structure), "equilibria", lambda self: [(F(2), (F(0),) * len(self.data.live))])
    with pytest.raises(CertificationError):
        cp.equilibria()


def test_wrong_zero_sum_solution_is_caught(monkeypatch):
    import gamekit.lp.zerosum as zs
    from gamekit.lp.simplex import LPResult

    assert zs.value([[1, -1], [-1, 1]]) == 0

    def wrong(c, A_ub, b_ub, A_eq, b_eq, maximize=False):  # row 0 for sure, value 'shift'
        return LPResult("optimal", x=(F(1), F(0), F(2)), value=F(2), duals_ub=(F(1), F(0)),
                        duals_eq=(F(0),), reduced_costs=(F(0),) * 3)

    monkeypatch.setattr(zs, "solve_lp", wrong)
    with pytest.raises(CertificationError):
        zs.solve_matrix_game([[1, -1], [-1, 1]])


def test_peer_profiles_are_uncertified_until_checked():
    from gamekit.core.equilibrium import CandidateEquilibrium
    from gamekit.io.interop import equilibria_from_nashpy

    g = gamekit.read_nfg(GAMES / "matching_pennies.nfg")
    (good,) = equilibria_from_nashpy(g, [([0.5, 0.5], [0.5, 0.5])])
    assert isinstance(good, CandidateEquilibrium) and not isinstance(good, gamekit.Equilibrium)
    assert not gamekit.is_certified(good)
    assert good.certify(g) == gamekit.solve(g)[0]
    assert gamekit.is_certified(good.certify(g)) and gamekit.is_certified(gamekit.solve(g)[0])
    # a literal built by hand is equal to the solver's but carries no certificate
    literal = gamekit.Equilibrium(good.row, good.col, gamekit.solve(g)[0].payoffs)
    assert literal == gamekit.solve(g)[0] and not gamekit.is_certified(literal)
    (bad,) = equilibria_from_nashpy(g, [([1.0, 0.0], [0.5, 0.5])])
    assert not bad.is_equilibrium(g)
    with pytest.raises(CertificationError):
        bad.certify(g)
    with pytest.raises(CertificationError):
        gamekit.Equilibrium.from_strategies(g, [1, 0], [F(1, 2), F(1, 2)])


def test_baccara_cli_exit_3_when_the_additive_solver_is_wrong(monkeypatch, capsys):
    from dataclasses import replace

    import gamekit.additive.foster as foster
    from games.baccara.cli.main import main

    original = foster.solve_two_rows

    def wrong(game, *args, **kwargs):
        sol = original(game, *args, **kwargs)
        e = sol.equilibria[0]
        flipped = tuple(1 - v if v in (0, 1) else v for v in e.draw)
        return replace(sol, equilibria=(replace(e, draw=flipped),))

    monkeypatch.setattr(foster, "solve_two_rows", wrong)
    code = main(["solve", "--model", "A1", "--json"])
    out, err = capsys.readouterr()
    assert code == 3 and out == ""
    assert err.startswith("internal error: ") and "please report" in err


def test_baccara_lifted_equilibrium_is_checked_in_the_full_game(monkeypatch):
    """Models 1-2: the reduced game's equilibrium, lifted back to all Banker sets, is
    certified in the full game; a wrong lift (stand everywhere) is caught."""
    from gamekit.additive.reduction import ForcedMoves
    from games.baccara.analysis.equilibria import solve_model

    sol = solve_model("A1", None, "1/20")
    assert sol.equilibria
    monkeypatch.setattr(ForcedMoves, "lift_behaviour", lambda self, draw: (F(0),) * self.full.n)
    with pytest.raises(CertificationError, match="Model A1"):
        solve_model("A1", None, "1/20")
