"""Iterated elimination of strictly dominated strategies in explicit bimatrix games, exact.

A column j of (A, B) is *strictly dominated* by a mixture w of the other columns when
Σ_k w_k B[i][k] > B[i][j] for every remaining row i (and symmetrically for rows, with
A). A strictly dominated strategy is never played in a Nash equilibrium, so removing it
loses no equilibria, and (for strict dominance) the order of removal does not change
the final game.

Each *round* looks at the current game G_r and finds, for both players, every strategy
strictly dominated by a pure strategy or by a mixture (the latter by an exact LP,
:func:`gamekit.lp.simplex.solve_lp`: maximize ε subject to Σ_k w_k M[i][k] − ε ≥ M[i][j], Σ w = 1,
w ≥ 0; dominated iff ε* > 0). All of them are removed together. The explanation record
names, for each removed strategy, a dominator among the strategies that survive the round
(one always exists: a maximal dominating mixture is supported on undominated
strategies) — a pure one when possible (the one with the largest margin), else the
mixture with the largest margin ε* — and the margin itself, so every line can be checked
by hand. Reproduces the first paper's reduction of Model A1's 2×16 game to 2×5
(Ethier & Lee, *Casino baccara chemin de fer as a bimatrix game*, Section 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt, integer_row

__all__ = ["DominanceStep", "DominanceResult", "iterated_dominance", "dominating_mixture", "dominance_margin"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class DominanceStep:
    """One eliminated strategy: in round ``round`` the ``player``'s (``"row"`` or
    ``"column"``) strategy ``dominated`` (index in the original game) is strictly
    dominated by the mixture ``by`` ((original index, weight), …); ``margin`` > 0 is the
    smallest payoff advantage of the mixture over the opponent strategies ``against``
    (original indices) still present in that round.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 3], [1, 1]], [[0, 0], [0, 0], [0, 0]])
    >>> step = iterated_dominance(g).steps[0]
    >>> step.player, step.dominated, step.kind, step.margin
    ('row', 2, 'mixed', Fraction(1, 2))
    >>> step.describe(["up", "down", "middle"])
    'round 1: row middle is strictly dominated by 1/2·up + 1/2·down (margin 1/2)'
    """

    round: int
    player: str
    dominated: int
    label: str
    by: tuple[tuple[int, Fraction], ...]
    kind: str
    margin: Fraction
    against: tuple[int, ...] = ()

    def describe(self, labels: Sequence[str] | None = None) -> str:
        name = (lambda i: labels[i]) if labels is not None else str
        if self.kind == "pure":
            dom = name(self.by[0][0])
        else:
            dom = " + ".join(f"{fmt(w)}·{name(i)}" for i, w in self.by)
        return (f"round {self.round}: {self.player} {name(self.dominated)} is strictly dominated "
                f"by {dom} (margin {fmt(self.margin)})")


@dataclass(frozen=True)
class DominanceResult:
    """The reduced game, the kept original indices and the explanation record.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> r = iterated_dominance(BimatrixGame([[3, 0, 1], [0, 3, 1]], [[1, 1, 0], [1, 1, 0]]))
    >>> r.rows, r.cols, r.game.shape
    ((0, 1), (0, 1), (2, 2))
    >>> print(r.explain())
    round 1: column 3 is strictly dominated by 1 (margin 1)
    >>> r.lift_col([Fraction(1, 2), Fraction(1, 2)])
    (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1))
    """

    original: BimatrixGame
    game: BimatrixGame
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    steps: tuple[DominanceStep, ...]
    rounds: int

    def explain(self) -> str:
        """One line per eliminated strategy."""
        out = []
        for s in self.steps:
            labels = self.original.row_labels if s.player == "row" else self.original.col_labels
            out.append(s.describe(labels))
        return "\n".join(out)

    def lift_row(self, x: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """A row mixed strategy of the reduced game, as one of the original game."""
        return _lift(x, self.rows, self.original.m)

    def lift_col(self, y: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """A column mixed strategy of the reduced game, as one of the original game."""
        return _lift(y, self.cols, self.original.n)


def _lift(v: Sequence[Fraction], kept: Sequence[int], size: int) -> tuple[Fraction, ...]:
    if len(v) != len(kept):
        raise GameError(f"strategy has {len(v)} entries, the reduced game has {len(kept)}")
    out = [_ZERO] * size
    for i, q in zip(kept, v):
        out[i] = Fraction(q)
    return tuple(out)


# -- integer payoff views (per-opponent-strategy scaling keeps dominance) ---------------------
def _views(game: BimatrixGame, player: str, scaled: bool = True) -> list[list]:
    """M[i][j]: payoff to ``player`` of own strategy j against opponent strategy i.

    ``scaled``: integers (each opponent strategy's row multiplied by a positive constant,
    which keeps every dominance relation but not the margins); else the exact Fractions.
    """
    M = [list(r) for r in game.B] if player == "column" else [list(col) for col in zip(*game.A)]
    return [integer_row(r) for r in M] if scaled else M  # per-row scaling keeps dominance


def _pure_dominators(M: list[list], opp: Sequence[int], own: Sequence[int], j: int) -> list[tuple[int, int]]:
    """(k, margin) for every pure k strictly dominating j (margin in the integer scale)."""
    out = []
    for k in own:
        if k == j:
            continue
        m = min(M[i][k] - M[i][j] for i in opp)
        if m > 0:
            out.append((k, m))
    return out


def _best_mixture(M: list[list], opp: Sequence[int], cands: Sequence[int], j: int,
                  ) -> tuple[Fraction, tuple[tuple[int, Fraction], ...]] | None:
    """max ε with Σ w_k M[i][k] − ε ≥ M[i][j] over mixtures w of ``cands`` (exact LP)."""
    from gamekit.lp.simplex import solve_lp

    K = len(cands)
    if K == 0:
        return None
    # quick necessary condition: j must not be (weakly) best against some opponent strategy
    for i in opp:
        if M[i][j] >= max(M[i][k] for k in cands):
            return None
    # variables: w_1..w_K, e+, e-
    A_ub = [[-M[i][k] for k in cands] + [1, -1] for i in opp]
    b_ub = [-M[i][j] for i in opp]
    A_eq = [[1] * K + [0, 0]]
    res = solve_lp([0] * K + [1, -1], A_ub, b_ub, A_eq, [1], maximize=True)
    if res.status != "optimal":
        raise CertificationError(f"dominance LP for strategy {j} ended {res.status}")
    x, value = res.x, res.value
    assert x is not None and value is not None  # status "optimal" carries both
    mix = tuple((cands[t], x[t]) for t in range(K) if x[t])
    return value, mix


def _exact_margin(game: BimatrixGame, player: str, rows: Sequence[int], cols: Sequence[int], j: int,
                  mix: Sequence[tuple[int, Fraction]]) -> Fraction:
    """The margin in the game's own units (not the scaled integers)."""
    if player == "column":
        return min(sum((w * game.B[i][k] for k, w in mix), _ZERO) - game.B[i][j] for i in rows)
    return min(sum((w * game.A[k][i] for k, w in mix), _ZERO) - game.A[j][i] for i in cols)


