"""The Nash proof of banque down to θ = 0 (games/baccara/banque/nash_zero_end.py)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from games.baccara.banque.nash_anchor import _point_exact
from games.baccara.banque.nash_events import Box, forms
from games.baccara.banque.nash_proof import inner_range, prove_range
from games.baccara.banque.nash_zero_end import (
    _chart_anchors,
    _strict_sign,
    chart_forms,
    divided_forms,
    prove_zero_end,
    set_kinds,
)
from games.baccara.banque.theta_nash import nash_piece

C = F(9, 11)


@pytest.fixture(scope="module")
def first():
    return nash_piece(F(1, 10 ** 6))


def test_the_chart_forms_are_the_game_at_p2_equal_c_plus_theta_u():
    """Exact identities at random rational points: g_l/θ (N and c-sets) and Player 1's forms
    in (p₁, u, θ) equal the game's at p₂ = 9/11 + θu; divided forms are g/θ."""
    fm = forms()
    N, Cs, rest = set_kinds(fm, C)
    assert (len(N), len(Cs)) == (88, 12)
    assert all(fm.labels[l].endswith("/N") for l in N)
    assert sorted(fm.labels[l].split("/")[0] + fm.labels[l][-2:] for l in Cs) == ["6/S"] * 12
    ch = chart_forms(fm, C, {l: 1 for l in rest})
    dv = divided_forms(fm)
    rng = random.Random(7)
    for _ in range(4):
        th, p1, u = F(rng.randint(1, 999), 10 ** 5), F(rng.randint(0, 64), 64), F(rng.randint(-600, 1200), 100)
        p2 = C + th * u
        for l in N + Cs:
            v, w = fm.g[l].at_exact(p1, p2), ch.g[l].at_exact(p1, u)
            assert (v[0] + v[1] * th) / th == w[0] + w[1] * th
        for l in N:
            v, w = fm.g[l].at_exact(p1, p2), dv.g[l].at_exact(p1, p2)
            assert (v[0] + v[1] * th) / th == w[0] + w[1] * th
        for l in range(0, len(fm.g), 13):
            v, w = fm.d[0][l].at_exact(p1, p2), ch.d[0][l].at_exact(p1, u)
            assert v == (w[0] + w[1] * th, 0)
            assert ch.d[1][l] is fm.d[1][l]


def test_the_chart_branch_is_the_tracked_branch(first):
    an = _chart_anchors(chart_forms(forms(), C, {l: 1 for l in set_kinds(forms(), C)[2]}), first, C)[0]
    assert _point_exact(an.branch, F(0)) == (0, F(504, 979))      # u_b(0) = 9·56/(11·89)
    for th in (F(1, 10 ** 9), F(1, 1000), F(1, 100)):
        q, r = _point_exact(first.tracked[0].branch, th), _point_exact(an.branch, th)
        assert q[0] == r[0] == 0 and (q[1] - C) / th == r[1]


def test_first_segment_is_proved_down_to_zero(first):
    """Every θ ∈ (0, a₀], a₀ the start of the first segment's own proved range: the only
    extreme equilibrium is the tracked one; the wedges' Player 2 gains are exact."""
    a0 = inner_range(first.lo, first.hi, F(1, 10 ** 6))[0]
    pr = prove_zero_end(first, a0)
    assert pr.proved, pr.reason
    assert pr.c == C and pr.T == a0
    assert pr.steps["wedge_above_D2"] == ["-22864/4826809"] * 2      # Player 2 stands: p₂ < 9/11 + 2Uθ
    assert pr.steps["wedge_below_D2"] == ["13744/4826809"] * 2       # Player 2 draws: p₂ > 9/11 − Uθ
    assert pr.steps["wedge_bound"]["needs_U_above"] < 6


def test_the_chart_proof_needs_the_anchor_and_u_large_enough(first):
    """Without the tracked branch the chart proof fails at it (u ≈ 0.5148, p₁ = 0, mixing at
    6/9/S); with U below max|r|/min s the wedges are not decided."""
    fm, T = forms(), F(1, 10 ** 9)
    N, Cs, rest = set_kinds(fm, C)
    strip = Box((F(0), F(1)), (C - 12 * T, C + 12 * T), (F(0), T))
    ch = chart_forms(fm, C, {l: _strict_sign(fm.g[l], strip) for l in rest})
    start = [Box((F(0), F(1)), (F(-6), F(12)), (F(0), T))]
    bare = prove_range(ch, F(0), T, [], max_boxes=3000, start=start)
    assert not bare.proved and "6/9/S" in bare.reason
    anchors = _chart_anchors(ch, first, C)
    b = bare.failed_box
    ub = sorted(_point_exact(anchors[0].branch, t)[1] for t in b.t)   # u_b is monotone
    assert b.y[0] - F(1, 10 ** 9) <= ub[1] and ub[0] <= b.y[1] + F(1, 10 ** 9) and b.x[0] == 0   # next to it
    assert prove_range(ch, F(0), T, anchors, start=start).proved
    small = prove_zero_end(first, T, U=F(3))
    assert not small.proved and "too small" in small.reason


def test_from_a_shoe_the_divided_forms_reach_zero():
    """Case A from a 6-deck shoe: no set ties at p₂ = c for every p₁ (Player 1's cards change
    Player 2's odds), and the divided forms' box proof covers (0, T] — checked against the
    complete enumeration at a θ far below the segment proof's start, where the only
    equilibrium is the tracked branch's point."""
    from games.baccara.banque.nash import banque_nash

    pc = nash_piece(F(1, 10 ** 6), 6)
    fm = forms(6)
    N, Cs, _ = set_kinds(fm, _point_exact(pc.tracked[0].branch, F(0))[1])
    assert (len(N), len(Cs)) == (88, 0)
    T = F(1, 10 ** 9)
    pr = prove_zero_end(pc, T)
    assert pr.proved and pr.method == "divided" and pr.record()["box_proof"]["proved"]
    th = F(1, 10 ** 12)
    eqs = banque_nash(th, decks=6).equilibria
    assert len(eqs) == 1
    assert (eqs[0].p1, eqs[0].p2) == _point_exact(pc.tracked[0].branch, th)
