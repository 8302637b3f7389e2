"""Two-player extensive-form games: the game tree, information sets, perfect recall.

An :class:`ExtensiveGame` is a finite rooted tree stored flat, nodes in prefix (depth-first)
order as in Gambit's ``.efg`` files. A node is a *chance* node (its information set lists
the moves with exact probabilities), a *decision* node of player 1 or 2 (in one of that
player's information sets, whose moves it offers), or a *terminal* node. An *outcome*
(a payoff pair) may be attached to any node; a play's payoff is the sum of the outcomes on
its path (Gambit's convention), so :attr:`ExtensiveGame.leaf_payoffs` are exact sums.

Every game is checked on construction: two players, each information set's nodes offer the
same number of moves, chance probabilities are non-negative and sum to 1, and both players
have *perfect recall* — all nodes of an information set share the player's own history
of (information set, move) pairs, and no play passes an information set twice. Without
perfect recall the sequence form does not describe behaviour strategies (Kuhn 1953), so
that is a :class:`~gamekit.core.errors.GameError` naming the information set.

:func:`ExtensiveGame.from_tree` builds a game from nested :class:`Leaf`, :class:`Move`
and :class:`Chance` literals (information sets named by label).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.numbers import to_fraction

__all__ = ["ExtensiveGame", "Node", "Infoset", "Outcome", "Leaf", "Move", "Chance", "MAX_NODES"]

#: Largest tree accepted (nodes).
MAX_NODES = 2_000_000

NodeKind = Literal["chance", "decision", "terminal"]


@dataclass(frozen=True)
class Outcome:
    """A named payoff pair (``payoffs[0]`` to player 1, ``payoffs[1]`` to player 2)."""

    name: str
    payoffs: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Infoset:
    """An information set: its owner (0 chance, 1, 2), label, moves and nodes.

    ``probs`` are the move probabilities of a chance information set (empty otherwise);
    ``number`` is its number in the file (1-based per player, as in Gambit).
    """

    player: int
    number: int
    label: str
    actions: tuple[str, ...]
    probs: tuple[Fraction, ...] = ()
    nodes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Node:
    """A node: ``kind``, ``player`` (0 for chance and terminal nodes), ``infoset`` (index
    into the owner's information sets, -1 for a terminal node), ``children`` (node indices,
    one per move), ``outcome`` (index into :attr:`ExtensiveGame.outcomes` or -1)."""

    kind: NodeKind
    name: str = ""
    player: int = 0
    infoset: int = -1
    children: tuple[int, ...] = ()
    outcome: int = -1


# -- tree literals ------------------------------------------------------------------------


@dataclass(frozen=True)
class Leaf:
    """A terminal node with payoffs (a, b) in a tree literal."""

    a: object
    b: object
    name: str = ""


@dataclass(frozen=True)
class Move:
    """A decision node of ``player`` (1 or 2) in the information set ``infoset`` (a label),
    with one subtree per move (an ordered mapping move label -> subtree)."""

    player: int
    infoset: str
    moves: Mapping[str, Tree]
    name: str = ""


@dataclass(frozen=True)
class Chance:
    """A chance node: move label -> (probability, subtree); ``infoset`` names its chance
    information set (default: a new one)."""

    moves: Mapping[str, tuple[object, Tree]]
    infoset: str = ""
    name: str = ""


Tree = Leaf | Move | Chance


@dataclass(frozen=True, eq=False)
class ExtensiveGame:
    """A finite two-player extensive-form game with perfect recall (module doc).

    Parameters
    ----------
    nodes : sequence of Node
        The nodes in prefix order (node 0 is the root; each node's children follow it).
    infosets : pair of sequences of Infoset
        Player 1's and player 2's information sets (``Node.infoset`` indexes them); their
        ``nodes`` fields are filled in.
    chance_infosets : sequence of Infoset
        The chance information sets (with ``probs``).
    outcomes : sequence of Outcome
        The outcomes (``Node.outcome`` indexes them).
    players, title, comment : str
        Names from the file.

    Raises
    ------
    GameError
        Malformed tree, probabilities not summing to 1, or imperfect recall.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "root", {"L": Leaf(1, 0), "R": Move(2, "x", {"l": Leaf(0, 1), "r": Leaf(2, 2)})}))
    >>> len(g.nodes), [h.label for h in g.infosets[0]], g.leaf_payoffs[4]
    (5, ['root'], (Fraction(2, 1), Fraction(2, 1)))
    """

    nodes: tuple[Node, ...]
    infosets: tuple[tuple[Infoset, ...], tuple[Infoset, ...]]
    chance_infosets: tuple[Infoset, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    players: tuple[str, str] = ("Player 1", "Player 2")
    title: str = ""
    comment: str = ""
    #: (derived) payoff pair of every node: the sum of the outcomes on the path to it
    leaf_payoffs: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict, compare=False, repr=False)
    #: (derived) parent node of every node (-1 for the root) and the move index leading to it
    parents: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_and_fill(self)

    # -- derived views ----------------------------------------------------------------
    def leaves(self) -> list[int]:
        """The terminal nodes, in prefix order."""
        return [i for i, n in enumerate(self.nodes) if n.kind == "terminal"]

    def is_perfect_information(self) -> bool:
        """True when every information set of both players has one node."""
        return all(len(h.nodes) == 1 for side in self.infosets for h in side)

    def is_constant_sum(self) -> bool:
        """True when the two payoffs at every leaf have the same sum."""
        sums = {a + b for a, b in self.leaf_payoffs.values()}
        return len(sums) <= 1

    def infoset_label(self, player: int, h: int) -> str:
        """A display label of player's information set h: its label, else ``"<number>"``."""
        info = self.infosets[player - 1][h]
        return info.label or str(info.number)

    def __repr__(self) -> str:
        return (f"ExtensiveGame({self.title!r}: {len(self.nodes)} nodes, "
                f"{len(self.infosets[0])}+{len(self.infosets[1])} information sets)")

    # -- construction from nested literals ------------------------------------------
    @classmethod
    def from_tree(cls, root: Tree, players: Sequence[str] = ("Player 1", "Player 2"), title: str = "",
                  comment: str = "") -> ExtensiveGame:
        """Build a game from a tree literal (:class:`Leaf`, :class:`Move`, :class:`Chance`).

        Information sets are named by ``(player, label)``; every node of one offers the same
        move labels in the same order. Chance nodes with the same non-empty label share a
        chance information set (and must give the same probabilities).

        Parameters
        ----------
        root : Leaf, Move or Chance
            The tree.
        players : pair of str
            The players' names.
        title, comment : str
            The game's title and comment.

        Returns
        -------
        ExtensiveGame
            The game (checked: see the class doc).

        Raises
        ------
        GameError
            A malformed tree or imperfect recall.

        Examples
        --------
        >>> from gamekit.extensive.game import Chance, ExtensiveGame, Leaf
        >>> g = ExtensiveGame.from_tree(Chance({"H": ("1/3", Leaf(3, 0)), "T": ("2/3", Leaf(0, 3))}))
        >>> g.chance_infosets[0].probs
        (Fraction(1, 3), Fraction(2, 3))
        """
        if len(players) != 2:
            raise GameError(f"an extensive game here has 2 players, got {len(players)} names")
        flat = _Flattener()
        flat.run(root)
        nodes = [Node(n.kind, n.name, n.player, n.infoset, tuple(flat.children[i]), n.outcome)
                 for i, n in enumerate(flat.nodes)]
        return cls(tuple(nodes), (tuple(flat.sets[0]), tuple(flat.sets[1])), tuple(flat.chance),
                   tuple(flat.outcomes), (str(players[0]), str(players[1])), title, comment)