def dominance_margin(game: BimatrixGame, player: str, j: int, mixture: Sequence[tuple[int, Fraction]],
                     rows: Sequence[int] | None = None, cols: Sequence[int] | None = None) -> Fraction:
    """min over opponent strategies of (payoff of the mixture − payoff of j); > 0 means strict dominance.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    player : {"row", "column"}
        Whose strategy ``j`` is.
    j : int
        The strategy tested.
    mixture : sequence of (int, Fraction)
        (strategy index, weight) pairs, weights non-negative and summing to 1.
    rows, cols : sequence of int, optional
        The strategies still present (default: all).

    Returns
    -------
    Fraction
        The smallest payoff advantage of the mixture over ``j``.

    Raises
    ------
    GameError
        When ``player`` is unknown or the weights are not a probability vector.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 3], [1, 1]], [[0, 0], [0, 0], [0, 0]])
    >>> dominance_margin(g, "row", 2, [(0, Fraction(1, 2)), (1, Fraction(1, 2))])
    Fraction(1, 2)
    >>> dominance_margin(g, "row", 2, [(0, 1)])  # against column 1, row 0 pays less than row 2
    Fraction(-1, 1)
    """
    _check_player(player)
    r = tuple(range(game.m)) if rows is None else tuple(rows)
    c = tuple(range(game.n)) if cols is None else tuple(cols)
    mix = tuple((int(k), Fraction(w)) for k, w in mixture)
    if any(w < 0 for _, w in mix) or sum(w for _, w in mix) != 1:
        raise GameError("a dominating mixture needs non-negative weights summing to 1")
    return _exact_margin(game, player, r, c, j, mix)


