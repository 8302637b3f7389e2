"""Two-player extensive-form games with perfect recall: Gambit ``.efg`` files, the sequence
form, Lemke's algorithm on the sequence-form LCP, zero-sum LPs and backward induction.

Public names (imported lazily): :class:`ExtensiveGame` and its tree literals (:class:`Leaf`,
:class:`Move`, :class:`Chance`), :func:`read_efg`, :func:`parse_efg`, :func:`write_efg`,
:func:`format_efg`, :class:`EfgFormatError`, :class:`SequenceForm`, :func:`sequence_form`,
:func:`solve_extensive`, :class:`ExtensiveSolution`, :class:`BehaviourProfile`,
:func:`is_extensive_equilibrium`, :func:`reduced_normal_form`.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "ExtensiveGame": "game",
    "Leaf": "game",
    "Move": "game",
    "Chance": "game",
    "Infoset": "game",
    "Node": "game",
    "Outcome": "game",
    "EfgFormatError": "efg",
    "read_efg": "efg",
    "parse_efg": "efg",
    "write_efg": "efg",
    "format_efg": "efg",
    "SequenceForm": "sequence_form",
    "sequence_form": "sequence_form",
    "reduced_normal_form": "sequence_form",
    "solve_extensive": "solve",
    "ExtensiveSolution": "solve",
    "BehaviourProfile": "certify",
    "is_extensive_equilibrium": "certify",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
