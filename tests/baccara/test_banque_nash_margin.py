"""Banker's part of the Nash proof on the ε-margins of a breakpoint
(games/baccara/banque/nash_margin.py)."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from games.baccara.banque.nash import banque_nash
from games.baccara.banque.nash_breakpoint import banker_replies
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_margin import prove_margin, prove_margins
from games.baccara.banque.nash_proof import inner_range
from games.baccara.banque.theta_nash import nash_piece

_EPS = F(1, 10 ** 6)


@pytest.fixture(scope="module")
def fold():
    # θ_b = (−42470875 + √5083267506910345)/263852280 ≈ 0.1092511: one equilibrium below,
    # three above (two are born at θ_b)
    left, right = nash_piece(F(5, 46)), nash_piece(F(8, 73))
    left.hi = right.lo        # the left segment's branch runs on over the 3-equilibria part
    gap = (inner_range(left.lo, left.hi, _EPS)[1], inner_range(right.lo, right.hi, _EPS)[0])
    return left, right, gap


def test_fold_margins_are_proved(fold):
    left, right, gap = fold
    mp = prove_margins(left, right, gap)
    assert mp.proved
    assert [p["banker_vertices"] for p in mp.left.own] == [1]
    assert [p["banker_vertices"] for p in mp.right.own] == [1, 1, 1]
    # below θ_b the two branches born there are no equilibria; the third is the left one
    assert sorted(o["status"] for o in mp.left.other) == ["no equilibrium reply", "no equilibrium reply",
                                                          "the point of own branches [0]"]


def test_predicted_replies_are_exact_at_a_rational_margin_point(fold):
    # at a rational θ inside each margin, the proved vertices (functions of θ, evaluated) are
    # exactly banker_replies computed at that θ
    left, right, gap = fold
    mp = prove_margins(left, right, gap)
    fm = forms()
    for side in (mp.left, mp.right):
        theta = side.interval.sample
        predicted = side.at(theta)
        points = sorted({(p1, p2) for p1, p2, _ in predicted})
        again = [(p1, p2, y) for p1, p2 in points for y in banker_replies(fm, theta, p1, p2)]
        assert sorted(predicted) == sorted(again)
        assert len(predicted) == len((left if side.side == "left" else right).tracked)


@pytest.mark.slow
def test_predicted_equilibria_are_the_complete_enumeration_in_both_margins(fold):
    # ... and every extreme equilibrium the complete enumeration finds there
    left, right, gap = fold
    mp = prove_margins(left, right, gap)
    for side in (mp.left, mp.right):
        theta = side.interval.sample
        res = banque_nash(theta)
        assert res.complete
        assert sorted((e.p1, e.p2, tuple(e.draw)) for e in res.equilibria) == sorted(side.at(theta))


def test_damaged_branch_is_not_proved(fold):
    # the left branch's defining equation shifted by θ/10⁶: its point is no longer an
    # equilibrium point on the margin
    from games.baccara.banque.theta_nash import TT

    left, right, gap = fold
    bad = copy.copy(left)
    tr = copy.copy(left.tracked[0])
    tr.branch = copy.copy(tr.branch)
    tr.branch.e = tr.branch.e + TT / 10 ** 6
    bad.tracked = [tr]
    side = prove_margin(bad, right, gap[0], left.hi, "left")
    assert not side.proved and "own branches [0]" in side.reason


def test_the_other_sides_branches_claimed_on_the_wrong_margin_are_not_proved(fold):
    # the right segment's three equilibria do not exist below θ_b
    left, right, gap = fold
    side = prove_margin(right, left, gap[0], left.hi, "left")
    assert not side.proved


@pytest.mark.slow
def test_quadratic_surd_branches_on_both_sides():
    # θ_b ≈ 0.1030872: p₂ a quadratic surd on both sides, in two different fields
    left, right = nash_piece(F(6, 59)), nash_piece(F(2, 19))
    gap = (inner_range(left.lo, left.hi, _EPS)[1], inner_range(right.lo, right.hi, _EPS)[0])
    mp = prove_margins(left, right, gap)
    assert mp.proved
    assert [o["status"] for o in mp.left.other] == ["no equilibrium reply"]
    theta = mp.right.interval.sample
    res = banque_nash(theta)
    assert sorted((e.p1, e.p2, tuple(e.draw)) for e in res.equilibria) == sorted(mp.right.at(theta))


def test_constant_mixing_where_player1_stands():
    # θ_b = (4958813 − 89√1865274465)/8206024 ≈ 0.1358767: on the right p₁ ≡ 0 and Banker mixes at
    # 6/8/S with a probability that is a rational constant (Player 2's row does not depend on θ
    # or on p₂) — a mixed entry although no function of θ
    left, right = nash_piece(F(3, 23)), nash_piece(F(103, 758))
    left.hi = right.lo
    gap = (inner_range(left.lo, left.hi, _EPS)[1], inner_range(right.lo, right.hi, _EPS)[0])
    mp = prove_margins(left, right, gap)
    assert mp.proved and mp.right.own[0]["mixed_sets"] == [["6/8/S"]]
    (y,) = [y for _, _, y in mp.right.at(mp.right.interval.sample)]
    mixed = [v for v in y if v not in (0, 1)]
    assert len(mixed) == 1 and isinstance(mixed[0], F)


@pytest.mark.slow
def test_six_decks_three_equilibria_in_two_quadratic_fields():
    # 6-deck shoe, θ_b ≈ 0.1150772 (degree > 2): three equilibria on each side; two of each
    # side's points are quadratic surds over different radicands (compared by
    # gamekit.exact.identical), the third side-changing branch has no equilibrium reply across
    left, right = nash_piece(F(4, 35), 6), nash_piece(F(7, 60), 6)
    left.hi = right.lo
    gap = (inner_range(left.lo, left.hi, _EPS)[1], inner_range(right.lo, right.hi, _EPS)[0])
    mp = prove_margins(left, right, gap)
    assert mp.proved
    assert [o["status"] for o in mp.left.other] == ["the point of own branches [0]", "the point of own branches [1]",
                                                   "no equilibrium reply"]
    theta = mp.left.interval.sample
    res = banque_nash(theta, 6)
    assert sorted((e.p1, e.p2, tuple(e.draw)) for e in res.equilibria) == sorted(mp.left.at(theta))
