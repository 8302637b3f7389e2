"""Gambit strategic-form (``.nfg``) files: reading and writing two-player games exactly.

The format (Gambit manual, "The strategic game (.nfg) file format") has a prologue

    NFG 1 R "title" { "Player 1" "Player 2" } STRATEGIES ["comment"]

where STRATEGIES is either the numbers of strategies, ``{ 3 2 }`` (labels then default
to ``"1"``, ``"2"``, …), or nested label lists, ``{ { "T" "B" } { "L" "R" } }``. Two bodies:

* *payoff version*: a flat list of numbers, the payoffs of all players for each strategy
  profile, profiles ordered with **player 1's strategy changing fastest**
  (a₁₁ b₁₁ a₂₁ b₂₁ … a_m1 b_m1 a₁₂ b₁₂ …);
* *outcome version*: a list of outcomes ``{ { "name" a, b } … }`` (commas optional)
  followed by one outcome index per profile in the same order (1-based; 0 is the null
  outcome with payoff 0 to everybody).

Whitespace is not significant except inside double quotes. Inside a quoted string ``\\"``
stands for ``"`` and ``\\\\`` for ``\\`` (what Gambit's writer produces); any other backslash is
kept literally. Numbers are integers, decimals (``0.1``, ``.5``, ``1.5e-3``) or rationals
(``-3/4``), all taken **exactly**. The letter after ``NFG 1`` may be ``R`` or the obsolete
``D``. The optional quoted string after the strategies is the file's comment (Gambit
has no other comment syntax).

gamekit reads two-player games only. Every malformed file raises
:class:`gamekit.core.errors.NfgFormatError` with the message ``<file>:<line>: <what is wrong>``.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, overload

from gamekit.core.errors import GameError, NfgFormatError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt, number_text_problem, parse_fraction
from gamekit.io.textfile import open_for_reading

__all__ = [
    "NfgDocument",
    "parse_nfg",
    "parse_nfg_document",
    "read_nfg",
    "read_nfg_document",
    "format_nfg",
    "write_nfg",
    "example_names",
    "example_path",
]

_NUMBER = re.compile(r"[+-]?(?:\d+/\d+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.ASCII)
_DELIMS = set("{},\"")
_MAX_STRATEGIES = 1_000_000


@dataclass(frozen=True)
class _Tok:
    kind: str  # "num", "text", "sym", "{", "}", ",", "eof"
    text: str
    line: int
    end_line: int = 0  # last line of a quoted string (strings may span lines)


@dataclass(frozen=True)
class NfgDocument:
    """Everything an ``.nfg`` file says about a two-player game.

    Examples
    --------
    >>> doc = parse_nfg_document('NFG 1 R "duel" { "Ann" "Bob" } { 2 1 } 1 0 2 0')
    >>> doc.title, doc.players, doc.game.shape
    ('duel', ('Ann', 'Bob'), (2, 1))
    >>> doc.to_json()["A"]
    [['1'], ['2']]
    """

    game: BimatrixGame
    title: str = ""
    players: tuple[str, str] = ("Player 1", "Player 2")
    comment: str = ""
    outcome_format: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``gamekit show --json`` (exact strings; keys in ``docs/json.md``)."""
        game = self.game
        return {
            "title": self.title,
            "players": list(self.players),
            "comment": self.comment,
            "rows": game.m,
            "cols": game.n,
            "row_labels": list(game.row_labels),
            "col_labels": list(game.col_labels),
            "A": [[fmt(v) for v in r] for r in game.A],
            "B": [[fmt(v) for v in r] for r in game.B],
        }


