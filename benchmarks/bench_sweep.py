"""Benchmark: ``baccara sweep`` — Table 4 of Ethier & Lee II for d = 1 … 100, exactly.

    .venv/bin/python benchmarks/bench_sweep.py [--decks 1-100] [--jobs 2] [--grid 101]
                                               [--grid-decks 1,2,6,10,50,100] [--dask]

Measures, in one run on this machine:

* the whole sweep (Model B2, α ∈ [0, 1/10], every d) **serially** in one process, **in
  parallel** (process pool, ``--jobs``), optionally on a local **Dask** cluster, and from the
  **disk cache** (a second, warm run) — wall times and ratios;
* Table 4 (a)–(e) as computed, compared row by row with the paper;
* the peer: a **fixed-α brute force** — ``gamekit.additive.foster.solve_additive`` at every point of
  an α-grid (``--grid`` points on [0, 1/10]) for a sample of d. It costs one exact solve
  per grid point, and it cannot find the breakpoints: α₀ and the other breakpoints are
  quadratic surds, so the grid only brackets a change between two grid points and never
  sees the α where the equilibrium is not unique.

Writes ``benchmarks/results/sweep.md``. The machine is shared; the load average is recorded.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from gamekit.additive.foster import solve_additive
from games.baccara.analysis.commission import affine_game
from games.baccara.analysis.deck_sweep import parse_decks, run_sweep
from games.baccara.reproduce.paper_data import TABLE4, TABLE4_LARGE

OUT = Path(__file__).parent / "results" / "sweep.md"
ALPHA_MAX = Fraction(1, 10)


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


CPU: dict[str, float] = {}


def timed(fn, key: str | None = None):
    """Wall time of fn(); CPU seconds of this process and its (finished) worker processes in CPU[key]."""
    c0, t0 = _cpu(), time.perf_counter()
    out = fn()
    if key:
        CPU[key] = _cpu() - c0
    return out, time.perf_counter() - t0


def grid_peer(d: int, points: int, rec: dict) -> dict:
    """Fixed-α brute force on a grid, and what it sees of the exact answer."""
    game = affine_game("B2", d)
    grid = [ALPHA_MAX * i / (points - 1) for i in range(points)]
    t0 = time.perf_counter()
    answers = []
    nonunique = 0
    for a in grid:
        sol = solve_additive(game.at(a))
        nonunique += len(sol.equilibria) > 1
        answers.append(tuple(e.draw for e in sol.equilibria))
    seconds = time.perf_counter() - t0
    changes = sum(1 for x, y in zip(answers, answers[1:]) if _q(x) != _q(y))
    exact_breaks = [s["to_exact"] for s in rec["segments"][:-1]]
    # the grid's agreement with the exact description at every grid point
    agree = 0
    for a, ans in zip(grid, answers):
        seg = next(s for s in rec["segments"] if float(s["from"]) <= a <= float(s["to"]))
        q = {Fraction(v) for v in seg["banker_mixed"].values()}
        agree += _q(ans) == q
    return {"d": d, "points": points, "seconds": seconds, "changes": changes, "breaks": len(exact_breaks),
            "nonunique_grid": nonunique, "nonunique_exact": rec["nonunique_points"], "agree": agree}


def _q(answer: tuple) -> set:
    """The mixed drawing probabilities of an equilibrium list (what changes at a breakpoint)."""
    return {v for draw in answer for v in draw if v not in (0, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", default="1-100")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--grid", type=int, default=101)
    ap.add_argument("--grid-decks", default="1,2,6,10,50,100")
    ap.add_argument("--dask", action="store_true", help="also time a local Dask cluster")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    ds = parse_decks(args.decks)
    load0 = _load()

    serial, t_serial = timed(lambda: run_sweep("B2", ds, ALPHA_MAX, executor="serial", use_cache=False), "serial")
    print(f"serial: {t_serial:.1f} s", file=sys.stderr)
    parallel, t_par = timed(lambda: run_sweep("B2", ds, ALPHA_MAX, jobs=args.jobs, use_cache=False), "par")
    print(f"parallel ({args.jobs}): {t_par:.1f} s", file=sys.stderr)
    assert list(serial) == list(parallel), "parallel and serial sweeps differ"
    t_dask = None
    if args.dask:
        remote, t_dask = timed(lambda: run_sweep("B2", ds, ALPHA_MAX, executor="dask", jobs=args.jobs,
                                                 use_cache=False))
        assert list(remote) == list(serial), "dask and serial sweeps differ"
        print(f"dask: {t_dask:.1f} s", file=sys.stderr)
    with tempfile.TemporaryDirectory() as cache:
        _, t_cold = timed(lambda: run_sweep("B2", ds, ALPHA_MAX, jobs=args.jobs, cache_dir=cache))
        warm, t_warm = timed(lambda: run_sweep("B2", ds, ALPHA_MAX, jobs=args.jobs, cache_dir=cache))
        assert warm.cached == len(ds) and list(warm) == list(serial)

    recs = {r["decks"]: r for r in serial}
    cols = ("curves", "intersections", "boundary_curves", "intervals", "nonunique_points")
    rows = []
    equal = 0
    for d in ds:
        ours = tuple(recs[d][c] for c in cols)
        paper = TABLE4.get(d, TABLE4_LARGE)
        equal += ours == paper
        rows.append((d, ours, paper))

    peers = []
    for d in parse_decks(args.grid_decks):
        rec = recs.get(d) or run_sweep("B2", [d], ALPHA_MAX, use_cache=False, executor="serial")[0]
        peers.append(grid_peer(d, args.grid, rec))
        print(f"grid d={d}: {peers[-1]['seconds']:.1f} s", file=sys.stderr)
    load1 = _load()

    n = len(ds)
    lines = [
        "# `baccara sweep` — Model B2, Table 4 for every d, exactly",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared), Python {platform.python_version()}; "
        f"load average at start {load0}, at end {load1}.",
        f"Command: `.venv/bin/python benchmarks/bench_sweep.py --decks {args.decks} --jobs {args.jobs} "
        f"--grid {args.grid} --grid-decks {args.grid_decks}{' --dask' if args.dask else ''}`",
        "",
        "## The whole sweep (α ∈ [0, 1/10], every equilibrium for every α, each d exact)",
        "",
        "| how | deck counts | wall time | per d | vs serial | CPU (all processes) |",
        "|---|---:|---:|---:|---:|---:|",
        f"| serial, one process | {n} | {t_serial:.2f} s | {1000 * t_serial / n:.0f} ms | 1.0× | {CPU['serial']:.1f} s |",
        f"| process pool, {args.jobs} workers (default) | {n} | {t_par:.2f} s | {1000 * t_par / n:.0f} ms | "
        f"{t_serial / t_par:.2f}× | {CPU['par']:.1f} s |",
    ]
    if t_dask is not None:
        lines.append(f"| local Dask cluster, {args.jobs} workers | {n} | {t_dask:.2f} s | {1000 * t_dask / n:.0f} ms | "
                     f"{t_serial / t_dask:.2f}× | n/a |")
    lines += [
        f"| process pool, writing the cache (cold) | {n} | {t_cold:.2f} s | {1000 * t_cold / n:.0f} ms | "
        f"{t_serial / t_cold:.2f}× | |",
        f"| from the disk cache (warm) | {n} | {t_warm:.3f} s | {1000 * t_warm / n:.1f} ms | "
        f"{t_serial / t_warm:.0f}× | |",
        "",
        f"The CPU work is the same serial or parallel ({CPU['serial']:.1f} s vs {CPU['par']:.1f} s, "
        f"{1000 * CPU['serial'] / n:.0f} ms per d); the pool's speed-up is bounded by the machine's free share "
        f"of the two cores (load average at start: {os.getloadavg()[0]:.2f}).",
        "",
        f"Target: Table 4 for d = 1 … 100 in under a minute on this 2-core machine — the parallel sweep took "
        f"**{t_par:.1f} s**. Parallel, Dask and cached results are identical to the serial ones (asserted).",
        "",
        f"Table 4 rows equal to the paper: **{equal}/{n}**.",
        "",
        "## Peer: fixed-α brute force on a grid (`solve_additive` at each grid point)",
        "",
        f"{args.grid} grid points on [0, 1/10] (spacing {float(ALPHA_MAX) / (args.grid - 1):.4g}). "
        "\"changes\": grid neighbours whose Banker mixing differs (a breakpoint lies between them); \"breaks\": "
        "the exact breakpoints of the sweep (quadratic surds); \"non-unique\": α with several equilibria.",
        "",
        "| d | grid: time | grid: changes seen | exact breaks | grid: non-unique α found | exact: non-unique α | "
        "grid points agreeing with the sweep | one sweep d (serial mean) | ratio |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    mean = t_serial / n
    for p in peers:
        lines.append(f"| {p['d']} | {p['seconds']:.2f} s | {p['changes']} | {p['breaks']} | {p['nonunique_grid']} | "
                     f"{p['nonunique_exact']} | {p['agree']}/{p['points']} | {1000 * mean:.0f} ms | "
                     f"{p['seconds'] / mean:.0f}× |")
    grid_total = sum(p["seconds"] for p in peers) / len(peers) * n if peers else 0
    lines += [
        "",
        f"Extrapolated, the grid for all {n} deck counts would take about {grid_total:.0f} s and would still "
        "only bracket each breakpoint within one grid step; the parametric sweep gives every breakpoint exactly "
        "(e.g. α₀ = (16145999279 − √226436619657206227489)/17712223814 for d = 6) and the four equilibria there.",
        "",
        "## Table 4 as computed (a)–(e)",
        "",
        "| d | (a) | (b) | (c) | (d) | (e) | paper |",
        "|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    for d, ours, paper in rows:
        lines.append(f"| {d} | " + " | ".join(str(x) for x in ours) + f" | {'=' if ours == paper else paper} |")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0 if equal == n else 1


if __name__ == "__main__":
    raise SystemExit(main())
