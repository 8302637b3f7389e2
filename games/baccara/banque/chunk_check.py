"""Re-certify a cached banque chunk record against its game before it is served (issue #28).

The chunk cache's sha256 (:class:`theta_chunks.ChunkCache`) protects a record against damage,
not against a wrong record: a changed equilibrium coordinate with the checksum recomputed is a
well-formed file. Every chunk record read from the cache therefore goes through
:func:`check_chunk`, which rebuilds the exact game at each segment's own sample θ (a rational,
part of the record) for the record's dealing and checks there exactly what the segment claims:

* the sample θ is a rational inside the chunk (a mirrored segment: inside the mirrored chunk);
* **Nash**: every recorded extreme equilibrium — Players' exact draw probabilities at the
  sample, Banker's mixed probabilities (the recorded formulas in p₁, p₂, θ evaluated there),
  and Banker's best response elsewhere — passes the exact three-player equilibrium check
  (:func:`certify.is_banque_nash`), its recorded Banker payoff is the profile's payoff, and
  each Player's recorded formula in θ, evaluated at the sample, gives the recorded value;
* **correlated / independent**: the team strategy (the recorded formulas at the sample) is a
  probability vector, the Players' formulas are its marginals, and with Banker's recorded
  mixed probabilities and best response elsewhere it is an exact equilibrium of the team game
  (:func:`gamekit.additive.is_additive_equilibrium`), whose Banker payoff — the exact optimum
  at the sample θ — equals the recorded value (formula and ``value_at_sample``).

Not re-checked (documented in ``docs/reliability.md``): the segment ends (algebraic numbers, the
roots of the certificate's inequalities) are not re-derived; the recorded equilibria are not
re-proved to be *all* the extreme equilibria at the sample; the formulas are checked at the
sample θ only; the completeness-proof boxes and the independent-existence points are not
re-run. A Banker set whose gain vanishes at the sample but that the record does not list as
mixed is tried at both pure moves (at most :data:`MAX_TIES` such sets per equilibrium).
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from gamekit.exact import QuadraticSurd, compare_numbers
from games.baccara.analysis.record_check import RecordRejected, parse_exact

__all__ = ["MAX_TIES", "RecordRejected", "check_chunk"]

#: At most this many unlisted zero-gain Banker sets are tried at both pure moves.
MAX_TIES = 6
_FORMULA = re.compile(r"^[0-9a-z_*/+\-() .^]*$")   # ^: a power, as python-flint writes it
_NAMES = {"p1", "p2", "theta", "sqrt"}


def _sqrt(q: object) -> Any:
    if not isinstance(q, Fraction) or q < 0:
        raise RecordRejected("a square root of a non-rational or negative number")
    return QuadraticSurd.make(0, Fraction(1, q.denominator), q.numerator * q.denominator)


def _formula(text: object, **values: object) -> Any:
    """An exact formula string of a record at exact values of p1, p2, theta."""
    if not isinstance(text, str) or len(text) > 100_000 or not _FORMULA.match(text) or "__" in text:
        raise RecordRejected(f"not a formula: {str(text)[:60]!r}")
    if set(re.findall(r"[a-z_][a-z_0-9]*", text)) - _NAMES:
        raise RecordRejected(f"unknown name in formula {text[:60]!r}")
    code = re.sub(r"\b\d+\b", lambda m: f"_F({m.group()})", text.replace("^", "**"))
    try:
        return eval(code, {"__builtins__": {}, "_F": Fraction, "sqrt": _sqrt}, dict(values))  # noqa: S307
    except RecordRejected:
        raise
    except (NameError, ZeroDivisionError, TypeError, ValueError, SyntaxError, ArithmeticError) as exc:
        raise RecordRejected(f"formula {text[:60]!r} cannot be evaluated: {type(exc).__name__}") from None


def _sample(sg: dict, lo: Fraction, hi: Fraction) -> Fraction:
    try:
        s = Fraction(sg["sample"])
    except (ValueError, TypeError, ZeroDivisionError):
        raise RecordRejected("a segment's sample is not a rational") from None
    if not lo <= s <= hi:
        raise RecordRejected(f"sample {s} outside the chunk [{lo}, {hi}]")
    for end, sign in (("from_exact", -1), ("to_exact", 1)):
        try:
            x = parse_exact(sg[end])
        except RecordRejected:
            continue   # an algebraic end (CRootOf): not re-derived
        if compare_numbers(x, s) == -sign:
            raise RecordRejected(f"sample {s} outside its segment")
    return s


def _best_responses(gains: list, mixed: dict[int, object]):
    """Banker's behaviours: mixed sets as recorded, 1/0 by the gain's sign, both at ties."""
    y: list = []
    ties = []
    for l, g in enumerate(gains):
        if l in mixed:
            y.append(mixed[l])
        elif g > 0:
            y.append(Fraction(1))
        elif g < 0:
            y.append(Fraction(0))
        else:
            ties.append(l)
            y.append(Fraction(0))
    if len(ties) > MAX_TIES:
        raise RecordRejected(f"{len(ties)} Banker sets with zero gain are not listed as mixed")
    for bits in itertools.product((0, 1), repeat=len(ties)):
        out = list(y)
        for l, b in zip(ties, bits):
            out[l] = Fraction(b)
        yield out


def _mixed(rec: dict, labels: dict[str, int], **values: object) -> dict[int, Any]:
    if not isinstance(rec, dict):
        raise RecordRejected("banker_mixed must be an object")
    out = {}
    for key, text in rec.items():
        if key not in labels:
            raise RecordRejected(f"unknown Banker information set {key!r}")
        v = _formula(text, **values)
        if not 0 < v < 1:
            raise RecordRejected(f"Banker's probability at {key} is not strictly inside (0, 1)")
        out[labels[key]] = v
    return out


def _check_nash(sg: dict, s: Fraction, decks: int | None, labels: dict[str, int]) -> None:
    from games.baccara.banque.certify import is_banque_nash, profile_values

    eqs = sg.get("equilibria")
    if not isinstance(eqs, list) or not eqs:
        raise RecordRejected("a Nash segment without equilibria")
    for e in eqs:
        at = e["at_sample"]
        p1, p2 = parse_exact(at["player1"]), parse_exact(at["player2"])
        for name, p in (("player1", p1), ("player2", p2)):
            if set(e[name]) != {"5"} or _formula(e[name]["5"], p1=p1, p2=p2, theta=s) != p:
                raise RecordRejected(f"{name}'s formula does not give the recorded value at the sample {s}")
        if not (0 <= p1 <= 1 and 0 <= p2 <= 1):
            raise RecordRejected("a Player's probability outside [0, 1]")
        mixed = _mixed(e["banker_mixed"], labels, p1=p1, p2=p2, theta=s)
        gains = profile_values(s, p1, p2, [Fraction(0)] * len(labels), decks)["banker_gains"]
        for y in _best_responses(gains, mixed):
            if is_banque_nash(s, p1, p2, y, decks):
                if profile_values(s, p1, p2, y, decks)["banker"] != parse_exact(at["banker"]):
                    raise RecordRejected(f"Banker's recorded payoff at the sample {s} is not the profile's")
                break
        else:
            raise RecordRejected(f"a recorded equilibrium is not a Nash equilibrium at the sample {s}")


def _check_correlated(sg: dict, s: Fraction, decks: int | None, labels: dict[str, int]) -> None:
    from gamekit.additive import is_additive_equilibrium
    from games.baccara.banque.model import ROWS, team_game

    team = sg["team"]
    if not isinstance(team, dict) or set(team) != set(ROWS):
        raise RecordRejected("the team strategy must give the four rows")
    x = [_formula(team[r], theta=s) for r in ROWS]
    if any(not isinstance(v, Fraction) or v < 0 for v in x) or sum(x) != 1:
        raise RecordRejected(f"the team strategy is not a probability vector at the sample {s}")
    for name, p in (("player1", x[2] + x[3]), ("player2", x[1] + x[3])):
        if set(sg[name]) != {"5"} or _formula(sg[name]["5"], theta=s) != p:
            raise RecordRejected(f"{name}'s formula is not the team strategy's marginal at the sample {s}")
    value = _formula(sg["value"], theta=s)
    if value != parse_exact(sg["value_at_sample"]):
        raise RecordRejected(f"the value formula does not give value_at_sample at {s}")
    mixed = _mixed(sg["banker_mixed"], labels, theta=s)
    game = team_game(s, decks)
    gains = [sum((xu * gu for xu, gu in zip(x, col)), Fraction(0))
             for col in zip(*(game.b_gains(u) for u in range(game.m)))]
    for y in _best_responses(gains, mixed):
        if is_additive_equilibrium(game, x, y):
            banker = sum((xu * game.b_const(u) for u, xu in enumerate(x)), Fraction(0)) \
                + sum((yl * gl for yl, gl in zip(y, gains) if yl), Fraction(0))
            if banker != value:
                raise RecordRejected(f"the recorded value is not the optimum at the sample {s}")
            return
    raise RecordRejected(f"the recorded team strategy is not optimal at the sample {s}")


def check_chunk(rec: dict, concept: str, decks: int | None, a: Fraction, b: Fraction, mirror: bool) -> None:
    """Re-certify a chunk record of the cache against its game (module docstring).

    Parameters
    ----------
    rec : dict
        The record (:func:`theta_chunks.chunk_record`'s shape).
    concept : {"correlated", "nash"}
        The segment finder of the record's key.
    decks : int or None
        The dealing of the key.
    a, b : Fraction
        The chunk of the key.
    mirror : bool
        Whether the record also holds the mirror images (θ ↔ 1 − θ) of its segments.

    Raises
    ------
    RecordRejected
        Something the record claims does not hold for its game.

    Examples
    --------
    >>> from games.baccara.banque.theta_chunks import chunk_record
    >>> rec = chunk_record("correlated", 3, Fraction(3, 10), Fraction(301, 1000), cut_lo=False,
    ...                    cut_hi=False, mirror=False, prove=False)
    >>> check_chunk(rec, "correlated", 3, Fraction(3, 10), Fraction(301, 1000), False)
    >>> rec["segments"][0]["value_at_sample"] = "0"
    >>> check_chunk(rec, "correlated", 3, Fraction(3, 10), Fraction(301, 1000), False)
    Traceback (most recent call last):
    ...
    games.baccara.analysis.record_check.RecordRejected: the value formula does not give value_at_sample at 49/163
    """
    from games.baccara.banque.theta_poly import theta_tables

    if rec.get("concept") != concept or rec.get("decks") != decks or type(rec.get("decks")) not in (int, type(None)):
        raise RecordRejected("the record's concept or dealing is not its key's")
    if rec.get("from") != str(a) or rec.get("to") != str(b):
        raise RecordRejected("the record's chunk is not its key's")
    labels = {lab: i for i, lab in enumerate(theta_tables(decks).infosets)}
    check = _check_nash if concept == "nash" else _check_correlated
    parts = [(rec["segments"], a, (1 - a) if mirror and b == Fraction(1, 2) else b)]
    if mirror:
        parts.append((rec.get("mirror"), 1 - b, 1 - a))
    elif rec.get("mirror"):
        raise RecordRejected("mirror images in a record that is not mirrored")
    for segs, lo, hi in parts:
        if not isinstance(segs, list) or (segs is rec["segments"] and not segs):
            raise RecordRejected("the record's segments must be a non-empty list")
        for sg in segs:
            try:
                check(sg, _sample(sg, lo, hi), decks, labels)
            except (KeyError, TypeError, AttributeError) as exc:
                raise RecordRejected(f"a malformed segment ({type(exc).__name__}: {exc})") from None
