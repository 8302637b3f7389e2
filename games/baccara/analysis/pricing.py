"""Exact prices of strategy pairs in the chemin de fer models: payoffs and best responses.

A model at commission α is an additive game (:mod:`games.baccara.models.tables`): Player's
pure strategies are rows u (``"S"``/``"D"`` on 5, or five letters over the compositions of 5
in Model 3) and Banker's behaviour strategy is a draw probability y_l at every information
set l. With Player's draw probabilities x_h at his sets h, row u has probability

    x(u) = Π_h (x_h if u draws at h else 1 − x_h)                          (independent sets)

and the payoffs are, by Lemma 1 of paper II (additivity in Banker's sets),

    U_P(x, y) = Σ_u x(u) [p_u(0)a_u(0) + Σ_l ((1 − y_l) p_u(l)a_{u,0}(l) + y_l p_u(l)a_{u,1}(l))],

and the same with b for Banker. Banker's best response to x is therefore separable: draw at l
iff G(l) = Σ_u x(u) p_u(l)[b_{u,1}(l) − b_{u,0}(l)] > 0. Player's best response to y is the
best row (in Model 3 also separable, the game being doubly additive, but 32 rows are cheap).
Everything is exact (Fractions).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from gamekit.additive import AdditiveGame
from gamekit.core import GameError

__all__ = [
    "row_mixture",
    "draws_of_row",
    "payoffs",
    "banker_best_response",
    "player_best_response",
    "banker_draw_gain",
    "player_draw_gain",
]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def draws_of_row(row: str) -> tuple[int, ...]:
    """``"DSSDD"`` -> (1, 0, 0, 1, 1): Player's move at each of his sets under a pure row."""
    return tuple(1 if c == "D" else 0 for c in row)


def row_mixture(rows: Sequence[str], probs: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """x(u) = Π_h (x_h if row u draws at h else 1 − x_h) over Player's sets h (module doc)."""
    out = []
    for r in rows:
        w = _ONE
        for d, p in zip(draws_of_row(r), probs, strict=True):
            w *= p if d else 1 - p
        out.append(w)
    return tuple(out)


def _row_value(base: Fraction, move: Sequence[tuple[Fraction, Fraction]], y: Sequence[Fraction]) -> Fraction:
    return base + sum((m0 + yl * (m1 - m0) for (m0, m1), yl in zip(move, y)), _ZERO)


def payoffs(game: AdditiveGame, x: Sequence[Fraction], y: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    """(U_P, U_B) for Player's row mixture x and Banker's behaviour strategy y, exactly."""
    if game.a_move is None:
        raise GameError("pricing needs additive payoffs for both players")
    up = sum((xu * _row_value(game.a_base[u], game.a_move[u], y) for u, xu in enumerate(x) if xu), _ZERO)
    ub = sum((xu * _row_value(game.b_base[u], game.b_move[u], y) for u, xu in enumerate(x) if xu), _ZERO)
    return up, ub


def banker_draw_gain(game: AdditiveGame, x: Sequence[Fraction], l: int) -> tuple[Fraction, Fraction | None]:
    """Banker's gain from drawing instead of standing at set l against x.

    Returns (G(l), G(l)/P(l)): the unconditional gain per coup and the gain conditional on
    reaching l (None when x never reaches l); P(l) = Σ_u x(u) p_u(l).
    """
    g = sum((xu * (game.b_move[u][l][1] - game.b_move[u][l][0]) for u, xu in enumerate(x) if xu), _ZERO)
    if game.prob is None:
        return g, None
    reach = sum((xu * game.prob[u][l] for u, xu in enumerate(x) if xu), _ZERO)
    return g, (g / reach if reach else None)


def banker_best_response(
    game: AdditiveGame,
    x: Sequence[Fraction],
    y: Sequence[Fraction],
    allowed: Iterable[int] | None = None,
) -> tuple[tuple[Fraction, ...], Fraction]:
    """Banker's best behaviour strategy against x, changing y only at ``allowed`` sets (all by default).

    At an allowed set he draws iff G(l) > 0 and stands iff G(l) < 0 (ties keep y_l).
    Returns (best y, Banker's payoff).
    """
    best = list(y)
    for l in range(game.n) if allowed is None else allowed:
        g, _ = banker_draw_gain(game, x, l)
        if g > 0:
            best[l] = _ONE
        elif g < 0:
            best[l] = _ZERO
    return tuple(best), payoffs(game, x, best)[1]


def player_best_response(
    game: AdditiveGame, y: Sequence[Fraction], rows: Iterable[int] | None = None
) -> tuple[int, Fraction]:
    """Player's best pure row against y among ``rows`` (all by default): (row index, payoff)."""
    if game.a_move is None:
        raise GameError("pricing needs additive payoffs for both players")
    best_u, best_v = -1, None
    for u in range(game.m) if rows is None else rows:
        v = _row_value(game.a_base[u], game.a_move[u], y)
        if best_v is None or v > best_v:
            best_u, best_v = u, v
    if best_v is None:
        raise GameError("Player has no strategy to choose from")
    return best_u, best_v


def player_draw_gain(
    game: AdditiveGame, probs: Sequence[Fraction], y: Sequence[Fraction], h: int
) -> Fraction:
    """Player's gain per coup from drawing instead of standing at his set h (others as ``probs``)."""
    hi = list(probs)
    lo = list(probs)
    hi[h], lo[h] = _ONE, _ZERO
    return payoffs(game, row_mixture(game.rows, hi), y)[0] - payoffs(game, row_mixture(game.rows, lo), y)[0]


def probabilities_from(mapping: Mapping[str, Fraction], labels: Sequence[str]) -> tuple[Fraction, ...]:
    """The values of ``mapping`` in ``labels`` order (GameError on a missing label)."""
    try:
        return tuple(mapping[k] for k in labels)
    except KeyError as exc:
        raise GameError(f"no draw probability for information set {exc.args[0]!r}") from None
