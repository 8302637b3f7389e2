"""``gamekit.bimatrix.solve``: one entry point for the exact equilibrium solvers of bimatrix games.

Methods (all results exact and certified by an exact best-response check):

``"all"``
    Every extreme equilibrium, degenerate games included, plus the maximal Nash subsets
    (components). Strictly dominated strategies are removed first; then the algorithm
    named by option ``strategy`` runs (:mod:`gamekit.bimatrix.policy`: ``"envelope_2xn"``,
    ``"exact"``, ``"one_sided"``, ``"two_sided"``, or ``"auto"`` — the default — which
    picks one from the game's size and payoffs). ``parameters["strategy"]`` reports it,
    ``parameters["fallbacks"]`` any fallback. ``complete`` is True. Option ``cluster`` (a
    ``distributed.Client`` or a scheduler address) runs the certified search on a Dask
    cluster (:mod:`gamekit.kernel.distributed_search`); ``parameters["cluster"]`` reports it.
``"vertex_enumeration"``
    Every extreme equilibrium via the best-response polytopes, always (no 2×N shortcut,
    no dominance step) — the reference method. ``complete`` is True.
``"lemke_howson"``
    Lemke–Howson from each of the m + n labels (or from ``initial_label`` only) with the
    lexicographic rule; duplicates removed. Option ``strategy``
    (:mod:`gamekit.bimatrix.lh_policy`: ``"float_path"`` — the path in floats, its end
    solved and certified exactly, falling back to exact pivoting per label —,
    ``"exact"`` — integer pivoting throughout —, or ``"auto"``); ``max_iter`` (default
    100000 pivots per label). A subset of the extreme equilibria.
``"support_enumeration"``
    Equal-size support pairs, float filter and exact certification (complete for
    nondegenerate games, which is not checked, so ``complete`` is False).
``"pure"``
    The pure-strategy equilibria.

Extreme equilibria are listed in a canonical order: by row strategy, then column
strategy, each compared by decreasing probability of the first, second, … strategy.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamekit.bimatrix.enumerate_all import all_extreme_equilibria
from gamekit.bimatrix.intgame import (
    IntGame,
    Profile,
    Sparse,
    SparseId,
    certify_and_build,
    integer_game,
    sparse_id,
    sparse_key_reversed,
)
from gamekit.bimatrix.lh_policy import LHStrategy, check_lh_options
from gamekit.bimatrix.policy import Strategy, Threads, check_strategy
from gamekit.bimatrix.pure import pure_equilibria
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria
from gamekit.bimatrix.vertex_pairs import VertexPairs, certify_pairs
from gamekit.core.display import Vectors
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import GameError, SearchBudgetExceeded
from gamekit.core.game import BimatrixGame
from gamekit.core.gc_pause import gc_paused
from gamekit.core.numbers import FmtMemo, fmt
from gamekit.core.result import BimatrixMethod, ResultSequence, methods
from gamekit.kernel.graphs import components_and_bicliques

__all__ = ["METHODS", "Component", "Parameters", "SolveResult", "solve_result"]

#: The bimatrix methods, default first (:data:`~gamekit.core.result.BimatrixMethod`).
METHODS: tuple[str, ...] = methods(BimatrixMethod)

# The options each method takes; any other is a GameError. ``max_iter`` bounds pivots, so
# only the pivoting methods take it (method "all" with strategy "exact" only).
_OPTIONS = {
    "pure": (),
    "support_enumeration": ("use_floats",),
    "lemke_howson": ("strategy", "max_iter", "initial_label"),
    "vertex_enumeration": ("max_iter",),
    "all": ("strategy", "threads", "max_iter", "eliminate_dominated", "max_vertices", "max_seconds", "cluster",
            "one_shot"),
}


class Parameters(Mapping[str, Any]):
    """A read-only mapping (the type of :attr:`SolveResult.parameters`): like
    :class:`types.MappingProxyType` of a private copy, but picklable and comparable.

    Examples
    --------
    >>> p = Parameters({"strategy": "exact"})
    >>> p["strategy"], dict(p), p == {"strategy": "exact"}
    ('exact', {'strategy': 'exact'}, True)
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[Any, Any] = ()) -> None:  # type: ignore[assignment]
        self._data = dict(data)

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"Parameters({self._data!r})"


