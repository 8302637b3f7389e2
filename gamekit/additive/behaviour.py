"""Behaviour strategies of additive games: conversions, payoffs, best responses.

In an additive m×2ⁿ game (:class:`gamekit.additive.game.AdditiveGame`, Lemma 1 of Ethier & Lee,
*Baccara chemin de fer II*) player II's pure strategies are the subsets T ⊂ {0..n−1} of
information sets at which he plays move 1. A *behaviour strategy* is a vector
y ∈ [0,1]ⁿ, y_l = probability of move 1 at l. A *mixture* is a mixed strategy over
subsets, written as a tuple of ``(T, probability)`` pairs.

Player II's payoff is affine in the indicator vector 1_T, so a mixture σ earns exactly what
its marginal y_l = Σ_{T∋l} σ_T earns (and the same holds for player I when his payoff is
additive too). Conversely every y is the marginal of the *threshold mixture*

    T(t) = {l : y_l ≥ t},  t uniform on (0, 1],

which uses at most k+1 distinct subsets when y has k coordinates strictly between 0 and 1
(:func:`behaviour_to_mixture`). When player I's payoff is a general function a(u, T)
(``a_func``), two mixtures with the same marginal may give him different payoffs; then a
behaviour vector determines the mixed strategy only when at most one coordinate is
fractional, and the functions below ask for the mixture otherwise.

Best responses (Lemma 2(a)): against a row mixture x, player II's gain from move 1 at l is
g_l(x) = Σ_u x_u G_u(l) with G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)]. His best responses are
exactly the subsets T with {g > 0} ⊂ T ⊂ {g ≥ 0}; a behaviour strategy is a best response iff
y_l = 1 where g_l > 0 and y_l = 0 where g_l < 0 (the indifferent sets {g = 0} are free).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError
from gamekit.core.numbers import to_fraction

__all__ = [
    "Mixture",
    "ColumnBestResponse",
    "RowBestResponse",
    "check_row_strategy",
    "check_behaviour",
    "column_gains",
    "behaviour_to_mixture",
    "mixture_to_behaviour",
    "behaviour_to_mixed",
    "mixed_to_behaviour",
    "mixed_to_mixture",
    "mixture_for",
    "row_payoffs",
    "col_payoff",
    "payoffs",
    "row_best_responses",
    "col_best_response",
    "is_additive_equilibrium",
]

#: A mixed strategy of player II over subsets: ((T, probability), ...), probabilities > 0.
Mixture = tuple[tuple[frozenset[int], Fraction], ...]

_ZERO = Fraction(0)
_ONE = Fraction(1)


# -- validation --------------------------------------------------------------------------
def check_row_strategy(game: AdditiveGame, row: Sequence) -> tuple[Fraction, ...]:
    """Validate a player I mixed strategy (length m, entries ≥ 0, sum 1) and make it exact."""
    x = tuple(to_fraction(v, "row probability") for v in row)
    if len(x) != game.m:
        raise GameError(f"row strategy has {len(x)} entries, the game has {game.m} rows")
    if any(v < 0 for v in x) or sum(x) != 1:
        raise GameError("row strategy must be non-negative and sum to 1")
    return x


def check_behaviour(n: int, draw: Sequence) -> tuple[Fraction, ...]:
    """Validate a behaviour strategy (length n, entries in [0, 1]) and make it exact."""
    if type(draw) is tuple and all(type(v) is Fraction for v in draw):
        y = draw  # already exact: validate the range on the integer numerators/denominators
    else:
        y = tuple(to_fraction(v, "move-1 probability") for v in draw)
    if len(y) != n:
        raise GameError(f"behaviour strategy has {len(y)} entries, the game has {n} information sets")
    if not all(0 <= v.numerator <= v.denominator for v in y):  # Fraction denominators are > 0
        l, v = next((l, v) for l, v in enumerate(y) if not 0 <= v <= 1)
        raise GameError(f"move-1 probability at information set {l} is {v}, not in [0, 1]")
    return y


def _check_mixture(n: int, mixture: Iterable) -> Mixture:
    out: dict[frozenset[int], Fraction] = {}
    for item in mixture:
        try:
            T, q = item
        except (TypeError, ValueError):
            raise GameError("a mixture is a sequence of (subset, probability) pairs") from None
        Ts = frozenset(T)
        for l in Ts:
            if not isinstance(l, int) or not 0 <= l < n:
                raise GameError(f"information-set index {l!r} out of range 0..{n - 1}")
        qf = to_fraction(q, "mixture probability")
        if qf < 0:
            raise GameError("mixture probabilities must be non-negative")
        if qf:
            out[Ts] = out.get(Ts, _ZERO) + qf
    if sum(out.values(), _ZERO) != 1:
        raise GameError("mixture probabilities must sum to 1")
    return tuple(out.items())


# -- conversions ---------------------------------------------------------------------------
def behaviour_to_mixture(draw: Sequence) -> Mixture:
    """The threshold mixture of a behaviour strategy: ≤ k+1 subsets for k fractional entries.

    With the distinct positive values v₁ > v₂ > … > v_r of y (and v_{r+1} := 0), the subset
    {l : y_l ≥ v_i} gets probability v_i − v_{i+1}, and ∅ gets 1 − v₁ when v₁ < 1. The
    subsets are nested, so their marginal is exactly y.
    """
    y = check_behaviour(len(draw), draw)
    levels = sorted({v for v in y if v > 0}, reverse=True)
    out: list[tuple[frozenset[int], Fraction]] = []
    if not levels or levels[0] < 1:
        out.append((frozenset(), _ONE - (levels[0] if levels else _ZERO)))
    # sort indices by decreasing y once, then cut at each level: O(n log n + total output)
    order = sorted((l for l in range(len(y)) if y[l] > 0), key=lambda l: y[l], reverse=True)
    pos = 0
    current: list[int] = []
    for i, v in enumerate(levels):
        while pos < len(order) and y[order[pos]] >= v:
            current.append(order[pos])
            pos += 1
        nxt = levels[i + 1] if i + 1 < len(levels) else _ZERO
        out.append((frozenset(current), v - nxt))
    return tuple(out)


def mixture_to_behaviour(mixture: Iterable, n: int) -> tuple[Fraction, ...]:
    """The marginal y_l = Σ_{T∋l} σ_T of a mixture over subsets of {0..n−1}."""
    mix = _check_mixture(n, mixture)
    y = [_ZERO] * n
    for T, q in mix:
        for l in T:
            y[l] += q
    return tuple(y)


def behaviour_to_mixed(draw: Sequence, columns: Sequence[frozenset[int]]) -> tuple[Fraction, ...]:
    """A mixed strategy over explicit columns (subsets, e.g. of a materialized game) with marginal y.

    Uses the threshold mixture; raises :class:`GameError` if one of its subsets is not a
    column (e.g. y puts probability on a strategy removed by Lemma 1).
    """
    index = {frozenset(T): j for j, T in enumerate(columns)}
    sigma = [_ZERO] * len(columns)
    for T, q in behaviour_to_mixture(draw):
        j = index.get(T)
        if j is None:
            raise GameError(f"the subset {sorted(T)} needed for this behaviour strategy is not a column")
        sigma[j] += q
    return tuple(sigma)


def mixed_to_mixture(sigma: Sequence, columns: Sequence[frozenset[int]]) -> Mixture:
    """The support of a mixed strategy over explicit columns, as a mixture."""
    if len(sigma) != len(columns):
        raise GameError(f"mixed strategy has {len(sigma)} entries for {len(columns)} columns")
    out: dict[frozenset[int], Fraction] = {}
    for q, T in zip(sigma, columns):
        qf = to_fraction(q, "column probability")
        if qf < 0:
            raise GameError("column probabilities must be non-negative")
        if qf:
            key = frozenset(T)
            out[key] = out.get(key, _ZERO) + qf
    if sum(out.values(), _ZERO) != 1:
        raise GameError("column probabilities must sum to 1")
    return tuple(out.items())


def mixed_to_behaviour(sigma: Sequence, columns: Sequence[frozenset[int]], n: int) -> tuple[Fraction, ...]:
    """The behaviour strategy (marginal) induced by a mixed strategy over explicit columns."""
    return mixture_to_behaviour(mixed_to_mixture(sigma, columns), n)


def mixture_for(game: AdditiveGame, draw: Sequence | None, mixture: Iterable | None) -> Mixture | None:
    """The mixture to use for player I's payoff, or None when the behaviour vector suffices.

    With an additive a the behaviour vector is enough (returns None unless a mixture was
    given). With ``a_func`` a behaviour vector is accepted only when it has at most one
    fractional entry (then its mixed strategy is unique).
    """
    if mixture is not None:
        return _check_mixture(game.n, mixture)
    if draw is None:
        raise GameError("give player II's strategy as a behaviour vector or a mixture")
    if game.a_func is None:
        return None
    y = check_behaviour(game.n, draw)
    if sum(1 for v in y if 0 < v < 1) > 1:
        raise GameError(
            "player I's payoff is not additive: a behaviour strategy with two or more mixed "
            "information sets does not determine his payoff; give a mixture"
        )
    return behaviour_to_mixture(y)


# -- payoffs -------------------------------------------------------------------------------
def _behaviour_of(game: AdditiveGame, draw: Sequence | None, mixture: Iterable | None) -> tuple[Fraction, ...]:
    if mixture is None:
        if draw is None:
            raise GameError("give player II's strategy as a behaviour vector or a mixture")
        return check_behaviour(game.n, draw)
    y = mixture_to_behaviour(mixture, game.n)
    if draw is not None and check_behaviour(game.n, draw) != y:
        raise GameError("the behaviour vector is not the marginal of the given mixture")
    return y


def _affine(const: Fraction, gains: Sequence[Fraction], y: Sequence[Fraction]) -> Fraction:
    return const + sum((g * v for g, v in zip(gains, y) if v and g), _ZERO)


def row_payoffs(game: AdditiveGame, draw: Sequence | None = None, mixture: Iterable | None = None) -> tuple[Fraction, ...]:
    """Player I's expected payoff a_u(·) of every row u against player II's strategy."""
    mix = mixture_for(game, draw, mixture)
    if mix is None:
        y = _behaviour_of(game, draw, None)
        return tuple(_affine(game.a_const(u), game.a_gains(u), y) for u in range(game.m))
    return tuple(sum((q * game.a(u, T) for T, q in mix), _ZERO) for u in range(game.m))


def col_payoff(game: AdditiveGame, row: Sequence, draw: Sequence | None = None,
               mixture: Iterable | None = None) -> Fraction:
    """Player II's expected payoff Σ_u x_u b_u(y) (depends on y only: b is additive)."""
    x = check_row_strategy(game, row)
    y = _behaviour_of(game, draw, mixture)
    return sum((xu * _affine(game.b_const(u), game.b_gains(u), y) for u, xu in enumerate(x) if xu), _ZERO)


