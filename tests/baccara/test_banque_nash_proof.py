"""The completeness proof of banque's Nash θ-segments (games/baccara/banque/nash_proof*.py).

Cheap tests check the proof's ingredients against exact arithmetic: the range lemma for
multilinear forms (hypothesis), the interval Jacobian, the forms against the per-θ
structure of ``nash.py``, and that the proof refuses a segment with no tracked equilibrium.
Slow tests run the proof on real segments: proved on a 9/11 segment; not proved when one
tracked equilibrium is removed (the failing box holds that equilibrium); and the fold near
θ ≈ 0.1096 — a segment that had missed two branches is repaired by the probe.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.baccara.banque.nash_events import ML, Box, det2_range, forms

fr = st.fractions(min_value=0, max_value=1, max_denominator=97)
coef = st.fractions(min_value=-50, max_value=50, max_denominator=13)


def _exact(f: ML, x, y, t) -> Fraction:
    c0, c1 = f.at_exact(x, y)
    return c0 + c1 * t


side = st.tuples(fr, fr).map(sorted)


@settings(max_examples=60, deadline=None)
@given(st.lists(coef, min_size=8, max_size=8), side, side, side, fr, fr, fr)
def test_range_lemma_encloses_exact_values(cs, xs, ys, ts, u, v, w):
    """The corner hull contains the exact value at any point of the box, and its ends are
    attained (up to the rounding bound) at corners: the enclosure is the exact range."""
    assume(any(cs))
    (x0, x1), (y0, y1), (t0, t1) = xs, ys, ts
    f = ML.exact(cs)
    box = Box((x0, x1), (y0, y1), (t0, t1))
    r = f.range(box)
    x, y, t = x0 + u * (x1 - x0), y0 + v * (y1 - y0), t0 + w * (t1 - t0)
    val = _exact(f, x, y, t)
    assert r.lo <= val <= r.hi
    corners = [_exact(f, a, b, c) for a in (x0, x1) for b in (y0, y1) for c in (t0, t1)]
    scale = 1 + sum(abs(c) for c in cs)
    assert abs(float(min(corners)) - r.lo) <= 1e-9 * scale
    assert abs(float(max(corners)) - r.hi) <= 1e-9 * scale
    if r.pos:
        assert min(corners) > 0
    if r.neg:
        assert max(corners) < 0


@settings(max_examples=60, deadline=None)
@given(st.lists(coef, min_size=8, max_size=8), st.lists(fr, min_size=4, max_size=4))
def test_det2_range_contains_every_determinant(ends, pts):
    """Rows taken anywhere in their intervals: the determinant stays in the enclosure."""
    from games.baccara.banque.nash_events import Range

    iv = [Range(float(min(a, b)), float(max(a, b))) for a, b in zip(ends[::2], ends[1::2])]
    vals = [Fraction(r.lo) + s * (Fraction(r.hi) - Fraction(r.lo)) for r, s in zip(iv, pts)]
    d = det2_range(*iv)
    det = vals[0] * vals[3] - vals[1] * vals[2]
    assert d.lo <= det <= d.hi


def test_forms_agree_with_the_per_theta_structure():
    """g_l(p, θ) has the sign of nash.py's gain; θ·D₁' = D₁ and (1 − θ)·D₂' = D₂ exactly."""
    from games.baccara.banque.structure import structure

    fm = forms()
    theta = Fraction(3, 10)
    stc = structure(theta)
    p1, p2 = Fraction(2, 7), Fraction(5, 6)
    y = [Fraction(k % 5, 4) for k in range(len(stc.L))]
    full = stc.full_draw(y)
    for i, l in enumerate(stc.L):
        g = _exact(fm.g[l], p1, p2, theta)
        assert (g > 0) - (g < 0) == (lambda v: (v > 0) - (v < 0))(stc.gain(i, p1, p2))

    def dprime(i, q):
        pt = (0, q) if i == 0 else (q, 0)
        val = fm.c[i].at_exact(*pt)[0]
        return val + sum((yl * fm.d[i][l].at_exact(*pt)[0] for l, yl in enumerate(full) if yl), Fraction(0))

    assert theta * dprime(0, p2) == stc.D1(p2, y)
    assert (1 - theta) * dprime(1, p1) == stc.D2(p1, y)


class _NoEquilibria:
    """A damaged segment: no tracked equilibrium at all."""

    lo, hi, sample = Fraction(3, 10), Fraction(301, 1000), Fraction(3, 10)
    tracked: list = []
    samples: list = []


