"""Gambit extensive-form (``.efg``) files: reading and writing two-player game trees exactly.

The format (Gambit manual, "The extensive game (.efg) file format") is a prologue

    EFG 2 R "title" { "Player 1" "Player 2" } ["comment"]

followed by the nodes in prefix (depth-first) order, one per line by convention:

* ``c "name" INFOSET ["infoset name" { "move" prob "move" prob … }] OUTCOME [...]`` — chance;
* ``p "name" PLAYER INFOSET ["infoset name" { "move" "move" … }] OUTCOME [...]`` — decision;
* ``t "name" OUTCOME [...]`` — terminal;

where ``OUTCOME`` is an outcome number (0: none) followed, where the outcome is defined,
by ``"outcome name" { payoff, payoff }`` (commas optional). An information set's name and
moves (an outcome's name and payoffs) are given on its first node and may be repeated —
identically — later. A play's payoff is the sum of the outcomes along its path. Numbers
(payoffs, probabilities) are integers, decimals or ``p/q``, taken **exactly**, with the
bounds of :func:`gamekit.core.numbers.number_text_problem`; chance probabilities must be
non-negative and sum to 1 exactly. Quoted strings use ``\\"`` and ``\\\\`` escapes.

gamekit reads two-player games with perfect recall. Every malformed file raises
:class:`EfgFormatError` (a :class:`~gamekit.core.errors.GameError`) with the message
``<file>:<line>: <what is wrong>``; imperfect recall is a :class:`GameError` naming the
information set.
"""

from __future__ import annotations

import os
from fractions import Fraction

from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt, parse_fraction
from gamekit.extensive.game import ExtensiveGame, Infoset, Node, Outcome
from gamekit.io.nfg import _Lexer, _Tok

__all__ = ["EfgFormatError", "parse_efg", "read_efg", "format_efg", "write_efg", "MAX_EFG_BYTES", "MAX_EFG_NODES"]

#: Largest ``.efg`` input read (bytes).
MAX_EFG_BYTES = 64 * 1024 * 1024
#: Largest number of nodes read from a file.
MAX_EFG_NODES = 2_000_000



class EfgFormatError(GameError):
    """A malformed Gambit ``.efg`` file; the message reads ``<file>:<line>: <what is wrong>``."""


def _short(word: str) -> str:
    return repr(word[:40] + "..." if len(word) > 40 else word)


def _describe(tok: _Tok) -> str:
    if tok.kind == "eof":
        return "end of file"
    if tok.kind == "text":
        return '"' + (tok.text[:40] + "..." if len(tok.text) > 40 else tok.text) + '"'
    return _short(tok.text)


