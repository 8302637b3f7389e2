"""Test oracle: Model B3 as a game tree in ``pygambit``, built independently of gamekit.

:mod:`games.baccara.models.tree` builds every model as a gamekit ``ExtensiveGame``; this
module (formerly ``games/baccara/analysis/extensive_form.py``) builds Model B3 a third way —
directly in ``pygambit``, from its own card counts, one chance move per composition pair —
so that tests can check that the two trees have the same sequence form and that Gambit's
sequence-form Lemke algorithm (``pygambit.nash.lcp_solve``) agrees with our solvers. It
imports nothing from ``games.baccara.models``: the deal probabilities are recomputed here
from the shoe's card counts (16d cards of value 0, 4d of each value 1–9).

The tree (one coup, cards without replacement from a d-deck shoe):

1. **Chance** deals Player's and Banker's two-card *compositions* (unordered value pairs)
   with probability (#ordered 4-card deals giving them) / (52d)₄. All deals with a natural
   (a two-card 8 or 9 in either hand) end the coup; they are merged into three outcomes
   (Player wins / Banker wins / tie), since deals with equal payoffs need no separate leaf.
2. **Player** stands on 6–7 and draws on 0–4 (forced: no decision node); at a total of 5
   he chooses ``S``/``D`` at the information set of his composition (``"05"`` … ``"78"``),
   one set shared by all Banker hands.
3. **Chance** deals Player's third card k, with probability (cards of value k left)/(52d − 4).
4. **Banker** chooses ``S``/``D`` at the information set ``"<his composition>:<k or ->"``
   (``"06:-"``, ``"33:6"``) — one set for all of Player's hands giving that label, so Banker
   knows exactly what Model B3 lets him know.
5. **Chance** deals Banker's third card (probability (cards left)/(52d − 5 or −4)); cards
   with equal consequences are merged into the three outcomes win / lose / tie.

Payoffs (paper II, (15)): Player +1 / −1 / 0; Banker −1 / 1 − α / 0 (α the commission).

Usage::

    from tests.baccara.gambit_b3_tree import build_b3_efg, behaviour_labels
    import pygambit
    g = build_b3_efg(decks=1, alpha=0)
    eq = pygambit.nash.lcp_solve(g, rational=True).equilibria[0]
    player, banker, reach = behaviour_labels(g, eq)   # {"05": Fraction}, {"06:-": ...}, ...

The full tree (484 Banker sets, ≈ 90,000 nodes for d = 1) is too large for Gambit's rational
Lemke in reasonable time; ``build_b3_efg(..., reduce=True)`` plays out Banker's move at the
sets where it is strictly dominated for every Player strategy (:func:`lemma1_forced`, an
independent computation of paper II's Lemma 1), leaving ≈ 22 strategic Banker sets.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pygambit

from gamekit.core import GameError
from games.baccara.cards import check_alpha, check_decks

__all__ = ["PLAYER", "BANKER", "build_b3_efg", "lemma1_forced", "behaviour_labels", "tree_size"]

PLAYER = "Player"
BANKER = "Banker"
_STAND, _DRAW = "S", "D"
_RESULTS = ("player wins", "banker wins", "tie")


def _alpha(alpha: object) -> Fraction:
    """A commission 0 ≤ α < 1 given exactly (floats refused: 0.05 is not 1/20 in binary)."""
    if isinstance(alpha, float):
        raise GameError(f"commission alpha must be exact (e.g. '1/20'), not the float {alpha!r}")
    return check_alpha(alpha)


def _label(a: int, b: int) -> str:
    a, b = sorted((a, b))
    return f"{a}{b}"


def _result(player_total: int, banker_total: int) -> str:
    if player_total > banker_total:
        return "player wins"
    if banker_total > player_total:
        return "banker wins"
    return "tie"


def _deals(counts: list[int]) -> tuple[dict[tuple[str, str], int], dict[str, int], int]:
    """Weights of the first four cards, by (Player composition, Banker composition).

    Enumerates the 10⁴ ordered value sequences (c₁, c₂, c₃, c₄) — Player gets c₁, c₃ and
    Banker c₂, c₄, the dealing order of the rules — with weight n_{c₁}(n_{c₂} − [c₂ = c₁])…,
    the number of ordered card sequences; the common denominator is (N)₄. Returns the
    non-natural weights by composition pair, the natural weights by result, and (N)₄.
    """
    nonnatural: dict[tuple[str, str], int] = defaultdict(int)
    natural: dict[str, int] = defaultdict(int)
    left = list(counts)
    n = sum(counts)
    for c1 in range(10):
        w1 = left[c1]
        left[c1] -= 1
        for c2 in range(10):
            w2 = w1 * left[c2]
            left[c2] -= 1
            for c3 in range(10):
                w3 = w2 * left[c3]
                left[c3] -= 1
                for c4 in range(10):
                    w = w3 * left[c4]
                    if w <= 0:
                        continue
                    p, b = (c1 + c3) % 10, (c2 + c4) % 10
                    if p >= 8 or b >= 8:
                        natural[_result(p, b)] += w
                    else:
                        nonnatural[(_label(c1, c3), _label(c2, c4))] += w
                left[c3] += 1
            left[c2] += 1
        left[c1] += 1
    return dict(nonnatural), dict(natural), n * (n - 1) * (n - 2) * (n - 3)


def _without(counts: list[int], *values: int) -> list[int]:
    out = list(counts)
    for v in values:
        out[v] -= 1
    return out


def _banker_gain(ptot: int, left: list[int], btot: int, alpha: Fraction) -> Fraction:
    """Banker's payoff from drawing minus standing at one node (Player's final total ptot)."""
    pay = {"player wins": Fraction(-1), "banker wins": 1 - alpha, "tie": Fraction(0)}
    n = sum(left)
    draw = sum(
        (Fraction(left[k], n) * pay[_result(ptot, (btot + k) % 10)] for k in range(10)), Fraction(0)
    )
    return draw - pay[_result(ptot, btot)]


def _coup(decks: int) -> tuple[dict, dict, int, dict[str, list]]:
    """Everything the tree needs, as exact data (no Gambit objects).

    Returns (deals, natural, denominator, banker) where ``banker[label]`` lists, for every
    node of that Banker information set, (Player's composition, weight, Player's final
    total, cards left, Banker's total): weight = probability of the deal times that of
    Player's third card (Player's own choice on 5 not included).
    """
    counts = [16 * decks] + [4 * decks] * 9
    total = sum(counts)
    nonnatural, natural, denom = _deals(counts)
    banker: dict[str, list] = defaultdict(list)
    for (p, b), w in sorted(nonnatural.items()):
        pc, bc = (int(p[0]), int(p[1])), (int(b[0]), int(b[1]))
        left = _without(counts, *pc, *bc)
        ptot, btot = sum(pc) % 10, sum(bc) % 10
        weight = Fraction(w, denom)
        if ptot >= 5:
            banker[f"{b}:-"].append((p, weight, ptot, left, btot))
        if ptot <= 5:
            for k in range(10):
                if left[k]:
                    wk = weight * Fraction(left[k], total - 4)
                    banker[f"{b}:{k}"].append((p, wk, (ptot + k) % 10, _without(left, k), btot))
    return nonnatural, natural, denom, dict(banker)


def lemma1_forced(decks: int = 1, alpha: object = 0) -> dict[str, int]:
    """Banker information sets whose move is forced by strict dominance (Lemma 1, paper II).

    Computed here from the tree's own data, independently of :mod:`gamekit.additive.reduction`.
    Banker's gain from drawing at set l, as a function of Player's draw probabilities x_h at
    his five total-5 compositions h, is G_l(x) = F_l + Σ_h x̃_h c_{l,h}, where F_l sums the
    weighted gains over Player's forced hands reaching l and c_{l,h} over composition h's
    (x̃_h = x_h if l follows a Player draw, 1 − x_h if he stood). G_l is affine on [0,1]⁵, so
    it has a strict sign for every Player strategy iff min G_l > 0 (then Banker draws: 1) or
    max G_l < 0 (he stands: 0). Returns ``{label: move}`` for the forced sets.
    """
    d, a = check_decks(decks), _alpha(alpha)
    return _forced(_coup(d)[3], a)


def _forced(banker: dict[str, list], a: Fraction) -> dict[str, int]:
    forced: dict[str, int] = {}
    for label, nodes in banker.items():
        fixed = Fraction(0)
        free: dict[str, Fraction] = defaultdict(Fraction)
        for p, w, ptot, left, btot in nodes:
            gain = w * _banker_gain(ptot, left, btot, a)
            if (int(p[0]) + int(p[1])) % 10 == 5:
                free[p] += gain
            else:
                fixed += gain
        lo = fixed + sum((c for c in free.values() if c < 0), Fraction(0))
        hi = fixed + sum((c for c in free.values() if c > 0), Fraction(0))
        if lo > 0:
            forced[label] = 1
        elif hi < 0:
            forced[label] = 0
    return forced


def build_b3_efg(decks: int = 1, alpha: object = 0, reduce: bool = False) -> pygambit.Game:
    """Model B3 (d-deck shoe, commission α) as a ``pygambit`` extensive-form game.

    Players ``"Player"`` and ``"Banker"``; every decision information set has actions
    ``"S"`` (stand) and ``"D"`` (draw) and is labelled as in ``docs/json.md``: Player's
    ``"05"``, ``"14"``, ``"23"``, ``"69"``, ``"78"``; Banker's ``"06:-"``, ``"33:6"`` … (all
    484). All probabilities and payoffs are exact rationals. With ``reduce=True`` Banker's
    move is played out (no decision node) at the sets of :func:`lemma1_forced`, which keeps
    the sequence form small. Raises :class:`GameError` on a bad deck count or commission.
    """
    d, a = check_decks(decks), _alpha(alpha)
    nonnatural, natural, denom, banker = _coup(d)
    forced = _forced(banker, a) if reduce else {}

    g = pygambit.Game.new_tree(players=[PLAYER, BANKER], title=f"Model B3, d={d}, alpha={a}")
    outcome = {
        "player wins": g.add_outcome("player wins", [1, -1]),
        "banker wins": g.add_outcome("banker wins", [-1, 1 - a]),
        "tie": g.add_outcome("tie", [0, 0]),
    }

    # 1. the deal of the first four cards
    deals = sorted(nonnatural)
    nat = [r for r in _RESULTS if natural.get(r)]
    actions = [f"P{p} B{b}" for p, b in deals] + [f"natural: {r}" for r in nat]
    g.append_move(g.root, g.players.chance, actions)
    g.set_chance_probs(
        g.root.infoset,
        [Fraction(nonnatural[k], denom) for k in deals]
        + [Fraction(natural[r], denom) for r in nat],
    )
    child = dict(zip(actions, g.root.children))
    for r in nat:
        g.set_outcome(child[f"natural: {r}"], outcome[r])

    # 2. Player's choice on a total of 5 (one information set per composition)
    fives: dict[str, list] = defaultdict(list)
    for p, b in deals:
        if (int(p[0]) + int(p[1])) % 10 == 5:
            fives[p].append(child[f"P{p} B{b}"])
    for p, nodes in sorted(fives.items()):
        g.append_move(nodes, PLAYER, [_STAND, _DRAW])
        nodes[0].infoset.label = p

    # 3. Player's third card; Banker's decision nodes by label
    total = 52 * d
    after: dict[tuple[str, str], object] = {}  # (deal, third card or "-") -> node
    for p, b in deals:
        node = child[f"P{p} B{b}"]
        ptot = (int(p[0]) + int(p[1])) % 10
        stand, draw = (
            (node.children[_STAND], node.children[_DRAW])
            if ptot == 5
            else ((None, node) if ptot <= 4 else (node, None))
        )
        if stand is not None:
            after[(p, b, "-")] = stand
        if draw is not None:
            left = _without([16 * d] + [4 * d] * 9, int(p[0]), int(p[1]), int(b[0]), int(b[1]))
            cards = [k for k in range(10) if left[k] > 0]
            g.append_move(draw, g.players.chance, [str(k) for k in cards])
            g.set_chance_probs(draw.infoset, [Fraction(left[k], total - 4) for k in cards])
            for k, c in zip(cards, draw.children):
                after[(p, b, str(k))] = c

    # 4. Banker's choice, one information set per label; 5. his third card
    for label in sorted(banker):
        b, _, k = label.partition(":")
        nodes = [after[(p, b, k)] for p, *_ in banker[label]]
        if label in forced:
            leaves = [
                (n, _DRAW if forced[label] else _STAND, e) for n, e in zip(nodes, banker[label])
            ]
        else:
            g.append_move(nodes, BANKER, [_STAND, _DRAW])
            nodes[0].infoset.label = label
            leaves = [
                (n.children[m], m, e) for n, e in zip(nodes, banker[label]) for m in (_STAND, _DRAW)
            ]
        for leaf, move, (_, _, ptot, left, btot) in leaves:
            if move == _STAND:
                g.set_outcome(leaf, outcome[_result(ptot, btot)])
                continue
            by_result: dict[str, int] = defaultdict(int)
            for k2 in range(10):
                if left[k2]:
                    by_result[_result(ptot, (btot + k2) % 10)] += left[k2]
            results = [r for r in _RESULTS if by_result.get(r)]
            if len(results) == 1:
                g.set_outcome(leaf, outcome[results[0]])
                continue
            g.append_move(leaf, g.players.chance, results)
            g.set_chance_probs(leaf.infoset, [Fraction(by_result[r], sum(left)) for r in results])
            for r, c in zip(results, leaf.children):
                g.set_outcome(c, outcome[r])
    return g


def tree_size(game: pygambit.Game) -> dict[str, int]:
    """Numbers of nodes, terminal nodes and decision information sets of each player."""
    nodes = list(game.nodes)
    return {
        "nodes": len(nodes),
        "terminals": sum(1 for n in nodes if n.is_terminal),
        "player_infosets": len(game.players[PLAYER].infosets),
        "banker_infosets": len(game.players[BANKER].infosets),
    }


def _fraction(x: object) -> Fraction:
    return Fraction(str(x))


def behaviour_labels(
    game: pygambit.Game, profile: object
) -> tuple[dict[str, Fraction], dict[str, Fraction], dict[str, Fraction]]:
    """Read a behaviour profile of :func:`build_b3_efg`'s game back into contract labels.

    Returns ``(player, banker, reach)``: Player's and Banker's probability of drawing at each
    information set (``"05"``; ``"06:-"``) as Fractions, and the probability that each
    information set is reached under the profile (where the profile's move matters).
    """
    player: dict[str, Fraction] = {}
    banker: dict[str, Fraction] = {}
    reach: dict[str, Fraction] = {}
    for name, out in ((PLAYER, player), (BANKER, banker)):
        for infoset in game.players[name].infosets:
            if infoset.label in out:
                raise GameError(f"duplicate information set label {infoset.label!r}")
            out[infoset.label] = _fraction(profile[infoset.actions[_DRAW]])
            reach[infoset.label] = _fraction(profile.infoset_prob(infoset))
    return player, banker, reach
