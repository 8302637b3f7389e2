"""Banque dealt from a real shoe for every θ: the sweeps, their cost, and the comparison plots.

For each (concept, dealing) the sweep over (0, 1) is read through
:func:`games.baccara.banque.theta_chunks.run_chunks` — i.e. from the sweep cache when the
chunks are there (``baccara sweep --game banque --decks D --concept C`` fills it, resumably,
``--jobs 2``), computed otherwise. Reported per sweep: segments, breakpoints, the CPU seconds
summed over the chunks (``time.process_time`` in each worker: the shared machine's load
matters less than for wall time), for the independent concept its existence set, for Nash the
number of equilibria per segment and the completeness proof (proved / not proved, boxes), and
the values (draw probabilities at 5 and Banker's value) at a few θ, evaluated exactly from the
segments' formulas.

Run:  PYTHONPATH=. python benchmarks/bench_banque_shoe.py [--only-cached] [--plots] [--reprove-failed D[:LO:HI]]
Writes benchmarks/results/banque_shoe.md and banque_shoe.json (segments: ends, formulas,
values, proofs), and with ``--plots`` docs/img/banque_shoe_{correlated,independent,nash}.png
(with replacement against six decks). ``--reprove-failed D[:LO:HI]`` first re-proves, with the
current proof code, the Nash segments the cached D-deck chunks (those inside [LO, HI]) left not
proved (:mod:`games.baccara.banque.chunk_reprove`; resumable, each chunk file rewritten
atomically).
"""

from __future__ import annotations

import argparse
import json
import platform
from datetime import date
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).parent
OUT = HERE / "results" / "banque_shoe.md"
IMG = HERE.parent / "docs" / "img"
SWEEPS = [("independent", 3), ("independent", 6), ("independent", 8), ("independent", None),
          ("nash", 6), ("nash", None), ("nash", 3), ("nash", 8)]
THETAS = (Fraction(1, 10), Fraction(1, 4), Fraction(3, 10), Fraction(1, 2))


def _sweep(concept: str, decks, only_cached: bool, lo: Fraction = Fraction(0), hi: Fraction = Fraction(1),
           prove: bool | None = None) -> dict | None:
    from games.baccara.banque.theta_chunks import ChunkCache, _tasks, run_chunks

    prove = decks is not None if prove is None else prove
    if only_cached:   # what the cache holds, possibly part of the range (the chunks present)
        from games.baccara.banque.theta_chunks import join_records

        cache = ChunkCache()
        tasks = _tasks(concept, decks, lo, hi, prove)
        got = []
        for t in tasks:   # a proved Nash chunk if there is one, else the chunk swept without the proof
            rec = cache.get(ChunkCache.key(*t))
            kind, d, a, b, c_lo, c_hi, mirror, proved = t
            if rec is None and concept == "nash" and proved:
                rec = cache.get(ChunkCache.key(kind, d, a, b, c_lo, c_hi, mirror, False))
            got.append((t, rec))
        have = [r for _, r in got if r is not None]
        if not have:
            return None
        rec = join_records(concept, have, lo, hi, decks)
        rec["chunks"] = {"total": len(tasks), "cached": len(have),
                         "proved": sum(1 for r in have if r.get("proved"))}
        if len(have) < len(tasks):
            rec["partial"] = [[str(t[2]), str(t[3])] for t, r in got if r is not None]
        return rec
    return run_chunks(concept, lo, hi, decks=decks, prove=prove, jobs=1, executor="serial")


_EXPR: dict = {}


def _pair(e: dict, t: Fraction) -> tuple[float, float]:
    """(p₁, p₂) of a Nash equilibrium's formulas at θ (p₁ may be written in p₂ and θ)."""
    import sympy

    th, q = sympy.Symbol("theta"), sympy.Rational(t.numerator, t.denominator)
    f2, f1 = (sympy.sympify(e[k]["5"]) for k in ("player2", "player1"))
    p2 = f2.subs(th, q)
    if f2.has(sympy.Symbol("p1")):   # a mirrored segment: p₂ written in p₁
        p1 = f1.subs(th, q)
        p2 = f2.subs({th: q, sympy.Symbol("p1"): p1})
    else:
        p1 = f1.subs({th: q, sympy.Symbol("p2"): p2})
    return float(p1), float(p2)


