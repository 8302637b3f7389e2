"""The pure strict-dominance step of ``method="all"`` (issue #23: in Python integers, no numpy).

:func:`gamekit.bimatrix.enumerate_all._dominated` (bit masks intersected column by column)
finds the same rows as the former numpy test (``tests/oracles/dominance_numpy.py``) on
random integer matrices, with ties and few distinct values (hypothesis); the iterated
elimination keeps the equilibria (the extreme equilibria of the game are those of the
reduced game, embedded) — checked against the search with elimination turned off.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.dominance_numpy import dominated_rows

from gamekit.bimatrix.enumerate_all import _dominated
from gamekit.bimatrix.solve import solve_result
from gamekit.core.game import BimatrixGame

matrices = st.integers(1, 9).flatmap(
    lambda r: st.integers(1, 9).flatmap(
        lambda c: st.lists(st.lists(st.integers(-3, 3), min_size=c, max_size=c), min_size=r, max_size=r)))


@settings(max_examples=300, deadline=None)
@given(matrices)
def test_dominated_rows_agree_with_the_numpy_oracle(M):
    assert _dominated(M) == dominated_rows(np.array(M, dtype=np.int64))


def test_a_chain_of_dominated_rows():
    M = [[i * 10 + j % 3 for j in range(6)] for i in range(7)]  # each row beats every row above it
    assert _dominated(M) == dominated_rows(np.array(M)) == list(range(6))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(3, 6))
def test_elimination_keeps_the_equilibria(seed, m, n):
    rng = np.random.default_rng(seed)
    A = rng.integers(0, 4, (m, n)).tolist()
    B = rng.integers(0, 4, (m, n)).tolist()
    g = BimatrixGame(A, B)
    reduced = solve_result(g, "all", strategy="exact")
    full = solve_result(g, "all", strategy="exact", eliminate_dominated=False)
    assert {(e.row, e.col) for e in reduced} == {(e.row, e.col) for e in full}
