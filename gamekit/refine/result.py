"""The result of a refinement (``method="perfect"`` / ``"proper"``): a SolverResult."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamekit.bimatrix.solve import Component
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt
from gamekit.core.result import ResultSequence

__all__ = ["RefinementResult"]


@dataclass(frozen=True, eq=False)
class RefinementResult(ResultSequence):
    """Equilibria that pass a refinement, in the :class:`~gamekit.core.result.SolverResult`
    protocol (and the sequence of its ``equilibria``).

    ``equilibria``   the extreme equilibria that pass (each Nash-certified and refinement-certified);
    ``complete``     True when ``equilibria`` is every extreme equilibrium that passes;
    ``components``   the refined part of the equilibrium set as maximal products of faces
                     conv(rows) × conv(cols) (indices into ``row_vertices``/``col_vertices``,
                     ``connected`` = the connected component of the Nash set), or None;
    ``certificate``  a dict of the exact witnesses (see the method's function);
    ``parameters``   what ran and where each equilibrium came from (JSON ``parameters``).

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> r = solve(BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]]), method="perfect")
    >>> isinstance(r, RefinementResult), r.method, r.complete, list(r)
    (True, 'perfect', True, [Equilibrium(row=(1, 0), col=(1, 0), payoffs=(1, 1))])
    """

    method: str
    complete: bool
    equilibria: tuple[Equilibrium, ...]
    components: tuple[Component, ...] | None
    row_vertices: tuple[tuple[Fraction, ...], ...]
    col_vertices: tuple[tuple[Fraction, ...], ...]
    certificate: dict = field(default_factory=dict)
    game: BimatrixGame | None = None
    parameters: dict = field(default_factory=dict)

    @property
    def unique(self) -> bool:
        """True when exactly one equilibrium passes (proved only when ``complete``; never
        claimed for a constructed, non-extreme proper equilibrium, whose neighbours in its
        Nash subset are not decided)."""
        return self.complete and len(self.equilibria) == 1 and all(
            len(c.rows) == 1 and len(c.cols) == 1 for c in self.components or ()) and \
            "constructed" not in self.parameters.get("sources", ())

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``gamekit solve --json`` (same keys) plus ``certificate``."""
        out: dict[str, Any] = {}
        if self.game is not None:
            out.update(rows=self.game.m, cols=self.game.n)
        out.update(method=self.method, complete=self.complete,
                   equilibria=[e.to_json() for e in self.equilibria],
                   unique=self.unique if self.complete else None)
        out["row_vertices"] = [[fmt(p) for p in v] for v in self.row_vertices]
        out["col_vertices"] = [[fmt(p) for p in v] for v in self.col_vertices]
        if self.components is not None:
            out["components"] = [{"rows": list(c.rows), "cols": list(c.cols), "connected": c.connected}
                                 for c in self.components]
        else:
            out["components"] = None
        if self.game is not None:
            out["labels"] = {"rows": list(self.game.row_labels), "cols": list(self.game.col_labels)}
        # the Nash equilibria refined: those of method "all"; then the method's own entries
        out["parameters"] = {"refines": "all", **self.parameters}
        out["certificate"] = self.certificate
        return out
