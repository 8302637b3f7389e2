"""Equilibrium refinements of bimatrix games, exact and certified (``docs/refinements.md``).

* :func:`perfect_equilibria` / :func:`is_perfect` — Selten's (normal-form) perfect
  equilibria: every extreme one and the perfect part of every maximal Nash subset
  (``gamekit.solve(g, method="perfect")``);
* :func:`component_indices` — the index of every connected component of the equilibrium
  set (sum +1), index-0 components flagged, essential true/false/undecided;
* :func:`ess` / :func:`is_ess` — evolutionarily stable strategies of symmetric games;
* :func:`proper_equilibria` / :func:`proper_verdict` — Myerson's proper equilibria, decided
  where the criteria of :mod:`gamekit.refine.proper` apply (``method="proper"``).

This package sits above :mod:`gamekit.bimatrix` and :mod:`gamekit.lp` and imports only
downward; its names are imported lazily on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_LAZY: dict[str, str] = {
    "perfect_equilibria": "gamekit.refine.perfect",
    "is_perfect": "gamekit.refine.perfect",
    "component_indices": "gamekit.refine.index",
    "ComponentIndex": "gamekit.refine.index",
    "IndexReport": "gamekit.refine.index",
    "ess": "gamekit.refine.ess",
    "is_ess": "gamekit.refine.ess",
    "ESSResult": "gamekit.refine.ess",
    "proper_equilibria": "gamekit.refine.proper",
    "proper_verdict": "gamekit.refine.proper",
    "ProperVerdict": "gamekit.refine.proper",
    "RefinementResult": "gamekit.refine.result",
    "Verdict": "gamekit.refine.dominance",
}

__all__ = [
    "ComponentIndex",
    "ESSResult",
    "IndexReport",
    "ProperVerdict",
    "RefinementResult",
    "Verdict",
    "component_indices",
    "ess",
    "is_ess",
    "is_perfect",
    "perfect_equilibria",
    "proper_equilibria",
    "proper_verdict",
]


def __getattr__(name: str) -> Any:
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'gamekit.refine' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:  # pragma: no cover
    from gamekit.refine.dominance import Verdict
    from gamekit.refine.ess import ESSResult, ess, is_ess
    from gamekit.refine.index import ComponentIndex, IndexReport, component_indices
    from gamekit.refine.perfect import is_perfect, perfect_equilibria
    from gamekit.refine.proper import ProperVerdict, proper_equilibria, proper_verdict
    from gamekit.refine.result import RefinementResult
