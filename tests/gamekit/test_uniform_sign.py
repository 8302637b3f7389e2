"""Signs proved for every integer n ≥ n₀ (gamekit.exact.uniform_sign), exact sign cells,
the face count of a curve arrangement, and the uniqueness theorem for 2×2ⁿ families.

Known roots decide the expected answers; hypothesis checks every proved statement against
brute-force exact evaluation (a proof must never be contradicted by a sample), and that the
thresholds are the least ones.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamekit.exact.cells import sign_cells
from gamekit.exact.uniform_sign import (
    bernstein_in_n,
    box_sign,
    eventual_sign,
    integer_sign,
)
from gamekit.parametric.arrangement import count_faces, curve_pieces
from gamekit.parametric.family_proof import family_from_ints, prove_unique


def _from_roots(roots, lead=1):
    """Coefficients (lowest first) of lead·Π(n − r)."""
    cs = [F(lead)]
    for r in roots:
        out = [F(0)] * (len(cs) + 1)
        for i, c in enumerate(cs):
            out[i + 1] += c
            out[i] -= r * c
        cs = out
    return cs


def _fq(x) -> F:
    return F(int(x.p), int(x.q))


def _ev(cs, x):
    return sum(F(c) * F(x) ** i for i, c in enumerate(cs))


def _ev2(P, n, a):
    return sum(_ev(c, n) * F(a) ** k for k, c in enumerate(P))


# -- univariate --------------------------------------------------------------------------------
def test_known_roots_fail_and_hold():
    p = _from_roots([3, F(15, 2)])  # (n − 3)(n − 7.5)
    bad = integer_sign(p, 1)
    assert not bad.holds and bad.counterexample == 3 and _ev(p, 3) == 0
    good = integer_sign(p, 8)
    assert good.holds and good.sign == 1 and good.uniform_from == 8
    assert "proved" in good.describe() and "NOT" in bad.describe()
    # negative on 4..7 but eventually positive: the wanted sign -1 fails for all large n
    wrong = integer_sign(p, 4, sign=-1)
    assert not wrong.holds and wrong.counterexample is None


def test_double_root_is_not_strict():
    p = _from_roots([5, 5])  # ≥ 0 everywhere, 0 at n = 5
    c = integer_sign(p, 1)
    assert not c.holds and c.counterexample == 5
    assert integer_sign(p, 6).holds


def test_no_real_root():
    c = integer_sign([1, 0, 1], 1)  # n² + 1
    assert c.holds and c.largest_root is None
    assert integer_sign([-1, 0, -1], 1).sign == -1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(min_value=-20, max_value=40, max_denominator=4), min_size=1, max_size=5),
       st.sampled_from([1, -3]), st.integers(min_value=1, max_value=10))
def test_eventual_sign_threshold_is_least(roots, lead, n0):
    p = _from_roots(roots, lead)
    s, N = eventual_sign(p, n0)
    assert s == (1 if lead > 0 else -1)
    assert N >= n0
    for n in range(N, N + 60):
        v = _ev(p, n)
        assert v != 0 and (v > 0) == (s > 0)
    if N > n0:  # least: one step below, the sign is not s
        v = _ev(p, N - 1)
        assert v == 0 or (v > 0) != (s > 0)
    c = integer_sign(p, N)
    assert c.holds and c.sign == s


# -- bivariate ---------------------------------------------------------------------------------
def test_affine_in_alpha_two_ends():
    P = [[-10, 1], [-100]]  # n − 10 − 100α on α ∈ [0, 1/10]: zero at (20, 1/10)
    assert not box_sign(P, 20, 0, F(1, 10), sign=1).holds
    c = box_sign(P, 21, 0, F(1, 10))
    assert c.holds and c.sign == 1 and c.pieces == 1


def test_double_root_in_alpha_fails_and_subdivision_proves():
    square = [[F(1, 400)], [F(-1, 10)], [1]]  # (α − 1/20)² ≥ 0, zero at 1/20
    assert not box_sign(square, 1, 0, F(1, 10)).holds
    P = [[1, 0, F(1, 400)], [0, 0, F(-1, 10)], [0, 0, 1]]  # n²(α − 1/20)² + 1
    c = box_sign(P, 1, 0, F(1, 10))
    assert c.holds and c.pieces >= 2


def test_bernstein_ends_are_values():
    P = [[1, 2], [3, -1], [0, 0, 5]]
    B = bernstein_in_n(P, F(1, 7), F(2, 3))
    for n in (1, 4, 9):
        assert _fq(B[0](n)) == _ev2(P, n, F(1, 7)) and _fq(B[-1](n)) == _ev2(P, n, F(2, 3))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(-6, 6), min_size=1, max_size=3), min_size=1, max_size=3),
       st.integers(1, 5))
def test_box_sign_never_contradicted(P, n0):
    c = box_sign(P, n0, 0, F(1, 10))
    assume(c.holds)
    for n in range(n0, n0 + 25):
        for k in range(11):
            v = _ev2(P, n, F(k, 100))
            assert v != 0 and (v > 0) == (c.sign > 0)


# -- sign cells and arrangements ------------------------------------------------------------
def test_sign_cells_known_roots():
    cells = sign_cells([[F(-1, 4), 1], [F(1, 2), -1]], 0, 1)  # roots 1/4 and 1/2
    pts = [c.lo for c in cells if c.is_point]
    assert pts == [0, F(1, 4), F(1, 2), 1]
    assert [c.signs for c in cells if not c.is_point] == [(-1, 1), (1, 1), (1, -1)]


def test_faces_of_two_crossing_lines_and_an_exit():
    fc = count_faces([([0, 1], [1]), ([1, -1], [1])], 0, 1)  # p = α and p = 1 − α
    assert (fc.faces, fc.pieces, fc.intersections) == (4, 2, 1)
    assert curve_pieces([0, 2], [1], 0, 1) == [(0, F(1, 2))]  # p = 2α leaves through p = 1
    fc = count_faces([([0, 2], [1]), ([1, -1], [1])], 0, 1)
    assert fc.faces == 1 + fc.pieces + fc.intersections == 4 and fc.boundary_hits == 1


# -- the 2×2ⁿ family theorem -----------------------------------------------------------------
def _family(h_a):
    # set a: Δ₀ = −n < 0 < n + α = Δ₁ (a curve inside (0, 1)); set b forced draw
    delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]
    return family_from_ints(("a", "b"), delta, [1], [h_a, [0]])


def test_family_unique_and_failure():
    pr = prove_unique(_family([-2]), 1, 0, F(1, 10), "a")  # f = 1 − 2q_a: q* = 1/2
    assert pr.unique and pr.forced == {"b": 1} and pr.kinds["a"] == "S/D"
    num, den = pr.curves["a"].equalizing
    assert F(int(num.coeffs()[0].p), int(den.coeffs()[0].p)) == F(1, 2)
    bad = prove_unique(_family([F(-1, 2)]), 1, 0, F(1, 10), "a")  # q* = 2 ∉ (0, 1)
    assert not bad.unique and any("equalizing" in f for f in bad.failures)


@pytest.mark.parametrize("n0", [1, 3])
def test_family_p_zero_excluded(n0):
    pr = prove_unique(_family([-2]), n0, 0, F(1, 10), "a")
    assert pr.boundary["p = 0"].holds and pr.boundary["p = 1"].holds


def test_family_set_whose_kind_changes_with_n():
    """A third set c with Δ₀ = −4n, Δ₁ = 2n − 3 (forced stand at n = 1, a curve for n ≥ 2), that
    Player ignores: not forced on the box, yet the theorem holds for every n ≥ 1."""
    delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0])), (([0, -4], [0]), ([-3, 2], [0]))]
    pr = prove_unique(family_from_ints(("a", "b", "c"), delta, [1], [[-2], [0], [0]]), 1, 0, F(1, 10), "a")
    assert pr.unique and "c" in pr.strategic and pr.kinds["c"] == "undecided"


def test_family_indifferent_set_breaks_uniqueness():
    """Δ₀ = Δ₁ = n − 3 at c: at n = 3 Banker is indifferent at c for every p, so the equilibrium
    is not unique there and the theorem must not claim it."""
    delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0])), (([-3, 1], [0]), ([-3, 1], [0]))]
    pr = prove_unique(family_from_ints(("a", "b", "c"), delta, [1], [[-2], [0], [0]]), 1, 0, F(1, 10), "a")
    assert not pr.unique
    assert prove_unique(family_from_ints(("a", "b", "c"), delta, [1], [[-2], [0], [0]]), 4, 0, F(1, 10), "a").unique


def test_integers_below_the_uniform_bound_are_decided_one_by_one():
    """100α² − 10α + 1/4 + n/8 = (10α − 1/2)² + n/8 > 0: its middle Bernstein coefficient on
    [0, 1/10] is n/8 − 1/4, positive only from n = 3, so n = 1, 2 are decided by exact roots."""
    P = [[F(1, 4), F(1, 8)], [-10], [100]]
    c = box_sign(P, 1, 0, F(1, 10))
    assert c.holds and c.uniform_from == 3 and c.checked == (1, 2)
    # (n − 5)(n − 6) + α is ≥ α at every integer: the threshold is about integers, not reals
    Q = [[30, -11, 1], [1]]
    assert box_sign(Q, 1, F(1, 20), F(1, 10)).holds
    assert not box_sign(Q, 1, 0, F(1, 10)).holds  # zero at (5, 0)
