"""Benchmark gamekit's equilibrium solvers against nashpy, pygambit and lrsnash — in one run.

Games: random n×n (n = 4, 6, 8, 10, 12) and 2×N (N = 64 … 4096) with integer payoffs
uniform in 0..99, three games per size (fixed seeds). Solvers:

* gamekit ``solve(method="all")`` (exact, complete), ``support_enumeration`` and
  ``lemke_howson`` (exact);
* nashpy ``support_enumeration`` and ``vertex_enumeration`` (floats);
* pygambit ``enummixed_solve`` exact (``rational=True``) and float, ``lcp_solve`` (float);
* ``lrsnash`` (lrslib, exact) when installed; it accepts at most 200 strategies a side.

Each call runs in a forked child with a time cap (default 60 s). A solver that hits the
cap, or whose time on the next size is predicted (by its growth between the last two
sizes) to exceed it, is skipped for larger sizes; the table says so. For a slow solver
(> 10 s on the first game of a size) only that game is timed.

Each cell: median wall time over the games, the numbers of equilibria found per game,
the ratio to gamekit ``all`` (> 1: gamekit is faster), and whether the equilibria agree
with gamekit ``all`` — exactly (as sets of rational profiles) for the exact solvers, to
1e-6 for the float ones ("lost k": the solver missed k extreme equilibria).

Run:  .venv/bin/python benchmarks/bench_solvers.py [--cap SECONDS] [--quick]
Writes benchmarks/results/solvers.md.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np

import gamekit

# Import the peers in the parent so that forked children do not pay their import time.
try:
    import nashpy
except ImportError:  # pragma: no cover - optional peer
    nashpy = None
try:
    import pygambit
except ImportError:  # pragma: no cover - optional peer
    pygambit = None

OUT = Path(__file__).parent / "results" / "solvers.md"
GAMES_PER_SIZE = 3
HEADLINE_PEERS = ("pygambit enummixed (exact)", "lrsnash")
SLOW = 10.0  # seconds: time only the first game of a size


# -- solvers: each takes (A, B) int lists, returns a list of (x, y) profiles -----------------


def run_gamekit(method):
    def f(A, B):
        g = gamekit.BimatrixGame(A, B)
        return [(e.row, e.col) for e in gamekit.solve(g, method=method)]

    return f


def run_nashpy(algorithm):
    def f(A, B):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            game = nashpy.Game(np.array(A), np.array(B))
            return [(tuple(x), tuple(y)) for x, y in getattr(game, algorithm)()]

    return f


def _gambit_game(A, B):
    return pygambit.Game.from_arrays(np.array(A, dtype=object), np.array(B, dtype=object))


def _gambit_profiles(game, result):
    p1, p2 = game.players
    return [
        (tuple(eq[s] for s in p1.strategies), tuple(eq[s] for s in p2.strategies))
        for eq in result.equilibria
    ]


def run_gambit(kind):
    def f(A, B):
        game = _gambit_game(A, B)
        if kind == "enummixed_exact":
            res = pygambit.nash.enummixed_solve(game, rational=True)
        elif kind == "enummixed_float":
            res = pygambit.nash.enummixed_solve(game, rational=False)
        else:
            res = pygambit.nash.lcp_solve(game, rational=False)
        out = _gambit_profiles(game, res)
        if kind == "enummixed_exact":
            out = [(tuple(map(Fraction, x)), tuple(map(Fraction, y))) for x, y in out]
        return out

    return f


def run_lrsnash(A, B):
    """lrsnash (lrslib 7): returns the extreme equilibria it prints (x, y pairs)."""
    m, n = len(A), len(A[0])
    if max(m, n) > 200:
        raise RuntimeError("lrsnash accepts at most 200 strategies")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(f"{m} {n}\n\n")
        fh.write("\n".join(" ".join(map(str, r)) for r in A) + "\n\n")
        fh.write("\n".join(" ".join(map(str, r)) for r in B) + "\n")
        path = fh.name
    out = subprocess.run(["lrsnash", path], capture_output=True, text=True, check=True).stdout
    Path(path).unlink()
    profiles = []
    ys: list = []
    xs: list = []
    for line in out.splitlines() + [""]:
        parts = line.split()
        if parts and parts[0] == "2":
            if xs:
                profiles += [(x, y) for x in xs for y in ys]
                xs, ys = [], []
            ys.append(tuple(Fraction(v) for v in parts[1 : n + 1]))
        elif parts and parts[0] == "1":
            xs.append(tuple(Fraction(v) for v in parts[1 : m + 1]))
        elif not parts and xs:
            profiles += [(x, y) for x in xs for y in ys]
            xs, ys = [], []
    return profiles


SOLVERS = {
    "gamekit all": (run_gamekit("all"), "exact"),
    "gamekit support_enumeration": (run_gamekit("support_enumeration"), "subset"),
    "gamekit lemke_howson": (run_gamekit("lemke_howson"), "subset"),
    "nashpy support_enumeration": (run_nashpy("support_enumeration"), "float"),
    "nashpy vertex_enumeration": (run_nashpy("vertex_enumeration"), "float"),
    "pygambit enummixed (exact)": (run_gambit("enummixed_exact"), "exact"),
    "pygambit enummixed (float)": (run_gambit("enummixed_float"), "float"),
    "pygambit lcp_solve (float)": (run_gambit("lcp"), "float-subset"),
    "lrsnash": (run_lrsnash, "exact"),
}


# -- timing in a child process with a cap -----------------------------------------------------


def _child(fn, A, B, conn):
    """Time ``fn(A, B)``; fast calls (< 0.1 s) are repeated and the median of the repeats
    is reported, so that first-call effects in the fresh child do not dominate."""
    try:
        t0 = time.perf_counter()
        res = fn(A, B)
        first = time.perf_counter() - t0
        if first < 0.1:
            reps = []
            for _ in range(5):
                t0 = time.perf_counter()
                fn(A, B)
                reps.append(time.perf_counter() - t0)
            first = statistics.median(reps)
        conn.send(("ok", first, res))
    except Exception as exc:  # reported in the table
        conn.send(("error", 0.0, f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def timed_call(fn, A, B, cap):
    """(status, seconds, result) with status 'ok', 'timeout' or 'error'."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, A, B, child))
    proc.start()
    child.close()
    if parent.poll(cap):
        try:
            status, secs, res = parent.recv()
        except EOFError:
            status, secs, res = "error", 0.0, "solver process died"
    else:
        status, secs, res = "timeout", cap, None
        proc.kill()
    proc.join()
    return status, secs, res


