"""Lemke–Howson's two strategies: the float path (certified endpoint) and exact pivoting.

Facts checked: on seeded random games both strategies end every label's path at the same
equilibrium (they follow the same lexicographic path); the float path's endpoint from a
label is QuantEcon's (same path, floats) and lies in the set of equilibria pygambit's
``lcp_solve`` reaches; every equilibrium is an extreme equilibrium (⊂ ``all``); degenerate
games agree; a game whose payoffs floats cannot resolve falls back to the exact path,
which is reported; ``initial_label`` runs one path.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix import solve_result
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.lemke_howson import certified_endpoint
from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(m: int, n: int, seed: int, hi: int = 1000) -> BimatrixGame:
    rng = np.random.default_rng(seed)
    return BimatrixGame(rng.integers(0, hi, (m, n)), rng.integers(0, hi, (m, n)))


def per_label(res) -> dict:
    """label -> (row, col) of the equilibrium its path ended at."""
    return {lab: (res[k].row, res[k].col) for lab, k in res.parameters["label_to_equilibrium"].items()}


@pytest.mark.parametrize("m,n,seed", [(6, 6, 1), (9, 7, 2), (12, 12, 3), (15, 20, 4), (20, 20, 5)])
def test_float_path_ends_where_exact_pivoting_ends(m, n, seed):
    g = random_game(m, n, seed)
    fl = solve_result(g, "lemke_howson", strategy="float_path")
    ex = solve_result(g, "lemke_howson", strategy="exact")
    assert fl.parameters["strategy"] == "float_path" and fl.parameters["fallbacks"] == ()
    assert ex.parameters["strategy"] == "exact"
    assert per_label(fl) == per_label(ex)
    assert sorted(per_label(fl)) == list(range(m + n))
    assert all(gamekit.is_equilibrium(g, e.row, e.col) for e in fl)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_endpoint_as_quantecon(seed):
    qe = pytest.importorskip("quantecon.game_theory")
    n = 30
    rng = np.random.default_rng(seed)
    A, B = rng.integers(0, 1000, (n, n)), rng.integers(0, 1000, (n, n))
    nfg = qe.NormalFormGame((qe.Player(A.astype(float)), qe.Player(B.T.astype(float))))
    g = BimatrixGame(A, B)
    for label in (0, n + 1):
        res = solve_result(g, "lemke_howson", initial_label=label)
        x, y = qe.lemke_howson(nfg, init_pivot=label)
        assert np.allclose(np.array(res[0].row, dtype=float), x, atol=1e-9)
        assert np.allclose(np.array(res[0].col, dtype=float), y, atol=1e-9)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_within_pygambit_extreme_equilibria(seed):
    """Every endpoint is an extreme equilibrium: among pygambit's enummixed_solve (rational)."""
    gbt = pytest.importorskip("pygambit")
    rng = np.random.default_rng(seed)
    A, B = rng.integers(0, 20, (5, 6)).tolist(), rng.integers(0, 3, (5, 6)).tolist()
    gg = gbt.Game.from_arrays(np.array(A, dtype=object), np.array(B, dtype=object))
    p1, p2 = gg.players
    theirs = {(tuple(Fraction(eq[s]) for s in p1.strategies), tuple(Fraction(eq[s]) for s in p2.strategies))
              for eq in gbt.nash.enummixed_solve(gg, rational=True).equilibria}
    res = solve_result(BimatrixGame(A, B), "lemke_howson", strategy="float_path")
    assert {(e.row, e.col) for e in res} <= theirs


@pytest.mark.parametrize("seed", range(4))
def test_degenerate_games_agree(seed):
    g = random_game(10, 10, seed, hi=2)  # payoffs in {0, 1}
    fl = solve_result(g, "lemke_howson", strategy="float_path")
    ex = solve_result(g, "lemke_howson", strategy="exact")
    assert per_label(fl) == per_label(ex)
    assert {(e.row, e.col) for e in fl} <= {(e.row, e.col) for e in solve_result(g, "all")}


def test_unresolvable_payoffs_fall_back_to_exact_pivoting():
    """Payoffs 10³⁰ + small: binary64 sees a constant matrix, the float endpoints fail
    the exact check, and those labels are recomputed exactly (reported)."""
    big = 10**30
    rng = np.random.default_rng(0)
    A = [[big * int(v) + int(w) for v, w in zip(r1, r2)]
         for r1, r2 in zip(rng.integers(1, 3, (5, 5)), rng.integers(0, 9, (5, 5)))]
    B = [[big + int(w) for w in r] for r in rng.integers(0, 9, (5, 5))]
    g = BimatrixGame(A, B)
    fl = solve_result(g, "lemke_howson", strategy="float_path")
    ex = solve_result(g, "lemke_howson", strategy="exact")
    assert fl.parameters["fallbacks"]
    assert all("float_path -> exact" in f for f in fl.parameters["fallbacks"])
    assert per_label(fl) == per_label(ex)


def test_initial_label_runs_one_path():
    g = random_game(8, 12, 7)
    full = solve_result(g, "lemke_howson", strategy="float_path")
    for label in (0, 7, 8, 19):
        one = solve_result(g, "lemke_howson", strategy="float_path", initial_label=label)
        assert len(one) == 1 and list(one.parameters["label_to_equilibrium"]) == [label]
        assert per_label(one)[label] == per_label(full)[label]


