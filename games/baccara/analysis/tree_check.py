"""Chemin de fer solved as a game tree: the sequence form against the additive solvers.

:func:`games.baccara.analysis.equilibria.solve_model` solves each model through the papers'
reduction — the additive m × 2ⁿ bimatrix game, Lemma 1, Foster's algorithm or the doubly
additive enumeration. :func:`compare_tree` solves the same model a second, independent way:
:func:`games.baccara.models.tree.build_tree` builds the game tree from the dealing rules,
and ``gamekit.solve(tree)`` runs Lemke's algorithm on its sequence form (Koller, Megiddo and
von Stengel 1996), certified by gamekit's exact best-response test in behaviour strategies.
The two answers are then compared exactly, information set by information set:

* where the additive solver proves the equilibrium unique, the tree's equilibrium must equal
  it (Player's and Banker's draw probability at every information set, both payoffs);
* where it is not unique (Models A2 and A3: with replacement, a Banker who sees his
  composition learns nothing beyond his total, so the equilibria form a continuum), the
  tree's equilibrium must be one of the extreme equilibria the additive solver lists.

Usage::

    from games.baccara.analysis.tree_check import compare_tree
    c = compare_tree("B2", decks=6, alpha="1/20")
    c.agrees, c.how, c.sizes["banker_sequences"], c.pivots
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

import gamekit
from games.baccara.analysis.equilibria import ModelEquilibrium, solve_model
from games.baccara.models.tree import DRAW, build_tree, tree_sizes

__all__ = ["TreeEquilibrium", "TreeCheck", "solve_tree", "compare_tree"]


@dataclass(frozen=True)
class TreeEquilibrium:
    """Lemke's equilibrium of a model's tree, by information-set label.

    ``player``/``banker``: the probability of drawing at each information set present in
    the tree (labels of ``docs/json.md``); ``payoffs``: (Player, Banker); ``sizes``: from
    :func:`~games.baccara.models.tree.tree_sizes`; ``pivots``: Lemke's pivots;
    ``timings``: seconds to build the tree and to solve it.
    """

    player: dict[str, Fraction]
    banker: dict[str, Fraction]
    payoffs: tuple[Fraction, Fraction]
    sizes: dict[str, int]
    pivots: int
    timings: dict[str, float] = field(default_factory=dict)


def solve_tree(model: str, decks: object = 6, alpha: object = Fraction(1, 20)) -> TreeEquilibrium:
    """Build ``model``'s tree and solve it with gamekit's sequence-form Lemke (certified).

    Parameters
    ----------
    model : str
        ``"A1"`` … ``"B3"``.
    decks : int
        Decks (Model B).
    alpha : int, Fraction or str
        The commission, exact.

    Returns
    -------
    TreeEquilibrium
        The equilibrium by information-set label.

    Raises
    ------
    GameError
        A bad model, deck count or commission.

    Examples
    --------
    >>> e = solve_tree("A1", alpha=0)
    >>> e.player["5"], e.sizes["nodes"], e.pivots
    (Fraction(9, 11), 2988, 191)
    """
    t0 = time.perf_counter()
    game = build_tree(model, decks, alpha)
    t1 = time.perf_counter()
    result = gamekit.solve(game, method="lemke")
    t2 = time.perf_counter()
    eq = result[0]
    draw = [{h.label: eq.behaviour[s][k][h.actions.index(DRAW)] for k, h in enumerate(game.infosets[s])}
            for s in (0, 1)]
    return TreeEquilibrium(draw[0], draw[1], eq.payoffs, tree_sizes(game), result.certificate["pivots"],
                           {"build": t1 - t0, "lemke": t2 - t1})


@dataclass(frozen=True)
class TreeCheck:
    """The comparison of :func:`compare_tree`.

    ``agrees``: the tree's equilibrium equals the additive solver's unique equilibrium
    (``how == "equal to the unique equilibrium"``) or is one of its extreme equilibria
    (``how == "one of N extreme equilibria"``); ``mismatch`` names the first difference
    otherwise. ``tree``: the tree's equilibrium; ``additive_seconds``: the additive solver's time.
    """

    model: str
    decks: int
    alpha: Fraction
    agrees: bool
    how: str
    mismatch: str
    tree: TreeEquilibrium
    additive_seconds: float

    @property
    def sizes(self) -> dict[str, int]:
        return self.tree.sizes

    @property
    def pivots(self) -> int:
        return self.tree.pivots


def _difference(tree: TreeEquilibrium, eq: ModelEquilibrium) -> str:
    """The first information set (or payoff) where the two equilibria differ; "" if none."""
    if set(tree.player) != set(eq.player):
        return f"Player's information sets differ: {sorted(tree.player)} vs {sorted(eq.player)}"
    for label, p in tree.player.items():
        if p != eq.player[label]:
            return f"Player at {label}: tree {p}, additive {eq.player[label]}"
    additive = dict(zip(eq.infosets, eq.banker))
    missing = set(tree.banker) - set(additive)
    if missing:
        return f"Banker information sets not in the additive game: {sorted(missing)[:3]}"
    for label, p in tree.banker.items():
        if p != additive[label]:
            return f"Banker at {label}: tree {p}, additive {additive[label]}"
    if tree.payoffs != eq.payoffs:
        return f"payoffs: tree {tree.payoffs}, additive {eq.payoffs}"
    return ""


def compare_tree(model: str, decks: object = 6, alpha: object = Fraction(1, 20)) -> TreeCheck:
    """Solve ``model`` as a tree (:func:`solve_tree`) and by the additive solvers; compare.

    Every information set of the additive game must be in the tree (each is reached by some
    deal, even with one deck) and all are compared.

    Parameters
    ----------
    model : str
        ``"A1"`` … ``"B3"``.
    decks : int
        Decks (Model B).
    alpha : int, Fraction or str
        The commission, exact.

    Returns
    -------
    TreeCheck
        Whether the two paths agree, and how.

    Raises
    ------
    GameError
        A bad model, deck count or commission.

    Examples
    --------
    >>> c = compare_tree("B1", decks=8, alpha="1/20")
    >>> c.agrees, c.how
    (True, 'equal to the unique equilibrium')
    """
    tree = solve_tree(model, decks, alpha)
    t0 = time.perf_counter()
    sol = solve_model(model, decks, alpha)
    seconds = time.perf_counter() - t0
    missing = [label for label in sol.banker_infosets if label not in tree.banker]
    if missing:
        return TreeCheck(sol.model, sol.decks, sol.alpha, False, "", f"the tree has no node at {missing[:3]}",
                         tree, seconds)
    diffs = [_difference(tree, e) for e in sol.equilibria]
    if sol.unique:
        agrees, how = diffs[0] == "", "equal to the unique equilibrium"
    else:
        agrees, how = "" in diffs, f"one of {len(sol.equilibria)} extreme equilibria"
    mismatch = "" if agrees else diffs[0]
    return TreeCheck(sol.model, sol.decks, sol.alpha, agrees, how, mismatch, tree, seconds)
