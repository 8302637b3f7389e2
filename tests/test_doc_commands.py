"""The shell examples of README.md ("Using it"), docs/tutorial.md and docs/cli.md (gamekit) run, and say what the pages say.

Each command is read from the page itself (so an edited page is what is tested), run in a fresh
process with this checkout on ``PYTHONPATH``, a private cache directory and output files in a
temporary directory; it must exit 0. Commands that take more than a few seconds are skipped
with the reason below (they have their own tests). Where a page shows output (a ``text`` block
beginning ``$ command``), the output must match it (doctest's ``...`` and whitespace rules).
The README's claim counts are checked against ``baccara reproduce --list --json``.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TUTORIAL = ROOT / "docs" / "tutorial.md"

#: Commands not run here (regular expressions matched at the start), and why: each takes tens of
#: seconds to minutes and has its own tests.
LONG = {
    r"baccara sweep --model B2 --decks 1-20\b": "20 deck counts × every α: ≈ 15 s cold (tests/baccara/test_sweep.py)",
    r"baccara reproduce$": "≈ 2 CPU-min (tests/baccara/test_reproduce_*.py run every claim)",
    r"baccara simulate --rounds 1e7\b": "10⁷ coups, and a C build on a first run (tests/baccara/test_simulate*.py)",
    r"baccara sweep --model B3 --decks 1-12\b": "≈ 160 CPU-s (tests/baccara/test_b3_sweep.py)",
    r"baccara plot curves --model B3\b": "Model B3 for every α at d = 6: ≈ 30 CPU-s (tests/baccara/test_plots.py)",
    r"baccara sweep --game banque --concept independent\b": "≈ 250 CPU-s (tests/baccara/test_banque_theta.py)",
    r"baccara sweep --game banque --concept nash\b": "≈ 10 CPU-s, the same range as "
                                                     "tests/baccara/test_banque_theta.py (--prove-breakpoints)",
}
#: Lines of a shell block that are not commands to run.
SETUP = ("python3 -m venv", "source ", ".venv/bin/")


def _commands(page: Path, first_block_after: str | None = None) -> list[str]:
    """Commands of the ```sh blocks of ``page`` (comments stripped), from the heading given on."""
    text = page.read_text(encoding="utf-8")
    if first_block_after:
        text = text[text.index(first_block_after):]
        text = text[: text.index("\n## ", 1)] if "\n## " in text[1:] else text
    cmds = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            cmd = line.split("  #")[0].split(" # ")[0].strip()
            if cmd and not cmd.startswith(SETUP):
                cmds.append(cmd)
    return cmds


def _long_reason(cmd: str) -> str | None:
    return next((why for pattern, why in LONG.items() if re.match(pattern, cmd)), None)


def _run(cmd: str, tmp_path: Path) -> subprocess.CompletedProcess:
    argv = shlex.split(cmd)
    prog = {"gamekit": "gamekit.cli", "baccara": "games.baccara.cli.main"}[argv[0]]
    args = [str(tmp_path / a) if i and argv[i - 1] == "-o" else a for i, a in enumerate(argv[1:], 1)]
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "NUMBA_CACHE_DIR": os.environ.get("NUMBA_CACHE_DIR", str(tmp_path / "numba"))}
    proc = subprocess.Popen([sys.executable, "-m", prog, *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


README_CMDS = _commands(README, "## Using it")
TUTORIAL_CMDS = [c for c in _commands(TUTORIAL) if c not in README_CMDS]
CLI_CMDS = [c for c in _commands(ROOT / "docs" / "cli.md") if c.startswith("gamekit ")]


def test_pages_have_commands():
    assert len(README_CMDS) >= 15 and any(c.startswith("gamekit ") for c in README_CMDS)
    assert "baccara" in TUTORIAL_CMDS or "baccara solve --json" in TUTORIAL_CMDS


@pytest.mark.parametrize("cmd", README_CMDS + TUTORIAL_CMDS + CLI_CMDS)
def test_page_command_runs(cmd: str, tmp_path: Path) -> None:
    reason = _long_reason(cmd)
    if reason:
        pytest.skip(reason)
    r = _run(cmd, tmp_path)
    assert r.returncode == 0, f"{cmd}: exit {r.returncode}\n{r.stderr}"
    if " -o " in cmd:   # the file is the result; "wrote FILE" goes to stderr
        assert (tmp_path / shlex.split(cmd)[shlex.split(cmd).index("-o") + 1]).stat().st_size > 0
        assert "wrote " in r.stderr
    else:
        assert r.stdout.strip(), f"{cmd}: nothing on stdout"
    if "--json" in cmd:
        json.loads(r.stdout)


def _shown_outputs() -> list[tuple[str, str, str]]:
    """(page, command, shown output) for every ```text block starting with ``$ gamekit``/``$ baccara``."""
    found = []
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for block in re.findall(r"```text\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
            if not block.startswith(("$ gamekit", "$ baccara")):
                continue
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                cmd, _, shown = chunk.partition("\n")
                found.append((page.name, cmd.strip(), shown))
    return found


@pytest.mark.parametrize("page,cmd,shown", _shown_outputs(), ids=lambda v: v if len(v) < 60 else None)
def test_shown_output_matches(page: str, cmd: str, shown: str, tmp_path: Path) -> None:
    r = _run(cmd, tmp_path)
    got = r.stdout + r.stderr
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(shown, got, flags), f"{page}: `{cmd}` printed\n{got}\nthe page shows\n{shown}"


def test_readme_claim_counts_come_from_the_program(tmp_path: Path) -> None:
    """README's and the tutorial's claim counts are what ``reproduce --list --json`` reports."""
    r = _run("baccara reproduce --list --json", tmp_path)
    claims = json.loads(r.stdout)
    total, long = len(claims), sum(c["long"] for c in claims)
    paper1 = sum(c["paper"] == "I" for c in claims)
    readme = README.read_text(encoding="utf-8")
    m = re.search(r"the (\d+) numbered claims .*--list shows all (\d+), --all adds the (\d+) long ones", readme)
    assert m, "README: the reproduce line with the claim counts is missing"
    assert tuple(map(int, m.groups())) == (total - long, total, long)
    tutorial = " ".join(TUTORIAL.read_text(encoding="utf-8").split())
    m = re.search(r"\((\d+) claims: .* paper I's (\d+) claims .* shows all (\d+), and `--all` adds the (\d+) long",
                  tutorial)
    assert m, "tutorial: the sentence with the claim counts is missing"
    assert tuple(map(int, m.groups())) == (total - long, paper1, total, long)
