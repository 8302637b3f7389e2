"""A fixed-seed sample of the generated hostile input (tests/fuzz_gen.py), run in-process.

For every case, over every subcommand of both CLIs: exit status 0, or 2 with exactly one
``error:`` line on stderr and nothing on stdout — never 3 (no bad input is an internal
error), never a traceback or another status — and nothing half-written in the working
directory. ``benchmarks/fuzz_campaign.py`` runs the same generator at scale in subprocesses.
"""

from __future__ import annotations

import io
import random
import sys

import pytest
from fuzz_gen import SPECS, Case, cases, leftovers, make_case, option_values, prepare, verdict
from hypothesis import HealthCheck, given, settings

CHUNKS = 8
PER_CHUNK = 20
COMMANDS = sorted(SPECS)


def _run(case: Case, capsys) -> tuple[int, str, str]:
    if case.cli == "gamekit":
        from gamekit.cli import main
    else:
        from games.baccara.cli.main import main
    try:
        code = main(list(case.argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return int(code if code is not None else 0), out, err


def _check(case: Case, tmp_path, capsys, monkeypatch) -> None:
    work = tmp_path / "w"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    prepare(case, work)
    code, out, err = _run(case, capsys)
    what = verdict(code, out, err)
    assert what in ("ok", "bad input"), f"{what} (exit {code}): {case.show()}\n{err[-2000:]}"
    assert not leftovers(case, work, code), (leftovers(case, work, code), case.show())


def _sample(chunk: int) -> list[Case]:
    rng = random.Random(28_000 + chunk)
    return [make_case(rng, COMMANDS[(chunk * PER_CHUNK + j) % len(COMMANDS)]) for j in range(PER_CHUNK)]


@pytest.fixture
def fuzz_env(tmp_path_factory, monkeypatch):
    shared = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared / "fuzz-xdg"))
    monkeypatch.setenv("MPLCONFIGDIR", str(shared / "fuzz-mpl"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_hostile_input_ends_in_ok_or_one_error_line(chunk, tmp_path, capsys, monkeypatch, fuzz_env):
    """160 generated cases (every subcommand, round robin): exit 0, or exit 2 with one line."""
    for i, case in enumerate(_sample(chunk)):
        _check(case, tmp_path / str(i), capsys, monkeypatch)


# Regressions found by the campaign (benchmarks/fuzz_campaign.py, #28): each once failed.
REGRESSIONS = [
    Case("gamekit", ("solve", "fifo")),  # a FIFO without a writer: open() waited forever
    Case("gamekit", ("convert", "example:prisoners_dilemma", "fifo")),  # a FIFO without a reader
    Case("baccara", ("simulate", "--rounds", "100", "--outcomes", "fifo")),
    Case("baccara", ("solve", "--rules", "fifo")),
    # a line break in a stray argument split the error line in two
    Case("gamekit", ("examples", "1\n2")), Case("baccara", ("cache", "info", "1\n2")),
    Case("gamekit", ("\x1b[31mx",)), Case("baccara", ("x\ny",)),
    # 300-digit deck counts: exit 3 (float overflow) in solve/evaluate, minutes in eor/house-edge
    Case("baccara", ("solve", "--model", "B2", "--decks", "9" * 300)),
    Case("baccara", ("evaluate", "--model", "B2", "--decks", "9" * 300)),
    Case("baccara", ("counting", "eor", "--decks", "9" * 300)),
    Case("baccara", ("house-edge", "--decks", "9" * 300)),
    # a huge deck count refused only after the exact effects of removal (progress lines + error)
    Case("baccara", ("counting", "true-count", "--decks", "1" + "0" * 20, "--shoes", "3")),
    # an output that cannot be written was refused only after the work (with a cache warning first)
    Case("baccara", ("plot", "mixing", "--model", "A1", "--jobs", "1", "-o", "fifo", "--cache-dir", "fifo")),
    Case("baccara", ("plot", "curves", "--model", "A1", "-o", "nodir/x.png")),
    Case("baccara", ("counting", "sixes", "--decks", "1", "--shoes", "3", "--plot", "sub")),
    Case("baccara", ("evaluate", "--model", "A1", "--shoes", "3", "--plot", "fifo")),
    # a 5,000-character output name: refused after the sweep had created its cache
    Case("baccara", ("plot", "mixing", "--model", "A1", "--jobs", "1", "-o=" + "9" * 5000, "--cache-dir=\x07")),
    # a stake beyond the float range: exit 3 (OverflowError)
    Case("baccara", ("simulate", "--rounds", "300", "--seed", "1", "--stake", "1e400", "--json")),
    # the same in bankroll's NAME=STAKE: exit 3 at 1e400, NaN results at 1e300 (found next to the campaign)
    Case("baccara", ("bankroll", "--bet", "banker=1e400", "--sessions", "3", "--rounds", "10", "--decks", "1")),
    Case("baccara", ("bankroll", "--bet", "banker=1e300", "--sessions", "3", "--rounds", "10", "--decks", "1")),
    # the final campaign (seed 29): -o and --cache-dir naming one path left the cache behind
    Case("baccara", ("plot", "mixing", "--model", "A1", "--jobs", "1", "-o", "1e400", "--cache-dir", "1e400",
                     "--decks", "-7")),
]


@pytest.mark.parametrize("case", REGRESSIONS, ids=lambda c: " ".join(c.argv)[:50])
def test_campaign_regressions(case, tmp_path, capsys, monkeypatch, fuzz_env):
    _check(case, tmp_path / "0", capsys, monkeypatch)


def test_no_generated_bad_input_exits_3(tmp_path, capsys, monkeypatch, fuzz_env):
    """The bad-input promise stated alone: generated values of every hostile class in the
    integer and fraction options of the cheapest commands never exit 3."""
    rng = random.Random(3)
    for i in range(30):
        case = make_case(rng, rng.choice([("baccara", "house-edge"), ("baccara", "solve"), ("gamekit", "solve")]))
        work = tmp_path / str(i)
        work.mkdir()
        monkeypatch.chdir(work)
        prepare(case, work)
        code, _, err = _run(case, capsys)
        assert code != 3, (case.show(), err)


@settings(max_examples=25, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys is read out every example
@given(value=option_values("decks"))
def test_deck_option_values_in_house_edge(value, capsys):
    """Hypothesis over the value classes: ``house-edge --decks V`` is exit 0 or one line."""
    from games.baccara.cli.main import main

    try:
        code = main(["house-edge", "--decks", value[1], "--json"])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert verdict(int(code or 0), out, err) in ("ok", "bad input"), (value, err)


@settings(max_examples=5, deadline=None, database=None, derandomize=True)
@given(case=cases(("gamekit", "show")))
def test_cases_strategy_builds_runnable_cases(case):
    assert case.cli == "gamekit" and case.argv[0] == "show"
