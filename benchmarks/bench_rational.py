"""Where a game with rational payoffs spends its time in ``solve(g, "all")``, phase by phase,
next to an integer game of the same size — in one run.

Games: ``benchmarks/bench_families.py`` (integer payoffs in [−10⁶, 10⁶]; rational payoffs
``Fraction(x).limit_denominator(D)`` of Gaussian x, D = 10⁴ and 10⁸), n×n for n = 8, 10, 12,
seeds 0, 1, 2. Per game: CPU time (``time.thread_time``) of a warm
``gamekit.bimatrix.solve_result(g, "all", threads=1)`` on a new ``BimatrixGame`` (as the
benchmark of ``bench_solvers.py`` calls it, but on one thread: from 11×11 ``"auto"`` runs two,
whose phases would overlap), median of ``--repeats`` calls; per phase, the CPU time spent
inside the solver's functions of that phase (each function timed by a wrapper installed
for the run — this script only; the solver itself is unchanged):

* *integer form*: ``intgame._integer_game`` (the lcm-scaled integers) and
  ``column_reduction.reduced_game`` (each polytope reduced column by column);
* *float search*: ``certified_polytope._reverse_search``;
* *exact check*: ``modular_verify.verify_tree`` (and ``choose_primes``, ``column_logs``),
  ``closure_certificate``;
* *partners*: ``certified_partners.partners`` (float filter + exact partner solves);
* *vertices*: ``certified_polytope.basis_vectors``; *certificate*: ``vertex_pairs.certify_pairs``.

The rest (building the game from Fractions, dominance, assembling the result) is the
difference to the total. Medians over the 3 games. Run:
``nice python benchmarks/bench_rational.py [--repeats 3]`` (about a minute); writes the
phase table into ``benchmarks/results/rational_phases.md``.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

OUT = Path(__file__).parent / "results" / "rational_phases.md"
PHASES = {
    "integer form": (("gamekit.bimatrix.intgame", "_integer_game"), ("gamekit.bimatrix.enumerate_all", "reduced_game")),
    "float search": (("gamekit.kernel.certified_polytope", "_reverse_search"),),
    "exact check": (("gamekit.kernel.modular_verify", "verify_tree"), ("gamekit.kernel.modular_verify", "choose_primes"),
                    ("gamekit.kernel.modular_verify", "column_logs"),
                    ("gamekit.kernel.modular_verify", "closure_certificate")),
    "partners": (("gamekit.bimatrix.certified_partners", "partners"),),
    "vertices": (("gamekit.kernel.certified_polytope", "basis_vectors"),),
    "certificate": (("gamekit.bimatrix.solve", "certify_pairs"),),
}


def _install(spent: dict[str, float]) -> None:
    """Wrap each phase's functions where the solver looks them up (module attributes)."""
    import importlib

    for phase, funcs in PHASES.items():
        for module, name in funcs:
            mod = importlib.import_module(module)
            f = getattr(mod, name)

            def timed(*a: Any, _f: Callable = f, _p: str = phase, **k: Any) -> Any:
                t = time.thread_time()
                try:
                    return _f(*a, **k)
                finally:
                    spent[_p] = spent.get(_p, 0.0) + time.thread_time() - t

            setattr(mod, name, timed)


def _games(family: str, n: int) -> list:
    from bench_families import integer_game, rational_game

    if family == "integer":
        return [integer_game(s, n) for s in range(3)]
    return [rational_game(s, n, 10**4 if family.endswith("1e4") else 10**8) for s in range(3)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    from rich.console import Console
    from rich.progress import Progress

    import gamekit
    from gamekit.bimatrix.solve import solve_result

    spent: dict[str, float] = {}
    _install(spent)
    gc.disable()  # as solve() does during its search; collections would land in random phases
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    rows: list[tuple[str, int, float, dict[str, float], str]] = []
    cells = [(f, n) for n in (8, 10, 12) for f in ("integer", "rational 1e4", "rational 1e8")]
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("phases", total=len(cells))
        for family, n in cells:
            progress.update(task, description=f"{family} {n}×{n}")
            totals: list[float] = []
            phases: dict[str, list[float]] = {p: [] for p in PHASES}
            paths: set[str] = set()
            for A, B in _games(family, n):
                solve_result(gamekit.BimatrixGame(A, B), "all", threads=1)  # warm: kernels loaded, caches filled
                per_call = []
                for _ in range(args.repeats):
                    spent.clear()
                    t = time.thread_time()
                    res = solve_result(gamekit.BimatrixGame(A, B), "all", threads=1)
                    per_call.append((time.thread_time() - t, dict(spent)))
                    paths.add(str(res.parameters["ran"]))
                per_call.sort(key=lambda c: c[0])
                total, by_phase = per_call[len(per_call) // 2]  # the median call
                totals.append(total)
                for p in PHASES:
                    phases[p].append(by_phase.get(p, 0.0))
            med = statistics.median(totals)
            parts = {p: statistics.median(v) for p, v in phases.items()}
            rows.append((family, n, med, parts, ", ".join(sorted(paths))))
            progress.advance(task)
    base = {n: med for family, n, med, _, _ in rows if family == "integer"}
    head = ["family", "game", "total", "× integer", *PHASES, "rest", "path"]
    lines = [
        "# Rational payoffs, phase by phase (`benchmarks/bench_rational.py`)",
        "",
        f"Generated on {time.strftime('%Y-%m-%d')}: Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores (shared), load average at the start {load}. CPU ms of a warm "
        "`solve_result(g, \"all\", threads=1)`, median call of the median game (3 games, the script's docstring); "
        "*× integer*: the total over the integer game's of the same size; *rest*: the total minus the phases.",
        "",
        "| " + " | ".join(head) + " |",
        "|---|---|" + "---:|" * (len(head) - 3) + "---|",
    ]
    for family, n, med, parts, ran in rows:
        rest = med - sum(parts.values())
        cols = [family, f"{n}×{n}", f"{1000 * med:.1f}", f"{med / base[n]:.1f}×",
                *(f"{1000 * parts[p]:.2f}" for p in PHASES), f"{1000 * rest:.2f}", ran]
        lines.append("| " + " | ".join(cols) + " |")
    text = "\n".join(lines) + "\n"
    from gamekit.io.atomic import atomic_write

    atomic_write(OUT, text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