def test_proof_refuses_a_segment_without_its_equilibria():
    """Every θ has a Nash equilibrium, so a segment claiming none cannot be proved; the
    failing box must be small and inside the range."""
    from games.baccara.banque.nash_proof import prove_piece

    pr = prove_piece(_NoEquilibria(), max_boxes=3000)
    assert not pr.proved and pr.reason
    assert pr.failed_box is not None
    assert _NoEquilibria.lo <= pr.failed_box.t[0] <= pr.failed_box.t[1] <= _NoEquilibria.hi


@pytest.mark.slow
def test_proved_segment_and_damaged_copy():
    """The 9/11 segment through 3/10 is proved; stretched past its exact end it is not (the
    failing box reaches beyond the end); without its second equilibrium it is not, and
    the failing box contains (9/11, 9/11) (the removed equilibrium's point)."""
    from games.baccara.banque.nash_anchor import anchors_of
    from games.baccara.banque.nash_proof import prove_piece
    from games.baccara.banque.theta_nash import nash_piece

    pc = nash_piece(Fraction(3, 10))
    ans = anchors_of(forms(), pc)
    assert [a.const_point for a in ans] == [(Fraction(9, 11), Fraction(9, 11))] * 2   # θ-free, exact
    assert all(a.sigma == (None, None) and a.A == {0, 1} for a in ans)
    pr = prove_piece(pc)
    assert pr.proved
    assert pc.lo < pr.a < Fraction(3, 10) < pr.c < pc.hi
    true_hi = pc.hi
    pc.hi = Fraction(33, 100)        # stretched past its end 655/2098: the structure changes there
    long = prove_piece(pc)
    assert not long.proved and long.failed_box.t[1] >= true_hi
    pc.hi = true_hi
    pc.tracked, pc.samples = pc.tracked[1:], pc.samples[1:]
    bad = prove_piece(pc)
    assert not bad.proved
    b = bad.failed_box
    assert b.x[0] <= Fraction(9, 11) <= b.x[1] and b.y[0] <= Fraction(9, 11) <= b.y[1]


@pytest.mark.slow
def test_probe_repairs_the_fold():
    """The segment through 27/250 continues one branch past the fold at
    θ* = (−42470875 + √5083267506910345)/263852280 ≈ 0.1092511 where two more equilibria
    appear: the proof fails there, the probe finds 3 equilibria, and the repaired cover
    has a breakpoint exactly at θ*, with 1 and 3 equilibria on its sides, both proved."""
    from gamekit.exact.algebraic import compare_numbers
    from gamekit.exact.surd import QuadraticSurd
    from games.baccara.banque.nash_proof_cover import prove_cover
    from games.baccara.banque.theta_nash import nash_piece

    pcs = prove_cover([nash_piece(Fraction(27, 250))])
    fold = QuadraticSurd.make(Fraction(-42470875, 263852280), Fraction(1, 263852280), 5083267506910345)
    k = next(i for i, pc in enumerate(pcs) if compare_numbers(pc.hi, fold) == 0)
    assert len(pcs[k].tracked) == 1 and len(pcs[k + 1].tracked) == 3
    assert all(pc.proof.proved for pc in pcs)


@pytest.mark.slow
def test_sweep_json_has_the_proof_field():
    out = subprocess.run([sys.executable, "-m", "games.baccara.cli.main", "sweep", "--game", "banque",
                          "--concept", "nash", "--theta-range", "3/10:301/1000", "--json"],
                         capture_output=True, text=True, check=True)
    rec = json.loads(out.stdout)
    for s in rec["segments"]:
        pf = s["proof"]
        assert pf["proved"] is True
        assert Fraction(pf["theta_from_exact"]) < Fraction(pf["theta_to_exact"])


@settings(max_examples=60, deadline=None)
@given(st.lists(coef, min_size=2, max_size=2), st.lists(coef, min_size=2, max_size=2), st.lists(coef, min_size=2,
       max_size=2), fr, fr, fr)
def test_product_of_disjoint_forms_is_exact(a, b, c, x, y, t):
    """(a₀ + a₁p₂)·(b₀ + b₁p₁ + (c₀ + c₁p₁)θ) evaluates to the product of the values,
    in the float range and in the exact coefficients."""
    f = ML.exact([a[0], 0, a[1], 0, 0, 0, 0, 0])
    g = ML.exact([b[0], b[1], 0, 0, c[0], c[1], 0, 0])
    h = f * g
    val = _exact(f, x, y, t) * _exact(g, x, y, t)
    assert _exact(h, x, y, t) == val
    r = h.range(Box((x, x), (y, y), (t, t)))
    assert r.lo <= val <= r.hi
    if a[1]:
        with pytest.raises(ValueError):
            f * f     # p₂ · p₂ is not multilinear
