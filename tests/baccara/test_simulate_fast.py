"""The simulator's plain path (games.baccara.casino.sim_core): numpy-free, any length.

Checked facts:
* the plain punto banco rows the kernel is given are the tableau's;
* a run on the compiled kernel equals the pure-Python reference's run for any number of
  rounds (hypothesis: the last shoe stopped mid-way), any thread count and either lanes;
* ``baccara simulate`` without sessions imports neither numpy nor rich, and its plain
  tables are the characters rich prints to a pipe.
"""

from __future__ import annotations

import io
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.baccara.casino import shoe_kernel
from games.baccara.casino.sim_core import simulate
from games.baccara.rules.drawing import PB_BANKER_DRAWS, PB_PLAYER_DRAWS, punto_banco_rows

ROOT = Path(__file__).resolve().parents[2]
needs_c = pytest.mark.skipif(shoe_kernel.compiled_kernel() is None, reason="the compiled kernel is not built")


def test_plain_rows_are_the_tableau() -> None:
    player, banker = punto_banco_rows()
    assert np.array_equal(np.array(player), PB_PLAYER_DRAWS) and np.array_equal(np.array(banker), PB_BANKER_DRAWS)


@needs_c
@settings(max_examples=12, deadline=None)
@given(rounds=st.integers(1, 60_000), decks=st.sampled_from([1, 2, 8]), workers=st.integers(1, 3),
       simd=st.booleans())
def test_compiled_run_equals_the_reference_run(rounds: int, decks: int, workers: int, simd: bool) -> None:
    has = shoe_kernel.compiled_kernel().has_avx512()
    fast = simulate(rounds, decks, seed=rounds, exact=False, workers=workers, kernel="c",
                    lanes="avx512" if simd and has else "scalar")
    slow = simulate(rounds, decks, seed=rounds, exact=False, kernel="python")
    assert fast.counts == slow.counts and fast.shoes == slow.shoes
    assert sum(fast.counts[k] for k in ("banker", "player", "tie")) == rounds
    same = [(f.mean, f.stderr) == (s.mean, s.stderr) or (f.mean == s.mean and math.isnan(f.stderr) and math.isnan(s.stderr))
            for f, s in ((fast.bets[k], slow.bets[k]) for k in fast.bets)]  # one shoe: stderr is nan in both
    assert all(same)


@needs_c
def test_cli_imports_neither_numpy_nor_rich() -> None:
    code = ("import sys, contextlib, io\n"
            "from games.baccara.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as f: rc = main(['simulate', '--rounds', '5000', "
            "'--seed', '3'])\n"
            "assert rc == 0 and 'rounds/s' in f.getvalue()\n"
            "print(','.join(m for m in ('numpy', 'rich', 'numba', 'sympy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, cwd=ROOT)
    assert out.stdout.strip() == "" and out.stderr == ""  # no notice: the compiled kernel ran


def test_plain_tables_are_what_rich_prints_to_a_pipe(monkeypatch) -> None:
    from games.baccara.cli import cmd_simulate

    res = simulate(20_000, 2, seed=5)
    outs = []
    for plain in (True, False):
        buf = io.StringIO()
        monkeypatch.setattr(sys, "stdout", buf)
        cmd_simulate._render(res, 2, plain=plain)
        outs.append(buf.getvalue())
    assert outs[0] == outs[1] and "Counts" in outs[0] and outs[0].count("\n") == 1 + 6 + 5 + len(res.bets) + 1  # + the "in CI" note


@pytest.mark.parametrize("argv", [
    ["--decks", "9223372036854775807"], ["--decks", "999999999999999999999999999999"], ["--rounds", "1e400"],
    ["--rounds", "1" + "0" * 20], ["--workers=--"], ["--decks=--"], ["--rounds=--"], ["--cut=--"], ["--seed=--"],
    ["--sessions=--"], ["--workers", "0"], ["--workers", "99999999999999999999"], ["--kernel", "gpu"],
    ["--lanes", "sse"], ["--cut", "9223372036854775807"],
])
def test_bad_sizes_are_one_error_line(argv: list[str], capsys) -> None:
    """Huge or malformed --rounds/--decks/--workers: one ``error:`` line and exit 2 (bad
    input), never an internal error (exit 3) or a traceback."""
    from games.baccara.cli.main import main

    try:
        code = main(["simulate", "--rounds", "1000", *argv])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and "error: " in err[-1], err
    assert "internal error" not in "\n".join(err) and "Traceback" not in "\n".join(err)