def payoffs(game: AdditiveGame, row: Sequence, draw: Sequence | None = None,
            mixture: Iterable | None = None) -> tuple[Fraction, Fraction]:
    """Expected payoffs (player I, player II) of a row mixture against player II's strategy.

    Parameters
    ----------
    game : AdditiveGame
        The game.
    row : sequence of numbers
        Player I's mixed strategy.
    draw : sequence of numbers, optional
        Player II's behaviour strategy.
    mixture : iterable, optional
        Player II's mixed strategy as (subset, weight) pairs, instead of ``draw``.

    Returns
    -------
    tuple of Fraction
        (payoff of I, payoff of II).

    Raises
    ------
    GameError
        When a strategy is malformed.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> payoffs(g, ["1/2", "1/2"], [1, 1])
    (Fraction(1, 1), Fraction(0, 1))
    """
    x = check_row_strategy(game, row)
    a = row_payoffs(game, draw, mixture)
    return (sum((xu * au for xu, au in zip(x, a)), _ZERO), col_payoff(game, x, draw, mixture))


# -- best responses ------------------------------------------------------------------------
@dataclass(frozen=True)
class RowBestResponse:
    """Player I's pure best responses ``rows`` (value ``value``) and all row payoffs."""

    rows: tuple[int, ...]
    value: Fraction
    payoffs: tuple[Fraction, ...]


