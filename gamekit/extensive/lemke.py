"""One equilibrium of a two-player game tree: Lemke's algorithm on the sequence-form LCP
(Koller, Megiddo and von Stengel 1996), exact, with lexicographic degeneracy resolution,
on a sparse tableau.

With every leaf payoff made negative (subtract max + 1 from each player's payoffs: the
realization probabilities of the leaves sum to 1, so this changes every expected payoff by
the same constant and no equilibrium), the equilibria are the solutions of the LCP in
z = (x, y, p, q) ≥ 0:

    w_x = −A y − Eᵀ p ≥ 0  ⊥ x,        w_p = E x − e ≥ 0  ⊥ p,
    w_y = −Bᵀ x − Fᵀ q ≥ 0 ⊥ y,        w_q = F y − f ≥ 0  ⊥ q

(the dual of player 1's best-response LP with ``Ex ≥ e``, whose optimum is attained with
equality since all payoffs are negative; Gambit's ``lcp_solve`` uses the same system).
Lemke's algorithm adds an artificial variable z0 with the covering vector 1, starts on
the primary ray and pivots complementarily until z0 leaves. The perturbation
b + (ε, ε², …) of the right-hand side makes every step unique (the lexicographic
minimum-ratio test), so the path cannot cycle.

**Sparse tableau.** The sequence-form matrices have a few nonzeros per row (one per leaf
below a sequence pair) and stay sparse along the path, so the dictionary is kept as one
sparse row per basic variable — ``den·basic = rhs + Σ coef·nonbasic`` with integer
coefficients and a denominator of its own, in lowest terms (the perturbation's coefficients
are read off the columns of the original slack variables when a tie needs them). A pivot
touches only the rows that contain the entering variable, and costs the pivot row's length
for each; a dense fraction-free tableau
(every row rescaled at every pivot) costs the full N² entries per pivot, prohibitive for
trees with a thousand sequences (docs/extensive.md, "Baccara as a tree"). The path and
the answer are those of the dense lexicographic rule (tests/extensive/test_lemke.py
compares them pivot by pivot count). The result is then certified by the exact
best-response test of :mod:`gamekit.extensive.certify`. The LCP machinery, which takes the
sequence-form data rather than a tree, is :mod:`gamekit.kernel.sequence_lcp`.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.extensive.sequence_form import SequenceForm
from gamekit.kernel.sequence_lcp import (
    DEFAULT_MAX_PIVOTS,
    INTEGERS,
    Row,
    lemke_path,
    sequence_lcp_rows,
)

__all__ = ["lemke_plans", "DEFAULT_MAX_PIVOTS"]


def _lcp_rows(sf: SequenceForm) -> tuple[list[int], list[Row]]:
    """The LCP of the sequence form ``sf`` (module doc): right-hand side q and rows of M."""
    n1, n2 = sf.sizes
    leaves: dict[tuple[int, int], Fraction] = {}
    for s1, s2, pr in sf.leaf_sequences.values():
        if pr:
            leaves[(s1, s2)] = leaves.get((s1, s2), Fraction(0)) + pr
    c1 = max(u for u, _ in sf.game.leaf_payoffs.values()) + 1
    c2 = max(v for _, v in sf.game.leaf_payoffs.values()) + 1
    A = {k: sf.A.get(k, Fraction(0)) - c1 * pr for k, pr in leaves.items()}
    B = {k: sf.B.get(k, Fraction(0)) - c2 * pr for k, pr in leaves.items()}
    E, F = sf.constraint_rows(1), sf.constraint_rows(2)
    rows = sequence_lcp_rows(n1, n2, A, B, E, F)
    rhs = [0] * len(rows)
    rhs[n1 + n2] = -1        # w_p0 = x_∅ − 1
    rhs[n1 + n2 + len(E)] = -1   # w_q0 = y_∅ − 1
    return rhs, rows


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
    rhs, rows = _lcp_rows(sf)
    tab, pivots = lemke_path(rhs, rows, INTEGERS, max_pivots)
    x = tuple(tab.value(i) for i in range(n1))
    y = tuple(tab.value(n1 + j) for j in range(n2))
    return x, y, pivots
