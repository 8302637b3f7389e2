"""``gamekit.solve``: one entry point for every game kind, one result protocol.

=========================  ==================================  ===============================
game                       ``method`` (default first)          result
=========================  ==================================  ===============================
``BimatrixGame``           ``"all"``, ``"vertex_enumeration"``, :class:`~gamekit.bimatrix.solve.SolveResult`
                           ``"lemke_howson"``,
                           ``"support_enumeration"``, ``"pure"``
                           ``"perfect"``, ``"proper"``         :class:`~gamekit.refine.result.RefinementResult`
``AdditiveGame`` (m×2ⁿ)    ``"additive"``                      :class:`~gamekit.additive.foster.AdditiveSolution`
``DoublyAdditiveGame``     ``"doubly_additive"``               :class:`~gamekit.doubly_additive.result.DoublyAdditiveSolution`
``AffineAdditiveGame``     ``"parametric"``                    :class:`~gamekit.parametric.sweep.ParametricSolution`
=========================  ==================================  ===============================

Every result follows :class:`~gamekit.core.result.SolverResult` (``game``, ``method``,
``equilibria``, ``complete``, ``unique``, ``components``, ``certificate``, ``to_json()``), is
frozen, and is the sequence of its equilibria; every equilibrium in it passed the exact
test of :mod:`gamekit.core.certify`. Options are the keyword arguments of the per-kind
functions (:func:`~gamekit.bimatrix.solve.solve_result`,
:func:`~gamekit.additive.foster.solve_additive`,
:func:`~gamekit.doubly_additive.enumeration.solve_doubly_additive`,
:func:`~gamekit.parametric.sweep.solve_parametric`), which stay available as typed
wrappers; an option the chosen method does not take is a :class:`GameError`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.result import BimatrixMethod, SearchMode, SolverResult

__all__ = ["solve", "BimatrixMethod", "SearchMode", "METHODS_BY_KIND"]

#: Valid ``method`` values per game kind (the first is the default).
METHODS_BY_KIND: dict[str, tuple[str, ...]] = {
    "BimatrixGame": ("all", "vertex_enumeration", "lemke_howson", "support_enumeration", "pure",
                     "perfect", "proper"),
    "AdditiveGame": ("additive",),
    "DoublyAdditiveGame": ("doubly_additive",),
    "AffineAdditiveGame": ("parametric",),
}


def _keyword_options(func: Callable) -> tuple[str, ...]:
    sig = inspect.signature(func)
    return tuple(n for n, p in sig.parameters.items()
                 if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is not p.empty)


def _check(kind: str, method: str | None, options: dict, func: Callable) -> None:
    valid = METHODS_BY_KIND[kind]
    if method is not None and method not in valid:
        raise GameError(f"unknown method {method!r} for a {kind}; valid methods: {', '.join(valid)}")
    allowed = _keyword_options(func)
    for key in options:
        if key not in allowed:
            raise GameError(f"unknown option {key!r} for method {valid[0]!r} (valid: {', '.join(allowed) or 'none'})")


def _kind(game: Any) -> str:
    from gamekit.additive.game import AdditiveGame
    from gamekit.core.game import BimatrixGame
    from gamekit.doubly_additive.game import DoublyAdditiveGame
    from gamekit.parametric.affine import AffineAdditiveGame

    for cls in (BimatrixGame, AdditiveGame, DoublyAdditiveGame, AffineAdditiveGame):
        if isinstance(game, cls):
            return cls.__name__
    raise GameError(
        "solve expects a BimatrixGame, AdditiveGame, DoublyAdditiveGame or AffineAdditiveGame, "
        f"got {type(game).__name__}"
    )


#: Refinements of the Nash equilibria of a bimatrix game (``gamekit.refine``); no options.
REFINEMENTS = ("perfect", "proper")


def _refinement(game: Any, method: str, options: dict) -> SolverResult:
    """``method="perfect"``/``"proper"`` of a bimatrix game (:mod:`gamekit.refine`)."""
    if options:
        raise GameError(f"unknown option {next(iter(options))!r} for method {method!r} (valid: none)")
    if method == "perfect":
        from gamekit.refine.perfect import perfect_equilibria

        return perfect_equilibria(game)
    from gamekit.refine.proper import proper_equilibria

    return proper_equilibria(game)


def solve(game: Any, method: str | None = None, **options: Any) -> SolverResult:
    """Every (extreme) equilibrium of ``game`` that ``method`` finds, certified exactly.

    See the module doc for the game kinds, methods and results. ``gamekit.solve(g)`` of a
    bimatrix game is ``solve_result(g, "all")``: iterating over it gives
    :class:`~gamekit.core.equilibrium.Equilibrium` objects (``.row``, ``.col``,
    ``.payoffs``); for additive games each equilibrium has ``.row`` (player I's mixed
    strategy) and ``.draw`` (player II's probability of move 1 at every information set).
    """
    kind = _kind(game)
    if kind == "BimatrixGame" and method in REFINEMENTS:
        return _refinement(game, method, options)
    if kind == "BimatrixGame":
        from gamekit.bimatrix.solve import solve_result

        # solve_result validates the method and its options itself (its messages name them)
        return solve_result(game, "all" if method is None else method, **options)
    if kind == "AdditiveGame":
        from gamekit.additive.foster import solve_additive

        _check(kind, method, options, solve_additive)
        return solve_additive(game, **options)
    if kind == "DoublyAdditiveGame":
        from gamekit.doubly_additive.enumeration import solve_doubly_additive

        _check(kind, method, options, solve_doubly_additive)
        return solve_doubly_additive(game, **options)
    from gamekit.parametric.sweep import solve_parametric

    _check(kind, method, options, solve_parametric)
    return solve_parametric(game, **options)
