"""The three solution concepts of banque (Ethier & Lee 2015, abstract and Section 1).

* **correlated cooperative equilibrium**: the two Players form a team that may correlate
  its moves at 5 (rows SS, SD, DS, DD) and maximizes the team's total −(θr₁ + (1−θ)r₂);
  Banker maximizes θr₁ + (1−θ)r₂. A zero-sum additive 4 × 2¹¹⁴⁴ game, solved exactly by
  the m-row solver (``gamekit.additive.many_rows``); its value is cross-checked with the
  exact LP  min_x [Σ_u x_u b_u(∅) + Σ_l max(0, g_l(x))]  (Banker's best-response payoff).
  It always exists (minimax theorem).
* **independent cooperative equilibrium** (Downton & Lockwood's preferred solution): the
  same team objective, but each Player mixes independently, x = x(p₁, p₂) a product. A
  saddle point (x(p), y) of the restricted game is a saddle point of the correlated game
  (the team's best response to y can always be taken pure, and pure pairs are products),
  so it exists iff the polytope X* of optimal team strategies contains a product
  distribution, x_SS·x_DD = x_SD·x_DS. When X* is one point that is not a product, no
  independent cooperative equilibrium exists — the reason reported in the notes.
* **Nash equilibrium** of the three-person game: :mod:`games.baccara.banque.nash`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.additive import forced_moves, solve_many_rows
from gamekit.exact import quadratic_roots
from gamekit.lp import solve_lp
from games.baccara.banque.certify import profile_values
from games.baccara.banque.model import ROWS, check_theta, team_game

__all__ = ["CONCEPTS", "ConceptResult", "correlated", "independent", "nash", "solve_concept"]

CONCEPTS = ("nash", "independent", "correlated")
_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass
class ConceptResult:
    """Extreme solutions of one concept at θ: each a dict with p1, p2, draw, payoffs (and team)."""

    concept: str
    theta: Fraction
    exists: bool
    solutions: list[dict]
    complete: bool = True
    notes: list[str] = field(default_factory=list)
    value: object = None           # Banker's expected payoff (= −team's) where defined
    decks: int | None = None       # None: with replacement; d: without, from a d-deck shoe
    banker: str = "totals"         # what Banker sees of his hand: "totals" or "compositions"


def _team_value_lp(theta: Fraction, decks: int | None = None, banker: str = "totals") -> Fraction:
    """Banker's value of the team game by the exact LP over (x, z) (see module docstring)."""
    red = forced_moves(team_game(theta, decks, banker))
    g = red.reduced
    m, n = g.m, g.n
    c = [g.b_const(u) for u in range(m)] + [_ONE] * n
    A_ub = [[g.b_gains(u)[l] for u in range(m)] + [(-_ONE if k == l else _ZERO) for k in range(n)]
            for l in range(n)]
    res = solve_lp(c, A_ub=A_ub, b_ub=[_ZERO] * n, A_eq=[[_ONE] * m + [_ZERO] * n], b_eq=[_ONE])
    return res.value


def _correlated_fast(t: Fraction, decks: int | None = None, banker: str = "totals") -> ConceptResult | None:
    """The unique equilibrium from a float LP guess certified exactly (see
    ``theta_correlated._certified_guess``), re-checked on the full game; None if the
    structure is not generic (then the m-row solver decides)."""
    from gamekit.additive import is_additive_equilibrium
    from games.baccara.banque.theta_correlated import _certified_guess
    from games.baccara.banque.theta_poly import theta_tables

    eq = _certified_guess(theta_tables(decks, banker), t)
    if eq is None or not is_additive_equilibrium(team_game(t, decks, banker), eq[0], eq[1]):
        return None
    x, y = eq
    vals = _team_payoffs(t, x, y, decks, banker)
    sol = {"p1": x[2] + x[3], "p2": x[1] + x[3], "team": dict(zip(ROWS, x)), "draw": y, "payoffs": vals}
    notes = [f"zero-sum 4 x 2^{len(y)} team game; unique equilibrium: structure from a float LP (search step), "
             "certified exactly (Banker indifferent exactly where he mixes, team indifferent exactly on its "
             "support, both square systems nonsingular) and re-checked by an exact best-response test"]
    return ConceptResult("correlated", t, True, [sol], True, notes, vals["banker"], decks, banker)


def correlated(theta: object, *, fast: bool = True, decks: int | None = None, banker: str = "totals") -> ConceptResult:
    """All extreme correlated cooperative equilibria (team strategy x, Banker's y);
    ``decks``: None with replacement, d without replacement from a d-deck shoe; ``banker``:
    Banker sees his ``"totals"`` or ``"compositions"``."""
    t = check_theta(theta)
    if fast:
        res = _correlated_fast(t, decks, banker)
        if res is not None:
            return res
    sol = solve_many_rows(team_game(t, decks, banker))
    lp = _team_value_lp(t, decks, banker)
    out = []
    for e in sol.equilibria:
        x = e.row
        p1, p2 = x[2] + x[3], x[1] + x[3]
        vals = _team_payoffs(t, x, e.draw, decks, banker)
        out.append({"p1": p1, "p2": p2, "team": dict(zip(ROWS, x)), "draw": e.draw, "payoffs": vals})
    value = out[0]["payoffs"]["banker"]
    notes = [f"zero-sum 4 x 2^{len(sol.game.infosets)} team game; Lemma 1 kept {sol.stats['n_star']} "
             "Banker sets; solved by the m-row additive solver",
             f"value checked by the exact LP: {'agrees' if lp == value else 'DISAGREES'}"]
    if lp != value:
        raise RuntimeError("internal error: LP value differs from the equilibrium payoff")
    return ConceptResult("correlated", t, True, out, True, notes, value, decks, banker)


