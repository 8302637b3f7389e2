"""QuadraticTower: a + b·√e over ℚ or ℚ(√c) (gamekit/exact/tower.py)."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from gamekit.exact import QuadraticSurd, QuadraticTower, sqrt_in_field

small = st.fractions(min_value=-20, max_value=20, max_denominator=30)
base = st.builds(lambda a, b: QuadraticSurd.make(a, b, 2), small, small)    # ℚ(√2)


@given(base, base, base, base, st.integers(min_value=1, max_value=40), st.integers(min_value=0, max_value=40))
def test_field_identities_and_exact_sign(a, b, c, d, u, v):
    e = QuadraticSurd.make(u, F(v, 7), 2)
    if e <= 0:
        return
    x, y = QuadraticTower.make(a, b, e), QuadraticTower.make(c, d, e)
    assert (x + y) - y == x and (x * y) - x * y == 0
    if y != 0:
        assert (x / y) * y == x
    # the exact order agrees with a float evaluation wherever that one is clear
    fx, fy = float(x), float(y)
    if abs(fx - fy) > 1e-6 * (1 + abs(fx) + abs(fy)):
        assert (x < y) == (fx < fy)


def test_square_roots_in_the_field_are_found():
    r = sqrt_in_field(QuadraticSurd.make(3, 2, 2))            # (1 + √2)²
    assert r == QuadraticSurd.make(1, 1, 2)
    assert sqrt_in_field(QuadraticSurd.make(0, 1, 2)) is None  # √√2 ∉ ℚ(√2)
    assert QuadraticTower.make(1, 1, F(9, 4)) == F(5, 2)       # √e ∈ ℚ: an element of ℚ
    x = QuadraticTower.make(0, 1, QuadraticSurd.make(1, 1, 2))  # √(1 + √2)
    assert x * x == QuadraticSurd.make(1, 1, 2) and x > 1