class _Flattener:
    """A tree literal flattened into nodes in prefix order, information sets by label."""

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        self.children: list[list[int]] = []
        self.sets: tuple[list[Infoset], list[Infoset]] = ([], [])
        self.index: tuple[dict[str, int], dict[str, int]] = ({}, {})
        self.chance: list[Infoset] = []
        self.chance_index: dict[str, int] = {}
        self.outcomes: list[Outcome] = []

    def run(self, root: Tree) -> None:
        """Visit the tree depth first (an explicit stack: trees may be deep)."""
        stack: list[tuple[Tree, int]] = [(root, -1)]
        while stack:
            t, parent = stack.pop()
            k = len(self.nodes)
            if k >= MAX_NODES:
                raise TooLargeError(f"the tree has more than {MAX_NODES:,} nodes")
            if parent >= 0:
                self.children[parent].append(k)
            self.children.append([])
            if isinstance(t, Leaf):
                subtrees = self.leaf(t)
            elif isinstance(t, Move):
                subtrees = self.move(t)
            elif isinstance(t, Chance):
                subtrees = self.chance_node(t)
            else:
                raise GameError(f"a tree node is a Leaf, Move or Chance, not {type(t).__name__}")
            stack.extend((sub, k) for sub in reversed(subtrees))

    def leaf(self, t: Leaf) -> list[Tree]:
        self.outcomes.append(Outcome(t.name, (to_fraction(t.a, "payoff"), to_fraction(t.b, "payoff"))))
        self.nodes.append(Node("terminal", t.name, outcome=len(self.outcomes) - 1))
        return []

    def move(self, t: Move) -> list[Tree]:
        if t.player not in (1, 2):
            raise GameError(f"a move's player is 1 or 2, not {t.player!r}")
        labels = tuple(t.moves)
        if not labels:
            raise GameError(f"information set {t.infoset!r} of player {t.player} has no moves")
        sets, index = self.sets[t.player - 1], self.index[t.player - 1]
        idx = index.get(t.infoset)
        if idx is None:
            idx = index[t.infoset] = len(sets)
            sets.append(Infoset(t.player, idx + 1, t.infoset, labels))
        elif sets[idx].actions != labels:
            raise GameError(f"player {t.player}'s information set {t.infoset!r} offers moves "
                            f"{list(labels)} at one node and {list(sets[idx].actions)} at another")
        self.nodes.append(Node("decision", t.name, t.player, idx))
        return list(t.moves.values())

    def chance_node(self, t: Chance) -> list[Tree]:
        labels = tuple(t.moves)
        if not labels:
            raise GameError("a chance node has no moves")
        probs = tuple(to_fraction(p, "probability") for p, _ in t.moves.values())
        idx = self.chance_index.get(t.infoset) if t.infoset else None
        if idx is None:
            idx = len(self.chance)
            if t.infoset:
                self.chance_index[t.infoset] = idx
            self.chance.append(Infoset(0, idx + 1, t.infoset, labels, probs))
        elif (self.chance[idx].actions, self.chance[idx].probs) != (labels, probs):
            raise GameError(f"chance information set {t.infoset!r} has different moves or probabilities at two nodes")
        self.nodes.append(Node("chance", t.name, 0, idx))
        return [sub for _, sub in t.moves.values()]


