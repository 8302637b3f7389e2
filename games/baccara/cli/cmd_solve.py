"""``baccara solve``: every Nash equilibrium of a chemin de fer model, exactly.

    baccara solve [--model {A1,A2,A3,B1,B2,B3}] [--decks D] [--alpha A] [--json]

Defaults: Model B2, 6 decks, commission α = 1/20 (``baccara`` with no arguments runs this).
``--decks`` is validated but ignored by Model A (cards dealt with replacement). The JSON
object is the one of ``docs/json.md``; without ``--json`` a readable summary: the reduced
game, Player's and Banker's equilibrium strategies (Banker's as a grid in the style of
Table 1 of the papers), payoffs, uniqueness and timing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from fractions import Fraction

from gamekit.core import GameError, fmt
from games.baccara.cli.argtypes import deck_count
from games.baccara.infosets import STAND, THIRD_CARDS, total_of
from games.baccara.models.tables import MODELS

DEFAULT_MODEL = "B2"
DEFAULT_DECKS = "6"
DEFAULT_ALPHA = "1/20"

METHOD_NAMES = {
    "foster": "Foster's algorithm, paper II Lemma 2, complete",
    "doubly additive enumeration": "exact enumeration of the doubly additive game, complete",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default=DEFAULT_MODEL, metavar="{" + ",".join(MODELS) + "}",
                   help=f"which model (default {DEFAULT_MODEL}): A with replacement, B from a shoe; "
                   "1 totals only, 2 Banker sees his composition, 3 both see compositions")
    p.add_argument("--decks", type=deck_count, default=None, metavar="D",
                   help=f"number of decks d >= 1 (default {DEFAULT_DECKS}; ignored by Model A; "
                   "banque: dealt without replacement from D decks, default with replacement)")
    p.add_argument("--alpha", default=DEFAULT_ALPHA, metavar="A",
                   help=f"commission on Banker wins, exact, 0 <= A < 1 (default {DEFAULT_ALPHA}; '0.05' works too)")
    p.add_argument("--json", action="store_true", help="machine-readable output (keys: docs/json.md)")
    p.add_argument("--rules", default=None, metavar="NAME|FILE",
                   help="casino rules: free, crockford, modern, punto-banco, or a TOML/JSON rule file")
    p.add_argument("--game", default="chemin-de-fer", choices=("chemin-de-fer", "banque"),
                   help="chemin-de-fer (default) or banque (Banker against two Players)")
    p.add_argument("--theta", default=None, metavar="T",
                   help="banque: stake on Player 1's hand, 0 < T < 1 (default 1/2)")
    p.add_argument("--concept", default=None, choices=("nash", "independent", "correlated"),
                   help="banque: which solution (default nash)")
    p.add_argument("--banker-sees", default=None, choices=("totals", "compositions"),
                   help="banque: what Banker sees of his hand (default totals; compositions: cooperative concepts)")
    # let "--alpha -1/10" reach the range check (argparse would take it for an option)
    p._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+/\d+$")


#: Options of ``--game banque`` only, with their defaults there.
BANQUE_OPTIONS = {"theta": "1/2", "concept": "nash", "banker_sees": "totals"}


def run(args: argparse.Namespace) -> int:
    if args.game != "banque":   # a banque option would be ignored silently: refuse it
        given = [f"--{k.replace('_', '-')}" for k in BANQUE_OPTIONS if getattr(args, k, None) is not None]
        if given:
            raise GameError(f"{', '.join(given)} applies to --game banque only (this is chemin de fer)")
    for key, default in BANQUE_OPTIONS.items():
        if getattr(args, key, None) is None:
            setattr(args, key, default)
    if args.game == "banque":
        from games.baccara.cli.cmd_solve_banque import run as run_banque
        return run_banque(args)
    if args.decks is None:   # chemin de fer's default (banque's default is with replacement)
        args.decks = DEFAULT_DECKS

    if getattr(args, "rules", None) is not None:
        from games.baccara.cli.cmd_rules import run_rules

        return run_rules(args)
    from games.baccara.analysis.equilibria import solve_model

    interactive = sys.stderr.isatty()
    start = time.perf_counter()
    if args.json or not interactive:
        sol = solve_model(args.model, args.decks, args.alpha, progress=interactive)
    else:
        from rich.console import Console

        with Console(stderr=True).status("solving") as status:
            sol = solve_model(args.model, args.decks, args.alpha, progress=False,
                              on_stage=lambda s: status.update(f"{s} …"))
    elapsed = time.perf_counter() - start
    if args.json:
        sys.stdout.write(json.dumps(sol.to_json(), indent=1) + "\n")
        return 0
    render(sol, elapsed)
    return 0


# -- readable output ---------------------------------------------------------------------------
def _approx(x: Fraction, digits: int = 6) -> str:
    return f"{float(x):.{digits}f}"


def _exact_and_approx(x: Fraction) -> str:
    s = fmt(x)
    return s if x.denominator == 1 else f"{s} ≈ {_approx(x)}"


def _cell(values: set[Fraction]) -> tuple[str, str]:
    """Text and style of one grid cell given Banker's draw probabilities over the equilibria."""
    if len(values) > 1:
        return "*", "bold magenta"
    (v,) = values
    if v == 1:
        return "D", "bold green"
    if v == 0:
        return "S", "dim"
    return f"{float(v):.3f}".lstrip("0"), "bold yellow"


