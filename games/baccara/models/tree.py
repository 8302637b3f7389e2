"""The six chemin de fer models as game trees (:class:`gamekit.extensive.ExtensiveGame`).

:mod:`games.baccara.models.tables` writes each model as an additive m × 2ⁿ bimatrix game from
precomputed count polynomials. This module builds the same models a second, independent way —
straight from the dealing rules, as an extensive-form game through gamekit's public tree
literals (:class:`~gamekit.extensive.Chance`, :class:`~gamekit.extensive.Move`,
:class:`~gamekit.extensive.Leaf`) — so that the sequence form and Lemke's algorithm
(``gamekit.solve(tree)``) give an independent path to the papers' equilibria. It takes no
count or probability from ``tables``/``counts`` (only their input validation): every
probability is recomputed here from the shoe.

The tree of one coup (Ethier & Lee, *Baccara chemin de fer II*, section 1):

1. **Chance** deals Player's and Banker's first two cards (dealing order P, B, P, B).
   Deals ending in a natural (a two-card 8 or 9 in either hand) are three leaves
   ``natural: player wins`` / ``banker wins`` / ``tie``. Every other deal is a move
   ``"P<p> B<b>"`` where ``<b>`` is what Banker sees of his hand (his total ``"6"`` in
   Model 1, his composition ``"06"`` in Models 2–3) and ``<p>`` what matters of Player's: his
   composition where he chooses in Model 3 (``"05"``, ``"14"``, ``"23"``, ``"69"``, ``"78"``),
   otherwise his total (``"3"``).
2. **Player** draws on 0–4 and stands on 6–7 (no decision node); on 5 he chooses ``S``/``D``
   at his information set ``"5"`` (Models 1–2) or his composition (Model 3).
3. **Chance** deals Player's third card k (moves ``"0"`` … ``"9"``).
4. **Banker** chooses ``S``/``D`` at the information set ``"<b>:<k>"`` or ``"<b>:-"`` (Player
   stood) — the labels of ``docs/json.md`` — shared by every node with that label, so Banker
   knows exactly what the model lets him know.
5. If Banker draws, **chance** deals his third card; its values are merged into the three
   results ``player wins`` / ``banker wins`` / ``tie``. If he stands the result is known.

Payoffs (paper I (1), paper II (15)): Player +1 / −1 / 0; Banker −1 / 1 − α / 0.

**Exact aggregation.** Card sequences are merged wherever the merge changes no information
set and no expected payoff, which keeps the trees small: a chance move of the tree stands for
all the card sequences of its class (Player's hands that no one tells apart — the totals of
Models 1–2, the totals other than 5 in Model 3; Banker's compositions of one total in
Model 1; Banker's third cards with the same result), with the class's total probability,
and the chance moves below it get the conditional probabilities given the class (mixtures
over the merged deals, computed exactly from the integer counts of ordered card sequences).
The sequence form — hence every equilibrium and payoff — is the same as for the tree with one
move per card: its entries are sums over leaves of (probability × payoff), and the merge only
groups terms of those sums that meet the same information sets.

Cards: Model A deals with replacement from one deck (P(value 0) = 4/13, P(v) = 1/13,
v = 1–9; paper I); Model B without replacement from a d-deck shoe (16d cards of value 0, 4d
of each value 1–9).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core import CertificationError
from gamekit.extensive import Chance, ExtensiveGame, Leaf, Move
from games.baccara.cards import check_decks
from games.baccara.models.tables import parse_alpha, parse_model

__all__ = ["STAND", "DRAW", "RESULTS", "build_tree", "tree_sizes"]

STAND, DRAW = "S", "D"
#: The results of a coup, Player's point of view first.
RESULTS = ("player wins", "banker wins", "tie")

Key = tuple[str, str]  # (Player's class, Banker's class)


@dataclass(frozen=True)
class _Shoe:
    """The card source: counts per value, and whether cards are replaced after dealing."""

    counts: tuple[int, ...]
    replace: bool

    @property
    def size(self) -> int:
        return sum(self.counts)

    def weight(self, value: int, dealt: list[int]) -> int:
        """Number of cards of ``value`` available after ``dealt`` (the multiplicity of a deal)."""
        c = self.counts[value]
        return c if self.replace else c - dealt.count(value)

    def denominator(self, r: int) -> int:
        """Number of cards to choose from for the (r + 1)-th card."""
        return self.size if self.replace else self.size - r


def _shoe(model: str, decks: int) -> _Shoe:
    if model[0] == "A":
        return _Shoe((4,) + (1,) * 9, True)
    return _Shoe((16 * decks,) + (4 * decks,) * 9, False)


def _result(player_total: int, banker_total: int) -> int:
    """Index into :data:`RESULTS`."""
    if player_total > banker_total:
        return 0
    return 1 if banker_total > player_total else 2


def _player_class(info: int, a: int, b: int) -> str:
    """What distinguishes Player's hand in the tree: his composition where he chooses in
    Model 3, his total otherwise (the hands no one tells apart are merged)."""
    total = (a + b) % 10
    if info == 3 and total == 5:
        return f"{min(a, b)}{max(a, b)}"
    return str(total)


def _banker_class(info: int, a: int, b: int) -> str:
    """What Banker sees of his hand: his total (Model 1) or his composition (Models 2–3)."""
    return str((a + b) % 10) if info == 1 else f"{min(a, b)}{max(a, b)}"


def _total(label: str) -> int:
    return sum(int(c) for c in label) % 10 if len(label) == 2 else int(label)


@dataclass
class _Counts:
    """Integer weights of ordered card sequences, by class (module doc: exact aggregation).

    ``deal[key]``: first four cards; ``third[key][k]``: and Player's third card k;
    ``natural[r]``: four-card naturals by result; ``after[(key, k or None)][r]``: five or
    six cards — Banker draws after Player's third card k (None: Player stood) — by result.
    """

    deal: dict[Key, int]
    third: dict[Key, dict[int, int]]
    natural: list[int]
    after: dict[tuple[Key, int | None], list[int]]


def _count(shoe: _Shoe, info: int) -> _Counts:
    """Enumerate the ordered card sequences of one coup (at most 10⁴ × 10² products)."""
    deal: dict[Key, int] = defaultdict(int)
    third: dict[Key, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    natural = [0, 0, 0]
    after: dict[tuple[Key, int | None], list[int]] = defaultdict(lambda: [0, 0, 0])
    by_hands: dict[tuple[int, int, int, int], int] = defaultdict(int)
    for c1 in range(10):
        for c2 in range(10):
            for c3 in range(10):
                for c4 in range(10):
                    w, dealt = 1, list[int]()
                    for c in (c1, c2, c3, c4):
                        w *= shoe.weight(c, dealt)
                        dealt.append(c)
                    if w <= 0:
                        continue
                    p, b = (c1 + c3) % 10, (c2 + c4) % 10
                    if p >= 8 or b >= 8:
                        natural[_result(p, b)] += w
                    else:
                        by_hands[(min(c1, c3), max(c1, c3), min(c2, c4), max(c2, c4))] += w
    for (p1, p2, b1, b2), w in by_hands.items():
        key = (_player_class(info, p1, p2), _banker_class(info, b1, b2))
        deal[key] += w
        ptot, btot, dealt = (p1 + p2) % 10, (b1 + b2) % 10, [p1, p2, b1, b2]
        if ptot >= 5:  # Player stands (or may stand, on 5): Banker's third card is the fifth
            acc = after[(key, None)]
            for k2 in range(10):
                acc[_result(ptot, (btot + k2) % 10)] += w * shoe.weight(k2, dealt)
        if ptot <= 5:  # Player draws (or may draw)
            for k in range(10):
                w5 = w * shoe.weight(k, dealt)
                if w5 <= 0:
                    continue
                third[key][k] += w5
                acc = after[(key, k)]
                for k2 in range(10):
                    acc[_result((ptot + k) % 10, (btot + k2) % 10)] += w5 * shoe.weight(k2, dealt + [k])
    return _Counts(dict(deal), {k: dict(v) for k, v in third.items()}, natural, dict(after))


def _banker_node(banker_label: str, stand_result: int, draws: list[int], pay: list[Leaf]) -> Move:
    """Banker's S/D choice; drawing is a chance move over the results (weights ``draws``)."""
    total = sum(draws)
    if total == 0:  # pragma: no cover - every class has cards left to draw
        raise CertificationError(f"baccara tree: no card left to draw at {banker_label!r}")
    live = [r for r in range(3) if draws[r]]
    draw: Leaf | Chance = (pay[live[0]] if len(live) == 1 else
                           Chance({RESULTS[r]: (Fraction(draws[r], total), pay[r]) for r in live}))
    return Move(2, banker_label, {STAND: pay[stand_result], DRAW: draw})


