"""gamekit.exact.arcs: exact sign conditions along the arc of two multilinear equations."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.exact import multilinear_arc, multilinear_value

UNIT = ((0, 1), (0, 1), (0, 1))
H_DIAG = [0, 1, -1, 0, 0, 0, 0, 0]          # y = x
G_DIAG = [0, 1, 0, 0, -1, 0, 0, 0]          # t = x


def test_touching_inequality_is_excluded():
    # on the arc x = y = t the conditions t > 1/2 and (t − 1/2)² ... : here x − 1/2 > 0 and
    # 1/2 − t > 0 meet only at the point x = 1/2 where both are 0
    r = multilinear_arc(H_DIAG, G_DIAG, [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0],
                                         [Fraction(1, 2), 0, 0, 0, -1, 0, 0, 0]], UNIT)
    assert r.status == "empty"


def test_quadratic_touch_found_only_as_excluded():
    # the product (x − 1/2)(y − 1/2) > 0 with y = x is (x − 1/2)² > 0: true except at 1/2;
    # with the box x ∈ [1/2, 1/2] nothing is left
    f = [Fraction(1, 4), Fraction(-1, 2), Fraction(-1, 2), 1, 0, 0, 0, 0]
    box = ((Fraction(1, 2), Fraction(1, 2)), (0, 1), (0, 1))
    assert multilinear_arc(H_DIAG, G_DIAG, [f], box).status == "empty"
    r = multilinear_arc(H_DIAG, G_DIAG, [f], UNIT)
    assert r.status == "found" and multilinear_value(f, *r.witness) > 0


def test_swaps_when_h_is_free_of_y():
    # h = x − 1/3 (a vertical line), g = t − y: witness has x = 1/3 and t = y
    r = multilinear_arc([Fraction(-1, 3), 1, 0, 0, 0, 0, 0, 0], [0, 0, -1, 0, 1, 0, 0, 0], [], UNIT)
    assert r.status == "found" and r.witness[0] == Fraction(1, 3) and r.witness[1] == r.witness[2]


def test_g_vanishing_on_the_curve_is_reported():
    # g ≡ 0: every t at every point of the curve (a surface, not an arc)
    r = multilinear_arc(H_DIAG, [0] * 8, [], UNIT)
    assert r.status == "degenerate"


def test_h_with_t_is_refused():
    with pytest.raises(ValueError):
        multilinear_arc([0, 0, 0, 0, 1, 0, 0, 0], G_DIAG, [], UNIT)


small = st.fractions(min_value=-3, max_value=3, max_denominator=4)
form = st.lists(small, min_size=8, max_size=8)


@settings(max_examples=60, deadline=None)
@given(h=st.lists(small, min_size=4, max_size=4), g=form, fs=st.lists(form, max_size=2))
def test_empty_means_no_sampled_solution(h, g, fs):
    """Soundness of 'empty': no point of the arc sampled on a grid satisfies the conditions;
    'found' witnesses satisfy them exactly."""
    hh = list(h) + [0, 0, 0, 0]
    r = multilinear_arc(hh, g, fs, UNIT)
    if r.status == "found" and r.witness is not None:
        x, y, t = r.witness
        assert multilinear_value(hh, x, y, t) == 0 and multilinear_value(g, x, y, t) == 0
        assert all(multilinear_value(f, x, y, t) > 0 for f in fs)
    if r.status != "empty":
        return
    for k in range(1, 64):
        x = Fraction(k, 64)
        d = hh[2] + hh[3] * x
        if d == 0:
            continue
        y = -(hh[0] + hh[1] * x) / d
        if not 0 <= y <= 1:
            continue
        g1 = g[4] + g[5] * x + g[6] * y + g[7] * x * y
        if g1 == 0:
            continue
        t = -(g[0] + g[1] * x + g[2] * y + g[3] * x * y) / g1
        if 0 <= t <= 1:
            assert not all(multilinear_value(f, x, y, t) > 0 for f in fs)


def test_line_in_t_is_solved():
    # h: y = x; g = (x − 1/2)(t − y) vanishes on t = x and on the whole line x = y = 1/2;
    # t > 3/4 and x < 3/5 fail on t = x but hold on the line
    g = [0, 0, Fraction(1, 2), -1, Fraction(-1, 2), 1, 0, 0]
    pos = [[Fraction(-3, 4), 0, 0, 0, 1, 0, 0, 0], [Fraction(3, 5), -1, 0, 0, 0, 0, 0, 0]]
    r = multilinear_arc(H_DIAG, g, pos, UNIT)
    assert r.status == "found" and r.witness[:2] == (Fraction(1, 2), Fraction(1, 2)) and r.witness[2] > Fraction(3, 4)
    pos[0] = [Fraction(-1), 0, 0, 0, 1, 0, 0, 0]          # t > 1: nowhere in the box
    assert multilinear_arc(H_DIAG, g, pos, UNIT).status == "empty"


def test_vertical_line_component_is_solved():
    # h = x(y − 1/2) = xy − x/2 contains the line x = 0; g = t − y; on x = 0 we need y > 3/4
    h = [0, Fraction(-1, 2), 0, 1, 0, 0, 0, 0]
    r = multilinear_arc(h, [0, 0, -1, 0, 1, 0, 0, 0], [[1, -4, 0, 0, 0, 0, 0, 0],     # x < 1/4
                                                        [Fraction(-3, 4), 0, 1, 0, 0, 0, 0, 0]], UNIT)
    assert r.status == "found" and r.witness[0] == 0 and r.witness[1] > Fraction(3, 4) and r.witness[1] == r.witness[2]
