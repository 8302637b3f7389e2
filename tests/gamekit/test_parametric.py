"""gamekit.parametric: exact surds, rational functions of α, affine additive games, and the
parametric Foster analysis (Ethier & Lee, *Baccara chemin de fer II*, section 3).

The central check: the piecewise description evaluated at many rational α (random ones,
every rational critical value, points just beside every critical value) equals, exactly,
what the fixed-α solvers find on ``game.at(alpha)`` — ``gamekit.additive.foster.solve_additive`` and
pygambit's ``enummixed_solve(rational=True)`` on the materialized game — on random affine
2×2ⁿ games with small integer weights (so ties, indifferent sets, coincident curves and
continua are common). At irrational critical values the reported equilibria are checked
against the definition of equilibrium in exact Q(√c) arithmetic. Model B2 with d = 6 is
checked against the paper's numbers.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.additive.foster import solve_additive
from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError
from gamekit.exact import (
    QuadraticSurd,
    RationalFunction,
    compare,
    decimal_str,
    exact_str,
    quadratic_roots,
)
from gamekit.exact.surd import rational_bounds, simplest_between
from gamekit.parametric import AffineAdditiveGame, AlphaPoint, solve_parametric

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

NONSQUARES = [2, 3, 5, 6, 7, 10, 13, 17, 226436619657206227489]
rationals = st.fractions(min_value=-50, max_value=50, max_denominator=60)


# -- QuadraticSurd ------------------------------------------------------------------------------
@st.composite
def surds(draw, c=None):
    a = draw(rationals)
    b = draw(rationals.filter(lambda x: x != 0))
    cc = draw(st.sampled_from(NONSQUARES)) if c is None else c
    return QuadraticSurd.make(a, b, cc)


def _sym(x):
    return x.to_sympy() if isinstance(x, QuadraticSurd) else sympy.Rational(x.numerator, x.denominator)


@SETTINGS
@given(st.data())
def test_surd_field_arithmetic_matches_sympy(data):
    c = data.draw(st.sampled_from(NONSQUARES[:6]))
    x = data.draw(surds(c))
    y = data.draw(st.one_of(surds(c), rationals))
    for got, want in ((x + y, _sym(x) + _sym(y)), (x - y, _sym(x) - _sym(y)), (y - x, _sym(y) - _sym(x)),
                      (x * y, _sym(x) * _sym(y))):
        assert sympy.expand(_sym(got) - want) == 0
    if y != 0:
        assert sympy.expand(sympy.radsimp(_sym(x / y) - _sym(x) / _sym(y))) == 0
        assert sympy.expand(sympy.radsimp(_sym(y / x) - _sym(y) / _sym(x))) == 0
    # an operation that cancels the irrational part gives back a Fraction
    assert isinstance(x - x, F) and isinstance(x * x.conjugate(), F)


@SETTINGS
@given(surds(), st.one_of(surds(), rationals), st.integers(0, 2))
def test_compare_is_exact_across_fields(x, y, near):
    if near == 1:  # a rational within 2^-40 of x: floats alone cannot be trusted
        y = rational_bounds(x, 40)[0]
    elif near == 2 and isinstance(y, QuadraticSurd):  # nearly equal surds from different fields
        y = y + (rational_bounds(x, 60)[1] - rational_bounds(y, 60)[1])
    want = sympy.sign((_sym(x) - _sym(y)).evalf(200))
    assert compare(x, y) == int(want)
    assert compare(y, x) == -int(want)
    assert compare(x, x) == 0


def test_compare_same_field_under_different_radicands():
    x = QuadraticSurd(F(1), F(1), 2)   # 1 + √2
    y = QuadraticSurd(F(1), F(1, 2), 8)  # 1 + √8/2, the same number
    assert compare(x, y) == 0 and x == y
    assert compare(x + F(1, 10**30), y) == 1


@SETTINGS
@given(st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40))
def test_quadratic_roots_exact(q0, q1, q2):
    if q0 == q1 == q2 == 0:
        with pytest.raises(ValueError):
            quadratic_roots(q0, q1, q2)
        return
    roots = quadratic_roots(q0, q1, q2)
    x = sympy.Symbol("x")
    want = sorted(set(sympy.Poly(q0 + q1 * x + q2 * x**2, x).real_roots())) if (q1 or q2) else []
    assert len(roots) == len(want)
    for r, w in zip(roots, want):
        assert sympy.expand(sympy.radsimp(_sym(r) - w)) == 0
        assert q0 + q1 * r + q2 * r * r == 0  # exactly, in Q or Q(√c)
    assert all(compare(roots[i], roots[i + 1]) < 0 for i in range(len(roots) - 1))


def test_paper_alpha0_string_parses_and_rounds():
    # α₀ of Ethier–Lee II, section 3 (Table 3, row 18)
    a0 = QuadraticSurd.make(F(16145999279, 17712223814), F(-1, 17712223814), 226436619657206227489)
    s = str(a0)
    assert s == "(16145999279 - sqrt(226436619657206227489))/17712223814"
    assert sympy.simplify(sympy.sympify(s) - a0.to_sympy()) == 0
    assert decimal_str(a0, 7) == "0.06200171"
    assert abs(float(a0) - 0.0620017) < 1e-7


@SETTINGS
@given(st.one_of(surds(), rationals), st.one_of(surds(), rationals))
def test_simplest_between_is_strictly_inside(x, y):
    if compare(x, y) == 0:
        return
    a, b = (x, y) if compare(x, y) < 0 else (y, x)
    r = simplest_between(a, b)
    assert compare(a, r) < 0 < compare(b, r)


# -- RationalFunction ---------------------------------------------------------------------------
def test_rational_function_paper_forms():
    # equation (25) and three of the curves listed before Table 1
    cases = [
        ((477191, -54732), (12 * 49377, -12 * 26957), "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"),
        ((17 * 4903, -17 * 621), (144 * 691, -144 * 377), "17*(4903 - 621*alpha)/(144*(691 - 377*alpha))"),
        ((2 * 13030, 2 * 112111), (102143,), "2*(13030 + 112111*alpha)/102143"),
        ((77143741,), (121269912,), "77143741/121269912"),
        ((-3, 0, 1), (2,), "-(3 - alpha**2)/2"),
    ]
    a = sympy.Symbol("alpha")
    for num, den, text in cases:
        f = RationalFunction(num, den)
        assert str(f) == text
        assert sympy.cancel(sympy.sympify(text, locals={"alpha": a}) - f.to_sympy()) == 0


@SETTINGS
@given(st.lists(rationals, min_size=1, max_size=3), st.lists(rationals, min_size=1, max_size=3),
       st.lists(rationals, min_size=1, max_size=2), surds())
def test_rational_function_normal_form_and_evaluation(num, den, k, x):
    if all(c == 0 for c in den):
        return
    f = RationalFunction(num, den)
    # multiplying num and den by a common factor gives the same (equal, equally hashed) function
    from gamekit.exact.ratfunc import pmul, poly
    kk = poly(*k) or (F(1),)
    g = RationalFunction(pmul(poly(*num), kk), pmul(poly(*den), kk))
    assert f == g and hash(f) == hash(g) and str(f) == str(g)
    a = sympy.Symbol("alpha")
    assert sympy.cancel(sympy.sympify(str(f), locals={"alpha": a}) - f.to_sympy()) == 0
    if f.defined_at(x):
        assert sympy.expand(sympy.radsimp(_sym(f(x)) - f.to_sympy().subs(a, _sym(x)))) == 0


# -- AffineAdditiveGame -------------------------------------------------------------------------
def _small_game(n, rng, R=3, zp=0.3, rows=2):
    def r():
        return F(rng.randint(-R, R)) if rng.random() > zp else F(0)

    return AdditiveGame(
        [f"r{u}" for u in range(rows)], [f"i{l}" for l in range(n)],
        [r() for _ in range(rows)], [[(r(), r()) for _ in range(n)] for _ in range(rows)],
        a_base=[r() for _ in range(rows)], a_move=[[(r(), r()) for _ in range(n)] for _ in range(rows)],
    )


def test_affine_game_at_and_from_endpoints():
    rng = random.Random(7)
    G0, G1 = _small_game(4, rng), _small_game(4, rng)
    g = AffineAdditiveGame(G0, G1)
    at = g.at(F(2, 3))
    assert at.b_move[1][2][0] == G0.b_move[1][2][0] + F(2, 3) * G1.b_move[1][2][0]
    assert at.a_base[0] == G0.a_base[0] + F(2, 3) * G1.a_base[0]
    h = AffineAdditiveGame.from_endpoints(g.at(F(-1)), g.at(F(5, 2)), -1, F(5, 2))
    for t in (F(0), F(1, 7), F(3)):
        assert h.same_weights(g.at(t), t)
    assert AffineAdditiveGame.from_function(g.at, 0, 1).same_weights(g.at(F(9, 4)), F(9, 4))


def test_affine_game_rejects_bad_input():
    rng = random.Random(3)
    with pytest.raises(GameError, match="different shapes"):
        AffineAdditiveGame(_small_game(3, rng), _small_game(4, rng))
    g0 = _small_game(2, rng)
    nonadd = AdditiveGame(g0.rows, g0.infosets, g0.b_base, g0.b_move, a_func=lambda u, T: 0)
    with pytest.raises(GameError, match="additive"):
        AffineAdditiveGame(g0, nonadd)
    with pytest.raises(GameError, match="not affine"):
        AffineAdditiveGame.from_function(
            lambda t: AdditiveGame(g0.rows, g0.infosets, [t * t, 0], g0.b_move, a_base=g0.a_base,
                                   a_move=g0.a_move), 0, 1)
    g = AffineAdditiveGame(g0, _small_game(2, rng))
    with pytest.raises(GameError, match="lo = 1 > hi = 0"):
        solve_parametric(g, 1, 0)
    three = AffineAdditiveGame(_small_game(2, rng, rows=3), _small_game(2, rng, rows=3))
    with pytest.raises(GameError, match="exactly 2 rows"):
        solve_parametric(three, 0, 1)
    sol = solve_parametric(g, 0, 1)
    with pytest.raises(GameError, match="outside"):
        sol.evaluate(2)


# -- random affine games --------------------------------------------------------------------------
@st.composite
def affine_games(draw, max_n=6):
    n = draw(st.integers(1, max_n))
    R = draw(st.sampled_from([1, 2, 3, 9]))
    zero = st.just(0)
    val = st.one_of(zero, st.integers(-R, R)) if draw(st.booleans()) else st.integers(-R, R)

    def game():
        def vec(k):
            return draw(st.lists(val, min_size=k, max_size=k))

        bm = [[tuple(vec(2)) for _ in range(n)] for _ in range(2)]
        am = [[tuple(vec(2)) for _ in range(n)] for _ in range(2)]
        return AdditiveGame(["r0", "r1"], [f"i{l}" for l in range(n)], vec(2), bm, a_base=vec(2), a_move=am)

    G0, G1 = game(), game()
    lo = F(draw(st.integers(-3, 0)))
    hi = lo + F(draw(st.integers(0, 4)))
    return AffineAdditiveGame(G0, G1), lo, hi


def _test_points(sol, rng, extra=8):
    lo, hi = sol.lo, sol.hi
    pts = {lo, hi}
    for c in sol.critical:
        a = c.alpha
        near = [a - F(1, 997), a + F(1, 997), a - F(1, 10**9), a + F(1, 10**9)] if isinstance(a, F) \
            else list(rational_bounds(a, 24)) + list(rational_bounds(a, 50))
        pts.update(x for x in near if lo <= x <= hi)
        if isinstance(a, F):
            pts.add(a)
    for s in sol.segments:
        pts.add(s.sample)
    for _ in range(extra):
        pts.add(lo + (hi - lo) * F(rng.randint(0, 89), 89))
    return sorted(pts)


def _ours(sol, a):
    return frozenset((e.p, tuple(e.y)) for e in sol.evaluate(a))


@SETTINGS
@given(affine_games(), st.randoms(use_true_random=False))
def test_parametric_description_equals_fixed_alpha_solver(gl, rng):
    game, lo, hi = gl
    sol = solve_parametric(game, lo, hi)
    for a in _test_points(sol, rng):
        fixed = solve_additive(game.at(a))
        assert _ours(sol, a) == frozenset((e.p, e.draw) for e in fixed.equilibria), a
        kind, k = sol._locate(a)
        unique = sol.critical[k].unique if kind == "point" else sol.segments[k].unique
        assert unique == fixed.unique
        st = sol.structure_at(a)
        assert fixed.is_continuum == (bool(st.intervals) or any(len(b.vertices) > 1 for b in st.boxes))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(affine_games(max_n=8), st.randoms(use_true_random=False))
def test_parametric_description_equals_fixed_alpha_solver_n8(gl, rng):
    game, lo, hi = gl
    sol = solve_parametric(game, lo, hi)
    for a in _test_points(sol, rng, extra=4):
        assert _ours(sol, a) == frozenset((e.p, e.draw) for e in solve_additive(game.at(a)).equilibria), a


def _gambit_images(game):
    import pygambit

    from gamekit.additive.behaviour import mixed_to_mixture, mixture_to_behaviour
    from gamekit.additive.reduction import materialize, materialized_columns

    g = materialize(game, reduce=False)
    cols = materialized_columns(game, reduce=False)
    pg = pygambit.Game.from_arrays(np.array(g.A, dtype=object), np.array(g.B, dtype=object))
    res = pygambit.nash.enummixed_solve(pg, rational=True)
    p1, p2 = pg.players
    out = set()
    for eq in res.equilibria:
        row = [F(eq[s]) for s in p1.strategies]
        col = [F(eq[s]) for s in p2.strategies]
        out.add((row[1], mixture_to_behaviour(mixed_to_mixture(col, cols), game.n)))
    return out


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(affine_games(max_n=4), st.randoms(use_true_random=False))
def test_parametric_description_agrees_with_pygambit(gl, rng):
    game, lo, hi = gl
    sol = solve_parametric(game, lo, hi)
    pts = [x for x in _test_points(sol, rng, extra=3) if isinstance(x, F)]
    for a in rng.sample(pts, min(len(pts), 6)):
        at = game.at(a)
        images = _gambit_images(at)
        ours = _ours(sol, a)
        # our extreme equilibria are exactly extreme equilibria of the explicit game (their
        # behaviour images), every explicit extreme equilibrium lies in our equilibrium set,
        # and both find the same player I strategies
        assert ours <= images, a
        assert all(sol.contains(a, p, y) for p, y in images), a
        assert {p for p, _ in ours} == {p for p, _ in images}, a


def _is_equilibrium_exact(data, P, p, y_live):
    """Definition of equilibrium in exact arithmetic at α = P (Q or Q(√c))."""
    if p < 0 or p > 1 or any(v < 0 or v > 1 for v in y_live):
        return False
    for i in range(len(data.live)):
        h = (1 - p) * P.val1(*data.g0[i]) + p * P.val1(*data.g1[i])
        if (h > 0 and y_live[i] != 1) or (h < 0 and y_live[i] != 0):
            return False
    D = P.val1(*data.e0)
    for i, v in enumerate(y_live):
        D = D + v * P.val1(*data.e[i])
    return (D <= 0) if p == 0 else (D >= 0) if p == 1 else (D == 0)


@SETTINGS
@given(affine_games(max_n=5))
def test_critical_points_exact_and_contain_both_limits(gl):
    game, lo, hi = gl
    sol = solve_parametric(game, lo, hi)
    data = sol.data
    vals = [c.alpha for c in sol.critical]
    assert all(compare(vals[i], vals[i + 1]) < 0 for i in range(len(vals) - 1))
    for k, c in enumerate(sol.critical):
        P = AlphaPoint(c.alpha)
        eqs = c.structure.equilibria()
        assert eqs, "every finite game has an equilibrium"
        for p, y in eqs:
            assert _is_equilibrium_exact(data, P, p, y)
        # upper hemicontinuity: the limits of the neighbouring segments' formulas are equilibria here
        for seg in sol.segments[max(k - 1, 0):k + 1]:
            for f in seg.equilibria:
                if f.p.defined_at(c.alpha) and all(g.defined_at(c.alpha) for g in f.y):
                    p, y = f.p(c.alpha), tuple(g(c.alpha) for g in f.y)
                    assert _is_equilibrium_exact(data, P, p, y)
                    assert c.structure.contains(p, data.full_behaviour(y))


def test_intersections_counted_as_in_the_paper():
    """r + 2s = number of (curve, sub-interval) cases when all intersections are interior."""
    seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = AffineAdditiveGame(_small_game(5, rng, R=9, zp=0.05), _small_game(5, rng, R=9, zp=0.05))
        sol = solve_parametric(game, 0, 1)
        dom = {c.index: c.domain for c in sol.curves}
        inner = all(compare(s, x.alpha) < 0 < compare(t, x.alpha)
                    for x in sol.intersections for l in x.curves for s, t in dom[l])
        single = all(len(c.domain) == 1 for c in sol.curves)
        if inner and single and not sol.coincident:
            assert sol.intervals == sol.n_curves + 2 * sol.n_intersections
            seen += sol.n_intersections > 0
        for x in sol.intersections:  # the curves really meet there, inside [0, 1]
            i, j = (sol.data.live.index(l) for l in x.curves)
            assert sol.data.curve_function(i)(x.alpha) == sol.data.curve_function(j)(x.alpha) == x.p
            assert 0 <= x.p <= 1
    assert seen >= 5


# -- hand-made degenerate games -------------------------------------------------------------------
def _game(b_move, a_move, b_base=(0, 0), a_base=(0, 0)):
    n = len(b_move[0])
    return AdditiveGame(["r0", "r1"], [f"i{l}" for l in range(n)], list(b_base), b_move,
                        a_base=list(a_base), a_move=a_move)


def test_player_one_indifferent_gives_continua_on_whole_segments():
    # a ≡ 0: player I is indifferent everywhere, so every p with its best responses is an equilibrium
    zero_a = [[(0, 0)], [(0, 0)]]
    G0 = _game([[(0, -1)], [(0, 1)]], zero_a)   # G_0 = −1, G_1 = 1 + α → p(l) = 1/(2 + α)
    G1 = _game([[(0, 0)], [(0, 1)]], zero_a)
    sol = solve_parametric(AffineAdditiveGame(G0, G1), 0, 1)
    assert sol.n_curves == 1 and sol.n_intersections == 0 and not sol.single_crossing_holds
    for seg in sol.segments:
        assert not seg.unique and seg.continua
    eq = sol.evaluate(F(1, 2))
    assert {(e.p, e.y) for e in eq} == {(F(0), (F(0),)), (F(2, 5), (F(0),)), (F(2, 5), (F(1),)), (F(1), (F(1),))}
    assert solve_additive(G0).is_continuum


def test_null_information_set_and_coincident_curves():
    # i0 and i1 have identical gains (coincident curves); i2 is indifferent at α = 1/2 only
    b0 = [[(0, -2), (0, -2), (0, 1)], [(0, 3), (0, 3), (0, 1)]]
    b1 = [[(0, 1), (0, 1), (0, -2)], [(0, 0), (0, 0), (0, -2)]]
    a0 = [[(0, 1), (0, 2), (0, 1)], [(0, -1), (0, -3), (0, 2)]]
    a1 = [[(0, 0), (0, 0), (0, 0)], [(0, 0), (0, 0), (0, 0)]]
    game = AffineAdditiveGame(_game(b0, a0, a_base=(1, 0)), _game(b1, a1))
    sol = solve_parametric(game, 0, 1)
    assert sol.coincident == [(0, 1)]
    assert any(F(1, 2) == c.alpha for c in sol.critical)
    for a in (F(0), F(1, 3), F(1, 2), F(2, 3), F(1)):
        assert _ours(sol, a) == frozenset((e.p, e.draw) for e in solve_additive(game.at(a)).equilibria)


def test_single_point_interval():
    rng = random.Random(11)
    game = AffineAdditiveGame(_small_game(3, rng), _small_game(3, rng))
    sol = solve_parametric(game, F(1, 3), F(1, 3))
    assert not sol.segments and len(sol.critical) == 1
    assert _ours(sol, F(1, 3)) == frozenset((e.p, e.draw) for e in solve_additive(game.at(F(1, 3))).equilibria)


# -- Model B2, d = 6 (Ethier & Lee II, section 3) ---------------------------------------------------
@pytest.fixture(scope="module")
def b2_d6():
    from games.baccara.models.tables import model_tables

    t = model_tables("B2", 6)
    game = AffineAdditiveGame.from_endpoints(t.game(0), t.game(F(1, 2)), 0, F(1, 2))
    return solve_parametric(game, 0, F(1, 10))


def test_model_b2_d6_table4_row(b2_d6):
    sol = b2_d6
    assert (sol.n_curves, sol.n_intersections, sol.boundary_curves, sol.intervals, len(sol.nonunique_points)) == (20, 23, 3, 66, 1)
    assert sol.single_crossing_holds


def test_model_b2_d6_curves_and_alpha0(b2_d6):
    sol = b2_d6
    curves = {c.label: str(c.formula) for c in sol.curves}
    # the 20 best-response-discontinuity curves as printed in the paper (labels: Banker hand:card)
    assert curves["03:9"] == "(471143 + 1081*alpha)/(24*(49118 - 22303*alpha))"
    assert curves["06:-"] == "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"
    assert curves["33:-"] == "17*(4903 - 621*alpha)/(144*(691 - 377*alpha))"
    assert curves["05:4"] == "2*(13030 + 112111*alpha)/102143"
    assert curves["77:1"] == "7*(95873 - 13162*alpha)/(24*(31442 - 13465*alpha))"
    assert curves["33:6"] == "(149704 - 346703*alpha)/(288*(561 - 373*alpha))"
    assert {c.label for c in sol.curves if c.boundary} == {"22:1", "15:6", "24:6"}
    (alpha0,) = [c.alpha for c in sol.nonunique_points]
    assert exact_str(alpha0) == "(16145999279 - sqrt(226436619657206227489))/17712223814"
    # Table 6 for d = 6: two pieces, p as in (25), q as in (19) and (20)
    (left, right) = sol.pieces
    assert left.lo == 0 and left.lo_closed and left.hi == alpha0 and not left.hi_closed
    assert right.hi == F(1, 10) and right.hi_closed and not right.lo_closed
    for piece, q in ((left, "77143741/121269912"), (right, "76834069/121269912")):
        (f,) = piece.equilibria
        assert str(f.p) == "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"
        mixed = {sol.data.labels[sol.data.live[i]]: str(g) for i, g in enumerate(f.y) if str(g) not in "01"}
        assert mixed == {"06:-": q}


def test_model_b2_d6_tables_2_and_3(b2_d6):
    sol = b2_d6
    # Table 2: only cases 44 and 45 (curve p((0,6),∅), before and after α₀) have an equalizing strategy
    with_eq = [c for c in sol.cases if c.equalizing_on]
    assert len(sol.cases) == 66 and {c.pattern["06:-"] for c in with_eq} == {"M"}
    assert [str(c.equalizing) for c in with_eq] == ["77143741/121269912", "76834069/121269912"]
    # Table 3: only case 18 (p((0,6),∅) & p((3,3),6)) has equalizing strategies — (21)–(24)
    hits = [pc for pc in sol.point_cases if pc.mixed]
    assert len(sol.point_cases) == 23 and len(hits) == 1
    mixed = {frozenset({(T["06:-"] + T["33:6"], 1 - q), (T2["06:-"] + T2["33:6"], q)})
             for T, T2, q in hits[0].mixed}

    def mix(T, T2, q):  # T w.p. 1 − q, T2 w.p. q (moves at (0,6)∅ and (3,3)6; 1 = draw)
        return frozenset({(T, 1 - q), (T2, q)})

    assert mixed == {
        mix("00", "10", F(76834069, 121269912)),   # (21)
        mix("00", "11", F(76834069, 120960240)),   # (22)
        mix("01", "10", F(77143741, 121579584)),   # (23)
        mix("01", "11", F(77143741, 121269912)),   # (24)
    }


def test_model_b2_table4_other_decks():
    from games.baccara.models.tables import model_tables

    paper = {1: (26, 13, 4, 52, 2), 2: (23, 30, 3, 83, 1), 9: (28, 39, 9, 106, 2), 80: (28, 37, 6, 102, 0)}
    for d, row in paper.items():
        t = model_tables("B2", d)
        game = AffineAdditiveGame.from_endpoints(t.game(0), t.game(F(1, 2)), 0, F(1, 2))
        sol = solve_parametric(game, 0, F(1, 10))
        assert (sol.n_curves, sol.n_intersections, sol.boundary_curves, sol.intervals, len(sol.nonunique_points)) == row, d
        # p is p((0,6),∅) everywhere: equation (26)
        a = sympy.Symbol("alpha")
        p26 = ((8 * d - 1) * (12 * d - 1) * (24 * d - 1) - 2 * a * d * (128 * d**2 - 8 * d + 1)) / (
            2 * d * (1408 * d**2 - 220 * d + 9) - 2 * a * d * (768 * d**2 - 116 * d + 5))
        for piece in sol.pieces:
            for f in piece.equilibria:
                assert sympy.cancel(f.p.to_sympy() - p26) == 0


def test_surd_point_extremes_are_the_one_sided_limits(b2_d6):
    """At the irrational non-unique α₀ the extreme equilibria (computed in surd arithmetic at
    α₀) are exactly the limits of the unique equilibria of the two neighbouring pieces
    (computed at rational sample points): the equilibrium correspondence is upper
    hemicontinuous, and paper II's (21) and (24) are the two one-sided limits."""
    sol = b2_d6
    (c,) = sol.nonunique_points
    left = [pc for pc in sol.pieces if compare(pc.hi, c.alpha) == 0]
    right = [pc for pc in sol.pieces if compare(pc.lo, c.alpha) == 0]
    assert len(left) == len(right) == 1 and left[0].unique and right[0].unique
    limits = []
    for pc in left + right:
        f = pc.equilibria[0]
        limits.append((f.p(c.alpha), tuple(g(c.alpha) for g in f.y)))
    extremes = [(e.p, tuple(e.y[l] for l in sol.data.live)) for e in c.equilibria()]
    assert len(extremes) == 2 and limits[0] != limits[1]
    assert all(any(a == b for b in extremes) for a in limits)
    assert all(any(a == b for b in limits) for a in extremes)


