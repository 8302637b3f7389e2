"""Certify a cached sweep record against its game before it is served (issue #28).

The sweep cache's sha256 protects a record against damage, not against a wrong record: a
record relabelled from d = 3 to d = 4, a changed count or a changed formula, with the
checksum recomputed, is a well-formed file. Every record read from the cache therefore goes
through :func:`check_record`, which re-derives what the record claims from the game of its
own key (model, d, α-range) with the same exact test the solver runs:

* the key fields have their exact types (``decks`` an int, not ``3.0``);
* the counts agree with the lists they count (``curves`` = ``len(curve_list)``,
  ``intersections`` = ``len(intersection_list)``);
* every segment's unique equilibrium — Player's formula p(α), Banker's pattern at every
  strategic set and his mixtures — evaluated at a rational α strictly inside the segment is
  an equilibrium of the game at that α (:func:`gamekit.parametric.certify_parametric`, the
  parametric solver's own certificate). The exceptional points and the non-unique segments
  list only Banker's mixed sets, so they are covered by the type checks only.

A record that fails is refused (:class:`RecordRejected` with the reason), then recomputed and
overwritten by the sweep, and reported once. Model B3 records (32 Player strategies, a doubly
additive game) get the type and count checks only; their equilibria are not re-certified on
read (documented in ``docs/reliability.md``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from gamekit.core import CertificationError, GameError
from gamekit.exact import QuadraticSurd, compare, simplest_between

__all__ = ["RecordRejected", "check_record", "parse_exact"]


class RecordRejected(ValueError):
    """A cached record that does not hold for its game; the message says why."""


_RATIONAL = re.compile(r"-?\d{1,4000}(?:/\d{1,4000})?")

def parse_exact(text: str) -> Fraction | QuadraticSurd:
    """A number written by :func:`gamekit.parametric.exact_str`: ``"3/7"`` or
    ``"(A - B*sqrt(c))/D"`` (and its shorter forms).

    Parameters
    ----------
    text : str
        The exact string.

    Returns
    -------
    Fraction or QuadraticSurd

    Raises
    ------
    RecordRejected
        The text is not such a number.

    Examples
    --------
    >>> parse_exact("3/7")
    Fraction(3, 7)
    >>> str(parse_exact("(16 - sqrt(2))/5"))
    '(16 - sqrt(2))/5'
    """
    from gamekit.exact import number_from_str

    s = text.strip()
    if _RATIONAL.fullmatch(s):
        return Fraction(s)
    if "sqrt" not in s or "CRootOf" in s:
        raise RecordRejected(f"not an exact number: {text[:60]!r}")
    try:
        return number_from_str(s)
    except (ValueError, GameError) as exc:
        raise RecordRejected(str(exc)) from None


def _value(text: str, alpha: Fraction | QuadraticSurd) -> Fraction | QuadraticSurd:
    """A record value: an exact number, or a rational formula in ``alpha`` at a rational α."""
    if "alpha" not in text:
        return parse_exact(text)
    if not isinstance(alpha, Fraction):
        raise RecordRejected("a formula in alpha at an irrational alpha")
    from games.baccara.analysis.deck_sweep import evaluate_formula

    try:
        return evaluate_formula(text, alpha=alpha)
    except GameError as exc:
        raise RecordRejected(str(exc)) from None


def _inside(seg: dict) -> Fraction:
    lo, hi = parse_exact(seg["from_exact"]), parse_exact(seg["to_exact"])
    if compare(lo, hi) > 0:
        raise RecordRejected("a segment ends before it starts")
    if compare(lo, hi) == 0:
        if not isinstance(lo, Fraction):
            raise RecordRejected("a one-point segment at an irrational alpha")
        return lo
    return simplest_between(lo, hi)


def _behaviour(data, labels: dict[str, int], pattern: dict, mixed: dict, alpha) -> tuple:
    """Banker's draw probability at all n sets: forced moves, the pattern's 0/1, the mixtures."""
    y = list(data.full_behaviour([Fraction(0)] * len(data.live)))
    for key, text in {**pattern, **mixed}.items():
        if key not in labels:
            raise RecordRejected(f"unknown Banker information set {key!r}")
        if text == "M":
            if key not in mixed:
                raise RecordRejected(f"Banker mixes at {key} but the record gives no probability")
            continue
        y[labels[key]] = _value(text, alpha)
    return tuple(y)


def _certify(game, data, labels, alpha, player: dict, pattern: dict, mixed: dict) -> None:
    from gamekit.parametric import ParametricEquilibrium, certify_parametric

    if len(player) != 1:
        raise RecordRejected("Player's strategy must be one formula")
    p = _value(next(iter(player.values())), alpha)
    eq = ParametricEquilibrium(p, _behaviour(data, labels, pattern, mixed, alpha))
    try:
        certify_parametric(game, alpha, [eq])
    except CertificationError as exc:
        raise RecordRejected(f"{exc} (the record does not hold for its game)") from None


def _check_counts(rec: dict) -> None:
    if type(rec.get("decks")) is not int and rec.get("decks") is not None:
        raise RecordRejected(f"decks must be an integer, got {rec.get('decks')!r}")
    if rec.get("model") == "B3":
        return
    for count, items in (("curves", "curve_list"), ("intersections", "intersection_list")):
        if rec[count] != len(rec[items]):
            raise RecordRejected(f"{count} = {rec[count]} but the record lists {len(rec[items])}")


def check_record(rec: dict) -> None:
    """Re-certify a schema-valid sweep record against the game of its key (module doc).

    Parameters
    ----------
    rec : dict
        A record that passed :func:`games.baccara.analysis.deck_sweep.valid_record`.

    Raises
    ------
    RecordRejected
        Something the record claims does not hold for its game.
    """
    _check_counts(rec)
    if rec["model"] == "B3":
        return
    from gamekit.parametric import live_data
    from games.baccara.analysis.commission import affine_game

    lo, hi = Fraction(rec["alpha_min"]), Fraction(rec["alpha_max"])
    game = affine_game(rec["model"], rec["decks"])
    data = live_data(game, lo, hi)
    labels = {lab: i for i, lab in enumerate(data.labels)}
    for seg in rec["segments"]:
        alpha = _inside(seg)
        if seg.get("unique"):
            if not isinstance(seg.get("pattern"), dict) or set(seg["pattern"]) != {data.labels[i] for i in data.live}:
                raise RecordRejected("a unique segment must give Banker's move at every strategic set")
            _certify(game, data, labels, alpha, seg["player"], seg["pattern"], seg.get("banker_mixed", {}))
