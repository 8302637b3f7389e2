"""Exact solution of small square linear systems over the rationals."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["solve_exact", "solve_int"]


def solve_exact(M: Sequence[Sequence[int | Fraction]], b: Sequence[int | Fraction]) -> list[Fraction] | None:
    """The unique solution of ``M z = b`` in rationals, or ``None`` if M is singular.

    Gaussian elimination on :class:`Fraction` entries (exact; partial pivoting only picks
    a non-zero pivot).
    """
    k = len(M)
    R = [[Fraction(v) for v in row] + [Fraction(bi)] for row, bi in zip(M, b)]
    for col in range(k):
        piv = next((r for r in range(col, k) if R[r][col] != 0), None)
        if piv is None:
            return None
        if piv != col:
            R[col], R[piv] = R[piv], R[col]
        prow = R[col]
        p = prow[col]
        for r in range(k):
            if r != col and R[r][col] != 0:
                f = R[r][col] / p
                row = R[r]
                R[r] = [a - f * c for a, c in zip(row, prow)]
    return [R[i][k] / R[i][i] for i in range(k)]


def solve_int(M: Sequence[Sequence[int]], b: Sequence[int]) -> tuple[list[int], int] | None:
    """Solve the integer system ``M z = b`` without fractions: returns ``(nums, den)`` with
    ``z = nums / den`` and ``den > 0`` (``den = |det M|``), or ``None`` if M is singular.

    Fraction-free Gauss–Jordan elimination (Edmonds 1967): every intermediate entry is a
    minor of ``[M | b]``, and each step divides exactly by the previous pivot.
    """
    k = len(M)
    T = [list(row) + [bi] for row, bi in zip(M, b)]
    D = 1
    used = [False] * k
    pivot_row = [0] * k
    for c in range(k):
        r = next((i for i in range(k) if not used[i] and T[i][c] != 0), None)
        if r is None:
            return None
        used[r] = True
        pivot_row[c] = r
        prow = T[r]
        p = prow[c]
        for i in range(k):
            if i != r:
                row = T[i]
                a = row[c]
                if a:
                    T[i] = [(x * p - a * y) // D for x, y in zip(row, prow)]
                elif p != D:
                    T[i] = [(x * p) // D for x in row]
        D = p
    nums = [T[pivot_row[c]][k] for c in range(k)]
    if D < 0:
        return [-v for v in nums], -D
    return nums, D
