"""The ``gamekit`` console script: :func:`gamekit.io.guard.launch` around ``gamekit.cli:main``
(Ctrl-C and SIGTERM give one line and exit 130 / 143 even during the imports)."""

from __future__ import annotations

from gamekit.io.early import exit_on_signals

exit_on_signals()  # first of all: Ctrl-C / SIGTERM during the imports give one line, 130 / 143 (#28)

from typing import NoReturn  # noqa: E402

from gamekit.io.guard import launch  # noqa: E402

__all__ = ["main"]


def main() -> NoReturn:
    """Run the ``gamekit`` command line."""
    launch("gamekit.cli:main")