class _Parser:
    def __init__(self, text: str, filename: str) -> None:
        self.lex = _Lexer(text, filename, EfgFormatError)
        self.tok = self.lex.next()

    def advance(self) -> _Tok:
        tok, self.tok = self.tok, self.lex.next()
        return tok

    def fail(self, what: str, tok: _Tok | None = None) -> GameError:
        return self.lex.error((tok or self.tok).line, what)

    def expect(self, kind: str, what: str) -> _Tok:
        if self.tok.kind != kind:
            raise self.fail(f"expected {what}, found {_describe(self.tok)}")
        return self.advance()

    def number(self, what: str) -> Fraction:
        tok = self.expect("num", what)
        try:
            return parse_fraction(tok.text)
        except GameError:
            raise self.fail(f"invalid number {_short(tok.text)}", tok) from None

    def integer(self, what: str, limit: int) -> int:
        tok = self.expect("num", what)
        if not tok.text.isdigit():
            raise self.fail(f"{what} must be a non-negative integer, found {_short(tok.text)}", tok)
        digits = tok.text.lstrip("0") or "0"
        if len(digits) > 9 or int(digits) > limit:
            raise self.fail(f"{what} {_short(tok.text)} is out of range (at most {limit:,})", tok)
        return int(digits)

    # -- prologue ------------------------------------------------------------------------
    def parse(self) -> ExtensiveGame:
        if self.tok.kind == "eof":
            raise self.fail("empty file (an extensive game file starts with 'EFG 2 R')")
        if self.tok.kind != "sym" or self.tok.text != "EFG":
            if self.tok.kind == "sym" and self.tok.text == "NFG":
                raise self.fail("this is a strategic-form (NFG) file, not an extensive-form (EFG) file")
            raise self.fail("not a Gambit extensive-form file (it does not start with 'EFG')")
        self.advance()
        if self.tok.kind != "num" or self.tok.text != "2":
            raise self.fail(f"unsupported EFG version {_describe(self.tok)} (expected 'EFG 2')")
        self.advance()
        if self.tok.kind != "sym" or self.tok.text not in ("R", "D"):
            raise self.fail(f"expected 'R' (or 'D') after 'EFG 2', found {_describe(self.tok)}")
        self.advance()
        title = self.expect("text", "the game title (a quoted string)").text
        open_tok = self.expect("{", "'{' starting the list of player names")
        players = []
        while self.tok.kind == "text":
            players.append(self.advance().text)
        self.expect("}", "a quoted player name or '}'")
        if len(players) != 2:
            raise self.fail(f"gamekit reads two-player games only; this file has {len(players)} players", open_tok)
        comment = self.advance().text if self.tok.kind == "text" else ""
        return self._tree(title, (players[0], players[1]), comment)

    # -- the nodes -------------------------------------------------------------------------
    def _tree(self, title: str, players: tuple[str, str], comment: str) -> ExtensiveGame:
        kinds: list[str] = []
        names: list[str] = []
        owner: list[int] = []
        where: list[int] = []  # index of the node's information set
        outs: list[int] = []
        lines: list[int] = []
        sets: tuple[dict[int, list], dict[int, list], dict[int, list]] = ({}, {}, {})  # number -> [label, actions, probs, line]
        outcomes: dict[int, tuple[str, tuple[Fraction, Fraction], int]] = {}
        pending = 1  # nodes still expected (prefix order: each decision adds its moves)
        while pending:
            tok = self.tok
            if tok.kind == "eof":
                raise self.fail(f"the tree ends early: {pending} more node(s) expected")
            if tok.kind != "sym" or tok.text not in ("c", "p", "t"):
                raise self.fail(f"expected a node ('c', 'p' or 't'), found {_describe(tok)}")
            if len(kinds) >= MAX_EFG_NODES:
                raise self.fail(f"too many nodes (the limit is {MAX_EFG_NODES:,})")
            self.advance()
            pending -= 1
            lines.append(tok.line)
            names.append(self.expect("text", "the node's name (a quoted string)").text)
            if tok.text == "t":
                kinds.append("terminal")
                owner.append(0)
                where.append(-1)
            else:
                player = 0 if tok.text == "c" else self.integer("a player number", 2)
                if tok.text == "p" and player not in (1, 2):
                    raise self.fail(f"player number {player} is not 1 or 2", tok)
                number = self.integer("an information set number", MAX_EFG_NODES)
                if number == 0:
                    raise self.fail("information set numbers start at 1", tok)
                entry = sets[player].get(number)
                if self.tok.kind == "text":
                    label = self.advance().text
                    actions, probs = self._actions(chance=player == 0)
                    if entry is None:
                        sets[player][number] = [label, actions, probs, tok.line]
                    elif (entry[1], entry[2]) != (actions, probs):
                        raise self.fail(f"information set {number} of {'chance' if player == 0 else f'player {player}'} "
                                        f"was defined with other moves on line {entry[3]}", tok)
                elif entry is None:
                    raise self.fail(f"the first node of information set {number} must give its name and moves "
                                    f"(found {_describe(self.tok)})")
                kinds.append("chance" if player == 0 else "decision")
                owner.append(player)
                where.append(number)
                pending += len(sets[player][number][1])
            outs.append(self._outcome(outcomes))
        if self.tok.kind != "eof":
            raise self.fail(f"unexpected {_describe(self.tok)} after the end of the tree")
        return self._build(kinds, names, owner, where, outs, lines, sets, outcomes, title, players, comment)

    def _actions(self, chance: bool) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
        self.expect("{", "'{' starting the list of moves")
        actions: list[str] = []
        probs: list[Fraction] = []
        while self.tok.kind == "text":
            actions.append(self.advance().text)
            if chance:
                probs.append(self.number("the probability of a chance move"))
                if self.tok.kind == ",":
                    self.advance()
        self.expect("}", "a quoted move name" + (" and its probability" if chance else "") + " or '}'")
        if not actions:
            raise self.fail("an information set with no moves")
        return tuple(actions), tuple(probs)

    def _outcome(self, outcomes: dict[int, tuple[str, tuple[Fraction, Fraction], int]]) -> int:
        tok = self.tok
        number = self.integer("an outcome number", MAX_EFG_NODES)
        if self.tok.kind == "text":
            name = self.advance().text
            self.expect("{", "'{' starting the outcome's payoffs")
            pay: list[Fraction] = []
            while self.tok.kind == "num":
                pay.append(self.number("a payoff"))
                if self.tok.kind == ",":
                    self.advance()
            self.expect("}", "a payoff or '}'")
            if len(pay) != 2:
                raise self.fail(f"outcome {number} has {len(pay)} payoffs, expected 2 (one per player)", tok)
            if number == 0:
                raise self.fail("outcome 0 is the null outcome and has no payoffs", tok)
            old = outcomes.get(number)
            if old is not None and old[1] != (pay[0], pay[1]):
                raise self.fail(f"outcome {number} was defined with other payoffs on line {old[2]}", tok)
            if old is None:
                outcomes[number] = (name, (pay[0], pay[1]), tok.line)
        elif number and number not in outcomes:
            raise self.fail(f"outcome {number} is used before its payoffs are given", tok)
        return number

    def _build(self, kinds, names, owner, where, outs, lines, sets, outcomes, title, players, comment) -> ExtensiveGame:
        order = [sorted(sets[p]) for p in (0, 1, 2)]
        pos = [{num: k for k, num in enumerate(order[p])} for p in (0, 1, 2)]
        out_order = sorted(outcomes)
        out_pos = {num: k for k, num in enumerate(out_order)}
        children: list[list[int]] = [[] for _ in kinds]
        stack: list[list[int]] = []  # [node, moves still to attach]
        for i in range(len(kinds)):
            if stack:
                top = stack[-1]
                children[top[0]].append(i)
                top[1] -= 1
                if top[1] == 0:
                    stack.pop()
            if kinds[i] != "terminal":
                stack.append([i, len(sets[owner[i]][where[i]][1])])
        nodes = tuple(Node(kinds[i], names[i], owner[i], pos[owner[i]][where[i]] if where[i] >= 0 else -1,
                           tuple(children[i]), out_pos[outs[i]] if outs[i] else -1) for i in range(len(kinds)))
        infosets = tuple(tuple(Infoset(p, num, sets[p][num][0], sets[p][num][1]) for num in order[p]) for p in (1, 2))
        chance = tuple(Infoset(0, num, sets[0][num][0], sets[0][num][1], sets[0][num][2]) for num in order[0])
        outs_t = tuple(Outcome(outcomes[num][0], outcomes[num][1]) for num in out_order)
        for h in chance:
            if any(p < 0 for p in h.probs) or sum(h.probs, Fraction(0)) != 1:
                line = sets[0][h.number][3]
                raise self.lex.error(line, f"the probabilities of chance information set {h.number} "
                                     f"({', '.join(fmt(p) for p in h.probs)}) are not non-negative with sum 1")
        try:
            return ExtensiveGame(nodes, (infosets[0], infosets[1]), chance, outs_t, players, title, comment)
        except GameError as exc:
            raise GameError(f"{self.lex.filename}: {exc}") from None


