"""Chemin de fer under casino rules: the constrained game, solved exactly, and what freedom is worth.

Paper I, section 4: at Crockford's Club Banker followed Table 1 and stood on (4, 1) but was
free on (3, 9), (5, 4), (6, ∅) — a 2 × 8 game in Model A1 whose equilibrium is Theorem 1's;
under the modern rules he must also stand on (6, ∅) — a 2 × 4 game with the pure equilibrium
(draw on 5, DSDS). A :class:`~games.baccara.rules.ruleset.RuleSet` generalizes this to any
model (A1–B3), deck count and commission: every fixed information set l with draw
probability q_l is folded into the base payoffs,

    p_u(0)b_u(0) + Σ_{l fixed} [(1 − q_l) p_u(l)b_{u,0}(l) + q_l p_u(l)b_{u,1}(l)],

(the same step as Lemma 1's folding of T₀ and T₁), and Player's fixed sets are folded into
his rows (a row of the constrained game is a pure choice on his free sets, the fixed ones
mixed in with their probabilities). The constrained game is again additive (doubly
additive in Model 3), so the gamekit solvers apply unchanged: Lemma 1, then Foster's
algorithm (≤ 2 rows) or the doubly additive enumeration (Model 3).

What each side gains by its freedom (reported per extreme equilibrium, the opponent held at
its equilibrium strategy):

* ``full_freedom``: the best response over *all* the side's information sets (rules lifted
  for that side only); ``gain`` = its payoff − the equilibrium payoff ≥ 0, the cost of the
  rules to that side.
* ``no_freedom``: the side's free sets played as in punto banco; ``gain`` = equilibrium
  payoff − that payoff, what the freedom it has is worth.
* ``infosets``: Banker's gain from drawing instead of standing (conditional on reaching
  the set, and per coup) at every free set and every fixed set whose forbidden move is
  better; paper I's ≈ 0.0025641 on (4, 1) and ≈ 0.0673077 on (6, ∅) (α = 1/20, Player
  drawing on 5) are two of them. Player's gain per coup from drawing at each of his sets.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.additive import AdditiveGame, forced_moves, solve_additive
from gamekit.core import fmt
from games.baccara.analysis.equilibria import ModelEquilibrium
from games.baccara.analysis.pricing import (
    banker_best_response,
    banker_draw_gain,
    payoffs,
    player_best_response,
    player_draw_gain,
    row_mixture,
)
from games.baccara.cards import check_decks
from games.baccara.models.tables import ModelTables, model_tables, parse_alpha, parse_model
from games.baccara.rules.ruleset import RuleSet, builtin_rules, load_rules

__all__ = ["ConstrainedGame", "ConstrainedSolution", "constrained_game", "solve_constrained"]

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class ConstrainedGame:
    """A model under a rule set: the full game, which sets are fixed, and the folded game.

    ``full``: the model's additive game at α; ``player_fixed``/``banker_fixed``: fixed draw
    probabilities by label; ``player_free``/``banker_free``: the free labels (model order);
    ``game``: the constrained additive game, rows = pure choices on ``player_free``
    (``"rule"`` when Player has none), information sets = ``banker_free``.
    """

    tables: ModelTables
    alpha: Fraction
    rules: RuleSet
    full: AdditiveGame
    player_fixed: dict[str, Fraction]
    player_free: tuple[str, ...]
    banker_fixed: dict[str, Fraction]
    banker_free: tuple[str, ...]
    game: AdditiveGame = field(repr=False)

    def banker_y(self, free_draw: dict[str, Fraction]) -> tuple[Fraction, ...]:
        """Banker's full behaviour strategy: the rules where fixed, ``free_draw`` elsewhere."""
        return tuple(
            self.banker_fixed[s] if s in self.banker_fixed else free_draw[s] for s in self.full.infosets
        )

    def player_probs(self, free_draw: dict[str, Fraction]) -> dict[str, Fraction]:
        """Player's draw probability at each of his sets: rules where fixed, ``free_draw`` elsewhere."""
        return {h: self.player_fixed.get(h, free_draw.get(h, _ZERO)) for h in self.tables.player_infosets}


