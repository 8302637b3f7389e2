"""Game-tree fixtures for the extensive-game tests: Kuhn poker and random trees with perfect recall."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from gamekit.extensive.game import Chance, ExtensiveGame, Leaf, Move

CARDS = "JQK"


def kuhn_poker(cards: int = 3) -> ExtensiveGame:
    """Kuhn (1950) poker: 3 cards, ante 1, one bet of 1. Player 1's value is -1/18.

    ``cards > 3``: the same game with a deck of ``cards`` ranked cards (a scaling family).
    """
    deck = CARDS if cards == 3 else [f"c{k}" for k in range(cards)]

    def show(c1: str, c2: str, stake: int) -> Leaf:
        s = stake if deck.index(c1) > deck.index(c2) else -stake
        return Leaf(s, -s)

    deals = {}
    for c1, c2 in itertools.permutations(deck, 2):
        after_check = Move(2, f"{c2}-check", {
            "check": show(c1, c2, 1),
            "bet": Move(1, f"{c1}-check-bet", {"fold": Leaf(-1, 1), "call": show(c1, c2, 2)}),
        })
        after_bet = Move(2, f"{c2}-bet", {"fold": Leaf(1, -1), "call": show(c1, c2, 2)})
        deals[f"{c1}{c2}"] = (Fraction(1, cards * (cards - 1)), Move(1, c1, {"check": after_check, "bet": after_bet}))
    return ExtensiveGame.from_tree(Chance(deals, "deal"), players=("Player 1", "Player 2"), title="Kuhn poker")


def random_tree(seed: int, max_depth: int = 4, max_moves: int = 3, payoff_range: int = 5,
                information: bool = True) -> ExtensiveGame:
    """A random two-player tree with perfect recall.

    Each decision node's information set is either new or, when ``information``, shared with
    an earlier node of the same player that has the same own history (so perfect recall
    holds by construction) and the same number of moves.
    """
    rng = random.Random(seed)
    pools: dict[tuple[int, tuple], list[tuple[str, int]]] = {}
    counter = itertools.count()

    def build(depth: int, hist: tuple[tuple, tuple]):
        if depth == 0 or (depth < max_depth and rng.random() < 0.25):
            return Leaf(rng.randint(-payoff_range, payoff_range), rng.randint(-payoff_range, payoff_range))
        kind = rng.random()
        if kind < 0.2:
            k = rng.randint(2, max_moves)
            weights = [rng.randint(1, 4) for _ in range(k)]
            total = sum(weights)
            return Chance({f"c{i}": (Fraction(w, total), build(depth - 1, hist)) for i, w in enumerate(weights)})
        player = 1 if kind < 0.6 else 2
        own = hist[player - 1]
        pool = pools.setdefault((player, own), [])
        if information and pool and rng.random() < 0.6:
            label, k = rng.choice(pool)
        else:
            k = rng.randint(2, max_moves)
            label = f"h{next(counter)}"
            pool.append((label, k))
        moves = {}
        for a in range(k):
            new = own + ((label, a),)
            nh = (new, hist[1]) if player == 1 else (hist[0], new)
            moves[f"m{a}"] = build(depth - 1, nh)
        return Move(player, label, moves)

    root = build(max_depth, ((), ()))
    if isinstance(root, Leaf):
        root = Move(1, "root", {"a": root, "b": Leaf(0, 0)})
    return ExtensiveGame.from_tree(root, title=f"random {seed}")
