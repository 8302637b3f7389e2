"""Banque's solutions as functions of θ (games.baccara.banque.theta_*): exact segment ends.

Checked facts: the formulas of a correlated segment, evaluated at rationals inside it, pass
the exact equilibrium test of the team game (``is_additive_equilibrium``) and fail it just
beyond each end, where the certificate inequality that ends the segment vanishes; on the
product segment the team strategy is a product identically (the independent cooperative
equilibrium exists there), near θ = 1/2 it is not; the Nash segment through a sample has
the same structure on both sides of nothing but its ends (slow: exact enumeration on each
side); covering a θ-range tiles it with exactly equal shared ends; the CLI keeps its JSON
shape and rejects bad input with one ``error:`` line and exit code 2.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from functools import cache

import pytest

from gamekit.additive.behaviour import is_additive_equilibrium
from gamekit.exact.algebraic import compare_numbers, rational_inside
from games.baccara.banque.model import banque_tables, team_game
from games.baccara.banque.theta_correlated import correlated_piece


@cache
def piece(t):
    return correlated_piece(t)


def _near(end, side: int) -> F:
    """A rational within 1e-9 of an exact end, on the given side (+1 above, −1 below)."""
    from games.baccara.banque.theta_cover import _bounds

    lo, hi = _bounds(end)
    return hi + F(1, 10**9) if side > 0 else lo - F(1, 10**9)


def _is_eq(pc, t) -> bool:
    x, y = pc.profile_at(t, banque_tables().infosets)
    return is_additive_equilibrium(team_game(t), x, y)


@pytest.mark.parametrize("theta0", [F(3, 10), pytest.param(F(1, 10), marks=pytest.mark.slow)])
def test_correlated_segment_holds_inside_and_fails_beyond_its_ends(theta0):
    pc = piece(theta0)
    assert compare_numbers(pc.lo, theta0) < 0 < compare_numbers(pc.hi, theta0)
    inside = [_near(pc.lo, +1), rational_inside(pc.lo, pc.hi), _near(pc.hi, -1)]
    assert all(_is_eq(pc, t) for t in inside)
    for end, side in ((pc.lo, -1), (pc.hi, +1)):
        if compare_numbers(end, 0) > 0 and compare_numbers(end, 1) < 0:
            assert not _is_eq(pc, _near(end, side))


def test_independent_exists_on_the_product_segment_only():
    pc = piece(F(3, 10))
    assert pc.independent_everywhere            # x_SS x_DD = x_SD x_DS as rational functions
    x = [f(F(3, 10)) for f in pc.team]
    assert x[0] * x[3] == x[1] * x[2] and pc.p1 == pc.p2
    half = piece(F(1, 2))
    assert not half.independent_everywhere and half.independent_points() == []
    assert half.p1(F(1, 2)) == half.p2(F(1, 2))   # symmetric at theta = 1/2


def test_segments_tile_the_range_with_equal_ends():
    from games.baccara.banque.theta_correlated import Degenerate
    from games.baccara.banque.theta_cover import cover

    pieces = cover(piece, Degenerate, F(29, 100), F(3, 10))
    assert len(pieces) >= 2
    for a, b in zip(pieces, pieces[1:]):
        assert compare_numbers(a.hi, b.lo) == 0
        assert (a.team, a.mixed, a.draws) != (b.team, b.mixed, b.draws)   # the structure changes


@pytest.mark.slow
def test_correlated_breakpoint_flips_the_exact_solution():
    from games.baccara.banque.concepts import correlated

    pc = piece(F(3, 10))
    left, right = _near(pc.hi, -1), _near(pc.hi, +1)
    sl, sr = correlated(left).solutions, correlated(right).solutions
    x, y = pc.profile_at(left, banque_tables().infosets)
    assert [(tuple(s["team"].values()), s["draw"]) for s in sl] == [(x, y)]
    assert all(s["draw"] != pc.profile_at(right, banque_tables().infosets)[1] for s in sr)


@pytest.mark.slow
def test_nash_segment_matches_exact_enumeration_on_both_sides():
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.theta_nash import nash_piece

    pc = nash_piece(F(1, 10))
    inside = rational_inside(pc.lo, pc.hi)
    got = banque_nash(inside).equilibria
    assert len(got) == len(pc.tracked)
    for e in got:
        assert any(abs(float(e.p1) - float(p1)) < 1e-12 and abs(float(e.p2) - float(p2)) < 1e-12
                   for p1, p2 in pc.points_at(inside))
    beyond = banque_nash(_near(pc.hi, +1)).equilibria
    near = banque_nash(_near(pc.hi, -1)).equilibria
    assert [e.draw for e in beyond] != [e.draw for e in near]


def test_cli_sweep_json_shape(baccara_cli):
    r = baccara_cli("sweep", "--game", "banque", "--concept", "independent", "--theta-range", "3/10:301/1000", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["game"] == "banque" and d["concept"] == "independent"
    assert set(d) >= {"segments", "breakpoints", "independent", "notes"}
    s = d["segments"][0]
    assert set(s) >= {"from", "to", "from_exact", "to_exact", "team", "player1", "player2", "banker_mixed", "value"}
    assert F(s["from_exact"]) < F(3, 10) < F(s["to_exact"])
    assert d["independent"]["intervals"]


@pytest.mark.parametrize("args", [
    ("sweep", "--game", "banque", "--concept", "bogus"),
    ("sweep", "--game", "banque", "--theta-range", "1/2"),
    ("sweep", "--game", "banque", "--theta-range", "1/2:1/3"),
    ("solve", "--game", "banque", "--decks", "0"),
    ("plot", "banque", "-o", "/tmp/x.png", "--concept", "nash,bogus"),
])
def test_cli_bad_input(args, baccara_cli):
    r = baccara_cli(*args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("error:") and r.stderr.count("\n") == 1


def test_independent_existence_starts_where_the_product_polynomial_vanishes():
    left = piece(F(253, 1000))      # a segment just below the first existence interval
    assert not left.independent_everywhere
    end = left.hi
    assert left.product(end) == 0   # x_SS x_DD = x_SD x_DS exactly at the segment's end
    x_end = [f(end) for f in left.team]
    assert x_end == [F(4, 121), F(18, 121), F(18, 121), F(81, 121)]   # the product (9/11, 9/11)


@pytest.mark.slow
def test_independent_exists_exactly_from_that_end():
    from games.baccara.banque.concepts import independent

    end = piece(F(253, 1000)).hi
    assert piece(_near(end, +1)).independent_everywhere
    assert independent(_near(end, +1)).exists and not independent(_near(end, -1)).exists


@pytest.mark.slow
def test_fast_correlated_agrees_with_the_m_row_solver():
    from games.baccara.banque.concepts import correlated

    for t in (F(1, 10), F(3, 10), F(1, 2)):
        fast, full = correlated(t), correlated(t, fast=False)
        assert [(s["team"], s["draw"]) for s in fast.solutions] == [(s["team"], s["draw"]) for s in full.solutions]
        assert fast.value == full.value


def test_mirror_of_a_segment_is_the_segment_at_one_minus_theta():
    from games.baccara.banque.theta_mirror import mirror_piece

    m, d = mirror_piece(piece(F(3, 10))), piece(F(7, 10))
    assert compare_numbers(m.lo, d.lo) == 0 and compare_numbers(m.hi, d.hi) == 0
    assert (m.team, m.mixed, m.value, set(m.draws)) == (d.team, d.mixed, d.value, set(d.draws))


@pytest.mark.slow
def test_mirrored_nash_segment_is_the_segment_at_one_minus_theta():
    from games.baccara.banque.theta_mirror import mirror_nash_piece
    from games.baccara.banque.theta_nash import nash_piece

    m, d = mirror_nash_piece(nash_piece(F(1, 10))), nash_piece(F(9, 10))
    assert compare_numbers(m.lo, d.lo) == 0 and compare_numbers(m.hi, d.hi) == 0
    t = rational_inside(d.lo, d.hi)
    for (a1, a2), (b1, b2) in zip(sorted(m.points_at(t)), sorted(d.points_at(t))):
        assert abs(a1 - b1) < 1e-40 and abs(a2 - b2) < 1e-40


def test_json_formulas_parse_with_sympy_and_match_the_exact_values():
    import sympy

    from games.baccara.banque.theta_mirror import mirror_piece
    from games.baccara.banque.theta_sweep import records

    pc = piece(F(3, 10))
    rec = records("correlated", [pc, mirror_piece(pc)], F(0), F(1))
    th = sympy.Symbol("theta")
    for seg, src in zip(rec["segments"], (pc, mirror_piece(pc))):
        t = F(seg["sample"])
        for row, f in zip(("SS", "SD", "DS", "DD"), src.team):
            assert sympy.sympify(seg["team"][row]).subs(th, sympy.Rational(t.numerator, t.denominator)) == \
                sympy.Rational(f(t).numerator, f(t).denominator)
        assert F(str(sympy.sympify(seg["value"]).subs(th, sympy.Rational(t.numerator, t.denominator)))) == \
            F(seg["value_at_sample"])
        lo = sympy.sympify(seg["from_exact"])
        assert abs(float(lo) - float(seg["from"])) < 1e-7


@pytest.mark.slow
def test_nash_json_of_a_mirrored_segment():
    import sympy

    from games.baccara.banque.theta_mirror import mirror_nash_piece
    from games.baccara.banque.theta_nash import nash_piece
    from games.baccara.banque.theta_sweep import records

    pc = nash_piece(F(1, 7))
    rec = json.loads(json.dumps(records("nash", [pc, mirror_nash_piece(pc)], F(0), F(1))))
    th = sympy.Symbol("theta")
    a, b = rec["segments"]
    t = F(1, 7)
    for ea, eb in zip(a["equilibria"], b["equilibria"]):
        for i, j in (("player1", "player2"), ("player2", "player1")):
            fa, fb = sympy.sympify(ea[i]["5"]), sympy.sympify(eb[j]["5"])
            if fa.free_symbols <= {th}:   # p as a function of theta alone (not a root formula)
                va = fa.subs(th, sympy.Rational(t.numerator, t.denominator))
                vb = fb.subs(th, 1 - sympy.Rational(t.numerator, t.denominator))
                assert abs(float(va) - float(vb)) < 1e-12
    assert float(sympy.sympify(b["from_exact"])) == pytest.approx(1 - float(sympy.sympify(a["to_exact"])))


@pytest.mark.slow
def test_nash_branches_that_coexist_are_resolved_into_a_tiling():
    """Near θ ≈ 0.1096 two Nash branches overlap (a fold): the sweep cuts both segments
    and solves the overlap, where the complete enumeration finds three equilibria."""
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.theta_cover import cover
    from games.baccara.banque.theta_nash import Degenerate, merge, nash_piece

    pieces = merge(cover(nash_piece, Degenerate, F(1077, 10000), F(1112, 10000)))
    for a, b in zip(pieces, pieces[1:]):
        assert compare_numbers(a.hi, b.lo) == 0
    counts = [len(pc.equilibria) for pc in pieces]
    assert max(counts) == 3 and min(counts) == 1
    mid = pieces[counts.index(3)]
    assert len(banque_nash(rational_inside(mid.lo, mid.hi)).equilibria) == 3


def test_overlap_repair_keeps_the_cut_mark_of_the_end_it_clips_at():
    """A repaired segment ending at a chunk's cut (θ = 1/8 from a 3-deck shoe lost its mark this
    way): a piece found inside the overlap and clipped at an end takes that end's reason and
    cut mark, not its own natural ones, so the proof treats the cut as a cut."""
    from types import SimpleNamespace

    from games.baccara.banque.theta_cover import _resolve_overlaps

    def seg(lo, hi, why, cut=(False, False)):
        return SimpleNamespace(lo=F(lo), hi=F(hi), ends_by=[[f"{why} lo"], [f"{why} hi"]], cut=cut)

    a = seg("1/10", "1/8", "a", cut=(True, True))       # the chunk's last segment, cut at 1/8
    b = seg("3/25", "1/8", "b", cut=(False, True))      # a repair found inside it, clipped to it
    inner = seg("1/20", "1/5", "natural")               # what the overlap's solve finds

    def solve(t):
        return SimpleNamespace(lo=inner.lo, hi=inner.hi, ends_by=[list(e) for e in inner.ends_by])

    pieces = _resolve_overlaps([a, b], solve, ValueError, 100)
    assert [(p.lo, p.hi) for p in pieces] == [(F(1, 10), F(3, 25)), (F(3, 25), F(1, 8))]
    last = pieces[-1]
    assert last.ends_by == [["b lo"], ["b hi"]] and last.cut == (False, True)
    assert pieces[0].cut == (True, False)


def test_certified_root_decision_agrees_with_exact_field_arithmetic():
    """theta_nash._accept drops an eliminant root only when a 256-bit ball evaluation proves
    the condition ≠ 0 on the branch there. Against the exact value (the branch's point in
    ℚ(θ_r) or a quadratic extension of it, :func:`nash_breakpoint._limit_point`) at the roots
    nearest a 3-deck sample on a quadratic branch (where the other sign's roots occur): every
    exact zero is kept, every exact nonzero is dropped."""
    from gamekit.exact import RealAlgebraic, field_element
    from games.baccara.banque import theta_nash as tn
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.nash_breakpoint import _limit_point

    th = F(165, 1321)
    tracked = [tn._track(tn._Data.get(3), th, e.p1, e.p2, e.draw) for e in banque_nash(th, 3).equilibria]
    assert tracked[0].branch.kind == "quad"
    cands = [c for c in tn._candidates(tracked) if c[4] is not None]
    near = sorted(cands, key=lambda c: abs(c[0] - float(th)))[:80]
    kept = {True: 0, False: 0}
    for _, r, _, tr, h in near:
        t = field_element(r) if isinstance(r, RealAlgebraic) else r
        p1, p2 = _limit_point(tr.branch, t)
        zero = tn._ev(h, p1, p2, t) == 0
        assert tn._accept(tr, h, r) == zero
        kept[zero] += 1
    assert kept[True] > 20 and kept[False] > 20


def test_cli_proves_the_whole_correspondence_across_a_breakpoint(baccara_cli):
    """``--prove-breakpoints`` on a range with one breakpoint (θ_b ≈ 0.1516542, where p₁ leaves 0):
    both segments, the gap, the margins and the set at θ_b are proved. The set is checked against
    the complete enumeration at rationals 10⁻¹⁰ on either side of θ_b: its one point is the limit
    of the equilibria from both sides."""
    from gamekit.exact import number_from_str
    from games.baccara.banque.nash import banque_nash

    r = baccara_cli("sweep", "--game", "banque", "--concept", "nash", "--theta-range", "0.1516:0.1517",
                    "--prove-breakpoints", "--no-cache", "--jobs", "1", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["completeness"]["complete"] and d["completeness"]["breakpoints_proved"] == "1 / 1"
    (b,) = d["breakpoints"]
    pf = b["proof"]
    assert pf["proved"] and pf["gap"]["proved"] and pf["margins"]["proved"]
    (pt,) = pf["at_breakpoint"]["p"]
    p1, p2 = number_from_str(pt["p1"]), number_from_str(pt["p2"])
    tb = number_from_str(b["theta_exact"])
    for side in (-1, 1):
        t = rational_inside(tb, tb + side * F(1, 10 ** 10)) if side > 0 else rational_inside(tb - F(1, 10 ** 10), tb)
        eqs = banque_nash(t).equilibria
        assert eqs and all(abs(float(e.p1) - float(p1)) + abs(float(e.p2) - float(p2)) < 1e-6 for e in eqs)
    bad = baccara_cli("sweep", "--game", "banque", "--theta-range", "0.1516:0.1517", "--prove-breakpoints",
                      "--no-cache")
    assert bad.returncode == 2 and bad.stderr.startswith("error: --prove-breakpoints needs --concept nash")
