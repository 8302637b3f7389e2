"""Cost of the Nash proof across breakpoints (games/baccara/banque/nash_breakpoint.py).

For the segments of a results JSON written by ``bench_banque_nash_proof.py``, every
interior breakpoint θ_b (the common end of two adjacent segments) is proved with
:func:`nash_breakpoint.prove_breakpoint` on [c_L, a_R] (the gap the two segments' own
proofs leave). Each neighbour is re-solved at a rational point inside it
(``theta_nash.nash_piece``). Results go to a JSON (resumable: breakpoints already in it are
skipped) and a Markdown table; CPU seconds (``time.process_time``).

Run:  PYTHONPATH=. python benchmarks/bench_banque_nash_breakpoints.py SEGMENTS.json [...] [--out FILE]
      PYTHONPATH=. python benchmarks/bench_banque_nash_breakpoints.py --decks D [--cache DIR] [--out FILE]

``--decks D --cache DIR``: the segments of a d-deck shoe's sweep of (0, 1/2] from the chunk
records ``DIR/banque-v1/nash-dD-*p.json`` (read only; joined by
``bench_banque_nash_margins._chunk_segments``), each neighbour re-solved for that dealing. The
half (0, 1/2] suffices: θ ↔ 1 − θ is an exact symmetry of the game (theta_mirror.py), the
segment through 1/2 is its own mirror image and is proved on both sides of 1/2.

Several SEGMENTS files (θ-ranges of one sweep, e.g. chunks run at different times) are combined
into one ordered list (a segment found in two files — the segment through a range's end — is
kept once, with the longer proved range). Before the breakpoints, every segment whose recorded
proof failed is proved again with the current code (``nash_proof.prove_piece``), and when the
list starts at θ = 0 the first segment's proof is extended down to 0
(``nash_zero_end.prove_zero_end`` on (0, a]: every θ ∈ (0, a] is covered, no margin at 0). Everything is in the output JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def _inside(seg: dict) -> Fraction:
    """The segment's own exact sample θ₀."""
    return Fraction(seg["sample"])


def combine(srcs: list[Path]) -> list[dict]:
    """The segments of several results JSONs in θ order, each segment once (module docstring)."""
    segs = []
    for src in srcs:
        for sg in json.loads(src.read_text())["segments"]:
            segs.append(dict(sg, source=src.name))
    segs.sort(key=lambda sg: (float(sg["from"]), -float(sg["to"])))
    out: list[dict] = []
    for sg in segs:
        if out and sg["from_exact"] == out[-1]["from_exact"]:
            prev = out[-1]
            better = (sg["proof"].get("proved"), float(sg["to"])) > (prev["proof"].get("proved"), float(prev["to"]))
            if better:
                out[-1] = sg
            continue
        if out and float(sg["to"]) <= float(out[-1]["to"]):   # inside the previous one (a cut part)
            continue
        out.append(sg)
    for a, b in zip(out, out[1:]):
        if a["to_exact"] != b["from_exact"] and abs(float(a["to"]) - float(b["from"])) > 1e-7:
            raise RuntimeError(f"the sources do not tile: {a['to']} .. {b['from']}")
    return out


def _reprove(segs: list[dict], rec: dict, decks: int | None = None) -> None:
    """Prove again (current code) every segment whose recorded proof failed."""
    from games.baccara.banque.nash_proof import proof_record, prove_piece
    from games.baccara.banque.theta_nash import nash_piece

    done = {r["from"] for r in rec.setdefault("reproved", [])}
    for sg in segs:
        if sg["proof"].get("proved") or sg["from"] in done:
            continue
        t0 = time.process_time()
        pc = nash_piece(_inside(sg), decks)
        pr = prove_piece(pc)
        rec["reproved"].append({"from": sg["from"], "to": sg["to"], "proof": proof_record(pr),
                                "neighbours_cpu_seconds": round(time.process_time() - t0 - pr.cpu, 2)})
    for r in rec["reproved"]:
        for sg in segs:
            if sg["from"] == r["from"] and r["proof"]["proved"]:
                sg["proof"] = dict(r["proof"], reproved=True)


