"""Summarise a ``baccara sweep --model B3 --json`` output against the paper's Table 7.

    PYTHONPATH=. python benchmarks/b3_sweep_table.py RESULTS.json [> table.md]

One row per d: segments, exceptional α (count and 7-digit values), n_d (Banker sets left free
by dominance, §5: 20 ≤ n_d ≤ 28), reduced Player sets, and whether the records equal
Table 7's row (d ≤ 12) or the row "d ≥ 13" (d ≥ 13): every interval end to 7 places,
Banker's moves at Table 7's columns and his mixing probability q from (56)–(66) evaluated at
d. Disagreements are listed with the record's exact values.
"""

from __future__ import annotations

import json
import sys

from games.baccara.reproduce.paper2_b3_sweep import dec7, paper_rows, segment_rows


def table(recs: list[dict]) -> tuple[list[str], list[str]]:
    lines = ["| d | segments | exceptional α (non-unique points) | n_d (free Banker sets) | "
             "free Player sets | = Table 7 row |", "|---|---|---|---|---|---|"]
    bad = []
    for r in sorted(recs, key=lambda r: r["decks"]):
        d = r["decks"]
        exc = [p for p in r["points"] if not p["unique"]]
        ok = segment_rows(r) == paper_rows(d)
        row = "d ≥ 13" if d >= 13 else f"d = {d}"
        lines.append(f"| {d} | {r['intervals']} | {len(exc)}"
                     f"{': ' + ', '.join(dec7(p['alpha']) for p in exc) if exc else ''} | "
                     f"{r['reduced']['banker_infosets']} | {r['reduced']['player_infosets']} | "
                     f"{'yes' if ok else '**NO**'} ({row}) |")
        if not ok:
            bad.append(f"d = {d}: ours {segment_rows(r)} vs paper {paper_rows(d)}; points "
                       f"{[(p['alpha_exact'], p['equilibria']) for p in exc]}")
    return lines, bad


def main() -> None:
    recs = json.loads(open(sys.argv[1], encoding="utf-8").read())
    lines, bad = table(recs)
    ns = [r["reduced"]["banker_infosets"] for r in recs]
    print("\n".join(lines))
    print()
    print(f"{len(recs)} deck counts; n_d from {min(ns)} to {max(ns)}; "
          f"{sum(1 for r in recs if r['nonunique_points'])} with exceptional α; "
          f"{len(bad)} disagreements with Table 7.")
    for b in bad:
        print("- " + b)


if __name__ == "__main__":
    main()
