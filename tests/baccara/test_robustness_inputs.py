"""Hostile input (issue #16): malformed .nfg files, huge numbers, argument abuse, API misuse.

Each case must end in one ``error:`` line with exit status 2 (in-process: a GameError /
NfgFormatError with a one-line message) or in a correct result — for .nfg files that
pygambit also reads, the same payoffs cell by cell.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction as F

import pytest
from robustness_gen import ARG_ABUSE, BASE_NFG, gambit_reference, malformed_nfg

import gamekit
from gamekit.core.errors import GameError, NfgFormatError
from gamekit.core.numbers import fmt, parse_fraction, to_fraction
from gamekit.io.nfg import example_path, parse_nfg_document

_LOCATED = re.compile(r"^f\.nfg:\d+: \S")


@pytest.mark.parametrize("seed", range(6))
def test_malformed_nfg_never_reads_a_wrong_payoff(seed):
    rng = random.Random(seed)
    for _ in range(60):
        kind, text = malformed_nfg(rng)
        try:
            doc = parse_nfg_document(text, "f.nfg")
        except NfgFormatError as exc:
            msg = str(exc)
            assert "\n" not in msg and _LOCATED.match(msg), (kind, text, msg)
            continue
        except GameError as exc:  # e.g. a game with a zero-size side
            assert "\n" not in str(exc), (kind, text)
            continue
        ref = gambit_reference(text)
        if ref is not None:
            assert [list(r) for r in doc.game.A] == ref[0] and [list(r) for r in doc.game.B] == ref[1], (kind, text)


def test_bom_and_crlf_read_the_same_game():
    want = parse_nfg_document(BASE_NFG).game
    for variant in ("\ufeff" + BASE_NFG, BASE_NFG.replace("\n", "\r\n"), "\ufeff" + BASE_NFG.replace("\n", "\r")):
        assert parse_nfg_document(variant).game == want


@pytest.mark.parametrize("number, what", [
    ("1e99999", "exponent beyond"), ("1" * 16000, "more than 15000 digits"),
    ("1/" + "3" * 16000, "more than 15000 digits"), ("1/" + "0" * 16000, "more than 15000 digits"),
    ("١٢", "only ASCII digits"), ("１２", "only ASCII digits"), ("1/0", "zero denominator"),
])
def test_hostile_numbers_in_nfg_name_file_and_line(number, what):
    text = BASE_NFG.replace("0.25", number)
    with pytest.raises(NfgFormatError, match=re.escape(what)) as info:
        parse_nfg_document(text, "f.nfg")
    assert str(info.value).startswith("f.nfg:6: ")


@pytest.mark.parametrize("text", ["1e-10000000", "1e10000000", "١٢", "１２", "1_000", "1" * 16000, "0x1", "nan",
                                  "1/" + "9" * 15001])
def test_argument_numbers_are_refused(text):
    with pytest.raises(GameError):
        parse_fraction(text, "alpha")
    with pytest.raises(GameError):
        gamekit.BimatrixGame([[text, 1]], [[0, 0]])


def test_numbers_within_the_bounds_are_exact():
    assert parse_fraction("1e-10000") == F(1, 10**10000)
    assert parse_fraction(" -3/4 ") == F(-3, 4) and parse_fraction(".5") == F(1, 2)
    big = F(7**20000, 3)  # beyond the 4300-digit int-to-str limit: still printed exactly
    num, den = fmt(big).split("/")
    assert den == "3" and num.endswith(str(7**20000 % 10**50).zfill(50))


@pytest.mark.parametrize("bad", [None, b"12", object(), "x", [1]])
def test_to_fraction_bad_values_are_game_errors(bad):
    with pytest.raises(GameError):
        to_fraction(bad)


def test_api_misuse_raises_game_error(tmp_path):
    g = gamekit.BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    calls = [
        lambda: gamekit.BimatrixGame(None, None), lambda: gamekit.BimatrixGame([[b"1"]], [[1]]),
        lambda: gamekit.solve(None), lambda: gamekit.solve(g, method=5),  # None = the default method
        lambda: gamekit.solve(g, method="support_enumeration", use_floats="no"),
        lambda: gamekit.is_equilibrium(g, None, [1, 0]), lambda: gamekit.is_equilibrium(g, b"ab", [1, 0]),
        lambda: gamekit.is_equilibrium(g, [1, 1], [1, 0]), lambda: gamekit.is_equilibrium(g, [2, -1], [1, 0]),
        lambda: gamekit.is_equilibrium(None, [1], [1]), lambda: gamekit.read_nfg(None),
        lambda: gamekit.read_nfg(b"/etc/passwd"), lambda: gamekit.write_nfg(g, None),
        lambda: gamekit.read_nfg(tmp_path), lambda: gamekit.read_nfg("/dev/zero"),
    ]
    for call in calls:
        with pytest.raises(GameError):
            call()
    assert gamekit.solve(g, method="support_enumeration", use_floats=False)


def test_examples_stay_in_their_folder(tmp_path):
    for name in ("../../../../etc/passwd", "..", "/etc/passwd", "./prisoners_dilemma", "", "a\x00b"):
        with pytest.raises(GameError, match="no example game named"):
            example_path(name)
    assert example_path("prisoners_dilemma").is_file()


def _run_cli(which: str, argv: list[str], capsys) -> tuple[int, str, str]:
    if which == "gamekit":
        from gamekit.cli import main
    else:
        from games.baccara.cli.main import main
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("which, argv", [(w, a) for w, cases in ARG_ABUSE.items() for a in cases],
                         ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else v)
def test_argument_abuse_ends_in_one_error_line(which, argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    code, out, err = _run_cli(which, argv, capsys)
    assert code == 2, (code, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert not [p for p in tmp_path.iterdir() if p.name != "xdg"]  # no file written, not even half


@pytest.mark.parametrize("content", [
    '{"equilibria": ["x"]}', '{"equilibria": [null]}', '{"equilibria": [3]}', '{"equilibria": [[1]]}',
    '{"equilibria": [{"player": [1]}]}', '{"player": {"٥": "stand"}, "base": "punto-banco"}',
    '{"player": {"５": "stand"}, "base": "punto-banco"}', '{"banker": {"٣:9": "stand"}, "base": "punto-banco"}',
])
def test_strategy_files_of_the_wrong_shape_or_script_are_refused(content, tmp_path, capsys):
    """#28: items that are not objects, and keys in other scripts' digits, are one error line —
    never a traceback, never an entry silently ignored (a different game solved)."""
    f = tmp_path / "s.json"
    f.write_text(content, encoding="utf-8")
    code, out, err = _run_cli("baccara", ["evaluate", "--player", str(f), "--banker", "equilibrium"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err


def test_misspelled_option_gets_a_suggestion(capsys):
    code, _, err = _run_cli("baccara", ["solve", "--deks", "6"], capsys)
    assert code == 2 and "did you mean '--decks'?" in err
