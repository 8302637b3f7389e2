"""The six chemin de fer models (games.baccara.models.tables) against the papers and brute force.

Paper values are typed in here from Ethier & Lee, *Casino baccara chemin de fer as a
bimatrix game* ("paper I") and *Baccara chemin de fer II* ("paper II"); the model code
never sees them.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import AdditiveGame, GameError
from games.baccara.cards import falling
from games.baccara.infosets import (
    THIRD_CARDS,
    banker_compositions,
    banker_infosets,
    player_infosets,
)
from games.baccara.models import reference
from games.baccara.models.tables import (
    LOSS,
    MODELS,
    TIE,
    WIN,
    build_game,
    model_tables,
    player_rows,
)
from games.baccara.reproduce.paper_data import (
    PAPER_AT16,
    PAPER_B,
    PAPER_BT16,
    STAR_CELLS,
    TABLE1,
    TABLE1_FOOTNOTES,
    TABLE1_GRID,
)

F = Fraction


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------
def comps_of_total(t: int) -> list[str]:
    return [h for h in banker_compositions() if sum(map(int, h)) % 10 == t]


def banker_strategy(model_info: int, grid: dict[int, str], groups: dict | None = None):
    """Banker pure strategy from a Table-1-style grid (total -> 11 letters for k = 0..9, -).

    ``*`` cells are resolved per composition from ``groups[(total, k)][composition]``.
    Returns (labels where Banker draws, labels marked ``M`` for mixing).
    """
    draw, mix = set(), []
    hands = [str(t) for t in range(8)] if model_info == 1 else banker_compositions()
    for h in hands:
        t = sum(map(int, h)) % 10
        for i, k in enumerate(THIRD_CARDS):
            c = grid[t][i]
            if c == "*":
                c = groups[(t, k)][h]
            lab = f"{h}:{k}"
            if c == "D":
                draw.add(lab)
            elif c == "M":
                mix.append(lab)
            else:
                assert c == "S", (lab, c)
    return draw, mix


def groups_from(
    cells: list[tuple[tuple[int, str], list[str]]], spec: str, extra: dict | None = None
) -> dict:
    """Map a paper strategy string like ``DDDDD-SSS-DDD-MSSSSD-DDD`` onto its cells."""
    out: dict = {}
    parts = spec.split("-")
    assert len(parts) == len(cells)
    for (cell, comps), letters in zip(cells, parts):
        assert len(comps) == len(letters), (cell, comps, letters)
        out.setdefault(cell, {}).update(dict(zip(comps, letters)))
    for cell, d in (extra or {}).items():
        out.setdefault(cell, {}).update(d)
    return out


def indices(t, labels) -> list[int]:
    return [t.index(x) for x in labels]


def equalizing_q(g: AdditiveGame, rows: tuple[int, int], T: list[int], l: int) -> Fraction:
    """Banker's probability of drawing at l (else playing T) that makes Player indifferent
    between rows u0 and u1 (paper II, Lemma 2(c), eq. (2))."""
    u0, u1 = rows
    a0, a1 = g.a(u0, T), g.a(u1, T)
    return (a1 - a0) / (g.gain_a(u0, l) - g.gain_a(u1, l))


def foster_p(g: AdditiveGame, rows: tuple[int, int], l: int) -> Fraction:
    """Best-response discontinuity p(l) of paper II, Lemma 2 (Player's mixing probability)."""
    g0, g1 = g.gain_b(rows[0], l), g.gain_b(rows[1], l)
    return g0 / (g0 - g1)


def move_class(t, u_pair, l, alpha) -> str:
    """``S``, ``D``, ``S/D`` or ``D/S``: Banker's better move against rows u_pair[0], u_pair[1]."""
    out = []
    for u in u_pair:
        b0, b1 = t.conditional(u, l, 0, alpha), t.conditional(u, l, 1, alpha)
        assert b0 != b1
        out.append("D" if b1 > b0 else "S")
    return out[0] if out[0] == out[1] else "/".join(out)


# ---------------------------------------------------------------------------------------------
# input validation and shapes
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["b2", " A1 ", "a3", "B3"])
def test_model_names_case_insensitive(name):
    assert build_game(name, 1, 0).n in (88, 484)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(model="C1"), "model"),
        (dict(model="B4"), "model"),
        (dict(model=2), "model"),
        (dict(model="B2", decks=0), "decks"),
        (dict(model="B2", decks=-3), "decks"),
        (dict(model="B2", decks="six"), "decks"),
        (dict(model="B2", decks=1.5), "decks"),
        (dict(model="A1", decks=0), "decks"),
        (dict(model="B2", alpha=1), "alpha"),
        (dict(model="B2", alpha="-1/20"), "alpha"),
        (dict(model="B2", alpha="3/2"), "alpha"),
        (dict(model="B2", alpha="abc"), "alpha"),
        (dict(model="B2", alpha=None), "alpha"),
        (dict(model="B2", alpha=0.05), "alpha"),
        (dict(model="B2", alpha=float("nan")), "alpha"),
    ],
)
def test_bad_input_one_line_error(kwargs, words):
    with pytest.raises(GameError) as exc:
        build_game(**kwargs)
    msg = str(exc.value)
    assert "\n" not in msg and words in msg


def test_alpha_forms_agree():
    t = model_tables("B2", 6)
    ref = t.banker_weights(F(1, 20))
    assert t.banker_weights("1/20") == ref == t.banker_weights("0.05") == t.banker_weights(F(2, 40))


