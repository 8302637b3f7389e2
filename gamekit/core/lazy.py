"""Lazy public names of a package (PEP 562): one table per package, ``__all__`` read from it.

Every public gamekit package (``gamekit`` and each subpackage) keeps its public names in
one table ``name -> submodule``; :func:`load` imports the submodule on first access, so
importing a package loads none of its solvers (nor numpy, scipy, sympy, flint). A package's
``__init__`` is::

    _EXPORTS = {"AdditiveGame": "game", ...}
    __all__ = list(_EXPORTS)

    def __getattr__(name: str) -> Any:
        return load(__name__, _EXPORTS, name, globals())
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not imported at start-up (#28)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = ["load"]


def load(package: str, table: Mapping[str, str], name: str, namespace: dict[str, Any]) -> Any:
    """The public ``name`` of ``package``, imported from its submodule and cached.

    Parameters
    ----------
    package : str
        The package's ``__name__`` (e.g. ``"gamekit.exact"``).
    table : Mapping[str, str]
        Public name -> the submodule that defines it: a name relative to ``package``
        (``"surd"``) or an absolute module path (``"gamekit.core.errors"``).
    name : str
        The attribute asked for.
    namespace : dict
        The package's ``globals()``: the value is cached there, so the next access is a
        plain attribute lookup.

    Returns
    -------
    object
        The attribute of the same name in the submodule.

    Raises
    ------
    AttributeError
        ``name`` is not in ``table``.

    Examples
    --------
    >>> from gamekit.core.lazy import load
    >>> ns: dict = {}
    >>> load("gamekit.core", {"GameError": "errors"}, "GameError", ns).__name__
    'GameError'
    >>> "GameError" in ns
    True
    """
    try:
        module = table[name]
    except KeyError:
        raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
    path = module if module.startswith("gamekit") else f"{package}.{module}"
    value = getattr(importlib.import_module(path), name)
    namespace[name] = value
    return value
