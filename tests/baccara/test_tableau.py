"""Punto banco's drawing rules in the information-set representation (games.baccara.rules.drawing).

Checked facts:
* the rule equals the Wikipedia tableau (typed in below from
  ``shared/seeds/wikipedia-baccarat-current.txt``) cell by cell;
* Table 1 of the first paper equals the classification by the conditional expectations
  b_{u,v}(j, k) computed here from scratch with replacement (its §2), and formula (2);
* first paper §5: punto banco's Banker rule is Banker's best response to Player's
  (1/2, 1/2) mixture on 5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamekit.core.errors import GameError
from games.baccara.infosets import banker_infosets
from games.baccara.rules.drawing import (
    OPTIONAL,
    PB_BANKER_DRAWS,
    PB_PLAYER_DRAWS,
    PLAYER_FORCED,
    PUNTO_BANCO_BANKER,
    PUNTO_BANCO_PLAYER,
    TABLE1,
    banker_draw_table,
    banker_rule,
    player_draw_table,
    player_rule,
    rule_grid,
)

# "Tableau for punto banco" (Wikipedia): Banker total x Player's third card 0..9, H = draw.
WIKIPEDIA_TABLEAU = {
    "0-2": "H H H H H H H H H H",
    "3": "H H H H H H H H S H",
    "4": "S S H H H H H H S S",
    "5": "S S S S H H H H S S",
    "6": "S S S S S S H H S S",
    "7": "S S S S S S S S S S",
}


def _wikipedia_banker(total: int, third: int | None) -> bool:
    """Banker draws? — the tableau above, plus 'if the player stood pat, draw on 0-5'."""
    if third is None:
        return total <= 5
    row = "0-2" if total <= 2 else str(total)
    return WIKIPEDIA_TABLEAU[row].split()[third] == "H"


def test_tableau_equals_wikipedia_cell_by_cell() -> None:
    assert set(PUNTO_BANCO_BANKER) == set(banker_infosets(1))
    for label, move in PUNTO_BANCO_BANKER.items():
        j, _, k = label.partition(":")
        expected = _wikipedia_banker(int(j), None if k == "-" else int(k))
        assert move == int(expected), label
    # Player's rule: "5 or less, draw; 6 or 7, stand"
    assert PUNTO_BANCO_PLAYER == {str(t): int(t <= 5) for t in range(8)}


def test_value_tables_match_infoset_maps() -> None:
    for t in range(8):
        assert PB_PLAYER_DRAWS[t] == PUNTO_BANCO_PLAYER[str(t)]
        for k in range(11):
            lab = f"{t}:{'-' if k == 10 else k}"
            assert PB_BANKER_DRAWS[t, k] == PUNTO_BANCO_BANKER[lab]
    assert not PB_PLAYER_DRAWS[8:].any() and not PB_BANKER_DRAWS[8:].any()


def test_punto_banco_is_table1_plus_dsds() -> None:
    assert sum(v == "*" for v in TABLE1.values()) == 4
    assert [lab for lab, v in TABLE1.items() if v == "*"] == sorted(OPTIONAL, key=list(TABLE1).index)
    rule = banker_rule("DSDS")
    assert rule == PUNTO_BANCO_BANKER
    assert [rule[lab] for lab in OPTIONAL] == [1, 0, 1, 0]
    for lab, mv in TABLE1.items():
        if mv != "*":
            assert rule[lab] == (mv == "D")


# --- the first paper's §2, recomputed with replacement --------------------------------
P2 = [Fraction(16 + 9 * (i == 0), 169) for i in range(10)]
P1 = [Fraction(1 + 3 * (k == 0), 13) for k in range(10)]


def _f(x: int, alpha: Fraction) -> Fraction:
    """Banker's payoff (1): 1 − α if Player's total is lower, 0 on a tie, −1 otherwise."""
    return 1 - alpha if x < 0 else Fraction(0) if x == 0 else Fraction(-1)


def _b(u: int, v: int, j: int, k: int | None, alpha: Fraction) -> tuple[Fraction, Fraction]:
    """(b_{u,v}(j, k), P(Player's hand compatible with k)) as defined in the first paper."""
    totals = range(5 + u, 8) if k is None else range(0, 5 + u)
    if k is None:
        if v == 0:
            num = sum(P2[i] * _f(i - j, alpha) for i in totals)
        else:
            num = sum(P2[i] * P1[l] * _f(i - (j + l) % 10, alpha) for i in totals for l in range(10))
    elif v == 0:
        num = sum(P2[i] * _f((i + k) % 10 - j, alpha) for i in totals)
    else:
        num = sum(P2[i] * P1[l] * _f((i + k) % 10 - (j + l) % 10, alpha) for i in totals for l in range(10))
    weight = sum(P2[i] for i in totals)
    return num / weight, weight


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 20), Fraction(1, 16)])
def test_table1_from_conditional_expectations(alpha: Fraction) -> None:
    for label, move in TABLE1.items():
        j, _, kk = label.partition(":")
        k = None if kk == "-" else int(kk)
        gains = [_b(u, 1, int(j), k, alpha)[0] - _b(u, 0, int(j), k, alpha)[0] for u in (0, 1)]
        cls = "D" if all(g > 0 for g in gains) else "S" if all(g < 0 for g in gains) else "*"
        assert cls == move, (label, gains)


