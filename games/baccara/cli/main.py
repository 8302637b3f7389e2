"""The ``baccara`` command line.

Each subcommand lives in its own module ``games.baccara.cli.cmd_<name>`` exposing
``add_arguments(parser)`` and ``run(args) -> int``. This module only wires them up and
turns expected errors into the contract's ``error: <message>`` line with exit code 2.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import sys

from gamekit.core import GameError
from gamekit.io import CliParser, guard_main, printable, run_subcommand

# subcommand name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "solve": ("cmd_solve", "solve a chemin de fer model (A1, A2, A3, B1, B2, B3) exactly"),
    "sweep": ("cmd_sweep", "every equilibrium over a parameter range: Models B2/B3 over the commission, per deck count; banque over theta"),
    "house-edge": ("cmd_house_edge", "exact punto banco odds and the return of every bet"),
    "simulate": ("cmd_simulate", "simulate punto banco shoes"),
    "reproduce": ("cmd_reproduce", "recompute every numbered claim of the two papers"),
    "evaluate": ("cmd_evaluate", "exact payoffs and best responses of any strategy pair"),
    "counting": ("cmd_counting", "card counting: effects of removal, a true-count strategy, sixes per shoe"),
    "bankroll": ("cmd_bankroll", "betting sessions: several bets, betting systems, table limits, risk of ruin"),
    "plot": ("cmd_plot", "draw figures (best-response-discontinuity curves, mixing, banque)"),
    "cache": ("cmd_cache", "inspect (info) or empty (clear) the sweep cache"),
}


_Parser = CliParser


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser; with ``only`` a command name, only that command's module is imported
    (the others get their one-line help but no options: fast start for a single command)."""
    from gamekit import __version__

    parser = _Parser(prog="baccara", description="Baccara chemin de fer and punto banco, solved exactly. "
                     "Without a command: solve (Model B2, 6 decks, alpha = 1/20); 'baccara --json' is "
                     "'baccara solve --json'. JSON keys and exit codes: docs/json.md.")
    parser.add_argument("--version", action="version", version=f"baccara (gamekit) {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, (modname, help_) in COMMANDS.items():
        p = sub.add_parser(name, help=help_, description=help_)
        if only is None or name == only:
            mod = importlib.import_module(f"games.baccara.cli.{modname}")
            mod.add_arguments(p)
            p.set_defaults(_run=mod.run)
    return parser


_TOP_LEVEL = {"-h", "--help", "--version"}


def normalize_argv(argv: list[str]) -> list[str]:
    """The main job when no command is given; "did you mean" for a misspelled command.

    ``baccara`` and ``baccara --json`` (any options without a command) run ``baccara solve``
    with those options. An unknown command word raises :class:`GameError` naming the closest
    command (difflib), e.g. ``baccara slove`` → "did you mean 'solve'?".
    """
    if not argv or (argv[0].startswith("-") and argv[0] not in _TOP_LEVEL):
        return ["solve", *argv]  # the main job: Model B2, 6 decks, alpha = 1/20
    word = argv[0]
    if not word.startswith("-") and word not in COMMANDS:
        close = difflib.get_close_matches(word.lower(), list(COMMANDS), n=1, cutoff=0.5)
        hint = f"; did you mean '{close[0]}'?" if close else f" (commands: {', '.join(COMMANDS)})"
        raise GameError(f"argument command: invalid choice: '{word}'{hint}")
    return argv


@guard_main  # broken stdout, MemoryError, RecursionError -> one line (gamekit.io.guard)
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv = normalize_argv(argv)
    except GameError as exc:
        sys.stderr.write(f"error: {printable(str(exc))}\n")
        return 2
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else "" if argv and argv[0] in _TOP_LEVEL else None)
    args = parser.parse_args(argv)
    if not hasattr(args, "_run"):
        parser.print_help()
        return 2
    return run_subcommand(args._run, args)

if __name__ == "__main__":
    raise SystemExit(main())
