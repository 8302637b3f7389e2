"""Shared pieces of the exact solvers: integer payoffs, exact certification, ordering.

Equilibria do not change under a positive affine transformation of a player's payoffs,
so the solvers work with the integer matrices ``A' = L·A + a`` and ``B' = L·B + b``
(``L`` the lcm of all denominators, shifts making every entry ≥ 1). The best-response
polytopes ``P = {x ≥ 0 : B'ᵀx ≤ 1}`` and ``Q = {y ≥ 0 : A'y ≤ 1}`` are then bounded
(von Stengel 2002).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core.certify import _seal
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import common_denominator

__all__ = [
    "IntGame",
    "Sparse",
    "Profile",
    "integer_game",
    "certify_and_build",
    "sparse_key",
    "sparse_key_reversed",
    "normalize",
    "dense",
]

Sparse = tuple[tuple[int, Fraction], ...]
"""A mixed strategy by its support: ``((index, probability), ...)``, indices increasing."""

Profile = tuple[Sparse, Sparse]
"""A strategy profile (x, y) in sparse form; solvers return these (cheap to hash and
compare, even for 2×4096 games)."""


@dataclass(frozen=True)
class IntGame:
    """Positive integer payoffs ``A = La·game.A + shift_a``, ``B = Lb·game.B + shift_b``."""

    A: tuple[tuple[int, ...], ...]
    B: tuple[tuple[int, ...], ...]
    La: int = 1
    Lb: int = 1
    shift_a: int = 0
    shift_b: int = 0

    @property
    def m(self) -> int:
        return len(self.A)

    @property
    def n(self) -> int:
        return len(self.A[0])

    def transpose(self) -> IntGame:
        """The game with roles swapped: (Bᵀ, Aᵀ)."""
        return IntGame(
            tuple(zip(*self.B)), tuple(zip(*self.A)), self.Lb, self.La, self.shift_b, self.shift_a
        )

    def restrict(self, rows: Sequence[int], cols: Sequence[int]) -> IntGame:
        """The subgame on the given rows and columns."""
        return IntGame(
            tuple(tuple(self.A[i][j] for j in cols) for i in rows),
            tuple(tuple(self.B[i][j] for j in cols) for i in rows),
            self.La,
            self.Lb,
            self.shift_a,
            self.shift_b,
        )


def _scaled(M: Sequence[Sequence[Fraction]]) -> tuple[tuple[tuple[int, ...], ...], int, int]:
    """``L·M + shift`` with ``L`` the lcm of all denominators and every entry ≥ 1."""
    L = math.lcm(*{d for row in M for d in map(_DEN, row)})  # one pass over the denominators
    if L == 1:
        rows = [list(map(_NUM, row)) for row in M]
    else:
        rows = [[v.numerator * (L // v.denominator) for v in row] for row in M]
    shift = 1 - min(map(min, rows))
    return tuple(tuple(map(shift.__add__, row)) for row in rows), L, shift


def integer_game(game: BimatrixGame) -> IntGame:
    """Scale and shift each player's payoffs to positive integers (same equilibria)."""
    A, La, sa = _scaled(game.A)
    B, Lb, sb = _scaled(game.B)
    return IntGame(A, B, La, Lb, sa, sb)


def normalize(nums: Sequence[int]) -> Sparse:
    """The probability vector ``nums / sum(nums)`` (nums ≥ 0, not all 0), sparse."""
    s = sum(nums)
    return tuple((i, Fraction(v, s)) for i, v in enumerate(nums) if v)


def dense(v: Sparse, size: int) -> tuple[Fraction, ...]:
    """The full probability tuple of a sparse strategy."""
    out = [_ZERO] * size
    for i, p in v:
        out[i] = p
    return tuple(out)


def sparse_key_reversed(v: Sparse) -> tuple[tuple[int, Fraction], ...]:
    """``sorted(vs, key=sparse_key_reversed, reverse=True)`` is ``sorted(vs, key=sparse_key)``
    for distinct distributions, without negating Fractions: (−i, p) compared in reverse is
    (i, −p); no distribution's key is a proper prefix of another's (probabilities sum to 1)."""
    return tuple((-i, p) for i, p in v)


