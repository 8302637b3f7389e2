"""The bottom layer: game data, numbers, errors, the result protocol, the certifier's seal,
the game-kind registry. Imports nothing else of gamekit.

Public names (imported lazily): the bimatrix game and its equilibria, the errors, exact
number parsing and printing, the result protocol and method vocabulary, certification
(:func:`certify_profile`, :func:`is_certified`, :func:`certify_matrix_game`) and the
game-kind registry (:class:`GameKind`, :func:`register`, :func:`kind_of`).
"""

from __future__ import annotations

from gamekit.core.lazy import load

TYPE_CHECKING = False  # typing is not imported at start-up (#28)
if TYPE_CHECKING:
    from typing import Any

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "BimatrixGame": "game",
    "Equilibrium": "equilibrium",
    "CandidateEquilibrium": "equilibrium",
    "regret": "equilibrium",
    "GameError": "errors",
    "CertificationError": "errors",
    "NfgFormatError": "errors",
    "TooLargeError": "errors",
    "SearchBudgetExceeded": "errors",
    "to_fraction": "numbers",
    "to_fraction_vector": "numbers",
    "fmt": "numbers",
    "parse_fraction": "numbers",
    "common_denominator": "numbers",
    "integer_row": "numbers",
    "primitive_integers": "numbers",
    "SolverResult": "result",
    "ResultSequence": "result",
    "Method": "result",
    "BimatrixMethod": "result",
    "AdditiveAlgorithm": "result",
    "SearchMode": "result",
    "methods": "result",
    "certify_profile": "certify",
    "certify_matrix_game": "certify",
    "is_certified": "certify",
    "seal": "certify",
    "GameKind": "registry",
    "register": "registry",
    "kind_of": "registry",
    "kinds": "registry",
    "check_options": "registry",
    "type_path": "registry",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
