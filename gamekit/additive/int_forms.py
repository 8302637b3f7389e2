"""Exact integer forms of an additive game's gain tables, for O(mn) checks at C speed.

An additive m×2ⁿ game has, for each row u, gains T_u(l) = w_{u,l}(1) − w_{u,l}(0) at every
information set l (player I's H_u, player II's G_u; see :mod:`gamekit.additive.game`). The
certifier and the cell-membership test need, for a behaviour y ∈ [0,1]ⁿ and a row mixture x,

    (T y)_u = Σ_l T_u(l) y_l      and      sign g_l(x),  g_l(x) = Σ_u x_u G_u(l).

Both are exact here. Each table is written once as T = T̃ / L with L the lcm of its
denominators and T̃ integer (:func:`gamekit.core.numbers.integer_row`). Then

* Σ_l T_u(l) y_l = (Σ_{y_l = 1} T̃_u(l) + Σ_{0<y_l<1} T̃_u(l) y_l) / L: the first sum is an int64
  masked sum, exact because |T̃|_max · n < 2⁶³ is checked before it is used (else Python ints);
  the second runs over the few fractional entries in Fractions;
* with x = x̃ / K (x̃ integer), sign g_l(x) = sign Σ_u x̃_u T̃_u(l): an int64 product when
  Σ_u |x̃_u| · |T̃|_max < 2⁶³, otherwise numpy object arrays of Python ints.

No floating point is involved anywhere; the bounds make every int64 operation exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter
from typing import Any

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.numbers import common_denominator

__all__ = ["IntTable", "int_tables", "split_behaviour", "SplitBehaviour"]

_LIMIT = 2**62
_NUM = attrgetter("numerator")
_DEN = attrgetter("denominator")
_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class IntTable:
    """The m×n gain table T = ``ints`` / ``den`` (``ints`` int64 if it fits, else object)."""

    ints: np.ndarray
    den: int
    max_abs: int

    @classmethod
    def of(cls, rows: Sequence[Sequence[Fraction]]) -> IntTable:
        """The exact integer form of a table given as rows of Fractions (O(mn), C-level passes)."""
        nums = [list(map(_NUM, row)) for row in rows]
        dens = [list(map(_DEN, row)) for row in rows]
        den = math.lcm(*{d for row in dens for d in row}) if any(dens) else 1
        if den == 1:
            ints = nums
        else:
            ints = [[a * (den // d) for a, d in zip(rn, rd)] for rn, rd in zip(nums, dens)]
        max_abs = max((max(max(row), -min(row)) for row in ints if row), default=0)
        dtype = np.int64 if max_abs < _LIMIT else object
        return cls(np.array(ints, dtype=dtype).reshape(len(rows), -1), den, max_abs)

    def dot(self, y: SplitBehaviour) -> list[Fraction]:
        """Exact (T y)_u for every row u."""
        n1 = len(y.ones)
        if self.ints.dtype == np.int64 and self.max_abs * max(n1, 1) < _LIMIT:
            mask = y.is_one.astype(np.int64)  # int64 dot: no overflow by the bound
            sums = [int(np.dot(row, mask)) for row in self.ints]
        else:
            sums = [sum((int(v) for v in self.ints[u, y.ones]), 0) for u in range(len(self.ints))]
        out = []
        for u, s in enumerate(sums):
            frac = sum((int(self.ints[u, l]) * v for l, v in y.fractional), Fraction(0))
            out.append((s + frac) / self.den)
        return out

    def signs(self, x: Sequence[Fraction]) -> np.ndarray:
        """sign g_l(x) = sign Σ_u x_u T_u(l) for every l, exactly (an int8 array)."""
        K = common_denominator(x)
        xt = [v.numerator * (K // v.denominator) for v in x]
        bound = sum(abs(v) for v in xt) * max(self.max_abs, 1)
        if self.ints.dtype == np.int64 and bound < _LIMIT:
            g = np.zeros(self.ints.shape[1], dtype=np.int64)
            for u, v in enumerate(xt):
                if v:
                    g += v * self.ints[u]  # |partial sums| ≤ bound: exact
        else:
            g = np.asarray(xt, dtype=object) @ self.ints.astype(object)
        return np.sign(g).astype(np.int8)


@dataclass(frozen=True)
class SplitBehaviour:
    """A behaviour y ∈ [0,1]ⁿ split into its 1-entries and its fractional entries.

    ``is_one``/``is_zero`` are read-only boolean masks over l, ``ones`` = the indices with
    y_l = 1, ``fractional`` = ((l, y_l), …) with 0 < y_l < 1 in increasing l; the three parts
    partition {0, …, n−1}. :meth:`render` writes y out as a tuple of Fractions (the same
    shared objects 0 and 1 everywhere, so comparing two renderings runs at C speed).
    """

    ones: np.ndarray  # indices l with y_l = 1
    fractional: tuple[tuple[int, Fraction], ...]  # (l, y_l) with 0 < y_l < 1
    is_one: np.ndarray  # boolean masks over l
    is_zero: np.ndarray

    @classmethod
    def of(cls, y: Sequence[Fraction]) -> SplitBehaviour:
        """Split ``y`` (Fractions or ints, already checked to lie in [0, 1])."""
        n = len(y)
        # one pass: 0 or 1 for the integer entries (their numerator), 2 for a fraction
        code = np.fromiter((v.numerator if v.denominator == 1 else 2 for v in y), dtype=np.int8, count=n)
        is_one = code == 1
        is_zero = code == 0
        fractional = tuple((int(l), Fraction(y[int(l)])) for l in np.flatnonzero(code == 2))
        return cls(np.flatnonzero(is_one), fractional, is_one, is_zero)

    @classmethod
    def from_parts(cls, is_one: np.ndarray, fractional: Sequence[tuple[int, Fraction]] = ()) -> SplitBehaviour:
        """y = 1 on the boolean mask ``is_one`` (copied), y_l = v for each (l, v) in ``fractional``,
        0 elsewhere — O(n) in numpy, O(1) Python work per fractional entry.

        Raises :class:`GameError` unless every fractional l is in range, outside the mask and
        listed once, with v a Fraction strictly between 0 and 1.
        """
        one = np.array(is_one, dtype=bool).reshape(-1)
        n = len(one)
        frac = tuple(sorted((int(l), v) for l, v in fractional))
        zero = ~one
        if frac:
            idx = np.fromiter((l for l, _ in frac), dtype=np.int64, count=len(frac))
            if idx[0] < 0 or idx[-1] >= n or (np.diff(idx) == 0).any() or one[idx].any():
                raise GameError("fractional entries must be distinct sets outside the 1-entries")
            if not all(type(v) is Fraction and 0 < v.numerator < v.denominator for _, v in frac):
                raise GameError("fractional entries must be Fractions strictly between 0 and 1")
            zero[idx] = False
        one.flags.writeable = False
        zero.flags.writeable = False
        return cls(np.flatnonzero(one), frac, one, zero)

    def render(self) -> tuple[Fraction, ...]:
        """The behaviour as a tuple of n Fractions (C-level fills; 0 and 1 are shared objects)."""
        return tuple(self.render_list())

    def render_list(self) -> list[Fraction]:
        """:meth:`render` as a list (to patch a few entries, then make a tuple)."""
        arr = np.full(len(self.is_one), _ZERO, dtype=object)
        arr[self.is_one] = _ONE
        for l, v in self.fractional:
            arr[l] = v
        return arr.tolist()

    def key(self) -> tuple[bytes, tuple[tuple[int, Fraction], ...]]:
        """A hashable key, equal for two splits iff they describe the same behaviour."""
        return (np.packbits(self.is_one).tobytes() + len(self.is_one).to_bytes(8, "little"), self.fractional)


def split_behaviour(y: Sequence[Fraction]) -> SplitBehaviour:
    """:meth:`SplitBehaviour.of`."""
    return SplitBehaviour.of(y)


def int_tables(game: Any) -> tuple[IntTable | None, IntTable]:
    """(player I's H table or None for a general ``a_func``, player II's G table), cached on
    the game (O(mn) once)."""
    cache = game.__dict__.get("_int_tables")
    if cache is None:
        H = IntTable.of([game.a_gains(u) for u in range(game.m)]) if game.a_move is not None else None
        G = IntTable.of([game.b_gains(u) for u in range(game.m)])
        cache = (H, G)
        game.__dict__["_int_tables"] = cache
    return cache

