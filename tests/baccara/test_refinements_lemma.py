"""The lemma behind the Model B2 refinement finding (games/baccara/analysis/refinements.py),
checked against gamekit's exact proper-equilibrium procedure on random 2 × n games: an
equilibrium whose row strategy is completely mixed, with the row player's gain taking both
signs on the column player's best replies, is never refuted as proper, and is among the
perfect ones; and where it is an extreme equilibrium the procedure's verdict is never "not
proper"."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame
from gamekit.refine import is_perfect, proper_equilibria


def lemma_applies(g: BimatrixGame, x, y) -> bool:
    if g.m != 2 or min(x) <= 0:
        return False
    xB = [sum(x[i] * g.B[i][j] for i in range(2)) for j in range(g.n)]
    K0 = [j for j in range(g.n) if xB[j] == max(xB)]
    H = [g.A[1][j] - g.A[0][j] for j in K0]
    return min(H) < 0 < max(H)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, 3), min_size=n, max_size=n), min_size=2, max_size=2),
    st.lists(st.lists(st.integers(0, 3), min_size=n, max_size=n), min_size=2, max_size=2))))
def test_lemma_never_contradicted(AB):
    g = BimatrixGame(*AB)
    nash = gamekit.solve(g)
    r = proper_equilibria(g, nash)
    for e, v in zip(nash.equilibria, r.certificate["verdicts"]):
        if lemma_applies(g, e.row, e.col):
            assert v["status"] != "not proper"
            assert is_perfect(g, e.row, e.col)


def test_lemma_construction_on_a_segment():
    """Row 2's gain is −1, +1 on the two tied columns: (x*, y) with x* = (1/2, 1/2) and
    y = (1/2, 1/2, 0) (inside a Nash segment). The lemma's sequence x_ε = x*,
    y_ε ∝ ŷ + ε²·e₃ (here ŷ = y, as column 3 leaves row 2's gain at 0) is ε-proper, exactly."""
    g = BimatrixGame([[1, 0, 0], [0, 1, 0]], [[1, 1, 0], [1, 1, 0]])
    x, y = (F(1, 2), F(1, 2)), (F(1, 2), F(1, 2), F(0))
    assert lemma_applies(g, x, y) and is_perfect(g, x, y)
    for eps in (F(1, 10), F(1, 1000)):
        t = 1 + eps ** 2
        ye = (F(1, 2) / t, F(1, 2) / t, eps ** 2 / t)
        Ay = [sum(a * q for a, q in zip(r, ye)) for r in g.A]
        xB = [sum(x[i] * g.B[i][j] for i in range(2)) for j in range(3)]
        assert Ay[0] == Ay[1]  # the row player is indifferent: x* is ε-proper
        assert all(not (xB[s] < xB[u]) or ye[s] <= eps * ye[u] for s in range(3) for u in range(3))
