"""The stdout console of the ``baccara`` commands: terminal-aware width, wrapping and styles.

In a terminal, rich wraps to the terminal's width and shows styles (bold, underline). When
stdout is a pipe or a file there is no terminal width to respect: lines are printed whole
(``soft_wrap``) and tables get room to keep every cell on one line, so a script reading
the output never sees an item split across lines. ``styled(console)`` says whether styles
such as underlining are visible, so that legends mention them only when they are.
"""

from __future__ import annotations

__all__ = ["stdout_console", "styled", "print_table", "PIPE_WIDTH"]

#: Width given to tables when stdout is not a terminal (wide enough for every table we print).
PIPE_WIDTH = 200


def stdout_console(*, highlight: bool = False, width: int | None = None):
    """A rich Console on stdout: the terminal's width in a terminal (lines wrap at spaces,
    never inside a word or number: ``overflow="ignore"`` keeps long tokens whole), no
    wrapping at all otherwise. ``width`` is the pipe width for wide tables."""
    from rich.console import Console

    probe = Console(highlight=highlight)
    if probe.is_terminal:
        return probe
    return Console(highlight=highlight, soft_wrap=True, width=width or PIPE_WIDTH)


def styled(console) -> bool:
    """True when the console renders styles (underline, bold): a terminal with colours."""
    return bool(console.is_terminal and console.color_system is not None)


def print_table(console, table) -> None:
    """Print a rich ``table`` whole: as a table when its natural width fits the console,
    otherwise as a vertical list (``title``, then per row ``header: value`` lines), so that in
    a narrow terminal no cell is cut (``0.09…``) or folded in the middle of a number.

    Examples
    --------
    >>> from rich.console import Console
    >>> from rich.table import Table
    >>> t = Table("bet", "return", title="returns")
    >>> t.add_row("banker", "-0.0105791040")
    >>> print_table(Console(width=20, soft_wrap=True, color_system=None), t)
    returns
    bet: banker
      return: -0.0105791040
    """
    from rich.measure import Measurement

    natural = Measurement.get(console, console.options.update(width=100_000), table).maximum
    if natural <= console.width:
        console.print(table)
        return
    from rich.markup import escape

    def text(x: object) -> str:
        return x.plain if hasattr(x, "plain") else str(x)

    if table.title:
        console.print(escape(text(table.title)), soft_wrap=True)
    columns = [(text(c.header), [text(v) for v in c.cells]) for c in table.columns]
    rows = max((len(cells) for _, cells in columns), default=0)
    for r in range(rows):
        for i, (head, cells) in enumerate(columns):
            value = cells[r] if r < len(cells) else ""
            console.print(("" if i == 0 else "  ") + escape(f"{head}: {value}"), soft_wrap=True, highlight=False)
