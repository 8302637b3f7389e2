"""Benchmark gamekit ``all`` against lrsnash on the game families of issue #23 — in one run.

Families (seeded generators, the same as ``tests/gamekit/test_game_families.py``):

* ``rational1e4`` / ``rational1e8``: n×n, n = 8, 10, 12, payoffs ``Fraction(x).limit_denominator(D)``
  for Gaussian x (``random.Random(seed).gauss(0, 1)``), D = 10⁴ / 10⁸, 3 games per size
  (seeds 0, 1, 2);
* ``coordination``: the n×n coordination game (identity payoffs for both players,
  2ⁿ − 1 extreme equilibria), n = 8 … 16;
* ``rectangular``: 5×40, 8×30, 3×200, payoffs uniform in 0..99, 3 games per shape
  (``random.Random(1000 m + n + seed)``).

Per game: gamekit ``solve(method="all")`` in a forked child of a process that has loaded
the numba kernels (*warm, in-process*; fast calls repeated, median), the same game as a
fresh ``python -m gamekit.cli solve FILE.nfg --json`` process with a warm kernel cache
(*fresh process*, as a user runs it), and ``lrsnash`` (lrslib, one process per game); CPU
seconds (user + system) of each, the ratios lrsnash / gamekit (> 1: gamekit is faster),
and exact equality of the sets of extreme equilibria with lrsnash's. Medians over the
games of a size. Writes ``benchmarks/results/families.md`` and the coordination curve
``families_coordination.png`` (not with ``--quick``).

Run:  nice python benchmarks/bench_families.py [--quick] [--family NAME ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_solvers import fmt_time, run_lrsnash, timed_mem_call  # noqa: E402

import gamekit  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results" / "families.md"
GAMES = 3


def rational_game(seed: int, n: int, den: int):
    rng = random.Random(seed)
    A = [[Fraction(rng.gauss(0, 1)).limit_denominator(den) for _ in range(n)] for _ in range(n)]
    B = [[Fraction(rng.gauss(0, 1)).limit_denominator(den) for _ in range(n)] for _ in range(n)]
    return A, B


def coordination_game(n: int):
    eye = [[int(i == j) for j in range(n)] for i in range(n)]
    return eye, eye


def rectangular_game(seed: int, m: int, n: int):
    rng = random.Random(1000 * m + n + seed)
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    return A, B


def families(quick: bool) -> dict[str, list[tuple[str, list]]]:
    """family → [(size label, games)]."""
    sizes = (8, 10) if quick else (8, 10, 12)
    coord = range(8, 12) if quick else range(8, 17)
    shapes = ((5, 40), (3, 200)) if quick else ((5, 40), (8, 30), (3, 200))
    per = 2 if quick else GAMES
    return {
        "rational1e4": [(f"{n}×{n}", [rational_game(s, n, 10**4) for s in range(per)]) for n in sizes],
        "rational1e8": [(f"{n}×{n}", [rational_game(s, n, 10**8) for s in range(per)]) for n in sizes],
        "coordination": [(f"{n}×{n}", [coordination_game(n)]) for n in coord],
        "rectangular": [(f"{m}×{n}", [rectangular_game(s, m, n) for s in range(per)]) for m, n in shapes],
    }


def run_gamekit(A, B):
    r = gamekit.solve_result(gamekit.BimatrixGame(A, B), method="all")
    return [(e.row, e.col) for e in r], r.parameters.get("ran")


def fresh_process(A, B, cap: float) -> float | None:
    """CPU seconds of ``python -m gamekit.cli solve FILE.nfg --json`` (None on timeout)."""
    from gamekit.io.nfg import write_nfg

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.nfg"
        write_nfg(gamekit.BimatrixGame(A, B), path)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            subprocess.run([sys.executable, "-m", "gamekit.cli", "solve", str(path), "--json"], check=True,
                           stdout=subprocess.DEVNULL, env=env, timeout=cap)
        except subprocess.TimeoutExpired:
            return None
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _ratio(a, b) -> str:
    return f"**{a / b:.2f}×**" if a and b else "—"


def measure(name: str, label: str, games: list, args, progress, task) -> tuple[str, tuple]:
    """One table row: medians over the games of one size."""
    ours, lrs, fresh, counts, agree, paths = [], [], [], [], [], set()
    for A, B in games:
        progress.update(task, description=f"{name} {label}")
        st, _, out = timed_mem_call(run_gamekit, A, B, args.cap)
        st2, _, out2 = timed_mem_call(run_lrsnash, A, B, args.cap)
        if st == "ok":
            (profiles, path), _, cpu = out
            ours.append(cpu)
            counts.append(len(profiles))
            paths.add(str(path))
        if st2 == "ok":
            lrs.append(out2[2])
        if st == "ok" and st2 == "ok":
            agree.append("same" if set(out[0][0]) == set(out2[0]) else "DIFFERENT")
        if not args.no_fresh:
            fresh.append(fresh_process(A, B, args.cap))
    med = {k: (statistics.median(v) if v and len(v) == len(games) and None not in v else None)
           for k, v in (("ours", ours), ("lrs", lrs), ("fresh", fresh))}
    cap = f"> {fmt_time(args.cap)}"
    row = (f"| {name} | {label} | {fmt_time(med['ours']) if med['ours'] else cap} "
           f"| {fmt_time(med['fresh']) if med['fresh'] else ('—' if args.no_fresh else cap)} "
           f"| {fmt_time(med['lrs']) if med['lrs'] else cap} | {_ratio(med['lrs'], med['ours'])} "
           f"| {_ratio(med['lrs'], med['fresh'])} | {' '.join(map(str, counts))} "
           f"| {'; '.join(sorted(set(agree))) or '—'} | {', '.join(sorted(paths))} |")
    return row, (label, med["ours"], med["fresh"], med["lrs"])


def plot(points, path: Path) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover
        return None
    from gamekit.io.atomic import save_figure

    ns = [int(label.split("×")[0]) for label, *_ in points]
    fig, ax = plt.subplots(figsize=(6, 4))
    for k, style, what in ((1, "o-", "gamekit all (warm, in-process)"), (2, "^-", "gamekit solve (fresh process)"),
                           (3, "s--", "lrsnash")):
        xs = [(n, p[k]) for n, p in zip(ns, points) if p[k]]
        ax.plot([x for x, _ in xs], [y for _, y in xs], style, label=what)
    timed = [(n, p[1]) for n, p in zip(ns, points) if p[1]]
    if timed:  # anchored at the largest n gamekit finished (a timeout has no point)
        n0, t0 = timed[-1]
        ax.plot(ns, [(2**n - 1) * t0 / (2**n0 - 1) for n in ns], ":", color="grey", label="∝ 2ⁿ − 1 (output size)")
    ax.set(xlabel="n (n×n coordination game)", ylabel="CPU seconds", yscale="log",
           title="all 2ⁿ − 1 extreme equilibria")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return save_figure(fig, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=60.0, help="time cap per call (s)")
    ap.add_argument("--quick", action="store_true", help="small sizes only (writes nothing)")
    ap.add_argument("--family", action="append", help="only these families (repeatable)")
    ap.add_argument("--no-fresh", action="store_true", help="skip the fresh-process column")
    ap.add_argument("--out", type=Path, default=OUT, help="results file")
    args = ap.parse_args(argv)
    from rich.console import Console
    from rich.progress import Progress

    # Load the numba kernels in the parent (forked children inherit them) and warm the disk
    # cache for the fresh processes.
    for A, B in (rectangular_game(0, 12, 12), coordination_game(8), rational_game(99, 8, 10**4),
                 rectangular_game(99, 5, 40)):  # every path the families take
        gamekit.solve(gamekit.BimatrixGame(A, B), method="all", eliminate_dominated=False)
        fresh_process(A, B, 600)
    fams = families(args.quick)
    chosen = args.family or list(fams)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    rows = []
    curve = []
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("benchmark", total=None)
        for name in chosen:
            for label, games in fams[name]:
                row, point = measure(name, label, games, args, progress, task)
                rows.append(row)
                if name == "coordination":
                    curve.append(point)
    lines = [
        "# Game families of issue #23: gamekit `all` vs lrsnash",
        "",
        f"Generated by `benchmarks/bench_families.py` on {time.strftime('%Y-%m-%d')}: Python "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores (shared); load average at the "
        f"start {load}; cap {fmt_time(args.cap)} per call. Generators and seeds: the module docstring.",
        "",
        "CPU seconds (user + system), medians over the games of a size. *warm*: `gamekit.solve` in a forked "
        "child of a process with the numba kernels loaded (calls under 0.1 s repeated 5 times). *fresh process*: "
        "`python -m gamekit.cli solve FILE.nfg --json` with a warm kernel cache — interpreter start, imports, "
        "kernel loading and JSON output included. *lrsnash*: one lrsnash process per game (lrslib, GMP). "
        "*ratio* = lrsnash / gamekit (> 1: gamekit is faster). *agreement*: the sets of extreme equilibria "
        "are exactly equal. *path*: gamekit's search (`parameters['ran']`: the strategy that ran).",
        "",
        "| family | game | gamekit warm | gamekit fresh process | lrsnash | ratio warm | ratio fresh "
        "| equilibria per game | agreement with lrsnash | path |",
        "|---|---|---:|---:|---:|---:|---:|---|---|---|",
        *rows,
        "",
    ]
    if curve and not args.quick:
        png = plot(curve, args.out.parent / "families_coordination.png")
        if png:
            lines += [f"![coordination games: time vs n]({Path(png).name})", ""]
    text = "\n".join(lines)
    if not args.quick:
        from gamekit.io.atomic import atomic_write

        args.out.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(args.out, text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
