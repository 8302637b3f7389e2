"""Equilibrium refinements of bimatrix games, exact and certified (``docs/refinements.md``).

* :func:`perfect_equilibria` / :func:`is_perfect` — Selten's (normal-form) perfect
  equilibria: every extreme one and the perfect part of every maximal Nash subset
  (``gamekit.solve(g, method="perfect")``);
* :func:`component_indices` — the index of every connected component of the equilibrium
  set (sum +1), index-0 components flagged, essential true/false/undecided;
* :func:`ess` / :func:`is_ess` — evolutionarily stable strategies of symmetric games;
* :func:`proper_equilibria` / :func:`proper_verdict` — Myerson's proper equilibria, decided
  where the criteria of :mod:`gamekit.refine.proper` apply (``method="proper"``);
* :func:`lexicographic_proper` / :func:`check_proper_certificate` — one proper equilibrium
  of every (small) bimatrix game with exact ε-proper profiles as its certificate.

This package sits above :mod:`gamekit.bimatrix` and :mod:`gamekit.lp` and imports only
downward; its names are imported lazily on first use.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "perfect_equilibria": "perfect",
    "is_perfect": "perfect",
    "component_indices": "index",
    "ComponentIndex": "index",
    "IndexReport": "index",
    "ess": "ess",
    "is_ess": "ess",
    "ESSResult": "ess",
    "proper_equilibria": "proper",
    "proper_verdict": "proper",
    "ProperVerdict": "proper",
    "lexicographic_proper": "permutahedron",
    "check_proper_certificate": "permutahedron",
    "ProperCertificate": "permutahedron",
    "RefinementResult": "result",
    "Verdict": "dominance",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
