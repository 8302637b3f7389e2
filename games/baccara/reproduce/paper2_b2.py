"""Paper II, section 3 reproduced: Model B2 for every deck count d and commission α ∈ [0, 1/10].

Ethier & Lee, *Baccara chemin de fer II*, section 3 follows Foster's algorithm (Lemma 2) by
hand as α moves, for d = 6 in detail (Tables 1–3, equations (19)–(25), Figure 1) and for all
d in summary (Tables 4–6, equations (26)–(38), Theorem 1). Every claim here recomputes one
of those statements with :mod:`gamekit.parametric` (through :mod:`games.baccara.analysis.commission`
and the cached, parallel :mod:`games.baccara.analysis.deck_sweep`) and compares it with the value typed
from the paper in the block below — the only place the paper's numbers appear.

Conventions. Information sets are written as in ``docs/json.md`` (``"06:-"`` = ((0,6),∅)).
The paper's Banker strategy strings list moves (S, D, or M = mixed) on the strategic sets of
Tables 2–3 in this order (5-3-3-6-3 letters):

    (3,9): 03 12 49 58 67 - (4,1): 22 68 77 - (5,4): 05 69 78 - (6,∅): 06 15 24 33 79 88 - (6,6): 15 24 33

and Table 6 (all d) lists every composition of the five situations (5-6-5-6-6 letters):

    (3,8): 03 12 49 58 67 - (4,1): 04 13 22 59 68 77 - (5,4): 05 14 23 69 78
    - (6,∅): 06 15 24 33 79 88 - (6,6): 06 15 24 33 79 88

i.e. the compositions of each Banker total in lexicographic order. Approximate α values are
compared at the paper's precision (7 decimal places, rounded half-even on the exact value);
exact values (surds, rational functions) exactly.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction as F
from functools import cache

from gamekit.exact import QuadraticSurd, compare, exact_str, simplest_between
from games.baccara.infosets import THIRD_CARDS, banker_compositions, total_of
from games.baccara.reproduce import claim
from games.baccara.reproduce.paper_data import (
    A1_ALPHA0,
    A1_HI,
    A1_MOVES,
    A1_Q,
    A44,
    A45,
    A_2X4,
    ALPHA0,
    ALPHA0_APPROX,
    BOUNDARY_D6,
    CURVES_D6,
    D77_PAIRS,
    EQ21_24,
    EQ25,
    EQ26,
    EQ37,
    EQ38,
    MIXED_SET,
    N_T01,
    N_T10,
    ORDER_T2,
    Q19,
    Q20,
    Q_LIMIT,
    T2_EQUALIZING,
    T3_EQUALIZING,
    T6_ALPHA_APPROX,
    T6_ALPHA_CURVES,
    T6_SITUATIONS,
    TABLE1_FOOTNOTES,
    TABLE1_GRID,
    TABLE2,
    TABLE3,
    TABLE4,
    TABLE4_LARGE,
    TABLE5_GRID,
    TABLE6,
    THM1_EXCEPTIONS,
    THM1_STRATEGIES,
)
from games.baccara.reproduce.paper_data import (
    B2_Q_EQ as Q_EQ,
)

PAPER = "II"
D6 = 6
ALPHA_MAX = F(1, 10)
ALL_D = tuple(range(1, 101))
#: larger deck counts for the "d ≥ 77" structure (beyond Table 4's d ≤ 100 rows)
LARGE_D = (150, 200, 500, 1000, 10000)



# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
class Shown:
    """A compared value with a short printed form (the claim table shows ``text``)."""

    def __init__(self, value, text: str) -> None:
        self.value, self.text = value, text

    def __eq__(self, other) -> bool:
        return isinstance(other, Shown) and self.value == other.value

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.text


def _rows(paper: dict, ours: dict, what: str) -> tuple[Shown, Shown]:
    """Compare two keyed tables; our text names the first differences."""
    bad = [k for k in sorted(set(paper) | set(ours), key=str) if paper.get(k) != ours.get(k)]
    p = Shown(paper, f"{len(paper)} {what}")
    if not bad:
        return p, Shown(ours, f"{len(ours)} {what}, all equal")
    diffs = "; ".join(f"{k}: paper {paper.get(k)} vs ours {ours.get(k)}" for k in bad[:3])
    return p, Shown(ours, f"{len(bad)} differ — {diffs}")


def _dec7(x) -> str:
    """The paper's rounding: 7 decimal places, from the exact value (Fraction or surd)."""
    from gamekit.exact import decimal_str

    return format(Decimal(decimal_str(x, 24)).quantize(Decimal("0.0000001"), rounding=ROUND_HALF_EVEN), "f")


