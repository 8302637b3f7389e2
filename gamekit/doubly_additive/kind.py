"""The doubly additive game kinds: :func:`gamekit.solve` and :func:`gamekit.is_equilibrium` of a
:class:`~gamekit.doubly_additive.game.DoublyAdditiveGame` and of an
:class:`~gamekit.doubly_additive.parametric.AffineDoublyAdditiveGame` (registered with
:mod:`gamekit.core.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.registry import GameKind, check_options, register
from gamekit.core.result import SolverResult

__all__ = ["KIND", "PARAMETRIC_KIND"]


def _solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.doubly_additive.enumeration import solve_doubly_additive

    check_options(KIND, method, options, solve_doubly_additive)
    return solve_doubly_additive(game, **options)


def _is_equilibrium(game: Any, row: Sequence, col: Sequence) -> bool:
    from gamekit.doubly_additive.certify import is_equilibrium

    return is_equilibrium(game, row, col)


def _solve_parametric(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.doubly_additive.parametric import solve_parametric_doubly_additive

    check_options(PARAMETRIC_KIND, method, options, solve_parametric_doubly_additive)
    return solve_parametric_doubly_additive(game, **options)


def _is_parametric_equilibrium(game: Any, row: Sequence, col: Sequence, *, alpha: Any = None) -> bool:
    if alpha is None:
        raise GameError("is_equilibrium of a game with a parameter needs alpha=")
    return _is_equilibrium(game.at(alpha), row, col)


KIND = register(GameKind("gamekit.doubly_additive.game.DoublyAdditiveGame", ("doubly_additive",),
                         _solve, _is_equilibrium))
PARAMETRIC_KIND = register(GameKind("gamekit.doubly_additive.parametric.AffineDoublyAdditiveGame",
                                    ("parametric_doubly_additive",), _solve_parametric,
                                    _is_parametric_equilibrium, has_parameter=True))
