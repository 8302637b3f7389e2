"""The sequence form of a two-player game tree with perfect recall (von Stengel 1996;
Koller, Megiddo and von Stengel 1996), built exactly and sparsely.

A *sequence* of player i is the empty sequence ∅ or a pair (h, a): move a at information
set h — with perfect recall the list of i's own moves leading to a node is determined by
its last one. Sequence 0 is ∅; sequence ``offset[h] + a`` is (h, a). A *realization plan*
x ≥ 0 of player 1 satisfies ``E x = e``: x_∅ = 1 and, for every information set h with
parent sequence σ(h) (the player's last move before h), Σ_a x_(h,a) = x_σ(h). The constraint
rows are 0 (for ∅) and 1 + h. Player 2's plan y satisfies ``F y = f`` likewise.

The payoff matrices are sparse: ``A[σ, τ]`` (``B[σ, τ]``) is the sum over the leaves whose
sequences are σ for player 1 and τ for player 2 of (chance probability of the leaf) ×
(player 1's, 2's payoff). Expected payoffs are ``xᵀ A y`` and ``xᵀ B y``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core.errors import GameError, TooLargeError
from gamekit.extensive.game import ExtensiveGame

__all__ = ["SequenceForm", "sequence_form", "behaviour_from_plan", "plan_from_behaviour", "reduced_normal_form",
           "MAX_REDUCED_STRATEGIES"]

Sparse = dict[tuple[int, int], Fraction]

#: Largest number of reduced pure strategies per player :func:`reduced_normal_form` builds.
MAX_REDUCED_STRATEGIES = 100_000


@dataclass(frozen=True)
class SequenceForm:
    """The sequence form of an :class:`ExtensiveGame` (module doc).

    Attributes
    ----------
    game : ExtensiveGame
        The game.
    offsets : pair of tuples
        ``offsets[i][h]``: the index of sequence (h, 0) of player i+1.
    sizes : (int, int)
        Number of sequences of each player (∅ included).
    parent : pair of tuples
        ``parent[i][h]``: the parent sequence σ(h) of player i+1's information set h.
    A, B : dict
        The sparse payoff matrices {(σ, τ): value}.
    leaf_sequences : dict
        leaf node -> (σ, τ, chance probability).
    """

    game: ExtensiveGame
    offsets: tuple[tuple[int, ...], tuple[int, ...]]
    sizes: tuple[int, int]
    parent: tuple[tuple[int, ...], tuple[int, ...]]
    A: Sparse
    B: Sparse
    leaf_sequences: dict[int, tuple[int, int, Fraction]]

    def constraint_rows(self, player: int) -> list[dict[int, int]]:
        """The rows of E (player 1) or F (player 2) as sparse dicts {sequence: ±1}.

        Parameters
        ----------
        player : int
            1 or 2.

        Returns
        -------
        list of dict
            Row 0 is x_∅ = 1; row 1 + h is Σ_a x_(h,a) − x_σ(h) = 0.

        Examples
        --------
        >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
        >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
        >>> sf.constraint_rows(1)
        [{0: 1}, {0: -1, 1: 1, 2: 1}]
        """
        s = player - 1
        rows: list[dict[int, int]] = [{0: 1}]
        for h, info in enumerate(self.game.infosets[s]):
            row = {self.parent[s][h]: -1}
            for a in range(len(info.actions)):
                row[self.offsets[s][h] + a] = 1
            rows.append(row)
        return rows

    def sequence_label(self, player: int, sigma: int) -> str:
        """A readable name of a sequence: ``"∅"`` or ``"<infoset>:<move>"``."""
        if sigma == 0:
            return "∅"
        s = player - 1
        offs = self.offsets[s]
        for h in range(len(offs) - 1, -1, -1):
            if offs[h] <= sigma:
                return f"{self.game.infoset_label(player, h)}:{self.game.infosets[s][h].actions[sigma - offs[h]]}"
        raise GameError(f"no sequence {sigma}")

    def payoffs(self, x: Sequence[Fraction], y: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
        """(xᵀAy, xᵀBy) for realization plans x, y.

        Examples
        --------
        >>> from fractions import Fraction as F
        >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
        >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
        >>> sf.payoffs([F(1), F(1, 2), F(1, 2)], [F(1)])
        (Fraction(1, 2), Fraction(1, 2))
        """
        u = sum((x[i] * v * y[j] for (i, j), v in self.A.items() if x[i] and y[j]), Fraction(0))
        w = sum((x[i] * v * y[j] for (i, j), v in self.B.items() if x[i] and y[j]), Fraction(0))
        return u, w


def sequence_form(game: ExtensiveGame) -> SequenceForm:
    """The exact sparse sequence form of ``game`` (module doc).

    Parameters
    ----------
    game : ExtensiveGame
        A two-player game with perfect recall.

    Returns
    -------
    SequenceForm
        Sequences, constraints and the payoff matrices.

    Raises
    ------
    GameError
        ``game`` is not an :class:`ExtensiveGame`.

    Examples
    --------
    >>> from gamekit.extensive.game import Chance, ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Chance({"a": ("1/2", Move(1, "h", {"x": Leaf(2, -2), "y": Leaf(0, 0)})),
    ...                                     "b": ("1/2", Leaf(4, -4))}))
    >>> sf = sequence_form(g)
    >>> sf.sizes, sorted(sf.A.items())
    ((3, 1), [((0, 0), Fraction(2, 1)), ((1, 0), Fraction(1, 1)), ((2, 0), Fraction(0, 1))])
    """
    if not isinstance(game, ExtensiveGame):
        raise GameError(f"sequence_form expects an ExtensiveGame, not {type(game).__name__}")
    offsets: list[list[int]] = [[], []]
    sizes = [1, 1]
    for s in (0, 1):
        for info in game.infosets[s]:
            offsets[s].append(sizes[s])
            sizes[s] += len(info.actions)
    parent: list[list[int]] = [[-1] * len(game.infosets[0]), [-1] * len(game.infosets[1])]
    seq = [(0, 0, Fraction(1))] * len(game.nodes)  # (σ, τ, chance probability) at each node
    A: Sparse = {}
    B: Sparse = {}
    leaves: dict[int, tuple[int, int, Fraction]] = {}
    for i, n in enumerate(game.nodes):
        p, a = game.parents[i]
        if p >= 0:
            pn = game.nodes[p]
            s1, s2, pr = seq[p]
            if pn.kind == "chance":
                pr = pr * game.chance_infosets[pn.infoset].probs[a]
            elif pn.player == 1:
                s1 = offsets[0][pn.infoset] + a
            else:
                s2 = offsets[1][pn.infoset] + a
            seq[i] = (s1, s2, pr)
        if n.kind == "decision":
            parent[n.player - 1][n.infoset] = seq[i][0] if n.player == 1 else seq[i][1]
        elif n.kind == "terminal":
            s1, s2, pr = seq[i]
            leaves[i] = seq[i]
            if pr:
                u, v = game.leaf_payoffs[i]
                A[(s1, s2)] = A.get((s1, s2), Fraction(0)) + pr * u
                B[(s1, s2)] = B.get((s1, s2), Fraction(0)) + pr * v
    return SequenceForm(game, (tuple(offsets[0]), tuple(offsets[1])), (sizes[0], sizes[1]),
                        (tuple(parent[0]), tuple(parent[1])), A, B, leaves)


def behaviour_from_plan(sf: SequenceForm, player: int, plan: Sequence[Fraction]) -> tuple[tuple[Fraction, ...], ...]:
    """Behaviour strategy of a realization plan: β(h, a) = x_(h,a) / x_σ(h); uniform at an
    information set the plan does not reach (x_σ(h) = 0), as Gambit does.

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.
    player : int
        1 or 2.
    plan : sequence of Fraction
        The player's realization plan.

    Returns
    -------
    tuple of tuples
        One probability vector per information set.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
    >>> behaviour_from_plan(sf, 1, [F(1), F(1, 4), F(3, 4)])
    ((Fraction(1, 4), Fraction(3, 4)),)
    """
    s = player - 1
    out = []
    for h, info in enumerate(sf.game.infosets[s]):
        k = len(info.actions)
        reach = plan[sf.parent[s][h]]
        off = sf.offsets[s][h]
        if reach:
            out.append(tuple(plan[off + a] / reach for a in range(k)))
        else:
            out.append(tuple(Fraction(1, k) for _ in range(k)))
    return tuple(out)


def plan_from_behaviour(sf: SequenceForm, player: int, beh: Sequence[Sequence[Fraction]]) -> tuple[Fraction, ...]:
    """The realization plan of a behaviour strategy: x_(h,a) = x_σ(h) · β(h, a).

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.
    player : int
        1 or 2.
    beh : sequence of probability vectors
        One per information set of the player.

    Returns
    -------
    tuple of Fraction
        The realization plan (length ``sf.sizes[player - 1]``).

    Raises
    ------
    GameError
        Wrong shape, or not probability vectors.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
    >>> plan_from_behaviour(sf, 1, [["1/4", "3/4"]])
    (Fraction(1, 1), Fraction(1, 4), Fraction(3, 4))
    """
    from gamekit.core.numbers import to_fraction

    s = player - 1
    infosets = sf.game.infosets[s]
    if len(beh) != len(infosets):
        raise GameError(f"player {player} has {len(infosets)} information sets, got {len(beh)} move distributions")
    x = [Fraction(0)] * sf.sizes[s]
    x[0] = Fraction(1)
    # information sets in prefix order of their first node: a parent sequence comes first
    order = sorted(range(len(infosets)), key=lambda h: infosets[h].nodes[0])
    for h in order:
        probs = [to_fraction(v, "probability") for v in beh[h]]
        if len(probs) != len(infosets[h].actions) or any(p < 0 for p in probs) or sum(probs) != 1:
            raise GameError(f"player {player}'s moves at information set {infosets[h].number} are not a probability vector")
        reach = x[sf.parent[s][h]]
        for a, p in enumerate(probs):
            x[sf.offsets[s][h] + a] = reach * p
    return tuple(x)


def _reduced_strategies(sf: SequenceForm, player: int) -> list[tuple[int, ...]]:
    """Reduced pure strategies as sorted tuples of the sequences they play (the realization
    plan's support): at each reached information set one move."""
    s = player - 1
    game = sf.game
    children: dict[int, list[int]] = {}
    for h in range(len(game.infosets[s])):
        children.setdefault(sf.parent[s][h], []).append(h)

    def expand(seqs: list[int]) -> list[list[int]]:
        # all ways of choosing one move at every information set following the given sequences
        hs = [h for q in seqs for h in children.get(q, [])]
        results: list[list[int]] = [[]]
        for h in hs:
            options = []
            for a in range(len(game.infosets[s][h].actions)):
                q = sf.offsets[s][h] + a
                for rest in expand([q]):
                    options.append([q, *rest])
            results = [r + o for r in results for o in options]
            if len(results) > MAX_REDUCED_STRATEGIES:
                raise TooLargeError(f"player {player} has more than {MAX_REDUCED_STRATEGIES:,} reduced strategies")
        return results

    return [tuple(sorted([0, *r])) for r in expand([0])]


def reduced_normal_form(game: ExtensiveGame):
    """The reduced normal form: a :class:`~gamekit.core.game.BimatrixGame` whose strategies
    are the reduced pure strategies (one move at each information set the strategy itself
    does not exclude), labelled ``"h:a h:a …"``, payoffs exact.

    Parameters
    ----------
    game : ExtensiveGame
        The game.

    Returns
    -------
    (BimatrixGame, list, list)
        The game and each player's strategies as tuples of sequence indices.

    Raises
    ------
    TooLargeError
        More than :data:`MAX_REDUCED_STRATEGIES` reduced strategies for a player.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Move(2, "c", {"l": Leaf(1, 1), "r": Leaf(2, 0)})}))
    >>> nf, _, _ = reduced_normal_form(g)
    >>> nf.row_labels, nf.col_labels, nf.A
    (('r:L', 'r:R'), ('c:l', 'c:r'), ((Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(2, 1))))
    """
    from gamekit.core.game import BimatrixGame

    sf = sequence_form(game)
    rows = _reduced_strategies(sf, 1)
    cols = _reduced_strategies(sf, 2)
    if len(rows) * len(cols) > 4 * MAX_REDUCED_STRATEGIES:
        raise TooLargeError(f"the reduced normal form would have {len(rows)} x {len(cols)} cells")
    col_index: dict[int, list[int]] = {}
    for j, c in enumerate(cols):
        for t in c:
            col_index.setdefault(t, []).append(j)
    A = [[Fraction(0)] * len(cols) for _ in rows]
    B = [[Fraction(0)] * len(cols) for _ in rows]
    by_row: dict[int, list[tuple[int, Fraction, Fraction]]] = {}
    for (s1, s2), v in sf.A.items():
        by_row.setdefault(s1, []).append((s2, v, sf.B.get((s1, s2), Fraction(0))))
    for (s1, s2), w in sf.B.items():
        if (s1, s2) not in sf.A:
            by_row.setdefault(s1, []).append((s2, Fraction(0), w))
    for i, r in enumerate(rows):
        for s1 in r:
            for s2, v, w in by_row.get(s1, ()):
                for j in col_index.get(s2, ()):
                    A[i][j] += v
                    B[i][j] += w

    def label(player: int, strat: tuple[int, ...]) -> str:
        return " ".join(sf.sequence_label(player, q) for q in strat if q) or "∅"

    nf = BimatrixGame(A, B, [label(1, r) for r in rows], [label(2, c) for c in cols], title=game.title)
    return nf, rows, cols