def dominating_mixture(game: BimatrixGame, player: str, j: int, support: Sequence[int] | None = None,
                       rows: Sequence[int] | None = None, cols: Sequence[int] | None = None,
                       ) -> tuple[tuple[int, Fraction], ...] | None:
    """A mixture of ``support`` (default: all other strategies) strictly dominating
    strategy ``j`` of ``player`` against the given opponent strategies, with the largest
    margin; None when there is none. Exact.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    player : {"row", "column"}
        Whose strategy ``j`` is.
    j : int
        The strategy tested.
    support : sequence of int, optional
        The strategies the mixture may use (default: all but ``j``).
    rows, cols : sequence of int, optional
        The opponent's strategies to dominate against (default: all).

    Returns
    -------
    tuple of (int, Fraction) or None
        The dominating mixture as (index, weight) pairs, or None.

    Raises
    ------
    GameError
        When ``player`` is unknown or an index is out of range.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 3], [1, 1]], [[0, 0], [0, 0], [0, 0]])
    >>> dominating_mixture(g, "row", 2)
    ((0, Fraction(1, 2)), (1, Fraction(1, 2)))
    >>> dominating_mixture(g, "row", 0) is None
    True
    """
    _check_player(player)
    own_n = game.n if player == "column" else game.m
    if not 0 <= j < own_n:
        raise GameError(f"{player} strategy {j} out of range 0..{own_n - 1}")
    cands = [k for k in (range(own_n) if support is None else support) if k != j]
    if any(not 0 <= k < own_n for k in cands):
        raise GameError(f"support index out of range 0..{own_n - 1}")
    M = _views(game, player, scaled=False)
    opp = list(range(game.m)) if player == "column" else list(range(game.n))
    if player == "column" and rows is not None:
        opp = list(rows)
    if player == "row" and cols is not None:
        opp = list(cols)
    best = _best_mixture(M, opp, cands, j)
    if best is None or best[0] <= 0:
        return None
    return best[1]


def _check_player(player: str) -> None:
    if player not in ("row", "column"):
        raise GameError(f"player must be 'row' or 'column', got {player!r}")


def _dominated_set(M: list[list], opp: list[int], own: list[int], mixed: bool) -> set[int]:
    dom = set()
    for j in own:
        if _pure_dominators(M, opp, own, j):
            dom.add(j)
        elif mixed:
            best = _best_mixture(M, opp, [k for k in own if k != j], j)
            if best is not None and best[0] > 0:
                dom.add(j)
    return dom


