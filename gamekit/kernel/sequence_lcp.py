"""Lemke's algorithm on the sequence-form LCP of Koller, Megiddo and von Stengel (1996), from
its data (A, B, E, e, F, f): exact, lexicographic degeneracy resolution, sparse integer
rows (the rows, the path and the tableau are described in :mod:`gamekit.extensive.lemke`,
which applies it to game trees). Strategy sets {x ≥ 0 : E x ≥ e}, {y ≥ 0 : F y ≥ f},
payoffs xᵀA y, xᵀB y with A, B negative; the LCP in z = (x, y, p, q) ≥ 0 is

    w_x = −A y − Eᵀ p ≥ 0  ⊥ x,        w_p = E x − e ≥ 0  ⊥ p,
    w_y = −Bᵀ x − Fᵀ q ≥ 0 ⊥ y,        w_q = F y − f ≥ 0  ⊥ q.

The right-hand sides e, f are integers read through an :class:`RhsRing`: plain integers,
or polynomials in an infinitesimal stored by Kronecker substitution
(:mod:`gamekit.refine.permutahedron`, where they come from Myerson's ε-permutahedra).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import gcd
from typing import Protocol

from gamekit.core.errors import CertificationError
from gamekit.core.numbers import common_denominator

__all__ = ["lemke_sequence_lcp", "lemke_path", "sequence_lcp_rows", "RhsRing", "INTEGERS", "DEFAULT_MAX_PIVOTS"]

#: Safety bound on the number of complementary pivots (the lexicographic rule terminates).
DEFAULT_MAX_PIVOTS = 1_000_000

Row = dict[int, Fraction]


class RhsRing(Protocol):
    """How the tableau reads its right-hand-side integers: plain integers
    (:data:`INTEGERS`), or polynomials in an infinitesimal stored as integers by Kronecker
    substitution (:class:`gamekit.refine.permutahedron` supplies one)."""

    def sign(self, v: int) -> int:
        """The sign of the value that ``v`` stands for."""
        ...

    def content(self, v: int) -> int:
        """A positive integer g such that v/g stands for the value divided by g (gcd of the
        coefficients; ``abs(v)`` for plain integers)."""
        ...


class _Integers:
    def sign(self, v: int) -> int:
        return (v > 0) - (v < 0)

    def content(self, v: int) -> int:
        return abs(v)


#: the ring of plain integers (the sequence form's right-hand sides)
INTEGERS: RhsRing = _Integers()


def sequence_lcp_rows(n1: int, n2: int, A: Mapping[tuple[int, int], Fraction], B: Mapping[tuple[int, int], Fraction],
                      E: Sequence[Mapping[int, int]], F: Sequence[Mapping[int, int]],
                      cover: Mapping[int, int] | None = None) -> list[Row]:
    """Sparse rows of M in the LCP w = q + M z + 1·z0 (module doc) from the sequence-form
    data: ``A``, ``B`` the *negative* payoff matrices (sparse, (i, j) → value), ``E``, ``F``
    the constraint rows (variables: x_i = i, y_j = n1 + j, p_h = n1 + n2 + h,
    q_h = n1 + n2 + len(E) + h; z0 = their number). The covering vector is 1 except
    ``cover[r]`` (a positive integer) in row r, a row of some x_i or y_j."""
    k1, k2 = len(E), len(F)
    N = n1 + n2 + k1 + k2
    px, py = n1 + n2, n1 + n2 + k1  # first p, first q variable
    rows: list[Row] = [{} for _ in range(N)]

    def add(r: int, v: int, c: Fraction) -> None:
        t = rows[r].get(v, 0) + c
        if t:
            rows[r][v] = t
        else:
            rows[r].pop(v, None)

    for (s1, s2), a in sorted(A.items()):
        add(s1, n1 + s2, -a)   # w_x = −A y …
    for (s1, s2), b in sorted(B.items()):
        add(n1 + s2, s1, -b)   # w_y = −Bᵀ x …
    for h, erow in enumerate(E):
        for s, c in erow.items():
            add(s, px + h, Fraction(-c))             # w_x = … − Eᵀ p
            add(n1 + n2 + h, s, Fraction(c))         # w_p = E x − e
    for h, frow in enumerate(F):
        for s, c in frow.items():
            add(n1 + s, py + h, Fraction(-c))
            add(n1 + n2 + k1 + h, n1 + s, Fraction(c))
    for r, row in enumerate(rows):
        row[N] = Fraction(cover.get(r, 1) if cover else 1)  # covering vector: w = … + d·z0
    return rows


class _Tableau:
    """den[r]·basic[r] = rhs[r] + Σ_v rows[r][v]·v (v nonbasic): sparse integer rows, each
    with its own positive denominator, kept in lowest terms.

    Variables: z_j = j (j < N), z0 = N, w_i = N + 1 + i; initially w_i is basic in row i.
    The perturbation εⁱ⁺¹ added to w_i's equation is not stored: with u_i = w_i − εⁱ⁺¹ the
    system is the unperturbed one, so the ε-part of row r is −rows[r][w_i] at each nonbasic
    w_i, plus den[r] at i when w_i is row r's basic variable (:meth:`perturbation`).
    """

    def __init__(self, rhs: list[int], rows: list[Row], ring: RhsRing = INTEGERS) -> None:
        n = len(rows)
        self.N, self.ring = n, ring
        self.den: list[int] = []
        self.rhs: list[int] = []
        self.rows: list[dict[int, int]] = []
        for b, row in zip(rhs, rows):
            L = common_denominator(row.values())
            self.den.append(L)
            self.rhs.append(b * L)
            self.rows.append({v: int(c * L) for v, c in row.items()})
        self.basic = [n + 1 + i for i in range(n)]
        self.where = {v: r for r, v in enumerate(self.basic)}  # basic variable -> row

    def leaving_row(self, e: int) -> int:
        """The lexicographic minimum-ratio row when ``e`` enters (−1: a ray).

        Row r bounds e by rhs[r] / −rows[r][e] where that coefficient is negative (the row's
        denominator cancels); ties are broken by the perturbation, ε first.
        """
        best = -1
        bnum = bden = 0
        ties: list[int] = []
        sign = self.ring.sign
        for r, row in enumerate(self.rows):
            c = row.get(e)
            if c is None or c >= 0:
                continue
            num = self.rhs[r]
            if best < 0:
                best, bnum, bden, ties = r, num, -c, [r]
                continue
            d = sign(num * bden - bnum * -c)
            if d < 0:
                best, bnum, bden, ties = r, num, -c, [r]
            elif d == 0:
                ties.append(r)
        if len(ties) <= 1:
            return best
        return self._lex_min(ties, e)

    def perturbation(self, r: int) -> dict[int, int]:
        """Row r's coefficients of ε¹, ε², … (times den[r]; class doc)."""
        n1 = self.N + 1
        out = {v - n1: -c for v, c in self.rows[r].items() if v >= n1}
        if self.basic[r] >= n1:
            out[self.basic[r] - n1] = self.den[r]
        return out

    def _lex_min(self, ties: list[int], e: int) -> int:
        """The row among ``ties`` with the lexicographically least perturbation / −rows[r][e].

        Only the entries present count: at a position i where some tied rows have no entry
        (ratio 0), a negative entry wins, else the rows without an entry stay tied.
        """
        pert = {r: self.perturbation(r) for r in ties}
        bucket: dict[int, list[int]] = {}
        for r in ties:
            for i in pert[r]:
                bucket.setdefault(i, []).append(r)
        alive = set(ties)
        for i in sorted(bucket):
            have = [r for r in bucket[i] if r in alive]
            if not have:
                continue
            neg = [r for r in have if pert[r][i] < 0]
            if not neg and len(have) < len(alive):
                alive.difference_update(have)      # the rows with 0 here are smaller
            else:
                cand = neg or have
                best: list[int] = []
                bn = bd = 0
                for r in cand:
                    num, den = pert[r][i], -self.rows[r][e]
                    if not best:
                        best, bn, bd = [r], num, den
                        continue
                    lhs, rhs = num * bd, bn * den
                    if lhs < rhs:
                        best, bn, bd = [r], num, den
                    elif lhs == rhs:
                        best.append(r)
                alive = set(best)
            if len(alive) == 1:
                return alive.pop()
        raise CertificationError("Lemke: a lexicographic tie survived the perturbation")  # pragma: no cover

    def pivot(self, r: int, e: int) -> int:
        """Make ``e`` basic in row ``r``; returns the variable that left."""
        row, out = self.rows[r], self.basic[r]
        c = row.pop(e)
        # c·e = den·out − rhs − Σ row[v]·v
        s = -1 if c > 0 else 1
        new = {v: s * a for v, a in row.items()}
        new[out] = -s * self.den[r]
        nd, nr = -s * c, s * self.rhs[r]
        g = gcd(nd, *new.values())
        if g > 1:
            g = gcd(g, self.ring.content(nr))
        if g > 1:
            new = {v: a // g for v, a in new.items()}
            nd, nr = nd // g, nr // g
        self.rows[r], self.den[r], self.rhs[r] = new, nd, nr
        for k, other in enumerate(self.rows):
            if k == r or e not in other:
                continue
            a = other.pop(e)
            if nd != 1:
                for v in other:
                    other[v] *= nd
                self.den[k] *= nd
            for v, b in new.items():
                t = other.get(v, 0) + a * b
                if t:
                    other[v] = t
                else:
                    other.pop(v, None)
            rk = self.rhs[k] * nd + a * nr
            if nd != 1:
                g = gcd(self.den[k], *other.values())
                if g > 1:
                    g = gcd(g, self.ring.content(rk))
                if g > 1:
                    for v in other:
                        other[v] //= g
                    self.den[k] //= g
                    rk //= g
            self.rhs[k] = rk
        self.basic[r] = e
        del self.where[out]
        self.where[e] = r
        return out

    def raw(self, v: int) -> tuple[int, int]:
        """(numerator in the ring, positive denominator) of variable ``v``."""
        r = self.where.get(v)
        return (self.rhs[r], self.den[r]) if r is not None else (0, 1)

    def value(self, v: int) -> Fraction:
        r = self.where.get(v)
        return Fraction(self.rhs[r], self.den[r]) if r is not None else Fraction(0)


def lemke_path(rhs: list[int], rows: list[Row], ring: RhsRing, max_pivots: int) -> tuple[_Tableau, int]:
    """Lemke's path on w = rhs + M z + d·z0 (``rows`` from :func:`sequence_lcp_rows`) from
    the primary ray to a solution.

    Parameters
    ----------
    rhs : list of int
        q, as ``ring`` integers.
    rows : list of Row
        The sparse rows of [M | d].
    ring : RhsRing
        How to read ``rhs``.
    max_pivots : int
        Safety bound on the number of pivots.

    Returns
    -------
    (tableau, int)
        The final tableau (``tab.raw(v)``: numerator and denominator of variable v) and the
        pivot count.

    Raises
    ------
    CertificationError
        A ray or the pivot bound.

    Examples
    --------
    >>> rows = sequence_lcp_rows(1, 1, {(0, 0): Fraction(-1)}, {(0, 0): Fraction(-1)}, [{0: 1}], [{0: 1}])
    >>> tab, pivots = lemke_path([0, 0, -1, -1], rows, INTEGERS, 100)
    >>> tab.raw(0), tab.raw(1)
    ((1, 1), (1, 1))
    """
    tab = _Tableau(rhs, rows, ring)
    N = tab.N
    z0 = N
    sign = ring.sign
    # first step: z0 = max_i −(q_i + εⁱ): the most negative q_i, ties to the largest i
    first = 0
    for i in range(1, N):
        if sign(rhs[i] - rhs[first]) <= 0:
            first = i
    if sign(rhs[first]) >= 0:  # impossible: some right-hand side is negative
        raise CertificationError("Lemke: the sequence-form LCP has a trivial solution")
    leaving = tab.pivot(first, z0)
    pivots = 1
    while leaving != z0:
        entering = leaving - (N + 1) if leaving > N else leaving + N + 1  # the complement
        r = tab.leaving_row(entering)
        if r < 0:
            raise CertificationError("Lemke: secondary ray on the sequence-form LCP (a bug)")
        leaving = tab.pivot(r, entering)
        pivots += 1
        if leaving != z0 and pivots > max_pivots:
            raise CertificationError(f"Lemke: no equilibrium after {max_pivots} pivots")
    return tab, pivots


def lemke_sequence_lcp(n1: int, n2: int, A: Mapping[tuple[int, int], Fraction], B: Mapping[tuple[int, int], Fraction],
                       E: Sequence[Mapping[int, int]], e: Sequence[int], F: Sequence[Mapping[int, int]], f: Sequence[int],
                       ring: RhsRing = INTEGERS, cover: Mapping[int, int] | None = None,
                       max_pivots: int = DEFAULT_MAX_PIVOTS) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int]:
    """Lemke's algorithm on the sequence-form LCP of strategy sets {x ≥ 0 : E x ≥ e},
    {y ≥ 0 : F y ≥ f} and payoffs xᵀA y, xᵀB y (not yet certified).

    The LCP's solutions are the equilibria when every feasible strategy has negative
    payoffs and each player's best responses satisfy E x = e (module doc). The right-hand
    sides are integers read through ``ring`` (e.g. polynomials in an infinitesimal,
    Kronecker-packed); ties left by them are broken by the lexicographic perturbation.

    Parameters
    ----------
    n1, n2 : int
        Numbers of variables x, y.
    A, B : Mapping
        Sparse payoff matrices, (i, j) → Fraction, negative.
    E, F : Sequence of Mapping
        Constraint rows (variable → integer coefficient).
    e, f : Sequence of int
        Their right-hand sides, as ``ring`` integers.
    ring : RhsRing
        How to read right-hand-side integers (:data:`INTEGERS`).
    cover : Mapping or None
        Covering-vector entries other than 1, row → positive integer (rows as in
        :func:`sequence_lcp_rows`); different vectors can end at different equilibria.
    max_pivots : int
        Safety bound on the number of pivots.

    Returns
    -------
    (list, list, int)
        (numerator as a ``ring`` integer, positive integer denominator) of each x_i and
        each y_j, and the pivot count.

    Raises
    ------
    CertificationError
        A ray or the pivot bound (impossible when the hypotheses hold).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> A = {(0, 0): F(-1), (0, 1): F(-3), (1, 0): F(-2), (1, 1): F(-1)}  # matching pennies, shifted
    >>> x, y, _ = lemke_sequence_lcp(2, 2, A, {k: -4 - v for k, v in A.items()}, [{0: 1, 1: 1}], [1], [{0: 1, 1: 1}], [1])
    >>> [str(F(*v)) for v in x], [str(F(*v)) for v in y]
    (['1/3', '2/3'], ['2/3', '1/3'])
    """
    rows = sequence_lcp_rows(n1, n2, A, B, E, F, cover)
    rhs = [0] * (n1 + n2) + [-v for v in e] + [-v for v in f]
    tab, pivots = lemke_path(rhs, rows, ring, max_pivots)
    return [tab.raw(i) for i in range(n1)], [tab.raw(n1 + j) for j in range(n2)], pivots