def _grid_layout(sol) -> tuple[list[tuple[str, str, str, int]], list[list[tuple[str, str]]], list[bool]]:
    """Columns (header, justify, style, min width), rows of (text, style) cells, and which
    rows open a new section (a new Banker total) — the data of :func:`banker_grid`."""
    labels = sol.banker_infosets
    index = {s: i for i, s in enumerate(labels)}
    strategic = set(sol.strategic)
    hands = list(dict.fromkeys(s.partition(":")[0] for s in labels))
    composition = len(hands[0]) == 2
    hands.sort(key=lambda h: (total_of(h), h))
    cols = [("total", "right", "dim", 0)] if composition else []
    cols.append(("hand" if composition else "total", "right", "bold", 0))
    cols += [("∅" if k == STAND else k, "center", "", 4) for k in THIRD_CARDS]
    rows, sections = [], []
    prev = None
    for h in hands:
        cells = []
        for k in THIRD_CARDS:
            lab = f"{h}:{k}"
            text, style = _cell({e.banker[index[lab]] for e in sol.equilibria})
            cells.append((text, style + " underline" if lab in strategic else style))
        tot = total_of(h)
        sections.append(composition and prev is not None and tot != prev)
        lead = [str(tot) if tot != prev else "", h] if composition else [h]
        prev = tot
        rows.append([(x, "") for x in lead] + cells)
    return cols, rows, sections


def banker_grid(sol, title: str | None = None):
    """Banker's equilibrium strategy as a rich Table in the style of Table 1 of the papers.

    Rows: Banker's two-card hands (totals in Model 1, compositions grouped by total in
    Models 2–3); columns: Player's third card 0–9 and ∅ (Player stood). A cell is D or S, the
    probability of drawing when Banker mixes, or * when the extreme equilibria disagree.
    Strategic information sets (left by Lemma 1) are underlined.
    """
    from rich.table import Table

    cols, rows, sections = _grid_layout(sol)
    t = Table(title=title, show_edge=False, pad_edge=False, header_style="bold", box=None)
    for head, justify, style, width in cols:
        t.add_column(head, justify=justify, style=style or None, min_width=width or None)
    for row, new_section in zip(rows, sections, strict=True):
        if new_section:
            t.add_section()
        t.add_row(*(f"[{style}]{text}[/]" if style else text for text, style in row))
    return t


def print_banker_grid(out, sol, title: str) -> None:
    """Print :func:`banker_grid` on ``out`` as one pre-laid-out rich Text.

    Same characters as rich's Table (no box, no edge padding, one space of padding on
    each inner side, right/centre justification, the title centred over the table's width;
    tests/test_startup.py compares the two), without the Table's per-cell measuring and
    markup parsing, which dominated ``baccara``'s running time. When the table would not
    fit the console's width, rich's Table is used (it knows how to shrink columns).
    """
    from rich.cells import cell_len
    from rich.text import Text

    cols, rows, _ = _grid_layout(sol)
    widths = [max(w, cell_len(h), *(cell_len(r[i][0]) for r in rows)) for i, (h, _, _, w) in enumerate(cols)]
    total = sum(widths) + 2 * (len(cols) - 1)
    if total > out.width:
        out.print(banker_grid(sol, title=title))
        return
    grid = Text()
    header = [(h, "bold") for h, _, _, _ in cols]
    for r, row in enumerate([header, *rows]):
        if r:
            grid.append("\n")
        for i, ((text, style), (_, justify, cstyle, _)) in enumerate(zip(row, cols, strict=True)):
            gap = widths[i] - cell_len(text)
            left = gap if justify == "right" else gap // 2
            grid.append(" " * ((i > 0) + left))
            grid.append(text, style=" ".join(x for x in (cstyle if r else "", style) if x) or None)
            grid.append(" " * (gap - left + (i < len(cols) - 1)))
    out.print(_Laid(title, grid, total))


class _Laid:
    """A title and a pre-laid-out Text rendered as rich renders a Table's title and body."""

    def __init__(self, title: str, body, width: int) -> None:
        self.title, self.body, self.width = title, body, width

    def __rich_console__(self, console, options):
        opts = options.update(width=self.width, highlight=False, height=None)
        title = console.render_str(self.title, style="table.title", highlight=False)
        yield from console.render(title, options=opts.update(justify="center"))
        yield from console.render(self.body, options=opts)


