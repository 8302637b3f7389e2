"""Fast exact signs and root filters of gamekit.exact.algebraic against plain oracles (#27).

``sign_at`` at a quadratic surd runs Horner's rule on integer pairs; the oracle is Horner's
rule in the surd's own arithmetic. ``real_roots`` with bounds returns early when Descartes'
bound on the interval is 0; the oracle is the unbounded root list filtered to the interval.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamekit.exact import (
    QuadraticSurd,
    RealAlgebraic,
    compare_numbers,
    int_poly,
    quadratic_roots,
    real_roots,
    sign_at,
)

small = st.integers(min_value=-40, max_value=40)
coef = st.fractions(min_value=-60, max_value=60, max_denominator=9)


def _horner_sign(q, x) -> int:
    acc = Fraction(0)
    for c in reversed(q.coeffs()):
        acc = acc * x + int(c)
    return acc.sign() if isinstance(acc, QuadraticSurd) else (acc > 0) - (acc < 0)


@settings(max_examples=150, deadline=None)
@given(st.tuples(small, small, small), st.lists(coef, min_size=1, max_size=7), st.booleans())
def test_sign_at_surd_equals_horner_in_the_field(quad, cs, multiple):
    try:
        roots = quadratic_roots(*quad)
    except ValueError:
        roots = []
    roots = [r for r in roots if isinstance(r, QuadraticSurd)]
    assume(roots)
    q = int_poly(cs)
    if multiple:                 # a multiple of the minimal polynomial vanishes at its roots
        q = q * int_poly(list(quad))
    assume(q.degree() >= 0)
    for r in roots:
        assert sign_at(q, r) == _horner_sign(q, r)
        if multiple:
            assert sign_at(q, r) == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(coef, min_size=2, max_size=6), coef, coef)
def test_bounded_real_roots_are_the_roots_in_the_interval(cs, u, v):
    q = int_poly(cs)
    assume(q.degree() > 0)
    lo, hi = min(u, v), max(u, v)
    assume(lo < hi)
    want = [r for r in real_roots(q) if compare_numbers(r, lo) > 0 and compare_numbers(r, hi) < 0]
    got = real_roots(q, lo, hi)
    assert len(got) == len(want)
    assert all(compare_numbers(a, b) == 0 for a, b in zip(got, want))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=-10 ** 6, max_value=10 ** 6), min_size=4, max_size=8),
       st.integers(min_value=1, max_value=130))
def test_bounds_equal_repeated_refine(cs, bits):
    """``RealAlgebraic.bounds`` (integer bisection) gives exactly the interval that repeated
    ``refine`` (one rational halving at a time) gives."""
    q = int_poly(cs)
    assume(q.degree() >= 3)
    width = Fraction(1, 1 << bits)
    for r in real_roots(q):
        if not isinstance(r, RealAlgebraic):
            continue
        ref = RealAlgebraic(r.poly, r.index, r.lo, r.hi)
        while ref.hi - ref.lo > width:
            ref.refine()
        assert r.bounds(width) == (ref.lo, ref.hi)


def _simplest_oracle(lo: Fraction, hi: Fraction) -> Fraction:
    """The continued-fraction recursion in rational arithmetic (the former implementation)."""
    import math

    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        return -_simplest_oracle(-hi, -lo)
    fl = math.floor(lo)
    if fl == lo:
        return Fraction(fl)
    if fl + 1 <= hi:
        return Fraction(fl + 1)
    return fl + 1 / _simplest_oracle(1 / (hi - fl), 1 / (lo - fl))


@settings(max_examples=300, deadline=None)
@given(st.fractions(min_value=-10 ** 6, max_value=10 ** 6, max_denominator=10 ** 15),
       st.fractions(min_value=0, max_value=10, max_denominator=10 ** 18))
def test_simplest_in_closed_equals_rational_recursion(lo, w):
    from gamekit.exact import simplest_in_closed

    assert simplest_in_closed(lo, lo + w) == _simplest_oracle(lo, lo + w)