def _end_zero(segs: list[dict], rec: dict, decks: int | None = None) -> None:
    """The first segment's proof extended to (0, a] when the list starts at 0
    (``nash_complete.prove_end``: every θ ∈ (0, a] is covered)."""
    from games.baccara.banque.nash_complete import prove_end

    if segs[0]["from_exact"] == "0" and not rec.get("end_zero", {}).get("proved"):
        rec["end_zero"] = prove_end(segs[0], decks)


def _close_cuts(segs: list[dict], rec: dict, decks: int | None, out: Path) -> None:
    """A cut of the chunked sweep (not a breakpoint) whose two segment proofs do not meet (one
    side's proof stops a margin short of it): the gap between them proved by the segment proof
    (``nash_proof.prove_range``, full statement) with the anchors of the segment re-solved at
    the left sample, which runs over the cut."""
    from bench_banque_nash_margins import is_cut

    from gamekit.exact import compare_numbers
    from games.baccara.banque.nash_anchor import anchors_of
    from games.baccara.banque.nash_events import forms
    from games.baccara.banque.nash_proof import prove_range
    from games.baccara.banque.theta_nash import nash_piece

    done = {c["theta"] for c in rec.setdefault("cuts", [])}
    for a, b in zip(segs, segs[1:]):
        if not is_cut(a, b) or a["to"] in done:
            continue
        lo, hi = Fraction(a["proof"]["theta_to_exact"]), Fraction(b["proof"]["theta_from_exact"])
        if lo >= hi:
            continue
        t0 = time.process_time()
        pc = nash_piece(_inside(a), decks)
        if not (compare_numbers(pc.lo, lo) < 0 < compare_numbers(pc.hi, hi)):
            rec["cuts"].append({"theta": a["to"], "from_exact": str(lo), "to_exact": str(hi), "proved": False,
                                "reason": "the re-solved segment does not run over the cut"})
            continue
        fm = forms(decks)
        pr = prove_range(fm, lo, hi, anchors_of(fm, pc))
        rec["cuts"].append({"theta": a["to"], "from_exact": str(lo), "to_exact": str(hi), "proved": pr.proved,
                            "boxes": pr.boxes, "cpu_seconds": round(pr.cpu, 2),
                            "neighbours_cpu_seconds": round(time.process_time() - t0 - pr.cpu, 2),
                            **({} if pr.proved else {"reason": pr.reason})})
        out.write_text(json.dumps(rec, indent=1))


def _fill_missing(segs: list[dict], rec: dict, out: Path, decks: int | None = None) -> None:
    """The equilibrium set at every proved breakpoint recorded without it (θ_b of degree 3 or 4
    before the number fields of gamekit.exact.number_field), computed again in place; the
    record's proof is kept."""
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria
    from games.baccara.banque.nash_complete import adjacent_pieces, equilibrium_set_record
    from games.baccara.banque.theta_nash import nash_piece

    index = {sg["to"]: k for k, sg in enumerate(segs[:-1])}
    for b in rec["breakpoints"]:
        if not b["proved"] or (b.get("at_breakpoint") or {}).get("computed") or b["theta"] not in index:
            continue
        k = index[b["theta"]]
        left, right = adjacent_pieces(nash_piece(_inside(segs[k]), decks), nash_piece(_inside(segs[k + 1]), decks),
                                b["theta"])
        t0 = time.process_time()
        at = breakpoint_equilibria(left, right, left.hi)
        b["at_breakpoint"] = equilibrium_set_record(at, time.process_time() - t0)
        out.write_text(json.dumps(rec, indent=1))


