"""The symbolic enumeration for every large n (gamekit.doubly_additive.eventual) against the exact
per-n enumeration (gamekit.doubly_additive.solve_doubly_additive) on random polynomial games."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive
from gamekit.doubly_additive.eventual import bareiss_solve, eventual_equilibria
from gamekit.exact.eventual_field import EventualSigns, ring


def _value(q, n: int, alpha: Fraction) -> Fraction:
    return sum((Fraction(int(c)) * n ** int(i) * alpha ** int(k) for (i, k), c in q.to_dict().items()), Fraction(0))


def _at(v, n: int, alpha: Fraction) -> Fraction:
    if isinstance(v, tuple):
        return _value(v[0], n, alpha) / _value(v[1], n, alpha)
    return Fraction(v)


def _random_game(rng: random.Random, m: int, p: int):
    n, a = ring().gens()

    def poly():
        return sum((rng.randint(-9, 9) * n ** i for i in range(3)), n * 0) + rng.randint(-3, 3) * a

    G0 = [poly() for _ in range(p)]
    G = [[poly() for _ in range(m)] for _ in range(p)]
    F0 = [poly() for _ in range(m)]
    F = [[poly() for _ in range(p)] for _ in range(m)]
    return G0, G, F0, F


@pytest.mark.parametrize("seed", range(40))
def test_symbolic_run_agrees_with_exact_enumeration_beyond_the_threshold(seed: int) -> None:
    rng = random.Random(seed)
    m, p = rng.choice([(1, 2), (2, 2), (2, 3), (3, 3)])
    G0, G, F0, F = _random_game(rng, m, p)
    alpha = Fraction(rng.randint(0, 4), 4)
    res = eventual_equilibria(G0, G, F0, F, EventualSigns(alpha, alpha), n0=1)
    if not res.proved:   # a degenerate random game: nothing is claimed
        pytest.skip("undecided")
    for n in (res.threshold, res.threshold + 5):
        game = DoublyAdditiveGame(
            m, p,
            (0, [_value(q, n, alpha) for q in F0], [0] * p, [[_value(q, n, alpha) for q in row] for row in F]),
            (0, [0] * m, [_value(q, n, alpha) for q in G0], [[_value(G[l][h], n, alpha) for l in range(p)]
                                                            for h in range(m)]))
        exact = {(e.x, e.y) for e in solve_doubly_additive(game).equilibria}
        symbolic = {(tuple(_at(v, n, alpha) for v in e.x), tuple(_at(v, n, alpha) for v in e.y))
                    for e in res.equilibria}
        assert symbolic == exact


def test_bareiss_solve_is_cramer() -> None:
    n, _a = ring().gens()
    A = [[n, 2 + 0 * n, 1 + 0 * n], [1 + 0 * n, n, 3 + 0 * n], [n * n, 0 * n, 1 + n]]
    rhs = [1 + 0 * n, n, 0 * n]
    D, N = bareiss_solve(A, rhs)
    for k in (3, 10):
        Df = _value(D, k, Fraction(0))
        x = [_value(v, k, Fraction(0)) / Df for v in N]
        Ak = [[_value(q, k, Fraction(0)) for q in row] for row in A]
        assert [sum(r[j] * x[j] for j in range(3)) for r in Ak] == [_value(q, k, Fraction(0)) for q in rhs]


def test_a_sign_that_changes_inside_the_interval_is_undecided() -> None:
    n, a = ring().gens()
    s = EventualSigns(Fraction(0), Fraction(1, 10))
    assert s.sign(n * (20 * a - 1)) is None
    assert s.sign(n * n - 50 * n + a) == 1 and s.threshold(1) == 51   # n² − 50n + α = 0 at (50, 0)
