"""The Nash proof next to the fold θ_f ≈ 0.0924720 where two branches are born (issue #27):
a wide margin below θ_f (nash_proof_cover's ``fold_margin``) closed by the breakpoint's p-only
proof with both neighbours' anchors; a wide margin is probed by complete enumerations
(nash_proof_cover.prove_segment), which finds the branches missed below θ_g ≈ 0.0941281."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.exact import QuadraticSurd, compare_numbers
from games.baccara.banque.nash_anchor import anchors_of
from games.baccara.banque.nash_breakpoint import prove_breakpoint
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import inner_range, prove_range
from games.baccara.banque.nash_proof_cover import _fold_ends, prove_segment
from games.baccara.banque.theta_nash import nash_piece
from games.baccara.reproduce.banque import THETA_F


@pytest.fixture(scope="module")
def fold():
    left, right = nash_piece(F(9, 100)), nash_piece(F(10, 107))
    theta_f = QuadraticSurd.make(*THETA_F)
    assert compare_numbers(right.lo, theta_f) == 0
    left.hi = right.lo           # the repaired cover's segment (0.0866700, θ_f)
    return left, right


def test_fold_ends(fold):
    left, right = fold
    wide = F(1, 10)
    assert (len(left.tracked), len(right.tracked)) == (1, 3)
    assert _fold_ends(left, [], [right], wide) == (False, True)      # the neighbour above has more
    assert _fold_ends(right, [left], [], wide) == (True, False)      # both sides of the fold
    assert _fold_ends(left, [], [right], None) == (False, False)     # off by default


def test_wide_margin_over_a_missed_fold_is_probed():
    """The old sweep's segment (0.0939539, 0.0986936) with 1 tracked equilibrium: its lower end
    is a fold end (3 equilibria below), the ordinary proof fails on its budget without a
    witness, and the probes in the wide margin (0.0939539, +L/10) — which contains θ_g —
    find 3 extreme equilibria (banque.nash.missed-branches): a failed proof to repair."""
    below, pc = nash_piece(F(93, 1000)), nash_piece(F(96, 1000))
    assert (len(below.tracked), len(pc.tracked)) == (3, 1)
    pc.lo = below.hi                        # the segment as the sweep had it before the repair
    pr = prove_segment(pc, [below], [], fold_margin=F(1, 10), fold_budget=50)
    assert not pr.proved and pr.witness is None
    assert pr.probe is not None and (pr.probe["found"], pr.probe["missed"]) == (3, 2)
    t = F(pr.probe["theta"])
    assert compare_numbers(pc.lo, t) < 0 and float(t) - float(pc.lo) < (float(pc.hi) - float(pc.lo)) / 10
    assert pr.fold_probes[0]["found"] == 1   # half-way into the margin: above θ_g


def test_gap_below_the_fold_is_proved_with_both_neighbours(fold):
    """[θ_f − L/10, a_R] (L the segment's length): every equilibrium p is the old branch's or
    one of the three above θ_f continued — 431 boxes; with the old branch's anchor alone the
    new branches' two-zero-class type (6/S/S, 6/5/S) is not explained."""
    left, right = fold
    c = inner_range(left.lo, left.hi, F(1, 10 ** 6), F(1, 10))[1]
    a_r = inner_range(right.lo, right.hi, F(1, 10 ** 6))[0]
    pr = prove_breakpoint(left, right, gap=(c, a_r))
    assert pr.proved, pr.reason
    assert compare_numbers(c, left.hi) < 0 < compare_numbers(a_r, left.hi)
    fm = forms()
    alone = prove_range(fm, c, a_r, anchors_of(fm, left), p_only=True, max_boxes=300)
    assert not alone.proved
