"""The Nash proof across a breakpoint (games/baccara/banque/nash_breakpoint.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.exact import compare_numbers
from games.baccara.banque.nash_anchor import anchors_of
from games.baccara.banque.nash_breakpoint import prove_breakpoint
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import inner_range, prove_range
from games.baccara.banque.theta_nash import nash_piece


@pytest.mark.slow
def test_gap_around_a_breakpoint_is_proved_and_needs_both_sides():
    # θ_b = (79982713 − 779√7540552921)/119677212 ≈ 0.1030872, between the segments sampled
    # at 6/59 and 2/19 (benchmarks/results/banque_nash_proof.json)
    left, right = nash_piece(F(6, 59)), nash_piece(F(2, 19))
    assert compare_numbers(left.hi, right.lo) == 0
    pr = prove_breakpoint(left, right)
    assert pr.proved
    assert pr.a == inner_range(left.lo, left.hi, F(1, 10 ** 6))[1]
    assert pr.c == inner_range(right.lo, right.hi, F(1, 10 ** 6))[0]
    assert compare_numbers(pr.a, left.hi) < 0 < compare_numbers(pr.c, left.hi)
    # with the left segment's anchors only, the right side of the gap is not explained
    fm = forms()
    alone = prove_range(fm, pr.a, pr.c, anchors_of(fm, left), p_only=True, max_boxes=400)
    assert not alone.proved
