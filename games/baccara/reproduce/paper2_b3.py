"""Paper II, section 4 reproduced: Model B3 (both players see their compositions).

Ethier & Lee, *Baccara chemin de fer II*, section 4, find a Nash equilibrium of the
2⁵ × 2⁴⁸⁴ Model B3 game by a trick: restrict Banker to the two pure strategies in the
support of his Model B2 equilibrium (display (45)), swap the roles and apply Foster's
algorithm to the 2 × 2⁵ game (T₁₀ and the ordering of p*, equations (48)–(50)); then verify
the candidate in the 2⁵ × 2²⁰ game through rows 19 and 27 (equations (51)–(53), β₀, the
2 × 4 matrix and the four equalizing strategies at β₀). Table 7 and equations (54)–(66)
state the result for every d; (67)–(68) its limit d → ∞, Model A1's equilibrium.

Every claim recomputes the statement with gamekit — the paper's route with
:func:`gamekit.additive.foster.solve_additive` on games cut out of the exact Model B3 game, and the
complete enumeration of :mod:`gamekit.doubly_additive` (via
:mod:`games.baccara.analysis.b3_uniqueness`) — and compares it with the values typed from the paper in
the block below, the only place the paper's numbers appear.

Notation. Banker's 20 strategic sets of display (45), in the paper's order (5-3-3-6-3):

    (3,9): 03 12 49 58 67 - (4,1): 22 68 77 - (5,4): 05 69 78
    - (6,∅): 06 15 24 33 79 88 - (6,6): 15 24 33

Table 7 lists every composition of five Banker situations (5-6-5-6-6 letters, as Table 6):

    (3,8): 03 12 49 58 67 - (4,1): 04 13 22 59 68 77 - (5,4): 05 14 23 69 78
    - (6,∅): 06 15 24 33 79 88 - (6,6): 06 15 24 33 79 88

S = stand, D = draw, M = mixed. Player's rows u = (u₁…u₅)₂ over (0,5), (1,4), (2,3), (6,9),
(7,8): row 19 = DSSDD, row 27 = DDSDD.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F
from functools import cache

import sympy

from gamekit.additive import AdditiveGame, breakpoints, foster_classes, solve_additive
from gamekit.doubly_additive import DoublyAdditiveGame, index_of_subset
from games.baccara.analysis.b3_uniqueness import certify
from games.baccara.analysis.equilibria import solve_model
from games.baccara.infosets import banker_compositions, total_of
from games.baccara.models.tables import build_game, model_tables
from games.baccara.reproduce import claim
from games.baccara.reproduce.paper_data import (
    ALPHAS_D6,
    B0_DECIMALS,
    BANKER_COLUMNS_2X4,
    BETA0,
    BETA0_DEC,
    COLUMNS,
    COLUMNS_HIGH,
    D6,
    EQ45,
    EQ45_HIGH,
    EQ48,
    EQ49,
    EQ50,
    EQ54,
    EQ55,
    EQ67,
    EQ68,
    EQUALIZING,
    LIMIT_BANKER,
    LIMIT_PLAYER,
    MATRIX_2X4,
    MATRIX_2X4_PRINTED_TYPO,
    ORDER_RESTRICTED,
    SETS20,
    T01_VERIFY,
    T10_RESTRICTED,
    T10_VERIFY,
    TABLE1_FOOTNOTES,
    TABLE1_GRID,
    TABLE7,
    TABLE7_DECKS,
    TABLE7_SETS,
    THEOREM2_PLAYER,
)
from games.baccara.reproduce.paper_data import (
    B3_Q_EQ as Q_EQ,
)

PAPER = "II"


# ------------------------------------------------------------------------------------------
# Computation
# ------------------------------------------------------------------------------------------
_d, _alpha = sympy.symbols("d alpha")


def formula(text: str, d: int | None = None, alpha: F | None = None) -> F:
    """Evaluate one of the paper's formulas above exactly at (d, α)."""
    subs = {}
    if d is not None:
        subs[_d] = sympy.Integer(d)
    if alpha is not None:
        subs[_alpha] = sympy.Rational(alpha.numerator, alpha.denominator)
    v = sympy.sympify(text).subs(subs)
    if not v.is_Rational:  # nsimplify would turn some large Rationals into a product
        v = sympy.nsimplify(v)
    if not v.is_Rational:
        raise ValueError(f"{text} is not a number at d = {d}, alpha = {alpha}")
    return F(int(v.p), int(v.q))


