"""``baccara bankroll``: betting sessions with several bets, betting systems and table limits.

    baccara bankroll [--bet NAME=STAKE ...] [--system {flat,martingale,paroli,1-3-2-6,fibonacci}]
                     [--bankroll X] [--rounds n] [--sessions R] [--min X] [--max X]
                     [--decks D] [--seed S] [--cut K] [--plot FILE.png] [--json]

Bets are names of the ``house-edge`` table (banker, player, tie_8_to_1, player_pair_11_to_1, …)
with a base stake (default ``banker=1``). Reports the final-balance distribution, the risk of
ruin and the profit beside its exact expectation (:mod:`games.baccara.casino.bankroll`).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.baccara.cli.argtypes import deck_count, exact_int
from games.baccara.cli.progress import json_safe

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    from games.baccara.casino.bankroll import SYSTEMS

    p.add_argument("--bet", action="append", default=[], metavar="NAME=STAKE",
                   help="a bet and its base stake, repeatable (default banker=1)")
    p.add_argument("--system", default="flat", choices=SYSTEMS, help="betting system (default flat)")
    p.add_argument("--bankroll", default="1000", metavar="X", help="starting cash (default 1000)")
    p.add_argument("--rounds", type=exact_int, default=200, metavar="n", help="coups per session (default 200)")
    p.add_argument("--sessions", type=exact_int, default=5000, metavar="R", help="number of sessions (default 5000)")
    p.add_argument("--min", default="0", metavar="X", help="table minimum stake (default 0)")
    p.add_argument("--max", default=None, metavar="X", help="table maximum stake (default none)")
    p.add_argument("--decks", type=deck_count, default=8, metavar="D", help="number of decks (default 8)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--cut", type=int, default=14, metavar="K", help="cut card position from the end (default 14)")
    p.add_argument("--plot", metavar="FILE.png", help="cash trajectories and the final-balance histogram")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    from gamekit.io import check_output_path

    check_output_path(args.plot)  # before any work (#28)
    from games.baccara.casino.bankroll import plot_bankroll, run_sessions
    from games.baccara.cli.progress import progress_bar

    total = max(args.rounds, 0) * max(args.sessions, 0)
    with progress_bar("dealing shoes", total or 1) as tick:
        res = run_sessions(args.bet, args.system, args.bankroll, args.rounds, args.sessions,
                           args.min, args.max, args.decks, args.seed, args.cut, progress=tick)
    if args.plot:
        plot_bankroll(res, args.plot)
        sys.stderr.write(f"wrote {args.plot}\n")
    if args.json:
        sys.stdout.write(json.dumps(json_safe(res.to_json()), indent=1) + "\n")
        return 0
    _render(res)
    return 0


def _render(res) -> None:
    from rich.table import Table

    from gamekit.core import fmt

    s = res.summary()
    from games.baccara.cli.console import print_table, stdout_console
    out = stdout_console()
    bets = ", ".join(f"{b.name} {fmt(b.stake)}" for b in res.bets)
    lim = f"limits [{res.table_min:g}, {res.table_max:g}]"
    out.print(f"[bold]{res.sessions:,} sessions × {res.rounds} coups[/], system {res.system}, bankroll "
              f"{res.bankroll:g}, {lim}: {bets}  ({res.decks} decks, seed {res.seed}, {res.seconds:.1f} s)")
    t = Table(title="Final balance")
    for c in ("mean", "sd", "q05", "q25", "median", "q75", "q95", "P(ahead)", "risk of ruin"):
        t.add_column(c, justify="right")
    t.add_row(f"{s['mean_final']:.2f}", f"{s['sd_final']:.2f}", *(f"{s[k]:.2f}" for k in ("q05", "q25", "median", "q75", "q95")),
              f"{s['p_ahead']:.4f}", f"{s['risk_of_ruin']:.4f}")
    print_table(out, t)
    lo, hi = s["mean_profit_ci95"] or (float("nan"), float("nan"))
    out.print(f"profit per session: simulated {s['mean_profit']:+.3f} (95% CI [{lo:+.3f}, {hi:+.3f}]); "
              f"exact given the stakes placed Σ E_b·staked_b = {s['exact_profit_given_stakes']:+.3f}")
    if "exact_mean_final" in s:
        out.print(f"exact expected final balance (flat, nobody ruined): {s['exact_mean_final_float']:.4f}")
    r = s["return_per_unit_staked"]
    out.print(f"return per unit staked: {r['mean']:+.5f} ± {1.96 * r['stderr']:.5f}; exact given the stakes "
              f"{s['exact_return_per_unit_given_stakes']:+.5f}")
    ex = ", ".join(f"{k} {float(v):+.6f}" for k, v in res.exact_per_unit.items())
    out.print(f"[dim]exact return per unit of each bet (off the top): {ex}[/]")
