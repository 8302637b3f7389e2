"""Named and file strategies for chemin de fer, and their exact price (``baccara evaluate``).

A strategy is a draw probability at every information set of one side. It is given

* by **name** — ``punto-banco`` (the tableau: Player draws on 5; Banker Table 1 with DSDS on
  (3, 9), (4, 1), (5, 4), (6, ∅)), ``draw`` / ``stand`` (Player on 5), ``dddd`` (Banker:
  Table 1 with DDDD, his best response to Player drawing on 5, paper I §5),
  ``equilibrium`` (the model's own equilibrium at the given d and α, first extreme point),
  ``equilibrium:RULES`` (the equilibrium of the game under casino rules, e.g.
  ``equilibrium:modern``), ``kemeny-snell`` (Kemeny & Snell's 1957 solution: the
  equilibrium of Model A1 at α = 0, used by totals in every model);
* or by **file** — the rule-file format of :mod:`games.baccara.rules.ruleset` with every set
  fixed (probabilities such as ``"1/2"`` allowed, ``base = "punto-banco"`` to fill the
  rest), or the output of ``baccara solve --json`` (its first equilibrium; ``FILE#k`` picks
  the k-th).

:func:`evaluate` prices a pair exactly with :mod:`games.baccara.analysis.pricing`: both
expectations, and each side's best response against the other with its gain (the
exploitability of the other side's strategy).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from gamekit.core import GameError, fmt
from gamekit.io import read_small_text
from games.baccara.analysis.pricing import (
    banker_best_response,
    payoffs,
    player_best_response,
    row_mixture,
)
from games.baccara.cards import check_decks
from games.baccara.models.tables import model_tables, parse_alpha, parse_model
from games.baccara.rules.drawing import PUNTO_BANCO_BANKER, banker_rule
from games.baccara.rules.ruleset import RuleSet, parse_rules_text

__all__ = ["STRATEGY_NAMES", "Strategy", "resolve_strategy", "evaluate"]

STRATEGY_NAMES = ("punto-banco", "draw", "stand", "dddd", "equilibrium", "equilibrium:RULES", "kemeny-snell")


@dataclass(frozen=True)
class Strategy:
    """A named strategy pair source: ``rules`` holds fixed probabilities (nothing free)."""

    name: str
    rules: RuleSet


def _const(name: str, player: dict, banker: dict) -> Strategy:
    return Strategy(name, RuleSet(name, player={k: Fraction(v) for k, v in player.items()},
                                  banker={k: Fraction(v) for k, v in banker.items()}))


def _from_equilibrium(name: str, e) -> Strategy:
    banker = dict(zip(e.infosets, e.banker))
    return Strategy(name, RuleSet(name, player=dict(e.player), banker=banker))


def _named(name: str, model: str, decks: int, alpha: Fraction) -> Strategy | None:
    key = name.strip().lower().replace("_", "-")
    if key in ("punto-banco", "puntobanco", "tableau"):
        return _const("punto-banco", {"5": 1}, PUNTO_BANCO_BANKER)
    if key in ("draw", "stand"):
        return _const(key, {"5": int(key == "draw")}, PUNTO_BANCO_BANKER)
    if key == "dddd":
        return _const(key, {"5": 1}, banker_rule("DDDD"))
    if key in ("kemeny-snell", "kemeny"):
        from games.baccara.analysis.equilibria import solve_model

        return _from_equilibrium("kemeny-snell", solve_model("A1", 6, 0).equilibria[0])
    if key == "equilibrium":
        from games.baccara.analysis.equilibria import solve_model

        return _from_equilibrium(f"equilibrium of {model}", solve_model(model, decks, alpha).equilibria[0])
    if key.startswith("equilibrium:"):
        from games.baccara.analysis.constrained import solve_constrained

        rules = name.split(":", 1)[1]
        sol = solve_constrained(model, decks, alpha, rules)
        return _from_equilibrium(f"equilibrium under {sol.cg.rules.name}", sol.equilibria[0])
    return None


def _from_file(spec: str) -> Strategy:
    path, _, pick = spec.partition("#")
    p = Path(path)
    text = read_small_text(p, "strategy file")
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else None
    except json.JSONDecodeError as exc:
        raise GameError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    if isinstance(data, dict) and "equilibria" in data:  # output of baccara solve --json
        eqs = data["equilibria"]
        if pick and not (pick.isascii() and pick.isdigit()):
            raise GameError(f"{spec}: pick an equilibrium by its number in ASCII digits, e.g. {path}#2")
        k = int(pick) if pick else 1
        if not isinstance(eqs, list) or not 1 <= k <= len(eqs):
            raise GameError(f"{path}:1: no equilibrium #{k} in this solve output")
        e = eqs[k - 1]
        if not isinstance(e, dict) or not all(isinstance(e.get(s, {}), dict) for s in ("player", "banker")):
            raise GameError(f"{path}:1: equilibrium #{k} is not an object with player and banker tables")
        text = json.dumps({"name": f"{p.name}#{k}", "player": e.get("player", {}), "banker": e.get("banker", {})})
        return Strategy(f"{p.name}#{k}", parse_rules_text(text, path, "json"))
    rs = parse_rules_text(text, path, "json" if p.suffix.lower() == ".json" else "toml")
    return Strategy(rs.name, rs)


def resolve_strategy(spec: str, model: str = "B2", decks: object = 6, alpha: object = Fraction(1, 20)) -> Strategy:
    """A strategy by name (:data:`STRATEGY_NAMES`) or by file (module doc)."""
    name = parse_model(model)
    d = check_decks(6 if decks is None else decks)
    a = parse_alpha(alpha)
    found = _named(spec, name, d, a)
    if found is not None:
        return found
    if Path(spec.partition("#")[0]).is_file():
        return _from_file(spec)
    raise GameError(f"unknown strategy {spec!r}: use one of {', '.join(STRATEGY_NAMES)} or a file")


def _fixed(rs: RuleSet, labels, side: str, who: str) -> list[Fraction]:
    out = []
    for lab in labels:
        v = rs.player_rule(lab) if side == "player" else rs.banker_rule(lab)
        if v is None:
            raise GameError(f"{side} strategy {who!r} gives no draw probability at {lab} (add it, or base = \"punto-banco\")")
        out.append(v)
    return out


def evaluate(player: str | Strategy, banker: str | Strategy, model: str = "B2", decks: object = 6,
             alpha: object = Fraction(1, 20)) -> dict:
    """Exact payoffs of a strategy pair and each side's best response and gain (docs/json.md shape).

    ``gain`` = best-response payoff − payoff ≥ 0: how much the side could add by deviating
    while the other keeps its strategy (the other strategy's exploitability).
    """
    name = parse_model(model)
    d = check_decks(6 if decks is None else decks)
    a = parse_alpha(alpha)
    ps = player if isinstance(player, Strategy) else resolve_strategy(player, name, d, a)
    bs = banker if isinstance(banker, Strategy) else resolve_strategy(banker, name, d, a)
    t = model_tables(name, d if name[0] == "B" else None)
    g = t.game(a)
    pvec = _fixed(ps.rules, t.player_infosets, "player", ps.name)
    y = tuple(_fixed(bs.rules, g.infosets, "banker", bs.name))
    x = row_mixture(g.rows, pvec)
    up, ub = payoffs(g, x, y)
    yb, ub_best = banker_best_response(g, x, y)
    u_best, up_best = player_best_response(g, y)
    changes = {s: fmt(v) for s, v, w in zip(g.infosets, yb, y) if v != w}
    row = g.rows[u_best]
    return {
        "model": name,
        "decks": d,
        "alpha": fmt(a),
        "strategies": {"player": ps.name, "banker": bs.name},
        "player_strategy": {h: fmt(v) for h, v in zip(t.player_infosets, pvec)},
        "payoffs": {"player": fmt(up), "banker": fmt(ub)},
        "payoffs_float": {"player": float(up), "banker": float(ub)},
        "best_response": {
            "player": {"payoff": fmt(up_best), "gain": fmt(up_best - up), "gain_float": float(up_best - up),
                       "strategy": {h: "1" if c == "D" else "0" for h, c in zip(t.player_infosets, row)}},
            "banker": {"payoff": fmt(ub_best), "gain": fmt(ub_best - ub), "gain_float": float(ub_best - ub),
                       "changes": changes},
        },
    }