def test_auto_policy_and_option_errors():
    small, large = random_game(4, 4, 1), random_game(15, 15, 1)
    assert solve_result(small, "lemke_howson").parameters["strategy"] == "exact"
    assert solve_result(large, "lemke_howson").parameters["strategy"] == "float_path"
    assert solve_result(large, "lemke_howson").parameters["requested"] == "auto"
    with pytest.raises(GameError, match="initial_label must be an integer in 0..7"):
        solve_result(small, "lemke_howson", initial_label=8)
    with pytest.raises(GameError, match="initial_label"):
        solve_result(small, "lemke_howson", initial_label=True)
    with pytest.raises(GameError, match="unknown strategy 'one_sided' for method 'lemke_howson'"):
        solve_result(small, "lemke_howson", strategy="one_sided")
    with pytest.raises(GameError, match="unknown option 'initial_label' for method 'all'"):
        solve_result(small, "all", initial_label=0)
    with pytest.raises(GameError, match="option strategy is for methods"):
        solve_result(small, "pure", strategy="exact")


@pytest.mark.parametrize("kernels", [False, True])
def test_certified_endpoint_rejects_a_wrong_basis(kernels):
    ig = integer_game(BimatrixGame([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]]))
    # P: x_1, x_2 basic (both columns tight); Q: y_0, y_1 basic with rows 1, 2 tight.
    assert certified_endpoint(ig, [1, 2], [0, 1, 2], kernels) is not None
    assert certified_endpoint(ig, [0, 1], [0, 1, 2], kernels) is None  # x = (·, ·, 0) but y needs row 0 slack
    assert certified_endpoint(ig, [1, 1], [0, 1, 2], kernels) is None  # not a basis: repeated
    assert certified_endpoint(ig, [1, 2, 3], [0, 1, 2], kernels) is None  # not a basis: too long
    assert certified_endpoint(ig, [1, 9], [0, 1, 2], kernels) is None  # not a basis: out of range


@st.composite
def corrupted_ends(draw):
    """A random game, the float path's end from a label, and that pair of bases with some
    basic variables replaced (often still a pair of bases, rarely an equilibrium)."""
    n = draw(st.integers(15, 22))
    hi = draw(st.sampled_from([2, 10, 1000, 10**6]))
    seed = draw(st.integers(0, 10**6))
    g = random_game(n, n, seed, hi)
    label = draw(st.integers(0, 2 * n - 1))
    swaps = draw(st.lists(st.tuples(st.booleans(), st.integers(0, n - 1), st.integers(0, 2 * n - 1)),
                          min_size=1, max_size=3))
    return g, label, swaps


@SETTINGS
@given(corrupted_ends())
def test_the_end_check_rejects_corrupted_bases(case):
    """A corrupted pair of bases is accepted only when it is still an equilibrium (checked
    in Fractions by ``is_equilibrium``); both routes (compiled limbs, Python integers)
    give the same answer, and the float path's own end is accepted."""
    from gamekit.bimatrix.lemke_howson import float_matrices
    from gamekit.kernel.float_lemke_howson import lh_float_path

    g, label, swaps = case
    ig = integer_game(g)
    status, bp, bq, _ = lh_float_path(*float_matrices(ig), label, 10_000)
    bp, bq = bp.tolist(), bq.tolist()
    assert certified_endpoint(ig, bp, bq, True) is not None
    for in_p, pos, var in swaps:
        (bp if in_p else bq)[pos] = var
    ends = [certified_endpoint(ig, bp, bq, kernels) for kernels in (False, True)]
    assert ends[0] == ends[1]
    if ends[0] is not None:
        x, y = ends[0].profile()
        from gamekit.bimatrix.intgame import dense
        assert gamekit.is_equilibrium(g, dense(x, g.m), dense(y, g.n))


@st.composite
def games(draw):
    m, n, top = draw(st.integers(2, 6)), draw(st.integers(2, 6)), draw(st.sampled_from([1, 3, 99]))
    cell = st.integers(0, top)
    return BimatrixGame(*(draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
                          for _ in range(2)))


@SETTINGS
@given(games())
def test_float_path_property(g):
    """On any small game (degenerate ones included) every label yields a certified extreme
    equilibrium, and the float path reaches what exact pivoting reaches from each label."""
    fl = solve_result(g, "lemke_howson", strategy="float_path")
    ex = solve_result(g, "lemke_howson", strategy="exact")
    assert sorted(per_label(fl)) == list(range(g.m + g.n))
    assert per_label(fl) == per_label(ex)
    assert {(e.row, e.col) for e in fl} <= {(e.row, e.col) for e in solve_result(g, "all")}


@st.composite
def labelled_games(draw, lo, hi):
    """A random game with payoffs in 0..10⁶ (nondegenerate with high probability, so every
    Lemke–Howson code follows the same path from a label) and a label."""
    m, n = draw(st.integers(lo, hi)), draw(st.integers(lo, hi))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    A, B = rng.integers(0, 10**6, (m, n)), rng.integers(0, 10**6, (m, n))
    return A, B, draw(st.integers(0, m + n - 1))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(labelled_games(10, 60))
def test_one_path_agrees_with_quantecon(case):
    """From any label, ``initial_label`` gives QuantEcon's float end point, exactly
    certified, with either strategy's end check."""
    qe = pytest.importorskip("quantecon.game_theory")
    A, B, label = case
    g = BimatrixGame(A, B)
    x, y = qe.lemke_howson(qe.NormalFormGame((qe.Player(A.astype(float)), qe.Player(B.T.astype(float)))),
                           init_pivot=label)
    res = solve_result(g, "lemke_howson", strategy="float_path", initial_label=label)
    assert res.parameters["fallbacks"] == ()
    assert np.allclose(np.array(res[0].row, dtype=float), x, atol=1e-9)
    assert np.allclose(np.array(res[0].col, dtype=float), y, atol=1e-9)
    assert gamekit.is_equilibrium(g, res[0].row, res[0].col)
