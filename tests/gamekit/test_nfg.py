"""Tests for gamekit.io.nfg: Gambit .nfg reading/writing, checked against pygambit."""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame, read_nfg, write_nfg
from gamekit.core.errors import GameError, NfgFormatError
from gamekit.io.interop import from_pygambit, to_pygambit
from gamekit.io.nfg import (
    example_names,
    example_path,
    format_nfg,
    parse_nfg,
    parse_nfg_document,
    read_nfg_document,
)

GAMES = Path(__file__).parents[1] / "games"
BAD = GAMES / "bad"
F = Fraction


def gambit_arrays(g) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    """Payoff tables of a pygambit game, read cell by cell (None = Gambit's null outcome)."""
    p1, p2 = g.players
    cells = [[g[s, t] for t in p2.strategies] for s in p1.strategies]
    A = [[F(0) if o is None else F(o[p1]) for o in r] for r in cells]
    B = [[F(0) if o is None else F(o[p2]) for o in r] for r in cells]
    return A, B


# ---------------------------------------------------------------------------------------
# the examples of Gambit's manual
# ---------------------------------------------------------------------------------------


def test_gambit_manual_example_both_versions():
    # "The strategic game (.nfg) file format": e02.nfg, payoff and outcome versions
    g = read_nfg(GAMES / "selten_e02.nfg")
    assert g.A == ((1, 1), (0, 0), (0, 2))
    assert g.B == ((1, 1), (2, 3), (2, 0))
    assert g.row_labels == ("1", "2", "3") and g.col_labels == ("1", "2")
    assert g.title == "Selten (IJGT, 75), Figure 2, normal form"
    h = read_nfg(GAMES / "selten_e02_outcome.nfg")
    assert h == g and h.row_labels == g.row_labels
    assert read_nfg_document(GAMES / "selten_e02_outcome.nfg").outcome_format
    assert not read_nfg_document(GAMES / "selten_e02.nfg").outcome_format


def test_player_one_changes_fastest():
    g = parse_nfg('NFG 1 R "" { "1" "2" } { 2 3 } 11 -11 21 -21 12 -12 22 -22 13 -13 23 -23')
    assert g.A == ((11, 12, 13), (21, 22, 23))
    assert g.B == ((-11, -12, -13), (-21, -22, -23))


def test_numbers_are_exact():
    g = read_nfg(GAMES / "exact_numbers.nfg")
    assert g.A == ((F(1, 10), F(3, 20)), (2, 5))
    assert g.B == ((F(-1, 3), -25), (F(1, 2), F(-1, 4)))
    assert g.A[0][0] != F(0.1)
    # a leading '+' (rejected by Gambit 16) is accepted too
    assert parse_nfg('NFG 1 R "" { "" "" } { 1 1 } +2 -1.5E+1').A == ((2,),)


def test_outcome_version_null_outcome_and_optional_commas():
    g = read_nfg(GAMES / "coordination_null_outcome.nfg")
    assert g.A == ((1, 0), (0, 1)) and g.B == g.A
    s = read_nfg(GAMES / "stag_hunt_outcome.nfg")
    assert s.A == ((4, 0), (3, 3)) and s.B == ((4, 3), (0, 3))


def test_labels_escapes_title_players_comment():
    doc = read_nfg_document(GAMES / "quoted_labels.nfg")
    assert doc.title == 'Labels with "quotes", a backslash \\ and\na line break'
    assert doc.players == ('Player "one"', "Player 2")
    assert doc.game.row_labels == ('say "yes"', "C:\\path")
    assert doc.comment == "comment"
    doc = read_nfg_document(GAMES / "battle_of_sexes.nfg")
    assert doc.comment.startswith("Two pure equilibria")


def test_strategy_counts_give_numbered_labels_and_whitespace_is_free():
    g = parse_nfg('NFG\n1\nR\n"t"{"a""b"}{2\n1}"c"1 2\n3 4')
    assert g.row_labels == ("1", "2") and g.col_labels == ("1",)
    assert g.A == ((1,), (3,)) and g.B == ((2,), (4,))


# ---------------------------------------------------------------------------------------
# malformed files: exact messages with file and line
# ---------------------------------------------------------------------------------------

