"""Subgame-perfect equilibria of game trees with perfect information: backward induction,
exact, listing **every** pure subgame-perfect equilibrium.

With perfect information (every information set a single node; chance nodes allowed) each
node starts a subgame. Working from the leaves up, each node keeps the list of its
subgame's pure subgame-perfect equilibria with their exact payoffs: a chance node combines
one equilibrium of each child (payoff: the expectation), a decision node combines one of
each child and then lets its player take any move that maximizes his payoff given those
(ties: one equilibrium per best move). Every pure subgame-perfect equilibrium arises this
way (Kuhn 1953; Selten 1965). The list is cut at ``max_equilibria`` per node; the
certificate says whether it is complete. Each equilibrium is checked twice, exactly: the
best-response test of :mod:`gamekit.extensive.certify` (Nash) and, at every decision node,
that the chosen move attains the best subgame value (subgame perfection).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from gamekit.core.errors import CertificationError, GameError
from gamekit.extensive.certify import certify_plans
from gamekit.extensive.game import ExtensiveGame
from gamekit.extensive.sequence_form import plan_from_behaviour, sequence_form

__all__ = ["solve_backward", "subgame_values"]

Option = tuple[tuple[Fraction, Fraction], tuple[tuple[int, int], ...]]  # payoffs, ((node, move), ...)


def subgame_values(game: ExtensiveGame, choice: dict[int, int]) -> list[tuple[Fraction, Fraction]]:
    """The payoff pair of every node's subgame when each decision node plays ``choice[node]``.

    Parameters
    ----------
    game : ExtensiveGame
        A game of perfect information.
    choice : dict
        Decision node -> move index.

    Returns
    -------
    list
        Exact payoff pairs, indexed by node.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 2)}))
    >>> subgame_values(g, {0: 1})[0]
    (Fraction(1, 1), Fraction(2, 1))
    """
    vals: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))] * len(game.nodes)
    for i in range(len(game.nodes) - 1, -1, -1):
        n = game.nodes[i]
        if n.kind == "terminal":
            vals[i] = game.leaf_payoffs[i]
        elif n.kind == "chance":
            probs = game.chance_infosets[n.infoset].probs
            vals[i] = (sum((p * vals[c][0] for p, c in zip(probs, n.children)), Fraction(0)),
                       sum((p * vals[c][1] for p, c in zip(probs, n.children)), Fraction(0)))
        else:
            vals[i] = vals[n.children[choice[i]]]
    return vals


def solve_backward(game: ExtensiveGame, max_equilibria: int = 1000):
    """Every pure subgame-perfect equilibrium of a game of perfect information (module doc).

    Parameters
    ----------
    game : ExtensiveGame
        A game in which every information set has one node.
    max_equilibria : int
        Most equilibria kept per subgame.

    Returns
    -------
    ExtensiveSolution
        The certified equilibria; ``certificate["all_pure_spe"]`` is True when the list is
        every pure subgame-perfect equilibrium.

    Raises
    ------
    GameError
        The game does not have perfect information.
    CertificationError
        An internal check failed.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(1, 1), "R": Move(2, "c", {"l": Leaf(0, 0), "r": Leaf(2, 0)})}))
    >>> r = solve_backward(g)   # player 2 is indifferent: two subgame-perfect equilibria
    >>> len(r), r.certificate["all_pure_spe"]
    (2, True)
    """
    from gamekit.extensive.solve import ExtensiveSolution

    if not game.is_perfect_information():
        raise GameError("method 'backward_induction' needs a game of perfect information (every information "
                        "set a single node); use method 'lemke'")
    options, complete = _root_options(game, max_equilibria)
    sf = sequence_form(game)
    equilibria = [_certified(game, sf, pay, dict(moves)) for pay, moves in options]
    cert = {"subgame_perfect": True, "all_pure_spe": complete, "count": len(equilibria),
            "test": "exact best response and subgame values at every node"}
    return ExtensiveSolution(game, "backward_induction", tuple(equilibria), cert,
                             unique=True if complete and len(equilibria) == 1 and _generic(game) else None)


def _node_options(game: ExtensiveGame, i: int, options: list[list[Option]],
                  max_equilibria: int) -> tuple[list[Option], bool]:
    """The pure subgame-perfect equilibria of node i's subgame from its children's (module
    doc), at most ``max_equilibria``; and whether none was cut off."""
    n = game.nodes[i]
    children = [options[c] for c in n.children]
    found: list[Option] = []
    for combo in product(*children):
        moves = tuple(m for _, ms in combo for m in ms)
        if n.kind == "chance":
            probs = game.chance_infosets[n.infoset].probs
            pay = (sum((p * o[0][0] for p, o in zip(probs, combo)), Fraction(0)),
                   sum((p * o[0][1] for p, o in zip(probs, combo)), Fraction(0)))
            found.append((pay, moves))
        else:
            s = n.player - 1
            best = max(o[0][s] for o in combo)
            found.extend((o[0], ((i, a), *moves)) for a, o in enumerate(combo) if o[0][s] == best)
        if len(found) >= max_equilibria:
            # complete only if this was the last combination and nothing beyond the bound
            last = combo == tuple(opts[-1] for opts in children)
            return found[:max_equilibria], len(found) == max_equilibria and last
    return found, True


def _root_options(game: ExtensiveGame, max_equilibria: int) -> tuple[list[Option], bool]:
    """Backward induction from the leaves: the root's options and whether the list is complete."""
    complete = True
    options: list[list[Option]] = [[] for _ in game.nodes]
    for i in range(len(game.nodes) - 1, -1, -1):
        n = game.nodes[i]
        if n.kind == "terminal":
            options[i] = [(game.leaf_payoffs[i], ())]
            continue
        options[i], whole = _node_options(game, i, options, max_equilibria)
        complete = complete and whole
        for c in n.children:
            options[c] = []  # free memory
    return options[0], complete


def _certified(game: ExtensiveGame, sf, pay: tuple[Fraction, Fraction], choice: dict[int, int]):
    """The behaviour profile of a pure choice at every decision node, after the two exact
    tests (Nash by best response; subgame perfection by the subgame values)."""
    beh: list[list[tuple[Fraction, ...]]] = [[], []]
    for s in (0, 1):
        for info in game.infosets[s]:
            a = choice[info.nodes[0]]
            beh[s].append(tuple(Fraction(int(k == a)) for k in range(len(info.actions))))
    x = plan_from_behaviour(sf, 1, beh[0])
    y = plan_from_behaviour(sf, 2, beh[1])
    eq = certify_plans(sf, x, y, "backward induction", (tuple(beh[0]), tuple(beh[1])))
    vals = subgame_values(game, choice)
    for i, n in enumerate(game.nodes):
        if n.kind == "decision" and vals[i][n.player - 1] != max(vals[c][n.player - 1] for c in n.children):
            raise CertificationError(f"backward induction: node {i + 1} is not subgame perfect")
    if eq.payoffs != pay:
        raise CertificationError("backward induction: payoffs differ from the subgame values")
    return eq


def _generic(game: ExtensiveGame) -> bool:
    """No player has equal payoffs at two leaves and there is no chance node: the unique pure
    subgame-perfect equilibrium is then the unique subgame-perfect equilibrium."""
    if game.chance_infosets:
        return False
    for s in (0, 1):
        vals = [p[s] for p in game.leaf_payoffs.values()]
        if len(set(vals)) != len(vals):
            return False
    return True
