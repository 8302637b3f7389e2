"""Paper I reproduced: every numbered claim of Ethier & Lee, *Casino baccara chemin de fer as
a bimatrix game* (Model A1: cards with replacement, both players see only their totals).

Each claim recomputes one statement with the model builders (:mod:`games.baccara.models.tables`),
the solver (:mod:`games.baccara.analysis.equilibria`) and gamekit (Lemma 1, iterated dominance, exact
matrix-game values, Foster's algorithm, the parametric analysis at a quadratic surd) and
returns ``(paper value, our value)``. The paper's values are typed here and only here.

Conventions. Banker's information sets are ``"j:k"`` (total j, Player's third card k, ``-``
when Player stood). Move strings such as ``"DSDS"`` list Banker's moves on the paper's
strategic situations in the paper's order ((3, 9), (4, 1), (5, 4), (6, 6), (6, ∅)); the
first letter is the most significant bit of the pure-strategy number (DSDDS = 22).
Matrices are given as the paper prints them: transposed (one row per Banker strategy, columns
"S on 5", "D on 5"), Aᵀ in units of 16/13⁶ and B_αᵀ = (c − sα)·8/13⁶ as integer pairs (c, s).
Sets of α are checked at exact sample points and, where the paper states formulas, as
rational functions (sympy) derived from the computed matrices.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction as F
from functools import cache
from itertools import combinations

from gamekit.additive import col_best_response, materialize
from gamekit.bimatrix import dominating_mixture, iterated_dominance, solve_result
from gamekit.core import BimatrixGame
from gamekit.exact import QuadraticSurd, compare, quadratic_roots, sort_numbers
from gamekit.lp import solve_matrix_game
from gamekit.parametric import AffineAdditiveGame, AlphaPoint, analyze, live_data
from games.baccara.analysis.equilibria import fix_banker_moves, solve_model
from games.baccara.cards import shoe_counts
from games.baccara.infosets import THIRD_CARDS
from games.baccara.models.tables import model_tables
from games.baccara.reproduce import claim
from games.baccara.reproduce.paper_data import (
    A_UNIT,
    ABOVE_1_6,
    ABOVE_ALPHA0,
    ALPHA_0,
    ALPHA_PRIME,
    B_UNIT,
    BELOW_1_15,
    BELOW_ALPHA0,
    LABELS4,
    LABELS16,
    P_MAXMIN,
    PAPER_AT4,
    PAPER_AT16,
    PAPER_B,
    PAPER_BT4,
    PAPER_BT16,
    PAPER_DOMINATIONS,
    PAPER_EQ11,
    PAPER_EQ11_PLAYER,
    PAPER_EXCEPTIONS_10,
    PAPER_KEPT5,
    PAPER_KEPT8,
    PAPER_KEPT9,
    Q_ABOVE,
    Q_BELOW,
    STAR_CELLS,
    TABLE1,
    U6,
    V_P,
    V_P_ABOVE,
    Aff,
    paper_p,
    paper_q,
    paper_q_above,
    paper_vB,
    paper_vB_above,
)

PAPER = "I"


def _paper_table(star: str = "S/D") -> dict[str, str]:
    out = {}
    for j, row in TABLE1.items():
        for k, c in zip(THIRD_CARDS, row):
            out[f"{j}:{k}"] = star if c == "*" else c
    return out


def _grid(strategy: dict[str, object]) -> str:
    """A Model-1 Banker strategy or Table-1 classes as eight rows "j:ccccccccccc" (cards 0–9, ∅).

    Cells: D, S, * (S against "stand on 5", D against "draw on 5"), x (the reverse), m (mixed).
    """
    code = {"D": "D", "S": "S", "S/D": "*", "D/S": "x", F(1): "D", F(0): "S"}
    rows = []
    for j in range(8):
        rows.append(f"{j}:" + "".join(code.get(strategy[f"{j}:{k}"], "m") for k in THIRD_CARDS))
    return " ".join(rows)


# ------------------------------------------------------------------------------------------
# Small exact helpers (no paper values below this line)
# ------------------------------------------------------------------------------------------
def _sym(x):
    """A sympy number from a Fraction, int or QuadraticSurd."""
    import sympy

    if isinstance(x, QuadraticSurd):
        return x.to_sympy()
    x = F(x)
    return sympy.Rational(x.numerator, x.denominator)


def _same_surd(paper: str, ours) -> bool:
    import sympy

    return sympy.simplify(sympy.sympify(paper) - _sym(ours)) == 0


def _same_functions(paper, ours) -> bool:
    import sympy

    return len(paper) == len(ours) and all(sympy.cancel(p - o) == 0 for p, o in zip(paper, ours))


@cache
def _tables():
    return model_tables("A1")


@cache
def _game(a: F):
    return _tables().game(a)


def _b(label: str, u: int, v: int) -> Aff:
    return Aff(*_tables().conditional_affine(u, label, v))


def _gain(label: str, u: int) -> Aff:
    """Banker's gain from drawing at ``label`` against row u: b_{u,1} − b_{u,0} (affine in α)."""
    b0, b1 = _b(label, u, 0), _b(label, u, 1)
    return Aff(b1[0] - b0[0], b1[1] - b0[1])


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _sign_on(f: Aff, lo: F, hi: F, lo_open: bool, hi_open: bool) -> int:
    """The constant strict sign of an affine f on the interval, or 0 if it vanishes in it."""
    a, b = _sign(f(lo)), _sign(f(hi))
    if a == b and a != 0:
        return a
    if a == 0 and lo_open and b != 0:
        return b
    if b == 0 and hi_open and a != 0:
        return a
    return 0


def _interval_classes(lo: F, hi: F, lo_open=False, hi_open=False) -> dict[str, str]:
    """Banker's move class at every information set, uniformly on an α-interval (Lemma 1).

    D (S): drawing is better (worse) against both Player strategies for every α in the
    interval; otherwise the two signs, e.g. S/D, or "?" if a sign changes inside.
    """
    out = {}
    letter = {1: "D", -1: "S", 0: "?"}
    for label in _tables().infosets:
        s = [_sign_on(_gain(label, u), lo, hi, lo_open, hi_open) for u in (0, 1)]
        out[label] = letter[s[0]] if s[0] == s[1] else f"{letter[s[0]]}/{letter[s[1]]}"
    return out


@cache
def _interval_game(lo: F, hi: F, lo_open: bool, hi_open: bool, extra: tuple = ()):
    """The 2 × 2^k game of the strategic situations on an α-interval, with B affine in α.

    Lemma 1 on the interval fixes Banker's move where it is D or S for every α there; the
    rest (plus ``extra`` (label, move) constraints, e.g. a casino rule) are left strategic.
    Returns (free labels, column labels, A, B0, B1) with B(α) = B0 + α·B1 (2 × 2^k Fractions).
    """
    classes = _interval_classes(lo, hi, lo_open, hi_open)
    fixed = {lab: (1 if c == "D" else 0) for lab, c in classes.items() if c in ("D", "S")}
    fixed.update(dict(extra))
    free = [lab for lab in _tables().infosets if lab not in fixed]
    g0 = fix_banker_moves(_game(F(0)), fixed)
    gh = fix_banker_moves(_game(F(1, 2)), fixed)
    m0 = materialize(g0, reduce=False, moves=("S", "D"))
    mh = materialize(gh, reduce=False, moves=("S", "D"))
    A = [list(r) for r in m0.A]
    B0 = [list(r) for r in m0.B]
    B1 = [[2 * (y - x) for x, y in zip(r0, rh)] for r0, rh in zip(m0.B, mh.B)]
    if mh.A != m0.A:  # pragma: no cover - Player's payoff does not depend on α
        raise AssertionError("Player's payoffs depend on alpha")
    return tuple(free), tuple(m0.col_labels), A, B0, B1