# -- comparison with gamekit all ------------------------------------------------------------------


def agreement(kind, theirs, ours) -> str:
    ours_set = set(ours)
    if kind == "exact":
        got = set(theirs)
        if got == ours_set:
            return "same"
        return f"DIFFERENT ({len(got - ours_set)} extra, {len(ours_set - got)} missing)"
    if kind == "subset":
        got = set(theirs)
        if not got <= ours_set:
            return "NOT ⊂ all"
        return "⊂ all" + (f" (lost {len(ours_set - got)})" if len(got) < len(ours_set) else "")
    ours_f = [(np.array(x, dtype=float), np.array(y, dtype=float)) for x, y in ours]
    found = 0
    invented = 0
    for x, y in theirs:
        xf, yf = np.array(x, dtype=float), np.array(y, dtype=float)
        if any(np.allclose(xf, a, atol=1e-6) and np.allclose(yf, b, atol=1e-6) for a, b in ours_f):
            found += 1
        else:
            invented += 1
    matched = sum(
        any(
            np.allclose(np.array(x, dtype=float), a, atol=1e-6)
            and np.allclose(np.array(y, dtype=float), b, atol=1e-6)
            for x, y in theirs
        )
        for a, b in ours_f
    )
    notes = []
    if kind == "float" and matched < len(ours_f):
        notes.append(f"lost {len(ours_f) - matched}")
    if invented:
        notes.append(f"{invented} not equilibria of ours")
    if kind == "float-subset":
        return "⊂ all" if not invented else "; ".join(notes)
    return "; ".join(notes) if notes else "same (1e-6)"


def random_game(rng, m, n):
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, 99) for _ in range(n)] for _ in range(m)]
    return A, B


