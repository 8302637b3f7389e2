"""Benchmark: start-up time of ``baccara``, ``import gamekit`` and ``gamekit solve`` (issues #14, #23).

    .venv/bin/python benchmarks/bench_startup.py [--runs 15] [--no-cold]

Each command is run ``--runs`` times as a fresh process (after one warm-up run that
writes the byte-code caches), interleaved so that a change of machine load hits every
command alike; the table shows the median wall time and the median CPU time (user +
system of the child). Peers measured in the same run: ``python -c "pass"`` (the
interpreter alone) and ``python -c "import numpy"`` (one heavy library). ``baccara``
with no arguments solves Model B2 (6 decks, α = 1/20) exactly and prints the grid, to a
pipe. On a shared machine the wall time includes waiting for a core; the CPU time is
what an idle machine's wall time would be (these commands use one thread).

Issue #23 adds: ``gamekit solve FILE`` as a fresh process on the benchmark families
(generators and seeds of ``benchmarks/bench_families.py`` and ``bench_solvers.py``) with
its peak resident set, against ``lrsnash FILE`` (one process each, ``os.wait4``); and the
*first call*: CPU seconds of ``gamekit solve`` 8×8 and 12×12 with an empty numba cache
(a fresh install), of ``gamekit compile`` on an empty cache, and of the same solves after
it. The empty cache is a fresh ``NUMBA_CACHE_DIR`` given to those child processes only (a
measuring device: gamekit itself reads no environment variable). Writes
``benchmarks/results/startup.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def run_rusage(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall s, CPU s and peak resident set (kB) of one fresh process (GNU time:
    ``bench_solvers.run_process``)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_solvers import run_process

    got = run_process(argv, 3600.0, env)
    assert got is not None
    return got[3], got[1], got[2]


def family_files(tmp: Path) -> dict[str, tuple[Path, Path]]:
    """label → (game.nfg, game.lrs) for one game of each family of issue #23."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_families import coordination_game, integer_game, rational_game, rectangular_game

    import gamekit
    from gamekit.io.nfg import write_nfg

    def ints(seed: int, m: int, n: int, hi: int) -> tuple[list, list]:
        rng = random.Random(seed)
        return ([[rng.randint(-hi, hi) for _ in range(n)] for _ in range(m)],
                [[rng.randint(-hi, hi) for _ in range(n)] for _ in range(m)])

    def covariance(seed: int, n: int, rho: float) -> tuple[list, list]:
        from gamekit.generators import covariance

        g = covariance(n, n, rho, denominator=100, seed=seed)
        return [list(r) for r in g.A], [list(r) for r in g.B]

    games = {
        "6×6 integers ±1000": ints(6, 6, 6, 1000),
        "8×8 integers ±1000": ints(8, 8, 8, 1000),
        "8×8 integers ±10⁶ (seed 0)": integer_game(0, 8),
        "10×10 integers ±10⁶ (seed 0)": integer_game(0, 10),
        "12×12 integers ±10⁶ (seed 0)": integer_game(0, 12),
        "12×12 integers ±1000": ints(12, 12, 12, 1000),
        "12×12 {0,1,2}": [[[v + 1000 for v in r] for r in M] for M in ints(13, 12, 12, 1)],
        "12×12 covariance ρ = −0.7 (den. 100)": covariance(1, 12, -0.7),
        "10×10 rational (den. ≤ 10⁴)": rational_game(0, 10, 10**4),
        "10×10 coordination": coordination_game(10),
        "12×12 coordination (4095 equilibria)": coordination_game(12),
        "14×14 coordination (16383 equilibria)": coordination_game(14),
        "16×16 coordination (65535 equilibria)": coordination_game(16),
        "5×40 integers 0..99": rectangular_game(0, 5, 40),
        "8×30 integers 0..99": rectangular_game(0, 8, 30),
        "3×200 integers 0..99": rectangular_game(0, 3, 200),
    }
    out = {}
    for k, (label, (A, B)) in enumerate(games.items()):
        nfg, lrs = tmp / f"g{k}.nfg", tmp / f"g{k}.lrs"
        write_nfg(gamekit.BimatrixGame(A, B), nfg)
        lrs.write_text(f"{len(A)} {len(A[0])}\n\n" + "\n".join(" ".join(map(str, r)) for r in A) + "\n\n"
                       + "\n".join(" ".join(map(str, r)) for r in B) + "\n")
        out[label] = (nfg, lrs)
    return out