@cache
def _dg(model: str, d: int, alpha: F) -> DoublyAdditiveGame:
    tables = model_tables(model, d)
    return DoublyAdditiveGame.from_additive(build_game(model, d, alpha), tables.player_infosets)


@cache
def _enumerated(d: int, alpha: F):
    """The complete enumeration of Model B3 at (d, α) (games.baccara.analysis.b3_uniqueness)."""
    return certify(d, alpha, reference=False)


def _full_eq(d: int, alpha: F) -> tuple[dict[str, F], dict[str, F]]:
    """(Player's x by composition, Banker's y by information set) of the unique equilibrium."""
    c = _enumerated(d, alpha)
    if not c.unique:
        raise ValueError(f"Model B3 has {len(c.equilibria)} extreme equilibria at d = {d}, alpha = {alpha}")
    e = c.raw.equilibria[0]
    game = _dg("B3", d, alpha)
    return dict(zip(game.row_sets, e.x)), dict(zip(game.col_sets, e.y))


def letter(v: F) -> str:
    return "S" if v == 0 else "D" if v == 1 else "M"


def letters(y: dict[str, F], groups) -> str:
    """Banker's moves as the paper's S/D/M groups joined by '-'."""
    return "-".join("".join(letter(y[s]) for s in g) for g in groups)


_GROUPS20 = (SETS20[:5], SETS20[5:8], SETS20[8:11], SETS20[11:17], SETS20[17:])


def x_of_row(u: int) -> tuple[F, ...]:
    """Player's pure strategy u = (u₁…u₅)₂ as a 0/1 vector over ROW_SETS."""
    return tuple(F((u >> (4 - i)) & 1) for i in range(5))


@cache
def b2_support(alpha: F) -> tuple[dict[str, F], dict[str, F]]:
    """Banker's two pure strategies V₀, V₁ in the support of his Model B2 equilibrium (d = 6)."""
    sol = solve_model("B2", D6, alpha)
    if not sol.unique:
        raise ValueError("Model B2 is not unique here")
    e = sol.equilibria[0]
    y = dict(zip(e.infosets, e.banker))
    mixed = [s for s, v in y.items() if 0 < v < 1]
    if len(mixed) != 1:
        raise ValueError(f"Model B2's Banker mixes at {mixed}")
    return {**y, mixed[0]: F(0)}, {**y, mixed[0]: F(1)}


def banker_rows_game(game: DoublyAdditiveGame, ys, labels) -> AdditiveGame:
    """Banker restricted to the pure strategies ``ys``, as player I of a 2 × 2⁵ additive game.

    Roles reversed (paper II, §4): rows = Banker's strategies (payoff a = Banker's), the
    additive player = Player with his five compositions (payoff b = Player's).
    For fixed y: U(x, y) = c + bᵀy + Σ_h (a_h + (C y)_h) x_h.
    """
    cols = game.col_sets
    out = {}
    for who, form in (("P", game.I), ("B", game.II)):
        base, moves = [], []
        for y in ys:
            yv = [y[s] for s in cols]
            base.append(form.c + sum((b * v for b, v in zip(form.b, yv)), F(0)))
            moves.append([(F(0), form.a[h] + sum((c * v for c, v in zip(form.C[h], yv) if v), F(0)))
                          for h in range(game.m)])
        out[who] = (base, moves)
    return AdditiveGame(labels, game.row_sets, out["P"][0], out["P"][1], out["B"][0], out["B"][1],
                        title="Model B3, Banker restricted (roles reversed)")


