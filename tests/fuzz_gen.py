"""Generated hostile input for every subcommand of both CLIs (issue #28).

A :class:`Case` is one command line (``gamekit …`` or ``baccara …``) plus the files it
reads, written into an empty working directory before the run. :func:`make_case` derives
a case from a :class:`random.Random`; :func:`cases` is the same generator as a hypothesis
strategy, and :func:`option_values` draws one option value from the hostile classes.

Every case starts from a cheap valid command line (:data:`SPECS`: small ``--rounds``,
``--shoes``, ``--decks``, Model A1/B1/B2 …) and replaces one to three option values by a
value from a class of :data:`VALUE_CLASSES` (huge, negative, zero, float, exotic digits,
``1e400``, NaN, empty, ``--``, very long strings, control characters, devices, directories,
FIFOs, missing files) or, for options naming a file, by a generated strategy file, rules
file, ``.nfg`` mutant (:func:`robustness_gen.malformed_nfg`) or ``.efg``-like junk. Valid
replacements are drawn from small ranges, so that a case whose input is accepted stays
cheap (a per-command work budget): the promise under test is that *every* case ends in
exit 0, or exit 2 with one ``error:`` line — never exit 3, a traceback, a signal or a hang.

The expensive-but-valid commands (``solve --game banque``, ``reproduce`` without
``--list``, ``gamekit serve``) are left out: they are correct and long, not hostile.
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from robustness_gen import BASE_NFG, malformed_nfg

try:  # hypothesis is a test dependency; the campaign only needs make_case
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    st = None  # type: ignore[assignment]

FIFO = "fifo"
"""Name of a FIFO (no writer, no reader) created in the working directory of every case."""
SUBDIR = "sub"
"""Name of an (empty) directory created in the working directory of every case."""

VALUE_CLASSES: dict[str, list[str]] = {
    "huge": ["9" * 30, "9223372036854775807", "1" + "0" * 20, "9" * 5000, "18446744073709551617"],
    "negative": ["-1", "-7", "-0.5", "-9223372036854775809"],
    "zero": ["0", "-0", "0/1", "00"],
    "float": ["3.5", "0.1", "1e-3", "2.0", ".5", "1e2"],
    "exotic digits": ["١٢", "１２", "²", "1_0", "0x10", "٣/٤", "۶", "߁", "๖", "Ⅵ"],
    "1e400": ["1e400", "1e-400", "1e10000000", "-1e400", "1e999999999999"],
    "nan": ["nan", "inf", "-inf", "NaN", "Infinity"],
    "empty": ["", " ", "\u00a0", "\t"],
    "dashes": ["--", "-", "---", "-h", "--json"],
    "long": ["x" * 20000, "1" * 20000, "1/" + "3" * 20000, "-" * 5000],
    "control": ["\x1b[31mred", "a\rb", "\x07", "1\n2", "\x1b]0;title\x07", "\u202e6"],
    "device": ["/dev/zero", "/dev/null", "/dev/full", "/dev/urandom", "/dev/stdin"],
    "directory": ["/", ".", SUBDIR, "/proc"],
    "fifo": [FIFO],
    "missing": ["missing.json", "/nonexistent/x.toml", "nodir/x"],
}
"""Hostile option values, by class. No value holds a NUL byte (argv cannot carry one)."""

EFG_JUNK = [
    'EFG 2 R "tree" { "P1" "P2" }\n""\n\np "" 1 1 "" { "a" "b" } 0\nt "" 1 "o" { 1, -1 }\n',
    "EFG 2 R",
    'EFG 2 R "t" { "P1" "P2" }\n' + "p " * 5000,
    'EFG 2 R "t" { "P1" }\nc "" 1 "" { "h" 1/2 "t" 1/2 } 0\n',
    'NFG 1 R "x" { "P1" "P2" } { 1e400 2 }\n',
    'NFG 1 R "x" { "P1" "P2" } { 99999999999 99999999999 }\n',
    'NFG 1 R "x" { "P1" "P2" } { ١ ٢ }\n1 2 3 4\n',
]
"""Extensive-form and header junk for ``gamekit`` commands that read a game file."""

_MODERN_RULES = (
    'name = "mine"\ndescription = "d"\n\n[player]\n"5" = "free"\n\n[banker]\ngrid = """\n'
    "#   0 1 2 3 4 5 6 7 8 9 -\n0   D D D D D D D D D D D\n1   D D D D D D D D D D D\n"
    "2   D D D D D D D D D D D\n3   D D D D D D D D S * D\n4   S S D D D D D D S S D\n"
    "5   S S S S * D D D S S D\n6   S S S S S S D D S S S\n7   S S S S S S S S S S S\n\"\"\"\n"
)

