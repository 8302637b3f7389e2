"""Exact punto banco odds by enumeration without replacement, and the bet table.

A coup uses at most six cards, dealt Player, Banker, Player, Banker, then Player's and
Banker's third cards. Every coup is counted as an ordered 6-tuple of cards from the
shoe (cards a coup does not use are "any card"), so for a shoe of N cards every count
is an integer over the common denominator (N)_6 — for eight decks
(416)_6 = 4,998,398,275,503,360.

The enumeration runs on card *values* with multiplicities (10⁴ openings, then Player's
and Banker's third cards), vectorized with numpy in exact int64 arithmetic whenever the
denominator fits (< 2⁶³: d ≤ 27 decks) and in Python integers otherwise. Ranks enter only
where pairs need them: the weight of each value-level opening is split by rank into the
four classes (Player pair?, Banker pair?) — a pair is two cards of the same *rank*, so
10-J is not a pair although both are worth 0.

The result, a :class:`CoupDistribution`, holds exact counts of every final state
(:class:`Coup`: each hand's total and number of cards, and the two pair flags), from
which any bet defined as a payout function of the final state (:class:`Bet`) gets its
exact expected return. The same enumerator accepts chemin de fer strategies (draw
probabilities on information sets, :mod:`games.baccara.rules.drawing`) and then gives the
exact expected payoffs of a strategy pair (:func:`chemin_de_fer_expectation`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Integral
from typing import TYPE_CHECKING

from gamekit.core import GameError, to_fraction
from games.baccara.cards import RANK_VALUE, RANKS, check_decks, falling
from games.baccara.rules.drawing import (
    K_STOOD,
    banker_draw_table,
    player_draw_table,
)

if TYPE_CHECKING:  # numpy is imported by the enumerator only: Shoe, STATES and the bets load without it
    import numpy as np

__all__ = [
    "Shoe",
    "Coup",
    "STATES",
    "state_index",
    "CoupDistribution",
    "coup_distribution",
    "Bet",
    "BetReturn",
    "banker_bet",
    "player_bet",
    "tie_bet",
    "pair_bet",
    "either_pair_bet",
    "super6_bet",
    "ez_banker_bet",
    "dragon7_bet",
    "panda8_bet",
    "standard_bets",
    "STANDARD_BETS",
    "bet_return",
    "HouseEdge",
    "house_edge",
    "chemin_de_fer_expectation",
]

_RANK_VALUES = [RANK_VALUE[r] for r in RANKS]
_INT64_SAFE = 2**63  # every partial product and sum is a count of ordered deals, at most the denominator


# --------------------------------------------------------------------------- the shoe


@dataclass(frozen=True)
class Shoe:
    """A shoe (full or partially dealt) as the number of cards of each rank A, 2, …, K."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        c = tuple(self.counts)
        if len(c) != len(RANKS):
            raise GameError(f"a shoe needs {len(RANKS)} rank counts (A,2,...,9,10,J,Q,K), got {len(c)}")
        for r, n in zip(RANKS, c, strict=True):
            if isinstance(n, bool) or not isinstance(n, Integral) or n < 0:
                raise GameError(f"count of rank {r} must be a non-negative integer, got {n!r}")
        object.__setattr__(self, "counts", tuple(int(n) for n in c))

    @classmethod
    def decks(cls, d: int) -> Shoe:
        """A full d-deck shoe (4d cards of each rank)."""
        d = check_decks(d)
        return cls((4 * d,) * len(RANKS))

    @classmethod
    def from_ranks(cls, counts: Mapping[str, int] | Iterable[int]) -> Shoe:
        """From ``{"A": 31, "2": 32, …}`` (missing ranks count 0) or 13 counts in rank order."""
        if isinstance(counts, Mapping):
            unknown = [k for k in counts if _rank_key(k) not in RANKS]
            if unknown:
                raise GameError(f"unknown rank {unknown[0]!r} (ranks are {', '.join(RANKS)})")
            by = {_rank_key(k): v for k, v in counts.items()}
            return cls(tuple(by.get(r, 0) for r in RANKS))
        return cls(tuple(counts))

    @classmethod
    def parse(cls, text: str) -> Shoe:
        """Parse ``"A=31,2=32,…"`` or 13 comma-separated counts in rank order."""
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        if parts and all("=" in p for p in parts):
            out: dict[str, int] = {}
            for p in parts:
                k, _, v = p.partition("=")
                out[_rank_key(k)] = _parse_count(v, k)
            return cls.from_ranks(out)
        if any("=" in p for p in parts):
            raise GameError("give either RANK=COUNT pairs or 13 plain counts, not a mixture")
        return cls(tuple(_parse_count(p, f"#{i + 1}") for i, p in enumerate(parts)))

    def remove(self, cards: Mapping[str, int]) -> Shoe:
        """The shoe after ``cards`` (rank -> number) have been dealt."""
        c = dict(zip(RANKS, self.counts, strict=True))
        for k, n in cards.items():
            r = _rank_key(k)
            if r not in c:
                raise GameError(f"unknown rank {k!r} (ranks are {', '.join(RANKS)})")
            if n < 0 or n > c[r]:
                raise GameError(f"cannot remove {n} cards of rank {r}: the shoe holds {c[r]}")
            c[r] -= n
        return Shoe(tuple(c[r] for r in RANKS))

    @property
    def size(self) -> int:
        """Number of cards N."""
        return sum(self.counts)

    @property
    def values(self) -> tuple[int, ...]:
        """Number of cards of each value 0..9."""
        v = [0] * 10
        for r, n in zip(RANKS, self.counts, strict=True):
            v[RANK_VALUE[r]] += n
        return tuple(v)

    @property
    def full_decks(self) -> int | None:
        """d if this is a full d-deck shoe, else None."""
        c = self.counts[0]
        return c // 4 if c > 0 and c % 4 == 0 and all(n == c for n in self.counts) else None

    def as_dict(self) -> dict[str, int]:
        return dict(zip(RANKS, self.counts, strict=True))


