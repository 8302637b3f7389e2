"""The ``qre``, ``dynamics`` and ``generate`` subcommands of the ``gamekit`` CLI.

::

    gamekit qre FILE [--lambda L] [--json] [--plot OUT.png]
    gamekit dynamics FILE --rule RULE --steps N [--seed S] [--json] [--plot OUT.png]
    gamekit generate KIND [options] [--seed S] -o FILE.nfg [--json]

JSON shapes: docs/json.md. Bad input: one ``error:`` line, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt
from gamekit.io.guard import printable

__all__ = ["add_parsers", "COMMANDS"]

COMMANDS = ("qre", "dynamics", "generate")


def _rule_name(text: str) -> str:
    return text.strip().lower().replace("_", "-")


def _kind_name(text: str) -> str:
    return text.strip().lower().replace("_", "-")


def _plot_check(path: str | None) -> None:
    if path is not None and not path.lower().endswith((".png", ".svg", ".pdf")):
        raise GameError(f"--plot needs a .png, .svg or .pdf file name, got {path!r}")


def _cmd_qre(args: argparse.Namespace) -> int:
    from gamekit.cli import _console, _emit, _esc, _load, _strategy_text
    from gamekit.quantal.certified import qre_at
    from gamekit.quantal.trace import qre

    _plot_check(args.plot)
    doc = _load(args.file)
    game = doc.game
    if args.lam is not None:
        box = qre_at(game, args.lam)
        if args.json:
            _emit({"rows": game.m, "cols": game.n, **box.to_json()})
        else:
            con = _console()
            con.print(f"logit QRE at lambda = {fmt(box.lam)}: a box proved (Krawczyk) to hold exactly one QRE"
                      + (" — the only one at this lambda" if box.globally_unique else
                         f" — the principal branch's point (chain of {box.chain_boxes} boxes)"
                         if box.on_principal_branch else " (on the principal branch: not proved)"))
            for who, side, labels in (("row", box.row, game.row_labels), ("column", box.col, game.col_labels)):
                parts = [f"{_esc(lab)}: {float((lo + hi) / 2):.12g} ± {float((hi - lo) / 2):.1e}"
                         for (lo, hi), lab in zip(side, labels)]
                con.print(f"  {who}: " + ", ".join(parts))
        if args.plot:
            raise GameError("--plot draws the whole branch: use it without --lambda")
        return 0
    branch = qre(game)
    if args.plot:
        from gamekit.plots import qre_figure, save

        save(qre_figure(branch, (game.row_labels, game.col_labels), title=f"logit QRE — {game.title or args.file}"),
             args.plot)
    if args.json:
        _emit(branch.to_json())
        return 0
    con = _console()
    con.print(f"principal branch of the logit QRE: {len(branch)} points, lambda from 0 to {branch.lam[-1]:.6g}")
    for lam in branch.bifurcations:
        con.print(f"  note: a bifurcation point near lambda = {lam:.6g}: the branch followed is one of several")
    if branch.limit is None:
        con.print("  the trace stopped before reaching an equilibrium")
    else:
        e = branch.limit
        con.print(f"  limit (certified Nash equilibrium): rows {_strategy_text(e.row, game.row_labels)}; "
                  f"columns {_strategy_text(e.col, game.col_labels)}; payoffs {fmt(e.payoffs[0])}, {fmt(e.payoffs[1])}")
        con.print(f"  last branch point is {branch.distance:.2g} from it (max norm)")
    if args.plot:
        sys.stderr.write(f"wrote {printable(args.plot)}\n")
    return 0


def _cmd_dynamics(args: argparse.Namespace) -> int:
    from gamekit.cli import _console, _emit, _esc, _load, _strategy_text
    from gamekit.dynamics import run

    _plot_check(args.plot)
    doc = _load(args.file)
    game = doc.game
    traj = run(game, args.rule, args.steps, seed=args.seed)
    if args.plot:
        from gamekit.plots import save, trajectory_figure

        save(trajectory_figure(traj, (game.row_labels, game.col_labels),
                               title=f"{traj.rule} — {game.title or args.file}, {args.steps} steps"), args.plot)
    if args.json:
        _emit(traj.to_json())
        return 0
    con = _console()
    con.print(f"{traj.rule}: {args.steps} steps")
    fr = ", ".join(f"{_esc(lab)}: {v:.4f}" for lab, v in zip(game.row_labels, traj.row[-1]))
    fc = ", ".join(f"{_esc(lab)}: {v:.4f}" for lab, v in zip(game.col_labels, traj.col[-1]))
    con.print(f"  final row: {fr}")
    con.print(f"  final column: {fc}")
    if traj.limit is None:
        con.print("  not settled at an equilibrium")
    else:
        e = traj.limit
        con.print(f"  settled at the certified equilibrium rows {_strategy_text(e.row, game.row_labels)}; "
                  f"columns {_strategy_text(e.col, game.col_labels)} (distance {traj.distance:.2g})")
    if args.plot:
        sys.stderr.write(f"wrote {printable(args.plot)}\n")
    return 0


def _generate(args: argparse.Namespace) -> Any:
    from gamekit import generators as gen

    kind, m, n, seed = args.kind, args.rows, args.cols, args.seed
    if kind == "random":
        return gen.random_game(m, n, args.entries, low=args.low, high=args.high, denominator=args.denominator,
                               seed=seed)
    if kind == "covariance":
        return gen.covariance(m, n, args.rho, denominator=args.denominator or 1000, seed=seed)
    if kind == "coordination":
        return gen.coordination(m, low=max(args.low, 1), high=args.high, seed=seed)
    if kind == "zero-sum":
        return gen.zero_sum(m, n, low=args.low, high=args.high, seed=seed)
    if kind == "symmetric":
        return gen.symmetric(m, low=args.low, high=args.high, seed=seed)
    if kind == "unit-vector":
        return gen.unit_vector(m, denominator=args.denominator or 1000, seed=seed)
    if kind == "ranking":
        return gen.ranking(m, args.steps, seed=seed)
    if kind == "blotto":
        return gen.blotto(args.hills, args.troops, args.rho, denominator=args.denominator or 1000, seed=seed)
    if kind == "sgc":
        return gen.sgc(args.k)
    if kind == "tournament":
        return gen.tournament(m, args.k, seed=seed)
    if kind == "von-stengel":
        return gen.von_stengel(m)
    if kind == "savani-von-stengel":
        return gen.savani_von_stengel(m)
    return gen.von_stengel_75()


def _cmd_generate(args: argparse.Namespace) -> int:
    from gamekit.cli import _emit
    from gamekit.io.atomic import atomic_write
    from gamekit.io.nfg import format_nfg

    game = _generate(args)
    title = game.title or f"{args.kind} game (gamekit generate, seed {args.seed})"
    atomic_write(args.output, format_nfg(game, title=title))
    if args.json:
        _emit({"output": args.output, "kind": args.kind, "seed": args.seed, "rows": game.m, "cols": game.n})
    else:
        sys.stderr.write(f"wrote {printable(args.output)} ({args.kind}, {game.m}x{game.n})\n")
    return 0


class _Choices(Sequence[str]):
    """``module.name`` (a tuple of strings), imported when argparse first reads it: building
    the parser for ``gamekit solve`` then imports neither the dynamics nor the generators."""

    def __init__(self, module: str, name: str) -> None:
        self._where = (module, name)

    def _values(self) -> tuple[str, ...]:
        import importlib

        return tuple(getattr(importlib.import_module(self._where[0]), self._where[1]))

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return self._values()[i]

    def __len__(self) -> int:
        return len(self._values())


def add_parsers(sub: Any, file_help: str) -> None:
    """Add the three subcommands to the ``gamekit`` parser's subparsers."""
    RULES = _Choices("gamekit.dynamics.trajectory", "RULES")
    KINDS = _Choices("gamekit.generators", "KINDS")

    p = sub.add_parser("qre", help="logit quantal response equilibrium: the principal branch, or one lambda certified",
                       description="Trace the principal branch of the logit QRE to its (certified) limiting Nash "
                       "equilibrium; with --lambda, a box proved to contain exactly one QRE at that lambda.")
    p.add_argument("file", metavar="FILE.nfg", help=file_help)
    p.add_argument("--lambda", dest="lam", default=None, metavar="L",
                   help="precision lambda >= 0 (exact: 2, 1/3, 0.25)")
    p.add_argument("--json", action="store_true", help="print JSON (docs/json.md)")
    p.add_argument("--plot", default=None, metavar="OUT.png", help="draw the branch against lambda")
    p.set_defaults(_run=_cmd_qre)

    p = sub.add_parser("dynamics", help="learning dynamics (fictitious play, replicator, ...)",
                       description="Run a learning rule; report the trajectory and the certified equilibrium it "
                       "settles at, if any.")
    p.add_argument("file", metavar="FILE.nfg", help=file_help)
    p.add_argument("--rule", required=True, choices=RULES, type=_rule_name, metavar="RULE",
                   help="the learning rule: %(choices)s")
    p.add_argument("--steps", type=int, required=True, help="iterations (ODE output points for replicator rules)")
    p.add_argument("--seed", type=int, default=None, help="seed of the stochastic rules")
    p.add_argument("--json", action="store_true", help="print JSON (docs/json.md)")
    p.add_argument("--plot", default=None, metavar="OUT.png",
                   help="draw the trajectory (simplex for 2/3 strategies, time series otherwise)")
    p.set_defaults(_run=_cmd_dynamics)

    p = sub.add_parser("generate", help="write a generated game (seeded, exact payoffs) as .nfg",
                       description="Generate a game; same KIND, options and seed give the same file.")
    p.add_argument("kind", metavar="KIND", choices=KINDS, type=_kind_name, help="%(choices)s")
    p.add_argument("-o", "--output", required=True, metavar="FILE.nfg", help="output file")
    p.add_argument("--rows", "-m", type=int, default=3, help="rows (n for square kinds, d for von-stengel / savani-von-stengel)")
    p.add_argument("--cols", "-n", type=int, default=3, help="columns")
    p.add_argument("--entries", choices=("integer", "rational", "float"), default="integer", help="random: entries")
    p.add_argument("--low", type=int, default=-10, help="lowest integer payoff")
    p.add_argument("--high", type=int, default=10, help="highest integer payoff")
    p.add_argument("--denominator", type=int, default=None, help="round payoffs to multiples of 1/D")
    p.add_argument("--rho", type=float, default=0.0, help="covariance / blotto: correlation in [-1, 1]")
    p.add_argument("--hills", type=int, default=3, help="blotto: hills")
    p.add_argument("--troops", type=int, default=3, help="blotto: troops")
    p.add_argument("--steps", type=int, default=10, help="ranking: step bound")
    p.add_argument("--k", type=int, default=2, help="sgc: size parameter (4k-1 strategies); tournament: subset size")
    p.add_argument("--seed", type=int, default=None, help="seed (default: fresh entropy)")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(_run=_cmd_generate)