RULES_FILES: list[str] = [
    _MODERN_RULES,
    _MODERN_RULES + "colour = 1\n",
    _MODERN_RULES.replace('"5" = "free"', '"٥" = "free"'),
    _MODERN_RULES.replace('"5" = "free"', '"５" = "free"'),
    _MODERN_RULES.replace('"5" = "free"', '"5" = "sometimes"'),
    _MODERN_RULES.replace('"5" = "free"', '"5" = 1e400'),
    _MODERN_RULES.replace('"5" = "free"', '"12" = "free"'),
    _MODERN_RULES.replace("3   D D D D D D D D S * D", "3   D D D D D D D D S *"),
    _MODERN_RULES.replace("7   S S S", "7   X S S"),
    _MODERN_RULES.replace("#   0 1 2", "#   ٠ 1 2"),
    _MODERN_RULES.replace('name = "mine"\n', ""),
    _MODERN_RULES.replace("[player]", "player = 5\n[other]"),
    _MODERN_RULES + '[player]\n"5" = "draw"\n',
    _MODERN_RULES.replace("[banker]", "[banker]\nextra = true"),
    'name = "x"\n[banker]\ngrid = 7\n',
    "[[player]]\nx = 1\n",
    "= = =",
    "name = '" + "x" * 100 + "\n",
    "",
    "a = [" * 10000,
    "\ufeff" + _MODERN_RULES,
    _MODERN_RULES.replace("\n", "\r\n"),
]
"""Rule files (TOML): valid, unknown keys, other scripts' digits, wrong grids, not TOML."""

STRATEGY_FILES: list[str] = [
    '{"player": {"5": "stand"}, "base": "punto-banco"}',
    '{"banker": {"3:9": "stand"}, "base": "punto-banco"}',
    '{"equilibria": ["x"]}', '{"equilibria": [null]}', '{"equilibria": [3]}', '{"equilibria": [[1]]}',
    '{"equilibria": []}', '{"equilibria": {}}', '{"equilibria": [{"player": [1]}]}',
    '{"equilibria": [{"player": "nan", "banker": {}}]}',
    '{"player": {"٥": "stand"}, "base": "punto-banco"}', '{"player": {"５": "stand"}, "base": "punto-banco"}',
    '{"banker": {"٣:9": "stand"}, "base": "punto-banco"}', '{"player": {"5": 0.5}, "base": "punto-banco"}',
    '{"player": {"5": "1e400"}, "base": "punto-banco"}', '{"player": {"5": "nan"}, "base": "punto-banco"}',
    '{"player": {"5": "1/0"}, "base": "punto-banco"}', '{"player": {"5": "-1/2"}, "base": "punto-banco"}',
    '{"player": {"99": "draw"}, "base": "punto-banco"}', '{"player": {"5": "stand"}, "base": "no-such"}',
    '{"player": {"5": "stand"}, "colour": 1}', '{"bogus": 1}', "[]", "3", "null", '"x"', "{",
    '{"player": {"5": "stand"}, "player": {"5": "draw"}}', "[" * 100000 + "]" * 100000,
    '{"player": {"' + "5" * 5000 + '": "stand"}}', '{"banker": {"3:9:1": "draw"}}',
    'player = 5\n', '[player]\n"5" = "stand"\n', '[player]\n"٥" = "stand"\n', "base = 'punto-banco'\nx = 1\n",
]
"""Strategy files (JSON or TOML): valid, wrong shapes, unknown keys, other scripts' digits."""

