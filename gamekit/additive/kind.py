"""The additive game kind: :func:`gamekit.solve` and :func:`gamekit.is_equilibrium` of an
:class:`~gamekit.additive.game.AdditiveGame` (registered with :mod:`gamekit.core.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.registry import GameKind, check_options, register
from gamekit.core.result import SolverResult

__all__ = ["KIND"]


def _solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.additive.foster import solve_additive

    check_options(KIND, method, options, solve_additive)
    return solve_additive(game, **options)


def _is_equilibrium(game: Any, row: Sequence, col: Any = None) -> bool:
    from gamekit.additive.certify import is_equilibrium

    return is_equilibrium(game, row, col)


KIND = register(GameKind("gamekit.additive.game.AdditiveGame", ("additive",), _solve, _is_equilibrium))