def build_tree(model: str, decks: object = 6, alpha: object = Fraction(1, 20)) -> ExtensiveGame:
    """Chemin de fer ``model`` (A1 … B3) with ``decks`` decks and commission α as a game tree.

    Parameters
    ----------
    model : str
        ``"A1"``, ``"A2"``, ``"A3"``, ``"B1"``, ``"B2"`` or ``"B3"`` (case-insensitive).
    decks : int
        Decks in the shoe, ≥ 1 (validated; Model A deals with replacement and ignores it).
    alpha : int, Fraction or str
        The commission on Banker's wins, exact, 0 ≤ α < 1 (``"1/20"``); floats are refused.

    Returns
    -------
    ExtensiveGame
        Players ``"Player"`` (player 1) and ``"Banker"`` (player 2); information sets
        labelled as in ``docs/json.md``, moves ``"S"``/``"D"`` (module doc).

    Raises
    ------
    GameError
        An unknown model, a bad deck count or commission.

    Examples
    --------
    >>> g = build_tree("B2", decks=6, alpha="1/20")
    >>> [h.label for h in g.infosets[0]], len(g.infosets[1])
    (['5'], 484)
    >>> sorted(set(g.leaf_payoffs.values()))     # Banker's win pays 1 - alpha
    [(Fraction(-1, 1), Fraction(19, 20)), (Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(-1, 1))]
    """
    name = parse_model(model)
    d = check_decks(decks)
    a = parse_alpha(alpha)
    info = int(name[1])
    shoe = _shoe(name, d)
    counts = _count(shoe, info)
    pay = [Leaf(1, -1), Leaf(-1, 1 - a), Leaf(0, 0)]
    den4 = 1
    for r in range(4):
        den4 *= shoe.denominator(r)
    moves: dict[str, tuple[Fraction, Leaf | Move | Chance]] = {}
    for key in sorted(counts.deal):
        moves[f"P{key[0]} B{key[1]}"] = (Fraction(counts.deal[key], den4), _after_deal(key, counts, pay))
    for r in range(3):
        if counts.natural[r]:
            moves[f"natural: {RESULTS[r]}"] = (Fraction(counts.natural[r], den4), pay[r])
    deck = f", d={d}" if name[0] == "B" else ""
    return ExtensiveGame.from_tree(Chance(moves), players=("Player", "Banker"),
                                   title=f"baccara chemin de fer, Model {name}{deck}, alpha={a}")


