"""Foster's sweep (steps 1–3 of :mod:`gamekit.additive.two_rows`) on exact int64 keys, vectorized.

The same mathematics as :func:`gamekit.additive.two_rows.run_sweep` (Lemma 2 of Ethier–Lee
II; see :mod:`gamekit.additive.foster`), computed with numpy on the integer forms of the
gain tables (:mod:`gamekit.additive.int_forms`) instead of one Python step per breakpoint:

1. *classes* — with G_u = g_u / L_G (g_u integer), T₀₀, T₁₁, Z, T₀₁, T₁₀ are sign masks of
   (g₀, g₁), and p(l) = num/den with num = −g₀, den = g₁ − g₀ (T₀₁) or num = g₀,
   den = g₀ − g₁ (T₁₀), 0 ≤ num ≤ den, den > 0 (Lemma 2(a));
2. *sort* — one ``argsort`` by the float num/den. With |g| < 2³⁰ both num and den are exact
   floats and the quotient is correctly rounded, so rounding is monotone: a strict float
   order is the exact order, and only runs of equal floats can be out of exact order. Every
   adjacent pair is then compared exactly, c_i = num_{i+1}·den_i − num_i·den_{i+1} (|·| < 2⁶²,
   exact in int64); runs with some c_i < 0 are re-sorted by Fraction, and c ≥ 0 everywhere is
   re-checked — a certificate that the order is sorted. Equal values (c_i = 0) form the groups
   of the sweep's points;
3. *running sums* — with D·L_A = c₀ + Σ_{l∈T} δ_l (δ_l = (H₁ − H₀)(l)·L_A integer), the value
   just left of each point is a cumulative sum over the groups (``np.cumsum``), and the
   range of D over a point's free face adds the group's Σ min(δ, 0) and Σ max(δ, 0)
   (``np.add.reduceat``). Bounds checked up front (Σ|δ| + |c₀| < 2⁶²) make every int64 sum exact.

Cells — and their vertices — are built only where D's range meets {D sense 0}, by the
shared :meth:`gamekit.additive.two_rows._Sweep.additive_cell`. The certificate's per-point
records are materialized only when read (:class:`LazyTuple`). When a bound fails (huge or
finely divided gains) :func:`sweep_arrays` returns None and the caller uses the Python sweep.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from gamekit.additive.game import AdditiveGame
from gamekit.additive.int_forms import SplitBehaviour, int_tables
from gamekit.core.errors import CertificationError

__all__ = ["IntKeys", "SweepArrays", "LazyTuple", "int_keys", "sort_breakpoints", "sweep_arrays"]

_LIM = 2**62
_KEY_LIM = 2**30


class LazyTuple(Sequence):
    """A tuple of known length whose items are computed on first access (then kept).

    Compares equal to the tuple it stands for, hashes like it, pickles as it.
    """

    def __init__(self, length: int, make: Callable[[], Iterable[Any]]) -> None:
        self._len = length
        self._make: Callable[[], Iterable[Any]] | None = make
        self._items: tuple = ()

    def _all(self) -> tuple:
        if self._make is not None:
            self._items = tuple(self._make())
            self._make = None
        return self._items

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __iter__(self) -> Iterator:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyTuple, tuple)):
            return self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self) -> tuple:
        return (tuple, (self._all(),))


@dataclass(frozen=True)
class IntKeys:
    """Integer forms for the sweep: player II's g₀, g₁ (common scale, |g| < 2³⁰), and
    δ = (H₁ − H₀)·L_A, c₀ = (a₁,∅ − a₀,∅)·L_A with Σ|δ| + |c₀| < 2⁶²."""

    g0: np.ndarray
    g1: np.ndarray
    delta: np.ndarray
    c0: int
    LA: int


def int_keys(game: AdditiveGame) -> IntKeys | None:
    """The sweep's integer keys, or None when a bound of the module doc fails."""
    H, G = int_tables(game)
    if H is None or H.ints.dtype != np.int64 or G.ints.dtype != np.int64 or G.max_abs >= _KEY_LIM:
        return None
    d_const = game.a_const(1) - game.a_const(0)
    LA = math.lcm(H.den, d_const.denominator)
    fa = LA // H.den
    c0 = d_const.numerator * (LA // d_const.denominator)
    if 2 * H.max_abs * fa * max(game.n, 1) + abs(c0) >= _LIM:
        return None
    delta = (H.ints[1] - H.ints[0]) * fa
    return IntKeys(G.ints[0], G.ints[1], delta, c0, LA)


def sort_breakpoints(num: np.ndarray, den: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The order of the values num/den (0 ≤ num ≤ den < 2³¹, den > 0), ties by index, and the
    exact adjacent comparisons c_i = sign(v_{i+1} − v_i)·(positive) ≥ 0 that certify it."""
    order = np.argsort(num / den, kind="stable")
    c = num[order[1:]] * den[order[:-1]] - num[order[:-1]] * den[order[1:]]
    bad = np.flatnonzero(c < 0)
    if len(bad):  # only inside runs of equal floats: re-sort those runs exactly
        key = num[order] / den[order]
        for i in bad:
            a, b = i, i + 1
            while a > 0 and key[a - 1] == key[i]:
                a -= 1
            while b + 1 < len(key) and key[b + 1] == key[i]:
                b += 1
            seg = order[a:b + 1].tolist()
            seg.sort(key=lambda j: Fraction(int(num[j]), int(den[j])))
            order[a:b + 1] = seg
        c = num[order[1:]] * den[order[:-1]] - num[order[:-1]] * den[order[1:]]
        if (c < 0).any():
            raise CertificationError("two-row sweep: the breakpoints could not be put in exact order")
    return order, c


@dataclass
class SweepArrays:
    """Steps 1–3 as arrays. ``sidx``: the sets of T₀₁ ∪ T₁₀ in breakpoint order, ``s_up`` their
    class (T₀₁); point j covers ``sidx[pa[j]:pb[j]]`` (empty for an added 0 or 1) and has the
    value ``pnum[j]/pden[j]``; ``c_point[j]``: D·L_A at the point's face with its free sets at
    move 0; ``s_after[j]``: D·L_A on the open interval after point j."""

    n: int
    sizes: dict[str, int]
    always1: np.ndarray
    Z: np.ndarray
    sidx: np.ndarray
    s_up: np.ndarray
    pa: np.ndarray
    pb: np.ndarray
    pnum: np.ndarray
    pden: np.ndarray
    real: np.ndarray  # point j is a breakpoint (not an added 0 or 1)
    c_point: np.ndarray
    s_after: np.ndarray
    meets_point: np.ndarray
    meets_interval: np.ndarray
    LA: int

    def ones_mask(self, a: int, b: int) -> np.ndarray:
        """T(p) outside the sets sidx[a:b]: T₁₁, the T₀₁ sets before a, the T₁₀ sets from b."""
        m = self.always1.copy()
        m[self.sidx[:a][self.s_up[:a]]] = True
        m[self.sidx[b:][~self.s_up[b:]]] = True
        return m

    def value(self, j: int) -> Fraction:
        """The sweep's j-th point as a Fraction."""
        return Fraction(int(self.pnum[j]), int(self.pden[j]))


def _classes(g0: np.ndarray, g1: np.ndarray) -> tuple[dict[str, int], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Lemma 2(a)'s classes as masks: (sizes, T₁₁, Z, T₀₁, T₁₀)."""
    always0 = (g0 < 0) & (g1 < 0)
    always1 = (g0 > 0) & (g1 > 0)
    zero = (g0 == 0) & (g1 == 0)
    up = (g0 <= 0) & (g1 >= 0) & ~zero
    down = ~(always0 | always1 | zero | up)
    sizes = {"always_0": int(always0.sum()), "switch_up": int(up.sum()), "switch_down": int(down.sum()),
             "always_1": int(always1.sum()), "indifferent": int(zero.sum())}
    return sizes, always1, zero, up, down


def _points(num: np.ndarray, den: np.ndarray, c: np.ndarray) -> tuple[np.ndarray, ...]:
    """Group starts/ends in the sorted order, and the points 0, groups…, 1 (pa, pb, num, den, real)."""
    N = len(num)
    gs = np.concatenate(([0], np.flatnonzero(c > 0) + 1)) if N else np.zeros(0, np.int64)
    ge = np.append(gs[1:], N) if N else gs
    pre = not (N and num[0] == 0)
    post = not (N and num[-1] == den[-1])
    z, o = np.zeros(int(pre), np.int64), np.full(int(post), N, np.int64)
    pa = np.concatenate((z, gs, o)).astype(np.int64)
    pb = np.concatenate((z, ge, o)).astype(np.int64)
    pnum = np.concatenate((z, num[gs] if N else z[:0], np.ones(int(post), np.int64)))
    pden = np.concatenate((np.ones(int(pre), np.int64), den[gs] if N else z[:0], np.ones(int(post), np.int64)))
    real = np.concatenate((np.zeros(int(pre), bool), np.ones(len(gs), bool), np.zeros(int(post), bool)))
    return pa, pb, pnum, pden, real


def _group_sums(values: np.ndarray, pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
    """Σ values[pa[j]:pb[j]] for every point j (empty ranges give 0)."""
    cs = np.concatenate(([0], np.cumsum(values)))
    return cs[pb] - cs[pa]


def sweep_arrays(game: AdditiveGame) -> SweepArrays | None:
    """Steps 1–3 of the sweep on int64 keys (module doc); None when a bound fails."""
    keys = int_keys(game)
    if keys is None:
        return None
    g0, g1, dl = keys.g0, keys.g1, keys.delta
    sizes, always1, zero, up, down = _classes(g0, g1)
    sw = np.flatnonzero(up | down)
    num = np.where(up[sw], -g0[sw], g0[sw])
    den = np.where(up[sw], g1[sw] - g0[sw], g0[sw] - g1[sw])
    order, c = sort_breakpoints(num, den)
    sidx, num, den = sw[order], num[order], den[order]
    s_up = up[sidx]
    pa, pb, pnum, pden, real = _points(num, den, c)
    d_s = dl[sidx]
    U = _group_sums(np.where(s_up, d_s, 0), pa, pb)
    Dn = _group_sums(np.where(s_up, 0, d_s), pa, pb)
    MN = _group_sums(np.minimum(d_s, 0), pa, pb)
    MX = _group_sums(np.maximum(d_s, 0), pa, pb)
    dz = dl[zero]
    zlo, zhi = int(np.minimum(dz, 0).sum()), int(np.maximum(dz, 0).sum())
    s0 = keys.c0 + int(dl[always1 | down].sum())  # T just left of p = 0: T₁₁ ∪ T₁₀
    s_after = s0 + np.cumsum(U - Dn)
    c_point = s_after - U
    lo, hi = c_point + zlo + MN, c_point + zhi + MX
    meets = (lo <= 0) & (hi >= 0)
    meets[0], meets[-1] = lo[0] <= 0, hi[-1] >= 0
    s_int = s_after[:-1]
    meets_iv = (s_int + zlo <= 0) & (s_int + zhi >= 0)
    return SweepArrays(game.n, sizes, always1, np.flatnonzero(zero), sidx, s_up, pa, pb, pnum, pden, real,
                       c_point, s_after, meets, meets_iv, keys.LA)


def base_payoffs(game: AdditiveGame, ones: np.ndarray) -> tuple[list[Fraction], list[Fraction]]:
    """Both rows' payoffs (player I, player II) at the 0/1 behaviour with 1-mask ``ones``."""
    H, G = int_tables(game)
    y = SplitBehaviour.from_parts(ones)
    a = [game.a_const(u) + v for u, v in enumerate(H.dot(y))]  # type: ignore[union-attr]
    b = [game.b_const(u) + v for u, v in enumerate(G.dot(y))]
    return a, b
