"""Reading small user text files (rule sets, strategies, settings) with a size bound.

A user may name any path: a FIFO, ``/dev/zero``, ``/dev/urandom`` or a multi-gigabyte file.
:func:`read_small_text` reads at most ``limit + 1`` bytes, so each of them is refused at once
with one clear message instead of reading until memory runs out.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from gamekit.core.errors import GameError

__all__ = ["read_small_text", "MAX_TEXT_BYTES"]

MAX_TEXT_BYTES = 1 << 20
"""Default bound on a small text file (1 MiB)."""


def read_small_text(path: str | os.PathLike[str], what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of ``path``, at most ``limit`` bytes.

    Parameters
    ----------
    path : str or path-like
        The file to read. Directories, devices, FIFOs and sockets are refused.
    what : str
        What the file is, for the error message (``"rule file"``).
    limit : int
        Largest accepted size in bytes.

    Returns
    -------
    str
        The decoded text.

    Raises
    ------
    GameError
        The file cannot be opened, is not a regular file, is larger than ``limit`` or is not
        UTF-8.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.toml"
    >>> _ = p.write_text('name = "x"', encoding="utf-8")
    >>> read_small_text(p, "rule file")
    'name = "x"'
    >>> read_small_text("/dev/zero", "rule file")
    Traceback (most recent call last):
    gamekit.core.errors.GameError: cannot read rule file '/dev/zero': not a regular file
    """
    name = os.fspath(path)
    try:
        with open_for_reading(name) as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise GameError(f"cannot read {what} {name!r}: not a regular file")
            data = fh.read(limit + 1)
    except OSError as exc:
        raise GameError(f"cannot read {what} {name!r}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise GameError(f"cannot read {what} {name!r}: larger than {limit:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(f"cannot read {what} {name!r}: not UTF-8 text") from None


def open_for_reading(name: str) -> BinaryIO:
    """Open ``name`` for binary reading without blocking on a FIFO that has no writer.

    ``open()`` of a FIFO waits until some process opens it for writing — forever, if none
    does. The file is opened non-blocking (a FIFO without a writer then reads as empty)
    and switched back to blocking reads.

    Parameters
    ----------
    name : str
        The path.

    Returns
    -------
    BinaryIO
        The open file (a context manager).

    Raises
    ------
    OSError
        The file cannot be opened.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> os.mkfifo(d / "f")
    >>> with open_for_reading(str(d / "f")) as fh:
    ...     fh.read()
    b''
    """
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