HUGE_FILE = "9 " * (1024 * 1024)
"""A 2 MiB text (beyond every small-file limit)."""


@dataclass(frozen=True)
class Case:
    """One generated command line and the files it reads.

    ``files`` are written (as UTF-8 with surrogate escapes) into the empty working
    directory before the run, next to a FIFO named :data:`FIFO` and a directory named
    :data:`SUBDIR`; ``argv`` names them relatively.
    """

    cli: str
    argv: tuple[str, ...]
    files: tuple[tuple[str, str], ...] = ()
    label: str = ""
    inputs: frozenset[str] = field(default_factory=frozenset)

    @property
    def command(self) -> str:
        """``gamekit solve``, ``baccara counting`` …: the CLI and its subcommand."""
        words = [a for a in self.argv[:2] if not a.startswith("-")]
        if words[:1] in (["counting"], ["plot"], ["cache"]):
            words = words[:2]
        return " ".join([self.cli, *words[:1 if words[:1] not in (["counting"], ["plot"], ["cache"]) else 2]])

    def show(self) -> str:
        """The case as one short printable line (for reports)."""
        argv = " ".join(repr(a) if len(a) < 60 else repr(a[:40]) + f"…({len(a)} chars)" for a in self.argv)
        files = ", ".join(f"{n}={t[:60]!r}" + (f"…({len(t)} chars)" if len(t) > 60 else "") for n, t in self.files)
        return f"{self.cli} {argv}" + (f"  [{files}]" if files else "") + (f"  <{self.label}>" if self.label else "")


# kind -> cheap valid values
VALID: dict[str, list[str]] = {
    "decks": ["1", "2", "+2", "8"], "deck-range": ["1", "2", "1-2", "1,2"], "frac": ["1/20", "0.05", "0", "1/25"],
    "pays": ["8", "11", "25", "0.5"], "rounds": ["100", "300"], "shoes": ["3", "5"], "sessions": ["2", "4"],
    "session-rounds": ["10", "50"], "seed": ["0", "7", "12345"], "cut": ["14", "7", "0"], "workers": ["1", "2"],
    "jobs": ["1"], "money": ["100", "1000", "5"], "threshold": ["0", "0.01"], "exact-sample": ["0", "1"],
    "theta": ["1/2"], "theta-range": ["0:1", "1/4:1/2"], "count": ["A=2,2=3", "9=1"], "max-iter": ["10", "1000"],
    "max-vertices": ["10", "1000"], "max-seconds": ["5", "0.5"], "str": ["x", "I."],
    "bet": ["banker", "player", "tie"], "bet-stake": ["banker=1", "player=2", "tie=1"],
    "model": ["A1", "B1", "B2"], "model-sweep": ["A1", "B2"], "rules": ["free", "crockford", "modern", "punto-banco"],
    "strategy": ["punto-banco", "draw", "stand", "dddd", "equilibrium", "kemeny-snell"],
    "system": ["flat", "martingale", "paroli", "1-3-2-6", "fibonacci"], "kernel": ["auto", "python", "c"],
    "lanes": ["auto", "scalar"], "concept": ["nash", "independent", "correlated"],
    "method": ["all", "vertex_enumeration", "lemke_howson", "support_enumeration", "pure"],
    "gk-strategy": ["auto", "exact"], "executor": ["serial", "process"],
    "out-png": ["out.png", "out.svg", "o"], "out-csv": ["out.csv"], "out-nfg": ["out.nfg", "-"],
    "cache-dir": ["cachedir"], "game-file": ["example:prisoners_dilemma", "example:battle_of_sexes", "g.nfg"],
}

# kind -> valid but big values (the campaign's bounded-work check: refused up front, or run with progress)
BIG_VALID: dict[str, list[str]] = {
    "decks": ["100000", "1000000000"], "deck-range": ["1-400", "1-100000", "1-2000"],
    "rounds": ["1000000000", "100000000000"], "shoes": ["1000000", "100000000"], "sessions": ["10000000"],
    "session-rounds": ["1000000", "100000000"], "exact-sample": ["100000"], "max-iter": ["1000000000"],
    "max-vertices": ["1000000000"], "max-seconds": ["100000"], "workers": ["64"], "jobs": ["64"],
}

