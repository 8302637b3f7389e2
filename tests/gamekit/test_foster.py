"""Foster's algorithm (Lemma 2), generalized to every degenerate case — issue 3.

What "agree" means. A behaviour profile (p, y) is the image of many mixed profiles of the
materialized game (any mixture with marginal y). Our solver reports *cells*, convex
pieces of the equilibrium set in behaviour space, with their extreme points. The strongest
true statement, checked by ``compare_with_explicit`` against every extreme equilibrium
that pygambit's enummixed (rational) and ``gamekit.solve(method="all")`` find:

1. each extreme point we report, written as a mixed strategy over the explicit columns,
   is a Nash equilibrium of the explicit game;
2. each explicit extreme equilibrium maps into one of our cells;
3. each extreme point we report is the image of an explicit extreme equilibrium;
4. each maximal Nash subset of the explicit game maps into a single cell of ours.

So our cells are exactly the images of the maximal Nash subsets: same set, same pieces.
"""

import dataclasses
from fractions import Fraction

import pytest
from additive_gen import a1_matrices, additive_games, gambit_extreme, gamekit_extreme
from hypothesis import HealthCheck, assume, given, settings

from gamekit import AdditiveGame, BimatrixGame, GameError, TooLargeError
from gamekit.additive.behaviour import is_additive_equilibrium, mixed_to_behaviour
from gamekit.additive.crosscheck import compare_with_explicit
from gamekit.additive.foster import (
    breakpoints,
    foster_classes,
    solve_additive,
)
from gamekit.additive.reduction import forced_moves, materialize, materialized_columns

F = Fraction


def agree(sol, explicit_eqs, reduce=True):
    problems = compare_with_explicit(sol, explicit_eqs, limit=1 << 12, reduce=reduce)
    assert problems == []


# -- random games against both explicit solvers -------------------------------------------------
@given(additive_games(n_max=10))
@settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_match_gamekit_solve_on_full_game(g):
    sol = solve_additive(g)
    # huge continua (e.g. every set always indifferent: 2^n extreme points, each checked on
    # a 2×2^n game) are covered at smaller n; keep the run time bounded
    assume(len(sol.equilibria) << g.n <= 1 << 16)
    agree(sol, gamekit_extreme(materialize(g, reduce=False, limit=1 << 12)), reduce=False)


@given(additive_games(n_max=10))
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_match_pygambit(g):
    """pygambit's enummixed is slow on 2×2ⁿ: use the full game for n ≤ 4, else the reduced one."""
    sol = solve_additive(g)
    if g.n <= 4:
        agree(sol, gambit_extreme(materialize(g, reduce=False)), reduce=False)
    red = forced_moves(g)
    if red.n_free <= 5:
        agree(sol, gambit_extreme(materialize(g)))


@given(additive_games(n_max=5, a_func=True))
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_non_additive_player_one_matches_explicit(g):
    sol = solve_additive(g)
    agree(sol, gamekit_extreme(materialize(g, reduce=False)), reduce=False)
    if g.n <= 4:
        agree(sol, gambit_extreme(materialize(g, reduce=False)), reduce=False)


@given(additive_games(n_max=8))
@settings(max_examples=40, deadline=None, derandomize=True)
def test_every_equilibrium_verifies_exactly(g):
    sol = solve_additive(g)
    assert sol.equilibria
    full = materialize(g, reduce=False)
    cols = materialized_columns(g, reduce=False)
    for e in sol.equilibria:
        assert is_additive_equilibrium(g, e.row, e.draw)
        row, col = e.mixed(cols)
        assert full.payoffs(row, col) == e.payoffs
        assert mixed_to_behaviour(col, cols, g.n) == e.draw
    # the whole of every cell consists of equilibria: check its centroid too
    for c in sol.cells:
        k = len(c.vertices)
        p = sum((v.p for v in c.vertices), F(0)) / k
        y = tuple(sum((v.draw[l] for v in c.vertices), F(0)) / k for l in range(g.n))
        assert c.contains(p, y, g) and is_additive_equilibrium(g, (1 - p, p), y)


@given(additive_games(n_max=6, rows=2) | additive_games(n_max=4, rows=3))
@settings(max_examples=40, deadline=None, derandomize=True)
def test_lemma1_never_removes_an_equilibrium(g):
    """The full and the Lemma-1-reduced explicit games have the same extreme equilibria."""
    red = forced_moves(g)
    full_eqs = set(gamekit_extreme(materialize(g, reduce=False)))
    cols_full = materialized_columns(g, reduce=False)
    cols_red = materialized_columns(g)
    pos = {T: j for j, T in enumerate(cols_full)}
    lifted = set()
    for row, col in gamekit_extreme(materialize(g)):
        big = [F(0)] * len(cols_full)
        for q, T in zip(col, cols_red):
            big[pos[T]] += q
        lifted.add((row, tuple(big)))
    assert lifted == full_eqs
    assert all(T >= frozenset(red.forced_1) for T in cols_red)