def test_formula_2_of_the_first_paper() -> None:
    a = Fraction(1, 20)
    assert _b(0, 0, 3, 9, a)[0] == (23 - 48 * a) / 89
    assert _b(0, 1, 3, 9, a)[0] == 12 * (19 - 52 * a) / 1157
    assert _b(1, 0, 3, 9, a)[0] == (7 - 48 * a) / 105
    assert _b(1, 1, 3, 9, a)[0] == 4 * (49 - 176 * a) / 1365
    assert _b(0, 0, 6, None, a)[0] == -a / 3


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 20)])
def test_section5_banker_rule_is_best_response_to_half_half(alpha: Fraction) -> None:
    for label in banker_infosets(1):
        j, _, kk = label.partition(":")
        k = None if kk == "-" else int(kk)
        gain = Fraction(0)
        for u in (0, 1):
            b0, w = _b(u, 0, int(j), k, alpha)
            b1, _ = _b(u, 1, int(j), k, alpha)
            gain += Fraction(1, 2) * w * (b1 - b0)
        assert gain != 0
        assert (gain > 0) == bool(PUNTO_BANCO_BANKER[label]), label


# --- strategies as tables ---------------------------------------------------------------
def test_player_draw_table_defaults_and_compositions() -> None:
    t = player_draw_table({"5": Fraction(9, 11)})
    assert t[0, 5] == t[5, 0] == t[2, 3] == Fraction(9, 11)
    assert t[1, 3] == 1 and t[3, 3] == 0 and t[0, 8] == 0  # forced 4, forced 6, natural 8
    t = player_draw_table({"5": 0, "05": 1, "14": "1/3"})
    assert t[0, 5] == 1 and t[4, 1] == Fraction(1, 3) and t[2, 3] == 0 and t[7, 8] == 0
    assert player_rule(False)["5"] == 0 and PLAYER_FORCED == {k: v for k, v in player_rule().items() if k != "5"}


def test_banker_draw_table_totals_and_compositions() -> None:
    strat = dict(PUNTO_BANCO_BANKER)
    strat["06:-"] = "859/2288"
    t = banker_draw_table(strat)
    assert t[0, 6, 10] == t[6, 0, 10] == Fraction(859, 2288)
    assert t[1, 5, 10] == 0 and t[3, 0, 9] == 1 and t[2, 2, 1] == 0
    assert t[4, 4, 0] == 0  # natural 8 never decides


@pytest.mark.parametrize(
    "player, banker, message",
    [
        ({}, PUNTO_BANCO_BANKER, "total 5"),
        ({"9": 1}, PUNTO_BANCO_BANKER, "unknown Player"),
        ({"50": 1}, PUNTO_BANCO_BANKER, "unknown Player"),
        ({"5": 2}, PUNTO_BANCO_BANKER, "[0, 1]"),
        ({"5": "x"}, PUNTO_BANCO_BANKER, "not a number"),
        ({"5": 1}, {"3:9": 1}, "no draw probability"),
        ({"5": 1}, {**PUNTO_BANCO_BANKER, "8:1": 1}, "natural"),
        ({"5": 1}, {**PUNTO_BANCO_BANKER, "60:-": 1}, "ascending"),
        ({"5": 1}, {**PUNTO_BANCO_BANKER, "3:x": 1}, "unknown Banker"),
    ],
)
def test_bad_strategies(player: dict, banker: dict, message: str) -> None:
    with pytest.raises(GameError, match=message.replace("[", r"\[").replace("]", r"\]")):
        player_draw_table(player)
        banker_draw_table(banker)


def test_banker_rule_rejects_bad_options() -> None:
    with pytest.raises(GameError, match="four letters"):
        banker_rule("DSD")
    with pytest.raises(GameError, match="four letters"):
        banker_rule("DSDX")


def test_rule_grid() -> None:
    grid = rule_grid(TABLE1)
    assert grid[3][9] == "*" and grid[6][10] == "*" and grid[7] == ["S"] * 11
    mixed = {**PUNTO_BANCO_BANKER, "6:-": Fraction(859, 2288)}
    assert rule_grid(mixed)[6][10] == "859/2288"
