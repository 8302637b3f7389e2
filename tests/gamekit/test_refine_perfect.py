"""Perfect equilibria (issue #24): textbook games, Gambit's perfect*.nfg, random degenerate
games against an independent float LP, consistency with ``method="all"``."""

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

import gamekit
from gamekit import BimatrixGame, GameError
from gamekit.core.result import SolverResult
from gamekit.refine.dominance import is_best_response_witness, is_dominator, payoff_matrix, verdict
from gamekit.refine.perfect import is_perfect, perfect_equilibria

F = Fraction
GAMES = Path(__file__).resolve().parents[1] / "games"
REFINE = GAMES / "refine"


def float_dominated(M, x) -> bool:
    """Independent oracle: scipy LP max Σ_j (x'M − xM)_j s.t. x'M ≥ xM, x' ∈ Δ; > 0 means dominated."""
    Mf = np.array([[float(v) for v in r] for r in M])
    xf = np.array([float(v) for v in x])
    base = xf @ Mf
    res = linprog(-Mf.sum(axis=1), A_ub=-Mf.T, b_ub=-base, A_eq=np.ones((1, len(x))), b_eq=[1],
                  bounds=[(0, None)] * len(x), method="highs")
    assert res.status == 0
    return -res.fun - base.sum() > 1e-7


def test_pure_strategy_nash_that_is_not_perfect():
    g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])
    r = gamekit.solve(g, method="perfect")
    assert isinstance(r, SolverResult) and r.method == "perfect" and r.complete and r.unique
    assert [(e.row, e.col) for e in r] == [((1, 0), (1, 0))]
    assert len(gamekit.solve(g)) == 2  # (2, 2) is Nash but weakly dominated
    row = {tuple(v["strategy"]): v for v in r.certificate["row_vertices"]}
    assert row[("0", "1")] == {"player": "row", "strategy": ["0", "1"], "undominated": False,
                               "dominated_by": ["1", "0"]}


def test_gambit_perfect1_perfect_part_excludes_the_middle_of_a_segment():
    """Gambit contrib/games/perfect1.nfg: every extreme equilibrium is perfect, but in the Nash
    subset where player I mixes e1, (1/2,1/2,0), (0,1/2,1/2), e3 against (1/2,0,1/2) the
    perfect part is two segments; their common hull point (1/2,0,1/2) is dominated by row 2."""
    g = gamekit.read_nfg(REFINE / "perfect1.nfg")
    nash = gamekit.solve(g)
    r = perfect_equilibria(g, nash)
    assert list(r) == list(nash) and len(r) == 9
    half = (F(1, 2), F(0), F(1, 2))
    assert gamekit.is_equilibrium(g, (F(1, 2), F(0), F(1, 2)), half)
    assert not is_perfect(g, (F(1, 2), F(0), F(1, 2)), half)
    assert verdict(g, "row", (F(1, 2), F(0), F(1, 2))).witness == (0, 1, 0)
    segs = [c for c in r.components if c.cols == (2,)]
    assert [[r.row_vertices[i] for i in c.rows] for c in segs] == [
        [(1, 0, 0), (F(1, 2), F(1, 2), 0)], [(0, F(1, 2), F(1, 2)), (0, 0, 1)]]
    assert any(set(c.rows) == {0, 1, 3, 4} for c in nash.components)


def test_gambit_perfect2_only_the_pure_equilibrium_is_perfect():
    g = gamekit.read_nfg(REFINE / "perfect2.nfg")
    r = gamekit.solve(g, method="perfect")
    assert len(gamekit.solve(g)) == 3
    assert [(e.row, e.col) for e in r] == [((0, 1, 0), (0, 1, 0))] and r.unique


