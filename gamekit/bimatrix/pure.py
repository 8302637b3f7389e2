"""Pure-strategy equilibria: cells (i, j) where A[i][j] is a maximum of column j of A
and B[i][j] a maximum of row i of B (each player's pure strategy is a best response)."""

from __future__ import annotations

from fractions import Fraction

from gamekit.bimatrix.intgame import IntGame, Profile

__all__ = ["pure_equilibria"]


def pure_equilibria(ig: IntGame) -> list[Profile]:
    """All pure equilibria, in row-major order."""
    m, n = ig.m, ig.n
    col_max = [max(ig.A[i][j] for i in range(m)) for j in range(n)]
    row_max = [max(row) for row in ig.B]
    one = Fraction(1)
    return [
        (((i, one),), ((j, one),))
        for i in range(m)
        for j in range(n)
        if ig.A[i][j] == col_max[j] and ig.B[i][j] == row_max[i]
    ]
