"""All extreme equilibria by vertex enumeration of the best-response polytopes.

With positive integer payoffs (A', B') (see :mod:`gamekit.bimatrix.intgame`) let

    P = {x ∈ R^m : x ≥ 0, B'ᵀx ≤ 1},     Q = {y ∈ R^n : A'y ≤ 1, y ≥ 0}.

Label the m + n strategies; a point x ∈ P has label i if x_i = 0 and label m + j if
(B'ᵀx)_j = 1 (column j is a best response); y ∈ Q has label i if (A'y)_i = 1 and label
m + j if y_j = 0. The extreme Nash equilibria are exactly the normalized pairs
(x/Σx, y/Σy) of vertices (x, y) ≠ (0, 0) of P × Q that are *completely labeled*, i.e.
whose labels together cover all m + n labels (Avis, Rosenberg, Savani & von Stengel,
*Enumeration of Nash equilibria for two-player games*, Economic Theory 42 (2010);
von Stengel, *Computing equilibria for two-person games*, Handbook of Game Theory 3
(2002), §3). This holds for degenerate games too: degenerate vertices simply have more
than m (resp. n) labels.

Vertices are found exactly by :func:`gamekit.kernel.polytope.enumerate_vertices`.
:func:`extreme_equilibria` enumerates the lower-dimensional polytope and takes the
partners from faces of the other (or, when the faces would cost more, enumerates both and
matches labels with bitsets, :func:`match_vertices`: for every label, the set of Q-vertices
carrying it is one Python integer; the partners of x are the intersection over the labels
x lacks). Enumerating both polytopes always is the tests' reference
(``tests/oracles/two_polytopes.py``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from gamekit.bimatrix.intgame import IntGame, Profile, Sparse, normalize
from gamekit.kernel.linalg import solve_int
from gamekit.kernel.polytope import Vertex, enumerate_vertices

__all__ = [
    "polytope_vertices",
    "extreme_equilibria",
    "match_vertices",
    "is_nondegenerate",
]


def polytope_vertices(
    ig: IntGame, max_iter: int | None = None
) -> tuple[list[Vertex], list[Vertex]]:
    """Vertices of P and Q with labels in the common numbering (rows 0..m-1, columns m..)."""
    m, n = ig.m, ig.n
    # P: z = x, constraints B'ᵀ x ≤ 1 (n rows); labels x_i -> i, slack_j -> m + j. Already global.
    BT = [list(col) for col in zip(*ig.B)]
    P = enumerate_vertices(BT, max_iter)
    # Q: z = y, constraints A' y ≤ 1 (m rows); local labels y_j -> j, slack_i -> n + i.
    Qloc = enumerate_vertices([list(r) for r in ig.A], max_iter)
    low = (1 << n) - 1
    Q = [Vertex(((v.labels & low) << m) | (v.labels >> n), v.nums, v.den) for v in Qloc]
    return P, Q


def match_vertices(P: list[Vertex], Q: list[Vertex], m: int, n: int) -> list[tuple[int, int]]:
    """Index pairs (p, q) of completely labeled vertex pairs, both nonzero."""
    full = (1 << (m + n)) - 1
    zero_x = (1 << m) - 1  # x = 0 has all row labels
    zero_y = full ^ zero_x  # y = 0 has all column labels
    by_label = [0] * (m + n)
    for qi, v in enumerate(Q):
        if v.labels & zero_y == zero_y:
            continue
        lab = v.labels
        bit = 1 << qi
        while lab:
            low = lab & -lab
            by_label[low.bit_length() - 1] |= bit
            lab ^= low
    all_q = 0
    for qi, v in enumerate(Q):
        if v.labels & zero_y != zero_y:
            all_q |= 1 << qi
    pairs: list[tuple[int, int]] = []
    for pi, v in enumerate(P):
        if v.labels & zero_x == zero_x:
            continue
        need = full & ~v.labels
        cand = all_q
        while need and cand:
            low = need & -need
            cand &= by_label[low.bit_length() - 1]
            need ^= low
        while cand:
            low = cand & -cand
            pairs.append((pi, low.bit_length() - 1))
            cand ^= low
    return pairs


def _face_vertices(
    ig: IntGame, J: tuple[int, ...], max_iter: int | None, max_vertices: int | None = None,
    deadline: float | None = None,
) -> list[tuple[int, Sparse]]:
    """Vertices of Q_J = {y ≥ 0 supported in J : A'y ≤ 1}, as (tight-row bitmask, y)."""
    sub = [[row[j] for j in J] for row in ig.A]
    k = len(J)
    out = []
    for v in enumerate_vertices(sub, max_iter, max_vertices, deadline):
        if not any(v.nums):
            continue
        rows = v.labels >> k  # slack of row i tight <=> (A'y)_i = 1
        y = normalize(v.nums)
        out.append((rows, tuple((J[t], p) for t, p in y)))
    return out


def extreme_equilibria(
    ig: IntGame, max_iter: int | None = None, max_vertices: int | None = None,
    deadline: float | None = None,
) -> list[Profile]:
    """Every extreme equilibrium: vertices of the lower-dimensional polytope, partners
    from faces of the other.

    Let P be the polytope of the player with fewer strategies (the game is transposed
    otherwise). For a vertex x ≠ 0 of P with support S and best responses J, the
    partners are the vertices y of Q with labels ⊇ the labels x lacks: (A'y)_i = 1 for
    i ∈ S and y_j = 0 for j ∉ J. They are the vertices of the face
    F_x = {y ∈ Q_J : (A'y)_S = 1} of Q_J = Q ∩ {y_j = 0, j ∉ J}, itself a face of Q.

    * Nondegenerate vertex (|J| = |S|) with A'[S, J] nonsingular: F_x is the single point
      y_J = A'[S, J]⁻¹·1 (integer Gauss–Jordan), a partner iff y ≥ 0 and A'y ≤ 1.
    * Otherwise F_x is found among the vertices of Q_J (enumerated exactly, cached per J);
      when the vertex bounds C(m + |J|, m) of these faces add up to more than the bound
      C(m + n, m) for Q, all of Q is enumerated once instead and matched with label
      bitsets (:func:`match_vertices`).

    Either way the result is every completely labeled vertex pair (Avis et al. 2010).
    """
    if ig.m > ig.n:
        return [(x, y) for y, x in extreme_equilibria(ig.transpose(), max_iter, max_vertices, deadline)]
    m, n = ig.m, ig.n
    A = ig.A
    BT = [list(col) for col in zip(*ig.B)]
    P = enumerate_vertices(BT, max_iter, max_vertices, deadline)
    out: list[Profile] = []
    slow: list[tuple[Vertex, int, tuple[int, ...]]] = []
    for v in P:
        S = [i for i in range(m) if v.nums[i]]
        if not S:
            continue  # x = 0
        J = tuple(j for j in range(n) if v.labels >> (m + j) & 1)
        if len(J) == len(S):
            sol = solve_int([[A[i][j] for j in J] for i in S], [1] * len(S))
            if sol is not None:
                nums, den = sol
                if min(nums) < 0:
                    continue
                if any(sum(A[i][j] * y for j, y in zip(J, nums)) > den for i in range(m)):
                    continue
                y = tuple((j, Fraction(c, sum(nums))) for j, c in zip(J, nums) if c)
                out.append((normalize(v.nums), y))
                continue
        srows = 0
        for i in S:
            srows |= 1 << i
        slow.append((v, srows, J))
    if not slow:
        return out
    distinct = {J for _, _, J in slow}
    # Upper-bound cost model: a polytope {y ∈ R^d : y ≥ 0, My ≤ 1} with m rows has at most
    # C(m + d, m) vertices (each is fixed by which d of the m + d constraints are tight).
    whole = comb(m + n, m)
    parts = sum(comb(m + len(J), m) for J in distinct)
    if whole <= parts:
        # The faces together may cost more than Q: enumerate Q once and match labels.
        Qloc = enumerate_vertices([list(r) for r in A], max_iter, max_vertices, deadline)
        low = (1 << n) - 1
        Q = [Vertex(((q.labels & low) << m) | (q.labels >> n), q.nums, q.den) for q in Qloc]
        Ps = [v for v, _, _ in slow]
        for pi, qi in match_vertices(Ps, Q, m, n):
            out.append((normalize(Ps[pi].nums), normalize(Q[qi].nums)))
        return out
    faces: dict[tuple[int, ...], list[tuple[int, Sparse]]] = {}
    for v, srows, J in slow:
        verts = faces.get(J)
        if verts is None:
            verts = faces[J] = _face_vertices(ig, J, max_iter, max_vertices, deadline)
        x = normalize(v.nums)
        for rows, y in verts:
            if rows & srows == srows:
                out.append((x, y))
    return out


def is_nondegenerate(ig: IntGame, max_iter: int | None = None) -> bool:
    """True when the game is nondegenerate: no vertex of P has more than m labels and no
    vertex of Q more than n — equivalently, no mixed strategy with support size k has
    more than k pure best responses (von Stengel 2002).

    A point with more than m labels lies in the face cut out by those labels, whose
    vertices carry all of them, so checking vertices suffices.
    """
    P, Q = polytope_vertices(ig, max_iter)
    return all(v.labels.bit_count() == ig.m for v in P) and all(
        v.labels.bit_count() == ig.n for v in Q
    )
