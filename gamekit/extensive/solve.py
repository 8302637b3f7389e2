"""``gamekit.solve`` for extensive games: the methods and the result type.

=======================  ====================================================================
``method``               what it decides
=======================  ====================================================================
``"lemke"`` (default)    one equilibrium: Lemke's algorithm on the sequence-form LCP
                         (:mod:`gamekit.extensive.lemke`)
``"zerosum"``            a zero-sum (constant-sum) game's value and optimal behaviour
                         strategies by one exact LP (:mod:`gamekit.extensive.zerosum`)
``"backward_induction"`` every pure subgame-perfect equilibrium of a game of perfect
                         information (:mod:`gamekit.extensive.backward`)
``"all"``                every extreme equilibrium: vertex enumeration of the two
                         sequence-form polyhedra (:mod:`gamekit.extensive.vertex_enumeration`)
=======================  ====================================================================

Every equilibrium returned passed the exact best-response test of
:mod:`gamekit.extensive.certify` before it is returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from gamekit.bimatrix.solve import Component
from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt
from gamekit.core.result import ResultSequence
from gamekit.extensive.certify import BehaviourProfile
from gamekit.extensive.game import ExtensiveGame

__all__ = ["ExtensiveMethod", "ExtensiveSolution", "solve_extensive", "METHODS"]

#: The methods of an extensive game, the default first.
ExtensiveMethod = Literal["lemke", "zerosum", "backward_induction", "all"]
METHODS: tuple[str, ...] = ("lemke", "zerosum", "backward_induction", "all")


@dataclass(frozen=True, eq=False)
class ExtensiveSolution(ResultSequence):
    """The result of :func:`solve_extensive` (the :class:`~gamekit.core.result.SolverResult`
    protocol): ``equilibria`` are certified :class:`BehaviourProfile` objects.

    ``complete`` is True only for ``"all"`` (every extreme equilibrium); ``unique`` is True
    only when the method proves it (``"all"`` with one equilibrium; ``"zerosum"`` never claims
    it: optimal strategies may form a polytope; it proves the *value*, in
    ``certificate["value"]``).

    Examples
    --------
    >>> import gamekit
    >>> from gamekit.extensive import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "I", {"L": Leaf(1, 0), "R": Leaf(0, 1)}))
    >>> r = gamekit.solve(g, method="backward_induction")
    >>> r.method, r[0].payoffs
    ('backward_induction', (Fraction(1, 1), Fraction(0, 1)))
    """

    game: ExtensiveGame
    method: str
    equilibria: tuple[BehaviourProfile, ...]
    certificate: dict = field(default_factory=dict)
    complete: bool = False
    unique: bool | None = None
    #: ``"all"``: the maximal Nash subsets (rows/cols index ``row_vertices``/``col_vertices``,
    #: the extreme realization plans of the two players); None for the other methods
    components: tuple[Component, ...] | None = None
    row_vertices: tuple[tuple[Fraction, ...], ...] = ()
    col_vertices: tuple[tuple[Fraction, ...], ...] = ()

    @property
    def connected_components(self) -> int | None:
        """Number of connected components of the equilibrium set (``"all"``; else None)."""
        if self.components is None:
            return None
        return len({c.connected for c in self.components})

    def to_json(self) -> dict:
        """Exact-string JSON (docs/json.md, "Extensive games")."""
        out: dict[str, Any] = {
            "kind": "extensive",
            "method": self.method,
            "complete": self.complete,
            "unique": self.unique,
            "players": list(self.game.players),
            "equilibria": [e.to_json(self.game) for e in self.equilibria],
            "certificate": {k: (fmt(v) if isinstance(v, Fraction) else v) for k, v in self.certificate.items()},
        }
        if self.components is None:
            out["components"] = None
        else:
            out["row_vertices"] = [[fmt(v) for v in x] for x in self.row_vertices]
            out["col_vertices"] = [[fmt(v) for v in y] for y in self.col_vertices]
            out["components"] = [{"rows": list(c.rows), "cols": list(c.cols), "connected": c.connected}
                                 for c in self.components]
        return out


def solve_extensive(game: ExtensiveGame, method: ExtensiveMethod = "lemke", *, max_pivots: int = 1_000_000,
                    max_equilibria: int = 1000) -> ExtensiveSolution:
    """Equilibria of a two-player extensive game with perfect recall, certified exactly.

    Parameters
    ----------
    game : ExtensiveGame
        The game.
    method : {"lemke", "zerosum", "backward_induction", "all"}
        See the module doc.
    max_pivots : int
        Safety bound on Lemke's pivots (``"lemke"``).
    max_equilibria : int
        Most pure subgame-perfect equilibria listed (``"backward_induction"``; the
        certificate says whether the list is complete).

    Returns
    -------
    ExtensiveSolution
        The certified equilibria.

    Raises
    ------
    GameError
        An unknown method; ``"zerosum"`` of a game that is not constant-sum;
        ``"backward_induction"`` of a game without perfect information.
    CertificationError
        An internal check failed.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Move(2, "c", {"l": Leaf(1, 1), "r": Leaf(2, 0)})}))
    >>> r = solve_extensive(g)
    >>> r.method, [str(v) for v in r[0].payoffs]
    ('lemke', ['1', '1'])
    """
    if not isinstance(game, ExtensiveGame):
        raise GameError(f"solve_extensive expects an ExtensiveGame, not {type(game).__name__}")
    if not isinstance(max_pivots, int) or isinstance(max_pivots, bool) or max_pivots < 1:
        raise GameError("max_pivots must be a positive integer")
    if not isinstance(max_equilibria, int) or isinstance(max_equilibria, bool) or max_equilibria < 1:
        raise GameError("max_equilibria must be a positive integer")
    if method == "lemke":
        from gamekit.extensive.certify import certify_plans
        from gamekit.extensive.lemke import lemke_plans
        from gamekit.extensive.sequence_form import sequence_form

        sf = sequence_form(game)
        x, y, pivots = lemke_plans(sf, max_pivots)
        eq = certify_plans(sf, x, y, "Lemke's equilibrium")
        cert: dict[str, Any] = {"pivots": pivots, "sequences": list(sf.sizes),
                                "test": "exact best response in behaviour strategies"}
        return ExtensiveSolution(game, "lemke", (eq,), cert)
    if method == "zerosum":
        from gamekit.extensive.zerosum import solve_zerosum

        return solve_zerosum(game)
    if method == "backward_induction":
        from gamekit.extensive.backward import solve_backward

        return solve_backward(game, max_equilibria)
    if method == "all":
        from gamekit.extensive.sequence_form import sequence_form
        from gamekit.extensive.vertex_enumeration import all_equilibria, plan_components

        sf = sequence_form(game)
        eqs, counts = all_equilibria(sf)
        xs, ys, comps = plan_components(eqs)
        cert = {**counts, "sequences": list(sf.sizes), "test": "exact best response in behaviour strategies"}
        return ExtensiveSolution(game, "all", tuple(eqs), cert, complete=True, unique=len(eqs) == 1,
                                 components=tuple(comps), row_vertices=tuple(xs), col_vertices=tuple(ys))
    raise GameError(f"unknown method {method!r} for an ExtensiveGame; valid methods: {', '.join(METHODS)}")
