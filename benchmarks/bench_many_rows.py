"""The m-row additive solver (``gamekit.additive.many_rows``) against materialization.

Random additive m×2ⁿ games (m = 3, 4, and m = 8 at a few n) of two kinds, n = 10 … 1000:

* ``baccara-like``: G_u(l) = c_l + e_{u,l} with c_l ∈ ±50 and e ∈ ±5, so Lemma 1 forces
  most information sets (as in the baccara models) and about 10 % cut the simplex; the
  small integers make many ties (proportional gain vectors, sets where a row's gain is 0,
  so player II's equilibrium polytopes Y(x) have many free coordinates);
* ``all cutting``: every G(l) takes both signs, weights in ±1000 (worst case: Θ(n^{m−1})
  arrangement vertices).

Peer, in the same run: Lemma 1 + materialize + ``gamekit.solve(method="all")`` (the
previous path), which stops at 4096 columns (n_* ≤ 12). Where both run, the extreme
equilibria are compared exactly (row strategies equal, ours among the images). Times are
wall-clock seconds on this machine; the ratio column is peer / ours.

Second peer (``--baseline REV``): the m-row solver as it was at git revision REV
(``gamekit/additive/many_rows.py`` of that commit, loaded under another module name, the
rest of the package current), in the same child process; same equilibria checked.

Run:  PYTHONPATH=. python benchmarks/bench_many_rows.py [--quick] [--cap SECONDS] [--baseline REV]
(each case runs in a child process and is stopped after --cap seconds).
Writes benchmarks/results/many_rows.md and many_rows.png (time against n).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from datetime import date
from pathlib import Path

from rich.progress import Progress

from gamekit.additive.game import AdditiveGame
from gamekit.additive.many_rows import solve_many_rows
from gamekit.additive.materialized import solve_by_enumeration
from gamekit.additive.reduction import forced_moves
from gamekit.core.errors import TooLargeError

OUT = Path(__file__).parent / "results" / "many_rows.md"
PNG = OUT.with_suffix(".png")


def make_game(m: int, n: int, kind: str, seed: int) -> AdditiveGame:
    rng = random.Random(seed)
    b_move, a_move = [[None] * n for _ in range(m)], [[None] * n for _ in range(m)]
    for l in range(n):
        c = rng.randint(-50, 50) if kind == "baccara-like" else 0
        gains = [c + rng.randint(-5, 5) for _ in range(m)] if kind == "baccara-like" else \
            [rng.randint(-1000, 1000) for _ in range(m)]
        if kind == "all cutting":
            gains[0], gains[1] = abs(gains[0]) + 1, -abs(gains[1]) - 1
        for u in range(m):
            w0 = rng.randint(-20, 20)
            b_move[u][l] = (w0, w0 + gains[u])
            a0 = rng.randint(-20, 20)
            a_move[u][l] = (a0, a0 + rng.randint(-9, 9))
    return AdditiveGame([f"r{u}" for u in range(m)], [f"i{l}" for l in range(n)],
                        [0] * m, b_move, a_base=[0] * m, a_move=a_move)


def timed(f):
    """(result, seconds): the best of up to 5 runs while their total stays under 0.5 s
    (one run for anything slower), so millisecond cases are not all timer noise."""
    best, total = float("inf"), 0.0
    for _ in range(5):
        t = time.perf_counter()
        out = f()
        dt = time.perf_counter() - t
        best, total = min(best, dt), total + dt
        if total > 0.5:
            break
    return out, best


def warm_up(m: int) -> None:
    """Solve a small game both ways first, so neither side's timing includes imports
    (the first solve with every face compiled: numba and its cached kernels are loaded)."""
    import gamekit.additive.vertex_filter as vf

    g = make_game(m, 5, "all cutting", seed=7)
    work, vf.COMPILED_WORK = vf.COMPILED_WORK, 0
    try:
        solve_many_rows(g)
    finally:
        vf.COMPILED_WORK = work
    solve_many_rows(g)
    solve_by_enumeration(g, 1 << 12)


def load_baseline(rev: str):
    """``solve_many_rows`` from gamekit/additive/many_rows.py at git revision ``rev``."""
    import importlib.util
    import subprocess
    import sys
    import tempfile

    src = subprocess.run(["git", "show", f"{rev}:gamekit/additive/many_rows.py"], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).parent).stdout
    path = Path(tempfile.mkdtemp()) / "baseline_many_rows.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("baseline_many_rows", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["baseline_many_rows"] = mod
    spec.loader.exec_module(mod)
    return mod.solve_many_rows


def run_baseline(row: dict, g, sol, baseline: str) -> None:
    """Time the solver of revision ``baseline`` on ``g`` (warmed up) and compare answers."""
    old_solve = load_baseline(baseline)
    old_solve(make_game(row["m"], 5, "all cutting", seed=7))
    old, tb = timed(lambda: old_solve(g))
    same = [(e.row, e.draw) for e in old.equilibria] == [(e.row, e.draw) for e in sol.equilibria]
    row.update(base=tb, base_same="yes" if same else "NO")


def run_case(m: int, n: int, kind: str, baseline: str | None = None) -> dict:
    warm_up(m)
    g = make_game(m, n, kind, seed=1000 * m + n)
    n_star = forced_moves(g).n_free
    row = {"m": m, "n": n, "kind": kind, "n_star": n_star}
    try:
        sol, t = timed(lambda: solve_many_rows(g))
        row.update(ours=t, eqs=len(sol.equilibria), checked=sol.stats.get("exact_checks", 0),
                   free=sol.stats.get("free_sets_max", 0))
    except TooLargeError:
        row.update(ours=None, eqs=None, checked=None)
        return row
    if baseline:
        run_baseline(row, g, sol, baseline)
    if n_star <= 12:
        old, tp = timed(lambda: solve_by_enumeration(g, 1 << 12))
        ours = {(e.row, e.draw) for e in sol.equilibria}
        theirs = {(e.row, e.draw) for e in old.equilibria}
        agree = ours <= theirs and {x for x, _ in ours} == {x for x, _ in theirs}
        row.update(peer=tp, agree="yes" if agree else "NO")
    else:
        row.update(peer=None, agree=f"n/a (2^{n_star} columns)")
    return row


def _child(q, m, n, kind, baseline):
    q.put(run_case(m, n, kind, baseline))


def capped_case(m: int, n: int, kind: str, cap: float, baseline: str | None = None) -> dict:
    """run_case in a child process; a case over ``cap`` seconds is reported as such."""
    import multiprocessing as mp

    q = mp.Queue()
    p = mp.Process(target=_child, args=(q, m, n, kind, baseline))
    p.start()
    p.join(cap)
    if p.is_alive():
        p.terminate()
        p.join()
        return {"m": m, "n": n, "kind": kind, "n_star": "?", "ours": None, "eqs": None,
                "checked": None, "agree": f"stopped after {cap:.0f} s"}
    return q.get()


def fmt_t(t):
    return "—" if t is None else f"{t:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds per case (child process)")
    ap.add_argument("--baseline", default=None, help="git revision of the previous m-row solver to time too")
    args = ap.parse_args()
    ns = [10, 30, 100, 300, 1000] if not args.quick else [10, 100]
    cases = [(m, n, "baccara-like") for m in (3, 4) for n in ns]
    cases += [(3, n, "all cutting") for n in ns]
    cases += [(4, n, "all cutting") for n in ns if n <= 300]
    cases += [(8, n, "baccara-like") for n in ns if 30 <= n <= 300]
    rows = []
    with Progress() as prog:
        task = prog.add_task("m-row solver", total=len(cases))
        for m, n, kind in cases:
            rows.append(capped_case(m, n, kind, args.cap, args.baseline))
            write(rows, args.baseline)  # after every case: a long run leaves its partial table behind
            prog.advance(task)
    plot(rows)
    print(OUT.read_text())


def plot(rows: list[dict]) -> None:
    """Time against n (log–log), one line per (m, kind), ours solid, the peer dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for m, kind in sorted({(r["m"], r["kind"]) for r in rows}):
        pts = [(r["n"], r["ours"]) for r in rows if (r["m"], r["kind"]) == (m, kind) and r.get("ours")]
        peer = [(r["n"], r["peer"]) for r in rows if (r["m"], r["kind"]) == (m, kind) and r.get("peer")]
        if pts:
            line, = ax.plot(*zip(*pts), "o-", label=f"m={m}, {kind}")
            if peer:
                ax.plot(*zip(*peer), "x--", color=line.get_color(), alpha=0.6)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("n (information sets of player II)")
    ax.set_ylabel("seconds")
    ax.set_title("m-row arrangement solver (solid) vs Lemma 1 + materialize + solve (dashed)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(PNG, dpi=110)
    plt.close(fig)


def write(rows: list[dict], baseline: str | None = None) -> None:
    lines = [
        "# m-row additive solver vs materialization",
        "",
        f"{date.today()} · {platform.processor() or platform.machine()} · Python {platform.python_version()} "
        "· shared 2-core machine (other jobs running: compare ratios, not absolute times)",
        "",
        "| m | n | kind | n* (Lemma 1) | vertices checked exactly | max free sets | extreme eq. | ours (s) | "
        "materialize + solve (s) | peer/ours | agree | previous solver (s) | previous/ours | same |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        ratio = f"{r['peer'] / r['ours']:.1f}" if r.get("peer") and r.get("ours") else "—"
        bratio = f"{r['base'] / r['ours']:.1f}" if r.get("base") and r.get("ours") else "—"
        lines.append(f"| {r['m']} | {r['n']} | {r['kind']} | {r['n_star']} | {r.get('checked')} | "
                     f"{r.get('free', '—')} | {r.get('eqs')} | {fmt_t(r.get('ours'))} | {fmt_t(r.get('peer'))} | {ratio} | "
                     f"{r.get('agree', '—')} | {fmt_t(r.get('base'))} | {bratio} | {r.get('base_same', '—')} |")
    lines += ["", "Materialization writes 2^{n*} columns and is refused above 4096 (n* > 12): "
              "from there on only the arrangement solver runs. \"max free sets\": the largest |F| of a "
              "product Y(x) = P_C × [0,1]^F (its 2^|F| corners are all extreme equilibria). "
              "Plot: many_rows.png."]
    if baseline:
        lines += ["", f"\"previous solver\": gamekit/additive/many_rows.py at git revision {baseline} "
                  "(the rest of the package current), timed in the same child process after a warm-up; "
                  "\"same\": identical extreme equilibria."]
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
