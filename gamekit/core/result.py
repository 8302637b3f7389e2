"""The one result protocol returned by :func:`gamekit.solve` for every game kind.

A solver result is a frozen record with

``game``         the game that was solved;
``method``       the algorithm that produced it (a :data:`Method` string);
``equilibria``   the extreme equilibria found, each certified by the exact best-response
                 test of :mod:`gamekit.core.certify` (a tuple or list);
``complete``     True when ``equilibria`` is provably *every* extreme equilibrium;
``unique``       True when the game provably has exactly one equilibrium;
``components``   the pieces of the equilibrium set that the method computes (maximal Nash
                 subsets, connected components, α-pieces), or None;
``certificate``  what was checked (method-specific record), or None;
``to_json()``    an exact-string JSON form.

It is also a read-only sequence of its equilibria: ``len(r)``, ``r[0]``, ``for e in r``,
``e in r`` and ``r == [...]`` (compares the equilibria with a list or tuple) all work, so
the contract's ``for e in gamekit.solve(g, method="all")`` reads as before.

:class:`SolverResult` is the runtime-checkable :class:`typing.Protocol`;
:class:`ResultSequence` is the mixin the concrete result types inherit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal, Protocol, get_args, runtime_checkable

__all__ = ["Method", "BimatrixMethod", "AdditiveAlgorithm", "SearchMode", "SolverResult", "ResultSequence",
           "methods"]

# The method vocabulary, written once. A game kind accepts some of these strings as
# ``gamekit.solve(game, method=...)`` (registered in its ``kind`` module, the default first);
# a result's ``method`` is the algorithm that produced it, also one of these strings.

#: Methods for explicit bimatrix games (``gamekit.solve(bimatrix_game, method=...)``), default first.
BimatrixMethod = Literal["all", "vertex_enumeration", "lemke_howson", "support_enumeration", "pure"]
#: What the additive solver ran (chosen by the number of rows m and player I's payoff form):
#: ``"trivial"`` (m = 1), ``"foster"`` (m = 2), ``"arrangement"`` (m > 2, additive payoffs),
#: ``"enumeration"`` (m > 2, a general ``a_func``).
AdditiveAlgorithm = Literal["trivial", "foster", "arrangement", "enumeration"]
#: Which strategy space the doubly additive enumeration searches.
SearchMode = Literal["auto", "rows", "columns"]

#: Every ``method`` string: what :func:`gamekit.solve` accepts and what a result reports.
Method = Literal[
    BimatrixMethod,
    "additive",  # accepted for an AdditiveGame; its result reports an AdditiveAlgorithm
    AdditiveAlgorithm,
    "doubly_additive",
    "parametric",
    "parametric_doubly_additive",
    "perfect",
    "proper",
    "lemke",  # extensive games (gamekit.extensive): the sequence-form LCP, default
    "zerosum",  # extensive zero-sum games: one exact LP
    "backward_induction",  # extensive games of perfect information: pure subgame-perfect equilibria
]


def methods(vocabulary: Any = None) -> tuple[str, ...]:
    """The strings of a method vocabulary (default: every :data:`Method`), in order.

    Parameters
    ----------
    vocabulary : Literal type, optional
        :data:`Method`, :data:`BimatrixMethod` or :data:`AdditiveAlgorithm`.

    Returns
    -------
    tuple of str
        Its strings, in the order they are written (for :data:`BimatrixMethod` the
        default ``"all"`` first).

    Examples
    --------
    >>> from gamekit.core.result import BimatrixMethod, methods
    >>> methods(BimatrixMethod)[0]
    'all'
    >>> "arrangement" in methods()
    True
    """
    return get_args(Method if vocabulary is None else vocabulary)


@runtime_checkable
class SolverResult(Protocol):
    """What every solver result provides (see the module doc).

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> r = solve(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> isinstance(r, SolverResult), r.method, r.complete, r.unique, len(r)
    (True, 'all', True, False, 3)
    >>> r.to_json()["equilibria"][1]["row"]
    ['3/5', '2/5']
    """

    @property
    def game(self) -> Any: ...

    @property
    def method(self) -> str: ...

    @property
    def equilibria(self) -> Sequence[Any]: ...

    @property
    def complete(self) -> bool: ...

    @property
    def unique(self) -> bool | None: ...

    @property
    def components(self) -> Sequence[Any] | None: ...

    @property
    def certificate(self) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...

    def __len__(self) -> int: ...

    def __getitem__(self, i: Any) -> Any: ...


class ResultSequence(Sequence[Any]):
    """Mixin: a result is the read-only sequence of its ``equilibria``.

    Concrete results are ``@dataclass(frozen=True, eq=False)``: equality is defined here —
    against a list or tuple it compares the equilibria, against another result of the same
    type it compares every field.

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> r = solve(BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 1]]))
    >>> isinstance(r, ResultSequence), r[0] == list(r)[0], r == list(r.equilibria)
    (True, True, True)
    """

    __slots__ = ()

    def __len__(self) -> int:
        return len(self.equilibria)  # type: ignore[attr-defined]

    def __getitem__(self, i: Any) -> Any:
        return self.equilibria[i]  # type: ignore[attr-defined]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.equilibria)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple)):
            return list(self.equilibria) == list(other)  # type: ignore[attr-defined]
        if type(other) is type(self):
            return vars(self) == vars(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """Exact-string JSON: method, complete, unique, equilibria (and a certificate summary)."""
        infosets = getattr(self.game, "infosets", None)  # type: ignore[attr-defined]
        eqs = [e.to_json(infosets) if infosets is not None and hasattr(e, "draw") else e.to_json()
               for e in self.equilibria]  # type: ignore[attr-defined]
        out = {"method": self.method, "complete": self.complete,  # type: ignore[attr-defined]
               "unique": self.unique, "equilibria": eqs}  # type: ignore[attr-defined]
        cert = self.certificate  # type: ignore[attr-defined]
        if cert is not None and hasattr(cert, "summary"):
            out["certificate"] = cert.summary()
        return out
