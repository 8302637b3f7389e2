"""``baccara plot``: figures of the parametric analysis (matplotlib, written to a file).

    baccara plot curves --model B2 --decks 6 -o curves.png [--alpha-max 1/10]
    baccara plot mixing --model B2 --decks 1-12 -o mixing.png [--alpha-max 1/10]

``curves`` redraws Figure 1 of Ethier & Lee II (the best-response-discontinuity curves for
one d, intersections marked, coloured by situation); ``mixing`` draws Player's p(α) and
Banker's step function q(α) for each d of a range (Theorem 1, Table 6), from the sweep
(parallel and cached like ``baccara sweep``). The format follows the file's extension.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

FIGURES = ("curves", "mixing", "banque")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("figure", choices=FIGURES,
                   help="curves: Figure 1 (one d); mixing: p(alpha) and q(alpha) for a range of d")
    p.add_argument("--model", default="B2", metavar="{A1,A2,B1,B2,B3}", help="model (default B2; B3: Figure 2, d = 6)")
    p.add_argument("--decks", default=None, metavar="RANGE",
                   help="curves: one deck count (default 6); mixing: a range such as 1-12 (default 1-12)")
    p.add_argument("--alpha-max", default="1/10", metavar="A", help="commission range [0, A] (default 1/10)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="image file to write (.png, .svg, .pdf)")
    p.add_argument("--jobs", type=int, default=None, metavar="N", help="mixing: worker processes")
    p.add_argument("--cache-dir", metavar="DIR", default=None, help="mixing: sweep cache directory")
    p.add_argument("--no-cache", action="store_true", help="mixing: do not use the sweep cache")
    p.add_argument("--json", action="store_true", help="print a summary of the plotted data as JSON")
    p.add_argument("--concept", default=None, help="banque: comma list of correlated,independent,nash")
    p.add_argument("--theta-range", default=None, metavar="LO:HI", help="banque: theta range (default 0:1)")
    p._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+/\d+$")


def run(args: argparse.Namespace) -> int:
    from gamekit.core import GameError
    from gamekit.io import check_output_path

    check_output_path(args.output)  # before any work (#28)
    cache = getattr(args, "cache_dir", None)
    if cache is not None and args.output is not None and os.path.abspath(cache) == os.path.abspath(args.output):
        raise GameError(f"-o and --cache-dir name the same path {args.output!r}: the figure would overwrite the cache")
    if args.figure == "banque":
        from games.baccara.cli.cmd_banque_sweep import run_plot

        return run_plot(args)
    from games.baccara.analysis.deck_sweep import parse_alpha_max, parse_decks, run_sweep
    from games.baccara.models.tables import parse_model
    from games.baccara.plots import figures

    model = parse_model(args.model)
    hi = parse_alpha_max(args.alpha_max)
    if args.figure == "curves":
        ds = parse_decks(args.decks or "6")
        if len(ds) != 1:
            raise GameError(f"plot curves draws one deck count, got {len(ds)} ({args.decks})")
        if model == "B3":  # Figure 2: rows 19 and 27 (d = 6)
            from games.baccara.plots.b3_figure2 import figure2_data

            data = figure2_data(ds[0], hi)
        else:
            data = figures.curves_data(model, ds[0], hi)
        out = figures.draw_curves(data, args.output)
        summary = {"figure": "curves", "model": model, "decks": ds[0] if model[0] == "B" else None,
                   "file": str(out), "curves": len(data["curves"]),
                   "intersections": len(data["intersections"]), "nonunique_points": len(data["nonunique"])}
    else:
        records = run_sweep(model, args.decks or "1-12", hi, jobs=args.jobs, cache_dir=args.cache_dir,
                            use_cache=not args.no_cache)
        data = figures.mixing_data(list(records))
        out = figures.draw_mixing(data, args.output)
        summary = {"figure": "mixing", "model": model, "decks": [r["decks"] for r in records],
                   "file": str(out), "nonunique_points": sum(len(d["nonunique"]) for d in data["decks"])}
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        sys.stderr.write(f"wrote {out}\n")   # stdout is for results (as simulate --plot)
    return 0