def _rank_key(k: object) -> str:
    s = str(k).strip().upper()
    return {"T": "10", "1": "A", "ACE": "A"}.get(s, s)


def _parse_count(v: str, what: str) -> int:
    t = v.strip()
    if not t.lstrip("+").isdigit():
        raise GameError(f"card count for {what.strip()} must be a non-negative integer, got {v.strip()!r}")
    return int(t)


# ---------------------------------------------------------------------- final states


@dataclass(frozen=True)
class Coup:
    """The final state of a coup: totals, numbers of cards, and the two pair flags."""

    player_total: int
    player_cards: int
    banker_total: int
    banker_cards: int
    player_pair: bool
    banker_pair: bool

    @property
    def winner(self) -> str:
        """``"player"``, ``"banker"`` or ``"tie"``."""
        if self.player_total > self.banker_total:
            return "player"
        if self.banker_total > self.player_total:
            return "banker"
        return "tie"


def state_index(pc: int, pt: int, bc: int, bt: int, pp: int, bp: int) -> int:
    """Index 0..1599 of a final state (cards 2/3, totals 0–9, pair flags 0/1)."""
    return ((((pc - 2) * 10 + pt) * 2 + (bc - 2)) * 10 + bt) * 4 + pp * 2 + bp


#: All 1600 final states, indexed by :func:`state_index`.
STATES: tuple[Coup, ...] = tuple(
    Coup(pt, pc, bt, bc, bool(pp), bool(bp))
    for pc in (2, 3)
    for pt in range(10)
    for bc in (2, 3)
    for bt in range(10)
    for pp in (0, 1)
    for bp in (0, 1)
)