def _at(formula: str, t: Fraction) -> float:
    """A segment formula (sympy-parsable, in ``theta``) at a rational θ (exact, then a float)."""
    import sympy

    th = sympy.Symbol("theta")
    e = _EXPR.get(formula)
    if e is None:
        e = _EXPR[formula] = sympy.sympify(formula)
    return float(e.subs(th, sympy.Rational(t.numerator, t.denominator)))


def _end(exact: str, dec: str):
    try:
        return Fraction(exact)
    except ValueError:
        return Fraction(dec)


def _segment_at(rec: dict, t: Fraction) -> dict | None:
    """The segment whose open θ-range contains t (None at a breakpoint)."""
    for s in rec["segments"]:
        if _end(s["from_exact"], s["from"]) < t < _end(s["to_exact"], s["to"]):
            return s
    return None


def _values(rec: dict) -> list[dict]:
    out: list[dict] = []
    for t in THETAS:
        s = _segment_at(rec, t)
        if s is None:
            done = rec.get("partial") is None or any(Fraction(a) <= min(t, 1 - t) <= Fraction(b)
                                                     for a, b in rec["partial"])
            out.append({"theta": str(t), "note": "a breakpoint" if done else "not computed yet"})
            continue
        if rec["concept"] == "nash":
            eqs = [tuple(round(v, 7) for v in _pair(e, t)) for e in s["equilibria"]]
            out.append({"theta": str(t), "equilibria": eqs})
        else:
            out.append({"theta": str(t), "p1": round(_at(s["player1"]["5"], t), 7),
                        "p2": round(_at(s["player2"]["5"], t), 7), "banker": round(_at(s["value"], t), 9)})
    return out


def _slim(rec: dict) -> dict:
    """The record without the bulky per-set data (team formulas, Banker's mixing formulas)."""
    keep = ("from", "to", "from_exact", "to_exact", "sample", "ends_by", "player1", "player2", "value",
            "product", "independent", "proof")
    segs = []
    for s in rec["segments"]:
        t = {k: s[k] for k in keep if k in s}
        if "banker_mixed" in s:
            t["banker_mixed_at"] = sorted(s["banker_mixed"])
        if "equilibria" in s:
            t["equilibria"] = [{"player1": e["player1"], "player2": e["player2"],
                                "banker_mixed_at": sorted(e["banker_mixed"]), "at_sample": e["at_sample"]}
                               for e in s["equilibria"]]
        if isinstance(t.get("proof"), dict):
            t["proof"] = {k: v for k, v in t["proof"].items() if k != "not_covered"}
        segs.append(t)
    out = {k: v for k, v in rec.items() if k != "segments"}
    out["segments"] = segs
    return out


def summary(rec: dict) -> dict:
    segs = rec["segments"]
    out = {"concept": rec["concept"], "decks": rec["decks"], "segments": len(segs), "partial": rec.get("partial"),
           "breakpoints": len(rec["breakpoints"]), "cpu_seconds": rec["cpu_seconds"],
           "chunks": rec["chunks"]["total"], "values": _values(rec)}
    if rec["concept"] == "independent":
        ind = rec["independent"]
        out["independent"] = {"intervals": [(i["from"], i["to"]) for i in ind["intervals"]],
                              "points": [p["decimal"] for p in ind["points"]]}
    if rec["concept"] == "nash":
        counts: dict[int, int] = {}
        for s in segs:
            counts[len(s["equilibria"])] = counts.get(len(s["equilibria"]), 0) + 1
        out["equilibria_per_segment"] = {str(k): v for k, v in sorted(counts.items())}
        proofs = [s.get("proof") or {} for s in segs]
        attempted = [p for p in proofs if "boxes" in p]
        out["proof"] = {"attempted": len(attempted), "proved": sum(1 for p in attempted if p.get("proved")),
                        "chunks_proved": rec["chunks"].get("proved"),
                        "proved_ranges": [(s["proof"]["theta_from"], s["proof"]["theta_to"]) for s in segs
                                          if (s.get("proof") or {}).get("proved")],
                        "boxes": sum(p.get("boxes", 0) for p in attempted),
                        "not_proved": [(s["from"], s["to"], (s.get("proof") or {}).get("reason", ""))
                                       for s in segs if "boxes" in (s.get("proof") or {})
                                       and not s["proof"]["proved"]]}
    return out


