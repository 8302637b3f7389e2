"""Benchmark: ``baccara sweep --model B3`` — Model B3 for every α ∈ [0, 1/10], exactly.

    PYTHONPATH=. python benchmarks/bench_b3_sweep.py [--one 6,8] [--grid 11] [--decks 1-12] [--jobs 2]

Measures, in one run on this machine (CPU seconds of this process, so that the numbers mean
something on a shared machine; the load average is recorded):

* one deck count (``--one``, default d = 6 and d = 8, the slowest of d ≤ 13): the
  whole-interval parametric analysis (every α, uniqueness certified on every open segment),
  game building and solving separately;
* the peer it replaces, in the same run: the per-point complete enumeration
  ``certify(d, α)`` on a grid of ``--grid`` rational α in [0, 1/10] (which certifies those
  points only and never lands on the irrational exceptional α), building and solving
  separately, and the ratio grid / parametric;
* optionally (``--decks``) the sweep over a d-range in parallel (``--jobs`` processes, fresh
  cache): wall time and summed CPU time.

Writes ``benchmarks/results/b3_sweep.md`` (the one-d table; the d = 1…100 run of the CLI is
recorded there by hand from ``/usr/bin/time``).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from gamekit.doubly_additive import solve_doubly_additive
from games.baccara.analysis.b3_sweep import b3_affine_game, b3_solve
from games.baccara.analysis.b3_uniqueness import b3_game
from games.baccara.analysis.deck_sweep import parse_decks, run_sweep

OUT = Path(__file__).parent / "results" / "b3_sweep.md"


def _load() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "n/a"


def _cpu(children: bool = False) -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def one_d(d: int, grid: list[Fraction]) -> list[str]:
    """The parametric analysis of one d against the per-point enumeration on ``grid``."""
    b3_affine_game.cache_clear()
    c0 = _cpu()
    b3_affine_game(d)
    t_build = _cpu() - c0
    c0 = _cpu()
    sol = b3_solve(d)
    t_solve = _cpu() - c0
    gb = gs = 0.0
    unique = 0
    for a in grid:
        c0 = _cpu()
        g = b3_game(d, a)
        gb += _cpu() - c0
        c0 = _cpu()
        s = solve_doubly_additive(g)
        gs += _cpu() - c0
        unique += len(s.equilibria) == 1
    par, per = t_build + t_solve, gb + gs
    return [f"| {d} | {len(sol.segments())} segments, {len(sol.exceptional())} exceptional α, "
            f"{sol.stats['systems']} systems | {t_build:.2f} | {t_solve:.2f} | **{par:.2f}** | "
            f"{len(grid)} points ({unique} unique) | {gb:.2f} | {gs:.2f} | **{per:.2f}** | "
            f"**{per / par:.2f}** | {gs / t_solve:.2f} |"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one", default="6,8")
    ap.add_argument("--grid", type=int, default=11)
    ap.add_argument("--decks", default="")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    lines = [f"# Model B3 sweep benchmark ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})", "",
             f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load before: {_load()}", "",
             "CPU seconds of one process. Parametric = every α ∈ [0, 1/10] with whole-interval",
             f"certificates; grid = per-point complete enumeration at α = k/{10 * (args.grid - 1)}, "
             f"k = 0…{args.grid - 1} (certifies those points only).", "",
             "| d | parametric result | build | solve | total | grid | build | solve | total "
             "| ratio grid/param (total) | ratio (solve only) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    grid = [Fraction(k, 10 * (args.grid - 1)) for k in range(args.grid)]
    for d in (int(v) for v in args.one.split(",") if v):
        lines += one_d(d, grid)
        print(lines[-1], flush=True)
    if args.decks:
        ds = parse_decks(args.decks)
        with tempfile.TemporaryDirectory() as tmp:
            t0, c0 = time.perf_counter(), _cpu(children=True)
            recs = run_sweep("B3", ds, "1/10", jobs=args.jobs, cache_dir=tmp)
            wall, cpu = time.perf_counter() - t0, _cpu(children=True) - c0
        lines += ["", f"## Sweep d = {args.decks}, {args.jobs} processes", "",
                  f"Wall time **{wall:.1f} s**, CPU of the workers {cpu:.1f} s "
                  f"({cpu / len(ds):.1f} s per d); {len(recs)} records.", ""]
    lines += ["", f"Load after: {_load()}", ""]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
