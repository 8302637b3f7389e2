"""``baccara sweep --game banque`` and ``baccara plot banque``: banque's solutions for every θ.

    baccara sweep --game banque [--concept correlated|independent|nash] [--theta-range LO:HI] [--decks D]
                  [--no-proof] [--prove-breakpoints] [--jobs N] [--executor process|serial|dask] [--scheduler ADDRESS]
                  [--cache-dir DIR] [--no-cache] [--json]
    baccara plot banque -o FILE [--concept correlated,independent,nash] [--theta-range LO:HI] [--json]

The θ-range (default 0:1) is covered by exact segments (games.baccara.banque.theta_sweep),
in chunks cut at multiples of 1/40 run in parallel (``--jobs N``, ``--executor
process|serial|dask``, ``--scheduler ADDRESS``) and cached per chunk (``--cache-dir``,
``--no-cache``; games.baccara.banque.theta_chunks), so an interrupted sweep resumes:
each is solved exactly at a rational sample, its structure continued in θ and its ends are
the nearest roots of the certificate's polynomials. CPU per segment: correlated/independent
≈ 0.1–1 s; Nash ≈ 2–7 s (a complete enumeration at every sample) plus ≈ 1–9 s for its
completeness proof — (0, 1) from six decks: 211 segments, ≈ 7 CPU-min without the proof
(docs/banque.md, "Every θ from a shoe"). Progress goes to stderr. JSON: docs/json.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from gamekit.core import GameError


def _concepts(text: str, allow_many: bool) -> list[str]:
    from games.baccara.banque.theta_sweep import CONCEPTS

    names = [c.strip().lower() for c in str(text).split(",") if c.strip()]
    bad = [c for c in names if c not in CONCEPTS]
    if bad or not names:
        raise GameError(f"unknown concept {', '.join(bad) or repr(text)}; choose from {', '.join(CONCEPTS)}")
    if len(names) > 1 and not allow_many:
        raise GameError("sweep takes one concept (plot accepts a comma list)")
    return names


def banque_decks(args) -> int | None:
    """``--decks`` for banque: None (with replacement, the default) or one deck count d ≥ 1."""
    from games.baccara.cards import check_decks

    d = getattr(args, "decks", None)
    return None if d is None else check_decks(d)


def _render(rec: dict) -> None:
    from rich.console import Console
    from rich.markup import escape

    con = Console()
    deal = "with replacement" if rec.get("decks") is None else f"{rec['decks']}-deck shoe"
    con.print(f"[bold]baccara banque[/bold], {rec['concept']}, {deal}, theta in ({rec['from']}, {rec['to']}): "
              f"{len(rec['segments'])} segments, {len(rec['breakpoints'])} breakpoints")
    if "independent" in rec:
        ind = rec["independent"]
        for iv in ind["intervals"]:
            con.print(f"  independent exists on [{iv['from']}, {iv['to']}]  "
                      f"[dim]{escape(iv['from_exact'])} .. {escape(iv['to_exact'])}[/dim]")
        for pt in ind["points"]:
            con.print(f"  independent exists at the single point {pt['decimal']}")
        if not ind["intervals"] and not ind["points"]:
            con.print("  independent cooperative equilibrium: none in this range")
    comp = rec.get("completeness")
    if comp:
        con.print(("[bold green]the whole Nash correspondence on this range is proved[/bold green]" if comp["complete"]
                   else "[bold red]not everything is proved[/bold red]")
                  + f": segments {comp['segments_proved']}, breakpoints {comp['breakpoints_proved']}"
                  + "".join(f", {k.replace('_', ' ')} {'proved' if comp[k]['proved'] else 'not proved'}"
                            for k in ("end_at_0", "end_at_1") if k in comp))
        for b in rec["breakpoints"]:
            pf = b.get("proof") or {}
            at = pf.get("at_breakpoint") or {}
            what = (f"mirror image of {pf['mirror_of']}" if "mirror_of" in pf else
                    f"{at['points']} p's, {at['extreme_equilibria']} extreme equilibria" if at.get("computed")
                    else pf.get("reason") or "set not computed")
            con.print(f"  breakpoint {b['theta']}: {'proved' if pf.get('proved') else 'NOT proved'} ({escape(what)})")
    for s in rec["segments"]:
        if rec["concept"] == "nash":
            body = "; ".join(f"p1 = {e['player1']['5']}, p2 = {e['player2']['5']}" for e in s["equilibria"])
            pf = s.get("proof") or {}
            body += ("  [complete: proved on " + f"[{pf['theta_from']}, {pf['theta_to']}]]" if pf.get("proved")
                     else f"  [not proved: {pf.get('reason', '-')}]")
        else:
            body = f"p1 = {s['player1']['5']}, p2 = {s['player2']['5']}; mixed at {', '.join(s['banker_mixed']) or '-'}"
        con.print(f"  ({s['from']}, {s['to']}): {escape(body)}")


def run_sweep(args: argparse.Namespace) -> int:
    """``baccara sweep --game banque``: chunked, parallel (``--jobs``, ``--executor``,
    ``--scheduler``) and cached (``--cache-dir``, ``--no-cache``) — games.baccara.banque.theta_chunks."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress
    from games.baccara.banque.theta_chunks import run_chunks
    from games.baccara.banque.theta_sweep import parse_range

    decks = banque_decks(args)
    concept = _concepts(getattr(args, "concept", None) or "correlated", False)[0]
    lo, hi = parse_range(getattr(args, "theta_range", None))
    with stderr_progress(TextColumn("[bold]banque sweep[/] {task.description}"), BarColumn(), MofNCompleteColumn(),
                         TimeElapsedColumn(), transient=True) as prog:
        task = prog.add_task(f"{concept}, theta chunks", total=None)

        def progress(done: int, total: int, cached: bool) -> None:
            prog.update(task, completed=done, total=total)

        rec = run_chunks(concept, lo, hi, decks=decks, prove=not getattr(args, "no_proof", False),
                         jobs=getattr(args, "jobs", None), executor=getattr(args, "executor", "process"),
                         scheduler=getattr(args, "scheduler", None), cache_dir=getattr(args, "cache_dir", None),
                         use_cache=not getattr(args, "no_cache", False), progress=progress)
    if getattr(args, "prove_breakpoints", False):
        _prove_breakpoints(rec, concept, getattr(args, "no_proof", False))
    if rec["chunks"]["cached"]:
        sys.stderr.write(f"note: {rec['chunks']['cached']} of {rec['chunks']['total']} theta chunks read from "
                         "the cache (--no-cache recomputes)\n")
    if rec["chunks"].get("rejected"):
        sys.stderr.write(f"note: {rec['chunks']['rejected']} damaged, stale or uncertified theta-chunk cache "
                         "files were ignored and recomputed\n")
    if args.json:
        sys.stdout.write(json.dumps(rec, indent=1) + "\n")
    else:
        _render(rec)
    return 0


