"""gamekit: exact, certified equilibria of two-player games.

Public API (see ``docs/json.md`` and ``docs/api.md``)::

    g = gamekit.BimatrixGame(A, B)            # or AdditiveGame, DoublyAdditiveGame, AffineAdditiveGame
    r = gamekit.solve(g)                      # one entry point; a frozen SolverResult
    for e in r: ...                           # its equilibria, each certified exactly
    gamekit.is_equilibrium(g, row, col)       # exact best-response check, any game kind
    g = gamekit.read_nfg(path); gamekit.write_nfg(g, path)

A failed internal check raises :class:`CertificationError` (not a :class:`GameError`).

The package is imported lazily: ``import gamekit`` loads no solver, numpy, scipy or sympy;
each public name below is imported from its submodule on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> (module, attribute)
_LAZY: dict[str, tuple[str, str]] = {
    "BimatrixGame": ("gamekit.core.game", "BimatrixGame"),
    "Equilibrium": ("gamekit.core.equilibrium", "Equilibrium"),
    "CandidateEquilibrium": ("gamekit.core.equilibrium", "CandidateEquilibrium"),
    "regret": ("gamekit.core.equilibrium", "regret"),
    "is_equilibrium": ("gamekit.core.certify", "is_equilibrium"),
    "certify_profile": ("gamekit.core.certify", "certify_profile"),
    "is_certified": ("gamekit.core.certify", "is_certified"),
    "CertificationError": ("gamekit.core.errors", "CertificationError"),
    "GameError": ("gamekit.core.errors", "GameError"),
    "NfgFormatError": ("gamekit.core.errors", "NfgFormatError"),
    "TooLargeError": ("gamekit.core.errors", "TooLargeError"),
    "fmt": ("gamekit.core.numbers", "fmt"),
    "to_fraction": ("gamekit.core.numbers", "to_fraction"),
    "SolverResult": ("gamekit.core.result", "SolverResult"),
    "Method": ("gamekit.core.result", "Method"),
    "solve": ("gamekit.dispatch", "solve"),
    "BimatrixMethod": ("gamekit.core.result", "BimatrixMethod"),
    "SearchMode": ("gamekit.core.result", "SearchMode"),
    "METHODS": ("gamekit.bimatrix.solve", "METHODS"),
    "Component": ("gamekit.bimatrix.solve", "Component"),
    "SolveResult": ("gamekit.bimatrix.solve", "SolveResult"),
    "solve_result": ("gamekit.bimatrix.solve", "solve_result"),
    "DominanceResult": ("gamekit.bimatrix.dominance", "DominanceResult"),
    "iterated_dominance": ("gamekit.bimatrix.dominance", "iterated_dominance"),
    "AdditiveGame": ("gamekit.additive.game", "AdditiveGame"),
    "AdditiveEquilibrium": ("gamekit.additive.foster", "AdditiveEquilibrium"),
    "AdditiveSolution": ("gamekit.additive.foster", "AdditiveSolution"),
    "EquilibriumCell": ("gamekit.additive.foster", "EquilibriumCell"),
    "FosterCertificate": ("gamekit.additive.foster", "FosterCertificate"),
    "solve_additive": ("gamekit.additive.foster", "solve_additive"),
    "ForcedMoves": ("gamekit.additive.reduction", "ForcedMoves"),
    "forced_moves": ("gamekit.additive.reduction", "forced_moves"),
    "materialize": ("gamekit.additive.reduction", "materialize"),
    "DoublyAdditiveGame": ("gamekit.doubly_additive.game", "DoublyAdditiveGame"),
    "DoublyAdditiveSolution": ("gamekit.doubly_additive.result", "DoublyAdditiveSolution"),
    "BehaviourEquilibrium": ("gamekit.doubly_additive.result", "BehaviourEquilibrium"),
    "NashSubset": ("gamekit.doubly_additive.result", "NashSubset"),
    "ConnectedComponent": ("gamekit.doubly_additive.result", "ConnectedComponent"),
    "DoublyAdditiveCertificate": ("gamekit.doubly_additive.result", "Certificate"),
    "solve_doubly_additive": ("gamekit.doubly_additive.enumeration", "solve_doubly_additive"),
    "AffineAdditiveGame": ("gamekit.parametric.affine", "AffineAdditiveGame"),
    "ParametricSolution": ("gamekit.parametric.sweep", "ParametricSolution"),
    "ParametricEquilibrium": ("gamekit.parametric.sweep", "ParametricEquilibrium"),
    "EquilibriumFormula": ("gamekit.parametric.sweep", "EquilibriumFormula"),
    "Segment": ("gamekit.parametric.sweep", "Segment"),
    "CriticalPoint": ("gamekit.parametric.sweep", "CriticalPoint"),
    "Piece": ("gamekit.parametric.sweep", "Piece"),
    "Structure": ("gamekit.parametric.structure", "Structure"),
    "Curve": ("gamekit.parametric.sweep", "Curve"),
    "Intersection": ("gamekit.parametric.sweep", "Intersection"),
    "CurveCase": ("gamekit.parametric.sweep", "CurveCase"),
    "PointCase": ("gamekit.parametric.sweep", "PointCase"),
    "DominanceStep": ("gamekit.bimatrix.dominance", "DominanceStep"),
    "CaseRecord": ("gamekit.additive.foster", "CaseRecord"),
    "solve_parametric": ("gamekit.parametric.sweep", "solve_parametric"),
    "parse_nfg": ("gamekit.io.nfg", "parse_nfg"),
    "read_nfg": ("gamekit.io.nfg", "read_nfg"),
    "write_nfg": ("gamekit.io.nfg", "write_nfg"),
    "LPResult": ("gamekit.lp.simplex", "LPResult"),
    "LPIterationLimit": ("gamekit.lp.simplex", "LPIterationLimit"),
    "solve_lp": ("gamekit.lp.simplex", "solve_lp"),
    "ZeroSumSolution": ("gamekit.lp.zerosum", "ZeroSumSolution"),
    "maxmin": ("gamekit.lp.zerosum", "maxmin"),
    "minmax": ("gamekit.lp.zerosum", "minmax"),
    "safety_levels": ("gamekit.lp.zerosum", "safety_levels"),
    "solve_matrix_game": ("gamekit.lp.zerosum", "solve_matrix_game"),
    "value": ("gamekit.lp.zerosum", "value"),
    # issue 25: QRE, learning dynamics, generators ("" = the module itself)
    "generators": ("gamekit.generators", ""),
    "dynamics": ("gamekit.dynamics", ""),
    "qre": ("gamekit.quantal.trace", "qre"),
    "qre_at": ("gamekit.quantal.certified", "qre_at"),
    "qre_fit": ("gamekit.quantal.fit", "qre_fit"),
}

__all__ = [
    "AdditiveEquilibrium",
    "AdditiveGame",
    "AdditiveSolution",
    "AffineAdditiveGame",
    "BehaviourEquilibrium",
    "BimatrixGame",
    "BimatrixMethod",
    "CandidateEquilibrium",
    "CaseRecord",
    "CertificationError",
    "certify_profile",
    "Component",
    "ConnectedComponent",
    "CriticalPoint",
    "Curve",
    "CurveCase",
    "DominanceResult",
    "DominanceStep",
    "DoublyAdditiveCertificate",
    "DoublyAdditiveGame",
    "DoublyAdditiveSolution",
    "Equilibrium",
    "EquilibriumCell",
    "EquilibriumFormula",
    "fmt",
    "FosterCertificate",
    "GameError",
    "Intersection",
    "is_certified",
    "is_equilibrium",
    "iterated_dominance",
    "ForcedMoves",
    "LPIterationLimit",
    "LPResult",
    "materialize",
    "maxmin",
    "Method",
    "METHODS",
    "minmax",
    "NashSubset",
    "NfgFormatError",
    "ParametricEquilibrium",
    "ParametricSolution",
    "parse_nfg",
    "Piece",
    "PointCase",
    "read_nfg",
    "forced_moves",
    "regret",
    "safety_levels",
    "SearchMode",
    "Segment",
    "solve",
    "solve_additive",
    "solve_doubly_additive",
    "solve_lp",
    "solve_matrix_game",
    "solve_parametric",
    "solve_result",
    "SolveResult",
    "SolverResult",
    "Structure",
    "to_fraction",
    "TooLargeError",
    "value",
    "write_nfg",
    "ZeroSumSolution",
    # issue 25
    "dynamics",
    "generators",
    "qre",
    "qre_at",
    "qre_fit",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its submodule on first access (PEP 562)."""
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'gamekit' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attr) if attr else importlib.import_module(module)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from gamekit.additive.foster import (
        AdditiveEquilibrium,
        AdditiveSolution,
        CaseRecord,
        EquilibriumCell,
        FosterCertificate,
        solve_additive,
    )
    from gamekit.additive.game import AdditiveGame
    from gamekit.additive.reduction import ForcedMoves, forced_moves, materialize
    from gamekit.bimatrix.dominance import DominanceResult, DominanceStep, iterated_dominance
    from gamekit.bimatrix.solve import METHODS, Component, SolveResult, solve_result
    from gamekit.core.certify import certify_profile, is_certified, is_equilibrium
    from gamekit.core.equilibrium import CandidateEquilibrium, Equilibrium, regret
    from gamekit.core.errors import CertificationError, GameError, NfgFormatError, TooLargeError
    from gamekit.core.game import BimatrixGame
    from gamekit.core.numbers import fmt, to_fraction
    from gamekit.core.result import BimatrixMethod, Method, SearchMode, SolverResult
    from gamekit.dispatch import solve
    from gamekit.doubly_additive.enumeration import solve_doubly_additive
    from gamekit.doubly_additive.game import DoublyAdditiveGame
    from gamekit.doubly_additive.result import (
        BehaviourEquilibrium,
        ConnectedComponent,
        DoublyAdditiveSolution,
        NashSubset,
    )
    from gamekit.doubly_additive.result import Certificate as DoublyAdditiveCertificate
    from gamekit.io.nfg import parse_nfg, read_nfg, write_nfg
    from gamekit.lp.simplex import LPIterationLimit, LPResult, solve_lp
    from gamekit.lp.zerosum import (
        ZeroSumSolution,
        maxmin,
        minmax,
        safety_levels,
        solve_matrix_game,
        value,
    )
    from gamekit.parametric.affine import AffineAdditiveGame
    from gamekit.parametric.structure import Structure
    from gamekit.parametric.sweep import (
        CriticalPoint,
        Curve,
        CurveCase,
        EquilibriumFormula,
        Intersection,
        ParametricEquilibrium,
        ParametricSolution,
        Piece,
        PointCase,
        Segment,
        solve_parametric,
    )
