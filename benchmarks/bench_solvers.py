"""Benchmark gamekit's all-equilibria solver against lrsnash (and peers) — in one run.

Main table (issue #14): random n×n games, n = 8, 10, 12, 14, 16, payoffs uniform in 0..99 and
degenerate payoffs in {0, 1, 2}, three games per cell (fixed seeds); gamekit
``solve(method="all")`` and ``lrsnash`` (lrslib, exact, C/GMP) on the *same* games, pygambit's
exact ``enummixed`` where affordable (n = 8). Per cell: median times, the ratio
lrsnash / gamekit (> 1: gamekit is faster), exact equality of the sets of extreme equilibria
with lrsnash's output, and peak memory (growth of the resident set during the call; the
whole lrsnash process). Then sizes beyond lrsnash's reach (n×n up to 20, 2×N up to 10⁵;
lrsnash refuses more than 200 strategies; the 2×N games have payoffs in 0..10⁶ — with
0..99 a wide game has many duplicate columns and thousands of extreme equilibria, each a
dense N-vector) as a time-vs-size table and a PNG curve.

``--all-peers`` adds the older wide table (nashpy, pygambit float solvers, gamekit's other
methods). Each call runs in a forked child with a time cap; the numba kernels are loaded
in the parent first so that children do not pay the JIT load.

Issue #23 adds, first: every game family of ``benchmarks/bench_families.py`` (integer, {0,1},
{0,1,2}, covariance ρ = ±0.7, rational with denominators ≤ 10⁴ and ≤ 10⁸, coordination
n = 8 … 16, rectangular 5×40, 8×30, 3×200) against lrsnash — CPU time warm in-process and
as fresh ``gamekit solve FILE`` / ``lrsnash FILE`` processes, the peak resident set of each
process, the sets of equilibria compared exactly — its rows stored in
``results/solvers_families.json`` as they finish (a stopped run resumes; ``--fresh``
re-measures); then Lemke–Howson on large games against QuantEcon and pygambit (the
functions of ``benchmarks/bench_lemke_howson.py``).

Run:  nice python benchmarks/bench_solvers.py [--quick] [--fresh] [--all-peers]
      nice python benchmarks/bench_solvers.py --families-only [--fresh] [--family 'rational 1e8' ...]
Writes benchmarks/results/solvers.md, solvers_curve.png and solvers_coordination.png
(with --quick: solvers_quick.md only).
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


def write_lrsnash_input(A, B, path) -> None:
    """lrsnash's input format: m n, then A and B (integers or fractions p/q)."""
    m, n = len(A), len(A[0])
    Path(path).write_text(f"{m} {n}\n\n" + "\n".join(" ".join(map(str, r)) for r in A) + "\n\n"
                          + "\n".join(" ".join(map(str, r)) for r in B) + "\n")


def parse_lrsnash(out: str, m: int, n: int) -> list:
    """The extreme equilibria (x, y) of lrsnash's output (each x with each y of its block)."""
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


TIME = "/usr/bin/time"  # GNU time: the peak RSS of the command alone
TIMEOUT = "/usr/bin/timeout"  # coreutils: the time cap, inside the measured process tree
_BASELINE: list[float] = []


def _spawn(argv: list[str], cap: float, env: dict | None) -> tuple[str, float, int, float, int]:
    """(stdout, CPU s, peak RSS kB, wall s, exit status) of ``time timeout cap argv``."""
    with tempfile.TemporaryFile("w+") as out, tempfile.NamedTemporaryFile("r") as usage:
        t0 = time.perf_counter()
        # close_fds=False, no cwd, no new session: subprocess uses posix_spawn (no copy of this
        # process's page tables is made and charged to the child).
        proc = subprocess.Popen([TIME, "-f", "%M", "-o", usage.name, TIMEOUT, "-s", "KILL", f"{cap:g}", *argv],
                                stdout=out, stderr=subprocess.DEVNULL, env=env, close_fds=False)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        rss = int(usage.read().split()[-1]) if proc.returncode == 0 else 0
        out.seek(0)
        return out.read(), ru.ru_utime + ru.ru_stime, rss, wall, proc.returncode


def launch_overhead() -> float:
    """CPU s of ``time timeout cap /bin/true`` (median of 7): the launchers' own exec cost,
    subtracted from every process measured by :func:`run_process`."""
    if not _BASELINE:
        _BASELINE.append(statistics.median(_spawn(["/bin/true"], 60, None)[1] for _ in range(7)))
    return _BASELINE[0]


