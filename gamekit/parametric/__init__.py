"""Parametric Foster's algorithm: additive 2×2ⁿ games whose weights are affine in α.

Ethier & Lee, *Baccara chemin de fer II*, section 3, done by machine: follow Lemma 2 as the
commission α moves through [lo, hi], find every α where the answer changes, and describe all
Nash equilibria for every α exactly.

* :class:`AffineAdditiveGame` — weights G⁰ + α·G¹ (module :mod:`.affine`).
* :func:`solve_parametric` → :class:`ParametricSolution` (module :mod:`.sweep`).
* :func:`analyze` — the complete equilibrium set at one exact α (module :mod:`.structure`).
* :class:`QuadraticSurd`, :func:`compare` — exact numbers a + b√c (module :mod:`.surd`).
* :class:`RationalFunction` — exact functions of α (module :mod:`.ratfunc`).
"""

from gamekit.parametric.affine import AffineAdditiveGame
from gamekit.exact.ratfunc import RationalFunction
from gamekit.parametric.structure import AlphaPoint, LiveData, Structure, analyze, live_data
from gamekit.exact.surd import (
    QuadraticSurd,
    compare,
    decimal_str,
    exact_str,
    quadratic_roots,
    sort_numbers,
)
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

__all__ = [
    "AffineAdditiveGame",
    "AlphaPoint",
    "ParametricEquilibrium",
    "CriticalPoint",
    "Curve",
    "CurveCase",
    "EquilibriumFormula",
    "Intersection",
    "LiveData",
    "ParametricSolution",
    "Piece",
    "PointCase",
    "QuadraticSurd",
    "RationalFunction",
    "Segment",
    "Structure",
    "analyze",
    "compare",
    "decimal_str",
    "exact_str",
    "live_data",
    "quadratic_roots",
    "solve_parametric",
    "sort_numbers",
]
