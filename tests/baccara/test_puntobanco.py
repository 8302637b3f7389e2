"""Exact punto banco odds (games.baccara.casino.odds).

Checked facts:
* exact final-state counts equal a brute force over every ordering of small shoes
  (independent dealing code below, rules as in Wikipedia's bullet list);
* the R package README's published returns for 6 and 8 decks, to every printed digit;
* published house edges: banker 1.0579%, player 1.2351%, tie 14.36% (8 decks);
  Wikipedia's 1.06% / 1.24% / 14.4% / 4.85% and Super 6's 1.46%, "commission increased
  by 17.45% to 5.87%";
* identities: probabilities sum to 1, counts sum to (N)_6, pair probabilities in closed form;
* chemin de fer expectations equal a brute force with mixed strategies on a small shoe.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.baccara.casino.odds as pb
from gamekit.core.errors import GameError
from games.baccara.cards import RANK_VALUE, RANKS, falling
from games.baccara.casino.odds import (
    STANDARD_BETS,
    Bet,
    Shoe,
    banker_bet,
    bet_return,
    chemin_de_fer_expectation,
    coup_distribution,
    house_edge,
    state_index,
    tie_bet,
)
from games.baccara.rules.drawing import PUNTO_BANCO_BANKER, PUNTO_BANCO_PLAYER, banker_rule


def _banker_draws(bt: int, third: int | None) -> bool:
    """Wikipedia's bullet list for the Banker."""
    if third is None:
        return bt <= 5
    return (
        bt <= 2
        or (bt == 3 and third != 8)
        or (bt == 4 and 2 <= third <= 7)
        or (bt == 5 and 4 <= third <= 7)
        or (bt == 6 and third in (6, 7))
    )


def _play(cards: list[str]) -> int:
    """Deal one coup from the top of ``cards`` (ranks); return its state index."""
    def tot(h: list[str]) -> int:
        return sum(RANK_VALUE[c] for c in h) % 10

    P, B, i = [cards[0], cards[2]], [cards[1], cards[3]], 4
    if tot(P) < 8 and tot(B) < 8:
        third = None
        if tot(P) <= 5:
            P.append(cards[i])
            i += 1
            third = RANK_VALUE[P[2]]
        if _banker_draws(tot(B), third):
            B.append(cards[i])
    return state_index(len(P), tot(P), len(B), tot(B), int(P[0] == P[1]), int(B[0] == B[1]))


def _brute_force(cards: list[str]) -> Counter:
    """Counts of final states over all ordered 6-card deals from the shoe ``cards``."""
    c: Counter = Counter()
    for perm in itertools.permutations(range(len(cards)), 6):
        c[_play([cards[j] for j in perm])] += 1
    return c


@pytest.mark.parametrize(
    "cards",
    [
        ["3", "2", "5", "2", "J", "J", "10", "4"],  # zero-value pairs of different ranks
        ["A", "A", "A", "K", "K", "Q", "7", "6", "9"],
        ["5", "5", "5", "5", "5", "5"],  # every coup is a tie of two pairs
    ],
)
def test_brute_force_small_shoes(cards: list[str]) -> None:
    dist = coup_distribution(Shoe.from_ranks(Counter(cards)))
    assert dist.denominator == falling(len(cards), 6)
    bf = _brute_force(cards)
    assert [dist.counts[s] for s in range(1600)] == [bf.get(s, 0) for s in range(1600)]


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(RANKS), min_size=6, max_size=8))
def test_brute_force_random_small_shoes(cards: list[str]) -> None:
    dist = coup_distribution(Shoe.from_ranks(Counter(cards)))
    bf = _brute_force(cards)
    assert all(dist.counts[s] == bf.get(s, 0) for s in range(1600))


def test_eight_decks_denominator_and_sums() -> None:
    dist = coup_distribution(8)
    assert dist.denominator == 4_998_398_275_503_360 == falling(416, 6)
    assert sum(dist.counts) == dist.denominator
    assert sum(dist.probabilities.values()) == 1


