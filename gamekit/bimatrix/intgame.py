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
from functools import cached_property
from typing import TYPE_CHECKING, Any

from gamekit.core.certify import _seal
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import common_denominator

__all__ = [
    "IntGame",
    "Sparse",
    "SparseId",
    "sparse_id",
    "Profile",
    "integer_game",
    "certify_and_build",
    "sparse_key",
    "sparse_key_reversed",
    "normalize",
    "dense",
    "BAND_MIN_ENTRIES",
]

BAND_MIN_ENTRIES = 1024
"""From this many payoff entries (m·n) :func:`certify_and_build` reads the best responses
through the int64 band of :mod:`gamekit.bimatrix.br_check` (numpy); below, in Python
integers, which are as fast there (measured: 0.1–1.4 ms either way on 8×8 … 12×12, 5×40,
8×30 and 3×200 games with their extreme equilibria) and need no numpy — the exact search
of a small game then runs without it."""

Sparse = tuple[tuple[int, Fraction], ...]
"""A mixed strategy by its support: ``((index, probability), ...)``, indices increasing."""

SparseId = tuple[tuple[int, int, int], ...]
"""A sparse strategy as ``((index, numerator, denominator), ...)`` (:func:`sparse_id`)."""

Profile = tuple[Sparse, Sparse]
"""A strategy profile (x, y) in sparse form; solvers return these (cheap to hash and
compare, even for 2×4096 games)."""


@dataclass(frozen=True)
class IntGame:
    """Positive integer payoffs ``A = La·game.A + shift_a``, ``B = Lb·game.B + shift_b``.

    Made from int64 arrays (:meth:`from_int64`, what :func:`integer_game` does for numpy
    integer payoffs), the tuples ``A`` and ``B`` are built from :attr:`arrays` on first
    access: the compiled paths read only the arrays (one Lemke–Howson path on a new
    200×200 game spent ≈ 1.3 ms making tuples it never read). Equality, hashing, ``repr``
    and pickling are those of the dataclass (they read ``A`` and ``B``).

    Examples
    --------
    >>> import numpy as np
    >>> lazy = IntGame.from_int64(np.array([[1, 2]]), np.array([[3], [4]]), 2, 4, 1, 1, 0, 0)
    >>> "A" in vars(lazy), lazy.m, lazy.n, "A" in vars(lazy)
    (False, 1, 2, False)
    >>> lazy.B, lazy == IntGame(((1, 2),), ((3, 4),)), "A" in vars(lazy)
    (((3, 4),), True, True)
    """

    A: tuple[tuple[int, ...], ...]
    B: tuple[tuple[int, ...], ...]
    La: int = 1
    Lb: int = 1
    shift_a: int = 0
    shift_b: int = 0

    @classmethod
    def from_int64(cls, A64: Any, Bt64: Any, amax: int, bmax: int, La: int, Lb: int, shift_a: int,
                   shift_b: int) -> IntGame:
        """The game whose ``A`` is the int64 array ``A64`` (m×n) and ``B`` the transpose of
        ``Bt64`` (n×m), all entries in ``1..2⁶²``, ``amax``/``bmax`` their maxima: the
        arrays are kept as :attr:`arrays` (made read-only) and the tuples made only when
        read."""
        A64.flags.writeable = False
        Bt64.flags.writeable = False
        ig = object.__new__(cls)
        for name, value in (("La", La), ("Lb", Lb), ("shift_a", shift_a), ("shift_b", shift_b)):
            object.__setattr__(ig, name, value)
        ig.__dict__["arrays"] = (A64, Bt64, amax, bmax)  # what IntGame.arrays computes
        return ig

    if not TYPE_CHECKING:  # (hidden from mypy, which would otherwise accept any attribute name)

        def __getattr__(self, name: str) -> Any:
            """``A`` or ``B`` of a game made by :meth:`from_int64`, built from its arrays on
            first access (only called for attributes not set)."""
            if name in ("A", "B"):
                arrays = self.__dict__.get("arrays")
                if arrays is not None:
                    M = arrays[0] if name == "A" else arrays[1].T
                    value = tuple(map(tuple, M.tolist()))
                    object.__setattr__(self, name, value)
                    return value
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def m(self) -> int:
        arrays = self.__dict__.get("arrays")
        return len(self.A) if arrays is None else arrays[0].shape[0]

    @property
    def n(self) -> int:
        arrays = self.__dict__.get("arrays")
        return len(self.A[0]) if arrays is None else arrays[0].shape[1]

    @cached_property
    def arrays(self) -> tuple[Any, Any, int, int] | None:
        """``(A, Bᵀ, max A, max B)`` with ``A`` (m×n) and ``Bᵀ`` (n×m) read-only C-contiguous
        int64 arrays — the constraint matrices of Q and P, one row per constraint — or None
        when an entry is 2⁶² or more (computed once; :mod:`gamekit.bimatrix.br_check`).

        Examples
        --------
        >>> IntGame(((1, 2),), ((3, 4),)).arrays[1].tolist()
        [[3], [4]]
        """
        amax = max(map(max, self.A))
        bmax = max(map(max, self.B))
        if max(amax, bmax) >= 1 << 62:
            return None
        import numpy as np

        A = np.array(self.A, dtype=np.int64)
        Bt = np.ascontiguousarray(np.array(self.B, dtype=np.int64).T)
        A.flags.writeable = False
        Bt.flags.writeable = False
        return A, Bt, amax, bmax

    @cached_property
    def columns_of_b(self) -> tuple[tuple[int, ...], ...]:
        """``B`` transposed (row j = column j of B), computed once."""
        return tuple(zip(*self.B))

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


