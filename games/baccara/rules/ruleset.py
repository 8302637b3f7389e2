"""Rule sets as data: which of Player's and Banker's information sets are free.

Paper I, section 4 (Ethier & Lee, *Casino baccara chemin de fer as a bimatrix game*)
constrains Banker: Crockford's Club left him free on (3, 9), (5, 4), (6, ∅) only, the
modern casino game on (3, 9), (5, 4) only; punto banco leaves nobody a choice (§5). A
:class:`RuleSet` states such rules once, independently of the model: each information
set is either **free** (its owner chooses; the game solver decides) or **fixed** to a
draw probability (1 = draw, 0 = stand, or a mixed rule such as ``"1/2"``).

Keys follow ``docs/json.md``: Banker ``"j:k"`` (two-card total j, Player's third card k,
``-`` when he stood) or ``"06:k"`` (a composition, Models 2–3); Player ``"0"``–``"7"``
(totals) or ``"05"``, ``"14"``, … (compositions of 5, Model 3). A composition key
overrides its total's key. Sets a rule does not mention are free. Player's moves on
totals 0–4 (draw) and 6–7 (stand) are fixed by every model; a rule may restate them but
not change them.

File format (TOML or JSON, ``docs/casino.md``)::

    name = "modern"                       # optional, defaults to the file name
    description = "…"                     # optional
    base = "punto-banco"                  # optional: start from a named rule set
    [player]
    "5" = "free"                          # "free"/"*", "draw"/"D"/1, "stand"/"S"/0, "p/q"
    [banker]
    grid = \"\"\"                             # optional Table-1-style grid, rows 0..7,
    #   0 1 2 3 4 5 6 7 8 9 -               # columns Player's third card 0..9 and -
    3   D D D D D D D D S * D               # cells D, S, * (free) or p/q
    \"\"\"
    "6:-" = "stand"                       # single cells override the grid

Malformed files raise :class:`RuleFileError` whose message starts with ``FILE:LINE:``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path

from gamekit.core import GameError, to_fraction
from gamekit.io import read_small_text
from games.baccara.infosets import STAND, THIRD_CARDS, composition_label, total_of

__all__ = [
    "FREE",
    "BUILTIN_RULES",
    "RuleSet",
    "RuleFileError",
    "load_rules",
    "builtin_rules",
    "parse_rules_text",
]

#: Marker for a free information set.
FREE = None
#: Names of the shipped rule sets (``games/baccara/rules/data/NAME.toml``).
BUILTIN_RULES = ("free", "crockford", "modern", "punto-banco")

_FREE_WORDS = {"free", "*", "f", "?", "choice"}
_DRAW_WORDS = {"draw", "d", "true"}
_STAND_WORDS = {"stand", "s", "false"}
_FORCED_PLAYER = {t: (1 if t <= 4 else 0) for t in (0, 1, 2, 3, 4, 6, 7)}


class RuleFileError(GameError):
    """A malformed rule file; the message reads ``FILE:LINE: what is wrong``."""


@dataclass(frozen=True)
class RuleSet:
    """Free and fixed information sets of both sides (model independent).

    ``player`` / ``banker`` map keys (totals or compositions, see module doc) to a fixed
    draw probability, or to ``None`` (free). Unmentioned sets are free.
    """

    name: str
    description: str = ""
    source: str = ""
    player: Mapping[str, Fraction | None] = field(default_factory=dict)
    banker: Mapping[str, Fraction | None] = field(default_factory=dict)

    # -- resolution for one model ------------------------------------------------------
    def banker_rule(self, label: str) -> Fraction | None:
        """Fixed draw probability at a model's Banker set ``"3:9"``/``"06:-"``, or None (free).

        A composition label takes its own key, else its total's. A total label (Model 1)
        takes its key, else the compositions' keys if they all agree (else GameError).
        """
        hand, _, card = label.partition(":")
        if len(hand) == 2:
            return self.banker.get(label, self.banker.get(f"{total_of(hand)}:{card}", FREE))
        comps = [f"{c}:{card}" for c in _compositions(int(hand))]
        return _by_total(self.banker, label, comps, self.name, f"Banker total {hand} at {label}",
                         "Model 1's Banker sees only his total")

    def player_rule(self, label: str) -> Fraction | None:
        """Fixed draw probability at a model's Player set ``"5"``/``"14"``, or None (free)."""
        if len(label) == 2:
            return self.player.get(label, self.player.get(str(total_of(label)), FREE))
        return _by_total(self.player, label, _compositions(int(label)), self.name,
                         f"Player's total {label}", "in Models 1 and 2 Player sees only his total")

    def summary(self) -> dict:
        """JSON form: name, description, and the keys that are free or fixed."""
        from gamekit.core import fmt

        def side(d: Mapping[str, Fraction | None]) -> dict:
            return {
                "free": sorted(k for k, v in d.items() if v is None),
                "fixed": {k: fmt(v) for k, v in sorted(d.items()) if v is not None},
            }

        return {
            "name": self.name,
            "description": self.description,
            "source": self.source,
            "player": side(self.player),
            "banker": side(self.banker),
            "unmentioned": "free",
        }


