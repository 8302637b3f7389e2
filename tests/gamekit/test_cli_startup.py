"""``gamekit solve`` as a one-shot process (issue #23): the JSON writer, the one-shot policy cut.

* The JSON text of ``gamekit solve --json`` is exactly the former writer's
  (``tests/oracles/json_layout.py``) on coordination games (2ⁿ − 1 equilibria, the case the
  linear-time writer is for) and on arbitrary JSON values (hypothesis).
* :class:`gamekit.core.numbers.FmtMemo` formats as :func:`gamekit.core.numbers.fmt`.
* ``one_shot=True`` (what the CLI passes) picks the exact search up to 10×10 and on
  rectangular games where the cost model predicts it cheaper than loading the certified
  search (the policy table, against the measurements of ``benchmarks/results/startup.md``),
  with the same equilibria as the certified search; a fresh ``gamekit solve`` of an 8×8,
  10×10 or 5×40 game then imports neither numpy nor numba, scipy, sympy, networkx, the LP
  or the certified search's modules (checked in a child process's ``sys.modules``).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.json_layout import reference_dumps, reference_solve_json

from gamekit.bimatrix.policy import (
    ONE_SHOT_CERTIFIED_MIN_SIZE,
    ONE_SHOT_LOAD_SECONDS,
    PayoffStats,
    choose_strategy,
    one_shot_exact_seconds,
)
from gamekit.bimatrix.solve import solve_result
from gamekit.cli import json_text, main
from gamekit.core.equilibrium import is_equilibrium
from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import FmtMemo, fmt
from gamekit.io.nfg import write_nfg

ROOT = Path(__file__).resolve().parents[2]


def coordination(n: int) -> BimatrixGame:
    eye = [[int(i == j) for j in range(n)] for i in range(n)]
    return BimatrixGame(eye, eye)


def integer_game(seed: int, n: int) -> BimatrixGame:
    rng = random.Random(seed)
    return BimatrixGame([[rng.randint(-10**6, 10**6) for _ in range(n)] for _ in range(n)],
                        [[rng.randint(-10**6, 10**6) for _ in range(n)] for _ in range(n)])


@pytest.mark.parametrize("n", [7, 11])  # 127 equilibria by the exact search, 2047 by the certified one
def test_coordination_json_is_the_former_text(tmp_path, capsys, n):
    path = tmp_path / "coordination.nfg"
    game = coordination(n)
    write_nfg(game, path)
    assert main(["solve", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    result = solve_result(game, "all")  # a long-running process: the same strategy at these sizes
    assert len(result) == 2**n - 1
    assert out == reference_dumps(reference_solve_json(result)) + "\n"
    data = json.loads(out)
    assert len(data["equilibria"]) == 2**n - 1 and "one_shot" not in data["parameters"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=30,
)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_dumps_is_the_former_layout(value):
    assert json_text(value) == reference_dumps(value)


fractions = st.fractions(max_denominator=10**30) | st.integers(-10**40, 10**40)


@given(st.lists(st.lists(fractions, max_size=6), max_size=6), st.data())
@settings(max_examples=200, deadline=None)
def test_fmt_memo_formats_as_fmt(vectors, data):
    vectors = [tuple(v) for v in vectors]
    shared = vectors + [data.draw(st.sampled_from(vectors))] if vectors else vectors  # a vector met twice
    memo = FmtMemo()
    assert [memo.vector(v) for v in shared] == [[fmt(x) for x in v] for v in shared]


@pytest.mark.parametrize("n", [8, 10])
def test_one_shot_picks_exact_with_the_same_equilibria(n):
    game = integer_game(n, n)
    warm = solve_result(game, "all", strategy="one_sided")
    once = solve_result(game, "all", one_shot=True)
    assert once.parameters["strategy"] == "exact" and "one_shot" not in once.parameters
    assert [(e.row, e.col, e.payoffs) for e in once] == [(e.row, e.col, e.payoffs) for e in warm]


# The one-shot cut (a fresh ``gamekit solve``), against the measurements it was fitted to
# (``--shapes`` table of benchmarks/results/startup.md; warm CPU ms of the exact search on three
# random games each, sizes after dominance; the certified search costs a fresh process ≈ 580 ms
# of loading plus its search): (m, n, distinct payoffs, largest payoff) → strategy with
# one_shot, without.
ONE_SHOT_TABLE = [
    ((3, 22, 48, 99), "exact", "one_sided"),        # 3×200 0..99 after dominance: 2–4 ms
    ((4, 60, 95, 99), "exact", "one_sided"),        # 3–4 ms
    ((5, 40, 95, 99), "exact", "one_sided"),        # 5–7 ms
    ((6, 62, 99, 99), "exact", "one_sided"),        # 6×100 0..99 after dominance: 85–115 ms
    ((8, 30, 99, 99), "exact", "one_sided"),        # 133–174 ms
    ((10, 10, 99, 99), "exact", "one_sided"),       # 24–76 ms
    ((10, 20, 99, 99), "exact", "one_sided"),       # 226–1007 ms: the model's median, ≈ 0.43 s
    ((11, 11, 99, 99), "one_sided", "one_sided"),   # from 11 on the smaller side: certified
    ((12, 12, 99, 99), "one_sided", "one_sided"),   # 256–1119 ms
    ((6, 20, 2, 1), "exact", "one_sided"),          # {0,1}: 66–87 ms
    ((8, 16, 2, 1), "exact", "two_sided"),          # {0,1}: 169–325 ms
    ((10, 10, 2, 1), "exact", "two_sided"),         # {0,1}: 75–119 ms
    ((4, 60, 2, 1), "one_sided", "one_sided"),      # {0,1}: 733–1085 ms
    ((5, 40, 2, 1), "one_sided", "one_sided"),      # {0,1}: 604–958 ms
    ((8, 30, 2, 1), "one_sided", "one_sided"),      # {0,1}: over 2 s
    ((10, 20, 2, 1), "two_sided", "two_sided"),     # {0,1}: 0.9 s to over 2 s
    ((5, 40, 99, 2**60), "one_sided", "one_sided"),  # long integers (rational payoffs): the old rule
    ((10, 10, 99, 2**60), "exact", "one_sided"),
    ((3, 130, 99, 99), "exact", "exact"),           # beyond 128 strategies in all
    ((2, 40, 99, 99), "envelope_2xn", "envelope_2xn"),
]


@pytest.mark.parametrize(("stats", "once", "warm"), ONE_SHOT_TABLE)
def test_one_shot_policy_table(stats, once, warm):
    s = PayoffStats(*stats)
    assert choose_strategy(s, one_shot=True) == once
    assert choose_strategy(s) == warm
    m, n, _, big = stats
    if 2 < min(m, n) < ONE_SHOT_CERTIFIED_MIN_SIZE and m + n <= 128 and big < 2**53:  # the cost model decides
        assert (one_shot_exact_seconds(s) <= ONE_SHOT_LOAD_SECONDS) == (once == "exact")


def test_one_shot_cut_and_its_validation():
    big = ONE_SHOT_CERTIFIED_MIN_SIZE
    assert choose_strategy(PayoffStats(big - 1, big - 1, 99, 99), one_shot=True) == "exact"
    assert choose_strategy(PayoffStats(big - 1, big - 1, 99, 99)) == "one_sided"
    assert choose_strategy(PayoffStats(big, big, 99, 99), one_shot=True) == "one_sided"
    with pytest.raises(GameError, match="one_shot must be True or False"):
        solve_result(coordination(3), "all", one_shot="yes")
    with pytest.raises(GameError, match="unknown option 'one_shot'"):
        solve_result(coordination(3), "pure", one_shot=True)


_CHILD = """
import sys
from gamekit.cli import main
code = main(["solve", sys.argv[1], "--json"])
heavy = ("numpy", "numba", "scipy", "llvmlite", "sympy", "networkx", "gamekit.lp.simplex", "gamekit.kernel.certified_polytope")
print(",".join(m for m in heavy if m in sys.modules) or "-", code, file=sys.stderr)
"""


def rectangular(seed: int, m: int, n: int) -> BimatrixGame:
    rng = random.Random(seed)
    return BimatrixGame([[rng.randint(0, 99) for _ in range(n)] for _ in range(m)],
                        [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)])


@pytest.mark.parametrize("game", [integer_game(8, 8), integer_game(10, 10), rectangular(0, 5, 40)],
                         ids=["8x8", "10x10", "5x40"])
def test_fresh_solve_of_a_small_game_imports_neither_numpy_nor_numba(tmp_path, game):
    path = tmp_path / "game.nfg"
    write_nfg(game, path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, start_new_session=True)
    try:
        out, err = proc.communicate()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert proc.returncode == 0, err
    assert err.split() == ["-", "0"]
    data = json.loads(out)
    assert data["parameters"]["strategy"] == "exact"
    warm = solve_result(game, "all", strategy="one_sided")  # the certified search: the same equilibria
    assert [[e["row"], e["col"]] for e in data["equilibria"]] == [[[fmt(p) for p in e.row], [fmt(p) for p in e.col]]
                                                                   for e in warm]
    for e in data["equilibria"]:  # each printed equilibrium passes the exact test again here
        x, y = [Fraction(v) for v in e["row"]], [Fraction(v) for v in e["col"]]
        assert [fmt(p) for p in game.payoffs(x, y)] == e["payoffs"]
        assert is_equilibrium(game, x, y)