@dataclass(frozen=True)
class Component:
    """A maximal Nash subset: conv(rows) × conv(cols) consists of equilibria, and no
    extreme strategy can be added to either side.

    ``rows``/``cols`` index ``SolveResult.row_vertices``/``col_vertices``; ``connected``
    is the index of the connected component of the equilibrium set that contains it
    (maximal Nash subsets that share an extreme strategy lie in the same one).

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> r = solve(BimatrixGame([[1, 1], [0, 2]], [[1, 1], [0, 1]]))
    >>> c = r.components[0]  # row 1 against every mix of the first two column vertices
    >>> c, [r.col_vertices[j] for j in c.cols]
    (Component(rows=(0,), cols=(0, 1), connected=0), [(Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 2), Fraction(1, 2))])
    """

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    connected: int = 0


@dataclass(frozen=True, eq=False)
class SolveResult(ResultSequence):
    """Everything a bimatrix solver found (the :class:`~gamekit.core.result.SolverResult`
    protocol): every equilibrium passed the exact best-response test; ``complete`` is True
    for ``"all"`` and ``"vertex_enumeration"``. Also the sequence of its equilibria.

    Examples
    --------
    >>> from gamekit import BimatrixGame, solve
    >>> r = solve(BimatrixGame([[1, 1], [0, 2]], [[1, 1], [0, 1]]))
    >>> isinstance(r, SolveResult), r.method, r.complete, len(r), r.connected_components
    (True, 'all', True, 3, 2)
    >>> r[2].payoffs, r.to_json()["equilibria"][1]["col"]
    ((Fraction(2, 1), Fraction(1, 1)), ['1/2', '1/2'])
    """

    method: str
    complete: bool
    equilibria: tuple[Equilibrium, ...]
    components: tuple[Component, ...] | None
    row_vertices: tuple[tuple[Fraction, ...], ...]
    col_vertices: tuple[tuple[Fraction, ...], ...]
    parameters: Mapping[str, Any] = field(default_factory=Parameters)
    game: BimatrixGame | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.parameters, Parameters):  # frozen: a read-only copy
            object.__setattr__(self, "parameters", Parameters(self.parameters))
        for name in ("row_vertices", "col_vertices"):  # print as (3/5, 2/5), still tuples
            if not isinstance(getattr(self, name), Vectors):
                object.__setattr__(self, name, Vectors(getattr(self, name)))

    def __repr__(self) -> str:
        """A short summary; the equilibria themselves are ``list(result)`` or ``result[i]``."""
        size = f"{self.game.m}x{self.game.n}, " if self.game is not None else ""
        k = len(self.equilibria)
        return (f"SolveResult(method={self.method!r}, {size}{k} equilibri{'um' if k == 1 else 'a'}, "
                f"complete={self.complete})")

    def _repr_html_(self) -> str:
        """What Jupyter shows: one row per extreme equilibrium, exact numbers."""
        import html

        from gamekit.core.display import vector_text

        size = f"{self.game.m}×{self.game.n} game, " if self.game is not None else ""
        caption = html.escape(f"{size}method {self.method!r}: {len(self.equilibria)} extreme equilibria"
                              + (" (complete)" if self.complete else " (not proved complete)"))
        head = "<tr><th>#</th><th>row player (I)</th><th>column player (II)</th><th>payoffs (I, II)</th></tr>"
        body = "".join(f"<tr><td>{i}</td><td>{vector_text(e.row)}</td><td>{vector_text(e.col)}</td>"
                       f"<td>{vector_text(e.payoffs)}</td></tr>" for i, e in enumerate(self.equilibria))
        return f"<table><caption>{caption}</caption>{head}{body}</table>"

    @property
    def certificate(self) -> dict[str, Any]:
        """What was checked: the exact best-response test of every listed equilibrium."""
        return {"test": "exact best response (integer arithmetic)", "checked": len(self.equilibria),
                **{k: v for k, v in self.parameters.items() if isinstance(v, (int, str, bool))}}

    @property
    def unique(self) -> bool:
        """True when the game provably has exactly one equilibrium."""
        return self.complete and len(self.equilibria) == 1

    @property
    def connected_components(self) -> int | None:
        """Number of connected components of the equilibrium set (None if not computed)."""
        if self.components is None:
            return None
        return len({c.connected for c in self.components})

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON object of ``gamekit solve --json`` (the one JSON form).

        Contract keys: ``rows``, ``cols`` (when ``game`` is known), ``method``, ``complete``,
        ``equilibria`` (each with ``row``, ``col``, ``payoffs`` as exact strings).
        Extensions: ``unique`` (true/false when ``complete``, else null),
        ``row_vertices``/``col_vertices`` and ``components`` (maximal Nash subsets as index
        lists into the vertex lists, with the index of their connected component; null when
        the method does not compute them), ``labels``, and ``parameters`` (the options and
        what was done, e.g. ``strategy``, ``fallbacks``; docs/json.md).
        """
        out: dict[str, Any] = {}
        if self.game is not None:
            out.update(rows=self.game.m, cols=self.game.n)
        memo = FmtMemo()  # equilibria share their vectors with the vertex lists: each formatted once
        out.update(method=self.method, complete=self.complete,
                   equilibria=[e.to_json(memo) for e in self.equilibria],
                   unique=self.unique if self.complete else None)
        if self.components is not None:
            out["row_vertices"] = [memo.vector(v) for v in self.row_vertices]
            out["col_vertices"] = [memo.vector(v) for v in self.col_vertices]
            out["components"] = [
                {"rows": list(c.rows), "cols": list(c.cols), "connected": c.connected}
                for c in self.components
            ]
        else:
            out["components"] = None
        if self.game is not None:
            out["labels"] = {"rows": list(self.game.row_labels), "cols": list(self.game.col_labels)}
        out["parameters"] = {str(k): _jsonable(v) for k, v in self.parameters.items()}
        return out


def _jsonable(value: Any) -> Any:
    """A parameter value as JSON: tuples as lists, mapping keys as strings, numbers other
    than int (e.g. Fraction) as exact strings."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value
    return fmt(value)