def row_best_responses(game: AdditiveGame, draw: Sequence | None = None,
                       mixture: Iterable | None = None) -> RowBestResponse:
    """Player I's best responses to a behaviour strategy (or mixture) of player II.

    Parameters
    ----------
    game : AdditiveGame
        The game.
    draw : sequence of numbers, optional
        Player II's behaviour strategy.
    mixture : iterable, optional
        Player II's mixed strategy as (subset, weight) pairs, instead of ``draw``.

    Returns
    -------
    RowBestResponse
        The best rows, the best payoff and every row's payoff.

    Raises
    ------
    GameError
        When player II's strategy is malformed.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> row_best_responses(g, [1, 0]).rows
    (1,)
    """
    a = row_payoffs(game, draw, mixture)
    best = max(a)
    return RowBestResponse(tuple(u for u, v in enumerate(a) if v == best), best, a)


@dataclass(frozen=True)
class ColumnBestResponse:
    """Player II's best-response set to a row mixture x (Lemma 2(a)).

    ``gains[l]`` = g_l(x); ``ones`` = {g > 0} = T(p) (move 1 is strictly better),
    ``zeros`` = {g < 0}, ``indifferent`` = {g = 0}. The best responses are the subsets T
    with ones ⊂ T ⊂ ones ∪ indifferent — a face of dimension |indifferent| of the cube.
    """

    gains: tuple[Fraction, ...]
    ones: frozenset[int]
    zeros: frozenset[int]
    indifferent: frozenset[int]
    value: Fraction

    def contains(self, draw: Sequence[Fraction]) -> bool:
        """True when the behaviour strategy y is a best response (y = 1 on ones, 0 on zeros)."""
        return all(draw[l] == 1 for l in self.ones) and all(draw[l] == 0 for l in self.zeros)

    @property
    def pure(self) -> frozenset[int]:
        """T(p): the best response that plays move 1 only where it is strictly better."""
        return self.ones


