"""Read back an exact number written by :func:`gamekit.exact.number_str`.

The writer's three forms: a rational ``"p/q"`` (or ``"n"``), a quadratic surd
``"(A ± B*sqrt(c))/D"`` and its shorter forms (module ``surd``), and the k-th real root
``"CRootOf((c0)*x**0 + (c1)*x**1 + …, k)"`` of an integer polynomial (module ``algebraic``).
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["number_from_str"]

_SURD = re.compile(r"\(?(?P<a>-?\d+)?\s*(?P<sign>[+-])?\s*(?P<neg>-)?(?:(?P<b>-?\d+)\*)?sqrt\((?P<c>\d+)\)\)?"
                   r"(?:/(?P<d>\d+))?")
_ROOT = re.compile(r"CRootOf\((?P<terms>.*), (?P<k>\d+)\)")
_TERM = re.compile(r"\((-?\d+)\)\*x\*\*(\d+)")


def number_from_str(text: str):
    """The exact number a string of :func:`number_str` stands for.

    Parameters
    ----------
    text : str
        ``"p/q"``, ``"(A - B*sqrt(c))/D"`` (or a shorter surd form) or ``"CRootOf(…, k)"``.

    Returns
    -------
    Fraction, QuadraticSurd or RealAlgebraic
        The number; ``number_str`` of it gives ``text`` back.

    Raises
    ------
    ValueError
        The text is none of these forms.

    Examples
    --------
    >>> from gamekit.exact import number_str, real_roots, int_poly
    >>> number_from_str("3/7"), str(number_from_str("(16 - sqrt(2))/5"))
    (Fraction(3, 7), '(16 - sqrt(2))/5')
    >>> x = real_roots(int_poly([-2, 0, 0, 1]))[0]
    >>> number_str(number_from_str(number_str(x))) == number_str(x)
    True
    """
    from gamekit.exact.algebraic import int_poly, real_roots
    from gamekit.exact.surd import QuadraticSurd

    s = text.strip()
    m = _ROOT.fullmatch(s)
    if m:
        terms = {int(k): int(c) for c, k in _TERM.findall(m["terms"])}
        if not terms:
            raise ValueError(f"not an exact number: {text[:60]!r}")
        roots = real_roots(int_poly([terms.get(i, 0) for i in range(max(terms) + 1)]))
        if int(m["k"]) >= len(roots):
            raise ValueError(f"no real root of index {m['k']}: {text[:60]!r}")
        return roots[int(m["k"])]
    m = _SURD.fullmatch(s)
    if m and "sqrt" in s:
        b = Fraction(int(m["b"] or 1) * (-1 if (m["sign"] == "-") != bool(m["neg"]) else 1))   # ± and a leading -
        d = int(m["d"] or 1)
        if d == 0:
            raise ValueError(f"division by zero in {text[:60]!r}")
        return QuadraticSurd.make(Fraction(int(m["a"] or 0), d), b / d, int(m["c"]))
    try:
        return Fraction(s)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not an exact number: {text[:60]!r}") from None
