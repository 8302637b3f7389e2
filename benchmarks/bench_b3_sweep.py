"""Benchmark: ``baccara sweep --model B3`` — Model B3 for every α ∈ [0, 1/10], exactly.

    .venv/bin/python benchmarks/bench_b3_sweep.py [--decks 1-12] [--jobs 2] [--one 6] [--grid 11]

Measures, in one run on this machine:

* one deck count (``--one``): the whole-interval parametric analysis (every α, with
  uniqueness certified on every open segment) — CPU seconds;
* the peer it replaces: the per-point complete enumeration ``certify(d, α)`` on a grid of
  ``--grid`` rational α in [0, 1/10] (which certifies only those points and never lands on
  the irrational exceptional α) — CPU seconds and the ratio;
* the sweep over ``--decks`` in parallel (``--jobs`` processes, fresh cache) — wall time,
  and the exceptional α counts per d against Theorem 2.

Writes ``benchmarks/results/b3_sweep.md``. The machine is shared; the load average is recorded.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from games.baccara.analysis.b3_sweep import b3_affine_game, b3_solve
from games.baccara.analysis.b3_uniqueness import certify
from games.baccara.analysis.deck_sweep import parse_decks, run_sweep
from games.baccara.reproduce.paper2_b3_sweep import THEOREM2_COUNTS

OUT = Path(__file__).parent / "results" / "b3_sweep.md"


def _load() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "n/a"


def _cpu() -> float:
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", default="1-12")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--one", type=int, default=6)
    ap.add_argument("--grid", type=int, default=11)
    args = ap.parse_args()
    lines = [f"# Model B3 sweep benchmark ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})", "",
             f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load before: {_load()}", ""]
    d = args.one
    b3_affine_game(d)  # build once (shared by both routes)
    c0 = _cpu()
    sol = b3_solve(d)
    t_param = _cpu() - c0
    grid = [Fraction(k, 10 * (args.grid - 1)) for k in range(args.grid)]
    c0 = _cpu()
    for a in grid:
        certify(d, a, reference=False)
    t_grid = _cpu() - c0
    lines += [f"## One deck count, d = {d}", "",
              "| route | what it certifies | CPU s |", "|---|---|---|",
              f"| parametric (this) | every α ∈ [0, 1/10]; {len(sol.segments())} segments, "
              f"{len(sol.exceptional())} exceptional α exactly | {t_param:.1f} |",
              f"| per-point enumeration | {args.grid} grid points only | {t_grid:.1f} |",
              "", f"Ratio grid / parametric: **{t_grid / t_param:.2f}** "
              f"(parametric per grid point equivalent: {t_param / args.grid:.2f} s).", ""]
    ds = parse_decks(args.decks)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        recs = run_sweep("B3", ds, "1/10", jobs=args.jobs, cache_dir=tmp)
        wall = time.perf_counter() - t0
    lines += [f"## Sweep d = {args.decks}, {args.jobs} processes", "",
              f"Wall time **{wall:.1f} s** ({wall / len(ds):.1f} s per d).", "",
              "| d | segments | exceptional α | Theorem 2 | free Banker sets | certified |",
              "|---|---|---|---|---|---|"]
    for r in recs:
        cert = all(s["certified"] == "interval" and s["unique"] for s in r["segments"])
        lines.append(f"| {r['decks']} | {r['intervals']} | {r['nonunique_points']} | "
                     f"{THEOREM2_COUNTS.get(r['decks'], 0) if r['decks'] <= 13 else '0 (d ≥ 13)'} | "
                     f"{r['reduced']['banker_infosets']} | {cert} |")
    lines += ["", f"Load after: {_load()}", ""]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
