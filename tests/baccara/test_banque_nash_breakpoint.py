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


@pytest.mark.slow
def test_breakpoint_where_two_branches_are_born_is_proved():
    # θ_b ≈ 0.1092511: 1 equilibrium below, 3 above; two of them (zero sets {3/0/8} and
    # {3/0/8, 5/1/7}) meet at θ_b. The arc solver's rational solution next to θ_b lies on a
    # tracked branch (exactly), so the box is split instead of failed.
    left, right = nash_piece(F(5, 46)), nash_piece(F(8, 73))
    assert (len(left.tracked), len(right.tracked)) == (1, 3)
    left.hi = right.lo        # the left segment's single branch runs on over the 3-equilibria part
    pr = prove_breakpoint(left, right)
    assert pr.proved and pr.arcs > 0


@pytest.mark.slow
def test_breakpoint_where_a_branch_leaves_the_square_is_proved():
    # θ_b ≈ 0.1516542: p₁ = 0 below, p₁ > 0 above (p₁ → 0 as θ ↓ θ_b). The right branch's
    # formula continued below θ_b has p₁ < 0: its enclosure reaches outside the square and all
    # its faces are checked.
    from games.baccara.banque.nash_anchor import enclosure

    left, right = nash_piece(F(5, 33)), nash_piece(F(17, 112))
    assert compare_numbers(left.hi, right.lo) == 0
    fm = forms()
    (an,) = anchors_of(fm, right)
    pr = prove_breakpoint(left, right)
    assert pr.proved
    enc = enclosure(fm, an, (pr.a, pr.c))
    assert enc is not None and enc[0].x[0] < 0 < enc[0].x[1]


@pytest.mark.parametrize("theta", [F(1, 10), F(3, 10), F(10, 107)])
def test_banker_replies_agree_with_the_complete_enumeration(theta):
    # at a rational θ, the vertices of Banker's equilibrium replies at each equilibrium p are
    # exactly the extreme equilibria banque_nash reports there (1, 2 at (9/11, 9/11), 1 each of 3)
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.nash_breakpoint import banker_replies

    fm = forms()
    by_p: dict = {}
    for e in banque_nash(theta).equilibria:
        by_p.setdefault((e.p1, e.p2), set()).add(tuple(e.draw))
    for (p1, p2), draws in by_p.items():
        assert set(banker_replies(fm, theta, p1, p2)) == draws
    assert banker_replies(fm, theta, F(1, 2), F(1, 2)) == []      # not an equilibrium p


@pytest.mark.slow
def test_equilibria_at_a_fold_breakpoint():
    # θ_b ≈ 0.1092511 (a quadratic surd): the limits of the 1 + 3 branches are 2 distinct points
    # (the two branches born there meet), each with one extreme Banker reply
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = nash_piece(F(5, 46)), nash_piece(F(8, 73))
    left.hi = right.lo
    at = breakpoint_equilibria(left, right, right.lo)
    assert at is not None and [len(ys) for _, _, ys in at] == [1, 1]


@pytest.mark.slow
def test_equilibria_at_a_breakpoint_in_a_degree_4_field():
    # θ_b = (79982713 − 779√7540552921)/119677212 ≈ 0.1030872: both neighbours' branches are
    # quadratic surds in θ, so their limit is in a quadratic extension of ℚ(θ_b); both sides
    # give the same point exactly, which lies on every zero set of both branches
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = nash_piece(F(6, 59)), nash_piece(F(2, 19))
    at = breakpoint_equilibria(left, right, left.hi)
    assert at is not None and len(at) == 1
    (p1, p2, ys) = at[0]
    fm = forms()
    idx = {lab: i for i, lab in enumerate(fm.labels)}
    for pc in (left, right):
        for lab in pc.tracked[0].signature[1]:
            c0, c1 = fm.g[idx[lab]].at_exact(p1, p2)
            assert c0 + c1 * left.hi == 0
    assert len(ys) >= 1


