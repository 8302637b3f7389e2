"""The ``gamekit`` command line: solve two-player games stored as Gambit ``.nfg`` or ``.efg`` files.

Subcommands::

    gamekit solve FILE.nfg [--method M] [--strategy S] [--max-iter N] [--json]   equilibria (exact); M also perfect|proper
    gamekit components FILE.nfg [--json]                          components: index, perfect part, essential
    gamekit ess FILE.nfg [--json]                                 evolutionarily stable strategies (symmetric)
    gamekit solve FILE.efg [--method lemke|zerosum|backward_induction|all] [--json]  game trees
    gamekit value FILE.nfg [--json]                               safety levels / zero-sum value
    gamekit show  FILE.nfg [--json]                               the payoff table
    gamekit convert IN.nfg OUT.nfg [--outcome-format]            rewrite a file (OUT may be -)
    gamekit convert IN.efg OUT.nfg                                the reduced normal form
    gamekit examples [--json]                                     the example games shipped
    gamekit serve [--host H] [--port P]                           the web page (docs/web.md)
    gamekit compile [--json]                                      compile the kernels once, after installing
    gamekit qre FILE.nfg [--lambda L] [--json] [--plot OUT.png]   logit QRE (gamekit.cli.learning)
    gamekit dynamics FILE.nfg --rule R --steps N [--seed S]       learning dynamics
    gamekit generate KIND [options] [--seed S] -o FILE.nfg        generated games

A file is read as an extensive game when its text starts with ``EFG`` (Gambit's
``EFG 2 R`` header), whatever its name.

FILE may be ``-`` for standard input, or ``example:NAME`` for a game shipped with gamekit
(``gamekit examples`` lists them). Every command prints a readable table, or with
``--json`` the exact-string JSON documented in ``docs/json.md``. Errors: one line ``error: ...`` on
stderr, exit status 2, nothing on stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from json.encoder import encode_basestring_ascii  # json.dumps's quoting (ensure_ascii=True)
from typing import Any

from gamekit import __version__
from gamekit.bimatrix.lh_policy import LH_STRATEGIES
from gamekit.bimatrix.policy import STRATEGIES
from gamekit.bimatrix.solve import METHODS, SolveResult, solve_result
from gamekit.core.errors import GameError, LPIterationLimit
from gamekit.core.game import BimatrixGame
from gamekit.core.gc_pause import gc_paused
from gamekit.core.numbers import fmt
from gamekit.dispatch import REFINEMENTS
from gamekit.io.guard import CliParser, guard_main, printable, run_subcommand
from gamekit.io.nfg import (
    MAX_NFG_BYTES,
    decode_nfg_bytes,
    example_names,
    example_path,
    format_nfg,
    parse_nfg_document,
    read_limited,
    read_nfg_document,
)

__all__ = ["main", "build_parser", "solve_json", "json_text"]


_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")  # rich.markup's tag pattern
_FILE_HELP = "Gambit strategic-form file (- for stdin, example:NAME for a shipped example)"


_Parser = CliParser


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


_LARGE_INPUT = 8 * 1024 * 1024


def _large_notice(size: int, name: str) -> None:
    if _LARGE_INPUT < size <= MAX_NFG_BYTES:
        sys.stderr.write(f"note: {name} is {size / 2**20:.0f} MB; reading it exactly may take a while\n")


def _load(path: str):
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)  # a text stream without one (tests) is read as text
        data = read_limited(raw if raw is not None else sys.stdin, "<stdin>")
        _large_notice(len(data), "<stdin>")
        return parse_nfg_document(data if isinstance(data, str) else decode_nfg_bytes(data), "<stdin>")
    if not path.startswith("example:"):
        with contextlib.suppress(OSError):
            _large_notice(os.stat(path).st_size, path)
    if path.startswith("example:"):
        return read_nfg_document(example_path(path[len("example:") :]))
    return read_nfg_document(path)


def _read_any(path: str) -> tuple[str, str]:
    """The text and display name of FILE (``-``, ``example:NAME`` or a path), size-bounded."""
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        data = read_limited(raw if raw is not None else sys.stdin, "<stdin>")
        _large_notice(len(data), "<stdin>")
        return (data if isinstance(data, str) else decode_nfg_bytes(data)), "<stdin>"
    if path.startswith("example:"):
        path = str(example_path(path[len("example:") :]))
    with contextlib.suppress(OSError):
        _large_notice(os.stat(path).st_size, path)
    from gamekit.io.nfg import _read_text

    return _read_text(path)


def _is_efg(text: str) -> bool:
    """True when the text is a Gambit extensive-form file (it starts with ``EFG``)."""
    return text.lstrip("\ufeff \t\r\n").startswith("EFG")


def _load_any(path: str):
    """An :class:`~gamekit.extensive.game.ExtensiveGame` for ``.efg`` text, else an NfgDocument."""
    text, name = _read_any(path)
    if _is_efg(text):
        from gamekit.extensive.efg import parse_efg

        return parse_efg(text, name)
    return parse_nfg_document(text, name)


class _Quoted(dict[str, str]):
    """``json.dumps`` of a string, memoized (a non-string raises TypeError, as for a
    list that is not all strings)."""

    def __missing__(self, key: str) -> str:
        text = self[key] = encode_basestring_ascii(key)
        return text


_CHUNK = 1 << 14  # pieces held before they are written


class _Out(list[str]):
    """The pieces of text not yet written; :meth:`flush` writes them (when a stream is given)."""

    def __init__(self, write: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self._write = write
        self.limit = _CHUNK if write is not None else sys.maxsize  # pieces held before a flush

    def flush(self) -> None:
        if self._write is not None:
            self._write("".join(self))
            self.clear()


def _one_line(obj: object, quote: _Quoted) -> str | None:
    """The one-line text of a string, an int or a list of strings or of ints (what
    :func:`json.dumps` gives), or None for any other value."""
    t = type(obj)
    if t is str:
        return quote[obj]  # type: ignore[index]
    if t is int:
        return int.__repr__(obj)  # (a bool is not `int`: json's true/false)
    if t is list:
        if not obj:
            return "[]"
        first = type(obj[0])  # type: ignore[index]
        if first is str:
            try:  # strings: quoted in C, each distinct one once
                return "[" + ", ".join(map(quote.__getitem__, obj)) + "]"  # type: ignore[call-overload]
            except TypeError:  # not all strings
                return None
        if first is int and all(type(v) is int for v in obj):  # type: ignore[attr-defined]
            return "[" + ", ".join(map(int.__repr__, obj)) + "]"  # type: ignore[call-overload]
    return None


def _pieces(obj: object, indent: int, out: _Out, quote: _Quoted) -> None:
    """Append the text of ``obj`` at nesting level ``indent`` to ``out``."""
    line = _one_line(obj, quote)
    if line is not None:
        out.append(line)
        return
    if isinstance(obj, dict) and obj:
        pad = "\n" + "  " * (indent + 1)
        lines = []
        for k, v in obj.items():  # an object of one-line values (an equilibrium): one piece
            line = _one_line(v, quote)
            if line is None:
                break
            lines.append((quote[k] if type(k) is str else json.dumps(k)) + ": " + line)
        else:
            out.append("{" + pad + ("," + pad).join(lines) + "\n" + "  " * indent + "}")
            return
        sep = "{" + pad
        for k, v in obj.items():
            out.append(sep)
            out.append(quote[k] if type(k) is str else json.dumps(k))
            out.append(": ")
            line = _one_line(v, quote)
            if line is None:
                _pieces(v, indent + 1, out, quote)
            else:
                out.append(line)
            sep = "," + pad
        out.append("\n" + "  " * indent + "}")
        return
    if isinstance(obj, list) and obj and any(isinstance(v, (dict, list)) for v in obj):
        pad = "\n" + "  " * (indent + 1)
        sep = "[" + pad
        for v in obj:
            out.append(sep)
            _pieces(v, indent + 1, out, quote)
            sep = "," + pad
            if len(out) > out.limit:
                out.flush()
        out.append("\n" + "  " * indent + "]")
        return
    out.append(json.dumps(obj))


def json_text(obj: object) -> str:
    """The JSON text of ``obj`` as every ``--json`` command prints it (no final newline).

    Nested objects are indented two spaces per level, a list holding an object or a list
    puts each item on its own line, and any other value — a scalar, a list of scalars such
    as ``["1/2", "0"]`` — is :func:`json.dumps` of it on one line. Linear in the size of
    the output and cheap per item (a solve with 65,535 equilibria prints ≈ 37 MB): lists
    of strings are quoted in C, each distinct string once, and the text is built as a list
    of pieces, not as nested strings copied at every level; :func:`_emit` writes the pieces
    in chunks as they come.

    Parameters
    ----------
    obj : object
        A JSON-able value: dicts, lists, strings, numbers, booleans, None.

    Returns
    -------
    str

    Examples
    --------
    >>> json_text({"a": [1, 2], "b": [[1], []], "c": {}})
    '{\\n  "a": [1, 2],\\n  "b": [\\n    [1],\\n    []\\n  ],\\n  "c": {}\\n}'
    >>> json_text(["x", "é"])
    '["x", "\\\\u00e9"]'
    """
    out = _Out()
    _pieces(obj, 0, out, _Quoted())
    return "".join(out)


def _emit(obj: object) -> None:
    """Print ``obj`` as JSON (:func:`json_text`) and a newline, in chunks, the cyclic
    collector paused: the output of a large solve is millions of small acyclic objects."""
    with gc_paused():
        out = _Out(sys.stdout.write)
        _pieces(obj, 0, out, _Quoted())
        out.append("\n")
        out.flush()


def _esc(text: object) -> str:
    """A user string (label, player name, title, comment) made inert for rich markup.

    As :func:`rich.markup.escape` (a backslash before every tag-like ``[...]``), without its
    doubling of a trailing backslash, which rich then prints twice; no markup follows a
    user string here.
    """
    return _TAG.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", str(text))


def _method_name(text: str) -> str:
    """``--method`` is case-insensitive and accepts ``-`` for ``_`` (``ALL``, ``Lemke-Howson``)."""
    return text.strip().lower().replace("-", "_")


def suggest_command(argv: Sequence[str]) -> str | None:
    """``error:`` text with a "did you mean" hint when the first word is not a command."""
    import difflib

    commands = ("solve", "components", "ess", "value", "show", "convert", "examples", "serve", "compile", "qre",
                "dynamics", "generate")
    if not argv or argv[0].startswith("-") or argv[0] in commands:
        return None
    close = difflib.get_close_matches(argv[0].lower(), commands, n=1, cutoff=0.5)
    hint = f"; did you mean '{close[0]}'?" if close else f" (commands: {', '.join(commands)})"
    return f"argument command: invalid choice: '{argv[0]}'{hint}"


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def _strategy_text(probs: Sequence[Fraction], labels: Sequence[str]) -> str:
    """``"T: 3/5, B: 2/5"`` — the support with exact probabilities."""
    parts = [f"{_esc(lab)}: {fmt(p)}" if p != 1 else f"{_esc(lab)}" for p, lab in zip(probs, labels) if p]
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------
# solve
# ---------------------------------------------------------------------------------------


def solve_json(game: BimatrixGame, result: SolveResult) -> dict:
    """The contract's JSON object for ``gamekit solve --json`` (plus extension keys).

    Contract keys: ``rows``, ``cols``, ``method``, ``complete``, ``equilibria`` (each with
    ``row``, ``col``, ``payoffs`` as exact strings). Extensions: ``unique`` (true/false
    when ``complete``, else null), ``row_vertices``/``col_vertices`` and ``components``
    (maximal Nash subsets as index lists into the vertex lists, with the index of their
    connected component) when the method computes them, and ``labels``.
    """
    return replace(result, game=game).to_json()


def _equilibria_table(doc, game: BimatrixGame, result, title: str):
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(f"{_esc(doc.players[0])} (rows)")
    table.add_column(f"{_esc(doc.players[1])} (columns)")
    table.add_column("payoffs", justify="right")
    for k, e in enumerate(result.equilibria, 1):
        table.add_row(
            str(k),
            _strategy_text(e.row, game.row_labels),
            _strategy_text(e.col, game.col_labels),
            f"{fmt(e.payoffs[0])}, {fmt(e.payoffs[1])}",
        )
    return table


def _print_solve(doc, game: BimatrixGame, result: SolveResult) -> None:
    con = _console()
    title = f"{_esc(game.title or 'game')} — {game.m}x{game.n}, method {result.method}"
    con.print(_equilibria_table(doc, game, result, title))
    count = len(result.equilibria)
    noun = "equilibrium" if count == 1 else "equilibria"
    if result.complete:
        line = f"{count} extreme {noun}: every extreme equilibrium (complete)"
        if result.unique:
            line += "; the equilibrium is unique"
    else:
        line = f"{count} {noun} found by {result.method} (not necessarily all)"
    con.print(line)
    _print_components(con, result)


def _print_components(con, result, vertices=lambda e: (e.row, e.col)) -> None:
    """The maximal Nash subsets that are continua, numbered from 1 like the equilibria.

    Each line: the subset's number, the equilibria (by their number in the table) spanning
    it, and its connected component (also from 1; JSON keeps 0-based indices). ``result`` is
    a bimatrix :class:`SolveResult` or an extensive ``"all"`` result; ``vertices(e)`` gives
    the pair of an equilibrium's entries in ``row_vertices``/``col_vertices`` (strategies,
    or realization plans for a game tree).
    """
    if result.components is None or not any(len(c.rows) * len(c.cols) > 1 for c in result.components):
        return
    con.print("Maximal Nash subsets (each is conv(rows) x conv(columns), a continuum):")
    for number, c in enumerate(result.components, 1):
        if len(c.rows) * len(c.cols) > 1:
            rows = {result.row_vertices[i] for i in c.rows}
            cols = {result.col_vertices[j] for j in c.cols}
            eq = [k for k, e in enumerate(result.equilibria, 1) if vertices(e)[0] in rows and vertices(e)[1] in cols]
            con.print(f"  subset {number}: spanned by equilibria {', '.join(map(str, eq))} "
                      f"(connected component {c.connected + 1} of {result.connected_components})")


def _print_extensive(game, result) -> None:
    """Behaviour strategies per information set (labels from the file) and payoffs."""
    from rich.table import Table

    con = _console()
    for k, e in enumerate(result.equilibria, 1):
        table = Table(title=f"{_esc(game.title or 'game')} — equilibrium {k} ({result.method})",
                      title_justify="left")
        table.add_column("player")
        table.add_column("information set")
        table.add_column("moves")
        for s in (0, 1):
            for h, info in enumerate(game.infosets[s]):
                table.add_row(_esc(game.players[s]), _esc(game.infoset_label(s + 1, h)),
                              _strategy_text(e.behaviour[s][h], info.actions))
        con.print(table)
        con.print(f"payoffs: {_esc(game.players[0])} {fmt(e.payoffs[0])}, {_esc(game.players[1])} {fmt(e.payoffs[1])}")
    cert = result.certificate
    if result.method == "zerosum":
        con.print(f"zero-sum game, value {fmt(cert['value'])} (to {_esc(game.players[0])}); "
                  "the strategies above are optimal")
    elif result.method == "backward_induction":
        every = "every" if cert["all_pure_spe"] else "the first"
        con.print(f"{every} {len(result)} pure subgame-perfect equilibri{'um' if len(result) == 1 else 'a'}")
    elif result.method == "all":
        n = len(result)
        con.print(f"{n} extreme equilibri{'um' if n == 1 else 'a'}: every extreme equilibrium (complete)"
                  + ("; the equilibrium is unique" if result.unique else "")
                  + f"; {result.connected_components} connected component"
                  + ("" if result.connected_components == 1 else "s"))
        _print_components(con, result, lambda e: e.plans)
    else:
        con.print(f"one equilibrium (Lemke on the sequence form, {cert['pivots']} pivots); "
                  "unreached information sets show uniform moves")


def _solve_extensive(args: argparse.Namespace, game) -> int:
    from gamekit.extensive.solve import METHODS as EXT_METHODS
    from gamekit.extensive.solve import solve_extensive

    method = args.method or "lemke"
    if method not in EXT_METHODS:
        raise GameError(f"method {method!r} is for strategic-form games; an extensive game takes "
                        f"{', '.join(EXT_METHODS)} (or convert it: gamekit convert FILE.efg OUT.nfg)")
    for key in ("strategy", "max_vertices", "max_seconds", "max_iter", "scheduler"):
        if getattr(args, key, None) is not None:
            raise GameError(f"--{key.replace('_', '-')} is for strategic-form games")
    result = solve_extensive(game, method)  # type: ignore[arg-type]  # checked against EXT_METHODS above
    if args.json:
        _emit(result.to_json())
    else:
        _print_extensive(game, result)
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    doc = _load_any(args.file)
    if not hasattr(doc, "game"):
        return _solve_extensive(args, doc)
    game = doc.game
    if args.method is None:
        args.method = "all"
    if args.method not in METHODS + REFINEMENTS:
        raise GameError(f"method {args.method!r} is for extensive games (.efg); a strategic-form game takes "
                        f"{', '.join(METHODS + REFINEMENTS)}")
    options = {}
    if args.max_iter is not None:
        options["max_iter"] = args.max_iter
    for key in ("strategy", "max_vertices", "max_seconds", "initial_label"):  # validated by solve_result
        if getattr(args, key, None) is not None:
            options[key] = getattr(args, key)
    if args.scheduler is not None:
        if args.method != "all":
            raise GameError(f"--scheduler is for method all, not {args.method!r}")
        options["cluster"] = args.scheduler
    if args.method in REFINEMENTS:
        return _cmd_refine(args, doc, options)
    if args.method == "all":  # this process solves one game: "auto" counts loading the compiled kernels
        options["one_shot"] = True
    result = solve_result(game, args.method, **options)
    if args.json:
        with gc_paused():  # the JSON of 65,535 equilibria is millions of small objects
            _emit(solve_json(game, result))
    else:
        _print_solve(doc, game, result)
    return 0


# ---------------------------------------------------------------------------------------
# refinements: solve --method perfect|proper, components, ess
# ---------------------------------------------------------------------------------------


def _cmd_refine(args: argparse.Namespace, doc, options: dict) -> int:
    from typing import cast

    from gamekit.dispatch import solve
    from gamekit.refine.result import RefinementResult

    game = doc.game
    result = cast(RefinementResult, solve(game, args.method, **options))
    if args.json:
        _emit(result.to_json())
        return 0
    con = _console()
    con.print(_equilibria_table(doc, game, result, f"{_esc(game.title or 'game')} — {game.m}x{game.n}, "
                                                   f"{args.method} equilibria"))
    sources = result.parameters.get("sources", ["extreme"] * len(result.equilibria))
    count = sum("extreme" in s for s in sources)
    noun = "equilibrium" if count == 1 else "equilibria"
    what = "every extreme equilibrium that is" if result.complete else "extreme equilibria certified"
    con.print(f"{count} extreme {args.method} {noun}: {what} {args.method}"
              + ("" if result.complete else " (some undecided; see --json)"))
    built = [k for k, s in enumerate(sources, 1) if "constructed" in s]
    if built:
        con.print(f"  constructed with an exact ε-proper certificate (see --json): equilibri"
                  f"{'um' if len(built) == 1 else 'a'} {', '.join(map(str, built))}")
    if result.components is not None:
        for c in result.components:
            if len(c.rows) * len(c.cols) > 1:
                rows = {result.row_vertices[i] for i in c.rows}
                cols = {result.col_vertices[j] for j in c.cols}
                eq = [k for k, e in enumerate(result.equilibria, 1) if e.row in rows and e.col in cols]
                con.print(f"  {args.method} face spanned by equilibria {', '.join(map(str, eq))} "
                          f"(connected component {c.connected + 1})")
    return 0


def _cmd_components(args: argparse.Namespace) -> int:
    from gamekit.refine.index import component_indices

    doc = _load(args.file)
    report = component_indices(doc.game)
    if args.json:
        _emit(report.to_json())
        return 0
    from rich.table import Table

    game = doc.game
    table = Table(title=f"{_esc(game.title or 'game')} — components of the Nash equilibria",
                  title_justify="left")
    for col in ("#", "extreme equilibria", "index", "essential", "perfect extreme"):
        table.add_column(col)
    for k, c in enumerate(report.components, 1):
        eqs = "; ".join(f"({_strategy_text(e.row, game.row_labels)} | {_strategy_text(e.col, game.col_labels)})"
                        for e in c.equilibria)
        ess = {True: "yes", False: "no", None: "undecided"}[c.essential]
        table.add_row(str(k), eqs, str(c.index), ess, str(len(c.perfect)))
    con = _console()
    con.print(table)
    con.print("index sum: " + str(sum(c.index for c in report.components))
              + " (Shapley index via a generic perturbation; essential = yes when index != 0)")
    return 0


def _cmd_ess(args: argparse.Namespace) -> int:
    from gamekit.refine.ess import ess

    doc = _load(args.file)
    result = ess(doc.game)
    if args.json:
        _emit(result.to_json())
        return 0
    con = _console()
    labels = doc.game.row_labels
    for k, e in enumerate(result.equilibria, 1):
        con.print(f"ESS {k}: {_strategy_text(e.row, labels)} (payoff {fmt(e.payoffs[0])})")
    n = len(result.equilibria)
    con.print(f"{n} evolutionarily stable {'strategy' if n == 1 else 'strategies'} (complete); "
              f"{len(result.verdicts)} symmetric equilibria examined")
    return 0


# ---------------------------------------------------------------------------------------
# value
# ---------------------------------------------------------------------------------------


def _cmd_value(args: argparse.Namespace) -> int:
    from gamekit.lp.zerosum import safety_strategies  # the exact LP: imported by this command only

    doc = _load(args.file)
    game = doc.game
    (v1, x), (v2, y) = safety_strategies(game)
    zero_sum = game.is_zero_sum()
    out: dict = {
        "rows": game.m,
        "cols": game.n,
        "zero_sum": zero_sum,
        "value": fmt(v1) if zero_sum else None,
        "safety_levels": {"row": fmt(v1), "col": fmt(v2)},
        "row_strategy": [fmt(p) for p in x],
        "col_strategy": [fmt(p) for p in y],
    }
    if args.json:
        _emit(out)
        return 0
    con = _console()
    if zero_sum:
        con.print(f"zero-sum game, value {fmt(v1)} (to {_esc(doc.players[0])})")
        con.print(f"  optimal (maxmin) strategy of {_esc(doc.players[0])}: {_strategy_text(x, game.row_labels)}")
        con.print(f"  optimal (minmax) strategy of {_esc(doc.players[1])}: {_strategy_text(y, game.col_labels)}")
    else:
        con.print("safety levels (what each player can guarantee himself):")
        con.print(f"  {_esc(doc.players[0])}: val(A) = {fmt(v1)} with {_strategy_text(x, game.row_labels)}")
        con.print(f"  {_esc(doc.players[1])}: val(B^T) = {fmt(v2)} with {_strategy_text(y, game.col_labels)}")
    return 0


# ---------------------------------------------------------------------------------------
# show / convert
# ---------------------------------------------------------------------------------------


def _cmd_show(args: argparse.Namespace) -> int:
    doc = _load(args.file)
    game = doc.game
    if args.json:
        _emit(doc.to_json())
        return 0
    from rich.table import Table

    table = Table(title=f"{_esc(doc.title or 'game')} ({game.m}x{game.n}; payoffs {_esc(doc.players[0])}, "
                  f"{_esc(doc.players[1])})",
                  title_justify="left")
    table.add_column("")
    for lab in game.col_labels:
        table.add_column(_esc(lab), justify="center")
    for i, lab in enumerate(game.row_labels):
        table.add_row(_esc(lab), *(f"{fmt(a)}, {fmt(b)}" for a, b in zip(game.A[i], game.B[i])))
    con = _console()
    con.print(table)
    if doc.comment:
        con.print(_esc(doc.comment))
    return 0


def _convert_extensive(args: argparse.Namespace, game) -> int:
    from gamekit.extensive.efg import format_efg
    from gamekit.extensive.sequence_form import reduced_normal_form

    if args.output.lower().endswith(".efg"):
        text, what = format_efg(game), f"{len(game.nodes)} nodes, extensive form"
    else:
        nf, _, _ = reduced_normal_form(game)
        text = format_nfg(nf, players=game.players, comment=game.comment, title=game.title,
                          outcome_format=args.outcome_format)
        what = f"{nf.m}x{nf.n}, reduced normal form"
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    from gamekit.io.atomic import atomic_write  # for the commands that write files

    atomic_write(args.output, text)
    if args.json:
        _emit({"output": args.output, "format": "efg" if what.endswith("extensive form") else "nfg",
               "summary": what})
    else:
        _console().print(f"wrote {_esc(args.output)} ({what})")
    return 0


def _cmd_convert(args: argparse.Namespace) -> int:
    if args.output == "-" and args.json:
        raise GameError("--json cannot be combined with writing the file to standard output (-)")
    doc = _load_any(args.input)
    if not hasattr(doc, "game"):
        return _convert_extensive(args, doc)
    text = format_nfg(doc.game, players=doc.players, comment=doc.comment, title=doc.title,
                      outcome_format=args.outcome_format)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    from gamekit.io.atomic import atomic_write  # for the commands that write files

    atomic_write(args.output, text)  # temporary file + rename: never a half-written file
    version = "outcome" if args.outcome_format else "payoff"
    if args.json:
        _emit({"output": args.output, "rows": doc.game.m, "cols": doc.game.n, "format": version})
    else:
        sys.stderr.write(f"wrote {args.output} ({doc.game.m}x{doc.game.n}, {version} version)\n")
    return 0


def _cmd_examples(args: argparse.Namespace) -> int:
    rows = []
    for name in example_names():
        doc = read_nfg_document(example_path(name))
        rows.append({"name": name, "title": doc.title, "rows": doc.game.m, "cols": doc.game.n})
    if args.json:
        _emit(rows)
        return 0
    from rich.table import Table

    table = Table(title="example games (use as FILE: example:NAME)", title_justify="left")
    for col in ("name", "size", "title"):
        table.add_column(col)
    for r in rows:
        table.add_row(_esc(r["name"]), f"{r['rows']}x{r['cols']}", _esc(r["title"]))
    _console().print(table)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        import starlette  # noqa: F401 - the web extra
        import uvicorn  # noqa: F401

        from gamekit.web.app import serve
    except ImportError as exc:
        raise GameError(f"gamekit serve needs the web extra ({exc.name} is missing): "
                        'pip install -e ".[web]"') from None
    return serve(args.host, args.port, time_budget=args.time_budget, plugins=args.plugin,
                 discover=not args.no_plugins)


def _cmd_compile(args: argparse.Namespace) -> int:
    """``gamekit compile``: compile the numba kernels once, after an install."""
    from rich.progress import Progress

    from gamekit.io.precompile import compile_kernels

    with Progress(console=_console_err(), transient=True) as progress:
        task = progress.add_task("compiling the kernels", total=None)

        def step(label: str, k: int, total: int) -> None:
            progress.update(task, description=label, completed=k, total=total)

        report = compile_kernels(step)
    if args.json:
        _emit({"steps": list(report.steps), "compiled": list(report.compiled), "loaded": list(report.loaded)})
        return 0
    print(f"{len(report.compiled)} kernels compiled, {len(report.loaded)} found in numba's cache already "
          f"({len(report.steps)} solver paths run); later commands compile nothing")
    return 0


def _console_err():
    from rich.console import Console

    return Console(stderr=True)


# ---------------------------------------------------------------------------------------
# wiring
# ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The ``gamekit`` argument parser: one sub-parser per command (module docstring)."""
    parser = _Parser(prog="gamekit", description="Exact solvers for two-player (bimatrix) games.")
    parser.add_argument("--version", action="version", version=f"gamekit {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    _add_solve(sub)
    _add_file_commands(sub)
    _add_convert_and_serve(sub)
    p = sub.add_parser("examples", help="list the example games shipped with gamekit")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(_run=_cmd_examples)
    p = sub.add_parser("compile", help="compile the search kernels once, after installing (about a minute of CPU)",
                       description="Compile gamekit's numba kernels into numba's disk cache, so that no later "
                       "command compiles anything (run once after pip install or an upgrade of gamekit or numba).")
    p.add_argument("--json", action="store_true", help="print JSON: the steps run and the kernels left uncompiled")
    p.set_defaults(_run=_cmd_compile)

    from gamekit.cli.learning import add_parsers  # issue 25: qre, dynamics, generate

    add_parsers(sub, _FILE_HELP)
    return parser


def _add_solve(sub: Any) -> None:
    p = sub.add_parser("solve", help="equilibria of a game in a Gambit .nfg or .efg file",
                       description="Exact Nash equilibria of a two-player game in a Gambit .nfg or .efg file.")
    p.add_argument("file", metavar="FILE", help=_FILE_HELP + "; or an extensive-form .efg file")
    p.add_argument("--method", default=None, choices=(*METHODS, "lemke", "zerosum", "backward_induction", *REFINEMENTS),
                   type=_method_name,
                   help="solver (default: all = every extreme equilibrium for .nfg; lemke = one equilibrium "
                   "for .efg; zerosum, backward_induction: .efg only; perfect/proper = the refined ones)")
    p.add_argument("--strategy", default=None, choices=tuple(dict.fromkeys(STRATEGIES + LH_STRATEGIES)),
                   help="method all: the algorithm (default auto; docs/solvers.md, 'Strategies'); "
                   "method lemke_howson: auto, float_path or exact")
    p.add_argument("--initial-label", type=int, default=None,
                   help="method lemke_howson: run from this label only (rows 0..m-1, columns m..m+n-1)")
    p.add_argument("--max-iter", type=int, default=None,
                   help="pivot limit: lemke_howson, vertex_enumeration, all with --strategy exact")
    p.add_argument("--max-vertices", type=int, default=None,
                   help="method all: stop (exit 2) after this many bases per best-response polytope")
    p.add_argument("--max-seconds", type=float, default=None,
                   help="method all: stop (exit 2) after about this many seconds of search")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="method all: search on the Dask cluster of this scheduler, e.g. tcp://host:8786 "
                   "(needs the dask extra; docs/solvers.md, 'Past one machine')")
    p.add_argument("--json", action="store_true", help="print JSON with exact strings (keys: docs/json.md)")
    p.set_defaults(_run=_cmd_solve)