@pytest.mark.parametrize("model", MODELS)
def test_labels_and_sizes(model):
    info = int(model[1])
    t = model_tables(model, 2)
    g = t.game(F(1, 20))
    assert g.infosets == banker_infosets(info) == t.infosets
    assert t.player_infosets == player_infosets(info)
    assert g.n == (88 if info == 1 else 484)
    assert g.m == (32 if info == 3 else 2)
    assert t.denominator == (13**6 if model[0] == "A" else falling(104, 6))
    if info == 3:
        # paper II, section 4: 19 = (10011)_2 = DSSDD, 27 = (11011)_2 = DDSDD
        assert g.rows[19] == "DSSDD" and g.rows[27] == "DDSDD" and g.rows[0] == "SSSSS"
    else:
        assert g.rows == ("S", "D")


def test_model_a_ignores_decks_and_is_cached():
    assert model_tables("A2", 1) is model_tables("a2", 7) is model_tables("A2", None)
    assert model_tables("B2", 6) is model_tables("B2", "6")
    assert model_tables("B2", 6) is not model_tables("B2", 5)


def test_player_rows_draw_sets():
    labels, draws = player_rows(3)
    comps = [(a, b) for a in range(10) for b in range(a, 10)]
    u = labels.index("DSSDD")
    drawn = {c for c, x in zip(comps, draws[u]) if x}
    assert {(0, 5), (6, 9), (7, 8)} <= drawn and not {(1, 4), (2, 3)} & drawn
    assert all(((a + b) % 10 <= 4) == (x == 1) for (a, b), x in zip(comps, draws[0]))


# ---------------------------------------------------------------------------------------------
# identities
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("model, d", [(m, d) for m in MODELS for d in (1, 6)])
def test_probabilities_sum_to_one(model, d):
    t = model_tables(model, d)
    g = t.game(F(1, 10))
    for u in range(t.m):
        assert t.p_natural + sum(g.prob[u]) == 1
        assert all(p > 0 for p in g.prob[u])  # Lemma 1 needs p_u(l) > 0
        # the same deals reach l whichever move Banker makes
        assert (t.move[u, :, 0, :].sum(axis=-1) == t.move[u, :, 1, :].sum(axis=-1)).all()


@pytest.mark.parametrize("model", ["B1", "B2", "B3", "A2"])
def test_payoff_definitions(model):
    """Player's payoff is minus Banker's at α = 0; Banker's is affine in α (paper II, (15))."""
    t = model_tables(model, 3)
    g0, g1 = t.game(0), t.game(F(1, 3))
    (c_base, c_move), (s_base, s_move) = t.banker_affine
    for u in range(t.m):
        assert g0.a_base[u] == -g0.b_base[u] and g1.a_base[u] == g0.a_base[u]
        assert g1.b_base[u] == c_base[u] + F(1, 3) * s_base[u]
        for l in range(t.n):
            assert g0.a_move[u][l] == tuple(-x for x in g0.b_move[u][l]) == g1.a_move[u][l]
            for v in (0, 1):
                assert g1.b_move[u][l][v] == c_move[u][l][v] + F(1, 3) * s_move[u][l][v]
                if l % 37 == 0:
                    assert t.conditional_player(u, l, v) == -t.conditional(u, l, v, 0)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.fractions(min_value=0, max_value=F(99, 100), max_denominator=10**6))
def test_banker_weights_affine_in_alpha(alpha):
    t = model_tables("B2", 6)
    base, move = t.banker_weights(alpha)
    (c_base, c_move), (s_base, s_move) = t.banker_affine
    assert all(base[u] == c_base[u] + alpha * s_base[u] for u in range(2))
    l = t.index("06:-")
    for u in range(2):
        for v in (0, 1):
            assert move[u][l][v] == c_move[u][l][v] + alpha * s_move[u][l][v]
            assert t.conditional(u, l, v, alpha) * t.prob[u][l] == move[u][l][v]


@pytest.mark.parametrize("shoe, d", [("A", 1), ("B", 1), ("B", 6)])
def test_model3_extreme_rows_equal_model2_rows(shoe, d):
    """Drawing (standing) at all five compositions of total 5 is Model 2's draw (stand) on 5."""
    t2, t3 = model_tables(shoe + "2", d), model_tables(shoe + "3", d)
    for r2, r3 in (("S", "SSSSS"), ("D", "DDDDD")):
        assert (t3.move[t3.row(r3)] == t2.move[t2.row(r2)]).all()
        assert (t3.natural[t3.row(r3)] == t2.natural[t2.row(r2)]).all()


@pytest.mark.parametrize("shoe, d", [("A", 1), ("B", 1), ("B", 6)])
def test_model1_is_model2_summed_over_compositions(shoe, d):
    t1, t2 = model_tables(shoe + "1", d), model_tables(shoe + "2", d)
    for j in range(8):
        for k in THIRD_CARDS:
            total = sum(t2.move[:, t2.index(f"{h}:{k}")] for h in comps_of_total(j))
            assert (total == t1.move[:, t1.index(f"{j}:{k}")]).all()


def test_a2_composition_tells_banker_nothing():
    """With replacement, b_{u,v}((j1, j2), k) = b_{u,v}(j, k) for every composition of j."""
    t1, t2 = model_tables("A1"), model_tables("A2")
    for h in banker_compositions():
        j = sum(map(int, h)) % 10
        for k in THIRD_CARDS:
            for u in (0, 1):
                for v in (0, 1):
                    assert t2.conditional_affine(u, f"{h}:{k}", v) == t1.conditional_affine(
                        u, f"{j}:{k}", v
                    )


