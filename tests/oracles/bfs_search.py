"""The breadth-first float search of ``{z ≥ 0, Mz ≤ 1}`` (one tableau inverted per basis,
:func:`gamekit.kernel.float_search.bfs_chunk`): the reference the production reverse
search (:func:`gamekit.kernel.certified_polytope.search_bases`) is tested against.
Moved here from ``gamekit.kernel.certified_polytope._bfs_search`` (and its ``SEARCH = "bfs"``
switch). :func:`bfs_bases` runs the same exact steps 2–3 on its candidate set."""

from __future__ import annotations

import numpy as np

from gamekit.kernel import float_search  # looked up at call time (tests may patch its kernels)
from gamekit.kernel.certified_polytope import (
    _TOL,
    CertifiedBases,
    _Chunks,
    _make_room,
    _setup,
    _stopped,
)
from gamekit.kernel.modular_verify import choose_primes, closure_certificate, verify_tree

__all__ = ["bfs_search", "bfs_bases"]


def bfs_search(M, max_bases: int | None = None, deadline: float | None = None,
               progress=None) -> tuple[dict, int, str]:
    """Step 1 by breadth-first search; returns (arrays, number of bases, '' | 'bases' |
    'seconds' | 'float') like the reverse search's driver."""
    R, st = _setup(M, max_bases)
    d = len(M[0])
    head, count, ch = 0, 1, _Chunks()
    while True:
        h0 = head
        with ch:
            head, count, status = float_search.bfs_chunk(R, d, st["lo"], st["hi"], st["parent"], st["enter"], st["leave"],
                                                         st["nbr"], st["table"], head, count, ch.steps, _TOL)
        ch.adapt(head - h0)
        if status == 2:
            return st, count, "float"
        if progress is not None:
            progress(head, count)
        if status == 0 and head >= count:
            return st, count, ""
        why = _stopped(count, max_bases, deadline)
        if why:
            return st, min(count, max_bases) if why == "bases" else count, why
        if status == 1:
            _make_room(st, count, d)


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
        st, count, stopped = bfs_search(M)
    except Exception:  # numba's LinAlgError on a singular float basis
        return None
    if stopped:
        return None
    labels = np.zeros((count, 2), np.uint64)
    if verify_tree(Mres, ps, inv, half, st["parent"][:count], st["enter"][:count], st["leave"][:count], count,
                   st["lo"], st["hi"], labels) >= 0:
        return None
    if not closure_certificate(st["lo"], st["hi"], st["nbr"], st["table"], count, d, d + k):
        return None
    return CertifiedBases(d, k, st["lo"][:count].copy(), st["hi"][:count].copy(), labels, True, "", Mres, ps)
