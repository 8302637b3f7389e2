"""Additive m×2ⁿ games (Ethier–Lee II, Lemma 1): player II chooses a move at each of n
information sets, payoffs additive over the sets.

:func:`gamekit.solve` of an :class:`AdditiveGame` runs :func:`solve_additive` (Foster's
algorithm for two rows, the arrangement solver for more); every result is certified by
:mod:`gamekit.additive.certify`.

Public names (imported lazily): the game, the solvers and their results, the behaviour-
strategy helpers, the reduction to forced moves, the certifier and the explicit cross-check.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "AdditiveGame": "game",
    "solve_additive": "foster",
    "solve_many_rows": "many_rows",
    "AdditiveSolution": "solution",
    "AdditiveEquilibrium": "solution",
    "EquilibriumCell": "solution",
    "CaseRecord": "solution",
    "FosterCertificate": "solution",
    "ManyRowSolution": "many_rows",
    "breakpoints": "two_rows",
    "foster_classes": "two_rows",
    "is_additive_equilibrium": "behaviour",
    "col_best_response": "behaviour",
    "row_best_responses": "behaviour",
    "payoffs": "behaviour",
    "ForcedMoves": "reduction",
    "forced_moves": "reduction",
    "materialize": "reduction",
    "certify_additive": "certify",
    "certify_additive_profile": "certify",
    "certify_additive_solution": "certify",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