def player_rows_game(game: DoublyAdditiveGame, xs, labels, free: tuple[str, ...], y_fixed) -> AdditiveGame:
    """Player restricted to the pure strategies ``xs``; Banker free at ``free``, fixed elsewhere.

    The (A°, B°) game of §4 (rows 19 and 27 of the 2⁵ × 2²⁰ game). For fixed x:
    U(x, y) = c + aᵀx + Σ_l (b_l + Σ_h C_hl x_h) y_l.
    """
    cols = game.col_sets
    idx = {s: l for l, s in enumerate(cols)}
    free_i = [idx[s] for s in free]
    free_set = set(free_i)
    out = {}
    for who, form in (("P", game.I), ("B", game.II)):
        base, moves = [], []
        for x in xs:
            coef = [form.b[l] + sum((form.C[h][l] * x[h] for h in range(game.m) if x[h]), F(0))
                    for l in range(game.n)]
            const = form.c + sum((a * v for a, v in zip(form.a, x)), F(0))
            const += sum((coef[l] * y_fixed[cols[l]] for l in range(game.n) if l not in free_set), F(0))
            base.append(const)
            moves.append([(F(0), coef[l]) for l in free_i])
        out[who] = (base, moves)
    return AdditiveGame(labels, free, out["B"][0], out["B"][1], out["P"][0], out["P"][1],
                        title="Model B3, rows 19 and 27")


def restricted(alpha: F) -> AdditiveGame:
    """The 2 × 2⁵ game: Banker restricted to the Model B2 support V₀, V₁ (d = 6)."""
    return banker_rows_game(_dg("B3", D6, alpha), b2_support(alpha), ("V0", "V1"))


def verify_game(alpha: F, d: int = D6) -> AdditiveGame:
    """(A°, B°): rows 19 and 27, Banker free at the 20 sets, Model B2's moves elsewhere."""
    v0, _ = b2_support(alpha) if d == D6 else (None, None)
    return player_rows_game(_dg("B3", d, alpha), (x_of_row(19), x_of_row(27)), ("19", "27"), SETS20, v0)


def _banker_gain(d: int, alpha: F, u: int, label: str) -> F:
    """Banker's gain from drawing at ``label`` against Player's pure row u (weighted, Lemma 1)."""
    game = _dg("B3", d, alpha)
    l = game.col_sets.index(label)
    x = x_of_row(u)
    return game.II.b[l] + sum((game.II.C[h][l] * x[h] for h in range(game.m)), F(0))


def curve_crossing(d: int, first: str, second: str):
    """The α ∈ (0, 1/10) where the best-response-discontinuity curves p(first), p(second) meet.

    p(l)(α) = G₁₉(l)/(G₁₉(l) − G₂₇(l)) with Banker's gains G affine in α (exact at α = 0,
    1/10); the crossing is a root of a quadratic, returned as a sympy surd.
    """
    def affine(label: str, u: int):
        g0, g1 = _banker_gain(d, F(0), u, label), _banker_gain(d, F(1, 10), u, label)
        return sympy.Rational(g0) + 10 * sympy.Rational(g1 - g0) * _alpha

    ga19, ga27 = affine(first, 19), affine(first, 27)
    gb19, gb27 = affine(second, 19), affine(second, 27)
    eq = sympy.expand(ga19 * (gb19 - gb27) - gb19 * (ga19 - ga27))
    roots = [r for r in sympy.solve(eq, _alpha) if r.is_real and 0 < r < sympy.Rational(1, 10)]
    if len(roots) != 1:
        raise ValueError(f"{len(roots)} crossings of p({first}) and p({second}) in (0, 1/10)")
    return sympy.radsimp(roots[0])


def _dec7(x) -> str:
    return str(Decimal(str(sympy.N(x, 30))).quantize(Decimal("0.0000001")))


def _table1_move(label: str) -> str:
    """The paper's Table 1 move at a Banker set outside the 20 of display (45)."""
    hand, card = label.split(":")
    col = 10 if card == "-" else int(card)
    ch = TABLE1_GRID[total_of(hand)][col]
    if ch != "*":
        return ch
    lo, hi = TABLE1_FOOTNOTES[label]
    if lo != hi or lo not in ("S", "D"):
        raise ValueError(f"Table 1 leaves {label} strategic")
    return lo


