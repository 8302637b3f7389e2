"""Real algebraic number fields ℚ(α) (gamekit/exact/number_field.py)."""

from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.exact import (
    FieldElement,
    NumberField,
    QuadraticSurd,
    QuadraticTower,
    compare_numbers,
    field_element,
    int_poly,
    number_decimal,
    number_str,
    rational_inside,
    real_roots,
    sign_at,
)

# ℚ(∛2); ℚ(√2 + √3) (degree 4 with three quadratic subfields); a quartic with four real roots
# and Galois group S₄ (the minimal polynomial of a banque breakpoint θ_b ≈ 0.1518651)
CUBIC = NumberField(int_poly([-2, 0, 0, 1]), F(1), F(2))
BIQUAD = NumberField(int_poly([1, 0, -10, 0, 1]), F(3), F(4))
THETA_B = [21806448509, -253203995032, 865393272728, -1001495027424, 367605859408]
QUARTIC = NumberField.of(real_roots(int_poly(THETA_B))[0])
FIELDS = [CUBIC, BIQUAD, QUARTIC]

small = st.fractions(min_value=-30, max_value=30, max_denominator=40)


@st.composite
def elements(draw, field=None):
    K = field if field is not None else draw(st.sampled_from(FIELDS))
    return K(draw(st.lists(small, min_size=K.degree, max_size=K.degree)))


@st.composite
def pairs(draw):
    K = draw(st.sampled_from(FIELDS))
    return draw(elements(K)), draw(elements(K)), draw(elements(K))


def _mp(x, dps: int = 80):
    """The value at high precision from the field's own generator (mpmath root polishing)."""
    mpmath.mp.dps = dps
    if isinstance(x, F):
        return mpmath.mpf(x.numerator) / x.denominator
    K = x.field
    lo, hi = K.root.bounds(F(1, 1 << 40))
    cs = [int(c) for c in K.poly.coeffs()]
    a = mpmath.findroot(lambda t: mpmath.polyval(cs[::-1], t), mpmath.mpf(lo.numerator) / lo.denominator)
    return sum(mpmath.mpf(c.numerator) / c.denominator * a ** i for i, c in enumerate(x.coefficients()))


@given(pairs())
@settings(max_examples=120, deadline=None, derandomize=True)
def test_field_axioms(xyz):
    x, y, z = xyz
    assert (x + y) + z == x + (y + z) and x + y == y + x
    assert (x * y) * z == x * (y * z) and x * y == y * x
    assert x * (y + z) == x * y + x * z
    assert x - x == 0 and x + 0 == x and x * 1 == x
    if x != 0:
        assert x * (1 / x) == 1 and (y / x) * x == y


@given(pairs())
@settings(max_examples=120, deadline=None, derandomize=True)
def test_exact_order_agrees_with_a_high_precision_evaluation(xyz):
    x, y, _ = xyz
    d = x - y
    vd = _mp(d)
    assert (d > 0) == (vd > 0) and (d < 0) == (vd < 0)
    assert compare_numbers(x, y) == (d > 0) - (d < 0)
    if not isinstance(x, F):
        assert abs(float(x) - float(_mp(x))) <= 1e-12 * (1 + abs(float(_mp(x))))


@given(elements())
@settings(max_examples=80, deadline=None, derandomize=True)
def test_inverse_and_canonical_form(x):
    if isinstance(x, F):
        return
    inv = x.inverse()
    assert x * inv == 1
    assert abs(_mp(inv) * _mp(x) - 1) < mpmath.mpf(10) ** -60
    # the canonical form is the same number: a root of its own minimal polynomial
    c = x.to_algebraic()
    assert sign_at(x.minimal_polynomial(), x) == 0
    assert compare_numbers(c, x) == 0 and compare_numbers(x, c) == 0
    assert abs(float(c) - float(x)) <= 1e-12 * (1 + abs(float(x)))


@given(elements())
@settings(max_examples=60, deadline=None, derandomize=True)
def test_square_roots_of_squares_are_found(x):
    s = (x * x).sqrt() if not isinstance(x, F) else None
    if s is not None:
        assert s == abs(x)
    elif not isinstance(x, F):
        pytest.fail("the square root of a square was not found")


