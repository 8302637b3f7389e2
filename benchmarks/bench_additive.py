"""Foster's algorithm (``gamekit.additive.solve_additive``): scaling in n and peers on 2×2ⁿ games.

Two parts, in one run so the ratios compare like with like:

1. *Scaling.* Random additive 2×2ⁿ games (integer weights in ±10⁶, so few tied
   breakpoints), n = 10 … 10⁶. The payoff tables (weighted gains, constants) are built
   first and timed separately; "Foster" is ``solve_additive`` after them. The column
   µs/(n log₂ n) should stay roughly flat.
2. *Peers.* The same kind of games for n = 4 … 14, materialized to the explicit
   2×2ⁿ bimatrix game (no Lemma 1, timed separately) and solved for *all* extreme
   equilibria by ``gamekit.solve(method="all")``, pygambit ``enummixed_solve(rational=True)``
   and nashpy ``vertex_enumeration`` (floats), each in a child process with a time cap;
   once a peer hits the cap it is not run for larger n. Exact answers are checked with
   ``compare_with_explicit`` (our cells = images of the peer's maximal Nash subsets).

Run:  .venv/bin/python benchmarks/bench_additive.py [--cap SECONDS] [--quick] [--seeds K]
      [--max-n N] [--no-peers] [--json-n N] [--out FILE]
Writes benchmarks/results/additive.md (``--out``: e.g. results/additive_scaling.md with ``--no-peers``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import platform
import random
import sys
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

import nashpy  # noqa: F401  (imported before forking: children do not pay the import)
import pygambit  # noqa: F401
from rich.console import Console
from rich.progress import Progress

from gamekit import AdditiveGame
from gamekit.additive import solve_additive

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test oracles (tests/oracles/)
from oracles.additive_oracle import compare_with_explicit  # noqa: E402

from gamekit.additive.certify import certify_additive_solution
from gamekit.additive.reduction import materialize

OUT = Path(__file__).parent / "results" / "additive.md"
R = 10**6


def random_game(n: int, seed: int) -> AdditiveGame:
    """Random additive 2×2ⁿ game: move-1 gains non-zero, all four Lemma 2 classes present."""
    rng = random.Random(seed)
    bm = [[(w, w + rng.choice((-1, 1)) * rng.randint(1, R)) for w in rng.choices(range(-R, R), k=n)]
          for _ in range(2)]
    am = [[(rng.randint(-R, R), rng.randint(-R, R)) for _ in range(n)] for _ in range(2)]
    return AdditiveGame(["r0", "r1"], [f"i{l}" for l in range(n)], [rng.randint(-R, R), rng.randint(-R, R)],
                        bm, a_base=[rng.randint(-R, R), rng.randint(-R, R)], a_move=am)


def tables(g: AdditiveGame) -> None:
    for u in range(2):
        g.b_gains(u), g.a_gains(u), g.b_const(u), g.a_const(u)


def floor(g: AdditiveGame) -> list[Fraction]:
    """The issue's floor: the breakpoints p(l) = G0/(G0 - G1) as Fractions, sorted."""
    G0, G1 = g.b_gains(0), g.b_gains(1)
    bp = [a / (a - b) for a, b in zip(G0, G1) if (a <= 0 <= b or b <= 0 <= a) and a != b]
    bp.sort()
    return bp


def timed(fn, *args):
    t = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t, out


def timed_cpu(fn, *args):
    """CPU seconds of this process (the machine is shared: wall time carries other load)."""
    t = time.process_time()
    out = fn(*args)
    return time.process_time() - t, out


# -- peers, each in a child process ----------------------------------------------------------
def _peer(name: str, A, B, q) -> None:
    try:
        t = time.perf_counter()
        if name == "gamekit":
            from gamekit import BimatrixGame
            from gamekit.bimatrix import solve_result

            res = solve_result(BimatrixGame(A, B), method="all")
            eqs = [(e.row, e.col) for e in res.equilibria]
        elif name == "pygambit":
            import numpy as np

            g = pygambit.Game.from_arrays(np.array(A, dtype=object), np.array(B, dtype=object))
            res = pygambit.nash.enummixed_solve(g, rational=True)
            p1, p2 = g.players
            eqs = [(tuple(Fraction(e[s]) for s in p1.strategies), tuple(Fraction(e[s]) for s in p2.strategies))
                   for e in res.equilibria]
        else:
            import warnings

            import numpy as np

            warnings.simplefilter("ignore")
            gm = nashpy.Game(np.array(A, dtype=float), np.array(B, dtype=float))
            eqs = [(tuple(x), tuple(y)) for x, y in gm.vertex_enumeration()]
        q.put((time.perf_counter() - t, eqs))
    except Exception as exc:  # pragma: no cover - reported in the table
        q.put((None, repr(exc)))