def paper_equilibrium(alpha: F) -> tuple[dict[str, F], dict[str, F]]:
    """The paper's d = 6 equilibrium: Player DMSDD with (51); Banker (45) + Table 1 with (49)/(50)."""
    beta0 = sympy.sympify(f"({BETA0[0]} + ({BETA0[1]})*sqrt({BETA0[2]}))/{BETA0[3]}")
    high = sympy.Rational(alpha.numerator, alpha.denominator) > beta0
    p = formula(EQ48, alpha=alpha)
    x = {"05": F(1), "14": p, "23": F(0), "69": F(1), "78": F(1)}
    s0, s1 = EQ45_HIGH if high else EQ45
    q = EQ50 if high else EQ49
    s0, s1 = s0.replace("-", ""), s1.replace("-", "")
    y = {}
    for label in _dg("B3", D6, alpha).col_sets:
        if label in SETS20:
            i = SETS20.index(label)
            y[label] = q if s0[i] != s1[i] else F(s0[i] == "D")
        else:
            y[label] = F(_table1_move(label) == "D")
    return x, y


def _summary(x: dict[str, F], y: dict[str, F]) -> dict:
    return {
        "player": "".join(letter(v) for v in x.values()) + f" p(14)={x['14']}",
        "banker_mixed": {s: v for s, v in y.items() if 0 < v < 1},
        "banker_draws": sum(1 for v in y.values() if v == 1),
    }


# ------------------------------------------------------------------------------------------
# Claims: the paper's route (d = 6)
# ------------------------------------------------------------------------------------------
@claim("II.B3.eq45", PAPER, "display (45)",
       "Banker's two pure strategies in the support of the Model B2 equilibrium (d = 6, α = 1/20 "
       "and α = 1/10), on the 20 strategic sets")
def _eq45():
    ours = tuple(tuple(letters(v, _GROUPS20) for v in b2_support(a)) for a in (F(1, 20), F(1, 10)))
    return (EQ45, EQ45_HIGH), ours


@claim("II.B3.columns", PAPER, "§4, before (52)",
       "The columns of V₀, V₁ in the 2⁵ × 2²⁰ game (20 sets in display (45)'s order, binary msb)")
def _columns():
    def col(y):
        return index_of_subset({i for i, s in enumerate(SETS20) if y[s] == 1}, 20, "msb")

    ours = tuple(tuple(col(v) for v in b2_support(a)) for a in (F(1, 20), F(1, 10)))
    return (COLUMNS, COLUMNS_HIGH), ours


@claim("II.B3.restricted.T10", PAPER, "§4, after (47)",
       "Foster on the 2 × 2⁵ game (Banker restricted to V₀, V₁, roles reversed), d = 6, α = 1/20: "
       "T₁₀ and the ordering of the best-response discontinuities p*")
def _restricted_t10():
    g = restricted(F(1, 20))
    cls = foster_classes(g)
    bp = breakpoints(g)
    t10 = tuple(g.infosets[l] for l in cls["switch_down"])
    order = tuple(g.infosets[l] for l in sorted(bp, key=bp.get))
    inside = all(0 < v < 1 for v in bp.values())
    return (T10_RESTRICTED, ORDER_RESTRICTED, True), (t10, order, inside)


@claim("II.B3.eq48_50", PAPER, "eqs. (48)–(50)",
       "The equilibrium of the 2 × 2⁵ restricted game: Player DMSDD drawing at (1,4) with q* (48); "
       "Banker's V₁ probability p* = p*(1,4), (49) for α < α₀ (α = 0, 1/20) and (50) above (α = 1/10)")
def _eq48_50():
    paper, ours = [], []
    for a in ALPHAS_D6:
        sol = solve_additive(restricted(a))
        e = sol.equilibria[0]
        bp = breakpoints(restricted(a))
        p14 = bp[restricted(a).infosets.index("14")]
        paper.append((True, "DMSDD", formula(EQ48, alpha=a), EQ50 if a == F(1, 10) else EQ49))
        ours.append((sol.unique, "".join(letter(v) for v in e.draw), e.draw[1], e.p if e.p == p14 else None))
    return paper, ours


