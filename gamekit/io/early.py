"""Signals during start-up: the first thing both console scripts do (issue #28).

Before the command's modules are imported nothing needs cleaning up, and an exception raised
by a signal handler in the middle of an import can surface as a traceback, or be turned by a
library's import machinery into an unrelated ``ImportError``. So until
:func:`gamekit.io.guard.launch` has imported the command, Ctrl-C and SIGTERM print their one
line and end the process at once with 130 / 143. This module imports only :mod:`os` and
``_signal`` (the C module: :mod:`signal` itself builds enums, which takes a while).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module behind signal, importable before it
import os

__all__ = ["exit_on_signals", "IGNORED"]

IGNORED: set[int] = set()
"""The signals the process inherited as ignored (``SIG_IGN``): left ignored, as POSIX intends."""

_LINES = {int(_signal.SIGINT): (b"error: interrupted\n", 130), int(_signal.SIGTERM): (b"error: terminated\n", 143)}


def _exit_now(signum: int, frame: object) -> None:
    line, code = _LINES.get(signum, (b"error: interrupted\n", 128 + signum))
    try:
        os.write(2, line)
    except OSError:
        pass
    os._exit(code)


def exit_on_signals() -> None:
    """Make SIGINT and SIGTERM print one line and exit 130 / 143 immediately.

    Meant for the import phase of a console script only: afterwards the command installs
    handlers that raise, so that it can clean up (:func:`gamekit.io.guard.launch` does). A
    signal the process inherited as ignored (a background job of a non-interactive shell
    ignores SIGINT) stays ignored, and is recorded in :data:`IGNORED`.

    Examples
    --------
    >>> import signal
    >>> old = signal.getsignal(signal.SIGTERM)
    >>> exit_on_signals()
    >>> signal.getsignal(signal.SIGTERM).__name__
    '_exit_now'
    >>> _ = signal.signal(signal.SIGTERM, old); _ = signal.signal(signal.SIGINT, signal.default_int_handler)
    """
    for sig in (_signal.SIGINT, _signal.SIGTERM):
        try:
            if _signal.getsignal(sig) == _signal.SIG_IGN:
                IGNORED.add(int(sig))  # e.g. a background job of a shell without job control: keep ignoring
                continue
            _signal.signal(sig, _exit_now)
        except ValueError:  # not the main thread
            pass
