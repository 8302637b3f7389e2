"""The exact certifier of additive games (compact form of Lemma 1 of Ethier–Lee II).

Every row in the support of x maximizes a_u(σ), and player II's marginal y is 1 where
g_l(x) > 0 and 0 where g_l(x) < 0 (Lemma 2(a)) — O(mn), no 2ⁿ columns
(:func:`~gamekit.additive.behaviour.is_additive_equilibrium`). Every additive solver path
ends in :func:`certify_additive_solution`; a failed check raises
:class:`~gamekit.core.errors.CertificationError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gamekit.additive.behaviour import (
    check_behaviour,
    check_row_strategy,
    is_additive_equilibrium,
    payoffs,
)
from gamekit.additive.game import AdditiveGame
from gamekit.additive.int_forms import SplitBehaviour, int_tables, split_behaviour
from gamekit.core.certify import seal
from gamekit.core.errors import CertificationError, GameError

__all__ = ["certify_additive", "certify_additive_profile", "certify_additive_solution",
           "is_equilibrium"]

_ZERO = Fraction(0)


def _checked_split(game: AdditiveGame, draw: Sequence, split: Any) -> Any:
    """The solver's split form of ``draw`` rebuilt and checked against it (raises GameError).

    Nothing of ``split`` is trusted but its 1-mask and fractional entries: a split is rebuilt
    from them (validated: in range, disjoint, 0 < y_l < 1, see
    :meth:`~gamekit.additive.int_forms.SplitBehaviour.from_parts`), written out again and
    compared with ``draw`` as tuples — an exact test at C speed (the shared 0/1 objects
    compare by identity first). The rebuilt split is returned; only it is used afterwards.
    """
    ys = SplitBehaviour.from_parts(split.is_one, split.fractional)
    if len(ys.is_one) != game.n or ys.render() != tuple(draw):
        raise GameError("the behaviour vector differs from its split form")
    return ys


def _split_for(game: AdditiveGame, eq: Any, what: str) -> Any:
    """``eq``'s attached split form (:meth:`AdditiveEquilibrium.from_split`), rebuilt and
    checked against ``eq.draw``; None when it has none."""
    split = getattr(eq, "_split", None)
    if split is None:
        return None
    try:
        return _checked_split(game, eq.draw, split)
    except GameError as exc:
        raise CertificationError(f"{what}: malformed equilibrium: {exc}") from None


def _additive_check(game: AdditiveGame, row: Sequence, draw: Sequence,
                    ys: Any = None) -> tuple[bool, tuple[Fraction, Fraction]]:
    """One O(mn) pass of the compact Nash test for additive payoffs of both players.

    a_u(y) = a_{u,∅} + Σ_l H_u(l) y_l for every row u, g_l = Σ_u x_u G_u(l); (x, y) is an
    equilibrium iff the rows with x_u > 0 maximize a_u(y) and y_l = 1 (0) where g_l > 0
    (< 0) — Lemma 2(a). Payoffs: Σ_u x_u a_u(y) and Σ_u x_u b_{u,∅} + Σ_l g_l y_l.
    Raises GameError on malformed strategies. The sums run on the exact integer forms of the
    gain tables (:mod:`gamekit.additive.int_forms`: int64 only under a proven no-overflow
    bound, else Python integers). y enters as boolean masks plus its few fractional entries:
    ``ys`` is y's split form already checked against ``draw`` (:func:`_checked_split`), else
    ``draw`` is validated and split here (O(n) Python). With ``ys`` the whole test is numpy
    work plus O(m + k) Fractions for k fractional entries.
    """
    x = check_row_strategy(game, row)
    if ys is None:
        ys = split_behaviour(check_behaviour(game.n, draw))
    H, G = int_tables(game)
    if H is None:  # the compact test needs player I's additive payoff (callers check a_move)
        raise GameError("player I's payoff is not additive: use the mixture test")
    a = [game.a_const(u) + hy for u, hy in enumerate(H.dot(ys))]
    gy = G.dot(ys)
    best = max(a)
    sign = G.signs(x)
    ok = all(a[u] == best for u, xu in enumerate(x) if xu) and not (
        ((sign > 0) & ~ys.is_one).any() or ((sign < 0) & ~ys.is_zero).any())
    pay1 = sum((xu * au for xu, au in zip(x, a) if xu), _ZERO)
    pay2 = sum((xu * (game.b_const(u) + gy[u]) for u, xu in enumerate(x) if xu), _ZERO)
    return ok, (pay1, pay2)


def _certify_split(game: AdditiveGame, row: Sequence, draw: Sequence, payoffs: Sequence | None, what: str,
                   ys: Any) -> None:
    """:func:`_additive_check` (``ys``: a checked split form or None) with the claimed payoffs."""
    try:
        ok, pay = _additive_check(game, row, draw, ys)
    except GameError as exc:
        raise CertificationError(f"{what}: malformed equilibrium: {exc}") from None
    if not ok:
        raise CertificationError(f"{what}: not a Nash equilibrium (row {tuple(row)})")
    if payoffs is not None and tuple(payoffs) != tuple(pay):
        raise CertificationError(f"{what}: reported payoffs {tuple(payoffs)} differ from the exact {pay}")


def certify_additive_profile(game: AdditiveGame, row: Sequence, draw: Sequence, payoffs: Sequence | None = None,
                             what: str = "additive profile") -> None:
    """Exact compact Nash test of (row, behaviour ``draw``) in an additive game with additive
    player-I payoffs — e.g. an equilibrium of a reduced game lifted back to the full game —
    and of the claimed ``payoffs`` (if given).

    Parameters
    ----------
    game : AdditiveGame
        The game (player I's payoff additive).
    row, draw : sequence of numbers
        Player I's mixed strategy and player II's behaviour strategy.
    payoffs : sequence of Fraction, optional
        The claimed payoffs (I, II).
    what : str
        Who produced the profile, for the error message.

    Raises
    ------
    CertificationError
        When the profile is not a Nash equilibrium or the payoffs differ.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> half = (Fraction(1, 2), Fraction(1, 2))
    >>> certify_additive_profile(g, half, [1, 1], (Fraction(1), Fraction(0)))  # passes
    >>> certify_additive_profile(g, half, [1, 0])
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: additive profile: not a Nash equilibrium ...
    """
    _certify_split(game, row, draw, payoffs, what, None)


def certify_additive(game: AdditiveGame, eq: Any, what: str = "additive solver", split: Any = None) -> Any:
    """Check one :class:`~gamekit.additive.foster.AdditiveEquilibrium` of ``game`` exactly.

    Uses the compact test (module doc) on (row, draw) — with the mixture when player I's
    payoff is a general ``a_func`` — and checks the reported payoffs.

    Parameters
    ----------
    game : AdditiveGame
        The game.
    eq : AdditiveEquilibrium
        The claimed equilibrium.
    what : str
        Who produced it, for the error message.
    split : object, optional
        ``eq``'s split form as returned by :func:`_split_for` (rebuilt and checked); by
        default it is obtained here.

    Returns
    -------
    AdditiveEquilibrium
        ``eq``, marked certified.

    Raises
    ------
    CertificationError
        When ``eq`` is not a Nash equilibrium or its payoffs are wrong.

    Examples
    --------
    >>> from gamekit.additive.solution import AdditiveEquilibrium
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> e = AdditiveEquilibrium((Fraction(1, 2),) * 2, (Fraction(1),) * 2, (Fraction(1), Fraction(0)))
    >>> certify_additive(g, e) is e
    True
    """
    if game.a_move is not None:
        ys = split if split is not None else _split_for(game, eq, what)
        _certify_split(game, eq.row, eq.draw, eq.payoffs, what, ys)
        return seal(eq, "exact best response (additive, compact form)")
    try:
        ok = is_additive_equilibrium(game, eq.row, None, eq.mixture)
        pay = payoffs(game, eq.row, None, eq.mixture)
    except GameError as exc:
        raise CertificationError(f"{what}: malformed equilibrium: {exc}") from None
    if not ok:
        raise CertificationError(f"{what}: a reported profile is not a Nash equilibrium (row {eq.row})")
    if tuple(pay) != tuple(eq.payoffs):
        raise CertificationError(f"{what}: reported payoffs {eq.payoffs} differ from the exact {pay}")
    return seal(eq, "exact best response (additive, compact form)")


def certify_additive_solution(sol: Any) -> Any:
    """Certify every extreme equilibrium of an :class:`AdditiveSolution`; returns ``sol``.

    Cell vertices that are not among the listed equilibria are certified too, and, when
    player I's payoff is additive, each cell must contain its own vertices (the cells are
    the reported convex pieces of the equilibrium set). An equilibrium's split form, if the
    solver attached one, is rebuilt and checked against its ``draw`` once (:func:`_split_for`)
    and only the rebuilt split is used, by the Nash test and by the cell test.

    Parameters
    ----------
    sol : AdditiveSolution
        A solver's result.

    Returns
    -------
    AdditiveSolution
        ``sol``, its equilibria marked certified.

    Raises
    ------
    CertificationError
        When an equilibrium or a cell vertex fails the exact test, or nothing is reported.

    Examples
    --------
    >>> from gamekit import solve
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> certify_additive_solution(r) is r
    True
    """
    game = sol.game
    what = f"additive solver ({sol.method})"
    if not sol.equilibria:
        raise CertificationError("additive solver: no equilibrium reported (every finite game has one)")
    splits: dict[int, Any] = {}  # id(object) -> its checked split form (objects kept alive by sol)

    def split(v: Any) -> Any:
        if id(v) not in splits:
            splits[id(v)] = _split_for(game, v, what) if game.a_move is not None else None
        return splits[id(v)]

    done: dict[tuple, list] = {}  # (row, payoffs) -> draws certified (no hashing of n-vectors)
    for e in sol.equilibria:
        certify_additive(game, e, what, split(e))
        done.setdefault((e.row, e.payoffs), []).append(e.draw)
    for k, cell in enumerate(sol.cells):
        for v in cell.vertices:
            if any(v.draw == d for d in done.get((v.row, v.payoffs), ())):
                seal(v, "exact best response (additive, compact form)")
            else:
                certify_additive(game, v, f"{what}, cell {k}", split(v))
            if game.a_move is not None and not cell.contains(v.p, v.draw, game, split(v)):
                raise CertificationError(f"additive solver: cell {k} does not contain its own vertex")
    return sol


def is_equilibrium(game: AdditiveGame, row: Sequence, col: Any = None) -> bool:
    """Exact Nash test of an additive game (the test :func:`gamekit.is_equilibrium` runs).

    Parameters
    ----------
    game : AdditiveGame
        The game.
    row : sequence
        Player I's mixed strategy.
    col : sequence, optional
        Player II's behaviour strategy (probability of move 1 at each information set), or a
        mixture ``((subset, probability), ...)``.

    Returns
    -------
    bool
        True when (row, col) is a Nash equilibrium, exactly.

    Raises
    ------
    GameError
        Malformed strategies (wrong length, not probabilities).

    Examples
    --------
    >>> from gamekit.additive.certify import is_equilibrium
    >>> from gamekit.additive.game import AdditiveGame
    >>> g = AdditiveGame(["r"], ["s"], [0], [[(0, 1)]], a_base=[0], a_move=[[(0, 0)]])
    >>> is_equilibrium(g, [1], [0]), is_equilibrium(g, [1], [1])  # move 1 gains player II 1
    (False, True)
    """
    if col is not None and len(col) and isinstance(next(iter(col)), tuple):
        return is_additive_equilibrium(game, row, mixture=col)
    return is_additive_equilibrium(game, row, draw=col)
