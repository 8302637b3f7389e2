"""Exact polynomial products of gamekit.exact.ratfunc: ``pmul`` and ``pdot`` (integer
convolution over a common denominator) agree with the schoolbook product in Fractions."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.exact import padd, pdot, pmul, poly

_coef = st.fractions(min_value=-10**6, max_value=10**6, max_denominator=10**5)
_poly = st.lists(_coef, max_size=7).map(lambda cs: poly(*cs))


def _schoolbook(p, q):
    if not p or not q:
        return ()
    out = [F(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            out[i + j] += a * b
    return poly(*out)


@settings(max_examples=200, deadline=None)
@given(_poly, _poly)
def test_pmul_is_the_schoolbook_product(p, q):
    assert pmul(p, q) == _schoolbook(p, q) == pmul(q, p)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_poly, _poly), max_size=6))
def test_pdot_is_the_sum_of_products(pairs):
    want: tuple = ()
    for p, q in pairs:
        want = padd(want, _schoolbook(p, q))
    assert pdot(pairs) == want
    assert pdot(iter(pairs)) == want   # any iterable


def test_cancellation_trims_to_zero():
    x = poly(0, 1)
    assert pdot([(x, x), (x, poly(0, -1))]) == ()
    assert pmul((), x) == ()