@claim("II.B3.verify.T", PAPER, "§4, after (53)",
       "Foster on (A°, B°) (rows 19, 27; the 20 sets): T₀₁ at α = 0 and 1/10, T₁₀ = ∅ at α = 0 "
       "and {((3,3),6)} at α = 1/10")
def _verify_t():
    paper, ours = [], []
    for a in (F(0), F(1, 10)):
        g = verify_game(a)
        cls = foster_classes(g)
        paper.append((T01_VERIFY, T10_VERIFY[a]))
        ours.append((tuple(g.infosets[l] for l in cls["switch_up"]), tuple(g.infosets[l] for l in cls["switch_down"])))
    return paper, ours


@claim("II.B3.verify.eq", PAPER, "(51)–(53)",
       "The candidate (p, q) is an equilibrium of (A°, B°): Foster's unique equilibrium has Player "
       "mixing rows 19/27 with p (51) and Banker mixing columns 1,019,407/1,019,663 (α < β₀) or "
       "1,019,406/1,019,662 (α > β₀) with q (49)/(50); α = 0, 1/20, 1/10")
def _verify_eq():
    paper, ours = [], []
    for a in ALPHAS_D6:
        g = verify_game(a)
        sol = solve_additive(g)
        e = sol.equilibria[0]
        cols = sorted(index_of_subset({l for l, v in enumerate(e.draw) if v == 1} | extra, 20, "msb")
                      for extra in (set(), {SETS20.index("06:-")}))
        mixed = {g.infosets[l]: v for l, v in enumerate(e.draw) if 0 < v < 1}
        high = a == F(1, 10)
        paper.append((True, formula(EQ48, alpha=a), {"06:-": EQ50 if high else EQ49},
                      COLUMNS_HIGH if high else COLUMNS))
        ours.append((sol.unique, e.p, mixed, tuple(cols)))
    return paper, ours


@claim("II.B3.beta0", PAPER, "§4, after Figure 2",
       "β₀: the α where the curves p((0,6),∅) and p((3,3),6) of the 2 × 2²⁰ game (rows 19, 27) "
       "cross, exactly (d = 6)")
def _beta0():
    ours = curve_crossing(D6, "06:-", "33:6")
    paper = sympy.sympify(f"({BETA0[0]} + ({BETA0[1]})*sqrt({BETA0[2]}))/{BETA0[3]}")
    same = sympy.simplify(ours - paper) == 0
    return (str(paper), BETA0_DEC), (str(ours) if same else f"{ours} (differs)", _dec7(ours))


@claim("II.B3.beta0.table7", PAPER, "Table 7, caption",
       "β₀ ≈ 0.0120709, 0.0392263, 0.0569147, 0.0693518, 0.0785740 for d = 4…8: the crossing of "
       "p((0,6),∅) and p((3,3),6), exactly, shown to 7 places")
def _beta0_table7():
    ds = (4, 5, 6, 7, 8)
    return tuple(B0_DECIMALS[d] for d in ds), tuple(_dec7(curve_crossing(d, "06:-", "33:6")) for d in ds)


def player_2x4() -> tuple[tuple[F, ...], ...]:
    """Player's payoff, rows S/D at (1,4) (rows 19, 27) × Banker SS, SD, DS, DD at
    ((0,6),∅), ((3,3),6), the other Banker moves as in Model B2's support (d = 6)."""
    game = _dg("B3", D6, F(1, 20))
    base = b2_support(F(1, 20))[0]
    cols = game.col_sets
    rows = []
    for u in (19, 27):
        x = x_of_row(u)
        row = []
        for s in BANKER_COLUMNS_2X4:
            y = {**base, "06:-": F(s[0] == "D"), "33:6": F(s[1] == "D")}
            row.append(game.payoffs(x, [y[c] for c in cols])[0])
        rows.append(tuple(row))
    return tuple(rows)


@claim("II.B3.matrix2x4", PAPER, "§4, before the equalizing strategies",
       "Player's 2 × 4 payoff matrix at β₀ (exact; α-free). The paper prints the (P: D, B: SD) "
       "entry as −1,939,185,798/1,525,814,595,305 — a dropped digit; the correct value is "
       "−19,391,857,983/1,525,814,595,305, compared here")