@pytest.mark.parametrize("d", [6, 50, 1000])
def test_model_b_approaches_model_a(d):
    """Sampling 6 cards without vs with replacement: total variation ≤ 1 − (52d)₆/(52d)⁶
    (Diaconis–Freedman), so Σ_l max_v |w^B − w^A| + |natural| ≤ 2(1 − (52d)₆/(52d)⁶) = O(1/d)
    for Banker's weights w = p_u(l)b_{u,v}(l) (|payoff| ≤ 1) and for the probabilities p_u(l)."""
    bound = 2 * (1 - F(falling(52 * d, 6), (52 * d) ** 6))
    assert bound <= F(30, 52 * d)
    for info in (1, 2, 3):
        ta, tb = model_tables(f"A{info}"), model_tables(f"B{info}", d)
        Da, Db = ta.denominator, tb.denominator
        # Banker's weights at α = 1/20 times 20: 19·W − 20·L, over D
        wa = 19 * ta.move[..., WIN] - 20 * ta.move[..., LOSS]
        wb = 19 * tb.move[..., WIN] - 20 * tb.move[..., LOSS]
        na = 19 * ta.natural[:, WIN] - 20 * ta.natural[:, LOSS]
        nb = 19 * tb.natural[:, WIN] - 20 * tb.natural[:, LOSS]
        dev = abs(na * Db - nb * Da) + abs(wa * Db - wb * Da).max(axis=2).sum(axis=1)  # × 20·Da·Db
        pa, pb = ta.prob_counts, tb.prob_counts
        nat_a, nat_b = ta.natural[:, :].sum(axis=1), tb.natural[:, :].sum(axis=1)
        dev_p = abs(nat_a * Db - nat_b * Da) + abs(pa * Db - pb * Da).sum(axis=1)  # × Da·Db
        for u in range(ta.m):
            assert 0 < F(int(dev[u]), 20 * Da * Db) <= bound
            assert 0 < F(int(dev_p[u]), Da * Db) <= bound


# ---------------------------------------------------------------------------------------------
# brute force: enumerate ordered deals (casino order P, B, P, B, P3, B3), d = 1
# ---------------------------------------------------------------------------------------------
def _deal(counts):
    """Next card values with their weights (Model B: cards left; Model A: 4 or 1 of 13)."""
    if counts is None:
        for v in range(10):
            yield v, 4 if v == 0 else 1
    else:
        for v in range(10):
            c = counts[v]
            if c:
                counts[v] -= 1
                yield v, c
                counts[v] += 1


def brute_force_counts(shoe: str, d: int):
    """Counts of ordered deals (scaled to six cards) by (Player composition, Banker
    composition, third card or '-', Banker move, outcome), plus naturals by outcome."""
    counts = [16 * d] + [4 * d] * 9 if shoe == "B" else None
    N = 52 * d

    def rest(r):  # cards not dealt, to a common denominator of six cards
        return 13 ** (6 - r) if shoe == "A" else falling(N - r, 6 - r)

    def outcome(tb, tp):
        return WIN if tb > tp else LOSS if tb < tp else TIE

    table: dict = {}
    natural = [0, 0, 0]
    r4, r5 = rest(4), rest(5)
    for p1, w1 in _deal(counts):
        for b1, w2 in _deal(counts):
            for p2, w3 in _deal(counts):
                for b2, w4 in _deal(counts):
                    w = w1 * w2 * w3 * w4
                    tp, tb = (p1 + p2) % 10, (b1 + b2) % 10
                    if tp >= 8 or tb >= 8:
                        natural[outcome(tb, tp)] += w * r4
                        continue
                    pc, bc = f"{min(p1, p2)}{max(p1, p2)}", f"{min(b1, b2)}{max(b1, b2)}"
                    if tp <= 5:  # Player may draw: every third card k
                        for k, w5 in _deal(counts):
                            tp3 = (tp + k) % 10
                            key = (pc, bc, str(k))
                            acc0 = table.setdefault(key + (0,), [0, 0, 0])
                            acc0[outcome(tb, tp3)] += w * w5 * r5
                            acc1 = table.setdefault(key + (1,), [0, 0, 0])
                            for l, w6 in _deal(counts):
                                acc1[outcome((tb + l) % 10, tp3)] += w * w5 * w6
                    if tp >= 5:  # Player may stand
                        key = (pc, bc, "-")
                        table.setdefault(key + (0,), [0, 0, 0])[outcome(tb, tp)] += w * r4
                        acc1 = table.setdefault(key + (1,), [0, 0, 0])
                        for l, w5 in _deal(counts):
                            acc1[outcome((tb + l) % 10, tp)] += w * w5 * r5
    return natural, table


@pytest.fixture(scope="module")
def brute_b1():
    return brute_force_counts("B", 1)


@pytest.fixture(scope="module")
def brute_a():
    return brute_force_counts("A", 1)