def run_process(argv: list[str], cap: float, env: dict | None = None) -> tuple[str, float, int, float] | None:
    """(stdout, CPU s, peak resident set kB, wall s) of one fresh process; None if it ran
    longer than ``cap`` seconds (then killed).

    The command runs under GNU time and coreutils timeout, two small C processes: its peak
    RSS is its own (a child forked by this large Python process would report this process's
    resident set, which Linux records at exec as the child's high-water mark). CPU: user +
    system of the whole tree (``os.wait4``, µs resolution) minus :func:`launch_overhead`."""
    base = launch_overhead()
    out, cpu, rss, wall, code = _spawn(argv, cap, env)
    if code == 128 + 9:
        return None
    if code:
        raise RuntimeError(f"{argv[0]} exited with status {code}")
    return out, max(cpu - base, 0.0), rss, wall


def run_lrsnash(A, B):
    """lrsnash (lrslib 7): returns the extreme equilibria it prints (x, y pairs)."""
    m, n = len(A), len(A[0])
    if max(m, n) > 200:
        raise RuntimeError("lrsnash accepts at most 200 strategies")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        write_lrsnash_input(A, B, path)
        out = subprocess.run([shutil.which("lrsnash") or "lrsnash", str(path)], capture_output=True, text=True,
                             check=True, close_fds=False).stdout
    return parse_lrsnash(out, m, n)


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


def _median_if_fast(fn, A, B, first: float) -> float:
    """Fast calls (< 0.1 s) are repeated and the median of the repeats is reported, so that
    first-call effects in the fresh child do not dominate."""
    if first >= 0.1:
        return first
    reps = []
    for _ in range(5):
        t0 = time.perf_counter()
        fn(A, B)
        reps.append(time.perf_counter() - t0)
    return statistics.median(reps)


