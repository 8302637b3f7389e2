"""Exact rational arithmetic helpers.

gamekit's public numbers are :class:`fractions.Fraction`. Conversions accept ``int``,
``Fraction``, strings ``"p/q"`` / ``"0.25"`` / ``"3"``, and finite floats (converted
*exactly*: ``0.1`` becomes ``3602879701896397/36028797018963968``). Anything else, and
non-finite floats, raise :class:`gamekit.core.errors.GameError` with a one-line message.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction

from gamekit.core.errors import GameError

__all__ = [
    "to_fraction",
    "to_fraction_vector",
    "fmt",
    "FmtMemo",
    "parse_fraction",
    "number_text_problem",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "common_denominator",
    "integer_row",
    "primitive_integers",
]


def to_fraction(x: object, what: str = "value") -> Fraction:
    """Convert ``x`` to an exact :class:`Fraction`, or raise :class:`GameError`.

    Parameters
    ----------
    x : object
        An int, bool, Fraction or other ``numbers.Rational``, a finite float (converted
        exactly, bit for bit), a number text accepted by :func:`parse_fraction`, or an object
        with integer ``numerator``/``denominator`` (python-flint ``fmpq``).
    what : str
        What the number is, for the error message.

    Returns
    -------
    Fraction
        The exact value.

    Raises
    ------
    GameError
        When ``x`` is not a number, is bytes, or is an infinite or NaN float.

    Examples
    --------
    >>> to_fraction("3/4"), to_fraction(2), to_fraction(0.5)
    (Fraction(3, 4), Fraction(2, 1), Fraction(1, 2))
    >>> to_fraction("x", "payoff")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: payoff is not a number: 'x'
    """
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool):
        return Fraction(int(x))
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, str):
        return parse_fraction(x, what)
    if isinstance(x, (bytes, bytearray)):
        raise GameError(f"{what} is not a number: bytes {_shown(repr(x))} (decode it to str first)")
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


#: Bounds on a number written as text: digits of its numerator / denominator / mantissa,
#: and the decimal exponent (``1e-10000000`` would need a 10-million-digit integer).
#: ``MAX_DIGITS`` exceeds ``MAX_EXPONENT`` + 4300, so every number that can be read (e.g.
#: ``1e9999``) can also be written out in full digits and read back (``gamekit convert``).
MAX_DIGITS = 15_000
MAX_EXPONENT = 10_000
_PY_INT_DIGITS = 4000  # below CPython's default int/str conversion limit (4300 digits)

_NUMBER_TEXT = re.compile(
    r"(?P<sign>[+-]?)(?:(?P<num>[0-9]+)/(?P<den>[0-9]+)"
    r"|(?P<int>[0-9]*)(?:\.(?P<frac>[0-9]*))?(?:[eE](?P<exp>[+-]?[0-9]+))?)",
    re.ASCII,
)


def number_text_problem(t: str) -> str | None:
    """Why the text ``t`` is not an acceptable exact number (None when it is).

    Accepted: ASCII ``[+-]p/q``, integers and decimals with an optional exponent, with at
    most :data:`MAX_DIGITS` digits in each part and an exponent of at most
    :data:`MAX_EXPONENT` in absolute value — so parsing is fast and the value prints.
    Non-ASCII digits (Arabic-Indic, fullwidth) are refused.
    """
    m = _NUMBER_TEXT.fullmatch(t)
    if m is None or (m.group("num") is None and not (m.group("int") or m.group("frac"))):
        return "not a number"
    for part in ("num", "den", "int", "frac"):
        digits = m.group(part)
        if digits is not None and len(digits) > MAX_DIGITS:
            return f"more than {MAX_DIGITS} digits"
    if m.group("den") is not None and not m.group("den").strip("0"):
        return "zero denominator"
    exp = m.group("exp")
    if exp is not None and (len(exp.lstrip("+-").lstrip("0")) > 6 or abs(int(exp)) > MAX_EXPONENT):
        return f"exponent beyond ±{MAX_EXPONENT}"
    return None


def _shown(s: str) -> str:
    return repr(s if len(s) <= 40 else s[:40] + "...")


def parse_fraction(s: str, what: str = "value") -> Fraction:
    """Parse ``"p/q"``, an integer or a decimal string exactly (see :func:`number_text_problem`
    for the accepted forms and bounds).

    Parameters
    ----------
    s : str
        The text; surrounding white space is ignored.
    what : str
        What the number is, for the error message.

    Returns
    -------
    Fraction
        The exact value (a decimal is read exactly: ``"0.1"`` is 1/10).

    Raises
    ------
    GameError
        When ``s`` is not a string, is empty, or is not an accepted number text.

    Examples
    --------
    >>> parse_fraction("-3/6"), parse_fraction("0.1"), parse_fraction("1e3")
    (Fraction(-1, 2), Fraction(1, 10), Fraction(1000, 1))
    >>> parse_fraction("1/0")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: value is not a number: '1/0' (zero denominator)
    """
    if not isinstance(s, str):
        raise GameError(f"{what} is not a number: {type(s).__name__}")
    t = s.strip()
    if not t:
        raise GameError(f"{what} is empty")
    problem = number_text_problem(t)
    if problem is not None:
        detail = "" if problem == "not a number" else f" ({problem})"
        raise GameError(f"{what} is not a number: {_shown(s)}{detail}")
    try:
        value = Fraction(t) if len(t) <= _PY_INT_DIGITS else _long_fraction(t)
    except (ValueError, ZeroDivisionError):
        raise GameError(f"{what} is not a number: {_shown(s)}") from None
    return value


def _long_int(digits: str) -> int:
    """``int(digits)`` beyond CPython's int/str conversion limit (python-flint, exact)."""
    if len(digits) <= _PY_INT_DIGITS:
        return int(digits or "0")
    import flint

    return int(flint.fmpz(digits))


