"""Drawing rules as maps on information sets: Table 1, the punto banco tableau, strategies.

Ethier & Lee, *Casino baccara chemin de fer as a bimatrix game*, §2 Table 1 lists
Banker's move in each of the 88 Model-1 information sets ``"j:k"`` (two-card total
j = 0..7, Player's third card k = 0..9 or ``-`` when Player stood): D (draw) or S
(stand) in 84 of them, and ``*`` in the four sets (3, 9), (4, 1), (5, 4), (6, ∅) where
the best move depends on Player's strategy. Section 4 notes that these 84 moves are
exactly the constrained Banker strategy of the modern casino game, and §5 that
*punto banco* is "Table 1 and DSDS on (3, 9), (4, 1), (5, 4), (6, ∅)" with Player
drawing on 0–5 and standing on 6–7. This module states those rules once, in the same
information-set representation that the chemin de fer models use, so the same labels
drive the exact enumeration (:mod:`games.baccara.casino.odds`) and the simulators
(:mod:`games.baccara.casino.simulation`).

A *strategy* is a map from information-set labels (``docs/json.md``) to draw
probabilities. :func:`player_draw_table` and :func:`banker_draw_table` turn one into
arrays indexed by card values — ``P[a, b]`` for Player's two cards, ``B[a, b, k]`` for
Banker's two cards and Player's third card (k = 10 for "stood") — which is the form
the enumerator and the simulators consume.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from gamekit.core import GameError, to_fraction
from games.baccara.infosets import (
    STAND,
    THIRD_CARDS,
    composition_label,
    parse_infoset,
    total_of,
)

if TYPE_CHECKING:  # numpy is imported when a table is built (fast start of the simulator)
    import numpy as np

__all__ = [
    "DRAW_MOVE",
    "STAND_MOVE",
    "OPTIONAL",
    "TABLE1",
    "PUNTO_BANCO_OPTIONS",
    "K_STOOD",
    "table1",
    "banker_rule",
    "player_rule",
    "PUNTO_BANCO_BANKER",
    "PUNTO_BANCO_PLAYER",
    "PLAYER_FORCED",
    "PB_PLAYER_DRAWS",  # noqa: F822 - built on first access (module __getattr__)
    "PB_BANKER_DRAWS",  # noqa: F822
    "punto_banco_rows",
    "rule_grid",
    "player_draw_table",
    "banker_draw_table",
    "punto_banco_tables",
]

DRAW_MOVE, STAND_MOVE, OPTIONAL_MOVE = "D", "S", "*"
K_STOOD = 10  # array index of "Player stood" (k = ∅) in Banker tables

# Table 1 of the first paper (0 <= alpha < 1/15): rows j = 0..7, columns k = 0..9 and ∅.
_TABLE1_ROWS = (
    "DDDDDDDDDD" "D",
    "DDDDDDDDDD" "D",
    "DDDDDDDDDD" "D",
    "DDDDDDDDS*" "D",
    "S*DDDDDDSS" "D",
    "SSSS*DDDSS" "D",
    "SSSSSSDDSS" "*",
    "SSSSSSSSSS" "S",
)

#: The 88 Model-1 Banker information sets -> "D", "S" or "*" (Table 1 of the first paper).
TABLE1: dict[str, str] = {
    f"{j}:{k}": row[i] for j, row in enumerate(_TABLE1_ROWS) for i, k in enumerate(THIRD_CARDS)
}

#: The four starred cells of Table 1, in the paper's order (3, 9), (4, 1), (5, 4), (6, ∅).
OPTIONAL: tuple[str, ...] = ("3:9", "4:1", "5:4", "6:-")

#: Punto banco's choice in the starred cells (first paper, §5): "DSDS".
PUNTO_BANCO_OPTIONS = "DSDS"


def table1() -> dict[str, str]:
    """A fresh copy of :data:`TABLE1`."""
    return dict(TABLE1)


def banker_rule(options: str = PUNTO_BANCO_OPTIONS) -> dict[str, int]:
    """Table 1 completed by ``options`` (four letters D/S for :data:`OPTIONAL`).

    Returns all 88 Model-1 information sets mapped to 1 (draw) or 0 (stand).
    ``banker_rule("DSDS")`` is punto banco's Banker rule; ``"DDDD"`` is Banker's best
    response to Player drawing on 5 (first paper, §5).
    """
    opts = options.upper()
    if len(opts) != len(OPTIONAL) or set(opts) - {DRAW_MOVE, STAND_MOVE}:
        raise GameError(f"options must be four letters D/S for {', '.join(OPTIONAL)}, got {options!r}")
    chosen = dict(zip(OPTIONAL, opts, strict=True))
    return {lab: int(chosen.get(lab, mv) == DRAW_MOVE) for lab, mv in TABLE1.items()}


def player_rule(draw_on_5: bool = True) -> dict[str, int]:
    """Player's rule on the two-card totals ``"0"``–``"7"``: draw on 0–4, stand on 6–7.

    Total 5 is Player's one free choice in chemin de fer; punto banco draws there.
    """
    return {str(t): int(t <= 4 or (t == 5 and draw_on_5)) for t in range(8)}


#: Punto banco's rules as information-set maps (1 = draw, 0 = stand).
PUNTO_BANCO_BANKER: dict[str, int] = banker_rule(PUNTO_BANCO_OPTIONS)
PUNTO_BANCO_PLAYER: dict[str, int] = player_rule(True)
#: Player's moves that chemin de fer fixes (total 5 is free).
PLAYER_FORCED: dict[str, int] = {t: m for t, m in player_rule().items() if t != "5"}

def punto_banco_rows() -> tuple[list[int], list[list[int]]]:
    """Punto banco as plain lists (1 = draw): ``player[total]`` and ``banker[total][k]``
    (k = 0..9, 10 for "Player stood"); totals 8–9 (naturals) never reach them and are 0."""
    player = [0] * 10
    banker = [[0] * 11 for _ in range(10)]
    for t, m in PUNTO_BANCO_PLAYER.items():
        player[int(t)] = m
    for lab, m in PUNTO_BANCO_BANKER.items():
        h, k = parse_infoset(lab)
        banker[int(h)][K_STOOD if k is None else k] = m
    return player, banker


_PB_ARRAYS: dict[str, object] = {}


def __getattr__(name: str) -> object:
    """``PB_PLAYER_DRAWS[total]`` and ``PB_BANKER_DRAWS[total, k]``: :func:`punto_banco_rows`
    as read-only int8 numpy arrays, built on first access (PEP 562), so that importing the
    rules does not import numpy."""
    if name not in ("PB_PLAYER_DRAWS", "PB_BANKER_DRAWS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _PB_ARRAYS:
        import numpy as np

        player, banker = punto_banco_rows()
        for key, rows in (("PB_PLAYER_DRAWS", player), ("PB_BANKER_DRAWS", banker)):
            arr = np.array(rows, dtype=np.int8)
            arr.setflags(write=False)
            _PB_ARRAYS[key] = arr
    return _PB_ARRAYS[name]


def rule_grid(rule: Mapping[str, object]) -> list[list[str]]:
    """A Table-1-style grid (rows j = 0..7, columns k = 0..9, ∅) of a Model-1 rule.

    Values 1/0 (or "D"/"S"/"*") become "D"/"S"/"*"; other probabilities are shown as
    exact strings.
    """
    rows = []
    for j in range(8):
        row = []
        for k in THIRD_CARDS:
            v = rule[f"{j}:{k}"]
            if isinstance(v, str) and v in (DRAW_MOVE, STAND_MOVE, OPTIONAL_MOVE):
                row.append(v)
            else:
                f = to_fraction(v, f"draw probability at {j}:{k}")
                row.append(DRAW_MOVE if f == 1 else STAND_MOVE if f == 0 else str(f))
        rows.append(row)
    return rows


def _prob(x: object, where: str) -> Fraction:
    p = to_fraction(x, f"draw probability at {where}")
    if not 0 <= p <= 1:
        raise GameError(f"draw probability at {where} must lie in [0, 1], got {p}")
    return p


def player_draw_table(strategy: Mapping[str, object]) -> np.ndarray:
    """Player's draw probabilities ``P[a, b]`` (object array of Fractions, 10×10).

    Keys: a two-card total ``"0"``–``"7"`` (Models 1–2, e.g. ``"5"``) or a composition
    ``"05"``, ``"14"``, … (Model 3), which overrides its total. Totals not given take
    chemin de fer's forced moves (draw on 0–4, stand on 6–7); total 5 has no default, so
    it (or all five of its compositions) must be given. Entries for naturals are 0.
    """
    by_total: dict[int, Fraction] = {}
    by_comp: dict[str, Fraction] = {}
    for key, val in strategy.items():
        k = str(key).strip()
        if len(k) == 1 and k.isdigit() and int(k) <= 7:
            by_total[int(k)] = _prob(val, f"Player {k}")
        elif len(k) == 2 and k.isdigit() and total_of(k) <= 7 and k == composition_label(int(k[0]), int(k[1])):
            by_comp[k] = _prob(val, f"Player {k}")
        else:
            raise GameError(
                f"unknown Player information set {key!r} (use a total 0-7 like '5' or an ascending composition like '05')"
            )
    import numpy as np

    table = np.empty((10, 10), dtype=object)
    for a in range(10):
        for b in range(10):
            t = (a + b) % 10
            comp = composition_label(a, b)
            if t >= 8:
                table[a, b] = Fraction(0)
            elif comp in by_comp:
                table[a, b] = by_comp[comp]
            elif t in by_total:
                table[a, b] = by_total[t]
            elif str(t) in PLAYER_FORCED:
                table[a, b] = Fraction(PLAYER_FORCED[str(t)])
            else:
                raise GameError(
                    f"Player strategy has no draw probability for total {t} (give '{t}' or composition '{comp}')"
                )
    return table


def banker_draw_table(strategy: Mapping[str, object]) -> np.ndarray:
    """Banker's draw probabilities ``B[a, b, k]`` (object array of Fractions, 10×10×11).

    Keys are Banker information sets: ``"j:k"`` with a total (Model 1) or ``"06:k"`` with
    a composition (Models 2–3), which overrides its total; k is 0–9 or ``-`` (index 10).
    Every one of the 484 (composition, k) cells must be covered by one or the other, as in
    the output of ``baccara solve``. Entries for naturals are 0.
    """
    by_total: dict[tuple[int, int], Fraction] = {}
    by_comp: dict[tuple[str, int], Fraction] = {}
    for key, val in strategy.items():
        lab = str(key).strip()
        hand, sep, card = lab.partition(":")
        if not sep or card not in THIRD_CARDS or not hand.isdigit() or len(hand) not in (1, 2):
            raise GameError(f"unknown Banker information set {key!r} (use labels like '3:9', '6:-', '06:-')")
        k = K_STOOD if card == STAND else int(card)
        if total_of(hand) > 7:
            raise GameError(f"Banker information set {key!r} is a natural (totals 8-9 have no decision)")
        if len(hand) == 1:
            by_total[(int(hand), k)] = _prob(val, lab)
        else:
            if hand != composition_label(int(hand[0]), int(hand[1])):
                raise GameError(f"Banker composition {hand!r} must be two ascending digits")
            by_comp[(hand, k)] = _prob(val, lab)
    import numpy as np

    table = np.empty((10, 10, 11), dtype=object)
    for a in range(10):
        for b in range(10):
            t = (a + b) % 10
            comp = composition_label(a, b)
            for k in range(11):
                if t >= 8:
                    table[a, b, k] = Fraction(0)
                elif (comp, k) in by_comp:
                    table[a, b, k] = by_comp[(comp, k)]
                elif (t, k) in by_total:
                    table[a, b, k] = by_total[(t, k)]
                else:
                    kk = STAND if k == K_STOOD else str(k)
                    raise GameError(
                        f"Banker strategy has no draw probability for {comp}:{kk} (give '{t}:{kk}' or '{comp}:{kk}')"
                    )
    return table


def punto_banco_tables() -> tuple[np.ndarray, np.ndarray]:
    """Punto banco's rules as (Player, Banker) value-indexed tables of Fractions 0/1."""
    return player_draw_table(PUNTO_BANCO_PLAYER), banker_draw_table(PUNTO_BANCO_BANKER)

