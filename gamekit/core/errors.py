"""Exceptions raised by gamekit for bad input.

Every message is a single line naming the problem; the command-line tools print it
as ``error: <message>`` and exit with status 2.
"""


class GameError(ValueError):
    """Invalid game data or arguments (shape, non-numeric or non-finite payoff, range)."""


class NfgFormatError(GameError):
    """A malformed Gambit ``.nfg`` file; the message reads ``<file>:<line>: <what is wrong>``."""


class TooLargeError(GameError):
    """A requested explicit object (e.g. a materialized 2^n game) exceeds the size limit."""
