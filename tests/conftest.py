"""Test-suite settings: no test may depend on how fast the machine is.

Hypothesis' default 200 ms per-example deadline and its ``too_slow`` health check are
wall-clock assertions in disguise; on a busy machine they fail tests whose every checked fact
holds. The profile below switches both off for every ``@given`` test (a test's own
``@settings`` still sets ``max_examples`` etc.). Slow cross-checks are marked ``slow`` and
deselected by ``addopts`` in ``pyproject.toml``; run them with ``pytest -m slow``.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "gamekit", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("gamekit")


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def baccara_cli():
    """Run ``baccara ARGS…`` from this checkout in a fresh process with a minimal
    environment; returns the CompletedProcess (text stdout/stderr)."""
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "games.baccara.cli.main", *args], cwd=ROOT,
                              capture_output=True, text=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return run


def pytest_runtest_setup(item: pytest.Item) -> None:
    """``@pytest.mark.needs_tool("lrsnash")``: skip with a reason when the program is missing,
    but fail in CI (``CI`` set), where ``.ci/run`` installs it — a cross-check that silently
    skips in CI checks nothing."""
    for mark in item.iter_markers("needs_tool"):
        for tool in mark.args:
            if shutil.which(tool) is None:
                if os.environ.get("CI"):
                    pytest.fail(f"{tool} is required in CI (.ci/run installs it) but is not on PATH")
                pytest.skip(f"{tool} not installed (CI installs it)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """A guard timeout that runs out (``subprocess.TimeoutExpired``: a generous bound against
    hangs, e.g. ``timeout=300``) skips the test with the reason instead of failing it: on a
    starved machine a slow run is not a wrong one (#28). The timed-out child was killed by
    ``subprocess``; tests that start process groups kill them in a ``finally``."""
    try:
        return (yield)
    except subprocess.TimeoutExpired as exc:
        pytest.skip(f"guard timeout of {exc.timeout:g} s ran out (machine starved?): {str(exc.cmd)[:120]}")
