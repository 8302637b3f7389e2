"""IntervalFunction: a + b·√D on an interval, signs decided for the whole interval
(gamekit/exact/interval_field.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from flint import fmpq_poly
from hypothesis import given
from hypothesis import strategies as st

from gamekit.exact import IntervalFunction, QuadraticSurd, SignInterval, SignUndecided

small = st.fractions(min_value=-5, max_value=5, max_denominator=7)
polys = st.lists(small, min_size=1, max_size=4)


def _points(iv: SignInterval, n: int = 9) -> list[F]:
    lo, hi = F(iv.lo), F(iv.hi)
    pts = [lo + (hi - lo) * k / (n + 1) for k in range(1, n + 1)]
    return pts + [x for x, c in zip((lo, hi), iv.closed) if c]


@given(polys, polys, polys, st.fractions(min_value=-2, max_value=2, max_denominator=9),
       st.fractions(min_value=F(1, 9), max_value=2, max_denominator=9), st.booleans(), st.booleans())
def test_decided_signs_hold_at_every_point(a, b, d, lo, w, c0, c1):
    # a decided sign is the sign of the exact value at every rational point of the interval
    iv = SignInterval(lo, lo + w, (c0, c1))
    dd = fmpq_poly([F(x).numerator for x in d]) / 1
    D = fmpq_poly([1, 0, 1]) + dd * dd           # 1 + t² + d(t)² > 0
    try:
        x = IntervalFunction.rational(iv, a) + IntervalFunction.rational(iv, b) * IntervalFunction.sqrt(iv, D)
        s = x.sign()
    except SignUndecided:
        return
    for t in _points(iv):
        v = x.value_at(t)
        assert (v > 0) - (v < 0) == s


@given(polys, polys, polys, st.fractions(min_value=-2, max_value=2, max_denominator=9))
def test_field_identities(a, b, c, lo):
    iv = SignInterval(lo, lo + 1)
    r = IntervalFunction.sqrt(iv, fmpq_poly([2, 0, 1]))    # √(2 + t²)
    x = IntervalFunction.rational(iv, a) + IntervalFunction.rational(iv, b) * r
    y = IntervalFunction.rational(iv, c) + r
    assert (x + y) - y == x and x * y - y * x == 0 and r * r == IntervalFunction.rational(iv, (2, 0, 1))
    assert (x / y) * y == x          # y = c + √(2 + t²) ≢ 0 (√ is irrational in ℚ(t))
    t = F(iv.sample)
    assert (x * y).value_at(t) == x.value_at(t) * y.value_at(t)


def test_a_root_inside_is_undecided_and_at_an_open_end_is_not():
    iv = SignInterval(F(0), F(1, 2))                       # (0, 1/2)
    t = iv.t()
    assert t > 0 and (t - F(1, 2)) < 0                     # roots at the open ends
    with pytest.raises(SignUndecided):
        _ = (t - F(1, 4)) > 0
    closed = SignInterval(F(0), F(1, 2), (True, False))
    with pytest.raises(SignUndecided):                      # t = 0 belongs to [0, 1/2)
        _ = closed.t() > 0
    with pytest.raises(SignUndecided):                      # a pole inside
        _ = 1 / (t - F(1, 3)) > 0


def test_irrational_ends_compare_exactly():
    # (√2 − 1, 1/2): t² + 2t − 1 vanishes at the open end √2 − 1 only
    s = QuadraticSurd.make(-1, 1, 2)
    iv = SignInterval(s, F(1, 2))
    t = iv.t()
    assert t * t + 2 * t - 1 > 0
    iv2 = SignInterval(F(1, 3), s)
    assert iv2.t() * iv2.t() + 2 * iv2.t() - 1 < 0
    # a + b√D with a, b of opposite signs: 1 − √(1 + t) < 0 on (√2 − 1, 1/2)
    r = IntervalFunction.sqrt(iv, fmpq_poly([1, 1]))
    assert 1 - r < 0 and (1 - r) * (1 + r) == -t


def test_negative_radicand_is_not_real():
    iv = SignInterval(F(0), F(1))
    with pytest.raises(ValueError):
        IntervalFunction.sqrt(iv, fmpq_poly([-1, -1]))
    with pytest.raises(SignUndecided):
        IntervalFunction.sqrt(iv, fmpq_poly([-1, 3]))


def test_sign_through_the_norm_when_the_parts_change_sign():
    # (t − 1/2) + √(t + 3) > 0 on (0, 1) although t − 1/2 changes sign there: its norm
    # (t − 1/2)² − (t + 3) has no root in (0, 1)
    iv = SignInterval(F(0), F(1))
    t = iv.t()
    x = (t - F(1, 2)) + IntervalFunction.sqrt(iv, fmpq_poly([3, 1]))
    assert x > 0
    # a square radicand: t − √(t²) ≡ 0 on (1, 2), t + √(t²) = 2t > 0
    iv2 = SignInterval(F(1), F(2))
    t2 = iv2.t()
    r = IntervalFunction.sqrt(iv2, fmpq_poly([0, 0, 1]))
    assert t2 - r == 0 and (t2 + r).sign() == 1


@given(polys, polys, st.integers(min_value=1, max_value=9), st.integers(min_value=2, max_value=7))
def test_identical_across_quadratic_extensions(a, b, k, m):
    # y written over √(k²·D) is x written over √D; a radicand that is not a square multiple
    # gives functions that are different at every point where that is proved
    from gamekit.exact import identical

    iv = SignInterval(F(1), F(2))
    D = fmpq_poly([1, 1, 1])
    x = IntervalFunction.rational(iv, a) + IntervalFunction.rational(iv, b) * IntervalFunction.sqrt(iv, D)
    y = IntervalFunction.rational(iv, a) + IntervalFunction.rational(iv, b) / k * IntervalFunction.sqrt(iv, D * k * k)
    assert identical(x, y)
    z = IntervalFunction.rational(iv, a) + IntervalFunction.sqrt(iv, D * m + 1)
    try:
        same = identical(x, z)
    except SignUndecided:
        return
    if not same:
        for t in _points(iv):
            assert x.value_at(t) != z.value_at(t)
