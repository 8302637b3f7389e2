"""Exact solution of small square linear systems: one solver.

:func:`solve_int` is the only elimination routine (FLINT's); :func:`solve_exact` is its rational
front door (each equation is first scaled to integers, which does not change the
solution set).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from gamekit.core.numbers import integer_row

__all__ = ["solve_exact", "solve_int", "hadamard_bound_sq"]


def solve_int(M: Sequence[Sequence[int]], b: Sequence[int]) -> tuple[tuple[int, ...], int] | None:
    """Solve the square integer system ``M z = b`` exactly.

    Returns ``(nums, den)`` with ``z = nums / den``, ``den > 0`` and
    ``gcd(den, *nums) = 1`` (a canonical form: equal solutions give equal tuples), or
    ``None`` if ``M`` is singular.

    FLINT's exact rational solver (python-flint ``fmpz_mat.solve``: fraction-free
    elimination for small systems, p-adic lifting for larger ones); by Cramer's rule
    ``det M · z`` is integral, so ``den`` divides ``|det M|``.

    Examples
    --------
    >>> solve_int([[2, 1], [1, 3]], [1, 1])
    ((2, 1), 5)
    >>> solve_int([[1, 2], [2, 4]], [1, 1]) is None
    True
    """
    k = len(M)
    if k == 0:
        return (), 1
    import flint

    try:
        sol = flint.fmpz_mat([list(row) for row in M]).solve(flint.fmpz_mat([[v] for v in b]))
    except ZeroDivisionError:  # singular
        return None
    num, den = sol.numer_denom()  # type: ignore[attr-defined]
    nums = [int(v) for v in num.entries()]
    D = int(den)
    if D < 0:
        D, nums = -D, [-v for v in nums]
    g = math.gcd(D, *nums)
    return tuple(v // g for v in nums), D // g


def solve_exact(M: Sequence[Sequence[int | Fraction]], b: Sequence[int | Fraction]) -> list[Fraction] | None:
    """The unique solution of ``M z = b`` in rationals, or ``None`` if ``M`` is singular.

    Each equation ``[M_i | b_i]`` is multiplied by the lcm of its denominators
    (:func:`gamekit.core.numbers.integer_row`) and the integer system is solved by
    :func:`solve_int`.
    """
    rows = [integer_row([*(Fraction(v) for v in row), Fraction(bi)]) for row, bi in zip(M, b)]
    sol = solve_int([r[:-1] for r in rows], [r[-1] for r in rows])
    if sol is None:
        return None
    nums, den = sol
    return [Fraction(v, den) for v in nums]


def hadamard_bound_sq(M: Sequence[Sequence[int]]) -> int:
    """``H²`` for ``[M | I | 1]``: the product of the k largest squared column norms (exact).

    Every k×k minor of ``[M | I | 1]`` (M k×d) is at most H in absolute value (Hadamard's
    inequality): the bound of the modular verification (:mod:`gamekit.kernel.modular_verify`)
    and of the column reduction (:mod:`gamekit.bimatrix.column_reduction`). Plain Python:
    importing it does not import numba.

    Examples
    --------
    >>> hadamard_bound_sq([[3, 4], [0, 1]])  # column norms² 9+0, 16+1; slacks 1, 1; ones 2
    153
    """
    k = len(M)
    norms = [sum(row[j] * row[j] for row in M) for j in range(len(M[0]))]
    norms += [1] * k + [k]
    norms.sort(reverse=True)
    return math.prod(norms[:k])
