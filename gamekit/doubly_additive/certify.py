"""The exact certifier of doubly additive games.

(x, y) is an equilibrium iff x_h = 1 where f_h(y) > 0 and 0 where f_h(y) < 0, and likewise
y and g (:meth:`~gamekit.doubly_additive.game.DoublyAdditiveGame.is_equilibrium`). A failed
check raises :class:`~gamekit.core.errors.CertificationError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gamekit.core.certify import seal
from gamekit.core.errors import CertificationError, GameError
from gamekit.doubly_additive.game import DoublyAdditiveGame

__all__ = ["certify_doubly_additive", "is_equilibrium"]


def certify_doubly_additive(game: DoublyAdditiveGame, equilibria: Iterable[Any]) -> tuple:
    """Check every behaviour equilibrium (x, y, payoffs) of a doubly additive game exactly.

    Parameters
    ----------
    game : DoublyAdditiveGame
        The game.
    equilibria : iterable of BehaviourEquilibrium
        The claimed equilibria.

    Returns
    -------
    tuple of BehaviourEquilibrium
        The equilibria, each marked certified.

    Raises
    ------
    CertificationError
        When one is not a Nash equilibrium or its payoffs are wrong.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gamekit.doubly_additive.result import BehaviourEquilibrium
    >>> from gamekit import DoublyAdditiveGame
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> half = (Fraction(1, 2),)
    >>> e = BehaviourEquilibrium(half, half, (Fraction(1, 2), Fraction(-1, 2)))
    >>> certify_doubly_additive(g, [e]) == (e,)
    True
    >>> certify_doubly_additive(g, [BehaviourEquilibrium((Fraction(0),), half, (Fraction(1, 2), Fraction(-1, 2)))])
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: ...
    """
    out = tuple(equilibria)
    for e in out:
        try:
            ok = game.is_equilibrium(e.x, e.y)
        except GameError as exc:
            raise CertificationError(f"doubly additive solver: malformed equilibrium: {exc}") from None
        if not ok:
            raise CertificationError(f"doubly additive solver: a reported profile is not an equilibrium: {e}")
        if tuple(e.payoffs) != (game.I.value(e.x, e.y), game.II.value(e.x, e.y)):
            raise CertificationError("doubly additive solver: reported payoffs are not exact")
        seal(e, "exact best response (doubly additive)")
    return out


def is_equilibrium(game: DoublyAdditiveGame, row: Sequence, col: Sequence) -> bool:
    """Exact Nash test of a doubly additive game (the test :func:`gamekit.is_equilibrium` runs).

    Parameters
    ----------
    game : DoublyAdditiveGame
        The game.
    row, col : sequence
        The two behaviour strategies (probability of move 1 at each information set).

    Returns
    -------
    bool
        True when (row, col) is a Nash equilibrium, exactly.

    Raises
    ------
    GameError
        Malformed strategies.

    Examples
    --------
    >>> from gamekit.doubly_additive.certify import is_equilibrium
    >>> from gamekit.doubly_additive.game import DoublyAdditiveGame
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> is_equilibrium(g, [0], [0])
    False
    """
    return game.is_equilibrium(row, col)
