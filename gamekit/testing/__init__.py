"""Test oracles: exact cross-checks of solvers against independent computations (not solver code)."""

from gamekit.testing.additive_oracle import compare_with_explicit, crosscheck_solution

__all__ = ["compare_with_explicit", "crosscheck_solution"]
