"""The exact arc decision of banque's Nash proof (games/baccara/banque/nash_arc.py).

Near θ ≈ 0.093 the Nash sweep once reported one equilibrium where there are three: two
branches with Banker mixing at 6/S/S exist on a short θ-interval inside
(0.0866700, 0.0986936). The box proof could not settle their type; the exact arc
decision finds a rational point of it, and the point is an equilibrium (exact check).
"""

from __future__ import annotations

from fractions import Fraction as F

from games.baccara.banque.certify import is_banque_nash
from games.baccara.banque.nash_arc import decide_arc, witness_profile
from games.baccara.banque.nash_events import Box, forms
from games.baccara.banque.nash_types import conditions, enumerate_types, excluded, undecided


def _arc_results(box: Box):
    fm = forms()
    ones, U = undecided(fm, box)
    out = []
    for t in enumerate_types(fm, box, U):
        conds = conditions(fm, t, ones, box)
        if conds.skip or conds.unsure or excluded(conds, t.face(box)):
            continue
        arc = decide_arc(fm, t, conds, box)
        if arc is not None:
            out.append((t, conds, arc))
    return fm, out


def test_missed_branch_is_found_and_certified():
    box = Box((F(11, 32), F(12, 32)), (F(27, 32), F(28, 32)), (F(927, 10000), F(957, 10000)))
    fm, res = _arc_results(box)
    found = [(t, c, a) for t, c, a in res if a.status == "found" and a.witness is not None]
    assert found
    for t, conds, arc in found:
        p1, p2, th = arc.witness
        assert box.t[0] <= th <= box.t[1]
        assert is_banque_nash(th, p1, p2, witness_profile(fm, t, conds, (th, p1, p2)))


def test_no_arc_solution_beyond_the_island():
    # θ ∈ [0.0942, 0.0950]: the complete enumeration at 414422/4402743 ≈ 0.094128 finds one
    # equilibrium (p₁ = 71/176); the arc types of this box have no solution there. One type with
    # two zero classes (6/S/S, 6/5/S) is not decided: its eliminant contains the line
    # p₁² + 22p₁/5 − 33/20 = 0 at an irrational p₁ ≈ 0.3476 ("degenerate"); nothing is found.
    box = Box((F(11, 32), F(12, 32)), (F(27, 32), F(28, 32)), (F(942, 10000), F(950, 10000)))
    fm, res = _arc_results(box)
    assert all(a.status == "empty" for t, _, a in res if len(t.zero) == 1)
    assert all(a.status in ("empty", "degenerate") for _, _, a in res)
    assert [sorted(fm.labels[l] for l in t.F) for t, _, a in res if a.status == "degenerate"] == [["6/5/S", "6/S/S"]]
