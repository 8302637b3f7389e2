"""Generators of hostile input for the reliability tests and ``benchmarks/fuzz_campaign.py``.

:func:`malformed_nfg` derives a damaged variant of a valid Gambit ``.nfg`` text — a
truncation, random byte edits, huge or exotic numbers, BOM/CRLF line ends, an N-player or
extensive-form header — and :func:`gambit_reference` reads a text with pygambit (an
independent parser) so that any file both readers accept can be checked cell by cell.
:data:`ARG_ABUSE` lists argument vectors for every subcommand of both CLIs that must end
in one ``error:`` line with exit status 2.
"""

from __future__ import annotations

import io
import random
from fractions import Fraction

BASE_NFG = (
    'NFG 1 R "base game" { "Player 1" "Player 2" }\n'
    '{ { "T" "M" "B" } { "L" "R" } }\n'
    '""\n\n'
    "3 1 0 2 -1/2 4\n"
    "0.25 7 5 -3 1e2 0\n"
)
BASE_OUTCOME_NFG = (
    'NFG 1 R "outcome game" { "P1" "P2" } { 2 2 }\n'
    '{ { "a" 1, 2 } { "b" 3/4, -5 } { "c" 0 7 } }\n'
    "1 2 3 0\n"
)

_EXOTIC_NUMBERS = [
    "1e99999", "1e-99999", "1" * 16000, "1/" + "7" * 16000, "1/0", "0/0", "1/00", "١٢", "１２", "1_000",
    "0x10", "inf", "nan", "-", "+", ".", "1e", "e1", "1.2.3", "--1", "1//2", "1/2/3", "²", "1e+", "\u00a0",
    "3.", ".5", "+7", "-0", "1E3", "1e10000", "1e-10000",
]
_JUNK = ['"', "{", "}", ",", "\\", "\n", "\r", "\t", "\x00", "\ufeff", "é", "١", "1", "-", "/", ".", "e", " ", "NFG"]


def _truncate(rng: random.Random, text: str) -> tuple[str, str]:
    k = rng.randrange(len(text))
    return "truncate", text[:k]


def _edit(rng: random.Random, text: str) -> tuple[str, str]:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.choice("rid")
        i = rng.randrange(len(chars) + (op == "i"))
        if op == "r" and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(_JUNK)
        elif op == "i":
            chars.insert(i, rng.choice(_JUNK))
        elif chars:
            del chars[min(i, len(chars) - 1)]
    return "edit", "".join(chars)


def _random_bytes(rng: random.Random, text: str) -> tuple[str, str]:
    data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
    head = text[: rng.randrange(len(text))] if rng.random() < 0.5 else ""
    return "random bytes", head + data.decode("latin-1")


def _number(rng: random.Random, text: str) -> tuple[str, str]:
    words = text.split(" ")
    idx = [i for i, w in enumerate(words) if w and w.strip()[:1] in "0123456789-." and '"' not in w]
    i = rng.choice(idx)
    tail = "\n" if words[i].endswith("\n") else ""
    words[i] = rng.choice(_EXOTIC_NUMBERS) + tail
    return "number", " ".join(words)


def _line_ends(rng: random.Random, text: str) -> tuple[str, str]:
    out = text.replace("\n", rng.choice(["\r\n", "\r", "\n\n", " \t\n"]))
    if rng.random() < 0.5:
        out = "\ufeff" + out
    return "bom/crlf", out


def _players(rng: random.Random, text: str) -> tuple[str, str]:
    n = rng.choice([0, 1, 3, 4])
    names = " ".join(f'"P{k}"' for k in range(n))
    counts = " ".join("2" for _ in range(n))
    return "n-player", f'NFG 1 R "n" {{ {names} }} {{ {counts} }}\n' + " ".join("1" for _ in range(n * 2 ** n))


def _efg(rng: random.Random, text: str) -> tuple[str, str]:
    return "efg", 'EFG 2 R "tree" { "P1" "P2" }\n""\n\np "" 1 1 "" { "a" "b" } 0\nt "" 1 "o" { 1, -1 }\n'


_KINDS = [_truncate, _edit, _edit, _random_bytes, _number, _number, _line_ends, _players, _efg]


def malformed_nfg(rng: random.Random) -> tuple[str, str]:
    """``(kind, text)``: a damaged (or, for BOM/CRLF, equivalent) variant of a valid file."""
    base = rng.choice([BASE_NFG, BASE_OUTCOME_NFG])
    return rng.choice(_KINDS)(rng, base)