def parse_efg(text: str, filename: str = "<string>") -> ExtensiveGame:
    """Parse the text of a Gambit ``.efg`` file into an :class:`ExtensiveGame`.

    Parameters
    ----------
    text : str
        The file's text (bytes are decoded as UTF-8, else Latin-1).
    filename : str
        The name used in error messages.

    Returns
    -------
    ExtensiveGame
        The game, with its labels, title and comment.

    Raises
    ------
    EfgFormatError
        A malformed file (``file:line: what``).
    GameError
        Imperfect recall, or not two players.

    Examples
    --------
    >>> g = parse_efg('EFG 2 R "" { "A" "B" } p "" 1 1 "" { "L" "R" } 0 t "" 1 "" { 1, 2 } t "" 2 "" { 3/2 0 }')
    >>> g.leaf_payoffs[2]
    (Fraction(3, 2), Fraction(0, 1))
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            text = bytes(text).decode("latin-1")
    if not isinstance(text, str):
        raise GameError(f"parse_efg expects the text of a file (str), not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Parser(text, filename).parse()


def read_efg(path: str | os.PathLike) -> ExtensiveGame:
    """Read a two-player Gambit ``.efg`` file exactly (see the module doc).

    Parameters
    ----------
    path : str or path-like
        The file.

    Returns
    -------
    ExtensiveGame
        The game.

    Raises
    ------
    EfgFormatError
        A malformed file.
    GameError
        Unreadable, too large, imperfect recall or not two players.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "g.efg"
    >>> _ = p.write_text('EFG 2 R "" { "A" "B" } t "" 1 "" { 1 -1 }')
    >>> read_efg(p).leaf_payoffs
    {0: (Fraction(1, 1), Fraction(-1, 1))}
    """
    from gamekit.io.nfg import _read_text

    text, name = _read_text(path)
    return parse_efg(text, name)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_efg(game: ExtensiveGame) -> str:
    """The ``.efg`` text of ``game`` (every information set and outcome spelled out on each node).

    Parameters
    ----------
    game : ExtensiveGame
        The game.

    Returns
    -------
    str
        Text that :func:`parse_efg` (and Gambit) read back to the same game.

    Raises
    ------
    GameError
        Not an :class:`ExtensiveGame`.

    Examples
    --------
    >>> g = parse_efg('EFG 2 R "t" { "A" "B" } c "" 1 "" { "H" 1/3 "T" 2/3 } 0 t "" 1 "" { 1 -1 } t "" 0')
    >>> print(format_efg(g), end="")
    EFG 2 R "t" { "A" "B" }
    ""
    <BLANKLINE>
    c "" 1 "" { "H" 1/3 "T" 2/3 } 0
    t "" 1 "" { 1, -1 }
    t "" 0
    """
    if not isinstance(game, ExtensiveGame):
        raise GameError(f"write_efg expects an ExtensiveGame, not {type(game).__name__}")
    lines = [f"EFG 2 R {_quote(game.title)} {{ {_quote(game.players[0])} {_quote(game.players[1])} }}",
             _quote(game.comment), ""]
    for n in game.nodes:
        if n.outcome >= 0:
            o = game.outcomes[n.outcome]
            out = f"{n.outcome + 1} {_quote(o.name)} {{ {fmt(o.payoffs[0])}, {fmt(o.payoffs[1])} }}"
        else:
            out = "0"
        if n.kind == "terminal":
            lines.append(f"t {_quote(n.name)} {out}")
        elif n.kind == "chance":
            h = game.chance_infosets[n.infoset]
            moves = " ".join(f"{_quote(a)} {fmt(p)}" for a, p in zip(h.actions, h.probs))
            lines.append(f"c {_quote(n.name)} {h.number} {_quote(h.label)} {{ {moves} }} {out}")
        else:
            h = game.infosets[n.player - 1][n.infoset]
            moves = " ".join(_quote(a) for a in h.actions)
            lines.append(f"p {_quote(n.name)} {n.player} {h.number} {_quote(h.label)} {{ {moves} }} {out}")
    return "\n".join(lines) + "\n"


def write_efg(game: ExtensiveGame, path: str | os.PathLike) -> None:
    """Write ``game`` to ``path`` as a Gambit ``.efg`` file (atomically; see :func:`format_efg`).

    Parameters
    ----------
    game : ExtensiveGame
        The game.
    path : str or path-like
        The file to write.

    Raises
    ------
    GameError
        Not a game, or the path cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> g = parse_efg('EFG 2 R "" { "A" "B" } t "" 1 "" { 1 -1 }')
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "g.efg"
    >>> write_efg(g, p); read_efg(p).leaf_payoffs == g.leaf_payoffs
    True
    """
    from gamekit.io.atomic import atomic_write
    from gamekit.io.nfg import _path_name

    name = _path_name(path)
    atomic_write(name, format_efg(game))