# (cli, subcommand) -> (cheap base argv after the subcommand, {option: kind}); option "" is a positional
SPECS: dict[tuple[str, str], tuple[list[str], dict[str, str]]] = {
    ("gamekit", "solve"): (["example:prisoners_dilemma"], {
        "": "game-file", "--method": "method", "--strategy": "gk-strategy", "--max-iter": "max-iter",
        "--max-vertices": "max-vertices", "--max-seconds": "max-seconds"}),
    ("gamekit", "components"): (["example:battle_of_sexes"], {"": "game-file"}),
    ("gamekit", "ess"): (["example:battle_of_sexes"], {"": "game-file"}),
    ("gamekit", "value"): (["example:prisoners_dilemma"], {"": "game-file"}),
    ("gamekit", "show"): (["example:prisoners_dilemma"], {"": "game-file"}),
    ("gamekit", "convert"): (["example:prisoners_dilemma", "out.nfg"], {"": "game-file", "@out": "out-nfg"}),
    ("gamekit", "examples"): ([], {}),
    ("baccara", "solve"): (["--model", "A1"], {
        "--model": "model", "--decks": "decks", "--alpha": "frac", "--rules": "rules"}),
    ("baccara", "sweep"): (["--model", "A1", "--jobs", "1"], {
        "--model": "model-sweep", "--decks": "deck-range", "--alpha-max": "frac", "--jobs": "jobs",
        "--executor": "executor", "--cache-dir": "cache-dir"}),
    ("baccara", "house-edge"): (["--decks", "2"], {
        "--decks": "decks", "--remaining": "count", "--removed": "count", "--commission": "frac",
        "--tie-pays": "pays", "--pair-pays": "pays", "--either-pair-pays": "pays", "--super6-pays": "pays",
        "--dragon-pays": "pays", "--panda-pays": "pays"}),
    ("baccara", "simulate"): (["--rounds", "300", "--seed", "1"], {
        "--rounds": "rounds", "--decks": "decks", "--seed": "seed", "--cut": "cut", "--workers": "workers",
        "--kernel": "kernel", "--lanes": "lanes", "--remaining": "count", "--sessions": "sessions",
        "--session-rounds": "session-rounds", "--bet": "bet", "--stake": "money", "--outcomes": "out-csv",
        "--outcomes-rounds": "rounds", "--commission": "frac", "--tie-pays": "pays", "--dragon-pays": "pays"}),
    ("baccara", "reproduce"): (["--list"], {"--only": "str"}),
    ("baccara", "evaluate"): (["--model", "A1"], {
        "--player": "strategy", "--banker": "strategy", "--model": "model", "--decks": "decks",
        "--alpha": "frac", "--shoes": "shoes", "--seed": "seed", "--cut": "cut"}),
    ("baccara", "counting eor"): (["--decks", "1"], {"--decks": "decks", "--seed": "seed"}),
    ("baccara", "counting sixes"): (["--decks", "1", "--shoes", "5"], {
        "--decks": "decks", "--shoes": "shoes", "--seed": "seed", "--cut": "cut"}),
    ("baccara", "counting true-count"): (["--decks", "1", "--shoes", "3", "--exact-sample", "0"], {
        "--decks": "decks", "--shoes": "shoes", "--seed": "seed", "--cut": "cut", "--threshold": "threshold",
        "--exact-sample": "exact-sample"}),
    ("baccara", "bankroll"): (["--sessions", "4", "--rounds", "20", "--decks", "1"], {
        "--bet": "bet-stake", "--system": "system", "--bankroll": "money", "--rounds": "session-rounds",
        "--sessions": "sessions", "--min": "money", "--max": "money", "--decks": "decks", "--seed": "seed",
        "--cut": "cut"}),
    ("baccara", "plot curves"): (["--model", "A1", "-o", "out.png"], {
        "--model": "model-sweep", "--alpha-max": "frac", "-o": "out-png"}),
    ("baccara", "plot mixing"): (["--model", "A1", "--jobs", "1", "-o", "out.png"], {
        "--model": "model-sweep", "--decks": "deck-range", "--alpha-max": "frac", "-o": "out-png",
        "--jobs": "jobs", "--cache-dir": "cache-dir"}),
    ("baccara", "cache info"): ([], {"--cache-dir": "cache-dir"}),
    ("baccara", "cache clear"): (["--cache-dir", "cachedir"], {}),
}
"""Every subcommand (``gamekit serve`` aside: a server runs until stopped)."""