def families_table(files: dict[str, tuple[Path, Path]], runs: int, env: dict[str, str],
                   before: dict[str, str] | None = None) -> list[str]:
    """Fresh ``gamekit solve FILE`` vs fresh ``lrsnash FILE``: medians of CPU, wall, peak RSS;
    with ``before`` (the environment of another checkout) also that checkout's CPU and RSS,
    its runs interleaved with these."""
    lrsnash = shutil.which("lrsnash")
    head = "| game | gamekit solve: CPU s | wall s | peak RSS | lrsnash: CPU s | peak RSS | CPU lrsnash / gamekit |"
    rule = "|---|---:|---:|---:|---:|---:|---:|"
    if before is not None:
        head += " before: CPU s | before: peak RSS | CPU before / after | before: lrsnash / gamekit |"
        rule += "---:|---:|---:|---:|"
    lines = [head, rule]
    for label, (nfg, lrs) in files.items():
        argv = [sys.executable, "-m", "gamekit.cli", "solve", str(nfg), "--json"]
        ours, old = [], []
        for _ in range(runs):
            ours.append(run_rusage(argv, env))
            if before is not None:
                old.append(run_rusage(argv, before))
        theirs = [run_rusage([lrsnash, str(lrs)], env) for _ in range(runs)] if lrsnash else []
        w1, c1, r1 = (statistics.median(x[i] for x in ours) for i in range(3))
        if theirs:
            c2, r2 = statistics.median(x[1] for x in theirs), statistics.median(x[2] for x in theirs)
            peer = f"{c2:.3f} | {r2 / 1024:.0f} MB | {c2 / c1:.2f}×"
        else:
            c2, peer = None, "— | — | —"
        line = f"| {label} | {c1:.3f} | {w1:.3f} | {r1 / 1024:.0f} MB | {peer} |"
        if old:
            c0, r0 = statistics.median(x[1] for x in old), statistics.median(x[2] for x in old)
            line += (f" {c0:.3f} | {r0 / 1024:.0f} MB | **{c0 / c1:.2f}×** | "
                     f"{'—' if c2 is None else f'{c2 / c0:.2f}×'} |")
        lines.append(line)
    return lines


#: One fresh process, timed phase by phase (CPU seconds of this process, ``time.process_time``).
_PHASES = r"""
import contextlib, json, resource, sys, time
pt = time.process_time
t0 = pt()
import gamekit.cli as cli
t1 = pt()
doc = cli._load_any(sys.argv[1])
game = doc.game
t2 = pt()
from gamekit.bimatrix.solve import solve_result
from gamekit.core.gc_pause import gc_paused
try:
    from gamekit.cli import json_text as dumps
    opts = {"one_shot": True}
except ImportError:  # a checkout before issue #23's writer
    dumps, opts = cli._dumps, {}
mods = set(sys.modules)
r = solve_result(game, "all", **opts)
t3 = pt()
loaded = sorted({m.split(".")[0] for m in set(sys.modules) - mods} & {"numba", "scipy", "flint", "llvmlite"})
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with gc_paused() if opts else contextlib.nullcontext():  # as the CLI does
    obj = cli.solve_json(game, r)
    t4 = pt()
    text = dumps(obj)
t5 = pt()
again = pt()
solve_result(game, "all", **opts)
warm = pt() - again
try:
    from gamekit.io.guard import exit_process  # the CLI's way out (python -m gamekit.cli, the script)
except ImportError:  # a checkout before it
    exit_process = sys.exit
print(json.dumps({"start": t0, "import": t1 - t0, "read": t2 - t1, "solve": t3 - t2, "warm": warm,
                  "to_json": t4 - t3, "text": t5 - t4, "rss_solve": rss, "strategy": r.parameters["strategy"],
                  "equilibria": len(r), "loaded": loaded}))
sys.stdout.flush()
exit_process(0)
"""


