"""Text output in an 80-column terminal and in a pipe (issue #30): no number is cut (``0.09…``)
or split across lines, and nothing is wrapped when piped.

Each command runs twice in a fresh process: once piped (no wrapping: every line whole) and
once as an 80-column terminal (rich's ``FORCE_COLOR`` and ``COLUMNS``; ``NO_COLOR`` keeps the
text plain). Every number printed in the pipe must appear, whole, in the terminal's output.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?(?:/\d+)?")

COMMANDS = [
    ["solve", "--rules", "crockford", "--model", "B2"],
    ["evaluate", "--player", "punto-banco", "--banker", "equilibrium"],
    ["bankroll", "--system", "martingale", "--sessions", "1000"],
    ["counting", "sixes", "--shoes", "500"],
    ["house-edge"],
    ["solve", "--game", "banque", "--theta", "3/10", "--concept", "correlated"],
]


def _run(args: list[str], terminal: bool) -> str:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}
    if terminal:
        env.update(FORCE_COLOR="1", NO_COLOR="1", COLUMNS="80", TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "games.baccara.cli.main", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        out, err = proc.communicate()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    assert proc.returncode == 0, err
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    return re.sub(r"\d+(?:\.\d+)? s\b", "<time>", out)  # durations differ between the two runs


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_no_number_is_cut_or_split_at_80_columns(args):
    piped = _run(args, terminal=False)
    narrow = _run(args, terminal=True)
    assert "…" not in narrow
    assert all(len(line) <= 80 for line in narrow.splitlines()), "a line is wider than the terminal"
    numbers = {m.group() for m in NUMBER.finditer(piped) if len(m.group()) >= 4}
    tokens = {m.group() for m in NUMBER.finditer(narrow)}
    missing = sorted(numbers - tokens)
    assert not missing, f"numbers cut or split in an 80-column terminal: {missing[:5]}"