class _Lexer:
    """The tokenizer of Gambit's text formats (``.nfg`` here, ``.efg`` in
    :mod:`gamekit.extensive.efg`): numbers, quoted strings, ``{ } ,`` and bare words, with
    line numbers; malformed input raises ``error_type("<file>:<line>: <what>")``."""

    def __init__(self, text: str, filename: str, error_type: type[GameError] = NfgFormatError) -> None:
        self.text = text
        self.filename = filename
        self.error_type = error_type
        self.pos = 0
        self.line = 1
        self.last_line = 1  # line of the last token read (for end-of-file errors)

    def error(self, line: int, what: str) -> GameError:
        return self.error_type(f"{self.filename}:{line}: {what}")

    def next(self) -> _Tok:
        t, n = self.text, len(self.text)
        while self.pos < n and t[self.pos].isspace():
            if t[self.pos] == "\n":
                self.line += 1
            self.pos += 1
        if self.pos >= n:
            return _Tok("eof", "", self.last_line)
        line = self.line
        self.last_line = line
        c = t[self.pos]
        if c in "{},":
            self.pos += 1
            return _Tok(c, c, line)
        if c == '"':
            return self._string(line)
        start = self.pos
        while self.pos < n and not t[self.pos].isspace() and t[self.pos] not in _DELIMS:
            self.pos += 1
        word = t[start : self.pos]
        if c in "0123456789+-." or c.isdigit():
            if not _NUMBER.fullmatch(word):
                what = " (only ASCII digits 0-9)" if any(ch.isdigit() and not ch.isascii() for ch in word) else ""
                raise self.error(line, f"invalid number {_short(word)}{what}")
            problem = number_text_problem(word)
            if problem is not None and problem.startswith("exponent"):
                raise self.error(line, f"number {_short(word)} has an {problem}")
            if problem is not None and problem.startswith("more than"):
                raise self.error(line, f"number too long ({len(word)} characters; {problem})")
            if problem is not None:
                raise self.error(line, f"invalid number {_short(word)} ({problem})")
            return _Tok("num", word, line)
        return _Tok("sym", word, line)

    def _string(self, line: int) -> _Tok:
        t, n = self.text, len(self.text)
        i = self.pos + 1
        out = []
        while True:
            if i >= n:
                raise self.error(line, "unterminated quoted string (missing closing '\"')")
            ch = t[i]
            if ch == "\\" and i + 1 < n and t[i + 1] in '"\\':
                out.append(t[i + 1])
                i += 2
                continue
            if ch == '"':
                break
            if ch == "\n":
                self.line += 1
            out.append(ch)
            i += 1
        self.pos = i + 1
        return _Tok("text", "".join(out), line, self.line)


def _clip(word: str) -> str:
    return word[:40] + "..." if len(word) > 40 else word


def _short(word: str) -> str:
    """A token for an error message: quoted, at most 40 characters."""
    return repr(_clip(word))


def _describe(tok: _Tok) -> str:
    if tok.kind == "eof":
        return "end of file"
    if tok.kind == "text":
        t = tok.text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
        return f'"{t[:40]}..."' if len(t) > 40 else f'"{t}"'
    return _short(tok.text)


