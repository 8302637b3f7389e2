"""Docs as gates: every doctest in gamekit passes, and the public API is documented.

(a) ``doctest.testmod`` runs over every module of the package (found by walking it), so the
    ``Examples`` sections are executed, checked facts — the model is QuantEcon's
    ``game_theory`` and nashpy. A module that needs an optional extra which is not installed
    is skipped with the missing package as the reason.
(b) Every public callable named in ``gamekit.__all__`` and in each public subpackage's
    ``__all__`` has a numpydoc docstring: a function has ``Parameters`` (when it takes any),
    ``Returns`` or ``Yields`` (unless it returns ``None``) and ``Examples``; a class has
    ``Examples`` in its class docstring.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re

import pytest

import gamekit

#: Packages whose ``__all__`` is the documented public API.
PUBLIC_PACKAGES = [
    "gamekit", "gamekit.core", "gamekit.exact", "gamekit.lp", "gamekit.bimatrix", "gamekit.additive",
    "gamekit.doubly_additive", "gamekit.parametric", "gamekit.refine", "gamekit.io", "gamekit.quantal",
    "gamekit.dynamics", "gamekit.generators",
]

#: Third-party packages of optional extras; a module importing one that is missing is skipped.
OPTIONAL_EXTRAS = {"pygambit", "nashpy", "starlette", "uvicorn", "anyio", "httpx", "dask", "distributed",
                   "quantecon", "networkx", "playwright"}

#: Public names exempt from check (b), each with its reason. (Names defined outside gamekit,
#: such as the ``Literal`` aliases ``Method`` or ``Poly = tuple``, are not checked at all.)
EXEMPT: dict[str, str] = {
    # process-wide side effects a doctest must not cause inside the test process (both are
    # documented; every console-script run goes through them)
    "launch": "installs a SIGTERM handler and always raises SystemExit",
    "silence_stdout": "points the process's file descriptor 1 at /dev/null",
}


def _modules() -> list[str]:
    names = [m.name for m in pkgutil.walk_packages(gamekit.__path__, "gamekit.")
             if not m.name.endswith("__main__")]  # importing a __main__ runs the CLI
    return ["gamekit", *names]


@pytest.mark.parametrize("name", _modules())
def test_module_doctests(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in OPTIONAL_EXTRAS:
            pytest.skip(f"needs the optional package {missing!r}")
        raise
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) of {name} failed (see the captured output)"


def _public_names(pkg: str) -> list[tuple[str, object]]:
    """(name, object) of ``pkg.__all__``; a package without one (``gamekit.quantal``) publishes
    its direct submodules' ``__all__``."""
    module = importlib.import_module(pkg)
    if hasattr(module, "__all__"):
        return [(n, getattr(module, n)) for n in module.__all__]
    out = []
    for info in pkgutil.iter_modules(module.__path__, pkg + "."):
        sub = importlib.import_module(info.name)
        out += [(n, getattr(sub, n)) for n in getattr(sub, "__all__", ())]
    return out


def _public_callables() -> list[tuple[str, str, object]]:
    out, seen = [], set()
    for pkg in PUBLIC_PACKAGES:
        for name, obj in _public_names(pkg):
            owner = getattr(obj, "__module__", None) or ""
            if not callable(obj) or not owner.startswith("gamekit") or name in EXEMPT:
                continue
            key = (owner, getattr(obj, "__qualname__", name))
            if key not in seen:
                seen.add(key)
                out.append((pkg, name, obj))
    return out


def _sections(doc: str) -> set[str]:
    """The numpydoc section titles of ``doc`` (a title line underlined with dashes)."""
    return set(re.findall(r"^([A-Z][a-z]+)\n-{3,}$", doc, re.M))


def _missing_sections(obj: object) -> list[str]:
    doc = inspect.getdoc(obj) or ""
    has = _sections(doc)
    if inspect.isclass(obj):
        if issubclass(obj, BaseException):  # raised, not built: shown in the raisers' Raises
            return [] if doc else ["docstring"]
        return [] if "Examples" in has and ">>>" in doc else ["Examples"]
    missing = [] if "Examples" in has and ">>>" in doc else ["Examples"]
    sig = inspect.signature(obj)  # type: ignore[arg-type]
    if sig.parameters and "Parameters" not in has:
        missing.append("Parameters")
    returns_none = sig.return_annotation in (None, "None")
    if not returns_none and not has & {"Returns", "Yields"}:
        missing.append("Returns")
    return missing


def test_public_api_is_documented() -> None:
    gaps = [f"{pkg}.{name}: {', '.join(m)}" for pkg, name, obj in _public_callables()
            if (m := _missing_sections(obj))]
    assert not gaps, "public names without numpydoc sections:\n" + "\n".join(gaps)


def test_exemptions_are_current() -> None:
    """Every exempt name is still public (a stale exemption would hide nothing but mislead)."""
    public = {n for pkg in PUBLIC_PACKAGES for n, _ in _public_names(pkg)}
    assert set(EXEMPT) <= public
