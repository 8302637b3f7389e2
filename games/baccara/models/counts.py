"""Exact outcome counts of a chemin de fer coup, by the two players' two-card compositions.

This is the counting engine behind :mod:`games.baccara.models.tables`. It evaluates, once per shoe
type, every term of Ethier & Lee, *Baccara chemin de fer II*, equations (8)–(14) and
(39)–(42) as an **integer count over a common denominator**, for every

* Player composition P = (i1, i2) and Banker composition B = (j1, j2) (all 55 × 55),
* Player's third card k (or none) and Banker's move v (stand 0 / draw 1),

split by the outcome of the coup for Banker (win / loss / tie). The payoff tables of all six
models are sums of these counts (see :mod:`games.baccara.models.tables`).

Shoes
-----
* ``"A"`` — Model A, cards dealt *with replacement* from one deck: a card has value 0 with
  probability 4/13 and each value 1–9 with probability 1/13 (the first paper's p₁). The six
  card positions of a coup are independent; the common denominator is 13⁶.
* ``"B"`` — Model B, cards dealt *without replacement* from a d-deck shoe holding 16d zeros
  and 4d of each value 1–9. The probability of an ordered sequence of r values is
  Π_i (c_{v_i} − #{earlier cards of value v_i}) / (52d)_r  — the product in (8)–(10) —
  and the common denominator is (52d)_6: a sequence of r < 6 cards is scaled by
  (52d − r)_{6−r}, i.e. summed over the cards that would follow.

Cards are ordered Player, Player, Banker, Banker, Player's third, Banker's third; the paper
notes after (8) that this is equivalent to the real order P, B, P, B (exchangeability). If
Player stands, Banker's third card is the fifth card dealt.

Polynomials in d
----------------
Every count is a product of exactly six linear factors s·d + t (a card of value v:
s = 4(1+3δ_{v,0}), t = −(number of earlier cards of value v); a card not dealt at position
r+1: s = 52, t = −r), so each table entry is a polynomial of degree ≤ 6 in d with integer
coefficients. The engine computes these coefficient vectors once (numpy int64; all
coefficients are far below 2⁶³) and :func:`evaluate` turns them into exact Python integers
for any d. Model A is the same computation with constant factors (s = 0, t = 4 or 1 for a
card, t = 13 for a card not dealt), i.e. polynomials of degree 0.

Drawing both third cards is never enumerated card by card: the sum over Banker's third card
l of the six-card counts, restricted to one outcome, is the five-card count times the linear
factor Σ_l (s_l·d + t_l)·[outcome], which is again linear in d.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from gamekit.core import GameError
from games.baccara.cards import falling

__all__ = [
    "COMPOSITIONS",
    "DEGREE",
    "WIN",
    "LOSS",
    "TIE",
    "OUTCOMES",
    "CoupCounts",
    "coup_counts",
    "denominator",
    "evaluate",
]

#: All 55 two-card compositions (i1, i2), 0 ≤ i1 ≤ i2 ≤ 9, in lexicographic order.
COMPOSITIONS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(10) for b in range(a, 10))
#: A coup uses at most six cards, so every count is a polynomial of degree ≤ 6 in d.
DEGREE = 6
#: Outcome index from Banker's point of view: Banker wins, Banker loses (Player wins), tie.
WIN, LOSS, TIE = 0, 1, 2
OUTCOMES = ("banker wins", "player wins", "tie")

_NC = len(COMPOSITIONS)
_LO = np.array([c[0] for c in COMPOSITIONS], dtype=np.int64)
_HI = np.array([c[1] for c in COMPOSITIONS], dtype=np.int64)
_TOTAL = (_LO + _HI) % 10
_ORDER = 2 - (_LO == _HI).astype(np.int64)  # (2 − δ_{i1,i2}) ordered hands per composition
_VAL = np.arange(10, dtype=np.int64)


@dataclass(frozen=True)
class CoupCounts:
    """Outcome counts of one shoe type as integer polynomials in d.

    The last axis holds the coefficients of d⁰, d¹, …: seven of them for shoe ``"B"``, one
    for shoe ``"A"`` (whose counts do not depend on d).

    Axes: P = Player composition, B = Banker composition (indices into
    :data:`COMPOSITIONS`), k = Player's third card, v = Banker's move (0 stand, 1 draw),
    o = outcome (:data:`WIN`, :data:`LOSS`, :data:`TIE`, from Banker's point of view).

    * ``natural[o]`` — all deals in which either two-card hand is a natural (8 or 9).
    * ``draw[P, B, k, v, o]`` — Player holds P and draws card k, Banker holds B and makes
      move v (both hands non-natural for the entries that are used).
    * ``stand[P, B, v, o]`` — Player holds P and stands, Banker holds B and makes move v.

    Every entry counts ordered six-card sequences: divide by :func:`denominator` for the
    probability. Entries with a natural hand in ``draw``/``stand`` are meaningless and are
    never used by the models.
    """

    shoe: str
    natural: np.ndarray
    draw: np.ndarray
    stand: np.ndarray


def denominator(shoe: str, d: int) -> int:
    """The common denominator: 13⁶ for Model A, (52d)_6 for Model B."""
    return 13**6 if shoe == "A" else falling(52 * d, DEGREE)


def evaluate(poly: np.ndarray, d: int) -> np.ndarray:
    """Evaluate integer polynomials (coefficients on the last axis) at d, exactly.

    Returns an object array of Python ints. Horner's rule runs in int64 when that is provably
    exact — every intermediate value is bounded by Σ_e |c_e| d^e, checked (with a factor-2
    margin for the float estimate) to be below 2⁶² — and in arbitrary precision otherwise.
    """
    d = int(d)
    if d < 1:
        raise GameError(f"number of decks must be at least 1, got {d}")
    top = poly.shape[-1] - 1
    powers = np.array([float(d) ** e for e in range(top + 1)])
    if poly.size == 0 or float((np.abs(poly.astype(np.float64)) @ powers).max()) < 2.0**62:
        out = poly[..., top].astype(np.int64)
        for e in range(top - 1, -1, -1):
            out = out * d + poly[..., e]
        return out.astype(object)
    coeffs = poly.astype(object)
    out = coeffs[..., top]
    for e in range(top - 1, -1, -1):
        out = out * d + coeffs[..., e]
    return out


# -- polynomial helpers -----------------------------------------------------------------------
def _mul(poly: np.ndarray, s: np.ndarray | int, t: np.ndarray | int) -> np.ndarray:
    """Multiply polynomials by the linear factors s·d + t (s, t broadcast against poly[..., 0])."""
    s = np.asarray(s, dtype=np.int64)[..., None]
    t = np.asarray(t, dtype=np.int64)[..., None]
    out = poly * t
    if poly.shape[-1] > 1:
        if np.any(poly[..., -1] != 0):  # pragma: no cover - would be a bug in the engine
            raise AssertionError("polynomial degree would exceed 6")
        out[..., 1:] += poly[..., :-1] * s
    elif np.any(s != 0):  # pragma: no cover
        raise AssertionError("a Model A factor must be constant")
    return out


def _card(shoe: str, value: np.ndarray, used: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
    """Linear factor (s, t) for dealing a card of ``value`` after ``used`` equal values."""
    value, used = np.broadcast_arrays(
        np.asarray(value, dtype=np.int64), np.asarray(used, dtype=np.int64)
    )
    if shoe == "A":
        return np.zeros_like(value), np.where(value == 0, 4, 1)
    return np.where(value == 0, 16, 4), -used


def _rest(shoe: str, dealt: int) -> tuple[int, int]:
    """Linear factor for a card *not* dealt after ``dealt`` cards (scales to six cards)."""
    return (0, 13) if shoe == "A" else (52, -dealt)


def _outcome(banker_total: np.ndarray, player_total: np.ndarray) -> np.ndarray:
    """Outcome index for Banker: WIN if his total is higher, LOSS if lower, TIE if equal."""
    return np.where(
        banker_total > player_total, WIN, np.where(banker_total < player_total, LOSS, TIE)
    )


def _split(poly: np.ndarray, outcome: np.ndarray, sum_axis: int | None = None) -> np.ndarray:
    """Stack poly·[outcome == o] over o (new axis before the degree axis), optionally summing."""
    parts = []
    for o in (WIN, LOSS, TIE):
        p = poly * (outcome == o)[..., None]
        parts.append(p.sum(axis=sum_axis) if sum_axis is not None else p)
    return np.stack(parts, axis=-2)


@cache
def coup_counts(shoe: str) -> CoupCounts:
    """Compute the outcome counts for shoe ``"A"`` (with replacement) or ``"B"`` (d decks).

    Cached: the result does not depend on d (it is polynomial in d).
    """
    if shoe not in ("A", "B"):
        raise GameError(f"unknown shoe {shoe!r}: expected 'A' (with replacement) or 'B' (d decks)")
    p1, p2 = _LO[:, None], _HI[:, None]  # Player composition on axis 0
    b1, b2 = _LO[None, :], _HI[None, :]  # Banker composition on axis 1
    tp, tb = _TOTAL[:, None], _TOTAL[None, :]

    # Four cards, eq. (8): (2−δ)(2−δ) · Π (c_v − earlier equal values).
    ncoef = 1 if shoe == "A" else DEGREE + 1  # Model A: constants (polynomials of degree 0)
    c4 = np.zeros((_NC, _NC, ncoef), dtype=np.int64)
    c4[..., 0] = _ORDER[:, None] * _ORDER[None, :]
    c4 = _mul(c4, *_card(shoe, p1 + 0 * b1, 0))
    c4 = _mul(c4, *_card(shoe, p2 + 0 * b1, p2 == p1))
    c4 = _mul(c4, *_card(shoe, b1 + 0 * p1, (b1 == p1).astype(np.int64) + (b1 == p2)))
    c4 = _mul(c4, *_card(shoe, b2 + 0 * p1, (b2 == p1).astype(np.int64) + (b2 == p2) + (b2 == b1)))

    # Fifth card x (Player's third card k, or Banker's third card when Player stands), eq. (9).
    x = _VAL[None, None, :]
    used5 = (
        (x == p1[..., None]).astype(np.int64)
        + (x == p2[..., None])
        + (x == b1[..., None])
        + (x == b2[..., None])
    )
    c5 = _mul(c4[:, :, None, :], *_card(shoe, x + 0 * used5, used5))  # (P, B, x, deg)

    r4, r5 = _rest(shoe, 4), _rest(shoe, 5)
    f4 = _mul(_mul(c4, *r4), *r5)  # four cards, scaled to six

    # Naturals: the coup ends on the two-card totals.
    out4 = _outcome(tb, tp)
    is_natural = (tp >= 8) | (tb >= 8)
    natural = np.stack(
        [(f4 * ((out4 == o) & is_natural)[..., None]).sum(axis=(0, 1)) for o in (WIN, LOSS, TIE)]
    )

    # Player stands: Banker stands (four cards) or draws the fifth card l.
    stand0 = _split(f4, out4)
    out_s1 = _outcome((tb[..., None] + x) % 10, tp[..., None])
    stand1 = _mul(_split(c5, out_s1, sum_axis=2), *r5)
    stand = np.stack([stand0, stand1], axis=2)  # (P, B, v, o, deg)

    # Player draws k: Banker stands (five cards) ...
    tp3 = (tp[..., None] + x) % 10  # (P, 1, k)
    draw0 = _mul(_split(c5, _outcome(tb[..., None], tp3)), *r5)  # (P, B, k, o, deg)
    # ... or draws the sixth card l, eq. (10), summed over l per outcome as one linear factor.
    lval = _VAL[None, None, None, :]
    used6 = used5[:, :, None, :] + (lval == x[..., None])  # earlier cards of value l, incl. k
    s6, t6 = _card(shoe, lval + 0 * used6, used6)  # (P, B, k, l)
    out6 = _outcome((tb[..., None, None] + lval) % 10, tp3[..., None])  # (P, B, k, l)
    draw1 = np.stack(
        [
            _mul(c5, (s6 * (out6 == o)).sum(axis=3), (t6 * (out6 == o)).sum(axis=3))
            for o in (WIN, LOSS, TIE)
        ],
        axis=-2,
    )
    draw = np.stack([draw0, draw1], axis=3)  # (P, B, k, v, o, deg)

    for arr in (natural, draw, stand):
        arr.flags.writeable = False
    return CoupCounts(shoe=shoe, natural=natural, draw=draw, stand=stand)
