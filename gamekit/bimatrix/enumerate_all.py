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

import time

import numpy as np

from gamekit.bimatrix.certified_enumeration import extreme_equilibria_certified, use_fast_path
from gamekit.bimatrix.column_reduction import reduced_game, unscale
from gamekit.bimatrix.intgame import IntGame, Profile, Sparse
from gamekit.bimatrix.two_by_n import extreme_equilibria_2xn
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria
from gamekit.bimatrix.vertex_pairs import VertexPairs
from gamekit.core.errors import SearchBudgetExceeded

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


def _vertex_enumeration(
    ig: IntGame, max_iter: int | None, max_vertices: int | None, deadline: float | None, info: dict
) -> list[Profile] | VertexPairs:
    """The certified float-search path (:mod:`gamekit.bimatrix.certified_enumeration`) for
    games where it pays off (:func:`use_fast_path`), else — or if its certificate fails,
    or when ``max_iter`` asks for the pivot-counting exact search — the exact search."""
    ig, gx, gy = reduced_game(ig)  # rational payoffs: small integers per column (or row)
    try:
        return unscale(_enumerate(ig, max_iter, max_vertices, deadline, info), gx, gy)
    except SearchBudgetExceeded as exc:
        exc.partial = unscale(exc.partial, gx, gy)
        raise


def _enumerate(
    ig: IntGame, max_iter: int | None, max_vertices: int | None, deadline: float | None, info: dict
) -> list[Profile] | VertexPairs:
    if max_iter is None and use_fast_path(ig.m, ig.n):
        profs = extreme_equilibria_certified(ig, max_vertices, deadline)
        if profs is not None:
            info["search"] = "float search, exact certificate"
            info["bases"] = profs.bases  # per best-response polytope
            return profs
        info["search"] = "exact (float certificate failed)"
    else:
        info["search"] = "exact"
    return extreme_equilibria(ig, max_iter, max_vertices, deadline)


def all_extreme_equilibria(
    ig: IntGame,
    max_iter: int | None = None,
    eliminate_dominated: bool = True,
    max_vertices: int | None = None,
    max_seconds: float | None = None,
) -> tuple[list[Profile] | VertexPairs, dict]:
    """Every extreme equilibrium of ``ig`` (profiles, or :class:`VertexPairs` from the
    certified fast path) and a dict describing what was done.

    ``max_vertices`` bounds the bases stored per best-response polytope, ``max_seconds``
    the search time; either raises :class:`SearchBudgetExceeded` with the (uncertified)
    profiles found so far in ``partial``, in the indices of ``ig``.
    """
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
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
        try:
            profs = _vertex_enumeration(red, max_iter, max_vertices, deadline, info)
        except SearchBudgetExceeded as exc:
            exc.partial = _embed_all(exc.partial, red is not ig, rows, cols)
            raise
    if isinstance(profs, VertexPairs):
        return (profs.embed(rows, cols, ig.m, ig.n) if red is not ig else profs), info
    return _embed_all(profs, red is not ig, rows, cols), info


def _embed_all(profs: list[Profile], reduced: bool, rows: list[int], cols: list[int]) -> list[Profile]:
    """Profiles of the reduced game in the indices of the original game."""
    if reduced:
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
    return profs
