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


def _random_game_in_alpha(rng: random.Random, m: int, p: int):
    """Coefficients (c₀ + c₁n) + (c₂ + c₃n)α: hyperplanes that cross the box's faces and each
    other along curves α(n), so that the relaxations of the run are needed (in these 60 seeds:
    14 proved games, about 370 decisions by a relaxation)."""
    n, a = ring().gens()

    def poly():
        return (rng.randint(-9, 9) * n + rng.randint(-9, 9)) + (rng.randint(-9, 9) * n + rng.randint(-3, 3)) * a

    return ([poly() for _ in range(p)], [[poly() for _ in range(m)] for _ in range(p)],
            [poly() for _ in range(m)], [[poly() for _ in range(p)] for _ in range(m)])


#: The seeds of 0…59 whose run is a proof (the other 46 leave a system undecided: stated, and
#: checked by the next test, so that a change in the run's strength shows).
PROVED_SEEDS = (0, 1, 2, 8, 10, 12, 18, 21, 29, 34, 36, 44, 51, 58)


def _run_in_alpha(seed: int):
    rng = random.Random(2000 + seed)
    m, p = rng.choice([(1, 2), (2, 2), (2, 3)])
    G0, G, F0, F = _random_game_in_alpha(rng, m, p)
    res = eventual_equilibria(G0, G, F0, F, EventualSigns(Fraction(0), Fraction(1), n0=30), split=3, n0=1)
    return m, p, G0, G, F0, F, res


def test_which_random_games_the_run_proves() -> None:
    assert tuple(s for s in range(60) if _run_in_alpha(s)[-1].proved) == PROVED_SEEDS


@pytest.mark.parametrize("seed", PROVED_SEEDS)
def test_over_an_alpha_interval_with_a_cap_the_run_agrees_at_sampled_points(seed: int) -> None:
    """α an indeterminate on [0, 1], every sign required from n = 30 on (the relaxations of
    ``_check`` — vertex not located, Fourier–Motzkin emptiness — then decide what the signs
    alone cannot): wherever the run is a proof, its equilibria evaluated at (n, α) are exactly
    those of the exact enumeration, at the threshold and beyond and at α on a grid."""
    m, p, G0, G, F0, F, res = _run_in_alpha(seed)
    assert res.proved
    assert res.threshold <= 30
    for n in (res.threshold, 30, 77):
        for alpha in (Fraction(0), Fraction(1, 7), Fraction(1, 2), Fraction(5, 6), Fraction(1)):
            game = DoublyAdditiveGame(
                m, p,
                (0, [_value(q, n, alpha) for q in F0], [0] * p,
                 [[_value(q, n, alpha) for q in row] for row in F]),
                (0, [0] * m, [_value(q, n, alpha) for q in G0],
                 [[_value(G[l][h], n, alpha) for l in range(p)] for h in range(m)]))
            exact = {(e.x, e.y) for e in solve_doubly_additive(game).equilibria}
            symbolic = {(tuple(_at(v, n, alpha) for v in e.x), tuple(_at(v, n, alpha) for v in e.y))
                        for e in res.equilibria if e.interval[0] <= alpha <= e.interval[1]}
            assert symbolic == exact
