"""``baccara reproduce``: recompute every numbered claim of the two papers.

Each row: id, where in the paper, what is claimed, the paper's value, ours, pass/fail.
Below the table: the claims where the paper's printed text differs from what we compute
(:mod:`games.baccara.reproduce.errata`), and how long the run took. ``--list`` prints the
claim ids and descriptions without computing anything. Exit status 0 when all claims pass,
1 otherwise, 2 when ``--only`` matches nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from games.baccara.reproduce import is_long, registry, run_claims
from games.baccara.reproduce.errata import ERRATA

#: Width of the value columns; longer values are shortened with "…" (``--json`` has them whole).
VALUE_WIDTH = 48


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output (keys: docs/json.md)")
    p.add_argument("--only", metavar="PREFIX", help="only claims whose id starts with PREFIX (e.g. I. or II.B2)")
    p.add_argument("--list", action="store_true", help="list the claim ids and what they state, without computing")
    p.add_argument("--all", action="store_true",
                   help="also the long claims (Model B3 for every alpha and d = 1..13, banque): about an "
                        "hour of CPU on a first run, seconds once the sweep cache is warm")


def _selected(prefix: str | None):
    return [c for c in registry() if not prefix or c.id.startswith(prefix)]


def _list(args: argparse.Namespace) -> int:
    claims = _selected(args.only)
    if not claims:
        sys.stderr.write("error: no claims matched\n")
        return 2
    if args.json:
        print(json.dumps([{"id": c.id, "paper": c.paper, "where": c.where, "description": c.description,
                           "long": is_long(c)} for c in claims], indent=1))
        return 0
    width = max(len(c.id) for c in claims)
    for c in claims:
        sys.stdout.write(f"{c.id:<{width}}  {c.where}: {c.description}\n")
    return 0


def _short(text: str) -> str:
    return text if len(text) <= VALUE_WIDTH else text[: VALUE_WIDTH - 1] + "…"


def _render(results, npass: int, seconds: float, skipped: int = 0) -> None:
    from rich.markup import escape
    from rich.table import Table

    from games.baccara.cli.console import stdout_console

    out = stdout_console()
    t = Table(title=f"Ethier–Lee claims: {npass}/{len(results)} reproduced", title_justify="left")
    t.add_column("id", no_wrap=True)
    t.add_column("where")
    t.add_column("claim", ratio=3)
    t.add_column("paper", ratio=2)
    t.add_column("ours", ratio=2)
    t.add_column("")
    for r in results:
        mark = "[green]pass[/]" if r.passed else "[red]FAIL[/]"
        ours = r.error or r.our_value
        star = " [yellow]*[/]" if r.claim.id in ERRATA else ""
        t.add_row(escape(r.claim.id) + star, escape(r.claim.where), escape(r.claim.description),
                  escape(_short(r.paper_value)), escape(_short(ours)), mark)
    out.print(t)
    shown = [r for r in results if r.claim.id in ERRATA]
    if shown:
        out.print("\n[bold]Errata and findings[/] (*): where the paper's printed text differs from ours")
        for r in shown:
            e = ERRATA[r.claim.id]
            out.print(f"  {escape(r.claim.id)}: paper prints {escape(e.printed)}; "
                      f"we compute {escape(e.ours)} — {escape(e.why)}")
    noun = "claim" if len(results) == 1 else "claims"
    out.print(f"\n[dim]{len(results)} {noun} in {seconds:.1f} s; paper and ours in full: --json. "
              "References: docs/references.md.[/]")
    if skipped:
        out.print(f"[dim]{skipped} long claims (Model B3 for every α, banque) not run: add --all, "
                  "or --only II.B3.sweep / --only banque.[/]")


def run(args: argparse.Namespace) -> int:
    from gamekit.io import stderr_progress

    if args.list:
        return _list(args)
    start = time.perf_counter()
    with stderr_progress(transient=True) as prog:
        task = prog.add_task("reproduce: claims", total=None)
        results = run_claims(args.only, progress=lambda c: prog.update(task, description=f"reproduce: {c.id}",
                                                                        advance=1),
                              include_long=args.all)
    seconds = time.perf_counter() - start
    if not results:
        sys.stderr.write("error: no claims matched\n")
        return 2
    npass = sum(r.passed for r in results)
    if args.json:
        claims = []
        for r in results:
            rec = r.to_json()
            if r.claim.id in ERRATA:
                rec["erratum"] = ERRATA[r.claim.id].to_json()
            rec["seconds"] = round(r.seconds, 3)
            claims.append(rec)
        print(json.dumps({"claims": claims, "passed": npass, "total": len(results),
                          "seconds": round(seconds, 3)}, indent=1))
    else:
        skipped = 0 if (args.all or args.only) else sum(is_long(c) for c in registry())
        _render(results, npass, seconds, skipped)
    return 0 if npass == len(results) else 1