def _ranges(chunks: list) -> str:
    """Contiguous runs of chunks as θ-ranges."""
    runs: list[list[str]] = []
    for a, b in chunks:
        if runs and runs[-1][1] == a:
            runs[-1][1] = b
        else:
            runs.append([a, b])
    return ", ".join(f"({a}, {b})" for a, b in runs)


def render(sums: list[dict], wall: dict) -> str:
    lines = ["# Banque from a real shoe, every θ in (0, 1): the sweeps", "",
             f"{date.today()} · {platform.python_implementation()} {platform.python_version()} · CPU seconds summed "
             "over the θ-chunks (time.process_time in each worker) on the shared 2-core machine; (1/2, 1) is the "
             "mirror image of (0, 1/2) (exact symmetry, docs/banque.md). Full records: banque_shoe.json and the "
             "sweep cache (`baccara sweep --game banque --decks D --concept C --json`).", "",
             "| concept | dealing | segments | breakpoints | CPU s | wall | result |", "|---|---|---|---|---|---|---|"]
    for s in sums:
        deal = "with replacement" if s["decks"] is None else f"{s['decks']} decks"
        if s["concept"] == "independent":
            ind = s["independent"]
            k = len(ind["intervals"])
            res = ("exists on no interval" if k == 0 else f"exists on {k} interval{'s' if k > 1 else ''} "
                   + ", ".join(f"[{a}, {b}]" for a, b in ind["intervals"]))
            res += f"; at {len(ind['points'])} isolated θ " + ", ".join(ind["points"])
            concept = "correlated / independent"
        else:
            pf = s["proof"]
            res = ("equilibria per segment " + ", ".join(f"{k}: {v}" for k, v in s["equilibria_per_segment"].items())
                   + (f"; proof run on {pf['attempted']} of {s['segments']} segments ({pf['chunks_proved']} of "
                      f"{s['chunks']} chunks and their mirror images), proved complete **{pf['proved']} / "
                      f"{pf['attempted']}** ({pf['boxes']} boxes)" if pf["attempted"] else "; proof not run"))
            concept = "Nash"
        if s.get("partial"):
            res = (f"**part of the range only**: {len(s['partial'])} of {s['chunks']} chunks of (0, 1/2] "
                   f"(and their mirror images) — {_ranges(s['partial'])}; ") + res
        lines.append(f"| {concept} | {deal} | {s['segments']} | {s['breakpoints']} | {s['cpu_seconds']} | "
                     f"{wall.get((s['concept'], s['decks']), '-')} | {res} |")
    lines += ["", "## Values at a few θ", "",
              "Correlated: marginal draw probabilities at 5 (p₁, p₂) and Banker's value; Nash: (p₁, p₂) of every "
              "extreme equilibrium (decimals of the exact formulas).", "",
              "| concept | dealing | " + " | ".join(f"θ = {t}" for t in THETAS) + " |",
              "|---|---|" + "---|" * len(THETAS)]
    for s in sums:
        deal = "with replacement" if s["decks"] is None else f"{s['decks']} decks"
        cells = []
        for v in s["values"]:
            if "note" in v:
                cells.append(v["note"])
            elif "equilibria" in v:
                cells.append("; ".join(f"({a}, {b})" for a, b in v["equilibria"]))
            else:
                cells.append(f"({v['p1']}, {v['p2']}), {v['banker']}")
        lines.append(f"| {s['concept']} | {deal} | " + " | ".join(cells) + " |")
    lines += _theorem_lines()
    nps = [(s, n) for s in sums if s["concept"] == "nash" for n in s["proof"]["not_proved"]]
    if nps:
        lines += ["", "## Nash segments not proved", "", "| dealing | from | to | reason |", "|---|---|---|---|"]
        for s, (a, b, why) in nps:
            lines.append(f"| {s['decks'] or 'with replacement'} decks | {a} | {b} | {why} |")
    return "\n".join(lines) + "\n"


