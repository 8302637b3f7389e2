"""The exact integer forms of additive gain tables agree with plain Fraction arithmetic,
on both the int64 path and the Python-integer path (entries too large for int64)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.additive.int_forms import IntTable, split_behaviour

small = st.fractions(min_value=-50, max_value=50, max_denominator=12)
huge = st.integers(min_value=-(2**80), max_value=2**80).map(Fraction)
prob = st.one_of(st.sampled_from([Fraction(0), Fraction(1)]),
                 st.fractions(min_value=0, max_value=1, max_denominator=30))


@st.composite
def case(draw):
    m = draw(st.integers(1, 4))
    n = draw(st.integers(1, 12))
    entry = draw(st.sampled_from([small, huge]))
    table = [[draw(entry) for _ in range(n)] for _ in range(m)]
    y = tuple(draw(prob) for _ in range(n))
    w = [draw(st.integers(0, 10**draw(st.sampled_from([2, 30])))) for _ in range(m)]
    if not any(w):
        w[0] = 1
    x = tuple(Fraction(v, sum(w)) for v in w)
    return table, y, x


@settings(max_examples=150, deadline=None)
@given(case())
def test_dot_and_signs_equal_fraction_arithmetic(c):
    table, y, x = c
    t = IntTable.of(table)
    assert t.dot(split_behaviour(y)) == [sum((T[l] * y[l] for l in range(len(y))), Fraction(0)) for T in table]
    g = [sum((x[u] * table[u][l] for u in range(len(table))), Fraction(0)) for l in range(len(y))]
    assert list(t.signs(x)) == [(v > 0) - (v < 0) for v in g]


def test_split_classifies_every_entry():
    y = (Fraction(0), Fraction(1), Fraction(1, 3), 1, 0)
    s = split_behaviour(y)
    assert list(s.ones) == [1, 3]
    assert list(s.is_zero) == [True, False, False, False, True]
    assert s.fractional == ((2, Fraction(1, 3)),)