def _check_against_brute(model, d, brute):
    natural, table = brute
    t = model_tables(model, d)
    info = int(model[1])
    assert (
        sum(natural) + sum(sum(x) for (_, _, k, v), x in table.items() if v == 0 and k != "-") > 0
    )
    fives = player_infosets(info)
    for u, row in enumerate(t.rows):
        assert list(t.natural[u]) == natural
        got = {}
        for (pc, bc, k, v), acc in table.items():
            tp = sum(map(int, pc)) % 10
            key5 = "5" if info in (1, 2) else pc
            draws = tp <= 4 or (tp == 5 and row[fives.index(key5)] == "D")
            if (k == "-") == draws:
                continue  # not this row's branch
            hand = str(sum(map(int, bc)) % 10) if info == 1 else bc
            cell = got.setdefault((f"{hand}:{k}", v), [0, 0, 0])
            for o in range(3):
                cell[o] += acc[o]
        assert len(got) == 2 * t.n
        for (label, v), acc in got.items():
            assert list(t.move[u, t.index(label), v]) == acc, (model, row, label, v)


@pytest.mark.parametrize("model", ["B1", "B2", "B3"])
def test_model_b_d1_equals_brute_force(model, brute_b1):
    _check_against_brute(model, 1, brute_b1)


@pytest.mark.parametrize("model", ["A1", "A2", "A3"])
def test_model_a_equals_brute_force(model, brute_a):
    _check_against_brute(model, None, brute_a)


def play_coup(
    model: str, d: int, row: str, banker_draws: set[str], alpha: Fraction
) -> tuple[Fraction, Fraction]:
    """Expected payoffs (Player, Banker) of one coup with pure strategies, by playing every
    ordered deal (d-deck shoe, casino order) — no decomposition at all."""
    info = int(model[1])
    fives = player_infosets(info)
    counts = [16 * d] + [4 * d] * 9
    N = 52 * d
    sums = [0, 0]  # Banker wins, Banker losses, in deals out of (N)_6

    def settle(tb, tp, w):
        if tb > tp:
            sums[0] += w
        elif tb < tp:
            sums[1] += w

    for p1, w1 in _deal(counts):
        for b1, w2 in _deal(counts):
            for p2, w3 in _deal(counts):
                for b2, w4 in _deal(counts):
                    w = w1 * w2 * w3 * w4
                    tp, tb = (p1 + p2) % 10, (b1 + b2) % 10
                    if tp >= 8 or tb >= 8:
                        settle(tb, tp, w * falling(N - 4, 2))
                        continue
                    key = "5" if info in (1, 2) else f"{min(p1, p2)}{max(p1, p2)}"
                    hand = str(tb) if info == 1 else f"{min(b1, b2)}{max(b1, b2)}"
                    if tp <= 4 or (tp == 5 and row[fives.index(key)] == "D"):
                        for k, w5 in _deal(counts):
                            tp3 = (tp + k) % 10
                            if f"{hand}:{k}" in banker_draws:
                                for l, w6 in _deal(counts):
                                    settle((tb + l) % 10, tp3, w * w5 * w6)
                            else:
                                settle(tb, tp3, w * w5 * (N - 5))
                    elif f"{hand}:-" in banker_draws:
                        for l, w5 in _deal(counts):
                            settle((tb + l) % 10, tp, w * w5 * (N - 5))
                    else:
                        settle(tb, tp, w * falling(N - 4, 2))
    D = falling(N, 6)
    W, L = sums
    return F(L - W, D), F((1 - alpha) * W - L, D)


@pytest.mark.parametrize("model, row", [("B2", "D"), ("B3", "DSSDD"), ("B1", "S")])
def test_pure_strategy_payoffs_by_playing_the_coup(model, row):
    """a_{u,T}, b_{u,T} of the AdditiveGame = playing out every deal (d = 1, random T)."""
    rng = random.Random(20240601 + len(row))
    g = build_game(model, 1, F(1, 20))
    T = {lab for lab in g.infosets if rng.random() < 0.5}
    a, b = play_coup(model, 1, row, T, F(1, 20))
    Ti = indices(g, T)
    assert (g.a(g.rows.index(row), Ti), g.b(g.rows.index(row), Ti)) == (a, b)


@pytest.mark.parametrize("model, d", [("B2", 2), ("B3", 3), ("B1", 2), ("A3", None), ("A1", None)])
def test_literal_paper_formulas_spot_check(model, d):
    """Weights agree with the Fraction transcription of paper II, eqs. (8)–(14), (39)–(42)."""
    t = model_tables(model, d)
    D = t.denominator
    assert tuple(F(int(x), D) for x in t.natural[0]) == reference.natural_weights(d)
    rng = random.Random(7)
    for _ in range(12):
        u, l, v = rng.randrange(t.m), rng.randrange(t.n), rng.randrange(2)
        ref = reference.infoset_weights(model, d, t.rows[u], t.infosets[l], v)
        assert tuple(F(int(x), D) for x in t.move[u, l, v]) == ref


# ---------------------------------------------------------------------------------------------
# paper I (Model A1)
# ---------------------------------------------------------------------------------------------
def p2(i):  # paper I: distribution of a two-card total
    return F(16 + 9 * (i == 0), 13**2)


def p1(k):  # paper I: distribution of a card value
    return F(1 + 3 * (k == 0), 13)


def test_a1_probabilities_match_p2_p1():
    t = model_tables("A1")
    assert t.p_natural == 1 - sum(p2(i) for i in range(8)) ** 2
    for u in (0, 1):
        drew = sum(p2(i) for i in range(5 + u))
        stood = sum(p2(i) for i in range(5 + u, 8))
        for j in range(8):
            assert t.prob[u][t.index(f"{j}:-")] == p2(j) * stood
            for k in range(10):
                assert t.prob[u][t.index(f"{j}:{k}")] == p2(j) * p1(k) * drew


