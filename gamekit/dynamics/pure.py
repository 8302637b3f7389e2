"""Best-response dynamics in pure strategies (exact)."""

from __future__ import annotations

import numpy as np

from gamekit.core.game import BimatrixGame
from gamekit.dynamics.fictitious import _integer_payoffs
from gamekit.dynamics.trajectory import Trajectory, check_game, check_steps

__all__ = ["best_response_dynamics"]


def best_response_dynamics(game: BimatrixGame, steps: int, *, start: tuple[int, int] = (0, 0)) -> Trajectory:
    """Alternating best-response dynamics on pure profiles.

    From ``start`` = (i, j), the players take turns (row player first); a player who is
    not playing a best response switches to the best response of lowest index (exact
    comparisons). A profile where neither wants to switch is a pure Nash equilibrium:
    the process stops there and it is the ``limit`` (certified). Otherwise it runs
    ``steps`` revisions (it may cycle: ``info["cycle"]`` is the repeating profiles).

    Parameters
    ----------
    game
        The game.
    steps
        Maximal number of revisions.
    start
        Initial pure profile.

    Returns
    -------
    Trajectory
        ``row``/``col`` are the pure strategies as unit vectors.

    Raises
    ------
    GameError
        On bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> t = best_response_dynamics(BimatrixGame([[1, -1], [-1, 1]]), 8)   # matching pennies cycles
    >>> t.limit is None, t.info["cycle"]
    (True, [[0, 0], [0, 1], [1, 1], [1, 0]])
    """
    from gamekit.core.equilibrium import Equilibrium
    from gamekit.core.errors import GameError

    game = check_game(game, "best_response_dynamics")
    steps = check_steps(steps)
    i, j = start
    if not (0 <= i < game.m and 0 <= j < game.n):
        raise GameError(f"start {start} is not a profile of the {game.m}x{game.n} game")
    A, Bt = _integer_payoffs(game)
    path = [(i, j)]
    limit = None
    for step in range(steps):
        col_a = [A[r][j] for r in range(game.m)]
        row_b = [Bt[c][i] for c in range(game.n)]
        bi = col_a.index(max(col_a))
        bj = row_b.index(max(row_b))
        if col_a[i] == max(col_a) and row_b[j] == max(row_b):
            limit = Equilibrium.from_strategies(game, [int(r == i) for r in range(game.m)],
                                                [int(c == j) for c in range(game.n)])
            break
        row_moves = col_a[i] < max(col_a) and (step % 2 == 0 or row_b[j] == max(row_b))
        if row_moves:  # the player whose turn it is moves, unless he is at a best response
            i = bi
        else:
            j = bj
        path.append((i, j))
    seen: dict[tuple[int, int], int] = {}
    cycle: list[list[int]] = []
    for k, p in enumerate(path):
        if p in seen:
            cycle = [list(q) for q in path[seen[p]:k]]
            break
        seen[p] = k
    R = np.eye(game.m)[[p[0] for p in path]]
    C = np.eye(game.n)[[p[1] for p in path]]
    info = {"profiles": [list(p) for p in path], "cycle": cycle if limit is None else []}
    return Trajectory("best-response", np.arange(len(path), dtype=float), R, C, limit,
                      0.0 if limit is not None else float("nan"), info)