def _matrix():
    ours = player_2x4()
    typo_differs = ours[1][1] != MATRIX_2X4_PRINTED_TYPO
    return (MATRIX_2X4, True), (ours, typo_differs)


@claim("II.B3.equalizing", PAPER, "§4, the four equalizing strategies at β₀",
       "Exactly four Banker equalizing strategies of support size two in the 2 × 4 game at β₀, "
       "with their probabilities q")
def _equalizing():
    A = player_2x4()
    delta = [A[0][j] - A[1][j] for j in range(4)]
    ours = {}
    for i in range(4):
        for j in range(i + 1, 4):
            if delta[i] != delta[j]:
                q = delta[i] / (delta[i] - delta[j])
                if 0 < q < 1:
                    ours[(BANKER_COLUMNS_2X4[i], BANKER_COLUMNS_2X4[j])] = q
    return EQUALIZING, ours


# ------------------------------------------------------------------------------------------
# Claims: the full enumeration equals the paper's equilibrium (d = 6)
# ------------------------------------------------------------------------------------------
def _full_claim(alpha: F):
    def compute():
        c = _enumerated(D6, alpha)
        px, py = paper_equilibrium(alpha)
        ox, oy = _full_eq(D6, alpha)
        diff = sorted(s for s in py if py[s] != oy[s])
        ours = {**_summary(ox, oy), "unique": c.unique,
                "same_profile": ox == px and not diff}
        if diff:
            ours["differs_at"] = diff
        return {**_summary(px, py), "unique": True, "same_profile": True}, ours

    return compute


for _a in ALPHAS_D6:
    claim(f"II.B3.equilibrium.d6.alpha={_a}", PAPER, "§4, (49)–(51), Table 1, display (45)",
          f"The complete enumeration of the 2⁵ × 2⁴⁸⁴ game (d = 6, α = {_a}) finds exactly one "
          "equilibrium, and it is the paper's: all 5 Player and 484 Banker moves agree")(_full_claim(_a))


# ------------------------------------------------------------------------------------------
# Claims: all d (Table 7, (54)–(66), Theorem 2)
# ------------------------------------------------------------------------------------------
def table7_rows(d: int) -> list[tuple]:
    """For each Table 7 interval of d: the paper's (strategy, q, p) vs ours at a rational α inside."""
    from gamekit.exact import simplest_between

    out_p, out_o = [], []
    for lo, hi, strat, eq in TABLE7[d]:
        a = simplest_between(F(lo), F(hi))
        x, y = _full_eq(d, a)
        p_paper = formula(EQ55 if d == 1 else EQ54, d=d, alpha=a)
        out_p.append((str(a), strat, formula(Q_EQ[eq], d=d), THEOREM2_PLAYER, p_paper))
        mixed = [v for v in y.values() if 0 < v < 1]
        q = mixed[0] if len(mixed) == 1 else tuple(mixed)
        out_o.append((str(a), letters(y, TABLE7_SETS), q, "".join(letter(v) for v in x.values()), x["14"]))
    return out_p, out_o


def _table7_claim(d: int):
    def compute():
        return table7_rows(d)

    return compute


for _dd in TABLE7_DECKS:
    claim(f"II.B3.table7.d{_dd}", PAPER, "Table 7, (54)–(66), Theorem 2",
          f"d = {_dd}: in each α-interval of Table 7 (at a rational α inside), the unique equilibrium "
          "from the complete enumeration has Table 7's Banker strategy, the mixing probability q of "
          "(56)–(63) and Player DMSDD drawing at (1,4) with (54)/(55)")(_table7_claim(_dd))


# ------------------------------------------------------------------------------------------
# Claims: the limit d → ∞ (Model A3) and (67)–(68) (Model A1)
# ------------------------------------------------------------------------------------------
_COUNT = {0: 4}  # ranks per card value in one deck of 13: 10, J, Q, K count 0


