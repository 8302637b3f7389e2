"""Every extreme equilibrium by enumerating *both* best-response polytopes exactly and
matching labels: the reference form of the exact strategy
(:func:`gamekit.bimatrix.vertex_enumeration.extreme_equilibria` takes the partners from
faces of the other polytope instead). Moved here from
``gamekit.bimatrix.vertex_enumeration.extreme_equilibria_pairs``."""

from __future__ import annotations

from gamekit.bimatrix.intgame import IntGame, Profile, Sparse, normalize
from gamekit.bimatrix.vertex_enumeration import match_vertices, polytope_vertices

__all__ = ["extreme_equilibria_pairs"]


def extreme_equilibria_pairs(ig: IntGame, max_iter: int | None = None) -> list[Profile]:
    """Every extreme equilibrium of ``ig``: the completely labeled pairs of vertices of P
    and Q (Avis, Rosenberg, Savani & von Stengel 2010), normalized."""
    P, Q = polytope_vertices(ig, max_iter)
    pairs = match_vertices(P, Q, ig.m, ig.n)
    xs: dict[int, Sparse] = {}
    ys: dict[int, Sparse] = {}
    out: list[Profile] = []
    for pi, qi in pairs:
        x = xs.get(pi)
        if x is None:
            x = xs[pi] = normalize(P[pi].nums)
        y = ys.get(qi)
        if y is None:
            y = ys[qi] = normalize(Q[qi].nums)
        out.append((x, y))
    return out