def fmt_time(t):
    if t is None:
        return "—"
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    if t < 1:
        return f"{t * 1e3:.1f} ms"
    return f"{t:.2f} s"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=60.0, help="time cap per solver call (s)")
    ap.add_argument("--quick", action="store_true", help="small sizes only (smoke test)")
    args = ap.parse_args(argv)
    from rich.console import Console
    from rich.progress import Progress

    solvers = dict(SOLVERS)
    if shutil.which("lrsnash") is None:
        del solvers["lrsnash"]
    for name in list(solvers):
        if (name.startswith("nashpy") and nashpy is None) or (
            name.startswith("pygambit") and pygambit is None
        ):
            del solvers[name]
    sizes = [(n, n) for n in (4, 6, 8, 10, 12)] + [(2, N) for N in (64, 128, 256, 512, 1024, 2048, 4096)]
    if args.quick:
        sizes = [(4, 4), (6, 6), (2, 64)]
    rows = []  # (size, solver, status text, median, counts, ratio, agreement)
    headline = {}
    history: dict[tuple[str, str], list[tuple[int, float]]] = {}
    dead: dict[tuple[str, str], str] = {}
    console = Console(stderr=True)
    load_at_start = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("benchmark", total=len(sizes) * len(solvers))
        for m, n in sizes:
            family = "n×n" if m == n else "2×N"
            rng = random.Random(1000 * m + n)
            games = [random_game(rng, m, n) for _ in range(GAMES_PER_SIZE)]
            reference = None
            base_time = None
            for name, (fn, kind) in solvers.items():
                progress.update(task, description=f"{m}×{n} {name}")
                key = (family, name)
                size_param = n
                if key in dead:
                    rows.append(((m, n), name, dead[key], None, "", "", ""))
                    progress.advance(task)
                    continue
                hist = history.get(key, [])
                # The headline peers are never skipped by prediction: a timeout proves a bound.
                if name not in HEADLINE_PEERS and len(hist) >= 2 and hist[-1][1] > 0.05:
                    (n1, t1), (n2, t2) = hist[-2], hist[-1]
                    predicted = t2 * (t2 / max(t1, 1e-6)) ** ((size_param - n2) / max(n2 - n1, 1))
                    if predicted > args.cap:
                        dead[key] = f"skipped (predicted {fmt_time(predicted)} > cap)"
                        rows.append(((m, n), name, dead[key], None, "", "", ""))
                        progress.advance(task)
                        continue
                times, counts, agree = [], [], []
                status_text = "ok"
                for gi, (A, B) in enumerate(games):
                    status, secs, res = timed_call(fn, A, B, args.cap)
                    if status != "ok":
                        status_text = (
                            f"timeout (> {fmt_time(args.cap)})" if status == "timeout" else str(res)
                        )
                        dead[key] = (
                            f"skipped (timed out at {m}×{n})" if status == "timeout" else status_text
                        )
                        break
                    times.append(secs)
                    counts.append(len(res))
                    if name == "gamekit all":
                        reference = reference or []
                        reference.append(res)
                    elif reference is not None:
                        agree.append(agreement(kind, res, reference[gi]))
                    if secs > SLOW:
                        break
                if not times:
                    rows.append(((m, n), name, status_text, None, "", "", ""))
                    progress.advance(task)
                    continue
                med = statistics.median(times)
                history.setdefault(key, []).append((size_param, med))
                if name == "gamekit all":
                    base_time = med
                ratio = "" if name == "gamekit all" or not base_time else f"{med / base_time:.1f}×"
                agree_text = "; ".join(sorted(set(agree))) if agree else ("reference" if name == "gamekit all" else "")
                note = status_text if status_text != "ok" else ""
                if len(times) < GAMES_PER_SIZE and status_text == "ok":
                    note = f"{len(times)} game(s) timed (slow)"
                rows.append(((m, n), name, note, med, " ".join(map(str, counts)), ratio, agree_text))
                headline[((m, n), name)] = med
                progress.advance(task)

    lines = [
        "# Equilibrium solvers: gamekit vs nashpy, pygambit, lrsnash",
        "",
        f"Generated by `benchmarks/bench_solvers.py` on {time.strftime('%Y-%m-%d')}: "
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{mp.cpu_count()} cores (shared); random games with payoffs uniform in 0..99, "
        f"{GAMES_PER_SIZE} games per size (fixed seeds); time cap {fmt_time(args.cap)} per call; "
        f"load average at the start {load_at_start}.",
        "",
        "*ratio* = solver's median time / gamekit `all` median time (> 1: gamekit is faster).",
        "*agreement* compares each game's equilibria with gamekit `all`: exactly for exact "
        "solvers, to 1e-6 for float ones; *lost k* = k extreme equilibria missing.",
        "",
    ]
    summary = []
    for size in ((8, 8), (10, 10), (12, 12), (2, 128), (2, 256), (2, 4096)):
        ours = headline.get((size, "gamekit all"))
        for peer in HEADLINE_PEERS:
            theirs = headline.get((size, peer))
            label = f"{size[0]}×{size[1]}"
            if ours and theirs:
                summary.append(
                    f"| {label} | {peer} | {fmt_time(ours)} | {fmt_time(theirs)} | {theirs / ours:.1f}× |"
                )
            elif ours:
                why = next((r[2] for r in rows if r[0] == size and r[1] == peer), "not run")
                bound = f"> {args.cap / ours:.0f}×" if why.startswith("timeout") else "—"
                summary.append(f"| {label} | {peer} | {fmt_time(ours)} | {why} | {bound} |")
    lines += [
        "## Headline",
        "",
        "| game | peer | gamekit all | peer | speed-up |",
        "|---|---|---:|---:|---:|",
        *summary,
        "",
        "## All results",
        "",
        "| game | solver | median time | equilibria per game | ratio | agreement with `all` | note |",
        "|---|---|---:|---|---:|---|---|",
    ]
    for (m, n), name, note, med, counts, ratio, agree in rows:
        lines.append(f"| {m}×{n} | {name} | {fmt_time(med)} | {counts} | {ratio} | {agree} | {note} |")
    lines.append("")
    text = "\n".join(lines)
    if not args.quick:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
