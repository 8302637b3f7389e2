"""The "baccara" tab of ``gamekit serve``: ``baccara solve --model M --decks D --alpha A``.

gamekit never imports this package; the tab reaches the server as the
:class:`~gamekit.web.plugins.WebPlugin` object :data:`plugin`, through the entry point
``[project.entry-points."gamekit.web"] baccara = "games.baccara.web:plugin"`` (or
``gamekit serve --plugin games.baccara.web:plugin``). The report shows what ``baccara solve``
prints: the reduced game, Player's strategy, Banker's strategy grid (the same cells as the
terminal's, from :func:`games.baccara.cli.cmd_solve._grid_layout`), the payoffs; its
``data`` is the JSON of ``baccara solve --json``.
"""

from __future__ import annotations

from gamekit.core import GameError, fmt
from gamekit.web import FieldError, FormField, WebPlugin
from games.baccara.cli.cmd_solve import (
    DEFAULT_ALPHA,
    DEFAULT_DECKS,
    DEFAULT_MODEL,
    METHOD_NAMES,
    _exact_and_approx,
    _grid_layout,
    _lemma1_line,
)
from games.baccara.models.tables import MODELS

__all__ = ["plugin", "solve_report"]

_LEGEND = ("D draw, S stand, decimal: probability of drawing{varies}. Rows: Banker's hand; columns: "
           "Player's third card (∅: Player stood); underlined: strategic after Lemma 1.")


def _plain(markup: str) -> str:
    from rich.text import Text

    return Text.from_markup(markup).plain


def _checked(params: dict[str, str]) -> tuple[str, str, str]:
    """The form's values, each validated on its own so that an error names its field."""
    from games.baccara.cards import check_decks
    from games.baccara.models.tables import parse_alpha, parse_model

    for name, check in (("model", parse_model), ("decks", check_decks), ("alpha", parse_alpha)):
        try:
            check(params[name])
        except GameError as exc:
            raise FieldError(str(exc).splitlines()[0], name) from None
    return params["model"], params["decks"], params["alpha"]


def solve_report(params: dict[str, str]) -> dict:
    """Solve a chemin de fer model and describe it as a :mod:`gamekit.web.plugins` report.

    Parameters
    ----------
    params : dict of str
        ``model`` (A1 … B3), ``decks`` (an integer ≥ 1, ignored by Model A), ``alpha`` (the
        commission, exact, 0 ≤ α < 1).

    Returns
    -------
    dict
        ``title``, ``lines``, ``grids`` (Banker's strategy), ``notes``, ``legend`` and ``data`` (the
        JSON of ``baccara solve --json``).

    Raises
    ------
    FieldError
        For a bad model, number of decks or commission.

    Examples
    --------
    >>> r = solve_report({"model": "A1", "decks": "6", "alpha": "1/20"})
    >>> r["title"], r["data"]["unique"], r["grids"][0]["rows"][0][0]["text"]
    ('Baccara chemin de fer, Model A1, commission α = 1/20', True, '0')
    """
    from games.baccara.analysis.equilibria import MODEL_DESCRIPTIONS, solve_model

    model, decks, alpha = _checked(params)
    sol = solve_model(model, decks, alpha)
    m = sol.model
    deck_txt = f", {sol.decks} deck{'' if sol.decks == 1 else 's'}" if sol.uses_decks else ""
    eqs = sol.equilibria
    lines = [f"{MODEL_DESCRIPTIONS[m[0]].format(d=sol.decks)}; {MODEL_DESCRIPTIONS[m[1]]}",
             _plain(_lemma1_line(sol))]
    if sol.unique:
        lines.append(f"Unique Nash equilibrium ({METHOD_NAMES[sol.method]})")
    else:
        kind = "a continuum of equilibria" if sol.continuum else "several equilibria"
        lines.append(f"Not unique: {kind}, {len(eqs)} extreme points ({METHOD_NAMES[sol.method]})")
    for label in sol.player_infosets:
        vals = sorted({e.player[label] for e in eqs})
        where = "5" if label == "5" else f"{label} (total 5)"
        if len(vals) == 1:
            lines.append(f"Player draws on {where} with probability {_exact_and_approx(vals[0])}")
        else:
            lines.append(f"Player draws on {where} with probability in {{{', '.join(fmt(v) for v in vals)}}} "
                         "(extreme points)")
    mixed: dict[str, set] = {}
    for e in eqs:
        for lab, v in e.mixed_banker.items():
            mixed.setdefault(lab, set()).add(v)
    for lab, vs in mixed.items():
        if len(vs) == 1:
            lines.append(f"Banker draws at {lab} with probability {_exact_and_approx(next(iter(vs)))}")
    for pp, pb in sorted({e.payoffs for e in eqs}):
        lines.append(f"Payoffs per unit bet: Player {_exact_and_approx(pp)}, Banker {_exact_and_approx(pb)}")
    cols, rows, sections = _grid_layout(sol)
    grid = {
        "title": "Banker's equilibrium strategy",
        "columns": [{"label": head, "align": justify, "style": style} for head, justify, style, _ in cols],
        "rows": [[{"text": text, "style": style} for text, style in row] for row in rows],
        "sections": sections,
    }
    return {
        "title": f"Baccara chemin de fer, Model {m}{deck_txt}, commission α = {fmt(sol.alpha)}",
        "lines": lines,
        "grids": [grid],
        "notes": list(sol.notes),
        "legend": _LEGEND.format(varies="" if sol.unique else ", *: differs between extreme equilibria"),
        "data": sol.to_json(),
    }


#: The tab (entry point ``gamekit.web``: ``baccara``).
plugin = WebPlugin(
    name="baccara",
    title="Baccara",
    run=solve_report,
    fields=(
        FormField("model", "Model", DEFAULT_MODEL, tuple(MODELS),
                  "A: with replacement, B: from a shoe; 1 totals, 2 Banker sees his cards, 3 both do"),
        FormField("decks", "Decks d", DEFAULT_DECKS, None, "number of decks in the shoe (Model B)"),
        FormField("alpha", "Commission α", DEFAULT_ALPHA, None, "on Banker's wins, exact: 1/20, 0.05, 0"),
    ),
    description="Every Nash equilibrium of chemin de fer, exactly, as `baccara solve` prints it "
                "(paper II's models: A with replacement, B from a d-deck shoe).",
    time_budget=300.0,
)
