"""The plugin lives on gamekit's public surface, and that surface is written once.

* ``games/`` imports gamekit only through the documented public modules (:data:`PUBLIC`: the
  package root and the subpackages whose ``__init__`` lists an ``__all__``, each documented in
  docs/api.md), and only names in that module's ``__all__`` — never a private (``_``) name.
* Each public module's ``__all__`` is generated from its one lazy table, every name in it
  resolves, and importing the module loads no solver library (numpy, scipy, sympy, flint).
* The root's ``TYPE_CHECKING`` block (for type checkers) names exactly the lazy table.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The public modules of gamekit (docs/api.md, "Public modules").
PUBLIC = ("gamekit", "gamekit.core", "gamekit.exact", "gamekit.kernel", "gamekit.lp", "gamekit.bimatrix",
          "gamekit.additive", "gamekit.doubly_additive", "gamekit.parametric", "gamekit.refine", "gamekit.io",
          "gamekit.web", "gamekit.extensive")
#: Module metadata a plugin may read although it is not in ``__all__``.
DUNDERS = {"__version__"}


def plugin_imports(root: Path = ROOT):
    """(file:line, module, names) for every gamekit import in root/games/ (any depth)."""
    for path in sorted((root / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(root)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "gamekit":
                yield f"{where}:{node.lineno}", node.module, [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "gamekit":
                        yield f"{where}:{node.lineno}", alias.name, []


def test_the_plugin_imports_only_public_modules_and_names():
    bad = []
    for where, module, names in plugin_imports():
        if module not in PUBLIC:
            bad.append(f"{where}: {module} is not a public module ({', '.join(PUBLIC)})")
            continue
        public = set(importlib.import_module(module).__all__) | DUNDERS
        for name in names:
            if name not in public:
                bad.append(f"{where}: {module}.{name} is not in {module}.__all__")
    assert not bad, "\n".join(bad)


def test_the_checker_sees_a_private_import(tmp_path):
    """The walk above reports a submodule import and a private name (a planted plugin file)."""
    plugin = tmp_path / "games"
    plugin.mkdir()
    (plugin / "m.py").write_text("def f():\n    from gamekit.exact.surd import _simplest\n"
                                 "    from gamekit.exact import _EXPORTS\n")
    found = list(plugin_imports(tmp_path))
    assert [(m, n) for _, m, n in found] == [("gamekit.exact.surd", ["_simplest"]), ("gamekit.exact", ["_EXPORTS"])]
    assert "gamekit.exact.surd" not in PUBLIC and "_EXPORTS" not in importlib.import_module("gamekit.exact").__all__


@pytest.mark.parametrize("module", PUBLIC)
def test_a_public_module_is_documented_and_every_name_resolves(module):
    mod = importlib.import_module(module)
    table = mod._LAZY if module == "gamekit" else mod._EXPORTS
    assert mod.__all__ == list(table)  # __all__ is the lazy table's keys: written once
    for name in mod.__all__:
        assert not name.startswith("_")
        assert getattr(mod, name) is not None
    assert f"`{module}`" in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("module", PUBLIC)
def test_importing_a_public_module_is_light(module):
    code = (f"import sys, {module}; heavy = [m for m in ('numpy', 'scipy', 'sympy', 'flint', 'matplotlib') "
            "if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == ""


def test_the_root_type_checking_block_names_the_lazy_table():
    import gamekit

    tree = ast.parse((ROOT / "gamekit" / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    typed = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom)
        for alias in node.names:
            assert alias.asname == alias.name  # an explicit re-export
            typed[alias.name] = node.module
    assert typed == gamekit._LAZY
