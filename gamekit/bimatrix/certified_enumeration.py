"""Every extreme equilibrium by certified vertex enumeration of the best-response polytopes.

The vertices of P = {x ≥ 0 : B'ᵀx ≤ 1} (or of Q = {y ≥ 0 : A'y ≤ 1}, the polytope of the
player with fewer strategies) come from
:func:`gamekit.kernel.certified_polytope.search_bases` (float reverse search, then an exact
check of every basis and an exact completeness certificate; two threads from
``PARALLEL_MIN_SIZE``). Their partners in the other polytope are solved
(:mod:`gamekit.bimatrix.certified_partners`: a rigorous float filter, then exact integer
solves; lrsnash's method, ``ONE_SIDED``); when that does not apply, or the payoffs look
degenerate, both polytopes are enumerated and the completely labeled pairs matched with
bitsets (:mod:`gamekit.bimatrix.label_match`, Avis, Rosenberg, Savani & von Stengel 2010),
and only the vertices that occur in an equilibrium get exact coordinates (Cramer
numerators modulo the verification primes, then the Chinese remainder theorem:
:func:`gamekit.kernel.certified_polytope.basis_vectors`). The result is a
:class:`~gamekit.bimatrix.vertex_pairs.VertexPairs`; every pair is then certified by the
exact best-response test of :func:`gamekit.bimatrix.vertex_pairs.certify_pairs` (in
:mod:`gamekit.bimatrix.solve`).

:func:`extreme_equilibria_certified` returns None when the fast path does not apply or the
float search failed its certificate; the caller then runs the exact search. When a budget
(``max_vertices`` bases per polytope, or ``deadline``) is hit it raises
:class:`SearchBudgetExceeded` carrying the equilibria among the vertices found so far.
"""

from __future__ import annotations

import sys
import threading
import time

import numpy as np

from gamekit.bimatrix.intgame import IntGame
from gamekit.bimatrix.vertex_pairs import VertexPairs
from gamekit.core.errors import SearchBudgetExceeded

__all__ = ["SearchBudgetExceeded", "extreme_equilibria_certified", "use_fast_path", "FAST_MIN_SIZE", "COLD_MIN_SIZE",
           "PARALLEL_MIN_SIZE", "memory_guard"]

FAST_MIN_SIZE = 3
"""Smaller games (a player with 2 strategies: the upper envelope anyway) go to the
pure-Python exact search. Was 6; with the kernels loaded the certified path is faster
from 3 strategies on (issue #23, benchmarks/results/families.md: 5×40 payoffs 0..99
12 ms → 1.8 ms, payoffs {0,1} 1.34 s → 0.08 s; 5×5 0.8 ms → 0.5 ms)."""

PARALLEL_MIN_SIZE = 11
"""From this size on the two polytopes are searched in two threads (both cores)."""

COLD_MIN_SIZE = 9
"""Until numba is loaded in the process (≈0.3–0.5 s once), games smaller than this go to
the exact search too: for a single small game the import costs more than it saves."""


def use_fast_path(m: int, n: int) -> bool:
    """The certified float-search path pays off (see FAST_MIN_SIZE, COLD_MIN_SIZE)."""
    size = min(m, n)
    if m + n > 128 or size < FAST_MIN_SIZE:
        return False
    return size >= COLD_MIN_SIZE or "numba" in sys.modules


class _LazyProgress:
    """A rich progress line on stderr, shown only when a search runs longer than 2 s on a
    terminal (the float search reports about every 50 ms)."""

    def __init__(self, label: str) -> None:
        self.t0 = time.perf_counter()
        self.label = label
        self.bar = None
        self.task = None
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


