"""gamekit: exact solvers for two-player (bimatrix) games.

Public API (see ``CONTRACT.md``)::

    g = gamekit.BimatrixGame(A, B)
    eqs = gamekit.solve(g, method="all")     # list[Equilibrium], exact
    gamekit.is_equilibrium(g, row, col)      # exact best-response check
    g = gamekit.read_nfg(path); gamekit.write_nfg(g, path)
"""

from .additive import AdditiveGame
from .equilibrium import Equilibrium, is_equilibrium, regret
from .errors import GameError, NfgFormatError, TooLargeError
from .exact import fmt, to_fraction
from .game import BimatrixGame
from .solve import METHODS, Component, SolveResult, solve, solve_result

__all__ = [
    "AdditiveGame",
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
]

__version__ = "0.1.0"
