"""The certifier: the one place where a computed profile becomes a *certified* equilibrium.

Every solver path ends here. A profile is certified by the exact Nash condition of its
game kind — every pure strategy (or move) played with positive probability is a best
response, checked in rational arithmetic (Q or Q(√c)), never with floats:

* bimatrix (A, B): max_i (Ay)_i = xᵀAy and max_j (xᵀB)_j = xᵀBy (Nash 1951; the regret
  form of :func:`gamekit.core.equilibrium.regret`);
* additive m×2ⁿ (compact form of Lemma 1 of Ethier–Lee II): every row in the support of x
  maximizes a_u(σ), and player II's marginal y is 1 where g_l(x) > 0 and 0 where
  g_l(x) < 0 (Lemma 2(a)) — O(mn), no 2ⁿ columns (:func:`is_additive_equilibrium`);
* doubly additive: x_h = 1 where f_h(y) > 0, 0 where f_h(y) < 0, and likewise y, g;
* additive affine in a parameter α: the additive test at α, with α, p and y in Q or
  Q(√c) (:func:`certify_parametric`);
* zero-sum/LP: the primal and dual certificates (:func:`certify_matrix_game`,
  :func:`certify_lp`).

A failed check means a solver bug: :class:`~gamekit.core.errors.CertificationError` is
raised (never :class:`~gamekit.core.errors.GameError`, which means bad input). Profiles
coming from floating-point peers (nashpy, pygambit) are
:class:`~gamekit.core.equilibrium.CandidateEquilibrium` until passed through
:func:`certify_profile`.

This module imports only :mod:`gamekit.core` at load time; the game kinds of the upper
layers are imported inside the functions that need them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.equilibrium import is_equilibrium as _is_bimatrix_equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame

__all__ = [
    "is_certified",
    "certify_profile",
    "certify_additive",
    "certify_additive_profile",
    "certify_additive_solution",
    "certify_doubly_additive",
    "certify_parametric",
    "certify_matrix_game",
    "certify_lp",
    "is_equilibrium",
]

_ZERO = Fraction(0)
_SEAL = "_gamekit_certified_by"


def _seal(obj: Any, how: str) -> Any:
    """Mark ``obj`` (an equilibrium that has just passed ``how``) as certified; returns it.

    Private to the certifiers (this module and the integer bimatrix test of
    :func:`gamekit.bimatrix.intgame.certify_and_build`). The mark is an instance attribute
    outside the dataclass fields: it does not change equality, and any modified copy
    (``dataclasses.replace``) is unmarked.
    """
    object.__setattr__(obj, _SEAL, how)
    return obj


def is_certified(obj: Any) -> str | None:
    """The exact test that certified this equilibrium object, or None if it was not
    produced by a certifier (e.g. built by hand or converted from a float solver)."""
    return getattr(obj, _SEAL, None)


# -- bimatrix ----------------------------------------------------------------------------
def certify_profile(game: BimatrixGame, row: Sequence, col: Sequence, what: str = "profile") -> Equilibrium:
    """The :class:`Equilibrium` (x, y, exact payoffs) after the exact bimatrix Nash test.

    Raises :class:`CertificationError` when (x, y) is not a pair of probability vectors
    of the right lengths or some strategy in a support is not a best response.
    """
    try:
        ok = _is_bimatrix_equilibrium(game, row, col)
    except GameError as exc:  # malformed strategies produced by a solver or a peer
        raise CertificationError(f"{what}: {exc}") from None
    if not ok:
        raise CertificationError(f"{what}: not a Nash equilibrium (exact best-response test failed)")
    x = tuple(Fraction(v) for v in row)
    y = tuple(Fraction(v) for v in col)
    return _seal(Equilibrium(x, y, game.payoffs(x, y)), "exact best response (bimatrix)")


# -- additive ----------------------------------------------------------------------------
def _checked_split(game: Any, draw: Sequence, split: Any) -> Any:
    """The solver's split form of ``draw`` rebuilt and checked against it (raises GameError).

    Nothing of ``split`` is trusted but its 1-mask and fractional entries: a split is rebuilt
    from them (validated: in range, disjoint, 0 < y_l < 1, see
    :meth:`~gamekit.additive.int_forms.SplitBehaviour.from_parts`), written out again and
    compared with ``draw`` as tuples — an exact test at C speed (the shared 0/1 objects
    compare by identity first). The rebuilt split is returned; only it is used afterwards.
    """
    from gamekit.additive.int_forms import SplitBehaviour

    ys = SplitBehaviour.from_parts(split.is_one, split.fractional)
    if len(ys.is_one) != game.n or ys.render() != tuple(draw):
        raise GameError("the behaviour vector differs from its split form")
    return ys


def _split_for(game: Any, eq: Any, what: str) -> Any:
    """``eq``'s attached split form (:meth:`AdditiveEquilibrium.from_split`), rebuilt and
    checked against ``eq.draw``; None when it has none."""
    split = getattr(eq, "_split", None)
    if split is None:
        return None
    try:
        return _checked_split(game, eq.draw, split)
    except GameError as exc:
        raise CertificationError(f"{what}: malformed equilibrium: {exc}") from None


def _additive_check(game: Any, row: Sequence, draw: Sequence,
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
    from gamekit.additive.behaviour import check_behaviour, check_row_strategy
    from gamekit.additive.int_forms import int_tables, split_behaviour

    x = check_row_strategy(game, row)
    if ys is None:
        ys = split_behaviour(check_behaviour(game.n, draw))
    H, G = int_tables(game)
    a = [game.a_const(u) + hy for u, hy in enumerate(H.dot(ys))]
    gy = G.dot(ys)
    best = max(a)
    sign = G.signs(x)
    ok = all(a[u] == best for u, xu in enumerate(x) if xu) and not (
        ((sign > 0) & ~ys.is_one).any() or ((sign < 0) & ~ys.is_zero).any())
    pay1 = sum((xu * au for xu, au in zip(x, a) if xu), _ZERO)
    pay2 = sum((xu * (game.b_const(u) + gy[u]) for u, xu in enumerate(x) if xu), _ZERO)
    return ok, (pay1, pay2)


def _certify_split(game: Any, row: Sequence, draw: Sequence, payoffs: Sequence | None, what: str,
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


def certify_additive_profile(game: Any, row: Sequence, draw: Sequence, payoffs: Sequence | None = None,
                             what: str = "additive profile") -> None:
    """Exact compact Nash test of (row, behaviour ``draw``) in an additive game with additive
    player-I payoffs — e.g. an equilibrium of a reduced game lifted back to the full game —
    and of the claimed ``payoffs`` (if given). Raises :class:`CertificationError`."""
    _certify_split(game, row, draw, payoffs, what, None)


def certify_additive(game: Any, eq: Any, what: str = "additive solver", split: Any = None) -> Any:
    """Check one :class:`~gamekit.additive.foster.AdditiveEquilibrium` of ``game`` exactly.

    Uses the compact test (module doc) on (row, draw) — with the mixture when player I's
    payoff is a general ``a_func`` — and checks the reported payoffs. ``split``: ``eq``'s
    split form as returned by :func:`_split_for` (rebuilt and checked); by default it is
    obtained here. Returns ``eq``.
    """
    if game.a_move is not None:
        ys = split if split is not None else _split_for(game, eq, what)
        _certify_split(game, eq.row, eq.draw, eq.payoffs, what, ys)
        return _seal(eq, "exact best response (additive, compact form)")
    from gamekit.additive.behaviour import is_additive_equilibrium, payoffs

    try:
        ok = is_additive_equilibrium(game, eq.row, None, eq.mixture)
        pay = payoffs(game, eq.row, None, eq.mixture)
    except GameError as exc:
        raise CertificationError(f"{what}: malformed equilibrium: {exc}") from None
    if not ok:
        raise CertificationError(f"{what}: a reported profile is not a Nash equilibrium (row {eq.row})")
    if tuple(pay) != tuple(eq.payoffs):
        raise CertificationError(f"{what}: reported payoffs {eq.payoffs} differ from the exact {pay}")
    return _seal(eq, "exact best response (additive, compact form)")


def certify_additive_solution(sol: Any) -> Any:
    """Certify every extreme equilibrium of an :class:`AdditiveSolution`; returns ``sol``.

    Cell vertices that are not among the listed equilibria are certified too, and, when
    player I's payoff is additive, each cell must contain its own vertices (the cells are
    the reported convex pieces of the equilibrium set). An equilibrium's split form, if the
    solver attached one, is rebuilt and checked against its ``draw`` once (:func:`_split_for`)
    and only the rebuilt split is used, by the Nash test and by the cell test.
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
                _seal(v, "exact best response (additive, compact form)")
            else:
                certify_additive(game, v, f"{what}, cell {k}", split(v))
            if game.a_move is not None and not cell.contains(v.p, v.draw, game, split(v)):
                raise CertificationError(f"additive solver: cell {k} does not contain its own vertex")
    return sol


