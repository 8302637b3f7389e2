"""Exceptions raised by gamekit.

Two families, told apart by the command-line tools:

* :class:`GameError` (a ``ValueError``) — bad input: invalid game data or arguments. The
  CLIs print ``error: <message>`` and exit with status 2.
* :class:`CertificationError` (a ``RuntimeError``, *not* a ``GameError``/``ValueError``) —
  an internal exact check failed: a solver produced a profile that the exact
  best-response test rejects, an LP certificate does not verify, or an invariant of an
  algorithm is violated. That is a bug in gamekit, never the user's fault; the CLIs
  print ``internal error: <message> please report`` and exit with status 3.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameError", "NfgFormatError", "TooLargeError", "SearchBudgetExceeded", "CertificationError",
           "LPIterationLimit", "first_line", "internal_error_line"]


class GameError(ValueError):
    """Invalid game data or arguments (shape, non-numeric or non-finite payoff, range)."""


class NfgFormatError(GameError):
    """A malformed Gambit ``.nfg`` file; the message reads ``<file>:<line>: <what is wrong>``."""


class TooLargeError(GameError):
    """A requested explicit object (e.g. a materialized 2^n game) exceeds the size limit."""


class LPIterationLimit(RuntimeError):
    """The exact simplex (:func:`gamekit.lp.simplex.solve_lp`) did not finish within
    ``max_iter`` pivots. Defined here, with the other exceptions, so that the command line
    can name it without importing the simplex; :mod:`gamekit.lp.simplex` exports it too."""


class SearchBudgetExceeded(GameError):
    """A complete search hit its budget (e.g. ``max_vertices``/``max_seconds`` of method
    ``"all"``). ``partial`` holds what was found so far (for bimatrix games: certified
    :class:`~gamekit.core.equilibrium.Equilibrium` objects); it is not known to be complete."""

    def __init__(self, message: str, partial: list[Any] | None = None) -> None:
        super().__init__(message)
        self.partial = list(partial or [])


class CertificationError(RuntimeError):
    """An internal exact check failed (a failed equilibrium certificate, an LP certificate
    that does not verify, a violated invariant): a bug in gamekit, not bad input."""


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (its type name when the message is empty)."""
    text = str(exc)
    return text.splitlines()[0] if text.strip() else type(exc).__name__


def internal_error_line(exc: BaseException) -> str:
    """The one stderr line the CLIs print for an internal failure (exit status 3)."""
    msg = first_line(exc)
    if not isinstance(exc, CertificationError):
        msg = f"{type(exc).__name__}: {msg}"
    return f"internal error: {msg}; please report\n"