#: Commands that read one game file and print a table or JSON: (name, help, description, run).
_FILE_COMMANDS: tuple[tuple[str, str, str | None, Callable[[argparse.Namespace], int]], ...] = (
    ("components", "components of the Nash set: index, perfect part, essential",
     "Every connected component of the Nash equilibria with its index (sum +1), its extreme perfect "
     "equilibria and whether it is essential.", _cmd_components),
    ("ess", "evolutionarily stable strategies of a symmetric game",
     "Every ESS of a symmetric game (B = A transposed), exactly.", _cmd_ess),
    ("value", "safety levels val(A), val(B^T); the value of a zero-sum game",
     "Exact safety levels v_I = val(A), v_II = val(B^T) with maxmin strategies; for a zero-sum game, "
     "its value and optimal strategies.", _cmd_value),
    ("show", "print the payoff table of a .nfg file", None, _cmd_show),
)


def _add_file_commands(sub: Any) -> None:
    for name, help_, description, run in _FILE_COMMANDS:
        p = sub.add_parser(name, help=help_, description=description)
        p.add_argument("file", metavar="FILE.nfg", help=_FILE_HELP)
        p.add_argument("--json", action="store_true", help="print JSON with exact strings (keys: docs/json.md)")
        p.set_defaults(_run=run)