def _B_at(B0, B1, a):
    return [[x + a * y for x, y in zip(r0, r1)] for r0, r1 in zip(B0, B1)]


def _bimatrix(A, B0, B1, a, cols: Sequence[int] | None = None, labels=None) -> BimatrixGame:
    B = _B_at(B0, B1, a)
    cols = list(range(len(A[0]))) if cols is None else list(cols)
    return BimatrixGame([[r[j] for j in cols] for r in A], [[r[j] for j in cols] for r in B],
                        row_labels=["S on 5", "D on 5"],
                        col_labels=[labels[j] for j in cols] if labels else None)


def _stacked(A, B0, B1, alphas: Sequence[F], labels) -> BimatrixGame:
    """Banker's payoffs at several α stacked as rows: a column strictly dominated here (by one
    mixture) is strictly dominated for every α in their convex hull (B is affine in α)."""
    rowsB = []
    rowsA = []
    for a in alphas:
        B = _B_at(B0, B1, a)
        rowsB += [B[0], B[1]]
        rowsA += [A[0], A[1]]
    return BimatrixGame(rowsA, rowsB, col_labels=labels)


@cache
def _reduction(lo: F, hi: F, lo_open: bool, hi_open: bool, extra: tuple = ()):
    """(free labels, column labels, surviving column numbers, A, B0, B1) on an interval."""
    free, labels, A, B0, B1 = _interval_game(lo, hi, lo_open, hi_open, extra)
    res = iterated_dominance(_stacked(A, B0, B1, [lo, hi], labels), players=("column",))
    return free, labels, list(res.cols), A, B0, B1


def _interval_1_15():
    return _reduction(F(0), F(1, 15), False, True)


def _interval_1_6():
    return _reduction(F(1, 15), F(1, 6), False, False)


def _interval_2_5():
    return _reduction(F(1, 6), F(2, 5), True, True)


def _scaled16(A, B0, B1):
    """Columns as the paper prints the transposes: Aᵀ/(16/13⁶) and B_αᵀ = (c − sα)·8/13⁶."""
    At = [tuple(A[u][j] / A_UNIT for u in (0, 1)) for j in range(len(A[0]))]
    Bt = [tuple((B0[u][j] / B_UNIT, -B1[u][j] / B_UNIT) for u in (0, 1)) for j in range(len(A[0]))]
    return At, Bt


def _reduced_game_at(a: F):
    """(column labels, A, B) of Theorem 2's reduced game (2×5, 2×8 or 2×9) at commission a."""
    if a < F(1, 15):
        _, labels, kept, A, B0, B1 = _interval_1_15()
    elif a <= F(1, 6):
        _, labels, kept, A, B0, B1 = _interval_1_6()
    else:
        _, labels, kept, A, B0, B1 = _interval_2_5()
    return [labels[j] for j in kept], kept, A, B0, B1


def _zero_sum(M):
    return solve_matrix_game(M)


def _transpose(M):
    return [list(c) for c in zip(*M)]


def _safety_banker(a: F):
    """(v_B, Banker's maxmin mixture as {label: weight}) of the reduced game at a."""
    labels, kept, A, B0, B1 = _reduced_game_at(a)
    B = _B_at(B0, B1, a)
    Bt = [[B[u][j] for u in (0, 1)] for j in kept]
    s = _zero_sum(Bt)
    return s.value, {labels[i]: w for i, w in enumerate(s.row) if w}


def _safety_player(a: F):
    labels, kept, A, B0, B1 = _reduced_game_at(a)
    M = [[A[u][j] for j in kept] for u in (0, 1)]
    s = _zero_sum(M)
    return s.value, s.row, [labels[i] for i, w in enumerate(s.col) if w]


# ------------------------------------------------------------------------------------------
# Section 2: distributions, conditional payoffs, Table 1, the 2×16 and 2×5 matrices
# ------------------------------------------------------------------------------------------
def _p1_from_cards() -> tuple[F, ...]:
    c = shoe_counts(1)
    return tuple(F(x, sum(c)) for x in c)


@claim("I.sec2.p2", PAPER, "§2", "distribution of a two-card total: p2(i) = (16 + 9δ_{i,0})/13²")
def _p2():
    p1 = _p1_from_cards()
    ours = tuple(sum((p1[a] * p1[b] for a in range(10) for b in range(10) if (a + b) % 10 == i), F(0))
                 for i in range(10))
    return tuple(F(16 + 9 * (i == 0), 13**2) for i in range(10)), ours


@claim("I.sec2.p1", PAPER, "§2", "distribution of a card value: p1(k) = (1 + 3δ_{k,0})/13")
def _p1():
    return tuple(F(1 + 3 * (k == 0), 13) for k in range(10)), _p1_from_cards()


def _b_claim(label):
    def fn():
        paper = {k: PAPER_B[label][k] for k in sorted(PAPER_B[label])}
        ours = {k: _b(label, *k) for k in sorted(PAPER_B[label])}
        return ({f"b{u}{v}": x for (u, v), x in paper.items()}, {f"b{u}{v}": x for (u, v), x in ours.items()})
    return fn


for _lab, _where, _name in (("3:9", "eq. (2)", "(3, 9)"), ("4:1", "eq. (3)", "(4, 1)"),
                            ("5:4", "eq. (4)", "(5, 4)"), ("6:-", "eq. (5)", "(6, ∅)"),
                            ("6:6", "§2, after Table 1", "(6, 6)")):
    claim(f"I.sec2.b{_lab.replace(':', '').replace('-', 'stand')}", PAPER, _where,
          f"Banker's conditional expected profits b_uv{_name} as affine functions of α")(_b_claim(_lab))


@claim("I.sec2.star_intervals", PAPER, "§2, after (5)",
       "b00 > b01 and b10 < b11 hold for (3,9) on [0,1], (4,1) on [0,1/6), (5,4) on [0,3/7), (6,∅) on [0,2/5)")
def _star_intervals():
    paper = {"3:9": "[0, 1]", "4:1": "[0, 1/6)", "5:4": "[0, 3/7)", "6:-": "[0, 2/5)"}
    ours = {}
    for lab in STAR_CELLS:
        # the inequalities are G0 < 0 < G1 (G_u = b_{u,1} − b_{u,0}); where does one first fail?
        roots = []
        for u, want in ((0, -1), (1, 1)):
            g = _gain(lab, u)
            if _sign(g(F(0))) != want:
                raise AssertionError(f"{lab}: the inequality fails at alpha = 0")
            if g[1] != 0:
                r = -g[0] / g[1]
                if r > 0:
                    roots.append(r)
        r = min(roots) if roots else None
        ours[lab] = "[0, 1]" if r is None or r > 1 else f"[0, {r})"
    return paper, ours


@claim("I.table1", PAPER, "Table 1",
       "Banker's optimal move at all 88 situations for 0 ≤ α < 1/15 (* = S vs stand on 5, D vs draw on 5)")