def _fold_rows(full: AdditiveGame, labels: tuple[str, ...], fixed: dict[str, Fraction],
               free: tuple[str, ...]) -> tuple[list[str], list[list[tuple[int, Fraction]]]]:
    """Rows of the constrained game and their weights over the model's rows (module doc)."""
    rows = ["".join(w) for w in itertools.product("SD", repeat=len(free))] if free else ["rule"]
    pos = {h: i for i, h in enumerate(labels)}
    weights: list[list[tuple[int, Fraction]]] = []
    for r in rows:
        want = dict(zip(free, r)) if free else {}
        ws = []
        for u, lab in enumerate(full.rows):
            w = _ONE
            for h in labels:
                c = lab[pos[h]]
                if h in want:
                    w = w if c == want[h] else _ZERO
                else:
                    w *= fixed[h] if c == "D" else 1 - fixed[h]
                if not w:
                    break
            if w:
                ws.append((u, w))
        weights.append(ws)
    return rows, weights


def constrained_game(model: str, decks: object = 6, alpha: object = Fraction(1, 20),
                     rules: RuleSet | str = "free") -> ConstrainedGame:
    """The model under ``rules`` (a :class:`RuleSet`, a built-in name or a file path)."""
    name = parse_model(model)
    d = check_decks(6 if decks is None else decks)
    a = parse_alpha(alpha)
    rs = load_rules(rules)
    tables = model_tables(name, d if name[0] == "B" else None)
    full = tables.game(a)
    plabels = tables.player_infosets
    prule = {h: rs.player_rule(h) for h in plabels}
    pfixed = {h: v for h, v in prule.items() if v is not None}
    pfree = tuple(h for h in plabels if prule[h] is None)
    brule = {s: rs.banker_rule(s) for s in full.infosets}
    bfixed = {s: v for s, v in brule.items() if v is not None}
    bfree = tuple(s for s in full.infosets if brule[s] is None)
    rows, weights = _fold_rows(full, plabels, pfixed, pfree)
    fixed_idx = [(full.index(s), q) for s, q in bfixed.items()]
    free_idx = [full.index(s) for s in bfree]
    assert full.a_move is not None and full.prob is not None

    def fold(base, move):
        b, mv = [], []
        for ws in weights:
            b.append(sum((w * (base[u] + sum((move[u][l][0] + q * (move[u][l][1] - move[u][l][0])
                                             for l, q in fixed_idx), _ZERO)) for u, w in ws), _ZERO))
            mv.append([(sum((w * move[u][l][0] for u, w in ws), _ZERO),
                        sum((w * move[u][l][1] for u, w in ws), _ZERO)) for l in free_idx])
        return b, mv

    b_base, b_move = fold(full.b_base, full.b_move)
    a_base, a_move = fold(full.a_base, full.a_move)
    prob = [[sum((w * full.prob[u][l] for u, w in ws), _ZERO) for l in free_idx] for ws in weights]
    game = AdditiveGame(rows, bfree, b_base, b_move, a_base=a_base, a_move=a_move, prob=prob,
                        title=f"{full.title}, rules {rs.name}")
    return ConstrainedGame(tables, a, rs, full, pfixed, pfree, bfixed, bfree, game)


# -- solving -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ConstrainedSolution:
    """Every equilibrium of a model under a rule set, with what each side's freedom is worth.

    ``equilibria`` are over ALL the model's information sets (fixed ones at their rule);
    ``gains[i]`` is the freedom report of ``equilibria[i]`` (module doc).
    """

    cg: ConstrainedGame
    reduced_player: int
    reduced_banker: int
    strategic: tuple[str, ...]
    equilibria: tuple[ModelEquilibrium, ...]
    unique: bool | None
    continuum: bool
    method: str
    notes: tuple[str, ...]
    gains: tuple[dict, ...]
    seconds: float

    @property
    def model(self) -> str:
        return self.cg.tables.model

    @property
    def banker_infosets(self) -> tuple[str, ...]:
        """All the model's Banker information sets (the equilibria's ``banker`` order)."""
        return self.cg.full.infosets

    def to_json(self) -> dict:
        """``baccara solve --json`` (docs/json.md) plus ``rules`` and per-equilibrium ``gains``."""
        t = self.cg.tables
        eqs = []
        for e, g in zip(self.equilibria, self.gains):
            item = e.to_json()
            item["gains"] = g
            eqs.append(item)
        return {
            "model": t.model,
            "decks": t.decks if t.decks is not None else self._decks,
            "alpha": fmt(self.cg.alpha),
            "rules": {
                **self.cg.rules.summary(),
                "player_free": list(self.cg.player_free),
                "banker_free": list(self.cg.banker_free),
                "banker_fixed": len(self.cg.banker_fixed),
            },
            "reduced": {
                "player_infosets": self.reduced_player,
                "banker_infosets": self.reduced_banker,
                "strategic": list(self.strategic),
            },
            "unique": self.unique,
            "continuum": self.continuum,
            "method": self.method,
            "equilibria": eqs,
            "notes": list(self.notes),
        }

    _decks: int = 6