def _check_and_fill(g: ExtensiveGame) -> None:
    """Validate the tree and fill the derived fields (parents, leaf payoffs, infoset nodes)."""
    if not g.nodes:
        raise GameError("the game tree has no nodes")
    if len(g.nodes) > MAX_NODES:
        raise TooLargeError(f"the tree has {len(g.nodes):,} nodes, more than {MAX_NODES:,}")
    if len(g.players) != 2:
        raise GameError(f"an extensive game here has 2 players, got {len(g.players)}")
    for i, n in enumerate(g.nodes):
        _check_node(g, i, n)
    parents = _parents(g)
    _check_infosets(g)
    _fill_members(g)
    object.__setattr__(g, "parents", tuple(parents))
    object.__setattr__(g, "leaf_payoffs", _payoffs_and_recall(g))
    _check_no_repeat(g)


def _check_node(g: ExtensiveGame, i: int, n: Node) -> None:
    """One node's kind, information set, number of children and outcome."""
    if n.kind == "terminal":
        if n.children:
            raise GameError(f"terminal node {i + 1} has children")
    elif n.kind == "decision":
        if n.player not in (1, 2) or not 0 <= n.infoset < len(g.infosets[n.player - 1]):
            raise GameError(f"node {i + 1}: no information set {n.infoset + 1} of player {n.player}")
        info = g.infosets[n.player - 1][n.infoset]
        if len(n.children) != len(info.actions):
            raise GameError(f"node {i + 1} has {len(n.children)} children but its information set "
                            f"offers {len(info.actions)} moves")
    elif n.kind == "chance":
        if not 0 <= n.infoset < len(g.chance_infosets):
            raise GameError(f"node {i + 1}: no chance information set {n.infoset + 1}")
        info = g.chance_infosets[n.infoset]
        if len(n.children) != len(info.actions) or len(info.probs) != len(info.actions):
            raise GameError(f"chance node {i + 1} has {len(n.children)} children but its information set "
                            f"gives {len(info.probs)} probabilities")
    else:
        raise GameError(f"node {i + 1}: unknown kind {n.kind!r}")
    if n.outcome >= len(g.outcomes) or n.outcome < -1:
        raise GameError(f"node {i + 1}: no outcome {n.outcome + 1}")


def _parents(g: ExtensiveGame) -> list[tuple[int, int]]:
    """(parent, move) of every node; checks that the nodes are a tree in prefix order."""
    nodes = g.nodes
    parents: list[tuple[int, int]] = [(-1, -1)] * len(nodes)
    seen = [False] * len(nodes)
    seen[0] = True
    for i, n in enumerate(nodes):
        for a, c in enumerate(n.children):
            if not i < c < len(nodes) or seen[c]:
                raise GameError(f"node {i + 1}: child {c + 1} is not a new node after it (nodes are in prefix order)")
            seen[c] = True
            parents[c] = (i, a)
    if not all(seen):
        raise GameError(f"node {seen.index(False) + 1} is not reachable from the root")
    return parents