EXPENSIVE = frozenset({("baccara", "plot curves"), ("baccara", "plot mixing")})
"""Commands that cost seconds even on valid cheap input (matplotlib): rarer in the sample."""

_FILE_KINDS = {"rules", "strategy", "game-file"}
_SAFE_OUT_DIRS = {"cache-dir", "out-png", "out-csv", "out-nfg"}  # never point a writer at / or /proc


def option_value(rng: random.Random, kind: str, files: dict[str, str], big: float = 0.0) -> tuple[str, str]:
    """``(class, value)``: a value for an option of ``kind``, hostile most of the time; with
    probability ``big`` a valid but big value (:data:`BIG_VALID`) when the kind has one.

    Files a value names are added to ``files``.
    """
    if kind in BIG_VALID and rng.random() < big:
        return "big valid", rng.choice(BIG_VALID[kind])
    r = rng.random()
    if r < 0.2:
        return "valid", rng.choice(VALID[kind])
    if kind in _FILE_KINDS and r < 0.55:
        if kind == "rules":
            name, text, cls = f"r{len(files)}.toml", rng.choice(RULES_FILES), "rules file"
        elif kind == "strategy":
            ext = rng.choice([".json", ".toml"])
            name, text, cls = f"s{len(files)}{ext}", rng.choice(STRATEGY_FILES), "strategy file"
            if rng.random() < 0.15:
                name += f"#{rng.choice(['0', '2', '-1', '٣', '99999999999999999999', ''])}"
                files[name.split("#")[0]] = text
                return cls, name
        else:
            name = f"g{len(files)}" + rng.choice([".nfg", ".efg", ""])
            if rng.random() < 0.75:
                cls, text = "nfg mutant", malformed_nfg(rng)[1]
            else:
                cls, text = "efg junk", rng.choice(EFG_JUNK)
        if rng.random() < 0.05:
            text, cls = HUGE_FILE, "huge file"
        files[name] = text
        return cls, name
    classes = list(VALUE_CLASSES)
    cls = rng.choice(classes)
    value = rng.choice(VALUE_CLASSES[cls])
    if kind == "bet-stake" and rng.random() < 0.6:  # the stake part of NAME=STAKE
        value = f"{rng.choice(['banker', 'player', 'tie'])}={value}"
    if kind in _SAFE_OUT_DIRS and value.startswith("/") and not value.startswith("/dev/"):
        value = "nodir/x" if cls == "missing" else SUBDIR  # never create or write anything outside the case
    return cls, value


