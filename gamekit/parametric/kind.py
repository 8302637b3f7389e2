"""The parametric additive game kind: :func:`gamekit.solve` and :func:`gamekit.is_equilibrium`
of an :class:`~gamekit.parametric.affine.AffineAdditiveGame` (registered with
:mod:`gamekit.core.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.registry import GameKind, check_options, register
from gamekit.core.result import SolverResult

__all__ = ["KIND"]


def _solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    from gamekit.parametric.sweep import solve_parametric

    check_options(KIND, method, options, solve_parametric)
    return solve_parametric(game, **options)


def _is_equilibrium(game: Any, row: Sequence, col: Any = None, *, alpha: Any = None) -> bool:
    from gamekit.parametric.certify import is_equilibrium

    return is_equilibrium(game, row, col, alpha=alpha)


KIND = register(GameKind("gamekit.parametric.affine.AffineAdditiveGame", ("parametric",), _solve, _is_equilibrium,
                         has_parameter=True))
