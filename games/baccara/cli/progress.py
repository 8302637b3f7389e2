"""A rich progress bar on stderr for long casino simulations (silent when stderr is not a terminal)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["progress_bar"]


@contextmanager
def progress_bar(what: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """Yields ``tick(done, total)``; shows a transient bar when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)