BAD_FILES = {
    "empty.nfg": "1: empty file (a strategic game file starts with 'NFG 1 R')",
    "extensive_form.nfg": "1: this is an extensive-form (EFG) file; gamekit reads strategic-form NFG files",
    "version_2.nfg": "1: unsupported NFG version '2' (expected 'NFG 1')",
    "missing_title.nfg": "1: expected the game title (a quoted string), found '{'",
    "three_players.nfg": "2: gamekit reads two-player games only; this file has 3 players",
    "strategy_count_mismatch.nfg": "2: 3 strategy counts for 2 players",
    "zero_strategies.nfg": "1: a number of strategies must be a positive integer, found '0'",
    "too_few_payoffs.nfg": "4: too few payoffs: found 6, a 2x2 two-player game needs 8",
    "too_many_payoffs.nfg": "5: too many payoffs: a 2x2 two-player game has 8",
    "bad_number.nfg": "4: invalid number '3.5.1'",
    "zero_denominator.nfg": "4: invalid number '1/0' (zero denominator)",
    "text_in_payoffs.nfg": "4: expected a payoff (a number), found 'one'",
    "unterminated_label.nfg": "4: expected a quoted strategy label or '}', found 'Left' (the quoted "
    "string opened on line 3 runs to line 4: is a closing '\"' missing?)",
    "outcome_index_out_of_range.nfg": "13: outcome index 3 is out of range (the file defines 2 outcomes)",
    "outcome_payoff_count.nfg": "10: outcome 2 has 3 payoffs, expected 2 (one per player)",
}


def test_every_bad_file_is_listed():
    assert sorted(p.name for p in BAD.glob("*.nfg")) == sorted(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_malformed_file_message(name):
    path = BAD / name
    with pytest.raises(NfgFormatError) as info:
        read_nfg(path)
    assert str(info.value) == f"{path}:{BAD_FILES[name]}"
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "text, message",
    [
        ('NFG 1 R "x', "<string>:1: unterminated quoted string (missing closing '\"')"),
        ('NFG 1 X "x"', "<string>:1: expected 'R' (or 'D') after 'NFG 1', found 'X'"),
        ('NFG 1 R "x" { } { }', "<string>:1: the game has no players"),
        ('NFG 1 R "x" { "a" "b" }\n{ { "T" } { } }', "<string>:2: player 2 has no strategies"),
        ('NFG 1 R "x" { "a" "b" } { 1 1 } 1 2 }', "<string>:1: unexpected '}' after the end of the game"),
        ('NFG 1 R "x" { "a" "b" } { 1 1 }', "<string>:1: expected payoffs or an outcome list after "
         "the strategies, found end of file"),
        ('NFG 1 R "x" { "a" "b" } { 1 1 } { { "o" 1 2 } } 1/2',
         "<string>:1: an outcome index must be a non-negative integer, found '1/2'"),
        ('NFG 1 R "x" { "a" "b" } { 1 2 } { { "o" 1 2 } } 1',
         "<string>:1: too few outcome indices: found 1, a 1x2 game needs 2"),
        ('NFG 1 R "x" { "a" "b" } { 1 1 } { { 1 2 } } 1',
         "<string>:1: expected the name of outcome 1 (a quoted string), found '1'"),
        ('NFG 1 R "x" { "a" "b" } { 2.5 1 } 1 2',
         "<string>:1: a number of strategies must be a positive integer, found '2.5'"),
        ('RFG', "<string>:1: not a Gambit strategic-form file (it does not start with 'NFG')"),
    ],
)
def test_malformed_text_message(text, message):
    with pytest.raises(NfgFormatError) as info:
        parse_nfg(text)
    assert str(info.value) == message


def test_unreadable_paths(tmp_path):
    with pytest.raises(GameError, match=r"cannot read .*nope\.nfg: No such file or directory"):
        read_nfg(tmp_path / "nope.nfg")
    with pytest.raises(GameError, match="it is a directory"):
        read_nfg(tmp_path)


def test_latin1_file_is_read(tmp_path):
    p = tmp_path / "latin1.nfg"
    p.write_bytes('NFG 1 R "caf\xe9" { "a" "b" } { 1 1 } 1 2'.encode("latin-1"))
    assert read_nfg(p).title == "caf\xe9"


