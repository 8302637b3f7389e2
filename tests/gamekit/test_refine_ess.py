"""Evolutionarily stable strategies (issue #24): textbook games, random symmetric games
against the definition on a grid of mutants (exactly), consistency with ``method="all"``."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame, GameError
from gamekit.refine.ess import ess, ess_verdict, is_ess
from gamekit.refine.index import _in_hull

F = Fraction


def sym(A):
    return BimatrixGame(A, [list(c) for c in zip(*A)])


def test_hawk_dove_mixed_ess_is_v_over_c():
    V, C = 4, 6
    g = sym([[F(V - C, 2), V], [0, F(V, 2)]])
    r = ess(g)
    assert r.strategies == ((F(2, 3), F(1, 3)),) and r.unique and r.method == "ess"
    assert isinstance(r, gamekit.SolverResult)


def test_coordination_pure_ess_and_unstable_mix():
    r = ess(sym([[2, 0], [0, 1]]))
    assert r.strategies == ((1, 0), (0, 1))
    v = ess_verdict(sym([[2, 0], [0, 1]]), [F(1, 3), F(2, 3)])
    assert not v.ess and v.mutant is not None


def test_rock_paper_scissors_good_and_bad():
    """Standard RPS: the centre is neutrally stable, not an ESS; with wins worth more than
    losses (2 vs -1) it is an ESS; with losses worse (1 vs -2) it is not."""
    std = sym([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    good = sym([[0, -1, 2], [2, 0, -1], [-1, 2, 0]])
    bad = sym([[0, -2, 1], [1, 0, -2], [-2, 1, 0]])
    third = (F(1, 3),) * 3
    assert ess(std).strategies == () and ess(bad).strategies == ()
    assert ess(good).strategies == (third,)


def test_ess_that_is_not_a_strict_equilibrium():
    """A = [[1, 1], [1, 0]]: e1 has both pure strategies as best replies (E ≠ S) and
    is an ESS by the second condition: x'Ay = 1 > yAy for every y ≠ e1."""
    g = sym([[1, 1], [1, 0]])
    assert is_ess(g, [1, 0]) and ess(g).strategies == ((1, 0),)


def test_non_symmetric_game_is_bad_input():
    with pytest.raises(GameError):
        ess(BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 2]]))
    with pytest.raises(GameError):
        is_ess(sym([[1, 0], [0, 1]]), [F(1, 2)])


def grid(n, N):
    for c in product(range(N + 1), repeat=n - 1):
        if sum(c) <= N:
            yield tuple(F(v, N) for v in c) + (F(N - sum(c), N),)


def bil(y, A, x):
    return sum(y[i] * A[i][j] * x[j] for i in range(len(x)) for j in range(len(x)))


def invades(A, x, y):
    if y == x:
        return False
    a, b = bil(y, A, x), bil(x, A, x)
    return a > b or (a == b and bil(x, A, y) <= bil(y, A, y))


@settings(max_examples=40)
@given(st.integers(2, 4).flatmap(lambda n: st.lists(st.lists(st.integers(0, 3), min_size=n, max_size=n),
                                                    min_size=n, max_size=n)))
def test_random_symmetric_games_against_the_definition(A):
    g = sym(A)
    r = ess(g)
    nash = gamekit.solve(g)
    n = len(A)
    Af = [[F(v) for v in row] for row in A]
    mutants = list(grid(n, 6 if n <= 3 else 4))
    for v in r.verdicts:
        x = v.strategy
        if v.ess:
            # no mutant on the grid invades, and (x, x) lies in a Nash subset of "all"
            assert not any(invades(Af, x, y) for y in mutants)
            assert any(_in_hull(x, [nash.row_vertices[i] for i in c.rows])
                       and _in_hull(x, [nash.col_vertices[j] for j in c.cols]) for c in nash.components)
        else:
            assert invades(Af, x, v.mutant)
    # every pure strategy that is a strict symmetric equilibrium is an ESS
    for k in range(n):
        if all(A[k][k] > A[i][k] for i in range(n) if i != k):
            assert tuple(F(int(i == k)) for i in range(n)) in r.strategies
    # completeness: every symmetric equilibrium on the grid that is an ESS is listed
    for x in mutants:
        if gamekit.is_equilibrium(g, x, x) and is_ess(g, x):
            assert x in r.strategies