def _by_total(rules: Mapping[str, Fraction | None], label: str, comps: list[str], name: str,
              what: str, why: str) -> Fraction | None:
    """A total-level set's rule: its key, unless composition keys say something else (then GameError)."""
    vals = {rules[c] for c in comps if c in rules}
    if len([c for c in comps if c in rules]) < len(comps):
        vals.add(rules.get(label, FREE))
    elif label in rules:
        vals.add(rules[label])
    if len(vals) > 1:
        raise GameError(f"rules {name!r} treat the compositions of {what} differently; {why}")
    return vals.pop() if vals else FREE


def _compositions(total: int) -> list[str]:
    return [composition_label(i, j) for i in range(10) for j in range(i, 10) if (i + j) % 10 == total]


# -- parsing -------------------------------------------------------------------------------
def _value(x: object) -> Fraction | None:
    """A rule cell: free (None) or a draw probability in [0, 1]."""
    if isinstance(x, bool):
        return Fraction(int(x))
    if isinstance(x, str):
        w = x.strip().lower()
        if w in _FREE_WORDS:
            return FREE
        if w in _DRAW_WORDS:
            return Fraction(1)
        if w in _STAND_WORDS:
            return Fraction(0)
    if isinstance(x, float):
        raise GameError(f"give probabilities exactly as strings ('1/2', '0.25'), not the float {x!r}")
    if not isinstance(x, (int, str)):
        raise GameError(f"a rule cell must be free/draw/stand or a probability, got {x!r}")
    try:
        p = to_fraction(x, "draw probability")
    except (GameError, ValueError, ZeroDivisionError):
        raise GameError(f"a rule cell must be free/draw/stand or a probability, got {x!r}") from None
    if not 0 <= p <= 1:
        raise GameError(f"a draw probability must lie in [0, 1], got {p}")
    return p


def _banker_key(key: str) -> str:
    hand, sep, card = key.strip().partition(":")
    card = STAND if card in ("-", "∅", "none", "stood") else card
    if not sep or card not in THIRD_CARDS or not (hand.isascii() and hand.isdigit()) or len(hand) not in (1, 2):
        raise GameError(f"unknown Banker information set {key!r} (use '3:9', '6:-' or '06:-')")
    if len(hand) == 2 and hand != composition_label(int(hand[0]), int(hand[1])):
        raise GameError(f"Banker composition {hand!r} must be two ascending digits")
    if total_of(hand) > 7:
        raise GameError(f"Banker information set {key!r} is a natural (no decision on 8 or 9)")
    return f"{hand}:{card}"


def _player_key(key: str) -> str:
    k = key.strip()
    if not (k.isascii() and k.isdigit()) or len(k) not in (1, 2) or total_of(k) > 7:
        raise GameError(f"unknown Player information set {key!r} (use a total '0'-'7' or a composition '05')")
    if len(k) == 2 and k != composition_label(int(k[0]), int(k[1])):
        raise GameError(f"Player composition {k!r} must be two ascending digits")
    return k


def _check_player(key: str, v: Fraction | None) -> None:
    t = total_of(key)
    if t != 5 and v != _FORCED_PLAYER[t]:
        want = "draws" if _FORCED_PLAYER[t] else "stands"
        raise GameError(
            f"Player {want} on {key} in every model; only total 5 (or its compositions) can be free or changed"
        )


def _grid(text: str, line0: int, where: str) -> dict[str, Fraction | None]:
    """A Table-1-style grid: rows ``j c0 … c9 c-`` for Banker totals j = 0..7."""
    out: dict[str, Fraction | None] = {}
    for off, raw in enumerate(text.splitlines()):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            parts = line.replace(":", " ").split()
            if not parts[0].isdigit() or int(parts[0]) > 7 or len(parts[0]) > 1:
                raise GameError(f"a grid row starts with Banker's total 0-7, got {parts[0]!r}")
            if len(parts) != 12:
                raise GameError(f"grid row {parts[0]} needs 11 cells (Player's third card 0-9 and -), got {len(parts) - 1}")
            for k, cell in zip(THIRD_CARDS, parts[1:]):
                out[f"{parts[0]}:{k}"] = _value(cell)
        except GameError as exc:
            raise RuleFileError(f"{where}:{line0 + off}: {exc}") from None
    return out


def _find_line(text: str, needle: str) -> int:
    """1-based line of the first occurrence of ``needle`` as a key (quoted or bare), else 1."""
    pats = [f'"{needle}"', f"'{needle}'", needle]
    for pat in pats:
        for i, line in enumerate(text.splitlines(), 1):
            if pat in line:
                return i
    return 1