def phases_table(files: dict[str, tuple[Path, Path]], picks: list[str], env: dict[str, str]) -> list[str]:
    """Where a fresh ``gamekit solve FILE --json`` spends its CPU time, phase by phase (one
    child each, :data:`_PHASES`): interpreter start, ``import gamekit.cli``, reading the file,
    the solve (first call: with numba's import and kernel loading when the certified search
    runs; *warm*: the same solve again in that process), the JSON object, its text. The
    process's total CPU (``os.wait4``) and peak RSS come from GNU time."""
    lines = ["| game | strategy | equilibria | start | import gamekit.cli | read | solve (first) | "
             "of which loading | to_json | JSON text | rest (exit, …) | total CPU s | peak RSS | libraries loaded by the solve |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_solvers import run_process

    for label in picks:
        got = run_process([sys.executable, "-c", _PHASES, str(files[label][0])], 600.0, env)
        assert got is not None
        out, cpu, rss = got[0], got[1], got[2]
        p = json.loads(out)
        inside = p["start"] + p["import"] + p["read"] + p["solve"] + p["to_json"] + p["text"] + p["warm"]
        lines.append(
            f"| {label} | {p['strategy']} | {p['equilibria']} | {p['start']:.3f} | {p['import']:.3f} | {p['read']:.3f} "
            f"| {p['solve']:.3f} | {max(p['solve'] - p['warm'], 0):.3f} | {p['to_json']:.3f} | {p['text']:.3f} "
            f"| {max(cpu - inside, 0):.3f} | {cpu - p['warm']:.3f} | {rss / 1024:.0f} MB | {', '.join(p['loaded']) or '—'} |")
    return lines


def replace_section(text: str, heading: str, body: list[str]) -> str:
    """``text`` with the section under ``heading`` (up to the next ``## ``) replaced by
    ``body``, or ``body`` appended under ``heading`` when there is no such section."""
    block = "\n".join([heading, "", *body, ""]) + "\n"
    start = text.find(heading + "\n")
    if start < 0:
        return text.rstrip("\n") + "\n\n" + block
    end = text.find("\n## ", start + len(heading))
    return text[:start] + block + (text[end + 1:] if end >= 0 else "")


def cold_table(files: dict[str, tuple[Path, Path]], env: dict[str, str]) -> list[str]:
    """First calls with an empty numba cache, ``gamekit compile``, and the calls after it."""
    lines = ["| step (one fresh process each, in this order, one new empty numba cache) | CPU s | wall s "
             "| peak RSS |", "|---|---:|---:|---:|"]
    picks = [label for label in files if label.startswith(("8×8", "12×12 integers"))]
    with tempfile.TemporaryDirectory() as cache_a:
        for label in picks:  # each on its own empty cache: what a fresh install's first call costs
            with tempfile.TemporaryDirectory() as cache:
                w, c, r = run_rusage([sys.executable, "-m", "gamekit.cli", "solve", str(files[label][0])],
                                     dict(env, NUMBA_CACHE_DIR=cache))
            lines.append(f"| `gamekit solve` {label}, empty cache (no `gamekit compile`) | {c:.2f} | {w:.2f} "
                         f"| {r / 1024:.0f} MB |")
        w, c, r = run_rusage([sys.executable, "-m", "gamekit.cli", "compile"], dict(env, NUMBA_CACHE_DIR=cache_a))
        lines.append(f"| `gamekit compile`, empty cache (the install step) | {c:.2f} | {w:.2f} | {r / 1024:.0f} MB |")
        for label in picks:
            w, c, r = run_rusage([sys.executable, "-m", "gamekit.cli", "solve", str(files[label][0])],
                                 dict(env, NUMBA_CACHE_DIR=cache_a))
            lines.append(f"| `gamekit solve` {label}, first call after `gamekit compile` | {c:.2f} | {w:.2f} "
                         f"| {r / 1024:.0f} MB |")
    return lines


PHASE_PICKS = ("8×8 integers ±10⁶", "10×10 integers ±10⁶", "12×12 integers ±10⁶", "12×12 coordination",
               "14×14 coordination", "16×16 coordination")
FRESH_HEADING = "## `gamekit solve FILE` as a fresh process, against `lrsnash FILE` (issue #23)"
PHASES_HEADING = "## Where a fresh `gamekit solve` spends its time (issue #23)"


CROSSOVER_HEADING = "## The one-shot cut: the exact search against the certified one, 8×8 … 12×12 (issue #23)"


def crossover(sizes: list[int]) -> list[str]:
    """Warm in-process CPU ms of ``auto`` (the certified search from 8×8) and of the exact
    search on the families of ``bench_families`` (seeds 0, 1, 2; the exact search capped at 3 s:
    ``inf``), one line per family and size: what ``ONE_SHOT_CERTIFIED_MIN_SIZE`` is read from
    (a fresh process adds ≈ 0.45 s to the certified search only)."""
    import time

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_families import (
        coordination_game,
        covariance_game,
        integer_game,
        rational_game,
        small_payoff_game,
    )

    from gamekit.bimatrix.solve import solve_result
    from gamekit.core.game import BimatrixGame

    fams = {
        "integer ±10⁶": lambda s, n: integer_game(s, n),
        "{0,1}": lambda s, n: small_payoff_game(s, n, 1),
        "{0,1,2}": lambda s, n: small_payoff_game(s, n, 2),
        "covariance +0.7": lambda s, n: covariance_game(s, n, 0.7),
        "covariance −0.7": lambda s, n: covariance_game(s, n, -0.7),
        "rational 1e4": lambda s, n: rational_game(s, n, 10**4),
        "coordination": lambda s, n: coordination_game(n),
    }
    solve_result(BimatrixGame(*integer_game(0, 9)), "all", strategy="one_sided")  # the kernels loaded
    solve_result(BimatrixGame(*small_payoff_game(0, 9, 1)), "all", strategy="two_sided")
    lines = ["| family | n | seed 0: auto (strategy) / exact, ms | seed 1 | seed 2 |", "|---|---:|---|---|---|"]
    for name, f in fams.items():
        for n in sizes:
            cells = []
            for seed in range(1 if name == "coordination" else 3):
                g = BimatrixGame(*f(seed, n))
                t = time.process_time()
                r = solve_result(g, "all")
                auto = time.process_time() - t
                exact = _exact_seconds(g, 3)
                cells.append(f"{auto * 1000:.0f} ({r.parameters['strategy']}) / {exact * 1000:.0f}")
            lines.append(f"| {name} | {n} | " + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
    return lines


SHAPES_HEADING = "## The one-shot cut on rectangular and 11×11 … 12×12 games (issue #23)"


def shape_game(name: str, seed: int, m: int, n: int) -> tuple[list, list]:
    """A random ``m×n`` game of the ``--shapes`` table: payoffs 0..99, {0,1} or ±10⁶."""
    rng = random.Random(1000 * m + n + seed + 7 * len(name))
    lo, hi = {"0..99": (0, 99), "{0,1}": (0, 1), "±10⁶": (-10**6, 10**6)}[name]
    return ([[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)],
            [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)])


def one_shot_view(A: list, B: list) -> tuple[str, float, str]:
    """(size after dominance, the cost model's predicted seconds, the one-shot choice) of a
    game, as ``all_extreme_equilibria`` sees it."""
    from gamekit.bimatrix.column_reduction import reduced_game
    from gamekit.bimatrix.enumerate_all import eliminate_strictly_dominated
    from gamekit.bimatrix.intgame import integer_game
    from gamekit.bimatrix.policy import choose_strategy, one_shot_exact_seconds, payoff_stats
    from gamekit.core.game import BimatrixGame

    red, _, _ = eliminate_strictly_dominated(integer_game(BimatrixGame(A, B)))
    small, _, _ = reduced_game(red)
    st = payoff_stats(small.A, small.B)
    return f"{red.m}×{red.n}", one_shot_exact_seconds(st), choose_strategy(st, one_shot=True)


SHAPES = ("3x200,4x60,5x40,6x20,4x16,8x16", "6x100,8x30,10x20,10x10,11x11,12x12")  # the two runs


def shape_cut(shapes: list[tuple[int, int]], seeds: int = 3, cap: float = 2.0) -> list[str]:
    """Warm in-process CPU ms of the exact search and of ``"auto"`` without ``one_shot`` (the
    certified search, or the exact one beyond 128 strategies) on ``m×n`` games of three
    payoff families (:func:`shape_game`; {0,1} and ±10⁶ only up to 128 strategies in all;
    seeds 0…``seeds``−1; each search capped at ``cap`` s: ``inf``), with the prediction of
    :func:`gamekit.bimatrix.policy.one_shot_exact_seconds` (fitted to these rows) and the
    one-shot choice: what the cost model of ``choose_strategy`` is fitted to and checked
    against. A fresh process adds the certified search's loading (≈ 0.58 CPU-s) to the
    ``auto`` column when it runs the certified search."""
    import time

    from gamekit.bimatrix.solve import solve_result
    from gamekit.core.errors import GameError
    from gamekit.core.game import BimatrixGame

    solve_result(BimatrixGame(*shape_game("0..99", 0, 9, 9)), "all", strategy="one_sided")  # the kernels loaded
    solve_result(BimatrixGame(*shape_game("{0,1}", 0, 9, 9)), "all", strategy="two_sided")
    lines = ["| shape | payoffs | seed 0: exact / auto, ms (auto's strategy, size after dominance; predicted "
             "exact ms → one-shot choice) | seed 1 | seed 2 |", "|---|---|---|---|---|"]
    for m, n in shapes:
        for name in ("0..99", "{0,1}", "±10⁶") if m + n <= 128 else ("0..99",):
            cells = []
            for seed in range(seeds):
                A, B = shape_game(name, seed, m, n)
                g = BimatrixGame(A, B)
                size, pred, once = one_shot_view(A, B)
                try:
                    t = time.process_time()
                    r = solve_result(g, "all", max_seconds=cap)
                    cert, ran = time.process_time() - t, r.parameters["strategy"]
                except GameError:
                    cert, ran = float("inf"), "?"
                exact = _exact_seconds(g, cap)
                cells.append(f"{exact * 1000:.0f} / {cert * 1000:.0f} ({ran}, {size}; {pred * 1000:.0f} → {once})")
            lines.append(f"| {m}×{n} | {name} | " + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
    return lines


def _exact_seconds(g, cap: float) -> float:
    """CPU seconds of the exact strategy on g in this process (inf when it passes ``cap``)."""
    from gamekit.bimatrix.solve import solve_result
    from gamekit.core import GameError

    try:
        t = time.process_time()
        solve_result(g, "all", strategy="exact", max_seconds=cap)
        return time.process_time() - t
    except GameError:
        return float("inf")


STORE = OUT.with_name("startup_fresh.json")


def fresh_only(args: argparse.Namespace, env: dict[str, str]) -> int:
    """The per-process sections only (``--fresh-only``), written into ``startup.md`` in place.

    Rows are kept in ``startup_fresh.json`` by game, so that runs over parts of the games
    (``--games``, each under the two-minute budget of a shared machine) add up to the tables;
    a game measured again replaces its rows."""
    before = None if args.before is None else dict(env, PYTHONPATH=str(Path(args.before).resolve()))
    store = json.loads(STORE.read_text()) if STORE.exists() else {}
    for key in ("families", "phases", "phases_before", "runs"):
        store.setdefault(key, {})
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)  # `python -m`/`-c` put the working directory first on sys.path: not this checkout
        files = family_files(Path(tmp))
        order = list(files)
        if args.games:
            keys = args.games.split(";")
            files = {k: v for k, v in files.items() if any(x in k for x in keys)}
        for e in [env] + ([before] if before else []):
            subprocess.run([sys.executable, "-m", "gamekit.cli", "compile"], check=True, env=e, cwd=tmp,
                           stdout=subprocess.DEVNULL)  # each checkout's kernels in numba's cache
        fam = families_table(files, args.family_runs, env, before)
        picks = [k for k in files if k.startswith(PHASE_PICKS)]
        phases = phases_table(files, picks, env)
        phases_before = phases_table(files, picks, before) if before else []
    load1 = os.getloadavg()[0]
    for key, rows in (("families", fam), ("phases", phases), ("phases_before", phases_before)):
        if rows:
            store[key]["header"] = rows[:2]
            store[key].update({line.split(" | ")[0][2:]: line for line in rows[2:]})
    commit = "" if args.before is None else subprocess.run(
        ["git", "-C", args.before, "log", "-1", "--format=%h"], capture_output=True, text=True).stdout.strip()
    command = ("`python benchmarks/bench_startup.py --fresh-only" + (f" --games '{args.games}'" if args.games else "")
               + f" --family-runs {args.family_runs}" + (" --before CHECKOUT`" if before else "`")
               + (f" (CHECKOUT: {commit})" if commit else ""))
    store["runs"][command] = f"{command}: load average {load0:.1f} at the start, {load1:.1f} at the end"
    from gamekit.io.atomic import atomic_write

    atomic_write(STORE, json.dumps(store, indent=1, ensure_ascii=False))

    def table(key: str) -> list[str]:
        rows = store[key]
        return [*rows.get("header", []), *(rows[k] for k in order if k in rows)]

    note = ("Median of the fresh processes per game (`--family-runs`); kernels in numba's cache (after "
            "`gamekit compile`); `--json` output to a pipe. *peak RSS*: the process's maximum resident set (GNU "
            "time; CPU: `os.wait4` minus the launchers' own cost, `bench_solvers.run_process`). *before*: the "
            "gamekit of `--before CHECKOUT` (a git worktree of an earlier commit, named in the run's line below, its "
            "kernels compiled there), its runs interleaved with these. Generators: `benchmarks/bench_startup.py`, "
            "`bench_families.py`. Runs (rows kept per game in `startup_fresh.json`):")
    runs = [f"- {v}" for v in store["runs"].values()]
    text = OUT.read_text() if OUT.exists() else "# Start-up time\n"
    text = replace_section(text, FRESH_HEADING, [note, "", *runs, "", *table("families")])
    body = ["One fresh process per game (`_PHASES` in `bench_startup.py`), CPU seconds per phase. *solve (first)*: "
            "the first solve in the process, which imports numba and loads the compiled kernels when the certified "
            "search runs; *of which loading*: that minus the same solve repeated in the process (warm); *rest*: "
            "the process's total CPU minus everything timed inside (interpreter finalization, …); *total*: without "
            "the warm repetition.", "", *table("phases")]
    if store["phases_before"]:
        body += ["", "Before (the same games, `--before CHECKOUT`):", "", *table("phases_before")]
    text = replace_section(text, PHASES_HEADING, body)
    OUT.write_text(text)
    print("\n".join([*table("families"), "", *body]))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--family-runs", type=int, default=5, help="fresh processes per game in the families table")
    ap.add_argument("--no-cold", action="store_true", help="skip the empty-cache first calls (≈ 1 CPU-minute)")
    ap.add_argument("--fresh-only", action="store_true",
                    help="only the per-process sections (families, phases); the other sections of "
                    "startup.md are kept")
    ap.add_argument("--games", default=None,
                    help="with --fresh-only: substrings separated by ';'; only the games whose label "
                    "contains one")
    ap.add_argument("--before", default=None, metavar="CHECKOUT",
                    help="also measure the gamekit of this checkout (e.g. a git worktree of the previous "
                    "commit, kernels compiled there), interleaved: the before/after columns")
    ap.add_argument("--crossover", default=None, metavar="SIZES",
                    help="only the one-shot cut's table for these sizes (e.g. 8,9,10), added to startup.md")
    ap.add_argument("--shapes", default=None, metavar="MxN,...",
                    help="only the rectangular one-shot cut's table for these shapes (e.g. 5x40,3x200)")
    args = ap.parse_args()
    if args.shapes:
        load0 = os.getloadavg()[0]
        shapes = [tuple(int(v) for v in x.split("x")) for x in args.shapes.split(",")]
        rows = shape_cut([(a, b) for a, b in shapes])
        text = OUT.read_text() if OUT.exists() else "# Start-up time\n"
        note = (f"`python benchmarks/bench_startup.py --shapes {args.shapes}`, load average {load0:.1f}. "
                "Warm, in one process, CPU ms; a fresh process adds the certified search's loading to it.")
        OUT.write_text(replace_section(text, SHAPES_HEADING, [note, "", *rows]))
        return 0
    if args.crossover:
        load0 = os.getloadavg()[0]
        rows = crossover([int(x) for x in args.crossover.split(",")])
        text = OUT.read_text() if OUT.exists() else "# Start-up time\n"
        note = (f"`python benchmarks/bench_startup.py --crossover {args.crossover}`, load average {load0:.1f}. "
                "Warm, in one process, CPU ms; a fresh process adds ≈ 0.45 s to the certified search only.")
        OUT.write_text(replace_section(text, CROSSOVER_HEADING, [note, "", *rows]))
        return 0
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    if args.fresh_only:
        return fresh_only(args, env)
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
    with tempfile.TemporaryDirectory() as tmp:
        files = family_files(Path(tmp))
        subprocess.run([sys.executable, "-m", "gamekit.cli", "compile"], check=True, env=env, cwd=ROOT,
                       stdout=subprocess.DEVNULL)  # this checkout's kernels in numba's cache
        fam = families_table(files, args.family_runs, env)
        cold = [] if args.no_cold else cold_table(files, env)
    lines += [
        "## `gamekit solve FILE` as a fresh process, against `lrsnash FILE` (issue #23)",
        "",
        f"Median of {args.family_runs} fresh processes per game; kernels in numba's cache (after "
        "`gamekit compile`); `--json` output to a pipe. *peak RSS*: the process's maximum resident set "
        "(GNU time; CPU: `os.wait4` minus the launchers' own cost, `bench_solvers.run_process`). One game per family (generators: `benchmarks/bench_startup.py`, "
        "`bench_families.py`).",
        "",
        *fam,
        "",
    ]
    if cold:
        lines += [
            "## The first call (issue #23, target 2)",
            "",
            "One fresh process per row. The first two rows each start from an empty numba cache (what the first "
            "`gamekit solve` after `pip install` costs without the install step); then `gamekit compile` "
            "on another empty cache, and the same two solves after it.",
            "",
            *cold,
            "",
        ]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
