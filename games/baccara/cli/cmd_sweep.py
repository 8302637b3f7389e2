"""``baccara sweep``: every Nash equilibrium for every commission α and many deck counts.

    baccara sweep [--model B2] --decks RANGE [--alpha-max 1/10] [--json]
                  [--jobs N] [--executor {process,serial,dask}] [--scheduler ADDRESS]
                  [--cache-dir DIR] [--no-cache]

RANGE is ``6``, ``1-20`` or a comma list such as ``1-10,20``. For each d the parametric
Foster analysis (Ethier & Lee II, section 3) runs on α ∈ [0, alpha-max]; the output is
Table 4's columns (a)–(e) and the α-segments with Player's p(α) and Banker's mixing
probabilities — with ``--json`` the list documented in ``docs/json.md``. Model A1 (and A2) ignore
``--decks``; Model B1 works too. Deck counts run in parallel on the local cores (``--jobs``),
on a Dask cluster with ``--executor dask`` or ``--scheduler ADDRESS``, and results are cached
per (model, d, α-range) in ``~/.cache/gamekit`` (``$XDG_CACHE_HOME``; ``--cache-dir``,
``--no-cache``) so an interrupted sweep resumes. Cache entries carry a schema version and
a sha256 checksum; a corrupt, truncated, stale or altered entry is recomputed, never served.
``baccara cache info`` / ``baccara cache clear`` inspect and empty the cache.

Ctrl-C (SIGINT) or SIGTERM stops the worker processes at once, keeps every finished d in
the cache, prints one line ``interrupted: K of N deck counts are saved …; run the same
command again to resume`` and exits with 130 (SIGINT) or 143 (SIGTERM), i.e. 128 + the
signal number as shells do.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import threading

from rich.markup import escape

from games.baccara.analysis.deck_sweep import (
    DEFAULT_ALPHA_MAX,
    EXECUTORS,
    SweepInterrupted,
    run_sweep,
)

DEFAULT_MODEL = "B2"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default=DEFAULT_MODEL, metavar="{A1,A2,B1,B2,B3}",
                   help=f"model (default {DEFAULT_MODEL}; Model A ignores --decks; B3: 32 Player strategies)")
    p.add_argument("--decks", default=None, metavar="RANGE",
                   help="deck counts: 6, 1-20 or 1-10,20 (default 6); banque: one deck count D "
                   "(default: with replacement)")
    p.add_argument("--alpha-max", default="1/10", metavar="A",
                   help="solve for every commission 0 <= alpha <= A, exact, 0 < A < 1 (default 1/10)")
    p.add_argument("--json", action="store_true", help="machine-readable output (keys: docs/json.md)")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes (default: every available core)")
    p.add_argument("--executor", choices=EXECUTORS, default="process",
                   help="process pool (default), serial, or a Dask cluster (pip install 'gamekit[dask]')")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run on the Dask scheduler at ADDRESS (e.g. tcp://host:8786); implies --executor dask")
    p.add_argument("--cache-dir", metavar="DIR", default=None,
                   help="where results are cached (default $XDG_CACHE_HOME/gamekit or ~/.cache/gamekit)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    p.add_argument("--game", default="chemin-de-fer", choices=("chemin-de-fer", "banque"),
                   help="banque: its solutions for every theta (games/baccara/cli/cmd_banque_sweep.py)")
    p.add_argument("--concept", default=None, help="banque: correlated (default), independent or nash")
    p.add_argument("--theta-range", default=None, metavar="LO:HI", help="banque: theta range (default 0:1)")
    p.add_argument("--no-proof", action="store_true",
                   help="banque nash: skip the completeness proof of each segment (docs/banque.md)")
    p.add_argument("--prove-breakpoints", action="store_true",
                   help="banque nash: also prove every breakpoint (gap, margins, the equilibrium set there) and "
                        "the ends at theta = 0, 1 in the range, so the whole correspondence is proved "
                        "(games/baccara/banque/nash_complete.py; minutes per 10 breakpoints)")
    p._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+/\d+$")


def _interval(seg: dict) -> str:
    lb = "[" if seg["from_closed"] else "("
    rb = "]" if seg["to_closed"] else ")"
    return f"{lb}{_short(seg['from'])}, {_short(seg['to'])}{rb}"


def _short(x: str) -> str:
    """A decimal with 7 significant digits (the paper's precision)."""
    if "." not in x:
        return x
    from decimal import Decimal

    return format(Decimal(x), ".7g") if Decimal(x) != 0 else "0"


def _mixed(seg: dict) -> str:
    if "banker_mixed" in seg:
        mixed = seg["banker_mixed"]
        return ", ".join(f"{k}: {v}" for k, v in mixed.items()) or "pure"
    return f"{len(seg.get('equilibria', []))} extreme equilibria"


def _print_b3_table(records: list[dict]) -> None:
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console

    t = Table(title=f"Model B3, 0 <= alpha <= {records[0]['alpha_max']}: Table 7 of Ethier-Lee II, "
                    "every segment certified for every alpha in it")
    for col in ("d", "alpha", "Player draws at (1,4)", "Banker (Table 7 columns)", "Banker mixes", "certified"):
        t.add_column(col, overflow="fold")
    for rec in records:
        for k, seg in enumerate(rec["segments"]):
            who = seg.get("player", {}).get("14", "(not unique)")
            t.add_row(str(rec["decks"]) if k == 0 else "", _interval(seg), who,
                      seg.get("banker_moves", ""), _mixed(seg), seg["certified"])
        for pt in rec["points"]:
            t.add_row("", f"{{{_short(pt['alpha'])}}}",
                      f"{len(pt['equilibria'])} extreme equilibria" + ("" if pt["unique"] else " (not unique)"),
                      "", f"{len(pt['mixed_strategies'])} Banker mixtures of support 2", "exact",
                      style="yellow")
        t.add_section()
    out = stdout_console(width=250)
    print_table(out, t)


def _print_table(records: list[dict]) -> None:
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console

    model = records[0]["model"]
    if model == "B3":
        return _print_b3_table(records)
    hi = records[0]["alpha_max"]
    t = Table(title=f"Model {model}, 0 <= alpha <= {hi}: Table 4 of Ethier-Lee II and the alpha-segments",
              caption="(a) curves, (b) intersections, (c) curves meeting p = 0 or 1, (d) alpha-intervals "
                      "checked, (e) alpha-values with several equilibria")
    for col, just in (("d", "right"), ("(a)", "right"), ("(b)", "right"), ("(c)", "right"),
                      ("(d)", "right"), ("(e)", "right"), ("alpha", "left"),
                      ("Player draws on 5: p(alpha)", "left"), ("Banker mixes: q", "left")):
        t.add_column(col, justify=just, overflow="fold")
    for rec in records:
        head = ["-" if rec["decks"] is None else str(rec["decks"]),
                *(str(rec[k]) for k in ("curves", "intersections", "boundary_curves", "intervals",
                                        "nonunique_points"))]
        for k, seg in enumerate(rec["segments"]):
            p = next(iter(seg["player"].values())) if "player" in seg else "(not unique)"
            t.add_row(*(head if k == 0 else [""] * 6), _interval(seg), p, _mixed(seg))
        for pt in rec["points"]:
            if not pt["unique"]:
                n = len(pt.get("mixed_strategies") or pt["equilibria"])
                t.add_row(*[""] * 6, f"{{{_short(pt['alpha'])}}}",
                          f"not unique: {len(pt['equilibria'])} extreme behaviour equilibria",
                          f"{n} Banker mixtures of support <= 2", style="yellow")
        t.add_section()
    out = stdout_console(width=250)
    print_table(out, t)


def _interrupted(exc: SweepInterrupted) -> int:
    """One line on stderr; exit 130 after SIGINT (Ctrl-C), 143 after SIGTERM (128 + signal)."""
    if exc.cache_dir is None:
        sys.stderr.write(f"interrupted: {exc.saved} of {exc.total} deck counts were computed; "
                         "nothing is saved without the cache\n")
    else:
        sys.stderr.write(f"interrupted: {exc.saved} of {exc.total} deck counts are saved in the cache "
                         f"({exc.cache_dir}); run the same command again to resume\n")
    code = 128 + int(exc.signum)
    if threading.active_count() > 1:  # the stopped pool's helper threads must not delay the exit
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(code)
    return code


def _cache_note(records) -> None:
    """Say on stderr what came from the cache (and what was rejected and recomputed)."""
    if records.cache_dir is None:
        return
    if records.cached:
        sys.stderr.write(f"note: {records.cached} of {len(records)} results read from the cache "
                         f"{records.cache_dir} (--no-cache recomputes; 'baccara cache clear' empties it)\n")
    if records.rejected:
        sys.stderr.write(f"note: {records.rejected} corrupt or stale cache entries were ignored, "
                         "recomputed and overwritten\n")
    for why in records.uncertified[:1]:
        more = f" (and {len(records.uncertified) - 1} more)" if len(records.uncertified) > 1 else ""
        sys.stderr.write(f"note: a cached record failed its re-certification and was recomputed: {why}{more}\n")


def run(args: argparse.Namespace) -> int:
    if args.game == "banque":
        from games.baccara.cli.cmd_banque_sweep import run_sweep as run_banque

        return run_banque(args)
    if args.decks is None:   # chemin de fer's default (banque's default is with replacement)
        args.decks = "6"
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress

    try:
        with stderr_progress(TextColumn("[bold]sweep[/] {task.description}"), BarColumn(), MofNCompleteColumn(),
                             TimeElapsedColumn(), transient=True) as prog:
            task = prog.add_task(f"Model {escape(args.model)}", total=None)

            def progress(done: int, total: int, d, cached: bool) -> None:
                what = "" if d is None else f"d = {d}" + (" (cached)" if cached else "")
                prog.update(task, completed=done, total=total, description=f"Model {escape(args.model)} {what}")

            records = run_sweep(args.model, args.decks, args.alpha_max or DEFAULT_ALPHA_MAX,
                                jobs=args.jobs, executor=args.executor, scheduler=args.scheduler,
                                cache_dir=args.cache_dir, use_cache=not args.no_cache, progress=progress)
    except SweepInterrupted as exc:
        return _interrupted(exc)
    if args.json:
        sys.stdout.write(json.dumps(list(records), indent=1) + "\n")  # one write: no partial JSON
    else:
        _print_table(list(records))
    sys.stdout.flush()  # a failing stdout is then the only line on stderr
    _cache_note(records)
    return 0