def run(srcs: list[Path], out: Path, retry_failed: bool = False, retry_unproved: bool = False,
        missing_equilibria: bool = False, below: float | None = None, decks: int | None = None,
        cache: Path | None = None) -> dict:
    from bench_banque_nash_margins import is_cut
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria, prove_breakpoint
    from games.baccara.banque.nash_complete import adjacent_pieces, equilibrium_set_record
    from games.baccara.banque.theta_nash import nash_piece

    if cache is not None:
        from bench_banque_nash_margins import _chunk_segments

        segs = [dict(sg, source="chunk cache") for sg in _chunk_segments(cache, decks)]
        source = f"the {decks}-deck chunk cache nash-d{decks}-*p.json"
    else:
        segs = combine(srcs)
        source = ", ".join(s.name for s in srcs)
    rec = json.loads(out.read_text()) if out.exists() else {"source": source, "decks": decks, "breakpoints": []}
    if retry_failed:
        rec["breakpoints"] = [b for b in rec["breakpoints"] if b["proved"]
                              and (b.get("at_breakpoint") or {}).get("computed")]
    if retry_unproved:
        rec["breakpoints"] = [b for b in rec["breakpoints"] if b["proved"]]
    _reprove(segs, rec, decks)
    out.write_text(json.dumps(rec, indent=1))
    _end_zero(segs, rec, decks)
    out.write_text(json.dumps(rec, indent=1))
    if cache is not None:
        _close_cuts(segs, rec, decks, out)
    if missing_equilibria:
        _fill_missing(segs, rec, out, decks)
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
            if th in done or is_cut(segs[k], segs[k + 1]) or (below is not None and float(th) > below):
                continue
            t0 = time.process_time()
            for j in (k, k + 1):
                if j not in pieces:
                    pieces[j] = nash_piece(_inside(segs[j]), decks)
            t1 = time.process_time()
            left, right = adjacent_pieces(pieces[k], pieces[k + 1], th)
            gap = (Fraction(segs[k]["proof"]["theta_to_exact"]), Fraction(segs[k + 1]["proof"]["theta_from_exact"]))
            pr = prove_breakpoint(left, right, gap=gap)
            t2 = time.process_time()
            at = breakpoint_equilibria(left, right, left.hi) if pr.proved else None
            t3 = time.process_time()
            rec["breakpoints"].append({
                "at_breakpoint": equilibrium_set_record(at, t3 - t2),
                "theta": th, "left_equilibria": len(segs[k]["equilibria"]),
                "right_equilibria": len(segs[k + 1]["equilibria"]), "proved": pr.proved,
                "from_exact": str(pr.a), "to_exact": str(pr.c), "boxes": pr.boxes,
                "types_decided_exactly": pr.arcs,
                "cpu_seconds": round(pr.cpu, 2), "neighbours_cpu_seconds": round(t1 - t0, 2),
                **({} if pr.proved else {"reason": pr.reason, "failed_at": pr.failed_at})})
            out.write_text(json.dumps(rec, indent=1))
            pieces = {j: v for j, v in pieces.items() if j > k}    # only the next pair's neighbour
    finally:
        bar.stop()
    rec["segments"] = [{k: sg[k] for k in ("from", "to", "from_exact", "to_exact", "sample", "source")}
                       | {"equilibria": len(sg["equilibria"]), "proof": sg["proof"]} for sg in segs
                       if below is None or float(sg["from"]) < below]
    out.write_text(json.dumps(rec, indent=1))
    return rec