def _weight(hand: str) -> int:
    i, j = int(hand[0]), int(hand[1])
    return _COUNT.get(i, 1) * _COUNT.get(j, 1) * (1 if i == j else 2)


def aggregate(values: dict[str, F]) -> F:
    """Probability-weighted average over compositions (cards with replacement)."""
    tot = sum(_weight(h) for h in values)
    return sum((F(_weight(h)) * v for h, v in values.items()), F(0)) / tot


@claim("II.B3.eq67_68", PAPER, "eqs. (67)–(68)",
       "Model A3 (d → ∞), α = 0 and 1/20: every extreme equilibrium has Player's aggregate draw "
       "probability at total 5 equal to (67) and Banker's at (6,∅) equal to (68) — and these are "
       "Model A1's equilibrium")
def _eq67_68():
    paper, ours = [], []
    six = [h for h in banker_compositions() if total_of(h) == 6]
    for a in (F(0), F(1, 20)):
        a3, a1 = solve_model("A3", 1, a), solve_model("A1", 1, a)
        agg_p = sorted({aggregate(e.player) for e in a3.equilibria})
        agg_b = sorted({aggregate({h: e.banker_draw(f"{h}:-") for h in six}) for e in a3.equilibria})
        e1 = a1.equilibria[0]
        paper.append(([formula(EQ67, alpha=a)], [EQ68], formula(EQ67, alpha=a), EQ68))
        ours.append((agg_p, agg_b, e1.player["5"], e1.banker_draw("6:-")))
    return paper, ours


@claim("II.B3.limit", PAPER, "§4, before (67)",
       "The d → ∞ limit of Theorem 2 (Player draws at (1,4) w.p. 2(3+14α)/(11−6α), Banker at "
       "((0,6),∅) w.p. 179/286, D at ((8,8),∅), S at the other compositions of (6,∅); Banker's "
       "other moves his unique best replies) is a Nash equilibrium of Model A3 (α = 0, 1/20); "
       "(54) tends to the first limit")
def _limit():
    paper, ours = [], []
    for a in (F(0), F(1, 20)):
        game = _dg("A3", 1, a)
        x = [F(1), formula(LIMIT_PLAYER, alpha=a), F(0), F(1), F(1)]
        g = game.col_gains(x)
        y = []
        for l, s in enumerate(game.col_sets):
            if s == "06:-":
                y.append(LIMIT_BANKER)
            elif s == "88:-":
                y.append(F(1))
            elif g[l] == 0:
                y.append(F(0) if s.endswith(":-") and total_of(s[:2]) == 6 else None)
            else:
                y.append(F(1) if g[l] > 0 else F(0))
        ok = None not in y and game.is_equilibrium(x, y)
        lim = sympy.limit(sympy.sympify(EQ54), _d, sympy.oo)
        same = sympy.simplify(lim - sympy.sympify(LIMIT_PLAYER)) == 0
        paper.append((True, True))
        ours.append((ok, same))
    return paper, ours


def b3_refinements(d: int) -> list[tuple]:
    """At each non-unique exceptional α of Model B3 (deck count d): (s₁, s₂, the perfect
    Banker vertices, whether the other points are perfect, the proper one or None)."""
    from games.baccara.analysis.b3_sweep import b3_solve
    from games.baccara.analysis.refinements import b3_exceptional_refinements

    out = []
    for r in b3_exceptional_refinements(b3_solve(d, F(0), F(1, 10))):
        sm = r.summary()
        out.append((*r.sets, sm["perfect"], sm["interior_perfect"], sm["proper"]))
    return out


@claim("II.B3.new.refinements.d6", PAPER, "new (not a claim of the paper): β₀, d = 6",
       "new: at β₀ (d = 6) only one equilibrium of the segment is perfect — Banker mixing SD and DD at "
       "((0,6),∅), ((3,3),6) (draws at ((3,3),6)) — so it is the proper one; the other points' Banker "
       "strategies are weakly dominated; one component, index +1 (games/baccara/analysis/refinements.py)")
def _new_b3_d6():
    from games.baccara.reproduce.paper_data import NEW_B3_TABLE7

    return NEW_B3_TABLE7[D6], b3_refinements(D6)
