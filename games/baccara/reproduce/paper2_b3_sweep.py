"""Claims of *Baccara chemin de fer II*, section 4, recomputed for every α by the B3 sweep.

Table 7 for every listed d (1–12 and the row "d ≥ 13", checked at d = 13), every exceptional
commission of its caption (β₀ for d = 4…12, β₁ … β₅) to the printed 7 decimals, Theorem 2's
number of exceptional α per d and its "four Banker equilibrium strategies of support size 2"
at each of them, Player's (54)/(55) on every segment, Banker's (56)–(66) — all from
:func:`games.baccara.analysis.b3_sweep.b3_record`, i.e. the parametric doubly additive
analysis of the full 2⁵ × 2⁴⁸⁴ game, which also proves uniqueness on every open segment
(``"certified": "interval"``). Records are cached like ``baccara sweep`` (first run: about a
minute of CPU per d).
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction as F
from functools import cache

from games.baccara.reproduce import claim
from games.baccara.reproduce.paper2_b3 import EQ54, EQ55, Q_EQ, formula

PAPER = "II"

# ------------------------------------------------------------------------------------------
# The paper's values (typed from the paper)
# ------------------------------------------------------------------------------------------
BETA0 = dict(zip(range(4, 13), ("0.0120709", "0.0392263", "0.0569147", "0.0693518", "0.0785740",
                                "0.0856851", "0.0913356", "0.0959335", "0.0997480")))
BETA1 = {1: "0.0655294"}
BETA2 = {2: "0.0046904"}
BETA3 = {2: "0.0281623"}
BETA4 = {8: "0.0244435", 9: "0.0763202"}
BETA5 = {9: "0.0056651", 10: "0.0544215", 11: "0.0932285"}
TABLE7_MOVES = {  # Banker's moves at (3,8), (4,1), (5,4), (6,∅), (6,6)
    56: "SSDSD-SSSSDD-SSSSS-SSSSSM-DDDSDD", 57: "SSDDD-SSSSDD-SSSSS-SSSSSM-DDDSDD",
    58: "SSSSS-SSSSDD-DSSDD-MSSSSD-DDDSDD", 59: "SSSSS-SSSSDD-DSSSD-MSSSSD-DDDSDD",
    60: "SSSSS-SSSSDD-SSSSD-MSSSSD-DDDSDD", 62: "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD",
    61: "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", 63: "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD",
    64: "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", 65: "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDSDD",
    66: "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDSDD",
}
_T = "0.1"
#: Table 7: per d, the α-intervals as (from, to, equation of q); strategies from TABLE7_MOVES
TABLE7 = {
    1: (("0", BETA1[1], 56), (BETA1[1], _T, 57)),
    2: (("0", BETA2[2], 58), (BETA2[2], BETA3[2], 59), (BETA3[2], _T, 60)),
    3: (("0", _T, 62),),
    **{d: (("0", BETA0[d], 61), (BETA0[d], _T, 62)) for d in (4, 5, 6, 7)},
    8: (("0", BETA4[8], 63), (BETA4[8], BETA0[8], 61), (BETA0[8], _T, 62)),
    9: (("0", BETA5[9], 64), (BETA5[9], BETA4[9], 63), (BETA4[9], BETA0[9], 61), (BETA0[9], _T, 62)),
    **{d: (("0", BETA5[d], 64), (BETA5[d], BETA0[d], 63), (BETA0[d], _T, 65)) for d in (10, 11)},
    12: (("0", BETA0[12], 64), (BETA0[12], _T, 66)),
    13: (("0", _T, 64),),  # the row "d ≥ 13"
}
#: Theorem 2: the number of α-values with multiple equilibria
THEOREM2_COUNTS = {9: 3, 2: 2, 8: 2, 10: 2, 11: 2, 1: 1, 4: 1, 5: 1, 6: 1, 7: 1, 12: 1}
DECKS = tuple(range(1, 14))


# ------------------------------------------------------------------------------------------
@cache
def records() -> dict[int, dict]:
    """The B3 sweep records for d = 1…13 (cached on disk like ``baccara sweep``)."""
    from games.baccara.analysis.deck_sweep import records_for

    return records_for("B3", DECKS, F(1, 10))


def dec7(s: str) -> str:
    """A decimal string rounded to 7 places (the paper's precision)."""
    v = Decimal(s).quantize(Decimal("0.0000001"), rounding=ROUND_HALF_EVEN)
    return "0" if v == 0 else ("0.1" if v == Decimal("0.1") else str(v))


def segment_rows(rec: dict) -> tuple:
    """A sweep record's segments as Table 7 rows: (from, to) to 7 places, Banker's moves, q."""
    out = []
    for s in rec["segments"]:
        q = next(iter(s.get("banker_mixed", {}).values()), None)
        out.append((dec7(s["from"]), dec7(s["to"]), s.get("banker_moves", "not unique"),
                    F(q) if q is not None else None))
    return tuple(out)


def paper_rows(d: int) -> tuple:
    """Table 7's rows for deck count d (the row "d ≥ 13" for every d ≥ 13), q exact at d."""
    return tuple((a, b, TABLE7_MOVES[eq], formula(Q_EQ[eq], d=d)) for a, b, eq in TABLE7[min(d, 13)])


def _table7_claim(d: int) -> None:
    what = "d ≥ 13 (checked at d = 13)" if d == 13 else f"d = {d}"

    @claim(f"II.B3.sweep.table7.d{d}", PAPER, "Table 7, (56)–(66)",
           f"Table 7 row {what}: every α-interval (ends to 7 places), Banker's moves at (3,8), "
           f"(4,1), (5,4), (6,∅), (6,6) and his mixing probability q, from the exact analysis "
           f"of the full game for every α")
    def _fn():
        return paper_rows(d), segment_rows(records()[d])


for _d in DECKS:
    _table7_claim(_d)


@claim("II.B3.sweep.betas", PAPER, "Table 7, caption",
       "β₀ (d = 4…12), β₁ (d = 1), β₂, β₃ (d = 2), β₄ (d = 8, 9), β₅ (d = 9, 10, 11) to 7 places: "
       "the exceptional α found exactly by the sweep")
def _betas():
    paper = sorted((d, v) for tab in (BETA0, BETA1, BETA2, BETA3, BETA4, BETA5) for d, v in tab.items())
    ours = sorted((d, dec7(p["alpha"])) for d in DECKS for p in records()[d]["points"]
                  if not p["unique"])
    return paper, ours


@claim("II.B3.sweep.theorem2.counts", PAPER, "Theorem 2",
       "the number of α ∈ [0, 1/10] with multiple Nash equilibria: three if d = 9, two if "
       "d ∈ {2, 8, 10, 11}, one if d ∈ {1, 4, 5, 6, 7, 12}, none otherwise (d = 1…13)")
def _counts():
    return ({d: THEOREM2_COUNTS.get(d, 0) for d in DECKS},
            {d: records()[d]["nonunique_points"] for d in DECKS})


@claim("II.B3.sweep.theorem2.four", PAPER, "Theorem 2; §4 after (66)",
       "at each exceptional α Player's strategy is DMSDD as elsewhere and Banker has exactly "
       "four equilibrium strategies of support size 2")
def _four():
    paper, ours = [], []
    for d in DECKS:
        for p in records()[d]["points"]:
            if p["unique"]:
                continue
            paper.append((d, "DMSDD", 4))
            x = p["equilibria"][0]["player"]
            pat = "".join("D" if x[k] == "1" else "S" if x[k] == "0" else "M"
                          for k in ("05", "14", "23", "69", "78"))
            ours.append((d, pat, len(p["mixed_strategies"])))
    return paper, ours


@claim("II.B3.sweep.player", PAPER, "(54), (55), Theorem 2",
       "on every segment Player draws at (0,5), (6,9), (7,8), stands at (2,3) and draws at (1,4) "
       "with probability (54) (d ≥ 2) or (55) (d = 1): compared as functions of α (at 3 points)")
def _player():
    bad = []
    for d in DECKS:
        text = EQ55 if d == 1 else EQ54
        for s in records()[d]["segments"]:
            pl = s.get("player", {})
            ok = [pl.get(k) for k in ("05", "23", "69", "78")] == ["1", "0", "1", "1"]
            from games.baccara.analysis.deck_sweep import evaluate_formula

            for a in (F(0), F(1, 30), F(1, 10)):
                ok = ok and evaluate_formula(pl.get("14", "0"), alpha=a) == formula(text, d=d, alpha=a)
            if not ok:
                bad.append(d)
    return [], bad


@claim("II.B3.sweep.unique", PAPER, "§4 (\"we are unable to prove uniqueness\") and §5",
       "new: for d = 1…13 the Nash equilibrium is unique for EVERY α ∈ [0, 1/10] except the "
       "exceptional values, proved on whole intervals (every segment certified \"interval\")")
def _unique():
    return ({d: True for d in DECKS},
            {d: all(s["unique"] and s["certified"] == "interval" for s in records()[d]["segments"])
             for d in DECKS})


@claim("II.B3.figure2", PAPER, "Figure 2",
       "d = 6, rows 19 and 27 of 0–31, Banker free at the 20 sets: seven best-response-"
       "discontinuity curves in [0, 1] and six points of intersection (parametric Foster analysis)")
def _figure2():
    from games.baccara.plots.b3_figure2 import figure2_solution

    sol = figure2_solution(6)
    return (7, 6), (sol.n_curves, sol.n_intersections)


@claim("II.B3.sweep.lemma1", PAPER, "§4 (d = 6) and §5",
       "Lemma 1 applied with α = 0 and α = 1/10 (valid for every α in between) reduces d = 6 to "
       "2⁵ × 2²⁰, and 2⁵ × 2^n_d with 20 ≤ n_d ≤ 28 for every d (checked d = 1…13)")
def _lemma1():
    rs = records()
    ns = {d: rs[d]["reduced"]["banker_infosets"] for d in DECKS}
    ours = ((rs[6]["reduced"]["player_infosets"], ns[6]), all(20 <= n <= 28 for n in ns.values()))
    return ((5, 20), True), ours


@claim("II.B3.sweep.refinements", PAPER, "new (not a claim of the paper): Table 7's β's, d = 4…8",
       "new: at each of Table 7's β's for d = 4…8 the perfect and proper equilibria of the segment: "
       "d = 4…7 and the second β of d = 8 as at d = 6 (only SD–DD, proper); at d = 8's first β (free "
       "sets ((0,6),∅), ((1,4),4)) every point is perfect and properness is not decided",
       cost="Model B3's parametric solve for d = 4…8 (in memory): ≈ 30 CPU-s")
def _new_b3_table7():
    from games.baccara.reproduce.paper2_b3 import b3_refinements
    from games.baccara.reproduce.paper_data import NEW_B3_TABLE7

    ds = (4, 5, 6, 7, 8)
    return {d: NEW_B3_TABLE7[d] for d in ds}, {d: b3_refinements(d) for d in ds}
