"""Baccara banque payoffs: Banker against two Player hands, stakes θ and 1 − θ.

Rules (S. N. Ethier and J. Lee, *On the three-person game baccara banque*, Games 6(2)
(2015) 57–78, Section 1; Wikipedia "Baccarat", *Baccarat banque*): Player 1, Player 2
and Banker each get two cards; 8 or 9 is a natural. If Banker or both Players have a
natural, play ends. If only one Player has a natural (Banker not), he wins his stake and
play continues between the other Player and Banker. A Player draws on 0–4, stands on
6–7 and chooses at 5 (p_i = probability of drawing at 5). Banker sees each Player's
state — natural ``N``, stood ``S`` or the value 0–9 of his face-up third card — and his
own total j ∈ 0..7 (Banker sees totals: the paper's simplifying assumption on one
player's information), then draws or stands once for his hand. Banker wins θ·r₁ +
(1 − θ)·r₂ with r_i = sign(Banker's total − Player i's total); the game is zero-sum.

Dealing: ``decks=None`` deals with replacement (card value v has probability 1/13 for
v = 1..9 and 4/13 for v = 0, the paper's assumption); ``decks=d`` deals without
replacement from a d-deck shoe (52d cards: 16d of value 0, 4d of each value 1..9), exact
counts over (52d)₉ from :mod:`games.baccara.banque.shoe` (docs/banque.md, "Without
replacement"). Banker still acts once per deal, so the game stays additive.

Banker's information sets l = (j, s₁, s₂) (not both naturals): 8 · (12² − 1) = 1144.
The team's four pure strategies (rows) are u = (a₁, a₂) ∈ {S, D}² ordered SS, SD, DS, DD.
For each row u and set l the payoffs are additive (Lemma 1 form) and split by hand:

    V_i[u][l] = (weighted E[r_i | l, Banker stands], weighted E[r_i | l, Banker draws]),

weighted by P(l | u). Banker's payoff is b = θ V₁ + (1 − θ) V₂ (+ the terminal base).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gamekit.additive import AdditiveGame
from gamekit.core import GameError, to_fraction
from games.baccara.cards import check_decks

__all__ = [
    "STATES",
    "ROWS",
    "BANKER_INFO",
    "BanqueTables",
    "banque_tables",
    "check_theta",
    "team_game",
    "infoset_label",
]

STATES = ("N", "S") + tuple(str(c) for c in range(10))
ROWS = ("SS", "SD", "DS", "DD")
BANKER_INFO = ("totals", "compositions")
_ZERO = Fraction(0)


def check_theta(theta: object) -> Fraction:
    """Validate θ: an exact rational with 0 < θ < 1."""
    t = to_fraction(theta, "theta")
    if not 0 < t < 1:
        raise GameError(f"theta must satisfy 0 < theta < 1, got {t}")
    return t


def infoset_label(j: int | str, s1: str, s2: str) -> str:
    """Banker's information set: his total (or composition "06"), Player 1's state, Player
    2's state ("5/4/S")."""
    return f"{j}/{s1}/{s2}"


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


@dataclass(frozen=True)
class BanqueTables:
    """The hand-split additive tables (see the module docstring), exact.

    ``infosets``: labels; ``V1``/``V2``: [row][set] → (stand, draw) weighted expectation of
    r₁ / r₂; ``base1``/``base2``: the terminal part (naturals) of E[r₁], E[r₂], the same for
    every row; ``prob[row][set]``: P(set | row).
    """

    infosets: tuple[str, ...]
    V1: tuple[tuple[tuple[Fraction, Fraction], ...], ...]
    V2: tuple[tuple[tuple[Fraction, Fraction], ...], ...]
    base1: Fraction
    base2: Fraction
    prob: tuple[tuple[Fraction, ...], ...]
    decks: int | None
    banker: str = "totals"


def _card_probs() -> tuple[Fraction, ...]:
    return (Fraction(4, 13),) + (Fraction(1, 13),) * 9


