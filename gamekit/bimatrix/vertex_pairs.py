"""Equilibrium candidates as integer vertex vectors, certified in one batch.

The vertex enumeration of method ``all`` produces each extreme equilibrium as a pair of
vertices (x, y) of the best-response polytopes. :class:`VertexPairs` keeps them as
integer vectors — the row strategy is ``X[p] / ΣX[p]``, the column strategy
``Y[q] / ΣY[q]`` — plus the list of index pairs (p, q), so that nothing is hashed or
compared as a Fraction on the way.

:func:`certify_pairs` runs the exact Nash test on all pairs at once, in integers over the
common denominators ``D = ΣX[p]`` and ``E = ΣY[q]``: with ``u = X[p]ᵀB'`` and
``v = A'Y[q]`` (one integer matrix product per player for all vertices), (x, y) is an
equilibrium iff every i with ``X[p]_i > 0`` has ``v_i = max v`` and every j with
``Y[q]_j > 0`` has ``u_j = max u`` — the best-response condition (Nash 1951) multiplied by
the positive integers D and E. The payoffs are ``max v / E`` and ``max u / D``, mapped
back to the original game. A failing pair is a solver bug:
:class:`~gamekit.core.errors.CertificationError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key
from math import gcd
from typing import TYPE_CHECKING

from gamekit.bimatrix.intgame import IntGame, Profile, normalize
from gamekit.core.certify import _seal
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["VertexPairs", "certify_pairs", "primitive"]

_ZERO = Fraction(0)
_HOW = "exact best response (bimatrix, integer)"


def primitive(v: Sequence[int]) -> tuple[int, ...]:
    """``v`` divided by the gcd of its entries (a canonical integer form of the ray)."""
    g = gcd(*v)
    return tuple(v) if g in (0, 1) else tuple(a // g for a in v)


@dataclass(frozen=True, eq=False)
class VertexPairs:
    """Row vectors ``X``, column vectors ``Y`` (nonnegative integers, not all 0) and the
    index pairs ``(p, q)`` of the candidate equilibria ``(X[p]/ΣX[p], Y[q]/ΣY[q])``."""

    X: list[tuple[int, ...]]
    Y: list[tuple[int, ...]]
    pairs: list[tuple[int, int]]
    bases: tuple[int, int] = (0, 0)
    """How many bases of each best-response polytope the search verified (information; 0 for
    the polytope the one-sided method did not search, see :mod:`gamekit.bimatrix.certified_partners`)."""

    def embed(self, rows: Sequence[int], cols: Sequence[int], m: int, n: int) -> VertexPairs:
        """The same candidates in a larger game whose strategies ``rows``/``cols`` are these
        (the others get probability 0: undoing the dominance reduction)."""

        def up(vs, idx, size):
            out = []
            for v in vs:
                w = [0] * size
                for i, a in zip(idx, v):
                    w[i] = a
                out.append(tuple(w))
            return out

        return VertexPairs(up(self.X, rows, m), up(self.Y, cols, n), self.pairs, self.bases)

    def profiles(self) -> list[Profile]:
        """The candidates as sparse profiles (for partial results)."""
        xs = [normalize(v) for v in self.X]
        ys = [normalize(v) for v in self.Y]
        return [(xs[p], ys[q]) for p, q in self.pairs]


def _dedup(vs: list[tuple[int, ...]], size: int, what: str) -> tuple[list[tuple[int, ...]], list[int]]:
    """Distinct primitive vectors and the new index of each old one; checks each is a
    nonnegative integer vector of the right length with a positive sum."""
    index: dict[tuple[int, ...], int] = {}
    where = []
    for v in vs:
        if len(v) != size or min(v) < 0 or sum(v) <= 0:
            raise CertificationError(f"{what}: a strategy is not a probability distribution")
        where.append(index.setdefault(primitive(v), len(index)))
    return list(index), where


def _dense(v: tuple[int, ...], cache: dict[tuple[int, int], Fraction]) -> tuple[Fraction, ...]:
    """``v / Σv`` as Fractions (equal entries share one Fraction object via ``cache``)."""
    s = sum(v)
    out = []
    for a in v:
        if not a:
            out.append(_ZERO)
            continue
        f = cache.get((a, s))
        if f is None:
            f = cache[(a, s)] = Fraction(a, s)
        out.append(f)
    return tuple(out)


#: Largest common denominator (bits) for which :func:`_canonical` sorts on integer keys.
_KEY_BITS = 256


def _canonical(V: list[tuple[int, ...]]) -> list[int]:
    """Indices of the distinct distributions ``V[i] / ΣV[i]`` sorted by decreasing first,
    second, … probability. When the common denominator L = lcm(ΣV[i]) is small (at most
    :data:`_KEY_BITS` bits: integer payoffs, coordination games) they are compared as the
    integer vectors ``V[i]·(L / ΣV[i])`` (one key per vector, a C-level sort); otherwise
    (rational payoffs, whose L grows with the number of vectors) two distributions are
    compared at their first differing entry by cross-multiplication, ``a_k·Σb`` against
    ``b_k·Σa``. Both are exact and give the same order (distinct distributions have
    distinct keys)."""
    sums = [sum(v) for v in V]
    L = 1
    for s in sums:
        L = L * s // gcd(L, s)
        if L.bit_length() > _KEY_BITS:
            break
    else:
        keys = [tuple(a * (L // s) for a in v) for v, s in zip(V, sums)]
        return sorted(range(len(V)), key=keys.__getitem__, reverse=True)

    def order(i: int, j: int) -> int:
        si, sj = sums[i], sums[j]
        for a, b in zip(V[i], V[j]):
            x, y = a * sj, b * si
            if x != y:
                return -1 if x > y else 1
        return 0

    return sorted(range(len(V)), key=cmp_to_key(order))


def _products(V: list[tuple[int, ...]], M: Sequence[Sequence[int]]) -> np.ndarray:
    """The integer matrix ``V · M``: int64 when no entry can overflow, else Python ints
    computed by FLINT (``fmpz_mat`` product: 3–4× faster than numpy's object product on
    the thousands-of-bits payoffs of a game with rational payoffs)."""
    import numpy as np  # the certified search's module: numpy is loaded with it

    big = max(max(v) for v in V) * max(max(r) for r in M) * len(M)
    if big < (1 << 62):
        return np.array(V, dtype=np.int64) @ np.array(M, dtype=np.int64)
    import flint

    U = flint.fmpz_mat([list(v) for v in V]) * flint.fmpz_mat([list(r) for r in M])
    return np.array([int(x) for x in U.entries()], dtype=object).reshape(len(V), len(M[0]))


def _best_response(V: list[tuple[int, ...]], M: Sequence[Sequence[int]]) -> tuple[np.ndarray, list]:
    """(pure best-response mask per vector, maximal payoff numerator per vector)."""
    import numpy as np

    U = _products(V, M)
    best = U.max(axis=1)
    return np.asarray(U == best[:, None], dtype=bool), best.tolist()


def certify_pairs(
    ig: IntGame, vp: VertexPairs, what: str
) -> tuple[list[Equilibrium], list[tuple[Fraction, ...]], list[tuple[Fraction, ...]], list[tuple[int, int]]]:
    """The exact Nash test of every candidate (see the module docstring).

    Returns the certified equilibria in canonical order (row strategy, then column
    strategy, each by decreasing probability of the first, second, … strategy), the
    distinct row and column strategies in that order, and the (row, column) index pair of
    each equilibrium.
    """
    import numpy as np

    m, n = ig.m, ig.n
    X, wx = _dedup(vp.X, m, what)
    Y, wy = _dedup(vp.Y, n, what)
    pairs = sorted({(wx[p], wy[q]) for p, q in vp.pairs})
    if not pairs:
        return [], [], [], []
    ox, oy = _canonical(X), _canonical(Y)
    rx = {p: r for r, p in enumerate(ox)}
    ry = {q: r for r, q in enumerate(oy)}
    BRx, ux = _best_response(X, ig.B)  # columns j maximizing (xᵀB')_j
    BRy, vy = _best_response(Y, [list(c) for c in zip(*ig.A)])  # rows i maximizing (A'y)_i
    SX = np.array(X, dtype=object) > 0
    SY = np.array(Y, dtype=object) > 0
    ps = np.array([p for p, _ in pairs])
    qs = np.array([q for _, q in pairs])
    bad = (SY[qs] & ~BRx[ps]).any(axis=1) | (SX[ps] & ~BRy[qs]).any(axis=1)
    if bad.any():
        raise CertificationError(f"{what}: a computed profile is not an equilibrium")
    # payoffs of the original game: (b/s − shift)/L = (b − shift·s)/(s·L)
    pay_a = [Fraction(b - ig.shift_a * sum(v), sum(v) * ig.La) for b, v in zip(vy, Y)]
    pay_b = [Fraction(b - ig.shift_b * sum(v), sum(v) * ig.Lb) for b, v in zip(ux, X)]
    pairs.sort(key=lambda pq: (rx[pq[0]], ry[pq[1]]))
    cache: dict[tuple[int, int], Fraction] = {}
    xd = {p: _dense(X[p], cache) for p in ox}
    yd = {q: _dense(Y[q], cache) for q in oy}
    eqs = [_seal(Equilibrium(xd[p], yd[q], (pay_a[q], pay_b[p])), _HOW) for p, q in pairs]
    edges = [(rx[p], ry[q]) for p, q in pairs]
    return eqs, [xd[p] for p in ox], [yd[q] for q in oy], edges
