"""Exact solution of small square linear systems over the rationals."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["solve_exact"]


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
