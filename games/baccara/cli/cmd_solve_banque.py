"""``baccara solve --game banque``: the three solution concepts of baccara banque at one θ.

    baccara solve --game banque [--theta T] [--decks D] [--concept nash|independent|correlated]
                                [--banker-sees totals|compositions] [--json]

Banker sees his total (``--banker-sees compositions``: his two card values, cooperative
concepts only). Without ``--decks`` cards are dealt with replacement (the
assumption of Ethier & Lee 2015); ``--decks D`` deals them without replacement from a
D-deck shoe (exact; docs/banque.md, "Without replacement"); a bad D is ``error:`` (exit 2).
The JSON says which: ``"decks": D`` or ``null``. JSON shape: docs/json.md, "baccara solve --game banque".
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from gamekit.exact import QuadraticSurd, decimal_str, exact_str
from games.baccara.banque.model import infoset_label  # noqa: F401  (label format documented there)

DEFAULT_THETA = "1/2"
DEFAULT_CONCEPT = "nash"


def dealing_note(decks: int | None, banker: str = "totals") -> str:
    """The JSON/summary note saying how the cards were dealt and what Banker sees."""
    sees = "Banker sees totals" if banker == "totals" else "Banker sees the composition of his hand (6292 sets)"
    if decks is None:
        return f"cards dealt with replacement (the paper's assumption); {sees}"
    return (f"cards dealt without replacement from a {decks}-deck shoe ({52 * decks} cards), exact counts over "
            f"(52d)_9; {sees}")


def _s(x) -> str:
    return exact_str(x)


def to_json(res, decks_note: str | None) -> dict:
    """The contract object for a :class:`ConceptResult`."""
    from games.baccara.banque.model import banque_tables

    labels = banque_tables(res.decks, res.banker).infosets
    eqs = []
    for s in res.solutions:
        item = {
            "player1": {"5": _s(s["p1"])},
            "player2": {"5": _s(s["p2"])},
            "banker": {lab: _s(v) for lab, v in zip(labels, s["draw"])},
            "payoffs": {k: _s(s["payoffs"][k]) for k in ("player1", "player2", "banker")},
        }
        if "team" in s:
            item["team"] = {k: _s(v) for k, v in s["team"].items()}
        eqs.append(item)
    notes = list(res.notes) + ([decks_note] if decks_note else [])
    return {"game": "banque", "theta": _s(res.theta), "decks": res.decks, "banker_sees": res.banker,
            "concept": res.concept, "exists": res.exists,
            "unique": res.exists and res.complete and len(eqs) == 1, "complete": res.complete,
            "equilibria": eqs, "notes": notes}


def _num(x) -> str:
    s = exact_str(x)
    if isinstance(x, QuadraticSurd) or getattr(x, "denominator", 1) != 1:
        return f"{s} ≈ {decimal_str(x, 8)}"
    return s


def render(res, elapsed: float, decks_note: str | None) -> None:
    """Readable summary: draw probabilities at 5, Banker's mixed sets, payoffs, notes."""
    from rich.markup import escape

    from games.baccara.banque.model import banque_tables
    from games.baccara.cli.console import stdout_console

    con = stdout_console()
    labels = banque_tables(res.decks, res.banker).infosets
    deal = ("with replacement" if res.decks is None else f"{res.decks}-deck shoe") + f", Banker sees {res.banker}"
    con.print(f"[bold]baccara banque[/bold], theta = {escape(_num(res.theta))}, {deal}, concept: {res.concept}")
    if not res.exists:
        con.print("[yellow]no solution of this kind at this theta[/yellow]")
    for k, s in enumerate(res.solutions, 1):
        con.print(f"[bold]solution {k}[/bold]: Player 1 draws at 5 w.p. {escape(_num(s['p1']))}; "
                  f"Player 2 w.p. {escape(_num(s['p2']))}")
        if "team" in s:
            con.print("  team (SS, SD, DS, DD): " + ", ".join(escape(_num(v)) for v in s["team"].values()))
        mixed = [(lab, v) for lab, v in zip(labels, s["draw"]) if v != 0 and v != 1]
        con.print("  Banker mixes at " + (", ".join(f"{lab}: {escape(_num(v))}" for lab, v in mixed) or "no set"))
        con.print("  payoffs: " + ", ".join(f"{p} {escape(_num(v))}" for p, v in s["payoffs"].items()))
    for note in list(res.notes) + ([decks_note] if decks_note else []):
        con.print(f"[dim]note: {escape(note)}[/dim]")
    con.print(f"[dim]{elapsed:.1f} s[/dim]")


def run(args: argparse.Namespace) -> int:
    from games.baccara.banque.concepts import solve_concept
    from games.baccara.banque.model import check_theta
    from games.baccara.cli.cmd_banque_sweep import banque_decks

    decks = banque_decks(args)
    banker = getattr(args, "banker_sees", "totals")
    theta = check_theta(args.theta)
    concept = str(args.concept).lower()
    start = time.perf_counter()
    from rich.console import Console

    err = Console(stderr=True)
    if err.is_terminal:   # a spinner on stderr: the Nash enumeration takes 10-40 s
        with err.status(f"banque {concept} at theta = {theta} …"):
            res = solve_concept(concept, theta, decks, banker)
    else:
        res = solve_concept(concept, theta, decks, banker)
    decks_note = dealing_note(decks, banker)
    if args.json:
        sys.stdout.write(json.dumps(to_json(res, decks_note), indent=1) + "\n")
        return 0
    render(res, time.perf_counter() - start, decks_note)
    return 0
