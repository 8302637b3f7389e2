"""Benchmark: punto banco shoe simulation against plain Python loops, and exact odds (issue #14, target 4).

    .venv/bin/python benchmarks/bench_simulate.py [--rounds 20000000] [--python-rounds 300000]

Everything below is measured in one run, so the ratios compare like with like on the
shared machine. Writes ``benchmarks/results/simulate.md``:

* **the issue's peer**: ``bars_loop``, plain Python dealing only four cards per round
  from ``random.shuffle``-d shoes (no third cards, no burn: a floor for any Python
  dealer), and ``simulate_python``, the real casino procedure as a plain Python loop;
* ``simulate(..., workers=1)`` and ``workers=2`` (the compiled kernel, all eleven contract
  bets, shoe-clustered statistics, shuffle + burn + cut card), median of ``--repeat``
  runs; ratios per wall-clock second and per CPU-second (CPU time of all threads of
  this process: what one idle core delivers);
* ``baccara simulate --rounds N`` end to end (a fresh process: start, imports, numba's
  cached kernel, exact values, JSON) against the four-card loop's time for N rounds;
* peak memory of ``simulate`` for 10⁶ and 10⁷ rounds, each in a fresh process (peak
  resident set, and the peak of Python/numpy allocations by ``tracemalloc``): flat;
* agreement: z = (simulated − exact)/standard error for every bet of the largest run;
* the exact enumeration ``coup_distribution`` for d = 1 … 8, 27 (int64) and 28;
* chemin de fer play (fresh six-deck shoe per coup, mixed strategies).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
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

_MEMORY_CHILD = """
import resource, sys, tracemalloc
from games.baccara.casino.simulation import simulate
simulate(10_000, 8, seed=0, exact=False, workers=1)  # kernel and tables loaded before measuring
tracemalloc.start()
simulate(int(sys.argv[1]), 8, seed=1, exact=False, workers=1)
peak = tracemalloc.get_traced_memory()[1]
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, peak)
"""


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


def timed(fn, *args, **kw) -> tuple[float, float, object]:
    """Wall seconds, CPU seconds of this process (all threads), result."""
    t, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kw)
    return time.perf_counter() - t, time.process_time() - c, out


def child_cpu(cmd: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (user + system) of a fresh child process, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: .pyc kept
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out.stdout


def measure_kernel(rounds: int, python_rounds: int, repeat: int) -> dict[int, list[tuple[float, float]]]:
    """(wall, CPU) of the four-card loop (key 0) and of ``simulate`` with 1 and 2 workers,
    interleaved ``repeat`` times so that changes of the machine's load hit all three alike."""
    simulate(10_000, 8, seed=0, exact=False)  # load the kernel and build the tables once
    runs: dict[int, list[tuple[float, float]]] = {0: [], 1: [], 2: []}
    for i in range(repeat):
        wall, cpu, _ = timed(bars_loop, python_rounds, 8, seed=i)
        runs[0].append((wall, cpu))
        for w in (1, 2):
            wall, cpu, _ = timed(simulate, rounds, 8, seed=i, exact=False, workers=w)
            runs[w].append((wall, cpu))
    return runs


def measure_memory(sizes: list[int]) -> list[tuple[int, int, int]]:
    """(rounds, peak RSS in KiB, tracemalloc peak in bytes) of ``simulate`` in fresh processes."""
    rows = []
    for n in sizes:
        _, _, out = child_cpu([sys.executable, "-c", _MEMORY_CHILD, str(n)])
        rss, peak = (int(x) for x in out.split())
        rows.append((n, rss, peak))
    return rows


def speed_table(args, runs, peers, cli) -> list[str]:
    """Rows of the speed table: peers, the kernel with 1 and 2 workers, ratios, end to end."""
    pw, pc = peers
    bw = statistics.median(x for x, _ in runs[0])
    bc = statistics.median(c for _, c in runs[0])
    n, k = args.python_rounds, args.rounds
    lines = [
        "| implementation | rounds | wall s | rounds / wall s | CPU s | rounds / CPU s | "
        "× four-card loop, wall | × four-card loop, per CPU-s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| **peer**: plain Python, four cards per round (`bars_loop`), median of {args.repeat} | {n:,} | "
        f"{bw:.2f} | {n / bw:,.0f} | "
        f"{bc:.2f} | {n / bc:,.0f} | 1 | 1 |",
        f"| plain Python casino dealer with third cards (`simulate_python`) | {n:,} | {pw:.2f} | {n / pw:,.0f} | "
        f"{pc:.2f} | {n / pc:,.0f} | {bw / pw:.2f} | {bc / pc:.2f} |",
    ]
    for w in (1, 2):
        wall = statistics.median(x for x, _ in runs[w])
        cpu = statistics.median(c for _, c in runs[w])
        lines.append(
            f"| compiled kernel, `simulate(workers={w})`, median of {args.repeat} | {k:,} | {wall:.2f} | "
            f"{k / wall:,.0f} | {cpu:.2f} | {k / cpu:,.0f} | **{(k / wall) / (n / bw):.0f}×** | "
            f"**{(k / cpu) / (n / bc):.0f}×** |")
    cw, cc = cli
    loop_wall, loop_cpu = bw * k / n, bc * k / n
    spread = [
        f"workers={w}: " + ", ".join(f"{(k / c) / (n / b):.0f}×" for (_, b), (_, c) in zip(runs[0], runs[w], strict=True))
        for w in (1, 2)
    ]
    lines.append(
        f"| `baccara simulate --rounds {k:,}` end to end (fresh process, default workers) | {k:,} | {cw:.2f} | "
        f"{k / cw:,.0f} | {cc:.2f} | {k / cc:,.0f} | **{loop_wall / cw:.0f}×** | **{loop_cpu / cc:.0f}×** |")
    lines += ["", "Per-CPU-second ratio of each interleaved repetition (loop and kernel measured back to back): "
              + "; ".join(spread) + "."]
    return lines


