"""Tabs that other packages add to the page: :class:`WebPlugin`.

A plugin describes a form (its :class:`FormField` s) and a function ``run(params)`` that
takes the form's values (strings) and returns a *report*; ``gamekit serve`` mounts it at
``POST /api/plugins/<name>``, runs ``run`` in a worker process with the same time budget,
error handling (bad input → 400 with the field) and size limits as ``/api/solve``, and the
page shows the report in the plugin's tab. gamekit never imports a plugin's package: the
server is given plugin objects, found through the entry-point group ``gamekit.web``
(``[project.entry-points."gamekit.web"] name = "package.module:plugin"``) or named with
``gamekit serve --plugin package.module:plugin``.

A report is a JSON object::

    {"title": "…", "lines": ["…"],
     "grids": [{"title": "…", "columns": [{"label": "…", "align": "left|center|right"}],
                "rows": [[{"text": "D", "style": "bold green"}]], "sections": [false, true, …]}],
     "notes": ["…"], "legend": "…", "data": {…}}

``style`` words (``bold``, ``dim``, ``underline``, ``green``, ``yellow``, ``magenta``,
``red``, ``blue``) become CSS classes; ``sections[k]`` draws a rule above row ``k``;
``data`` is the plugin's own JSON answer (the page offers it for download).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gamekit.core.errors import GameError

__all__ = ["ENTRY_POINT_GROUP", "FormField", "WebPlugin", "discover_plugins", "load_plugin"]

#: The entry-point group through which installed packages offer :class:`WebPlugin` objects.
ENTRY_POINT_GROUP = "gamekit.web"

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class FormField:
    """One input of a plugin's form: a text box, or a menu when ``choices`` is given."""

    name: str
    label: str
    default: str = ""
    choices: tuple[str, ...] | None = None
    help: str = ""


@dataclass(frozen=True)
class WebPlugin:
    """A tab of the page (see the module doc for the report's shape).

    Parameters
    ----------
    name : str
        URL segment, lower case (``[a-z][a-z0-9_-]*``).
    title : str
        The tab's title.
    run : callable
        ``run(params: dict[str, str]) -> dict`` (a report); a module-level function, since
        it is sent to a worker process. Bad input raises :class:`~gamekit.core.errors.GameError`
        (:class:`~gamekit.web.jobs.FieldError` to name the field).
    fields : tuple of FormField
        The form.
    description : str
        One paragraph shown above the form.
    time_budget : float
        Seconds after which the worker running ``run`` is stopped.

    Examples
    --------
    >>> p = WebPlugin("demo", "Demo", run=dict, fields=(FormField("x", "x", "1"),))
    >>> p.describe()["fields"][0]["default"]
    '1'
    """

    name: str
    title: str
    run: Callable[[dict[str, str]], dict]
    fields: tuple[FormField, ...] = ()
    description: str = ""
    time_budget: float = 120.0

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise GameError(f"plugin name {self.name!r} must match {_NAME.pattern}")

    def describe(self) -> dict:
        """The JSON the page builds the tab from (``GET /api/plugins``)."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "endpoint": f"/api/plugins/{self.name}",
            "fields": [{"name": f.name, "label": f.label, "default": f.default,
                        "choices": list(f.choices) if f.choices is not None else None, "help": f.help}
                       for f in self.fields],
        }

    def params(self, payload: object) -> dict[str, str]:
        """The form values of a request (missing → default; every value a string).

        Raises
        ------
        FieldError
            For a value that is not a string/number, or not one of the field's choices.
        """
        from gamekit.web.jobs import FieldError

        if not isinstance(payload, dict):
            raise FieldError("the request body must be a JSON object", "body")
        known = {f.name for f in self.fields}
        for key in payload:
            if key not in known:
                raise FieldError(f"unknown field {key!r} (fields: {', '.join(sorted(known))})", str(key)[:40])
        out: dict[str, str] = {}
        for f in self.fields:
            value = payload.get(f.name, f.default)
            if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > 100:
                raise FieldError(f"{f.name} must be a short string or an integer", f.name)
            text = str(value).strip()
            if f.choices is not None and text not in f.choices:
                raise FieldError(f"{f.name} must be one of {', '.join(f.choices)}, not {text!r}", f.name)
            out[f.name] = text
        return out


def load_plugin(ref: str) -> WebPlugin:
    """The :class:`WebPlugin` named by ``"package.module:attribute"``.

    Raises
    ------
    GameError
        When the module or attribute does not exist or is not a WebPlugin.

    Examples
    --------
    >>> load_plugin("gamekit.web.plugins:nothing")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: plugin 'gamekit.web.plugins:nothing': module 'gamekit.web.plugins' has no attribute 'nothing'
    """
    module, _, attr = ref.partition(":")
    if not module or not attr:
        raise GameError(f"plugin {ref!r} must be written package.module:attribute")
    try:
        obj = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise GameError(f"plugin {ref!r}: {exc}") from None
    if not isinstance(obj, WebPlugin):
        raise GameError(f"plugin {ref!r} is a {type(obj).__name__}, not a gamekit.web.plugins.WebPlugin")
    return obj


def discover_plugins(extra: Iterable[str] = (), installed: bool = True) -> list[WebPlugin]:
    """The plugins named in ``extra`` plus (if ``installed``) those of the ``gamekit.web`` group.

    A name given twice is kept once (the first). Broken installed entry points raise.

    Examples
    --------
    >>> discover_plugins(installed=False)
    []
    """
    plugins: dict[str, WebPlugin] = {}
    refs = list(extra)
    if installed:
        from importlib.metadata import entry_points

        refs += [ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)]
    for ref in refs:
        p = load_plugin(ref)
        plugins.setdefault(p.name, p)
    return list(plugins.values())
