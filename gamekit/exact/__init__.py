"""Exact numbers and exact algebra, below every game kind.

The number types and algebra the solvers of the game kinds compute with, all exact:

* quadratic surds a + b·√c and their order (module ``surd``): :class:`QuadraticSurd`,
  :func:`compare`, :func:`sort_numbers`, :func:`exact_str`, :func:`decimal_str`, …; their
  quadratic extensions a + b·√e, e ∈ ℚ(√c) (module ``tower``): :class:`QuadraticTower`;
* real algebraic numbers, real-root isolation and exact signs (module ``algebraic``):
  :class:`RealAlgebraic`, :func:`real_roots`, :func:`compare_numbers`, …;
* the exact text of these numbers read back (module ``number_text``): :func:`number_from_str`;
* real algebraic number fields ℚ(α) of any degree (module ``number_field``):
  :class:`NumberField`, :class:`FieldElement`, :func:`field_element`;
* polynomials and rational functions of one parameter (module ``ratfunc``):
  :class:`RationalFunction`, :func:`poly`, :func:`peval`, …;
* sign cells of polynomials on an interval (module ``cells``): :func:`sign_cells`;
* signs of polynomials proved for every integer n ≥ n₀ (module ``uniform_sign``):
  :func:`integer_sign`, :func:`box_sign`, …;
* sign conditions along the arc of two multilinear equations in (x, y, t) (module
  ``arcs``): :func:`multilinear_arc`; on the solutions of several such equations, two of them
  depending on t (module ``systems``): :func:`multilinear_system`, :func:`arc_union`;
* algebraic functions a + b·√D of one parameter on an interval, every comparison decided
  for the whole interval at once (module ``interval_field``): :class:`IntervalFunction`,
  :class:`SignInterval`;
* the vertices of a box cut by equalities (double description; module ``polytope``):
  :func:`box_polytope_vertices`.

This layer imports only :mod:`gamekit.core` (and python-flint); every name is imported
lazily from its module on first use.

Examples
--------
>>> from gamekit.exact import QuadraticSurd, compare
>>> compare(QuadraticSurd.make(0, 1, 2), 1)  # sqrt(2) > 1
1
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it
_EXPORTS: dict[str, str] = {
    "Number": "surd",
    "QuadraticSurd": "surd",
    "surd_sign": "surd",
    "sign": "surd",
    "compare": "surd",
    "sort_numbers": "surd",
    "quadratic_roots": "surd",
    "is_square": "surd",
    "exact_str": "surd",
    "decimal_str": "surd",
    "to_sympy": "surd",
    "rational_bounds": "surd",
    "simplest_between": "surd",
    "simplest_in_closed": "surd",
    "QuadraticTower": "tower",
    "sqrt_in_field": "tower",
    "NumberField": "number_field",
    "FieldElement": "number_field",
    "field_element": "number_field",
    "RealAlgebraic": "algebraic",
    "int_poly": "algebraic",
    "descartes_bound": "algebraic",
    "real_roots": "algebraic",
    "roots_in": "algebraic",
    "divides": "algebraic",
    "sign_at": "algebraic",
    "compare_numbers": "algebraic",
    "sort_unique": "algebraic",
    "number_str": "algebraic",
    "number_from_str": "number_text",
    "number_decimal": "algebraic",
    "rational_inside": "algebraic",
    "Poly": "ratfunc",
    "poly": "ratfunc",
    "padd": "ratfunc",
    "psub": "ratfunc",
    "pmul": "ratfunc",
    "pdot": "ratfunc",
    "pscale": "ratfunc",
    "pdivmod": "ratfunc",
    "pgcd": "ratfunc",
    "peval": "ratfunc",
    "pstr": "ratfunc",
    "RationalFunction": "ratfunc",
    "SignCell": "cells",
    "sign_cells": "cells",
    "IntegerSignCertificate": "uniform_sign",
    "BoxSignCertificate": "uniform_sign",
    "to_poly": "uniform_sign",
    "integer_sign": "uniform_sign",
    "eventual_sign": "uniform_sign",
    "box_sign": "uniform_sign",
    "bernstein_in_n": "uniform_sign",
    "box_polytope_vertices": "polytope",
    "SignUndecided": "interval_field",
    "SignInterval": "interval_field",
    "IntervalFunction": "interval_field",
    "identical": "interval_field",
    "EventualSigns": "eventual_field",
    "ring": "eventual_field",
    "ArcResult": "arcs",
    "multilinear_arc": "arcs",
    "multilinear_system": "systems",
    "arc_union": "systems",
    "multilinear_value": "arcs",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
