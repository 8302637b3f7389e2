"""Clean exits for command-line ``main()`` functions when the environment fails.

:func:`guard_main` wraps a ``main(argv) -> int`` so that failures *around* the
computation end in one line on stderr and a defined exit status, never a traceback:

* standard output closed by the reader (``| head -c 10``: ``BrokenPipeError``/``EPIPE``):
  silent exit with status 0, as Unix filters do — the reader asked for no more;
* standard output failing otherwise (``> /dev/full``: ``ENOSPC``, ``EIO``, ``EFBIG``):
  ``error: cannot write the output: No space left on device``, status 2;
* ``MemoryError``: ``error: out of memory …``, status 2;
* ``RecursionError`` (input nested too deeply): ``error: input nested too deeply …``, status 2;
* ``KeyboardInterrupt`` not handled by ``main`` itself: ``error: interrupted``, status 130.

Standard output is flushed *inside* the wrapper, so buffered output that cannot be written
is reported here rather than by the interpreter at exit ("Exception ignored …"); after a
failure the descriptor is pointed at ``/dev/null`` so the final flush is silent.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import os
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

__all__ = ["guard_main", "run_subcommand", "silence_stdout", "check_int_argument", "CliParser",
           "Terminated", "interrupt_exit", "launch", "exit_process", "printable"]


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C's KeyboardInterrupt (exit status 143)."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


def interrupt_exit(exc: KeyboardInterrupt) -> int:
    """Print the one line for an interrupt and return its conventional status: 130 after
    SIGINT (Ctrl-C), 143 after SIGTERM (128 + the signal number).

    Parameters
    ----------
    exc : KeyboardInterrupt
        The interrupt (a :class:`Terminated` for SIGTERM).

    Returns
    -------
    int
        130 or 143; ``error: interrupted`` / ``error: terminated`` went to stderr.

    Examples
    --------
    >>> interrupt_exit(KeyboardInterrupt()), interrupt_exit(Terminated())
    (130, 143)
    """
    term = isinstance(exc, Terminated)
    _say("error: terminated" if term else "error: interrupted")
    return 143 if term else 130


def launch(target: str) -> NoReturn:
    """Console-script entry: import ``"module:function"`` and run it, with SIGTERM and
    Ctrl-C turned into one line and exit 143 / 130 from the first instant (the imports
    included), and a closed standard stream refused in one line.

    Parameters
    ----------
    target : str
        ``"package.module:function"``; the function takes no arguments and returns an exit
        status.

    Raises
    ------
    SystemExit
        Always, with the exit status.
    """
    import importlib
    import signal

    from gamekit.io.early import IGNORED, exit_on_signals

    exit_on_signals()  # while importing: one line and exit at once (an import is not interrupted cleanly)
    try:
        if not _standard_streams_ok():
            raise SystemExit(2)
        module, _, name = target.partition(":")
        function = getattr(importlib.import_module(module), name)
        with contextlib.suppress(ValueError):  # not the main thread; inherited SIG_IGN stays
            if signal.SIGTERM not in IGNORED:
                signal.signal(signal.SIGTERM, _raise_terminated)  # from now on: exceptions, so work can clean up
            if signal.SIGINT not in IGNORED:
                signal.signal(signal.SIGINT, signal.default_int_handler)
        code = function()
    except KeyboardInterrupt as exc:
        code = interrupt_exit(exc)
    exit_process(code)


def exit_process(code: int | None) -> NoReturn:
    """End the process with exit status ``code``, skipping the garbage collector's passes
    at interpreter shutdown.

    Python's finalization runs the cyclic collector over every object still alive; with
    numba loaded (≈ 2·10⁵ tracked objects) that costs ≈ 0.2 CPU-s per process, a third of
    a fresh ``gamekit solve`` of a small game (``benchmarks/results/startup.md``).
    :func:`gc.freeze` moves them to the permanent generation first, so finalization does
    not traverse them; ``atexit`` handlers, buffer flushes and exit statuses are unchanged.
    Call it only where the process ends (the console scripts, ``python -m``), never from
    library code.

    Parameters
    ----------
    code : int or None
        The exit status (None: 0).

    Raises
    ------
    SystemExit
        Always, with ``code``.

    Examples
    --------
    >>> import gc
    >>> try:
    ...     exit_process(3)
    ... except SystemExit as stop:
    ...     gc.unfreeze()  # a doctest process goes on
    ...     print(stop.code)
    3
    """
    import gc

    gc.freeze()
    raise SystemExit(code)


def _standard_streams_ok() -> bool:
    """A closed stdin (``<&-``) reads as empty input; a closed stdout is one error line."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull)  # noqa: SIM115 - lives as long as the process
    if sys.stdout is None:
        _say("error: standard output is closed (nowhere to write the answer)")
        return False
    return True


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` with terminal control characters (escape sequences, NUL, bell, line breaks,
    bidirectional overrides) shown as ``\xNN`` or ``\uNNNN``, so that a file name or label
    echoed in an error line cannot drive the terminal or break the line in two.

    Parameters
    ----------
    text : str
        Text to show on a terminal.

    Returns
    -------
    str
        The text, each such character replaced by its escape.

    Examples
    --------
    >>> printable("a\x1b[31mred")
    'a\\x1b[31mred'
    >>> printable("1\n2")
    '1\\x0a2'
    """
    return _CONTROL.sub(_escape, text)


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def silence_stdout() -> None:
    """Point file descriptor 1 at ``/dev/null`` (the interpreter's last flush then succeeds)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _say(line: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(printable(line) + "\n")
        sys.stderr.flush()


def _flush() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _handled(exc: BaseException) -> int:
    """The exit status for ``exc`` after printing its one line (or nothing for EPIPE)."""
    if isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE):
        silence_stdout()
        return 0
    if isinstance(exc, MemoryError):
        silence_stdout()
        _say("error: out of memory (the input or the requested computation is too large)")
        return 2
    if isinstance(exc, RecursionError):
        _say("error: input nested too deeply (recursion limit reached)")
        return 2
    assert isinstance(exc, OSError)
    silence_stdout()
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF):
        _say(f"error: cannot write the output: {reason}")
    else:
        where = f" ({exc.filename})" if exc.filename else ""
        _say(f"error: {reason}{where}")
    return 2


def guard_main(main: Callable[..., int]) -> Callable[..., int]:
    """Decorate a CLI ``main``: see the module doc. The exit status of ``main`` is kept.

    Parameters
    ----------
    main : callable
        The CLI's entry function, returning an exit status.

    Returns
    -------
    callable
        ``main`` wrapped: a closed standard stream, a broken pipe, ``MemoryError``,
        ``RecursionError`` and an interrupt become one stderr line and their exit status.

    Examples
    --------
    >>> @guard_main
    ... def main() -> int:
    ...     raise KeyboardInterrupt
    >>> main()
    130
    """

    @functools.wraps(main)
    def wrapper(*args: Any, **kwargs: Any) -> int:
        if not _standard_streams_ok():
            return 2
        try:
            code = main(*args, **kwargs)
            _flush()
            return code
        except SystemExit as stop:
            try:
                _flush()
            except OSError as exc:
                code = _handled(exc)
                raise SystemExit(stop.code if code == 0 else code) from None
            except ValueError:
                silence_stdout()
            raise
        except (OSError, MemoryError, RecursionError) as exc:
            return _handled(exc)
        except KeyboardInterrupt as exc:  # Ctrl-C / SIGTERM outside main's own handler
            return interrupt_exit(exc)

    return wrapper


_ASCII_INT = re.compile(r"\s*[+-]?[0-9]+\s*", re.ASCII)


def check_int_argument(action: argparse.Action, arg_string: str) -> None:
    """For an argparse option of ``type=int``: refuse what :func:`int` would accept beyond
    plain ASCII decimal digits (``١٢``, ``１２``, ``1_000``), as an ``argparse.ArgumentError``.

    Call it from an ``ArgumentParser._get_value`` override (both CLIs do).

    Parameters
    ----------
    action : argparse.Action
        The option being parsed (only ``type=int`` options are checked).
    arg_string : str
        The text given on the command line.

    Raises
    ------
    argparse.ArgumentError
        When the text is not plain ASCII decimal digits (with an optional sign).

    Examples
    --------
    >>> import argparse
    >>> action = argparse.ArgumentParser().add_argument("--n", type=int)
    >>> check_int_argument(action, " 12 ")
    >>> check_int_argument(action, "1_000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentError: argument --n: invalid int value: '1_000' (use ASCII digits 0-9)
    """
    import argparse

    if action.type is int and isinstance(arg_string, str) and not _ASCII_INT.fullmatch(arg_string):
        raise argparse.ArgumentError(action, f"invalid int value: {arg_string!r} (use ASCII digits 0-9)")


def run_subcommand(run: Callable[[object], int | None], args: object,
                   bad_input: tuple[type[Exception], ...] = ()) -> int:
    """Run a CLI subcommand with the exit-code convention of both CLIs.

    0 success; 2 bad input — :class:`~gamekit.core.errors.GameError`, ``ValueError``,
    ``ZeroDivisionError`` and ``bad_input`` — or an interrupt, as one ``error:`` line; 3 an
    internal failure — :class:`~gamekit.core.errors.CertificationError` or an unexpected
    ``RuntimeError``/``AssertionError``/``ArithmeticError``/``LookupError``/``TypeError`` — as
    ``internal error: …; please report``. A closed pipe ends quietly with 0. Broken stdout,
    ``MemoryError`` and ``RecursionError`` are left to :func:`guard_main`.

    Parameters
    ----------
    run : callable
        The subcommand, called as ``run(args)``; it returns an exit status or None (0).
    args : object
        The parsed arguments.
    bad_input : tuple of exception classes
        Further exceptions that mean bad input.

    Returns
    -------
    int
        The exit status; the error line, if any, went to stderr.

    Examples
    --------
    >>> from gamekit.core.errors import CertificationError, GameError
    >>> def fails(exc):
    ...     raise exc
    >>> run_subcommand(lambda args: None, None), run_subcommand(fails, GameError("bad matrix"))
    (0, 2)
    >>> run_subcommand(fails, CertificationError("a check failed"))
    3
    """
    from gamekit.core.errors import CertificationError, GameError, internal_error_line

    user_errors: tuple[type[Exception], ...] = (GameError, ValueError, ZeroDivisionError, *bad_input)
    try:
        return int(run(args) or 0)
    except CertificationError as exc:  # a failed exact check: a bug, not bad input
        sys.stderr.write(printable(internal_error_line(exc).rstrip("\n")) + "\n")
        return 3
    except user_errors as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        sys.stderr.write(f"error: {printable(msg)}\n")
        return 2
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except KeyboardInterrupt as exc:
        return interrupt_exit(exc)
    except RecursionError:
        raise
    except (RuntimeError, AssertionError, ArithmeticError, LookupError, TypeError) as exc:
        sys.stderr.write(printable(internal_error_line(exc).rstrip("\n")) + "\n")
        return 3


class CliParser(argparse.ArgumentParser):
    """The argument parser of both CLIs: every parse error is one ``error:`` line and exit 2.

    On top of :class:`argparse.ArgumentParser` it refuses non-ASCII digits in ``type=int``
    options (:func:`check_int_argument`), an option given ``--`` as its value
    (``--workers=--``, which argparse would turn into an empty list), and suggests the
    closest option for a misspelled one ("did you mean '--decks'?").

    Examples
    --------
    >>> p = CliParser(prog="demo")
    >>> _ = p.add_argument("--decks", type=int, default=6)
    >>> p.parse_args(["--decks", "8"]).decks
    8
    """

    def error(self, message: str) -> NoReturn:  # one line, exit 2, nothing on stdout
        sys.stderr.write(f"error: {printable(_with_hint(self, message))}\n")
        raise SystemExit(2)

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        check_int_argument(action, arg_string)
        return super()._get_value(action, arg_string)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        if action.nargs is None and arg_strings == ["--"]:
            raise argparse.ArgumentError(action, "expected one argument, got '--'")
        return super()._get_values(action, arg_strings)


def _with_hint(parser: argparse.ArgumentParser, message: str) -> str:
    """``message`` with "did you mean …?" for the first unrecognized option, if one is close."""
    import difflib

    prefix = "unrecognized arguments: "
    if not message.startswith(prefix):
        return message
    word = message[len(prefix):].split()[0].split("=")[0]
    if not word.startswith("-"):
        return message
    options = sorted(_long_options(parser))
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f"{message}; did you mean '{close[0]}'?" if close else message


def _long_options(parser: argparse.ArgumentParser) -> set[str]:
    """Every ``--option`` of ``parser`` and of its subcommands' parsers."""
    out = {o for o in parser._option_string_actions if o.startswith("--")}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out |= _long_options(sub)
    return out