@given(additive_games(n_max=4, rows=3))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_more_rows_by_enumeration(g):
    from gamekit.additive.materialized import solve_by_enumeration  # the explicit oracle path

    sol = solve_by_enumeration(g, 1 << 12)
    assert sol.method == "enumeration"
    cols = materialized_columns(g, reduce=False)
    images = {(row, mixed_to_behaviour(col, cols, g.n)) for row, col in gamekit_extreme(materialize(g, reduce=False))}
    assert {(e.row, e.draw) for e in sol.equilibria} == images
    assert not (sol.unique and sol.is_continuum)
    assert sol.unique == (len(images) == 1)
    for e in sol.equilibria:
        assert is_additive_equilibrium(g, e.row, e.draw)


def test_large_game_equilibria_verify():
    import random

    rng = random.Random(11)
    n = 3000
    # non-zero gains from a wide range: no breakpoint at p = 0 or 1 and few ties
    # (small integers would tie many breakpoints: faces of dimension ~10 at one p, with
    # more extreme equilibria than max_vertices allows — see test_limits_and_errors)
    R = 10**6
    bm = [[(w, w + rng.choice([-1, 1]) * rng.randint(1, R)) for w in rng.choices(range(-R, R), k=n)]
          for _ in range(2)]
    am = [[(rng.randint(-R, R), rng.randint(-R, R)) for _ in range(n)] for _ in range(2)]
    g = AdditiveGame(["r0", "r1"], [str(l) for l in range(n)], [0, 0], bm, a_base=[0, 0], a_move=am)
    sol = solve_additive(g)
    assert sol.equilibria
    for e in sol.equilibria:
        assert is_additive_equilibrium(g, e.row, e.draw)
    assert len(sol.certificate.breakpoints) == len(set(breakpoints(g).values()))


# -- the first paper: Model A1, Theorem 1 ---------------------------------------------------------
def a1_additive(alpha: Fraction) -> AdditiveGame:
    """Read the additive structure off the paper's 2×16 matrices: base = column SSSS,
    gain at information set i = column with only move i drawn − SSSS."""
    A, B = a1_matrices(alpha)
    single = [8, 4, 2, 1]  # DSSS, SDSS, SSDS, SSSD
    return AdditiveGame(
        ["S on 5", "D on 5"], ["3:9", "4:1", "5:4", "6:-"],
        b_base=[B[u][0] for u in range(2)],
        b_move=[[(0, B[u][j] - B[u][0]) for j in single] for u in range(2)],
        a_base=[A[u][0] for u in range(2)],
        a_move=[[(0, A[u][j] - A[u][0]) for j in single] for u in range(2)],
    )


@pytest.mark.parametrize("alpha", [F(0), F(1, 20)])
def test_theorem1_model_a1(alpha):
    g = a1_additive(alpha)
    A, B = a1_matrices(alpha)
    # the paper's matrices are additive: materializing the compact form gives them back
    assert materialize(g, reduce=False) == BimatrixGame(A, B)
    sol = solve_additive(g)
    assert sol.unique and sol.unique_mixed and sol.certificate.single_crossing
    (e,) = sol.equilibria
    assert e.p == (9 - alpha) / (11 - 6 * alpha)
    assert e.draw == (1, 0, 1, F(859, 2288))  # draw (3,9), stand (4,1), draw (5,4), mix (6,∅)
    v_player = F(-679568, 11 * 13**6)
    v_banker = 8 * (84946 - 3099233 * alpha + 1668708 * alpha**2) / ((11 - 6 * alpha) * 13**6)
    assert e.payoffs == (v_player, v_banker)
    if alpha == F(1, 20):
        assert e.p == F(179, 214) and v_banker == F(-26337552, 535 * 13**6)
    # Lemma 2's classes: every one of the four sets has b00 > b01 and b10 < b11
    assert sol.certificate.sizes == {"always_0": 0, "switch_up": 4, "switch_down": 0, "always_1": 0, "indifferent": 0}
    assert breakpoints(g)[3] == (9 - alpha) / (11 - 6 * alpha)
    agree(sol, gambit_extreme(materialize(g, reduce=False)), reduce=False)
    agree(sol, gamekit_extreme(materialize(g, reduce=False)), reduce=False)


# -- hand-made degenerate cases ---------------------------------------------------------------------
def game(G, delta, d0, n=None):
    """Two-row game with b gains G[l] = (G0, G1), a gains δ_l on row 1 and D(∅) = d0."""
    n = len(G)
    return AdditiveGame(
        ["r0", "r1"], [f"i{l}" for l in range(n)], [0, 0],
        [[(0, G[l][u]) for l in range(n)] for u in range(2)],
        a_base=[0, d0], a_move=[[(0, 0)] * n, [(0, d) for d in delta]],
    )


def points(sol):
    return {(e.p, e.draw) for e in sol.equilibria}


