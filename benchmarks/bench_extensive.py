"""Extensive games: gamekit's exact Lemke on the sequence form against pygambit's ``lcp_solve``.

Games: every two-player ``.efg`` with perfect recall copied from Gambit's catalog
(tests/games/efg/), Kuhn poker with a deck of k cards (k = 3 … 9), and random trees with
perfect recall (tests/extensive/trees.py), sizes chosen so that one run takes about two minutes. For each: gamekit ``solve(g, "lemke")``
(exact, certified) and pygambit ``lcp_solve(rational=True)`` (Gambit's rational Lemke on the
same sequence-form LCP); both times are the solve only (the game read beforehand), best of
``--repeat``. "same" checks that the two answers have the same exact payoffs and the same
behaviour strategies. The zero-sum LP (``"zerosum"``) is timed too for zero-sum games
against pygambit's ``lp_solve(rational=True)``.

Run:  python benchmarks/bench_extensive.py [--repeat N] [--quick] [--big]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--big", action="store_true", help="add a 246-node random tree (pygambit: ~4 minutes)")
    args = ap.parse_args()
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
    out = ROOT / "benchmarks" / "results" / "extensive.md"
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
