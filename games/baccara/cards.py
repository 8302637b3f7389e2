"""Cards, hands and the shoe (shared by chemin de fer models and punto banco).

Denominations A, 2–9, 10, J, Q, K have values 1, 2–9, 0, 0, 0, 0; a hand's total is the
sum of its card values mod 10 (the paper's M(i) = Mod(i, 10)). A *d*-deck shoe holds
4d cards of each value 1–9 and 16d cards of value 0.
"""

from __future__ import annotations

import re
from fractions import Fraction

from gamekit.core import GameError, to_fraction

__all__ = [
    "VALUES",
    "RANKS",
    "RANK_VALUE",
    "M",
    "shoe_counts",
    "rank_counts",
    "falling",
    "check_decks",
    "check_alpha",
]

VALUES = tuple(range(10))
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_VALUE = {r: (i + 1) % 10 if i < 9 else 0 for i, r in enumerate(RANKS)}


def M(i: int) -> int:
    """The total of a hand with card-value sum i: Mod(i, 10)."""
    return i % 10


_INTEGER_TEXT = re.compile(r"\+?[0-9][0-9_]*([eE]\+?[0-9]{1,2})?", re.ASCII)   # 8, 1_000, 1e2; not 2.0

MAX_DECKS = 10**9
"""Largest deck count any computation accepts (issue #28: a bounded input gives a bounded
run). Exact odds at d = 10⁹ agree with d = ∞ to about nine digits; beyond it the exact
rationals grow (a 300-digit d made the effects of removal run for minutes) for nothing."""


def check_decks(d: object) -> int:
    """Validate a deck count (an integer 1 ≤ d ≤ :data:`MAX_DECKS`): an int, or a string such
    as ``"6"``, ``"1_000"`` or an integral scientific notation such as ``"1e2"`` (as every
    integer option of the CLI).

    Parameters
    ----------
    d : object
        An int or a string of ASCII digits.

    Returns
    -------
    int
        The deck count.

    Raises
    ------
    GameError
        Not an integer, below 1 or above :data:`MAX_DECKS`.

    Examples
    --------
    >>> check_decks("8"), check_decks("1e2"), check_decks(6)
    (8, 100, 6)
    >>> check_decks(10**12)
    Traceback (most recent call last):
    gamekit.core.errors.GameError: number of decks must be at most 1,000,000,000, got 1,000,000,000,000
    """
    if isinstance(d, bool) or not isinstance(d, int):
        text = d.strip() if isinstance(d, str) else ""
        value = Fraction(text.replace("_", "")) if _INTEGER_TEXT.fullmatch(text) else None
        if value is None or value.denominator != 1:
            raise GameError(f"number of decks must be a positive integer, got {d!r}") from None
        d = int(value)
    if d < 1:
        raise GameError(f"number of decks must be at least 1, got {d}")
    if d > MAX_DECKS:
        shown = f"{d:,}" if d < 10**40 else f"about 10^{int(d.bit_length() * 0.30103)}"
        raise GameError(f"number of decks must be at most {MAX_DECKS:,}, got {shown}")
    return d


def check_alpha(alpha: object, upper: Fraction = Fraction(1)) -> Fraction:
    """Validate a commission α: an exact rational with 0 ≤ α < upper (default 1)."""
    a = to_fraction(alpha, "commission alpha")
    if a < 0 or a >= upper:
        raise GameError(f"commission alpha must satisfy 0 <= alpha < {upper}, got {a}")
    return a


def shoe_counts(d: int) -> tuple[int, ...]:
    """Number of cards of each value 0..9 in a d-deck shoe: (16d, 4d, ..., 4d)."""
    d = check_decks(d)
    return (16 * d,) + (4 * d,) * 9


def rank_counts(d: int) -> dict[str, int]:
    """Number of cards of each rank in a d-deck shoe (4d each)."""
    d = check_decks(d)
    return {r: 4 * d for r in RANKS}


def falling(n: int, k: int) -> int:
    """Falling factorial (n)_k = n(n−1)…(n−k+1); (52d)_6 is Model B's common denominator."""
    out = 1
    for i in range(k):
        out *= n - i
    return out