def _paper_dec(s: str) -> str:
    return format(Decimal(s).quantize(Decimal("0.0000001")), "f")


def _sym(text: str):
    import sympy

    from games.baccara.analysis.commission import symbols

    a, d = symbols()
    return sympy.sympify(text, locals={"alpha": a, "d": d})


def _same_rational(paper: str, ours) -> bool:
    import sympy

    return sympy.cancel(_sym(paper) - ours) == 0


def _letters(pattern: dict[str, str], order) -> str:
    code = {"0": "S", "1": "D", "M": "M"}
    groups, out = (5, 3, 3, 6, 3), []
    k = 0
    for g in groups:
        out.append("".join(code[pattern[s]] for s in order[k:k + g]))
        k += g
    return "-".join(out)


def _interval_text(lo, hi, lo_closed: bool, hi_closed: bool, names: dict) -> str:
    def name(x):
        for n, v in names.items():
            if compare(x, v) == 0:
                return n
        return exact_str(x)

    return f"{'[' if lo_closed else '('}{name(lo)},{name(hi)}{']' if hi_closed else ')'}"


@cache
def _d6():
    from games.baccara.analysis.commission import solve_alpha_range

    return solve_alpha_range("B2", D6, 0, ALPHA_MAX)


@cache
def _tables(d: int):
    from games.baccara.models.tables import model_tables

    return model_tables("B2", d)


def sweep_records(decks=ALL_D + LARGE_D, **kw) -> dict:
    """``{d: sweep record}`` for Model B2 on [0, 1/10] (cached on disk, parallel)."""
    return _sweep(tuple(decks), tuple(sorted(kw.items())))


@cache
def _sweep(decks: tuple, kw: tuple) -> dict:
    from games.baccara.analysis.deck_sweep import records_for

    return records_for("B2", decks, ALPHA_MAX, **dict(kw))


def _surd(text: str):
    """An exact number a + b√c from a sympy-parsable string such as the paper's α₀."""
    import sympy

    e = sympy.expand(sympy.sympify(text))
    roots = [p for p in e.atoms(sympy.Pow) if p.exp == sympy.Rational(1, 2)]
    if not roots:
        r = sympy.Rational(e)
        return F(int(r.p), int(r.q))
    (root,) = roots
    b = sympy.Rational(e.coeff(root))
    a = sympy.Rational(sympy.expand(e - b * root))
    return QuadraticSurd.make(F(int(a.p), int(a.q)), F(int(b.p), int(b.q)), int(root.base))


# ------------------------------------------------------------------------------------------
# d = 6 in detail
# ------------------------------------------------------------------------------------------
def _classify(g0, g1) -> str:
    if g0 < 0 and g1 < 0:
        return "S"
    if g0 > 0 and g1 > 0:
        return "D"
    if g0 <= 0 <= g1:
        return "S/D"
    return "D/S"


def table1_ours(d: int = D6) -> dict[str, tuple[str, str]]:
    """Every set's class at α = 0 and 1/10: S (T₀₀), D (T₁₁), S/D (T₀₁), D/S (T₁₀)."""
    from games.baccara.analysis.commission import affine_game

    game = affine_game("B2", d)
    out = {}
    for l, lab in enumerate(game.infosets):
        cls = []
        for a in (F(0), ALPHA_MAX):
            g = [c0 + a * c1 for c0, c1 in (game.b_gain(0, l), game.b_gain(1, l))]
            cls.append(_classify(*g))
        out[lab] = tuple(cls)
    return out


def table1_paper() -> dict[str, tuple[str, str]]:
    out = {}
    for hand in banker_compositions():
        row = TABLE1_GRID[total_of(hand)]
        for k, c in zip(THIRD_CARDS, row):
            lab = f"{hand}:{k}"
            out[lab] = TABLE1_FOOTNOTES[lab] if c == "*" else (c, c)
    return out


@claim("II.B2.table1", PAPER, "Table 1",
       "d = 6: Banker's class (S, D, S/D, D/S) at all 484 information sets at alpha = 0 and at alpha = 1/10")
def _table1():
    return _rows(table1_paper(), table1_ours(), "information sets")


@claim("II.B2.curves", PAPER, "§3, before Table 1",
       "d = 6: the 20 best-response-discontinuity curves p((j1,j2),k)(alpha), exactly (printed form and value)")
