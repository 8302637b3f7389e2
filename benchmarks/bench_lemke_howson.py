"""Lemke–Howson on large games: time to the first certified equilibrium (issue #23, target 3).

Same games, same run: random n×n games (n = 30, 50, 100, 150, 200; payoffs uniform
integers in 0..999, ``numpy.random.default_rng(seed)``, seeds 1..4 per size), one
Lemke–Howson path from label 0 (row 0 dropped) each:

* gamekit ``solve_result(g, "lemke_howson", initial_label=0)`` (strategy ``"auto"`` =
  ``float_path``: the path in floats, the final bases solved exactly in integers and the
  equilibrium certified by the exact best-response test, one compiled call,
  :mod:`gamekit.kernel.lh_endpoint`) on a prebuilt ``BimatrixGame`` (the time includes the
  integer form of the game, the path, the exact solve, the certificate and the result in
  Fractions), and its float path alone (column "path");
* gamekit ``strategy="exact"`` (integer pivoting throughout) where it is affordable;
* QuantEcon ``lemke_howson(g, init_pivot=0)`` (numba, floats, not certified) on a prebuilt
  ``NormalFormGame``;
* pygambit ``lcp_solve(g, rational=True, stop_after=1)`` (exact, C++), in a forked child
  with a time cap.

The column "game" is the CPU time of building the ``BimatrixGame`` (exact Fractions) from
the numpy arrays, once, not included in gamekit's time.

Times are CPU seconds of the calling process, all after one warm-up call (compiled kernels
loaded). gamekit and QuantEcon are timed in 9 interleaved rounds (3 for calls of 5 ms or
more): each round runs a batch of gamekit calls (≥ 5 ms) then one of QuantEcon's, so the
load of the shared machine falls on both alike; the times are the medians over the rounds
and the ratio QE / gamekit the median of the rounds' ratios. The float path alone and the
exact strategy: the median of 5 batches (calls below 0.1 s) or one run. The first-call costs are
measured separately in fresh processes: with an empty numba cache (compilation) and with
a warm one. Every gamekit equilibrium is compared with QuantEcon's float answer from the
same label (max abs difference).

Run:  nice -n 10 python benchmarks/bench_lemke_howson.py [--quick]
Writes benchmarks/results/lemke_howson.md (not with --quick).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import gamekit
from gamekit.bimatrix import solve_result
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.lemke_howson import float_matrices
from gamekit.kernel.float_lemke_howson import lh_float_path

OUT = Path(__file__).parent / "results" / "lemke_howson.md"
SIZES = (30, 50, 100, 150, 200)
SEEDS = (1, 2, 3, 4)
EXACT_MAX = 50          # gamekit strategy="exact" up to this size
GAMBIT_CAP = 3.0        # CPU seconds per pygambit call
ROUNDS = 9              # interleaved rounds of gamekit / QuantEcon batches
REPO = Path(__file__).resolve().parent.parent
BEFORE = [
    "Before (same games, same script):",
    "",
    "* 2026-11-27 09:52 UTC, this script (interleaved rounds) in the same conditions on the code before the one-call float path (commit 4f57c15): paths < 200 pivots **0.40× (0.23–1.30)** repeat call, 0.06× (0.03–0.13) 1st call; paths ≥ 200 pivots **1.35× (0.75–1.64)** (the path itself is unchanged: the difference from the run above is the load); n = 30: 0.25× (0.23–0.49), n = 50: 0.53× (0.25–1.00), n = 100: 0.93× (0.71–1.31); per call 30×30 seed 1: 42 µs (1st call 188 µs) against QuantEcon's 11 µs; 200×200 seed 2, 1st call: 1.63 ms.",
    "* 2026-11-27 07:25 UTC (float path and end check as two compiled calls, six arrays handed back, kernels "
    "imported on every call, the result built twice (`dataclasses.replace` for its game), QE / gamekit from "
    "separate, not interleaved, batches): paths < 200 pivots **0.46× (0.26–1.42)**; paths ≥ 200 pivots "
    "**1.27× (0.94–1.72)**; n = 30: 0.28× (0.26–0.54), n = 50: 0.66× (0.32–1.11), n = 100: 1.10× "
    "(0.82–1.24); per call 30×30 seed 1: 34 µs against QuantEcon's 10 µs.",
    "* 2026-11-27 04:11 UTC (FLINT solve of the two bases, int64-band best-response check in numpy, "
    "Fractions, then the common certifier `certify_and_build` a second time): paths < 200 pivots "
    "**0.14× (0.07–0.54)** repeat call, 0.04× (0.02–0.11) 1st call; paths ≥ 200 pivots **1.07× (0.39–1.90)**, "
    "0.72× (0.16–1.89); per call 0.13–0.53 ms on short paths (e.g. 30×30 seed 1: 0.186 ms against "
    "QuantEcon's 0.014 ms; 200×200 seed 3: 0.528 ms against 0.226 ms).",
    "* 2026-11-27 02:22 UTC (before issue #23's fixed-cost work, seeds 1–3): 0.01–0.40× on paths below "
    "2,000 pivots (0.54–18 ms per call: the integer game rebuilt from Fractions on every call, the end "
    "check in Python integers), 1.13× on the 19,465-pivot path (150×150, seed 2).",
]


def game(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1000, (n, n)), rng.integers(0, 1000, (n, n))


def cpu_time(fn, repeat_below: float = 0.1) -> tuple[float, object]:
    """CPU seconds per call: one call, and when it is below ``repeat_below`` the median of 5
    batches (each of enough calls to last ≥ 5 ms, timed together: per-call times of tens
    of µs are then not dominated by the clock)."""
    t = time.process_time()
    out = fn()
    dt = time.process_time() - t
    if dt < repeat_below:
        reps = max(1, int(0.005 / max(dt, 1e-6)))
        times = []
        for _ in range(5):
            t = time.process_time()
            for _ in range(reps):
                fn()
            times.append((time.process_time() - t) / reps)
        dt = statistics.median(times)
    return dt, out


def interleaved(fns: list, rounds: int = ROUNDS) -> tuple[list[float], float, list[object]]:
    """CPU seconds per call of each of ``fns`` (compared functions, e.g. gamekit then
    QuantEcon), measured in ``rounds`` interleaved rounds — in each round every function
    runs one batch (enough calls to last ≥ 5 ms; one call if longer), so a change of the
    machine's load falls on all of them alike. Returns the median per-call time of each,
    the median over the rounds of the ratio ``fns[1] / fns[0]`` (the same round's
    batches), and each function's first answer."""
    outs, reps = [], []
    for fn in fns:
        t = time.process_time()
        outs.append(fn())
        dt = time.process_time() - t
        reps.append(max(1, int(0.005 / max(dt, 1e-6))))
    if max(r == 1 and rounds > 3 for r in reps):
        rounds = 3  # calls of ≥ 5 ms: 3 rounds are enough (and keep the run short)
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for fn, r, ts in zip(fns, reps, times):
            t = time.process_time()
            for _ in range(r):
                fn()
            ts.append((time.process_time() - t) / r)
    ratio = statistics.median(b / a for a, b in zip(times[0], times[1]))
    return [statistics.median(ts) for ts in times], ratio, outs


