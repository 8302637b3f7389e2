"""Extensive games: gamekit's exact Lemke on the sequence form against pygambit's ``lcp_solve``.

Games: every two-player ``.efg`` with perfect recall copied from Gambit's catalog
(tests/games/efg/), Kuhn poker with a deck of k cards (k = 3 … 9), and random trees with
perfect recall (tests/extensive/trees.py), sizes chosen so that one run takes about two minutes. For each: gamekit ``solve(g, "lemke")``
(exact, certified) and pygambit ``lcp_solve(rational=True)`` (Gambit's rational Lemke on the
same sequence-form LCP); both times are the solve only (the game read beforehand), best of
``--repeat``. "same" checks that the two answers have the same exact payoffs and the same
behaviour strategies. The zero-sum LP (``"zerosum"``) is timed too for zero-sum games
against pygambit's ``lp_solve(rational=True)``.

Baccara trees (``--baccara``): the chemin de fer models built as game trees by
``games.baccara.models.tree`` (Model A1, B1 at d = 6, B2 and B3 at d = 6, α = 1/20): gamekit's
build, sequence form and Lemke against pygambit's ``lcp_solve(rational=True)`` on the same tree
(written to .efg and read by pygambit), pygambit in a child process stopped after
``--gambit-timeout`` seconds (its whole process group killed). This rewrites only the
"Baccara trees" section of the results file; a run without ``--baccara`` keeps that section.

Run:  python benchmarks/bench_extensive.py [--repeat N] [--quick] [--big] [--baccara [--gambit-timeout S]]
Writes benchmarks/results/extensive.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

import pygambit
from rich.progress import Progress

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.extensive import write_efg  # noqa: E402
from tests.extensive.trees import kuhn_poker, random_tree  # noqa: E402


def _best(f, repeat: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best, out


def _gambit_answer(pe, pg) -> tuple[tuple[Fraction, ...], list]:
    players = list(pg.players)
    pay = tuple(Fraction(str(pe.payoff(p))) for p in players)
    beh = [[tuple(Fraction(str(pe[a])) for a in h.actions) for h in p.infosets] for p in players]
    return pay, beh


def bench(name: str, game, repeat: int, tmp: Path) -> dict:
    path = tmp / "g.efg"
    write_efg(game, path)
    pg = pygambit.read_efg(str(path))
    t_ours, r = _best(lambda: gamekit.solve(game, "lemke"), repeat)
    t_gbt, res = _best(lambda: pygambit.nash.lcp_solve(pg, rational=True), repeat)
    pay, beh = _gambit_answer(res.equilibria[0], pg)
    same = pay == r[0].payoffs and beh == [list(b) for b in r[0].behaviour]
    row = {"name": name, "nodes": len(game.nodes), "seqs": "+".join(map(str, r.certificate["sequences"])),
           "ours": t_ours, "gambit": t_gbt, "same": same, "payoffs": r[0].payoffs}
    if game.is_constant_sum():
        t_lp, z = _best(lambda: gamekit.solve(game, "zerosum"), repeat)
        t_glp, zres = _best(lambda: pygambit.nash.lp_solve(pg, rational=True), repeat)
        zpay, _ = _gambit_answer(zres.equilibria[0], pg)
        row.update(lp=t_lp, gambit_lp=t_glp, lp_same=zpay[0] == z.certificate["value"])
    return row


BACCARA_SECTION = "## Baccara trees"
BACCARA_TREES = (("A1", 1), ("B1", 6), ("B2", 6), ("B3", 6))


def _gambit_child(path: str, out: str) -> None:
    """Child process: pygambit's rational Lemke on a tree file; payoffs and time to ``out``."""
    import json

    pg = pygambit.read_efg(path)
    t = time.perf_counter()
    res = pygambit.nash.lcp_solve(pg, rational=True)
    seconds = time.perf_counter() - t
    pay, _ = _gambit_answer(res.equilibria[0], pg)
    Path(out).write_text(json.dumps({"seconds": seconds, "payoffs": [str(v) for v in pay]}))


def _gambit_timed(path: Path, timeout: float) -> tuple[float | None, tuple[Fraction, ...] | None]:
    """pygambit's lcp_solve on ``path`` in its own process group, killed after ``timeout`` s."""
    import json
    import os
    import signal
    import subprocess

    out = path.with_suffix(".json")
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.bench_extensive import _gambit_child; "
            f"_gambit_child({str(path)!r}, {str(out)!r})")
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    data = json.loads(out.read_text())
    return data["seconds"], tuple(Fraction(v) for v in data["payoffs"])


