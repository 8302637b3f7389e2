"""The game-kind registry: each game kind registers its own ``solve`` and exact Nash test.

:mod:`gamekit.core` knows no game kind but the bimatrix game's data type. Each game kind (a
subpackage above ``core``: ``bimatrix``, ``additive``, ``doubly_additive``, ``parametric``)
describes itself with one :class:`GameKind` — its game type (named by its import path, so
registering imports neither the game's module nor any solver), the ``method`` strings it
accepts (default first), its ``solve`` and its exact equilibrium test — and calls
:func:`register` in its module ``kind``. :func:`gamekit.solve` and
:func:`gamekit.is_equilibrium` (module :mod:`gamekit.dispatch`) look the kind up with
:func:`kind_of`; adding a game kind touches only its own subpackage (plus the one line naming
its ``kind`` module in :data:`gamekit.dispatch.KIND_MODULES`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.result import SolverResult

__all__ = ["GameKind", "register", "kind_of", "kinds", "check_options", "type_path"]


@dataclass(frozen=True)
class GameKind:
    """What a game kind provides to :func:`gamekit.solve` and :func:`gamekit.is_equilibrium`.

    ``solve(game, method, **options)`` returns a :class:`~gamekit.core.result.SolverResult`
    whose equilibria are certified; it validates its own options (a :class:`GameError` for
    an unknown one). ``is_equilibrium(game, row, col)`` is the exact Nash test (with the
    keyword ``alpha=`` when ``has_parameter``: the game depends on a parameter α).
    ``methods`` are the ``method`` strings the kind accepts, the default first (each one a
    :data:`~gamekit.core.result.Method`). ``game_type`` is the game class's import path
    (:func:`type_path`), e.g. ``"gamekit.additive.game.AdditiveGame"``.

    Examples
    --------
    >>> import gamekit.bimatrix.kind  # registers the bimatrix kind on import
    >>> from gamekit import BimatrixGame
    >>> k = kind_of(BimatrixGame([[1]], [[1]]))
    >>> k.name, k.methods[0], k.has_parameter
    ('BimatrixGame', 'all', False)
    """

    game_type: str
    methods: tuple[str, ...]
    solve: Callable[..., SolverResult]
    is_equilibrium: Callable[..., bool]
    has_parameter: bool = False

    @property
    def name(self) -> str:
        """The game type's name, e.g. ``"AdditiveGame"``."""
        return self.game_type.rpartition(".")[2]


_KINDS: dict[str, GameKind] = {}


def type_path(cls: type) -> str:
    """The import path ``module.qualname`` of a class, the key of :func:`register`.

    Parameters
    ----------
    cls : type
        A class.

    Returns
    -------
    str
        ``cls.__module__ + "." + cls.__qualname__``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gamekit.core.registry import type_path
    >>> type_path(Fraction)
    'fractions.Fraction'
    """
    return f"{cls.__module__}.{cls.__qualname__}"


def register(kind: GameKind) -> GameKind:
    """Register ``kind`` for its game type (and its subclasses); returns it.

    Parameters
    ----------
    kind : GameKind
        The game kind; registering the same game type again replaces the entry.

    Returns
    -------
    GameKind
        ``kind``.

    Raises
    ------
    GameError
        ``kind.methods`` is empty.

    Examples
    --------
    >>> import gamekit.bimatrix.kind as bimatrix_kind  # registers the bimatrix kind on import
    >>> from gamekit.core.game import BimatrixGame
    >>> from gamekit.core.registry import kind_of, register
    >>> register(bimatrix_kind.KIND) is bimatrix_kind.KIND  # registering again replaces it
    True
    >>> kind_of(BimatrixGame([[1]], [[1]])).methods[0]
    'all'
    """
    if not kind.methods:
        raise GameError(f"game kind {kind.name} registers no method")
    _KINDS[kind.game_type] = kind
    return kind


def kind_of(game: object) -> GameKind:
    """The registered :class:`GameKind` of ``game`` (its type's, or its nearest base's).

    Parameters
    ----------
    game : object
        A game instance.

    Returns
    -------
    GameKind
        The kind registered for ``type(game)`` or the first of its bases (method
        resolution order) that has one.

    Raises
    ------
    GameError
        No kind is registered for ``game``'s type.

    Examples
    --------
    >>> from gamekit.core.registry import kind_of
    >>> kind_of(3.5)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: expects a game of a known kind (...), got float
    """
    for cls in type(game).__mro__:
        kind = _KINDS.get(type_path(cls))
        if kind is not None:
            return kind
    known = ", ".join(sorted(k.name for k in _KINDS.values())) or "none registered"
    raise GameError(f"expects a game of a known kind ({known}), got {type(game).__name__}")


def kinds() -> Sequence[GameKind]:
    """Every registered game kind, in registration order.

    Returns
    -------
    Sequence[GameKind]
        The kinds registered so far.

    Examples
    --------
    >>> from gamekit.core.registry import kinds
    >>> all(k.methods for k in kinds())
    True
    """
    return tuple(_KINDS.values())


def check_options(kind: GameKind, method: str | None, options: dict[str, Any],
                  func: Callable[..., Any]) -> None:
    """Raise :class:`GameError` for a ``method`` ``kind`` does not accept or an option
    ``func`` does not take as a keyword with a default.

    Parameters
    ----------
    kind : GameKind
        The game kind.
    method : str or None
        The requested method (None: the default).
    options : dict
        The keyword options passed to :func:`gamekit.solve`.
    func : callable
        The kind's solver whose keyword parameters are the valid options.

    Raises
    ------
    GameError
        An unknown method or option.

    Examples
    --------
    >>> from gamekit.core.registry import GameKind, check_options
    >>> k = GameKind("builtins.int", ("count",), lambda g, method: None, lambda g, r, c: True)
    >>> def solver(game, *, limit=3): ...
    >>> check_options(k, None, {"limit": 5}, solver)
    >>> check_options(k, "count", {"size": 5}, solver)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: unknown option 'size' for method 'count' (valid: limit)
    """
    import inspect

    if method is not None and method not in kind.methods:
        raise GameError(f"unknown method {method!r} for a {kind.name}; valid methods: {', '.join(kind.methods)}")
    sig = inspect.signature(func)
    allowed = tuple(n for n, p in sig.parameters.items()
                    if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is not p.empty)
    for key in options:
        if key not in allowed:
            raise GameError(f"unknown option {key!r} for method {method or kind.methods[0]!r} "
                            f"(valid: {', '.join(allowed) or 'none'})")