def _lemma1_line(sol) -> str:
    """Header line: the game, what Lemma 1 leaves strategic, and paper II's uniform count.

    The uniform count (JSON ``reduced.banker_infosets``) is Lemma 1 applied on
    0 ≤ α ≤ max(1/10, α) — the range is printed as it is, e.g. "0 ≤ α ≤ 1/2".
    """
    from games.baccara.analysis.equilibria import uniform_range

    rows = "2" if sol.rows == 2 else "2^5"
    n = len(sol.banker_infosets)
    red_rows = "2" if sol.rows == 2 else f"2^{sol.reduced_player}"
    if sol.reduced_player == 0:
        player = "decides Player's move and leaves "
    else:
        sets = "set" if sol.reduced_player == 1 else "sets"
        player = f"leaves {sol.reduced_player} Player information {sets} and "
    banker = f"{sol.reduced_banker} Banker information set{'' if sol.reduced_banker == 1 else 's'}"
    line = f"Game {rows} × 2^{n} → Lemma 1 {player}{banker} strategic: {red_rows} × 2^{sol.reduced_banker}"
    if sol.uniform_banker not in (None, sol.reduced_banker):
        lo, hi = uniform_range(sol.alpha)
        line += f"  [dim](2^{sol.uniform_banker} uniformly for {fmt(lo)} ≤ α ≤ {fmt(hi)})[/]"
    return line


def render(sol, elapsed: float) -> None:
    from games.baccara.analysis.equilibria import MODEL_DESCRIPTIONS
    from games.baccara.cli.console import stdout_console, styled

    out = stdout_console()
    m = sol.model
    deck_txt = f", {sol.decks} deck{'' if sol.decks == 1 else 's'}" if sol.uses_decks else ""
    out.print(f"[bold]Baccara chemin de fer, Model {m}{deck_txt}, commission α = {fmt(sol.alpha)}[/]")
    out.print(f"[dim]{MODEL_DESCRIPTIONS[m[0]].format(d=sol.decks)}; {MODEL_DESCRIPTIONS[m[1]]}[/]")
    out.print(_lemma1_line(sol))
    eqs = sol.equilibria
    if sol.unique:
        out.print(f"[bold green]Unique Nash equilibrium[/] [dim]({METHOD_NAMES[sol.method]})[/]")
    else:
        kind = "a continuum of equilibria" if sol.continuum else "several equilibria"
        out.print(f"[bold magenta]Not unique:[/] {kind}, {len(eqs)} extreme points [dim]({METHOD_NAMES[sol.method]})[/]")
    out.print()

    # Player
    for label in sol.player_infosets:
        vals = sorted({e.player[label] for e in eqs})
        where = "5" if label == "5" else f"{label} (total 5)"
        if len(vals) == 1:
            out.print(f"Player draws on {where} with probability [bold]{_exact_and_approx(vals[0])}[/]")
        else:
            out.print(f"Player draws on {where} with probability in "
                      f"{{{', '.join(fmt(v) for v in vals)}}} (extreme points)")
    out.print()

    # Banker
    print_banker_grid(out, sol, "Banker's equilibrium strategy")
    out.print("[dim]D draw, S stand, decimal: probability of drawing"
              + (", *: differs between extreme equilibria" if not sol.unique else "")
              + ". Rows: Banker's hand; columns: Player's third card (∅: Player stood)"
              + ("; underlined: strategic after Lemma 1" if styled(out) else "") + ".[/]")
    mixed = {}
    for e in eqs:
        for lab, v in e.mixed_banker.items():
            mixed.setdefault(lab, set()).add(v)
    if sol.unique and mixed:
        for lab, vs in mixed.items():
            (v,) = vs
            out.print(f"Banker draws at {lab} with probability [bold]{_exact_and_approx(v)}[/]")
    elif not sol.unique:
        varying = [s for i, s in enumerate(sol.banker_infosets)
                   if len({e.banker[i] for e in eqs}) > 1]
        out.print(f"Banker's strategy varies at {', '.join(varying)}; extreme points:")
        shown = eqs[:10]
        for i, e in enumerate(shown, 1):
            moves = ", ".join(f"{lab}={fmt(e.banker_draw(lab))}" for lab in varying)
            pl = ", ".join(f"{k}={fmt(v)}" for k, v in e.player.items())
            out.print(f"  {i:>2}. Player {pl}; Banker {moves}")
        if len(eqs) > len(shown):
            out.print(f"  … {len(eqs) - len(shown)} more (use --json)")
    out.print()

    # payoffs
    pays = sorted({e.payoffs for e in eqs})
    if len(pays) == 1:
        pp, pb = pays[0]
        note = ("exactly opposite: no commission" if sol.alpha == 0
                else "they add up to −α·P(Banker wins), the casino's commission")
        out.print(f"Payoffs per unit bet: Player {_exact_and_approx(pp)}, Banker {_exact_and_approx(pb)}"
                  f"  [dim]({note})[/]")
    else:
        for pp, pb in pays:
            out.print(f"Payoffs: Player {_exact_and_approx(pp)}, Banker {_exact_and_approx(pb)}")
    tm = sol.timings
    out.print(f"[dim]Solved in {elapsed:.2f} s (tables {tm['tables']:.2f} s, Lemma 1 "
              f"{tm['lemma1']:.2f} s, equilibria {tm['solve']:.2f} s); exact arithmetic throughout.[/]")