def _child(fn, A, B, conn):
    """Time ``fn(A, B)`` (see :func:`_median_if_fast`)."""
    try:
        t0 = time.perf_counter()
        res = fn(A, B)
        conn.send(("ok", _median_if_fast(fn, A, B, time.perf_counter() - t0), res))
    except Exception as exc:  # reported in the table
        conn.send(("error", 0.0, f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _run_capped(target, fn, A, B, cap):
    """Run ``target(fn, A, B, conn)`` in a forked child; its message, or a timeout after ``cap``."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=target, args=(fn, A, B, child))
    proc.start()
    child.close()
    if parent.poll(cap):
        try:
            out = parent.recv()
        except EOFError:
            out = ("error", 0.0, "solver process died")
    else:
        out = ("timeout", cap, None)
        proc.kill()
    proc.join()
    return out


def timed_call(fn, A, B, cap):
    """(status, seconds, result) with status 'ok', 'timeout' or 'error'."""
    return _run_capped(_child, fn, A, B, cap)


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


def peer_table(args) -> str:
    """The wide comparison with every peer (``--all-peers``): n×n and 2×N, 0..99 payoffs."""
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
        "## Every peer (`--all-peers`)",
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
    return "\n".join(lines)


# -- the lrsnash comparison (issue #14): n×n, two payoff families, same games -------------------


def _rss_kb() -> int:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _cpu(fn) -> float:
    """CPU seconds used so far by the solver: this process, or the lrsnash processes."""
    import resource

    if fn is run_lrsnash:
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        return ru.ru_utime + ru.ru_stime
    return time.process_time()


def _child_mem(fn, A, B, conn):
    """Like :func:`_child`, plus the growth of the peak resident set (kB) during the first
    call (for lrsnash the peak of its own process, ``RUSAGE_CHILDREN``) and the CPU time.
    As for the wall time, fast calls (< 0.1 s) are repeated and the CPU time is the median
    of the repeats (first-call effects of the fresh child — copy-on-write page faults —
    would otherwise count for gamekit and not for lrsnash, a fresh process each time)."""
    import resource

    try:
        before = _rss_kb()
        c0 = _cpu(fn)
        t0 = time.perf_counter()
        res = fn(A, B)
        first, cpu = time.perf_counter() - t0, _cpu(fn) - c0
        mem = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if fn is run_lrsnash else max(0, _rss_kb() - before)
        walls, cpus = [first], [cpu]
        if first < 0.1:
            walls, cpus = [], []
            for _ in range(5):
                c0, t0 = _cpu(fn), time.perf_counter()
                fn(A, B)
                walls.append(time.perf_counter() - t0)
                cpus.append(_cpu(fn) - c0)
        conn.send(("ok", statistics.median(walls), (res, mem, statistics.median(cpus))))
    except Exception as exc:  # reported in the table
        conn.send(("error", 0.0, f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def timed_mem_call(fn, A, B, cap):
    """(status, seconds, (result, peak kB, CPU s)) in a forked child with a time cap."""
    return _run_capped(_child_mem, fn, A, B, cap)


FAMILIES = {"0..99": 99, "{0,1,2}": 2}


def family_game(rng, n, hi):
    A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(n)]
    B = [[rng.randint(0, hi) for _ in range(n)] for _ in range(n)]
    return A, B


def fmt_mem(kb):
    return "—" if kb is None else (f"{kb / 1024:.0f} MB" if kb >= 1024 else f"{kb} kB")


def lrsnash_section(args, progress, task) -> tuple[list[str], list[tuple]]:
    """gamekit all vs lrsnash (and pygambit exact at n ≤ 8), per n and family."""
    sizes = (8, 10) if args.quick else (8, 10, 12, 14, 16)
    per = 2 if args.quick else GAMES_PER_SIZE
    lines = ["| n | payoffs | gamekit all | lrsnash | lrsnash / gamekit (wall) | CPU gamekit / lrsnash "
             "| lrsnash / gamekit (CPU) | pygambit exact | equilibria per game | agreement with lrsnash "
             "| peak memory gamekit / lrsnash | bases of P / Q (median) |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---|---|---|---:|"]
    curve = []
    for n in sizes:
        for fam, hi in FAMILIES.items():
            rng = random.Random(7919 * n + hi)
            games = [family_game(rng, n, hi) for _ in range(per)]
            res: dict[str, list] = {"gamekit all": [], "lrsnash": [], "pygambit": []}
            for A, B in games:
                for name, fn in (("gamekit all", run_gamekit_bases), ("lrsnash", run_lrsnash),
                                 ("pygambit", run_gambit("enummixed_exact"))):
                    if name == "pygambit" and (n > 8 or pygambit is None):
                        continue
                    if name == "lrsnash" and shutil.which("lrsnash") is None:
                        continue
                    progress.update(task, description=f"{n}×{n} {fam} {name}")
                    res[name].append(timed_mem_call(fn, A, B, args.cap))
            progress.advance(task)
            bases = [r[0][1] for st, _, r in res["gamekit all"] if st == "ok"]
            res["gamekit all"] = [(st, t, (r[0][0], *r[1:]) if st == "ok" else r) for st, t, r in res["gamekit all"]]
            lines.append(_lrs_row(n, fam, res, bases))
            curve.append((n, fam, _med(res["gamekit all"]), _med(res["lrsnash"])))
    return lines, curve


def _med(runs):
    times = [t for st, t, _ in runs if st == "ok"]
    return statistics.median(times) if times and len(times) == len(runs) else None


def _med_cpu(runs):
    times = [r[2] for st, _, r in runs if st == "ok"]
    return statistics.median(times) if times and len(times) == len(runs) else None


def _lrs_row(n, fam, res, bases) -> str:
    ours, theirs, gam = _med(res["gamekit all"]), _med(res["lrsnash"]), _med(res["pygambit"])
    agree = []
    for (s1, _, r1), (s2, _, r2) in zip(res["gamekit all"], res["lrsnash"]):
        if s1 == "ok" and s2 == "ok":
            agree.append("same" if set(r1[0]) == set(r2[0]) else "DIFFERENT")
    counts = " ".join(str(len(r[0])) for st, _, r in res["gamekit all"] if st == "ok")
    mem_ours = max((r[1] for st, _, r in res["gamekit all"] if st == "ok"), default=None)
    mem_lrs = max((r[1] for st, _, r in res["lrsnash"] if st == "ok"), default=None)
    ratio = f"**{theirs / ours:.2f}×**" if ours and theirs else "—"
    c1, c2 = _med_cpu(res["gamekit all"]), _med_cpu(res["lrsnash"])
    cpu = f"{fmt_time(c1)} / {fmt_time(c2)}" if c1 and c2 else "—"
    cratio = f"**{c2 / c1:.2f}×**" if c1 and c2 else "—"
    gtxt = fmt_time(gam) if gam else ("—" if not res["pygambit"] else "timeout")
    return (f"| {n} | {fam} | {fmt_time(ours)} | {fmt_time(theirs)} | {ratio} | {cpu} | {cratio} | {gtxt} "
            f"| {counts} | {'; '.join(sorted(set(agree))) or '—'} | {fmt_mem(mem_ours)} / {fmt_mem(mem_lrs)} "
            f"| {_median_bases(bases)} |")


def _median_bases(bases) -> str:
    """Median number of verified bases of P and of Q over the games (— if not the fast path)."""
    got = [b for b in bases if b]
    if not got:
        return "—"
    return f"{int(statistics.median(b[0] for b in got)):,} / {int(statistics.median(b[1] for b in got)):,}"


def run_gamekit_bases(A, B):
    """gamekit all, plus the number of verified bases of each best-response polytope."""
    r = gamekit.bimatrix.solve_result(gamekit.BimatrixGame(A, B), method="all")
    return [(e.row, e.col) for e in r], r.parameters.get("bases")


def beyond_section(args, progress, task) -> tuple[list[str], list[tuple]]:
    """Sizes lrsnash cannot do in time or at all: n×n up to 20, 2×N up to 10⁵ (gamekit only)."""
    from gamekit.kernel.certified_polytope import bytes_per_basis

    square = (12, 14) if args.quick else (16, 17, 18, 20)
    wide = (10**3, 10**4) if args.quick else (10**3, 10**4, 10**5)
    lines = ["| game | payoffs | gamekit all (wall) | CPU | equilibria | bases of P / Q | search memory (bound) "
             "| peak memory | lrsnash |", "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    pts = []
    for label, m, n, hi in [(f"{k}×{k}", k, k, 99) for k in square] + [(f"2×{N}", 2, N, 10**6) for N in wide]:
        progress.update(task, description=f"{label} gamekit all")
        rng = random.Random(31 * m + n)
        A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
        B = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
        st, secs, out = timed_mem_call(run_gamekit_bases, A, B, args.big_cap)
        lrs = "refuses > 200 strategies" if n > 200 else "not run (minutes; see above)"
        if st == "ok":
            (res, bases), mem, cpu = out
            nb = f"{bases[0]:,} / {bases[1]:,}" if bases else "— (upper envelope)"
            bound = fmt_mem((bases[0] * bytes_per_basis(n) + bases[1] * bytes_per_basis(m)) // 1024) if bases else "—"
            lines.append(f"| {label} | 0..{hi} | {fmt_time(secs)} | {fmt_time(cpu)} | {len(res)} | {nb} | {bound} "
                         f"| {fmt_mem(mem)} | {lrs} |")
            pts.append((m, n, secs))
        else:
            lines.append(f"| {label} | 0..{hi} | {st} (cap {fmt_time(args.big_cap)}) | | | | | | {lrs} |")
        progress.advance(task)
    return lines, pts


def _polytope(n: int) -> list[list[int]]:
    """The row player's best-response polytope matrix A' = A − min A + 1 of the n×n
    0..99 game of the table above (the same seeds)."""
    rng = random.Random(31 * n + n)
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(n)]
    lo = min(min(r) for r in A)
    return [[a - lo + 1 for a in r] for r in A]


def _phases(M) -> tuple[float, float, float, int]:
    """CPU seconds of the exact steps 2 and 3 (verify, closure) after a reverse search."""
    from gamekit.kernel.modular_verify import choose_primes, closure_certificate, verify_tree
    from gamekit.kernel.search_driver import reverse_search

    st, count, _ = reverse_search(M, None, None, None)
    ps, inv, half = choose_primes(M)
    Mi = np.array(M, dtype=object)
    Mres = np.stack([np.array(Mi % int(p), dtype=np.int64) for p in ps])
    labels = np.zeros((count, 2), np.uint64)
    t0 = time.process_time()
    bad = verify_tree(Mres, ps, inv, half, st.parent[:count], st.enter[:count], st.leave[:count], count, st.lo, st.hi,
                      labels)
    t1 = time.process_time()
    ok = closure_certificate(st.lo, st.hi, st.nbr, st.table, count, len(M[0]), len(M) + len(M[0]))
    t2 = time.process_time()
    assert bad < 0 and ok
    return t1 - t0, t2 - t1, count


def search_section(args, progress, task) -> list[str]:
    """Step 1 (float search) per basis: breadth-first (one tableau inverted per basis) vs
    reverse search (one pivot per basis), same polytope, same run; steps 2–3 for scale."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test oracles (tests/oracles/)
    from oracles.bfs_search import bfs_search

    from gamekit.kernel import search_driver as sd

    lines = ["| polytope | bases | BFS (before) | reverse search | BFS / reverse | same bases | depth BFS / RS "
             "| exact verify | closure |", "|---|---:|---:|---:|---:|---|---|---:|---:|"]
    for n in ((10, 12) if args.quick else (14, 16, 18)):
        progress.update(task, description=f"float search {n}x{n}")
        M = _polytope(n)
        runs = {"bfs": [], "rs": []}
        found = {}
        for _ in range(3 if n < 18 else 1):
            for key, fn in (("bfs", bfs_search), ("rs", sd.reverse_search)):
                t0 = time.process_time()
                st, count, stopped = fn(M, None, None, None)
                runs[key].append(time.process_time() - t0)
                found[key] = (st, count)
        masks = {key: set(zip(st.lo[:c].tolist(), st.hi[:c].tolist())) for key, (st, c) in found.items()}
        depth = {}
        for key, (st, c) in found.items():
            dep = np.zeros(c, np.int64)
            par = st.parent[:c]
            for i in range(1, c):
                dep[i] = dep[par[i]] + 1
            depth[key] = int(dep.max())
        ver, clo, count = _phases(M)
        b, r = statistics.median(runs["bfs"]), statistics.median(runs["rs"])
        lines.append(f"| {n}×{n} | {count:,} | {b / count * 1e6:.2f} µs | {r / count * 1e6:.2f} µs | **{b / r:.2f}×** "
                     f"| {'yes' if masks['bfs'] == masks['rs'] else 'NO'} | {depth['bfs']} / {depth['rs']} "
                     f"| {ver / count * 1e6:.2f} µs | {clo / count * 1e6:.2f} µs |")
        progress.advance(task)
    return lines


# -- every family of issue #23: warm in-process and fresh processes, against lrsnash ---------------


def run_gamekit_all(A, B):
    """gamekit all (warm, in this process): the profiles and the strategy that ran."""
    r = gamekit.bimatrix.solve_result(gamekit.BimatrixGame(A, B), method="all")
    return [(e.row, e.col) for e in r], r.parameters.get("ran")


def fresh_pair(A, B, cap: float) -> dict:
    """``gamekit solve FILE.nfg --json`` and ``lrsnash FILE`` as fresh processes: CPU s and
    peak RSS (kB) of each, lrsnash's equilibria; None entries on timeout."""
    from gamekit.io.nfg import write_nfg

    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        nfg, lrs = Path(tmp) / "game.nfg", Path(tmp) / "game.txt"
        write_nfg(gamekit.BimatrixGame(A, B), nfg)
        write_lrsnash_input(A, B, lrs)
        env = dict(os.environ, PYTHONPATH=str(root))
        ours = run_process([sys.executable, "-m", "gamekit.cli", "solve", str(nfg), "--json"], cap, env)
        theirs = (run_process([shutil.which("lrsnash") or "lrsnash", str(lrs)], cap)
                  if max(len(A), len(A[0])) <= 200 else None)
    return {"gk_cpu": ours and ours[1], "gk_rss": ours and ours[2], "lrs_cpu": theirs and theirs[1],
            "lrs_rss": theirs and theirs[2],
            "lrs_eq": None if theirs is None else parse_lrsnash(theirs[0], len(A), len(A[0]))}


def _family_row(name: str, label: str, games: list, args) -> dict:
    """Medians over the games of one size (None: a game timed out)."""
    warm, cnt, agree, paths, fresh = [], [], [], set(), []
    for A, B in games:
        st, _, out = timed_mem_call(run_gamekit_all, A, B, args.cap)
        f = fresh_pair(A, B, args.cap)
        fresh.append(f)
        if st == "ok":
            (profiles, path), _, cpu = out
            warm.append(cpu)
            cnt.append(len(profiles))
            paths.add(str(path))
            if f["lrs_eq"] is not None:
                agree.append("same" if set(profiles) == set(f["lrs_eq"]) else "DIFFERENT")
        else:
            warm.append(None)

    def med(xs):
        return None if not xs or None in xs else statistics.median(xs)

    return {"family": name, "game": label, "warm": med(warm),
            **{k: med([f[k] for f in fresh]) for k in ("gk_cpu", "gk_rss", "lrs_cpu", "lrs_rss")},
            "counts": cnt, "agree": sorted(set(agree)), "paths": sorted(paths)}


def _family_line(r: dict, cap: float) -> str:
    def t(x):
        return fmt_time(x) if x is not None else f"> {fmt_time(cap)}"

    def ratio(a, b):
        return f"**{a / b:.2f}×**" if a and b else "—"

    return (f"| {r['family']} | {r['game']} | {t(r['lrs_cpu'])} | {t(r['warm'])} | {ratio(r['lrs_cpu'], r['warm'])} "
            f"| {t(r['gk_cpu'])} | {ratio(r['lrs_cpu'], r['gk_cpu'])} | {fmt_mem(r['gk_rss'])} / {fmt_mem(r['lrs_rss'])} "
            f"| {' '.join(map(str, r['counts']))} | {'; '.join(r['agree']) or '—'} | {', '.join(r['paths'])} |")


def families_section(args, progress, task) -> tuple[list[str], list[dict]]:
    """Every family of ``bench_families`` against lrsnash; rows kept in a JSON file (resumable)."""
    import json

    from bench_families import families

    store = OUT.parent / ("solvers_families_quick.json" if args.quick else "solvers_families.json")
    only = set(getattr(args, "family", None) or ())
    done = json.loads(store.read_text()) if store.exists() and (not args.fresh or only) else {}
    if args.fresh and only:  # re-measure the chosen families only
        done = {key: row for key, row in done.items() if key.split("|")[0] not in only}
    rows = []
    unknown = only - set(families(args.quick))
    if unknown:
        raise SystemExit(f"unknown family {sorted(unknown)}; the families: {sorted(families(args.quick))}")
    for name, sizes in families(args.quick).items():
        for label, games in sizes:
            key = f"{name}|{label}"
            progress.update(task, description=f"{name} {label}")
            measure = not only or name in only  # the others: their stored rows, if any
            if key not in done and (getattr(args, "stored_only", False) or not measure):
                continue
            if key not in done:
                done[key] = _family_row(name, label, games, args)
                from gamekit.io.atomic import atomic_write

                atomic_write(store, json.dumps(done, indent=1))
            rows.append(done[key])
            progress.advance(task)
    lines = ["| family | game | lrsnash (process) | gamekit warm | lrsnash / gamekit warm | gamekit fresh process "
             "| lrsnash / gamekit fresh | peak RSS gamekit / lrsnash process | equilibria per game "
             "| agreement with lrsnash | path |", "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|"]
    lines += [_family_line(r, args.cap) for r in rows]
    return lines, rows


def lemke_howson_section(args, progress, task) -> list[str]:
    """One certified equilibrium on large games (issue #23, target 3): gamekit against QuantEcon
    and pygambit, with the functions of ``benchmarks/bench_lemke_howson.py``."""
    import bench_lemke_howson as lh

    sizes = lh.SIZES[:2] if args.quick else lh.SIZES
    seeds = lh.SEEDS[:1] if args.quick else lh.SEEDS
    lines = ["| n | seed | gamekit (exact, certified) | QuantEcon (floats) | QuantEcon / gamekit | pygambit lcp (exact) "
             "| pygambit / gamekit |", "|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sizes:
        for seed in seeds:
            progress.update(task, description=f"lemke_howson {n}×{n} seed {seed}")
            A, B = lh.game(n, seed)
            g = gamekit.BimatrixGame(A, B)
            gamekit.bimatrix.solve_result(g, "lemke_howson", initial_label=0)  # warm-up
            tg, _ = lh.cpu_time(lambda g=g: gamekit.bimatrix.solve_result(g, "lemke_howson", initial_label=0))
            qe = lh.qe_solver(A, B)
            qe()
            tq, _ = lh.cpu_time(qe)
            tgb, _ = lh.gambit_time(A, B)
            gb = f"{fmt_time(tgb)} | **{tgb / tg:.1f}×**" if tgb else f"> {lh.GAMBIT_CAP:g} s | —"
            lines.append(f"| {n} | {seed} | {fmt_time(tg)} | {fmt_time(tq)} | **{tq / tg:.2f}×** | {gb} |")
            progress.advance(task)
    return lines


def plot_coordination(rows: list[dict], path: Path) -> str | None:
    """CPU time vs n on the coordination games: gamekit warm, fresh, lrsnash; ∝ 2ⁿ − 1."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gamekit.io.atomic import save_figure

    pts = [r for r in rows if r["family"] == "coordination"]
    ns = [int(r["game"].split("×")[0]) for r in pts]
    fig, ax = plt.subplots(figsize=(6, 4))
    for key, style, what in (("warm", "o-", "gamekit all (warm, in-process)"),
                             ("gk_cpu", "^-", "gamekit solve (fresh process)"), ("lrs_cpu", "s--", "lrsnash")):
        xs = [(n, r[key]) for n, r in zip(ns, pts) if r[key]]
        ax.plot([x for x, _ in xs], [y for _, y in xs], style, label=what)
    timed = [(n, r["warm"]) for n, r in zip(ns, pts) if r["warm"]]
    if timed:
        n0, t0 = timed[-1]
        ax.plot(ns, [(2**n - 1) * t0 / (2**n0 - 1) for n in ns], ":", color="grey", label="∝ 2ⁿ − 1 (output size)")
    ax.set(xlabel="n (n×n coordination game)", ylabel="CPU seconds", yscale="log", title="all 2ⁿ − 1 extreme equilibria")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return save_figure(fig, path)


def plot(curve, pts, path) -> str | None:
    """Time vs n (n×n, both families, with lrsnash) and vs N (2×N), log scale."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover
        return None
    from gamekit.io.atomic import save_figure

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for fam in FAMILIES:
        xs = [(n, a, b) for n, f, a, b in curve if f == fam]
        ax1.plot([x[0] for x in xs if x[1]], [x[1] for x in xs if x[1]], "o-", label=f"gamekit all, {fam}")
        ax1.plot([x[0] for x in xs if x[2]], [x[2] for x in xs if x[2]], "s--", label=f"lrsnash, {fam}")
    sq = [(n, t) for m, n, t in pts if m == n]
    ax1.plot([n for n, _ in sq], [t for _, t in sq], "^-", label="gamekit all, 0..99 (beyond)")
    ax1.set(xlabel="n (n×n game)", ylabel="seconds", yscale="log", title="all extreme equilibria")
    ax1.legend(fontsize=7)
    wide = [(n, t) for m, n, t in pts if m == 2]
    ax2.plot([n for n, _ in wide], [t for _, t in wide], "o-")
    ax2.set(xlabel="N (2×N game)", ylabel="seconds", xscale="log", yscale="log", title="2×N (lrsnash: N ≤ 200)")
    fig.tight_layout()
    return save_figure(fig, path)


def _write_families_only(args, fam_lines: list[str], fam_rows: list[dict], load: str) -> int:
    from gamekit.io.atomic import atomic_write

    text = "\n".join([
        "# Every game family of issue #23: gamekit `all` vs lrsnash, warm and per process",
        "",
        f"Generated by `benchmarks/bench_solvers.py --families-only{' --quick' if args.quick else ''}` on "
        f"{time.strftime('%Y-%m-%d')}: Python {platform.python_version()}, {platform.machine()}, "
        f"{mp.cpu_count()} cores (shared); load average at the start {load}; cap {fmt_time(args.cap)} per call. "
        "Columns: as in `solvers.md` (generators and seeds: `benchmarks/bench_families.py`).",
        "",
        *fam_lines,
        "",
    ])
    if not args.quick:
        png = plot_coordination(fam_rows, OUT.parent / "solvers_coordination.png")
        if png:
            text += f"\n![coordination games: CPU time vs n]({Path(png).name})\n"
    atomic_write(OUT.with_name("solvers_families_quick.md" if args.quick else "solvers_families.md"), text)
    print(text)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=120.0, help="time cap per solver call (s)")
    ap.add_argument("--big-cap", type=float, default=900.0, help="time cap per call beyond lrsnash (s)")
    ap.add_argument("--quick", action="store_true",
                    help="small sizes only (writes solvers_quick.md, not solvers.md)")
    ap.add_argument("--fresh", action="store_true", help="re-measure the family rows stored by an earlier run")
    ap.add_argument("--families-only", action="store_true",
                    help="only the families table (writes solvers_families.md; resumable)")
    ap.add_argument("--stored-only", action="store_true",
                    help="with --families-only: write the table of the rows stored so far, measure nothing")
    ap.add_argument("--family", action="append", metavar="NAME",
                    help="with --families-only: measure only this family of bench_families (repeatable; "
                         "e.g. 'rational 1e4'); the other rows are taken from the stored run")
    ap.add_argument("--all-peers", action="store_true", help="also the wide table with every peer")
    args = ap.parse_args(argv)
    from rich.console import Console
    from rich.progress import Progress

    # Every compiled path once in this process (the install step `gamekit compile`): forked
    # children inherit the loaded kernels, fresh `gamekit solve` processes load them from the cache.
    from gamekit.io.precompile import compile_kernels

    if not args.stored_only:
        compile_kernels()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("benchmark", total=None)
        fam_lines, fam_rows = families_section(args, progress, task)
        if args.families_only:
            return _write_families_only(args, fam_lines, fam_rows, load)
        lh_lines = lemke_howson_section(args, progress, task)
        lrs_lines, curve = lrsnash_section(args, progress, task)
        big_lines, pts = beyond_section(args, progress, task)
        search_lines = search_section(args, progress, task)
    lines = [
        "# Equilibrium solvers: gamekit `all` vs lrsnash (and peers)",
        "",
        f"Generated by `benchmarks/bench_solvers.py` on {time.strftime('%Y-%m-%d')}: Python "
        f"{platform.python_version()}, {platform.machine()}, {mp.cpu_count()} cores (shared); load "
        f"average at the start {load}. Each call runs in a forked child (numba kernels loaded in the "
        "parent); times are medians over the games; the ratio is measured in this run on the same "
        "games, so it holds on a busy machine.",
        "",
        "## Every game family of issue #23: gamekit `all` vs lrsnash, warm and per process",
        "",
        "Generators and seeds: `benchmarks/bench_families.py` (its docstring). CPU seconds (user + system), "
        "medians over the games of a size. *lrsnash (process)*: one `lrsnash FILE` process per game (lrslib, "
        "GMP; it is always a fresh process). *gamekit warm*: `solve(g, method=\"all\")` in a forked child of a "
        "process with the kernels loaded (calls under 0.1 s repeated 5 times). *gamekit fresh process*: "
        "`python -m gamekit.cli solve FILE.nfg --json` — interpreter start, imports, loading the kernels from "
        "numba's cache (after `gamekit compile`) and the JSON output included: what a user running "
        "`gamekit solve` from the shell pays. Ratios > 1: gamekit is faster. *peak RSS*: maximum resident "
        "set of each process (`os.wait4`). *agreement*: the sets of extreme equilibria are exactly equal. "
        "*path*: the strategy that ran (`parameters['ran']`). `> cap`: stopped at the time cap.",
        "",
        *fam_lines,
        "",
        "## One equilibrium on large games: Lemke–Howson against QuantEcon and pygambit",
        "",
        "The functions of `benchmarks/bench_lemke_howson.py` (its docstring: games, seeds, what is timed; "
        "its own results file has the first-call costs and pivot counts): CPU time of one path from label 0, "
        "after a warm-up call. gamekit's answer is exact and certified, QuantEcon's a float vector.",
        "",
        *lh_lines,
        "",
        "## All extreme equilibria, random n×n games: gamekit `all` vs lrsnash",
        "",
        "*lrsnash / gamekit* > 1: gamekit is faster. *agreement*: the sets of extreme equilibria are "
        "exactly equal (rational profiles). *peak memory*: growth of the resident set during the "
        "call for gamekit; for lrsnash the peak of its child process, which includes the copy of "
        "the Python process made before exec (lrsnash itself needs ≈ 2.5 MB by /usr/bin/time). *CPU*: user + system time of the "
        "call (gamekit's process, both threads; the lrsnash process), like the wall time the median "
        "of 5 repeats for calls under 0.1 s — on a shared machine the wall-clock ratio is noisy, "
        "the CPU ratio much less. *bases of P / Q*: lexico-feasible bases of the two best-response "
        "polytopes verified by the certified search (its work and memory are proportional to them).",
        "",
        *lrs_lines,
        "",
        "## Beyond lrsnash's reach (gamekit `all` only)",
        "",
        "*search memory (bound)*: bases × `bytes_per_basis` (the certified search's arrays); "
        "*peak memory*: growth of the resident set of the call.",
        "",
        *big_lines,
        "",
        "## The float search step: reverse search vs breadth-first search",
        "",
        "CPU time per basis of step 1 of the certified search (docs/solvers.md) on one polytope, the "
        "row player's of the n×n 0..99 game above, both searches in this process (median of 3 runs, "
        "1 at 18×18): the breadth-first search recomputes every tableau from its basis (an "
        "inverse per basis), the reverse search pivots its parent's tableau once. *same bases*: "
        "the two candidate sets are equal. *depth*: of the search tree (the reverse-search tree "
        "is the simplex tree of min Σz, deeper than the breadth-first one). The exact steps 2 "
        "(modular check of every basis along the tree) and 3 (closure certificate) are given per "
        "basis for scale.",
        "",
        *search_lines,
        "",
    ]
    if not args.quick:
        png = plot(curve, pts, OUT.parent / "solvers_curve.png")
        if png:
            lines += [f"![time vs n]({Path(png).name})", ""]
        png = plot_coordination(fam_rows, OUT.parent / "solvers_coordination.png")
        if png:
            lines += [f"![coordination games: CPU time vs n]({Path(png).name})", ""]
    if args.all_peers:
        lines.append(peer_table(args))
    text = "\n".join(lines)
    from gamekit.io.atomic import atomic_write

    OUT.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(OUT.with_name("solvers_quick.md") if args.quick else OUT, text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
