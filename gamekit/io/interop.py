"""Conversions between gamekit and the two Python game-theory libraries we test against.

* **pygambit** (Gambit's Python API) stores payoffs as exact rationals; conversions both
  ways are exact and keep the title, player names and strategy labels.
* **nashpy** works with numpy arrays and floating point. :func:`to_nashpy` gives float
  arrays (or object arrays of Fractions with ``exact=True``, which nashpy accepts for
  storage but most of its solvers do not); :func:`from_nashpy` converts floats exactly
  (``0.1`` ↦ 3602879701896397/36028797018963968) or, with ``decimal=True``, by their
  shortest decimal representation (``0.1`` ↦ 1/10).

Both libraries are optional: they are imported only when a function needs them, and a
missing one raises :class:`gamekit.core.errors.GameError` naming the package to install.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from gamekit.core.equilibrium import CandidateEquilibrium
from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import to_fraction

__all__ = [
    "to_pygambit",
    "from_pygambit",
    "profile_from_pygambit",
    "to_nashpy",
    "from_nashpy",
    "equilibria_from_nashpy",
]


def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        raise GameError(f"this needs the optional package {name!r} (pip install {name})") from None


# ---------------------------------------------------------------------------------------
# pygambit
# ---------------------------------------------------------------------------------------


def to_pygambit(game: Any, players: Sequence[str] | None = None) -> Any:
    """A ``pygambit.Game`` (strategic form) with the same exact payoffs and labels.

    ``game`` is a :class:`BimatrixGame` or the :class:`~gamekit.io.nfg.NfgDocument` of
    :func:`~gamekit.io.nfg.read_nfg_document`; from a document the player names (and the
    title) of the ``.nfg`` file are kept. ``players`` overrides the names; the default is
    the document's, or ``("Player 1", "Player 2")``.

    Parameters
    ----------
    game : BimatrixGame or NfgDocument
        The game.
    players : sequence of str, optional
        The two player names.

    Returns
    -------
    pygambit.Game
        The game with rational payoffs.

    Raises
    ------
    GameError
        When ``game`` is neither, or pygambit is not installed.

    Examples
    --------
    >>> import gamekit
    >>> g = to_pygambit(gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]), ["Ann", "Bob"])
    >>> [p.label for p in g.players]
    ['Ann', 'Bob']
    """
    gbt = _import("pygambit")
    if players is None:
        players = getattr(game, "players", ("Player 1", "Player 2"))
    if not isinstance(game, BimatrixGame) and isinstance(getattr(game, "game", None), BimatrixGame):
        game = game.game  # an NfgDocument: its title is the game's title as well
    if not isinstance(game, BimatrixGame):
        raise GameError("to_pygambit expects a BimatrixGame")
    import numpy as np

    A = np.array([[Fraction(v) for v in r] for r in game.A], dtype=object)
    B = np.array([[Fraction(v) for v in r] for r in game.B], dtype=object)
    g = gbt.Game.from_arrays(A, B, title=game.title)
    for player, name, labels in zip(g.players, players, (game.row_labels, game.col_labels)):
        player.label = str(name)
        for strategy, label in zip(player.strategies, labels):
            strategy.label = str(label)
    return g


def _number(x: object) -> Fraction:
    if isinstance(x, Fraction):
        return Fraction(x.numerator, x.denominator)
    # pygambit.Decimal and friends: their string form is exact
    try:
        return Fraction(str(x))
    except (ValueError, ZeroDivisionError):
        return to_fraction(x, "pygambit payoff")


def from_pygambit(g: Any) -> BimatrixGame:
    """A :class:`BimatrixGame` from a two-player ``pygambit.Game`` (exact payoffs, labels).

    Parameters
    ----------
    g : pygambit.Game
        A two-player strategic-form game (a null outcome pays 0).

    Returns
    -------
    BimatrixGame
        The game, with the strategies' labels and the title.

    Raises
    ------
    GameError
        When the game does not have two players or its payoffs cannot be read.

    Examples
    --------
    >>> import gamekit
    >>> G = gamekit.BimatrixGame([[3, 0], [0, "1/2"]], [[2, 0], [0, 3]])
    >>> from_pygambit(to_pygambit(G)).A == G.A
    True
    """
    players = list(g.players)
    if len(players) != 2:
        raise GameError(f"gamekit handles two-player games only; this pygambit game has {len(players)} players")
    p1, p2 = players
    rows_s, cols_s = list(p1.strategies), list(p2.strategies)
    A: list[list[Fraction]] = []
    B: list[list[Fraction]] = []
    try:
        for s in rows_s:
            ra, rb = [], []
            for t in cols_s:
                o = g[s, t]  # an outcome, or None for Gambit's null outcome (payoff 0)
                ra.append(Fraction(0) if o is None else _number(o[p1]))
                rb.append(Fraction(0) if o is None else _number(o[p2]))
            A.append(ra)
            B.append(rb)
    except (TypeError, IndexError, KeyError, ValueError) as e:
        raise GameError(f"cannot convert the pygambit game to a payoff table: {e}") from None
    rows = [s.label for s in rows_s]
    cols = [s.label for s in cols_s]
    return BimatrixGame(A, B, rows, cols, title=g.title or "")


def profile_from_pygambit(game: BimatrixGame, profile: Any) -> CandidateEquilibrium:
    """An uncertified :class:`CandidateEquilibrium` of ``game`` from a pygambit profile.

    The probabilities of a rational profile are taken exactly; those of a float profile
    through their shortest decimal representation. No equilibrium check is made here:
    call ``.certify(game)`` for a certified :class:`~gamekit.core.equilibrium.Equilibrium`.

    Parameters
    ----------
    game : BimatrixGame
        The game the profile belongs to.
    profile : pygambit.MixedStrategyProfile
        A profile of the ``pygambit`` version of ``game``.

    Returns
    -------
    CandidateEquilibrium
        The strategies, with ``source="pygambit"``.

    Raises
    ------
    GameError
        When the profile's strategy counts differ from the game's.

    Examples
    --------
    >>> import gamekit, pygambit
    >>> G = gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> found = pygambit.nash.lcp_solve(to_pygambit(G), rational=True).equilibria
    >>> profile_from_pygambit(G, found[0]).certify(G).payoffs
    (Fraction(3, 1), Fraction(2, 1))
    """
    players = list(profile.game.players)
    x = _strategy(game.m, [_number(profile[s]) for s in players[0].strategies], "row")
    y = _strategy(game.n, [_number(profile[s]) for s in players[1].strategies], "column")
    return CandidateEquilibrium(x, y, "pygambit")


def _strategy(size: int, v: list[Fraction], who: str) -> tuple[Fraction, ...]:
    if len(v) != size:
        raise GameError(f"{who} strategy has {len(v)} entries, the game has {size}")
    return tuple(v)


# ---------------------------------------------------------------------------------------
# nashpy
# ---------------------------------------------------------------------------------------


def to_nashpy(game: BimatrixGame, exact: bool = False) -> Any:
    """A ``nashpy.Game`` with the payoffs as float arrays (object arrays of Fractions if
    ``exact``).

    Parameters
    ----------
    game : BimatrixGame
        The game.
    exact : bool
        Keep the payoffs as Fractions (numpy object arrays) instead of floats.

    Returns
    -------
    nashpy.Game
        The game.

    Raises
    ------
    GameError
        When ``game`` is not a :class:`BimatrixGame` or nashpy is not installed.

    Examples
    --------
    >>> import gamekit
    >>> n = to_nashpy(gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> n.payoff_matrices[1].tolist()
    [[2.0, 0.0], [0.0, 3.0]]
    """
    nash = _import("nashpy")
    import numpy as np

    if not isinstance(game, BimatrixGame):
        raise GameError("to_nashpy expects a BimatrixGame")
    if exact:
        A = np.array([list(r) for r in game.A], dtype=object)
        B = np.array([list(r) for r in game.B], dtype=object)
    else:
        A = np.array([[float(v) for v in r] for r in game.A], dtype=float)
        B = np.array([[float(v) for v in r] for r in game.B], dtype=float)
    return nash.Game(A, B)


def _from_float(v: object, decimal: bool) -> Fraction:
    if decimal and isinstance(v, float) and math.isfinite(v):
        return Fraction(repr(v))  # shortest decimal that rounds to v
    return to_fraction(v, "nashpy payoff")


def from_nashpy(g: Any, decimal: bool = False) -> BimatrixGame:
    """A :class:`BimatrixGame` from a two-player ``nashpy.Game``.

    Floats are converted exactly, or (``decimal=True``) through their shortest decimal
    representation, so that ``0.1`` becomes ``1/10``.

    Parameters
    ----------
    g : nashpy.Game
        The game.
    decimal : bool
        Read each float through its shortest decimal representation.

    Returns
    -------
    BimatrixGame
        The game, with exact payoffs.

    Raises
    ------
    GameError
        When ``g`` is not a two-player ``nashpy.Game`` or holds a non-finite payoff.

    Examples
    --------
    >>> import nashpy
    >>> from_nashpy(nashpy.Game([[0.1, 1]], [[0, 1]]), decimal=True).A
    ((Fraction(1, 10), Fraction(1, 1)),)
    """
    mats = getattr(g, "payoff_matrices", None)
    if mats is None or len(mats) != 2:
        raise GameError("from_nashpy expects a nashpy.Game")
    A, B = (m.tolist() for m in mats)
    conv = [[[_from_float(v, decimal) for v in row] for row in M] for M in (A, B)]
    return BimatrixGame(conv[0], conv[1])


def equilibria_from_nashpy(
    game: BimatrixGame, pairs: Iterable[tuple[Any, Any]], decimal: bool = True
) -> list[CandidateEquilibrium]:
    """Candidates from nashpy's (row, col) float arrays, snapped to exact distributions.

    Each float is converted like :func:`from_nashpy` (exactly, or through its shortest decimal
    with ``decimal=True``); then each vector is *snapped* to the nearest exact probability
    distribution without any tolerance: negative round-off (``-1e-17``) becomes 0 and the
    vector is divided by its exact sum, so ``(0.6000000000000001, 0.4)`` becomes a
    distribution a hair away from (3/5, 2/5). nashpy's equilibria are floats: the result is
    *not* certified — each is a :class:`CandidateEquilibrium`; ``.certify(game)`` or
    ``gamekit.is_equilibrium`` runs the exact test, which judges such a near-equilibrium False.

    Parameters
    ----------
    game : BimatrixGame
        The game the pairs belong to.
    pairs : iterable of (array, array)
        nashpy's (row strategy, column strategy) pairs.
    decimal : bool
        Read each float through its shortest decimal representation.

    Returns
    -------
    list of CandidateEquilibrium
        One per pair, with ``source="nashpy"``.

    Raises
    ------
    GameError
        When a vector has the wrong length or no positive entry.

    Examples
    --------
    >>> import gamekit
    >>> G = gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> [e] = equilibria_from_nashpy(G, [([0.6000000000000001, 0.4], [0.4, 0.6000000000000001])])
    >>> sum(e.row), gamekit.is_equilibrium(G, e.row, e.col)
    (Fraction(1, 1), False)
    """
    out = []
    for x, y in pairs:
        xs = _strategy(game.m, _snapped([_from_float(float(v), decimal) for v in x], "row"), "row")
        ys = _strategy(game.n, _snapped([_from_float(float(v), decimal) for v in y], "column"), "column")
        out.append(CandidateEquilibrium(xs, ys, "nashpy"))
    return out


def _snapped(v: list[Fraction], who: str) -> list[Fraction]:
    """The exact distribution nearest a float one: negatives to 0, divided by the exact sum."""
    w = [max(x, Fraction(0)) for x in v]
    total = sum(w, Fraction(0))
    if total <= 0:
        raise GameError(f"the {who} strategy from nashpy has no positive entry")
    return [x / total for x in w]