def _equilibria(cg: ConstrainedGame, progress: bool):
    """Lemma 1 + the gamekit solver on the constrained game; results over its free sets."""
    g = cg.game
    lem = forced_moves(g) if g.n else None
    red = lem.reduced if lem is not None else g
    out: list[tuple[dict[str, Fraction], dict[str, Fraction], tuple[Fraction, Fraction]]] = []
    if g.m <= 2:
        sol = solve_additive(red) if red.n or g.m == 1 else None
        if sol is None:  # no free Banker set left: Player picks his best row(s)
            vals = [red.a_const(u) for u in range(g.m)]
            best = max(vals)
            rows = [tuple(_ONE if v == u else _ZERO for v in range(g.m)) for u in range(g.m) if vals[u] == best]
            items = [(r, ()) for r in rows]
            unique, continuum, method = len(rows) == 1, len(rows) > 1, "best response (no free Banker set)"
        else:
            items = [(e.row, e.draw) for e in sol.equilibria]
            unique, continuum = sol.unique, sol.is_continuum
            method = "foster" if g.m == 2 else "best response (Player has no free set)"
        for row, draw in items:
            y = lem.lift_behaviour(draw) if lem is not None else ()
            pdraw = {cg.player_free[0]: row[1]} if g.m == 2 else {}
            out.append((pdraw, dict(zip(g.infosets, y)), payoffs(g, row, y)))
        return out, unique, continuum, method, lem
    from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive

    dg = DoublyAdditiveGame.from_additive(red, cg.player_free)
    sol = solve_doubly_additive(dg, progress=progress)
    for e in sol.equilibria:
        y = lem.lift_behaviour(e.y) if lem is not None else ()
        out.append((dict(zip(cg.player_free, e.x)), dict(zip(g.infosets, y)), tuple(e.payoffs)))
    continuum = any(len(s.x_vertices) > 1 or len(s.y_vertices) > 1 for s in sol.subsets)
    return out, sol.unique, continuum, "doubly additive enumeration", lem


def _certify(cg: ConstrainedGame, probs: dict[str, Fraction], y: tuple[Fraction, ...],
             pays: tuple[Fraction, Fraction]) -> None:
    """Exact check on the FULL model game: payoffs agree and no side gains on its free sets."""
    full = cg.full
    x = row_mixture(full.rows, [probs[h] for h in cg.tables.player_infosets])
    ours = payoffs(full, x, y)
    free_idx = [full.index(s) for s in cg.banker_free]
    _, best_b = banker_best_response(full, x, y, free_idx)
    allowed = [u for u, r in enumerate(full.rows)
               if all((r[i] == "D") == bool(cg.player_fixed[h]) for i, h in enumerate(cg.tables.player_infosets)
                      if h in cg.player_fixed and cg.player_fixed[h] in (0, 1))]
    mixed_fixed = any(v not in (0, 1) for v in cg.player_fixed.values())
    best_p = ours[0] if mixed_fixed else player_best_response(full, y, allowed)[1]
    if ours != tuple(pays) or best_b != ours[1] or best_p != ours[0]:
        raise RuntimeError(
            f"internal error: equilibrium certificate failed for Model {cg.tables.model} "
            f"under rules {cg.rules.name!r}, please report"
        )


