"""The extensive game kind: :func:`gamekit.solve` and :func:`gamekit.is_equilibrium` of an
:class:`~gamekit.extensive.game.ExtensiveGame` (registered with :mod:`gamekit.core.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.registry import GameKind, check_options, register
from gamekit.core.result import SolverResult

__all__ = ["KIND"]


def _solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.extensive.solve import solve_extensive

    check_options(KIND, method, options, solve_extensive)
    return solve_extensive(game, method or "lemke", **options)  # type: ignore[arg-type]


def _is_equilibrium(game: Any, row: Sequence, col: Sequence) -> bool:
    from gamekit.extensive.certify import is_extensive_equilibrium

    return is_extensive_equilibrium(game, row, col)


KIND = register(GameKind("gamekit.extensive.game.ExtensiveGame", ("lemke", "zerosum", "backward_induction", "all"),
                         _solve, _is_equilibrium))