def _check_options(method: str, options: dict[str, Any], m: int, n: int) -> None:
    allowed = _OPTIONS[method]
    for key in options:
        if key not in allowed:
            valid = ", ".join(allowed) if allowed else "none"
            raise GameError(f"unknown option {key!r} for method {method!r} (valid: {valid})")
    if method == "all":
        check_strategy(options.get("strategy", "auto"), options.get("threads", "auto"), options.get("max_iter"),
                       options.get("cluster"))
    elif method == "lemke_howson":
        check_lh_options(options.get("strategy", "auto"), options.get("initial_label"), m, n)
    if "max_iter" in options:
        mi = options["max_iter"]
        if mi is not None and (isinstance(mi, bool) or not isinstance(mi, int) or mi < 1):
            raise GameError(f"max_iter must be a positive integer, got {mi!r}")
    mv = options.get("max_vertices")
    if mv is not None and (isinstance(mv, bool) or not isinstance(mv, int) or mv < 1):
        raise GameError(f"max_vertices must be a positive integer, got {mv!r}")
    ms = options.get("max_seconds")
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0):
        raise GameError(f"max_seconds must be a positive number, got {ms!r}")
    for key in ("use_floats", "eliminate_dominated", "one_shot"):  # booleans only: "no" is not False
        if key in options and not isinstance(options[key], bool):
            raise GameError(f"{key} must be True or False, got {options[key]!r}")


def _canonical(
    profiles: list[Profile],
) -> tuple[list[Sparse], list[Sparse], list[tuple[int, int]], dict[tuple[SparseId, SparseId], int]]:
    """The distinct row and column strategies of ``profiles`` in the canonical order, the
    distinct profiles as pairs of their indices in the canonical order of the equilibria,
    and the position of each profile (keyed by :func:`sparse_id` of its strategies: cheap
    to hash, unlike Fractions with long denominators)."""
    xs: dict[SparseId, Sparse] = {}
    ys: dict[SparseId, Sparse] = {}
    pairs: dict[tuple[SparseId, SparseId], None] = {}
    for x, y in profiles:
        kx, ky = sparse_id(x), sparse_id(y)
        xs.setdefault(kx, x)
        ys.setdefault(ky, y)
        pairs.setdefault((kx, ky), None)
    xk = sorted(xs, key=lambda k: sparse_key_reversed(xs[k]), reverse=True)  # = key=sparse_key
    yk = sorted(ys, key=lambda k: sparse_key_reversed(ys[k]), reverse=True)
    rix = {k: i for i, k in enumerate(xk)}
    cix = {k: i for i, k in enumerate(yk)}
    order = sorted(pairs, key=lambda p: (rix[p[0]], cix[p[1]]))
    edges = [(rix[kx], cix[ky]) for kx, ky in order]
    return [xs[k] for k in xk], [ys[k] for k in yk], edges, {p: i for i, p in enumerate(order)}


