"""Exact rational arithmetic helpers.

gamekit's public numbers are :class:`fractions.Fraction`. Conversions accept ``int``,
``Fraction``, strings ``"p/q"`` / ``"0.25"`` / ``"3"``, and finite floats (converted
*exactly*: ``0.1`` becomes ``3602879701896397/36028797018963968``). Anything else, and
non-finite floats, raise :class:`gamekit.core.errors.GameError` with a one-line message.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from fractions import Fraction

from gamekit.core.errors import GameError

__all__ = [
    "to_fraction",
    "to_fraction_vector",
    "fmt",
    "parse_fraction",
    "common_denominator",
    "integer_row",
    "primitive_integers",
]


def to_fraction(x: object, what: str = "value") -> Fraction:
    """Convert ``x`` to an exact :class:`Fraction`, or raise :class:`GameError`."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool):
        return Fraction(int(x))
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, str):
        return parse_fraction(x, what)
    if isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, numbers.Real):
        f = float(x)
        if not math.isfinite(f):
            raise GameError(f"{what} is not finite: {x!r}")
        return Fraction(f)
    # python-flint fmpq / fmpz and similar
    num = getattr(x, "numerator", None)
    den = getattr(x, "denominator", None)
    if num is not None and den is not None:
        try:
            return Fraction(int(num() if callable(num) else num), int(den() if callable(den) else den))
        except (TypeError, ValueError):
            pass
    raise GameError(f"{what} is not a number: {x!r}")


def parse_fraction(s: str, what: str = "value") -> Fraction:
    """Parse ``"p/q"``, an integer or a decimal string exactly."""
    t = s.strip()
    if not t:
        raise GameError(f"{what} is empty")
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise GameError(f"{what} is not a number: {s!r}") from None
    return value


def to_fraction_vector(xs: Iterable[object], what: str = "value") -> tuple[Fraction, ...]:
    """Convert an iterable of numbers to a tuple of Fractions."""
    return tuple(to_fraction(x, what) for x in xs)


def fmt(x: Fraction | int) -> str:
    """Exact string form used in JSON output: ``"0"``, ``"1"``, ``"-3/7"``."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


def common_denominator(xs: Iterable[Fraction]) -> int:
    """Least common multiple of the denominators of ``xs`` (1 for an empty sequence)."""
    d = 1
    for x in xs:
        if x.denominator != 1:
            d = math.lcm(d, x.denominator)
    return d


def integer_row(xs: Sequence[Fraction]) -> list[int]:
    """``xs`` times the lcm L > 0 of its denominators: integers with the same signs, zeros
    and ratios (so dominance and best-response comparisons within the row are unchanged)."""
    L = common_denominator(xs)
    return [x.numerator * (L // x.denominator) for x in xs]


def primitive_integers(xs: Iterable[object]) -> list[int]:
    """The primitive integer vector proportional to ``xs`` by a positive factor
    (all zeros stay zeros)."""
    ints = integer_row([Fraction(x) for x in xs])
    g = 0
    for v in ints:
        g = math.gcd(g, v)
    return [v // g for v in ints] if g else ints
