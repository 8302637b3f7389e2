"""Fraction-free (integer) simplex dictionaries with the lexicographic ratio test.

A polytope ``{z ∈ R^d : z ≥ 0, M z ≤ 1}`` with a non-negative integer k×d matrix ``M``
(no zero column, so the polytope is bounded) is written with slacks ``s = 1 − M z ≥ 0``.
Variables are numbered ``0..d-1`` for ``z`` and ``d..d+k-1`` for the slacks; variable
``v`` carries *label* ``v``.

The dictionary is kept in the compact integer form used by lrs (Avis) and by integer
pivoting for Lemke–Howson (von Stengel, *Computing equilibria for two-person games*,
Handbook of Game Theory 3, 2002, §6): with ``D`` the determinant of the current basis,

    D · β_r = T[r][0] − Σ_c T[r][c+1] · ν_c          (r = 0..k-1)

where ``β_r`` are the basic and ``ν_c`` the nonbasic variables. All entries are integers
(minors of ``[M | I | 1]``); a pivot on ``(r, c)`` with pivot element ``p`` divides
exactly by the previous determinant (Edmonds; Bareiss), and the new determinant is ``p``.

Degeneracy is handled by the lexicographic rule: the right-hand side is perturbed to
``1 + (ε, ε², …, ε^k)``; the rows ``(T[r][0], D·B⁻¹[r])`` of a *lexico-feasible* basis are
lexicographically positive, the lexicographic minimum-ratio row is unique, and every
lexico-feasible basis has exactly one neighbour per entering variable (the perturbed
polytope is simple). Every vertex of the unperturbed polytope is the limit of at least
one perturbed vertex, so visiting all lexico-feasible bases visits every vertex
(Avis & Fukuda 1992; Avis, Rosenberg, Savani & von Stengel, Economic Theory 42, 2010).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Dictionary", "fraction_free_pivot"]


def fraction_free_pivot(T: list[list[int]], r: int, col: int, D: int, *, exchange: bool = False) -> int:
    """One integer (Bareiss/Edmonds) pivot of the tableau ``T`` on entry ``(r, col)``, in place.

    With ``p = T[r][col]`` and ``D`` the previous pivot (the current basis determinant),
    every row ``i ≠ r`` becomes ``(p·T[i] − T[i][col]·T[r]) / D``; the division is exact
    because every entry is a minor of the original matrix (Edmonds 1967; Bareiss 1968;
    von Stengel 2002, §6). Returns ``p``, the new determinant.

    ``exchange=False`` keeps the *full* tableau: column ``col`` becomes ``p·e_r`` (used by
    the simplex of :mod:`gamekit.lp.simplex`).
    ``exchange=True`` keeps the *compact dictionary*: column ``col`` is replaced by the
    column of the variable that leaves (``−T[i][col]`` in row ``i``, ``D`` in row ``r``),
    as in :class:`Dictionary`.
    """
    prow = T[r]
    p = prow[col]
    for i in range(len(T)):
        if i == r:
            continue
        row = T[i]
        a = row[col]
        if a == 0:
            if p != D:
                T[i] = [(x * p) // D for x in row]
        else:
            newrow = [(x * p - a * y) // D for x, y in zip(row, prow)]
            if exchange:
                newrow[col] = -a
            T[i] = newrow
    if exchange:
        prow = prow[:]
        prow[col] = D
        T[r] = prow
    return p


class Dictionary:
    """Compact integer dictionary of ``{z ≥ 0, M z ≤ 1}``; see the module docstring.

    Attributes
    ----------
    T:      k rows of ``d + 1`` ints (column 0: right-hand side).
    D:      determinant of the current basis (always positive here).
    basic:  ``basic[r]`` is the variable basic in row ``r``.
    nonbasic: ``nonbasic[c]`` is the variable at column ``c + 1``.
    """

    __slots__ = ("T", "D", "basic", "nonbasic", "d", "k")

    def __init__(self, M: Sequence[Sequence[int]]) -> None:
        self.k = len(M)
        self.d = len(M[0])
        self.T = [[1, *row] for row in M]
        self.D = 1
        self.basic = list(range(self.d, self.d + self.k))
        self.nonbasic = list(range(self.d))

    def copy(self) -> Dictionary:
        new = Dictionary.__new__(Dictionary)
        new.T = [row[:] for row in self.T]
        new.D = self.D
        new.basic = self.basic[:]
        new.nonbasic = self.nonbasic[:]
        new.d = self.d
        new.k = self.k
        return new

    # -- the lexicographic minimum-ratio test -------------------------------------------

    def _lex_entry(self, r: int, t: int) -> int:
        """Entry of row r in column of slack variable d+t of the full tableau D·B⁻¹[M | I]."""
        v = self.d + t
        try:
            c = self.nonbasic.index(v)
        except ValueError:
            return self.D if self.basic[r] == v else 0
        return self.T[r][c + 1]

    def leaving_row(self, c: int) -> int:
        """Row leaving when the nonbasic variable at column ``c`` enters (lexicographic
        minimum ratio). Returns -1 if no entry of the column is positive (unbounded)."""
        T = self.T
        col = c + 1
        best = -1
        bnum = bden = 0
        ties: list[int] = []
        for r in range(self.k):
            a = T[r][col]
            if a > 0:
                num = T[r][0]
                if best < 0:
                    best, bnum, bden = r, num, a
                    ties = [r]
                else:
                    lhs = num * bden
                    rhs = bnum * a
                    if lhs < rhs:
                        best, bnum, bden = r, num, a
                        ties = [r]
                    elif lhs == rhs:
                        ties.append(r)
        if len(ties) <= 1:
            return best
        # Degenerate tie: break it with the columns of D·B⁻¹ (slack columns), in order.
        for t in range(self.k):
            if len(ties) == 1:
                break
            vals = [(self._lex_entry(r, t), T[r][col], r) for r in ties]
            bn, bd, _ = vals[0]
            keep = [vals[0][2]]
            for num, den, r in vals[1:]:
                lhs = num * bd
                rhs = bn * den
                if lhs < rhs:
                    bn, bd = num, den
                    keep = [r]
                elif lhs == rhs:
                    keep.append(r)
            ties = keep
        return ties[0]

    # -- pivoting -------------------------------------------------------------------------

    def pivot(self, r: int, c: int) -> None:
        """Exchange basic ``basic[r]`` and nonbasic ``nonbasic[c]`` (integer pivoting)."""
        self.D = fraction_free_pivot(self.T, r, c + 1, self.D, exchange=True)
        self.basic[r], self.nonbasic[c] = self.nonbasic[c], self.basic[r]

    # -- reading the basic solution ---------------------------------------------------------

    def basis_key(self) -> int:
        """Bitmask of the basic variables."""
        key = 0
        for v in self.basic:
            key |= 1 << v
        return key

    def tight_mask(self) -> int:
        """Bitmask of the labels of the current vertex: nonbasic variables and basic
        variables at value 0 (degenerate)."""
        mask = 0
        for v in self.nonbasic:
            mask |= 1 << v
        for r, v in enumerate(self.basic):
            if self.T[r][0] == 0:
                mask |= 1 << v
        return mask

    def point(self) -> list[int]:
        """Numerators of z (length d); the point is ``z = numerators / D``."""
        z = [0] * self.d
        for r, v in enumerate(self.basic):
            if v < self.d:
                z[v] = self.T[r][0]
        return z