def column_gains(game: AdditiveGame, x: Sequence[Fraction]) -> list[Fraction]:
    """g_l(x) = Σ_u x_u G_u(l), player II's gain from move 1 at every information set l, exact."""
    g = [_ZERO] * game.n
    for u, xu in enumerate(x):
        if xu:
            for l, G in enumerate(game.b_gains(u)):
                if G:
                    g[l] += xu * G
    return g


def col_best_response(game: AdditiveGame, row: Sequence) -> ColumnBestResponse:
    """Player II's best-response set to the row mixture ``row`` — O(mn).

    Parameters
    ----------
    game : AdditiveGame
        The game.
    row : sequence of numbers
        Player I's mixed strategy.

    Returns
    -------
    ColumnBestResponse
        Player II's gain from move 1 at each information set and where move 1, move 0 or
        either is a best response.

    Raises
    ------
    GameError
        When ``row`` is malformed.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> br = col_best_response(g, [1, 0])
    >>> sorted(br.ones), sorted(br.zeros), sorted(br.indifferent)
    ([0], [1], [])
    """
    x = check_row_strategy(game, row)
    g = column_gains(game, x)
    ones = frozenset(l for l, v in enumerate(g) if v > 0)
    zeros = frozenset(l for l, v in enumerate(g) if v < 0)
    indiff = frozenset(l for l, v in enumerate(g) if v == 0)
    value = sum((xu * game.b_const(u) for u, xu in enumerate(x) if xu), _ZERO) + sum(
        (g[l] for l in ones), _ZERO
    )
    return ColumnBestResponse(tuple(g), ones, zeros, indiff, value)


def is_additive_equilibrium(game: AdditiveGame, row: Sequence, draw: Sequence | None = None,
                            mixture: Iterable | None = None) -> bool:
    """Exact Nash test in the compact form, O(mn): no 2ⁿ columns are written down.

    (x, σ) is an equilibrium iff every row in the support of x maximizes a_u(σ) and every
    subset in the support of σ is a best response to x, i.e. (for additive b) the marginal
    y of σ equals 1 on {g > 0} and 0 on {g < 0}.

    Parameters
    ----------
    game : AdditiveGame
        The game.
    row : sequence of numbers
        Player I's mixed strategy.
    draw : sequence of numbers, optional
        Player II's behaviour strategy (probability of move 1 at each information set).
    mixture : iterable, optional
        Player II's mixed strategy as (subset, weight) pairs, instead of ``draw``.

    Returns
    -------
    bool
        True when (row, player II's strategy) is a Nash equilibrium.

    Raises
    ------
    GameError
        When a strategy is malformed.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> is_additive_equilibrium(g, ["1/2", "1/2"], [1, 1]), is_additive_equilibrium(g, [1, 0], [1, 1])
    (True, False)
    """
    x = check_row_strategy(game, row)
    y = _behaviour_of(game, draw, mixture)
    br2 = col_best_response(game, x)
    if not br2.contains(y):
        return False
    br1 = row_best_responses(game, draw, mixture)
    return all(u in br1.rows for u, xu in enumerate(x) if xu)