def _table1():
    return _grid(_paper_table()), _grid(_interval_classes(F(0), F(1, 15), hi_open=True))


@claim("I.table1.extension", PAPER, "Thm 2, proof",
       "extending Table 1 to 0 ≤ α < 2/5 changes only (6,6) (D → *, reversed, at 1/15) and (4,1) (* → S at 1/6)")
def _table1_extension():
    paper = [("6:6", F(1, 15), "D", "D/S"), ("4:1", F(1, 6), "S/D", "S")]
    lo, hi = F(0), F(2, 5)
    ours = []
    for lab in _tables().infosets:
        pts = set()
        for u in (0, 1):
            g = _gain(lab, u)
            if g[1] != 0 and lo < -g[0] / g[1] < hi:
                pts.add(-g[0] / g[1])
        for r in sorted(pts):
            before = _interval_classes(lo, r, False, True)[lab]
            after = _interval_classes(r, hi, True, True)[lab]
            if before != after:
                ours.append((lab, r, before, after))
    # the classes between the change points, as the proof states them
    ours.sort(key=lambda t: t[1])
    return paper, ours


@claim("I.sec2.2x16.A", PAPER, "§2, Aᵀ",
       "Player's 2×16 payoff matrix Aᵀ (units 16/13⁶) on (3,9), (4,1), (5,4), (6,∅)")
def _a16():
    free, labels, A, B0, B1 = _interval_game(F(0), F(1, 15), False, True)
    At, _ = _scaled16(A, B0, B1)
    return (list(STAR_CELLS), LABELS16, [tuple(F(x) for x in r) for r in PAPER_AT16]), (list(free), list(labels), At)


@claim("I.sec2.2x16.B", PAPER, "§2, B_αᵀ",
       "Banker's 2×16 payoff matrix B_αᵀ = (c − sα)·8/13⁶, as (c, s) pairs per column S on 5, D on 5")
def _b16():
    free, labels, A, B0, B1 = _interval_game(F(0), F(1, 15), False, True)
    _, Bt = _scaled16(A, B0, B1)
    paper = [tuple((F(c), F(s)) for c, s in r) for r in PAPER_BT16]
    return paper, Bt


@claim("I.sec2.2x5", PAPER, "§2, 2×5",
       "iterated strict dominance (valid for all 0 ≤ α ≤ 1/15) leaves columns 0, 2, 10, 11, 15 = "
       "SSSS, SSDS, DSDS, DSDD, DDDD")
def _kept5():
    _, labels, kept, *_ = _interval_1_15()
    return ([LABELS16[j] for j in PAPER_KEPT5], [labels[j] for j in kept])


def _minimal_dominators(A, B0, B1, labels, alphas, j, cands):
    """All minimal supports (size ≤ 2) among ``cands`` with one mixture dominating column j
    strictly at every α in ``alphas`` (hence on their convex hull)."""
    g = _stacked(A, B0, B1, alphas, labels)
    out = []
    for k in cands:
        if k != j and dominating_mixture(g, "column", j, support=[k]) is not None:
            out.append((k,))
    pure = {s[0] for s in out}
    for k1, k2 in combinations([k for k in cands if k != j], 2):
        if k1 in pure or k2 in pure:
            continue
        if dominating_mixture(g, "column", j, support=[k1, k2]) is not None:
            out.append((k1, k2))
    return out


@claim("I.sec2.dominations", PAPER, "§2, after B_αᵀ (2×5)",
       "the dominations listed: 4, 6, 12 by 10; 5, 7, 13 by 11; 1, 3 by 0&11; 8 by 0&10; 9, 14 by 10&11",
       compare=lambda paper, ours: paper.keys() == ours.keys()
       and all(paper[j] in ours[j] for j in paper))
def _dominations():
    _, labels, kept, A, B0, B1 = _interval_1_15()
    ours = {j: _minimal_dominators(A, B0, B1, labels, [F(0), F(1, 15)], j, kept)
            for j in range(16) if j not in kept}
    return PAPER_DOMINATIONS, ours


# ------------------------------------------------------------------------------------------
# Section 3: safety levels, Theorem 1, α′, α₀, Theorem 2
# ------------------------------------------------------------------------------------------
@claim("I.eq6.vP", PAPER, "eq. (6)", "Player's safety level v_P = val(A) = −679568/(11·13⁶)")
def _vp():
    return V_P, _safety_player(F(1, 20))[0]


@claim("I.eq6.p", PAPER, "eq. (6)", "Player's maxmin strategy draws on 5 with probability p = 9/11")
def _vp_p():
    return P_MAXMIN, _safety_player(F(1, 20))[1][1]


@claim("I.eq6.kernel", PAPER, "eq. (6)", "columns DSDS and DSDD specify the kernel of A")
def _vp_kernel():
    return ["DSDS", "DSDD"], _safety_player(F(1, 20))[2]


@claim("I.eq7.vB", PAPER, "eq. (7)",
       "Banker's safety level v_B = val(B_αᵀ) = 8(84946 − 3099233α + 1668708α²)/((11 − 6α)13⁶), 0 ≤ α < α₀")
def _vb():
    alphas = BELOW_1_15 + BELOW_ALPHA0
    return [paper_vB(a) for a in alphas], [_safety_banker(a)[0] for a in alphas]


@claim("I.eq8.q", PAPER, "eq. (8)",
       "Banker's maxmin strategy: (1 − q, q) on DSDS, DSDD (DSDDS, DSDDD for α ≥ 1/15), q = (859 − 915α)/(2288 − 1248α)")
def _q8():
    alphas = BELOW_1_15 + BELOW_ALPHA0
    paper, ours = [], []
    for a in alphas:
        kern = ["DSDDS", "DSDDD"] if a >= F(1, 15) else ["DSDS", "DSDD"]
        paper.append({kern[0]: 1 - paper_q(a), kern[1]: paper_q(a)})
        ours.append(_safety_banker(a)[1])
    return paper, ours


def _kernel_value_function(kernel: Sequence[str], interval):
    """val of the 2×2 kernel of B_αᵀ (rows ``kernel``) and the maxmin q, as sympy functions of α."""
    import sympy

    al = sympy.Symbol("alpha")
    _, labels, kept, A, B0, B1 = interval
    rows = []
    for name in kernel:
        j = labels.index(name)
        rows.append([_sym(B0[u][j]) + al * _sym(B1[u][j]) for u in (0, 1)])
    (a, b), (c, d) = rows  # Banker's rows, Player's columns (S on 5, D on 5)
    den = a + d - b - c
    val = sympy.cancel((a * d - b * c) / den)
    q = sympy.cancel((a - b) / den)  # weight on the second row
    p = sympy.cancel((a - c) / den)  # Player's weight on "D on 5" in the kernel
    return al, val, q, p


@claim("I.eq7.symbolic", PAPER, "eqs. (7)–(9)",
       "from the kernel rows DSDS/DSDD: v_B, q and Player's equalizing p = (9 − α)/(11 − 6α) as rational functions",
       compare=lambda paper, ours: _same_functions(paper, ours))