def run_peer(name: str, A, B, cap: float):
    q = mp.get_context("fork").Queue()
    p = mp.get_context("fork").Process(target=_peer, args=(name, A, B, q))
    p.start()
    try:
        out = q.get(timeout=cap)
    except Exception:
        out = None
    p.join(timeout=1)
    if p.is_alive():
        p.kill()
        p.join()
    return out


def fmt_t(t: float | None) -> str:
    if t is None:
        return "—"
    return f"{t * 1000:.2f}" if t < 0.1 else f"{t * 1000:,.0f}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=float, default=60.0, help="time cap per peer solve (s)")
    ap.add_argument("--quick", action="store_true", help="smaller sizes (smoke test)")
    ap.add_argument("--max-n", type=int, default=1_000_000, help="largest n of the scaling part (a power of 10)")
    ap.add_argument("--seeds", type=int, default=3, help="random games per n in the scaling part (median)")
    ap.add_argument("--no-peers", action="store_true", help="only the scaling part")
    ap.add_argument("--out", default=str(OUT), help="results file")
    ap.add_argument("--json-n", type=int, default=100_000, help="n at which the JSON output cost is timed")
    args = ap.parse_args()
    scale_ns = [10, 100, 1000, 10_000] if args.quick else [10**k for k in range(1, 7) if 10**k <= args.max_n]
    peer_ns = list(range(4, 9)) if args.quick else list(range(4, 15))
    seeds = list(range(1, args.seeds + 1))
    if args.no_peers:
        peer_ns = []
    lines = [
        "# Foster's algorithm on additive 2×2ⁿ games",
        "",
        f"Machine: {platform.machine()}, {mp.cpu_count()} CPUs (shared), Python {platform.python_version()}; "
        f"{date.today()}. Command: `.venv/bin/python benchmarks/bench_additive.py"
        f"{' --quick' if args.quick else ''}{' --no-peers' if args.no_peers else ''}"
        f"{f' --seeds {args.seeds}' if args.seeds != 3 else ''}"
        f"{f' --max-n {args.max_n}' if args.max_n != 1_000_000 else ''}"
        f"{f' --json-n {args.json_n}' if args.json_n != 100_000 else ''}` (cap {args.cap:g} s per peer solve). "
        f"Load average {os.getloadavg()[0]:.1f} at the start.",
        "",
        "## 1. Scaling in n (after the payoff tables)",
        "",
        f"Random games, integer weights in ±10⁶ (few ties), median of {len(seeds)} seed(s), CPU milliseconds of",
        "this process (the machine is shared; the floor is measured on the same game right after",
        "Foster, so the ratio compares like with like). *tables*: weighted",
        "gains and constants (O(n), exact Fractions); *Foster*: `solve_additive` after the tables —",
        "the exact integer forms of the gain tables, the sweep (one argsort of the best-response",
        "discontinuities with an exact order certificate, the O(n log n) step), and the exact",
        "certification of every extreme equilibrium and cell (each an n-vector: O(n) numpy work per",
        "equilibrium). *of which certification*: `certify_additive_solution` on the result, timed again",
        "alone. *floor*: computing the breakpoints G0/(G0 - G1) as Fractions and sorting them (issue #14).",
        "The median row is the seed with the median Foster time; the last column lists every seed.",
        "",
        "| n | breakpoints | equilibria | tables (ms) | Foster (ms) | of which certification (ms) "
        "| µs / (n log₂ n) | Foster ratio to previous n | floor (ms) | Foster / floor | Foster / floor, every seed |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|",
    ]
    prev = None
    output_lines: list[str] = []
    with Progress(transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task("scaling", total=len(scale_ns) * len(seeds))
        for n in scale_ns:
            runs = []
            for s in seeds:
                g = random_game(n, s)
                tt, _ = timed_cpu(tables, g)
                ts, sol = timed_cpu(solve_additive, g)
                tc, _ = timed_cpu(certify_additive_solution, sol)  # the certification alone, again
                tf, _ = timed_cpu(floor, g)
                runs.append((ts, tt, len(sol.certificate.breakpoints), len(sol.equilibria), tf, tc, s))
                if n == args.json_n:
                    tj, _ = timed_cpu(sol.to_json)
                    output_lines.append(f"| {n:,} | {s} | {len(sol.equilibria)} | {fmt_t(ts)} | {fmt_t(tj)} | "
                                        f"{tj / ts:.1f}× |")
                progress.advance(task)
            every = ", ".join(f"{r[0] / r[4]:.2f}× ({r[3]} eq.)" for r in sorted(runs, key=lambda r: r[6]))
            runs.sort()
            ts, tt, nb, ne, tf, tc, _ = runs[len(runs) // 2]
            per = ts * 1e6 / (n * math.log2(n))
            ratio = f"{ts / prev:.1f}× (n ×10)" if prev else ""
            lines.append(f"| {n:,} | {nb:,} | {ne} | {fmt_t(tt)} | {fmt_t(ts)} | {fmt_t(tc)} | {per:.2f} | {ratio} | "
                         f"{fmt_t(tf)} | **{ts / tf:.2f}×** | {every} |")
            prev = ts
        lines += [
            "",
            "n log₂ n grows ×13.3 from 10³ to 10⁴, ×12.5 from 10⁴ to 10⁵ and ×12 from 10⁵ to 10⁶; a ratio near that",
            "(not ×100) is the O(n log n) behaviour.",
            "",
            f"### Output cost (n = {args.json_n:,})",
            "",
            "Writing the solution as JSON (`sol.to_json()`: every extreme equilibrium's n probabilities as",
            "exact strings) is output, not solving: O(n) string conversions per equilibrium, timed apart.",
            "",
            "| n | seed | equilibria | Foster (ms) | to_json (ms) | to_json / Foster |",
            "|---:|---:|---:|---:|---:|---:|",
            *output_lines,
            *([] if output_lines else [f"(n = {args.json_n:,} not in this run.)"]),
            "",
            "## 2. Versus solving the materialized 2×2ⁿ game",
            "",
            "One random game per n (seed = n). *materialize*: writing the explicit 2×2ⁿ bimatrix",
            "(exact). Peers compute all extreme equilibria of it; ratios are peer time / Foster time.",
            "*agree*: `compare_with_explicit` finds no difference between our cells and the exact",
            "peers' extreme equilibria (nashpy is floating point: its count is shown instead).",
            "",
            "| n | columns | Foster (ms) | materialize (ms) | gamekit all (ms) | pygambit (ms) | nashpy (ms) "
            "| gamekit/Foster | pygambit/Foster | nashpy/Foster | agree | nashpy eqs / ours |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|:---:|",
        ]
        alive = {"gamekit": True, "pygambit": True, "nashpy": True}
        task2 = progress.add_task("peers", total=len(peer_ns))
        for n in peer_ns:
            g = random_game(n, n)
            tables(g)
            ts = min(timed(solve_additive, g)[0] for _ in range(5))
            sol = solve_additive(g)
            tm, explicit = timed(materialize, g, 1 << 16, False)
            A = [list(r) for r in explicit.A]
            B = [list(r) for r in explicit.B]
            res = {}
            agree = []
            for name in ("gamekit", "pygambit", "nashpy"):
                if not alive[name]:
                    res[name] = None
                    continue
                out = run_peer(name, A, B, args.cap)
                if out is None or out[0] is None:
                    alive[name] = False
                    res[name] = None
                    if out is not None:
                        print(f"{name} failed at n={n}: {out[1]}", file=sys.stderr)
                    continue
                res[name] = out
                if name != "nashpy":
                    agree.append(not compare_with_explicit(sol, out[1], limit=1 << 16, reduce=False))
            cap = f"> {args.cap:g} s"

            def cell(name: str, res=res, cap=cap) -> str:
                return fmt_t(res[name][0]) if res[name] else cap

            def ratio(name: str, res=res, ts=ts) -> str:
                return f"{res[name][0] / ts:,.0f}×" if res[name] else f"> {args.cap / ts:,.0f}×"

            nash_count = f"{len(res['nashpy'][1])} / {len(sol.equilibria)}" if res["nashpy"] else "—"
            ok = ("yes" if all(agree) else "NO") if agree else "—"
            lines.append(
                f"| {n} | {1 << n:,} | {fmt_t(ts)} | {fmt_t(tm)} | {cell('gamekit')} | {cell('pygambit')} | "
                f"{cell('nashpy')} | {ratio('gamekit')} | {ratio('pygambit')} | {ratio('nashpy')} | {ok} | "
                f"{nash_count} |")
            progress.advance(task2)
    if args.no_peers:
        lines += ["", "(Part 2 not run: `--no-peers`.)"]
    lines += [
        "",
        "Foster's time hardly moves with n here (n ≤ 14 is tiny for it), while every explicit",
        "method must at least read 2ⁿ columns; the exact vertex enumerations grow much faster.",
        "",
    ]
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
