"""gamekit: exact, certified equilibria of two-player games.

Public API (see ``docs/api.md`` and ``docs/json.md``)::

    g = gamekit.BimatrixGame(A, B)            # or AdditiveGame, DoublyAdditiveGame, AffineAdditiveGame, ...
    r = gamekit.solve(g)                      # one entry point; a frozen SolverResult
    for e in r: ...                           # its equilibria, each certified exactly
    gamekit.is_equilibrium(g, row, col)       # exact best-response check, any game kind
    g = gamekit.read_nfg(path); gamekit.write_nfg(g, path)

A failed internal check raises :class:`CertificationError` (not a :class:`GameError`).
The top level holds the games, :func:`solve`, the results, the errors, I/O and
certification; the documented sub-APIs are the subpackages (``gamekit.exact`` exact
numbers, ``gamekit.parametric`` parametric proofs, ``gamekit.additive``,
``gamekit.doubly_additive``, ``gamekit.bimatrix``, ``gamekit.lp``, ``gamekit.io``,
``gamekit.core``), each with its ``__all__``; ``gamekit.<subpackage>`` works after
``import gamekit``.

The package is imported lazily: ``import gamekit`` loads no solver, numpy, scipy or sympy;
each public name below is imported from its submodule on first use (PEP 562).
"""

from __future__ import annotations

import importlib

from gamekit.core.lazy import load

TYPE_CHECKING = False  # not `from typing import ...`: the console scripts start before typing is loaded (#28)

__version__ = "0.1.0"

#: public name -> the module that defines it (the one table; ``__all__`` is its keys)
_LAZY: dict[str, str] = {
    # games
    "BimatrixGame": "gamekit.core.game",
    "AdditiveGame": "gamekit.additive.game",
    "DoublyAdditiveGame": "gamekit.doubly_additive.game",
    "AffineAdditiveGame": "gamekit.parametric.affine",
    "AffineDoublyAdditiveGame": "gamekit.doubly_additive.parametric",
    "ExtensiveGame": "gamekit.extensive.game",
    # solving and the exact test
    "solve": "gamekit.dispatch",
    "is_equilibrium": "gamekit.dispatch",
    # results
    "SolverResult": "gamekit.core.result",
    "Method": "gamekit.core.result",
    "Equilibrium": "gamekit.core.equilibrium",
    "SolveResult": "gamekit.bimatrix.solve",
    "AdditiveSolution": "gamekit.additive.solution",
    "DoublyAdditiveSolution": "gamekit.doubly_additive.result",
    "ParametricSolution": "gamekit.parametric.solution",
    "ParametricDASolution": "gamekit.doubly_additive.param_cells",
    "ExtensiveSolution": "gamekit.extensive.solve",
    # errors
    "GameError": "gamekit.core.errors",
    "CertificationError": "gamekit.core.errors",
    "NfgFormatError": "gamekit.core.errors",
    "TooLargeError": "gamekit.core.errors",
    # certification
    "certify_profile": "gamekit.core.certify",
    "is_certified": "gamekit.core.certify",
    # exact numbers in and out, I/O
    "fmt": "gamekit.core.numbers",
    "to_fraction": "gamekit.core.numbers",
    "parse_nfg": "gamekit.io.nfg",
    "read_nfg": "gamekit.io.nfg",
    "write_nfg": "gamekit.io.nfg",
    "read_efg": "gamekit.extensive.efg",
    "write_efg": "gamekit.extensive.efg",
    "EfgFormatError": "gamekit.extensive.efg",
    # logit quantal response equilibria (issue #25)
    "qre": "gamekit.quantal.trace",
    "qre_at": "gamekit.quantal.certified",
    "qre_fit": "gamekit.quantal.fit",
}

#: the documented sub-APIs, reachable as ``gamekit.<name>`` after ``import gamekit``
_SUBPACKAGES = ("core", "exact", "kernel", "lp", "bimatrix", "additive", "doubly_additive", "parametric", "refine",
                "quantal", "dynamics", "generators", "io", "extensive", "web")

__all__ = list(_LAZY)


def __getattr__(name: str) -> Any:
    """Import a public name (or a sub-API package) on first access (PEP 562)."""
    if name in _SUBPACKAGES:
        return importlib.import_module(f"gamekit.{name}")
    return load(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only; the names of _LAZY,
    # re-exported explicitly (``X as X``)
    from gamekit.additive.game import AdditiveGame as AdditiveGame
    from gamekit.additive.solution import AdditiveSolution as AdditiveSolution
    from gamekit.bimatrix.solve import SolveResult as SolveResult
    from gamekit.core.certify import certify_profile as certify_profile
    from gamekit.core.certify import is_certified as is_certified
    from gamekit.core.equilibrium import Equilibrium as Equilibrium
    from gamekit.core.errors import CertificationError as CertificationError
    from gamekit.core.errors import GameError as GameError
    from gamekit.core.errors import NfgFormatError as NfgFormatError
    from gamekit.core.errors import TooLargeError as TooLargeError
    from gamekit.core.game import BimatrixGame as BimatrixGame
    from gamekit.core.numbers import fmt as fmt
    from gamekit.core.numbers import to_fraction as to_fraction
    from gamekit.core.result import Method as Method
    from gamekit.core.result import SolverResult as SolverResult
    from gamekit.dispatch import is_equilibrium as is_equilibrium
    from gamekit.dispatch import solve as solve
    from gamekit.doubly_additive.game import DoublyAdditiveGame as DoublyAdditiveGame
    from gamekit.doubly_additive.param_cells import ParametricDASolution as ParametricDASolution
    from gamekit.doubly_additive.parametric import (
        AffineDoublyAdditiveGame as AffineDoublyAdditiveGame,
    )
    from gamekit.doubly_additive.result import DoublyAdditiveSolution as DoublyAdditiveSolution
    from gamekit.extensive.efg import EfgFormatError as EfgFormatError
    from gamekit.extensive.efg import read_efg as read_efg
    from gamekit.extensive.efg import write_efg as write_efg
    from gamekit.extensive.game import ExtensiveGame as ExtensiveGame
    from gamekit.extensive.solve import ExtensiveSolution as ExtensiveSolution
    from gamekit.io.nfg import parse_nfg as parse_nfg
    from gamekit.io.nfg import read_nfg as read_nfg
    from gamekit.io.nfg import write_nfg as write_nfg
    from gamekit.parametric.affine import AffineAdditiveGame as AffineAdditiveGame
    from gamekit.parametric.solution import ParametricSolution as ParametricSolution
    from gamekit.quantal.certified import qre_at as qre_at
    from gamekit.quantal.fit import qre_fit as qre_fit
    from gamekit.quantal.trace import qre as qre

if TYPE_CHECKING:  # (annotations are strings: `Any` is only needed by type checkers)
    from typing import Any