def _curves():
    sol = _d6()
    ours = {c.label: str(c.formula) for c in sol.curves}
    p, o = _rows(CURVES_D6, ours, "curve formulas")
    same_value = all(_same_rational(CURVES_D6[c.label], c.formula.to_sympy()) for c in sol.curves
                     if c.label in CURVES_D6)
    return p, (o if same_value else Shown(None, "values differ"))


@claim("II.B2.curves.kinds", PAPER, "§3, before the curves",
       "d = 6: 17 curves from T01 (S/D) and 3 from T10 (D/S) over [0, 1/10]")
def _kinds():
    sol = _d6()
    return (N_T01, N_T10), (sum(c.kind == "switch_up" for c in sol.curves), sum(c.kind == "switch_down" for c in sol.curves))


@claim("II.B2.boundary", PAPER, "§3, after Figure 1",
       "d = 6: exactly three curves meet p = 1 — p((2,2),1), p((1,5),6), p((2,4),6) — none meets p = 0; "
       "they are the three Table 1 entries that differ at alpha = 0 and 1/10")
def _boundary():
    sol = _d6()
    ours = {c.label: w for c in sol.curves for _, w in c.hits}
    differ = {lab for lab, (a, b) in table1_ours().items() if a != b}
    return (BOUNDARY_D6, set(BOUNDARY_D6)), (ours, differ)


def _parse_table(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().splitlines()]


def table2_ours(sol=None) -> dict[int, tuple]:
    """Our Table 2: case number → (curve, α-interval to 7 decimals, strategy string), with the
    cases ordered like the paper (by curve in ORDER_T2, then by α)."""
    sol = sol or _d6()
    labels = {c.index: c.label for c in sol.curves}
    cases = sorted(sol.cases, key=lambda c: (ORDER_T2.index(labels[c.curve]), float(c.lo)))
    out = {}
    for k, c in enumerate(cases, 1):
        lo_b = "[" if compare(c.lo, 0) == 0 else "("
        hi_b = "]" if compare(c.hi, ALPHA_MAX) == 0 else ")"
        out[k] = (labels[c.curve], f"{lo_b}{_dec7(c.lo)},{_dec7(c.hi)}{hi_b}", _letters(c.pattern, ORDER_T2))
    return out


def table2_paper() -> dict[int, tuple]:
    out = {}
    for case, curve, iv, strat in _parse_table(TABLE2):
        lo, hi = iv[1:-1].split(",")
        out[int(case)] = (curve, f"{iv[0]}{_paper_dec(lo)},{_paper_dec(hi)}{iv[-1]}", strat)
    return out


@claim("II.B2.table2", PAPER, "Table 2",
       "d = 6: the 66 (curve, alpha-interval) cases with their Banker strategies, row by row")
def _table2():
    return _rows(table2_paper(), table2_ours(), "cases")


@claim("II.B2.table2.equalizing", PAPER, "Table 2, caption; (19), (20)",
       "d = 6: only cases 44 and 45 have an equalizing strategy, q = 77143741/121269912 and 76834069/121269912")
def _table2_eq():
    sol = _d6()
    labels = {c.index: c.label for c in sol.curves}
    cases = sorted(sol.cases, key=lambda c: (ORDER_T2.index(labels[c.curve]), float(c.lo)))
    ours = {k: c.equalizing.value for k, c in enumerate(cases, 1) if c.equalizing_on}
    return T2_EQUALIZING, ours


def table3_ours(sol=None) -> dict[int, tuple]:
    sol = sol or _d6()
    labels = sol.data.labels
    rows = []
    for pc in sol.point_cases:
        a, b = (labels[i] for i in pc.intersection.curves)
        a, b = sorted((a, b), key=ORDER_T2.index)
        rows.append((ORDER_T2.index(a), ORDER_T2.index(b), a, b, _dec7(pc.intersection.alpha),
                     _letters(pc.pattern, ORDER_T2)))
    rows.sort()
    return {k: r[2:] for k, r in enumerate(rows, 1)}


def table3_paper() -> dict[int, tuple]:
    return {int(c): (a, b, _paper_dec(x), s) for c, a, b, x, s in _parse_table(TABLE3)}


@claim("II.B2.table3", PAPER, "Table 3",
       "d = 6: the 23 intersections (curves, alpha to 7 decimals, Banker strategy), row by row")
def _table3():
    return _rows(table3_paper(), table3_ours(), "intersections")


@claim("II.B2.table3.equalizing", PAPER, "Table 3, caption",
       "d = 6: only at intersection 18, p((0,6),∅) = p((3,3),6), are there equalizing strategies")