def _decode(text: str, where: str, fmt_hint: str) -> dict:
    """Parse TOML (default) or JSON, mapping syntax errors to ``FILE:LINE: …``."""
    if fmt_hint == "json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleFileError(f"{where}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    else:
        try:
            import tomllib
        except ImportError:  # pragma: no cover - Python 3.10
            import tomli as tomllib  # type: ignore[no-redef]
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            msg = str(exc)
            m = re.search(r"\(at line (\d+), column \d+\)", msg)
            line = int(m.group(1)) if m else 1
            msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg) or "syntax error"
            raise RuleFileError(f"{where}:{line}: invalid TOML: {msg}") from None
    if not isinstance(data, dict):
        raise RuleFileError(f"{where}:1: a rule file is a table/object with [player] and [banker] sections")
    return data


def parse_rules_text(text: str, where: str = "<rules>", fmt_hint: str = "toml", _depth: int = 0) -> RuleSet:
    """A :class:`RuleSet` from TOML or JSON text (see the module doc for the format)."""
    data = _decode(text, where, fmt_hint)
    known = {"name", "description", "source", "base", "player", "banker"}
    for key in data:
        if key not in known:
            raise RuleFileError(
                f"{where}:{_find_line(text, key)}: unknown key {key!r} (expected {', '.join(sorted(known))})"
            )
    for key in ("name", "description", "source", "base"):
        if key in data and not isinstance(data[key], str):
            raise RuleFileError(f"{where}:{_find_line(text, key)}: {key} must be a string")
    player: dict[str, Fraction | None] = {}
    banker: dict[str, Fraction | None] = {}
    if "base" in data:
        if _depth > 4:
            raise RuleFileError(f"{where}:{_find_line(text, 'base')}: rule sets are based on each other too deeply")
        try:
            base = builtin_rules(data["base"], _depth + 1)
        except RuleFileError:
            raise
        except GameError as exc:
            raise RuleFileError(f"{where}:{_find_line(text, 'base')}: {exc}") from None
        player.update(base.player)
        banker.update(base.banker)
    for side, target, keyfn in (("player", player, _player_key), ("banker", banker, _banker_key)):
        sec = data.get(side, {})
        if not isinstance(sec, dict):
            raise RuleFileError(f"{where}:{_find_line(text, side)}: [{side}] must be a table of information sets")
        if side == "banker" and "grid" in sec:
            if not isinstance(sec["grid"], str):
                raise RuleFileError(f"{where}:{_find_line(text, 'grid')}: grid must be a multi-line string")
            target.update(_grid(sec["grid"], _grid_line(text), where))
        for key, val in sec.items():
            if side == "banker" and key == "grid":
                continue
            try:
                k = keyfn(str(key))
                v = _value(val)
                if side == "player":
                    _check_player(k, v)
            except RuleFileError:
                raise
            except GameError as exc:
                raise RuleFileError(f"{where}:{_find_line(text, str(key))}: {exc}") from None
            target[k] = v
    name = data.get("name") or Path(where).stem
    return RuleSet(name, data.get("description", ""), data.get("source", where), player, banker)


def _grid_line(text: str) -> int:
    """Line of the first grid row: the line after ``grid = \"\"\"`` (TOML) or of ``"grid"`` (JSON)."""
    ln = _find_line(text, "grid")
    first = text.splitlines()[ln - 1]
    return ln + 1 if first.rstrip().endswith(('"""', "'''")) else ln


def builtin_rules(name: str, _depth: int = 0) -> RuleSet:
    """One of the shipped rule sets :data:`BUILTIN_RULES` (case-insensitive)."""
    key = name.strip().lower().replace("_", "-")
    if key == "puntobanco":
        key = "punto-banco"
    if key not in BUILTIN_RULES:
        raise GameError(f"unknown rule set {name!r} (built in: {', '.join(BUILTIN_RULES)}; or give a file)")
    text = resources.files("games.baccara.rules").joinpath("data", f"{key}.toml").read_text(encoding="utf-8")
    return parse_rules_text(text, f"{key}.toml", "toml", _depth)


def load_rules(spec: str | Path | RuleSet) -> RuleSet:
    """A built-in name (``"modern"``) or a path to a ``.toml``/``.json`` rule file."""
    if isinstance(spec, RuleSet):
        return spec
    s = str(spec)
    if s.strip().lower().replace("_", "-") in BUILTIN_RULES + ("puntobanco",) and not Path(s).is_file():
        return builtin_rules(s)
    p = Path(s)
    if not p.exists():
        raise GameError(f"no rule set or file {s!r} (built in: {', '.join(BUILTIN_RULES)})")
    text = read_small_text(p, "rule file")
    return parse_rules_text(text, s, "json" if p.suffix.lower() == ".json" else "toml")