def first_solve(A: np.ndarray, B: np.ndarray, repeat: int = 3) -> float:
    """Median CPU time of one gamekit call on a freshly built game (the game's integer
    form included, building the ``BimatrixGame`` itself excluded)."""
    times = []
    for _ in range(repeat):
        g = gamekit.BimatrixGame(A, B)
        t = time.process_time()
        solve_result(g, "lemke_howson", initial_label=0)
        times.append(time.process_time() - t)
    return statistics.median(times)


def qe_solver(A: np.ndarray, B: np.ndarray):
    from quantecon.game_theory import NormalFormGame, Player, lemke_howson

    g = NormalFormGame((Player(A.astype(float)), Player(B.T.astype(float))))
    return lambda: lemke_howson(g, init_pivot=0, full_output=True)


def _gambit_child(A, B, q) -> None:
    import resource

    import pygambit as gbt

    resource.setrlimit(resource.RLIMIT_CPU, (int(GAMBIT_CAP), int(GAMBIT_CAP) + 1))  # a CPU cap: load-independent

    g = gbt.Game.from_arrays(A, B)
    t = time.process_time()
    res = gbt.nash.lcp_solve(g, rational=True, stop_after=1)
    dt = time.process_time() - t
    q.put((dt, len(res.equilibria)))


def gambit_time(A: np.ndarray, B: np.ndarray) -> tuple[float | None, int | None]:
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_gambit_child, args=(A.tolist(), B.tolist(), q))
    p.start()
    p.join(GAMBIT_CAP * 20)  # wall safety net; the CPU limit normally ends it
    if p.is_alive():
        p.kill()
        p.join()
        return None, None
    return q.get() if not q.empty() else (None, None)