class _Parser:
    def __init__(self, text: str, filename: str) -> None:
        self.lex = _Lexer(text, filename)
        self.tok = self.lex.next()
        self.prev: _Tok | None = None

    def advance(self) -> _Tok:
        self.prev = self.tok
        self.tok = self.lex.next()
        return self.prev

    def fail(self, what: str, tok: _Tok | None = None) -> GameError:
        tok = tok or self.tok
        p = self.prev
        if p is not None and p.kind == "text" and p.end_line > p.line and tok is self.tok:
            what += (f" (the quoted string opened on line {p.line} runs to line {p.end_line}:"
                     " is a closing '\"' missing?)")
        return self.lex.error(tok.line, what)

    def number(self, tok: _Tok) -> Fraction:
        """The exact value of a number token (exponents limited to ±10000)."""
        text = tok.text  # bounded by the lexer: number_text_problem(text) is None
        try:
            return parse_fraction(text)
        except GameError:
            raise self.fail(f"invalid number {_short(text)}", tok) from None

    def expect(self, kind: str, what: str) -> _Tok:
        if self.tok.kind != kind:
            raise self.fail(f"expected {what}, found {_describe(self.tok)}")
        return self.advance()

    # -- prologue ----------------------------------------------------------------------
    def parse(self) -> NfgDocument:
        if self.tok.kind == "eof":
            raise self.fail("empty file (a strategic game file starts with 'NFG 1 R')")
        if self.tok.kind != "sym" or self.tok.text != "NFG":
            if self.tok.kind == "sym" and self.tok.text == "EFG":
                raise self.fail("this is an extensive-form (EFG) file; gamekit reads strategic-form NFG files")
            # the content is not echoed: the file may be anything readable (e.g. /proc/self/environ)
            raise self.fail("not a Gambit strategic-form file (it does not start with 'NFG')")
        self.advance()
        if self.tok.kind != "num" or self.tok.text != "1":
            raise self.fail(f"unsupported NFG version {_describe(self.tok)} (expected 'NFG 1')")
        self.advance()
        if self.tok.kind != "sym" or self.tok.text not in ("R", "D"):
            raise self.fail(f"expected 'R' (or 'D') after 'NFG 1', found {_describe(self.tok)}")
        self.advance()
        title = self.expect("text", "the game title (a quoted string)").text
        players_tok = self.tok
        players = self._players()
        if len(players) != 2:
            raise self.fail(
                f"gamekit reads two-player games only; this file has {len(players)} players",
                players_tok,
            )
        counts, labels = self._strategies(len(players))
        comment = ""
        if self.tok.kind == "text":
            comment = self.advance().text
        m, n = counts
        if self.tok.kind == "{":
            A, B = self._outcome_body(m, n)
            outcome = True
        elif self.tok.kind == "num":
            A, B = self._payoff_body(m, n)
            outcome = False
        else:
            raise self.fail(f"expected payoffs or an outcome list after the strategies, found {_describe(self.tok)}")
        if self.tok.kind != "eof":
            raise self.fail(f"unexpected {_describe(self.tok)} after the end of the game")
        game = BimatrixGame(A, B, labels[0], labels[1], title=title)
        return NfgDocument(game, title, (players[0], players[1]), comment, outcome)

    def _players(self) -> list[str]:
        open_tok = self.expect("{", "'{' starting the list of player names")
        names = []
        while self.tok.kind == "text":
            names.append(self.advance().text)
        self.expect("}", "a quoted player name or '}'")
        if not names:
            raise self.fail("the game has no players", open_tok)
        return names

    def _strategies(self, nplayers: int) -> tuple[list[int], list[list[str]]]:
        open_tok = self.expect("{", "'{' starting the strategy counts or labels")
        labels: list[list[str]] = []
        nested = self.tok.kind == "{"
        if nested:
            while self.tok.kind == "{":
                inner = self.advance()
                names = []
                while self.tok.kind == "text":
                    names.append(self.advance().text)
                self.expect("}", "a quoted strategy label or '}'")
                if not names:
                    raise self.fail(f"player {len(labels) + 1} has no strategies", inner)
                labels.append(names)
            self.expect("}", "'{' or '}' in the strategy label lists")
        else:
            while self.tok.kind == "num":
                tok = self.advance()
                digits = tok.text.lstrip("0")
                if not tok.text.isdigit() or not digits:
                    raise self.fail(f"a number of strategies must be a positive integer, found {_short(tok.text)}", tok)
                if len(digits) > 7 or int(digits) > _MAX_STRATEGIES:
                    raise self.fail(f"too many strategies ({_clip(tok.text)}); the limit is {_MAX_STRATEGIES:,} per player", tok)
                labels.append([str(i + 1) for i in range(int(digits))])
            self.expect("}", "a number of strategies or '}'")
        if len(labels) != nplayers:
            what = "strategy label lists" if nested else "strategy counts"
            raise self.fail(f"{len(labels)} {what} for {nplayers} players", open_tok)
        return [len(x) for x in labels], labels

    # -- bodies --------------------------------------------------------------------------
    def _payoff_body(self, m: int, n: int) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
        need = 2 * m * n
        vals: list[Fraction] = []
        while self.tok.kind == "num":
            if len(vals) == need:
                raise self.fail(f"too many payoffs: a {m}x{n} two-player game has {need}")
            vals.append(self.number(self.advance()))
        if len(vals) < need:
            if self.tok.kind == "eof":
                raise self.fail(
                    f"too few payoffs: found {len(vals)}, a {m}x{n} two-player game needs {need}"
                )
            raise self.fail(f"expected a payoff (a number), found {_describe(self.tok)}")
        A = [[Fraction(0)] * n for _ in range(m)]
        B = [[Fraction(0)] * n for _ in range(m)]
        k = 0
        for j in range(n):
            for i in range(m):
                A[i][j], B[i][j] = vals[k], vals[k + 1]
                k += 2
        return A, B

    def _outcome_body(self, m: int, n: int) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
        self.advance()  # '{'
        outcomes: list[tuple[Fraction, Fraction]] = []
        while self.tok.kind == "{":
            start = self.advance()
            num = len(outcomes) + 1
            self.expect("text", f"the name of outcome {num} (a quoted string)")
            pay: list[Fraction] = []
            while self.tok.kind == "num":
                pay.append(self.number(self.advance()))
                if self.tok.kind == ",":
                    self.advance()
            if self.tok.kind != "}":
                raise self.fail(f"expected a payoff or '}}' in outcome {num}, found {_describe(self.tok)}")
            self.advance()
            if len(pay) != 2:
                raise self.fail(f"outcome {num} has {len(pay)} payoffs, expected 2 (one per player)", start)
            outcomes.append((pay[0], pay[1]))
        self.expect("}", "'{' starting an outcome or '}' ending the outcome list")
        cells: list[tuple[Fraction, Fraction]] = []
        need = m * n
        while self.tok.kind == "num":
            tok = self.advance()
            if len(cells) == need:
                raise self.fail(f"too many outcome indices: a {m}x{n} game has {need} profiles", tok)
            if not tok.text.isdigit():
                raise self.fail(f"an outcome index must be a non-negative integer, found {_short(tok.text)}", tok)
            digits = tok.text.lstrip("0") or "0"
            k = int(digits) if len(digits) < 19 else len(outcomes) + 1
            if k > len(outcomes):
                plural = "" if len(outcomes) == 1 else "s"
                raise self.fail(
                    f"outcome index {_clip(tok.text)} is out of range (the file defines {len(outcomes)} outcome{plural})",
                    tok,
                )
            cells.append((Fraction(0), Fraction(0)) if k == 0 else outcomes[k - 1])
        if len(cells) < need:
            if self.tok.kind == "eof":
                raise self.fail(f"too few outcome indices: found {len(cells)}, a {m}x{n} game needs {need}")
            raise self.fail(f"expected an outcome index, found {_describe(self.tok)}")
        A = [[Fraction(0)] * n for _ in range(m)]
        B = [[Fraction(0)] * n for _ in range(m)]
        k = 0
        for j in range(n):
            for i in range(m):
                A[i][j], B[i][j] = cells[k]
                k += 1
        return A, B


