"""Equilibrium components from the extreme equilibria: maximal Nash subsets.

Let X and Y be the extreme row and column strategies that occur in extreme equilibria
and join x ∈ X, y ∈ Y when (x, y) is an (extreme) equilibrium. For sets X' ⊆ X,
Y' ⊆ Y, every pair in conv(X') × conv(Y') is an equilibrium exactly when X' × Y' is a
*biclique* of this bipartite graph (the equilibrium conditions are linear in x for fixed
labels of y and vice versa). The maximal bicliques are the *maximal Nash subsets*; the
set of all equilibria is the union of their products of convex hulls, and the
topologically connected components of the equilibrium set are the connected components
of the graph (Avis, Rosenberg, Savani & von Stengel, *Enumeration of Nash equilibria for
two-player games*, Economic Theory 42 (2010), "clique enumeration").

The maximal bicliques are computed as the closed sets of the Galois connection
Y' = N(X'), X' = N(Y'): every closed column set is an intersection of neighbourhoods
N(x), so the family of all non-empty intersections of neighbourhoods (built
incrementally with bitsets) lists each maximal biclique once. The connected components
come from a union–find over the edges.

Used by the bimatrix methods (:mod:`gamekit.bimatrix.solve`) and by the doubly additive
games (:mod:`gamekit.doubly_additive.subsets`), whose maximal Nash subsets are also the
maximal bicliques of their extreme-equilibrium graph.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["maximal_bicliques", "connected_components"]


def _bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def maximal_bicliques(edges: Iterable[tuple[int, int]]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Maximal bicliques (rows, cols) of the bipartite graph with the given (row, col) edges.

    Returned sorted, each side as a sorted tuple of indices; both sides non-empty.
    """
    nbr: dict[int, int] = {}
    for r, c in edges:
        nbr[r] = nbr.get(r, 0) | (1 << c)
    family: set[int] = set()
    for mask in nbr.values():
        new = {mask}
        for s in family:
            t = s & mask
            if t:
                new.add(t)
        family |= new
    out = []
    for cols in family:
        rows = tuple(sorted(r for r, mask in nbr.items() if mask & cols == cols))
        out.append((rows, _bits(cols)))
    out.sort()
    return out


def connected_components(
    edges: Iterable[tuple[int, int]],
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Connected components (rows, cols) of the bipartite equilibrium graph, sorted
    (union–find over the edges; row r is node 2r, column c is node 2c + 1)."""
    parent: dict[int, int] = {}

    def find(u: int) -> int:
        root = parent.setdefault(u, u)
        while root != parent[root]:
            root = parent[root]
        while parent[u] != root:  # path compression
            parent[u], u = root, parent[u]
        return root

    for r, c in edges:
        a, b = find(2 * r), find(2 * c + 1)
        if a != b:
            parent[a] = b
    comps: dict[int, tuple[list[int], list[int]]] = {}
    for u in parent:
        comps.setdefault(find(u), ([], []))[u & 1].append(u >> 1)
    return sorted((tuple(sorted(rows)), tuple(sorted(cols))) for rows, cols in comps.values())
