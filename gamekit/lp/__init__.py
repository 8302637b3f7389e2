"""Exact linear programming and zero-sum games.

Public names (imported lazily): :func:`solve_lp` (exact simplex, certified by
:func:`verify_lp`), :class:`LPResult`, :class:`LPIterationLimit`, and the matrix-game
functions :func:`solve_matrix_game`, :func:`value`, :func:`maxmin`, :func:`minmax`,
:func:`safety_levels`, :func:`safety_strategies`, :class:`ZeroSumSolution`.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "LPResult": "simplex",
    "LPIterationLimit": "simplex",
    "solve_lp": "simplex",
    "verify_lp": "simplex",
    "ZeroSumSolution": "zerosum",
    "solve_matrix_game": "zerosum",
    "value": "zerosum",
    "maxmin": "zerosum",
    "minmax": "zerosum",
    "safety_levels": "zerosum",
    "safety_strategies": "zerosum",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
