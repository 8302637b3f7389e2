"""One entry point, one result protocol (issue #10, section 2), and a light ``import gamekit``.

``gamekit.solve`` accepts every game kind and returns a frozen
:class:`gamekit.SolverResult` that is also the sequence of its equilibria; the answers are
checked against the per-kind solvers and against the exact equilibrium test.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import gamekit

GAMES = Path(__file__).parents[1] / "games"
F = Fraction
ROOT = Path(__file__).resolve().parents[2]


def _additive(rows: int):
    """Matching pennies at one information set, plus a set where move 1 is strictly better."""
    return gamekit.AdditiveGame(
        [f"r{u}" for u in range(rows)], ["s0", "s1"],
        [0] * rows, [[(0, 1 if u % 2 else -1), (0, 1)] for u in range(rows)],
        a_base=[0] * rows, a_move=[[(1 if u % 2 else 0, 0 if u % 2 else 1), (0, 0)] for u in range(rows)],
    )


def _doubly():
    return gamekit.DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))


def _affine():
    G0 = gamekit.AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, F(-1, 2))], [(0, F(-1, 2))]],
                              a_base=[0, 0], a_move=[[(1, 0)], [(0, 1)]])
    G1 = gamekit.AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, 1)], [(0, 1)]],
                              a_base=[0, 0], a_move=[[(0, 0)], [(0, 0)]])
    return gamekit.AffineAdditiveGame(G0, G1)


def _affine_doubly():
    D = gamekit.DoublyAdditiveGame
    return gamekit.AffineDoublyAdditiveGame(_doubly(), D(["h"], ["l"], (0, [0], [0], [[0]]), (0, [0], [0], [[-1]])))


GAMES_OF_EVERY_KIND = {
    "bimatrix": lambda: gamekit.read_nfg(GAMES / "von_stengel_3x2.nfg"),
    "additive1": lambda: _additive(1),
    "additive2": lambda: _additive(2),
    "additive3": lambda: _additive(3),
    "doubly": _doubly,
    "parametric": _affine,
    "parametric_doubly": _affine_doubly,
}


@pytest.mark.parametrize("kind", sorted(GAMES_OF_EVERY_KIND))
def test_one_solve_for_every_kind_returns_the_protocol(kind):
    game = GAMES_OF_EVERY_KIND[kind]()
    r = gamekit.solve(game)
    assert isinstance(r, gamekit.SolverResult)
    assert r.game is game
    assert r.method in gamekit.core.methods() and r.complete is True  # the one vocabulary
    assert len(r) == len(r.equilibria) >= 1
    assert list(r) == list(r.equilibria) and r[0] == r.equilibria[0]
    assert r == list(r.equilibria)
    assert isinstance(r.to_json(), dict)
    assert r.unique in (True, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.method = "other"  # type: ignore[misc]
    if not kind.startswith("parametric"):  # formulas in alpha; concrete ones via evaluate()
        for e in r:
            assert gamekit.is_certified(e)
            col = e.col if kind == "bimatrix" else (e.y if kind == "doubly" else e.draw)
            row = e.x if kind == "doubly" else e.row
            assert gamekit.is_equilibrium(game, row, col)


def test_bimatrix_solve_is_the_contract_list():
    g = gamekit.read_nfg(GAMES / "von_stengel_3x2.nfg")
    r = gamekit.solve(g, method="all")
    assert r == gamekit.bimatrix.solve_result(g, "all").equilibria
    assert all(isinstance(e, gamekit.Equilibrium) for e in r)
    assert gamekit.solve(gamekit.read_nfg(GAMES / "matching_pennies.nfg"), "pure") == []
    assert "exact" not in r.to_json()


def test_additive_results_agree_with_the_explicit_game():
    """Each additive equilibrium, written over the 2^n columns, is one of the explicit solver's."""
    from gamekit.additive.reduction import materialize, materialized_columns

    for rows in (1, 2, 3):
        game = _additive(rows)
        r = gamekit.solve(game)
        explicit = materialize(game, reduce=False)
        cols = materialized_columns(game, reduce=False)
        theirs = {(e.row, e.col) for e in gamekit.solve(explicit)}
        ours = {e.mixed(cols) for e in r}
        assert ours <= theirs, rows


