"""Method "all" on the benchmark families of issue #23, against pygambit and lrsnash.

Checked facts, on small instances of each family of ``benchmarks/bench_families.py``
(its generators: integer, {0,1}, {0,1,2}, covariance ±0.7, rational, coordination,
rectangular): the set of extreme equilibria equals lrsnash's and, where it is fast
enough, pygambit's exact ``enummixed`` (rational arithmetic); rational payoffs
(denominators up to 10⁴ and 10⁸) are solved on the column-reduced polytopes of
:mod:`gamekit.bimatrix.column_reduction` and agree with the unreduced exact search
(method ``vertex_enumeration``), also for any small rational game (hypothesis); the n×n coordination game has exactly 2ⁿ − 1 extreme
equilibria, the uniform distributions on the non-empty supports, each its own component
and maximal Nash subset.
"""

from __future__ import annotations

import random
import subprocess
from fractions import Fraction

import numpy as np
import pygambit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from benchmarks.bench_families import (
    coordination_game,
    covariance_game,
    rational_game,
    rectangular_game,
    small_payoff_game,
)
from benchmarks.bench_families import integer_game as integer_family
from gamekit.bimatrix.column_reduction import reduce_columns, reduced_game, unscale
from gamekit.bimatrix.intgame import integer_game


def _ours(A, B, **options) -> set:
    return {(e.row, e.col) for e in gamekit.solve(gamekit.BimatrixGame(A, B), method="all", **options)}


def _pygambit(A, B) -> set:
    game = pygambit.Game.from_arrays(np.array(A, dtype=object), np.array(B, dtype=object))
    res = pygambit.nash.enummixed_solve(game, rational=True)
    p1, p2 = game.players
    return {(tuple(Fraction(eq[s]) for s in p1.strategies), tuple(Fraction(eq[s]) for s in p2.strategies))
            for eq in res.equilibria}


def _lrsnash(A, B) -> set:
    m, n = len(A), len(A[0])
    text = f"{m} {n}\n\n" + "\n".join(" ".join(map(str, r)) for r in A)
    text += "\n\n" + "\n".join(" ".join(map(str, r)) for r in B) + "\n"
    out = subprocess.run(["lrsnash", "/dev/stdin"], input=text, capture_output=True, text=True, check=True).stdout
    profiles: set = set()
    xs: list = []
    ys: list = []
    for line in out.splitlines() + [""]:
        parts = line.split()
        if parts and parts[0] == "2":
            if xs:
                profiles |= {(x, y) for x in xs for y in ys}
                xs, ys = [], []
            ys.append(tuple(Fraction(v) for v in parts[1 : n + 1]))
        elif parts and parts[0] == "1":
            xs.append(tuple(Fraction(v) for v in parts[1 : m + 1]))
        elif not parts and xs:
            profiles |= {(x, y) for x in xs for y in ys}
            xs, ys = [], []
    return profiles


FAMILIES = [
    *(("rational", rational_game(seed, 6, den)) for seed, den in ((1, 10**4), (2, 10**4), (3, 10**8))),
    ("coordination", coordination_game(6)),
    *(("rectangular", rectangular_game(seed, m, n)) for seed, (m, n) in ((4, (3, 12)), (5, (5, 20)), (6, (20, 5)))),
    ("integer", integer_family(0, 8)),
    ("{0,1}", small_payoff_game(0, 8, 1)),
    ("{0,1,2}", small_payoff_game(0, 8, 2)),
    ("covariance +0.7", covariance_game(0, 8, 0.7)),
    ("covariance -0.7", covariance_game(0, 8, -0.7)),
    ("coordination", coordination_game(8)),
    ("rectangular", rectangular_game(0, 8, 30)),
]


_SMALL = {1, 3, 4}  # pygambit's rational enummixed takes seconds on the others


@pytest.mark.parametrize("family,game", [FAMILIES[i] for i in sorted(_SMALL)], ids=[f"{FAMILIES[i][0]}-{i}" for i in sorted(_SMALL)])
def test_all_agrees_with_pygambit(family, game):
    A, B = game
    assert _ours(A, B) == _pygambit(A, B)


@pytest.mark.needs_tool("lrsnash")
@pytest.mark.parametrize("family,game", FAMILIES, ids=[f"{f}-{i}" for i, (f, _) in enumerate(FAMILIES)])
def test_all_agrees_with_lrsnash(family, game):
    A, B = game
    assert _ours(A, B) == _lrsnash(A, B)


