"""Model B3's equilibrium is unique for every large d: one symbolic enumeration in ℤ[d, α].

Ethier & Lee, *Baccara chemin de fer II*, §4: "In Model B3 we identify a Nash equilibrium but
cannot prove uniqueness." Per d gamekit enumerates every equilibrium exactly
(:mod:`~games.baccara.analysis.b3_uniqueness`); here the same vertex enumeration runs **once**
with d as an indeterminate (:func:`gamekit.doubly_additive.eventual.eventual_equilibria`).

The game. For every d ≥ 13 and α ∈ [0, 1/10], 456 of Banker's 484 sets are forced (their gain
has one strict sign against all 32 Player rows: :func:`~games.baccara.analysis.b3_all_d._forced_all_rows`,
proved with exact thresholds), so every equilibrium plays them. What is left is a doubly additive
game between Player's five sets (x ∈ [0,1]⁵, order (0,5), (1,4), (2,3), (6,9), (7,8)) and
Banker's 28 free sets (y ∈ [0,1]²⁸): Banker's gain at l is g_l(x) = Δ_0(l) + Σ_c x_c
(Δ_{e_c}(l) − Δ_0(l)) with Δ_u(l) his gain (times (52d)₆ > 0) against row u — additive in
Player's sets, checked on all 32 rows in integers — a polynomial of degree 6 in d, affine in
α; Player's gain at c is f_c(y) = F₀_c + Σ_l h_c(l) y_l with the forced sets substituted,
α-free (:func:`~games.baccara.analysis.b3_all_d.player_gains`).

Why the result is a proof for every d ≥ d₀: see :mod:`gamekit.doubly_additive.eventual` — every
decision of the enumeration is the sign of a polynomial in (d, α) proved constant for every
integer d ≥ d₀ and every α of the interval it was taken on, so the enumeration at any such
(d, α) with exact numbers takes the same branches and finds exactly the one equilibrium found
symbolically. :func:`prove_large_d` also checks that it is Table 7's row "d ≥ 13" (Player
DMSDD, Banker mixing at ((0,6),∅) and the pure moves of the row at the 27 other free sets).
For d < d₀, :func:`check_below` runs the exact per-d enumeration
(:func:`~games.baccara.analysis.b3_uniqueness.certify`).

Every α at once: ``prove_large_d(0, 1/10, cap=101)`` runs the enumeration with α a second
indeterminate, every sign required for every d ≥ 101 on an α-piece; the systems whose vertex
crosses its face along a curve α(d) → α∞ are decided by the relaxations of
:mod:`gamekit.doubly_additive.eventual` (vertex not located, Farkas certificates). Together with
the per-d whole-interval sweep for d ≤ 100 (claim ``II.B3.alld.unique_below``) this proves
uniqueness for every d ≥ 13 and every α ∈ [0, 1/10] (claim ``II.B3.alld.unique``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from gamekit.doubly_additive import EventualResult, eventual_equilibria
from gamekit.exact import EventualSigns, ring
from games.baccara.analysis.b3_all_d import MIXED_SET, _b3_polys, _forced_all_rows, player_gains
from games.baccara.models.counts import LOSS, WIN

__all__ = ["SETS", "ALL_ALPHA_CAP", "b3_polynomial_game", "LargeDProof", "prove_large_d", "check_below"]

#: Player's sets, in the order of the rows' letters
SETS = ("05", "14", "23", "69", "78")
D13 = 13
#: the threshold from which the run over every α ∈ [0, 1/10] proves every sign (claim II.B3.alld.unique)
ALL_ALPHA_CAP = 101
#: the equilibrium's face: draw at (0,5), (6,9), (7,8), stand at (2,3), mix at (1,4)
FACE = (1, None, 0, 1, 1)


def _poly(n: Any, coeffs) -> Any:
    q = n * 0
    for i, c in enumerate(coeffs):
        c = int(c)
        if c:
            q = q + c * n ** i
    return q


@cache
def b3_polynomial_game() -> tuple[tuple[str, ...], list, list, list, list]:
    """(free Banker sets, G0, G, F0, F): the reduced Model B3 for every d ≥ 13 over ℤ[d, α]
    (module docstring; ``n`` of :func:`gamekit.exact.eventual_field.ring` is d)."""
    labels, _names, mv = _b3_polys()
    forced = _forced_all_rows(D13)
    free = [i for i, lab in enumerate(labels) if lab not in forced]
    n, a = ring().gens()
    wl = mv[..., WIN, :] - mv[..., LOSS, :]
    w = mv[..., WIN, :]
    g0 = wl[:, :, 1] - wl[:, :, 0]
    g1 = -(w[:, :, 1] - w[:, :, 0])
    unit = [2 ** (4 - i) for i in range(5)]  # row with a draw only at SETS[i] ("msb" order)
    for u in range(32):  # additivity in Player's sets, exactly
        bits = [unit[i] for i in range(5) if u & unit[i]]
        for g in (g0, g1):
            assert np.array_equal(g[u] - g[0], sum((g[b] - g[0] for b in bits), np.zeros_like(g[0])))

    def delta(u: int, l: int) -> Any:
        return _poly(n, g0[u, l]) + a * _poly(n, g1[u, l])

    G0 = [delta(0, l) for l in free]
    G = [[delta(unit[i], l) - delta(0, l) for i in range(5)] for l in free]
    gains = player_gains()

    def P(p) -> Any:
        return _poly(n, [int(c) for c in p.coeffs()]) if p.degree() >= 0 else n * 0

    F0, F = [], []
    for c in SETS:
        f0, h = gains[c]
        q = P(f0)
        for l, lab in enumerate(labels):
            if forced.get(lab) == 1:
                q = q + P(h[l])
        F0.append(q)
        F.append([P(h[l]) for l in free])
    return tuple(labels[i] for i in free), G0, G, F0, F


@dataclass
class LargeDProof:
    """What :func:`prove_large_d` proved: for every integer d ≥ ``d0`` and α ∈ [``lo``, ``hi``]
    the equilibrium of Model B3 is unique and is Table 7's (``unique``)."""

    lo: Fraction
    hi: Fraction
    d0: int = 0
    result: EventualResult | None = None
    table7: bool = False
    cpu_seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def unique(self) -> bool:
        return not self.failures