# ---------------------------------------------------------------------------------------
# public API: reading
# ---------------------------------------------------------------------------------------


def parse_nfg_document(text: str, filename: str = "<string>") -> NfgDocument:
    """Parse the text of an ``.nfg`` file into an :class:`NfgDocument`.

    Parameters
    ----------
    text : str
        The file's text (payoff or outcome version of Gambit's format, two players).
    filename : str
        The name used in error messages.

    Returns
    -------
    NfgDocument
        The game with its title, player names, comment and format.

    Raises
    ------
    NfgFormatError
        When the text is not a well-formed two-player ``.nfg`` file (the message names the
        line and the token).

    Examples
    --------
    >>> doc = parse_nfg_document('NFG 1 R "t" { "I" "II" } { 2 1 } 1 0 2 0')
    >>> doc.players, doc.game.A
    (('I', 'II'), ((Fraction(1, 1),), (Fraction(2, 1),)))
    """
    if isinstance(text, (bytes, bytearray)):
        text = decode_nfg_bytes(bytes(text))
    if not isinstance(text, str):
        raise GameError(f"parse_nfg expects the text of a file (str), not {type(text).__name__}")
    if text.startswith("\ufeff"):  # byte-order mark
        text = text[1:]
    return _Parser(text, filename).parse()