def _long_fraction(t: str) -> Fraction:
    """:class:`Fraction` of an accepted number text with parts longer than CPython parses."""
    m = _NUMBER_TEXT.fullmatch(t)
    assert m is not None  # checked by number_text_problem
    sign = -1 if m.group("sign") == "-" else 1
    if m.group("num") is not None:
        return Fraction(sign * _long_int(m.group("num")), _long_int(m.group("den")))
    frac = m.group("frac") or ""
    exp = int(m.group("exp") or 0) - len(frac)
    mant = sign * _long_int((m.group("int") or "") + frac)
    return Fraction(mant * 10**exp) if exp >= 0 else Fraction(mant, 10**-exp)


def to_fraction_vector(xs: Iterable[object], what: str = "value") -> tuple[Fraction, ...]:
    """Convert an iterable of numbers to a tuple of Fractions.

    Parameters
    ----------
    xs : iterable of object
        Numbers in any form :func:`to_fraction` accepts.
    what : str
        What the numbers are, for the error message.

    Returns
    -------
    tuple of Fraction
        The exact values, in order.

    Raises
    ------
    GameError
        When an item is not a number.

    Examples
    --------
    >>> to_fraction_vector(["1/3", 2, 0.25])
    (Fraction(1, 3), Fraction(2, 1), Fraction(1, 4))
    """
    return tuple(to_fraction(x, what) for x in xs)


def fmt(x: Fraction | int) -> str:
    """Exact string form used in JSON output: ``"0"``, ``"1"``, ``"-3/7"``.

    Parameters
    ----------
    x : Fraction or int
        The number.

    Returns
    -------
    str
        ``"p/q"`` in lowest terms, or ``"p"`` for an integer (any number of digits).

    Examples
    --------
    >>> fmt(Fraction(-6, 14)), fmt(3), fmt(Fraction(0))
    ('-3/7', '3', '0')
    """
    if type(x) is not Fraction:  # a Fraction already: skip the constructor's ABC checks
        x = Fraction(x)
    if x.denominator == 1:
        return _int_str(x.numerator)
    return f"{_int_str(x.numerator)}/{_int_str(x.denominator)}"


