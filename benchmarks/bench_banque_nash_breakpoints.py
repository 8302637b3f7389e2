"""Cost of the Nash proof across breakpoints (games/baccara/banque/nash_breakpoint.py).

For the segments of a results JSON written by ``bench_banque_nash_proof.py``, every
interior breakpoint θ_b (the common end of two adjacent segments) is proved with
:func:`nash_breakpoint.prove_breakpoint` on [c_L, a_R] (the gap the two segments' own
proofs leave). Each neighbour is re-solved at a rational point inside it
(``theta_nash.nash_piece``). Results go to a JSON (resumable: breakpoints already in it are
skipped) and a Markdown table; CPU seconds (``time.process_time``).

Run:  PYTHONPATH=. python benchmarks/bench_banque_nash_breakpoints.py SEGMENTS.json [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path


def _inside(seg: dict) -> Fraction:
    """The segment's own exact sample θ₀."""
    return Fraction(seg["sample"])


def _adjacent(left, right, theta: str):
    """The two neighbours with the common end θ_b (the recorded breakpoint, given to 7
    decimals): a segment re-solved from its sample may run past the breakpoint where the
    sweep cut it (an overlap repair); both are clipped there (copies)."""
    import copy

    tb = next((x for x in (left.hi, right.lo) if abs(float(x) - float(theta)) < 1e-7), None)
    if tb is None:
        raise RuntimeError(f"internal error: no common end near {theta}")
    left, right = copy.copy(left), copy.copy(right)
    left.hi = right.lo = tb
    return left, right


def run(src: Path, out: Path) -> dict:
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress
    from games.baccara.banque.nash_breakpoint import prove_breakpoint
    from games.baccara.banque.theta_nash import nash_piece

    segs = json.loads(src.read_text())["segments"]
    rec = json.loads(out.read_text()) if out.exists() else {"source": src.name, "breakpoints": []}
    done = {b["theta"] for b in rec["breakpoints"]}
    bar = stderr_progress(TextColumn("breakpoints"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                          TimeElapsedColumn(), transient=True)
    bar.start()
    task = bar.add_task("bp", total=len(segs) - 1)
    try:
        pieces = {}
        for k in range(len(segs) - 1):
            bar.update(task, completed=k)
            th = segs[k]["to"]
            if th in done:
                continue
            t0 = time.process_time()
            for j in (k, k + 1):
                if j not in pieces:
                    pieces[j] = nash_piece(_inside(segs[j]))
            t1 = time.process_time()
            left, right = _adjacent(pieces[k], pieces[k + 1], th)
            gap = (Fraction(segs[k]["proof"]["theta_to_exact"]), Fraction(segs[k + 1]["proof"]["theta_from_exact"]))
            pr = prove_breakpoint(left, right, gap=gap)
            rec["breakpoints"].append({
                "theta": th, "left_equilibria": len(segs[k]["equilibria"]),
                "right_equilibria": len(segs[k + 1]["equilibria"]), "proved": pr.proved,
                "from_exact": str(pr.a), "to_exact": str(pr.c), "boxes": pr.boxes,
                "cpu_seconds": round(pr.cpu, 2), "neighbours_cpu_seconds": round(t1 - t0, 2),
                **({} if pr.proved else {"reason": pr.reason, "failed_at": pr.failed_at})})
            out.write_text(json.dumps(rec, indent=1))
    finally:
        bar.stop()
    return rec


def render(rec: dict) -> str:
    bps = rec["breakpoints"]
    ok = sum(1 for b in bps if b["proved"])
    cpu = sum(b["cpu_seconds"] for b in bps)
    nb = sum(b["neighbours_cpu_seconds"] for b in bps)
    lines = [f"# Banque Nash: proofs across breakpoints (segments of {rec['source']})", "",
             "CPU seconds (time.process_time) on the shared machine. Each row: the p-only box proof on",
             "[c_L, a_R] (the gap between the two neighbours' own proofs, containing the breakpoint),",
             "with the anchors of both neighbours (games/baccara/banque/nash_breakpoint.py).", "",
             f"- breakpoints: **{ok} / {len(bps)} proved**; proof {cpu:.1f} s "
             f"({cpu / max(len(bps), 1):.2f} s per breakpoint), re-solving the neighbours {nb:.1f} s", "",
             "| breakpoint | equilibria left / right | proved | boxes | CPU s | reason |", "|---|---|---|---|---|---|"]
    for b in bps:
        lines.append(f"| {b['theta']} | {b['left_equilibria']} / {b['right_equilibria']} | {b['proved']} | "
                     f"{b['boxes']} | {b['cpu_seconds']} | {b.get('reason', '')} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("segments", help="a results JSON of bench_banque_nash_proof.py")
    ap.add_argument("--out", default=None, help="output .md (JSON next to it); default: <segments>_breakpoints.md")
    args = ap.parse_args(argv)
    src = Path(args.segments)
    out = Path(args.out) if args.out else src.with_name(src.stem + "_breakpoints.md")
    rec = run(src, out.with_suffix(".json"))
    out.write_text(render(rec))
    print(out.read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
