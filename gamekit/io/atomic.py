"""Atomic file writes: a file is either absent, its previous version, or complete.

Every file gamekit (and the baccara plugin) writes goes through :func:`atomic_write` or
:func:`atomic_open`: the data go to a temporary file in the *same directory* (so the final
:func:`os.replace` is a rename within one file system, atomic on POSIX), the temporary
file is flushed and ``fsync``-ed, then renamed over the target. On any failure — a full
disk, a file-size limit (``SIGXFSZ`` ignored → ``EFBIG``), an encoding error, an
exception or ``KeyboardInterrupt`` raised by the code producing the data — the
temporary file is removed and the target is left untouched.

A target that exists and is not a regular file (``/dev/null``, ``/dev/full``, a FIFO, a
terminal) cannot be renamed over; it is written directly, so ``-o /dev/full`` fails
cleanly with "No space left on device". Errors are raised as
:class:`gamekit.core.errors.GameError` with the message ``cannot write PATH: REASON``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from gamekit.core.errors import GameError

__all__ = ["atomic_write", "atomic_open", "save_figure", "write_error", "check_output_path"]


def write_error(path: str | os.PathLike[str], exc: BaseException) -> GameError:
    """The one-line :class:`GameError` for a failed write of ``path``.

    Parameters
    ----------
    path : str or os.PathLike
        The file that could not be written.
    exc : BaseException
        The error (its ``strerror`` is used when it has one).

    Returns
    -------
    GameError
        ``cannot write PATH: REASON`` (to be raised by the caller).

    Examples
    --------
    >>> write_error("out.json", PermissionError(13, "Permission denied"))
    GameError('cannot write out.json: Permission denied')
    """
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return GameError(f"cannot write {os.fspath(path)}: {reason}")


_HELD: list[int] = []  # write ends of FIFOs probed by check_output_path, open until the process exits


def check_output_path(path: str | os.PathLike[str] | None) -> None:
    """Refuse, before any work, an output file that cannot be written: its directory is
    missing or not a directory, it is itself a directory, or it is a FIFO nobody reads.

    Commands call it on their output options first, so that a long computation does not end
    in a refusal (issue #28). A FIFO that has a reader stays open for writing until the
    process exits (closing the probe would hand the reader an end of file).

    Parameters
    ----------
    path : str, os.PathLike or None
        The output file; None and ``"-"`` (standard output) are accepted as they are.

    Raises
    ------
    GameError
        The file cannot be written, with the reason.

    Examples
    --------
    >>> check_output_path("out.png")
    >>> check_output_path("/dev/null/out.png")
    Traceback (most recent call last):
    gamekit.core.errors.GameError: cannot write /dev/null/out.png: Not a directory
    """
    if path is None:
        return
    name = os.fspath(path)
    if name == "-":
        return
    parent = os.path.dirname(os.path.abspath(name))
    if os.path.isdir(name):
        raise GameError(f"cannot write {name}: it is a directory")
    if not os.path.isdir(parent):
        reason = "No such file or directory" if not os.path.exists(parent) else "Not a directory"
        raise GameError(f"cannot write {name}: {reason}")
    try:
        st = os.stat(name)
    except FileNotFoundError:
        return
    except OSError as exc:  # e.g. a name too long
        raise write_error(name, exc) from None
    if stat.S_ISFIFO(st.st_mode):
        try:
            _HELD.append(os.open(name, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)))
        except OSError as exc:
            if exc.errno == errno.ENXIO:
                raise GameError(f"cannot write {name}: a FIFO that no process is reading") from None
            raise write_error(name, exc) from None


def _open_special(name: str, mode: str, kw: dict[str, Any]) -> IO[Any]:
    """Open a device or FIFO for writing; a FIFO nobody reads is refused (ENXIO), not waited on."""
    try:
        fd = os.open(name, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "a FIFO that no process is reading") from None
        raise
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, mode, **kw)
    except BaseException:
        os.close(fd)
        raise


def _special(path: str) -> bool:
    """True when ``path`` exists and is not a regular file (device, FIFO, socket)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return not stat.S_ISREG(st.st_mode)


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8",
                newline: str | None = None, fsync: bool = True, direct_special: bool = True) -> Iterator[IO[Any]]:
    """``with atomic_open(path, "w") as fh: ...`` — ``fh`` is a temporary file renamed to
    ``path`` when the block ends without an exception (removed otherwise).

    ``mode`` is ``"w"`` (text, ``encoding``/``newline`` apply) or ``"wb"``. ``OSError`` and
    ``UnicodeError`` raised while writing become :class:`GameError`; other exceptions
    (including ``KeyboardInterrupt``) propagate after the clean-up. With
    ``direct_special=False`` a special file in the target's place is replaced, not written
    (for caches: writing into a FIFO nobody reads would block).

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.
    mode : {"w", "wb"}
        Text or binary.
    encoding, newline : str, optional
        As for :func:`open` (text mode only).
    fsync : bool
        Flush the data to disk before the rename.
    direct_special : bool
        Write into a special file (``/dev/stdout``, a FIFO) in place instead of replacing it.

    Yields
    ------
    file object
        The temporary file, open for writing.

    Raises
    ------
    GameError
        When the file cannot be created or written.
    ValueError
        When ``mode`` is neither ``"w"`` nor ``"wb"``.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> with atomic_open(path) as fh:
    ...     _ = fh.write("all or nothing")
    >>> open(path).read()
    'all or nothing'
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open: mode must be 'w' or 'wb', not {mode!r}")
    name = os.fspath(path)
    kw: dict[str, Any] = {} if mode == "wb" else {"encoding": encoding, "newline": newline}
    if direct_special and _special(name):
        try:
            with _open_special(name, mode, kw) as fh:
                yield fh
        except (OSError, UnicodeError) as exc:
            raise write_error(name, exc) from None
        return
    directory = os.path.dirname(os.path.abspath(name))
    base = os.path.basename(name)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{base[:60]}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise write_error(name, exc) from None
    try:
        with os.fdopen(fd, mode, **kw) as fh:
            yield fh
            fh.flush()
            if fsync:
                os.fsync(fh.fileno())
        with contextlib.suppress(OSError):  # keep the usual 0o666 & ~umask permissions
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, name)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, (OSError, UnicodeError)):
            raise write_error(name, exc) from None
        raise


def atomic_write(path: str | os.PathLike[str], data: str | bytes, *, encoding: str = "utf-8",
                 fsync: bool = True, direct_special: bool = True) -> None:
    r"""Write ``data`` (text or bytes) to ``path`` atomically (see :func:`atomic_open`).

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.
    data : str or bytes
        The whole content (bytes are written in binary mode).
    encoding : str
        Encoding of text ``data``.
    fsync, direct_special : bool
        As for :func:`atomic_open`.

    Raises
    ------
    GameError
        When the file cannot be created or written.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "out.bin")
    >>> atomic_write(path, b"\x00\x01")
    >>> open(path, "rb").read()
    b'\x00\x01'
    """
    if isinstance(data, bytes):
        with atomic_open(path, "wb", fsync=fsync, direct_special=direct_special) as fh:
            fh.write(data)
    else:
        with atomic_open(path, "w", encoding=encoding, fsync=fsync, direct_special=direct_special) as fh:
            fh.write(data)


def save_figure(fig: Any, path: str | os.PathLike[str], **savefig_kw: Any) -> str:
    r"""Save a matplotlib figure atomically; returns the path actually written.

    The format follows the extension (``.png``, ``.svg``, ``.pdf``, …: whatever the figure's
    canvas supports). A path without an extension gets ``.png`` appended — and the returned
    path says so — unless it names an existing special file (``/dev/stdout``), which is
    written as PNG as it is. The image is rendered in memory first, so a failing
    renderer leaves no partial file.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    path : str or os.PathLike
        The file to write.
    **savefig_kw
        Passed to ``fig.savefig`` (``dpi``, …).

    Returns
    -------
    str
        The path written.

    Raises
    ------
    GameError
        When the format is unknown or the figure cannot be rendered or written.

    Examples
    --------
    >>> import os, tempfile
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> _ = fig.add_subplot().plot([0, 1], [1, 0])
    >>> path = save_figure(fig, os.path.join(tempfile.mkdtemp(), "plot"))
    >>> os.path.basename(path), open(path, "rb").read(4)
    ('plot.png', b'\x89PNG')
    """
    import io

    out = os.fspath(path)
    ext = os.path.splitext(os.path.basename(out))[1].lower().lstrip(".")
    if not ext and not _special(out):
        out += ".png"
    fmt = ext or "png"
    supported = fig.canvas.get_supported_filetypes()
    if fmt not in supported:
        raise GameError(f"cannot write {out}: unknown image format '.{fmt}' "
                        f"(use one of {', '.join('.' + k for k in sorted(supported))})")
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format=fmt, **savefig_kw)
    except (ValueError, OSError, RuntimeError) as exc:
        raise GameError(f"cannot write {out}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    atomic_write(out, buf.getvalue())
    return out
