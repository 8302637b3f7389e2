"""mypy is clean on gamekit/ (the settings live in pyproject.toml's ``[tool.mypy]``).

The strict flags (``disallow_untyped_defs``, ``disallow_any_generics``, ``warn_return_any``, …)
apply to the public surface (``gamekit``, ``gamekit.dispatch``, ``gamekit.core.*``), so an
unannotated signature there cannot leak ``Any`` into callers; the whole package is checked with
``warn_unused_ignores``. mypy's cache lives in the system temp dir, so a second run is fast.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_clean_on_gamekit() -> None:
    cache = Path(tempfile.gettempdir()) / f"gamekit-mypy-cache-{getattr(os, 'getuid', lambda: 0)()}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "gamekit"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, "mypy reports errors:\n" + out
