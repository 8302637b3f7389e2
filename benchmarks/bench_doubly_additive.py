"""Doubly additive enumeration: speed, peers, and scaling in n (m = 5, the Model B3 shape).

Three parts, all exact, all in one run so the ratios compare like with like:

1. *Peers on small games.* The same random integer doubly additive games (m = n = 3, i.e.
   8×8 bimatrix games) solved by ``solve_doubly_additive``, by pygambit
   ``enummixed_solve(rational=True)`` and by ``gamekit.solve(method="all")`` on the
   materialized game. Counts are checked to agree (every extreme behaviour equilibrium is
   induced by a materialized extreme equilibrium).
2. *Scaling, pruned (Model B3 shape).* m = 5 player I sets, n player II sets of which 20
   have gain hyperplanes crossing the box and the rest are strictly dominated (Lemma 1),
   n = 20 … 484. Subdivision search vs brute force over all |J|-subsets.
3. *Scaling, nothing prunable.* m = 5 and every one of the n hyperplanes crosses the box
   (the worst case for the search), n = 10 … 500.

"Cases" are the linear systems solved for candidate arrangement vertices.

Run:  .venv/bin/python benchmarks/bench_doubly_additive.py   (a few minutes)
Writes benchmarks/results/doubly_additive.md.
"""

from __future__ import annotations

import platform
import random
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pygambit

from gamekit.bimatrix import solve_result
from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive

OUT = Path(__file__).parent / "results" / "doubly_additive.md"


def small_game(rng: random.Random, m: int, n: int) -> DoublyAdditiveGame:
    def v() -> int:
        return 0 if rng.random() < 0.3 else rng.randint(-9, 9)

    def form():
        return (v(), [v() for _ in range(m)], [v() for _ in range(n)],
                [[v() for _ in range(n)] for _ in range(m)])

    return DoublyAdditiveGame(m, n, form(), form())


