"""``gamekit compile`` (:mod:`gamekit.io.precompile`): after it, no solver compiles anything.

Checked facts: :data:`KERNEL_MODULES` lists exactly the gamekit modules that define numba
kernels (read from the source), and after ``gamekit compile`` a fresh process solving
instances of every benchmark family (integer, {0,1,2}, rational, coordination,
rectangular, wide, the float Lemke–Howson path, two threads) compiles no kernel — numba's
own cache counters say each kernel came from the disk cache.
"""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from gamekit.io.precompile import KERNEL_MODULES

ROOT = Path(__file__).resolve().parents[2]

_CHILD = r"""
import json, random
from fractions import Fraction
import gamekit
from gamekit.io.precompile import compiled_here

def ints(seed, m, n, hi):
    r = random.Random(seed)
    return ([[r.randint(0, hi) for _ in range(n)] for _ in range(m)],
            [[r.randint(0, hi) for _ in range(n)] for _ in range(m)])

r = random.Random(4)
rat = [[Fraction(r.gauss(0, 1)).limit_denominator(10**4) for _ in range(9)] for _ in range(9)]
eye = [[int(i == j) for j in range(8)] for i in range(8)]
games = [ints(1, 8, 8, 99), ints(2, 12, 12, 2), ints(3, 11, 11, 1), (rat, [row[::-1] for row in rat]), (eye, eye),
         ints(4, 5, 40, 99), ints(5, 8, 30, 99), ints(6, 13, 13, 10**6)]
for A, B in games:
    gamekit.solve(gamekit.BimatrixGame(A, B), method="all")
gamekit.solve(gamekit.BimatrixGame(*ints(7, 16, 16, 99)), method="lemke_howson", initial_label=0)
compiled, loaded = compiled_here()
print(json.dumps({"compiled": compiled, "loaded": loaded}))
"""


def _run(args: list[str]) -> str:
    """stdout of ``python args`` in its own process group, killed in any case."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT, start_new_session=True)
    try:
        out, err = proc.communicate()
        assert proc.returncode == 0, err
        return out
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_kernel_modules_are_the_modules_with_numba_kernels():
    found = set()
    for path in (ROOT / "gamekit").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.ImportFrom) and n.module == "numba" and any(a.name == "njit" for a in n.names)
               for n in ast.walk(tree)):
            found.add(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert found == set(KERNEL_MODULES)


def test_after_gamekit_compile_no_solver_compiles():
    report = json.loads(_run(["-m", "gamekit.cli", "compile", "--json"]))
    assert set(report) == {"steps", "compiled", "loaded"} and len(report["steps"]) >= 10
    child = json.loads(_run(["-c", _CHILD]))
    assert child["compiled"] == []
    assert "gamekit.kernel.reverse_search._rs_loop" in child["loaded"]
    assert "gamekit.kernel.lh_endpoint.float_path_end" in child["loaded"]  # the float path and its end check
