"""The breadth-first float search of ``{z ≥ 0, Mz ≤ 1}`` (one tableau inverted per basis,
``tests/oracles/bfs_kernel.py``): the reference the production reverse search
(:func:`gamekit.kernel.certified_polytope.search_bases`) is tested against. Moved out of
gamekit (``certified_polytope._bfs_search`` and its ``SEARCH = "bfs"`` switch,
``search_driver.bfs_search``, ``float_search.bfs_chunk``). :func:`bfs_bases` runs the same
exact steps 2–3 on its candidate set."""

from __future__ import annotations

import numpy as np

from gamekit.kernel.certified_polytope import CertifiedBases
from gamekit.kernel.modular_verify import choose_primes, closure_certificate, verify_tree
from gamekit.kernel.search_driver import TOL, FoundBases, _Chunks, setup, stopped
from gamekit.kernel.search_state import FloatSearchFailed, Status, make_room, new_work

__all__ = ["bfs_search", "bfs_bases"]


def bfs_search(M, max_bases: int | None = None, deadline: float | None = None, progress=None,
               kernel=None) -> FoundBases:
    """Step 1 by breadth-first search; returns (arrays, number of bases, '' | 'bases' |
    'seconds') like the reverse search's driver; raises FloatSearchFailed on float trouble.
    ``kernel``: the compiled step (default :func:`oracles.bfs_kernel.bfs_chunk`; tests inject
    a faulty one)."""
    if kernel is None:
        from oracles.bfs_kernel import bfs_chunk as kernel

    R, arrays = setup(M, max_bases)
    k, d = len(M), len(M[0])
    work = new_work(k, d + k + 1)
    head, count, ch = 0, 1, _Chunks()
    while True:
        h0 = head
        with ch:
            head, count, status = kernel(R, d, arrays, work, head, count, ch.steps, TOL)
        ch.adapt(head - h0)
        if status == Status.FLOAT_TROUBLE:
            raise FloatSearchFailed("a singular float basis or a column without positive entry")
        if progress is not None:
            progress(head, count)
        if status == Status.DONE and head >= count:
            return arrays, count, ""
        why = stopped(count, max_bases, deadline)
        if why:
            return arrays, min(count, max_bases) if why == "bases" and max_bases is not None else count, why
        if status == Status.ARRAYS_FULL:
            arrays = make_room(arrays, count, d)


def bfs_bases(M) -> CertifiedBases | None:
    """Steps 1 (breadth-first) to 3 of :func:`~gamekit.kernel.certified_polytope.search_bases`,
    no budget: the certified bases, or None when a check failed."""
    primes = choose_primes(M)
    if primes is None:
        return None
    ps, inv, half = primes
    k, d = len(M), len(M[0])
    Mi = np.array(M, dtype=object)
    Mres = np.stack([np.array(Mi % int(p), dtype=np.int64) for p in ps])
    try:
        st, count, stopped_ = bfs_search(M)
    except FloatSearchFailed:
        return None
    if stopped_:
        return None
    labels = np.zeros((count, 2), np.uint64)
    if verify_tree(Mres, ps, inv, half, st.parent[:count], st.enter[:count], st.leave[:count], count,
                   st.lo, st.hi, labels) >= 0:
        return None
    if not closure_certificate(st.lo, st.hi, st.nbr, st.table, count, d, d + k):
        return None
    return CertifiedBases(d, k, st.lo[:count].copy(), st.hi[:count].copy(), labels, True, "", Mres, ps)
