"""Maximal Nash subsets and connected components from the extreme equilibria.

Let the extreme equilibria be pairs (x_i, y_j) of vertices of the two gain arrangements
(see :mod:`.enumeration`). Each best-response condition is a disjunction of a convex
condition on x and one on y (y_l = 0 or g_l(x) ≥ 0; y_l = 1 or g_l(x) ≤ 0; likewise for
x_h), so for any biclique X × Y of the bipartite graph "x_i — y_j iff (x_i, y_j) is an
equilibrium", conv X × conv Y consists of equilibria (if some x ∈ X violates g_l ≥ 0 then
every y ∈ Y has y_l = 0). Conversely every maximal convex set of equilibria is a product
whose vertices are extreme equilibria. Hence the maximal Nash subsets are exactly the
maximal bicliques (formal concepts), as for bimatrix games, and two subsets that
intersect share an extreme equilibrium (their intersection is again cut out by arrangement
constraints and so has an arrangement vertex): the components of the equilibrium set are
the connected components of the bipartite graph.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core.errors import CertificationError
from gamekit.doubly_additive.game import DoublyAdditiveGame
from gamekit.doubly_additive.result import ConnectedComponent, NashSubset
from gamekit.kernel.graphs import connected_components, maximal_bicliques

__all__ = ["nash_subsets"]

Point = tuple[Fraction, ...]


def _label(values: list[tuple[Fraction, ...]], k: int) -> str:
    out = []
    for i in range(k):
        col = [v[i] for v in values]
        pos = any(c > 0 for c in col)
        neg = any(c < 0 for c in col)
        if pos and neg:  # impossible for a set of equilibria; guard against a logic error
            raise CertificationError("gain changes sign inside a Nash subset")
        out.append("1" if pos else "0" if neg else "*")
    return "".join(out)


def nash_subsets(
    game: DoublyAdditiveGame, pairs: list[tuple[Point, Point]]
) -> tuple[tuple[NashSubset, ...], tuple[ConnectedComponent, ...]]:
    """Maximal Nash subsets and components of the equilibrium set with extreme points ``pairs``
    (indices refer to the order of ``pairs``)."""
    xs = sorted({p[0] for p in pairs})
    ys = sorted({p[1] for p in pairs})
    xi = {x: i for i, x in enumerate(xs)}
    yi = {y: i for i, y in enumerate(ys)}
    eq_index = {(xi[x], yi[y]): k for k, (x, y) in enumerate(pairs)}
    concepts = maximal_bicliques(eq_index)
    subsets = []
    for X, Y in concepts:
        xv = tuple(xs[i] for i in X)
        yv = tuple(ys[j] for j in Y)
        eqs = tuple(sorted(eq_index[(i, j)] for i in X for j in Y))
        row_labels = _label([game.I.row_gain(y) for y in yv], game.m)
        col_labels = _label([game.II.col_gain(x) for x in xv], game.n)
        subsets.append(NashSubset(xv, yv, eqs, row_labels, col_labels))
    # components: connected components of the graph x_i — y_j (one per equilibrium)
    comp_of_x: dict[int, int] = {}
    for c, (X, _) in enumerate(connected_components(eq_index)):
        for i in X:
            comp_of_x[i] = c
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for (a, _b), k in eq_index.items():
        groups.setdefault(comp_of_x[a], ([], []))[1].append(k)
    for si, (X, _) in enumerate(concepts):
        groups[comp_of_x[X[0]]][0].append(si)
    comps = sorted(
        (ConnectedComponent(tuple(sorted(set(s))), tuple(sorted(e))) for s, e in groups.values()),
        key=lambda c: c.equilibria,
    )
    return tuple(subsets), tuple(comps)
