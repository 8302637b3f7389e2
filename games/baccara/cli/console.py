"""The stdout console of the ``baccara`` commands: terminal-aware width, wrapping and styles.

In a terminal, rich wraps to the terminal's width and shows styles (bold, underline). When
stdout is a pipe or a file there is no terminal width to respect: lines are printed whole
(``soft_wrap``) and tables get room to keep every cell on one line, so a script reading
the output never sees an item split across lines. ``styled(console)`` says whether styles
such as underlining are visible, so that legends mention them only when they are.
"""

from __future__ import annotations

__all__ = ["stdout_console", "styled", "PIPE_WIDTH"]

#: Width given to tables when stdout is not a terminal (wide enough for every table we print).
PIPE_WIDTH = 200


def stdout_console(*, highlight: bool = False):
    """A rich Console on stdout: the terminal's width in a terminal, no wrapping otherwise."""
    from rich.console import Console

    probe = Console(highlight=highlight)
    if probe.is_terminal:
        return probe
    return Console(highlight=highlight, soft_wrap=True, width=PIPE_WIDTH)


def styled(console) -> bool:
    """True when the console renders styles (underline, bold): a terminal with colours."""
    return bool(console.is_terminal and console.color_system is not None)