def test_model_b2_d6_json_summary(b2_d6):
    import json

    d = json.loads(json.dumps(b2_d6.to_dict(row_name="player", row_label="5", col_name="banker_mixed")))
    assert (d["curves"], d["intersections"], d["boundary_curves"], d["intervals"], d["nonunique_points"]) == \
        (20, 23, 3, 66, 1)
    s0, s1 = d["segments"]
    assert s0["from"] == "0" and s0["to"].startswith("0.0620017") and s1["to"] == "0.1"
    assert s0["to_exact"] == s1["from_exact"] == "(16145999279 - sqrt(226436619657206227489))/17712223814"
    a0 = sympy.sympify(s0["to_exact"])
    assert abs(float(a0) - float(s0["to"])) < 1e-9
    assert s0["player"] == {"5": "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"}
    assert s0["banker_mixed"] == {"06:-": "77143741/121269912"}
    assert s1["banker_mixed"] == {"06:-": "76834069/121269912"}
    assert s0["pattern"]["06:-"] == "M" and s0["pattern"]["33:6"] == "1" and s1["pattern"]["33:6"] == "0"
    (pt,) = d["points"]
    assert pt["alpha_exact"] == s0["to_exact"] and not pt["unique"]
    assert len(pt["equilibria"]) == 2 and len(pt["mixed_strategies"]) == 4
    # p at α₀ is equation (25) evaluated there
    a = sympy.Symbol("alpha")
    p25 = sympy.sympify(s0["player"]["5"], locals={"alpha": a}).subs(a, a0)
    assert sympy.expand(sympy.radsimp(sympy.sympify(pt["equilibria"][0]["player"]["5"]) - p25)) == 0
