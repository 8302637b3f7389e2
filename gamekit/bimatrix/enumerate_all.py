"""Every extreme equilibrium: dominance reduction, then the fastest complete method.

1. Iterated elimination of strictly dominated pure strategies. A strictly dominated
   strategy is never a best response, so it has probability 0 in every equilibrium and
   the equilibria of the game are exactly those of the reduced game, padded with zeros;
   the padding is affine and injective, so extreme equilibria correspond one to one.
   The step only saves time, so it is skipped when a player already has at most two
   strategies or when the quadratic test would cost more than it can save.
2. If a player has two strategies left, the upper envelope of lines
   (:mod:`gamekit.bimatrix.two_by_n`); otherwise vertex enumeration of the best-response
   polytopes (:mod:`gamekit.bimatrix.vertex_enumeration`).
"""

from __future__ import annotations

import numpy as np

from gamekit.bimatrix.intgame import IntGame, Profile, Sparse
from gamekit.bimatrix.two_by_n import extreme_equilibria_2xn
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria

__all__ = ["eliminate_strictly_dominated", "all_extreme_equilibria"]

_INT64_SAFE = 1 << 62
_MAX_DOMINANCE_WORK = 400_000_000  # element comparisons per elimination round


def _dominated(M: np.ndarray) -> list[int]:
    """Indices of the rows of M strictly dominated by another row (all at once).

    Strict dominance is transitive and acyclic, so every dominated row is dominated by
    an undominated one and removing all of them together is a valid elimination step.
    """
    r, c = M.shape
    if r < 2:
        return []
    out: list[int] = []
    if r * r * c > _MAX_DOMINANCE_WORK:
        return out  # quadratic test too costly; skipping it is always correct
    step = max(1, 20_000_000 // max(1, r * c))
    for s in range(0, r, step):
        block = M[s : s + step]
        dom = (block[:, None, :] < M[None, :, :]).all(axis=2).any(axis=1)
        out.extend(int(s + i) for i in np.flatnonzero(dom))
    return out


def eliminate_strictly_dominated(ig: IntGame) -> tuple[IntGame, list[int], list[int]]:
    """Iterated elimination of strictly dominated pure strategies.

    Returns the reduced game and the surviving original row and column indices.
    """
    big = max(max(max(r) for r in ig.A), max(max(r) for r in ig.B))
    rows = list(range(ig.m))
    cols = list(range(ig.n))
    if big >= _INT64_SAFE:
        return ig, rows, cols
    A = np.array(ig.A, dtype=np.int64)
    B = np.array(ig.B, dtype=np.int64)
    changed = True
    while changed:
        changed = False
        drop = set(_dominated(A[np.ix_(rows, cols)]))
        if drop:
            rows = [r for k, r in enumerate(rows) if k not in drop]
            changed = True
        drop = set(_dominated(B[np.ix_(rows, cols)].T))
        if drop:
            cols = [c for k, c in enumerate(cols) if k not in drop]
            changed = True
    if len(rows) == ig.m and len(cols) == ig.n:
        return ig, rows, cols
    return ig.restrict(rows, cols), rows, cols


def _embed(v: Sparse, idx: list[int]) -> Sparse:
    return tuple((idx[i], p) for i, p in v)


def all_extreme_equilibria(
    ig: IntGame, max_iter: int | None = None, eliminate_dominated: bool = True
) -> tuple[list[Profile], dict]:
    """Every extreme equilibrium of ``ig`` and a dict describing what was done."""
    info: dict = {"eliminated_rows": 0, "eliminated_cols": 0}
    rows, cols = list(range(ig.m)), list(range(ig.n))
    red = ig
    if eliminate_dominated and min(ig.m, ig.n) > 2:
        red, rows, cols = eliminate_strictly_dominated(ig)
        info["eliminated_rows"] = ig.m - len(rows)
        info["eliminated_cols"] = ig.n - len(cols)
    if red.m == 2:
        info["algorithm"] = "upper-envelope"
        profs = extreme_equilibria_2xn(red)
    elif red.n == 2:
        info["algorithm"] = "upper-envelope"
        profs = [(x, y) for y, x in extreme_equilibria_2xn(red.transpose())]
    else:
        info["algorithm"] = "vertex-enumeration"
        profs = extreme_equilibria(red, max_iter)
    if red is not ig:
        xs: dict = {}
        ys: dict = {}
        out = []
        for x, y in profs:
            ex = xs.get(x)
            if ex is None:
                ex = xs[x] = _embed(x, rows)
            ey = ys.get(y)
            if ey is None:
                ey = ys[y] = _embed(y, cols)
            out.append((ex, ey))
        profs = out
    return profs, info
