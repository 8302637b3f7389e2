"""A literal, slow transcription of the papers' payoff formulas, summing Fractions.

This is an *oracle*, not the production path: :mod:`games.baccara.models.tables` computes the same
tables as integer counts in a fraction of the time. Tests compare the two, and
``benchmarks/bench_models.py`` times them against each other.

Formulas (Ethier & Lee, *Baccara chemin de fer II*): p₄, p₅, p₆ of equations (8)–(10) for
Model B (d decks, without replacement); for Model A (with replacement) the same products
with every card value drawn from p₁(v) = (1 + 3δ_{v,0})/13 (the first paper's p₁). The
numerators of e_{u,v} in (11)–(14) (Model 2) and (39)–(42) (Model 3) — i.e. the weights
p_u(l)·b_{u,v}(l) — split by outcome, and the natural term of (18). Model 1 sums Model 2
over the compositions of each Banker total.
"""

from __future__ import annotations

from fractions import Fraction

from games.baccara.infosets import (
    banker_infosets,
    composition_label,
    parse_infoset,
    player_infosets,
)

__all__ = ["p4", "p5", "p6", "natural_weights", "infoset_weights", "reference_tables"]

Hand = tuple[int, int]
COMPS: tuple[Hand, ...] = tuple((a, b) for a in range(10) for b in range(a, 10))


def _d(x: int, y: int) -> int:
    return 1 if x == y else 0


def _card(v: int, earlier: list[int], n_dealt: int, d: int | None) -> Fraction:
    """Probability that the next card has value v (Model B: given the earlier cards)."""
    if d is None:
        return Fraction(1 + 3 * _d(v, 0), 13)
    return Fraction(4 * d * (1 + 3 * _d(v, 0)) - sum(_d(v, e) for e in earlier), 52 * d - n_dealt)


def p4(i: Hand, j: Hand, d: int | None) -> Fraction:
    """Eq. (8): P(Player's hand is the composition i and Banker's is j)."""
    (i1, i2), (j1, j2) = i, j
    return (
        (2 - _d(i1, i2))
        * _card(i1, [], 0, d)
        * _card(i2, [i1], 1, d)
        * (2 - _d(j1, j2))
        * _card(j1, [i1, i2], 2, d)
        * _card(j2, [i1, i2, j1], 3, d)
    )


def p5(i: Hand, j: Hand, k: int, d: int | None) -> Fraction:
    """Eq. (9): ... and the fifth card dealt has value k."""
    return p4(i, j, d) * _card(k, [*i, *j], 4, d)


def p6(i: Hand, j: Hand, k: int, l: int, d: int | None) -> Fraction:
    """Eq. (10): ... and the sixth card dealt has value l."""
    return p5(i, j, k, d) * _card(l, [*i, *j, k], 5, d)


def _split(banker_total: int, player_total: int, p: Fraction, acc: list[Fraction]) -> None:
    """Add p to acc[0] (Banker wins), acc[1] (Player wins) or acc[2] (tie)."""
    acc[0 if banker_total > player_total else 1 if banker_total < player_total else 2] += p


def natural_weights(d: int | None) -> tuple[Fraction, Fraction, Fraction]:
    """P(a natural ends the coup and Banker wins / loses / ties) — the u-free term of (18)."""
    acc = [Fraction(0)] * 3
    for i in COMPS:
        for j in COMPS:
            ti, tj = sum(i) % 10, sum(j) % 10
            if ti >= 8 or tj >= 8:
                _split(tj, ti, p4(i, j, d), acc)
    return acc[0], acc[1], acc[2]


def _draw_set(info: int, row: str) -> set[Hand]:
    """Player's non-natural hands on which he draws under pure strategy ``row``."""
    fives = player_infosets(info)
    out = set()
    for i in COMPS:
        t = sum(i) % 10
        if t <= 4:
            out.add(i)
        elif t == 5:
            key = "5" if info in (1, 2) else composition_label(*i)
            if row[fives.index(key)] == "D":
                out.add(i)
    return out


def infoset_weights(
    model: str, d: int | None, row: str, label: str, v: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(W, L, T): probability of reaching Banker information set ``label`` under Player
    strategy ``row`` and Banker move v, then Banker winning / losing / tying.

    Banker's weight is p_u(l)b_{u,v}(l) = (1 − α)W − L (eqs. (11)–(17), (39)–(44)).
    """
    info = int(model[1])
    hand, k = parse_infoset(label)
    if info == 1:
        hands = [j for j in COMPS if sum(j) % 10 == int(hand)]
    else:
        hands = [(int(hand[0]), int(hand[1]))]
    draws = _draw_set(info, row)
    stands = {i for i in COMPS if sum(i) % 10 <= 7} - draws
    acc = [Fraction(0)] * 3
    for j in hands:
        tj = sum(j) % 10
        if k is not None:  # Player drew k: (11)/(12), (39)/(40)
            for i in draws:
                tp = (sum(i) + k) % 10
                if v == 0:
                    _split(tj, tp, p5(i, j, k, d), acc)
                else:
                    for l in range(10):
                        _split((tj + l) % 10, tp, p6(i, j, k, l, d), acc)
        else:  # Player stood: (13)/(14), (41)/(42)
            for i in stands:
                tp = sum(i) % 10
                if v == 0:
                    _split(tj, tp, p4(i, j, d), acc)
                else:
                    for l in range(10):
                        _split((tj + l) % 10, tp, p5(i, j, l, d), acc)
    return acc[0], acc[1], acc[2]


def reference_tables(model: str, d: int | None) -> dict:
    """All weights of a model: ``{"natural": (W, L, T), (row, label, v): (W, L, T), ...}``."""
    info = int(model[1])
    fives = player_infosets(info)
    rows = [
        "".join("D" if (u >> (len(fives) - 1 - b)) & 1 else "S" for b in range(len(fives)))
        for u in range(2 ** len(fives))
    ]
    out: dict = {"natural": natural_weights(d)}
    for row in rows:
        for label in banker_infosets(info):
            for v in (0, 1):
                out[(row, label, v)] = infoset_weights(model, d, row, label, v)
    return out