def make_case(rng: random.Random, command: tuple[str, str] | None = None, big: float = 0.0) -> Case:
    """A generated case: a cheap valid command line with one to three values made hostile.

    Parameters
    ----------
    rng : random.Random
        The source of every choice (a fixed seed gives a fixed case).
    command : tuple of str, optional
        ``(cli, subcommand)`` from :data:`SPECS`; default a random one.
    big : float
        Probability of a valid but big value (:data:`BIG_VALID`) per replaced option: 0 in
        the test sample (cheap), small in the campaign (bounded work).

    Returns
    -------
    Case
        The command line and the files it reads.

    Examples
    --------
    >>> c = make_case(random.Random(1), ("baccara", "simulate"))
    >>> c.cli, c.argv[0]
    ('baccara', 'simulate')
    """
    if command is None:
        keys = list(SPECS)
        command = rng.choice(keys)
        if command in EXPENSIVE and rng.random() < 0.7:
            command = rng.choice(keys)
    cli, sub = command
    base, options = SPECS[command]
    argv = list(base)
    files: dict[str, str] = {}
    if "g.nfg" in VALID.get("game-file", []):
        files["g.nfg"] = BASE_NFG
    labels = []
    how = rng.random()
    opts = list(options)
    if how < 0.08 or not opts:  # structural abuse: unknown options, stray words, missing values
        junk = rng.choice([["--bogus"], ["--dekcs", "2"], ["extra"], [rng.choice(VALUE_CLASSES["control"])],
                           ["--json", "--json"], ["-"], ["--"], ["--help=x"], [rng.choice(VALUE_CLASSES["long"])]])
        if opts and rng.random() < 0.5:
            junk = [rng.choice([o for o in opts if o.startswith("-")] or ["--json"])]  # an option without its value
        argv += junk
        labels.append("structure")
    else:
        for opt in rng.sample(opts, min(len(opts), rng.randint(1, 3))):
            cls, value = option_value(rng, options[opt], files, big)
            labels.append(f"{opt or 'file'}:{cls}")
            if opt in ("", "@out"):
                idx = 0 if opt == "" else 1
                argv[idx] = value
            elif opt in argv:
                i = argv.index(opt)
                if rng.random() < 0.3:
                    argv[i:i + 2] = [f"{opt}={value}"]
                else:
                    argv[i + 1] = value
            elif rng.random() < 0.3 and opt.startswith("--"):
                argv.append(f"{opt}={value}")
            else:
                argv += [opt, value]
    if rng.random() < 0.5 and sub not in ("examples",) and not sub.startswith("cache clear"):
        argv.append("--json")
    full = sub.split() + argv
    return Case(cli, tuple(full), tuple(files.items()), "; ".join(labels), frozenset(files))


if st is not None:
    def option_values(kind: str = "decks") -> st.SearchStrategy[tuple[str, str]]:
        """Hypothesis strategy: ``(class, value)`` for an option of ``kind`` (file-free kinds)."""
        pairs = [("valid", v) for v in VALID[kind]] + [(c, v) for c, vals in VALUE_CLASSES.items() for v in vals]
        return st.sampled_from(pairs)

    def cases(command: tuple[str, str] | None = None) -> st.SearchStrategy[Case]:
        """Hypothesis strategy: generated cases (:func:`make_case` over a hypothesis-driven rng)."""
        return st.randoms(use_true_random=False).map(lambda r: make_case(r, command))


def prepare(case: Case, work: Path) -> None:
    """Write the case's input files into the empty directory ``work`` (and the FIFO, the subdir)."""
    for name, text in case.files:
        (work / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    os.mkfifo(work / FIFO)
    (work / SUBDIR).mkdir()


_PROGRESS = re.compile(r"\d+/\d+|\d+ ?%|\d+ s\b")
_KEPT = {FIFO, SUBDIR, "cachedir", "xdg", "mpl"}


def leftovers(case: Case, work: Path, code: int | None) -> list[str]:
    """Files in ``work`` that should not be there: any new file after a refusal (exit 2), a
    temporary file after any run."""
    bad = []
    for p in [*work.iterdir(), *(work / SUBDIR).iterdir()]:
        rel = str(p.relative_to(work))
        if rel in case.inputs or rel in _KEPT:
            continue
        if p.name.endswith(".tmp") or code == 2:
            bad.append(rel)
    return bad


def verdict(code: int | None, out: str, err: str) -> str:
    """The outcome class of one run: ``ok`` (exit 0), ``bad input`` (exit 2 and one ``error:``
    line), ``unclean error`` (exit 2 otherwise), ``internal error`` (exit 3), ``traceback``,
    ``signal`` (killed by one), ``hang`` (``code`` None: no exit in time, no progress
    shown), ``long, with progress`` (no exit in time, progress on stderr) or ``other`` (any
    other status)."""
    if code is None:
        return "long, with progress" if _PROGRESS.search(err) else "hang"
    if "Traceback (most recent call last)" in err:
        return "traceback"
    if code < 0:
        return "signal"
    if code == 0:
        return "ok"
    if code == 3:
        return "internal error"
    if code == 2:
        lines = err.strip("\n").splitlines()
        return "bad input" if len(lines) == 1 and lines[0].startswith("error: ") and not out else "unclean error"
    return "other"
