"""The certifier: the one place where a computed profile becomes a *certified* equilibrium.

Every solver path ends in an exact test, never with floats: every pure strategy (or move)
played with positive probability is a best response, checked in rational arithmetic (Q or
Q(√c)). This module holds what is common to every game kind and the bimatrix tests:

* the seal (:func:`seal`, :func:`is_certified`): the mark a certifier puts on an
  equilibrium object that has just passed its test;
* bimatrix (A, B): max_i (Ay)_i = xᵀAy and max_j (xᵀB)_j = xᵀBy (Nash 1951; the regret
  form of :func:`gamekit.core.equilibrium.regret`) — :func:`certify_profile`;
* zero-sum: the primal and dual certificates (:func:`certify_matrix_game`; an LP's
  certificate is checked by :func:`gamekit.lp.simplex.verify_lp`).

Each game kind above ``core`` owns its own certifier (``gamekit.additive.certify``,
``gamekit.doubly_additive.certify``, ``gamekit.parametric.certify``) and registers its exact
Nash test with :mod:`gamekit.core.registry`; :func:`gamekit.is_equilibrium` dispatches to it.

A failed check means a solver bug: :class:`~gamekit.core.errors.CertificationError` is
raised (never :class:`~gamekit.core.errors.GameError`, which means bad input). Profiles
coming from floating-point peers (nashpy, pygambit) are
:class:`~gamekit.core.equilibrium.CandidateEquilibrium` until passed through
:func:`certify_profile`.

This module imports only :mod:`gamekit.core`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.equilibrium import is_equilibrium as _is_bimatrix_equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame

__all__ = ["seal", "is_certified", "certify_profile", "certify_matrix_game"]

_ZERO = Fraction(0)
_SEAL = "_gamekit_certified_by"


_T = TypeVar("_T")


def seal(obj: _T, how: str) -> _T:
    """Mark ``obj`` (an equilibrium that has just passed the exact test ``how``) as certified.

    For certifiers only (this module, the kinds' ``certify`` modules and the integer bimatrix
    test of :func:`gamekit.bimatrix.intgame.certify_and_build`). The mark is an instance
    attribute outside the dataclass fields: it does not change equality, and any modified
    copy (``dataclasses.replace``) is unmarked.

    Parameters
    ----------
    obj : object
        The equilibrium object (frozen dataclasses included).
    how : str
        A description of the exact test it passed.

    Returns
    -------
    object
        ``obj``, marked.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gamekit.core.certify import is_certified, seal
    >>> from gamekit.core.equilibrium import Equilibrium
    >>> e = Equilibrium((Fraction(1),), (Fraction(1),), (Fraction(0), Fraction(0)))
    >>> is_certified(e) is None, is_certified(seal(e, "by hand"))
    (True, 'by hand')
    """
    object.__setattr__(obj, _SEAL, how)
    return obj


_seal = seal  # the name bimatrix.intgame / bimatrix.vertex_pairs import (kept for the merge)


def is_certified(obj: Any) -> str | None:
    """The exact test that certified this equilibrium object, or None if it was not
    produced by a certifier (e.g. built by hand or converted from a float solver).

    Parameters
    ----------
    obj : object
        An equilibrium object.

    Returns
    -------
    str or None
        The description given to :func:`seal`, or None.

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> e = solve(BimatrixGame([[1]], [[1]]))[0]
    >>> is_certified(e)
    'exact best response (bimatrix, integer)'
    >>> is_certified(Equilibrium((Fraction(1),), (Fraction(1),), (Fraction(1), Fraction(1)))) is None
    True
    """
    return getattr(obj, _SEAL, None)


# -- bimatrix ----------------------------------------------------------------------------
def certify_profile(game: BimatrixGame, row: Sequence[Any], col: Sequence[Any], what: str = "profile") -> Equilibrium:
    """The :class:`Equilibrium` (x, y, exact payoffs) after the exact bimatrix Nash test.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    row, col : sequence of numbers
        The candidate mixed strategies of players I and II.
    what : str
        What the profile is (who produced it), for the error message.

    Returns
    -------
    Equilibrium
        The certified equilibrium (marked by :func:`seal`).

    Raises
    ------
    CertificationError
        When (x, y) is not a pair of probability vectors of the right lengths or some strategy
        in a support is not a best response.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> e = certify_profile(g, [Fraction(1), Fraction(0)], [Fraction(1), Fraction(0)])
    >>> e.payoffs, is_certified(e)
    ((Fraction(3, 1), Fraction(2, 1)), 'exact best response (bimatrix)')
    >>> certify_profile(g, [1, 0], [0, 1], "my solver")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: my solver: not a Nash equilibrium (exact best-response test failed)
    """
    try:
        ok = _is_bimatrix_equilibrium(game, row, col)
    except GameError as exc:  # malformed strategies produced by a solver or a peer
        raise CertificationError(f"{what}: {exc}") from None
    if not ok:
        raise CertificationError(f"{what}: not a Nash equilibrium (exact best-response test failed)")
    x = tuple(Fraction(v) for v in row)
    y = tuple(Fraction(v) for v in col)
    return seal(Equilibrium(x, y, game.payoffs(x, y)), "exact best response (bimatrix)")


# -- zero-sum ---------------------------------------------------------------------
def certify_matrix_game(A: Sequence[Sequence[Fraction]], value: Fraction, x: Sequence[Fraction], y: Sequence[Fraction]) -> None:
    """min_j (xᵀA)_j = v = max_i (Ay)_i with x, y probability vectors (von Neumann).

    Parameters
    ----------
    A : sequence of sequences of Fraction
        The m×n payoff matrix of the row player (maximizer).
    value : Fraction
        The claimed value of the game.
    x, y : sequence of Fraction
        The claimed optimal strategies of the row and column players.

    Raises
    ------
    CertificationError
        When x or y is not a probability vector, or x does not guarantee ``value`` to the
        row player, or y does not hold him to it.

    Examples
    --------
    >>> A = [[Fraction(1), Fraction(-1)], [Fraction(-1), Fraction(1)]]
    >>> half = [Fraction(1, 2), Fraction(1, 2)]
    >>> certify_matrix_game(A, Fraction(0), half, half)  # matching pennies: passes
    >>> certify_matrix_game(A, Fraction(0), [Fraction(1), Fraction(0)], half)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: ...
    """
    m, n = len(A), len(A[0])
    if len(x) != m or len(y) != n or any(p < 0 for p in (*x, *y)) or sum(x) != 1 or sum(y) != 1:
        raise CertificationError("matrix game: the optimal strategies are not probability vectors")
    col_pay = [sum((x[i] * A[i][j] for i in range(m) if x[i]), _ZERO) for j in range(n)]
    row_pay = [sum((A[i][j] * y[j] for j in range(n) if y[j]), _ZERO) for i in range(m)]
    if min(col_pay) != value or max(row_pay) != value:
        raise CertificationError("matrix game: the value certificate failed")