def parse_nfg(text: str, filename: str = "<string>") -> BimatrixGame:
    """Parse the text of an ``.nfg`` file into a :class:`BimatrixGame` (labels, title kept).

    Parameters
    ----------
    text : str
        The file's text (payoff or outcome version, two players).
    filename : str
        The name used in error messages.

    Returns
    -------
    BimatrixGame
        The game, with exact payoffs.

    Raises
    ------
    NfgFormatError
        When the text is not a well-formed two-player ``.nfg`` file.

    Examples
    --------
    >>> g = parse_nfg('NFG 1 R "pennies" { "I" "II" } { 2 2 } 1 -1 -1 1 -1 1 1 -1')
    >>> g.title, g.A
    ('pennies', ((Fraction(1, 1), Fraction(-1, 1)), (Fraction(-1, 1), Fraction(1, 1))))
    >>> parse_nfg("NFG 1 R")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.NfgFormatError: ...
    """
    return parse_nfg_document(text, filename).game


#: Largest .nfg input read (bytes); larger files, devices and endless streams are refused.
MAX_NFG_BYTES = 64 * 1024 * 1024


@overload
def read_limited(fh: IO[bytes], name: str, limit: int = ...) -> bytes: ...
@overload
def read_limited(fh: IO[str], name: str, limit: int = ...) -> str: ...
def read_limited(fh: IO[Any], name: str, limit: int = MAX_NFG_BYTES) -> bytes | str:
    """At most ``limit`` bytes from the binary stream ``fh`` (characters from a text stream:
    ``bytes`` or ``str`` as ``fh.read`` gives); a longer input is an error."""
    data: bytes | str = fh.read(limit + 1)
    if len(data) > limit:
        raise GameError(f"cannot read {name}: larger than {limit // (1024 * 1024)} MB "
                        "(the limit for a game file)")
    return data


