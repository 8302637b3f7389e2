"""gamekit.exact.systems: exact sign conditions on the solutions of several multilinear equations."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from gamekit.exact import multilinear_arc, multilinear_value
from gamekit.exact.systems import multilinear_system

UNIT = ((0, 1), (0, 1), (0, 1))
small = st.fractions(min_value=-3, max_value=3, max_denominator=4)
form = st.lists(small, min_size=8, max_size=8)
dep_form = form.filter(lambda f: any(f[4:]))
inner = st.fractions(min_value=Fraction(1, 8), max_value=Fraction(7, 8), max_denominator=8)


def _through(f, pt, value=0):
    """f shifted by a constant so that f(pt) = value."""
    return [f[0] - multilinear_value(f, *pt) + value] + list(f[1:])


def test_kink_point_is_the_only_solution():
    # e1 vanishes for every t at (9/11, 9/11): −11(x − 3)(y − 9/11) + 24t(x − y);
    # e2 = t − 1/3 + (x − 9/11)/5: the two meet along a curve through (9/11, 9/11, 1/3)
    q = Fraction(9, 11)
    e1 = [-33 * q, 11 * q, 33, -11, 0, 24, -24, 0]
    assert multilinear_value(e1, q, q, Fraction(1, 7)) == 0
    e2 = [Fraction(-1, 3) - q / 5, Fraction(1, 5), 0, 0, 1, 0, 0, 0]
    box = ((q - Fraction(1, 100), q + Fraction(1, 100)), (q - Fraction(1, 100), q + Fraction(1, 100)),
           (Fraction(1, 4), Fraction(1, 2)))
    r = multilinear_system([e1, e2], [], box)
    assert r.status == "found" and not r.finite          # a curve through the point
    # with x = y added, e1 = −11(x − 3)(x − 9/11) on the diagonal: only the point is left
    r = multilinear_system([e1, e2, [0, 1, -1, 0, 0, 0, 0, 0]], [], box)
    assert r.status == "found" and r.finite and r.points == [(q, q, Fraction(1, 3))]


def test_two_t_equations_curve():
    # t = x, t = y: the curve x = y = t; x > 1/2 leaves a continuum with a rational point
    r = multilinear_system([[0, 1, 0, 0, -1, 0, 0, 0], [0, 0, 1, 0, -1, 0, 0, 0]],
                           [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0]], UNIT)
    assert r.status == "found" and not r.finite and r.witness[0] == r.witness[1] == r.witness[2] > Fraction(1, 2)
    # x > 1/2 and t < 1/2: empty (touching at nothing)
    r = multilinear_system([[0, 1, 0, 0, -1, 0, 0, 0], [0, 0, 1, 0, -1, 0, 0, 0]],
                           [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0], [Fraction(1, 2), 0, 0, 0, -1, 0, 0, 0]], UNIT)
    assert r.status == "empty"


def test_irrational_points_listed():
    # t = xy, x = y, t = 1/2: the point (1/√2, 1/√2, 1/2), irrational, listed as floats
    r = multilinear_system([[0, 0, 0, 1, -1, 0, 0, 0], [0, 1, -1, 0, 0, 0, 0, 0], [-1, 0, 0, 0, 2, 0, 0, 0]],
                           [], UNIT)
    assert r.status == "found" and r.finite and r.witness is None
    (x, y, t), = r.points
    assert abs(x - 2 ** -0.5) < 1e-12 and abs(y - x) < 1e-12 and abs(t - 0.5) < 1e-12


def test_needs_two_equations():
    with pytest.raises(ValueError):
        multilinear_system([[0, 1, 0, 0, -1, 0, 0, 0]], [], UNIT)


@settings(max_examples=60, deadline=None)
@given(h=st.lists(small, min_size=4, max_size=4), g=form, fs=st.lists(form, max_size=2))
def test_agrees_with_multilinear_arc(h, g, fs):
    """One t-free bilinear equation and one other: the same decision as multilinear_arc."""
    hh = list(h) + [0, 0, 0, 0]
    assume(any(hh) and any(g[4:]))
    a = multilinear_arc(hh, g, fs, UNIT)
    b = multilinear_system([hh, g], fs, UNIT)
    if "degenerate" in (a.status, b.status):
        return
    assert (a.status == "empty") == (b.status == "empty")


@settings(max_examples=60, deadline=None)
@given(e1=dep_form, e2=dep_form, fs=st.lists(form, max_size=2), x=inner, y=inner, t=inner)
def test_planted_solution_is_found(e1, e2, fs, x, y, t):
    """Two random t-dependent equations and conditions, all made to hold at a rational point:
    never 'empty'; a finite outcome lists that point."""
    pt = (x, y, t)
    e1, e2 = _through(e1, pt), _through(e2, pt)
    fs = [_through(f, pt, 1) for f in fs]
    assume(any(e1[4:]) and any(e2[4:]))
    r = multilinear_system([e1, e2], fs, UNIT)
    assert r.status != "empty"
    if r.status == "found" and r.finite:
        assert pt in r.points


def _curve_samples(e1, e2, n=97):
    """Float points of e1 = e2 = 0 in the unit cube, from the eliminant's roots in y."""
    import numpy as np

    out = []
    for k in range(n + 1):
        x = k / n
        A1 = (e1[0] + e1[1] * x, e1[2] + e1[3] * x)
        B1 = (e1[4] + e1[5] * x, e1[6] + e1[7] * x)
        A2 = (e2[0] + e2[1] * x, e2[2] + e2[3] * x)
        B2 = (e2[4] + e2[5] * x, e2[6] + e2[7] * x)
        # H = A1 B2 − A2 B1 as a polynomial in y
        c = float(A1[0] * B2[0] - A2[0] * B1[0])
        b = float(A1[0] * B2[1] + A1[1] * B2[0] - A2[0] * B1[1] - A2[1] * B1[0])
        a = float(A1[1] * B2[1] - A2[1] * B1[1])
        roots = np.roots([a, b, c]) if (a, b) != (0.0, 0.0) else []
        for y in roots:
            if abs(y.imag) > 1e-12 or not 0 <= y.real <= 1:
                continue
            y = y.real
            den = float(B1[0]) + float(B1[1]) * y
            if abs(den) < 1e-9:
                continue
            tt = -(float(A1[0]) + float(A1[1]) * y) / den
            if 0 <= tt <= 1:
                out.append((x, y, tt))
    return out


