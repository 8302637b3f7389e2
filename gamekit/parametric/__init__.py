"""Parametric Foster's algorithm: additive 2×2ⁿ games whose weights are affine in α.

Ethier & Lee, *Baccara chemin de fer II*, section 3, done by machine: follow Lemma 2 as the
commission α moves through [lo, hi], find every α where the answer changes, and describe all
Nash equilibria for every α exactly. The exact numbers it computes with (quadratic surds,
rational functions, real algebraic numbers) are in :mod:`gamekit.exact`.

* :class:`AffineAdditiveGame` — weights G⁰ + α·G¹ (module ``affine``).
* :func:`solve_parametric` (module ``sweep``) → :class:`ParametricSolution` (module
  ``solution``); what :func:`gamekit.solve` runs for an :class:`AffineAdditiveGame`.
* :func:`analyze` — the complete equilibrium set at one exact α (module ``structure``).
* :func:`prove_unique` and the families of module ``family_proof`` — proofs for every
  integer parameter n; :func:`count_faces` — the regions of the (α, p) rectangle.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "AffineAdditiveGame": "affine",
    "two_curve_example": "affine",
    "solve_parametric": "sweep",
    "ParametricSolution": "solution",
    "ParametricEquilibrium": "solution",
    "EquilibriumFormula": "solution",
    "Segment": "solution",
    "CriticalPoint": "solution",
    "Piece": "solution",
    "Curve": "solution",
    "Intersection": "solution",
    "CurveCase": "solution",
    "PointCase": "solution",
    "Structure": "structure",
    "AlphaPoint": "structure",
    "LiveData": "structure",
    "analyze": "structure",
    "live_data": "structure",
    "count_faces": "arrangement",
    "curve_pieces": "arrangement",
    "AffineFamily": "family_proof",
    "FamilyProof": "family_proof",
    "CurveRange": "family_proof",
    "classify_sets": "family_proof",
    "prove_unique": "family_proof",
    "det_on_curve": "family_proof",
    "end_signs": "family_proof",
    "family_from_ints": "family_proof",
    "certify_parametric": "certify",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