def test_selten_e02_whole_component_is_normal_form_perfect():
    """Selten's Figure 2 game in normal form: strategy 2 of player I is strictly dominated;
    (e1, y) with y2 ≤ 1/2 are the Nash equilibria; e1 and both columns are undominated, so
    the whole segment is (normal-form) perfect."""
    g = gamekit.read_nfg(GAMES / "selten_e02.nfg")
    r = gamekit.solve(g, method="perfect")
    assert len(r) == 2 and not r.unique
    assert [(c.rows, c.cols) for c in r.components] == [((0,), (0, 1))]


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.nfg")) + sorted(REFINE.glob("*.nfg")) + sorted(
    (Path(gamekit.__file__).parent / "examples").glob("*.nfg")), ids=lambda p: p.name)
def test_fixture_games_witnesses_and_consistency(path):
    g = gamekit.read_nfg(path)
    nash = gamekit.solve(g)
    r = perfect_equilibria(g, nash)
    assert r.equilibria and all(e in nash.equilibria for e in r)
    _check_certificate(g, r)


def _check_certificate(g, r):
    for player, key in (("row", "row_vertices"), ("column", "col_vertices")):
        M = payoff_matrix(g, player)
        for v in r.certificate[key]:
            x = [F(s) for s in v["strategy"]]
            if v["undominated"]:
                S = frozenset(i for i, p in enumerate(x) if p)
                assert is_best_response_witness(M, S, [F(s) for s in v["best_response_to"]])
            else:
                assert is_dominator(M, x, [F(s) for s in v["dominated_by"]])
            assert v["undominated"] != float_dominated(M, x)


def test_bad_input():
    with pytest.raises(GameError):
        gamekit.solve(BimatrixGame([[1]], [[1]]), method="perfect", max_iter=3)
    with pytest.raises(GameError):
        verdict(BimatrixGame([[1]], [[1]]), "row", [F(1, 2)])


@settings(max_examples=40)
@given(st.integers(2, 3), st.integers(2, 4), st.data())
def test_random_degenerate_games_against_brute_force(m, n, data):
    """Payoffs in {0, 1, 2}: many ties. Extreme perfect = extreme Nash ∩ undominated (scipy LP);
    random points of every perfect face are perfect; the perfect set lies in the Nash set."""
    vals = st.integers(0, 2)
    A = data.draw(st.lists(st.lists(vals, min_size=n, max_size=n), min_size=m, max_size=m))
    B = data.draw(st.lists(st.lists(vals, min_size=n, max_size=n), min_size=m, max_size=m))
    g = BimatrixGame(A, B)
    nash = gamekit.solve(g)
    r = perfect_equilibria(g, nash)
    MA, MB = payoff_matrix(g, "row"), payoff_matrix(g, "column")
    expect = [e for e in nash if not float_dominated(MA, e.row) and not float_dominated(MB, e.col)]
    assert list(r) == expect
    _check_certificate(g, r)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    for c in r.components:
        wr = [F(int(k), 1) + 1 for k in rng.integers(0, 5, len(c.rows))]
        wc = [F(int(k), 1) + 1 for k in rng.integers(0, 5, len(c.cols))]
        x = [sum(w * r.row_vertices[i][k] for w, i in zip(wr, c.rows)) / sum(wr) for k in range(m)]
        y = [sum(w * r.col_vertices[j][k] for w, j in zip(wc, c.cols)) / sum(wc) for k in range(n)]
        assert gamekit.is_equilibrium(g, x, y)
        assert not float_dominated(MA, x) and not float_dominated(MB, y)
    # points of a Nash subset outside every perfect face are not perfect
    for c in nash.components:
        x = [sum(nash.row_vertices[i][k] for i in c.rows) / len(c.rows) for k in range(m)]
        y = [sum(nash.col_vertices[j][k] for j in c.cols) / len(c.cols) for k in range(n)]
        inside = any(set(c.rows) <= set(f.rows) and set(c.cols) <= set(f.cols) for f in r.components)
        perfect = not float_dominated(MA, x) and not float_dominated(MB, y)
        assert inside == perfect
        assert is_perfect(g, x, y) == perfect