def _add_convert_and_serve(sub: Any) -> None:
    p = sub.add_parser("convert", help="rewrite a .nfg file; a .efg file to its reduced normal form .nfg")
    p.add_argument("input", metavar="IN", help=_FILE_HELP + "; or a .efg file")
    p.add_argument("output", metavar="OUT",
                   help="output file (- for stdout); from a .efg input: OUT.efg rewrites the tree, "
                   "anything else is the reduced normal form (.nfg)")
    p.add_argument("--outcome-format", action="store_true", help="write the outcome version")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(_run=_cmd_convert)

    p = sub.add_parser("serve", help="a local web page and JSON API (needs the web extra)",
                       description="Serve the gamekit page and its JSON API (docs/web.md) on a "
                       "loopback address; Ctrl+C stops it. Needs: pip install -e \".[web]\"")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--time-budget", type=float, default=10.0, metavar="SECONDS",
                   help="search budget per solve (default 10; method all then answers with the "
                   "certified part, complete false)")
    p.add_argument("--plugin", action="append", default=[], metavar="MODULE:NAME",
                   help="add a tab from a gamekit.web.plugins.WebPlugin object (repeatable); "
                   "installed plugins (entry points 'gamekit.web') are added anyway")
    p.add_argument("--no-plugins", action="store_true", help="do not load installed plugins")
    p.set_defaults(_run=_cmd_serve)


@guard_main  # broken stdout, MemoryError, RecursionError -> one line (gamekit.io.guard)
def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if (wrong := suggest_command(sys.argv[1:] if argv is None else argv)) is not None:
        sys.stderr.write(f"error: {printable(wrong)}\n")
        return 2
    args = parser.parse_args(argv)
    if not hasattr(args, "_run"):
        sys.stderr.write("error: a command is required: solve, components, ess, value, show, convert, examples, serve or compile "
                         "(gamekit -h for help)\n")
        return 2
    if args.command == "solve" and args.max_iter is not None and args.max_iter < 1:
        sys.stderr.write("error: --max-iter must be a positive integer\n")
        return 2
    return run_subcommand(args._run, args, bad_input=(LPIterationLimit,))

if __name__ == "__main__":
    raise SystemExit(main())
