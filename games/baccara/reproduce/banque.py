"""Ethier & Lee, *On the three-person game baccara banque* (Games 6(2):57–78, 2015), reproduced
where the stored text lets us check it.

What could be read (the ``search`` tool's pages corpus holds the MDPI page's abstract and
the first part of Section 1, nothing after "...while play continues between the other"):

* the abstract's statements: banque is a three-person *zero-sum* game parameterized by
  θ ∈ (0, 1); the independent cooperative equilibrium exists *only for certain θ*; the
  correlated cooperative equilibrium *always exists*;
* the rules of Section 1 (three players, two bets, naturals end play as described,
  card values), which the model implements.

Searched again when the θ-segments were added (pages and docs corpora: the title,
"independent/correlated cooperative equilibrium", "Downton Lockwood", "9/11"): still only
those excerpts. What could **not** be read, so is not claimed: every number of the paper's results —
the Nash, independent and correlated equilibria's probabilities and values as functions
of θ, the θ-intervals where the independent cooperative equilibrium exists, the
breakpoints, and Downton & Lockwood's figures. Our values for those are computed exactly (``baccara solve --game banque``,
``baccara sweep --game banque``; docs/banque.md: e.g. the independent cooperative
equilibrium exists exactly for θ in [9588/37663, 55716/128711] and its mirror image) but
have nothing to be compared with.
"""

from __future__ import annotations

from fractions import Fraction as F
from functools import cache

from games.baccara.reproduce import claim

PAPER = "banque"
SAMPLE_THETAS = (F(1, 10), F(3, 10), F(1, 2))


@cache
def _correlated(theta: F):
    from games.baccara.banque.concepts import correlated

    return correlated(theta)


@cache
def _independent(theta: F):
    from games.baccara.banque.concepts import independent

    return independent(theta, _correlated(theta))


@cache
def _nash(theta: F):
    from games.baccara.banque.concepts import nash

    return nash(theta)


@claim("banque.abstract.zero-sum", PAPER, "Abstract",
       "banque is a three-person zero-sum game: the payoffs of every Nash equilibrium found sum to 0")
def zero_sum():
    sums = {sum(s["payoffs"].values()) for t in SAMPLE_THETAS for s in _nash(t).solutions}
    return "0", ("0" if sums == {0} else f"sums {sorted(map(str, sums))}")


@claim("banque.abstract.independent-only-some-theta", PAPER, "Abstract",
       "the independent cooperative equilibrium exists only for certain theta (here: exists at "
       "some sample theta, fails at another)")
def independent_only_some():
    flags = {str(t): _independent(t).exists for t in SAMPLE_THETAS}
    ours = "exists for some theta, not for others" if len(set(flags.values())) == 2 else f"{flags}"
    return "exists for some theta, not for others", ours


@claim("banque.abstract.correlated-always", PAPER, "Abstract",
       "the correlated cooperative equilibrium exists at every sample theta (value checked by an exact LP)")
def correlated_always():
    ok = all(_correlated(t).exists for t in SAMPLE_THETAS)
    return "always exists", ("always exists" if ok else "missing at some theta")


@claim("banque.abstract.nash-exists", PAPER, "Abstract",
       "a Nash equilibrium of the three-person game exists at every sample theta (certified exactly)")
def nash_exists():
    ok = all(_nash(t).exists for t in SAMPLE_THETAS)
    return "exists", ("exists" if ok else "missing at some theta")


@claim("banque.sec1.rules-naturals", PAPER, "Section 1",
       "play ends when Banker or both Players have naturals; a lone Player natural wins his stake: "
       "the probabilities of all terminal and decision situations sum to 1",
       cost="the banque tables: ≈ 0.01 CPU-s")