def test_player_one_always_indifferent_gives_a_path():
    g = game([(-1, 1)], [0], 0)
    sol = solve_additive(g)
    assert not sol.unique and sol.is_continuum and len(sol.components) == 1
    assert points(sol) == {(0, (0,)), (F(1, 2), (0,)), (F(1, 2), (1,)), (1, (1,))}
    assert [c.kind for c in sol.cells] == ["interval", "breakpoint", "interval"]
    assert sol.certificate.hypotheses["no_indifference_on_intervals"] is False
    agree(sol, gambit_extreme(materialize(g, reduce=False)), reduce=False)


def test_always_indifferent_set_is_handled():
    g = game([(0, 0)], [1], F(-1, 2))
    sol = solve_additive(g)
    assert sol.certificate.sizes["indifferent"] == 1 and not sol.certificate.hypotheses["classes_cover"]
    assert points(sol) == {(0, (0,)), (0, (F(1, 2),)), (1, (F(1, 2),)), (1, (1,))}
    agree(sol, gambit_extreme(materialize(g, reduce=False)), reduce=False)


def test_tied_breakpoints_give_a_segment_of_equalizing_strategies():
    g = game([(-1, 1), (-2, 2)], [-1, -1], 1)
    sol = solve_additive(g)
    assert sol.certificate.single_crossing and sol.certificate.multiplicities == (2,)
    assert points(sol) == {(F(1, 2), (1, 0)), (F(1, 2), (0, 1))}
    assert not sol.unique and not sol.unique_mixed and len(sol.cells) == 1
    # the explicit game has a third extreme equilibrium, ½∅ + ½{0,1}: it maps inside the segment
    explicit = gambit_extreme(materialize(g, reduce=False))
    assert len(explicit) == 3
    agree(sol, explicit, reduce=False)


def test_pure_equilibrium_at_an_endpoint():
    g = game([(1, 1), (-1, 1)], [0, -1], -1)  # l0 ∈ T11; D < 0 always: row 0 is dominant
    sol = solve_additive(g)
    assert sol.unique and points(sol) == {(0, (1, 0))}
    assert sol.certificate.hypotheses["row0_not_pure_eq"] is False
    agree(sol, gamekit_extreme(materialize(g, reduce=False)), reduce=False)


def test_checker_detects_a_wrong_answer():
    g = game([(-1, 1), (-2, 2)], [-1, -1], 1)
    wrong = solve_additive(game([(-1, 1), (-2, 2)], [-1, -2], 1))
    wrong = dataclasses.replace(wrong, game=g)
    assert compare_with_explicit(wrong, gambit_extreme(materialize(g, reduce=False)), reduce=False)


def test_classes_and_breakpoints():
    g = game([(-1, 1), (1, -3), (2, 2), (-1, -1), (0, 0), (0, 2)], [0] * 6, 1)
    assert foster_classes(g) == {"always_0": (3,), "switch_up": (0, 5), "switch_down": (1,), "always_1": (2,), "indifferent": (4,)}
    assert breakpoints(g) == {0: F(1, 2), 1: F(1, 4), 5: F(0)}


def test_one_row_game():
    g = AdditiveGame(["only"], ["a", "b", "c"], [0], [[(0, 1), (1, 0), (2, 2)]], a_base=[0], a_move=[[(0, 0)] * 3])
    sol = solve_additive(g)
    assert sol.method == "trivial" and {e.draw for e in sol.equilibria} == {(1, 0, 0), (1, 0, 1)}


def test_limits_and_errors():
    with pytest.raises(GameError, match="expected an AdditiveGame"):
        solve_additive(BimatrixGame([[1]], [[1]]))
    z = game([(0, 0)] * 6, [1] * 6, F(-5, 2))  # all sets indifferent: many extreme points
    with pytest.raises(TooLargeError, match="max_vertices"):
        solve_additive(z, max_vertices=10)
    nz = AdditiveGame(["r0", "r1"], [str(l) for l in range(4)], [0, 0], [[(0, 0)] * 4] * 2,
                      a_func=lambda u, T: F(0))
    with pytest.raises(TooLargeError, match="not additive"):
        solve_additive(nz, max_face=3)
    with pytest.raises(GameError, match="exactly 2 rows"):
        foster_classes(AdditiveGame(["r"], ["a"], [0], [[(0, 1)]], a_base=[0], a_move=[[(0, 0)]]))


def test_cross_check_option_records_agreement():
    sol = solve_additive(a1_additive(F(1, 20)), cross_check=True)
    assert sol.certificate.cross_check.startswith("agree")


def test_breakpoints_that_round_to_the_same_float_are_ordered_exactly():
    big = 10**30
    G = [(-1, 1), (-big, big + 1), (-(big + 1), big), (-2, 2)]
    g = game(G, [1, -1, 2, -3], 1)
    below, above = F(big, 2 * big + 1), F(big + 1, 2 * big + 1)
    assert float(below) == float(above) == 0.5
    cert = solve_additive(g).certificate
    assert cert.breakpoints == (below, F(1, 2), above) and cert.multiplicities == (1, 2, 1)
    agree(solve_additive(g), gamekit_extreme(materialize(g, reduce=False)), reduce=False)
