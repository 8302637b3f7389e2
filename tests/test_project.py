"""House rules that CI enforces: lint clean, one-way layering, paper values out of solver code."""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def test_gamekit_never_imports_the_plugin():
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "gamekit").rglob("*.py")
        if any(m == "games" or m.startswith("games.") for m in _imports(p))
    ]
    assert offenders == []


def test_paper_values_stay_out_of_solver_code():
    # Equilibrium values printed in the papers / CONTRACT.md must be computed, never written in.
    pattern = re.compile(r"77143741|2372272|679568|859/2288|Fraction\(859, 2288\)")
    offenders = []
    for base in ("gamekit", "games"):
        for p in (ROOT / base).rglob("*.py"):
            rel = p.relative_to(ROOT).as_posix()
            if "/reproduce/" in rel:
                continue  # the claims' paper values live there by design
            if pattern.search(p.read_text(encoding="utf-8")):
                offenders.append(rel)
    assert offenders == []


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff not installed")
def test_ruff_clean():
    ruff = Path(sys.executable).parent / "ruff"
    exe = str(ruff) if ruff.exists() else "ruff"
    r = subprocess.run([exe, "check", "gamekit", "games", "tests", "benchmarks"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:]


def test_readme_quick_start_has_two_commands_and_ci_runs_the_second():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [ln for ln in block.strip().splitlines() if ln.strip()]
    assert len(lines) == 2
    assert "baccara solve" in lines[0] and "pytest" in lines[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "sed -n 2p" in ci and "Quick start" in ci