def _check_infosets(g: ExtensiveGame) -> None:
    """Chance probabilities are probability vectors; every player set has moves and a node."""
    for ch in g.chance_infosets:
        if any(p < 0 for p in ch.probs) or sum(ch.probs, Fraction(0)) != 1:
            raise GameError(f"the probabilities of chance information set {ch.number} "
                            f"({', '.join(str(p) for p in ch.probs)}) are not a probability vector")
    used = {(n.player, n.infoset) for n in g.nodes if n.kind == "decision"}
    for side in (0, 1):
        for h, info in enumerate(g.infosets[side]):
            if not info.actions:
                raise GameError(f"player {side + 1}'s information set {info.number} offers no moves")
            if (side + 1, h) not in used:
                raise GameError(f"player {side + 1}'s information set {info.number} has no node")


def _fill_members(g: ExtensiveGame) -> None:
    """The ``nodes`` field of every information set (players' and chance's)."""
    members: tuple[list[list[int]], list[list[int]]] = ([[] for _ in g.infosets[0]], [[] for _ in g.infosets[1]])
    chance_members: list[list[int]] = [[] for _ in g.chance_infosets]
    for i, n in enumerate(g.nodes):
        if n.kind == "decision":
            members[n.player - 1][n.infoset].append(i)
        elif n.kind == "chance":
            chance_members[n.infoset].append(i)
    object.__setattr__(g, "infosets", tuple(
        tuple(Infoset(h.player, h.number, h.label, h.actions, h.probs, tuple(members[s][k]))
              for k, h in enumerate(g.infosets[s])) for s in (0, 1)))
    object.__setattr__(g, "chance_infosets", tuple(
        Infoset(0, h.number, h.label, h.actions, h.probs, tuple(chance_members[k]))
        for k, h in enumerate(g.chance_infosets)))


def _payoffs_and_recall(g: ExtensiveGame) -> dict[int, tuple[Fraction, Fraction]]:
    """Leaf payoffs (sums of outcomes along the path), checking perfect recall on the way:
    all nodes of an information set share the player's last own (information set, move)."""
    nodes, parents = g.nodes, g.parents
    zero = (Fraction(0), Fraction(0))
    pay: list[tuple[Fraction, Fraction]] = [zero] * len(nodes)
    last: list[tuple[tuple[int, int], tuple[int, int]]] = [((-1, -1), (-1, -1))] * len(nodes)
    recall: tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]] = ({}, {})
    for i, n in enumerate(nodes):
        p, a = parents[i]
        base = pay[p] if p >= 0 else zero
        if n.outcome >= 0:
            o = g.outcomes[n.outcome].payoffs
            base = (base[0] + o[0], base[1] + o[1])
        pay[i] = base
        if p >= 0:
            pn = nodes[p]
            lp = last[p]
            if pn.kind == "decision":
                lp = ((pn.infoset, a), lp[1]) if pn.player == 1 else (lp[0], (pn.infoset, a))
            last[i] = lp
        if n.kind == "decision":
            s = n.player - 1
            own = last[i][s]
            prev = recall[s].setdefault(n.infoset, own)
            if prev != own:
                raise GameError(_recall_message(g, s, n.infoset, prev, own))
    return {i: pay[i] for i, n in enumerate(nodes) if n.kind == "terminal"}


def _recall_message(g: ExtensiveGame, s: int, h: int, prev: tuple[int, int], own: tuple[int, int]) -> str:
    info = g.infosets[s][h]

    def said(seq: tuple[int, int]) -> str:
        if seq[0] < 0:
            return "no earlier move of theirs"
        o = g.infosets[s][seq[0]]
        return f"move {o.actions[seq[1]]!r} at information set {o.number} ({o.label!r})"

    return (f"imperfect recall: player {s + 1}'s information set {info.number} ({info.label!r}) contains "
            f"nodes reached after {said(prev)} and after {said(own)}; gamekit solves games with perfect recall")


def _check_no_repeat(g: ExtensiveGame) -> None:
    """No play passes the same information set twice (absent-mindedness)."""
    path: list[int] = []  # the nodes from the root to the current node's parent (prefix order)
    keys: list[tuple[int, int] | None] = []
    active: set[tuple[int, int]] = set()
    for i, n in enumerate(g.nodes):
        p = g.parents[i][0]
        while path and path[-1] != p:
            path.pop()
            k = keys.pop()
            if k is not None:
                active.discard(k)
        key = (n.player, n.infoset) if n.kind == "decision" else None
        if key is not None:
            if key in active:
                info = g.infosets[n.player - 1][n.infoset]
                raise GameError(f"imperfect recall: a play passes player {n.player}'s information set "
                                f"{info.number} ({info.label!r}) twice (absent-mindedness)")
            active.add(key)
        path.append(i)
        keys.append(key)
