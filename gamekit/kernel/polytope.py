"""Exact vertex enumeration of ``{z ∈ R^d : z ≥ 0, M z ≤ 1}`` for integer ``M > 0``.

Breadth-first search over the lexicographically feasible bases (see
:mod:`gamekit.kernel.pivot`): starting at the slack basis (the vertex ``z = 0``),
each basis has one neighbour per entering variable; the graph of lexico-feasible bases
is the vertex graph of the perturbed — simple — polytope, hence connected, and every
vertex of the original polytope is the limit of one of its vertices. So the search
reaches every vertex, including degenerate ones (several bases per vertex).

A vertex is identified by its set of tight constraints (its *labels*): two different
vertices of a polytope never have the same tight set.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from gamekit.core.errors import CertificationError, GameError, SearchBudgetExceeded
from gamekit.kernel.pivot import Dictionary

__all__ = ["Vertex", "enumerate_vertices"]


@dataclass(frozen=True)
class Vertex:
    """A vertex ``z = nums / den`` with its label bitmask (bit v: variable v is 0)."""

    labels: int
    nums: tuple[int, ...]
    den: int


def enumerate_vertices(
    M: Sequence[Sequence[int]],
    max_iter: int | None = None,
    max_vertices: int | None = None,
    deadline: float | None = None,
) -> list[Vertex]:
    """All vertices of ``{z ≥ 0, M z ≤ 1}`` (labels: ``z_t = 0`` → t, slack r tight → d+r).

    ``max_iter`` bounds the number of bases (pivots) visited; exceeding it raises
    :class:`GameError`. ``max_vertices`` (bases stored) and ``deadline`` (a
    ``time.perf_counter()`` value) raise :class:`SearchBudgetExceeded` instead.
    """
    start = Dictionary(M)
    d = start.d
    seen = {start.basis_key()}
    queue = deque([start])
    vertices: dict[int, Vertex] = {}
    pivots = 0
    while queue:
        dic = queue.popleft()
        mask = dic.tight_mask()
        if mask not in vertices:
            vertices[mask] = Vertex(mask, tuple(dic.point()), dic.D)
        key = dic.basis_key()
        for c in range(d):
            r = dic.leaving_row(c)
            if r < 0:  # pragma: no cover - M > 0 makes the polytope bounded
                raise CertificationError("vertex enumeration: unbounded polytope (payoff matrix not positive)")
            nkey = key ^ (1 << dic.basic[r]) ^ (1 << dic.nonbasic[c])
            if nkey in seen:
                continue
            seen.add(nkey)
            pivots += 1
            if max_iter is not None and pivots > max_iter:
                raise GameError(f"vertex enumeration exceeded max_iter={max_iter} pivots")
            if max_vertices is not None and len(seen) > max_vertices:
                raise SearchBudgetExceeded(f"vertex enumeration stopped at max_vertices={max_vertices} bases")
            if deadline is not None and pivots % 256 == 0 and time.perf_counter() > deadline:
                raise SearchBudgetExceeded("vertex enumeration stopped at max_seconds")
            nxt = dic.copy()
            nxt.pivot(r, c)
            queue.append(nxt)
    return list(vertices.values())
