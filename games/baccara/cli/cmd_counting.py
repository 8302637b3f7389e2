"""``baccara counting``: effects of removal, a true-count strategy, Banker wins with 6 per shoe.

    baccara counting eor        [--decks D] [--json] [--plot FILE.png]
    baccara counting true-count [--decks D] [--shoes N] [--seed S] [--cut K] [--threshold T]
                                [--exact-sample K] [--plot FILE.png] [--json]
    baccara counting sixes      [--decks D] [--shoes N] [--seed S] [--cut K] [--plot FILE.png] [--json]

The exact edge of any partially dealt shoe is ``baccara house-edge --remaining …``.
Definitions and the statistics are in :mod:`games.baccara.casino.counting`.
"""

from __future__ import annotations

import argparse
import json
import sys

from gamekit.core import GameError
from games.baccara.cli.argtypes import deck_count, exact_int
from games.baccara.cli.progress import json_safe

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("task", choices=("eor", "true-count", "sixes"),
                   help="eor: exact effects of removal; true-count: simulate a counter; sixes: Banker wins with 6 per shoe")
    p.add_argument("--decks", type=deck_count, default=8, metavar="D", help="number of decks (default 8)")
    p.add_argument("--shoes", type=exact_int, default=20000, metavar="N", help="shoes to simulate (default 20000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--cut", type=int, default=14, metavar="K",
                   help="cut card in front of the K-th card from the end (default 14)")
    p.add_argument("--threshold", type=float, default=0.0, metavar="T",
                   help="true-count: bet only when the estimated edge exceeds T (default 0)")
    p.add_argument("--exact-sample", type=int, default=100, metavar="K",
                   help="true-count: exact edges of the remaining shoe at K sampled decisions (default 100; 0 = off)")
    p.add_argument("--plot", metavar="FILE.png", help="write a plot")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    from gamekit.io import check_output_path

    check_output_path(args.plot)  # before any work (#28)
    from games.baccara.cli.progress import progress_bar

    if args.exact_sample < 0:
        raise GameError(f"--exact-sample must be >= 0, got {args.exact_sample}")
    if args.task == "eor":
        from games.baccara.casino.counting import eor_table

        with progress_bar("effects of removal", 13) as tick:
            res = eor_table(args.decks, progress=tick)
        if args.plot:
            _plot_eor(res, args.plot)
            sys.stderr.write(f"wrote {args.plot}\n")
        return _emit(args, res.to_json(), lambda: _render_eor(res))
    if args.task == "sixes":
        from games.baccara.casino.counting import banker_six_wins

        with progress_bar("dealing shoes", args.shoes) as tick:
            six = banker_six_wins(args.decks, args.shoes, args.seed, args.cut, progress=tick)
        if args.plot:
            _plot_sixes(six, args.plot)
            sys.stderr.write(f"wrote {args.plot}\n")
        return _emit(args, six.to_json(), lambda: _render_sixes(six))
    from games.baccara.cards import check_decks
    from games.baccara.casino.counting import COUNT_BETS, eor_table, true_count_simulation
    from games.baccara.casino.shoe_play import check_shoe_run

    check_shoe_run(check_decks(args.decks), args.shoes)  # refuse before the exact part (#28)
    with progress_bar("effects of removal", 13) as tick:
        eor = eor_table(args.decks, COUNT_BETS, progress=tick)
    with progress_bar("dealing shoes", args.shoes) as tick, progress_bar("exact edges", 2 * args.exact_sample) as t2:
        tc = true_count_simulation(args.decks, args.shoes, args.seed, args.cut, args.threshold, eor,
                                   progress=tick, exact_sample=args.exact_sample, exact_progress=t2)
    if args.plot:
        _plot_positions(tc, args.plot)
        sys.stderr.write(f"wrote {args.plot}\n")
    return _emit(args, tc.to_json(), lambda: _render_tc(tc))


def _emit(args, data: dict, render) -> int:
    if args.json:
        sys.stdout.write(json.dumps(json_safe(data), indent=1) + "\n")
    else:
        render()
    return 0


