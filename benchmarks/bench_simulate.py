"""Benchmark: punto banco shoe simulation (compiled kernel vs plain Python loops) and exact odds.

    .venv/bin/python benchmarks/bench_simulate.py [--rounds 20000000] [--python-rounds 300000]

Writes ``benchmarks/results/simulate.md``:
* rounds per second of ``games.baccara.casino.simulation.simulate`` (all eleven contract bets,
  shoe-clustered statistics, shuffle + burn + cut card) and of the ``baccara simulate``
  command end to end (process start included), against ``simulate_python`` — the same
  casino procedure with ``random.shuffle`` and a plain Python dealing loop — in the same
  run, with the ratio;
* the time of the exact enumeration (``coup_distribution``) for d = 1 … 8 decks, plus
  d = 27 (the largest deck count with int64 arithmetic) and d = 28 (Python integers);
* chemin de fer play (fresh six-deck shoe per coup, mixed strategies).

The machine is shared; the load average is recorded next to the numbers.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.baccara.casino.odds import coup_distribution  # noqa: E402
from games.baccara.casino.shoe_kernel import numba_available  # noqa: E402
from games.baccara.casino.simulation import simulate, simulate_chemin_de_fer, simulate_python  # noqa: E402
from games.baccara.rules.drawing import banker_rule  # noqa: E402


def bars_loop(rounds: int, decks: int = 8, seed: int = 0, cut: int = 7) -> tuple[int, int, int]:
    """The issue's peer: plain Python dealing only four cards per round from shuffled shoes.

    No third cards, no burn: a floor for any real dealer written as a Python loop.
    """
    import random

    rnd = random.Random(seed)
    shoe = [min(r, 10) % 10 for r in range(1, 14) for _ in range(4 * decks)]
    end = len(shoe) - cut
    i = end + 1
    banker = player = tie = 0
    for _ in range(rounds):
        if i + 4 > end:
            rnd.shuffle(shoe)
            i = 0
        p = (shoe[i] + shoe[i + 2]) % 10
        b = (shoe[i + 1] + shoe[i + 3]) % 10
        i += 4
        if p > b:
            player += 1
        elif b > p:
            banker += 1
        else:
            tie += 1
    return banker, player, tie


def _median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000_000)
    ap.add_argument("--python-rounds", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "simulate.md"))
    args = ap.parse_args()
    load0 = os.getloadavg()

    simulate(10_000, 8, seed=0, exact=False)  # build the lookup tables once
    vec_runs: dict[int, list[float]] = {1: [], 2: []}
    cpu_runs: dict[int, list[float]] = {1: [], 2: []}
    for i in range(args.repeat):
        for w in (1, 2):
            t, c = time.perf_counter(), time.process_time()
            res = simulate(args.rounds, 8, seed=i, exact=False, workers=w)
            vec_runs[w].append(time.perf_counter() - t)
            cpu_runs[w].append(time.process_time() - c)

    t, c = time.perf_counter(), time.process_time()
    simulate_python(args.python_rounds, 8, seed=1)
    py = time.perf_counter() - t
    py_cpu = time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    bars_loop(args.python_rounds, 8, seed=1)
    bars = time.perf_counter() - t
    bars_cpu = time.process_time() - c
    bars_rate = args.python_rounds / bars

    baccara = [sys.executable, "-m", "games.baccara.cli.main"]
    t = time.perf_counter()
    subprocess.run([*baccara, "simulate", "--rounds", str(args.rounds), "--seed", "1", "--json"],
                   check=True, capture_output=True, cwd=ROOT)
    cli = time.perf_counter() - t

    py_rate = args.python_rounds / py
    exact_rows = []
    for d in [*range(1, 9), 27, 28]:
        exact_rows.append((d, _median_time(lambda d=d: coup_distribution(d), 5 if d <= 8 else 2)))

    banker = dict(banker_rule("DSDD"))
    banker["6:-"] = Fraction(859, 2288)
    cdf_rounds = 2_000_000
    cdf = simulate_chemin_de_fer({"5": Fraction(9, 11)}, banker, 6, cdf_rounds, seed=1, exact=False)
    load1 = os.getloadavg()

    lines = [
        "# Punto banco simulation and exact odds",
        "",
        f"Kernel: {'numba' if numba_available() else 'numpy fallback'}.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
        f"Python {platform.python_version()}, numpy {np.__version__}. "
        f"Load average {load0[0]:.2f} at the start, {load1[0]:.2f} at the end.",
        "",
        "## Shoe simulation (8 decks, burn, cut card 7 from the end, all 11 contract bets)",
        "",
        "| implementation | rounds | seconds | rounds/s | ratio | CPU s | rounds per CPU-second | CPU ratio |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| plain Python loop (`simulate_python`) | {args.python_rounds:,} | {py:.2f} | {py_rate:,.0f} | 1 | "
        f"{py_cpu:.2f} | {args.python_rounds / py_cpu:,.0f} | 1 |",
        *(
            f"| compiled kernel, `simulate(workers={w})`, {label} of {args.repeat} | {args.rounds:,} | {sec:.2f} | "
            f"{args.rounds / sec:,.0f} | {args.rounds / sec / py_rate:.0f}× | {cpu:.2f} | {args.rounds / cpu:,.0f} | "
            f"{(args.rounds / cpu) / (args.python_rounds / py_cpu):.0f}× |"
            for w in (1, 2)
            for label, sec, cpu in (
                ("median", statistics.median(vec_runs[w]), statistics.median(cpu_runs[w])),
                ("best", min(vec_runs[w]), min(cpu_runs[w])),
            )
        ),
        f"| **issue's peer**: plain Python, four cards per round (`bars_loop`) | {args.python_rounds:,} | {bars:.2f} | "
        f"{bars_rate:,.0f} | {bars_rate / py_rate:.2f} | {bars_cpu:.2f} | {args.python_rounds / bars_cpu:,.0f} | |",
        *(
            f"| ratio of `simulate(workers={w})` (median) to the four-card loop | | | | "
            f"**{args.rounds / statistics.median(vec_runs[w]) / bars_rate:.0f}×** wall | | | "
            f"**{(args.rounds / statistics.median(cpu_runs[w])) / (args.python_rounds / bars_cpu):.0f}×** per CPU-s |"
            for w in (1, 2)
        ),
        f"| `baccara simulate` end to end (process start, imports, exact values, JSON; default workers) | "
        f"{args.rounds:,} | {cli:.2f} | {args.rounds / cli:,.0f} | {args.rounds / cli / py_rate:.0f}× | | | |",
        "",
        f"Shoes dealt in the last numpy run: {res.shoes:,} ({res.rounds / res.shoes:.1f} coups per shoe). "
        "Times are wall-clock for the whole `simulate()` call: shuffling, dealing, per-shoe statistics of "
        "all eleven bets. The ratio is against the Python loop measured in the same run. On a shared "
        "machine the wall-clock rate depends on the other load; CPU seconds (all threads of this process) "
        "show the work itself: rounds per CPU-second is what one idle core delivers with one worker.",
        "",
        "## Exact odds (`coup_distribution`, enumeration without replacement)",
        "",
        "| decks | arithmetic | milliseconds (median) |",
        "| ---: | --- | ---: |",
    ]
    for d, sec in exact_rows:
        arith = "int64" if d <= 27 else "Python int"
        lines.append(f"| {d} | {arith} | {1000 * sec:.1f} |")
    lines += [
        "",
        "## Chemin de fer play (fresh 6-deck shoe per coup, Player mixes on 5, Banker on (6, ∅))",
        "",
        "| rounds | seconds | rounds/s |",
        "| ---: | ---: | ---: |",
        f"| {cdf_rounds:,} | {cdf.seconds:.2f} | {cdf_rounds / cdf.seconds:,.0f} |",
        "",
    ]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
