"""The game families of issue #23: seeded generators, imported by the benchmarks.

``benchmarks/bench_solvers.py`` measures every family against lrsnash (warm in-process and
as fresh processes) and ``benchmarks/bench_startup.py`` takes one game of several; the
tests (``tests/gamekit/test_game_families.py``) draw small instances from the same
generators. Families and seeds:

* ``integer``: n×n, n = 8 … 16, payoffs uniform integers in [−10⁶, 10⁶]
  (``random.Random(1_000_003 n + seed)``), seeds 0, 1, 2;
* ``{0,1}`` / ``{0,1,2}``: n×n, n = 8 … 16, payoffs uniform in {0, 1} / {0, 1, 2}
  (``random.Random(7919 n + hi + 100 seed)``), seeds 0, 1, 2;
* ``covariance +0.7`` / ``covariance −0.7``: n×n, n = 8 … 16, QuantEcon's covariance game
  (``gamekit.generators.covariance(n, n, ρ, denominator=100, seed=seed)``), seeds 0, 1, 2;
* ``rational 1e4`` / ``rational 1e8``: n×n, n = 8, 10, 12, payoffs
  ``Fraction(x).limit_denominator(D)`` for Gaussian x (``random.Random(seed).gauss(0, 1)``),
  D = 10⁴ / 10⁸, seeds 0, 1, 2;
* ``coordination``: the n×n coordination game (identity payoffs for both players,
  2ⁿ − 1 extreme equilibria), n = 8 … 16;
* ``rectangular``: 5×40, 8×30, 3×200, payoffs uniform in 0..99
  (``random.Random(1000 m + n + seed)``), seeds 0, 1, 2.

With ``quick``: n = 8, 10 (coordination 8 … 10; rectangular 5×40 and 3×200), one game each.
"""

from __future__ import annotations

import random
from fractions import Fraction

Matrix = list[list[int]] | list[list[Fraction]]
Game = tuple[Matrix, Matrix]

GAMES = 3


def integer_game(seed: int, n: int, bound: int = 10**6) -> Game:
    rng = random.Random(1_000_003 * n + seed)
    return ([[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)],
            [[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)])


def small_payoff_game(seed: int, n: int, hi: int) -> Game:
    rng = random.Random(7919 * n + hi + 100 * seed)
    return ([[rng.randint(0, hi) for _ in range(n)] for _ in range(n)],
            [[rng.randint(0, hi) for _ in range(n)] for _ in range(n)])


def covariance_game(seed: int, n: int, rho: float) -> Game:
    from gamekit.generators import covariance

    g = covariance(n, n, rho, denominator=100, seed=seed)
    return [list(r) for r in g.A], [list(r) for r in g.B]


def rational_game(seed: int, n: int, den: int) -> Game:
    rng = random.Random(seed)
    A = [[Fraction(rng.gauss(0, 1)).limit_denominator(den) for _ in range(n)] for _ in range(n)]
    B = [[Fraction(rng.gauss(0, 1)).limit_denominator(den) for _ in range(n)] for _ in range(n)]
    return A, B


def coordination_game(n: int) -> Game:
    eye = [[int(i == j) for j in range(n)] for i in range(n)]
    return eye, eye


def rectangular_game(seed: int, m: int, n: int) -> Game:
    rng = random.Random(1000 * m + n + seed)
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    return A, B


def families(quick: bool) -> dict[str, list[tuple[str, list[Game]]]]:
    """family → [(size label, games)] (the module docstring)."""
    square = (8, 10) if quick else (8, 10, 12, 14, 16)
    rational = (8, 10) if quick else (8, 10, 12)
    coord = range(8, 11) if quick else range(8, 17)
    shapes = ((5, 40), (3, 200)) if quick else ((5, 40), (8, 30), (3, 200))
    seeds = range(1 if quick else GAMES)
    return {
        "integer": [(f"{n}×{n}", [integer_game(s, n) for s in seeds]) for n in square],
        "{0,1}": [(f"{n}×{n}", [small_payoff_game(s, n, 1) for s in seeds]) for n in square],
        "{0,1,2}": [(f"{n}×{n}", [small_payoff_game(s, n, 2) for s in seeds]) for n in square],
        "covariance +0.7": [(f"{n}×{n}", [covariance_game(s, n, 0.7) for s in seeds]) for n in square],
        "covariance −0.7": [(f"{n}×{n}", [covariance_game(s, n, -0.7) for s in seeds]) for n in square],
        "rational 1e4": [(f"{n}×{n}", [rational_game(s, n, 10**4) for s in seeds]) for n in rational],
        "rational 1e8": [(f"{n}×{n}", [rational_game(s, n, 10**8) for s in seeds]) for n in rational],
        "coordination": [(f"{n}×{n}", [coordination_game(n)]) for n in coord],
        "rectangular": [(f"{m}×{n}", [rectangular_game(s, m, n) for s in seeds]) for m, n in shapes],
    }
