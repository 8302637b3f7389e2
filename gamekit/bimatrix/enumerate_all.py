"""Every extreme equilibrium: dominance reduction, then the chosen strategy.

1. Iterated elimination of strictly dominated pure strategies. A strictly dominated
   strategy is never a best response, so it has probability 0 in every equilibrium and
   the equilibria of the game are exactly those of the reduced game, padded with zeros;
   the padding is affine and injective, so extreme equilibria correspond one to one.
   The step only saves time, so it is skipped when a player already has at most two
   strategies or when the quadratic test would cost more than it can save.
2. The strategy (:mod:`gamekit.bimatrix.policy`): the one requested, or with ``"auto"``
   the one :func:`~gamekit.bimatrix.policy.choose_strategy` picks for the reduced game —
   the upper envelope of lines (:mod:`gamekit.bimatrix.two_by_n`), the exact search
   (:mod:`gamekit.bimatrix.vertex_enumeration`) or the certified float search of one or
   both best-response polytopes (:mod:`gamekit.bimatrix.certified_enumeration`).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from typing import Any

from gamekit.bimatrix.column_reduction import reduced_game, unscale
from gamekit.bimatrix.intgame import IntGame, Profile, Sparse
from gamekit.bimatrix.policy import (
    Concrete,
    Strategy,
    Threads,
    check_applies,
    choose_strategy,
    choose_threads,
    payoff_stats,
)
from gamekit.bimatrix.two_by_n import extreme_equilibria_2xn
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria
from gamekit.bimatrix.vertex_pairs import VertexPairs
from gamekit.core.errors import SearchBudgetExceeded

__all__ = ["eliminate_strictly_dominated", "all_extreme_equilibria"]

_INT64_SAFE = 1 << 62  # elimination runs on payoffs below 2⁶² only (as when it ran in int64)
_MAX_DOMINANCE_WORK = 400_000_000  # element comparisons per elimination round


def _dominated(M: Sequence[Sequence[int]]) -> list[int]:
    """Indices of the rows of ``M`` strictly dominated by another row (all at once), in
    Python integers.

    Strict dominance is transitive and acyclic, so every dominated row is dominated by
    an undominated one and removing all of them together is a valid elimination step.
    Row ``i`` is dominated by the rows of ``⋂_j G_j(i)``, ``G_j(i)`` the rows whose entry in
    column ``j`` exceeds ``M[i][j]``: one bit mask per row (a Python int), intersected column
    by column; a row leaves the test when its mask is empty, which for most rows of most
    games happens within a few columns.

    Examples
    --------
    >>> _dominated([[1, 1], [2, 2], [3, 0]])   # row 0 < row 1 in both columns
    [0]
    >>> _dominated([[1, 2], [2, 1]])
    []
    """
    r = len(M)
    if r < 2:
        return []
    c = len(M[0])
    if r * r * c > _MAX_DOMINANCE_WORK:
        return []  # quadratic test too costly; skipping it is always correct
    cand = dict.fromkeys(range(r), (1 << r) - 1)  # row → mask of the rows that may dominate it
    for j in range(c):
        col = [row[j] for row in M]
        above: dict[int, int] = {}  # value → mask of the rows with a larger entry in column j
        mask, prev = 0, None
        for i in sorted(range(r), key=col.__getitem__, reverse=True):
            v = col[i]
            if v != prev:
                above[v], prev = mask, v
            mask |= 1 << i
        for i in list(cand):
            left = cand[i] & above[col[i]]
            if left:
                cand[i] = left
            else:
                del cand[i]
        if not cand:
            break
    return sorted(cand)


def eliminate_strictly_dominated(ig: IntGame) -> tuple[IntGame, list[int], list[int]]:
    """Iterated elimination of strictly dominated pure strategies.

    Returns the reduced game and the surviving original row and column indices.
    """
    big = max(max(max(r) for r in ig.A), max(max(r) for r in ig.B))
    rows = list(range(ig.m))
    cols = list(range(ig.n))
    if big >= _INT64_SAFE:
        return ig, rows, cols
    A, B = ig.A, ig.B
    changed = True
    while changed:
        changed = False
        drop = set(_dominated([[A[i][j] for j in cols] for i in rows]))
        if drop:
            rows = [r for k, r in enumerate(rows) if k not in drop]
            changed = True
        drop = set(_dominated([[B[i][j] for i in rows] for j in cols]))
        if drop:
            cols = [c for k, c in enumerate(cols) if k not in drop]
            changed = True
    if len(rows) == ig.m and len(cols) == ig.n:
        return ig, rows, cols
    return ig.restrict(rows, cols), rows, cols


def _connected(cluster: Any) -> contextlib.AbstractContextManager[Any]:
    """:func:`gamekit.kernel.distributed_search.connect` of ``cluster``; without one
    ``None`` (and that module, which needs numpy, is not imported)."""
    if cluster is None:
        return contextlib.nullcontext()
    from gamekit.kernel.distributed_search import connect

    return connect(cluster)


def _embed(v: Sparse, idx: list[int]) -> Sparse:
    return tuple((idx[i], p) for i, p in v)


def _run(
    ig: IntGame, strategy: Concrete, threads: int, max_iter: int | None, max_vertices: int | None,
    deadline: float | None, info: dict, client: Any = None,
) -> list[Profile] | VertexPairs:
    """Run ``strategy`` on ``ig`` (the certified ones on the Dask cluster of ``client`` if
    given); fallbacks are appended to ``info["fallbacks"]``, the strategy whose result is
    returned is ``info["ran"]``, what ran on the cluster ``info["cluster"]``."""
    info["ran"] = strategy
    if strategy == "envelope_2xn":
        if ig.m == 2:
            return extreme_equilibria_2xn(ig)
        return [(x, y) for y, x in extreme_equilibria_2xn(ig.transpose())]
    if strategy in ("one_sided", "two_sided"):
        # imported here: the modules of the certified search load numpy (and numba when
        # it runs); the exact search and the envelope need neither
        from gamekit.bimatrix.certified_enumeration import extreme_equilibria_certified

        found = extreme_equilibria_certified(ig, strategy, threads, max_vertices, deadline, client=client)
        if client is not None:
            info["cluster"] = found.cluster
        info["fallbacks"].extend(found.fallbacks)
        info["ran"] = found.ran
        if found.pairs is not None:
            info["bases"] = found.pairs.bases  # per best-response polytope
            return found.pairs
    return extreme_equilibria(ig, max_iter, max_vertices, deadline)


def all_extreme_equilibria(
    ig: IntGame,
    strategy: Strategy = "auto",
    threads: Threads = "auto",
    max_iter: int | None = None,
    eliminate_dominated: bool = True,
    max_vertices: int | None = None,
    max_seconds: float | None = None,
    cluster: Any = None,
    one_shot: bool = False,
) -> tuple[list[Profile] | VertexPairs, dict]:
    """Every extreme equilibrium of ``ig`` (profiles, or :class:`VertexPairs` from the
    certified search) and a dict describing what was done: ``strategy`` (the one requested,
    or the one ``"auto"`` chose), ``fallbacks`` (e.g. ``"one_sided -> two_sided: …"``),
    ``ran`` (the strategy whose result this is), ``threads``, ``eliminated_rows``,
    ``eliminated_cols`` and, for the certified search, ``bases``; with a ``cluster``
    (a ``distributed.Client`` or a scheduler address: the certified search runs on it,
    :mod:`gamekit.kernel.distributed_search`) also ``cluster``, what ran there. ``one_shot``:
    the process solves this one game (:func:`~gamekit.bimatrix.policy.choose_strategy`).

    ``max_iter`` bounds the pivots of strategy ``"exact"`` (the caller checks it is given
    with that strategy only: :func:`gamekit.bimatrix.policy.check_strategy`);
    ``max_vertices`` bounds the bases stored per best-response polytope, ``max_seconds``
    the search time; either raises :class:`SearchBudgetExceeded` with the (uncertified)
    profiles found so far in ``partial``, in the indices of ``ig``.
    """
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    rows, cols = list(range(ig.m)), list(range(ig.n))
    red = ig
    if eliminate_dominated and min(ig.m, ig.n) > 2:
        red, rows, cols = eliminate_strictly_dominated(ig)
    small, gx, gy = reduced_game(red)  # rational payoffs: small integers per column (or row)
    stats = payoff_stats(small.A, small.B)
    chosen: Concrete = choose_strategy(stats, cluster is not None, one_shot) if strategy == "auto" else strategy
    check_applies(chosen, stats)
    nthreads = choose_threads(chosen, threads, red.m, red.n, os.cpu_count() or 1)
    info: dict = {"strategy": chosen, "requested": strategy, "ran": chosen, "fallbacks": [],
                  "threads": nthreads, "eliminated_rows": ig.m - len(rows), "eliminated_cols": ig.n - len(cols),
                  "column_reduction": small is not red}
    try:
        with _connected(cluster) as client:
            profs = unscale(_run(small, chosen, nthreads, max_iter, max_vertices, deadline, info, client), gx, gy)
    except SearchBudgetExceeded as exc:
        exc.partial = _embed_all(unscale(exc.partial, gx, gy), red is not ig, rows, cols)
        raise
    info["fallbacks"] = tuple(info["fallbacks"])
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