def _c_matrix_terms(u, j, k, v):
    """Paper I's formula for C, split per (j, k) and by outcome (W, L, T for Banker)."""
    acc = [F(0)] * 3

    def add(banker, player, p):
        acc[WIN if banker > player else LOSS if banker < player else TIE] += p

    if k == "-":
        for i in range(5 + u, 8):
            if v == 0:
                add(j, i, p2(i) * p2(j))  # term 5
            else:
                for l in range(10):
                    add((j + l) % 10, i, p2(i) * p2(j) * p1(l))  # term 4
    else:
        for i in range(5 + u):
            if v == 0:
                add(j, (i + k) % 10, p2(i) * p2(j) * p1(k))  # term 3
            else:
                for l in range(10):
                    add((j + l) % 10, (i + k) % 10, p2(i) * p2(j) * p1(k) * p1(l))  # term 2
    return acc


def test_a1_equals_paper1_c_matrix_formula():
    """Every weight of Model A1 is the corresponding term of paper I's c_{S,T} formula."""
    t = model_tables("A1")
    D = t.denominator
    nat = [F(0)] * 3
    for i in range(10):
        for j in range(10):
            if i >= 8 or j >= 8:  # term 1
                nat[WIN if j > i else LOSS if j < i else TIE] += p2(i) * p2(j)
    assert [F(int(x), D) for x in t.natural[0]] == nat
    for u in (0, 1):
        for j in range(8):
            for k in [*range(10), "-"]:
                for v in (0, 1):
                    got = [F(int(x), D) for x in t.move[u, t.index(f"{j}:{k}"), v]]
                    assert got == _c_matrix_terms(u, j, k, v)


@pytest.mark.parametrize("label", sorted(PAPER_B))
def test_paper1_conditional_payoffs(label):
    t = model_tables("A1")
    for (u, v), (c0, c1) in PAPER_B[label].items():
        assert t.conditional_affine(u, label, v) == (c0, c1)
        for alpha in (F(0), F(1, 20)):
            assert t.conditional(u, label, v, alpha) == c0 + alpha * c1


# Table 1 of paper I (0 ≤ α < 1/15): paper_data.TABLE1 (the four * cells are STAR_CELLS,
# confirmed by the 2×16 matrices below, which depend on every cell).
PAPER1_BASE = {j: row.replace("*", "S") for j, row in TABLE1.items()}  # stand at the * cells


@pytest.mark.parametrize("alpha", [F(0), F(1, 20), F(1, 15) - F(1, 10**6)])
def test_paper1_table1(alpha):
    t = model_tables("A1")
    for j in range(8):
        for i, k in enumerate(THIRD_CARDS):
            label = f"{j}:{k}"
            want = "S/D" if TABLE1[j][i] == "*" else TABLE1[j][i]
            assert (want == "S/D") == (label in STAR_CELLS)
            assert move_class(t, (0, 1), label, alpha) == want, (label, alpha)


@pytest.mark.parametrize("alpha", [F(1, 10), F(1, 5), F(39, 100)])
def test_paper1_table1_extension(alpha):
    """Theorem 2's proof: for 1/15 ≤ α < 2/5, (6,6) becomes * — here D/S: draw against
    "stand on 5", stand against "draw on 5" — and (4,1) becomes S above 1/6."""
    t = model_tables("A1")
    for j in range(8):
        for i, k in enumerate(THIRD_CARDS):
            label = f"{j}:{k}"
            want = "S/D" if label in STAR_CELLS else PAPER1_BASE[j][i]
            if label == "6:6":
                want = "D/S"
            if label == "4:1" and alpha > F(1, 6):
                want = "S"
            assert move_class(t, (0, 1), label, alpha) == want, (label, alpha)


def test_paper1_2x16_matrices():
    t = model_tables("A1")
    g0, g1 = t.game(0), t.game(1 - F(1, 10**9))
    base, _ = banker_strategy(1, PAPER1_BASE)
    for col in range(16):
        letters = format(col, "04b")  # first letter: (3,9), last: (6,∅)
        T = set(base) | {lab for lab, bit in zip(STAR_CELLS, letters) if bit == "1"}
        Ti = indices(t, T)
        for u in (0, 1):
            assert g0.a(u, Ti) == F(16 * PAPER_AT16[col][u], 13**6)
            c, s = PAPER_BT16[col][u]
            assert g0.b(u, Ti) == F(8 * c, 13**6)
            # slope in α from two commissions: b is affine in α
            slope = (g1.b(u, Ti) - g0.b(u, Ti)) / (1 - F(1, 10**9))
            assert slope == F(-8 * s, 13**6)


def test_paper1_kemeny_snell_value_consistent_with_weights():
    """Columns DSDS and DSDD (paper I, (6)): Player's equalizing mixture p = 9/11 at α = 0
    and Banker's q = 859/2288 — both follow from the A1 weights (Lemma 2)."""
    t = model_tables("A1")
    g = t.game(0)
    base, _ = banker_strategy(1, PAPER1_BASE)
    T = indices(t, set(base) | {"3:9", "5:4"})
    l = t.index("6:-")
    assert equalizing_q(g, (0, 1), T, l) == F(859, 2288)
    assert foster_p(g, (0, 1), l) == F(9, 11)
    for alpha in (F(1, 20), F(1, 10)):  # (9): p = (9 − α)/(11 − 6α)
        assert foster_p(t.game(alpha), (0, 1), l) == (9 - alpha) / (11 - 6 * alpha)


