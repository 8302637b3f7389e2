"""``baccara evaluate``: the exact price of any strategy pair in a chemin de fer model.

    baccara evaluate --player STRAT --banker STRAT [--model M] [--decks D] [--alpha A] [--json]

STRAT is a name (punto-banco, draw, stand, dddd, equilibrium, equilibrium:RULES,
kemeny-snell) or a file (rule-file format with every set fixed, or ``baccara solve --json``
output, ``FILE#k`` for its k-th equilibrium). Output (docs/json.md)::

    {"payoffs": {"player": "…", "banker": "…"},
     "best_response": {"player": {"payoff": "…", "gain": "…"}, "banker": {"payoff": "…", "gain": "…"}}}

plus the model, the strategies, Player's best row and the sets where Banker's best response
differs from his strategy (:mod:`games.baccara.analysis.strategies`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction

from gamekit.core import GameError
from games.baccara.cli.argtypes import deck_count, exact_int
from games.baccara.cli.progress import json_safe
from games.baccara.models.tables import MODELS

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", default="punto-banco", metavar="STRAT",
                   help="Player's strategy: a name (punto-banco, draw, stand, equilibrium, equilibrium:RULES, "
                   "kemeny-snell) or a file (default punto-banco)")
    p.add_argument("--banker", default="punto-banco", metavar="STRAT",
                   help="Banker's strategy: a name (punto-banco, dddd, equilibrium, equilibrium:RULES, "
                   "kemeny-snell) or a file (default punto-banco)")
    p.add_argument("--model", default="B2", metavar="{" + ",".join(MODELS) + "}", help="model (default B2)")
    p.add_argument("--decks", type=deck_count, default=6, metavar="D", help="number of decks (default 6; ignored by Model A)")
    p.add_argument("--alpha", default="1/20", metavar="A", help="commission on Banker wins, exact (default 1/20)")
    p.add_argument("--json", action="store_true", help="machine-readable output (exact strings)")
    g = p.add_argument_group("chemin de fer through casino shoes (simulation)")
    g.add_argument("--shoes", type=exact_int, default=None, metavar="N",
                   help="also deal N shoes coup after coup (burn, cut card) and compare with the exact values")
    g.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    g.add_argument("--cut", type=int, default=7, metavar="K", help="cut card in front of the K-th card from the end")
    g.add_argument("--plot", metavar="FILE.png", help="with --shoes: Banker's mean payoff by coup position")
    p._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+/\d+$")


def run(args: argparse.Namespace) -> int:
    from gamekit.io import check_output_path

    check_output_path(args.plot)  # before any work (#28)
    from games.baccara.analysis.strategies import evaluate, resolve_strategy

    ps = resolve_strategy(args.player, args.model, args.decks, args.alpha)
    bs = resolve_strategy(args.banker, args.model, args.decks, args.alpha)
    res = evaluate(ps, bs, args.model, args.decks, args.alpha)
    if args.plot and args.shoes is None:
        raise GameError("--plot needs --shoes")
    if args.shoes is not None:
        res["shoe_simulation"] = _simulate(args, ps, bs)
    if args.json:
        sys.stdout.write(json.dumps(json_safe(res), indent=1) + "\n")
        return 0
    _render(res)
    return 0


def _simulate(args: argparse.Namespace, ps, bs) -> dict:
    """Deal ``args.shoes`` shoes with the two strategies (progress bar on a terminal)."""
    from games.baccara.casino.shoe_play import play_shoes, plot_by_position
    from games.baccara.cli.progress import progress_bar

    with progress_bar("dealing shoes", args.shoes) as tick:
        sim = play_shoes(ps.rules.player, bs.rules.banker, int(args.decks), args.alpha, args.shoes,
                         cut=args.cut, seed=args.seed, progress=tick)
    if args.plot:
        plot_by_position(sim, args.plot)
    return sim.to_json()


def _render(res: dict) -> None:
    from rich.markup import escape
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console
    out = stdout_console()
    deck = f", {res['decks']} decks" if res["model"][0] == "B" else ""
    s = res["strategies"]
    out.print(f"[bold]Model {res['model']}{deck}, α = {res['alpha']}[/]: Player plays "
              f"[bold]{escape(s['player'])}[/], Banker plays [bold]{escape(s['banker'])}[/]")
    t = Table(title="Exact expectations per unit bet")
    for c in ("side", "payoff", "≈", "best response", "gain (exploitability of the other)"):
        t.add_column(c, justify="right")
    for who in ("player", "banker"):
        p = res["payoffs"][who]
        br = res["best_response"][who]
        t.add_row(who, p, f"{float(Fraction(p)):+.7f}", f"{float(Fraction(br['payoff'])):+.7f}",
                  f"{br['gain_float']:.7f}")
    print_table(out, t)
    pb = res["best_response"]["player"]["strategy"]
    out.print("A best response of Player draws at: " + (", ".join(h for h, v in pb.items() if v == "1") or "no set"))
    ch = res["best_response"]["banker"]["changes"]
    if ch:
        shown = ", ".join(f"{k}→{'D' if v == '1' else 'S'}" for k, v in list(ch.items())[:24])
        more = f" … {len(ch) - 24} more" if len(ch) > 24 else ""
        out.print(f"Banker's best response changes {len(ch)} sets: {shown}{more}")
    else:
        out.print("Banker's strategy is already a best response.")
    sim = res.get("shoe_simulation")
    if sim:
        t = Table(title=f"{sim['coups']:,} coups through {sim['shoes']:,} shoes (cut card {sim['cut_card']}, seed {sim['seed']})")
        for c in ("side", "simulated mean", "95% CI", "exact (off the top)", "in CI"):
            t.add_column(c, justify="right")
        for who in ("player", "banker"):
            st = sim[who]
            t.add_row(who, f"{st['mean']:+.6f}", f"[{st['ci95'][0]:+.6f}, {st['ci95'][1]:+.6f}]",
                      f"{st['exact_float']:+.6f}", "yes" if st["exact_in_ci95"] else "no")
        print_table(out, t)
