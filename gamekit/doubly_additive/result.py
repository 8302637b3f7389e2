"""Result types of the doubly additive enumeration: equilibria, Nash subsets, certificate.

This module imports nothing from :mod:`gamekit.doubly_additive`: the game is described by
the structural protocol :class:`GameView` (what the results read from it), so the
package's import graph is acyclic (game, result → subsets → enumeration).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from gamekit.core.numbers import fmt
from gamekit.core.result import ResultSequence

__all__ = ["GameView", "BehaviourEquilibrium", "NashSubset", "ConnectedComponent", "Certificate", "DoublyAdditiveSolution"]


class GameView(Protocol):
    """What the results read from a doubly additive game
    (:class:`gamekit.doubly_additive.game.GameView` satisfies it)."""

    row_sets: tuple[str, ...]
    col_sets: tuple[str, ...]
    I: Any  # noqa: E741 - player I's payoff form (has ``row_gain``)
    II: Any  # player II's payoff form (has ``col_gain``)

    def check_x(self, x: Sequence) -> tuple[Fraction, ...]: ...

    def check_y(self, y: Sequence) -> tuple[Fraction, ...]: ...

    def is_equilibrium(self, x: Sequence, y: Sequence) -> bool: ...


@dataclass(frozen=True)
class BehaviourEquilibrium:
    """A Nash equilibrium in behaviour strategies.

    ``x[h]`` (``y[l]``) is the probability that player I (II) plays move 1 at information
    set h (l); ``payoffs`` = (U_I(x, y), U_II(x, y)).

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame, solve
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [0], [[0]]), (0, [0], [0], [[0]]))
    >>> r = solve(g)  # move 1 is dominant for I; II is indifferent everywhere
    >>> r[1]
    BehaviourEquilibrium(x=(Fraction(1, 1),), y=(Fraction(1, 1),), payoffs=(Fraction(1, 1), Fraction(0, 1)))
    """

    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]

    def to_json(self, game: GameView) -> dict:
        """``{"row": {label: "p/q"}, "col": {...}, "payoffs": ["...", "..."]}``."""
        return {
            "row": {s: fmt(v) for s, v in zip(game.row_sets, self.x)},
            "col": {s: fmt(v) for s, v in zip(game.col_sets, self.y)},
            "payoffs": [fmt(v) for v in self.payoffs],
        }


@dataclass(frozen=True)
class NashSubset:
    """A maximal Nash subset X × Y (every pair in it is an equilibrium; maximal).

    ``x_vertices``/``y_vertices`` are the extreme points of X and Y; ``equilibria`` the
    indices (into :attr:`DoublyAdditiveSolution.equilibria`) of the extreme equilibria
    X × Y contains, i.e. all pairs of vertices. Its H-description is given by labels, one
    character per information set:

    * ``row_labels[h]`` ∈ {'0', '1', '*'}: x_h = 0, x_h = 1 or free on X, and f_h ≤ 0,
      f_h ≥ 0 or f_h = 0 on Y;
    * ``col_labels[l]`` likewise for y_l on Y and g_l on X.

    So X = {x ∈ [0,1]^m : x_h fixed by '0'/'1'; g_l(x) ≤ 0 / ≥ 0 / = 0 for '0'/'1'/'*'}
    and Y the same with the roles exchanged.

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame, solve
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [0], [[0]]), (0, [0], [0], [[0]]))
    >>> r = solve(g)  # move 1 is dominant for I; II is indifferent everywhere
    >>> s = r.subsets[0]
    >>> s.x_vertices, s.y_vertices, s.equilibria, s.row_labels, s.col_labels
    (((Fraction(1, 1),),), ((Fraction(0, 1),), (Fraction(1, 1),)), (0, 1), '1', '*')
    """

    x_vertices: tuple[tuple[Fraction, ...], ...]
    y_vertices: tuple[tuple[Fraction, ...], ...]
    equilibria: tuple[int, ...]
    row_labels: str
    col_labels: str

    def contains(self, game: GameView, x: Sequence, y: Sequence) -> bool:
        """Exact membership of (x, y) in X × Y via the label description."""
        xx, yy = game.check_x(x), game.check_y(y)
        g = game.II.col_gain(xx)
        f = game.I.row_gain(yy)
        return _fits(xx, self.row_labels, g, self.col_labels) and _fits(
            yy, self.col_labels, f, self.row_labels
        )


def _fits(v: tuple[Fraction, ...], own: str, gains: tuple[Fraction, ...], other: str) -> bool:
    for vi, lab in zip(v, own):
        if (lab == "0" and vi != 0) or (lab == "1" and vi != 1):
            return False
    for gv, lab in zip(gains, other):
        if (lab == "0" and gv > 0) or (lab == "1" and gv < 0) or (lab == "*" and gv != 0):
            return False
    return True


@dataclass(frozen=True)
class ConnectedComponent:
    """A connected component of the equilibrium set: Nash subsets linked by shared points.

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame, solve
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [0], [[0]]), (0, [0], [0], [[0]]))
    >>> r = solve(g)  # move 1 is dominant for I; II is indifferent everywhere
    >>> r.components
    (ConnectedComponent(subsets=(0,), equilibria=(0, 1)),)
    """

    subsets: tuple[int, ...]
    equilibria: tuple[int, ...]


@dataclass
class Certificate:
    """What the enumeration examined (all counts exact).

    * ``pruned``: (player, label, value, round) for every information set whose gain has a
      strict constant sign on the current box (iterated strict dominance, Lemma 1 of
      Ethier & Lee II applied to both players); value is the forced move.
    * ``always_indifferent``: (player, label) whose gain vanishes on the whole reduced box.
    * ``searched``: "rows" when the arrangement of player II's gain hyperplanes g_l = 0
      was searched in player I's strategy space, "columns" for the transposed search.
    * ``free_dims``, ``hyperplanes``: dimension of the searched box and number of gain
      hyperplanes that are not constant on it.
    * ``faces``: faces of the box examined; ``faces_pruned``: faces dismissed without search.
    * ``regions``, ``regions_pruned``: boxes of the exact dyadic subdivision visited/dismissed.
    * ``systems``: linear systems solved for arrangement vertices (the candidate cases).
    * ``vertices``: distinct arrangement vertices found that pass the region tests;
      ``feasible``: those at which an equilibrium exists (player II's polytope nonempty).
    * ``degenerate``: vertices whose polytope of answers needed double description.

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame, solve
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [0], [[0]]), (0, [0], [0], [[0]]))
    >>> r = solve(g)  # move 1 is dominant for I; II is indifferent everywhere
    >>> r.certificate.pruned, r.certificate.always_indifferent
    ([('I', 'h', 1, 1)], [('II', 'l')])
    """

    pruned: list[tuple[str, str, int, int]] = field(default_factory=list)
    always_indifferent: list[tuple[str, str]] = field(default_factory=list)
    searched: str = "rows"
    free_dims: int = 0
    hyperplanes: int = 0
    faces: int = 0
    faces_pruned: int = 0
    regions: int = 0
    regions_pruned: int = 0
    systems: int = 0
    vertices: int = 0
    feasible: int = 0
    degenerate: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["pruned"] = [list(p) for p in self.pruned]
        d["always_indifferent"] = [list(p) for p in self.always_indifferent]
        return d


@dataclass(frozen=True, eq=False)
class DoublyAdditiveSolution(ResultSequence):
    """Every Nash equilibrium of a :class:`GameView`, exactly.

    The equilibrium set is the union over ``subsets`` of conv(x_vertices) × conv(y_vertices);
    ``equilibria`` are its extreme points (pairs of vertices of the gain arrangements), in
    lexicographic order of (x, y). ``complete`` is always True.

    Examples
    --------
    >>> from gamekit import DoublyAdditiveGame, solve
    >>> r = solve(DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]])))
    >>> isinstance(r, DoublyAdditiveSolution), r.complete, r[0].payoffs
    (True, True, (Fraction(1, 2), Fraction(-1, 2)))
    """

    game: GameView
    equilibria: tuple[BehaviourEquilibrium, ...]
    subsets: tuple[NashSubset, ...]
    components: tuple[ConnectedComponent, ...]
    certificate: Certificate
    complete: bool = True

    @property
    def unique(self) -> bool:
        """True iff the game has exactly one Nash equilibrium."""
        return len(self.equilibria) == 1

    @property
    def method(self) -> str:
        """The algorithm: exact enumeration of the gain arrangements (module doc)."""
        return "doubly_additive"

    def contains(self, x: Sequence, y: Sequence) -> bool:
        """Exact test that (x, y) is a Nash equilibrium (equivalently, lies in a subset)."""
        return self.game.is_equilibrium(x, y)

    def subset_of(self, x: Sequence, y: Sequence) -> int | None:
        """Index of a reported Nash subset containing (x, y), or None."""
        for i, s in enumerate(self.subsets):
            if s.contains(self.game, x, y):
                return i
        return None

    def to_json(self) -> dict:
        g = self.game
        return {
            "method": self.method,
            "row_sets": list(g.row_sets),
            "col_sets": list(g.col_sets),
            "complete": self.complete,
            "unique": self.unique,
            "equilibria": [e.to_json(g) for e in self.equilibria],
            "subsets": [
                {"equilibria": list(s.equilibria), "row_labels": s.row_labels,
                 "col_labels": s.col_labels}
                for s in self.subsets
            ],
            "components": [
                {"subsets": list(c.subsets), "equilibria": list(c.equilibria)}
                for c in self.components
            ],
            "certificate": self.certificate.to_json(),
        }
