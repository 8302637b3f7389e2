"""Progress on stderr for long work, in a terminal and in a pipe alike.

In a terminal, :func:`stderr_progress` is rich's live, transient :class:`rich.progress.Progress`.
When stderr is a pipe or a file (CI logs, ``2> log``, a notebook's captured stream) a live bar
would print nothing useful, and printing nothing leaves a user looking at a silent minute; so
:class:`LineProgress` stays quiet for the first ``quiet`` seconds (short commands print
nothing extra), then prints one plain line per running task every ``every`` seconds from a
background thread — also while a single step runs long — (``sweep Model B3 d = 7: 3/12,
41 s``), and one line when a task it has talked about ends.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

__all__ = ["LineProgress", "stderr_progress"]


class LineProgress:
    """The part of rich's ``Progress`` interface the CLIs use, printing plain lines.

    Parameters
    ----------
    every : float
        Seconds between two progress lines of a task.
    quiet : float
        Seconds of silence before the first line (work shorter than this prints nothing).
    stream : file-like, optional
        Where to write (default ``sys.stderr``).

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> with LineProgress(every=0, quiet=0, stream=out) as p:
    ...     t = p.add_task("sweep", total=2)
    ...     p.update(t, completed=2)
    >>> out.getvalue().splitlines()[-1]
    'sweep: 2/2, 0 s, done'
    """

    def __init__(self, every: float = 15.0, quiet: float = 5.0, stream: Any = None) -> None:
        self.every = every
        self.quiet = quiet
        self.stream = stream
        self.tasks: dict[int, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _say(self, text: str) -> None:
        stream = self.stream if self.stream is not None else sys.stderr
        try:
            stream.write(text + "\n")
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def __enter__(self) -> LineProgress:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Start the background thread that prints the periodic lines."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="gamekit-progress", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(min(1.0, max(self.every, 0.05))):
            self._tick()

    def _tick(self) -> None:
        now = time.monotonic()
        with self._lock:
            for task in self.tasks.values():
                if task["closed"] or now - task["t0"] < self.quiet:
                    continue
                if task["spoke"] and now - task["last"] < self.every:
                    continue
                task["last"], task["spoke"] = now, True
                self._say(f"{task['description']}: {self._state(task)}")

    def stop(self) -> None:
        """Stop the thread; say how each task that was reported on ended (once)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        with self._lock:
            for task in self.tasks.values():
                if not task["closed"]:
                    task["closed"] = True
                    if task["spoke"]:
                        self._say(f"{task['description']}: {self._state(task)}, done")

    def add_task(self, description: str, total: float | None = None, **fields: Any) -> int:
        """Start a task (reported on once it has run ``quiet`` seconds)."""
        with self._lock:
            key = len(self.tasks)
            now = time.monotonic()
            self.tasks[key] = {"description": description, "total": total, "completed": 0, "t0": now,
                               "last": now, "closed": False, "spoke": False, "fields": fields}
        if self.quiet <= 0:
            self._tick()
        return key

    def update(self, key: int, *, completed: float | None = None, total: float | None = None,
               advance: float | None = None, description: str | None = None, **fields: Any) -> None:
        """Record progress; print a line when ``every`` seconds have passed since the last."""
        with self._lock:
            task = self.tasks[key]
            if total is not None:
                task["total"] = total
            if completed is not None:
                task["completed"] = completed
            if advance is not None:
                task["completed"] += advance
            if description is not None:
                task["description"] = description
            task["fields"].update(fields)

    @staticmethod
    def _state(task: dict[str, Any]) -> str:
        done, total = task["completed"], task["total"]
        if total and total >= 10_000:  # large counts in full digits, never 6.8e+08
            amount = f"{done:,.0f}/{total:,.0f}"
        else:
            amount = f"{done:g}/{total:g}" if total else f"{done:g}"
        return f"{amount}, {time.monotonic() - task['t0']:.0f} s"


def stderr_progress(*columns: Any, every: float = 15.0, **kwargs: Any) -> Any:
    """rich's ``Progress(*columns, console=<stderr>, **kwargs)`` on a terminal, else a
    :class:`LineProgress` printing a plain line every ``every`` seconds.

    Parameters
    ----------
    *columns
        rich progress columns (ignored by the plain version).
    every : float
        Seconds between two plain progress lines.
    **kwargs
        Passed to rich's ``Progress`` (``transient``, …).

    Returns
    -------
    rich.progress.Progress or LineProgress

    Examples
    --------
    >>> import rich.progress
    >>> with stderr_progress(transient=True) as bar:
    ...     task = bar.add_task("counting", total=3)
    ...     for k in range(3):
    ...         bar.update(task, completed=k + 1)
    >>> isinstance(bar, (LineProgress, rich.progress.Progress))
    True
    """
    from rich.console import Console

    err = Console(stderr=True)
    if not err.is_terminal:
        return LineProgress(every=every)
    from rich.progress import Progress

    kwargs.pop("disable", None)
    return Progress(*columns, console=err, **kwargs)