def gambit_reference(text: str) -> tuple[list[list[Fraction]], list[list[Fraction]]] | None:
    """Payoff tables of ``text`` read by pygambit, or None when pygambit does not read it as a
    two-player game."""
    try:
        import pygambit as gbt

        g = gbt.read_nfg(io.StringIO(text))
        if len(g.players) != 2:
            return None
        p1, p2 = g.players
        cells = [[g[s, t] for t in p2.strategies] for s in p1.strategies]
        A = [[Fraction(0) if o is None else Fraction(o[p1]) for o in r] for r in cells]
        B = [[Fraction(0) if o is None else Fraction(o[p2]) for o in r] for r in cells]
        return A, B
    except Exception:  # noqa: BLE001 - pygambit raises assorted errors on bad input
        return None


ARG_ABUSE: dict[str, list[list[str]]] = {
    "gamekit": [
        [], ["bogus"], ["solve"], ["solve", "/dev/zero"], ["show", "/nonexistent/x.nfg"], ["show", "/"],
        ["show", "example:../../../../etc/passwd"], ["show", "example:.."], ["solve", "example:nope"],
        ["solve", "example:prisoners_dilemma", "--method", "bogus"],
        ["solve", "example:prisoners_dilemma", "--max-iter", "0"],
        ["solve", "example:prisoners_dilemma", "--max-iter", "١"], ["value", "/dev/null"],
        ["convert", "example:prisoners_dilemma", "/dev/full"],
        ["convert", "example:prisoners_dilemma", "-", "--json"],
        ["convert", "example:prisoners_dilemma", "/nonexistent/dir/x.nfg"], ["examples", "--bogus"],
        ["show", "example:prisoners_dilemma", "--json", "extra"],
    ],
    "baccara": [
        ["bogus"], ["solve", "--model", "Z9"], ["solve", "--decks", "0"], ["solve", "--decks", "١٢"],
        ["solve", "--decks", "-1"], ["solve", "--alpha", "1e-10000000"], ["solve", "--alpha", "1"],
        ["solve", "--alpha", "x"], ["solve", "--alpha", "١/٢٠"], ["solve", "--alpha", "nan"],
        ["solve", "--alpha", "1/0"], ["solve", "--alpha", "1" * 16000],
        ["sweep", "--decks", "1-1000000000"], ["sweep", "--decks", "5-1"], ["sweep", "--decks", "x"],
        ["sweep", "--decks", "１"], ["sweep", "--alpha-max", "1e-10000000"], ["sweep", "--alpha-max", "0"],
        ["sweep", "--model", "A3"], ["sweep", "--jobs", "0"], ["sweep", "--executor", "bogus"],
        ["house-edge", "--commission", "1e-100000"], ["house-edge", "--decks", "0"],
        ["house-edge", "--remaining", "garbage"], ["house-edge", "--tie-pays", "x"],
        ["simulate", "--decks", "1000000000"], ["simulate", "--workers", "512", "--rounds", "1000"],
        ["simulate", "--rounds", "0"], ["simulate", "--rounds", "１２"], ["simulate", "--plot", "x.png"],
        ["simulate", "--sessions", "0"], ["simulate", "--rounds", "1" + "0" * 20],
        ["reproduce", "--only", "no-such-claim"], ["plot", "bogus", "-o", "x.png"],
        ["plot", "curves", "--decks", "1-3", "-o", "x.png"], ["plot", "curves"], ["cache", "bogus"],
        # the second outside campaign (#28): overflowing numbers and options given "--" as value
        ["house-edge", "--tie-pays", "1e400"], ["bankroll", "--min", "1e400"], ["bankroll", "--bankroll", "1e400"],
        ["bankroll", "--max", "1e400"], ["simulate", "--decks", "9223372036854775807"],
        ["simulate", "--workers=--"], ["sweep", "--decks=--"], ["sweep", "--jobs=--"],
        ["counting", "sixes", "--cut=--"], ["sweep", "--alpha-max=--"], ["house-edge", "--decks=--"],
        ["solve", "--deks", "6"],
        # unbounded work refused up front (#28)
        ["counting", "sixes", "--shoes", "1000000000000"], ["counting", "sixes", "--decks", "1000000000"],
        ["counting", "true-count", "--shoes", "1000000000000"], ["bankroll", "--decks", "1000000000"],
        ["evaluate", "--player", "punto-banco", "--banker", "punto-banco", "--shoes", "1000000000000"],
        ["evaluate", "--player", "punto-banco", "--banker", "punto-banco", "--shoes", "10", "--decks", "1000000000"],
        ["sweep", "--jobs", "100"], ["solve", "--rules", "/dev/zero"],
    ],
}