# ---------------------------------------------------------------------------------------
# writing and round trips
# ---------------------------------------------------------------------------------------

label_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8
)
payoff = st.one_of(
    st.integers(-1000, 1000),
    st.fractions(min_value=-50, max_value=50, max_denominator=1000),
)


@st.composite
def games(draw, labels=label_text, unique=False):
    m = draw(st.integers(1, 5))
    n = draw(st.integers(1, 5))
    A = [[draw(payoff) for _ in range(n)] for _ in range(m)]
    B = [[draw(payoff) for _ in range(n)] for _ in range(m)]
    rows = draw(st.lists(labels, min_size=m, max_size=m, unique=unique))
    cols = draw(st.lists(labels, min_size=n, max_size=n, unique=unique))
    return BimatrixGame(A, B, rows, cols, title=draw(labels))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(games(), st.booleans(), label_text, st.tuples(label_text, label_text))
def test_write_read_round_trip(game, outcome_format, comment, players):
    text = format_nfg(game, players=players, comment=comment, outcome_format=outcome_format)
    doc = parse_nfg_document(text, "rt.nfg")
    assert doc.game == game
    assert doc.game.row_labels == game.row_labels and doc.game.col_labels == game.col_labels
    assert (doc.title, doc.players, doc.comment) == (game.title, players, comment)
    assert doc.outcome_format == outcome_format


# pygambit 16.7 accepts only nonempty, distinct labels of printable ASCII without leading,
# trailing or double spaces (it renames others), and its reader turns the writer's "\\"
# into three backslashes; it also refuses a numeral label equal to a later strategy's
# default label while reading ("3" for strategy 2 of 3). Labels for the pygambit round
# trips respect all that.
gambit_safe = st.from_regex(r"[A-Za-z][A-Za-z0-9\"'(),.:;!?+*/=<>_-]{0,3}( [A-Za-z0-9\"'._-]{1,3})?",
                            fullmatch=True)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(games(labels=gambit_safe, unique=True), st.booleans())
def test_pygambit_reads_what_we_write(game, outcome_format):
    text = format_nfg(game, players=("Alice", 'B "2"'), outcome_format=outcome_format)
    g = gbt.read_nfg(io.StringIO(text))
    A, B = gambit_arrays(g)
    assert [list(r) for r in game.A] == A and [list(r) for r in game.B] == B
    assert [p.label for p in g.players] == ["Alice", 'B "2"']
    assert [s.label for s in list(g.players)[0].strategies] == list(game.row_labels)
    assert [s.label for s in list(g.players)[1].strategies] == list(game.col_labels)
    assert g.title == game.title


@settings(max_examples=40, deadline=None, derandomize=True)
@given(games(labels=gambit_safe, unique=True))
def test_we_read_what_pygambit_writes(game):
    g = to_pygambit(game)
    text = g.to_nfg()
    ours = parse_nfg(text, "pygambit.nfg")
    assert ours == game and ours.row_labels == game.row_labels and ours.col_labels == game.col_labels
    assert from_pygambit(gbt.read_nfg(io.StringIO(text))) == ours


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.nfg")), ids=lambda p: p.name)
def test_fixture_files_agree_with_pygambit(path):
    ours = read_nfg(path)
    theirs = gbt.read_nfg(str(path))
    A, B = gambit_arrays(theirs)
    assert [list(r) for r in ours.A] == A and [list(r) for r in ours.B] == B
    assert [s.label for s in list(theirs.players)[0].strategies] == list(ours.row_labels)


def test_write_nfg_file_and_errors(tmp_path):
    g = read_nfg(GAMES / "von_stengel_3x2.nfg")
    out = tmp_path / "out.nfg"
    write_nfg(g, out, comment="copy")
    assert read_nfg(out) == g
    assert read_nfg_document(out).comment == "copy"
    text = out.read_text()
    assert text.splitlines()[0] == 'NFG 1 R "von Stengel\'s nondegenerate 3x2 game" { "Player 1" "Player 2" }'
    with pytest.raises(GameError, match="cannot write"):
        write_nfg(g, tmp_path / "missing-dir" / "x.nfg")
    with pytest.raises(GameError, match="2 player names"):
        write_nfg(g, out, players=("only one",))
    with pytest.raises(GameError, match="expects a BimatrixGame"):
        write_nfg([[1]], out)


