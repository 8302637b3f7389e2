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

A biclique with both sides non-empty is connected, so every maximal biclique lies in
one connected component, and it is maximal in the whole graph exactly when it is
maximal in its component. The graph is therefore first split into its components
(union–find over the edges, linear), and the maximal bicliques of each component are
computed on its own: as the closed sets of the Galois connection Y' = N(X'),
X' = N(Y') — every closed column set is an intersection of neighbourhoods N(x), so the
family of all non-empty intersections of neighbourhoods (built incrementally with
bitsets) lists each maximal biclique once. A component whose edges are all the pairs of
its rows and columns is a single biclique and costs nothing more. The work is
O(Σ_c |X_c| · b_c) bitset operations for a component with |X_c| row vertices and b_c
maximal bicliques: linear in the output when the components are small — e.g. the n×n
coordination game, whose 2ⁿ − 1 equilibria are isolated (each component one edge);
before the split it was quadratic in the number of equilibria, Θ(|X| · b) over the
whole graph.

Used by the bimatrix methods (:mod:`gamekit.bimatrix.solve`) and by the doubly additive
games (:mod:`gamekit.doubly_additive.subsets`), whose maximal Nash subsets are also the
maximal bicliques of their extreme-equilibrium graph.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["maximal_bicliques", "connected_components", "components_and_bicliques"]

Biclique = tuple[tuple[int, ...], tuple[int, ...]]


def _bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _components(edges: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The edges grouped by connected component (union–find; row r is node 2r, column c
    node 2c + 1), in order of first appearance."""
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
    groups: dict[int, list[tuple[int, int]]] = {}
    for r, c in edges:
        groups.setdefault(find(2 * r), []).append((r, c))
    return list(groups.values())


def _component_bicliques(edges: list[tuple[int, int]]) -> list[Biclique]:
    """The maximal bicliques of one connected bipartite graph (unsorted)."""
    nbr: dict[int, int] = {}
    for r, c in edges:
        nbr[r] = nbr.get(r, 0) | (1 << c)
    cols = 0
    for mask in nbr.values():
        cols |= mask
    if len(set(edges)) == len(nbr) * cols.bit_count():  # complete: one biclique
        return [(tuple(sorted(nbr)), _bits(cols))]
    family: set[int] = set()
    for mask in set(nbr.values()):
        new = {mask}
        for s in family:
            t = s & mask
            if t:
                new.add(t)
        family |= new
    return [(tuple(sorted(r for r, mask in nbr.items() if mask & cs == cs)), _bits(cs)) for cs in family]


def components_and_bicliques(edges: Iterable[tuple[int, int]]) -> tuple[list[Biclique], list[tuple[Biclique, int]]]:
    """Connected components and maximal bicliques of a bipartite graph, in one pass.

    Parameters
    ----------
    edges : iterable of (int, int)
        The (row, column) edges.

    Returns
    -------
    components : list of (rows, cols)
        The connected components, sorted, as in :func:`connected_components`.
    bicliques : list of ((rows, cols), int)
        Every maximal biclique with the index of its component in ``components``, sorted.

    Examples
    --------
    >>> comps, bic = components_and_bicliques([(0, 0), (0, 1), (1, 1), (2, 2)])
    >>> comps
    [((0, 1), (0, 1)), ((2,), (2,))]
    >>> bic
    [(((0,), (0, 1)), 0), (((0, 1), (1,)), 0), (((2,), (2,)), 1)]
    """
    groups = _components(list(edges))
    comps = []
    per = []
    for group in groups:
        comps.append((tuple(sorted({r for r, _ in group})), tuple(sorted({c for _, c in group}))))
        per.append(_component_bicliques(group))
    order = sorted(range(len(comps)), key=comps.__getitem__)
    where = {k: i for i, k in enumerate(order)}
    bicliques = sorted((b, where[k]) for k, bs in enumerate(per) for b in bs)
    return [comps[k] for k in order], bicliques


def maximal_bicliques(edges: Iterable[tuple[int, int]]) -> list[Biclique]:
    """Maximal bicliques (rows, cols) of the bipartite graph with the given (row, col) edges.

    Returned sorted, each side as a sorted tuple of indices; both sides non-empty.

    Examples
    --------
    >>> maximal_bicliques([(0, 0), (0, 1), (1, 1)])
    [((0,), (0, 1)), ((0, 1), (1,))]
    """
    return sorted(b for group in _components(list(edges)) for b in _component_bicliques(group))


def connected_components(edges: Iterable[tuple[int, int]]) -> list[Biclique]:
    """Connected components (rows, cols) of the bipartite equilibrium graph, sorted.

    Examples
    --------
    >>> connected_components([(0, 0), (1, 1), (1, 0)])
    [((0, 1), (0, 1))]
    """
    return sorted(
        (tuple(sorted({r for r, _ in g})), tuple(sorted({c for _, c in g}))) for g in _components(list(edges))
    )