# -- doubly additive ------------------------------------------------------------------------
def certify_doubly_additive(game: Any, equilibria: Iterable[Any]) -> tuple:
    """Check every behaviour equilibrium (x, y, payoffs) of a doubly additive game exactly."""
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
        _seal(e, "exact best response (doubly additive)")
    return out


# -- additive, affine in a parameter ----------------------------------------------------------
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


def _parametric_ok(game: Any, alpha: Any, p: Any, y: Sequence) -> bool:
    """Exact two-row additive Nash test at α (all values in Q or one Q(√c))."""
    from gamekit.exact.surd import rational_bounds

    if len(y) != game.n or p < 0 or p > 1 or any(v < 0 or v > 1 for v in y):
        return False
    gains, e = _integer_data(game)
    lo, hi = rational_bounds(alpha, 64)
    if not _player2_ok(gains, alpha, p, y, lo, hi):
        return False
    d = _row_payoff_difference(e, alpha, y)
    return not ((p < 1 and d > 0) or (p > 0 and d < 0))


def certify_parametric(game: Any, alpha: Any, equilibria: Iterable[Any]) -> list:
    """Check equilibria (``.p``, ``.y``) of an affine additive game at α exactly; returns them.

    α may be rational or a quadratic surd (a critical value of the sweep); the test is the
    two-row additive one (module doc) with every gain evaluated at α.
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
        _seal(e, "exact best response (additive, at alpha)")
    return out


# -- zero-sum and LP ---------------------------------------------------------------------
def certify_matrix_game(A: Sequence[Sequence[Fraction]], value: Fraction, x: Sequence, y: Sequence) -> None:
    """min_j (xᵀA)_j = v = max_i (Ay)_i with x, y probability vectors (von Neumann)."""
    m, n = len(A), len(A[0])
    if len(x) != m or len(y) != n or any(p < 0 for p in (*x, *y)) or sum(x) != 1 or sum(y) != 1:
        raise CertificationError("matrix game: the optimal strategies are not probability vectors")
    col_pay = [sum((x[i] * A[i][j] for i in range(m) if x[i]), _ZERO) for j in range(n)]
    row_pay = [sum((A[i][j] * y[j] for j in range(n) if y[j]), _ZERO) for i in range(m)]
    if min(col_pay) != value or max(row_pay) != value:
        raise CertificationError("matrix game: the value certificate failed")


def certify_lp(res: Any, c: Sequence, A_ub: Any, b_ub: Any, A_eq: Any, b_eq: Any, maximize: bool = False) -> Any:
    """Check an exact LP result's primal/dual (or Farkas, or ray) certificate; returns it."""
    from gamekit.lp.simplex import verify_lp

    verify_lp(res, c, A_ub, b_ub, A_eq, b_eq, maximize)
    return res


