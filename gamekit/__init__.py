"""gamekit: exact solvers for two-player (bimatrix) games.

Public API (see ``CONTRACT.md``)::

    g = gamekit.BimatrixGame(A, B)
    eqs = gamekit.solve(g, method="all")     # list[Equilibrium], exact
    gamekit.is_equilibrium(g, row, col)      # exact best-response check
    g = gamekit.read_nfg(path); gamekit.write_nfg(g, path)
"""

from gamekit.additive.foster import AdditiveEquilibrium, AdditiveSolution, solve_additive
from gamekit.additive.game import AdditiveGame
from gamekit.additive.reduction import ForcedMoves, forced_moves, materialize
from gamekit.bimatrix.dominance import DominanceResult, iterated_dominance
from gamekit.bimatrix.solve import METHODS, Component, SolveResult, solve, solve_result
from gamekit.core.equilibrium import Equilibrium, is_equilibrium, regret
from gamekit.core.errors import GameError, NfgFormatError, TooLargeError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt, to_fraction
from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive
from gamekit.io.nfg import parse_nfg, read_nfg, write_nfg
from gamekit.lp.simplex import LPResult, solve_lp
from gamekit.lp.zerosum import maxmin, minmax, safety_levels, solve_matrix_game, value

__all__ = [
    "AdditiveGame",
    "DoublyAdditiveGame",
    "solve_doubly_additive",
    "AdditiveEquilibrium",
    "AdditiveSolution",
    "solve_additive",
    "ForcedMoves",
    "forced_moves",
    "materialize",
    "DominanceResult",
    "iterated_dominance",
    "BimatrixGame",
    "Equilibrium",
    "GameError",
    "NfgFormatError",
    "TooLargeError",
    "METHODS",
    "Component",
    "SolveResult",
    "solve",
    "solve_result",
    "fmt",
    "is_equilibrium",
    "regret",
    "to_fraction",
    "LPResult",
    "solve_lp",
    "parse_nfg",
    "read_nfg",
    "write_nfg",
    "maxmin",
    "minmax",
    "safety_levels",
    "solve_matrix_game",
    "value",
]

__version__ = "0.1.0"