@settings(max_examples=60, deadline=None)
@given(e1=dep_form, e2=dep_form, fs=st.lists(form, min_size=1, max_size=2))
def test_empty_means_no_sampled_solution(e1, e2, fs):
    """Soundness of 'empty': no sampled point of the curve satisfies every condition with a margin;
    a rational witness satisfies everything exactly (checked inside, and here)."""
    r = multilinear_system([e1, e2], fs, UNIT)
    if r.witness is not None:
        assert multilinear_value(e1, *r.witness) == 0 == multilinear_value(e2, *r.witness)
        assert all(multilinear_value(f, *r.witness) > 0 for f in fs)
    if r.status != "empty":
        return
    for pt in _curve_samples(e1, e2):
        vals = [float(multilinear_value([float(c) for c in f], *pt)) for f in fs]
        assert not all(v > 1e-7 for v in vals), (pt, vals)


@settings(max_examples=25, deadline=None)
@given(e1=dep_form, e2=dep_form, h=st.lists(small, min_size=4, max_size=4), fs=st.lists(form, max_size=1),
       x=inner, y=inner, t=inner, plant=st.booleans())
def test_finite_points_match_sympy(e1, e2, h, fs, x, y, t, plant):
    """Three equations (two t-dependent, one t-free; half of them made to pass through a rational
    point): the finite outcome is the real solution set in the box that sympy's resultants
    give, filtered by the conditions."""
    import sympy

    hh = list(h) + [0, 0, 0, 0]
    if plant:
        pt = (x, y, t)
        e1, e2, hh = _through(e1, pt), _through(e2, pt), _through(hh, pt)
        fs = [_through(f, pt, 1) for f in fs]
        assume(any(e1[4:]) and any(e2[4:]))
    assume(any(hh[2:4]) or any(hh[:2]))
    r = multilinear_system([e1, e2, hh], fs, UNIT)
    assume(r.status != "degenerate" and (r.status == "empty" or r.finite))
    X, Y, T = sympy.symbols("x y t")

    def sym(f):
        return sum(sympy.Rational(c.numerator, c.denominator) * (X if m & 1 else 1) * (Y if m & 2 else 1)
                   * (T if m & 4 else 1) for m, c in enumerate(map(Fraction, f)))

    # brute force: resultants eliminate t, then y; every real root x, back-substituted
    R = sympy.Poly(sympy.resultant(sympy.resultant(sym(e1), sym(e2), T), sym(hh), Y), X)
    assume(not R.is_zero and R.degree() > 0)
    want = []
    for xr in sympy.real_roots(R):
        x = float(sympy.N(xr, 30))
        dy = float(hh[2]) + float(hh[3]) * x
        assume(abs(dy) > 1e-9)
        y = -(float(hh[0]) + float(hh[1]) * x) / dy
        dt = float(e1[4]) + float(e1[5]) * x + float(e1[6]) * y + float(e1[7]) * x * y
        assume(abs(dt) > 1e-9)
        t = -(float(e1[0]) + float(e1[1]) * x + float(e1[2]) * y + float(e1[3]) * x * y) / dt
        if abs(float(multilinear_value([float(c) for c in e2], x, y, t))) > 1e-7:
            continue                      # a root of the resultant that is not a solution
        margins = [x, 1 - x, y, 1 - y, t, 1 - t] + [float(multilinear_value([float(c) for c in f], x, y, t))
                                                    for f in fs]
        assume(all(abs(m) > 1e-9 for m in margins))   # no tie: decided the same by floats
        if all(m > 0 for m in margins) and not any(max(abs(u - v) for u, v in zip((x, y, t), q)) < 1e-9
                                                   for q in want):
            want.append((x, y, t))
    event(f"points: {len(want)}")
    got = [tuple(float(v) for v in p) for p in r.points]
    assert len(got) == len(want)
    for p in want:
        assert any(max(abs(u - v) for u, v in zip(p, q)) < 1e-9 for q in got)
