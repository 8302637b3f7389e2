"""The exact end check of Lemke–Howson and the bimatrix certifier, vectorised.

Facts checked, each against an oracle written out here in plain Python integers (the
checks these functions replaced):

* :func:`best_responses` (int64 band / Python integers) returns the exact maximum and the
  exact set of rows attaining it — random matrices, degenerate ones ({0, 1, 2} payoffs:
  many ties), short and long numerators (both sides of the band), entries too large for
  the band (> 2⁶³ products);
* :func:`certify_and_build` accepts exactly the profiles the full best-response test
  accepts (random profiles and every extreme equilibrium of degenerate games);
* :func:`certified_endpoint` agrees with the basis-by-basis feasibility and
  complementarity test on every pair of bases the float path ends at and on perturbed ones;
* :func:`solve_int` (FLINT) agrees with Gaussian elimination over the rationals;
* on games with huge integer payoffs (products beyond 2⁶³) the end check runs in Python
  integers and agrees with the oracle, and the float path's equilibria are equilibria;
* the integer form is computed once per game and follows a replaced payoff matrix.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix import solve_result
from gamekit.bimatrix.br_check import best_responses
from gamekit.bimatrix.intgame import IntGame, certify_and_build, integer_game
from gamekit.bimatrix.lemke_howson import certified_endpoint, float_matrices
from gamekit.core.errors import CertificationError
from gamekit.core.game import BimatrixGame
from gamekit.kernel.float_lemke_howson import lh_float_path
from gamekit.kernel.linalg import solve_int

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def oracle_best(G, S, nums):
    vals = [sum(row[j] * v for j, v in zip(S, nums)) for row in G]
    best = max(vals)
    return best, {i for i, v in enumerate(vals) if v == best}


@st.composite
def matrix_and_strategy(draw):
    m = draw(st.integers(1, 9))
    n = draw(st.integers(1, 9))
    hi = draw(st.sampled_from([2, 3, 1000, 1 << 40, 1 << 61]))
    G = [[draw(st.integers(0, hi)) for _ in range(n)] for _ in range(m)]
    S = sorted(draw(st.sets(st.integers(0, n - 1), min_size=1)))
    bits = draw(st.sampled_from([2, 20, 100, 400]))
    nums = [draw(st.integers(0, (1 << bits) - 1)) for _ in S]
    return G, S, nums


@SETTINGS
@given(matrix_and_strategy())
def test_best_responses_agree_with_python_integers(case):
    G, S, nums = case
    want = oracle_best(G, S, nums)
    gmax = max(map(max, G))
    assert best_responses(G, None, gmax, S, nums) == want
    if gmax < 1 << 62:
        G64 = np.array(G, dtype=np.int64)
        assert best_responses(None if gmax * len(S) < 1 << 61 else G, G64, gmax, S, nums) == want


def test_best_responses_band_on_near_ties():
    # rows differing by 1 in 2^200: only the exact evaluation separates them
    big = 1 << 200
    G = np.array([[3, 1], [1, 3], [2, 2]], dtype=np.int64)
    nums = [big, big + 1]
    assert best_responses(None, G, 3, [0, 1], nums) == oracle_best(G.tolist(), [0, 1], nums)
    assert best_responses(None, G, 3, [0, 1], nums)[1] == {1}


def old_certifies(ig: IntGame, x, y) -> bool:
    """The full best-response test in Python integers (the previous certifier)."""
    D = 1
    for _, p in x:
        D = D * p.denominator // np.gcd(D, p.denominator)
    E = 1
    for _, p in y:
        E = E * p.denominator // np.gcd(E, p.denominator)
    a = {i: p.numerator * (int(D) // p.denominator) for i, p in x}
    b = {j: p.numerator * (int(E) // p.denominator) for j, p in y}
    xb = [sum(a[i] * ig.B[i][j] for i in a) for j in range(ig.n)]
    ay = [sum(b[j] * ig.A[i][j] for j in b) for i in range(ig.m)]
    return all(ay[i] == max(ay) for i in a) and all(xb[j] == max(xb) for j in b)


def _sparse(weights):
    s = sum(weights)
    return tuple((i, Fraction(w, s)) for i, w in enumerate(weights) if w)


@st.composite
def game_and_profile(draw):
    m = draw(st.integers(1, 6))
    n = draw(st.integers(1, 6))
    hi = draw(st.sampled_from([1, 2, 9, 10**6]))
    A = [[draw(st.integers(-hi, hi)) for _ in range(n)] for _ in range(m)]
    B = [[draw(st.integers(-hi, hi)) for _ in range(n)] for _ in range(m)]
    wx = [draw(st.integers(0, 3)) for _ in range(m)]
    wy = [draw(st.integers(0, 3)) for _ in range(n)]
    wx[draw(st.integers(0, m - 1))] += 1
    wy[draw(st.integers(0, n - 1))] += 1
    return BimatrixGame(A, B), _sparse(wx), _sparse(wy)


@SETTINGS
@given(game_and_profile())
def test_certifier_agrees_with_the_full_best_response_test(case):
    g, x, y = case
    ig = integer_game(g)
    if old_certifies(ig, x, y):
        eqs, _, _ = certify_and_build(ig, [x], [y], [(0, 0)], "test")
        assert gamekit.is_equilibrium(g, eqs[0].row, eqs[0].col)
    else:
        with pytest.raises(CertificationError):
            certify_and_build(ig, [x], [y], [(0, 0)], "test")


@pytest.mark.parametrize("seed", range(6))
def test_certifier_accepts_every_extreme_equilibrium_of_degenerate_games(seed):
    rng = np.random.default_rng(seed)
    g = BimatrixGame(rng.integers(0, 2, (5, 5)), rng.integers(0, 3, (5, 5)))
    res = solve_result(g, "vertex_enumeration")  # certified by certify_and_build
    for e in res:
        assert gamekit.is_equilibrium(g, e.row, e.col)


def profile(end):
    return None if end is None else end.profile()


def old_endpoint(ig: IntGame, basic_p, basic_q):
    """Basis solve + feasibility + complementarity in Python integers (the previous check)."""
    m, n = ig.m, ig.n

    def sol(G, by_rows, basic):
        d, rows = (len(G), len(G[0])) if by_rows else (len(G[0]), len(G))
        coef = (lambda i, t: G[i][t]) if by_rows else (lambda i, t: G[t][i])
        S = [i for i in range(d) if i in set(basic)]
        tight = [t for t in range(rows) if d + t not in set(basic)]
        if not S or len(S) != len(tight):
            return None
        M = [[Fraction(coef(i, t)) for i in S] for t in tight]
        z = gauss(M, [Fraction(1)] * len(S))
        if z is None or any(v < 0 for v in z):
            return None
        full = [Fraction(0)] * d
        for i, v in zip(S, z):
            full[i] = v
        if any(sum(coef(i, t) * full[i] for i in range(d)) > 1 for t in range(rows)):
            return None
        return full

    x = sol(ig.B, True, basic_p)
    y = sol(ig.A, False, basic_q)
    if x is None or y is None:
        return None
    if any(x[i] and sum(ig.A[i][j] * y[j] for j in range(n)) != 1 for i in range(m)):
        return None
    if any(y[j] and sum(ig.B[i][j] * x[i] for i in range(m)) != 1 for j in range(n)):
        return None
    sx, sy = sum(x), sum(y)
    return (tuple((i, v / sx) for i, v in enumerate(x) if v), tuple((j, v / sy) for j, v in enumerate(y) if v))


def gauss(M, b):
    """Gaussian elimination over the rationals; None if singular."""
    k = len(M)
    T = [list(row) + [bi] for row, bi in zip(M, b)]
    for c in range(k):
        r = next((i for i in range(c, k) if T[i][c] != 0), None)
        if r is None:
            return None
        T[c], T[r] = T[r], T[c]
        for i in range(k):
            if i != c and T[i][c]:
                f = T[i][c] / T[c][c]
                T[i] = [a - f * p for a, p in zip(T[i], T[c])]
    return [T[i][k] / T[i][i] for i in range(k)]


@pytest.mark.parametrize("m,n,seed,hi", [(6, 6, 1, 1000), (8, 5, 2, 3), (10, 10, 3, 2), (12, 9, 4, 10**9)])
def test_certified_endpoint_agrees_with_the_basis_by_basis_check(m, n, seed, hi):
    rng = np.random.default_rng(seed)
    g = BimatrixGame(rng.integers(0, hi, (m, n)), rng.integers(0, hi, (m, n)))
    ig = integer_game(g)
    MP, MQ = float_matrices(ig)
    for label in range(m + n):
        status, bp, bq, _ = lh_float_path(MP, MQ, label, 10_000)
        bp, bq = bp.tolist(), bq.tolist()
        cases = [(bp, bq)]
        for _ in range(4):  # swap one basic variable for a random other one
            p2 = list(bp)
            p2[int(rng.integers(len(p2)))] = int(rng.integers(m + n))
            q2 = list(bq)
            q2[int(rng.integers(len(q2)))] = int(rng.integers(m + n))
            cases += [(p2, bq), (bp, q2)]
        for P, Q in cases:
            want = old_endpoint(ig, P, Q)
            for kernels in (False, True):
                assert profile(certified_endpoint(ig, P, Q, kernels)) == want


@SETTINGS
@given(st.integers(1, 6).flatmap(lambda k: st.tuples(
    st.lists(st.lists(st.integers(-5, 5), min_size=k, max_size=k), min_size=k, max_size=k),
    st.lists(st.integers(-9, 9), min_size=k, max_size=k))))
def test_solve_int_agrees_with_rational_elimination(case):
    M, b = case
    want = gauss([[Fraction(v) for v in row] for row in M], [Fraction(v) for v in b])
    got = solve_int(M, b)
    if want is None:
        assert got is None
    else:
        nums, den = got
        assert den > 0 and [Fraction(v, den) for v in nums] == want


@pytest.mark.parametrize("scale", [1 << 57, 1 << 80])
def test_huge_integer_payoffs_use_python_integers(scale):
    # products beyond 2^63: entries below 2^60 (int64 arrays, but g·k ≥ 2^61 from 4 columns
    # on: Python integers, the band below) and ~2^86 (no int64 at all)
    rng = np.random.default_rng(7)

    def payoffs():
        return [[int(v) * scale + int(w) for v, w in zip(r1, r2)]
                for r1, r2 in zip(rng.integers(1, 8, (16, 16)), rng.integers(0, 1000, (16, 16)))]

    g = BimatrixGame(payoffs(), payoffs())
    ig = integer_game(g)
    assert (ig.arrays is None) == (scale == 1 << 80)
    MP, MQ = float_matrices(ig)
    ends = 0
    for label in range(32):  # the end check agrees with the oracle on every float end point
        status, bp, bq, _ = lh_float_path(MP, MQ, label, 10_000)
        want = old_endpoint(ig, bp.tolist(), bq.tolist())
        for kernels in (False, True):
            assert profile(certified_endpoint(ig, bp.tolist(), bq.tolist(), kernels)) == want
        ends += want is not None
    assert ends > 0
    fl = solve_result(g, "lemke_howson", strategy="float_path")
    assert fl.parameters["strategy"] == "float_path"
    assert all(gamekit.is_equilibrium(g, e.row, e.col) for e in fl)  # exact, in Fractions


def test_integer_form_is_computed_once_and_follows_replaced_payoffs():
    g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    ig = integer_game(g)
    assert integer_game(g) is ig and ig.A == ((4, 1), (1, 3))
    g.A = BimatrixGame([[1, 0], [0, 1]]).A  # a replaced matrix empties the cache
    assert integer_game(g).A == ((2, 1), (1, 2))
    assert g.integer_payoffs() is None
    assert integer_game(BimatrixGame([["1/2", 0], [0, 1]], [[1, 0], [0, 1]])).La == 2


@pytest.mark.parametrize("dtype,lo,hi", [(np.int64, -1000, 1000), (np.uint8, 0, 255), (np.int32, -5, 5),
                                         (np.int64, -(1 << 62), 1 << 62)])
def test_integer_form_from_numpy_arrays_equals_the_one_from_lists(dtype, lo, hi):
    rng = np.random.default_rng(3)
    A = rng.integers(lo, hi, (7, 5), dtype=dtype)
    B = rng.integers(lo, hi, (7, 5), dtype=dtype)
    from_np = integer_game(BimatrixGame(A, B))
    from_lists = integer_game(BimatrixGame(A.tolist(), B.tolist()))
    assert from_np == from_lists  # same matrices, scale and shifts
    if from_lists.arrays is None:
        assert from_np.arrays is None
    else:
        for u, v in zip(from_np.arrays, from_lists.arrays):
            assert np.array_equal(u, v)
