"""Banque's correlated cooperative equilibrium at one θ: certified float-LP path vs m-row solver.

For θ in a few rationals, in the same run:

* ours: ``concepts.correlated(θ)`` — the team LP in floats (HiGHS) guesses the structure,
  which is certified exactly (unique equilibrium) and re-checked by an exact best-response
  test (``theta_correlated._certified_guess``);
* peer: ``concepts.correlated(θ, fast=False)`` — the exact m-row solver
  (``gamekit.additive.many_rows``) plus the exact LP value check (the previous path).

Both answers are compared exactly (same team strategy, Banker strategy and value). Times
are wall-clock seconds on the (shared, loaded) machine; the ratio column is peer / ours.
Also: one θ-segment (``theta_correlated.correlated_piece``), the unit of the θ-sweep.

Run:  PYTHONPATH=. python benchmarks/bench_banque.py [--quick]
Writes benchmarks/results/banque.md.
"""

from __future__ import annotations

import argparse
import platform
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

from rich.progress import Progress

OUT = Path(__file__).parent / "results" / "banque.md"
THETAS = (Fraction(1, 10), Fraction(3, 10), Fraction(1, 2), Fraction(7, 10))


def _timed(f, *a, **k):
    t0 = time.perf_counter()
    out = f(*a, **k)
    return out, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    from games.baccara.banque.concepts import correlated
    from games.baccara.banque.theta_correlated import correlated_piece
    from games.baccara.banque.theta_poly import theta_tables

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="two values of theta only")
    args = ap.parse_args(argv)
    thetas = THETAS[:2] if args.quick else THETAS
    theta_tables()  # build the θ-free tables once (cached) before timing
    rows = []
    with Progress() as bar:
        task = bar.add_task("banque correlated", total=len(thetas))
        for t in thetas:
            ours, t_ours = _timed(correlated, t)
            peer, t_peer = _timed(correlated, t, fast=False)
            same = ([(s["team"], s["draw"]) for s in ours.solutions]
                    == [(s["team"], s["draw"]) for s in peer.solutions]) and ours.value == peer.value
            _, t_piece = _timed(correlated_piece, t)
            rows.append((t, t_ours, t_peer, same, t_piece))
            bar.advance(task)
    lines = [f"# banque: correlated cooperative equilibrium at one theta ({date.today()}, {platform.machine()})",
             "", "ours = certified float-LP path; peer = exact m-row solver + exact LP value (same run).", "",
             "| theta | ours (s) | peer (s) | peer / ours | same answer | one theta-segment (s) |",
             "|---|---|---|---|---|---|"]
    for t, a, b, same, p in rows:
        lines.append(f"| {t} | {a:.2f} | {b:.2f} | {b / a:.1f} | {'yes' if same else 'NO'} | {p:.2f} |")
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