def agreement_lines(res) -> list[str]:
    """z-scores of every bet's simulated mean against its exact return."""
    lines = ["| bet | simulated mean | standard error | exact | z |", "| --- | ---: | ---: | ---: | ---: |"]
    zs = []
    for name, st in res.bets.items():
        z = (st.mean - float(st.exact)) / st.stderr
        zs.append(abs(z))
        lines.append(f"| {name} | {st.mean:.6f} | {st.stderr:.6f} | {float(st.exact):.6f} | {z:+.2f} |")
    lines += ["", f"Largest |z| over the {len(zs)} bets: {max(zs):.2f} (bets are correlated; "
              "under agreement each z is roughly standard normal)."]
    return lines


def exact_lines() -> list[str]:
    lines = ["| decks | arithmetic | milliseconds (median) |", "| ---: | --- | ---: |"]
    for d in [*range(1, 9), 27, 28]:
        ts = [timed(coup_distribution, d)[0] for _ in range(5 if d <= 8 else 2)]
        lines.append(f"| {d} | {'int64' if d <= 27 else 'Python int'} | {1000 * statistics.median(ts):.1f} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000_000)
    ap.add_argument("--python-rounds", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "simulate.md"))
    args = ap.parse_args()
    load0 = os.getloadavg()
    pw, pc, _ = timed(simulate_python, args.python_rounds, 8, seed=1)
    runs = measure_kernel(args.rounds, args.python_rounds, args.repeat)
    cli = [sys.executable, "-m", "games.baccara.cli.main", "simulate", "--seed", "1", "--json", "--rounds"]
    child_cpu([*cli, "1000"])  # warm-up: byte-code and numba caches
    cw, cc, out = child_cpu([*cli, str(args.rounds)])
    shoes = json.loads(out)["shoes"]
    res = simulate(args.rounds, 8, seed=7, exact=True)
    memory = measure_memory([10**6, 10**7])
    banker = dict(banker_rule("DSDD"))
    banker["6:-"] = Fraction(859, 2288)
    cdf = simulate_chemin_de_fer({"5": Fraction(9, 11)}, banker, 6, 2_000_000, seed=1, exact=False)
    load1 = os.getloadavg()
    lines = [
        "# Punto banco simulation and exact odds",
        "",
        f"Kernel: {'numba' if numba_available() else 'numpy fallback'}. Machine: "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
        f"Python {platform.python_version()}, numpy {np.__version__}. Load average {load0[0]:.1f} at the start, "
        f"{load1[0]:.1f} at the end. Command: `.venv/bin/python benchmarks/bench_simulate.py`.",
        "",
        "## Shoe simulation (8 decks, burn, cut card 7 from the end, all 11 contract bets)",
        "",
        *speed_table(args, runs, (pw, pc), (cw, cc)),
        "",
        f"The end-to-end run dealt {shoes:,} shoes. Wall-clock rates on this shared machine include waiting "
        "for a core (see the load average); CPU seconds (all threads of the process) measure the work itself, "
        "so *per CPU-s* is the ratio one idle core would show. With two workers the wall-clock rate can reach "
        "twice the one-worker rate only when both cores are free.",
        "",
        "## Memory (fresh process per size, one worker)",
        "",
        "| rounds | peak resident set (MiB) | peak traced allocations (MiB) |",
        "| ---: | ---: | ---: |",
        *(f"| {n:,} | {rss / 1024:.0f} | {peak / 2**20:.1f} |" for n, rss, peak in memory),
        "",
        f"## Agreement with the exact odds ({args.rounds:,} rounds, seed 7)",
        "",
        *agreement_lines(res),
        "",
        "## Exact odds (`coup_distribution`, enumeration without replacement)",
        "",
        *exact_lines(),
        "",
        "## Chemin de fer play (fresh 6-deck shoe per coup, Player mixes on 5, Banker on (6, ∅))",
        "",
        "| rounds | seconds | rounds/s |",
        "| ---: | ---: | ---: |",
        f"| 2,000,000 | {cdf.seconds:.2f} | {2_000_000 / cdf.seconds:,.0f} |",
        "",
    ]
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