def _table3_eq():
    sol = _d6()
    order = table3_ours(sol)
    labels = sol.data.labels
    ours = []
    for pc in sol.point_cases:
        pair = sorted((labels[i] for i in pc.intersection.curves), key=ORDER_T2.index)
        if pc.mixed:
            ours.extend(k for k, row in order.items() if list(row[:2]) == pair)
    return T3_EQUALIZING, tuple(sorted(ours))


def player_payoff(d: int, moves: dict[str, str]) -> tuple[F, F]:
    """Player's payoffs a_{0,T}, a_{1,T} (stand / draw at 5) against Banker's pure strategy T
    (``moves``: set → "S"/"D" for all 484 sets)."""
    t = _tables(d)
    base, mv = t.player_weights
    out = []
    for u in (0, 1):
        out.append(base[u] + sum(mv[u][l][1 if moves[s] == "D" else 0] for l, s in enumerate(t.infosets)))
    return tuple(out)


def _segment_moves(sol, alpha) -> dict[str, str]:
    eq = sol.evaluate(alpha)[0]
    return {s: ("D" if v == 1 else "S" if v == 0 else "M") for s, v in zip(sol.game.infosets, eq.y)}


def _matrix(sol, alpha, cols) -> tuple:
    """Player's matrix against Banker strategies that differ from the equilibrium at α only
    on the sets given per column."""
    base = _segment_moves(sol, alpha)
    columns = [player_payoff(D6, {**base, **c}) for c in cols]
    return tuple(tuple(col[u] for col in columns) for u in (0, 1))


def _equalizing(A) -> F:
    """q with (1, −1) A (1 − q, q)ᵀ = 0 for a 2×2 matrix A."""
    d0 = A[0][0] - A[1][0]
    d1 = A[0][1] - A[1][1]
    return d0 / (d0 - d1)


@claim("II.B2.eq19", PAPER, "row 44, eq. (19)",
       "d = 6, 0 <= alpha < alpha0: Player's 2×2 matrix A (B stands / draws at ((0,6),∅)) and q = 77143741/121269912")
def _eq19():
    sol = _d6()
    A = _matrix(sol, F(1, 100), [{MIXED_SET: "S"}, {MIXED_SET: "D"}])
    return (A44, Q19), (A, _equalizing(A))


@claim("II.B2.eq20", PAPER, "row 45, eq. (20)",
       "d = 6, alpha0 < alpha <= 1/10: the matrix A and q = 76834069/121269912")
def _eq20():
    sol = _d6()
    A = _matrix(sol, F(9, 100), [{MIXED_SET: "S"}, {MIXED_SET: "D"}])
    return (A45, Q20), (A, _equalizing(A))


@claim("II.B2.alpha0", PAPER, "Table 3, row 18",
       "d = 6: alpha0 = (16145999279 − √226436619657206227489)/17712223814 ≈ 0.0620017, where "
       "p((0,6),∅) meets p((3,3),6), is the only alpha with several equilibria")
def _alpha0():
    sol = _d6()
    pts = [c.alpha for c in sol.nonunique_points]
    x = next(x.alpha for x in sol.intersections
             if {sol.data.labels[i] for i in x.curves} == {"06:-", "33:6"})
    ok = len(pts) == 1 and compare(pts[0], x) == 0
    return (Shown(_surd(ALPHA0), ALPHA0), ALPHA0_APPROX, True), (Shown(x, exact_str(x)), _dec7(x), ok)


@claim("II.B2.2x4", PAPER, "before (21)",
       "d = 6, alpha = alpha0: Player's 2×4 matrix against SS, SD, DS, DD at ((0,6),∅), ((3,3),6)")
def _a2x4():
    sol = _d6()
    cols = [{MIXED_SET: a, "33:6": b} for a, b in ("SS", "SD", "DS", "DD")]
    return A_2X4, _matrix(sol, F(1, 100), cols)


@claim("II.B2.eq21_24", PAPER, "eqs. (21)–(24)",
       "d = 6, alpha = alpha0: exactly four equalizing Banker strategies of support size 2 (over SS, SD, DS, DD)")
