"""``baccara simulate``: punto banco dealt from casino shoes, vectorized.

    baccara simulate [--rounds N] [--decks D] [--seed S] [--json]
                     [--cut K] [--no-burn] [--remaining COUNTS]
                     [--sessions R [--session-rounds n] [--bet NAME] [--stake X] [--plot FILE.png]]
                     [--outcomes FILE.csv [--outcomes-rounds K]]  + payout options of house-edge

Prints counts of Banker/Player/tie wins (and pairs), each bet's mean return per unit
with a 95% confidence interval (shoe-clustered) next to its exact value, and rounds per
second. ``--sessions R`` splits the run into R sessions of n rounds with a stake on one
bet (as the R package's ``density`` script) and reports the profit/loss distribution;
``--plot`` writes its histogram with a density curve to a PNG file. ``--outcomes``
writes the first coups card by card to a CSV file (the R package's table of outcomes).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from gamekit.core import GameError
from games.baccara.cli.argtypes import deck_count, exact_int
from games.baccara.cli.cmd_house_edge import add_bet_arguments, bets_from_args

if TYPE_CHECKING:  # the simulator is imported by run(): the parser stays light
    from games.baccara.casino.sim_core import SimulationResult

__all__ = ["add_arguments", "run", "simulation_json"]

_DEFAULT_ROUNDS = 1_000_000
#: The simulation deals physical shoes: at most this many decks (5.2 million cards) per shoe.
MAX_SIM_DECKS = 100_000
#: Most coups one run deals (about 15 hours at 19 million rounds per second).
MAX_ROUNDS = 10**12
#: Most sessions kept in memory at once (one float each).
MAX_SESSIONS = 100_000_000


def _max_workers() -> int:
    import os

    return 4 * (os.cpu_count() or 1)


def _check_bounds(args: argparse.Namespace, shoe, rounds: int) -> int | None:
    """Refuse sizes that cannot be dealt; returns the worker count to use (≤ rounds)."""
    if shoe is None and args.decks > MAX_SIM_DECKS:  # d < 1 is refused by the shoe itself
        raise GameError(f"--decks must be at most {MAX_SIM_DECKS:,} for a simulation, got {args.decks}")
    if shoe is not None and sum(shoe.counts) > 52 * MAX_SIM_DECKS:
        raise GameError(f"--remaining holds {sum(shoe.counts):,} cards; a simulated shoe holds at most "
                        f"{52 * MAX_SIM_DECKS:,}")
    if rounds < 1:
        raise GameError(f"--rounds must be a positive integer, got {rounds}")
    if rounds > MAX_ROUNDS:
        raise GameError(f"--rounds must be at most {MAX_ROUNDS:,}, got {rounds}")
    if args.sessions is not None and args.sessions > MAX_SESSIONS:
        raise GameError(f"--sessions must be at most {MAX_SESSIONS:,}, got {args.sessions:,}")
    if args.workers is None:
        return None
    cap = _max_workers()
    if not 1 <= args.workers <= cap:
        raise GameError(f"--workers must be between 1 and {cap} (4 x the {cap // 4} CPUs), got {args.workers}")
    return min(args.workers, rounds)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=exact_int, default=None, metavar="N",
                        help=f"number of coups (default {_DEFAULT_ROUNDS:,}; with --sessions: R × n)")
    parser.add_argument("--decks", type=deck_count, default=8, metavar="D", help="number of decks (default 8)")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="random seed (reported when omitted)")
    parser.add_argument("--json", action="store_true", help="machine-readable output (keys: docs/json.md)")
    parser.add_argument("--cut", type=int, default=7, metavar="K",
                        help="cut card in front of the K-th card from the end (default 7; the R package uses 6)")
    parser.add_argument("--no-burn", action="store_true", help="do not burn cards at the start of a shoe")
    parser.add_argument("--workers", type=int, default=None, metavar="W",
                        help="threads dealing shoes (default: 2 if a core is idle, else 1; results do not depend on it)")
    parser.add_argument("--kernel", choices=("auto", "c", "python"), default="auto",
                        help="dealing kernel: the compiled one (c), the pure-Python reference, or auto (c when "
                             "installed; same coups either way)")
    parser.add_argument("--lanes", choices=("auto", "avx512", "scalar"), default="auto",
                        help="C kernel: draw eight shoes in AVX-512 lanes (auto: when the CPU has them; same coups)")
    parser.add_argument("--remaining", metavar="COUNTS",
                        help="start every shoe from this composition (A=..,2=..,... or 13 counts)")
    s = parser.add_argument_group("betting sessions")
    s.add_argument("--sessions", type=exact_int, default=None, metavar="R", help="number of sessions")
    s.add_argument("--session-rounds", type=exact_int, default=100, metavar="n", help="rounds per session (default 100)")
    s.add_argument("--bet", default="banker", metavar="NAME", help="bet played in each session (default banker)")
    s.add_argument("--stake", default="1", metavar="X", help="stake per round (default 1)")
    s.add_argument("--plot", metavar="FILE.png", help="write the profit/loss histogram and density to a PNG")
    o = parser.add_argument_group("table of outcomes")
    o.add_argument("--outcomes", metavar="FILE.csv", help="write the first coups card by card to a CSV file")
    o.add_argument("--outcomes-rounds", type=exact_int, default=1000, metavar="K", help="coups in the table (default 1000)")
    add_bet_arguments(parser)


def simulation_json(res: SimulationResult, decks: int | None) -> dict:
    from gamekit.core import fmt
    from games.baccara.casino.stats import Z95

    out: dict = {
        "decks": decks,
        "rounds": res.rounds,
        "seed": res.seed,
        "shoes": res.shoes,
        "cut_card": res.cut,
        "burn": res.burn,
        "counts": res.counts,
        "bets": {},
        "seconds": res.seconds,
        "rounds_per_second": res.rounds_per_second,
        "kernel": {"name": res.kernel.name, "lanes": res.kernel.lanes, "threads": res.kernel.threads},
    }
    if decks is None:
        out["remaining"] = res.shoe.as_dict()
    for name, b in res.bets.items():
        lo, hi = b.ci95
        entry: dict = {"mean": b.mean, "ci95": [lo, hi], "stderr": b.stderr}
        if b.exact is not None:
            entry["exact"] = fmt(b.exact)
            entry["exact_float"] = float(b.exact)
            entry["exact_in_ci95"] = bool(b.within(float(b.exact), Z95))
        out["bets"][name] = entry
    if res.sessions is not None:
        s = res.sessions
        out["sessions"] = {
            "bet": s.bet,
            "stake": s.stake,
            "sessions": s.sessions,
            "rounds_per_session": s.rounds_per_session,
            "exact_mean": s.exact_mean,
            "summary": s.summary,
        }
    return out


def _table_text(title: str, headers: list[str], rows: list[list[str]], justify: str) -> str:
    """A table drawn as rich draws it to a pipe (heavy head, title above), without rich;
    ``justify`` holds one letter per column: l(eft), r(ight) or c(enter, extra space right)."""
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def cell(text: str, n: int, how: str) -> str:
        pad = n - len(text)
        left = pad if how == "r" else pad // 2 if how == "c" else 0
        return " " * (left + 1) + text + " " * (pad - left + 1)

    def line(cells: list[str], bar: str) -> str:
        return bar + bar.join(cell(c, n, how) for c, n, how in zip(cells, w, justify)) + bar

    def rule(left: str, fill: str, mid: str, end: str) -> str:
        return left + mid.join(fill * (n + 2) for n in w) + end

    out = [title, rule("┏", "━", "┳", "┓"), line(headers, "┃"), rule("┡", "━", "╇", "┩")]
    out += [line(r, "│") for r in rows]
    out.append(rule("└", "─", "┴", "┘"))
    return "\n".join(out)


def _render_plain(res: SimulationResult, decks: int | None) -> None:
    """The report of :func:`_render` as plain text (stdout is not a terminal): same lines and
    tables, no styles, no rich import."""
    what = f"{decks}-deck shoes" if decks is not None else "custom shoes"
    out = [
        f"{res.rounds:,} coups from {res.shoes:,} {what} (cut card {res.cut} from the end, "
        f"{'burn' if res.burn else 'no burn'}, seed {res.seed}): {res.seconds:.2f} s, "
        f"{res.rounds_per_second:,.0f} rounds/s",
        _table_text("Counts", list(res.counts), [[f"{v:,} ({v / res.rounds:.4%})" for v in res.counts.values()]],
                    "r" * len(res.counts)),
    ]
    rows = []
    for name, b in res.bets.items():
        lo, hi = b.ci95
        ex = "" if b.exact is None else f"{float(b.exact):+.6f}"
        ok = "" if b.exact is None else ("yes" if b.within(float(b.exact)) else "no")
        rows.append([name, f"{b.mean:+.6f}", f"[{lo:+.6f}, {hi:+.6f}]", ex, ok])
    out.append(_table_text("Mean return per unit staked (95% CI, clustered by shoe)",
                           ["bet", "mean", "95% CI", "exact", "in CI"], rows, "lrrrc"))
    if any(b.exact is not None for b in res.bets.values()):
        out.append(IN_CI_NOTE)
    sys.stdout.write("\n".join(out) + "\n")


#: Below the bets table: how to read its "in CI" column.
IN_CI_NOTE = ("in CI: whether the exact return lies in the 95% interval (each bet alone misses it 1 time in 20). "
              "The bets are settled on the same coups, so they are nearly the same event: one run's deviation "
              "(a few lucky shoes) moves them together, and several \"no\" at once count as one miss, not many.")


def _render(res: SimulationResult, decks: int | None, plain: bool | None = None) -> None:
    """The report: rich in a terminal (styles, wrapping), plain text to a pipe or a file."""
    if plain is None:
        plain = not sys.stdout.isatty()
    if res.sessions is None and plain:
        _render_plain(res, decks)
        return
    from rich.markup import escape
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console

    console = stdout_console()
    what = f"{decks}-deck shoes" if decks is not None else "custom shoes"
    console.print(
        f"[bold]{res.rounds:,} coups[/bold] from {res.shoes:,} {what} (cut card {res.cut} from the end, "
        f"{'burn' if res.burn else 'no burn'}, seed {res.seed}): {res.seconds:.2f} s, "
        f"{res.rounds_per_second:,.0f} rounds/s"
    )
    c = Table(title="Counts")
    for k in res.counts:
        c.add_column(k, justify="right")
    c.add_row(*(f"{v:,} ({v / res.rounds:.4%})" for v in res.counts.values()))
    console.print(c)
    t = Table(title="Mean return per unit staked (95% CI, clustered by shoe)")
    t.add_column("bet")
    t.add_column("mean", justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("exact", justify="right")
    t.add_column("in CI", justify="center")
    for name, b in res.bets.items():
        lo, hi = b.ci95
        ex = "" if b.exact is None else f"{float(b.exact):+.6f}"
        ok = "" if b.exact is None else ("yes" if b.within(float(b.exact)) else "no")
        t.add_row(escape(name), f"{b.mean:+.6f}", f"[{lo:+.6f}, {hi:+.6f}]", ex, ok)
    print_table(console, t)
    if any(b.exact is not None for b in res.bets.values()):
        console.print(IN_CI_NOTE, markup=False, highlight=False, soft_wrap=True)
    if res.sessions is not None:
        s = res.sessions
        sm = s.summary
        st = Table(title=f"{s.sessions:,} sessions of {s.rounds_per_session:,} rounds, stake {s.stake:g} on {escape(s.bet)}")
        st.add_column("profit/loss per session")
        st.add_column("value", justify="right")
        for k in ("mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max"):
            st.add_row(k, f"{sm[k]:+,.2f}" if k != "sd" else f"{sm[k]:,.2f}")
        for k in ("p_win", "p_loss", "p_even"):
            st.add_row(k, f"{sm[k]:.4f}")
        console.print(st)
        if s.exact_mean is not None:
            console.print(f"exact expected profit per session: {s.exact_mean:+.4f}")


def _write_outcomes(path: str, res: SimulationResult, k: int) -> None:
    """First k coups of the run, card by card (same seed, same shoes as the simulation)."""
    import csv

    from gamekit.io import atomic_open
    from games.baccara.cards import RANKS
    from games.baccara.casino.odds import STATES
    from games.baccara.casino.simulation import first_coups

    rows = [
        [i + 1, shoe_no, " ".join(RANKS[r] for r in P), " ".join(RANKS[r] for r in B),
         STATES[code].player_total, STATES[code].banker_total, STATES[code].winner,
         int(STATES[code].player_pair), int(STATES[code].banker_pair)]
        for i, (shoe_no, code, P, B) in enumerate(first_coups(res.shoe, res.seed, k, res.cut, res.burn))
    ]
    with atomic_open(path, "w", newline="") as fh:  # all or nothing
        w = csv.writer(fh)
        w.writerow(["round", "shoe", "player_cards", "banker_cards", "player_total", "banker_total",
                    "outcome", "player_pair", "banker_pair"])
        w.writerows(rows)


_NUMBER_OPTIONS = ("rounds", "decks", "seed", "cut", "workers", "sessions", "session_rounds", "outcomes_rounds")


def _check_values(args: argparse.Namespace) -> None:
    """argparse turns ``--workers=--`` into an empty list: one ``error:`` line, not a traceback."""
    for name in _NUMBER_OPTIONS:
        if isinstance(getattr(args, name, None), list):
            raise GameError(f"--{name.replace('_', '-')} needs a value")


def run(args: argparse.Namespace) -> int:
    from gamekit.io import check_output_path

    check_output_path(args.plot)  # before any work (#28)
    check_output_path(args.outcomes)  # before any work (#28)
    from games.baccara.casino.odds import Shoe

    _check_values(args)

    bets = bets_from_args(args)
    shoe = Shoe.parse(args.remaining) if args.remaining else None
    decks = None if shoe is not None else args.decks
    rounds = args.rounds
    sessions = None
    if args.sessions is not None:
        if args.sessions < 1 or args.session_rounds < 1:
            raise GameError("--sessions and --session-rounds must be positive integers")
        total = args.sessions * args.session_rounds
        if rounds is not None and rounds != total:
            raise GameError(f"--rounds {rounds} conflicts with --sessions x --session-rounds = {total}")
        rounds = total
        sessions = args.sessions
    elif args.plot:
        raise GameError("--plot needs --sessions (the plot shows the session profit/loss distribution)")
    if rounds is None:
        rounds = _DEFAULT_ROUNDS
    workers = _check_bounds(args, shoe, rounds)
    if args.outcomes is not None and args.outcomes_rounds < 1:
        raise GameError(f"--outcomes-rounds must be a positive integer, got {args.outcomes_rounds}")

    progress = None
    task = None
    bar = None
    from games.baccara.casino.shoe_kernel import choose_kernel

    slow = choose_kernel(args.kernel) == "python"  # the reference: hundreds of times slower
    if rounds >= (1_000_000 if slow else 50_000_000):  # a bar on a terminal, plain lines in a pipe (#28)
        from gamekit.io import stderr_progress

        bar = stderr_progress(transient=True)
        bar.start()
        task = bar.add_task("dealing shoes", total=rounds)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done)

    try:
        res = _simulate(args, rounds, shoe, bets, sessions, progress, workers)
    finally:
        if bar is not None:
            bar.stop()
    if args.plot and res.sessions is not None:
        from games.baccara.casino.simulation import plot_sessions

        plot_sessions(res.sessions, args.plot)
        sys.stderr.write(f"wrote {args.plot}\n")
    if args.outcomes:
        _write_outcomes(args.outcomes, res, min(args.outcomes_rounds, res.rounds))
    if args.json:
        sys.stdout.write(json.dumps(simulation_json(res, decks), indent=2) + "\n")
    else:
        _render(res, decks)
    return 0


def _simulate(args: argparse.Namespace, rounds: int, shoe, bets, sessions, progress, workers) -> SimulationResult:
    """The run (:func:`games.baccara.casino.sim_core.simulate`: numpy is imported for sessions only)."""
    from games.baccara.casino.sim_core import simulate

    return simulate(rounds, decks=args.decks, seed=args.seed, shoe=shoe, cut=args.cut, burn=not args.no_burn,
                    bets=bets, session_bet=args.bet if sessions else None, sessions=sessions, stake=args.stake,
                    progress=progress, workers=workers, kernel=args.kernel, lanes=args.lanes)