def render(rec: dict) -> str:
    bps = sorted(rec["breakpoints"], key=lambda b: float(b["theta"]))
    ok = sum(1 for b in bps if b["proved"])
    cpu = sum(b["cpu_seconds"] for b in bps)
    nb = sum(b["neighbours_cpu_seconds"] for b in bps)
    lines = [f"# Banque Nash: proofs across breakpoints (segments of {rec['source']})", "",
             "CPU seconds (time.process_time) on the shared machine. Each row: the p-only box proof on",
             "[c_L, a_R] (the gap between the two neighbours' own proofs, containing the breakpoint),",
             "with the anchors of both neighbours (games/baccara/banque/nash_breakpoint.py).", ""]
    if rec.get("note"):
        lines += [f"**Note.** {rec['note']}", ""]
    segs = rec.get("segments")
    if segs:
        sok = [sg for sg in segs if sg["proof"].get("proved")]
        scpu = sum(sg["proof"].get("cpu_seconds", 0) for sg in segs)
        lines.append(f"- segments: **{len(sok)} / {len(segs)} proved** (their own box proofs, {scpu:.1f} CPU-s "
                     "as recorded)" + "".join(f"; not proved: ({sg['from']}, {sg['to']})" for sg in segs
                                                if not sg["proof"].get("proved")))
    for r in rec.get("reproved", []):
        lines.append(f"- re-proved with the current code: ({r['from']}, {r['to']}): proved = "
                     f"{r['proof']['proved']}, {r['proof']['boxes']} boxes, {r['proof']['cpu_seconds']} s")
    cuts = rec.get("cuts") or []
    if cuts:
        lines.append(f"- cuts of the chunked sweep (not breakpoints) where the two segment proofs did not meet: "
                     f"{sum(1 for c in cuts if c['proved'])} / {len(cuts)} closed by the segment proof ("
                     + "; ".join(f"{c['theta']}: {c.get('boxes', 0)} boxes, {c.get('cpu_seconds', 0)} s"
                                 + ("" if c["proved"] else f", not proved: {c['reason']}") for c in cuts) + ")")
    ez = rec.get("end_zero")
    if ez:
        boxes = sum(ez.get(k, {}).get("boxes", 0) for k in ("outside_strip", "chart", "box_proof")) or ez.get("boxes", 0)
        how = {"chart": "nash_zero_end: strip, wedges and chart; ",
               "divided": "nash_zero_end: the divided forms' box proof on [0, a]; "}
        lines.append(f"- the end at 0: (0, {float(Fraction(ez['to_exact'])):.3g}] proved = {ez['proved']}"
                     + " (" + how.get(ez.get("method") or ("chart" if "chart" in ez else ""), "the box proof on [0, a]; ")
                     + f"{boxes} boxes, {ez['cpu_seconds']} s)"
                     + ("" if ez["proved"] else f": {ez.get('reason', '')}"))
    full = sum(1 for b in bps if (b.get("at_breakpoint") or {}).get("computed"))
    lines.append(f"- the equilibrium set at θ_b itself (p's and Banker's extreme replies, exact): computed at "
                 f"**{full} / {len(bps)}** breakpoints (the others: the gap not proved; θ_b of degree ≥ 3 in the "
                 "number field ℚ(θ_b), gamekit/exact/number_field.py)")
    lines += [f"- breakpoints: **{ok} / {len(bps)} proved**; proof {cpu:.1f} s "
              f"({cpu / max(len(bps), 1):.2f} s per breakpoint), re-solving the neighbours {nb:.1f} s", "",
              "| breakpoint | equilibria left / right | proved (p) | at θ_b: p's / extreme equilibria | boxes | "
              "CPU s | reason |", "|---|---|---|---|---|---|---|"]
    for b in bps:
        at = b.get("at_breakpoint") or {}
        here = f"{at['points']} / {at['extreme_equilibria']}" if at.get("computed") else "not computed"
        lines.append(f"| {b['theta']} | {b['left_equilibria']} / {b['right_equilibria']} | {b['proved']} | {here} | "
                     f"{b['boxes']} | {b['cpu_seconds']} | {b.get('reason', '')} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("segments", nargs="*", help="results JSONs of bench_banque_nash_proof.py (one sweep)")
    ap.add_argument("--decks", type=int, default=None, help="the chunk cache's D-deck sweep instead of SEGMENTS")
    ap.add_argument("--cache", default=str(Path.home() / ".cache" / "gamekit"), help="the chunk cache (read only)")
    ap.add_argument("--out", default=None, help="output .md (JSON next to it); default: <segments>_breakpoints.md")
    ap.add_argument("--retry-failed", action="store_true",
                    help="run again the breakpoints recorded as not proved or without their equilibrium set")
    ap.add_argument("--retry-unproved", action="store_true",
                    help="run again only the breakpoints recorded as not proved")
    ap.add_argument("--missing-equilibria", action="store_true",
                    help="compute the equilibrium set at the proved breakpoints recorded without it (the proof "
                         "records are kept)")
    ap.add_argument("--below", type=float, default=None,
                    help="only the breakpoints theta_b <= BELOW (the others of the sources are not run)")
    args = ap.parse_args(argv)
    srcs = [Path(x) for x in args.segments]
    if args.decks is None and not srcs:
        ap.error("give SEGMENTS files or --decks")
    if args.decks is not None:
        out = Path(args.out) if args.out else RESULTS / f"banque_shoe_d{args.decks}_breakpoints.md"
    else:
        out = Path(args.out) if args.out else srcs[0].with_name(srcs[0].stem + "_breakpoints.md")
    cache = Path(args.cache).expanduser() if args.decks is not None else None
    rec = run(srcs, out.with_suffix(".json"), args.retry_failed, args.retry_unproved, args.missing_equilibria,
              args.below, args.decks, cache)
    out.write_text(render(rec))
    print(out.read_text())
    return 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main())