def _eq21_24():
    sol = _d6()
    point = sol.nonunique_points[0]
    names = ("SS", "SD", "DS", "DD")
    ours = set()
    for _p, T, T2, q in point.mixed_extremes():
        vec = [F(0)] * 4
        for strat, w in ((T, 1 - q), (T2, q)):
            key = ("D" if strat[MIXED_SET] == "1" else "S") + ("D" if strat["33:6"] == "1" else "S")
            vec[names.index(key)] += w
        ours.add(tuple(vec))
    return Shown(EQ21_24, "4 mixtures: " + ", ".join(str(tuple(str(x) for x in v)) for v in sorted(EQ21_24))), \
        Shown(ours, "4 mixtures: " + ", ".join(str(tuple(str(x) for x in v)) for v in sorted(ours)))


@claim("II.B2.eq25", PAPER, "eq. (25) and the summary after Table 2",
       "d = 6: for alpha ≠ alpha0 the equilibrium is unique, p = p((0,6),∅) of (25), q of (19) below alpha0 and "
       "(20) above; at alpha0 every mixture of (21)–(24) (the equilibria at alpha0 form a segment)")
def _eq25():
    sol = _d6()
    pieces = [(str(p.equilibria[0].p), str(p.equilibria[0].y[sol.data.live.index(sol.game.infosets.index(MIXED_SET))]),
               p.unique) for p in sol.pieces]
    bounds = [(p.lo_closed, p.hi_closed) for p in sol.pieces]
    point = sol.nonunique_points[0]
    qs = sorted(e.y[sol.game.infosets.index(MIXED_SET)] for e in point.equilibria())
    paper = ([(EQ25, str(Q19), True), (EQ25, str(Q20), True)], [(True, False), (False, True)], [Q20, Q19])
    return paper, (pieces, bounds, qs)


@claim("II.B2.lemma2b", PAPER, "§3, after Table 3",
       "the hypotheses of Lemma 2(b) hold on all of [0, 1/10] (checked for every d = 1 … 100)")
def _lemma2b():
    recs = sweep_records(ALL_D)
    return len(ALL_D), sum(bool(recs[d]["lemma2b_holds"]) for d in ALL_D)


# ------------------------------------------------------------------------------------------
# all d
# ------------------------------------------------------------------------------------------
def table4_paper(d: int) -> tuple:
    return TABLE4.get(d, TABLE4_LARGE)


def table4_ours(rec: dict) -> tuple:
    return tuple(rec[k] for k in ("curves", "intersections", "boundary_curves", "intervals", "nonunique_points"))


def check_table4(records: dict) -> tuple[Shown, Shown]:
    ds = sorted(records)
    return _rows({d: table4_paper(d) for d in ds}, {d: table4_ours(records[d]) for d in ds}, "rows (a)–(e)")


@claim("II.B2.table4", PAPER, "Table 4",
       "columns (a)–(e) — curves, intersections, curves meeting p = 0 or 1, alpha-intervals, non-unique alpha — "
       "for every d = 1 … 100")
def _table4():
    return check_table4(sweep_records(ALL_D))


def check_d77(records: dict) -> tuple:
    """For d ≥ 77: 28 curves, 37 intersections, the pairs named in the text, and the order of
    the curves at α = 0 and α = 1/10 the same for every d."""
    ds = sorted(d for d in records if d >= 77)
    pairs = {d: {frozenset(x["curves"]) for x in records[d]["intersection_list"]} for d in ds}
    orders = {d: _curve_order(records[d]) for d in ds}
    ours = (sorted({(records[d]["curves"], records[d]["intersections"]) for d in ds}),
            all(pairs[d] == D77_PAIRS for d in ds), len({orders[d] for d in ds}))
    return ([(28, 37)], True, 1), ours


def _curve_order(rec: dict) -> tuple:
    """Curves sorted by p at α = 0 and at α = 1/10 (where defined), as label tuples."""
    from games.baccara.analysis.deck_sweep import evaluate_formula

    out = []
    for x in (F(0), ALPHA_MAX):
        vals = sorted((evaluate_formula(c["formula"], alpha=x), c["label"]) for c in rec["curve_list"]
                      if any(F(s) <= x <= F(t) for s, t in c["domain"]))
        out.append(tuple(lab for _, lab in vals))
    return tuple(out)


@claim("II.B2.d77", PAPER, "§3, before Theorem 1",
       "for d >= 77 (checked d = 77 … 100, 150, 200, 500, 1000, 10000): 28 curves, 37 intersections — the six "
       "(4,1) curves meet the six (6,6) curves, and p((1,5),6) meets p((2,4),6) — in an order independent of d")
def _d77():
    return check_d77(sweep_records(tuple(d for d in ALL_D if d >= 77) + LARGE_D))


