"""``gamekit.web``: a local web page and JSON API over :func:`gamekit.solve` (``gamekit serve``).

Modules:

* :mod:`gamekit.web.jobs` — request validation and the solve jobs run in worker processes
  (plain Python: no web framework imported);
* :mod:`gamekit.web.plugins` — :class:`~gamekit.web.plugins.WebPlugin`, how a package adds a
  tab to the page (entry-point group ``gamekit.web``);
* :mod:`gamekit.web.app` — the Starlette application (needs the ``web`` extra:
  ``pip install -e ".[web]"``).

Documented in ``docs/web.md``; the API's JSON shapes in ``docs/json.md``.
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "WebPlugin": "plugins",
    "FormField": "plugins",
    "load_plugin": "plugins",
    "discover_plugins": "plugins",
    "FieldError": "jobs",
    "create_app": "app",
    "serve": "app",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
