"""Benchmark: generating the chemin de fer payoff tables (games.baccara.models.tables).

1. Every model's tables for d = 6 from a cold start (the counting engine included), and the
   AdditiveGame at α = 1/20.
2. Model B2 for d = 1..100 (integer counts, polynomial in d), against the naive
   Fraction-summing transcription of the paper's equations (games.baccara.models.reference) on a
   sample of d (all 100 with ``--naive-all``), in the same run; every sampled table is also
   checked for exact equality.

Writes ``benchmarks/results/models.md``. Run: ``.venv/bin/python benchmarks/bench_models.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from games.baccara.models import counts, reference
from games.baccara.models import tables as model

OUT = Path(__file__).parent / "results" / "models.md"
NAIVE_SAMPLE = (1, 2, 6, 10, 50, 100)


def cold() -> None:
    counts.coup_counts.cache_clear()
    model.aggregated_polynomials.cache_clear()
    model._tables.cache_clear()


def timed(fn, *args):
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def same_tables(t: model.ModelTables, ref: dict) -> bool:
    D = t.denominator
    if tuple(Fraction(int(x), D) for x in t.natural[0]) != ref["natural"]:
        return False
    for u, row in enumerate(t.rows):
        for l, lab in enumerate(t.infosets):
            for v in (0, 1):
                if tuple(Fraction(int(x), D) for x in t.move[u, l, v]) != ref[(row, lab, v)]:
                    return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--naive-all", action="store_true", help="run the naive implementation for every d (slow)"
    )
    ap.add_argument("--max-decks", type=int, default=100)
    args = ap.parse_args()
    err = Console(stderr=True)

    # 1. all six models, d = 6, cold
    cold()
    rows = []
    t_all0 = time.perf_counter()
    for name in model.MODELS:
        tab, t_tab = timed(model.model_tables, name, 6)
        _, t_game = timed(tab.game, Fraction(1, 20))
        rows.append((name, f"{tab.m}×2^{tab.n}", t_tab, t_game))
    t_all = time.perf_counter() - t_all0
    t_engine_cold = sum(r[2] for r in rows)

    # 2. B2 for d = 1..max, fast; naive on a sample
    decks = list(range(1, args.max_decks + 1))
    naive_decks = decks if args.naive_all else [d for d in NAIVE_SAMPLE if d <= args.max_decks]
    fast_t: dict[int, float] = {}
    naive_t: dict[int, float] = {}
    agree: dict[int, bool] = {}
    with Progress(console=err, transient=True) as prog:
        task = prog.add_task("B2 fast", total=len(decks))
        for d in decks:  # best of 3, each from an empty table cache (engine warm)
            best = float("inf")
            for _ in range(3):
                model._tables.cache_clear()
                best = min(best, timed(model.model_tables, "B2", d)[1])
            fast_t[d] = best
            prog.advance(task)
        task = prog.add_task("B2 naive (Fractions)", total=len(naive_decks))
        for d in naive_decks:
            ref, naive_t[d] = timed(reference.reference_tables, "B2", d)
            agree[d] = same_tables(model.model_tables("B2", d), ref)
            prog.advance(task)

    fast_total = sum(fast_t.values())
    lines = [
        "# Chemin de fer payoff tables: `games.baccara.models.tables`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs (shared), Python {platform.python_version()}; "
        f"{time.strftime('%Y-%m-%d')}. Command: `.venv/bin/python benchmarks/bench_models.py"
        f"{' --naive-all' if args.naive_all else ''}`.",
        "",
        "## Every model, d = 6, cold start",
        "",
        "Tables: exact integer counts over (52d)₆ (13⁶ for Model A), including the one-time",
        "counting engine (first A model and first B model pay for it). Game: the `AdditiveGame`",
        "at α = 1/20 built from the tables (Fractions).",
        "",
        "| model | size | tables (s) | game at α = 1/20 (s) |",
        "|---|---|---:|---:|",
        *[f"| {n} | {s} | {a:.4f} | {b:.4f} |" for n, s, a, b in rows],
        f"| **all six** | | **{t_engine_cold:.3f}** | total incl. games: **{t_all:.3f}** |",
        "",
        f"## Model B2, d = 1..{args.max_decks}: integer counts vs naive Fraction sums",
        "",
        'Fast: `model_tables("B2", d)`, best of 3 (engine warm; polynomial in d evaluated exactly). Naive:',
        '`reference.reference_tables("B2", d)`, a literal transcription of eqs. (8)–(14), (18)',
        "summing `Fraction`s. Equal: every weight of the two tables is identical.",
        "",
        "| d | fast (s) | naive (s) | ratio naive/fast | equal |",
        "|---:|---:|---:|---:|:---:|",
        *[
            f"| {d} | {fast_t[d]:.5f} | {naive_t[d]:.2f} | {naive_t[d] / fast_t[d]:,.0f}× | {'yes' if agree[d] else '**NO**'} |"
            for d in naive_decks
        ],
        "",
        f"Fast, all d = 1..{args.max_decks}: **{fast_total:.3f} s** in total "
        f"(median {statistics.median(fast_t.values()) * 1e3:.2f} ms per d).",
    ]
    if not args.naive_all:
        est = statistics.mean(naive_t.values()) * len(decks)
        lines.append(
            f"Naive, all d = 1..{args.max_decks}: ≈ {est:,.0f} s (estimated from the {len(naive_t)} sampled d; "
            f"ratio ≈ {est / fast_total:,.0f}×). Run with `--naive-all` to measure every d."
        )
    else:
        nt = sum(naive_t.values())
        lines.append(
            f"Naive, all d = 1..{args.max_decks}: **{nt:,.1f} s**; ratio **{nt / fast_total:,.0f}×**."
        )
    lines.append("")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0 if all(agree.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