@dataclass(frozen=True)
class CoupDistribution:
    """Exact counts of the final states over ``denominator`` (ordered 6-card deals × strategy denominators)."""

    counts: tuple[int, ...]
    denominator: int
    shoe: Shoe

    def probability(self, event: Callable[[Coup], bool]) -> Fraction:
        """P(event) for a predicate on the final state."""
        num = sum(n for n, s in zip(self.counts, STATES, strict=True) if n and event(s))
        return Fraction(num, self.denominator)

    def count(self, event: Callable[[Coup], bool]) -> int:
        """Numerator of :meth:`probability` over :attr:`denominator`."""
        return sum(n for n, s in zip(self.counts, STATES, strict=True) if n and event(s))

    def expectation(self, payout: Callable[[Coup], object]) -> Fraction:
        """E[payout(final state)], exactly."""
        return _moment(self, payout, 1)

    @property
    def outcome_counts(self) -> dict[str, int]:
        """Counts of Banker wins, Player wins and ties over :attr:`denominator`."""
        out = {"banker": 0, "player": 0, "tie": 0}
        for n, s in zip(self.counts, STATES, strict=True):
            if n:
                out[s.winner] += n
        return out

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """P(Banker wins), P(Player wins), P(tie)."""
        return {k: Fraction(v, self.denominator) for k, v in self.outcome_counts.items()}


def _moment(dist: CoupDistribution, payout: Callable[[Coup], object], power: int) -> Fraction:
    grouped: dict[Fraction, int] = {}
    for n, s in zip(dist.counts, STATES, strict=True):
        if n:
            x = to_fraction(payout(s), "bet payout")
            grouped[x] = grouped.get(x, 0) + n
    return sum((x**power * n for x, n in grouped.items()), Fraction(0)) / dist.denominator


# ------------------------------------------------------------------ the enumerator


def _integer_table(table: np.ndarray) -> tuple[np.ndarray, int]:
    """Fractions -> (integer numerators as int64 or object, common denominator)."""
    import numpy as np

    den = 1
    for x in table.flat:
        den = math.lcm(den, Fraction(x).denominator)
    nums = np.array([int(Fraction(x) * den) for x in table.flat], dtype=object).reshape(table.shape)
    return nums, den


def _opening_weights(shoe: Shoe, dtype: type) -> np.ndarray:
    """Ordered counts of the openings (P1, B1, P2, B2), by value tuple and pair class.

    Returns W of shape (10⁴, 4): W[t, 2·pp + bp] for value tuple t = 1000·v1 + 100·v2 +
    10·v3 + v4, summed over the rank tuples with those values, split by whether Player's
    (P1, P2) and Banker's (B1, B2) cards are of the same rank.
    """
    import numpy as np

    c = np.array(shoe.counts, dtype=dtype)
    r = np.indices((13, 13, 13, 13)).reshape(4, -1)
    r1, r2, r3, r4 = r
    w = (
        c[r1]
        * (c[r2] - (r2 == r1))
        * (c[r3] - (r3 == r1) - (r3 == r2))
        * (c[r4] - (r4 == r1) - (r4 == r2) - (r4 == r3))
    )
    keep = w != 0
    v = np.array(_RANK_VALUES, dtype=np.int64)[r[:, keep]]
    t = ((v[0] * 10 + v[1]) * 10 + v[2]) * 10 + v[3]
    cls = 2 * (r1[keep] == r3[keep]) + (r2[keep] == r4[keep])
    out = np.zeros(10**4 * 4, dtype=dtype)
    np.add.at(out, t * 4 + cls, w[keep])
    return out.reshape(10**4, 4)


