"""CPU per basis of each phase of the certified vertex search, and the exact check against
its previous kernel — in one run.

For one best-response polytope {z ≥ 0, Mz ≤ 1} per cell (M = the row player's payoffs of a
random n×n game shifted to 1.., fixed seeds), n = 12 … 20, payoffs uniform in 0..99 and
degenerate payoffs in {0, 1, 2}: the three phases of
``gamekit.kernel.certified_polytope.search_bases`` timed separately (CPU seconds of this
process, ``time.process_time``, best of ``--repeats`` for the exact checks):

1. float search (``search_driver.reverse_search``, the reverse search) **and** the
   breadth-first float search (``tests/oracles/bfs_search.bfs_search``, one tableau inverted per
   basis) on the same polytope — the peer of the reverse search in the same run; both must
   find the same set of bases ("same"),
2. the exact check of every basis — ``modular_verify.verify_tree`` (float64 residues modulo
   primes < 2²⁷, fraction-free pivots, per-basis prime counts) **and** the previous kernel
   ``tests/oracles/modular_reference.verify_tree_reference`` (63-bit residues modulo primes
   < 2³¹, as it was) on the same tree,
3. the closure certificate (``modular_verify.closure_certificate``).

The ratio old / new of step 2 is measured on the same tree in the same run, so it holds on a
busy machine; both kernels must return the same answer and the same labels for every basis
("agree"). A tree larger than ``--max-bases`` is cut to the breadth-first prefix the float
search found first (a valid tree: the checks run on it unchanged; marked "cut").

Run:  nice python benchmarks/bench_search_phases.py [--quick] [--max-bases N]
Writes benchmarks/results/search_phases.md (not with --quick).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test oracles (tests/oracles/)

OUT = Path(__file__).parent / "results" / "search_phases.md"
FAMILIES = (("0..99", 99), ("{0,1,2}", 2))


def polytope(n: int, hi: int) -> list[list[int]]:
    """The row player's payoffs of a random n×n game (seed fixed by n and hi), shifted to ≥ 1."""
    rng = random.Random(1000 * n + hi)
    A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(n)]
    low = min(min(r) for r in A)
    return [[a - low + 1 for a in r] for r in A]


def _best_cpu(fn, repeats: int):
    best, out = float("inf"), None
    for _ in range(repeats):
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


def measure(M: list[list[int]], max_bases: int, repeats: int) -> dict:
    """Times of the three phases (and of the previous exact kernel) on one polytope."""
    from oracles import modular_reference as mr
    from oracles.bfs_search import bfs_search

    from gamekit.kernel import modular_verify as mv
    from gamekit.kernel import search_driver as sd

    k, d = len(M), len(M[0])
    t = time.process_time()
    st, count, stopped = sd.reverse_search(M, max_bases, None, None)
    search = time.process_time() - t
    t = time.process_time()
    sb, cb, _ = bfs_search(M, max_bases, None, None)
    bfs = time.process_time() - t
    same = cb == count and bool((np.sort(st.lo[:count] + (st.hi[:count] << np.uint64(40)))
                                 == np.sort(sb.lo[:cb] + (sb.hi[:cb] << np.uint64(40)))).all())
    tree = (st.parent[:count], st.enter[:count], st.leave[:count], count, st.lo, st.hi)

    def check(kernel, chooser):
        ps, inv, half = chooser(M)
        Mi = np.array(M, dtype=object)
        Mres = np.stack([np.array(Mi % int(p), dtype=np.int64) for p in ps])
        labels = np.zeros((count, 2), np.uint64)
        secs, bad = _best_cpu(lambda: kernel(Mres, ps, inv, half, *tree, labels), repeats)
        return secs, bad, labels, len(ps)

    new, bad_new, lab_new, p_new = check(mv.verify_tree, mv.choose_primes)
    old, bad_old, lab_old, p_old = check(mr.verify_tree_reference, mr.choose_primes_reference)
    closure = 0.0
    if not stopped:
        closure, ok = _best_cpu(lambda: mv.closure_certificate(st.lo, st.hi, st.nbr, st.table,
                                                                 count, d, d + k), 1)
        assert ok
    agree = bad_new == bad_old == -1 and bool((lab_new == lab_old).all())
    return {"bases": count, "cut": stopped == "bases", "search": search, "bfs": bfs, "same": same, "new": new, "old": old,
            "closure": closure, "agree": agree, "primes": (p_new, p_old)}


def _us(secs: float, count: int) -> str:
    return f"{secs / count * 1e6:.2f}"


def table(rows: list[tuple[int, str, dict]]) -> list[str]:
    out = ["| n | payoffs | bases | primes new / old | float search µs/basis | BFS float search µs/basis "
           "| **BFS / reverse** | exact check (new) µs/basis "
           "| previous kernel µs/basis | **old / new** | closure µs/basis | check share of the three | agree |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for n, fam, r in rows:
        c = r["bases"]
        total = r["search"] + r["new"] + r["closure"]
        out.append(f"| {n} | {fam} | {c:,}{' (cut)' if r['cut'] else ''} | {r['primes'][0]} / {r['primes'][1]} "
                   f"| {_us(r['search'], c)} | {_us(r['bfs'], c)} "
                   f"| **{r['bfs'] / r['search']:.1f}×**{'' if r['same'] or r['cut'] else ' (sets differ!)'} "
                   f"| {_us(r['new'], c)} | {_us(r['old'], c)} "
                   f"| **{r['old'] / r['new']:.1f}×** | {_us(r['closure'], c) if not r['cut'] else '—'} "
                   f"| {100 * r['new'] / total:.0f} % | {'yes' if r['agree'] else 'NO'} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="n = 12, 14 only; no results file")
    ap.add_argument("--max-bases", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--sizes", type=str, default="12,14,16,18,20", help="comma-separated n")
    args = ap.parse_args()
    from rich.console import Console
    from rich.progress import Progress

    from gamekit.kernel import certified_polytope  # noqa: F401 - numba kernels loaded (and compiled) first

    sizes = (12, 14) if args.quick else tuple(int(x) for x in args.sizes.split(","))
    cells = [(n, fam, hi) for n in sizes for fam, hi in FAMILIES]
    measure(polytope(6, 99), 1000, 1)  # compile / load every kernel before timing
    rows = []
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("phases", total=len(cells))
        for n, fam, hi in cells:
            progress.update(task, description=f"{n}×{n} {fam}")
            rows.append((n, fam, measure(polytope(n, hi), args.max_bases, args.repeats)))
            progress.advance(task)
    lines = ["# Certified vertex search: CPU per basis of each phase", "",
             f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores shared, "
             f"load average {os.getloadavg()[0]:.1f} at the end; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
             "One polytope {z ≥ 0, Mz ≤ 1} per row (M = a random n×n payoff matrix shifted to ≥ 1, fixed seed); "
             "CPU time of this process (best of "
             f"{args.repeats} for the exact checks). *old / new*: the previous exact kernel "
             "(`tests/oracles/modular_reference.py`, primes < 2³¹) over the new one (`modular_verify.verify_tree`, "
             "primes < 2²⁷) on the same tree in the same run. *agree*: both accept and return the same labels "
             f"for every basis. Trees above {args.max_bases:,} bases are cut to the search's first bases "
             "(no closure certificate then). *BFS / reverse*: CPU of the breadth-first float search "
             "(`tests/oracles/bfs_search.py`) over the reverse search on the same polytope in the same run "
             "(same set of bases). Produced by `benchmarks/bench_search_phases.py`.", "",
             *table(rows), ""]
    text = "\n".join(lines)
    print(text)
    if not args.quick:
        OUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
