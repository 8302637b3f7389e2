"""Banque findings of `baccara reproduce` (games/baccara/reproduce/banque.py).

The isolated points of the independent cooperative equilibrium: the exact numbers typed in the
claim are the mirror images of each other and roots of the product polynomial's factors found
by the sweep (fast checks); the whole claim re-runs the θ-sweep over (0, 1) (slow).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.exact import compare_numbers, number_str
from games.baccara.reproduce import banque, run_claims


def test_isolated_points_are_two_mirror_pairs():
    a, s, m, b = banque.independent_isolated_points()
    assert a + b == 1
    assert compare_numbers(s + m, F(1)) == 0
    assert number_str(s) == "(976468469 + 1123*sqrt(556896247969))/8414116560"
    assert number_str(m) == "(7437648091 - 1123*sqrt(556896247969))/8414116560"
    assert [compare_numbers(x, y) for x, y in ((a, s), (s, F(1, 2)), (F(1, 2), m), (m, b))] == [-1] * 4


def test_same_numbers_is_exact_and_order_free():
    pts = banque.independent_isolated_points()
    assert banque._same_numbers(pts, tuple(reversed(pts)))
    assert not banque._same_numbers(pts, (F(5621, 33696), pts[1], pts[2], F(28075, 33696) + F(1, 10**12)))


def test_isolated_points_lie_outside_the_existence_intervals():
    (lo1, hi1), (lo2, hi2) = banque.INDEPENDENT_INTERVALS
    assert lo1 + hi2 == 1 and hi1 + lo2 == 1
    for p in banque.independent_isolated_points():
        assert all(not (compare_numbers(lo, p) <= 0 <= compare_numbers(hi, p)) for lo, hi in banque.INDEPENDENT_INTERVALS)


@pytest.mark.slow
def test_independent_existence_finding_from_the_sweep():
    (r,) = run_claims("banque.independent.existence")
    assert r.error is None and r.passed, (r.paper_value, r.our_value)