def _enumerate(
    shoe: Shoe,
    pnum: np.ndarray,
    pden: int,
    bnum: np.ndarray,
    bden: int,
) -> CoupDistribution:
    """Exact final-state counts for Player table pnum/pden[v1, v3] and Banker bnum/bden[v2, v4, k]."""
    import numpy as np

    n_cards = shoe.size
    if n_cards < 6:
        raise GameError(f"a coup may need 6 cards but the shoe holds only {n_cards}")
    denominator = falling(n_cards, 6) * pden * bden
    dtype: type = np.int64 if denominator < _INT64_SAFE else object
    pnum = pnum.astype(dtype)
    bnum = bnum.astype(dtype)
    scalar = np.int64 if dtype is np.int64 else int
    n4, n5 = scalar(n_cards - 4), scalar(n_cards - 5)
    pden_, bden_ = scalar(pden), scalar(bden)

    W = _opening_weights(shoe, dtype)
    t = np.flatnonzero(W.sum(axis=1) != 0)
    v1, v2, v3, v4 = t // 1000, t // 100 % 10, t // 10 % 10, t % 10
    pt, bt = (v1 + v3) % 10, (v2 + v4) % 10
    nval = np.array(shoe.values, dtype=dtype)
    digits = np.arange(10)
    used4 = (
        (v1[:, None] == digits).astype(np.int64)
        + (v2[:, None] == digits)
        + (v3[:, None] == digits)
        + (v4[:, None] == digits)
    )
    avail4 = nval[None, :] - used4.astype(dtype)  # (T, 10): cards of each value left after the opening

    leaf_t: list[np.ndarray] = []
    leaf_s: list[np.ndarray] = []
    leaf_w: list[np.ndarray] = []

    def add(tt: np.ndarray, ss: np.ndarray, ww: np.ndarray) -> None:
        keep = ww != 0
        leaf_t.append(tt[keep].ravel())
        leaf_s.append(ss[keep].ravel())
        leaf_w.append(ww[keep].ravel())

    def sidx(pc: int, ptot: np.ndarray, bc: int, btot: np.ndarray) -> np.ndarray:
        return (((pc - 2) * 10 + ptot) * 2 + (bc - 2)) * 10 + btot

    natural = (pt >= 8) | (bt >= 8)
    idx = np.arange(len(t))
    nat = idx[natural]
    add(nat, sidx(2, pt[nat], 2, bt[nat]), np.full(len(nat), n4 * n5 * pden_ * bden_, dtype=dtype))

    nn = idx[~natural]
    pd = pnum[v1[nn], v3[nn]]
    ps = pden_ - pd
    # Player stands; Banker decides on k = ∅
    bd = bnum[v2[nn], v4[nn], K_STOOD]
    bs = bden_ - bd
    add(nn, sidx(2, pt[nn], 2, bt[nn]), ps * bs * n4 * n5)
    w6 = (ps * bd * n5)[:, None] * avail4[nn]  # (.., v6)
    add(
        np.broadcast_to(nn[:, None], w6.shape),
        sidx(2, pt[nn][:, None], 3, (bt[nn][:, None] + digits) % 10),
        w6,
    )
    # Player draws v5; Banker decides on k = v5
    w5 = pd[:, None] * avail4[nn]  # (.., v5)
    pt3 = (pt[nn][:, None] + digits) % 10
    bd5 = bnum[v2[nn][:, None], v4[nn][:, None], digits[None, :]]
    bs5 = bden_ - bd5
    tt5 = np.broadcast_to(nn[:, None], w5.shape)
    add(tt5, sidx(3, pt3, 2, np.broadcast_to(bt[nn][:, None], w5.shape)), w5 * bs5 * n5)
    avail5 = avail4[nn][:, None, :] - (digits[:, None] == digits[None, :])[None, :, :].astype(dtype)
    w56 = (w5 * bd5)[:, :, None] * avail5  # (.., v5, v6)
    add(
        np.broadcast_to(nn[:, None, None], w56.shape),
        sidx(3, np.broadcast_to(pt3[:, :, None], w56.shape), 3, (bt[nn][:, None, None] + digits) % 10),
        w56,
    )

    lt = np.concatenate(leaf_t)
    ls = np.concatenate(leaf_s)
    lw = np.concatenate(leaf_w)
    Wt = W[t]  # (T, 4) weights of the surviving openings
    contrib = lw[:, None] * Wt[lt]  # (L, 4)
    out = np.zeros(1600, dtype=dtype)
    np.add.at(out, (ls[:, None] * 4 + np.arange(4)).ravel(), contrib.ravel())
    counts = tuple(int(x) for x in out)
    if sum(counts) != denominator:  # every ordered deal is counted exactly once
        raise AssertionError("enumeration lost mass: internal error")
    return CoupDistribution(counts, denominator, shoe)