def test_parametric_result_evaluates_to_certified_equilibria():
    game = _affine()
    r = gamekit.solve(game, lo=0, hi=1)
    for a in (F(0), F(1, 3), F(1, 2), F(2, 3), F(1)):
        eqs = r.evaluate(a)
        assert eqs and all(gamekit.is_certified(e) for e in eqs)
        assert all(gamekit.is_equilibrium(game, e.row, e.y, alpha=a) for e in eqs)
        # the same extreme equilibria as the two-row solver on the game at alpha
        assert {(tuple(e.row), tuple(e.y)) for e in eqs} == {(e.row, e.draw) for e in gamekit.solve(game.at(a))}


@pytest.mark.parametrize(
    "make, kwargs, message",
    [
        (_doubly, {"tol": 1}, "unknown option 'tol'"),
        (lambda: _additive(2), {"search": "rows"}, "unknown option 'search'"),
        (_affine, {"max_vertices": 3}, "unknown option 'max_vertices'"),
        (lambda: _additive(2), {"method": "lemke_howson"}, "unknown method 'lemke_howson'"),
        (lambda: [[1]], {}, "expects a game of a known kind .*BimatrixGame.*got list"),
    ],
)
def test_unknown_methods_and_options_are_errors(make, kwargs, message):
    with pytest.raises(gamekit.GameError, match=message):
        gamekit.solve(make(), **kwargs)


def test_every_public_name_resolves_and_the_duplicates_are_gone():
    for name in gamekit.__all__:
        assert getattr(gamekit, name) is not None
    assert gamekit.bimatrix.Component is not gamekit.doubly_additive.ConnectedComponent
    assert gamekit.doubly_additive.BehaviourEquilibrium is not gamekit.parametric.ParametricEquilibrium
    names = {getattr(gamekit, n).__name__ for n in gamekit.__all__ if isinstance(getattr(gamekit, n), type)}
    assert {"BimatrixGame", "AdditiveGame", "DoublyAdditiveGame", "AffineAdditiveGame", "AffineDoublyAdditiveGame",
            "SolveResult", "AdditiveSolution", "DoublyAdditiveSolution", "ParametricSolution",
            "ParametricDASolution", "GameError", "CertificationError"} <= names


def test_import_gamekit_is_light():
    code = ("import sys, gamekit; heavy = [m for m in ('numpy', 'scipy', 'sympy', 'networkx', "
            "'matplotlib', 'flint', 'rich') if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == ""


def test_parametric_doubly_additive_is_solved_through_solve():
    """G(α) = matching-pennies-like doubly additive game whose player II payoff moves with α:
    on (0, 1) the one formula x = 1/(2 − α), y = 1/2 (indifference of both players)."""
    g = _affine_doubly()
    r = gamekit.solve(g, "parametric_doubly_additive", hi=F(1, 2))
    assert r.hi == F(1, 2) and [c.hi for c in r.cells] == [F(1, 2)]
    (e,) = r.equilibria
    assert e.x_at(F(1, 3)) == (F(3, 5),) and e.y == (F(1, 2),)
    assert gamekit.is_equilibrium(g, [F(3, 5)], [F(1, 2)], alpha=F(1, 3))
    assert not gamekit.is_equilibrium(g, [F(1, 2)], [F(1, 2)], alpha=F(1, 3))
    with pytest.raises(gamekit.GameError, match="alpha"):
        gamekit.is_equilibrium(g, [F(3, 5)], [F(1, 2)])
    with pytest.raises(gamekit.GameError, match="alpha"):
        gamekit.is_equilibrium(_doubly(), [F(1, 2)], [F(1, 2)], alpha=0)


def test_every_kind_registers_its_game_type_and_methods_from_the_vocabulary():
    import gamekit.dispatch as dispatch
    from gamekit.core.registry import kinds, type_path

    table = dispatch.methods_by_kind()
    assert set(table) >= {"BimatrixGame", "AdditiveGame", "DoublyAdditiveGame", "AffineAdditiveGame",
                          "AffineDoublyAdditiveGame"}
    for kind in kinds():
        assert set(kind.methods) <= set(gamekit.core.methods())
        cls = getattr(gamekit, kind.name)  # every kind's game is a top-level name
        assert type_path(cls) == kind.game_type
    assert gamekit.bimatrix.METHODS == gamekit.core.methods(gamekit.core.BimatrixMethod)
