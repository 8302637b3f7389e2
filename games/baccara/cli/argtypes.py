"""argparse types shared by the ``baccara`` subcommands."""

from __future__ import annotations

import argparse
import re
from fractions import Fraction

__all__ = ["exact_int", "deck_count"]

_INT64_MAX = 2**63 - 1
_NUMBER = re.compile(r"[+-]?([0-9][0-9_]*)(\.[0-9]*)?([eE][+-]?[0-9]{1,2})?", re.ASCII)


def exact_int(text: str) -> int:
    """An integer written plainly (``1000000``, ``1_000_000``) or in scientific notation
    when its value is an exact integer (``1e6``, ``2.5e3``); ``1.5`` or ``1e-3`` are refused.
    Values beyond 2⁶³ − 1 are refused (no count can be that large)."""
    s = text.strip()
    if not _NUMBER.fullmatch(s):
        raise argparse.ArgumentTypeError(f"invalid integer value: {text!r}")
    value = Fraction(s.replace("_", ""))
    if value.denominator != 1:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    if abs(value) > _INT64_MAX:
        raise argparse.ArgumentTypeError(f"too large: {text!r}")
    return int(value)


def deck_count(text: str) -> int:
    """``--decks D``: a deck count d ≥ 1, written as every integer option (``8``, ``1e2``); the
    one parser is :func:`games.baccara.cards.check_decks`."""
    from gamekit.core import GameError
    from games.baccara.cards import check_decks

    try:
        return check_decks(text)
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