def iterated_dominance(game: BimatrixGame, mixed: bool = True, players: Sequence[str] = ("row", "column"),
                       max_rounds: int | None = None) -> DominanceResult:
    """Iterated elimination of strictly dominated strategies (pure, and mixed if ``mixed``).

    Returns the reduced game (labels kept), the surviving original indices and the
    explanation record. ``players`` restricts elimination to one side (e.g.
    ``("column",)`` for player II only). Exact throughout.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    mixed : bool
        Also eliminate strategies dominated only by a mixture.
    players : sequence of {"row", "column"}
        Whose strategies may be eliminated.
    max_rounds : int, optional
        Stop after this many rounds (default: until nothing is dominated).

    Returns
    -------
    DominanceResult
        The reduced game, the kept original indices and one step per eliminated strategy.

    Raises
    ------
    GameError
        When ``game`` is not a :class:`BimatrixGame` or a player is unknown.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 3], [1, 1]], [[0, 0], [0, 0], [0, 0]])
    >>> iterated_dominance(g).rows, iterated_dominance(g, mixed=False).rows
    ((0, 1), (0, 1, 2))
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"expected a BimatrixGame, got {type(game).__name__}")
    for p in players:
        _check_player(p)
    rows = list(range(game.m))
    cols = list(range(game.n))
    views = _Views(_views(game, "row"), _views(game, "column"),  # integer views: detection
                   _views(game, "row", False), _views(game, "column", False))  # exact: margins
    steps: list[DominanceStep] = []
    rnd = 0
    while max_rounds is None or rnd < max_rounds:
        rnd += 1
        removed = _round(game, views, players, mixed, rows, cols, rnd, steps)
        if not removed["row"] and not removed["column"]:
            rnd -= 1
            break
        rows = [i for i in rows if i not in removed["row"]]
        cols = [j for j in cols if j not in removed["column"]]
    return DominanceResult(game, _subgame(game, rows, cols), tuple(rows), tuple(cols), tuple(steps), rnd)


@dataclass(frozen=True)
class _Views:
    """Each player's payoffs as lists (:func:`_views`): scaled integers (detection) and
    exact (margins)."""

    row: list[list]
    column: list[list]
    row_exact: list[list]
    column_exact: list[list]


def _round(game: BimatrixGame, views: _Views, players: Sequence[str], mixed: bool, rows: list[int],
           cols: list[int], rnd: int, steps: list[DominanceStep]) -> dict[str, set[int]]:
    """One round of elimination on the subgame ``rows`` × ``cols``: each player's strictly
    dominated strategies (against the round's opponent strategies), each recorded in
    ``steps`` with a certified dominator. Returns the removed strategies of each player."""
    removed: dict[str, set[int]] = {"row": set(), "column": set()}
    for player in players:
        if player == "column":
            M, Mf, own, opp = views.column, views.column_exact, cols, rows
        else:
            M, Mf, own, opp = views.row, views.row_exact, rows, cols
        if len(own) < 2:
            continue
        dom = _dominated_set(M, opp, own, mixed)
        survivors = [k for k in own if k not in dom]
        labels = game.col_labels if player == "column" else game.row_labels
        for j in sorted(dom):
            mix, kind = _dominator(Mf, opp, survivors, player, j)
            margin = _exact_margin(game, player, rows, cols, j, mix)
            if margin <= 0:  # pragma: no cover - checked exactly, must never happen
                raise CertificationError(f"recorded dominator of {player} {j} does not dominate")
            steps.append(DominanceStep(rnd, player, j, labels[j], mix, kind, margin, tuple(opp)))
        removed[player] = dom
    return removed


def _dominator(Mf: list[list], opp: Sequence[int], survivors: Sequence[int], player: str,
               j: int) -> tuple[tuple[tuple[int, Fraction], ...], str]:
    """The dominator recorded for the dominated strategy ``j``: the pure survivor with the
    largest margin (ties: the lowest index), else the best mixture of survivors; and its
    kind (``"pure"`` or ``"mixed"``)."""
    pure = _pure_dominators(Mf, opp, survivors, j)
    if pure:
        k = max(pure, key=lambda t: (t[1], -t[0]))[0]
        return ((k, Fraction(1)),), "pure"
    best = _best_mixture(Mf, opp, survivors, j)
    if best is None or best[0] <= 0:  # pragma: no cover - impossible by theory
        raise CertificationError(f"no undominated dominator for {player} {j}")
    mix = best[1]
    return mix, "pure" if len(mix) == 1 else "mixed"


def _subgame(game: BimatrixGame, rows: Sequence[int], cols: Sequence[int]) -> BimatrixGame:
    """The game restricted to ``rows`` × ``cols``, labels and title kept."""
    return BimatrixGame(
        [[game.A[i][j] for j in cols] for i in rows],
        [[game.B[i][j] for j in cols] for i in rows],
        row_labels=[game.row_labels[i] for i in rows],
        col_labels=[game.col_labels[j] for j in cols],
        title=game.title,
    )
