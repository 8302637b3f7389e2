"""Failing outputs (issue #16): atomic files, broken or full stdout, rich markup in user strings."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.core.errors import GameError
from gamekit.io.atomic import atomic_open, atomic_write

ROOT = Path(__file__).resolve().parents[2]
HANG = 300  # guard against hangs only
MARKUP_NFG = ('NFG 1 R "[bold red]t[/] \\\\" { "[/]P1" "P2[/x]" } { { "[/]" "[b]B\\\\" } { "L[/]" "R" } } '
              '"comment [/] [red]x[/red]"\n1 2 3 4 5 6 7 8\n')


def _cli(module: str, *args: str, stdout=subprocess.PIPE, limit_fsize: int | None = None, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="")
    env.pop("PYTHONUNBUFFERED")

    def limits():
        if limit_fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_fsize, limit_fsize))

    return subprocess.run([sys.executable, "-m", module, *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, env=env, timeout=HANG, preexec_fn=limits, cwd=cwd)


# -- the helper ----------------------------------------------------------------------------------
def test_atomic_write_replaces_or_leaves_untouched(tmp_path):
    target = tmp_path / "out.txt"
    atomic_write(target, "first")
    assert target.read_text() == "first"
    with pytest.raises(RuntimeError):
        with atomic_open(target) as fh:
            fh.write("half of the sec")
            raise RuntimeError("producer failed")
    assert target.read_text() == "first" and os.listdir(tmp_path) == ["out.txt"]
    with pytest.raises(GameError, match="cannot write"):
        atomic_write(target, "\udcff")  # not encodable: a clean error, the old file kept
    assert target.read_text() == "first" and os.listdir(tmp_path) == ["out.txt"]
    with pytest.raises(GameError, match="cannot write .*: No such file or directory"):
        atomic_write(tmp_path / "missing" / "x", "y")
    with pytest.raises(GameError, match="No space left on device"):
        atomic_write("/dev/full", b"data")
    atomic_write(target, b"bytes")
    assert target.read_bytes() == b"bytes"


def test_atomic_write_under_a_file_size_limit_leaves_nothing(tmp_path):
    r = _cli("gamekit.cli", "convert", "example:von_stengel_3x2", str(tmp_path / "o.nfg"), limit_fsize=20)
    assert r.returncode == 2 and r.stderr.startswith("error: cannot write") and r.stdout == ""
    assert os.listdir(tmp_path) == []


def test_simulate_outputs_are_all_or_nothing(tmp_path):
    r = _cli("games.baccara.cli.main", "simulate", "--rounds", "2000", "--seed", "1", "--outcomes",
             str(tmp_path / "o.csv"), "--outcomes-rounds", "2000", "--json", limit_fsize=4096)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "cannot write" in r.stderr
    assert os.listdir(tmp_path) == []
    r = _cli("games.baccara.cli.main", "simulate", "--rounds", "500", "--seed", "1", "--outcomes",
             str(tmp_path / "o.csv"), "--outcomes-rounds", "500", "--json")
    assert r.returncode == 0 and len((tmp_path / "o.csv").read_text().splitlines()) == 501


def test_plot_formats_follow_the_extension(tmp_path):
    from games.baccara.casino.simulation import simulate

    res = simulate(2000, decks=8, seed=3, session_bet="banker", sessions=20)
    from games.baccara.casino.simulation import plot_sessions

    assert plot_sessions(res.sessions, str(tmp_path / "p.svg")).endswith("p.svg")
    assert (tmp_path / "p.svg").read_text().lstrip().startswith("<?xml")
    written = plot_sessions(res.sessions, str(tmp_path / "noext"))
    assert written == str(tmp_path / "noext.png")
    assert (tmp_path / "noext.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(GameError, match="unknown image format"):
        plot_sessions(res.sessions, str(tmp_path / "p.xyz"))
    with pytest.raises(GameError, match="No space left on device"):
        plot_sessions(res.sessions, "/dev/full")
    assert sorted(os.listdir(tmp_path)) == ["noext.png", "p.svg"]


# -- standard output -----------------------------------------------------------------------------
FULL_CASES = [
    ("gamekit.cli", "solve", "example:prisoners_dilemma"),
    ("gamekit.cli", "show", "example:prisoners_dilemma", "--json"),
    ("gamekit.cli", "convert", "example:prisoners_dilemma", "-"),
    ("games.baccara.cli.main", "house-edge", "--json"),
    ("games.baccara.cli.main", "solve", "--model", "A1", "--json"),
]


@pytest.mark.parametrize("cmd", FULL_CASES, ids=lambda c: " ".join(c[1:3]))
def test_full_stdout_is_one_error_line(cmd):
    with open("/dev/full", "w") as full:
        r = _cli(*cmd, stdout=full)
    assert r.returncode == 2
    assert r.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("cmd", FULL_CASES, ids=lambda c: " ".join(c[1:3]))
def test_closed_pipe_exits_quietly(cmd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", *cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         start_new_session=True)
    try:
        p.stdout.read(10)
        p.stdout.close()  # as `| head -c 10` does
        err = p.stderr.read().decode()
        assert p.wait(timeout=HANG) in (0, 1) and err == ""
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()


# -- rich markup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["show", "solve", "value"])
def test_user_strings_are_not_markup(tmp_path, command, capsys):
    from gamekit.cli import main

    path = tmp_path / "m.nfg"
    path.write_text(MARKUP_NFG)
    assert main([command, str(path)]) == 0
    out = capsys.readouterr().out
    for text in ("[/]P1", "P2[/x]", "[b]B\\"):
        assert text in out
    if command == "show":
        assert "[bold red]t[/] \\" in out and "comment [/] [red]x[/red]" in out
    doc = json.loads(_cli("gamekit.cli", "show", str(path), "--json").stdout)
    assert doc["row_labels"] == ["[/]", "[b]B\\"]


def _run_closed(args: list[str], close: str) -> subprocess.CompletedProcess:
    """``python -m MODULE ARGS`` with stdin or stdout closed (``<&-`` / ``>&-``)."""
    import os

    fd = 0 if close == "stdin" else 1
    cmd = " ".join([sys.executable, *args]) + f" {fd}>&-"
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    proc = subprocess.Popen(["bash", "-c", cmd], cwd=ROOT, stderr=subprocess.PIPE,
                            stdout=subprocess.PIPE if fd == 0 else None, text=True,
                            env=env, start_new_session=True)
    try:
        out, err = proc.communicate()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


@pytest.mark.parametrize("args, close", [
    (["-m", "gamekit.cli", "solve", "example:battle_of_sexes", "--json"], "stdout"),
    (["-m", "gamekit.cli", "solve", "-"], "stdin"),
    (["-m", "games.baccara.cli.main", "house-edge", "--json"], "stdout"),
])
def test_closed_standard_streams_give_one_error_line(args, close):
    """#28: ``>&-`` / ``<&-`` end in one ``error:`` line and exit 2, never a traceback."""
    r = _run_closed(args, close)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr


def test_control_characters_in_names_are_not_echoed_raw(tmp_path, capsys):
    """#28: an escape sequence in a file name or label is shown as \\x1b, not sent to the terminal."""
    from gamekit.cli import main

    bad = tmp_path / "a\x1b[31m.nfg"
    bad.write_text("x")
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[31m" in err


def test_file_contents_are_not_echoed(capsys):
    """#28: a readable non-.nfg file's first characters are not printed (e.g. /proc/self/environ)."""
    from gamekit.cli import main

    assert main(["solve", "/proc/self/environ"]) == 2
    err = capsys.readouterr().err
    assert "PATH" not in err and "not a Gambit strategic-form file" in err