# -- the one public equilibrium test -----------------------------------------------------------
def is_equilibrium(game: Any, row: Sequence, col: Any = None, *, alpha: Any = None) -> bool:
    """Exact Nash test for any game kind (the one public spelling).

    * :class:`BimatrixGame`: ``row``, ``col`` mixed strategies;
    * ``AdditiveGame``: ``row`` player I's mixed strategy, ``col`` player II's behaviour
      strategy (probability of move 1 at each information set) or a mixture
      ``((subset, probability), ...)``;
    * ``DoublyAdditiveGame``: ``row``, ``col`` the two behaviour strategies;
    * ``AffineAdditiveGame``: as ``AdditiveGame`` at the parameter value ``alpha``.

    Malformed strategies (wrong length, not probabilities) raise :class:`GameError`.
    """
    from gamekit.additive.behaviour import is_additive_equilibrium
    from gamekit.additive.game import AdditiveGame
    from gamekit.doubly_additive.game import DoublyAdditiveGame
    from gamekit.parametric.affine import AffineAdditiveGame

    if isinstance(game, BimatrixGame):
        return _is_bimatrix_equilibrium(game, row, col)
    if isinstance(game, AffineAdditiveGame):
        if alpha is None:
            raise GameError("is_equilibrium of a game with a parameter needs alpha=")
        game = game.at(alpha)
    if isinstance(game, AdditiveGame):
        if col is not None and len(col) and isinstance(next(iter(col)), tuple):
            return is_additive_equilibrium(game, row, mixture=col)
        return is_additive_equilibrium(game, row, draw=col)
    if isinstance(game, DoublyAdditiveGame):
        return game.is_equilibrium(row, col)
    raise GameError(f"is_equilibrium does not know the game kind {type(game).__name__}")