def _theorem_lines() -> list[str]:
    """The rest of the Nash proof from each shoe, read from the other benchmarks' results (when
    there): breakpoints (gap, set at θ_b), margins, the end at 0, the branches re-derived."""
    res = HERE / "results"
    paths = [res / f"banque_shoe_d{d}_breakpoints.json" for d in (3, 6, 8)]
    if not all(p.exists() for p in paths):
        return []
    margins = json.loads((res / "banque_nash_margins.json").read_text()) if (res / "banque_nash_margins.json").exists() else {}
    branches = json.loads((res / "banque_branches.json").read_text()) if (res / "banque_branches.json").exists() else {}
    out = ["", "## Nash: the rest of the proof (breakpoints, margins, the end at 0)", "",
           "From bench_banque_nash_breakpoints.py --decks D, bench_banque_nash_margins.py --decks D and "
           "bench_banque_branches.py (docs/banque.md, claim `banque.nash.shoe`); breakpoints of (0, 1/2], the "
           "others are their mirror images.", "",
           "| dealing | gaps proved | sets at θ_b | margins decided | end (0, a₁] | branches re-derived |",
           "|---|---|---|---|---|---|"]
    for d, p in zip((3, 6, 8), paths):
        rec = json.loads(p.read_text())
        bps = rec["breakpoints"]
        sets = sum(1 for b in bps if (b.get("at_breakpoint") or {}).get("computed"))
        mb = margins.get(f"{d} decks", {}).get("breakpoints", [])
        ez = rec.get("end_zero") or {}
        br = branches.get(str(d), {}).get("segments", [])
        out.append(f"| {d} decks | {sum(b['proved'] for b in bps)} / {len(bps)} | {sets} / {len(bps)} | "
                   f"{sum(b['proved'] for b in mb)} / {len(mb)} | "
                   + (f"proved, (0, {float(Fraction(ez['to_exact'])):.2g}] ({ez.get('method', 'box proof')})"
                      if ez.get("proved") else "not proved")
                   + f" | {sum(b['ok'] for b in br)} / {len(br)} |")
    return out


# -- plots -------------------------------------------------------------------------------------------
def _curves(rec: dict, n: int = 8) -> list[list[tuple]]:
    """Per segment and equilibrium, (θ, p₁, p₂, value or nan) at n inner points (floats; plot only)."""
    import math

    out = []
    for s in rec["segments"]:
        a, b = float(s["from"]), float(s["to"])
        ks = [k + 0.5 for k in range(n)] if rec["concept"] == "nash" else range(n + 1)
        ts = [Fraction(a + (b - a) * k / n).limit_denominator(10 ** 9) for k in ks]
        if rec["concept"] == "nash":
            for e in s["equilibria"]:
                pts = [(float(t), *_pair(e, t), math.nan) for t in ts]
                out.append(pts)
                if rec.get("mirror_points") and b <= 0.5:   # θ ↔ 1 − θ with the Players swapped
                    out.append([(1 - x, p2, p1, v) for x, p1, p2, v in pts])
        elif rec["concept"] != "independent" or s["independent"]["everywhere"]:
            out.append([(float(t), _at(s["player1"]["5"], t), _at(s["player2"]["5"], t), _at(s["value"], t))
                        for t in ts])
    return out