def _render_eor(res) -> None:
    from rich.table import Table

    from games.baccara.cards import RANKS

    t = Table(title=f"Effects of removal of one card, {res.decks} decks, × 10⁵ (exact values with --json)")
    t.add_column("rank")
    bets = list(res.eor)
    for b in bets:
        t.add_column(b.replace("_", " "), justify="right")
    t.add_row("E full", *(f"{float(res.base[b]) * 1e5:+.0f}" for b in bets), end_section=True)
    for r in RANKS:
        t.add_row(r, *(f"{float(res.eor[b][r]) * 1e5:+.2f}" for b in bets))
    from games.baccara.cli.console import print_table, stdout_console
    out = stdout_console()
    out.width = max(out.width, 150)
    print_table(out, t)


def _render_sixes(s) -> None:

    from games.baccara.cli.console import stdout_console
    out = stdout_console()
    out.print(f"[bold]Banker wins with 6[/], {s.decks}-deck shoes, cut card {s.cut} from the end, "
              f"{s.shoes:,} shoes (seed {s.seed})")
    out.print(f"exact per coup (off the top): {float(s.p_six):.6f}")
    out.print(f"coups per shoe: {s.mean_coups[0]:.3f} ± {1.96 * s.mean_coups[1]:.3f}")
    out.print(f"per shoe: simulated {s.mean_sixes[0]:.3f} ± {1.96 * s.mean_sixes[1]:.3f}; "
              f"exact per coup × mean coups = {s.exact_times_coups:.3f}  (Wikipedia: \"about 5\")")
    hist = " ".join(f"{k}:{v}" for k, v in sorted(s.histogram.items()))
    out.print(f"[dim]distribution (sixes:shoes): {hist}[/]")


def _render_tc(tc) -> None:
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console
    out = stdout_console()
    out.print(f"[bold]True-count play[/], {tc.decks} decks, {tc.shoes:,} shoes, {tc.coups:,} coups, cut card {tc.cut}")
    t = Table(title="Mean return per coup (95% CI, clustered by shoe)")
    t.add_column("strategy")
    t.add_column("mean", justify="right")
    t.add_column("95% CI", justify="right")
    for k, (m, se) in tc.stats.items():
        t.add_row(k, f"{m:+.6f}", f"[{m - 1.96 * se:+.6f}, {m + 1.96 * se:+.6f}]")
    print_table(out, t)
    out.print(f"exact off the top: Banker {float(tc.exact_banker):+.6f}, Player {float(tc.exact_player):+.6f}; "
              f"choose_side bets Player on {tc.switch_fraction:.1%} of coups")
    red = tc.house_edge_reduction
    if red:
        out.print(f"house edge reduction by choosing the side (exact edges at {red['events']} sampled switches): "
                  f"{red['mean']:.5%} ± {1.96 * red['stderr']:.5%}  (Wikipedia: \"about 0.05%\")")
    adv = tc.exact_sample.get("advantage_bet_edge")
    if adv and adv[2]:
        out.print(f"advantage_only: {tc.bets_per_shoe:.2f} bets per shoe; exact edge of the bets taken "
                  f"{adv[0]:+.5f} ± {1.96 * adv[1]:.5f} ({adv[2]} sampled)")


#: One colour and one marker per bet (11 bets: a 10-colour cycle would repeat one colour).
_STYLES = [("#1f77b4", "o"), ("#d62728", "s"), ("#2ca02c", "^"), ("#9467bd", "v"), ("#8c564b", "D"),
           ("#e377c2", "P"), ("#7f7f7f", "X"), ("#bcbd22", "<"), ("#17becf", ">"), ("#ff7f0e", "*"),
           ("#000000", "h"), ("#aec7e8", "p")]


def _eor_panels(magnitudes: dict[str, float]) -> list[list[str]]:
    """Bets grouped by size of effect: a new panel wherever the largest effect jumps by more
    than 3× (so the main bets are not flattened next to Dragon/Panda); zero effects join the
    smallest group."""
    order = sorted(magnitudes, key=lambda b: magnitudes[b])
    panels: list[list[str]] = [[]]
    last = 0.0
    for b in order:
        m = magnitudes[b]
        if panels[-1] and last > 0 and m > 3 * last:
            panels.append([])
        panels[-1].append(b)
        last = max(last, m)
    return panels


