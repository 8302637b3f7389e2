"""Conformance: every strategy of ``method="all"`` on the same fixture games (the model is
cvxpy's ``solver_test_helpers``: one table of problems, every solver, one oracle).

Checked facts, for every fixture game × every strategy (× 1 and 2 threads for the certified
ones): the set of extreme equilibria equals the exact oracle's — both best-response
polytopes enumerated exactly and completely labeled pairs matched
(``tests/oracles/two_polytopes.py``; Avis, Rosenberg, Savani & von Stengel 2010) — every
equilibrium passes the exact best-response test, ``complete`` is True, and
``parameters["strategy"]`` reports the strategy requested (``parameters["ran"]`` the one
that produced the result after a reported fallback). ``envelope_2xn`` on a game without a
player with two strategies is a GameError. Textbook counts: the 6×6 coordination game
(A = B = I) has 2⁶ − 1 = 63 equilibria, one per nonempty support; rock–paper–scissors and
matching pennies one. Finally ``"auto"`` runs exactly what
:func:`gamekit.bimatrix.policy.choose_strategy` says for the dominance-reduced (and, for
rational payoffs, column-reduced) game.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from oracles.two_polytopes import extreme_equilibria_pairs

import gamekit
from benchmarks.bench_families import rational_game
from gamekit.bimatrix.column_reduction import reduced_game
from gamekit.bimatrix.enumerate_all import eliminate_strictly_dominated
from gamekit.bimatrix.intgame import dense, integer_game
from gamekit.bimatrix.policy import STRATEGIES, choose_strategy, payoff_stats
from gamekit.core.errors import GameError

GAMES = Path(__file__).parents[1] / "games"


def _random(seed: int, m: int, n: int, values) -> gamekit.BimatrixGame:
    rng = random.Random(seed)
    return gamekit.BimatrixGame([[rng.choice(values) for _ in range(n)] for _ in range(m)],
                                [[rng.choice(values) for _ in range(n)] for _ in range(m)])


def _fixtures() -> dict[str, gamekit.BimatrixGame]:
    games = {p.stem: gamekit.read_nfg(p) for p in sorted(GAMES.glob("*.nfg"))}
    eye = [[int(i == j) for j in range(6)] for i in range(6)]
    games["coordination_6x6"] = gamekit.BimatrixGame(eye, eye)
    games["random_int_7x7"] = _random(1, 7, 7, range(100))
    games["random_int_9x9"] = _random(2, 9, 9, range(100))
    games["random_int_8x11"] = _random(3, 8, 11, range(100))
    games["random_rational_5x6"] = _random(4, 5, 6, [Fraction(p, q) for p in range(-5, 6) for q in (1, 2, 3, 7)])
    games["degenerate_8x8_012"] = _random(5, 8, 8, (0, 1, 2))
    games["degenerate_9x9_012"] = _random(1, 9, 9, (0, 1, 2))
    games["degenerate_6x7_01"] = _random(6, 6, 7, (0, 1))
    games["rectangular_3x12"] = _random(7, 3, 12, range(10))
    games["rectangular_12x3"] = _random(8, 12, 3, range(10))
    games["two_by_9"] = _random(9, 2, 9, range(20))
    games["nine_by_two"] = _random(10, 9, 2, range(20))
    games["one_by_5"] = _random(11, 1, 5, range(3))
    games["huge_payoffs_5x5"] = _random(12, 5, 5, [10**18 + k for k in range(7)] + [0, 3])
    for den in (10**4, 10**8):  # the benchmark's rational family (Gaussian payoffs, denominators ≤ den)
        games[f"rational_1e{len(str(den)) - 1}_8x8"] = gamekit.BimatrixGame(*rational_game(5, 8, den))
    return games


FIXTURES = _fixtures()
TEXTBOOK_COUNTS = {"coordination_6x6": 63, "rock_paper_scissors": 1, "matching_pennies": 1, "prisoners_dilemma": 1}


@cache
def _oracle(name: str) -> frozenset:
    g = FIXTURES[name]
    ig = integer_game(g)
    return frozenset((dense(x, g.m), dense(y, g.n)) for x, y in extreme_equilibria_pairs(ig))


@cache
def _reduced(name: str):
    """The integer game the strategy runs on: strictly dominated strategies removed
    (the solver skips the step when a player has at most two strategies)."""
    ig = integer_game(FIXTURES[name])
    return eliminate_strictly_dominated(ig)[0] if min(ig.m, ig.n) > 2 else ig


def _reduced_ab(name: str):
    """The payoffs the policy looks at: the dominance-reduced game, column-reduced
    (:func:`gamekit.bimatrix.column_reduction.reduced_game`; rational payoffs)."""
    red = reduced_game(_reduced(name))[0]
    return red.A, red.B


def _runs():
    for name in FIXTURES:
        for strategy in STRATEGIES:
            for threads in ((1, 2) if strategy in ("one_sided", "two_sided") else ("auto",)):
                yield pytest.param(name, strategy, threads, id=f"{name}-{strategy}-{threads}")


@pytest.mark.parametrize("name,strategy,threads", list(_runs()))
def test_every_strategy_finds_the_oracles_extreme_equilibria(name, strategy, threads):
    g = FIXTURES[name]
    red = _reduced(name)
    m, n = red.m, red.n
    if strategy == "envelope_2xn" and 2 not in (m, n):
        with pytest.raises(GameError, match="needs a player with two strategies"):
            gamekit.solve(g, method="all", strategy=strategy)
        return
    res = gamekit.solve(g, method="all", strategy=strategy, threads=threads)
    assert res.complete and res.method == "all"
    assert {(e.row, e.col) for e in res} == _oracle(name)
    assert len(res) == len(_oracle(name))  # no duplicates
    for e in res:
        assert gamekit.is_equilibrium(g, e.row, e.col)
    p = res.parameters
    assert p["requested"] == strategy
    assert p["strategy"] == (strategy if strategy != "auto" else choose_strategy(
        payoff_stats(*_reduced_ab(name))))
    if not p["fallbacks"]:
        assert p["ran"] == p["strategy"]
    else:  # each fallback says from which strategy to which, and the last one is what ran
        assert p["fallbacks"][0].startswith(f"{p['strategy']} -> ")
        assert p["fallbacks"][-1].split(":")[0].endswith(f"-> {p['ran']}")
    if p["ran"] in ("one_sided", "two_sided"):
        assert p["threads"] == (threads if threads != "auto" else p["threads"])
        assert len(p["bases"]) == 2
    assert res.to_json()["parameters"]["strategy"] == p["strategy"]
    if name in TEXTBOOK_COUNTS:
        assert len(res) == TEXTBOOK_COUNTS[name]


@pytest.mark.parametrize("name", list(FIXTURES))
def test_auto_runs_what_the_policy_chooses(name):
    """``strategy="auto"`` is :func:`choose_strategy` of the dominance-reduced game's
    statistics, and nothing else (no process state enters)."""
    res = gamekit.solve(FIXTURES[name], method="all")
    assert res.parameters["strategy"] == choose_strategy(payoff_stats(*_reduced_ab(name)))
    assert res.parameters["requested"] == "auto"


def test_the_fixture_table_exercises_every_strategy_and_a_fallback():
    """The table is not vacuous: auto picks each of the four strategies somewhere, and
    one_sided falls back where the float search cannot resolve the payoffs (10¹⁸ + k next
    to 0…3: its exact certificate fails); on the degenerate {0,1,2} game it handles the
    excess by face enumeration; on rational payoffs (column-reduced entries of hundreds of
    bits, read rounded by the partner filter) auto runs one_sided without a fallback."""
    chosen = {choose_strategy(payoff_stats(*_reduced_ab(name))) for name in FIXTURES}
    assert chosen == {"envelope_2xn", "exact", "one_sided", "two_sided"}
    res = gamekit.solve(FIXTURES["huge_payoffs_5x5"], method="all", strategy="one_sided")
    assert res.parameters["ran"] != "one_sided" and res.parameters["fallbacks"]
    res = gamekit.solve(FIXTURES["degenerate_9x9_012"], method="all", strategy="one_sided")
    assert res.parameters["ran"] == "one_sided" and not res.parameters["fallbacks"]
    for name in ("rational_1e4_8x8", "rational_1e8_8x8"):
        res = gamekit.solve(FIXTURES[name], method="all")
        assert res.parameters["ran"] == "one_sided" and not res.parameters["fallbacks"]
        assert res.parameters["column_reduction"]
