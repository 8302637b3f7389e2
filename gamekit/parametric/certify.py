"""The exact certifier of additive games affine in a parameter α (α rational or a quadratic surd).

The additive test (:mod:`gamekit.additive.certify`) at α, with α, p and y in Q or Q(√c):
every gain is evaluated exactly at α. A failed check raises
:class:`~gamekit.core.errors.CertificationError`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from gamekit.additive.certify import is_equilibrium as _is_additive_equilibrium
from gamekit.core.certify import seal
from gamekit.core.errors import CertificationError, GameError
from gamekit.exact.surd import rational_bounds
from gamekit.parametric.affine import AffineAdditiveGame

__all__ = ["certify_parametric", "is_equilibrium"]


def _at(c: tuple, alpha: Any) -> Any:
    """c₀ + c₁·α for an affine pair c (α rational or a quadratic surd)."""
    c0, c1 = c
    return c0 + c1 * alpha if c1 else Fraction(c0)


def _ints(pairs: Sequence[tuple]) -> list[tuple[int, int]]:
    """Affine pairs (c₀, c₁) times one positive integer (the lcm of their denominators)."""
    L = math.lcm(*(v.denominator for c in pairs for v in c))  # ints and Fractions both have one
    return [(c[0].numerator * (L // c[0].denominator), c[1].numerator * (L // c[1].denominator))
            for c in pairs]


def _integer_data(game: Any) -> tuple[list, list[tuple[int, int]]]:
    """Per set l: player II's gains G₀(l), G₁(l) as integer affine pairs (each set scaled by
    its own positive integer: signs are unchanged); player I's D = a₁ − a₀ as integer affine
    pairs [E₀, E_0, …, E_{n−1}] (one common positive scale). Cached on the game."""
    cache = game.__dict__.get("_certify_integer_data")
    if cache is None:
        gains = [_ints([game.b_gain(0, l), game.b_gain(1, l)]) for l in range(game.n)]
        c1, c0 = game.a_const(1), game.a_const(0)
        e = [(c1[0] - c0[0], c1[1] - c0[1])]
        for l in range(game.n):
            a1, a0 = game.a_gain(1, l), game.a_gain(0, l)
            e.append((a1[0] - a0[0], a1[1] - a0[1]))
        cache = (gains, _ints(e))
        game.__dict__["_certify_integer_data"] = cache
    return cache


def _strict_sign(c: tuple[int, int], lo: Fraction, hi: Fraction) -> int:
    """The sign of c₀ + c₁·t on all of [lo, hi] when it is constant and nonzero, else 0
    (an affine function has one sign on an interval iff it has it at both ends)."""
    a = c[0] * lo.denominator + c[1] * lo.numerator
    b = c[0] * hi.denominator + c[1] * hi.numerator
    if a > 0 and b > 0:
        return 1
    if a < 0 and b < 0:
        return -1
    return 0


def _player2_ok(gains: list, alpha: Any, p: Any, y: Sequence, lo: Fraction, hi: Fraction) -> bool:
    """y_l = 1 where g_l = (1−p)G₀(l) + pG₁(l) > 0 and 0 where g_l < 0, at α ∈ [lo, hi].

    When G₀(l) and G₁(l) have one strict sign on the rational interval [lo, hi] ∋ α, so
    does g_l for every p ∈ [0, 1] — an exact shortcut that avoids Q(√c) arithmetic for
    the sets that Lemma 1 decides; the others are evaluated exactly at α.
    """
    for l, (c0, c1) in enumerate(gains):
        s0 = _strict_sign(c0, lo, hi)
        if s0 and s0 == _strict_sign(c1, lo, hi):
            sign = s0
        else:
            g = (1 - p) * _at(c0, alpha) + p * _at(c1, alpha)
            sign = 1 if g > 0 else (-1 if g < 0 else 0)
        if (sign > 0 and y[l] != 1) or (sign < 0 and y[l] != 0):
            return False
    return True


def _row_payoff_difference(e: list[tuple[int, int]], alpha: Any, y: Sequence) -> Any:
    """A positive multiple of D = a₁(y) − a₀(y) at α; rational y_l are summed
    coefficient-wise first, so only surd entries of y cost Q(√c) products."""
    k0, k1 = Fraction(e[0][0]), Fraction(e[0][1])
    rest: Any = Fraction(0)
    for v, c in zip(y, e[1:]):
        if not v:
            continue
        if isinstance(v, (int, Fraction)):
            k0 += v * c[0]
            k1 += v * c[1]
        else:
            rest = rest + v * _at(c, alpha)
    return _at((k0, k1), alpha) + rest


def _parametric_ok(game: AffineAdditiveGame, alpha: Any, p: Any, y: Sequence) -> bool:
    """Exact two-row additive Nash test at α (all values in Q or one Q(√c))."""
    if len(y) != game.n or p < 0 or p > 1 or any(v < 0 or v > 1 for v in y):
        return False
    gains, e = _integer_data(game)
    lo, hi = rational_bounds(alpha, 64)
    if not _player2_ok(gains, alpha, p, y, lo, hi):
        return False
    d = _row_payoff_difference(e, alpha, y)
    return not ((p < 1 and d > 0) or (p > 0 and d < 0))


def certify_parametric(game: AffineAdditiveGame, alpha: Any, equilibria: Iterable[Any]) -> list:
    """Check equilibria (``.p``, ``.y``) of an affine additive game at α exactly; returns them.

    α may be rational or a quadratic surd (a critical value of the sweep); the test is the
    two-row additive one (module doc) with every gain evaluated at α.

    Parameters
    ----------
    game : AffineAdditiveGame
        The game.
    alpha : Fraction or QuadraticSurd
        The parameter value.
    equilibria : iterable
        Objects with ``p`` (probability of row 1) and ``y`` (player II's behaviour strategy).

    Returns
    -------
    list
        The equilibria, each marked certified.

    Raises
    ------
    CertificationError
        When none is given, or one is not an equilibrium at α.

    Examples
    --------
    >>> from gamekit.parametric.solution import ParametricEquilibrium
    >>> from gamekit import parametric, solve
    >>> g = parametric.two_curve_example()  # curves p(s) = 1/2, p(t) = 2(1 - α)/(3 - 2α)
    >>> r = solve(g)
    >>> len(certify_parametric(g, Fraction(1, 2), r.critical[1].equilibria()))
    4
    >>> certify_parametric(g, Fraction(1, 2), [ParametricEquilibrium(Fraction(0), (Fraction(1), Fraction(1)))])
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: parametric solver: a reported profile is not an equilibrium at alpha = 1/2
    """
    out = list(equilibria)
    if not out:
        raise CertificationError(f"parametric solver: no equilibrium at alpha = {alpha}")
    for e in out:
        try:
            ok = _parametric_ok(game, alpha, e.p, e.y)
        except (TypeError, ValueError) as exc:
            raise CertificationError(f"parametric solver: cannot check an equilibrium at alpha = {alpha}: {exc}") from None
        if not ok:
            raise CertificationError(f"parametric solver: a reported profile is not an equilibrium at alpha = {alpha}")
        seal(e, "exact best response (additive, at alpha)")
    return out


def is_equilibrium(game: AffineAdditiveGame, row: Sequence, col: Any = None, *, alpha: Any = None) -> bool:
    """Exact Nash test of an affine additive game at the parameter value ``alpha``.

    Parameters
    ----------
    game : AffineAdditiveGame
        The game.
    row, col : sequence
        As for an additive game (:func:`gamekit.additive.certify.is_equilibrium`).
    alpha : rational
        The parameter value (required).

    Returns
    -------
    bool
        True when (row, col) is a Nash equilibrium of the game at ``alpha``, exactly.

    Raises
    ------
    GameError
        ``alpha`` is missing, or malformed strategies.

    Examples
    --------
    >>> from gamekit.additive.game import AdditiveGame
    >>> from gamekit.parametric.affine import AffineAdditiveGame
    >>> from gamekit.parametric.certify import is_equilibrium
    >>> G0 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, -1)], [(0, -1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0)], [(0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, 2)], [(0, 2)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0)], [(0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # player II's gain from move 1: -1 + 2*alpha
    >>> is_equilibrium(g, [0, 1], [1], alpha=1), is_equilibrium(g, [0, 1], [1], alpha=0)
    (True, False)
    """
    if alpha is None:
        raise GameError("is_equilibrium of a game with a parameter needs alpha=")
    return _is_additive_equilibrium(game.at(alpha), row, col)