def _t6_sets() -> tuple[str, ...]:
    out = []
    for total, k in T6_SITUATIONS:
        out.extend(f"{h}:{k}" for h in banker_compositions() if total_of(h) == total)
    return tuple(out)


def _t5_cells() -> dict[str, str]:
    """Table 5 as set → move for the non-asterisk cells."""
    out = {}
    for hand in banker_compositions():
        for k, c in zip(THIRD_CARDS, TABLE5_GRID[total_of(hand)]):
            if c != "*":
                out[f"{hand}:{k}"] = c
    return out


def check_table5(records: dict) -> tuple:
    """Every unique segment of every d: Banker's move at every non-asterisk cell is Table 5's;
    the asterisk cells are exactly Table 6's 28 sets."""
    from games.baccara.infosets import banker_infosets

    labels = banker_infosets(2)
    cells = _t5_cells()
    bad = []
    n = 0
    for d in sorted(records):
        for seg in records[d]["segments"]:
            moves = dict(zip(labels, seg["banker_moves"]))
            n += 1
            bad.extend((d, s) for s, c in cells.items() if moves[s] != c)
    star = set(labels) - set(cells)
    paper = Shown((0, set(_t6_sets())), "no cell differs; the * cells are Table 6's 28 sets")
    text = f"{n} segments: {len(bad)} cells differ" + (f" ({bad[:3]})" if bad else "")
    text += "; * cells = Table 6's 28 sets" if star == set(_t6_sets()) else f"; * cells {sorted(star)}"
    return paper, Shown((len(bad), star), text)


@claim("II.B2.table5", PAPER, "Table 5",
       "Banker's equilibrium move at every non-* situation for every d = 1 … 100 and every alpha-segment; the five "
       "* situations hold Table 6's 28 sets")
def _table5():
    return check_table5(sweep_records(ALL_D))


def _t6_rows(d: int):
    for ds, iv, strat, eq in TABLE6:
        if d in ds if isinstance(ds, tuple) else d >= 12:
            yield iv, strat, eq


def q_value(eq: int, d: int) -> F:
    import sympy

    from games.baccara.analysis.commission import symbols

    v = _sym(Q_EQ[eq]).subs(symbols()[1], d)
    v = sympy.Rational(v)
    return F(int(v.p), int(v.q))


def check_table6(records: dict) -> tuple:
    """Per d: the pieces as (interval with named ends, 28-set strategy, q) equal Table 6's rows
    with q from (27)–(36) at that d; each named end is the intersection of p((0,6),∅) with the
    named curve; the caption's decimals."""
    from games.baccara.infosets import banker_infosets

    labels = banker_infosets(2)
    sets = _t6_sets()
    paper, ours, approx_p, approx_o = {}, {}, {}, {}
    for d in sorted(records):
        rec = records[d]
        names = {"0": F(0), "1/10": ALPHA_MAX}
        for name, curve in T6_ALPHA_CURVES.items():
            for x in rec["intersection_list"]:
                if set(x["curves"]) == {MIXED_SET, curve}:
                    names[name] = _surd_or_fraction(x["alpha_exact"])
                    if (name, d) in T6_ALPHA_APPROX:
                        approx_p[(name, d)] = _paper_dec(T6_ALPHA_APPROX[(name, d)])
                        approx_o[(name, d)] = _dec7(names[name])
        paper[d] = [(iv, strat, q_value(eq, d)) for iv, strat, eq in _t6_rows(d)]
        rows = []
        for seg in rec["segments"]:
            lo, hi = _surd_or_fraction(seg["from_exact"]), _surd_or_fraction(seg["to_exact"])
            iv = _interval_text(lo, hi, seg["from_closed"], seg["to_closed"], names)
            moves = dict(zip(labels, seg["banker_moves"]))
            strat = "-".join("".join(moves[s] for s in sets[a:b])
                             for a, b in ((0, 5), (5, 11), (11, 16), (16, 22), (22, 28)))
            q = seg["banker_mixed"].get(MIXED_SET)
            rows.append((iv, strat, F(q) if q is not None else None))
        ours[d] = rows
    for k in T6_ALPHA_APPROX:
        if k[1] in records:
            approx_p.setdefault(k, _paper_dec(T6_ALPHA_APPROX[k]))
    p1, o1 = _rows(paper, ours, "deck counts")
    p2, o2 = _rows(approx_p, approx_o, "caption decimals")
    return (p1, p2), (o1, o2)


def _surd_or_fraction(text: str):
    return F(text) if "sqrt" not in text else _surd(text)


