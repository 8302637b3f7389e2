"""Exact values and optimal strategies of matrix (two-person zero-sum) games.

For an m×n matrix M (payoff to the row player, who maximizes), von Neumann's minimax
theorem gives

    val(M) = max_x min_j (xᵀM)_j = min_y max_i (My)_i,

and x (resp. y) attaining the outer max (min) is a *maxmin* (*minmax*) strategy. Both
come from one linear program, solved exactly by :func:`gamekit.lp.simplex.solve_lp`: with
M' = M − min(M) + 1 (all entries positive, so val(M') > 0),

    maximize v   subject to   v − (xᵀM')_j ≤ 0  (j = 1..n),   Σ x_i = 1,   x, v ≥ 0.

The shadow prices of the n column constraints form the column player's minmax
strategy y; val(M) = v − min(M) + 1. The answer is certified exactly before it is
returned: min_j (xᵀM)_j = val(M) = max_i (My)_i.

In a bimatrix game (A, B) the *safety level* of a player is the value he can guarantee
whatever the opponent does: v_I = val(A) and v_II = val(Bᵀ) (player II maximizes B over
columns against a row player who is, in the worst case, out to hurt him). Ethier & Lee
(*Baccara chemin de fer*, §5) compare the equilibrium payoffs of the non-zero-sum
baccara models with these, writing v_P = val(A) and v_B = val(B_αᵀ).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gamekit.core.certify import certify_matrix_game
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame, Matrix
from gamekit.lp.simplex import solve_lp

__all__ = [
    "ZeroSumSolution",
    "solve_matrix_game",
    "value",
    "maxmin",
    "minmax",
    "safety_levels",
    "safety_strategies",
]


@dataclass(frozen=True)
class ZeroSumSolution:
    """val(M) with a maxmin strategy ``row`` and a minmax strategy ``col``.

    Examples
    --------
    >>> solve_matrix_game([[1, -1], [-1, 1]])
    ZeroSumSolution(value=Fraction(0, 1), row=(Fraction(1, 2), Fraction(1, 2)), col=(Fraction(1, 2), Fraction(1, 2)))
    """

    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]


def _matrix(M: object) -> Matrix:
    if isinstance(M, BimatrixGame):
        raise GameError("expected a payoff matrix; for a bimatrix game use safety_levels(game)")
    return BimatrixGame(M, M).A  # validates shape and converts exactly


def solve_matrix_game(M: object) -> ZeroSumSolution:
    """Exact value, a maxmin strategy (rows) and a minmax strategy (columns) of ``M``.

    Parameters
    ----------
    M : matrix of numbers
        The row player's payoffs (he maximizes, the column player minimizes); nested lists
        or a numpy array of ints, Fractions, ``"p/q"`` strings or finite floats.

    Returns
    -------
    ZeroSumSolution
        val(M) and optimal strategies, checked exactly by
        :func:`~gamekit.core.certify.certify_matrix_game`.

    Raises
    ------
    GameError
        When ``M`` is not a non-empty matrix of numbers.

    Examples
    --------
    >>> s = solve_matrix_game([[3, 1], [0, 2]])
    >>> s.value, s.row, s.col
    (Fraction(3, 2), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))
    """
    A = _matrix(M)
    m, n = len(A), len(A[0])
    lo = min(min(r) for r in A)
    shift = 1 - lo
    # variables: x_1..x_m, v
    c = [0] * m + [1]
    A_ub = [[-(A[i][j] + shift) for i in range(m)] + [1] for j in range(n)]
    b_ub = [0] * n
    A_eq = [[1] * m + [0]]
    b_eq = [1]
    res = solve_lp(c, A_ub, b_ub, A_eq, b_eq, maximize=True)
    if not res.optimal:  # pragma: no cover - the LP is always feasible and bounded
        raise CertificationError(f"matrix-game LP is {res.status}")
    x = res.x[:m]  # type: ignore[index]
    val = res.value - shift  # type: ignore[operator]
    duals = list(res.duals_ub)  # type: ignore[arg-type]
    total = sum(duals, Fraction(0))
    y = tuple(v / total for v in duals)
    # exact certificate: x guarantees val, y holds the row player to val
    certify_matrix_game(A, val, x, y)
    return ZeroSumSolution(val, tuple(x), y)


def value(M: object) -> Fraction:
    """val(M) = max_x min_y xᵀMy, exactly.

    Parameters
    ----------
    M : matrix of numbers
        The row player's payoffs (see :func:`solve_matrix_game`).

    Returns
    -------
    Fraction
        The value of the zero-sum game.

    Raises
    ------
    GameError
        When ``M`` is not a non-empty matrix of numbers.

    Examples
    --------
    >>> value([[3, 1], [0, 2]]), value([["1/2"]])
    (Fraction(3, 2), Fraction(1, 2))
    """
    return solve_matrix_game(M).value


def maxmin(M: object) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(val(M), x): an optimal (maxmin) strategy of the row player, who maximizes.

    Parameters
    ----------
    M : matrix of numbers
        The row player's payoffs (see :func:`solve_matrix_game`).

    Returns
    -------
    tuple
        (val(M), x) with x a tuple of Fractions.

    Raises
    ------
    GameError
        When ``M`` is not a non-empty matrix of numbers.

    Examples
    --------
    >>> maxmin([[3, 1], [0, 2]])
    (Fraction(3, 2), (Fraction(1, 2), Fraction(1, 2)))
    """
    s = solve_matrix_game(M)
    return s.value, s.row