def _shifted(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], int]:
    """``rows + shift`` with every entry ≥ 1 (the rows themselves when they already are)."""
    shift = 1 - min(map(min, rows))
    if shift == 0:
        return rows, 0
    return tuple(tuple(map(shift.__add__, row)) for row in rows), shift


def _from_arrays(a: Any, b: Any) -> IntGame | None:
    """The :class:`IntGame` of int64 payoff arrays, shifted in numpy, its int64 arrays kept
    (:attr:`IntGame.arrays`); None when a shifted entry could reach 2⁶²."""
    lo_a, hi_a, lo_b, hi_b = int(a.min()), int(a.max()), int(b.min()), int(b.max())
    sa, sb = 1 - lo_a, 1 - lo_b
    if max(abs(sa), abs(sb), hi_a + sa, hi_b + sb) >= 1 << 62:
        return None
    A64, B64 = a + sa, b + sb  # within int64 by the bound above
    import numpy as np  # a and b are numpy arrays: numpy is loaded

    return IntGame.from_int64(A64, np.ascontiguousarray(B64.T), hi_a + sa, hi_b + sb, 1, 1, sa, sb)


def _integer_game(game: BimatrixGame) -> IntGame:
    arrays = game.integer_arrays()
    if arrays is not None:  # numpy integer payoffs: shifted and converted in numpy
        ig = _from_arrays(*arrays)
        if ig is not None:
            return ig
    ints = game.integer_payoffs()
    if ints is not None:  # payoffs given as ints: no Fraction is read
        A, sa = _shifted(ints[0])
        B, sb = _shifted(ints[1])
        return IntGame(A, B, 1, 1, sa, sb)
    A, La, sa = _scaled(game.A)
    B, Lb, sb = _scaled(game.B)
    return IntGame(A, B, La, Lb, sa, sb)


def integer_game(game: BimatrixGame) -> IntGame:
    """Scale and shift each player's payoffs to positive integers (same equilibria).

    Computed once per game (:meth:`gamekit.core.game.BimatrixGame.cached`): the payoff
    matrices are immutable, and so is the result.

    Examples
    --------
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, "1/2"]])
    >>> ig = integer_game(g)
    >>> ig.A, ig.B, ig.Lb, ig.shift_b
    (((4, 1), (1, 3)), ((5, 1), (1, 2)), 2, 1)
    >>> integer_game(g) is ig
    True
    """
    return game.cached("integer_game", _integer_game)


def normalize(nums: Sequence[int]) -> Sparse:
    """The probability vector ``nums / sum(nums)`` (nums ≥ 0, not all 0), sparse."""
    s = sum(nums)
    return tuple((i, Fraction(v, s)) for i, v in enumerate(nums) if v)


