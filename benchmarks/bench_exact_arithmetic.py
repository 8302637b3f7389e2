"""Which exact arithmetic for the solver kernel? gamekit's kernel timed against peers.

Nothing here re-implements a solver: every timed call is gamekit's own kernel
(:mod:`gamekit.kernel`) or a peer library, measured in the same run.

1. *Vertex enumeration* (:func:`gamekit.kernel.polytope.enumerate_vertices`, the kernel
   of ``solve(method="all")``): the same library code run on Python ``int`` entries and
   on python-flint ``fmpz`` entries (the fraction-free pivot only uses ``*``, ``-`` and
   exact ``//``, so the integer type is a parameter). Both must find the same vertices.
2. *Square linear solve*: :func:`gamekit.kernel.linalg.solve_int` (fraction-free
   Gauss–Jordan) against python-flint's ``fmpq_mat.solve`` (FLINT, C) on the same random
   integer systems; the solutions must be equal.
3. *Exact certification* of the extreme equilibria of a 10×10 game: the Fraction test
   ``is_equilibrium`` against the integer best-response check ``certify_and_build``.

Run:  .venv/bin/python benchmarks/bench_exact_arithmetic.py   (well under a minute)
Writes benchmarks/results/exact_arithmetic.md.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

import flint

from gamekit import BimatrixGame, is_equilibrium
from gamekit.bimatrix.intgame import certify_and_build, integer_game
from gamekit.bimatrix.solve import solve_result
from gamekit.kernel.linalg import solve_int
from gamekit.kernel.polytope import enumerate_vertices

OUT = Path(__file__).parent / "results" / "exact_arithmetic.md"


def timed(fn, reps):
    """Median wall time of ``reps`` calls and the last result."""
    times = []
    out = None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def vertex_rows(rng: random.Random) -> list[tuple[str, int, float, float]]:
    rows = []
    for n, reps in ((6, 5), (8, 3), (10, 1)):
        M = [[rng.randint(1, 100) for _ in range(n)] for _ in range(n)]
        Mf = [[flint.fmpz(v) for v in row] for row in M]
        t_int, v_int = timed(lambda M=M: {v.labels for v in enumerate_vertices(M)}, reps)
        t_fz, v_fz = timed(lambda M=Mf: {v.labels for v in enumerate_vertices(M)}, reps)
        assert v_int == v_fz, (len(v_int), len(v_fz))
        rows.append((f"{n}×{n} polytope", len(v_int), t_int, t_fz))
        print(rows[-1], file=sys.stderr)
    return rows


def _flint_solve(M, b):
    try:
        z = flint.fmpq_mat(M).solve(flint.fmpq_mat([[v] for v in b]))
    except ZeroDivisionError:
        return None
    return [Fraction(int(q.p), int(q.q)) for q in (z[i, 0] for i in range(len(b)))]


def solve_rows(rng: random.Random) -> list[tuple[int, float, float]]:
    rows = []
    for k in (4, 8, 16):
        systems = [
            ([[rng.randint(-99, 99) for _ in range(k)] for _ in range(k)], [rng.randint(-99, 99) for _ in range(k)])
            for _ in range(200)
        ]

        def ours(systems=systems):
            out = []
            for M, b in systems:
                sol = solve_int(M, b)
                out.append(None if sol is None else [Fraction(v, sol[1]) for v in sol[0]])
            return out

        t_ours, a = timed(ours, 3)
        t_flint, c = timed(lambda systems=systems: [_flint_solve(M, b) for M, b in systems], 3)
        assert a == c
        rows.append((k, t_ours, t_flint))
        print(rows[-1], file=sys.stderr)
    return rows


def main() -> int:
    rng = random.Random(2024)
    vrows = vertex_rows(rng)
    srows = solve_rows(rng)

    n = 10
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(n)]
    B = [[rng.randint(0, 99) for _ in range(n)] for _ in range(n)]
    g = BimatrixGame(A, B)
    eqs = list(solve_result(g).equilibria)
    ig = integer_game(g)
    sparse = [
        (tuple((i, p) for i, p in enumerate(e.row) if p), tuple((j, p) for j, p in enumerate(e.col) if p))
        for e in eqs
    ]
    t_cf, _ = timed(lambda: [is_equilibrium(g, e.row, e.col) for e in eqs], 20)
    t_ci, _ = timed(lambda: certify_and_build(ig, sparse, "bench"), 20)

    lines = [
        "# Exact arithmetic for the solver kernel",
        "",
        f"Python {platform.python_version()}, python-flint {flint.__version__}, "
        f"{platform.machine()}; medians of repeated runs; every timed call is gamekit's kernel "
        "or a peer library.",
        "",
        "## Vertex enumeration (`gamekit.kernel.polytope.enumerate_vertices`, payoffs 1..100)",
        "",
        "| polytope | vertices | Python int | flint fmpz | fmpz / int |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, v, a, b in vrows:
        lines.append(f"| {name} | {v} | {a * 1000:.1f} ms | {b * 1000:.1f} ms | {b / a:.2f}× |")
    lines += [
        "",
        "## 200 square integer systems, entries in [−99, 99]",
        "",
        "| k | `solve_int` (gamekit) | `fmpq_mat.solve` (FLINT) | FLINT / gamekit |",
        "|---:|---:|---:|---:|",
    ]
    for k, a, b in srows:
        lines.append(f"| {k} | {a * 1000:.1f} ms | {b * 1000:.1f} ms | {b / a:.2f}× |")
    lines += [
        "",
        f"## Exact certification of the {len(eqs)} extreme equilibria of a 10×10 game",
        "",
        "| method | time | ratio |",
        "|---|---:|---:|",
        f"| `is_equilibrium` (Fraction) | {t_cf * 1000:.2f} ms | {t_cf / t_ci:.1f}× |",
        f"| integer best-response check (`certify_and_build`) | {t_ci * 1000:.2f} ms | 1× |",
        "",
    ]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