def _eq7_symbolic():
    import sympy

    al, val, q, p = _kernel_value_function(["DSDS", "DSDD"], _interval_1_15())
    paper = [sympy.cancel(_sym(8) * (84946 - 3099233 * al + 1668708 * al**2) / ((11 - 6 * al) * U6)),
             sympy.cancel((859 - 915 * al) / (2288 - 1248 * al)),
             sympy.cancel((9 - al) / (11 - 6 * al))]
    return paper, [val, q, p]


@claim("I.eq9.alpha_1_20", PAPER, "after (9)",
       "at α = 1/20: p = 179/214, q = 16265/44512, v_B = −26337552/(535·13⁶)")
def _at_1_20():
    a = F(1, 20)
    sol = solve_model("A1", alpha=a)
    vb, mix = _safety_banker(a)
    return [F(179, 214), F(16265, 44512), F(-26337552, 535 * U6)], [sol.equilibria[0].player["5"], mix["DSDD"], vb]


def _theorem_banker(q: F, overrides: dict[str, str]) -> dict[str, F]:
    """The paper's Banker strategy: Table 1 with the theorem's moves and q at (6, ∅)."""
    table = _paper_table()
    table.update(overrides)
    out = {}
    for lab, c in table.items():
        out[lab] = q if lab == "6:-" else F(1 if c == "D" else 0)
    return out


def _model_banker(sol) -> dict[str, F]:
    e = sol.equilibria[0]
    return dict(zip(sol.banker_infosets, e.banker))


def _summary(rows):
    """(all unique?, {α: p}, the distinct Banker grids, {α: Banker's mixed sets}) of samples."""
    return (all(r[1] for r in rows), {r[0]: r[2] for r in rows}, sorted({_grid(r[3]) for r in rows}),
            {r[0]: {k: v for k, v in r[3].items() if 0 < v < 1} for r in rows})


def _theorem_rows(alphas, paper_banker):
    paper, ours = [], []
    for a in alphas:
        sol = solve_model("A1", alpha=a)
        paper.append((a, True, paper_p(a), paper_banker(a)))
        ours.append((a, sol.unique, sol.equilibria[0].player["5"], _model_banker(sol)))
    return _summary(paper), _summary(ours)


@claim("I.thm1", PAPER, "Thm 1",
       "unique equilibrium for 0 ≤ α < 1/15: p = (9 − α)/(11 − 6α); Banker as Table 1, D on (3,9), S on (4,1), "
       "D on (5,4), q = 859/2288 on (6,∅) (full 88-set game, Foster's algorithm)")
def _thm1():
    over = {"3:9": "D", "4:1": "S", "5:4": "D"}
    return _theorem_rows(BELOW_1_15, lambda a: _theorem_banker(Q_BELOW, over))


@claim("I.thm1.payoffs", PAPER, "after Thm 1",
       "at the equilibrium both players receive exactly their safety levels (6) and (7)")
def _thm1_payoffs():
    paper, ours = [], []
    for a in BELOW_1_15:
        paper.append((V_P, paper_vB(a)))
        ours.append(solve_model("A1", alpha=a).equilibria[0].payoffs)
    return paper, ours


@claim("I.thm1.2x5", PAPER, "§3, support enumeration",
       "the 2×5 game (α = 1/20) has no pure equilibrium and exactly one, with support DSDS, DSDD (gamekit.bimatrix.solve)")
def _thm1_2x5():
    a = F(1, 20)
    labels, kept, A, B0, B1 = _reduced_game_at(a)
    res = solve_result(_bimatrix(A, B0, B1, a, kept, None), method="all")
    eqs = [(e.row[1], {labels[j]: w for j, w in enumerate(e.col) if w}) for e in res.equilibria]
    return [(paper_p(a), {"DSDS": 1 - Q_BELOW, "DSDD": Q_BELOW})], eqs


@claim("I.alpha_prime", PAPER, "after Thm 1",
       "v_B ≥ v_P iff 0 ≤ α ≤ α′ = (34601239 − √1060031672799697)/36711576 ≈ 0.0556531",
       compare=lambda paper, ours: _same_surd(paper[0], ours[0]) and paper[1:] == ours[1:])
def _alpha_prime():
    al, val, _, _ = _kernel_value_function(["DSDS", "DSDD"], _interval_1_15())
    (r,) = _roots_in(val - _sym(_safety_player(F(1, 20))[0]), al, F(0), F(1, 15))
    # v_B ≥ v_P exactly on [0, α′]: check both sides with exact arithmetic
    lo_ok = all(_safety_banker(a)[0] >= V_P for a in (F(0), F(1, 40), F(55, 1000)))
    hi_ok = all(_safety_banker(a)[0] < V_P for a in (F(56, 1000), F(1, 16)))
    return (ALPHA_PRIME, "0.0556531", True), (r, f"{float(r):.7f}", lo_ok and hi_ok)


@cache
def _affine_a1():
    g0, gh = _game(F(0)), _game(F(1, 2))
    return AffineAdditiveGame.from_endpoints(g0, gh, 0, F(1, 2))


@cache
def _alpha0():
    """α₀: where the best-response-discontinuity curves p(6,6)(α) and p(6,∅)(α) meet in (1/15, 1/6).

    p(l) = G₀(l)/(G₀(l) − G₁(l)); p(6,6) = p(6,∅) ⟺ G₀(66)G₁(6∅) − G₀(6∅)G₁(66) = 0, a quadratic.
    """
    t = _tables()
    i66, i6s = t.index("6:6"), t.index("6:-")
    aff = _affine_a1()
    G = {(u, l): aff.b_gain(u, l) for u in (0, 1) for l in (i66, i6s)}

    def mul(x, y):
        return (x[0] * y[0], x[0] * y[1] + x[1] * y[0], x[1] * y[1])

    p1, p2 = mul(G[0, i66], G[1, i6s]), mul(G[0, i6s], G[1, i66])
    q = [p1[k] - p2[k] for k in range(3)]
    roots = [r for r in quadratic_roots(*q) if compare(r, F(1, 15)) > 0 and compare(r, F(1, 6)) < 0]
    (r,) = roots
    return r


@claim("I.alpha0", PAPER, "before Thm 2",
       "α₀ = (1159 − √974841)/1220 ≈ 0.140705: where Banker's discontinuities at (6,6) and (6,∅) coincide",
       compare=lambda paper, ours: _same_surd(paper[0], ours[0]) and paper[1] == ours[1])
def _alpha0_claim():
    r = _alpha0()
    return (ALPHA_0, "0.140705"), (r, f"{float(r):.6f}")


@claim("I.alpha0.safety", PAPER, "after (12)",
       "at α = α₀ the two safety levels (7) and (12) coincide (derived from the kernels DSDDS/DSDDD and DSDSS/DSDSD)",
       compare=lambda paper, ours: _same_surd(paper, ours))
def _alpha0_safety():
    _, v1, _, _ = _kernel_value_function(["DSDDS", "DSDDD"], _interval_1_6())
    al, v2, _, _ = _kernel_value_function(["DSDSS", "DSDSD"], _interval_1_6())
    (r,) = _roots_in(v1 - v2, al, F(1, 15), F(1, 6))
    return ALPHA_0, r


def _roots_in(expr, al, lo: F, hi: F) -> list:
    """Exact roots in (lo, hi) of the numerator of a rational function of α (degree ≤ 2)."""
    import sympy

    num, _ = sympy.fraction(sympy.together(expr))
    poly = sympy.Poly(sympy.expand(num), al)
    if poly.degree() > 2:
        raise AssertionError(f"expected a quadratic, got degree {poly.degree()}")
    cs = [F(int(c.p), int(c.q)) for c in reversed(poly.all_coeffs())] + [F(0)] * 3
    return [r for r in quadratic_roots(cs[0], cs[1], cs[2]) if compare(r, lo) > 0 and compare(r, hi) < 0]


