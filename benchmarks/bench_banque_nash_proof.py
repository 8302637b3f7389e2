"""Cost of the Nash completeness proof of banque against the sweep it proves (same run).

For a θ-range: the Nash cover (``theta_cover.cover`` + ``theta_nash.nash_piece``: a complete
exact enumeration per segment) is timed, then the box proof of every segment
(``nash_proof_cover.prove_cover``, including any probe and repair). Reported: CPU seconds
of both, the ratio proof / cover, boxes and CPU per segment, and whether each segment was
proved (the reason when not). CPU seconds (``time.process_time``), so the shared machine's
load matters less than for wall time.

Run:  PYTHONPATH=. python benchmarks/bench_banque_nash_proof.py [--range 1/10:1/5] [--out FILE]
Writes benchmarks/results/banque_nash_proof.md (or --out) and a JSON next to it.

``--cache DIR``: the chunks of the sweep of (0, 1/2] (``theta_chunks``: cuts at multiples of
1/40, each chunk covered and proved on its own, with probe and repair) that lie in --range,
solved one by one into the chunk cache DIR (resumable: finished chunks are read back,
re-certified) and joined; CPU per chunk from the records.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).parent / "results" / "banque_nash_proof.md"


def run(lo, hi) -> dict:
    """Cover, then prove; the JSON records of the sweep plus timings."""
    from games.baccara.banque.nash_proof_cover import prove_cover
    from games.baccara.banque.theta_cover import cover
    from games.baccara.banque.theta_nash import Degenerate, merge, nash_piece
    from games.baccara.banque.theta_sweep import records

    t0 = time.process_time()
    pieces = merge(cover(nash_piece, Degenerate, lo, hi, progress=True, label="banque Nash cover"))
    t1 = time.process_time()
    proved = prove_cover(pieces, progress=True)
    t2 = time.process_time()
    rec = records("nash", proved, lo, hi)
    rec["timing"] = {"cover_cpu_s": round(t1 - t0, 1), "proof_cpu_s": round(t2 - t1, 1),
                     "segments_before_proof": len(pieces), "segments_after_proof": len(proved)}
    return rec


def run_chunked(lo, hi, cache_dir: str, mirror: bool = True, fold_margin: Fraction | None = None) -> dict:
    """The chunks of the (0, 1/2] sweep inside [lo, hi], serially, through the cache
    (``mirror=False``: without the mirror images, which θ ↔ 1 − θ gives exactly;
    ``fold_margin``: see ``nash_proof_cover.prove_cover``, its own cache key)."""
    from games.baccara.banque.chunk_check import check_chunk
    from games.baccara.banque.theta_chunks import ChunkCache, _tasks, chunk_record, join_records

    cache = ChunkCache(cache_dir)
    tasks = [t[:6] + (t[6] and mirror,) + t[7:]
             for t in _tasks("nash", None, Fraction(0), Fraction(1, 2), True) if lo <= t[2] and t[3] <= hi]
    chunks = []
    for t in tasks:
        plain = ChunkCache.key(*t)
        key = plain + ("" if fold_margin is None else f"-fold{fold_margin}-probed".replace("/", "_"))
        rec = None
        for k in dict.fromkeys((key, plain)):   # a record with the default margins proves at least as much
            rec = rec or cache.get(k, lambda r, t=t: check_chunk(r, t[0], t[1], t[2], t[3], t[6]))
        if rec is None:
            print(f"solving chunk {t[2]}..{t[3]}", flush=True)
            kind, decks, a, b, cut_lo, cut_hi, mirror_t, prove = t
            rec = chunk_record(kind, decks, a, b, cut_lo=cut_lo, cut_hi=cut_hi, mirror=mirror_t, prove=prove,
                               fold_margin=fold_margin)
            cache.put(key, rec)
        chunks.append(rec)
    out = join_records("nash", chunks, lo, hi, None)
    proof = sum(sg["proof"].get("cpu_seconds", 0) for ch in chunks for sg in ch["segments"])
    total = sum(ch["cpu_seconds"] for ch in chunks)
    out["timing"] = {"cover_cpu_s": round(total - proof, 1), "proof_cpu_s": round(proof, 1),
                     "segments_before_proof": None, "segments_after_proof": len(out["segments"]),
                     "chunks": [{"from": ch["from"], "to": ch["to"], "cpu_s": ch["cpu_seconds"]} for ch in chunks]}
    return out


def render(rec: dict) -> str:
    tm = dict(rec["timing"])
    tm.setdefault("segments_before_proof", tm.get("segments_before"))
    tm.setdefault("segments_after_proof", tm.get("segments_after"))
    segs = rec["segments"]
    ok = sum(1 for s in segs if s["proof"]["proved"])
    ratio = tm["proof_cpu_s"] / tm["cover_cpu_s"] if tm["cover_cpu_s"] else float("nan")
    lines = [f"# Banque Nash: completeness proof vs the sweep, theta in ({rec['from']}, {rec['to']})", "",
             f"{date.today()} · {platform.python_implementation()} {platform.python_version()} · "
             "CPU seconds (time.process_time) on the shared machine", "",
             f"- cover (complete enumeration per segment): **{tm['cover_cpu_s']} s** for "
             f"{tm['segments_before_proof'] or len(segs)} segments",
             f"- proof (boxes, probes, repairs): **{tm['proof_cpu_s']} s**, ratio proof / cover = **{ratio:.2f}**",
             f"- segments after the proof: {tm['segments_after_proof']}; proved: **{ok} / {len(segs)}**", "",
             "| from | to | equilibria | proved | boxes | proof CPU s | reason / probe |",
             "|---|---|---|---|---|---|---|"]
    for s in segs:
        pf = s["proof"]
        why = pf.get("reason", "")
        if pf.get("probe"):
            why += f" (probe: {pf['probe']})"
        lines.append(f"| {s['from']} | {s['to']} | {len(s['equilibria'])} | {pf['proved']} | {pf.get('boxes', '')} | "
                     f"{pf.get('cpu_seconds', '')} | {why} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from games.baccara.banque.theta_sweep import parse_range

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--range", default="1/10:1/5", help="theta range LO:HI (default 1/10:1/5)")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--no-mirror", action="store_true",
                    help="chunked mode: do not solve the mirror images (theta -> 1 - theta is exact)")
    ap.add_argument("--fold-margin", default=None,
                    help="chunked mode: the proof's margin at an end next to a segment with more equilibria "
                         "(a fraction of the segment, e.g. 1/10; default: 1e-6 everywhere)")
    ap.add_argument("--from-json", default=None, help="only render a JSON written by an earlier run")
    ap.add_argument("--cache", default=None, help="chunked mode: the chunk cache directory (module docstring)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.from_json:
        rec = json.loads(Path(args.from_json).read_text())
    elif args.cache:
        rec = run_chunked(*parse_range(args.range), args.cache, mirror=not args.no_mirror,
                          fold_margin=Fraction(args.fold_margin) if args.fold_margin else None)
        out.with_suffix(".json").write_text(json.dumps(rec, indent=1))
    else:
        rec = run(*parse_range(args.range))
        out.with_suffix(".json").write_text(json.dumps(rec, indent=1))
    out.write_text(render(rec))
    print(out.read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