def _assemble(
    game: BimatrixGame,
    ig: IntGame,
    method: str,
    profiles: list[Profile] | VertexPairs,
    complete: bool,
    with_components: bool,
    parameters: dict[str, Any],
) -> SolveResult:
    """Certify, order canonically, and build the :class:`SolveResult`."""
    if isinstance(profiles, VertexPairs):  # certified in one integer batch
        equilibria, row_vertices, col_vertices, edges = certify_pairs(ig, profiles, method)
        return _result(game, method, complete, equilibria, row_vertices, col_vertices, edges, with_components,
                       parameters)
    xs, ys, edges, _ = _canonical(profiles)
    return _build(game, ig, method, xs, ys, edges, complete, with_components, parameters)


def _build(game: BimatrixGame, ig: IntGame, method: str, xs: list[Sparse], ys: list[Sparse], edges: list[tuple[int, int]], complete: bool,
           with_components: bool, parameters: dict[str, Any]) -> SolveResult:
    """Certify the profiles ``(xs[r], ys[c])``, ``(r, c)`` in ``edges`` (canonical order),
    and build the :class:`SolveResult`."""
    equilibria, row_vertices, col_vertices = certify_and_build(ig, xs, ys, edges, method)
    return _result(game, method, complete, equilibria, row_vertices, col_vertices, edges, with_components,
                   parameters)


def _result(game: BimatrixGame, method: str, complete: bool, equilibria: list[Equilibrium], row_vertices: list[tuple[Fraction, ...]], col_vertices: list[tuple[Fraction, ...]],
            edges: list[tuple[int, int]], with_components: bool, parameters: dict[str, Any]) -> SolveResult:
    """The :class:`SolveResult` (maximal Nash subsets from the equilibrium edges if asked)."""
    components = None
    if with_components:
        _, subsets = components_and_bicliques(edges)
        comps = [Component(rows, cols, k) for (rows, cols), k in subsets]
        components = tuple(sorted(comps, key=lambda c: (c.connected, c.rows, c.cols)))
    return SolveResult(
        method=method,
        complete=complete,
        equilibria=tuple(equilibria),
        components=components,
        row_vertices=tuple(row_vertices),
        col_vertices=tuple(col_vertices),
        parameters=parameters,
        game=game,
    )


def solve_result(game: BimatrixGame, method: BimatrixMethod = "all", *, strategy: Strategy | LHStrategy = "auto",
                 threads: Threads = "auto", cluster: Any = None, **options: Any) -> SolveResult:
    """Solve ``game`` with ``method`` (one of :data:`METHODS`); see the module docstring.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    method : str
        ``"all"`` (default), ``"vertex_enumeration"``, ``"lemke_howson"``,
        ``"support_enumeration"`` or ``"pure"``.
    strategy : str
        Method ``"all"``: ``"auto"`` (default; :func:`gamekit.bimatrix.policy.choose_strategy`),
        ``"envelope_2xn"``, ``"exact"``, ``"one_sided"`` or ``"two_sided"``
        (:mod:`gamekit.bimatrix.policy`). Method ``"lemke_howson"``: ``"auto"`` (default;
        :func:`gamekit.bimatrix.lh_policy.choose_lh_strategy`), ``"float_path"`` or
        ``"exact"``.
    threads : int or "auto"
        Method ``"all"`` only: threads of the certified search (``"one_sided"``,
        ``"two_sided"``); ``"auto"``: 2 from 11 strategies a side on 2+ CPUs.
    cluster : distributed.Client, str or None
        Method ``"all"`` only: run the certified search on this Dask cluster (a client,
        or a scheduler address such as ``"tcp://host:8786"``, connected for this call);
        ``strategy`` must then be ``"auto"`` (which picks a certified one),
        ``"one_sided"`` or ``"two_sided"``. Default None: this process.
    **options
        ``max_iter`` (pivot limit: ``lemke_howson``, ``vertex_enumeration``, and ``all``
        with ``strategy="exact"``), ``eliminate_dominated``, ``max_vertices``,
        ``max_seconds`` (``all``), ``one_shot`` (``all``: True when the process solves this
        one game and ends, as ``gamekit solve`` does — ``"auto"`` then counts the cost of
        loading the compiled kernels: :func:`gamekit.bimatrix.policy.choose_strategy`),
        ``use_floats`` (``support_enumeration``),
        ``initial_label`` (``lemke_howson``: run from this label only, 0..m+n−1).

    Returns
    -------
    SolveResult
        Frozen; iterating over it gives the certified equilibria. ``parameters`` records the
        options and what was done (for ``all``: ``strategy``, ``requested``, ``ran``,
        ``fallbacks``, ``threads``, ``eliminated_rows``, ``eliminated_cols``, ``bases``, with a
        cluster ``cluster`` (workers, jobs, bases per worker, resubmitted jobs: docs/json.md); for
        ``lemke_howson``: ``strategy``, ``requested``, ``fallbacks``, ``float_pivots``,
        ``max_iter``, ``failed_labels``, ``label_to_equilibrium``).

    Raises
    ------
    GameError
        Unknown method or option, an invalid value, an option the method or strategy does not
        take, a strategy that cannot run on the game, a budget exceeded
        (:class:`~gamekit.core.errors.SearchBudgetExceeded`), or a cluster that cannot be
        reached.
    CertificationError
        An internal exact check failed.

    Examples
    --------
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> r = solve_result(g, "all", strategy="exact")
    >>> len(r), r.parameters["strategy"], r.parameters["fallbacks"]
    (3, 'exact', ())
    >>> solve_result(g).parameters["strategy"]
    'envelope_2xn'
    """
    for key, given, value in (("threads", threads != "auto", threads), ("cluster", cluster is not None, cluster)):
        if given:
            if method != "all":
                raise GameError(f"option {key} is for method 'all', not {method!r}")
            options[key] = value
    if strategy != "auto":
        if method not in ("all", "lemke_howson"):
            raise GameError(f"option strategy is for methods 'all' and 'lemke_howson', not {method!r}")
        options.update(strategy=strategy)
    with gc_paused():  # the cyclic GC would walk numba's objects again and again (gamekit.core.gc_pause)
        return _solve_result(game, method, **options)