@pytest.mark.parametrize("seed,n,den", [(7, 6, 10**8), (8, 8, 10**4)])
def test_rational_games_are_reduced_and_agree_with_the_unreduced_search(seed, n, den):
    A, B = rational_game(seed, n, den)
    g = gamekit.BimatrixGame(A, B)
    _, gx, gy = reduced_game(integer_game(g))
    assert gx is not None and gy is not None  # thousands of digits -> about 40 per entry
    res = gamekit.bimatrix.solve_result(g, method="all", eliminate_dominated=False)
    ref = gamekit.bimatrix.solve_result(g, method="vertex_enumeration")  # on the lcm-scaled integers
    assert {(e.row, e.col) for e in res} == {(e.row, e.col) for e in ref}
    assert [e.payoffs for e in res] == [e.payoffs for e in ref]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.data())
def test_reduction_keeps_the_equilibria_property(m, n, data):
    """Any rational payoffs: the exact search on the reduced game, mapped back, gives the
    equilibria of the exact search on the lcm-scaled game (method vertex_enumeration)."""
    from gamekit.bimatrix.vertex_enumeration import extreme_equilibria

    frac = st.fractions(min_value=-5, max_value=5, max_denominator=97)
    A = [[data.draw(frac) for _ in range(n)] for _ in range(m)]
    B = [[data.draw(frac) for _ in range(n)] for _ in range(m)]
    ig = integer_game(gamekit.BimatrixGame(A, B))
    red, _, _ = reduced_game(ig)
    for M in (red.A, list(zip(*red.B))):
        assert min(min(r) for r in M) >= 1
    R, qy = reduce_columns(ig.A)  # forced, whether or not it saves primes
    C, qx = reduce_columns(list(zip(*ig.B)))
    forced = type(ig)(tuple(map(tuple, R)), tuple(zip(*C)))
    got = set(unscale(extreme_equilibria(forced), qx, qy))
    assert got == set(extreme_equilibria(ig))


def test_reduced_columns_are_small_and_balanced():
    A, _ = rational_game(1, 10, 10**4)
    ig = integer_game(gamekit.BimatrixGame(A, A))
    R, q = reduce_columns(ig.A)
    maxima = [max(c) for c in zip(*R)]
    assert max(maxima) < 2 * min(maxima)
    assert max(maxima) < 10**60 < min(min(r) for r in ig.A) + max(max(r) for r in ig.A)
    assert all(f > 0 for f in q)


def test_coordination_game_has_every_support():
    n = 7
    res = gamekit.bimatrix.solve_result(gamekit.BimatrixGame(*coordination_game(n)), method="all")
    want = set()
    for mask in range(1, 1 << n):
        s = mask.bit_count()
        x = tuple(Fraction(mask >> i & 1, s) for i in range(n))
        want.add((x, x))
    assert {(e.row, e.col) for e in res} == want
    assert res.connected_components == 2**n - 1 == len(res.components)


def _tied_game(seed: int, m: int, n: int, hi: int) -> tuple[list[list[int]], list[list[int]]]:
    """Rectangular, and row 0 of B constant: the pure strategy 0 has n tied best responses,
    a degenerate vertex whose excess is far beyond the partner method's small systems."""
    rng = random.Random(seed)
    A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    B[0] = [hi // 2] * n
    return A, B


@pytest.mark.parametrize("seed,m,n,hi", [(11, 3, 8, 9), (12, 4, 9, 2), (13, 3, 10, 1)])
def test_large_excess_faces_agree_with_pygambit(seed, m, n, hi):
    A, B = _tied_game(seed, m, n, hi)
    res = gamekit.bimatrix.solve_result(gamekit.BimatrixGame(A, B), method="all", eliminate_dominated=False)
    assert {(e.row, e.col) for e in res} == _pygambit(A, B)


def _uniform(seed: int, m: int, n: int, hi: int) -> tuple[list[list[int]], list[list[int]]]:
    rng = random.Random(seed)
    A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    return A, B


@pytest.mark.needs_tool("lrsnash")
@pytest.mark.parametrize("seed,m,n,hi", [(6100, 6, 100, 99), (6040, 6, 40, 2), (8030, 8, 30, 2)])
def test_wide_degenerate_games_search_one_polytope_and_agree_with_lrsnash(seed, m, n, hi):
    """Pure strategies with 3+ tied best responses (excess beyond the small systems): the
    one-sided method enumerates those faces, so the wide polytope (10⁵–10⁶ bases) is not
    searched — 0 bases for it (``max_vertices`` keeps a regression from filling memory)."""
    A, B = _uniform(seed, m, n, hi)
    res = gamekit.bimatrix.solve_result(gamekit.BimatrixGame(A, B), method="all", eliminate_dominated=False,
                               max_vertices=100_000)
    assert {(e.row, e.col) for e in res} == _lrsnash(A, B)
    assert res.parameters["ran"] == "one_sided"  # the policy's choice for a wide game, no fallback
    assert res.parameters["bases"][1] == 0