@claim("I.thm2.reduce", PAPER, "Thm 2, proof",
       "Lemma 1 leaves (3,9), (4,1), (5,4), (6,6), (6,∅) on [1/15, 1/6] and (3,9), (5,4), (6,6), (6,∅) on (1/6, 2/5)")
def _thm2_reduce():
    paper = (["3:9", "4:1", "5:4", "6:6", "6:-"], ["3:9", "5:4", "6:6", "6:-"])
    return paper, (list(_interval_1_6()[0]), list(_interval_2_5()[0]))


@claim("I.thm2.2x8", PAPER, "Thm 2, proof",
       "on [1/15, 1/6] strict dominance leaves pure strategies 2, 6, 20, 21, 22, 23, 29, 31 (of 0–31)")
def _thm2_2x8():
    return PAPER_KEPT8, _interval_1_6()[2]


def _dominator_text(labels, by) -> str:
    return " + ".join(f"{w}·{labels[k]}" for k, w in by)


@claim("I.thm2.2x9", PAPER, "Thm 2, proof",
       "on (1/6, 2/5) strict dominance leaves pure strategies 0, 2, 6, 8, 10, 12, 13, 14, 15 (of 0–15); "
       "a valid reduction, but not complete: 15 = DDDD is strictly dominated too, on the whole interval",
       compare=lambda paper, ours: set(ours[0]) <= set(paper) and set(paper) - set(ours[0]) == set(ours[1]))
def _thm2_2x9():
    _, labels, kept, A, B0, B1 = _interval_2_5()
    g = _stacked(A, B0, B1, [F(1, 6), F(2, 5)], labels)
    extra = {}
    for j in sorted(set(PAPER_KEPT9) - set(kept)):
        by = dominating_mixture(g, "column", j, support=kept)
        extra[j] = f"dominated by {_dominator_text(labels, by)}" if by else "not dominated"
    return PAPER_KEPT9, (kept, extra)


@claim("I.thm2.31", PAPER, "Thm 2, proof",
       "for α ∈ (α₀, 1/6] strict dominance eliminates one more of the eight: strategy 31 (DDDDD) "
       "(gamekit's iterated dominance also removes 23 = DSDDD there)",
       compare=lambda paper, ours: all(set(p) <= set(o) for p, o in zip(paper, ours)) and len(paper) == len(ours))
def _thm2_31():
    _, labels, kept, A, B0, B1 = _interval_1_6()
    paper, ours = [], []
    for a in ABOVE_ALPHA0:
        res = iterated_dominance(_bimatrix(A, B0, B1, a, kept, labels), players=("column",))
        paper.append([31])
        ours.append([kept[j] for j in range(len(kept)) if j not in res.cols])
    return paper, ours


def _explicit_equilibria(a: F):
    labels, kept, A, B0, B1 = _reduced_game_at(a)
    res = solve_result(_bimatrix(A, B0, B1, a, kept, None), method="all")
    return [(e.row[1], {f"{kept[j]} {labels[j]}": w for j, w in enumerate(e.col) if w})
            for e in res.equilibria]


@claim("I.thm2.equilibria", PAPER, "Thm 2, proof",
       "unique equilibrium of the reduced game: support 22, 23 (DSDDS, DSDDD), q = 859/2288 on (1/15, α₀); "
       "20, 21 (DSDSS, DSDSD), q = 811/2288 on (α₀, 1/6]; 12, 13 (DDSS, DDSD), q = 811/2288 on (1/6, 2/5)")
def _thm2_eq():
    paper, ours = [], []
    for a in BELOW_ALPHA0 + ABOVE_ALPHA0 + ABOVE_1_6:
        if a < _alpha0():
            sup = {"22 DSDDS": 1 - Q_BELOW, "23 DSDDD": Q_BELOW}
        elif a <= F(1, 6):
            sup = {"20 DSDSS": 1 - Q_ABOVE, "21 DSDSD": Q_ABOVE}
        else:
            sup = {"12 DDSS": 1 - Q_ABOVE, "13 DDSD": Q_ABOVE}
        paper.append([(paper_p(a), sup)])
        ours.append(_explicit_equilibria(a))
    return paper, ours


@claim("I.thm2", PAPER, "Thm 2",
       "unique equilibrium for α ∈ [0, α₀) ∪ (α₀, 2/5): p as in (9); Banker draws (3,9), stands (4,1), draws (5,4); "
       "(6,6) D and q = 859/2288 below α₀, (6,6) S and q = 811/2288 above (full 88-set game, Foster)")
def _thm2_model():
    def banker(a):
        below = a < _alpha0()
        over = {"3:9": "D", "4:1": "S", "5:4": "D", "6:6": "D" if below else "S"}
        return _theorem_banker(Q_BELOW if below else Q_ABOVE, over)

    return _theorem_rows([F(0), F(1, 20)] + BELOW_ALPHA0 + ABOVE_ALPHA0 + ABOVE_1_6, banker)


@cache
def _structure_at_alpha0():
    data = live_data(_affine_a1(), F(1, 15), F(1, 6))
    return data, analyze(data, AlphaPoint(_alpha0()))


@claim("I.thm2.alpha0.p", PAPER, "Thm 2, proof",
       "at α = α₀ Player draws on 5 with p = (9 − α₀)/(11 − 6α₀) in every equilibrium")
def _alpha0_p():
    a0 = _alpha0()
    _, st = _structure_at_alpha0()
    ps = sorted({p for p, _ in st.equilibria()}, key=float)
    return [paper_p(a0)], ps


@claim("I.thm2.alpha0.eq11", PAPER, "eq. (11)",
       "at α = α₀ exactly four extreme equilibria (Banker mixtures on (3,9),(4,1),(5,4),(6,6),(6,∅)) with "
       "Player payoffs −679568/(11·13⁶), −677152/(11·13⁶), −8629431/(140·13⁶), −9007929/(146·13⁶)")
def _alpha0_eq11():
    data, st = _structure_at_alpha0()
    t = _tables()
    boxes = [b for b in st.boxes if b.vertices]
    if len(boxes) != 1:
        raise AssertionError(f"expected one breakpoint with equilibria, found {len(boxes)}")
    box = boxes[0]
    P = st.point
    names = list(STAR_CELLS[:3]) + ["6:6", "6:-"]
    idx = [t.index(s) for s in names]
    g_any = _game(F(0))

    def full_set(mask: int) -> frozenset[int]:
        y = data.full_behaviour([F((mask >> i) & 1) for i in range(len(data.live))])
        return frozenset(l for l, v in enumerate(y) if v == 1)

    def word(T: frozenset[int]) -> str:
        return "".join("D" if l in T else "S" for l in idx)

    # extreme mixed equilibria over the box's pure best responses: corners with D = 0 and
    # pairs of corners with D of opposite signs (Player indifferent); D is α-free here
    corners = list(box.signs)
    dval = {T: P.val1(*data.D(T)) for T in corners}
    found = []
    for T in corners:
        if dval[T] == 0:
            found.append({word(full_set(T)): F(1)})
    for T1, T2 in combinations(corners, 2):
        d1, d2 = dval[T1], dval[T2]
        if d1 * d2 < 0:
            w2 = F(d1 / (d1 - d2))
            found.append({word(full_set(T1)): 1 - w2, word(full_set(T2)): w2})
    pays = []
    for mix in found:
        pay = F(0)
        for w_, T in ((w, next(full_set(T) for T in corners if word(full_set(T)) == k)) for k, w in mix.items()):
            pay += w_ * g_any.a(0, T)
        pays.append(pay)
    key = sorted(range(len(found)), key=lambda i: -pays[i])
    paper_key = sorted(range(4), key=lambda i: -PAPER_EQ11_PLAYER[i])
    return ([(PAPER_EQ11[i], PAPER_EQ11_PLAYER[i]) for i in paper_key],
            [(found[i], pays[i]) for i in key])


