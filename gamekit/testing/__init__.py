"""Test oracles: exact cross-checks of solvers against independent computations (not solver code).

No solver imports this package. The additive cross-check that the solver option
``solve_additive(g, cross_check=True)`` runs lives with the solver
(:mod:`gamekit.additive.crosscheck`).
"""

__all__: list[str] = []
