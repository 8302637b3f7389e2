"""Every extreme equilibrium by certified vertex enumeration of the best-response polytopes.

The vertices of P = {x ≥ 0 : B'ᵀx ≤ 1} (or of Q = {y ≥ 0 : A'y ≤ 1}, the polytope of the
player with fewer strategies) come from
:func:`gamekit.kernel.certified_polytope.search_bases` (float reverse search, then an exact
check of every basis and an exact completeness certificate; on ``threads`` threads).
With strategy ``"one_sided"`` their partners in the other polytope are solved
(:mod:`gamekit.bimatrix.certified_partners`: a rigorous float filter, then exact integer
solves; lrsnash's method); with ``"two_sided"``, or when the partner solve does not apply
(a fallback, reported), both polytopes are enumerated and the completely labeled pairs matched with
bitsets (:mod:`gamekit.bimatrix.label_match`, Avis, Rosenberg, Savani & von Stengel 2010),
and only the vertices that occur in an equilibrium get exact coordinates (Cramer
numerators modulo the verification primes, then the Chinese remainder theorem:
:func:`gamekit.kernel.certified_polytope.basis_vectors`). The result is a
:class:`~gamekit.bimatrix.vertex_pairs.VertexPairs`; every pair is then certified by the
exact best-response test of :func:`gamekit.bimatrix.vertex_pairs.certify_pairs` (in
:mod:`gamekit.bimatrix.solve`).

:func:`extreme_equilibria_certified` returns a :class:`CertifiedRun` whose ``pairs`` is None
when the float search failed its certificate; the caller then runs the exact search. When a budget
(``max_vertices`` bases per polytope, or ``deadline``) is hit it raises
:class:`SearchBudgetExceeded` carrying the equilibria among the vertices found so far.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from gamekit.bimatrix.intgame import IntGame
from gamekit.bimatrix.policy import FLOAT_EXACT_PAYOFF
from gamekit.bimatrix.vertex_pairs import VertexPairs
from gamekit.core.errors import SearchBudgetExceeded

__all__ = ["SearchBudgetExceeded", "CertifiedRun", "extreme_equilibria_certified", "memory_guard"]

Sided = Literal["one_sided", "two_sided"]

_FLOAT_FAILED = "the float search failed its exact certificate"


@dataclass(frozen=True)
class CertifiedRun:
    """The outcome of :func:`extreme_equilibria_certified`: ``pairs`` (None when the float
    search failed its certificate: run the exact search), the strategy that produced them
    (``ran``), the fallbacks taken on the way, as readable strings, and what ran on a Dask
    cluster (:meth:`gamekit.kernel.distributed_search.ClusterReport.as_dict`, summed over
    the polytopes searched there; None without a cluster)."""

    pairs: VertexPairs | None
    ran: str
    fallbacks: tuple[str, ...] = ()
    cluster: dict[str, Any] | None = None


class _LazyProgress:
    """A rich progress line on stderr, shown only when a search runs longer than 2 s on a
    terminal (the float search reports about every 50 ms)."""

    def __init__(self, label: str) -> None:
        self.t0 = time.perf_counter()
        self.label = label
        self.bar: Any = None  # a rich Progress once shown
        self.task: Any = None
        self.lock = threading.Lock()

    def __call__(self, head: int, count: int) -> None:
        with self.lock:
            self._update(head, count)

    def _update(self, head: int, count: int) -> None:
        if self.bar is None:
            if time.perf_counter() - self.t0 < 2.0 or not sys.stderr.isatty():
                return
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        self.bar.update(self.task, description=f"{self.label}: {count} bases found, {head} expanded")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _search_both(BT, A, max_vertices, deadline, bar, parallel: bool, client=None):
    """The certified bases of P and of Q; with ``parallel``, in two threads (the compiled
    kernels release the GIL; P and Q are independent until the matching); with a
    ``client``, one after the other on its cluster."""
    from gamekit.kernel.certified_polytope import search_bases

    if not parallel or client is not None:
        cp = search_bases(BT, max_vertices, deadline, bar, cluster=client)
        return cp, (None if cp is None else search_bases(A, max_vertices, deadline, bar, cluster=client))
    from concurrent.futures import ThreadPoolExecutor

    stop = threading.Event()

    def report(head: int, count: int) -> None:  # the worker's progress; stops it on request
        if stop.is_set():
            raise _Cancelled
        bar(head, count)

    with ThreadPoolExecutor(1) as pool:
        fq = pool.submit(search_bases, A, max_vertices, deadline, report)
        try:
            cp = search_bases(BT, max_vertices, deadline, bar)
        except BaseException:  # e.g. KeyboardInterrupt: stop the other search at its next chunk
            stop.set()
            raise
        cq = fq.result()
    return cp, cq


class _Cancelled(Exception):
    """Raised in the worker thread's progress callback to end its search early."""


