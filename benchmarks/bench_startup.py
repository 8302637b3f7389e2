"""Benchmark: start-up time of ``baccara`` (the main job) and ``import gamekit`` (issue #14, target 5).

    .venv/bin/python benchmarks/bench_startup.py [--runs 15]

Each command is run ``--runs`` times as a fresh process (after one warm-up run that
writes the byte-code caches), interleaved so that a change of machine load hits every
command alike; the table shows the median wall time and the median CPU time (user +
system of the child). Peers measured in the same run: ``python -c "pass"`` (the
interpreter alone) and ``python -c "import numpy"`` (one heavy library). ``baccara``
with no arguments solves Model B2 (6 decks, α = 1/20) exactly and prints the grid, to a
pipe. On a shared machine the wall time includes waiting for a core; the CPU time is
what an idle machine's wall time would be (these commands use one thread). Writes
``benchmarks/results/startup.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results" / "startup.md"

COMMANDS: dict[str, list[str]] = {
    "`python -c pass` (peer: the interpreter)": ["-c", "pass"],
    "`python -c 'import numpy'` (peer)": ["-c", "import numpy"],
    "`python -c 'import gamekit'`": ["-c", "import gamekit"],
    "`baccara` (no arguments: solve Model B2, print the grid)": ["-m", "games.baccara.cli.main"],
}
TARGETS = {"`python -c 'import gamekit'`": 0.3, "`baccara` (no arguments: solve Model B2, print the grid)": 1.0}


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    load0 = os.getloadavg()[0]
    for cmd in COMMANDS.values():  # warm-up: byte-code caches, numba and OS file caches
        run_once(cmd, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):
        for name, cmd in COMMANDS.items():
            samples[name].append(run_once(cmd, env))
    load1 = os.getloadavg()[0]
    lines = [
        "# Start-up time",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared), Python {platform.python_version()}. "
        f"Load average {load0:.1f} at the start, {load1:.1f} at the end. Median of {args.runs} fresh "
        "processes per command, interleaved; byte-code caches warm. Command: "
        "`.venv/bin/python benchmarks/bench_startup.py`.",
        "",
        "| command | wall s (median) | CPU s (median) | CPU ÷ `python -c pass` CPU | target (idle wall) | "
        "met by CPU time |",
        "| --- | ---: | ---: | ---: | ---: | :---: |",
    ]
    base_cpu = statistics.median(c for _, c in samples["`python -c pass` (peer: the interpreter)"])
    for name, runs in samples.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        target = TARGETS.get(name)
        met = "" if target is None else ("yes" if cpu < target else "no")
        lines.append(f"| {name} | {wall:.3f} | {cpu:.3f} | {cpu / base_cpu:.1f}× | "
                     f"{'' if target is None else f'< {target:g} s'} | {met} |")
    lines += [
        "",
        "These commands are single-threaded, so on an idle machine their wall time is their CPU",
        "time plus a few milliseconds of process start; on this shared machine the wall column",
        "also contains the time spent waiting for a core (the load average above).",
        "",
    ]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