# The R package README ("Expected theoretical returns"), printed digits.
R_README = {
    8: {"banker": "-0.010579", "player": "-0.012351", "player_pair_11_to_1": "-0.103614",
        "banker_pair_11_to_1": "-0.103614", "either_pair_5_to_1": "-0.137099", "tie_8_to_1": "-0.143596"},
    6: {"banker": "-0.010558", "player": "-0.012374", "player_pair_11_to_1": "-0.11254",
        "banker_pair_11_to_1": "-0.11254", "either_pair_5_to_1": "-0.145365", "tie_8_to_1": "-0.144382"},
}


@pytest.mark.parametrize("decks", [8, 6])
def test_r_readme_returns_to_every_printed_digit(decks: int) -> None:
    he = house_edge(decks)
    for name, printed in R_README[decks].items():
        places = len(printed.split(".")[1])
        assert round(he.bets[name].expected, places) == Fraction(printed), name


def _pct(x: Fraction, places: int) -> Fraction:
    return round(-100 * x, places)


def test_published_house_edges_eight_decks() -> None:
    he = house_edge(8)
    b = {k: v.expected for k, v in he.bets.items()}
    assert _pct(b["banker"], 4) == Fraction("1.0579")
    assert _pct(b["player"], 4) == Fraction("1.2351")
    assert _pct(b["tie_8_to_1"], 2) == Fraction("14.36")
    # Wikipedia's table and "Super 6" paragraph
    assert _pct(b["banker"], 2) == Fraction("1.06") and _pct(b["banker"], 3) == Fraction("1.058")
    assert _pct(b["player"], 2) == Fraction("1.24")
    assert _pct(b["tie_8_to_1"], 1) == Fraction("14.4")
    # Wikipedia: "approximately 4.85%"; the exact edge is 4.8440% (it rounds to 4.84)
    assert _pct(b["tie_9_to_1"], 4) == Fraction("4.8440")
    assert abs(-100 * b["tie_9_to_1"] - Fraction("4.85")) < Fraction(1, 100)
    assert _pct(b["banker_no_commission_super6"], 2) == Fraction("1.46")
    p = he.probabilities
    c = (p["banker"] - p["player"] - b["banker_no_commission_super6"]) / p["banker"]  # equivalent commission
    assert round(100 * c, 2) == Fraction("5.87")
    assert round(100 * (c / Fraction(1, 20) - 1), 2) == Fraction("17.45")


def test_bet_identities() -> None:
    he = house_edge(8)
    p = he.probabilities
    b = {k: v.expected for k, v in he.bets.items()}
    assert b["player"] == p["player"] - p["banker"]
    assert b["banker"] == Fraction(19, 20) * p["banker"] - p["player"]
    assert b["tie_8_to_1"] == 9 * p["tie"] - 1 and b["tie_9_to_1"] == 10 * p["tie"] - 1
    assert b["player_pair_11_to_1"] == b["banker_pair_11_to_1"]  # exchangeability
    assert he.bets["banker"].p_push == p["tie"]
    assert 0 < he.bets["banker"].variance < 1
    assert b["ez_banker"] > b["banker"]  # EZ's push costs less than 5% commission here
    assert b["banker_no_commission_super6"] < b["banker"]


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 9), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6))
def test_pair_probabilities_closed_form(counts: list[int]) -> None:
    shoe = Shoe(tuple(counts))
    dist = coup_distribution(shoe)
    N = shoe.size
    pair = Fraction(sum(n * (n - 1) for n in counts), N * (N - 1))
    assert dist.probability(lambda s: s.player_pair) == pair
    assert dist.probability(lambda s: s.banker_pair) == pair
    # P(both pairs) = [Σ_{r≠s} n_r(n_r−1) n_s(n_s−1) + Σ_r (n_r)_4] / (N)_4
    both_direct = Fraction(
        sum(counts[r] * (counts[r] - 1) * counts[s] * (counts[s] - 1) for r in range(13) for s in range(13) if r != s)
        + sum(falling(n, 4) for n in counts),
        falling(N, 4),
    )
    assert dist.probability(lambda s: s.player_pair and s.banker_pair) == both_direct
    assert sum(dist.probabilities.values()) == 1