# ---------------------------------------------------------------------------------------------
# paper II (Models B2, B3)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("d", [1, 2, 3, 6, 8, 100])
def test_paper2_eq18_natural_term(d):
    """(18): p_u(0)b_u(0) = −32αd²(37120d² − 4044d + 109)/(52d)₄; the sgn part cancels."""
    for model in ("B1", "B2", "B3"):
        t = model_tables(model, d)
        for alpha in (F(0), F(1, 20)):
            g = t.game(alpha)
            want = -32 * alpha * d**2 * (37120 * d**2 - 4044 * d + 109) / F(falling(52 * d, 4))
            assert all(x == want for x in g.b_base)
            assert all(x == 0 for x in g.a_base)


PAPER2_CURVES = {  # the 20 best-response-discontinuity curves of Model B2, d = 6
    "03:9": lambda a: (471143 + 1081 * a) / (24 * (49118 - 22303 * a)),
    "12:9": lambda a: (475514 - 3219 * a) / (24 * (48930 - 22303 * a)),
    "49:9": lambda a: (79051 - 1643 * a) / (4 * (49117 - 22302 * a)),
    "58:9": lambda a: (459978 + 5089 * a) / (24 * (48334 - 21947 * a)),
    "67:9": lambda a: (458114 + 9555 * a) / (2 * (589498 - 267671 * a)),
    "22:1": lambda a: (732517 - 127942 * a) / (24 * (31070 - 13467 * a)),
    "68:1": lambda a: (676141 - 99462 * a) / (24 * (31442 - 13465 * a)),
    "77:1": lambda a: 7 * (95873 - 13162 * a) / (24 * (31442 - 13465 * a)),
    "05:4": lambda a: 2 * (13030 + 112111 * a) / F(102143),
    "69:4": lambda a: (29485 + 222912 * a) / F(103799),
    "78:4": lambda a: (22301 + 223099 * a) / F(103799),
    "06:-": lambda a: (477191 - 54732 * a) / (12 * (49377 - 26957 * a)),
    "15:-": lambda a: (474840 - 49249 * a) / (24 * (24298 - 13265 * a)),
    "24:-": lambda a: (486444 - 56617 * a) / (108 * (5486 - 2995 * a)),
    "33:-": lambda a: 17 * (4903 - 621 * a) / (144 * (691 - 377 * a)),
    "79:-": lambda a: (239771 - 25800 * a) / (42 * (7027 - 3824 * a)),
    "88:-": lambda a: (78837 - 8300 * a) / (112 * (875 - 478 * a)),
    "15:6": lambda a: (348662 - 715139 * a) / (24 * (13068 - 8627 * a)),
    "24:6": lambda a: (116325 - 239444 * a) / (32 * (3272 - 2191 * a)),
    "33:6": lambda a: (149704 - 346703 * a) / (288 * (561 - 373 * a)),
}


def test_paper2_best_response_discontinuity_curves():
    """Each p(l)(α) is a ratio of affine functions: equal at 3 points ⇒ equal identically."""
    t = model_tables("B2", 6)
    for alpha in (F(0), F(1, 20), F(1, 10)):
        g = t.game(alpha)
        for label, curve in PAPER2_CURVES.items():
            assert foster_p(g, (0, 1), t.index(label)) == curve(alpha), label


def test_paper2_contract_player_probability():
    g = build_game("B2", 6, "1/20")
    assert foster_p(g, (0, 1), g.index("06:-")) == F(2372272, 2881749)  # CONTRACT.md


# paper II, Table 1 (d = 6, α = 0 and 1/10): paper_data.TABLE1_GRID and TABLE1_FOOTNOTES


@pytest.mark.parametrize("col, alpha", [(0, F(0)), (1, F(1, 10))])
def test_paper2_table1(col, alpha):
    t = model_tables("B2", 6)
    for h in banker_compositions():
        total = sum(map(int, h)) % 10
        for i, k in enumerate(THIRD_CARDS):
            label = f"{h}:{k}"
            cell = TABLE1_GRID[total][i]
            want = TABLE1_FOOTNOTES[label][col] if cell == "*" else cell
            assert move_class(t, (0, 1), label, alpha) == want, label


TABLE2_CELLS = [
    ((3, "9"), ["03", "12", "49", "58", "67"]),
    ((4, "1"), ["22", "68", "77"]),
    ((5, "4"), ["05", "69", "78"]),
    ((6, "-"), ["06", "15", "24", "33", "79", "88"]),
    ((6, "6"), ["15", "24", "33"]),
]
TABLE2_FIXED = {
    (4, "1"): {"04": "S", "13": "S", "59": "S"},
    (5, "4"): {"14": "S", "23": "S"},
    (6, "6"): {"06": "D", "79": "D", "88": "D"},
}


def _pm(n, d):
    return F(-n, d)


@pytest.mark.parametrize(
    "spec, matrix, q",
    [
        (
            "DDDDD-SSS-DDD-MSSSSD-DDD",  # Table 2, row 44; eq. (19)
            [
                [_pm(22721165499, 1525814595305), _pm(3606648223, 305162919061)],
                [_pm(2716895133, 217973513615), _pm(20151297323, 1525814595305)],
            ],
            F(77143741, 121269912),
        ),
        (
            "DDDDD-SSS-DDD-MSSSSD-DDS",  # row 45; eq. (20)
            [
                [_pm(22707392731, 1525814595305), _pm(18019468347, 1525814595305)],
                [_pm(19019357419, 1525814595305), _pm(20152388811, 1525814595305)],
            ],
            F(76834069, 121269912),
        ),
    ],
)
def test_paper2_table2_player_matrices(spec, matrix, q):
    t = model_tables("B2", 6)
    g = t.game(F(1, 20))
    draw, mix = banker_strategy(2, TABLE1_GRID, groups_from(TABLE2_CELLS, spec, TABLE2_FIXED))
    assert mix == ["06:-"]
    TS, TD = indices(t, draw), indices(t, draw | set(mix))
    assert [[g.a(u, TS), g.a(u, TD)] for u in (0, 1)] == matrix
    assert equalizing_q(g, (0, 1), TS, t.index("06:-")) == q


