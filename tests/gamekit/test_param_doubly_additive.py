"""Parametric doubly additive analysis (gamekit.doubly_additive.parametric) and exact real
algebraic numbers (gamekit.exact.algebraic).

The whole-interval certificates are checked against the per-point exact enumeration
(:func:`gamekit.doubly_additive.solve_doubly_additive` on G(α)) at many random rational α:
inside an open cell the point's extreme equilibria must be exactly the cell's formulas
evaluated at α; at a rational critical α, exactly the point's list.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import GameError
from gamekit.doubly_additive import DoublyAdditiveGame, parametric, solve_doubly_additive
from gamekit.doubly_additive.param_systems import (
    const_sign,
    cramer_affine,
    halves,
    to_unit,
    unit_sign,
)
from gamekit.doubly_additive.parametric import (
    AffineDoublyAdditiveGame,
    solve_parametric_doubly_additive,
)
from gamekit.exact.algebraic import (
    RealAlgebraic,
    compare_numbers,
    int_poly,
    number_str,
    rational_inside,
    real_roots,
    sign_at,
)


# -- algebraic numbers ------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=2, max_size=7))
def test_real_roots_match_sympy(cs):
    p = int_poly(cs)
    if p.degree() < 1:
        return
    ours = real_roots(p)
    x = sympy.Symbol("x")
    theirs = sorted(set(sympy.Poly(list(reversed(cs)), x).real_roots()), key=lambda r: float(r))
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert sympy.simplify(sympy.sympify(number_str(a)) - b) == 0
    for a, b in zip(ours, ours[1:]):  # strictly increasing, exactly
        assert compare_numbers(a, b) < 0 and compare_numbers(b, a) > 0
        r = rational_inside(a, b)
        assert compare_numbers(a, r) < 0 < compare_numbers(b, r)
    for a in ours:
        assert sign_at(p, a) == 0
        assert compare_numbers(a, a) == 0


def test_sign_at_degree_three_root():
    (r,) = real_roots(int_poly([-2, 0, 0, 1]))  # 2^(1/3)
    assert isinstance(r, RealAlgebraic)
    assert sign_at(int_poly([-5, 4]), r) == 1      # 4·1.2599 − 5 > 0
    assert sign_at(int_poly([-126, 100]), r) == -1  # 1.26 > 1.2599
    assert sign_at(int_poly([-2, 0, 0, 1]) * int_poly([1, 1]), r) == 0
    assert compare_numbers(r, F(126, 100)) < 0 < compare_numbers(r, F(125, 100))


# -- random parametric games ------------------------------------------------------------------
def _random_game(rng: random.Random, m: int, n: int) -> AffineDoublyAdditiveGame:
    def vec(k):
        return [rng.randint(-4, 4) for _ in range(k)]

    I = (0, vec(m), vec(n), [vec(n) for _ in range(m)])
    II0 = (0, vec(m), vec(n), [vec(n) for _ in range(m)])
    II1 = (0, vec(m), vec(n), [vec(n) for _ in range(m)])
    zero = (0, [0] * m, [0] * n, [[0] * n for _ in range(m)])
    return AffineDoublyAdditiveGame(DoublyAdditiveGame(m, n, I, II0), DoublyAdditiveGame(m, n, zero, II1))


def _point_set(game: DoublyAdditiveGame) -> set:
    return {(tuple(e.x), tuple(e.y)) for e in solve_doubly_additive(game).equilibria}


def _formula_set(eqs, alpha) -> set:
    return {(tuple(e.x_at(alpha)), tuple(e.y)) for e in eqs}


@pytest.mark.parametrize("seed", range(12))
def test_cells_agree_with_point_enumeration(seed):
    rng = random.Random(seed)
    m, n = rng.choice([(1, 2), (2, 2), (2, 3), (3, 2)])
    g = _random_game(rng, m, n)
    sol = solve_parametric_doubly_additive(g, -1, 1)
    assert len(sol.points) == len(sol.cells) + 1
    for cell in sol.cells:
        samples = {cell.sample}
        lo = cell.lo if isinstance(cell.lo, F) else None
        for _ in range(3):
            a = F(rng.randint(1, 999), 1000)
            if lo is not None and isinstance(cell.hi, F):
                samples.add(cell.lo + a * (cell.hi - cell.lo))
        for alpha in samples:
            assert _point_set(g.at(alpha)) == _formula_set(cell.equilibria, alpha)
    for p in sol.points:
        if isinstance(p.alpha, F):
            assert _point_set(g.at(p.alpha)) == _formula_set(p.equilibria, p.alpha)


@pytest.mark.parametrize("seed", range(6))
def test_random_alphas_anywhere(seed):
    rng = random.Random(100 + seed)
    g = _random_game(rng, 2, 3)
    sol = solve_parametric_doubly_additive(g, 0, 1)
    for _ in range(15):
        alpha = F(rng.randint(0, 4000), 4000)
        hits = [c for c in sol.cells if compare_numbers(c.lo, alpha) < 0 < compare_numbers(c.hi, alpha)]
        pts = [p for p in sol.points if compare_numbers(p.alpha, alpha) == 0]
        eqs = pts[0].equilibria if pts else hits[0].equilibria
        assert _point_set(g.at(alpha)) == _formula_set(eqs, alpha)


def test_segments_merge_and_exceptional():
    # player II's gain at its one set is α − 1/2 whatever x: y jumps at α = 1/2, where the
    # equilibria are x = 1, y ∈ [0, 1/2]; x = 0, y ∈ [1/2, 1]; x ∈ [0, 1], y = 1/2
    zero = (0, [0], [0], [[0]])
    G0 = DoublyAdditiveGame(1, 1, (0, [1], [0], [[-2]]), (0, [0], [F(-1, 2)], [[0]]))
    G1 = DoublyAdditiveGame(1, 1, zero, (0, [0], [1], [[0]]))
    sol = solve_parametric_doubly_additive(AffineDoublyAdditiveGame(G0, G1), 0, 1)
    segs = sol.segments()
    assert [(s.lo, s.hi, s.unique) for s in segs] == [(0, F(1, 2), True), (F(1, 2), 1, True)]
    (p,) = sol.exceptional()
    assert p.alpha == F(1, 2) and not p.unique
    assert _formula_set(p.equilibria, p.alpha) == {((1,), (0,)), ((1,), (F(1, 2),)), ((0,), (F(1, 2),)), ((0,), (1,))}


def test_player_one_payoff_must_be_parameter_free():
    g = DoublyAdditiveGame(1, 1, (0, [1], [0], [[1]]), (0, [0], [1], [[0]]))
    with pytest.raises(GameError):
        AffineDoublyAdditiveGame(g, g)


def test_from_endpoints_is_affine():
    rng = random.Random(7)
    g = _random_game(rng, 2, 2)
    h = AffineDoublyAdditiveGame.from_endpoints(g.at(F(1, 3)), F(1, 3), g.at(2), 2)
    for a in (F(0), F(5, 7), F(-3)):
        assert (h.at(a).I, h.at(a).II) == (g.at(a).I, g.at(a).II)


def test_roots_in_interval_print_their_global_index():
    p = int_poly([1, 0, 0, -5, 1])  # x⁴ − 5x³ + 1: real roots ≈ 0.6108 and ≈ 4.9920
    (r,) = real_roots(p, F(1), F(6))
    assert isinstance(r, RealAlgebraic)
    assert abs(float(sympy.sympify(number_str(r)).evalf()) - float(r)) < 1e-12
    assert number_str(r).endswith(", 1)")


# -- the exact fast paths (gamekit.doubly_additive.param_systems) -------------------------------
@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.data())
def test_cramer_affine_is_cramers_rule(j, data):
    ints = st.integers(-10**6, 10**6)
    rows = [([(data.draw(ints), data.draw(ints)) for _ in range(j)], (data.draw(ints), data.draw(ints)))
            for _ in range(j)]
    res = cramer_affine(rows)
    for alpha in (F(0), F(-3, 2), F(5)):
        M = sympy.Matrix([[A + alpha * B for A, B in cs] for cs, _ in rows])
        r = sympy.Matrix([a + alpha * b for _, (a, b) in rows])
        det = M.det()
        if res is None:
            assert det == 0
            continue
        dc, Nc = res

        def ev(cs, alpha=alpha):
            return sum(c * alpha ** i for i, c in enumerate(cs))

        assert ev(dc) == det or ev(dc) == -det
        if det != 0:
            x = M.LUsolve(r)
            assert all(ev(n) == x[q] * ev(dc) for q, n in enumerate(Nc))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=6), st.integers(-20, 20),
       st.integers(1, 20), st.integers(1, 9))
def test_const_sign_is_never_wrong(cs, a, w, den):
    lo, hi = F(a, den), F(a + w, den)
    s = const_sign(cs, lo, hi)
    p = int_poly(cs)
    u = to_unit(cs, lo, hi)
    left, right = halves(u)
    for k in range(11):
        t = F(k, 10)
        x = lo + (hi - lo) * t
        v = sign_at(p, x)
        assert s == 0 or v == s
        uv = sum(c * t ** i for i, c in enumerate(u))
        assert (uv > 0) - (uv < 0) == v  # to_unit: a positive multiple
        lv = sum(c * t ** i for i, c in enumerate(left))
        assert (lv > 0) - (lv < 0) == sign_at(p, lo + (hi - lo) * t / 2)
        rv = sum(c * t ** i for i, c in enumerate(right))
        assert (rv > 0) - (rv < 0) == sign_at(p, lo + (hi - lo) * (1 + t) / 2)
    assert unit_sign(u) == s


@pytest.mark.parametrize("seed", range(8))
def test_alpha_subdivision_agrees_with_point_enumeration(seed, monkeypatch):
    # _LEAF = 1 forces stalled boxes, hence the α-halving of the subdivision, on small games
    monkeypatch.setattr(parametric, "_LEAF", 1)
    rng = random.Random(300 + seed)
    g = _random_game(rng, 3, 4)
    sol = solve_parametric_doubly_additive(g, F(-1, 2), F(3, 4))
    for _ in range(6):
        alpha = F(rng.randint(-2000, 3000), 4000)
        hits = [c for c in sol.cells if compare_numbers(c.lo, alpha) < 0 < compare_numbers(c.hi, alpha)]
        pts = [p for p in sol.points if compare_numbers(p.alpha, alpha) == 0]
        eqs = pts[0].equilibria if pts else hits[0].equilibria
        assert _point_set(g.at(alpha)) == _formula_set(eqs, alpha)