def _solve_result(game: BimatrixGame, method: str = "all", **options: Any) -> SolveResult:
    if not isinstance(game, BimatrixGame):
        raise GameError(f"solve expects a BimatrixGame, got {type(game).__name__}")
    if method not in METHODS:
        raise GameError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
    _check_options(method, options, game.m, game.n)
    ig = integer_game(game)
    # reported as run (strategy, threads, cluster); one_shot is the caller's context, not an option of the
    # algorithm: the result is the same in a one-shot process and a long-running one (the web API, the CLI)
    params = {k: v for k, v in options.items() if k not in ("strategy", "threads", "cluster", "one_shot")}
    if method == "all":
        try:
            profiles, info = all_extreme_equilibria(
                ig, options.get("strategy", "auto"), options.get("threads", "auto"), options.get("max_iter"),
                options.get("eliminate_dominated", True), options.get("max_vertices"), options.get("max_seconds"),
                options.get("cluster"), options.get("one_shot", False),
            )
        except SearchBudgetExceeded as exc:  # certify what was found, then re-raise
            exc.partial = list(_assemble(game, ig, method, exc.partial, False, False, params).equilibria)
            raise
        params.update(info)
        if info.get("cluster") is not None:  # read-only, as every parameter
            params["cluster"] = Parameters({**info["cluster"],
                                            "bases_per_worker": Parameters(info["cluster"]["bases_per_worker"])})
        return _assemble(game, ig, method, profiles, True, True, params)
    if method == "vertex_enumeration":
        profiles = extreme_equilibria(ig, options.get("max_iter"))
        return _assemble(game, ig, method, profiles, True, True, params)
    if method == "lemke_howson":  # its modules (numpy, numba) imported when it runs
        from gamekit.bimatrix.lemke_howson import (
            DEFAULT_MAX_ITER,
            certified_equilibria,
            lemke_howson_all,
        )

        max_iter = options.get("max_iter")
        max_iter = DEFAULT_MAX_ITER if max_iter is None else max_iter
        label = options.get("initial_label")
        requested = options.get("strategy", "auto")
        run = lemke_howson_all(ig, max_iter, requested, None if label is None else [label])
        if not run.endpoints:
            raise GameError(
                f"Lemke-Howson found no equilibrium within max_iter={max_iter} pivots per label"
            )
        equilibria, xs, ys, edges, where = certified_equilibria(ig, run)  # certified by certified_endpoint
        params.update(strategy=run.ran, requested=requested, fallbacks=tuple(run.fallbacks), float_pivots=run.pivots,
                      max_iter=max_iter, failed_labels=tuple(run.failed), label_to_equilibrium=Parameters(where))
        return _result(game, method, False, equilibria, xs, ys, edges, False, params)
    if method == "support_enumeration":
        from gamekit.bimatrix.support_enumeration import (
            support_enumeration,  # numpy: imported when this method runs
        )

        use_floats = bool(options.get("use_floats", True))
        profiles = support_enumeration(ig, use_floats)
        return _assemble(game, ig, method, profiles, False, False, params)
    # method == "pure"
    return _assemble(game, ig, method, pure_equilibria(ig), False, False, params)
