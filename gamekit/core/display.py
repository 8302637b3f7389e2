"""Readable forms of games and equilibria: plain text, HTML and LaTeX (for notebooks).

Every number is shown exactly, a fraction as ``3/5`` (never ``Fraction(3, 5)``), so what a
user reads is what the solver computed. Used by ``BimatrixGame.__str__`` / ``__repr__`` /
``_repr_html_`` / ``_repr_latex_`` and the same methods of ``Equilibrium``; Jupyter calls
the ``_repr_*_`` methods to render an object as the last value of a cell.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from gamekit.core.numbers import fmt

__all__ = ["vector_text", "game_text", "game_html", "game_latex", "vector_latex", "latex_number", "Vectors"]

class TableGame(Protocol):
    """What the display functions read from a two-player game (e.g. ``BimatrixGame``)."""

    @property
    def A(self) -> Sequence[Sequence[Fraction]]: ...
    @property
    def B(self) -> Sequence[Sequence[Fraction]]: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def title(self) -> str: ...
    @property
    def row_labels(self) -> Sequence[str]: ...
    @property
    def col_labels(self) -> Sequence[str]: ...


#: Games larger than this many cells are summarized instead of printed cell by cell.
MAX_CELLS = 400


def vector_text(v: Sequence[Fraction]) -> str:
    """``(3/5, 2/5)``: an exact tuple as read by a person."""
    inner = ", ".join(fmt(x) for x in v)
    return f"({inner},)" if len(v) == 1 else f"({inner})"


class Vectors(tuple[tuple[Fraction, ...], ...]):
    """A tuple of exact vectors that prints its numbers as ``3/5`` (e.g. ``SolveResult.row_vertices``).

    It is a plain tuple in every other respect (equality, indexing, hashing).

    Examples
    --------
    >>> from fractions import Fraction
    >>> Vectors([(Fraction(3, 5), Fraction(2, 5)), (Fraction(1), Fraction(0))])
    ((3/5, 2/5), (1, 0))
    """

    __slots__ = ()

    def __repr__(self) -> str:
        inner = ", ".join(vector_text(v) for v in self)
        return f"({inner},)" if len(self) == 1 else f"({inner})"


def latex_number(x: Fraction) -> str:
    """``\\frac{3}{5}``, ``-\\frac{1}{2}``, ``7``: one exact number in LaTeX."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"


def vector_latex(v: Sequence[Fraction]) -> str:
    return "\\left(" + ",\\ ".join(latex_number(x) for x in v) + "\\right)"


def _cells(game: TableGame) -> list[list[str]]:
    return [[f"{fmt(a)}, {fmt(b)}" for a, b in zip(ra, rb)] for ra, rb in zip(game.A, game.B)]


def game_text(game: TableGame) -> str:
    """The payoff table: one row per row strategy, ``a, b`` = (payoff to I, payoff to II)."""
    m, n = game.shape
    head = f"{m}x{n} bimatrix game" + (f" {game.title!r}" if game.title else "")
    if m * n > MAX_CELLS:
        return head + f" (too large to print: {m * n} cells)"
    rows = [["", *game.col_labels]] + [[lab, *cells] for lab, cells in zip(game.row_labels, _cells(game))]
    widths = [max(len(r[k]) for r in rows) for k in range(n + 1)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join([head + " (cells: payoff to I, payoff to II)", *lines])


def game_html(game: TableGame) -> str:
    """An HTML table of the payoffs (what Jupyter shows for a game)."""
    m, n = game.shape
    caption = html.escape(f"{game.title + ': ' if game.title else ''}{m}×{n} bimatrix game "
                          "(cells: payoff to I, payoff to II)")
    if m * n > MAX_CELLS:
        return f"<p>{caption}, {m * n} cells (too large to show)</p>"
    head = "".join(f"<th>{html.escape(c)}</th>" for c in game.col_labels)
    body = "".join(
        f"<tr><th>{html.escape(lab)}</th>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
        for lab, cells in zip(game.row_labels, _cells(game))
    )
    return f"<table><caption>{caption}</caption><tr><th></th>{head}</tr>{body}</table>"


def game_latex(game: TableGame) -> str:
    """``$A = (…),\\ B = (…)$`` with exact fractions (what Jupyter shows as LaTeX)."""
    m, n = game.shape
    if m * n > MAX_CELLS:
        return f"${m}\\times{n}$ bimatrix game"

    def matrix(M: Sequence[Sequence[Fraction]]) -> str:
        rows = " \\\\ ".join(" & ".join(latex_number(x) for x in r) for r in M)
        return "\\begin{pmatrix} " + rows + " \\end{pmatrix}"

    return f"$A = {matrix(game.A)},\\quad B = {matrix(game.B)}$"