def sparse_key(v: Sparse) -> tuple[tuple[int, Fraction], ...]:
    """Sort key of the canonical order on distributions: more probability on earlier
    strategies first, i.e. the dense vectors compared by (−v₀, −v₁, …)."""
    return tuple((i, -p) for i, p in v)


_ZERO = Fraction(0)
_DEN = operator.attrgetter("denominator")
_NUM = operator.attrgetter("numerator")


def _check_distribution(v: Sparse, size: int, what: str) -> int:
    """Validate a sparse distribution; return the lcm of its denominators."""
    if not v or any(p <= 0 for _, p in v):
        raise CertificationError(f"{what}: a strategy is not a probability distribution")
    if any(not 0 <= i < size for i, _ in v) or any(a[0] >= b[0] for a, b in zip(v, v[1:])):
        raise CertificationError(f"{what}: bad strategy indices")
    D = common_denominator(p for _, p in v)
    if sum(p.numerator * (D // p.denominator) for _, p in v) != D:  # Σ p = 1, in integers
        raise CertificationError(f"{what}: a strategy is not a probability distribution")
    return D


def certify_and_build(
    ig: IntGame,
    profiles: Iterable[Profile],
    what: str,
    dense_cache: dict[tuple[int, Sparse], tuple[Fraction, ...]] | None = None,
) -> list[Equilibrium]:
    """Exact best-response check of every profile, returning :class:`Equilibrium` objects.

    For each distinct x (written over its common denominator, x = a/D) the integer vector
    aᵀB' is computed once; likewise A'b for each distinct y = b/E. A profile is
    certified when every pure strategy in each support attains the maximum — the exact
    Nash condition. A profile failing the check would be a solver bug: :class:`CertificationError`
    is raised instead of returning it. Payoffs are mapped back to the original game.
    ``dense_cache`` (if given) receives the full tuples of the row and column strategies,
    keyed by their sparse forms (``(0, sparse)`` for rows, ``(1, sparse)`` for columns).
    """
    A, B = ig.A, ig.B
    m, n = ig.m, ig.n
    xinfo: dict[Sparse, tuple[list[int], int, int, tuple[Fraction, ...]]] = {}
    yinfo: dict[Sparse, tuple[list[int], int, int, tuple[Fraction, ...]]] = {}
    out: list[Equilibrium] = []
    for x, y in profiles:
        cx = xinfo.get(x)
        if cx is None:
            D = _check_distribution(x, m, what)
            xb = [0] * n
            for i, p in x:
                a = p.numerator * (D // p.denominator)
                row = B[i]
                xb = [s + a * b for s, b in zip(xb, row)]
            cx = xinfo[x] = (xb, max(xb), D, dense(x, m))
        cy = yinfo.get(y)
        if cy is None:
            E = _check_distribution(y, n, what)
            ay = [0] * m
            for j, p in y:
                b = p.numerator * (E // p.denominator)
                ay = [s + b * A[i][j] for i, s in enumerate(ay)]
            cy = yinfo[y] = (ay, max(ay), E, dense(y, n))
        xb, best_b, D, xd = cx
        ay, best_a, E, yd = cy
        if any(ay[i] != best_a for i, _ in x) or any(xb[j] != best_b for j, _ in y):
            raise CertificationError(f"{what}: a computed profile is not an equilibrium")
        pay = (
            (Fraction(best_a, E) - ig.shift_a) / ig.La,
            (Fraction(best_b, D) - ig.shift_b) / ig.Lb,
        )
        out.append(_seal(Equilibrium(xd, yd, pay), "exact best response (bimatrix, integer)"))
    if dense_cache is not None:
        for x, info in xinfo.items():
            dense_cache[(0, x)] = info[3]
        for y, info in yinfo.items():
            dense_cache[(1, y)] = info[3]
    return out