@claim("I.thm2.alpha0.behaviour", PAPER, "Thm 2, proof",
       "in behaviour strategies the equilibria at α₀ form one segment: (6,6) from D to S while q at (6,∅) "
       "goes from 859/2288 to 811/2288 (the first two mixtures of (11) are its ends)")
def _alpha0_behaviour():
    data, st = _structure_at_alpha0()
    t = _tables()
    i66, i6s = t.index("6:6"), t.index("6:-")
    ends = []
    for _p, y in st.equilibria():
        full = data.full_behaviour(list(y))
        ends.append((full[i66], full[i6s]))
    return sorted([(F(1), Q_BELOW), (F(0), Q_ABOVE)]), sorted(ends)


@claim("I.eq12", PAPER, "eq. (12)",
       "for α₀ < α < 2/5: v_B = 8(84644 − 3096915α + 1667488α²)/((11 − 6α)13⁶), maxmin q = (811 − 883α)/(2288 − 1248α)")
def _eq12():
    paper, ours = [], []
    for a in ABOVE_ALPHA0 + ABOVE_1_6:
        vb, mix = _safety_banker(a)
        kern = ["DSDSS", "DSDSD"] if a <= F(1, 6) else ["DDSS", "DDSD"]
        paper.append((paper_vB_above(a), {kern[0]: 1 - paper_q_above(a), kern[1]: paper_q_above(a)}))
        ours.append((vb, mix))
    return paper, ours


@claim("I.eq12.symbolic", PAPER, "eq. (12)",
       "v_B and q above α₀ as rational functions, derived from the kernel DSDSS/DSDSD of the 2×8",
       compare=lambda paper, ours: _same_functions(paper, ours))
def _eq12_symbolic():
    import sympy

    al, val, q, _ = _kernel_value_function(["DSDSS", "DSDSD"], _interval_1_6())
    paper = [sympy.cancel(_sym(8) * (84644 - 3096915 * al + 1667488 * al**2) / ((11 - 6 * al) * U6)),
             sympy.cancel((811 - 883 * al) / (2288 - 1248 * al))]
    return paper, [val, q]


@claim("I.sec3.payoffs", PAPER, "after (12)",
       "equilibrium payoffs: Player v_P below α₀, −677152/(11·13⁶) above; Banker (7) below α₀, (12) above")
def _sec3_payoffs():
    paper, ours = [], []
    for a in BELOW_ALPHA0 + ABOVE_ALPHA0 + ABOVE_1_6:
        below = a < _alpha0()
        paper.append((V_P if below else V_P_ABOVE, paper_vB(a) if below else paper_vB_above(a)))
        ours.append(solve_model("A1", alpha=a).equilibria[0].payoffs)
    return paper, ours


def _degenerate_points(A, B0, B1, cols, lo, hi, lo_open, hi_open):
    """Every α in the interval where the 2×N bimatrix (A, B0 + αB1) restricted to ``cols`` is
    degenerate: a pure Player strategy with ≥ 2 best replies, or a mixed one with ≥ 3
    (Banker's lines p ↦ (1 − p)B[0][j] + pB[1][j] meeting three at a time on the upper
    envelope), or a Banker column where Player is indifferent. Exact (quadratic surds)."""
    def inside(x) -> bool:
        c_lo, c_hi = compare(x, lo), compare(x, hi)
        return (c_lo > 0 or (c_lo == 0 and not lo_open)) and (c_hi < 0 or (c_hi == 0 and not hi_open))

    def val(u, j, a):
        return B0[u][j] + a * B1[u][j]

    def line(c):  # intercept and slope of p ↦ (1 − p)B[0][c] + pB[1][c], each affine in α
        return ((B0[0][c], B1[0][c]), (B0[1][c] - B0[0][c], B1[1][c] - B1[0][c]))

    pts = []
    if any(A[0][j] == A[1][j] for j in cols):
        raise AssertionError("Player is indifferent against a pure Banker strategy for every alpha")
    # pure Player strategy u: two equal maximal entries of row u
    for u in (0, 1):
        for j, k in combinations(cols, 2):
            c0, c1 = B0[u][j] - B0[u][k], B1[u][j] - B1[u][k]
            if c1 == 0:
                if c0 == 0:
                    raise AssertionError(f"columns {j} and {k} tie in row {u} for every alpha")
                continue
            a = -c0 / c1
            if inside(a) and all(val(u, j, a) >= val(u, m, a) for m in cols):
                pts.append(a)
    # mixed Player strategy: three lines concurrent at p in (0, 1) on the upper envelope
    for j, k, m in combinations(cols, 3):
        rows = [line(c) for c in (j, k, m)]
        # det [[i_c, s_c, 1]] (i_c, s_c affine in α) = Σ_cyclic i_a (s_b − s_c): a quadratic in α
        q = [F(0)] * 3
        for t in range(3):
            ia = rows[t][0]
            sb, sc = rows[(t + 1) % 3][1], rows[(t + 2) % 3][1]
            d = (sb[0] - sc[0], sb[1] - sc[1])
            q[0] += ia[0] * d[0]
            q[1] += ia[0] * d[1] + ia[1] * d[0]
            q[2] += ia[1] * d[1]
        if q == [0, 0, 0]:
            raise AssertionError(f"lines {j}, {k}, {m} are concurrent or parallel for every alpha")
        for a in quadratic_roots(*q):
            if not inside(a):
                continue
            (i_j, s_j), (i_k, s_k) = [(x[0] + a * x[1], y[0] + a * y[1]) for x, y in rows[:2]]
            if s_j == s_k:
                continue  # parallel (then all three are, or they do not meet in one point)
            p = (i_k - i_j) / (s_j - s_k)
            if compare(p, 0) <= 0 or compare(p, 1) >= 0:
                continue
            top = (1 - p) * val(0, j, a) + p * val(1, j, a)
            if all(compare(top, (1 - p) * val(0, c, a) + p * val(1, c, a)) >= 0 for c in cols):
                pts.append(a)
    uniq = []
    for x in sort_numbers(pts):
        if not uniq or compare(uniq[-1], x) != 0:
            uniq.append(x)
    return uniq


@claim("I.eq10", PAPER, "eq. (10)",
       "on [1/15, 2/5) the reduced bimatrix is nondegenerate except at 1/15, α₀, 1/6 and the four values of (10)",
       compare=lambda paper, ours: len(paper) == len(ours) and all(_same_surd(p, o) for p, o in zip(paper, ours)))