def test_paper2_intersection18_four_equalizing_strategies():
    """Table 3, case 18: four Banker mixtures over SS, SD, DS, DD at ((0,6),∅), ((3,3),6)."""
    t = model_tables("B2", 6)
    g = t.game(F(1, 20))
    draw, mix = banker_strategy(
        2, TABLE1_GRID, groups_from(TABLE2_CELLS, "DDDDD-SSS-DDD-MSSSSD-DDM", TABLE2_FIXED)
    )
    assert mix == ["06:-", "33:6"]
    cols = {
        s: indices(t, draw | {lab for lab, c in zip(mix, s) if c == "D"})
        for s in ("SS", "SD", "DS", "DD")
    }
    A = {s: (g.a(0, T), g.a(1, T)) for s, T in cols.items()}

    def q_for(s1, s2):  # (1 − q) on s1, q on s2, equalizing Player's two rows
        d1, d2 = A[s1][0] - A[s1][1], A[s2][0] - A[s2][1]
        return d1 / (d1 - d2)

    assert q_for("SS", "DS") == F(76834069, 121269912)  # (21)
    assert q_for("SS", "DD") == F(76834069, 120960240)  # (22)
    assert q_for("SD", "DS") == F(77143741, 121579584)  # (23)
    assert q_for("SD", "DD") == F(77143741, 121269912)  # (24)


@pytest.mark.parametrize("d", [1, 2, 3, 4, 6, 7, 12, 40, 100])
def test_paper2_eq26_player_mixing_probability(d):
    t = model_tables("B2", d)
    l = t.index("06:-")
    for a in (F(0), F(1, 20), F(1, 10)):
        want = (
            (8 * d - 1) * (12 * d - 1) * (24 * d - 1) - 2 * a * d * (128 * d**2 - 8 * d + 1)
        ) / (2 * d * (1408 * d**2 - 220 * d + 9) - 2 * a * d * (768 * d**2 - 116 * d + 5))
        assert foster_p(t.game(a), (0, 1), l) == want


# Table 5 grid (all d) and Table 6/7 strategies at (3,8), (4,1), (5,4), (6,∅), (6,6)
TABLE5 = {
    0: "DDDDDDDDDDD",
    1: "DDDDDDDDDDD",
    2: "DDDDDDDDDDD",
    3: "DDDDDDDD*DD",
    4: "S*DDDDDDSSD",
    5: "SSSS*DDDSSD",
    6: "SSSSSS*DSS*",
    7: "SSSSSSSSSSS",
}
TABLE6_CELLS = [
    ((3, "8"), comps_of_total(3)),
    ((4, "1"), comps_of_total(4)),
    ((5, "4"), comps_of_total(5)),
    ((6, "-"), comps_of_total(6)),
    ((6, "6"), comps_of_total(6)),
]


def _q_poly(coeffs, den):
    return lambda d: F(sum(c * d**e for e, c in enumerate(reversed(coeffs))), den(d))


def _den2(d):
    return 8 * d * (52 * d - 5) * (1408 * d**2 - 220 * d + 9)


def _den3(d):
    return 256 * d**2 * (11 * d - 1) * (52 * d - 5)


Q32 = _q_poly([368640, -68624, -2168, 981, -48], _den2)
Q33 = _q_poly([367104, -68000, -2228, 981, -48], _den2)
Q34 = _q_poly([367616, -67728, -2416, 1015, -51], _den2)
Q35 = _q_poly([366592, -67344, -2456, 1017, -51], _den2)
Q36 = _q_poly([366080, -67104, -2476, 1015, -51], _den2)
Q61 = _q_poly([92160, -120128, 26336, -2000, 47], _den3)
Q62 = _q_poly([91776, -119968, 26320, -2000, 47], _den3)
Q63 = _q_poly([91904, -119680, 26064, -1932, 41], _den3)
Q64 = _q_poly([91648, -119488, 26032, -1932, 41], _den3)
Q65 = _q_poly([91520, -119520, 26048, -1932, 41], _den3)