def test_object_path_equals_int64_path(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = coup_distribution(2)
    monkeypatch.setattr(pb, "_INT64_SAFE", 0)  # force Python integers
    slow = coup_distribution(2)
    assert fast.counts == slow.counts and fast.denominator == slow.denominator


def test_large_shoe_uses_exact_big_integers() -> None:
    dist = coup_distribution(40)  # (2080)_6 > 2^63
    assert dist.denominator == falling(2080, 6) > 2**63
    assert sum(dist.counts) == dist.denominator


def test_partial_shoe_and_card_counting() -> None:
    full = Shoe.decks(1)
    fives_gone = full.remove({"5": 4})
    assert fives_gone.size == 48 and fives_gone.values[5] == 0
    he_full, he_gone = house_edge(shoe=full), house_edge(shoe=fives_gone)
    # no fives left: no Player hand can reach 5 by a two-card 0+5, so the odds move
    assert he_full.bets["banker"].expected != he_gone.bets["banker"].expected
    assert sum(he_gone.probabilities.values()) == 1
    assert Shoe.parse("A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,10=4,J=4,Q=4,K=4") == full
    assert Shoe.parse(",".join(["4"] * 13)) == full
    assert full.full_decks == 1 and fives_gone.full_decks is None


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Shoe((4,) * 12), "13 rank counts"),
        (lambda: Shoe((4,) * 12 + (-1,)), "non-negative"),
        (lambda: Shoe.parse("A=4,Z=3"), "unknown rank"),
        (lambda: Shoe.parse("A=4,3"), "not a mixture"),
        (lambda: Shoe.parse("A=x"), "non-negative integer"),
        (lambda: Shoe.decks(1).remove({"5": 5}), "cannot remove 5"),
        (lambda: coup_distribution(Shoe.from_ranks({"A": 5})), "only 5"),
        (lambda: Shoe.decks(0), "at least 1"),
        (lambda: tie_bet(-8), "positive"),
        (lambda: banker_bet(1), "commission"),
    ],
)
def test_bad_input(make, message: str) -> None:
    with pytest.raises(GameError, match=message):
        make()


def test_payouts_are_parameters_and_table_extends() -> None:
    dist = coup_distribution(8)
    p = dist.probabilities
    assert bet_return(dist, tie_bet(10)).expected == 11 * p["tie"] - 1
    assert bet_return(dist, banker_bet(0)).expected == p["banker"] - p["player"]
    natural9 = Bet("player_natural_9", "Player has a natural 9, pays 10 to 1",
                   lambda s: Fraction(10) if (s.player_cards == 2 and s.player_total == 9) else Fraction(-1))
    he = house_edge(8, bets=[*STANDARD_BETS.values(), natural9])
    assert "player_natural_9" in he.bets
    q = dist.probability(lambda s: s.player_cards == 2 and s.player_total == 9)
    assert he.bets["player_natural_9"].expected == 11 * q - 1


# --- chemin de fer expectations -----------------------------------------------------------
def test_chemin_de_fer_with_punto_banco_rules_equals_house_edge() -> None:
    alpha = Fraction(1, 20)
    ex = chemin_de_fer_expectation(PUNTO_BANCO_PLAYER, PUNTO_BANCO_BANKER, 8, alpha)
    he = house_edge(8)
    assert ex["banker"] == he.bets["banker"].expected
    assert ex["player"] == he.bets["player"].expected


