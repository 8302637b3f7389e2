"""Doubly additive games: both players choose at information sets, payoffs bilinear.

:func:`gamekit.solve` of a :class:`DoublyAdditiveGame` runs :func:`solve_doubly_additive`
(module ``enumeration``); of an :class:`AffineDoublyAdditiveGame` (payoffs affine in α),
:func:`solve_parametric_doubly_additive` (module ``parametric``). Results are certified by
:mod:`gamekit.doubly_additive.certify`.

Public names (imported lazily): the games, the solvers, their results and the certifier.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "DoublyAdditiveGame": "game",
    "DoublyAdditiveBuilder": "game",
    "BilinearForm": "game",
    "index_of_subset": "game",
    "subset_of_index": "game",
    "solve_doubly_additive": "enumeration",
    "DoublyAdditiveSolution": "result",
    "BehaviourEquilibrium": "result",
    "NashSubset": "result",
    "ConnectedComponent": "result",
    "Certificate": "result",
    "AffineDoublyAdditiveGame": "parametric",
    "solve_parametric_doubly_additive": "parametric",
    "ParametricDASolution": "param_cells",
    "ParamEquilibrium": "param_cells",
    "certify_doubly_additive": "certify",
    "eventual_equilibria": "eventual",
    "EventualResult": "eventual",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