def _table7_moves() -> dict[str, int]:
    from games.baccara.reproduce.paper2_b3_sweep import TABLE7_MOVES
    from games.baccara.reproduce.paper2_proofs import table7_target

    return table7_target(TABLE7_MOVES[64])


def prove_large_d(lo: Fraction = Fraction(0), hi: Fraction = Fraction(1, 10), *, split: int = 6,
                  cap: int | None = None, progress: bool = False) -> LargeDProof:
    """Enumerate every equilibrium of Model B3 symbolically for all large d and α ∈ [lo, hi].

    ``lo == hi`` is one fixed commission. The returned ``d0`` is the exact threshold from which
    every sign the run used holds (at least 13, where the forced sets are proved). With ``cap``
    a sign is used only when it holds for every d ≥ cap (so d0 ≤ max(cap, 13)); signs that
    settle later count as undecided (the α-piece is halved, then the relaxations decide)."""
    t0 = time.process_time()
    pr = LargeDProof(Fraction(lo), Fraction(hi))
    labels, G0, G, F0, F = b3_polynomial_game()
    oracle = EventualSigns(pr.lo, pr.hi, n0=cap)
    res = eventual_equilibria(G0, G, F0, F, oracle, split=split, n0=D13, progress=progress)
    pr.result, pr.d0 = res, res.threshold
    if res.unresolved:
        pr.failures.append(f"{len(res.unresolved)} systems undecided, e.g. {res.unresolved[0]}")
    found = {(e.face, e.tight) for e in res.equilibria}
    if found != {(FACE, (labels.index(MIXED_SET),))}:
        pr.failures.append(f"equilibria found: {sorted(found)}")
    else:
        target = _table7_moves()
        pr.table7 = all(
            (v == target[lab]) if not isinstance(v, tuple) else lab == MIXED_SET
            for e in res.equilibria for lab, v in zip(labels, e.y))
        if not pr.table7:
            pr.failures.append("the equilibrium found is not Table 7's")
    pr.cpu_seconds = time.process_time() - t0
    return pr


def check_below(d0: int, alpha: Fraction, d_from: int = 1) -> dict[int, bool]:
    """{d: unique} for d_from ≤ d < d0 at one α, by the exact per-d enumeration of the full game."""
    from games.baccara.analysis.b3_uniqueness import certify

    return {d: certify(d, alpha, reference=False).unique for d in range(d_from, d0)}