def _eq10():
    import sympy

    out = []
    for (lo, hi, lo_open, hi_open), red in (((F(1, 15), F(1, 6), False, False), _interval_1_6()),
                                            ((F(1, 6), F(2, 5), True, True), _interval_2_5())):
        _, labels, kept, A, B0, B1 = red
        out += _degenerate_points(A, B0, B1, kept, lo, hi, lo_open, hi_open)
    paper = ["1/15", ALPHA_0, "1/6"] + PAPER_EXCEPTIONS_10
    paper.sort(key=lambda s: float(sympy.sympify(s)))
    return paper, sort_numbers(out)


@claim("I.sec3.nondegenerate_2x5", PAPER, "§3, before Thm 1",
       "the 2×5 bimatrix is nondegenerate for every 0 ≤ α < 1/15")
def _nondeg5():
    _, labels, kept, A, B0, B1 = _interval_1_15()
    return [], _degenerate_points(A, B0, B1, kept, F(0), F(1, 15), False, True)


@claim("I.thm2.6_35", PAPER, "Thm 2, proof",
       "at α = 6/35 and p = 7/16, pB has four equal maximal entries (2, 6, 10, 14) and Player's indifference "
       "forces q14 = 875/16 + 11 q2 + 10 q6 > 1")
def _six_35():
    a = F(6, 35)
    _, labels, kept, A, B0, B1 = _interval_2_5()
    B = _B_at(B0, B1, a)

    def pay(p, j):
        return (1 - p) * B[0][j] + p * B[1][j]

    # the p in (0, 1) where most of Banker's lines meet on the upper envelope
    best, p_best = [], None
    for j, k in combinations(kept, 2):
        den = (B[1][j] - B[0][j]) - (B[1][k] - B[0][k])
        if den == 0:
            continue
        p = (B[0][k] - B[0][j]) / den
        if not 0 < p < 1:
            continue
        top = max(pay(p, c) for c in kept)
        at_top = sorted(c for c in kept if pay(p, c) == top)
        if len(at_top) > len(best):
            best, p_best = at_top, p
    # Player indifferent: Σ q_j (A[1][j] − A[0][j]) = 0 with Σ q_j = 1 over the four; solve for q14
    dlt = {j: A[1][j] - A[0][j] for j in best}
    # eliminate q10 = 1 − q2 − q6 − q14:  q14 (d14 − d10) = −d10 − q2 (d2 − d10) − q6 (d6 − d10)
    c = dlt[14] - dlt[10]
    formula = (-dlt[10] / c, -(dlt[2] - dlt[10]) / c, -(dlt[6] - dlt[10]) / c)
    return (F(7, 16), [2, 6, 10, 14], (F(875, 16), F(11), F(10))), (p_best, best, formula)


# ------------------------------------------------------------------------------------------
# Section 4: constrained Banker strategies
# ------------------------------------------------------------------------------------------
def _crockford():
    """Crockford's Club: Banker free on (3,9), (5,4), (6,∅); stands on (4,1); Table 1 elsewhere."""
    return _reduction(F(0), F(1, 15), False, True, (("4:1", 0),))


@claim("I.sec4.crockford", PAPER, "§4",
       "the 2×8 Crockford game has a unique equilibrium, exactly Theorem 1's, for 0 ≤ α < 1/15 (gamekit.bimatrix.solve)")
def _crockford_claim():
    free, labels, _, A, B0, B1 = _crockford()
    paper, ours = [], []
    for a in BELOW_1_15:
        res = solve_result(_bimatrix(A, B0, B1, a, None, labels), method="all")
        paper.append([(paper_p(a), {"DDS": 1 - Q_BELOW, "DDD": Q_BELOW})])
        ours.append([(e.row[1], {labels[j]: w for j, w in enumerate(e.col) if w}) for e in res.equilibria])
    return (["3:9", "5:4", "6:-"], paper), (list(free), ours)


def _modern():
    """The modern game: Banker free on (3,9), (5,4) only; stands on (4,1) and (6,∅)."""
    return _interval_game(F(0), F(1, 15), False, True, (("4:1", 0), ("6:-", 0)))


def _modern_words(labels):
    """Two-letter moves on (3,9), (5,4) as the paper's four letters on (3,9),(4,1),(5,4),(6,∅)."""
    return [f"{w[0]}S{w[1]}S" for w in labels]


@claim("I.sec4.2x4", PAPER, "§4, Aᵀ and B_αᵀ",
       "the modern 2×4 game: Aᵀ (×16/13⁶) and B_αᵀ = (c − sα)·8/13⁶ on SSSS, SSDS, DSSS, DSDS")
def _modern_matrices():
    free, labels, A, B0, B1 = _modern()
    At, Bt = _scaled16(A, B0, B1)
    paper = (LABELS4, [tuple(F(x) for x in r) for r in PAPER_AT4],
             [tuple((F(c), F(s)) for c, s in r) for r in PAPER_BT4])
    return paper, (_modern_words(labels), At, Bt)


def _saddle(M):
    """Pure saddle points (i, j) of M (row maximizes): M[i][j] is its row minimum and column maximum."""
    out = []
    for i, r in enumerate(M):
        for j, x in enumerate(r):
            if x == min(r) and x == max(M[k][j] for k in range(len(M))):
                out.append((i, j))
    return out


@claim("I.sec4.vP", PAPER, "§4",
       "modern game: v_P = val(A) = −3705·16/13⁶, a saddle point at (D on 5, DSDS)")
def _modern_vp():
    _, labels, A, B0, B1 = _modern()
    words = _modern_words(labels)
    s = _zero_sum(A)
    return (F(-3705) * A_UNIT, [("D on 5", "DSDS")]), (
        s.value, [(["S on 5", "D on 5"][i], words[j]) for i, j in _saddle(A)])


@claim("I.sec4.vB", PAPER, "§4",
       "modern game: v_B = val(B_αᵀ) = (7410 − 276593α)·8/13⁶ with a saddle point at (DSDS, D on 5), 0 ≤ α < 2/5")
def _modern_vb():
    _, labels, A, B0, B1 = _modern()
    words = _modern_words(labels)
    paper, ours = [], []
    for a in BELOW_1_15 + [F(1, 10), F(1, 5), F(39, 100)]:
        Bt = _transpose(_B_at(B0, B1, a))
        paper.append(((7410 - 276593 * a) * B_UNIT, [("DSDS", "D on 5")]))
        ours.append((_zero_sum(Bt).value, [(words[i], ["S on 5", "D on 5"][j]) for i, j in _saddle(Bt)]))
    return paper, ours


@claim("I.sec4.vB_1_20", PAPER, "§4", "modern game at α = 1/20: v_B = −256786/(5·13⁶) ≈ −0.0106400")
def _modern_vb_1_20():
    _, labels, A, B0, B1 = _modern()
    v = _zero_sum(_transpose(_B_at(B0, B1, F(1, 20)))).value
    return (F(-256786, 5 * U6), "-0.0106400"), (v, f"{float(v):.7f}")


@claim("I.sec4.pure_eq", PAPER, "§4",
       "modern game, 0 ≤ α < 1/15: the unique equilibrium is pure: Player draws on 5, Banker DSDS (gamekit.bimatrix.solve)")