def _search_both(BT, A, max_vertices, deadline, bar, parallel: bool):
    """The certified bases of P and of Q; with ``parallel``, in two threads (the compiled
    kernels release the GIL; P and Q are independent until the matching)."""
    import os

    from gamekit.kernel.certified_polytope import search_bases

    if not parallel or (os.cpu_count() or 1) < 2:
        cp = search_bases(BT, max_vertices, deadline, bar)
        return cp, (None if cp is None else search_bases(A, max_vertices, deadline, bar))
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
    ig: IntGame, max_vertices: int | None = None, deadline: float | None = None, progress=None
) -> VertexPairs | None:
    """Every extreme equilibrium of ``ig`` as :class:`VertexPairs` (see the module
    docstring), or None."""
    from gamekit.kernel.certified_polytope import fast_path_applies

    m, n = ig.m, ig.n
    BT = [list(col) for col in zip(*ig.B)]
    A = [list(r) for r in ig.A]
    if not fast_path_applies(A):
        return None
    bar = _LazyProgress(f"all equilibria of a {m}x{n} game") if progress is None else progress
    guard = memory_guard(m, n)
    budget = guard if max_vertices is None else max_vertices
    try:
        found, cp, cq = _search(m, n, BT, A, budget, deadline, bar)
    finally:
        if bar is not progress:
            bar.close()
    if cp is None or cq is None:
        return None
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
    return found


def _search(m: int, n: int, BT, A, budget, deadline, bar):
    """(VertexPairs from the one-sided method or None, certified bases of P, of Q): the
    one-sided method when it applies, else both polytopes (in parallel when nothing was
    searched yet). P is Q when only one polytope was searched; None on float failure."""
    from gamekit.kernel.certified_polytope import search_bases

    cb = None
    if ONE_SIDED and not _looks_degenerate(A, BT):
        found, cb = _search_one(m, n, BT, A, budget, deadline, bar)
        if cb is None:
            return None, None, None
        if found is not None:
            return found, cb, cb
    if cb is not None:  # one side searched already: the other one, then match labels
        other = search_bases(A if m <= n else BT, budget, deadline, bar, threads=_threads(m, n))
        return (None, cb, other) if m <= n else (None, other, cb)
    return (None, *_search_both(BT, A, budget, deadline, bar, min(m, n) >= PARALLEL_MIN_SIZE))


ONE_SIDED = True
"""Search one polytope and solve for partners (:mod:`gamekit.bimatrix.certified_partners`);
False: always search both polytopes and match labels."""


def _threads(m: int, n: int) -> int:
    """Threads for the search of one polytope: 2 from ``PARALLEL_MIN_SIZE`` on 2+ cores."""
    import os

    return 2 if min(m, n) >= PARALLEL_MIN_SIZE and (os.cpu_count() or 1) >= 2 else 1


def _looks_degenerate(A, BT) -> bool:
    """Few distinct payoffs (e.g. {0, 1, 2}): degenerate vertices with large excess are
    likely, for which the one-sided method gives up; search both polytopes in parallel
    from the start. A speed heuristic only: either path is exact and complete. Not for
    rectangular games (one side more than twice the other): the wider polytope can have
    hundreds of thousands of bases where the one-sided method, which handles any excess
    through face enumeration (:mod:`gamekit.bimatrix.certified_partners`), needs none of them
    (8×30 payoffs {0,1,2}: 1.0 s both polytopes, 0.3 s one-sided)."""
    size = max(len(A), len(BT))
    if size > 2 * min(len(A), len(BT)):
        return False
    return min(len({x for row in A for x in row}), len({x for row in BT for x in row})) < size


def _search_one(m: int, n: int, BT, A, budget, deadline, bar):
    """lrsnash's method: certified search of the polytope of the player with fewer
    strategies, partners in the other one. Returns (VertexPairs or None when the method
    does not apply, the CertifiedBases or None when the float search failed)."""
    from gamekit.bimatrix.certified_partners import partners
    from gamekit.kernel.certified_polytope import basis_vectors, search_bases

    rows = m <= n
    M, N = (BT, A) if rows else (A, BT)
    cb = search_bases(M, budget, deadline, bar, threads=_threads(m, n))
    if cb is None:
        return None, None
    lab, rep = cb.vertices()
    found = partners(N, lab, len(M[0]), len(M))
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
