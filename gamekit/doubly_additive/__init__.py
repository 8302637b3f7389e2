"""Doubly additive games: both players choose at information sets, payoffs bilinear.

See :mod:`gamekit.doubly_additive.game` for the model and
:mod:`gamekit.doubly_additive.enumeration` for the exact enumeration of all equilibria.
"""

from gamekit.doubly_additive.enumeration import solve_doubly_additive
from gamekit.doubly_additive.game import (
    BilinearForm,
    DoublyAdditiveBuilder,
    DoublyAdditiveGame,
    index_of_subset,
    subset_of_index,
)
from gamekit.doubly_additive.param_cells import ParametricDASolution
from gamekit.doubly_additive.parametric import (
    AffineDoublyAdditiveGame,
    solve_parametric_doubly_additive,
)
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.doubly_additive.result import (
    BehaviourEquilibrium,
    Certificate,
    ConnectedComponent,
    DoublyAdditiveSolution,
    NashSubset,
)

__all__ = [
    "AffineDoublyAdditiveGame",
    "ParametricDASolution",
    "solve_parametric_doubly_additive",
    "BehaviourEquilibrium",
    "BilinearForm",
    "Certificate",
    "ConnectedComponent",
    "DoublyAdditiveBuilder",
    "DoublyAdditiveGame",
    "DoublyAdditiveSolution",
    "NashSubset",
    "box_polytope_vertices",
    "index_of_subset",
    "solve_doubly_additive",
    "subset_of_index",
]
