"""Reading small user text files (rule sets, strategies, settings) with a size bound.

A user may name any path: a FIFO, ``/dev/zero``, ``/dev/urandom`` or a multi-gigabyte file.
:func:`read_small_text` reads at most ``limit + 1`` bytes, so each of them is refused at once
with one clear message instead of reading until memory runs out.
"""

from __future__ import annotations

import os
import stat

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
        with open(name, "rb") as fh:
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
