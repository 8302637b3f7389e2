"""gamekit's layers hold: every import inside gamekit points down the layer order.

The import graph is read from the source (AST), so imports inside functions, under
``TYPE_CHECKING`` and ``importlib.import_module("gamekit.…")`` calls with a literal module name
all count. Each module belongs to a *layer*: its subpackage (``gamekit/additive/…`` →
``additive``), or its own name for the top-level modules (``dispatch``, ``cli``) and ``gamekit``
for the package root. An import from layer A of layer B is allowed iff A == B or B is below A
in :data:`LAYERS`; with a total order this also rules out every cycle between layers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gamekit"

#: The layer order, bottom first (written once; docs/architecture.md describes it).
LAYERS: tuple[str, ...] = (
    "core",             # game data, numbers, errors, result protocol, certifier's seal, kind registry
    "exact",            # exact numbers and algebra: surds, real algebraic numbers, rational functions
    "plots",            # matplotlib helpers (no game code)
    "generators",       # seeded game generators (exact payoffs)
    "kernel",           # pivoting, polytopes, float searches (certified afterwards), exact linear solves
    "lp",               # exact simplex, zero-sum games
    "bimatrix",         # bimatrix solvers
    "additive",         # additive m×2ⁿ games
    "doubly_additive",  # doubly additive games (and their affine-in-α version)
    "parametric",       # additive games affine in α, proofs over parameters
    "refine",           # refinements of bimatrix equilibria: perfect, proper, index, ESS
    "nearest",          # the certified equilibrium nearest a float point (QRE and dynamics limits)
    "quantal",          # logit QRE: trace, certified enclosure, fitting
    "dynamics",         # learning dynamics
    "io",               # .nfg files, atomic writes, CLI guards, interop
    "extensive",        # extensive games: .efg files, the sequence form, Lemke, zero-sum LP, backward induction
    "dispatch",         # gamekit.solve / gamekit.is_equilibrium: the kinds table
    "gamekit",          # the package root: the public names
    "web",              # gamekit serve: the page and JSON API (a front end; cli starts it)
    "cli",              # the gamekit command
)
RANK = {name: k for k, name in enumerate(LAYERS)}


def layer_of(module: str) -> str:
    """The layer of a dotted gamekit module name."""
    parts = module.split(".")
    return "gamekit" if len(parts) == 1 else parts[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, imported module) for every gamekit/games import in the file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
        elif isinstance(node, ast.ImportFrom) and node.level:
            pytest.fail(f"{path}:{node.lineno}: relative import (write the absolute gamekit path)")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def edges() -> Iterator[tuple[str, int, str, str]]:
    """(file, line, importing layer, imported module) for every import of gamekit or games."""
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        for line, target in imports(path):
            if target.split(".")[0] in ("gamekit", "games"):
                yield str(path.relative_to(ROOT)), line, layer_of(here), target


def test_every_layer_is_in_the_order():
    found = {layer_of(module_name(p)) for p in PACKAGE.rglob("*.py")}
    assert found <= set(LAYERS), f"place the new subpackage(s) {sorted(found - set(LAYERS))} in LAYERS"


def test_gamekit_imports_only_downward():
    bad = []
    for where, line, layer, target in edges():
        if target.split(".")[0] == "games":
            bad.append(f"{where}:{line}: gamekit imports the plugin ({target})")
            continue
        other = layer_of(target)
        if other in RANK and RANK[other] > RANK[layer]:
            bad.append(f"{where}:{line}: {layer} imports {target} (layer {other} is above)")
    assert not bad, "upward imports:\n" + "\n".join(bad)


def test_no_cycle_between_layers():
    """Redundant with the order (kept as the plain statement): the layer graph is acyclic."""
    graph: dict[str, set[str]] = {name: set() for name in LAYERS}
    for _, _, layer, target in edges():
        if target.split(".")[0] == "gamekit" and layer_of(target) != layer:
            graph[layer].add(layer_of(target))
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                pytest.fail("import cycle between layers: " + " -> ".join([*trail, node, nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for name in LAYERS:
        if name not in state:
            visit(name, [])


def test_the_walker_sees_function_level_imports(tmp_path):
    """The AST walk counts an import inside a function body and an import_module call."""
    f = tmp_path / "m.py"
    f.write_text("import importlib\n\ndef f():\n    from gamekit.parametric.sweep import solve_parametric\n"
                 "    return importlib.import_module('gamekit.io.nfg')\n")
    assert [t for _, t in imports(f)] == ["importlib", "gamekit.parametric.sweep", "gamekit.io.nfg"]
