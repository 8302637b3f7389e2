"""``gamekit solve`` as a one-shot process (issue #23): the JSON writer, the one-shot policy cut.

* The JSON text of ``gamekit solve --json`` is exactly the former writer's
  (``tests/oracles/json_layout.py``) on coordination games (2ⁿ − 1 equilibria, the case the
  linear-time writer is for) and on arbitrary JSON values (hypothesis).
* :class:`gamekit.core.numbers.FmtMemo` formats as :func:`gamekit.core.numbers.fmt`.
* ``one_shot=True`` (what the CLI passes) picks the exact search up to 10×10, with the same
  equilibria as the certified search, and a fresh ``gamekit solve`` of a 10×10 game then
  imports neither numba nor scipy (checked in a child process's ``sys.modules``).
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

from gamekit.bimatrix.policy import ONE_SHOT_CERTIFIED_MIN_SIZE, PayoffStats, choose_strategy
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


def test_one_shot_cut_and_its_validation():
    big = ONE_SHOT_CERTIFIED_MIN_SIZE
    assert choose_strategy(PayoffStats(big - 1, big - 1, 99, 99), one_shot=True) == "exact"
    assert choose_strategy(PayoffStats(big - 1, big - 1, 99, 99)) == "one_sided"
    assert choose_strategy(PayoffStats(big, big, 99, 99), one_shot=True) == "one_sided"
    assert choose_strategy(PayoffStats(5, 40, 99, 99), one_shot=True) == "one_sided"  # long side: unchanged
    with pytest.raises(GameError, match="one_shot must be True or False"):
        solve_result(coordination(3), "all", one_shot="yes")
    with pytest.raises(GameError, match="unknown option 'one_shot'"):
        solve_result(coordination(3), "pure", one_shot=True)


_CHILD = """
import sys
from gamekit.cli import main
code = main(["solve", sys.argv[1], "--json"])
print(",".join(m for m in ("numba", "scipy", "llvmlite") if m in sys.modules) or "-", code, file=sys.stderr)
"""


def test_fresh_solve_of_a_10x10_game_imports_no_numba(tmp_path):
    path = tmp_path / "game.nfg"
    write_nfg(integer_game(10, 10), path)
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
    game = integer_game(10, 10)
    for e in data["equilibria"]:  # each printed equilibrium passes the exact test again here
        x, y = [Fraction(v) for v in e["row"]], [Fraction(v) for v in e["col"]]
        assert [fmt(p) for p in game.payoffs(x, y)] == e["payoffs"]
        assert is_equilibrium(game, x, y)
