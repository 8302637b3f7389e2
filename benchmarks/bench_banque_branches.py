"""Every tracked Nash branch of banque re-derived with the certified root decision.

The Nash proof of banque (docs/banque.md) rests on the sweep for one fact: on each segment
the tracked branches are equilibria of constant structure. A segment ends at the nearest root
of a condition's eliminant at which the condition vanishes *on this branch*; that choice is
now certified (:func:`games.baccara.banque.theta_nash._accept`: a root is dropped only when a
256-bit ball evaluation excludes 0). This script re-derives, with that code, the branches of
every recorded segment of (0, 1/2] — with replacement and from 3-, 6- and 8-deck shoes — and
checks that they run over the whole recorded segment:

* the segment through the recorded sample θ₀ is rebuilt (``theta_nash.nash_piece``: complete
  enumeration at θ₀, continuation with exact ends) and must have the recorded number of
  equilibria;
* while it ends strictly inside the recorded segment (an undecided root is kept, so the
  certified rule may cut a segment the earlier search step let through), the next segment is
  rebuilt at a rational just beyond that end and must have the same signature (the same
  structure and formulas), until the recorded ends are passed on both sides.

A segment so covered is an equilibrium of constant structure on each part and, by the
closedness of the Nash graph, at the common ends. Results: ``benchmarks/results/
banque_branches.{json,md}`` (resumable: segments already checked are skipped); CPU seconds
(``time.process_time`` of the worker processes).

Run:  PYTHONPATH=. python benchmarks/bench_banque_branches.py [--jobs 2] [--decks D ...]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SOURCES = {None: ["banque_nash_proof_breakpoints_0-1_10.json", "banque_nash_proof_breakpoints.json"],
           3: ["banque_shoe_d3_breakpoints.json"], 6: ["banque_shoe_d6_breakpoints.json"],
           8: ["banque_shoe_d8_breakpoints.json"]}


def segments(decks: int | None) -> list[dict]:
    """The recorded segments of (0, 1/2] for one dealing, each once, in θ order."""
    seen: dict[str, dict] = {}
    for name in SOURCES[decks]:
        for sg in json.loads((RESULTS / name).read_text())["segments"]:
            seen.setdefault(sg["from_exact"], sg)
    return sorted(seen.values(), key=lambda sg: float(sg["from"]))


def _beyond(x, side: int) -> Fraction:
    """A rational just beyond the end x (side +1: above, −1: below)."""
    from gamekit.exact import rational_inside
    from games.baccara.banque.theta_cover import _bounds

    lo, hi = _bounds(x)
    step = Fraction(1, 10 ** 12)
    return rational_inside(hi, hi + step) if side > 0 else rational_inside(lo - step, lo)


def check_segment(job: tuple) -> dict:
    """Cover one recorded segment by re-derived segments of one signature (module docstring);
    an exception is recorded as the segment's reason (not covered)."""
    try:
        return _check(job)
    except Exception as exc:      # reported per segment, the run goes on
        return {"from": job[1]["from"], "to": job[1]["to"], "sample": job[1]["sample"], "equilibria": None,
                "pieces": 0, "ok": False, "reason": f"{type(exc).__name__}: {exc}"[:300], "cpu_seconds": 0.0}


def _check(job: tuple) -> dict:
    from gamekit.exact import compare_numbers, number_from_str
    from games.baccara.banque.theta_nash import nash_piece

    decks, sg = job
    t0 = time.process_time()
    lo_rec, hi_rec = number_from_str(sg["from_exact"]), number_from_str(sg["to_exact"])
    first = nash_piece(Fraction(sg["sample"]), decks)
    out = {"from": sg["from"], "to": sg["to"], "sample": sg["sample"], "equilibria": len(first.tracked),
           "pieces": 1, "ok": len(first.tracked) == sg["equilibria"]}
    if not out["ok"]:
        out["reason"] = f"{len(first.tracked)} equilibria at the sample, {sg['equilibria']} recorded"
    for side, end, rec in ((1, "hi", hi_rec), (-1, "lo", lo_rec)):
        pc = first
        while out["ok"] and compare_numbers(getattr(pc, end), rec) * side < 0:
            nxt = nash_piece(_beyond(getattr(pc, end), side), decks)
            out["pieces"] += 1
            if nxt.signature != first.signature:
                out["ok"] = False
                out["reason"] = f"the structure changes at {float(getattr(pc, end)):.10f} inside the segment"
            pc = nxt
    out["cpu_seconds"] = round(time.process_time() - t0, 2)
    return out


def run(decks_list: list, jobs: int, out: Path) -> dict:
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress

    rec = json.loads(out.read_text()) if out.exists() else {}
    todo = []
    for d in decks_list:
        sec = rec.setdefault(str(d), {"decks": d, "segments": []})
        done = {s["sample"] for s in sec["segments"]}
        todo += [(d, sg) for sg in segments(d) if sg["sample"] not in done]
    bar = stderr_progress(TextColumn("branches"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                          TimeElapsedColumn(), transient=True)
    bar.start()
    task = bar.add_task("b", total=len(todo))
    try:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            futs = {ex.submit(check_segment, job): job for job in todo}
            for f in as_completed(futs):
                d = futs[f][0]
                rec[str(d)]["segments"].append(f.result())
                out.write_text(json.dumps(rec, indent=1))
                bar.update(task, advance=1)
    finally:
        bar.stop()
    for sec in rec.values():
        sec["segments"].sort(key=lambda s: float(s["from"]))
    out.write_text(json.dumps(rec, indent=1))
    return rec


def render(rec: dict) -> str:
    lines = ["# Banque Nash: every tracked branch re-derived with the certified root decision", "",
             "Each recorded segment of (0, 1/2] is covered by segments re-derived with the certified",
             "rule (`theta_nash._accept`: a root is dropped only when a 256-bit ball evaluation excludes 0),",
             "all of the recorded structure (bench_banque_branches.py). CPU seconds (time.process_time).", "",
             "| dealing | segments | covered | re-derived pieces | CPU s | not covered |", "|---|---|---|---|---|---|"]
    for key in sorted(rec, key=lambda k: (k != "None", k)):
        segs = rec[key]["segments"]
        ok = [s for s in segs if s["ok"]]
        bad = "; ".join(f"({s['from']}, {s['to']}): {s.get('reason', '')}" for s in segs if not s["ok"]) or "—"
        name = "with replacement" if key == "None" else f"{key} decks"
        lines.append(f"| {name} | {len(segs)} | **{len(ok)} / {len(segs)}** | {sum(s['pieces'] for s in segs)} | "
                     f"{sum(s['cpu_seconds'] for s in segs):.0f} | {bad} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", nargs="*", default=["none", "6", "3", "8"],
                    help="dealings: none (with replacement), 3, 6, 8")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=str(RESULTS / "banque_branches.md"))
    args = ap.parse_args(argv)
    decks = [None if d == "none" else int(d) for d in args.decks]
    out = Path(args.out)
    rec = run(decks, args.jobs, out.with_suffix(".json"))
    out.write_text(render(rec))
    print(out.read_text())
    return 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main())
