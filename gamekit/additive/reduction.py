"""Forced moves (reduction by strict dominance) and materialization of additive games.

Ethier & Lee, *Baccara chemin de fer II*, Lemma 1. With the weighted gains
G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)] (``AdditiveGame.b_gains``) put

    T₀ = {l : G_u(l) < 0 for every row u},   T₁ = {l : G_u(l) > 0 for every row u},
    T_* = the rest,  n_* = |T_*|.

If T₁ ⊄ T or T ⊄ T₁ ∪ T_*, the pure strategy T is strictly dominated by T ∪ {l₀} (l₀ ∈ T₁∖T)
or T ∖ {l₀} (l₀ ∈ T ∩ T₀): the payoff changes by ±G_u(l₀) > 0 against *every* row. So the
m×2ⁿ game reduces to m×2^{n_*} with no loss of Nash equilibria: every equilibrium plays
move 1 on T₁ and move 0 on T₀ with probability one.

The definition uses the *weighted* gains. When every p_u(l) > 0 (the paper's hypothesis)
this is the paper's T₀/T₁; when some p_u(l) = 0 the information set cannot be reached
against row u, the improvement is only weak, and the set is (correctly) kept in T_*.

:func:`materialize` writes the explicit m×2^{n_*} :class:`BimatrixGame` (or m×2ⁿ with
``reduce=False``), refusing with :class:`TooLargeError` above a column limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.game import BimatrixGame

__all__ = [
    "DEFAULT_COLUMN_LIMIT",
    "ForcedMoves",
    "forced_moves",
    "materialize",
    "materialized_columns",
    "column_label",
]

#: Default largest number of columns :func:`materialize` writes down (2¹⁶).
DEFAULT_COLUMN_LIMIT = 1 << 16

_ZERO = Fraction(0)


@dataclass(frozen=True)
class ForcedMoves:
    """Player II's forced moves and the reduced game (Lemma 1 of Ethier–Lee II): the sets
    T₀ (move 0 strictly dominant), T₁ (move 1 strictly dominant), T_* (the rest).

    ``forced_0`` (the paper's T₀), ``forced_1`` (T₁) and ``free`` (T_*) are indices in the full
    game; information set i of ``reduced`` is ``free[i]`` of the full game (labels are kept).

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "f"], [0, 0], [[(0, 1), (0, 2)], [(0, -1), (0, 2)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 0)], [(0, 1), (0, 0)]])
    >>> fm = forced_moves(g)  # move 1 at "f" is strictly dominant for player II
    >>> fm.forced_1, fm.free, fm.reduced.infosets
    ((1,), (0,), ('s',))
    """

    full: AdditiveGame
    reduced: AdditiveGame
    forced_0: tuple[int, ...]
    forced_1: tuple[int, ...]
    free: tuple[int, ...]

    @property
    def n_free(self) -> int:
        """|free| (the paper's n_* = |T_*|), the number of information sets left strategic."""
        return len(self.free)

    def lift_set(self, S: Iterable[int]) -> frozenset[int]:
        """Full-game pure strategy T₁ ∪ S for a reduced-game pure strategy S."""
        return frozenset(self.forced_1).union(self.free[i] for i in S)

    def lift_behaviour(self, draw: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """Full-game behaviour strategy: 1 on T₁, 0 on T₀, the given values on T_*."""
        if len(draw) != self.n_free:
            raise GameError(f"reduced behaviour strategy has {len(draw)} entries, expected {self.n_free}")
        y = [_ZERO] * self.full.n
        for l in self.forced_1:
            y[l] = Fraction(1)
        for i, l in enumerate(self.free):
            y[l] = Fraction(draw[i])
        return tuple(y)

    def lift_mixture(self, mixture: Iterable[tuple[Iterable[int], Fraction]]):
        """Full-game mixture for a reduced-game mixture."""
        return tuple((self.lift_set(S), q) for S, q in mixture)

    def restrict_behaviour(self, draw: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """The T_* part of a full-game behaviour strategy (which must be 1 on T₁, 0 on T₀)."""
        if len(draw) != self.full.n:
            raise GameError(f"behaviour strategy has {len(draw)} entries, expected {self.full.n}")
        if any(draw[l] != 1 for l in self.forced_1) or any(draw[l] != 0 for l in self.forced_0):
            raise GameError("this behaviour strategy uses moves that Lemma 1 shows strictly dominated")
        return tuple(Fraction(draw[l]) for l in self.free)


def _classify(game: AdditiveGame) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    gains = [game.b_gains(u) for u in range(game.m)]
    T0, T1, Ts = [], [], []
    for l in range(game.n):
        col = [G[l] for G in gains]
        if all(g < 0 for g in col):
            T0.append(l)
        elif all(g > 0 for g in col):
            T1.append(l)
        else:
            Ts.append(l)
    return tuple(T0), tuple(T1), tuple(Ts)


def _fold(base: Sequence[Fraction], move: Sequence, T0: Sequence[int], T1: Sequence[int]) -> list[Fraction]:
    out = []
    for u, b0 in enumerate(base):
        w = move[u]
        out.append(b0 + sum((w[l][0] for l in T0), _ZERO) + sum((w[l][1] for l in T1), _ZERO))
    return out


def forced_moves(game: AdditiveGame) -> ForcedMoves:
    """Fold player II's strictly dominant (forced) moves on T₀ ∪ T₁ into the base payoffs
    (Lemma 1 of Ethier–Lee II). O(mn).

    Parameters
    ----------
    game : AdditiveGame
        The game.

    Returns
    -------
    ForcedMoves
        The reduced game on the free information sets and the forced ones.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "f"], [0, 0], [[(0, 1), (0, 2)], [(0, -1), (0, 2)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 0)], [(0, 1), (0, 0)]])
    >>> forced_moves(g).forced_1
    (1,)
    """
    T0, T1, Ts = _classify(game)
    b_base = _fold(game.b_base, game.b_move, T0, T1)
    b_move = [[game.b_move[u][l] for l in Ts] for u in range(game.m)]
    a_base = a_move = None
    a_func: Callable[[int, frozenset[int]], Fraction] | None = None
    if game.a_move is not None:
        a_base = _fold(game.a_base, game.a_move, T0, T1)  # type: ignore[arg-type]
        a_move = [[game.a_move[u][l] for l in Ts] for u in range(game.m)]
    else:
        full_func = game.a_func
        T1set = frozenset(T1)

        def a_func(u: int, S: frozenset[int]) -> Fraction:
            return full_func(u, T1set.union(Ts[i] for i in S))  # type: ignore[misc]

    prob = None
    if game.prob is not None:
        prob = [[game.prob[u][l] for l in Ts] for u in range(game.m)]
    title = f"{game.title} (forced moves removed)" if game.title else "forced moves removed"
    reduced = AdditiveGame(
        game.rows,
        [game.infosets[l] for l in Ts],
        b_base,
        b_move,
        a_base=a_base,
        a_move=a_move,
        a_func=a_func,
        prob=prob,
        title=title,
    )
    return ForcedMoves(game, reduced, T0, T1, Ts)


# -- materialization ---------------------------------------------------------------------------
def column_label(bits: Sequence[int], moves: tuple[str, str] = ("0", "1")) -> str:
    """The move string of a pure strategy: one character per kept information set."""
    return "".join(moves[b] for b in bits)


def _check_size(n: int, limit: int) -> int:
    if n > 62 or (1 << n) > limit:
        size = f"2^{n}" if n > 20 else f"2^{n} = {1 << n}"
        raise TooLargeError(
            f"materializing would create {size} columns, above the limit {limit}; "
            "use solve_additive on the compact game or raise the limit"
        )
    return 1 << n


def _column_sets(n: int) -> list[frozenset[int]]:
    # column j: information set i is in T iff bit (n-1-i) of j is set (the paper's order
    # SSSS, SSSD, SSDS, …: the first information set is the most significant move)
    return [frozenset(i for i in range(n) if (j >> (n - 1 - i)) & 1) for j in range(1 << n)]


def materialized_columns(game: AdditiveGame, limit: int = DEFAULT_COLUMN_LIMIT,
                         reduce: bool = True) -> tuple[frozenset[int], ...]:
    """Full-game subsets T of the columns of :func:`materialize` (same arguments), in order."""
    if reduce:
        red = forced_moves(game)
        _check_size(red.n_free, limit)
        return tuple(red.lift_set(S) for S in _column_sets(red.n_free))
    _check_size(game.n, limit)
    return tuple(_column_sets(game.n))


def materialize(game: AdditiveGame, limit: int = DEFAULT_COLUMN_LIMIT, reduce: bool = True,
                moves: tuple[str, str] = ("0", "1")) -> BimatrixGame:
    """The explicit m×2^{n_*} bimatrix game (m×2ⁿ with ``reduce=False``).

    Column j is the pure strategy whose move at the i-th kept information set is bit
    (n_*−1−i) of j (first information set most significant, the paper's SSSS, SSSD, …
    order); its label is the move string, e.g. ``"DSDS"`` with ``moves=("S", "D")``.
    Time O(m·2^{n_*}) additions for additive payoffs (each column differs from an earlier
    one in one information set).

    Parameters
    ----------
    game : AdditiveGame
        The game.
    limit : int
        Largest number of columns written.
    reduce : bool
        Remove the forced moves first (:func:`forced_moves`).
    moves : tuple of str
        Labels of move 0 and move 1.

    Returns
    -------
    BimatrixGame
        The explicit game, columns labelled by move strings.

    Raises
    ------
    TooLargeError
        When 2^{n_*} > ``limit``.
    GameError
        When ``moves`` is not a pair.

    Examples
    --------
    >>> from gamekit import AdditiveGame
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> b = materialize(g, moves=("S", "D"))
    >>> b.shape, b.col_labels
    ((2, 4), ('SS', 'SD', 'DS', 'DD'))
    """
    if len(moves) != 2:
        raise GameError("moves must be a pair of labels (move 0, move 1)")
    g = forced_moves(game).reduced if reduce else game
    n = g.n
    N = _check_size(n, limit)
    sets = _column_sets(n)
    labels = [column_label([(j >> (n - 1 - i)) & 1 for i in range(n)], moves) for j in range(N)]
    if n == 0:
        labels = ["-"]  # no strategic information set left: one (forced) pure strategy

    def additive_rows(const: Callable[[int], Fraction], gains: Callable[[int], tuple]) -> list[list[Fraction]]:
        rows = []
        for u in range(g.m):
            G = gains(u)
            r = [const(u)] * N
            for j in range(1, N):
                low = j & -j  # lowest set bit ↔ information set n-1-log2(low)
                r[j] = r[j ^ low] + G[n - low.bit_length()]
            rows.append(r)
        return rows

    B = additive_rows(g.b_const, g.b_gains)
    if g.a_move is not None:
        A = additive_rows(g.a_const, g.a_gains)
    else:
        A = [[g.a(u, sets[j]) for j in range(N)] for u in range(g.m)]
    title = g.title or "materialized additive game"
    return BimatrixGame(A, B, row_labels=g.rows, col_labels=labels, title=title)