@pytest.mark.slow
def test_equilibria_at_a_quartic_breakpoint_are_the_limits_from_both_sides():
    # θ_b ≈ 0.1518651, a root of an irreducible quartic (benchmarks/results/
    # banque_nash_proof_breakpoints.json): computed in the number field ℚ(θ_b). One limit point
    # p_b (both neighbours' branches reach it) with two extreme Banker replies; the complete
    # enumeration at rational θ = θ_b ∓ δ has one equilibrium, whose p and Banker strategy
    # converge (linearly in δ) to p_b and to one of the two replies — a different one per side.
    from gamekit.exact import FieldElement, RealAlgebraic
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = nash_piece(F(17, 112)), nash_piece(F(12, 79))
    tb = left.hi
    assert isinstance(tb, RealAlgebraic) and tb.poly.degree() == 4 and compare_numbers(tb, right.lo) == 0
    at = breakpoint_equilibria(left, right, tb)
    assert at is not None and len(at) == 1
    ((p1, p2, ys),) = at
    assert isinstance(p1, FieldElement) and isinstance(p2, FieldElement) and len(ys) == 2
    fm = forms()
    idx = {lab: i for i, lab in enumerate(fm.labels)}
    theta = p1.field.gen
    for pc in (left, right):                 # p_b lies on every zero set of both branches, exactly
        for lab in pc.tracked[0].signature[1]:
            c0, c1 = fm.g[idx[lab]].at_exact(p1, p2)
            assert c0 + c1 * theta == 0
    lo, hi = tb.bounds(F(1, 10 ** 30))
    hit = []
    for delta in (F(1, 10 ** 6), F(1, 10 ** 7)):
        for th in (lo - delta, hi + delta):
            (e,) = banque_nash(th).equilibria
            assert max(abs(float(e.p1) - float(p1)), abs(float(e.p2) - float(p2))) < 300 * float(delta)
            near = [k for k, y in enumerate(ys)
                    if max(abs(float(a) - float(b)) for a, b in zip(e.draw, y)) < 200 * float(delta)]
            assert len(near) == 1
            hit.append(near[0])
    assert hit[0] == hit[2] != hit[1] == hit[3]


@pytest.mark.slow
def test_equilibria_at_a_shoe_breakpoint_of_degree_6():
    # from a 6-deck shoe, θ_b ≈ 0.0499897 is a root of an irreducible sextic (benchmarks/results/
    # banque_shoe.json): the same path, in ℚ(θ_b); p_b lies on both branches' zero sets exactly
    from gamekit.exact import FieldElement, RealAlgebraic
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = nash_piece(F(3, 61), 6), nash_piece(F(389, 7781), 6)
    tb = left.hi
    assert isinstance(tb, RealAlgebraic) and tb.poly.degree() == 6 and compare_numbers(tb, right.lo) == 0
    at = breakpoint_equilibria(left, right, tb)
    assert at is not None and len(at) == 1
    ((p1, p2, ys),) = at
    assert isinstance(p1, FieldElement) and len(ys) == 2
    fm = forms(6)
    idx = {lab: i for i, lab in enumerate(fm.labels)}
    for pc in (left, right):
        for lab in pc.tracked[0].signature[1]:
            c0, c1 = fm.g[idx[lab]].at_exact(p1, p2)
            assert c0 + c1 * p1.field.gen == 0


def test_limit_points_in_different_quadratic_extensions_are_compared_pair_by_pair():
    """At the 8-deck breakpoint θ_b ≈ 0.1096240 the three limits lie in two different quadratic
    extensions of ℚ(θ_b); one pair without common arithmetic must not stop the comparison of
    the others (it did: no set was computed there). Distinct floats: different points; equal
    floats in two extensions: undecided (None); a common field: decided exactly."""
    from gamekit.exact import QuadraticSurd
    from games.baccara.banque.nash_breakpoint import _same_point

    r2, r3 = QuadraticSurd(F(0), F(1), 2), QuadraticSurd(F(0), F(1), 3)
    assert _same_point((r2, F(0)), (r3, F(0))) is False
    assert _same_point((r2, F(0)), (r2 * 1, F(0))) is True
    assert _same_point((r2 / 4, F(0)), (r2 / 4 + 0, F(1, 10 ** 12))) is False
    near = r3 + F(round((float(r2) - float(r3)) * 10 ** 15), 10 ** 15)     # ℚ(√3), float ≈ √2
    assert _same_point((r2, F(0)), (near, F(0))) is None


