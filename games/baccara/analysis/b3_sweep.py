"""Model B3 for every commission α: the sweep record of one deck count, with certificates.

Ethier & Lee, *Baccara chemin de fer II*, section 4 (Table 7, Theorem 2). Model B3 is a
doubly additive 2⁵ × 2⁴⁸⁴ game whose Banker payoff is affine in α (eq. (43)–(44)) and whose
Player payoff does not depend on α, so
:func:`gamekit.doubly_additive.parametric.solve_parametric_doubly_additive` applies: it finds
every critical α exactly, the equilibrium formulas on each open cell between them — Player's
draw probabilities as rational functions of α, Banker's behaviour strategy constant — and
the complete equilibrium set at every critical α. A segment is ``"certified": "interval"``
because uniqueness is proved for **every** α in it (the cell theorem of that module), not at
sample points.

:func:`b3_affine_game` builds the affine family from the exact games at α = 0 and α = 1/10
and checks it against a third α; :func:`b3_record` is the ``baccara sweep --model B3``
record (docs/json.md); :func:`table7_string` renders Banker's moves at Table 7's five columns.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from gamekit.core import GameError, fmt
from gamekit.doubly_additive import (
    AffineDoublyAdditiveGame,
    BilinearForm,
    DoublyAdditiveGame,
    ParamEquilibrium,
    ParametricDASolution,
    index_of_subset,
    solve_parametric_doubly_additive,
    subset_of_index,
)
from gamekit.exact import RealAlgebraic, number_decimal, number_str
from games.baccara.analysis.b3_uniqueness import b3_game
from games.baccara.cards import check_decks
from games.baccara.models.counts import LOSS, WIN
from games.baccara.models.tables import model_tables

__all__ = ["TABLE7_COLUMNS", "b3_affine_game", "b3_solve", "b3_record", "table7_string",
           "banker_mixtures"]

#: Table 7's columns: (Banker total, Player's third card or "-" for ∅).
TABLE7_COLUMNS = ((3, "8"), (4, "1"), (5, "4"), (6, "-"), (6, "6"))


@cache
def b3_affine_game(decks: int, check: bool = False) -> AffineDoublyAdditiveGame:
    """Model B3 with ``decks`` decks as G⁰ + α·G¹, read once from the exact integer tables.

    Banker's weights are [(1 − α)W − L]/D = (W − L)/D + α·(−W)/D (eq. (15), (43)–(44)), so
    G⁰ is the game of W − L and G¹ that of −W; Player's weights (L − W)/D are α-free
    (:func:`_affine_forms`). ``check``: also compare exactly with the directly built game
    (:func:`b3_game`, the additive route) at α = 1/20 (done in the tests)."""
    d = check_decks(decks)
    t = model_tables("B3", d)
    title = f"Model B3, d={decks}"
    I0, II0, II1 = _affine_forms(t)
    zero = BilinearForm(Fraction(0), (Fraction(0),) * len(I0.a), (Fraction(0),) * len(I0.b),
                        tuple((Fraction(0),) * len(I0.b) for _ in I0.a))
    g = AffineDoublyAdditiveGame(DoublyAdditiveGame(t.player_infosets, t.infosets, I0, II0, title),
                                 DoublyAdditiveGame(t.player_infosets, t.infosets, zero, II1),
                                 title=title)
    if check:
        mid, at = b3_game(decks, Fraction(1, 20)), g.at(Fraction(1, 20))
        if (at.I, at.II) != (mid.I, mid.II):  # pragma: no cover - Model B3 is affine in α
            raise GameError("internal error: Model B3 is not affine in alpha, please report")
    return g


def _affine_forms(t) -> tuple[BilinearForm, BilinearForm, BilinearForm]:
    """Player's form and Banker's forms at α = 0 and the α-slope, from the integer tables.

    Row u (bits ``"msb"``) has weight w_u(∅) = natural_u + Σ_l move_u(l, stand) and gains
    D_u(l) = move_u(l, draw) − move_u(l, stand) (Lemma 1's additive form); the bilinear form
    is c = w_∅, a_h = w_{h} − w_∅, b = D_∅, C_h = D_{h} − D_∅, and every other row must be
    the sum (checked exactly in integers — otherwise the tables are not doubly additive)."""
    m = len(t.player_infosets)
    rows = [subset_of_index(u, m, "msb") for u in range(1 << m)]
    single = [index_of_subset([h], m, "msb") for h in range(m)]
    nat, mv = t.natural, t.move
    out = []
    for nat_w, mv_w in ((nat[:, LOSS] - nat[:, WIN], mv[..., LOSS] - mv[..., WIN]),
                        (nat[:, WIN] - nat[:, LOSS], mv[..., WIN] - mv[..., LOSS]),
                        (-nat[:, WIN], -mv[..., WIN])):
        w0 = nat_w + mv_w[:, :, 0].sum(axis=1)
        D = mv_w[:, :, 1] - mv_w[:, :, 0]
        a = [w0[single[h]] - w0[0] for h in range(m)]
        C = [D[single[h]] - D[0] for h in range(m)]
        for u, S in enumerate(rows):
            want_w = w0[0] + sum(a[h] for h in S)
            want_D = D[0] + sum((C[h] for h in S), 0 * D[0])
            if want_w != w0[u] or any(want_D != D[u]):  # pragma: no cover - engine bug
                raise GameError("internal error: Model B3 is not doubly additive, please report")
        den = t.denominator
        out.append(BilinearForm(Fraction(int(w0[0]), den), tuple(Fraction(int(v), den) for v in a),
                                tuple(Fraction(int(v), den) for v in D[0]),
                                tuple(tuple(Fraction(int(v), den) for v in r) for r in C)))
    return out[0], out[1], out[2]


def b3_solve(decks: int, lo: Fraction = Fraction(0), hi: Fraction = Fraction(1, 10),
             progress: bool = False) -> ParametricDASolution:
    """The parametric analysis of Model B3 on α ∈ [lo, hi] (lo ≥ 0, exact)."""
    return solve_parametric_doubly_additive(b3_affine_game(decks), lo, hi, progress=progress)


def _letter(v: Fraction) -> str:
    return "D" if v == 1 else "S" if v == 0 else "M"


def table7_string(col_sets: tuple[str, ...], y) -> str:
    """Banker's moves at Table 7's columns, e.g. ``"SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD"``."""
    index = {lab: k for k, lab in enumerate(col_sets)}
    parts = []
    for total, card in TABLE7_COLUMNS:
        comps = [f"{i}{j}" for i in range(10) for j in range(i, 10) if (i + j) % 10 == total]
        parts.append("".join(_letter(y[index[f"{c}:{card}"]]) for c in comps))
    return "-".join(parts)


def _player(row_sets, e: ParamEquilibrium) -> dict[str, str]:
    return {lab: f.to_str() if not f.is_constant else fmt(f.value)
            for lab, f in zip(row_sets, e.x_functions())}


def _mixed(col_sets, y) -> dict[str, str]:
    return {col_sets[l]: fmt(v) for l, v in enumerate(y) if 0 < v < 1}


def _value(v) -> str:
    return v if isinstance(v, str) else number_str(v)


def banker_mixtures(game, e_list: list[ParamEquilibrium], alpha) -> list[dict]:
    """Banker's equilibrium mixed strategies of support size 2 at a critical α.

    Where the extreme behaviour equilibria differ only in Banker's moves at two sets, his
    pure strategies there are the four combinations SS, SD, DS, DD (the paper's 2 × 4 game
    at β₀); a mixture of two of them is an equilibrium strategy iff it makes Player
    indifferent at his mixed composition, i.e. q = f(T)/(f(T) − f(T′)) ∈ (0, 1) with f
    Player's gain there (α-free).
    """
    if len(e_list) < 2:
        return []
    ys = [e.y for e in e_list]
    diff = [l for l in range(len(ys[0])) if len({y[l] for y in ys}) > 1]
    if len(diff) != 2:
        return []
    x0 = e_list[0]
    xs = x0.x_at(alpha)
    mixed_h = [h for h, v in enumerate(xs) if not (isinstance(v, Fraction) and v in (0, 1))]
    if len(mixed_h) != 1:
        return []
    h = mixed_h[0]
    G = game.G0
    base = list(ys[0])
    pures = []
    for b1 in (0, 1):
        for b2 in (0, 1):
            y = list(base)
            y[diff[0]], y[diff[1]] = Fraction(b1), Fraction(b2)
            pures.append(("SD"[b1] + "SD"[b2], G.I.row_gain(y)[h]))
    out = []
    for i in range(4):
        for j in range(i + 1, 4):
            (t1, f1), (t2, f2) = pures[i], pures[j]
            if f1 != f2 and (f1 > 0) != (f2 > 0) and f1 and f2:
                out.append({"support": [t1, t2], "q": fmt(f1 / (f1 - f2))})
    return [{"sets": [G.col_sets[diff[0]], G.col_sets[diff[1]]], **m} for m in out]


def b3_record(decks: int, lo: Fraction, hi: Fraction) -> dict:
    """The ``baccara sweep --model B3`` record of one deck count (docs/json.md)."""
    sol = b3_solve(decks, lo, hi)
    G = sol.game.G0
    rows, cols = G.row_sets, G.col_sets
    segments = []
    for s in sol.segments():
        seg = {"from": number_decimal(s.lo, 10), "to": number_decimal(s.hi, 10),
               "from_exact": number_str(s.lo), "to_exact": number_str(s.hi),
               "from_closed": s.lo_closed, "to_closed": s.hi_closed,
               "unique": s.unique, "certified": "interval"}
        if s.unique:
            e = s.equilibria[0]
            seg["player"] = _player(rows, e)
            seg["banker_mixed"] = _mixed(cols, e.y)
            seg["banker_moves"] = table7_string(cols, e.y)
        else:
            seg["equilibria"] = [{"player": _player(rows, e), "banker_mixed": _mixed(cols, e.y)}
                                 for e in s.equilibria]
        segments.append(seg)
    points = []
    for p in sol.exceptional():
        show = sorted({l for e in p.equilibria for l, v in enumerate(e.y) if 0 < v < 1}
                      | {l for l in range(len(cols)) if len({e.y[l] for e in p.equilibria}) > 1})
        points.append({
            "alpha": number_decimal(p.alpha, 10), "alpha_exact": number_str(p.alpha),
            "degree": p.alpha.poly.degree() if isinstance(p.alpha, RealAlgebraic)
            else (2 if not isinstance(p.alpha, Fraction) else 1),
            "unique": p.unique,
            "equilibria": [{"player": {lab: _value(v) for lab, v in zip(rows, e.x_at(p.alpha))},
                            "banker_mixed": {cols[l]: fmt(e.y[l]) for l in show}}
                           for e in p.equilibria],
            "mixed_strategies": banker_mixtures(sol.game, p.equilibria, p.alpha),
        })
    st = sol.stats
    return {
        "model": "B3", "decks": decks, "alpha_min": fmt(lo), "alpha_max": fmt(hi),
        "reduced": {"player_infosets": st["free_I"], "banker_infosets": st["free_II"]},
        "intervals": len(segments),
        "exceptional": len(points),
        "nonunique_points": sum(1 for p in points if not p["unique"]),
        "segments": segments,
        "points": points,
        "certificate": {k: st[k] for k in ("faces", "regions", "combos", "systems", "vertices",
                                           "fixed_by_dominance", "seconds")}
        | {"cells": len(sol.cells), "critical_points": len(sol.points),
           "cells_unique": sum(1 for c in sol.cells if c.unique)},
    }
