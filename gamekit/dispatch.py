"""``gamekit.solve``: one entry point for every game kind, one result protocol.

=======
============================  =====================================  ======================================
game                          ``method`` (default first)             result
============================  =====================================  ======================================
``BimatrixGame``              ``"all"``, ``"vertex_enumeration"``,   :class:`~gamekit.bimatrix.solve.SolveResult`
                              ``"lemke_howson"``,
                              ``"support_enumeration"``, ``"pure"``
``AdditiveGame`` (m×2ⁿ)       ``"additive"``                         :class:`~gamekit.additive.solution.AdditiveSolution`
``DoublyAdditiveGame``        ``"doubly_additive"``                  :class:`~gamekit.doubly_additive.result.DoublyAdditiveSolution`
``AffineAdditiveGame``        ``"parametric"``                       :class:`~gamekit.parametric.solution.ParametricSolution`
``AffineDoublyAdditiveGame``  ``"parametric_doubly_additive"``       :class:`~gamekit.doubly_additive.param_cells.ParametricDASolution`
``BimatrixGame`` (refined)    ``"perfect"``, ``"proper"``            :class:`~gamekit.refine.result.RefinementResult`
``ExtensiveGame``             ``"lemke"``, ``"zerosum"``,            :class:`~gamekit.extensive.solve.ExtensiveSolution`
                              ``"backward_induction"``, ``"all"``
============================  =====================================  ======================================

Every result follows :class:`~gamekit.core.result.SolverResult` (``game``, ``method``,
``equilibria``, ``complete``, ``unique``, ``components``, ``certificate``, ``to_json()``), is
frozen, and is the sequence of its equilibria; every equilibrium in it passed the exact
exact test of its game kind. Options are the keyword arguments of the per-kind functions
(:func:`~gamekit.bimatrix.solve.solve_result`, :func:`~gamekit.additive.foster.solve_additive`,
:func:`~gamekit.doubly_additive.enumeration.solve_doubly_additive`,
:func:`~gamekit.doubly_additive.parametric.solve_parametric_doubly_additive`,
:func:`~gamekit.parametric.sweep.solve_parametric`), which stay available as typed
wrappers; an option the chosen method does not take is a :class:`GameError`.

Each game kind registers its ``solve`` and its exact equilibrium test in its own module
``kind`` (:mod:`gamekit.core.registry`); this module only names those modules
(:data:`KIND_MODULES`) and looks the game's kind up — no ladder of game types.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.registry import GameKind, kind_of, kinds
from gamekit.core.result import BimatrixMethod, SearchMode, SolverResult

__all__ = ["solve", "is_equilibrium", "methods_by_kind", "BimatrixMethod", "SearchMode", "KIND_MODULES"]

#: The modules that register the built-in game kinds (one line per kind).
KIND_MODULES: tuple[str, ...] = (
    "gamekit.bimatrix.kind",
    "gamekit.additive.kind",
    "gamekit.doubly_additive.kind",
    "gamekit.parametric.kind",
    "gamekit.extensive.kind",
)


@functools.cache
def _load_kinds() -> None:
    """Import every module of :data:`KIND_MODULES` (each registers its kind on first import;
    no solver is loaded). Idempotent, so done once per process: ``importlib.import_module``
    of five loaded modules cost ≈ 4 µs per :func:`solve`, as much as a whole small solve."""
    for module in KIND_MODULES:
        importlib.import_module(module)


def _kind(game: Any) -> GameKind:
    _load_kinds()  # every kind registered before the look-up: a subclass never finds its base's kind
    return kind_of(game)


def methods_by_kind() -> dict[str, tuple[str, ...]]:
    """The ``method`` strings each game kind accepts, the default first.

    Returns
    -------
    dict
        Game type name -> its methods.

    Examples
    --------
    >>> from gamekit.dispatch import methods_by_kind
    >>> methods_by_kind()["AdditiveGame"]
    ('additive',)
    """
    _load_kinds()
    out = {k.name: k.methods for k in kinds()}
    out["BimatrixGame"] = out["BimatrixGame"] + REFINEMENTS
    return out


#: Refinements of the Nash equilibria of a bimatrix game (``gamekit.refine``); no options.
REFINEMENTS = ("perfect", "proper")


def _refinement(game: Any, method: str, options: dict[str, Any]) -> SolverResult:
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
    bimatrix game is ``solve_result(g, "all")`` (options ``strategy=`` and ``threads=`` choose
    the algorithm: :mod:`gamekit.bimatrix.policy`): iterating over it gives
    :class:`~gamekit.core.equilibrium.Equilibrium` objects (``.row``, ``.col``,
    ``.payoffs``); for additive games each equilibrium has ``.row`` (player I's mixed
    strategy) and ``.draw`` (player II's probability of move 1 at every information set).

    Parameters
    ----------
    game : BimatrixGame, AdditiveGame, DoublyAdditiveGame, AffineAdditiveGame or AffineDoublyAdditiveGame
        The game (any registered game kind).
    method : str, optional
        One of the kind's methods (module doc); default: its first.
    **options
        The keyword options of the kind's solver.

    Returns
    -------
    SolverResult
        The frozen result; every equilibrium in it passed the exact test.

    Raises
    ------
    GameError
        Not a game of a known kind, an unknown method or option, or bad input.
    CertificationError
        An internal check failed (a solver bug).

    Examples
    --------
    >>> import gamekit
    >>> g = gamekit.BimatrixGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])  # matching pennies
    >>> r = gamekit.solve(g)
    >>> r.method, r.complete, [str(p) for p in r[0].row]
    ('all', True, ['1/2', '1/2'])
    """
    kind = _kind(game)
    if method in REFINEMENTS and kind.name == "BimatrixGame":
        return _refinement(game, method, options)
    return kind.solve(game, method, **options)


def is_equilibrium(game: Any, row: Sequence[Any], col: Any = None, *, alpha: Any = None) -> bool:
    """Exact Nash test for any game kind (the one public spelling).

    * :class:`BimatrixGame`: ``row``, ``col`` mixed strategies;
    * ``AdditiveGame``: ``row`` player I's mixed strategy, ``col`` player II's behaviour
      strategy (probability of move 1 at each information set) or a mixture
      ``((subset, probability), ...)``;
    * ``DoublyAdditiveGame``: ``row``, ``col`` the two behaviour strategies;
    * ``AffineAdditiveGame``, ``AffineDoublyAdditiveGame``: as above at the parameter value
      ``alpha``.

    Parameters
    ----------
    game : any registered game kind
        The game.
    row, col : sequence
        The two players' strategies (see above).
    alpha : rational, optional
        The parameter value, for a game with a parameter (and only for one).

    Returns
    -------
    bool
        True when (row, col) is a Nash equilibrium, exactly.

    Raises
    ------
    GameError
        Malformed strategies (wrong length, not probabilities), a game of no known kind, or
        ``alpha`` missing for (given to) a game with (without) a parameter.

    Examples
    --------
    >>> import gamekit
    >>> g = gamekit.BimatrixGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    >>> gamekit.is_equilibrium(g, ["1/2", "1/2"], ["1/2", "1/2"]), gamekit.is_equilibrium(g, [1, 0], [1, 0])
    (True, False)
    """
    kind = _kind(game)
    if alpha is None:
        return kind.is_equilibrium(game, row, col)
    if not kind.has_parameter:
        raise GameError(f"alpha= is for a game with a parameter, not a {kind.name}")
    return kind.is_equilibrium(game, row, col, alpha=alpha)
