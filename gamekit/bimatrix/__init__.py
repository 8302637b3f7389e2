"""Exact equilibrium algorithms for bimatrix games.

:func:`gamekit.solve` of a :class:`~gamekit.core.game.BimatrixGame` runs
:func:`solve_result` (module ``solve``), which dispatches to the algorithms of this package
(dominance, 2×N envelope, vertex enumeration, Lemke–Howson, support enumeration, pure).
The strategies of method ``"all"`` and the one function that picks one for ``"auto"`` are in
``policy``; those of method ``"lemke_howson"`` (``float_path``, ``exact``) in ``lh_policy``.

Public names (imported lazily): :func:`solve_result`, :class:`SolveResult`,
:class:`Component`, :data:`METHODS`, :func:`iterated_dominance`, :func:`dominating_mixture`,
:class:`DominanceResult`, :class:`DominanceStep`.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "solve_result": "solve",
    "SolveResult": "solve",
    "Component": "solve",
    "Parameters": "solve",
    "METHODS": "solve",
    "iterated_dominance": "dominance",
    "dominating_mixture": "dominance",
    "dominance_margin": "dominance",
    "DominanceResult": "dominance",
    "DominanceStep": "dominance",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