_FIRST = """
import time, resource, numpy as np
t = time.process_time()
{body}
ru = resource.getrusage(resource.RUSAGE_SELF)
print(time.process_time() - t, ru.ru_maxrss / 1024)
"""
_GK = """
import gamekit
from gamekit.bimatrix import solve_result
rng = np.random.default_rng(1); A = rng.integers(0, 1000, ({n}, {n})); B = rng.integers(0, 1000, ({n}, {n}))
solve_result(gamekit.BimatrixGame(A, B), "lemke_howson", initial_label=0)
"""
_QE = """
from quantecon.game_theory import NormalFormGame, Player, lemke_howson
rng = np.random.default_rng(1); A = rng.integers(0, 1000, ({n}, {n})); B = rng.integers(0, 1000, ({n}, {n}))
lemke_howson(NormalFormGame((Player(A.astype(float)), Player(B.T.astype(float)))), init_pivot=0)
"""


def first_call(body: str, cache: str) -> tuple[float, float]:
    """CPU seconds and peak RSS (MB) of a fresh process running ``body`` (imports included)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", _FIRST.format(body=body)], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    sizes = SIZES[:2] if args.quick else SIZES
    seeds = SEEDS[:1] if args.quick else SEEDS
    rows = []
    for n in sizes:
        for seed in seeds:
            A, B = game(n, seed)
            t0 = time.process_time()
            g = gamekit.BimatrixGame(A, B)
            tb = time.process_time() - t0
            solve_result(g, "lemke_howson", initial_label=0)  # warm-up (kernels loaded)
            qe = qe_solver(A, B)
            qe()  # compiled before timing
            (tg, tq), ratio, (res, (ne, info)) = interleaved(
                [lambda g=g: solve_result(g, "lemke_howson", initial_label=0), qe])
            MP, MQ = float_matrices(integer_game(g))
            tp, _ = cpu_time(lambda MP=MP, MQ=MQ: lh_float_path(MP, MQ, 0, 100_000))
            t1 = first_solve(A, B)
            diff = max(float(np.max(np.abs(np.array(res[0].row, dtype=float) - ne[0]))),
                       float(np.max(np.abs(np.array(res[0].col, dtype=float) - ne[1]))))
            te = None
            if n <= EXACT_MAX:
                te, _ = cpu_time(lambda g=g: solve_result(g, "lemke_howson", strategy="exact", initial_label=0))
            tgb, _ = gambit_time(A, B)
            p = res.parameters
            rows.append(dict(n=n, seed=seed, build=tb, gk=tg, ratio=ratio, path=tp, first=t1, qe=tq, exact=te, gambit=tgb, pivots=p["float_pivots"],
                             qe_pivots=info.num_iter, fallbacks=len(p["fallbacks"]), diff=diff,
                             support=(sum(1 for v in res[0].row if v), sum(1 for v in res[0].col if v))))
            r = rows[-1]
            print(f"{n}x{n} seed {seed}: gamekit {tg:.5f}s (1st call {t1:.5f}s)  QE {tq:.5f}s  exact {te}  gambit {tgb}  "
                  f"pivots {r['pivots']}/{r['qe_pivots']} support {r['support']} diff {diff:.1e}", flush=True)
    with tempfile.TemporaryDirectory() as cold:
        firsts = {
            "gamekit 30×30, empty numba cache": first_call(_GK.format(n=30), cold),
            "gamekit 30×30, warm cache": first_call(_GK.format(n=30), cold),
        }
    with tempfile.TemporaryDirectory() as cold:
        firsts["QuantEcon 30×30, empty numba cache"] = first_call(_QE.format(n=30), cold)
        firsts["QuantEcon 30×30, warm cache"] = first_call(_QE.format(n=30), cold)
    with tempfile.TemporaryDirectory() as cold:
        firsts["gamekit 8×8 (exact path: nothing compiled), empty cache"] = first_call(_GK.format(n=8), cold)
    for k, (c, mem) in firsts.items():
        print(f"{k}: {c:.2f} CPU-s, peak RSS {mem:.0f} MB")
    if not args.quick:
        write(rows, firsts, load0)


def _span(v: list[float]) -> str:
    return f"{statistics.median(v):.2f}× ({min(v):.2f}–{max(v):.2f})" if v else "—"


def _fmt(t: float | None) -> str:
    if t is None:
        return "—"
    return f"{t * 1e3:.3f} ms" if t < 0.01 else f"{t * 1e3:.2f} ms" if t < 1 else f"{t:.2f} s"


def write(rows: list[dict], firsts: dict, load0: float) -> None:
    load = os.getloadavg()
    lines = [
        "# Lemke–Howson: time to the first certified equilibrium",
        "",
        f"`benchmarks/bench_lemke_howson.py`, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, run under `nice -n 10`, load average "
        f"{load0:.1f} at the start and {load[0]:.1f} at the end (the machine is shared: CPU times, not wall).",
        "",
        "Random n×n games, payoffs uniform integers in 0..999 (`numpy.random.default_rng(seed)`, A then B), "
        "one path from label 0. CPU time per call after a warm-up; gamekit and QuantEcon in 9 interleaved rounds "
        "(3 for calls ≥ 5 ms) of batches of calls ≥ 5 ms, medians over the rounds, QE / gamekit = the median of "
        "the rounds' ratios. "
        "gamekit = `solve_result(g, \"lemke_howson\", initial_label=0)` (strategy auto = `float_path`: "
        "the float path and the exact end check in one compiled call, `float_path_end` — both bases solved "
        "exactly by multi-modular elimination and the best-response certificate in exact multi-word integers "
        "with a proved int64 bound, FLINT and Python integers beyond support 24 or for huge payoffs — then the "
        "certified equilibrium in Fractions and the full result object) on a prebuilt game, repeated (its "
        "integer form is kept on the game); "
        "\"path\" = the compiled float path alone (the rest of gamekit's time is the exact end check and the "
        "result); \"1st call\" = one call on a freshly built `BimatrixGame` (integer form "
        "included; median of 3 fresh games); \"game\" = building the `BimatrixGame` (exact Fractions) from "
        "numpy, not included in either. "
        "QuantEcon 0.11.4 `lemke_howson(g, init_pivot=0, full_output=True)` (numba, compiled before timing, "
        "floats, uncertified) on a prebuilt `NormalFormGame`; pygambit 16.7 "
        f"`lcp_solve(rational=True, stop_after=1)` (capped at {GAMBIT_CAP:.0f} CPU-s: —). Ratio > 1: gamekit "
        "faster. `|Δ|` = max abs difference between gamekit's exact equilibrium and QuantEcon's float one "
        "(same label: the same path).",
        "",
        "| n | seed | game | gamekit | path | 1st call | QuantEcon | QE / gamekit | QE / 1st call | gamekit exact path "
        "| pygambit lcp | pygambit / gamekit | pivots (gamekit / QE) | supports | fallbacks | \\|Δ\\| |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        gb = f"**{r['gambit'] / r['gk']:.1f}×**" if r["gambit"] else "—"
        lines.append(
            f"| {r['n']} | {r['seed']} | {_fmt(r['build'])} | {_fmt(r['gk'])} | {_fmt(r['path'])} | {_fmt(r['first'])} | "
            f"{_fmt(r['qe'])} | "
            f"**{r['ratio']:.2f}×** | {r['qe'] / r['first']:.2f}× | "
            f"{_fmt(r['exact'])} | {_fmt(r['gambit'])} | {gb} | {r['pivots']} / {r['qe_pivots']} | "
            f"{r['support'][0]}, {r['support'][1]} | {r['fallbacks']} | {r['diff']:.0e} |")
    lines += ["", "## Summary", "",
              "Median (min–max) of QE / gamekit over the seeds, and over the paths by length (pivots < 200: "
              "the fixed cost of a call dominates; ≥ 200: the path does).", "",
              "| games | runs | QE / gamekit (repeat call) | QE / gamekit (1st call) | pygambit / gamekit |",
              "|---|---:|---:|---:|---:|"]
    groups = [(f"n = {n}", [r for r in rows if r["n"] == n]) for n in sorted({r["n"] for r in rows})]
    groups += [("paths < 200 pivots", [r for r in rows if r["pivots"] < 200]),
               ("paths ≥ 200 pivots", [r for r in rows if r["pivots"] >= 200])]
    for name, rs in groups:
        if not rs:
            continue
        q = [r["ratio"] for r in rs]
        f = [r["qe"] / r["first"] for r in rs]
        gb = [r["gambit"] / r["gk"] for r in rs if r["gambit"]]
        lines.append(f"| {name} | {len(rs)} | {_span(q)} | {_span(f)} | {_span(gb)} |")
    lines += [""] + BEFORE
    lines += ["", "## First call (fresh process, imports included)", "",
              "| case | CPU | peak RSS |", "|---|---:|---:|"]
    for k, (c, mem) in firsts.items():
        lines.append(f"| {k} | {c:.2f} s | {mem:.0f} MB |")
    lines.append("")
    OUT.write_text("\n".join(lines))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
