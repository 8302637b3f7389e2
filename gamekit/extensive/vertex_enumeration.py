"""Every extreme equilibrium of a game tree: vertex enumeration of the two sequence-form
polyhedra (von Stengel 1996, Theorem 6.1; the bimatrix method of Mangasarian 1964 on the
sequence form), exact.

Player 2's best responses to player 1's plan x are described by the polyhedron

    P = {(x, q) : x ≥ 0, E x = e, Fᵀ q − Bᵀ x ≥ 0}        (q free: player 2's values)

and player 1's by Q = {(y, p) : y ≥ 0, F y = f, Eᵀ p − A y ≥ 0}. A point of P has the
*labels* σ (player 1's sequences with x_σ = 0) and τ (player 2's sequences whose constraint
is tight, i.e. best replies); likewise for Q. (x, y) is an equilibrium iff the labels of
(x, q) and (y, p) together cover every sequence of both players, and the extreme equilibria
are such pairs of vertices. P and Q are pointed (F, E have full row rank) and at a vertex
every q_h is tight for one of its moves, so q_h = max_a [(Bᵀx)_(h,a) + Σ q_h′] is a sum of
entries (Bᵀx)_τ over distinct τ, with 0 ≤ x ≤ 1: |q_h| ≤ Σ |B| < Σ |B| + 1 =: M. So the
vertices of P are the vertices of P ∩ {|q| ≤ M} with |q| < M, which
:func:`gamekit.exact.polytope.box_polytope_vertices` lists exactly (double description in
the free coordinates of ``E x = e``); then every complementary pair is certified by the
best-response test of :mod:`gamekit.extensive.certify`. The cost grows exponentially with
the number of sequences: it is meant for small trees (like bimatrix ``"all"`` on their
reduced normal form, which it replaces — the sequence form is exponentially smaller).
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.bimatrix.solve import Component
from gamekit.core.errors import TooLargeError
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.extensive.certify import BehaviourProfile, certify_plans
from gamekit.extensive.sequence_form import SequenceForm
from gamekit.kernel.graphs import components_and_bicliques

__all__ = ["all_equilibria", "plan_components", "MAX_FREE_DIMENSION"]

#: Largest number of free coordinates of one polyhedron (the double description starts from a cube).
MAX_FREE_DIMENSION = 12

Vertex = tuple[tuple[Fraction, ...], int]  # (strategy part, label bitmask over n1 + n2 labels)


def _vertices(sf: SequenceForm, player: int) -> list[Vertex]:
    """Vertices of P (player = 1: (x, q)) or Q (player = 2: (y, p)) with their labels."""
    n1, n2 = sf.sizes
    own, other = (n1, n2) if player == 1 else (n2, n1)
    cons_own = sf.constraint_rows(player)
    cons_other = sf.constraint_rows(3 - player)
    k = len(cons_other)
    # payoff of the *other* player, as a map (own sequence, other sequence) -> value
    pay = {(i, j): v for (i, j), v in sf.B.items()} if player == 1 else {(j, i): v for (i, j), v in sf.A.items()}
    M = sum((abs(v) for v in pay.values()), Fraction(0)) + 1  # |q_h| < M at every vertex (module doc)
    free = own + k - len(cons_own)
    if free > MAX_FREE_DIMENSION:
        raise TooLargeError(f"method 'all': player {player}'s sequence-form polyhedron has {free} free "
                            f"dimensions (limit {MAX_FREE_DIMENSION}); use method 'lemke'")
    nv = own + k  # variables: own plan, then u ∈ [0,1]^k with value v = M (2u - 1)
    E = []
    for row in cons_own:
        r = [Fraction(0)] * nv
        for q, c in row.items():
            r[q] = Fraction(c)
        E.append(r)
    e = [Fraction(1)] + [Fraction(0)] * (len(cons_own) - 1)
    # (Fᵀ v)_t − (payᵀ z)_t ≥ 0  <=>  (payᵀ z)_t − 2M (Fᵀ u)_t ≤ −M (Fᵀ 1)_t
    A = [[Fraction(0)] * nv for _ in range(other)]
    b = [Fraction(0)] * other
    for h, row in enumerate(cons_other):
        for t, c in row.items():
            A[t][own + h] -= 2 * M * c
            b[t] -= M * c
    for (i, j), v in pay.items():
        A[j][i] += v
    out: list[Vertex] = []
    for z in box_polytope_vertices(nv, E, e, A, b):
        u = z[own:]
        if any(w in (0, 1) for w in u):
            continue  # on the artificial box: not a vertex of the polyhedron
        labels = 0
        for i in range(own):
            if z[i] == 0:
                labels |= 1 << (i if player == 1 else n1 + i)
        for t in range(other):
            if sum((A[t][j] * z[j] for j in range(nv) if A[t][j]), Fraction(0)) == b[t]:
                labels |= 1 << (n1 + t if player == 1 else t)
        out.append((tuple(z[:own]), labels))
    return out


def all_equilibria(sf: SequenceForm) -> tuple[list[BehaviourProfile], dict]:
    """Every extreme equilibrium (module doc), certified, with counts.

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.

    Returns
    -------
    (list, dict)
        The equilibria (in lexicographic order of the plans) and ``{"vertices": [|P|, |Q|]}``.

    Raises
    ------
    TooLargeError
        A polyhedron with more than :data:`MAX_FREE_DIMENSION` free coordinates.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> from gamekit.extensive.sequence_form import sequence_form
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(1, 1), "R": Move(2, "c", {"l": Leaf(0, 0), "r": Leaf(2, 0)})}))
    >>> eqs, counts = all_equilibria(sequence_form(g))
    >>> [(" ".join(map(str, e.plans[0])), " ".join(map(str, e.plans[1]))) for e in eqs]
    [('1 0 1', '1 0 1'), ('1 0 1', '1 1/2 1/2'), ('1 1 0', '1 1/2 1/2'), ('1 1 0', '1 1 0')]
    """
    n1, n2 = sf.sizes
    full = (1 << (n1 + n2)) - 1
    P = _vertices(sf, 1)
    Q = _vertices(sf, 2)
    found: dict[tuple, BehaviourProfile] = {}
    for x, lx in P:
        for y, ly in Q:
            if lx | ly == full and (x, y) not in found:
                found[(x, y)] = certify_plans(sf, x, y, "sequence-form vertex pair")
    return [found[key] for key in sorted(found)], {"vertices": [len(P), len(Q)]}


Plans = tuple[Fraction, ...]


def plan_components(eqs: list[BehaviourProfile]) -> tuple[list[Plans], list[Plans], list[Component]]:
    """The maximal Nash subsets and connected components of the equilibrium set from its
    extreme equilibria (the clique method of bimatrix ``all``, :mod:`gamekit.kernel.graphs`).

    Join the extreme plans x and y when (x, y) is an extreme equilibrium. As for bimatrix
    games, the sequence-form equilibria are the complementary pairs of points of P and Q
    (module doc), the labels of a convex combination of points of a face are the labels
    common to them, so conv(X′) × conv(Y′) consists of equilibria iff X′ × Y′ is a
    biclique; the maximal bicliques are the maximal Nash subsets, and the connected
    components of the graph those of the equilibrium set (Avis, Rosenberg, Savani and
    von Stengel 2010; the sequence form is the same LCP, von Stengel 1996).

    Parameters
    ----------
    eqs : list of BehaviourProfile
        Every extreme equilibrium (as :func:`all_equilibria` returns them).

    Returns
    -------
    (list, list, list)
        Player 1's and player 2's extreme plans (in order of first appearance) and the
        maximal Nash subsets as :class:`gamekit.bimatrix.solve.Component` (``rows``/``cols``
        index the two plan lists; ``connected`` numbers the connected components).

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> from gamekit.extensive.sequence_form import sequence_form
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(1, 1), "R": Move(2, "c", {"l": Leaf(0, 0), "r": Leaf(2, 0)})}))
    >>> xs, ys, comps = plan_components(all_equilibria(sequence_form(g))[0])
    >>> [" ".join(map(str, x)) for x in xs], [" ".join(map(str, y)) for y in ys]
    (['1 0 1', '1 1 0'], ['1 0 1', '1 1/2 1/2', '1 1 0'])
    >>> comps
    [Component(rows=(0,), cols=(0, 1), connected=0), Component(rows=(0, 1), cols=(1,), connected=0), Component(rows=(1,), cols=(1, 2), connected=0)]
    """
    xs = list(dict.fromkeys(e.plans[0] for e in eqs))
    ys = list(dict.fromkeys(e.plans[1] for e in eqs))
    rix = {x: i for i, x in enumerate(xs)}
    cix = {y: j for j, y in enumerate(ys)}
    _, subsets = components_and_bicliques((rix[e.plans[0]], cix[e.plans[1]]) for e in eqs)
    comps = sorted((Component(rows, cols, k) for (rows, cols), k in subsets),
                   key=lambda c: (c.connected, c.rows, c.cols))
    return xs, ys, comps
