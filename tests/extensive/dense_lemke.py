"""Test oracle: the dense Lemke that ``gamekit.extensive.lemke`` replaced.

Lemke's algorithm on the sequence-form LCP (Koller, Megiddo and von Stengel 1996), exact,
with lexicographic degeneracy resolution, on a dense fraction-free tableau
(:class:`gamekit.kernel.pivot.Dictionary`). The sparse implementation must follow the same
path: the same pivot count and the same realization plans (tests/extensive/test_lemke.py).
It costs N² big-integer operations per pivot, too slow for trees with a thousand sequences.

With every leaf payoff made negative (subtract max + 1 from each player's payoffs: the
realization probabilities of the leaves sum to 1, so this changes every expected payoff by
the same constant and no equilibrium), the equilibria are the solutions of the LCP in
z = (x, y, p, q) ≥ 0:

    w_x = −A y − Eᵀ p ≥ 0  ⊥ x,        w_p = E x − e ≥ 0  ⊥ p,
    w_y = −Bᵀ x − Fᵀ q ≥ 0 ⊥ y,        w_q = F y − f ≥ 0  ⊥ q

(the dual of player 1's best-response LP with ``Ex ≥ e``, whose optimum is attained with
equality since all payoffs are negative; Gambit's ``lcp_solve`` uses the same system).
Lemke's algorithm adds an artificial variable z0 with the covering vector 1, starts on
the primary ray and pivots complementarily until z0 leaves. Pivoting is fraction-free
(:func:`gamekit.kernel.pivot.fraction_free_pivot` through
:class:`gamekit.kernel.pivot.Dictionary`, exact integers); the perturbation
b + (ε, ε², …) makes every step unique (the lexicographic minimum-ratio test of the
dictionary), so the path cannot cycle. The result is then certified by the exact
best-response test of :mod:`gamekit.extensive.certify`.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core.errors import CertificationError
from gamekit.core.numbers import common_denominator
from gamekit.extensive.sequence_form import SequenceForm
from gamekit.kernel.pivot import Dictionary

__all__ = ["lemke_plans", "DEFAULT_MAX_PIVOTS"]

#: Safety bound on the number of complementary pivots (the lexicographic rule terminates).
DEFAULT_MAX_PIVOTS = 1_000_000


def _lcp_rows(sf: SequenceForm) -> list[list[Fraction]]:
    """Rows ``[b_r, −M_r.., −d_r]`` of the dictionary w = b + M z + d z0 (module doc)."""
    n1, n2 = sf.sizes
    E = sf.constraint_rows(1)
    F = sf.constraint_rows(2)
    k1, k2 = len(E), len(F)
    N = n1 + n2 + k1 + k2
    px, py = n1 + n2, n1 + n2 + k1  # first p, first q column
    leaves: dict[tuple[int, int], Fraction] = {}
    for s1, s2, pr in sf.leaf_sequences.values():
        leaves[(s1, s2)] = leaves.get((s1, s2), Fraction(0)) + pr
    pays = [u for u, _ in sf.game.leaf_payoffs.values()]
    pays2 = [v for _, v in sf.game.leaf_payoffs.values()]
    c1 = max(pays) + 1
    c2 = max(pays2) + 1
    rows = [[Fraction(0)] * (N + 2) for _ in range(N)]
    # M z enters the dictionary as −M (D·β = T0 − Σ T ν)
    for (s1, s2), pr in sorted(leaves.items()):
        a = sf.A.get((s1, s2), Fraction(0)) - c1 * pr
        b = sf.B.get((s1, s2), Fraction(0)) - c2 * pr
        rows[s1][1 + n1 + s2] += a          # w_x = −A y …  → T = +A
        rows[n1 + s2][1 + s1] += b          # w_y = −Bᵀ x … → T = +B
    for h, erow in enumerate(E):
        for q, c in erow.items():
            rows[q][1 + px + h] += c        # w_x = … − Eᵀ p → T = +E
            rows[n1 + n2 + h][1 + q] -= c   # w_p = E x − e  → T = −E
    for h, frow in enumerate(F):
        for q, c in frow.items():
            rows[n1 + q][1 + py + h] += c
            rows[n1 + n2 + k1 + h][1 + n1 + q] -= c
    rows[n1 + n2][0] = Fraction(-1)          # w_p0 = x_∅ − 1
    rows[n1 + n2 + k1][0] = Fraction(-1)     # w_q0 = y_∅ − 1
    for row in rows:
        row[N + 1] = Fraction(-1)              # covering vector d = 1: w = … + z0
    return rows


def lemke_plans(sf: SequenceForm, max_pivots: int = DEFAULT_MAX_PIVOTS) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], int]:
    """Realization plans (x, y) of one equilibrium found by Lemke's algorithm (not yet
    certified), and the number of pivots.

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.
    max_pivots : int
        Safety bound on the number of pivots.

    Returns
    -------
    (tuple, tuple, int)
        x, y and the pivot count.

    Raises
    ------
    CertificationError
        A ray or the pivot bound (impossible for a correct implementation: KMvS 1996).

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> from gamekit.extensive.sequence_form import sequence_form
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Move(2, "c", {"l": Leaf(1, 1), "r": Leaf(2, 0)})}))
    >>> x, y, _ = lemke_plans(sequence_form(g))
    >>> [str(v) for v in x], [str(v) for v in y]
    (['1', '0', '1'], ['1', '1', '0'])
    """
    n1, n2 = sf.sizes
    rows = _lcp_rows(sf)
    N = len(rows)
    T = []
    for fr in rows:
        L = common_denominator(fr)
        T.append([int(v * L) for v in fr])
    dic = Dictionary([[0] * (N + 1) for _ in range(N)])  # variables: z 0..N-1, z0 = N, w_r = N+1+r
    dic.T = T
    z0 = N
    # first step: z0 enters; the leaving row is the lexicographic maximum of (T0, I_r)/T_rc
    # over the rows with a negative right-hand side (all rows become feasible)
    col = z0 + 1
    best = -1
    for r in range(N):
        if T[r][0] < 0:
            if best < 0 or _lex_greater(T, r, best, col):
                best = r
    if best < 0:  # impossible: w_p0 = x_∅ − 1 < 0 at z = 0
        raise CertificationError("Lemke: the sequence-form LCP has a trivial solution")
    leaving = dic.basic[best]
    dic.pivot(best, z0)
    # the pivot element was negative: (D, T) -> (-D, -T) is the same dictionary with D > 0,
    # as the lexicographic ratio test of Dictionary expects
    dic.D = -dic.D
    dic.T = [[-v for v in row] for row in dic.T]
    pivots = 1
    while True:
        entering = leaving - (N + 1) if leaving > N else leaving + N + 1  # the complement
        c = dic.nonbasic.index(entering)
        r = dic.leaving_row(c)
        if r < 0:
            raise CertificationError("Lemke: secondary ray on the sequence-form LCP (a bug)")
        leaving = dic.basic[r]
        dic.pivot(r, c)
        pivots += 1
        if leaving == z0:
            break
        if pivots > max_pivots:
            raise CertificationError(f"Lemke: no equilibrium after {max_pivots} pivots")
    z = dic.point()
    D = dic.D
    x = tuple(Fraction(z[i], D) for i in range(n1))
    y = tuple(Fraction(z[n1 + j], D) for j in range(n2))
    return x, y, pivots


def _lex_greater(T: list[list[int]], r: int, s: int, col: int) -> bool:
    """(T[r][0], e_r)/T[r][col] >lex (T[s][0], e_s)/T[s][col] (both denominators negative)."""
    a, b = T[r][col], T[s][col]
    lhs, rhs = T[r][0] * b, T[s][0] * a  # compare T_r0/a vs T_s0/b: multiply by a*b > 0
    if lhs != rhs:
        return lhs > rhs
    # the identity part: row r has 1/a < 0 at position r, row s has 1/b < 0 at position s
    return r > s