def minmax(M: object) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(val(M), y): an optimal (minmax) strategy of the column player, who minimizes.

    Parameters
    ----------
    M : matrix of numbers
        The row player's payoffs (see :func:`solve_matrix_game`).

    Returns
    -------
    tuple
        (val(M), y) with y a tuple of Fractions.

    Raises
    ------
    GameError
        When ``M`` is not a non-empty matrix of numbers.

    Examples
    --------
    >>> minmax([[3, 1], [0, 2]])
    (Fraction(3, 2), (Fraction(1, 4), Fraction(3, 4)))
    """
    s = solve_matrix_game(M)
    return s.value, s.col


def safety_levels(game: BimatrixGame) -> tuple[Fraction, Fraction]:
    """(v_I, v_II) = (val(A), val(Bᵀ)): what each player can guarantee himself.

    Parameters
    ----------
    game : BimatrixGame
        The game.

    Returns
    -------
    tuple of Fraction
        (v_I, v_II).

    Raises
    ------
    GameError
        When ``game`` is not a :class:`BimatrixGame`.

    Examples
    --------
    >>> safety_levels(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    (Fraction(6, 5), Fraction(6, 5))
    """
    if not isinstance(game, BimatrixGame):
        raise GameError("safety_levels expects a BimatrixGame")
    return value(game.A), value(tuple(zip(*game.B)))


def safety_strategies(
    game: BimatrixGame,
) -> tuple[tuple[Fraction, tuple[Fraction, ...]], tuple[Fraction, tuple[Fraction, ...]]]:
    """((v_I, x), (v_II, y)): safety levels with strategies that guarantee them.

    x is a maxmin strategy of A (player I), y a maxmin strategy of Bᵀ (player II).

    Parameters
    ----------
    game : BimatrixGame
        The game.

    Returns
    -------
    tuple
        ((v_I, x), (v_II, y)), strategies as tuples of Fractions.

    Raises
    ------
    GameError
        When ``game`` is not a :class:`BimatrixGame`.

    Examples
    --------
    >>> (v1, x), (v2, y) = safety_strategies(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> v1, x, v2, y
    (Fraction(6, 5), (Fraction(2, 5), Fraction(3, 5)), Fraction(6, 5), (Fraction(3, 5), Fraction(2, 5)))
    """
    if not isinstance(game, BimatrixGame):
        raise GameError("safety_strategies expects a BimatrixGame")
    return maxmin(game.A), maxmin(tuple(zip(*game.B)))
