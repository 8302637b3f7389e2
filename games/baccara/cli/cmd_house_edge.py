"""``baccara house-edge``: exact punto banco odds and the expected return of every bet.

    baccara house-edge [--decks D] [--json]
                       [--remaining COUNTS | --removed COUNTS]
                       [--commission C] [--tie-pays X] [--pair-pays X] [--either-pair-pays X]
                       [--super6-pays X] [--dragon-pays X] [--panda-pays X]

The contract's bets are always reported; each payout option adds one more bet (e.g.
``--tie-pays 10`` adds ``tie_10_to_1``). ``--remaining`` describes a partially dealt
shoe by the number of cards left of each rank (``A=30,2=31,…`` or 13 counts in the
order A,2,…,9,10,J,Q,K); ``--removed`` subtracts dealt cards from a full D-deck shoe.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from gamekit.core import fmt, to_fraction
from games.baccara.cards import falling
from games.baccara.casino.odds import (
    STANDARD_BETS,
    Bet,
    HouseEdge,
    Shoe,
    banker_bet,
    dragon7_bet,
    either_pair_bet,
    house_edge,
    pair_bet,
    panda8_bet,
    super6_bet,
    tie_bet,
)
from games.baccara.cli.argtypes import deck_count

__all__ = ["add_arguments", "run", "add_bet_arguments", "bets_from_args", "shoe_from_args", "house_edge_json"]


def add_bet_arguments(parser: argparse.ArgumentParser) -> None:
    """Payout options shared by ``house-edge`` and ``simulate`` (each adds a bet)."""
    g = parser.add_argument_group("payouts (each adds a bet to the contract's table)")
    g.add_argument("--commission", action="append", default=[], metavar="C",
                   help="Banker bet with commission C on wins (e.g. 0.05, 1/25, 0 for none)")
    g.add_argument("--tie-pays", action="append", default=[], metavar="X", help="tie bet paying X to 1")
    g.add_argument("--pair-pays", action="append", default=[], metavar="X",
                   help="Player pair and Banker pair bets paying X to 1")
    g.add_argument("--either-pair-pays", action="append", default=[], metavar="X",
                   help="either-pair bet paying X to 1")
    g.add_argument("--super6-pays", action="append", default=[], metavar="X",
                   help="no-commission Banker paying X to 1 on a win with 6")
    g.add_argument("--dragon-pays", action="append", default=[], metavar="X", help="Dragon 7 paying X to 1")
    g.add_argument("--panda-pays", action="append", default=[], metavar="X", help="Panda 8 paying X to 1")


def add_shoe_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--remaining", metavar="COUNTS",
                   help="cards left in a partially dealt shoe: A=30,2=31,... or 13 counts A..K")
    g.add_argument("--removed", metavar="COUNTS",
                   help="cards already dealt from the full D-deck shoe: e.g. 5=4,10=3")


def bets_from_args(args: argparse.Namespace) -> dict[str, Bet]:
    """The contract's bets plus one bet per payout option."""
    bets: dict[str, Bet] = dict(STANDARD_BETS)
    extra: list[Bet] = []
    for c in args.commission:
        extra.append(banker_bet(to_fraction(c, "commission")))
    for x in args.tie_pays:
        extra.append(tie_bet(x))
    for x in args.pair_pays:
        extra += [pair_bet("player", x), pair_bet("banker", x)]
    for x in args.either_pair_pays:
        extra.append(either_pair_bet(x))
    for x in args.super6_pays:
        extra.append(super6_bet(x))
    for x in args.dragon_pays:
        extra.append(dragon7_bet(x))
    for x in args.panda_pays:
        extra.append(panda8_bet(x))
    for b in extra:
        bets.setdefault(b.name, b)
    return bets


def shoe_from_args(args: argparse.Namespace) -> Shoe:
    """The full ``--decks`` shoe, or the partial shoe given by ``--remaining`` / ``--removed``."""
    if getattr(args, "remaining", None):
        return Shoe.parse(args.remaining)
    shoe = Shoe.decks(args.decks)
    if getattr(args, "removed", None):
        shoe = shoe.remove(Shoe.parse(args.removed).as_dict())
    return shoe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--decks", type=deck_count, default=8, metavar="D", help="number of decks (default 8)")
    parser.add_argument("--json", action="store_true", help="machine-readable output (keys: docs/json.md)")
    add_shoe_arguments(parser)
    add_bet_arguments(parser)


def house_edge_json(result: HouseEdge, decks: int | None) -> dict:
    """The contract's JSON object for a :class:`HouseEdge` result."""
    dist = result.distribution
    out: dict = {
        "decks": decks,
        "cards": result.shoe.size,
        "probabilities": {k: fmt(v) for k, v in result.probabilities.items()},
        "counts": {k: str(v) for k, v in dist.outcome_counts.items()},
        "denominator": str(dist.denominator),
    }
    if result.shoe.full_decks != decks:
        out["remaining"] = result.shoe.as_dict()
    out["bets"] = {
        name: {
            "return": fmt(r.expected),
            "float": float(r.expected),
            "house_edge_percent": float(-100 * r.expected),
            "variance": fmt(r.variance),
            "p_win": fmt(r.p_win),
            "p_push": fmt(r.p_push),
            "description": r.description,
        }
        for name, r in result.bets.items()
    }
    return out


def _render(result: HouseEdge, decks: int | None) -> None:
    from rich.markup import escape
    from rich.table import Table

    from games.baccara.cli.console import print_table, stdout_console

    console = stdout_console()
    dist = result.distribution
    n = result.shoe.size
    head = f"{decks}-deck shoe" if decks is not None and result.shoe.full_decks == decks else "partial shoe"
    console.print(
        f"[bold]Punto banco, {head}[/bold] ({n} cards): exact, by enumeration of all "
        f"(N)_6 = {falling(n, 6):,} ordered six-card deals"
    )
    t = Table(title="Outcome probabilities")
    t.add_column("outcome")
    t.add_column("count / (N)_6", justify="right")
    t.add_column("probability", justify="right")
    t.add_column("exact")
    for k, c in dist.outcome_counts.items():
        p = Fraction(c, dist.denominator)
        t.add_row(escape(k), f"{c:,}", f"{float(p):.10f}", fmt(p))
    print_table(console, t)
    b = Table(title="Expected return per unit staked (ties push Player and Banker)")
    b.add_column("bet")
    b.add_column("return", justify="right")
    b.add_column("house edge", justify="right")
    b.add_column("P(win)", justify="right")
    for name, r in result.bets.items():
        b.add_row(escape(name), f"{float(r.expected):+.6f}", f"{float(-100 * r.expected):.4f}%",
                  f"{float(r.p_win):.6f}")
    console.print(b)
    console.print("Exact fractions and the terms of each bet: add --json.")


def run(args: argparse.Namespace) -> int:
    shoe = shoe_from_args(args)
    bets = bets_from_args(args)
    result = house_edge(bets=bets, shoe=shoe)
    decks = None if args.remaining else args.decks
    if args.json:
        sys.stdout.write(json.dumps(house_edge_json(result, decks), indent=2) + "\n")
    else:
        _render(result, decks)
    return 0
