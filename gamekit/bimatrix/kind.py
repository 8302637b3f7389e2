"""The bimatrix game kind: :func:`gamekit.solve` and :func:`gamekit.is_equilibrium` of a
:class:`~gamekit.core.game.BimatrixGame` (registered with :mod:`gamekit.core.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.registry import GameKind, register
from gamekit.core.result import BimatrixMethod, SolverResult, methods

__all__ = ["KIND"]


def _solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.bimatrix.solve import solve_result

    # solve_result validates the method and its options itself (its messages name them)
    return solve_result(game, "all" if method is None else method, **options)  # type: ignore[arg-type]


def _is_equilibrium(game: Any, row: Sequence, col: Sequence) -> bool:
    from gamekit.core.equilibrium import is_equilibrium

    return is_equilibrium(game, row, col)


KIND = register(GameKind("gamekit.core.game.BimatrixGame", methods(BimatrixMethod), _solve, _is_equilibrium))