def _brute_force_cdf(cards: list[str], p5: Fraction, bank: dict[str, Fraction], alpha: Fraction) -> tuple:
    """Exact E[Player], E[Banker] by brute force, Player drawing on 5 with probability p5."""
    def tot(h: list[str]) -> int:
        return sum(RANK_VALUE[c] for c in h) % 10

    ep = eb = Fraction(0)
    n = 0
    for perm in itertools.permutations(range(len(cards)), 6):
        c = [cards[j] for j in perm]
        n += 1
        P, B = [c[0], c[2]], [c[1], c[3]]
        pt, bt = tot(P), tot(B)
        branches = []  # (probability, final player total, final banker total)
        if pt >= 8 or bt >= 8:
            branches.append((Fraction(1), pt, bt))
        else:
            pd = Fraction(1) if pt <= 4 else p5 if pt == 5 else Fraction(0)
            for pdraw, pw in ((True, pd), (False, 1 - pd)):
                if pw == 0:
                    continue
                k = RANK_VALUE[c[4]] if pdraw else None
                ptf = (pt + k) % 10 if pdraw else pt
                q = bank[f"{bt}:{'-' if k is None else k}"]
                nxt = c[5] if pdraw else c[4]
                for bdraw, bw in ((True, q), (False, 1 - q)):
                    if bw:
                        branches.append((pw * bw, ptf, (bt + RANK_VALUE[nxt]) % 10 if bdraw else bt))
        for w, a, b in branches:
            ep += w * (1 if a > b else -1 if a < b else 0)
            eb += w * ((1 - alpha) if b > a else -1 if b < a else 0)
    return ep / n, eb / n


def test_chemin_de_fer_expectation_brute_force_mixed() -> None:
    cards = ["A", "5", "5", "10", "K", "3", "6", "2", "4"]
    alpha = Fraction(1, 20)
    bank = {k: Fraction(v) for k, v in banker_rule("DSDD").items()}
    bank["6:-"] = Fraction(859, 2288)
    bank["5:4"] = Fraction(1, 3)
    p5 = Fraction(9, 11)
    ex = chemin_de_fer_expectation({"5": p5}, bank, Shoe.from_ranks(Counter(cards)), alpha)
    ep, eb = _brute_force_cdf(cards, p5, bank, alpha)
    assert ex["player"] == ep and ex["banker"] == eb


def test_chemin_de_fer_expectation_validates() -> None:
    with pytest.raises(GameError, match="alpha"):
        chemin_de_fer_expectation({"5": 1}, PUNTO_BANCO_BANKER, 6, 1)
    with pytest.raises(GameError, match="total 5"):
        chemin_de_fer_expectation({}, PUNTO_BANCO_BANKER, 6)


@pytest.mark.parametrize("model", ["B1", "B2", "B3"])
def test_chemin_de_fer_expectation_equals_model_tables(model: str) -> None:
    """Cross-check against the independent counting engine of games.baccara.models.tables (Model B, d = 6)."""
    from games.baccara.infosets import player_infosets, total_of
    from games.baccara.models.tables import build_game

    alpha = Fraction(1, 20)
    game = build_game(model, 6, alpha)
    banker = {k: Fraction(v) for k, v in banker_rule("DSDD").items()}
    banker["6:-"] = Fraction(859, 2288)
    banker["5:4"] = Fraction(2, 7)
    if model != "B1":
        banker["33:6"] = Fraction(1, 3)
    y = []
    for lab in game.infosets:
        hand, _, k = lab.partition(":")
        y.append(banker.get(lab, banker.get(f"{total_of(hand)}:{k}")))
    fives = player_infosets(1 if model == "B1" else int(model[1]))
    u = len(game.rows) // 3  # some pure Player strategy, e.g. "D" or "SDSDD"
    row = game.rows[u]
    player = {lab: Fraction(int(ch == "D")) for lab, ch in zip(fives, row, strict=True)}
    ex = chemin_de_fer_expectation(player, banker, 6, alpha)
    assert ex["banker"] == game.b_behaviour(u, y)
    assert ex["player"] == game.a_behaviour(u, y)