def b3_shaped(rng: random.Random, m: int, n: int, active: int, scale: int = 1000) -> DoublyAdditiveGame:
    """Player II's first ``active`` gain hyperplanes cross [0,1]^m, the others have a strict
    sign on the box; player I's payoff is minus player II's plus noise, with his constant
    terms tuned so that his gains change sign near a reference strategy of player II."""
    CII = [[0] * n for _ in range(m)]
    bII = [0] * n
    for l in range(n):
        co = [rng.randint(-scale, scale) for _ in range(m)]
        for h in range(m):
            CII[h][l] = co[h]
        lo, hi = sum(min(0, c) for c in co), sum(max(0, c) for c in co)
        if l < active:
            bII[l] = -rng.randint(lo, hi)
        else:
            bII[l] = (-lo + rng.randint(1, scale)) if rng.random() < 0.5 else (-hi - rng.randint(1, scale))
    CI = [[-CII[h][l] + rng.randint(-scale // 10, scale // 10) for l in range(n)] for h in range(m)]
    yref = []
    for l in range(n):
        lo = bII[l] + sum(min(0, CII[h][l]) for h in range(m))
        hi = bII[l] + sum(max(0, CII[h][l]) for h in range(m))
        yref.append(1 if lo > 0 else 0 if hi < 0 else rng.random())
    aI = [-round(sum(CI[h][l] * yref[l] for l in range(n))) + rng.randint(-scale, scale) for h in range(m)]
    return DoublyAdditiveGame(m, n, (0, aI, [0] * n, CI), (0, [0] * m, bII, CII))


def gambit_count(bg) -> int:
    g = pygambit.Game.from_arrays(np.array([list(r) for r in bg.A], dtype=object),
                                  np.array([list(r) for r in bg.B], dtype=object))
    res = pygambit.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    return {(tuple(Fraction(e[s]) for s in p1.strategies), tuple(Fraction(e[s]) for s in p2.strategies))
            for e in res.equilibria}


def timed(f, *a, **k):
    t = time.perf_counter()
    r = f(*a, **k)
    return r, time.perf_counter() - t


def part1(lines: list[str]) -> None:
    rng = random.Random(2024)
    games = [small_game(rng, 3, 3) for _ in range(40)]
    t_ours = t_gbt = t_gk = 0.0
    n_eq = 0
    for g in games:
        sol, dt = timed(solve_doubly_additive, g)
        t_ours += dt
        bg = g.materialize()
        mixed, dt = timed(gambit_count, bg)
        t_gbt += dt
        res, dt = timed(solve_result, bg, "all")
        t_gk += dt
        induced = {g.behaviour_of_mixed(r, c) for r, c in mixed}
        assert {(e.x, e.y) for e in sol.equilibria} <= induced
        assert {g.behaviour_of_mixed(e.row, e.col) for e in res.equilibria} == induced
        n_eq += len(sol.equilibria)
    lines += [
        "## 1. Peers on small games (40 random games, m = n = 3, materialized 8×8)",
        "",
        "| solver | total s | games/s | ratio to ours |",
        "|---|---:|---:|---:|",
        f"| solve_doubly_additive | {t_ours:.3f} | {len(games) / t_ours:.0f} | 1.0 |",
        f"| pygambit enummixed (materialized) | {t_gbt:.3f} | {len(games) / t_gbt:.0f} | {t_gbt / t_ours:.1f} |",
        f"| gamekit solve(all) (materialized) | {t_gk:.3f} | {len(games) / t_gk:.0f} | {t_gk / t_ours:.1f} |",
        "",
        f"{n_eq} extreme behaviour equilibria in all; each is induced by a materialized extreme "
        "equilibrium (checked), and both materialized solvers induce the same behaviour set.",
        "",
    ]


def row(label, sol, dt) -> str:
    c = sol.certificate
    rate = c.systems / dt if dt > 0 else float("inf")
    return (f"| {label} | {dt:.2f} | {len(c.pruned)} | {c.free_dims} | {c.hyperplanes} | {c.regions} | "
            f"{c.systems} | {rate:,.0f} | {c.vertices} | {c.feasible} | {len(sol.equilibria)} |")


HEADER = ["| n | seconds | pruned | free dims | hyperplanes | regions | cases (systems) | cases/s "
          "| vertices | feasible | equilibria |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]


def part2(lines: list[str]) -> None:
    lines += ["## 2. Scaling in n, Model B3 shape (m = 5, 20 crossing hyperplanes, rest dominated)",
              "", *HEADER]
    ratios = []
    for n in (20, 50, 100, 200, 484):
        g = b3_shaped(random.Random(n), 5, n, 20)
        sol, dt = timed(solve_doubly_additive, g)
        lines.append(row(f"{n} (subdivision)", sol, dt))
        ref, dt2 = timed(solve_doubly_additive, g, subdivide=False)
        assert [(e.x, e.y) for e in ref.equilibria] == [(e.x, e.y) for e in sol.equilibria]
        lines.append(row(f"{n} (brute force)", ref, dt2))
        ratios.append(dt2 / dt)
    lines += ["", f"Brute force / subdivision time ratio: {', '.join(f'{r:.1f}' for r in ratios)}.", ""]


def part3(lines: list[str]) -> None:
    lines += ["## 3. Scaling in n, nothing prunable (m = 5, all n hyperplanes cross the box)",
              "", *HEADER]
    ratios = []
    for n in (10, 20, 40, 100, 200, 500):
        g = b3_shaped(random.Random(1000 + n), 5, n, n)
        sol, dt = timed(solve_doubly_additive, g)
        lines.append(row(f"{n} (subdivision)", sol, dt))
        if n <= 20:
            ref, dt2 = timed(solve_doubly_additive, g, subdivide=False)
            assert [(e.x, e.y) for e in ref.equilibria] == [(e.x, e.y) for e in sol.equilibria]
            lines.append(row(f"{n} (brute force)", ref, dt2))
            ratios.append(f"n = {n}: {dt2 / dt:.1f}")
    lines += ["", f"Brute force / subdivision time ratio: {', '.join(ratios)}.", ""]


def main() -> None:
    lines = [
        "# Doubly additive enumeration (benchmarks/bench_doubly_additive.py)",
        "",
        f"Python {platform.python_version()} on {platform.machine()}; shared 2-core machine, "
        "so absolute times are noisy — compare ratios within a table.",
        "",
    ]
    part1(lines)
    part2(lines)
    part3(lines)
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