def _int_str(n: int) -> str:
    """``str(n)``, also beyond Python's 4300-digit limit on int-to-str conversion (exactly,
    through python-flint, in quasi-linear time)."""
    try:
        return str(n)
    except ValueError:
        import flint

        return str(flint.fmpz(n))


class FmtMemo:
    """:func:`fmt` of vectors of exact numbers for one output, each distinct vector and
    number object formatted once.

    A result with many equilibria shares its vectors (an equilibrium's strategies are the
    very tuples of the vertex lists) and their entries (equal probabilities are one
    Fraction object), so memoizing by object identity turns millions of :func:`fmt` calls
    into dictionary look-ups done in C. The memo keeps every object it has seen alive, so
    an identity is never reused while it lives; use one per output (over vectors that do
    not change meanwhile, such as tuples) and drop it.

    Examples
    --------
    >>> half = Fraction(1, 2)
    >>> v = (half, half, Fraction(0))
    >>> memo = FmtMemo()
    >>> memo.vector(v), memo.vector(v), memo.vector([3, Fraction(-6, 14)])
    (['1/2', '1/2', '0'], ['1/2', '1/2', '0'], ['3', '-3/7'])
    >>> memo.vector(v) is memo.vector(v)  # a new list each time
    False
    """

    __slots__ = ("_numbers", "_vectors", "_alive")

    def __init__(self) -> None:
        self._numbers: dict[int, str] = {}
        self._vectors: dict[int, tuple[str, ...]] = {}
        self._alive: list[object] = []

    def vector(self, v: Sequence[Fraction | int]) -> list[str]:
        """``[fmt(x) for x in v]`` (a new list)."""
        text = self._vectors.get(id(v))
        if text is None:
            numbers = self._numbers
            try:
                text = tuple(map(numbers.__getitem__, map(id, v)))
            except KeyError:
                for x in v:
                    if id(x) not in numbers:
                        numbers[id(x)] = fmt(x)
                        self._alive.append(x)
                text = tuple(map(numbers.__getitem__, map(id, v)))
            self._vectors[id(v)] = text
            self._alive.append(v)
        return list(text)


def common_denominator(xs: Iterable[Fraction]) -> int:
    """Least common multiple of the denominators of ``xs`` (1 for an empty sequence).

    Parameters
    ----------
    xs : iterable of Fraction
        The numbers.

    Returns
    -------
    int
        The least positive L with L·x an integer for every x.

    Examples
    --------
    >>> common_denominator([Fraction(1, 4), Fraction(5, 6), Fraction(2)])
    12
    """
    d = 1
    for x in xs:
        if x.denominator != 1:
            d = math.lcm(d, x.denominator)
    return d


def integer_row(xs: Sequence[Fraction]) -> list[int]:
    """``xs`` times the lcm L > 0 of its denominators: integers with the same signs, zeros
    and ratios (so dominance and best-response comparisons within the row are unchanged).

    Parameters
    ----------
    xs : sequence of Fraction
        The row.

    Returns
    -------
    list of int
        L·x for each x.

    Examples
    --------
    >>> integer_row([Fraction(1, 2), Fraction(-1, 3), Fraction(0)])
    [3, -2, 0]
    """
    L = common_denominator(xs)
    return [x.numerator * (L // x.denominator) for x in xs]


def primitive_integers(xs: Iterable[object]) -> list[int]:
    """The primitive integer vector proportional to ``xs`` by a positive factor
    (all zeros stay zeros).

    Parameters
    ----------
    xs : iterable of object
        Numbers in any form :func:`to_fraction` accepts.

    Returns
    -------
    list of int
        Integers with gcd 1 (or all zero), same signs and ratios as ``xs``.

    Raises
    ------
    GameError
        When an item is not a number.

    Examples
    --------
    >>> primitive_integers(["2/3", "4/3", 0])
    [1, 2, 0]
    """
    ints = integer_row([to_fraction(x) for x in xs])
    g = 0
    for v in ints:
        g = math.gcd(g, v)
    return [v // g for v in ints] if g else ints