def bench_baccara(timeout: float, tmp: Path) -> list[str]:
    """The "Baccara trees" section (module doc)."""
    from games.baccara.models.tree import build_tree, tree_sizes

    lines = [BACCARA_SECTION, "",
             f"{date.today()}, `python benchmarks/bench_extensive.py --baccara --gambit-timeout {timeout:g}` "
             "(one run each, 2 shared cores under load). The models of games/baccara/models/tree.py at "
             "α = 1/20 (Model A deals with replacement: d plays no role). gamekit: building the tree "
             "(exact chance aggregation), then `solve(tree, \"lemke\")` — sequence form, sparse Lemke, "
             "exact certificate; pygambit: `lcp_solve(rational=True)` on the same tree read from .efg, "
             f"stopped after {timeout:g} s. *same* = equal exact payoffs.", "",
             "| model | nodes | sequences | build (s) | gamekit lemke (s) | pivots | pygambit lcp (s) | same |",
             "|---|---:|---:|---:|---:|---:|---:|:-:|"]
    for model, d in BACCARA_TREES:
        t = time.perf_counter()
        game = build_tree(model, d, "1/20")
        t_build = time.perf_counter() - t
        t = time.perf_counter()
        r = gamekit.solve(game, "lemke")
        t_ours = time.perf_counter() - t
        sizes = tree_sizes(game)
        path = tmp / f"{model}.efg"
        write_efg(game, path)
        t_gbt, pay = _gambit_timed(path, timeout)
        gbt = f"{t_gbt:.2f}" if t_gbt is not None else f"> {timeout:g} (stopped)"
        same = "—" if pay is None else ("yes" if pay == r[0].payoffs else "NO")
        name = f"{model}, d={d}" if model[0] == "B" else model
        lines.append(f"| {name} | {sizes['nodes']:,} | {sizes['player_sequences']}+{sizes['banker_sequences']} | "
                     f"{t_build:.2f} | {t_ours:.2f} | {r.certificate['pivots']} | {gbt} | {same} |")
    return lines


def _write(out: Path, main_lines: list[str] | None, baccara_lines: list[str] | None) -> None:
    """Rewrite one part of the results file, keeping the other."""
    old = out.read_text() if out.exists() else ""
    head, _, tail = old.partition(BACCARA_SECTION)
    main_part = "\n".join(main_lines) + "\n" if main_lines is not None else head.rstrip("\n") + "\n"
    bacc_part = ("\n".join(baccara_lines) + "\n") if baccara_lines is not None else (
        BACCARA_SECTION + tail if tail else "")
    out.write_text(main_part + ("\n" + bacc_part if bacc_part else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--big", action="store_true", help="add a 246-node random tree (pygambit: ~4 minutes)")
    ap.add_argument("--baccara", action="store_true", help="only the baccara trees (their section of the results)")
    ap.add_argument("--gambit-timeout", type=float, default=60.0, help="seconds for pygambit per baccara tree")
    args = ap.parse_args()
    out = ROOT / "benchmarks" / "results" / "extensive.md"
    if args.baccara:
        with tempfile.TemporaryDirectory() as d:
            lines = bench_baccara(args.gambit_timeout, Path(d))
        _write(out, None, lines)
        print("\n".join(lines))
        return
    games = []
    for p in sorted((ROOT / "tests" / "games" / "efg").glob("*.efg")):
        try:
            games.append((p.stem, gamekit.read_efg(p)))
        except gamekit.GameError:
            continue  # imperfect recall
    for k in (3, 5, 7) if args.quick else (3, 5, 7, 9):
        games.append((f"kuhn poker, {k} cards", kuhn_poker(k)))
    for seed, depth in ((1, 5), (2, 6)) if args.quick else ((1, 5), (2, 6), (4, 6), (5, 6)) + (((3, 7),) if args.big else ()):
        games.append((f"random tree seed {seed} depth {depth}", random_tree(seed, max_depth=depth, max_moves=3)))
    warm = kuhn_poker(3)  # imports and first calls outside the timings
    gamekit.solve(warm, "lemke")
    gamekit.solve(warm, "zerosum")
    rows = []
    with tempfile.TemporaryDirectory() as d, Progress(transient=True) as prog:
        task = prog.add_task("solving", total=len(games))
        for name, g in games:
            rows.append(bench(name, g, args.repeat, Path(d)))
            prog.advance(task)
    lines = [
        "# Extensive games: gamekit `lemke` vs pygambit `lcp_solve` (both exact)",
        "",
        f"{date.today()}, {platform.python_implementation()} {platform.python_version()}, "
        f"pygambit {pygambit.__version__}, best of {args.repeat}; "
        f"`python benchmarks/bench_extensive.py{' --big' if args.big else ''}` "
        "(2 shared cores under load: ratios are more telling than times). Times are the solve only (ms); "
        "ratio = pygambit / gamekit (> 1: gamekit faster). *same* = equal exact payoffs and "
        "behaviour strategies. gamekit's time includes building the sequence form and the exact "
        "best-response certificate.",
        "",
        "| game | nodes | sequences | gamekit lemke (ms) | pygambit lcp (ms) | ratio | same |",
        "|---|---:|---:|---:|---:|---:|:-:|",
    ]
    for r in rows:
        lines.append(f"| {r['name']} | {r['nodes']} | {r['seqs']} | {1000 * r['ours']:.2f} | "
                     f"{1000 * r['gambit']:.2f} | {r['gambit'] / r['ours']:.2f} | {'yes' if r['same'] else 'NO'} |")
    zs = [r for r in rows if "lp" in r]
    if zs:
        lines += ["", "Zero-sum games: gamekit `zerosum` (one exact LP) vs pygambit `lp_solve(rational=True)`.", "",
                  "| game | gamekit zerosum (ms) | pygambit lp (ms) | ratio | same value |", "|---|---:|---:|---:|:-:|"]
        for r in zs:
            lines.append(f"| {r['name']} | {1000 * r['lp']:.2f} | {1000 * r['gambit_lp']:.2f} | "
                         f"{r['gambit_lp'] / r['lp']:.2f} | {'yes' if r['lp_same'] else 'NO'} |")
    _write(out, lines, None)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
