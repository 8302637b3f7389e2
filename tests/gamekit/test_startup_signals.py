"""Ctrl-C and SIGTERM at any moment of a console script's start-up (issue #28).

Once the script's first module runs (``gamekit.io.entry`` / ``games.baccara.cli.entry``
call :func:`gamekit.io.exit_on_signals` before importing anything else), a signal gives one
line and exit 130 / 143. Before that — the interpreter's own start-up and ``site`` — no
gamekit code runs: the process dies by the signal (status −2 / −15, which shells report as
130 / 143) and any traceback names no gamekit file. Nothing here depends on timing: every
outcome at every delay must be one of these.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = [("gamekit.io.entry", ["solve", "example:prisoners_dilemma"]),
           ("games.baccara.cli.entry", ["simulate", "--rounds", "100000000"])]


def _default_sigint() -> None:
    """In the child: SIGINT back to its default action. A test run started in the background by a
    non-interactive shell inherits SIGINT ignored, and the CLI rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("entry, args", ENTRIES, ids=["gamekit", "baccara"])
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["INT", "TERM"])
def test_signal_during_start_up_is_one_line(entry, args, sig, code):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for delay in (0.05, 0.15, 0.4, 1.0):
        p = subprocess.Popen([sys.executable, "-c", f"from {entry} import main; main()", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True,
                             preexec_fn=_default_sigint)
        try:
            try:
                p.wait(timeout=delay)  # (a guard, not a measurement: it only decides when to signal)
            except subprocess.TimeoutExpired:
                pass
            if p.poll() is None:
                os.kill(p.pid, sig)
            _, err = p.communicate(timeout=600)
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        text = err.decode(errors="replace")
        if p.returncode == 0:
            continue  # finished before the signal
        if "Traceback" in text:  # only before any gamekit code ran
            # The interpreter's start-up may be interrupted inside ``site`` (an editable install's
            # finder, which may live in a venv inside the repo): no frame may name gamekit's own code.
            ours = [f'File "{ROOT / top}' for top in ("gamekit", "games")]
            assert p.returncode in (1, -sig) and not any(o in text for o in ours), text
            continue
        lines = text.strip().splitlines()
        assert p.returncode in (code, -sig), (delay, p.returncode, text)
        if p.returncode == code:
            assert lines == ["error: " + ("interrupted" if sig == signal.SIGINT else "terminated")], text