def test_square_roots_in_a_biquadratic_field_and_towers():
    a = BIQUAD.gen                        # √2 + √3
    r2, r6 = (a ** 3 - 9 * a) / 2, (a * a - 5) / 2
    assert r2 * r2 == 2 and r6.to_algebraic() == QuadraticSurd.make(0, 1, 6)
    assert (r2 * 3).sqrt() is None                               # √(3√2) ∉ ℚ(√2, √3)
    e = a * a * 7                                                # √(7α²) = √7·α ∉ the field
    assert e.sqrt() is None
    t = QuadraticTower.make(1, 1, e)                             # 1 + √7·α: a quadratic extension
    assert isinstance(t, QuadraticTower) and (t - 1) * (t - 1) == e
    assert abs(float(t) - (1 + 7 ** 0.5 * float(a))) < 1e-12
    assert QuadraticTower.make(1, 1, (a + r6) * (a + r6)) == 1 + a + r6   # √e ∈ the field: an element


def test_interoperation_with_the_other_number_types():
    x = field_element(real_roots(int_poly([-2, 0, 0, 1]))[0])   # ∛2 as a field element
    assert isinstance(x, FieldElement) and x ** 3 == 2 and field_element(F(1, 3)) == F(1, 3)
    r2 = QuadraticSurd.make(0, 1, 2)
    assert compare_numbers(x, r2) == -1 and compare_numbers(r2, x) == 1
    assert compare_numbers(x, real_roots(int_poly([-2, 0, 0, 1]))[0]) == 0
    assert compare_numbers(x * x, real_roots(int_poly([-4, 0, 0, 1]))[0]) == 0   # ∛4, another field
    assert number_decimal(x, 12) == "1.25992104989"
    assert number_str(x * x) == "CRootOf((-4)*x**0 + (1)*x**3, 0)"
    assert F(5, 4) < rational_inside(F(5, 4), x) < x
    assert F(1, 2) < x and x > 1 and 2 > x
    assert x == CUBIC.gen and hash(x) == hash(CUBIC.gen)
    assert x.to_sympy().evalf(30) == pytest.approx(2 ** (1 / 3), rel=1e-15)
    with pytest.raises(ValueError):
        x + BIQUAD.gen                                           # two different fields
    assert (x == BIQUAD.gen) is False


def test_bad_fields_are_refused():
    with pytest.raises(ValueError):
        NumberField(int_poly([-2, 0, 1]) * int_poly([-3, 0, 1]), F(1), F(2))   # reducible
    with pytest.raises(ValueError):
        NumberField(int_poly([-2, 0, 0, 1]), F(2), F(3))           # no root inside
    with pytest.raises(ValueError):
        NumberField(int_poly([-1, 1]), F(0), F(2))                 # degree 1
    with pytest.raises(ValueError):
        (CUBIC.gen - 2).sqrt()                                     # negative
    with pytest.raises(ZeroDivisionError):
        CUBIC.gen / 0


def test_sign_of_a_tiny_element():
    # the difference of θ_b and a rational 10⁻³⁰ away: many refinements, exact answer
    t = QUARTIC.gen
    lo, hi = t.bounds(F(1, 10 ** 40))
    assert t - (lo - F(1, 10 ** 30)) > 0 and t - (hi + F(1, 10 ** 30)) < 0


@given(st.data())
@settings(max_examples=60, deadline=None, derandomize=True)
def test_quadratic_extension_of_a_number_field(data):
    # a + b√e over ℚ(∛2) or ℚ(θ_b): field identities, and the exact order agrees with 80 digits
    K = data.draw(st.sampled_from([CUBIC, QUARTIC]))
    a, b, c, d = (data.draw(elements(K)) for _ in range(4))
    e = data.draw(elements(K))
    if e <= 0:
        e = 1 - e
    x, y = QuadraticTower.make(a, b, e), QuadraticTower.make(c, d, e)
    assert (x + y) - y == x and x * y == y * x
    if y != 0:
        assert (x / y) * y == x
    mx = _mp(a) + _mp(b) * mpmath.sqrt(_mp(e))
    my = _mp(c) + _mp(d) * mpmath.sqrt(_mp(e))
    assert (x < y) == (mx < my) and (x > y) == (mx > my)
