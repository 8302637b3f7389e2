"""Banker's part of the Nash proof on the ε-margins of every breakpoint (nash_margin.py).

For each interior breakpoint θ_b of a proved Nash sweep, the two neighbours are re-solved at
their samples (``theta_nash.nash_piece``) and :func:`nash_margin.prove_margins` decides both
margins [c_L, θ_b) and (θ_b, a_R] exactly, (c_L, a_R) being the gap the two segments' own
box proofs leave. Two sources:

* ``--breakpoints FILE`` (default ``benchmarks/results/banque_nash_proof_breakpoints.json``,
  with replacement): its ``segments`` and, per breakpoint, the gap [c_L, a_R] and whether the
  p-only gap proof is proved there;
* ``--decks D --cache DIR``: the chunk records ``DIR/banque-v1/nash-dD-*p.json`` of a proved
  sweep (read only), joined as :mod:`theta_chunks` joins them; the gap from the segments'
  proved ranges, and whether the p-only gap proof is proved there from
  ``benchmarks/results/banque_shoe_dD_breakpoints.json`` (bench_banque_nash_breakpoints.py
  ``--decks D``) when it exists.

Results go to a JSON section per source (resumable: breakpoints already there are skipped)
and a Markdown table; CPU seconds (``time.process_time``).

Run:  PYTHONPATH=. python benchmarks/bench_banque_nash_margins.py [--decks 6 --cache ~/.cache/gamekit]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def _chunk_segments(cache: Path, decks: int) -> list[dict]:
    """The joined segments of (0, 1/2] from the proved chunk records (read only)."""
    from games.baccara.banque.theta_chunks import _join

    recs = []
    for f in sorted((cache / "banque-v1").glob(f"nash-d{decks}-*p.json")):
        rec = json.loads(f.read_text())["record"]
        # only the chunks of one sweep of (0, 1/2]: cut at both ends except at 0 and 1/2, mirrored,
        # proved (a chunk of another run, e.g. not cut at its lower end, is left out)
        want = ("l" if Fraction(rec["from"]) != 0 else "") + ("h" if Fraction(rec["to"]) != Fraction(1, 2) else "")
        if not f.stem.endswith(f"-{want}mp"):
            continue
        recs.append(rec)
    recs.sort(key=lambda r: Fraction(r["from"]))
    for a, b in zip(recs, recs[1:]):
        if a["to"] != b["from"]:
            raise RuntimeError(f"the chunks do not tile: {a['to']} .. {b['from']}")
    return _join("nash", [sg for r in recs for sg in r["segments"]])


def _pairs_with_replacement(src: Path) -> list[dict]:
    rec = json.loads(src.read_text())
    segs = rec["segments"]
    bps = {b["theta"]: b for b in rec["breakpoints"]}
    out = []
    for k in range(len(segs) - 1):
        a, b = segs[k], segs[k + 1]
        bp = bps.get(a["to"])
        gap = ((bp["from_exact"], bp["to_exact"]) if bp is not None else
               (a["proof"]["theta_to_exact"], b["proof"]["theta_from_exact"]))
        out.append({"theta": a["to"], "theta_exact": a["to_exact"], "left": a, "right": b, "gap": gap,
                    "gap_proved": None if bp is None else bp["proved"]})
    return out


def is_cut(a: dict, b: dict) -> bool:
    """The common end of two joined chunk segments is a cut of the parallel sweep left unjoined
    (not a breakpoint), marked on either side (a re-proved chunk may have lost its own mark)."""
    return bool((a.get("cut") or [False, False])[1] or (b.get("cut") or [False, False])[0])


def _pairs_chunks(segs: list[dict]) -> list[dict]:
    out = []
    for a, b in zip(segs, segs[1:]):
        if is_cut(a, b):          # a cut of the parallel sweep left unjoined: not a breakpoint
            continue
        out.append({"theta": a["to"], "theta_exact": a["to_exact"], "left": a, "right": b,
                    "gap": (a["proof"]["theta_to_exact"], b["proof"]["theta_from_exact"]), "gap_proved": None})
    return out


def run(pairs: list[dict], decks: int | None, out: Path, section: str, retry_failed: bool = False) -> dict:
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress
    from games.baccara.banque.nash_complete import adjacent_pieces
    from games.baccara.banque.nash_margin import prove_margins
    from games.baccara.banque.theta_nash import nash_piece

    allrec = json.loads(out.read_text()) if out.exists() else {}
    rec = allrec.setdefault(section, {"decks": decks, "breakpoints": []})
    if retry_failed:
        rec["breakpoints"] = [b for b in rec["breakpoints"] if b["proved"]]
    done = {b["theta"] for b in rec["breakpoints"]}
    fresh = {pr["theta"]: pr["gap_proved"] for pr in pairs}
    for b in rec["breakpoints"]:     # the gap proofs may have been completed since (read again)
        if fresh.get(b["theta"]) is not None:
            b["gap_p_proved"] = fresh[b["theta"]]
    bar = stderr_progress(TextColumn(f"margins {section}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                          TimeElapsedColumn(), transient=True)
    bar.start()
    task = bar.add_task("bp", total=len(pairs))
    pieces: dict[str, object] = {}
    try:
        for k, pr in enumerate(pairs):
            bar.update(task, completed=k)
            if pr["theta"] in done:
                continue
            t0 = time.process_time()
            for sg in (pr["left"], pr["right"]):
                if sg["sample"] not in pieces:
                    pieces[sg["sample"]] = nash_piece(Fraction(sg["sample"]), decks)
            t1 = time.process_time()
            left, right = adjacent_pieces(pieces[pr["left"]["sample"]], pieces[pr["right"]["sample"]], pr["theta"],
                                          pr["theta_exact"])
            gap = (Fraction(pr["gap"][0]), Fraction(pr["gap"][1]))
            mp = prove_margins(left, right, gap)
            rec["breakpoints"].append({"theta": pr["theta"], **mp.record(),
                                       "left_equilibria": len(left.tracked), "right_equilibria": len(right.tracked),
                                       "gap_p_proved": pr["gap_proved"],
                                       "segment_proofs": [bool(pr["left"]["proof"].get("proved")),
                                                          bool(pr["right"]["proof"].get("proved"))],
                                       "neighbours_cpu_seconds": round(t1 - t0, 2)})
            out.write_text(json.dumps(allrec, indent=1))
            # keep only the pieces the next pair can use
            pieces = {s: v for s, v in pieces.items() if s == pr["right"]["sample"]}
    finally:
        bar.stop()
    out.write_text(json.dumps(allrec, indent=1))
    return allrec


def _gap_proofs(rec: dict, src: Path) -> None:
    """Whether the p-only gap proof is proved at each breakpoint, from the shoe's breakpoints
    results (bench_banque_nash_breakpoints.py --decks D), when it exists."""
    if not src.exists():
        return
    proved = {b["theta"]: b["proved"] for b in json.loads(src.read_text())["breakpoints"]}
    rec["gap_source"] = src.name
    for b in rec["breakpoints"]:
        b["gap_p_proved"] = proved.get(b["theta"])


def _section_md(name: str, rec: dict) -> list[str]:
    bps = sorted(rec["breakpoints"], key=lambda b: float(b["theta"]))
    ok = [b for b in bps if b["proved"]]
    full = [b for b in ok if b["gap_p_proved"]]
    cpu = sum(b["cpu_seconds"] for b in bps)
    nb = sum(b["neighbours_cpu_seconds"] for b in bps)
    sides = sum(int(b[s]["proved"]) for b in bps for s in ("left", "right"))
    lines = [f"## {name}", "",
             f"- margins decided (Banker's part, both sides): **{len(ok)} / {len(bps)} breakpoints** "
             f"({sides} / {2 * len(bps)} margins); {cpu:.1f} CPU-s ({cpu / max(len(bps), 1):.2f} s per breakpoint), "
             f"re-solving the neighbours {nb:.1f} s"]
    if any(b["gap_p_proved"] is not None for b in bps):
        lines.append(f"- with the p-only gap proof also proved ({rec.get('gap_source', 'banque_nash_proof_breakpoints.json')}): "
                     f"**{len(full)} / {len(bps)}** — at those the complete Nash statement holds on both margins")
    else:
        lines.append("- the p-only gap proofs (nash_breakpoint.prove_breakpoint) of this sweep are not in this run: "
                     "the margins' statement holds where they are proved")
    lines += ["", "| breakpoint | equilibria left / right | gap (p) proved | left margin | right margin | CPU s |",
              "|---|---|---|---|---|---|"]

    def cell(s: dict) -> str:
        if not s["proved"]:
            return f"**not proved**: {s['reason']}"
        own = "+".join(str(p["banker_vertices"]) for p in s["own_points"])
        other = sum(1 for o in s["other_branches"] if not o["status"].startswith("the point"))
        return f"proved: replies {own}; {other} other branch(es) excluded"
    for b in bps:
        gp = {None: "—", True: "yes", False: "no"}[b["gap_p_proved"]]
        lines.append(f"| {b['theta']} | {b['left_equilibria']} / {b['right_equilibria']} | {gp} | "
                     f"{cell(b['left'])} | {cell(b['right'])} | {b['cpu_seconds']} |")
    return lines + [""]


def render(allrec: dict) -> str:
    lines = ["# Banque Nash: Banker's part on the ε-margins of the breakpoints", "",
             "games/baccara/banque/nash_margin.py: per breakpoint θ_b, on [c_L, θ_b) and (θ_b, a_R] (the gap",
             "between the two neighbours' own proofs), every comparison of Banker's reply computation along",
             "each branch p_b(θ) is decided exactly for the whole margin (gamekit.exact.interval_field).",
             "'replies a+b' = the number of extreme Banker replies at each distinct equilibrium p of the own",
             "segment (equal to its tracked equilibria, type by type); 'other branches excluded' = the",
             "neighbour's branches continued that are not real, leave the square or have no equilibrium",
             "reply there. CPU seconds (time.process_time) on the shared machine.", ""]
    for name, rec in allrec.items():
        lines += _section_md(name, rec)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breakpoints", default=str(RESULTS / "banque_nash_proof_breakpoints.json"))
    ap.add_argument("--decks", type=int, default=None, help="run the chunk cache's D-deck sweep instead")
    ap.add_argument("--cache", default=str(Path.home() / ".cache" / "gamekit"))
    ap.add_argument("--out", default=str(RESULTS / "banque_nash_margins.md"))
    ap.add_argument("--retry-failed", action="store_true", help="run again the breakpoints recorded as not proved")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.decks is None:
        pairs = _pairs_with_replacement(Path(args.breakpoints))
        section = "with replacement"
    else:
        pairs = _pairs_chunks(_chunk_segments(Path(args.cache).expanduser(), args.decks))
        section = f"{args.decks} decks"
    allrec = run(pairs, args.decks, out.with_suffix(".json"), section, args.retry_failed)
    if args.decks is not None:
        _gap_proofs(allrec[section], RESULTS / f"banque_shoe_d{args.decks}_breakpoints.json")
        out.with_suffix(".json").write_text(json.dumps(allrec, indent=1))
    out.write_text(render(allrec))
    print(out.read_text())
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main())