def _prove_breakpoints(rec: dict, concept: str, no_proof: bool) -> None:
    """``--prove-breakpoints``: the rest of the Nash proof on the sweep's record, in place
    (games.baccara.banque.nash_complete)."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress
    from games.baccara.banque.nash_complete import complete_sweep

    if concept != "nash" or no_proof:
        raise GameError("--prove-breakpoints needs --concept nash and the segment proofs (without --no-proof)")
    with stderr_progress(TextColumn("[bold]banque Nash proof[/] breakpoints"), BarColumn(), MofNCompleteColumn(),
                         TimeElapsedColumn(), transient=True) as prog:
        task = prog.add_task("breakpoints", total=len(rec["breakpoints"]))
        complete_sweep(rec, progress=lambda done, total: prog.update(task, completed=done, total=total))


def run_plot(args: argparse.Namespace) -> int:
    """``baccara plot banque -o FILE``."""
    from games.baccara.banque.theta_sweep import parse_range, plot_records, sweep

    decks = banque_decks(args)
    concepts = _concepts(getattr(args, "concept", None) or "correlated,independent", True)
    lo, hi = parse_range(getattr(args, "theta_range", None))
    data = {}
    corr = None
    for c in concepts:
        if c in ("correlated", "independent"):
            corr = corr if corr is not None else sweep("correlated", lo, hi, progress=True,
                                                       decks=decks)
            data[c] = corr
        else:
            data[c] = sweep("nash", lo, hi, progress=True, decks=decks)
    out = plot_records(data, args.output, decks=decks)
    summary = {"figure": "banque", "file": str(out), "from": str(lo), "to": str(hi), "decks": decks,
               "segments": {c: len(p) for c, p in data.items()}}
    if args.json:
        sys.stdout.write(json.dumps(summary) + "\n")
    else:
        sys.stderr.write(f"wrote {out}\n")   # stdout is for results; the file is the result
    return 0