def solve_constrained(model: str, decks: object = 6, alpha: object = Fraction(1, 20),
                      rules: RuleSet | str = "free", *, progress: bool = False,
                      on_stage: Callable[[str], None] | None = None) -> ConstrainedSolution:
    """All equilibria of ``model`` under ``rules`` and what each side's freedom is worth, exactly."""
    stage = on_stage or (lambda s: None)
    t0 = time.perf_counter()
    stage("payoff tables and rules")
    cg = constrained_game(model, decks, alpha, rules)
    stage("equilibria")
    found, unique, continuum, method, lem = _equilibria(cg, progress)
    eqs = []
    stage("gains")
    for pdraw, bdraw, pays in found:
        probs = cg.player_probs(pdraw)
        y = cg.banker_y(bdraw)
        _certify(cg, probs, y, pays)
        eqs.append(ModelEquilibrium(probs, y, tuple(pays), cg.full.infosets))
    gains: list[dict] = []
    n_star = lem.n_free if lem is not None else 0
    strategic = tuple(lem.reduced.infosets) if lem is not None else ()
    for e in eqs:
        gains.append(freedom_report(cg, e.player, e.banker, strategic))
    d = check_decks(6 if decks is None else decks)
    notes = [
        f"Rules {cg.rules.name!r}: Player free at {len(cg.player_free)} of {len(cg.tables.player_infosets)} "
        f"sets, Banker free at {len(cg.banker_free)} of {cg.full.n} sets "
        f"(fixed: {len(cg.banker_fixed)}).",
        f"Lemma 1 leaves {n_star} free Banker information sets strategic.",
    ]
    if cg.tables.model[0] == "A":
        notes.append("Model A deals cards with replacement: the number of decks is ignored.")
    if not unique:
        notes.append(f"The equilibrium is not unique: {len(eqs)} extreme equilibria are listed.")
    red_player = len(cg.player_free)
    sol = ConstrainedSolution(cg, red_player, n_star, strategic, tuple(eqs), unique, continuum, method,
                              tuple(notes), tuple(gains), time.perf_counter() - t0)
    object.__setattr__(sol, "_decks", d)
    return sol


# -- what freedom is worth ----------------------------------------------------------------------
def _pb_rules() -> RuleSet:
    return builtin_rules("punto-banco")


def freedom_report(cg: ConstrainedGame, probs: dict[str, Fraction], y: tuple[Fraction, ...],
                   strategic: tuple[str, ...] = ()) -> dict:
    """Per side: full_freedom, no_freedom and per-set gains (module doc), exact strings.

    Banker's sets listed: fixed sets whose forbidden move is better, and free sets (all of
    them when there are at most 24, else those left strategic by Lemma 1).
    """
    show_free = set(cg.banker_free) if len(cg.banker_free) <= 24 else set(strategic)
    full, labels = cg.full, cg.tables.player_infosets
    pvec = [probs[h] for h in labels]
    x = row_mixture(full.rows, pvec)
    up, ub = payoffs(full, x, y)
    pb = _pb_rules()
    # Banker
    _, ub_full = banker_best_response(full, x, y)
    y_pb = tuple(pb.banker_rule(s) if s in cg.banker_free else v for s, v in zip(full.infosets, y))
    ub_none = payoffs(full, x, y_pb)[1]
    binfo = {}
    for l, s in enumerate(full.infosets):
        g, cond = banker_draw_gain(full, x, l)
        rule = "free" if s in cg.banker_free else ("D" if y[l] == 1 else "S" if y[l] == 0 else fmt(y[l]))
        regret = (g > 0 and y[l] < 1) or (g < 0 and y[l] > 0)
        if (rule == "free" and s in show_free) or (regret and s in cg.banker_fixed):
            binfo[s] = {"rule": rule, "draw": fmt(y[l]), "draw_gain": fmt(g),
                        "draw_gain_conditional": None if cond is None else fmt(cond),
                        "draw_gain_conditional_float": None if cond is None else float(cond)}
    # Player
    u_best, up_full = player_best_response(full, y)
    p_pb = [pb.player_rule(h) if h in cg.player_free else probs[h] for h in labels]
    up_none = payoffs(full, row_mixture(full.rows, p_pb), y)[0]
    pinfo = {h: {"rule": "free" if h in cg.player_free else fmt(probs[h]), "draw": fmt(probs[h]),
                 "draw_gain": fmt(player_draw_gain(full, pvec, y, i))} for i, h in enumerate(labels)}

    def side(pay, best, none, info):
        return {"payoff": fmt(pay),
                "full_freedom": {"payoff": fmt(best), "gain": fmt(best - pay), "gain_float": float(best - pay)},
                "no_freedom": {"payoff": fmt(none), "gain": fmt(pay - none), "gain_float": float(pay - none)},
                "infosets": info}

    return {"player": side(up, up_full, up_none, pinfo), "banker": side(ub, ub_full, ub_none, binfo)}