def coup_distribution(shoe: Shoe | int = 8) -> CoupDistribution:
    """Exact distribution of punto banco's final state for a shoe (or a deck count)."""
    import numpy as np

    from games.baccara.rules.drawing import PB_BANKER_DRAWS, PB_PLAYER_DRAWS

    if not isinstance(shoe, Shoe):
        shoe = Shoe.decks(shoe)
    pnum = np.array([[PB_PLAYER_DRAWS[(a + b) % 10] for b in range(10)] for a in range(10)], dtype=np.int64)
    bnum = np.array(
        [[PB_BANKER_DRAWS[(a + b) % 10] for b in range(10)] for a in range(10)], dtype=np.int64
    )
    return _enumerate(shoe, pnum, 1, bnum, 1)


def chemin_de_fer_expectation(
    player_strategy: Mapping[str, object],
    banker_strategy: Mapping[str, object],
    decks: int | Shoe = 6,
    alpha: object = Fraction(1, 20),
) -> dict[str, Fraction]:
    """Exact expected payoffs when Player and Banker draw with the given probabilities.

    Strategies are maps from information-set labels to draw probabilities (see
    :func:`games.baccara.rules.drawing.player_draw_table` / :func:`banker_draw_table`). Banker
    receives 1 − α on a Banker win, 0 on a tie, −1 on a loss (the papers' f); Player
    receives +1 / 0 / −1. Cards are dealt without replacement from ``decks`` (a deck count
    for a full shoe, the paper's Model B, or a :class:`Shoe`).
    """
    a = to_fraction(alpha, "commission alpha")
    if not 0 <= a < 1:
        raise GameError(f"commission alpha must satisfy 0 <= alpha < 1, got {a}")
    shoe = decks if isinstance(decks, Shoe) else Shoe.decks(decks)
    pnum, pden = _integer_table(player_draw_table(player_strategy))
    bnum, bden = _integer_table(banker_draw_table(banker_strategy))
    dist = _enumerate(shoe, pnum, pden, bnum, bden)
    c = dist.outcome_counts
    D = dist.denominator
    return {
        "player": Fraction(c["player"] - c["banker"], D),
        "banker": Fraction(c["banker"], D) * (1 - a) - Fraction(c["player"], D),
        "p_banker": Fraction(c["banker"], D),
        "p_player": Fraction(c["player"], D),
        "p_tie": Fraction(c["tie"], D),
    }


# ----------------------------------------------------------------------------- bets


@dataclass(frozen=True)
class Bet:
    """A wager: its net gain per unit staked as a function of the coup's final state.

    ``payout(coup)`` returns e.g. ``Fraction(19, 20)`` for a won Banker bet, ``0`` for a
    push, ``-1`` for a loss. Extend the table by making new ``Bet`` objects.
    """

    name: str
    description: str
    payout: Callable[[Coup], Fraction] = field(compare=False)


_LOSS, _PUSH, _EVEN = Fraction(-1), Fraction(0), Fraction(1)  # shared results of the payouts


MAX_PAYOUT = 10**9
"""Largest payout (X to 1) a bet may have: far above any casino's, and small enough that
every return still has a float form."""


def _pays(x: object, what: str) -> Fraction:
    f = to_fraction(x, what)
    if f <= 0:
        raise GameError(f"{what} must be positive, got {f}")
    if f > MAX_PAYOUT:
        raise GameError(f"{what} must be at most {MAX_PAYOUT:,} to 1, got {x}")
    return f