def _totals(card: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    t = [_ZERO] * 10
    for a in range(10):
        for b in range(10):
            t[(a + b) % 10] += card[a] * card[b]
    return tuple(t)


def _state_dist(state: str, action: str, total: tuple, card: tuple) -> list[tuple[int, Fraction]]:
    """(final total, probability) of a Player hand in ``state`` under action (at 5) — joint."""
    if state == "N":
        return [(t, total[t]) for t in (8, 9)]
    if state == "S":
        stands = (6, 7, 5) if action == "S" else (6, 7)
        return [(t, total[t]) for t in stands]
    c = int(state)
    draws = (0, 1, 2, 3, 4, 5) if action == "D" else (0, 1, 2, 3, 4)
    return [((t + c) % 10, total[t] * card[c]) for t in draws]


def _expect(state: str, action: str, j: int, move: int, total: tuple, card: tuple) -> Fraction:
    """Σ P(state, final | action) · E[sign(Banker final − final)]; Banker non-natural j."""
    if state == "N":
        return -(total[8] + total[9])
    out = _ZERO
    for f, pr in _state_dist(state, action, total, card):
        if move == 0:
            out += pr * _sign(j, f)
        else:
            out += pr * sum((card[c] * _sign((j + c) % 10, f) for c in range(10)), _ZERO)
    return out


def banque_tables(decks: object = None, banker: str = "totals") -> BanqueTables:
    """The additive tables of banque: with replacement for ``decks=None``, else without
    replacement from a ``decks``-deck shoe (an integer ≥ 1; ``GameError`` otherwise).
    ``banker="compositions"``: Banker sees the two values of his hand instead of its total
    (sets ``"06/S/4"``: 44 non-natural hands × 143 = 6292 sets). Cached."""
    if banker not in BANKER_INFO:
        raise GameError(f"banker sees {' or '.join(BANKER_INFO)}, got {banker!r}")
    return _tables(None if decks is None else check_decks(decks), banker)


@lru_cache(maxsize=8)
def _tables(decks: int | None, banker: str = "totals") -> BanqueTables:
    if decks is not None or banker != "totals":
        return _count_tables(decks, banker)
    card = _card_probs()
    total = _totals(card)
    pstate = {(s, a): sum((p for _, p in _state_dist(s, a, total, card)), _ZERO) for s in STATES for a in "SD"}
    E = {(s, a, j, mv): _expect(s, a, j, mv, total, card)
         for s in STATES for a in "SD" for j in range(8) for mv in (0, 1)}
    labels, V1, V2, prob = [], [[] for _ in ROWS], [[] for _ in ROWS], [[] for _ in ROWS]
    for j in range(8):
        for s1 in STATES:
            for s2 in STATES:
                if s1 == "N" and s2 == "N":
                    continue
                labels.append(infoset_label(j, s1, s2))
                for u, (a1, a2) in enumerate(ROWS):
                    q1, q2 = pstate[(s1, a1)], pstate[(s2, a2)]
                    V1[u].append(tuple(total[j] * E[(s1, a1, j, mv)] * q2 for mv in (0, 1)))
                    V2[u].append(tuple(total[j] * q1 * E[(s2, a2, j, mv)] for mv in (0, 1)))
                    prob[u].append(total[j] * q1 * q2)
    nat = total[8] + total[9]
    banker_nat = sum((total[j] * total[t] * _sign(j, t) for j in (8, 9) for t in range(10)), _ZERO)
    base = banker_nat - (1 - nat) * nat * nat
    return BanqueTables(tuple(labels), tuple(map(tuple, V1)), tuple(map(tuple, V2)), base, base,
                        tuple(map(tuple, prob)), None)


def _count_tables(d: int | None, banker: str) -> BanqueTables:
    """The tables from the exact counts of :mod:`games.baccara.banque.shoe` over the common
    denominator (52d)₉ (a d-deck shoe) or 13⁹ (with replacement, ``d=None``)."""
    from games.baccara.banque.shoe import banker_hands, shoe_counts_tables

    D, c = shoe_counts_tables(d, banker)
    V1, prob = c["V1"], c["prob"]
    labels: list[str] = []
    out1, out2, outp = [[] for _ in ROWS], [[] for _ in ROWS], [[] for _ in ROWS]
    for j, hand in enumerate(banker_hands(banker)[1]):
        for k1, s1 in enumerate(STATES):
            for k2, s2 in enumerate(STATES):
                if s1 == "N" and s2 == "N":
                    continue
                labels.append(infoset_label(hand, s1, s2))
                for u in range(4):
                    a1, a2 = divmod(u, 2)
                    out1[u].append(tuple(Fraction(int(v), D) for v in V1[a1][a2][j][k1][k2]))
                    # exchangeable positions: Player 2's table is Player 1's with the Players swapped
                    out2[u].append(tuple(Fraction(int(v), D) for v in V1[a2][a1][j][k2][k1]))
                    outp[u].append(Fraction(int(prob[a1][a2][j][k1][k2]), D))
    base = Fraction(c["base1"], D)
    return BanqueTables(tuple(labels), tuple(map(tuple, out1)), tuple(map(tuple, out2)), base, base,
                        tuple(map(tuple, outp)), d, banker)


def team_game(theta: object, decks: int | None = None, banker: str = "totals") -> AdditiveGame:
    """The zero-sum 4 × 2^1144 additive game: the team of Players (rows SS, SD, DS, DD,
    payoff −b) against Banker (payoff b = θ·r₁ + (1 − θ)·r₂); 4 × 2^6292 when Banker sees
    compositions."""
    t = check_theta(theta)
    tb = banque_tables(decks, banker)
    b_move = [[(t * v1[0] + (1 - t) * v2[0], t * v1[1] + (1 - t) * v2[1])
               for v1, v2 in zip(tb.V1[u], tb.V2[u])] for u in range(4)]
    b_base = [t * tb.base1 + (1 - t) * tb.base2] * 4
    a_move = [[(-w0, -w1) for w0, w1 in row] for row in b_move]
    return AdditiveGame(ROWS, tb.infosets, b_base, b_move, a_base=[-v for v in b_base], a_move=a_move,
                        prob=tb.prob, title=f"baccara banque team game, theta={t}")
