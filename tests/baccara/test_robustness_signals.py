"""Interrupts of ``baccara sweep`` (issue #16): stop promptly, keep every finished d, resume.

Each test starts a real sweep in its own process group, waits until at least one deck
count is in the cache, then signals it. Nothing asserts on elapsed time: the guards are
generous (``HANG``) and a guard that runs out *skips* the test with the reason (a starved
machine, e.g. load 20 on two cores), it does not fail it. Every process group a test starts
is killed in a ``finally``, whatever happens (issue #28).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest

from games.baccara.analysis.deck_sweep import SweepCache

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process-group signals and /proc")

ROOT = Path(__file__).resolve().parents[2]
HANG = 900  # seconds: only a guard against hangs; running out skips (the machine is starved)
TABLE4 = {1: (26, 13, 4, 52, 2), 2: (23, 30, 3, 83, 1), 3: (22, 9, 4, 40, 0), 4: (21, 19, 4, 59, 1)}


def _default_sigint() -> None:
    """In the child: SIGINT back to its default action. A test run started in the background by a
    non-interactive shell inherits SIGINT ignored, and the CLI rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def _sweep(cache: Path, decks: str = "1-400", jobs: str = "2") -> Iterator[subprocess.Popen]:
    """A ``baccara sweep`` in its own process group, killed (the whole group) on any exit."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "games.baccara.cli.main", "sweep", "--decks", decks, "--jobs", jobs,
         "--json", "--cache-dir", str(cache)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
        preexec_fn=_default_sigint)
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _communicate(proc: subprocess.Popen) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.skip(f"the sweep did not end within {HANG} s: machine starved")


def _entries(cache: Path) -> list[Path]:
    return SweepCache(cache).entries()


def _children(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            pass
    return kids


def _wait_for_work(proc: subprocess.Popen, cache: Path) -> list[int]:
    """Wait until the pool runs and one result is cached; returns the worker pids."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        kids = _children(proc.pid)
        if len(kids) >= 2 and _entries(cache):
            return kids
        time.sleep(0.05)
    pytest.skip(f"the sweep cached no result within {HANG} s: machine starved")


def _gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists()
                 and "zombie" not in Path(f"/proc/{p}/status").read_text(errors="replace").lower()]
        if not alive:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("how, code", [("int", 130), ("group-int", 130), ("term", 143)])
def test_signal_stops_workers_and_keeps_results(tmp_path, how, code):
    with _sweep(tmp_path) as proc:
        workers = _wait_for_work(proc, tmp_path)
        if how == "int":
            os.kill(proc.pid, signal.SIGINT)
        elif how == "group-int":
            os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
        else:
            os.kill(proc.pid, signal.SIGTERM)
        out, err = _communicate(proc)
        assert proc.returncode == code, err
        assert out == ""  # no partial JSON
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in err, err
        m = re.fullmatch(r"interrupted: (\d+) of 400 deck counts are saved in the cache \(.*\); "
                         r"run the same command again to resume", lines[0])
        assert m, lines[0]
        cache = SweepCache(tmp_path)
        valid = [p for p in _entries(tmp_path) if cache.get("B2", int(p.name.split("-")[1][1:]), F(0), F(1, 10))]
        assert len(valid) == len(_entries(tmp_path)) == int(m.group(1)) >= 1
        assert _gone(workers), "pool workers outlived the sweep"


def test_kill_9_then_rerun_resumes(tmp_path):
    with _sweep(tmp_path, "1-60") as proc:
        workers = _wait_for_work(proc, tmp_path)
        os.kill(proc.pid, signal.SIGKILL)
        _communicate(proc)
        assert _gone(workers), "pool workers were orphaned by kill -9 of the parent"
    saved = len(_entries(tmp_path))
    assert saved >= 1
    with _sweep(tmp_path, "1-4") as again:
        out, err = _communicate(again)
    assert again.returncode == 0, err
    recs = json.loads(out)
    assert {r_["decks"]: (r_["curves"], r_["intersections"], r_["boundary_curves"], r_["intervals"],
                          r_["nonunique_points"]) for r_ in recs} == TABLE4
    assert "read from the cache" in err


def test_two_sweeps_share_one_cache(tmp_path):
    with _sweep(tmp_path, "1-4", "1") as p1, _sweep(tmp_path, "1-4", "1") as p2:
        procs = [p1, p2]
        outs = [_communicate(p) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    a, b = (json.loads(o) for o, _ in outs)
    assert a == b
    assert {r["decks"]: (r["curves"], r["intersections"], r["boundary_curves"], r["intervals"],
                         r["nonunique_points"]) for r in a} == TABLE4
    cache = SweepCache(tmp_path)
    assert all(cache.get("B2", d, F(0), F(1, 10)) for d in TABLE4)
    assert not list(cache.dir.glob("*.tmp"))