def rules_total_probability():
    from games.baccara.banque.model import banque_tables

    tb = banque_tables()
    card = [F(4, 13)] + [F(1, 13)] * 9
    tot = [sum(card[a] * card[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)]
    nat = tot[8] + tot[9]
    terminal = nat + (1 - nat) * nat * nat
    return "1", str(min(sum(row) for row in tb.prob) + terminal)


# ------------------------------------------------------------------------------------------
# New findings (not claims of the paper): from the exact θ-sweep over (0, 1)
# ------------------------------------------------------------------------------------------
#: The independent cooperative equilibrium's existence set, as found by the sweep
#: (docs/banque.md): two closed intervals and four isolated points, mirror-symmetric.
INDEPENDENT_INTERVALS = ((F(9588, 37663), F(55716, 128711)), (F(72995, 128711), F(28075, 37663)))
_R = 556896247969   # the radicand of the two irrational isolated points


def independent_isolated_points() -> tuple:
    """The four isolated θ where the unique optimal team strategy is a product (exact numbers):
    5621/33696, (976468469 + 1123√556896247969)/8414116560 and their mirrors 1 − θ."""
    from gamekit.exact import QuadraticSurd

    a, b, den = F(976468469), F(1123), F(8414116560)
    surd = QuadraticSurd.make(a / den, b / den, _R)
    mirror = QuadraticSurd.make((den - a) / den, -b / den, _R)
    return (F(5621, 33696), surd, mirror, F(28075, 33696))


@cache
def _independent_sweep():
    from games.baccara.banque.theta_sweep import records, sweep

    pieces = sweep("independent", F(0), F(1))
    return pieces, records("independent", pieces, F(0), F(1))["independent"]


def _same_numbers(paper, ours) -> bool:
    from gamekit.exact import compare_numbers, sort_numbers

    if len(paper) != len(ours):
        return False
    return all(compare_numbers(p, o) == 0 for p, o in zip(sort_numbers(list(paper)), sort_numbers(list(ours))))


def _same_finding(paper, ours) -> bool:
    return paper[0] == ours[0] and _same_numbers(paper[1], ours[1])


@claim("banque.independent.existence", PAPER, "Abstract (\"only for certain θ\"), made exact",
       "new (not a claim of the paper), proved by the exact θ-sweep over (0, 1): the independent cooperative "
       "equilibrium exists exactly on [9588/37663, 55716/128711] ∪ [72995/128711, 28075/37663] and at four "
       "isolated θ — 5621/33696, (976468469 + 1123√556896247969)/8414116560 and their mirrors 28075/33696, "
       "(7437648091 − 1123√556896247969)/8414116560 — simple roots of x_SS·x_DD − x_SD·x_DS inside "
       "correlated segments (values compared exactly)",
       compare=_same_finding,
       cost="the correlated θ-sweep over (0, 1/2], mirrored: ≈ 49 CPU-s (91 before the #27 speed-ups), "
            "in memory only")
def _independent_existence():
    from gamekit.exact import number_str

    pieces, rec = _independent_sweep()
    intervals = tuple((F(iv["from_exact"]), F(iv["to_exact"])) for iv in rec["intervals"])
    points = [p for pc in pieces for p in pc.independent_points()]
    paper = (INDEPENDENT_INTERVALS, independent_isolated_points())
    ours = (intervals, tuple(points))
    assert [pt["exact"] for pt in rec["points"]] == [number_str(p) for p in points]
    return paper, ours


#: What the machine proof of the Nash correspondence establishes (docs/banque.md, "Status of the
#: theorem"; the numbers are those of benchmarks/results/banque_nash_proof_breakpoints.md,
#: banque_nash_margins.md and the *_0-1_10 files).
CORRESPONDENCE = (
    "new, status PROVED for every θ ∈ (0, 1) (θ = 0, 1 themselves not claimed), by machine, with θ ↔ 1 − θ "
    "proved exactly for the mirror images: (1) on (0.0992228, 0.5018703) all 69 segments are proved complete "
    "on [lo + ε, hi − ε] (the extreme equilibria, Banker's replies included, are exactly the tracked ones); "
    "across all 68 breakpoints the gap [c_L, a_R] is proved for the Players' part (the folds 0.1092511 and "
    "0.1099948, 0.1516542 where p₁ leaves 0, and the four kinks at (9/11, 9/11), 0.3122021, 0.3404830, "
    "0.4328768, 0.4981297, where types with two zero classes are decided exactly), Banker's part on both "
    "margins is decided exactly (nash_margin), and the equilibrium set at θ_b itself is computed exactly in "
    "θ_b's field (ℚ, ℚ(√c), or the number field ℚ(θ_b) at the 6 quartic θ_b); (2) on (0, a₀], "
    "a₀ ≈ 1.73·10⁻⁸, the tracked equilibrium is the only one (nash_zero_end); (3) on (0, 0.0992228] the same "
    "as (1): 43 / 43 segments, 42 / 42 breakpoints (gap, margins and equilibrium set), including the two "
    "3-equilibria intervals (0.0843394, 0.0861968) and (θ_f, θ_g). Proved by theta_nash: each tracked "
    "branch is an equilibrium of constant structure on its segment (exact eliminants, exact root isolation, "
    "the root that ends a branch chosen by a certified ball evaluation; every segment re-derived: "
    "benchmarks/results/banque_branches.md). Cost: (1) cover 356 + segments 1121 + breakpoints 66 "
    "+ neighbours 160 + equilibrium sets 6.5 + margins 90 (+ 140 neighbours) CPU-s; (3) cover and "
    "segment proofs 428 + breakpoints 16 (+ 80 neighbours) + margins 81 (+ 55) CPU-s")

#: The 3-equilibria interval of the Nash θ-sweep (issue #27): θ_f, a quadratic surd, and θ_g, the
#: root in [THETA_G_LO, THETA_G_HI] of the irreducible cubic THETA_G_POLY (coefficients from θ⁰).
THETA_F = (F(-7308972, 24262400), F(374971, 24262400), 649)
THETA_G_POLY = (620881462299683, -5917540719893608, -7300455685480448, 969369135874048)
THETA_G_LO, THETA_G_HI = F(941281377, 10 ** 10), F(941281378, 10 ** 10)


@claim("banque.nash.missed-branches", PAPER, "Nash θ-sweep, made complete (issue #27)",
       "new (not a claim of the paper): banque has three extreme Nash equilibria exactly for θ in "
       "(θ_f, θ_g), θ_f = (−7308972 + 374971√649)/24262400 ≈ 0.0924720 and θ_g ≈ 0.0941281378 the root in "
       "[0.0941281377, 0.0941281378] of 969369135874048θ³ − 7300455685480448θ² − 5917540719893608θ + "
       "620881462299683 (irreducible), with one more breakpoint inside (≈ 0.0939539, a root of a quartic); "
       "one equilibrium on either side — not the one the θ-sweep reported before #27 on (0.0866700, "
       "0.0986936). At each end the two new branches stop together: one's Banker mixing probability at a set "
       "(6/5/S at θ_f, 4/7/1 at θ_g) and the other's Banker gain there reach 0. The completeness proof's exact "
       "arc solver finds a rational point of the new branches' type, certified as an equilibrium; the "
       "complete enumeration agrees (docs/banque.md)",
       cost="complete enumerations at 4 rational θ, the two 3-equilibria segments and one exact arc "
            "decision: ≈ 12 CPU-s")
def _nash_missed_branches():
    from gamekit.exact import QuadraticSurd, compare_numbers, int_poly, real_roots
    from games.baccara.banque.certify import is_banque_nash
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.nash_arc import decide_arc, witness_profile
    from games.baccara.banque.nash_events import Box, forms
    from games.baccara.banque.nash_types import conditions, enumerate_types, excluded, undecided
    from games.baccara.banque.theta_nash import nash_piece

    n = len(banque_nash(F(10, 107)).equilibria)
    fm = forms()
    box = Box((F(11, 32), F(12, 32)), (F(27, 32), F(28, 32)), (F(927, 10000), F(957, 10000)))
    ones, U = undecided(fm, box)
    certified = 0
    for t in enumerate_types(fm, box, U):
        conds = conditions(fm, t, ones, box)
        if conds.skip or conds.unsure or excluded(conds, t.face(box)):
            continue
        arc = decide_arc(fm, t, conds, box)
        if arc is not None and arc.witness is not None:
            p1, p2, th = arc.witness
            certified += is_banque_nash(th, p1, p2, witness_profile(fm, t, conds, (th, p1, p2)))
    # the two segments with 3 equilibria, their exact ends, and one equilibrium just outside
    left, right = nash_piece(F(10, 107)), nash_piece(F(1879079, 20000000))
    theta_f = QuadraticSurd.make(*THETA_F)
    (theta_g,) = real_roots(int_poly(THETA_G_POLY), THETA_G_LO, THETA_G_HI)
    ends = (compare_numbers(left.lo, theta_f) == 0 and compare_numbers(left.hi, right.lo) == 0
            and compare_numbers(right.hi, theta_g) == 0)
    counts = (len(left.tracked), len(right.tracked), len(banque_nash(F(23, 250)).equilibria),
              len(banque_nash(F(471, 5000)).equilibria))
    ours = (f"{n} equilibria at 10/107; " + ("an arc witness certified" if certified else "no arc witness")
            + f"; {counts[0]} and {counts[1]} on the two segments from theta_f to theta_g"
            + ("" if ends else " (ends differ)") + f"; {counts[2]} at 23/250 and {counts[3]} at 471/5000")
    return ("3 equilibria at 10/107; an arc witness certified; 3 and 3 on the two segments from theta_f to "
            "theta_g; 1 at 23/250 and 1 at 471/5000"), ours


@claim("banque.nash.correspondence", PAPER, "Nash θ-sweep, made complete (issue #27)",
       CORRESPONDENCE,
       cost="re-runs three pieces of the machine proof: the segment through θ = 1/2, the breakpoint at the "
            "fold θ ≈ 0.1092511 with its exact equilibrium set, the breakpoint θ ≈ 0.1516542 where p₁ leaves "
            "0, the kink θ = 55716/128711 at (9/11, 9/11) with two zero classes and its equilibrium set: ≈ 25 "
            "CPU-s (the whole proof: benchmarks/results/banque_nash_proof_breakpoints.md)")
def _nash_correspondence():
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria, prove_breakpoint
    from games.baccara.banque.nash_proof import prove_piece
    from games.baccara.banque.theta_nash import nash_piece

    out = ["segment through 1/2 " + ("proved" if prove_piece(nash_piece(F(1171009, 2333290))).proved
                                     else "not proved")]
    left, right = nash_piece(F(5, 46)), nash_piece(F(8, 73))   # the fold: 1 | 3 equilibria
    left.hi = right.lo
    at = breakpoint_equilibria(left, right, right.lo) if prove_breakpoint(left, right).proved else None
    out.append("fold 0.1092511 " + (f"proved, {len(at)} equilibrium p's, "
                                    f"{sum(len(ys) for _, _, ys in at)} extreme equilibria" if at else "not proved"))
    left, right = nash_piece(F(5, 33)), nash_piece(F(17, 112))   # p₁ = 0 | p₁ > 0
    out.append("breakpoint 0.1516542 " + ("proved" if prove_breakpoint(left, right).proved else "not proved"))
    left, right = nash_piece(F(16, 37)), nash_piece(F(13, 30))   # the kink 55716/128711 at (9/11, 9/11)
    at = breakpoint_equilibria(left, right, left.hi) if prove_breakpoint(left, right).proved else None
    out.append("kink 0.4328768 " + (f"proved, {len(at)} equilibrium p's, "
                                    f"{sum(len(ys) for _, _, ys in at)} extreme equilibria" if at else "not proved"))
    return ("segment through 1/2 proved; fold 0.1092511 proved, 2 equilibrium p's, 2 extreme equilibria; "
            "breakpoint 0.1516542 proved; kink 0.4328768 proved, 1 equilibrium p's, 5 extreme equilibria"), \
        "; ".join(out)


#: Where the first Nash segment's own proof starts from each shoe (benchmarks/results/
#: banque_shoe_dD_breakpoints.json, ``end_zero.to_exact``): (0, a₁] is nash_zero_end's part.
SHOE_A1 = {3: F(88613, 181629741386573), 6: F(16235, 70258303622643), 8: F(19063, 111635663199311)}


@claim("banque.nash.shoe", PAPER, "Nash θ-sweep from a shoe, made complete (issue #27)",
       "new, status PROVED for every θ ∈ (0, 1) (θ = 0, 1 themselves not claimed), by machine, dealt from a "
       "3-, 6- or 8-deck shoe: every segment of (0, 1/2] is proved complete (219, 217, 251 segments of "
       "(0, 1) with their mirror images), every breakpoint's gap [c_L, a_R] for the Players' part (109, 108, "
       "125 on (0, 1/2]), Banker's part on every ε-margin, the equilibrium set at every θ_b exactly (number "
       "fields up to degree 6, quadratic extensions of them), and (0, a₁], a₁ ≈ 4.9·10⁻¹⁰, 2.3·10⁻¹⁰, "
       "1.7·10⁻¹⁰, by the divided forms' box proof (nash_zero_end, case A: from a shoe no Banker set ties "
       "for every p₁ at θ = 0). θ ↔ 1 − θ is an exact symmetry. As with replacement, each tracked branch "
       "is proved an equilibrium of constant structure on its segment (certified root choice; every "
       "segment re-derived: benchmarks/results/banque_branches.md). "
       "Cost of the whole proof: benchmarks/results/banque_shoe_dD_breakpoints.md and docs/banque.md",
       cost="re-runs the 6-deck end (0, a₁] and the 6-deck breakpoint θ_b ≈ 0.0499897 (a root of an "
            "irreducible sextic) with its equilibrium set in ℚ(θ_b): ≈ 10 CPU-s")
def _nash_shoe():
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria, prove_breakpoint
    from games.baccara.banque.nash_zero_end import prove_zero_end
    from games.baccara.banque.theta_nash import nash_piece

    ze = prove_zero_end(nash_piece(F(1, 10 ** 6), 6), SHOE_A1[6])
    out = [f"6 decks: (0, a1] {'proved' if ze.proved else 'not proved'} ({ze.method})"]
    left, right = nash_piece(F(3, 61), 6), nash_piece(F(389, 7781), 6)
    at = breakpoint_equilibria(left, right, left.hi) if prove_breakpoint(left, right).proved else None
    deg = left.hi.poly.degree() if hasattr(left.hi, "poly") else 1
    out.append(f"breakpoint 0.0499897 (degree {deg}) " + (
        f"proved, {len(at)} equilibrium p's, {sum(len(ys) for _, _, ys in at)} extreme equilibria" if at
        else "not proved"))
    return ("6 decks: (0, a1] proved (divided); breakpoint 0.0499897 (degree 6) proved, 1 equilibrium p's, "
            "2 extreme equilibria"), "; ".join(out)