def plot(concept: str, recs: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    styles = {None: ("tab:blue", "navy", "with replacement"), 6: ("tab:red", "darkred", "6-deck shoe")}
    for decks, rec in recs.items():
        if rec is None:
            continue
        c1, c2, name = styles[decks]
        name = rec.get("label", name)
        curves = _curves(rec)
        for k, seg in enumerate(curves):
            ts = [p[0] for p in seg]
            ls = dict(marker="." if concept == "nash" else None, ls="none" if concept == "nash" else "-", ms=2.5)
            axes[0].plot(ts, [p[1] for p in seg], color=c1, lw=2.5, alpha=0.6, label=f"{name}: p1" if k == 0 else None,
                         **ls)
            axes[0].plot(ts, [p[2] for p in seg], color=c2, lw=1.0, label=f"{name}: p2" if k == 0 else None,
                         **({**ls, "ls": "none" if concept == "nash" else "--"}))
            if concept != "nash":
                axes[1].plot(ts, [p[3] for p in seg], color=c1, lw=1.5, label=name if k == 0 else None)
        if concept == "independent":
            for k, p in enumerate(rec["independent"]["points"]):
                tf = Fraction(p["decimal"])
                s = _segment_at(rec, tf)
                if s is not None:
                    axes[0].plot([float(tf)], [_at(s["player1"]["5"], tf)], "o", color=c1, ms=8, mfc="none",
                                 label=f"{name}: isolated points, p1" if k == 0 else None)
                    axes[0].plot([float(tf)], [_at(s["player2"]["5"], tf)], "x", color=c2, ms=7,
                                 label=f"{name}: isolated points, p2" if k == 0 else None)
                    axes[1].plot([float(tf)], [_at(s["value"], tf)], "o", color=c1, ms=7, mfc="none",
                                 label=f"{name}: isolated points" if k == 0 else None)
        if concept == "nash":
            xs = [float(Fraction(s["sample"])) for s in rec["segments"]]
            ys = [_at(s["equilibria"][0]["at_sample"]["banker"], Fraction(0)) for s in rec["segments"]]
            if rec.get("mirror_points"):
                xs, ys = xs + [1 - x for x in xs], ys + ys
            axes[1].plot(xs, ys, ".", color=c1, ms=4, label=f"{name} (at each segment's sample)")
    if concept == "correlated" and all(recs.get(d) for d in (None, 6)):
        grid = [Fraction(k, 400) for k in range(1, 400)]
        diff = []
        for t in grid:
            a, b = _segment_at(recs[6], t), _segment_at(recs[None], t)
            if a is not None and b is not None:
                diff.append((float(t), _at(a["value"], t) - _at(b["value"], t)))
        ax = axes[1].twinx()
        ax.plot([d[0] for d in diff], [d[1] for d in diff], color="gray", lw=1, ls=":",
                label="6 decks − with replacement (right axis)")
        ax.set_ylabel("difference of Banker's values", color="gray")
        ax.legend(fontsize=7, loc="upper center")
    axes[0].set_xlabel("θ (stake on Player 1's hand)")
    axes[0].set_ylabel("probability of drawing at 5")
    axes[0].legend(fontsize=7)
    axes[1].set_xlabel("θ")
    axes[1].set_ylabel("Banker's expected gain per unit staked")
    axes[1].legend(fontsize=8)
    title = {"correlated": "correlated cooperative equilibrium (team's marginals)",
             "independent": "independent cooperative equilibrium (where it exists)",
             "nash": "Nash equilibria (every extreme equilibrium)"}[concept]
    fig.suptitle(f"Baccara banque, {title}: with replacement vs a 6-deck shoe")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _nash_with_replacement() -> dict | None:
    """The with-replacement Nash segments of (0, 1/2] for the plot: the proof benchmarks' records
    (results/banque_nash_proof*.json: (0, 1/10) and (1/10, 1/2]; before those, (0, 1/10) from the
    sweep cache, ``baccara sweep --game banque --concept nash --no-proof --theta-range 0:1/10``),
    mirrored."""
    segs: list[dict] = []
    low = _sweep("nash", None, True, Fraction(0), Fraction(1, 10), prove=False)
    if low is not None:
        segs += low["segments"]
    proofs = ("banque_nash_proof_0-1_10.json", "banque_nash_proof.json", "banque_nash_proof_1_5-7_20.json",
              "banque_nash_proof_7_20-1_2.json")
    if (HERE / "results" / proofs[0]).is_file():
        segs = []          # the proved (0, 1/10) replaces the unproved sweep of it
    for name in proofs:
        f = HERE / "results" / name
        if f.is_file():
            segs += json.loads(f.read_text())["segments"]
    if not segs:
        return None
    seen, out = set(), []
    for sg in sorted(segs, key=lambda x: float(x["from"])):
        if sg["from_exact"] not in seen:
            seen.add(sg["from_exact"])
            out.append(sg)
    lo = min(float(sg["from"]) for sg in out)
    return {"concept": "nash", "segments": out, "mirror_points": True,
            "label": f"with replacement ({lo:.2f} < θ < {1 - lo:.2f})"}


def _reprove(spec: str) -> None:
    """--reprove-failed D[:LO:HI] (games.baccara.banque.chunk_reprove)."""
    from games.baccara.banque.chunk_reprove import reprove_cached

    parts = spec.split(":")
    decks = None if parts[0] == "x" else int(parts[0])
    within = (Fraction(parts[1]), Fraction(parts[2])) if len(parts) == 3 else None
    got = reprove_cached(decks, within=within, log=lambda line: print(line, flush=True))
    tried = sum(c["tried"] for c in got.values())
    proved = sum(c["proved"] for c in got.values())
    print(f"re-proved {proved} of {tried} not-proved segments in {len(got)} cached chunks ({spec})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only-cached", action="store_true", help="skip sweeps whose chunks are not all cached")
    ap.add_argument("--plots", action="store_true", help="also draw docs/img/banque_shoe_*.png")
    ap.add_argument("--wall", default=str(OUT.with_name("banque_shoe_wall.json")),
                    help="a JSON file {\"concept/decks\": \"wall time\"} to report (default: banque_shoe_wall.json)")
    ap.add_argument("--reprove-failed", action="append", default=[], metavar="D[:LO:HI]",
                    help="first re-prove, with the current proof code, the not-proved segments of the cached "
                         "Nash chunks of the D-deck sweep of (0, 1) (x: with replacement), optionally only its "
                         "chunks inside [LO, HI]; resumable, each chunk file rewritten atomically (repeatable)")
    args = ap.parse_args()
    for spec in args.reprove_failed:
        _reprove(spec)
    wall = {}
    if args.wall:
        for k, v in json.loads(Path(args.wall).read_text()).items():
            c, d = k.split("/")
            wall[(c, None if d == "x" else int(d))] = v
    recs = {(c, d): _sweep(c, d, args.only_cached) for c, d in SWEEPS}
    have = [(k, r) for k, r in recs.items() if r is not None]
    sums = [summary(r) for _, r in have]
    OUT.write_text(render(sums, wall))
    OUT.with_suffix(".json").write_text(json.dumps({"summary": sums, "sweeps": [_slim(r) for _, r in have]},
                                                   indent=1) + "\n")
    print(f"wrote {OUT} ({len(have)} sweeps)")
    if args.plots:
        for concept in ("correlated", "independent", "nash"):
            src = "nash" if concept == "nash" else "independent"
            data = {d: recs.get((src, d)) for d in (None, 6)}
            low = data[None]
            if concept == "nash" and (low is None or low.get("partial")):
                data[None] = _nash_with_replacement()
            if concept == "correlated":
                data = {d: (dict(r, concept="correlated") if r else None) for d, r in data.items()}
            path = IMG / f"banque_shoe_{concept}.png"
            plot(concept, data, path)
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