def sparse_id(v: Sparse) -> SparseId:
    """An exact key of a sparse strategy, cheap to hash: its indices, numerators and
    denominators as ints (hashing a Fraction inverts its denominator modulo 2⁶¹ − 1 each
    time, which is slow for long denominators; Fractions are in lowest terms, so equal
    strategies have equal keys).

    Examples
    --------
    >>> sparse_id(((0, Fraction(1, 3)), (2, Fraction(2, 3))))
    ((0, 1, 3), (2, 2, 3))
    """
    return tuple((i, p.numerator, p.denominator) for i, p in v)


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
    xs: Sequence[Sparse],
    ys: Sequence[Sparse],
    edges: Iterable[tuple[int, int]],
    what: str,
) -> tuple[list[Equilibrium], list[tuple[Fraction, ...]], list[tuple[Fraction, ...]]]:
    """Exact best-response check of the profiles ``(xs[r], ys[c])`` for ``(r, c)`` in
    ``edges``, returning their :class:`Equilibrium` objects (in the order of ``edges``) and
    the dense tuples of ``xs`` and ``ys``.

    For each x (written over its common denominator, x = a/D) the best payoff
    max_j (aᵀB')_j and the columns attaining it are computed once, exactly
    (:func:`gamekit.bimatrix.br_check.best_responses`: int64 where a proved bound allows,
    Python integers otherwise); likewise for each y = b/E with A'b. A profile is
    certified when every pure strategy in each support attains the maximum — the exact
    Nash condition. A profile failing the check would be a solver bug: :class:`CertificationError`
    is raised instead of returning it. Payoffs are mapped back to the original game.

    Examples
    --------
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> x, y = ((0, Fraction(3, 5)), (1, Fraction(2, 5))), ((0, Fraction(2, 5)), (1, Fraction(3, 5)))
    >>> eqs, rows, cols = certify_and_build(ig, [x], [y], [(0, 0)], "doc")
    >>> eqs[0].payoffs, rows
    ((Fraction(6, 5), Fraction(6, 5)), [(Fraction(3, 5), Fraction(2, 5))])
    >>> certify_and_build(ig, [((0, Fraction(1)),)], [((1, Fraction(1)),)], [(0, 0)], "doc")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: doc: a computed profile is not an equilibrium
    """
    from gamekit.bimatrix.br_check import best_responses

    m, n = ig.m, ig.n
    arr = ig.arrays if m * n >= BAND_MIN_ENTRIES else None
    if arr is not None:
        A, Bt = None, None
        A64, Bt64, amax, bmax = arr
    else:
        A, Bt = ig.A, ig.columns_of_b
        A64, Bt64, amax, bmax = None, None, 0, 0

    def info(v: Sparse, size: int, M: Any, M64: Any, mmax: int) -> tuple[int, set[int], int]:
        D = _check_distribution(v, size, what)
        best, resp = best_responses(M, M64, mmax, [i for i, _ in v], [p.numerator * (D // p.denominator) for _, p in v])
        return best, resp, D

    # per strategy: (best payoff numerator of the other player, their best responses, denominator)
    xinfo = [info(x, m, Bt, Bt64, bmax) for x in xs]
    yinfo = [info(y, n, A, A64, amax) for y in ys]
    out: list[Equilibrium] = []
    xd = [dense(x, m) for x in xs]
    yd = [dense(y, n) for y in ys]
    for r, c in edges:
        best_b, cols, D = xinfo[r]
        best_a, rows, E = yinfo[c]
        if any(i not in rows for i, _ in xs[r]) or any(j not in cols for j, _ in ys[c]):
            raise CertificationError(f"{what}: a computed profile is not an equilibrium")
        pay = (
            (Fraction(best_a, E) - ig.shift_a) / ig.La,
            (Fraction(best_b, D) - ig.shift_b) / ig.Lb,
        )
        out.append(_seal(Equilibrium(xd[r], yd[c], pay), "exact best response (bimatrix, integer)"))
    return out, xd, yd