def test_rational_payoffs_are_written_as_fractions():
    g = BimatrixGame([[F(1, 3), -2]], [[F(-5, 7), 0.5]])
    body = format_nfg(g).splitlines()[-2:]
    assert body == ["1/3 -5/7", "-2 1/2"]


def test_shipped_examples():
    names = example_names()
    assert "battle_of_sexes" in names and len(names) >= 5
    for name in names:
        g = read_nfg(example_path(name))
        assert g == read_nfg(GAMES / f"{name}.nfg")  # the examples are fixtures too
    with pytest.raises(GameError, match="no example game named 'nope'"):
        example_path("nope")


@pytest.mark.parametrize(
    "body, message",
    [
        ("{ 1 1 } 1e99999 1", "<string>:1: number '1e99999' has an exponent beyond ±10000"),
        ("{ 1 1 } " + "7" * 16000 + " 1", "<string>:1: number too long (16000 characters; more than 15000 digits)"),
        ("{ 99999999 1 }", "<string>:1: too many strategies (99999999); the limit is 1,000,000 per player"),
        ("{ 1 1 } { { \"o\" 1 2 } } 99999999999999999999999",
         "<string>:1: outcome index 99999999999999999999999 is out of range (the file defines 1 outcome)"),
    ],
)
def test_hostile_numbers_are_rejected_quickly(body, message):
    with pytest.raises(NfgFormatError) as info:
        parse_nfg('NFG 1 R "" { "a" "b" } ' + body)
    assert str(info.value) == message


def test_byte_order_mark_and_crlf():
    text = "\ufeffNFG 1 R \"x\" { \"a\" \"b\" } { 1 2 }\r\n\r\n1 2\r\n3 4\r\n"
    g = parse_nfg(text)
    assert g.A == ((1, 3),) and g.B == ((2, 4),)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(GAMES.glob("*.nfg"))), st.data())
def test_mutated_files_fail_only_with_nfg_errors(path, data):
    """Random edits of valid files: either a valid game or a one-line NfgFormatError."""
    text = path.read_text()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        ch = data.draw(st.sampled_from(list('{}",\\ \n0123456789./-+eExR')))
        if op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        else:
            text = text[:i] + ch + text[i + 1 :]
    try:
        g = parse_nfg(text, "fuzz.nfg")
    except NfgFormatError as e:
        assert str(e).startswith("fuzz.nfg:") and "\n" not in str(e)
    else:
        assert isinstance(g, BimatrixGame)


def test_every_number_read_can_be_written_and_read_back(tmp_path):
    """#28: a payoff read as 1e9999 (10,000 digits) is written in full and read back exactly;
    a game whose text would exceed the reader's size bound is refused when written."""
    from gamekit.core.numbers import MAX_DIGITS, MAX_EXPONENT

    assert MAX_DIGITS > MAX_EXPONENT + 4300
    src = tmp_path / "e.nfg"
    src.write_text('NFG 1 R "e" { "A" "B" } { 2 1 }\n1e9999 -3e-5 7 2\n')
    g = gamekit.read_nfg(src)
    out = tmp_path / "out.nfg"
    gamekit.write_nfg(g, out)
    assert gamekit.read_nfg(out).A == g.A and g.A[0][0] == 10**9999


def test_write_refuses_what_it_could_not_read_back_and_bad_titles(tmp_path):
    from gamekit.io.nfg import MAX_NFG_BYTES

    huge = 10**14000
    n = MAX_NFG_BYTES // 14000 // 2 + 1
    g = gamekit.BimatrixGame([[huge] * n], [[huge] * n])
    with pytest.raises(GameError, match="more than the 64 MB gamekit reads"):
        gamekit.write_nfg(g, tmp_path / "big.nfg")
    assert not list(tmp_path.iterdir())
    with pytest.raises(GameError, match="title must be a str"):
        gamekit.write_nfg(gamekit.BimatrixGame([[1]]), tmp_path / "t.nfg", title=3)