@claim("II.B2.table6", PAPER, "Table 6 and its caption",
       "for every d = 1 … 100: the alpha-intervals (ends alpha0 … alpha5 named by their curves), Banker's strategy on "
       "the 28 sets and q from (27)–(36); the caption's approximate alpha_i")
def _table6():
    return check_table6(sweep_records(ALL_D))


def table6_moves(strat: str, mixed_move: int) -> dict[str, int]:
    """A full Banker pure strategy: Table 5's cells, Table 6's string on the 28 sets, ``mixed_move``
    at the mixed set."""
    moves = {s: int(c == "D") for s, c in _t5_cells().items()}
    letters = strat.replace("-", "")
    for s, c in zip(_t6_sets(), letters):
        moves[s] = mixed_move if c == "M" else int(c == "D")
    return moves


@claim("II.B2.eq32_36", PAPER, "eqs. (32)–(36)",
       "the q formulas as rational functions of d, derived symbolically from Tables 5–6's strategies "
       "(Foster's Lemma 2(c) with the polynomial counts in d)")
def _eq32_36():
    from games.baccara.analysis.commission import equalizing_in_d

    ours, paper = {}, {}
    for _ds, _iv, strat, eq in TABLE6:
        if eq < 32 or eq in ours:
            continue
        f = equalizing_in_d("B2", table6_moves(strat, 0), MIXED_SET)
        ok = _same_rational(Q_EQ[eq], f)
        ours[eq] = Q_EQ[eq] if ok else str(f)
        paper[eq] = Q_EQ[eq]
    return _rows(paper, ours, "formulas")


@claim("II.B2.eq27_31", PAPER, "eqs. (27)–(31)",
       "d = 1, 2: q = 290383/450072, 288499/450072, 40811/64296; 2591845/4119192, 872479/1373064 — "
       "from the symbolic formula of each Table 6 strategy at d (the sweep's values are checked in II.B2.table6)")
def _eq27_31():
    import sympy

    from games.baccara.analysis.commission import equalizing_in_d, symbols

    paper, ours = {}, {}
    for ds, _iv, strat, eq in TABLE6:
        if eq > 31:
            continue
        f = equalizing_in_d("B2", table6_moves(strat, 0), MIXED_SET)
        v = sympy.Rational(f.subs(symbols()[1], ds[0]))
        paper[eq] = F(Q_EQ[eq])
        ours[eq] = F(int(v.p), int(v.q))
    return paper, ours


@claim("II.B2.eq26", PAPER, "eq. (26)",
       "p = p((0,6),∅)(alpha, d) as a rational function of alpha and d (derived symbolically), and equal to every "
       "segment's p(alpha) of the sweep, d = 1 … 100")
def _eq26():
    import sympy

    from games.baccara.analysis.commission import curve_in_d

    f = curve_in_d("B2", MIXED_SET)
    sym_ok = sympy.cancel(f - _sym(EQ26)) == 0
    from games.baccara.analysis.deck_sweep import evaluate_formula

    recs = sweep_records(ALL_D)
    bad = 0
    # both sides are ratios of affine functions of alpha: equal iff equal at three points
    probes = (F(0), F(1, 20), F(1, 10))
    for dd in ALL_D:
        for seg in recs[dd]["segments"]:
            bad += any(evaluate_formula(seg["player"]["5"], alpha=x) != evaluate_formula(EQ26, alpha=x, d=dd)
                       for x in probes)
    return (True, 0), (sym_ok, bad)


@claim("II.B2.thm1", PAPER, "Theorem 1",
       "exceptional alpha: two for d in {1, 8, 9, 10, 11}, one for d in {2, 4, 5, 6, 7}, none otherwise (d <= 100); "
       "at each exactly four Banker equilibrium strategies of support size 2")
def _thm1():
    recs = sweep_records(ALL_D)
    paper = {d: THM1_EXCEPTIONS.get(d, 0) for d in ALL_D}
    ours = {d: sum(not p["unique"] for p in recs[d]["points"]) for d in ALL_D}
    supports = set()
    for d in ALL_D:
        for p in recs[d]["points"]:
            if not p["unique"]:
                ms = p["mixed_strategies"] or []
                supports.add((len(ms), all(m["support"][0] != m["support"][1] for m in ms)))
    pe, oe = _rows(paper, ours, "deck counts")
    return (pe, {(THM1_STRATEGIES, True)}), (oe, supports)


@cache
def _a1(hi: F = ALPHA_MAX):
    from games.baccara.analysis.commission import solve_alpha_range

    return solve_alpha_range("A1", None, 0, hi)