def _ratio(x: Fraction) -> str:
    """``8`` -> ``"8"``, ``17/2`` -> ``"8.5"``, ``1/3`` -> ``"1/3"``."""
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        return format(float(x), "g") if len(repr(float(x))) < 12 else f"{x.numerator}/{x.denominator}"
    return f"{x.numerator}/{x.denominator}"


def banker_bet(commission: object = Fraction(1, 20), name: str | None = None) -> Bet:
    """Banker: wins 1 − commission, loses 1, ties push."""
    c = to_fraction(commission, "commission")
    if not 0 <= c < 1:
        raise GameError(f"commission must satisfy 0 <= commission < 1, got {c}")
    win = 1 - c

    def pay(s: Coup) -> Fraction:
        w = s.winner
        return win if w == "banker" else _LOSS if w == "player" else _PUSH

    return Bet(name or f"banker_commission_{_ratio(c)}", f"Banker, {_ratio(c * 100)}% commission on wins", pay)


def player_bet(pays: object = 1, name: str | None = None) -> Bet:
    """Player: wins ``pays`` to 1, loses 1, ties push."""
    p = _pays(pays, "Player payout")

    def pay(s: Coup) -> Fraction:
        w = s.winner
        return p if w == "player" else _LOSS if w == "banker" else _PUSH

    return Bet(name or f"player_{_ratio(p)}_to_1", f"Player, pays {_ratio(p)} to 1, ties push", pay)


def tie_bet(pays: object = 8, name: str | None = None) -> Bet:
    """Tie: wins ``pays`` to 1 on a tie, otherwise loses."""
    p = _pays(pays, "tie payout")
    return Bet(
        name or f"tie_{_ratio(p)}_to_1",
        f"Tie, pays {_ratio(p)} to 1",
        lambda s: p if s.winner == "tie" else _LOSS,
    )


def pair_bet(hand: str, pays: object = 11, name: str | None = None) -> Bet:
    """Player pair / Banker pair: the hand's first two cards are of the same rank."""
    if hand not in ("player", "banker"):
        raise GameError(f"pair bet hand must be 'player' or 'banker', got {hand!r}")
    p = _pays(pays, "pair payout")
    attr = f"{hand}_pair"
    return Bet(
        name or f"{hand}_pair_{_ratio(p)}_to_1",
        f"{hand.capitalize()} pair (first two cards of one rank), pays {_ratio(p)} to 1",
        lambda s: p if getattr(s, attr) else _LOSS,
    )


def either_pair_bet(pays: object = 5, name: str | None = None) -> Bet:
    """Either pair: Player's or Banker's first two cards (or both) form a pair."""
    p = _pays(pays, "either-pair payout")
    return Bet(
        name or f"either_pair_{_ratio(p)}_to_1",
        f"Either pair (Player or Banker), pays {_ratio(p)} to 1",
        lambda s: p if (s.player_pair or s.banker_pair) else _LOSS,
    )


def super6_bet(six_pays: object = Fraction(1, 2), name: str | None = None) -> Bet:
    """No-commission Banker (Super 6 / Punto 2000): even money, a Banker win on 6 pays ``six_pays``."""
    p = _pays(six_pays, "Super 6 payout")

    def pay(s: Coup) -> Fraction:
        w = s.winner
        if w == "banker":
            return p if s.banker_total == 6 else _EVEN
        return _LOSS if w == "player" else _PUSH

    return Bet(
        name or f"banker_no_commission_super6_{_ratio(p)}",
        f"No-commission Banker: even money, a win on 6 pays {_ratio(p)} to 1",
        pay,
    )


def ez_banker_bet(name: str = "ez_banker") -> Bet:
    """EZ Baccarat Banker: even money, push when Banker wins with a three-card 7."""

    def pay(s: Coup) -> Fraction:
        w = s.winner
        if w == "banker":
            return _PUSH if (s.banker_total == 7 and s.banker_cards == 3) else _EVEN
        return _LOSS if w == "player" else _PUSH

    return Bet(name, "EZ Baccarat Banker: even money, push on a three-card Banker 7 win", pay)


