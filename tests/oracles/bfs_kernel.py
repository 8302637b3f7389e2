"""The breadth-first float search's compiled step (the tests' reference for the reverse
search; moved here from ``gamekit.kernel.float_search``): every basis's tableau is recomputed
from the basis, queued neighbours are expanded in breadth-first order."""

from __future__ import annotations

import numpy as np
from numba import njit

from gamekit.kernel.float_search import (  # noqa: F401 - the shared compiled pieces
    _ONE,
    flip,
    lex_leave,
    lookup_insert,
    tableau,
)
from gamekit.kernel.search_state import Status

_DONE, _ARRAYS_FULL, _FLOAT_TROUBLE = int(Status.DONE), int(Status.ARRAYS_FULL), int(Status.FLOAT_TROUBLE)

__all__ = ["bfs_chunk"]


@njit(cache=True, nogil=True)
def bfs_chunk(R, d, arrays, work, head, count, steps, tol):
    """Expand at most ``steps`` queued bases, recording them in ``arrays``
    (:class:`gamekit.kernel.search_state.SearchArrays`; ``work``: a
    :class:`gamekit.kernel.search_state.Work`). A basis is its two-word mask of basic
    variables (``lo``, ``hi``; rows in increasing variable order — the lexicographic rule
    does not depend on the order of the rows). Basis i > 0 was reached from ``parent[i]``
    by ``enter[i]`` entering and ``leave[i]`` leaving; ``nbr[i, t]`` receives the variable
    that leaves when the t-th nonbasic variable of basis i (in increasing order) enters.
    Returns (head, count, status), status a :class:`gamekit.kernel.search_state.Status`
    code: DONE (queue empty or steps done), ARRAYS_FULL (grow and resume) or FLOAT_TROUBLE
    (a singular basis, or no positive entry in an entering column)."""
    lo, hi, parent, enter, leave, nbr, table = arrays
    k = R.shape[0]
    nv = R.shape[1] - 1
    cap = lo.shape[0]
    basic = np.empty(k, np.int64)
    isb, rowof, ties = work.isb, work.rowof, work.ties
    T = np.empty((k, nv + 1))
    done = 0
    while head < count and done < steps:
        if count + d > cap or 2 * (count + d) > table.shape[0]:
            return head, count, _ARRAYS_FULL
        r = 0
        for v in range(nv):
            if (v < 64 and (lo[head] >> np.uint64(v)) & _ONE) or (v >= 64 and (hi[head] >> np.uint64(v - 64)) & _ONE):
                basic[r] = v
                isb[v] = True
                rowof[v] = r
                r += 1
        if r != k or not tableau(R, basic, d, T, work):
            return head, count, _FLOAT_TROUBLE
        t = 0
        for c in range(nv):
            if isb[c]:
                continue
            r = lex_leave(T, c, k, d, tol, ties)
            if r < 0:
                return head, count, _FLOAT_TROUBLE
            klo, khi = flip(lo[head], hi[head], basic[r])
            klo, khi = flip(klo, khi, c)
            lo[count] = klo
            hi[count] = khi
            nbr[head, t] = basic[r]
            t += 1
            if lookup_insert(table, lo, hi, klo, khi, count) < 0:
                parent[count] = head
                enter[count] = c
                leave[count] = basic[r]
                count += 1
        for r in range(k):
            isb[basic[r]] = False
            rowof[basic[r]] = -1
        head += 1
        done += 1
    return head, count, _DONE