def _team_payoffs(t: Fraction, x, draw, decks: int | None = None, banker: str = "totals") -> dict:
    """Payoffs of the correlated profile: mix the four pure rows' payoffs by x."""
    pure = [(_ZERO, _ZERO), (_ZERO, _ONE), (_ONE, _ZERO), (_ONE, _ONE)]
    acc = {"player1": _ZERO, "player2": _ZERO, "banker": _ZERO}
    for xu, (a1, a2) in zip(x, pure):
        if xu:
            v = profile_values(t, a1, a2, draw, decks, banker)
            for k in acc:
                acc[k] += xu * v[k]
    return acc


def _product_points(xs: list[tuple]) -> list[tuple]:
    """Product distributions in conv(xs) for a point or a segment (exact, may be surds)."""
    def q(x):
        return x[0] * x[3] - x[1] * x[2]
    if len(xs) == 1:
        return list(xs) if q(xs[0]) == 0 else []
    if len(xs) == 2:
        a, b = xs
        d = [bi - ai for ai, bi in zip(a, b)]
        # q(a + s d) = q0 + q1 s + q2 s²
        q0 = q(a)
        q1 = a[0] * d[3] + d[0] * a[3] - a[1] * d[2] - d[1] * a[2]
        q2 = d[0] * d[3] - d[1] * d[2]
        if q0 == q1 == q2 == 0:
            return list(xs)
        roots = [s for s in quadratic_roots(q0, q1, q2) if 0 <= s <= 1]
        return [tuple(ai + s * di for ai, di in zip(a, d)) for s in roots]
    raise NotImplementedError("optimal team strategies form a polytope of dimension > 1")


def independent(theta: object, corr: ConceptResult | None = None, decks: int | None = None,
                banker: str = "totals") -> ConceptResult:
    """Independent cooperative equilibria: product strategies among the optimal team ones."""
    corr = corr or correlated(theta, decks=decks, banker=banker)
    decks, banker = corr.decks, corr.banker
    xs = sorted({tuple(s["team"][r] for r in ROWS) for s in corr.solutions})
    try:
        prods = _product_points(xs)
    except NotImplementedError as exc:
        return ConceptResult("independent", corr.theta, False, [], False, [str(exc)], decks=decks, banker=banker)
    if not prods:
        x = xs[0]
        why = (f"the team's optimal strategies {' and '.join(_fmt_x(x) for x in xs)} are not product "
               f"distributions (x_SS*x_DD = {x[0] * x[3]} != x_SD*x_DS = {x[1] * x[2]}"
               + ("" if len(xs) == 1 else " on the whole segment") + "); a saddle point with independent "
               "mixing would be an optimal correlated strategy, so none exists at this theta")
        return ConceptResult("independent", corr.theta, False, [], True, [why], corr.value, decks, banker)
    draws = sorted({s["draw"] for s in corr.solutions})
    out = []
    for x in prods:
        p1, p2 = x[2] + x[3], x[1] + x[3]
        for d in draws:
            out.append({"p1": p1, "p2": p2, "team": dict(zip(ROWS, x)), "draw": d,
                        "payoffs": _payoffs(profile_values(corr.theta, p1, p2, d, decks, banker))})
    notes = ["an optimal correlated team strategy is a product: the Players may mix independently"]
    return ConceptResult("independent", corr.theta, True, out, True, notes, corr.value, decks, banker)


def _payoffs(vals: dict) -> dict:
    """The three players' payoffs out of :func:`profile_values` (which also returns gains)."""
    return {k: vals[k] for k in ("player1", "player2", "banker")}


def _fmt_x(x) -> str:
    return "(" + ", ".join(str(v) for v in x) + ")"


def nash(theta: object, decks: int | None = None) -> ConceptResult:
    """All extreme Nash equilibria of the three-person game (``nash.banque_nash``)."""
    from games.baccara.banque.nash import banque_nash

    res = banque_nash(theta, decks)
    out = [{"p1": e.p1, "p2": e.p2, "draw": e.draw, "payoffs": e.payoffs} for e in res.equilibria]
    notes = list(res.notes) + [f"curve arrangement: {res.stats.get('curves')} curves, "
                               f"{res.stats.get('vertices')} vertices, {res.stats.get('cells')} cells; "
                               "every equilibrium certified by an exact best-response check of all three players"]
    value = out[0]["payoffs"]["banker"] if out else None
    return ConceptResult("nash", res.theta, bool(out), out, res.complete, notes, value, decks)


def solve_concept(concept: str, theta: object, decks: int | None = None, banker: str = "totals") -> ConceptResult:
    """Dispatch by name: ``nash``, ``independent`` or ``correlated``; ``decks`` and ``banker``
    as in :func:`games.baccara.banque.model.banque_tables` (None: with replacement; Banker
    sees totals). Banker seeing compositions is offered for the cooperative concepts only."""
    from gamekit.core import GameError
    from games.baccara.banque.model import BANKER_INFO

    if decks is not None:
        from games.baccara.cards import check_decks

        decks = check_decks(decks)
    if banker not in BANKER_INFO:
        raise GameError(f"banker sees {' or '.join(BANKER_INFO)}, got {banker!r}")
    if concept == "correlated":
        return correlated(theta, decks=decks, banker=banker)
    if concept == "independent":
        return independent(theta, decks=decks, banker=banker)
    if concept == "nash":
        if banker != "totals":
            raise GameError("the Nash equilibrium with Banker seeing compositions is not offered: Lemma 1 leaves "
                            "~350 strategic sets (65-68 with totals), so the exact curve arrangement has ~50x more "
                            "vertices (docs/banque.md, 'Banker seeing compositions')")
        return nash(theta, decks)
    raise GameError(f"unknown concept {concept!r}; choose from {', '.join(CONCEPTS)}")
