"""``baccara reproduce``: recompute every numbered claim of the two papers.

Each row: id, where in the paper, the paper's value, ours, pass/fail. Exit status 0 when
all claims pass, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.baccara.reproduce import run_claims


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--only", metavar="PREFIX", help="only claims whose id starts with PREFIX (e.g. I. or II.B2)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    err = Console(stderr=True)
    with Progress(console=err, transient=True, disable=not err.is_terminal) as prog:
        task = prog.add_task("claims", total=None)
        results = run_claims(args.only, progress=lambda c: prog.update(task, description=c.id))
    if not results:
        sys.stderr.write("error: no claims matched\n")
        return 2
    npass = sum(r.passed for r in results)
    if args.json:
        print(json.dumps({"claims": [r.to_json() for r in results], "passed": npass, "total": len(results)}, indent=1))
    else:
        from rich.console import Console as C
        from rich.markup import escape
        from rich.table import Table

        t = Table(title=f"Ethier–Lee claims: {npass}/{len(results)} reproduced")
        for col in ("id", "where", "paper", "ours", ""):
            t.add_column(col, overflow="fold")
        for r in results:
            mark = "[green]pass[/]" if r.passed else "[red]FAIL[/]"
            t.add_row(escape(r.claim.id), escape(r.claim.where), escape(r.paper_value),
                      escape(r.error or r.our_value), mark)
        C(width=160).print(t)
    return 0 if npass == len(results) else 1