def dragon7_bet(pays: object = 40, name: str | None = None) -> Bet:
    """EZ Baccarat Dragon 7: Banker wins with a three-card 7."""
    p = _pays(pays, "Dragon 7 payout")
    return Bet(
        name or f"ez_dragon7_{_ratio(p)}_to_1",
        f"Dragon 7 (Banker wins with a three-card 7), pays {_ratio(p)} to 1",
        lambda s: p if (s.winner == "banker" and s.banker_total == 7 and s.banker_cards == 3) else _LOSS,
    )


def panda8_bet(pays: object = 25, name: str | None = None) -> Bet:
    """EZ Baccarat Panda 8: Player wins with a three-card 8."""
    p = _pays(pays, "Panda 8 payout")
    return Bet(
        name or f"ez_panda8_{_ratio(p)}_to_1",
        f"Panda 8 (Player wins with a three-card 8), pays {_ratio(p)} to 1",
        lambda s: p if (s.winner == "player" and s.player_total == 8 and s.player_cards == 3) else _LOSS,
    )


def standard_bets() -> dict[str, Bet]:
    """The contract's bets, under their contract names, with the usual payouts."""
    bets = [
        banker_bet(Fraction(1, 20), name="banker"),
        player_bet(1, name="player"),
        tie_bet(8),
        tie_bet(9),
        pair_bet("player", 11),
        pair_bet("banker", 11),
        either_pair_bet(5),
        super6_bet(Fraction(1, 2), name="banker_no_commission_super6"),
        ez_banker_bet(),
        dragon7_bet(40),
        panda8_bet(25),
    ]
    return {b.name: b for b in bets}


#: The contract's bet table (name -> Bet).
STANDARD_BETS: dict[str, Bet] = standard_bets()


@dataclass(frozen=True)
class BetReturn:
    """Exact expected net gain per unit staked, its variance, and P(win)/P(push)."""

    name: str
    description: str
    expected: Fraction
    variance: Fraction
    p_win: Fraction
    p_push: Fraction

    @property
    def house_edge(self) -> Fraction:
        return -self.expected


def bet_return(dist: CoupDistribution, bet: Bet) -> BetReturn:
    """Exact return of ``bet`` under ``dist``."""
    grouped: dict[Fraction, int] = {}
    for n, s in zip(dist.counts, STATES, strict=True):
        if n:
            x = to_fraction(bet.payout(s), f"payout of bet {bet.name}")
            grouped[x] = grouped.get(x, 0) + n
    D = dist.denominator
    m1 = sum((x * n for x, n in grouped.items()), Fraction(0)) / D
    m2 = sum((x * x * n for x, n in grouped.items()), Fraction(0)) / D
    return BetReturn(
        bet.name,
        bet.description,
        m1,
        m2 - m1 * m1,
        Fraction(sum(n for x, n in grouped.items() if x > 0), D),
        Fraction(sum(n for x, n in grouped.items() if x == 0), D),
    )


@dataclass(frozen=True)
class HouseEdge:
    """Exact odds of a shoe: outcome probabilities and the return of every bet."""

    shoe: Shoe
    distribution: CoupDistribution
    bets: dict[str, BetReturn]

    @property
    def probabilities(self) -> dict[str, Fraction]:
        return self.distribution.probabilities


def house_edge(
    decks: int = 8,
    bets: Mapping[str, Bet] | Iterable[Bet] | None = None,
    shoe: Shoe | None = None,
) -> HouseEdge:
    """Exact probabilities and expected returns for a full ``decks``-deck shoe or a given ``shoe``."""
    shoe = shoe if shoe is not None else Shoe.decks(decks)
    if bets is None:
        table = STANDARD_BETS
    elif isinstance(bets, Mapping):
        table = dict(bets)
    else:
        table = {b.name: b for b in bets}
    dist = coup_distribution(shoe)
    return HouseEdge(shoe, dist, {name: bet_return(dist, b) for name, b in table.items()})
