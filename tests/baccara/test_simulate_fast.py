"""The simulator's fast path (games.baccara.casino.sim_core and the C kernel's lanes).

Checked facts:
* the C library's own tables (``build_tables``) equal :func:`shoe_kernel.coup_table`'s;
* the AVX-512 lanes (eight shoes drawn at once) deal exactly the shoes of the scalar C
  shuffle and of the numpy shuffle + plain Python dealer, including shoes whose draws
  Lemire's test rejects (their group then takes the scalar shuffle);
* a numpy-free run (``simulate_plain``) equals the numpy backend's run for any number of
  rounds (hypothesis: the last shoe stopped mid-way) and any thread count;
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

from games.baccara.casino import shoe_c, shoe_kernel
from games.baccara.casino.odds import STANDARD_BETS, Shoe
from games.baccara.casino.sim_core import simulate_plain
from games.baccara.casino.simulation import _BetClasses, deal_shoe_python, simulate
from games.baccara.rules.drawing import PB_BANKER_DRAWS, PB_PLAYER_DRAWS, punto_banco_rows

ROOT = Path(__file__).resolve().parents[2]
needs_c = pytest.mark.skipif(shoe_c.load() is None, reason="no C compiler")


@pytest.fixture
def c_kernel(monkeypatch):
    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "c")
    yield
    shoe_c.set_simd(True)


def test_plain_rows_are_the_tableau() -> None:
    player, banker = punto_banco_rows()
    assert np.array_equal(np.array(player), PB_PLAYER_DRAWS) and np.array_equal(np.array(banker), PB_BANKER_DRAWS)


@needs_c
@pytest.mark.parametrize("bets", ["standard", "wide"])
def test_c_tables_equal_coup_table(bets: str) -> None:
    table = dict(STANDARD_BETS)
    if bets == "wide":  # > 64 classes: the 16-bit class table
        from fractions import Fraction

        from games.baccara.casino.odds import Bet

        table["fine"] = Bet("fine", "by state", lambda s: Fraction(s.player_total * 10 + s.banker_total + 1))
    cls = _BetClasses(table)
    val = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0])
    want = shoe_kernel.coup_table(val, PB_PLAYER_DRAWS, PB_BANKER_DRAWS, cls.cls)
    lib = shoe_c.load_library()
    wide = cls.n_classes > 64
    px, bx, v10, v1 = (np.zeros(k, dtype=np.int32) for k in (256, 256, 16, 16))
    ct = np.zeros(40000, dtype=np.uint16 if wide else np.uint8)
    code = np.zeros(40000, dtype=np.int16)
    player, banker = punto_banco_rows()
    i64 = [np.ascontiguousarray(a, dtype=np.int64) for a in (val, player, banker, cls.cls)]
    p = [a.ctypes.data for a in (*i64, px, bx, v10, v1)]
    lib.build_tables(*p, None if wide else ct.ctypes.data, ct.ctypes.data if wide else None, code.ctypes.data)
    for got, ref in zip((px, bx, v10, v1, ct, code), want, strict=True):
        assert np.array_equal(got, ref)


def _hist_c(base: np.ndarray, key: int, first: int, count: int, classes: _BetClasses, simd: bool) -> tuple:
    """Per-shoe class histograms and Gram matrix of the C kernel (no codes: the lanes' path)."""
    assert shoe_c.set_simd(simd) == simd
    tables = shoe_kernel._table_for(np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]), PB_PLAYER_DRAWS,
                                    PB_BANKER_DRAWS, classes.cls)
    burn_len = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int32)
    hist, gram, ncoups, _ = shoe_kernel._deal_c(shoe_c.load(), base, key, first, count, tables, burn_len, 7, True,
                                                classes.n_classes, False, 1 << 30, 1)
    return hist, gram.sum(axis=0), ncoups


@needs_c
@pytest.mark.parametrize("first, count", [(0, 64), (80403 - 5, 8), (161777 - 7, 16), (5, 13)])
def test_lanes_deal_the_scalar_shoes(c_kernel, first: int, count: int) -> None:
    """Shoes 80403 and 161777 of seed 1 have a rejected draw (test_shoe_kernel checks it from
    the words): the groups holding them fall back to the scalar shuffle."""
    if not shoe_c.set_simd(True):
        pytest.skip("no AVX-512 on this CPU")
    shoe = Shoe.decks(8)
    base = np.repeat(np.arange(13, dtype=np.uint8), shoe.counts)
    key = shoe_kernel.seed_key(1)
    classes = _BetClasses(dict(STANDARD_BETS))
    lanes = _hist_c(base, key, first, count, classes, True)
    scalar = _hist_c(base, key, first, count, classes, False)
    for a, b in zip(lanes, scalar, strict=True):
        assert np.array_equal(a, b)
    cards = shoe_kernel.shuffled_shoes(base, key, first, count)
    for s in range(count):
        codes = [c for c, _, _ in deal_shoe_python(cards[s].tolist(), 7, True)]
        assert np.array_equal(lanes[0][s], np.bincount(classes.cls[codes], minlength=classes.n_classes))


@needs_c
@settings(max_examples=12, deadline=None)
@given(rounds=st.integers(1, 60_000), decks=st.sampled_from([1, 2, 8]), workers=st.integers(1, 3),
       simd=st.booleans())
def test_numpy_free_run_equals_numpy_backend(rounds: int, decks: int, workers: int, simd: bool) -> None:
    import os

    old = os.environ.get("GAMEKIT_SIM_KERNEL")
    try:
        os.environ["GAMEKIT_SIM_KERNEL"] = "c"
        shoe_c.set_simd(simd)
        fast = simulate_plain(rounds, decks, seed=rounds, exact=False, workers=workers)
        os.environ["GAMEKIT_SIM_KERNEL"] = "numpy"
        slow = simulate(rounds, decks, seed=rounds, exact=False)
    finally:
        shoe_c.set_simd(True)
        if old is None:
            os.environ.pop("GAMEKIT_SIM_KERNEL", None)
        else:
            os.environ["GAMEKIT_SIM_KERNEL"] = old
    assert fast is not None and fast.counts == slow.counts and fast.shoes == slow.shoes
    assert sum(fast.counts[k] for k in ("banker", "player", "tie")) == rounds
    same = [(f.mean, f.stderr) == (s.mean, s.stderr) or (f.mean == s.mean and math.isnan(f.stderr) and math.isnan(s.stderr))
            for f, s in ((fast.bets[k], slow.bets[k]) for k in fast.bets)]  # one shoe: stderr is nan in both
    assert all(same)


def test_without_a_c_kernel_the_plain_run_declines(monkeypatch) -> None:
    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
    assert simulate_plain(100, 1, seed=1) is None


@needs_c
def test_cli_imports_neither_numpy_nor_rich() -> None:
    code = ("import sys, contextlib, io\n"
            "from games.baccara.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as f: rc = main(['simulate', '--rounds', '5000', "
            "'--seed', '3'])\n"
            "assert rc == 0 and 'rounds/s' in f.getvalue()\n"
            "print(','.join(m for m in ('numpy', 'rich', 'numba', 'sympy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "GAMEKIT_SIM_KERNEL": "c"}, cwd=ROOT)
    assert out.stdout.strip() == ""


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
