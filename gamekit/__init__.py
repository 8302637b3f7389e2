"""gamekit: exact solvers for two-player (bimatrix) games.

Public API (see ``CONTRACT.md``)::

    g = gamekit.BimatrixGame(A, B)
    eqs = gamekit.solve(g, method="all")     # list[Equilibrium], exact
    gamekit.is_equilibrium(g, row, col)      # exact best-response check
    g = gamekit.read_nfg(path); gamekit.write_nfg(g, path)
"""

from .additive import AdditiveGame
from .dominance import DominanceResult, iterated_dominance
from .doubly_additive import DoublyAdditiveGame, solve_doubly_additive
from .equilibrium import Equilibrium, is_equilibrium, regret
from .errors import GameError, NfgFormatError, TooLargeError
from .exact import fmt, to_fraction
from .foster import AdditiveEquilibrium, AdditiveSolution, solve_additive
from .game import BimatrixGame
from .lp import LPResult, solve_lp
from .nfg import parse_nfg, read_nfg, write_nfg
from .reduction import Lemma1Reduction, materialize, reduce_lemma1
from .solve import METHODS, Component, SolveResult, solve, solve_result
from .zerosum import maxmin, minmax, safety_levels, solve_matrix_game, value

__all__ = [
    "AdditiveGame",
    "DoublyAdditiveGame",
    "solve_doubly_additive",
    "AdditiveEquilibrium",
    "AdditiveSolution",
    "solve_additive",
    "Lemma1Reduction",
    "reduce_lemma1",
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