def decode_nfg_bytes(data: bytes) -> str:
    """UTF-8, else Latin-1 (Gambit writes labels as raw bytes)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _path_name(path: object) -> str:
    """``os.fspath(path)`` for a str or path-like giving a str; anything else is a GameError."""
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(name, str):
        raise GameError(f"a file name must be a str or a path, not {type(path).__name__}")
    if "\0" in name:
        raise GameError(f"file name {name!r} contains a NUL character")
    return name


def _read_text(path: str | os.PathLike[str]) -> tuple[str, str]:
    name = _path_name(path)
    try:
        st = os.stat(name)
        if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) or stat.S_ISSOCK(st.st_mode):
            raise GameError(f"cannot read {name}: not a regular file (a device or socket)")
        if stat.S_ISREG(st.st_mode) and st.st_size > MAX_NFG_BYTES:
            raise GameError(f"cannot read {name}: {st.st_size / 2**20:.0f} MB is larger than "
                            f"{MAX_NFG_BYTES // 2**20} MB (the limit for a game file)")
        with open_for_reading(name) as fh:  # a FIFO without a writer reads as empty
            data = read_limited(fh, name)
    except IsADirectoryError:
        raise GameError(f"cannot read {name}: it is a directory") from None
    except OSError as e:
        raise GameError(f"cannot read {name}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # Gambit writes labels as raw bytes
    return text, name


def read_nfg_document(path: str | os.PathLike[str]) -> NfgDocument:
    """Read an ``.nfg`` file with its title, player names and comment.

    Parameters
    ----------
    path : str or os.PathLike
        The file (at most ``MAX_NFG_BYTES``; UTF-8, else Latin-1).

    Returns
    -------
    NfgDocument
        The game with its title, player names, comment and format.

    Raises
    ------
    GameError
        When the file cannot be read or is too large.
    NfgFormatError
        When its text is not a well-formed two-player ``.nfg`` file.

    Examples
    --------
    >>> read_nfg_document(example_path("battle_of_sexes")).game.shape
    (2, 2)
    """
    text, name = _read_text(path)
    return parse_nfg_document(text, name)


def read_nfg(path: str | os.PathLike[str]) -> BimatrixGame:
    """Read a two-player Gambit ``.nfg`` file (payoff or outcome version) exactly.

    Parameters
    ----------
    path : str or os.PathLike
        The file.

    Returns
    -------
    BimatrixGame
        The game (labels and title kept).

    Raises
    ------
    GameError
        When the file cannot be read or is too large.
    NfgFormatError
        When its text is not a well-formed two-player ``.nfg`` file.

    Examples
    --------
    >>> g = read_nfg(example_path("matching_pennies"))
    >>> g.shape, g.A[0][0] == -g.B[0][0]
    ((2, 2), True)
    """
    return read_nfg_document(path).game


# ---------------------------------------------------------------------------------------
# public API: writing
# ---------------------------------------------------------------------------------------


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_nfg(
    game: BimatrixGame,
    *,
    players: Sequence[str] = ("Player 1", "Player 2"),
    comment: str = "",
    title: str | None = None,
    outcome_format: bool = False,
) -> str:
    r"""The ``.nfg`` text of ``game`` (payoff version unless ``outcome_format``).

    Numbers are written exactly (``p/q``); strategy labels, title and player names are
    quoted with ``\"`` and ``\\`` escapes. The outcome version writes one outcome per
    distinct payoff pair.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    players : sequence of str
        The two player names.
    comment : str
        The file's comment.
    title : str, optional
        The title (default: the game's).
    outcome_format : bool
        Write Gambit's outcome version instead of the payoff version.

    Returns
    -------
    str
        The file's text; :func:`parse_nfg` reads it back to the same game.

    Raises
    ------
    GameError
        When ``game`` is not a :class:`BimatrixGame`, the names are malformed, or the text
        would exceed what :func:`read_nfg` reads.

    Examples
    --------
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]], title="bos")
    >>> print(format_nfg(g), end="")
    NFG 1 R "bos" { "Player 1" "Player 2" }
    <BLANKLINE>
    { { "1" "2" }
    { "1" "2" }
    }
    ""
    <BLANKLINE>
    3 2 0 0
    0 0 2 3
    >>> parse_nfg(format_nfg(g, outcome_format=True)).B == g.B
    True
    """
    if not isinstance(game, BimatrixGame):
        raise GameError("write_nfg expects a BimatrixGame")
    if len(players) != 2:
        raise GameError(f"a two-player game needs 2 player names, got {len(players)}")
    for what, value in (("title", title), ("comment", comment), *(("player name", x) for x in players)):
        if value is not None and not isinstance(value, str):
            raise GameError(f"the {what} must be a str, not {type(value).__name__}")
    t = game.title if title is None else title
    lines = [f"NFG 1 R {_quote(t)} {{ {_quote(players[0])} {_quote(players[1])} }}", ""]
    lines.append("{ { " + " ".join(_quote(s) for s in game.row_labels) + " }")
    lines.append("{ " + " ".join(_quote(s) for s in game.col_labels) + " }")
    lines.append("}")
    lines.append(_quote(comment))
    lines.append("")
    lines += _payoff_lines(game, outcome_format)
    text = "\n".join(lines) + "\n"
    size = len(text.encode("utf-8"))
    if size > MAX_NFG_BYTES:  # never write what read_nfg would refuse to read back
        raise GameError(f"the game as .nfg text would be {size / 2**20:.0f} MB, more than the "
                        f"{MAX_NFG_BYTES // 2**20} MB gamekit reads")
    return text


def _payoff_lines(game: BimatrixGame, outcome_format: bool) -> list[str]:
    """The payoff part of :func:`format_nfg`'s text: one line of payoff pairs per column,
    or (outcome format) the list of distinct outcomes and one line of indices per column."""
    m, n = game.shape
    if not outcome_format:
        return [" ".join(f"{fmt(game.A[i][j])} {fmt(game.B[i][j])}" for i in range(m)) for j in range(n)]
    index: dict[tuple[Fraction, Fraction], int] = {}
    for j in range(n):
        for i in range(m):
            index.setdefault((game.A[i][j], game.B[i][j]), len(index) + 1)
    return ["{", *(f'{{ "" {fmt(a)}, {fmt(b)} }}' for (a, b) in index), "}",
            *(" ".join(str(index[(game.A[i][j], game.B[i][j])]) for i in range(m)) for j in range(n))]


def write_nfg(
    game: BimatrixGame,
    path: str | os.PathLike[str],
    *,
    players: Sequence[str] = ("Player 1", "Player 2"),
    comment: str = "",
    title: str | None = None,
    outcome_format: bool = False,
) -> None:
    """Write ``game`` to ``path`` as a Gambit ``.nfg`` file (see :func:`format_nfg`).

    The file is written atomically (temporary file + rename): all or nothing.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    path : str or os.PathLike
        The file to write.
    players, comment, title, outcome_format
        As for :func:`format_nfg`.

    Raises
    ------
    GameError
        As :func:`format_nfg`, or when ``path`` is not a path.

    Examples
    --------
    >>> import os, tempfile
    >>> g = BimatrixGame([[1, "1/2"]], [[0, 1]])
    >>> path = os.path.join(tempfile.mkdtemp(), "g.nfg")
    >>> write_nfg(g, path)
    >>> read_nfg(path).A == g.A
    True
    """
    _path_name(path)
    text = format_nfg(game, players=players, comment=comment, title=title, outcome_format=outcome_format)
    from gamekit.io.atomic import atomic_write

    atomic_write(_path_name(path), text)  # temporary file + rename: all or nothing


# ---------------------------------------------------------------------------------------
# shipped example games (package data: gamekit/examples/*.nfg)
# ---------------------------------------------------------------------------------------

_EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example_names() -> list[str]:
    """Names of the example games shipped with gamekit (``gamekit/examples/NAME.nfg``).

    Returns
    -------
    list of str
        The names, sorted.

    Examples
    --------
    >>> "battle_of_sexes" in example_names()
    True
    """
    return sorted(p.stem for p in _EXAMPLES.glob("*.nfg"))


def example_path(name: str) -> Path:
    """Path of the shipped example game ``name`` (e.g. ``"battle_of_sexes"``).

    Parameters
    ----------
    name : str
        The example's name (a trailing ``.nfg`` is allowed).

    Returns
    -------
    pathlib.Path
        The file inside the installed package.

    Raises
    ------
    GameError
        When there is no such example (paths outside the examples folder included).

    Examples
    --------
    >>> example_path("battle_of_sexes").name
    'battle_of_sexes.nfg'
    >>> example_path("../pyproject")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: no example game named '../pyproject'; examples: ...
    """
    if not isinstance(name, str):
        raise GameError(f"an example name is a string, not {type(name).__name__}")
    stem = name.removesuffix(".nfg")
    path = _EXAMPLES / f"{stem}.nfg"
    # only plain names of files directly in the examples folder (no ../, no absolute paths)
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,100}", stem, re.ASCII) or stem.startswith(".") \
            or path.resolve().parent != _EXAMPLES or not path.is_file():
        raise GameError(f"no example game named {name!r}; examples: {', '.join(example_names())}")
    return path