def _after_deal(key: Key, counts: _Counts, pay: list[Leaf]) -> Move | Chance:
    """The subtree after a non-natural deal of class ``key``."""
    pclass, bclass = key
    ptot, btot = _total(pclass), _total(bclass)
    stand = draw = None
    if ptot >= 5:
        stand = _banker_node(f"{bclass}:-", _result(ptot, btot), counts.after[(key, None)], pay)
    if ptot <= 5:
        cards = counts.third[key]
        total = sum(cards.values())
        draw = Chance({str(k): (Fraction(w, total),
                                _banker_node(f"{bclass}:{k}", _result((ptot + k) % 10, btot),
                                             counts.after[(key, k)], pay))
                       for k, w in sorted(cards.items())})
    if stand is not None and draw is not None:
        return Move(1, pclass, {STAND: stand, DRAW: draw})
    return stand if stand is not None else draw


def tree_sizes(game: ExtensiveGame) -> dict[str, int]:
    """Nodes, leaves, information sets and sequences of each player of a tree.

    Parameters
    ----------
    game : ExtensiveGame
        The tree.

    Returns
    -------
    dict
        ``nodes``, ``leaves``, ``player_infosets``, ``banker_infosets``,
        ``player_sequences``, ``banker_sequences`` (∅ included).

    Examples
    --------
    >>> tree_sizes(build_tree("A1", alpha=0))["banker_sequences"]
    177
    """
    seq = [1 + sum(len(h.actions) for h in side) for side in game.infosets]
    return {
        "nodes": len(game.nodes),
        "leaves": len(game.leaf_payoffs),
        "player_infosets": len(game.infosets[0]),
        "banker_infosets": len(game.infosets[1]),
        "player_sequences": seq[0],
        "banker_sequences": seq[1],
    }
