"""``baccara solve --rules NAME|FILE``: a chemin de fer model under casino rules, exactly.

Called by :mod:`games.baccara.cli.cmd_solve` when ``--rules`` is given. The JSON is the
contract's ``baccara solve`` object plus ``rules`` (which sets are free/fixed) and, in every
equilibrium, ``gains`` (what each side's freedom is worth;
:mod:`games.baccara.analysis.constrained`). Without ``--json``: the equilibrium, Banker's
grid, and a table of gains.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fractions import Fraction

from gamekit.core import fmt

__all__ = ["run_rules", "render_rules"]


def run_rules(args: argparse.Namespace) -> int:
    """Solve ``args.model`` under ``args.rules`` and print JSON or a readable report."""
    from games.baccara.analysis.constrained import solve_constrained

    interactive = sys.stderr.isatty()
    start = time.perf_counter()
    if args.json or not interactive:
        sol = solve_constrained(args.model, args.decks, args.alpha, args.rules, progress=interactive)
    else:
        from rich.console import Console

        with Console(stderr=True).status("solving") as status:
            sol = solve_constrained(args.model, args.decks, args.alpha, args.rules,
                                    on_stage=lambda s: status.update(f"{s} …"))
    if args.json:
        sys.stdout.write(json.dumps(sol.to_json(), indent=1) + "\n")
        return 0
    render_rules(sol, time.perf_counter() - start)
    return 0


def _x(s: str) -> str:
    f = Fraction(s)
    return s if f.denominator == 1 else f"{s} ≈ {float(f):.7f}"


def render_rules(sol, elapsed: float) -> None:
    """Readable report: rules, equilibrium, Banker's grid, gains of freedom."""
    from rich.markup import escape
    from rich.table import Table

    from games.baccara.cli.cmd_solve import banker_grid
    from games.baccara.cli.console import print_table, stdout_console
    out = stdout_console()
    cg = sol.cg
    deck = f", {sol.to_json()['decks']} decks" if cg.tables.model[0] == "B" else ""
    out.print(f"[bold]Model {sol.model}{deck}, α = {fmt(cg.alpha)}, rules {escape(cg.rules.name)}[/]"
              f" [dim]{escape(cg.rules.description)}[/]")
    out.print(f"Player free at {', '.join(cg.player_free) or 'no set'}; Banker free at "
              f"{len(cg.banker_free)} of {cg.full.n} sets"
              + (f" ({', '.join(cg.banker_free)})" if 0 < len(cg.banker_free) <= 12 else ""))
    status = "[bold green]unique equilibrium[/]" if sol.unique else (
        f"[bold magenta]not unique[/]: {len(sol.equilibria)} extreme equilibria")
    out.print(f"{status} [dim]({sol.method})[/]")
    for i, (e, g) in enumerate(zip(sol.equilibria[:4], sol.gains[:4]), 1):
        pl = ", ".join(f"{k}: {_x(fmt(v))}" for k, v in e.player.items())
        out.print(f"\n[bold]Equilibrium {i}[/]: Player draws with probability {pl}")
        out.print(f"payoffs: Player {_x(fmt(e.payoffs[0]))}, Banker {_x(fmt(e.payoffs[1]))}")
        t = Table(title="What each side's freedom is worth (opponent at equilibrium)")
        for c in ("side", "payoff", "rules lifted", "cost of rules", "free sets → tableau", "value of freedom"):
            t.add_column(c, justify="right")
        for who in ("player", "banker"):
            s = g[who]
            t.add_row(who, f"{float(Fraction(s['payoff'])):+.7f}",
                      f"{float(Fraction(s['full_freedom']['payoff'])):+.7f}", f"{s['full_freedom']['gain_float']:.7f}",
                      f"{float(Fraction(s['no_freedom']['payoff'])):+.7f}", f"{s['no_freedom']['gain_float']:.7f}")
        print_table(out, t)
        sets = Table(title="Banker: gain from drawing instead of standing (given the set is reached)")
        for c in ("set", "rule", "draws", "gain | reached", "gain per coup"):
            sets.add_column(c, justify="right")
        for lab, v in list(g["banker"]["infosets"].items())[:30]:
            c = v["draw_gain_conditional_float"]
            sets.add_row(lab, v["rule"], v["draw"], "" if c is None else f"{c:+.7f}",
                         f"{float(Fraction(v['draw_gain'])):+.3e}")
        if g["banker"]["infosets"]:
            out.print(sets)
    if len(sol.equilibria) > 4:
        out.print(f"… {len(sol.equilibria) - 4} more extreme equilibria (use --json)")
    out.print()
    out.print(banker_grid(sol, title="Banker's strategy (first equilibria; * where they differ)"))
    out.print(f"[dim]Solved in {elapsed:.2f} s; exact arithmetic, every equilibrium certified on the full game.[/]")
