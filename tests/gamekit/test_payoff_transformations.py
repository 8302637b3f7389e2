"""Transformations of the payoffs that keep the Nash equilibria, on rational games.

Checked facts (hypothesis, games with rational payoffs of denominators up to 10⁸, every
strategy of ``method="all"``): replacing the row player's payoffs A by ``αA + 1wᵀ``
(α > 0, a constant w_j added to each column) and the column player's B by ``βB + v1ᵀ``
(β > 0, a constant v_i added to each row) leaves the set of extreme equilibria unchanged,
and each payoff moves as the transformation says: ``u₁′ = α·u₁ + w·y``,
``u₂′ = β·u₂ + v·x`` (:mod:`gamekit.bimatrix.column_reduction`, where the solver uses the
same transformations, per column, to make small integer polytopes). A contrast that shows
the test is not vacuous: scaling one *column* of A alone is not such a transformation — in
matching pennies it moves the column player's equilibrium strategy.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit

_FRAC = st.fractions(min_value=-3, max_value=3, max_denominator=10**8)
_POS = st.fractions(min_value=Fraction(1, 1000), max_value=1000, max_denominator=10**4)


def _profiles(res) -> dict:
    return {(e.row, e.col): e.payoffs for e in res}


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 7), st.integers(3, 7), st.sampled_from(["auto", "one_sided", "two_sided", "exact"]), st.data())
def test_affine_payoff_changes_keep_the_equilibria(m, n, strategy, data):
    A = [[data.draw(_FRAC) for _ in range(n)] for _ in range(m)]
    B = [[data.draw(_FRAC) for _ in range(n)] for _ in range(m)]
    alpha, beta = data.draw(_POS), data.draw(_POS)
    w = [data.draw(_FRAC) for _ in range(n)]  # added to column j of A
    v = [data.draw(_FRAC) for _ in range(m)]  # added to row i of B
    A2 = [[alpha * A[i][j] + w[j] for j in range(n)] for i in range(m)]
    B2 = [[beta * B[i][j] + v[i] for j in range(n)] for i in range(m)]
    ours = _profiles(gamekit.solve(gamekit.BimatrixGame(A, B), method="all", strategy=strategy))
    moved = _profiles(gamekit.solve(gamekit.BimatrixGame(A2, B2), method="all", strategy=strategy))
    assert ours.keys() == moved.keys()
    for (x, y), (u1, u2) in ours.items():
        assert moved[x, y] == (alpha * u1 + sum(wj * yj for wj, yj in zip(w, y)),
                               beta * u2 + sum(vi * xi for vi, xi in zip(v, x)))


def test_scaling_one_column_is_not_such_a_transformation():
    """Matching pennies: the column player mixes (1/2, 1/2); with the first column of the
    row player's payoffs doubled, (1/3, 2/3) — the equilibrium moved."""
    A = [[1, -1], [-1, 1]]
    B = [[-1, 1], [1, -1]]
    half = Fraction(1, 2)
    (eq,) = gamekit.solve(gamekit.BimatrixGame(A, B), method="all")
    assert eq.col == (half, half)
    (eq2,) = gamekit.solve(gamekit.BimatrixGame([[2, -1], [-2, 1]], B), method="all")
    assert eq2.col == (Fraction(1, 3), Fraction(2, 3))