def _plot_eor(res, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gamekit.io import save_figure

    bets = list(res.eor)
    style = {b: _STYLES[i % len(_STYLES)] for i, b in enumerate(bets)}
    mag = {b: max(abs(float(v)) for v in res.eor[b].values()) * 1e5 for b in bets}
    panels = _eor_panels(mag)
    fig, axes = plt.subplots(len(panels), 1, figsize=(9, 2.6 + 2.2 * len(panels)), dpi=110, sharex=True,
                             squeeze=False)
    ranks = list(next(iter(res.eor.values())))
    x = range(len(ranks))
    for ax, group in zip(axes[:, 0], panels):
        for b in sorted(group, key=bets.index):
            colour, marker = style[b]
            label = b.replace("_", " ") + (" (0 at every rank)" if mag[b] == 0 else "")
            ax.plot(x, [float(v) * 1e5 for v in res.eor[b].values()], color=colour, marker=marker, lw=1.2,
                    ms=5, label=label)
        ax.axhline(0, color="black", lw=0.6)
        ax.grid(axis="y", alpha=0.3)
        ax.set_ylabel("EoR × 10⁵")
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    axes[-1, 0].set_xticks(list(x), ranks)
    axes[-1, 0].set_xlabel("rank removed from the shoe")
    axes[0, 0].set_title(f"Effects of removal of one card, {res.decks} decks (exact; panels by size of effect)")
    fig.tight_layout()
    try:
        save_figure(fig, path)
    finally:
        plt.close(fig)


def _plot_sixes(s, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gamekit.io import save_figure

    ks = sorted(s.histogram)
    fig, ax = plt.subplots(figsize=(7, 4.4), dpi=110)
    ax.bar(ks, [s.histogram[k] / s.shoes for k in ks], color="#7aa6c2", label="simulated")
    ax.axvline(s.mean_sixes[0], color="#c0392b", label=f"mean {s.mean_sixes[0]:.2f}")
    ax.axvline(5, color="black", ls="--", label="Wikipedia: about 5")
    ax.set_xlabel("Banker wins with 6 in one shoe")
    ax.set_ylabel("fraction of shoes")
    ax.set_title(f"{s.decks}-deck shoes, cut card {s.cut}: {s.shoes:,} shoes")
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        save_figure(fig, path)
    finally:
        plt.close(fig)


def _plot_positions(tc, path: str) -> None:
    """How the edge moves through a shoe: bands of the estimated edge, and where bets are made."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from gamekit.io import save_figure

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.6), dpi=110)
    colors = {"banker": "#c0392b", "player": "#08519c"}
    for b, q in (tc.edge_bands or {}).items():
        x = np.arange(1, len(q) + 1)
        ax1.fill_between(x, q[:, 0], q[:, 4], color=colors[b], alpha=0.15, label=f"{b} 5-95%")
        ax1.fill_between(x, q[:, 1], q[:, 3], color=colors[b], alpha=0.3, label=f"{b} 25-75%")
        ax1.plot(x, q[:, 2], color=colors[b], lw=1)
    ax1.axhline(0, color="black", lw=0.6)
    ax1.set_xlabel("coup number within the shoe")
    ax1.set_ylabel("estimated expectation of the bet (true count)")
    ax1.set_title("How the edge moves through a shoe")
    ax1.legend(fontsize=7)
    y = tc.positive_by_position
    ax2.plot(range(1, len(y) + 1), y, color="#08519c")
    ax2.set_xlabel("coup number within the shoe")
    ax2.set_ylabel("fraction of coups with an estimated advantage")
    ax2.set_title(f"{tc.decks} decks: where the advantages are (threshold {tc.threshold:g})")
    fig.tight_layout()
    try:
        save_figure(fig, path)
    finally:
        plt.close(fig)
