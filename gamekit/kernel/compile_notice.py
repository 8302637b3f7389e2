"""A one-line notice on stderr when the compiled kernels are about to be compiled.

The kernels of the certified search (:mod:`gamekit.kernel.reverse_search`,
:mod:`gamekit.kernel.modular_verify`, …) are compiled by numba on their first call and
cached on disk (``cache=True``): unless ``gamekit compile`` ran after the install
(:mod:`gamekit.io.precompile`), the first call spends 10–15 CPU-s compiling (measured with
an empty ``NUMBA_CACHE_DIR``, ``benchmarks/results/startup.md``; ≈ 0.2 s to load them
afterwards). :func:`notice_if_compiling` tells an interactive user why the first
call is slow: once per process, only when the stream is a terminal and numba's cache index
of one of the given kernels is missing or stale. Nothing is printed otherwise, so piped
output (and every contract of the CLI) is unchanged.

Reading the cache index uses numba's private cache objects (``_cache._cache_file``,
present for years); if they change, the check answers "cached" and the notice is simply
not shown. This module imports nothing from numba itself.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterable
from typing import TextIO

__all__ = ["MESSAGE", "kernels_cached", "notice_if_compiling"]

MESSAGE = "compiling the search kernels once (10–15 s of CPU; `gamekit compile` after installing does it ahead)…"

_lock = threading.Lock()
_shown = False


def kernels_cached(dispatchers: Iterable[object]) -> bool:
    """True unless some dispatcher is neither compiled in this process nor has a fresh
    entry in numba's on-disk cache (an index whose source stamp matches the module)."""
    for disp in dispatchers:
        if getattr(disp, "signatures", None):
            continue  # compiled or loaded already in this process
        try:
            index = disp._cache._cache_file._load_index()  # type: ignore[attr-defined]
        except Exception:  # no disk cache (cache=False) or numba internals changed: cannot tell
            continue
        if not index:
            return False
    return True


def _is_tty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def notice_if_compiling(dispatchers: Iterable[object], stream: TextIO | None = None) -> bool:
    """Print :data:`MESSAGE` on ``stream`` (default stderr) if it is a terminal and a
    kernel will have to be compiled; at most once per process. Returns True if printed."""
    global _shown
    stream = sys.stderr if stream is None else stream
    if _shown or not _is_tty(stream):
        return False
    if kernels_cached(dispatchers):
        return False
    with _lock:
        if _shown:
            return False
        _shown = True
    print(MESSAGE, file=stream, flush=True)
    return True