TABLE6 = [  # Model B2: (d, strategy, Banker's mixing probability)
    (1, "SSDSS-SSSSDD-SSSSS-MSSSSD-DDDSDD", F(290383, 450072)),  # (27)
    (1, "SSDDS-SSSSDD-SSSSS-MSSSSD-DDDSDD", F(288499, 450072)),  # (28)
    (1, "SSDDD-SSSSDD-SSSSS-MSSSSD-DDDSDD", F(40811, 64296)),  # (29)
    (2, "SSSSS-SSSSDD-DSSSD-MSSSSD-DDDSDD", F(2591845, 4119192)),  # (30)
    (2, "SSSSS-SSSSDD-SSSSD-MSSSSD-DDDSDD", F(872479, 1373064)),  # (31)
    (3, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", Q33(3)),
    *[(d, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", Q32(d)) for d in (4, 5, 6, 7)],
    *[(d, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", Q33(d)) for d in (4, 5, 6, 7)],
    *[(d, "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD", Q34(d)) for d in (8, 9)],
    (10, "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", Q35(10)),
    (11, "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDSDD", Q36(11)),
    *[(d, "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", Q35(d)) for d in (12, 13, 30)],
]
TABLE7 = [  # Model B3 (rows DSSDD and DDSDD)
    (1, "SSDSD-SSSSDD-SSSSS-SSSSSM-DDDSDD", F(4519, 10716)),  # (56)
    (1, "SSDDD-SSSSDD-SSSSS-SSSSSM-DDDSDD", F(3991, 10716)),  # (57)
    (2, "SSSSS-SSSSDD-DSSDD-MSSSSD-DDDSDD", F(17431, 64512)),  # (58)
    (2, "SSSSS-SSSSDD-DSSSD-MSSSSD-DDDSDD", F(192637, 709632)),  # (59)
    (2, "SSSSS-SSSSDD-SSSSD-MSSSSD-DDDSDD", F(65407, 236544)),  # (60)
    (3, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", Q62(3)),
    (6, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", F(18885571, 36781056)),  # (49)
    (6, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", F(18792835, 36781056)),  # (50)
    *[(d, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", Q61(d)) for d in (4, 7)],
    *[(d, "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", Q62(d)) for d in (5, 7)],
    (8, "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD", Q63(8)),
    (9, "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", Q64(9)),
    (10, "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDSDD", Q65(10)),
    (12, "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDSDD", F(1689974681, 2989264896)),  # (66)
    (13, "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", Q64(13)),
]


@pytest.mark.parametrize(
    "model, d, spec, q", [("B2", *x) for x in TABLE6] + [("B3", *x) for x in TABLE7]
)
def test_paper2_banker_mixing_probabilities(model, d, spec, q):
    """Tables 6 and 7: Banker's equalizing probability from Player's (α-free) weights."""
    t = model_tables(model, d)
    g = t.game(0)
    draw, mix = banker_strategy(2, TABLE5, groups_from(TABLE6_CELLS, spec))
    assert len(mix) == 1
    rows = (0, 1) if model == "B2" else (t.row("DSSDD"), t.row("DDSDD"))
    assert equalizing_q(g, rows, indices(t, draw), t.index(mix[0])) == q


@pytest.mark.parametrize("d", [1, 2, 3, 6, 11, 40])
def test_paper2_b3_player_mixing_probability(d):
    """(54) (and (51) at d = 6): p((0,6),∅) between rows 19 and 27; (55) at d = 1: p((8,8),∅)."""
    t = model_tables("B3", d)
    rows = (t.row("DSSDD"), t.row("DDSDD"))
    for a in (F(0), F(1, 20), F(1, 10)):
        g = t.game(a)
        want = ((12 * d - 1) * (16 * d**2 - 14 * d + 1) + 8 * a * d * (112 * d**2 - 24 * d + 1)) / (
            32 * d**2 * (11 * d - 1) - 16 * d**2 * a * (12 * d - 1)
        )
        assert foster_p(g, rows, t.index("06:-")) == want
        if d == 6:
            assert want == (35003 + 186672 * a) / (576 * (130 - 71 * a))
        if d == 1:
            assert foster_p(g, rows, t.index("88:-")) == (4 + 203 * a) / (2 * (38 - 21 * a))


def test_paper2_b3_beta0_player_matrix():
    """Section 4: Player's 2×4 matrix (rows DSSDD/DDSDD, i.e. S/D at (1,4)) at β₀, d = 6, and
    its four equalizing Banker strategies.

    The paper prints the (D at (1,4), SD) entry as −1,939,185,798/1,525,814,595,305 ≈ −0.0013,
    a tenth of its neighbours: a dropped last digit. We get −19,391,857,983/1,525,814,595,305,
    and the paper's own four equalizing probabilities below — two of which depend on that
    entry — confirm it.
    """
    t = model_tables("B3", 6)
    g = t.game(F(1, 20))
    draw, mix = banker_strategy(
        3, TABLE1_GRID, groups_from(TABLE2_CELLS, "DDDDD-SSS-DDD-MSSSSD-DDM", TABLE2_FIXED)
    )
    assert mix == ["06:-", "33:6"]
    rows = (t.row("DSSDD"), t.row("DDSDD"))
    want = {
        "SS": (_pm(3953411487, 305162919061), _pm(3878240147, 305162919061)),
        "SD": (
            _pm(19769569403, 1525814595305),
            _pm(19391857983, 1525814595305),
        ),  # paper: 1939185798
        "DS": (_pm(19423187963, 1525814595305), _pm(19782952383, 1525814595305)),
        "DD": (_pm(1765972721, 138710417755), _pm(19783609631, 1525814595305)),
    }
    A = {}
    for s in want:
        T = indices(t, draw | {lab for lab, c in zip(mix, s) if c == "D"})
        A[s] = (g.a(rows[0], T), g.a(rows[1], T))
    assert A == want

    def q_for(s1, s2):  # (1 − q) on s1, q on s2, equalizing Player's two rows
        d1, d2 = A[s1][0] - A[s1][1], A[s2][0] - A[s2][1]
        return d1 / (d1 - d2)

    assert q_for("SS", "DS") == F(18792835, 36781056)
    assert q_for("SS", "DD") == F(3758567, 7337664)
    assert q_for("SD", "DS") == F(18885571, 36873792)
    assert q_for("SD", "DD") == F(18885571, 36781056)
