"""Information-set labels of chemin de fer (``docs/json.md``).

* Banker's two-card hand: its total (``"6"``) in Model 1; its composition as two
  ascending digits (``"06"``, ``"33"``) in Models 2 and 3.
* Player's third card: a digit, or ``"-"`` when Player stood.
* A Banker information set is ``"<hand>:<card>"``: ``"3:9"``, ``"06:-"``, ``"33:6"``.
* Player's information sets: ``"5"`` in Models 1 and 2; the compositions ``"05"``,
  ``"14"``, ``"23"``, ``"69"``, ``"78"`` (two-card total 5) in Model 3.

Only non-natural Banker hands (totals 0–7) have information sets: 8 totals × 11 = 88 in
Model 1, 44 compositions × 11 = 484 in Models 2–3.
"""

from __future__ import annotations

__all__ = [
    "THIRD_CARDS",
    "STAND",
    "banker_totals",
    "banker_compositions",
    "banker_infosets",
    "player_infosets",
    "infoset_label",
    "parse_infoset",
    "composition_label",
    "total_of",
]

STAND = "-"
THIRD_CARDS: tuple[str, ...] = tuple(str(k) for k in range(10)) + (STAND,)


def composition_label(i: int, j: int) -> str:
    """Two ascending digits for the two-card hand {i, j}."""
    a, b = sorted((i, j))
    return f"{a}{b}"


def total_of(hand: str) -> int:
    """Total of a hand label: ``"6"`` -> 6, ``"06"`` -> 6, ``"78"`` -> 5."""
    return sum(int(c) for c in hand) % 10


def banker_totals() -> tuple[str, ...]:
    """Model 1 Banker hands: totals 0–7."""
    return tuple(str(t) for t in range(8))


def banker_compositions() -> tuple[str, ...]:
    """Models 2–3 Banker hands: the 44 compositions with total 0–7, ascending order."""
    return tuple(
        composition_label(i, j) for i in range(10) for j in range(i, 10) if (i + j) % 10 <= 7
    )


def banker_infosets(model: int) -> tuple[str, ...]:
    """All Banker information sets of Model 1 (88) or Models 2–3 (484), hand-major order."""
    hands = banker_totals() if model == 1 else banker_compositions()
    return tuple(f"{h}:{k}" for h in hands for k in THIRD_CARDS)


def player_infosets(model: int) -> tuple[str, ...]:
    """Player's strategic information sets: ``("5",)`` or the five total-5 compositions."""
    if model in (1, 2):
        return ("5",)
    return tuple(composition_label(i, j) for i in range(10) for j in range(i, 10) if (i + j) % 10 == 5)


def infoset_label(hand: str, third: int | None) -> str:
    """``infoset_label("33", 6) == "33:6"``; ``third=None`` means Player stood."""
    return f"{hand}:{STAND if third is None else third}"


def parse_infoset(label: str) -> tuple[str, int | None]:
    """Inverse of :func:`infoset_label`."""
    hand, _, card = label.partition(":")
    return hand, (None if card == STAND else int(card))
