"""Input and output: Gambit ``.nfg`` files, crash-safe writes, CLI guards, pygambit/nashpy interop.

Public names (imported lazily): :func:`read_nfg`, :func:`parse_nfg`, :func:`write_nfg`,
:func:`format_nfg`, :func:`atomic_write`, :func:`atomic_open`, :func:`save_figure`,
:func:`guard_main`, :func:`run_subcommand`, :func:`check_int_argument`, :class:`CliParser`,
:func:`launch`, :func:`printable`, :func:`read_small_text` (bounded user text files), :func:`open_for_reading` (never waits on a
FIFO), :func:`check_output_path` (refuse an unwritable output before the work),
:func:`exit_on_signals` (start-up signal handling of the console scripts),
:func:`cache_root` (the one cache location rule), :func:`stderr_progress` (progress in a
terminal and in a pipe), and the interop converters.
"""

from __future__ import annotations

from gamekit.core.lazy import load

TYPE_CHECKING = False  # typing is not imported at start-up (#28)
if TYPE_CHECKING:
    from typing import Any

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "NfgDocument": "nfg",
    "parse_nfg": "nfg",
    "parse_nfg_document": "nfg",
    "read_nfg": "nfg",
    "read_nfg_document": "nfg",
    "format_nfg": "nfg",
    "write_nfg": "nfg",
    "example_names": "nfg",
    "example_path": "nfg",
    "atomic_write": "atomic",
    "atomic_open": "atomic",
    "save_figure": "atomic",
    "write_error": "atomic",
    "check_output_path": "atomic",
    "exit_on_signals": "early",
    "open_for_reading": "textfile",
    "guard_main": "guard",
    "run_subcommand": "guard",
    "silence_stdout": "guard",
    "check_int_argument": "guard",
    "CliParser": "guard",
    "Terminated": "guard",
    "interrupt_exit": "guard",
    "launch": "guard",
    "printable": "guard",
    "read_small_text": "textfile",
    "MAX_TEXT_BYTES": "textfile",
    "cache_root": "cachedir",
    "stderr_progress": "progress",
    "LineProgress": "progress",
    "to_pygambit": "interop",
    "from_pygambit": "interop",
    "profile_from_pygambit": "interop",
    "to_nashpy": "interop",
    "from_nashpy": "interop",
    "equilibria_from_nashpy": "interop",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