MEMORY_FRACTION = 0.25
"""Without ``max_vertices``, the certified search stores at most as many bases as fit in
this fraction of the physical memory (both polytopes, array growth included)."""


def memory_guard(m: int, n: int) -> int:
    """Default bound on the bases stored per polytope: ``MEMORY_FRACTION`` of the physical
    memory over 2 polytopes × 2 (array doubling) × ``bytes_per_basis`` (at least 10⁶)."""
    import os

    from gamekit.kernel.certified_polytope import bytes_per_basis

    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # not POSIX: assume 8 GB
        ram = 8 << 30
    return max(10**6, int(ram * MEMORY_FRACTION) // (4 * bytes_per_basis(max(m, n))))


def extreme_equilibria_certified(
    ig: IntGame, strategy: Sided = "one_sided", threads: int = 1, max_vertices: int | None = None,
    deadline: float | None = None, progress=None, client: Any = None,
) -> CertifiedRun:
    """Every extreme equilibrium of ``ig`` as :class:`VertexPairs` by the certified search
    of one polytope (``"one_sided"``) or both (``"two_sided"``) on ``threads`` threads, or
    on the Dask cluster of ``client`` (a ``distributed.Client``;
    :mod:`gamekit.kernel.distributed_search`), see the module docstring, in a
    :class:`CertifiedRun`."""
    from gamekit.kernel.certified_polytope import fast_path_applies

    m, n = ig.m, ig.n
    BT = [list(col) for col in zip(*ig.B)]
    A = [list(r) for r in ig.A]
    if not fast_path_applies(A):
        return CertifiedRun(None, "exact", (f"{strategy} -> exact: more than 128 strategies in all",))
    bar = _LazyProgress(f"all equilibria of a {m}x{n} game") if progress is None else progress
    guard = memory_guard(m, n)
    budget = guard if max_vertices is None else max_vertices
    try:
        found, cp, cq, fallbacks = _search(m, n, BT, A, strategy, threads, budget, deadline, bar, client)
    finally:
        if bar is not progress:
            bar.close()
    ran = "two_sided" if fallbacks else strategy  # the only fallback so far: one_sided -> two_sided
    if cp is None or cq is None:
        return CertifiedRun(None, "exact", (*fallbacks, f"{ran} -> exact: {_FLOAT_FAILED}"),
                            _cluster_report(cp, cq, client))
    if found is None:
        found = _match(ig, BT, A, cp, cq)
    if not (cp.complete and cq.complete):
        what = cp.stopped or cq.stopped
        limit = f"max_vertices={max_vertices}" if what == "bases" else "max_seconds"
        if what == "bases" and max_vertices is None:
            limit = f"the memory guard of {guard} bases per polytope (option max_vertices)"
        raise SearchBudgetExceeded(
            f"search for all equilibria stopped at {limit} ({m}x{n} game); "
            f"{len(set(found.pairs))} equilibria found so far, the list is not complete",
            found.profiles(),
        )
    return CertifiedRun(found, ran, tuple(fallbacks), _cluster_report(cp, cq, client))


def _cluster_report(cp, cq, client: Any) -> dict[str, Any] | None:
    """What ran on the cluster for the polytopes searched (P is Q after a one-sided search)."""
    if client is None:
        return None
    reports = [cb.cluster for cb in ({id(cp): cp, id(cq): cq}).values() if cb is not None and cb.cluster is not None]
    if not reports:
        return None
    total = reports[0]
    for r in reports[1:]:
        total = total.merged(r)
    return total.as_dict()


def _search(m: int, n: int, BT, A, strategy: Sided, threads: int, budget, deadline, bar, client=None):
    """(VertexPairs from the one-sided method or None, certified bases of P, of Q, the
    fallbacks taken): the one-sided method when asked and it applies, else both polytopes
    (in parallel when nothing was searched yet and ``threads`` ≥ 2). P is Q when only one
    polytope was searched; None on float failure."""
    from gamekit.kernel.certified_polytope import search_bases

    cb = None
    if strategy == "one_sided":
        found, cb = _search_one(m, n, BT, A, threads, budget, deadline, bar, client)
        if cb is None:
            return None, None, None, []
        if found is not None:
            return found, cb, cb, []
        fallbacks = ["one_sided -> two_sided: a vertex is too degenerate for the partner solve "
                     "(or payoffs of 2**899 or more)"]
        # one side searched already: the other one, then match labels
        other = search_bases(A if m <= n else BT, budget, deadline, bar, threads=threads, cluster=client)
        return (None, cb, other, fallbacks) if m <= n else (None, other, cb, fallbacks)
    return (None, *_search_both(BT, A, budget, deadline, bar, threads >= 2, client), [])


def _search_one(m: int, n: int, BT, A, threads: int, budget, deadline, bar, client=None):
    """lrsnash's method: certified search of the polytope of the player with fewer
    strategies, partners in the other one. Returns (VertexPairs or None when the method
    does not apply, the CertifiedBases or None when the float search failed)."""
    from gamekit.bimatrix.certified_partners import partners
    from gamekit.kernel.certified_polytope import basis_vectors, search_bases

    rows = m <= n
    M, N = (BT, A) if rows else (A, BT)
    exact_floats = max(max(abs(x) for x in row) for row in N) < FLOAT_EXACT_PAYOFF
    filtered = client is not None and exact_floats  # the workers run the partner filter too
    cb = search_bases(M, budget, deadline, bar, threads=threads, cluster=client, partner=N if filtered else None)
    if cb is None:
        return None, None
    lab, rep = cb.vertices()
    found = partners(N, lab, len(M[0]), len(M), threads, None if cb.status is None else cb.status[rep])
    if found is None:
        return None, cb
    vs = sorted({v for v, _ in found})
    at = {v: i for i, v in enumerate(vs)}
    Z = basis_vectors(M, cb, rep[vs].tolist())
    W: dict[tuple[int, ...], int] = {}
    pairs = [(at[v], W.setdefault(w, len(W))) for v, w in found]
    if rows:
        return VertexPairs(Z, list(W), pairs, (len(cb.lo), 0)), cb
    return VertexPairs(list(W), Z, [(q, p) for p, q in pairs], (0, len(cb.lo))), cb


def _match(ig: IntGame, BT, A, cp, cq) -> VertexPairs:
    """Completely labeled pairs of the vertices of P and Q, with exact integer vectors
    (computed for the vertices that occur in a pair only)."""
    from gamekit.bimatrix.label_match import match_pairs, q_to_global
    from gamekit.kernel.certified_polytope import basis_vectors

    m, n = ig.m, ig.n
    plab, prep = cp.vertices()
    qlab, qrep = cq.vertices()
    pairs = match_pairs(np.ascontiguousarray(plab), q_to_global(np.ascontiguousarray(qlab), m, n), m, n)
    pu, pi = np.unique(pairs[:, 0], return_inverse=True)
    qu, qi = np.unique(pairs[:, 1], return_inverse=True)
    X = basis_vectors(BT, cp, prep[pu].tolist())
    Y = basis_vectors(A, cq, qrep[qu].tolist())
    return VertexPairs(X, Y, list(zip(pi.tolist(), qi.tolist())), (len(cp.lo), len(cq.lo)))
