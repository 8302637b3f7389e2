"""Tests for gamekit.lp.simplex: exact LP with HiGHS as a search step and an exact simplex.

Every answer is checked here with an independent certificate check written in this file
(Fraction arithmetic only), and compared with scipy's HiGHS on random problems.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from gamekit.core.errors import CertificationError, GameError
from gamekit.lp.simplex import LPIterationLimit, LPResult, solve_lp, verify_lp

F = Fraction


def dot(u, v):
    return sum((F(a) * F(b) for a, b in zip(u, v)), F(0))


def check_certificate(res: LPResult, c, A_ub, b_ub, A_eq, b_eq, maximize=False):
    """Independent exact check of what solve_lp claims (see the lp module docstring)."""
    A_ub, b_ub, A_eq, b_eq = A_ub or [], b_ub or [], A_eq or [], b_eq or []
    n = len(c)
    s = -1 if maximize else 1

    def feasible(x):
        return (all(v >= 0 for v in x) and all(dot(r, x) <= b for r, b in zip(A_ub, b_ub))
                and all(dot(r, x) == b for r, b in zip(A_eq, b_eq)))

    def aty(yu, ye):
        return [sum((F(A_ub[i][j]) * yu[i] for i in range(len(A_ub))), F(0))
                + sum((F(A_eq[i][j]) * ye[i] for i in range(len(A_eq))), F(0)) for j in range(n)]

    for v in (res.x or ()) + (res.duals or ()) + (res.ray or ()):
        assert isinstance(v, Fraction)
    if res.status == "optimal":
        assert feasible(res.x)
        yu, ye = res.duals_ub, res.duals_eq
        assert all(s * y <= 0 for y in yu)
        # dual feasibility and strong duality (⇒ complementary slackness)
        assert all(s * (F(cj) - a) >= 0 for cj, a in zip(c, aty(yu, ye)))
        assert res.value == dot(c, res.x) == dot(b_ub, yu) + dot(b_eq, ye)
        assert list(res.reduced_costs) == [F(cj) - a for cj, a in zip(c, aty(yu, ye))]
        # complementary slackness, spelled out
        for j in range(n):
            assert res.x[j] == 0 or res.reduced_costs[j] == 0
        for i, r in enumerate(A_ub):
            assert yu[i] == 0 or dot(r, res.x) == b_ub[i]
    elif res.status == "infeasible":
        yu, ye = res.farkas
        assert all(y <= 0 for y in yu)
        assert all(a <= 0 for a in aty(yu, ye))
        assert dot(b_ub, yu) + dot(b_eq, ye) > 0
    else:
        assert res.status == "unbounded"
        assert feasible(res.x)
        d = res.ray
        assert all(v >= 0 for v in d) and any(d)
        assert all(dot(r, d) <= 0 for r in A_ub) and all(dot(r, d) == 0 for r in A_eq)
        assert s * dot(c, d) < 0


def scipy_solve(c, A_ub, b_ub, A_eq, b_eq, maximize):
    # presolve off: HiGHS 1.x's presolve misreports some small unbounded LPs as
    # infeasible (see test_highs_presolve_disagreement).
    r = linprog([-v for v in c] if maximize else c, A_ub=A_ub or None, b_ub=b_ub or None,
                A_eq=A_eq or None, b_eq=b_eq or None, bounds=(0, None), method="highs",
                options={"presolve": False})
    status = {0: "optimal", 2: "infeasible", 3: "unbounded"}[r.status]
    return status, (None if status != "optimal" else (-r.fun if maximize else r.fun))


# ---------------------------------------------------------------------------------------
# known problems
# ---------------------------------------------------------------------------------------


def test_textbook_maximization_with_shadow_prices():
    # Hillier & Lieberman's Wyndor Glass problem: max 3x + 5y; optimum 36 at (2, 6),
    # shadow prices (0, 3/2, 1).
    c, A, b = [3, 5], [[1, 0], [0, 2], [3, 2]], [4, 12, 18]
    for fb in (False, True):
        r = solve_lp(c, A, b, maximize=True, float_basis=fb)
        assert r.status == "optimal"
        assert r.x == (2, 6) and r.value == 36
        assert r.duals_ub == (0, F(3, 2), 1)
        check_certificate(r, c, A, b, None, None, maximize=True)


def test_minimization_duals_are_nonpositive_shadow_prices():
    # min x + y s.t. -x - 2y <= -4 (x + 2y >= 4): optimum 2 at (0, 2), dual -1/2.
    r = solve_lp([1, 1], [[-1, -2]], [-4])
    assert r.x == (0, 2) and r.value == 2 and r.duals_ub == (F(-1, 2),)
    # shadow price: raising b by 1 changes the optimum by the dual
    r2 = solve_lp([1, 1], [[-1, -2]], [-3])
    assert r2.value - r.value == r.duals_ub[0]


def test_beale_cycling_example_terminates():
    # Beale (1955): Dantzig's rule cycles on this degenerate LP; optimum -5/4.
    c = [F(-3, 4), 20, F(-1, 2), 6]
    A = [[F(1, 4), -8, -1, 9], [F(1, 2), -12, F(-1, 2), 3], [0, 0, 1, 0]]
    b = [0, 0, 1]
    r = solve_lp(c, A, b, float_basis=False)
    assert r.status == "optimal" and r.value == F(-5, 4)
    assert r.x == (1, 0, 1, 0)
    check_certificate(r, c, A, b, None, None)


def test_equalities_redundant_rows_and_rational_data():
    c = [F(1, 3), F(1, 2), 1]
    A_eq = [[1, 1, 1], [2, 2, 2], [F(1, 2), 0, F(1, 7)]]  # row 2 = 2 × row 1
    b_eq = [1, 2, F(1, 10)]
    for fb in (False, True):
        r = solve_lp(c, A_eq=A_eq, b_eq=b_eq, float_basis=fb)
        assert r.status == "optimal"
        check_certificate(r, c, None, None, A_eq, b_eq)
    # vertices: (x1, x2) = (1/5, 4/5) -> 7/15; (x2, x3) = (3/10, 7/10) -> 17/20;
    # (x1, x3) would need x1 = -3/10 < 0.
    assert r.x == (F(1, 5), F(4, 5), 0) and r.value == F(7, 15)


def test_infeasible_with_farkas_certificate():
    A, b = [[1, 1], [-1, -1]], [1, -2]  # x + y <= 1 and x + y >= 2
    r = solve_lp([1, 0], A, b)
    assert r.status == "infeasible" and r.x is None and r.value is None
    check_certificate(r, [1, 0], A, b, None, None)
    r = solve_lp([0], A_eq=[[1], [1]], b_eq=[1, 2])
    assert r.status == "infeasible"
    check_certificate(r, [0], None, None, [[1], [1]], [1, 2])


def test_unbounded_with_ray():
    r = solve_lp([-1, 0], [[-1, 1]], [3])
    assert r.status == "unbounded"
    check_certificate(r, [-1, 0], [[-1, 1]], [3], None, None)
    r = solve_lp([1, 1], maximize=True)  # no constraints at all
    assert r.status == "unbounded"
    r = solve_lp([2, 3])
    assert r.status == "optimal" and r.x == (0, 0) and r.value == 0 and r.duals == ()


def test_highs_presolve_disagreement():
    # scipy 1.17's HiGHS with presolve reports this LP infeasible, but x below is feasible
    # and the objective is unbounded along the ray: exactness catches float solvers' errors.
    c = [-1, 1, 1, -2, -1, -2, 0]
    A = [[2, 1, 2, -1, -1, 2, 2], [-2, 0, 0, -2, 1, -2, 0], [-1, -2, -1, 1, -1, -1, 1]]
    b = [1, 6, 3]
    x = [0, 0, 0, 7, 0, 4, 0]
    assert all(dot(r, x) <= bi for r, bi in zip(A, b))
    for fb in (False, True):
        r = solve_lp(c, A, b, float_basis=fb)
        assert r.status == "unbounded"
        check_certificate(r, c, A, b, None, None)


def test_floats_are_taken_exactly():
    r = solve_lp([1], A_eq=[[1]], b_eq=[0.1])
    assert r.x == (F(0.1),) and r.x[0] != F(1, 10)
    r = solve_lp(["1/3"], A_eq=[["3"]], b_eq=["1/7"])
    assert r.x == (F(1, 21),)


def test_iteration_limit():
    c = [F(-3, 4), 20, F(-1, 2), 6]
    A = [[F(1, 4), -8, -1, 9], [F(1, 2), -12, F(-1, 2), 3], [0, 0, 1, 0]]
    with pytest.raises(LPIterationLimit):
        solve_lp(c, A, [0, 0, 1], float_basis=False, max_iter=1)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(c=[]), "c must be a non-empty list"),
        (dict(c=[1, 2], A_ub=[[1]], b_ub=[1]), "A_ub row 0 has 1 entries, expected 2"),
        (dict(c=[1], A_ub=[[1]], b_ub=[1, 2]), "b_ub has 2 entries, expected 1"),
        (dict(c=[1], A_ub=[[1]]), "b_ub is missing"),
        (dict(c=[float("nan")]), "c[0] is not finite"),
        (dict(c=[1], A_eq=[["x"]], b_eq=[1]), "A_eq[0][0] is not a number"),
    ],
)
def test_bad_input(kwargs, message):
    with pytest.raises(GameError, match=message.replace("[", r"\[").replace("]", r"\]")):
        solve_lp(**kwargs)


def test_verify_rejects_a_wrong_certificate():
    c, A, b = [3, 5], [[1, 0], [0, 2], [3, 2]], [4, 12, 18]
    r = solve_lp(c, A, b, maximize=True)
    bad = LPResult("optimal", x=(F(2), F(5)), value=F(31), duals_ub=r.duals_ub,
                   duals_eq=(), reduced_costs=r.reduced_costs)
    with pytest.raises(CertificationError):
        verify_lp(bad, c, A, b, None, None, maximize=True)


# ---------------------------------------------------------------------------------------
# random problems against scipy
# ---------------------------------------------------------------------------------------


@st.composite
def lps(draw):
    n = draw(st.integers(1, 6))
    k = draw(st.integers(0, 5))
    q = draw(st.integers(0, 3))
    R = draw(st.sampled_from([1, 3, 30]))
    num = st.integers(-R, R)
    c = draw(st.lists(num, min_size=n, max_size=n))
    A_ub = [draw(st.lists(num, min_size=n, max_size=n)) for _ in range(k)]
    b_ub = draw(st.lists(st.integers(-R, 3 * R), min_size=k, max_size=k))
    A_eq = [draw(st.lists(num, min_size=n, max_size=n)) for _ in range(q)]
    b_eq = draw(st.lists(num, min_size=q, max_size=q))
    if q and draw(st.booleans()):
        A_eq.append([2 * a for a in A_eq[0]])
        b_eq.append(2 * b_eq[0])
    return c, A_ub, b_ub, A_eq, b_eq, draw(st.booleans())


@settings(max_examples=300, deadline=None, derandomize=True)
@given(lps())
def test_random_lps_agree_with_highs(problem):
    c, A_ub, b_ub, A_eq, b_eq, maximize = problem
    status, value = scipy_solve(c, A_ub, b_ub, A_eq, b_eq, maximize)
    answers = []
    for fb in (False, True):
        r = solve_lp(c, A_ub or None, b_ub or None, A_eq or None, b_eq or None,
                     maximize=maximize, float_basis=fb)
        check_certificate(r, c, A_ub, b_ub, A_eq, b_eq, maximize)
        assert r.status == status
        if status == "optimal":
            assert abs(float(r.value) - value) <= 1e-7 * (1 + abs(value))
        answers.append((r.status, r.value))
    assert answers[0] == answers[1]  # the exact optimum does not depend on the path


@settings(max_examples=60, deadline=None, derandomize=True)
@given(lps())
def test_tableau_repair_of_the_float_basis(problem):
    # force the route where HiGHS's basis is pivoted into an exact tableau and repaired
    import gamekit.lp.simplex as lp

    c, A_ub, b_ub, A_eq, b_eq, maximize = problem
    saved = lp._direct_basis
    lp._direct_basis = lambda P, order: None
    try:
        r = solve_lp(c, A_ub or None, b_ub or None, A_eq or None, b_eq or None,
                     maximize=maximize, float_basis=True)
    finally:
        lp._direct_basis = saved
    check_certificate(r, c, A_ub, b_ub, A_eq, b_eq, maximize)
    ref = solve_lp(c, A_ub or None, b_ub or None, A_eq or None, b_eq or None,
                   maximize=maximize, float_basis=False)
    assert (r.status, r.value) == (ref.status, ref.value)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(8, 20), st.integers(8, 20), st.randoms(use_true_random=False))
def test_larger_random_lps_take_the_float_basis(m, n, rnd):
    # a bounded, feasible LP: max c.x, A x <= b with A > 0, b > 0
    A = [[rnd.randint(1, 99) for _ in range(n)] for _ in range(m)]
    b = [rnd.randint(50, 500) for _ in range(m)]
    c = [rnd.randint(1, 99) for _ in range(n)]
    r = solve_lp(c, A, b, maximize=True, float_basis=True)
    check_certificate(r, c, A, b, None, None, maximize=True)
    assert r.method == "float-basis"
    r2 = solve_lp(c, A, b, maximize=True, float_basis=False)
    assert r2.value == r.value
