"""Where gamekit and its plugins keep their caches: one rule, used by every cache.

1. ``$GAMEKIT_CACHE_DIR`` when it is an absolute path;
2. else ``$XDG_CACHE_HOME/gamekit`` when ``$XDG_CACHE_HOME`` is an absolute path (the XDG Base
   Directory specification says a relative value is invalid and must be ignored);
3. else ``~/.cache/gamekit`` when the home directory is known and absolute (``HOME=`` empty
   or relative does not count: it would put the cache in ``/.cache`` or the working directory);
4. else a per-user directory in the system's temporary directory.

A relative ``GAMEKIT_CACHE_DIR`` is ignored for the same reason as a relative XDG value. The
location is read from the environment, as every XDG program does; it changes where answers
are stored, never what they are (every cached answer is checked again when read).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["cache_root"]


def _absolute(value: str | None) -> Path | None:
    if value and os.path.isabs(value):
        return Path(value)
    return None


def cache_root() -> Path:
    """The cache directory (see the module doc); not created here.

    Returns
    -------
    pathlib.Path
        An absolute path.

    Examples
    --------
    >>> cache_root().is_absolute()
    True
    """
    explicit = _absolute(os.environ.get("GAMEKIT_CACHE_DIR"))
    if explicit is not None:
        return explicit
    xdg = _absolute(os.environ.get("XDG_CACHE_HOME"))
    if xdg is not None:
        return xdg / "gamekit"
    home = _absolute(os.environ.get("HOME"))
    if home is None and "HOME" not in os.environ:
        try:
            home = _absolute(str(Path.home()))
        except RuntimeError:  # no home directory known
            home = None
    if home is not None and home != Path("/"):
        return home / ".cache" / "gamekit"
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"gamekit-{uid}"