def _modern_eq():
    _, labels, A, B0, B1 = _modern()
    words = _modern_words(labels)
    paper, ours = [], []
    for a in BELOW_1_15:
        res = solve_result(_bimatrix(A, B0, B1, a, None, words), method="all")
        paper.append([(F(1), {"DSDS": F(1)})])
        ours.append([(e.row[1], {words[j]: w for j, w in enumerate(e.col) if w}) for e in res.equilibria])
    return paper, ours


@claim("I.sec4.gains", PAPER, "§4",
       "at α = 1/20 drawing instead of standing gains about 0.0025641 on (4,1) and 0.0673077 on (6,∅) "
       "when Player draws on 5")
def _gains():
    a = F(1, 20)
    ours = [_gain(lab, 1)(a) for lab in ("4:1", "6:-")]
    return ["0.0025641", "0.0673077"], [f"{float(x):.7f}" for x in ours]


# ------------------------------------------------------------------------------------------
# Section 5: nonstrategic baccarat
# ------------------------------------------------------------------------------------------
def _best_response(a: F, p: F) -> dict[str, str]:
    g = _game(a)
    br = col_best_response(g, (1 - p, p))
    if br.indifferent:
        raise AssertionError(f"Banker is indifferent at {sorted(g.infosets[l] for l in br.indifferent)}")
    return {lab: ("D" if l in br.ones else "S") for l, lab in enumerate(g.infosets)}


def _table_with(moves: str) -> dict[str, str]:
    t = _paper_table()
    t.update(dict(zip(STAR_CELLS, moves)))
    return t


@claim("I.sec5.mandated", PAPER, "§5",
       "Banker's mandated rule (Table 1 and DSDS on (3,9),(4,1),(5,4),(6,∅)) is his best response to "
       "Player's (1/2, 1/2) mixture (α = 0 and 1/20)")
def _mandated():
    return [_grid(_table_with("DSDS"))] * 2, [_grid(_best_response(a, F(1, 2))) for a in (F(0), F(1, 20))]


@claim("I.sec5.draw_on_5", PAPER, "§5",
       "Banker's best response to Player's mandated 'draw on 5' is Table 1 and DDDD (α = 0 and 1/20)")
def _br_draw():
    return [_grid(_table_with("DDDD"))] * 2, [_grid(_best_response(a, F(1))) for a in (F(0), F(1, 20))]


def nearest_pure(strategy: dict[str, F]) -> dict[str, int]:
    """Each draw probability rounded to the nearest pure move (1 = draw, 0 = stand).

    Rounding coordinatewise is the nearest pure behaviour strategy in every ℓᵖ distance
    (the distance is a sum over information sets); it is unique when no probability is 1/2,
    which the caller checks.
    """
    return {k: int(v > F(1, 2)) for k, v in strategy.items()}


@claim("I.sec5.nearest", PAPER, "§5, explanation 1",
       "checked (made precise): punto banco's mandated rules are the closest pair of pure strategies to "
       "Kemeny–Snell's optimal mixed strategies (α = 0, the 2 × 2⁸⁸ game): rounding each draw probability of "
       "the unique equilibrium to the nearest pure move — Player's p = 9/11 at 5, Banker's q = 859/2288 at "
       "(6, ∅), every other move pure — gives Player's and Banker's punto banco tableau exactly; no "
       "probability is 1/2, so the nearest pair is unique in every ℓᵖ distance")
def _nearest_pure():
    from games.baccara.rules.drawing import PUNTO_BANCO_BANKER, PUNTO_BANCO_PLAYER

    sol = solve_model("A1", alpha=F(0))
    (eq,) = sol.equilibria
    banker = dict(zip(eq.infosets, eq.banker))
    player = {t: F(m) for t, m in PUNTO_BANCO_PLAYER.items()}   # Player's forced moves ...
    player.update(eq.player)                                      # ... and his one free move, 5
    mixed = {k: v for k, v in {**banker, **{f"P{t}": v for t, v in player.items()}}.items() if 0 < v < 1}
    half = any(v == F(1, 2) for v in mixed.values())
    ours = (sol.unique, {k: str(v) for k, v in mixed.items()}, half,
            nearest_pure(player) == PUNTO_BANCO_PLAYER, nearest_pure(banker) == PUNTO_BANCO_BANKER)
    return (True, {"P5": "9/11", "6:-": "859/2288"}, False, True, True), ours


def _player_mix_given(third: str) -> F:
    """P(Player stands on 5 | Player drew) (or | stood) under the (1/2, 1/2) mixture."""
    t = _tables()
    labs = [s for s in t.infosets if (s.endswith(":-") == (third == "-"))]
    pu = [sum((t.prob[u][t.index(s)] for s in labs), F(0)) for u in (0, 1)]
    return pu[0] / (pu[0] + pu[1])


@claim("I.sec5.lemyre", PAPER, "§5, footnote",
       "Le Myre's mixtures: (89/194, 105/194) when Player draws, (3/5, 2/5) when he stands; "
       "89/169 (105/169) = P(two-card total ≤ 4 (≤ 5))")
def _lemyre():
    p1 = _p1_from_cards()
    p2 = [sum((p1[a] * p1[b] for a in range(10) for b in range(10) if (a + b) % 10 == i), F(0))
          for i in range(10)]
    d = _player_mix_given("draw")
    s = _player_mix_given("-")
    return ((F(89, 194), F(105, 194)), (F(3, 5), F(2, 5)), F(89, 169), F(105, 169)), (
        (d, 1 - d), (s, 1 - s), sum(p2[:5], F(0)), sum(p2[:6], F(0)))


# ------------------------------------------------------------------------------------------
# The decimals printed in the paper
# ------------------------------------------------------------------------------------------
def _decimal(x, like: str) -> str:
    """x rounded to as many decimals as the string ``like`` shows (exact rounding)."""
    k = len(like.split(".")[1])
    n = round(F(x) * 10**k)
    sign = "-" if n < 0 else ""
    n = abs(n)
    return f"{sign}{n // 10**k}.{n % 10**k:0{k}d}"


@claim("I.decimals", PAPER, "§3, §4", "the decimal approximations printed in the paper agree with the exact values")
def _decimals():
    a = F(1, 20)
    eq11 = {frozenset(mix): pay for mix, pay in _alpha0_eq11()[1]}
    paper = {
        "v_P (6)": "-0.0127991",
        "p at 1/20": "0.836449",
        "q at 1/20": "0.365407",
        "v_B at 1/20": "-0.0101991",
        "Player payoff above α₀": "-0.0127536",
        "(11) third": "-0.0127701",
        "(11) fourth": "-0.0127824",
        "modern v_P": "-0.0122814",
    }
    _, labels, A, B0, B1 = _modern()
    values = {
        "v_P (6)": _safety_player(a)[0],
        "p at 1/20": solve_model("A1", alpha=a).equilibria[0].player["5"],
        "q at 1/20": _safety_banker(a)[1]["DSDD"],
        "v_B at 1/20": _safety_banker(a)[0],
        "Player payoff above α₀": solve_model("A1", alpha=F(1, 5)).equilibria[0].payoffs[0],
        "(11) third": eq11[frozenset({"DSDSS", "DSDDD"})],
        "(11) fourth": eq11[frozenset({"DSDDS", "DSDSD"})],
        "modern v_P": _zero_sum(A).value,
    }
    return paper, {k: _decimal(values[k], paper[k]) for k in paper}