@pytest.mark.slow
def test_equilibria_at_the_8_deck_breakpoint_with_two_quadratic_extensions():
    """benchmarks/results/banque_shoe_d8_breakpoints.md: θ_b ≈ 0.1096240, a sextic; both
    neighbours have three equilibria, two of them in quadratic extensions of ℚ(θ_b)."""
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = nash_piece(F(15, 137), 8), nash_piece(F(10, 91), 8)
    assert compare_numbers(left.hi, right.lo) == 0
    at = breakpoint_equilibria(left, right, right.lo)
    assert at is not None and [len(ys) for _, _, ys in at] == [1, 1, 2]


# -- the kinks at (9/11, 9/11): types with two zero classes (issue #27) ------------------------------
def test_two_zero_class_types_at_a_kink_are_decided_exactly():
    # θ_b = 55716/128711 ≈ 0.4328768: g at 6/S/S vanishes at (9/11, 9/11) for every θ and g at
    # 5/S/0 changes sign there at θ_b. On a box of width 2·10⁻¹⁰ around (9/11, 9/11, θ_b) the type
    # that stopped the box proof (zero classes of 5/S/0 and 6/S/S, Banker mixing at both) has no
    # solution, and a type with four zero classes has exactly one: the kink itself.
    from games.baccara.banque.nash_arc import decide_arc
    from games.baccara.banque.nash_events import Box
    from games.baccara.banque.nash_types import conditions, enumerate_types, undecided

    fm = forms()
    q, tb, w = F(9, 11), F(55716, 128711), F(1, 10 ** 10)
    box = Box((q - w, q + w), (q - w, q + w), (tb - w, tb + w))
    ones, U = undecided(fm, box)
    out: dict = {2: [], 4: []}
    for t in enumerate_types(fm, box, U):
        if t.sigma == (None, None) and [fm.labels[l] for l in t.F] == ["5/S/0", "6/S/S"]:
            conds = conditions(fm, t, ones, box)
            out.setdefault(len(t.zero), []).append(decide_arc(fm, t, conds, box))
    assert out[2] and all(r.status == "empty" for r in out[2])
    kink = [r for r in out[4] if r.status != "empty"]
    assert kink and all(r.status == "found" and r.finite and r.points == [(q, q, tb)] for r in kink)


@pytest.mark.slow
@pytest.mark.parametrize("samples", [(F(16, 37), F(13, 30)), (F(1, 3), F(9, 26))])
def test_kink_breakpoints_are_proved(samples):
    # θ_b ≈ 0.4328768 (two zero classes) and ≈ 0.3404830 (an undecided Cramer determinant: both
    # signs decided); the equilibrium set at θ_b is p = (9/11, 9/11) with 5 and 8 extreme Banker
    # replies
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria

    left, right = (nash_piece(s) for s in samples)
    assert left.hi == right.lo
    pr = prove_breakpoint(left, right)
    assert pr.proved and pr.arcs > 0
    ((p1, p2, ys),) = breakpoint_equilibria(left, right, left.hi)
    assert (p1, p2) == (F(9, 11), F(9, 11)) and len(ys) == {F(16, 37): 5, F(1, 3): 8}[samples[0]]


def test_gap_around_a_shoe_breakpoint_is_proved_with_the_shoes_forms():
    # from a 6-deck shoe, θ_b = 9939372627284257/43013456105101582152 ≈ 0.0002310759 between the
    # segments sampled at 1/6925 and 1/876 (the chunk sweep, benchmarks/results/
    # banque_shoe_d6_breakpoints.json): the gap is proved with the 6-deck forms and anchors; a
    # right neighbour claiming no equilibrium is not (every θ has one); neighbours of two
    # dealings are refused
    import copy

    left, right = nash_piece(F(1, 6925), 6), nash_piece(F(1, 876), 6)
    tb = F(9939372627284257, 43013456105101582152)
    assert left.hi == right.lo == tb and left.decks == right.decks == 6
    pr = prove_breakpoint(left, right)
    assert pr.proved, pr.reason
    assert pr.a < tb < pr.c
    damaged = copy.copy(right)
    damaged.tracked, damaged.samples = [], []
    bad = prove_breakpoint(left, damaged, max_boxes=3000)
    assert not bad.proved
    other = copy.copy(right)
    other.decks = None
    with pytest.raises(ValueError, match="dealings"):
        prove_breakpoint(left, other)