@claim("II.B2.eq37", PAPER, "eq. (37)",
       "as d → ∞, p of (26) → (9 − alpha)/(11 − 6 alpha), Model A1's equilibrium p(alpha) (parametric layer)")
def _eq37():
    import sympy

    from games.baccara.analysis.commission import curve_in_d, symbols

    a, d = symbols()
    lim = sympy.limit(curve_in_d("B2", MIXED_SET), d, sympy.oo)
    a1 = _a1()
    a1_p = [str(p.equilibria[0].p) for p in a1.pieces]
    return (True, [EQ37]), (sympy.cancel(lim - _sym(EQ37)) == 0, a1_p)


@claim("II.B2.eq38", PAPER, "eq. (38)",
       "as d → ∞, q of (35) → 179/286 and Banker's drawing probability at (6,∅) → (1/2)(179/286) + 1/16 = 859/2288, "
       "Model A1's q (parametric layer)")
def _eq38():
    import sympy

    from games.baccara.analysis.commission import symbols

    d = symbols()[1]
    lim = sympy.limit(_sym(Q_EQ[35]), d, sympy.oo)
    lim = F(int(sympy.Rational(lim).p), int(sympy.Rational(lim).q))
    # weight of (0,6) and (8,8) among total-6 two-card hands as d → ∞ (cards with replacement):
    # (2 − δ) c(i) c(j) with c(0) = 4, c(k) = 1
    w = {h: (2 - (h[0] == h[1])) * (4 if h[0] == "0" else 1) * (4 if h[1] == "0" else 1)
         for h in banker_compositions() if total_of(h) == 6}
    tot = sum(w.values())
    combined = F(w["06"], tot) * lim + F(w["88"], tot)
    a1 = _a1()
    a1_q = [p.equilibria[0].y[a1.data.live.index(a1.game.infosets.index("6:-"))].value for p in a1.pieces]
    return (Q_LIMIT, EQ38, [EQ38]), (lim, combined, a1_q)


@claim("I.thm2.parametric", "I", "Thm 2 (via paper II's parametric method)",
       "Model A1 for 0 <= alpha < 2/5 in one parametric solve: unique equilibrium except at alpha0 = "
       "(1159 − √974841)/1220; p = (9 − alpha)/(11 − 6 alpha); q = 859/2288 below alpha0, 811/2288 above; "
       "(3,9) D, (4,1) S, (5,4) D, (6,6) D below alpha0 and S above")
def _a1_thm2():
    sol = _a1(A1_HI)
    pieces = [p for p in sol.pieces if compare(p.lo, A1_HI) < 0]
    six = sol.game.infosets.index("6:-")
    ours_q = tuple(p.equilibria[0].y[sol.data.live.index(six)].value for p in pieces)
    ours_p = {str(p.equilibria[0].p) for p in pieces}
    moves = []
    for p in pieces:
        m = _segment_moves(sol, simplest_between(p.lo, p.hi))
        moves.append({k: m[k] for k in A1_MOVES[0]})
    inner = [c.alpha for c in sol.nonunique_points if compare(c.alpha, A1_HI) < 0]
    a0 = Shown(_surd(A1_ALPHA0), A1_ALPHA0)
    ours_a0 = Shown(inner[0] if len(inner) == 1 else inner, exact_str(inner[0]) if len(inner) == 1 else str(inner))
    bounds = (pieces[0].lo_closed, compare(pieces[0].hi, pieces[-1].lo) == 0, all(p.unique for p in pieces))
    return (a0, A1_Q, {EQ37}, list(A1_MOVES), (True, True, True)), (ours_a0, ours_q, ours_p, moves, bounds)


@claim("II.B2.new.refinements", PAPER, "new (not a claim of the paper): Theorem 1's α₀, d = 6",
       "new: at α₀ (d = 6) every equilibrium of the segment is proper, hence perfect (Player's p* is "
       "completely mixed and an equalizing pair gives Player's gain both signs: "
       "games/baccara/analysis/refinements.py), and the segment is the only component, of index +1")
def _new_refinements():
    from games.baccara.analysis.refinements import exceptional_refinements
    from games.baccara.reproduce.paper_data import NEW_B2_D6

    (r,) = exceptional_refinements(_d6(), lambda moves: player_payoff(D6, moves))
    ours = {"alpha": exact_str(r.alpha), "perfect": r.perfect, "proper": r.proper, "components": r.components,
            "index": r.index}
    return NEW_B2_D6, ours
